// maniplab-ecat-bench: cycle timing of the EtherCAT master over a veth pair with 6 virtual drives (the
// UMIS robot holding its pose in CSP), at 1 kHz and 4 kHz (60 s each by default). Prints the median and
// p99 of |period - nominal|, the worst period error, the worst wake-up latency, the frame round trip,
// late cycles (wake-up > 10 % of the period after the deadline), missed cycles (deadlines skipped),
// stalls (wake-ups > 1 ms late), lost frames, and the hypervisor's steal time during the measurement.
// Needs root (veth pair, raw sockets, SCHED_FIFO); not a test.
//
//   maniplab-ecat-bench [--seconds S] [--rates 1000,4000] [--spin US] [--master-cpu N] [--drives-cpu N]
//                       [--baseline] [--concurrent-baseline CPU] [--poll-hz F] [--hogs N] [--no-pi] [--keep-link]
//   maniplab-ecat-bench --dc [--seconds S] [--rates 1000] [--drift PPM]
// --dc: distributed clocks instead (in-process link, no root needed): 6 virtual drives whose clocks drift
// by PPM x {1, -0.6, 0.3, -1, 0.8, -0.2} (default 100 ppm), the master's bring-up (propagation delays,
// offsets, 15000 ARMW of static drift compensation, SYNC0), then S seconds (default 60) of cycling with
// the continuous drift compensation (FRMW of the reference clock each cycle): per slave its system time
// difference 0x092C right after the bring-up, its largest over the run and per 10 s window, and the
// master cycle's phase error against DC time.
// --spin: the master's busy-wait margin before each deadline (MasterOptions::spinMicros, default 200;
// 0 = plain absolute-deadline sleep); --master-cpu / --drives-cpu pin the cyclic thread / the virtual
// drives' thread (default: not pinned). --baseline: before each rate, the same timing loop without any
// EtherCAT (a SCHED_FIFO thread sleeping to absolute deadlines with the same busy-wait tail, as
// cyclictest does): what the machine itself gives. --concurrent-baseline CPU: that loop runs on CPU at
// the same time as the master, and the stalls (> 1 ms) of both are matched in time: a stall both
// threads see at once is the machine's (both vCPUs held), one only the master sees is the master's or
// its vCPU's. --poll-hz F: a normal-priority thread reads master.status() F times a second (as the GUI
// panel's timer does, 10 Hz there) and --hogs N: N normal-priority busy threads, during the measurement;
// --no-pi: the master's mutex without priority inheritance (to measure what it prevents). The load
// average is printed before and after: the machine should be as idle as possible.
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <cstdlib>
#include <iostream>
#include <cmath>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "maniplab/ethercat/ethercat_backend.hpp"
#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/master.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/model/robot_file.hpp"

using namespace maniplab;
using namespace maniplab::ethercat;

namespace {
const char* kMaster = "mlbench-m";
const char* kSlave = "mlbench-s";

bool sh(const std::string& cmd) { return std::system(cmd.c_str()) == 0; }

void linkDown() { sh(std::string("ip link del ") + kMaster + " 2>/dev/null"); }

bool linkUp() {
  linkDown();
  return sh(std::string("ip link add ") + kMaster + " type veth peer name " + kSlave) &&
         sh(std::string("sysctl -q -w net.ipv6.conf.") + kMaster + ".disable_ipv6=1 >/dev/null 2>&1; sysctl -q -w net.ipv6.conf." +
            kSlave + ".disable_ipv6=1 >/dev/null 2>&1; true") &&
         sh(std::string("ip link set ") + kMaster + " up") && sh(std::string("ip link set ") + kSlave + " up");
}

struct Row {
  double hz = 0;
  CycleStats s;
  double stealMs = 0;  ///< hypervisor steal time during the measurement, all vCPUs [ms]
  CycleStats baseline; ///< --concurrent-baseline: the plain loop's statistics over the same time
  bool haveBaseline = false;
  std::string error;   ///< bring-up failed: no measurement
  std::string fault;   ///< a bus fault during the measurement (the cycle keeps running: stats still count)
  std::vector<std::string> warnings;
};

struct Tuning {
  int spinMicros = MasterOptions{}.spinMicros;
  int masterCpu = -1, drivesCpu = -1;
  int concurrentCpu = -1;  ///< --concurrent-baseline
  double pollHz = 0;       ///< --poll-hz: a normal-priority thread reads status() this often (as the GUI panel)
  int hogs = 0;            ///< --hogs: normal-priority busy threads during the measurement
  bool pi = true;          ///< --no-pi: ordinary mutex in the master
};

/// Steal time of all vCPUs so far (/proc/stat, field 8 of the "cpu" line) [ms].
double stealMs() {
  std::ifstream f("/proc/stat");
  std::string cpu;
  long long v[8] = {};
  f >> cpu;
  for (auto& x : v) f >> x;
  return double(v[7]) * 1000.0 / double(sysconf(_SC_CLK_TCK));
}

std::int64_t monoNs() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return std::int64_t(t.tv_sec) * 1000000000 + t.tv_nsec;
}

