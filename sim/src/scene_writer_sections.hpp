#pragma once
// The sections that the serial and Orthoglide scene writers share (serial/scene_writer.cpp,
// orthoglide/scene_writer.cpp): the inverse of scene_sections.hpp's readers.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"

namespace maniplab::sim::detail {

/// A per-joint (or per-axis) vector: one number when every entry is equal, else an array. JSON has no
/// infinity: an infinite entry is written as the largest double (only the "no saturation" case reads
/// infinities, and it is written by leaving the key out).
nlohmann::json jsonValues(const VectorX& v);
nlohmann::json jsonValues(const std::vector<double>& v);
/// "rates", "integrator" and "plant" of `doc` from the control period and the plant options.
void writeRatesIntegratorPlant(nlohmann::json& doc, double controlPeriod, const PlantOptions& plant);
/// "record": the channel groups, in the order of scenes/README.md.
nlohmann::json recordJson(const RecordSelection& r);
const char* antiWindupName(AntiWindup a);
const char* frictionCompensationName(FrictionCompensation f);
/// The joint-space part of a scene file (the inverse of readJointSpaceScene, scene_sections.hpp):
/// "trajectory", "duration", "rates", "integrator", "plant", "measurement", "initial_state",
/// "controllers", "record" (not "backend", which only serial scenes have).
void writeJointSpaceScene(nlohmann::json& doc, const Scene& s);
/// The robot path as a scene file in `sceneDir` names it: relative when they share a directory below
/// the root, absolute otherwise.
std::string robotPathForScene(const std::string& robotFile, const std::string& sceneDir);

}  // namespace maniplab::sim::detail
