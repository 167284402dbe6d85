// URDF import through liburdfdom into a general-convention RobotDescription (conventions and rules:
// urdf_file.hpp; URDF: http://wiki.ros.org/urdf/XML; internal frames: model.hpp, Llibre, Mampey & Chrétien 1983 §I.1).
#include <cmath>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <utility>

#include <Eigen/Eigenvalues>
#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include "maniplab/model/cholesky.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/json_reader.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "urdf_chain_plan.hpp"
#include "xml_well_formed.hpp"

namespace maniplab {

namespace {

/// Collects urdfdom's console_bridge messages (its only error channel) while one document is parsed.
class CaptureHandler : public console_bridge::OutputHandler {
 public:
  std::vector<std::pair<console_bridge::LogLevel, std::string>> messages;
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    messages.emplace_back(level, text);
  }
};
std::mutex& consoleMutex() {
  static std::mutex m;
  return m;
}

/// A rigid body's inertial data: mass, centre of mass and inertia about it, in one frame.
struct Inertia {
  double m = 0;
  Vector3 c = Vector3::Zero();
  Matrix3 I = Matrix3::Zero();
};

Inertia combine(const Inertia& a, const Inertia& b) {
  Inertia r;
  r.m = a.m + b.m;
  r.c = r.m > 0 ? Vector3((a.m * a.c + b.m * b.c) / r.m) : Vector3::Zero();
  auto shift = [&](const Inertia& x) {  // parallel axis: about r.c
    const Vector3 d = x.c - r.c;
    return Matrix3(x.I + x.m * (d.squaredNorm() * Matrix3::Identity() - d * d.transpose()));
  };
  r.I = shift(a) + shift(b);
  r.I = 0.5 * (r.I + r.I.transpose()).eval();
  return r;
}

Transform toTransform(const urdf::Pose& p) {
  Transform t;
  t.p = Vector3(p.position.x, p.position.y, p.position.z);
  t.R = Eigen::Quaterniond(p.rotation.w, p.rotation.x, p.rotation.y, p.rotation.z).normalized().toRotationMatrix();
  return t;
}

bool finitePose(const urdf::Pose& p) {
  return std::isfinite(p.position.x) && std::isfinite(p.position.y) && std::isfinite(p.position.z) &&
         std::isfinite(p.rotation.x) && std::isfinite(p.rotation.y) && std::isfinite(p.rotation.z) &&
         std::isfinite(p.rotation.w);
}

/// A rotation whose z column is the unit vector a (identity for +z, exact half-turn about x for -z).
Matrix3 alignZ(const Vector3& a) {
  if ((a - Vector3::UnitZ()).norm() < 1e-15) return Matrix3::Identity();
  if ((a + Vector3::UnitZ()).norm() < 1e-15) return Vector3(1, -1, -1).asDiagonal();
  return Eigen::Quaterniond::FromTwoVectors(Vector3::UnitZ(), a).toRotationMatrix();
}

std::string linkPath(const std::string& name) { return "/robot/link[" + name + "]"; }
std::string jointPath(const std::string& name) { return "/robot/joint[" + name + "]"; }

std::string fmt(double v) {
  std::ostringstream s;
  s.imbue(std::locale::classic());
  s.precision(4);
  s << v;
  return s.str();
}

/// A proposed <inertial> for a link without one: a solid aluminium body of its first visual/collision
/// primitive, or advice when it only has a mesh.
Message proposeInertial(const urdf::Link& link) {
  const double rho = 2700;  // aluminium, kg/m^3
  std::vector<urdf::GeometrySharedPtr> geoms;
  for (const auto& v : link.visual_array)
    if (v && v->geometry) geoms.push_back(v->geometry);
  for (const auto& c : link.collision_array)
    if (c && c->geometry) geoms.push_back(c->geometry);
  const auto num = [](double v) { return MessageArg::number(v, fmt(v)); };
  for (const auto& g : geoms) {
    double m = 0, ixx = 0, iyy = 0, izz = 0;
    Message what;
    if (g->type == urdf::Geometry::BOX) {
      const auto& s = static_cast<const urdf::Box&>(*g).dim;
      m = rho * s.x * s.y * s.z;
      ixx = m * (s.y * s.y + s.z * s.z) / 12; iyy = m * (s.x * s.x + s.z * s.z) / 12; izz = m * (s.x * s.x + s.y * s.y) / 12;
      what = message(msg::kUrdfShapeBox, {num(s.x), num(s.y), num(s.z)});
    } else if (g->type == urdf::Geometry::CYLINDER) {
      const auto& c = static_cast<const urdf::Cylinder&>(*g);
      m = rho * M_PI * c.radius * c.radius * c.length;
      ixx = iyy = m * (3 * c.radius * c.radius + c.length * c.length) / 12; izz = m * c.radius * c.radius / 2;
      what = message(msg::kUrdfShapeCylinder, {num(c.radius), num(c.length)});
    } else if (g->type == urdf::Geometry::SPHERE) {
      const double r = static_cast<const urdf::Sphere&>(*g).radius;
      m = rho * 4.0 / 3.0 * M_PI * r * r * r;
      ixx = iyy = izz = 0.4 * m * r * r;
      what = message(msg::kUrdfShapeSphere, {num(r)});
    } else {
      continue;
    }
    if (!(m > 0) || !std::isfinite(m)) continue;
    // The <inertial> element is XML to paste into the file: its numbers stay as written (fields).
    return message(msg::kUrdfProposeSolid, {what, MessageArg::field(fmt(m)), MessageArg::field(fmt(ixx)),
                                            MessageArg::field(fmt(iyy)), MessageArg::field(fmt(izz))});
  }
  return message(msg::kUrdfProposeCad);
}

double parseDouble(const char* s, bool& ok) {
  ok = false;
  if (!s) return 0;
  std::istringstream in(s);
  in.imbue(std::locale::classic());
  double v = 0;
  in >> v;
  if (in.fail()) return 0;
  in >> std::ws;
  ok = in.eof() && std::isfinite(v);
  return v;
}

bool parseVector3(const char* s, Vector3& out) {
  if (!s) return false;
  std::istringstream in(s);
  in.imbue(std::locale::classic());
  for (int k = 0; k < 3; ++k)
    if (!(in >> out[k]) || !std::isfinite(out[k])) return false;
  in >> std::ws;
  return in.eof();
}

/// Extension and transmission data of one joint, read with TinyXML.
struct JointExtras {
  bool hasGear = false, hasRotor = false, hasTransverse = false, hasRotorAxis = false, hasHome = false;
  double gear = 1, rotorInertia = 0, rotorTransverse = 0, home = 0;
  Vector3 rotorAxis = Vector3::Zero();  ///< in the URDF frame of the joint's parent link
  bool hasFriction[4] = {false, false, false, false};
  double friction[4] = {0, 0, 0, 0};  ///< viscous +, viscous -, coulomb +, coulomb -
};

struct RobotExtras {
  bool hasGravity = false, full = false;
  Vector3 gravity = Vector3(0, 0, -9.81);
  std::string description;
  std::map<std::string, JointExtras> joints;
};

void readExtras(const std::string& text, JsonReader& rd, RobotExtras& ex) {
  TiXmlDocument doc;
  doc.Parse(text.c_str());
  const TiXmlElement* robot = doc.FirstChildElement("robot");
  if (doc.Error() || !robot) return;  // urdfdom accepted it; nothing more to read
  auto number = [&](const TiXmlElement* e, const char* attr, const std::string& path, double& out) {
    const char* s = e->Attribute(attr);
    if (!s) return false;
    bool ok = false;
    const double v = parseDouble(s, ok);
    if (!ok) {
      rd.error(path + "/@" + attr, message(msg::kNotFiniteNumberGot, {MessageArg::field(s)}));
      return false;
    }
    out = v;
    return true;
  };
  if (const TiXmlElement* e = robot->FirstChildElement("maniplab:robot")) {
    if (const char* g = e->Attribute("gravity")) {
      if (parseVector3(g, ex.gravity)) ex.hasGravity = true;
      else rd.error("/robot/maniplab:robot/@gravity", message(msg::kNotThreeFinite));
    }
    if (const char* r = e->Attribute("rotor_model")) {
      if (std::string(r) == "full") ex.full = true;
      else if (std::string(r) != "armature") rd.error("/robot/maniplab:robot/@rotor_model", message(msg::kRotorModel));
    }
  }
  if (const TiXmlElement* e = robot->FirstChildElement("maniplab:description"))
    if (e->GetText()) ex.description = e->GetText();
  for (const TiXmlElement* j = robot->FirstChildElement("joint"); j; j = j->NextSiblingElement("joint")) {
    const char* name = j->Attribute("name");
    const TiXmlElement* e = j->FirstChildElement("maniplab:joint");
    if (!name || !e) continue;
    const std::string p = jointPath(name) + "/maniplab:joint";
    JointExtras& x = ex.joints[name];
    x.hasHome = number(e, "home", p, x.home);
    const char* keys[4] = {"viscous_positive", "viscous_negative", "coulomb_positive", "coulomb_negative"};
    for (int k = 0; k < 4; ++k) {
      x.hasFriction[k] = number(e, keys[k], p, x.friction[k]);
      if (x.hasFriction[k] && x.friction[k] < 0) rd.error(p + "/@" + keys[k], message(msg::kFrictionNegative));
      else if (x.hasFriction[k]) rd.within(p + "/@" + keys[k], x.friction[k], k < 2 ? bounds::kViscous : bounds::kCoulomb);
    }
  }
  for (const TiXmlElement* t = robot->FirstChildElement("transmission"); t; t = t->NextSiblingElement("transmission")) {
    const std::string tname = t->Attribute("name") ? t->Attribute("name") : "";
    const std::string p = "/robot/transmission[" + tname + "]";
    int nj = 0;
    std::string jname;
    for (const TiXmlElement* tj = t->FirstChildElement("joint"); tj; tj = tj->NextSiblingElement("joint")) {
      ++nj;
      if (tj->Attribute("name")) jname = tj->Attribute("name");
    }
    if (nj != 1) {
      rd.warning(p, message(msg::kUrdfTransmissionIgnored));
      continue;
    }
    JointExtras& x = ex.joints[jname];
    auto textNumber = [&](const TiXmlElement* e, const std::string& path, double& out) {
      bool ok = false;
      const double v = parseDouble(e->GetText(), ok);
      if (!ok) rd.error(path, message(msg::kNotFiniteNumber));
      else out = v;
      return ok;
    };
    auto readIn = [&](const TiXmlElement* parent, const std::string& pp) {
      if (const TiXmlElement* e = parent->FirstChildElement("mechanicalReduction"))
        x.hasGear = textNumber(e, pp + "/mechanicalReduction", x.gear) || x.hasGear;
      for (const char* tag : {"drake:gear_ratio"})
        if (const TiXmlElement* e = parent->FirstChildElement(tag)) x.hasGear = number(e, "value", pp + "/" + tag, x.gear) || x.hasGear;
      for (const char* tag : {"maniplab:rotor_inertia", "drake:rotor_inertia"})
        if (const TiXmlElement* e = parent->FirstChildElement(tag))
          x.hasRotor = number(e, "value", pp + "/" + tag, x.rotorInertia) || x.hasRotor;
      if (const TiXmlElement* e = parent->FirstChildElement("maniplab:rotor_transverse_inertia"))
        x.hasTransverse = number(e, "value", pp + "/maniplab:rotor_transverse_inertia", x.rotorTransverse);
      if (const TiXmlElement* e = parent->FirstChildElement("maniplab:rotor_axis")) {
        x.hasRotorAxis = parseVector3(e->Attribute("xyz"), x.rotorAxis);
        if (!x.hasRotorAxis) rd.error(pp + "/maniplab:rotor_axis/@xyz", message(msg::kNotThreeFinite));
      }
    };
    readIn(t, p);
    for (const TiXmlElement* a = t->FirstChildElement("actuator"); a; a = a->NextSiblingElement("actuator"))
      readIn(a, p + "/actuator");
    if (x.hasGear && x.gear == 0) rd.error(p, message(msg::kUrdfGearZero));
    else if (x.hasGear) rd.gearRatio(p, x.gear);
    if (x.rotorInertia < 0) rd.error(p, message(msg::kUrdfRotorNegative));
    else rd.within(p, x.rotorInertia, bounds::kRotorInertia);
    if (x.rotorTransverse < 0) rd.error(p, message(msg::kUrdfRotorTransverseNegative));
    else rd.within(p, x.rotorTransverse, bounds::kRotorInertia);
    if (x.hasRotorAxis && std::abs(x.rotorAxis.norm() - 1) > 1e-6)
      rd.error(p + "/actuator/maniplab:rotor_axis", message(msg::kNotUnitVector, {MessageArg::number(x.rotorAxis.norm(), formatNumber(x.rotorAxis.norm()))}));
  }
}

/// Reads the inertial of a link into the link's URDF frame; false (with an error) when invalid.
bool linkInertia(const urdf::Link& link, JsonReader& rd, Inertia& out, bool& given) {
  given = false;
  out = Inertia();
  if (!link.inertial) return true;
  const auto& in = *link.inertial;
  const std::string p = linkPath(link.name) + "/inertial";
  const double v[7] = {in.mass, in.ixx, in.iyy, in.izz, in.ixy, in.ixz, in.iyz};
  for (double x : v)
    if (!std::isfinite(x)) {
      rd.error(p, message(msg::kUrdfMassInertiaFinite));
      return false;
    }
  if (!finitePose(in.origin)) {
    rd.error(p + "/origin", message(msg::kNotFiniteNumbers));
    return false;
  }
  if (in.mass < 0) {
    rd.error(p + "/mass", message(msg::kNegativeGot, {MessageArg::number(in.mass, formatNumber(in.mass))}));
    return false;
  }
  bool inRange = rd.within(p + "/mass", in.mass, bounds::kMass);
  for (auto [key, x] : {std::pair{"ixx", in.ixx}, std::pair{"iyy", in.iyy}, std::pair{"izz", in.izz},
                        std::pair{"ixy", in.ixy}, std::pair{"ixz", in.ixz}, std::pair{"iyz", in.iyz}})
    inRange &= rd.within(p + "/inertia/@" + key, x, bounds::kInertia);
  if (!inRange) return false;
  Matrix3 I;
  I << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
  const double scale = std::max(1e-300, I.cwiseAbs().maxCoeff());
  const Vector3 ev = Eigen::SelfAdjointEigenSolver<Matrix3>(I).eigenvalues();
  if (ev[0] < -1e-9 * scale) {
    rd.error(p + "/inertia", message(msg::kInertiaNotPsd, {MessageArg::number(ev[0], formatNumber(ev[0]))}));
    return false;
  }
  if (ev[0] + ev[1] < ev[2] * (1 - 1e-9) - 1e-15)
    rd.warning(p + "/inertia", message(msg::kInertiaTriangle, {MessageArg::number(ev[0], formatNumber(ev[0])),
                                                               MessageArg::number(ev[1], formatNumber(ev[1])),
                                                               MessageArg::number(ev[2], formatNumber(ev[2]))}));
  const Transform T = toTransform(in.origin);
  out.m = in.mass;
  out.c = T.p;
  out.I = T.R * I * T.R.transpose();
  given = in.mass > 0 || scale > 1e-300;
  return true;
}

std::string colorString(const urdf::Color& c) {
  auto h = [](float x) {
    const int v = std::clamp(int(std::lround(double(x) * 255)), 0, 255);
    const char* d = "0123456789abcdef";
    return std::string{d[v / 16], d[v % 16]};
  };
  return "#" + h(c.r) + h(c.g) + h(c.b);
}

/// Converts one URDF visual into a LinkGeometry with its origin in the body's URDF frame (T: body
/// URDF frame <- visual's link frame). False when the geometry is unusable (reported).
bool convertVisual(const urdf::Visual& v, const Transform& T, const std::string& linkName, const std::string& fileName,
                   const UrdfImportOptions& opt, JsonReader& rd, LinkGeometry& g) {
  const std::string p = linkPath(linkName) + "/visual";
  if (!v.geometry) return false;
  if (!finitePose(v.origin)) {
    rd.error(p + "/origin", message(msg::kNotFiniteNumbers));
    return false;
  }
  const auto& geo = *v.geometry;
  auto finite3 = [](const urdf::Vector3& x) { return std::isfinite(x.x) && std::isfinite(x.y) && std::isfinite(x.z); };
  switch (geo.type) {
    case urdf::Geometry::BOX: {
      const auto& s = static_cast<const urdf::Box&>(geo).dim;
      if (!finite3(s)) { rd.error(p + "/geometry/box", message(msg::kUrdfBoxNotFinite)); return false; }
      g.shape = "box";
      g.size = Vector3(s.x, s.y, s.z);
      break;
    }
    case urdf::Geometry::CYLINDER: {
      const auto& c = static_cast<const urdf::Cylinder&>(geo);
      if (!std::isfinite(c.radius) || !std::isfinite(c.length)) { rd.error(p + "/geometry/cylinder", message(msg::kNotFinite)); return false; }
      g.shape = "cylinder";
      g.radius = c.radius;
      g.length = c.length;
      break;
    }
    case urdf::Geometry::SPHERE: {
      const double r = static_cast<const urdf::Sphere&>(geo).radius;
      if (!std::isfinite(r)) { rd.error(p + "/geometry/sphere", message(msg::kUrdfSphereNotFinite)); return false; }
      g.shape = "sphere";
      g.radius = r;
      break;
    }
    case urdf::Geometry::MESH: {
      const auto& m = static_cast<const urdf::Mesh&>(geo);
      if (!finite3(m.scale)) { rd.error(p + "/geometry/mesh/@scale", message(msg::kNotFinite)); return false; }
      const std::string resolved = resolveMeshPath(m.filename, fileName, opt);
      if (resolved.empty()) {
        rd.warning(p + "/geometry/mesh", message(msg::kUrdfMeshNotFound, {MessageArg::field(m.filename)}));
        return false;
      }
      g.shape = "mesh";
      g.mesh = resolved;
      g.size = Vector3(m.scale.x, m.scale.y, m.scale.z);
      if (g.size == Vector3(1, 1, 1)) g.size.setZero();  // zero = unit scale
      break;
    }
    default:
      return false;
  }
  if (v.material) g.color = colorString(v.material->color);
  g.origin = T * toTransform(v.origin);
  return true;
}

/// The joint graph checked before urdfdom builds its tree: urdfdom leaks the whole model (shared_ptr
/// cycles) when a joint's parent is its child or the joints form a loop (found by fuzz_urdf; regression
/// input tests/fuzz/regressions/urdf/). False (with an error naming the joint) for such a document.
bool jointGraphIsATree(const std::string& text, JsonReader& rd) {
  TiXmlDocument doc;
  doc.Parse(text.c_str());
  const TiXmlElement* robot = doc.FirstChildElement("robot");
  if (doc.Error() || !robot) return true;  // urdfdom reports the XML error itself
  std::map<std::string, std::pair<std::string, std::string>> parentOf;  // child -> (parent, joint)
  for (const TiXmlElement* j = robot->FirstChildElement("joint"); j; j = j->NextSiblingElement("joint")) {
    const TiXmlElement* p = j->FirstChildElement("parent");
    const TiXmlElement* c = j->FirstChildElement("child");
    if (!p || !c || !p->Attribute("link") || !c->Attribute("link")) continue;  // urdfdom reports it
    const std::string name = j->Attribute("name") ? j->Attribute("name") : "";
    const std::string parent = p->Attribute("link"), child = c->Attribute("link");
    if (parent == child) {
      rd.error(jointPath(name), message(msg::kUrdfSelfLoop, {MessageArg::field(name), MessageArg::field(child)}));
      return false;
    }
    if (!parentOf.emplace(child, std::make_pair(parent, name)).second) {
      rd.error(jointPath(name), message(msg::kUrdfTwoParents, {MessageArg::field(child), MessageArg::field(parentOf[child].second),
                                                               MessageArg::field(name)}));
      return false;
    }
  }
  for (const auto& [start, pj] : parentOf) {  // walk up from every link: a loop never reaches a root
    std::string link = start;
    for (std::size_t steps = 0; parentOf.count(link); ++steps) {
      if (steps > parentOf.size()) {
        rd.error(jointPath(pj.second), message(msg::kUrdfClosedLoop, {MessageArg::field(start)}));
        return false;
      }
      link = parentOf[link].first;
    }
  }
  return true;
}

/// The document as urdfdom reads it (after the XML and joint-graph screens); null, with errors in `rd`,
/// when it cannot be read.
urdf::ModelInterfaceSharedPtr readDocument(const std::string& text, JsonReader& rd) {
  // Nothing reaches TinyXML (here or in urdfdom) that is not well-formed XML: TinyXML 2.6.2 reads past
  // the end of truncated UTF-8 text (xml_well_formed.cpp).
  if (const urdf_detail::XmlSyntaxError x = urdf_detail::checkWellFormedXml(text); !x.ok) {
    rd.error("", message(msg::kXmlNotWellFormed, {MessageArg::integer(static_cast<long long>(x.line)), MessageArg::integer(static_cast<long long>(x.column)), x.message}));
    return nullptr;
  }
  if (!jointGraphIsATree(text, rd)) return nullptr;
  urdf::ModelInterfaceSharedPtr model;
  std::lock_guard<std::mutex> lock(consoleMutex());
  CaptureHandler capture;
  console_bridge::useOutputHandler(&capture);
  try {
    model = urdf::parseURDF(text);
  } catch (const std::exception& e) {
    capture.messages.emplace_back(console_bridge::CONSOLE_BRIDGE_LOG_ERROR, e.what());
    model.reset();
  }
  console_bridge::restorePreviousOutputHandler();
  bool anyError = false;
  for (const auto& [level, msg] : capture.messages) {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR) {
      rd.error("/robot", message(msg::kUrdfParser, {msg}));
      anyError = true;
    } else if (level == console_bridge::CONSOLE_BRIDGE_LOG_WARN) {
      rd.warning("/robot", message(msg::kUrdfParser, {msg}));
    }
  }
  if (!model) {
    if (!anyError) rd.error("/robot", message(msg::kUrdfInvalid));
    return nullptr;
  }
  if (anyError) return nullptr;  // urdfdom logged an error but went on (e.g. an invalid inertial): reject
  if (!model->getRoot()) {
    rd.error("/robot", message(msg::kUrdfNoRoot));
    return nullptr;
  }
  return model;
}

