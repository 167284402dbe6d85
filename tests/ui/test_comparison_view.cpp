// The comparison view made for teaching and the run controls (issue 19, points 1 and 4), under Xvfb:
//  * Simulation > Compare on the default scene: both errors of a joint report the same gain/div, and the
//    larger error (PID's) spans more divisions than the smaller (computed torque's);
//  * the legend drawn on the scope: one line per joint naming both controllers, each after a sample of
//    its trace's pen (the second controller dashed); at 1280x720 the scale labels do not overlap;
//  * the metrics table marks, per joint and per error metric, the better controller and by what factor;
//  * a run of two controllers shows both while they run: the scope receives both runs' errors and the
//    3D view's ghost follows the second controller before the run has finished;
//  * side-by-side runs give the results of runs one after the other; the live comparison's zipper;
//  * the scope's own Run/Stop button says it acts on the scope;
//  * Pause is disabled with nothing running, Run on a paused run resumes it, and the status bar says
//    running / paused / finished with the simulated time.
// The window runs in English from its source strings (no .qm file loaded).
#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/run_controller.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the serial arm's drawing
#include "maniplab/ui/scope_overlay.hpp"
#include "maniplab/ui/scope_widget.hpp"
#include "support/main_window_driver.hpp"
#include "support/test_main.hpp"

namespace test_comparison_view {

using namespace maniplab;
using namespace maniplab::ui;
using maniplab::test::action;
using maniplab::test::runFor;

namespace {

QString source(const QString& rel) { return QStringLiteral(MANIPLAB_SOURCE_DIR "/") + rel; }

/// Vertical extent (divisions) of what the scope last drew for channel k.
double spanInDivisions(const ScopeWidget& scope, int k) {
  const QVector<QPointF> pts = scope.displayedPoints(k);
  if (pts.isEmpty()) return 0;
  double lo = pts.front().y(), hi = lo;
  for (const QPointF& p : pts) {
    lo = std::min(lo, p.y());
    hi = std::max(hi, p.y());
  }
  return hi - lo;
}

/// Saves the screen (Xvfb: the 3D view included) under MANIPLAB_SCREENSHOT_DIR when it is set.
void screenshot(const QString& name) {
  const QString dir = qEnvironmentVariable("MANIPLAB_SCREENSHOT_DIR");
  if (dir.isEmpty()) return;
  QDir().mkpath(dir);
  if (QScreen* screen = QGuiApplication::primaryScreen())
    screen->grabWindow(0).save(QDir(dir).filePath(name));
}

/// The simulated time a status text reports ("... t = 1.234 s ..."), -1 when none.
double statusTime(const QString& text) {
  static const QRegularExpression re(QStringLiteral("t = ([0-9.]+) s"));
  const auto m = re.match(text);
  return m.hasMatch() ? m.captured(1).toDouble() : -1.0;
}

sim::RunMetrics jointErrors(std::initializer_list<std::array<double, 3>> rows) {
  sim::RunMetrics m;
  for (const auto& r : rows) {
    sim::JointMetrics j;
    j.maxAbsError = r[0];
    j.rmsError = r[1];
    j.steadyStateError = r[2];
    j.rmsTorque = 10;
    j.peakTorque = 20;
    m.joints.push_back(j);
  }
  return m;
}

}  // namespace

class TestComparisonView : public QObject {
  Q_OBJECT
  QTemporaryDir settingsDir_;

 private slots:
  void initTestCase() {
    QVERIFY(settingsDir_.isValid());
    test::isolateSettings(settingsDir_.path(), "test_comparison_view");
    QSettings s;
    s.clear();
    s.setValue(QStringLiteral("language"), QStringLiteral("en"));
  }

