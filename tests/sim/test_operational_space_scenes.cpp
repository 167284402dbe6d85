// The "operational_space" controller type of scene files: scenes/puma560_three_controllers.json loads,
// its operational-space controller tracks the Cartesian line within derived bounds over 1 s, bad gains
// and damping are rejected naming the field, a robot without 6 joints is rejected; `maniplab-cli
// compare` runs the three controllers.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>
#include <cmath>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/control/operational_space_controller.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "support/test_main.hpp"

namespace test_operational_space_scenes {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

const char* kScene = MANIPLAB_SOURCE_DIR "/scenes/puma560_three_controllers.json";

/// A scene text with the given controller object (Puma 560, a short quintic).
std::string sceneWith(const std::string& controller, const std::string& robot = "puma560.json") {
  return R"({"format": "maniplab-scene", "version": 1, "name": "t", "robot": ")" + robot +
         R"(", "trajectory": {"type": "quintic", "from": [0, 0.78, -3.1, 0, 0.78, 0], "to": [0.1, 0.7, -3.0, 0.1, 0.7, 0.1], "duration": 0.5},
       "duration": 0.5, "initial_state": {"q": [0, 0.78, -3.1, 0, 0.78, 0]}, "controllers": [)" + controller + "]}";
}

SceneLoadResult parse(const std::string& text) {
  return parseScene(text, "t.json", MANIPLAB_SOURCE_DIR "/robots");
}


struct CliRun {
  int status = -1;
  QString out, err;
};
CliRun cli(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(MANIPLAB_CLI), args);
  CliRun r;
  if (!p.waitForFinished(120000)) return r;
  r.status = p.exitCode();
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

}  // namespace

class OperationalSpaceScenes : public QObject {
  Q_OBJECT
 private slots:
  void threeControllerSceneLoads() {
    const SceneLoadResult r = loadSceneFile(kScene);
    QVERIFY2(r.ok(), r.report().c_str());
    const Scene& s = r.scene;
    QCOMPARE(int(s.controllers.size()), 3);
    QCOMPARE(QString::fromStdString(s.controllers[0].type), QStringLiteral("pid"));
    QCOMPARE(QString::fromStdString(s.controllers[1].type), QStringLiteral("computed_torque"));
    const ControllerSpec& os = s.controllers[2];
    QCOMPARE(QString::fromStdString(os.type), QStringLiteral("operational_space"));
    QCOMPARE(os.kp.size(), 6);
    QCOMPARE(os.kv.size(), 6);
    QCOMPARE(os.kp[3], 400.0);
    QCOMPARE(os.kv[3], 40.0);
    QCOMPARE(os.singularThreshold, 0.02);
    auto c = makeController(os, s.robot.model);
    QCOMPARE(QString::fromStdString(c->kind()), QStringLiteral("operational_space"));
    QVERIFY(dynamic_cast<OperationalSpaceController*>(c.get()) != nullptr);
    // The trajectory starts at the initial state (no jump): q_d(0) = q0.
    const auto traj = makeTrajectory(s);
    JointReference ref{VectorX::Zero(6), VectorX::Zero(6), VectorX::Zero(6)};
    traj->sample(0, ref);
    QVERIFY((ref.q - s.q0).norm() < 1e-9);
  }

