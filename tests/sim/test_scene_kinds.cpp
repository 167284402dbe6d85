// Scene kinds (sim/scene_kind.hpp): the registry, the dispatch of every shipped scene to its kind, the
// messages for a file that is no scene of a known kind, the round trip of every writable kind through
// AnyScene::write, runs through the one interface (hooks, plan, channels), the pendulum kind against the
// closed forms of the simple pendulum (Landau & Lifshitz 1976, §11: T = 4 sqrt(l/g) K(sin(a/2)), computed
// here with std::comp_ellint_1, independently of the kind's code), and the Orthoglide computed torque's
// fallbacks to its PD part as the run's metrics report them.
#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cmath>

#include "maniplab/model/crba.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/sim/floating_base/scene.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "support/test_main.hpp"

namespace test_scene_kinds {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

const QString kSrc = QStringLiteral(MANIPLAB_SOURCE_DIR);

std::string path(const char* rel) { return (kSrc + "/" + rel).toStdString(); }

std::string expectedKind(const QString& file) {
  if (file.startsWith("orthoglide")) return "orthoglide";
  if (file.startsWith("satellite")) return "floating_base";
  if (file.startsWith("pendulum")) return "pendulum";
  return "serial";
}

}  // namespace

class SceneKinds : public QObject {
  Q_OBJECT

 private slots:
  // The pendulum's parameters: beyond any real pendulum refused at their field with the range, alone, as
  // coded messages (model/field_bounds.hpp; each row loaded without an error before the bounds).
  void pendulumBounds() {
    std::string text;
    QVERIFY(readTextFile(path("scenes/pendulum.json"), text));
    const struct {
      const char* key;
      double value;
      const char* message;
    } rows[] = {{"mass", 1e9, "must be between 0 and 100000 kg (got 1000000000)"},
                {"length", 1e4, "must be between 0 and 100 m (got 10000)"},
                {"gravity", 1e5, "must be between 0 and 1000 m/s^2 (got 100000)"},
                {"viscous_friction", 1e9, "must be between 0 and 1000000 N m s/rad or N s/m (got 1000000000)"},
                {"max_torque", 1e9, "must be between 0 and 10000000 N m or N (got 1000000000)"}};
    for (const auto& row : rows) {
      nlohmann::json doc = nlohmann::json::parse(text);
      doc["pendulum"][row.key] = row.value;
      const SceneLoad r = parseAnyScene(doc.dump(), "p.json", ".");
      QCOMPARE(r.diagnostics.size(), std::size_t(1));
      QCOMPARE(r.diagnostics[0].path, "/pendulum/" + std::string(row.key));
      QCOMPARE(r.diagnostics[0].message, std::string(row.message));
      QVERIFY(!r.diagnostics[0].code.empty());
    }
  }

  void registry() {
    std::vector<std::string> names;
    for (const SceneKind* k : sceneKinds()) names.push_back(k->name());
    QCOMPARE(names, (std::vector<std::string>{"serial", "orthoglide", "floating_base", "pendulum"}));
    for (const auto& n : names) QCOMPARE(findSceneKind(n)->name(), n);
    QVERIFY(!findSceneKind("quadrotor"));
  }

  // Every shipped scene is read by its kind through the one entry point, and keeps its old file format.
  void everyShippedSceneLoadsByItsKind() {
    const QStringList files = QDir(kSrc + "/scenes").entryList({"*.json"}, QDir::Files);
    QVERIFY(files.size() >= 12);
    for (const QString& f : files) {
      const SceneLoad load = loadAnyScene((kSrc + "/scenes/" + f).toStdString());
      QVERIFY2(load.ok(), qPrintable(f + ": " + QString::fromStdString(load.report())));
      QCOMPARE(load.scene->kind().name(), expectedKind(f));
      QVERIFY2(!load.scene->name().empty() && load.scene->duration() > 0 && !load.scene->controllers().empty(), qPrintable(f));
      QVERIFY(!load.scene->channels().empty());
      QVERIFY(load.scene->jointCount() > 0);
      // The kinds with data of their own give it back.
      QCOMPARE(sceneData<Scene>(load.scene.get()) != nullptr, expectedKind(f) == "serial");
      QCOMPARE(sceneData<OrthoglideScene>(load.scene.get()) != nullptr, expectedKind(f) == "orthoglide");
      QCOMPARE(sceneData<SatelliteScene>(load.scene.get()) != nullptr, expectedKind(f) == "floating_base");
    }
  }

