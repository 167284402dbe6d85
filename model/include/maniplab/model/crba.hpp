#pragma once
// Mass matrix by the composite-rigid-body algorithm (Walker–Orin method 3; Featherstone, RBDA §6.2 and
// the "spatial force in a common frame" form of §6.3), in the frame R_1 of the first body (M does not
// depend on q_1, and any frame fixed to one body gives the same M):
//   - the pose of every R_i relative to R_1, the motion subspace of every joint as a Plücker 6-vector
//     S_i = [z_i; o_i x z_i] (revolute) or [0; z_i] (prismatic), taken at the origin of R_1;
//   - every body's inertia moved once into R_1: mass m, first moment h = m c and inertia Ibar about the
//     origin of R_1 (Ibar = R I_G R^T + m (|c|^2 1 - c c^T), c the centre of mass);
//   - tip to base, composite i = body i + composite i+1 (plain sums: all in one frame), its momentum under
//     unit rate of joint i, F_i = I^c_i S_i, and the entries M_ji = S_j . F_i (j <= i): one 6-vector dot
//     product each, where the body-frame form moves F_i through every joint between i and j.
// On a tree (Model::parent; Featherstone RBDA §6.2, Table 6.2): the pose of R_i is that of its parent times the joint
// transform (a joint on the base: the base's pose relative to R_1, the inverse of joint 1's transform),
// composite i = body i + the composites of its children, and M_ji = S_j . F_i only for the ancestors j of
// i, found by walking j = lambda(j) up from i (branch-induced sparsity, RBDA §6.5); every other entry is
// zero. For a chain the operations are those of the chain algorithm, in the same order. For double on a
// tree, the AVX2 + FMA clone (kernel_isa.hpp) runs this pass with every 3-vector in a 4-lane vector
// (model/src/crba_tree_packed.hpp; the same quantities, results equal to rounding); the baseline code and
// every other scalar type run crbaPass below.
// The rotor spin momentum alpha_i j_mi eps_{i-1} (full rotor model, Llibre, Mampey & Chrétien 1983 §III), a free vector carried by
// body i-1, is added to F_i for the entries j < i; the armature term alpha_i^2 j_mi on the diagonal in both
// rotor models.
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/joint_transform.hpp"
#include "maniplab/model/kernel_isa.hpp"

