// Online tracking metrics (umis.md §12): Table 10.1 and 10.2 relative errors reproduced from their
// printed steady-state errors, displacements and measured values; the per-segment relative error of a
// multi-point trajectory and its n/a rules (displacement below the threshold, segment not reached); the
// sign conventions (joint desired − actual, Cartesian actual − desired); time-weighted RMS; the
// steady-state window; NaN cases; Euler-angle wrapping; the comparison text/JSON/CSV reports (the CSV
// defines every metric in its comments); the default scene's relative errors are defined; and the
// energy-balance monitor (newton-euler-actuators.md §4.2) on synthetic data with known work.
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <numbers>
#include <set>
#include <stdexcept>

#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/traces/energy_balance.hpp"
#include "maniplab/sim/traces/metrics.hpp"
#include "support/test_main.hpp"

namespace test_metrics {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Rounds to two decimals, as printed in the thesis tables.
double round2(double x) { return std::round(x * 100.0) / 100.0; }

VectorX vec(std::initializer_list<double> v) {
  VectorX x(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double d : v) x[i++] = d;
  return x;
}

// A run whose joint error is `transient` before tSS and exactly `ss` after it.
RunMetrics jointRun(const VectorX& ss, const VectorX& transient, const VectorX& qStart, const VectorX& qEnd,
                    double tSS = 3.0, double T = 4.0, double dt = 2.5e-3) {
  MetricsAccumulator acc(int(ss.size()));
  acc.setSteadyStateFrom(tSS);
  const VectorX tau = VectorX::Constant(ss.size(), 1.0);
  const int n = int(std::lround(T / dt));
  for (int k = 0; k <= n; ++k) {
    const double t = k * dt;
    const double s = std::min(1.0, t / T);
    const VectorX qd = qStart + s * (qEnd - qStart);
    const VectorX e = t >= tSS ? ss : transient;
    acc.addJoint(t, dt, qd, qd - e, tau);
  }
  return acc.finish(qStart, qEnd);
}

}  // namespace

class TestMetrics : public QObject {
  Q_OBJECT
 private slots:
  // Table 10.1: relative error = |steady-state error| / |final − initial| × 100.
  void table10_1RelativeJointErrors() {
    const VectorX initial = vec({2.9677, 2.0966, -1.0120, -0.2599, 2.6127, 1.7645});
    const VectorX final = vec({3.0355, 1.6388, -0.6859, -0.1032, 2.4934, 1.6193});
    const VectorX printedDisplacement = vec({0.0678, -0.4578, 0.3261, 0.1567, -0.1193, -0.1452});
    const VectorX ss = vec({0.0058, -0.0043, 0.0014, 0.0127, -0.0044, -0.0043});
    const double printedRelative[6] = {8.55, 0.94, 0.43, 8.10, 3.69, 2.96};
    const RunMetrics m = jointRun(ss, 5 * ss, initial, final);
    QCOMPARE(m.joints.size(), std::size_t(6));
    for (int i = 0; i < 6; ++i) {
      const JointMetrics& j = m.joints[std::size_t(i)];
      QVERIFY(std::abs(j.displacement - printedDisplacement[i]) < 1e-12);
      QVERIFY2(std::abs(j.steadyStateError - ss[i]) < 1e-12, qPrintable(QString("axis %1: e_ss %2").arg(i + 1).arg(j.steadyStateError)));
      QCOMPARE(round2(j.relativeErrorPercent), printedRelative[i]);
      QVERIFY(std::abs(j.maxAbsError - 5 * std::abs(ss[i])) < 1e-12);
    }
    // Axis 1 and 2 spelled out: 0.0058 / 0.0678 = 8.55 %, 0.0043 / 0.4578 = 0.94 %.
    QVERIFY(std::abs(m.joints[0].relativeErrorPercent - 0.0058 / 0.0678 * 100) < 1e-9);
    QVERIFY(std::abs(m.joints[1].relativeErrorPercent - 0.0043 / 0.4578 * 100) < 1e-9);
    QVERIFY(std::abs(m.duration - 4.0025) < 1e-9);  // 1601 samples of 2.5 ms
  }

