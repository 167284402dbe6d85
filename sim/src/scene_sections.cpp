// The sections shared by serial and Orthoglide scene files (scene_sections.hpp).
#include "scene_sections.hpp"

#include <cmath>
#include <filesystem>
#include <utility>

#include "maniplab/sim/sim_messages.hpp"

namespace maniplab::sim::detail {

using nlohmann::json;

void readRatesIntegratorPlant(JsonReader& rd, const json& doc, double defaultControlHz, double defaultPlantHz,
                              double& controlPeriod, PlantOptions& plant) {
  double controlHz = defaultControlHz, plantHz = defaultPlantHz;
  if (rd.object(doc, "", "rates", false)) {
    const json& r = doc["rates"];
    rd.checkKeys(r, "/rates", {"control_hz", "plant_hz"});
    rd.number(r, "/rates", "control_hz", controlHz, false);
    rd.number(r, "/rates", "plant_hz", plantHz, false);
    if (!(controlHz > 0)) rd.error("/rates/control_hz", message(msg::kNotPositive));
    if (!(plantHz > 0)) rd.error("/rates/plant_hz", message(msg::kNotPositive));
  }
  if (controlHz > 0 && plantHz > 0) {
    const double ratio = plantHz / controlHz;
    if (std::abs(ratio - std::round(ratio)) > 1e-9 || std::round(ratio) < 1)
      rd.error("/rates", message(msg::kRatesMultiple, {MessageArg::number(plantHz, formatNumber(plantHz)),
                                                       MessageArg::number(controlHz, formatNumber(controlHz))}));
    controlPeriod = 1.0 / controlHz;
    plant.period = 1.0 / plantHz;
  }
  if (rd.object(doc, "", "integrator", false)) {
    const json& i = doc["integrator"];
    rd.checkKeys(i, "/integrator", {"stepper", "abs_tol", "rel_tol"});
    std::string st = "rk4";
    rd.string(i, "/integrator", "stepper", st, false);
    if (st == "euler") plant.stepper = Stepper::Euler;
    else if (st == "rk4") plant.stepper = Stepper::RungeKutta4;
    else if (st == "dopri5") plant.stepper = Stepper::DormandPrince5;
    else rd.error("/integrator/stepper", message(msg::kStepper));
    for (auto [key, dst] : {std::pair{"abs_tol", &plant.absTolerance}, std::pair{"rel_tol", &plant.relTolerance}})
      if (rd.number(i, "/integrator", key, *dst, false) && !(*dst > 0))
        rd.error(std::string("/integrator/") + key, message(msg::kNotPositive));
  }
  if (rd.object(doc, "", "plant", false)) {
    const json& pl = doc["plant"];
    rd.checkKeys(pl, "/plant", {"friction", "gravity", "coulomb_smoothing", "torque_saturation"});
    for (auto [key, dst] : {std::pair{"friction", &plant.friction}, std::pair{"gravity", &plant.gravity},
                            std::pair{"torque_saturation", &plant.saturateTorque}}) {
      if (!pl.contains(key)) continue;
      if (!pl[key].is_boolean()) rd.error(std::string("/plant/") + key, message(msg::kNotBoolean));
      else *dst = pl[key].get<bool>();
    }
    if (rd.number(pl, "/plant", "coulomb_smoothing", plant.coulombSmoothing, false) && plant.coulombSmoothing < 0)
      rd.error("/plant/coulomb_smoothing", message(msg::kNegative));
  }
}

void checkRunSize(JsonReader& rd, const json& doc, double duration, double controlPeriod, double plantPeriod, int joints) {
  if (!(duration > 0) || !(controlPeriod > 0) || !(plantPeriod > 0) || joints < 1) return;  // reported elsewhere
  const double periods = std::ceil(duration / controlPeriod), steps = std::ceil(duration / plantPeriod);
  if (periods * joints <= kMaxControlJointPeriods && steps * joints <= kMaxPlantJointSteps) return;
  rd.error(doc.contains("rates") ? "/rates" : "/duration",
           message(msg::kRunTooLarge, {MessageArg::number(duration, formatNumber(duration)),
                                       MessageArg::number(periods, formatNumber(periods)), MessageArg::number(steps, formatNumber(steps)),
                                       MessageArg::integer(joints), MessageArg::number(kMaxControlJointPeriods, formatNumber(kMaxControlJointPeriods)),
                                       MessageArg::number(kMaxPlantJointSteps, formatNumber(kMaxPlantJointSteps))}));
}

void readRecordSelection(JsonReader& rd, const json& doc, RecordSelection& out) {
  if (!doc.contains("record")) return;
  const json& r = doc["record"];
  if (!r.is_array()) {
    rd.error("/record", message(msg::kRecordArray));
    return;
  }
  RecordSelection sel{false, false, false, false, false, false, false, false};
  for (std::size_t i = 0; i < r.size(); ++i) {
    const std::string g = r[i].is_string() ? r[i].get<std::string>() : "";
    if (g == "reference") sel.reference = true;
    else if (g == "state") sel.state = true;
    else if (g == "error") sel.error = true;
    else if (g == "torque") sel.torque = true;
    else if (g == "friction") sel.friction = true;
    else if (g == "end_effector") sel.endEffector = true;
    else if (g == "energy") sel.energy = true;
    else if (g == "timing") sel.timing = true;
    else
      rd.error("/record/" + std::to_string(i), message(msg::kRecordGroup));
  }
  out = sel;
}

std::string resolveRobotPath(const std::string& baseDir, const std::string& robot) {
  std::filesystem::path rp(robot);
  if (rp.is_relative()) rp = std::filesystem::path(baseDir) / rp;
  return rp.lexically_normal().string();
}

}  // namespace maniplab::sim::detail
