// The master's cyclic exchange (Zanaboni 2009 §8.2.4: one frame per control cycle, positions/velocities and
// commands in the same datagrams; ETG.1000.4 datagrams and reply matching; IEC 61800-7-201 §6.2 CiA 402
// drive state machine), one step per member function of Master::Cycle. See master.hpp.
#include "master_cycle.hpp"

#include <pthread.h>
#include <sched.h>
#include <sys/prctl.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "master_internal.hpp"

namespace maniplab::ethercat {

using namespace master_detail;

void Master::cycleLoop() {
  Cycle c(*this);
  c.run();
}

Master::Cycle::Cycle(Master& m)
    : master(m),
      link(m.link_),
      opt(m.opt_),
      slaves(m.slaves_),
      n(m.slaves_.size()),
      period(std::llround(m.opt_.cyclePeriod * 1e9)),
      source(masterSourceMac(m.link_.mac())),
      mode(m.mode_),
      spin(std::clamp<std::int64_t>(std::int64_t(m.opt_.spinMicros) * 1000, 0, period / 5)),
      lossPolicy(m.budget_, m.lossRate_, m.opt_.cyclePeriod, m.opt_.maxBadCycles),
      dcOn(m.dcActive_ && m.dcRef_ >= 0),
      dcRefStation(dcOn ? m.slaves_[std::size_t(m.dcRef_)].station : 0),
      lock(period, m.dcPhase_) {}

void Master::Cycle::run() {
  setUpRealTime();
  prepare();
  while (!master.stopReq_.load()) {
    if (master.clearStats_.exchange(false)) clearStatistics();
    waitForDeadline();
    planCommands();
    buildFrame();
    sendFrame();
    awaitReply();
    takeReply();
    takeEmergency();
    publish();
    endCycle();
  }
  finish();
}

// --- set-up ------------------------------------------------------------------------------------------

/// Real-time scheduling of the cyclic thread as the options ask: SCHED_FIFO at MasterOptions::rtPriority
/// (else a 1 ns timer slack), pinned to MasterOptions::cpu; what is not permitted becomes a warning.
void Master::Cycle::setUpRealTime() {
  bool fifo = false;
  if (opt.realtime) {
    sched_param sp{};
    sp.sched_priority = opt.rtPriority;
    const int rc = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
    fifo = rc == 0;
    if (rc != 0) {
      std::lock_guard lk(master.m_);
      master.warnings_.push_back(std::string("SCHED_FIFO not permitted (") + std::strerror(rc) +
                                 "): the cyclic thread runs at normal priority, expect more jitter" +
                                 (rc == EPERM ? " (needs cap_sys_nice: sudo scripts/grant-capabilities.sh)" : ""));
    }
  }
  // A normal thread's timer slack (50 us by default) would delay every wake-up: 1 ns (RT threads have 0).
  if (!fifo) ::prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
  if (opt.cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(opt.cpu, &set);
    const int rc = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    if (rc != 0) {
      std::lock_guard lk(master.m_);
      master.warnings_.push_back("cannot pin the cyclic thread to CPU " + std::to_string(opt.cpu) + " (" + std::strerror(rc) + ")");
    }
  }
}

/// Sizes every buffer of the cycle path and touches it, sets the first deadline (one period from now) and
/// publishes the empty statistics: no allocation and no page fault in the cycles after.
void Master::Cycle::prepare() {
  tx.assign(kMaxFrame + 64, 0);
  rx.assign(kMaxFrame + 64, 0);
  // The process data of each slave (set up before the thread started; unchanged while it runs).
  layout.assign(n, nullptr);
  std::size_t maxPd = 0;
  for (std::size_t i = 0; i < n; ++i) {
    static const ProcessLayout none;
    layout[i] = slaves[i].details ? &slaves[i].details->pd : &none;
    maxPd = std::max<std::size_t>(maxPd, std::size_t(slaves[i].rxBytes) + slaves[i].txBytes);
  }
  out.assign(maxPd + 8, 0);
  dstate.assign(n, cia402::State::Unknown);
  actualPos.assign(n, 0), actualVel.assign(n, 0);
  cw.assign(n, 0);
  tq.assign(n, 0);
  pos.assign(n, 0);
  al.assign(n, 0), alCode.assign(n, 0);
  errCode.assign(n, 0), sw.assign(n, 0);
  dcDiff.assign(n, 0), dcWorst.assign(n, 0);
  deadline = monoNow() + period;
  stats.nominalPeriod = opt.cyclePeriod;
  stats.jitterHistogram.assign(kHistBins, 0);
  std::size_t maxMbx = 0;
  for (const auto& s : slaves) maxMbx = std::max<std::size_t>(maxMbx, s.mbxInSize);
  pollBuf.reserve(maxMbx);
  // Touch the buffers and the statistics before the first cycle (no page fault in the loop).
  views.reserve(4 * n + 64);
  request.reserve(4 * n + 64);
  reason.reserve(512);
  immediateReason.reserve(512);
  for (std::size_t i = 0; i < n; ++i) names.push_back(master.slaveName(int(i)));
  std::lock_guard lk(master.m_);
  master.st_.stats = stats;  // the copies of the statistics below reuse this capacity
}

/// Starts the statistics anew (Master::clearStatistics): no allocation, the histogram keeps its storage.
void Master::Cycle::clearStatistics() {
  std::fill(stats.jitterHistogram.begin(), stats.jitterHistogram.end(), 0);
  auto hist = std::move(stats.jitterHistogram);
  stats = CycleStats{};
  stats.nominalPeriod = opt.cyclePeriod;
  stats.jitterHistogram = std::move(hist);
  sumPeriod = sumRtt = 0;
  nPeriod = nRtt = 0;
  prevWake = 0;
  cycleBase = cycle;
  std::fill(dcWorst.begin(), dcWorst.end(), 0);
}

// --- one cycle ---------------------------------------------------------------------------------------

/// Sleeps to the deadline and counts the cycle: records the wake-up latency (worst, late cycles over a tenth
/// of a period, stalls over 1 ms with what delayed them) and the period error (histogram, worst, mean);
/// deadlines that passed while the thread slept are skipped and counted as missed.
void Master::Cycle::waitForDeadline() {
  // How late the cycle's own work left the thread for its sleep (0: in time; > 0 the previous cycle
  // overran): tells a stall of the master's code from a wake-up the scheduler delayed.
  const std::int64_t lateToSleep = std::max<std::int64_t>(0, monoNow() - (deadline - spin));
  timespec ts = toTimespec(deadline - spin);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {}
  const std::int64_t woke = monoNow();  // - (deadline - spin): how late the kernel woke the thread
  if (spin > 0)
    while (monoNow() < deadline) cpuRelax();
  wake = monoNow();
  const std::int64_t latency = wake - deadline;
  stats.worstLatency = std::max(stats.worstLatency, latency * 1e-9);
  if (latency > period / 10) ++stats.lateCycles;
  if (latency > 1000000) {
    if (stats.stalls < CycleStats::kStallLog)
      stats.stallLog[std::size_t(stats.stalls)] = {wake * 1e-9, latency * 1e-9, lateToSleep * 1e-9,
                                                   std::max<std::int64_t>(0, woke - (deadline - spin)) * 1e-9, prevBusy * 1e-9};
    ++stats.stalls;
  }
  if (prevWake) {
    const std::int64_t per = wake - prevWake;
    const double err = std::abs(double(per - period));
    stats.jitterHistogram[std::min<std::size_t>(kHistBins - 1, std::size_t(err / 1000.0))]++;
    stats.worstPeriodError = std::max(stats.worstPeriodError, err * 1e-9);
    sumPeriod += per * 1e-9;
    ++nPeriod;
  }
  prevWake = wake;
  if (latency >= period) {  // deadlines passed while we slept: skip them
    const std::int64_t skipped = latency / period;
    stats.missedCycles += skipped;
    deadline += skipped * period;
  }
  ++cycle;
}

/// Under the master's lock: each drive's controlword and set-points from its state in the last reply and
/// the control thread's commands (torque and position only to a drive in Operation enabled, else zero
/// torque and its actual position), the acyclic request to carry, and whether the emergency poll reads.
void Master::Cycle::planCommands() {
  pend = nullptr;
  pollThis = false;
  std::lock_guard lk(master.m_);
  frameSeq = master.seq_.load();
  phaseOp = master.st_.phase == "OP";
  const bool faulted = master.fault_.load();
  // Enable operation goes to every drive in the same cycle, once all are switched on: their brakes
  // open together, so no joint moves (under gravity, with no torque yet) before the others.
  bool allSwitchedOn = true;
  for (std::size_t i = 0; i < n; ++i)
    allSwitchedOn = allSwitchedOn && (dstate[i] == cia402::State::SwitchedOn || dstate[i] == cia402::State::OperationEnabled);
  for (std::size_t i = 0; i < n; ++i) {
    cw[i] = controlword(i, faulted, allSwitchedOn);
    const bool live = !faulted && master.enable_.load() && master.cmdValid_ && dstate[i] == cia402::State::OperationEnabled;
    tq[i] = live ? master.cmdTorque_[i] : 0;
    pos[i] = live ? master.cmdPosition_[i] : actualPos[i];
  }
  resetToggle = !resetToggle;
  if (master.pending_ && !master.pending_->done) pend = master.pending_;
  // after the pending request is known: an SDO transfer marks its mailbox busy before it queues one
  if (n && slaves[pollSlave].mbxInSize && !master.mbxBusy_[pollSlave].load()) pollThis = true;
  else pollStage = 0;
}

/// Drive i's controlword (IEC 61800-7-201 §6.2): quick stop once the master faulted; fault reset, toggled
/// every cycle, while a reset is asked and the drive is in a fault state; with the drives enabled the
/// transition towards Operation enabled from its state; else shut down.
std::uint16_t Master::Cycle::controlword(std::size_t i, bool faulted, bool allSwitchedOn) const {
  using S = cia402::State;
  if (faulted) return cia402::CwQuickStop;
  if (master.resetReq_.load() && (dstate[i] == S::Fault || dstate[i] == S::FaultReactionActive)) return resetToggle ? cia402::CwFaultReset : 0;
  if (!master.enable_.load()) return cia402::CwShutdown;
  switch (dstate[i]) {
    case S::SwitchOnDisabled: return cia402::CwShutdown;
    case S::ReadyToSwitchOn: return cia402::CwSwitchOn;
    case S::SwitchedOn: return allSwitchedOn ? cia402::CwEnableOperation : cia402::CwSwitchOn;
    case S::OperationEnabled: return cia402::CwEnableOperation;
    default: return cia402::CwDisableVoltage;
  }
}

/// Builds the cycle's frame in `tx` (ETG.1000.4 datagrams, all with the cycle's index), noting where each
/// reply will be: with distributed clocks the reference clock's system time (FRMW), each slave's process
/// data (LRW) and AL status (FPRD), with distributed clocks each slave's system time difference (FPRD),
/// then the emergency poll and the pending acyclic request.
void Master::Cycle::buildFrame() {
  idx = std::uint8_t(idx + 1);
  FrameBuilder b(tx.data(), source);
  expected = 0;
  if (dcOn) {  // FRMW: the reference clock's system time, written to every other clock
    b.add(Command::FRMW, idx, FrameBuilder::address(dcRefStation, reg::DcSystemTime), 8);
    ++expected;
  }
  lrwBase = expected;
  for (std::size_t i = 0; i < n; ++i) {
    const auto& s = slaves[i];
    const ProcessLayout& L = *layout[i];
    std::fill(out.begin(), out.end(), 0);
    writeField(out.data(), L[PdoRole::Controlword], cw[i]);
    writeField(out.data(), L[PdoRole::TargetTorque], tq[i]);
    writeField(out.data(), L[PdoRole::TargetPosition], pos[i]);
    writeField(out.data(), L[PdoRole::TargetVelocity], 0);
    writeField(out.data(), L[PdoRole::ModesOfOperation], mode);
    b.add(Command::LRW, idx, s.logical, std::uint16_t(s.rxBytes + s.txBytes), out.data());
  }
  expected += n;
  alBase = expected;
  for (std::size_t i = 0; i < n; ++i) b.add(Command::FPRD, idx, FrameBuilder::address(slaves[i].station, reg::AlStatus), 6);
  expected += n;
  diffBase = expected;
  if (dcOn) {
    for (std::size_t i = 0; i < n; ++i) b.add(Command::FPRD, idx, FrameBuilder::address(slaves[i].station, reg::DcSystemTimeDiff), 4);
    expected += n;
  }
  addPoll(b);
  addPending(b);
  len = b.finish();
  parseFrame(tx.data(), len, request);
}

/// The emergency poll's datagram, when this cycle polls: the input mailbox SyncManager's status, or, the
/// cycle after it showed the mailbox full and when the frame has room, the mailbox itself.
void Master::Cycle::addPoll(FrameBuilder& b) {
  pollIdx = 0;
  pollKind = pollThis ? pollStage : -1;
  pollOf = pollSlave;
  if (!pollThis) return;
  const auto& s = slaves[pollSlave];
  const std::size_t room = b.room();
  if (pollStage == 0 || room < std::size_t(s.mbxInSize) + 64) {
    b.add(Command::FPRD, idx, FrameBuilder::address(s.station, std::uint16_t(reg::Sm0 + reg::SmSize + reg::SmStatus)), 1);
    pollStage = 0;
  } else {
    b.add(Command::FPRD, idx, FrameBuilder::address(s.station, s.mbxIn), s.mbxInSize);
  }
  pollIdx = expected++;
}

/// The pending acyclic request's datagrams; one that does not fit fails the request at once.
void Master::Cycle::addPending(FrameBuilder& b) {
  pendBase = expected;
  if (!pend) return;
  for (const auto& d : *pend->dgs) {
    if (!b.add(d.cmd, idx, d.address, std::uint16_t(d.data.size()), d.data.data())) {
      std::lock_guard lk(master.m_);
      pend->done = true;
      pend->ok = false;
      pend->err = "acyclic request does not fit in the cyclic frame";
      pend = nullptr;
      master.cv_.notify_all();
      break;
    }
    ++expected;
  }
}

/// Sends the frame; a failed send makes the cycle bad, and a fault at once when the link is down.
void Master::Cycle::sendFrame() {
  reason.clear();
  good = true, immediate = false;
  sent = monoNow();
  if (!link.send(tx.data(), len)) {
    good = false;
    reason = "send failed: " + link.lastError();
    if (!link.isUp()) { reason = "link down (" + link.describe() + ")"; immediate = true; }
  }
  afterSend = monoNow();
  replied = afterSend;  // end of the wait for the reply
}

/// Waits for the reply to the frame (until 5 % before the next deadline): the slaves' answer with all its
/// datagrams, not our own frame come back unprocessed nor a stale answer to an earlier cycle (counted);
/// records the round trip. No reply makes the cycle bad (a lost frame), and a fault at once when the link
/// is down.
void Master::Cycle::awaitReply() {
  got = false;
  long unprocessed = 0;
  while (good) {
    const std::int64_t left = deadline + period - period / 20 - monoNow();
    if (left <= 0) break;
    const long r = link.receive(rx.data(), rx.size(), std::chrono::nanoseconds(left));
    if (r < 0) {
      good = false;
      reason = "link down (" + link.describe() + ")";
      immediate = true;
      break;
    }
    replied = monoNow();
    if (r == 0) break;
    const ReplyKind kind = classifyReply(rx.data(), std::size_t(r), tx.data(), request, views);
    if (kind == ReplyKind::Stale) ++stats.staleReplies;
    else if (kind == ReplyKind::Unprocessed) ++stats.unprocessedFrames, ++unprocessed;
    if (kind != ReplyKind::Reply) {
      if (kind != ReplyKind::Stale) ++stats.ignoredFrames;
      continue;
    }
    if (views.size() != expected) { ++stats.ignoredFrames; continue; }
    if (!isForwarded(rx.data())) ++stats.unforwardedReplies;
    got = true;
    const double rtt = (monoNow() - sent) * 1e-9;
    stats.worstRoundTrip = std::max(stats.worstRoundTrip, rtt);
    sumRtt += rtt;
    ++nRtt;
    break;
  }
  if (good && !got) {
    good = false;
    ++stats.lostFrames;
    if (unprocessed)
      std::snprintf(msg, sizeof msg, "no reply to cycle %llu: the frame came back unprocessed (no slave counted or changed it)", cycle);
    else
      std::snprintf(msg, sizeof msg, "no reply to cycle %llu (frame lost or late)", cycle);
    reason.assign(msg);
    if (!link.isUp()) { reason = "link down (" + link.describe() + ")"; immediate = true; }
  }
}

/// Takes the reply: each slave's AL status and process data, the distributed clocks, the emergency poll's
/// answer and the acyclic request's; without a reply, missReply().
void Master::Cycle::takeReply() {
  immediateReason.clear();
  immediateSlave = -1, reasonSlave = -1;
  dcCorrection = 0;
  if (!got) {
    missReply();
    return;
  }
  for (std::size_t i = 0; i < n; ++i) {
    takeAlStatus(i);
    takeProcessData(i);
  }
  if (dcOn) lockPhase();
  if (pollKind >= 0) advancePoll();
  if (!good) ++stats.wkcErrors;
  if (pend) completePending();
}

/// Slave i's AL status and status code (ETG.1000.6 §6.4); in OP a slave that left OP is a fault at once
/// (the first such finding of the cycle is the fault's message).
void Master::Cycle::takeAlStatus(std::size_t i) {
  const DatagramView& as = views[alBase + i];
  if (as.wkc() != 1) return;
  al[i] = get16(as.data);
  alCode[i] = get16(as.data + 4);
  if ((al[i] & 0x1f) != 8 && phaseOp && immediateReason.empty())
  {
    immediateSlave = int(i), immediateReason = names[i] + " left OP: AL status " + alStateName(al[i]) + ", AL status code " + alStatusCodeText(alCode[i]);
    if (alCode[i] == alcode::SmWatchdog) {
      std::snprintf(msg, sizeof msg, " (its process-data watchdog of %.1f ms expired: it saw no process data for that long)",
                    slaves[i].watchdog * 1e3);
      immediateReason.append(msg);
    }
  }
}

/// Slave i's process data: its LRW's working counter (a wrong one makes the cycle bad), then its inputs
/// (statusword, actual torque, position, velocity, error code) and its CiA 402 state. A statusword that is
/// no state is a malformed reply; a drive fault in OP with the drives enabled is a fault at once.
void Master::Cycle::takeProcessData(std::size_t i) {
  const DatagramView& pd = views[lrwBase + i];
  const ProcessLayout& L = *layout[i];
  // LRW: +1 for the read of its inputs, +2 for the write of its outputs once its output SyncManager
  // is enabled (in OP always; in SAFEOP when the slave enabled it: the ESC then counts the write).
  const bool op = (al[i] & 0x0f) == 8;
  const int want = (slaves[i].txBytes ? 1 : 0) + (slaves[i].rxBytes && (op || slaves[i].outputsEnabled) ? 2 : 0);
  if (pd.wkc() != want) {
    if (good) {
      reasonSlave = int(i);
      std::snprintf(msg, sizeof msg, "%s: working counter %u instead of %d on its process data (LRW)", names[i].c_str(), unsigned(pd.wkc()), want);
      reason.assign(msg);
    }
    good = false;
    return;
  }
  const std::uint8_t* in = pd.data + slaves[i].rxBytes;
  sw[i] = std::uint16_t(readUnsigned(in, L[PdoRole::Statusword]));
  tq[i] = std::int16_t(readSigned(in, L[PdoRole::TorqueActual]));
  actualPos[i] = std::int32_t(readSigned(in, L[PdoRole::PositionActual]));
  actualVel[i] = std::int32_t(readSigned(in, L[PdoRole::VelocityActual]));
  errCode[i] = std::uint16_t(readUnsigned(in, L[PdoRole::ErrorCode]));
  dstate[i] = cia402::decodeStatusword(sw[i]);
  if (dstate[i] == cia402::State::Unknown && L[PdoRole::Statusword].present()) {
    // The working counter is right but the statusword is no CiA 402 state (IEC 61800-7-201 Table 30):
    // the inputs are not what the mapping says. A malformed reply: counted, the cycle bad (its values
    // never reach the feedback), and with the drives enabled in OP a bus fault at once.
    ++stats.malformedReplies;
    const std::string why = names[i] + ": malformed process data: statusword " + hex4(sw[i]) + " is no CiA 402 state";
    if (good) {
      reasonSlave = int(i);
      reason = why;
    }
    good = false;
    if (master.enable_.load() && phaseOp && immediateReason.empty()) immediateSlave = int(i), immediateReason = why;
    return;
  }
  if ((sw[i] & 0x08) && master.enable_.load() && !master.resetReq_.load() && phaseOp && immediateReason.empty()) {
    immediateSlave = int(i);
    if (L[PdoRole::ErrorCode].present())
      immediateReason = names[i] + ": drive fault, error code " + cia402::errorCodeText(errCode[i]) + " (statusword " + hex4(sw[i]) + ")";
    else
      immediateReason = names[i] + ": drive fault (statusword " + hex4(sw[i]) + "; the error code 0x603F is not in its process data: see its emergency)";
  }
}

/// Distributed clocks: the reference clock's system time (FRMW) locks the master's cycle to DC time (the
/// correction of the next deadline, the phase error statistics); each slave's system time difference
/// (0x092C) is recorded, with its worst.
void Master::Cycle::lockPhase() {
  const DatagramView& f = views[dcIdx];
  if (f.wkc() >= 1) {
    const std::uint64_t t = std::uint64_t(get32(f.data)) | (std::uint64_t(get32(f.data + 4)) << 32);
    dcCorrection = lock.update(t);
    stats.dcPhaseError = double(std::llabs(lock.lastError())) * 1e-9;
    stats.dcWorstPhaseError = std::max(stats.dcWorstPhaseError, stats.dcPhaseError);
  }
  for (std::size_t i = 0; i < n; ++i) {
    const DatagramView& d = views[diffBase + i];
    if (d.wkc() != 1) continue;
    dcDiff[i] = dc::decodeTimeDifference(get32(d.data));
    dcWorst[i] = std::max(dcWorst[i], std::abs(dcDiff[i]));
    stats.dcWorstDiff = std::max(stats.dcWorstDiff, std::abs(dcDiff[i]) * 1e-9);
  }
}

/// The emergency poll's answer: a full input mailbox plans its read for the next cycle; a mailbox read
/// keeps the message for takeEmergency(); then the poll moves on to the next slave.
void Master::Cycle::advancePoll() {
  const DatagramView& p = views[pollIdx];
  if (pollKind == 0) pollStage = (p.wkc() == 1 && (p.data[0] & reg::SmStatusMailboxFull)) ? 1 : 0;
  else {
    pollStage = 0;
    if (p.wkc() == 1) {  // a message nobody waits for: an emergency (anything else is dropped)
      pollBuf.assign(p.data, p.data + p.length);
    }
  }
  if (pollStage == 0) pollSlave = (pollSlave + 1) % n;
}

/// The acyclic request's replies (data and working counters) back to its datagrams: the request is done.
void Master::Cycle::completePending() {
  std::lock_guard lk(master.m_);
  for (std::size_t k = 0; k < pend->dgs->size(); ++k) {
    auto& d = (*pend->dgs)[k];
    std::memcpy(d.data.data(), views[pendBase + k].data, d.data.size());
    d.wkc = views[pendBase + k].wkc();
  }
  pend->done = true;
  pend->ok = true;
}

/// No reply: the emergency poll starts over with the status, and the acyclic request fails after its
/// attempts with the cycle's reason (else it rides again in the next frame).
void Master::Cycle::missReply() {
  if (pollKind >= 0) pollStage = 0;  // a mailbox read in a lost frame: the next status poll finds out
  if (pend) {
    std::lock_guard lk(master.m_);
    if (++pend->attempts >= pend->maxAttempts) {
      pend->done = true;
      pend->ok = false;
      pend->err = reason;
    }
  }
}

/// Rare: decodes (allocates) the mailbox message the poll read and records it when it is a new CoE
/// emergency (a repeated mailbox counter is the same message); an error in OP with the drives enabled is
/// a fault at once.
void Master::Cycle::takeEmergency() {
  if (pollBuf.empty()) return;
  coe::Message m;
  const std::size_t slave = pollOf;
  if (coe::decode(pollBuf.data(), pollBuf.size(), m) && m.kind == coe::Message::Kind::Emergency) {
    const std::uint8_t c = m.header.counter;
    if (!(c != 0 && c == master.mbxLastIn_[slave])) {
      master.mbxLastIn_[slave] = c;
      master.recordEmergency(int(slave), m.emergency, cycle);
      ++stats.emergencies;
      if (m.emergency.errorCode != 0 && phaseOp && master.enable_.load() && !master.resetReq_.load() && immediateReason.empty()) {
        immediateSlave = int(slave);
        immediateReason = names[slave] + ": emergency " + coe::emergencyText(m.emergency);
      }
    }
  }
  pollBuf.clear();
}

// --- publish -----------------------------------------------------------------------------------------

/// Under the master's lock: the loss policy and the cycle's faults, the feedback, the slaves' status and
/// the statistics; then wakes whoever waits for feedback.
void Master::Cycle::publish() {
  {
    std::lock_guard lk(master.m_);
    applyLossPolicy();
    publishFeedback();
    publishStatus();
  }
  master.cv_.notify_all();
}

/// Counts the cycle in the loss policy and, in OP, latches the fault the cycle calls for: a finding that
/// stops at once (a slave out of OP, a drive fault or emergency, a malformed reply), a link down, or a bad
/// cycle (or a late good one) beyond the loss budget or rate.
void Master::Cycle::applyLossPolicy() {
  const bool stop = lossPolicy.cycle(cycle, sent, good, stats);
  const bool op = master.st_.phase == "OP";
  if (!immediateReason.empty() && op) master.latchFault(immediateReason, immediateSlave);
  else if (immediate && op) master.latchFault(reason);
  else if (!good && stop && op) master.latchFault(reason + lossPolicy.reason(), reasonSlave);
  else if (good && stop && op) master.latchFault(lossPolicy.reason());
}

/// The feedback of the control thread: the drives' inputs of a good cycle, the cycle counts, and for the
/// command sequence number (Master::command) the cycles it has been on the bus.
void Master::Cycle::publishFeedback() {
  Feedback& fb = master.fb_;
  if (frameSeq != lastSeq) {
    lastSeq = frameSeq;
    seqCycles = 0;
    seqFirst = cycle;
  }
  if (good) {
    ++seqCycles;
    haveActual = true;
    fb.position = actualPos;
    fb.velocity = actualVel;
    for (std::size_t i = 0; i < n; ++i) fb.torque[i] = tq[i];
    fb.statusword = sw;
    fb.errorCode = errCode;
    bool all = n > 0;
    for (auto s : dstate) all = all && s == cia402::State::OperationEnabled;
    fb.allEnabled = all;
  }
  fb.cycle = cycle;
  fb.badCycles = lossPolicy.totalBad();
  fb.seq = frameSeq;
  fb.seqCycles = seqCycles;
  fb.seqFirstCycle = seqFirst;
  fb.fresh = good && haveActual;
}

/// The slaves' status (AL status, drive state, DC time differences) and the statistics: copied every 16
/// cycles and after every bad one.
void Master::Cycle::publishStatus() {
  auto& st = master.st_;
  for (std::size_t i = 0; i < n && i < st.slaves.size(); ++i) {
    st.slaves[i].alStatus = al[i];
    st.slaves[i].alStatusCode = alCode[i];
    st.slaves[i].statusword = sw[i];
    st.slaves[i].errorCode = errCode[i];
    st.slaves[i].driveState = dstate[i];
    st.slaves[i].dcDiff = dcDiff[i];
    st.slaves[i].dcWorstDiff = dcWorst[i];
  }
  stats.cycles = (long long)(cycle - cycleBase);
  stats.meanPeriod = nPeriod ? sumPeriod / double(nPeriod) : 0;
  stats.meanRoundTrip = nRtt ? sumRtt / double(nRtt) : 0;
  if (cycle % 16 == 0 || !good) st.stats = stats;
}

/// Times the cycle's own code (wake-up to send, reply to here: not the wait for the reply) and sets the
/// next deadline, one period on with the distributed clocks' correction.
void Master::Cycle::endCycle() {
  const std::int64_t busy = (afterSend - wake) + (monoNow() - std::max(replied, afterSend));
  stats.worstBusy = std::max(stats.worstBusy, busy * 1e-9);
  if (busy > 100000) ++stats.busyOver100us;
  prevBusy = busy;
  deadline += period + dcCorrection;
}

/// After the last cycle: the final statistics, a pending acyclic request failed, the thread no longer
/// running.
void Master::Cycle::finish() {
  std::lock_guard lk(master.m_);
  master.st_.stats = stats;
  if (master.pending_ && !master.pending_->done) {
    master.pending_->done = true;
    master.pending_->ok = false;
    master.pending_->err = "the cyclic exchange stopped";
  }
  master.running_ = false;
  master.cv_.notify_all();
}

}  // namespace maniplab::ethercat
