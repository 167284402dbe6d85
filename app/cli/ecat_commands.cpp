// maniplab-cli ecat-sim / ecat-scan: virtual CiA 402 drives on a network interface, and a bus scan.
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>

#include <atomic>
#include <cmath>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <thread>

#include "commands.hpp"
#include "maniplab/ethercat/master.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/scene.hpp"

namespace maniplab::cli {
namespace {

std::atomic<bool> gStop{false};
void onSignal(int) { gStop = true; }

int cmdEcatSim(const Args& args) {
  std::string ifname, robotPath, scenePath, fault = "none";
  double duration = 0;
  bool realtime = false, quiet = false;
  ethercat::VirtualBusOptions busOptions;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& dst) {
      if (i + 1 >= args.size()) {
        std::cerr << "maniplab-cli: " << a << " needs a value\n";
        return false;
      }
      dst = args[++i];
      return true;
    };
    std::string v;
    if (a == "--ifname") { if (!value(ifname)) return 2; }
    else if (a == "--robot") { if (!value(robotPath)) return 2; }
    else if (a == "--scene") { if (!value(scenePath)) return 2; }
    else if (a == "--fault") { if (!value(fault)) return 2; }
    else if (a == "--duration") {
      if (!value(v)) return 2;
      if (!parseFiniteNumber(v, duration) || duration < 0) {
        std::cerr << "maniplab-cli: --duration: '" << v << "' is not a time in seconds\n";
        return 2;
      }
    } else if (a == "--drive-profile") {
      if (!value(busOptions.profile)) return 2;
      if (!ethercat::findVirtualDriveProfile(busOptions.profile)) {
        std::cerr << "maniplab-cli: --drive-profile: unknown profile '" << busOptions.profile << "' (profiles: "
                  << ethercat::virtualDriveProfileNames() << ")\n";
        return 2;
      }
    } else if (a == "--emergencies") busOptions.emergencies = true;
    else if (a == "--require-dc") busOptions.requireDc = true;
    else if (a == "--safeop-wkc") {
      if (!value(v)) return 2;
      if (v != "1" && v != "3") {
        std::cerr << "maniplab-cli: --safeop-wkc: '" << v << "' must be 3 (outputs counted in SAFEOP, as real ESCs) or 1\n";
        return 2;
      }
      busOptions.countOutputsInSafeOp = v == "3";
    } else if (a == "--dc-drift") {
      if (!value(v)) return 2;
      if (!parseFiniteNumber(v, busOptions.clockDriftPpm) || std::abs(busOptions.clockDriftPpm) > 1000) {
        std::cerr << "maniplab-cli: --dc-drift: '" << v << "' is not a drift in ppm (at most 1000)\n";
        return 2;
      }
    } else if (a == "--realtime") realtime = true;
    else if (a == "--quiet") quiet = true;
    else {
      std::cerr << "maniplab-cli: ecat-sim: unexpected argument " << a << "\n";
      return 2;
    }
  }
  if (ifname.empty() || (robotPath.empty() == scenePath.empty())) {
    std::cerr << "maniplab-cli: ecat-sim needs --ifname IFACE and one of --robot ROBOT.json or --scene SCENE.json\n";
    return 2;
  }
  Model model;
  sim::PlantOptions plant;
  if (!scenePath.empty()) {
    const auto sl = sim::loadSceneFile(scenePath);
    std::cerr << sl.report();
    if (!sl.ok()) return 1;
    model = sl.scene.robot.model;
    plant = sl.scene.plant;
    // The drives start where the scene starts (the master can also place virtual drives by SDO 0x2100).
  } else {
    const auto r = loadRobotFile(robotPath);
    bool ok = true;
    for (const auto& d : r.diagnostics)
      if (d.severity == Diagnostic::Severity::Error) ok = false;
    if (!ok) {
      std::cerr << robotPath << ": invalid robot file (run `maniplab-cli check " << robotPath << "`)\n";
      return 1;
    }
    model = r.model;
  }
  ethercat::FaultPlan plan;
  try {
    plan = ethercat::parseFaultPlan(fault);
  } catch (const std::exception& e) {
    std::cerr << "maniplab-cli: --fault: " << e.what() << "\n";
    return 2;
  }
  std::unique_ptr<ethercat::Link> link;
  try {
    link = ethercat::openRawSocketLink(ifname);
  } catch (const std::exception& e) {
    std::cerr << "maniplab-cli: ecat-sim: " << e.what() << "\n";
    return 1;
  }
  if (realtime) {
    sched_param sp{};
    sp.sched_priority = 70;
    if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp) != 0 || mlockall(MCL_CURRENT | MCL_FUTURE) != 0)
      std::cerr << "maniplab-cli: ecat-sim: warning: SCHED_FIFO/mlockall not permitted, running at normal priority\n";
  }
  ethercat::VirtualBus bus(model, plant, plan, busOptions);
  if (!quiet)
    std::cerr << "ecat-sim: " << bus.slaveCount() << " virtual CiA 402 drive(s) of " << model.name << " (profile "
              << bus.profile().name << ", " << defaultRxBytes(bus.profile()) << "/" << defaultTxBytes(bus.profile())
              << " bytes) on " << link->describe()
              << " (MAC " << std::hex << std::setfill('0') << int(link->mac()[0]) << ":" << int(link->mac()[5]) << std::dec
              << "), fault: " << fault << "; Ctrl-C stops\n";
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  std::atomic<bool> stop{false};
  std::thread timer;
  if (duration > 0)
    timer = std::thread([&] {
      const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(duration);
      while (!stop && !gStop && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      gStop = true;
    });
  std::thread watch([&] {
    while (!gStop) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    stop = true;
  });
  bus.serve(*link, stop);
  gStop = true;
  watch.join();
  if (timer.joinable()) timer.join();
  if (!quiet) {
    std::cerr << bus.log();
    std::cerr << "ecat-sim: " << bus.framesAnswered() << " frames answered, " << bus.processDataCycles()
              << " process-data cycles in OP, plant time " << bus.plantTime() << " s\n";
  }
  return 0;
}

