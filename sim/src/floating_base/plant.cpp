// Free-floating base + arm (Llibre, Mampey & Chrétien 1983 §IV.2) stepped by the plants' integrator (explicit Euler of
// Zanaboni 2009 eq 9.2, RK4, Dormand–Prince 5(4)); reaction-aware computed torque; the satellite scene.
#include "maniplab/sim/floating_base/plant.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include <filesystem>

#include "maniplab/model/friction.hpp"
#include "maniplab/model/json_reader.hpp"
#include "maniplab/sim/trajectories/quintic.hpp"

namespace maniplab::sim {

namespace {

// Layout: [p0 0..2, quat 3..6 (w x y z), q 7..7+n-1, nu0 7+n..12+n, qd 13+n..12+2n, W 13+2n]
std::vector<StateCoordinate> floatingLayout(const FloatingBaseModel& fm) {
  const Model& m = fm.arm;
  const int n = m.nq;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<StateCoordinate> c(std::size_t(14 + 2 * n));
  const char* xyz[3] = {"x", "y", "z"};
  const char* wxyz[4] = {"w", "x", "y", "z"};
  for (int a = 0; a < 3; ++a) c[std::size_t(a)] = {std::string("base position ") + xyz[a], inf, -1};
  for (int a = 0; a < 4; ++a) c[std::size_t(3 + a)] = {std::string("base quaternion ") + wxyz[a], inf, -1};
  for (int a = 0; a < 3; ++a) {
    c[std::size_t(7 + n + a)] = {std::string("base angular velocity ") + xyz[a], inf, -1};
    c[std::size_t(10 + n + a)] = {std::string("base linear velocity ") + xyz[a], inf, -1};
  }
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const std::string joint = jointLabel(i, k < m.jointName.size() ? m.jointName[k] : std::string());
    const double vlim = k < m.limits.size() ? m.limits[k].velocity : inf;
    c[std::size_t(7 + i)] = {joint + " position", inf, 13 + n + i};
    c[std::size_t(13 + n + i)] = {joint + " velocity", std::max(1e4, 100.0 * (vlim < 1e299 ? vlim : 100.0)), -1};
  }
  c[std::size_t(13 + 2 * n)] = {"joint work", inf, -1};
  return c;
}

const FloatingBaseModel& validated(const FloatingBaseModel& model) {
  const std::string bad = validateFloatingBase(model);
  if (!bad.empty()) throw std::invalid_argument("floating base: " + bad);
  return model;
}

}  // namespace

FloatingBasePlant::FloatingBasePlant(const FloatingBaseModel& model, const FloatingPlantOptions& options)
    : model_(validated(model)), opt_(options), data_(model_), integ_(floatingLayout(model_), integratorOptions(opt_)) {
  const int n = model_.arm.nq;
  tau_ = qx_ = qdx_ = tauNet_ = VectorX::Zero(n);
  state_.q = state_.qd = VectorX::Zero(n);
}

void FloatingBasePlant::setBaseState(const Transform& pose, const Vector6& velocity) {
  pose0_ = pose;
  nu0_ = velocity;
}

BackendStatus FloatingBasePlant::reset(const VectorX& q0, const VectorX& qd0) {
  const int n = model_.arm.nq;
  if (q0.size() != n || qd0.size() != n) return {false, "initial state has the wrong size"};
  if (!q0.allFinite() || !qd0.allFinite() || !nu0_.allFinite() || !pose0_.p.allFinite())
    return {false, "initial state is not finite"};
  std::vector<double>& x = integ_.state();
  const Eigen::Quaterniond qt(pose0_.R);
  x[0] = pose0_.p.x(); x[1] = pose0_.p.y(); x[2] = pose0_.p.z();
  x[3] = qt.w(); x[4] = qt.x(); x[5] = qt.y(); x[6] = qt.z();
  for (int i = 0; i < n; ++i) {
    x[std::size_t(7 + i)] = q0[i];
    x[std::size_t(13 + n + i)] = qd0[i];
  }
  for (int i = 0; i < 6; ++i) x[std::size_t(7 + n + i)] = nu0_[i];
  x[std::size_t(13 + 2 * n)] = 0.0;
  tau_.setZero();
  integ_.reset(0.0);
  work_ = 0;
  fault_ = -1;
  unpack();
  return {};
}

