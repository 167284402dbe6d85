// Field access for the chain editor (see chain_editor_fields.hpp).
#include "maniplab/ui/chain_editor_fields.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace maniplab::ui {

namespace {

// R = Rz(yaw) Ry(pitch) Rx(roll), pitch in [-90°, 90°] (so that an edited angle reads back as typed).
Vector3 rpyOf(const Matrix3& R) {
  const double pitch = std::asin(std::clamp(-R(2, 0), -1.0, 1.0));
  if (std::abs(R(2, 0)) > 1 - 1e-12) {  // gimbal lock: roll and yaw share one axis; put it all in yaw
    const double yaw = std::atan2(-R(0, 1), R(1, 1));
    return {0.0, pitch, yaw};
  }
  return {std::atan2(R(2, 1), R(2, 2)), pitch, std::atan2(R(1, 0), R(0, 0))};
}

Matrix3 fromRpy(const Vector3& rpy) {
  return (Eigen::AngleAxisd(rpy[2], Vector3::UnitZ()) * Eigen::AngleAxisd(rpy[1], Vector3::UnitY()) *
          Eigen::AngleAxisd(rpy[0], Vector3::UnitX()))
      .toRotationMatrix();
}

int inertiaIndex(const QString& key, int& r, int& c) {
  static const char* keys[] = {"ixx", "iyy", "izz", "ixy", "ixz", "iyz"};
  static const int rc[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
  for (int k = 0; k < 6; ++k)
    if (key == QLatin1String(keys[k])) {
      r = rc[k][0];
      c = rc[k][1];
      return k;
    }
  return -1;
}

}  // namespace

QStringList chainColumns(Convention c) {
  // "parent": Khalil–Kleinfinger's antecedent a(j), 0 the base (robots/README.md, "Trees").
  QStringList cols{"name", "type", "parent"};
  switch (c) {
    case Convention::DH: cols << "a" << "alpha" << "d" << "theta"; break;
    case Convention::MDH: cols << "alpha" << "d" << "theta" << "r"; break;
    case Convention::General: cols << "x" << "y" << "z" << "roll" << "pitch" << "yaw"; break;
  }
  cols << "offset" << "lower" << "upper" << "velocity" << "effort";
  return cols;
}

QStringList linkFieldKeys() {
  return {"mass", "com_x", "com_y", "com_z", "ixx", "iyy", "izz", "ixy", "ixz", "iyz"};
}

QStringList actuatorFieldKeys() {
  return {"gear_ratio", "rotor_inertia", "rotor_transverse_inertia", "rotor_axis",
          "viscous_pos", "viscous_neg", "coulomb_pos", "coulomb_neg"};
}

QStringList couplingFieldKeys() { return {"mimic_joint", "mimic_multiplier", "mimic_offset"}; }

bool isAngleKey(const QString& key, const JointDescription& j) {
  if (key == "alpha" || key == "theta" || key == "roll" || key == "pitch" || key == "yaw") return true;
  if (key == "offset" || key == "lower" || key == "upper" || key == "velocity" || key == "mimic_offset")
    return j.type == JointType::Revolute;
  return false;
}

bool isLimitKey(const QString& key) {
  return key == "lower" || key == "upper" || key == "velocity" || key == "effort";
}

QString fieldPath(Convention c, int joint, const QString& key, const JointDescription& j) {
  const QString p = QStringLiteral("/joints/%1").arg(joint);
  if (key == "offset") {
    if (c == Convention::General) return p + "/offset";
    if (j.type == JointType::Revolute) return p + "/theta";
    return p + (c == Convention::DH ? "/d" : "/r");
  }
  if (key == "x" || key == "y" || key == "z") return p + "/l";
  if (key == "mimic_joint") return p + "/mimic/joint";
  if (key == "mimic_multiplier") return p + "/mimic/multiplier";
  if (key == "mimic_offset") return p + "/mimic/offset";
  if (key == "roll" || key == "pitch" || key == "yaw") return p + "/rpy";
  if (isLimitKey(key)) return p + "/limits/" + key;
  if (key == "mass") return p + "/link/mass";
  if (key.startsWith("com_")) return p + "/link/com";
  int r, cc;
  if (inertiaIndex(key, r, cc) >= 0) return p + "/link/inertia";
  if (key == "viscous_pos" || key == "viscous_neg") return p + "/actuator/viscous";
  if (key == "coulomb_pos" || key == "coulomb_neg") return p + "/actuator/coulomb";
  if (actuatorFieldKeys().contains(key)) return p + "/actuator/" + key;
  return p + "/" + key;
}

std::optional<double> fieldValue(Convention c, const JointDescription& j, const QString& key) {
  const bool rev = j.type == JointType::Revolute;
  if (c == Convention::DH && key == "a") return j.a;
  if (c != Convention::General) {
    if (key == "alpha") return j.alpha;
    if (key == "d") return j.d;
    if (key == "theta") return j.theta;
    if (c == Convention::MDH && key == "r") return j.r;
    if (key == "offset") return rev ? j.theta : (c == Convention::DH ? j.d : j.r);
  } else {
    if (key == "x") return j.placement.p.x();
    if (key == "y") return j.placement.p.y();
    if (key == "z") return j.placement.p.z();
    const Vector3 rpy = rpyOf(j.placement.R);
    if (key == "roll") return rpy[0];
    if (key == "pitch") return rpy[1];
    if (key == "yaw") return rpy[2];
    if (key == "offset") return j.offset;
  }
  if (key == "lower") return j.limits.lower;
  if (key == "upper") return j.limits.upper;
  if (key == "velocity") return j.limits.velocity;
  if (key == "effort") return j.limits.effort;
  if (key == "mass") return j.link.mass;
  if (key == "com_x") return j.link.com.x();
  if (key == "com_y") return j.link.com.y();
  if (key == "com_z") return j.link.com.z();
  int r, cc;
  if (inertiaIndex(key, r, cc) >= 0) return j.link.inertia(r, cc);
  const auto& a = j.actuator;
  if (key == "gear_ratio") return a.gear;
  if (key == "rotor_inertia") return a.rotorInertia;
  if (key == "rotor_transverse_inertia") return a.rotorTransverse;
  if (key == "viscous_pos") return a.viscousPos;
  if (key == "viscous_neg") return a.viscousNeg;
  if (key == "coulomb_pos") return a.coulombPos;
  if (key == "coulomb_neg") return a.coulombNeg;
  if (j.mimic && key == "mimic_multiplier") return j.mimic->multiplier;
  if (j.mimic && key == "mimic_offset") return j.mimic->offset;
  return std::nullopt;
}

bool setFieldValue(Convention c, JointDescription& j, const QString& key, double v) {
  const bool rev = j.type == JointType::Revolute;
  if (c == Convention::DH && key == "a") return j.a = v, true;
  if (c != Convention::General) {
    if (key == "alpha") return j.alpha = v, true;
    if (key == "d") return j.d = v, true;
    if (key == "theta") return j.theta = v, true;
    if (c == Convention::MDH && key == "r") return j.r = v, true;
    if (key == "offset") {
      (rev ? j.theta : (c == Convention::DH ? j.d : j.r)) = v;
      return true;
    }
  } else {
    if (key == "x") return j.placement.p.x() = v, true;
    if (key == "y") return j.placement.p.y() = v, true;
    if (key == "z") return j.placement.p.z() = v, true;
    if (key == "roll" || key == "pitch" || key == "yaw") {
      Vector3 rpy = rpyOf(j.placement.R);
      rpy[key == "roll" ? 0 : key == "pitch" ? 1 : 2] = v;
      j.placement.R = fromRpy(rpy);
      return true;
    }
    if (key == "offset") return j.offset = v, true;
  }
  if (key == "lower") return j.limits.lower = v, true;
  if (key == "upper") return j.limits.upper = v, true;
  if (key == "velocity") return j.limits.velocity = v, true;
  if (key == "effort") return j.limits.effort = v, true;
  if (key == "mass") return j.link.mass = v, true;
  if (key == "com_x") return j.link.com.x() = v, true;
  if (key == "com_y") return j.link.com.y() = v, true;
  if (key == "com_z") return j.link.com.z() = v, true;
  int r, cc;
  if (inertiaIndex(key, r, cc) >= 0) {
    j.link.inertia(r, cc) = v;
    j.link.inertia(cc, r) = v;
    return true;
  }
  auto& a = j.actuator;
  if (key == "gear_ratio") return a.gear = v, true;
  if (key == "rotor_inertia") return a.rotorInertia = v, true;
  if (key == "rotor_transverse_inertia") return a.rotorTransverse = v, true;
  if (key == "viscous_pos") return a.viscousPos = v, true;
  if (key == "viscous_neg") return a.viscousNeg = v, true;
  if (key == "coulomb_pos") return a.coulombPos = v, true;
  if (key == "coulomb_neg") return a.coulombNeg = v, true;
  if (j.mimic && key == "mimic_multiplier") return j.mimic->multiplier = v, true;
  if (j.mimic && key == "mimic_offset") return j.mimic->offset = v, true;
  return false;
}

}  // namespace maniplab::ui
