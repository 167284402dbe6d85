// The scope's trigger on its own (scope_trigger.hpp, no widgets): rising and falling edges, the level and
// the interpolated crossing time, normal, single and auto sweeps, the holdoff after a sweep and after
// arming. Samples come every 1/8 s (exact in binary) so that every expected time is exact: the tests say
// at which sample a trigger is reported and at what time.
#include <QtTest>

#include <functional>
#include <vector>

#include "maniplab/ui/scope_ring.hpp"
#include "maniplab/ui/scope_trigger.hpp"

using namespace maniplab::ui;
using Edge = ScopeTrigger::Edge;
using Sweep = ScopeTrigger::Sweep;

namespace {

constexpr double kDt = 0.125;

// A square wave of period 1 s: -1 at samples 8k..8k+3, +1 at 8k+4..8k+7. Rising crossings of 0 lie
// between samples 8k+3 and 8k+4 (t = k + 0.4375), falling ones between 8k+7 and 8k+8 (t = k + 0.9375).
double square(int i) { return i % 8 < 4 ? -1.0 : 1.0; }

// What process() reported at the sample it was called after.
struct Report {
  int sample;
  double t;
};

// Appends samples [from, to) of `wave` one at a time, calling process() after each like a scope fed one
// row per batch; collects the triggers reported and the first sample at which a single sweep completed.
struct Feeder {
  ScopeRing ring;
  ScopeTrigger trig;
  std::vector<Report> reports;
  int completedAt = -1;
  Feeder() { ring.reset(1, 1024); }
  void feed(int from, int to, const std::function<double(int)>& wave, double post, double span = 1.0, int source = 0) {
    for (int i = from; i < to; ++i) {
      const double v = wave(i);
      ring.append(i * kDt, &v);
      const ScopeTrigger::Result r = trig.process(ring, source, post, span);
      for (double t : r.triggered) reports.push_back({i, t});
      if (r.singleComplete && completedAt < 0) completedAt = i;
    }
  }
};

}  // namespace

class TestScopeTrigger : public QObject {
  Q_OBJECT
 private slots:
  // Normal sweep, rising edge at 0: the crossing between samples 3 (t 0.375, -1) and 4 (t 0.5, +1) is at
  // t 0.4375; it goes on screen at the first sample that completes its sweep (0.4375 + 0.25 <= t: sample 6).
  void risingEdgeNormalSweep() {
    Feeder f;
    f.trig.setSweep(Sweep::Normal);
    f.trig.arm(f.ring);
    f.feed(0, 6, square, 0.25);
    QVERIFY(f.reports.empty());
    QVERIFY(f.trig.hasPending());
    QCOMPARE(f.trig.pendingAt(), 0.4375);
    QVERIFY(!f.trig.hasShown());
    f.feed(6, 7, square, 0.25);
    QCOMPARE(int(f.reports.size()), 1);
    QCOMPARE(f.reports[0].sample, 6);
    QCOMPARE(f.reports[0].t, 0.4375);
    QVERIFY(f.trig.hasShown() && !f.trig.hasPending());
    QCOMPARE(f.trig.shownAt(), 0.4375);
    QCOMPARE(f.trig.holdoff(), 0.6875);  // the end of the sweep shown
    f.feed(7, 15, square, 0.25);  // the next rising crossing, t 1.4375, complete at sample 14 (t 1.75)
    QCOMPARE(int(f.reports.size()), 2);
    QCOMPARE(f.reports[1].sample, 14);
    QCOMPARE(f.reports[1].t, 1.4375);
    QVERIFY(!f.trig.freeRunning());  // never in a normal sweep
  }

  // Falling edge: the rising crossings are ignored; the first falling one is at t 0.9375, shown at the
  // first sample at or after 0.9375 + 0.25 = 1.1875 (sample 10, t 1.25).
  void fallingEdge() {
    Feeder f;
    f.trig.setSweep(Sweep::Normal);
    f.trig.setEdge(Edge::Falling);
    f.trig.arm(f.ring);
    f.feed(0, 11, square, 0.25);
    QCOMPARE(int(f.reports.size()), 1);
    QCOMPARE(f.reports[0].sample, 10);
    QCOMPARE(f.reports[0].t, 0.9375);
  }

