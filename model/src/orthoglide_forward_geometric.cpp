// Orthoglide numeric forward geometric model: Newton's method on the inverse geometric model (Guégan, Khalil, Chablat & Wenger 2002
// eqs 2-3 [E2]) with the robot's inverse Jacobian (eq 5) as the IGM's derivative dL/dP; and the velocity
// amplification factors (Guégan, Khalil, Chablat & Wenger 2002 §I), the singular values of ^0J_p.
#include <Eigen/Eigenvalues>
#include <cmath>

#include "maniplab/model/orthoglide_kinematics.hpp"

namespace maniplab {

bool orthoglideForwardGeometric(const OrthoglideModel& m, const Vector3& L, const Vector3& guess, Vector3& P,
                                const OrthoglideFgmOptions& opt, std::string* message) {
  if (!L.allFinite()) {
    if (message) *message = "actuator positions are not finite";
    return false;
  }
  OrthoglideChainVariables q;
  Vector3 x = guess.allFinite() ? guess : m.K();
  if (!orthoglideInverseGeometric(m, x, q)) x = m.K();
  if (!orthoglideInverseGeometric(m, x, q, message)) return false;
  Vector3 r = Vector3(q[0][0], q[1][0], q[2][0]) - L;
  for (int it = 0; it < opt.maxIterations; ++it) {
    if (r.cwiseAbs().maxCoeff() <= opt.tolerance) {
      P = x;
      return true;
    }
    const Matrix3 Jpinv = orthoglideInverseJacobian(m, q);
    const Vector3 step = Jpinv.partialPivLu().solve(r);
    if (!step.allFinite()) break;
    // Step halving keeps the iterate inside the IGM's domain and makes the residual decrease.
    double lambda = 1.0;
    bool accepted = false;
    for (int h = 0; h < 30 && !accepted; ++h, lambda *= 0.5) {
      const Vector3 xn = x - lambda * step;
      OrthoglideChainVariables qn;
      if (!orthoglideInverseGeometric(m, xn, qn)) continue;
      const Vector3 rn = Vector3(qn[0][0], qn[1][0], qn[2][0]) - L;
      if (rn.norm() < r.norm() || rn.cwiseAbs().maxCoeff() <= opt.tolerance) {
        x = xn; q = qn; r = rn;
        accepted = true;
      }
    }
    if (!accepted) break;
  }
  if (r.cwiseAbs().maxCoeff() <= opt.tolerance) {
    P = x;
    return true;
  }
  if (message)
    *message = "forward geometric model: no platform position for L = (" + std::to_string(L[0]) + ", " +
               std::to_string(L[1]) + ", " + std::to_string(L[2]) + ") m (residual " +
               std::to_string(r.norm()) + " m): out of reach";
  return false;
}

bool orthoglideVelocityFactors(const OrthoglideModel& m, const Vector3& P, Vector3& factors) {
  OrthoglideChainVariables q;
  if (!orthoglideInverseGeometric(m, P, q)) return false;
  const Matrix3 Jp = orthoglideInverseJacobian(m, q).inverse();
  if (!Jp.allFinite()) return false;
  // Singular values as the square roots of the eigenvalues of Jp^T Jp (ascending).
  const Vector3 ev = Eigen::SelfAdjointEigenSolver<Matrix3>(Jp.transpose() * Jp).eigenvalues();
  factors = ev.cwiseMax(0.0).cwiseSqrt();
  return true;
}

}  // namespace maniplab
