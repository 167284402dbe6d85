#pragma once
// Mass matrix by the composite-rigid-body algorithm (Walker–Orin method 3; Featherstone, RBDA §6.2),
// written with 3-vectors in the body frames R_i. Composite body i: mass, first moment and inertia about
// O_i^+. The rotor spin momentum alpha_i j_mi eps_{i-1} (full rotor model, seed 000 §III) is added on
// the carrying body i-1; the armature term alpha_i^2 j_mi on the diagonal in both models.
#include "maniplab/model/data.hpp"
#include "maniplab/model/joint_transform.hpp"

namespace maniplab {

/// `transformsReady`: data.liMi already holds the joint transforms at q (e.g. after rnea at the same q).
/// M does not depend on q_1: joint 1's transform is neither needed nor computed.
template <typename S>
const MatrixXT<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q, bool transformsReady = false) {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;
  const int n = model.nq;
  const bool fullRotor = usesFullRotor(model);
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    if (i > 0 && !transformsReady) jointTransform(model, i, q[i], data.liMi[k]);
    const auto& b = model.body[k];
    data.compMass[k] = b.mass;
    data.compFirst[k] = b.mass * b.com;
    data.compInertia[k] = b.inertia;  // + parallel-axis shift to O_i: -m ~d~d = m (|d|^2 1 - d d^T)
    data.compInertia[k].noalias() -= data.compFirst[k] * b.com.transpose();
    data.compInertia[k].diagonal().array() += b.mass * b.com.squaredNorm();
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
    if (i > 0) {  // add composite i to its parent: rotate, then shift the reference point by l
      const auto& X = data.liMi[k];
      const V3 h = X.R * data.compFirst[k];
      const V3& l = X.p;
      const S mu = data.compMass[k];
      // -(~l~h + ~h~l) - mu ~l~l = -(h l^T + l h^T) - mu l l^T + (2 l.h + mu l.l) 1   (~a~b = b a^T - (a.b) 1)
      const V3 hm = h + S(0.5) * mu * l;
      M3 shift = -(hm * l.transpose() + l * hm.transpose());
      shift.diagonal().array() += S(2) * l.dot(h) + mu * l.squaredNorm();
      data.compInertia[k - 1] += X.R * data.compInertia[k] * X.R.transpose() + shift;
      data.compFirst[k - 1] += h + mu * l;
      data.compMass[k - 1] += mu;
    }
  }
  return data.M;
}

extern template const MatrixX& crba<double>(const Model&, Data&, const VectorX&, bool);

}  // namespace maniplab
