// The master's fault policy in time (issue 20): bad cycles (lost, late, working-counter mismatch) are
// tolerated within a loss budget (consecutive time without a good cycle, bad cycles per second) whose
// default lies well inside the shortest process-data watchdog the drives run (0x0400/0x0420, read at
// bring-up); within it the run completes and every bad cycle is counted, timed and marked on its control
// period; beyond it, or when a drive's watchdog expires, the run stops with a message naming the slave
// (or the bus), the cycle and the reason. Losses are injected into the in-process virtual drives
// (FaultPlan: drop-every, drop-burst, wkc). A run that the machine's scheduler spoilt (more bad cycles
// than injected, with evidence of a stall) is run again, three runs at most (test::retryOnTiming).
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <thread>

#include "maniplab/sim/scene.hpp"
#include "support/ethercat_fixture.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_fault_policy {

using namespace maniplab;
using namespace maniplab::ethercat;

namespace {

sim::Scene umisScene() {
  auto sl = sim::loadSceneFile(std::string(MANIPLAB_SOURCE_DIR) + "/scenes/umis_ctc_vs_pid.json");
  if (!sl.ok()) qFatal("%s", sl.report().c_str());
  return sl.scene;
}

struct Outcome {
  sim::RunResult run;
  MasterStatus status;
  std::vector<EthercatBackend::PeriodCycles> periods;
  long long backendBad = 0, lossPeriods = 0;
  long dropped = 0, injectedAt = -1;
  std::string busLog;
  std::vector<std::string> notes;
};

/// Brings the bus up and runs the computed-torque controller of the UMIS scene for `duration` s.
Outcome run(test::EthercatBench& b, const sim::Scene& scene, double duration, const std::vector<DriveProfile>& profiles = {}) {
  Outcome o;
  const Model& model = scene.robot.model;
  DriveSetup setup = driveSetupFor(model, cia402::ModeCST);
  setup.profiles = profiles;
  const std::string e = b.master->bringUp(setup);
  if (!e.empty()) qFatal("bring-up failed: %s", e.c_str());
  o.notes = b.master->notes();
  const auto traj = sim::makeTrajectory(scene);
  sim::RunOptions ro = sim::runOptions(scene);
  ro.duration = duration;
  EthercatBackend backend(model, *b.master);
  auto ctrl = sim::makeController(scene.controllers.front(), model);
  sim::Recorder rec(sim::makeChannels(model, scene.record));
  o.run = sim::runSimulation(model, backend, *ctrl, *traj, ro, rec);
  o.periods = backend.periodCycles();
  o.backendBad = backend.badCycles();
  o.lossPeriods = backend.periodsWithLosses();
  std::this_thread::sleep_for(std::chrono::milliseconds(150));  // quick stop reaches the drives
  o.status = b.master->status();
  o.dropped = b.bus->droppedFrames();
  o.injectedAt = b.bus->faultInjectedAtFrame();
  o.busLog = b.bus->log();
  return o;
}

/// Evidence that the scheduler stalled the master or the drives' thread (then extra bad cycles are its doing).
std::string stallEvidence(const MasterStatus& st) {
  const auto& s = st.stats;
  if (s.staleReplies == 0 && s.lateCycles == 0 && s.missedCycles == 0) return {};
  return "stale replies " + std::to_string(s.staleReplies) + ", late cycles " + std::to_string(s.lateCycles) + ", missed cycles " +
         std::to_string(s.missedCycles);
}

/// The budget is time (25 ms = 10 periods of 2.5 ms): the stop comes at the first bad cycle sent more
/// than 25 ms after the last good one, as the drives' watchdogs count time too. Cycle n is sent at its
/// deadline plus a wake-up latency below one period (a later wake-up skips the deadlines that passed,
/// counted as missed), and deadlines are one period apart (give or take the distributed clocks'
/// correction, a few ns once locked). With g the last good cycle and k deadlines skipped in between, the
/// gap at cycle n is (n - g + k) periods plus a difference of two latencies, within (-1, 1) period: the stop
/// comes at n - g = 10 or 11 on regular periods (12 allowed for the corrections), k cycles earlier when k
/// deadlines were skipped. n - g counts the bad cycles, the fault cycle included; k is at most the run's
/// missed deadlines.
void checkLatency(const Outcome& o, const char* what) {
  const long latency = long(o.status.faultCycle) - o.injectedAt + 1;
  const long missed = long(o.status.stats.missedCycles);
  QVERIFY2(latency >= 10 - missed && latency <= 12,
           ("detected after " + std::to_string(latency) + " " + what + " cycles, " + std::to_string(missed) +
            " deadline(s) skipped in the run (late wake-ups " + std::to_string(o.status.stats.lateCycles) + ")").c_str());
}

void checkDrivesStopped(const std::string& log) {
  for (int i = 1; i <= 6; ++i) {
    const std::string d = "drive " + std::to_string(i) + ": ";
    QVERIFY2(log.find(d + "Operation enabled -> Quick stop active") != std::string::npos || log.find(d + "fault") != std::string::npos,
             (d + "not stopped:\n" + log).c_str());
  }
}

}  // namespace

