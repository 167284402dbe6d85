// Controllers and gain design: PID filter/anti-windup/saturation, computed torque = one NE call,
// model perturbation, gain formulas of Zanaboni 2009 (7.9–7.17).
#include <QTest>

#include "maniplab/model/crba.hpp"
#include "maniplab/model/newton_euler_extraction.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/control/gain_design.hpp"
#include "maniplab/sim/control/model_controllers.hpp"
#include "maniplab/sim/control/pid_controller.hpp"
#include "support/test_main.hpp"

namespace test_controllers {

using namespace maniplab;
using namespace maniplab::sim;

namespace {
Model puma() {
  const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
  if (!r.ok()) qFatal("%s", r.report().c_str());
  return r.model;
}

PidGains pidGains(double kp, double ki, double kd, double umax, AntiWindup aw) {
  PidGains g;
  g.kp = VectorX::Constant(1, kp);
  g.ki = VectorX::Constant(1, ki);
  g.kd = VectorX::Constant(1, kd);
  g.derivativeFilter = VectorX::Constant(1, 0.0);
  g.saturation = VectorX::Constant(1, umax);
  g.trackingTime = VectorX::Constant(1, 0.1);
  g.antiWindup = aw;
  return g;
}
}  // namespace

class Controllers : public QObject {
  Q_OBJECT
 private slots:
  void gainDesign() {
    const PdGains g = gainsFromResponseTime(0.2);
    QVERIFY(std::abs(g.kp - 559.32) < 0.005);  // Zanaboni 2009 eqs 9.3–9.5
    QVERIFY(std::abs(g.kv - 47.30) < 0.005);
    const double x = responseTimeConstant();
    QVERIFY(std::abs((1 + x) * std::exp(-x) - 0.05) < 1e-14);
    QVERIFY(std::abs(x - 4.7439) < 1e-4);
    const PdGains w = gainsFromNaturalFrequency(10, 0.7);
    QCOMPARE(w.kp, 100.0);
    QCOMPARE(w.kv, 14.0);
  }

  void pidProportionalDerivativeOnMeasurement() {
    PidController pid("p", pidGains(10, 0, 2, 1e9, AntiWindup::None));
    pid.reset(1);
    VectorX q(1), tau(1);
    JointReference ref{VectorX::Constant(1, 1.0), VectorX::Zero(1), VectorX::Zero(1)};
    q << 0.0;
    ControlInput in{0, &q, &q, &ref, 0.01};
    pid.compute(in, tau);
    QCOMPARE(tau[0], 10.0);  // Kp e, no derivative kick on the first sample
    q << 0.1;                // the measurement moves: D = -Kd dq / T = -2 * 0.1 / 0.01 = -20
    pid.compute(in, tau);
    QVERIFY(std::abs(tau[0] - (10 * 0.9 - 20)) < 1e-12);
    // A set-point step does not kick the derivative (derivative on the measurement).
    ref.q << 2.0;
    pid.compute(in, tau);
    QVERIFY(std::abs(tau[0] - 10 * 1.9) < 1e-12);
  }

  void pidDerivativeFilter() {
    PidGains g = pidGains(0, 0, 1, 1e9, AntiWindup::None);
    g.derivativeFilter << 0.01;
    PidController pid("f", g);
    pid.reset(1);
    VectorX q(1), tau(1);
    JointReference ref{VectorX::Zero(1), VectorX::Zero(1), VectorX::Zero(1)};
    q << 0;
    ControlInput in{0, &q, &q, &ref, 0.01};
    pid.compute(in, tau);
    q << 0.01;  // ramp of 1 rad/s: unfiltered D would be -1 at once; filtered D_k = (Tf D + -Kd dq)/(Tf + T)
    pid.compute(in, tau);
    QVERIFY(std::abs(tau[0] - (-0.01 / 0.02)) < 1e-12);
    double prev = tau[0];
    for (int k = 2; k < 50; ++k) {
      q << 0.01 * k;
      pid.compute(in, tau);
      QVERIFY(tau[0] <= prev + 1e-15);  // converges monotonically to -1
      prev = tau[0];
    }
    QVERIFY(std::abs(prev + 1) < 1e-9);
  }

