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
inline constexpr MessageTemplate kNumberOverflow{"json.number_overflow",
                                                 "the number %1 at line %2, column %3 is beyond the range of a double"};
inline constexpr MessageTemplate kUnreadableJson{"json.unreadable", "the document cannot be read as JSON"};
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
inline constexpr MessageTemplate kOutOfRange{"field.out_of_range", "must be between %1 and %2 %3 (got %4)"};
inline constexpr MessageTemplate kOutOfRangeNoUnit{"field.out_of_range_no_unit", "must be between %1 and %2 (got %3)"};

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
inline constexpr MessageTemplate kParent{
    "robot.parent", "must be 0 (the base) or the number of an earlier joint, 1 to %1 (Khalil–Kleinfinger's a(j) < j)"};
inline constexpr MessageTemplate kMimicSource{
    "robot.mimic_source", "must be the number of another joint (1 to %1) that is not itself a mimic joint"};
inline constexpr MessageTemplate kMimicMultiplier{
    "robot.mimic_multiplier", "must be a finite number other than 0 (q = multiplier * q_joint + offset)"};
inline constexpr MessageTemplate kParentDh{
    "robot.parent_dh",
    "a branch needs \"mdh\" (Khalil–Kleinfinger) or \"general\": standard DH puts link j's frame on the axis of "
    "joint j+1, which a link with several children does not have"};
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

// --- Orthoglide robot files and models ---
inline constexpr MessageTemplate kOrthoglideR2{"orthoglide.r2_positive", "must be positive (half the bar spacing)"};
inline constexpr MessageTemplate kOrthoglideD4{"orthoglide.d4_positive", "must be positive (bar length)"};
inline constexpr MessageTemplate kOrthoglideMissingBody{"orthoglide.missing_body",
                                                        "missing required body %1 (bodies 1, 2, 3, 4, 5, 7)"};
inline constexpr MessageTemplate kOrthoglideSources{"orthoglide.sources", "must be an object (free text per value)"};
inline constexpr MessageTemplate kOrthoglideChains{"orthoglide.chains",
                                                   "must be an array of exactly 3 chains (actuators along z, x, y of R_0)"};
inline constexpr MessageTemplate kOrthoglideHomeOutOfReach{"orthoglide.home_out_of_reach",
                                                           "home position %1 is out of reach: %2"};
inline constexpr MessageTemplate kOrthoglideHomeStroke{
    "orthoglide.home_outside_stroke", "actuator %1 is outside its stroke at the home position (q = %2 m)"};
inline constexpr MessageTemplate kOrthoglideWorkspaceOutOfReach{"orthoglide.workspace_out_of_reach",
                                                                "workspace point %1 is out of reach: %2"};
inline constexpr MessageTemplate kOrthoglideStrokeWorkspace{"orthoglide.stroke_workspace",
                                                            "the stroke does not cover workspace point %1 (q = %2 m)"};
inline constexpr MessageTemplate kOrthoglideSingularHome{"orthoglide.singular_home",
                                                         "the robot's inertia matrix at the home position is singular: %1"};
inline constexpr MessageTemplate kOrthoglidePositionNotFinite{"orthoglide.position_not_finite",
                                                              "platform position is not finite"};
inline constexpr MessageTemplate kOrthoglideOutOfReach{
    "orthoglide.out_of_reach",
    "chain %1: platform point out of reach (the leg of length %2 m cannot span the transverse offset %3 m)"};
inline constexpr MessageTemplate kOrthoglideInputNotFinite{"orthoglide.input_not_finite",
                                                           "platform velocity or actuator forces are not finite"};
inline constexpr MessageTemplate kOrthoglideNotPositiveDefinite{
    "orthoglide.not_positive_definite", "direct dynamic model: A_robot is not positive definite (check the masses)"};
