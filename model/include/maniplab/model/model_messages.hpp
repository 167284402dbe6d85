#pragma once
// The codes of model/'s diagnostics (JSON, robot-file and URDF readers) and their English templates
// (message.hpp). A code is stable: the GUI's translations are keyed on it. Add a code here and to
// modelMessages() (model_messages.cpp), then its translation to ui/src/diagnostic_text.cpp.
#include "maniplab/model/message.hpp"

namespace maniplab::msg {

// --- Files and JSON syntax ---
inline constexpr MessageTemplate kCannotOpen{"file.cannot_open", "cannot open file for reading"};
inline constexpr MessageTemplate kInvalidJsonAt{"json.invalid_at", "invalid JSON at line %1, column %2"};
inline constexpr MessageTemplate kInvalidJson{"json.invalid", "invalid JSON: %1"};
inline constexpr MessageTemplate kDuplicateKey{"json.duplicate_key", "duplicate key (each key may appear once per object)"};
inline constexpr MessageTemplate kNotObjectDocument{"json.document_not_object", "the document must be a JSON object"};
inline constexpr MessageTemplate kFormatMismatch{"json.format_mismatch", "must be \"%1\" (got \"%2\")"};
inline constexpr MessageTemplate kUnsupportedVersion{"json.unsupported_version",
                                                     "unsupported version %1 (this program reads version 1)"};

// --- Fields ---
inline constexpr MessageTemplate kUnknownKey{"field.unknown_key", "unknown key \"%1\" (expected one of: %2)"};
inline constexpr MessageTemplate kMissingNumber{"field.missing_number", "missing required number"};
inline constexpr MessageTemplate kMissingVector3{"field.missing_vector3", "missing required 3-vector"};
inline constexpr MessageTemplate kMissingString{"field.missing_string", "missing required string"};
inline constexpr MessageTemplate kMissingObject{"field.missing_object", "missing required object"};
inline constexpr MessageTemplate kMissingInertia{"field.missing_inertia", "missing required inertia tensor"};
inline constexpr MessageTemplate kNotNumber{"field.not_number", "must be a number (got %1)"};
inline constexpr MessageTemplate kNotFinite{"field.not_finite", "must be finite"};
inline constexpr MessageTemplate kNotVector3{"field.not_vector3", "must be an array of 3 numbers"};
inline constexpr MessageTemplate kNotMatrix3{"field.not_matrix3", "must be a 3x3 array of rows"};
inline constexpr MessageTemplate kNotRow3{"field.not_row3", "must be a row of 3 numbers"};
inline constexpr MessageTemplate kNotString{"field.not_string", "must be a string"};
inline constexpr MessageTemplate kNotObject{"field.not_object", "must be an object"};
inline constexpr MessageTemplate kNotBoolean{"field.not_boolean", "must be true or false"};
inline constexpr MessageTemplate kNotPositive{"field.not_positive", "must be positive"};
inline constexpr MessageTemplate kNegative{"field.negative", "must be non-negative"};
inline constexpr MessageTemplate kNegativeGot{"field.negative_got", "must be non-negative (got %1)"};
inline constexpr MessageTemplate kZero{"field.zero", "must be non-zero"};
inline constexpr MessageTemplate kNotPositiveInteger{"field.not_positive_integer", "must be a positive integer"};
inline constexpr MessageTemplate kNotUnitVector{"field.not_unit_vector", "must be a unit vector (norm %1)"};
inline constexpr MessageTemplate kNotRotation{"field.not_rotation",
                                              "must be a rotation matrix (orthonormal, determinant +1)"};
inline constexpr MessageTemplate kNotFiniteNumbers{"field.not_finite_numbers", "must be finite numbers"};
inline constexpr MessageTemplate kNotFiniteNumber{"field.not_finite_number", "must be a finite number"};
inline constexpr MessageTemplate kNotFiniteNumberGot{"field.not_finite_number_got", "must be a finite number (got \"%1\")"};
inline constexpr MessageTemplate kNotThreeFinite{"field.not_three_finite", "must be three finite numbers"};

// --- Robot files ---
inline constexpr MessageTemplate kInertiaNotSymmetric{"robot.inertia_not_symmetric", "inertia tensor must be symmetric"};
inline constexpr MessageTemplate kInertiaNotPsd{
    "robot.inertia_not_psd", "inertia tensor must be positive semi-definite (smallest principal moment %1)"};
inline constexpr MessageTemplate kInertiaTriangle{
    "robot.inertia_triangle",
    "principal moments %1, %2, %3 violate the triangle inequality (not a physical rigid body); loaded as given"};
inline constexpr MessageTemplate kGearRange{"robot.gear_range",
                                            "must be between %1 and %2 in magnitude, as a real gear train (got %3)"};
inline constexpr MessageTemplate kFrictionNegative{"robot.friction_negative", "friction coefficients must be non-negative"};
inline constexpr MessageTemplate kJointType{"robot.joint_type", "must be \"revolute\" or \"prismatic\" (got \"%1\")"};
inline constexpr MessageTemplate kRpyOrP{"robot.rpy_or_p", "give either \"rpy\" or \"P\", not both"};
inline constexpr MessageTemplate kLowerAboveUpper{"robot.lower_above_upper", "lower limit is greater than upper limit"};
inline constexpr MessageTemplate kMasslessInertia{"robot.massless_inertia",
                                                  "massless link with non-zero inertia (accepted; its inertia still acts)"};
inline constexpr MessageTemplate kGeometryShape{"robot.geometry_shape",
                                                "must be \"box\", \"cylinder\", \"sphere\" or \"mesh\""};
inline constexpr MessageTemplate kConvention{"robot.convention", "must be \"dh\", \"mdh\" or \"general\" (got \"%1\")"};
inline constexpr MessageTemplate kAngleUnit{"robot.angle_unit", "must be \"rad\" or \"deg\""};
inline constexpr MessageTemplate kRotorModel{"robot.rotor_model", "must be \"armature\" or \"full\""};
inline constexpr MessageTemplate kNoJoints{"robot.no_joints", "must be a non-empty array of joints"};
inline constexpr MessageTemplate kTooManyJoints{"robot.too_many_joints", "at most 64 joints are supported"};
inline constexpr MessageTemplate kTooManyMovingJoints{"robot.too_many_moving_joints",
                                                      "at most 64 moving joints are supported"};
inline constexpr MessageTemplate kHomeSize{"robot.home_size", "must be an array of %1 numbers (one per joint)"};
inline constexpr MessageTemplate kHomeOutsideLimits{"robot.home_outside_limits", "home position is outside the joint limits"};
inline constexpr MessageTemplate kFullRotorInertia{
    "robot.full_rotor_inertia",
    "with the full rotor model the link inertia should include the rotor of joint %1 as a locked part (Llibre, "
    "Mampey & Chrétien 1983: J' = J - J_m); here J - J_m has a negative principal moment (%2)"};
inline constexpr MessageTemplate kSingularAtHome{
    "robot.singular_at_home",
    "the mass matrix is singular or near-singular at the home pose (no inertia moves with joint %1 independently "
    "of the joints before it): give this link (or the links after it) mass/inertia, or a rotor inertia"};

// --- URDF import ---
inline constexpr MessageTemplate kXmlNotWellFormed{
    "urdf.xml_not_well_formed",
    "not well-formed XML at line %1, column %2: %3 (file rejected before it reaches the URDF parser)"};
inline constexpr MessageTemplate kUrdfParser{"urdf.parser", "URDF: %1"};
inline constexpr MessageTemplate kUrdfInvalid{"urdf.invalid", "not a valid URDF document"};
inline constexpr MessageTemplate kUrdfNoRoot{"urdf.no_root", "the URDF has no root link"};
inline constexpr MessageTemplate kUrdfSelfLoop{"urdf.self_loop", "joint \"%1\" connects link \"%2\" to itself"};
inline constexpr MessageTemplate kUrdfTwoParents{"urdf.two_parents",
                                                 "link \"%1\" has two parent joints (\"%2\" and \"%3\"): URDF describes trees"};
inline constexpr MessageTemplate kUrdfClosedLoop{"urdf.closed_loop",
                                                 "the joints form a closed loop through link \"%1\": URDF describes trees"};
inline constexpr MessageTemplate kUrdfAxis{"urdf.axis", "the joint axis must be a non-zero finite vector"};
inline constexpr MessageTemplate kUrdfLimitsFinite{"urdf.limits_finite", "limits must be finite numbers"};
inline constexpr MessageTemplate kUrdfGearZero{"urdf.gear_zero",
                                               "the mechanical reduction (gear ratio) must be non-zero"};
inline constexpr MessageTemplate kUrdfRotorNegative{"urdf.rotor_negative", "the rotor inertia must be non-negative"};
inline constexpr MessageTemplate kUrdfRotorTransverseNegative{"urdf.rotor_transverse_negative",
                                                              "the transverse rotor inertia must be non-negative"};
inline constexpr MessageTemplate kUrdfMassInertiaFinite{"urdf.mass_inertia_finite",
                                                        "mass and inertia must be finite numbers"};
inline constexpr MessageTemplate kUrdfZeroLimits{
    "urdf.zero_limits",
    "lower = upper = 0 (URDF's default when the attributes are missing): the joint is outside its limits as soon as "
    "it moves"};
inline constexpr MessageTemplate kUrdfNoVelocityLimit{"urdf.no_velocity_limit", "not positive: no velocity limit"};
inline constexpr MessageTemplate kUrdfNoEffortLimit{"urdf.no_effort_limit", "not positive: no effort limit"};
inline constexpr MessageTemplate kUrdfDynamics{"urdf.dynamics",
                                               "damping and friction must be finite and non-negative"};

}  // namespace maniplab::msg
