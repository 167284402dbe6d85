// Closed-loop run: controller / backend / recorder / metrics / energy balance (Zanaboni 2009 ch. 9; Llibre, Mampey & Chrétien 1983 §IV.2).
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/sim_messages.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <optional>
#include <sstream>

#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/friction.hpp"
#include "maniplab/model/umis_inverse_kinematics.hpp"
#include "maniplab/sim/traces/energy_balance.hpp"

namespace maniplab::sim {

namespace {
const char* kAxes[6] = {"phi", "theta", "psi", "X", "Y", "Z"};
const char* kAxisUnits[6] = {"rad", "rad", "rad", "m", "m", "m"};

std::string jointUnit(const Model& m, int i, const char* rev, const char* pri) {
  return m.isRevolute(i) ? rev : pri;
}

using Clock = std::chrono::steady_clock;
double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }
}  // namespace

std::vector<ChannelInfo> makeChannels(const Model& m, const RecordSelection& s) {
  std::vector<ChannelInfo> c;
  const int n = m.nq;
  auto perJoint = [&](const char* name, const char* rev, const char* pri, const char* group) {
    for (int i = 0; i < n; ++i)
      c.push_back({std::string(name) + "[" + std::to_string(i + 1) + "]", jointUnit(m, i, rev, pri), group});
  };
  if (s.reference) perJoint("q_d", "rad", "m", "reference");
  if (s.state) perJoint("q", "rad", "m", "position");
  if (s.error) perJoint("e", "rad", "m", "error");
  if (s.reference) perJoint("qd_d", "rad/s", "m/s", "reference");
  if (s.state) perJoint("qd", "rad/s", "m/s", "velocity");
  if (s.torque) perJoint("tau", "N m", "N", "torque");
  if (s.friction) perJoint("tau_f", "N m", "N", "friction");
  if (s.endEffector) {
    for (int a = 0; a < 6; ++a) c.push_back({std::string("ee_") + kAxes[a], kAxisUnits[a], "end effector"});
    for (int a = 0; a < 6; ++a) c.push_back({std::string("ee_err_") + kAxes[a], kAxisUnits[a], "Cartesian error"});
  }
  if (s.energy)
    // W_actuators = W_tau - W_friction (the balance's W); E_drift = E - E0 - W_actuators.
    for (const char* e : {"E_kinetic", "E_potential", "E_total", "W_actuators", "E_drift", "W_tau", "W_friction"})
      c.push_back({e, "J", "energy"});
  if (s.timing) {
    c.push_back({"t_controller", "s", "timing"});
    c.push_back({"t_backend", "s", "timing"});
  }
  return c;
}

std::vector<std::string> coordinateLabels(const Model& m) {
  std::vector<std::string> out;
  auto number = [](double v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
  };
  for (int i = 0; i < m.nq; ++i) {
    const std::size_t k = std::size_t(i);
    std::string label = k < m.jointName.size() && !m.jointName[k].empty() ? m.jointName[k] : "joint " + std::to_string(i + 1);
    std::string notes;
    if (m.parent[k] != i - 1) notes = "parent " + std::to_string(m.parent[k] + 1);
    if (k < m.coupling.size() && m.coupling[k].source >= 0) {
      const JointCoupling& c = m.coupling[k];
      notes += (notes.empty() ? "" : "; ") + std::string("mimic of ") + std::to_string(c.source + 1) + ": q = " +
               number(c.multiplier) + " q[" + std::to_string(c.source + 1) + "] + " + number(c.offset);
    }
    if (!notes.empty()) label += " (" + notes + ")";
    out.push_back(std::move(label));
  }
  return out;
}

namespace {

/// The engine's own channels (makeChannels) of one run: the joint-space trace, the tool pose and its Cartesian
/// metrics, the energies and their balance (EnergyBalance: the work of actuator minus friction torques,
/// trapezoid over the control period). record() once per control period, hold() before the backend advances.
class JointSpaceTrace {
 public:
  JointSpaceTrace(const Model& model, const RunOptions& opt)
      : model_(model), opt_(opt), data_(model), friction_(VectorX::Zero(model.nq)), prevQd_(VectorX::Zero(model.nq)),
        prevTau_(VectorX::Zero(model.nq)), prevFric_(VectorX::Zero(model.nq)) {}