  void documentsThatAreNoSceneOfAKnownKind() {
    auto only = [](const SceneLoad& l) {
      return l.diagnostics.size() == 1 ? l.diagnostics.front().toString() : QString::number(l.diagnostics.size()).toStdString();
    };
    const SceneLoad og = loadAnyScene(path("robots/orthoglide.json"));
    QVERIFY(!og.ok());
    QCOMPARE(only(og), path("robots/orthoglide.json") +
                           ":/format: error: this is a robot file ({\"format\": \"maniplab-robot\", \"kind\": "
                           "\"orthoglide\"}), not a scene: `maniplab-cli orthoglide " +
                           path("robots/orthoglide.json") + "` reads it, and a scene names it in its \"robot\"");
    const SceneLoad puma = loadAnyScene(path("robots/puma560.json"));
    QVERIFY(only(puma).find(":/format: error: this is a robot file ({\"format\": \"maniplab-robot\"}), not a scene: "
                            "`maniplab-cli check ") != std::string::npos);
    const SceneLoad urdf = loadAnyScene(path("robots/umis.urdf"));
    QCOMPARE(only(urdf), path("robots/umis.urdf") + ":/: error: this is a URDF robot file, not a scene: `maniplab-cli check " +
                             path("robots/umis.urdf") + "` reads it, and a scene names it in its \"robot\"");
    const SceneLoad unknown = parseAnyScene(R"({"format": "maniplab-scene", "version": 1, "kind": "quadrotor"})", "q.json", ".");
    QCOMPARE(only(unknown), std::string("q.json:/kind: error: unknown scene kind \"quadrotor\" (this program reads: "
                                        "\"serial\", \"orthoglide\", \"floating_base\", \"pendulum\")"));
    const SceneLoad other = parseAnyScene(R"({"format": "csv-ish"})", "o.json", ".");
    QVERIFY(only(other).find("o.json:/format: error: this is not a ManipLab scene ({\"format\": \"csv-ish\"})") == 0);
    const SceneLoad broken = parseAnyScene("{\"format\": \"maniplab-scene\",\n \"name\": }", "b.json", ".");
    QVERIFY(!broken.ok());
    QVERIFY2(only(broken).find("b.json") == 0 && only(broken).find("line 2") != std::string::npos, only(broken).c_str());
    QCOMPARE(only(parseAnyScene("[1, 2]", "a.json", ".")), std::string("a.json:/: error: the document must be a JSON object"));
    const SceneLoad missing = loadAnyScene("/nonexistent/scene.json");
    QCOMPARE(only(missing), std::string("/nonexistent/scene.json:/: error: cannot open file for reading"));
    // The aliases' kind check names the file's kind and the command that runs it, before reading it.
    const SceneLoad wrong = loadSceneOfKind(path("scenes/default.json"), "orthoglide");
    QVERIFY(!wrong.ok());
    QVERIFY2(only(wrong).find("error: this is a \"serial\" scene, not a \"orthoglide\" scene: `maniplab-cli run ") !=
                 std::string::npos,
             only(wrong).c_str());
    QVERIFY(loadSceneOfKind(path("scenes/satellite_arm.json"), "floating_base").ok());
    // "kind": "serial" may be written; another kind in a serial reader's hands is an error at /kind.
    QString text;
    {
      QFile f(kSrc + "/scenes/planar2r_teaching.json");
      QVERIFY(f.open(QIODevice::ReadOnly));
      text = QString::fromUtf8(f.readAll());
    }
    const std::string dir = (kSrc + "/scenes").toStdString();
    const std::string withKind = text.replace("\"version\": 1,", "\"version\": 1, \"kind\": \"serial\",").toStdString();
    const SceneLoad explicitSerial = parseAnyScene(withKind, "k.json", dir);
    QVERIFY2(explicitSerial.ok(), explicitSerial.report().c_str());
    QCOMPARE(explicitSerial.scene->kind().name(), std::string("serial"));
    const SceneLoadResult notSerial = parseScene(text.replace("\"kind\": \"serial\"", "\"kind\": \"scara\"").toStdString(), "k.json", dir);
    QVERIFY(notSerial.report().find("k.json:/kind: error: must be \"serial\" or absent for a serial scene") != std::string::npos);
  }

