// Scenes of every kind (sim/scene_kind.hpp: serial, Orthoglide, floating base, pendulum) and their runs for
// Python: load, inspect, write; run one planned run (a controller of the scene, or one written in Python) on
// the simulated plant or on EtherCAT drives, with the GIL released while the engine runs and Ctrl+C (a
// notebook's interrupt) stopping it; the trace as NumPy arrays; metrics and the comparison table of the CLI.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "arrays.hpp"
#include "bindings.hpp"
#include "maniplab/ethercat/bus_session.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/traces/metrics.hpp"
#include "python_controller.hpp"
#include "robot.hpp"
#include "run.hpp"

namespace maniplab::python {

namespace {

struct PyScene {
  std::shared_ptr<sim::AnyScene> scene;
  std::string baseDir;  ///< resolves the paths the scene names (its file's directory)
  py::object lastRun = py::none();
};

/// EtherCAT drives for runs (ethercat::BusProvider): a raw socket on a host interface, or virtual CiA 402
/// drives of the scene's robot in this process.
struct PyBus {
  ethercat::BusProvider provider;
};

std::string directoryOf(const std::string& path) {
  const std::filesystem::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

py::object loadScene(const std::string& path) {
  sim::SceneLoad load = sim::loadAnyScene(path);
  reportDiagnostics(load.diagnostics, path);
  if (!load.scene) throw py::value_error(path + ": not read");
  PyScene s;
  s.scene = load.scene;
  s.baseDir = directoryOf(path);
  return py::cast(std::move(s));
}

py::object parseScene(const std::string& text, const std::string& file, const std::string& baseDir) {
  sim::SceneLoad load = sim::parseAnyScene(text, file, baseDir);
  reportDiagnostics(load.diagnostics, file);
  if (!load.scene) throw py::value_error(file + ": not read");
  PyScene s;
  s.scene = load.scene;
  s.baseDir = baseDir;
  return py::cast(std::move(s));
}

py::dict controllerDict(const sim::ControllerSpec& c) {
  py::dict d;
  d["name"] = c.name;
  d["type"] = c.type;
  d["kp"] = toArray(c.kp);
  d["kv"] = toArray(c.kv);
  if (c.type == "pid" || c.type == "pd_gravity") d["kd"] = toArray(c.kv);  // the files' name for these types
  d["ki"] = toArray(c.ki);
  d["perturbation_percent"] = c.perturbationPercent;
  return d;
}

/// The trace as one (rows, 1 + channels) column-major array: column 0 is the time, each channel a
/// contiguous column (views of it are what Run["q[1]"] returns).
py::object buildArray(const sim::Recorder& rec) {
  const py::ssize_t rows = py::ssize_t(rec.rows()), cols = py::ssize_t(rec.channels().size()) + 1;
  py::array_t<double, py::array::f_style> a({rows, cols});
  double* p = a.mutable_data();
  for (py::ssize_t r = 0; r < rows; ++r) p[r] = rec.time(std::size_t(r));
  for (py::ssize_t c = 1; c < cols; ++c) {
    double* col = p + c * rows;
    for (py::ssize_t r = 0; r < rows; ++r) col[r] = rec.value(std::size_t(r), int(c - 1));
  }
  a.attr("setflags")(py::arg("write") = false);  // a view of the run: read-only
  return a;
}

const py::object& traceArray(PyRun& r) {
  if (!r.array) r.array = buildArray(*r.run.recorder);
  return r.array;
}

py::dict busStatus(const ethercat::BusProvider& provider) {
  py::dict d;
  const auto session = provider.current();
  if (!session) return d;
  const ethercat::MasterStatus st = session->status();
  const auto& s = st.stats;
  d["link"] = session->describe();
  d["phase"] = st.phase;
  d["slaves"] = st.slaves.size();
  d["cycles"] = s.cycles;
  d["nominal_period"] = s.nominalPeriod;
  d["mean_period"] = s.meanPeriod;
  d["worst_period_error"] = s.worstPeriodError;
  d["worst_latency"] = s.worstLatency;
  d["mean_round_trip"] = s.meanRoundTrip;
  d["late_cycles"] = s.lateCycles;
  d["missed_cycles"] = s.missedCycles;
  d["lost_frames"] = s.lostFrames;
  d["bad_cycles"] = s.badCycles;
  d["longest_gap"] = s.longestGap;
  d["wkc_errors"] = s.wkcErrors;
  const ethercat::BusSession::RunRegularity last = session->lastRun();
  d["overruns"] = last.overruns;
  d["irregular_periods"] = last.irregular;
  d["first_irregular_time"] = last.firstIrregular < 0 ? py::object(py::none()) : py::object(py::float_(last.firstIrregular));
  d["fault"] = st.fault;
  d["fault_message"] = st.faultMessage;
  d["distributed_clocks"] = st.dc;
  std::vector<std::string> notes = session->notes();
  d["notes"] = notes;
  return d;
}

/// Runs `planned` of `scene` in a thread of its own while this (Python) thread waits with the GIL released,
/// checking every 50 ms for a pending signal: Ctrl+C (a notebook's interrupt) cancels the run, which stops at
/// its next control period with every row so far; the KeyboardInterrupt is then raised here, after `onDone`
/// has kept the partial run.
sim::SceneRun runReleasingGil(const sim::AnyScene& scene, const sim::PlannedRun& planned, sim::SceneRunHooks hooks,
                              PythonController* pc, bool& interrupted) {
  std::atomic<bool> cancel{false};
  hooks.cancel = &cancel;
  if (pc) pc->setCancel(&cancel);
  struct Shared {
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::optional<sim::SceneRun> out;
    std::exception_ptr error;
  } sh;
  std::thread worker([&] {
    // A Python controller takes the GIL in this thread once per control period: the thread's Python state
    // is made once here and kept for the run (otherwise each acquisition would create and destroy one).
    if (pc) {
      py::gil_scoped_acquire gil;
      gil.inc_ref();
    }
    try {
      sim::SceneRun r = scene.run(planned, hooks);
      std::lock_guard lock(sh.m);
      sh.out = std::move(r);
    } catch (...) {
      std::lock_guard lock(sh.m);
      sh.error = std::current_exception();
    }
    if (pc) {
      py::gil_scoped_acquire gil;
      gil.dec_ref();  // the thread's Python state goes with the last reference (this guard's)
    }
    {
      std::lock_guard lock(sh.m);
      sh.done = true;
    }
    sh.cv.notify_all();
  });
  interrupted = false;
  for (;;) {
    bool done = false;
    {
      py::gil_scoped_release nogil;
      std::unique_lock lock(sh.m);
      done = sh.cv.wait_for(lock, std::chrono::milliseconds(50), [&] { return sh.done; });
    }
    if (done) break;
    if (PyErr_CheckSignals() != 0) {  // KeyboardInterrupt (or another signal's exception) is now set
      interrupted = true;
      cancel = true;
      break;
    }
  }
  {
    py::gil_scoped_release nogil;
    worker.join();
  }
  if (sh.error) {
    if (interrupted) PyErr_Clear();
    std::rethrow_exception(sh.error);
  }
  return std::move(*sh.out);
}

py::object runPlanned(PyScene& self, int controller, int variant, const std::string& name, const py::object& pyController,
                      PyBus* bus, const PyRobot* controllerModel, const std::string& modelLabel, bool recordEnergy) {
  std::shared_ptr<sim::AnyScene> sc = self.scene->clone();
  auto* serial = dynamic_cast<sim::SerialScene*>(sc.get());
  if (controllerModel) {
    if (!serial)
      throw py::value_error("controller_model: the " + sc->kind().title() +
                            " scene's controllers have no model to replace (serial robot scenes only)");
    if (controllerModel->model.nq != serial->data.robot.model.nq)
      throw py::value_error("controller_model: the robot has " + std::to_string(controllerModel->model.nq) +
                            " joints, the scene's has " + std::to_string(serial->data.robot.model.nq));
    serial->options.controllerModel = std::make_shared<const Model>(controllerModel->model);
    serial->options.controllerModelLabel = modelLabel;
  }
  if (bus) {
    if (!serial)
      throw py::value_error("backend: EtherCAT drives the joints of a serial robot; this " + sc->kind().title() +
                            " scene runs on its simulated plant");
    serial->options.backendFactory = [bus](const Model& model, const sim::Scene& scene) {
      return bus->provider.makeBackend(model, scene);
    };
  }
  sim::SceneRunHooks hooks;
  hooks.recordEnergy = recordEnergy;
  std::shared_ptr<PythonController> pc;
  if (!pyController.is_none()) {
    pc = std::make_shared<PythonController>(pyController, name);
    hooks.controller = pc;
  }
  const sim::PlannedRun planned{controller, variant, name};
  bool interrupted = false;
  sim::SceneRun out = runReleasingGil(*sc, planned, hooks, pc.get(), interrupted);
  // A pending KeyboardInterrupt is fetched (and raised again below) so that the partial run can be kept.
  std::optional<py::error_already_set> pending;
  if (interrupted) pending.emplace();

  PyRun r;
  r.run = std::move(out);
  r.sceneFile = sc->file();
  r.robotFile = sc->robotFile();
  for (const auto& e : r.run.limitEvents)
    r.limitEvents.push_back("t = " + std::to_string(e.time) + " s: " + sc->describeLimitEvent(e));
  r.controllerError = pc ? pc->takeError() : py::none();
  r.ethercat = bus ? py::object(busStatus(bus->provider)) : py::none();
  if (pc && !r.controllerError.is_none()) {
    r.run.result.ok = false;
    r.run.result.message = "the Python controller failed at t = " + std::to_string(pc->errorTime()) + " s: " +
                           std::string(py::str(r.controllerError));
  }
  py::object result = py::cast(std::move(r));
  self.lastRun = result;
  if (pending) throw std::move(*pending);
  return result;
}

/// What produced a file the module writes (sim::Provenance, csv.hpp): "maniplab Python module VERSION", the
/// scene and robot files and, for a run's trace, its controller.
sim::Provenance provenanceOf(const PyRun& r, bool withController) {
  sim::Provenance p;
  p.program = "maniplab Python module";
  p.version = MANIPLAB_VERSION;
  for (const auto& [role, path] : {std::pair{"scene", r.sceneFile}, std::pair{"robot", r.robotFile}})
    if (!path.empty()) p.files.emplace_back(role, path);
  if (withController) p.files.emplace_back("controller", r.run.name);
  return p;
}

std::vector<std::pair<std::string, sim::RunMetrics>> metricsOf(const std::vector<const PyRun*>& runs) {
  std::vector<std::pair<std::string, sim::RunMetrics>> m;
  for (const PyRun* r : runs) m.emplace_back(r->run.name, r->run.result.metrics);
  return m;
}

/// maniplab.Run: one run of a scene (result, metrics, trace).
void bindRun(py::module_& m) {
  py::class_<PyRun> run(m, "Run", R"doc(One run of a scene: its result, metrics and recorded trace.

The trace is one NumPy array (`array`, rows x (1 + channels), column 0 the time) built once; `time` and
`run["q[1]"]` are views of its columns (no copy); `channels` names them, `units` gives their units.
Metrics are accumulated online at the full control rate (Zanaboni 2009's definitions, sim/traces/metrics.hpp).)doc");
  run.def_property_readonly("name", [](const PyRun& r) { return r.run.name; })
      .def_property_readonly("ok", [](const PyRun& r) { return r.run.result.ok; },
                             "False when the run stopped on a fault (see message); a cancelled run is ok")
      .def_property_readonly("cancelled", [](const PyRun& r) { return r.run.result.cancelled; })
      .def_property_readonly("message", [](const PyRun& r) { return r.run.result.message; },
                             "the fault (time, joint or slave, cause) when not ok")
      .def_property_readonly("end_time", [](const PyRun& r) { return r.run.result.endTime; })
      .def_property_readonly("periods", [](const PyRun& r) { return r.run.result.periods; }, "control periods run")
      .def_property_readonly("wall_seconds", [](const PyRun& r) { return r.run.result.wallSeconds; })
      .def_property_readonly("energy_drift", [](const PyRun& r) { return r.run.result.energyDriftRelative; },
                             "max |E - E0 - W| / max(|E0|, |W|, 1 J) over the run (Llibre, Mampey & Chrétien 1983 §IV.2)")
      .def_property_readonly("summary", [](const PyRun& r) { return r.run.summary; },
                             "results particular to the scene's kind, one per line")
      .def_property_readonly("limit_events", [](const PyRun& r) { return r.limitEvents; })
      .def_property_readonly("scene_file", [](const PyRun& r) { return r.sceneFile; })
      .def_property_readonly("robot_file", [](const PyRun& r) { return r.robotFile; })
      .def_property_readonly("controller_error", [](const PyRun& r) { return r.controllerError; },
                             "the exception a Python controller raised (None otherwise)")
      .def_property_readonly("ethercat", [](const PyRun& r) { return r.ethercat; },
                             "the EtherCAT master's statistics after a run on drives (None otherwise): cycles, "
                             "late_cycles, missed_cycles, lost_frames, bad_cycles, wkc_errors, longest_gap [s], and "
                             "the run's control periods: overruns (the controller answered late), irregular_periods "
                             "(an overrun or a bad cycle: up to the first one, first_irregular_time [s] or None, the "
                             "drives saw what a simulation with the bus's quantisation sees), fault, fault_message, "
                             "notes. The run's trace has the columns ecat_bad_cycles and ecat_delay [s] per period.")
      .def_property_readonly("channels", [](const PyRun& r) {
        std::vector<std::string> n;
        for (const auto& c : r.run.recorder->channels()) n.push_back(c.name);
        return n;
      })
      .def_property_readonly("joints", [](const PyRun& r) { return r.run.recorder->coordinates(); },
                             "what the per-joint channels are of, in the order of q: joints[i-1] describes q[i], e[i], "
                             "tau[i], ... (the joint's name, its parent on a tree, its coupling; the CSV files' "
                             "second comment line); empty for a scene of no robot's joints")
      .def_property_readonly("units", [](const PyRun& r) {
        py::dict d;
        for (const auto& c : r.run.recorder->channels()) d[py::str(c.name)] = c.unit;
        return d;
      })
      .def_property_readonly("groups", [](const PyRun& r) {
        py::dict d;
        for (const auto& c : r.run.recorder->channels()) d[py::str(c.name)] = c.group;
        return d;
      })
      .def_property_readonly("rows", [](const PyRun& r) { return r.run.recorder->rows(); })
      .def_property_readonly("decimation", [](const PyRun& r) { return r.run.recorder->stride(); },
                             "1 when every control period was recorded (the recorder decimates uniformly when its memory budget is reached)")
      .def_property_readonly("array", [](PyRun& r) { return traceArray(r); })
      .def_property_readonly("time", [](PyRun& r) {
        return py::object(traceArray(r)[py::make_tuple(py::slice(py::none(), py::none(), py::none()), 0)]);
      }, "the sample times [s] (a view of column 0 of `array`)")
      .def("__getitem__", [](PyRun& r, const std::string& channel) {
        const int c = r.run.recorder->channelIndex(channel);
        if (c < 0) throw py::key_error("no channel '" + channel + "' in run '" + r.run.name + "'");
        return py::object(traceArray(r)[py::make_tuple(py::slice(py::none(), py::none(), py::none()), c + 1)]);
      }, py::arg("channel"), "run[channel] -> array: one channel (e.g. 'q[1]', 'e[2]', 'tau[3]', 'ee_X'), a view of `array`")
      .def("__contains__", [](const PyRun& r, const std::string& channel) { return r.run.recorder->channelIndex(channel) >= 0; })
      .def("_metrics_json", [](const PyRun& r) { return sim::comparisonJson({{r.run.name, r.run.result.metrics}}); })
      .def("to_csv", [](const PyRun& r, const std::string& path, const std::vector<std::string>& channels,
                        std::optional<double> from, std::optional<double> to, int precision) {
        sim::CsvOptions o;
        o.channels = channels;
        if (from) o.tBegin = *from;
        if (to) o.tEnd = *to;
        o.precision = precision;
        o.comments = provenanceOf(r, true).csvComments();
        sim::writeCsv(*r.run.recorder, path, o);
      }, py::arg("path"), py::arg("channels") = std::vector<std::string>{}, py::arg("t_from") = py::none(),
         py::arg("t_to") = py::none(), py::arg("precision") = 17,
         R"doc(to_csv(path, channels=[], t_from=None, t_to=None, precision=17)

Writes the trace as `maniplab-cli run --csv` does: one time column, names and units in the header, '.'
decimals whatever the locale, written atomically; 17 significant digits round-trip every double. Its first
comment line says what produced it: "# maniplab Python module VERSION; scene ...; robot ...; controller ...".)doc")
      .def("__repr__", [](const PyRun& r) {
        return "<maniplab.Run '" + r.run.name + "': " + (r.run.result.ok ? (r.run.result.cancelled ? "cancelled" : "completed") : "FAILED") +
               ", " + std::to_string(r.run.result.periods) + " control periods, " + std::to_string(r.run.recorder->rows()) + " rows>";
      });

}

/// The comparison of runs (table, JSON, CSV) and the metrics' definitions.
void bindComparison(py::module_& m) {
  m.def("_comparison_table", [](const std::vector<const PyRun*>& runs) { return sim::comparisonTable(metricsOf(runs)); });
  m.def("_comparison_json", [](const std::vector<const PyRun*>& runs) {
    nlohmann::json j = nlohmann::json::parse(sim::comparisonJson(metricsOf(runs)));
    if (!runs.empty()) {
      const sim::Provenance p = provenanceOf(*runs.front(), false);
      nlohmann::json o = {{"program", p.program}, {"version", p.version}};
      for (const auto& [role, path] : p.files) o[role] = path;
      j["provenance"] = o;
    }
    return j.dump(2) + "\n";
  });
  m.def("_write_comparison_csv", [](const std::vector<const PyRun*>& runs, const std::string& path) {
    sim::CsvTable table = sim::comparisonCsv(metricsOf(runs));
    if (!runs.empty()) {
      const auto first = provenanceOf(*runs.front(), false).csvComments();
      table.comments.insert(table.comments.begin(), first.begin(), first.end());
    }
    sim::writeCsvTable(table, path);
  });
  m.def("_metric_definitions", [] {
    std::vector<std::tuple<std::string, std::string, std::string, std::string>> d;
    for (const auto& x : sim::metricDefinitions()) d.emplace_back(x.key, x.label, x.unit, x.definition);
    return d;
  });

}

/// maniplab.EthercatBus: the EtherCAT backend of a run.
void bindEthercatBus(py::module_& m) {
  py::class_<PyBus>(m, "EthercatBus", R"doc(EthercatBus(ifname=None, mode='cst', cycle_hz=0, realtime=True, virtual_profile='generic', loss_budget_ms=None, max_losses_per_s=None)

EtherCAT CiA 402 drives for Scene.run(backend=bus): a raw socket on the network interface `ifname` (root, the
capabilities of scripts/grant-capabilities.sh, or the package's EtherCAT group), or, with ifname=None,
virtual drives of the scene's robot in this process (no privilege needed). mode 'cst' (cyclic torque: the
controller's torques go to the drives) or 'csp' (cyclic position: the drives' own loop). The bus cycles at
the scene's control period unless cycle_hz is given. A run stops on a fault when no good cycle came for
the scene's loss budget ("ethercat": loss_budget_ms, max_losses_per_second; 25 ms and 40 per second by
default): loss_budget_ms and max_losses_per_s, as maniplab-cli's --loss-budget-ms and --max-losses-per-s,
replace the scene's (either left None: the master's default), e.g. on a PC whose scheduler stalls for
milliseconds (maniplab-cli ecat-latency measures it). See sim/ethercat/README.md (ETG.1000, CiA 402).)doc")
      .def(py::init([](std::optional<std::string> ifname, const std::string& mode, double cycleHz, bool realtime,
                       const std::string& virtualProfile, std::optional<double> lossBudgetMs, std::optional<double> maxLosses) {
             ethercat::BusConfig cfg;
             cfg.ifname = ifname.value_or("");
             if (mode == "csp") cfg.mode = ethercat::cia402::ModeCSP;
             else if (mode != "cst") throw py::value_error("EthercatBus: mode must be 'cst' or 'csp' (got '" + mode + "')");
             if (cycleHz < 0 || !std::isfinite(cycleHz))
               throw py::value_error("EthercatBus: cycle_hz must be a positive frequency, or 0 for the control rate");
             cfg.cyclePeriod = cycleHz > 0 ? 1.0 / cycleHz : 0.0;
             cfg.realtime = realtime;
             cfg.virtualProfile = virtualProfile;
             // The CLI's ranges (app/cli/run_commands.cpp); the master checks the budget against the drives'
             // watchdogs when it starts.
             if (lossBudgetMs && !(*lossBudgetMs >= 0 && *lossBudgetMs <= 10000))
               throw py::value_error("EthercatBus: loss_budget_ms must be within [0, 10000] ms");
             if (maxLosses && !(*maxLosses >= 0 && *maxLosses <= 1e6))
               throw py::value_error("EthercatBus: max_losses_per_s must be within [0, 1e6]");
             if (lossBudgetMs || maxLosses) {
               cfg.lossBudgetSet = true;
               cfg.lossBudget = {lossBudgetMs.value_or(0) * 1e-3, maxLosses.value_or(0)};
             }
             auto b = std::make_unique<PyBus>();
             b->provider.setConfig(cfg);
             return b;
           }),
           py::arg("ifname") = py::none(), py::arg("mode") = "cst", py::arg("cycle_hz") = 0.0, py::arg("realtime") = true,
           py::arg("virtual_profile") = "generic", py::arg("loss_budget_ms") = py::none(), py::arg("max_losses_per_s") = py::none())
      .def("status", [](const PyBus& b) { return busStatus(b.provider); },
           "status() -> dict: the master's cycle statistics, faults and notes (empty before the first run).")
      .def("close", [](PyBus& b) {
        const std::string e = b.provider.close();
        if (!e.empty()) throw py::value_error("EthercatBus.close: " + e);
      }, "close(): brings the slaves to INIT and closes the link.");

}

/// maniplab._Scene: a scene of any kind, changed and run (the Python class Scene wraps it).
void bindSceneClass(py::module_& m) {
  py::class_<PyScene> s(m, "_Scene");
  s.def_static("_load", &loadScene, py::arg("path"))
      .def_static("_parse", &parseScene, py::arg("text"), py::arg("file"), py::arg("base_dir"))
      .def_property_readonly("kind", [](const PyScene& p) { return p.scene->kind().name(); })
      .def_property_readonly("kind_title", [](const PyScene& p) { return p.scene->kind().title(); })
      .def_property_readonly("name", [](const PyScene& p) { return p.scene->name(); })
      .def_property_readonly("description", [](const PyScene& p) { return p.scene->description(); })
      .def_property_readonly("file", [](const PyScene& p) { return p.scene->file(); })
      .def_property_readonly("base_dir", [](const PyScene& p) { return p.baseDir; })
      .def_property_readonly("robot_file", [](const PyScene& p) { return p.scene->robotFile(); })
      .def_property_readonly("joint_count", [](const PyScene& p) { return p.scene->jointCount(); })
      .def_property_readonly("joint_noun", [](const PyScene& p) { return p.scene->jointNoun(); })
      .def_property_readonly("writable", [](const PyScene& p) { return p.scene->writable(); })
      .def_property("duration", [](const PyScene& p) { return p.scene->duration(); },
                    [](PyScene& p, double seconds) {
                      if (!std::isfinite(seconds) || seconds <= 0)
                        throw py::value_error(p.scene->file() + ":/duration: must be a positive time in seconds");
                      p.scene->setDuration(seconds);
                    })
      .def_property_readonly("control_period", [](const PyScene& p) -> py::object {
        const sim::Scene* j = p.scene->jointSpaceScene();
        return j ? py::object(py::float_(j->controlPeriod)) : py::object(py::none());
      })
      .def_property_readonly("controllers", [](const PyScene& p) {
        py::list l;
        for (const auto& c : p.scene->controllers()) l.append(controllerDict(c));
        return l;
      })
      .def_property_readonly("channels", [](const PyScene& p) {
        std::vector<std::tuple<std::string, std::string, std::string>> c;
        for (const auto& x : p.scene->channels(false)) c.emplace_back(x.name, x.unit, x.group);
        return c;
      })
      .def_property_readonly("robot", [](const PyScene& p) -> py::object {
        const RobotLoadResult* r = p.scene->serialRobot();
        if (!r) return py::none();
        return py::cast(std::make_unique<PyRobot>(*r));
      })
      .def_property_readonly("last_run", [](const PyScene& p) { return p.lastRun; })
      .def("to_json", [](const PyScene& p) { return p.scene->toJson(p.baseDir).dump(2); })
      .def("save", [](const PyScene& p, const std::string& path) { p.scene->write(path); }, py::arg("path"))
      .def("_plan", [](const PyScene& p, const std::vector<int>& controllers, bool withModel, bool compareModel,
                       const std::string& label) {
        std::vector<sim::PlannedRun> plan;
        if (const auto* serial = dynamic_cast<const sim::SerialScene*>(p.scene.get()); serial && withModel) {
          sim::SerialRunOptions o;
          o.controllerModel = std::make_shared<const Model>();
          o.controllerModelLabel = label;
          o.compareControllerModel = compareModel;
          plan = sim::planSerialRuns(serial->data, controllers, o);
        } else {
          plan = p.scene->plan(controllers);
        }
        std::vector<std::tuple<int, int, std::string>> out;
        for (const auto& x : plan) out.emplace_back(x.controller, x.variant, x.name);
        return out;
      })
      .def("_run", [](PyScene& p, int controller, int variant, const std::string& name, const py::object& pyController,
                      PyBus* bus, const PyRobot* controllerModel, const std::string& modelLabel, bool recordEnergy) {
        return runPlanned(p, controller, variant, name, pyController, bus, controllerModel, modelLabel, recordEnergy);
      }, py::arg("controller"), py::arg("variant"), py::arg("name"), py::arg("python_controller"), py::arg("bus"),
         py::arg("controller_model"), py::arg("model_label"), py::arg("record_energy"));
}

}  // namespace

void bindScene(py::module_& m) {
  bindRun(m);
  bindComparison(m);
  bindEthercatBus(m);
  bindSceneClass(m);
}

}  // namespace maniplab::python