std::map<std::string, double> homesOf(const RobotExtras& ex) {
  std::map<std::string, double> h;
  for (const auto& [name, x] : ex.joints)
    if (x.hasHome) h[name] = x.home;
  return h;
}

/// The child link frame of a locked joint relative to its joint frame (URDF: the joint frame is the
/// child link frame at q = 0): a rotation by q about the unit axis (revolute, continuous), a translation
/// by q along it (prismatic); floating and planar joints are locked at their origin.
bool lockedMotion(const urdf::Joint& j, double q, JsonReader& rd, Transform& out) {
  out = Transform();
  if (j.type != urdf::Joint::REVOLUTE && j.type != urdf::Joint::CONTINUOUS && j.type != urdf::Joint::PRISMATIC)
    return true;
  Vector3 axis(j.axis.x, j.axis.y, j.axis.z);
  if (!axis.allFinite() || axis.norm() < 1e-12) {
    rd.error(jointPath(j.name) + "/axis", message(msg::kUrdfAxis));
    return false;
  }
  axis.normalize();
  if (j.type == urdf::Joint::PRISMATIC) out.p = q * axis;
  else out.R = Eigen::AngleAxisd(q, axis).toRotationMatrix();
  return true;
}

const char* jointTypeName(const urdf::Joint& j) {
  switch (j.type) {
    case urdf::Joint::REVOLUTE: return "revolute";
    case urdf::Joint::CONTINUOUS: return "continuous";
    case urdf::Joint::PRISMATIC: return "prismatic";
    case urdf::Joint::FLOATING: return "floating";
    case urdf::Joint::PLANAR: return "planar";
    default: return "moving";
  }
}

