#pragma once
// Inverse dynamics by recursive Newton–Euler with actuators (seed 000 §II, eq 1 and the backward
// recurrence; seed 001 §6; seed 003 eqs 5.3–5.13): tau = Q_a(q, qd, qdd) + tau_f(qd) - J^T F_ext.
// Vectors of index i are expressed in R_i (component form of seed 000 §2.3). Gravity enters as a
// fictitious base acceleration -g (seed 003 eq 5.8), equivalent to seed 000's f_ei = m_i (v̇_i - g).
#include "maniplab/model/data.hpp"
#include "maniplab/model/friction.hpp"
#include "maniplab/model/joint_transform.hpp"

namespace maniplab {

struct RneaOptions {
  bool gravity = true;    ///< include the model's gravity
  bool friction = true;   ///< add the output-side friction torques tau_f(qd)
  double frictionSmoothing = 0.0;  ///< see friction.hpp
};

/// data.tau = Q_a(q, qd, qdd) (+ friction) (- J_tool^T wrench). `wrench` (may be null) is the wrench
/// applied BY the environment ON the end effector, [moment; force], expressed in the tool frame and
/// taken at the tool origin. Also leaves body velocities/accelerations and joint wrenches in data.
template <typename S>
const VectorXT<S>& rnea(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                        const VectorXT<S>& qd, const VectorXT<S>& qdd, const RneaOptions& opt = {},
                        const Vector6T<S>* wrench = nullptr) {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;
  const int n = model.nq;
  const bool fullRotor = usesFullRotor(model);

  V3 wp = V3::Zero(), wdp = V3::Zero();
  V3 ap = opt.gravity ? V3(-model.gravity) : V3(V3::Zero());
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    TransformT<S>& X = data.liMi[k];
    jointTransform(model, i, q[i], X);
    const auto& b = model.body[k];
    // Forward recurrence (seed 000 eq 1 with the dots restored [E3]).
    const V3 wl = X.R.transpose() * wp;  // omega_{i-1} in R_i
    V3 w = wl, wd = X.R.transpose() * wdp;
    V3 a = X.R.transpose() * (ap + wdp.cross(X.p) + wp.cross(wp.cross(X.p)));
    const V3 wxk(wl.y(), -wl.x(), S(0));  // omega_{i-1} x k_i in R_i
    if (model.isRevolute(i)) {
      w.z() += qd[i];
      wd += qdd[i] * V3::UnitZ() + qd[i] * wxk;
    } else {
      a += qdd[i] * V3::UnitZ() + S(2) * qd[i] * wxk;
    }
    data.omega[k] = w;
    data.omegaDot[k] = wd;
    data.acc[k] = a;
    const V3 vdG = a + wd.cross(b.com) + w.cross(w.cross(b.com));
    const V3 fe = b.mass * vdG;
    M3 Jp = b.inertia;  // J'_i = J_i - J_m,i+1 in the full rotor model
    if (fullRotor && i + 1 < n) Jp -= rotorTensor(model.actuator[k + 1]);
    data.force[k] = fe;
    data.moment[k] = b.com.cross(fe) + Jp * wd + w.cross(Jp * w);
    if (fullRotor) {
      // Rotor of M_i, carried by body i-1: c_a,i-1 (in R_{i-1}).
      const auto& act = model.actuator[k];
      const M3 Jm = rotorTensor(act);
      const V3 wm = wp + act.gear * qd[i] * act.rotorAxis;
      const V3 wdm = wdp + act.gear * (qdd[i] * act.rotorAxis + qd[i] * wp.cross(act.rotorAxis));
      data.rotorMoment[k] = Jm * wdm + wm.cross(Jm * wm);
    }
    wp = w;
    wdp = wd;
    ap = a;
  }

  if (wrench != nullptr && n > 0) {
    const auto k = std::size_t(n - 1);
    const V3 f = model.tool.R * wrench->template tail<3>();
    data.force[k] -= f;
    data.moment[k] -= model.tool.p.cross(f) + model.tool.R * wrench->template head<3>();
  }

  // Backward recurrence, i = n..1 (f_{n+1} = c_{n+1} = 0, c_a,n = 0 [E5]).
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    const V3& f = data.force[k];
    const V3& c = data.moment[k];
    S t = model.isRevolute(i) ? c.z() : f.z();
    const auto& act = model.actuator[k];
    if (fullRotor)
      t += act.gear * data.rotorMoment[k].dot(act.rotorAxis);
    else
      t += act.gear * act.gear * act.rotorInertia * qdd[i];
    data.tau[i] = t;
    if (i > 0) {
      const TransformT<S>& X = data.liMi[k];
      const V3 fp = X.R * f;
      data.force[k - 1] += fp;
      data.moment[k - 1] += X.R * c + X.p.cross(fp);
      if (fullRotor) data.moment[k - 1] += data.rotorMoment[k];
    }
  }
  if (opt.friction)
    for (int i = 0; i < n; ++i)
      data.tau[i] += jointFriction(model.actuator[std::size_t(i)], qd[i], opt.frictionSmoothing);
  return data.tau;
}

extern template const VectorX& rnea<double>(const Model&, Data&, const VectorX&, const VectorX&,
                                            const VectorX&, const RneaOptions&, const Vector6*);

}  // namespace maniplab
