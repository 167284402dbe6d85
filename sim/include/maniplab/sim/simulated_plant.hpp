#pragma once
// The simulated plant: y = (q, qd), y' = f(y, tau) from the forward dynamics with actuators and friction
// (the course notes Dynamique des robots séries §1 state form; Llibre, Mampey & Chrétien 1983 §IV simulation model), integrated by the plants' stepping helper
// (integration/integrator.hpp: explicit Euler, RK4, Dormand–Prince 5(4); stall and divergence reports).
//
// Dual rate as on the UMIS (Zanaboni 2009 ch. 8–9): the torque is held (zero-order hold) over the control
// period; the plant advances in servo ticks of `period` (fixed-step steppers take one step per tick;
// Dormand–Prince 5(4) adapts its own steps inside each tick). The sensor is sampled every tick.
// Divergence guard: a joint speed above max(1e4, 100 x its velocity limit) is an energy blow-up.
//
// Coupled (mimic) joints (Model::coupling, coupled_dynamics.hpp): the integrator's state is that of the
// independent coordinates, [q_ind; qd_ind]; every joint's position, velocity, sensor and limit events are
// those of the full tree (q = G q_ind + o), and the torques written to every joint act through G^T. reset()
// takes the independent joints' values of q0 and qd0 (the coupled joints follow them). The forward dynamics
// are then coupledForwardDynamics (CRBA, G^T M G and its Cholesky factor), whatever PlantOptions::method says.
//
// Coulomb friction: sign(qd) makes f discontinuous at qd = 0, which stalls adaptive steppers; with
// `coulombSmoothing` = v_s > 0 the plant uses tanh(qd / v_s) instead (friction.hpp). Default 0 (exact).
#include <string>
#include <vector>

#include "maniplab/model/coupled_dynamics.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_dynamics.hpp"
#include "maniplab/sim/backend.hpp"
#include "maniplab/sim/integration/integrator.hpp"
#include "maniplab/sim/measurement.hpp"

namespace maniplab::sim {

struct PlantOptions {
  Stepper stepper = Stepper::RungeKutta4;
  double period = 0.5e-3;           ///< servo/plant tick [s]; step of the fixed-step steppers
  double absTolerance = 1e-8, relTolerance = 1e-8;  ///< Dormand–Prince only
  bool gravity = true;
  bool friction = true;
  double coulombSmoothing = 0.0;    ///< v_s [rad/s or m/s]; 0 = exact sign
  bool saturateTorque = true;       ///< clamp |tau_i| to the joint's effort limit
  MeasurementOptions measurement;
  ForwardDynamicsMethod method = ForwardDynamicsMethod::Auto;
};

struct JointLimitEvent {
  double time;
  int joint;       ///< 0-based
  bool upper;      ///< upper (true) or lower limit
  double position;
};

class SimulatedPlant : public Backend, private OdeSystem {
 public:
  SimulatedPlant(const Model& model, const PlantOptions& options);

  int dof() const override { return model_.nq; }
  std::string name() const override { return "simulation"; }
  BackendStatus reset(const VectorX& q0, const VectorX& qd0) override;
  void writeTorque(const VectorX& tau) override;
  BackendStatus advance(double dt) override;
  double time() const override { return integ_.time(); }
  const VectorX& measuredPosition() const override { return sensor_.position(); }
  const VectorX& measuredVelocity() const override { return sensor_.velocity(); }
  const VectorX& appliedTorque() const override { return tauHeld_; }

  const VectorX& position() const override { return q_; }  ///< true state
  const VectorX& velocity() const override { return qd_; }
  const std::vector<JointLimitEvent>& jointLimitEvents() const { return limitEvents_; }
  long long derivativeEvaluations() const { return integ_.evaluations(); }
  const Model& model() const { return model_; }
  const PlantOptions& options() const { return opt_; }

 private:
  bool derivative(const double* x, double* dxdt) override;  ///< y' = f(y) with the held torque
  bool coupledDerivative(const double* x, double* dxdt);     ///< the same on [q_ind; qd_ind]
  /// A vanished pivot at `joint`: NaN accelerations; false (a singular mass matrix) unless the state x (size
  /// entries) or the torque is not finite (true: the integrator reports the divergence).
  bool singular(int joint, const double* x, int size, double* accelerations, int count);
  std::string fault() const override;
  Message faultMessage() const override;
  void copyState();     ///< q_, qd_ from the integrator's state
  void updateJoints();  ///< copyState() and the joint-limit events

  Model model_;
  PlantOptions opt_;
  Data data_;
  RneaOptions rneaOpt_;
  CouplingMap coupling_;         ///< q = G q_ind + o (the identity without coupled joints)
  CoupledData cdata_;
  Integrator integ_;             ///< state [q; qd], or [q_ind; qd_ind] with coupled joints
  VectorX q_, qd_, qx_, qdx_, tauHeld_;
  VectorX qInd_, qdInd_;         ///< with coupled joints: the independent state (derivative(), copyState())
  int singularJoint_ = -1;
  std::vector<JointLimitEvent> limitEvents_;
  std::vector<int> limitState_;  ///< -1 below, 0 inside, +1 above
  JointSensor sensor_;
};

}  // namespace maniplab::sim
