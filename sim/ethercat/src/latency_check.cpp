// The PC's fitness for an EtherCAT cycle (latency_check.hpp): the master's cyclic thread measured on a
// link or through the in-process virtual drives, judged against the cycle and the loss budget.
#include "maniplab/ethercat/latency_check.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/ethercat/ethercat_backend.hpp"
#include "maniplab/model/robot_file.hpp"

namespace maniplab::ethercat {

namespace {

std::string readFirstLine(const char* path) {
  std::ifstream f(path);
  std::string s;
  std::getline(f, s);
  return s;
}

std::string ms(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3f ms", s * 1e3);
  return b;
}
std::string us(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%.0f us", s * 1e6);
  return b;
}

/// A small arm for the in-process drives (the drives stay disabled: only the bus is measured).
Model smallArm(int joints) {
  std::ostringstream o;
  o << R"({"format": "maniplab-robot", "version": 1, "name": "latency check arm", "convention": "dh", "angle_unit": "rad", "joints": [)";
  for (int j = 0; j < joints; ++j)
    o << (j ? "," : "") << R"({"name": "q)" << j + 1
      << R"(", "type": "revolute", "a": 0.3, "alpha": 0, "d": 0, "theta": 0, "link": {"mass": 1, "com": [0, 0, 0], "inertia": [[0.01, 0, 0], [0, 0.01, 0], [0, 0, 0.01]]}})";
  o << "]}";
  RobotLoadResult r = parseRobot(o.str(), "latency check arm");
  return r.model;
}

}  // namespace

const char* verdictName(LatencyJudgement::Verdict v) {
  switch (v) {
    case LatencyJudgement::Verdict::Fit: return "fit";
    case LatencyJudgement::Verdict::Marginal: return "marginal";
    default: return "unfit";
  }
}

RealtimeEnvironment probeRealtimeEnvironment(const std::vector<std::string>& warnings, const std::string& ifname, int pinnedCpu) {
  RealtimeEnvironment e;
  e.fifo = e.memoryLocked = true;
  for (const auto& w : warnings) {
    if (w.find("SCHED_FIFO not permitted") != std::string::npos) e.fifo = false;
    if (w.find("mlockall not permitted") != std::string::npos) e.memoryLocked = false;
  }
  e.preemptRt = readFirstLine("/sys/kernel/realtime") == "1";
  e.isolatedCpus = readFirstLine("/sys/devices/system/cpu/isolated");
  e.cpus = int(std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN)));
  e.pinnedCpu = pinnedCpu;
  e.ifname = ifname;
  if (!ifname.empty()) {
    std::ifstream f("/proc/interrupts");
    std::string line;
    while (std::getline(f, line)) {
      // "  42:   123   456  PCI-MSI 524288-edge  enp1s0-TxRx-0": the interface's name ends a field
      const auto p = line.find(ifname);
      if (p == std::string::npos) continue;
      const char after = p + ifname.size() < line.size() ? line[p + ifname.size()] : ' ';
      if (!(after == ' ' || after == '-' || after == '\t' || after == '\n')) continue;
      try {
        e.nicIrqs.push_back(std::stoi(line));
      } catch (const std::exception&) {
      }
    }
  }
  return e;
}

