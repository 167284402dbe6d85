// The main window's behaviour (under Xvfb, tests/ui_window_tests.cmake): the View menu's fit-to-robot
// (Ctrl+0) and its trail and floor-grid toggles; the window layout and the recent files restored by a
// second window (settings in a temporary directory); a diverging or singular run reported in the message
// area with its time and joint while the application goes on; a chain-editor edit moving the 3D view's
// tool; the omega_n / zeta gain design (Kp = wn^2, Kv = 2 zeta wn); the comparison view showing all six
// joints of the Puma 560 four at a time; the metrics CSV with '.' decimals under a French locale.
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <clocale>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/conservation_panel.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "support/main_window_driver.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the serial arm's drawing
#include "maniplab/ui/scope_widget.hpp"
#include "support/test_main.hpp"

namespace test_main_window_behaviour {

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

QVector3D toQ(const Vector3& v) { return QVector3D(float(v.x()), float(v.y()), float(v.z())); }
QVector3D origin(const QMatrix4x4& m) { return m.column(3).toVector3D(); }

double maxDiff(const QMatrix4x4& a, const Transform& T) {
  const auto m = T.matrix();
  double e = 0;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) e = std::max(e, std::abs(double(a(r, c)) - m(r, c)));
  return e;
}

/// Grabs the screen (the Qt 3D view is not in QWidget::grab) into MANIPLAB_SCREENSHOT_DIR (default: the
/// working directory) for inspection; returns the number of distinct colours of a coarse sample.
int saveScreenshot(const QString& name) {
  QScreen* screen = QGuiApplication::primaryScreen();
  if (!screen) return 0;
  const QImage img = screen->grabWindow(0).toImage();
  QString dir = qEnvironmentVariable("MANIPLAB_SCREENSHOT_DIR");
  if (dir.isEmpty()) dir = QDir::currentPath();
  QDir().mkpath(dir);
  const QString path = QDir(dir).filePath(name);
  if (img.save(path)) qInfo("screenshot: %s", qPrintable(path));
  QSet<QRgb> colours;
  for (int y = 0; y < img.height(); y += 7)
    for (int x = 0; x < img.width(); x += 7) colours.insert(img.pixel(x, y));
  return int(colours.size());
}

bool writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

}  // namespace

class TestMainWindowBehaviour : public QObject {
  Q_OBJECT
  QTemporaryDir settingsDir_;

 private slots:
  void initTestCase() {
    QVERIFY(settingsDir_.isValid());
    test::isolateSettings(settingsDir_.path(), "test_main_window_behaviour");
    QSettings s;
    QVERIFY2(s.fileName().startsWith(settingsDir_.path()), qPrintable(s.fileName()));
    s.clear();
    s.setValue(QStringLiteral("language"), QStringLiteral("en"));
  }

  // View > Fit to robot (Ctrl+0) brings the robot back after the camera was moved away; the floor grid
  // and the two trails are switched off and on from the View menu.
  void viewMenuFitsTheRobotAndTogglesTrailsAndGrid() {
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* view = w.findChild<RobotView*>();
    QVERIFY(view && view->hasRobot() && armOf(view));
    QCOMPARE(armOf(view)->jointCount(), 6);  // the default scene's Puma 560
    auto* menu = w.findChild<QMenu*>(QStringLiteral("menuView"));
    auto* fit = action(w, "actionFitToRobot");
    QVERIFY(menu && fit);
    QVERIFY(menu->actions().contains(fit));
    QCOMPARE(fit->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_0));

