// maniplab-cli run / compare: headless scene runs, metrics, CSV traces, on the simulation backend or on
// EtherCAT drives (--backend ethercat --ifname IFACE, or --in-process: virtual drives of the scene's
// robot in this process, no privileges needed; sim/ethercat).
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "maniplab/ethercat/ethercat_backend.hpp"
#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/scene.hpp"

namespace maniplab::cli {

namespace {

struct RunArgs {
  std::string scene, controller, csv, csvDir, backend, ifname, channels, from, to, mode = "cst", cycleHz;
  bool json = false, quiet = false, inProcess = false;
  // EtherCAT master options: a drive profile for every drive (id or file), PDO remapping, ESI files,
  // distributed clocks
  std::string driveProfile, pdoRemap = "auto", dc = "auto", virtualProfile = "generic";
  std::vector<std::string> esi;
};

/// The EtherCAT side of a run: the link (raw socket, or an in-process pair served by virtual drives),
/// the master brought up to OP, and what the last run's backend saw of its control periods.
struct Bus {
  std::unique_ptr<ethercat::Link> link, peer;
  std::unique_ptr<ethercat::VirtualBus> drives;  ///< --in-process only
  std::unique_ptr<ethercat::Master> master;      ///< destroyed first (members in reverse order)
  std::int8_t mode = ethercat::cia402::ModeCST;
  long long irregular = 0, overruns = 0;
  double firstIrregular = -1, firstOverrun = -1;
};

bool parseRunArgs(const Args& args, bool compare, RunArgs& out) {
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
    if (a == "--controller" && !compare) { if (!value(out.controller)) return false; }
    else if (a == "--csv" && !compare) { if (!value(out.csv)) return false; }
    else if (a == "--csv-dir" && compare) { if (!value(out.csvDir)) return false; }
    else if (a == "--channels") { if (!value(out.channels)) return false; }
    else if (a == "--from") { if (!value(out.from)) return false; }
    else if (a == "--to") { if (!value(out.to)) return false; }
    else if (a == "--backend") { if (!value(out.backend)) return false; }
    else if (a == "--ifname") { if (!value(out.ifname)) return false; }
    else if (a == "--mode") { if (!value(out.mode)) return false; }
    else if (a == "--cycle-hz") { if (!value(out.cycleHz)) return false; }
    else if (a == "--drive-profile") { if (!value(out.driveProfile)) return false; }
    else if (a == "--pdo-remap") { if (!value(out.pdoRemap)) return false; }
    else if (a == "--dc") { if (!value(out.dc)) return false; }
    else if (a == "--virtual-profile") { if (!value(out.virtualProfile)) return false; }
    else if (a == "--esi") {
      std::string f;
      if (!value(f)) return false;
      out.esi.push_back(f);
    }
    else if (a == "--in-process") out.inProcess = true;
    else if (a == "--json") out.json = true;
    else if (a == "--quiet") out.quiet = true;
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "maniplab-cli: unknown option " << a << "\n";
      return false;
    } else if (out.scene.empty()) out.scene = a;
    else {
      std::cerr << "maniplab-cli: unexpected argument " << a << "\n";
      return false;
    }
  }
  if (out.scene.empty()) {
    std::cerr << "maniplab-cli: missing SCENE.json\n";
    return false;
  }
  if (!out.backend.empty() && out.backend != "sim" && out.backend != "ethercat") {
    std::cerr << "maniplab-cli: --backend must be sim or ethercat (got " << out.backend << ")\n";
    return false;
  }
  if (out.mode != "cst" && out.mode != "csp") {
    std::cerr << "maniplab-cli: --mode must be cst or csp (got " << out.mode << ")\n";
    return false;
  }
  if (out.pdoRemap != "auto" && out.pdoRemap != "always" && out.pdoRemap != "never") {
    std::cerr << "maniplab-cli: --pdo-remap must be auto, always or never (got " << out.pdoRemap << ")\n";
    return false;
  }
  if (out.dc != "auto" && out.dc != "on" && out.dc != "off") {
    std::cerr << "maniplab-cli: --dc must be auto, on or off (got " << out.dc << ")\n";
    return false;
  }
  return true;
}

