#pragma once
// Forward dynamics by the articulated-body algorithm (Featherstone, RBDA Table 7.1). Supports the ARMATURE rotor model only
// (alpha^2 j_m added to the articulated joint inertia D_i); with the full rotor model of Llibre, Mampey & Chrétien 1983 use
// forwardDynamicsCholesky (forwardDynamics() dispatches automatically). Works on a tree (Model::parent): every
// pass follows the parent array as RBDA Table 7.1 does; for a chain the operations are those of the chain
// algorithm, in the same order.
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/friction.hpp"
#include "maniplab/model/joint_transform.hpp"
#include "maniplab/model/kernel_isa.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab {

namespace detail {

// The steps of abaBody, one pass over the joints each, in its order; always inlined into it, so that the
// AVX2 + FMA clone (kernel_clone.hpp) compiles them for its target and the baseline keeps one function.
#define MANIPLAB_ABA_STEP [[gnu::always_inline]] inline

/// Pass 1a: world poses data.oMi and motion subspaces S_i (data.abaA, world, at the origin).
template <bool Tree, typename S>
MANIPLAB_ABA_STEP void abaWorldPoses(const ModelTpl<S>& model, DataTpl<S>& data) {
  using V6 = Vector6T<S>;
  const int n = model.nq;
  // Pass 1, base to tip, in three loops of small register footprint (scalar code throughout: values that
  // Eigen's partly vectorised 3-vector code stores and reads back at once with another access width stall
  // the CPU's store-to-load forwarding). 1a: world poses and motion subspaces S_i.
  S R[3][3] = {{S(1), S(0), S(0)}, {S(0), S(1), S(0)}, {S(0), S(0), S(1)}};
  S o[3] = {S(0), S(0), S(0)};
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const TransformT<S>& L = data.liMi[k];
    TransformT<S>& oX = data.oMi[k];
    const int p = Tree ? model.parent[k] : i - 1;
    if (Tree && p >= 0 && p != i - 1) {  // a tree: from the parent's pose
      const TransformT<S>& P = data.oMi[std::size_t(p)];
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) R[r][c] = P.R(r, c);
        o[r] = P.p[r];
      }
    }
    if (p < 0) {  // the base frame is the world frame
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) oX.R(r, c) = R[r][c] = L.R(r, c);
        oX.p[r] = o[r] = L.p[r];
      }
    } else {
      S Rn[3][3], on[3];
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) Rn[r][c] = R[r][0] * L.R(0, c) + R[r][1] * L.R(1, c) + R[r][2] * L.R(2, c);
        on[r] = R[r][0] * L.p.x() + R[r][1] * L.p.y() + R[r][2] * L.p.z() + o[r];
      }
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) oX.R(r, c) = R[r][c] = Rn[r][c];
        oX.p[r] = o[r] = on[r];
      }
    }
    const S z0 = R[0][2], z1 = R[1][2], z2 = R[2][2];
    V6& Si = data.abaA[k];  // motion subspace S_i (world, at the origin), kept until pass 3
    if (model.isRevolute(i)) {
      Si[0] = z0; Si[1] = z1; Si[2] = z2;
      Si[3] = o[1] * z2 - o[2] * z1; Si[4] = o[2] * z0 - o[0] * z2; Si[5] = o[0] * z1 - o[1] * z0;  // o x z
    } else {
      Si[0] = S(0); Si[1] = S(0); Si[2] = S(0); Si[3] = z0; Si[4] = z1; Si[5] = z2;
    }
  }
}

