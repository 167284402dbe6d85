// The control panel's trajectory and controllers, and File > Save scene: every shipped serial scene
// written by sceneToJson reads back to the same Scene (also through the panel, unedited); a trajectory
// type and parameter changed in the panel change q_d of the run (the GUI's Run action, CSV export);
// controllers are added with default gains (unique names) and removed; a joint added in the chain editor
// adapts the trajectory and the gains; a failed save keeps the previous file / leaves nothing behind and
// says why; an edit of the panel makes File > New ask about the unsaved scene. Orthoglide scenes: both
// shipped ones round-trip through orthoglideSceneToJson, the panel and writeOrthoglideSceneFile; a PID
// gain edited in the panel changes that PID's run (and nothing else), an unticked controller does not
// run, an unreachable way-point is refused with the reader's reason, Save scene + reopen gives the same
// panel; the satellite scene's fixed control is said in the panel.
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QtTest>
#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "maniplab/sim/control/controller_defaults.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/control/gain_design.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "maniplab/ui/trajectory_editor.hpp"
#include "kinds/orthoglide.hpp"  // the control panel's rules for Orthoglide scenes (ui/src)
#include "support/main_window_driver.hpp"
#include "support/test_main.hpp"

namespace test_control_panel_scene {

using namespace maniplab;
using namespace maniplab::ui;
using nlohmann::json;
using maniplab::test::action;
using maniplab::test::answerFileDialog;
using maniplab::test::runFor;

namespace {

QString source(const QString& rel) { return QStringLiteral(MANIPLAB_SOURCE_DIR "/") + rel; }

QString vec(const VectorX& v) {
  QStringList s;
  for (int i = 0; i < v.size(); ++i) s << QString::number(v[i], 'g', 17);
  return QStringLiteral("[") + s.join(QStringLiteral(", ")) + QStringLiteral("]");
}

bool sameVec(const VectorX& x, const VectorX& y) { return x.size() == y.size() && (x.array() == y.array()).all(); }
std::string absolutePath(const std::string& p) { return std::filesystem::absolute(p).lexically_normal().string(); }

/// The first plant option where two scenes differ ("" when equal; the measurement chain apart).
QString plantDifference(const sim::PlantOptions& p, const sim::PlantOptions& q) {
  if (p.stepper != q.stepper) return QStringLiteral("plant.stepper");
  if (p.period != q.period) return QStringLiteral("plant.period");
  if (p.absTolerance != q.absTolerance || p.relTolerance != q.relTolerance) return QStringLiteral("plant tolerances");
  if (p.gravity != q.gravity || p.friction != q.friction || p.saturateTorque != q.saturateTorque) return QStringLiteral("plant flags");
  if (p.coulombSmoothing != q.coulombSmoothing) return QStringLiteral("plant.coulombSmoothing");
  return {};
}

/// The first field where two controller lists differ ("" when equal).
QString controllersDifference(const std::vector<sim::ControllerSpec>& a, const std::vector<sim::ControllerSpec>& b) {
  if (a.size() != b.size()) return QStringLiteral("controller count");
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto &x = a[i], &y = b[i];
    const QString c = QStringLiteral("controller %1 (%2): ").arg(i).arg(QString::fromStdString(x.name));
    if (x.name != y.name || x.type != y.type) return c + QStringLiteral("name/type");
    if (!sameVec(x.kp, y.kp)) return c + QStringLiteral("kp %1 vs %2").arg(vec(x.kp), vec(y.kp));
    if (!sameVec(x.kv, y.kv)) return c + QStringLiteral("kv %1 vs %2").arg(vec(x.kv), vec(y.kv));
    if (!sameVec(x.ki, y.ki)) return c + QStringLiteral("ki");
    if (!sameVec(x.derivativeFilter, y.derivativeFilter)) return c + QStringLiteral("derivativeFilter");
    if (!sameVec(x.saturation, y.saturation)) return c + QStringLiteral("saturation %1 vs %2").arg(vec(x.saturation), vec(y.saturation));
    if (!sameVec(x.trackingTime, y.trackingTime)) return c + QStringLiteral("trackingTime");
    if (x.antiWindup != y.antiWindup) return c + QStringLiteral("antiWindup");
    if (x.perturbationPercent != y.perturbationPercent || x.perturbationSeed != y.perturbationSeed) return c + QStringLiteral("perturbation");
    if (x.friction != y.friction) return c + QStringLiteral("friction compensation");
    if (x.singularThreshold != y.singularThreshold || x.maxDamping != y.maxDamping) return c + QStringLiteral("damping");
  }
  return {};
}

bool sameRecord(const sim::RecordSelection& r, const sim::RecordSelection& s) {
  return r.reference == s.reference && r.state == s.state && r.error == s.error && r.torque == s.torque &&
         r.friction == s.friction && r.endEffector == s.endEffector && r.energy == s.energy && r.timing == s.timing;
}

/// The first field where two scenes differ ("" when they are equal). Exact comparisons: JSON keeps
/// every double (shortest round-trip form) and the rates are whole Hz.
QString sceneDifference(const sim::Scene& a, const sim::Scene& b) {
  auto sameStd = [](const std::vector<double>& x, const std::vector<double>& y) { return x == y; };
  if (a.name != b.name) return QStringLiteral("name");
  if (a.description != b.description) return QStringLiteral("description");
  if (absolutePath(a.robotFile) != absolutePath(b.robotFile))
    return QStringLiteral("robotFile %1 vs %2").arg(QString::fromStdString(a.robotFile), QString::fromStdString(b.robotFile));
  if (a.robot.model.nq != b.robot.model.nq || a.robot.model.name != b.robot.model.name) return QStringLiteral("robot");
  if (a.trajectory != b.trajectory)
    return QStringLiteral("trajectory %1 vs %2").arg(QString::fromStdString(a.trajectory.dump()), QString::fromStdString(b.trajectory.dump()));
  if (a.duration != b.duration) return QStringLiteral("duration");
  if (a.controlPeriod != b.controlPeriod) return QStringLiteral("controlPeriod %1 vs %2").arg(a.controlPeriod, 0, 'g', 17).arg(b.controlPeriod, 0, 'g', 17);
  if (const QString d = plantDifference(a.plant, b.plant); !d.isEmpty()) return d;
  const auto &p = a.plant, &q = b.plant;
  if (!sameStd(p.measurement.quantum, q.measurement.quantum)) return QStringLiteral("measurement.quantum");
  if (!sameStd(p.measurement.noiseStd, q.measurement.noiseStd)) return QStringLiteral("measurement.noiseStd");
  if (p.measurement.seed != q.measurement.seed) return QStringLiteral("measurement.seed");
  if (p.measurement.estimateVelocity != q.measurement.estimateVelocity) return QStringLiteral("measurement.velocity");
  if (p.measurement.velocityWindow != q.measurement.velocityWindow) return QStringLiteral("measurement.velocityWindow");
  if (!sameVec(a.q0, b.q0)) return QStringLiteral("q0 %1 vs %2").arg(vec(a.q0), vec(b.q0));
  if (!sameVec(a.qd0, b.qd0)) return QStringLiteral("qd0");
  if (const QString d = controllersDifference(a.controllers, b.controllers); !d.isEmpty()) return d;
  if (!sameRecord(a.record, b.record)) return QStringLiteral("record");
  if (a.backend != b.backend) return QStringLiteral("backend");
  return {};
}

/// The same for Orthoglide scenes.
QString orthoSceneDifference(const sim::OrthoglideScene& a, const sim::OrthoglideScene& b) {
  if (a.name != b.name) return QStringLiteral("name");
  if (a.description != b.description) return QStringLiteral("description");
  if (absolutePath(a.robotFile) != absolutePath(b.robotFile)) return QStringLiteral("robotFile");
  if (a.robot.model.name != b.robot.model.name) return QStringLiteral("robot");
  if (a.points.size() != b.points.size()) return QStringLiteral("point count");
  for (std::size_t k = 0; k < a.points.size(); ++k)
    if (a.points[k] != b.points[k]) return QStringLiteral("point %1").arg(k);
  if (a.durations != b.durations) return QStringLiteral("durations");
  if (a.duration != b.duration) return QStringLiteral("duration");
  if (a.controlPeriod != b.controlPeriod) return QStringLiteral("controlPeriod");
  if (const QString d = plantDifference(a.plant, b.plant); !d.isEmpty()) return d;
  if (const QString d = controllersDifference(a.controllers, b.controllers); !d.isEmpty()) return d;
  if (!sameRecord(a.record, b.record)) return QStringLiteral("record");
  return {};
}

/// Answers the next message box with `button` from a timer, as the user would; `seen` receives its text
/// (file dialogs: maniplab::test::answerFileDialog).
void answerMessageBox(QMessageBox::StandardButton button, QString* seen) {
  auto* t = new QTimer(qApp);
  auto tries = std::make_shared<int>(0);
  QObject::connect(t, &QTimer::timeout, t, [t, button, seen, tries] {
    if (++*tries > 500) {
      t->deleteLater();
      return;
    }
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (!box) return;
    t->stop();
    t->deleteLater();
    *seen = box->text();
    box->button(button)->click();
  });
  t->start(20);
}

QByteArray fileBytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

int column(const sim::CsvTable& t, const std::string& name) {
  for (std::size_t i = 0; i < t.names.size(); ++i)
    if (t.names[i] == name) return int(i);
  return -1;
}

}  // namespace

