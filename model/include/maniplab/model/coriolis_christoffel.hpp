#pragma once
// Coriolis/centrifugal matrix from the Christoffel symbols of the first kind (the course notes Dynamique des robots séries §4):
//   C_kj = sum_i c_ijk qd_i,  c_ijk = 1/2 (dM_kj/dq_i + dM_ki/dq_j - dM_ij/dq_k),
// so that C qd equals the Newton–Euler velocity terms and Mdot - 2C is skew-symmetric.
//
// The partial derivatives dM/dq_k are exact and analytic, from the quantities the composite-rigid-body
// algorithm leaves in Data (crba.hpp: motion subspaces S_m, composite inertias I^c_m, F_m = I^c_m S_m, all
// in the frame R_1). Joint k moves the bodies k..n-1 by the twist S_k, so a motion vector attached to them
// changes as dS_m/dq_k = S_k x S_m and an inertia as dI/dq_k = S_k x* I - I S_k x (Featherstone, RBDA
// §2.17-2.18). With M_ji = S_j . I^c_i S_i (j <= i), 0-based joints, and k >= 1 (M does not depend on q_0):
//   k <= j:      dM_ji/dq_k = 0                      (everything moves rigidly)
//   j < k <= i:  dM_ji/dq_k = -(S_k x S_j) . F_i
//   i < k:       dM_ji/dq_k = -(S_k x S_j) . I^c_k S_i - (S_k x S_i) . I^c_k S_j
// and, in the full rotor model, the spin coupling z_j . e_i (j < i; e_i = alpha_i j_m,i eps_{i-1}, a free
// vector carried by body i-1) adds z_j . (omega_k x e_i) for j < k < i (omega_k: angular part of S_k).
// On a tree (Model::parent), "after" becomes "below": joint k moves the subtree of body k, S_m moves with q_k
// when k is a strict ancestor of m, and I^c_i (the composite of the subtree of i) moves as a whole when k is
// a strict ancestor of i, by its part I^c_k when k is a strict descendant of i. M_ji is zero unless j is an
// ancestor of i (j <= i below: j is i or one of its ancestors; "<" strict), and then
//   k <= j:                        dM_ji/dq_k = 0
//   j < k <= i:                    dM_ji/dq_k = -(S_k x S_j) . F_i
//   i < k:                         dM_ji/dq_k = -(S_k x S_j) . I^c_k S_i - (S_k x S_i) . I^c_k S_j
//   k on another branch:           dM_ji/dq_k = 0
// and the spin coupling term for j < k < i (e_i is carried by body lambda(i)). A joint on the base moves its
// subtree rigidly: its dM is zero. A chain takes the chain's loop (the same operations as before trees).
// O(n^3), no allocation (workspace in Data); the forward-mode dual numbers of dual.hpp remain available to
// differentiate any algorithm (tests check these derivatives against finite differences).
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/data.hpp"