  // The level moves the interpolated crossing: level 0.5 is crossed 3/4 of the way from -1 to +1
  // (t 0.375 + 0.09375); a level equal to the step's top counts as crossed at its sample (>=); a level
  // above the signal never triggers.
  void level() {
    const std::vector<std::pair<double, double>> cases = {{0.5, 0.46875}, {-0.5, 0.40625}, {1.0, 0.5}};
    for (const auto& [lvl, expected] : cases) {
      Feeder f;
      f.trig.setSweep(Sweep::Normal);
      f.trig.setLevel(lvl);
      f.trig.arm(f.ring);
      f.feed(0, 8, square, 0.25);
      QCOMPARE(int(f.reports.size()), 1);
      QCOMPARE(f.reports[0].t, expected);
    }
    Feeder f;
    f.trig.setSweep(Sweep::Normal);
    f.trig.setLevel(1.5);
    f.trig.arm(f.ring);
    f.feed(0, 40, square, 0.25);
    QVERIFY(f.reports.empty());
    QVERIFY(!f.trig.hasPending() && !f.trig.hasShown());
  }

  // Single sweep: the first crossing after arming is reported at once (sample 4, before its sweep is
  // complete), the sweep completes at sample 6, later crossings are ignored; arming again forgets the
  // sweep and holds off to the last sample (t 1.25): the next crossing, t 1.4375, at sample 12.
  void singleSweep() {
    Feeder f;
    f.trig.setSweep(Sweep::Single);
    f.trig.arm(f.ring);
    f.feed(0, 11, square, 0.25);
    QCOMPARE(int(f.reports.size()), 1);
    QCOMPARE(f.reports[0].sample, 4);
    QCOMPARE(f.reports[0].t, 0.4375);
    QCOMPARE(f.completedAt, 6);
    QVERIFY(f.trig.hasShown());
    QCOMPARE(f.trig.shownAt(), 0.4375);
    f.trig.arm(f.ring);
    QVERIFY(!f.trig.hasShown());
    QCOMPARE(f.trig.holdoff(), 1.25);
    f.completedAt = -1;
    f.feed(11, 16, square, 0.25);
    QCOMPARE(int(f.reports.size()), 2);
    QCOMPARE(f.reports[1].sample, 12);
    QCOMPARE(f.reports[1].t, 1.4375);
    QCOMPARE(f.completedAt, 14);  // 1.4375 + 0.25 <= 1.75
  }

  // Auto sweep: without a crossing the screen runs free once more than a span (1 s) of data came after
  // the reference (the first sample, t 0): at sample 9 (t 1.125), not at sample 8 (t 1.0, exactly one
  // span). Without a trigger source it runs free at once.
  void autoSweepRunsFree() {
    Feeder f;
    f.trig.setSweep(Sweep::Auto);
    f.trig.setLevel(5.0);  // never crossed
    f.trig.arm(f.ring);
    f.feed(0, 9, square, 0.25);
    QVERIFY(!f.trig.freeRunning());
    f.feed(9, 10, square, 0.25);
    QVERIFY(f.trig.freeRunning());
    QVERIFY(f.reports.empty());

    Feeder g;
    g.trig.setSweep(Sweep::Auto);
    g.trig.arm(g.ring);
    g.feed(0, 1, square, 0.25, 1.0, -1);
    QVERIFY(g.trig.freeRunning());
  }