  // Table 10.2: e_ss = actual − desired, relative to the final value = |e_ss| / |actual| × 100 (kept as
  // relativeToFinalPercent); the relative error proper divides by the displacement of the move, none here.
  void table10_2RelativeCartesianErrors() {
    const Vector6 desired(-1.0070, -1.5190, -2.6140, -0.7890, 0.0280, 0.6390);
    const Vector6 actual(-1.0355, -1.5215, -2.6484, -0.7875, 0.0304, 0.6397);
    const Vector6 printedError(-0.0285, -0.0025, -0.0344, 0.0015, 0.0024, 0.0007);
    const double printedRelative[6] = {2.75, 0.16, 1.30, 0.19, 7.89, 0.11};
    MetricsAccumulator acc(0);
    acc.setSteadyStateFrom(3.0);
    for (int k = 0; k <= 1600; ++k) {
      const double t = k * 2.5e-3;
      const Vector6 a = t >= 3.0 ? actual : Vector6(desired + 3 * printedError);
      acc.addCartesian(t, 2.5e-3, desired, a);
    }
    const RunMetrics m = acc.finish(VectorX(), VectorX());
    QVERIFY(m.hasCartesian);
    for (int k = 0; k < 6; ++k) {
      const CartesianAxisMetrics& a = m.cartesian[std::size_t(k)];
      QVERIFY2(std::abs(a.steadyStateError - printedError[k]) < 1e-12,
               qPrintable(QString("%1: e_ss %2").arg(kCartesianAxisNames[std::size_t(k)]).arg(a.steadyStateError)));
      QCOMPARE(a.finalMeasured, actual[k]);
      QCOMPARE(round2(a.relativeToFinalPercent), printedRelative[k]);
      QVERIFY(a.relativeToFinalStatus == RelativeErrorStatus::Defined);
      QVERIFY(std::abs(a.maxAbsError - 3 * std::abs(printedError[k])) < 1e-12);
      // The desired pose does not move: no displacement to divide by.
      QVERIFY(std::isnan(a.relativeErrorPercent));
      QVERIFY(a.relativeErrorStatus == RelativeErrorStatus::SmallDisplacement);
    }
    QVERIFY(std::abs(m.cartesian[4].relativeToFinalPercent - 0.0024 / 0.0304 * 100) < 1e-9);  // Y 7.89 %
    QVERIFY(std::abs(m.cartesian[3].relativeToFinalPercent - 0.0015 / 0.7875 * 100) < 1e-9);  // X 0.19 %
    QVERIFY(std::abs(m.duration - 4.0025) < 1e-9);  // no joint samples: Cartesian duration
  }

  void signConventions() {
    MetricsAccumulator acc(1);
    acc.addJoint(0, 0.1, vec({1.0}), vec({0.9}), vec({0}));  // desired > actual: positive joint error
    Vector6 d = Vector6::Zero(), a = Vector6::Zero();
    a[3] = 0.2;  // actual X > desired X: positive Cartesian error
    acc.addCartesian(0, 0.1, d, a);
    const RunMetrics m = acc.finish(vec({0}), vec({1}));
    QVERIFY(std::abs(m.joints[0].steadyStateError - 0.1) < 1e-15);
    QCOMPARE(m.cartesian[3].steadyStateError, 0.2);
  }

  void rmsIsTimeWeighted() {
    MetricsAccumulator acc(1);
    // e = 2 for three samples of 0.1 s, then 0 for one sample of 0.7 s: RMS = sqrt(4 * 0.3 / 1.0).
    for (int k = 0; k < 3; ++k) acc.addJoint(0.1 * k, 0.1, vec({2}), vec({0}), vec({-3}));
    acc.addJoint(0.3, 0.7, vec({0}), vec({0}), vec({1}));
    RunMetrics m = acc.finish(vec({0}), vec({1}));
    QVERIFY(std::abs(m.joints[0].rmsError - std::sqrt(1.2)) < 1e-14);  // unweighted would be sqrt(3)
    QVERIFY(std::abs(m.joints[0].rmsTorque - std::sqrt((9 * 0.3 + 1 * 0.7) / 1.0)) < 1e-14);
    QCOMPARE(m.joints[0].peakTorque, 3.0);
    QCOMPARE(m.joints[0].maxAbsError, 2.0);
    QVERIFY(std::abs(m.duration - 1.0) < 1e-15);
    // All dt = 0: plain RMS of the samples.
    MetricsAccumulator z(1);
    z.addJoint(0, 0, vec({3}), vec({0}), vec({0}));
    z.addJoint(0, 0, vec({-4}), vec({0}), vec({0}));
    QVERIFY(std::abs(z.finish(vec({0}), vec({1})).joints[0].rmsError - std::sqrt(12.5)) < 1e-14);
  }

