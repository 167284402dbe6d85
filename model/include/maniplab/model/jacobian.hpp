#pragma once
// Geometric Jacobian of the tool frame (angular rows first, then linear; the course notes Dynamique des robots séries §3 columns
// $j = [z_{j-1}; z_{j-1} x O_{j-1}G]) and the acceleration bias J̇ q̇ (Zanaboni 2009 eq 6.8, the course notes Dynamique des robots séries §5).
// The tool is carried by the last body; on a tree (Model::parent) only the joints on its path to the base,
// the ancestors of the last body (its support set kappa, Featherstone, Rigid Body Dynamics Algorithms, 2008,
// §4.1.2), move it: the other columns are zero.
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/data.hpp"

namespace maniplab {

enum class JacobianFrame {
  Base,  ///< [omega; v_tool] expressed in the base (world) frame
  Tool   ///< the same twist expressed in the tool frame
};

/// data.J = J(q) for the tool origin. Requires forwardKinematics(model, data, q) first. Throws
/// std::invalid_argument on a workspace built for a model of another size.
template <typename S> void computeJacobian(const ModelTpl<S>& model, DataTpl<S>& data, JacobianFrame frame = JacobianFrame::Base) {
  using V3 = Vector3T<S>;
  checkModelData("computeJacobian", model, data);
  const V3 pe = data.oMtool.p;
  const bool chain = model.isChain();
  if (!chain) data.J.setZero();
  // The ancestors of the last body, tip to base (every joint, n..1, in a chain).
  for (int i = model.nq - 1; i >= 0; i = model.parent[std::size_t(i)]) {
    const auto& X = data.oMi[std::size_t(i)];
    const V3 z = X.R.col(2);
    if (model.isRevolute(i)) {
      data.J.col(i).template head<3>() = z;
      data.J.col(i).template tail<3>() = z.cross(pe - X.p);
    } else {
      data.J.col(i).template head<3>().setZero();
      data.J.col(i).template tail<3>() = z;
    }
  }
  if (frame == JacobianFrame::Tool) {
    const Matrix3T<S> Rt = data.oMtool.R.transpose();
    for (int i = 0; i < model.nq; ++i) {
      data.J.col(i).template head<3>() = Rt * data.J.col(i).template head<3>();
      data.J.col(i).template tail<3>() = Rt * data.J.col(i).template tail<3>();
    }
  }
}

/// J̇(q, q̇) q̇ of the tool origin, in the base frame (= [omega_dot; classical acceleration] with qdd = 0).
/// Requires forwardKinematics(model, data, q) first. Throws std::invalid_argument on a qd or a workspace
/// of the wrong size.
template <typename S>
Vector6T<S> jacobianDotTimesQdot(const ModelTpl<S>& model, const DataTpl<S>& data, const VectorXT<S>& qd) {
  using V3 = Vector3T<S>;
  checkModelData("jacobianDotTimesQdot", model, data);
  checkSize("jacobianDotTimesQdot", "qd", qd, model.nq);
  // World-frame forward recurrence with qdd = 0 and no gravity.
  // On a tree the recurrence runs along the path from the base to the last body only.
  V3 w = V3::Zero(), wd = V3::Zero(), a = V3::Zero(), o = V3::Zero();
  const bool chain = model.isChain();
  for (int i = 0; i < model.nq; ++i) {
    if (!chain && !model.isAncestor(i, model.nq - 1)) continue;
    const auto& X = data.oMi[std::size_t(i)];
    const V3 r = X.p - o;  // previous origin -> this origin
    a += wd.cross(r) + w.cross(w.cross(r));
    const V3 z = X.R.col(2);
    if (model.isRevolute(i)) {
      wd += w.cross(z * qd[i]);
      w += z * qd[i];
    } else {
      a += S(2) * w.cross(z * qd[i]);
    }
    o = X.p;
  }
  const V3 r = data.oMtool.p - o;
  a += wd.cross(r) + w.cross(w.cross(r));
  Vector6T<S> out;
  out << wd, a;
  return out;
}

extern template void computeJacobian<double>(const Model&, Data&, JacobianFrame);
extern template Vector6 jacobianDotTimesQdot<double>(const Model&, const Data&, const VectorX&);

/// The double model with any vector expression (converted).
inline Vector6 jacobianDotTimesQdot(const Model& model, const Data& data, const VectorX& qd) {
  return jacobianDotTimesQdot<double>(model, data, qd);
}

}  // namespace maniplab