/// Pass 1b: rigid-body inertias at the world origin (data.abaIA).
template <typename S>
MANIPLAB_ABA_STEP void abaWorldInertias(const ModelTpl<S>& model, DataTpl<S>& data) {
  using M6 = Eigen::Matrix<S, 6, 6>;
  const int n = model.nq;
  // 1b (independent iterations): rigid-body inertias at the world origin, [Ibar, ~h; -~h, m 1], h = m c,
  // Ibar = R Ig R^T + m(|c|^2 1 - c c^T).
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const TransformT<S>& X = data.oMi[k];
    const auto& b = model.body[k];
    const Matrix3T<S>& Ig = b.inertia;
    const S m = b.mass;
    S t[3][3];
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) t[r][c] = X.R(r, 0) * Ig(0, c) + X.R(r, 1) * Ig(1, c) + X.R(r, 2) * Ig(2, c);
    S cw[3], h[3];
    for (int r = 0; r < 3; ++r) {
      cw[r] = X.R(r, 0) * b.com.x() + X.R(r, 1) * b.com.y() + X.R(r, 2) * b.com.z() + X.p[r];
      h[r] = m * cw[r];
    }
    const S hc = h[0] * cw[0] + h[1] * cw[1] + h[2] * cw[2];
    auto rot = [&](int a, int c) { return t[a][0] * X.R(c, 0) + t[a][1] * X.R(c, 1) + t[a][2] * X.R(c, 2); };
    M6& IA = data.abaIA[k];
    IA(0, 0) = rot(0, 0) - h[0] * cw[0] + hc;
    IA(1, 1) = rot(1, 1) - h[1] * cw[1] + hc;
    IA(2, 2) = rot(2, 2) - h[2] * cw[2] + hc;
    IA(0, 1) = IA(1, 0) = rot(0, 1) - h[0] * cw[1];
    IA(0, 2) = IA(2, 0) = rot(0, 2) - h[0] * cw[2];
    IA(1, 2) = IA(2, 1) = rot(1, 2) - h[1] * cw[2];
    // ~h = [0 -hz hy; hz 0 -hx; -hy hx 0] top right, its transpose bottom left
    IA(0, 3) = S(0); IA(0, 4) = -h[2]; IA(0, 5) = h[1];
    IA(1, 3) = h[2]; IA(1, 4) = S(0); IA(1, 5) = -h[0];
    IA(2, 3) = -h[1]; IA(2, 4) = h[0]; IA(2, 5) = S(0);
    IA(3, 0) = S(0); IA(3, 1) = h[2]; IA(3, 2) = -h[1];
    IA(4, 0) = -h[2]; IA(4, 1) = S(0); IA(4, 2) = h[0];
    IA(5, 0) = h[1]; IA(5, 1) = -h[0]; IA(5, 2) = S(0);
    IA(3, 3) = m; IA(3, 4) = S(0); IA(3, 5) = S(0);
    IA(4, 3) = S(0); IA(4, 4) = m; IA(4, 5) = S(0);
    IA(5, 3) = S(0); IA(5, 4) = S(0); IA(5, 5) = m;
  }
}

/// Pass 1c: velocity-product terms c_i (data.abaC) and bias forces p_i (data.abaPA).
template <bool Tree, typename S>
MANIPLAB_ABA_STEP void abaVelocityTerms(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& qd) {
  using V6 = Vector6T<S>;
  using M6 = Eigen::Matrix<S, 6, 6>;
  const int n = model.nq;
  // 1c: velocities, velocity-product terms c_i = v_{i-1} x (S_i qd_i) and bias forces p_i = v_i x* (I_i v_i).
  // On a tree, v_i is kept in data.abaU[i] (free until pass 2) and a joint starts from its parent's.
  S w[3] = {S(0), S(0), S(0)}, v[3] = {S(0), S(0), S(0)};  // spatial velocity at the world origin
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    if constexpr (Tree) {
      if (const int p = model.parent[k]; p != i - 1) {
        const V6* vp = p < 0 ? nullptr : &data.abaU[std::size_t(p)];
        for (int r = 0; r < 3; ++r) {
          w[r] = vp ? (*vp)[r] : S(0);
          v[r] = vp ? (*vp)[r + 3] : S(0);
        }
      }
    }
    const V6& Si = data.abaA[k];
    const S qdi = qd[i];
    V6& c = data.abaC[k];
    const S z0 = Si[0], z1 = Si[1], z2 = Si[2], y0 = Si[3], y1 = Si[4], y2 = Si[5];
    // [w x z; w x y + v x z] qd  (z = 0 for a prismatic joint)
    c[0] = (w[1] * z2 - w[2] * z1) * qdi;
    c[1] = (w[2] * z0 - w[0] * z2) * qdi;
    c[2] = (w[0] * z1 - w[1] * z0) * qdi;
    c[3] = (w[1] * y2 - w[2] * y1 + v[1] * z2 - v[2] * z1) * qdi;
    c[4] = (w[2] * y0 - w[0] * y2 + v[2] * z0 - v[0] * z2) * qdi;
    c[5] = (w[0] * y1 - w[1] * y0 + v[0] * z1 - v[1] * z0) * qdi;
    w[0] += qdi * z0; w[1] += qdi * z1; w[2] += qdi * z2;
    v[0] += qdi * y0; v[1] += qdi * y1; v[2] += qdi * y2;
    if constexpr (Tree) {
      V6& vi = data.abaU[k];
      vi[0] = w[0]; vi[1] = w[1]; vi[2] = w[2]; vi[3] = v[0]; vi[4] = v[1]; vi[5] = v[2];
    }
    // I v = [Ibar w + h x v; m v - h x w]; p = [w x hA + v x hL; w x hL]
    const M6& I = data.abaIA[k];
    const S hx = I(4, 2), hy = I(5, 0), hz = I(3, 1), m = I(3, 3);
    const S hA0 = I(0, 0) * w[0] + I(0, 1) * w[1] + I(0, 2) * w[2] + (hy * v[2] - hz * v[1]);
    const S hA1 = I(1, 0) * w[0] + I(1, 1) * w[1] + I(1, 2) * w[2] + (hz * v[0] - hx * v[2]);
    const S hA2 = I(2, 0) * w[0] + I(2, 1) * w[1] + I(2, 2) * w[2] + (hx * v[1] - hy * v[0]);
    const S hL0 = m * v[0] - (hy * w[2] - hz * w[1]);
    const S hL1 = m * v[1] - (hz * w[0] - hx * w[2]);
    const S hL2 = m * v[2] - (hx * w[1] - hy * w[0]);
    V6& p = data.abaPA[k];
    p[0] = w[1] * hA2 - w[2] * hA1 + v[1] * hL2 - v[2] * hL1;
    p[1] = w[2] * hA0 - w[0] * hA2 + v[2] * hL0 - v[0] * hL2;
    p[2] = w[0] * hA1 - w[1] * hA0 + v[0] * hL1 - v[1] * hL0;
    p[3] = w[1] * hL2 - w[2] * hL1;
    p[4] = w[2] * hL0 - w[0] * hL2;
    p[5] = w[0] * hL1 - w[1] * hL0;
  }
}

