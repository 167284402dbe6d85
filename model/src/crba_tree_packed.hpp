#pragma once
// Private to model/src: the mass matrix of a tree by the composite-rigid-body algorithm in the frame R_1
// (Featherstone, RBDA §6.2–6.3 and Table 6.2, as crba.hpp describes it), for double, with every 3-vector held
// in a 4-lane vector (GCC/Clang vector extensions; lane 3 is zero). It runs inside the AVX2 + FMA clone of
// crba (crba.cpp), where one lane-wise operation is one instruction; the baseline code keeps the scalar pass
// of crba.hpp (this form, lowered to SSE2 pairs, measured 1.3 times the scalar pass's time there).
//
// The same quantities as crba.hpp's pass, in the same order of joints:
//   - forward: R_i and o_i relative to R_1 (the parent's pose times the joint transform, columns
//     R_i e_c = sum_k R_par e_k (L.R)_kc: three lane-wise multiply-adds per column), S_i, and the body
//     inertia about the origin of R_1, Ibar = A R^T - h c^T + (h . c) 1 with A = R I_G, h = m c, c = R d + o
//     (each column of A and of Ibar: three lane-wise multiply-adds);
//   - backward: composite i = body i + its children's composites (carried in registers from i+1 when i is
//     i+1's parent, else added to the parent's slot), F_i = I^c_i S_i, M_ji = S_j . F_i for the ancestors j
//     of i (one lane-wise product and multiply-add, then the sum of three lanes), the full-rotor spin
//     momentum added to F_i for the entries j < i, the armature on the diagonal;
//   - every output crba() documents (crbaX, motionSubspace, compMass/compFirst/compInertia, crbaF) written
//     to Data as the scalar pass writes them.
// Results differ from the scalar pass by rounding only (test_kernel_isa, tree rows; and the tree tests
// against MuJoCo and KDL run this code on an AVX2 machine). Measured on tree30 (maniplab-bench's 30-joint
// tree, README "Benchmark"): 0.68–0.73 of the scalar pass's time in the AVX2 clone.
#include <cstring>

#include "maniplab/model/data.hpp"
#include "maniplab/model/joint_transform.hpp"

