// The pendulum kind's file (pendulum.hpp): reader, writer, and the equivalent one-joint serial robot.
#include <cmath>

#include "../scene_sections.hpp"
#include "../scene_writer_sections.hpp"
#include "maniplab/model/json_reader.hpp"
#include "pendulum.hpp"

namespace maniplab::sim::pendulum {

using nlohmann::json;

RobotLoadResult robot(const Parameters& p, const std::string& file) {
  RobotDescription d;
  d.name = "pendulum";
  d.description = "simple pendulum: a point mass on a massless rod (scene " + file + ")";
  d.convention = Convention::DH;
  d.gravity = Vector3(0, 0, -p.gravity);
  d.sourceFile = file;
  // Base frame: x_0 down (-z), z_0 (the pivot axis) along +y, so that theta = 0 hangs down; the pivot
  // 1.25 l above the world origin, so that the bob swings above the floor (z = 0) of the 3D view.
  d.base.p = Vector3(0, 0, 1.25 * p.length);
  d.base.R.col(0) = Vector3(0, 0, -1);
  d.base.R.col(1) = Vector3(-1, 0, 0);
  d.base.R.col(2) = Vector3(0, 1, 0);
  JointDescription j;
  j.name = "theta";
  j.type = JointType::Revolute;
  j.a = p.length;  // DH frame 1 is at the end of the rod: the mass is at its origin
  j.limits.effort = p.maxTorque;
  j.link.mass = p.mass;
  j.link.com = Vector3::Zero();
  j.link.inertia = Matrix3::Zero();
  j.actuator.viscousPos = j.actuator.viscousNeg = p.viscous;
  j.actuator.coulombPos = j.actuator.coulombNeg = p.coulomb;
  j.geometry.shape = "sphere";  // the bob
  j.geometry.radius = 0.08 * p.length;
  j.geometry.color = "#3a78c2";
  d.joints.push_back(j);
  d.home = {0.0};
  RobotLoadResult r;
  r.description = d;
  r.model = buildModel(d);
  return r;
}

namespace {

void readParameters(JsonReader& rd, const json& doc, Parameters& p) {
  if (!rd.object(doc, "", "pendulum", true)) return;
  const json& o = doc["pendulum"];
  const std::string at = "/pendulum";
  rd.checkKeys(o, at, {"length", "mass", "gravity", "viscous_friction", "coulomb_friction", "max_torque"});
  // Positive or non-negative, and within the bounds of every reader (model/field_bounds.hpp).
  auto nonNegative = [&](const char* key, double& v, const FieldBound& b) {
    if (rd.number(o, at, key, v, false)) {
      if (!(v >= 0)) rd.error(at + "/" + key, message(msg::kNegative));
      else rd.within(at + "/" + key, v, b);
    }
  };
  rd.positiveIn(o, at, "length", p.length, true, bounds::kPositiveLength);
  rd.positiveIn(o, at, "mass", p.mass, true, bounds::kMass);
  nonNegative("gravity", p.gravity, bounds::kGravity);
  nonNegative("viscous_friction", p.viscous, bounds::kViscous);
  nonNegative("coulomb_friction", p.coulomb, bounds::kCoulomb);
  rd.positiveIn(o, at, "max_torque", p.maxTorque, false, bounds::kEffort);
}

}  // namespace

SceneLoad parse(const std::string& text, const std::string& fileName, const std::string&) {
  SceneLoad out;
  PendulumScene s;
  s.file = fileName;
  JsonReader rd(fileName, out.diagnostics);
  json doc;
  if (!rd.openDocument(text, doc, "maniplab-scene", "pendulum")) return out;
  rd.checkKeys(doc, "", {"format", "version", "kind", "name", "description", "pendulum", "trajectory", "duration",
                         "rates", "integrator", "plant", "measurement", "initial_state", "controllers", "record"});
  rd.string(doc, "", "name", s.name, true);
  rd.string(doc, "", "description", s.description, false);
  readParameters(rd, doc, s.pendulum);
  if (!noErrors(out.diagnostics)) return out;  // no robot to read the joint-space part against
  Scene& j = s.joints;
  j.file = fileName;
  j.name = s.name;
  j.description = s.description;
  j.robot = robot(s.pendulum, fileName);
  detail::readJointSpaceScene(rd, doc, j, 1000, 1000);
  if (noErrors(out.diagnostics)) detail::checkBuiltTrajectory(rd, j);
  if (noErrors(out.diagnostics)) out.scene = makeScene(std::move(s));
  return out;
}

json toJson(const PendulumScene& s) {
  json doc = {{"format", "maniplab-scene"}, {"version", 1}, {"kind", "pendulum"}, {"name", s.name}};
  if (!s.description.empty()) doc["description"] = s.description;
  const Parameters& p = s.pendulum;
  json o = {{"length", p.length}, {"mass", p.mass}, {"gravity", p.gravity},
            {"viscous_friction", p.viscous}, {"coulomb_friction", p.coulomb}};
  if (p.maxTorque < 1e300) o["max_torque"] = p.maxTorque;
  doc["pendulum"] = o;
  detail::writeJointSpaceScene(doc, s.joints);
  return doc;
}

double smallAnglePeriod(const Parameters& p) { return 2 * M_PI * std::sqrt(p.length / p.gravity); }

double exactPeriod(const Parameters& p, double amplitude) {
  const double a = std::abs(amplitude);
  if (!(a < M_PI)) return std::numeric_limits<double>::infinity();
  return 4 * std::sqrt(p.length / p.gravity) * std::comp_ellint_1(std::sin(a / 2));
}

double freeAmplitude(const Parameters& p, double theta0, double thetaDot0) {
  const double c = std::cos(theta0) - p.length * thetaDot0 * thetaDot0 / (2 * p.gravity);
  return c <= -1 ? M_PI : std::acos(c);
}

double measuredPeriod(const std::vector<double>& t, const std::vector<double>& theta) {
  double first = 0, last = 0;
  int crossings = 0;
  for (std::size_t i = 1; i < t.size() && i < theta.size(); ++i)
    if (theta[i - 1] < 0 && theta[i] >= 0) {
      const double tc = t[i - 1] + (t[i] - t[i - 1]) * (-theta[i - 1]) / (theta[i] - theta[i - 1]);
      if (crossings == 0) first = tc;
      last = tc;
      ++crossings;
    }
  return crossings >= 2 ? (last - first) / (crossings - 1) : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace maniplab::sim::pendulum
