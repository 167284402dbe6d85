#pragma once
// M, V and G extracted from the one Newton–Euler torque function (Zanaboni 2009 §9.3.1, eqs 10.1–10.6;
// Llibre, Mampey & Chrétien 1983 §IV: s(q, qd) = Q_a(q, qd, 0)):
//   column j of M = Q_a(q, 0, e_j) with g = 0;  V = Q_a(q, qd, 0) with g = 0;  G = Q_a(q, 0, 0).
// Friction is never included here.
#include "maniplab/model/rnea.hpp"

namespace maniplab {

/// data.M by n Newton–Euler calls (uses data.tmp as the unit acceleration). Throws std::invalid_argument
/// on a q or a workspace of the wrong size (so do the two functions below, for q and qd).
template <typename S>
const MatrixXT<S>& massMatrixNewtonEuler(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q) {
  checkModelData("massMatrixNewtonEuler", model, data);
  checkSize("massMatrixNewtonEuler", "q", q, model.nq);
  const int n = model.nq;
  RneaOptions opt;
  opt.gravity = false;
  opt.friction = false;
  VectorXT<S>& e = data.tmp;
  e.setZero();
  data.qdd.setZero();  // used as the zero velocity
  for (int j = 0; j < n; ++j) {
    e[j] = S(1);
    data.M.col(j) = detail::rneaUnchecked(model, data, q, data.qdd, e, opt, static_cast<const Vector6T<S>*>(nullptr));
    e[j] = S(0);
  }
  return data.M;
}

/// G(q) = Q_a(q, 0, 0) into data.g.
template <typename S>
const VectorXT<S>& gravityVector(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q) {
  checkModelData("gravityVector", model, data);
  checkSize("gravityVector", "q", q, model.nq);
  RneaOptions opt;
  opt.friction = false;
  data.tmp.setZero();
  data.g = detail::rneaUnchecked(model, data, q, data.tmp, data.tmp, opt, static_cast<const Vector6T<S>*>(nullptr));
  return data.g;
}

/// s(q, qd) = Q_a(q, qd, 0) (velocity terms + gravity, no friction) into data.nle.
template <typename S>
const VectorXT<S>& nonLinearEffects(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                    const VectorXT<S>& qd, bool withGravity = true) {
  checkModelData("nonLinearEffects", model, data);
  checkSize("nonLinearEffects", "q", q, model.nq);
  checkSize("nonLinearEffects", "qd", qd, model.nq);
  RneaOptions opt;
  opt.friction = false;
  opt.gravity = withGravity;
  data.tmp.setZero();
  data.nle = detail::rneaUnchecked(model, data, q, qd, data.tmp, opt, static_cast<const Vector6T<S>*>(nullptr));
  return data.nle;
}

extern template const MatrixX& massMatrixNewtonEuler<double>(const Model&, Data&, const VectorX&);
extern template const VectorX& gravityVector<double>(const Model&, Data&, const VectorX&);
extern template const VectorX& nonLinearEffects<double>(const Model&, Data&, const VectorX&, const VectorX&,
                                                        bool);

}  // namespace maniplab
