// maniplab-cli ecat-sim / ecat-scan: virtual CiA 402 drives on a network interface, and a bus scan.
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <csignal>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <thread>

#include "commands.hpp"
#include "maniplab/ethercat/drive_profile.hpp"
#include "maniplab/ethercat/hex.hpp"
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
    } else if (a == "--emergencies") busOptions.emergencies = true;  // the default (kept for scripts)
    else if (a == "--no-emergencies") busOptions.emergencies = false;
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
    } else if (a == "--watchdog-ms") {  // the drives' process-data watchdog (0x0420, units of 100 us)
      double ms = 0;
      if (!value(v)) return 2;
      if (!parseFiniteNumber(v, ms) || ms < 0 || ms > 6553.5) {
        std::cerr << "maniplab-cli: --watchdog-ms: '" << v << "' is not a time in ms (0 to 6553.5; 0: no watchdog)\n";
        return 2;
      }
      busOptions.watchdogTime = std::uint16_t(std::lround(ms * 10));
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
    // The same warnings as the master's (sim/ethercat/README.md), each naming the missing capability.
    if (const int rc = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp); rc != 0)
      std::cerr << "maniplab-cli: ecat-sim: warning: SCHED_FIFO not permitted (" << std::strerror(rc) << "): the drives run at normal priority"
                << (rc == EPERM ? " (needs cap_sys_nice: sudo scripts/grant-capabilities.sh)" : "") << "\n";
    if (mlockall(MCL_CURRENT | MCL_FUTURE) != 0) {
      const int err = errno;
      std::cerr << "maniplab-cli: ecat-sim: warning: mlockall not permitted (" << std::strerror(err) << "): memory may be paged out"
                << (err == EPERM || err == ENOMEM ? " (needs cap_ipc_lock: sudo scripts/grant-capabilities.sh)" : "") << "\n";
    }
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

/// What the master read of a slave beyond the table: ESC, mailboxes, its SII's process data and DC modes,
/// its device type, the drive profile that would apply.
void printSlaveDetails(ethercat::Master& m, int i, bool preop) {
  const auto& s = m.slave(i);
  std::cout << "    ESC type " << ethercat::hex(s.escType, 2) << ", distributed clocks " << ((s.escFeatures & ethercat::reg::FeatureDc) ? "yes" : "no")
            << "; mailbox out " << ethercat::hex(s.mbxOut, 4) << "/" << s.mbxOutSize << ", in " << ethercat::hex(s.mbxIn, 4) << "/" << s.mbxInSize
            << ", protocols" << ((s.mailboxProtocols & ethercat::sii::proto::CoE) ? " CoE" : "")
            << ((s.mailboxProtocols & ethercat::sii::proto::FoE) ? " FoE" : "") << ((s.mailboxProtocols & ethercat::sii::proto::EoE) ? " EoE" : "")
            << ((s.mailboxProtocols & ethercat::sii::proto::SoE) ? " SoE" : "") << (s.mailboxProtocols ? "" : " none") << "\n";
  if (!s.details) return;
  const auto& img = s.details->sii;
  std::cout << "    SII:";
  for (std::size_t k = 0; k < img.syncManagers.size(); ++k) {
    const auto& sm = img.syncManagers[k];
    static const char* kind[] = {"unused", "mailbox out", "mailbox in", "outputs", "inputs"};
    std::cout << (k ? "," : "") << " SM" << k << " " << (sm.type < 5 ? kind[sm.type] : "?") << " " << ethercat::hex(sm.start, 4);
  }
  auto pdos = [&](const char* what, const std::vector<ethercat::sii::Pdo>& v) {
    for (const auto& p : v)
      std::cout << "; " << what << " " << ethercat::hex(p.index, 4) << " "
                << (p.syncManager == ethercat::sii::kNotAssigned ? std::string("unassigned") : "SM" + std::to_string(p.syncManager)) << " "
                << (p.bits() + 7) / 8 << " bytes";
  };
  pdos("RxPDO", img.rxPdos);
  pdos("TxPDO", img.txPdos);
  for (const auto& d : img.dcModes) std::cout << "; DC AssignActivate " << ethercat::hex(d.assignActivate, 4);
  std::cout << "\n";
  if (!s.details->siiError.empty()) std::cout << "    SII: " << s.details->siiError << "\n";
  if (preop && (s.mailboxProtocols & ethercat::sii::proto::CoE)) {
    const auto dt = m.sdoRead(i, ethercat::cia402::DeviceType, 0);
    if (dt.ok)
      std::cout << "    device type " << ethercat::hex(dt.value, 8)
                << ((dt.value & 0xFFFF) == 402 ? " (CiA 402 drive)" : " (not a CiA 402 drive: device profile " + std::to_string(dt.value & 0xFFFF) + ")");
    else
      std::cout << "    device type: " << dt.error;
    const auto* prof = ethercat::matchDriveProfile(ethercat::shippedDriveProfiles(), s.identity.vendor, s.identity.product, s.identity.revision);
    std::cout << "; drive profile '" << (prof ? prof->name : std::string("none")) << "'\n";
  }
}

