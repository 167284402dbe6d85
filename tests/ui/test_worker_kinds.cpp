// The GUI worker runs every scene kind (Orthoglide, satellite, pendulum) like serial scenes, through the
// one scene interface: runStarted with the kind's channel names, batched rows covering the whole run,
// finished with outcomes carrying the recorder (CSV) and metrics; cancel stops the run and the following
// controllers; requests it cannot honour (no scene, a controller the scene does not have) fail with a
// message. The serial runs' options (external backend, controller model) belong to the serial kind's scene
// type: another kind cannot carry them.
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <cmath>
#include <memory>

#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/floating_base/scene.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "kinds/orthoglide_drawing.hpp"  // ui/src: the Orthoglide's drawing
#include "maniplab/ui/simulation_worker.hpp"
#include "maniplab/ui/view_feed.hpp"
#include "support/test_main.hpp"

namespace test_worker_kinds {

using namespace maniplab;
using maniplab::ui::RunOutcomes;
using maniplab::ui::RunRequest;
using maniplab::ui::SimulationWorker;

namespace {

struct Capture {
  QList<QStringList> channels;
  QStringList names;
  QList<qsizetype> rows;       // per run
  QList<int> columns;
  QVector<double> lastRow;      // newest row of the newest batch
  double lastTime = -1;
  bool done = false;
  RunOutcomes result;
};

// Runs a request in a worker thread; `whileRunning` is polled from the GUI thread until finished.
void runRequest(const RunRequest& req, double speed, Capture& cap,
                const std::function<void(SimulationWorker&, Capture&)>& whileRunning = {}, bool startPaused = false) {
  QThread thread;
  auto* worker = new SimulationWorker;
  worker->moveToThread(&thread);
  thread.start();
  QObject ctx;
  QObject::connect(worker, &SimulationWorker::runStarted, &ctx,
                   [&](int index, const QString& name, const QStringList& ch, const QStringList&) {
                     QCOMPARE_EQ(index, cap.channels.size());
                     cap.channels << ch;
                     cap.names << name;
                     cap.rows << 0;
                     cap.columns << int(ch.size());
                   });
  QObject::connect(worker, &SimulationWorker::rows, &ctx,
                   [&](int index, const QVector<double>& t, const QVector<double>& v, int columns) {
                     QVERIFY(index == cap.rows.size() - 1);
                     QCOMPARE(columns, cap.columns.back());
                     QCOMPARE(v.size(), t.size() * columns);
                     QVERIFY(t.front() >= cap.lastTime || index > 0);
                     cap.rows.back() += t.size();
                     cap.lastTime = t.back();
                     cap.lastRow = v.mid(v.size() - columns);
                   });
  QObject::connect(worker, &SimulationWorker::finished, &ctx, [&](const RunOutcomes& o) {
    cap.result = o;
    cap.done = true;
  });
  worker->setSpeed(speed);
  worker->setPaused(startPaused);
  worker->prepare();
  QMetaObject::invokeMethod(worker, [worker, req] { worker->run(req); }, Qt::QueuedConnection);
  const bool finished = QTest::qWaitFor([&] {
    if (whileRunning && !cap.done) whileRunning(*worker, cap);
    return cap.done;
  }, 60000);
  thread.quit();
  thread.wait();
  delete worker;
  QVERIFY(finished);
}

}  // namespace

class TestWorkerKinds : public QObject {
  Q_OBJECT
  std::shared_ptr<sim::OrthoglideScene> og;
  std::shared_ptr<sim::SatelliteScene> sat;

 private slots:
  void initTestCase() {
    auto o = sim::loadOrthoglideSceneFile(std::string(MANIPLAB_SOURCE_DIR) + "/scenes/orthoglide_ctc_vs_pid.json");
    QVERIFY2(o.ok(), o.report().c_str());
    og = std::make_shared<sim::OrthoglideScene>(o.scene);
    og->duration = 0.5;
    auto s = sim::loadSatelliteScene(std::string(MANIPLAB_SOURCE_DIR) + "/scenes/satellite_arm.json");
    QVERIFY2(s.ok(), s.report().c_str());
    sat = std::make_shared<sim::SatelliteScene>(s.scene);
    sat->duration = 0.5;
  }

