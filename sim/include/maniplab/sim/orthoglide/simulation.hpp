#pragma once
// Orthoglide scenes (scenes/orthoglide_*.json, "kind": "orthoglide"; format in scenes/README.md's
// companion section of robots/orthoglide.md) and runs: the Orthoglide plant (orthoglide_plant.hpp) is
// driven by the engine's runSimulation() through the Backend seam; a joint-space stand-in Model (three
// prismatic joints q_11, q_12, q_13 carrying the drives' friction and limits, no mass) names the
// channels, and RunOptions::toolPose / plantState supply the platform pose (FGM) and the energies of the
// closed-loop robot (orthoglideEnergy), so the recorder, metrics, energy balance and CSV are the
// serial robots' ones. Controllers: "pid" (the serial PID, joint space) and "computed_torque" (the
// Orthoglide IDM as the controller's model), "zero".
#include <memory>
#include <string>
#include <vector>

#include "maniplab/model/orthoglide_file.hpp"
#include "maniplab/sim/orthoglide/controllers.hpp"
#include "maniplab/sim/orthoglide/plant.hpp"
#include "maniplab/sim/orthoglide/trajectory.hpp"
#include "maniplab/sim/traces/recorder.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/sim/simulation.hpp"

namespace maniplab::sim {

/// The joint-space stand-in of an Orthoglide for runSimulation(): 3 prismatic joints (actuators, their
/// friction, limits and names q11, q12, q13), massless.
Model orthoglideJointModel(const OrthoglideModel& model);
std::vector<ChannelInfo> makeOrthoglideChannels(const OrthoglideModel& model, const RecordSelection& sel);

/// runSimulation() on the Orthoglide plant (sets options.toolPose and options.plantState).
RunResult runOrthoglideSimulation(const OrthoglideModel& model, OrthoglidePlant& plant, Controller& controller,
                                  const Trajectory& trajectory, RunOptions options, Recorder& recorder);

struct OrthoglideScene {
  std::string file, name, description;
  std::string robotFile;  ///< resolved path
  OrthoglideLoadResult robot;
  std::vector<Vector3> points;     ///< Cartesian way-points of P in R_0 [m]; the first is the start
  std::vector<double> durations;   ///< one per segment [s]
  double duration = 0;             ///< simulated time [s]
  double controlPeriod = 1e-3;
  PlantOptions plant;
  std::vector<ControllerSpec> controllers;  ///< types "pid", "computed_torque", "zero"
  RecordSelection record;
};

struct OrthoglideSceneLoadResult {
  OrthoglideScene scene;
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return noErrors(diagnostics); }
  std::string report() const { return formatDiagnostics(diagnostics); }
};

bool isOrthoglideScene(const std::string& jsonText);
OrthoglideSceneLoadResult loadOrthoglideSceneFile(const std::string& path);
/// `baseDir` resolves the relative robot path.
OrthoglideSceneLoadResult parseOrthoglideScene(const std::string& jsonText, const std::string& fileName,
                                               const std::string& baseDir);

/// Everything parseOrthoglideScene checks about the "trajectory" object (diagnostics under /trajectory,
/// labelled with context.file): keys, types, at least 2 points of 3 numbers, one positive duration per
/// segment, every point within reach of context.robot (its IGM; skipped when the robot is invalid), and
/// the trajectory builds. The points and durations read (also when there are errors) go to *points and
/// *durations when given. The GUI's way-point editor uses it, so that it refuses what the reader refuses.
std::vector<Diagnostic> checkOrthoglideTrajectory(const nlohmann::json& trajectory, const OrthoglideScene& context,
                                                  std::vector<Vector3>* points = nullptr,
                                                  std::vector<double>* durations = nullptr);
/// The "trajectory" object of a scene: {"type": "cartesian_points", "points": [...], "durations": [...]}.
nlohmann::json orthoglideTrajectoryJson(const std::vector<Vector3>& points, const std::vector<double>& durations);

std::unique_ptr<OrthoglideCartesianTrajectory> makeOrthoglideTrajectory(const OrthoglideScene& scene);
/// `frictionSmoothing`: the Coulomb smoothing velocity of computed torque's friction compensation.
std::unique_ptr<Controller> makeOrthoglideController(const ControllerSpec& spec, const OrthoglideModel& plantModel,
                                                     double frictionSmoothing = 0.0);

/// A new controller for an Orthoglide scene with default gains from one response time T_r (the rules of
/// controller_defaults.hpp, Zanaboni 2009 7.12-7.20, with a_i the actuator-space inertia of actuator i at the
/// home position, the diagonal of ^0J_p^T A_robot ^0J_p (eq 29), rotors included): "computed_torque"
/// K_p = lambda0^2, K_v = -2 lambda0 on the 3 actuators, full friction compensation, no perturbation;
/// "pid" the triple root lambda0 (K_p,i = 3 lambda0^2 a_i, K_d,i = -3 lambda0 a_i, K_i,i = -lambda0^3 a_i,
/// filter 0.1/|lambda0|, saturation at the effort limits, clamping); "zero" no gains. Throws
/// std::invalid_argument for another type or a non-positive response time.
ControllerSpec defaultOrthoglideControllerSpec(const std::string& type, const std::string& name,
                                               const OrthoglideModel& model, double responseTime);

/// An Orthoglide scene as a "kind": "orthoglide" scene file (robots/orthoglide.md, "Scenes") that
/// parseOrthoglideScene reads back to the same OrthoglideScene: every section explicit, the robot path
/// relative to `sceneDir` when they share a directory (as sceneToJson).
nlohmann::json orthoglideSceneToJson(const OrthoglideScene& scene, const std::string& sceneDir);
/// Writes orthoglideSceneToJson(scene, directory of `path`) to `path` atomically, after checking that the
/// reader reads it back without errors; throws std::runtime_error (the reader's report, or the file
/// system's reason) and leaves an existing file unchanged otherwise.
void writeOrthoglideSceneFile(const OrthoglideScene& scene, const std::string& path);

/// RunOptions of an Orthoglide scene (period, duration, friction, recording).
RunOptions orthoglideRunOptions(const OrthoglideScene& scene);
/// Runs one controller of the scene on a fresh plant; joint-limit passages are appended to `events`.
RunResult runOrthoglideScene(const OrthoglideScene& scene, const ControllerSpec& spec, Recorder& recorder,
                             std::vector<JointLimitEvent>* events = nullptr);

/// The scene kind "orthoglide" (scene_kind.hpp): scene files with "kind": "orthoglide"; its robot files
/// are "format": "maniplab-robot", "kind": "orthoglide". Runs record the actuator channels
/// (makeOrthoglideChannels) and the computed torque's fallbacks to its PD part (RunMetrics).
const SceneKind& orthoglideSceneKind();
/// An Orthoglide scene as a scene of its kind (sceneData<OrthoglideScene>() gives it back).
std::shared_ptr<AnyScene> makeOrthoglideAnyScene(OrthoglideScene scene);

}  // namespace maniplab::sim
