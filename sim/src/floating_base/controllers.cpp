// Reaction-aware computed torque on a free-floating base (floating_base/plant.hpp): the inverse dynamics of the
// arm and its base (floatingBaseInverseDynamics) at qdd_d + Kv ė + Kp e, so that with a perfect model the joints
// follow it exactly while the base drifts. It reads the base velocity (nu_0 = [omega; v], base coords) from the
// plant (the satellite's attitude and rate sensors), and the joints from the ControlInput.
#include "maniplab/sim/floating_base/plant.hpp"

namespace maniplab::sim {

FloatingComputedTorqueController::FloatingComputedTorqueController(std::string name, const FloatingBaseModel& ownModel,
                                                                   const FloatingBasePlant& plant, VectorX kp, VectorX kv)
    : name_(std::move(name)), model_(ownModel), data_(model_), plant_(plant), kp_(std::move(kp)), kv_(std::move(kv)),
      v_(VectorX::Zero(ownModel.arm.nq)) {}

void FloatingComputedTorqueController::compute(const ControlInput& in, VectorX& tau) {
  const JointReference& r = *in.ref;
  const VectorX& q = *in.q;
  const VectorX& qd = *in.qd;
  for (int i = 0; i < v_.size(); ++i) v_[i] = r.qdd[i] + kv_[i] * (r.qd[i] - qd[i]) + kp_[i] * (r.q[i] - q[i]);
  tau = floatingBaseInverseDynamics(model_, data_, plant_.baseState().baseVelocity, q, qd, v_);
}

}  // namespace maniplab::sim