  /// Period k at t: the Cartesian sample of `metrics` and the row (recorder channel order); returns the
  /// energy drift E - E0 - W. `controllerSeconds` and `backendSeconds` fill the timing channels.
  double record(long long k, double t, const JointReference& ref, const VectorX& q, const VectorX& qd,
                const VectorX& tau, double controllerSeconds, double backendSeconds, MetricsAccumulator& metrics,
                double* row);
  /// The state and torques of the period that ends (the start of the next trapezoid).
  void hold(const VectorX& qd, const VectorX& tau) {
    prevQd_ = qd;
    prevTau_ = tau;
    prevFric_ = friction_;
  }
  /// True when the drift shows an energy blow-up (1000 times the energy in play).
  bool blownUp(double drift) const {
    return std::abs(drift) > 1e3 * std::max({1.0, std::abs(E0_), std::abs(balance_.work())});
  }
  double relativeDrift() const { return maxRelativeDrift_; }  ///< max |relativeDrift| so far

 private:
  const Model& model_;
  const RunOptions& opt_;
  Data data_;
  EnergyBalance balance_;
  VectorX friction_, prevQd_, prevTau_, prevFric_;
  double E0_ = 0, maxRelativeDrift_ = 0;
};

double JointSpaceTrace::record(long long k, double t, const JointReference& ref, const VectorX& q, const VectorX& qd,
                               const VectorX& tau, double controllerSeconds, double backendSeconds,
                               MetricsAccumulator& metrics, double* row) {
  const int n = model_.nq;
  if (opt_.friction)
    frictionTorques(model_, qd, friction_, opt_.frictionSmoothing);
  else
    friction_.setZero();

  // Cartesian pose (Euler XYZ, Zanaboni 2009 eqs 3.13–3.18) of the desired joints; the actual pose comes
  // from the forward kinematics that energyMomentum() leaves in data.
  Vector6 xd, x;
  EnergyMomentum em;
  if (opt_.toolPose && opt_.plantState) {  // a plant the serial model cannot describe
    xd = opt_.toolPose(ref.q);
    opt_.plantState(x, em.kinetic, em.potential);
  } else {
    forwardKinematics(model_, data_, ref.q);
    xd = poseVector(data_.oMtool);
    // Energies and the work of actuator minus friction torques (trapezoid over the control period).
    em = energyMomentum(model_, data_, q, qd);
    x = poseVector(data_.oMtool);
  }
  if (k == 0) {
    E0_ = em.total();
    balance_.reset(E0_);
  } else {
    balance_.add(opt_.controlPeriod, prevQd_, qd, prevTau_, prevTau_, prevFric_, friction_);
  }
  const double drift = balance_.drift(em.total());
  maxRelativeDrift_ = std::max(maxRelativeDrift_, std::abs(balance_.relativeDrift(em.total())));
  metrics.addCartesian(t, opt_.controlPeriod, xd, x);

  std::size_t c = 0;
  const auto& sel = opt_.record;
  auto put = [&](const VectorX& v) { for (int i = 0; i < n; ++i) row[c++] = v[i]; };
  if (sel.reference) put(ref.q);
  if (sel.state) put(q);
  if (sel.error) for (int i = 0; i < n; ++i) row[c++] = ref.q[i] - q[i];
  if (sel.reference) put(ref.qd);
  if (sel.state) put(qd);
  if (sel.torque) put(tau);
  if (sel.friction) put(friction_);
  if (sel.endEffector) {
    for (int a = 0; a < 6; ++a) row[c++] = x[a];
    for (int a = 0; a < 6; ++a) row[c++] = x[a] - xd[a];
  }
  if (sel.energy) {
    row[c++] = em.kinetic;
    row[c++] = em.potential;
    row[c++] = em.total();
    row[c++] = balance_.work();
    row[c++] = drift;
    row[c++] = balance_.actuatorWork();
    row[c++] = balance_.frictionWork();
  }
  if (sel.timing) {
    row[c++] = controllerSeconds;
    row[c++] = backendSeconds;
  }
  return drift;
}

/// The metrics of a run along `traj`: relative errors per segment of the trajectory (its via points) when it
/// has a valid cut; the steady state from the end of the motion (the end of the run when it holds no time).
void prepareMetrics(MetricsAccumulator& metrics, const Trajectory& traj, const RunOptions& opt) {
  std::vector<double> cuts = traj.segmentTimes();
  bool valid = cuts.size() >= 2;
  for (std::size_t k = 1; valid && k < cuts.size(); ++k) valid = std::isfinite(cuts[k]) && cuts[k] > cuts[k - 1];
  if (valid) metrics.setSegments(std::move(cuts));
  const double T = opt.controlPeriod;
  metrics.setSteadyStateFrom(opt.duration > traj.duration() + T / 2 ? traj.duration() : opt.duration);
}

}  // namespace

