// Robot file reader/validator/writer (format: robots/README.md). Uses nlohmann::json.
#include "maniplab/model/robot_file.hpp"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>

#include <Eigen/Eigenvalues>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/model/cholesky.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/joint_transform.hpp"
#include "maniplab/model/json_reader.hpp"

namespace maniplab {

using json = nlohmann::json;

std::string Diagnostic::toString() const {
  return file + ":" + (path.empty() ? "/" : path) + ": " +
         (severity == Severity::Error ? "error: " : "warning: ") + message;
}

Diagnostic Diagnostic::of(Severity s, std::string file, std::string path, const Message& m) {
  return Diagnostic{s, std::move(file), std::move(path), m.text, m.code, m.args};
}

bool noErrors(const std::vector<Diagnostic>& diagnostics) {
  for (const auto& d : diagnostics)
    if (d.severity == Diagnostic::Severity::Error) return false;
  return true;
}

std::string formatDiagnostics(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) out += d.toString() + "\n";
  return out;
}

bool readTextFile(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

bool RobotLoadResult::ok() const { return noErrors(diagnostics); }
std::string RobotLoadResult::report() const { return formatDiagnostics(diagnostics); }

namespace {

void checkRotation(JsonReader& rd, const std::string& path, const Matrix3& R) {
  if ((R * R.transpose() - Matrix3::Identity()).cwiseAbs().maxCoeff() > 1e-6 || R.determinant() < 0)
    rd.error(path, message(msg::kNotRotation));
}

/// "parent": Khalil–Kleinfinger's antecedent a(j) of joint number `number` (1-based), 0 for the base,
/// an earlier joint otherwise; absent: the previous joint. Standard DH takes only the previous joint.
void readParent(JsonReader& rd, const json& j, const std::string& path, Convention conv, int number,
                JointDescription& out) {
  double a = 0;
  if (!rd.number(j, path, "parent", a, false)) return;
  if (a != std::floor(a) || a < 0 || a >= number) {
    rd.error(path + "/parent", message(msg::kParent, {MessageArg::integer(number - 1)}));
    return;
  }
  if (conv == Convention::DH && int(a) != number - 1) {
    rd.error(path + "/parent", message(msg::kParentDh));
    return;
  }
  out.parent = int(a) - 1;
}

/// "mimic": {"joint": k, "multiplier": g, "offset": o}: joint number `number` (1-based) is coupled to
/// joint k (1-based, another joint), q = g q_k + o (o in the joint's own unit: the file's angle unit or m).
/// That joint k exists and is not itself a mimic joint is checked once every joint is read
/// (checkMimicSources).
void readMimic(JsonReader& rd, const json& j, const std::string& path, int number, double unit, JointDescription& out) {
  if (!rd.object(j, path, "mimic", false)) return;
  const json& mj = j["mimic"];
  const std::string p = path + "/mimic";
  rd.checkKeys(mj, p, {"joint", "multiplier", "offset"});
  double k = 0;
  JointCoupling c;
  if (!rd.number(mj, p, "joint", k, true)) return;
  // checkMimicSources() reports a joint number that is not another joint's (-2: not an integer from 1).
  c.source = k == std::floor(k) && k >= 1 && k <= 1e6 && k != number ? int(k) - 1 : -2;
  if (rd.number(mj, p, "multiplier", c.multiplier, false) && (c.multiplier == 0 || !std::isfinite(c.multiplier))) {
    rd.error(p + "/multiplier", message(msg::kMimicMultiplier));
    return;
  }
  rd.number(mj, p, "offset", c.offset, false, unit);
  out.mimic = c;
}

/// A mimic joint's source must be another joint of the file, itself independent (Model::coupling: one level
/// of coupling).
void checkMimicSources(JsonReader& rd, RobotDescription& d) {
  const std::size_t n = d.joints.size();
  for (std::size_t i = 0; i < n; ++i) {
    auto& m = d.joints[i].mimic;
    if (m && (m->source < 0 || std::size_t(m->source) >= n || d.joints[std::size_t(m->source)].mimic)) {
      rd.error("/joints/" + std::to_string(i) + "/mimic/joint",
               message(msg::kMimicSource, {MessageArg::integer(static_cast<long long>(n))}));
      m.reset();
    }
  }
}

void readJoint(JsonReader& rd, const json& j, const std::string& path, Convention conv, double angle, int number,
               JointDescription& out) {
  rd.checkKeys(j, path,
               conv == Convention::DH    ? std::initializer_list<const char*>{"name", "type", "parent", "a", "alpha", "d",
                                                                           "theta", "limits", "link", "actuator", "mimic"}
               : conv == Convention::MDH ? std::initializer_list<const char*>{"name", "type", "parent", "gamma", "b", "alpha",
                                                                            "d", "theta", "r", "limits", "link", "actuator",
                                                                            "mimic"}
                                         : std::initializer_list<const char*>{"name", "type", "parent", "l", "rpy", "P",
                                                                            "offset", "limits", "link", "actuator", "mimic"});
  rd.string(j, path, "name", out.name, false);
  readParent(rd, j, path, conv, number, out);
  std::string type;
  if (rd.string(j, path, "type", type, true)) {
    if (type == "revolute")
      out.type = JointType::Revolute;
    else if (type == "prismatic")
      out.type = JointType::Prismatic;
    else
      rd.error(path + "/type", message(msg::kJointType, {MessageArg::field(type)}));
  }
  const bool rev = out.type == JointType::Revolute;
  if (conv == Convention::DH) {
    rd.numberIn(j, path, "a", out.a, false, bounds::kLength);
    rd.number(j, path, "alpha", out.alpha, false, angle);
    rd.numberIn(j, path, "d", out.d, false, bounds::kLength);
    rd.number(j, path, "theta", out.theta, false, angle);
  } else if (conv == Convention::MDH) {
    rd.number(j, path, "gamma", out.gamma, false, angle);
    rd.numberIn(j, path, "b", out.b, false, bounds::kLength);
    rd.number(j, path, "alpha", out.alpha, false, angle);
    rd.numberIn(j, path, "d", out.d, false, bounds::kLength);
    rd.number(j, path, "theta", out.theta, false, angle);
    rd.numberIn(j, path, "r", out.r, false, bounds::kLength);
  } else {
    rd.vec3In(j, path, "l", out.placement.p, false, bounds::kLength);
    if (j.contains("rpy") && j.contains("P")) rd.error(path + "/P", message(msg::kRpyOrP));
    Vector3 r = Vector3::Zero();
    if (rd.vec3(j, path, "rpy", r, false, angle)) out.placement.R = rd.rpy(r);
    if (j.contains("P")) {
      Matrix3 P;
      if (rd.mat3(j["P"], path + "/P", P)) {
        checkRotation(rd, path + "/P", P);
        out.placement.R = P;
      }
    }
    rd.number(j, path, "offset", out.offset, false, rev ? angle : 1.0);
  }
  const double lin = rev ? angle : 1.0;
  readMimic(rd, j, path, number, lin, out);
  if (rd.object(j, path, "limits", false)) {
    const json& l = j["limits"];
    const std::string p = path + "/limits";
    rd.checkKeys(l, p, {"lower", "upper", "velocity", "acceleration", "effort"});
    rd.number(l, p, "lower", out.limits.lower, false, lin);
    rd.number(l, p, "upper", out.limits.upper, false, lin);
    if (out.limits.lower > out.limits.upper) rd.error(p, message(msg::kLowerAboveUpper));
    // Positive, and within their bound in SI units (rad or m; after the angle unit's conversion).
    rd.positiveIn(l, p, "velocity", out.limits.velocity, false, bounds::kVelocity, lin);
    rd.positiveIn(l, p, "acceleration", out.limits.acceleration, false, bounds::kAcceleration, lin);
    rd.positiveIn(l, p, "effort", out.limits.effort, false, bounds::kEffort);
  }
  if (rd.object(j, path, "link", true)) {
    const json& l = j["link"];
    const std::string p = path + "/link";
    rd.checkKeys(l, p, {"mass", "com", "inertia", "geometry"});
    if (rd.number(l, p, "mass", out.link.mass, true)) {
      if (out.link.mass < 0)
        rd.error(p + "/mass", message(msg::kNegativeGot, {MessageArg::number(out.link.mass, formatNumber(out.link.mass))}));
      else
        rd.within(p + "/mass", out.link.mass, bounds::kMass);
    }
    rd.vec3In(l, p, "com", out.link.com, false, bounds::kLength);
    rd.inertiaTensor(l, p, "inertia", out.link.inertia);
    if (out.link.mass == 0 && out.link.inertia.cwiseAbs().maxCoeff() > 0)
      rd.warning(p, message(msg::kMasslessInertia));
    if (rd.object(l, p, "geometry", false)) {
      const json& g = l["geometry"];
      const std::string pg = p + "/geometry";
      rd.checkKeys(g, pg, {"shape", "size", "radius", "length", "mesh", "color", "xyz", "rpy"});
      auto& G = out.geometry;
      if (rd.string(g, pg, "shape", G.shape, true) && G.shape != "box" && G.shape != "cylinder" &&
          G.shape != "sphere" && G.shape != "mesh")
        rd.error(pg + "/shape", message(msg::kGeometryShape));
      rd.vec3(g, pg, "size", G.size, false);
      rd.number(g, pg, "radius", G.radius, false);
      rd.number(g, pg, "length", G.length, false);
      rd.string(g, pg, "mesh", G.mesh, false);
      rd.string(g, pg, "color", G.color, false);
      Transform o;
      json sub = json::object();
      if (g.contains("xyz")) sub["xyz"] = g["xyz"];
      if (g.contains("rpy")) sub["rpy"] = g["rpy"];
      rd.frame(sub, pg, G.origin, angle);
    }
  }
  if (rd.object(j, path, "actuator", false)) {
    const json& a = j["actuator"];
    const std::string p = path + "/actuator";
    auto& A = out.actuator;
    rd.checkKeys(a, p, {"gear_ratio", "rotor_inertia", "rotor_transverse_inertia", "rotor_axis", "viscous", "coulomb"});
    // A gear ratio beyond any real gear train is refused at its field (bounds::kGear).
    if (rd.number(a, p, "gear_ratio", A.gear, false)) rd.gearRatio(p + "/gear_ratio", A.gear);
    for (auto [key, dst] : {std::pair{"rotor_inertia", &A.rotorInertia}, std::pair{"rotor_transverse_inertia", &A.rotorTransverse}})
      if (rd.number(a, p, key, *dst, false)) {
        if (*dst < 0) rd.error(p + "/" + key, message(msg::kNegative));
        else rd.within(p + "/" + key, *dst, bounds::kRotorInertia);
      }
    if (rd.vec3(a, p, "rotor_axis", A.rotorAxis, false) && std::abs(A.rotorAxis.norm() - 1) > 1e-6)
      rd.error(p + "/rotor_axis", message(msg::kNotUnitVector, {MessageArg::number(A.rotorAxis.norm(), formatNumber(A.rotorAxis.norm()))}));
    rd.directionalCoefficient(a, p, "viscous", A.viscousPos, A.viscousNeg, bounds::kViscous);
    rd.directionalCoefficient(a, p, "coulomb", A.coulombPos, A.coulombNeg, bounds::kCoulomb);
  }
}

}  // namespace

RobotLoadResult parseRobot(const std::string& text, const std::string& fileName) {
  RobotLoadResult res;
  JsonReader rd(fileName, res.diagnostics);
  json doc;
  if (!rd.openDocument(text, doc, "maniplab-robot")) return res;
  RobotDescription& d = res.description;
  rd.checkKeys(doc, "", {"format", "version", "name", "description", "convention", "angle_unit", "gravity",
                         "rotor_model", "base", "tool", "home", "joints"});
  std::string s;
  rd.string(doc, "", "name", d.name, true);
  rd.string(doc, "", "description", d.description, false);
  if (rd.string(doc, "", "convention", s, true)) {
    if (s == "dh") d.convention = Convention::DH;
    else if (s == "mdh") d.convention = Convention::MDH;
    else if (s == "general") d.convention = Convention::General;
    else rd.error("/convention", message(msg::kConvention, {MessageArg::field(s)}));
  }
  double angle = 1.0;
  if (rd.string(doc, "", "angle_unit", s, false)) {
    if (s == "deg") { angle = M_PI / 180.0; d.anglesInDegrees = true; }
    else if (s != "rad") rd.error("/angle_unit", message(msg::kAngleUnit));
  }
  rd.vec3(doc, "", "gravity", d.gravity, false);
  if (rd.string(doc, "", "rotor_model", s, false)) {
    if (s == "armature") d.rotorModel = RotorModel::Armature;
    else if (s == "full") d.rotorModel = RotorModel::Full;
    else rd.error("/rotor_model", message(msg::kRotorModel));
  }
  if (rd.object(doc, "", "base", false)) rd.frame(doc["base"], "/base", d.base, angle);
  if (rd.object(doc, "", "tool", false)) rd.frame(doc["tool"], "/tool", d.tool, angle);
  if (!doc.contains("joints") || !doc["joints"].is_array() || doc["joints"].empty()) {
    rd.error("/joints", message(msg::kNoJoints));
    return res;
  }
  const json& js = doc["joints"];
  if (js.size() > 64) rd.error("/joints", message(msg::kTooManyJoints));
  for (std::size_t i = 0; i < js.size() && i < 64; ++i) {
    const std::string p = "/joints/" + std::to_string(i);
    JointDescription jd;
    if (!js[i].is_object()) {
      rd.error(p, message(msg::kNotObject));
      d.joints.push_back(jd);  // keep the joint count right for /home
      continue;
    }
    readJoint(rd, js[i], p, d.convention, angle, int(i) + 1, jd);
    d.joints.push_back(jd);
  }
  checkMimicSources(rd, d);
  if (doc.contains("home")) {
    const json& h = doc["home"];
    if (!h.is_array() || h.size() != d.joints.size()) {
      rd.error("/home", message(msg::kHomeSize, {MessageArg::integer(static_cast<long long>(d.joints.size()))}));
    } else {
      d.home.resize(h.size());
      for (std::size_t i = 0; i < h.size(); ++i) {
        const bool rev = d.joints[i].type == JointType::Revolute;
        rd.numberValue(h[i], "/home/" + std::to_string(i), d.home[i], rev ? angle : 1.0);
        const auto& L = d.joints[i].limits;
        if (d.home[i] < L.lower || d.home[i] > L.upper)
          rd.warning("/home/" + std::to_string(i), message(msg::kHomeOutsideLimits));
      }
    }
  }
  if (!res.ok()) return res;
  res.model = buildModel(d);
  // Full rotor model: link i's inertia must contain the rotors of the motors it carries, those of its
  // children j (lambda(j) = i; joint i+1 alone in a chain): J' = J - sum of J_m.
  // One pass over the joints subtracts each rotor from its parent's inertia (in the order of the children).
  if (res.model.rotorModel == RotorModel::Full) {
    const auto n = std::size_t(res.model.nq);
    std::vector<Matrix3> carried(n);
    std::vector<int> firstChildOf(n, -1);
    for (std::size_t i = 0; i < n; ++i) carried[i] = res.model.body[i].inertia;
    for (std::size_t j = 0; j < n; ++j)
      if (const int p = res.model.parent[j]; p >= 0) {
        carried[std::size_t(p)] -= rotorTensor(res.model.actuator[j]);
        if (firstChildOf[std::size_t(p)] < 0) firstChildOf[std::size_t(p)] = int(j);
      }
    for (int i = 0; i + 1 < res.model.nq; ++i) {
      const Matrix3& Jp = carried[std::size_t(i)];
      const int firstChild = firstChildOf[std::size_t(i)];
      if (firstChild < 0) continue;
      const double ev = Eigen::SelfAdjointEigenSolver<Matrix3>(Jp).eigenvalues()[0];
      if (ev < -1e-12)
        rd.warning("/joints/" + std::to_string(i) + "/link/inertia",
                   message(msg::kFullRotorInertia, {MessageArg::integer(firstChild + 1), MessageArg::number(ev, formatNumber(ev))}));
    }
  }
  // A model whose mass matrix is singular at the home pose cannot be simulated: report the joint.
  Data data(res.model);
  crba(res.model, data, res.model.home);
  const int bad = choleskyFactor(data.M, data.L, 1e-12);
  if (bad >= 0)
    rd.error("/joints/" + std::to_string(bad),
             message(msg::kSingularAtHome, {MessageArg::integer(bad + 1)}));
  return res;
}

RobotLoadResult loadRobotFile(const std::string& path) {
  std::string text;
  if (!readTextFile(path, text)) {
    RobotLoadResult r;
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kCannotOpen)));
    return r;
  }
  RobotLoadResult r = parseRobot(text, path);
  r.description.sourceFile = path;
  return r;
}

