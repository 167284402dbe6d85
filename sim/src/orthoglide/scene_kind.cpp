// The scene kind "orthoglide" (orthoglide/simulation.hpp): Orthoglide scene files, their runs on the
// Orthoglide plant (Guégan, Khalil, Chablat & Wenger 2002) with the fallbacks of its computed torque.
#include <cstdio>

#include "maniplab/sim/orthoglide/simulation.hpp"

namespace maniplab::sim {

namespace {

class OrthoglideAnyScene final : public SceneOf<OrthoglideScene> {
 public:
  using SceneOf<OrthoglideScene>::SceneOf;
  const SceneKind& kind() const override { return orthoglideSceneKind(); }
  std::shared_ptr<AnyScene> clone() const override { return std::make_shared<OrthoglideAnyScene>(*this); }
  std::string robotFile() const override { return data.robotFile; }
  double duration() const override { return data.duration; }
  void setDuration(double seconds) override { data.duration = seconds; }
  std::vector<ControllerSpec> controllers() const override { return data.controllers; }
  int jointCount() const override { return 3; }
  std::string jointNoun() const override { return "actuator"; }
  std::vector<std::string> jointNames() const override { return orthoglideJointModel(data.robot.model).jointName; }
  std::string describeLimitEvent(const JointLimitEvent& e) const override {  // the actuators are prismatic
    char q[32];
    std::snprintf(q, sizeof q, "%g", e.position);
    return "actuator " + std::to_string(e.joint + 1) + " passed its " + (e.upper ? "upper" : "lower") +
           " limit (q = " + q + " m)";
  }
  std::vector<ChannelInfo> channels(bool energy) const override {
    RecordSelection record = data.record;
    if (energy) record.energy = true;
    return makeOrthoglideChannels(data.robot.model, record);
  }
  SceneRun run(const PlannedRun& planned, const SceneRunHooks& hooks) const override;
  bool writable() const override { return true; }
  nlohmann::json toJson(const std::string& sceneDir) const override { return orthoglideSceneToJson(data, sceneDir); }
};

SceneRun OrthoglideAnyScene::run(const PlannedRun& planned, const SceneRunHooks& hooks) const {
  if (!data.robot.ok()) throw std::runtime_error("the scene has no valid robot: " + data.robot.report());
  const bool external = hooks.controller != nullptr;  // a controller from outside the scene (SceneRunHooks)
  if (!external && (planned.controller < 0 || std::size_t(planned.controller) >= data.controllers.size()))
    throw std::out_of_range("the scene has no controller " + std::to_string(planned.controller + 1));
  const OrthoglideModel& m = data.robot.model;
  SceneRun out;
  const auto traj = makeOrthoglideTrajectory(data);
  OrthoglidePlant plant(m, data.plant);
  std::shared_ptr<Controller> ctrl = hooks.controller;
  if (!external) {
    const ControllerSpec& spec = data.controllers[std::size_t(planned.controller)];
    ctrl = makeOrthoglideController(spec, m, data.plant.coulombSmoothing);
  }
  out.name = planned.name.empty() ? ctrl->name() : planned.name;
  RunOptions opt = orthoglideRunOptions(data);
  if (hooks.recordEnergy) opt.record.energy = true;
  out.recorder = std::make_shared<Recorder>(makeOrthoglideChannels(m, opt.record));
  out.recorder->setCoordinates(coordinateLabels(orthoglideJointModel(m)));  // the actuated joints q11, q12, q13
  if (hooks.started) hooks.started(out.name, out.recorder->channels());
  opt.cancel = hooks.cancel;
  opt.onRow = hooks.onRow;
  opt.progress = hooks.progress;
  out.result = runOrthoglideSimulation(m, plant, *ctrl, *traj, opt, *out.recorder);
  recordModelFallbacks(out.result, *ctrl);
  out.limitEvents = plant.jointLimitEvents();
  return out;
}

class OrthoglideSceneKind final : public SceneKind {
 public:
  std::string name() const override { return "orthoglide"; }
  std::string title() const override { return "Orthoglide parallel robot"; }
  bool readsScene(const DocumentHeader& h) const override {
    return h.format == "maniplab-scene" && h.hasKind && h.kind == "orthoglide";
  }
  bool readsRobot(const DocumentHeader& h) const override {
    return h.format == "maniplab-robot" && h.hasKind && h.kind == "orthoglide";
  }
  std::string robotCommand() const override { return "orthoglide"; }
  SceneLoad parse(const std::string& text, const std::string& fileName, const std::string& baseDir) const override {
    OrthoglideSceneLoadResult r = parseOrthoglideScene(text, fileName, baseDir);
    SceneLoad out;
    out.diagnostics = std::move(r.diagnostics);
    if (noErrors(out.diagnostics)) out.scene = makeOrthoglideAnyScene(std::move(r.scene));
    return out;
  }
};

}  // namespace

const SceneKind& orthoglideSceneKind() {
  static const OrthoglideSceneKind kind;
  return kind;
}

std::shared_ptr<AnyScene> makeOrthoglideAnyScene(OrthoglideScene scene) {
  return std::make_shared<OrthoglideAnyScene>(std::move(scene));
}

}  // namespace maniplab::sim
