// Orthoglide scene reader/validator ("kind": "orthoglide"; format: robots/orthoglide.md, "Scenes").
// Same diagnostics as the serial scenes: FILE:/json/pointer: error: message.
#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "maniplab/model/model_messages.hpp"
#include "maniplab/model/json_reader.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "maniplab/sim/orthoglide/trajectory.hpp"
#include "../scene_sections.hpp"

namespace maniplab::sim {

using json = nlohmann::json;

namespace {

/// A per-actuator value (one number, or an array of 3) within `b` (detail::readJointVector).
bool gains(JsonReader& rd, const json& obj, const std::string& path, const char* key, VectorX& out, bool required,
           const FieldBound& b = bounds::kGain) {
  return detail::readJointVector(rd, obj, path, key, 3, out, required, &b);
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
    if (!gains(rd, c, p, "derivative_filter", s.derivativeFilter, false, bounds::kDuration))
      s.derivativeFilter = VectorX::Zero(3);
    std::vector<double> effort;
    for (const auto& ch : model.chain) effort.push_back(ch.limits.effort);
    detail::readSaturation(rd, c, p, effort, s.saturation);
    std::string aw = "clamping";
    rd.string(c, p, "anti_windup", aw, false);
    if (aw == "clamping") s.antiWindup = AntiWindup::Clamping;
    else if (aw == "none") s.antiWindup = AntiWindup::None;
    else rd.error(p + "/anti_windup", message(msg::kOrthoglideAntiWindup));
  } else if (s.type == "computed_torque") {
    rd.checkKeys(c, p, {"type", "name", "kp", "kv", "model"});
    gains(rd, c, p, "kp", s.kp, true);
    gains(rd, c, p, "kv", s.kv, true);
    detail::readControllerModel(rd, c, p, s);
  } else if (!s.type.empty()) {
    rd.error(p + "/type", message(msg::kOrthoglideControllerType, {MessageArg::field(s.type)}));
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
    rd.error(p + "/type", message(msg::kCartesianPoints));
  if (!t.contains("points") || !t["points"].is_array() || t["points"].size() < 2) {
    rd.error(p + "/points", message(msg::kPlatformPoints));
  } else {
    for (std::size_t k = 0; k < t["points"].size(); ++k) {
      const json& pt = t["points"][k];
      const std::string pp = p + "/points/" + std::to_string(k);
      Vector3 v = Vector3::Zero();
      if (!pt.is_array() || pt.size() != 3) {
        rd.error(pp, message(msg::kNotVector3));
        continue;
      }
      bool ok = true;
      for (int i = 0; i < 3; ++i)
        ok &= rd.numberValue(pt[std::size_t(i)], pp + "/" + std::to_string(i), v[i]) &&
              rd.within(pp + "/" + std::to_string(i), v[i], bounds::kLength);
      if (!ok) continue;
      points.push_back(v);
      Message why;
      OrthoglideChainVariables q;
      if (model && !orthoglideInverseGeometric(*model, v, q, &why)) rd.error(pp, message(msg::kPointOutOfReach, {why}));
    }
  }
  if (!t.contains("durations") || !t["durations"].is_array()) {
    rd.error(p + "/durations", message(msg::kDurations));
  } else {
    for (std::size_t k = 0; k < t["durations"].size(); ++k) {
      double d = 0;
      const std::string pd = p + "/durations/" + std::to_string(k);
      if (rd.numberValue(t["durations"][k], pd, d)) {
        if (!(d > 0)) rd.error(pd, message(msg::kNotPositive));
        else rd.within(pd, d, bounds::kDuration);
        durations.push_back(d);
      }
    }
    if (t.contains("points") && t["points"].is_array() && t["durations"].size() + 1 != t["points"].size())
      rd.error(p + "/durations", message(msg::kDurationsCount, {MessageArg::integer(static_cast<long long>(
                                                                    t["points"].is_array() ? t["points"].size() - 1 : 0))}));
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
    if (!s.robot.ok()) rd.error("/robot", message(msg::kOrthoglideRobotInvalid, {MessageArg::field(s.robotFile)}));
  }
  const bool robotOk = s.robot.ok() && !robot.empty();

  if (rd.object(doc, "", "trajectory", true))
    readTrajectory(rd, doc["trajectory"], robotOk ? &s.robot.model : nullptr, s.points, s.durations);
  detail::readDuration(rd, doc, s.duration);

  detail::readRatesIntegratorPlant(rd, doc, 1000, 5000, s.controlPeriod, s.plant);
  if (s.duration > 0 && s.duration <= bounds::kDuration.hi) detail::checkRunSize(rd, doc, s.duration, s.controlPeriod, s.plant.period, 3);
  if (!doc.contains("controllers") || !doc["controllers"].is_array() || doc["controllers"].empty()) {
    rd.error("/controllers", message(msg::kNoControllers));
  } else {
    for (std::size_t k = 0; k < doc["controllers"].size(); ++k) {
      ControllerSpec c;
      readController(rd, doc["controllers"][k], "/controllers/" + std::to_string(k), s.robot.model, c);
      for (const auto& o : s.controllers)
        if (o.name == c.name)
          rd.error("/controllers/" + std::to_string(k) + "/name", message(msg::kDuplicateController, {MessageArg::field(c.name)}));
      s.controllers.push_back(c);
    }
  }
  detail::readRecordSelection(rd, doc, s.record);
  if (res.ok()) {
    try {
      makeOrthoglideTrajectory(s);
    } catch (const MessageError& e) {
      rd.error("/trajectory", e.message());
    } catch (const std::exception&) {  // a value the checks above let through: said in words, never the exception's text
      rd.error("/trajectory", message(msg::kTrajectoryNotBuilt));
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
      } catch (const MessageError& e) {
        rd.error("/trajectory", e.message());
      } catch (const std::exception&) {
        rd.error("/trajectory", message(msg::kTrajectoryNotBuilt));
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