void FloatingBasePlant::writeTorque(const VectorX& tau) {
  if (tau_.size() == tau.size() && tau_ == tau) return;
  tau_ = tau;
  integ_.inputChanged();
}

void FloatingBasePlant::unpack() {
  const int n = model_.arm.nq;
  const std::vector<double>& x = integ_.state();
  Eigen::Quaterniond qt(x[3], x[4], x[5], x[6]);
  qt.normalize();
  state_.basePose.R = qt.toRotationMatrix();
  state_.basePose.p = Vector3(x[0], x[1], x[2]);
  for (int i = 0; i < 6; ++i) state_.baseVelocity[i] = x[std::size_t(7 + n + i)];
  for (int i = 0; i < n; ++i) {
    state_.q[i] = x[std::size_t(7 + i)];
    state_.qd[i] = x[std::size_t(13 + n + i)];
  }
  work_ = x[std::size_t(13 + 2 * n)];
}

bool FloatingBasePlant::derivative(const double* x, double* dxdt) {
  const int n = model_.arm.nq;
  Eigen::Quaterniond qt(x[3], x[4], x[5], x[6]);
  const double qn = qt.norm();
  const Matrix3 R = Eigen::Quaterniond(qt.coeffs() / qn).toRotationMatrix();
  Vector6 nu;
  for (int i = 0; i < 6; ++i) nu[i] = x[7 + n + i];
  for (int i = 0; i < n; ++i) {
    qx_[i] = x[7 + i];
    qdx_[i] = x[13 + n + i];
  }
  tauNet_ = tau_;
  if (opt_.friction)
    for (int i = 0; i < n; ++i)
      tauNet_[i] -= jointFriction(model_.arm.actuator[std::size_t(i)], qdx_[i], opt_.coulombSmoothing);
  const Vector6* w = opt_.baseWrench.isZero() ? nullptr : &opt_.baseWrench;
  const int r = opt_.crba ? floatingBaseForwardDynamicsCrba(model_, data_, nu, qx_, qdx_, tauNet_, w)
                          : floatingBaseAba(model_, data_, nu, qx_, qdx_, tauNet_, w);
  // A state or torque that is not finite is a divergence (reported from the state), not a fault.
  const bool finite = r == -1 || (std::all_of(x, x + integ_.size(), [](double v) { return std::isfinite(v); }) &&
                                  tauNet_.allFinite());
  if (r != -1 && finite && fault_ == -1) fault_ = r;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Vector3 pd = R * nu.tail<3>();
  for (int i = 0; i < 3; ++i) dxdt[i] = pd[i];
  // quat' = 1/2 quat (x) (0, omega)
  const Eigen::Quaterniond qdot = qt * Eigen::Quaterniond(0, nu[0], nu[1], nu[2]);
  dxdt[3] = 0.5 * qdot.w(); dxdt[4] = 0.5 * qdot.x(); dxdt[5] = 0.5 * qdot.y(); dxdt[6] = 0.5 * qdot.z();
  for (int i = 0; i < n; ++i) {
    dxdt[7 + i] = qdx_[i];
    dxdt[13 + n + i] = r == -1 ? data_.qdd[i] : nan;
  }
  for (int i = 0; i < 6; ++i) dxdt[7 + n + i] = r == -1 ? data_.baseAcceleration[i] : nan;
  dxdt[13 + 2 * n] = qdx_.dot(tauNet_);  // power of the joint torques (friction included)
  return r == -1 || !finite;
}

std::string FloatingBasePlant::fault() const {
  if (fault_ >= 0)
    return "the articulated inertia of " +
           jointLabel(fault_, std::size_t(fault_) < model_.arm.jointName.size() ? model_.arm.jointName[std::size_t(fault_)] : "") +
           " is not positive";
  if (fault_ == -3) return "the base's articulated inertia (or the augmented mass matrix) is singular";
  return "the full rotor model is not supported on a floating base";
}

BackendStatus FloatingBasePlant::advance(double dt) {
  long ticks = 0;
  if (const BackendStatus st = integ_.ticksIn(dt, ticks); !st.ok) return st;
  std::vector<double>& x = integ_.state();
  for (long k = 0; k < ticks; ++k) {
    const BackendStatus st = integ_.tick(*this);
    if (st.ok) {  // project the quaternion back on the unit sphere
      const double qn = std::sqrt(x[3] * x[3] + x[4] * x[4] + x[5] * x[5] + x[6] * x[6]);
      for (int i = 3; i < 7; ++i) x[std::size_t(i)] /= qn;
    }
    unpack();
    if (!st.ok) return st;
  }
  return {};
}

