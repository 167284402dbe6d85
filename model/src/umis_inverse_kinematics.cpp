// UMIS closed-form IK (Zanaboni 2009 eqs 3.21–3.89; reference umis.md §6.2 items 1–5).
#include "maniplab/model/umis_inverse_kinematics.hpp"

#include <cmath>

#include "maniplab/model/argument_checks.hpp"

namespace maniplab {

namespace {
Matrix3 dhRot(double theta, double alpha) {
  const double ct = std::cos(theta), st = std::sin(theta), ca = std::cos(alpha), sa = std::sin(alpha);
  Matrix3 Q;
  Q << ct, -ca * st, sa * st, st, ca * ct, -sa * ct, 0, sa, ca;  // eq 3.5
  return Q;
}
double wrapPi(double a) { return std::remainder(a, 2 * M_PI); }
}  // namespace

Vector3 eulerXYZFromRotation(const Matrix3& Q) {
  const double th = std::atan2(Q(0, 2), std::sqrt(std::max(0.0, 1 - Q(0, 2) * Q(0, 2))));  // 3.17
  const double c = std::cos(th);
  return {std::atan2(-Q(1, 2) / c, Q(2, 2) / c), th, std::atan2(-Q(0, 1) / c, Q(0, 0) / c)};  // 3.16, 3.18
}

Matrix3 rotationFromEulerXYZ(const Vector3& e) {
  return (Eigen::AngleAxisd(e[0], Vector3::UnitX()) * Eigen::AngleAxisd(e[1], Vector3::UnitY()) *
          Eigen::AngleAxisd(e[2], Vector3::UnitZ()))
      .toRotationMatrix();
}

Vector6 poseVector(const Transform& pose) {
  Vector6 v;
  v << eulerXYZFromRotation(pose.R), pose.p;
  return v;
}

Transform poseFromVector(const Vector6& pose) {
  Transform T;
  T.R = rotationFromEulerXYZ(pose.head<3>());
  T.p = pose.tail<3>();
  return T;
}

std::vector<UmisIkSolution> umisInverseKinematics(const UmisGeometry& g, const Transform& T, double tol) {
  std::vector<UmisIkSolution> out;
  const Vector3 pw = T.p - g.d6 * T.R.col(2);  // wrist centre (3.21–3.27)
  const double r = std::hypot(pw.x(), pw.y());
  if (r < std::abs(g.d3)) return out;  // theta1 equation has no real root
  const double D = 2 * g.a2 * g.d4;
  const double E = g.a2 * g.a2 + g.d3 * g.d3 + g.d4 * g.d4 - (pw - Vector3(0, 0, g.d1)).squaredNorm();
  const double s3 = -E / D;
  if (std::abs(s3) > 1) return out;  // out of reach
  const double phi = std::atan2(pw.x(), pw.y());
  const double ac = std::acos(std::clamp(-g.d3 / r, -1.0, 1.0));
  const double t3a = std::asin(s3);
  for (int sh = 0; sh < 2; ++sh) {
    const double t1 = wrapPi((sh == 0 ? ac : -ac) - phi);
    for (int el = 0; el < 2; ++el) {
      const double t3 = wrapPi(el == 0 ? t3a : M_PI - t3a);
      const double A11 = g.a2 + g.d4 * std::sin(t3), A12 = g.d4 * std::cos(t3);
      const double X = pw.x() * std::cos(t1) + pw.y() * std::sin(t1), Y = pw.z() - g.d1;
      const double den = A11 * A11 + A12 * A12;
      const double t2 = std::atan2((A12 * X + A11 * Y) / den, (A11 * X - A12 * Y) / den);
      const Matrix3 R03 = dhRot(t1, M_PI / 2) * dhRot(t2, 0) * dhRot(t3, M_PI / 2);
      const Matrix3 R = R03.transpose() * T.R;  // = Q4 Q5 Q6
      for (int wr = 0; wr < 2; ++wr) {
        const double sg = wr == 0 ? 1.0 : -1.0;
        UmisIkSolution s;
        const double t4 = std::atan2(sg * R(1, 2), sg * R(0, 2));
        const double t5 = std::atan2(std::cos(t4) * R(0, 2) + std::sin(t4) * R(1, 2), -R(2, 2));
        const double t6 = std::atan2(-sg * R(2, 1), sg * R(2, 0));
        s.q << t1, t2, t3, t4, t5, t6;
        s.shoulder = sh;
        s.elbow = el;
        s.wrist = wr;
        s.wristSingular = std::abs(std::sin(t5)) < tol;
        s.elbowSingular = std::abs(std::cos(t3)) < tol;
        s.shoulderSingular = std::abs(g.a2 * std::cos(t2) + g.d4 * std::sin(t2 + t3)) < tol;
        out.push_back(s);
      }
    }
  }
  return out;
}

std::optional<UmisGeometry> umisGeometry(const RobotDescription& d) {
  if (d.convention != Convention::DH || d.joints.size() != 6) return std::nullopt;
  const double alpha[6] = {M_PI / 2, 0, M_PI / 2, M_PI / 2, M_PI / 2, 0};
  for (std::size_t i = 0; i < 6; ++i) {
    const auto& j = d.joints[i];
    if (j.type != JointType::Revolute || std::abs(j.alpha - alpha[i]) > 1e-9 || std::abs(j.theta) > 1e-12)
      return std::nullopt;
    if (i != 1 && std::abs(j.a) > 1e-12) return std::nullopt;
  }
  if (std::abs(d.joints[1].d) > 1e-12 || std::abs(d.joints[4].d) > 1e-12) return std::nullopt;
  if (!d.base.p.isZero() || !d.base.R.isIdentity() || !d.tool.R.isIdentity() || d.tool.p.head<2>().norm() > 0)
    return std::nullopt;
  UmisGeometry g;
  g.d1 = d.joints[0].d;
  g.a2 = d.joints[1].a;
  g.d3 = d.joints[2].d;
  g.d4 = d.joints[3].d;
  g.d6 = d.joints[5].d + d.tool.p.z();
  return g;
}

std::optional<UmisIkSolution> nearestSolution(const std::vector<UmisIkSolution>& sols, const VectorX& ref) {
  checkDimension("nearestSolution", "reference", long(ref.size()), 6, "the UMIS arm has 6 joints");
  std::optional<UmisIkSolution> best;
  double bestD = 1e300;
  for (const auto& s : sols) {
    double dist = 0;
    for (int i = 0; i < 6; ++i) dist += std::pow(wrapPi(s.q[i] - ref[i]), 2);
    if (dist < bestD) {
      bestD = dist;
      best = s;
      for (int i = 0; i < 6; ++i) best->q[i] = ref[i] + wrapPi(s.q[i] - ref[i]);  // unwrap towards ref
    }
  }
  return best;
}

}  // namespace maniplab