/// CSV selection from --channels a,b,c --from T0 --to T1 (throws on a malformed time).
sim::CsvOptions csvOptions(const RunArgs& a) {
  sim::CsvOptions o;
  std::stringstream ss(a.channels);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) o.channels.push_back(item);
  auto time = [](const std::string& opt, const std::string& v) {
    double t = 0;
    if (!parseFiniteNumber(v, t)) throw std::runtime_error(opt + ": '" + v + "' is not a time in seconds");
    return t;
  };
  if (!a.from.empty()) o.tBegin = time("--from", a.from);
  if (!a.to.empty()) o.tEnd = time("--to", a.to);
  return o;
}

/// Runs one controller of the scene; prints progress on stderr when the run takes long.
sim::RunResult runOne(const sim::Scene& scene, const sim::ControllerSpec& spec, sim::Recorder& rec, bool quiet, Bus* bus = nullptr) {
  const Model& model = scene.robot.model;
  const auto traj = sim::makeTrajectory(scene);
  sim::SimulatedPlant plant(model, scene.plant);
  std::unique_ptr<ethercat::EthercatBackend> ecat;
  sim::Backend* backend = &plant;
  if (bus) {
    ethercat::EthercatBackendOptions bo;
    bo.mode = bus->mode;
    ecat = std::make_unique<ethercat::EthercatBackend>(model, *bus->master, bo);
    ecat->setReference(traj.get());
    backend = ecat.get();
  }
  const auto ctrl = sim::makeController(spec, model);
  sim::RunOptions opt = sim::runOptions(scene);
  const auto start = std::chrono::steady_clock::now();
  auto last = start;
  bool shown = false;
  if (!quiet)
    opt.progress = [&](double f) {
      const auto now = std::chrono::steady_clock::now();
      if (now - start < std::chrono::seconds(2) || (now - last < std::chrono::milliseconds(500) && f < 1)) return;
      last = now;
      shown = true;
      std::cerr << "\r" << spec.name << ": " << std::setw(3) << int(f * 100) << " %  (t = " << std::fixed
                << std::setprecision(2) << f * scene.duration << " s of " << scene.duration << " s)" << std::flush;
      std::cerr.unsetf(std::ios::fixed);
    };
  sim::RunResult r = sim::runSimulation(model, *backend, *ctrl, *traj, opt, rec);
  if (ecat)
    for (const auto& n : ecat->notes()) std::cerr << "maniplab-cli: note: " << n << "\n";
  if (ecat) {  // what the backend saw of the control periods, for printBusStats
    bus->irregular = ecat->irregularPeriods();
    bus->firstIrregular = ecat->firstIrregularTime();
    bus->overruns = ecat->overruns();
    bus->firstOverrun = ecat->firstOverrunTime();
  }
  if (shown) std::cerr << "\n";
  for (const auto& e : plant.jointLimitEvents())
    std::cerr << scene.file << ": " << spec.name << ": t = " << e.time << " s: joint " << e.joint + 1 << " ("
              << model.jointName[std::size_t(e.joint)] << ") passed its " << (e.upper ? "upper" : "lower")
              << " limit (q = " << e.position << ")\n";
  return r;
}

bool loadScene(const std::string& path, sim::SceneLoadResult& res) {
  res = sim::loadSceneFile(path);
  std::cerr << res.report();
  return res.ok();
}

void printRunSummary(const std::string& name, const sim::RunResult& r, double simDuration) {
  std::cout << name << ": " << (r.ok ? (r.cancelled ? "cancelled" : "completed") : "FAILED") << ", "
            << r.periods << " control periods, " << r.endTime << " s simulated in " << r.wallSeconds
            << " s wall (" << (r.wallSeconds > 0 ? simDuration / r.wallSeconds : 0) << "x real time), energy drift "
            << r.energyDriftRelative << " (relative)\n";
  if (!r.ok) std::cout << "  " << r.message << "\n";
}

