#pragma once
// A robot as written in its file (robots/README.md): the source convention's parameters, kept so that
// editors can show and save them. buildModel() turns it into the dynamics Model.
#include <optional>
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"

namespace maniplab {

enum class Convention { DH, MDH, General };

struct LinkGeometry {
  std::string shape;  ///< "" (none: default drawing), "box", "cylinder", "sphere", "mesh"
  Vector3 size = Vector3::Zero();  ///< box: extents; mesh: scale factors (zero = 1, 1, 1)
  double radius = 0, length = 0;
  std::string mesh, color;
  Transform origin;  ///< in the link frame
};

struct JointDescription {
  std::string name;
  JointType type = JointType::Revolute;
  /// The antecedent joint a(j) of Khalil–Kleinfinger's notation for trees (Khalil & Kleinfinger, A new
  /// geometric notation for open and closed-loop robots, IEEE ICRA 1986; Khalil & Dombre, Modeling,
  /// Identification and Control of Robots, 2002, §3.6), 0-based: the index of the joint whose link carries
  /// this one, -1 for the base; always an earlier joint (topological order). Empty: the previous joint
  /// (a serial chain), which is what every chain file and editor leaves.
  std::optional<int> parent;
  /// A coupled (mimic) joint: q = multiplier * q_source + offset, source 0-based (Model::coupling; the
  /// file's "mimic": {"joint", "multiplier", "offset"}, joint 1-based). Empty: an independent joint.
  std::optional<JointCoupling> mimic;
  // dh: a, alpha, d, theta ; mdh: alpha, d (along x), theta, r ; the joint variable's parameter is its offset.
  double a = 0, alpha = 0, d = 0, theta = 0, r = 0;
  /// mdh only, Khalil–Kleinfinger's two extra parameters for a link with several children: frame j is
  /// placed from frame a(j) by Rz(gamma) Tz(b) Rx(alpha) Tx(d) Rz(theta) Tz(r) (both 0 in a chain whose x
  /// axes are the common normals).
  double gamma = 0, b = 0;
  // general: placement (P, l) and offset
  Transform placement;
  double offset = 0;
  JointLimits limits;
  BodyT<double> link;  ///< inertial data in the convention's link frame
  LinkGeometry geometry;
  ActuatorT<double> actuator;  ///< rotorAxis zero = joint axis; in the carrying link's convention frame
};

struct RobotDescription {
  std::string name, description;
  Convention convention = Convention::DH;
  Vector3 gravity = Vector3(0, 0, -9.81);
  RotorModel rotorModel = RotorModel::Armature;
  Transform base, tool;
  std::vector<double> home;  ///< empty = zeros (SI: rad or m)
  bool anglesInDegrees = false;  ///< the file's angle_unit (values here are always SI)
  std::vector<JointDescription> joints;
  /// The file it was read from (set by the loaders, not saved): relative mesh paths are relative to it.
  std::string sourceFile;
};

/// The constant link-frame transform of joint i for dh (Rz(theta0)Tz(d)Tx(a)Rx(alpha) with the offset)
/// at q = 0, or for mdh (Rz(gamma)Tz(b)Rx(alpha)Tx(d)Rz(theta)Tz(r), Khalil–Kleinfinger); for general the
/// placement with its offset.
Transform conventionTransform(Convention c, const JointDescription& j);

/// The parent (antecedent) of joint i, 0-based: its explicit parent, else i-1 (-1: the base).
inline int parentOf(const RobotDescription& d, std::size_t i) {
  return d.joints[i].parent.value_or(int(i) - 1);
}
/// Every joint's parent is the previous joint.
bool isChain(const RobotDescription& d);
/// parentOf() of every joint.
std::vector<int> jointParents(const RobotDescription& d);
/// Sets every joint's parent (0-based, -1 the base; size of d.joints), implicit where it is the previous joint.
void setJointParents(RobotDescription& d, const std::vector<int>& parents);

/// Converts a description into the dynamics model (model.hpp explains the internal frames).
Model buildModel(const RobotDescription& desc);

}  // namespace maniplab
