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
  // dh: a, alpha, d, theta ; mdh: alpha, d (along x), theta, r ; the joint variable's parameter is its offset.
  double a = 0, alpha = 0, d = 0, theta = 0, r = 0;
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
/// at q = 0, or for mdh (Rx(alpha)Tx(d)Rz(theta)Tz(r)); for general the placement with its offset.
Transform conventionTransform(Convention c, const JointDescription& j);

/// Converts a description into the dynamics model (model.hpp explains the internal frames).
Model buildModel(const RobotDescription& desc);

}  // namespace maniplab
