#pragma once
// The codes of sim/'s diagnostics (scene reader, run failures, limit checks) and their English templates
// (maniplab/model/message.hpp). A code is stable: the GUI's translations are keyed on it. Add a code here
// and to simMessages() (sim_messages.cpp), then its translation to ui/src/diagnostic_text.cpp.
#include <span>
#include <string>

#include "maniplab/model/message.hpp"

namespace maniplab::msg {

// --- Scene files ---
inline constexpr MessageTemplate kRobotInvalid{"scene.robot_invalid", "the robot file \"%1\" is invalid:"};
inline constexpr MessageTemplate kSerialKind{"scene.serial_kind",
                                             "must be \"serial\" or absent for a serial scene (got \"%1\")"};
inline constexpr MessageTemplate kUnknownTrajectory{
    "scene.unknown_trajectory",
    "unknown trajectory type \"%1\" (quintic, trapezoidal, via_points, fourier, cartesian_line, umis_thesis_line, "
    "hold)"};
inline constexpr MessageTemplate kControllerType{
    "scene.controller_type",
    "must be \"pid\", \"pd_gravity\", \"computed_torque\", \"operational_space\" or \"zero\" (got \"%1\")"};
inline constexpr MessageTemplate kDuplicateController{"scene.duplicate_controller", "duplicate controller name \"%1\""};
inline constexpr MessageTemplate kNoControllers{"scene.no_controllers", "must be a non-empty array of controllers"};
inline constexpr MessageTemplate kDurationShort{"scene.duration_short",
                                                "shorter than the trajectory (%1 s): the run stops mid-motion"};
inline constexpr MessageTemplate kDurationMax{"scene.duration_max", "must be at most 24 h of simulated time"};
inline constexpr MessageTemplate kRunTooLarge{
    "scene.run_too_large",
    "%1 s at these rates is %2 control periods and %3 plant steps of %4 joints: beyond the %5 control periods "
    "x joints (the recorded trace) or %6 plant steps x joints (the computation) a run may take; lower the "
    "duration or the rates"};
inline constexpr MessageTemplate kPoints{"scene.points", "must be an array of at least 2 joint vectors"};
inline constexpr MessageTemplate kTimes{"scene.times", "must be an array with one time per point"};
inline constexpr MessageTemplate kTimesIncreasing{"scene.times_increasing",
                                                    "must be later than the previous time (%1 s)"};
inline constexpr MessageTemplate kJointCount{"scene.joint_count", "must have %1 values (one per joint), got %2"};
inline constexpr MessageTemplate kNumberOrArray{"scene.number_or_array", "must be a number or an array of %1 numbers"};
inline constexpr MessageTemplate kMissingJointValue{"scene.missing_joint_value",
                                                    "missing required value (a number or an array of %1)"};
inline constexpr MessageTemplate kNegativeJoint{"scene.negative_joint", "must be non-negative (joint %1: %2)"};
inline constexpr MessageTemplate kRatesMultiple{"scene.rates_multiple",
                                                "plant_hz must be a whole multiple of control_hz (got %1 / %2)"};
inline constexpr MessageTemplate kStepper{"scene.stepper", "must be \"euler\", \"rk4\" or \"dopri5\""};
inline constexpr MessageTemplate kRecordArray{"scene.record_array", "must be an array of channel groups"};
inline constexpr MessageTemplate kRecordGroup{
    "scene.record_group",
    "unknown channel group (reference, state, error, torque, friction, end_effector, energy, timing)"};
inline constexpr MessageTemplate kBackend{"scene.backend", "must be \"sim\" or \"ethercat\""};

inline constexpr MessageTemplate kSeed{"scene.seed", "must be a whole number from %1 to %2"};
inline constexpr MessageTemplate kLineSamples{
    "scene.line_samples",
    "%1 s sampled every %2 s is %3 samples of the straight line (inverse kinematics at each): at most %4; raise "
    "the sample period or shorten the line"};

inline constexpr MessageTemplate kDesignOrGains{"scene.design_or_gains",
                                                "give either \"design\" or explicit \"kp\"/\"kv\", not both"};
inline constexpr MessageTemplate kPerturbationRange{"scene.perturbation_range", "must be in [0, 100)"};
inline constexpr MessageTemplate kFrictionCompensation{"scene.friction_compensation",
                                                       "must be \"none\", \"coulomb\" or \"full\""};
inline constexpr MessageTemplate kMissingCartesianGain{
    "scene.missing_cartesian_gain",
    "missing required gain (a number or an array of 6, one per Cartesian axis phi theta psi X Y Z)"};
inline constexpr MessageTemplate kCartesianCount{"scene.cartesian_count",
                                                 "must have 6 values (one per Cartesian axis phi theta psi X Y Z), got %1"};
inline constexpr MessageTemplate kCartesianNumberOrArray{
    "scene.cartesian_number_or_array",
    "must be a number or an array of 6 numbers (one per Cartesian axis phi theta psi X Y Z)"};
inline constexpr MessageTemplate kOperationalSpaceJoints{
    "scene.operational_space_joints",
    "\"operational_space\" needs a robot with 6 joints (square Jacobian); \"%1\" has %2"};
inline constexpr MessageTemplate kSingularThreshold{
    "scene.singular_threshold", "must be positive (smallest singular value of J where damping starts)"};
inline constexpr MessageTemplate kMaxDamping{"scene.max_damping",
                                             "must be non-negative (0 = no damping: the exact inverse everywhere)"};
inline constexpr MessageTemplate kSaturation{"scene.saturation", "must be \"limits\", a number or an array"};
inline constexpr MessageTemplate kAntiWindup{"scene.anti_windup",
                                             "must be \"clamping\", \"back_calculation\", \"both\" or \"none\""};
inline constexpr MessageTemplate kTrackingTime{"scene.tracking_time",
                                               "back-calculation anti-windup needs a tracking time"};
inline constexpr MessageTemplate kFourierCoefficients{"scene.fourier_coefficients",
                                                      "must be an array of %1 coefficient arrays (one per joint)"};
inline constexpr MessageTemplate kIkMethod{"scene.ik_method", "must be \"auto\", \"umis\" or \"numeric\""};
inline constexpr MessageTemplate kEncoderBits{"scene.encoder_bits", "must be in [0, 62] (0 = no quantisation)"};
inline constexpr MessageTemplate kVelocityEstimator{"scene.velocity_estimator",
                                                    "must be \"true\" or \"difference\" (Zanaboni 2009 estimator)"};
inline constexpr MessageTemplate kLossBudget{"scene.loss_budget", "must be in [0, 10000] ms (0: the master's default)"};
inline constexpr MessageTemplate kLossesPerSecond{"scene.losses_per_second", "must be >= 0 (0: the master's default)"};
inline constexpr MessageTemplate kTrajectoryNotBuilt{"scene.trajectory_not_built",
                                                     "the trajectory cannot be built from these values"};

// --- Documents that are not the scene asked for (scene_kind.cpp, document.cpp) ---
inline constexpr MessageTemplate kUrdfNotScene{
    "scene.urdf_not_scene",
    "this is a URDF robot file, not a scene: `maniplab-cli check %1` reads it, and a scene names it in its \"robot\""};
inline constexpr MessageTemplate kRobotNotScene{
    "scene.robot_not_scene",
    "this is a robot file (%1), not a scene: `maniplab-cli %2 %3` reads it, and a scene names it in its \"robot\""};
inline constexpr MessageTemplate kUnknownSceneKind{"scene.unknown_kind",
                                                   "unknown scene kind \"%1\" (this program reads: %2)"};
inline constexpr MessageTemplate kNotAScene{
    "scene.not_a_scene",
    "this is not a ManipLab scene (%1): a scene has \"format\": \"maniplab-scene\" and one of the kinds %2"};
inline constexpr MessageTemplate kOtherKindScene{
    "scene.other_kind", "this is a \"%1\" scene, not a \"%2\" scene: `maniplab-cli run %3` runs it (or `compare`)"};
inline constexpr MessageTemplate kNotSerialRobot{"scene.not_serial_robot", "this is not a serial robot file (%1)"};

// --- Orthoglide scenes ---
inline constexpr MessageTemplate kOrthoglideRobotInvalid{"scene.orthoglide_robot_invalid",
                                                         "the Orthoglide robot file %1 is invalid (see above)"};
inline constexpr MessageTemplate kOrthoglideAntiWindup{"scene.orthoglide_anti_windup", "must be \"clamping\" or \"none\""};
inline constexpr MessageTemplate kOrthoglideControllerType{
    "scene.orthoglide_controller_type", "must be \"pid\", \"computed_torque\" or \"zero\" (got \"%1\")"};
inline constexpr MessageTemplate kCartesianPoints{"scene.cartesian_points",
                                                  "must be \"cartesian_points\" (platform way-points in R_0)"};
inline constexpr MessageTemplate kPlatformPoints{"scene.platform_points",
                                                 "must be an array of at least 2 points [x, y, z] (m, in R_0)"};
inline constexpr MessageTemplate kPointOutOfReach{"scene.point_out_of_reach", "out of reach: %1"};
inline constexpr MessageTemplate kDurations{"scene.durations",
                                            "must be an array of segment durations (s), one per segment"};
inline constexpr MessageTemplate kDurationsCount{"scene.durations_count", "needs one duration per segment (%1)"};
inline constexpr MessageTemplate kOrthoglideTrajectoryOutOfReach{
    "trajectory.orthoglide_out_of_reach", "at t = %1 s the platform point (%2, %3, %4) m is out of reach: %5"};

// --- Satellite (free-floating base) scenes ---
inline constexpr MessageTemplate kMissingArray{"scene.missing_array", "missing required array of %1 numbers"};
inline constexpr MessageTemplate kArrayPerJoint{"scene.array_per_joint", "must be an array of %1 numbers (one per joint)"};
inline constexpr MessageTemplate kArrayOf{"scene.array_of", "must be an array of %1 numbers"};
inline constexpr MessageTemplate kBaseInertiaNotPd{
    "scene.base_inertia_not_pd", "the base inertia must be positive definite (smallest principal moment %1)"};
inline constexpr MessageTemplate kFloatingFullRotor{
    "scene.floating_full_rotor", "the full rotor model is not supported on a floating base (use armature)"};
inline constexpr MessageTemplate kFloatingControllerType{
    "scene.floating_controller_type", "must be \"floating_computed_torque\" (the reaction-aware computed torque)"};
inline constexpr MessageTemplate kPlantMethod{"scene.plant_method", "must be \"aba\" or \"crba\""};
inline constexpr MessageTemplate kCoulombSmoothing{"scene.coulomb_smoothing",
                                                   "must be zero (exact sign) or a positive velocity"};
inline constexpr MessageTemplate kPeriodMultiple{"scene.period_multiple",
                                                 "must be a whole number of plant periods (%1 s)"};

// --- Trajectories built for a run ---
inline constexpr MessageTemplate kLineOutOfReach{"trajectory.line_out_of_reach",
                                                 "the straight line leaves the reach of the robot at t = %1 s"};
inline constexpr MessageTemplate kLineIkNotConverged{
    "trajectory.line_ik_not_converged",
    "the straight line: the numeric inverse kinematics did not converge at t = %1 s (position error %2 m)"};
inline constexpr MessageTemplate kLineIkMiss{
    "trajectory.line_ik_miss",
    "the straight line: the inverse kinematics solution misses the pose at t = %1 s (forward kinematics error %2 m, "
    "%3 rad; does the UMIS geometry match the model?)"};
inline constexpr MessageTemplate kLineSingular{
    "trajectory.line_singular",
    "the straight line meets a singular Jacobian at t = %1 s (smallest singular value %2 < %3)"};
inline constexpr MessageTemplate kUmisLineNeedsUmis{"trajectory.umis_line_needs_umis",
                                                    "umis_thesis_line needs the UMIS robot (its DH structure was not found)"};
inline constexpr MessageTemplate kUmisIkNeedsUmis{"trajectory.umis_ik_needs_umis",
                                                  "\"ik\": \"umis\" needs the UMIS robot structure"};
inline constexpr MessageTemplate kCannotSaveScene{"scene.cannot_save", "cannot save the scene '%1': %2"};
inline constexpr MessageTemplate kSceneWouldNotReadBack{"scene.would_not_read_back",
                                                        "cannot save the scene '%1': it would not read back:\n%2"};

// --- Runs: integration and the plant's faults ---
inline constexpr MessageTemplate kJoint{"run.joint", "joint %1"};
inline constexpr MessageTemplate kJointNamed{"run.joint_named", "joint %1 (%2)"};
inline constexpr MessageTemplate kCoordinatePosition{"run.coordinate_position", "%1 position"};
inline constexpr MessageTemplate kCoordinateVelocity{"run.coordinate_velocity", "%1 velocity"};
inline constexpr MessageTemplate kDivergedNotFinite{"run.diverged_not_finite",
                                                    "t = %1 s: the simulation diverged: %2 is not finite"};
inline constexpr MessageTemplate kDivergedBeyond{
    "run.diverged_beyond",
    "t = %1 s: the simulation diverged: %2 reached %3, beyond %4 (energy blow-up; reduce the step or check the gains)"};
inline constexpr MessageTemplate kFaultStopped{"run.fault_stopped", "t = %1 s: %2; the simulation stopped"};
inline constexpr MessageTemplate kSingularMassMatrix{"run.singular_mass_matrix", "the mass matrix became singular at %1"};
inline constexpr MessageTemplate kStallStepTooSmall{"run.stall_step_too_small", "the step fell to %1 s"};
inline constexpr MessageTemplate kStallRejections{"run.stall_rejections", "%1 steps rejected in a row, the last of %2 s"};
inline constexpr MessageTemplate kStallTooManySteps{"run.stall_too_many_steps",
                                                    "%1 steps in one tick of %2 s, the last of %3 s"};
inline constexpr MessageTemplate kStalled{
    "run.stalled",
    "t = %1 s: the adaptive stepper stalled (%2): the dynamics are discontinuous there, usually through Coulomb "
    "friction's sign at zero velocity; set a coulomb_smoothing velocity"};
inline constexpr MessageTemplate kStalledOn{
    "run.stalled_on",
    "t = %1 s: the adaptive stepper stalled (%2; the largest error is on %3): the dynamics are discontinuous there, "
    "usually through Coulomb friction's sign at zero velocity; set a coulomb_smoothing velocity"};
inline constexpr MessageTemplate kEnergyBlowUp{
    "run.energy_blow_up",
    "t = %1 s: energy blow-up: the total energy departs from its initial value plus the actuator work by %2 J; the "
    "integration diverged (reduce the step)"};

// --- Trajectory limits (checked before a run) ---
inline constexpr MessageTemplate kLimitValue{"limit.value", "%1 %2"};
inline constexpr MessageTemplate kLimitValueDegrees{"limit.value_degrees", "%1 %2 (%3 deg)"};
inline constexpr MessageTemplate kLimitUpper{
    "limit.upper_position",
    "t = %1 s: %2 passes its upper position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s"};
inline constexpr MessageTemplate kLimitLower{
    "limit.lower_position",
    "t = %1 s: %2 passes its lower position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s"};
inline constexpr MessageTemplate kLimitVelocity{
    "limit.velocity",
    "t = %1 s: %2 passes its velocity limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s"};
inline constexpr MessageTemplate kLimitAcceleration{
    "limit.acceleration",
    "t = %1 s: %2 passes its acceleration limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s"};
inline constexpr MessageTemplate kLimitEffort{
    "limit.effort",
    "t = %1 s: %2 passes its effort limit %3 by %4: peak %5 at t = %6 s (inverse dynamics along the desired "
    "trajectory), back within the limit at t = %7 s"};

/// The English rendering of a number as `std::ostream << v` writes it (6 significant digits).
std::string streamed(double v);

}  // namespace maniplab::msg

namespace maniplab::sim {
/// Every code of sim/: the GUI's translation table must cover each one (tests/ui/test_translations).
std::span<const MessageTemplate* const> simMessages();
}  // namespace maniplab::sim
