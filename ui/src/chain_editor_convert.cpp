// Convention conversion for the chain editor (see chain_editor_convert.hpp).
#include "maniplab/ui/chain_editor_convert.hpp"

#include "maniplab/model/mdh_frames.hpp"

#include <cmath>

namespace maniplab::ui {

namespace {

// Re-expresses the link data given in frame A into frame B where A = B * X (x_B = X x_A).
void reexpressLink(JointDescription& j, const Transform& X) {
  j.link.com = X.apply(j.link.com);
  j.link.inertia = X.R * j.link.inertia * X.R.transpose();
  j.geometry.origin = X * j.geometry.origin;
}

// DH -> MDH is the model's own rewriting (model/mdh_frames.hpp), also used by the base-parameter rules.
RobotDescription dhToMdh(const RobotDescription& in) { return mdhDescription(in); }

RobotDescription mdhToDh(const RobotDescription& in) {
  RobotDescription out = in;
  out.convention = Convention::DH;
  const std::size_t n = in.joints.size();
  if (n == 0) return out;
  const Transform first = rotX(in.joints[0].alpha) * transX(in.joints[0].d);
  out.base = in.base * first;
  for (std::size_t i = 0; i < n; ++i) {
    const JointDescription& s = in.joints[i];
    JointDescription& t = out.joints[i];
    t.r = 0;
    t.theta = s.theta;
    t.d = s.r;
    t.a = i + 1 < n ? in.joints[i + 1].d : 0.0;
    t.alpha = i + 1 < n ? in.joints[i + 1].alpha : 0.0;
    reexpressLink(t, (transX(t.a) * rotX(t.alpha)).inverse());
    if (!s.actuator.rotorAxis.isZero()) {
      const Matrix3 R = i == 0 ? first.R : rotX(in.joints[i].alpha).R;  // carrier frame change
      t.actuator.rotorAxis = R.transpose() * s.actuator.rotorAxis;
    }
  }
  return out;
}

RobotDescription mdhToGeneral(const RobotDescription& in) {
  RobotDescription out = in;
  out.convention = Convention::General;
  for (auto& j : out.joints) {
    // Khalil–Kleinfinger's Rz(gamma) Tz(b) before the chain's Rx(alpha) Tx(d) (a tree's branch)
    const Transform kk = j.gamma == 0 && j.b == 0 ? Transform() : rotZ(j.gamma) * transZ(j.b);
    if (j.type == JointType::Revolute) {
      j.placement = kk * rotX(j.alpha) * transX(j.d) * transZ(j.r);
      j.offset = j.theta;
    } else {
      j.placement = kk * rotX(j.alpha) * transX(j.d) * rotZ(j.theta);
      j.offset = j.r;
    }
    j.a = j.alpha = j.d = j.theta = j.r = j.gamma = j.b = 0;
  }
  return out;
}

bool generalToMdh(const RobotDescription& in, RobotDescription& out, std::string* why) {
  out = in;
  out.convention = Convention::MDH;
  for (std::size_t i = 0; i < in.joints.size(); ++i) {
    JointDescription& j = out.joints[i];
    const Transform T = conventionTransform(Convention::General, in.joints[i]);
    const Vector3 z = T.R.col(2);
    const double scale = std::max(1.0, T.p.norm());
    if (std::abs(z.x()) > 1e-9) {
      if (why)
        *why = "joint " + std::to_string(i + 1) +
               ": its axis has a component along the x axis of the previous frame; it has no (modified) DH form";
      return false;
    }
    const double alpha = std::atan2(-z.y(), z.z());
    const Matrix3 M = rotX(alpha).R.transpose() * T.R;  // = Rz(theta)
    const double theta = std::atan2(M(1, 0), M(0, 0));
    const double d = T.p.x();
    const double r = T.p.dot(z);
    if ((T.p - Vector3(d, 0, 0) - r * z).norm() > 1e-9 * scale) {
      if (why)
        *why = "joint " + std::to_string(i + 1) +
               ": its origin is not on the common normal with the previous axis; it has no (modified) DH form";
      return false;
    }
    j.alpha = alpha;
    j.d = d;
    j.theta = theta;
    j.r = r;
    j.a = 0;
    j.placement = Transform();
    j.offset = 0;
  }
  return true;
}

}  // namespace

bool convertConvention(const RobotDescription& in, Convention to, RobotDescription& out, std::string* why) {
  if (in.convention == to) {
    out = in;
    return true;
  }
  // Standard DH describes chains whose x axes are the common normals (robots/README.md, "Trees").
  bool kk = false;
  for (const auto& j : in.joints) kk = kk || j.gamma != 0 || j.b != 0;
  if (to == Convention::DH && (!isChain(in) || kk)) {
    if (why) *why = !isChain(in) ? "the robot is a tree: standard DH describes chains only (use MDH or general)"
                                 : "a joint uses Khalil–Kleinfinger's gamma or b, which standard DH does not have";
    return false;
  }
  RobotDescription mdh;
  switch (in.convention) {
    case Convention::DH: mdh = dhToMdh(in); break;
    case Convention::MDH: mdh = in; break;
    case Convention::General:
      if (!generalToMdh(in, mdh, why)) return false;
      break;
  }
  switch (to) {
    case Convention::MDH: out = mdh; break;
    case Convention::DH: out = mdhToDh(mdh); break;
    case Convention::General: out = mdhToGeneral(mdh); break;
  }
  return true;
}

}  // namespace maniplab::ui