  void rmsOfASine() {
    // e = A sin(ω t) over whole periods: RMS = A / sqrt(2) (midpoint samples, tiny dt).
    MetricsAccumulator acc(1);
    const double A = 0.3, w = 2 * std::numbers::pi, dt = 1e-4;
    for (int k = 0; k < 30000; ++k) {
      const double t = (k + 0.5) * dt;
      acc.addJoint(t, dt, vec({A * std::sin(w * t)}), vec({0}), vec({0}));
    }
    const RunMetrics m = acc.finish(vec({0}), vec({1}));
    QVERIFY(std::abs(m.joints[0].rmsError - A / std::sqrt(2.0)) < 1e-9);
    QVERIFY(std::abs(m.joints[0].maxAbsError - A) < 1e-6);
  }

  void steadyStateWindow() {
    MetricsAccumulator acc(1);
    acc.setSteadyStateFrom(1.0);
    acc.addJoint(0.5, 0.5, vec({10}), vec({0}), vec({0}));  // outside the window
    acc.addJoint(1.0, 0.1, vec({1}), vec({0}), vec({0}));   // window starts at t >= 1
    acc.addJoint(1.1, 0.3, vec({2}), vec({0}), vec({0}));
    // Time-weighted mean over the window: (1 * 0.1 + 2 * 0.3) / 0.4 = 1.75.
    QVERIFY(std::abs(acc.finish(vec({0}), vec({7})).joints[0].steadyStateError - 1.75) < 1e-14);
    QVERIFY(std::abs(acc.finish(vec({0}), vec({7})).joints[0].relativeErrorPercent - 25.0) < 1e-12);
    // Empty window (default +inf): the last sample's error.
    MetricsAccumulator last(1);
    last.addJoint(0, 0.1, vec({5}), vec({0}), vec({0}));
    last.addJoint(0.1, 0.1, vec({-0.5}), vec({0}), vec({0}));
    QCOMPARE(last.finish(vec({0}), vec({1})).joints[0].steadyStateError, -0.5);
    last.setSteadyStateFrom(100);
    QCOMPARE(last.finish(vec({0}), vec({1})).joints[0].steadyStateError, -0.5);
    // reset() forgets the samples and keeps the window start.
    last.reset();
    QCOMPARE(last.steadyStateFrom(), 100.0);
    QVERIFY(std::isnan(last.finish(vec({0}), vec({1})).joints[0].steadyStateError));
  }

  void nanCases() {
    // No displacement: the relative error is undefined.
    const RunMetrics m = jointRun(vec({0.01}), vec({0.02}), vec({1.0}), vec({1.0}));
    QCOMPARE(m.joints[0].displacement, 0.0);
    QVERIFY(std::isnan(m.joints[0].relativeErrorPercent));
    QVERIFY(std::abs(m.joints[0].steadyStateError - 0.01) < 1e-15);
    // No samples at all: every metric NaN except the displacement; no Cartesian metrics.
    MetricsAccumulator empty(2);
    const RunMetrics e = empty.finish(vec({0, 1}), vec({1, 3}));
    QVERIFY(std::isnan(e.joints[1].rmsError) && std::isnan(e.joints[1].maxAbsError) && std::isnan(e.joints[1].peakTorque));
    QCOMPARE(e.joints[1].displacement, 2.0);
    QVERIFY(!e.hasCartesian);
    QVERIFY(std::isnan(e.cartesian[0].rmsError));
    QCOMPARE(e.duration, 0.0);
    QVERIFY(m.joints[0].relativeErrorStatus == RelativeErrorStatus::SmallDisplacement);
    QVERIFY(e.joints[1].relativeErrorStatus == RelativeErrorStatus::NoSamples);
    // A Cartesian axis measured at exactly 0 (or below the threshold): relative to final undefined.
    MetricsAccumulator c(0);
    c.addCartesian(0, 1, Vector6::Constant(0.1), Vector6::Zero());
    const RunMetrics cm = c.finish(VectorX(), VectorX());
    QVERIFY(std::isnan(cm.cartesian[2].relativeToFinalPercent));
    QVERIFY(cm.cartesian[2].relativeToFinalStatus == RelativeErrorStatus::SmallDisplacement);
    QVERIFY(std::isnan(cm.cartesian[2].relativeErrorPercent));
  }