  // Writable kinds write a file their reader reads back to the same scene; the satellite's is edited by hand.
  void writableKindsRoundTrip() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char* f : {"scenes/default.json", "scenes/orthoglide_ctc_vs_pid.json", "scenes/pendulum.json"}) {
      const SceneLoad load = loadAnyScene(path(f));
      QVERIFY2(load.ok(), load.report().c_str());
      QVERIFY(load.scene->writable());
      const std::string out = dir.filePath(QFileInfo(f).fileName()).toStdString();
      load.scene->write(out);
      const SceneLoad back = loadAnyScene(out);
      QVERIFY2(back.ok(), back.report().c_str());
      QCOMPARE(back.scene->kind().name(), load.scene->kind().name());
      QCOMPARE(back.scene->toJson(dir.path().toStdString()).dump(), load.scene->toJson(dir.path().toStdString()).dump());
    }
    const SceneLoad sat = loadAnyScene(path("scenes/satellite_arm.json"));
    QVERIFY(!sat.scene->writable());
    bool refused = false;
    try {
      sat.scene->write(dir.filePath("sat.json").toStdString());
    } catch (const std::runtime_error& e) {
      refused = std::string(e.what()).find("is not written by ManipLab: edit its file") != std::string::npos;
    }
    QVERIFY(refused);
    QVERIFY(!QFileInfo::exists(dir.filePath("sat.json")));
  }

  // A run through the interface: the plan, the started hook before the first row, a row per period, and
  // cancel.
  void runsThroughTheInterface() {
    for (const char* f : {"scenes/planar2r_teaching.json", "scenes/orthoglide_free_fall.json", "scenes/satellite_arm.json",
                          "scenes/pendulum.json"}) {
      SceneLoad load = loadAnyScene(path(f));
      QVERIFY2(load.ok(), load.report().c_str());
      auto scene = load.scene->clone();
      scene->setDuration(0.2);
      const auto plan = scene->plan({0});
      QCOMPARE(plan.size(), std::size_t(1));
      std::vector<ChannelInfo> started;
      std::size_t rows = 0;
      SceneRunHooks hooks;
      hooks.started = [&](const std::string&, const std::vector<ChannelInfo>& c) { started = c; };
      hooks.onRow = [&](double, const double*, std::size_t cols) {
        QCOMPARE(cols, started.size());
        ++rows;
      };
      hooks.recordEnergy = true;
      const SceneRun run = scene->run(plan[0], hooks);
      QVERIFY2(run.result.ok, run.result.message.c_str());
      QCOMPARE(run.name, plan[0].name);
      QCOMPARE(started.size(), run.recorder->channels().size());
      QCOMPARE(started.size(), scene->channels(true).size());
      QVERIFY2(rows >= 2 && rows == run.recorder->appended(), f);
      QCOMPARE(run.result.metrics.joints.size(), std::size_t(scene->jointCount()));
      // Cancel stops the run early.
      std::atomic<bool> cancel{true};
      SceneRunHooks stop;
      stop.cancel = &cancel;
      const SceneRun cancelled = scene->run(plan[0], stop);
      QVERIFY2(cancelled.result.cancelled && cancelled.recorder->rows() < run.recorder->rows(), f);
    }
  }

  // The serial kind's variants: a controller model runs the model-based controllers twice when compared.
  void serialPlanVariants() {
    const SceneLoadResult l = loadSceneFile(path("scenes/planar2r_teaching.json"));
    QVERIFY(l.ok());
    SerialRunOptions o;
    o.controllerModel = std::make_shared<const Model>(l.scene.robot.model);
    o.controllerModelLabel = "identified model";
    o.compareControllerModel = true;
    const auto plan = planSerialRuns(l.scene, {}, o);
    std::vector<std::string> names;
    for (const auto& p : plan) names.push_back(p.name);
    std::vector<std::string> expected;
    for (const auto& c : l.scene.controllers) {
      expected.push_back(c.name);
      if (c.type == "computed_torque" || c.type == "pd_gravity") expected.push_back(c.name + " (identified model)");
    }
    QCOMPARE(names, expected);
  }

  // The pendulum kind: its robot is the pendulum (M = m l^2, g(theta) = m g l sin theta), its free swing
  // has the exact period, and its controllers run on it.
  void pendulumAgainstClosedForms() {
    const SceneLoad load = loadAnyScene(path("scenes/pendulum.json"));
    QVERIFY2(load.ok(), load.report().c_str());
    const AnyScene& scene = *load.scene;
    QCOMPARE(scene.kind().name(), std::string("pendulum"));
    QVERIFY(scene.serialRobot() && scene.jointSpaceScene());
    const Model& m = scene.serialRobot()->model;
    QCOMPARE(m.nq, 1);
    const double l = 1.0, mass = 1.0, g = 9.81;
    Data data(m);
    for (const double th : {0.0, 0.4, 1.0, 2.5}) {
      VectorX q(1), z = VectorX::Zero(1);
      q << th;
      crba(m, data, q);
      QVERIFY(std::abs(data.M(0, 0) - mass * l * l) < 1e-12);
      RneaOptions noFriction;
      noFriction.friction = false;
      const VectorX tau = rnea(m, data, q, z, z, noFriction);
      QVERIFY2(std::abs(tau[0] - mass * g * l * std::sin(th)) < 1e-12, qPrintable(QString::number(tau[0])));
    }
    // The free swing from 60 degrees at rest.
    const double a = M_PI / 3, T0 = 2 * M_PI * std::sqrt(l / g), T = 4 * std::sqrt(l / g) * std::comp_ellint_1(std::sin(a / 2));
    QVERIFY(std::abs(T - 2.15287) < 1e-5 && std::abs(T0 - 2.00607) < 1e-5);
    const auto plan = scene.plan();
    QCOMPARE(plan.size(), std::size_t(3));
    const SceneRun free = scene.run(plan[0]);
    QVERIFY(free.result.ok);
    QCOMPARE(free.summary.size(), std::size_t(3));
    // The measured period from the recorded angle (upward zero crossings, linear interpolation).
    const int qc = free.recorder->channelIndex("q[1]");
    std::vector<double> crossings;
    for (std::size_t r = 1; r < free.recorder->rows(); ++r) {
      const double y0 = free.recorder->value(r - 1, qc), y1 = free.recorder->value(r, qc);
      if (y0 < 0 && y1 >= 0)
        crossings.push_back(free.recorder->time(r - 1) + (free.recorder->time(r) - free.recorder->time(r - 1)) * -y0 / (y1 - y0));
    }
    QVERIFY(crossings.size() >= 2);
    const double Tm = (crossings.back() - crossings.front()) / double(crossings.size() - 1);
    QVERIFY2(std::abs(Tm - T) < 1e-6 * T, qPrintable(QString::number(Tm, 'g', 12)));
    QVERIFY(std::abs(Tm - T0) > 0.07 * T0);  // a 60 degree swing is 7 % slower than the small-angle one
    auto has = [&](const std::string& s) {
      for (const auto& line : free.summary)
        if (line.find(s) != std::string::npos) return true;
      return false;
    };
    QVERIFY(has("small-angle period 2 pi sqrt(l/g)         2.00607 s"));
    QVERIFY(has("exact period 4 sqrt(l/g) K(sin(a/2))      2.15287 s for the amplitude a = 60 deg (+7.32 %"));
    QVERIFY(has("measured period (upward crossings of 0)  2.15287 s"));
    // The energy of the free swing is conserved (no friction).
    QVERIFY2(free.result.energyDriftRelative < 1e-9, qPrintable(QString::number(free.result.energyDriftRelative)));
    // Controlled runs bring it to rest at the bottom; they have no period summary.
    for (std::size_t k = 1; k < plan.size(); ++k) {
      const SceneRun r = scene.run(plan[k]);
      QVERIFY2(r.result.ok, r.result.message.c_str());
      QVERIFY(r.summary.empty());
      QVERIFY2(std::abs(r.result.metrics.joints[0].steadyStateError) < 2e-3, plan[k].name.c_str());
    }
    // A bad pendulum is named by its field.
    const SceneLoad bad = parseAnyScene(R"({"format": "maniplab-scene", "version": 1, "kind": "pendulum", "name": "p",
      "pendulum": {"length": -1, "mass": 1, "spring": 3}, "trajectory": {"type": "hold"}, "duration": 1,
      "controllers": [{"type": "zero"}]})", "p.json", ".");
    QVERIFY(!bad.ok());
    QVERIFY(bad.report().find("p.json:/pendulum/length: error: must be positive") != std::string::npos);
    QVERIFY(bad.report().find("p.json:/pendulum/spring: error: unknown key") != std::string::npos);
  }

  // The Orthoglide computed torque counts the periods where its model could not be evaluated (then it
  // applies its PD part), and a run reports them in its metrics, table and JSON.
  void orthoglideModelFallbacks() {
    const SceneLoad load = loadAnyScene(path("scenes/orthoglide_ctc_vs_pid.json"));
    QVERIFY(load.ok());
    const OrthoglideScene& s = *sceneData<OrthoglideScene>(load.scene.get());
    const ControllerSpec& spec = s.controllers.front();
    QCOMPARE(spec.type, std::string("computed_torque"));
    auto ctrl = makeOrthoglideController(spec, s.robot.model);
    QVERIFY(ctrl->hasModelFallback());
    ctrl->reset(3);
    VectorX L = VectorX::Constant(3, 5.0), Ld = VectorX::Zero(3), tau = VectorX::Zero(3);  // far out of reach
    JointReference ref{VectorX::Constant(3, 0.2), VectorX::Zero(3), VectorX::Zero(3)};
    const ControlInput in{0, &L, &Ld, &ref, 1e-3};
    ctrl->compute(in, tau);
    QCOMPARE(ctrl->modelFallbacks(), 1LL);
    for (int i = 0; i < 3; ++i) QVERIFY(std::abs(tau[i] - spec.kp[i] * (0.2 - 5.0)) < 1e-9);  // the PD part only
    ctrl->reset(3);
    QCOMPARE(ctrl->modelFallbacks(), 0LL);
    ctrl->compute(in, tau);
    ctrl->compute(in, tau);
    RunResult r;
    r.periods = 3;  // t_0 .. t_3: four control periods
    recordModelFallbacks(r, *ctrl);
    QCOMPARE(r.metrics.fallbackPeriods, 2LL);
    QCOMPARE(r.metrics.controlPeriods, 4LL);
    QCOMPARE(modelFallbackText("computed_torque", r.metrics),
             std::string("computed_torque: the controller's model could not be evaluated in 2 of 4 control periods (50 %): "
                         "the PD part alone was applied there"));
    r.metrics.fallbackPeriods = 3;
    QVERIFY(modelFallbackText("ct", r.metrics).find("(the run was mostly PD, not computed torque)") != std::string::npos);
    r.metrics.joints.resize(3);
    const std::string table = comparisonTable({{"ct", r.metrics}});
    QVERIFY2(table.find("Model fallbacks") != std::string::npos && table.find("ct     | 3 of 4 (75 %)") != std::string::npos,
             table.c_str());
    QVERIFY(comparisonJson({{"ct", r.metrics}}).find("\"fallbackPeriods\": 3") != std::string::npos);
    // A PID has no fallback; the shipped scene's computed torque never falls back.
    QVERIFY(!makeOrthoglideController(s.controllers[1], s.robot.model)->hasModelFallback());
    auto shorter = load.scene->clone();
    shorter->setDuration(0.3);
    const SceneRun run = shorter->run(shorter->plan({0}).front());
    QVERIFY(run.result.ok);
    QCOMPARE(run.result.metrics.fallbackPeriods, 0LL);
    QCOMPARE(run.result.metrics.controlPeriods, run.result.periods + 1);
    QVERIFY(comparisonTable({{"ct", run.result.metrics}}).find("Model fallbacks") == std::string::npos);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(SceneKinds)
#include "test_scene_kinds.moc"  // (in the namespace, as the class)

}  // namespace test_scene_kinds
