// maniplab-ecat-bench: cycle timing of the EtherCAT master over a veth pair with 6 virtual drives (the
// UMIS robot holding its pose in CSP), at 1 kHz and 4 kHz (60 s each by default). Prints the median and
// p99 of |period - nominal|, the worst period error, the worst wake-up latency, the frame round trip,
// late cycles (wake-up > 10 % of the period after the deadline), missed cycles (deadlines skipped) and
// lost frames. Needs root (veth pair, raw sockets, SCHED_FIFO); not a test.
//
//   maniplab-ecat-bench [--seconds S] [--rates 1000,4000] [--spin US] [--master-cpu N] [--drives-cpu N]
//                       [--keep-link]
// --spin: the master's busy-wait margin before each deadline (MasterOptions::spinMicros, default 200;
// 0 = plain absolute-deadline sleep); --master-cpu / --drives-cpu pin the cyclic thread / the virtual
// drives' thread (default: not pinned). The load average is printed before and after: the machine
// should be as idle as possible.
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

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
  std::string error;   ///< bring-up failed: no measurement
  std::string fault;   ///< a bus fault during the measurement (the cycle keeps running: stats still count)
  std::vector<std::string> warnings;
};

struct Tuning {
  int spinMicros = MasterOptions{}.spinMicros;
  int masterCpu = -1, drivesCpu = -1;
};

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
      EthercatBackend backend(model, master, bo);
      const auto r = backend.reset(model.home, VectorX::Zero(model.nq));  // enables the drives, holding home
      if (!r.ok) row.error = r.message;
      else {
        // reset() left the drives enabled with the measured pose as CSP target: they hold it.
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
      }
      const MasterStatus st = master.status();
      row.s = st.stats;
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

}  // namespace

int main(int argc, char** argv) {
  double seconds = 60;
  std::vector<double> rates{1000, 4000};
  bool keep = false;
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
    else {
      std::cerr << "usage: maniplab-ecat-bench [--seconds S] [--rates 1000,4000] [--spin US] [--master-cpu N] "
                   "[--drives-cpu N] [--keep-link]\n";
      return 2;
    }
  }
  if (!(seconds > 0) || rates.empty()) {
    std::cerr << "maniplab-ecat-bench: --seconds must be positive and --rates non-empty\n";
    return 2;
  }
  if (geteuid() != 0) {
    std::cerr << "maniplab-ecat-bench: needs root (veth pair, raw sockets, SCHED_FIFO)\n";
    return 1;
  }
  const auto robot = loadRobotFile(std::string(MANIPLAB_SOURCE_DATA_DIR) + "/robots/umis.json");
  if (robot.model.nq != 6) {
    std::cerr << "maniplab-ecat-bench: cannot load robots/umis.json\n";
    return 1;
  }
  if (!linkUp()) {
    std::cerr << "maniplab-ecat-bench: cannot create the veth pair " << kMaster << "/" << kSlave << " (iproute2?)\n";
    return 1;
  }
  std::printf("EtherCAT cycle timing over veth (%s <-> %s), 6 virtual CiA 402 drives (UMIS, CSP hold), %.0f s per rate\n",
              kMaster, kSlave, seconds);
  std::printf("master: busy-wait %d us before each deadline, cyclic thread CPU %d, drives CPU %d (-1: not pinned); "
              "load average %s\n", tune.spinMicros, tune.masterCpu, tune.drivesCpu, loadAverage().c_str());
  std::printf("%8s %9s %12s %12s %12s %13s %11s %11s %6s %7s %6s\n", "rate", "cycles", "median |dT|", "p99 |dT|",
              "worst |dT|", "worst wake-up", "mean RTT", "worst RTT", "late", "missed", "lost");
  int status = 0;
  for (double hz : rates) {
    const Row r = measure(robot.model, hz, seconds, tune);
    for (const auto& w : r.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    if (!r.error.empty()) {
      std::printf("%6.0f Hz  error: %s\n", hz, r.error.c_str());
      status = 1;
      continue;
    }
    const auto& s = r.s;
    std::printf("%6.0f Hz %9lld %9.1f us %9.1f us %9.1f us %10.1f us %8.1f us %8.1f us %6lld %7lld %6lld\n", hz, s.cycles,
                s.periodErrorQuantile(0.5) * 1e6, s.periodErrorQuantile(0.99) * 1e6, s.worstPeriodError * 1e6,
                s.worstLatency * 1e6, s.meanRoundTrip * 1e6, s.worstRoundTrip * 1e6, s.lateCycles, s.missedCycles, s.lostFrames);
    if (!r.fault.empty()) std::printf("          (bus fault during the run, cycling went on in quick stop: %s)\n", r.fault.c_str());
  }
  std::printf("|dT| = |measured period - nominal| (1 us histogram bins); late = wake-up > 10 %% of the period after the\n"
              "deadline; missed = deadlines skipped; RTT = frame send -> reply through both veth ends and the drives.\n");
  std::printf("load average after: %s\n", loadAverage().c_str());
  if (!keep) linkDown();
  return status;
}