/// The object dictionary of a slave, by SDO information (names, types, access), with each entry's value
/// when it reads.
int listObjects(ethercat::Master& m, int slave) {
  std::vector<std::uint16_t> list;
  std::string e = m.sdoObjectList(slave, list);
  if (!e.empty()) {
    std::cerr << e << "\n";
    return 1;
  }
  std::cout << m.slaveName(slave) << ": " << list.size() << " objects\n";
  for (auto idx : list) {
    ethercat::Master::ObjectInfo info;
    e = m.sdoObjectInfo(slave, idx, info);
    if (!e.empty()) {
      std::cout << "  " << ethercat::hex(idx, 4) << ": " << e << "\n";
      continue;
    }
    std::cout << "  " << ethercat::hex(idx, 4) << " " << info.object.name << " (" << ethercat::coe::dataTypeName(info.object.dataType) << ")\n";
    for (const auto& en : info.entries) {
      std::cout << "      :" << (en.subindex < 16 ? "0" : "") << std::hex << int(en.subindex) << std::dec << " " << en.name << ", "
                << ethercat::coe::dataTypeName(en.dataType) << ", " << en.bitLength << " bits, "
                << ((en.access & ethercat::coe::info::access::Write) ? "rw" : "ro");
      if (en.access & ethercat::coe::info::access::Read) {
        const auto v = m.sdoUpload(slave, idx, en.subindex);
        if (v.ok) {
          std::cout << " =";
          if (en.dataType == ethercat::coe::dtype::VisibleString) std::cout << " \"" << std::string(v.data.begin(), v.data.end()) << "\"";
          else
            for (std::size_t k = 0; k < v.data.size() && k < 16; ++k) std::cout << " " << ethercat::hex(v.data[k], 2).substr(2);
        }
      }
      std::cout << "\n";
    }
  }
  return 0;
}

int cmdEcatScan(const Args& args) {
  std::string ifname, objects;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--ifname" && i + 1 < args.size()) ifname = args[++i];
    else if (args[i] == "--objects" && i + 1 < args.size()) objects = args[++i];
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
      printSlaveDetails(m, i, e.empty());
    }
    for (const auto& em : m.emergencies())
      std::cout << m.slaveName(em.slave) << ": " << ethercat::coe::emergencyText(em.emergency) << "\n";
    if (!e.empty()) std::cerr << ifname << ": " << e << "\n";
    int rc = e.empty() ? 0 : 1;
    if (!objects.empty() && e.empty()) {
      double x = 0;
      const int n = parseFiniteNumber(objects, x) && x == std::floor(x) ? int(x) : 0;
      if (n < 1 || n > m.slaveCount()) {
        std::cerr << "maniplab-cli: ecat-scan: --objects: '" << objects << "' is not a slave number (1.." << m.slaveCount() << ")\n";
        rc = 2;
      } else {
        rc = listObjects(m, n - 1);
      }
    }
    m.requestState(1);
    return rc;
  } catch (const std::exception& ex) {
    std::cerr << "maniplab-cli: ecat-scan: " << ex.what() << "\n";
    return 1;
  }
}

const Registration kEcatSim{
    {"ecat-sim",
     "  ecat-sim --ifname IFACE (--robot ROBOT.json | --scene SCENE.json) [--fault SPEC] [--duration S]\n"
     "           [--drive-profile NAME] [--no-emergencies] [--safeop-wkc 1|3] [--require-dc] [--dc-drift PPM]\n"
     "           [--watchdog-ms MS] [--realtime] [--quiet]\n"
     "                                   virtual CiA 402 drives (one per joint, the simulated plant as\n"
     "                                   load) answering EtherCAT frames on IFACE; SPEC: drop:F,\n"
     "                                   drop-every:N, drop-burst:N[:EVERY], delay:F:S, wkc:N,\n"
     "                                   drive-fault:N, leave-op:N,\n"
     "                                   link-down, refuse:N:STATE[:CODE], each with an optional\n"
     "                                   @CYCLES start (e.g. drive-fault:2@400); NAME: generic (8/14\n"
     "                                   bytes, default), vendor (11/11, SM2/SM3 at 0x1800/0x1C00),\n"
     "                                   minimal (no 0x6091/0x60C2); --no-emergencies: no CoE emergency\n"
     "                                   on drive faults; --safeop-wkc 1: outputs counted only in OP\n"
     "                                   (default 3, as real ESCs); --require-dc: OP only with SYNC0; PPM: clock\n"
     "                                   drift of the slaves (default 30, spread +-); MS: the drives'\n"
     "                                   process-data watchdog (0x0420; default 100, 0: none)\n",
     &cmdEcatSim, 60}};
const Registration kEcatScan{{"ecat-scan",
                              "  ecat-scan --ifname IFACE [--objects N]\n"
                              "                                   list the EtherCAT slaves on IFACE (identity, AL and CiA 402\n"
                              "                                   state, ESC, mailboxes, SII process data and DC modes, device\n"
                              "                                   type, drive profile); --objects N: slave N's object dictionary\n"
                              "                                   by SDO information, with the values\n",
                              &cmdEcatScan, 61}};

}  // namespace
}  // namespace maniplab::cli
