// Writes an Orthoglide scene as a "kind": "orthoglide" scene file (robots/orthoglide.md, "Scenes") that
// the Orthoglide scene reader (orthoglide_scene.cpp) reads back to the same OrthoglideScene.
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "maniplab/model/atomic_file.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "../scene_writer_sections.hpp"

namespace maniplab::sim {

using nlohmann::json;

namespace {

/// The reader's PID anti-windup modes are "clamping" and "none" only: another one cannot be written.
json controllerJson(const ControllerSpec& s, const OrthoglideModel& model) {
  json c = {{"name", s.name}, {"type", s.type}};
  auto set = [&c](const char* key, const VectorX& v) {  // an empty optional vector: the reader's default
    if (v.size() > 0) c[key] = detail::jsonValues(v);
  };
  if (s.type == "pid") {
    c["kp"] = detail::jsonValues(s.kp);
    set("ki", s.ki);
    set("kd", s.kv);
    set("derivative_filter", s.derivativeFilter);
    if (s.antiWindup != AntiWindup::Clamping && s.antiWindup != AntiWindup::None)
      throw std::runtime_error("controller \"" + s.name + "\": an Orthoglide PID's anti-windup is \"clamping\" or \"none\" (got \"" +
                               detail::antiWindupName(s.antiWindup) + "\")");
    c["anti_windup"] = detail::antiWindupName(s.antiWindup);
    bool none = true, limits = s.saturation.size() == 3;
    for (int i = 0; i < s.saturation.size(); ++i) {
      none = none && std::isinf(s.saturation[i]) && s.saturation[i] > 0;
      limits = limits && s.saturation[i] == model.chain[std::size_t(i)].limits.effort;
    }
    if (limits)
      c["saturation"] = "limits";
    else if (!none)
      c["saturation"] = detail::jsonValues(s.saturation);
  } else if (s.type == "computed_torque") {
    c["kp"] = detail::jsonValues(s.kp);
    c["kv"] = detail::jsonValues(s.kv);
    c["model"] = {{"perturbation_percent", s.perturbationPercent},
                  {"seed", s.perturbationSeed},
                  {"friction_compensation", detail::frictionCompensationName(s.friction)}};
  }
  return c;  // "zero" (and any other type, which the read-back refuses with the reader's reason)
}

}  // namespace

json orthoglideSceneToJson(const OrthoglideScene& s, const std::string& sceneDir) {
  json doc = {{"format", "maniplab-scene"}, {"version", 1}, {"kind", "orthoglide"}, {"name", s.name}};
  if (!s.description.empty()) doc["description"] = s.description;
  doc["robot"] = detail::robotPathForScene(s.robotFile, sceneDir);
  doc["trajectory"] = orthoglideTrajectoryJson(s.points, s.durations);
  doc["duration"] = s.duration;
  detail::writeRatesIntegratorPlant(doc, s.controlPeriod, s.plant);
  json ctrl = json::array();
  for (const auto& c : s.controllers) ctrl.push_back(controllerJson(c, s.robot.model));
  doc["controllers"] = ctrl;
  doc["record"] = detail::recordJson(s.record);
  return doc;
}

void writeOrthoglideSceneFile(const OrthoglideScene& scene, const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  std::string text;
  try {
    text = orthoglideSceneToJson(scene, dir).dump(2) + "\n";
  } catch (const std::runtime_error& e) {
    throw std::runtime_error("cannot save the scene '" + path + "': " + e.what());
  }
  // What is written must read back: the reader's diagnostics refuse the save before the file is touched.
  const OrthoglideSceneLoadResult back = parseOrthoglideScene(text, path, dir);
  if (!back.ok())
    throw std::runtime_error("cannot save the scene '" + path + "': it would not read back:\n" + back.report());
  writeFileAtomically(path, text, "scene file");
}

}  // namespace maniplab::sim