/// The chain's bodies as parseUrdf assembles them, with what its reports need.
struct ChainAssembly {
  std::vector<std::vector<std::string>> bodyLinks;  // link names per moving body (for the reports)
  std::vector<bool> bodyHasInertia;
  std::map<std::string, std::size_t> bodyIndexOf;  // link -> body (0: the fixed base)
  std::vector<std::string> bodyJoint{""};          // the joint moving each body ("" for the base)
  Matrix3 Acur = Matrix3::Identity();              // R_i = URDF frame * A
  std::string currentJoint;
};

/// One link of a body, with its body-URDF-frame <- link transform.
struct BodyMember {
  urdf::LinkConstSharedPtr link;
  Transform T;
};

/// The links of body b: its main link `current`, then the fixed and locked links lumped into it, each
/// with its transform. For each moving joint found below the body (the chain's next joint; in a tree,
/// every child joint of the body), Tparent[k] is the body frame <- parent link of active joint k and
/// found[k] is set. False (with errors) when a joint below the body is invalid.
bool collectBodyMembers(const urdf::ModelInterface& model, const urdf_detail::ChainPlan& plan, std::size_t b,
                        const urdf::LinkConstSharedPtr& current, JsonReader& rd, ChainAssembly& chain,
                        std::vector<BodyMember>& members, std::vector<Transform>& Tparent, std::vector<char>& found) {
  members = {{current, Transform()}};
  bool bad = false;
  for (std::size_t k = 0; k < members.size(); ++k) {
    const BodyMember m = members[k];
    chain.bodyIndexOf[m.link->name] = b;
    for (const auto& j : m.link->child_joints) {
      if (!j) continue;
      if (!finitePose(j->parent_to_joint_origin_transform)) {
        rd.error(jointPath(j->name) + "/origin", message(msg::kNotFiniteNumbers));
        bad = true;
        continue;
      }
      if (const int k = plan.activeIndex(j->name); k >= 0) {
        Tparent[std::size_t(k)] = m.T;
        found[std::size_t(k)] = 1;
        continue;
      }
      const urdf::LinkConstSharedPtr child = model.getLink(j->child_link_name);
      if (!child) continue;
      Transform motion;
      if (j->type != urdf::Joint::FIXED) {
        auto it = plan.locked.find(j->name);
        if (it == plan.locked.end() || !lockedMotion(*j, it->second.position, rd, motion)) {
          // planChain locks every moving joint off the chain: a joint missing there is our error, not the file's.
          if (it == plan.locked.end()) throw std::logic_error("URDF import: moving joint " + j->name + " off the chain was not planned");
          bad = true;
          continue;
        }
      }
      members.push_back({child, m.T * toTransform(j->parent_to_joint_origin_transform) * motion});
    }
  }
  return !bad;
}

