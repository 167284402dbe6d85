// EtherCAT backend of the simulation engine (backend.hpp seam; Zanaboni 2009 §8.2.4: commands out and
// positions/velocities back in the same cyclic frame). See ethercat_backend.hpp.
#include "maniplab/ethercat/ethercat_backend.hpp"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace maniplab::ethercat {

DriveSetup driveSetupFor(const Model& model, std::int8_t mode) {
  DriveSetup s;
  s.mode = mode;
  for (int j = 0; j < model.nq; ++j) {
    s.gear.push_back(model.actuator[std::size_t(j)].gear);
    s.revolute.push_back(model.isRevolute(j));
    s.jointNames.push_back(model.jointName[std::size_t(j)]);
  }
  return s;
}

EthercatBackend::EthercatBackend(const Model& model, Master& master, EthercatBackendOptions options)
    : model_(model), master_(master), opt_(options) {
  const int n = model_.nq;
  q_ = qd_ = tau_ = VectorX::Zero(n);
  torque_.assign(std::size_t(n), 0);
  position_.assign(std::size_t(n), 0);
  offset_.assign(std::size_t(n), 0);
}

void EthercatBackend::takeFeedback(const Feedback& f) {
  for (int j = 0; j < model_.nq && j < int(f.position.size()); ++j) {
    const double c = master_.slave(j).countsPerUnit;
    q_[j] = double(std::int64_t(f.position[std::size_t(j)]) - offset_[std::size_t(j)]) / c;
    qd_[j] = f.velocity[std::size_t(j)] / c;
  }
}

sim::BackendStatus EthercatBackend::reset(const VectorX& q0, const VectorX& qd0) {
  const int n = model_.nq;
  auto fail = [](const std::string& m) { return sim::BackendStatus{false, m}; };
  if (q0.size() != n || qd0.size() != n) return fail("initial state has the wrong size");
  if (master_.slaveCount() != n)
    return fail("the bus has " + std::to_string(master_.slaveCount()) + " drive(s), the robot " + std::to_string(n) + " joint(s)");
  if (!master_.cyclic()) return fail("the EtherCAT master is not cycling (bring the bus up first)");
  if (master_.hasFault()) return fail("bus fault: " + master_.faultMessage());
  if (qd0.norm() > 1e-9) return fail("the EtherCAT backend starts at rest (the scene's initial velocity is not zero)");
  const double period = master_.options().cyclePeriod;
  if (opt_.controlThreadPriority > 0 && !rtControl_) {
    sched_param sp{};
    sp.sched_priority = opt_.controlThreadPriority;
    rtControl_ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp) == 0;
  }
  master_.setEnable(false);
  Feedback f;
  auto cycleAfter = [&](int k) {
    const auto c0 = master_.feedback().cycle;
    return master_.waitFeedback([&](const Feedback& x) { return x.cycle >= c0 + std::uint64_t(k) && x.fresh; }, 1.0 + k * period, f);
  };
  cycleAfter(3);
  for (int j = 0; j < n; ++j) {
    if (master_.slave(j).identity.vendor != kManipLabVendor) continue;
    const double c = master_.slave(j).countsPerUnit;
    const auto r = master_.sdoWrite(j, cia402::SimSetPosition, 0, std::uint32_t(std::int32_t(std::llround(q0[j] * c))), 4);
    if (!r.ok) return fail(r.error);
  }
  if (!cycleAfter(2)) return fail(master_.hasFault() ? "bus fault: " + master_.faultMessage() : "no fresh feedback from the drives");
  // Drives without an absolute position reference (drive profile "position_feedback": "incremental"): the
  // position measured now is taken as the run's start, as after homing.
  notes_.clear();
  for (int j = 0; j < n; ++j) {
    offset_[std::size_t(j)] = 0;
    if (!master_.slave(j).incrementalPosition) continue;
    const double c = master_.slave(j).countsPerUnit;
    offset_[std::size_t(j)] = std::int64_t(f.position[std::size_t(j)]) - std::llround(q0[j] * c);
    std::ostringstream o;
    o << master_.slaveName(j) << ": incremental position feedback (drive profile): its position " << f.position[std::size_t(j)]
      << " counts is taken as the start of joint " << j + 1 << " (" << model_.jointName[std::size_t(j)] << "), " << q0[j];
    notes_.push_back(o.str());
  }
  takeFeedback(f);
  for (int j = 0; j < n; ++j)
    if (std::abs(q_[j] - q0[j]) > opt_.startTolerance) {
      std::ostringstream o;
      o << "joint " << j + 1 << " (" << model_.jointName[std::size_t(j)] << ") is at " << q_[j] << ", the run starts at " << q0[j]
        << " (move the robot there first)";
      return fail(o.str());
    }
  for (int j = 0; j < n; ++j) {
    torque_[std::size_t(j)] = 0;
    position_[std::size_t(j)] = f.position[std::size_t(j)];
  }
  master_.setEnable(true);
  master_.writeSetpoints(torque_, position_);
  if (!master_.waitFeedback([](const Feedback& x) { return x.fresh && x.allEnabled; }, opt_.enableTimeout, f)) {
    if (master_.hasFault()) return fail("bus fault: " + master_.faultMessage());
    std::string states;
    const auto st = master_.status();
    for (int j = 0; j < n && j < int(st.slaves.size()); ++j)
      states += std::string(j ? ", " : "") + std::to_string(j + 1) + ": " + cia402::stateName(st.slaves[std::size_t(j)].driveState);
    return fail("the drives did not reach 'Operation enabled' (" + states + ")");
  }
  takeFeedback(f);
  t_ = 0;
  tau_.setZero();
  overruns_ = 0;
  irregular_ = 0;
  badCycles_ = lossPeriods_ = 0;
  last_ = {};
  firstIrregular_ = firstOverrun_ = -1;
  lastCycle_ = f.cycle;
  lastBad_ = f.badCycles;
  periodCycles_.clear();
  periodCycles_.reserve(16384);
  return {};
}

