// Orthoglide robot file reader/validator (format: robots/orthoglide.md; parameters of Guégan, Khalil, Chablat & Wenger 2002 tables
// 1-2). Uses the shared JSON reader (json_reader.hpp).
#include "maniplab/model/orthoglide_file.hpp"

#include <nlohmann/json.hpp>

#include "maniplab/model/json_reader.hpp"
#include "maniplab/model/model_messages.hpp"
#include "maniplab/model/orthoglide_dynamics.hpp"
#include "maniplab/model/orthoglide_kinematics.hpp"

namespace maniplab {

using json = nlohmann::json;

namespace {

void readBody(JsonReader& rd, const json& b, const std::string& p, BodyT<double>& out) {
  if (!b.is_object()) {
    rd.error(p, message(msg::kNotObject));
    return;
  }
  rd.checkKeys(b, p, {"mass", "com", "inertia", "comment"});
  if (rd.number(b, p, "mass", out.mass, true) && out.mass < 0)
    rd.error(p + "/mass", "must be non-negative (got " + formatNumber(out.mass) + ")");
  rd.vec3(b, p, "com", out.com, true);
  rd.inertiaTensor(b, p, "inertia", out.inertia);
}

void readChain(JsonReader& rd, const json& c, const std::string& p, OrthoglideChain& out) {
  if (!c.is_object()) {
    rd.error(p, message(msg::kNotObject));
    return;
  }
  rd.checkKeys(c, p, {"r2", "D4", "D6", "bodies", "actuator", "limits", "comment"});
  if (rd.number(c, p, "r2", out.r2, true) && !(out.r2 > 0)) rd.error(p + "/r2", "must be positive (half the bar spacing)");
  if (rd.number(c, p, "D4", out.D4, true) && !(out.D4 > 0)) rd.error(p + "/D4", "must be positive (bar length)");
  if (rd.number(c, p, "D6", out.D6, true) && out.D6 < 0) rd.error(p + "/D6", message(msg::kNegative));
  if (rd.object(c, p, "bodies", true)) {
    const json& b = c["bodies"];
    const std::string pb = p + "/bodies";
    rd.checkKeys(b, pb, {"1", "2", "3", "4", "5", "7"});
    for (std::size_t k = 0; k < 6; ++k) {
      const std::string key = std::to_string(kOrthoglideBodyNumbers[k]);
      if (!b.contains(key)) rd.error(pb + "/" + key, "missing required body " + key + " (bodies 1, 2, 3, 4, 5, 7)");
      else readBody(rd, b[key], pb + "/" + key, out.body[k]);
    }
  }
  if (rd.object(c, p, "actuator", false)) {
    const json& a = c["actuator"];
    const std::string pa = p + "/actuator";
    rd.checkKeys(a, pa, {"gear_ratio", "rotor_inertia", "viscous", "coulomb", "comment"});
    if (rd.number(a, pa, "gear_ratio", out.actuator.gear, false) && out.actuator.gear == 0)
      rd.error(pa + "/gear_ratio", "must be non-zero");
    if (rd.number(a, pa, "rotor_inertia", out.actuator.rotorInertia, false) && out.actuator.rotorInertia < 0)
      rd.error(pa + "/rotor_inertia", message(msg::kNegative));
    rd.directionalCoefficient(a, pa, "viscous", out.actuator.viscousPos, out.actuator.viscousNeg);
    rd.directionalCoefficient(a, pa, "coulomb", out.actuator.coulombPos, out.actuator.coulombNeg);
  }
  if (rd.object(c, p, "limits", false)) {
    const json& l = c["limits"];
    const std::string pl = p + "/limits";
    rd.checkKeys(l, pl, {"lower", "upper", "velocity", "effort"});
    rd.number(l, pl, "lower", out.limits.lower, false);
    rd.number(l, pl, "upper", out.limits.upper, false);
    rd.number(l, pl, "velocity", out.limits.velocity, false);
    rd.number(l, pl, "effort", out.limits.effort, false);
    if (out.limits.lower > out.limits.upper) rd.error(pl, "lower limit is greater than upper limit");
    if (!(out.limits.velocity > 0)) rd.error(pl + "/velocity", message(msg::kNotPositive));
    if (!(out.limits.effort > 0)) rd.error(pl + "/effort", message(msg::kNotPositive));
  }
}

std::string vecText(const Vector3& v) {
  return "(" + formatNumber(v[0]) + ", " + formatNumber(v[1]) + ", " + formatNumber(v[2]) + ")";
}

}  // namespace

bool isOrthoglideDocument(const std::string& text) {
  const json doc = json::parse(text, nullptr, false);
  return doc.is_object() && doc.contains("kind") && doc["kind"].is_string() && doc["kind"] == "orthoglide";
}

OrthoglideLoadResult parseOrthoglide(const std::string& text, const std::string& fileName) {
  OrthoglideLoadResult res;
  JsonReader rd(fileName, res.diagnostics);
  json doc;
  if (!rd.openDocument(text, doc, "maniplab-robot", "orthoglide")) return res;
  OrthoglideModel& m = res.model;
  rd.checkKeys(doc, "", {"format", "version", "kind", "name", "description", "sources", "gravity", "a", "platform",
                         "home", "workspace", "chains"});
  rd.string(doc, "", "name", m.name, true);
  rd.string(doc, "", "description", m.description, false);
  if (doc.contains("sources") && !doc["sources"].is_object()) rd.error("/sources", "must be an object (free text per value)");
  rd.vec3(doc, "", "gravity", m.gravity, false);
  if (rd.number(doc, "", "a", m.a, true) && !(m.a > 0)) rd.error("/a", message(msg::kNotPositive));
  if (rd.object(doc, "", "platform", true)) {
    const json& p = doc["platform"];
    rd.checkKeys(p, "/platform", {"mass", "comment"});
    if (rd.number(p, "/platform", "mass", m.platformMass, true) && m.platformMass < 0)
      rd.error("/platform/mass", message(msg::kNegative));
  }
  if (!doc.contains("chains") || !doc["chains"].is_array() || doc["chains"].size() != 3) {
    rd.error("/chains", "must be an array of exactly 3 chains (actuators along z, x, y of R_0)");
  } else {
    for (std::size_t i = 0; i < 3; ++i) readChain(rd, doc["chains"][i], "/chains/" + std::to_string(i), m.chain[i]);
  }
  m.home = m.K();
  m.workspaceCenter = m.K();
  rd.vec3(doc, "", "home", m.home, false);
  if (rd.object(doc, "", "workspace", false)) {
    const json& w = doc["workspace"];
    rd.checkKeys(w, "/workspace", {"center", "size", "comment"});
    rd.vec3(w, "/workspace", "center", m.workspaceCenter, false);
    if (rd.number(w, "/workspace", "size", m.workspaceSize, true) && !(m.workspaceSize > 0))
      rd.error("/workspace/size", message(msg::kNotPositive));
  }
  if (!res.ok()) return res;

  // Geometric and dynamic consistency at the home pose and over the prescribed workspace.
  std::string why;
  OrthoglideChainVariables q;
  if (!orthoglideInverseGeometric(m, m.home, q, &why)) {
    rd.error("/home", "home position " + vecText(m.home) + " is out of reach: " + why);
    return res;
  }
  for (int i = 0; i < 3; ++i) {
    const JointLimits& l = m.chain[std::size_t(i)].limits;
    if (q[std::size_t(i)][0] < l.lower || q[std::size_t(i)][0] > l.upper)
      rd.warning("/home", "actuator " + std::to_string(i + 1) + " is outside its stroke at the home position (q = " +
                              formatNumber(q[std::size_t(i)][0]) + " m)");
  }
  // The workspace cube on a 9x9x9 grid (corners, edges and face centres included): reachable (error)
  // and within the actuators' strokes (warning, once per chain).
  const double h = m.workspaceSize / 2;
  bool reachable = true;
  std::array<bool, 3> warned{false, false, false};
  for (int g = 0; g < 729 && reachable; ++g) {
    const Vector3 u(g % 9, (g / 9) % 9, g / 81);
    const Vector3 P = m.workspaceCenter + (u / 4.0 - Vector3::Ones()) * h;
    if (!orthoglideInverseGeometric(m, P, q, &why)) {
      rd.error("/workspace", "workspace point " + vecText(P) + " is out of reach: " + why);
      reachable = false;
      break;
    }
    for (std::size_t i = 0; i < 3; ++i) {
      const JointLimits& l = m.chain[i].limits;
      const double qi = q[i][0];
      if ((qi < l.lower || qi > l.upper) && !warned[i]) {
        warned[i] = true;
        rd.warning("/chains/" + std::to_string(i) + "/limits",
                   "the stroke does not cover workspace point " + vecText(P) + " (q = " + formatNumber(qi) + " m)");
      }
    }
  }
  OrthoglideDynamics dyn(m);
  OrthoglideDynamicsState st;
  Vector3 Vdot;
  if (!dyn.directDynamics(m.home, Vector3::Zero(), Vector3::Zero(), Vdot, {}, &st, &why))
    rd.error("/platform", "the robot's inertia matrix at the home position is singular: " + why);
  return res;
}

OrthoglideLoadResult loadOrthoglideFile(const std::string& path) {
  std::string text;
  if (!readTextFile(path, text)) {
    OrthoglideLoadResult r;
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kCannotOpen)));
    return r;
  }
  return parseOrthoglide(text, path);
}

}  // namespace maniplab