/// The warning for a body whose lumped inertial is missing or degenerate (none when it is usable).
void warnAboutBodyInertia(const urdf::Link& current, const std::string& currentJoint, const std::vector<std::string>& names,
                          const Inertia& total, bool given, JsonReader& rd) {
  std::string merged;
  for (std::size_t k = 1; k < names.size(); ++k) merged += (k > 1 ? ", " : "") + names[k];
  const Message who = merged.empty() ? message(msg::kUrdfBodyWho, {MessageArg::field(current.name), MessageArg::field(currentJoint)})
                                     : message(msg::kUrdfBodyWhoMerged, {MessageArg::field(current.name),
                                                                         MessageArg::field(currentJoint), MessageArg::field(merged)});
  if (given && total.m == 0) {
    rd.warning(linkPath(current.name) + "/inertial", message(msg::kUrdfBodyMassless, {who}));
  } else if (!given) {
    rd.warning(linkPath(current.name) + "/inertial", message(msg::kUrdfBodyNoInertial, {who, proposeInertial(current)}));
  } else if (total.I.cwiseAbs().maxCoeff() == 0) {
    rd.warning(linkPath(current.name) + "/inertial/inertia", message(msg::kUrdfBodyPointMass, {who, proposeInertial(current)}));
  }
}

/// Inertia and visual of a moving body: its members' inertials combined exactly, and its first visual,
/// into the last joint of `d`. False (with an error) when an inertial is invalid.
bool describeBodyInertiaAndVisual(const std::vector<BodyMember>& members, const std::string& fileName,
                                  const UrdfImportOptions& opt, JsonReader& rd, ChainAssembly& chain, RobotDescription& d) {
  const urdf::Link& current = *members.front().link;
  Inertia total;
  bool given = false;
  std::vector<std::string> names;
  LinkGeometry geometry;
  bool haveGeometry = false;
  int extraVisuals = 0;
  for (const auto& m : members) {
    names.push_back(m.link->name);
    Inertia li;
    bool g = false;
    if (!linkInertia(*m.link, rd, li, g)) return false;
    given = given || g;
    li.c = m.T.apply(li.c);
    li.I = m.T.R * li.I * m.T.R.transpose();
    total = combine(total, li);
    for (const auto& v : m.link->visual_array) {
      if (!v) continue;
      if (haveGeometry) { ++extraVisuals; continue; }
      haveGeometry = convertVisual(*v, m.T, m.link->name, fileName, opt, rd, geometry);
    }
  }
  if (extraVisuals > 0)
    rd.warning(linkPath(current.name) + "/visual", message(msg::kUrdfExtraVisuals, {MessageArg::integer(extraVisuals)}));
  const Matrix3& Acur = chain.Acur;
  JointDescription& jd = d.joints.back();
  jd.link.mass = total.m;
  jd.link.com = Acur.transpose() * total.c;
  jd.link.inertia = Acur.transpose() * total.I * Acur;
  if (haveGeometry) {
    geometry.origin = Transform{Acur.transpose(), Vector3::Zero()} * geometry.origin;
    jd.geometry = geometry;
  }
  warnAboutBodyInertia(current, chain.currentJoint, names, total, given, rd);
  chain.bodyLinks.push_back(names);
  chain.bodyHasInertia.push_back(given && total.m > 0);
  return true;
}

