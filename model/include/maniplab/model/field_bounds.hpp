#pragma once
// The physical range of every bounded field of ManipLab's readers (robot files, scene files of every
// kind, URDF), written once: a value that is finite but beyond any real robot (a mass of 10^9 kg, a control
// rate of 1 GHz) is refused at its field with the range (JsonReader::within, message field.out_of_range).
// The tables of robots/README.md ("Validation") and scenes/README.md ("What the reader refuses") list
// them; tests/model/test_robot_file (physicalBounds), tests/sim/test_scenes (faultsNamedOnceAtTheirField)
// and tests/urdf/test_urdf (physicalBounds) check each one at its field. Values are in SI units (after
// a file's "angle_unit" conversion).

namespace maniplab {

/// A closed range [lo, hi] of a field in SI units; `unit` is the unit's symbol as the message shows it
/// (empty for a ratio or a count).
struct FieldBound {
  double lo;
  double hi;
  const char* unit;
};

namespace bounds {

/// A link's (or an Orthoglide body's, or its platform's) mass: at most 100 t. The heaviest industrial arms
/// weigh a few tonnes (KUKA KR 1000 titan: about 4.7 t with its base), so a link beyond 100 t is a unit
/// error (grams, or a density), not a robot.
inline constexpr FieldBound kMass{0, 1e5, "kg"};
/// Each entry of a link's inertia tensor: 10^9 kg m^2, a 100 t body whose mass lies 100 m from the axis
/// (kMass at kLength), the most the two other bounds allow.
inline constexpr FieldBound kInertia{-1e9, 1e9, "kg m^2"};
/// The free-floating base of a satellite scene: at most 1000 t (the International Space Station, the
/// largest spacecraft built, is about 420 t) ...
inline constexpr FieldBound kBaseMass{0, 1e6, "kg"};
/// ... and its inertia entries at most 10^10 kg m^2 (1000 t at 100 m; the station's are about 10^8).
inline constexpr FieldBound kBaseInertia{-1e10, 1e10, "kg m^2"};
/// A length or coordinate of the geometry (DH a, d, r; a centre of mass; a frame's origin; the
/// Orthoglide's a, r2, D4, D6, workspace): within 100 m of its frame's origin.
inline constexpr FieldBound kLength{-100, 100, "m"};
/// A length that must be non-negative (the Orthoglide's bar lengths, spacings and workspace size).
inline constexpr FieldBound kPositiveLength{0, 100, "m"};
/// A motor's rotor inertia (about its axis or transverse): at most 10 kg m^2; the largest industrial
/// servo motors' rotors are below 1 kg m^2 (their inertia seen at the joint is n^2 times larger).
inline constexpr FieldBound kRotorInertia{0, 10, "kg m^2"};
/// Viscous friction coefficients (joint side): at most 10^6 N m s/rad (or N s/m for a prismatic joint).
inline constexpr FieldBound kViscous{0, 1e6, "N m s/rad or N s/m"};
/// Coulomb friction (joint side): at most 10^6 N m (or N), beyond any joint's effort (kEffort).
inline constexpr FieldBound kCoulomb{0, 1e6, "N m or N"};
/// A joint's effort limit: at most 10^7 N m (or N).
inline constexpr FieldBound kEffort{0, 1e7, "N m or N"};
/// A joint's velocity limit: at most 10^4 rad/s (or m/s); the fastest motors turn below 2000 rad/s.
inline constexpr FieldBound kVelocity{0, 1e4, "rad/s or m/s"};
/// A joint's acceleration limit: at most 10^6 rad/s^2 (or m/s^2).
inline constexpr FieldBound kAcceleration{0, 1e6, "rad/s^2 or m/s^2"};
/// A gravitational acceleration's magnitude: at most 1000 m/s^2 (the Sun's surface: 274 m/s^2).
inline constexpr FieldBound kGravity{0, 1000, "m/s^2"};
/// A gear ratio's magnitude (robot.gear_range, JsonReader::gearRatio): 1/100 to 10 000, as a real gear
/// train (harmonic drives reach about 160, worm gears a few hundred); zero is refused. Beyond, the rotor
/// term n^2 J_m would be met later as an ill-conditioned mass matrix.
inline constexpr FieldBound kGear{1e-2, 1e4, ""};
/// A control or plant rate: at most 1 MHz (a period of at least 1 us; EtherCAT's shortest cycle is
/// 31.25 us); also checked against the run size (scene_sections.hpp, checkRunSize).
inline constexpr FieldBound kRate{0, 1e6, "Hz"};
/// A control or plant period (the satellite scenes give periods): 1 us to 1 s.
inline constexpr FieldBound kPeriod{1e-6, 1, "s"};
/// A duration of simulated time (a run, a motion, a trajectory segment or via-point time, a controller's
/// time constant): at most 24 h.
inline constexpr FieldBound kDuration{0, 24 * 3600, "s"};
/// A trajectory's frequency (an excitation's base frequency): at most 1 kHz, beyond any manipulator's
/// mechanical bandwidth (a few tens of Hz).
inline constexpr FieldBound kTrajectoryFrequency{0, 1e3, "Hz"};
/// A count of repetitions (an excitation's periods): at most 10^6.
inline constexpr FieldBound kRepetitions{0, 1e6, ""};
/// A controller gain (PID kp, ki, kd in N m per rad, per rad s, per rad/s; computed torque's kp in 1/s^2,
/// kv in 1/s; the same per Cartesian axis), in its SI unit: non-negative and at most 10^13. Computed
/// torque's kp = w_n^2 reaches it at w_n = 3.2e6 rad/s, the Nyquist limit of the fastest control rate
/// (kRate: pi 10^6 rad/s), beyond which no sampled loop holds the gain; a PID's kp reaches the largest
/// effort (kEffort) at an error of 1 urad.
inline constexpr FieldBound kGain{0, 1e13, "SI"};
/// A gain design's natural frequency w_n (K_p = w_n^2): at most 3 10^6 rad/s (kGain's reasoning).
inline constexpr FieldBound kNaturalFrequency{0, 3e6, "rad/s"};
/// A gain design's damping ratio: 0 to 1000 (1 is critical damping; at 1000 the two poles are 4 10^6
/// apart).
inline constexpr FieldBound kDamping{0, 1e3, ""};
/// An integration tolerance (absolute or relative, of an adaptive stepper): positive and at most 1.
inline constexpr FieldBound kTolerance{0, 1, ""};
/// A pseudo-random seed: an integer from 0 to 2^53 (every integer a double holds exactly).
inline constexpr FieldBound kSeed{0, 9007199254740992.0, ""};

}  // namespace bounds
}  // namespace maniplab