LatencyJudgement judgeLatency(const CycleStats& s, double period, double budget, double lossesPerSecond, const RealtimeEnvironment& env) {
  LatencyJudgement j;
  using V = LatencyJudgement::Verdict;
  const double p99 = s.periodErrorQuantile(0.99);
  const double replyWindow = period - period / 20;  // the master waits for the reply until 5 % before the next deadline
  const long long bad = s.badCycles + s.missedCycles;
  bool fit = true, holds = true;
  char b[400];
  if (p99 > period / 10) {
    fit = false;
    std::snprintf(b, sizeof b, "p99 |period error| %s exceeds a tenth of the %s cycle", us(p99).c_str(), us(period).c_str());
    j.reasons.push_back(b);
  }
  if (s.worstLatency + s.worstRoundTrip > replyWindow) {
    fit = false;
    std::snprintf(b, sizeof b, "worst wake-up latency %s + worst round trip %s leave no reply inside the cycle (%s)", us(s.worstLatency).c_str(),
                  us(s.worstRoundTrip).c_str(), us(replyWindow).c_str());
    j.reasons.push_back(b);
  }
  if (bad > 0) {
    fit = false;
    std::snprintf(b, sizeof b, "%lld bad cycle(s) (lost or late %lld, working counter %lld, skipped %lld) in %lld episode(s)", bad, s.lostFrames,
                  s.wkcErrors, s.missedCycles, s.lossEpisodes);
    j.reasons.push_back(b);
  }
  if (s.longestGap >= budget / 2) {
    holds = false;
    std::snprintf(b, sizeof b, "longest time without a good cycle %s is not below half the loss budget (%s)", ms(s.longestGap).c_str(),
                  ms(budget).c_str());
    j.reasons.push_back(b);
  }
  if (double(s.worstLossesPerSecond) >= lossesPerSecond / 2) {
    holds = false;
    std::snprintf(b, sizeof b, "%lld bad cycles within one second is not below half the limit (%.0f per second)", s.worstLossesPerSecond,
                  lossesPerSecond);
    j.reasons.push_back(b);
  }
  j.verdict = fit && holds ? V::Fit : holds ? V::Marginal : V::Unfit;
  std::snprintf(b, sizeof b, "%s for a %.0f Hz cycle with a loss budget of %s: p99 |period error| %s, worst wake-up latency %s, worst round trip %s, "
                "longest time without a good cycle %s",
                verdictName(j.verdict), 1.0 / period, ms(budget).c_str(), us(p99).c_str(), us(s.worstLatency).c_str(),
                us(s.worstRoundTrip).c_str(), ms(s.longestGap).c_str());
  j.summary = b;
  // Advice, most effective first; only what this machine lacks (and all of it when the verdict is not "fit").
  const bool needy = j.verdict != V::Fit;
  if (!env.fifo)
    j.advice.push_back("the cyclic thread ran without SCHED_FIFO: grant the binary the capability "
                       "(sudo scripts/grant-capabilities.sh, or sudo setcap cap_net_raw,cap_sys_nice,cap_ipc_lock+ep $(command -v maniplab-cli)) or run it as root");
  if (!env.memoryLocked)
    j.advice.push_back("memory could not be locked (mlockall): grant cap_ipc_lock (see above) or raise the memlock limit (ulimit -l)");
  if (needy && !env.preemptRt)
    j.advice.push_back("use a PREEMPT_RT kernel (Debian: apt install linux-image-rt-amd64): wake-up latencies fall from milliseconds to tens of "
                       "microseconds under load");
  if (needy && env.isolatedCpus.empty() && env.cpus > 1)
    j.advice.push_back("keep one CPU for the bus: boot with isolcpus=" + std::to_string(env.cpus - 1) + " nohz_full=" + std::to_string(env.cpus - 1) +
                       " rcu_nocbs=" + std::to_string(env.cpus - 1) + " and pin the cyclic thread there (--cpu " + std::to_string(env.cpus - 1) + ")");
  else if (needy && !env.isolatedCpus.empty() && env.pinnedCpu < 0)
    j.advice.push_back("CPU(s) " + env.isolatedCpus + " are isolated: pin the cyclic thread to one of them (--cpu N)");
  if (needy && !env.ifname.empty()) {
    if (env.nicIrqs.empty())
      j.advice.push_back("the interrupt of " + env.ifname + " was not found in /proc/interrupts: put the NIC's interrupt on the bus CPU "
                         "(/proc/irq/N/smp_affinity_list) and switch interrupt coalescing off (ethtool -C " + env.ifname + " rx-usecs 0)");
    else
      for (int irq : env.nicIrqs)
        j.advice.push_back("put the interrupt of " + env.ifname + " on the bus CPU: echo " +
                           std::to_string(env.pinnedCpu >= 0 ? env.pinnedCpu : env.cpus - 1) + " > /proc/irq/" + std::to_string(irq) +
                           "/smp_affinity_list; and switch interrupt coalescing off: ethtool -C " + env.ifname + " rx-usecs 0");
  }
  if (needy && s.stalls > 0)
    j.advice.push_back(std::to_string(s.stalls) + " wake-up(s) came more than 1 ms late (the thread did not run): stop CPU-bound work beside "
                       "the bus, and run the GUI in its own process (the bus from maniplab-cli) so that rendering cannot delay the cycle");
  if (j.verdict == V::Unfit)
    j.advice.push_back("or choose a slower cycle (--hz) or a larger loss budget (--loss-budget-ms), inside the drives' watchdog");
  return j;
}

