// Orthoglide computed torque: Zanaboni 2009 eqs (7.1)-(7.8) with the Orthoglide inverse dynamic model of seed
// 004 eqs (10)-(23) as the controller's model (actuator-space form, orthoglide_dynamics.hpp).
#include "maniplab/sim/orthoglide/controllers.hpp"

#include <random>

namespace maniplab::sim {

OrthoglideModel perturbedOrthoglideModel(const OrthoglideModel& model, double percent, std::uint64_t seed) {
  OrthoglideModel m = model;
  if (percent == 0) return m;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  auto f = [&] { return 1.0 + U(rng) * percent / 100.0; };
  for (auto& c : m.chain) {
    for (auto& b : c.body) {
      const double k = f();
      b.mass *= k;
      b.inertia *= k;
    }
    c.actuator.rotorInertia *= f();
  }
  m.platformMass *= f();
  return m;
}

namespace {
OrthoglideModel withCompensation(OrthoglideModel m, FrictionCompensation f) {
  if (f == FrictionCompensation::CoulombOnly)
    for (auto& c : m.chain) c.actuator.viscousPos = c.actuator.viscousNeg = 0;
  return m;
}
}  // namespace

OrthoglideComputedTorqueController::OrthoglideComputedTorqueController(std::string name, const OrthoglideModel& own,
                                                                       VectorX kp, VectorX kv,
                                                                       FrictionCompensation friction,
                                                                       double frictionSmoothing)
    : name_(std::move(name)), dyn_(withCompensation(own, friction)), kp_(std::move(kp)), kv_(std::move(kv)),
      P_(own.home) {
  if (kp_.size() != 3 || kv_.size() != 3) throw std::invalid_argument("orthoglide computed torque: 3 gains each");
  opt_.friction = friction != FrictionCompensation::None;
  opt_.frictionSmoothing = frictionSmoothing;
}

void OrthoglideComputedTorqueController::compute(const ControlInput& in, VectorX& tau) {
  const VectorX& L = *in.q;
  const VectorX& Ld = *in.qd;
  const JointReference& r = *in.ref;
  Vector3 v;
  for (int i = 0; i < 3; ++i) v[i] = r.qdd[i] + kv_[i] * (r.qd[i] - Ld[i]) + kp_[i] * (r.q[i] - L[i]);
  Vector3 P, G;
  OrthoglideChainVariables q;
  if (orthoglideForwardGeometric(dyn_.model(), L, P_, P) && orthoglideInverseGeometric(dyn_.model(), P, q)) {
    P_ = P;
    const Vector3 V = orthoglideInverseJacobian(dyn_.model(), q).partialPivLu().solve(Vector3(Ld));
    if (dyn_.inverseDynamicsActuatorSpace(P, V, v, G, opt_)) {
      tau = G;
      return;
    }
  }
  ++fallbacks_;
  for (int i = 0; i < 3; ++i) tau[i] = kv_[i] * (r.qd[i] - Ld[i]) + kp_[i] * (r.q[i] - L[i]);
}

}  // namespace maniplab::sim