/// Tool: the tip's frame; without a tip, the single leaf of the fixed descendants, otherwise the last
/// link's URDF frame (in the last body's URDF frame).
Transform toolLinkFrame(const urdf_detail::ChainPlan& plan, const std::vector<BodyMember>& members) {
  Transform leaf;
  if (!plan.tip.empty()) {
    for (const auto& m : members)
      if (m.link->name == plan.tip) leaf = m.T;
  } else {
    std::vector<const BodyMember*> leaves;
    for (const auto& m : members)
      if (&m != &members.front() && m.link->child_joints.empty()) leaves.push_back(&m);
    if (leaves.size() == 1) leaf = leaves.front()->T;
  }
  return leaf;
}

/// The joint's <limit> into jd. False (with an error) when a limit is not finite.
bool readJointLimits(const urdf::Joint& j, const std::string& jp, JsonReader& rd, JointDescription& jd) {
  if (!j.limits) return true;
  const auto& L = *j.limits;
  if (!std::isfinite(L.lower) || !std::isfinite(L.upper) || !std::isfinite(L.velocity) || !std::isfinite(L.effort)) {
    rd.error(jp + "/limit", message(msg::kUrdfLimitsFinite));
    return false;
  }
  if (j.type != urdf::Joint::CONTINUOUS) {
    if (L.lower > L.upper) rd.error(jp + "/limit", message(msg::kLowerAboveUpper));
    if (L.lower == 0 && L.upper == 0)
      rd.warning(jp + "/limit", message(msg::kUrdfZeroLimits));
    jd.limits.lower = L.lower <= -1e299 ? -1e300 : L.lower;
    jd.limits.upper = L.upper >= 1e299 ? 1e300 : L.upper;
  }
  // 1e300 and above: no limit (what robotToUrdf writes for a joint without one, as for lower/upper above).
  bool ok = true;
  if (L.velocity > 0) {
    if (L.velocity < 1e299) ok &= rd.within(jp + "/limit/@velocity", L.velocity, bounds::kVelocity);
    jd.limits.velocity = std::min(L.velocity, 1e300);
  } else {
    rd.warning(jp + "/limit/@velocity", message(msg::kUrdfNoVelocityLimit));
  }
  if (L.effort > 0) {
    if (L.effort < 1e299) ok &= rd.within(jp + "/limit/@effort", L.effort, bounds::kEffort);
    jd.limits.effort = std::min(L.effort, 1e300);
  } else {
    rd.warning(jp + "/limit/@effort", message(msg::kUrdfNoEffortLimit));
  }
  return ok;
}

