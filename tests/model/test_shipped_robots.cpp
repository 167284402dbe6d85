// Every shipped robot file loads and passes the dynamics cross-checks; the Puma 560 written in DH and
// in MDH gives identical dynamics; UMIS file data match Zanaboni 2009.
#include <QDir>
#include <QTest>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/model/umis_inverse_kinematics.hpp"
#include "support/crosscheck.hpp"
#include "support/test_main.hpp"

namespace test_shipped_robots {

using namespace maniplab;
using namespace maniplab::testing;

namespace {
QString robotsDir() { return QStringLiteral(MANIPLAB_SOURCE_DIR "/robots"); }

RobotLoadResult load(const QString& name) {
  const RobotLoadResult r = loadRobotFile((robotsDir() + "/" + name).toStdString());
  if (!r.ok()) qWarning("%s", r.report().c_str());
  return r;
}
}  // namespace

class ShippedRobots : public QObject {
  Q_OBJECT
 private slots:
  void allFilesLoadAndCrossCheck_data() {
    QTest::addColumn<QString>("file");
    QStringList files = QDir(robotsDir()).entryList({"*.json"}, QDir::Files, QDir::Name);
    // Parallel robots ("kind": "orthoglide") have their own reader and tests (test_orthoglide).
    files.removeIf([](const QString& f) { return f.startsWith("orthoglide"); });
    QVERIFY(files.size() >= 8);
    for (const QString& f : files) QTest::newRow(qPrintable(f)) << f;
  }
  void allFilesLoadAndCrossCheck() {
    QFETCH(QString, file);
    const RobotLoadResult r = load(file);
    QVERIFY2(r.ok(), r.report().c_str());
    std::mt19937 rng(42);
    crossCheck(r.model, rng, 5, file);
    // The other rotor model as well (the file selects one).
    Model other = r.model;
    other.rotorModel = other.rotorModel == RotorModel::Full ? RotorModel::Armature : RotorModel::Full;
    crossCheck(other, rng, 3, file + " (other rotor model)");
    // Serialising and reading back gives the same model.
    const RobotLoadResult back = parseRobot(robotToJson(r.description), file.toStdString());
    QVERIFY2(back.ok(), back.report().c_str());
    Data d1(r.model), d2(back.model);
    const VectorX q = randomVectorX(rng, r.model.nq, 1.0), qd = randomVectorX(rng, r.model.nq, 1.0);
    QVERIFY(relErr(rnea(r.model, d1, q, qd, qd), rnea(back.model, d2, q, qd, qd)) < 1e-13);
  }

  void puma560DhEqualsMdh() {
    const RobotLoadResult dh = load("puma560.json"), mdh = load("puma560_mdh.json");
    QVERIFY(dh.ok() && mdh.ok());
    QCOMPARE(dh.description.convention, Convention::DH);
    QCOMPARE(mdh.description.convention, Convention::MDH);
    Data a(dh.model), b(mdh.model);
    std::mt19937 rng(560);
    for (int s = 0; s < 20; ++s) {
      const VectorX q = randomVectorX(rng, 6, 2.0), qd = randomVectorX(rng, 6, 1.0), qdd = randomVectorX(rng, 6, 1.0);
      QVERIFY(relErr(rnea(dh.model, a, q, qd, qdd), rnea(mdh.model, b, q, qd, qdd)) < 1e-10);
      QVERIFY(relErr(crba(dh.model, a, q), crba(mdh.model, b, q)) < 1e-10);
      forwardKinematics(dh.model, a, q);
      forwardKinematics(mdh.model, b, q);
      QVERIFY((a.oMtool.matrix() - b.oMtool.matrix()).cwiseAbs().maxCoeff() < 1e-12);
      for (int i = 0; i < 6; ++i) {  // the joint axes coincide
        QVERIFY((a.oMi[std::size_t(i)].R.col(2) - b.oMi[std::size_t(i)].R.col(2)).norm() < 1e-12);
      }
    }
  }

  /// robots/puma560_pair_mdh.json, two Puma arms on one fixed body (a tree): mounting arm B 1.2 m away
  /// along x0 changes neither its joint-space inertia nor its gravity torques (vertical waist axes), so the
  /// tree's tau and M are those of puma560_mdh.json for each arm, and zero between the arms.
  void pumaPairIsTwoPumas() {
    const RobotLoadResult pair = load("puma560_pair_mdh.json"), one = load("puma560_mdh.json");
    QVERIFY2(pair.ok(), pair.report().c_str());
    QVERIFY(one.ok());
    QCOMPARE(pair.model.nq, 12);
    QCOMPARE(pair.model.parent[6], -1);
    Data dp(pair.model), d1(one.model);
    std::mt19937 rng(5602);
    for (int s = 0; s < 10; ++s) {
      const VectorX q = randomVectorX(rng, 12, 2.0), qd = randomVectorX(rng, 12, 1.0), qdd = randomVectorX(rng, 12, 1.0);
      const VectorX tau = rnea(pair.model, dp, q, qd, qdd);
      const MatrixX M = crba(pair.model, dp, q);
      for (int arm = 0; arm < 2; ++arm) {
        const VectorX qa = q.segment(6 * arm, 6), qda = qd.segment(6 * arm, 6), qdda = qdd.segment(6 * arm, 6);
        QVERIFY(relErr(VectorX(tau.segment(6 * arm, 6)), rnea(one.model, d1, qa, qda, qdda)) < 1e-12);
        QVERIFY(relErr(MatrixX(M.block(6 * arm, 6 * arm, 6, 6)), crba(one.model, d1, qa)) < 1e-12);
      }
      QVERIFY(M.block(0, 6, 6, 6).isZero(0.0));
    }
  }

  void puma560ClassicData() {
    const RobotLoadResult r = load("puma560.json");
    QVERIFY(r.ok());
    // Link 1 is massless with inertia, and the classic parameters violate the triangle inequality:
    // both are warnings, not errors.
    bool massless = false;
    for (const auto& d : r.diagnostics) massless |= d.message.find("massless") != std::string::npos;
    QVERIFY(massless);
    double mass = 0;
    for (const auto& b : r.model.body) mass += b.mass;
    QCOMPARE(mass, 0 + 17.4 + 4.8 + 0.82 + 0.34 + 0.09);
    QCOMPARE(r.model.actuator[1].gear, 107.815);
  }

  void umisFileMatchesSeed() {
    const RobotLoadResult r = load("umis.json");
    QVERIFY(r.ok());
    const auto g = umisGeometry(r.description);
    QVERIFY(g.has_value());
    QCOMPARE(g->d1, 0.454);
    QCOMPARE(g->a2, 0.570);
    QCOMPARE(g->d3, -0.0385);
    QCOMPARE(g->d4, 0.6755);
    QCOMPARE(g->d6, 0.27628);
    double mass = 0;
    for (const auto& b : r.model.body) mass += b.mass;
    QVERIFY(std::abs(mass - 59.363) < 1e-9);  // with the OCR reading 17.096 for link 2
    const double gear[6] = {120, 160, 120, 120, 160, 160};
    for (int i = 0; i < 6; ++i) QCOMPARE(std::abs(r.model.actuator[std::size_t(i)].gear), gear[i]);
  }
};

MANIPLAB_TEST_APPLESS_MAIN(ShippedRobots)
#include "test_shipped_robots.moc"  // (in the namespace, as the class)

}  // namespace test_shipped_robots
