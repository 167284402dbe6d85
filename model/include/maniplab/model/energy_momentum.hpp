#pragma once
// Kinetic and potential energy, linear and angular momentum of the whole system (seed 000 §IV.2,
// validation by the general theorems). Computed from body velocities, independently of the mass matrix:
//   2T = sum_i m_i v_Gi.v_Gi + w_i.J'_i w_i + w_mi.J_mi w_mi  (seed 000 §III.1; full rotor model)
//   2T = sum_i m_i v_Gi.v_Gi + w_i.I_i w_i + alpha_i^2 j_mi qd_i^2  (armature model)
//   U = -sum_i m_i g.r_Gi  (seed 001 §2)
// Momenta are in the world frame; the angular momentum is taken about the world origin.
#include "maniplab/model/data.hpp"

namespace maniplab {

struct EnergyMomentum {
  double kinetic = 0, potential = 0;
  Vector3 linearMomentum = Vector3::Zero();
  Vector3 angularMomentum = Vector3::Zero();
  double total() const { return kinetic + potential; }
};

EnergyMomentum energyMomentum(const Model& model, Data& data, const VectorX& q, const VectorX& qd);

}  // namespace maniplab