    // The robot's bounding box: base, joint origins and tool at home and as drawn now.
    const RobotLoadResult puma = loadRobotFile(source(QStringLiteral("robots/puma560.json")).toStdString());
    QVERIFY2(puma.ok(), puma.report().c_str());
    Data home(puma.model);
    forwardKinematics(puma.model, home, puma.model.home);
    std::vector<QVector3D> pts{QVector3D(0, 0, 0), toQ(home.oMtool.p), origin(armOf(view)->toolTransform())};
    for (int i = 0; i < 6; ++i) {
      pts.push_back(toQ(home.oMi[std::size_t(i)].p));
      pts.push_back(origin(armOf(view)->bodyTransform(i)));
    }
    if (armOf(view)->shapes().pedestal) pts.push_back(QVector3D(0, 0, float(armOf(view)->shapes().floorZ)));  // the Puma's pedestal
    QVector3D lo = pts[0], hi = pts[0];
    for (const auto& p : pts) {
      lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
      hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
    const QVector3D centre = 0.5f * (lo + hi);
    float radius = 0;
    for (const auto& p : pts) radius = std::max(radius, (p - centre).length());
    QVERIFY(radius > 0.3f);

    // Orbit and zoom away: the robot is out of sight.
    view->setCameraView(QVector3D(40, -25, 30), QVector3D(12, 9, 4));
    QVERIFY((view->cameraViewCenter() - centre).length() > 5);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
    QVERIFY2((view->cameraViewCenter() - centre).length() < 1e-3f,
             qPrintable(QStringLiteral("looks at %1 %2 %3").arg(view->cameraViewCenter().x()).arg(view->cameraViewCenter().y())
                            .arg(view->cameraViewCenter().z())));
    const float dist = (view->cameraPosition() - centre).length();
    QVERIFY2(dist > radius / std::sin(22.5f * std::numbers::pi_v<float> / 180) && dist < 10 * radius,
             qPrintable(QStringLiteral("distance %1 for a radius %2").arg(dist).arg(radius)));
    for (const auto& p : pts) {
      const QPointF ndc = view->projectToViewport(p);
      QVERIFY2(std::abs(ndc.x()) < 0.95 && std::abs(ndc.y()) < 0.95, qPrintable(QStringLiteral("%1 %2").arg(ndc.x()).arg(ndc.y())));
    }

    // The menu as the user sees it (screenshot for inspection).
    menu->popup(w.mapToGlobal(QPoint(200, 30)));
    QTest::qWait(500);
    QVERIFY(saveScreenshot(QStringLiteral("main_window_view_menu.png")) > 50);
    menu->close();

    // Floor grid.
    auto* grid = action(w, "actionShowFloorGrid");
    QVERIFY(grid && menu->actions().contains(grid) && grid->isCheckable() && grid->isChecked());
    QVERIFY(view->floorGridDrawn());
    grid->trigger();
    QVERIFY(!grid->isChecked());
    QVERIFY(!view->floorGridDrawn());
    grid->trigger();
    QVERIFY(view->floorGridDrawn());

    // Trails: a run draws both; each toggle hides its own trail only, which keeps its points.
    QVERIFY(runFor(w, 0.4, "actionSpeed1"));  // real time: the view is posed at every batch of rows
    // The trails' points are uploaded (and a trail of two points or more enabled) once per event-loop pass,
    // by a queued call: rows that came with the end of the run (a loaded machine delivers them late, in one
    // batch) are drawn after that pass. Failed 2 of 16 runs two at a time before this line.
    QCoreApplication::processEvents();
    QVERIFY2(view->desiredTrailSize() >= 2 && view->actualTrailSize() >= 2,
             qPrintable(QStringLiteral("%1 %2").arg(view->desiredTrailSize()).arg(view->actualTrailSize())));
    QVERIFY(view->desiredTrailDrawn() && view->actualTrailDrawn());
    auto* desired = action(w, "actionShowDesiredTrail");
    auto* actual = action(w, "actionShowActualTrail");
    QVERIFY(desired && actual && desired->isChecked() && actual->isChecked());
    QVERIFY(menu->actions().contains(desired) && menu->actions().contains(actual));
    const int points = view->desiredTrailSize();
    desired->trigger();
    QVERIFY(!view->desiredTrailDrawn());
    QVERIFY(view->actualTrailDrawn());
    QCOMPARE(view->desiredTrailSize(), points);
    actual->trigger();
    QVERIFY(!view->actualTrailDrawn());
    desired->trigger();
    actual->trigger();
    QVERIFY(view->desiredTrailDrawn() && view->actualTrailDrawn());

    // A hidden grid stays hidden for the next robot.
    grid->trigger();
    QVERIFY(w.openFile(source(QStringLiteral("scenes/planar2r_teaching.json"))));
    QVERIFY(armOf(view));
    QCOMPARE(armOf(view)->jointCount(), 2);
    QVERIFY(!view->floorGridDrawn());
    grid->trigger();
    QVERIFY(view->floorGridDrawn());
  }