/// Pass 2: articulated inertias and bias forces; returns -1, or the joint whose D_i is not positive.
template <bool Tree, typename S>
MANIPLAB_ABA_STEP int abaArticulatedInertias(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& qd,
                                              const VectorXT<S>& tau, const RneaOptions& opt) {
  using V6 = Vector6T<S>;
  using M6 = Eigen::Matrix<S, 6, 6>;
  const int n = model.nq;
  // Pass 2, tip to base: articulated inertias and bias forces (no coordinate transforms: one frame).
  // data.abaIA[i] holds I_i from pass 1 and receives Ia of its child, Ia = IA - U U^T / D, in place;
  // data.abaPA[i] likewise receives pa = pA + Ia c + U u / D. One sweep over the columns of IA forms
  // U = IA S_i and IA c (two partial sums each: a shorter dependency chain from one joint to the next),
  // a second one adds Ia to the parent. Pass 3 gets W = U / D and (u - U.c) / D.
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    const auto& act = model.actuator[k];
    const V6& Si = data.abaA[k];
    const V6& c = data.abaC[k];
    const M6& IA = data.abaIA[k];
    const V6& pA = data.abaPA[k];
    V6 U0 = IA.col(0) * Si[0], U1 = IA.col(1) * Si[1], Ic0 = IA.col(0) * c[0], Ic1 = IA.col(1) * c[1];
    for (int j = 2; j < 6; j += 2) {
      U0 += IA.col(j) * Si[j];
      U1 += IA.col(j + 1) * Si[j + 1];
      Ic0 += IA.col(j) * c[j];
      Ic1 += IA.col(j + 1) * c[j + 1];
    }
    const V6 U = U0 + U1;
    const S D = Si.dot(U) + act.gear * act.gear * act.rotorInertia;
    if (!(D > S(0))) return i;
    const S iD = S(1) / D;
    S taui = tau[i];
    if (opt.friction) taui -= jointFriction(act, qd[i], opt.frictionSmoothing);
    const S u = taui - Si.dot(pA);
    const S uc = u - U.dot(c);
    const V6 W = U * iD;
    data.abaU[k] = W;             // pass 3: qdd_i = (u - U.c)/D - W.a_{i-1}
    data.abaUu[k] = uc * iD;
    if (const int p = Tree ? model.parent[k] : i - 1; p >= 0) {
      // pa = pA + Ia c + U u / D with Ia c = IA c - U (U.c) / D: Ia is never formed apart.
      data.abaPA[std::size_t(p)] += pA + (Ic0 + Ic1) + W * uc;
      M6& P = data.abaIA[std::size_t(p)];
      for (int j = 0; j < 6; ++j) P.col(j) = (P.col(j) + IA.col(j)) - W * U[j];
    }
  }
  return -1;
}