/// The master's timing loop without EtherCAT (cyclictest-like): SCHED_FIFO 80 like the cyclic thread,
/// absolute-deadline clock_nanosleep to `spin` before each deadline, then busy-wait; the same statistics
/// with the same definitions as CycleStats (Master::cycleLoop). Runs until `stop` or `seconds`.
CycleStats sleepLoop(double hz, double seconds, int spinMicros, int cpu, const std::atomic<bool>* stop = nullptr) {
  sched_param sp{};
  sp.sched_priority = MasterOptions{}.rtPriority;
  pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
  if (cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
  }
  const std::int64_t period = std::llround(1e9 / hz);
  const std::int64_t spin = std::clamp<std::int64_t>(std::int64_t(spinMicros) * 1000, 0, period / 5);
  CycleStats s;
  s.nominalPeriod = 1.0 / hz;
  s.jitterHistogram.assign(2001, 0);
  std::int64_t deadline = monoNs() + period, prevWake = 0;
  const std::int64_t end = monoNs() + std::int64_t(seconds * 1e9);
  double sumPeriod = 0;
  long long nPeriod = 0;
  while (monoNs() < end && !(stop && stop->load())) {
    const std::int64_t t = deadline - spin;
    timespec ts{time_t(t / 1000000000), long(t % 1000000000)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {}
    const std::int64_t woke = monoNs();
    if (spin > 0)
      while (monoNs() < deadline) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
      }
    const std::int64_t wake = monoNs(), latency = wake - deadline;
    s.worstLatency = std::max(s.worstLatency, latency * 1e-9);
    if (latency > period / 10) ++s.lateCycles;
    if (latency > 1000000) {
      if (s.stalls < CycleStats::kStallLog)
        s.stallLog[std::size_t(s.stalls)] = {wake * 1e-9, latency * 1e-9, 0, std::max<std::int64_t>(0, woke - t) * 1e-9, 0};
      ++s.stalls;
    }
    if (prevWake) {
      const double err = std::abs(double(wake - prevWake - period));
      s.jitterHistogram[std::min<std::size_t>(2000, std::size_t(err / 1000.0))]++;
      s.worstPeriodError = std::max(s.worstPeriodError, err * 1e-9);
      sumPeriod += (wake - prevWake) * 1e-9;
      ++nPeriod;
    }
    prevWake = wake;
    if (latency >= period) {
      s.missedCycles += latency / period;
      deadline += (latency / period) * period;
    }
    ++s.cycles;
    deadline += period;
  }
  s.meanPeriod = nPeriod ? sumPeriod / double(nPeriod) : 0;
  return s;
}

/// Stalls of `a` that overlap (in time) a stall of `b`, among the logged ones.
int coincident(const CycleStats& a, const CycleStats& b) {
  int n = 0;
  const long long na = std::min<long long>(a.stalls, CycleStats::kStallLog), nb = std::min<long long>(b.stalls, CycleStats::kStallLog);
  for (long long i = 0; i < na; ++i) {
    const auto& x = a.stallLog[std::size_t(i)];
    for (long long j = 0; j < nb; ++j) {
      const auto& y = b.stallLog[std::size_t(j)];
      if (x.at - x.latency <= y.at && y.at - y.latency <= x.at) {
        ++n;
        break;
      }
    }
  }
  return n;
}

std::string loadAverage() {
  std::ifstream f("/proc/loadavg");
  std::string a, b, c;
  f >> a >> b >> c;
  return a + " " + b + " " + c;
}

