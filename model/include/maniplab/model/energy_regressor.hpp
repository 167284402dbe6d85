#pragma once
// Energy regressor h(q, qd): H = E + U = h pi (Belkoura 1993 eqs (1.34), (1.39), (1.41)), pi the standard
// parameters of standard_parameters.hpp. For body i, with w = ^i w_i, V = ^i V_i (velocity of O_i),
// s, n, a the columns of ^0A^i, ^0P^i the origin of R_i and ^0g the model's gravity (world frame):
//   h1..h6 = 1/2 w1^2, w1 w2, w1 w3, 1/2 w2^2, w2 w3, 1/2 w3^2
//   h7 = w3 V2 - w2 V3 - g.s ,  h8 = w1 V3 - w3 V1 - g.n ,  h9 = w2 V1 - w1 V2 - g.a
//   h10 = 1/2 V.V - g.^0P^i
// plus 1/2 qd_i^2 for the armature inertia Ia_i and 0 for the friction parameters. The potential energy
// is zero at the world origin, as in energyMomentum() (energy_momentum.hpp). For a standard-DH robot the
// 10 entries of body i are mapped to the parameters of its DHM frame, h_DHM = h_Ri lambda(^{R_i}T^{DHM_i})
// (mdh_frames.hpp). On a tree (Model::parent) each body's w, V and pose come from its parent's (the
// base's: zero and the identity), as in a chain from the previous body's.
#include "maniplab/model/model.hpp"

namespace maniplab {

/// h (size kStandardPerJoint n) with H = kinetic + potential = h . standardParameters(model).values.
void energyRegressor(const Model& model, const VectorX& q, const VectorX& qd, VectorX& h);

}  // namespace maniplab