namespace maniplab {

namespace detail {

/// The tree case of massMatrixDerivativesUnchecked (rules above), after crbaUnchecked.
template <typename S, typename Cross>
void massMatrixDerivativesTree(const ModelTpl<S>& model, DataTpl<S>& data, const Cross& motionCross, bool fullRotor) {
  using V3 = Vector3T<S>;
  using V6 = Vector6T<S>;
  const int n = model.nq;
  const auto& Sv = data.motionSubspace;
  auto& A = data.christoffelA;
  auto& B = data.christoffelB;
  auto below = [&](int a, int b) { return a != b && model.isAncestor(a, b); };  // a is a strict ancestor of b
  for (int k = 0; k < n; ++k) {
    auto& D = data.dM[std::size_t(k)];
    D.setZero();
    if (model.parent[std::size_t(k)] < 0) continue;  // moves its subtree rigidly
    const V6 Sk = Sv.col(k);
    const S m = data.compMass[std::size_t(k)];
    const V3& h = data.compFirst[std::size_t(k)];
    const Matrix3T<S>& Ib = data.compInertia[std::size_t(k)];
    // Only the strict ancestors c of k enter the terms (as j, or as i when i < k).
    for (int c = model.parent[std::size_t(k)]; c >= 0; c = model.parent[std::size_t(c)]) {
      A.col(c) = motionCross(Sk, V6(Sv.col(c)));
      const V3 w = Sv.col(c).template head<3>(), v = Sv.col(c).template tail<3>();
      B.col(c) << Ib * w + h.cross(v), m * v - h.cross(w);  // I^c_k S_c
    }
    // Entries (j, i) with j an ancestor of i that depend on q_k: j a strict ancestor of k, and i on the
    // path from k's parent... i.e. i an ancestor of k (i < k) or i in the subtree of k (k <= i).
    for (int i = 0; i < n; ++i) {
      const bool iAbove = below(i, k), iBelow = model.isAncestor(k, i);  // i < k, or k <= i
      if (!iAbove && !iBelow) continue;
      for (int j = i; j >= 0; j = model.parent[std::size_t(j)]) {
        if (!below(j, k)) continue;  // k <= j, or k on another branch: 0
        S d = iBelow ? S(-A.col(j).dot(data.crbaF.col(i))) : S(-A.col(j).dot(B.col(i)) - A.col(i).dot(B.col(j)));
        if (fullRotor && below(k, i)) {  // j < k < i: the rotor of i spins on body lambda(i), below k
          const auto& act = model.actuator[std::size_t(i)];
          const V3 e = act.gear * act.rotorInertia * (data.crbaX[std::size_t(model.parent[std::size_t(i)])].R * act.rotorAxis);
          d += V3(Sv.col(j).template head<3>()).dot(V3(Sk.template head<3>()).cross(e));
        }
        D(j, i) = d;
        D(i, j) = d;
      }
    }
  }
}

template <typename S>
void massMatrixDerivativesUnchecked(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q) {
  using V3 = Vector3T<S>;
  using V6 = Vector6T<S>;
  const int n = model.nq;
  crbaUnchecked(model, data, q, false);
  const auto& Sv = data.motionSubspace;
  auto& A = data.christoffelA;
  auto& B = data.christoffelB;
  auto motionCross = [](const V6& a, const V6& b) {  // [w1; v1] x [w2; v2] = [w1 x w2; w1 x v2 + v1 x w2]
    V6 r;
    const V3 w1 = a.template head<3>(), v1 = a.template tail<3>(), w2 = b.template head<3>(), v2 = b.template tail<3>();
    r << w1.cross(w2), w1.cross(v2) + v1.cross(w2);
    return r;
  };
  const bool fullRotor = usesFullRotor(model);
  if (!model.isChain()) [[unlikely]] {
    massMatrixDerivativesTree(model, data, motionCross, fullRotor);
    return;
  }
  data.dM[0].setZero();
  for (int k = 1; k < n; ++k) {
    auto& D = data.dM[std::size_t(k)];
    const V6 Sk = Sv.col(k);
    const S m = data.compMass[std::size_t(k)];
    const V3& h = data.compFirst[std::size_t(k)];
    const Matrix3T<S>& Ib = data.compInertia[std::size_t(k)];
    for (int c = 0; c < n; ++c) {
      A.col(c) = motionCross(Sk, V6(Sv.col(c)));
      if (c < k) {  // I^c_k S_c = [Ibar w + h x v; m v - h x w]
        const V3 w = Sv.col(c).template head<3>(), v = Sv.col(c).template tail<3>();
        B.col(c) << Ib * w + h.cross(v), m * v - h.cross(w);
      }
    }
    for (int i = 0; i < n; ++i)
      for (int j = 0; j <= i; ++j) {
        S d;
        if (k <= j)
          d = S(0);
        else if (k <= i)
          d = -A.col(j).dot(data.crbaF.col(i));
        else
          d = -A.col(j).dot(B.col(i)) - A.col(i).dot(B.col(j));
        if (fullRotor && j < k && k < i) {
          const auto& act = model.actuator[std::size_t(i)];
          const V3 e = act.gear * act.rotorInertia * (data.crbaX[std::size_t(i - 1)].R * act.rotorAxis);
          const V3 wk = Sk.template head<3>();
          d += V3(Sv.col(j).template head<3>()).dot(wk.cross(e));
        }
        D(j, i) = d;
        D(i, j) = d;
      }
  }
}

}  // namespace detail

/// data.dM[k] = dM/dq_k for every k (analytic, see above). Runs crba at q (data.M is M(q) afterwards).
/// Throws std::invalid_argument on a q or a workspace of the wrong size.
template <typename S> void massMatrixDerivatives(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q) {
  checkModelData("massMatrixDerivatives", model, data);
  checkSize("massMatrixDerivatives", "q", q, model.nq);
  detail::massMatrixDerivativesUnchecked(model, data, q);
}

/// data.C = C(q, qd) (computes data.dM first). Cost O(n^3), no allocation. Throws std::invalid_argument on
/// a q, qd or a workspace of the wrong size.
template <typename S>
const MatrixXT<S>& coriolisMatrix(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                  const VectorXT<S>& qd) {
  checkModelData("coriolisMatrix", model, data);
  checkSize("coriolisMatrix", "q", q, model.nq);
  checkSize("coriolisMatrix", "qd", qd, model.nq);
  const int n = model.nq;
  detail::massMatrixDerivativesUnchecked(model, data, q);
  const auto& dM = data.dM;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j) {
      S s = S(0);
      for (int i = 0; i < n; ++i)
        s += (dM[std::size_t(i)](k, j) + dM[std::size_t(j)](k, i) - dM[std::size_t(k)](i, j)) * qd[i];
      data.C(k, j) = S(0.5) * s;
    }
  return data.C;
}

extern template void massMatrixDerivatives<double>(const Model&, Data&, const VectorX&);
extern template const MatrixX& coriolisMatrix<double>(const Model&, Data&, const VectorX&, const VectorX&);

}  // namespace maniplab
