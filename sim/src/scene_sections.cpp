// The sections shared by serial and Orthoglide scene files (scene_sections.hpp).
#include "scene_sections.hpp"

#include <cmath>
#include <filesystem>
#include <limits>
#include <utility>

#include "maniplab/sim/sim_messages.hpp"

namespace maniplab::sim::detail {

using nlohmann::json;

bool readJointVector(JsonReader& rd, const json& obj, const std::string& path, const char* key, int n, VectorX& out,
                     bool required, const FieldBound* bound, const std::vector<double>* scale) {
  if (!obj.contains(key)) {
    if (required) rd.error(path + "/" + key, message(msg::kMissingJointValue, {MessageArg::integer(n)}));
    return false;
  }
  const json& v = obj[key];
  const std::string p = path + "/" + key;
  out = VectorX::Zero(n);
  if (v.is_number()) {
    double x = 0;
    if (!rd.numberValue(v, p, x)) return false;
    out.setConstant(x);
  } else if (v.is_array()) {
    if (int(v.size()) != n) {
      rd.error(p, message(msg::kJointCount, {MessageArg::integer(n), MessageArg::integer(static_cast<long long>(v.size()))}));
      return false;
    }
    for (int i = 0; i < n; ++i)
      if (!rd.numberValue(v[std::size_t(i)], p + "/" + std::to_string(i), out[i])) return false;
  } else {
    rd.error(p, message(msg::kNumberOrArray, {MessageArg::integer(n)}));
    return false;
  }
  if (scale)
    for (int i = 0; i < n; ++i) out[i] *= (*scale)[std::size_t(i)];
  if (!bound) return true;
  if (v.is_number()) return n == 0 || rd.within(p, out[0], *bound);
  for (int i = 0; i < n; ++i)
    if (!rd.within(p + "/" + std::to_string(i), out[i], *bound)) return false;
  return true;
}

void readSaturation(JsonReader& rd, const json& c, const std::string& p, const std::vector<double>& effortLimits,
                    VectorX& out) {
  const int n = int(effortLimits.size());
  out = VectorX::Constant(n, std::numeric_limits<double>::infinity());
  if (!c.contains("saturation")) return;
  if (c["saturation"].is_string()) {
    if (c["saturation"] != "limits") rd.error(p + "/saturation", message(msg::kSaturation));
    else out = Eigen::Map<const VectorX>(effortLimits.data(), n);
    return;
  }
  VectorX v;
  if (!readJointVector(rd, c, p, "saturation", n, v, false)) return;
  for (int i = 0; i < n; ++i) {
    if (v[i] >= 1e300) continue;  // no saturation on this joint
    if (!rd.within(c["saturation"].is_array() ? p + "/saturation/" + std::to_string(i) : p + "/saturation", v[i], bounds::kEffort))
      return;
    out[i] = v[i];
  }
}

void readSeed(JsonReader& rd, const json& obj, const std::string& path, const char* key, std::uint64_t& out) {
  double x = 0;
  if (!rd.number(obj, path, key, x, false)) return;
  if (!(x >= bounds::kSeed.lo && x <= bounds::kSeed.hi) || x != std::floor(x)) {
    rd.error(path + "/" + key, message(msg::kSeed, {MessageArg::integer(static_cast<long long>(bounds::kSeed.lo)),
                                                    MessageArg::integer(static_cast<long long>(bounds::kSeed.hi))}));
    return;
  }
  out = std::uint64_t(x);
}

void readControllerModel(JsonReader& rd, const json& c, const std::string& p, ControllerSpec& s) {
  if (!rd.object(c, p, "model", false)) return;
  const json& m = c["model"];
  const std::string pm = p + "/model";
  rd.checkKeys(m, pm, {"perturbation_percent", "seed", "friction_compensation"});
  if (rd.number(m, pm, "perturbation_percent", s.perturbationPercent, false) &&
      !(s.perturbationPercent >= 0 && s.perturbationPercent < 100))
    rd.error(pm + "/perturbation_percent", message(msg::kPerturbationRange));
  readSeed(rd, m, pm, "seed", s.perturbationSeed);
  std::string f = "none";
  rd.string(m, pm, "friction_compensation", f, false);
  if (f == "none") s.friction = FrictionCompensation::None;
  else if (f == "coulomb") s.friction = FrictionCompensation::CoulombOnly;
  else if (f == "full") s.friction = FrictionCompensation::Full;
  else rd.error(pm + "/friction_compensation", message(msg::kFrictionCompensation));
}

void readRatesIntegratorPlant(JsonReader& rd, const json& doc, double defaultControlHz, double defaultPlantHz,
                              double& controlPeriod, PlantOptions& plant) {
  double controlHz = defaultControlHz, plantHz = defaultPlantHz;
  if (rd.object(doc, "", "rates", false)) {
    const json& r = doc["rates"];
    rd.checkKeys(r, "/rates", {"control_hz", "plant_hz"});
    // Positive, and at most bounds::kRate (a period of at least 1 us); a rate out of range is not used.
    if (!rd.positiveIn(r, "/rates", "control_hz", controlHz, false, bounds::kRate) && !(controlHz > 0 && controlHz <= bounds::kRate.hi))
      controlHz = 0;
    if (!rd.positiveIn(r, "/rates", "plant_hz", plantHz, false, bounds::kRate) && !(plantHz > 0 && plantHz <= bounds::kRate.hi))
      plantHz = 0;
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
      rd.positiveIn(i, "/integrator", key, *dst, false, bounds::kTolerance);
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
    rd.numberIn(pl, "/plant", "coulomb_smoothing", plant.coulombSmoothing, false, bounds::kVelocity);
  }
}

void readDuration(JsonReader& rd, const json& doc, double& duration) {
  if (!rd.number(doc, "", "duration", duration, true)) return;
  if (!(duration > 0)) rd.error("/duration", message(msg::kNotPositive));
  else if (duration > bounds::kDuration.hi) rd.error("/duration", message(msg::kDurationMax));
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
