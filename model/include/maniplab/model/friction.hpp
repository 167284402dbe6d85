#pragma once
// Joint friction referred to the output shaft (Llibre, Mampey & Chrétien 1983 eq 3; Zanaboni 2009 eqs 5.17–5.22, Taghirad form):
//   tau_f(qd) = b(qd) qd + c(qd) sign(qd),  b, c = positive-direction values if qd > 0, negative-direction
//   values if qd < 0; sign(0) = 0 (no sticking model: at rest the dry friction is zero).
// An optional smoothing velocity v_s > 0 replaces sign(qd) by tanh(qd / v_s) so that adaptive steppers
// do not stall on the discontinuity (used by the simulation engine; 0 = exact sign).
#include "maniplab/model/model.hpp"

namespace maniplab {

template <typename S> inline S jointFriction(const ActuatorT<S>& a, const S& qd, double smoothing = 0.0) {
  using std::tanh;
  if (qd > S(0)) {
    const S sgn = smoothing > 0 ? S(tanh(qd / smoothing)) : S(1);
    return a.viscousPos * qd + a.coulombPos * sgn;
  }
  if (qd < S(0)) {
    const S sgn = smoothing > 0 ? S(tanh(qd / smoothing)) : S(-1);
    return a.viscousNeg * qd + a.coulombNeg * sgn;
  }
  return S(0);
}

/// out_i = tau_f,i(qd_i) for every joint.
template <typename S>
inline void frictionTorques(const ModelTpl<S>& model, const VectorXT<S>& qd, VectorXT<S>& out,
                            double smoothing = 0.0) {
  for (int i = 0; i < model.nq; ++i) out[i] = jointFriction(model.actuator[std::size_t(i)], qd[i], smoothing);
}

}  // namespace maniplab
