// The scene kind "floating_base" (floating_base/scene.hpp): satellite scenes run on the engine's run loop
// (runSatelliteSimulation), with its joint metrics and the conservation results as the summary.
#include <cstdio>

#include "maniplab/sim/floating_base/scene.hpp"
#include "maniplab/sim/simulation.hpp"

namespace maniplab::sim {

namespace {

std::string format(const char* fmt, double a, double b = 0, double c = 0, double d = 0) {
  char buf[200];
  std::snprintf(buf, sizeof buf, fmt, a, b, c, d);
  return buf;
}

class SatelliteAnyScene final : public SceneOf<SatelliteScene> {
 public:
  using SceneOf<SatelliteScene>::SceneOf;
  const SceneKind& kind() const override { return floatingBaseSceneKind(); }
  std::shared_ptr<AnyScene> clone() const override { return std::make_shared<SatelliteAnyScene>(*this); }
  double duration() const override { return data.duration; }
  void setDuration(double seconds) override { data.duration = seconds; }
  std::vector<ControllerSpec> controllers() const override {
    ControllerSpec s;
    s.name = s.type = kSatelliteControllerName;
    s.kp = data.kp;
    s.kv = data.kv;
    return {s};
  }
  int jointCount() const override { return data.model.arm.nq; }
  std::vector<std::string> jointNames() const override { return data.model.arm.jointName; }
  std::vector<ChannelInfo> channels(bool) const override { return satelliteChannels(data.model.arm.nq); }
  SceneRun run(const PlannedRun& planned, const SceneRunHooks& hooks) const override;
};

SceneRun SatelliteAnyScene::run(const PlannedRun& planned, const SceneRunHooks& hooks) const {
  const SatelliteScene& sc = data;
  const int n = sc.model.arm.nq;
  if (n <= 0 || sc.q0.size() != n || sc.q1.size() != n)
    throw std::invalid_argument("the satellite scene has no arm or no motion");
  if (hooks.controller)
    throw std::invalid_argument("the floating-base scene's control law is fixed by the scene (PD on the arm's "
                                "joints, gains kp and kv of the file); a controller of your own cannot drive it");
  SceneRun out;
  out.name = planned.name.empty() ? kSatelliteControllerName : planned.name;
  out.recorder = std::make_shared<Recorder>(satelliteChannels(n));
  out.recorder->setCoordinates(coordinateLabels(sc.model.arm));
  if (hooks.started) hooks.started(out.name, out.recorder->channels());
  RunOptions opt = satelliteRunOptions(sc);
  opt.cancel = hooks.cancel;
  opt.onRow = hooks.onRow;
  opt.progress = hooks.progress;
  SatelliteRunResult r;
  out.result = runSatelliteSimulation(sc, std::move(opt), *out.recorder, &r);
  // The engine keeps no energy balance of its own for this plant (RunOptions::writeRow): the run's energy
  // drift is the satellite's T - T0 - W, with W integrated with the state.
  out.result.energyDriftRelative = r.relDriftE;
  out.summary = {
      format("max joint tracking error       %.4g rad", r.maxJointError),
      format("base displacement              %.4g %.4g %.4g m", r.baseDisplacement[0], r.baseDisplacement[1],
             r.baseDisplacement[2]) +
          format(" (%.4g m)", r.baseDisplacement.norm()),
      format("base rotation                  %.4g rad", r.baseRotation),
      format("system centre of mass moved by %.4g m", (r.final.centreOfMass - r.initial.centreOfMass).norm()),
      format("linear momentum drift          %.3g kg m/s (relative %.3g)", r.driftP, r.relDriftP),
      format("angular momentum drift         %.3g N m s (relative %.3g)", r.driftL, r.relDriftL),
      format("energy balance T - T0 - W      %.3g J (relative %.3g)", r.driftE, r.relDriftE),
      "dynamics evaluations           " + std::to_string(r.evaluations),
  };
  return out;
}

class FloatingBaseSceneKind final : public SceneKind {
 public:
  std::string name() const override { return "floating_base"; }
  std::string title() const override { return "free-floating base (satellite)"; }
  bool readsScene(const DocumentHeader& h) const override { return h.format == "maniplab-satellite"; }
  SceneLoad parse(const std::string& text, const std::string& fileName, const std::string& baseDir) const override {
    SatelliteLoadResult r = parseSatelliteScene(text, fileName, baseDir);
    SceneLoad out;
    out.diagnostics = std::move(r.diagnostics);
    if (noErrors(out.diagnostics)) out.scene = makeSatelliteAnyScene(std::move(r.scene));
    return out;
  }
};

}  // namespace

const SceneKind& floatingBaseSceneKind() {
  static const FloatingBaseSceneKind kind;
  return kind;
}

std::shared_ptr<AnyScene> makeSatelliteAnyScene(SatelliteScene scene) {
  return std::make_shared<SatelliteAnyScene>(std::move(scene));
}

}  // namespace maniplab::sim