LatencyReport runLatencyCheck(const LatencyCheckOptions& o) {
  LatencyReport r;
  r.period = 1.0 / o.hz;
  std::unique_ptr<Link> link, peer;
  std::unique_ptr<VirtualBus> drives;
  Model model;
  try {
    if (o.ifname.empty()) {
      model = smallArm(std::max(1, o.slaves));
      auto pair = makeInProcessPair();
      link = std::move(pair.a);
      peer = std::move(pair.b);
      drives = std::make_unique<VirtualBus>(model, sim::PlantOptions{});
      drives->start(*peer, 70);  // SCHED_FIFO when permitted, as the real drives' own controllers
    } else {
      link = openRawSocketLink(o.ifname);
    }
  } catch (const std::exception& e) {
    r.error = e.what();
    return r;
  }
  r.link = link->describe();
  MasterOptions mo;
  mo.cyclePeriod = r.period;
  mo.realtime = true;
  mo.cpu = o.cpu;
  mo.lossBudget = o.lossBudget;
  mo.maxLossesPerSecond = o.maxLossesPerSecond;
  {
    Master m(*link, mo);
    DriveSetup setup;
    if (drives) setup = driveSetupFor(model, cia402::ModeCST);
    else {
      // Real drives: the scaling objects are read, not checked against a robot (no gear ratios given).
      const std::string e = m.scan();
      if (!e.empty()) {
        r.error = e;
        return r;
      }
      for (int i = 0; i < m.slaveCount(); ++i) {
        setup.gear.push_back(1.0);
        setup.revolute.push_back(true);
        setup.jointNames.push_back("axis " + std::to_string(i + 1));
      }
    }
    const std::string e = m.bringUp(setup);
    if (!e.empty()) {
      r.error = "bring-up: " + e;
      m.shutdown();
      if (drives) drives->stop();
      return r;
    }
    r.slaves = m.slaveCount();
    Feedback fb;
    m.waitFeedback([](const Feedback& f) { return f.cycle > 20; }, 2.0, fb);
    m.clearStatistics();
    const auto t0 = std::chrono::steady_clock::now();
    while (!m.hasFault() && std::chrono::steady_clock::now() - t0 < std::chrono::duration<double>(o.seconds))
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const MasterStatus st = m.status();
    r.stats = st.stats;
    r.warnings = st.warnings;
    r.budget = st.lossBudget;
    r.lossesPerSecond = st.maxLossesPerSecond;
    r.shortestWatchdog = st.shortestWatchdog;
    if (st.fault) r.warnings.push_back("the bus stopped during the measurement: " + st.faultMessage);
    m.shutdown();
  }
  if (drives) drives->stop();
  r.env = probeRealtimeEnvironment(r.warnings, o.ifname, o.cpu);
  r.judgement = judgeLatency(r.stats, r.period, r.budget, r.lossesPerSecond, r.env);
  if (!r.warnings.empty() && r.stats.cycles == 0) r.judgement.verdict = LatencyJudgement::Verdict::Unfit;
  return r;
}

}  // namespace maniplab::ethercat
