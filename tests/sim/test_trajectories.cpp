// Reference trajectories (sim/include/maniplab/sim/trajectory_*.hpp): boundary conditions, continuity,
// limits, derivatives against finite differences of the trajectory itself, the Cartesian line's
// kinematic consistency (FK on the line, J qd = twist, J qdd + Jdot qd = acceleration), the UMIS thesis
// trajectory against Table 10.1 (Zanaboni 2009), the bounded-deviation counts of umis.md §8 and the absence
// of heap allocation in sample().
#include <QTest>
#include <Eigen/SVD>
#include <atomic>
#include <cmath>
#include <cstdlib>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/trajectories/bounded_deviation.hpp"
#include "maniplab/sim/trajectories/cartesian_line.hpp"
#include "maniplab/sim/trajectories/fourier.hpp"
#include "maniplab/sim/trajectories/quintic.hpp"
#include "maniplab/sim/trajectories/quintic_spline.hpp"
#include "maniplab/sim/trajectories/trapezoidal.hpp"
#include "maniplab/sim/trajectories/umis_thesis_line.hpp"
#include "support/random_chain.hpp"
#include "support/umis_kinematics.hpp"

// Heap-allocation counter for the real-time path: glibc lets a program interpose malloc; every
// allocation (operator new and Eigen's aligned_malloc both end in malloc) is forwarded to glibc and
// counted while g_countMallocs is set.
#if defined(__GLIBC__)
extern "C" void* __libc_malloc(std::size_t);
namespace {
std::atomic<bool> g_countMallocs{false};
std::atomic<long> g_mallocs{0};
}  // namespace
extern "C" void* malloc(std::size_t n) {
  if (g_countMallocs.load(std::memory_order_relaxed)) g_mallocs.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(n);
}
#define MANIPLAB_COUNT_MALLOC 1
#endif

using namespace maniplab;
using namespace maniplab::sim;
using namespace maniplab::testing;

namespace {


JointReference makeRef(int n) { return {VectorX::Zero(n), VectorX::Zero(n), VectorX::Zero(n)}; }

JointReference at(const Trajectory& tr, double t) {
  JointReference r = makeRef(tr.dof());
  tr.sample(t, r);
  return r;
}

double maxAbs(const VectorX& v) { return v.cwiseAbs().maxCoeff(); }

// Largest mismatch between (qd, qdd) and central differences of (q, qd) at the given times, relative
// to max(1, |derivative|). h = 1e-5 s: truncation ~ h^2 |q'''| and rounding ~ 1e-16 / h.
double finiteDifferenceError(const Trajectory& tr, const std::vector<double>& times, double h = 1e-5) {
  double worst = 0;
  for (double t : times) {
    const JointReference r = at(tr, t), rp = at(tr, t + h), rm = at(tr, t - h);
    const VectorX qdFd = (rp.q - rm.q) / (2 * h), qddFd = (rp.qd - rm.qd) / (2 * h);
    worst = std::max(worst, relErr(qdFd, r.qd));
    worst = std::max(worst, relErr(qddFd, r.qdd));
  }
  return worst;
}

std::vector<double> uniformTimes(double t0, double t1, int n) {
  std::vector<double> ts;
  for (int k = 0; k < n; ++k) ts.push_back(t0 + (t1 - t0) * (k + 0.5) / n);
  return ts;
}

// Position error of FK(q(t)) to the Cartesian reference, orientation error, and |J qd - twist| and
// |J qdd + Jdot qd - [0; a]| over a dense grid.
struct LineCheck {
  double position = 0, orientation = 0, velocity = 0, acceleration = 0;
};
LineCheck checkLine(const Model& model, const CartesianLineTrajectory& line, double dt) {
  Data data(model);
  LineCheck c;
  JointReference r = makeRef(6);
  const Matrix3 R0 = line.cartesian(0)->pose.R;
  for (double t = 0; t <= line.duration() + 1e-12; t += dt) {
    line.sample(t, r);
    const CartesianReference x = *line.cartesian(t);
    forwardKinematics(model, data, r.q);
    c.position = std::max(c.position, (data.oMtool.p - x.pose.p).norm());
    c.orientation = std::max(c.orientation, orientationError(R0, data.oMtool.R).norm());
    computeJacobian(model, data, JacobianFrame::Base);
    c.velocity = std::max(c.velocity, (data.J * r.qd - x.twist).norm());
    Vector6 acc;
    acc << Vector3::Zero(), line.linearAcceleration(t);
    c.acceleration =
        std::max(c.acceleration, (data.J * r.qdd + jacobianDotTimesQdot(model, data, r.qd) - acc).norm());
  }
  return c;
}

}  // namespace

