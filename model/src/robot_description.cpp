// Conversion of DH / MDH / general descriptions into the internal general form of Llibre, Mampey & Chrétien 1983 (model.hpp).
#include "maniplab/model/robot_description.hpp"

#include "maniplab/model/coupled_dynamics.hpp"

#include <stdexcept>

namespace maniplab {

Transform conventionTransform(Convention c, const JointDescription& j) {
  switch (c) {
    case Convention::DH:  // Rz(theta) Tz(d) Tx(a) Rx(alpha)
      return rotZ(j.theta) * transZ(j.d) * transX(j.a) * rotX(j.alpha);
    case Convention::MDH: {  // Rz(gamma) Tz(b) Rx(alpha) Tx(d) Rz(theta) Tz(r); gamma = b = 0 leaves the chain's product as it was
      const Transform t = rotX(j.alpha) * transX(j.d) * rotZ(j.theta) * transZ(j.r);
      return j.gamma == 0 && j.b == 0 ? t : rotZ(j.gamma) * transZ(j.b) * t;
    }
    case Convention::General:
      return j.placement * (j.type == JointType::Revolute ? rotZ(j.offset) : transZ(j.offset));
  }
  return {};
}

bool isChain(const RobotDescription& d) {
  for (std::size_t i = 0; i < d.joints.size(); ++i)
    if (parentOf(d, i) != int(i) - 1) return false;
  return true;
}

std::vector<int> jointParents(const RobotDescription& d) {
  std::vector<int> p(d.joints.size());
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = parentOf(d, i);
  return p;
}

void setJointParents(RobotDescription& d, const std::vector<int>& parents) {
  for (std::size_t i = 0; i < d.joints.size() && i < parents.size(); ++i)
    d.joints[i].parent = parents[i] == int(i) - 1 ? std::nullopt : std::optional<int>(parents[i]);
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
  if (desc.convention == Convention::DH && !isChain(desc))
    throw std::invalid_argument("buildModel: standard DH describes a serial chain only (robot '" + desc.name + "')");
  for (std::size_t i = 0; i < n; ++i) {
    const JointDescription& j = desc.joints[i];
    const int parent = parentOf(desc, i);  // the reader checked -1 <= parent < i
    Transform place;
    if (desc.convention == Convention::DH)
      place = i == 0 ? desc.base : toLink[i - 1];
    else
      place = parent < 0 ? desc.base * conventionTransform(desc.convention, j)
                         : conventionTransform(desc.convention, j);
    BodyT<double> b;
    b.mass = j.link.mass;
    b.com = toLink[i].apply(j.link.com);
    b.inertia = toLink[i].R * j.link.inertia * toLink[i].R.transpose();
    ActuatorT<double> act = j.actuator;
    if (!act.rotorAxis.isZero()) {
      // given in the carrying link's convention frame (the parent link's, or the base frame)
      const Matrix3 Rcarrier = parent < 0 ? desc.base.R : toLink[std::size_t(parent)].R;
      act.rotorAxis = (Rcarrier * act.rotorAxis).normalized();
    }
    m.addJoint(parent, j.type, place, b, act, j.name);
    m.limits.back() = j.limits;
    m.bodyToLink.back() = toLink[i];
  }
  m.tool = n > 0 ? toLink[n - 1] * desc.tool : desc.base * desc.tool;
  m.home = VectorX::Zero(int(n));
  for (std::size_t i = 0; i < n && i < desc.home.size(); ++i) m.home[int(i)] = desc.home[i];
  // Coupled joints, checked (couplingMap() throws std::invalid_argument on a source that is not another,
  // independent joint); their home follows their source.
  for (std::size_t i = 0; i < n; ++i) {
    if (!desc.joints[i].mimic) continue;
    if (m.coupling.empty()) m.coupling.assign(n, JointCoupling{});
    m.coupling[i] = *desc.joints[i].mimic;
  }
  if (!m.coupling.empty()) {
    (void)couplingMap(m);  // throws on a bad source
    for (std::size_t i = 0; i < n; ++i)
      if (const JointCoupling& c = m.coupling[i]; c.source >= 0)
        m.home[int(i)] = c.multiplier * m.home[c.source] + c.offset;
  }
  return m;
}

}  // namespace maniplab
