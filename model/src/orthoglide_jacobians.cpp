// Orthoglide Jacobians: chain Jacobians ^0J_i (Guégan, Khalil, Chablat & Wenger 2002 eq 7), their closed-form inverses (eq 8,
// corrected [E3]) and the robot's inverse Jacobian ^0J_p^{-1} (eqs 4-5); reference §3.
#include <cmath>

#include "maniplab/model/orthoglide_axes.hpp"
#include "maniplab/model/orthoglide_kinematics.hpp"

namespace maniplab {

Matrix3 orthoglideChainJacobian(const OrthoglideModel& m, int i, const Vector3& q) {
  const double D = m.chain[std::size_t(i)].D4;
  const double S2 = std::sin(q[1]), C2 = std::cos(q[1]), S3 = std::sin(q[2]), C3 = std::cos(q[2]);
  Matrix3 J;  // rows (u, w, s), columns (q_1, q_2, q_3): eq (7) for chain 1
  J << 0, -D * C3 * S2, -D * S3 * C2,
       0, 0, -D * C3,
       1, -D * C3 * C2, D * S3 * S2;
  return orthoglide_detail::chainAxes(i) * J;
}

Matrix3 orthoglideChainInverseJacobian(const OrthoglideModel& m, int i, const Vector3& q) {
  const double D = m.chain[std::size_t(i)].D4;
  const double S2 = std::sin(q[1]), C3 = std::cos(q[2]);
  const double T2 = std::tan(q[1]), T3 = std::tan(q[2]);
  Matrix3 Ji;  // eq (8) [E3] for chain 1, columns (u, w, s)
  Ji << -1 / T2, T3 / S2, 1,
        -1 / (D * C3 * S2), T3 / (D * C3 * T2), 0,
        0, -1 / (D * C3), 0;
  return Ji * orthoglide_detail::chainAxes(i).transpose();
}

Matrix3 orthoglideInverseJacobian(const OrthoglideModel& m, const OrthoglideChainVariables& q) {
  Matrix3 Jp;
  for (int i = 0; i < 3; ++i) Jp.row(i) = orthoglideChainInverseJacobian(m, i, q[std::size_t(i)]).row(0);
  return Jp;
}

}  // namespace maniplab
