// The master's fault policy in time (loss_policy.hpp, issue 20) with injected send times: no bus, no
// thread, no sleeping. A cycle thread that was not scheduled for longer than the loss budget (a good
// cycle that long after the last good one) stops the run naming the reason; within the budget the gap
// is counted and timed and the run goes on. Also: consecutive bad cycles against the budget, bad cycles
// per second against their limit, episodes, and the former count of consecutive bad cycles. Figures at
// the UMIS's 400 Hz with the default budget (25 ms, 40 per second; sim/ethercat/README.md, "Faults").
#include <QtTest>

#include <string>

#include "maniplab/ethercat/loss_policy.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_loss_policy {

using namespace maniplab::ethercat;

namespace {

constexpr std::int64_t kMs = 1000000;            // ns
constexpr std::int64_t kPeriod = 2500000;        // 400 Hz
constexpr double kBudget = 0.025, kRate = 40;

/// Feeds good cycles `n` times one period apart after `t`; returns false if the policy stopped.
bool goodCycles(LossPolicy& p, CycleStats& st, unsigned long long& cycle, std::int64_t& t, int n) {
  for (int i = 0; i < n; ++i) {
    t += kPeriod;
    if (p.cycle(++cycle, t, true, st)) return false;
  }
  return true;
}

}  // namespace

class TestEthercatLossPolicy : public QObject {
  Q_OBJECT
 private slots:
  // The master's thread not scheduled for 30 ms (> 25 ms): the next cycle, good, stops the run and says
  // why; the gap is the longest, ending at that cycle.
  void stallBeyondBudgetStops() {
    LossPolicy p(kBudget, kRate, kPeriod * 1e-9);
    CycleStats st;
    unsigned long long c = 0;
    std::int64_t t = 1000 * kMs;
    QVERIFY(goodCycles(p, st, c, t, 100));
    st.missedCycles = 11;  // as the cyclic thread counts the deadlines it skipped
    t += 30 * kMs;
    QVERIFY(p.cycle(++c, t, true, st));
    QCOMPARE(std::string(p.reason()),
             std::string("cycle 101 came 30.0 ms after the last good cycle 100 (the master's thread did not run: 11 deadline(s) "
                         "skipped since the start), beyond the loss budget of 25.0 ms"));
    QCOMPARE(st.longestGap, 0.030);
    QCOMPARE(st.longestGapEndCycle, 101ull);
    QCOMPARE(st.badCycles, 0ll);
  }

  // Within the budget (20 ms, and exactly 25 ms): counted as the longest gap, the run continues.
  void stallWithinBudgetCounted() {
    LossPolicy p(kBudget, kRate, kPeriod * 1e-9);
    CycleStats st;
    unsigned long long c = 0;
    std::int64_t t = 1000 * kMs;
    QVERIFY(goodCycles(p, st, c, t, 10));
    t += 20 * kMs;
    QVERIFY(!p.cycle(++c, t, true, st));
    QCOMPARE(std::string(p.reason()), std::string());
    QCOMPARE(st.longestGap, 0.020);
    QCOMPARE(st.longestGapEndCycle, 11ull);
    QVERIFY(goodCycles(p, st, c, t, 10));
    t += 25 * kMs;  // the budget itself: not beyond it
    QVERIFY(!p.cycle(++c, t, true, st));
    QCOMPARE(st.longestGap, 0.025);
    QCOMPARE(st.longestGapEndCycle, 22ull);
    QVERIFY(goodCycles(p, st, c, t, 10));
    t += 25 * kMs + 1;  // 1 ns beyond
    QVERIFY(p.cycle(++c, t, true, st));
  }

  // A stall right after bad cycles: each bad cycle was within the budget when sent, the time beyond it
  // passed while the thread did not run; the good cycle after it stops the run.
  void stallAfterBadCyclesStops() {
    LossPolicy p(kBudget, kRate, kPeriod * 1e-9);
    CycleStats st;
    unsigned long long c = 0;
    std::int64_t t = 1000 * kMs;
    QVERIFY(goodCycles(p, st, c, t, 10));
    for (int i = 0; i < 2; ++i) {
      t += kPeriod;
      QVERIFY(!p.cycle(++c, t, false, st));
    }
    t += 25 * kMs;
    QVERIFY(p.cycle(++c, t, true, st));
    QCOMPARE(std::string(p.reason()),
             std::string("cycle 13 came 30.0 ms after the last good cycle 10, 2 bad cycle(s) in between (the master's thread did "
                         "not run: 0 deadline(s) skipped since the start), beyond the loss budget of 25.0 ms"));
    QCOMPARE(st.badCycles, 2ll);
    QCOMPARE(st.lossEpisodes, 1ll);
  }