class Trajectories : public QObject {
  Q_OBJECT
 private slots:
  // ---- Quintic (Zanaboni 2009 eqs 6.1–6.6) -------------------------------------------------------------
  void quinticRestToRest() {
    std::mt19937 rng(1);
    const VectorX q0 = randomVectorX(rng, 6, 2), q1 = randomVectorX(rng, 6, 2);
    const double T = 1.7;
    const QuinticJointTrajectory tr(q0, q1, T);
    QCOMPARE(tr.dof(), 6);
    QCOMPARE(tr.duration(), T);
    const JointReference r0 = at(tr, 0), r1 = at(tr, T), rm = at(tr, T / 2);
    QVERIFY(maxAbs(r0.q - q0) < 1e-15 && maxAbs(r0.qd) < 1e-15 && maxAbs(r0.qdd) < 1e-15);
    QVERIFY(maxAbs(r1.q - q1) < 1e-14 && maxAbs(r1.qd) < 1e-14 && maxAbs(r1.qdd) < 1e-13);
    // Symmetric profile: midpoint halfway, peak speed 1.875 D / T there, zero acceleration.
    QVERIFY(maxAbs(rm.q - 0.5 * (q0 + q1)) < 1e-14);
    QVERIFY(maxAbs(rm.qd - 1.875 * (q1 - q0) / T) < 1e-13);
    QVERIFY(maxAbs(rm.qdd) < 1e-13);
    // Peak acceleration 5.7735 D / T^2 at t = T (1/2 - sqrt(3)/6) (umis.md §8).
    const double tA = T * (0.5 - std::sqrt(3.0) / 6);
    QVERIFY(maxAbs(at(tr, tA).qdd - 10 / std::sqrt(3.0) * (q1 - q0) / (T * T)) < 1e-12);
    // Outside [0, T]: the ends at rest.
    QVERIFY(maxAbs(at(tr, -1).q - q0) == 0 && maxAbs(at(tr, T + 1).q - q1) == 0 && maxAbs(at(tr, T + 1).qd) == 0);
    QVERIFY(finiteDifferenceError(tr, uniformTimes(0, T, 37)) < 1e-7);
  }

  void quinticBoundaryVelocitiesAccelerations() {
    std::mt19937 rng(2);
    const int n = 4;
    const VectorX q0 = randomVectorX(rng, n, 1), q1 = randomVectorX(rng, n, 1), v0 = randomVectorX(rng, n, 1),
                  v1 = randomVectorX(rng, n, 1), a0 = randomVectorX(rng, n, 3), a1 = randomVectorX(rng, n, 3);
    const double T = 0.8;
    const QuinticJointTrajectory tr(q0, q1, T, v0, v1, a0, a1);
    const JointReference r0 = at(tr, 0), r1 = at(tr, T);
    QVERIFY(maxAbs(r0.q - q0) < 1e-14 && maxAbs(r0.qd - v0) < 1e-14 && maxAbs(r0.qdd - a0) < 1e-13);
    QVERIFY(maxAbs(r1.q - q1) < 1e-13 && maxAbs(r1.qd - v1) < 1e-13 && maxAbs(r1.qdd - a1) < 1e-12);
    QVERIFY(finiteDifferenceError(tr, uniformTimes(0, T, 23)) < 1e-7);
    // The polynomial is a quintic: its 6th finite difference vanishes (no hidden higher-order term).
    const double h = T / 7;
    VectorX d6 = VectorX::Zero(n);
    const int binom[7] = {1, -6, 15, -20, 15, -6, 1};
    for (int k = 0; k < 7; ++k) d6 += binom[k] * at(tr, h * (k + 0.5) * 0.9).q;
    QVERIFY(maxAbs(d6) < 1e-11);
  }