inline constexpr MessageTemplate kOrthoglideAccelerationNotFinite{"orthoglide.acceleration_not_finite",
                                                                  "direct dynamic model: non-finite platform acceleration"};

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
inline constexpr MessageTemplate kUrdfLockNotAJoint{
    "urdf.lock_not_a_joint", "a locked position is stated for joint \"%1\", which is not a joint of this URDF"};
inline constexpr MessageTemplate kUrdfLockFixed{"urdf.lock_fixed", "joint \"%1\" is fixed: it has no position to lock"};
inline constexpr MessageTemplate kUrdfLockNotFinite{"urdf.lock_not_finite",
                                                    "the stated locked position of joint \"%1\" must be a finite number"};
inline constexpr MessageTemplate kUrdfTree{
    "urdf.tree",
    "the robot is a tree: the chain branches below link %1 (joints %2 all move below this body); simulate the whole "
    "tree (maniplab-cli: --tree) or choose the chain to simulate by its tip link (maniplab-cli: --tip LINK); the GUI "
    "asks. Candidate tips (moving joints from the root "
    "link \"%3\"): %4. Any other link is accepted as a tip; the moving joints off the chain are locked (at zero, or "
    "--lock JOINT=VALUE) and their links lumped into the chain"};
inline constexpr MessageTemplate kUrdfTipNotLink{
    "urdf.tip_not_link",
    "the tip \"%1\" is not a link of this URDF; candidate tips (moving joints from the root link \"%2\"): %3"};
inline constexpr MessageTemplate kUrdfCandidatesNone{"urdf.candidates_none", "none"};
inline constexpr MessageTemplate kUrdfCandidate{"urdf.candidate", "%1 (%2 joints)"};
inline constexpr MessageTemplate kUrdfCandidateOne{"urdf.candidate_one", "%1 (1 joint)"};
inline constexpr MessageTemplate kUrdfCandidateMimic{"urdf.candidate_mimic", "%1 (%2 joints; mimic %3 locked)"};
inline constexpr MessageTemplate kUrdfCandidateOneMimic{"urdf.candidate_one_mimic", "%1 (1 joint; mimic %2 locked)"};
inline constexpr MessageTemplate kUrdfListPair{"urdf.list_pair", "%1, %2"};
inline constexpr MessageTemplate kUrdfFloatingOnChain{
    "urdf.floating_on_chain",
    "floating joint \"%1\" is not supported on the chain (ManipLab simulates fixed-base serial chains; choose a tip "
    "before it or lock it)"};
inline constexpr MessageTemplate kUrdfPlanarOnChain{
    "urdf.planar_on_chain",
    "planar joint \"%1\" is not supported on the chain (only revolute, continuous, prismatic and fixed joints; choose "
    "a tip before it or lock it)"};
inline constexpr MessageTemplate kUrdfUnknownJointType{"urdf.unknown_joint_type", "joint \"%1\" has an unknown type"};
inline constexpr MessageTemplate kUrdfMimicCycle{"urdf.mimic_cycle", "the mimic joints form a cycle through joint \"%1\""};
inline constexpr MessageTemplate kUrdfMimicMissing{
    "urdf.mimic_missing", "mimic joint \"%1\" follows joint \"%2\", which is not a joint of this URDF"};
inline constexpr MessageTemplate kUrdfLockedOutsideLimits{"urdf.locked_outside_limits",
                                                          "locked at %1 %2, outside its limits [%3, %4]"};
inline constexpr MessageTemplate kUrdfNoMovingJoint{
    "urdf.no_moving_joint", "no revolute, continuous or prismatic joint below the root link \"%1\""};
inline constexpr MessageTemplate kUrdfNoMovingJointUnlocked{
    "urdf.no_moving_joint_unlocked",
    "no revolute, continuous or prismatic joint below the root link \"%1\" that is not locked"};
inline constexpr MessageTemplate kUrdfNoJointToTip{
    "urdf.no_joint_to_tip",
    "no joint moves between the root link \"%1\" and the tip \"%2\" (locked and mimic joints do not count)"};
