#pragma once
// The simulated Orthoglide: the platform state y = (P, V) integrated by the plants' stepping helper
// (integration/integrator.hpp) from the direct dynamic model (Guégan, Khalil, Chablat & Wenger 2002 eqs 24–30: Vdot = A_robot^{-1} (^0J_p^{-T} Gamma - h_robot)), behind the same
// Backend seam as the serial plant, so runSimulation, the recorder, metrics and CSV are reused.
//
// The joints the controller sees are the actuators L = (q_11, q_12, q_13) [m] and their rates
// Ldot = ^0J_p^{-1} V; the torques it writes are the actuator forces Gamma [N] (output side), held over
// the control period (zero-order hold) and clamped to the drives' effort limits when saturateTorque.
// Steppers, period and tolerances: PlantOptions of simulated_plant.hpp (the measurement options are not
// used: the measurement is the true state). Leaving the IGM's domain (a leg stretched perpendicular to
// its actuator), a singular A_robot or a non-finite state stops the run with the time and the cause.
#include <string>
#include <vector>

#include "maniplab/model/orthoglide_dynamics.hpp"
#include "maniplab/sim/backend.hpp"
#include "maniplab/sim/simulated_plant.hpp"

namespace maniplab::sim {

class OrthoglidePlant : public Backend, private OdeSystem {
 public:
  OrthoglidePlant(const OrthoglideModel& model, const PlantOptions& options);

  int dof() const override { return 3; }
  std::string name() const override { return "orthoglide simulation"; }
  /// q0 = actuator positions L (the platform position comes from the forward geometric model), qd0 = Ldot.
  BackendStatus reset(const VectorX& q0, const VectorX& qd0) override;
  /// Starts from a platform state directly.
  BackendStatus resetPlatform(const Vector3& P, const Vector3& V);
  void writeTorque(const VectorX& tau) override;
  BackendStatus advance(double dt) override;
  double time() const override { return integ_.time(); }
  const VectorX& measuredPosition() const override { return L_; }
  const VectorX& measuredVelocity() const override { return Ld_; }
  const VectorX& appliedTorque() const override { return gammaHeld_; }

  Vector3 platformPosition() const { const auto& x = integ_.state(); return Vector3(x[0], x[1], x[2]); }
  Vector3 platformVelocity() const { const auto& x = integ_.state(); return Vector3(x[3], x[4], x[5]); }
  /// Kinetic and potential energy of the current state (orthoglideEnergy, bodies' velocities).
  OrthoglideEnergy energy() const;
  const std::vector<JointLimitEvent>& jointLimitEvents() const { return limitEvents_; }
  const OrthoglideModel& model() const { return dyn_.model(); }
  long long derivativeEvaluations() const { return integ_.evaluations(); }

 private:
  bool derivative(const double* x, double* dxdt) override;  ///< y' = f(y) with the held forces
  std::string fault() const override { return fault_; }
  BackendStatus updateJoints();

  OrthoglideDynamics dyn_;
  PlantOptions opt_;
  OrthoglideDynamicsOptions dynOpt_;
  Integrator integ_;  ///< state [P; V]
  VectorX L_, Ld_, gammaHeld_;
  std::string fault_;
  std::vector<JointLimitEvent> limitEvents_;
  std::vector<int> limitState_;
};

}  // namespace maniplab::sim
