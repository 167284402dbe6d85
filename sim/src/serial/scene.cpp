// Scene files: reading, validation (file + JSON pointer in every message), and the factories that turn
// a scene into a trajectory, controllers and run options.
#include "maniplab/sim/scene.hpp"

#include <cmath>
#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>

#include "maniplab/model/json_reader.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "maniplab/sim/control/gain_design.hpp"
#include "maniplab/sim/control/operational_space_controller.hpp"
#include "maniplab/sim/trajectories/cartesian_line.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "../scene_sections.hpp"

namespace maniplab::sim {

using nlohmann::json;

bool SceneLoadResult::ok() const { return noErrors(diagnostics); }
std::string SceneLoadResult::report() const { return formatDiagnostics(diagnostics); }

namespace {

using detail::readJointVector;

bool nonNegative(JsonReader& rd, const std::string& p, const VectorX& v) {
  for (int i = 0; i < v.size(); ++i)
    if (v[i] < 0) {
      rd.error(p, message(msg::kNegativeJoint, {MessageArg::integer(i + 1), MessageArg::number(v[i], formatNumber(v[i]))}));
      return false;
    }
  return true;
}

void readGainDesign(JsonReader& rd, const json& c, const std::string& p, int n, ControllerSpec& s) {
  const json& d = c["design"];
  const std::string pd = p + "/design";
  rd.checkKeys(d, pd, {"response_time", "natural_frequency", "damping"});
  PdGains g{};
  double tr = 0, wn = 0, zeta = 1;
  if (d.contains("response_time")) {
    if (rd.positiveIn(d, pd, "response_time", tr, true, bounds::kDuration)) g = gainsFromResponseTime(tr);
  } else if (rd.positiveIn(d, pd, "natural_frequency", wn, true, bounds::kNaturalFrequency) &&
             (!d.contains("damping") || rd.numberIn(d, pd, "damping", zeta, false, bounds::kDamping))) {
    g = gainsFromNaturalFrequency(wn, zeta);
  }
  if (c.contains("kp") || c.contains("kv")) rd.error(pd, message(msg::kDesignOrGains));
  s.kp = VectorX::Constant(n, g.kp);
  s.kv = VectorX::Constant(n, g.kv);
}

/// A per-Cartesian-axis gain: a number (every axis) or 6 numbers [phi theta psi X Y Z], each within
/// bounds::kGain. Returns false (with one error naming the field or its entry) otherwise.
bool cartesianGain(JsonReader& rd, const json& c, const std::string& p, const char* key, VectorX& out) {
  const std::string pk = p + "/" + key;
  if (!c.contains(key)) {
    rd.error(pk, message(msg::kMissingCartesianGain));
    return false;
  }
  const json& v = c[key];
  out = VectorX::Zero(6);
  if (v.is_number()) {
    double x = 0;
    if (!rd.numberValue(v, pk, x) || !rd.within(pk, x, bounds::kGain)) return false;
    out.setConstant(x);
  } else if (v.is_array()) {
    if (v.size() != 6) {
      rd.error(pk, message(msg::kCartesianCount, {MessageArg::integer(static_cast<long long>(v.size()))}));
      return false;
    }
    for (int i = 0; i < 6; ++i) {
      const std::string pi = pk + "/" + std::to_string(i);
      if (!rd.numberValue(v[std::size_t(i)], pi, out[i]) || !rd.within(pi, out[i], bounds::kGain)) return false;
    }
  } else {
    rd.error(pk, message(msg::kCartesianNumberOrArray));
    return false;
  }
  return true;
}

/// "operational_space": Cartesian computed torque (operational_space_controller.hpp) on a 6-joint arm.
void readOperationalSpace(JsonReader& rd, const json& c, const std::string& p, const Model& model, ControllerSpec& s) {
  rd.checkKeys(c, p, {"type", "name", "kp", "kv", "design", "damping", "model"});
  if (model.nq != 6)
    rd.error(p + "/type", message(msg::kOperationalSpaceJoints, {MessageArg::field(model.name), MessageArg::integer(model.nq)}));
  if (c.contains("design") && c["design"].is_object()) {
    readGainDesign(rd, c, p, 6, s);  // the same K_p, K_v on every Cartesian axis
  } else {
    cartesianGain(rd, c, p, "kp", s.kp);
    cartesianGain(rd, c, p, "kv", s.kv);
  }
  if (rd.object(c, p, "damping", false)) {
    const json& d = c["damping"];
    const std::string pd = p + "/damping";
    rd.checkKeys(d, pd, {"singular_threshold", "max_damping"});
    if (rd.number(d, pd, "singular_threshold", s.singularThreshold, false) && !(s.singularThreshold > 0))
      rd.error(pd + "/singular_threshold", message(msg::kSingularThreshold));
    else if (d.contains("singular_threshold"))
      rd.within(pd + "/singular_threshold", s.singularThreshold, bounds::kDamping);
    if (rd.number(d, pd, "max_damping", s.maxDamping, false) && !(s.maxDamping >= 0))
      rd.error(pd + "/max_damping", message(msg::kMaxDamping));
    else if (d.contains("max_damping"))
      rd.within(pd + "/max_damping", s.maxDamping, bounds::kDamping);
  }
  detail::readControllerModel(rd, c, p, s);
}

void readController(JsonReader& rd, const json& c, const std::string& p, const Model& model, ControllerSpec& s) {
  const int n = model.nq;
  rd.string(c, p, "type", s.type, true);
  rd.string(c, p, "name", s.name, false);
  if (s.name.empty()) s.name = s.type;
  if (s.type == "zero") {
    rd.checkKeys(c, p, {"type", "name"});
    return;
  }
  if (s.type == "pid") {
    rd.checkKeys(c, p, {"type", "name", "kp", "ki", "kd", "derivative_filter", "saturation", "anti_windup", "tracking_time"});
    readJointVector(rd, c, p, "kp", n, s.kp, true, &bounds::kGain);
    if (!readJointVector(rd, c, p, "ki", n, s.ki, false, &bounds::kGain)) s.ki = VectorX::Zero(n);
    if (!readJointVector(rd, c, p, "kd", n, s.kv, false, &bounds::kGain)) s.kv = VectorX::Zero(n);
    if (!readJointVector(rd, c, p, "derivative_filter", n, s.derivativeFilter, false, &bounds::kDuration))
      s.derivativeFilter = VectorX::Zero(n);
    if (!readJointVector(rd, c, p, "tracking_time", n, s.trackingTime, false, &bounds::kDuration))
      s.trackingTime = VectorX::Zero(n);
    std::vector<double> effort;
    for (const auto& l : model.limits) effort.push_back(l.effort);
    detail::readSaturation(rd, c, p, effort, s.saturation);
    std::string aw = "clamping";
    rd.string(c, p, "anti_windup", aw, false);
    if (aw == "clamping") s.antiWindup = AntiWindup::Clamping;
    else if (aw == "back_calculation") s.antiWindup = AntiWindup::BackCalculation;
    else if (aw == "both") s.antiWindup = AntiWindup::Both;
    else if (aw == "none") s.antiWindup = AntiWindup::None;
    else rd.error(p + "/anti_windup", message(msg::kAntiWindup));
    if ((s.antiWindup == AntiWindup::BackCalculation || s.antiWindup == AntiWindup::Both) && !c.contains("tracking_time"))
      rd.error(p + "/tracking_time", message(msg::kTrackingTime));
    return;
  }
  if (s.type == "operational_space") {
    readOperationalSpace(rd, c, p, model, s);
    return;
  }
  if (s.type != "computed_torque" && s.type != "pd_gravity") {
    rd.error(p + "/type", message(msg::kControllerType, {MessageArg::field(s.type)}));
    return;
  }
  const bool ct = s.type == "computed_torque";
  if (ct)
    rd.checkKeys(c, p, {"type", "name", "kp", "kv", "design", "model"});
  else
    rd.checkKeys(c, p, {"type", "name", "kp", "kd", "model"});
  if (ct && c.contains("design") && c["design"].is_object()) {
    readGainDesign(rd, c, p, n, s);
  } else {
    readJointVector(rd, c, p, "kp", n, s.kp, true, &bounds::kGain);
    readJointVector(rd, c, p, ct ? "kv" : "kd", n, s.kv, true, &bounds::kGain);
  }
  detail::readControllerModel(rd, c, p, s);
}

/// Checks one joint vector of a trajectory (a via point): "home", a number for every joint, or an array of
/// n finite numbers (makeTrajectory's jointValues reads the same forms).
void checkJointValue(JsonReader& rd, const json& v, const std::string& p, int n) {
  double x = 0;
  if (v.is_string() && v == "home") return;
  if (v.is_number()) {
    rd.numberValue(v, p, x);
  } else if (!v.is_array()) {
    rd.error(p, message(msg::kNumberOrArray, {MessageArg::integer(n)}));
  } else if (int(v.size()) != n) {
    rd.error(p, message(msg::kJointCount, {MessageArg::integer(n), MessageArg::integer(static_cast<long long>(v.size()))}));
  } else {
    for (int i = 0; i < n; ++i) rd.numberValue(v[std::size_t(i)], p + "/" + std::to_string(i), x);
  }
}

/// Checks the via points' times: finite, the first non-negative, each later than the one before.
void checkTimes(JsonReader& rd, const json& times, const std::string& p) {
  double previous = 0;
  for (std::size_t k = 0; k < times.size(); ++k) {
    const std::string pk = p + "/" + std::to_string(k);
    double x = 0;
    if (!rd.numberValue(times[k], pk, x)) return;
    if (k == 0 && x < 0) rd.error(pk, message(msg::kNegative));
    else if (!rd.within(pk, x, bounds::kDuration)) return;
    if (k > 0 && !(x > previous)) rd.error(pk, message(msg::kTimesIncreasing, {MessageArg::number(previous, formatNumber(previous))}));
    previous = x;
  }
}

/// Checks the trajectory object's keys and value shapes; the classes are built by makeTrajectory().
void checkTrajectory(JsonReader& rd, const json& t, const std::string& p, int n) {
  std::string type;
  if (!rd.string(t, p, "type", type, true)) return;
  auto joints = [&](const char* key, bool required) {
    if (t.contains(key) && t[key].is_string() && t[key] == "home") return;
    VectorX v;
    readJointVector(rd, t, p, key, n, v, required);
  };
  // a per-joint limit of a trapezoidal profile: within `b`, and not zero
  auto limits = [&](const char* key, const FieldBound& b) {
    VectorX v;
    if (!readJointVector(rd, t, p, key, n, v, true, &b)) return;
    for (int i = 0; i < n; ++i)
      if (v[i] == 0) {
        rd.error(t[key].is_array() ? p + "/" + key + "/" + std::to_string(i) : p + "/" + key, message(msg::kNotPositive));
        return;
      }
  };
  auto positive = [&](const char* key, bool required, const FieldBound& b) {
    double x = 0;
    return rd.positiveIn(t, p, key, x, required, b);
  };
  if (type == "quintic") {
    rd.checkKeys(t, p, {"type", "from", "to", "duration"});
    joints("from", true);
    joints("to", true);
    positive("duration", true, bounds::kDuration);
  } else if (type == "trapezoidal") {
    rd.checkKeys(t, p, {"type", "from", "to", "max_velocity", "max_acceleration"});
    joints("from", true);
    joints("to", true);
    limits("max_velocity", bounds::kVelocity);
    limits("max_acceleration", bounds::kAcceleration);
  } else if (type == "via_points") {
    rd.checkKeys(t, p, {"type", "points", "times"});
    if (!t.contains("points") || !t["points"].is_array() || t["points"].size() < 2)
      rd.error(p + "/points", message(msg::kPoints));
    else
      for (std::size_t k = 0; k < t["points"].size(); ++k) checkJointValue(rd, t["points"][k], p + "/points/" + std::to_string(k), n);
    if (!t.contains("times") || !t["times"].is_array() || !t.contains("points") || t["times"].size() != t["points"].size())
      rd.error(p + "/times", message(msg::kTimes));
    else
      checkTimes(rd, t["times"], p + "/times");
  } else if (type == "fourier") {
    rd.checkKeys(t, p, {"type", "q0", "base_frequency", "a", "b", "periods"});
    joints("q0", true);
    positive("base_frequency", true, bounds::kTrajectoryFrequency);
    positive("periods", false, bounds::kRepetitions);
    for (const char* k : {"a", "b"})
      if (!t.contains(k) || !t[k].is_array() || int(t[k].size()) != n)
        rd.error(p + "/" + k, message(msg::kFourierCoefficients, {MessageArg::integer(n)}));
  } else if (type == "cartesian_line") {
    rd.checkKeys(t, p, {"type", "from", "to", "duration", "sample_period", "ik"});
    for (const char* k : {"from", "to"}) {
      if (!rd.object(t, p, k, true)) continue;
      rd.checkKeys(t[k], p + "/" + k, {"xyz", "euler_xyz"});
      Vector3 v;
      rd.vec3(t[k], p + "/" + k, "xyz", v, true);
      rd.vec3(t[k], p + "/" + k, "euler_xyz", v, true);
    }
    // the line is sampled at build time (inverse kinematics at each sample): at most kMaxLineSamples
    double T = 0, Ts = CartesianLineOptions{}.samplePeriod;
    const bool timed = rd.positiveIn(t, p, "duration", T, true, bounds::kDuration);
    if (rd.positiveIn(t, p, "sample_period", Ts, false, bounds::kPeriod) || !t.contains("sample_period")) {
      const double samples = std::ceil(T / Ts);
      if (timed && samples > detail::kMaxLineSamples)
        rd.error(t.contains("sample_period") ? p + "/sample_period" : p + "/duration",
                 message(msg::kLineSamples, {MessageArg::number(T, formatNumber(T)), MessageArg::number(Ts, formatNumber(Ts)),
                                             MessageArg::number(samples, formatNumber(samples)),
                                             MessageArg::number(detail::kMaxLineSamples, formatNumber(detail::kMaxLineSamples))}));
    }
    std::string ik = "auto";
    if (rd.string(t, p, "ik", ik, false) && ik != "auto" && ik != "umis" && ik != "numeric")
      rd.error(p + "/ik", message(msg::kIkMethod));
  } else if (type == "umis_thesis_line") {
    rd.checkKeys(t, p, {"type"});
  } else if (type == "hold") {
    rd.checkKeys(t, p, {"type", "q", "duration"});
    joints("q", false);
    positive("duration", false, bounds::kDuration);
  } else {
    rd.error(p + "/type", message(msg::kUnknownTrajectory, {MessageArg::field(type)}));
  }
}


}  // namespace

namespace detail {

/// Builds the scene's trajectory as a run does (makeTrajectory: via-point times, trapezoidal limits,
/// Cartesian IK...): its failure is an error at /trajectory, a trajectory longer than the run a warning.
void checkBuiltTrajectory(JsonReader& rd, const Scene& s) {
  try {
    const auto traj = makeTrajectory(s);
    if (traj->duration() > s.duration + 1e-12)
      rd.warning("/duration", message(msg::kDurationShort, {MessageArg::number(traj->duration(), formatNumber(traj->duration()))}));
  } catch (const MessageError& e) {
    rd.error("/trajectory", e.message());
  } catch (const std::exception&) {  // a value checkTrajectory let through: said in words, never the exception's text
    rd.error("/trajectory", message(msg::kTrajectoryNotBuilt));
  }
}

void readJointSpaceScene(JsonReader& rd, const json& doc, Scene& s, double defaultControlHz, double defaultPlantHz) {
  const Model& model = s.robot.model;
  const int n = model.nq;

  if (rd.object(doc, "", "trajectory", true)) {
    s.trajectory = doc["trajectory"];
    checkTrajectory(rd, s.trajectory, "/trajectory", n);
  }
  readDuration(rd, doc, s.duration);

  readRatesIntegratorPlant(rd, doc, defaultControlHz, defaultPlantHz, s.controlPeriod, s.plant);
  if (s.duration <= bounds::kDuration.hi) checkRunSize(rd, doc, s.duration, s.controlPeriod, s.plant.period, n);
  if (rd.object(doc, "", "measurement", false)) {
    const json& m = doc["measurement"];
    const std::string p = "/measurement";
    rd.checkKeys(m, p, {"encoder_bits", "noise_std", "seed", "velocity", "velocity_window"});
    auto& mo = s.plant.measurement;
    VectorX v;
    if (readJointVector(rd, m, p, "encoder_bits", n, v, false)) {
      mo.quantum.assign(std::size_t(n), 0.0);
      for (int i = 0; i < n; ++i) {
        if (v[i] < 0 || v[i] > 62) rd.error(p + "/encoder_bits", message(msg::kEncoderBits));
        // revolute: 2^bits counts per revolution; prismatic: 2^bits counts per metre
        if (v[i] > 0) mo.quantum[std::size_t(i)] = (model.isRevolute(i) ? 2 * M_PI : 1.0) / std::pow(2.0, v[i]);
      }
    }
    if (readJointVector(rd, m, p, "noise_std", n, v, false) && nonNegative(rd, p + "/noise_std", v))
      mo.noiseStd.assign(v.data(), v.data() + n);
    detail::readSeed(rd, m, p, "seed", mo.seed);
    std::string vel = "true";
    rd.string(m, p, "velocity", vel, false);
    if (vel == "difference") mo.estimateVelocity = true;
    else if (vel != "true") rd.error(p + "/velocity", message(msg::kVelocityEstimator));
    double w = 10;
    if (rd.number(m, p, "velocity_window", w, false)) {
      if (w < 1 || w != std::floor(w)) rd.error(p + "/velocity_window", message(msg::kNotPositiveInteger));
      mo.velocityWindow = int(w);
    }
  }
  if (rd.object(doc, "", "initial_state", false)) {
    const json& is = doc["initial_state"];
    rd.checkKeys(is, "/initial_state", {"q", "qd"});
    if (is.contains("q") && is["q"].is_string() && is["q"] == "home")
      s.q0 = model.home;
    else
      readJointVector(rd, is, "/initial_state", "q", n, s.q0, false);
    readJointVector(rd, is, "/initial_state", "qd", n, s.qd0, false);
  }
  if (!doc.contains("controllers") || !doc["controllers"].is_array() || doc["controllers"].empty()) {
    rd.error("/controllers", message(msg::kNoControllers));
  } else {
    std::set<std::string> names;
    for (std::size_t i = 0; i < doc["controllers"].size(); ++i) {
      const std::string p = "/controllers/" + std::to_string(i);
      const json& c = doc["controllers"][i];
      if (!c.is_object()) {
        rd.error(p, message(msg::kNotObject));
        continue;
      }
      ControllerSpec spec;
      readController(rd, c, p, model, spec);
      if (!names.insert(spec.name).second) rd.error(p + "/name", message(msg::kDuplicateController, {MessageArg::field(spec.name)}));
      s.controllers.push_back(spec);
    }
  }
  readRecordSelection(rd, doc, s.record);
  if (rd.string(doc, "", "backend", s.backend, false) && s.backend != "sim" && s.backend != "ethercat")
    rd.error("/backend", message(msg::kBackend));
  if (rd.object(doc, "", "ethercat", false)) {  // the EtherCAT master's fault policy (0: its default)
    const json& e = doc["ethercat"];
    rd.checkKeys(e, "/ethercat", {"loss_budget_ms", "max_losses_per_second"});
    double v = 0;
    if (rd.number(e, "/ethercat", "loss_budget_ms", v, false)) {
      if (!(v >= 0 && v <= 10000)) rd.error("/ethercat/loss_budget_ms", message(msg::kLossBudget));
      s.ethercat.lossBudget = v * 1e-3;
    }
    if (rd.number(e, "/ethercat", "max_losses_per_second", v, false)) {
      if (!(v >= 0 && v <= 1e6)) rd.error("/ethercat/max_losses_per_second", message(msg::kLossesPerSecond));
      s.ethercat.maxLossesPerSecond = v;
    }
  }
}

}  // namespace detail

std::vector<Diagnostic> validateTrajectory(const json& trajectory, const Model& model, const std::string& fileName) {
  std::vector<Diagnostic> out;
  JsonReader rd(fileName, out);
  if (!trajectory.is_object())
    rd.error("/trajectory", message(msg::kNotObject));
  else
    checkTrajectory(rd, trajectory, "/trajectory", model.nq);
  return out;
}

std::vector<Diagnostic> checkSceneTrajectory(const Scene& scene) {
  std::vector<Diagnostic> out = validateTrajectory(scene.trajectory, scene.robot.model, scene.file);
  if (noErrors(out)) {
    JsonReader rd(scene.file, out);
    detail::checkBuiltTrajectory(rd, scene);
  }
  return out;
}

SceneLoadResult parseScene(const std::string& text, const std::string& fileName, const std::string& baseDir) {
  SceneLoadResult res;
  Scene& s = res.scene;
  s.file = fileName;
  JsonReader rd(fileName, res.diagnostics);
  json doc;
  if (!rd.openDocument(text, doc, "maniplab-scene")) return res;
  std::string kind = "serial";  // optional: a scene file without "kind" is a serial scene (the original format)
  if (rd.string(doc, "", "kind", kind, false) && kind != "serial")
    rd.error("/kind", message(msg::kSerialKind, {MessageArg::field(kind)}));
  rd.checkKeys(doc, "", {"format", "version", "kind", "name", "description", "robot", "trajectory", "duration", "rates",
                         "integrator", "plant", "measurement", "initial_state", "controllers", "record", "backend",
                         "ethercat"});
  rd.string(doc, "", "name", s.name, true);
  rd.string(doc, "", "description", s.description, false);
  std::string robot;
  if (!rd.string(doc, "", "robot", robot, true)) return res;
  s.robotFile = detail::resolveRobotPath(baseDir, robot);
  s.robot = loadRobotAnyFormat(s.robotFile);  // ManipLab JSON or URDF (by extension)
  if (!s.robot.ok()) {
    rd.error("/robot", message(msg::kRobotInvalid, {MessageArg::field(s.robotFile)}));
    for (const auto& d : s.robot.diagnostics) res.diagnostics.push_back(d);
    return res;
  }
  detail::readJointSpaceScene(rd, doc, s, 400, 2000);
  if (res.ok()) detail::checkBuiltTrajectory(rd, s);
  return res;
}

SceneLoadResult loadSceneFile(const std::string& path) {
  std::string text;
  if (!readTextFile(path, text)) {
    SceneLoadResult r;
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kCannotOpen)));
    return r;
  }
  return parseScene(text, path, std::filesystem::path(path).parent_path().string());
}

