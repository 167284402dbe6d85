#pragma once
// Joint transform ^{i-1}T_i = placement_i * Rz(q) (revolute) or placement_i * Tz(q) (prismatic)
// (Llibre, Mampey & Chrétien 1983 §I.1: S_i = P_i [tau_i 1 + rho_i R_i], lambda_{i-1} = l_{i-1} + tau_i q_i P_i(.3)).
#include <type_traits>
#include <vector>

#include "maniplab/model/model.hpp"
#include "maniplab/model/sincos.hpp"

namespace maniplab {

/// ^{i-1}T_i of a revolute joint from sin q_i, cos q_i: placement_i * Rz(q_i).
template <typename S>
inline void revoluteTransform(const TransformT<S>& X, const S& s, const S& c, TransformT<S>& out) {
  for (int r = 0; r < 3; ++r) {
    const S x0 = X.R(r, 0), x1 = X.R(r, 1);
    out.R(r, 0) = c * x0 + s * x1;
    out.R(r, 1) = c * x1 - s * x0;
    out.R(r, 2) = X.R(r, 2);
    out.p[r] = X.p[r];
  }
}

template <typename S>
inline void jointTransform(const ModelTpl<S>& model, int i, const S& qi, TransformT<S>& out) {
  const auto& X = model.placement[std::size_t(i)];
  if (model.isRevolute(i)) {
    S s, c;
    sinCos(qi, s, c);
    revoluteTransform(X, s, c, out);
  } else {
    out.R = X.R;
    out.p = X.p + qi * X.R.col(2);
  }
}

/// out[i] = ^{i-1}T_i for i = first..n-1. The algorithms compute all joint transforms first, in this loop
/// of independent iterations, so that the latency of sin/cos overlaps from one joint to the next instead
/// of adding to the recurrences (measured: 10-20 % of RNEA, CRBA and ABA at n = 6).
/// For double, the sines and cosines of two revolute joints are computed together (sinCos2).
template <typename S>
inline void jointTransforms(const ModelTpl<S>& model, const VectorXT<S>& q, std::vector<TransformT<S>>& out,
                            int first = 0) {
  if constexpr (std::is_same_v<S, double>) {
    int pending = -1;  // a revolute joint waiting for a partner
    for (int i = first; i < model.nq; ++i) {
      if (!model.isRevolute(i)) {
        jointTransform(model, i, q[i], out[std::size_t(i)]);
      } else if (pending < 0) {
        pending = i;
      } else {
        double s0, c0, s1, c1;
        sinCos2(q[pending], q[i], s0, c0, s1, c1);
        revoluteTransform(model.placement[std::size_t(pending)], s0, c0, out[std::size_t(pending)]);
        revoluteTransform(model.placement[std::size_t(i)], s1, c1, out[std::size_t(i)]);
        pending = -1;
      }
    }
    if (pending >= 0) jointTransform(model, pending, q[pending], out[std::size_t(pending)]);
  } else {
    for (int i = first; i < model.nq; ++i) jointTransform(model, i, q[i], out[std::size_t(i)]);
  }
}

/// Rotor tensor J_m = j_m eps eps^T + i_m (1 - eps eps^T), in the carrying body's frame (Llibre, Mampey & Chrétien 1983 §I.2).
template <typename S> inline Matrix3T<S> rotorTensor(const ActuatorT<S>& a) {
  const Matrix3T<S> ee = a.rotorAxis * a.rotorAxis.transpose();
  return a.rotorInertia * ee + a.rotorTransverse * (Matrix3T<S>::Identity() - ee);
}

/// True when the model's actuators have rotor inertia and the full (gyroscopic) rotor model is selected.
template <typename S> inline bool usesFullRotor(const ModelTpl<S>& model) {
  if (model.rotorModel != RotorModel::Full) return false;
  for (const auto& a : model.actuator)
    if (a.rotorInertia != S(0) || a.rotorTransverse != S(0)) return true;
  return false;
}

}  // namespace maniplab
