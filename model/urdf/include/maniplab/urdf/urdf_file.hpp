#pragma once
// URDF import and export (ROS Unified Robot Description Format, http://wiki.ros.org/urdf/XML), through
// Debian's liburdfdom (the XML is parsed by urdfdom; TinyXML, urdfdom's own XML library, reads the
// <transmission> and ManipLab extension elements that urdfdom skips, and writes exported files).
//
// Import (parseUrdf / loadUrdfFile) gives a RobotDescription in the "general" convention:
//   - Supported: one serial chain of revolute, continuous and prismatic joints from the root link.
//     Fixed joints are merged into their parent body (masses, centres of mass and inertias combined
//     about the common centre of mass). Fixed branches are allowed. Floating and planar joints on the
//     chain are errors naming the joint.
//   - Trees (grippers, several arms, a head): the chain is the path from the root link to a chosen tip
//     link (UrdfImportOptions::tip; `--tip LINK` in maniplab-cli, a dialog in the GUI). Without a tip,
//     a URDF whose moving joints do not all lie on one root-to-leaf path is an error at the first branch
//     that lists the candidate tips (urdfTreeInfo()). Every moving joint off the chain is LOCKED: it
//     becomes a fixed joint at its locked position, and the links it carries are lumped into the chain
//     body they hang from exactly (masses added, centre of mass the mass-weighted mean, inertia tensors
//     rotated into the body frame and moved to the common centre of mass by the parallel-axis theorem;
//     Featherstone, Rigid Body Dynamics Algorithms, 2008, ch. 2), or into the fixed base when they hang
//     from it (no dynamic effect).
//     A floating or planar joint off the chain is locked at its origin (zero displacement).
//   - Whole trees (UrdfImportOptions::wholeTree; `--tree` in maniplab-cli, the first row of the GUI's
//     dialog): every revolute, continuous and prismatic joint that is neither a mimic joint nor stated
//     locked moves. The joints are numbered in depth-first order of the URDF from the root link (children
//     by joint name, as urdfdom lists them), so that a joint's parent comes before it (Featherstone, Rigid
//     Body Dynamics Algorithms, 2008, §4.1.2); the parent of a joint is the moving joint that carries its
//     parent link (Khalil–Kleinfinger's a(j); the fixed base when none does). Fixed links and locked joints
//     are lumped into the body they hang from, as for a chain; floating and planar joints are locked at
//     their origin. Mimic joints are locked (rule below; the warning says when the joint they follow moves
//     and so their links do not follow it). The tool is carried by the last body, as in a chain. A tip and
//     the whole tree together are an error.
//   - Locked position of a joint, in this order: the value stated in UrdfImportOptions::lockedPositions
//     (`--lock JOINT=VALUE`, rad or m; a joint stated there is locked even on the chain); for a mimic
//     joint, multiplier * q_master + offset with q_master the master's locked position (or its home
//     position when the master moves on the chain); the joint's <maniplab:joint home>; otherwise zero.
//     A warning per locked joint says where it is locked, why, and into which body its links went.
//   - Mimic joints (<mimic joint multiplier offset>, q = multiplier * q_master + offset): a serial chain
//     of independent joints cannot represent a coupling, so every mimic joint is locked (at the value
//     above). When its master is locked too (a gripper's second finger off the chosen chain, or on it
//     when the first finger is off it) this is exact; when the master moves on the chain the warning
//     says that the mimic's links no longer follow it.
//   - The root link is the fixed base (world frame = root link frame; its inertial is ignored).
//   - Body frame R_i (model.hpp): the URDF frame of the child link of joint i, rotated so that its z
//     axis is the joint axis (no rotation when the axis is +z, which is what the exporter writes). The
//     joint's <origin> and the fixed transforms before it become the placement of joint i.
//   - Inertials: URDF gives the centre of mass and the inertia about it in the <inertial><origin> frame
//     (ixx..izz are tensor entries, ixy = -∫xy dm, as in ManipLab); both are re-expressed in R_i.
//   - Limits: lower/upper/velocity/effort of revolute and prismatic joints; continuous joints have no
//     position limits; a non-positive velocity or effort means "not given" (warning).
//   - <dynamics damping friction>: damping -> viscous friction, friction -> Coulomb friction (both
//     output side, symmetric).
//   - Actuators: ROS <transmission> elements (SimpleTransmission): <mechanicalReduction> -> gear ratio;
//     Drake's <drake:rotor_inertia value>/<drake:gear_ratio value> and ManipLab's extensions (below)
//     are read too. Without a transmission, the joint is ideal (gear 1, no rotor).
//   - Tool: the tip link's frame when a tip is given. Otherwise, when the last moving body has fixed
//     descendants ending in exactly one leaf link, that leaf's frame; otherwise the URDF frame of the
//     last moving link.
//   - Missing or zero inertials are reported per link (warning), with the consequence (a singular mass
//     matrix) and a proposed fix; if the mass matrix is singular at the home pose, loading fails.
//   - Visuals: the first <visual> of each body (its own or from a merged fixed link) becomes the link
//     geometry (box, cylinder, sphere, mesh; mesh scale in LinkGeometry::size); others are reported.
//
// Mesh file search rule (resolveMeshPath): "file://X" is X; an absolute path is kept; a relative path is
// relative to the URDF file's directory; "package://PKG/REST" is looked up, in order, in
//   1. each directory D of options.packagePaths, then of $ROS_PACKAGE_PATH (':'-separated): D/PKG/REST;
//   2. the URDF file's directory and each of its ancestors A: A/REST if A is named PKG, and A/PKG/REST;
// the first existing file wins. An unresolved mesh is a warning and the default geometry is drawn.
//
// ManipLab extensions (namespace prefix "maniplab:"; ignored by other URDF readers), written by the
// exporter so that import(export(robot)) has the same dynamics:
//   <robot> <maniplab:robot gravity="x y z" rotor_model="armature|full"/>  <maniplab:description>text
//   <joint> <maniplab:joint home="q0" viscous_positive= viscous_negative= coulomb_positive= coulomb_negative=/>
//   <transmission><actuator> <maniplab:rotor_inertia value/> <maniplab:rotor_transverse_inertia value/>
//                            <maniplab:rotor_axis xyz/> (unit, in the URDF frame of the joint's parent link)
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "maniplab/model/robot_file.hpp"