  // Consecutive bad cycles: 10 (25 ms since the last good one) are tolerated, the 11th stops, naming the
  // last good cycle; an episode within the budget is timed to the good cycle that ends it.
  void consecutiveBadCycles() {
    LossPolicy p(kBudget, kRate, kPeriod * 1e-9);
    CycleStats st;
    unsigned long long c = 0;
    std::int64_t t = 1000 * kMs;
    QVERIFY(goodCycles(p, st, c, t, 100));
    for (int i = 0; i < 4; ++i) {
      t += kPeriod;
      QVERIFY(!p.cycle(++c, t, false, st));
    }
    QVERIFY(goodCycles(p, st, c, t, 1));
    QCOMPARE(st.lossEpisodes, 1ll);
    QCOMPARE(st.episodeLog[0].firstCycle, 101ull);
    QCOMPARE(st.episodeLog[0].cycles, 4ll);
    QCOMPARE(st.episodeLog[0].gap, 0.0125);  // from cycle 100 to cycle 105
    QCOMPARE(st.longestGap, 0.0125);
    QVERIFY(goodCycles(p, st, c, t, 500));  // beyond one second of the 4 losses
    for (int i = 1; i <= 10; ++i) {
      t += kPeriod;
      QVERIFY2(!p.cycle(++c, t, false, st), p.reason());
    }
    t += kPeriod;
    QVERIFY(p.cycle(++c, t, false, st));
    QCOMPARE(std::string(p.reason()),
             std::string(": no good cycle for 27.5 ms since cycle 605 (11 bad cycles in a row), beyond the loss budget of 25.0 ms"));
    QCOMPARE(p.consecutiveBad(), 11);
    QCOMPARE(p.totalBad(), 15ull);
    QCOMPARE(st.badCycles, 15ll);
    QCOMPARE(st.lossEpisodes, 2ll);
    QCOMPARE(st.episodeLog[1].cycles, 11ll);
  }

  // Isolated losses: 40 within one second are tolerated, the 41st within the same second stops; spread
  // over more than a second, any number.
  void lossesPerSecond() {
    {
      LossPolicy p(kBudget, kRate, kPeriod * 1e-9);
      CycleStats st;
      unsigned long long c = 0;
      std::int64_t t = 1000 * kMs;
      for (int k = 1; k <= 41; ++k) {
        QVERIFY(goodCycles(p, st, c, t, 1));
        t += kPeriod;
        const bool stop = p.cycle(++c, t, false, st);
        QCOMPARE(stop, k == 41);
      }
      QCOMPARE(std::string(p.reason()), std::string(": 41 bad cycles within one second, beyond the loss budget of 40 per second"));
      QCOMPARE(st.worstLossesPerSecond, 41ll);
    }
    {
      LossPolicy p(kBudget, kRate, kPeriod * 1e-9);
      CycleStats st;
      unsigned long long c = 0;
      std::int64_t t = 1000 * kMs;
      for (int k = 1; k <= 200; ++k) {  // one in 10: 40 per second exactly, 5 s
        QVERIFY(goodCycles(p, st, c, t, 9));
        t += kPeriod;
        QVERIFY2(!p.cycle(++c, t, false, st), p.reason());
      }
      QCOMPARE(st.badCycles, 200ll);
      QCOMPARE(st.worstLossesPerSecond, 40ll);
    }
  }

  // MasterOptions::maxBadCycles > 0: the former rule (3 in a row), whatever the time.
  void formerCountOfBadCycles() {
    LossPolicy p(kBudget, kRate, kPeriod * 1e-9, 3);
    CycleStats st;
    unsigned long long c = 0;
    std::int64_t t = 1000 * kMs;
    QVERIFY(goodCycles(p, st, c, t, 5));
    t += 100 * kMs;  // a stall: not a fault under the former rule
    QVERIFY(!p.cycle(++c, t, true, st));
    for (int i = 1; i <= 3; ++i) {
      t += kPeriod;
      QCOMPARE(p.cycle(++c, t, false, st), i == 3);
    }
    QCOMPARE(std::string(p.reason()), std::string(" (3 bad cycles in a row)"));
    LossPolicy one(kBudget, kRate, kPeriod * 1e-9, 1);
    QVERIFY(one.cycle(1, t, false, st));
    QCOMPARE(std::string(one.reason()), std::string());
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestEthercatLossPolicy)
#include "test_ethercat_loss_policy.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_loss_policy