Row measure(const Model& model, double hz, double seconds, const Tuning& tune) {
  Row row;
  row.hz = hz;
  try {
    auto slaveLink = openRawSocketLink(kSlave);
    auto masterLink = openRawSocketLink(kMaster);
    sim::PlantOptions po;  // RK4, the tick adapts to the drive cycle
    VirtualBus bus(model, po);
    std::atomic<bool> stop{false};
    std::thread drives([&] {
      sched_param sp{};
      sp.sched_priority = 70;
      pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);  // best effort, as the master
      if (tune.drivesCpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(tune.drivesCpu, &set);
        pthread_setaffinity_np(pthread_self(), sizeof set, &set);
      }
      bus.serve(*slaveLink, stop);
    });
    MasterOptions mo;
    mo.cyclePeriod = 1.0 / hz;
    mo.realtime = true;
    mo.spinMicros = tune.spinMicros;
    mo.cpu = tune.masterCpu;
    mo.priorityInheritance = tune.pi;
    Master master(*masterLink, mo);
    DriveSetup setup = driveSetupFor(model, cia402::ModeCSP);
    for (int j = 0; j < model.nq; ++j) {
      setup.cspKp.push_back(j < 3 ? 6000.f : 1500.f);
      setup.cspKd.push_back(j < 3 ? 300.f : 75.f);
    }
    const std::string e = master.bringUp(setup);
    if (!e.empty()) {
      row.error = e;
    } else {
      EthercatBackendOptions bo;
      bo.mode = cia402::ModeCSP;
      bo.controlThreadPriority = 0;  // this thread only sleeps
      EthercatBackend backend(model, master, bo);
      const auto r = backend.reset(model.home, VectorX::Zero(model.nq));  // enables the drives, holding home
      if (!r.ok) row.error = r.message;
      else {
        // reset() left the drives enabled with the measured pose as CSP target: they hold it. The
        // statistics count from here (the bring-up's cycles are not part of the measurement).
        master.clearStatistics();
        const double steal0 = stealMs();
        std::atomic<bool> stopBaseline{false};
        std::thread base;
        if (tune.concurrentCpu >= 0)
          base = std::thread([&] { row.baseline = sleepLoop(hz, seconds + 10, tune.spinMicros, tune.concurrentCpu, &stopBaseline); });
        // A GUI-like reader of the master's status, and CPU hogs, at normal priority.
        std::vector<std::thread> others;
        std::atomic<long long> polls{0};
        if (tune.pollHz > 0)
          others.emplace_back([&] {
            const auto dt = std::chrono::duration<double>(1.0 / tune.pollHz);
            auto next = std::chrono::steady_clock::now();
            while (!stopBaseline.load()) {
              const MasterStatus st = master.status();
              polls += st.stats.cycles > 0;
              next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(dt);
              std::this_thread::sleep_until(next);
            }
          });
        for (int h = 0; h < tune.hogs; ++h)
          others.emplace_back([&] {
            volatile unsigned long long x = 0;
            while (!stopBaseline.load()) x = x + 1;
          });
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
        stopBaseline = true;
        for (auto& t : others) t.join();
        if (base.joinable()) {
          base.join();
          row.haveBaseline = true;
        }
        row.stealMs = stealMs() - steal0;
        row.s = master.status().stats;
      }
      const MasterStatus st = master.status();
      row.warnings = st.warnings;
      if (st.fault) row.fault = st.faultMessage;
      master.shutdown();
    }
    stop = true;
    drives.join();
  } catch (const std::exception& ex) {
    row.error = ex.what();
  }
  return row;
}

