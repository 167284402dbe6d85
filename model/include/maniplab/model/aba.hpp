#pragma once
// Forward dynamics by the articulated-body algorithm (Featherstone, RBDA Table 7.1), in the body frames
// R_i with spatial 6-vectors [angular; linear] at O_i^+. Supports the ARMATURE rotor model only
// (alpha^2 j_m added to the articulated joint inertia D_i); with the full rotor model of seed 000 use
// forwardDynamicsCholesky (forwardDynamics() dispatches automatically).
#include "maniplab/model/data.hpp"
#include "maniplab/model/friction.hpp"
#include "maniplab/model/joint_transform.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab {

namespace detail {
/// X^T I X for the motion transform X = [R^T 0; -R^T lx R^T] (child <- parent), I symmetric 6x6.
template <typename S>
Eigen::Matrix<S, 6, 6> transformInertiaToParent(const Eigen::Matrix<S, 6, 6>& I, const TransformT<S>& X) {
  using M3 = Matrix3T<S>;
  const M3 A = X.R * I.template topLeftCorner<3, 3>() * X.R.transpose();
  const M3 B = X.R * I.template topRightCorner<3, 3>() * X.R.transpose();
  const M3 C = X.R * I.template bottomRightCorner<3, 3>() * X.R.transpose();
  const M3 lx = skew(X.p);
  const M3 lC = lx * C;
  Eigen::Matrix<S, 6, 6> out;
  const M3 Bl = B * lx;
  out.template topLeftCorner<3, 3>() = A - Bl - Bl.transpose() - lC * lx;
  out.template topRightCorner<3, 3>() = B + lC;
  out.template bottomLeftCorner<3, 3>() = (B + lC).transpose();
  out.template bottomRightCorner<3, 3>() = C;
  return out;
}
}  // namespace detail

/// data.qdd = FD(q, qd, tau) by ABA. Returns -1; the joint index whose articulated inertia D_i is not
/// positive (singular model); or -2 when the full rotor model is in use (not supported here).
template <typename S>
int aba(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q, const VectorXT<S>& qd,
        const VectorXT<S>& tau, const RneaOptions& opt = {}) {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;
  using V6 = Vector6T<S>;
  const int n = model.nq;
  if (usesFullRotor(model)) return -2;
  // Pass 1: velocities, velocity-product accelerations, rigid-body inertias and bias forces.
  V3 wp = V3::Zero(), vp = V3::Zero();
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    TransformT<S>& X = data.liMi[k];
    jointTransform(model, i, q[i], X);
    const auto& b = model.body[k];
    const V3 w0 = X.R.transpose() * wp;
    V3 w = w0;
    V3 v = X.R.transpose() * (vp + wp.cross(X.p));
    V6& c = data.abaC[k];
    if (model.isRevolute(i)) {
      w.z() += qd[i];
      c << V3(w.y(), -w.x(), S(0)) * qd[i], V3(v.y(), -v.x(), S(0)) * qd[i];
    } else {
      v.z() += qd[i];
      c << V3::Zero(), V3(w.y(), -w.x(), S(0)) * qd[i];
    }
    const V3 h = b.mass * b.com;
    const M3 dd = skew(b.com);
    const M3 Ibar = b.inertia - b.mass * dd * dd;
    auto& IA = data.abaIA[k];
    const M3 hx = skew(h);
    IA.template topLeftCorner<3, 3>() = Ibar;
    IA.template topRightCorner<3, 3>() = hx;
    IA.template bottomLeftCorner<3, 3>() = -hx;
    IA.template bottomRightCorner<3, 3>() = b.mass * M3::Identity();
    const V3 hA = Ibar * w + h.cross(v);
    const V3 hL = b.mass * v + w.cross(h);
    data.abaPA[k] << w.cross(hA) + v.cross(hL), w.cross(hL);
    wp = w;
    vp = v;
  }
  // Pass 2: articulated inertias and bias forces, tip to base.
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    const int s = model.isRevolute(i) ? 2 : 5;
    const auto& act = model.actuator[k];
    const auto& IA = data.abaIA[k];
    V6& U = data.abaU[k];
    U = IA.col(s);
    const S D = U[s] + act.gear * act.gear * act.rotorInertia;
    if (!(D > S(0))) return i;
    data.abaD[k] = D;
    S taui = tau[i];
    if (opt.friction) taui -= jointFriction(act, qd[i], opt.frictionSmoothing);
    const S u = taui - data.abaPA[k][s];
    data.abaUu[k] = u;
    if (i > 0) {
      const Eigen::Matrix<S, 6, 6> Ia = IA - U * U.transpose() / D;
      const V6 pa = data.abaPA[k] + Ia * data.abaC[k] + U * (u / D);
      const auto& X = data.liMi[k];
      data.abaIA[k - 1] += detail::transformInertiaToParent(Ia, X);
      const V3 fr = X.R * pa.template tail<3>();
      data.abaPA[k - 1].template head<3>() += X.R * pa.template head<3>() + X.p.cross(fr);
      data.abaPA[k - 1].template tail<3>() += fr;
    }
  }
  // Pass 3: accelerations, base to tip (base acceleration -g replaces gravity).
  V6 ap;
  ap << V3::Zero(), (opt.gravity ? V3(-model.gravity) : V3(V3::Zero()));
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const auto& X = data.liMi[k];
    V6 a;
    a.template head<3>() = X.R.transpose() * ap.template head<3>();
    a.template tail<3>() = X.R.transpose() * (ap.template tail<3>() + ap.template head<3>().cross(X.p));
    a += data.abaC[k];
    const int s = model.isRevolute(i) ? 2 : 5;
    const S qddi = (data.abaUu[k] - data.abaU[k].dot(a)) / data.abaD[k];
    data.qdd[i] = qddi;
    a[s] += qddi;
    ap = a;
  }
  return -1;
}

extern template int aba<double>(const Model&, Data&, const VectorX&, const VectorX&, const VectorX&,
                                const RneaOptions&);

}  // namespace maniplab