class TestEthercatFaultPolicy : public QObject {
  Q_OBJECT

 private slots:
  void parsesBurstFaults() {
    const FaultPlan a = parseFaultPlan("drop-burst:40@200");
    QCOMPARE(int(a.kind), int(FaultPlan::Kind::Drop));
    QCOMPARE(a.burst, 40L);
    QCOMPARE(a.every, 0L);
    QCOMPARE(a.afterCycles, 200L);
    const FaultPlan b = parseFaultPlan("drop-burst:3:100");
    QCOMPARE(b.burst, 3L);
    QCOMPARE(b.every, 100L);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, parseFaultPlan("drop-burst:5:5"));  // a burst must fit in its period
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, parseFaultPlan("drop-burst:0"));
  }

  // The scene's "ethercat" section (scenes/README.md): read, checked, written back.
  void sceneSection() {
    QFile f(QString(MANIPLAB_SOURCE_DIR) + "/scenes/umis_ctc_vs_pid.json");
    QVERIFY(f.open(QIODevice::ReadOnly));
    auto doc = nlohmann::json::parse(f.readAll().toStdString());
    const std::string dir = std::string(MANIPLAB_SOURCE_DIR) + "/scenes";
    doc["ethercat"] = {{"loss_budget_ms", 12.5}, {"max_losses_per_second", 20}};
    auto r = sim::parseScene(doc.dump(), "s.json", dir);
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.scene.ethercat.lossBudget, 0.0125);
    QCOMPARE(r.scene.ethercat.maxLossesPerSecond, 20.0);
    const auto back = sim::parseScene(sim::sceneToJson(r.scene, dir).dump(), "s.json", dir);
    QVERIFY2(back.ok(), back.report().c_str());
    QCOMPARE(back.scene.ethercat.lossBudget, 0.0125);
    QCOMPARE(back.scene.ethercat.maxLossesPerSecond, 20.0);
    doc["ethercat"] = {{"loss_budget_ms", -1}, {"losses", 3}};
    r = sim::parseScene(doc.dump(), "s.json", dir);
    QVERIFY(!r.ok());
    QVERIFY2(r.report().find("/ethercat/loss_budget_ms") != std::string::npos, r.report().c_str());
    QVERIFY2(r.report().find("losses") != std::string::npos, r.report().c_str());
  }

  void watchdogRegistersOfTheVirtualEsc() {
    // Reset values (ESC datasheet section II §6): divider 0x09C2 -> 100 us units, 1000 units = 100 ms.
    VirtualEsc esc(SlaveIdentity{1, 2, 3, 4, "x", "", ""}, 8, 14, nullptr);
    QCOMPARE(get16(esc.ram(0x0400)), std::uint16_t(0x09C2));
    QCOMPARE(get16(esc.ram(0x0420)), std::uint16_t(1000));
    QCOMPARE(int(*esc.ram(0x0440) & 1), 1);
    QVERIFY(std::abs(reg::watchdogSeconds(0x09C2, 1000) - 0.1) < 1e-12);
    QVERIFY(std::abs(reg::watchdogSeconds(0x09C2, 0) - 0.0) < 1e-12);
    QCOMPARE(esc.processDataWatchdog(), 0.0);  // no output SyncManager enabled yet
  }

  // The policy resolved at bring-up: watchdogs read from every drive, budget a quarter of the shortest
  // (at most 25 ms), a tenth of the cycles per second.
  void defaultBudgetFollowsTheShortestWatchdog() {
    const sim::Scene scene = umisScene();
    for (const std::uint16_t wd : {std::uint16_t(1000), std::uint16_t(400)}) {
      auto drives = test::EthercatBench::faithful();
      drives.watchdogTime = wd;
      test::EthercatBench b(scene.robot.model, scene.plant, scene.controlPeriod, {}, 0, {}, drives);
      const std::string e = b.master->bringUp(driveSetupFor(scene.robot.model, cia402::ModeCST));
      QVERIFY2(e.empty(), e.c_str());
      const MasterStatus st = b.master->status();
      for (const auto& s : st.slaves) QVERIFY(std::abs(s.watchdog - wd * 1e-4) < 1e-9);
      QVERIFY(std::abs(st.shortestWatchdog - wd * 1e-4) < 1e-9);
      QCOMPARE(st.watchdogSlave, 0);
      QVERIFY(std::abs(st.lossBudget - std::min(0.025, wd * 1e-4 / 4)) < 1e-12);
      QCOMPARE(st.maxLossesPerSecond, 40.0);  // 400 Hz
      QCOMPARE(b.master->lossBudget(), st.lossBudget);
      b.master->shutdown();
    }
  }

  // Isolated losses (one frame in 50, and a burst of 4 frames every 200) within the default budget: the
  // run completes; every dropped frame is a bad cycle counted by the master and marked on its period.
  void isolatedLossesWithinBudgetComplete() {
    const sim::Scene scene = umisScene();
    for (const char* plan : {"drop-every:50@150", "drop-burst:4:200@150"}) {
      test::retryOnTiming([&](std::string& timing) {
        test::EthercatBench b(scene.robot.model, scene.plant, scene.controlPeriod, parseFaultPlan(plan), 0);
        const Outcome o = run(b, scene, 1.5);
        const auto& s = o.status.stats;
        qInfo("%s: %s; dropped %ld, bad cycles %lld (lost %lld, WKC %lld) in %lld episodes, longest gap %.1f ms, worst %lld per second; "
              "periods with losses %lld, bad cycles in periods %lld",
              plan, o.run.ok ? "completed" : o.run.message.c_str(), o.dropped, s.badCycles, s.lostFrames, s.wkcErrors, s.lossEpisodes,
              s.longestGap * 1e3, s.worstLossesPerSecond, o.lossPeriods, o.backendBad);
        if (!o.run.ok) {  // the budget holds 10 bad cycles in a row and 40 per second: only a long stall ends this run
          timing = stallEvidence(o.status);
          if (!timing.empty()) return;
        }
        QVERIFY2(o.run.ok, o.run.message.c_str());
        QVERIFY(!o.status.fault);
        QVERIFY(o.dropped >= 10);
        // Every bad cycle counted: the dropped frames, plus replies the scheduler delayed past their cycle
        // (in-process, every frame not dropped is answered; a late answer shows up as a stale reply).
        QCOMPARE(s.lostFrames, (long long)o.dropped + s.staleReplies);
        QCOMPARE(s.wkcErrors, 0LL);
        QCOMPARE(s.badCycles, s.lostFrames + s.wkcErrors);
        // Episodes: single frames, or bursts of 4 (a delayed reply may add one, or lengthen one).
        const long burst = std::string(plan).find("burst") != std::string::npos ? 4 : 1;
        QVERIFY(s.lossEpisodes >= (long long)(o.dropped / burst) - s.staleReplies && s.lossEpisodes <= (long long)(o.dropped / burst) + s.staleReplies);
        for (long long k = 0; k < std::min<long long>(s.lossEpisodes, CycleStats::kEpisodeLog); ++k) {
          const auto& ep = s.episodeLog[std::size_t(k)];
          if (s.staleReplies == 0) QCOMPARE(ep.cycles, (long long)burst);
          // from the good cycle before to the good cycle after: cycles + 1 periods (scheduling aside);
          // an episode still open when the status was taken (after the run): to its last bad cycle, cycles periods
          QVERIFY2(ep.gap >= ep.cycles * scene.controlPeriod * 0.5 && ep.gap <= o.status.lossBudget,
                   ("episode gap " + std::to_string(ep.gap)).c_str());
        }
        QVERIFY(s.longestGap <= o.status.lossBudget);
        // Marked on the control periods (one bus cycle each): the bad cycles of the run's periods are the
        // bad cycles after the run started (a few fall into the bring-up and the drives' enabling).
        long long inPeriods = 0, marked = 0;
        for (const auto& p : o.periods) inPeriods += p.bad, marked += p.bad > 0;
        QCOMPARE(inPeriods, o.backendBad);
        QCOMPARE(marked, o.lossPeriods);
        QVERIFY(o.backendBad >= s.badCycles - 4 * burst && o.backendBad <= s.badCycles);
        // each episode lies in one period: the period waits for a good cycle
        if (s.staleReplies == 0) QCOMPARE(marked * burst, o.backendBad);
      });
    }
  }

  // A loss longer than the budget (40 consecutive frames at 400 Hz = 100 ms, budget 25 ms): safe stop
  // naming the cycle, the time without a good cycle and the budget; the drives stop.
  void lossBeyondBudgetStops() {
    const sim::Scene scene = umisScene();
    test::retryOnTiming([&](std::string& timing) {
      test::EthercatBench b(scene.robot.model, scene.plant, scene.controlPeriod, parseFaultPlan("drop-burst:40@250"), 0);
      const Outcome o = run(b, scene, 1.5);
      QVERIFY2(!o.run.ok, "the run should have stopped");
      const std::string& m = o.run.message;
      qInfo("stop: %s (injected at frame %ld, fault cycle %llu)", m.c_str(), o.injectedAt, o.status.faultCycle);
      if ((long long)o.status.faultCycle < o.injectedAt) {  // stopped before the injection: a stall
        timing = stallEvidence(o.status);
        if (!timing.empty()) return;
      }
      QVERIFY2(m.find("no reply to cycle " + std::to_string(o.status.faultCycle)) != std::string::npos, m.c_str());
      QVERIFY2(m.find("(frame lost or late)") != std::string::npos, m.c_str());
      QVERIFY2(m.find("since cycle " + std::to_string(o.injectedAt - 1)) != std::string::npos, m.c_str());
      QVERIFY2(m.find("beyond the loss budget of 25.0 ms") != std::string::npos, m.c_str());
      // Detected at the first lost cycle sent more than 25 ms after the last good one (checkLatency).
      checkLatency(o, "lost");
      QVERIFY(o.status.fault);
      QCOMPARE(o.status.faultSlave, -1);  // the whole bus was silent
      checkDrivesStopped(o.busLog);
    });
  }

  // A slave's working counter wrong for longer than the budget: the stop names that slave and the cycle.
  void slaveWorkingCounterBeyondBudgetStops() {
    const sim::Scene scene = umisScene();
    test::retryOnTiming([&](std::string& timing) {
      test::EthercatBench b(scene.robot.model, scene.plant, scene.controlPeriod, parseFaultPlan("wkc:2@250"), 0);
      const Outcome o = run(b, scene, 1.5);
      QVERIFY2(!o.run.ok, "the run should have stopped");
      const std::string& m = o.run.message;
      qInfo("stop: %s", m.c_str());
      if (m.find("slave 2") == std::string::npos) {
        timing = test::timingFault(m, b);
        if (!timing.empty()) return;
      }
      QVERIFY2(m.find("slave 2 (") != std::string::npos, m.c_str());
      QVERIFY2(m.find("working counter 0 instead of 3") != std::string::npos, m.c_str());
      QVERIFY2(m.find("beyond the loss budget of 25.0 ms") != std::string::npos, m.c_str());
      QCOMPARE(o.status.faultSlave, 1);
      checkLatency(o, "bad");
      checkDrivesStopped(o.busLog);
    });
  }

  // Bad cycles that are never long but too many: one frame in 5 (80 per second at 400 Hz, budget 40).
  void tooManyLossesPerSecondStops() {
    const sim::Scene scene = umisScene();
    test::EthercatBench b(scene.robot.model, scene.plant, scene.controlPeriod, parseFaultPlan("drop-every:5@200"), 0);
    const Outcome o = run(b, scene, 2.0);
    QVERIFY2(!o.run.ok, "the run should have stopped");
    qInfo("stop: %s", o.run.message.c_str());
    QVERIFY2(o.run.message.find("41 bad cycles within one second, beyond the loss budget of 40 per second") != std::string::npos,
             o.run.message.c_str());
    checkDrivesStopped(o.busLog);
  }

  // The drives' watchdog (set to 20 ms) shorter than a budget the user set (100 ms): bring-up says so;
  // a silence of 50 ms makes every drive expire (SAFEOP + ERROR 0x001B, drive fault), and the master
  // reports it as a watchdog expiry, naming the slave, when the frames come back.
  void watchdogExpirySeenAsSuch() {
    const sim::Scene scene = umisScene();
    auto drives = test::EthercatBench::faithful();
    drives.watchdogTime = 200;  // 20 ms
    test::retryOnTiming([&](std::string& timing) {
      test::EthercatBench b(scene.robot.model, scene.plant, scene.controlPeriod, parseFaultPlan("drop-burst:20@250"), 0, {}, drives,
                            [](MasterOptions& mo) { mo.lossBudget = 0.1; });
      const Outcome o = run(b, scene, 1.5);
      QVERIFY2(!o.run.ok, "the run should have stopped");
      const std::string& m = o.run.message;
      qInfo("stop: %s (injected at frame %ld, fault cycle %llu)", m.c_str(), o.injectedAt, o.status.faultCycle);
      if (m.find("watchdog") == std::string::npos) {
        timing = test::timingFault(m, b);
        if (!timing.empty()) return;
      }
      bool noted = false;
      for (const auto& n : o.notes) noted = noted || n.find("the loss budget (100.0 ms) is not inside the shortest process-data watchdog (20.0 ms") != std::string::npos;
      QVERIFY2(noted, "bring-up did not say that the budget exceeds the watchdog");
      QVERIFY2(m.find("left OP: AL status SAFEOP+ERROR, AL status code 0x001B sync manager watchdog") != std::string::npos, m.c_str());
      QVERIFY2(m.find("its process-data watchdog of 20.0 ms expired") != std::string::npos, m.c_str());
      QVERIFY(o.status.faultSlave >= 0);
      QVERIFY2(m.find("slave " + std::to_string(o.status.faultSlave + 1) + " (") != std::string::npos, m.c_str());
      // seen in the first frame back after the 20 dropped ones (frames injectedAt .. injectedAt + 19)
      QVERIFY((long long)o.status.faultCycle >= o.injectedAt + 20 && (long long)o.status.faultCycle <= o.injectedAt + 22);
      QVERIFY2(o.busLog.find("process-data watchdog (20.0 ms) expired") != std::string::npos, o.busLog.c_str());
      for (int i = 1; i <= 6; ++i)
        QVERIFY2(o.busLog.find("drive " + std::to_string(i) + ": fault 0x8100") != std::string::npos, o.busLog.c_str());
    });
  }

  // A drive profile that asks for a 20 ms process-data watchdog: the master programs 0x0400/0x0420 in
  // PREOP on drives that power up with the ESC's 100 ms, reads it back (each slave's watchdog, the
  // shortest, a note per slave), and the virtual ESCs run what was programmed: a 50 ms silence (20 frames
  // at 400 Hz) under a 100 ms budget expires after 20 ms, where the drives' own 100 ms would have let the
  // run complete.
  void watchdogProgrammedFromTheProfile() {
    const sim::Scene scene = umisScene();
    const DriveProfile wd20 = parseDriveProfile(R"({"format": "maniplab-drive-profile", "version": 1, "name": "Generic, 20 ms watchdog",
        "process_data": {"rx_pdos": [{"index": "0x1600", "entries": ["controlword", "target_torque", "target_position"]}],
                         "tx_pdos": [{"index": "0x1A00", "entries": ["statusword", "torque_actual", "position_actual", "velocity_actual", "error_code"]}]},
        "watchdog": {"time_ms": 20}})", "wd20.json");
    QVERIFY(wd20.watchdogTime && std::abs(*wd20.watchdogTime - 0.020) < 1e-12);
    auto drives = test::EthercatBench::faithful();
    QCOMPARE(drives.watchdogTime, reg::kWatchdogTimeReset);  // the drives power up with 100 ms
    test::retryOnTiming([&](std::string& timing) {
      test::EthercatBench b(scene.robot.model, scene.plant, scene.controlPeriod, parseFaultPlan("drop-burst:20@250"), 0, {}, drives,
                            [&](MasterOptions& mo) { mo.lossBudget = 0.1; });
      const Outcome o = run(b, scene, 1.5, {wd20});
      for (const auto& sl : o.status.slaves) {
        QVERIFY2(std::abs(sl.watchdog - 0.020) < 1e-9, std::to_string(sl.watchdog).c_str());
        bool noted = false;
        for (const auto& n : sl.details->notes) noted = noted || n.find("process-data watchdog programmed to 20.0 ms (0x0400 = 0x09C2, 0x0420 = 200)") != std::string::npos;
        QVERIFY2(noted, "no note of the programmed watchdog");
      }
      QVERIFY(std::abs(o.status.shortestWatchdog - 0.020) < 1e-9);
      QVERIFY2(!o.run.ok, "the run should have stopped on the programmed 20 ms watchdog");
      const std::string& m = o.run.message;
      qInfo("stop: %s", m.c_str());
      if (m.find("watchdog") == std::string::npos) {
        timing = test::timingFault(m, b);
        if (!timing.empty()) return;
      }
      QVERIFY2(m.find("its process-data watchdog of 20.0 ms expired") != std::string::npos, m.c_str());
      QVERIFY2(o.busLog.find("process-data watchdog (20.0 ms) expired") != std::string::npos, o.busLog.c_str());
    });
    // Without the profile's watchdog the same silence stays within the drives' 100 ms: the run completes.
    test::retryOnTiming([&](std::string& timing) {
      test::EthercatBench b(scene.robot.model, scene.plant, scene.controlPeriod, parseFaultPlan("drop-burst:20@250"), 0, {}, drives,
                            [&](MasterOptions& mo) { mo.lossBudget = 0.1; });
      const Outcome o = run(b, scene, 1.5);
      if (!o.run.ok) {
        timing = test::timingFault(o.run.message, b);
        if (!timing.empty()) return;
      }
      QVERIFY2(o.run.ok, o.run.message.c_str());
      for (const auto& sl : o.status.slaves) QVERIFY(std::abs(sl.watchdog - 0.1) < 1e-9);
    });
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestEthercatFaultPolicy)
#include "test_ethercat_fault_policy.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_fault_policy
