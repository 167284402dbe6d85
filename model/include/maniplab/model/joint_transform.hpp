#pragma once
// Joint transform ^{i-1}T_i = placement_i * Rz(q) (revolute) or placement_i * Tz(q) (prismatic)
// (seed 000 §I.1: S_i = P_i [tau_i 1 + rho_i R_i], lambda_{i-1} = l_{i-1} + tau_i q_i P_i(.3)).
#include "maniplab/model/model.hpp"
#include "maniplab/model/sincos.hpp"

namespace maniplab {

template <typename S>
inline void jointTransform(const ModelTpl<S>& model, int i, const S& qi, TransformT<S>& out) {
  const auto& X = model.placement[std::size_t(i)];
  if (model.isRevolute(i)) {
    S s, c;
    sinCos(qi, s, c);
    out.R.col(0) = c * X.R.col(0) + s * X.R.col(1);
    out.R.col(1) = c * X.R.col(1) - s * X.R.col(0);
    out.R.col(2) = X.R.col(2);
    out.p = X.p;
  } else {
    out.R = X.R;
    out.p = X.p + qi * X.R.col(2);
  }
}

/// Rotor tensor J_m = j_m eps eps^T + i_m (1 - eps eps^T), in the carrying body's frame (seed 000 §I.2).
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