std::string robotToJson(const RobotDescription& d) {
  const double ang = d.anglesInDegrees ? 180.0 / M_PI : 1.0;
  auto v3 = [](const Vector3& v, double s = 1.0) { return json::array({v[0] * s, v[1] * s, v[2] * s}); };
  auto frame = [&](const Transform& t) {
    const Vector3 e = t.R.eulerAngles(2, 1, 0);  // yaw, pitch, roll
    return json{{"xyz", v3(t.p)}, {"rpy", json::array({e[2] * ang, e[1] * ang, e[0] * ang})}};
  };
  json doc;
  doc["format"] = "maniplab-robot";
  doc["version"] = 1;
  doc["name"] = d.name;
  if (!d.description.empty()) doc["description"] = d.description;
  doc["convention"] = d.convention == Convention::DH ? "dh" : d.convention == Convention::MDH ? "mdh" : "general";
  doc["angle_unit"] = d.anglesInDegrees ? "deg" : "rad";
  doc["gravity"] = v3(d.gravity);
  doc["rotor_model"] = d.rotorModel == RotorModel::Full ? "full" : "armature";
  doc["base"] = frame(d.base);
  doc["tool"] = frame(d.tool);
  json joints = json::array();
  for (std::size_t i = 0; i < d.joints.size(); ++i) {
    const auto& j = d.joints[i];
    const bool rev = j.type == JointType::Revolute;
    json o;
    o["name"] = j.name;
    o["type"] = rev ? "revolute" : "prismatic";
    if (parentOf(d, i) != int(i) - 1) o["parent"] = parentOf(d, i) + 1;  // a(j), 1-based; 0 the base
    if (j.mimic)
      o["mimic"] = json{{"joint", j.mimic->source + 1}, {"multiplier", j.mimic->multiplier},
                        {"offset", j.mimic->offset * (rev ? ang : 1.0)}};
    switch (d.convention) {
      case Convention::DH: o["a"] = j.a; o["alpha"] = j.alpha * ang; o["d"] = j.d; o["theta"] = j.theta * ang; break;
      case Convention::MDH:
        if (j.gamma != 0) o["gamma"] = j.gamma * ang;
        if (j.b != 0) o["b"] = j.b;
        o["alpha"] = j.alpha * ang; o["d"] = j.d; o["theta"] = j.theta * ang; o["r"] = j.r;
        break;
      case Convention::General: {
        o["l"] = v3(j.placement.p);
        json P = json::array();
        for (int r = 0; r < 3; ++r) P.push_back(v3(j.placement.R.row(r).transpose()));
        o["P"] = P;
        o["offset"] = j.offset * (rev ? ang : 1.0);
        break;
      }
    }
    const double lin = rev ? ang : 1.0;
    json lim = json::object();
    if (j.limits.lower > -1e299) lim["lower"] = j.limits.lower * lin;
    if (j.limits.upper < 1e299) lim["upper"] = j.limits.upper * lin;
    if (j.limits.velocity < 1e299) lim["velocity"] = j.limits.velocity * lin;
    if (j.limits.acceleration < 1e299) lim["acceleration"] = j.limits.acceleration * lin;
    if (j.limits.effort < 1e299) lim["effort"] = j.limits.effort;
    if (!lim.empty()) o["limits"] = lim;
    json link;
    link["mass"] = j.link.mass;
    link["com"] = v3(j.link.com);
    json I = json::array();
    for (int r = 0; r < 3; ++r) I.push_back(v3(j.link.inertia.row(r).transpose()));
    link["inertia"] = I;
    if (!j.geometry.shape.empty()) {
      json g;
      g["shape"] = j.geometry.shape;
      if (!j.geometry.size.isZero()) g["size"] = v3(j.geometry.size);
      if (j.geometry.radius != 0) g["radius"] = j.geometry.radius;
      if (j.geometry.length != 0) g["length"] = j.geometry.length;
      if (!j.geometry.mesh.empty()) g["mesh"] = j.geometry.mesh;
      if (!j.geometry.color.empty()) g["color"] = j.geometry.color;
      const json f = frame(j.geometry.origin);
      g["xyz"] = f["xyz"];
      g["rpy"] = f["rpy"];
      link["geometry"] = g;
    }
    o["link"] = link;
    const auto& a = j.actuator;
    json act;
    act["gear_ratio"] = a.gear;
    act["rotor_inertia"] = a.rotorInertia;
    act["rotor_transverse_inertia"] = a.rotorTransverse;
    if (!a.rotorAxis.isZero()) act["rotor_axis"] = v3(a.rotorAxis);
    act["viscous"] = json{{"positive", a.viscousPos}, {"negative", a.viscousNeg}};
    act["coulomb"] = json{{"positive", a.coulombPos}, {"negative", a.coulombNeg}};
    o["actuator"] = act;
    joints.push_back(o);
  }
  doc["joints"] = joints;
  if (!d.home.empty()) {
    json h = json::array();
    for (std::size_t i = 0; i < d.home.size(); ++i)
      h.push_back(d.home[i] * (d.joints[i].type == JointType::Revolute ? ang : 1.0));
    doc["home"] = h;
  }
  return doc.dump(2) + "\n";
}

}  // namespace maniplab