FloatingBaseConserved FloatingBasePlant::conserved() { return floatingBaseConserved(model_, data_, state_); }

FloatingComputedTorqueController::FloatingComputedTorqueController(std::string name, const FloatingBaseModel& ownModel,
                                                                   const FloatingBasePlant& plant, VectorX kp, VectorX kv)
    : name_(std::move(name)), model_(ownModel), data_(model_), plant_(plant), kp_(std::move(kp)), kv_(std::move(kv)),
      v_(VectorX::Zero(ownModel.arm.nq)) {}

void FloatingComputedTorqueController::compute(const ControlInput& in, VectorX& tau) {
  const JointReference& r = *in.ref;
  const VectorX& q = *in.q;
  const VectorX& qd = *in.qd;
  for (int i = 0; i < v_.size(); ++i) v_[i] = r.qdd[i] + kv_[i] * (r.qd[i] - qd[i]) + kp_[i] * (r.q[i] - q[i]);
  tau = floatingBaseInverseDynamics(model_, data_, plant_.baseState().baseVelocity, q, qd, v_);
}

namespace {

bool vecN(JsonReader& rd, const nlohmann::json& obj, const std::string& path, const char* key, int n, VectorX& out,
          bool required) {
  if (!obj.contains(key)) {
    if (required) rd.error(path + "/" + key, "missing required array of " + std::to_string(n) + " numbers");
    return false;
  }
  const nlohmann::json& v = obj[key];
  const std::string p = path + "/" + key;
  if (!v.is_array() || int(v.size()) != n) {
    rd.error(p, "must be an array of " + std::to_string(n) + " numbers (one per joint)");
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
    res.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", plainMessage("cannot read the file")));
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
  if (!parseJson(text, rd, j)) return res;
  if (!j.is_object()) {
    rd.error("", "must be a JSON object");
    return res;
  }
  rd.checkKeys(j, "", {"format", "version", "name", "description", "robot", "base", "initial", "motion", "controller",
                       "duration", "control_period", "plant"});
  std::string format;
  if (rd.string(j, "", "format", format, true) && format != "maniplab-satellite")
    rd.error("/format", "must be \"maniplab-satellite\"");
  double version = 0;
  if (rd.number(j, "", "version", version, true) && version != 1) rd.error("/version", "unsupported version (expected 1)");
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
    rd.number(b, "/base", "mass", sc.model.baseMass, true);
    rd.vec3(b, "/base", "com", sc.model.baseCom, false);
    if (!b.contains("inertia"))
      rd.error("/base/inertia", "missing required 3x3 inertia (about the centre of mass, base axes)");
    else
      rd.mat3(b["inertia"], "/base/inertia", sc.model.baseInertia);
    const std::string bad = validateFloatingBase(sc.model);
    if (!bad.empty()) rd.error("/base", bad);
  }
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
      if (vecN(rd, in, "/initial", "base_velocity", 6, v, false)) sc.baseVelocity = v;
    }
  }
  if (rd.object(j, "", "motion", true)) {
    const auto& m = j["motion"];
    rd.checkKeys(m, "/motion", {"to", "duration"});
    vecN(rd, m, "/motion", "to", n, sc.q1, true);
    if (rd.number(m, "/motion", "duration", sc.motionDuration, true) && !(sc.motionDuration > 0))
      rd.error("/motion/duration", message(msg::kNotPositive));
  }
  if (rd.object(j, "", "controller", true)) {
    const auto& c = j["controller"];
    rd.checkKeys(c, "/controller", {"type", "kp", "kv"});
    std::string type;
    if (rd.string(c, "/controller", "type", type, true) && type != "floating_computed_torque")
      rd.error("/controller/type", "must be \"floating_computed_torque\" (the reaction-aware computed torque)");
    if (vecN(rd, c, "/controller", "kp", n, sc.kp, true) && (sc.kp.array() < 0).any())
      rd.error("/controller/kp", "gains must be non-negative");
    if (vecN(rd, c, "/controller", "kv", n, sc.kv, true) && (sc.kv.array() < 0).any())
      rd.error("/controller/kv", "gains must be non-negative");
  }
  if (rd.number(j, "", "duration", sc.duration, true) && !(sc.duration > 0)) rd.error("/duration", message(msg::kNotPositive));
  if (rd.number(j, "", "control_period", sc.controlPeriod, true) && !(sc.controlPeriod > 0))
    rd.error("/control_period", message(msg::kNotPositive));
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
      else rd.error("/plant/stepper", "must be \"euler\", \"rk4\" or \"dopri5\"");
    }
    std::string method;
    if (rd.string(p, "/plant", "method", method, false)) {
      if (method == "aba") sc.plant.crba = false;
      else if (method == "crba") sc.plant.crba = true;
      else rd.error("/plant/method", "must be \"aba\" or \"crba\"");
    }
    if (rd.number(p, "/plant", "period", sc.plant.period, false) && !(sc.plant.period > 0))
      rd.error("/plant/period", message(msg::kNotPositive));
    if (rd.number(p, "/plant", "abs_tolerance", sc.plant.absTolerance, false) && !(sc.plant.absTolerance > 0))
      rd.error("/plant/abs_tolerance", message(msg::kNotPositive));
    if (rd.number(p, "/plant", "rel_tolerance", sc.plant.relTolerance, false) && !(sc.plant.relTolerance > 0))
      rd.error("/plant/rel_tolerance", message(msg::kNotPositive));
    if (rd.number(p, "/plant", "coulomb_smoothing", sc.plant.coulombSmoothing, false) && !(sc.plant.coulombSmoothing >= 0))
      rd.error("/plant/coulomb_smoothing", "must be zero (exact sign) or a positive velocity");
    if (p.contains("friction")) {
      if (!p["friction"].is_boolean()) rd.error("/plant/friction", message(msg::kNotBoolean));
      else sc.plant.friction = p["friction"].get<bool>();
    }
  }
  if (sc.controlPeriod > 0 && sc.plant.period > 0) {
    const double r = sc.controlPeriod / sc.plant.period;
    if (std::abs(r - std::round(r)) > 1e-9 * r || std::round(r) < 1)
      rd.error("/control_period", "must be a whole number of plant periods (" + formatNumber(sc.plant.period) + " s)");
  }
  return res;
}