namespace maniplab::detail::packed {

typedef double v4 __attribute__((vector_size(32)));

// Everything here is compiled for AVX2 + FMA and inlined into crba's clone (a 4-lane vector is then one
// register, and no call passes one across the baseline ABI).
#define MANIPLAB_PACKED [[gnu::always_inline, gnu::target("avx2,fma")]] inline

MANIPLAB_PACKED v4 load(const double* p) {
  v4 r;
  std::memcpy(&r, p, sizeof r);
  return r;
}
MANIPLAB_PACKED void store(double* p, v4 x) { std::memcpy(p, &x, sizeof x); }
/// The three used lanes of x into p[0..2] (p[3] is not touched: it belongs to the next column or vector).
MANIPLAB_PACKED void store3(double* p, v4 x) {
  p[0] = x[0];
  p[1] = x[1];
  p[2] = x[2];
}
MANIPLAB_PACKED v4 yzx(v4 a) { return __builtin_shufflevector(a, a, 1, 2, 0, 3); }
MANIPLAB_PACKED v4 zxy(v4 a) { return __builtin_shufflevector(a, a, 2, 0, 1, 3); }
/// a x b on lanes 0..2; lane 3 stays a_3 b_3 - a_3 b_3 = 0.
MANIPLAB_PACKED v4 cross(v4 a, v4 b) { return yzx(a) * zxy(b) - zxy(a) * yzx(b); }
MANIPLAB_PACKED double sum3(v4 a) { return a[0] + a[1] + a[2]; }

/// Requires a tree model (not a chain: crbaPass<false> keeps the chain's operations) with n >= 1, and data
/// built for it (data.crbaPacked has n entries).
MANIPLAB_PACKED const MatrixX& crbaTree(const Model& model, Data& data, const VectorX& q, bool transformsReady) {
  const int n = model.nq;
  const v4 zero = {0.0, 0.0, 0.0, 0.0};
  const v4 ex = {1.0, 0.0, 0.0, 0.0}, ey = {0.0, 1.0, 0.0, 0.0}, ez = {0.0, 0.0, 1.0, 0.0};
  const bool fullRotor = usesFullRotor(model);
  bool baseChildren = false;
  for (int i = 1; i < n; ++i) baseChildren = baseChildren || model.parent[std::size_t(i)] < 0;
  data.M.setZero();  // the entries of two joints on different branches stay zero
  if (!transformsReady) jointTransforms(model, q, data.liMi, baseChildren ? 0 : 1);
  // The base relative to R_1 (a tree's other joints on the base hang from it).
  alignas(32) double base[16] = {1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  if (baseChildren) {
    const Transform b = data.liMi[0].inverse();
    for (int c = 0; c < 3; ++c)
      for (int r = 0; r < 3; ++r) base[4 * c + r] = b.R(r, c);
    for (int r = 0; r < 3; ++r) base[12 + r] = b.p[r];
  }
  Data::CrbaPacked* W = data.crbaPacked.data();
  // Forward: poses, motion subspaces, body inertias in R_1.
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    Data::CrbaPacked& w = W[k];
    v4 R0 = ex, R1 = ey, R2 = ez, o = zero;
    if (i > 0) {
      const int par = model.parent[k];
      const double* P = par < 0 ? base : W[std::size_t(par)].pose;
      const v4 P0 = load(P), P1 = load(P + 4), P2 = load(P + 8), Pp = load(P + 12);
      const Transform& L = data.liMi[k];
      const double* l = L.R.data();  // column-major
      R0 = P0 * l[0] + P1 * l[1] + P2 * l[2];
      R1 = P0 * l[3] + P1 * l[4] + P2 * l[5];
      R2 = P0 * l[6] + P1 * l[7] + P2 * l[8];
      o = P0 * L.p[0] + P1 * L.p[1] + P2 * L.p[2] + Pp;
    }
    store(w.pose, R0);
    store(w.pose + 4, R1);
    store(w.pose + 8, R2);
    store(w.pose + 12, o);
    const bool revolute = model.isRevolute(i);
    store(w.subspace, revolute ? R2 : zero);
    store(w.subspace + 4, revolute ? cross(o, R2) : R2);
    // Body inertia about the origin of R_1.
    const auto& b = model.body[k];
    const double* g = b.inertia.data();
    const v4 A0 = R0 * g[0] + R1 * g[1] + R2 * g[2];
    const v4 A1 = R0 * g[3] + R1 * g[4] + R2 * g[5];
    const v4 A2 = R0 * g[6] + R1 * g[7] + R2 * g[8];
    const v4 c = o + R0 * b.com[0] + R1 * b.com[1] + R2 * b.com[2];
    const v4 h = c * b.mass;
    const double hc = sum3(h * c);
    store(w.inertia, A0 * R0[0] + A1 * R1[0] + A2 * R2[0] - h * c[0] + ex * hc);
    store(w.inertia + 4, A0 * R0[1] + A1 * R1[1] + A2 * R2[1] - h * c[1] + ey * hc);
    store(w.inertia + 8, A0 * R0[2] + A1 * R1[2] + A2 * R2[2] - h * c[2] + ez * hc);
    store(w.inertia + 12, h + v4{0.0, 0.0, 0.0, b.mass});  // first moment; lane 3: mass
  }
  // Backward: composites (in w.inertia), F_i, the entries of column i and row i.
  v4 carry0 = zero, carry1 = zero, carry2 = zero, carryH = zero;  // composite i+1, when i is its parent
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    Data::CrbaPacked& w = W[k];
    const v4 C0 = load(w.inertia) + carry0, C1 = load(w.inertia + 4) + carry1, C2 = load(w.inertia + 8) + carry2;
    const v4 hm = load(w.inertia + 12) + carryH;
    const v4 h = hm * v4{1.0, 1.0, 1.0, 0.0};
    const double m = hm[3];
    const v4 Sa = load(w.subspace), Sl = load(w.subspace + 4);
    v4 Fa, Fl;
    if (model.isRevolute(i)) {  // [Ibar z + h x y; m y - h x z], S = [z; y]
      Fa = C0 * Sa[0] + C1 * Sa[1] + C2 * Sa[2] + cross(h, Sl);
      Fl = Sl * m - cross(h, Sa);
    } else {  // S = [0; z]: [h x z; m z]
      Fa = cross(h, Sl);
      Fl = Sl * m;
    }
    data.compMass[k] = m;
    store3(data.compFirst[k].data(), h);
    double* Cd = data.compInertia[k].data();
    store3(Cd, C0);
    store3(Cd + 3, C1);
    store3(Cd + 6, C2);
    store3(&data.crbaF(0, i), Fa);
    store3(&data.crbaF(3, i), Fl);
    const auto& act = model.actuator[k];
    data.M(i, i) = sum3(Sa * Fa + Sl * Fl) + act.gear * act.gear * act.rotorInertia;
    const int par = model.parent[k];
    if (par >= 0 && fullRotor) {  // alpha_i j_mi eps_{i-1}, in R_1
      const double* P = W[std::size_t(par)].pose;
      const double s = act.gear * act.rotorInertia;
      Fa += (load(P) * act.rotorAxis[0] + load(P + 4) * act.rotorAxis[1] + load(P + 8) * act.rotorAxis[2]) * s;
    }
    for (int j = par; j >= 0; j = model.parent[std::size_t(j)]) {  // the ancestors of i
      const double* Sj = W[std::size_t(j)].subspace;
      const double v = sum3(load(Sj) * Fa + load(Sj + 4) * Fl);
      data.M(j, i) = v;
      data.M(i, j) = v;
    }
    if (par == i - 1) {
      carry0 = C0; carry1 = C1; carry2 = C2; carryH = hm;
    } else {  // composite i goes onto its parent's body, nothing is carried to i-1
      if (par >= 0) {
        double* Pw = W[std::size_t(par)].inertia;
        store(Pw, load(Pw) + C0);
        store(Pw + 4, load(Pw + 4) + C1);
        store(Pw + 8, load(Pw + 8) + C2);
        store(Pw + 12, load(Pw + 12) + hm);
      }
      carry0 = zero; carry1 = zero; carry2 = zero; carryH = zero;
    }
  }
  // The poses and motion subspaces into Data's own layout.
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const Data::CrbaPacked& w = W[k];
    Transform& X = data.crbaX[k];
    store3(X.R.data(), load(w.pose));
    store3(X.R.data() + 3, load(w.pose + 4));
    store3(X.R.data() + 6, load(w.pose + 8));
    store3(X.p.data(), load(w.pose + 12));
    store3(&data.motionSubspace(0, i), load(w.subspace));
    store3(&data.motionSubspace(3, i), load(w.subspace + 4));
  }
  return data.M;
}

}  // namespace maniplab::detail::packed

#undef MANIPLAB_PACKED
