#pragma once
// Inverse dynamics by recursive Newton–Euler with actuators (Llibre, Mampey & Chrétien 1983 §II, eq 1 and the backward
// recurrence; the course notes Dynamique des robots séries §6; Zanaboni 2009 eqs 5.3–5.13): tau = Q_a(q, qd, qdd) + tau_f(qd) - J^T F_ext.
// Vectors of index i are expressed in R_i (component form of Llibre, Mampey & Chrétien 1983 §2.3). Gravity enters as a
// fictitious base acceleration -g (Zanaboni 2009 eq 5.8), equivalent to Llibre, Mampey & Chrétien's (1983) f_ei = m_i (v̇_i - g).
// On a tree (Model::parent) the forward recurrence starts each body from its parent's values and the
// backward one adds each joint's wrench to its parent's (Featherstone, Rigid Body Dynamics Algorithms, 2008,
// §5.3, Table 5.1); for a chain the operations are those of the chain recurrence, in the same order.
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/friction.hpp"
#include "maniplab/model/joint_transform.hpp"
#include "maniplab/model/kernel_isa.hpp"

namespace maniplab {

struct RneaOptions {
  bool gravity = true;    ///< include the model's gravity
  bool friction = true;   ///< add the output-side friction torques tau_f(qd)
  double frictionSmoothing = 0.0;  ///< see friction.hpp
};

namespace detail {

/// The wrench (f, c) of body i, at the origin of R_i in R_i, moved into its parent's frame by the joint
/// transform X = ^{a(i)}T_i: fc = R f, nc = R c + l x fc (on scalar arrays, as the rest of the pass).
template <typename S>
[[gnu::always_inline]] inline void wrenchToParent(const TransformT<S>& X, const S* f, const S* c, S* fc, S* nc) {
  const Matrix3T<S>& R = X.R;
  const Vector3T<S>& l = X.p;
  for (int r = 0; r < 3; ++r) {
    fc[r] = R(r, 0) * f[0] + R(r, 1) * f[1] + R(r, 2) * f[2];
    nc[r] = R(r, 0) * c[0] + R(r, 1) * c[1] + R(r, 2) * c[2];
  }
  nc[0] += l[1] * fc[2] - l[2] * fc[1];
  nc[1] += l[2] * fc[0] - l[0] * fc[2];
  nc[2] += l[0] * fc[1] - l[1] * fc[0];
}

/// The algorithm, for any scalar, on a chain (Tree = false: joint i's parent is joint i-1, the operations of
/// the chain recurrence) or on any tree (Tree = true); rneaBody() chooses once per call.
template <bool Tree, typename S>
[[gnu::always_inline]] inline const VectorXT<S>& rneaPass(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                            const VectorXT<S>& qd, const VectorXT<S>& qdd, const RneaOptions& opt,
                            const Vector6T<S>* wrench) {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;
  const int n = model.nq;
  const bool fullRotor = usesFullRotor(model);
  jointTransforms(model, q, data.liMi);

  // Forward recurrence (Llibre, Mampey & Chrétien 1983 eq 1 with the dots restored [E3]), in scalars carried from one body to
  // the next: omega, omega_dot and the acceleration of O_i (values that Eigen's partly vectorised 3-vector
  // code stores and reads back at once with another access width stall the CPU's store-to-load forwarding).
  S wp[3] = {S(0), S(0), S(0)}, wdp[3] = {S(0), S(0), S(0)}, ap[3] = {S(0), S(0), S(0)};
  if (opt.gravity)
    for (int r = 0; r < 3; ++r) ap[r] = -model.gravity[r];
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    if constexpr (Tree) {
      if (const int p = model.parent[k]; p != i - 1) {  // from the parent's values, or the base's
        if (p < 0) {
          for (int r = 0; r < 3; ++r) {
            wp[r] = S(0);
            wdp[r] = S(0);
            ap[r] = opt.gravity ? S(-model.gravity[r]) : S(0);
          }
        } else {
          const auto pk = std::size_t(p);
          for (int r = 0; r < 3; ++r) {
            wp[r] = data.omega[pk][r];
            wdp[r] = data.omegaDot[pk][r];
            ap[r] = data.acc[pk][r];
          }
        }
      }
    }
    const M3& R = data.liMi[k].R;
    const V3& l = data.liMi[k].p;
    // a' = ap + wdp x l + wp x (wp x l), in R_{i-1}
    const S wl0 = wp[1] * l[2] - wp[2] * l[1], wl1 = wp[2] * l[0] - wp[0] * l[2], wl2 = wp[0] * l[1] - wp[1] * l[0];
    const S ax = ap[0] + (wdp[1] * l[2] - wdp[2] * l[1]) + (wp[1] * wl2 - wp[2] * wl1);
    const S ay = ap[1] + (wdp[2] * l[0] - wdp[0] * l[2]) + (wp[2] * wl0 - wp[0] * wl2);
    const S az = ap[2] + (wdp[0] * l[1] - wdp[1] * l[0]) + (wp[0] * wl1 - wp[1] * wl0);
    S w[3], wd[3], a[3];
    for (int c = 0; c < 3; ++c) {  // R^T x: column c of R dotted with x
      w[c] = R(0, c) * wp[0] + R(1, c) * wp[1] + R(2, c) * wp[2];
      wd[c] = R(0, c) * wdp[0] + R(1, c) * wdp[1] + R(2, c) * wdp[2];
      a[c] = R(0, c) * ax + R(1, c) * ay + R(2, c) * az;
    }
    // omega_{i-1} x k_i = (w_y, -w_x, 0) in R_i
    const S qdi = qd[i], qddi = qdd[i];
    const S wxk0 = w[1], wxk1 = -w[0];
    if (model.isRevolute(i)) {
      wd[0] += qdi * wxk0;
      wd[1] += qdi * wxk1;
      wd[2] += qddi;
      w[2] += qdi;
    } else {
      a[0] += S(2) * qdi * wxk0;
      a[1] += S(2) * qdi * wxk1;
      a[2] += qddi;
    }
    data.omega[k] = V3(w[0], w[1], w[2]);
    data.omegaDot[k] = V3(wd[0], wd[1], wd[2]);
    data.acc[k] = V3(a[0], a[1], a[2]);
    // Body: f = m (a + wd x d + w x (w x d)), c = d x f + J' wd + w x (J' w)
    const auto& b = model.body[k];
    const S d0 = b.com[0], d1 = b.com[1], d2 = b.com[2];
    const S wxd0 = w[1] * d2 - w[2] * d1, wxd1 = w[2] * d0 - w[0] * d2, wxd2 = w[0] * d1 - w[1] * d0;
    const S f0 = b.mass * (a[0] + (wd[1] * d2 - wd[2] * d1) + (w[1] * wxd2 - w[2] * wxd1));
    const S f1 = b.mass * (a[1] + (wd[2] * d0 - wd[0] * d2) + (w[2] * wxd0 - w[0] * wxd2));
    const S f2 = b.mass * (a[2] + (wd[0] * d1 - wd[1] * d0) + (w[0] * wxd1 - w[1] * wxd0));
    // J'_i = J_i - J_m,i+1 in the full rotor model; on a tree, each child j subtracts its own rotor's
    // J_m,j wd + w x (J_m,j w) from body i's moment when it is visited (below).
    M3 Jp = b.inertia;
    if constexpr (!Tree)
      if (fullRotor && i + 1 < n) Jp -= rotorTensor(model.actuator[k + 1]);
    S Jw[3], Jwd[3];
    for (int r = 0; r < 3; ++r) {
      Jw[r] = Jp(r, 0) * w[0] + Jp(r, 1) * w[1] + Jp(r, 2) * w[2];
      Jwd[r] = Jp(r, 0) * wd[0] + Jp(r, 1) * wd[1] + Jp(r, 2) * wd[2];
    }
    data.force[k] = V3(f0, f1, f2);
    data.moment[k] = V3((d1 * f2 - d2 * f1) + Jwd[0] + (w[1] * Jw[2] - w[2] * Jw[1]),
                        (d2 * f0 - d0 * f2) + Jwd[1] + (w[2] * Jw[0] - w[0] * Jw[2]),
                        (d0 * f1 - d1 * f0) + Jwd[2] + (w[0] * Jw[1] - w[1] * Jw[0]));
    if (fullRotor) {
      // Rotor of M_i, carried by body i-1 (lambda(i)): c_a,i-1 (in R_{i-1}).
      const auto& act = model.actuator[k];
      const M3 Jm = rotorTensor(act);
      const V3 wpv(wp[0], wp[1], wp[2]), wdpv(wdp[0], wdp[1], wdp[2]);
      const V3 wm = wpv + act.gear * qdi * act.rotorAxis;
      const V3 wdm = wdpv + act.gear * (qddi * act.rotorAxis + qdi * wpv.cross(act.rotorAxis));
      data.rotorMoment[k] = Jm * wdm + wm.cross(Jm * wm);
      if constexpr (Tree)
        if (const int p = model.parent[k]; p >= 0) data.moment[std::size_t(p)] -= Jm * wdpv + wpv.cross(Jm * wpv);
    }
    for (int r = 0; r < 3; ++r) {
      wp[r] = w[r];
      wdp[r] = wd[r];
      ap[r] = a[r];
    }
  }

