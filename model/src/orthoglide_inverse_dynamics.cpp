// Orthoglide inverse dynamic model: Guégan, Khalil, Chablat & Wenger 2002 eqs (10)-(23) with errata E4, E5 (reference §4):
// H_xi = ^0J_i^{-T} H_i, ^0F_p = M_p (^0Vdot_p - ^0g), H_robot = ^0F_p + sum H_xi, Gamma = ^0J_p^T H_robot.
#include "maniplab/model/orthoglide_dynamics.hpp"

namespace maniplab {

bool OrthoglideDynamics::inverseDynamics(const Vector3& P, const Vector3& V, const Vector3& Vdot, Vector3& Gamma,
                                         const OrthoglideDynamicsOptions& opt, OrthoglideDynamicsState* state,
                                         std::string* message) {
  OrthoglideDynamicsState local;
  OrthoglideDynamicsState& s = state ? *state : local;
  if (!V.allFinite() || !Vdot.allFinite()) {
    if (message) *message = "platform velocity or acceleration is not finite";
    return false;
  }
  if (!orthoglideInverseGeometric(model_, P, s.q, message)) return false;  // eqs (2)-(3)
  orthoglideChainRates(model_, s.q, V, Vdot, s.qd, s.qdd);                 // eqs (6), (9)
  s.Jpinv = orthoglideInverseJacobian(model_, s.q);                        // eq (5)
  s.Fp = model_.platformMass * (Vdot - (opt.gravity ? model_.gravity : Vector3::Zero()));  // eq (18)
  Vector3 Hrobot = s.Fp;
  for (int i = 0; i < 3; ++i) {
    const auto k = std::size_t(i);
    const Vector3 H = chainInverseDynamics(i, s.q[k], s.qd[k], s.qdd[k], opt);  // eqs (11), (31)-(36)
    const Matrix3 JiInvT = orthoglideChainInverseJacobian(model_, i, s.q[k]).transpose();
    s.Hx[k] = JiInvT * H;                                                   // eq (15)
    Hrobot += s.Hx[k];                                                      // eq (23)
  }
  // Eq (22): Gamma = ^0J_p^T H_robot, i.e. solve ^0J_p^{-T} Gamma = H_robot (eq 21).
  Gamma = s.Jpinv.transpose().partialPivLu().solve(Hrobot);
  for (int i = 0; i < 3; ++i) s.f[std::size_t(i)] = -s.Hx[std::size_t(i)] + s.Jpinv.row(i).transpose() * Gamma[i];  // eq (17)
  if (!Gamma.allFinite()) {
    if (message) *message = "inverse dynamic model: singular inverse Jacobian";
    return false;
  }
  return true;
}

bool OrthoglideDynamics::inverseDynamicsActuatorSpace(const Vector3& P, const Vector3& V, const Vector3& Lddot,
                                                      Vector3& Gamma, const OrthoglideDynamicsOptions& opt,
                                                      std::string* message) {
  OrthoglideChainVariables q;
  if (!orthoglideInverseGeometric(model_, P, q, message)) return false;
  const Vector3 Vdot = orthoglidePlatformAcceleration(model_, q, V, Lddot);
  return inverseDynamics(P, V, Vdot, Gamma, opt, nullptr, message);
}

}  // namespace maniplab