void EthercatBackend::writeTorque(const VectorX& tau) {
  const int n = model_.nq;
  if (opt_.mode == cia402::ModeCSP && reference_) reference_->sample(t_, ref_);
  for (int j = 0; j < n; ++j) {
    const auto& s = master_.slave(j);
    const double lim = model_.limits[std::size_t(j)].effort;
    double v = std::isfinite(tau[j]) ? std::clamp(tau[j], -lim, lim) : 0.0;
    const long pm = std::clamp(std::lround(v / s.ratedTorque * 1000.0), -32767L, 32767L);
    torque_[std::size_t(j)] = std::int16_t(pm);
    tau_[j] = double(pm) / 1000.0 * s.ratedTorque;
    if (opt_.mode == cia402::ModeCSP) {
      const double qt = reference_ ? ref_.q[j] : q_[j];
      position_[std::size_t(j)] = std::int32_t(std::llround(qt * s.countsPerUnit) + offset_[std::size_t(j)]);
    }
  }
}

sim::BackendStatus EthercatBackend::advance(double dt) {
  const double period = master_.options().cyclePeriod;
  const long n = std::lround(dt / period);
  std::ostringstream where;
  where << "t = " << t_ << " s: ";
  if (n < 1 || std::abs(double(n) * period - dt) > 1e-6 * dt) {
    std::ostringstream o;
    o << "the control period " << dt << " s is not a whole number of bus cycles (" << period << " s)";
    return {false, o.str()};
  }
  master_.writeSetpoints(torque_, position_);
  const auto seq = master_.setpointSeq();
  Feedback f;
  const bool ok = master_.waitFeedback([&](const Feedback& x) { return x.seq == seq && x.fresh && x.seqCycles >= n; },
                                       double(n + std::max(0, master_.options().maxBadCycles) + 2) * period + master_.lossBudget() + 0.5, f);
  if (master_.hasFault()) return {false, where.str() + master_.faultMessage()};
  if (!ok) return {false, where.str() + "no fresh feedback from the bus (cycle " + std::to_string(f.cycle) + ")"};
  // Since the previous measurement: `elapsed` cycles, `bad` of them bad; the good ones carried either
  // the previous set-point (held: the controller was late) or this one (f.seqCycles).
  const long long elapsed = (long long)(f.cycle - lastCycle_), bad = (long long)(f.badCycles - lastBad_);
  const bool overrun = elapsed - bad > f.seqCycles || f.seqCycles > n;
  if (overrun && overruns_++ == 0) firstOverrun_ = t_;
  // Regular: the n cycles right after the previous measurement all good and all carrying this set-point.
  if ((overrun || bad != 0 || elapsed != n) && irregular_++ == 0) firstIrregular_ = t_;
  periodCycles_.push_back({int(f.seqFirstCycle - lastCycle_ - 1), int(f.cycle - f.seqFirstCycle + 1), int(bad)});
  last_ = {int(bad), double(std::max(0LL, elapsed - n)) * period};
  badCycles_ += bad;
  if (bad) ++lossPeriods_;
  lastCycle_ = f.cycle;
  lastBad_ = f.badCycles;
  takeFeedback(f);
  t_ += dt;
  if (opt_.mode == cia402::ModeCSP)
    for (int j = 0; j < model_.nq; ++j) tau_[j] = f.torque[std::size_t(j)] / 1000.0 * master_.slave(j).ratedTorque;
  return {};
}

}  // namespace maniplab::ethercat
