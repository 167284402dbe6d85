// The pre-run limit check of a desired trajectory (sim/trajectories/limit_check.hpp): an overshoot that
// falls between the grid samples is found with its true peak, time and joint (against a brute-force
// scan at 1 µs written here); velocity and acceleration peaks of a quintic against their closed forms
// (1.875 D/T at T/2, 10/sqrt(3) D/T^2 at T (1/2 - sqrt(3)/6)); the effort of a vertical prismatic
// joint against m (qdd + g); the shipped default scene's former spline (it overshot the elbow's 45°
// limit) reported with time and joint before any run; and every shipped serial scene passes the check.
#include <QDir>
#include <QFile>
#include <QTest>
#include <cmath>
#include <functional>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/orthoglide/trajectory.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/sim/trajectories/limit_check.hpp"
#include "maniplab/sim/trajectories/quintic.hpp"
#include "maniplab/sim/trajectories/quintic_spline.hpp"
#include "support/test_main.hpp"

namespace test_trajectory_limits {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

VectorX vec(std::initializer_list<double> v) {
  VectorX x(Eigen::Index(v.size()));
  Eigen::Index i = 0;
  for (double d : v) x[i++] = d;
  return x;
}

/// A one-joint chain (no mass unless given) with the given limits.
Model oneJoint(JointType type, const JointLimits& lim, double mass = 0) {
  Model m;
  BodyT<double> b;
  b.mass = mass;
  m.addJoint(type, Transform(), b);
  m.limits[0] = lim;
  m.gravity = Vector3(0, 0, -9.81);
  return m;
}

/// Brute force: the maximum of f over [a, b] on a 1 µs grid, and where it is.
std::pair<double, double> bruteMax(const std::function<double(double)>& f, double a, double b) {
  double bestT = a, best = f(a);
  const long n = long(std::ceil((b - a) / 1e-6));
  for (long k = 1; k <= n; ++k) {
    const double t = std::min(b, a + double(k) * 1e-6);
    if (const double v = f(t); v > best) best = v, bestT = t;
  }
  return {bestT, best};
}

/// Brute force: the first time in [a, b] (1 µs grid) where pred holds.
double bruteFirst(const std::function<bool(double)>& pred, double a, double b, double step) {
  for (double t = a; step > 0 ? t <= b : t >= b; t += step)
    if (pred(t)) return t;
  return NAN;
}

}  // namespace

class TrajectoryLimits : public QObject {
  Q_OBJECT
 private slots:
  // The grid (0.25 s here) sees no sample beyond the bound; the refinement finds the peak between them.
  void overshootBetweenSamples() {
    const ViaPointJointTrajectory traj({vec({0}), vec({1}), vec({0.2})}, {0, 1, 2});
    JointReference r{VectorX(1), VectorX(1), VectorX(1)};
    auto q = [&](double t) {
      traj.sample(t, r);
      return r.q[0];
    };
    const auto [tPeak, peak] = bruteMax(q, 0, 2);
    QVERIFY(peak > 1.0);  // the spline overshoots its via point
    JointLimits lim;
    lim.upper = peak - 1e-3;
    LimitCheckOptions opt;
    opt.step = 0.25;
    for (int k = 0; k <= 8; ++k) QVERIFY2(q(0.25 * k) < lim.upper, "precondition: no grid sample beyond the bound");

    const LimitReport rep = checkTrajectoryLimits(oneJoint(JointType::Revolute, lim), traj, opt);
    QCOMPARE(int(rep.violations.size()), 1);
    const LimitViolation& v = rep.violations[0];
    QCOMPARE(v.joint, 0);
    QVERIFY(v.quantity == LimitQuantity::Position && v.upper);
    QCOMPARE(v.bound, lim.upper);
    QVERIFY2(std::abs(v.peakValue - peak) < 1e-9, qPrintable(QString::number(v.peakValue - peak)));
    QVERIFY(std::abs(v.peakTime - tPeak) < 1e-5);
    QVERIFY(std::abs(v.excess() - 1e-3) < 1e-9);
    // Entry and exit: the brute-force crossings (1 µs).
    const double first = bruteFirst([&](double t) { return q(t) > lim.upper; }, 0, 2, 1e-6);
    const double last = bruteFirst([&](double t) { return q(t) > lim.upper; }, 2, 0, -1e-6);
    QVERIFY2(std::abs(v.firstTime - first) < 2e-6, qPrintable(QString::number(v.firstTime - first)));
    QVERIFY2(std::abs(v.lastTime - last) < 2e-6, qPrintable(QString::number(v.lastTime - last)));
    QVERIFY(v.firstTime < v.peakTime && v.peakTime < v.lastTime);
    QCOMPARE(rep.samples, 9);

    // The text names time, joint, bound and excess.
    const std::string s = describeViolation(oneJoint(JointType::Revolute, lim), v);
    QVERIFY2(s.find("joint 1 passes its upper position limit") != std::string::npos, s.c_str());
    QVERIFY2(s.rfind("t = ", 0) == 0, s.c_str());
    QVERIFY2(s.find(" by 0.001 rad") != std::string::npos, s.c_str());
  }

