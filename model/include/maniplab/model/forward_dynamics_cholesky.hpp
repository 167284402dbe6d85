#pragma once
// Forward dynamics, simulation model of Llibre, Mampey & Chrétien 1983 §IV: qdd = A^{-1} [q_a - Q_a(q, qd, 0)],
// q_a = tau - tau_f(qd) (eq 3), A from the backward recurrence (§III), Q_a from Newton–Euler (§II),
// solved by Cholesky. Supports both rotor models. On a tree (Model::parent) the recurrence is the tree's
// (mass_matrix_recurrence.hpp) and the factorisation the sparse A = L^T L of Featherstone (RBDA §6.5;
// cholesky.hpp), which has no fill-in; a chain keeps A = L L^T.
#include "maniplab/model/cholesky.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab {

/// data.qdd = FD(q, qd, tau). Returns -1, or the index of the joint whose Cholesky pivot vanished
/// (singular or near-singular mass matrix; data.qdd is then left unchanged). Throws
/// std::invalid_argument on a q, qd, tau or a workspace of the wrong size.
template <typename S>
int forwardDynamicsCholesky(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                            const VectorXT<S>& qd, const VectorXT<S>& tau, const RneaOptions& opt = {}) {
  checkModelData("forwardDynamicsCholesky", model, data);
  checkSize("forwardDynamicsCholesky", "q", q, model.nq);
  checkSize("forwardDynamicsCholesky", "qd", qd, model.nq);
  checkSize("forwardDynamicsCholesky", "tau", tau, model.nq);
  data.tmp.setZero();
  detail::rneaUnchecked(model, data, q, qd, data.tmp, opt, static_cast<const Vector6T<S>*>(nullptr));  // Q_a(q, qd, 0) + tau_f(qd) (per opt)
  data.nle = data.tau;
  detail::massMatrixRecurrenceUnchecked(model, data, q, true);  // rnea left the joint transforms at q in data.liMi
  if (model.isChain()) {
    const int bad = detail::choleskyFactorUnchecked(data.M, data.L);
    if (bad >= 0) return bad;
    data.qdd = tau - data.nle;
    detail::choleskySolveUnchecked(data.L, data.qdd);
    return -1;
  }
  const int bad = detail::ltlFactorUnchecked(data.M, model.parent, data.L);
  if (bad >= 0) return bad;
  data.qdd = tau - data.nle;
  detail::ltlSolveUnchecked(data.L, model.parent, data.qdd);
  return -1;
}

extern template int forwardDynamicsCholesky<double>(const Model&, Data&, const VectorX&, const VectorX&,
                                                    const VectorX&, const RneaOptions&);

}  // namespace maniplab