/// Brings the bus up for a scene (the cycle is the control period unless --cycle-hz); prints why not.
bool openBus(const RunArgs& a, const sim::Scene& scene, const sim::ControllerSpec* cspGains, Bus& bus) {
  if (a.ifname.empty() == !a.inProcess) {
    std::cerr << "maniplab-cli: --backend ethercat needs --ifname IFACE or --in-process (virtual drives in this process)\n";
    return false;
  }
  ethercat::MasterOptions mo;
  mo.cyclePeriod = scene.controlPeriod;
  if (!a.cycleHz.empty()) {
    double hz = 0;
    if (!parseFiniteNumber(a.cycleHz, hz) || hz <= 0) {
      std::cerr << "maniplab-cli: --cycle-hz: '" << a.cycleHz << "' is not a positive frequency\n";
      return false;
    }
    mo.cyclePeriod = 1.0 / hz;
  }
  mo.distributedClocks = a.dc == "on" ? ethercat::MasterOptions::Dc::On
                         : a.dc == "off" ? ethercat::MasterOptions::Dc::Off
                                         : ethercat::MasterOptions::Dc::Auto;
  bus.mode = a.mode == "csp" ? ethercat::cia402::ModeCSP : ethercat::cia402::ModeCST;
  const Model& model = scene.robot.model;
  ethercat::DriveSetup setup = ethercat::driveSetupFor(model, bus.mode);
  setup.remap = a.pdoRemap == "always" ? ethercat::PdoRemap::Always : a.pdoRemap == "never" ? ethercat::PdoRemap::Never : ethercat::PdoRemap::Auto;
  try {
    if (!a.driveProfile.empty()) setup.profile = ethercat::findDriveProfile(a.driveProfile).id;
    for (const auto& f : a.esi) setup.esi.push_back(ethercat::esi::load(f));
  } catch (const std::exception& e) {
    std::cerr << "maniplab-cli: " << e.what() << "\n";
    return false;
  }
  if (bus.mode == ethercat::cia402::ModeCSP) {
    if (!cspGains || (cspGains->type != "pid" && cspGains->type != "pd_gravity")) {
      std::cerr << a.scene << ": --mode csp takes the drives' position-loop gains (Kp, Kd) from a pid or pd_gravity "
                   "controller; choose one with --controller\n";
      return false;
    }
    for (int j = 0; j < model.nq; ++j) {
      setup.cspKp.push_back(float(cspGains->kp[j]));
      setup.cspKd.push_back(float(cspGains->kv[j]));
    }
  }
  const std::string where = a.inProcess ? "in-process virtual drives" : a.ifname;
  if (a.inProcess) {
    auto pair = ethercat::makeInProcessPair();
    bus.link = std::move(pair.a);
    bus.peer = std::move(pair.b);
    ethercat::VirtualBusOptions vo;  // as other masters see them: emergencies, SAFEOP write counted
    vo.profile = a.virtualProfile;
    vo.emergencies = true;
    vo.countOutputsInSafeOp = true;
    try {
      bus.drives = std::make_unique<ethercat::VirtualBus>(model, scene.plant, ethercat::FaultPlan{}, vo);
    } catch (const std::exception& e) {
      std::cerr << "maniplab-cli: --virtual-profile: " << e.what() << "\n";
      return false;
    }
    bus.drives->start(*bus.peer, 70);  // SCHED_FIFO when permitted, else normal priority
  } else {
    try {
      bus.link = ethercat::openRawSocketLink(a.ifname);
    } catch (const std::exception& e) {
      std::cerr << "maniplab-cli: " << e.what() << "\n";
      return false;
    }
  }
  bus.master = std::make_unique<ethercat::Master>(*bus.link, mo);
  const std::string e = bus.master->bringUp(setup);
  for (const auto& w : bus.master->status().warnings) std::cerr << "maniplab-cli: warning: " << w << "\n";
  // What the bring-up decided (defaults for absent objects, remapping, distributed clocks).
  for (const auto& n : bus.master->notes()) std::cerr << "maniplab-cli: note: " << n << "\n";
  if (!e.empty()) {
    std::cerr << where << ": EtherCAT start-up failed: " << e << "\n";
    return false;
  }
  if (!a.quiet)
    std::cerr << where << ": " << bus.master->slaveCount() << " drive(s) in OP, "
              << (bus.mode == ethercat::cia402::ModeCSP ? "CSP" : "CST") << ", cycle " << mo.cyclePeriod * 1e3 << " ms\n";
  return true;
}

