// Issue 19, points 2 and 3, where the student sees them (offscreen widgets):
//  * the trajectory editor warns, before any run, when the trajectory passes the robot's limits, with
//    the time and the joint (the default scene's former spline overshot the Puma's elbow limit); the
//    shipped default scene shows no warning; an edit that brings a via point beyond the limit brings the
//    warning, undoing it removes it;
//  * the metrics table shows "n/a" where a relative error is not defined, with the reason in the
//    tooltip, and a defined one lists its segments; every header carries its definition; the definitions
//    of the Help and the tooltips are, untranslated, the sim texts word for word (metricDefinitions()).
#include <QtTest/QtTest>

#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <cmath>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/traces/metrics.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "maniplab/ui/trajectory_editor.hpp"
#include "support/test_main.hpp"

namespace test_trajectory_checks {

using namespace maniplab;
using namespace maniplab::ui;
using nlohmann::json;

namespace {
VectorX vec(std::initializer_list<double> v) {
  VectorX x(Eigen::Index(v.size()));
  Eigen::Index i = 0;
  for (double d : v) x[i++] = d;
  return x;
}
}  // namespace

class TestTrajectoryChecks : public QObject {
  Q_OBJECT
  RobotLoadResult puma;

 private slots:
  void initTestCase() {
    puma = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
    QVERIFY2(puma.ok(), puma.report().c_str());
  }

  void editorWarnsBeforeTheRun() {
    TrajectoryEditor ed;
    ed.show();
    const json former = json::parse(R"({"type": "via_points",
      "points": [[0, 0, 0, 0, 0, 0], [0.6, -0.5, 0.7, 0.3, -0.6, 0.5], [-0.5, -0.3, 0.4, -0.4, 0.5, -0.5], [0, 0, 0, 0, 0, 0]],
      "times": [0, 1.5, 3.0, 4.0]})");
    ed.setTrajectory(former, puma.model);
    auto* label = ed.findChild<QLabel*>("trajectoryLimitWarning");
    QVERIFY(label);
    QVERIFY(label->isVisible());
    const QString text = ed.limitWarningText();
    QVERIFY2(text.contains("joint 3 (elbow) passes its upper limit 45°"), qPrintable(text));
    QVERIFY2(text.contains("t = 1.667 s"), qPrintable(text));    // when it passes it
    QVERIFY2(text.contains("at t = 2.034 s"), qPrintable(text));  // where the peak is
    QVERIFY2(text.contains("peak 49.65°"), qPrintable(text));
    QCOMPARE(int(ed.limitReport().violations.size()), 1);
    QVERIFY(!label->toolTip().isEmpty());

    // The shipped default scene: no warning.
    const auto sl = sim::loadSceneFile(MANIPLAB_SOURCE_DIR "/scenes/default.json");
    QVERIFY2(sl.ok(), sl.report().c_str());
    ed.setTrajectory(sl.scene.trajectory, sl.scene.robot.model);
    QVERIFY(ed.limitWarningText().isEmpty());
    QVERIFY(!label->isVisible());
    QVERIFY(ed.limitReport().ok());

    // An edit: the elbow's first via point at 60° (row 1 + joint index 2, column = point 1).
    auto* via = ed.findChild<QTableWidget*>("viaPointTable");
    QVERIFY(via && via->item(3, 1));
    const QString before = via->item(3, 1)->text();
    QSignalSpy editedSpy(&ed, &TrajectoryEditor::edited);
    via->item(3, 1)->setText(QStringLiteral("60"));
    QVERIFY(editedSpy.count() >= 1);
    QVERIFY2(ed.limitWarningText().contains("joint 3 (elbow) passes its upper limit"), qPrintable(ed.limitWarningText()));
    via->item(3, 1)->setText(before);
    QVERIFY2(ed.limitWarningText().isEmpty(), qPrintable(ed.limitWarningText()));

    // A velocity the drives cannot give: the waist (109.8°/s) asked for 2 rad in 1 s (1.875 x 2 rad/s).
    ed.setTrajectory(json::parse(R"({"type": "quintic", "from": "home", "to": [2, 0, 0, 0, 0, 0], "duration": 1})"),
                     puma.model);
    QVERIFY2(ed.limitWarningText().contains("joint 1 (waist) exceeds its velocity limit 109.8°/s"),
             qPrintable(ed.limitWarningText()));
  }

  void metricsShowNaWithItsReason() {
    // Joint 1 moves 0 -> 1 -> 0.2 over two segments; joint 2 never moves.
    sim::MetricsAccumulator acc(2);
    acc.setSegments({0, 1, 2});
    acc.setSteadyStateFrom(2);
    for (int k = 0; k <= 1200; ++k) {
      const double t = k * 2.5e-3;
      const double q1 = t <= 1 ? t : t <= 2 ? 1 - 0.8 * (t - 1) : 0.2;
      acc.addJoint(t, 2.5e-3, vec({q1, 0.3}), vec({q1 - 0.01, 0.3 - 0.002}), vec({1, 1}));
    }
    const sim::RunMetrics m = acc.finish(vec({0, 0.3}), vec({0.2, 0.3}));
    MetricsView view;
    view.setRuns({{"pid", m}});
    const int rel = int(MetricsView::columnKeys().indexOf("relativeErrorPercent"));
    QCOMPARE(rel, 3);
    QCOMPARE(view.cellText(0, rel), QString::number(m.joints[0].relativeErrorPercent, 'g', 4));
    QVERIFY2(view.cellToolTip(0, rel).contains("segment 1 (0 s to 1 s)"), qPrintable(view.cellToolTip(0, rel)));
    QVERIFY(view.cellToolTip(0, rel).contains("segment 2 (1 s to 2 s)"));
    QCOMPARE(view.cellText(1, rel), QStringLiteral("n/a"));
    QVERIFY2(view.cellToolTip(1, rel).contains("below the threshold 0.001"), qPrintable(view.cellToolTip(1, rel)));
    QVERIFY(view.headerToolTip(rel).contains("Zanaboni 2009"));
    QVERIFY(view.headerToolTip(0).contains("maximum deviation"));
  }

  // The GUI's definitions are the sim texts (English source strings), for every metric.
  void definitionsAreTheSimTexts() {
    for (const auto& d : sim::metricDefinitions()) {
      const QString key = QString::fromStdString(d.key);
      QCOMPARE(MetricsView::metricDefinition(key), QString::fromStdString(d.definition));
      QCOMPARE(MetricsView::metricLabel(key), QString::fromStdString(d.label));
      QVERIFY(MetricsView::definitionsHtml().contains(key));
    }
    QVERIFY(MetricsView::metricDefinition("nonsense").isEmpty());
    for (const auto s : {sim::RelativeErrorStatus::NoSamples, sim::RelativeErrorStatus::NotReached,
                         sim::RelativeErrorStatus::SmallDisplacement})
      QCOMPARE(MetricsView::relativeErrorReason(s), QString::fromStdString(sim::relativeErrorStatusText(s)));
  }
};

MANIPLAB_TEST_MAIN(TestTrajectoryChecks)
#include "test_trajectory_checks.moc"  // (in the namespace, as the class)

}  // namespace test_trajectory_checks