  void orthoglideRunsEachController() {
    RunRequest req;
    req.scene = sim::makeOrthoglideAnyScene(*og);
    Capture cap;
    runRequest(req, 0.0, cap);
    QCOMPARE(cap.result.message, QString());
    QCOMPARE(cap.result.runs.size(), og->controllers.size());
    QCOMPARE(cap.names, (QStringList{"computed_torque", "pid"}));
    const QStringList expected = [&] {
      QStringList l;
      sim::RecordSelection record = og->record;
      record.energy = true;  // the GUI records the energy group for the conservation dock
      for (const auto& c : sim::makeOrthoglideChannels(og->robot.model, record)) l << QString::fromStdString(c.name);
      return l;
    }();
    const qsizetype periods = qsizetype(std::llround(og->duration / og->controlPeriod));
    for (int k = 0; k < cap.channels.size(); ++k) {
      QCOMPARE(cap.channels[k], expected);
      for (const char* ch : {"q[1]", "q[2]", "q[3]", "q_d[1]", "q_d[3]", "ee_X", "ee_Z", "E_drift"})
        QVERIFY2(cap.channels[k].contains(QLatin1String(ch)), ch);
      QVERIFY2(std::abs(cap.rows[k] - (periods + 1)) <= 1, qPrintable(QString::number(cap.rows[k])));
      const auto& run = cap.result.runs[std::size_t(k)];
      QVERIFY2(run.ok, qPrintable(run.message));
      QVERIFY(!run.cancelled);
      QVERIFY(std::abs(run.endTime - og->duration) < 1e-9);
      QVERIFY(run.recorder && qsizetype(run.recorder->rows()) == cap.rows[k]);
      QCOMPARE(run.metrics.joints.size(), std::size_t(3));
      QVERIFY(std::isfinite(run.metrics.joints[0].maxAbsError));
    }
    // The newest row feeds an Orthoglide view: its actuators are the row's q[i], its platform ee_X/Y/Z.
    ui::RobotView view;
    const ui::OrthoglideDrawing& drawn = ui::OrthoglideDrawing::draw(view, og->robot.model);
    const QStringList& ch = cap.channels.back();
    const auto feed = ui::makeViewFeed(view, ch);
    QVERIFY(ui::feedView(view, feed, cap.lastRow.constData(), int(cap.lastRow.size())));
    auto at = [&](const char* name) { return cap.lastRow[ch.indexOf(QLatin1String(name))]; };
    QVERIFY((drawn.actuatorPositions() - Vector3(at("q[1]"), at("q[2]"), at("q[3]"))).norm() < 1e-9);
    QVERIFY((drawn.platformPosition() - Vector3(at("ee_X"), at("ee_Y"), at("ee_Z"))).norm() < 1e-9);
    QCOMPARE(view.desiredTrailSize() + view.actualTrailSize() > 0, true);
  }

