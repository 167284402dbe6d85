// Damped-least-squares inverse kinematics (numeric IK used where no closed form exists; Zanaboni 2009 §6
// uses the closed form for UMIS, see umis_inverse_kinematics).
#include "maniplab/model/inverse_kinematics_dls.hpp"

#include <Eigen/SVD>

#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"

namespace maniplab {

Vector3 orientationError(const Matrix3& Rd, const Matrix3& R) {
  const Eigen::AngleAxisd aa(Rd * R.transpose());
  return aa.axis() * aa.angle();
}

IkResult inverseKinematicsDLS(const Model& model, Data& data, const Transform& target, const VectorX& q0,
                              const IkOptions& opt) {
  checkModelData("inverseKinematicsDLS", model, data);
  checkSize("inverseKinematicsDLS", "q0", q0, model.nq);
  IkResult res;
  res.q = q0;
  const int n = model.nq;
  const int m = opt.positionOnly ? 3 : 6;
  Eigen::MatrixXd Jm(m, n);
  Eigen::VectorXd e(m);
  for (res.iterations = 0; res.iterations <= opt.maxIterations; ++res.iterations) {
    forwardKinematics(model, data, res.q);
    const Vector3 ep = target.p - data.oMtool.p;
    const Vector3 eo = opt.positionOnly ? Vector3(Vector3::Zero()) : orientationError(target.R, data.oMtool.R);
    res.positionError = ep.norm();
    res.orientationError = eo.norm();
    computeJacobian(model, data, JacobianFrame::Base);
    if (opt.positionOnly) {
      Jm = data.J.bottomRows<3>();
      e = ep;
    } else {
      Jm = data.J;
      e << eo, ep;
    }
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(Jm);
    res.minSingularValue = std::min(m, n) > 0 ? svd.singularValues()[std::min(m, n) - 1] : 0.0;
    res.singular = res.minSingularValue < opt.singularThreshold;
    if (res.positionError < opt.positionTolerance && res.orientationError < opt.orientationTolerance) {
      res.converged = true;
      break;
    }
    if (res.iterations == opt.maxIterations) break;
    // Damping grows as the smallest singular value falls below 10 x lambda (Nakamura & Hanafusa).
    double lambda = opt.damping;
    const double s = res.minSingularValue, eps = 10 * opt.damping;
    if (s < eps) lambda = std::sqrt(opt.damping * opt.damping + (1 - (s / eps) * (s / eps)) * 1e-2);
    const Eigen::MatrixXd A = Jm * Jm.transpose() + lambda * lambda * Eigen::MatrixXd::Identity(m, m);
    const Eigen::VectorXd dq = Jm.transpose() * A.ldlt().solve(e);
    res.q += dq;
    for (int i = 0; i < n; ++i) {
      const auto& L = model.limits[std::size_t(i)];
      res.q[i] = std::clamp(res.q[i], L.lower, L.upper);
    }
  }
  return res;
}

}  // namespace maniplab