  void lowerBoundToo() {
    const ViaPointJointTrajectory traj({vec({0}), vec({-1}), vec({-0.2})}, {0, 1, 2});
    JointLimits lim;
    lim.lower = -1.0;
    const LimitReport rep = checkTrajectoryLimits(oneJoint(JointType::Revolute, lim), traj);
    QCOMPARE(int(rep.violations.size()), 1);
    QVERIFY(!rep.violations[0].upper);
    QVERIFY(rep.violations[0].peakValue < -1.0);
    QVERIFY(rep.violations[0].excess() > 0);
  }

  // Quintic rest to rest, D = 1 rad in T = 2 s: peak velocity 1.875 D/T at T/2, peak acceleration
  // 10/sqrt(3) D/T^2 at T (1/2 -+ sqrt(3)/6) (positive, then negative).
  void velocityAndAccelerationOfAQuintic() {
    const double D = 1.0, T = 2.0;
    const QuinticJointTrajectory traj(vec({0}), vec({D}), T);
    JointLimits lim;
    lim.velocity = 0.9;            // < 0.9375
    lim.acceleration = 1.4;        // < 1.4434
    lim.upper = D;                 // reached exactly at the end: not a violation
    const LimitReport rep = checkTrajectoryLimits(oneJoint(JointType::Revolute, lim), traj);
    const double vmax = 1.875 * D / T, amax = 10 / std::sqrt(3.0) * D / (T * T);
    const double ta = T * (0.5 - std::sqrt(3.0) / 6);
    int nv = 0, na = 0;
    for (const auto& v : rep.violations) {
      QVERIFY2(v.quantity != LimitQuantity::Position, describeViolation(oneJoint(JointType::Revolute, lim), v).c_str());
      if (v.quantity == LimitQuantity::Velocity) {
        ++nv;
        QVERIFY(v.upper);
        QVERIFY(std::abs(v.peakValue - vmax) < 1e-10);
        QVERIFY(std::abs(v.peakTime - T / 2) < 1e-5);
        QVERIFY(std::abs(v.excess() - (vmax - 0.9)) < 1e-10);
      } else if (v.quantity == LimitQuantity::Acceleration) {
        ++na;
        QVERIFY(std::abs(std::abs(v.peakValue) - amax) < 1e-10);
        QVERIFY(std::abs(v.peakTime - (v.upper ? ta : T - ta)) < 1e-5);
        QCOMPARE(v.bound, v.upper ? 1.4 : -1.4);
      }
    }
    QCOMPARE(nv, 1);
    QCOMPARE(na, 2);
    // Ordered by time: the positive acceleration peak first.
    QVERIFY(rep.violations.front().quantity == LimitQuantity::Acceleration && rep.violations.front().upper);
    for (std::size_t k = 1; k < rep.violations.size(); ++k)
      QVERIFY(rep.violations[k - 1].firstTime <= rep.violations[k].firstTime);
  }