  void operationalSpaceTracksTheLine() {
    // 1 s of the scene (the 1.5 s line is in motion throughout), 400 Hz control, 2 kHz RK4, exact model.
    // (1) Friction off in plant and controllers: ẍ = a exactly but for the zero-order hold of the torque
    //     over T = 2.5 ms. The required torque drifts by |τ̇| T within a period, an acceleration error
    //     δa ≈ |J M^-1 τ̇| T / 2 that the error dynamics (ω = 20 rad/s, ζ = 1) turn into |e| ≈ δa / kp.
    //     On this line |τ̇| ≲ 60 N m/s, |M^-1| ≲ 1 /(kg m²), |J| ≲ 0.8 m: δa ≲ 0.06 m/s², |e| ≲ 1.5e-4 m
    //     (rad for the orientation rows): bound 2e-4.
    // (2) As shipped (Coulomb friction in the plant, compensated at the MEASURED velocity): at the start
    //     from rest sign(q̇) = 0, so the breakaway friction is not compensated until the joints move; both
    //     model-based controllers then lag by a few millimetres. How many depends on when each joint's
    //     measured velocity leaves exactly zero, which rounding decides: with the AVX2 + FMA kernels
    //     (kernel_isa.hpp) computed torque's largest error is 2.6 mm, with the baseline ones 4.5 mm, while
    //     the operational-space one is 4.6 mm in both; so no ratio between the two is asserted. Asserted:
    //     both model-based controllers stay below 1 cm / 1e-2 rad and the PID's position error is larger
    //     than either. Measured values printed (qInfo).
    const SceneLoadResult sl = loadSceneFile(kScene);
    QVERIFY2(sl.ok(), sl.report().c_str());
    const Scene& s0 = sl.scene;
    const Model& m = s0.robot.model;
    // max |ee_err_*| per axis, for controller `which`, with or without friction
    auto run = [&](int which, bool friction, double out[6]) {
      Scene s = s0;
      s.plant.friction = friction;
      ControllerSpec spec = s.controllers[std::size_t(which)];
      if (!friction) spec.friction = FrictionCompensation::None;
      SimulatedPlant plant(m, s.plant);
      auto ctrl = makeController(spec, m);
      const auto traj = makeTrajectory(s);
      RunOptions ro = runOptions(s);
      ro.duration = 1.0;
      Recorder rec(makeChannels(m, ro.record));
      const RunResult r = runSimulation(m, plant, *ctrl, *traj, ro, rec);
      QVERIFY2(r.ok, r.message.c_str());
      QCOMPARE(rec.rows(), std::size_t(401));
      const char* axes[6] = {"ee_err_phi", "ee_err_theta", "ee_err_psi", "ee_err_X", "ee_err_Y", "ee_err_Z"};
      for (int a = 0; a < 6; ++a) {
        const int ch = rec.channelIndex(axes[a]);
        QVERIFY2(ch >= 0, axes[a]);
        double mx = 0;
        for (std::size_t k = 0; k < rec.rows(); ++k) mx = std::max(mx, std::abs(rec.value(k, ch)));
        // the recorder's channel and the online metrics agree
        QVERIFY(std::abs(mx - r.metrics.cartesian[std::size_t(a)].maxAbsError) <= 1e-12 + 1e-9 * mx);
        out[a] = mx;
      }
    };
    double ideal[6], os[6], ct[6], pid[6];
    run(2, false, ideal);
    run(2, true, os);
    run(1, true, ct);
    run(0, true, pid);
    auto pos = [](const double* e) { return std::max({e[3], e[4], e[5]}); };
    auto ori = [](const double* e) { return std::max({e[0], e[1], e[2]}); };
    qInfo("operational space on the Puma line, 1 s, max |ee_err|: no friction %.3g m / %.3g rad; with friction %.3g m / %.3g rad "
          "(computed torque %.3g m / %.3g rad, PID %.3g m / %.3g rad)",
          pos(ideal), ori(ideal), pos(os), ori(os), pos(ct), ori(ct), pos(pid), ori(pid));
    for (int a = 0; a < 6; ++a) QVERIFY2(ideal[a] < 2e-4, qPrintable(QString("axis %1: %2").arg(a).arg(ideal[a])));
    QVERIFY(pos(os) < 1e-2 && ori(os) < 1e-2);
    QVERIFY(pos(ct) < 1e-2 && ori(ct) < 1e-2);
    QVERIFY(pos(pid) > pos(os) && pos(pid) > pos(ct));
  }

