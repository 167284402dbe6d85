// Scene files: every shipped scene loads and builds; malformed scenes are rejected with the file and
// the JSON pointer of the field.
#include <cmath>

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "support/test_main.hpp"

namespace test_scenes {

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

  /// fitSceneToRobot: every shipped serial scene given another robot (fewer joints, more, a tree) keeps a
  /// trajectory and controllers of the new robot's length: the reader's shape checks pass, the trajectory
  /// is built with the robot's joints (Cartesian ones aside, whose inverse kinematics is the robot's own),
  /// each per-joint gain has one value per joint.
  void fittedToAnotherRobot_data() { shippedScenesLoad_data(); }
  void fittedToAnotherRobot() {
    QFETCH(QString, file);
    for (const char* robot : {"robots/planar2r.json", "robots/stanford.json", "robots/two_arm_torso_mdh.json"}) {
      SceneLoadResult r = loadSceneFile((MANIPLAB_SOURCE_DIR "/scenes/" + file).toStdString());
      QVERIFY2(r.ok(), r.report().c_str());
      Scene& s = r.scene;
      const int oldN = s.robot.model.nq;
      s.robot = loadRobotFile(std::string(MANIPLAB_SOURCE_DIR "/") + robot);
      QVERIFY2(s.robot.ok(), s.robot.report().c_str());
      const int n = s.robot.model.nq;
      QCOMPARE(fitSceneToRobot(s, oldN), oldN != n);
      const auto diags = validateTrajectory(s.trajectory, s.robot.model, "t.json");
      for (const auto& d : diags) QVERIFY2(d.severity != Diagnostic::Severity::Error, (robot + (": " + d.path + " " + d.message)).c_str());
      const std::string type = s.trajectory.value("type", "");
      if (type.rfind("cartesian", 0) != 0 && type != "umis_thesis_line") QCOMPARE(makeTrajectory(s)->dof(), n);
      for (const auto& c : s.controllers) {
        if (c.type == "operational_space") continue;
        for (const VectorX* v : {&c.kp, &c.kv, &c.ki, &c.derivativeFilter, &c.saturation, &c.trackingTime})
          QVERIFY2(v->size() == 0 || v->size() == n, qPrintable(QString("%1 %2: %3 values").arg(robot, c.name.c_str()).arg(v->size())));
        QVERIFY(makeController(c, s.robot.model) != nullptr);
      }
    }
  }
  /// The values fitSceneToRobot writes: the first joints' kept, a new joint at the robot's home with the
  /// last joint's gains; fewer joints: the first ones.
  void fittedValues() {
    SceneLoadResult r = loadSceneFile(MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json");
    QVERIFY2(r.ok(), r.report().c_str());
    Scene& s = r.scene;
    s.robot = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/scara.json");
    QVERIFY(s.robot.ok());
    const int n = s.robot.model.nq;
    QVERIFY(n > 2);
    QVERIFY(fitSceneToRobot(s, 2));
    QCOMPARE(int(s.trajectory["from"].size()), n);
    QCOMPARE(s.trajectory["from"][0].get<double>(), -1.5707963267948966);
    for (int j = 2; j < n; ++j) {
      QCOMPARE(s.trajectory["from"][std::size_t(j)].get<double>(), s.robot.model.home[j]);
      QCOMPARE(s.trajectory["to"][std::size_t(j)].get<double>(), s.robot.model.home[j]);
    }
    const ControllerSpec& pid = s.controllers[0];
    QCOMPARE(pid.type, std::string("pid"));
    QCOMPARE(pid.kp[0], 400.0);
    QCOMPARE(pid.kp[1], 200.0);
    for (int j = 2; j < n; ++j) QCOMPARE(pid.kp[j], 200.0);
    QVERIFY(!fitSceneToRobot(s, n));  // the same count: nothing to do
    // fewer joints: the via points of the Puma scene keep their first two values
    SceneLoadResult puma = loadSceneFile(MANIPLAB_SOURCE_DIR "/scenes/default.json");
    QVERIFY2(puma.ok(), puma.report().c_str());
    const nlohmann::json points = puma.scene.trajectory["points"];
    puma.scene.robot = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/planar2r.json");
    QVERIFY(fitSceneToRobot(puma.scene, 6));
    for (std::size_t k = 0; k < points.size(); ++k) {
      QCOMPARE(puma.scene.trajectory["points"][k].size(), std::size_t(2));
      QCOMPARE(puma.scene.trajectory["points"][k][1].get<double>(), points[k][1].get<double>());
    }
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
    // A rate beyond any real controller (a period under 1 us): refused at its field with the range, alone
    // (before the bound, 4 GHz was met only as the run-size estimate at /rates).
    QTest::newRow("control rate 4 GHz") << "/rates" << R"({"control_hz": 4e9})" << "/rates/control_hz"
                                        << "must be between 0 and 1000000 Hz (got 4000000000)";
    QTest::newRow("plant rate 8 GHz") << "/rates" << R"({"control_hz": 1000, "plant_hz": 8e9})" << "/rates/plant_hz"
                                      << "must be between 0 and 1000000 Hz (got 8000000000)";
    // Work that cannot finish at rates within their bounds: a day of 400 Hz control of a 2-joint arm is
    // 3.456e7 control periods, beyond the 1e7 control periods x joints (at /duration: the file sets no rates).
    QTest::newRow("run beyond any run") << "/duration" << "86400" << "/duration"
                                        << "is 34560000 control periods and 172800000 plant steps of 2 joints";
    QTest::newRow("duration over a day") << "/duration" << "1e6" << "/duration" << "must be at most 24 h of simulated time";
    // Gains, time constants and trajectory values beyond any real controller or motion: refused at their
    // field (or entry) with the range of model/field_bounds.hpp, once.
    QTest::newRow("gain beyond any loop") << "/controllers/0/kp" << "1e300" << "/controllers/0/kp"
                                          << "must be between 0 and 1e+13 SI (got 1e+300)";
    QTest::newRow("negative gain entry") << "/controllers/0/kv" << "[20, -1]" << "/controllers/0/kv/1"
                                         << "must be between 0 and 1e+13 SI (got -1)";
    QTest::newRow("design damping negative") << "/controllers/0"
                                             << R"({"type": "computed_torque", "design": {"natural_frequency": 10, "damping": -1}})"
                                             << "/controllers/0/design/damping" << "must be between 0 and 1000 (got -1)";
    QTest::newRow("design natural frequency") << "/controllers/0"
                                              << R"({"type": "computed_torque", "design": {"natural_frequency": 1e9}})"
                                              << "/controllers/0/design/natural_frequency"
                                              << "must be between 0 and 3000000 rad/s (got 1000000000)";
    QTest::newRow("PID saturation") << "/controllers/0" << R"({"type": "pid", "kp": 10, "saturation": 1e9})"
                                    << "/controllers/0/saturation" << "must be between 0 and 10000000 N m or N (got 1000000000)";
    QTest::newRow("PID filter over a day") << "/controllers/0" << R"({"type": "pid", "kp": 10, "derivative_filter": [0.01, 1e6]})"
                                           << "/controllers/0/derivative_filter/1" << "must be between 0 and 86400 s (got 1000000)";
    QTest::newRow("model seed negative") << "/controllers/0/model" << R"({"seed": -1})" << "/controllers/0/model/seed"
                                         << "must be a whole number from 0 to 9007199254740992";
    QTest::newRow("measurement seed fraction") << "/measurement" << R"({"seed": 1.5})" << "/measurement/seed"
                                               << "must be a whole number from 0 to 9007199254740992";
    QTest::newRow("segment over a day") << "/trajectory/duration" << "1e6" << "/trajectory/duration"
                                        << "must be between 0 and 86400 s (got 1000000)";
    QTest::newRow("via time over a day") << "/trajectory" << R"({"type": "via_points", "points": [[0, 0], [1, 1]], "times": [0, 1e6]})"
                                         << "/trajectory/times/1" << "must be between 0 and 86400 s (got 1000000)";
    QTest::newRow("trapezoidal zero velocity")
        << "/trajectory" << R"({"type": "trapezoidal", "from": 0, "to": 1, "max_velocity": [1, 0], "max_acceleration": 1})"
        << "/trajectory/max_velocity/1" << "must be positive";
    QTest::newRow("trapezoidal acceleration")
        << "/trajectory" << R"({"type": "trapezoidal", "from": 0, "to": 1, "max_velocity": 1, "max_acceleration": 1e9})"
        << "/trajectory/max_acceleration" << "must be between 0 and 1000000 rad/s^2 or m/s^2 (got 1000000000)";
    QTest::newRow("excitation frequency")
        << "/trajectory" << R"({"type": "fourier", "q0": 0, "base_frequency": 1e4, "a": [[0], [0]], "b": [[0], [0]]})"
        << "/trajectory/base_frequency" << "must be between 0 and 1000 Hz (got 10000)";
    QTest::newRow("excitation periods")
        << "/trajectory" << R"({"type": "fourier", "q0": 0, "base_frequency": 1, "a": [[0], [0]], "b": [[0], [0]], "periods": 1e7})"
        << "/trajectory/periods" << "must be between 0 and 1000000 (got 10000000)";
    QTest::newRow("design response time") << "/controllers/0" << R"({"type": "computed_torque", "design": {"response_time": 1e6}})"
                                          << "/controllers/0/design/response_time" << "must be between 0 and 86400 s (got 1000000)";
    QTest::newRow("Coulomb smoothing") << "/plant" << R"({"coulomb_smoothing": 1e5})" << "/plant/coulomb_smoothing"
                                       << "must be between 0 and 10000 rad/s or m/s (got 100000)";
    QTest::newRow("integrator tolerance") << "/integrator" << R"({"stepper": "dopri5", "abs_tol": 5})" << "/integrator/abs_tol"
                                          << "must be between 0 and 1 (got 5)";
    // The straight line is sampled when the run is built (inverse kinematics at each sample): work refused
    // with its count at the field that sets it.
    QTest::newRow("line samples")
        << "/trajectory"
        << R"({"type": "cartesian_line", "from": {"xyz": [0.5, 0, 0.5], "euler_xyz": [0, 0, 0]},
               "to": {"xyz": [0.6, 0, 0.5], "euler_xyz": [0, 0, 0]}, "duration": 100, "sample_period": 1e-5})"
        << "/trajectory/sample_period"
        << "100 s sampled every 1e-05 s is 10000000 samples of the straight line (inverse kinematics at each): at most 1000000";
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
      QVERIFY2(!d.code.empty(), d.message.c_str());  // a coded message: translated by the GUI
      for (const char* foreign : {"json.exception", "Trajectory:", "std::", "tinyxml", "nlohmann", "internal"})
        QVERIFY2(d.message.find(foreign) == std::string::npos, d.message.c_str());
    }
    QVERIFY2(errors == 1, r.report().c_str());  // said once, and nothing else blamed
  }

  void pidSaturationFromLimits() {
    const SceneLoadResult r = parseWith("/controllers/0", R"({"type": "pid", "kp": 10, "saturation": "limits"})");
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.scene.controllers[0].saturation[0], r.scene.robot.model.limits[0].effort);
  }

  // A joint without saturation among saturated ones: the writers put the largest double for its infinity
  // (JSON has none), which reads back as no saturation, not as a torque beyond the bound.
  void pidSaturationPerJointRoundTrips() {
    const SceneLoadResult r = parseWith("/controllers/0", R"({"type": "pid", "kp": 10, "saturation": [5, 1.7976931348623157e308]})");
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.scene.controllers[0].saturation[0], 5.0);
    QVERIFY(std::isinf(r.scene.controllers[0].saturation[1]) && r.scene.controllers[0].saturation[1] > 0);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("mixed.json").toStdString();
    Scene s = r.scene;
    writeSceneFile(s, path);
    const SceneLoadResult back = loadSceneFile(path);
    QVERIFY2(back.ok(), back.report().c_str());
    QCOMPARE(back.scene.controllers[0].saturation[0], 5.0);
    QVERIFY(std::isinf(back.scene.controllers[0].saturation[1]));
  }
};

MANIPLAB_TEST_GUILESS_MAIN(Scenes)
#include "test_scenes.moc"  // (in the namespace, as the class)

}  // namespace test_scenes