namespace maniplab {

namespace detail {

/// The algorithm, for any scalar, on a chain (Tree = false: the chain algorithm's operations, joint i's
/// parent is i-1) or on any tree (Tree = true); crbaBody() chooses once per call.
template <bool Tree, typename S>
[[gnu::always_inline]] inline const MatrixXT<S>& crbaPass(const ModelTpl<S>& model, DataTpl<S>& data,
                                                          const VectorXT<S>& q, bool transformsReady) {
  // Written with scalar locals carried from one joint to the next: values stored by Eigen's partly
  // vectorised 3-vector code and read back at once with another access width stall the store-to-load
  // forwarding of the CPU (measured: a third of the time of a first, Eigen-only version).
  const int n = model.nq;
  if (n == 0) return data.M;
  const bool fullRotor = usesFullRotor(model);
  auto& X = data.crbaX;           // R_i relative to R_1
  auto& Sv = data.motionSubspace;  // S_i in R_1, at its origin
  // Joint transforms first, in a loop of independent iterations (the latency of sin/cos overlaps).
  // A tree with joints on the base other than joint 1 needs joint 1's transform too (the base's pose in R_1).
  bool baseChildren = false;
  if constexpr (Tree) {
    for (int i = 1; i < n; ++i) baseChildren = baseChildren || model.parent[std::size_t(i)] < 0;
    data.M.setZero();  // the entries of two joints on different branches stay zero
  }
  if (!transformsReady) jointTransforms(model, q, data.liMi, baseChildren ? 0 : 1);
  TransformT<S> X0;  // the base relative to R_1 (used only by a tree's other joints on the base)
  if (baseChildren) X0 = data.liMi[0].inverse();
  // Forward: poses, motion subspaces, body inertias in R_1.
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    TransformT<S>& Xi = X[k];
    const int par = Tree ? model.parent[k] : i - 1;
    if (i == 0) {
      Xi = TransformT<S>();
    } else if (par == 0) {  // R_2 relative to R_1 is the joint transform itself
      Xi = data.liMi[k];
    } else {  // Eigen's products write and read these with the same access widths
      const TransformT<S>& L = data.liMi[k];
      const TransformT<S>& P = par < 0 ? X0 : X[std::size_t(par)];
      Xi.R.noalias() = P.R * L.R;
      Xi.p.noalias() = P.R * L.p;
      Xi.p += P.p;
    }
    const Matrix3T<S>& Rm = Xi.R;
    const S o[3] = {Xi.p[0], Xi.p[1], Xi.p[2]};
    const S z0 = Rm(0, 2), z1 = Rm(1, 2), z2 = Rm(2, 2);
    if (model.isRevolute(i)) {
      Sv(0, i) = z0; Sv(1, i) = z1; Sv(2, i) = z2;
      Sv(3, i) = o[1] * z2 - o[2] * z1;
      Sv(4, i) = o[2] * z0 - o[0] * z2;
      Sv(5, i) = o[0] * z1 - o[1] * z0;
    } else {
      Sv(0, i) = S(0); Sv(1, i) = S(0); Sv(2, i) = S(0);
      Sv(3, i) = z0; Sv(4, i) = z1; Sv(5, i) = z2;
    }
    // Body inertia about the origin of R_1: Ibar = R Ig R^T + m (|c|^2 1 - c c^T), h = m c, c = R d + o.
    const auto& b = model.body[k];
    const Matrix3T<S>& Ig = b.inertia;
    S t[3][3], cw[3], h[3];  // t = R Ig R^T (upper triangle), c
    if (i == 0) {  // R_1 itself: R = 1, o = 0
      for (int r = 0; r < 3; ++r) {
        for (int c = r; c < 3; ++c) t[r][c] = Ig(r, c);
        cw[r] = b.com[r];
      }
    } else {
      Matrix3T<S> T;
      T.noalias() = Rm * Ig * Rm.transpose();
      Vector3T<S> c = Xi.p;
      c.noalias() += Rm * b.com;
      for (int r = 0; r < 3; ++r) {
        for (int cc = r; cc < 3; ++cc) t[r][cc] = T(r, cc);
        cw[r] = c[r];
      }
    }
    for (int r = 0; r < 3; ++r) h[r] = b.mass * cw[r];
    const S hc = h[0] * cw[0] + h[1] * cw[1] + h[2] * cw[2];
    auto rot = [&](int a, int c) { return t[a][c]; };
    Matrix3T<S>& Ib = data.compInertia[k];
    Ib(0, 0) = rot(0, 0) - h[0] * cw[0] + hc;
    Ib(1, 1) = rot(1, 1) - h[1] * cw[1] + hc;
    Ib(2, 2) = rot(2, 2) - h[2] * cw[2] + hc;
    Ib(0, 1) = Ib(1, 0) = rot(0, 1) - h[0] * cw[1];
    Ib(0, 2) = Ib(2, 0) = rot(0, 2) - h[0] * cw[2];
    Ib(1, 2) = Ib(2, 1) = rot(1, 2) - h[1] * cw[2];
    data.compFirst[k] = Vector3T<S>(h[0], h[1], h[2]);
    data.compMass[k] = b.mass;
  }
  // Backward: composite i = body i + composite i+1 (running sums in locals; on a tree, + the composites of
  // the other children, already added to data.comp*[i]), F_i = I^c_i S_i, then the entries M_ji = S_j . F_i
  // of column i and row i for the ancestors j of i.
  S cm = S(0), ch[3] = {S(0), S(0), S(0)}, cI[6] = {S(0), S(0), S(0), S(0), S(0), S(0)};  // I: xx yy zz xy xz yz
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    const Matrix3T<S>& Ib = data.compInertia[k];
    const Vector3T<S>& hb = data.compFirst[k];
    cm += data.compMass[k];
    ch[0] += hb.x(); ch[1] += hb.y(); ch[2] += hb.z();
    cI[0] += Ib(0, 0); cI[1] += Ib(1, 1); cI[2] += Ib(2, 2);
    cI[3] += Ib(0, 1); cI[4] += Ib(0, 2); cI[5] += Ib(1, 2);
    S F[6];
    if (model.isRevolute(i)) {
      // [Ibar z + h x y; m y - h x z], S = [z; y]
      const S z0 = Sv(0, i), z1 = Sv(1, i), z2 = Sv(2, i), y0 = Sv(3, i), y1 = Sv(4, i), y2 = Sv(5, i);
      F[0] = cI[0] * z0 + cI[3] * z1 + cI[4] * z2 + (ch[1] * y2 - ch[2] * y1);
      F[1] = cI[3] * z0 + cI[1] * z1 + cI[5] * z2 + (ch[2] * y0 - ch[0] * y2);
      F[2] = cI[4] * z0 + cI[5] * z1 + cI[2] * z2 + (ch[0] * y1 - ch[1] * y0);
      F[3] = cm * y0 - (ch[1] * z2 - ch[2] * z1);
      F[4] = cm * y1 - (ch[2] * z0 - ch[0] * z2);
      F[5] = cm * y2 - (ch[0] * z1 - ch[1] * z0);
    } else {
      const S z0 = Sv(3, i), z1 = Sv(4, i), z2 = Sv(5, i);
      F[0] = ch[1] * z2 - ch[2] * z1;
      F[1] = ch[2] * z0 - ch[0] * z2;
      F[2] = ch[0] * z1 - ch[1] * z0;
      F[3] = cm * z0;
      F[4] = cm * z1;
      F[5] = cm * z2;
    }
    // Leave composite i and F_i in data (write-only here; used by massMatrixDerivatives).
    data.compMass[k] = cm;
    data.compFirst[k] = Vector3T<S>(ch[0], ch[1], ch[2]);
    {
      Matrix3T<S>& C = data.compInertia[k];
      C(0, 0) = cI[0]; C(1, 1) = cI[1]; C(2, 2) = cI[2];
      C(0, 1) = C(1, 0) = cI[3];
      C(0, 2) = C(2, 0) = cI[4];
      C(1, 2) = C(2, 1) = cI[5];
    }
    for (int r = 0; r < 6; ++r) data.crbaF(r, i) = F[r];
    const auto& act = model.actuator[k];
    auto dotS = [&](int j) {
      return Sv(0, j) * F[0] + Sv(1, j) * F[1] + Sv(2, j) * F[2] + Sv(3, j) * F[3] + Sv(4, j) * F[4] +
             Sv(5, j) * F[5];
    };
    data.M(i, i) = dotS(i) + act.gear * act.gear * act.rotorInertia;
    const int par = Tree ? model.parent[k] : i - 1;
    if (par >= 0 && fullRotor) {
      const Vector3T<S> e = act.gear * act.rotorInertia * (X[std::size_t(par)].R * act.rotorAxis);
      F[0] += e.x(); F[1] += e.y(); F[2] += e.z();
    }
    if constexpr (!Tree) {
      for (int j = i - 1; j >= 0; --j) {
        const S v = dotS(j);
        data.M(j, i) = v;
        data.M(i, j) = v;
      }
      continue;
    }
    for (int j = par; j >= 0; j = model.parent[std::size_t(j)]) {  // the ancestors of i
      const S v = dotS(j);
      data.M(j, i) = v;
      data.M(i, j) = v;
    }
    if (par != i - 1) {  // composite i goes onto its parent's body, nothing is carried to i-1
      if (par >= 0) {
        const auto pk = std::size_t(par);
        data.compMass[pk] += cm;
        data.compFirst[pk] += Vector3T<S>(ch[0], ch[1], ch[2]);
        Matrix3T<S>& P = data.compInertia[pk];
        P(0, 0) += cI[0]; P(1, 1) += cI[1]; P(2, 2) += cI[2];
        P(0, 1) += cI[3]; P(1, 0) += cI[3];
        P(0, 2) += cI[4]; P(2, 0) += cI[4];
        P(1, 2) += cI[5]; P(2, 1) += cI[5];
      }
      cm = S(0);
      for (int r = 0; r < 3; ++r) ch[r] = S(0);
      for (int r = 0; r < 6; ++r) cI[r] = S(0);
    }
  }
  return data.M;
}

