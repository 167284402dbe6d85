// Standard DH -> modified DH frames for the inertial parameters: Belkoura 1993 (1.8)–(1.12) (the two
// conventions), Annex 2 lambda (rigid change of frame of the 10 standard parameters); see mdh_frames.hpp.
#include "maniplab/model/mdh_frames.hpp"

#include <cmath>
#include <stdexcept>

namespace maniplab {

Eigen::Matrix<double, 10, 10> rigidBodyParameterMap(const Transform& X) {
  const Matrix3& A = X.R;
  const Vector3& p = X.p;
  Eigen::Matrix<double, 10, 10> L = Eigen::Matrix<double, 10, 10>::Zero();
  for (int k = 0; k < 10; ++k) {
    double x[10] = {0};
    x[k] = 1;
    Matrix3 J;
    J << x[0], x[1], x[2], x[1], x[3], x[4], x[2], x[4], x[5];
    const Vector3 ms(x[6], x[7], x[8]);
    const double m = x[9];
    const Vector3 msr = A * ms;  // first moment about the origin of F, axes of E
    const Matrix3 Jp = A * J * A.transpose() + 2 * p.dot(msr) * Matrix3::Identity() -
                       (p * msr.transpose() + msr * p.transpose()) +
                       m * (p.squaredNorm() * Matrix3::Identity() - p * p.transpose());
    const Vector3 msp = msr + m * p;
    L(0, k) = Jp(0, 0); L(1, k) = Jp(0, 1); L(2, k) = Jp(0, 2);
    L(3, k) = Jp(1, 1); L(4, k) = Jp(1, 2); L(5, k) = Jp(2, 2);
    L(6, k) = msp.x(); L(7, k) = msp.y(); L(8, k) = msp.z();
    L(9, k) = m;
  }
  return L;
}

Transform mdhFrameInBody(const Model& model, int i) {
  Transform T;
  if (i < 0 || std::size_t(i) >= model.bodyToLink.size()) return T;
  const Transform& B = model.bodyToLink[std::size_t(i)];
  // A DH link transform Rz(theta) Tz(d) Tx(a) Rx(alpha) has its x axis (first column) in the xy plane of
  // R_i, at the angle theta, and its origin at height d on the joint axis. Anything else is not DH.
  const double c = B.R(0, 0), s = B.R(1, 0);
  const double len = std::hypot(c, s);
  if (std::abs(B.R(2, 0)) > 1e-12 || std::abs(len - 1) > 1e-12) return T;
  T.R << c / len, -s / len, 0, s / len, c / len, 0, 0, 0, 1;
  T.p = Vector3(0, 0, B.p.z());
  return T;
}

bool usesDhReframing(const Model& model) {
  for (int i = 0; i < model.nq; ++i) {
    const Transform T = mdhFrameInBody(model, i);
    if (!T.R.isIdentity(0) || !T.p.isZero(0)) return true;
  }
  return false;
}

Model mdhFramedModel(const Model& model) {
  Model m = model;
  const int n = model.nq;
  if (!usesDhReframing(model)) return m;
  std::vector<Transform> T(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) T[std::size_t(i)] = mdhFrameInBody(model, i);
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const Transform Ti = T[k], TiInv = Ti.inverse();
    // ^{DHM_{i-1}}T^{DHM_i} at q_i = 0 (T commutes with the joint's own Rz(q) / Tz(q)).
    m.placement[k] = (i == 0 ? Transform() : T[k - 1].inverse()) * model.placement[k] * Ti;
    m.body[k].com = TiInv.apply(model.body[k].com);
    m.body[k].inertia = Ti.R.transpose() * model.body[k].inertia * Ti.R;
    if (i > 0) m.actuator[k].rotorAxis = T[k - 1].R.transpose() * model.actuator[k].rotorAxis;
    m.bodyToLink[k] = TiInv * model.bodyToLink[k];  // Tx(a) Rx(alpha): no further offset
  }
  if (n > 0) m.tool = T[std::size_t(n - 1)].inverse() * model.tool;
  return m;
}

RobotDescription mdhDescription(const RobotDescription& in) {
  if (in.convention == Convention::MDH) return in;
  if (in.convention != Convention::DH)
    throw std::invalid_argument("mdhDescription: only a standard-DH description can be rewritten in modified DH");
  RobotDescription out = in;
  out.convention = Convention::MDH;
  const std::size_t n = in.joints.size();
  for (std::size_t i = 0; i < n; ++i) {
    const JointDescription& s = in.joints[i];
    JointDescription& t = out.joints[i];
    t.a = 0;
    t.alpha = i == 0 ? 0.0 : in.joints[i - 1].alpha;
    t.d = i == 0 ? 0.0 : in.joints[i - 1].a;
    t.theta = s.theta;
    t.r = s.d;
    // DH link frame i = DHM frame i * Tx(a_i) Rx(alpha_i): x_DHM = X x_DH.
    const Transform X = transX(s.a) * rotX(s.alpha);
    t.link.com = X.apply(s.link.com);
    t.link.inertia = X.R * s.link.inertia * X.R.transpose();
    t.geometry.origin = X * s.geometry.origin;
    // A rotor axis is given in the carrying link's frame: DH link i-1 -> DHM frame i-1 (the base for i = 0).
    if (i > 0 && !s.actuator.rotorAxis.isZero()) t.actuator.rotorAxis = rotX(in.joints[i - 1].alpha).R * s.actuator.rotorAxis;
  }
  if (n > 0) out.tool = transX(in.joints[n - 1].a) * rotX(in.joints[n - 1].alpha) * in.tool;
  return out;
}

}  // namespace maniplab
