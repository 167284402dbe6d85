// The pendulum's parameter editor (ui/src/kinds/pendulum.cpp, pendulum_editor.cpp: the pendulum kind's own
// dock, which the window does not name): a pendulum scene shows it (not the serial chain editor nor the
// Orthoglide's parameters); an edit of the length is an edit of the scene (the window is modified, Edit >
// Undo and Redo take it back and again, the 3D view's pivot and bob follow), File > Save scene writes the new
// length to the file, and a run uses it: the free swing's period scales as sqrt(l / g) (Landau & Lifshitz
// 1976, §11: T = 4 sqrt(l/g) K(sin(a/2)) for the amplitude a, the same 60 degrees here).
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include <nlohmann/json.hpp>

#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the serial arm's drawing
#include "support/main_window_driver.hpp"
#include "support/test_main.hpp"

namespace test_pendulum_editor {

using namespace maniplab;
using namespace maniplab::ui;
using maniplab::test::action;
using maniplab::test::runFor;

namespace {
// The serial arm the 3D view draws (its drawing, ui/src/kinds/arm_drawing.hpp); nullptr for another kind.
const ArmDrawing* armOf(const RobotView* view) { return view->drawing<ArmDrawing>(); }
}  // namespace

namespace {

QString source(const QString& rel) { return QStringLiteral(MANIPLAB_SOURCE_DIR "/") + rel; }

/// The free swing's measured period in the run's summary messages (NaN when none).
double measuredPeriod(const QSignalSpy& added) {
  const QString key = QStringLiteral("free: measured period (upward crossings of 0)");
  for (const auto& args : added) {
    const QString m = args.at(0).toString();
    const int at = m.indexOf(key);
    if (at < 0) continue;
    bool ok = false;
    const double t = m.mid(at + key.size()).trimmed().section(QLatin1Char(' '), 0, 0).toDouble(&ok);
    if (ok) return t;
  }
  return std::nan("");
}

}  // namespace

class TestPendulumEditor : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    maniplab::test::isolateSettings(dir_.path(), "test_pendulum_editor");
    QSettings().setValue(QStringLiteral("language"), QStringLiteral("en"));
  }

  void lengthEditIsSavedAndRun() {
    QTemporaryDir tmp;
    const QString scene = tmp.filePath(QStringLiteral("pendulum.json"));
    QVERIFY(QFile::copy(source(QStringLiteral("scenes/pendulum.json")), scene));  // it names no other file
    QFile::setPermissions(scene, QFile::ReadOwner | QFile::WriteOwner);
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* messages = w.findChild<MessageArea*>();
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("pendulumDock"));
    auto* length = w.findChild<QDoubleSpinBox*>(QStringLiteral("pendulumLength"));
    auto* mass = w.findChild<QDoubleSpinBox*>(QStringLiteral("pendulumMass"));
    auto* damping = w.findChild<QDoubleSpinBox*>(QStringLiteral("pendulumDamping"));
    auto* view = w.findChild<RobotView*>();
    QVERIFY(messages && dock && length && mass && damping && view);
    QVERIFY(dock->isHidden());  // the start scene is a serial one
    QVERIFY(w.findChild<QAction*>(QStringLiteral("toggle_pendulumDock")));  // View lists the kind's dock

    QVERIFY2(w.openFile(scene), qPrintable(messages->lastMessage()));
    QVERIFY(!dock->isHidden());
    QCOMPARE(dock->windowTitle(), QStringLiteral("Pendulum"));
    QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("chainEditorDock"))->isHidden());
    QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("orthoglideDock"))->isHidden());
    QCOMPARE(length->value(), 1.0);
    QCOMPARE(mass->value(), 1.0);
    QCOMPARE(damping->value(), 0.0);
    QVERIFY(!w.isWindowModified());
    // The bob at rest from 60 degrees: 1 m from the pivot, 1.25 m above the floor.
    auto bobDistance = [&](double l) {
      const QVector3D bob = armOf(view)->toolTransform().column(3).toVector3D();
      return double((bob - QVector3D(0, 0, float(1.25 * l))).length());
    };
    QVERIFY2(std::abs(bobDistance(1.0) - 1.0) < 1e-5, qPrintable(QString::number(bobDistance(1.0))));

    // The length edited as the user does (a value entered in the spin box): the scene is modified, the
    // view follows.
    length->setValue(2.0);
    QVERIFY(w.isWindowModified());
    QVERIFY2(std::abs(bobDistance(2.0) - 2.0) < 1e-5, qPrintable(QString::number(bobDistance(2.0))));
    // Edit > Undo and Redo.
    QAction* undo = action(w, "actionUndo");
    QAction* redo = action(w, "actionRedo");
    QVERIFY(undo->isEnabled());
    undo->trigger();
    QCOMPARE(length->value(), 1.0);
    QVERIFY2(std::abs(bobDistance(1.0) - 1.0) < 1e-5, qPrintable(QString::number(bobDistance(1.0))));
    QVERIFY(redo->isEnabled());
    redo->trigger();
    QCOMPARE(length->value(), 2.0);

    // File > Save scene writes the new length (the other parameters and the rest kept).
    action(w, "actionSaveScene")->trigger();
    QVERIFY2(!w.isWindowModified(), qPrintable(messages->lastMessage()));
    QFile f(scene);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const nlohmann::json doc = nlohmann::json::parse(f.readAll().toStdString());
    QCOMPARE(doc["kind"].get<std::string>(), std::string("pendulum"));
    QCOMPARE(doc["pendulum"]["length"].get<double>(), 2.0);
    QCOMPARE(doc["pendulum"]["mass"].get<double>(), 1.0);
    QCOMPARE(doc["pendulum"]["max_torque"].get<double>(), 30.0);
    const sim::SceneLoad saved = sim::loadAnyScene(scene.toStdString());
    QVERIFY2(saved.ok(), saved.report().c_str());
    QCOMPARE(saved.scene->serialRobot()->description.joints.at(0).a, 2.0);

    // A run uses it: the free swing from 60 degrees (2.15287 s at l = 1 m, test_scene_kinds) takes sqrt(2)
    // times as long at l = 2 m, 4 sqrt(l/g) K(sin(a/2)) computed here with std::comp_ellint_1.
    auto* panel = w.findChild<ControlPanel*>();
    QVERIFY(panel);
    panel->setControllerChecked(1, false);
    panel->setControllerChecked(2, false);
    QSignalSpy added(messages, &MessageArea::messageAdded);
    QVERIFY2(runFor(w, 6.5), qPrintable(messages->lastMessage()));
    const double T = measuredPeriod(added), expected = 4 * std::sqrt(2.0 / 9.81) * std::comp_ellint_1(0.5);
    QVERIFY(std::abs(expected - 2.15287 * std::sqrt(2.0)) < 1e-5);
    QVERIFY2(std::abs(T - expected) < 1e-5 * expected, qPrintable(QStringLiteral("%1 s, expected %2 s").arg(T).arg(expected)));
    bool smallAngle = false;  // 2 pi sqrt(2 / 9.81)
    for (const auto& args : added)
      smallAngle = smallAngle || args.at(0).toString().contains(QStringLiteral("small-angle period 2 pi sqrt(l/g)         2.83701 s"));
    QVERIFY(smallAngle);
    QVERIFY(length->isEnabled());  // again after the run

    // Another kind's scene hides the dock (and its serial docks come back).
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));
    QVERIFY(dock->isHidden());
    QVERIFY(!w.findChild<QDockWidget*>(QStringLiteral("chainEditorDock"))->isHidden());
  }

 private:
  QTemporaryDir dir_;
};

MANIPLAB_TEST_MAIN(TestPendulumEditor)
#include "test_pendulum_editor.moc"  // (in the namespace, as the class)

}  // namespace test_pendulum_editor