std::vector<ChannelInfo> satelliteChannels(int dof) {
  std::vector<ChannelInfo> c;
  for (const char* a : {"X", "Y", "Z"}) c.push_back({std::string("base_") + a, "m", "base"});
  for (const char* a : {"rx", "ry", "rz"}) c.push_back({std::string("base_") + a, "rad", "base"});
  for (const char* a : {"wx", "wy", "wz"}) c.push_back({std::string("base_") + a, "rad/s", "base"});
  for (const char* a : {"vx", "vy", "vz"}) c.push_back({std::string("base_") + a, "m/s", "base"});
  auto joints = [&](const std::string& pre, const char* unit, const char* group) {
    for (int i = 1; i <= dof; ++i) c.push_back({pre + "[" + std::to_string(i) + "]", unit, group});
  };
  joints("q_d", "rad", "reference");
  joints("q", "rad", "position");
  joints("tau", "N m", "torque");
  c.push_back({"T", "J", "energy"});
  c.push_back({"W", "J", "energy"});
  c.push_back({"T_drift", "J", "energy"});
  for (const char* a : {"Px", "Py", "Pz"}) c.push_back({a, "kg m/s", "momentum"});
  for (const char* a : {"Lx", "Ly", "Lz"}) c.push_back({a, "N m s", "momentum"});
  c.push_back({"P_drift", "kg m/s", "momentum"});
  c.push_back({"L_drift", "N m s", "momentum"});
  return c;
}

SatelliteRunResult runSatellite(const SatelliteScene& sc, Recorder& rec) { return runSatellite(sc, rec, {}); }

