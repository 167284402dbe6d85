// The run controller (ui/src/run_controller.cpp), Qt Core only: the worker in its thread started, paused,
// stepped and cancelled through it; its row batches handed on twice (every batch for the fast views, and
// the same rows in bunches for the slow ones); the last runs; the comparison of two runs' joint errors.
// Asserted:
//  - `rows` and `slowRows` carry the same rows in the same order (none lost, none repeated), slowRows in
//    no more bunches than rows, the last bunch before `finished`;
//  - a second start while a run is in progress is refused;
//  - paused, no row arrives until step(); cancel ends the run, the outcome says cancelled;
//  - the comparison holds e[i] of the first and the second run, as their recorders hold them, paged.
#include <QtTest/QtTest>

#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/ui/run_controller.hpp"

using namespace maniplab;
using namespace maniplab::ui;

namespace {

sim::Scene scene(const char* rel, double duration) {
  const auto sl = sim::loadSceneFile(std::string(MANIPLAB_SOURCE_DIR) + "/" + rel);
  if (!sl.ok()) qFatal("%s", sl.report().c_str());
  sim::Scene s = sl.scene;
  s.duration = duration;
  return s;
}

struct Collected {
  std::vector<double> fast, slow;  // times
  std::vector<double> fastValues, slowValues;
  int fastBatches = 0, slowBatches = 0, started = 0;
  double lastTime = -1;
  bool slowAfterFinished = false, done = false;
  RunOutcomes result;
};

void collect(RunController& rc, Collected& c, QObject* ctx) {
  QObject::connect(&rc, &RunController::runStarted, ctx, [&c](int, const QString&, const QStringList&, const QStringList&) { ++c.started; });
  QObject::connect(&rc, &RunController::rows, ctx, [&c](int, const QVector<double>& t, const QVector<double>& v, int) {
    ++c.fastBatches;
    c.fast.insert(c.fast.end(), t.begin(), t.end());
    c.fastValues.insert(c.fastValues.end(), v.begin(), v.end());
  });
  QObject::connect(&rc, &RunController::slowRows, ctx, [&c](const QVector<double>& t, const QVector<double>& v, int) {
    ++c.slowBatches;
    if (c.done) c.slowAfterFinished = true;
    c.slow.insert(c.slow.end(), t.begin(), t.end());
    c.slowValues.insert(c.slowValues.end(), v.begin(), v.end());
  });
  QObject::connect(&rc, &RunController::timeChanged, ctx, [&c](double t) { c.lastTime = t; });
  QObject::connect(&rc, &RunController::finished, ctx, [&c](const RunOutcomes& o) {
    c.result = o;
    c.done = true;
  });
}

}  // namespace

class TestRunController : public QObject {
  Q_OBJECT
 private slots:
  void rowsForFastAndSlowViews() {
    RunController rc;
    Collected c;
    collect(rc, c, this);
    rc.setSpeed(2.0);  // paced: several batches
    QVERIFY(rc.start(RunRequest::serial(scene("scenes/planar2r_teaching.json", 0.4))));
    QVERIFY(rc.isRunning());
    QVERIFY(!rc.start(RunRequest::serial(scene("scenes/planar2r_teaching.json", 0.4))));  // one run at a time
    QVERIFY(QTest::qWaitFor([&] { return c.done; }, 60000));
    QVERIFY(!rc.isRunning());
    QCOMPARE(c.started, 3);  // the scene's three controllers
    QCOMPARE(c.result.runs.size(), std::size_t(3));
    QCOMPARE(rc.lastRuns().size(), std::size_t(3));
    QCOMPARE(rc.recordedRuns(), 3);
    QVERIFY(c.fastBatches > 3);
    QVERIFY(c.slowBatches >= 3 && c.slowBatches <= c.fastBatches);
    QCOMPARE(c.slow, c.fast);
    QCOMPARE(c.slowValues, c.fastValues);
    QVERIFY(!c.slowAfterFinished);
    std::size_t recorded = 0;
    for (const auto& r : c.result.runs) recorded += r.recorder->rows();
    QCOMPARE(c.fast.size(), recorded);
    // timeChanged is paced (at most ten a second), but the readout ends on the last run's last time: the
    // pacing alone dropped the rows sent within 100 ms of the previous readout (0.244 s here; under load,
    // the presentation clock stayed at "t = 0.13 s" after a 0.2 s run).
    QCOMPARE(c.lastTime, c.fast.back());
    rc.clearRuns();
    QVERIFY(rc.lastRuns().empty());
  }

