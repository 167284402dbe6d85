#pragma once
// Kinetic and potential energy, linear and angular momentum of the whole system (Llibre, Mampey & Chrétien 1983 §IV.2,
// validation by the general theorems). Computed from body velocities, independently of the mass matrix:
//   2T = sum_i m_i v_Gi.v_Gi + w_i.J'_i w_i + w_mi.J_mi w_mi  (Llibre, Mampey & Chrétien 1983 §III.1; full rotor model)
//   2T = sum_i m_i v_Gi.v_Gi + w_i.I_i w_i + alpha_i^2 j_mi qd_i^2  (armature model)
//   U = -sum_i m_i g.r_Gi  (the course notes Dynamique des robots séries §2)
// Momenta are in the world frame; the angular momentum is taken about the world origin. On a tree (Model::parent)
// each body's velocity starts from its parent's (Featherstone, Rigid Body Dynamics Algorithms, 2008, §4.1);
// for a chain the operations are those of the chain recurrence.
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"

namespace maniplab {

template <typename S> struct EnergyMomentumT {
  S kinetic = S(0), potential = S(0);
  Vector3T<S> linearMomentum = Vector3T<S>::Zero();
  Vector3T<S> angularMomentum = Vector3T<S>::Zero();
  S total() const { return kinetic + potential; }
};
using EnergyMomentum = EnergyMomentumT<double>;

namespace detail {
/// The algorithm, for any scalar; energyMomentumUnchecked() is what callers use (for double it picks the
/// instruction set at run time, kernel_isa.hpp).
template <typename S>
EnergyMomentumT<S> energyMomentumBody(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                      const VectorXT<S>& qd) {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;
  forwardKinematicsUnchecked(model, data, q);
  const bool full = usesFullRotor(model);
  EnergyMomentumT<S> e;
  // Velocities in the world frame (v = velocity of O_i); each body's inertia term is evaluated in its own
  // frame (w_b = R^T w), which avoids rotating the inertia tensors.
  V3 w = V3::Zero(), v = V3::Zero(), o = V3::Zero();
  for (int i = 0; i < model.nq; ++i) {
    const auto k = std::size_t(i);
    const auto& X = data.oMi[k];
    const auto& act = model.actuator[k];
    const int p = model.parent[k];  // i - 1 in a chain
    if (p != i - 1) [[unlikely]] {  // a tree: from the parent's velocities (kept below), or the base's
      if (p < 0) {
        w.setZero(); v.setZero(); o.setZero();
      } else {
        const auto pk = std::size_t(p);
        w = data.worldOmega[pk]; v = data.worldVel[pk]; o = data.oMi[pk].p;
      }
    }
    if (full) {  // rotor of M_i on body i-1 (lambda(i)): only its spin relative to the carrier adds to the locked part
      const M3 Rp = p < 0 ? M3(M3::Identity()) : data.oMi[std::size_t(p)].R;
      const V3 wc = Rp.transpose() * w;  // carrier's angular velocity in its frame
      const M3 Jm = rotorTensor(act);
      const V3 spin = act.gear * qd[i] * act.rotorAxis;
      e.kinetic += S(0.5) * (spin.dot(Jm * spin) + S(2) * wc.dot(Jm * spin));
      e.angularMomentum += Rp * (Jm * spin);
    } else {
      e.kinetic += S(0.5) * act.gear * act.gear * act.rotorInertia * qd[i] * qd[i];
    }
    v += w.cross(X.p - o);
    const V3 z = X.R.col(2);
    if (model.isRevolute(i))
      w += qd[i] * z;
    else
      v += qd[i] * z;
    o = X.p;
    data.worldOmega[k] = w;
    data.worldVel[k] = v;
    const auto& b = model.body[k];
    const V3 rG = X.apply(b.com);
    const V3 vG = v + w.cross(rG - o);
    const V3 wb = X.R.transpose() * w;
    const V3 Iwb = b.inertia * wb;
    e.kinetic += S(0.5) * (b.mass * vG.squaredNorm() + wb.dot(Iwb));
    e.potential -= b.mass * model.gravity.dot(rG);
    e.linearMomentum += b.mass * vG;
    e.angularMomentum += rG.cross(b.mass * vG) + X.R * Iwb;
  }
  return e;
}

template <typename S>
EnergyMomentumT<S> energyMomentumUnchecked(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                           const VectorXT<S>& qd) {
  return energyMomentumBody(model, data, q, qd);
}
/// double: energyMomentumBody compiled for the baseline x86-64 and for AVX2 + FMA, chosen at run time
/// (energy_momentum.cpp).
template <>
EnergyMomentum energyMomentumUnchecked<double>(const Model& model, Data& data, const VectorX& q, const VectorX& qd);
}  // namespace detail

/// Energies and momenta at (q, qd); leaves the forward kinematics at q in data. Throws
/// std::invalid_argument on a q, qd or a workspace of the wrong size.
template <typename S>
EnergyMomentumT<S> energyMomentum(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q,
                                  const VectorXT<S>& qd) {
  checkModelData("energyMomentum", model, data);
  checkSize("energyMomentum", "q", q, model.nq);
  checkSize("energyMomentum", "qd", qd, model.nq);
  return detail::energyMomentumUnchecked(model, data, q, qd);
}

extern template EnergyMomentum energyMomentum<double>(const Model&, Data&, const VectorX&, const VectorX&);

/// The double model with any vector expression (converted).
inline EnergyMomentum energyMomentum(const Model& model, Data& data, const VectorX& q, const VectorX& qd) {
  return energyMomentum<double>(model, data, q, qd);
}

}  // namespace maniplab
