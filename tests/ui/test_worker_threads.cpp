// The simulation worker's thread hand-off (ui/src/simulation_worker.cpp), without widgets, so that it can
// run under ThreadSanitizer (scripts/hardening.sh tsan; the worker is compiled into this test, see
// tests/hardening_tests.cmake). The worker runs in its own QThread while this (GUI) thread changes the
// speed, pauses, single-steps, resumes and cancels it, and receives the rows by queued signals.
// Asserted:
//  - every row reaches the receiving thread intact: the concatenated batches equal, value for value, the
//    run's own recorder (a second copy made in the worker thread), in order and with no row lost or
//    repeated;
//  - while paused no row arrives; each step(1) lets exactly one control period through;
//  - cancel() from this thread stops a run within a bounded time and the outcome says cancelled;
//  - side by side (RunRequest::together): two controllers run in two threads at once while this thread
//    pauses, steps and resumes them; each run's rows arrive intact under its own index.
#include <QtTest/QtTest>

#include <QThread>

#include <atomic>
#include <map>

#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/simulation_worker.hpp"

using namespace maniplab;
using namespace maniplab::ui;

namespace {

sim::Scene teachingScene(double duration) {
  const auto sl = sim::loadSceneFile(std::string(MANIPLAB_SOURCE_DIR) + "/scenes/planar2r_teaching.json");
  if (!sl.ok()) qFatal("%s", sl.report().c_str());
  sim::Scene s = sl.scene;
  s.duration = duration;
  return s;
}

/// A worker in its own thread, with everything it sends collected in this thread.
struct Harness {
  QThread thread;
  SimulationWorker* worker = new SimulationWorker;
  std::vector<double> times, values;
  int columns = 0, batches = 0;  ///< times/values/columns: run 0's rows
  struct Rows {
    std::vector<double> times, values;
    int columns = 0;
  };
  std::map<int, Rows> perRun;  ///< every run's rows, by the index the signal carries
  bool done = false;
  RunOutcomes result;

  explicit Harness(QObject* context) {
    worker->moveToThread(&thread);
    thread.start();
    QObject::connect(worker, &SimulationWorker::rows, context,
                     [this](int k, const QVector<double>& t, const QVector<double>& v, int c) {
                       ++batches;
                       if (k == 0) {
                         columns = c;
                         times.insert(times.end(), t.begin(), t.end());
                         values.insert(values.end(), v.begin(), v.end());
                       }
                       auto& run = perRun[k];
                       run.columns = c;
                       run.times.insert(run.times.end(), t.begin(), t.end());
                       run.values.insert(run.values.end(), v.begin(), v.end());
                     });
    QObject::connect(worker, &SimulationWorker::finished, context, [this](const RunOutcomes& o) {
      result = o;
      done = true;
    });
  }
  void start(const RunRequest& req) {
    worker->prepare();
    request = req;
    // Qt's queued call orders this thread's writes (the worker, the request, the queued functor) before
    // the worker thread's reads through the event queue's mutex, which TSan cannot see (Debian's Qt is
    // not instrumented). The functor captures nothing, so the worker thread reads nothing written here
    // before this release/acquire pair, which states the same order in instrumented code.
    current().store(this, std::memory_order_release);
    QMetaObject::invokeMethod(
        worker,
        [] {
          Harness* h = current().load(std::memory_order_acquire);
          h->worker->run(h->request);
        },
        Qt::QueuedConnection);
  }
  static std::atomic<Harness*>& current() {
    static std::atomic<Harness*> c{nullptr};
    return c;
  }
  RunRequest request;
  ~Harness() {
    thread.quit();
    thread.wait();
    delete worker;
  }
};

}  // namespace

class TestWorkerThreads : public QObject {
  Q_OBJECT
 private slots:
  void rowsCrossTheThreadIntactWhileSpeedChanges() {
    Harness h(this);
    const RunRequest req = RunRequest::serial(teachingScene(0.25), {0});
    h.worker->setSpeed(4.0);
    h.start(req);
    for (int i = 0; i < 40 && !h.done; ++i) {  // speed changes from this thread while the run goes on
      h.worker->setSpeed(i % 2 ? 4.0 : 0.0);
      QTest::qWait(2);
    }
    QVERIFY(QTest::qWaitFor([&] { return h.done; }, 60000));
    QCoreApplication::processEvents();  // batches queued before `finished` are already delivered (FIFO)
    QCOMPARE(h.result.runs.size(), std::size_t(1));
    const RunOutcome& run = h.result.runs[0];
    QVERIFY2(run.ok, qPrintable(run.message));
    QVERIFY(run.recorder);
    const sim::Recorder& rec = *run.recorder;
    QCOMPARE(rec.stride(), std::size_t(1));
    QCOMPARE(h.times.size(), rec.rows());
    QVERIFY(rec.rows() >= 240);
    QCOMPARE(std::size_t(h.columns), rec.channels().size());
    QCOMPARE(h.values.size(), rec.rows() * rec.channels().size());
    for (std::size_t r = 0; r < rec.rows(); ++r) {
      QCOMPARE(h.times[r], rec.time(r));
      for (int c = 0; c < h.columns; ++c)
        if (!(h.values[r * std::size_t(h.columns) + std::size_t(c)] == rec.value(r, c)) &&
            !(std::isnan(rec.value(r, c)) && std::isnan(h.values[r * std::size_t(h.columns) + std::size_t(c)])))
          QFAIL(qPrintable(QStringLiteral("row %1 column %2 differs").arg(r).arg(c)));
    }
    QVERIFY(h.batches >= 1);
  }