/// Cycle statistics of the bus (period, jitter, worst latency, late/missed cycles, lost frames).
void printBusStats(std::ostream& os, const Bus& bus) {
  const ethercat::MasterStatus st = bus.master->status();
  const auto& s = st.stats;
  os << std::fixed << std::setprecision(1);
  os << "EtherCAT: " << s.cycles << " cycles of " << s.nominalPeriod * 1e6 << " us: mean period " << s.meanPeriod * 1e6
     << " us, |period error| median " << s.periodErrorQuantile(0.5) * 1e6 << " us, p99 " << s.periodErrorQuantile(0.99) * 1e6
     << " us, worst " << s.worstPeriodError * 1e6 << " us; worst wake-up latency " << s.worstLatency * 1e6
     << " us; round trip mean " << s.meanRoundTrip * 1e6 << " us, worst " << s.worstRoundTrip * 1e6 << " us; late cycles "
     << s.lateCycles << ", missed cycles " << s.missedCycles << ", lost frames " << s.lostFrames << ", stale replies "
     << s.staleReplies << ", WKC errors " << s.wkcErrors << "\n";
  os.unsetf(std::ios::fixed);
  os << std::setprecision(6);
  // Up to the first irregular period the drives saw exactly what the simulation sees, up to the
  // quantisation (sim/ethercat/README.md, "Tolerance").
  os << "EtherCAT: irregular control periods " << bus.irregular;
  if (bus.irregular > 0) os << " (first at t = " << bus.firstIrregular << " s)";
  os << ", overruns (controller late) " << bus.overruns;
  if (bus.overruns > 0) os << " (first at t = " << bus.firstOverrun << " s)";
  os << "\n";
  if (st.dc) {
    os << "EtherCAT: distributed clocks (reference: slave " << st.dcReference + 1 << "): worst |system time difference| "
       << s.dcWorstDiff * 1e9 << " ns, master cycle vs DC time: phase error " << s.dcPhaseError * 1e9 << " ns (worst "
       << s.dcWorstPhaseError * 1e9 << " ns)\n";
    for (const auto& sl : st.slaves)
      os << "EtherCAT: slave " << sl.position + 1 << ": DC propagation delay " << sl.dcDelay << " ns, system time difference (0x092C) "
         << sl.dcDiff << " ns, largest " << sl.dcWorstDiff << " ns" << (sl.dcReference ? " (reference clock)" : "") << "\n";
  }
  if (s.unforwardedReplies || s.unprocessedFrames)
    os << "EtherCAT: replies without the forwarded bit " << s.unforwardedReplies << ", frames back unprocessed " << s.unprocessedFrames << "\n";
  for (const auto& em : st.emergencies)
    os << "EtherCAT: slave " << em.slave + 1 << ": " << ethercat::coe::emergencyText(em.emergency) << "\n";
  if (st.fault) os << "EtherCAT fault: " << st.faultMessage << "\n";
}

}  // namespace

