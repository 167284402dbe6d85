// Orthoglide simulation and control: the plant integrating the direct dynamic model (energy balance in
// free motion, the inverse dynamic model's forces reproduce the motion), the Cartesian trajectory
// (actuator rates vs finite differences), computed torque with a perfect model (exact linearisation),
// the shipped scene (computed torque beats PID), and scene validation errors.
#include <QTest>

#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>

#include "maniplab/sim/orthoglide/simulation.hpp"

using namespace maniplab;
using namespace maniplab::sim;

namespace {

OrthoglideModel shipped() {
  const OrthoglideLoadResult r = loadOrthoglideFile(MANIPLAB_SOURCE_DIR "/robots/orthoglide.json");
  if (!r.ok()) qFatal("%s", r.report().c_str());
  return r.model;
}

const char* kScene = MANIPLAB_SOURCE_DIR "/scenes/orthoglide_ctc_vs_pid.json";

double maxAbs(const Recorder& rec, const std::string& channel) {
  const int c = rec.channelIndex(channel);
  double m = 0;
  for (std::size_t r = 0; r < rec.rows(); ++r) m = std::max(m, std::abs(rec.value(r, c)));
  return m;
}

}  // namespace

class OrthoglideSim : public QObject {
  Q_OBJECT
 private slots:
  void freeMotionConservesEnergy() {
    // Zero forces, no friction, gravity on, launched from K: E - E0 - W stays at the integrator's error.
    const OrthoglideModel m = shipped();
    PlantOptions po;
    po.friction = false;
    po.period = 2e-4;
    OrthoglidePlant plant(m, po);
    QVERIFY(plant.resetPlatform(m.K(), Vector3(0.3, -0.2, 0.4)).ok);
    const OrthoglideEnergy e0 = plant.energy();
    plant.writeTorque(VectorX::Zero(3));
    double drift = 0;
    for (int k = 0; k < 200; ++k) {
      QVERIFY(plant.advance(1e-3).ok);
      drift = std::max(drift, std::abs(plant.energy().total() - e0.total()));
    }
    QVERIFY2(drift < 1e-8 * std::max(1.0, std::abs(e0.total())), qPrintable(QString::number(drift)));
    QVERIFY((plant.platformPosition() - m.K()).norm() > 0.01);  // it did move
    // The measurement is the IGM of the platform state.
    Vector3 L;
    QVERIFY(orthoglideInverseGeometric(m, plant.platformPosition(), L));
    QVERIFY((L - Vector3(plant.measuredPosition())).norm() < 1e-12);
  }

  void inverseDynamicsForcesReproduceTheMotion() {
    // Open loop: the IDM's forces along a reference, held per plant tick at its midpoint, drive the
    // plant along that reference (second-order agreement of the two models through the integrator).
    const OrthoglideModel m = shipped();
    OrthoglideCartesianTrajectory traj(m, {m.K(), m.K() + Vector3(0.08, -0.05, 0.1)}, {0.4});
    PlantOptions po;
    po.friction = false;
    po.period = 1e-4;
    OrthoglidePlant plant(m, po);
    QVERIFY(plant.resetPlatform(m.K(), Vector3::Zero()).ok);
    OrthoglideDynamics dyn(m);
    OrthoglideDynamicsOptions opt;
    opt.friction = false;
    double worst = 0;
    for (int k = 0; k < 4000; ++k) {
      const double t = (k + 0.5) * po.period;
      Vector3 P, V, A, G;
      traj.platform(t, P, V, A);
      QVERIFY(dyn.inverseDynamics(P, V, A, G, opt));
      plant.writeTorque(G);
      QVERIFY(plant.advance(po.period).ok);
      traj.platform((k + 1) * po.period, P, V, A);
      worst = std::max(worst, (plant.platformPosition() - P).norm());
    }
    QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
  }

