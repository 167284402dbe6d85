// Orthoglide first- and second-order inverse kinematic models of the chains: Guégan, Khalil, Chablat & Wenger 2002 eqs (6) and (9),
// qddot_i = ^0J_i^{-1} (^0Vdot_p - ^0Jdot_i qdot_i); ^0Jdot_i qdot_i is the time derivative of eq (7).
#include <cmath>

#include "maniplab/model/orthoglide_axes.hpp"
#include "maniplab/model/orthoglide_kinematics.hpp"

namespace maniplab {

Vector3 orthoglideChainJacobianDotTimesVelocity(const OrthoglideModel& m, int i, const Vector3& q,
                                                const Vector3& qd) {
  const double D = m.chain[std::size_t(i)].D4;
  const double S2 = std::sin(q[1]), C2 = std::cos(q[1]), S3 = std::sin(q[2]), C3 = std::cos(q[2]);
  const double d2 = qd[1], d3 = qd[2];
  // d/dt of columns 2 and 3 of eq (7) (chain axes u, w, s); column 1 is constant.
  const Vector3 c2dot(D * S3 * d3 * S2 - D * C3 * C2 * d2, 0.0, D * S3 * d3 * C2 + D * C3 * S2 * d2);
  const Vector3 c3dot(-D * C3 * d3 * C2 + D * S3 * S2 * d2, D * S3 * d3, D * C3 * d3 * S2 + D * S3 * C2 * d2);
  return orthoglide_detail::chainAxes(i) * (c2dot * d2 + c3dot * d3);
}

void orthoglideChainRates(const OrthoglideModel& m, const OrthoglideChainVariables& q, const Vector3& V,
                          const Vector3& Vdot, OrthoglideChainVariables& qd, OrthoglideChainVariables& qdd) {
  for (int i = 0; i < 3; ++i) {
    const auto k = std::size_t(i);
    const Matrix3 Ji = orthoglideChainInverseJacobian(m, i, q[k]);
    qd[k] = Ji * V;                                                                        // eq (6)
    qdd[k] = Ji * (Vdot - orthoglideChainJacobianDotTimesVelocity(m, i, q[k], qd[k]));    // eq (9)
  }
}

Vector3 orthoglideActuatorAcceleration(const OrthoglideModel& m, const OrthoglideChainVariables& q,
                                       const Vector3& V, const Vector3& Vdot) {
  OrthoglideChainVariables qd, qdd;
  orthoglideChainRates(m, q, V, Vdot, qd, qdd);
  return Vector3(qdd[0][0], qdd[1][0], qdd[2][0]);
}

Vector3 orthoglidePlatformAcceleration(const OrthoglideModel& m, const OrthoglideChainVariables& q,
                                       const Vector3& V, const Vector3& Lddot) {
  Matrix3 Jpinv;
  Vector3 c;
  for (int i = 0; i < 3; ++i) {
    const auto k = std::size_t(i);
    const Matrix3 Ji = orthoglideChainInverseJacobian(m, i, q[k]);
    Jpinv.row(i) = Ji.row(0);
    const Vector3 qdi = Ji * V;
    c[i] = Ji.row(0).dot(orthoglideChainJacobianDotTimesVelocity(m, i, q[k], qdi));
  }
  return Jpinv.partialPivLu().solve(Lddot + c);
}

}  // namespace maniplab