RunResult runSimulation(const Model& model, Backend& backend, Controller& controller, const Trajectory& traj,
                        const RunOptions& opt, Recorder& rec) {
  RunResult res;
  const auto wall0 = Clock::now();
  const int n = model.nq;
  const double T = opt.controlPeriod;
  rec.clear();
  JointReference ref{VectorX::Zero(n), VectorX::Zero(n), VectorX::Zero(n)};
  traj.sample(0.0, ref);
  const VectorX q0 = opt.q0.size() == n ? opt.q0 : ref.q;
  const VectorX qd0 = opt.qd0.size() == n ? opt.qd0 : VectorX(VectorX::Zero(n));
  const BackendStatus st0 = backend.reset(q0, qd0);
  if (!st0.ok) {
    res.ok = false;
    res.message = st0.message;
    res.detail = st0.detail;
    return res;
  }
  controller.reset(n);
  VectorX tauCmd = VectorX::Zero(n);
  VectorX qStart = ref.q;
  JointReference endRef{VectorX::Zero(n), VectorX::Zero(n), VectorX::Zero(n)};
  traj.sample(traj.duration(), endRef);

  MetricsAccumulator metrics(n);
  prepareMetrics(metrics, traj, opt);
  std::optional<JointSpaceTrace> own;  // the engine's channels, unless the plant writes its rows (writeRow)
  if (!opt.writeRow) own.emplace(model, opt);
  const long long periods = std::llround(opt.duration / T);
  rec.reserve(std::size_t(periods + 1));  // the recorder's chunks now, not in the loop
  std::vector<double> row(rec.channels().size());
  long long lastProgress = -1;
  double ctrlSec = 0, backSec = 0, lastBackend = 0;

  for (long long k = 0; k <= periods; ++k) {
    const double t = double(k) * T;
    const VectorX& qm = backend.measuredPosition();
    const VectorX& qdm = backend.measuredVelocity();
    const VectorX& q = backend.position();
    const VectorX& qd = backend.velocity();
    traj.sample(t, ref);
    ControlInput in{t, &qm, &qdm, &ref, T};
    const bool timed = opt.record.timing;
    const auto c0 = timed ? Clock::now() : Clock::time_point{};
    controller.compute(in, tauCmd);
    const auto c1 = timed ? Clock::now() : Clock::time_point{};
    backend.writeTorque(tauCmd);
    const VectorX& tau = backend.appliedTorque();

    metrics.addJoint(t, T, ref.q, q, tau);
    double drift = 0;
    if (own)
      drift = own->record(k, t, ref, q, qd, tau, seconds(c1 - c0), lastBackend, metrics, row.data());
    else
      opt.writeRow(t, ref, tau, row.data());
    rec.append(t, row.data());
    if (opt.onRow) opt.onRow(t, row.data(), row.size());
    res.endTime = t;
    res.periods = k;
    ctrlSec += seconds(c1 - c0);

    if (own && own->blownUp(drift)) {
      res.detail = message(msg::kEnergyBlowUp, {MessageArg::number(t, msg::streamed(t)),
                                                MessageArg::number(drift, msg::streamed(drift))});
      res.ok = false;
      res.message = res.detail.text;
      break;
    }
    if (k == periods) break;
    if (opt.cancel && opt.cancel->load()) {
      res.cancelled = true;
      res.message = "cancelled at t = " + std::to_string(t) + " s";
      break;
    }
    if (own) own->hold(qd, tau);
    const auto b0 = timed ? Clock::now() : Clock::time_point{};
    const BackendStatus st = backend.advance(T);
    lastBackend = timed ? seconds(Clock::now() - b0) : 0.0;
    backSec += lastBackend;
    if (!st.ok) {
      res.ok = false;
      res.message = st.message;
      res.detail = st.detail;
      res.endTime = backend.time();
      break;
    }
    if (opt.progress && periods > 0) {
      const long long pct = (k + 1) * 100 / periods;
      if (pct != lastProgress) {
        lastProgress = pct;
        opt.progress(double(k + 1) / double(periods));
      }
    }
  }
  res.energyDriftRelative = own ? own->relativeDrift() : 0.0;
  res.metrics = metrics.finish(qStart, endRef.q);
  res.controllerSeconds = ctrlSec;
  res.backendSeconds = backSec;
  res.wallSeconds = seconds(Clock::now() - wall0);
  return res;
}

}  // namespace maniplab::sim
