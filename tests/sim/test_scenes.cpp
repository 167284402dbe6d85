// Scene files: every shipped scene loads and builds; malformed scenes are rejected with the file and
// the JSON pointer of the field.
#include <QDir>
#include <QTest>

#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"

using namespace maniplab;
using namespace maniplab::sim;

namespace {
const char* kBase = R"({"format": "maniplab-scene", "version": 1, "name": "t", "robot": "robots/planar2r.json",
  "trajectory": {"type": "quintic", "from": [0, 0], "to": [1, 1], "duration": 1}, "duration": 2,
  "controllers": [{"type": "computed_torque", "kp": 100, "kv": 20}]})";

SceneLoadResult parseWith(const std::string& key, const std::string& value) {
  nlohmann::json doc = nlohmann::json::parse(kBase);
  nlohmann::json patch = nlohmann::json::parse(value);
  doc[nlohmann::json::json_pointer(key)] = patch;
  return parseScene(doc.dump(), "t.json", MANIPLAB_SOURCE_DIR);
}

bool hasError(const SceneLoadResult& r, const std::string& path, const std::string& fragment) {
  for (const auto& d : r.diagnostics)
    if (d.severity == Diagnostic::Severity::Error && d.path == path && d.message.find(fragment) != std::string::npos)
      return true;
  qWarning("%s", r.report().c_str());
  return false;
}
}  // namespace

class Scenes : public QObject {
  Q_OBJECT
 private slots:
  void shippedScenesLoad_data() {
    QTest::addColumn<QString>("file");
    QStringList files = QDir(MANIPLAB_SOURCE_DIR "/scenes").entryList({"*.json"}, QDir::Files);
    files.removeIf([](const QString& f) {  // the other kinds (test_scene_kinds, test_orthoglide_sim, test_floating_base)
      std::string text;
      readTextFile(MANIPLAB_SOURCE_DIR "/scenes/" + f.toStdString(), text);
      const SceneKind* kind = sceneKindOf(readDocumentHeader(text));
      return !kind || kind->name() != "serial";
    });
    QVERIFY(files.size() >= 5);
    for (const auto& f : files) QTest::newRow(qPrintable(f)) << f;
  }
  void shippedScenesLoad() {
    QFETCH(QString, file);
    const SceneLoadResult r = loadSceneFile((MANIPLAB_SOURCE_DIR "/scenes/" + file).toStdString());
    QVERIFY2(r.ok(), r.report().c_str());
    const auto traj = makeTrajectory(r.scene);
    QCOMPARE(traj->dof(), r.scene.robot.model.nq);
    for (const auto& c : r.scene.controllers) QVERIFY(makeController(c, r.scene.robot.model) != nullptr);
  }

