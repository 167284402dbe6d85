// The satellite scene reader/validator (scenes/satellite_arm.json; "format": "maniplab-satellite", version 1,
// described in the file's own "description"): a robot file mounted on a free base, a rest-to-rest quintic joint
// motion tracked by the reaction-aware computed torque. The robot path is relative to the scene file. Conventions:
// the base inertia is about its centre of mass, in base axes; "initial": "base_velocity" is [wx wy wz vx vy vz] in
// base axes; "plant": "base_wrench" {"torque", "force"} is constant in the base frame (moment about the base origin
// [N m], force [N]). Diagnostics: FILE:/json/pointer: message (the robot file's included).
#include "maniplab/sim/floating_base/plant.hpp"

#include <cmath>
#include <filesystem>

#include <Eigen/Eigenvalues>

#include "maniplab/model/json_reader.hpp"
#include "maniplab/model/model_messages.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "../scene_sections.hpp"

namespace maniplab::sim {

namespace {

/// obj[key], an array of n numbers (`perJoint`: one per joint of the arm).
bool vecN(JsonReader& rd, const nlohmann::json& obj, const std::string& path, const char* key, int n, VectorX& out,
          bool required, bool perJoint = true) {
  if (!obj.contains(key)) {
    if (required) rd.error(path + "/" + key, message(msg::kMissingArray, {MessageArg::integer(n)}));
    return false;
  }
  const nlohmann::json& v = obj[key];
  const std::string p = path + "/" + key;
  if (!v.is_array() || int(v.size()) != n) {
    rd.error(p, message(perJoint ? msg::kArrayPerJoint : msg::kArrayOf, {MessageArg::integer(n)}));
    return false;
  }
  out.resize(n);
  bool ok = true;
  for (int i = 0; i < n; ++i) ok &= rd.numberValue(v[std::size_t(i)], p + "/" + std::to_string(i), out[i]);
  return ok;
}

}  // namespace

SatelliteLoadResult loadSatelliteScene(const std::string& path) {
  std::string text;
  if (!readTextFile(path, text)) {
    SatelliteLoadResult res;
    res.scene.file = path;
    res.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kCannotOpen)));
    return res;
  }
  return parseSatelliteScene(text, path, std::filesystem::path(path).parent_path().string());
}

