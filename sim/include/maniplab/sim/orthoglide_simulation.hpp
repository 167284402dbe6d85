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
#include "maniplab/sim/orthoglide_controllers.hpp"
#include "maniplab/sim/orthoglide_plant.hpp"
#include "maniplab/sim/orthoglide_trajectory.hpp"
#include "maniplab/sim/recorder.hpp"
#include "maniplab/sim/scene.hpp"
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

std::unique_ptr<OrthoglideCartesianTrajectory> makeOrthoglideTrajectory(const OrthoglideScene& scene);
/// `frictionSmoothing`: the Coulomb smoothing velocity of computed torque's friction compensation.
std::unique_ptr<Controller> makeOrthoglideController(const ControllerSpec& spec, const OrthoglideModel& plantModel,
                                                     double frictionSmoothing = 0.0);

/// Runs one controller of the scene on a fresh plant; joint-limit passages are appended to `events`.
RunResult runOrthoglideScene(const OrthoglideScene& scene, const ControllerSpec& spec, Recorder& recorder,
                             std::vector<JointLimitEvent>* events = nullptr);

}  // namespace maniplab::sim