  // Saturated output with a constant error: without anti-windup the integral keeps growing; clamping
  // freezes it; back-calculation bleeds it towards the saturation level.
  void pidAntiWindup() {
    auto integralAfter = [](AntiWindup aw) {
      PidController pid("w", pidGains(1, 10, 0, 2.0, aw));
      pid.reset(1);
      VectorX q = VectorX::Zero(1), tau(1);
      JointReference ref{VectorX::Constant(1, 1.0), VectorX::Zero(1), VectorX::Zero(1)};
      ControlInput in{0, &q, &q, &ref, 0.01};
      for (int k = 0; k < 1000; ++k) pid.compute(in, tau);
      if (tau[0] != 2.0) qFatal("output not saturated");
      // Reverse the error: how long until the output leaves saturation?
      ref.q << -1.0;
      int steps = 0;
      for (; steps < 100000; ++steps) {
        pid.compute(in, tau);
        if (tau[0] < 2.0) break;
      }
      return steps;
    };
    const int none = integralAfter(AntiWindup::None);
    const int clamp = integralAfter(AntiWindup::Clamping);
    const int back = integralAfter(AntiWindup::BackCalculation);
    qInfo("steps to leave saturation: none %d, clamping %d, back-calculation %d", none, clamp, back);
    QVERIFY(none > 900);       // the integral wound up to ~100 while the output was stuck at 2
    QVERIFY(clamp < 20);
    QVERIFY(back < 20);
  }

  // Computed torque = M(q)(qdd_d + Kv e' + Kp e) + V + G (+ friction), checked against the separately
  // computed M, V, G of the controller's model.
  void computedTorqueLaw() {
    const Model m = puma();
    ComputedTorqueController ct("ct", m, VectorX::Constant(6, 100), VectorX::Constant(6, 20), FrictionCompensation::None);
    Data d(m);
    VectorX q(6), qd(6), tau(6);
    q << 0.1, -0.2, 0.3, 0.4, -0.5, 0.6;
    qd << 0.3, 0.2, -0.1, 0.5, 0.4, -0.6;
    JointReference ref{q + VectorX::Constant(6, 0.01), qd + VectorX::Constant(6, -0.02), VectorX::Constant(6, 0.5)};
    ControlInput in{0, &q, &qd, &ref, 0.0025};
    ct.compute(in, tau);
    const MatrixX M = crba(m, d, q);
    const VectorX s = nonLinearEffects(m, d, q, qd, true);
    const VectorX v = ref.qdd + 20 * (ref.qd - qd) + 100 * (ref.q - q);
    QVERIFY((tau - (M * v + s)).cwiseAbs().maxCoeff() < 1e-10);
    // Coulomb-only compensation adds c sign(qd).
    ComputedTorqueController cc("cc", m, VectorX::Constant(6, 100), VectorX::Constant(6, 20), FrictionCompensation::CoulombOnly);
    VectorX tauC(6);
    cc.compute(in, tauC);
    for (int i = 0; i < 6; ++i) {
      const auto& a = m.actuator[std::size_t(i)];
      QVERIFY(std::abs(tauC[i] - tau[i] - (qd[i] > 0 ? a.coulombPos : -a.coulombNeg)) < 1e-10);
    }
  }

  void perturbationIsSeededAndBounded() {
    const Model m = puma();
    const Model a = perturbedModel(m, 10, 42), b = perturbedModel(m, 10, 42), c = perturbedModel(m, 10, 43);
    bool differs = false;
    for (int i = 0; i < 6; ++i) {
      const auto k = std::size_t(i);
      QCOMPARE(a.body[k].mass, b.body[k].mass);
      differs |= a.body[k].mass != c.body[k].mass;
      if (m.body[k].mass > 0) {
        const double f = a.body[k].mass / m.body[k].mass;
        QVERIFY(f >= 0.9 && f <= 1.1);
        QVERIFY((a.body[k].inertia - f * m.body[k].inertia).norm() < 1e-14);
      }
      QCOMPARE(a.body[k].com, m.body[k].com);
    }
    QVERIFY(differs);
    QCOMPARE(perturbedModel(m, 0, 1).body[1].mass, m.body[1].mass);
  }
};

MANIPLAB_TEST_APPLESS_MAIN(Controllers)
#include "test_controllers.moc"  // (in the namespace, as the class)

}  // namespace test_controllers