inline constexpr MessageTemplate kUrdfShapeBox{"urdf.shape_box", "box %1 x %2 x %3 m"};
inline constexpr MessageTemplate kUrdfShapeCylinder{"urdf.shape_cylinder", "cylinder r = %1 m, length %2 m"};
inline constexpr MessageTemplate kUrdfShapeSphere{"urdf.shape_sphere", "sphere r = %1 m"};
inline constexpr MessageTemplate kUrdfProposeSolid{
    "urdf.propose_solid",
    "proposed fix: add the link's real <inertial> (CAD data); as a stand-in, a solid aluminium %1 (axes of its "
    "geometry origin) is <inertial><mass value=\"%2\"/><inertia ixx=\"%3\" iyy=\"%4\" izz=\"%5\" ixy=\"0\" ixz=\"0\" "
    "iyz=\"0\"/></inertial>"};
inline constexpr MessageTemplate kUrdfProposeCad{
    "urdf.propose_cad",
    "proposed fix: add the link's real <inertial> (mass, <origin> of the centre of mass, inertia about it) from the "
    "CAD model, or compute it from the mesh volume and the material density"};
inline constexpr MessageTemplate kUrdfBodyWho{"urdf.body_who", "link \"%1\" (moved by joint \"%2\")"};
inline constexpr MessageTemplate kUrdfBodyWhoMerged{"urdf.body_who_merged",
                                                    "link \"%1\" (moved by joint \"%2\"; with the fixed and locked links %3)"};
inline constexpr MessageTemplate kUrdfBodyMassless{"urdf.body_massless",
                                                   "%1 is massless with a non-zero inertia (accepted; its inertia still acts)"};
inline constexpr MessageTemplate kUrdfBodyNoInertial{
    "urdf.body_no_inertial",
    "%1 has no inertial (missing or zero mass): it adds no inertia, so the mass matrix is singular unless the links "
    "after it move with this joint, and its dynamics are wrong; %2"};
inline constexpr MessageTemplate kUrdfBodyPointMass{
    "urdf.body_point_mass",
    "%1 has a zero inertia tensor (a point mass): the mass matrix is singular when its centre of mass lies on the "
    "joint axis; %2"};
inline constexpr MessageTemplate kUrdfExtraVisuals{"urdf.extra_visuals",
                                                   "only the first visual of a body is drawn (%1 more ignored)"};
inline constexpr MessageTemplate kUrdfSingularAtHome{
    "urdf.singular_at_home",
    "the mass matrix is singular at the home pose (no inertia moves with joint \"%1\" independently of the joints "
    "before it): give these links their <inertial> (see the warnings), or the joint a rotor inertia (<transmission> "
    "with <maniplab:rotor_inertia>)"};
inline constexpr MessageTemplate kUrdfSingularAtHomeLinks{
    "urdf.singular_at_home_links",
    "the mass matrix is singular at the home pose (no inertia moves with joint \"%1\" independently of the joints "
    "before it); links without inertial: %2: give these links their <inertial> (see the warnings), or the joint a "
    "rotor inertia (<transmission> with <maniplab:rotor_inertia>)"};
inline constexpr MessageTemplate kUrdfMimicNotFinite{"urdf.mimic_not_finite", "multiplier and offset must be finite numbers"};
inline constexpr MessageTemplate kUrdfTransmissionIgnored{
    "urdf.transmission_ignored", "only simple transmissions (one joint) are read; this one is ignored"};
inline constexpr MessageTemplate kUrdfBoxNotFinite{"urdf.box_not_finite", "size must be finite"};
inline constexpr MessageTemplate kUrdfSphereNotFinite{"urdf.sphere_not_finite", "radius must be finite"};
inline constexpr MessageTemplate kUrdfMeshNotFound{
    "urdf.mesh_not_found",
    "mesh \"%1\" not found (package:// URIs are searched in the package paths, $ROS_PACKAGE_PATH and the URDF file's "
    "ancestor directories); the default link geometry is drawn"};
