// Geometric Jacobian and J̇q̇ (seed 001 §3 and §5; seed 003 eqs 4.1–4.6 and 6.8).
#include "maniplab/model/jacobian.hpp"

namespace maniplab {

void computeJacobian(const Model& model, Data& data, JacobianFrame frame) {
  const Vector3 pe = data.oMtool.p;
  for (int i = 0; i < model.nq; ++i) {
    const auto& X = data.oMi[std::size_t(i)];
    const Vector3 z = X.R.col(2);
    if (model.isRevolute(i)) {
      data.J.col(i).head<3>() = z;
      data.J.col(i).tail<3>() = z.cross(pe - X.p);
    } else {
      data.J.col(i).head<3>().setZero();
      data.J.col(i).tail<3>() = z;
    }
  }
  if (frame == JacobianFrame::Tool) {
    const Matrix3 Rt = data.oMtool.R.transpose();
    for (int i = 0; i < model.nq; ++i) {
      data.J.col(i).head<3>() = Rt * data.J.col(i).head<3>();
      data.J.col(i).tail<3>() = Rt * data.J.col(i).tail<3>();
    }
  }
}

Vector6 jacobianDotTimesQdot(const Model& model, Data& data, const VectorX& qd) {
  // World-frame forward recurrence with qdd = 0 and no gravity.
  Vector3 w = Vector3::Zero(), wd = Vector3::Zero(), a = Vector3::Zero(), o = Vector3::Zero();
  for (int i = 0; i < model.nq; ++i) {
    const auto& X = data.oMi[std::size_t(i)];
    const Vector3 r = X.p - o;  // previous origin -> this origin
    a += wd.cross(r) + w.cross(w.cross(r));
    const Vector3 z = X.R.col(2);
    if (model.isRevolute(i)) {
      wd += w.cross(z * qd[i]);
      w += z * qd[i];
    } else {
      a += 2.0 * w.cross(z * qd[i]);
    }
    o = X.p;
  }
  const Vector3 r = data.oMtool.p - o;
  a += wd.cross(r) + w.cross(w.cross(r));
  Vector6 out;
  out << wd, a;
  return out;
}

}  // namespace maniplab
