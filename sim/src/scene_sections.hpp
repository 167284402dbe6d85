#pragma once
// The sections that serial and Orthoglide scene files share (format: scenes/README.md and
// robots/orthoglide.md, "Scenes"), read once for both readers (scene.cpp, orthoglide_scene.cpp).
#include <string>

#include <nlohmann/json.hpp>

#include "maniplab/model/json_reader.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/simulated_plant.hpp"

namespace maniplab::sim::detail {

/// Work a run could not finish in reasonable time or memory is refused, with its estimate, at /rates (or
/// /duration when the file sets no rates): control periods x joints above kMaxControlJointPeriods (the
/// recorded trace: about 1 GB for a 6-joint arm), or plant steps x joints above kMaxPlantJointSteps (about
/// ten minutes of computation at the measured 1.5 million joint-steps per second of the RK4 plant).
inline constexpr double kMaxControlJointPeriods = 1e7;
inline constexpr double kMaxPlantJointSteps = 1e9;
void checkRunSize(JsonReader& rd, const nlohmann::json& doc, double duration, double controlPeriod, double plantPeriod, int joints);

/// "rates" {control_hz, plant_hz} (defaults given; plant_hz a whole multiple of control_hz), "integrator"
/// {stepper, abs_tol, rel_tol} and "plant" {friction, gravity, coulomb_smoothing, torque_saturation}:
/// sets `controlPeriod` and the matching fields of `plant`.
void readRatesIntegratorPlant(JsonReader& rd, const nlohmann::json& doc, double defaultControlHz,
                              double defaultPlantHz, double& controlPeriod, PlantOptions& plant);

/// "record": the channel groups to record (absent: `out` unchanged).
void readRecordSelection(JsonReader& rd, const nlohmann::json& doc, RecordSelection& out);

/// The joint-space part of a scene file, read into `s` for its robot s.robot (already loaded): "trajectory",
/// "duration", "rates" (defaults given), "integrator", "plant", "measurement", "initial_state",
/// "controllers", "record", "backend" (scenes/README.md). The serial scenes and the kinds built on them
/// (the pendulum) read them with this one function; the caller checks the document's keys.
void readJointSpaceScene(JsonReader& rd, const nlohmann::json& doc, Scene& s, double defaultControlHz,
                         double defaultPlantHz);
/// Builds the scene's trajectory as a run does (makeTrajectory: via-point times, trapezoidal limits,
/// Cartesian IK...): its failure is an error at /trajectory, a trajectory longer than the run a warning.
void checkBuiltTrajectory(JsonReader& rd, const Scene& s);

/// A scene's "robot" path, relative to the scene's directory unless absolute, normalised.
std::string resolveRobotPath(const std::string& baseDir, const std::string& robot);

}  // namespace maniplab::sim::detail
