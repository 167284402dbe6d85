// Diagnostics of model/ and sim/ in the user's language: the table of codes and their translatable
// templates, and the formatting of their arguments (diagnostic_text.hpp).
#include "maniplab/ui/diagnostic_text.hpp"

#include <array>

#include <QCoreApplication>
#include <QHash>
#include <QLocale>
#include <QStringList>

namespace maniplab::ui {

std::span<const DiagnosticTranslation> diagnosticTranslations() {
  // The English of each row is the catalogue's (model_messages.hpp, sim_messages.hpp), byte for byte:
  // tests/ui/test_translations checks it.
  static constexpr auto table = std::to_array<DiagnosticTranslation>({
      {"file.cannot_open", QT_TRANSLATE_NOOP("Diagnostic", "cannot open file for reading")},
      {"json.invalid_at", QT_TRANSLATE_NOOP("Diagnostic", "invalid JSON at line %1, column %2")},
      {"json.invalid", QT_TRANSLATE_NOOP("Diagnostic", "invalid JSON: %1")},
      {"json.duplicate_key", QT_TRANSLATE_NOOP("Diagnostic", "duplicate key (each key may appear once per object)")},
      {"json.document_not_object", QT_TRANSLATE_NOOP("Diagnostic", "the document must be a JSON object")},
      {"json.format_mismatch", QT_TRANSLATE_NOOP("Diagnostic", "must be \"%1\" (got \"%2\")")},
      {"json.unsupported_version", QT_TRANSLATE_NOOP("Diagnostic", "unsupported version %1 (this program reads version 1)")},
      {"field.unknown_key", QT_TRANSLATE_NOOP("Diagnostic", "unknown key \"%1\" (expected one of: %2)")},
      {"field.missing_number", QT_TRANSLATE_NOOP("Diagnostic", "missing required number")},
      {"field.missing_vector3", QT_TRANSLATE_NOOP("Diagnostic", "missing required 3-vector")},
      {"field.missing_string", QT_TRANSLATE_NOOP("Diagnostic", "missing required string")},
      {"field.missing_object", QT_TRANSLATE_NOOP("Diagnostic", "missing required object")},
      {"field.missing_inertia", QT_TRANSLATE_NOOP("Diagnostic", "missing required inertia tensor")},
      {"field.not_number", QT_TRANSLATE_NOOP("Diagnostic", "must be a number (got %1)")},
      {"field.not_finite", QT_TRANSLATE_NOOP("Diagnostic", "must be finite")},
      {"field.not_vector3", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of 3 numbers")},
      {"field.not_matrix3", QT_TRANSLATE_NOOP("Diagnostic", "must be a 3x3 array of rows")},
      {"field.not_row3", QT_TRANSLATE_NOOP("Diagnostic", "must be a row of 3 numbers")},
      {"field.not_string", QT_TRANSLATE_NOOP("Diagnostic", "must be a string")},
      {"field.not_object", QT_TRANSLATE_NOOP("Diagnostic", "must be an object")},
      {"field.not_boolean", QT_TRANSLATE_NOOP("Diagnostic", "must be true or false")},
      {"field.not_positive", QT_TRANSLATE_NOOP("Diagnostic", "must be positive")},
      {"field.negative", QT_TRANSLATE_NOOP("Diagnostic", "must be non-negative")},
      {"field.negative_got", QT_TRANSLATE_NOOP("Diagnostic", "must be non-negative (got %1)")},
      {"field.zero", QT_TRANSLATE_NOOP("Diagnostic", "must be non-zero")},
      {"field.not_positive_integer", QT_TRANSLATE_NOOP("Diagnostic", "must be a positive integer")},
      {"field.not_unit_vector", QT_TRANSLATE_NOOP("Diagnostic", "must be a unit vector (norm %1)")},
      {"field.not_rotation", QT_TRANSLATE_NOOP("Diagnostic", "must be a rotation matrix (orthonormal, determinant +1)")},
      {"field.not_finite_numbers", QT_TRANSLATE_NOOP("Diagnostic", "must be finite numbers")},
      {"field.not_finite_number", QT_TRANSLATE_NOOP("Diagnostic", "must be a finite number")},
      {"field.not_finite_number_got", QT_TRANSLATE_NOOP("Diagnostic", "must be a finite number (got \"%1\")")},
      {"field.not_three_finite", QT_TRANSLATE_NOOP("Diagnostic", "must be three finite numbers")},
      {"robot.inertia_not_symmetric", QT_TRANSLATE_NOOP("Diagnostic", "inertia tensor must be symmetric")},
      {"robot.inertia_not_psd", QT_TRANSLATE_NOOP("Diagnostic", "inertia tensor must be positive semi-definite (smallest principal moment %1)")},
      {"robot.inertia_triangle", QT_TRANSLATE_NOOP("Diagnostic", "principal moments %1, %2, %3 violate the triangle inequality (not a physical rigid body); loaded as given")},
      {"robot.gear_range", QT_TRANSLATE_NOOP("Diagnostic", "must be between %1 and %2 in magnitude, as a real gear train (got %3)")},
      {"robot.friction_negative", QT_TRANSLATE_NOOP("Diagnostic", "friction coefficients must be non-negative")},
      {"robot.joint_type", QT_TRANSLATE_NOOP("Diagnostic", "must be \"revolute\" or \"prismatic\" (got \"%1\")")},
      {"robot.parent", QT_TRANSLATE_NOOP("Diagnostic", "must be 0 (the base) or the number of an earlier joint, 1 to %1 (Khalil–Kleinfinger's a(j) < j)")},
      {"robot.mimic_source", QT_TRANSLATE_NOOP("Diagnostic", "must be the number of another joint (1 to %1) that is not itself a mimic joint")},
      {"robot.mimic_multiplier", QT_TRANSLATE_NOOP("Diagnostic", "must be a finite number other than 0 (q = multiplier * q_joint + offset)")},
      {"robot.parent_dh", QT_TRANSLATE_NOOP("Diagnostic", "a branch needs \"mdh\" (Khalil–Kleinfinger) or \"general\": standard DH puts link j's frame on the axis of joint j+1, which a link with several children does not have")},
      {"robot.rpy_or_p", QT_TRANSLATE_NOOP("Diagnostic", "give either \"rpy\" or \"P\", not both")},
      {"robot.lower_above_upper", QT_TRANSLATE_NOOP("Diagnostic", "lower limit is greater than upper limit")},
      {"robot.massless_inertia", QT_TRANSLATE_NOOP("Diagnostic", "massless link with non-zero inertia (accepted; its inertia still acts)")},
      {"robot.geometry_shape", QT_TRANSLATE_NOOP("Diagnostic", "must be \"box\", \"cylinder\", \"sphere\" or \"mesh\"")},
      {"robot.convention", QT_TRANSLATE_NOOP("Diagnostic", "must be \"dh\", \"mdh\" or \"general\" (got \"%1\")")},
      {"robot.angle_unit", QT_TRANSLATE_NOOP("Diagnostic", "must be \"rad\" or \"deg\"")},
      {"robot.rotor_model", QT_TRANSLATE_NOOP("Diagnostic", "must be \"armature\" or \"full\"")},
      {"robot.no_joints", QT_TRANSLATE_NOOP("Diagnostic", "must be a non-empty array of joints")},
      {"robot.too_many_joints", QT_TRANSLATE_NOOP("Diagnostic", "at most 64 joints are supported")},
      {"robot.too_many_moving_joints", QT_TRANSLATE_NOOP("Diagnostic", "at most 64 moving joints are supported")},
      {"robot.home_size", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of %1 numbers (one per joint)")},
      {"robot.home_outside_limits", QT_TRANSLATE_NOOP("Diagnostic", "home position is outside the joint limits")},
      {"robot.full_rotor_inertia", QT_TRANSLATE_NOOP("Diagnostic", "with the full rotor model the link inertia should include the rotor of joint %1 as a locked part (Llibre, Mampey & Chrétien 1983: J' = J - J_m); here J - J_m has a negative principal moment (%2)")},
      {"robot.singular_at_home", QT_TRANSLATE_NOOP("Diagnostic", "the mass matrix is singular or near-singular at the home pose (no inertia moves with joint %1 independently of the joints before it): give this link (or the links after it) mass/inertia, or a rotor inertia")},
      {"urdf.xml_not_well_formed", QT_TRANSLATE_NOOP("Diagnostic", "not well-formed XML at line %1, column %2: %3 (file rejected before it reaches the URDF parser)")},
      {"urdf.parser", QT_TRANSLATE_NOOP("Diagnostic", "URDF: %1")},
      {"urdf.invalid", QT_TRANSLATE_NOOP("Diagnostic", "not a valid URDF document")},
      {"urdf.no_root", QT_TRANSLATE_NOOP("Diagnostic", "the URDF has no root link")},
      {"urdf.self_loop", QT_TRANSLATE_NOOP("Diagnostic", "joint \"%1\" connects link \"%2\" to itself")},
      {"urdf.two_parents", QT_TRANSLATE_NOOP("Diagnostic", "link \"%1\" has two parent joints (\"%2\" and \"%3\"): URDF describes trees")},
      {"urdf.closed_loop", QT_TRANSLATE_NOOP("Diagnostic", "the joints form a closed loop through link \"%1\": URDF describes trees")},
      {"urdf.axis", QT_TRANSLATE_NOOP("Diagnostic", "the joint axis must be a non-zero finite vector")},
      {"urdf.limits_finite", QT_TRANSLATE_NOOP("Diagnostic", "limits must be finite numbers")},
      {"urdf.gear_zero", QT_TRANSLATE_NOOP("Diagnostic", "the mechanical reduction (gear ratio) must be non-zero")},
      {"urdf.rotor_negative", QT_TRANSLATE_NOOP("Diagnostic", "the rotor inertia must be non-negative")},
      {"urdf.rotor_transverse_negative", QT_TRANSLATE_NOOP("Diagnostic", "the transverse rotor inertia must be non-negative")},
      {"urdf.mass_inertia_finite", QT_TRANSLATE_NOOP("Diagnostic", "mass and inertia must be finite numbers")},
      {"urdf.zero_limits", QT_TRANSLATE_NOOP("Diagnostic", "lower = upper = 0 (URDF's default when the attributes are missing): the joint is outside its limits as soon as it moves")},
      {"urdf.no_velocity_limit", QT_TRANSLATE_NOOP("Diagnostic", "not positive: no velocity limit")},
      {"urdf.no_effort_limit", QT_TRANSLATE_NOOP("Diagnostic", "not positive: no effort limit")},
      {"urdf.dynamics", QT_TRANSLATE_NOOP("Diagnostic", "damping and friction must be finite and non-negative")},
      {"json.number_overflow", QT_TRANSLATE_NOOP("Diagnostic", "the number %1 at line %2, column %3 is beyond the range of a double")},
      {"json.unreadable", QT_TRANSLATE_NOOP("Diagnostic", "the document cannot be read as JSON")},
      {"field.out_of_range", QT_TRANSLATE_NOOP("Diagnostic", "must be between %1 and %2 %3 (got %4)")},
      {"field.out_of_range_no_unit", QT_TRANSLATE_NOOP("Diagnostic", "must be between %1 and %2 (got %3)")},
      {"orthoglide.r2_positive", QT_TRANSLATE_NOOP("Diagnostic", "must be positive (half the bar spacing)")},
      {"orthoglide.d4_positive", QT_TRANSLATE_NOOP("Diagnostic", "must be positive (bar length)")},
      {"orthoglide.missing_body", QT_TRANSLATE_NOOP("Diagnostic", "missing required body %1 (bodies 1, 2, 3, 4, 5, 7)")},
      {"orthoglide.sources", QT_TRANSLATE_NOOP("Diagnostic", "must be an object (free text per value)")},
      {"orthoglide.chains", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of exactly 3 chains (actuators along z, x, y of R_0)")},
      {"orthoglide.home_out_of_reach", QT_TRANSLATE_NOOP("Diagnostic", "home position %1 is out of reach: %2")},
      {"orthoglide.home_outside_stroke", QT_TRANSLATE_NOOP("Diagnostic", "actuator %1 is outside its stroke at the home position (q = %2 m)")},
      {"orthoglide.workspace_out_of_reach", QT_TRANSLATE_NOOP("Diagnostic", "workspace point %1 is out of reach: %2")},
      {"orthoglide.stroke_workspace", QT_TRANSLATE_NOOP("Diagnostic", "the stroke does not cover workspace point %1 (q = %2 m)")},
      {"orthoglide.singular_home", QT_TRANSLATE_NOOP("Diagnostic", "the robot's inertia matrix at the home position is singular: %1")},
      {"orthoglide.position_not_finite", QT_TRANSLATE_NOOP("Diagnostic", "platform position is not finite")},
      {"orthoglide.out_of_reach", QT_TRANSLATE_NOOP("Diagnostic", "chain %1: platform point out of reach (the leg of length %2 m cannot span the transverse offset %3 m)")},
      {"orthoglide.input_not_finite", QT_TRANSLATE_NOOP("Diagnostic", "platform velocity or actuator forces are not finite")},
      {"orthoglide.not_positive_definite", QT_TRANSLATE_NOOP("Diagnostic", "direct dynamic model: A_robot is not positive definite (check the masses)")},
      {"orthoglide.acceleration_not_finite", QT_TRANSLATE_NOOP("Diagnostic", "direct dynamic model: non-finite platform acceleration")},
      {"urdf.lock_not_a_joint", QT_TRANSLATE_NOOP("Diagnostic", "a locked position is stated for joint \"%1\", which is not a joint of this URDF")},
      {"urdf.lock_fixed", QT_TRANSLATE_NOOP("Diagnostic", "joint \"%1\" is fixed: it has no position to lock")},
      {"urdf.lock_not_finite", QT_TRANSLATE_NOOP("Diagnostic", "the stated locked position of joint \"%1\" must be a finite number")},
      {"urdf.tree", QT_TRANSLATE_NOOP("Diagnostic", "the robot is a tree: the chain branches below link %1 (joints %2 all move below this body); simulate the whole tree (maniplab-cli: --tree) or choose the chain to simulate by its tip link (maniplab-cli: --tip LINK); the GUI asks. Candidate tips (moving joints from the root link \"%3\"): %4. Any other link is accepted as a tip; the moving joints off the chain are locked (at zero, or --lock JOINT=VALUE) and their links lumped into the chain")},
      {"urdf.tip_not_link", QT_TRANSLATE_NOOP("Diagnostic", "the tip \"%1\" is not a link of this URDF; candidate tips (moving joints from the root link \"%2\"): %3")},
      {"urdf.candidates_none", QT_TRANSLATE_NOOP("Diagnostic", "none")},
      {"urdf.candidate", QT_TRANSLATE_NOOP("Diagnostic", "%1 (%2 joints)")},
      {"urdf.candidate_one", QT_TRANSLATE_NOOP("Diagnostic", "%1 (1 joint)")},
      {"urdf.candidate_mimic", QT_TRANSLATE_NOOP("Diagnostic", "%1 (%2 joints; mimic %3 locked)")},
      {"urdf.candidate_one_mimic", QT_TRANSLATE_NOOP("Diagnostic", "%1 (1 joint; mimic %2 locked)")},
      {"urdf.list_pair", QT_TRANSLATE_NOOP("Diagnostic", "%1, %2")},
      {"urdf.floating_on_chain", QT_TRANSLATE_NOOP("Diagnostic", "floating joint \"%1\" is not supported on the chain (ManipLab simulates fixed-base serial chains; choose a tip before it or lock it)")},
      {"urdf.planar_on_chain", QT_TRANSLATE_NOOP("Diagnostic", "planar joint \"%1\" is not supported on the chain (only revolute, continuous, prismatic and fixed joints; choose a tip before it or lock it)")},
      {"urdf.unknown_joint_type", QT_TRANSLATE_NOOP("Diagnostic", "joint \"%1\" has an unknown type")},
      {"urdf.mimic_cycle", QT_TRANSLATE_NOOP("Diagnostic", "the mimic joints form a cycle through joint \"%1\"")},
      {"urdf.mimic_missing", QT_TRANSLATE_NOOP("Diagnostic", "mimic joint \"%1\" follows joint \"%2\", which is not a joint of this URDF")},
      {"urdf.locked_outside_limits", QT_TRANSLATE_NOOP("Diagnostic", "locked at %1 %2, outside its limits [%3, %4]")},
      {"urdf.no_moving_joint", QT_TRANSLATE_NOOP("Diagnostic", "no revolute, continuous or prismatic joint below the root link \"%1\"")},
      {"urdf.no_moving_joint_unlocked", QT_TRANSLATE_NOOP("Diagnostic", "no revolute, continuous or prismatic joint below the root link \"%1\" that is not locked")},
      {"urdf.no_joint_to_tip", QT_TRANSLATE_NOOP("Diagnostic", "no joint moves between the root link \"%1\" and the tip \"%2\" (locked and mimic joints do not count)")},
      {"urdf.shape_box", QT_TRANSLATE_NOOP("Diagnostic", "box %1 x %2 x %3 m")},
      {"urdf.shape_cylinder", QT_TRANSLATE_NOOP("Diagnostic", "cylinder r = %1 m, length %2 m")},
      {"urdf.shape_sphere", QT_TRANSLATE_NOOP("Diagnostic", "sphere r = %1 m")},
      {"urdf.propose_solid", QT_TRANSLATE_NOOP("Diagnostic", "proposed fix: add the link's real <inertial> (CAD data); as a stand-in, a solid aluminium %1 (axes of its geometry origin) is <inertial><mass value=\"%2\"/><inertia ixx=\"%3\" iyy=\"%4\" izz=\"%5\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial>")},
      {"urdf.propose_cad", QT_TRANSLATE_NOOP("Diagnostic", "proposed fix: add the link's real <inertial> (mass, <origin> of the centre of mass, inertia about it) from the CAD model, or compute it from the mesh volume and the material density")},
      {"urdf.body_who", QT_TRANSLATE_NOOP("Diagnostic", "link \"%1\" (moved by joint \"%2\")")},
      {"urdf.body_who_merged", QT_TRANSLATE_NOOP("Diagnostic", "link \"%1\" (moved by joint \"%2\"; with the fixed and locked links %3)")},
      {"urdf.body_massless", QT_TRANSLATE_NOOP("Diagnostic", "%1 is massless with a non-zero inertia (accepted; its inertia still acts)")},
      {"urdf.body_no_inertial", QT_TRANSLATE_NOOP("Diagnostic", "%1 has no inertial (missing or zero mass): it adds no inertia, so the mass matrix is singular unless the links after it move with this joint, and its dynamics are wrong; %2")},
      {"urdf.body_point_mass", QT_TRANSLATE_NOOP("Diagnostic", "%1 has a zero inertia tensor (a point mass): the mass matrix is singular when its centre of mass lies on the joint axis; %2")},
      {"urdf.extra_visuals", QT_TRANSLATE_NOOP("Diagnostic", "only the first visual of a body is drawn (%1 more ignored)")},
      {"urdf.singular_at_home", QT_TRANSLATE_NOOP("Diagnostic", "the mass matrix is singular at the home pose (no inertia moves with joint \"%1\" independently of the joints before it): give these links their <inertial> (see the warnings), or the joint a rotor inertia (<transmission> with <maniplab:rotor_inertia>)")},
      {"urdf.singular_at_home_links", QT_TRANSLATE_NOOP("Diagnostic", "the mass matrix is singular at the home pose (no inertia moves with joint \"%1\" independently of the joints before it); links without inertial: %2: give these links their <inertial> (see the warnings), or the joint a rotor inertia (<transmission> with <maniplab:rotor_inertia>)")},
      {"urdf.mimic_not_finite", QT_TRANSLATE_NOOP("Diagnostic", "multiplier and offset must be finite numbers")},
      {"urdf.transmission_ignored", QT_TRANSLATE_NOOP("Diagnostic", "only simple transmissions (one joint) are read; this one is ignored")},
      {"urdf.box_not_finite", QT_TRANSLATE_NOOP("Diagnostic", "size must be finite")},
      {"urdf.sphere_not_finite", QT_TRANSLATE_NOOP("Diagnostic", "radius must be finite")},
      {"urdf.mesh_not_found", QT_TRANSLATE_NOOP("Diagnostic", "mesh \"%1\" not found (package:// URIs are searched in the package paths, $ROS_PACKAGE_PATH and the URDF file's ancestor directories); the default link geometry is drawn")},
      {"urdf.root_inertial_ignored", QT_TRANSLATE_NOOP("Diagnostic", "the root link is the fixed base: its inertial is ignored")},
      {"urdf.options_need_urdf", QT_TRANSLATE_NOOP("Diagnostic", "a chain tip, the whole tree or locked joint positions apply to URDF files only (this is a ManipLab robot file)")},
      {"urdf.locked_joint", QT_TRANSLATE_NOOP("Diagnostic", "joint \"%1\" (%2) is %3; %4")},
      {"urdf.on_chain", QT_TRANSLATE_NOOP("Diagnostic", "%1, on %2")},
      {"urdf.off_chain", QT_TRANSLATE_NOOP("Diagnostic", "%1, off %2")},
      {"urdf.the_chain", QT_TRANSLATE_NOOP("Diagnostic", "the chain")},
      {"urdf.the_chain_to", QT_TRANSLATE_NOOP("Diagnostic", "the chain to \"%1\"")},
      {"urdf.the_tree", QT_TRANSLATE_NOOP("Diagnostic", "the tree")},
      {"urdf.lock_mimic_lost_tree", QT_TRANSLATE_NOOP("Diagnostic", "mimic of \"%1\": q = %2 * q_%1 + %3, with \"%1\" (or the joint it follows) at its home position; that joint moves in the tree but mimic joints are locked when a whole tree is imported, so these links do not follow it")},
      {"urdf.tree_with_tip", QT_TRANSLATE_NOOP("Diagnostic", "a chain tip (\"%1\") and the whole tree were both asked for: choose one")},
      {"urdf.locked_at_origin", QT_TRANSLATE_NOOP("Diagnostic", "locked at its origin (zero displacement)")},
      {"urdf.locked_at", QT_TRANSLATE_NOOP("Diagnostic", "locked at %1 %2 (%3)")},
      {"urdf.lock_stated", QT_TRANSLATE_NOOP("Diagnostic", "stated position")},
      {"urdf.lock_mimic", QT_TRANSLATE_NOOP("Diagnostic", "mimic of \"%1\": q = %2 * q_%1 + %3")},
      {"urdf.lock_mimic_lost", QT_TRANSLATE_NOOP("Diagnostic", "mimic of \"%1\": q = %2 * q_%1 + %3, with \"%1\" (or the joint it follows) at its home position; that joint moves on the chain but a chain of independent joints cannot represent the coupling, so these links do not follow it")},
      {"urdf.lock_home", QT_TRANSLATE_NOOP("Diagnostic", "its <maniplab:joint home>; --lock %1=VALUE states another")},
      {"urdf.lock_default", QT_TRANSLATE_NOOP("Diagnostic", "default: zero; --lock %1=VALUE states another")},
      {"urdf.link_lumped", QT_TRANSLATE_NOOP("Diagnostic", "link %1 is lumped into %2")},
      {"urdf.links_lumped", QT_TRANSLATE_NOOP("Diagnostic", "links %1 are lumped into %2")},
      {"urdf.and_more", QT_TRANSLATE_NOOP("Diagnostic", "%1 and %2 more")},
      {"urdf.into_base", QT_TRANSLATE_NOOP("Diagnostic", "the fixed base (link \"%1\"): they do not enter the dynamics")},
      {"urdf.into_body", QT_TRANSLATE_NOOP("Diagnostic", "the body of joint \"%1\" (link \"%2\"): masses, centres of mass and inertias combined exactly")},
      {"scene.robot_invalid", QT_TRANSLATE_NOOP("Diagnostic", "the robot file \"%1\" is invalid:")},
      {"scene.serial_kind", QT_TRANSLATE_NOOP("Diagnostic", "must be \"serial\" or absent for a serial scene (got \"%1\")")},
      {"scene.unknown_trajectory", QT_TRANSLATE_NOOP("Diagnostic", "unknown trajectory type \"%1\" (quintic, trapezoidal, via_points, fourier, cartesian_line, umis_thesis_line, hold)")},
      {"scene.controller_type", QT_TRANSLATE_NOOP("Diagnostic", "must be \"pid\", \"pd_gravity\", \"computed_torque\", \"operational_space\" or \"zero\" (got \"%1\")")},
      {"scene.duplicate_controller", QT_TRANSLATE_NOOP("Diagnostic", "duplicate controller name \"%1\"")},
      {"scene.no_controllers", QT_TRANSLATE_NOOP("Diagnostic", "must be a non-empty array of controllers")},
      {"scene.duration_short", QT_TRANSLATE_NOOP("Diagnostic", "shorter than the trajectory (%1 s): the run stops mid-motion")},
      {"scene.duration_max", QT_TRANSLATE_NOOP("Diagnostic", "must be at most 24 h of simulated time")},
      {"scene.run_too_large", QT_TRANSLATE_NOOP("Diagnostic", "%1 s at these rates is %2 control periods and %3 plant steps of %4 joints: beyond the %5 control periods x joints (the recorded trace) or %6 plant steps x joints (the computation) a run may take; lower the duration or the rates")},
      {"scene.points", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of at least 2 joint vectors")},
      {"scene.times", QT_TRANSLATE_NOOP("Diagnostic", "must be an array with one time per point")},
      {"scene.times_increasing", QT_TRANSLATE_NOOP("Diagnostic", "must be later than the previous time (%1 s)")},
      {"scene.joint_count", QT_TRANSLATE_NOOP("Diagnostic", "must have %1 values (one per joint), got %2")},
      {"scene.number_or_array", QT_TRANSLATE_NOOP("Diagnostic", "must be a number or an array of %1 numbers")},
      {"scene.missing_joint_value", QT_TRANSLATE_NOOP("Diagnostic", "missing required value (a number or an array of %1)")},
      {"scene.negative_joint", QT_TRANSLATE_NOOP("Diagnostic", "must be non-negative (joint %1: %2)")},
      {"scene.rates_multiple", QT_TRANSLATE_NOOP("Diagnostic", "plant_hz must be a whole multiple of control_hz (got %1 / %2)")},
      {"scene.stepper", QT_TRANSLATE_NOOP("Diagnostic", "must be \"euler\", \"rk4\" or \"dopri5\"")},
      {"scene.record_array", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of channel groups")},
      {"scene.record_group", QT_TRANSLATE_NOOP("Diagnostic", "unknown channel group (reference, state, error, torque, friction, end_effector, energy, timing)")},
      {"scene.backend", QT_TRANSLATE_NOOP("Diagnostic", "must be \"sim\" or \"ethercat\"")},
      {"scene.design_or_gains", QT_TRANSLATE_NOOP("Diagnostic", "give either \"design\" or explicit \"kp\"/\"kv\", not both")},
      {"scene.perturbation_range", QT_TRANSLATE_NOOP("Diagnostic", "must be in [0, 100)")},
      {"scene.seed", QT_TRANSLATE_NOOP("Diagnostic", "must be a whole number from %1 to %2")},
      {"scene.line_samples", QT_TRANSLATE_NOOP("Diagnostic", "%1 s sampled every %2 s is %3 samples of the straight line (inverse kinematics at each): at most %4; raise the sample period or shorten the line")},
      {"scene.friction_compensation", QT_TRANSLATE_NOOP("Diagnostic", "must be \"none\", \"coulomb\" or \"full\"")},
      {"scene.missing_cartesian_gain", QT_TRANSLATE_NOOP("Diagnostic", "missing required gain (a number or an array of 6, one per Cartesian axis phi theta psi X Y Z)")},
      {"scene.cartesian_count", QT_TRANSLATE_NOOP("Diagnostic", "must have 6 values (one per Cartesian axis phi theta psi X Y Z), got %1")},
      {"scene.cartesian_number_or_array", QT_TRANSLATE_NOOP("Diagnostic", "must be a number or an array of 6 numbers (one per Cartesian axis phi theta psi X Y Z)")},
      {"scene.operational_space_joints", QT_TRANSLATE_NOOP("Diagnostic", "\"operational_space\" needs a robot with 6 joints (square Jacobian); \"%1\" has %2")},
      {"scene.singular_threshold", QT_TRANSLATE_NOOP("Diagnostic", "must be positive (smallest singular value of J where damping starts)")},
      {"scene.max_damping", QT_TRANSLATE_NOOP("Diagnostic", "must be non-negative (0 = no damping: the exact inverse everywhere)")},
      {"scene.saturation", QT_TRANSLATE_NOOP("Diagnostic", "must be \"limits\", a number or an array")},
      {"scene.anti_windup", QT_TRANSLATE_NOOP("Diagnostic", "must be \"clamping\", \"back_calculation\", \"both\" or \"none\"")},
      {"scene.tracking_time", QT_TRANSLATE_NOOP("Diagnostic", "back-calculation anti-windup needs a tracking time")},
      {"scene.fourier_coefficients", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of %1 coefficient arrays (one per joint)")},
      {"scene.ik_method", QT_TRANSLATE_NOOP("Diagnostic", "must be \"auto\", \"umis\" or \"numeric\"")},
      {"scene.encoder_bits", QT_TRANSLATE_NOOP("Diagnostic", "must be in [0, 62] (0 = no quantisation)")},
      {"scene.velocity_estimator", QT_TRANSLATE_NOOP("Diagnostic", "must be \"true\" or \"difference\" (Zanaboni 2009 estimator)")},
      {"scene.loss_budget", QT_TRANSLATE_NOOP("Diagnostic", "must be in [0, 10000] ms (0: the master's default)")},
      {"scene.losses_per_second", QT_TRANSLATE_NOOP("Diagnostic", "must be >= 0 (0: the master's default)")},
      {"scene.trajectory_not_built", QT_TRANSLATE_NOOP("Diagnostic", "the trajectory cannot be built from these values")},
      {"scene.urdf_not_scene", QT_TRANSLATE_NOOP("Diagnostic", "this is a URDF robot file, not a scene: `maniplab-cli check %1` reads it, and a scene names it in its \"robot\"")},
      {"scene.robot_not_scene", QT_TRANSLATE_NOOP("Diagnostic", "this is a robot file (%1), not a scene: `maniplab-cli %2 %3` reads it, and a scene names it in its \"robot\"")},
      {"scene.unknown_kind", QT_TRANSLATE_NOOP("Diagnostic", "unknown scene kind \"%1\" (this program reads: %2)")},
      {"scene.not_a_scene", QT_TRANSLATE_NOOP("Diagnostic", "this is not a ManipLab scene (%1): a scene has \"format\": \"maniplab-scene\" and one of the kinds %2")},
      {"scene.other_kind", QT_TRANSLATE_NOOP("Diagnostic", "this is a \"%1\" scene, not a \"%2\" scene: `maniplab-cli run %3` runs it (or `compare`)")},
      {"scene.not_serial_robot", QT_TRANSLATE_NOOP("Diagnostic", "this is not a serial robot file (%1)")},
      {"scene.orthoglide_robot_invalid", QT_TRANSLATE_NOOP("Diagnostic", "the Orthoglide robot file %1 is invalid (see above)")},
      {"scene.orthoglide_anti_windup", QT_TRANSLATE_NOOP("Diagnostic", "must be \"clamping\" or \"none\"")},
      {"scene.orthoglide_controller_type", QT_TRANSLATE_NOOP("Diagnostic", "must be \"pid\", \"computed_torque\" or \"zero\" (got \"%1\")")},
      {"scene.cartesian_points", QT_TRANSLATE_NOOP("Diagnostic", "must be \"cartesian_points\" (platform way-points in R_0)")},
      {"scene.platform_points", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of at least 2 points [x, y, z] (m, in R_0)")},
      {"scene.point_out_of_reach", QT_TRANSLATE_NOOP("Diagnostic", "out of reach: %1")},
      {"scene.durations", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of segment durations (s), one per segment")},
      {"scene.durations_count", QT_TRANSLATE_NOOP("Diagnostic", "needs one duration per segment (%1)")},
      {"trajectory.orthoglide_out_of_reach", QT_TRANSLATE_NOOP("Diagnostic", "at t = %1 s the platform point (%2, %3, %4) m is out of reach: %5")},
      {"scene.missing_array", QT_TRANSLATE_NOOP("Diagnostic", "missing required array of %1 numbers")},
      {"scene.array_per_joint", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of %1 numbers (one per joint)")},
      {"scene.array_of", QT_TRANSLATE_NOOP("Diagnostic", "must be an array of %1 numbers")},
      {"scene.base_inertia_not_pd", QT_TRANSLATE_NOOP("Diagnostic", "the base inertia must be positive definite (smallest principal moment %1)")},
      {"scene.floating_full_rotor", QT_TRANSLATE_NOOP("Diagnostic", "the full rotor model is not supported on a floating base (use armature)")},
      {"scene.floating_controller_type", QT_TRANSLATE_NOOP("Diagnostic", "must be \"floating_computed_torque\" (the reaction-aware computed torque)")},
      {"scene.plant_method", QT_TRANSLATE_NOOP("Diagnostic", "must be \"aba\" or \"crba\"")},
      {"scene.coulomb_smoothing", QT_TRANSLATE_NOOP("Diagnostic", "must be zero (exact sign) or a positive velocity")},
      {"scene.period_multiple", QT_TRANSLATE_NOOP("Diagnostic", "must be a whole number of plant periods (%1 s)")},
      {"trajectory.line_out_of_reach", QT_TRANSLATE_NOOP("Diagnostic", "the straight line leaves the reach of the robot at t = %1 s")},
      {"trajectory.line_ik_not_converged", QT_TRANSLATE_NOOP("Diagnostic", "the straight line: the numeric inverse kinematics did not converge at t = %1 s (position error %2 m)")},
      {"trajectory.line_ik_miss", QT_TRANSLATE_NOOP("Diagnostic", "the straight line: the inverse kinematics solution misses the pose at t = %1 s (forward kinematics error %2 m, %3 rad; does the UMIS geometry match the model?)")},
      {"trajectory.line_singular", QT_TRANSLATE_NOOP("Diagnostic", "the straight line meets a singular Jacobian at t = %1 s (smallest singular value %2 < %3)")},
      {"trajectory.umis_line_needs_umis", QT_TRANSLATE_NOOP("Diagnostic", "umis_thesis_line needs the UMIS robot (its DH structure was not found)")},
      {"trajectory.umis_ik_needs_umis", QT_TRANSLATE_NOOP("Diagnostic", "\"ik\": \"umis\" needs the UMIS robot structure")},
      {"scene.cannot_save", QT_TRANSLATE_NOOP("Diagnostic", "cannot save the scene '%1': %2")},
      {"scene.would_not_read_back", QT_TRANSLATE_NOOP("Diagnostic", "cannot save the scene '%1': it would not read back:\n%2")},
      {"run.joint", QT_TRANSLATE_NOOP("Diagnostic", "joint %1")},
      {"run.joint_named", QT_TRANSLATE_NOOP("Diagnostic", "joint %1 (%2)")},
      {"run.coordinate_position", QT_TRANSLATE_NOOP("Diagnostic", "%1 position")},
      {"run.coordinate_velocity", QT_TRANSLATE_NOOP("Diagnostic", "%1 velocity")},
      {"run.diverged_not_finite", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: the simulation diverged: %2 is not finite")},
      {"run.diverged_beyond", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: the simulation diverged: %2 reached %3, beyond %4 (energy blow-up; reduce the step or check the gains)")},
      {"run.fault_stopped", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2; the simulation stopped")},
      {"run.singular_mass_matrix", QT_TRANSLATE_NOOP("Diagnostic", "the mass matrix became singular at %1")},
      {"run.stall_step_too_small", QT_TRANSLATE_NOOP("Diagnostic", "the step fell to %1 s")},
      {"run.stall_rejections", QT_TRANSLATE_NOOP("Diagnostic", "%1 steps rejected in a row, the last of %2 s")},
      {"run.stall_too_many_steps", QT_TRANSLATE_NOOP("Diagnostic", "%1 steps in one tick of %2 s, the last of %3 s")},
      {"run.stalled", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: the adaptive stepper stalled (%2): the dynamics are discontinuous there, usually through Coulomb friction's sign at zero velocity; set a coulomb_smoothing velocity")},
      {"run.stalled_on", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: the adaptive stepper stalled (%2; the largest error is on %3): the dynamics are discontinuous there, usually through Coulomb friction's sign at zero velocity; set a coulomb_smoothing velocity")},
      {"run.energy_blow_up", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: energy blow-up: the total energy departs from its initial value plus the actuator work by %2 J; the integration diverged (reduce the step)")},
      {"limit.value", QT_TRANSLATE_NOOP("Diagnostic", "%1 %2")},
      {"limit.value_degrees", QT_TRANSLATE_NOOP("Diagnostic", "%1 %2 (%3 deg)")},
      {"limit.upper_position", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its upper position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s")},
      {"limit.lower_position", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its lower position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s")},
      {"limit.velocity", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its velocity limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s")},
      {"limit.acceleration", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its acceleration limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s")},
      {"limit.effort", QT_TRANSLATE_NOOP("Diagnostic", "t = %1 s: %2 passes its effort limit %3 by %4: peak %5 at t = %6 s (inverse dynamics along the desired trajectory), back within the limit at t = %7 s")},
  });
  return table;
}

namespace {

/// The translatable template of a code; null when the table has no row for it.
const char* sourceOf(const std::string& code) {
  static const QHash<QString, const char*> byCode = [] {
    QHash<QString, const char*> h;
    for (const DiagnosticTranslation& t : diagnosticTranslations()) h.insert(QString::fromLatin1(t.code), t.source);
    return h;
  }();
  return byCode.value(QString::fromStdString(code), nullptr);
}

/// A number written the English way ("-0.7855", "1e-05") with the locale's decimal point and signs.
QString localNumber(const std::string& english) {
  const QLocale loc;
  QString out;
  for (const char c : english) {
    if (c == '.') out += loc.decimalPoint();
    else if (c == '-') out += loc.negativeSign();
    else if (c == '+') out += loc.positiveSign();
    else out += QLatin1Char(c);
  }
  return out;
}

QString argumentText(const MessageArg& a) {
  switch (a.kind) {
    case MessageArg::Kind::Nested: return a.nested ? translatedMessage(*a.nested) : QString::fromStdString(a.text);
    case MessageArg::Kind::Number: return localNumber(a.text);
    case MessageArg::Kind::Integer:  // counts, joint and line numbers: no digit grouping
    case MessageArg::Kind::Text:
    case MessageArg::Kind::Field: break;
  }
  return QString::fromStdString(a.text);
}

}  // namespace

QString translatedMessage(const Message& m) {
  const char* source = m.code.empty() ? nullptr : sourceOf(m.code);
  if (!source) return QString::fromStdString(m.text);
  const QString t = QCoreApplication::translate("Diagnostic", source);
  // %1 ... %9 replaced in one pass (an argument that contains "%2" is not substituted again).
  QString out;
  out.reserve(t.size() + 32);
  for (qsizetype i = 0; i < t.size(); ++i) {
    const QChar c = t[i];
    if (c == QLatin1Char('%') && i + 1 < t.size() && t[i + 1] >= QLatin1Char('1') && t[i + 1] <= QLatin1Char('9')) {
      const auto k = std::size_t(t[i + 1].unicode() - '1');
      if (k < m.args.size()) {
        out += argumentText(m.args[k]);
        ++i;
        continue;
      }
    }
    out += c;
  }
  return out;
}

QString translatedDiagnostic(const Diagnostic& d) {
  const QString file = QString::fromStdString(d.file);
  const QString path = d.path.empty() ? QStringLiteral("/") : QString::fromStdString(d.path);
  const QString text = translatedMessage(d.detail());
  return d.severity == Diagnostic::Severity::Error
             ? QCoreApplication::translate("Diagnostic", "%1:%2: error: %3").arg(file, path, text)
             : QCoreApplication::translate("Diagnostic", "%1:%2: warning: %3").arg(file, path, text);
}

QString translatedDiagnostics(const std::vector<Diagnostic>& ds) {
  QStringList lines;
  for (const Diagnostic& d : ds) lines << translatedDiagnostic(d);
  return lines.join(QLatin1Char('\n'));
}

QString translatedError(const std::exception& e) {
  if (const auto* m = dynamic_cast<const MessageError*>(&e)) return translatedMessage(m->message());
  return QString::fromUtf8(e.what());
}

QString translatedFailure(const std::string& english, const Message& detail) {
  if (!detail.code.empty() && detail.text == english) return translatedMessage(detail);
  return QString::fromStdString(english);
}

}  // namespace maniplab::ui