  // The dock layout, the window size and the recent files of a closed window come back in the next one.
  void layoutAndRecentFilesRestoredBySecondWindow() {
    {
      QSettings s;
      for (const char* key : {"recentFiles", "geometry", "windowState"}) s.remove(QString::fromLatin1(key));
    }
    const QString a = QFileInfo(source(QStringLiteral("scenes/planar2r_teaching.json"))).absoluteFilePath();
    const QString b = QFileInfo(source(QStringLiteral("scenes/puma560_free_fall.json"))).absoluteFilePath();
    const QString start = QFileInfo(source(QStringLiteral("scenes/default.json"))).absoluteFilePath();
    QSize size;
    int editorWidth = 0;
    {
      MainWindow w1;
      w1.resize(1300, 850);
      w1.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w1));
      auto* metrics = w1.findChild<QDockWidget*>(QStringLiteral("metricsDock"));
      auto* ident = w1.findChild<QDockWidget*>(QStringLiteral("identificationDock"));
      auto* editor = w1.findChild<QDockWidget*>(QStringLiteral("chainEditorDock"));
      QVERIFY(metrics && ident && editor);
      QCOMPARE(w1.dockWidgetArea(metrics), Qt::BottomDockWidgetArea);  // the default layout
      QVERIFY(!ident->isHidden());
      w1.addDockWidget(Qt::LeftDockWidgetArea, metrics);  // moved to the left
      ident->close();
      w1.resizeDocks({editor}, {430}, Qt::Horizontal);
      QVERIFY(w1.openFile(a));
      QVERIFY(w1.openFile(b));
      QTest::qWait(200);
      editorWidth = editor->width();
      size = w1.size();
      QVERIFY(w1.close());  // saves the layout
    }
    MainWindow w2;
    w2.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w2));
    QTest::qWait(200);
    auto* metrics = w2.findChild<QDockWidget*>(QStringLiteral("metricsDock"));
    auto* ident = w2.findChild<QDockWidget*>(QStringLiteral("identificationDock"));
    auto* editor = w2.findChild<QDockWidget*>(QStringLiteral("chainEditorDock"));
    QVERIFY(metrics && ident && editor);
    QCOMPARE(w2.dockWidgetArea(metrics), Qt::LeftDockWidgetArea);
    QVERIFY(ident->isHidden());
    QCOMPARE(w2.size(), size);
    QVERIFY2(std::abs(editor->width() - editorWidth) <= 8,
             qPrintable(QStringLiteral("chain editor %1 px wide, was %2").arg(editor->width()).arg(editorWidth)));
    // Recent files: the start scene the new window opened, then b and a, most recent first.
    auto* recent = w2.findChild<QMenu*>(QStringLiteral("menuRecent"));
    QVERIFY(recent);
    QStringList paths;
    for (QAction* act : recent->actions()) paths << act->toolTip();
    QCOMPARE(paths, (QStringList{start, b, a}));
    QVERIFY(recent->actions().at(1)->text().contains(QStringLiteral("puma560_free_fall.json")));
    w2.close();
    QSettings s;  // the next tests start from the default layout
    s.remove(QStringLiteral("geometry"));
    s.remove(QStringLiteral("windowState"));
  }

  // A run that fails puts an error with the time and the joint in the message area; the window goes on.
  void failingRunIsReportedWithTimeAndJoint_data() {
    QTest::addColumn<QString>("robotJson");
    QTest::addColumn<QString>("sceneTail");
    QTest::addColumn<QString>("cause");
    QTest::addColumn<QString>("joint");
    // A massless link 1 and a point mass at the end of link 2, whose axis is horizontal: regular at home
    // (the robot file's check), but with q2 = 90 deg the mass lies on the axis of joint 1 and nothing
    // resists joint 1 (M11 = cos^2 q2 = 0): held there, the mass matrix is singular at the first step.
    const QString singular = QStringLiteral(R"({"format": "maniplab-robot", "version": 1, "name": "singular at q2 = 90 deg",
      "convention": "dh", "angle_unit": "rad", "gravity": [0, 0, -9.81], "joints": [
      {"name": "q1", "type": "revolute", "a": 0, "alpha": -1.5707963267948966, "d": 0, "theta": 0,
       "link": {"mass": 0, "com": [0, 0, 0], "inertia": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}},
      {"name": "q2", "type": "revolute", "a": 1, "alpha": 0, "d": 0, "theta": 0,
       "link": {"mass": 1, "com": [0, 0, 0], "inertia": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}}]})");
    QTest::newRow("singular mass matrix")
        << singular
        << QStringLiteral(R"("trajectory": {"type": "hold", "q": [0, 1.5707963267948966], "duration": 1.0},
             "integrator": {"stepper": "rk4"},
             "controllers": [{"name": "pd_gravity", "type": "pd_gravity", "kp": 100, "kd": 20}]})")
        << QStringLiteral("singular") << QStringLiteral("joint 1");
    // Absurd gains with explicit Euler at 1 ms: the integration explodes.
    QFile planar(source(QStringLiteral("robots/planar2r.json")));
    QVERIFY(planar.open(QIODevice::ReadOnly));
    QTest::newRow("diverging gains")
        << QString::fromUtf8(planar.readAll())
        << QStringLiteral(R"("trajectory": {"type": "hold", "q": "home", "duration": 1.0},
             "integrator": {"stepper": "euler"},
             "controllers": [{"name": "pd_gravity", "type": "pd_gravity", "kp": [1e9, 1e9], "kd": [0, 0]}]})")
        << QStringLiteral("diverged") << QStringLiteral("joint ");
  }

  void failingRunIsReportedWithTimeAndJoint() {
    QFETCH(QString, robotJson);
    QFETCH(QString, sceneTail);
    QFETCH(QString, cause);
    QFETCH(QString, joint);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString robot = dir.filePath(QStringLiteral("robot.json"));
    const QString scene = dir.filePath(QStringLiteral("scene.json"));
    QVERIFY(writeFile(robot, robotJson.toUtf8()));
    QVERIFY(writeFile(scene, QStringLiteral(R"({"format": "maniplab-scene", "version": 1, "name": "failing",
        "robot": "robot.json", "duration": 1.0, "rates": {"control_hz": 1000, "plant_hz": 1000}, )")
                                 .append(sceneTail)
                                 .toUtf8()));
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(messages);
    if (!w.openFile(scene)) {
      auto* l = messages->findChild<QListWidget*>(QStringLiteral("messageList"));
      for (int i = 0; l && i < l->count(); ++i) qWarning("%s", qPrintable(l->item(i)->text()));
      QFAIL("the scene was not loaded");
    }
    const int errors = messages->errorCount();
    auto* run = action(w, "actionRun");
    action(w, "actionSpeedMax")->trigger();
    run->trigger();
    QVERIFY(QTest::qWaitFor([&] { return run->isEnabled(); }, 30000));
    QVERIFY(messages->errorCount() > errors);
    auto* list = messages->findChild<QListWidget*>(QStringLiteral("messageList"));
    QVERIFY(list);
    QString report;
    for (int i = 0; i < list->count(); ++i)
      if (list->item(i)->text().contains(cause)) report = list->item(i)->text();
    QVERIFY2(!report.isEmpty(), qPrintable(messages->lastMessage()));
    QVERIFY2(QRegularExpression(QStringLiteral("t = [0-9.e-]+ s")).match(report).hasMatch(), qPrintable(report));
    QVERIFY2(report.contains(joint), qPrintable(report));
    qInfo("%s", qPrintable(report));
    // The message area is shown, and the window goes on: another scene opens and runs.
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("messageDock"));
    QVERIFY(dock && dock->isVisible());
    QVERIFY(w.openFile(source(QStringLiteral("scenes/planar2r_teaching.json"))));
    QVERIFY(runFor(w, 0.2));
    QVERIFY(w.findChild<RobotView*>()->hasRobot());
  }

  // Editing a DH cell in the chain editor moves the 3D view's tool to the new forward kinematics; undo
  // moves it back.
  void chainEditorEditMovesTheToolOfThe3DView() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* view = w.findChild<RobotView*>();
    auto* editor = w.findChild<ChainEditor*>();
    QVERIFY(view && editor && armOf(view));
    Model edited;
    connect(editor, &ChainEditor::robotChanged, this, [&](const RobotDescription&, const Model& m) { edited = m; });
    const QMatrix4x4 before = armOf(view)->toolTransform();
    const double a2 = editor->description().joints.at(1).a;
    QVERIFY(std::abs(a2 - 0.5) > 0.03);
    QString err;
    QVERIFY2(editor->editCell(1, QStringLiteral("a"), QStringLiteral("0.5"), &err), qPrintable(err));
    QCOMPARE(edited.nq, 6);
    // The default scene starts at q = 0: the view shows FK(edited model, 0).
    Data data(edited);
    forwardKinematics(edited, data, VectorX(VectorX::Zero(6)));
    QVERIFY2(maxDiff(armOf(view)->toolTransform(), data.oMtool) < 1e-5, qPrintable(QString::number(maxDiff(armOf(view)->toolTransform(), data.oMtool))));
    QVERIFY((origin(armOf(view)->toolTransform()) - origin(before)).length() > 0.03f);
    action(w, "actionUndo")->trigger();
    QVERIFY((origin(armOf(view)->toolTransform()) - origin(before)).length() < 1e-5f);
  }

  // The omega_n / zeta helper of the control panel: Kp = wn^2, Kv = 2 zeta wn on every joint of the
  // edited controller.
  void naturalFrequencyDesignSetsKpAndKv() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* panel = w.findChild<ControlPanel*>(QStringLiteral("controlPanel"));
    QVERIFY(panel);
    auto* edited = panel->findChild<QComboBox*>(QStringLiteral("editedControllerCombo"));
    auto* tr = panel->findChild<QDoubleSpinBox*>(QStringLiteral("responseTimeSpin"));
    QVERIFY(edited && tr);
    const int c = edited->findText(QStringLiteral("computed_torque"), Qt::MatchContains);
    QVERIFY2(c >= 0, qPrintable(QStringLiteral("%1 controllers").arg(edited->count())));
    edited->setCurrentIndex(c);
    // The design box: the T_r row, then omega_n [rad/s] and zeta with their Apply button.
    QWidget* box = tr->parentWidget();
    QDoubleSpinBox *wn = nullptr, *zeta = nullptr;
    for (auto* s : box->findChildren<QDoubleSpinBox*>()) {
      if (s == tr) continue;
      if (s->suffix().contains(QStringLiteral("rad/s"))) wn = s;
      else zeta = s;
    }
    QPushButton* apply = nullptr;
    for (auto* b : box->findChildren<QPushButton*>())
      if (b->objectName() != QStringLiteral("applyResponseTimeButton")) apply = b;
    QVERIFY(wn && zeta && apply && apply->isEnabled());
    wn->setValue(15);
    zeta->setValue(0.7);
    QTest::mouseClick(apply, Qt::LeftButton);
    auto* table = panel->findChild<QTableWidget*>(QStringLiteral("gainTable"));
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 6);
    for (int j = 0; j < 6; ++j) {
      QCOMPARE(panel->gain(c, j, 0), 225.0);                      // wn^2
      QVERIFY(std::abs(panel->gain(c, j, 1) - 21.0) < 1e-12);     // 2 zeta wn
      QCOMPARE(table->item(j, 0)->text().toDouble(), 225.0);
      QVERIFY(std::abs(table->item(j, 1)->text().toDouble() - 21.0) < 1e-9);
    }
  }

  // The scope's channel picker names each per-joint channel's joint by its robot file's name (issue 29:
  // a tree's q[9] is a finger); joints named only "q1", "q2" add nothing.
  void scopePickerNamesTheJoints() {
    MainWindow w;
    w.resize(1500, 950);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* scope = w.findChild<ScopeWidget*>();
    auto* picker = w.findChild<QComboBox*>(QStringLiteral("scopeSourceCombo"));
    QVERIFY(scope && picker);
    auto described = [&](const QString& name) {
      const int s = int(scope->sources().indexOf(name));
      return s >= 0 ? scope->sourceDescriptions().value(s) : QStringLiteral("(no source %1)").arg(name);
    };
    QCOMPARE(described(QStringLiteral("tau[2]")), QStringLiteral("shoulder"));  // the default Puma 560
    QCOMPARE(described(QStringLiteral("q_d[6]")), QStringLiteral("wrist swivel"));
    QCOMPARE(picker->itemText(int(scope->sources().indexOf(QStringLiteral("q[1]")))), QStringLiteral("q[1] — waist"));
    QVERIFY(w.openFile(source(QStringLiteral("scenes/panda_gripper_ctc_vs_pid.json"))));
    QCOMPARE(described(QStringLiteral("q[9]")), QStringLiteral("panda_finger_joint2"));
    QCOMPARE(described(QStringLiteral("tau[1]")), QStringLiteral("panda_joint1"));
    for (int s = 0; s < scope->sources().size(); ++s)  // the tool's pose, energies...: no joint
      if (!scope->sources()[s].contains(QLatin1Char('['))) QVERIFY2(scope->sourceDescriptions().value(s).isEmpty(), qPrintable(scope->sources()[s]));
    QVERIFY(w.openFile(source(QStringLiteral("scenes/planar2r_teaching.json"))));
    QVERIFY(!scope->sources().isEmpty());
    for (const QString& d : scope->sourceDescriptions()) QVERIFY2(d.isEmpty(), qPrintable(d));
    QCOMPARE(picker->itemText(int(scope->sources().indexOf(QStringLiteral("q[1]")))), QStringLiteral("q[1]"));
  }

  // Simulation > Compare on the 6-joint Puma 560: joints 1-4 first, the scope's page selector shows
  // joints 5-6 (each joint: first run bright, second dark); a new run removes the pages.
  void comparisonShowsEveryJointOfThePuma() {
    MainWindow w;
    w.resize(1500, 950);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(runFor(w, 0.3));
    auto* compare = action(w, "actionCompareOnScope");
    QVERIFY(compare && compare->isEnabled());
    compare->trigger();
    auto* scope = w.findChild<ScopeWidget*>();
    QVERIFY(scope);
    const QStringList src = scope->sources();
    QCOMPARE(src.size(), 12);  // e[1..6] of both runs
    auto shown = [&](int k) { return scope->channelSource(k) >= 0 ? src[scope->channelSource(k)] : QString(); };
    QCOMPARE(scope->channelPages(), (QStringList{QStringLiteral("Joints 1-4"), QStringLiteral("Joints 5-6")}));
    QCOMPARE(scope->channelPage(), 0);
    for (int j = 0; j < 4; ++j) {
      QCOMPARE(shown(2 * j), QStringLiteral("computed_torque: e[%1]").arg(j + 1));
      QCOMPARE(shown(2 * j + 1), QStringLiteral("pid: e[%1]").arg(j + 1));
    }
    auto* pages = scope->findChild<QComboBox*>(QStringLiteral("scopePageCombo"));
    QVERIFY(pages && pages->isVisible());
    pages->setFocus();
    QTest::keyClick(pages, Qt::Key_Down);  // as a user picks the second page
    QCOMPARE(scope->channelPage(), 1);
    for (int j = 0; j < 2; ++j) {
      QCOMPARE(shown(2 * j), QStringLiteral("computed_torque: e[%1]").arg(j + 5));
      QCOMPARE(shown(2 * j + 1), QStringLiteral("pid: e[%1]").arg(j + 5));
      QVERIFY(scope->measurement(2 * j).valid && scope->measurement(2 * j + 1).valid);
      QVERIFY(scope->channelColor(2 * j + 1).value() < scope->channelColor(2 * j).value());
    }
    for (int k = 4; k < ScopeWidget::kChannels; ++k) QCOMPARE(scope->channelSource(k), -1);
    QTest::qWait(300);
    QVERIFY(saveScreenshot(QStringLiteral("main_window_comparison_joints_5_6.png")) > 50);
    QCOMPARE(scope->sampleCount(), qint64(121));  // 0 .. 0.3 s at 400 Hz
    // The PID's error on joint 5 is larger than computed torque's (the engine's comparison).
    const auto ct = scope->measurement(0), pid = scope->measurement(1);
    QVERIFY(pid.max - pid.min > ct.max - ct.min);
    // Back to the first page.
    QTest::keyClick(pages, Qt::Key_Up);
    QCOMPARE(shown(0), QStringLiteral("computed_torque: e[1]"));
    // A new run of both controllers is a comparison again, shown from its first page.
    QVERIFY(runFor(w, 0.2));
    QCOMPARE(scope->channelPages().size(), 2);
    QCOMPARE(scope->channelPage(), 0);
    QCOMPARE(shown(0), QStringLiteral("computed_torque: e[1]"));
  }

  // The window fits a 1366 x 768 laptop screen whatever the panels show: a run fills the conservation
  // panel (its energy table and plot), the identification, teach and Orthoglide panels are tall; they
  // scroll inside their docks instead of raising the window's minimum size (a filled conservation panel
  // made it 1054 px tall, and the window grew past a 1000 px screen at the first run).
  void windowFitsASmallScreenAfterARun() {
    MainWindow w;
    w.resize(1500, 950);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QSize before = w.size();
    QVERIFY(runFor(w, 0.3));
    auto* conservation = w.findChild<ConservationPanel*>();
    QVERIFY(conservation && conservation->energyRecorded());
    QTest::qWait(200);
    const QSize min = w.minimumSizeHint();
    qInfo("minimum size after a run: %dx%d", min.width(), min.height());
    QVERIFY2(min.width() <= 1366 && min.height() <= 700, qPrintable(QStringLiteral("%1x%2").arg(min.width()).arg(min.height())));
    QCOMPARE(w.size(), before);  // the run did not resize the window
    // Opening an Orthoglide scene (its parameter editor dock) keeps it so.
    QVERIFY(w.openFile(QStringLiteral(MANIPLAB_SOURCE_DIR "/scenes/orthoglide_ctc_vs_pid.json")));
    QTest::qWait(100);
    QVERIFY(w.minimumSizeHint().height() <= 700);
    QCOMPARE(w.size(), before);
  }

  // The comparison table's CSV has a header and '.' decimals when the locale writes ',' (French).
  void metricsCsvUsesDotsUnderAFrenchLocale() {
    const std::string savedC = std::setlocale(LC_ALL, nullptr);
    if (!std::setlocale(LC_ALL, "fr_FR.UTF-8") && !std::setlocale(LC_ALL, "fr_FR.utf8"))
      QSKIP("no French locale installed (locale-gen fr_FR.UTF-8)");
    const QLocale savedQ;
    QLocale::setDefault(QLocale(QLocale::French, QLocale::France));
    struct Restore {
      std::string c;
      QLocale q;
      ~Restore() {
        std::setlocale(LC_ALL, c.c_str());
        QLocale::setDefault(q);
      }
    } restore{savedC, savedQ};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", 1.5);
    QCOMPARE(QString::fromLatin1(buf), QStringLiteral("1,5"));  // the C library writes ',' now

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(runFor(w, 0.3));
    auto* metrics = w.findChild<MetricsView*>();
    QVERIFY(metrics);
    QVERIFY(metrics->rowCount() >= 6);  // the 6 joints (and the Cartesian axes the scene records)
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("comparison.csv"));
    QString err;
    QVERIFY2(metrics->exportCsv(path, &err), qPrintable(err));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // The metrics' definitions come first, as '#' comment lines (sim/traces/metrics.hpp).
    const qsizetype comments = lines.removeIf([](const QString& l) { return l.startsWith(QLatin1Char('#')); });
    QVERIFY(comments >= 8);
    QCOMPARE(lines.size(), 1 + metrics->rowCount());  // header, then the table's rows
    const QStringList header = lines[0].split(QLatin1Char(','));
    QVERIFY2(header.contains(QStringLiteral("joint")), qPrintable(lines[0]));
    QVERIFY(header.size() >= 1 + 2 * 6);
    bool anyFraction = false;
    const QRegularExpression number(QStringLiteral("^(-?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?|nan|-?inf|)$"));
    for (int r = 1; r < lines.size(); ++r) {
      const QStringList fields = lines[r].split(QLatin1Char(','));
      QCOMPARE(fields.size(), header.size());  // a decimal comma would add fields
      for (const QString& v : fields) {
        QVERIFY2(number.match(v).hasMatch(), qPrintable(QStringLiteral("'%1' in line %2").arg(v).arg(r + 1)));
        anyFraction = anyFraction || v.contains(QLatin1Char('.'));
      }
    }
    QVERIFY(anyFraction);
  }
};

MANIPLAB_TEST_MAIN(TestMainWindowBehaviour)
#include "test_main_window_behaviour.moc"  // (in the namespace, as the class)

}  // namespace test_main_window_behaviour
