#pragma once
// Forward dynamics, simulation model of seed 000 §IV: qdd = A^{-1} [q_a - Q_a(q, qd, 0)],
// q_a = tau - tau_f(qd) (eq 3), A from the backward recurrence (§III), Q_a from Newton–Euler (§II),
// solved by Cholesky. Supports both rotor models.
#include "maniplab/model/cholesky.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab {

/// data.qdd = FD(q, qd, tau). Returns -1, or the index of the joint whose Cholesky pivot vanished
/// (singular or near-singular mass matrix; data.qdd is then left unchanged).
template <typename S>
int forwardDynamicsCholesky(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                            const VectorXT<S>& qd, const VectorXT<S>& tau, const RneaOptions& opt = {}) {
  data.tmp.setZero();
  rnea(model, data, q, qd, data.tmp, opt);  // Q_a(q, qd, 0) + tau_f(qd) (per opt)
  data.nle = data.tau;
  massMatrixRecurrence(model, data, q, true);  // rnea left the joint transforms at q in data.liMi
  const int bad = choleskyFactor(data.M, data.L);
  if (bad >= 0) return bad;
  data.qdd = tau - data.nle;
  choleskySolve(data.L, data.qdd);
  return -1;
}

extern template int forwardDynamicsCholesky<double>(const Model&, Data&, const VectorX&, const VectorX&,
                                                    const VectorX&, const RneaOptions&);

}  // namespace maniplab
