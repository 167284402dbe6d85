#pragma once
// In-process EtherCAT bench for the tests: a master and N virtual drives (one per joint of a robot) on
// the two ends of an in-process link (no privileges needed); the simulation quantised as the bus
// quantises (QuantisedPlant); the tracking comparison with the documented bound (checkTracking); and the
// retries of a run the machine's scheduler spoilt (retryOnTiming).
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "maniplab/ethercat/ethercat_backend.hpp"
#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/master.hpp"
#include "maniplab/ethercat/tracking_bound.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"
#include "support/timing_tolerance.hpp"

namespace maniplab::test {

struct EthercatBench {
  ethercat::InProcessPair link = ethercat::makeInProcessPair();
  std::unique_ptr<ethercat::Link> masterLink;  ///< optional wrapper around link.a (see wrapMasterLink)
  std::unique_ptr<ethercat::VirtualBus> bus;
  std::unique_ptr<ethercat::Master> master;

  /// The virtual drives as other masters see them: emergencies on faults, LRW writes counted in SAFEOP
  /// once SM2 is enabled (what the master expects), the generic profile unless `profile` is given.
  static ethercat::VirtualBusOptions faithful(const std::string& profile = "generic") {
    ethercat::VirtualBusOptions o;
    o.profile = profile;
    o.emergencies = true;
    o.countOutputsInSafeOp = true;
    return o;
  }

  /// `wrap` may put a test link between the master and its end of the in-process pair.
  EthercatBench(const Model& model, const sim::PlantOptions& plant, double cyclePeriod,
                ethercat::FaultPlan faults = {}, int maxBadCycles = 3,
                const std::function<std::unique_ptr<ethercat::Link>(ethercat::Link&)>& wrap = {},
                const ethercat::VirtualBusOptions& drives = faithful(),
                const std::function<void(ethercat::MasterOptions&)>& masterOptions = {}) {
    bus = std::make_unique<ethercat::VirtualBus>(model, plant, faults, drives);
    bus->start(*link.b, 70);  // SCHED_FIFO when permitted (CI runs as root), else normal priority
    ethercat::MasterOptions mo;
    mo.cyclePeriod = cyclePeriod;
    mo.realtime = true;  // SCHED_FIFO + mlockall when permitted; degrades with a warning otherwise
    mo.maxBadCycles = maxBadCycles;
    if (masterOptions) masterOptions(mo);
    if (wrap) masterLink = wrap(*link.a);
    master = std::make_unique<ethercat::Master>(masterLink ? *masterLink : *link.a, mo);
  }
  ~EthercatBench() {
    master.reset();
    bus->stop();
  }
};

/// The simulation backend with exactly the quantisation of a run over the virtual drives: torque
/// set-points rounded to 1 per mille of each drive's rated torque (as EthercatBackend::writeTorque),
/// positions and velocities measured in encoder counts, the start placed on a count (object 0x2100).
/// `torqueScale` / `flipJoint` deliberately break the torque path (to check that a comparison fails).
/// replay(): each control period runs the bus cycles a bus run's drives ran in it
/// (EthercatBackend::periodCycles: the previous set-point held for some, then this one), so that a run
/// whose periods were not all regular (late replies, the controller late) is reproduced as well.
class QuantisedPlant final : public sim::Backend {
 public:
  QuantisedPlant(const Model& m, const sim::PlantOptions& po, double torqueScale = 1.0, int flipJoint = -1)
      : model_(m), plant_(m, po), scale_(torqueScale), flip_(flipJoint) {
    for (int j = 0; j < m.nq; ++j) s_.push_back(ethercat::virtualDriveScaling(m, j));
    qm_ = qdm_ = tau_ = VectorX::Zero(m.nq);
    applied_ = previous_ = VectorX::Zero(m.nq);
  }
  void replay(const std::vector<ethercat::EthercatBackend::PeriodCycles>* periods, double busCycle) {
    periods_ = periods;
    busCycle_ = busCycle;
  }
  int dof() const override { return model_.nq; }
  std::string name() const override { return "quantised simulation"; }
  sim::BackendStatus reset(const VectorX& q0, const VectorX& qd0) override {
    period_ = 0;
    applied_.setZero();  // the bus run enables the drives with zero torque
    previous_.setZero();
    VectorX q = q0;
    for (int j = 0; j < model_.nq; ++j) q[j] = double(std::int32_t(std::llround(q0[j] * s_[std::size_t(j)].countsPerUnit))) / s_[std::size_t(j)].countsPerUnit;
    const auto st = plant_.reset(q, qd0);
    measure();
    return st;
  }
  void writeTorque(const VectorX& tau) override {
    previous_ = applied_;
    VectorX& applied = applied_;
    for (int j = 0; j < model_.nq; ++j) {
      const auto& s = s_[std::size_t(j)];
      const double lim = model_.limits[std::size_t(j)].effort;
      const double v = std::isfinite(tau[j]) ? std::clamp(tau[j], -lim, lim) : 0.0;
      const long pm = std::clamp(std::lround(v / s.ratedTorque * 1000.0), -32767L, 32767L);
      tau_[j] = double(pm) / 1000.0 * s.ratedTorque;
      applied[j] = double(std::clamp(pm, -3000L, 3000L)) / 1000.0 * s.ratedTorque * scale_ * (j == flip_ ? -1 : 1);
    }
    plant_.writeTorque(applied);
  }
  sim::BackendStatus advance(double dt) override {
    sim::BackendStatus st;
    if (periods_ && period_ < periods_->size()) {  // one plant advance per bus cycle, as the drives do
      const auto& p = (*periods_)[period_++];
      plant_.writeTorque(previous_);
      for (int c = 0; c < p.held && st.ok; ++c) st = plant_.advance(busCycle_);
      plant_.writeTorque(applied_);
      for (int c = 0; c < p.carried && st.ok; ++c) st = plant_.advance(busCycle_);
    } else {
      st = plant_.advance(dt);
    }
    measure();
    return st;
  }
  double time() const override { return plant_.time(); }
  const VectorX& measuredPosition() const override { return qm_; }
  const VectorX& measuredVelocity() const override { return qdm_; }
  const VectorX& appliedTorque() const override { return tau_; }

