// URDF export of a robot description (frames R_i of the internal model, model.hpp / Llibre, Mampey & Chrétien 1983 §I.1;
// layout and extensions: urdf_file.hpp). The document is built with TinyXML (urdfdom's XML library;
// urdfdom's own exporter rounds numbers to 6 digits, too coarse for an exact round trip).
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <system_error>

#include <tinyxml.h>

#include "maniplab/model/atomic_file.hpp"
#include "maniplab/urdf/urdf_file.hpp"

namespace maniplab {

namespace {

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v + 0.0);  // + 0.0: no "-0"
  return buf;
}
std::string vec(const Vector3& v) { return num(v[0]) + " " + num(v[1]) + " " + num(v[2]); }

/// URDF roll-pitch-yaw of R = Rz(yaw) Ry(pitch) Rx(roll).
Vector3 rpyOf(const Matrix3& R) {
  const double cp = std::hypot(R(0, 0), R(1, 0));
  const double pitch = std::atan2(-R(2, 0), cp);
  if (cp < 1e-12) return Vector3(0, pitch, std::atan2(-R(0, 1), R(1, 1)));  // gimbal lock: roll = 0
  return Vector3(std::atan2(R(2, 1), R(2, 2)), pitch, std::atan2(R(1, 0), R(0, 0)));
}

TiXmlElement* add(TiXmlNode* parent, const char* tag) {
  return parent->LinkEndChild(new TiXmlElement(tag))->ToElement();
}
void addOrigin(TiXmlElement* parent, const Transform& T) {
  TiXmlElement* o = add(parent, "origin");
  o->SetAttribute("xyz", vec(T.p));
  o->SetAttribute("rpy", vec(rpyOf(T.R)));
}
void addValue(TiXmlElement* parent, const char* tag, double v) { add(parent, tag)->SetAttribute("value", num(v)); }

void addGeometry(TiXmlElement* link, const LinkGeometry& g, const Transform& origin) {
  if (g.shape.empty()) return;
  TiXmlElement* v = add(link, "visual");
  addOrigin(v, origin);
  TiXmlElement* geo = add(v, "geometry");
  if (g.shape == "box") {
    add(geo, "box")->SetAttribute("size", vec(g.size));
  } else if (g.shape == "cylinder") {
    TiXmlElement* c = add(geo, "cylinder");
    c->SetAttribute("radius", num(g.radius));
    c->SetAttribute("length", num(g.length));
  } else if (g.shape == "sphere") {
    add(geo, "sphere")->SetAttribute("radius", num(g.radius));
  } else {
    TiXmlElement* m = add(geo, "mesh");
    m->SetAttribute("filename", g.mesh);
    if (!g.size.isZero()) m->SetAttribute("scale", vec(g.size));
  }
  if (g.color.size() == 7 && g.color[0] == '#') {
    const unsigned long rgb = std::strtoul(g.color.c_str() + 1, nullptr, 16);
    TiXmlElement* mat = add(v, "material");
    mat->SetAttribute("name", "color_" + g.color.substr(1));
    add(mat, "color")->SetAttribute("rgba", num(double((rgb >> 16) & 255) / 255) + " " + num(double((rgb >> 8) & 255) / 255) +
                                                " " + num(double(rgb & 255) / 255) + " 1");
  }
}

}  // namespace

