// maniplab-cli run / compare: headless scene runs, metrics, CSV traces.
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "maniplab/sim/csv.hpp"
#include "maniplab/sim/scene.hpp"

namespace maniplab::cli {

namespace {

struct RunArgs {
  std::string scene, controller, csv, csvDir, backend = "sim", ifname, channels, from, to;
  bool json = false, quiet = false;
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
  if (out.backend != "sim") {
    std::cerr << "maniplab-cli: --backend " << out.backend << " is not available in this build (only sim)\n";
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
sim::RunResult runOne(const sim::Scene& scene, const sim::ControllerSpec& spec, sim::Recorder& rec, bool quiet) {
  const Model& model = scene.robot.model;
  const auto traj = sim::makeTrajectory(scene);
  sim::SimulatedPlant plant(model, scene.plant);
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
  sim::RunResult r = sim::runSimulation(model, plant, *ctrl, *traj, opt, rec);
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
  try {
    sim::Recorder rec(sim::makeChannels(scene.robot.model, scene.record));
    const sim::RunResult r = runOne(scene, *spec, rec, a.quiet);
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
  try {
    if (!a.csvDir.empty()) std::filesystem::create_directories(a.csvDir);
    std::vector<std::pair<std::string, sim::RunMetrics>> runs;
    bool allOk = true;
    for (const auto& spec : scene.controllers) {
      sim::Recorder rec(sim::makeChannels(scene.robot.model, scene.record));
      const sim::RunResult r = runOne(scene, spec, rec, a.quiet);
      if (!a.json) printRunSummary(spec.name, r, r.endTime);
      if (!r.ok) {
        std::cerr << a.scene << ": " << spec.name << ": " << r.message << "\n";
        allOk = false;
      }
      if (!a.csvDir.empty())
        sim::writeCsv(rec, (std::filesystem::path(a.csvDir) / (spec.name + ".csv")).string(), csvOptions(a));
      runs.emplace_back(spec.name, r.metrics);
    }
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