  // Simulation > Compare on the default scene (computed torque vs PID on the Puma 560): the two errors of
  // each joint on one gain/div, the PID's (larger) one spanning more divisions; the legend names them.
  void comparedErrorsShareOneScalePerJoint() {
    MainWindow w;
    w.resize(1500, 950);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));
    QVERIFY(runFor(w, 1.0));
    auto* compare = action(w, "actionCompareOnScope");
    QVERIFY(compare && compare->isEnabled());
    compare->trigger();
    auto* scope = w.findChild<ScopeWidget*>();
    QVERIFY(scope);
    scope->replotNow();
    const QStringList src = scope->sources();
    for (int j = 0; j < 4; ++j) {
      QCOMPARE(src.value(scope->channelSource(2 * j)), QStringLiteral("computed_torque: e[%1]").arg(j + 1));
      QCOMPARE(src.value(scope->channelSource(2 * j + 1)), QStringLiteral("pid: e[%1]").arg(j + 1));
      // One gain per joint (same unit, rad): the one that fits the larger error.
      QCOMPARE(scope->channelGain(2 * j), scope->channelGain(2 * j + 1));
      const auto ct = scope->measurement(2 * j), pid = scope->measurement(2 * j + 1);
      QVERIFY(ct.valid && pid.valid);
      const double ppCt = ct.max - ct.min, ppPid = pid.max - pid.min;
      QVERIFY2(ppPid > 3 * ppCt, qPrintable(QStringLiteral("joint %1: pid %2, ct %3").arg(j + 1).arg(ppPid).arg(ppCt)));
      // On the shared scale the larger error fills more divisions (and stays on the 8-division screen).
      const double dCt = spanInDivisions(*scope, 2 * j), dPid = spanInDivisions(*scope, 2 * j + 1);
      QVERIFY2(dPid > 3 * dCt && dPid <= 8.0 && dPid >= 2.0,
               qPrintable(QStringLiteral("joint %1: pid %2 div, ct %3 div").arg(j + 1).arg(dPid).arg(dCt)));
    }
    // A gain set on one channel of a joint is set on its pair.
    scope->setChannelGain(0, 0.5);
    QCOMPARE(scope->channelGain(1), 0.5);
    scope->autoscale();

