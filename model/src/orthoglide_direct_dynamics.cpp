// Orthoglide direct dynamic model: Guégan, Khalil, Chablat & Wenger 2002 eqs (24)-(30) with errata E5-E7 (reference §5):
// A_xi = ^0J_i^{-T} A_i ^0J_i^{-1}, h_xi = ^0J_i^{-T} h_i, A_robot = sum A_xi + M_p I_3,
// h_robot = sum (h_xi - A_xi ^0Jdot_i qdot_i) - M_p ^0g, ^0Vdot_p = A_robot^{-1} (^0J_p^{-T} Gamma - h_robot).
#include <Eigen/Cholesky>

#include "maniplab/model/orthoglide_dynamics.hpp"
#include "maniplab/model/model_messages.hpp"

namespace maniplab {

bool OrthoglideDynamics::directDynamics(const Vector3& P, const Vector3& V, const Vector3& Gamma, Vector3& Vdot,
                                        const OrthoglideDynamicsOptions& opt, OrthoglideDynamicsState* state,
                                        std::string* message) {
  Message why;
  const bool ok = directDynamics(P, V, Gamma, Vdot, opt, state, &why);
  if (!ok && message) *message = why.text;
  return ok;
}

bool OrthoglideDynamics::directDynamics(const Vector3& P, const Vector3& V, const Vector3& Gamma, Vector3& Vdot,
                                        const OrthoglideDynamicsOptions& opt, OrthoglideDynamicsState* state,
                                        Message* message) {
  OrthoglideDynamicsState local;
  OrthoglideDynamicsState& s = state ? *state : local;
  if (!V.allFinite() || !Gamma.allFinite()) {
    if (message) *message = maniplab::message(msg::kOrthoglideInputNotFinite);
    return false;
  }
  if (!orthoglideInverseGeometric(model_, P, s.q, message)) return false;
  s.Jpinv = orthoglideInverseJacobian(model_, s.q);
  s.Arobot = model_.platformMass * Matrix3::Identity();                        // eq (29)
  s.hrobot = -model_.platformMass * (opt.gravity ? model_.gravity : Vector3::Zero());  // eq (30)
  std::array<Matrix3, 3> JiInv;
  std::array<Matrix3, 3> Ax;
  std::array<Vector3, 3> hx, JdotQd;
  for (int i = 0; i < 3; ++i) {
    const auto k = std::size_t(i);
    JiInv[k] = orthoglideChainInverseJacobian(model_, i, s.q[k]);
    s.qd[k] = JiInv[k] * V;                                                    // eq (6)
    const OrthoglideChainTerms t = chainTerms(i, s.q[k], s.qd[k], opt);
    Ax[k] = JiInv[k].transpose() * t.A * JiInv[k];                             // eq (25)
    hx[k] = JiInv[k].transpose() * t.h;
    JdotQd[k] = orthoglideChainJacobianDotTimesVelocity(model_, i, s.q[k], s.qd[k]);
    s.Arobot += Ax[k];
    s.hrobot += hx[k] - Ax[k] * JdotQd[k];
  }
  const Eigen::LLT<Matrix3> llt(s.Arobot);
  if (llt.info() != Eigen::Success) {
    if (message) *message = maniplab::message(msg::kOrthoglideNotPositiveDefinite);
    return false;
  }
  Vdot = llt.solve(s.Jpinv.transpose() * Gamma - s.hrobot);                  // eq (28)
  if (!Vdot.allFinite()) {
    if (message) *message = maniplab::message(msg::kOrthoglideAccelerationNotFinite);
    return false;
  }
  s.Fp = model_.platformMass * (Vdot - (opt.gravity ? model_.gravity : Vector3::Zero()));
  for (int i = 0; i < 3; ++i) {
    const auto k = std::size_t(i);
    s.qdd[k] = JiInv[k] * (Vdot - JdotQd[k]);                                  // eq (9)
    s.f[k] = -Ax[k] * Vdot + Ax[k] * JdotQd[k] - hx[k] + s.Jpinv.row(i).transpose() * Gamma[i];  // eq (25)
  }
  return true;
}

}  // namespace maniplab
