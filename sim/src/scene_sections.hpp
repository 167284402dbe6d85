#pragma once
// The sections that serial and Orthoglide scene files share (format: scenes/README.md and
// robots/orthoglide.md, "Scenes"), read once for both readers (scene.cpp, orthoglide_scene.cpp).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/model/field_bounds.hpp"
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

/// A Cartesian straight line ("cartesian_line") is sampled when the run is built, with inverse kinematics
/// at each sample and 3 joint vectors kept per sample: at most kMaxLineSamples samples (duration /
/// sample_period; about 150 MB for 6 joints), refused with the count at its field otherwise.
inline constexpr double kMaxLineSamples = 1e6;

/// A per-joint (per-actuator) vector at obj[key]: one number for every joint, or an array of n numbers;
/// each multiplied by (*scale)[i] when given, then within `bound` when given (an error at the field for
/// one number, at the entry .../i for an array). False, with one error at most, when absent (an error
/// if required), malformed or out of range. The one reader of per-joint values of the serial, pendulum
/// and Orthoglide scenes.
bool readJointVector(JsonReader& rd, const nlohmann::json& obj, const std::string& path, const char* key, int n,
                     VectorX& out, bool required, const FieldBound* bound = nullptr,
                     const std::vector<double>* scale = nullptr);

/// A PID's "saturation" (optional; absent: none, every entry +infinity): "limits" (each joint's effort
/// limit, `effortLimits`), or per-joint values within bounds::kEffort, where a value of 1e300 or more is
/// "no saturation" for that joint (the scene writers write an infinite entry as the largest double, JSON
/// having no infinity; as URDF limits of 1e300 or more are "no limit").
void readSaturation(JsonReader& rd, const nlohmann::json& c, const std::string& p, const std::vector<double>& effortLimits,
                    VectorX& out);

/// A pseudo-random seed at obj[key] (optional): a whole number within bounds::kSeed; `out` unchanged
/// otherwise (with an error).
void readSeed(JsonReader& rd, const nlohmann::json& obj, const std::string& path, const char* key, std::uint64_t& out);

/// A controller's "model" block (optional): {"perturbation_percent" in [0, 100), "seed", "friction_compensation"
/// (none, coulomb, full)}, into `s`.
void readControllerModel(JsonReader& rd, const nlohmann::json& c, const std::string& p, ControllerSpec& s);

/// "duration" (required): positive and at most bounds::kDuration (24 h of simulated time), errors at /duration.
void readDuration(JsonReader& rd, const nlohmann::json& doc, double& duration);

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