    // The legend on the plot: one line per joint (quantity, unit) naming both controllers, each after a
    // sample of its trace's pen: the first controller solid, the second dashed (not only a darker colour).
    QCOMPARE(scope->legendTexts(),
             (QStringList{QStringLiteral("error of joint 1 [rad]: computed_torque, pid"),
                          QStringLiteral("error of joint 2 [rad]: computed_torque, pid"),
                          QStringLiteral("error of joint 3 [rad]: computed_torque, pid"),
                          QStringLiteral("error of joint 4 [rad]: computed_torque, pid")}));
    QVector<QPen> pens;
    for (int k = 0; k < ScopeWidget::kChannels; ++k) {
      const QPen p = scope->channelPen(k);
      QCOMPARE(p.style(), k % 2 == 0 ? Qt::SolidLine : Qt::DashLine);
      QCOMPARE(p.color(), scope->channelColor(k));
      pens << p;
    }
    QCOMPARE(scope->legendPens(), pens);  // the samples are drawn with the traces' pens
    scope->setChannelPage(1);  // joints 5-6
    QCOMPARE(scope->legendTexts().size(), 2);
    QCOMPARE(scope->legendTexts().at(1), QStringLiteral("error of joint 6 [rad]: computed_torque, pid"));
    QCOMPARE(scope->channelPen(3).style(), Qt::DashLine);
    scope->setChannelPage(0);
    QTest::qWait(300);
    screenshot(QStringLiteral("compare_after_run.png"));
  }

  // At 1280x720 (the scope dock narrow) the comparison stays readable: the scale labels along the bottom
  // do not overlap, and the legend (4 lines for 8 traces) covers at most a third of the screen's height.
  void comparisonReadableAtProjectorSize() {
    MainWindow w;
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));
    QVERIFY(runFor(w, 1.0));
    action(w, "actionCompareOnScope")->trigger();
    auto* scope = w.findChild<ScopeWidget*>();
    QVERIFY(scope);
    scope->replotNow();
    QTest::qWait(200);
    const QRect screen = scope->screenRect();
    QVERIFY2(screen.width() < 500, qPrintable(QStringLiteral("screen %1 px wide").arg(screen.width())));
    const QVector<QRect> labels = scope->scaleLabelRects();
    QCOMPARE(labels.size(), 4);  // one per joint: the two controllers share its scale
    for (int i = 0; i < labels.size(); ++i) {
      QVERIFY(screen.contains(labels[i]));
      for (int j = i + 1; j < labels.size(); ++j)
        QVERIFY2(!labels[i].intersects(labels[j]), qPrintable(QStringLiteral("CH%1 and CH%2 overlap").arg(i + 1).arg(j + 1)));
    }
    const QRect legend = scope->legendRect();
    QVERIFY(!legend.isEmpty() && screen.contains(legend));
    QVERIFY2(legend.height() * 3 <= screen.height(),
             qPrintable(QStringLiteral("legend %1 px high on a %2 px screen").arg(legend.height()).arg(screen.height())));
    QCOMPARE(scope->legendPens().size(), 8);
    screenshot(QStringLiteral("compare_1280x720.png"));
  }

  // The scale labels ("CH1 5 mrad/div", engineering prefixes) flow into rows along the bottom: none overlaps
  // another at any width down to the scope's minimum, and all stay on the screen.
  void scaleLabelsNeverOverlap() {
    ScopeWidget scope;
    QStringList names, units;
    for (int k = 0; k < ScopeWidget::kChannels; ++k) {
      names << QStringLiteral("s%1").arg(k);
      units << (k % 2 ? QStringLiteral("N m") : QStringLiteral("rad"));
    }
    scope.setSources(names, units);
    const double gains[] = {0.005, 0.0002, 20, 1500, 0.05, 0.001, 2, 0.5};
    for (int k = 0; k < ScopeWidget::kChannels; ++k) {
      scope.setChannelSource(k, k);
      scope.setChannelGain(k, gains[k]);
    }
    scope.show();
    QVERIFY(QTest::qWaitForWindowExposed(&scope));
    int rows = 0;
    for (int width = 1400; width >= scope.minimumSizeHint().width(); width -= 60) {
      scope.resize(width, 420);
      QTest::qWait(20);
      scope.replotNow();
      const QRect screen = scope.screenRect();
      const QVector<QRect> r = scope.scaleLabelRects();
      QCOMPARE(r.size(), 8);
      QSet<int> tops;
      for (int i = 0; i < r.size(); ++i) {
        tops.insert(r[i].top());
        QVERIFY2(screen.contains(r[i]) || r[i].width() > screen.width(),
                 qPrintable(QStringLiteral("width %1: CH%2 off the screen").arg(width).arg(i + 1)));
        for (int j = i + 1; j < r.size(); ++j)
          QVERIFY2(!r[i].intersects(r[j]), qPrintable(QStringLiteral("width %1: CH%2 and CH%3 overlap").arg(width).arg(i + 1).arg(j + 1)));
      }
      rows = std::max(rows, int(tops.size()));
    }
    QVERIFY(rows >= 2);  // the narrow widths did wrap
  }

  // Engineering notation of the scale labels.
  void engineeringNotation() {
    using scope_overlay::engineering;
    QCOMPARE(engineering(0.005, QStringLiteral("rad")), QStringLiteral("5 mrad"));
    QCOMPARE(engineering(0.0002, QStringLiteral("rad")), QStringLiteral("200 \u00b5rad"));
    QCOMPARE(engineering(1500, QStringLiteral("N m")), QStringLiteral("1.5 kN m"));
    QCOMPARE(engineering(1, QStringLiteral("rad")), QStringLiteral("1 rad"));
    QCOMPARE(engineering(0.9999996, QStringLiteral("rad")), QStringLiteral("1 rad"));
    QCOMPARE(engineering(-0.02, QStringLiteral("m")), QStringLiteral("-20 mm"));
    QCOMPARE(engineering(0.25, QStringLiteral("%")), QStringLiteral("0.25 %"));
    QCOMPARE(engineering(0.125, QString()), QStringLiteral("0.125"));
    QCOMPARE(engineering(std::nan(""), QStringLiteral("rad")), QStringLiteral("--"));
  }

  // The legend of an ordinary run: each source's name (no label set) and unit; a channel switched off
  // leaves it; a source without a unit has none.
  void legendOfAnOrdinaryRun() {
    ScopeWidget scope;
    scope.setSources({QStringLiteral("q[1]"), QStringLiteral("tau[1]"), QStringLiteral("ratio")},
                     {QStringLiteral("rad"), QStringLiteral("N m"), QString()});
    for (int k = 0; k < ScopeWidget::kChannels; ++k) scope.setChannelSource(k, -1);
    scope.setChannelSource(0, 0);
    scope.setChannelSource(2, 1);
    scope.setChannelSource(5, 2);
    QCOMPARE(scope.legendTexts(), (QStringList{QStringLiteral("q[1] [rad]"), QStringLiteral("tau[1] [N m]"), QStringLiteral("ratio")}));
    scope.setSourceLabels({QStringLiteral("joint 1 position")});
    QCOMPARE(scope.legendTexts().at(0), QStringLiteral("joint 1 position [rad]"));
    scope.setChannelSource(2, -1);
    QCOMPARE(scope.legendTexts().size(), 2);
  }

  // Channels of one scale group share the gain only when their units agree.
  void scaleGroupsRespectUnits() {
    ScopeWidget scope;
    scope.setSources({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")},
                     {QStringLiteral("rad"), QStringLiteral("rad"), QStringLiteral("m")});
    for (int k = 0; k < 3; ++k) {
      scope.setChannelSource(k, k);
      scope.setChannelScaleGroup(k, 0);
    }
    std::vector<double> t, v;
    for (int r = 0; r <= 100; ++r) {
      const double s = std::sin(0.1 * r);
      t.push_back(0.01 * r);
      v.insert(v.end(), {0.001 * s, 0.02 * s, 3.0 * s});
    }
    scope.setTimeBase(0.1);
    scope.appendSamples(t.data(), v.data(), int(t.size()));
    scope.autoscale();
    QCOMPARE(scope.channelGain(0), scope.channelGain(1));
    QCOMPARE(scope.channelGain(1), 0.01);  // 0.04 rad peak to peak on at most 6 divisions, 1-2-5
    QCOMPARE(scope.channelGain(2), 1.0);   // metres: its own scale
    scope.setChannelScaleGroup(0, -1);
    scope.autoscale();
    QCOMPARE(scope.channelGain(0), 0.0005);  // alone again
  }

  // The metrics table marks the better controller per joint and per error metric, with the factor.
  void metricsMarkTheBetterController() {
    MetricsView view;
    view.setRuns({{"computed_torque", jointErrors({{0.001, 0.0004, 1e-5}, {0.03, 0.01, 0.002}})},
                  {"pid", jointErrors({{0.02, 0.008, 2e-5}, {0.031, 0.0105, 0.001}})}});
    const int keys = int(MetricsView::columnKeys().size());
    // Joint 1, max |e|: computed torque, 20 times smaller.
    QCOMPARE(view.cellText(0, 0), QStringLiteral("0.001\n×20"));
    QVERIFY(view.isMarkedBetter(0, 0));
    QVERIFY(!view.isMarkedBetter(0, keys));
    QCOMPARE(view.cellText(0, keys), QStringLiteral("0.02"));
    QVERIFY2(view.cellToolTip(0, 0).contains(QStringLiteral("computed_torque")) &&
                 view.cellToolTip(0, 0).contains(QStringLiteral("pid")) &&
                 view.cellToolTip(0, 0).contains(QStringLiteral("20 times smaller")),
             qPrintable(view.cellToolTip(0, 0)));
    QCOMPARE(view.cellText(0, 1), QStringLiteral("0.0004\n×20"));
    QCOMPARE(view.cellText(0, 2), QStringLiteral("1e-05\n×2.0"));
    // Joint 2: within 10 % (no mark) for max |e| and RMS; PID better on the steady state.
    QCOMPARE(view.cellText(1, 0), QStringLiteral("0.03"));
    QVERIFY(!view.isMarkedBetter(1, 0) && !view.isMarkedBetter(1, keys));
    QCOMPARE(view.cellText(1, keys + 2), QStringLiteral("0.001\n×2.0"));
    QVERIFY(view.isMarkedBetter(1, keys + 2));
    // Torques are not ranked.
    for (int r = 0; r < 2; ++r) QVERIFY(!view.isMarkedBetter(r, 4) && !view.isMarkedBetter(r, keys + 4));
    // One controller: nothing to compare.
    view.setRuns({{"pid", jointErrors({{0.02, 0.008, 2e-5}})}});
    QCOMPARE(view.cellText(0, 0), QStringLiteral("0.02"));
    QVERIFY(!view.isMarkedBetter(0, 0));
  }

  // A run of two controllers shows both while they run: the comparison's channels on the scope, rows
  // of both runs arriving, the ghost following the second controller; the scope's button names the scope.
  void comparisonIsLiveWhileTheControllersRun() {
    MainWindow w;
    w.resize(1500, 950);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));
    auto* dur = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
    QVERIFY(dur);
    dur->setValue(3.0);
    action(w, "actionSpeed1")->trigger();  // real time: 3 s of wall time
    auto* run = action(w, "actionRun");
    auto* metrics = w.findChild<MetricsView*>();
    auto* scope = w.findChild<ScopeWidget*>();
    auto* view = w.findChild<RobotView*>();
    QVERIFY(run && metrics && scope && view);
    QVERIFY(!view->ghostShown());
    run->trigger();
    QVERIFY(QTest::qWaitFor([&] { return scope->sampleCount() > 100; }, 20000));
    QCOMPARE(metrics->rowCount(), 0);  // not finished
    const QStringList src = scope->sources();
    QVERIFY2(src.contains(QStringLiteral("computed_torque: e[1]")) && src.contains(QStringLiteral("pid: e[1]")),
             qPrintable(src.join(QStringLiteral(", "))));
    QVERIFY(scope->measurement(1).valid);  // the PID's error, while it runs
    QVERIFY(view->ghostShown());
    // The ghost is the PID's arm: not where the computed-torque arm is (their errors differ).
    const auto* arm = view->drawing<ArmDrawing>();
    QVERIFY(arm);
    double d = 0;
    for (int i = 0; i < arm->jointCount(); ++i)
      d = std::max(d, double((arm->ghostBodyTransform(i).column(3) - arm->bodyTransform(i).column(3)).length()));
    QVERIFY2(d > 1e-6, qPrintable(QString::number(d)));
    auto* scopeRun = scope->findChild<QPushButton*>(QStringLiteral("scopeRunButton"));
    QVERIFY(scopeRun);
    QVERIFY2(scopeRun->text().startsWith(QStringLiteral("Scope: live")), qPrintable(scopeRun->text()));
    QTest::qWait(400);
    screenshot(QStringLiteral("compare_live.png"));
    QVERIFY(QTest::qWaitFor([&] { return run->isEnabled() && metrics->rowCount() > 0; }, 30000));
    QCOMPARE(scope->channelGain(0), scope->channelGain(1));
    scopeRun->click();
    QVERIFY2(scopeRun->text().startsWith(QStringLiteral("Scope: frozen")), qPrintable(scopeRun->text()));
    scopeRun->click();
  }

  // The zipper of a live comparison: e[i] columns of both runs, interleaved per joint, released row by
  // row once both runs have the row.
  void comparisonStreamZipsBothRuns() {
    ComparisonStream z;
    const QStringList ch0{QStringLiteral("q[1]"), QStringLiteral("e[1]"), QStringLiteral("e[2]")};
    const QStringList ch1{QStringLiteral("e[2]"), QStringLiteral("e[1]")};  // another column order
    const QStringList u0{QStringLiteral("rad"), QStringLiteral("rad"), QStringLiteral("m")};
    const QStringList u1{QStringLiteral("m"), QStringLiteral("rad")};
    z.start(0, QStringLiteral("ct"), ch0, u0);
    QVERIFY(!z.ready());
    z.start(1, QStringLiteral("pid"), ch1, u1);
    QVERIFY(z.ready());
    QCOMPARE(z.layout().names, (QStringList{QStringLiteral("ct: e[1]"), QStringLiteral("pid: e[1]"), QStringLiteral("ct: e[2]"),
                                            QStringLiteral("pid: e[2]")}));
    QCOMPARE(z.layout().units, (QStringList{QStringLiteral("rad"), QStringLiteral("rad"), QStringLiteral("m"), QStringLiteral("m")}));
    std::vector<double> t, v;
    // Run 0: three rows (t, q, e1, e2); run 1 has none yet: nothing released.
    QCOMPARE(z.add(0, {0.0, 0.1, 0.2}, {9, 1, 2, 9, 11, 12, 9, 21, 22}, 3, &t, &v), 0);
    // Run 1: two rows (e2, e1): rows 0 and 1 released.
    QCOMPARE(z.add(1, {0.0, 0.1}, {-2, -1, -12, -11}, 2, &t, &v), 2);
    QCOMPARE(t, (std::vector<double>{0.0, 0.1}));
    QCOMPARE(v, (std::vector<double>{1, -1, 2, -2, 11, -11, 12, -12}));
    QCOMPARE(z.add(1, {0.2, 0.3}, {-22, -21, -32, -31}, 2, &t, &v), 1);
    QCOMPARE(t, (std::vector<double>{0.2}));
    QCOMPARE(v, (std::vector<double>{21, -21, 22, -22}));
    QCOMPARE(z.add(0, {0.3}, {9, 31, 32}, 3, &t, &v), 1);
    QCOMPARE(v, (std::vector<double>{31, -31, 32, -32}));
    QCOMPARE(z.rowsZipped(), qint64(4));
    QCOMPARE(z.add(0, {0.4}, {9, 41}, 2, &t, &v), 0);  // wrong column count: ignored
  }

  // Side by side, the controllers give the same results as one after the other (each run on its own copy
  // of the scene), and their rows arrive interleaved: the second run's before the first has finished.
  void sideBySideRunsMatchSequentialRuns() {
    const auto sl = sim::loadSceneFile(source(QStringLiteral("scenes/default.json")).toStdString());
    QVERIFY2(sl.ok(), sl.report().c_str());
    sim::Scene scene = sl.scene;
    scene.duration = 0.6;
    auto runWith = [&](bool together, double speed, int* secondBeforeFirstEnds) {
      RunController rc;
      rc.setSpeed(speed);
      double firstEnd = -1;
      int early = 0;
      QObject ctx;
      QObject::connect(&rc, &RunController::rows, &ctx, [&](int k, const QVector<double>& t, const QVector<double>&, int) {
        if (k == 0) firstEnd = t.back();
        if (k == 1 && firstEnd >= 0 && firstEnd < 0.5) ++early;
      });
      bool done = false;
      QObject::connect(&rc, &RunController::finished, &ctx, [&](const RunOutcomes&) { done = true; });
      RunRequest req = RunRequest::serial(scene);
      req.together = together;
      rc.start(req);
      const bool ok = QTest::qWaitFor([&] { return done; }, 60000);
      if (secondBeforeFirstEnds) *secondBeforeFirstEnds = early;
      return ok ? rc.lastRuns() : std::vector<RunOutcome>{};
    };
    int early = 0;
    const auto seq = runWith(false, 0.0, nullptr);
    const auto tog = runWith(true, 1.0, &early);
    QCOMPARE(seq.size(), std::size_t(2));
    QCOMPARE(tog.size(), std::size_t(2));
    QVERIFY2(early > 0, "the second run's rows came only after the first run");
    for (std::size_t r = 0; r < 2; ++r) {
      QCOMPARE(tog[r].name, seq[r].name);
      QVERIFY(tog[r].ok && seq[r].ok);
      QCOMPARE(tog[r].recorder->rows(), seq[r].recorder->rows());
      for (std::size_t j = 0; j < seq[r].metrics.joints.size(); ++j) {
        QCOMPARE(tog[r].metrics.joints[j].maxAbsError, seq[r].metrics.joints[j].maxAbsError);  // bit for bit
        QCOMPARE(tog[r].metrics.joints[j].rmsTorque, seq[r].metrics.joints[j].rmsTorque);
      }
    }
  }

  // The ghost is drawn: shown at another pose it changes the picture where the arm is not, and its
  // bodies follow forward kinematics; hidden, the picture is the arm's alone again.
  void ghostIsDrawnAtItsOwnPose() {
    const RobotLoadResult puma = loadRobotFile(std::string(MANIPLAB_SOURCE_DIR) + "/robots/puma560.json");
    QVERIFY(puma.ok());
    RobotView view;
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ArmDrawing& arm = ArmDrawing::draw(view, puma.model, puma.description);
    view.fitToRobot();
    auto grab = [&] {  // once the picture is steady (two grabs 200 ms apart agree)
      const QPoint o = view.mapToGlobal(QPoint(0, 0));
      auto once = [&] {
        return QGuiApplication::primaryScreen()->grabWindow(0, o.x(), o.y(), view.width(), view.height()).toImage();
      };
      QImage last = once();
      for (int k = 0; k < 25; ++k) {
        QTest::qWait(200);
        QImage next = once();
        if (next == last) break;
        last = next;
      }
      return last;
    };
    const QImage alone = grab();
    VectorX q = puma.model.home;
    q[0] += 1.2;
    q[1] -= 0.6;
    arm.setGhostConfiguration(q);
    QVERIFY(view.ghostShown());
    Data data(puma.model);
    forwardKinematics(puma.model, data, q);
    for (int i = 0; i < 6; ++i) {
      const QVector3D p = arm.ghostBodyTransform(i).column(3).toVector3D();
      QVERIFY((p - QVector3D(float(data.oMi[std::size_t(i)].p.x()), float(data.oMi[std::size_t(i)].p.y()),
                             float(data.oMi[std::size_t(i)].p.z()))).length() < 1e-5f);
    }
    const QImage withGhost = grab();
    screenshot(QStringLiteral("ghost.png"));
    int changed = 0;
    for (int y = 0; y < alone.height(); y += 2)
      for (int x = 0; x < alone.width(); x += 2) changed += alone.pixel(x, y) != withGhost.pixel(x, y);
    QVERIFY2(changed > 500, qPrintable(QString::number(changed)));
    view.hideGhost();
    QVERIFY(!view.ghostShown());
    const QImage hidden = grab();
    screenshot(QStringLiteral("ghost_hidden.png"));
    int still = 0;
    for (int y = 0; y < alone.height(); y += 2)
      for (int x = 0; x < alone.width(); x += 2) still += alone.pixel(x, y) != hidden.pixel(x, y);
    QVERIFY2(still < 50, qPrintable(QString::number(still)));
  }

  // Pause acts on a run in progress only; Run on a paused run resumes it; the status bar says running,
  // paused or finished, with the simulated time.
  void pauseAndRunCannotConfuse() {
    MainWindow w;
    w.resize(1500, 950);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openFile(source(QStringLiteral("scenes/planar2r_teaching.json"))));
    auto* pause = action(w, "actionPause");
    auto* run = action(w, "actionRun");
    auto* status = w.findChild<QLabel*>(QStringLiteral("statusLabel"));
    auto* metrics = w.findChild<MetricsView*>();
    QVERIFY(pause && run && status && metrics);
    QVERIFY(run->isEnabled());
    QVERIFY(!pause->isEnabled());  // nothing running: nothing to pause
    pause->trigger();              // (a shortcut would do nothing either)
    QVERIFY(!pause->isChecked());

    w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"))->setValue(2.0);
    action(w, "actionSpeed1")->trigger();
    run->trigger();
    QVERIFY(pause->isEnabled());
    QVERIFY(!run->isEnabled());  // running: Run has nothing to do
    QVERIFY2(status->text().startsWith(QStringLiteral("Running")), qPrintable(status->text()));
    QVERIFY(QTest::qWaitFor([&] { return statusTime(status->text()) > 0.05; }, 10000));
    QVERIFY2(status->text().startsWith(QStringLiteral("Running ")), qPrintable(status->text()));

    pause->trigger();
    QVERIFY(pause->isChecked());
    QVERIFY(run->isEnabled());  // Run resumes
    QVERIFY2(status->text().startsWith(QStringLiteral("Paused at t = ")) &&
                 status->text().endsWith(QStringLiteral(" s: Run or Pause resumes")),
             qPrintable(status->text()));
    QTest::qWait(200);  // the rows on their way when Pause was pressed: the time where the run stopped
    const double pausedAt = statusTime(status->text());
    QVERIFY(pausedAt > 0.05 && pausedAt < 2.0);
    QTest::qWait(400);
    QCOMPARE(statusTime(status->text()), pausedAt);  // the time stands still
    QVERIFY(status->text().startsWith(QStringLiteral("Paused")));
    QCOMPARE(metrics->rowCount(), 0);

    run->trigger();  // resumes the paused run (does not start another)
    QVERIFY(!pause->isChecked());
    QVERIFY(!run->isEnabled());
    QVERIFY(QTest::qWaitFor([&] { return status->text().startsWith(QStringLiteral("Running ")) &&
                                         statusTime(status->text()) > pausedAt; }, 5000));
    QVERIFY(QTest::qWaitFor([&] { return run->isEnabled() && metrics->rowCount() > 0; }, 30000));
    QCOMPARE(status->text(), QStringLiteral("Finished: t = 2.000 s"));
    QVERIFY(!pause->isEnabled());
    QVERIFY(!metrics->runs().empty());

    // Single step with nothing running: a new run, paused after one control period (not at t = 0).
    action(w, "actionStep")->trigger();
    QVERIFY(pause->isEnabled() && pause->isChecked());
    QVERIFY(run->isEnabled());
    QVERIFY2(QTest::qWaitFor([&] { return statusTime(status->text()) > 0; }, 5000), qPrintable(status->text()));
    QVERIFY2(status->text().startsWith(QStringLiteral("Paused at t = 0.00")), qPrintable(status->text()));
    action(w, "actionReset")->trigger();
    QVERIFY(QTest::qWaitFor([&] { return !pause->isEnabled(); }, 10000));
    QVERIFY2(status->text().startsWith(QStringLiteral("Cancelled at t = ")), qPrintable(status->text()));
  }
};

MANIPLAB_TEST_MAIN(TestComparisonView)
#include "test_comparison_view.moc"  // (in the namespace, as the class)

}  // namespace test_comparison_view
