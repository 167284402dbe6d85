#pragma once
// Khalil–Kleinfinger description of the Orthoglide chains (Guégan, Khalil, Chablat & Wenger 2002 tables 1 and 2, eq 1), the loop
// closure of the parallelogram (annex eq 34), the poses of every frame for given chain variables (what a
// 3D view draws), and the equivalent tree structure of a chain (cut joint q_8i) as two serial branches
// for the core's Newton–Euler (rnea.hpp).
//
// ^{a(j)}T_j = Rot(z, gamma_j) Trans(z, b_j) Rot(x, alpha_j) Trans(x, d_j) Rot(z, theta_j) Trans(z, r_j)
// (Khalil & Kleinfinger 1986; reference §2). The joint variable adds to theta_j (revolute) or r_j
// (prismatic); the rows below store the constant part.
#include <array>
#include <string>

#include "maniplab/model/orthoglide_model.hpp"

namespace maniplab {

struct KhalilKleinfingerRow {
  std::string frame;    ///< "1_2", "8_3", ...
  int antecedent = -1;  ///< row index of a(j) in the chain's table, -1 for R_0
  bool actuated = false;   ///< mu_j
  bool prismatic = false;  ///< sigma_j
  bool variable = false;   ///< false for the fixed frames 6_i and 9_i
  double gamma = 0, b = 0, alpha = 0, d = 0, theta = 0, r = 0;  ///< constant parts [rad, m]
};

/// Rows of chain i (0-based) in the order 1_i, 2_i, 3_i, 4_i, 5_i, 6_i, 7_i, 8_i, 9_i (Guégan, Khalil, Chablat & Wenger 2002 tables
/// 1 and 2 with b_7i = -2 r_2i, b_9i = -r_2i, r_5i = -r_2i, D_8i = D_4i).
std::array<KhalilKleinfingerRow, 9> orthoglideTable(const OrthoglideModel& model, int chain);

/// ^{a(j)}T_j of a row for the joint variable `q` (ignored for fixed frames).
Transform khalilKleinfingerTransform(const KhalilKleinfingerRow& row, double q);

/// The nine frame variables (rows of orthoglideTable) from the chain's independent variables
/// qa = (q_1i, q_2i, q_3i) by the loop closure (annex eq 34): q_4 = -q_3, q_5 = -q_2 - pi/2, q_7 = q_3,
/// q_8 = -q_3; fixed frames 0.
std::array<double, 9> orthoglideFrameVariables(const Vector3& qa);

/// World (R_0) poses of the nine frames of chain i (table order). Origins: 6_i is P; 8_i and 9_i
/// coincide (position closure). This is what a 3D view needs to draw the legs.
std::array<Transform, 9> orthoglideChainFrames(const OrthoglideModel& model, int chain, const Vector3& qa);

/// A body to draw: chain (0..2, or -1 for the platform), the paper's body number (1, 2, 3, 4, 5, 7; 0
/// for the platform), its world pose (the body's KK frame; the platform frame R_p at P with the axes of
/// R_0) and the world position of its centre of mass.
struct OrthoglideBodyPose {
  int chain = -1;
  int body = 0;
  Transform pose;
  Vector3 com = Vector3::Zero();
};

/// Every leg body and the platform for the actuator positions L (numeric forward geometric model):
/// 18 leg bodies (chain-major, table order) then the platform. False (and `message`) when L is out of
/// reach.
bool orthoglideBodyPoses(const OrthoglideModel& model, const Vector3& L, std::array<OrthoglideBodyPose, 19>& out,
                         std::string* message = nullptr);

/// The equivalent tree structure of chain i (annex §, cut joint q_8i) as two serial branches sharing
/// bodies 1_i and 2_i: branch A = joints (1, 2, 3, 4, 5), branch B = joints (1, 2, 7) with bodies 1_i and
/// 2_i massless (so they are counted once) and no actuator. The tree's joint forces are
/// Gamma_ar = [A1 + B1, A2 + B2, A3, A4, A5, B3] (the backward recurrence is linear in the body
/// wrenches). Gravity: the model's ^0g (the branches' base is R_0).
struct OrthoglideChainTree {
  Model branchA, branchB;
};
OrthoglideChainTree orthoglideChainTree(const OrthoglideModel& model, int chain);

}  // namespace maniplab