std::string robotToUrdf(const RobotDescription& desc) {
  const Model m = buildModel(desc);
  TiXmlDocument doc;
  doc.LinkEndChild(new TiXmlDeclaration("1.0", "utf-8", ""));
  doc.LinkEndChild(new TiXmlComment(
      " Written by ManipLab. Link frames are ManipLab's body frames R_i (z on the joint axis). maniplab:* "
      "elements carry what URDF cannot (gravity, rotor model, rotor inertia and axis, asymmetric friction, "
      "home pose); other URDF readers ignore them. "));
  TiXmlElement* robot = add(&doc, "robot");
  robot->SetAttribute("name", desc.name.empty() ? std::string("robot") : desc.name);
  robot->SetAttribute("xmlns:maniplab", "https://maniplab.invalid/urdf-extensions");
  TiXmlElement* ext = add(robot, "maniplab:robot");
  ext->SetAttribute("gravity", vec(m.gravity));
  ext->SetAttribute("rotor_model", m.rotorModel == RotorModel::Full ? "full" : "armature");
  if (!desc.description.empty()) add(robot, "maniplab:description")->LinkEndChild(new TiXmlText(desc.description));

  // Unique names for joints and links.
  std::set<std::string> used{"base_link", "tool", "tool_joint"};
  std::vector<std::string> jn(std::size_t(m.nq)), ln(std::size_t(m.nq));
  for (int i = 0; i < m.nq; ++i) {
    // joint names are kept (any text is a valid name); link names are made of [A-Za-z0-9_-]
    std::string base = m.jointName[std::size_t(i)].empty() ? "q" + std::to_string(i + 1) : m.jointName[std::size_t(i)];
    std::string name = base;
    for (int k = 2; used.count(name); ++k) name = base + "_" + std::to_string(k);
    used.insert(name);
    std::string link;
    for (char c : name) link += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
    std::string lname = link + "_link";
    for (int k = 2; used.count(lname); ++k) lname = link + "_link_" + std::to_string(k);
    used.insert(lname);
    jn[std::size_t(i)] = name;
    ln[std::size_t(i)] = lname;
  }
  add(robot, "link")->SetAttribute("name", "base_link");
  for (int i = 0; i < m.nq; ++i) {
    const auto k = std::size_t(i);
    const auto& b = m.body[k];
    TiXmlElement* link = add(robot, "link");
    link->SetAttribute("name", ln[k]);
    TiXmlElement* in = add(link, "inertial");
    addOrigin(in, Transform{Matrix3::Identity(), b.com});
    addValue(in, "mass", b.mass);
    TiXmlElement* I = add(in, "inertia");
    I->SetAttribute("ixx", num(b.inertia(0, 0)));
    I->SetAttribute("ixy", num(b.inertia(0, 1)));
    I->SetAttribute("ixz", num(b.inertia(0, 2)));
    I->SetAttribute("iyy", num(b.inertia(1, 1)));
    I->SetAttribute("iyz", num(b.inertia(1, 2)));
    I->SetAttribute("izz", num(b.inertia(2, 2)));
    if (k < desc.joints.size()) addGeometry(link, desc.joints[k].geometry, m.bodyToLink[k] * desc.joints[k].geometry.origin);
  }
  add(robot, "link")->SetAttribute("name", "tool");
  for (int i = 0; i < m.nq; ++i) {
    const auto k = std::size_t(i);
    const auto& L = m.limits[k];
    const auto& a = m.actuator[k];
    const bool rev = m.isRevolute(i);
    const bool unbounded = L.lower <= -1e299 && L.upper >= 1e299;
    TiXmlElement* j = add(robot, "joint");
    j->SetAttribute("name", jn[k]);
    j->SetAttribute("type", !rev ? "prismatic" : unbounded ? "continuous" : "revolute");
    addOrigin(j, m.placement[k]);
    const int parent = m.parent[k];  // a tree's joint hangs on its parent's link (the previous one in a chain)
    add(j, "parent")->SetAttribute("link", parent < 0 ? std::string("base_link") : ln[std::size_t(parent)]);
    add(j, "child")->SetAttribute("link", ln[k]);
    add(j, "axis")->SetAttribute("xyz", "0 0 1");
    TiXmlElement* lim = add(j, "limit");
    if (!unbounded || !rev) {
      lim->SetAttribute("lower", num(std::max(L.lower, -1e300)));
      lim->SetAttribute("upper", num(std::min(L.upper, 1e300)));
    }
    lim->SetAttribute("effort", num(std::min(L.effort, 1e300)));
    lim->SetAttribute("velocity", num(std::min(L.velocity, 1e300)));
    const bool symmetric = a.viscousPos == a.viscousNeg && a.coulombPos == a.coulombNeg;
    TiXmlElement* dyn = add(j, "dynamics");
    dyn->SetAttribute("damping", num(0.5 * (a.viscousPos + a.viscousNeg)));
    dyn->SetAttribute("friction", num(0.5 * (a.coulombPos + a.coulombNeg)));
    if (!m.coupling.empty() && m.coupling[k].source >= 0) {  // a coupled joint (Model::coupling): URDF's mimic
      TiXmlElement* mim = add(j, "mimic");
      mim->SetAttribute("joint", jn[std::size_t(m.coupling[k].source)]);
      mim->SetAttribute("multiplier", num(m.coupling[k].multiplier));
      mim->SetAttribute("offset", num(m.coupling[k].offset));
    }
    TiXmlElement* x = add(j, "maniplab:joint");
    x->SetAttribute("home", num(m.home[i]));
    if (!symmetric) {
      x->SetAttribute("viscous_positive", num(a.viscousPos));
      x->SetAttribute("viscous_negative", num(a.viscousNeg));
      x->SetAttribute("coulomb_positive", num(a.coulombPos));
      x->SetAttribute("coulomb_negative", num(a.coulombNeg));
    }
  }
  TiXmlElement* tj = add(robot, "joint");
  tj->SetAttribute("name", "tool_joint");
  tj->SetAttribute("type", "fixed");
  addOrigin(tj, m.tool);
  add(tj, "parent")->SetAttribute("link", m.nq > 0 ? ln.back() : std::string("base_link"));
  add(tj, "child")->SetAttribute("link", "tool");
  // Transmissions: gear ratio (ROS SimpleTransmission), rotor data (ManipLab extension).
  for (int i = 0; i < m.nq; ++i) {
    const auto k = std::size_t(i);
    const auto& a = m.actuator[k];
    if (a.gear == 1 && a.rotorInertia == 0 && a.rotorTransverse == 0) continue;
    TiXmlElement* t = add(robot, "transmission");
    t->SetAttribute("name", jn[k] + "_transmission");
    add(t, "type")->LinkEndChild(new TiXmlText("transmission_interface/SimpleTransmission"));
    TiXmlElement* tjoint = add(t, "joint");
    tjoint->SetAttribute("name", jn[k]);
    add(tjoint, "hardwareInterface")->LinkEndChild(new TiXmlText("hardware_interface/EffortJointInterface"));
    TiXmlElement* act = add(t, "actuator");
    act->SetAttribute("name", jn[k] + "_motor");
    add(act, "mechanicalReduction")->LinkEndChild(new TiXmlText(num(a.gear)));
    addValue(act, "maniplab:rotor_inertia", a.rotorInertia);
    if (a.rotorTransverse != 0) addValue(act, "maniplab:rotor_transverse_inertia", a.rotorTransverse);
    const Vector3 jointAxis = m.placement[k].R.col(2);
    if ((a.rotorAxis - jointAxis).norm() > 0) add(act, "maniplab:rotor_axis")->SetAttribute("xyz", vec(a.rotorAxis));
  }
  TiXmlPrinter printer;
  printer.SetIndent("  ");
  doc.Accept(&printer);
  return printer.Str();
}

void rebaseMeshPaths(RobotDescription& d, const std::string& fromFile, const std::string& toFile) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path from = fs::absolute(fromFile, ec).parent_path(), to = fs::absolute(toFile, ec).parent_path();
  for (auto& j : d.joints) {
    if (j.geometry.shape != "mesh" || j.geometry.mesh.empty()) continue;
    if (j.geometry.mesh.rfind("package://", 0) == 0) continue;
    fs::path p(j.geometry.mesh);
    if (p.is_relative()) p = from / p;
    if (!fs::exists(p, ec)) continue;
    j.geometry.mesh = p.lexically_normal().lexically_relative(to).string();
  }
}

std::string exportUrdfFile(RobotDescription description, const std::string& sourceFile, const std::string& path) {
  rebaseMeshPaths(description, sourceFile, path);
  return tryWriteFileAtomically(path, robotToUrdf(description), "URDF file");
}

}  // namespace maniplab
