#pragma once
// A free-floating manipulator (Llibre, Mampey & Chrétien 1983 §IV.2, the satellite + arm of [CHR 82]) as a simulated plant:
// the base C_0 and the arm's joints integrated together by the plants' stepping helper
// (integration/integrator.hpp: explicit Euler, RK4 or Dormand–Prince 5(4) with tolerances), behind the
// same Backend interface as the fixed-base plant (dof = the arm's joints; the base state is read with
// baseState()). Explicit Euler advances the joints to second order (Zanaboni 2009 eq 9.2) and the base
// pose, twist and the work integral to first order.
//
// State y = [p_0 (3), quaternion of R_0 (w, x, y, z) (4), q (n), nu_0 = [omega; v] (6, base coords), qd (n)]:
//   p_0' = R_0 v,   quat' = 1/2 quat (x) (0, omega),   q' = qd,   nu_0' = a_0,   qd' = qdd
// with (a_0, qdd) from floatingBaseAba (or the augmented mass matrix, FloatingPlantOptions::crba).
// The quaternion is renormalised after every plant tick (projection back on the unit sphere); R_0 is
// always built from the normalised quaternion. No gravity; joint friction (output side, internal; Coulomb
// smoothed by tanh(qd / v_s) when coulombSmoothing = v_s > 0) and a constant external wrench on the base
// are options. Measurements are ideal (the true joint state). Divergence guard on the joint speeds as on
// the fixed-base plant.
//
// Sources (sim/src/floating_base/, one file per concern): plant.cpp (the plant), controllers.cpp (the
// reaction-aware computed torque), scene.cpp (the satellite scene reader), simulation.cpp (the run and its
// channels), scene_kind.cpp (the scene kind, floating_base/scene.hpp).
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "maniplab/model/floating_base.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/backend.hpp"
#include "maniplab/sim/control/controller.hpp"
#include "maniplab/sim/integration/integrator.hpp"
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/traces/recorder.hpp"

namespace maniplab::sim {

struct FloatingPlantOptions {
  Stepper stepper = Stepper::DormandPrince5;  ///< Euler and RK4 take one step per tick
  double period = 1e-3;                ///< plant tick [s]
  double absTolerance = 1e-12, relTolerance = 1e-12;  ///< Dormand–Prince
  bool friction = false;               ///< joint friction torques (internal)
  double coulombSmoothing = 0.0;       ///< v_s [rad/s or m/s] of the joint friction; 0 = exact sign
  Vector6 baseWrench = Vector6::Zero();  ///< external wrench on the base [moment at the base origin; force], base coords
  bool crba = false;                   ///< augmented mass matrix instead of the floating-base ABA
};

class FloatingBasePlant : public Backend, private OdeSystem {
 public:
  /// Throws std::invalid_argument when validateFloatingBase() reports a problem.
  FloatingBasePlant(const FloatingBaseModel& model, const FloatingPlantOptions& options);

  int dof() const override { return model_.arm.nq; }
  std::string name() const override { return "floating-base simulation"; }
  /// Arm state; the base starts at the pose and velocity set by setBaseState() (default: identity, rest).
  BackendStatus reset(const VectorX& q0, const VectorX& qd0) override;
  void setBaseState(const Transform& pose, const Vector6& velocity);
  void writeTorque(const VectorX& tau) override;
  BackendStatus advance(double dt) override;
  double time() const override { return integ_.time(); }
  const VectorX& measuredPosition() const override { return state_.q; }
  const VectorX& measuredVelocity() const override { return state_.qd; }
  const VectorX& appliedTorque() const override { return tau_; }

  const FloatingBaseState& baseState() const { return state_; }  ///< full state (base pose, twist, q, qd)
  FloatingBaseConserved conserved();                                ///< T, P, L at the current state
  const FloatingBaseModel& model() const { return model_; }
  /// Work done on the system since reset by the joint torques minus friction (integrated with the state).
  double jointWork() const { return work_; }
  long long derivativeEvaluations() const { return integ_.evaluations(); }

 private:
  bool derivative(const double* x, double* dxdt) override;
  std::string fault() const override;
  void unpack();

  FloatingBaseModel model_;
  FloatingPlantOptions opt_;
  FloatingBaseData data_;
  FloatingBaseState state_;
  Integrator integ_;  ///< state: see the layout above
  VectorX tau_, qx_, qdx_, tauNet_;
  Transform pose0_;
  Vector6 nu0_ = Vector6::Zero();
  double work_ = 0;
  int fault_ = -1;
};

/// Computed torque that accounts for the base's reaction (floatingBaseInverseDynamics): with a perfect
/// model the joints follow qdd_d + Kv ė + Kp e exactly while the base drifts. It reads the base velocity
/// from the plant (the satellite's attitude and rate sensors), and the joints from the ControlInput.
class FloatingComputedTorqueController : public Controller {
 public:
  FloatingComputedTorqueController(std::string name, const FloatingBaseModel& ownModel, const FloatingBasePlant& plant,
                                   VectorX kp, VectorX kv);
  std::string name() const override { return name_; }
  std::string kind() const override { return "floating_computed_torque"; }
  void reset(int) override {}
  void compute(const ControlInput& in, VectorX& tau) override;

