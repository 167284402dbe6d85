// maniplab-cli run / compare: headless runs of a scene of any kind (sim/scene_kind.hpp: serial, Orthoglide,
// floating base, pendulum...), metrics, CSV traces; `orthoglide run|compare` and `satellite` are the same
// commands restricted to their kind. Serial scenes can drive EtherCAT drives instead of the simulated
// plant (--backend ethercat --ifname IFACE, or --in-process: virtual drives of the scene's robot in this
// process, no privileges needed; sim/ethercat).
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <tuple>

#include "commands.hpp"
#include "maniplab/ethercat/bus_session.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "options.hpp"
#include "provenance.hpp"

namespace maniplab::cli {

namespace {

struct RunArgs {
  std::string scene, controller, csv, csvDir, backend, ifname, channels, from, to, mode = "cst", cycleHz;
  bool json = false, quiet = false, inProcess = false;
  // EtherCAT master options: a drive profile for every drive (id or file), PDO remapping, ESI files,
  // distributed clocks
  std::string driveProfile, pdoRemap = "auto", dc = "auto", virtualProfile = "generic", lossBudgetMs, maxLosses;
  std::vector<std::string> esi;
};

/// The options of run / compare (and of their aliases, with `command` as typed).
Options runOptions(RunArgs& a, bool compare, const std::string& command, const std::string& summary, bool ethercat) {
  Options o(command, summary);
  o.positional("SCENE.json", a.scene);
  if (compare)
    o.value("--csv-dir", "DIR", a.csvDir, "write NAME.csv per controller and comparison.csv there");
  else {
    o.value("--controller", "NAME", a.controller, "the controller to run (default: the scene's first)");
    o.value("--csv", "OUT.csv", a.csv, "write the recorded traces (one time column, SI units)");
  }
  o.value("--channels", "a,b,..", a.channels, "the CSV's channels (default: all)");
  o.value("--from", "T", a.from, "the CSV's first time [s]");
  o.value("--to", "T", a.to, "the CSV's last time [s]");
  o.flag("--json", a.json, "print the metrics as JSON");
  o.flag("--quiet", a.quiet, "no progress on stderr");
  if (ethercat) {
    o.value("--backend", "sim|ethercat", a.backend, "drive the simulated plant or EtherCAT drives (serial scenes)");
    o.value("--ifname", "IFACE", a.ifname, "EtherCAT: the network interface of the drives");
    o.flag("--in-process", a.inProcess, "EtherCAT: virtual drives of the scene's robot in this process");
    if (!compare) o.value("--mode", "cst|csp", a.mode, "EtherCAT: cyclic torque or cyclic position");
    o.value("--cycle-hz", "F", a.cycleHz, "EtherCAT: bus cycle frequency (default: the control rate)");
    o.value("--drive-profile", "ID|FILE.json", a.driveProfile,
            "EtherCAT: what to map (robots/drives: generic-cia402, ingenia-evs-net-01, or a file)");
    o.value("--pdo-remap", "auto|always|never", a.pdoRemap,
            "EtherCAT: remap by SDO (auto: keep the drive's mapping when it suffices)");
    o.values("--esi", "FILE.xml", a.esi, "EtherCAT: ESI files giving default PDOs and DC modes (repeatable)");
    o.value("--dc", "auto|on|off", a.dc, "EtherCAT: distributed clocks");
    o.value("--virtual-profile", "generic|vendor|minimal", a.virtualProfile,
            "EtherCAT: the profile of the --in-process virtual drives");
    o.value("--loss-budget-ms", "MS", a.lossBudgetMs,
            "EtherCAT: longest time without a good cycle before a safe stop (default: a quarter of the "
            "shortest drive watchdog, <= 25 ms)");
    o.value("--max-losses-per-s", "N", a.maxLosses, "EtherCAT: most bad cycles within one second");
  }
  return o;
}

const char* kRunSummary =
    "run one controller of a scene of any kind (serial robot,\n"
    "Orthoglide, floating base, pendulum) headless, on the\n"
    "simulated plant or (serial robots) on EtherCAT drives;\n"
    "print its metrics";
const char* kCompareSummary =
    "run every controller of the scene on the same trajectory\n"
    "and print the comparison table (CSV per controller +\n"
    "comparison.csv)";

/// The EtherCAT side of the runs: the bus opened through a BusProvider (the GUI's and the Python module's
/// path: the link, in-process virtual drives, the master in OP), whose backends the serial scene's runs drive.
struct Bus {
  ethercat::BusProvider provider;
  std::shared_ptr<ethercat::BusSession> session;
};

/// CSV selection from --channels a,b,c --from T0 --to T1 (throws on a malformed time).
sim::CsvOptions csvOptions(const RunArgs& a, const sim::Provenance& provenance) {
  sim::CsvOptions o;
  o.comments = provenance.csvComments();
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

void printRunSummary(const sim::SceneRun& run) {
  const sim::RunResult& r = run.result;
  std::cout << run.name << ": " << (r.ok ? (r.cancelled ? "cancelled" : "completed") : "FAILED") << ", " << r.periods
            << " control periods, " << r.endTime << " s simulated in " << r.wallSeconds << " s wall ("
            << (r.wallSeconds > 0 ? r.endTime / r.wallSeconds : 0) << "x real time), energy drift "
            << r.energyDriftRelative << " (relative)\n";
  if (!r.ok) std::cout << "  " << r.message << "\n";
}

/// Brings the bus up for a serial scene (the cycle is the control period unless --cycle-hz); prints why not.
bool openBus(const RunArgs& a, const sim::Scene& scene, const sim::ControllerSpec* cspGains, Bus& bus) {
  if (a.ifname.empty() == !a.inProcess) {
    std::cerr << "maniplab-cli: --backend ethercat needs --ifname IFACE or --in-process (virtual drives in this process)\n";
    return false;
  }
  ethercat::BusConfig cfg;
  cfg.ifname = a.ifname;
  cfg.lockMemory = true;
  cfg.virtualProfile = a.virtualProfile;
  cfg.backendName = "ethercat";
  cfg.wholeCycles = false;  // a cycle that does not divide the control period: the run fails with the backend's message
  if (!a.cycleHz.empty()) {
    double hz = 0;
    if (!parseFiniteNumber(a.cycleHz, hz) || hz <= 0) {
      std::cerr << "maniplab-cli: --cycle-hz: '" << a.cycleHz << "' is not a positive frequency\n";
      return false;
    }
    cfg.cyclePeriod = 1.0 / hz;
  }
  // Fault policy: the scene's "ethercat" section, then the command line (0: the master's default).
  cfg.lossBudget = {scene.ethercat.lossBudget, scene.ethercat.maxLossesPerSecond};
  cfg.lossBudgetSet = true;
  for (auto [opt, text, dst, scale] : {std::tuple{"--loss-budget-ms", &a.lossBudgetMs, &cfg.lossBudget.time, 1e-3},
                                       std::tuple{"--max-losses-per-s", &a.maxLosses, &cfg.lossBudget.perSecond, 1.0}}) {
    double v = 0;
    if (text->empty()) continue;
    if (!parseFiniteNumber(*text, v) || v < 0) {
      std::cerr << "maniplab-cli: " << opt << ": '" << *text << "' is not a non-negative number\n";
      return false;
    }
    *dst = v * scale;
  }
  cfg.dc = a.dc == "on" ? ethercat::MasterOptions::Dc::On : a.dc == "off" ? ethercat::MasterOptions::Dc::Off : ethercat::MasterOptions::Dc::Auto;
  cfg.mode = a.mode == "csp" ? ethercat::cia402::ModeCSP : ethercat::cia402::ModeCST;
  cfg.pdoRemap = a.pdoRemap == "always" ? ethercat::PdoRemap::Always : a.pdoRemap == "never" ? ethercat::PdoRemap::Never : ethercat::PdoRemap::Auto;
  try {
    if (!a.driveProfile.empty()) cfg.driveProfile = ethercat::findDriveProfile(a.driveProfile).id;
    for (const auto& f : a.esi) cfg.esi.push_back(ethercat::esi::load(f));
  } catch (const std::exception& e) {
    std::cerr << "maniplab-cli: " << e.what() << "\n";
    return false;
  }
  if (cfg.mode == ethercat::cia402::ModeCSP) {
    if (!cspGains || (cspGains->type != "pid" && cspGains->type != "pd_gravity")) {
      std::cerr << a.scene << ": --mode csp takes the drives' position-loop gains (Kp, Kd) from a pid or pd_gravity "
                   "controller; choose one with --controller\n";
      return false;
    }
    cfg.cspGainsFrom = cspGains->name;
  }
  bus.provider.setConfig(cfg);
  ethercat::BusProvider::Opened opened;
  try {
    opened = bus.provider.open(scene);
  } catch (const std::exception& e) {  // the link (interface, permission) or the virtual drives (their profile)
    std::cerr << "maniplab-cli: " << (a.inProcess ? "--virtual-profile: " : "") << e.what() << "\n";
    return false;
  }
  bus.session = opened.session;
  const std::shared_ptr<ethercat::Master> master = bus.session->master();
  for (const auto& w : master->status().warnings) std::cerr << "maniplab-cli: warning: " << w << "\n";
  // What the bring-up decided (defaults for absent objects, remapping, distributed clocks).
  for (const auto& n : bus.session->notes()) std::cerr << "maniplab-cli: note: " << n << "\n";
  const std::string where = a.inProcess ? "in-process virtual drives" : a.ifname;
  if (!opened.error.empty()) {
    std::cerr << where << ": EtherCAT start-up failed: " << opened.error << "\n";
    return false;
  }
  if (!a.quiet)
    std::cerr << where << ": " << master->slaveCount() << " drive(s) in OP, " << (cfg.mode == ethercat::cia402::ModeCSP ? "CSP" : "CST")
              << ", cycle " << opened.cyclePeriod * 1e3 << " ms, loss budget " << master->lossBudget() * 1e3 << " ms and "
              << master->maxLossesPerSecond() << " bad cycles per second\n";
  return true;
}

/// Cycle statistics of the bus (period, jitter, worst latency, late/missed cycles, lost frames) and what the
/// last run's backend saw of its control periods.
void printBusStats(std::ostream& os, const ethercat::BusSession& bus) {
  const ethercat::MasterStatus st = bus.status();
  const ethercat::BusSession::RunRegularity run = bus.lastRun();
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
  os << "EtherCAT: irregular control periods " << run.irregular;
  if (run.irregular > 0) os << " (first at t = " << run.firstIrregular << " s)";
  os << ", overruns (controller late) " << run.overruns;
  if (run.overruns > 0) os << " (first at t = " << run.firstOverrun << " s)";
  os << "\n";
  // The fault policy (sim/ethercat/README.md, "Faults"): every bad cycle counted, every episode timed.
  os << "EtherCAT: bad cycles " << s.badCycles << " in " << s.lossEpisodes << " episode(s), " << run.badCycles << " of them in "
     << run.lossPeriods << " control period(s) of the run (trace column ecat_bad_cycles); longest time without a good cycle "
     << s.longestGap * 1e3 << " ms, most bad cycles in one second " << s.worstLossesPerSecond << "; loss budget " << st.lossBudget * 1e3
     << " ms and " << st.maxLossesPerSecond << " per second";
  if (st.watchdogSlave >= 0) os << ", shortest drive watchdog " << st.shortestWatchdog * 1e3 << " ms (slave " << st.watchdogSlave + 1 << ")";
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

/// Progress on stderr when a run takes more than 2 s (twice a second at most).
std::function<void(double)> progressPrinter(const std::string& name, double duration, bool& shown) {
  const auto start = std::chrono::steady_clock::now();
  auto last = std::make_shared<std::chrono::steady_clock::time_point>(start);
  return [=, &shown](double f) {
    const auto now = std::chrono::steady_clock::now();
    if (now - start < std::chrono::seconds(2) || (now - *last < std::chrono::milliseconds(500) && f < 1)) return;
    *last = now;
    shown = true;
    std::cerr << "\r" << name << ": " << std::setw(3) << int(f * 100) << " %  (t = " << std::fixed << std::setprecision(2)
              << f * duration << " s of " << duration << " s)" << std::flush;
    std::cerr.unsetf(std::ios::fixed);
  };
}

/// run (compare = false) or compare a scene; `kind` restricts it to one kind (the aliases).
int runScene(const std::vector<std::string>& args, bool compare, const std::string& command, const std::string& kind,
             const std::string& summary) {
  RunArgs a;
  const bool ethercatOptions = kind.empty() || kind == "serial";
  if (auto status = runOptions(a, compare, command, summary, ethercatOptions).parse(args)) return *status;
  if (!a.backend.empty() && a.backend != "sim" && a.backend != "ethercat") {
    std::cerr << "maniplab-cli: --backend must be sim or ethercat (got " << a.backend << ")\n";
    return 2;
  }
  if (a.mode != "cst" && a.mode != "csp") {
    std::cerr << "maniplab-cli: --mode must be cst or csp (got " << a.mode << ")\n";
    return 2;
  }
  if (a.pdoRemap != "auto" && a.pdoRemap != "always" && a.pdoRemap != "never") {
    std::cerr << "maniplab-cli: --pdo-remap must be auto, always or never (got " << a.pdoRemap << ")\n";
    return 2;
  }
  if (a.dc != "auto" && a.dc != "on" && a.dc != "off") {
    std::cerr << "maniplab-cli: --dc must be auto, on or off (got " << a.dc << ")\n";
    return 2;
  }
  const sim::SceneLoad load = kind.empty() ? sim::loadAnyScene(a.scene) : sim::loadSceneOfKind(a.scene, kind);
  std::cerr << load.report();
  if (!load.ok()) return 1;
  const std::shared_ptr<sim::AnyScene> scene = load.scene->clone();
  const std::vector<sim::ControllerSpec> specs = scene->controllers();

  std::vector<int> selected;  // empty: all (compare)
  if (!compare) {
    selected = {0};
    if (!a.controller.empty()) {
      selected.clear();
      for (std::size_t i = 0; i < specs.size(); ++i)
        if (specs[i].name == a.controller) selected = {int(i)};
      if (selected.empty()) {
        std::cerr << a.scene << ": no controller named \"" << a.controller << "\" (have:";
        for (const auto& c : specs) std::cerr << " " << c.name;
        std::cerr << ")\n";
        return 2;
      }
    }
  }

  auto* serial = dynamic_cast<sim::SerialScene*>(scene.get());
  const bool ethercatBackend = a.backend == "ethercat" || (a.backend.empty() && serial && serial->data.backend == "ethercat");
  Bus bus;
  if (ethercatBackend) {
    if (!serial) {
      std::cerr << a.scene << ": --backend ethercat drives the joints of a serial robot; this "
                << scene->kind().title() << " scene runs on its simulated plant\n";
      return 2;
    }
    if (compare && a.mode == "csp") {
      std::cerr << "maniplab-cli: compare runs every controller: --mode csp is for run\n";
      return 2;
    }
    if (!openBus(a, serial->data, compare ? nullptr : &specs[std::size_t(selected.front())], bus)) return 1;
    // Each run drives a backend leased from the session as it is (a latched fault fails the run with the
    // master's message); its view of the control periods is the session's lastRun().
    serial->options.backendFactory = [&bus, cfg = bus.provider.config()](const Model& model, const sim::Scene& s) {
      return ethercat::leaseBackend(bus.session, model, s, cfg);
    };
  }
  // What produced the outputs (provenance.hpp): the first comment line of each CSV, the JSON's "provenance".
  const sim::Provenance source = provenance({{"scene", a.scene}, {"robot", scene->robotFile()}});
  auto traceCsvOptions = [&](const std::string& controller) {
    sim::Provenance p = source;
    p.files.emplace_back("controller", controller);
    return csvOptions(a, p);
  };
  try {
    if (!a.csvDir.empty()) std::filesystem::create_directories(a.csvDir);
    std::vector<std::pair<std::string, sim::RunMetrics>> metrics;
    bool allOk = true;
    for (const sim::PlannedRun& planned : scene->plan(selected)) {
      if (ethercatBackend && bus.session->master()->hasFault()) {
        const std::string e = bus.session->master()->resetFault();
        if (!e.empty()) {
          std::cerr << a.scene << ": " << planned.name << ": EtherCAT fault reset failed: " << e << "\n";
          return 1;
        }
      }
      bool shown = false;
      sim::SceneRunHooks hooks;
      if (!a.quiet) hooks.progress = progressPrinter(planned.name, scene->duration(), shown);
      const sim::SceneRun run = scene->run(planned, hooks);
      if (ethercatBackend)
        for (const auto& n : bus.session->lastRun().notes) std::cerr << "maniplab-cli: note: " << n << "\n";
      if (shown) std::cerr << "\n";
      for (const auto& e : run.limitEvents)
        std::cerr << a.scene << ": " << run.name << ": t = " << e.time << " s: " << scene->describeLimitEvent(e) << "\n";
      if (ethercatBackend) printBusStats(a.json ? std::cerr : std::cout, *bus.session);
      if (!a.json) printRunSummary(run);
      std::ostream& extra = a.json ? std::cerr : std::cout;
      for (const auto& line : run.summary) extra << "  " << line << "\n";
      const std::string fallback = sim::modelFallbackText(run.name, run.result.metrics);
      if (!fallback.empty()) std::cerr << a.scene << ": " << fallback << "\n";
      if (!run.result.ok) {
        std::cerr << a.scene << ": " << run.name << ": " << run.result.message << "\n";
        allOk = false;
      }
      if (!a.csv.empty()) sim::writeCsv(*run.recorder, a.csv, traceCsvOptions(run.name));
      if (!a.csvDir.empty())
        sim::writeCsv(*run.recorder, (std::filesystem::path(a.csvDir) / (run.name + ".csv")).string(), traceCsvOptions(run.name));
      metrics.emplace_back(run.name, run.result.metrics);
    }
    if (ethercatBackend) bus.session->shutdown();
    if (!a.csvDir.empty()) {
      sim::CsvTable table = sim::comparisonCsv(metrics);
      const std::vector<std::string> first = source.csvComments();
      table.comments.insert(table.comments.begin(), first.begin(), first.end());
      sim::writeCsvTable(table, (std::filesystem::path(a.csvDir) / "comparison.csv").string());
    }
    if (a.json)
      std::cout << withProvenance(nlohmann::json::parse(sim::comparisonJson(metrics)), source).dump(2) << "\n\n";  // (two, as before)
    else
      std::cout << sim::comparisonTable(metrics);
    return allOk ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << a.scene << ": " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

int cmdRun(const Args& args) { return runScene(args, false, "run", "", kRunSummary); }
int cmdCompare(const Args& args) { return runScene(args, true, "compare", "", kCompareSummary); }
int runSceneOfKind(const Args& args, bool compare, const std::string& command, const std::string& kind,
                   const std::string& summary) {
  return runScene(args, compare, command, kind, summary);
}
std::string runUsage(bool compare, const std::string& command, bool ethercat, const std::string& summary) {
  static RunArgs help;  // the targets of the help text's declaration (never parsed into)
  return runOptions(help, compare, command, summary, ethercat).usage();
}

namespace {
const Registration kRun{{"run", runUsage(false, "run", true, kRunSummary), &cmdRun, 30}};
const Registration kCompare{{"compare", runUsage(true, "compare", true, kCompareSummary), &cmdCompare, 40}};
}  // namespace

}  // namespace maniplab::cli
