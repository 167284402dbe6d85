#pragma once
// Serial scenes (scenes/*.json without "kind", format in scenes/README.md): a robot file, a trajectory, the
// controllers to run (one or several, for comparison), rates, stepper, perturbation, noise, estimator and
// what to record. Validated like robot files: every error names the file and the JSON pointer of the
// field. The scene kind "serial" (scene_kind.hpp) is SerialScene: a Scene and what a run may use besides
// its file (the GUI's identified model, an EtherCAT backend).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/backend.hpp"
#include "maniplab/sim/control/controller.hpp"
#include "maniplab/sim/control/controller_spec.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

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
  /// "ethercat" section: the master's fault policy (sim/ethercat/README.md, "Faults"); 0: its default.
  struct Ethercat {
    double lossBudget = 0;          ///< longest time without a good bus cycle [s] ("loss_budget_ms")
    double maxLossesPerSecond = 0;  ///< bad cycles tolerated within one second ("max_losses_per_second")
  } ethercat;
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
/// After scene.robot was replaced by a robot with another number of joints than `oldJoints` (File > Open
/// of a robot or a URDF import in the GUI), makes every per-joint value of the scene that robot's length,
/// so that the scene runs: the trajectory's joint positions (quintic, trapezoidal and hold from/to/q,
/// Fourier q0, via points) with the new joints at the robot's home, trapezoidal limits as the last old
/// joint's, Fourier rows of zeros; every controller's per-joint gains, filters, saturations and tracking
/// times as the last old joint's (operational-space gains are per Cartesian axis and stay); the initial
/// state is cleared (the trajectory's start, at rest). Fewer joints: the first ones are kept. Values given
/// once for every joint stay as they are. Returns false, changing nothing, when the counts are equal (or
/// the old scene had no joint).
bool fitSceneToRobot(Scene& scene, int oldJoints);
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

/// What a serial run may use besides its scene file.
struct SerialRunOptions {
  /// When set, the model-based controllers (computed torque, PD + gravity, operational space) use this
  /// model, without the scene's perturbation, instead of their own (e.g. the identified model); the plant
  /// keeps the scene's. Their runs are named "NAME (controllerModelLabel)".
  std::shared_ptr<const Model> controllerModel;
  std::string controllerModelLabel = "controller model";
  /// With controllerModel: each selected model-based controller runs twice, first with its own model, then
  /// with controllerModel (a before/after comparison on the same trajectory).
  bool compareControllerModel = false;
  /// When set, each run drives the backend this factory returns instead of a simulated plant built from
  /// scene.plant (EtherCAT drives). Called once per run; it throws std::exception with a message naming
  /// the fault when the backend cannot start. The backend's name is appended to the run's name.
  std::function<std::unique_ptr<Backend>(const Model& model, const Scene& scene)> backendFactory;
  /// Called with that backend after its run, before it is destroyed (its statistics).
  std::function<void(Backend& backend)> backendFinished;
};

/// The runs of a serial scene's selected controllers (empty: all), with SerialRunOptions' variants.
std::vector<PlannedRun> planSerialRuns(const Scene& scene, const std::vector<int>& controllers,
                                       const SerialRunOptions& options = {});
/// One planned run of a serial scene (the engine's runSimulation on a fresh plant or the external
/// backend); joint-limit passages in SceneRun::limitEvents.
SceneRun runSerialScene(const Scene& scene, const PlannedRun& run, const SceneRunHooks& hooks = {},
                        const SerialRunOptions& options = {});
/// Channels of a serial scene's runs (with the energy group when `energy`).
std::vector<ChannelInfo> serialChannels(const Scene& scene, bool energy = false);

/// The scene kind "serial": scene files with "format": "maniplab-scene" and no "kind"; its robot files
/// are "format": "maniplab-robot" without "kind" (and URDF).
class SerialScene final : public SceneOf<Scene> {
 public:
  explicit SerialScene(Scene scene, SerialRunOptions options = {});
  SerialRunOptions options;

  const SceneKind& kind() const override;
  std::shared_ptr<AnyScene> clone() const override { return std::make_shared<SerialScene>(*this); }
  std::string robotFile() const override { return data.robotFile; }
  double duration() const override { return data.duration; }
  void setDuration(double seconds) override { data.duration = seconds; }
  std::vector<ControllerSpec> controllers() const override { return data.controllers; }
  int jointCount() const override { return data.robot.model.nq; }
  std::vector<std::string> jointNames() const override { return data.robot.model.jointName; }
  std::string describeLimitEvent(const JointLimitEvent& e) const override;
  std::vector<ChannelInfo> channels(bool energy) const override { return serialChannels(data, energy); }
  std::vector<PlannedRun> plan(const std::vector<int>& controllers) const override;
  SceneRun run(const PlannedRun& run, const SceneRunHooks& hooks) const override;
  const RobotLoadResult* serialRobot() const override { return &data.robot; }
  Scene* jointSpaceScene() override { return &data; }
  bool writable() const override { return true; }
  nlohmann::json toJson(const std::string& sceneDir) const override { return sceneToJson(data, sceneDir); }
};
const SceneKind& serialSceneKind();

}  // namespace maniplab::sim
