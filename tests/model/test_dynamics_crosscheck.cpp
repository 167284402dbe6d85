// Cross-checks of the dynamics core on random chains (n up to 30, mixed R/P, both rotor models).
#include <QTest>

#include "maniplab/model/dual.hpp"
#include "support/crosscheck.hpp"
#include "support/test_main.hpp"

namespace test_dynamics_crosscheck {

using namespace maniplab;
using namespace maniplab::testing;

class DynamicsCrossCheck : public QObject {
  Q_OBJECT
 private slots:
  void randomChains_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("prismatic");
    QTest::addColumn<bool>("fullRotor");
    QTest::addColumn<bool>("actuators");
    for (int n : {1, 2, 3, 6, 7, 12, 30})
      for (bool full : {false, true}) {
        QTest::addRow("n=%d %s", n, full ? "full rotor" : "armature") << n << 0.3 << full << true;
      }
    QTest::addRow("n=6 revolute only, rigid") << 6 << 0.0 << false << false;
    QTest::addRow("n=6 prismatic only") << 6 << 1.0 << true << true;
  }
  void randomChains() {
    QFETCH(int, n);
    QFETCH(double, prismatic);
    QFETCH(bool, fullRotor);
    QFETCH(bool, actuators);
    std::mt19937 rng(1234u + unsigned(n) * 7u + (fullRotor ? 1u : 0u));
    for (int c = 0; c < 3; ++c) {
      RandomChainOptions o;
      o.n = n;
      o.prismaticFraction = prismatic;
      o.actuators = actuators;
      o.rotor = fullRotor ? RotorModel::Full : RotorModel::Armature;
      const Model m = randomChain(rng, o);
      crossCheck(m, rng, n >= 30 ? 2 : 4, QString("chain %1 n=%2").arg(c).arg(n));
    }
  }

  // The full rotor model really differs from the armature model (the check above could otherwise
  // pass with both implemented identically), and the difference is exactly the rotor coupling
  // alpha_k j_mk (eps_{k-1} . z_i) of Llibre, Mampey & Chrétien 1983 §III.
  void fullRotorCouplingTerm() {
    std::mt19937 rng(99);
    RandomChainOptions o;
    o.n = 4;
    o.prismaticFraction = 0.0;
    const Model full = randomChain(rng, o);
    Model arm = full;
    arm.rotorModel = RotorModel::Armature;
    Data df(full), da(arm);
    const VectorX q = randomVectorX(rng, 4, 1.0);
    const MatrixX D = crba(full, df, q) - crba(arm, da, q);
    forwardKinematics(full, df, q);
    for (int k = 1; k < 4; ++k)
      for (int i = 0; i < k; ++i) {
        const auto& a = full.actuator[std::size_t(k)];
        const Vector3 eps = df.oMi[std::size_t(k - 1)].R * a.rotorAxis;  // world
        const Vector3 zi = df.oMi[std::size_t(i)].R.col(2);
        QVERIFY(std::abs(D(i, k) - a.gear * a.rotorInertia * eps.dot(zi)) < 1e-14);
        QVERIFY(std::abs(D(i, k)) > 1e-8);
      }
    for (int k = 0; k < 4; ++k) QVERIFY(std::abs(D(k, k)) < 1e-14);
  }

  // dM/dq from the analytic formulas (coriolis_christoffel.hpp) equals the derivative of CRBA computed on
  // forward-mode dual numbers (an independent, exact differentiation of another code path), to rounding,
  // in both rotor models and with prismatic joints; and dM/dq_1 = 0 (M does not depend on q_1).
  void massMatrixDerivativesMatchDualNumbers() {
    for (bool full : {false, true})
      for (int n : {1, 2, 5, 9}) {
        std::mt19937 rng(500u + unsigned(n) + (full ? 100u : 0u));
        RandomChainOptions o;
        o.n = n;
        o.prismaticFraction = 0.3;
        o.rotor = full ? RotorModel::Full : RotorModel::Armature;
        const Model m = randomChain(rng, o);
        Data d(m);
        const VectorX q = randomVectorX(rng, n, 2.0);
        massMatrixDerivatives(m, d, q);
        const ModelTpl<Dual> dm = m.cast<Dual>();
        DataTpl<Dual> dd(dm);
        VectorXT<Dual> dq(n);
        for (int i = 0; i < n; ++i) dq[i] = Dual(q[i]);
        double scale = 1, err = 0;
        for (int k = 0; k < n; ++k) {
          dq[k].d = 1;
          crba(dm, dd, dq);
          dq[k].d = 0;
          for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
              err = std::max(err, std::abs(dd.M(r, c).d - d.dM[std::size_t(k)](r, c)));
              scale = std::max(scale, std::abs(dd.M(r, c).d));
            }
        }
        QVERIFY2(err <= 1e-13 * scale, qPrintable(QString("n=%1 %2: |analytic - dual| = %3 (scale %4)")
                                                      .arg(n).arg(full ? "full rotor" : "armature").arg(err).arg(scale)));
        QCOMPARE(d.dM[0].cwiseAbs().maxCoeff(), 0.0);
        if (n > 2) QVERIFY(d.dM[std::size_t(n - 1)].cwiseAbs().maxCoeff() > 1e-6);  // not trivially zero
      }
  }

  // Conservation without gravity, friction and torque: qd^T M qd and momenta need a free base, but
  // the joint-space power identity must hold with zero input: dT/dt = 0.
  void zeroTorqueNoGravityConservesKineticEnergy() {
    std::mt19937 rng(7);
    RandomChainOptions o;
    o.n = 5;
    Model m = randomChain(rng, o);
    m.gravity.setZero();
    Data d(m);
    const VectorX q = randomVectorX(rng, 5, 1.0), qd = randomVectorX(rng, 5, 1.0);
    RneaOptions opt;
    opt.friction = false;
    QCOMPARE(forwardDynamicsCholesky(m, d, q, qd, VectorX(VectorX::Zero(5)), opt), -1);
    const VectorX qdd = d.qdd;
    const MatrixX M = crba(m, d, q);
    const MatrixX C = coriolisMatrix(m, d, q, qd);
    // dT/dt = qd^T M qdd + 1/2 qd^T Mdot qd = qd^T (M qdd + C qd) = qd^T tau = 0 (uses skew-symmetry).
    QVERIFY(std::abs(qd.dot(M * qdd + C * qd)) < 1e-10);
  }
};

MANIPLAB_TEST_APPLESS_MAIN(DynamicsCrossCheck)
#include "test_dynamics_crosscheck.moc"  // (in the namespace, as the class)

}  // namespace test_dynamics_crosscheck
