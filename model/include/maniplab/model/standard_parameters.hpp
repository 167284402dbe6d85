#pragma once
// Standard dynamic parameters of a serial chain (Belkoura 1993 ch. I §V, eq (1.41); reference notes
// base-parameters-identification.md §2), 14 per joint j = 1..n, in this order:
//   XX XY XZ YY YZ ZZ  the inertia tensor J_j of body j ABOUT THE ORIGIN O_j of its frame [kg m^2]
//   MX MY MZ           the first moment MS_j = M_j S_j, S_j = O_j G_j [kg m]
//   M                  the mass M_j [kg]
//   Ia                 the armature (rotor) inertia referred to the joint, gear^2 * j_m [kg m^2] or [kg]
//   Fv Fs              output-side viscous [N m s/rad | N s/m] and Coulomb [N m | N] friction,
//   Fsa                Coulomb asymmetry [N m | N]:
//                        tau_f = Fv qd + Fs sign(qd) + Fsa |sign(qd)|   (sign(0) = 0),
//                      i.e. Fs = (Fs+ + Fs-) / 2 and Fsa = (Fs+ - Fs-) / 2 where the robot file's Coulomb
//                      friction is Fs+ for qd > 0 and -Fs- for qd < 0 (model.hpp): Fs+ = Fs + Fsa,
//                      Fs- = Fs - Fsa. Fsa is part of the linear model (regressor column |sign(qd)|, base
//                      parameter "Fsa<j>") only for the joints whose file gives asymmetric Coulomb friction
//                      (hasCoulombAsymmetry); elsewhere it is 0 and left out of the base parameters, so a
//                      robot with symmetric friction keeps the thesis's Fv, Fs per joint.
// Frames (Belkoura 1993 uses the DHM frames, (1.11)): for a modified-DH (Khalil–Kleinfinger) robot file the
// body frame is the file's DHM frame; for a standard-DH file it is the DHM frame of the same body (the DH
// frame j-1 carried by body j, moved by Rz(theta_j0) Tz(d_j0) along its axis: mdh_frames.hpp), NOT the DH
// link frame j of the file; for a general or URDF file it is the file's joint frame (z on the joint axis).
// Index of parameter k of joint j (0-based j): kStandardPerJoint j + k.
//
// Huygens: J_j = I_Gj + M_j (|S_j|^2 1 - S_j S_j^T), the relation with the robot file's (mass, centre of
// mass, inertia about the centre of mass).
//
// The linear-in-parameters model is exact for the Armature rotor model (model.hpp) with direction-
// independent VISCOUS friction (an asymmetric viscous coefficient is averaged, with a warning: the
// model would need a |qd| column); for the Full rotor model the gyroscopic rotor terms are not covered
// (flagged as a warning).
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"

namespace maniplab {

constexpr int kStandardPerJoint = 14;

enum StandardParameterIndex : int {
  kXX = 0, kXY, kXZ, kYY, kYZ, kZZ, kMX, kMY, kMZ, kM, kIa, kFv, kFs, kFsa
};

/// "XX", "XY", ..., "Fs", "Fsa" for k = 0..13.
const char* standardParameterSymbol(int k);
/// "XX3" for joint j = 2 (0-based), k = kXX.
std::string standardParameterName(int joint, int k);
/// The kStandardPerJoint n names in the order above.
std::vector<std::string> standardParameterNames(int n);

struct StandardParameters {
  VectorX values;                     ///< size kStandardPerJoint n
  std::vector<std::string> warnings;  ///< e.g. asymmetric viscous friction (averaged), full rotor model
};

/// True when joint j's (0-based) Coulomb friction depends on the direction (coulombPos != coulombNeg):
/// its Fsa parameter is then in the linear model and in the base parameters.
bool hasCoulombAsymmetry(const Model& model, int joint);

/// Standard parameters of a model (conversion from (mass, com, inertia at com, actuator)), body
/// quantities in the frames stated above (DHM frames for a DH file). Ia = gear^2 * rotorInertia;
/// Fs, Fsa from the two Coulomb values; an asymmetric viscous coefficient is averaged with a warning.
StandardParameters standardParameters(const Model& model);

/// Writes standard parameters back into the model's bodies and actuators (the inverse conversion;
/// coulombPos = Fs + Fsa, coulombNeg = Fs - Fsa, viscousPos = viscousNeg = Fv).
/// Throws std::invalid_argument naming the parameter for a non-finite value, a negative or zero mass
/// with a non-zero first moment, a negative mass or rotor inertia, or a zero gear ratio with Ia != 0.
void applyStandardParameters(Model& model, const VectorX& values);

}  // namespace maniplab