  void satelliteRunsOnce() {
    RunRequest req;
    req.scene = sim::makeSatelliteAnyScene(*sat);
    Capture cap;
    runRequest(req, 0.0, cap);
    QCOMPARE(cap.result.message, QString());
    QCOMPARE(cap.result.runs.size(), std::size_t(1));
    const auto& run = cap.result.runs[0];
    QVERIFY2(run.ok, qPrintable(run.message));
    QStringList expected;
    for (const auto& c : sim::satelliteChannels(6)) expected << QString::fromStdString(c.name);
    QCOMPARE(cap.channels.size(), 1);
    QCOMPARE(cap.channels[0], expected);
    for (const char* c : {"base_X", "base_rz", "q[6]", "q_d[1]", "tau[1]", "Px", "L_drift"})
      QVERIFY2(expected.contains(QLatin1String(c)), c);
    const qsizetype periods = qsizetype(std::llround(sat->duration / sat->controlPeriod));
    QCOMPARE(cap.rows[0], periods + 1);
    QVERIFY(run.recorder && qsizetype(run.recorder->rows()) == cap.rows[0]);
    // Metrics from the rows: the reaction-aware computed torque tracks to a small error.
    QCOMPARE(run.metrics.joints.size(), std::size_t(6));
    double emax = 0;
    for (int i = 0; i < 6; ++i) {
      const double e = run.metrics.joints[std::size_t(i)].maxAbsError;
      QVERIFY(std::isfinite(e));
      emax = std::max(emax, e);
      // independent: the recorder's own q_d - q
      double er = 0;
      const int cq = run.recorder->channelIndex("q[" + std::to_string(i + 1) + "]");
      const int cd = run.recorder->channelIndex("q_d[" + std::to_string(i + 1) + "]");
      for (std::size_t r = 0; r < run.recorder->rows(); ++r)
        er = std::max(er, std::abs(run.recorder->value(r, cd) - run.recorder->value(r, cq)));
      QVERIFY2(std::abs(er - e) < 1e-12, qPrintable(QStringLiteral("%1 vs %2").arg(er).arg(e)));
      QVERIFY(std::isfinite(run.metrics.joints[std::size_t(i)].peakTorque));
    }
    QVERIFY(emax < 1e-2);
    // CSV export works on the recorder as for serial runs.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString path = tmp.filePath("satellite.csv");
    sim::writeCsv(*run.recorder, path.toStdString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("base_rx"));
    QVERIFY(text.count('\n') >= int(run.recorder->rows()));
  }

  void cancelStopsTheRunAndTheNextControllers() {
    {
      RunRequest req;
      auto longer = std::make_shared<sim::OrthoglideScene>(*og);
      longer->duration = 2.5;
      req.scene = sim::makeOrthoglideAnyScene(*longer);
      Capture cap;
      bool cancelled = false;
      runRequest(req, 1.0, cap, [&](SimulationWorker& w, Capture& c) {
        if (!cancelled && !c.rows.isEmpty() && c.rows.back() > 50) {
          w.cancel();
          cancelled = true;
        }
      });
      QVERIFY(cancelled);
      QVERIFY(cap.result.cancelled);
      QCOMPARE(cap.result.runs.size(), std::size_t(1));  // pid never started
      QVERIFY(cap.result.runs[0].cancelled);
      QVERIFY(cap.result.runs[0].endTime < 2.0);
    }
    {
      RunRequest req;
      auto longer = std::make_shared<sim::SatelliteScene>(*sat);
      longer->duration = 6.0;
      req.scene = sim::makeSatelliteAnyScene(*longer);
      Capture cap;
      bool cancelled = false;
      runRequest(req, 1.0, cap, [&](SimulationWorker& w, Capture& c) {
        if (!cancelled && !c.rows.isEmpty() && c.rows.back() > 20) {
          w.cancel();
          cancelled = true;
        }
      });
      QVERIFY(cancelled);
      QVERIFY(cap.result.cancelled);
      QCOMPARE(cap.result.runs.size(), std::size_t(1));
      QVERIFY(cap.result.runs[0].cancelled);
      QVERIFY(cap.result.runs[0].endTime < 5.0);
    }
  }

