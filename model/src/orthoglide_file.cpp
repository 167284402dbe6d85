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
  if (rd.number(b, p, "mass", out.mass, true)) {
    if (out.mass < 0) rd.error(p + "/mass", message(msg::kNegativeGot, {MessageArg::number(out.mass, formatNumber(out.mass))}));
    else rd.within(p + "/mass", out.mass, bounds::kMass);
  }
  rd.vec3In(b, p, "com", out.com, true, bounds::kLength);
  rd.inertiaTensor(b, p, "inertia", out.inertia);
}

void readChain(JsonReader& rd, const json& c, const std::string& p, OrthoglideChain& out) {
  if (!c.is_object()) {
    rd.error(p, message(msg::kNotObject));
    return;
  }
  rd.checkKeys(c, p, {"r2", "D4", "D6", "bodies", "actuator", "limits", "comment"});
  if (rd.number(c, p, "r2", out.r2, true)) {
    if (!(out.r2 > 0)) rd.error(p + "/r2", message(msg::kOrthoglideR2));
    else rd.within(p + "/r2", out.r2, bounds::kPositiveLength);
  }
  if (rd.number(c, p, "D4", out.D4, true)) {
    if (!(out.D4 > 0)) rd.error(p + "/D4", message(msg::kOrthoglideD4));
    else rd.within(p + "/D4", out.D4, bounds::kPositiveLength);
  }
  if (rd.number(c, p, "D6", out.D6, true)) {
    if (out.D6 < 0) rd.error(p + "/D6", message(msg::kNegative));
    else rd.within(p + "/D6", out.D6, bounds::kPositiveLength);
  }
  if (rd.object(c, p, "bodies", true)) {
    const json& b = c["bodies"];
    const std::string pb = p + "/bodies";
    rd.checkKeys(b, pb, {"1", "2", "3", "4", "5", "7"});
    for (std::size_t k = 0; k < 6; ++k) {
      const std::string key = std::to_string(kOrthoglideBodyNumbers[k]);
      if (!b.contains(key)) rd.error(pb + "/" + key, message(msg::kOrthoglideMissingBody, {MessageArg::field(key)}));
      else readBody(rd, b[key], pb + "/" + key, out.body[k]);
    }
  }
  if (rd.object(c, p, "actuator", false)) {
    const json& a = c["actuator"];
    const std::string pa = p + "/actuator";
    rd.checkKeys(a, pa, {"gear_ratio", "rotor_inertia", "viscous", "coulomb", "comment"});
    if (rd.number(a, pa, "gear_ratio", out.actuator.gear, false)) rd.gearRatio(pa + "/gear_ratio", out.actuator.gear);
    if (rd.number(a, pa, "rotor_inertia", out.actuator.rotorInertia, false)) {
      if (out.actuator.rotorInertia < 0) rd.error(pa + "/rotor_inertia", message(msg::kNegative));
      else rd.within(pa + "/rotor_inertia", out.actuator.rotorInertia, bounds::kRotorInertia);
    }
    rd.directionalCoefficient(a, pa, "viscous", out.actuator.viscousPos, out.actuator.viscousNeg, bounds::kViscous);
    rd.directionalCoefficient(a, pa, "coulomb", out.actuator.coulombPos, out.actuator.coulombNeg, bounds::kCoulomb);
  }
  if (rd.object(c, p, "limits", false)) {
    const json& l = c["limits"];
    const std::string pl = p + "/limits";
    rd.checkKeys(l, pl, {"lower", "upper", "velocity", "effort"});
    rd.numberIn(l, pl, "lower", out.limits.lower, false, bounds::kLength);
    rd.numberIn(l, pl, "upper", out.limits.upper, false, bounds::kLength);
    if (out.limits.lower > out.limits.upper) rd.error(pl, message(msg::kLowerAboveUpper));
    rd.positiveIn(l, pl, "velocity", out.limits.velocity, false, bounds::kVelocity);
    rd.positiveIn(l, pl, "effort", out.limits.effort, false, bounds::kEffort);
  }
}

MessageArg vecText(const Vector3& v) {
  return MessageArg("(" + formatNumber(v[0]) + ", " + formatNumber(v[1]) + ", " + formatNumber(v[2]) + ")");
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
  if (doc.contains("sources") && !doc["sources"].is_object()) rd.error("/sources", message(msg::kOrthoglideSources));
  rd.vec3(doc, "", "gravity", m.gravity, false);
  rd.positiveIn(doc, "", "a", m.a, true, bounds::kPositiveLength);
  if (rd.object(doc, "", "platform", true)) {
    const json& p = doc["platform"];
    rd.checkKeys(p, "/platform", {"mass", "comment"});
    if (rd.number(p, "/platform", "mass", m.platformMass, true)) {
      if (m.platformMass < 0) rd.error("/platform/mass", message(msg::kNegative));
      else rd.within("/platform/mass", m.platformMass, bounds::kMass);
    }
  }
  if (!doc.contains("chains") || !doc["chains"].is_array() || doc["chains"].size() != 3) {
    rd.error("/chains", message(msg::kOrthoglideChains));
  } else {
    for (std::size_t i = 0; i < 3; ++i) readChain(rd, doc["chains"][i], "/chains/" + std::to_string(i), m.chain[i]);
  }
  m.home = m.K();
  m.workspaceCenter = m.K();
  rd.vec3In(doc, "", "home", m.home, false, bounds::kLength);
  if (rd.object(doc, "", "workspace", false)) {
    const json& w = doc["workspace"];
    rd.checkKeys(w, "/workspace", {"center", "size", "comment"});
    rd.vec3In(w, "/workspace", "center", m.workspaceCenter, false, bounds::kLength);
    rd.positiveIn(w, "/workspace", "size", m.workspaceSize, true, bounds::kPositiveLength);
  }
  if (!res.ok()) return res;

  // Geometric and dynamic consistency at the home pose and over the prescribed workspace.
  Message why;
  OrthoglideChainVariables q;
  if (!orthoglideInverseGeometric(m, m.home, q, &why)) {
    rd.error("/home", message(msg::kOrthoglideHomeOutOfReach, {vecText(m.home), why}));
    return res;
  }
  for (int i = 0; i < 3; ++i) {
    const JointLimits& l = m.chain[std::size_t(i)].limits;
    if (q[std::size_t(i)][0] < l.lower || q[std::size_t(i)][0] > l.upper)
      rd.warning("/home", message(msg::kOrthoglideHomeStroke, {MessageArg::integer(i + 1),
                                                                MessageArg::number(q[std::size_t(i)][0], formatNumber(q[std::size_t(i)][0]))}));
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
      rd.error("/workspace", message(msg::kOrthoglideWorkspaceOutOfReach, {vecText(P), why}));
      reachable = false;
      break;
    }
    for (std::size_t i = 0; i < 3; ++i) {
      const JointLimits& l = m.chain[i].limits;
      const double qi = q[i][0];
      if ((qi < l.lower || qi > l.upper) && !warned[i]) {
        warned[i] = true;
        rd.warning("/chains/" + std::to_string(i) + "/limits",
                   message(msg::kOrthoglideStrokeWorkspace, {vecText(P), MessageArg::number(qi, formatNumber(qi))}));
      }
    }
  }
  OrthoglideDynamics dyn(m);
  OrthoglideDynamicsState st;
  Vector3 Vdot;
  if (!dyn.directDynamics(m.home, Vector3::Zero(), Vector3::Zero(), Vdot, {}, &st, &why))
    rd.error("/platform", message(msg::kOrthoglideSingularHome, {why}));
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