  // A vertical prismatic joint lifting m: tau = m (qdd + g), peak at the acceleration peak.
  void effortByInverseDynamics() {
    const double m = 3.0, D = 0.2, T = 0.5, g = 9.81;
    const QuinticJointTrajectory traj(vec({0}), vec({D}), T);
    const double tauMax = m * (10 / std::sqrt(3.0) * D / (T * T) + g);
    JointLimits lim;
    lim.effort = tauMax - 0.5;
    const Model model = oneJoint(JointType::Prismatic, lim, m);
    const LimitReport rep = checkTrajectoryLimits(model, traj);
    QCOMPARE(int(rep.violations.size()), 1);
    const auto& v = rep.violations[0];
    QVERIFY(v.quantity == LimitQuantity::Effort && v.upper);
    QVERIFY2(std::abs(v.peakValue - tauMax) < 1e-8, qPrintable(QString::number(v.peakValue - tauMax)));
    QVERIFY(std::abs(v.peakTime - T * (0.5 - std::sqrt(3.0) / 6)) < 1e-5);
    QVERIFY(describeViolation(model, v).find("N") != std::string::npos);
    // Effort not checked when asked so, nor without a finite limit.
    LimitCheckOptions opt;
    opt.effort = false;
    QVERIFY(checkTrajectoryLimits(model, traj, opt).ok());
    QVERIFY(checkTrajectoryLimits(oneJoint(JointType::Prismatic, JointLimits{}, m), traj).ok());
  }

  void badArguments() {
    const QuinticJointTrajectory traj(vec({0, 0}), vec({1, 1}), 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, checkTrajectoryLimits(oneJoint(JointType::Revolute, {}), traj));
    LimitCheckOptions opt;
    opt.step = 0;
    const QuinticJointTrajectory one(vec({0}), vec({1}), 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, checkTrajectoryLimits(oneJoint(JointType::Revolute, {}), one, opt));
  }

  // The default scene's former trajectory (issue 19: "joint 3 (elbow) passed its upper limit
  // (q = 0.7855)" during the run): the check names the elbow and the time, from the trajectory alone.
  void formerDefaultSceneIsReportedBeforeTheRun() {
    const RobotLoadResult robot = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
    QVERIFY2(robot.ok(), robot.report().c_str());
    const ViaPointJointTrajectory traj({vec({0, 0, 0, 0, 0, 0}), vec({0.6, -0.5, 0.7, 0.3, -0.6, 0.5}),
                                        vec({-0.5, -0.3, 0.4, -0.4, 0.5, -0.5}), vec({0, 0, 0, 0, 0, 0})},
                                       {0, 1.5, 3.0, 4.0});
    const LimitReport rep = checkTrajectoryLimits(robot.model, traj);
    QVERIFY(!rep.ok());
    const LimitViolation* elbow = nullptr;
    for (const auto& v : rep.violations)
      if (v.joint == 2 && v.quantity == LimitQuantity::Position && v.upper) elbow = &v;
    QVERIFY2(elbow, limitReportText(robot.model, rep).c_str());
    QCOMPARE(elbow->bound, 45 * M_PI / 180);
    QVERIFY(elbow->peakValue > elbow->bound);
    // Past the 1.5 s via point (0.7 rad) the spline keeps rising on its way to the next (0.4 rad at 3 s).
    QVERIFY(elbow->firstTime > 1.5 && elbow->peakTime > elbow->firstTime && elbow->lastTime < 3.0);
    QVERIFY(elbow->peakValue > 0.86 && elbow->peakValue < 0.87);
    const std::string text = describeViolation(robot.model, *elbow);
    QVERIFY2(text.find("joint 3 (elbow) passes its upper position limit 0.7854 rad (45 deg)") != std::string::npos,
             text.c_str());
    qInfo("%s", limitReportText(robot.model, rep).c_str());
  }

