// Writes a serial scene as a "maniplab-scene" file (scenes/README.md) that the scene reader (scene.cpp)
// reads back to the same Scene.
#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include "maniplab/model/atomic_file.hpp"
#include "maniplab/sim/scene.hpp"
#include "../scene_writer_sections.hpp"

namespace maniplab::sim {

using nlohmann::json;

namespace detail {

json jsonValues(const VectorX& v) {
  auto finite = [](double x) { return std::isfinite(x) ? x : std::copysign(std::numeric_limits<double>::max(), x); };
  bool same = v.size() > 0;
  for (int i = 1; i < v.size() && same; ++i) same = v[i] == v[0];
  if (same) return finite(v[0]);
  json a = json::array();
  for (int i = 0; i < v.size(); ++i) a.push_back(finite(v[i]));
  return a;
}
json jsonValues(const std::vector<double>& v) {
  return jsonValues(VectorX(Eigen::Map<const VectorX>(v.data(), Eigen::Index(v.size()))));
}

namespace {
/// A rate in Hz from its period: the integer when 1/period is one (the reader's 1/Hz gives the period back).
double hertz(double period) {
  const double hz = 1.0 / period;
  const double r = std::round(hz);
  return std::abs(hz - r) <= 1e-9 * std::max(1.0, r) ? r : hz;
}

const char* stepperName(Stepper s) {
  switch (s) {
    case Stepper::Euler: return "euler";
    case Stepper::DormandPrince5: return "dopri5";
    case Stepper::RungeKutta4: break;
  }
  return "rk4";
}
}  // namespace

void writeRatesIntegratorPlant(json& doc, double controlPeriod, const PlantOptions& plant) {
  doc["rates"] = {{"control_hz", hertz(controlPeriod)}, {"plant_hz", hertz(plant.period)}};
  doc["integrator"] = {{"stepper", stepperName(plant.stepper)},
                       {"abs_tol", plant.absTolerance},
                       {"rel_tol", plant.relTolerance}};
  doc["plant"] = {{"friction", plant.friction},
                  {"gravity", plant.gravity},
                  {"coulomb_smoothing", plant.coulombSmoothing},
                  {"torque_saturation", plant.saturateTorque}};
}

const char* antiWindupName(AntiWindup a) {
  switch (a) {
    case AntiWindup::None: return "none";
    case AntiWindup::BackCalculation: return "back_calculation";
    case AntiWindup::Both: return "both";
    case AntiWindup::Clamping: break;
  }
  return "clamping";
}

const char* frictionCompensationName(FrictionCompensation f) {
  switch (f) {
    case FrictionCompensation::CoulombOnly: return "coulomb";
    case FrictionCompensation::Full: return "full";
    case FrictionCompensation::None: break;
  }
  return "none";
}

json recordJson(const RecordSelection& r) {
  json a = json::array();
  const std::pair<bool, const char*> groups[] = {{r.reference, "reference"}, {r.state, "state"},     {r.error, "error"},
                                                 {r.torque, "torque"},       {r.friction, "friction"}, {r.endEffector, "end_effector"},
                                                 {r.energy, "energy"},       {r.timing, "timing"}};
  for (const auto& [on, name] : groups)
    if (on) a.push_back(name);
  return a;
}

std::string robotPathForScene(const std::string& robotFile, const std::string& sceneDir) {
  namespace fs = std::filesystem;
  const fs::path robot = fs::absolute(robotFile).lexically_normal();
  const fs::path dir = fs::absolute(sceneDir.empty() ? fs::path(".") : fs::path(sceneDir)).lexically_normal();
  auto r = robot.begin(), d = dir.begin();
  int common = 0;  // path components shared below the root
  for (; r != robot.end() && d != dir.end() && *r == *d; ++r, ++d)
    if (!r->empty() && *r != robot.root_directory()) ++common;
  if (common == 0) return robot.generic_string();
  const fs::path rel = robot.lexically_relative(dir);
  return rel.empty() ? robot.generic_string() : rel.generic_string();
}

}  // namespace detail

namespace {

using detail::antiWindupName;
using detail::recordJson;
json values(const VectorX& v) { return detail::jsonValues(v); }
json values(const std::vector<double>& v) { return detail::jsonValues(v); }
const char* frictionName(FrictionCompensation f) { return detail::frictionCompensationName(f); }

json modelBlock(const ControllerSpec& s) {
  return {{"perturbation_percent", s.perturbationPercent},
          {"seed", s.perturbationSeed},
          {"friction_compensation", frictionName(s.friction)}};
}

json controllerJson(const ControllerSpec& s, const Model& model) {
  json c = {{"name", s.name}, {"type", s.type}};
  auto set = [&c](const char* key, const VectorX& v) {  // an empty optional vector: the reader's default
    if (v.size() > 0) c[key] = values(v);
  };
  if (s.type == "zero") return c;
  if (s.type == "pid") {
    c["kp"] = values(s.kp);
    set("ki", s.ki);
    set("kd", s.kv);
    set("derivative_filter", s.derivativeFilter);
    set("tracking_time", s.trackingTime);
    c["anti_windup"] = antiWindupName(s.antiWindup);
    bool none = true, limits = s.saturation.size() == model.nq;
    for (int i = 0; i < s.saturation.size(); ++i) {
      none = none && std::isinf(s.saturation[i]) && s.saturation[i] > 0;
      limits = limits && s.saturation[i] == model.limits[std::size_t(i)].effort;
    }
    if (limits)
      c["saturation"] = "limits";
    else if (!none)
      c["saturation"] = values(s.saturation);
    return c;
  }
  c["kp"] = values(s.kp);
  c[s.type == "pd_gravity" ? "kd" : "kv"] = values(s.kv);
  if (s.type == "operational_space")
    c["damping"] = {{"singular_threshold", s.singularThreshold}, {"max_damping", s.maxDamping}};
  c["model"] = modelBlock(s);
  return c;
}

}  // namespace

namespace detail {

void writeJointSpaceScene(json& doc, const Scene& s) {
  const Model& m = s.robot.model;
  const int n = m.nq;
  doc["trajectory"] = s.trajectory;
  doc["duration"] = s.duration;
  writeRatesIntegratorPlant(doc, s.controlPeriod, s.plant);

  const MeasurementOptions& mo = s.plant.measurement;
  const MeasurementOptions defaults;
  json meas = json::object();
  if (!mo.quantum.empty()) {
    // quantum = (2 pi per revolution or 1 m) / 2^bits (scene.cpp); 0 = ideal encoder.
    VectorX bits = VectorX::Zero(Eigen::Index(mo.quantum.size()));
    for (std::size_t i = 0; i < mo.quantum.size(); ++i) {
      if (!(mo.quantum[i] > 0)) continue;
      const double scale = int(i) < n && m.isRevolute(int(i)) ? 2 * M_PI : 1.0;
      const double b = std::log2(scale / mo.quantum[i]);
      bits[Eigen::Index(i)] = std::abs(b - std::round(b)) < 1e-9 ? std::round(b) : b;
    }
    meas["encoder_bits"] = values(bits);
  }
  if (!mo.noiseStd.empty()) meas["noise_std"] = values(mo.noiseStd);
  if (mo.seed != defaults.seed) meas["seed"] = mo.seed;
  if (mo.estimateVelocity) meas["velocity"] = "difference";
  if (mo.velocityWindow != defaults.velocityWindow) meas["velocity_window"] = mo.velocityWindow;
  if (!meas.empty()) doc["measurement"] = meas;

  json init = json::object();
  if (s.q0.size() == n && n > 0) init["q"] = values(s.q0);
  if (s.qd0.size() == n && n > 0) init["qd"] = values(s.qd0);
  if (!init.empty()) doc["initial_state"] = init;

  json ctrl = json::array();
  for (const auto& c : s.controllers) ctrl.push_back(controllerJson(c, m));
  doc["controllers"] = ctrl;
  doc["record"] = recordJson(s.record);
}

}  // namespace detail

json sceneToJson(const Scene& s, const std::string& sceneDir) {
  json doc = {{"format", "maniplab-scene"}, {"version", 1}, {"name", s.name}};
  if (!s.description.empty()) doc["description"] = s.description;
  doc["robot"] = detail::robotPathForScene(s.robotFile, sceneDir);
  detail::writeJointSpaceScene(doc, s);
  doc["backend"] = s.backend;
  if (s.ethercat.lossBudget > 0 || s.ethercat.maxLossesPerSecond > 0) {
    json e = json::object();
    if (s.ethercat.lossBudget > 0) e["loss_budget_ms"] = s.ethercat.lossBudget * 1e3;
    if (s.ethercat.maxLossesPerSecond > 0) e["max_losses_per_second"] = s.ethercat.maxLossesPerSecond;
    doc["ethercat"] = e;
  }
  return doc;
}

void writeSceneFile(const Scene& scene, const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  const std::string text = sceneToJson(scene, dir).dump(2) + "\n";
  // What is written must read back: the reader's diagnostics refuse the save before the file is touched.
  const SceneLoadResult back = parseScene(text, path, dir);
  if (!back.ok()) throw std::runtime_error("cannot save the scene '" + path + "': it would not read back:\n" + back.report());
  writeFileAtomically(path, text, "scene file");
}

}  // namespace maniplab::sim