SatelliteLoadResult parseSatelliteScene(const std::string& text, const std::string& fileName, const std::string& baseDir) {
  SatelliteLoadResult res;
  SatelliteScene& sc = res.scene;
  sc.file = fileName;
  JsonReader rd(fileName, res.diagnostics);
  nlohmann::json j;
  if (!rd.openDocument(text, j, "maniplab-satellite")) return res;
  rd.checkKeys(j, "", {"format", "version", "name", "description", "robot", "base", "initial", "motion", "controller",
                       "duration", "control_period", "plant"});
  rd.string(j, "", "name", sc.name, true);
  rd.string(j, "", "description", sc.description, false);
  std::string robot;
  if (!rd.string(j, "", "robot", robot, true)) return res;
  const std::filesystem::path robotPath = std::filesystem::path(baseDir) / robot;
  RobotLoadResult rr = loadRobotFile(robotPath.string());
  for (auto& d : rr.diagnostics) res.diagnostics.push_back(d);
  if (!rr.ok()) return res;
  sc.model.arm = rr.model;
  const int n = sc.model.arm.nq;
  if (rd.object(j, "", "base", true)) {
    const auto& b = j["base"];
    rd.checkKeys(b, "/base", {"mass", "com", "inertia"});
    // Each condition of validateFloatingBase() at its field: the mass, the centre of mass, the inertia
    // (about the centre of mass, base axes: symmetric, positive definite) and the arm's rotor model.
    rd.positiveIn(b, "/base", "mass", sc.model.baseMass, true, bounds::kBaseMass);
    rd.vec3In(b, "/base", "com", sc.model.baseCom, false, bounds::kLength);
    Matrix3& I = sc.model.baseInertia;
    if (!b.contains("inertia")) {
      rd.error("/base/inertia", message(msg::kMissingInertia));
    } else if (rd.mat3(b["inertia"], "/base/inertia", I)) {
      bool inRange = true;
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
          inRange &= rd.within("/base/inertia/" + std::to_string(r) + "/" + std::to_string(c), I(r, c), bounds::kBaseInertia);
      if (inRange) {
        if ((I - I.transpose()).cwiseAbs().maxCoeff() > 1e-9 * (1 + I.norm())) {
          rd.error("/base/inertia", message(msg::kInertiaNotSymmetric));
        } else {
          const double smallest = Eigen::SelfAdjointEigenSolver<Matrix3>(I).eigenvalues().minCoeff();
          if (smallest <= 0) rd.error("/base/inertia", message(msg::kBaseInertiaNotPd, {MessageArg::number(smallest, formatNumber(smallest))}));
        }
      }
    }
  }
  if (usesFullRotor(sc.model.arm)) rd.error("/robot", message(msg::kFloatingFullRotor));
  sc.q0 = sc.model.arm.home;
  if (j.contains("initial")) {
    if (rd.object(j, "", "initial", false)) {
      const auto& in = j["initial"];
      rd.checkKeys(in, "/initial", {"q", "base_xyz", "base_rpy", "base_velocity"});
      vecN(rd, in, "/initial", "q", n, sc.q0, false);
      rd.vec3(in, "/initial", "base_xyz", sc.basePose.p, false);
      Vector3 r = Vector3::Zero();
      if (rd.vec3(in, "/initial", "base_rpy", r, false)) sc.basePose.R = rd.rpy(r);
      VectorX v;
      if (vecN(rd, in, "/initial", "base_velocity", 6, v, false, false)) sc.baseVelocity = v;
    }
  }
  if (rd.object(j, "", "motion", true)) {
    const auto& m = j["motion"];
    rd.checkKeys(m, "/motion", {"to", "duration"});
    vecN(rd, m, "/motion", "to", n, sc.q1, true);
    rd.positiveIn(m, "/motion", "duration", sc.motionDuration, true, bounds::kDuration);
  }
  if (rd.object(j, "", "controller", true)) {
    const auto& c = j["controller"];
    rd.checkKeys(c, "/controller", {"type", "kp", "kv"});
    std::string type;
    if (rd.string(c, "/controller", "type", type, true) && type != "floating_computed_torque")
      rd.error("/controller/type", message(msg::kFloatingControllerType));
    for (auto [key, gains] : {std::pair{"kp", &sc.kp}, std::pair{"kv", &sc.kv}})
      if (vecN(rd, c, "/controller", key, n, *gains, true))
        for (int i = 0; i < n; ++i)
          if (!rd.within(std::string("/controller/") + key + "/" + std::to_string(i), (*gains)[i], bounds::kGain)) break;
  }
  detail::readDuration(rd, j, sc.duration);
  if (!rd.positiveIn(j, "", "control_period", sc.controlPeriod, true, bounds::kPeriod)) sc.controlPeriod = 0;
  if (j.contains("plant") && rd.object(j, "", "plant", false)) {
    const auto& p = j["plant"];
    rd.checkKeys(p, "/plant", {"stepper", "period", "abs_tolerance", "rel_tolerance", "friction", "coulomb_smoothing",
                               "method", "base_wrench"});
    if (rd.object(p, "/plant", "base_wrench", false)) {  // constant in the base frame (a thruster, say)
      const auto& w = p["base_wrench"];
      rd.checkKeys(w, "/plant/base_wrench", {"torque", "force"});
      Vector3 m = Vector3::Zero(), f = Vector3::Zero();
      rd.vec3(w, "/plant/base_wrench", "torque", m, false);
      rd.vec3(w, "/plant/base_wrench", "force", f, false);
      sc.plant.baseWrench << m, f;
    }
    std::string st;
    if (rd.string(p, "/plant", "stepper", st, false)) {
      if (st == "euler") sc.plant.stepper = Stepper::Euler;
      else if (st == "rk4") sc.plant.stepper = Stepper::RungeKutta4;
      else if (st == "dopri5") sc.plant.stepper = Stepper::DormandPrince5;
      else rd.error("/plant/stepper", message(msg::kStepper));
    }
    std::string method;
    if (rd.string(p, "/plant", "method", method, false)) {
      if (method == "aba") sc.plant.crba = false;
      else if (method == "crba") sc.plant.crba = true;
      else rd.error("/plant/method", message(msg::kPlantMethod));
    }
    if (p.contains("period") && !rd.positiveIn(p, "/plant", "period", sc.plant.period, false, bounds::kPeriod))
      sc.plant.period = 0;
    if (rd.number(p, "/plant", "abs_tolerance", sc.plant.absTolerance, false) && !(sc.plant.absTolerance > 0))
      rd.error("/plant/abs_tolerance", message(msg::kNotPositive));
    if (rd.number(p, "/plant", "rel_tolerance", sc.plant.relTolerance, false) && !(sc.plant.relTolerance > 0))
      rd.error("/plant/rel_tolerance", message(msg::kNotPositive));
    if (rd.number(p, "/plant", "coulomb_smoothing", sc.plant.coulombSmoothing, false) && !(sc.plant.coulombSmoothing >= 0))
      rd.error("/plant/coulomb_smoothing", message(msg::kCoulombSmoothing));
    if (p.contains("friction")) {
      if (!p["friction"].is_boolean()) rd.error("/plant/friction", message(msg::kNotBoolean));
      else sc.plant.friction = p["friction"].get<bool>();
    }
  }
  if (sc.controlPeriod > 0 && sc.plant.period > 0) {
    const double r = sc.controlPeriod / sc.plant.period;
    if (std::abs(r - std::round(r)) > 1e-9 * r || std::round(r) < 1)
      rd.error("/control_period", message(msg::kPeriodMultiple, {MessageArg::number(sc.plant.period, formatNumber(sc.plant.period))}));
  }
  // The arm's joints and the base's six coordinates.
  if (sc.duration > 0 && sc.duration <= bounds::kDuration.hi) detail::checkRunSize(rd, j, sc.duration, sc.controlPeriod, sc.plant.period, sc.model.arm.nq + 6);
  return res;
}

}  // namespace maniplab::sim