 private:
  void measure() {
    for (int j = 0; j < model_.nq; ++j) {
      const double c = s_[std::size_t(j)].countsPerUnit;
      qm_[j] = double(std::int32_t(std::llround(plant_.measuredPosition()[j] * c))) / c;
      qdm_[j] = double(std::int32_t(std::llround(plant_.measuredVelocity()[j] * c))) / c;
    }
  }
  Model model_;
  sim::SimulatedPlant plant_;
  std::vector<ethercat::DriveScaling> s_;
  double scale_;
  int flip_;
  VectorX qm_, qdm_, tau_, applied_, previous_;
  const std::vector<ethercat::EthercatBackend::PeriodCycles>* periods_ = nullptr;
  double busCycle_ = 0;
  std::size_t period_ = 0;
};

inline std::string umisPath() { return std::string(MANIPLAB_SOURCE_DIR) + "/robots/umis.json"; }

/// The evidence of a scheduler stall in a master's cycle statistics, appended to a timing fault's reason:
/// " [stale replies N, late cycles N, missed cycles N, worst wake-up latency X ms]".
inline std::string stallEvidence(const ethercat::CycleStats& s) {
  return " [stale replies " + std::to_string(s.staleReplies) + ", late cycles " + std::to_string(s.lateCycles) + ", missed cycles " +
         std::to_string(s.missedCycles) + ", worst wake-up latency " + std::to_string(s.worstLatency * 1e3) + " ms]";
}

/// Non-empty (the reason) when a bus run that failed with `message` was spoilt by the machine's
/// scheduler rather than by the protocol: it ended on lost or late frames, nothing had been injected
/// into the virtual drives before the fault (in-process drives never lose a frame of their own), and the
/// master saw a stall: replies that arrived after their cycle (the drives answered late) or its own
/// wake-up late. A working-counter mismatch, a slave out of OP, a drive fault, a refused transition or
/// a malformed reply is never a timing fault. `runFrom`: the process-data frame the run started at (a
/// fault injected before it, and already handled, does not count; LONG_MAX: the injected fault cannot
/// explain 3 bad cycles in a row, e.g. one dropped frame in 25).
inline std::string timingFault(const std::string& message, EthercatBench& b, long runFrom = 0) {
  if (!isBusTimingFault(message)) return {};
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // late replies still on their way
  const ethercat::MasterStatus st = b.master->status();
  const long injected = b.bus->faultInjectedAtFrame();
  if (injected >= runFrom && (long long)st.faultCycle >= injected) return {};
  const auto& s = st.stats;
  if (s.staleReplies == 0 && s.lateCycles == 0 && s.missedCycles == 0) return {};
  return message + stallEvidence(s);
}

/// The same for a `maniplab-cli run --backend ethercat` that failed, from its standard error: the fault
/// message and the cycle statistics it printed (late or missed cycles, replies after their cycle). With
/// ecat-sim in another process, frames injected there cannot be seen: use it only without --fault.
inline std::string cliTimingFault(const std::string& err) {
  if (!isBusTimingFault(err)) return {};
  for (const char* evidence : {"late cycles ", "missed cycles ", "stale replies "}) {
    const auto p = err.find(evidence);
    if (p != std::string::npos && std::strtoll(err.c_str() + p + std::strlen(evidence), nullptr, 10) > 0) return err;
  }
  return {};
}

/// A recorder holding a CSV trace written by `maniplab-cli run --csv` (channels named as recorded).
inline std::unique_ptr<sim::Recorder> readTrace(const std::string& path) {
  const sim::CsvTable t = sim::readCsv(path);
  std::vector<sim::ChannelInfo> ch;
  for (std::size_t c = 1; c < t.names.size(); ++c) ch.push_back({t.names[c], "", ""});
  auto r = std::make_unique<sim::Recorder>(ch);
  std::vector<double> row(ch.size());
  for (std::size_t k = 0; k < t.rows(); ++k) {
    for (std::size_t c = 1; c < t.columns.size(); ++c) row[c - 1] = t.columns[c][k];
    r->append(t.columns[0][k], row.data());
  }
  return r;
}

/// Runs `attempt(timing)`; when it reports (in `timing`, having asserted nothing) that the machine's
/// scheduler spoilt it (with the evidence: a stall seen by the master, replies after their cycle, too
/// short a regular stretch), logs why and runs it again, up to `attempts` times in all; the last spoilt
/// attempt fails (printed only under ThreadSanitizer, see timing_tolerance.hpp). A failed assertion (a
/// protocol error) ends the test at once: it is never retried.
template <class F>
void retryOnTiming(F&& attempt, int attempts = 3) {
  for (int k = 1; k <= attempts; ++k) {
    std::string timing;
    attempt(timing);
    if (QTest::currentTestFailed() || timing.empty()) return;
    if (k < attempts) qWarning("attempt %d spoilt by the machine's scheduler, not the protocol: %s; retrying", k, timing.c_str());
    else MANIPLAB_TIMING_VERIFY2(false, ("attempt " + std::to_string(k) + " spoilt by the machine's scheduler as well: " + timing).c_str());
  }
}

/// Joint positions of a run on the simulation backend (plain, or quantised as the bus quantises).
struct SimTrace {
  sim::RunResult run;
  std::unique_ptr<sim::Recorder> rec;
};
inline SimTrace simulate(const sim::Scene& scene, const sim::ControllerSpec& spec, const sim::RunOptions& ro,
                         sim::Backend& plant) {
  SimTrace t;
  const Model& model = scene.robot.model;
  const auto traj = sim::makeTrajectory(scene);
  auto c = sim::makeController(spec, model);
  t.rec = std::make_unique<sim::Recorder>(sim::makeChannels(model, scene.record));
  t.run = sim::runSimulation(model, plant, *c, *traj, ro, *t.rec);
  return t;
}

/// The regular stretch [s] a bus run needs for its comparison with the simulation (at least 100 control
/// periods of 2.5 ms). A virtual machine's scheduler stalls a thread for several milliseconds a few times
/// a second even when idle (`maniplab-cli ecat-latency` measures it): the first irregular period of a
/// 1.5 s run came after 0.2 to 1.5 s on the project's 2-core VM; half the run was asked before, and two
/// spoilt attempts in a row were frequent there.
inline constexpr double kRegularAtLeast = 0.25;

/// The documented tracking comparison (sim/ethercat/README.md, "Tolerance"). Over the periods before the
/// bus run's first irregular period (`firstIrregular`, -1: none): every sample of q within the bound B_j
/// (ethercat::trackingBound, margin 2) of the simulation backend's run. In CST, moreover, the same
/// encoder counts as the simulation quantised as the bus quantises (the bus adds nothing else): with
/// `periods` (EthercatBackend::periodCycles of a run whose frames all reached the drives, e.g. in-process
/// without injected faults) over the whole run, the quantised simulation replaying the cycles the drives
/// ran; without, up to the first irregular period. When the compared part would be shorter than
/// kRegularAtLeast (no replay), nothing is checked and `timing` says why (retry). `what` names the periods
/// counted in `irregular` (for the log).
inline void checkTracking(const sim::Scene& scene, const sim::ControllerSpec& spec, std::int8_t mode, const sim::RunOptions& ro,
                          const sim::Recorder& busRec, double firstIrregular, long long irregular,
                          const ethercat::Master& master, std::string& timing,
                          const std::vector<ethercat::EthercatBackend::PeriodCycles>* periods = nullptr,
                          const char* what = "irregular periods (controller late, or frames lost or late)") {
  const Model& model = scene.robot.model;
  const int n = model.nq;
  const double until = firstIrregular < 0 ? ro.duration : firstIrregular;
  const bool replay = mode == ethercat::cia402::ModeCST && periods;
  if (!replay && until < std::min(kRegularAtLeast, 0.5 * ro.duration)) {
    timing = "only the first " + std::to_string(until) + " s of " + std::to_string(ro.duration) + " s were regular (" +
             std::to_string(irregular) + " " + what + ")";
    return;
  }
  sim::SimulatedPlant plant(model, scene.plant);
  const SimTrace sim = simulate(scene, spec, ro, plant);
  QVERIFY2(sim.run.ok, sim.run.message.c_str());
  std::vector<double> simMax;
  for (const auto& j : sim.run.metrics.joints) simMax.push_back(j.maxAbsError);
  const auto traj = sim::makeTrajectory(scene);
  const ethercat::QuantisationSteps steps = ethercat::quantisationSteps(master);
  const ethercat::TrackingBound B = ethercat::trackingBound(model, spec, mode, scene.controlPeriod, master.options().cyclePeriod,
                                                            *traj, ro.duration, steps, simMax);
  QVERIFY2(B.error.empty(), B.error.c_str());
  const ethercat::TraceDifference d = ethercat::traceDifference(busRec, *sim.rec, n, until);
  QVERIFY2(d.error.empty(), d.error.c_str());
  QVERIFY(d.rows >= 1);
  ethercat::TraceDifference dq;
  if (mode == ethercat::cia402::ModeCST) {
    QuantisedPlant qp(model, scene.plant);
    if (replay) qp.replay(periods, master.options().cyclePeriod);
    const SimTrace qsim = simulate(scene, spec, ro, qp);
    QVERIFY2(qsim.run.ok, qsim.run.message.c_str());
    dq = ethercat::traceDifference(busRec, *qsim.rec, n, replay ? ro.duration : until);
    QVERIFY2(dq.error.empty(), dq.error.c_str());
    QVERIFY(dq.rows >= 1);
  }
  qInfo("%s: q_bus vs q_sim over %zu samples (%.3f s of %.3f s regular; %lld %s); vs the quantised simulation%s over %zu:",
        spec.name.c_str(), d.rows, until, ro.duration, irregular, what, replay ? " replaying the drives' cycles" : "", dq.rows);
  for (int j = 0; j < n; ++j) {
    const auto J = std::size_t(j);
    char exact[64] = "-";
    if (!dq.maxAbs.empty()) std::snprintf(exact, sizeof exact, "%.2f counts", dq.maxAbs[J] / steps.position[J]);
    qInfo("  joint %d: max |q_bus - q_sim| %.3e at t = %.4f s, bound %.3e (%.0f %% of it); max |q_bus - q_quantised_sim| %s", j + 1,
          d.maxAbs[J], d.atTime[J], B.bound[J], 100 * d.maxAbs[J] / B.bound[J], exact);
    QVERIFY2(d.maxAbs[J] <= B.bound[J], ("joint " + std::to_string(j + 1) + ": the bus run departs from the simulation by more than the "
                                          "quantisation bound").c_str());
    if (!dq.maxAbs.empty())
      QVERIFY2(dq.maxAbs[J] <= 0.5 * steps.position[J],
               ("joint " + std::to_string(j + 1) + ": the bus run does not reproduce the quantised simulation (other encoder counts)").c_str());
  }
}

}  // namespace maniplab::test