  void badOperationalSpaceGainsAreRejected() {
    struct Case {
      std::string controller, pointer, words;
    };
    const std::vector<Case> cases = {
        {R"({"type": "operational_space", "kp": -1, "kv": 40})", "/controllers/0/kp", "must be between 0 and 1e+13 SI (got -1)"},
        {R"({"type": "operational_space", "kp": [400, 400, 400, 400, 400, -400], "kv": 40})", "/controllers/0/kp/5",
         "must be between 0 and 1e+13 SI (got -400)"},
        {R"({"type": "operational_space", "kp": 400, "kv": [40, 40, 40, 1e20, 40, 40]})", "/controllers/0/kv/3",
         "must be between 0 and 1e+13 SI (got 1e+20)"},
        {R"({"type": "operational_space", "kp": [400, 400, 400, 400, 400], "kv": 40})", "/controllers/0/kp", "must have 6 values"},
        {R"({"type": "operational_space", "kp": "big", "kv": 40})", "/controllers/0/kp", "must be a number"},
        {R"({"type": "operational_space", "kp": 400})", "/controllers/0/kv", "missing required gain"},
        {R"({"type": "operational_space", "kp": 400, "kv": [1, 2, 3, 4, 5, "x"]})", "/controllers/0/kv/5", "must be a number"},
        {R"({"type": "operational_space", "kp": 400, "kv": 40, "damping": {"singular_threshold": 0}})",
         "/controllers/0/damping/singular_threshold", "must be positive"},
        {R"({"type": "operational_space", "kp": 400, "kv": 40, "damping": {"max_damping": -0.1}})",
         "/controllers/0/damping/max_damping", "non-negative"},
        {R"({"type": "operational_space", "kp": 400, "kv": 40, "damping": {"lambda": 1}})",
         "/controllers/0/damping/lambda", "unknown key"},
        {R"({"type": "operational_space", "kp": 400, "kv": 40, "ki": 1})", "/controllers/0/ki", "unknown key"},
        {R"({"type": "operational_space", "design": {"response_time": -1}})", "/controllers/0/design/response_time", "positive"},
        {R"({"type": "operational_space", "kp": 400, "kv": 40, "model": {"friction_compensation": "all"}})",
         "/controllers/0/model/friction_compensation", "must be"},
        {R"({"type": "cartesian"})", "/controllers/0/type", "operational_space"},
    };
    for (const Case& c : cases) {
      const SceneLoadResult r = parse(sceneWith(c.controller));
      const QString rep = QString::fromStdString(r.report());
      QVERIFY2(!r.ok(), c.controller.c_str());
      QVERIFY2(rep.contains(QString::fromStdString("t.json:" + c.pointer + ": error:")), qPrintable(rep));
      QVERIFY2(rep.contains(QString::fromStdString(c.words)), qPrintable(rep));
    }
    // A robot without 6 joints: named at the type.
    const SceneLoadResult two = parse(
        R"({"format": "maniplab-scene", "version": 1, "name": "t", "robot": "planar2r.json", "trajectory": {"type": "hold"},
            "duration": 0.1, "controllers": [{"type": "operational_space", "kp": 1, "kv": 1}]})");
    const QString rep = QString::fromStdString(two.report());
    QVERIFY2(!two.ok() && rep.contains("/controllers/0/type: error:") && rep.contains("6 joints"), qPrintable(rep));
    // Good variants: scalar and per-axis gains, a design, damping.
    for (const std::string c :
         {R"({"type": "operational_space", "kp": 100, "kv": 20})",
          R"({"type": "operational_space", "kp": [100, 100, 100, 400, 400, 400], "kv": [20, 20, 20, 40, 40, 40],
              "damping": {"singular_threshold": 0.05, "max_damping": 0.1}, "model": {"perturbation_percent": 5, "friction_compensation": "full"}})",
          R"({"type": "operational_space", "design": {"natural_frequency": 20, "damping": 1}})"}) {
      const SceneLoadResult r = parse(sceneWith(c));
      QVERIFY2(r.ok(), r.report().c_str());
      const ControllerSpec& s = r.scene.controllers[0];
      QCOMPARE(s.kp.size(), 6);
      QVERIFY(s.kp.minCoeff() >= 100 && s.kv.minCoeff() >= 20);
      QVERIFY(makeController(s, r.scene.robot.model) != nullptr);
    }
    const SceneLoadResult designed = parse(sceneWith(R"({"type": "operational_space", "design": {"natural_frequency": 20, "damping": 1}})"));
    QCOMPARE(designed.scene.controllers[0].kp[0], 400.0);  // K_p = ω², K_v = 2ζω
    QCOMPARE(designed.scene.controllers[0].kv[5], 40.0);
  }

  void compareRunsTheThree() {
    const CliRun r = cli({"compare", kScene, "--json"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QJsonArray ctrls = QJsonDocument::fromJson(r.out.toUtf8()).object()["controllers"].toArray();
    QCOMPARE(ctrls.size(), 3);
    QStringList names;
    for (const auto& c : ctrls) names << c.toObject()["name"].toString();
    QVERIFY2(names.contains("operational_space") && names.contains("computed_torque") && names.contains("pid"),
             qPrintable(names.join(',')));
    const CliRun t = cli({"run", kScene, "--controller", "operational_space", "--quiet"});
    QVERIFY2(t.status == 0, qPrintable(t.err));
  }
};

MANIPLAB_TEST_GUILESS_MAIN(OperationalSpaceScenes)
#include "test_operational_space_scenes.moc"  // (in the namespace, as the class)

}  // namespace test_operational_space_scenes
