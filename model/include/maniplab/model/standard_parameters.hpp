#pragma once
// Standard dynamic parameters of a serial chain (seed 002 ch. I §V, eq (1.41); reference notes
// base-parameters-identification.md §2), 13 per joint j = 1..n, in this order:
//   XX XY XZ YY YZ ZZ  the inertia tensor J_j of body j ABOUT THE ORIGIN O_j of its frame R_j [kg m^2]
//   MX MY MZ           the first moment MS_j = M_j S_j, S_j = O_j G_j [kg m]
//   M                  the mass M_j [kg]
//   Ia                 the armature (rotor) inertia referred to the joint, gear^2 * j_m [kg m^2] or [kg]
//   Fv Fs              output-side viscous [N m s/rad | N s/m] and Coulomb [N m | N] friction,
//                      tau_f = Fv qd + Fs sign(qd) (sign(0) = 0)
// All body quantities are expressed in ManipLab's internal body frame R_i (model.hpp): z on the axis of
// joint i, origin on that axis. For a modified-DH (Khalil–Kleinfinger) robot file R_i IS the thesis's DHM
// frame; for a standard-DH file R_i is the DH frame i-1 carried by body i (it satisfies the properties
// (1.15)–(1.16) the regrouping theory needs; see base_parameters.hpp); for a general file it is the file's
// joint frame. Index of parameter k of joint j (0-based j): 13 j + k.
//
// Huygens: J_j = I_Gj + M_j (|S_j|^2 1 - S_j S_j^T), the relation with the robot file's (mass, centre of
// mass, inertia about the centre of mass).
//
// The linear-in-parameters model is exact for the Armature rotor model (model.hpp) with symmetric
// friction; for the Full rotor model the gyroscopic rotor terms are not covered (flagged as a warning).
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"

namespace maniplab {

constexpr int kStandardPerJoint = 13;

enum StandardParameterIndex : int {
  kXX = 0, kXY, kXZ, kYY, kYZ, kZZ, kMX, kMY, kMZ, kM, kIa, kFv, kFs
};

/// "XX", "XY", ..., "Fs" for k = 0..12.
const char* standardParameterSymbol(int k);
/// "XX3" for joint j = 2 (0-based), k = kXX.
std::string standardParameterName(int joint, int k);
/// The 13 n names in the order above.
std::vector<std::string> standardParameterNames(int n);

struct StandardParameters {
  VectorX values;                     ///< size 13 n
  std::vector<std::string> warnings;  ///< e.g. asymmetric friction (averaged), full rotor model
};

/// Standard parameters of a model (conversion from (mass, com, inertia at com, actuator)).
/// Asymmetric friction (pos != neg) is averaged with a warning; Ia = gear^2 * rotorInertia.
StandardParameters standardParameters(const Model& model);

/// Writes standard parameters back into the model's bodies and actuators (the inverse conversion).
/// Throws std::invalid_argument naming the parameter for a non-finite value, a negative or zero mass
/// with a non-zero first moment, a negative mass or rotor inertia, or a zero gear ratio with Ia != 0.
void applyStandardParameters(Model& model, const VectorX& values);

}  // namespace maniplab
