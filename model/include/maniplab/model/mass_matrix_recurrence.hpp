#pragma once
// Kinetic-energy matrix A(q) by the backward recurrence of Llibre, Mampey & Chrétien 1983 §III.2 ("Mampey algorithm"),
// with actuators (errata E6, E7 of the reference notes applied). Indices in the comments are the paper's
// (k = 1..n); arrays are 0-based (k-1).
//
// Trees (Model::parent; Llibre, Mampey & Chrétien state in §I that their algorithms extend to trees without
// loops): body k's successor k+1 becomes each of its children c (lambda(c) = k) and the predecessor k-1
// becomes lambda(k). Step 1: mu_k is the mass of the subtree of k, and C_k, b_k take the placement term of
// every revolute child. Step 3, k = n..1: the composite Q_k, n'_k of the subtree of k is complete once its
// children (numbered after it) are done; column k is carried up through the ancestors of k only (the
// entries between branches are zero), and Q_k, n''_k are added into lambda(k)'s. A chain keeps the chain's
// loop below (the same operations as before trees).
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/joint_transform.hpp"

namespace maniplab {

namespace detail {

/// The tree case of massMatrixRecurrenceUnchecked (see the header comment); 0-based indices.
template <typename S>
const MatrixXT<S>& massMatrixRecurrenceTree(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                            bool transformsReady) {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;
  const int n = model.nq;
  const bool fullRotor = usesFullRotor(model);
  auto& mu = data.compMass;     // mu_k, then the subtree's
  auto& Ck = data.compInertia;  // C_k, then Q_k
  auto& bk = data.compFirst;    // b_k, then n'_k
  auto& A = data.M;
  A.setZero();
  // Step 1: each body's own terms, then (children first) the subtree masses and each revolute child's
  // placement term in its parent's C and b.
  for (int k = 0; k < n; ++k) {
    const auto& bd = model.body[std::size_t(k)];
    mu[std::size_t(k)] = bd.mass;
    M3& C = Ck[std::size_t(k)];
    C = bd.inertia;
    C.noalias() -= (bd.mass * bd.com) * bd.com.transpose();
    C.diagonal().array() += bd.mass * bd.com.squaredNorm();
    bk[std::size_t(k)] = -bd.mass * bd.com;
  }
  for (int k = n - 1; k >= 0; --k) {
    const int p = model.parent[std::size_t(k)];
    if (p < 0) continue;
    const S muk = mu[std::size_t(k)];
    mu[std::size_t(p)] += muk;
    if (model.isRevolute(k)) {
      const V3& l = model.placement[std::size_t(k)].p;
      M3& C = Ck[std::size_t(p)];
      C.noalias() -= (muk * l) * l.transpose();
      C.diagonal().array() += muk * l.squaredNorm();
      bk[std::size_t(p)] -= muk * l;
    }
  }
  // Step 2: the joint transforms (a joint on the base is never carried further: its transform is unused).
  if (!transformsReady) jointTransforms(model, q, data.liMi, 1);
  // Step 3: backward over the tree.
  for (int k = n - 1; k >= 0; --k) {
    const auto& act = model.actuator[std::size_t(k)];
    const M3& Qk = Ck[std::size_t(k)];
    A(k, k) = act.gear * act.gear * act.rotorInertia + (model.isRevolute(k) ? Qk(2, 2) : mu[std::size_t(k)]);
    const int p = model.parent[std::size_t(k)];
    if (p < 0) continue;
    const auto& Sk = data.liMi[std::size_t(k)];
    const V3& lam = Sk.p;
    const V3 kk = model.placement[std::size_t(k)].R.col(2);
    const bool rk = model.isRevolute(k);
    const S muk = mu[std::size_t(k)];
    const V3 np = Sk.R * bk[std::size_t(k)];
    const V3 npp = rk ? np : V3(np - muk * lam);
    const M3 Q = Sk.R * Qk;
    V3 t = rk ? V3(np.cross(kk)) : V3(muk * kk);
    V3 g = rk ? V3(Q.col(2) + lam.cross(t)) : V3(-npp.cross(kk));
    if (fullRotor) g += act.gear * act.rotorInertia * act.rotorAxis;
    A(p, k) = model.isRevolute(p) ? g.z() : t.z();
    for (int i = p; model.parent[std::size_t(i)] >= 0; i = model.parent[std::size_t(i)]) {
      const auto& Si = data.liMi[std::size_t(i)];
      t = Si.R * t;
      g = Si.R * g + Si.p.cross(t);
      const int a = model.parent[std::size_t(i)];
      A(a, k) = model.isRevolute(a) ? g.z() : t.z();
    }
    V3 nh = np;
    S diagAdd = S(-2) * lam.dot(np);
    if (!rk) {
      nh -= S(0.5) * muk * lam;
      diagAdd += muk * lam.squaredNorm();
    }
    M3& Qp = Ck[std::size_t(p)];
    Qp.noalias() += Q * Sk.R.transpose();
    Qp.noalias() += nh * lam.transpose();
    Qp.noalias() += lam * nh.transpose();
    Qp.diagonal().array() += diagAdd;
    bk[std::size_t(p)] += npp;
  }
  for (int j = 0; j < n; ++j)
    for (int i = j + 1; i < n; ++i) A(i, j) = A(j, i);
  return A;
}

template <typename S>
const MatrixXT<S>& massMatrixRecurrenceUnchecked(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                                 bool transformsReady) {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;
  const int n = model.nq;
  if (n == 0) return data.M;
  if (!model.isChain()) [[unlikely]]
    return massMatrixRecurrenceTree(model, data, q, transformsReady);
  const bool fullRotor = usesFullRotor(model);
  auto rho = [&](int k) { return model.isRevolute(k - 1); };  // seed index k
  auto& mu = data.compMass;     // mu_k at [k-1]
  auto& Ck = data.compInertia;  // C_k
  auto& bk = data.compFirst;    // b_k
  auto& A = data.M;

  // Step 1: configuration-independent quantities.
  S muNext = S(0);
  for (int k = n; k >= 1; --k) {
    const auto& bd = model.body[std::size_t(k - 1)];
    // -m ~d~d = m (|d|^2 1 - d d^T)   (~a~b = b a^T - (a.b) 1)
    mu[std::size_t(k - 1)] = muNext + bd.mass;
    M3& C = Ck[std::size_t(k - 1)];
    C = bd.inertia;
    C.noalias() -= (bd.mass * bd.com) * bd.com.transpose();
    C.diagonal().array() += bd.mass * bd.com.squaredNorm();
    bk[std::size_t(k - 1)] = -bd.mass * bd.com;
    if (k < n && rho(k + 1)) {
      const V3& l = model.placement[std::size_t(k)].p;  // l_k
      C.noalias() -= (muNext * l) * l.transpose();
      C.diagonal().array() += muNext * l.squaredNorm();
      bk[std::size_t(k - 1)] -= muNext * l;
    }
    muNext = mu[std::size_t(k - 1)];
  }
  auto armature = [&](int k) {
    const auto& a = model.actuator[std::size_t(k - 1)];
    return a.gear * a.gear * a.rotorInertia;
  };
  auto diag = [&](int k, const M3& Q) {
    return armature(k) + (rho(k) ? Q(2, 2) : mu[std::size_t(k - 1)]);
  };
  A(n - 1, n - 1) = diag(n, Ck[std::size_t(n - 1)]);

  // Step 2: S_k and lambda_{k-1}, k = 2..n (data.liMi[k-1]).
  if (!transformsReady) jointTransforms(model, q, data.liMi, 1);

  // Step 3: backward recurrence.
  V3 np = bk[std::size_t(n - 1)];
  M3 Q = Ck[std::size_t(n - 1)];
  for (int k = n; k >= 2; --k) {
    const auto& Sk = data.liMi[std::size_t(k - 1)];
    const V3& lam = Sk.p;
    const V3 kk = model.placement[std::size_t(k - 1)].R.col(2);  // P_k(.3)
    const bool rk = rho(k);
    const S muk = mu[std::size_t(k - 1)];
    np = Sk.R * np;
    const V3 bprime = rk ? V3(V3::Zero()) : V3(-muk * lam);
    const V3 npp = np + bprime;
    Q = Sk.R * Q;
    V3 t = rk ? V3(np.cross(kk)) : V3(muk * kk);
    V3 g = rk ? V3(Q.col(2) + lam.cross(t)) : V3(-npp.cross(kk));
    if (fullRotor) {
      const auto& a = model.actuator[std::size_t(k - 1)];
      g += a.gear * a.rotorInertia * a.rotorAxis;
    }
    A(k - 2, k - 1) = rho(k - 1) ? g.z() : t.z();
    for (int i = k - 1; i >= 2; --i) {
      const auto& Si = data.liMi[std::size_t(i - 1)];
      t = Si.R * t;
      g = Si.R * g + Si.p.cross(t);
      A(i - 2, k - 1) = rho(i - 1) ? g.z() : t.z();
    }
    // Q' + Q'^T with Q' = ~lambda ~n' = n' lambda^T - (lambda.n') 1; for a prismatic joint
    // tau_k ~lambda ~b' = -mu_k ~lambda ~lambda = -mu_k (lambda lambda^T - |lambda|^2 1).
    V3 nh = np;
    S diagAdd = S(-2) * lam.dot(np);
    if (!rk) {
      nh -= S(0.5) * muk * lam;
      diagAdd += muk * lam.squaredNorm();
    }
    Q = Ck[std::size_t(k - 2)] + Q * Sk.R.transpose();
    Q.noalias() += nh * lam.transpose();
    Q.noalias() += lam * nh.transpose();
    Q.diagonal().array() += diagAdd;
    A(k - 2, k - 2) = diag(k - 1, Q);
    np = bk[std::size_t(k - 2)] + npp;
  }
  for (int j = 0; j < n; ++j)
    for (int i = j + 1; i < n; ++i) A(i, j) = A(j, i);
  return A;
}

}  // namespace detail

/// Fills data.M (full symmetric). In the armature rotor model the spin coupling term
/// alpha_k j_mk eps_{k-1} of g_{k-1,k} is dropped (diagonal alpha_k^2 j_mk kept).
/// `transformsReady`: data.liMi already holds the joint transforms at q (e.g. after rnea at the same q).
/// Throws std::invalid_argument on a q or a workspace of the wrong size.
template <typename S>
const MatrixXT<S>& massMatrixRecurrence(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                        bool transformsReady = false) {
  checkModelData("massMatrixRecurrence", model, data);
  checkSize("massMatrixRecurrence", "q", q, model.nq);
  return detail::massMatrixRecurrenceUnchecked(model, data, q, transformsReady);
}

extern template const MatrixX& massMatrixRecurrence<double>(const Model&, Data&, const VectorX&, bool);

}  // namespace maniplab
