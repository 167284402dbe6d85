// maniplab-cli ecat-latency: is this PC fit for an EtherCAT cycle, before the drives are connected?
// (sim/ethercat/latency_check.hpp: the master's own cyclic thread, measured and judged.)
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "maniplab/ethercat/latency_check.hpp"

namespace maniplab::cli {
namespace {

int cmdEcatLatency(const Args& args) {
  ethercat::LatencyCheckOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    double v = 0;
    auto number = [&](double lo, double hi) {
      if (i + 1 >= args.size() || !parseFiniteNumber(args[i + 1], v) || v < lo || v > hi) {
        std::cerr << "maniplab-cli: " << a << " needs a number in [" << lo << ", " << hi << "]\n";
        return false;
      }
      ++i;
      return true;
    };
    if (a == "--ifname" && i + 1 < args.size()) o.ifname = args[++i];
    else if (a == "--hz") { if (!number(10, 20000)) return 2; o.hz = v; }
    else if (a == "--seconds") { if (!number(0.1, 86400)) return 2; o.seconds = v; }
    else if (a == "--loss-budget-ms") { if (!number(0, 10000)) return 2; o.lossBudget = v * 1e-3; }
    else if (a == "--max-losses-per-s") { if (!number(0, 1e6)) return 2; o.maxLossesPerSecond = v; }
    else if (a == "--cpu") { if (!number(0, 4095)) return 2; o.cpu = int(v); }
    else if (a == "--slaves") { if (!number(1, 64)) return 2; o.slaves = int(v); }
    else {
      std::cerr << "maniplab-cli: ecat-latency: unexpected argument " << a << "\n";
      return 2;
    }
  }
  std::cerr << "measuring " << o.seconds << " s at " << o.hz << " Hz on "
            << (o.ifname.empty() ? "the in-process virtual drives" : o.ifname) << "...\n";
  const ethercat::LatencyReport r = ethercat::runLatencyCheck(o);
  if (!r.error.empty()) {
    std::cerr << (o.ifname.empty() ? std::string("in-process virtual drives") : o.ifname) << ": " << r.error << "\n";
    return 1;
  }
  for (const auto& w : r.warnings) std::cerr << "maniplab-cli: warning: " << w << "\n";
  const auto& s = r.stats;
  std::printf("EtherCAT latency check: %s, %d slave(s), %lld cycles of %.1f us in %.1f s\n", r.link.c_str(), r.slaves, s.cycles,
              r.period * 1e6, r.seconds);
  std::printf("  wake-up latency after the deadline: worst %.1f us; |period error| median %.1f us, p99 %.1f us, p99.9 %.1f us, worst %.1f us\n",
              s.worstLatency * 1e6, s.periodErrorQuantile(0.5) * 1e6, s.periodErrorQuantile(0.99) * 1e6,
              s.periodErrorQuantile(0.999) * 1e6, s.worstPeriodError * 1e6);
  std::printf("  round trip: mean %.1f us, worst %.1f us; cycle code: worst %.1f us\n", s.meanRoundTrip * 1e6, s.worstRoundTrip * 1e6,
              s.worstBusy * 1e6);
  std::printf("  bad cycles %lld (lost or late %lld, working counter %lld), skipped %lld, stalls > 1 ms %lld; longest time without a good "
              "cycle %.2f ms, most bad cycles in one second %lld\n",
              s.badCycles, s.lostFrames, s.wkcErrors, s.missedCycles, s.stalls, s.longestGap * 1e3, s.worstLossesPerSecond);
  std::printf("  loss budget %.1f ms and %.0f per second", r.budget * 1e3, r.lossesPerSecond);
  if (r.shortestWatchdog > 0) std::printf(" (shortest drive watchdog %.1f ms)", r.shortestWatchdog * 1e3);
  std::printf("\n  realtime: SCHED_FIFO %s, memory locked %s, PREEMPT_RT kernel %s, isolated CPUs %s, %d CPU(s)\n", r.env.fifo ? "yes" : "no",
              r.env.memoryLocked ? "yes" : "no", r.env.preemptRt ? "yes" : "no", r.env.isolatedCpus.empty() ? "none" : r.env.isolatedCpus.c_str(),
              r.env.cpus);
  std::printf("verdict: %s\n", r.judgement.summary.c_str());
  for (const auto& why : r.judgement.reasons) std::printf("  - %s\n", why.c_str());
  for (const auto& a : r.judgement.advice) std::printf("advice: %s\n", a.c_str());
  return r.judgement.verdict == ethercat::LatencyJudgement::Verdict::Unfit ? 3 : 0;
}

const Registration kEcatLatency{
    {"ecat-latency",
     "  ecat-latency [--ifname IFACE] [--hz F] [--seconds S] [--loss-budget-ms MS] [--max-losses-per-s N]\n"
     "               [--cpu N] [--slaves N]\n"
     "                                   is this PC fit for a bus at F Hz (default 1000)? the master's\n"
     "                                   cyclic thread for S s (default 10) on IFACE or through N\n"
     "                                   in-process virtual drives (default 2), drives disabled: wake-up\n"
     "                                   latency, period jitter, round trip, bad cycles, judged against\n"
     "                                   the cycle and the loss budget (fit, marginal, unfit: exit 3),\n"
     "                                   with advice (capabilities, PREEMPT_RT, isolcpus, IRQ affinity)\n",
     &cmdEcatLatency, 62}};

}  // namespace
}  // namespace maniplab::cli