  // Every shipped serial scene's trajectory respects its robot's limits (positions, velocities and the
  // torques the trajectory needs), unless its description says that the warning is the lesson.
  void shippedScenesPass_data() {
    QTest::addColumn<QString>("file");
    QStringList files = QDir(MANIPLAB_SOURCE_DIR "/scenes").entryList({"*.json"}, QDir::Files);
    files.removeIf([](const QString& f) {  // the serial scenes: the other kinds have their own checks
      QFile file(MANIPLAB_SOURCE_DIR "/scenes/" + f);
      if (!file.open(QIODevice::ReadOnly)) return true;
      const SceneKind* kind = sceneKindOf(readDocumentHeader(file.readAll().toStdString()));
      return !kind || kind->name() != "serial";
    });
    QVERIFY(files.contains("default.json"));
    for (const auto& f : files) QTest::newRow(qPrintable(f)) << f;
  }
  void shippedScenesPass() {
    QFETCH(QString, file);
    const SceneLoadResult r = loadSceneFile((MANIPLAB_SOURCE_DIR "/scenes/" + file).toStdString());
    QVERIFY2(r.ok(), r.report().c_str());
    const std::vector<Diagnostic> d = checkSceneLimits(r.scene);
    std::string all;
    for (const auto& x : d) {
      QCOMPARE(x.path, std::string("/trajectory"));
      QVERIFY(x.severity == Diagnostic::Severity::Warning);
      all += x.toString() + "\n";
    }
    const bool teaches = r.scene.description.find("limit") != std::string::npos &&
                         r.scene.description.find("warn") != std::string::npos;
    if (!teaches) QVERIFY2(d.empty(), all.c_str());
    else qInfo("%s (the scene teaches it):\n%s", qPrintable(file), all.c_str());
  }

  // The Orthoglide scenes (actuator positions and velocities over their strokes; the joint stand-in
  // has no dynamics, so no torque check) and the satellite scene (the arm's joints; the floating-base
  // dynamics are not the fixed-base inverse dynamics, so no torque check either).
  void orthoglideAndSatelliteScenesPass() {
    LimitCheckOptions kinematic;
    kinematic.effort = false;
    int checked = 0;
    for (const QString& f : QDir(MANIPLAB_SOURCE_DIR "/scenes").entryList({"orthoglide*.json"}, QDir::Files)) {
      const auto sl = loadOrthoglideSceneFile((MANIPLAB_SOURCE_DIR "/scenes/" + f).toStdString());
      QVERIFY2(sl.ok(), sl.report().c_str());
      const Model joints = orthoglideJointModel(sl.scene.robot.model);
      const auto traj = makeOrthoglideTrajectory(sl.scene);
      const LimitReport rep = checkTrajectoryLimits(joints, *traj, kinematic);
      QVERIFY2(rep.ok(), (f.toStdString() + ":\n" + limitReportText(joints, rep)).c_str());
      ++checked;
    }
    const auto sat = loadSatelliteScene(MANIPLAB_SOURCE_DIR "/scenes/satellite_arm.json");
    QVERIFY2(sat.ok(), sat.report().c_str());
    const QuinticJointTrajectory traj(sat.scene.q0, sat.scene.q1, sat.scene.motionDuration);
    const LimitReport rep = checkTrajectoryLimits(sat.scene.model.arm, traj, kinematic);
    QVERIFY2(rep.ok(), limitReportText(sat.scene.model.arm, rep).c_str());
    QVERIFY(checked >= 2);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TrajectoryLimits)
#include "test_trajectory_limits.moc"  // (in the namespace, as the class)

}  // namespace test_trajectory_limits
