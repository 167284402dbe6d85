#pragma once
// Cartesian computed torque in operational space (the course notes Dynamique des robots séries §5; Khatib 1987), the third model-based
// controller next to PD + gravity and joint-space computed torque (model_controllers.hpp):
//   a   = ẍ_d + Kv (ẋ_d - ẋ) + Kp e,   e = [orientationError(R_d, R); p_d - p]
//   F   = M_x a + mu_x + g_x           (operational_space.hpp; mu_x = C_x ẋ)
//   tau = J^T F  (+ the friction compensation chosen, in joint space)
// With a perfect model and a non-singular J this makes ẍ = a: the position error obeys
// ë + Kv ė + Kp e = 0 exactly, the orientation error to first order.
//
// The Cartesian reference: the controller interface carries the JOINT reference (q_d, q̇_d, q̈_d) of the
// trajectory, so the controller derives the Cartesian one from it with its own model:
//   pose_d = FK(q_d),  ẋ_d = J(q_d) q̇_d,  ẍ_d = J(q_d) q̈_d + J̇(q_d, q̇_d) q̇_d.
// For a Cartesian trajectory (trajectory_cartesian_line.hpp) this is the trajectory's own line (its
// joint table is its IK), up to the IK tolerance.
// Gains: 6-vectors [orientation (1/s^2, 1/s); position], diagonal. Near a singularity the damped
// operational-space model is used (OperationalSpaceOptions); lastDamping() reports it.
#include "maniplab/model/operational_space.hpp"
#include "maniplab/sim/control/controller.hpp"
#include "maniplab/sim/control/model_controllers.hpp"

namespace maniplab::sim {

class OperationalSpaceController : public Controller {
 public:
  /// ownModel must have 6 joints (std::invalid_argument otherwise).
  OperationalSpaceController(std::string name, const Model& ownModel, const Vector6& kp, const Vector6& kv,
                             FrictionCompensation friction, const OperationalSpaceOptions& options = {});
  std::string name() const override { return name_; }
  std::string kind() const override { return "operational_space"; }
  void reset(int) override;
  void compute(const ControlInput& in, VectorX& tau) override;

  /// Cartesian error [orientation (rad); position (m)] and its rate at the last compute() (scope channels).
  const Vector6& lastCartesianError() const { return e_; }
  const Vector6& lastCartesianRateError() const { return ed_; }
  /// Cartesian reference derived at the last compute(): desired pose, twist and acceleration.
  const Transform& lastDesiredPose() const { return poseD_; }
  const Vector6& lastDesiredTwist() const { return xdD_; }
  const Vector6& lastDesiredAcceleration() const { return xddD_; }
  double lastDamping() const { return os_.damping; }
  const OperationalSpaceModel& lastModel() const { return os_; }
  const Model& model() const { return model_; }

 private:
  std::string name_;
  Model model_;
  Data data_;
  Vector6 kp_, kv_;
  FrictionCompensation friction_;
  OperationalSpaceOptions opt_;
  OperationalSpaceModel os_;
  Transform poseD_;
  Vector6 xdD_ = Vector6::Zero(), xddD_ = Vector6::Zero(), e_ = Vector6::Zero(), ed_ = Vector6::Zero();
  Matrix6 Jd_ = Matrix6::Zero();
  Matrix6X JdotD_;
};

}  // namespace maniplab::sim