  void pauseStepAndCancel() {
    RunController rc;
    Collected c;
    collect(rc, c, this);
    rc.setSpeed(0);
    QVERIFY(rc.start(RunRequest::serial(scene("scenes/planar2r_teaching.json", 1000.0), {0}), true));
    QVERIFY(rc.isPaused());
    QVERIFY(QTest::qWaitFor([&] { return c.fast.size() == 1; }, 10000));  // the first row, then it waits
    QTest::qWait(150);
    QCOMPARE(c.fast.size(), std::size_t(1));
    rc.step(1);
    QVERIFY(QTest::qWaitFor([&] { return c.fast.size() == 2; }, 10000));
    QTest::qWait(150);
    QCOMPARE(c.fast.size(), std::size_t(2));
    rc.setPaused(false);
    QVERIFY(QTest::qWaitFor([&] { return c.fast.size() > 100; }, 10000));
    rc.cancel();
    QVERIFY(QTest::qWaitFor([&] { return c.done; }, 10000));
    QVERIFY(c.result.cancelled);
    QCOMPARE(c.result.runs.size(), std::size_t(1));
    QVERIFY(c.result.runs[0].cancelled);
  }

  void comparisonOfTwoRuns() {
    RunController rc;
    Collected c;
    collect(rc, c, this);
    rc.setSpeed(0);
    QVERIFY(rc.comparison().empty());  // nothing run yet
    QVERIFY(rc.start(RunRequest::serial(scene("scenes/default.json", 0.5), {0, 1})));
    QVERIFY(QTest::qWaitFor([&] { return c.done; }, 120000));
    const auto& runs = rc.lastRuns();
    QCOMPARE(runs.size(), std::size_t(2));
    const RunComparison cmp = rc.comparison(4);
    QCOMPARE(cmp.first, runs[0].name);
    QCOMPARE(cmp.second, runs[1].name);
    QCOMPARE(cmp.joints, (std::vector<int>{1, 2, 3, 4, 5, 6}));
    QCOMPARE(cmp.names.size(), qsizetype(12));
    QCOMPARE(cmp.names[0], runs[0].name + QStringLiteral(": e[1]"));
    QCOMPARE(cmp.names[11], runs[1].name + QStringLiteral(": e[6]"));
    QCOMPARE(cmp.units[0], QStringLiteral("rad"));
    QCOMPARE(cmp.pages(), 2);
    QCOMPARE(cmp.pageJoints(0), (std::pair<int, int>{1, 4}));
    QCOMPARE(cmp.pageJoints(1), (std::pair<int, int>{5, 6}));
    QCOMPARE(cmp.pageJoints(2), (std::pair<int, int>{0, 0}));
    const sim::Recorder &r0 = *runs[0].recorder, &r1 = *runs[1].recorder;
    QCOMPARE(cmp.times.size(), std::min(r0.rows(), r1.rows()));
    for (std::size_t k = 0; k < cmp.times.size(); k += 37) {
      QCOMPARE(cmp.times[k], r0.time(k));
      for (int j = 0; j < 6; ++j) {
        const std::string e = "e[" + std::to_string(j + 1) + "]";
        QCOMPARE(cmp.values[k * 12 + std::size_t(2 * j)], r0.value(k, r0.channelIndex(e)));
        QCOMPARE(cmp.values[k * 12 + std::size_t(2 * j + 1)], r1.value(k, r1.channelIndex(e)));
      }
    }
    QCOMPARE(rc.comparison(1).pages(), 6);
    // Runs that did not record the errors have nothing to compare.
    sim::Scene noErrors = scene("scenes/planar2r_teaching.json", 0.1);
    noErrors.record.error = false;
    c.done = false;
    QVERIFY(rc.start(RunRequest::serial(noErrors)));
    QVERIFY(QTest::qWaitFor([&] { return c.done; }, 60000));
    QCOMPARE(rc.recordedRuns(), 3);
    QVERIFY(rc.comparison().empty());
  }

  // Any kind runs through it: the pendulum (a kind the controller knows only through AnyScene).
  void anyKind() {
    RunController rc;
    Collected c;
    collect(rc, c, this);
    rc.setSpeed(0);
    sim::SceneLoad load = sim::loadAnyScene(std::string(MANIPLAB_SOURCE_DIR) + "/scenes/pendulum.json");
    QVERIFY2(load.ok(), load.report().c_str());
    QVERIFY(rc.start(RunRequest{load.scene, {0, 2}}));
    QVERIFY(QTest::qWaitFor([&] { return c.done; }, 60000));
    QCOMPARE(c.result.runs.size(), std::size_t(2));
    QCOMPARE(c.result.runs[1].name, QStringLiteral("computed_torque"));
    QVERIFY(!rc.comparison().empty());
    QCOMPARE(rc.comparison().joints, std::vector<int>{1});
  }
};

QTEST_GUILESS_MAIN(TestRunController)
#include "test_run_controller.moc"
