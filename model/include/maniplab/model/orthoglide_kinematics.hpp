#pragma once
// Kinematic models of the Orthoglide (Guégan, Khalil, Chablat & Wenger 2002 §III, eqs 2–9, with two corrections,
// [E2] and [E3] below). Conventions: orthoglide_model.hpp. Chain variables
// q_i = (q_1i, q_2i, q_3i); L = (q_11, q_12, q_13); P = ^0P_p, V = ^0V_p, Vdot = ^0Vdot_p in R_0.
//
// Each chain is the same mechanism seen in its own axes (derived from tables 1–2, checked against the
// frames of orthoglide_tables.hpp by the tests): with (u, w, s) = the coordinates of P - K along
// (x, y, z) for chain 1, (y, z, x) for chain 2 and (z, x, y) for chain 3,
//   u = D_4 C_2 C_3,  w = -D_4 S_3,  s = q_1 - a + D_6 - D_4 S_2 C_3.
// The IGM branch is q_2 in [-pi, 0] (the leg points from its carriage towards K), q_3 in [-pi/2, pi/2].
#include <array>
#include <string>

#include "maniplab/model/message.hpp"
#include "maniplab/model/orthoglide_model.hpp"

namespace maniplab {

using OrthoglideChainVariables = std::array<Vector3, 3>;  ///< q_i of the three chains

/// Platform point P from chain i's variables (the chain's direct geometric model, derived, see above).
Vector3 orthoglideChainPlatformPoint(const OrthoglideModel& model, int chain, const Vector3& qi);

/// Inverse geometric model (eqs 2–3 [E2]): chain variables (and L = q_1i) for the platform position P.
/// False with a message naming the chain when P is out of reach (u^2 + w^2 >= D_4^2) or non-finite.
bool orthoglideInverseGeometric(const OrthoglideModel& model, const Vector3& P, OrthoglideChainVariables& q,
                                std::string* message = nullptr);
/// The same with the reason as a coded message (orthoglide.position_not_finite, orthoglide.out_of_reach).
bool orthoglideInverseGeometric(const OrthoglideModel& model, const Vector3& P, OrthoglideChainVariables& q,
                                Message* why);
/// L only.
bool orthoglideInverseGeometric(const OrthoglideModel& model, const Vector3& P, Vector3& L,
                                std::string* message = nullptr);

/// ^0J_i (eq 7): Vp = ^0J_i qdot_i.
Matrix3 orthoglideChainJacobian(const OrthoglideModel& model, int chain, const Vector3& qi);
/// ^0J_i^{-1} in closed form (eq 8 [E3]).
Matrix3 orthoglideChainInverseJacobian(const OrthoglideModel& model, int chain, const Vector3& qi);
/// ^0J_p^{-1} (eqs 4–5): Ldot = ^0J_p^{-1} Vp; row i is the first row of ^0J_i^{-1}.
Matrix3 orthoglideInverseJacobian(const OrthoglideModel& model, const OrthoglideChainVariables& q);
/// d/dt(^0J_i) qdot_i, the velocity product of the second-order model.
Vector3 orthoglideChainJacobianDotTimesVelocity(const OrthoglideModel& model, int chain, const Vector3& qi,
                                                const Vector3& qdi);

/// Joint velocities and accelerations of every chain from the platform motion (eqs 6 and 9):
/// qdot_i = ^0J_i^{-1} V, qddot_i = ^0J_i^{-1} (Vdot - ^0Jdot_i qdot_i).
void orthoglideChainRates(const OrthoglideModel& model, const OrthoglideChainVariables& q, const Vector3& V,
                          const Vector3& Vdot, OrthoglideChainVariables& qd, OrthoglideChainVariables& qdd);

/// Actuator accelerations from the platform motion: Lddot_i = row_1(^0J_i^{-1}) (Vdot - ^0Jdot_i qdot_i)
/// (first component of eq 9), and the inverse: Vdot = ^0J_p (Lddot + c) with c_i = row_1(^0J_i^{-1})
/// ^0Jdot_i qdot_i.
Vector3 orthoglideActuatorAcceleration(const OrthoglideModel& model, const OrthoglideChainVariables& q,
                                       const Vector3& V, const Vector3& Vdot);
Vector3 orthoglidePlatformAcceleration(const OrthoglideModel& model, const OrthoglideChainVariables& q,
                                       const Vector3& V, const Vector3& Lddot);

struct OrthoglideFgmOptions {
  double tolerance = 1e-12;  ///< on |IGM(P) - L| [m]
  int maxIterations = 50;
};

/// Numeric forward geometric model: Newton on the IGM, P <- P - ^0J_p (IGM(P) - L), starting from
/// `guess` (e.g. the previous solution; K when unsure). False with a message when L is out of reach
/// (no convergence, or an iterate leaves the IGM's domain even after step halving).
bool orthoglideForwardGeometric(const OrthoglideModel& model, const Vector3& L, const Vector3& guess, Vector3& P,
                                const OrthoglideFgmOptions& options = {}, std::string* message = nullptr);

/// Velocity amplification factors at P: the singular values of ^0J_p (|Vp| / |Ldot| over all
/// directions; Guégan, Khalil, Chablat & Wenger 2002 §I: 1 at the isotropic configuration, within [1/2, 2] over the workspace).
bool orthoglideVelocityFactors(const OrthoglideModel& model, const Vector3& P, Vector3& factors);

}  // namespace maniplab
