#pragma once
// Scenes (scenes/*.json, format in scenes/README.md): a robot file, a trajectory, the controllers to run
// (one or several, for comparison), rates, stepper, perturbation, noise, estimator and what to record.
// Validated like robot files: every error names the file and the JSON pointer of the field.
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/control/controller.hpp"
#include "maniplab/sim/control/model_controllers.hpp"
#include "maniplab/sim/control/pid_controller.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

struct ControllerSpec {
  std::string name;
  std::string type;  ///< "pid", "pd_gravity", "computed_torque", "operational_space", "zero"
  /// kv is Kd for pid / pd_gravity. For operational_space kp, kv are 6-vectors per Cartesian axis
  /// [phi theta psi X Y Z] (orientation 1/s^2, 1/s; position 1/s^2, 1/s), not per joint.
  VectorX kp, kv, ki;
  VectorX derivativeFilter, saturation, trackingTime;
  AntiWindup antiWindup = AntiWindup::Clamping;
  double perturbationPercent = 0;
  std::uint64_t perturbationSeed = 1;
  FrictionCompensation friction = FrictionCompensation::None;
  /// operational_space only: damped least-squares inverse below sigma_min(J) < singularThreshold
  /// (mixed units), damping up to maxDamping at sigma_min = 0 (model/operational_space.hpp).
  double singularThreshold = 1e-2, maxDamping = 0.05;
};

struct Scene {
  std::string file;   ///< the scene file
  std::string name, description;
  std::string robotFile;  ///< resolved path
  RobotLoadResult robot;
  nlohmann::json trajectory;  ///< validated trajectory object (built by makeTrajectory)
  double duration = 0;
  double controlPeriod = 2.5e-3;
  PlantOptions plant;
  VectorX q0, qd0;  ///< empty: the trajectory start at rest
  std::vector<ControllerSpec> controllers;
  RecordSelection record;
  std::string backend = "sim";  ///< "sim" or "ethercat"
};

struct SceneLoadResult {
  Scene scene;
  std::vector<Diagnostic> diagnostics;
  bool ok() const;
  std::string report() const;
};

SceneLoadResult loadSceneFile(const std::string& path);
/// `baseDir` resolves the relative robot path.
SceneLoadResult parseScene(const std::string& jsonText, const std::string& fileName, const std::string& baseDir);

/// The scene reader's checks of a "trajectory" object for `model` (type, keys, value shapes, one value
/// per joint), as parseScene applies them: the diagnostics name `fileName` and a JSON pointer under
/// /trajectory. Shapes only; checkSceneTrajectory also builds the trajectory.
std::vector<Diagnostic> validateTrajectory(const nlohmann::json& trajectory, const Model& model,
                                           const std::string& fileName = {});
/// Everything parseScene checks about scene.trajectory: validateTrajectory, then (without errors) the
/// trajectory is built as for a run (via-point times, trapezoidal limits, Cartesian IK...; a failure is
/// an error at /trajectory) and a trajectory longer than scene.duration is a warning at /duration.
std::vector<Diagnostic> checkSceneTrajectory(const Scene& scene);

/// The scene as a "maniplab-scene" document (scenes/README.md) that parseScene reads back to the same
/// Scene: every section written explicitly (gains per joint or one number when all are equal, design
/// helpers resolved into kp/kv, encoder resolution as bits). The robot path is relative to `sceneDir`
/// when both share a directory below the root (e.g. "../robots/puma560.json"), absolute otherwise.
nlohmann::json sceneToJson(const Scene& scene, const std::string& sceneDir);
/// Writes sceneToJson(scene, directory of `path`) to `path` atomically (model/atomic_file.hpp): on
/// failure the previous file is kept, nothing else is left behind, and std::runtime_error says why.
void writeSceneFile(const Scene& scene, const std::string& path);

/// The trajectory of a scene (throws std::runtime_error with the scene path on failure, e.g. IK).
std::unique_ptr<Trajectory> makeTrajectory(const Scene& scene);
/// A controller of the scene, with its own (possibly perturbed) model of the plant.
std::unique_ptr<Controller> makeController(const ControllerSpec& spec, const Model& plantModel);
/// RunOptions of the scene (period, duration, initial state, recording, friction).
RunOptions runOptions(const Scene& scene);

}  // namespace maniplab::sim