  void pauseAndStepGoOneControlPeriodAtATime() {
    for (const bool orthoglide : {false, true}) {
      RunRequest req;
      if (orthoglide) req.scene = sim::makeOrthoglideAnyScene(*og);
      else req.scene = sim::makeSatelliteAnyScene(*sat);
      req.controllers = {0};
      Capture cap;
      int phase = 0;
      QElapsedTimer clock;
      qsizetype seen = 0;
      runRequest(req, 0.0, cap, [&](SimulationWorker& w, Capture& c) {
        const qsizetype rows = c.rows.isEmpty() ? 0 : c.rows.back();
        if (phase == 0 && rows == 1) {  // paused on the first row
          clock.start();
          phase = 1;
        } else if (phase == 1 && clock.elapsed() > 150) {  // nothing more while paused
          QCOMPARE(rows, qsizetype(1));
          w.step(1);
          phase = 2;
          clock.restart();
        } else if (phase == 2 && rows >= 2) {
          seen = rows;
          clock.restart();
          phase = 3;
        } else if (phase == 3 && clock.elapsed() > 150) {  // exactly one period per step
          QCOMPARE(rows, qsizetype(2));
          w.setPaused(false);
          phase = 4;
        }
      }, true);
      QCOMPARE(phase, 4);
      QCOMPARE(seen, qsizetype(2));
      QCOMPARE(cap.result.runs.size(), std::size_t(1));
      QVERIFY2(cap.result.runs[0].ok, qPrintable(cap.result.runs[0].message));
      const double period = orthoglide ? og->controlPeriod : sat->controlPeriod;
      const double duration = orthoglide ? og->duration : sat->duration;
      QCOMPARE(cap.rows[0], qsizetype(std::llround(duration / period)) + 1);  // then it ran to the end
    }
  }

  void unsupportedRequestsFailWithAMessage() {
    // The serial runs' options cannot come with another kind's scene: they are the serial scene type's.
    QVERIFY(!dynamic_cast<const sim::SerialScene*>(sim::makeOrthoglideAnyScene(*og).get()));
    QVERIFY(!dynamic_cast<const sim::SerialScene*>(sim::makeSatelliteAnyScene(*sat).get()));
    RunRequest none;
    Capture cap;
    runRequest(none, 0.0, cap);
    QVERIFY(cap.result.runs.empty());
    QCOMPARE(cap.result.message, QStringLiteral("No scene to run."));
    QVERIFY(cap.channels.isEmpty());
    RunRequest req2;
    req2.scene = sim::makeOrthoglideAnyScene(*og);
    req2.controllers = {7};
    Capture cap2;
    runRequest(req2, 0.0, cap2);
    QVERIFY(cap2.result.runs.empty());
    QVERIFY(!cap2.result.message.isEmpty());
  }

  // The pendulum (a kind the worker knows only through AnyScene) runs in the worker like the others, with its
  // summary (the period of its free swing) in the outcome.
  void pendulumRunsWithItsSummary() {
    const sim::SceneLoad load = sim::loadAnyScene(std::string(MANIPLAB_SOURCE_DIR) + "/scenes/pendulum.json");
    QVERIFY2(load.ok(), load.report().c_str());
    RunRequest req;
    req.scene = load.scene;
    Capture cap;
    runRequest(req, 0.0, cap);
    QCOMPARE(cap.result.message, QString());
    QCOMPARE(cap.names, (QStringList{"free", "pd_gravity", "computed_torque"}));
    QCOMPARE(cap.rows[0], qsizetype(6501));
    const auto& free = cap.result.runs[0];
    QVERIFY2(free.ok, qPrintable(free.message));
    QCOMPARE(free.summary.size(), qsizetype(3));
    QVERIFY2(free.summary[2].contains(QLatin1String("measured period (upward crossings of 0)  2.15287 s")),
             qPrintable(free.summary.join('\n')));
    QVERIFY(cap.channels[0].contains(QLatin1String("E_drift")));  // the energy group for the conservation dock
    for (std::size_t k = 1; k < 3; ++k) QVERIFY(cap.result.runs[k].summary.isEmpty());
  }
};

MANIPLAB_TEST_MAIN(TestWorkerKinds)
#include "test_worker_kinds.moc"  // (in the namespace, as the class)

}  // namespace test_worker_kinds
