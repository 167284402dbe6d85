#pragma once
// Is this PC fit for an EtherCAT bus at a given cycle, before drives are connected? (`maniplab-cli
// ecat-latency`.) The master's own cyclic thread runs for a while, on a link (raw socket) or through the
// in-process virtual drives, with the drives disabled; its statistics (wake-up latency after each
// deadline, period error, round trip, bad cycles, the longest time without a good cycle) are then judged
// against the cycle and the loss budget (master.hpp, "Faults"), with the advice a lab needs: realtime
// permissions (cap_sys_nice, cap_ipc_lock), a PREEMPT_RT kernel, an isolated CPU (isolcpus) with the
// cyclic thread pinned to it and the NIC's interrupt there too, the GUI in its own process.
//
// Judgement (thresholds in LatencyJudgement): "fit" when no cycle was bad, the p99 |period error| stays
// below a tenth of the period and the worst wake-up latency plus the worst round trip leave the reply
// inside the cycle (the master waits until 5 % before the next deadline); "marginal" when bad cycles
// occurred but the longest time without a good cycle stayed below half the loss budget and the bad cycles
// per second below half their limit (runs will complete, with marked periods); "unfit" otherwise (a run
// would stop, or nearly: choose a slower cycle, or follow the advice).
#include <string>
#include <vector>

#include "maniplab/ethercat/master.hpp"
#include "maniplab/model/model.hpp"

namespace maniplab::ethercat {

/// What the machine offers a realtime thread (read from /sys, /proc and the master's warnings).
struct RealtimeEnvironment {
  bool fifo = false;          ///< the cyclic thread got SCHED_FIFO
  bool memoryLocked = false;  ///< mlockall succeeded
  bool preemptRt = false;     ///< /sys/kernel/realtime = 1 (PREEMPT_RT kernel)
  std::string isolatedCpus;   ///< /sys/devices/system/cpu/isolated (empty: none)
  int cpus = 1;               ///< online CPUs
  int pinnedCpu = -1;         ///< the cyclic thread's CPU (-1: not pinned)
  std::string ifname;         ///< the link's interface (empty: in-process)
  std::vector<int> nicIrqs;   ///< the interface's interrupts (/proc/interrupts)
};
/// The environment of this process (fifo/memoryLocked from `warnings`, the master's status warnings).
RealtimeEnvironment probeRealtimeEnvironment(const std::vector<std::string>& warnings, const std::string& ifname, int pinnedCpu);

struct LatencyJudgement {
  enum class Verdict { Fit, Marginal, Unfit };
  Verdict verdict = Verdict::Unfit;
  std::string summary;               ///< one sentence: the verdict and the figure that decided it
  std::vector<std::string> reasons;  ///< each limit exceeded, with the numbers
  std::vector<std::string> advice;   ///< what to change, most effective first
};
const char* verdictName(LatencyJudgement::Verdict v);  ///< "fit", "marginal", "unfit"

/// Judges `stats` of a run at `period` [s] with the loss budget (`budget` [s], `lossesPerSecond`).
LatencyJudgement judgeLatency(const CycleStats& stats, double period, double budget, double lossesPerSecond,
                              const RealtimeEnvironment& env);

struct LatencyCheckOptions {
  std::string ifname;     ///< raw socket on this interface; empty: the in-process virtual drives
  double hz = 1000;       ///< bus cycle frequency
  double seconds = 10;    ///< measurement length (after bring-up)
  double lossBudget = 0;  ///< [s]; 0: the master's default
  double maxLossesPerSecond = 0;
  int cpu = -1;           ///< pin the cyclic thread (MasterOptions::cpu)
  int slaves = 2;         ///< in-process: virtual drives on the bus
};

struct LatencyReport {
  std::string error;      ///< the link or the bring-up failed (nothing measured)
  std::string link;       ///< the link described
  int slaves = 0;
  double period = 0, seconds = 0;
  double budget = 0, lossesPerSecond = 0, shortestWatchdog = 0;
  CycleStats stats;
  std::vector<std::string> warnings;
  RealtimeEnvironment env;
  LatencyJudgement judgement;
};

/// Brings a bus up (in-process: `slaves` virtual drives of a small arm; drives stay disabled), measures
/// for `seconds`, shuts it down and judges.
LatencyReport runLatencyCheck(const LatencyCheckOptions& options);

}  // namespace maniplab::ethercat