/// The transmission and ManipLab extension data of chain joint `index` (1-based) into its actuator and
/// the home pose. Acur: the carrier body's alignment, Tparent: carrier body frame <- joint's parent link.
void applyJointExtras(const JointExtras& x, const Matrix3& Acur, const Transform& Tparent, std::size_t index,
                      JointDescription& jd, RobotDescription& d) {
  auto& a = jd.actuator;
  if (x.hasGear) a.gear = x.gear;
  a.rotorInertia = x.rotorInertia;
  a.rotorTransverse = x.rotorTransverse;
  // rotor axis: URDF parent link frame -> carrier body frame R_{i-1}
  if (x.hasRotorAxis) a.rotorAxis = (Acur.transpose() * Tparent.R * x.rotorAxis).normalized();
  double* f[4] = {&a.viscousPos, &a.viscousNeg, &a.coulombPos, &a.coulombNeg};
  for (int k = 0; k < 4; ++k)
    if (x.hasFriction[k]) *f[k] = x.friction[k];
  if (x.hasHome) {
    d.home.resize(index, 0.0);
    d.home[index - 1] = x.home;
  }
}

/// The next joint of the chain (number `index`, 1-based) appended to `d`: placement in R_{i-1}, its own
/// axis alignment, limits, dynamics and extension data. False (with an error) when it is invalid.
bool appendChainJoint(const urdf::Joint& j, std::size_t index, const Transform& Tparent, const RobotExtras& extras,
                      JsonReader& rd, ChainAssembly& chain, RobotDescription& d) {
  const std::string jp = jointPath(j.name);
  Vector3 axis(j.axis.x, j.axis.y, j.axis.z);
  if (!axis.allFinite() || axis.norm() < 1e-12) {
    rd.error(jp + "/axis", message(msg::kUrdfAxis));
    return false;
  }
  axis.normalize();
  const Matrix3 A = alignZ(axis);
  JointDescription jd;
  jd.name = j.name;
  jd.type = j.type == urdf::Joint::PRISMATIC ? JointType::Prismatic : JointType::Revolute;
  jd.placement = Transform{chain.Acur.transpose(), Vector3::Zero()} * Tparent *
                 toTransform(j.parent_to_joint_origin_transform) * Transform{A, Vector3::Zero()};
  if (!readJointLimits(j, jp, rd, jd)) return false;
  if (j.dynamics) {
    const double bv = j.dynamics->damping, c = j.dynamics->friction;
    if (!std::isfinite(bv) || !std::isfinite(c) || bv < 0 || c < 0) {
      rd.error(jp + "/dynamics", message(msg::kUrdfDynamics));
      return false;
    }
    const bool dampingOk = rd.within(jp + "/dynamics/@damping", bv, bounds::kViscous);
    if (!rd.within(jp + "/dynamics/@friction", c, bounds::kCoulomb) || !dampingOk) return false;
    jd.actuator.viscousPos = jd.actuator.viscousNeg = bv;
    jd.actuator.coulombPos = jd.actuator.coulombNeg = c;
  }
  if (auto it = extras.joints.find(j.name); it != extras.joints.end())
    applyJointExtras(it->second, chain.Acur, Tparent, index, jd, d);
  d.joints.push_back(jd);
  chain.bodyJoint.push_back(j.name);
  chain.currentJoint = j.name;
  chain.Acur = A;
  return true;
}

