#pragma once
// The Orthoglide, a 3-DOF translational parallel robot (Guégan, Khalil, Chablat & Wenger 2002: Guégan, Khalil, Chablat, Wenger, CIFA
// 2002). Passive description (this file), the
// Khalil–Kleinfinger tables 1 and 2 and the equivalent tree structures (orthoglide_tables.hpp), the
// kinematic models (orthoglide_kinematics.hpp) and the dynamic models (orthoglide_dynamics.hpp).
//
// Conventions (Guégan, Khalil, Chablat & Wenger 2002 §II; reference §1–2):
// - Chains are indexed i = 0, 1, 2 in code for the paper's chains 1, 2, 3. Chain i has the actuated
//   prismatic joint q_1i, the passive revolute q_2i, the parallelogram (q_3i, and q_4i, q_5i, q_7i,
//   q_8i given by the loop closure, eq 34) and ends at the platform point P.
// - R_0: fixed, origin A_1; its axes are parallel to the actuator axes: z_0 along q_11, x_0 along q_12,
//   y_0 along q_13. The actuator axes meet at K = (0, 0, a) in R_0 (A_2 = (-a, 0, a), A_3 = (0, -a, a)).
// - Positions in R_0, metres; velocities m/s; actuator forces Gamma_1i in N (output side, along the
//   actuator axis); passive angles in rad. Gravity ^0g is a vector in R_0 (the paper does not say which
//   axis is vertical: it is a file parameter).
// - Body data of the tree bodies 1_i, 2_i, 3_i, 4_i, 5_i, 7_i: mass, centre of mass and inertia tensor
//   ABOUT THE CENTRE OF MASS, both expressed in the body's Khalil–Kleinfinger frame j_i of tables 1–2
//   (the frame whose z axis is the axis of joint j_i). Frames 6_i (P), 8_i and 9_i carry no body.
// - The platform only translates: its mass M_p is all the dynamics needs (eq 18).
#include <array>
#include <string>

#include "maniplab/model/model.hpp"

namespace maniplab {

/// The tree bodies of one chain, in table order (the paper's body numbers 1, 2, 3, 4, 5, 7).
inline constexpr std::array<int, 6> kOrthoglideBodyNumbers{1, 2, 3, 4, 5, 7};

struct OrthoglideChain {
  double r2 = 0.04;     ///< r_2i: half the spacing of the parallelogram bars [m] (b_7i = -2 r_2i, ...)
  double D4 = 0.3106;   ///< D_4i = D_8i: length of the parallelogram bars [m]
  double D6 = 0.031;    ///< D_6i: from the middle of the far link (frame 5_i) to P along x_5i [m]
  std::array<BodyT<double>, 6> body{};  ///< bodies 1_i, 2_i, 3_i, 4_i, 5_i, 7_i (kOrthoglideBodyNumbers)
  ActuatorT<double> actuator;           ///< drive of q_1i (rotor carried by the base; output side N, N s/m)
  JointLimits limits;                   ///< stroke of q_1i [m], velocity [m/s], effort [N]
};

struct OrthoglideModel {
  std::string name = "Orthoglide";
  std::string description;
  double a = 0.5;                       ///< K = (0, 0, a) in R_0 (table 1) [m]
  std::array<OrthoglideChain, 3> chain;
  double platformMass = 1.0;            ///< M_p [kg]
  Vector3 gravity = Vector3(0, 0, -9.81);  ///< ^0g [m/s^2]
  RotorModel rotorModel = RotorModel::Armature;  ///< the rotor spins on the fixed base: both agree
  Vector3 home = Vector3(0, 0, 0.5);    ///< platform position at start (default K)
  /// Prescribed Cartesian workspace: the cube of side `workspaceSize` centred at `workspaceCenter` (R_0).
  Vector3 workspaceCenter = Vector3(0, 0, 0.5);
  double workspaceSize = 0.2;

  /// K, the meeting point of the actuator axes (the platform point at the isotropic configuration).
  Vector3 K() const { return Vector3(0, 0, a); }
  /// A_i, the origin of frame 1_i at q_1i = 0 (table 1).
  Vector3 basePoint(int i) const {
    return i == 0 ? Vector3(0, 0, 0) : i == 1 ? Vector3(-a, 0, a) : Vector3(0, -a, a);
  }
  /// Unit vector of actuator i in R_0 (z_1i: z_0, x_0, y_0 for chains 1, 2, 3).
  Vector3 actuatorAxis(int i) const { return i == 0 ? Vector3::UnitZ() : i == 1 ? Vector3::UnitX() : Vector3::UnitY(); }
};

}  // namespace maniplab