  // ---- Trapezoidal (synchronised) -------------------------------------------------------------------
  void trapezoidalLimitsAndSynchronisation() {
    VectorX q0(3), q1(3), vmax(3), amax(3);
    q0 << 0.0, 1.0, -0.5;
    q1 << 2.0, 0.5, -0.2;  // D = 2, -0.5, 0.3
    vmax << 1.0, 1.0, 0.5;
    amax << 2.0, 2.0, 1.0;
    const TrapezoidalJointTrajectory tr(q0, q1, vmax, amax);
    // Joint 1 limits both rate and acceleration: V = 1/2, A = 1 (normalised), T = 1/V + V/A = 2.5 s,
    // ta = 0.5 s, its own minimum time D/v + v/a = 2 + 0.5.
    QVERIFY(!tr.triangular());
    QVERIFY(std::abs(tr.duration() - 2.5) < 1e-14);
    QVERIFY(std::abs(tr.accelerationTime() - 0.5) < 1e-14);
    const double T = tr.duration(), ta = tr.accelerationTime();
    // Ends.
    const JointReference r0 = at(tr, 0), r1 = at(tr, T);
    QVERIFY(maxAbs(r0.q - q0) == 0 && maxAbs(r0.qd) == 0 && maxAbs(r0.qdd) == 0);
    QVERIFY(maxAbs(r1.q - q1) < 1e-15 && maxAbs(r1.qd) == 0 && maxAbs(r1.qdd) == 0);
    // Limits respected on a dense grid, and reached by joint 1 (the motion is as fast as allowed).
    VectorX vPeak = VectorX::Zero(3), aPeak = VectorX::Zero(3);
    for (double t = 0; t <= T; t += 1e-3) {
      const JointReference r = at(tr, t);
      vPeak = vPeak.cwiseMax(r.qd.cwiseAbs());
      aPeak = aPeak.cwiseMax(r.qdd.cwiseAbs());
      // Synchronised: every joint at the same fraction of its displacement (straight line in joint space).
      const VectorX frac = (r.q - q0).cwiseQuotient(q1 - q0);
      QVERIFY(frac.maxCoeff() - frac.minCoeff() < 1e-14);
    }
    QVERIFY(((vPeak - vmax).array() <= 1e-14).all());
    QVERIFY(((aPeak - amax).array() <= 1e-14).all());
    QVERIFY(std::abs(vPeak[0] - vmax[0]) < 1e-14 && std::abs(aPeak[0] - amax[0]) < 1e-14);
    QVERIFY(maxAbs(tr.peakVelocity() - vPeak) < 1e-12);
    // Phases: acceleration, cruise (qdd = 0, qd = peak), deceleration.
    QVERIFY(maxAbs(at(tr, 0.25).qdd - (q1 - q0) * 1.0) < 1e-14);
    QVERIFY(maxAbs(at(tr, 1.2).qdd) == 0 && maxAbs(at(tr, 1.2).qd - (q1 - q0) * 0.5) < 1e-15);
    QVERIFY(maxAbs(at(tr, 2.3).qdd + (q1 - q0) * 1.0) < 1e-14);
    // Position and velocity continuous across the phase switches (acceleration jumps there).
    for (double ts : {ta, T - ta}) {
      const JointReference a = at(tr, ts - 1e-9), b = at(tr, ts + 1e-9);
      QVERIFY(maxAbs(a.q - b.q) < 1e-8);
      QVERIFY(maxAbs(a.qd - b.qd) < 1e-8);
      QVERIFY(maxAbs(a.qdd - b.qdd) > 0.2);  // the expected jump (|D| A >= 0.3)
    }
    // Derivatives inside the phases.
    std::vector<double> ts;
    for (double t : uniformTimes(0, T, 50))
      if (std::abs(t - ta) > 1e-3 && std::abs(t - (T - ta)) > 1e-3) ts.push_back(t);
    QVERIFY(finiteDifferenceError(tr, ts) < 1e-8);
  }

  void trapezoidalTriangularAndMixedLimits() {
    // Too short to reach vmax: triangle, peak rate sqrt(D a) < vmax, T = 2 sqrt(D / a).
    VectorX q0(2), q1(2), vmax(2), amax(2);
    q0 << 0, 0;
    q1 << 0.1, -0.05;
    vmax << 1, 1;
    amax << 2, 2;
    const TrapezoidalJointTrajectory tri(q0, q1, vmax, amax);
    QVERIFY(tri.triangular());
    QVERIFY(std::abs(tri.duration() - 2 * std::sqrt(0.1 / 2)) < 1e-14);
    QVERIFY(std::abs(tri.peakVelocity()[0] - std::sqrt(0.1 * 2)) < 1e-14);
    QVERIFY(tri.peakVelocity()[0] < vmax[0]);
    const JointReference mid = at(tri, tri.duration() / 2);
    QVERIFY(maxAbs(mid.q - 0.5 * (q0 + q1)) < 1e-15);
    QVERIFY(maxAbs(at(tri, tri.duration()).q - q1) < 1e-15);
    const double h = 1e-9, tm = tri.duration() / 2;
    QVERIFY(maxAbs(at(tri, tm - h).qd - at(tri, tm + h).qd) < 1e-8);  // velocity continuous at the peak
    // Different joints limit the rate (joint 1) and the acceleration (joint 2): both limits hold and are
    // reached; the duration is then the coordinated minimum, longer than each joint's own minimum time.
    VectorX p0(2), p1(2), vm(2), am(2);
    p0 << 0, 0;
    p1 << 1, 1;
    vm << 0.5, 10;
    am << 10, 0.5;
    const TrapezoidalJointTrajectory mixed(p0, p1, vm, am);
    const double Tn = 1 / 0.5 + 0.5 / 0.5;  // 1/V + V/A with V = 0.5, A = 0.5
    QVERIFY(std::abs(mixed.duration() - Tn) < 1e-14);
    const double own1 = 1 / 0.5 + 0.5 / 10, own2 = 2 * std::sqrt(1 / 0.5);
    QVERIFY(mixed.duration() >= std::max(own1, own2));
    QVERIFY(std::abs(mixed.peakVelocity()[0] - 0.5) < 1e-14 && std::abs(mixed.peakAcceleration()[1] - 0.5) < 1e-14);
    // Zero displacement: zero duration, holds the point.
    const TrapezoidalJointTrajectory still(q0, q0, vmax, amax);
    QCOMPARE(still.duration(), 0.0);
    QVERIFY(maxAbs(at(still, 0.3).q - q0) == 0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TrapezoidalJointTrajectory(q0, q1, VectorX::Zero(2), amax));
  }

