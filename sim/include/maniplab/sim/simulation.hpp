#pragma once
// One closed-loop run: a controller drives a backend (simulated plant or EtherCAT) along a trajectory
// at the control period; every period is recorded (recorder.hpp), metrics are accumulated online at the
// full control rate (metrics.hpp), and the energy balance of Llibre, Mampey & Chrétien 1983 §IV.2 is tracked.
//
// Per control period k (t_k = k T): read the measured state -> reference at t_k -> controller ->
// torque written (saturated by the backend, held for T) -> row recorded at t_k -> backend advances T.
// A backend failure (divergence, singular mass matrix, bus fault) stops the run with its message; all
// rows up to the fault are kept.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "maniplab/model/data.hpp"
#include "maniplab/sim/backend.hpp"
#include "maniplab/sim/control/controller.hpp"
#include "maniplab/sim/traces/metrics.hpp"
#include "maniplab/sim/traces/recorder.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

/// Channel groups that can be recorded (scene "record" list).
struct RecordSelection {
  bool reference = true;   ///< q_d, qd_d
  bool state = true;       ///< q, qd
  bool error = true;       ///< e = q_d - q
  bool torque = true;      ///< tau (applied)
  bool friction = true;    ///< friction torque (plant model)
  bool endEffector = true; ///< tool pose (phi theta psi X Y Z, Euler XYZ of Zanaboni 2009) and Cartesian error
  bool energy = true;      ///< kinetic, potential, total, work, drift
  bool timing = false;     ///< controller and backend wall time per period (not deterministic)
};

struct RunOptions {
  double controlPeriod = 2.5e-3;  ///< T [s]
  double duration = 0;            ///< total simulated time [s]
  VectorX q0, qd0;                ///< initial state (empty: the trajectory start, at rest)
  bool friction = true;           ///< friction torques of the model in the energy balance/recording
  double frictionSmoothing = 0;   ///< as the plant's coulombSmoothing
  RecordSelection record;
  RecorderOptions recorder;
  std::function<void(double fraction)> progress;  ///< called about every 1 % (may be empty)
  /// Called after every recorded row with the time and the row (recorder channel order); the GUI's
  /// worker batches these for the scope and the 3D view. It may block (pause) — the run waits.
  std::function<void(double t, const double* row, std::size_t columns)> onRow;
  const std::atomic<bool>* cancel = nullptr;       ///< set to true to stop the run early
  /// Plants that the serial `model` cannot describe (parallel robots, e.g. orthoglide_simulation.hpp):
  /// when both are set they replace the model's forward kinematics and energies. `toolPose` gives the
  /// tool pose [phi theta psi X Y Z] of a joint vector (used for the reference); `plantState` the tool
  /// pose and the kinetic and potential energies of the backend's current true state. `model` then only
  /// names the channels and gives the friction of the joints.
  std::function<Vector6(const VectorX& q)> toolPose;
  std::function<void(Vector6& pose, double& kinetic, double& potential)> plantState;
  /// Plants whose trace is not the joint-space channel set of makeChannels (the arm on a free-floating base:
  /// its base pose and twist, momenta and their drifts, floating_base/plant.hpp runSatelliteSimulation): when
  /// set, it writes every recorded row itself (all of the recorder's columns, in its channel order) from the
  /// period's time, reference and applied torque, in place of the engine's channels. The run is otherwise the
  /// same (loop, joint metrics, recording, onRow, progress, cancel), but the engine then computes no tool
  /// pose, Cartesian metrics nor energy balance (`record`, `friction`, `toolPose` and `plantState` are not
  /// used; RunResult::energyDriftRelative is 0): the serial model's energies are not the plant's, which
  /// reports its own balance. Added so that the floating base runs on this engine like every kind.
  std::function<void(double t, const JointReference& ref, const VectorX& tau, double* row)> writeRow;
};

struct RunResult {
  bool ok = true;
  bool cancelled = false;
  std::string message;        ///< the failure (time, joint/slave, cause) when !ok
  Message detail = {};        ///< the same as a code and arguments when it has one (the GUI translates it)
  double endTime = 0;         ///< last recorded time
  long long periods = 0;      ///< control periods executed
  RunMetrics metrics;
  double energyDriftRelative = 0;  ///< max |E - E0 - W| / max(|E0|, |W|, 1 J) over the run
  double wallSeconds = 0;
  /// Wall time spent in the controller and in the backend (plant), measured only when the run records
  /// timing (RecordSelection::timing): the four clock reads per period cost about 2 % of a simulated run.
  double controllerSeconds = 0;
  double backendSeconds = 0;
};

/// Builds the recorder's channels for a model and a selection (names: "q_d[1]", "e[1]", "tau[1]",
/// "ee_X", "ee_err_X", "E_total", ...; units in SI).
std::vector<ChannelInfo> makeChannels(const Model& model, const RecordSelection& sel);

/// The coordinates of q described for a reader of the traces (Recorder::coordinates()): entry i is joint
/// i+1's name ("joint I" when it has none), then in parentheses "parent K" (its parent's number, 0 the base)
/// where the parent is not the previous joint (a tree) and "mimic of K: q = G q[K] + O" for a coupled joint,
/// separated by "; " (e.g. "panda_finger_joint2 (parent 7; mimic of 8: q = 1 q[8] + 0)").
std::vector<std::string> coordinateLabels(const Model& model);

/// Runs `controller` on `backend` along `trajectory`. `model` is the plant model (for FK, energies).
RunResult runSimulation(const Model& model, Backend& backend, Controller& controller, const Trajectory& trajectory,
                        const RunOptions& options, Recorder& recorder);

}  // namespace maniplab::sim