  void trajectoryRatesAreDerivatives() {
    const OrthoglideModel m = shipped();
    OrthoglideCartesianTrajectory traj(m, {m.K(), m.K() + Vector3(0.1, 0.1, 0.1), m.K() + Vector3(-0.07, 0, 0.02)},
                                       {0.5, 0.7});
    QCOMPARE(traj.duration(), 1.2);
    JointReference a{VectorX(3), VectorX(3), VectorX(3)}, b = a, c = a;
    const double h = 1e-6;
    for (double t : {0.1, 0.3, 0.62, 0.9, 1.1}) {
      traj.sample(t - h, a);
      traj.sample(t, b);
      traj.sample(t + h, c);
      QVERIFY((b.qd - (c.q - a.q) / (2 * h)).norm() < 1e-7);
      QVERIFY((b.qdd - (c.qd - a.qd) / (2 * h)).norm() < 1e-5 * std::max(1.0, b.qdd.norm()));
    }
    traj.sample(5.0, b);  // after the end: at rest at the last point
    QVERIFY(b.qd.norm() == 0 && b.qdd.norm() == 0);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                             OrthoglideCartesianTrajectory(m, {m.K(), m.K() + Vector3(0.4, 0, 0)}, {1.0}));
  }

  void computedTorqueWithPerfectModelIsExact() {
    // Perfect model (friction compensated with the plant's smoothing), starting on the reference: the
    // actuator error obeys e'' + Kv e' + Kp e = 0 with e(0) = 0 (Zanaboni 2009 eq 7.8) up to the zero-order
    // hold, so it is small and shrinks with the control period.
    OrthoglideSceneLoadResult sl = loadOrthoglideSceneFile(kScene);
    QVERIFY2(sl.ok(), sl.report().c_str());
    double err[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
      OrthoglideScene s = sl.scene;
      s.controllers[0].perturbationPercent = 0;
      s.plant.period = s.controlPeriod = k == 0 ? 2e-4 : 1e-4;
      s.duration = 0.6;
      Recorder rec(makeOrthoglideChannels(s.robot.model, s.record));
      const RunResult r = runOrthoglideScene(s, s.controllers[0], rec);
      QVERIFY2(r.ok, r.message.c_str());
      for (const char* ch : {"e[1]", "e[2]", "e[3]"}) err[k] = std::max(err[k], maxAbs(rec, ch));
      QVERIFY(r.energyDriftRelative < 1e-4);
    }
    qInfo("perfect-model computed torque: max |e| = %.3g m (T = 0.2 ms), %.3g m (T = 0.1 ms)", err[0], err[1]);
    QVERIFY(err[0] < 2e-5);
    QVERIFY(err[1] < 0.6 * err[0]);
  }

  void shippedSceneComputedTorqueBeatsPid() {
    const OrthoglideSceneLoadResult sl = loadOrthoglideSceneFile(kScene);
    QVERIFY2(sl.ok(), sl.report().c_str());
    QCOMPARE(int(sl.scene.controllers.size()), 2);
    double maxErr[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
      Recorder rec(makeOrthoglideChannels(sl.scene.robot.model, sl.scene.record));
      std::vector<JointLimitEvent> events;
      const RunResult r = runOrthoglideScene(sl.scene, sl.scene.controllers[std::size_t(k)], rec, &events);
      QVERIFY2(r.ok, r.message.c_str());
      for (const auto& e : events) qWarning("limit event: t = %g actuator %d q = %g", e.time, e.joint + 1, e.position);
      QVERIFY(events.empty());
      QCOMPARE(r.metrics.joints.size(), std::size_t(3));
      for (const auto& j : r.metrics.joints) maxErr[k] = std::max(maxErr[k], j.maxAbsError);
      // Platform channels: the actual pose is the plant's P, the reference comes back to K.
      QVERIFY(rec.channelIndex("ee_Z") >= 0);
      QVERIFY(std::abs(rec.value(rec.rows() - 1, rec.channelIndex("ee_Z")) - 0.5) < 1e-3);
      QVERIFY(r.metrics.hasCartesian);
      QVERIFY2(r.energyDriftRelative < 1e-3, qPrintable(QString::number(r.energyDriftRelative)));
      qInfo("%s: max |e| = %.3g m, energy drift %.3g", sl.scene.controllers[std::size_t(k)].name.c_str(), maxErr[k],
            r.energyDriftRelative);
    }
    QVERIFY2(maxErr[0] < 0.2 * maxErr[1], "computed torque tracks at least 5x better than PID");
    QVERIFY(maxErr[1] < 3e-2);  // the PID is a reasonable baseline (1.4 cm at 0.7 m/s), not a strawman
  }

  // scenes/orthoglide_free_fall.json: zero torque, no friction, gravity along actuator 1: the platform falls
  // (the carriages move: actuator 1 down its stroke, P down z_0) and the total energy is conserved to
  // the integrator's precision (RK4, 0.2 ms): the energy balance E - E0 - W with W = 0.
  void shippedFreeFallSceneConservesEnergy() {
    const OrthoglideSceneLoadResult sl = loadOrthoglideSceneFile(MANIPLAB_SOURCE_DIR "/scenes/orthoglide_free_fall.json");
    QVERIFY2(sl.ok(), sl.report().c_str());
    QCOMPARE(int(sl.scene.controllers.size()), 1);
    Recorder rec(makeOrthoglideChannels(sl.scene.robot.model, sl.scene.record));
    std::vector<JointLimitEvent> events;
    const RunResult r = runOrthoglideScene(sl.scene, sl.scene.controllers[0], rec, &events);
    QVERIFY2(r.ok, r.message.c_str());
    QVERIFY(events.empty());  // still within the strokes after 0.15 s
    const int z = rec.channelIndex("ee_Z"), w = rec.channelIndex("W_actuators"), e = rec.channelIndex("E_total");
    QVERIFY(z >= 0 && w >= 0 && e >= 0);
    const double fall = rec.value(0, z) - rec.value(rec.rows() - 1, z);
    const double E0 = rec.value(0, e);
    double maxW = 0;
    for (std::size_t k = 0; k < rec.rows(); ++k) maxW = std::max(maxW, std::abs(rec.value(k, w)));
    qInfo("free fall: P fell %.4g m in %.3g s, E0 = %.6g J, max |W| = %.3g J, energy drift %.3g (relative)", fall,
          rec.time(rec.rows() - 1), E0, maxW, r.energyDriftRelative);
    QVERIFY(fall > 0.03);            // it fell (measured 0.068 m)
    QCOMPARE(maxW, 0.0);             // no actuator work, no friction
    QVERIFY(r.energyDriftRelative < 1e-8);
  }

  void sceneErrors() {
    std::string text;
    QVERIFY(readTextFile(kScene, text));
    QVERIFY(isOrthoglideScene(text));
    auto with = [&](const std::function<void(nlohmann::json&)>& edit) {
      nlohmann::json j = nlohmann::json::parse(text);
      edit(j);
      return parseOrthoglideScene(j.dump(), "s.json", MANIPLAB_SOURCE_DIR "/scenes");
    };
    auto has = [](const OrthoglideSceneLoadResult& r, const std::string& path, const std::string& msg) {
      for (const auto& d : r.diagnostics)
        if (d.severity == Diagnostic::Severity::Error && d.path == path && d.message.find(msg) != std::string::npos)
          return true;
      qWarning("%s", r.report().c_str());
      return false;
    };
    QVERIFY(with([](auto&) {}).ok());
    QVERIFY(has(with([](auto& j) { j["trajectory"]["points"][1] = {0.5, 0.5, 0.5}; }), "/trajectory/points/1", "out of reach"));
    QVERIFY(has(with([](auto& j) { j["trajectory"]["durations"].erase(0); }), "/trajectory/durations", "one duration per segment"));
    QVERIFY(has(with([](auto& j) { j["controllers"][1]["type"] = "lqr"; }), "/controllers/1/type", "must be"));
    QVERIFY(has(with([](auto& j) { j["controllers"][0]["kp"] = {1, 2}; }), "/controllers/0/kp", "must have 3 values (one per joint), got 2"));
    QVERIFY(has(with([](auto& j) { j["robot"] = "../robots/puma560.json"; }), "/robot", "invalid"));
    QVERIFY(has(with([](auto& j) { j["rates"]["plant_hz"] = 1500; }), "/rates", "whole multiple"));
    QVERIFY(has(with([](auto& j) { j["duration"] = -1; }), "/duration", "positive"));
    // Each fault once, at its field, a coded message; rates and durations beyond any real run refused with
    // their range (model/field_bounds.hpp).
    struct Row {
      std::function<void(nlohmann::json&)> edit;
      const char* path;
      const char* message;
    };
    const Row rows[] = {
        {[](auto& j) { j["duration"] = 1e6; }, "/duration", "must be at most 24 h of simulated time"},
        {[](auto& j) { j["rates"] = {{"control_hz", 4e9}}; }, "/rates/control_hz", "must be between 0 and 1000000 Hz (got 4000000000)"},
        {[](auto& j) { j["trajectory"]["durations"][0] = 1e9; }, "/trajectory/durations/0", "must be between 0 and 86400 s (got 1000000000)"},
        {[](auto& j) { j["trajectory"]["points"][1][0] = 1e3; }, "/trajectory/points/1/0", "must be between -100 and 100 m (got 1000)"},
        {[](auto& j) { j["controllers"][0]["type"] = "lqr"; }, "/controllers/0/type",
         "must be \"pid\", \"computed_torque\" or \"zero\" (got \"lqr\")"},
        {[](auto& j) { j["trajectory"]["type"] = "joint"; }, "/trajectory/type",
         "must be \"cartesian_points\" (platform way-points in R_0)"},
        {[](auto& j) { j["controllers"][0]["kp"] = 1e20; }, "/controllers/0/kp", "must be between 0 and 1e+13 SI (got 1e+20)"},
        {[](auto& j) { j["controllers"][0]["kp"] = {1, -2, 3}; }, "/controllers/0/kp/1", "must be between 0 and 1e+13 SI (got -2)"},
    };
    for (const Row& row : rows) {
      const OrthoglideSceneLoadResult r = with(row.edit);
      int errors = 0;
      bool found = false;
      for (const auto& d : r.diagnostics) {
        QVERIFY2(!d.code.empty() && d.message.find("orthoglide trajectory") == std::string::npos, d.message.c_str());
        if (d.severity != Diagnostic::Severity::Error) continue;
        ++errors;
        found |= d.path == row.path && d.message == row.message;
      }
      QVERIFY2(found && errors == 1, (std::string(row.path) + ": " + row.message + "\ngot:\n" + r.report()).c_str());
    }
    // The reachable set is the intersection of three cylinders (u^2 + w^2 < D4^2 per chain), so a
    // straight segment between reachable way-points stays reachable; an unreachable way-point is the error.
    QVERIFY(!loadOrthoglideSceneFile("/nonexistent.json").ok());
  }
};

QTEST_GUILESS_MAIN(OrthoglideSim)
#include "test_orthoglide_sim.moc"
