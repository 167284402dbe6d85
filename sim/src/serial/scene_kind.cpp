// The scene kind "serial" (scene.hpp, scene_kind.hpp): serial scene files, their runs on the simulated
// plant or an external backend (EtherCAT), with the identified-model variants of SerialRunOptions.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "maniplab/model/json_reader.hpp"
#include "maniplab/sim/scene.hpp"

namespace maniplab::sim {

namespace {

bool modelBased(const ControllerSpec& s) { return s.type == "computed_torque" || s.type == "pd_gravity"; }

class SerialSceneKind final : public SceneKind {
 public:
  std::string name() const override { return "serial"; }
  std::string title() const override { return "serial robot"; }
  bool readsScene(const DocumentHeader& h) const override {
    return h.format == "maniplab-scene" && (!h.hasKind || h.kind == "serial");
  }
  bool readsRobot(const DocumentHeader& h) const override { return h.format == "maniplab-robot" && !h.hasKind; }
  std::string robotCommand() const override { return "check"; }
  SceneLoad parse(const std::string& text, const std::string& fileName, const std::string& baseDir) const override {
    SceneLoadResult r = parseScene(text, fileName, baseDir);
    SceneLoad out;
    out.diagnostics = std::move(r.diagnostics);
    if (noErrors(out.diagnostics)) out.scene = std::make_shared<SerialScene>(std::move(r.scene));
    return out;
  }
};

}  // namespace

const SceneKind& serialSceneKind() {
  static const SerialSceneKind kind;
  return kind;
}

std::vector<ChannelInfo> serialChannels(const Scene& scene, bool energy) {
  RecordSelection record = scene.record;
  if (energy) record.energy = true;
  return makeChannels(scene.robot.model, record);
}

std::vector<PlannedRun> planSerialRuns(const Scene& scene, const std::vector<int>& controllers,
                                       const SerialRunOptions& options) {
  std::vector<int> which = controllers;
  if (which.empty())
    for (std::size_t i = 0; i < scene.controllers.size(); ++i) which.push_back(int(i));
  std::vector<PlannedRun> plan;
  for (const int ci : which) {
    if (ci < 0 || std::size_t(ci) >= scene.controllers.size()) continue;
    const ControllerSpec& spec = scene.controllers[std::size_t(ci)];
    if (!options.controllerModel || !modelBased(spec)) {
      plan.push_back({ci, 0, spec.name});
      continue;
    }
    if (options.compareControllerModel) plan.push_back({ci, 0, spec.name});
    plan.push_back({ci, 1, spec.name + " (" + options.controllerModelLabel + ")"});
  }
  return plan;
}

SceneRun runSerialScene(const Scene& scene, const PlannedRun& planned, const SceneRunHooks& hooks,
                        const SerialRunOptions& options) {
  if (!scene.robot.ok()) throw std::runtime_error("the scene has no valid robot: " + scene.robot.report());
  const bool external = hooks.controller != nullptr;  // a controller from outside the scene (SceneRunHooks)
  if (!external && (planned.controller < 0 || std::size_t(planned.controller) >= scene.controllers.size()))
    throw std::out_of_range("the scene has no controller " + std::to_string(planned.controller + 1));
  const bool ownModel = !external && planned.variant == 1 && options.controllerModel;
  ControllerSpec spec = external ? ControllerSpec{} : scene.controllers[std::size_t(planned.controller)];
  if (ownModel) spec.perturbationPercent = 0;  // the given model as it is

  SceneRun out;
  out.name = planned.name.empty() ? (external ? hooks.controller->name() : spec.name) : planned.name;
  const Model& model = scene.robot.model;
  const auto traj = makeTrajectory(scene);
  SimulatedPlant plant(model, scene.plant);
  std::unique_ptr<Backend> externalBackend;
  if (options.backendFactory) {
    externalBackend = options.backendFactory(model, scene);
    if (!externalBackend) throw std::runtime_error("the backend could not be created");
    out.name += " [" + externalBackend->name() + "]";
  }
  Backend& backend = externalBackend ? *externalBackend : static_cast<Backend&>(plant);
  const std::shared_ptr<Controller> ctrl =
      external ? hooks.controller : std::shared_ptr<Controller>(makeController(spec, ownModel ? *options.controllerModel : model));
  RunOptions opt = runOptions(scene);
  if (hooks.recordEnergy) opt.record.energy = true;
  std::vector<ChannelInfo> channels = makeChannels(model, opt.record);
  const std::vector<ChannelInfo> own = backend.traceChannels();  // e.g. EtherCAT's bad cycles per period
  const std::size_t engineColumns = channels.size();
  channels.insert(channels.end(), own.begin(), own.end());
  out.recorder = std::make_shared<Recorder>(channels);
  out.recorder->setCoordinates(coordinateLabels(model));
  if (hooks.started) hooks.started(out.name, out.recorder->channels());
  opt.cancel = hooks.cancel;
  opt.onRow = hooks.onRow;
  opt.progress = hooks.progress;
  if (own.empty()) {
    out.result = runSimulation(model, backend, *ctrl, *traj, opt, *out.recorder);
  } else {
    // The engine records its own columns; each row goes to the run's recorder with the backend's appended.
    Recorder engineRows(std::vector<ChannelInfo>(channels.begin(), channels.begin() + long(engineColumns)),
                        RecorderOptions{std::size_t(4096) * (engineColumns + 1) * sizeof(double), 4096});
    std::vector<double> row(channels.size());
    if (opt.controlPeriod > 0) out.recorder->reserve(std::size_t(std::llround(opt.duration / opt.controlPeriod) + 1));
    opt.onRow = [&](double t, const double* values, std::size_t cols) {
      std::copy(values, values + cols, row.begin());
      backend.traceValues(row.data() + cols);
      out.recorder->append(t, row.data());
      if (hooks.onRow) hooks.onRow(t, row.data(), row.size());
    };
    out.result = runSimulation(model, backend, *ctrl, *traj, opt, engineRows);
  }
  recordModelFallbacks(out.result, *ctrl);
  if (externalBackend && options.backendFinished) options.backendFinished(*externalBackend);
  out.limitEvents = plant.jointLimitEvents();
  return out;
}

SerialScene::SerialScene(Scene scene, SerialRunOptions o) : SceneOf<Scene>(std::move(scene)), options(std::move(o)) {}

const SceneKind& SerialScene::kind() const { return serialSceneKind(); }

std::string SerialScene::describeLimitEvent(const JointLimitEvent& e) const {
  std::string text = AnyScene::describeLimitEvent(e);  // "joint 3 passed its ..."
  const auto& names = data.robot.model.jointName;
  if (e.joint >= 0 && std::size_t(e.joint) < names.size() && !names[std::size_t(e.joint)].empty()) {
    const std::string head = "joint " + std::to_string(e.joint + 1);
    text.insert(head.size(), " (" + names[std::size_t(e.joint)] + ")");
  }
  return text;
}

std::vector<PlannedRun> SerialScene::plan(const std::vector<int>& controllers) const {
  return planSerialRuns(data, controllers, options);
}

SceneRun SerialScene::run(const PlannedRun& run, const SceneRunHooks& hooks) const {
  return runSerialScene(data, run, hooks, options);
}

}  // namespace maniplab::sim
