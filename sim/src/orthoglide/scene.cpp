// Orthoglide scene reader/validator ("kind": "orthoglide"; format: robots/orthoglide.md, "Scenes").
// Same diagnostics as the serial scenes: FILE:/json/pointer: error: message.
#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "maniplab/model/model_messages.hpp"
#include "maniplab/model/json_reader.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/orthoglide/trajectory.hpp"
#include "../scene_sections.hpp"

namespace maniplab::sim {

using json = nlohmann::json;

namespace {

/// A number (same for the 3 actuators) or an array of 3 numbers.
bool gains(JsonReader& rd, const json& obj, const std::string& path, const char* key, VectorX& out, bool required) {
  if (!obj.contains(key)) {
    if (required) rd.error(path + "/" + key, "missing required value (a number or an array of 3)");
    return false;
  }
  const json& v = obj[key];
  const std::string p = path + "/" + key;
  out = VectorX::Zero(3);
  if (v.is_number()) {
    double x = 0;
    if (!rd.numberValue(v, p, x)) return false;
    out.setConstant(x);
  } else if (v.is_array() && v.size() == 3) {
    for (int i = 0; i < 3; ++i)
      if (!rd.numberValue(v[std::size_t(i)], p + "/" + std::to_string(i), out[i])) return false;
  } else {
    rd.error(p, "must be a number or an array of 3 numbers");
    return false;
  }
  for (int i = 0; i < 3; ++i)
    if (out[i] < 0) {
      rd.error(p, message(msg::kNegative));
      return false;
    }
  return true;
}

void readController(JsonReader& rd, const json& c, const std::string& p, const OrthoglideModel& model,
                    ControllerSpec& s) {
  if (!c.is_object()) {
    rd.error(p, message(msg::kNotObject));
    return;
  }
  rd.string(c, p, "name", s.name, true);
  rd.string(c, p, "type", s.type, true);
  if (s.type == "zero") {
    rd.checkKeys(c, p, {"type", "name"});
  } else if (s.type == "pid") {
    rd.checkKeys(c, p, {"type", "name", "kp", "ki", "kd", "derivative_filter", "saturation", "anti_windup"});
    gains(rd, c, p, "kp", s.kp, true);
    if (!gains(rd, c, p, "ki", s.ki, false)) s.ki = VectorX::Zero(3);
    if (!gains(rd, c, p, "kd", s.kv, false)) s.kv = VectorX::Zero(3);
    if (!gains(rd, c, p, "derivative_filter", s.derivativeFilter, false)) s.derivativeFilter = VectorX::Zero(3);
    s.saturation = VectorX::Constant(3, std::numeric_limits<double>::infinity());
    if (c.contains("saturation")) {
      if (c["saturation"].is_string()) {
        if (c["saturation"] != "limits") rd.error(p + "/saturation", "must be \"limits\", a number or an array");
        for (int i = 0; i < 3; ++i) s.saturation[i] = model.chain[std::size_t(i)].limits.effort;
      } else {
        gains(rd, c, p, "saturation", s.saturation, false);
      }
    }
    std::string aw = "clamping";
    rd.string(c, p, "anti_windup", aw, false);
    if (aw == "clamping") s.antiWindup = AntiWindup::Clamping;
    else if (aw == "none") s.antiWindup = AntiWindup::None;
    else rd.error(p + "/anti_windup", "must be \"clamping\" or \"none\"");
  } else if (s.type == "computed_torque") {
    rd.checkKeys(c, p, {"type", "name", "kp", "kv", "model"});
    gains(rd, c, p, "kp", s.kp, true);
    gains(rd, c, p, "kv", s.kv, true);
    if (rd.object(c, p, "model", false)) {
      const json& m = c["model"];
      const std::string pm = p + "/model";
      rd.checkKeys(m, pm, {"perturbation_percent", "seed", "friction_compensation"});
      if (rd.number(m, pm, "perturbation_percent", s.perturbationPercent, false) &&
          !(s.perturbationPercent >= 0 && s.perturbationPercent < 100))
        rd.error(pm + "/perturbation_percent", "must be in [0, 100)");
      double seed = 1;
      if (rd.number(m, pm, "seed", seed, false)) s.perturbationSeed = std::uint64_t(std::max(0.0, seed));
      std::string f = "none";
      rd.string(m, pm, "friction_compensation", f, false);
      if (f == "none") s.friction = FrictionCompensation::None;
      else if (f == "coulomb") s.friction = FrictionCompensation::CoulombOnly;
      else if (f == "full") s.friction = FrictionCompensation::Full;
      else rd.error(pm + "/friction_compensation", "must be \"none\", \"coulomb\" or \"full\"");
    }
  } else if (!s.type.empty()) {
    rd.error(p + "/type", "must be \"pid\", \"computed_torque\" or \"zero\" (got \"" + s.type + "\")");
  }
}

/// The "trajectory" section (diagnostics under /trajectory); `model` (when valid) checks the reach of
/// every point with the IGM.
void readTrajectory(JsonReader& rd, const json& t, const OrthoglideModel* model, std::vector<Vector3>& points,
                    std::vector<double>& durations) {
  const std::string p = "/trajectory";
  std::string str;
  rd.checkKeys(t, p, {"type", "points", "durations", "comment"});
  if (rd.string(t, p, "type", str, true) && str != "cartesian_points")
    rd.error(p + "/type", "must be \"cartesian_points\" (platform way-points in R_0)");
  if (!t.contains("points") || !t["points"].is_array() || t["points"].size() < 2) {
    rd.error(p + "/points", "must be an array of at least 2 points [x, y, z] (m, in R_0)");
  } else {
    for (std::size_t k = 0; k < t["points"].size(); ++k) {
      const json& pt = t["points"][k];
      const std::string pp = p + "/points/" + std::to_string(k);
      Vector3 v = Vector3::Zero();
      if (!pt.is_array() || pt.size() != 3) {
        rd.error(pp, "must be an array of 3 numbers");
        continue;
      }
      bool ok = true;
      for (int i = 0; i < 3; ++i) ok &= rd.numberValue(pt[std::size_t(i)], pp + "/" + std::to_string(i), v[i]);
      if (!ok) continue;
      points.push_back(v);
      std::string why;
      OrthoglideChainVariables q;
      if (model && !orthoglideInverseGeometric(*model, v, q, &why)) rd.error(pp, "out of reach: " + why);
    }
  }
  if (!t.contains("durations") || !t["durations"].is_array()) {
    rd.error(p + "/durations", "must be an array of segment durations (s), one per segment");
  } else {
    for (std::size_t k = 0; k < t["durations"].size(); ++k) {
      double d = 0;
      const std::string pd = p + "/durations/" + std::to_string(k);
      if (rd.numberValue(t["durations"][k], pd, d)) {
        if (!(d > 0)) rd.error(pd, message(msg::kNotPositive));
        durations.push_back(d);
      }
    }
    if (t.contains("points") && t["points"].is_array() && t["durations"].size() + 1 != t["points"].size())
      rd.error(p + "/durations", "needs one duration per segment (" +
                                     std::to_string(t["points"].is_array() ? t["points"].size() - 1 : 0) + ")");
  }
}

}  // namespace

bool isOrthoglideScene(const std::string& text) { return orthoglideSceneKind().readsScene(readDocumentHeader(text)); }

OrthoglideSceneLoadResult parseOrthoglideScene(const std::string& text, const std::string& fileName,
                                               const std::string& baseDir) {
  OrthoglideSceneLoadResult res;
  OrthoglideScene& s = res.scene;
  s.file = fileName;
  JsonReader rd(fileName, res.diagnostics);
  json doc;
  if (!rd.openDocument(text, doc, "maniplab-scene", "orthoglide")) return res;
  rd.checkKeys(doc, "", {"format", "version", "kind", "name", "description", "robot", "trajectory", "duration",
                         "rates", "integrator", "plant", "controllers", "record"});
  rd.string(doc, "", "name", s.name, true);
  rd.string(doc, "", "description", s.description, false);
  std::string robot;
  if (rd.string(doc, "", "robot", robot, true)) {
    s.robotFile = detail::resolveRobotPath(baseDir, robot);
    s.robot = loadOrthoglideFile(s.robotFile);
    for (const auto& d : s.robot.diagnostics) res.diagnostics.push_back(d);
    if (!s.robot.ok()) rd.error("/robot", "the Orthoglide robot file " + s.robotFile + " is invalid (see above)");
  }
  const bool robotOk = s.robot.ok() && !robot.empty();

  if (rd.object(doc, "", "trajectory", true))
    readTrajectory(rd, doc["trajectory"], robotOk ? &s.robot.model : nullptr, s.points, s.durations);
  if (rd.number(doc, "", "duration", s.duration, true) && !(s.duration > 0 && s.duration <= 24 * 3600))
    rd.error("/duration", "must be positive (at most 24 h)");

  detail::readRatesIntegratorPlant(rd, doc, 1000, 5000, s.controlPeriod, s.plant);
  if (s.duration > 0 && s.duration <= 24 * 3600) detail::checkRunSize(rd, doc, s.duration, s.controlPeriod, s.plant.period, 3);
  if (!doc.contains("controllers") || !doc["controllers"].is_array() || doc["controllers"].empty()) {
    rd.error("/controllers", "must be a non-empty array of controllers");
  } else {
    for (std::size_t k = 0; k < doc["controllers"].size(); ++k) {
      ControllerSpec c;
      readController(rd, doc["controllers"][k], "/controllers/" + std::to_string(k), s.robot.model, c);
      for (const auto& o : s.controllers)
        if (o.name == c.name) rd.error("/controllers/" + std::to_string(k) + "/name", "duplicate controller name \"" + c.name + "\"");
      s.controllers.push_back(c);
    }
  }
  detail::readRecordSelection(rd, doc, s.record);
  if (res.ok()) {
    try {
      makeOrthoglideTrajectory(s);
    } catch (const std::exception& e) {
      rd.error("/trajectory", e.what());
    }
  }
  return res;
}

std::vector<Diagnostic> checkOrthoglideTrajectory(const json& trajectory, const OrthoglideScene& context,
                                                  std::vector<Vector3>* points, std::vector<double>* durations) {
  std::vector<Diagnostic> out;
  JsonReader rd(context.file, out);
  std::vector<Vector3> pts;
  std::vector<double> durs;
  if (!trajectory.is_object()) {
    rd.error("/trajectory", message(msg::kNotObject));
  } else {
    readTrajectory(rd, trajectory, context.robot.ok() ? &context.robot.model : nullptr, pts, durs);
    if (noErrors(out)) {
      try {
        OrthoglideCartesianTrajectory built(context.robot.model, pts, durs);
      } catch (const std::exception& e) {
        rd.error("/trajectory", e.what());
      }
    }
  }
  if (points) *points = std::move(pts);
  if (durations) *durations = std::move(durs);
  return out;
}

json orthoglideTrajectoryJson(const std::vector<Vector3>& points, const std::vector<double>& durations) {
  json pts = json::array();
  for (const Vector3& p : points) pts.push_back({p[0], p[1], p[2]});
  return {{"type", "cartesian_points"}, {"points", pts}, {"durations", durations}};
}

OrthoglideSceneLoadResult loadOrthoglideSceneFile(const std::string& path) {
  std::string text;
  if (!readTextFile(path, text)) {
    OrthoglideSceneLoadResult r;
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kCannotOpen)));
    return r;
  }
  return parseOrthoglideScene(text, path, std::filesystem::path(path).parent_path().string());
}

}  // namespace maniplab::sim