  if (wrench != nullptr && n > 0) {
    const auto k = std::size_t(n - 1);
    const V3 f = model.tool.R * wrench->template tail<3>();
    data.force[k] -= f;
    data.moment[k] -= model.tool.p.cross(f) + model.tool.R * wrench->template head<3>();
  }

  // Backward recurrence, i = n..1 (f_{n+1} = c_{n+1} = 0, c_a,n = 0 [E5]); the wrench of the subtree
  // beyond joint i is carried in scalars (in R_i), data.force/moment receive the joint wrenches. On a tree,
  // a joint whose parent is not the previous joint adds its wrench to data.force/moment of its parent
  // (not yet visited: lambda(i) < i) and carries nothing.
  S fc[3] = {S(0), S(0), S(0)}, nc[3] = {S(0), S(0), S(0)};  // f_{i+1}, c_{i+1} moved into R_i
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    const V3& fb = data.force[k];
    const V3& cb = data.moment[k];
    const S f[3] = {fb[0] + fc[0], fb[1] + fc[1], fb[2] + fc[2]};
    S c[3] = {cb[0] + nc[0], cb[1] + nc[1], cb[2] + nc[2]};
    if constexpr (!Tree)  // on a tree the children's rotor moments are already in data.moment[i] (below)
      if (fullRotor && i + 1 < n)
        for (int r = 0; r < 3; ++r) c[r] += data.rotorMoment[k + 1][r];
    data.force[k] = V3(f[0], f[1], f[2]);
    data.moment[k] = V3(c[0], c[1], c[2]);
    S t = model.isRevolute(i) ? c[2] : f[2];
    const auto& act = model.actuator[k];
    if (fullRotor)
      t += act.gear * data.rotorMoment[k].dot(act.rotorAxis);
    else
      t += act.gear * act.gear * act.rotorInertia * qdd[i];
    data.tau[i] = t;
    if constexpr (!Tree) {
      if (i > 0) wrenchToParent(data.liMi[k], f, c, fc, nc);
      continue;
    }
    const int p = model.parent[k];
    if (p >= 0) {
      if (fullRotor) data.moment[std::size_t(p)] += data.rotorMoment[k];  // c_a of the rotor body p carries
      wrenchToParent(data.liMi[k], f, c, fc, nc);
      if (p != i - 1) {  // onto the parent's own wrench
        const auto pk = std::size_t(p);
        data.force[pk] += V3(fc[0], fc[1], fc[2]);
        data.moment[pk] += V3(nc[0], nc[1], nc[2]);
        for (int r = 0; r < 3; ++r) fc[r] = nc[r] = S(0);
      }
    } else {
      for (int r = 0; r < 3; ++r) fc[r] = nc[r] = S(0);
    }
  }
  if (opt.friction)
    for (int i = 0; i < n; ++i)
      data.tau[i] += jointFriction(model.actuator[std::size_t(i)], qd[i], opt.frictionSmoothing);
  return data.tau;
}