  // ---- Via points: C4 quintic spline ----------------------------------------------------------------
  void viaPointSpline() {
    std::mt19937 rng(5);
    const int n = 3;
    std::vector<VectorX> pts;
    std::vector<double> ts = {0.0, 0.7, 1.1, 2.4, 3.0, 4.2};
    for (std::size_t k = 0; k < ts.size(); ++k) pts.push_back(randomVectorX(rng, n, 1.5));
    const ViaPointJointTrajectory tr(pts, ts);
    QCOMPARE(tr.duration(), 4.2);
    // Passes through every via point at its time.
    for (std::size_t k = 0; k < ts.size(); ++k) QVERIFY(maxAbs(at(tr, ts[k]).q - pts[k]) < 1e-13);
    // Rest at both ends: zero velocity and acceleration.
    const JointReference r0 = at(tr, 0), r1 = at(tr, 4.2);
    QVERIFY(maxAbs(r0.qd) == 0 && maxAbs(r0.qdd) == 0 && maxAbs(r1.qd) == 0 && maxAbs(r1.qdd) == 0);
    QVERIFY(maxAbs(at(tr, 1e-9).qd) < 1e-8 && maxAbs(at(tr, 4.2 - 1e-9).qdd) < 1e-6);
    // Continuity across the interior knots: q, qd, qdd (C2 by construction of the Hermite segments), and
    // jerk and snap (C4, from the solved knot velocities and accelerations: a wrong linear system breaks it).
    // Left and right values at the knot, by Taylor extrapolation from t_k -/+ h (a jump of O(1) in q, qd
    // or qdd would show; the extrapolation errors are O(h^3), O(h^2), O(h) x jerk).
    const double h = 1e-6, hj = 1e-4;
    double worstJerk = 0, worstSnap = 0;
    for (std::size_t k = 1; k + 1 < ts.size(); ++k) {
      const JointReference a = at(tr, ts[k] - h), b = at(tr, ts[k] + h);
      const VectorX qL = a.q + h * a.qd + 0.5 * h * h * a.qdd, qR = b.q - h * b.qd + 0.5 * h * h * b.qdd;
      QVERIFY2(maxAbs(qL - qR) < 1e-13, qPrintable(QString("q jump at knot %1: %2").arg(k).arg(maxAbs(qL - qR))));
      QVERIFY2(maxAbs((a.qd + h * a.qdd) - (b.qd - h * b.qdd)) < 1e-9, qPrintable(QString("qd jump at knot %1").arg(k)));
      QVERIFY2(maxAbs(a.qdd - b.qdd) < 1e-3, qPrintable(QString("qdd jump at knot %1").arg(k)));
      // One-sided jerk estimates (second-order) on each side of the knot.
      const VectorX jl = (3 * at(tr, ts[k]).qdd - 4 * at(tr, ts[k] - hj).qdd + at(tr, ts[k] - 2 * hj).qdd) / (2 * hj);
      const VectorX jr = (-3 * at(tr, ts[k]).qdd + 4 * at(tr, ts[k] + hj).qdd - at(tr, ts[k] + 2 * hj).qdd) / (2 * hj);
      worstJerk = std::max(worstJerk, relErr(jl, jr));
      // Snap (4th derivative): one-sided second differences of qdd, O(hj^2).
      auto qddAt = [&](double t) { return at(tr, t).qdd; };
      const VectorX sl = (2 * qddAt(ts[k]) - 5 * qddAt(ts[k] - hj) + 4 * qddAt(ts[k] - 2 * hj) - qddAt(ts[k] - 3 * hj)) / (hj * hj);
      const VectorX sr = (2 * qddAt(ts[k]) - 5 * qddAt(ts[k] + hj) + 4 * qddAt(ts[k] + 2 * hj) - qddAt(ts[k] + 3 * hj)) / (hj * hj);
      worstSnap = std::max(worstSnap, relErr(sl, sr));
      QVERIFY2(relErr(sl, sr) < 1e-3, qPrintable(QString("snap jump at knot %1: %2").arg(k).arg(relErr(sl, sr))));
      QVERIFY2(relErr(jl, jr) < 1e-4, qPrintable(QString("jerk jump at knot %1: %2").arg(k).arg(relErr(jl, jr))));
    }
    qInfo("via-point spline: worst relative jerk / snap jump at the knots %.2e / %.2e (one-sided differences)",
          worstJerk, worstSnap);
    QVERIFY(finiteDifferenceError(tr, uniformTimes(0, 4.2, 61)) < 1e-6);
    // Two points: the rest-to-rest quintic.
    const ViaPointJointTrajectory two({pts[0], pts[1]}, {0.0, 1.3});
    const QuinticJointTrajectory quintic(pts[0], pts[1], 1.3);
    for (double t : uniformTimes(0, 1.3, 9)) {
      QVERIFY(maxAbs(at(two, t).q - at(quintic, t).q) < 1e-14);
      QVERIFY(maxAbs(at(two, t).qdd - at(quintic, t).qdd) < 1e-12);
    }
    // Given end velocities / accelerations.
    const VectorX v0 = randomVectorX(rng, n, 1), a0 = randomVectorX(rng, n, 1), v1 = randomVectorX(rng, n, 1),
                  a1 = randomVectorX(rng, n, 1);
    const ViaPointJointTrajectory given(pts, ts, v0, a0, v1, a1);
    QVERIFY(maxAbs(at(given, 0).qd - v0) < 1e-14 && maxAbs(at(given, 0).qdd - a0) < 1e-14);
    QVERIFY(maxAbs(at(given, 4.2).qd - v1) < 1e-14 && maxAbs(at(given, 4.2).qdd - a1) < 1e-14);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ViaPointJointTrajectory(pts, {0.0, 0.7, 0.7, 2.4, 3.0, 4.2}));
  }

  // ---- Fourier (Swevers 1997) ------------------------------------------------------------------------
  void fourierSeries() {
    std::mt19937 rng(7);
    const int n = 2, L = 3;
    const double wf = 2 * M_PI * 0.1;
    const VectorX q0 = randomVectorX(rng, n, 1);
    MatrixX a(n, L), b(n, L);
    for (int i = 0; i < n; ++i)
      for (int l = 0; l < L; ++l) a(i, l) = randomVectorX(rng, 1, 0.5)[0], b(i, l) = randomVectorX(rng, 1, 0.5)[0];
    const FourierJointTrajectory tr(q0, wf, a, b, 2);
    {  // A caller's empty reference is sized (regression: the GUI's initial pose sampled into one).
      JointReference empty;
      tr.sample(1.0, empty);
      QCOMPARE(int(empty.q.size()), n);
      QCOMPARE(int(empty.qd.size()), n);
      QCOMPARE(int(empty.qdd.size()), n);
    }
    QVERIFY(std::abs(tr.period() - 10) < 1e-12);
    QVERIFY(std::abs(tr.duration() - 20) < 1e-12);
    // Direct evaluation of the series at some times.
    for (double t : {0.0, 1.3, 7.77, 20.0}) {
      VectorX q = q0, qd = VectorX::Zero(n), qdd = VectorX::Zero(n);
      for (int l = 1; l <= L; ++l) {
        const double w = wf * l;
        q += a.col(l - 1) / w * std::sin(w * t) - b.col(l - 1) / w * std::cos(w * t);
        qd += a.col(l - 1) * std::cos(w * t) + b.col(l - 1) * std::sin(w * t);
        qdd += w * (-a.col(l - 1) * std::sin(w * t) + b.col(l - 1) * std::cos(w * t));
      }
      const JointReference r = at(tr, t);
      QVERIFY(maxAbs(r.q - q) < 1e-13 && maxAbs(r.qd - qd) < 1e-13 && maxAbs(r.qdd - qdd) < 1e-13);
    }
    // Ends: q(0) = q0 - sum b/(wf l), qd(0) = sum a, qdd(0) = wf sum l b; the same at the end (periodic).
    VectorX qStart = q0, qdStart = VectorX::Zero(n), qddStart = VectorX::Zero(n);
    for (int l = 1; l <= L; ++l) {
      qStart -= b.col(l - 1) / (wf * l);
      qdStart += a.col(l - 1);
      qddStart += wf * l * b.col(l - 1);
    }
    const JointReference r0 = at(tr, 0), r1 = at(tr, tr.duration());
    QVERIFY(maxAbs(r0.q - qStart) < 1e-14 && maxAbs(r0.qd - qdStart) < 1e-14 && maxAbs(r0.qdd - qddStart) < 1e-14);
    QVERIFY(maxAbs(r1.q - qStart) < 1e-13 && maxAbs(r1.qd - qdStart) < 1e-13 && maxAbs(r1.qdd - qddStart) < 1e-13);
    for (double t : {0.3, 4.1, 9.9}) {
      const JointReference x = at(tr, t), y = at(tr, t + tr.period());
      QVERIFY(maxAbs(x.q - y.q) < 1e-13 && maxAbs(x.qd - y.qd) < 1e-13 && maxAbs(x.qdd - y.qdd) < 1e-13);
    }
    // Outside: held at rest.
    QVERIFY(maxAbs(at(tr, 25).q - qStart) < 1e-14 && maxAbs(at(tr, 25).qd) == 0 && maxAbs(at(tr, -1).qdd) == 0);
    QVERIFY(finiteDifferenceError(tr, uniformTimes(0, 20, 41)) < 1e-8);
  }

  // ---- Cartesian line, UMIS thesis trajectory (Zanaboni 2009 Table 8.1, Table 10.1) ---------------------------
  void umisThesisLineTable101() {
    const RobotDescription d = umisKinematics();
    const Model model = buildModel(d);
    const auto geom = umisGeometry(d);
    QVERIFY(geom.has_value());
    const CartesianLineTrajectory line = umisThesisLine(model, geom);
    QVERIFY(line.closedFormIk());
    QCOMPARE(line.duration(), 4.0);
    QCOMPARE(line.intervals(), 1600);  // 1600 set-points at 2.5 ms (+ the t = 0 sample)
    QVERIFY(std::abs(line.samplePeriod() - 0.0025) < 1e-15);
    // Start and end joints: Table 10.1 (4 decimals). Measured: max |diff| 4.2e-5 (start), 4.5e-5 (end).
    const JointReference r0 = at(line, 0), r1 = at(line, 4);
    const double e0 = maxAbs(r0.q - umisThesisStartJoints()), e1 = maxAbs(r1.q - umisThesisEndJoints());
    QVERIFY2(e0 < 1e-4, qPrintable(QString("start %1").arg(e0)));
    QVERIFY2(e1 < 1e-4, qPrintable(QString("end %1").arg(e1)));
    QVERIFY(maxAbs(r0.qd) == 0 && maxAbs(r0.qdd) == 0 && maxAbs(r1.qd) == 0 && maxAbs(r1.qdd) == 0);
    // Cartesian reference: Table 8.1 ends, peak speed 1.875 * 0.2 / 4 = 0.09375 m/s at t = 2 s along -X.
    const CartesianReference c0 = *line.cartesian(0), c1 = *line.cartesian(4), cm = *line.cartesian(2);
    QVERIFY((poseVector(c0.pose) - umisThesisStartPose()).cwiseAbs().maxCoeff() < 1e-12);
    QVERIFY((poseVector(c1.pose) - umisThesisEndPose()).cwiseAbs().maxCoeff() < 1e-12);
    QVERIFY((cm.twist - (Vector6() << 0, 0, 0, -0.09375, 0, 0).finished()).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY(std::abs(cm.pose.p.x() - (-0.689)) < 1e-15);
    {  // The joint reference gives the same peak tool velocity: J qd at t = 2 s.
      Data data(model);
      const JointReference r = at(line, 2.0);
      forwardKinematics(model, data, r.q);
      computeJacobian(model, data, JacobianFrame::Base);
      const Vector6 twist = data.J * r.qd;
      QVERIFY2((twist - cm.twist).cwiseAbs().maxCoeff() < 1e-12, qPrintable(QString::number(twist[3], 'g', 17)));
    }
    // Joint reference consistent with the line on a 0.1 ms grid (25 points per 2.5 ms table interval, so
    // mostly between samples). Measured: position 1.1e-15 m, orientation 1.8e-15 rad, |J qd - twist|
    // 1.2e-12 m/s, |J qdd + Jdot qd - a| 1.5e-9; the tolerances leave margin for other compilers.
    const LineCheck chk = checkLine(model, line, 1e-4);
    qInfo("thesis line: start/end joint error %.2e / %.2e rad; FK-to-line %.2e m, orientation %.2e rad, "
          "|J qd - twist| %.2e, |J qdd + Jdot qd - a| %.2e, min singular value %.4f",
          e0, e1, chk.position, chk.orientation, chk.velocity, chk.acceleration, line.minSingularValue());
    QVERIFY2(chk.position < 1e-9, qPrintable(QString::number(chk.position)));
    QVERIFY2(chk.orientation < 1e-9, qPrintable(QString::number(chk.orientation)));
    QVERIFY2(chk.velocity < 1e-9, qPrintable(QString::number(chk.velocity)));
    QVERIFY2(chk.acceleration < 1e-8, qPrintable(QString::number(chk.acceleration)));
    // The joint reference's own derivatives (interpolated table) against finite differences.
    QVERIFY(finiteDifferenceError(line, uniformTimes(0, 4, 97)) < 1e-7);
    // Away from singularities along the whole line.
    QVERIFY(line.minSingularValue() > 0.05);
    // Numeric IK (no geometry) gives the same table.
    const CartesianLineTrajectory dls = umisThesisLine(model, std::nullopt);
    QVERIFY(!dls.closedFormIk());
    QVERIFY((dls.jointTable() - line.jointTable()).cwiseAbs().maxCoeff() < 1e-8);
    QVERIFY((dls.velocityTable() - line.velocityTable()).cwiseAbs().maxCoeff() < 1e-8);
  }

  void cartesianLineGenericRobotDls() {
    std::mt19937 rng(21);
    RandomChainOptions o;
    o.prismaticFraction = 0;
    o.actuators = false;
    const Model model = randomChain(rng, o);
    Data data(model);
    // A start configuration away from singularities (smallest singular value of J > 0.05).
    VectorX qs;
    for (int attempt = 0; attempt < 100; ++attempt) {
      qs = randomVectorX(rng, 6, 1.0);
      forwardKinematics(model, data, qs);
      computeJacobian(model, data, JacobianFrame::Base);
      if (Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>>(Eigen::Matrix<double, 6, 6>(data.J)).singularValues()[5] > 0.05) break;
    }
    forwardKinematics(model, data, qs);
    const Transform start = data.oMtool;
    const Vector3 end = start.p + Vector3(0.03, -0.02, 0.04);
    CartesianLineOptions opt;
    opt.samplePeriod = 0.01;
    const CartesianLineTrajectory line(model, start, end, 1.5, qs, std::nullopt, opt);
    QCOMPARE(line.intervals(), 150);
    QVERIFY(maxAbs(at(line, 0).q - qs) < 1e-9);
    const LineCheck chk = checkLine(model, line, 1e-3);
    qInfo("generic 6R line (DLS IK): FK-to-line %.2e m, orientation %.2e rad, |J qd - twist| %.2e, "
          "|J qdd + Jdot qd - a| %.2e, min singular value %.4f",
          chk.position, chk.orientation, chk.velocity, chk.acceleration, line.minSingularValue());
    // 10 ms samples, checked every 1 ms (quintic Hermite between samples). Measured: see the QINFO line.
    QVERIFY2(chk.position < 1e-9, qPrintable(QString::number(chk.position)));
    QVERIFY2(chk.orientation < 1e-9, qPrintable(QString::number(chk.orientation)));
    QVERIFY2(chk.velocity < 1e-8, qPrintable(QString::number(chk.velocity)));
    QVERIFY2(chk.acceleration < 1e-6, qPrintable(QString::number(chk.acceleration)));
    QVERIFY(finiteDifferenceError(line, uniformTimes(0, 1.5, 31)) < 1e-6);
  }

  void cartesianLineSingularThrows() {
    // UMIS at theta5 = 0 (wrist singular, umis.md §6.4): J is singular at t = 0.
    const Model model = buildModel(umisKinematics());
    Data data(model);
    VectorX q(6);
    q << 0.3, 1.0, -0.5, 0.4, 0.0, 0.2;
    forwardKinematics(model, data, q);
    bool threw = false;
    try {
      CartesianLineTrajectory line(model, data.oMtool, data.oMtool.p + Vector3(0.05, 0, 0), 1.0, q);
    } catch (const std::runtime_error& e) {
      threw = true;
      QVERIFY2(QString(e.what()).startsWith("the straight line meets a singular Jacobian at t = 0.0000 s"), e.what());
    }
    QVERIFY(threw);
    // Out of reach with the closed form (away from the wrist singularity): named time as well.
    q[4] = 0.5;
    forwardKinematics(model, data, q);
    threw = false;
    try {
      CartesianLineTrajectory line(model, data.oMtool, Vector3(3, 0, 0), 1.0, q, *umisGeometry(umisKinematics()));
    } catch (const std::runtime_error& e) {
      threw = true;
      QVERIFY2(QString(e.what()).startsWith("the straight line leaves the reach of the robot at t = "), e.what());
    }
    QVERIFY(threw);
  }

  // ---- Bounded deviation (Taylor 1979; umis.md §8) -----------------------------------------------------
  void boundedDeviationCounts() {
    const RobotDescription d = umisKinematics();
    const Model model = buildModel(d);
    const UmisGeometry geom = *umisGeometry(d);
    Data data(model);
    auto fk = [&](const VectorX& q) -> Vector3 {
      forwardKinematics(model, data, q);
      return data.oMtool.p;
    };
    const VectorX qRef = umisThesisStartJoints();
    auto ik = [&](const Vector6& P) -> VectorX {
      const auto s = nearestSolution(umisInverseKinematics(geom, poseFromVector(P)), qRef);
      if (!s) throw std::runtime_error("unreachable");
      return s->q;
    };
    const Vector6 P0 = umisThesisStartPose(), P1 = umisThesisEndPose();
    struct Case { double eps; int count; };
    for (const Case c : {Case{1e-4, 15}, Case{1e-3, 4}, Case{1e-5, 61}}) {
      const BoundedDeviationResult r = boundedDeviationPoints(fk, ik, P0, P1, c.eps);
      QVERIFY2(r.intermediateCount() == c.count,
               qPrintable(QString("eps %1: %2 intermediate points, expected %3").arg(c.eps).arg(r.intermediateCount()).arg(c.count)));
      QCOMPARE(r.joints.size(), r.poses.size());
      QVERIFY(r.poses.front() == P0 && r.poses.back() == P1);
      for (std::size_t k = 0; k + 1 < r.poses.size(); ++k) {
        QVERIFY(r.poses[k + 1][3] < r.poses[k][3]);  // ordered along -X
        // Every kept segment satisfies the criterion; the knots lie on the line.
        const Vector3 dev = (fk(0.5 * (r.joints[k] + r.joints[k + 1])) - 0.5 * (r.poses[k] + r.poses[k + 1]).tail<3>()).cwiseAbs();
        QVERIFY((dev.array() < c.eps).all());
        QVERIFY((fk(r.joints[k]) - r.poses[k].tail<3>()).norm() < 1e-12);
      }
    }
    // A tolerance larger than the whole segment's deviation keeps the two ends only.
    QCOMPARE(boundedDeviationPoints(fk, ik, P0, P1, 1.0).intermediateCount(), 0);
  }

  // ---- Real-time path -------------------------------------------------------------------------------------
  void sampleDoesNotAllocate() {
#ifndef MANIPLAB_COUNT_MALLOC
    QSKIP("malloc counting needs glibc");
#else
    const Model model = buildModel(umisKinematics());
    const CartesianLineTrajectory line = umisThesisLine(model, UmisGeometry{});
    std::mt19937 rng(3);
    const VectorX q0 = randomVectorX(rng, 6, 1), q1 = randomVectorX(rng, 6, 1);
    const QuinticJointTrajectory quintic(q0, q1, 2);
    const TrapezoidalJointTrajectory trap(q0, q1, VectorX::Ones(6), VectorX::Ones(6));
    const ViaPointJointTrajectory via({q0, q1, q0}, {0, 1, 2});
    const FourierJointTrajectory fourier(q0, 1.0, MatrixX::Ones(6, 2), MatrixX::Ones(6, 2));
    const Trajectory* all[] = {&line, &quintic, &trap, &via, &fourier};
    JointReference r = makeRef(6);
    // Sanity: the counter sees allocations.
    g_mallocs = 0;
    g_countMallocs = true;
    VectorX* probe = new VectorX(100);
    g_countMallocs = false;
    delete probe;
    QVERIFY(g_mallocs.load() >= 1);
    g_mallocs = 0;
    g_countMallocs = true;
    double sum = 0;
    for (const Trajectory* tr : all)
      for (int k = -5; k < 2000; ++k) {
        tr->sample(k * 0.0013, r);
        sum += r.q[0];
        const auto c = tr->cartesian(k * 0.0013);
        if (c) sum += c->pose.p.x();
      }
    g_countMallocs = false;
    QVERIFY(std::isfinite(sum));
    QCOMPARE(g_mallocs.load(), 0L);
#endif
  }

  void describeIsOneLine() {
    const QuinticJointTrajectory q(VectorX::Zero(2), VectorX::Ones(2), 1);
    QVERIFY(!q.describe().empty() && q.describe().find('\n') == std::string::npos);
    const Model model = buildModel(umisKinematics());
    const std::string s = umisThesisLine(model).describe();
    QVERIFY2(s.find("closed-form UMIS") != std::string::npos && s.find("1601 samples") != std::string::npos, s.c_str());
  }
};

QTEST_APPLESS_MAIN(Trajectories)
#include "test_trajectories.moc"
