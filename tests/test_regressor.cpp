// Standard parameters and the two regressors of seed 002 against the dynamics core: tau = Y pi against
// rnea() and H = h pi against energyMomentum() to 1e-10 on random chains (revolute and prismatic joints,
// armature rotors, friction) and on every shipped robot (armature model); the conversion
// (mass, com, I_G) <-> standard parameters round-trips; the energy regressor's time derivative is the
// power of the non-friction torques (finite differences), an independent check of h.
#include <QTest>

#include "maniplab/model/data.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/energy_regressor.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "support/ident_robots.hpp"

using namespace maniplab;
using namespace maniplab::testing;

namespace {

void checkModel(const Model& model, std::mt19937& rng, int states, const char* label) {
  const StandardParameters sp = standardParameters(model);
  Data data(model);
  MatrixX Y;
  VectorX h;
  const int n = model.nq;
  for (int s = 0; s < states; ++s) {
    const VectorX q = randomVectorX(rng, n, 2.0), qd = randomVectorX(rng, n, 2.0), qdd = randomVectorX(rng, n, 3.0);
    const VectorX tau = rnea(model, data, q, qd, qdd);
    inverseDynamicsRegressor(model, q, qd, qdd, Y);
    const VectorX tauY = Y * sp.values;
    QVERIFY2(relErr(tauY, tau) < 1e-10, qPrintable(QString("%1: regressor error %2").arg(label).arg(relErr(tauY, tau))));
    // Without gravity and friction.
    RneaOptions ro;
    ro.gravity = false;
    ro.friction = false;
    const VectorX tau0 = rnea(model, data, q, qd, qdd, ro);
    RegressorOptions yo;
    yo.gravity = false;
    yo.friction = false;
    inverseDynamicsRegressor(model, q, qd, qdd, Y, yo);
    QVERIFY(relErr(VectorX(Y * sp.values), tau0) < 1e-10);
    // Energy.
    const EnergyMomentum em = energyMomentum(model, data, q, qd);
    energyRegressor(model, q, qd, h);
    const double H = h.dot(sp.values);
    QVERIFY2(std::abs(H - em.total()) < 1e-10 * std::max(1.0, std::abs(em.total())),
             qPrintable(QString("%1: H %2 vs %3").arg(label).arg(H, 0, 'g', 17).arg(em.total(), 0, 'g', 17)));
  }
}

}  // namespace

class Regressor : public QObject {
  Q_OBJECT
 private slots:
  void randomChains() {
    std::mt19937 rng(6);
    for (int c = 0; c < 20; ++c) {
      const Model m = randomArmatureChain(rng, 1 + c % 7, c % 3 == 0 ? 0.6 : 0.3);
      checkModel(m, rng, 5, "random");
    }
  }

  void shippedRobots_data() {
    QTest::addColumn<QString>("file");
    for (const char* f : {"th8.json", "stanford.json", "puma560.json", "puma560_mdh.json", "umis.json", "scara.json",
                          "planar2r.json", "seed000_arm.json"})
      QTest::newRow(f) << f;
  }
  void shippedRobots() {
    QFETCH(QString, file);
    Model m = loadShippedRobot(file.toStdString());
    m.rotorModel = RotorModel::Armature;
    for (auto& a : m.actuator) {
      a.viscousNeg = a.viscousPos;
      a.coulombNeg = a.coulombPos;
    }
    std::mt19937 rng(7);
    checkModel(m, rng, 10, qPrintable(file));
  }

  void conversionRoundTrip() {
    std::mt19937 rng(8);
    const Model m = randomArmatureChain(rng, 6);
    const StandardParameters sp = standardParameters(m);
    QVERIFY(sp.warnings.empty());
    Model back = m;
    for (auto& b : back.body) b = BodyT<double>{};
    applyStandardParameters(back, sp.values);
    for (int i = 0; i < m.nq; ++i) {
      const auto k = std::size_t(i);
      QVERIFY(std::abs(back.body[k].mass - m.body[k].mass) < 1e-14);
      QVERIFY((back.body[k].com - m.body[k].com).norm() < 1e-14);
      QVERIFY((back.body[k].inertia - m.body[k].inertia).norm() < 1e-13);
      QVERIFY(std::abs(back.actuator[k].rotorInertia - m.actuator[k].rotorInertia) < 1e-18);
    }
    // Huygens by hand on body 1: J = I_G + m (|c|^2 1 - c c^T).
    const auto& b = m.body[0];
    const double xx = b.inertia(0, 0) + b.mass * (b.com.y() * b.com.y() + b.com.z() * b.com.z());
    const double xy = b.inertia(0, 1) - b.mass * b.com.x() * b.com.y();
    QCOMPARE(sp.values[kXX], xx);
    QVERIFY(std::abs(sp.values[kXY] - xy) < 1e-15);
    QCOMPARE(standardParameterName(3, kZZ), std::string("ZZ4"));
    QCOMPARE(standardParameterName(0, kFs), std::string("Fs1"));
  }

  void badParametersRejected() {
    std::mt19937 rng(9);
    Model m = randomArmatureChain(rng, 3);
    VectorX v = standardParameters(m).values;
    v[kStandardPerJoint + kM] = std::nan("");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, applyStandardParameters(m, v));
    v = standardParameters(m).values;
    v[2 * kStandardPerJoint + kM] = 0;  // first moment stays non-zero
    try {
      applyStandardParameters(m, v);
      QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
      QVERIFY(std::string(e.what()).find("M3") != std::string::npos);
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, applyStandardParameters(m, VectorX::Zero(5)));
  }

  void asymmetricFrictionWarns() {
    std::mt19937 rng(10);
    Model m = randomArmatureChain(rng, 2);
    m.actuator[1].viscousNeg = m.actuator[1].viscousPos + 1;
    const StandardParameters sp = standardParameters(m);
    QCOMPARE(int(sp.warnings.size()), 1);
    QVERIFY(sp.warnings[0].find("joint 2") != std::string::npos);
  }

  /// dH/dt = (tau - tau_f) . qd: the energy regressor checked by central differences along a motion,
  /// independently of energyMomentum().
  void energyRateIsPower() {
    std::mt19937 rng(11);
    const Model m = randomArmatureChain(rng, 5);
    const VectorX pi = standardParameters(m).values;
    Data data(m);
    const VectorX q = randomVectorX(rng, 5, 1.5), qd = randomVectorX(rng, 5, 1.0), qdd = randomVectorX(rng, 5, 1.0);
    RneaOptions ro;
    ro.friction = false;
    const double power = rnea(m, data, q, qd, qdd, ro).dot(qd);
    const double dt = 1e-5;
    VectorX hp, hm;
    energyRegressor(m, q + dt * qd + 0.5 * dt * dt * qdd, qd + dt * qdd, hp);
    energyRegressor(m, q - dt * qd + 0.5 * dt * dt * qdd, qd - dt * qdd, hm);
    const double rate = (hp - hm).dot(pi) / (2 * dt);
    QVERIFY2(std::abs(rate - power) < 1e-5 * std::max(1.0, std::abs(power)),
             qPrintable(QString("rate %1 power %2").arg(rate).arg(power)));
  }
};

QTEST_APPLESS_MAIN(Regressor)
#include "test_regressor.moc"