/// The chain's (or tree's) joints and bodies into `d`, body by body from the fixed base: joint b placed on
/// its parent body (collected before it: parents come first), then body b's main link, the fixed and
/// locked links lumped into it, and where the moving joints below it hang. False (with errors) when a
/// body or joint is invalid.
bool assembleChain(const urdf::ModelInterface& model, const urdf_detail::ChainPlan& plan, const RobotExtras& extras,
                   const std::string& fileName, const UrdfImportOptions& opt, JsonReader& rd, ChainAssembly& chain,
                   RobotDescription& d) {
  const std::size_t n = plan.active.size();
  std::vector<Transform> Tparent(n);  // carrier body frame <- parent link of active joint k
  std::vector<char> found(n, 0);
  std::vector<Matrix3> bodyA(n + 1, Matrix3::Identity());  // R_b = URDF frame of body b's link * bodyA[b]
  for (std::size_t b = 0; b <= n; ++b) {
    if (b > 0) {
      const std::size_t k = b - 1;
      // planChain's joints hang below an earlier body (a path or a tree in depth-first order): our error if not.
      if (!found[k]) throw std::logic_error("URDF import: joint " + plan.active[k]->name + " not found below its parent body");
      chain.Acur = bodyA[std::size_t(plan.parent[k] + 1)];
      if (!appendChainJoint(*plan.active[k], b, Tparent[k], extras, rd, chain, d)) return false;
      bodyA[b] = chain.Acur;
    }
    const urdf::LinkConstSharedPtr current = b == 0 ? model.getRoot() : model.getLink(plan.active[b - 1]->child_link_name);
    std::vector<BodyMember> members;
    if (!collectBodyMembers(model, plan, b, current, rd, chain, members, Tparent, found)) return false;
    // Inertia and visual of the body (not for the fixed base).
    if (b > 0 && !describeBodyInertiaAndVisual(members, fileName, opt, rd, chain, d)) return false;
    if (b == n) d.tool = Transform{chain.Acur.transpose(), Vector3::Zero()} * toolLinkFrame(plan, members);
  }
  setJointParents(d, plan.parent);
  return true;
}

/// Why and where locked joint j is locked, for its warning.
Message lockReason(const urdf::Joint& j, const UrdfLockedJoint& lk, const RobotExtras& extras, bool wholeTree) {
  if (j.type == urdf::Joint::FLOATING || j.type == urdf::Joint::PLANAR) return message(msg::kUrdfLockedAtOrigin);
  Message why;
  if (lk.stated) {
    why = message(msg::kUrdfLockStated);
  } else if (!lk.mimicOf.empty()) {
    why = message(!lk.couplingLost ? msg::kUrdfLockMimic : wholeTree ? msg::kUrdfLockMimicLostTree : msg::kUrdfLockMimicLost,
                  {MessageArg::field(lk.mimicOf), MessageArg::number(j.mimic->multiplier, formatNumber(j.mimic->multiplier)),
                   MessageArg::number(j.mimic->offset, formatNumber(j.mimic->offset))});
  } else {
    why = message(extras.joints.count(j.name) && extras.joints.at(j.name).hasHome ? msg::kUrdfLockHome : msg::kUrdfLockDefault,
                  {MessageArg::field(j.name)});
  }
  return message(msg::kUrdfLockedAt, {MessageArg::number(lk.position, formatNumber(lk.position)),
                                      MessageArg::field(lk.prismatic ? "m" : "rad"), why});
}

/// The links a locked joint carries: the subtree of its child link `l` up to the chain's next moving joint.
std::vector<std::string> carriedLinks(const urdf::ModelInterface& model, const urdf_detail::ChainPlan& plan,
                                      const urdf::LinkConstSharedPtr& l) {
  std::vector<std::string> carried;
  std::vector<urdf::LinkConstSharedPtr> stack{l};
  while (!stack.empty() && carried.size() <= model.links_.size()) {
    const auto x = stack.back();
    stack.pop_back();
    carried.push_back(x->name);
    for (const auto& cj : x->child_joints)
      if (cj && !plan.isActive(cj->name))
        if (auto c = model.getLink(cj->child_link_name)) stack.push_back(c);
  }
  return carried;
}

/// One warning per locked joint: where, why, and into which body its links went (in tree order).
void warnLockedJoints(const urdf::ModelInterface& model, const urdf_detail::ChainPlan& plan, const RobotExtras& extras,
                      const ChainAssembly& chain, JsonReader& rd) {
  const urdf::LinkConstSharedPtr root = model.getRoot();
  const Message chainLabel = plan.wholeTree ? message(msg::kUrdfTheTree)
                             : plan.tip.empty() ? message(msg::kUrdfTheChain)
                                                : message(msg::kUrdfTheChainTo, {MessageArg::field(plan.tip)});
  std::vector<urdf::LinkConstSharedPtr> order{root};
  for (std::size_t k = 0; k < order.size() && order.size() <= model.links_.size(); ++k)
    for (const auto& j : order[k]->child_joints)
      if (j)
        if (auto c = model.getLink(j->child_link_name)) order.push_back(c);
  for (const auto& l : order) {
    const urdf::JointConstSharedPtr& j = l->parent_joint;
    if (!j) continue;
    auto it = plan.locked.find(j->name);
    if (it == plan.locked.end()) continue;
    const UrdfLockedJoint& lk = it->second;
    const Message why = lockReason(*j, lk, extras, plan.wholeTree);
    const std::vector<std::string> carried = carriedLinks(model, plan, l);
    std::string links;
    for (std::size_t k = 0; k < carried.size() && k < 6; ++k) links += (k ? ", " : "") + std::string("\"") + carried[k] + "\"";
    const MessageArg linksArg =
        carried.size() > 6 ? MessageArg(message(msg::kUrdfAndMore, {MessageArg::field(links),
                                                                    MessageArg::integer(static_cast<long long>(carried.size() - 6))}))
                           : MessageArg::field(links);
    const std::size_t b = chain.bodyIndexOf.count(j->parent_link_name) ? chain.bodyIndexOf.at(j->parent_link_name) : 0;
    const Message into = b == 0 ? message(msg::kUrdfIntoBase, {MessageArg::field(root->name)})
                                : message(msg::kUrdfIntoBody, {MessageArg::field(chain.bodyJoint[b]), MessageArg::field(lk.intoBody)});
    const Message where = message(lk.onChain ? msg::kUrdfOnChain : msg::kUrdfOffChain, {MessageArg::field(jointTypeName(*j)), chainLabel});
    const Message lumped = message(carried.size() == 1 ? msg::kUrdfLinkLumped : msg::kUrdfLinksLumped, {linksArg, into});
    rd.warning(jointPath(j->name), message(msg::kUrdfLockedJoint, {MessageArg::field(j->name), where, why, lumped}));
  }
}