  void baseSceneIsValid() {
    const SceneLoadResult r = parseScene(kBase, "t.json", MANIPLAB_SOURCE_DIR);
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.scene.controlPeriod, 1.0 / 400);
    QCOMPARE(r.scene.plant.period, 1.0 / 2000);
  }

  void errors() {
    QVERIFY(hasError(parseWith("/duration", "-1"), "/duration", "must be positive"));
    QVERIFY(hasError(parseWith("/robot", "\"robots/nope.json\""), "/robot", "is invalid"));
    QVERIFY(hasError(parseWith("/rates", R"({"control_hz": 400, "plant_hz": 1000})"), "/rates", "whole multiple"));
    QVERIFY(hasError(parseWith("/integrator", R"({"stepper": "leapfrog"})"), "/integrator/stepper", "euler"));
    QVERIFY(hasError(parseWith("/trajectory/type", "\"spiral\""), "/trajectory/type", "unknown trajectory type"));
    QVERIFY(hasError(parseWith("/trajectory/to", "[1, 2, 3]"), "/trajectory/to", "must have 2 values"));
    QVERIFY(hasError(parseWith("/controllers/0/kp", "\"x\""), "/controllers/0/kp", "must be a number or an array"));
    QVERIFY(hasError(parseWith("/controllers/0/type", "\"magic\""), "/controllers/0/type", "must be"));
    QVERIFY(hasError(parseWith("/controllers/1", R"({"type": "computed_torque", "kp": 1, "kv": 1})"),
                     "/controllers/1/name", "duplicate controller name"));
    QVERIFY(hasError(parseWith("/controllers/0/model", R"({"perturbation_percent": 150})"),
                     "/controllers/0/model/perturbation_percent", "[0, 100)"));
    QVERIFY(hasError(parseWith("/measurement", R"({"noise_std": -1})"), "/measurement/noise_std", "non-negative"));
    QVERIFY(hasError(parseWith("/record", R"(["everything"])"), "/record/0", "unknown channel group"));
    QVERIFY(hasError(parseWith("/colour", "1"), "/colour", "unknown key"));
    QVERIFY(hasError(parseWith("/controllers/0/design", R"({"response_time": 0.2})"), "/controllers/0/design",
                     "not both"));
    const SceneLoadResult missing = loadSceneFile("/nonexistent/scene.json");
    QVERIFY(!missing.ok());
    QVERIFY(missing.report().find("/nonexistent/scene.json:/: error: cannot open file") != std::string::npos);
  }

  // Each fault once, at the field that holds it, in words: no library exception text, no class name
  // (cases found by trying malformed scenes as a user would).
  void faultsNamedOnceAtTheirField_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("errorPath");
    QTest::addColumn<QString>("fragment");
    const char* via = R"({"type": "via_points", "points": [[0, 0], [1], [0, 0]], "times": [0, 1, 2]})";
    QTest::newRow("via point too short") << "/trajectory" << via << "/trajectory/points/1" << "must have 2 values (one per joint), got 1";
    QTest::newRow("via point not numbers") << "/trajectory"
                                           << R"({"type": "via_points", "points": [[0, 0], [1, "a"]], "times": [0, 1]})"
                                           << "/trajectory/points/1/1" << "must be a number";
    QTest::newRow("via times decreasing") << "/trajectory"
                                          << R"({"type": "via_points", "points": [[0, 0], [1, 1], [0, 0]], "times": [0, 2, 1]})"
                                          << "/trajectory/times/2" << "must be later than the previous time (2 s)";
    QTest::newRow("via first time negative") << "/trajectory"
                                             << R"({"type": "via_points", "points": [[0, 0], [1, 1]], "times": [-1, 1]})"
                                             << "/trajectory/times/0" << "must be non-negative";
    QTest::newRow("gain of the wrong length") << "/controllers/0"
                                              << R"({"type": "pid", "kp": [1, 2, 3]})"
                                              << "/controllers/0/kp" << "must have 2 values (one per joint), got 3";
    // Work that cannot finish: 4 GHz control of a 2-joint arm for 2 s is 8e9 control periods.
    QTest::newRow("rates beyond any run") << "/rates" << R"({"control_hz": 4e9, "plant_hz": 8e9})" << "/rates"
                                          << "control periods and 1.6e+10 plant steps of 2 joints";
  }
  void faultsNamedOnceAtTheirField() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, errorPath);
    QFETCH(QString, fragment);
    const SceneLoadResult r = parseWith(pointer.toStdString(), value.toStdString());
    QVERIFY(hasError(r, errorPath.toStdString(), fragment.toStdString()));
    int errors = 0;
    for (const auto& d : r.diagnostics) {
      if (d.severity != Diagnostic::Severity::Error) continue;
      ++errors;
      QVERIFY2(d.message.find("json.exception") == std::string::npos && d.message.find("Trajectory:") == std::string::npos,
               d.message.c_str());
    }
    QVERIFY2(errors == 1, r.report().c_str());  // said once, and nothing else blamed
  }

  void pidSaturationFromLimits() {
    const SceneLoadResult r = parseWith("/controllers/0", R"({"type": "pid", "kp": 10, "saturation": "limits"})");
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.scene.controllers[0].saturation[0], r.scene.robot.model.limits[0].effort);
  }
};

QTEST_GUILESS_MAIN(Scenes)
#include "test_scenes.moc"
