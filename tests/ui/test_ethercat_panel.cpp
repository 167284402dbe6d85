// The GUI's EtherCAT panel (offscreen) with the in-process virtual drives (no privileges): the scan shows
// the 6 UMIS drives with their identity, AL and CiA 402 states; a run of the UMIS scene through the
// simulation worker with the panel's backend factory produces rows, tracks like the simulation backend
// (tolerance of sim/ethercat/README.md) and the panel's statistics advance while it runs; a drive fault
// injected from the panel during a run ends it with the slave and the cause, shown by the panel, and
// Reset brings the bus back to OP (a second run then completes).
#include <QDir>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QThread>
#include <QTimer>
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "maniplab/ui/ethercat_panel.hpp"
#include "maniplab/ui/object_dictionary_browser.hpp"
#include "maniplab/ui/simulation_worker.hpp"
#include "support/timing_tolerance.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_panel {

using namespace maniplab;
using namespace maniplab::ui;

namespace {

enum Col { ColPos, ColStation, ColName, ColVendor, ColProduct, ColRev, ColSerial, ColAl, ColAlCode, ColDrive, ColError, ColProcess, ColDc };
enum BrowserCol { BIndex, BName, BType, BBits, BAccess, BValue };

sim::Scene umisScene(double duration) {
  auto sl = sim::loadSceneFile(std::string(MANIPLAB_SOURCE_DIR) + "/scenes/umis_ctc_vs_pid.json");
  if (!sl.ok()) qFatal("%s", sl.report().c_str());
  sl.scene.duration = duration;
  return sl.scene;
}

bool waitJob(EthercatPanel& p, const std::function<void()>& start, QString* error, int ms = 20000) {
  QSignalSpy spy(&p, &EthercatPanel::jobFinished);
  start();
  if (spy.isEmpty() && !spy.wait(ms)) return false;
  *error = spy.first().at(1).toString();
  return true;
}

/// Runs `req` in a worker thread (as the main window does); `tick` is called from the GUI thread every
/// 50 ms while it runs, `onRows` for each batch of rows.
RunOutcomes runInWorker(const RunRequest& req, const std::function<void()>& tick, const std::function<void(double)>& onRows,
                        int* rowCount) {
  QThread thread;
  auto* worker = new SimulationWorker;
  worker->setSpeed(0);
  worker->moveToThread(&thread);
  QObject::connect(&thread, &QThread::finished, worker, &QObject::deleteLater);
  RunOutcomes out;
  bool done = false;
  QObject ctx;
  QObject::connect(worker, &SimulationWorker::finished, &ctx, [&](const RunOutcomes& o) {
    out = o;
    done = true;
  });
  QObject::connect(worker, &SimulationWorker::rows, &ctx, [&](int, const QVector<double>& t, const QVector<double>&, int) {
    *rowCount += int(t.size());
    if (!t.isEmpty() && onRows) onRows(t.back());
  });
  QTimer timer;
  QObject::connect(&timer, &QTimer::timeout, &ctx, [&] { if (tick) tick(); });
  timer.start(50);
  thread.start();
  worker->prepare();
  QMetaObject::invokeMethod(worker, [worker, req] { worker->run(req); }, Qt::QueuedConnection);
  if (!QTest::qWaitFor([&] { return done; }, 60000)) {
    worker->cancel();
    (void)QTest::qWaitFor([&] { return done; }, 10000);
    out.message = QStringLiteral("the run did not finish within 60 s");
  }
  timer.stop();
  thread.quit();
  thread.wait();
  return out;
}

/// A run over the bus that a scheduler stall of this (shared) machine ended with "frame lost or late"
/// (3 consecutive cycles without a reply) says nothing about the panel: such a run is reset and repeated
/// once (with a warning). Any other failure stands.
/// Serial runs driving the panel's bus instead of the simulated plant.
sim::SerialRunOptions onBus(const EthercatPanel& panel) {
  sim::SerialRunOptions o;
  o.backendFactory = panel.backendFactory();
  return o;
}

RunOutcomes runRetryingStalls(EthercatPanel& panel, const RunRequest& req, const std::function<void()>& tick, int* rowCount) {
  RunOutcomes out = runInWorker(req, tick, {}, rowCount);
  if (out.runs.size() == 1 && !out.runs[0].ok && test::isBusTimingFault(out.runs[0].message)) {
    qWarning("run ended by a scheduler stall, repeated once: %s", qPrintable(out.runs[0].message));
    QSignalSpy spy(&panel, &EthercatPanel::jobFinished);
    panel.resetBus();
    if (!spy.wait(20000)) return out;
    *rowCount = 0;
    out = runInWorker(req, tick, {}, rowCount);
  }
  return out;
}

}  // namespace