/// The algorithm, for any scalar; crbaUnchecked() is what callers use (for double it picks the
/// instruction set at run time, kernel_isa.hpp).
template <typename S>
const MatrixXT<S>& crbaBody(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                            bool transformsReady) {
  return model.isChain() ? crbaPass<false>(model, data, q, transformsReady)
                         : crbaPass<true>(model, data, q, transformsReady);
}

template <typename S>
const MatrixXT<S>& crbaUnchecked(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                 bool transformsReady) {
  return crbaBody(model, data, q, transformsReady);
}
/// double: crbaBody compiled for the baseline x86-64 and for AVX2 + FMA, chosen at run time (crba.cpp).
template <>
const MatrixX& crbaUnchecked<double>(const Model& model, Data& data, const VectorX& q, bool transformsReady);

}  // namespace detail

/// data.M = M(q), the full symmetric matrix. `transformsReady`: data.liMi already holds the joint
/// transforms at q (e.g. after rnea at the same q). M does not depend on q_1: joint 1's transform is
/// neither needed nor computed (except on a tree with other joints on the base, where it places the base). Throws std::invalid_argument on a q or a workspace of the wrong size.
/// Leaves in data: crbaX (poses relative to R_1), motionSubspace (S_i in R_1), the composite inertias
/// compMass, compFirst, compInertia (mass, first moment and inertia about the origin of R_1, in R_1) and
/// crbaF (F_i = I^c_i S_i, without the rotor spin term).
template <typename S>
const MatrixXT<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q, bool transformsReady = false) {
  checkModelData("crba", model, data);
  checkSize("crba", "q", q, model.nq);
  return detail::crbaUnchecked(model, data, q, transformsReady);
}

extern template const MatrixX& crba<double>(const Model&, Data&, const VectorX&, bool);

}  // namespace maniplab