/// Pass 3: the joint accelerations data.qdd.
template <bool Tree, typename S>
MANIPLAB_ABA_STEP void abaAccelerations(const ModelTpl<S>& model, DataTpl<S>& data, const RneaOptions& opt) {
  using V6 = Vector6T<S>;
  const int n = model.nq;
  // Pass 3, base to tip: accelerations; the base accelerates at -g instead of gravity acting.
  // a_i = a_{i-1} + c_i + S_i qdd_i, qdd_i = (u_i - U_i.(a_{i-1} + c_i)) / D_i.
  // The last joint's term is kept apart, b = a_{i-1} - S_{i-1} qdd_{i-1}, so that
  // qdd_i = (uu_i - W_i.b) - (W_i.S_{i-1}) qdd_{i-1}: the dot product W_i.b waits for qdd_{i-2} only, and
  // one joint's acceleration follows from the previous one by a multiply-add instead of a dot product.
  V6 b, sPrev = V6::Zero();
  b << S(0), S(0), S(0), (opt.gravity ? Vector3T<S>(-model.gravity) : Vector3T<S>(Vector3T<S>::Zero()));
  if constexpr (Tree) {
    // A tree (RBDA Table 7.1 as written): a_i = a_lambda(i) + c_i + S_i qdd_i with
    // qdd_i = (u_i - U_i.(a_lambda(i) + c_i)) / D_i = uu_i - W_i.a_lambda(i); a_i replaces c_i in data.abaC.
    for (int i = 0; i < n; ++i) {
      const auto k = std::size_t(i);
      const int p = model.parent[k];
      const V6& ap = p < 0 ? b : data.abaC[std::size_t(p)];
      const S qddi = data.abaUu[k] - data.abaU[k].dot(ap);
      data.qdd[i] = qddi;
      data.abaC[k] += ap + data.abaA[k] * qddi;
    }
    return;
  }
  S qddPrev = S(0);
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const V6& W = data.abaU[k];
    const S r = data.abaUu[k] - W.dot(b);
    const S qddi = r - W.dot(sPrev) * qddPrev;
    data.qdd[i] = qddi;
    b += sPrev * qddPrev;  // a_{i-1}, then a_{i-1} + c_i = a_i - S_i qdd_i
    b += data.abaC[k];
    sPrev = data.abaA[k];
    qddPrev = qddi;
  }
}

/// The algorithm, for any scalar; abaUnchecked() is what callers use (for double it picks the
/// instruction set at run time, kernel_isa.hpp).
template <typename S>
int abaBody(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q, const VectorXT<S>& qd,
            const VectorXT<S>& tau, const RneaOptions& opt) {
  if (usesFullRotor(model)) return -2;
  // Pass 0: joint transforms, in a loop of independent iterations (the latency of sin/cos overlaps).
  jointTransforms(model, q, data.liMi);
  // The chain's passes (lambda(i) = i-1, the chain algorithm's operations) or the tree's, chosen once.
  const bool chain = model.isChain();
  if (chain) abaWorldPoses<false>(model, data); else abaWorldPoses<true>(model, data);
  abaWorldInertias(model, data);
  if (chain) abaVelocityTerms<false>(model, data, qd); else abaVelocityTerms<true>(model, data, qd);
  const int singular = chain ? abaArticulatedInertias<false>(model, data, qd, tau, opt)
                             : abaArticulatedInertias<true>(model, data, qd, tau, opt);
  if (singular >= 0) return singular;
  if (chain) abaAccelerations<false>(model, data, opt); else abaAccelerations<true>(model, data, opt);
  return -1;
}

#undef MANIPLAB_ABA_STEP

template <typename S>
int abaUnchecked(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q, const VectorXT<S>& qd,
                 const VectorXT<S>& tau, const RneaOptions& opt) {
  return abaBody(model, data, q, qd, tau, opt);
}
/// double: abaBody compiled for the baseline x86-64 and for AVX2 + FMA, chosen at run time (aba.cpp).
template <>
int abaUnchecked<double>(const Model& model, Data& data, const VectorX& q, const VectorX& qd, const VectorX& tau,
                         const RneaOptions& opt);

}  // namespace detail

/// data.qdd = FD(q, qd, tau) by ABA. Returns -1; the joint index whose articulated inertia D_i is not
/// positive (singular model); or -2 when the full rotor model is in use (not supported here). Throws
/// std::invalid_argument on a q, qd, tau or a workspace of the wrong size.
///
/// Implementation: ABA in world (base) coordinates, spatial vectors [angular; linear] taken at the world
/// origin (Featherstone RBDA §7.3 notes that any single coordinate system may be used). Then every
/// articulated inertia is added to its parent's without a coordinate transform; the price is one
/// rotation of each rigid-body inertia into the world per call. Motion subspaces move with their body:
/// dS_i/dt = v_i x S_i, whence the velocity-product term c_i = v_i x (S_i qd_i) = v_{i-1} x (S_i qd_i).
/// Leaves the world poses in data.oMi and the joint transforms in data.liMi.
template <typename S>
int aba(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q, const VectorXT<S>& qd,
        const VectorXT<S>& tau, const RneaOptions& opt = {}) {
  checkModelData("aba", model, data);
  checkSize("aba", "q", q, model.nq);
  checkSize("aba", "qd", qd, model.nq);
  checkSize("aba", "tau", tau, model.nq);
  return detail::abaUnchecked(model, data, q, qd, tau, opt);
}

extern template int aba<double>(const Model&, Data&, const VectorX&, const VectorX&, const VectorX&,
                                const RneaOptions&);

}  // namespace maniplab
