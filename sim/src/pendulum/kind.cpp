// The scene kind "pendulum" (pendulum.hpp): its runs (the serial scenes' runs on the equivalent robot) and,
// for a free swing, the measured period against the closed forms.
#include <cmath>
#include <cstdio>

#include "pendulum.hpp"

namespace maniplab::sim {

const SceneKind& pendulumSceneKind();

namespace pendulum {
namespace {

std::string format(const char* fmt, double a, double b = 0, double c = 0) {
  char buf[200];
  std::snprintf(buf, sizeof buf, fmt, a, b, c);
  return buf;
}

class PendulumAnyScene final : public SceneOf<PendulumScene> {
 public:
  using SceneOf<PendulumScene>::SceneOf;
  const SceneKind& kind() const override { return pendulumSceneKind(); }
  std::shared_ptr<AnyScene> clone() const override { return std::make_shared<PendulumAnyScene>(*this); }
  void setFile(const std::string& file) override { data.file = data.joints.file = file; }
  double duration() const override { return data.joints.duration; }
  void setDuration(double seconds) override { data.joints.duration = seconds; }
  std::vector<ControllerSpec> controllers() const override { return data.joints.controllers; }
  int jointCount() const override { return 1; }
  std::vector<ChannelInfo> channels(bool energy) const override { return serialChannels(data.joints, energy); }
  std::vector<PlannedRun> plan(const std::vector<int>& controllers) const override {
    return planSerialRuns(data.joints, controllers);
  }
  SceneRun run(const PlannedRun& planned, const SceneRunHooks& hooks) const override;
  const RobotLoadResult* serialRobot() const override { return &data.joints.robot; }
  Scene* jointSpaceScene() override { return &data.joints; }
  bool writable() const override { return true; }
  nlohmann::json toJson(const std::string&) const override { return pendulum::toJson(data); }
};

SceneRun PendulumAnyScene::run(const PlannedRun& planned, const SceneRunHooks& hooks) const {
  SceneRun out = runSerialScene(data.joints, planned, hooks);
  const Scene& j = data.joints;
  if (hooks.controller) return out;  // a controller from outside the scene: no free swing to measure
  const ControllerSpec& spec = j.controllers.at(std::size_t(planned.controller));
  const int q = out.recorder->channelIndex("q[1]");
  if (spec.type != "zero" || q < 0 || out.result.cancelled) return out;
  // A free swing: its period against the closed forms (frictionless; friction lengthens it a little).
  const Parameters& p = data.pendulum;
  double theta0 = 0, thetaDot0 = 0;
  if (j.q0.size() == 1) {
    theta0 = j.q0[0];
    thetaDot0 = j.qd0.size() == 1 ? j.qd0[0] : 0.0;
  } else {
    JointReference ref;
    makeTrajectory(j)->sample(0, ref);
    theta0 = ref.q[0];
  }
  std::vector<double> t, theta;
  for (std::size_t r = 0; r < out.recorder->rows(); ++r) {
    t.push_back(out.recorder->time(r));
    theta.push_back(out.recorder->value(r, q));
  }
  const double amplitude = freeAmplitude(p, theta0, thetaDot0);
  const double T0 = smallAnglePeriod(p), T = exactPeriod(p, amplitude), Tm = measuredPeriod(t, theta);
  out.summary.push_back(format("small-angle period 2 pi sqrt(l/g)         %.6g s", T0));
  if (std::isfinite(T))
    out.summary.push_back(format("exact period 4 sqrt(l/g) K(sin(a/2))      %.6g s for the amplitude a = %.4g deg "
                                 "(%+.3g %% against small angles)",
                                 T, amplitude * 180 / M_PI, 100 * (T - T0) / T0));
  else
    out.summary.push_back("the pendulum turns over (no swing period: its energy reaches the upright position)");
  if (std::isfinite(Tm))
    out.summary.push_back(std::isfinite(T) ? format("measured period (upward crossings of 0)  %.6g s (%+.3g %% against the "
                                                    "exact period)",
                                                    Tm, 100 * (Tm - T) / T)
                                           : format("measured period (upward crossings of 0)  %.6g s", Tm));
  else
    out.summary.push_back("measured period: fewer than two upward crossings of theta = 0 in the run");
  return out;
}

class PendulumSceneKind final : public SceneKind {
 public:
  std::string name() const override { return "pendulum"; }
  std::string title() const override { return "simple pendulum"; }
  bool readsScene(const DocumentHeader& h) const override {
    return h.format == "maniplab-scene" && h.hasKind && h.kind == "pendulum";
  }
  SceneLoad parse(const std::string& text, const std::string& fileName, const std::string& baseDir) const override {
    return pendulum::parse(text, fileName, baseDir);
  }
};

}  // namespace

std::shared_ptr<AnyScene> makeScene(PendulumScene scene) { return std::make_shared<PendulumAnyScene>(std::move(scene)); }

}  // namespace pendulum

const SceneKind& pendulumSceneKind() {
  static const pendulum::PendulumSceneKind kind;
  return kind;
}

}  // namespace maniplab::sim