/// The algorithm, for any scalar; rneaUnchecked() is what callers use (for double it picks the
/// instruction set at run time, kernel_isa.hpp).
template <typename S>
const VectorXT<S>& rneaBody(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                            const VectorXT<S>& qd, const VectorXT<S>& qdd, const RneaOptions& opt,
                            const Vector6T<S>* wrench) {
  return model.isChain() ? rneaPass<false>(model, data, q, qd, qdd, opt, wrench)
                         : rneaPass<true>(model, data, q, qd, qdd, opt, wrench);
}

template <typename S>
const VectorXT<S>& rneaUnchecked(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                 const VectorXT<S>& qd, const VectorXT<S>& qdd, const RneaOptions& opt,
                                 const Vector6T<S>* wrench) {
  return rneaBody(model, data, q, qd, qdd, opt, wrench);
}
/// double: rneaBody compiled for the baseline x86-64 and for AVX2 + FMA, chosen at run time (rnea.cpp).
template <>
const VectorX& rneaUnchecked<double>(const Model& model, Data& data, const VectorX& q, const VectorX& qd,
                                     const VectorX& qdd, const RneaOptions& opt, const Vector6* wrench);

}  // namespace detail

/// data.tau = Q_a(q, qd, qdd) (+ friction) (- J_tool^T wrench). `wrench` (may be null) is the wrench
/// applied BY the environment ON the end effector, [moment; force], expressed in the tool frame and
/// taken at the tool origin. Also leaves body velocities/accelerations (omega, omegaDot, acc) and joint
/// wrenches (force, moment: of the subtree beyond joint i on body i-1's side, at O_i, in R_i) in data.
/// Throws std::invalid_argument on a q, qd, qdd or a workspace of the wrong size.
template <typename S>
const VectorXT<S>& rnea(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q, const VectorXT<S>& qd,
                        const VectorXT<S>& qdd, const RneaOptions& opt = {}, const Vector6T<S>* wrench = nullptr) {
  checkModelData("rnea", model, data);
  checkSize("rnea", "q", q, model.nq);
  checkSize("rnea", "qd", qd, model.nq);
  checkSize("rnea", "qdd", qdd, model.nq);
  return detail::rneaUnchecked(model, data, q, qd, qdd, opt, wrench);
}

extern template const VectorX& rnea<double>(const Model&, Data&, const VectorX&, const VectorX&,
                                            const VectorX&, const RneaOptions&, const Vector6*);

}  // namespace maniplab