int cmdRun(const Args& args) {
  RunArgs a;
  if (!parseRunArgs(args, false, a)) return 2;
  sim::SceneLoadResult sl;
  if (!loadScene(a.scene, sl)) return 1;
  const sim::Scene& scene = sl.scene;
  const sim::ControllerSpec* spec = &scene.controllers.front();
  if (!a.controller.empty()) {
    spec = nullptr;
    for (const auto& c : scene.controllers)
      if (c.name == a.controller) spec = &c;
    if (!spec) {
      std::cerr << a.scene << ": no controller named \"" << a.controller << "\" (have:";
      for (const auto& c : scene.controllers) std::cerr << " " << c.name;
      std::cerr << ")\n";
      return 2;
    }
  }
  const bool ethercatBackend = a.backend == "ethercat" || (a.backend.empty() && scene.backend == "ethercat");
  Bus bus;
  if (ethercatBackend && !openBus(a, scene, spec, bus)) return 1;
  try {
    sim::Recorder rec(sim::makeChannels(scene.robot.model, scene.record));
    const sim::RunResult r = runOne(scene, *spec, rec, a.quiet, ethercatBackend ? &bus : nullptr);
    if (ethercatBackend) {
      printBusStats(a.json ? std::cerr : std::cout, bus);
      bus.master->shutdown();
    }
    if (!a.csv.empty()) sim::writeCsv(rec, a.csv, csvOptions(a));
    const std::vector<std::pair<std::string, sim::RunMetrics>> runs{{spec->name, r.metrics}};
    if (a.json) {
      std::cout << sim::comparisonJson(runs) << "\n";
    } else {
      printRunSummary(spec->name, r, r.endTime);
      std::cout << sim::comparisonTable(runs);
    }
    if (!r.ok) {
      std::cerr << a.scene << ": " << spec->name << ": " << r.message << "\n";
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << a.scene << ": " << e.what() << "\n";
    return 1;
  }
}

int cmdCompare(const Args& args) {
  RunArgs a;
  if (!parseRunArgs(args, true, a)) return 2;
  sim::SceneLoadResult sl;
  if (!loadScene(a.scene, sl)) return 1;
  const sim::Scene& scene = sl.scene;
  const bool ethercatBackend = a.backend == "ethercat" || (a.backend.empty() && scene.backend == "ethercat");
  if (ethercatBackend && a.mode == "csp") {
    std::cerr << "maniplab-cli: compare runs every controller: --mode csp is for run\n";
    return 2;
  }
  Bus bus;
  if (ethercatBackend && !openBus(a, scene, nullptr, bus)) return 1;
  try {
    if (!a.csvDir.empty()) std::filesystem::create_directories(a.csvDir);
    std::vector<std::pair<std::string, sim::RunMetrics>> runs;
    bool allOk = true;
    for (const auto& spec : scene.controllers) {
      sim::Recorder rec(sim::makeChannels(scene.robot.model, scene.record));
      if (ethercatBackend && bus.master->hasFault()) {
        const std::string e = bus.master->resetFault();
        if (!e.empty()) {
          std::cerr << a.scene << ": " << spec.name << ": EtherCAT fault reset failed: " << e << "\n";
          return 1;
        }
      }
      const sim::RunResult r = runOne(scene, spec, rec, a.quiet, ethercatBackend ? &bus : nullptr);
      if (ethercatBackend) printBusStats(a.json ? std::cerr : std::cout, bus);
      if (!a.json) printRunSummary(spec.name, r, r.endTime);
      if (!r.ok) {
        std::cerr << a.scene << ": " << spec.name << ": " << r.message << "\n";
        allOk = false;
      }
      if (!a.csvDir.empty())
        sim::writeCsv(rec, (std::filesystem::path(a.csvDir) / (spec.name + ".csv")).string(), csvOptions(a));
      runs.emplace_back(spec.name, r.metrics);
    }
    if (ethercatBackend) bus.master->shutdown();
    if (!a.csvDir.empty())
      sim::writeCsvTable(sim::comparisonCsv(runs), (std::filesystem::path(a.csvDir) / "comparison.csv").string());
    if (a.json)
      std::cout << sim::comparisonJson(runs) << "\n";
    else
      std::cout << sim::comparisonTable(runs);
    return allOk ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << a.scene << ": " << e.what() << "\n";
    return 1;
  }
}

}  // namespace maniplab::cli
