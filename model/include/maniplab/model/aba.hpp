#pragma once
// Forward dynamics by the articulated-body algorithm (Featherstone, RBDA Table 7.1). Supports the ARMATURE rotor model only
// (alpha^2 j_m added to the articulated joint inertia D_i); with the full rotor model of seed 000 use
// forwardDynamicsCholesky (forwardDynamics() dispatches automatically).
#include "maniplab/model/data.hpp"
#include "maniplab/model/friction.hpp"
#include "maniplab/model/joint_transform.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab {

/// data.qdd = FD(q, qd, tau) by ABA. Returns -1; the joint index whose articulated inertia D_i is not
/// positive (singular model); or -2 when the full rotor model is in use (not supported here).
///
/// Implementation: ABA in world (base) coordinates, spatial vectors [angular; linear] taken at the world
/// origin (Featherstone RBDA §7.3 notes that any single coordinate system may be used). Then every
/// articulated inertia is added to its parent's without a coordinate transform; the price is one
/// rotation of each rigid-body inertia into the world per call. Motion subspaces move with their body:
/// dS_i/dt = v_i x S_i, whence the velocity-product term c_i = v_i x (S_i qd_i).
template <typename S>
int aba(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q, const VectorXT<S>& qd,
        const VectorXT<S>& tau, const RneaOptions& opt = {}) {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;
  using V6 = Vector6T<S>;
  using M6 = Eigen::Matrix<S, 6, 6>;
  const int n = model.nq;
  if (usesFullRotor(model)) return -2;
  // Pass 1: world poses, motion subspaces, velocities, velocity-product terms, inertias, bias forces.
  V3 w = V3::Zero(), vO = V3::Zero();  // spatial velocity of the parent at the world origin
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    TransformT<S>& X = data.liMi[k];
    jointTransform(model, i, q[i], X);
    TransformT<S>& oX = data.oMi[k];
    if (i == 0) {
      oX = X;
    } else {
      const TransformT<S>& oP = data.oMi[k - 1];
      oX.R.noalias() = oP.R * X.R;
      oX.p = oP.R * X.p + oP.p;
    }
    const V3 z = oX.R.col(2);
    V6& Si = data.abaA[k];  // motion subspace S_i (world), kept until pass 3
    const S qdi = qd[i];
    V6& c = data.abaC[k];
    if (model.isRevolute(i)) {
      Si << z, oX.p.cross(z);
      w += qdi * z;
      vO += qdi * Si.template tail<3>();
      // c = v x (S qd) = [w x z qd; w x (o x z) qd + vO x z qd]
      c << w.cross(z) * qdi, (w.cross(Si.template tail<3>()) + vO.cross(z)) * qdi;
    } else {
      Si << V3::Zero(), z;
      vO += qdi * z;
      c << V3::Zero(), w.cross(z) * qdi;
    }
    // Rigid-body inertia at the world origin: [Ibar, ~h; -~h, m 1], h = m c, Ibar about the origin.
    const auto& b = model.body[k];
    const V3 cw = oX.R * b.com + oX.p;
    const V3 h = b.mass * cw;
    M3 Ibar;
    Ibar.noalias() = oX.R * b.inertia * oX.R.transpose();
    Ibar.noalias() -= h * cw.transpose();
    Ibar.diagonal().array() += h.dot(cw);
    const M3 hx = skew(h);
    M6& IA = data.abaIA[k];
    IA.template topLeftCorner<3, 3>() = Ibar;
    IA.template topRightCorner<3, 3>() = hx;
    IA.template bottomLeftCorner<3, 3>() = -hx;
    IA.template bottomRightCorner<3, 3>() = b.mass * M3::Identity();
    // Bias force p = v x* (I v).
    const V3 hA = Ibar * w + h.cross(vO);
    const V3 hL = b.mass * vO - h.cross(w);
    data.abaPA[k] << w.cross(hA) + vO.cross(hL), w.cross(hL);
  }
  // Pass 2: articulated inertias and bias forces, tip to base (no coordinate transforms in world frame).
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    const auto& act = model.actuator[k];
    const V6& Si = data.abaA[k];
    V6& U = data.abaU[k];
    U.noalias() = data.abaIA[k] * Si;
    const S D = Si.dot(U) + act.gear * act.gear * act.rotorInertia;
    if (!(D > S(0))) return i;
    data.abaD[k] = D;
    S taui = tau[i];
    if (opt.friction) taui -= jointFriction(act, qd[i], opt.frictionSmoothing);
    const S u = taui - Si.dot(data.abaPA[k]);
    data.abaUu[k] = u;
    if (i > 0) {
      // Parent += Ia and pa = p + Ia c + U u / D, with Ia = IA - U U^T / D never stored:
      // Ia c = IA c - U (U.c) / D (one 6x6 pass fewer; ~4 % faster ABA, measured).
      const S iD = S(1) / D;
      const M6& IA = data.abaIA[k];
      const V6& c = data.abaC[k];
      data.abaPA[k - 1] += data.abaPA[k] + U * ((u - U.dot(c)) * iD);
      data.abaPA[k - 1].noalias() += IA * c;
      data.abaIA[k - 1] += IA;
      data.abaIA[k - 1].noalias() -= (U * iD) * U.transpose();
    }
  }
  // Pass 3: accelerations, base to tip; the base accelerates at -g instead of gravity acting.
  V6 a;
  a << V3::Zero(), (opt.gravity ? V3(-model.gravity) : V3(V3::Zero()));
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    a += data.abaC[k];
    const S qddi = (data.abaUu[k] - data.abaU[k].dot(a)) / data.abaD[k];
    data.qdd[i] = qddi;
    a += data.abaA[k] * qddi;
  }
  return -1;
}

extern template int aba<double>(const Model&, Data&, const VectorX&, const VectorX&, const VectorX&,
                                const RneaOptions&);

}  // namespace maniplab
