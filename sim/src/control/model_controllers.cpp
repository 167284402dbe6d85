// PD + gravity and computed torque (Zanaboni 2009 eqs 7.1–7.8), with the controller's own model.
#include "maniplab/sim/control/model_controllers.hpp"

#include <random>

#include "maniplab/model/friction.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab::sim {

Model perturbedModel(const Model& model, double percent, std::uint64_t seed) {
  Model m = model;
  if (percent == 0) return m;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  for (auto& b : m.body) {
    const double f = 1.0 + U(rng) * percent / 100.0;
    b.mass *= f;
    b.inertia *= f;
  }
  return m;
}

PdGravityController::PdGravityController(std::string name, const Model& ownModel, VectorX kp, VectorX kd)
    : name_(std::move(name)), model_(ownModel), data_(model_), kp_(std::move(kp)), kd_(std::move(kd)),
      zero_(VectorX::Zero(ownModel.nq)) {}

void PdGravityController::compute(const ControlInput& in, VectorX& tau) {
  RneaOptions opt;
  opt.friction = false;
  const VectorX& G = rnea(model_, data_, *in.q, zero_, zero_, opt);
  for (int i = 0; i < tau.size(); ++i)
    tau[i] = kp_[i] * (in.ref->q[i] - (*in.q)[i]) + kd_[i] * (in.ref->qd[i] - (*in.qd)[i]) + G[i];
}

ComputedTorqueController::ComputedTorqueController(std::string name, const Model& ownModel, VectorX kp, VectorX kv,
                                                   FrictionCompensation friction)
    : name_(std::move(name)), model_(ownModel), data_(model_), kp_(std::move(kp)), kv_(std::move(kv)),
      v_(VectorX::Zero(ownModel.nq)), friction_(friction) {}

void ComputedTorqueController::compute(const ControlInput& in, VectorX& tau) {
  const VectorX& q = *in.q;
  const VectorX& qd = *in.qd;
  const JointReference& r = *in.ref;
  for (int i = 0; i < v_.size(); ++i) v_[i] = r.qdd[i] + kv_[i] * (r.qd[i] - qd[i]) + kp_[i] * (r.q[i] - q[i]);
  RneaOptions opt;
  opt.friction = friction_ == FrictionCompensation::Full;
  tau = rnea(model_, data_, q, qd, v_, opt);
  if (friction_ == FrictionCompensation::CoulombOnly)
    for (int i = 0; i < tau.size(); ++i) {
      const auto& a = model_.actuator[std::size_t(i)];
      tau[i] += qd[i] > 0 ? a.coulombPos : qd[i] < 0 ? -a.coulombNeg : 0.0;
    }
}

}  // namespace maniplab::sim