inline constexpr MessageTemplate kUrdfRootInertialIgnored{"urdf.root_inertial_ignored",
                                                          "the root link is the fixed base: its inertial is ignored"};
inline constexpr MessageTemplate kUrdfOptionsNeedUrdf{
    "urdf.options_need_urdf",
    "a chain tip, the whole tree or locked joint positions apply to URDF files only (this is a ManipLab robot file)"};
// The warning of a locked joint: "joint "J" (TYPE, on/off CHAIN) is WHY; LINKS lumped into INTO".
inline constexpr MessageTemplate kUrdfLockedJoint{"urdf.locked_joint", "joint \"%1\" (%2) is %3; %4"};
inline constexpr MessageTemplate kUrdfOnChain{"urdf.on_chain", "%1, on %2"};
inline constexpr MessageTemplate kUrdfOffChain{"urdf.off_chain", "%1, off %2"};
inline constexpr MessageTemplate kUrdfTheChain{"urdf.the_chain", "the chain"};
inline constexpr MessageTemplate kUrdfTheChainTo{"urdf.the_chain_to", "the chain to \"%1\""};
inline constexpr MessageTemplate kUrdfTheTree{"urdf.the_tree", "the tree"};
inline constexpr MessageTemplate kUrdfLockedAtOrigin{"urdf.locked_at_origin", "locked at its origin (zero displacement)"};
inline constexpr MessageTemplate kUrdfLockedAt{"urdf.locked_at", "locked at %1 %2 (%3)"};
inline constexpr MessageTemplate kUrdfLockStated{"urdf.lock_stated", "stated position"};
inline constexpr MessageTemplate kUrdfLockMimic{"urdf.lock_mimic", "mimic of \"%1\": q = %2 * q_%1 + %3"};
inline constexpr MessageTemplate kUrdfLockMimicLost{
    "urdf.lock_mimic_lost",
    "mimic of \"%1\": q = %2 * q_%1 + %3, with \"%1\" (or the joint it follows) at its home position; that joint "
    "moves on the chain but a chain of independent joints cannot represent the coupling, so these links do not "
    "follow it"};
inline constexpr MessageTemplate kUrdfLockMimicLostTree{
    "urdf.lock_mimic_lost_tree",
    "mimic of \"%1\": q = %2 * q_%1 + %3, with \"%1\" (or the joint it follows) at its home position; that joint "
    "moves in the tree but mimic joints are locked when a whole tree is imported, so these links do not follow it"};
inline constexpr MessageTemplate kUrdfTreeWithTip{
    "urdf.tree_with_tip",
    "a chain tip (\"%1\") and the whole tree were both asked for: choose one"};
inline constexpr MessageTemplate kUrdfLockHome{"urdf.lock_home", "its <maniplab:joint home>; --lock %1=VALUE states another"};
inline constexpr MessageTemplate kUrdfLockDefault{"urdf.lock_default", "default: zero; --lock %1=VALUE states another"};
inline constexpr MessageTemplate kUrdfLinkLumped{"urdf.link_lumped", "link %1 is lumped into %2"};
inline constexpr MessageTemplate kUrdfLinksLumped{"urdf.links_lumped", "links %1 are lumped into %2"};
inline constexpr MessageTemplate kUrdfAndMore{"urdf.and_more", "%1 and %2 more"};
inline constexpr MessageTemplate kUrdfIntoBase{"urdf.into_base",
                                               "the fixed base (link \"%1\"): they do not enter the dynamics"};
inline constexpr MessageTemplate kUrdfIntoBody{
    "urdf.into_body",
    "the body of joint \"%1\" (link \"%2\"): masses, centres of mass and inertias combined exactly"};

}  // namespace maniplab::msg
