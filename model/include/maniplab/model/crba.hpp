#pragma once
// Mass matrix by the composite-rigid-body algorithm (Walker–Orin method 3; Featherstone, RBDA §6.2),
// written with 3-vectors in the body frames R_i. Composite body i: mass, first moment and inertia about
// O_i^+. The rotor spin momentum alpha_i j_mi eps_{i-1} (full rotor model, seed 000 §III) is added on
// the carrying body i-1; the armature term alpha_i^2 j_mi on the diagonal in both models.
#include "maniplab/model/data.hpp"
#include "maniplab/model/joint_transform.hpp"

namespace maniplab {

template <typename S>
const MatrixXT<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q) {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;
  const int n = model.nq;
  const bool fullRotor = usesFullRotor(model);
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    jointTransform(model, i, q[i], data.liMi[k]);
    const auto& b = model.body[k];
    const M3 dd = skew(b.com);
    data.compMass[k] = b.mass;
    data.compFirst[k] = b.mass * b.com;
    data.compInertia[k] = b.inertia - b.mass * dd * dd;
  }
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    // Column i: momentum of composite i under unit joint rate, moved towards the base.
    V3 f, m;
    if (model.isRevolute(i)) {
      m = data.compInertia[k].col(2);
      f = V3::UnitZ().cross(data.compFirst[k]);
    } else {
      f = data.compMass[k] * V3::UnitZ();
      m = data.compFirst[k].cross(V3::UnitZ());
    }
    const auto& act = model.actuator[k];
    data.M(i, i) = (model.isRevolute(i) ? m.z() : f.z()) + act.gear * act.gear * act.rotorInertia;
    for (int j = i; j > 0; --j) {
      const auto& X = data.liMi[std::size_t(j)];
      f = X.R * f;
      m = X.R * m + X.p.cross(f);
      if (j == i && fullRotor) m += act.gear * act.rotorInertia * act.rotorAxis;
      data.M(j - 1, i) = data.M(i, j - 1) = model.isRevolute(j - 1) ? m.z() : f.z();
    }
    if (i > 0) {  // add composite i to its parent
      const auto& X = data.liMi[k];
      const V3 h = X.R * data.compFirst[k];
      const M3 lx = skew(X.p), hx = skew(h);
      const S mu = data.compMass[k];
      data.compInertia[k - 1] += X.R * data.compInertia[k] * X.R.transpose() - lx * hx - hx * lx - mu * lx * lx;
      data.compFirst[k - 1] += h + mu * X.p;
      data.compMass[k - 1] += mu;
    }
  }
  return data.M;
}

extern template const MatrixX& crba<double>(const Model&, Data&, const VectorX&);

}  // namespace maniplab