std::unique_ptr<Controller> makeController(const ControllerSpec& s, const Model& plantModel) {
  if (s.type == "zero") return std::make_unique<ZeroController>(s.name);
  if (s.type == "pid") {
    PidGains g{s.kp, s.ki, s.kv, s.derivativeFilter, s.saturation, s.antiWindup, s.trackingTime};
    return std::make_unique<PidController>(s.name, g);
  }
  const Model own = perturbedModel(plantModel, s.perturbationPercent, s.perturbationSeed);
  if (s.type == "pd_gravity") return std::make_unique<PdGravityController>(s.name, own, s.kp, s.kv);
  if (s.type == "operational_space") {
    OperationalSpaceOptions o;
    o.singularThreshold = s.singularThreshold;
    o.maxDamping = s.maxDamping;
    return std::make_unique<OperationalSpaceController>(s.name, own, Vector6(s.kp), Vector6(s.kv), s.friction, o);
  }
  return std::make_unique<ComputedTorqueController>(s.name, own, s.kp, s.kv, s.friction);
}

RunOptions runOptions(const Scene& s) {
  RunOptions o;
  o.controlPeriod = s.controlPeriod;
  o.duration = s.duration;
  o.q0 = s.q0;
  o.qd0 = s.qd0;
  o.record = s.record;
  o.friction = s.plant.friction;
  o.frictionSmoothing = s.plant.coulombSmoothing;
  return o;
}

}  // namespace maniplab::sim
