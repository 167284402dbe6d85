#pragma once
// URDF import and export (ROS Unified Robot Description Format, http://wiki.ros.org/urdf/XML), through
// Debian's liburdfdom (the XML is parsed by urdfdom; TinyXML, urdfdom's own XML library, reads the
// <transmission> and ManipLab extension elements that urdfdom skips, and writes exported files).
//
// Import (parseUrdf / loadUrdfFile) gives a RobotDescription in the "general" convention:
//   - Supported: one serial chain of revolute, continuous and prismatic joints from the root link.
//     Fixed joints are merged into their parent body (masses, centres of mass and inertias combined
//     about the common centre of mass). Fixed branches are allowed; two moving joints below one body,
//     and floating, planar or mimic joints, are errors naming the joint.
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
//   - Tool: when the last moving body has fixed descendants ending in exactly one leaf link, the tool
//     frame is that leaf's frame; otherwise the URDF frame of the last moving link.
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
#include <string>
#include <vector>

#include "maniplab/model/robot_file.hpp"

namespace maniplab {

struct UrdfImportOptions {
  /// Directories searched for package:// URIs before $ROS_PACKAGE_PATH (see the rule above).
  std::vector<std::string> packagePaths;
  /// Read $ROS_PACKAGE_PATH as well.
  bool useRosPackagePath = true;
};

/// Parses and validates URDF text; `fileName` labels the diagnostics and anchors relative mesh paths.
/// Diagnostic paths name the URDF element, e.g. "/robot/link[forearm]/inertial".
RobotLoadResult parseUrdf(const std::string& xmlText, const std::string& fileName,
                          const UrdfImportOptions& options = {});
/// Reads a URDF file (an unreadable file is an error diagnostic, never an exception).
RobotLoadResult loadUrdfFile(const std::string& path, const UrdfImportOptions& options = {});

/// A URDF document for a robot: links "base_link", one per joint (named "<joint>_link") with frames
/// R_i of the internal model (so every joint axis is +z), and "tool" on a fixed joint; inertials,
/// limits, dynamics, visuals (mesh paths as given in the description), transmissions and the ManipLab
/// extensions above. Numbers are written with 17 significant digits.
std::string robotToUrdf(const RobotDescription& description);

/// Resolves a URDF mesh reference by the rule above; empty when not found. `urdfFile` may be empty
/// (then relative paths and the ancestor search use the working directory).
std::string resolveMeshPath(const std::string& uri, const std::string& urdfFile,
                            const UrdfImportOptions& options = {});

/// True when `path` ends in ".urdf" (any case).
bool isUrdfPath(const std::string& path);
/// Loads a robot file of either format: URDF when isUrdfPath(path), otherwise a ManipLab JSON file.
RobotLoadResult loadRobotAnyFormat(const std::string& path, const UrdfImportOptions& options = {});

}  // namespace maniplab