/// Distributed clocks over the in-process link (see --dc above). Returns 0 when every slave stayed below 1 us.
int measureDc(const Model& model, double hz, double seconds, double driftPpm) {
  auto pair = makeInProcessPair();
  VirtualBusOptions vo;
  vo.emergencies = true;
  vo.countOutputsInSafeOp = true;
  vo.clockDriftPpm = driftPpm;
  VirtualBus bus(model, sim::PlantOptions{}, FaultPlan{}, vo);
  bus.start(*pair.b, 70);
  MasterOptions mo;
  mo.cyclePeriod = 1.0 / hz;
  mo.realtime = true;
  mo.distributedClocks = MasterOptions::Dc::On;
  Master master(*pair.a, mo);
  DriveSetup setup = driveSetupFor(model, cia402::ModeCSP);
  for (int j = 0; j < model.nq; ++j) {
    setup.cspKp.push_back(j < 3 ? 6000.f : 1500.f);
    setup.cspKd.push_back(j < 3 ? 300.f : 75.f);
  }
  const auto t0 = std::chrono::steady_clock::now();
  const std::string e = master.bringUp(setup);
  const double bringUp = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!e.empty()) {
    std::printf("bring-up failed: %s\n", e.c_str());
    bus.stop();
    return 1;
  }
  const int n = master.slaveCount();
  const double pattern[6] = {1, -0.6, 0.3, -1, 0.8, -0.2};
  std::printf("Distributed clocks, in-process link, %d virtual drives, cycle %.0f us, clock drift %.0f ppm x {1, -0.6, 0.3, -1, 0.8, "
              "-0.2}; bring-up %.2f s (%d ARMW frames of static drift compensation); load average %s\n",
              n, 1e6 / hz, driftPpm, bringUp, mo.dcStaticFrames, loadAverage().c_str());
  // Right after the bring-up: the first cycles' differences.
  Feedback fb;
  master.waitFeedback([](const Feedback& f) { return f.cycle > 0; }, 1.0, fb);
  const MasterStatus first = master.status();
  master.clearStatistics();
  const int windows = std::max(1, int(std::ceil(seconds / 10.0)));
  std::vector<std::vector<std::int32_t>> windowMax(std::size_t(n), std::vector<std::int32_t>(std::size_t(windows), 0));
  std::vector<double> phaseMax(std::size_t(windows), 0);
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (t >= seconds) break;
    const MasterStatus st = master.status();
    const int w = std::min(windows - 1, int(t / 10.0));
    for (int i = 0; i < n && i < int(st.slaves.size()); ++i)
      windowMax[std::size_t(i)][std::size_t(w)] = std::max(windowMax[std::size_t(i)][std::size_t(w)], std::abs(st.slaves[std::size_t(i)].dcDiff));
    phaseMax[std::size_t(w)] = std::max(phaseMax[std::size_t(w)], st.stats.dcPhaseError);
  }
  const MasterStatus st = master.status();
  std::printf("%-5s %9s %10s %12s %14s", "slave", "drift", "delay", "|dt| first", "max |dt| run");
  for (int w = 0; w < windows; ++w) std::printf("  %2d-%2d s", 10 * w, std::min(int(seconds), 10 * (w + 1)));
  std::printf("\n");
  std::int32_t worst = 0;
  for (int i = 0; i < n; ++i) {
    const auto& s = st.slaves[std::size_t(i)];
    worst = std::max(worst, s.dcWorstDiff);
    std::printf("%-5d %5.0f ppm %7lld ns %9d ns %11d ns", i + 1, driftPpm * pattern[i % 6], (long long)s.dcDelay,
                std::abs(first.slaves[std::size_t(i)].dcDiff), s.dcWorstDiff);
    for (int w = 0; w < windows; ++w) std::printf(" %6d ns", windowMax[std::size_t(i)][std::size_t(w)]);
    std::printf("%s\n", s.dcReference ? "  (reference clock)" : "");
  }
  std::printf("master cycle vs DC time: phase error now %.1f us, largest %.1f us over %lld cycles; per window (sampled):",
              st.stats.dcPhaseError * 1e6, st.stats.dcWorstPhaseError * 1e6, st.stats.cycles);
  for (double p : phaseMax) std::printf(" %.1f us", p * 1e6);
  std::printf("\ncycles %lld, lost frames %lld, WKC errors %lld, late %lld, missed %lld; %s\n", st.stats.cycles, st.stats.lostFrames,
              st.stats.wkcErrors, st.stats.lateCycles, st.stats.missedCycles, st.fault ? st.faultMessage.c_str() : "no fault");
  std::printf("|dt| = |system time difference| (register 0x092C) of each slave against the reference clock, read in every cycle;\n"
              "target: below 1 us after the bring-up and held for the run. Largest over all slaves: %d ns (%s). Load average after: %s\n",
              worst, worst < 1000 ? "met" : "NOT met", loadAverage().c_str());
  master.shutdown();
  bus.stop();
  return worst < 1000 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 60;
  std::vector<double> rates{1000, 4000};
  bool keep = false, baseline = false, dcMode = false;
  double driftPpm = 100;
  Tuning tune;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (a == "--rates" && i + 1 < argc) {
      rates.clear();
      std::stringstream ss(argv[++i]);
      std::string it;
      while (std::getline(ss, it, ',')) rates.push_back(std::atof(it.c_str()));
    } else if (a == "--spin" && i + 1 < argc) tune.spinMicros = std::atoi(argv[++i]);
    else if (a == "--master-cpu" && i + 1 < argc) tune.masterCpu = std::atoi(argv[++i]);
    else if (a == "--drives-cpu" && i + 1 < argc) tune.drivesCpu = std::atoi(argv[++i]);
    else if (a == "--keep-link") keep = true;
    else if (a == "--baseline") baseline = true;
    else if (a == "--concurrent-baseline" && i + 1 < argc) tune.concurrentCpu = std::atoi(argv[++i]);
    else if (a == "--poll-hz" && i + 1 < argc) tune.pollHz = std::atof(argv[++i]);
    else if (a == "--hogs" && i + 1 < argc) tune.hogs = std::atoi(argv[++i]);
    else if (a == "--no-pi") tune.pi = false;
    else if (a == "--dc") dcMode = true;
    else if (a == "--drift" && i + 1 < argc) driftPpm = std::atof(argv[++i]);
    else {
      std::cerr << "usage: maniplab-ecat-bench [--seconds S] [--rates 1000,4000] [--spin US] [--master-cpu N] "
                   "[--drives-cpu N] [--baseline] [--concurrent-baseline CPU] [--poll-hz F] [--hogs N] [--no-pi] [--keep-link]\n"
                   "       maniplab-ecat-bench --dc [--seconds S] [--rates 1000] [--drift PPM]\n";
      return 2;
    }
  }
  if (!(seconds > 0) || rates.empty()) {
    std::cerr << "maniplab-ecat-bench: --seconds must be positive and --rates non-empty\n";
    return 2;
  }
  const auto robot = loadRobotFile(std::string(MANIPLAB_SOURCE_DATA_DIR) + "/robots/umis.json");
  if (robot.model.nq != 6) {
    std::cerr << "maniplab-ecat-bench: cannot load robots/umis.json\n";
    return 1;
  }
  if (dcMode) {
    if (rates.size() == 2 && rates[0] == 1000 && rates[1] == 4000) rates = {1000};
    int rc = 0;
    for (double hz : rates) rc |= measureDc(robot.model, hz, seconds, driftPpm);
    return rc;
  }
  if (geteuid() != 0) {
    std::cerr << "maniplab-ecat-bench: needs root (veth pair, raw sockets, SCHED_FIFO)\n";
    return 1;
  }
  if (!linkUp()) {
    std::cerr << "maniplab-ecat-bench: cannot create the veth pair " << kMaster << "/" << kSlave << " (iproute2?)\n";
    return 1;
  }
  std::printf("EtherCAT cycle timing over veth (%s <-> %s), 6 virtual CiA 402 drives (UMIS, CSP hold), %.0f s per rate\n",
              kMaster, kSlave, seconds);
  std::printf("master: busy-wait %d us before each deadline, cyclic thread CPU %d, drives CPU %d (-1: not pinned), %s mutex; "
              "load average %s\n", tune.spinMicros, tune.masterCpu, tune.drivesCpu, tune.pi ? "priority-inheritance" : "ordinary",
              loadAverage().c_str());
  if (tune.pollHz > 0 || tune.hogs > 0)
    std::printf("during each measurement: status() read at %.0f Hz by a normal-priority thread, %d normal-priority busy thread(s)\n",
                tune.pollHz, tune.hogs);
  if (baseline || tune.concurrentCpu >= 0) mlockall(MCL_CURRENT | MCL_FUTURE);  // as the master does for its process
  std::printf("%-14s %8s %9s %9s %9s %9s %10s %9s %9s %6s %6s %6s %5s %8s\n", "", "rate", "cycles", "med |dT|", "p99 |dT|",
              "worst |dT|", "worst wake", "mean RTT", "worst RTT", "late", "missed", "stalls", "lost", "steal");
  auto print = [](const char* what, double hz, const CycleStats& s, bool bus, double steal) {
    char rtt[2][16] = {"-", "-"}, lost[16] = "-", st[16] = "-";
    if (bus) {
      std::snprintf(rtt[0], sizeof rtt[0], "%.1f us", s.meanRoundTrip * 1e6);
      std::snprintf(rtt[1], sizeof rtt[1], "%.1f us", s.worstRoundTrip * 1e6);
      std::snprintf(lost, sizeof lost, "%lld", s.lostFrames);
    }
    if (steal >= 0) std::snprintf(st, sizeof st, "%.0f ms", steal);
    std::printf("%-14s %5.0f Hz %9lld %6.1f us %6.1f us %6.1f us %7.1f us %9s %9s %6lld %6lld %6lld %5s %8s\n", what, hz, s.cycles,
                s.periodErrorQuantile(0.5) * 1e6, s.periodErrorQuantile(0.99) * 1e6, s.worstPeriodError * 1e6, s.worstLatency * 1e6,
                rtt[0], rtt[1], s.lateCycles, s.missedCycles, s.stalls, lost, st);
  };
  auto stallList = [](const char* who, const CycleStats& s, double t0) {
    if (s.stalls == 0) return;
    std::printf("  %s stalls (> 1 ms; time since start: latency):", who);
    for (long long i = 0; i < std::min<long long>(s.stalls, CycleStats::kStallLog); ++i)
    {
      const auto& x = s.stallLog[std::size_t(i)];
      // where the time went: the kernel woke the thread late, or the previous cycle went to sleep late
      // (its reply wait or its own code, whose run time is given)
      if (x.lateToSleep > 0.5e-3)
        std::printf("\n    %.3f s: %.2f ms, went to sleep %.2f ms late (previous cycle's own code ran %.0f us)", x.at - t0,
                    x.latency * 1e3, x.lateToSleep * 1e3, x.previousBusy * 1e6);
      else
        std::printf("\n    %.3f s: %.2f ms, woken %.2f ms late from its sleep%s", x.at - t0, x.latency * 1e3, x.sleepOvershoot * 1e3,
                    x.latency - x.sleepOvershoot > 0.5e-3 ? ", the rest lost while busy-waiting (vCPU not running)" : "");
    }
    std::printf("%s\n", s.stalls > CycleStats::kStallLog ? "\n    ..." : "");
  };
  int status = 0;
  for (double hz : rates) {
    if (baseline) {
      const double steal0 = stealMs(), t0 = double(monoNs()) * 1e-9;
      CycleStats b;
      std::thread t([&] { b = sleepLoop(hz, seconds, tune.spinMicros, tune.masterCpu); });
      t.join();
      print("sleep loop", hz, b, false, stealMs() - steal0);
      stallList("sleep loop", b, t0);
    }
    const double t0 = double(monoNs()) * 1e-9;
    const Row r = measure(robot.model, hz, seconds, tune);
    for (const auto& w : r.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    if (!r.error.empty()) {
      std::printf("%6.0f Hz  error: %s\n", hz, r.error.c_str());
      status = 1;
      continue;
    }
    print("master", hz, r.s, true, r.stealMs);
    std::printf("  master: longest run of the cycle's own code in one cycle (send, parse, publish; wall time) %.1f us, %lld "
                "cycles over 100 us\n", r.s.worstBusy * 1e6, r.s.busyOver100us);
    stallList("master", r.s, t0);
    if (r.haveBaseline) {
      print("  same time, sleep loop", hz, r.baseline, false, -1);
      stallList("sleep loop", r.baseline, t0);
      std::printf("  stalls of the master that the sleep loop on CPU %d saw at the same time: %d of %lld logged\n", tune.concurrentCpu,
                  coincident(r.s, r.baseline), std::min<long long>(r.s.stalls, CycleStats::kStallLog));
    }
    if (!r.fault.empty()) std::printf("          (bus fault during the run, cycling went on in quick stop: %s)\n", r.fault.c_str());
  }
  std::printf("|dT| = |measured period - nominal| (1 us histogram bins); late = wake-up > 10 %% of the period after the\n"
              "deadline; missed = deadlines skipped; stalls = wake-ups > 1 ms late; RTT = frame send -> reply through both\n"
              "veth ends and the drives; steal = time the hypervisor ran other guests on this VM's vCPUs (/proc/stat).\n"
              "sleep loop = the same timing loop at the same priority without any EtherCAT (what the machine gives).\n");
  std::printf("load average after: %s\n", loadAverage().c_str());
  if (!keep) linkDown();
  return status;
}