namespace maniplab {

struct UrdfImportOptions {
  /// Directories searched for package:// URIs before $ROS_PACKAGE_PATH (see the rule above).
  std::vector<std::string> packagePaths;
  /// Read $ROS_PACKAGE_PATH as well.
  bool useRosPackagePath = true;
  /// The last link of the chain to simulate (any link; the chain is the path from the root link to it).
  /// Empty: the URDF's moving joints must lie on one root-to-leaf path.
  std::string tip;
  /// Locked positions stated by the user, by joint name [rad for revolute/continuous, m for prismatic].
  /// A joint named here is locked even when it lies on the chain.
  std::map<std::string, double> lockedPositions;
  /// Import the whole tree (every moving joint but mimic and stated ones; see the header comment) rather
  /// than a chain. Exclusive with `tip`.
  bool wholeTree = false;
  /// Mimic joints become coupled joints of the model (Model::coupling: q = multiplier * q_master + offset,
  /// the dynamics projected onto the independent coordinates) rather than locked. A mimic joint is coupled
  /// when it and its master both move in the model (the whole tree, or a chain through both); otherwise it
  /// stays locked as without this option.
  bool coupleMimics = false;
};

/// A moving joint that a chain choice locks, and where.
struct UrdfLockedJoint {
  std::string name;
  bool prismatic = false;      ///< position in m (otherwise rad)
  double position = 0;         ///< the locked position (rule in the header comment)
  bool onChain = false;        ///< on the chain (a mimic joint, or stated in lockedPositions)
  bool stated = false;         ///< the position comes from UrdfImportOptions::lockedPositions
  std::string mimicOf;         ///< the master joint of a mimic joint (empty otherwise)
  double mimicMultiplier = 1, mimicOffset = 0;  ///< q = multiplier * q_master + offset
  bool couplingLost = false;   ///< a mimic of a joint that moves on the chain: its links no longer follow it
  std::string intoBody;        ///< the link whose body carries its links (the root link: the fixed base)
};

/// One chain the user may choose: the path from the root link to `tip`; or the whole tree (`wholeTree`,
/// no tip).
struct UrdfChainCandidate {
  bool wholeTree = false;
  std::string tip;
  std::vector<std::string> joints;      ///< the joints that move (root to tip): the model's joints
  std::vector<UrdfLockedJoint> locked;  ///< every other moving joint of the URDF, locked
};

/// The structure of a URDF as far as chain choice goes.
struct UrdfTreeInfo {
  std::string root;                              ///< the root link
  bool serial = false;                           ///< the moving joints lie on one path: loads without a tip
  std::vector<UrdfChainCandidate> candidates;    ///< root-to-leaf chains (see urdfTreeInfo)
  UrdfChainCandidate tree;                       ///< the whole tree (wholeTree set; no joint when it cannot be planned)
  std::vector<Diagnostic> diagnostics;           ///< why the document could not be read (errors)
  bool ok() const { return noErrors(diagnostics); }
};

/// Parses and validates URDF text; `fileName` labels the diagnostics and anchors relative mesh paths.
/// Diagnostic paths name the URDF element, e.g. "/robot/link[forearm]/inertial".
RobotLoadResult parseUrdf(const std::string& xmlText, const std::string& fileName,
                          const UrdfImportOptions& options = {});
/// Reads a URDF file (an unreadable file is an error diagnostic, never an exception).
RobotLoadResult loadUrdfFile(const std::string& path, const UrdfImportOptions& options = {});

/// The chains of a URDF from its root link, for choosing one: a candidate for each leaf link whose body
/// ends a branch (no moving joint below it), and, where moving joints branch below one body, for the
/// links of that body that the branches start from and its leaf links (the chain that stops before the
/// branches: an arm with its gripper locked). Leaves hanging off the middle of a serial stretch are not
/// listed (any link is still accepted as a tip). In depth-first order of the URDF (children by joint
/// name). The tips are those of the tree as written; each chain is planned with
/// `options.lockedPositions` (its joints and locked positions), and `serial` says whether the file loads
/// without a tip given those positions (a stated joint does not move, so it does not branch). A chain
/// that stated positions leave without a moving joint is not listed. `tree` is the whole tree planned
/// with the same positions (UrdfImportOptions::wholeTree).
UrdfTreeInfo urdfTreeInfo(const std::string& xmlText, const std::string& fileName, const UrdfImportOptions& options = {});
UrdfTreeInfo urdfTreeInfoFromFile(const std::string& path, const UrdfImportOptions& options = {});
/// "tip (n joints)" per candidate, comma-separated, with the locked mimic joints on the chain named.
std::string describeCandidates(const std::vector<UrdfChainCandidate>& candidates);

/// A URDF document for a robot: links "base_link", one per joint (named "<joint>_link") with frames
/// R_i of the internal model (so every joint axis is +z), and "tool" on a fixed joint; inertials,
/// limits, dynamics, visuals (mesh paths as given in the description), transmissions and the ManipLab
/// extensions above. Numbers are written with 17 significant digits.
std::string robotToUrdf(const RobotDescription& description);

/// Re-anchors the relative mesh paths of a description from `fromFile`'s directory to `toFile`'s (a
/// package:// URI, or a mesh not found from `fromFile`, is kept as given), so that a robot written to
/// `toFile` still finds its meshes.
void rebaseMeshPaths(RobotDescription& description, const std::string& fromFile, const std::string& toFile);

/// Export as URDF (maniplab-cli urdf-export, File > Export URDF in the GUI): robotToUrdf of the
/// description, its mesh paths re-anchored from `sourceFile` (the robot file it was read from; empty: the
/// working directory) to `path`, written atomically (model/atomic_file.hpp). Empty on success, otherwise
/// the error message naming the file and the cause (an existing file is then left unchanged).
std::string exportUrdfFile(RobotDescription description, const std::string& sourceFile, const std::string& path);

/// Resolves a URDF mesh reference by the rule above; empty when not found. `urdfFile` may be empty
/// (then relative paths and the ancestor search use the working directory).
std::string resolveMeshPath(const std::string& uri, const std::string& urdfFile,
                            const UrdfImportOptions& options = {});

/// True when `path` ends in ".urdf" (any case).
bool isUrdfPath(const std::string& path);
/// Loads a robot file of either format: URDF when isUrdfPath(path), otherwise a ManipLab JSON file.
RobotLoadResult loadRobotAnyFormat(const std::string& path, const UrdfImportOptions& options = {});
/// The error for URDF-only options (a chain tip, locked joint positions) given with the ManipLab robot file
/// `path`; none when `options` has neither. (loadRobotAnyFormat and sim::Document::robot.)
std::optional<Diagnostic> urdfOnlyOptionsError(const std::string& path, const UrdfImportOptions& options);

}  // namespace maniplab
