// Operational-space model M_x, C_x, g_x (the course notes Dynamique des robots séries §5, E1) with a damped inverse near singularities; J̇.
#include "maniplab/model/operational_space.hpp"

#include <stdexcept>

#include <Eigen/SVD>

#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/coriolis_christoffel.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab {

void jacobianTimeDerivative(const Model& model, const Data& data, const VectorX& qd, Eigen::Ref<Matrix6X> Jd) {
  checkModelData("jacobianTimeDerivative", model, data);
  checkSize("jacobianTimeDerivative", "qd", qd, model.nq);
  checkDimension("jacobianTimeDerivative", "out (columns)", long(Jd.cols()), model.nq, "model.nq");
  const int n = model.nq;
  Jd.setZero();
  // On a tree only the joints on the path from the base to the tool's body (n-1) move the tool; along that
  // path each joint's parent is the previous one on it, so the chain's passes run over the path alone (the
  // other columns stay zero). A chain is all path.
  const bool chain = model.isChain();
  auto offPath = [&](int j) { return !chain && !model.isAncestor(j, n - 1); };
  // Pass 1 (world frame): velocity of the tool origin.
  Vector3 w = Vector3::Zero(), vo = Vector3::Zero(), o = Vector3::Zero();
  for (int j = 0; j < n; ++j) {
    if (offPath(j)) continue;
    const auto& X = data.oMi[std::size_t(j)];
    vo += w.cross(X.p - o);  // the point of body j-1 at O_j
    if (model.isRevolute(j))
      w += qd[j] * X.R.col(2);
    else
      vo += qd[j] * X.R.col(2);
    o = X.p;
  }
  const Vector3 pe = data.oMtool.p;
  const Vector3 vpe = vo + w.cross(pe - o);
  // Pass 2: the columns, with w = angular velocity of body j-1 and vo = velocity of O_j.
  w.setZero();
  vo.setZero();
  o.setZero();
  for (int j = 0; j < n; ++j) {
    if (offPath(j)) continue;
    const auto& X = data.oMi[std::size_t(j)];
    const Vector3 z = X.R.col(2);
    vo += w.cross(X.p - o);
    const Vector3 zd = w.cross(z);
    if (model.isRevolute(j)) {
      Jd.col(j).head<3>() = zd;
      Jd.col(j).tail<3>() = zd.cross(pe - X.p) + z.cross(vpe - vo);
      w += qd[j] * z;
    } else {
      Jd.col(j).tail<3>() = zd;
      vo += qd[j] * z;
    }
    o = X.p;
  }
}

Matrix6X jacobianTimeDerivative(const Model& model, Data& data, const VectorX& qd) {
  checkSize("jacobianTimeDerivative", "qd", qd, model.nq);
  Matrix6X Jd(6, model.nq);
  jacobianTimeDerivative(model, data, qd, Eigen::Ref<Matrix6X>(Jd));
  return Jd;
}

void operationalSpaceModel(const Model& model, Data& data, const VectorX& q, const VectorX& qd,
                           OperationalSpaceModel& out, const OperationalSpaceOptions& opt) {
  checkModelData("operationalSpaceModel", model, data);
  checkSize("operationalSpaceModel", "q", q, model.nq);
  checkSize("operationalSpaceModel", "qd", qd, model.nq);
  if (model.nq != 6)
    throw std::invalid_argument("operational-space model: '" + model.name + "' has " + std::to_string(model.nq) +
                                " joints; a non-redundant arm with 6 joints (square Jacobian) is required");
  if (!q.allFinite() || !qd.allFinite()) throw std::invalid_argument("operational-space model: non-finite q or qd");
  forwardKinematics(model, data, q);
  computeJacobian(model, data, JacobianFrame::Base);
  out.J = data.J;
  jacobianTimeDerivative(model, data, qd, Eigen::Ref<Matrix6X>(out.Jdot));
  out.xd = out.J * qd;
  out.JdotQd = out.Jdot * qd;
  out.M = crba(model, data, q, true);
  RneaOptions o;
  o.friction = false;
  o.gravity = false;
  data.tmp.setZero();
  const Vector6 V = rnea(model, data, q, qd, data.tmp, o);
  o.gravity = true;
  const Vector6 g = rnea(model, data, q, data.tmp, data.tmp, o);

  const Eigen::JacobiSVD<Matrix6> svd(out.J, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Vector6 s = svd.singularValues();
  out.sigmaMin = s[5];
  const double eps = opt.singularThreshold;
  double lambda2 = 0;
  if (out.sigmaMin < eps) {
    const double r = out.sigmaMin / eps;
    lambda2 = opt.maxDamping * opt.maxDamping * (1 - r * r);
  }
  out.damping = std::sqrt(lambda2);
  Vector6 sInv;
  for (int i = 0; i < 6; ++i) {
    const double den = s[i] * s[i] + lambda2;
    sInv[i] = den > 0 ? s[i] / den : 0.0;
  }
  out.Jinv = svd.matrixV() * sInv.asDiagonal() * svd.matrixU().transpose();
  const Matrix6 JinvT = out.Jinv.transpose();
  out.Mx = JinvT * out.M * out.Jinv;
  out.Mx = 0.5 * (out.Mx + out.Mx.transpose()).eval();
  out.mux = JinvT * V - out.Mx * out.JdotQd;
  out.gx = JinvT * g;
  out.hasCx = opt.coriolisMatrix;
  if (opt.coriolisMatrix) {
    const Matrix6 C = coriolisMatrix(model, data, q, qd);
    out.Cx = (JinvT * C - out.Mx * out.Jdot) * out.Jinv;
  }
}

}  // namespace maniplab