 private:
  std::string name_;
  FloatingBaseModel model_;
  FloatingBaseData data_;
  const FloatingBasePlant& plant_;
  VectorX kp_, kv_, v_;
};

/// The satellite scene (scenes/satellite_arm.json; format "maniplab-satellite", described in the file's
/// own "description" and in loadSatelliteScene): a robot file mounted on a free base, a rest-to-rest
/// quintic joint motion tracked by the reaction-aware computed torque; an optional external wrench on the
/// base ("plant": {"base_wrench": {"torque", "force"}}, constant in base coordinates).
struct SatelliteScene {
  std::string file, name, description;
  FloatingBaseModel model;
  Transform basePose;
  Vector6 baseVelocity = Vector6::Zero();
  VectorX q0, q1, kp, kv;
  double motionDuration = 0, duration = 0, controlPeriod = 0;
  FloatingPlantOptions plant;
};

struct SatelliteLoadResult {
  SatelliteScene scene;
  std::vector<Diagnostic> diagnostics;  ///< FILE:/json/pointer: message (robot file's included)
  bool ok() const { return noErrors(diagnostics); }
  std::string report() const { return formatDiagnostics(diagnostics); }
};

/// Reads and validates a satellite scene; the robot path is relative to the scene file.
SatelliteLoadResult loadSatelliteScene(const std::string& path);
/// The same from the file's text; `baseDir` is the directory the robot path is relative to.
SatelliteLoadResult parseSatelliteScene(const std::string& text, const std::string& fileName, const std::string& baseDir);

/// Runs the scene, recording per control period: base pose (X Y Z [m], rotation vector [rad]), base
/// twist, q_d, q, tau, the kinetic energy T, the joint work W, T - T0 - W, P and L (world) and their
/// drifts. Drifts are absolute (kg m/s, N m s, J) and relative to the peak momentum of the base alone
/// (which the arm's balances when the total is zero) resp. to max(T, |W|).
struct SatelliteRunResult {
  bool ok = true;
  std::string message;
  double endTime = 0;
  double maxJointError = 0;       ///< rad or m
  double driftP = 0, driftL = 0, driftE = 0;           ///< absolute
  double relDriftP = 0, relDriftL = 0, relDriftE = 0;  ///< relative
  double baseRotation = 0;        ///< final rotation angle of the base from its initial attitude [rad]
  Vector3 baseDisplacement = Vector3::Zero();  ///< final base origin minus initial [m]
  FloatingBaseConserved initial, final;
  long long evaluations = 0;
  bool cancelled = false;         ///< stopped early by SatelliteRunOptions::cancel
};
/// Optional hooks of a satellite run (the GUI worker's pacing and cancel; as RunOptions of simulation.hpp).
struct SatelliteRunOptions {
  /// Called after every recorded row (recorder channel order); it may block (pause) — the run waits.
  std::function<void(double t, const double* row, std::size_t columns)> onRow;
  const std::atomic<bool>* cancel = nullptr;  ///< set to true to stop the run early (result.cancelled)
};
std::vector<ChannelInfo> satelliteChannels(int dof);
SatelliteRunResult runSatellite(const SatelliteScene& scene, Recorder& recorder);
SatelliteRunResult runSatellite(const SatelliteScene& scene, Recorder& recorder, const SatelliteRunOptions& options);

/// RunOptions of a satellite scene: its control period, duration and initial joint state (at rest).
RunOptions satelliteRunOptions(const SatelliteScene& scene);
/// The run of runSatellite on the engine's run loop (runSimulation, simulation.hpp), as every kind runs: a fresh
/// plant at the scene's initial state, the reaction-aware computed torque, the quintic motion; the rows are the
/// satellite's channels (RunOptions::writeRow). `options` (satelliteRunOptions and the caller's onRow,
/// progress, cancel) as for any run; the engine's result (joint metrics, periods, failure) is returned and the
/// drifts of `conservation` (when given) are filled. Throws std::invalid_argument when `recorder` does not have
/// the channels of satelliteChannels(scene's joints).
RunResult runSatelliteSimulation(const SatelliteScene& scene, RunOptions options, Recorder& recorder,
                                 SatelliteRunResult* conservation = nullptr);

}  // namespace maniplab::sim
