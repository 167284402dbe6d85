// Conversion of DH / MDH / general descriptions into the internal general form of Llibre, Mampey & Chrétien 1983 (model.hpp).
#include "maniplab/model/robot_description.hpp"

namespace maniplab {

Transform conventionTransform(Convention c, const JointDescription& j) {
  switch (c) {
    case Convention::DH:  // Rz(theta) Tz(d) Tx(a) Rx(alpha)
      return rotZ(j.theta) * transZ(j.d) * transX(j.a) * rotX(j.alpha);
    case Convention::MDH:  // Rx(alpha) Tx(d) Rz(theta) Tz(r)
      return rotX(j.alpha) * transX(j.d) * rotZ(j.theta) * transZ(j.r);
    case Convention::General:
      return j.placement * (j.type == JointType::Revolute ? rotZ(j.offset) : transZ(j.offset));
  }
  return {};
}

Model buildModel(const RobotDescription& desc) {
  Model m;
  m.name = desc.name;
  m.gravity = desc.gravity;
  m.rotorModel = desc.rotorModel;
  const std::size_t n = desc.joints.size();
  // Transform from internal body frame R_i to the convention's link frame i (identity but for DH).
  std::vector<Transform> toLink(n);
  for (std::size_t i = 0; i < n; ++i)
    if (desc.convention == Convention::DH) toLink[i] = conventionTransform(Convention::DH, desc.joints[i]);
  for (std::size_t i = 0; i < n; ++i) {
    const JointDescription& j = desc.joints[i];
    Transform place;
    if (desc.convention == Convention::DH)
      place = i == 0 ? desc.base : toLink[i - 1];
    else
      place = i == 0 ? desc.base * conventionTransform(desc.convention, j)
                     : conventionTransform(desc.convention, j);
    BodyT<double> b;
    b.mass = j.link.mass;
    b.com = toLink[i].apply(j.link.com);
    b.inertia = toLink[i].R * j.link.inertia * toLink[i].R.transpose();
    ActuatorT<double> act = j.actuator;
    if (!act.rotorAxis.isZero()) {
      // given in the carrying link's convention frame (link i-1, or the base frame for joint 1)
      const Matrix3 Rcarrier = i == 0 ? desc.base.R : toLink[i - 1].R;
      act.rotorAxis = (Rcarrier * act.rotorAxis).normalized();
    }
    m.addJoint(j.type, place, b, act, j.name);
    m.limits.back() = j.limits;
    m.bodyToLink.back() = toLink[i];
  }
  m.tool = n > 0 ? toLink[n - 1] * desc.tool : desc.base * desc.tool;
  m.home = VectorX::Zero(int(n));
  for (std::size_t i = 0; i < n && i < desc.home.size(); ++i) m.home[int(i)] = desc.home[i];
  return m;
}

}  // namespace maniplab
