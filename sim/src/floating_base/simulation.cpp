// Satellite runs (floating_base/plant.hpp): the reaction-aware computed torque tracks a rest-to-rest quintic
// joint motion on the floating-base plant. Recorded per control period: the base pose (X Y Z [m], and the rotation
// vector [rad] of R_0(t) R_0(0)^T, relative to the initial attitude), the base twist nu_0 = [omega; v] (base
// coords), q_d, q, tau, the kinetic energy T, the joint work W, T - T0 - W, P and L (world) and their drifts.
// Drifts are absolute (kg m/s, N m s, J) and relative to the peak momentum of the base alone (which the arm's
// balances when the total is zero) resp. to max(T, |W|).
#include "maniplab/sim/floating_base/plant.hpp"

#include <algorithm>
#include <cmath>

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