/// The home pose completed with zeros, each position checked against its joint's limits (warnings).
void completeHomePose(RobotDescription& d, JsonReader& rd) {
  if (!d.home.empty()) d.home.resize(d.joints.size(), 0.0);
  for (std::size_t i = 0; i < d.home.size(); ++i) {
    const auto& L = d.joints[i].limits;
    if (d.home[i] < L.lower || d.home[i] > L.upper)
      rd.warning(jointPath(d.joints[i].name) + "/maniplab:joint/@home", message(msg::kHomeOutsideLimits));
  }
}

/// An error naming the first joint whose mass matrix pivot vanishes at the home pose (the links without
/// inertial listed), none when the mass matrix is positive definite there.
void checkMassMatrixAtHome(const Model& model, const RobotDescription& d, const ChainAssembly& chain, JsonReader& rd) {
  Data data(model);
  crba(model, data, model.home);
  const int bad = choleskyFactor(data.M, data.L, 1e-12);
  if (bad < 0) return;
  std::string without;
  for (std::size_t i = 0; i < chain.bodyLinks.size(); ++i)
    if (!chain.bodyHasInertia[i]) without += (without.empty() ? "" : ", ") + std::string("\"") + chain.bodyLinks[i].front() + "\"";
  const std::string& joint = d.joints[std::size_t(bad)].name;
  if (without.empty())
    rd.error(jointPath(joint), message(msg::kUrdfSingularAtHome, {MessageArg::field(joint)}));
  else
    rd.error(jointPath(joint), message(msg::kUrdfSingularAtHomeLinks, {MessageArg::field(joint), MessageArg::field(without)}));}

}  // namespace

UrdfTreeInfo urdfTreeInfo(const std::string& text, const std::string& fileName, const UrdfImportOptions& opt) {
  UrdfTreeInfo info;
  JsonReader rd(fileName, info.diagnostics);
  const urdf::ModelInterfaceSharedPtr model = readDocument(text, rd);
  if (!model) return info;
  RobotExtras extras;
  readExtras(text, rd, extras);
  info.root = model->getRoot()->name;
  info.candidates = urdf_detail::candidateChains(*model, opt, homesOf(extras), &info.serial);
  info.tree = urdf_detail::wholeTreeCandidate(*model, opt, homesOf(extras));
  return info;
}

UrdfTreeInfo urdfTreeInfoFromFile(const std::string& path, const UrdfImportOptions& options) {
  std::string text;
  if (!readTextFile(path, text)) {
    UrdfTreeInfo r;
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kCannotOpen)));
    return r;
  }
  return urdfTreeInfo(text, path, options);
}

RobotLoadResult parseUrdf(const std::string& text, const std::string& fileName, const UrdfImportOptions& opt) {
  RobotLoadResult res;
  JsonReader rd(fileName, res.diagnostics);
  const urdf::ModelInterfaceSharedPtr model = readDocument(text, rd);
  if (!model) return res;
  RobotExtras extras;
  readExtras(text, rd, extras);

  RobotDescription& d = res.description;
  d.name = model->getName();
  d.description = extras.description.empty() ? "imported from URDF " + fileName : extras.description;
  d.convention = Convention::General;
  d.gravity = extras.gravity;
  d.rotorModel = extras.full ? RotorModel::Full : RotorModel::Armature;

  const urdf::LinkConstSharedPtr root = model->getRoot();
  if (root->inertial && root->inertial->mass > 0)
    rd.warning(linkPath(root->name) + "/inertial", message(msg::kUrdfRootInertialIgnored));

  // The chain: which joints move; every other moving joint is locked (urdf_chain_plan.cpp).
  urdf_detail::ChainPlan plan;
  if (!urdf_detail::planChain(*model, opt, homesOf(extras), rd, plan)) return res;
  if (plan.active.size() > 64) {
    rd.error("/robot", message(msg::kTooManyMovingJoints));
    return res;
  }

  ChainAssembly chain;
  if (!assembleChain(*model, plan, extras, fileName, opt, rd, chain, d)) return res;
  for (std::size_t k = 0; k < plan.coupling.size(); ++k)  // coupled mimic joints (UrdfImportOptions::coupleMimics)
    if (plan.coupling[k].source >= 0) d.joints[k].mimic = plan.coupling[k];
  warnLockedJoints(*model, plan, extras, chain, rd);
  completeHomePose(d, rd);
  if (!res.ok()) return res;
  res.model = buildModel(d);
  checkMassMatrixAtHome(res.model, d, chain, rd);
  return res;
}

RobotLoadResult loadUrdfFile(const std::string& path, const UrdfImportOptions& options) {
  std::string text;
  if (!readTextFile(path, text)) {
    RobotLoadResult r;
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kCannotOpen)));
    return r;
  }
  RobotLoadResult r = parseUrdf(text, path, options);
  r.description.sourceFile = path;
  return r;
}

}  // namespace maniplab