  void pauseStepResumeAndCancelFromAnotherThread() {
    Harness h(this);
    const RunRequest req = RunRequest::serial(teachingScene(1000.0), {0});  // long: ends only by cancel
    h.worker->setSpeed(1.0);
    h.start(req);
    QVERIFY(QTest::qWaitFor([&] { return !h.times.empty(); }, 20000));
    h.worker->setPaused(true);
    QVERIFY(h.worker->isPaused());
    QTest::qWait(60);  // rows already produced before the pause took effect are flushed
    const std::size_t atPause = h.times.size();
    QTest::qWait(100);
    QCOMPARE(h.times.size(), atPause);  // nothing while paused
    for (int k = 1; k <= 3; ++k) {
      h.worker->step(1);
      QVERIFY(QTest::qWaitFor([&] { return h.times.size() == atPause + std::size_t(k); }, 5000));
      QTest::qWait(30);
      QCOMPARE(h.times.size(), atPause + std::size_t(k));  // exactly one period per step
    }
    h.worker->setPaused(false);
    QVERIFY(QTest::qWaitFor([&] { return h.times.size() > atPause + 10; }, 5000));
    h.worker->setSpeed(0.0);
    QTest::qWait(20);
    h.worker->cancel();
    QVERIFY(QTest::qWaitFor([&] { return h.done; }, 10000));
    QVERIFY(h.result.cancelled);
    for (std::size_t r = 1; r < h.times.size(); ++r) QVERIFY(h.times[r] > h.times[r - 1]);  // in order, no repeat
  }

  void sideBySideRunsCrossTheThreadsIntact() {
    Harness h(this);
    RunRequest req = RunRequest::serial(teachingScene(0.5), {0, 2});  // pid and computed torque
    req.together = true;
    h.worker->setSpeed(2.0);
    h.start(req);
    QVERIFY(QTest::qWaitFor([&] { return h.perRun.size() == 2 || h.done; }, 20000));
    h.worker->setPaused(true);
    QTest::qWait(40);
    for (int k = 0; k < 3; ++k) h.worker->step(1);
    QTest::qWait(20);
    h.worker->setPaused(false);
    h.worker->setSpeed(0.0);  // as fast as possible to the end
    QVERIFY(QTest::qWaitFor([&] { return h.done; }, 60000));
    QCoreApplication::processEvents();
    QVERIFY(h.worker->runsTogether());
    QCOMPARE(h.result.runs.size(), std::size_t(2));
    QCOMPARE(h.perRun.size(), std::size_t(2));
    for (int k = 0; k < 2; ++k) {
      const RunOutcome& run = h.result.runs[std::size_t(k)];
      QVERIFY2(run.ok, qPrintable(run.message));
      QVERIFY(run.recorder);
      const sim::Recorder& rec = *run.recorder;
      const Harness::Rows& got = h.perRun[k];
      QCOMPARE(got.times.size(), rec.rows());
      QCOMPARE(std::size_t(got.columns), rec.channels().size());
      for (std::size_t r = 0; r < rec.rows(); ++r) {
        QCOMPARE(got.times[r], rec.time(r));
        for (int c = 0; c < got.columns; ++c) {
          const double v = got.values[r * std::size_t(got.columns) + std::size_t(c)];
          if (!(v == rec.value(r, c)) && !(std::isnan(v) && std::isnan(rec.value(r, c))))
            QFAIL(qPrintable(QStringLiteral("run %1 row %2 column %3 differs").arg(k).arg(r).arg(c)));
        }
      }
    }
    // the two controllers are different runs, not one run twice
    QVERIFY(h.perRun[0].values != h.perRun[1].values);
  }
};

QTEST_GUILESS_MAIN(TestWorkerThreads)
#include "test_worker_threads.moc"
