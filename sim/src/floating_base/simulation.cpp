// Satellite runs (floating_base/plant.hpp): the reaction-aware computed torque tracks a rest-to-rest quintic
// joint motion on the floating-base plant. Recorded per control period: the base pose (X Y Z [m], and the rotation
// vector [rad] of R_0(t) R_0(0)^T, relative to the initial attitude), the base twist nu_0 = [omega; v] (base
// coords), q_d, q, tau, the kinetic energy T, the joint work W, T - T0 - W, P and L (world) and their drifts.
// Drifts are absolute (kg m/s, N m s, J) and relative to the peak momentum of the base alone (which the arm's
// balances when the total is zero) resp. to max(T, |W|).
#include "maniplab/sim/floating_base/plant.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "maniplab/sim/trajectories/quintic.hpp"

namespace maniplab::sim {

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

namespace {

/// The satellite's row of every control period (satelliteChannels), written for the engine's run
/// (RunOptions::writeRow), and the conservation results it accumulates (SatelliteRunResult).
class SatelliteTrace {
 public:
  SatelliteTrace(const SatelliteScene& sc, FloatingBasePlant& plant, SatelliteRunResult& res)
      : sc_(sc), plant_(plant), res_(res) {}
  void write(double t, const JointReference& ref, const VectorX& tau, double* row);
  /// The relative drifts and the dynamics evaluations, after the run.
  void finish();

 private:
  const SatelliteScene& sc_;
  FloatingBasePlant& plant_;
  SatelliteRunResult& res_;
  bool first_ = true;
  double peakBaseP_ = 0, peakBaseL_ = 0, peakE_ = 1e-12;
};

void SatelliteTrace::write(double t, const JointReference& ref, const VectorX& tau, double* row) {
  const int n = sc_.model.arm.nq;
  const FloatingBaseState& s = plant_.baseState();
  const FloatingBaseConserved c = plant_.conserved();
  if (first_) {  // the first row is the state the run starts from
    first_ = false;
    res_.initial = c;
    peakE_ = std::max(1e-12, res_.initial.kinetic);
  }
  const Vector3 dP = c.linearMomentum - res_.initial.linearMomentum;
  const Vector3 dL = c.angularMomentum - res_.initial.angularMomentum;
  const double dE = c.kinetic - res_.initial.kinetic - plant_.jointWork();
  res_.driftP = std::max(res_.driftP, dP.norm());
  res_.driftL = std::max(res_.driftL, dL.norm());
  res_.driftE = std::max(res_.driftE, std::abs(dE));
  // The base's own momentum (world): m0 v_G0 and L0 = r_G0 x m0 v_G0 + R0 I0 w0.
  const Matrix3& I0 = sc_.model.baseInertia;
  const Vector3 w0 = s.baseVelocity.head<3>();
  const Vector3 vG = s.basePose.R * (s.baseVelocity.tail<3>() + w0.cross(sc_.model.baseCom));
  const Vector3 rG = s.basePose.apply(sc_.model.baseCom);
  peakBaseP_ = std::max(peakBaseP_, sc_.model.baseMass * vG.norm());
  peakBaseL_ = std::max(peakBaseL_, (rG.cross(sc_.model.baseMass * vG) + s.basePose.R * (I0 * w0)).norm());
  peakE_ = std::max({peakE_, c.kinetic, std::abs(plant_.jointWork())});
  res_.maxJointError = std::max(res_.maxJointError, (ref.q - s.q).cwiseAbs().maxCoeff());
  std::size_t i = 0;
  for (int a = 0; a < 3; ++a) row[i++] = s.basePose.p[a];
  const Eigen::AngleAxisd aa(Matrix3(s.basePose.R * sc_.basePose.R.transpose()));
  const Vector3 rv = aa.angle() * aa.axis();
  for (int a = 0; a < 3; ++a) row[i++] = rv[a];
  for (int a = 0; a < 6; ++a) row[i++] = s.baseVelocity[a];
  for (int a = 0; a < n; ++a) row[i++] = ref.q[a];
  for (int a = 0; a < n; ++a) row[i++] = s.q[a];
  for (int a = 0; a < n; ++a) row[i++] = tau[a];
  row[i++] = c.kinetic;
  row[i++] = plant_.jointWork();
  row[i++] = dE;
  for (int a = 0; a < 3; ++a) row[i++] = c.linearMomentum[a];
  for (int a = 0; a < 3; ++a) row[i++] = c.angularMomentum[a];
  row[i++] = dP.norm();
  row[i++] = dL.norm();
  res_.endTime = t;
  res_.baseRotation = aa.angle();
  res_.baseDisplacement = s.basePose.p - sc_.basePose.p;
  res_.final = c;
}

void SatelliteTrace::finish() {
  res_.relDriftP = res_.driftP / std::max({res_.initial.linearMomentum.norm(), peakBaseP_, 1e-300});
  res_.relDriftL = res_.driftL / std::max({res_.initial.angularMomentum.norm(), peakBaseL_, 1e-300});
  res_.relDriftE = res_.driftE / peakE_;
  res_.evaluations = plant_.derivativeEvaluations();
}

}  // namespace

RunOptions satelliteRunOptions(const SatelliteScene& sc) {
  RunOptions opt;
  opt.controlPeriod = sc.controlPeriod;
  opt.duration = sc.duration;
  opt.q0 = sc.q0;
  opt.qd0 = VectorX::Zero(sc.model.arm.nq);
  return opt;
}

RunResult runSatelliteSimulation(const SatelliteScene& sc, RunOptions opt, Recorder& rec,
                                 SatelliteRunResult* conservation) {
  const int n = sc.model.arm.nq;
  if (rec.channels().size() != satelliteChannels(n).size())
    throw std::invalid_argument("a satellite run records the channels of satelliteChannels(" + std::to_string(n) + ")");
  SatelliteRunResult local;
  SatelliteRunResult& res = conservation ? *conservation : local;
  res = SatelliteRunResult();
  FloatingBasePlant plant(sc.model, sc.plant);
  plant.setBaseState(sc.basePose, sc.baseVelocity);
  const QuinticJointTrajectory traj(sc.q0, sc.q1, sc.motionDuration);
  FloatingComputedTorqueController ctrl("floating_computed_torque", sc.model, plant, sc.kp, sc.kv);
  SatelliteTrace trace(sc, plant, res);
  opt.writeRow = [&trace](double t, const JointReference& ref, const VectorX& tau, double* row) {
    trace.write(t, ref, tau, row);
  };
  const RunResult r = runSimulation(sc.model.arm, plant, ctrl, traj, opt, rec);
  trace.finish();
  res.ok = r.ok;
  res.message = r.message;
  res.cancelled = r.cancelled;
  return r;
}

SatelliteRunResult runSatellite(const SatelliteScene& sc, Recorder& rec) { return runSatellite(sc, rec, {}); }

SatelliteRunResult runSatellite(const SatelliteScene& sc, Recorder& rec, const SatelliteRunOptions& options) {
  RunOptions opt = satelliteRunOptions(sc);
  opt.onRow = options.onRow;
  opt.cancel = options.cancel;
  SatelliteRunResult res;
  runSatelliteSimulation(sc, std::move(opt), rec, &res);
  return res;
}

}  // namespace maniplab::sim
