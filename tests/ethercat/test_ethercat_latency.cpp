// The PC fitness check (latency_check.hpp, `maniplab-cli ecat-latency`): the judgement of given
// statistics against the cycle and the loss budget, and the advice for what the machine lacks; then one
// short measurement over the in-process virtual drives (its verdict depends on the machine: only its
// consistency is checked).
#include <QtTest>

#include "maniplab/ethercat/latency_check.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_latency {

using namespace maniplab::ethercat;

namespace {

/// Statistics of `cycles` cycles whose |period error| is `err` [s] in every cycle.
CycleStats stats(long long cycles, double err) {
  CycleStats s;
  s.cycles = cycles;
  s.jitterHistogram.assign(1000, 0);
  s.jitterHistogram[std::size_t(err * 1e6)] = cycles;
  s.worstPeriodError = err;
  return s;
}

bool hasAdvice(const LatencyJudgement& j, const std::string& what) {
  for (const auto& a : j.advice)
    if (a.find(what) != std::string::npos) return true;
  return false;
}

}  // namespace

class TestEthercatLatency : public QObject {
  Q_OBJECT

 private slots:
  void fitMachine() {
    CycleStats s = stats(10000, 5e-6);
    s.worstLatency = 30e-6;
    s.worstRoundTrip = 80e-6;
    s.longestGap = 1.01e-3;
    RealtimeEnvironment env;
    env.fifo = env.memoryLocked = env.preemptRt = true;
    const LatencyJudgement j = judgeLatency(s, 1e-3, 0.025, 100, env);
    QCOMPARE(int(j.verdict), int(LatencyJudgement::Verdict::Fit));
    QVERIFY2(j.summary.rfind("fit for a 1000 Hz cycle with a loss budget of 25.000 ms: p99 |period error| 6 us", 0) == 0, j.summary.c_str());
    QVERIFY(j.reasons.empty());
    QVERIFY(j.advice.empty());  // nothing missing, nothing to advise
  }

  void jitterMakesItUnfitForTheCycleButTheBudgetHolds() {
    CycleStats s = stats(10000, 150e-6);  // p99 151 us > 100 us at 1 kHz
    s.worstLatency = 200e-6;
    s.worstRoundTrip = 90e-6;
    s.badCycles = s.lostFrames = 3;
    s.lossEpisodes = 3;
    s.longestGap = 2e-3;
    s.worstLossesPerSecond = 2;
    RealtimeEnvironment env;  // no SCHED_FIFO, no mlock, no RT kernel, 2 CPUs, no isolation
    env.cpus = 2;
    const LatencyJudgement j = judgeLatency(s, 1e-3, 0.025, 100, env);
    QCOMPARE(int(j.verdict), int(LatencyJudgement::Verdict::Marginal));
    QCOMPARE(j.reasons.size(), std::size_t(2));
    QVERIFY2(j.reasons[0] == "p99 |period error| 151 us exceeds a tenth of the 1000 us cycle", j.reasons[0].c_str());
    QVERIFY2(j.reasons[1] == "3 bad cycle(s) (lost or late 3, working counter 0, skipped 0) in 3 episode(s)", j.reasons[1].c_str());
    QVERIFY(hasAdvice(j, "setcap cap_net_raw,cap_sys_nice,cap_ipc_lock+ep"));
    QVERIFY(hasAdvice(j, "cap_ipc_lock (see above)"));
    QVERIFY(hasAdvice(j, "PREEMPT_RT kernel"));
    QVERIFY(hasAdvice(j, "isolcpus=1 nohz_full=1 rcu_nocbs=1 and pin the cyclic thread there (--cpu 1)"));
    QVERIFY(!hasAdvice(j, "slower cycle"));  // only for unfit
  }

  void gapsNearTheBudgetAreUnfit() {
    CycleStats s = stats(10000, 20e-6);
    s.worstLatency = 15e-3;
    s.worstRoundTrip = 100e-6;
    s.badCycles = s.lostFrames = 15;
    s.missedCycles = 14;
    s.lossEpisodes = 1;
    s.longestGap = 16e-3;  // >= half of 25 ms
    s.worstLossesPerSecond = 15;
    s.stalls = 1;
    RealtimeEnvironment env;
    env.fifo = env.memoryLocked = true;
    env.cpus = 4;
    env.isolatedCpus = "3";
    env.ifname = "enp1s0";
    env.nicIrqs = {42};
    const LatencyJudgement j = judgeLatency(s, 1e-3, 0.025, 100, env);
    QCOMPARE(int(j.verdict), int(LatencyJudgement::Verdict::Unfit));
    QVERIFY2(j.summary.rfind("unfit", 0) == 0, j.summary.c_str());
    bool gap = false;
    for (const auto& r : j.reasons) gap = gap || r == "longest time without a good cycle 16.000 ms is not below half the loss budget (25.000 ms)";
    QVERIFY(gap);
    QVERIFY(!hasAdvice(j, "setcap"));
    QVERIFY(hasAdvice(j, "CPU(s) 3 are isolated: pin the cyclic thread to one of them (--cpu N)"));
    QVERIFY(hasAdvice(j, "echo 3 > /proc/irq/42/smp_affinity_list"));
    QVERIFY(hasAdvice(j, "ethtool -C enp1s0 rx-usecs 0"));
    QVERIFY(hasAdvice(j, "run the GUI in its own process"));
    QVERIFY(hasAdvice(j, "slower cycle"));
  }

  void tooManyLossesPerSecondAreUnfit() {
    CycleStats s = stats(4000, 10e-6);
    s.badCycles = s.lostFrames = 30;
    s.lossEpisodes = 30;
    s.longestGap = 5e-3;
    s.worstLossesPerSecond = 25;  // >= 40 / 2
    RealtimeEnvironment env;
    env.fifo = env.memoryLocked = true;
    const LatencyJudgement j = judgeLatency(s, 2.5e-3, 0.025, 40, env);
    QCOMPARE(int(j.verdict), int(LatencyJudgement::Verdict::Unfit));
    QCOMPARE(j.reasons.back(), std::string("25 bad cycles within one second is not below half the limit (40 per second)"));
  }

  // One short measurement over the in-process drives: the bus comes up, cycles, and the report is
  // consistent (its verdict is the machine's).
  void inProcessMeasurement() {
    LatencyCheckOptions o;
    o.hz = 1000;
    o.seconds = 1.0;
    const LatencyReport r = runLatencyCheck(o);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.slaves, 2);
    // The deadlines of the measured time: cycles run, plus those a stalled machine skipped (missed).
    const double deadlines = double(r.stats.cycles + r.stats.missedCycles), expected = r.seconds * o.hz;
    QVERIFY2(r.seconds >= 1.0 && deadlines >= 0.8 * expected && deadlines <= 1.2 * expected,
             (std::to_string(r.stats.cycles) + " cycles + " + std::to_string(r.stats.missedCycles) + " missed in " +
              std::to_string(r.seconds) + " s").c_str());
    QCOMPARE(r.budget, 0.025);  // a quarter of the virtual drives' 100 ms watchdog, at most 25 ms
    QCOMPARE(r.lossesPerSecond, 100.0);
    QVERIFY(std::abs(r.shortestWatchdog - 0.1) < 1e-9);
    QVERIFY(!r.judgement.summary.empty());
    const LatencyJudgement again = judgeLatency(r.stats, r.period, r.budget, r.lossesPerSecond, r.env);
    QCOMPARE(int(again.verdict), int(r.judgement.verdict));
    qInfo("%s", r.judgement.summary.c_str());
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestEthercatLatency)
#include "test_ethercat_latency.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_latency