int cmdEcatScan(const Args& args) {
  std::string ifname;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--ifname" && i + 1 < args.size()) ifname = args[++i];
    else {
      std::cerr << "maniplab-cli: ecat-scan: unexpected argument " << args[i] << "\n";
      return 2;
    }
  }
  if (ifname.empty()) {
    std::cerr << "maniplab-cli: ecat-scan needs --ifname IFACE\n";
    return 2;
  }
  try {
    auto link = ethercat::openRawSocketLink(ifname);
    ethercat::MasterOptions mo;
    mo.realtime = false;
    ethercat::Master m(*link, mo);
    std::string e = m.scan();
    if (!e.empty()) {
      std::cerr << ifname << ": " << e << "\n";
      return 1;
    }
    e = m.requestState(2);
    std::cout << m.slaveCount() << " slave(s) on " << ifname << "\n";
    std::cout << " # station  vendor     product    rev  serial  AL state  CiA 402 state         name\n";
    for (int i = 0; i < m.slaveCount(); ++i) {
      const auto& s = m.slave(i);
      std::string drive = "-";
      if (e.empty()) {
        const auto sw = m.sdoRead(i, ethercat::cia402::Statusword, 0);
        if (sw.ok) drive = ethercat::cia402::stateName(ethercat::cia402::decodeStatusword(std::uint16_t(sw.value)));
      }
      std::cout << std::setw(2) << i + 1 << "  0x" << std::hex << std::setfill('0') << std::setw(4) << s.station << "  0x"
                << std::setw(8) << s.identity.vendor << " 0x" << std::setw(8) << s.identity.product << std::dec << std::setfill(' ')
                << " " << std::setw(4) << s.identity.revision << " " << std::setw(7) << s.identity.serial << "  " << std::left
                << std::setw(9) << ethercat::alStateName(s.alStatus) << " " << std::setw(21) << drive << std::right << " "
                << s.identity.name << "\n";
    }
    if (!e.empty()) std::cerr << ifname << ": " << e << "\n";
    m.requestState(1);
    return e.empty() ? 0 : 1;
  } catch (const std::exception& ex) {
    std::cerr << "maniplab-cli: ecat-scan: " << ex.what() << "\n";
    return 1;
  }
}

const Registration kEcatSim{
    {"ecat-sim",
     "  ecat-sim --ifname IFACE (--robot ROBOT.json | --scene SCENE.json) [--fault SPEC] [--duration S]\n"
     "           [--drive-profile NAME] [--emergencies] [--safeop-wkc 1|3] [--require-dc] [--dc-drift PPM]\n"
     "           [--realtime] [--quiet]\n"
     "                                   virtual CiA 402 drives (one per joint, the simulated plant as\n"
     "                                   load) answering EtherCAT frames on IFACE; SPEC: drop:F,\n"
     "                                   drop-every:N, delay:F:S, wkc:N, drive-fault:N, leave-op:N,\n"
     "                                   link-down, refuse:N:STATE[:CODE], each with an optional\n"
     "                                   @CYCLES start (e.g. drive-fault:2@400); NAME: generic (8/14\n"
     "                                   bytes, default), vendor (11/11, SM2/SM3 at 0x1800/0x1C00),\n"
     "                                   minimal (no 0x6091/0x60C2); --emergencies: CoE emergency on\n"
     "                                   drive faults; --safeop-wkc 3: outputs counted in SAFEOP as real\n"
     "                                   ESCs (default 1); --require-dc: OP only with SYNC0; PPM: clock\n"
     "                                   drift of the slaves (default 30, spread +-)\n",
     &cmdEcatSim, 60}};
const Registration kEcatScan{{"ecat-scan",
                              "  ecat-scan --ifname IFACE         list the EtherCAT slaves on IFACE (identity, AL and CiA 402 state)\n",
                              &cmdEcatScan, 61}};

}  // namespace
}  // namespace maniplab::cli