  // Zanaboni's relative error per segment of a multi-point trajectory: desired 0 -> 1 (t in [0, 1]) ->
  // 0.2 (t in [1, 2]), then held; the error is 0.05 around the via point, 0.01 elsewhere, 0.004 in the
  // hold. Segment 1: |e(1)| / |1 - 0| = 5 %; segment 2: |e_ss| / |0.2 - 1| = 0.5 %; shown: 5 %, segment 1.
  void perSegmentRelativeError() {
    auto run = [](double end, std::vector<double> cuts, double viaValue = 1.0, double last = 0.2, double threshold = 0) {
      MetricsAccumulator acc(1);
      acc.setSegments(std::move(cuts));
      if (threshold > 0) acc.setRelativeErrorThreshold(threshold);
      acc.setSteadyStateFrom(2.0);
      const double dt = 2.5e-3;
      for (int k = 0; k * dt <= end + 1e-12; ++k) {
        const double t = k * dt;
        const double qd = t <= 1 ? viaValue * t : t <= 2 ? viaValue + (last - viaValue) * (t - 1) : last;
        const double e = t >= 2.0 ? 0.004 : std::abs(t - 1) <= 0.1 ? 0.05 : 0.01;
        acc.addJoint(t, dt, vec({qd}), vec({qd - e}), vec({0}));
      }
      return acc.finish(vec({0}), vec({last})).joints[0];
    };
    const JointMetrics j = run(3.0, {0, 1, 2});
    QCOMPARE(int(j.segments.size()), 2);
    QVERIFY(std::abs(j.segments[0].displacement - 1.0) < 1e-12);
    QVERIFY(std::abs(j.segments[0].endError - 0.05) < 1e-12);
    QVERIFY(std::abs(j.segments[0].relativeErrorPercent - 5.0) < 1e-9);
    QVERIFY(std::abs(j.segments[1].displacement + 0.8) < 1e-12);
    QVERIFY(std::abs(j.segments[1].endError - 0.004) < 1e-12);  // the steady-state error
    QVERIFY(std::abs(j.segments[1].relativeErrorPercent - 0.5) < 1e-9);
    QCOMPARE(j.segments[1].t0, 1.0);
    QCOMPARE(j.segments[1].t1, 2.0);
    QVERIFY(std::abs(j.relativeErrorPercent - 5.0) < 1e-9);
    QCOMPARE(j.relativeErrorSegment, 0);
    QVERIFY(j.relativeErrorStatus == RelativeErrorStatus::Defined);
    // Without segments the same run is one move 0 -> 0.2: |0.004| / 0.2 = 2 % (Table 10.1's definition).
    const JointMetrics whole = run(3.0, {});
    QCOMPARE(int(whole.segments.size()), 1);
    QVERIFY(std::abs(whole.relativeErrorPercent - 2.0) < 1e-9);

    // A trajectory that returns to its start (the default scene's): no overall displacement, but each
    // segment has one, so the relative error is defined.
    const JointMetrics back = run(3.0, {0, 1, 2}, 1.0, 0.0);
    QCOMPARE(back.displacement, 0.0);
    QVERIFY(back.relativeErrorStatus == RelativeErrorStatus::Defined);
    QVERIFY(std::abs(back.segments[1].relativeErrorPercent - 0.4) < 1e-9);  // 0.004 / 1

    // Threshold: a via point 5e-4 away from the start is too small a move (n/a), unless the threshold
    // is lowered below it.
    const JointMetrics tiny = run(3.0, {0, 1, 2}, 5e-4, 0.0);
    QVERIFY(tiny.relativeErrorStatus == RelativeErrorStatus::SmallDisplacement);
    QVERIFY(std::isnan(tiny.relativeErrorPercent));
    QVERIFY(tiny.segments[0].status == RelativeErrorStatus::SmallDisplacement);
    QVERIFY(!relativeErrorStatusText(tiny.relativeErrorStatus).empty());
    const JointMetrics lowered = run(3.0, {0, 1, 2}, 5e-4, 0.0, 1e-4);
    QVERIFY(lowered.relativeErrorStatus == RelativeErrorStatus::Defined);
    QVERIFY(std::abs(lowered.segments[0].relativeErrorPercent - 0.05 / 5e-4 * 100) < 1e-6);

    // A run stopped at 1.5 s: segment 2 not reached; at 0.5 s: none.
    const JointMetrics half = run(1.5, {0, 1, 2});
    QVERIFY(half.segments[1].status == RelativeErrorStatus::NotReached);
    QVERIFY(half.relativeErrorStatus == RelativeErrorStatus::Defined);
    QVERIFY(std::abs(half.relativeErrorPercent - 5.0) < 1e-9);
    const JointMetrics early = run(0.5, {0, 1, 2});
    QVERIFY(early.relativeErrorStatus == RelativeErrorStatus::NotReached);
    QVERIFY(std::isnan(early.relativeErrorPercent));
    QCOMPARE(early.relativeErrorSegment, -1);

    MetricsAccumulator bad(1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bad.setSegments({1.0}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bad.setSegments({0, 1, 1}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bad.setSegments({0, kNaN}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bad.setRelativeErrorThreshold(0));
  }

  // Issue 19: orientation axes whose final value is ~0 gave 147 %, 1.1e5 %. Per segment over the
  // displacement: an axis that does not move is n/a, one that moves and comes back is a few per cent.
  void cartesianAxesNearZero() {
    MetricsAccumulator acc(0);
    acc.setSegments({0, 1, 2});
    acc.setSteadyStateFrom(2);
    for (int k = 0; k <= 1200; ++k) {
      const double t = k * 2.5e-3;
      Vector6 d = Vector6::Constant(1e-5);                       // phi: never moves, ~0
      d[1] = t <= 1 ? 0.5 * t : t <= 2 ? 0.5 - (0.5 - 1e-5) * (t - 1) : 1e-5;  // theta: out and back to ~0
      Vector6 a = d;
      a[0] += 1e-4;
      a[1] += t >= 2 ? 2e-4 : 0.01;
      acc.addCartesian(t, 2.5e-3, d, a);
    }
    const RunMetrics m = acc.finish(VectorX(), VectorX());
    QVERIFY(std::isnan(m.cartesian[0].relativeErrorPercent));
    QVERIFY(m.cartesian[0].relativeErrorStatus == RelativeErrorStatus::SmallDisplacement);
    QVERIFY(m.cartesian[1].relativeErrorStatus == RelativeErrorStatus::Defined);
    QVERIFY(std::abs(m.cartesian[1].segments[0].relativeErrorPercent - 0.01 / 0.5 * 100) < 1e-9);
    QVERIFY(std::abs(m.cartesian[1].segments[1].relativeErrorPercent - 2e-4 / (0.5 - 1e-5) * 100) < 1e-9);
    QVERIFY(std::abs(m.cartesian[1].relativeErrorPercent - 2.0) < 1e-9);
    QVERIFY(std::isnan(m.cartesian[1].relativeToFinalPercent));  // |final| ~ 2e-4 < 1e-3
  }

  // The definitions: one per CSV metric column, unique keys, each with a text.
  void definitions() {
    const auto& defs = metricDefinitions();
    std::set<std::string> keys;
    for (const auto& d : defs) {
      QVERIFY(!d.definition.empty() && !d.label.empty());
      QVERIFY2(keys.insert(d.key).second, d.key.c_str());
    }
    const RunMetrics one = jointRun(vec({0.001}), vec({0.01}), vec({0}), vec({1}));
    const CsvTable t = comparisonCsv({{"C", one}});
    for (std::size_t c = 3; c < t.names.size(); ++c) {
      std::string key = t.names[c].substr(2);
      if (const auto sp = key.find(' '); sp != std::string::npos) key = key.substr(0, sp);  // "... segment k"
      QVERIFY2(keys.count(key), t.names[c].c_str());
    }
    QCOMPARE(t.comments.size(), defs.size() + 1);
    QVERIFY(t.comments[3].rfind("relativeErrorPercent [%]: relative error as Zanaboni 2009 defines it", 0) == 0);
  }

  // The default scene (a trajectory that returns to its start): every joint's relative error is
  // defined per segment; no Cartesian relative error is the division by a near-zero value the issue saw.
  void defaultSceneRelativeErrors() {
    const SceneLoadResult sl = loadSceneFile(MANIPLAB_SOURCE_DIR "/scenes/default.json");
    QVERIFY2(sl.ok(), sl.report().c_str());
    const Scene& scene = sl.scene;
    const auto traj = makeTrajectory(scene);
    QVERIFY(traj->segmentTimes().size() >= 3);
    SimulatedPlant plant(scene.robot.model, scene.plant);
    const auto controller = makeController(scene.controllers.front(), scene.robot.model);
    Recorder rec(makeChannels(scene.robot.model, scene.record));
    const RunResult r = runSimulation(scene.robot.model, plant, *controller, *traj, runOptions(scene), rec);
    QVERIFY2(r.ok, r.message.c_str());
    for (const auto& j : r.metrics.joints) {
      QVERIFY(j.relativeErrorStatus == RelativeErrorStatus::Defined);
      QCOMPARE(j.segments.size(), traj->segmentTimes().size() - 1);
      QVERIFY2(j.relativeErrorPercent < 100, qPrintable(QString::number(j.relativeErrorPercent)));
    }
    for (std::size_t k = 0; k < 6; ++k) {
      const auto& a = r.metrics.cartesian[k];
      QVERIFY2(std::isnan(a.relativeErrorPercent) || a.relativeErrorPercent < 100,
               qPrintable(QString("%1: %2").arg(kCartesianAxisNames[k]).arg(a.relativeErrorPercent)));
    }
    qInfo("%s", comparisonTable({{scene.controllers.front().name, r.metrics}}).c_str());
  }

  void eulerAngleErrorsAreWrapped() {
    MetricsAccumulator acc(0);
    Vector6 d = Vector6::Zero(), a = Vector6::Zero();
    d[2] = std::numbers::pi - 0.01;
    a[2] = -std::numbers::pi + 0.01;  // 0.02 rad past +π, not −2π + 0.02
    d[3] = 10;                         // positions are not wrapped
    a[3] = 10 + 2 * std::numbers::pi;
    acc.addCartesian(0, 1e-3, d, a);
    const RunMetrics m = acc.finish(VectorX(), VectorX());
    QVERIFY(std::abs(m.cartesian[2].steadyStateError - 0.02) < 1e-12);
    QVERIFY(std::abs(m.cartesian[2].maxAbsError - 0.02) < 1e-12);
    QVERIFY(std::abs(m.cartesian[3].steadyStateError - 2 * std::numbers::pi) < 1e-12);
  }

  void rejectsBadInput() {
    MetricsAccumulator acc(2);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, acc.addJoint(0, 0.1, vec({1}), vec({1, 2}), vec({1, 2})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, acc.addJoint(0, -0.1, vec({1, 2}), vec({1, 2}), vec({1, 2})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, acc.addJoint(0, kNaN, vec({1, 2}), vec({1, 2}), vec({1, 2})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, acc.finish(vec({1}), vec({1, 2})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, MetricsAccumulator(-1));
  }

  void comparisonReports() {
    const RunMetrics ctc = jointRun(vec({0.0058, -0.0043}), vec({0.0172, 0.0157}), vec({2.9677, 2.0966}), vec({3.0355, 1.6388}));
    RunMetrics pid = jointRun(vec({0.001, 0.002}), vec({0.0060, 0.0379}), vec({2.9677, 2.0966}), vec({2.9677, 1.6388}));
    MetricsAccumulator cart(0);
    cart.addCartesian(0, 0.1, Vector6::Constant(1.0), Vector6::Constant(1.5));
    const RunMetrics withCart = cart.finish(VectorX(), VectorX());
    pid.hasCartesian = true;
    pid.cartesian = withCart.cartesian;
    const std::vector<std::pair<std::string, RunMetrics>> runs = {{"Computed torque", ctc}, {"PID, tuned", pid}};

    const QString table = QString::fromStdString(comparisonTable(runs));
    QVERIFY2(table.contains("Computed torque") && table.contains("PID, tuned"), qPrintable(table));
    QVERIFY(table.contains("8.555"));  // 0.0058 / 0.0678 (4 significant digits)
    QVERIFY(table.contains("0.0172"));
    QVERIFY(table.contains("n/a"));    // PID joint 1 does not move: relative error undefined
    QVERIFY(table.contains("Cartesian metrics"));
    QVERIFY(table.contains("theta"));
    QVERIFY(!table.contains(" \n"));   // no trailing blanks
    const QStringList tableLines = table.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(tableLines.size(), 4 + 2 + 3 + 6);  // title (two lines for the joints), names, headings, rows
    qInfo("%s", qPrintable(table));

    const auto j = nlohmann::json::parse(comparisonJson(runs));
    QCOMPARE(j["controllers"].size(), std::size_t(2));
    QCOMPARE(j["controllers"][0]["name"].get<std::string>(), std::string("Computed torque"));
    QCOMPARE(j["controllers"][0]["joints"][0]["joint"].get<int>(), 1);
    QCOMPARE(j["controllers"][0]["joints"][0]["relativeErrorPercent"].get<double>(), ctc.joints[0].relativeErrorPercent);  // full precision
    QCOMPARE(j["controllers"][0]["joints"][1]["rmsError"].get<double>(), ctc.joints[1].rmsError);
    QCOMPARE(j["controllers"][0]["duration"].get<double>(), ctc.duration);
    QVERIFY(j["controllers"][0]["cartesian"].is_array() && j["controllers"][0]["cartesian"].empty());
    QVERIFY(!j["controllers"][0]["hasCartesian"].get<bool>());
    QVERIFY(j["controllers"][1]["joints"][0]["relativeErrorPercent"].is_null());  // NaN -> null
    QCOMPARE(j["controllers"][1]["cartesian"].size(), std::size_t(6));
    QCOMPARE(j["controllers"][1]["cartesian"][4]["axis"].get<std::string>(), std::string("Y"));
    QCOMPARE(j["controllers"][1]["cartesian"][4]["finalMeasured"].get<double>(), 1.5);

    QCOMPARE(j["controllers"][0]["joints"][0]["relativeErrorStatus"].get<std::string>(), std::string("defined"));
    QCOMPARE(j["controllers"][1]["joints"][0]["relativeErrorStatus"].get<std::string>(),
             std::string("small_displacement"));
    QCOMPARE(j["controllers"][0]["joints"][0]["segments"].size(), std::size_t(1));
    QCOMPARE(j["controllers"][1]["cartesian"][4]["relativeToFinalPercent"].get<double>(), 0.5 / 1.5 * 100);

    const CsvTable t = comparisonCsv(runs);
    QCOMPARE(t.rows(), std::size_t(2 + 6));
    QCOMPARE(t.columns.size(), std::size_t(3 + 2 * 11));  // 10 metrics and 1 segment per controller
    QCOMPARE(t.names[0], std::string("item"));
    QCOMPARE(t.names[3], std::string("Computed torque maxAbsError"));
    QCOMPARE(t.names[6], std::string("Computed torque relativeErrorPercent"));
    QCOMPARE(t.units[6], std::string("%"));
    QCOMPARE(t.columns[6][0], ctc.joints[0].relativeErrorPercent);
    QVERIFY(std::isnan(t.columns[1][2]) && t.columns[2][2] == 1.0);  // first Cartesian row: axis 1
    QVERIFY(std::isnan(t.columns[3 + 0][2]));                         // CTC has no Cartesian data
    QCOMPARE(t.columns[14 + 7][2 + 4], 1.5);                           // PID finalMeasured, Y
    QCOMPARE(t.columns[14 + 9][2 + 4], 0.5 / 1.5 * 100);               // PID relativeToFinalPercent, Y
    QCOMPARE(t.names[13], std::string("Computed torque relativeErrorPercent segment 1"));
    QCOMPARE(t.columns[13][0], ctc.joints[0].relativeErrorPercent);
    QCOMPARE(t.columns[11][0], 1.0);                                   // the worst segment, 1-based
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string p = dir.filePath("comparison.csv").toStdString();
    writeCsvTable(t, p);
    const CsvTable r = readCsv(p);
    QCOMPARE(r.comments, t.comments);  // the definitions, as "# ..." lines before the header
    QCOMPARE(r.names, t.names);
    QCOMPARE(r.rows(), t.rows());
    QCOMPARE(r.columns[6][0], t.columns[6][0]);
    QVERIFY(std::isnan(r.columns[3 + 3][2]));
  }

  // ---- energy balance -------------------------------------------------------------------------------

  // Linear velocities and constant torques: the power is linear in t, so the trapezoidal work is exact
  // even with irregular steps. P = (1 + 2t)(3 − 0.5) + (−t)(5 − (−1)) = 2.5 − t; W(T) = 2.5 T − T²/2.
  void energyWorkExactForLinearPower() {
    EnergyBalance eb;
    eb.reset(10.0);
    const VectorX tau = vec({3, 5}), f = vec({0.5, -1});
    auto qd = [](double t) { return vec({1 + 2 * t, -t}); };
    double t = 0;
    const double steps[] = {0.1, 0.05, 0.3, 0.25, 0.8, 0.5, 1.0};
    for (double h : steps) {
      eb.add(h, qd(t), qd(t + h), tau, tau, f, f);
      t += h;
    }
    const double W = 2.5 * t - t * t / 2;
    QVERIFY2(std::abs(eb.work() - W) < 1e-13, qPrintable(QString("W %1 vs %2").arg(eb.work(), 0, 'g', 17).arg(W, 0, 'g', 17)));
    QCOMPARE(eb.drift(10.0 + W), (10.0 + W) - 10.0 - eb.work());
    QVERIFY(std::abs(eb.drift(10.0 + W)) < 1e-13);
    QVERIFY(std::abs(eb.drift(10.0 + W + 0.01) - 0.01) < 1e-13);
    eb.reset(1.0);
    QCOMPARE(eb.work(), 0.0);
    QCOMPARE(eb.grossWork(), 0.0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, eb.add(0.1, vec({1}), vec({1, 2}), tau, tau, f, f));
  }

  // Nonlinear power P = sin t cos t: second-order convergence to W = (1 − cos 2T) / 4.
  void energyWorkSecondOrder() {
    auto workError = [](int n) {
      EnergyBalance eb;
      eb.reset(0);
      const double T = 2.0, h = T / n;
      for (int k = 0; k < n; ++k) {
        const double t0 = k * h, t1 = t0 + h;
        eb.add(h, vec({std::sin(t0)}), vec({std::sin(t1)}), vec({std::cos(t0)}), vec({std::cos(t1)}), vec({0}), vec({0}));
      }
      return std::abs(eb.work() - (1 - std::cos(2 * T)) / 4);
    };
    const double e1 = workError(100), e2 = workError(200);
    QVERIFY(e1 < 1e-3);
    QVERIFY2(std::abs(e1 / e2 - 4.0) < 0.05, qPrintable(QString("ratio %1").arg(e1 / e2)));
  }

  // A damped, driven mass-spring system integrated accurately: E − E0 − W stays at the integration
  // error when viscous friction is counted, and is large when it is forgotten (the check can fail).
  void energyBalanceOfDampedOscillator() {
    const double m = 2.0, k = 50.0, c = 0.8, h = 1e-4;
    auto force = [](double t) { return 3.0 * std::sin(4.0 * t); };
    auto accel = [&](double t, double x, double v) { return (force(t) - c * v - k * x) / m; };
    auto energy = [&](double x, double v) { return 0.5 * m * v * v + 0.5 * k * x * x; };
    double x = 0.1, v = 0, t = 0;
    EnergyBalance with, without;
    with.reset(energy(x, v));
    without.reset(energy(x, v));
    for (int n = 0; n < 50000; ++n) {  // 5 s, RK4
      const double k1x = v, k1v = accel(t, x, v);
      const double k2x = v + h / 2 * k1v, k2v = accel(t + h / 2, x + h / 2 * k1x, v + h / 2 * k1v);
      const double k3x = v + h / 2 * k2v, k3v = accel(t + h / 2, x + h / 2 * k2x, v + h / 2 * k2v);
      const double k4x = v + h * k3v, k4v = accel(t + h, x + h * k3x, v + h * k3v);
      const double x1 = x + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x), v1 = v + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
      with.add(h, vec({v}), vec({v1}), vec({force(t)}), vec({force(t + h)}), vec({c * v}), vec({c * v1}));
      without.add(h, vec({v}), vec({v1}), vec({force(t)}), vec({force(t + h)}), vec({0}), vec({0}));
      x = x1;
      v = v1;
      t += h;
    }
    const double E = energy(x, v);
    qInfo("damped oscillator: E0 %.6g J, E %.6g J, W %.6g J, gross %.6g J, relative drift %.3g (friction ignored: %.3g)",
          with.E0(), E, with.work(), with.grossWork(), with.relativeDrift(E), without.relativeDrift(E));
    QVERIFY(std::abs(with.relativeDrift(E)) < 1e-7);
    QVERIFY(std::abs(without.relativeDrift(E)) > 1e-2);
  }

  void relativeDriftScale() {
    EnergyBalance eb;
    eb.reset(0);
    // +1 W for 1 s then −1 W for 1 s: W = 0 but 2 J were exchanged.
    eb.add(1.0, vec({1}), vec({1}), vec({1}), vec({1}), vec({0}), vec({0}));
    eb.add(1.0, vec({1}), vec({1}), vec({-1}), vec({-1}), vec({0}), vec({0}));
    QCOMPARE(eb.work(), 0.0);
    QCOMPARE(eb.grossWork(), 2.0);
    QVERIFY(std::abs(eb.relativeDrift(0.02) - 0.01) < 1e-15);
    // Nothing moves, nothing stored: the floor avoids 0/0.
    EnergyBalance rest;
    rest.reset(0);
    QCOMPARE(rest.relativeDrift(0), 0.0);
    QCOMPARE(rest.relativeDrift(1e-12), 1e-12 / 1e-9);
    rest.setScaleFloor(1.0);
    QCOMPARE(rest.relativeDrift(0.5), 0.5);
    // Large stored energy dominates.
    EnergyBalance big;
    big.reset(-100.0);  // U can be negative
    QCOMPARE(big.relativeDrift(-99.0), 1.0 / 100.0);
  }
};

MANIPLAB_TEST_APPLESS_MAIN(TestMetrics)
#include "test_metrics.moc"  // (in the namespace, as the class)

}  // namespace test_metrics