  // Auto sweep with one step up: the crossing (t 0.4375) is shown at sample 6 and leaves the free run;
  // then the screen runs free once a span has passed after the end of that sweep (holdoff 0.6875): at
  // sample 14 (t 1.75), not at sample 13 (t 1.625).
  void autoSweepTriggersThenRunsFree() {
    Feeder f;
    f.trig.setSweep(Sweep::Auto);
    f.trig.arm(f.ring);
    auto step = [](int i) { return i < 4 ? -1.0 : 1.0; };
    f.feed(0, 7, step, 0.25);
    QCOMPARE(int(f.reports.size()), 1);
    QCOMPARE(f.reports[0].sample, 6);
    QCOMPARE(f.reports[0].t, 0.4375);
    QVERIFY(!f.trig.freeRunning());
    f.feed(7, 14, step, 0.25);
    QVERIFY(!f.trig.freeRunning());
    f.feed(14, 15, step, 0.25);
    QVERIFY(f.trig.freeRunning());
    QVERIFY(f.trig.hasShown());  // the last sweep is still known (the scope shows the latest data)
  }

  // Holdoff: with 1.5 s after the trigger on screen, the sweep of t 0.4375 holds off to 1.9375, so the
  // crossing at 1.4375 is skipped; the next, 2.4375, is shown at sample 32 (t 4.0 >= 3.9375).
  void holdoffSkipsCrossingsInsideTheSweep() {
    Feeder f;
    f.trig.setSweep(Sweep::Normal);
    f.trig.arm(f.ring);
    f.feed(0, 33, square, 1.5);
    QCOMPARE(int(f.reports.size()), 2);
    QCOMPARE(f.reports[0].sample, 16);
    QCOMPARE(f.reports[0].t, 0.4375);
    QCOMPARE(f.reports[1].sample, 32);
    QCOMPARE(f.reports[1].t, 2.4375);
    QCOMPARE(f.trig.holdoff(), 3.9375);
  }

  // Arming holds off to the last sample stored and scans from the pair that ends at the next sample: the
  // crossing between the last sample before arming and the first after (t 0.4375 > 0.375) is taken.
  void holdoffAfterArming() {
    Feeder f;
    f.trig.setSweep(Sweep::Normal);
    f.feed(0, 4, square, 0.25);  // not armed yet: t 0 .. 0.375
    f.trig.arm(f.ring);
    QCOMPARE(f.trig.holdoff(), 0.375);
    f.reports.clear();
    f.feed(4, 7, square, 0.25);  // the crossing 0.4375 lies after the holdoff: taken
    QCOMPARE(int(f.reports.size()), 1);
    QCOMPARE(f.reports[0].t, 0.4375);
  }

  // A batch that holds several complete sweeps: each is adopted in turn (holdoff after each), the scope
  // is told of the last one only.
  void oneBatchManySweeps() {
    ScopeRing ring;
    ring.reset(1, 1024);
    ScopeTrigger trig;
    trig.setSweep(Sweep::Normal);
    trig.arm(ring);
    for (int i = 0; i <= 40; ++i) {
      const double v = square(i);
      ring.append(i * kDt, &v);
    }
    const ScopeTrigger::Result r = trig.process(ring, 0, 0.25, 1.0);
    QCOMPARE(int(r.triggered.size()), 1);
    QCOMPARE(r.triggered[0], 4.4375);
    QCOMPARE(trig.shownAt(), 4.4375);
    QCOMPARE(trig.holdoff(), 4.6875);
    QVERIFY(!r.singleComplete);
  }

  // reset(): nothing shown or pending, no holdoff.
  void resetForgetsEverything() {
    Feeder f;
    f.trig.setSweep(Sweep::Normal);
    f.trig.arm(f.ring);
    f.feed(0, 10, square, 0.25);
    QVERIFY(f.trig.hasShown());
    f.ring.clear();
    f.trig.reset();
    QVERIFY(!f.trig.hasShown() && !f.trig.hasPending() && !f.trig.freeRunning());
    QVERIFY(std::isinf(f.trig.holdoff()) && f.trig.holdoff() < 0);
    f.reports.clear();
    f.feed(0, 7, square, 0.25);
    QCOMPARE(int(f.reports.size()), 1);
    QCOMPARE(f.reports[0].sample, 6);
  }
};

QTEST_GUILESS_MAIN(TestScopeTrigger)
#include "test_scope_trigger.moc"