class TestControlPanelScene : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ManipLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_control_panel_scene"));
    QSettings().clear();
    QSettings().setValue(QStringLiteral("language"), QStringLiteral("en"));
  }

  // Every shipped serial scene: sceneToJson -> parseScene gives the same Scene; so does the panel's
  // applyTo on an unedited scene, and the atomic file written by writeSceneFile.
  void roundTripShippedScenes_data() {
    QTest::addColumn<QString>("file");
    const QStringList files =
        QDir(source(QStringLiteral("scenes"))).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    int n = 0;
    for (const QString& f : files) {
      QFile file(source(QStringLiteral("scenes/") + f));
      if (!file.open(QIODevice::ReadOnly)) continue;
      const sim::SceneKind* kind = sim::sceneKindOf(sim::readDocumentHeader(file.readAll().toStdString()));
      if (!kind || kind->name() != "serial") continue;  // the other kinds have their own tests below
      QTest::newRow(qPrintable(f)) << f;
      ++n;
    }
    QVERIFY(n >= 7);
  }
  void roundTripShippedScenes() {
    QFETCH(QString, file);
    const std::string path = source(QStringLiteral("scenes/") + file).toStdString();
    const auto loaded = sim::loadSceneFile(path);
    QVERIFY2(loaded.ok(), loaded.report().c_str());
    const sim::Scene& s = loaded.scene;
    const std::string dir = std::filesystem::path(path).parent_path().string();

    const json doc = sim::sceneToJson(s, dir);
    QCOMPARE(QString::fromStdString(doc["robot"].get<std::string>()).startsWith(QStringLiteral("../robots/")), true);
    const auto back = sim::parseScene(doc.dump(2), path, dir);
    QVERIFY2(back.ok(), back.report().c_str());
    QString diff = sceneDifference(s, back.scene);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));

    ControlPanel panel;
    panel.setScene(s);
    QVERIFY2(panel.trajectoryProblems().isEmpty(), qPrintable(panel.trajectoryProblems()));
    sim::Scene applied = s;
    QString err;
    QVERIFY2(panel.applyTo(applied, &err), qPrintable(err));
    diff = sceneDifference(s, applied);
    QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("unedited panel changed the scene: ") + diff));

    QTemporaryDir tmp;
    const std::string out = tmp.filePath(QStringLiteral("copy.json")).toStdString();
    sim::writeSceneFile(applied, out);
    const auto reread = sim::loadSceneFile(out);
    QVERIFY2(reread.ok(), reread.report().c_str());
    diff = sceneDifference(s, reread.scene);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files), QStringList{QStringLiteral("copy.json")});  // no temporary left
  }

  // The robot path is relative to the scene file when they share a directory, absolute otherwise.
  void robotPathRelativeToTheScene() {
    QTemporaryDir tmp;
    QVERIFY(QDir(tmp.path()).mkpath(QStringLiteral("robots")));
    QVERIFY(QFile::copy(source(QStringLiteral("robots/planar2r.json")), tmp.filePath(QStringLiteral("robots/r.json"))));
    auto loaded = sim::loadSceneFile(source(QStringLiteral("scenes/planar2r_teaching.json")).toStdString());
    QVERIFY(loaded.ok());
    loaded.scene.robotFile = tmp.filePath(QStringLiteral("robots/r.json")).toStdString();
    QCOMPARE(QString::fromStdString(sim::sceneToJson(loaded.scene, tmp.filePath(QStringLiteral("scenes")).toStdString())["robot"]),
             QStringLiteral("../robots/r.json"));
    QCOMPARE(QString::fromStdString(sim::sceneToJson(loaded.scene, "/nonexistent-root-dir/scenes")["robot"]),
             QDir::cleanPath(tmp.filePath(QStringLiteral("robots/r.json"))));
  }

  // The trajectory type and a parameter changed in the panel reach q_d of the run: the planar 2R's
  // quintic becomes a trapezoidal profile (filled from the quintic: v = 1.5 Δq / T), joint 1's goal is
  // set to 45°. q_d[1] goes from -90° to 45° and cruises at the filled velocity 1.5 (π/2) / 1 s; q_d[2]
  // stays 0.
  void trajectoryTypeAndGoalChangeTheReference() {
    QTemporaryDir tmp;
    const QString scene = tmp.filePath(QStringLiteral("planar.json"));
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("planar2r_teaching.json"), scene));
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(w.openFile(scene));
    auto* panel = w.findChild<ControlPanel*>();
    auto* type = panel->findChild<QComboBox*>(QStringLiteral("trajectoryTypeCombo"));
    auto* table = panel->findChild<QTableWidget*>(QStringLiteral("trajectoryJointTable"));
    QVERIFY(type && table);
    QCOMPARE(panel->trajectoryEditor()->type(), QStringLiteral("quintic"));
    QCOMPARE(table->item(0, 0)->text().toDouble(), -90.0);  // degrees shown
    QVERIFY(!w.isWindowModified());
    type->setCurrentIndex(type->findData(QStringLiteral("trapezoidal")));
    QCOMPARE(panel->trajectoryEditor()->type(), QStringLiteral("trapezoidal"));
    QCOMPARE(table->columnCount(), 4);
    QVERIFY(w.isWindowModified());
    table->item(0, 1)->setText(QStringLiteral("45"));  // goal of joint 1, as typed
    const json t = panel->trajectoryEditor()->trajectory();
    QCOMPARE(t["to"][0].get<double>(), M_PI / 4);
    QVERIFY2(panel->trajectoryProblems().isEmpty(), qPrintable(panel->trajectoryProblems()));
    // One controller: one run, one CSV file.
    panel->setControllerChecked(1, false);
    panel->setControllerChecked(2, false);
    QVERIFY2(runFor(w, 2.0), qPrintable(messages->lastMessage()));
    const QString csv = tmp.filePath(QStringLiteral("run.csv"));
    bool answered = false;
    answerFileDialog(csv, &answered);
    action(w, "actionExportCsv")->trigger();
    QVERIFY(answered);
    QTRY_VERIFY(QFileInfo::exists(csv));
    const sim::CsvTable trace = sim::readCsv(csv.toStdString());
    const int q1 = column(trace, "q_d[1]"), q2 = column(trace, "q_d[2]"), v1 = column(trace, "qd_d[1]");
    QVERIFY(q1 > 0 && q2 > 0 && v1 > 0);
    const auto& c1 = trace.columns[std::size_t(q1)];
    QCOMPARE(c1.front(), -M_PI / 2);
    QVERIFY2(std::abs(c1.back() - M_PI / 4) < 1e-12, qPrintable(QString::number(c1.back(), 'g', 17)));
    double vmax = 0, q2max = 0;
    for (std::size_t k = 0; k < trace.rows(); ++k) {
      vmax = std::max(vmax, trace.columns[std::size_t(v1)][k]);
      q2max = std::max(q2max, std::abs(trace.columns[std::size_t(q2)][k]));
    }
    QVERIFY2(std::abs(vmax - 1.5 * M_PI / 2) < 1e-9, qPrintable(QString::number(vmax, 'g', 17)));  // the cruise
    QCOMPARE(q2max, 0.0);
    // The original quintic would have reached 0 at t = 1 s; the trapezoid (Δq = 3π/4 at 3π/4 rad/s,
    // 1/3 s ramps) ends at 4/3 s: at t = 1 s q_d[1] is still below 45°.
    const auto& time = trace.columns[0];
    const auto k1 = std::size_t(std::lower_bound(time.begin(), time.end(), 1.0 - 1e-9) - time.begin());
    QVERIFY(c1[k1] < M_PI / 4 - 0.05 && c1[k1] > 0.0);
  }

  // Controllers: a PID added with the default gains of the response time (unique name), PD + gravity
  // removed; the new PID runs and tracks; operational space is refused on a 2-joint arm; the last
  // controller cannot be removed.
  void addAndRemoveControllers() {
    QTemporaryDir tmp;
    const QString scene = tmp.filePath(QStringLiteral("planar.json"));
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("planar2r_teaching.json"), scene));
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(w.openFile(scene));
    auto* panel = w.findChild<ControlPanel*>();
    QCOMPARE(panel->controllerCount(), 3);
    auto* addPid = panel->findChild<QAction*>(QStringLiteral("addController_pid"));
    QVERIFY(addPid);
    addPid->trigger();
    QCOMPARE(panel->controllerCount(), 4);
    QCOMPARE(panel->controllerName(3), QStringLiteral("pid_2"));  // "pid" is taken
    QCOMPARE(panel->controllerType(3), QStringLiteral("pid"));
    QVERIFY(panel->findChild<QCheckBox*>(QStringLiteral("controllerCheck_3")));
    QVERIFY(w.isWindowModified());
    // Default gains: the triple root λ0 = −4.73 / Tr (7.20) times each joint's inertia at home.
    const auto loaded = sim::loadSceneFile(scene.toStdString());
    const auto expected = sim::defaultControllerSpec("pid", "pid_2", loaded.scene.robot.model, 0.2);
    const double l0 = -4.73 / 0.2;
    QVERIFY(expected.kp[0] > 0);
    QCOMPARE(expected.ki[0] / expected.kp[0], -l0 / 3);
    for (int j = 0; j < 2; ++j) {
      QCOMPARE(panel->gain(3, j, 0), expected.kp[j]);
      QCOMPARE(panel->gain(3, j, 1), expected.kv[j]);
      QCOMPARE(panel->gain(3, j, 2), expected.ki[j]);
    }
    QCOMPARE(panel->addController(QStringLiteral("operational_space")), -1);  // 2 joints
    QVERIFY(messages->lastMessage().contains(QStringLiteral("6 joints")));
    // Remove PD + gravity with its row's button.
    auto* remove = panel->findChild<QToolButton*>(QStringLiteral("removeController_1"));
    QVERIFY(remove && remove->isEnabled());
    remove->click();
    QCOMPARE(panel->controllerCount(), 3);
    QCOMPARE(panel->controllerName(0), QStringLiteral("pid"));
    QCOMPARE(panel->controllerName(1), QStringLiteral("computed_torque"));
    QCOMPARE(panel->controllerName(2), QStringLiteral("pid_2"));
    QCOMPARE(int(panel->selectedControllers().size()), 3);
    QVERIFY2(runFor(w, 2.0), qPrintable(messages->lastMessage()));
    const auto& runs = w.findChild<MetricsView*>()->runs();
    QCOMPARE(int(runs.size()), 3);
    QCOMPARE(QString::fromStdString(runs[2].first), QStringLiteral("pid_2"));
    // The default gains track the 90° swing of the 2R arm under gravity: within 3° on each joint.
    qInfo("pid_2 (default gains) max |e|: %.4f, %.4f deg", runs[2].second.joints[0].maxAbsError * 180 / M_PI,
          runs[2].second.joints[1].maxAbsError * 180 / M_PI);
    for (const auto& j : runs[2].second.joints) QVERIFY2(j.maxAbsError < 3 * M_PI / 180, qPrintable(QString::number(j.maxAbsError)));
    // Down to one controller: its remove button is disabled and removal is refused.
    QVERIFY(panel->removeController(0));
    QVERIFY(panel->removeController(0));
    QCOMPARE(panel->controllerCount(), 1);
    QVERIFY(!panel->removeController(0));
    QCOMPARE(panel->controllerCount(), 1);
    QTRY_VERIFY(panel->findChild<QToolButton*>(QStringLiteral("removeController_0")) &&
                !panel->findChild<QToolButton*>(QStringLiteral("removeController_0"))->isEnabled());
  }

  // A joint added in the chain editor: the trajectory and the gains follow (a new joint holds at home
  // with the last joint's gains), the run works; undo brings the two joints back.
  void jointCountChangeAdaptsTheTrajectory() {
    QTemporaryDir tmp;
    const QString scene = tmp.filePath(QStringLiteral("planar.json"));
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("planar2r_teaching.json"), scene));
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(w.openFile(scene));
    auto* panel = w.findChild<ControlPanel*>();
    auto* editor = w.findChild<ChainEditor*>();
    QString err;
    QVERIFY2(editor->addJoint(-1, &err), qPrintable(err));
    QCOMPARE(editor->model().nq, 3);
    QVERIFY2(messages->lastMessage().contains(QStringLiteral("now has 3 joint")), qPrintable(messages->lastMessage()));
    const json t = panel->trajectoryEditor()->trajectory();
    QCOMPARE(int(t["from"].size()), 3);
    QCOMPARE(t["from"][2].get<double>(), editor->model().home[2]);
    QCOMPARE(panel->gain(0, 2, 0), panel->gain(0, 1, 0));  // the last joint's gains
    QVERIFY2(panel->trajectoryProblems().isEmpty(), qPrintable(panel->trajectoryProblems()));
    auto scene3 = sim::loadSceneFile(scene.toStdString()).scene;
    scene3.robot.model = editor->model();
    scene3.robot.description = editor->description();
    QVERIFY2(panel->applyTo(scene3, &err), qPrintable(err));
    QCOMPARE(scene3.controllers[0].kp.size(), Eigen::Index(3));
    QVERIFY2(runFor(w, 0.3), qPrintable(messages->lastMessage()));
    action(w, "actionUndo")->trigger();
    QCOMPARE(editor->model().nq, 2);
    QCOMPARE(int(panel->trajectoryEditor()->trajectory()["from"].size()), 2);
    QVERIFY2(runFor(w, 0.3), qPrintable(messages->lastMessage()));
  }

  // File > Save scene into a directory that no longer exists: refused with the reason, nothing written;
  // Save scene as (the dialog answered) into a missing directory: the same; then to a real file, which
  // reads back with the panel's edit; an invalid trajectory is refused with the reader's reason and the
  // previous file is kept byte for byte.
  void failedSavesKeepThePreviousFile() {
    QTemporaryDir tmp;
    const QString sub = tmp.filePath(QStringLiteral("sub"));
    const QString scene = sub + QStringLiteral("/planar.json");
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("planar2r_teaching.json"), scene));
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(w.openFile(scene));
    auto* dur = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
    dur->setValue(3.5);
    QVERIFY(w.isWindowModified());
    QVERIFY(QDir(sub).removeRecursively());
    int errors = messages->errorCount();
    action(w, "actionSaveScene")->trigger();
    QCOMPARE(messages->errorCount(), errors + 1);
    QVERIFY2(messages->lastMessage().contains(scene) && messages->lastMessage().contains(QStringLiteral("No such file or directory")),
             qPrintable(messages->lastMessage()));
    QVERIFY(!QFileInfo::exists(sub));
    QVERIFY(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty());
    QVERIFY(w.isWindowModified());

    const QString missing = tmp.filePath(QStringLiteral("no/such/dir/scene.json"));
    bool answered = false;
    answerFileDialog(missing, &answered);
    errors = messages->errorCount();
    action(w, "actionSaveSceneAs")->trigger();
    QVERIFY(answered);
    QCOMPARE(messages->errorCount(), errors + 1);
    QVERIFY2(messages->lastMessage().contains(missing), qPrintable(messages->lastMessage()));
    QVERIFY(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty());

    const QString good = tmp.filePath(QStringLiteral("saved.json"));
    answered = false;
    answerFileDialog(good, &answered);
    action(w, "actionSaveSceneAs")->trigger();
    QVERIFY(answered);
    QVERIFY2(QFileInfo::exists(good), qPrintable(messages->lastMessage()));
    QVERIFY(!w.isWindowModified());
    QVERIFY(w.windowTitle().contains(QStringLiteral("Planar 2R")));
    const auto back = sim::loadSceneFile(good.toStdString());
    QVERIFY2(back.ok(), back.report().c_str());
    QCOMPARE(back.scene.duration, 3.5);
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("saved.json")});

    // An invalid trajectory (quintic of zero duration): refused with the reader's reason; file kept.
    const QByteArray before = fileBytes(good);
    auto* panel = w.findChild<ControlPanel*>();
    auto* tdur = panel->findChild<QDoubleSpinBox*>(QStringLiteral("trajectoryDurationSpin"));
    QVERIFY(tdur);
    tdur->setValue(0);
    QVERIFY(w.isWindowModified());
    QTRY_VERIFY(panel->trajectoryEditor()->statusText().contains(QStringLiteral("must be positive")));
    QVERIFY(tdur->toolTip().contains(QStringLiteral("duration")));  // the field is marked with the reason
    errors = messages->errorCount();
    action(w, "actionSaveScene")->trigger();
    QCOMPARE(messages->errorCount(), errors + 1);
    QVERIFY2(messages->lastMessage().contains(QStringLiteral("/trajectory/duration: must be positive")),
             qPrintable(messages->lastMessage()));
    QCOMPARE(fileBytes(good), before);
    // The same invalid trajectory does not run either (the message says why), and nothing crashes.
    errors = messages->errorCount();
    action(w, "actionRun")->trigger();
    QCOMPARE(messages->errorCount(), errors + 1);
    QVERIFY(messages->lastMessage().contains(QStringLiteral("must be positive")));
  }

  // Both shipped Orthoglide scenes: orthoglideSceneToJson -> parseOrthoglideScene gives the same scene; so
  // do the panel's applyTo on the unedited scene and the file written by writeOrthoglideSceneFile.
  void roundTripOrthoglideScenes_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("ctc_vs_pid") << QStringLiteral("orthoglide_ctc_vs_pid.json");
    QTest::newRow("free_fall") << QStringLiteral("orthoglide_free_fall.json");
  }
  void roundTripOrthoglideScenes() {
    QFETCH(QString, file);
    const std::string path = source(QStringLiteral("scenes/") + file).toStdString();
    const auto loaded = sim::loadOrthoglideSceneFile(path);
    QVERIFY2(loaded.ok(), loaded.report().c_str());
    const sim::OrthoglideScene& s = loaded.scene;
    const std::string dir = std::filesystem::path(path).parent_path().string();
    const json doc = sim::orthoglideSceneToJson(s, dir);
    QCOMPARE(QString::fromStdString(doc["robot"].get<std::string>()), QStringLiteral("../robots/orthoglide.json"));
    QVERIFY(sim::isOrthoglideScene(doc.dump()));
    const auto back = sim::parseOrthoglideScene(doc.dump(2), path, dir);
    QVERIFY2(back.ok(), back.report().c_str());
    QString diff = orthoSceneDifference(s, back.scene);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));

    ControlPanel panel;
    showOrthoglideControl(panel, s);
    QCOMPARE(panel.form(), ControlPanel::Form::Rules);
    QVERIFY2(panel.trajectoryProblems().isEmpty(), qPrintable(panel.trajectoryProblems()));
    sim::OrthoglideScene applied = s;
    applied.points.clear();  // the panel must give them back
    applied.durations.clear();
    applied.controllers.clear();
    QString err;
    QVERIFY2(applyOrthoglideControl(panel, applied, &err), qPrintable(err));
    diff = orthoSceneDifference(s, applied);
    QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("unedited panel changed the scene: ") + diff));
    sim::Scene serial;
    QVERIFY(!panel.applyTo(serial, &err));  // not a joint-space scene

    QTemporaryDir tmp;
    const std::string out = tmp.filePath(QStringLiteral("copy.json")).toStdString();
    sim::writeOrthoglideSceneFile(applied, out);
    const auto reread = sim::loadOrthoglideSceneFile(out);
    QVERIFY2(reread.ok(), reread.report().c_str());
    diff = orthoSceneDifference(s, reread.scene);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files), QStringList{QStringLiteral("copy.json")});
  }

  // The writer refuses what the reader would refuse (an unreachable way-point) before touching the file.
  void orthoglideWriterChecksBeforeWriting() {
    auto loaded = sim::loadOrthoglideSceneFile(source(QStringLiteral("scenes/orthoglide_ctc_vs_pid.json")).toStdString());
    QVERIFY(loaded.ok());
    QTemporaryDir tmp;
    const QString out = tmp.filePath(QStringLiteral("o.json"));
    sim::writeOrthoglideSceneFile(loaded.scene, out.toStdString());
    const QByteArray before = fileBytes(out);
    loaded.scene.points[1] = Vector3(0.3, 0.3, 0.9);
    QString what;
    try {
      sim::writeOrthoglideSceneFile(loaded.scene, out.toStdString());
    } catch (const std::runtime_error& e) {
      what = QString::fromStdString(e.what());
    }
    QVERIFY2(what.contains(QStringLiteral("/trajectory/points/1: error: out of reach")), qPrintable(what));
    QCOMPARE(fileBytes(out), before);
  }

  // Default gains of a controller added to an Orthoglide scene: computed torque K_p = λ0², K_v = −2λ0 on
  // the 3 actuators; PID the triple root on each actuator's inertia at home (J_p^T A_robot J_p, eq 29),
  // which is between the carriage + reflected rotor (1.2 + 2.96 kg) and the whole robot.
  void orthoglideDefaultControllers() {
    const auto loaded = sim::loadOrthoglideSceneFile(source(QStringLiteral("scenes/orthoglide_free_fall.json")).toStdString());
    QVERIFY(loaded.ok());
    ControlPanel panel;
    showOrthoglideControl(panel, loaded.scene);
    QCOMPARE(panel.controllerCount(), 1);
    QCOMPARE(panel.addController(QStringLiteral("pd_gravity")), -1);  // not an Orthoglide controller
    QCOMPARE(panel.addController(QStringLiteral("operational_space")), -1);
    const int ct = panel.addController(QStringLiteral("computed_torque"));
    const int pid = panel.addController(QStringLiteral("pid"));
    QCOMPARE(ct, 1);
    QCOMPARE(pid, 2);
    QCOMPARE(panel.gainRows(pid), 3);
    const sim::PdGains g = sim::gainsFromResponseTime(0.2);
    const double l0 = -4.73 / 0.2;
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(panel.gain(ct, i, 0), g.kp);
      QCOMPARE(panel.gain(ct, i, 1), g.kv);
      const double a = panel.gain(pid, i, 0) / (3 * l0 * l0);
      qInfo("actuator %d: inertia at home %.4f kg", i + 1, a);
      QVERIFY2(a > 1.2 + 2.96 && a < 20, qPrintable(QString::number(a)));
      QCOMPARE(panel.gain(pid, i, 1), -3 * l0 * a);
      QVERIFY(std::abs(panel.gain(pid, i, 2) - (-l0 * l0 * l0 * a)) < 1e-9 * panel.gain(pid, i, 2));
    }
    sim::OrthoglideScene s = loaded.scene;
    QString err;
    QVERIFY2(applyOrthoglideControl(panel, s, &err), qPrintable(err));
    QTemporaryDir tmp;
    const std::string out = tmp.filePath(QStringLiteral("o.json")).toStdString();
    sim::writeOrthoglideSceneFile(s, out);  // the added controllers read back
    const auto back = sim::loadOrthoglideSceneFile(out);
    QVERIFY2(back.ok(), back.report().c_str());
    const QString diff = orthoSceneDifference(s, back.scene);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
  }

  // The PID's Kp of actuator 1 edited in the gain table (24000 -> 2400 N/m): the PID run's error on
  // actuator 1 grows (more than twice: the loop a s^3 + Kd s^2 + Kp s + Ki with a ~ 7 kg is then close to
  // its stability limit Kd Kp = a Ki), the other actuators' far less, the computed-torque run is the same
  // to the last bit; with
  // computed torque unticked only the PID runs.
  void orthoglidePidGainEditChangesItsRun() {
    QTemporaryDir tmp;
    const QString scene = tmp.filePath(QStringLiteral("ortho.json"));
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("orthoglide_ctc_vs_pid.json"), scene));
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(w.openFile(scene));
    auto* panel = w.findChild<ControlPanel*>();
    QVERIFY(panel->isEnabled() && panel->isVisible());
    QCOMPARE(panel->form(), ControlPanel::Form::Rules);
    QCOMPARE(panel->controllerCount(), 2);
    QCOMPARE(panel->controllerName(1), QStringLiteral("pid"));
    QVERIFY(!w.isWindowModified());
    QVERIFY2(runFor(w, 0.6), qPrintable(messages->lastMessage()));
    const auto before = w.findChild<MetricsView*>()->runs();
    QCOMPARE(int(before.size()), 2);

    auto* combo = panel->findChild<QComboBox*>(QStringLiteral("editedControllerCombo"));
    auto* table = panel->findChild<QTableWidget*>(QStringLiteral("gainTable"));
    QVERIFY(combo && table);
    combo->setCurrentIndex(1);
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->verticalHeaderItem(0)->text(), QStringLiteral("actuator 1"));
    QCOMPARE(table->item(0, 0)->text().toDouble(), 24000.0);
    QCOMPARE(table->item(0, 2)->text().toDouble(), 200000.0);  // Ki
    table->item(0, 0)->setText(QStringLiteral("2400"));
    QCOMPARE(panel->gain(1, 0, 0), 2400.0);
    QCOMPARE(panel->gain(1, 1, 0), 24000.0);  // actuator 2 unchanged
    QVERIFY(w.isWindowModified());
    QVERIFY2(runFor(w, 0.6), qPrintable(messages->lastMessage()));
    const auto after = w.findChild<MetricsView*>()->runs();
    QCOMPARE(int(after.size()), 2);
    const auto& ct0 = before[0].second.joints;
    const auto& ct1 = after[0].second.joints;
    const auto& pid0 = before[1].second.joints;
    const auto& pid1 = after[1].second.joints;
    for (int i = 0; i < 3; ++i) QCOMPARE(ct1[std::size_t(i)].maxAbsError, ct0[std::size_t(i)].maxAbsError);
    qInfo("PID max |e| actuator 1: %.3g m -> %.3g m; actuator 2: %.3g -> %.3g; 3: %.3g -> %.3g", pid0[0].maxAbsError,
          pid1[0].maxAbsError, pid0[1].maxAbsError, pid1[1].maxAbsError, pid0[2].maxAbsError, pid1[2].maxAbsError);
    // Measured 10.8 mm -> 30.2 mm (Kd Kp = 1.8e6 barely above a Ki = 1.4e6: a lightly damped loop).
    QVERIFY2(pid1[0].maxAbsError > 2 * pid0[0].maxAbsError, qPrintable(QString::number(pid1[0].maxAbsError)));
    // The other actuators feel actuator 1 through the legs only: far less than actuator 1's change.
    for (int i = 1; i < 3; ++i)
      QVERIFY(std::abs(pid1[std::size_t(i)].maxAbsError - pid0[std::size_t(i)].maxAbsError) <
              0.5 * (pid1[0].maxAbsError - pid0[0].maxAbsError));

    // Computed torque unticked: only the PID runs.
    panel->setControllerChecked(0, false);
    QCOMPARE(panel->selectedControllers(), std::vector<int>{1});
    QVERIFY2(runFor(w, 0.6), qPrintable(messages->lastMessage()));
    const auto only = w.findChild<MetricsView*>()->runs();
    QVERIFY2(only.size() == 1, qPrintable(messages->lastMessage()));
    QCOMPARE(QString::fromStdString(only[0].first), QStringLiteral("pid"));
    QCOMPARE(only[0].second.joints[0].maxAbsError, pid1[0].maxAbsError);
    // Nothing ticked: refused with the reason.
    panel->setControllerChecked(1, false);
    const int errors = messages->errorCount();
    action(w, "actionRun")->trigger();
    QCOMPARE(messages->errorCount(), errors + 1);
    QVERIFY(messages->lastMessage().contains(QStringLiteral("No controller")));
  }

  // A way-point out of reach (0.3, 0.3, 0.9: the legs cannot span the offset): the cell is marked with
  // the reader's reason, Run and Save scene are refused with it and the file is kept byte for byte; a
  // reachable value again clears it.
  void orthoglideUnreachableWayPointIsRefused() {
    QTemporaryDir tmp;
    const QString scene = tmp.filePath(QStringLiteral("ortho.json"));
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("orthoglide_ctc_vs_pid.json"), scene));
    const QByteArray before = fileBytes(scene);
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(w.openFile(scene));
    auto* panel = w.findChild<ControlPanel*>();
    auto* table = panel->findChild<QTableWidget*>(QStringLiteral("wayPointTable"));
    QVERIFY(table && table->isVisible());
    QCOMPARE(table->rowCount(), 5);
    QCOMPARE(table->columnCount(), 4);
    QCOMPARE(table->item(1, 0)->text().toDouble(), 0.1);
    QCOMPARE(table->item(1, 3)->text().toDouble(), 0.5);
    QVERIFY(!(table->item(0, 3)->flags() & Qt::ItemIsEditable));  // the start has no segment
    for (const auto& [col, text] : {std::pair{0, "0.3"}, std::pair{1, "0.3"}, std::pair{2, "0.9"}})
      table->item(1, col)->setText(QString::fromLatin1(text));
    QVERIFY(w.isWindowModified());
    QTRY_VERIFY(panel->trajectoryEditor()->statusText().contains(QStringLiteral("/trajectory/points/1: out of reach")));
    QVERIFY(table->item(1, 0)->toolTip().contains(QStringLiteral("out of reach")));
    QVERIFY(table->item(2, 0)->toolTip().isEmpty());
    QVERIFY(panel->trajectoryProblems().contains(QStringLiteral("cannot span")));
    int errors = messages->errorCount();
    action(w, "actionRun")->trigger();
    QCOMPARE(messages->errorCount(), errors + 1);
    QVERIFY2(messages->lastMessage().contains(QStringLiteral("/trajectory/points/1: out of reach")), qPrintable(messages->lastMessage()));
    QVERIFY(action(w, "actionSaveScene")->isEnabled());
    errors = messages->errorCount();
    action(w, "actionSaveScene")->trigger();
    QCOMPARE(messages->errorCount(), errors + 1);
    QVERIFY2(messages->lastMessage().contains(QStringLiteral("not saved")) &&
                 messages->lastMessage().contains(QStringLiteral("out of reach")),
             qPrintable(messages->lastMessage()));
    QCOMPARE(fileBytes(scene), before);
    // A non-positive segment duration is the reader's error too.
    table->item(2, 3)->setText(QStringLiteral("0"));
    QTRY_VERIFY(panel->trajectoryEditor()->statusText().contains(QStringLiteral("/trajectory/durations/1: must be positive")));
    QVERIFY(table->item(2, 3)->toolTip().contains(QStringLiteral("must be positive")));
    // Back within reach: no problem left, the run works.
    table->item(2, 3)->setText(QStringLiteral("0.5"));
    for (const auto& [col, text] : {std::pair{0, "0.05"}, std::pair{1, "0.05"}, std::pair{2, "0.55"}})
      table->item(1, col)->setText(QString::fromLatin1(text));
    QTRY_VERIFY(panel->trajectoryEditor()->statusText().isEmpty());
    QVERIFY2(runFor(w, 0.3), qPrintable(messages->lastMessage()));
  }

  // Save scene after edits of every kind (a PID gain, a way-point added and moved, a segment duration,
  // a controller added, the control rate, the stepper, a recorded group, the duration), then reopen: the
  // panel shows the same state, and the file reads back to the scene the panel gives.
  void orthoglideSaveAndReopenKeepsThePanel() {
    QTemporaryDir tmp;
    const QString scene = tmp.filePath(QStringLiteral("ortho.json"));
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("orthoglide_ctc_vs_pid.json"), scene));
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(w.openFile(scene));
    auto* panel = w.findChild<ControlPanel*>();
    auto* traj = panel->trajectoryEditor();
    auto* table = panel->findChild<QTableWidget*>(QStringLiteral("wayPointTable"));
    panel->setGain(1, 0, 0, 12345.5);
    panel->setGain(0, 2, 1, 70.25);
    table->setCurrentCell(2, 0);
    panel->findChild<QPushButton*>(QStringLiteral("addWayPointButton"))->click();
    QCOMPARE(table->rowCount(), 6);
    QCOMPARE(table->currentRow(), 3);
    table->item(3, 0)->setText(QStringLiteral("0.04"));
    table->item(3, 3)->setText(QStringLiteral("0.3"));
    QVERIFY(panel->addController(QStringLiteral("zero")) == 2);
    panel->findChild<QSpinBox*>(QStringLiteral("controlHzSpin"))->setValue(500);
    panel->findChild<QComboBox*>(QStringLiteral("stepperCombo"))->setCurrentIndex(2);  // dopri5
    panel->findChild<QCheckBox*>(QStringLiteral("record_friction"))->setChecked(false);
    w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"))->setValue(3.25);
    QVERIFY2(panel->trajectoryProblems().isEmpty(), qPrintable(panel->trajectoryProblems()));
    QVERIFY(w.isWindowModified());
    const json editedTrajectory = traj->trajectory();
    QCOMPARE(int(editedTrajectory["points"].size()), 6);
    QCOMPARE(editedTrajectory["points"][3][0].get<double>(), 0.04);
    QCOMPARE(editedTrajectory["durations"][2].get<double>(), 0.3);
    auto state = [&] {
      QStringList out;
      for (int c = 0; c < panel->controllerCount(); ++c) {
        out << panel->controllerName(c) + QLatin1Char('/') + panel->controllerType(c);
        for (int j = 0; j < panel->gainRows(c); ++j)
          for (int k = 0; k < 3; ++k) out << QString::number(panel->gain(c, j, k), 'g', 17);
      }
      out << QString::fromStdString(panel->trajectoryEditor()->trajectory().dump());
      out << QString::number(panel->duration(), 'g', 17);
      out << QString::number(panel->findChild<QSpinBox*>(QStringLiteral("controlHzSpin"))->value());
      out << QString::number(panel->findChild<QSpinBox*>(QStringLiteral("plantHzSpin"))->value());
      out << QString::number(panel->findChild<QComboBox*>(QStringLiteral("stepperCombo"))->currentIndex());
      for (QCheckBox* cb : panel->findChildren<QCheckBox*>())
        if (cb->objectName().startsWith(QStringLiteral("record_"))) out << cb->objectName() + QString::number(cb->isChecked());
      return out;
    };
    const QStringList edited = state();
    action(w, "actionSaveScene")->trigger();
    QVERIFY2(!w.isWindowModified(), qPrintable(messages->lastMessage()));
    QVERIFY(messages->lastMessage().contains(QStringLiteral("Scene saved")));
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("ortho.json")});
    const auto saved = sim::loadOrthoglideSceneFile(scene.toStdString());
    QVERIFY2(saved.ok(), saved.report().c_str());
    QCOMPARE(saved.scene.controllers[1].kp[0], 12345.5);
    QCOMPARE(saved.scene.controllers[2].type, std::string("zero"));
    QCOMPARE(saved.scene.controlPeriod, 1.0 / 500);
    QCOMPARE(saved.scene.points.size(), std::size_t(6));

    MainWindow w2;
    w2.show();
    QVERIFY(w2.openFile(scene));
    panel = w2.findChild<ControlPanel*>();
    const QStringList reopened = state();
    QCOMPARE(reopened, edited);
    // The reopened panel gives exactly the saved scene.
    sim::OrthoglideScene applied = saved.scene;
    QString err;
    QVERIFY2(applyOrthoglideControl(*panel, applied, &err), qPrintable(err));
    const QString diff = orthoSceneDifference(saved.scene, applied);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QVERIFY(!w2.isWindowModified());
  }

  // The satellite scene's control is fixed by design: the panel says so (not a silently disabled panel)
  // and gives the duration, which the run uses; Save scene is not offered.
  void satelliteSceneSaysItsControlIsFixed() {
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(w.openFile(source(QStringLiteral("scenes/satellite_arm.json"))));
    auto* panel = w.findChild<ControlPanel*>();
    QCOMPARE(panel->form(), ControlPanel::Form::Fixed);
    QVERIFY(panel->isEnabled() && panel->isVisible());
    QVERIFY2(panel->note().contains(QStringLiteral("fixed by design")), qPrintable(panel->note()));
    QVERIFY(panel->findChild<QLabel*>(QStringLiteral("controlPanelNote"))->isVisible());
    QVERIFY(!panel->findChild<QTableWidget*>(QStringLiteral("gainTable"))->isVisible());
    auto* dur = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
    QVERIFY(dur->isVisible() && dur->isEnabled());
    QVERIFY(!action(w, "actionSaveScene")->isEnabled());
    QVERIFY2(runFor(w, 0.2), qPrintable(messages->lastMessage()));
    QVERIFY(!w.isWindowModified());
    // Back to an Orthoglide scene: the note goes, the editors come back.
    QVERIFY(w.openFile(source(QStringLiteral("scenes/orthoglide_free_fall.json"))));
    QVERIFY(panel->note().isEmpty());
    QVERIFY(panel->findChild<QTableWidget*>(QStringLiteral("gainTable"))->isVisible());
    QCOMPARE(panel->controllerName(0), QStringLiteral("free"));
  }

  // An edit of the control panel makes File > New ask (the scene, not only the robot, is unsaved):
  // Cancel keeps everything, Save writes the scene, and then New no longer asks.
  void unsavedChangesPromptAfterAPanelEdit() {
    QTemporaryDir tmp;
    const QString scene = tmp.filePath(QStringLiteral("planar.json"));
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("planar2r_teaching.json"), scene));
    MainWindow w;
    w.show();
    QVERIFY(w.openFile(scene));
    QVERIFY(!w.isWindowModified());
    auto* panel = w.findChild<ControlPanel*>();
    auto* table = panel->findChild<QTableWidget*>(QStringLiteral("trajectoryJointTable"));
    table->item(1, 1)->setText(QStringLiteral("30"));  // goal of joint 2: 30°
    QVERIFY(w.isWindowModified());
    QString text;
    answerMessageBox(QMessageBox::Cancel, &text);
    action(w, "actionNew")->trigger();
    QVERIFY2(text.contains(QStringLiteral("scene")), qPrintable(text));
    QVERIFY(w.windowTitle().contains(QStringLiteral("Planar 2R")));  // cancelled: still the scene
    QVERIFY(w.isWindowModified());
    text.clear();
    answerMessageBox(QMessageBox::Save, &text);
    action(w, "actionNew")->trigger();
    QVERIFY(!text.isEmpty());
    QVERIFY2(w.windowTitle().contains(QStringLiteral("untitled")), qPrintable(w.windowTitle()));
    const auto saved = sim::loadSceneFile(scene.toStdString());
    QVERIFY2(saved.ok(), saved.report().c_str());
    QCOMPARE(saved.scene.trajectory["to"][1].get<double>(), M_PI / 6);
    // The new untitled scene is not modified: New again does not ask (a prompt would block here).
    QVERIFY(!w.isWindowModified());
  }

  // A kind whose binding adds only its parameter editor to the generic binding (the pendulum): the control
  // panel edits its joint-space scene like a serial one, File > Save scene writes its own file (pendulum
  // parameters kept), it has no robot document to save, and it runs with its summary in the messages.
  void pendulumSceneThroughTheGenericBinding() {
    QTemporaryDir tmp;
    const QString scene = tmp.filePath(QStringLiteral("pendulum.json"));
    QVERIFY(QFile::copy(source(QStringLiteral("scenes/pendulum.json")), scene));  // it names no file
    QFile::setPermissions(scene, QFile::ReadOwner | QFile::WriteOwner);
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY2(w.openFile(scene), qPrintable(messages->lastMessage()));
    auto* panel = w.findChild<ControlPanel*>();
    QCOMPARE(panel->form(), ControlPanel::Form::JointSpace);  // the serial scenes' form
    QCOMPARE(panel->controllerCount(), 3);
    QCOMPARE(panel->gainRows(1), 1);
    QVERIFY(!action(w, "actionSave")->isEnabled());  // no robot document: the pendulum is its scene's
    QVERIFY(action(w, "actionSaveScene")->isEnabled());
    QVERIFY(!w.isWindowModified());
    panel->setGain(1, 0, 0, 75.0);  // pd_gravity: Kp
    QVERIFY(w.isWindowModified());
    action(w, "actionSaveScene")->trigger();
    QVERIFY(!w.isWindowModified());
    const sim::SceneLoad saved = sim::loadAnyScene(scene.toStdString());
    QVERIFY2(saved.ok(), saved.report().c_str());
    QCOMPARE(saved.scene->kind().name(), std::string("pendulum"));
    QCOMPARE(saved.scene->controllers()[1].kp[0], 75.0);
    QFile f(scene);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const json doc = json::parse(f.readAll().toStdString());
    QCOMPARE(doc["pendulum"]["length"].get<double>(), 1.0);
    QCOMPARE(doc["kind"].get<std::string>(), std::string("pendulum"));
    panel->setControllerChecked(1, false);
    panel->setControllerChecked(2, false);
    QSignalSpy added(messages, &MessageArea::messageAdded);
    QVERIFY2(runFor(w, 6.5), qPrintable(messages->lastMessage()));
    bool summary = false;
    for (const auto& args : added)
      summary = summary || args.at(0).toString().contains(QStringLiteral("free: measured period (upward crossings of 0)  2.15287 s"));
    QVERIFY(summary);
  }
};

MANIPLAB_TEST_MAIN(TestControlPanelScene)
#include "test_control_panel_scene.moc"  // (in the namespace, as the class)

}  // namespace test_control_panel_scene