class TestEthercatPanel : public QObject {
  Q_OBJECT

 private slots:
  void interfacesAndScan() {
    EthercatPanel panel;
    panel.setScene(umisScene(1.0));
    // The interface picker: the in-process virtual drives first, then the host's interfaces (not lo).
    const QStringList net = QDir(QStringLiteral("/sys/class/net")).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::System);
    for (const QString& n : net)
      if (n != QLatin1String("lo")) QVERIFY2(panel.selectInterface(n), qPrintable(n));
    QVERIFY(!panel.selectInterface(QStringLiteral("lo")));
    QVERIFY(panel.selectInterface(QString()));
    QCOMPARE(panel.selectedInterface(), QString());
    QVERIFY(!panel.ethercatSelected());
    QSignalSpy changed(&panel, &EthercatPanel::backendChanged);
    panel.setEthercatSelected(true);
    QVERIFY(panel.ethercatSelected());
    QCOMPARE(changed.count(), 1);
    panel.setEthercatSelected(false);
    sim::Scene ecatScene = umisScene(1.0);
    ecatScene.backend = "ethercat";  // a scene that chooses the EtherCAT backend
    panel.setScene(ecatScene);
    QVERIFY(panel.ethercatSelected());
    QCOMPARE(changed.count(), 3);

    QString err;
    QVERIFY(waitJob(panel, [&] { panel.scan(); }, &err));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    QVERIFY(!panel.jobBusy());
    const auto scan = panel.lastScan();
    QVERIFY(scan.ok);
    QCOMPARE(int(scan.slaves.size()), 6);
    QCOMPARE(panel.slaveRows(), 6);
    const Model& m = umisScene(1.0).robot.model;
    for (int r = 0; r < 6; ++r) {
      QCOMPARE(panel.slaveCell(r, ColPos), QString::number(r + 1));
      QCOMPARE(panel.slaveCell(r, ColStation), QStringLiteral("0x%1").arg(0x1001 + r, 4, 16, QLatin1Char('0')));
      QCOMPARE(panel.slaveCell(r, ColVendor), QStringLiteral("0x00ABCDEF"));
      QCOMPARE(panel.slaveCell(r, ColProduct), QStringLiteral("0x00000402"));
      QCOMPARE(panel.slaveCell(r, ColSerial), QString::number(r + 1));  // serial = joint number
      QCOMPARE(panel.slaveCell(r, ColName), QStringLiteral("ManipLab VD-402 joint %1 (%2)")
                                                .arg(r + 1).arg(QString::fromStdString(m.jointName[std::size_t(r)])));
      QCOMPARE(panel.slaveCell(r, ColAl), QStringLiteral("PREOP"));  // the scan leaves the slaves in PREOP
      QCOMPARE(panel.slaveCell(r, ColAlCode), QStringLiteral("-"));
      // Statusword 0x6041 read by SDO: a virtual drive leaves "Not ready to switch on" (its power-up
      // state, IEC 61800-7-201) with its first process-data cycle, which a scan does not send.
      QCOMPARE(panel.slaveCell(r, ColDrive), QStringLiteral("Not ready to switch on"));
    }
    // A second scan of the same (idle) bus gives the same table.
    QVERIFY(waitJob(panel, [&] { panel.scan(); }, &err));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    QCOMPARE(panel.slaveRows(), 6);
    QCOMPARE(panel.slaveCell(5, ColSerial), QStringLiteral("6"));
  }

  void runThroughWorker() {
    const sim::Scene scene = umisScene(0.6);
    EthercatPanel panel;
    panel.setScene(scene);
    QVERIFY(panel.selectInterface(QString()));
    panel.setEthercatSelected(true);

    RunRequest req = RunRequest::serial(scene, {0});  // computed torque
    // Oracle: the same request on the simulation backend.
    int simRows = 0;
    const RunOutcomes sim = runInWorker(req, {}, {}, &simRows);
    QVERIFY(sim.runs.size() == 1 && sim.runs[0].ok);

    req = RunRequest::serial(scene, {0}, onBus(panel));
    std::vector<long long> seenCycles;
    bool sawRunState = false;
    int rows = 0;
    const RunOutcomes out = runRetryingStalls(panel, req, [&] {
      const auto st = panel.lastStatus();
      if (st.cyclic && (seenCycles.empty() || st.stats.cycles != seenCycles.back())) seenCycles.push_back(st.stats.cycles);
      if (panel.provider()->current() && panel.provider()->current()->inUse()) sawRunState = true;
    }, &rows);
    QCOMPARE(int(out.runs.size()), 1);
    const RunOutcome& r = out.runs[0];
    QVERIFY2(r.ok, qPrintable(r.message));
    QCOMPARE(r.name, QStringLiteral("%1 [ethercat]").arg(QString::fromStdString(scene.controllers[0].name)));
    QVERIFY(r.recorder);
    QCOMPARE(rows, int(r.recorder->rows()));
    QCOMPARE(rows, simRows);
    QVERIFY(rows >= 240);  // 0.6 s at 400 Hz
    QVERIFY(sawRunState);
    // The panel's statistics advanced while the run used the bus (polled by its timer).
    QVERIFY2(seenCycles.size() >= 3, qPrintable(QString::number(seenCycles.size())));
    QVERIFY(std::is_sorted(seenCycles.begin(), seenCycles.end()));
    panel.pollNow();
    const auto st = panel.lastStatus();
    QVERIFY(st.cyclic);
    QVERIFY(st.stats.cycles >= 240);
    QCOMPARE(st.stats.nominalPeriod, scene.controlPeriod);
    long long histTotal = 0;
    for (auto c : st.stats.jitterHistogram) histTotal += c;
    QVERIFY(histTotal > 0);
    QVERIFY(!st.fault);
    QVERIFY(!st.enabled);  // the backend disabled the drives after the run
    QVERIFY(panel.faultText().isEmpty());
    // Tracks like the simulation backend (sim/ethercat/README.md: 5 % + 2e-4 rad, widened by 2e-4 rad per
    // control period in which the drives held a set-point one more cycle: the controller answered late, or a
    // bus cycle of the period was bad (a frame the loaded machine sent late or lost; the run's irregular
    // periods count both). A run here under ctest -j2 once had a joint 2.3e-4 rad off with no overrun.)
    const auto regularity = panel.provider()->current()->lastRun();
    const long long held = std::max(regularity.overruns, regularity.irregular);
    const double slack = 2e-4 * double(1 + held);
    for (std::size_t j = 0; j < 6; ++j) {
      const auto& a = sim.runs[0].metrics.joints[j];
      const auto& c = r.metrics.joints[j];
      QVERIFY2(std::abs(c.maxAbsError - a.maxAbsError) <= 0.05 * a.maxAbsError + slack,
               qPrintable(QStringLiteral("joint %1: max error %2 vs %3 (%4 overruns, %5 irregular periods)")
                              .arg(j + 1).arg(c.maxAbsError).arg(a.maxAbsError).arg(regularity.overruns).arg(regularity.irregular)));
      QVERIFY2(std::abs(c.rmsError - a.rmsError) <= 0.05 * a.rmsError + slack,
               qPrintable(QStringLiteral("joint %1: rms error %2 vs %3 (%4 overruns, %5 irregular periods)")
                              .arg(j + 1).arg(c.rmsError).arg(a.rmsError).arg(regularity.overruns).arg(regularity.irregular)));
    }
  }

  // Distributed clocks in the table and the statistics; the object-dictionary browser lists a drive's
  // objects by SDO information, reads entries (the identity's vendor ID) and writes one, and refuses a
  // value out of its type's range with the reason.
  void distributedClocksAndObjectDictionary() {
    const sim::Scene scene = umisScene(1.0);
    EthercatPanel panel;
    panel.setScene(scene);
    QVERIFY(panel.selectInterface(QString()));
    QString err;
    QVERIFY(waitJob(panel, [&] { panel.startBus(); }, &err));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    panel.pollNow();
    const auto st = panel.lastStatus();
    QVERIFY(st.dc);
    QCOMPARE(st.dcReference, 0);
    for (int r = 0; r < 6; ++r) {
      QVERIFY2(panel.slaveCell(r, ColDc).contains(QStringLiteral(" ns (largest ")), qPrintable(panel.slaveCell(r, ColDc)));
      QCOMPARE(panel.slaveCell(r, ColProcess), QStringLiteral("8 / 14 bytes"));
    }
    QVERIFY(panel.slaveCell(0, ColDc).endsWith(QStringLiteral(", reference clock")));
    ObjectDictionaryBrowser* b = panel.objectBrowser();
    QSignalSpy done(b, &ObjectDictionaryBrowser::jobFinished);
    b->load(1);
    QVERIFY(done.wait(20000));
    QVERIFY2(done.last().at(1).toString().isEmpty(), qPrintable(done.last().at(1).toString()));
    QVERIFY(b->objectCount() > 20);
    QCOMPARE(b->itemText(0x1018, -1, BIndex), QStringLiteral("0x1018"));
    QCOMPARE(b->itemText(0x1018, 1, BType), QStringLiteral("UNSIGNED32"));
    QVERIFY(b->select(0x1018, 1));  // reads the value
    QTRY_VERIFY_WITH_TIMEOUT(!b->busy() && !b->itemText(0x1018, 1, BValue).isEmpty(), 5000);
    QCOMPARE(b->itemText(0x1018, 1, BValue), QStringLiteral("11259375 (0x00ABCDEF)"));
    QVERIFY(b->select(0x1018, 4));
    QTRY_VERIFY_WITH_TIMEOUT(!b->busy() && !b->itemText(0x1018, 4, BValue).isEmpty(), 5000);
    QCOMPARE(b->itemText(0x1018, 4, BValue), QStringLiteral("2 (0x00000002)"));  // serial = joint number
    // write, then the value read back
    QVERIFY(b->select(0x2001, 0));
    QTRY_VERIFY_WITH_TIMEOUT(!b->busy(), 5000);
    done.clear();
    b->writeSelected(QStringLiteral("1234.5"));
    QVERIFY(done.wait(5000));
    QVERIFY2(done.last().at(1).toString().isEmpty(), qPrintable(done.last().at(1).toString()));
    QTRY_COMPARE_WITH_TIMEOUT(b->itemText(0x2001, 0, BValue), QStringLiteral("1234.5"), 5000);
    QVERIFY(b->select(0x6060, 0));
    QTRY_VERIFY_WITH_TIMEOUT(!b->busy(), 5000);
    done.clear();
    b->writeSelected(QStringLiteral("300"));
    QVERIFY(!done.isEmpty());
    QCOMPARE(done.last().at(1).toString(), QStringLiteral("0x6060:0: '300' is out of range for INTEGER8 (-128..127)"));
  }

  void faultAndReset() {
    const sim::Scene scene = umisScene(1.5);
    EthercatPanel panel;
    panel.setScene(scene);
    QVERIFY(panel.selectInterface(QString()));
    panel.setEthercatSelected(true);
    QString err;
    QVERIFY(waitJob(panel, [&] { panel.startBus(); }, &err));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    panel.pollNow();
    QCOMPARE(QString::fromStdString(panel.lastStatus().phase), QStringLiteral("OP"));

    RunRequest req = RunRequest::serial(scene, {0}, onBus(panel));
    QSignalSpy raised(&panel, &EthercatPanel::faultRaised);
    bool injected = false;
    QString injectError;
    int rows = 0;
    // Classroom demo: a drive fault on slave 3 injected from the panel while the run is under way.
    auto attempt = [&] {
      return runInWorker(req, {}, [&](double t) {
        if (!injected && t > 0.2) {
          injected = true;
          QSignalSpy done(&panel, &EthercatPanel::jobFinished);
          panel.injectFault(QStringLiteral("drive-fault:3"));
          injectError = done.isEmpty() ? QStringLiteral("no answer") : done.first().at(1).toString();
        }
      }, &rows);
    };
    RunOutcomes out = attempt();
    if (!injected && out.runs.size() == 1 && !out.runs[0].ok && test::isBusTimingFault(out.runs[0].message)) {
      // a scheduler stall of this shared machine ended the run before the injection: reset, once more
      qWarning("run ended by a scheduler stall before the injection, repeated once: %s", qPrintable(out.runs[0].message));
      QVERIFY(waitJob(panel, [&] { panel.resetBus(); }, &err));
      rows = 0;
      out = attempt();
    }
    QVERIFY(injected);
    QVERIFY2(injectError.isEmpty(), qPrintable(injectError));
    QCOMPARE(int(out.runs.size()), 1);
    const RunOutcome& r = out.runs[0];
    QVERIFY(!r.ok);
    QVERIFY2(r.message.contains(QStringLiteral("slave 3")) && r.message.contains(QStringLiteral("over-current")), qPrintable(r.message));
    QVERIFY(r.endTime > 0.2 && r.endTime < 1.0);  // stopped within a few periods of the injection
    QVERIFY(rows > 0 && rows == int(r.recorder->rows()));  // rows kept up to the fault

    panel.pollNow();
    const QString fault = panel.faultText();
    QVERIFY2(fault.contains(QStringLiteral("slave 3")) && fault.contains(QStringLiteral("over-current")), qPrintable(fault));
    QVERIFY(raised.count() >= 1);
    const auto st = panel.lastStatus();
    QVERIFY(st.fault);
    QCOMPARE(st.faultSlave, 2);
    QCOMPARE(panel.slaveCell(2, ColDrive), QStringLiteral("Fault"));
    QVERIFY(panel.slaveCell(2, ColError).contains(QStringLiteral("over-current")));
    // The drive's emergency (read from its mailbox while cycling), in words, in the emergencies tab.
    QTRY_VERIFY_WITH_TIMEOUT((panel.pollNow(), !panel.emergencyLines().isEmpty()), 5000);
    QVERIFY2(panel.emergencyLines().first().startsWith(QStringLiteral("slave 3 (")) &&
                 panel.emergencyLines().first().contains(QStringLiteral("emergency 0x2310")),
             qPrintable(panel.emergencyLines().join(QLatin1Char('\n'))));

    // A new run is refused until the fault is reset (the factory throws with the reason).
    int rows2 = 0;
    const RunOutcomes refused = runInWorker(req, {}, {}, &rows2);
    QVERIFY(refused.runs.empty() || !refused.runs[0].ok);
    const QString why = refused.runs.empty() ? refused.message : refused.runs[0].message;
    QVERIFY2(why.contains(QStringLiteral("reset")), qPrintable(why));

    QVERIFY(waitJob(panel, [&] { panel.resetBus(); }, &err));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    panel.pollNow();
    QVERIFY(panel.faultText().isEmpty());
    const auto st2 = panel.lastStatus();
    QVERIFY(!st2.fault);
    QCOMPARE(QString::fromStdString(st2.phase), QStringLiteral("OP"));
    QCOMPARE(panel.slaveRows(), 6);
    for (int s = 0; s < 6; ++s) {
      QCOMPARE(panel.slaveCell(s, ColAl), QStringLiteral("OP"));
      QVERIFY(panel.slaveCell(s, ColDrive) != QStringLiteral("Fault"));
    }
    // The bus is back: a short run completes.
    sim::Scene shorter = scene;
    shorter.duration = 0.3;
    req = RunRequest::serial(shorter, {0}, onBus(panel));
    int rows3 = 0;
    const RunOutcomes again = runRetryingStalls(panel, req, {}, &rows3);
    QVERIFY(again.runs.size() == 1);
    QVERIFY2(again.runs[0].ok, qPrintable(again.runs[0].message));
  }

  // The loss budget (issue 20): the scene's is shown and reaches the master at Start; an edit by hand is
  // signalled (the main window saves it with the scene) and a changed budget starts a master with it;
  // the latency check of `maniplab-cli ecat-latency` runs from the panel (in-process) and shows a verdict.
  void lossBudgetAndLatencyCheck() {
    sim::Scene scene = umisScene(1.0);
    scene.ethercat.lossBudget = 0.020;
    scene.ethercat.maxLossesPerSecond = 30;
    EthercatPanel panel;
    QSignalSpy edited(&panel, &EthercatPanel::lossBudgetChanged);
    panel.setScene(scene);
    QCOMPARE(panel.lossBudget(), 0.020);
    QCOMPARE(panel.maxLossesPerSecond(), 30.0);
    QCOMPARE(edited.count(), 0);  // loading a scene is not an edit
    QVERIFY((panel.provider()->config().lossBudget == ethercat::LossBudget{0.020, 30}));
    QVERIFY2(panel.interfaceToolTip().contains(QStringLiteral("CAP_NET_RAW")) &&
                 panel.interfaceToolTip().contains(QStringLiteral("scripts/grant-capabilities.sh")),
             qPrintable(panel.interfaceToolTip()));
    QVERIFY(panel.selectInterface(QString()));
    QString err;
    QVERIFY(waitJob(panel, [&] { panel.startBus(); }, &err));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    panel.pollNow();
    QCOMPARE(panel.lastStatus().lossBudget, 0.020);
    QCOMPARE(panel.lastStatus().maxLossesPerSecond, 30.0);
    // by hand: the spin boxes of the panel (time first, then the rate)
    auto spins = panel.findChildren<QDoubleSpinBox*>();
    QVERIFY(!spins.isEmpty());
    QDoubleSpinBox* budget = nullptr;
    for (auto* sb : spins)
      if (sb->suffix().contains(QStringLiteral("ms"))) budget = sb;
    QVERIFY(budget);
    budget->setValue(15);
    QCOMPARE(edited.count(), 1);
    QCOMPARE(panel.lossBudget(), 0.015);
    panel.setLossBudget(0, 0);  // the master's default: a quarter of the 100 ms watchdog, 25 ms; 40 per second at 400 Hz
    QCOMPARE(edited.count(), 1);
    QVERIFY(waitJob(panel, [&] { panel.startBus(); }, &err));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    panel.pollNow();
    QCOMPARE(panel.lastStatus().lossBudget, 0.025);
    QCOMPARE(panel.lastStatus().maxLossesPerSecond, 40.0);
    QVERIFY(waitJob(panel, [&] { panel.stopBus(); }, &err));
    // the PC check, in-process, 1 s at the scene's 400 Hz
    QCOMPARE(panel.latencyVerdict(), QString());
    QVERIFY(waitJob(panel, [&] { panel.checkLatency(1.0); }, &err, 60000));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    const QString v = panel.latencyVerdict();
    QVERIFY2(v.startsWith(QStringLiteral("Verdict: fit")) || v.startsWith(QStringLiteral("Verdict: marginal")) ||
                 v.startsWith(QStringLiteral("Verdict: unfit")),
             qPrintable(v));
    QVERIFY2(v.contains(QStringLiteral("400 Hz")), qPrintable(v));
    if (qEnvironmentVariableIsSet("MANIPLAB_ECAT_PANEL_PNG")) {  // a look at the panel (xvfb-run)
      panel.resize(760, 1250);
      panel.show();
      QTest::qWait(200);
      QVERIFY(panel.grab().save(qEnvironmentVariable("MANIPLAB_ECAT_PANEL_PNG")));
    }
  }
};

MANIPLAB_TEST_MAIN(TestEthercatPanel)
#include "test_ethercat_panel.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_panel