SatelliteRunResult runSatellite(const SatelliteScene& sc, Recorder& rec, const SatelliteRunOptions& options) {
  SatelliteRunResult res;
  const int n = sc.model.arm.nq;
  FloatingBasePlant plant(sc.model, sc.plant);
  plant.setBaseState(sc.basePose, sc.baseVelocity);
  BackendStatus st = plant.reset(sc.q0, VectorX::Zero(n));
  if (!st.ok) {
    res.ok = false;
    res.message = st.message;
    return res;
  }
  const QuinticJointTrajectory traj(sc.q0, sc.q1, sc.motionDuration);
  FloatingComputedTorqueController ctrl("floating_computed_torque", sc.model, plant, sc.kp, sc.kv);
  JointReference ref{VectorX::Zero(n), VectorX::Zero(n), VectorX::Zero(n)};
  VectorX tau = VectorX::Zero(n);
  std::vector<double> row(rec.channels().size());
  res.initial = plant.conserved();
  double peakBaseP = 0, peakBaseL = 0, peakE = std::max(1e-12, res.initial.kinetic);
  const Matrix3 I0 = sc.model.baseInertia;
  const long long periods = std::llround(sc.duration / sc.controlPeriod);
  for (long long k = 0; k <= periods; ++k) {
    const double t = double(k) * sc.controlPeriod;
    traj.sample(t, ref);
    const ControlInput in{t, &plant.measuredPosition(), &plant.measuredVelocity(), &ref, sc.controlPeriod};
    ctrl.compute(in, tau);
    plant.writeTorque(tau);
    const FloatingBaseState& s = plant.baseState();
    const FloatingBaseConserved c = plant.conserved();
    const Vector3 dP = c.linearMomentum - res.initial.linearMomentum;
    const Vector3 dL = c.angularMomentum - res.initial.angularMomentum;
    const double dE = c.kinetic - res.initial.kinetic - plant.jointWork();
    res.driftP = std::max(res.driftP, dP.norm());
    res.driftL = std::max(res.driftL, dL.norm());
    res.driftE = std::max(res.driftE, std::abs(dE));
    // The base's own momentum (world): m0 v_G0 and L0 = r_G0 x m0 v_G0 + R0 I0 w0.
    const Vector3 w0 = s.baseVelocity.head<3>();
    const Vector3 vG = s.basePose.R * (s.baseVelocity.tail<3>() + w0.cross(sc.model.baseCom));
    const Vector3 rG = s.basePose.apply(sc.model.baseCom);
    peakBaseP = std::max(peakBaseP, sc.model.baseMass * vG.norm());
    peakBaseL = std::max(peakBaseL, (rG.cross(sc.model.baseMass * vG) + s.basePose.R * (I0 * w0)).norm());
    peakE = std::max({peakE, c.kinetic, std::abs(plant.jointWork())});
    res.maxJointError = std::max(res.maxJointError, (ref.q - s.q).cwiseAbs().maxCoeff());
    std::size_t i = 0;
    for (int a = 0; a < 3; ++a) row[i++] = s.basePose.p[a];
    const Eigen::AngleAxisd aa(Matrix3(s.basePose.R * sc.basePose.R.transpose()));
    const Vector3 rv = aa.angle() * aa.axis();
    for (int a = 0; a < 3; ++a) row[i++] = rv[a];
    for (int a = 0; a < 6; ++a) row[i++] = s.baseVelocity[a];
    for (int a = 0; a < n; ++a) row[i++] = ref.q[a];
    for (int a = 0; a < n; ++a) row[i++] = s.q[a];
    for (int a = 0; a < n; ++a) row[i++] = tau[a];
    row[i++] = c.kinetic;
    row[i++] = plant.jointWork();
    row[i++] = dE;
    for (int a = 0; a < 3; ++a) row[i++] = c.linearMomentum[a];
    for (int a = 0; a < 3; ++a) row[i++] = c.angularMomentum[a];
    row[i++] = dP.norm();
    row[i++] = dL.norm();
    if (i == row.size()) {
      rec.append(t, row.data());
      if (options.onRow) options.onRow(t, row.data(), row.size());
    }
    res.endTime = t;
    res.baseRotation = aa.angle();
    res.baseDisplacement = s.basePose.p - sc.basePose.p;
    res.final = c;
    if (k == periods) break;
    if (options.cancel && options.cancel->load()) {
      res.cancelled = true;
      break;
    }
    st = plant.advance(sc.controlPeriod);
    if (!st.ok) {
      res.ok = false;
      res.message = st.message;
      break;
    }
  }
  res.relDriftP = res.driftP / std::max({res.initial.linearMomentum.norm(), peakBaseP, 1e-300});
  res.relDriftL = res.driftL / std::max({res.initial.angularMomentum.norm(), peakBaseL, 1e-300});
  res.relDriftE = res.driftE / peakE;
  res.evaluations = plant.derivativeEvaluations();
  return res;
}

}  // namespace maniplab::sim
