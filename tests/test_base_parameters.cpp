// Base parameters two ways (seed 002 ch. II): the symbolic regrouping rules and QR with column pivoting
// of the stacked regressor give the same count and the same span, and the count formula (2.63)–(2.67)
// agrees. Oracles: TH8 26 and Stanford 33 (thesis), the TH8 Table 3-2 expressions (corrected, reference
// §5) and the corrected Stanford ZZR1; Puma 560 (DH and MDH), UMIS, SCARA, planar 2R and random chains
// with revolute and prismatic joints, with and without the actuator parameters.
#include <QTest>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "support/ident_robots.hpp"

using namespace maniplab;
using namespace maniplab::testing;

namespace {

const BaseParameter* find(const BaseParameterSet& s, const std::string& name) {
  for (const auto& p : s.params)
    if (p.name == name) return &p;
  return nullptr;
}

/// Regressor rows over fresh random states (independent of the numeric method's own states).
MatrixX stackedRegressor(const Model& m, std::mt19937& rng, int states) {
  const int n = m.nq;
  MatrixX W(states * n, n * kStandardPerJoint), Y;
  for (int s = 0; s < states; ++s) {
    inverseDynamicsRegressor(m, randomVectorX(rng, n, 3.0), randomVectorX(rng, n, 2.0), randomVectorX(rng, n, 2.0), Y);
    W.middleRows(s * n, n) = Y;
  }
  return W;
}

/// Both methods, both parameter scopes; returns the inertial count.
int checkBothWays(const Model& m, const QString& label, int expectedInertial = -1) {
  std::mt19937 rng(123);
  const MatrixX W = stackedRegressor(m, rng, 40);
  int inertial = -1;
  for (bool act : {false, true}) {
    const BaseParameterSet sym = symbolicBaseParameters(m, {act});
    NumericBaseOptions no;
    no.actuators = act;
    const BaseParameterSet num = numericBaseParameters(m, no);
    const QString ctx = label + (act ? " (with actuators)" : " (inertial)");
    QString symNames;
    for (const auto& p : sym.params) symNames += QString::fromStdString(p.name + " = " + p.expression + "\n");
    if (sym.count() != num.count()) {
      QString numNames;
      for (const auto& p : num.params) numNames += QString::fromStdString(p.name + " = " + p.expression + "\n");
      qWarning("symbolic:\n%s\nnumeric:\n%s", qPrintable(symNames), qPrintable(numNames));
    }
    if (sym.count() != num.count()) { QTest::qFail(qPrintable(ctx + QString(": symbolic %1 numeric %2").arg(sym.count()).arg(num.count())), __FILE__, __LINE__); return -1; }
    if (!sameSpan(sym, num)) { QTest::qFail(qPrintable(ctx + ": spans differ\n" + symNames), __FILE__, __LINE__); return -1; }
    // The regressor depends on pi only through K pi: rows of W (restricted to the scope) in span(K).
    MatrixX Ws = W;
    if (!act)
      for (int c = 0; c < Ws.cols(); ++c)
        if (c % kStandardPerJoint >= kIa) Ws.col(c).setZero();
    const double res = rowSpaceResidual(Ws, sym);
    if (res > 1e-9) { QTest::qFail(qPrintable(ctx + QString(": regressor outside span, %1").arg(res)), __FILE__, __LINE__); return -1; }
    // Each base parameter of one set lies in the span of the other (the "vice versa").
    for (const auto& p : num.params) {
      const Eigen::RowVectorXd r = p.coefficients - p.coefficients * sym.Kpinv * sym.K;
      if (r.cwiseAbs().maxCoeff() > 1e-8) { QTest::qFail(qPrintable(ctx + ": " + QString::fromStdString(p.name) + " not in symbolic span"), __FILE__, __LINE__); return -1; }
    }
    if (!act) inertial = sym.count();
  }
  const BaseCountFormula f = baseParameterCountFormula(m);
  if (f.total != inertial) { QTest::qFail(qPrintable(label + QString(": formula %1 (%2) vs %3").arg(f.total).arg(QString::fromStdString(f.detail)).arg(inertial)), __FILE__, __LINE__); return -1; }
  if (expectedInertial >= 0 && inertial != expectedInertial) { QTest::qFail(qPrintable(label + QString(": %1 base parameters, expected %2").arg(inertial).arg(expectedInertial)), __FILE__, __LINE__); return -1; }
  return inertial;
}

}  // namespace

class BaseParameters : public QObject {
  Q_OBJECT
 private slots:
  void shippedRobots_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("expected");
    QTest::newRow("TH8 (thesis: 26)") << "th8.json" << 26;
    QTest::newRow("Stanford (thesis: 33)") << "stanford.json" << 33;
    QTest::newRow("Puma 560 DH") << "puma560.json" << -1;
    QTest::newRow("Puma 560 MDH") << "puma560_mdh.json" << -1;
    QTest::newRow("UMIS") << "umis.json" << -1;
    QTest::newRow("SCARA") << "scara.json" << -1;
    QTest::newRow("planar 2R") << "planar2r.json" << -1;
    QTest::newRow("seed 000 arm") << "seed000_arm.json" << -1;
  }
  void shippedRobots() {
    QFETCH(QString, file);
    QFETCH(int, expected);
    const Model m = loadShippedRobot(file.toStdString());
    checkBothWays(m, file, expected);
  }

  void pumaDhAndMdhSameCount() {
    const Model a = loadShippedRobot("puma560.json"), b = loadShippedRobot("puma560_mdh.json");
    QCOMPARE(symbolicBaseParameters(a, {false}).count(), symbolicBaseParameters(b, {false}).count());
  }

  /// TH8 Table 3-2 (second solution, verified in the reference notes).
  void th8Expressions() {
    const Model m = loadShippedRobot("th8.json");
    const BaseParameterSet s = symbolicBaseParameters(m, {false});
    const std::pair<const char*, const char*> expected[] = {
        {"ZZR1", "ZZ1 + ZZ2 + XX3 + YY4"}, {"M2", "M2"}, {"MY3", "MY3"}, {"MZR3", "MZ3 + MZ4"},
        {"MR3", "M3 + M4 + M5 + M6"}, {"XXR4", "XX4 - YY4 + YY5"}, {"ZZR4", "ZZ4 + YY5"}, {"MYR4", "MY4 - MZ5"},
        {"XY4", "XY4"}, {"XZ4", "XZ4"}, {"YZ4", "YZ4"}, {"MX4", "MX4"}, {"XXR5", "XX5 - YY5 + YY6"},
        {"ZZR5", "ZZ5 + YY6"}, {"MYR5", "MY5 + MZ6"}, {"XXR6", "XX6 - YY6"}, {"ZZ6", "ZZ6"}, {"MY6", "MY6"}};
    for (const auto& [name, expr] : expected) {
      const BaseParameter* p = find(s, name);
      QVERIFY2(p != nullptr, name);
      QCOMPARE(QString::fromStdString(p->expression), QString(expr));
    }
    QCOMPARE(baseParameterCountFormula(m).total, 26);
    QCOMPARE(baseParameterCountFormula(m).R1, 1);
    QCOMPARE(baseParameterCountFormula(m).R2, 4);
    // With actuators: Ia1 joins ZZR1 and Ia4 joins ZZR4 (z4 orthogonal to z1); 26 + 4 Ia + 12 friction = 42.
    const BaseParameterSet a = symbolicBaseParameters(m, {true});
    QCOMPARE(a.count(), 42);
    QCOMPARE(QString::fromStdString(find(a, "ZZR1")->expression), QString("ZZ1 + Ia1 + ZZ2 + XX3 + YY4"));
  }

  /// Stanford, corrected second solution: ZZR1 = ZZ1 + YY2 + ZZ3 + 2 r02 MZ2 + r02^2 M2 (reference §6).
  void stanfordExpressions() {
    const Model m = loadShippedRobot("stanford.json");
    const BaseParameterSet s = symbolicBaseParameters(m, {false});
    const double r02 = m.placement[1].p.norm();
    const BaseParameter* z = find(s, "ZZR1");
    QVERIFY(z != nullptr);
    const auto& c = z->coefficients;
    auto at = [&](int j, int k) { return c[(j - 1) * kStandardPerJoint + k]; };
    QCOMPARE(at(1, kZZ), 1.0);
    QCOMPARE(at(2, kYY), 1.0);
    QVERIFY(std::abs(at(3, kZZ) - 1.0) < 1e-12);
    QVERIFY(std::abs(at(2, kMZ) - 2 * r02) < 1e-12);
    QVERIFY(std::abs(at(2, kM) - r02 * r02) < 1e-12);
    QCOMPARE(int((c.array() != 0).count()), 5);
  }

  void randomChains() {
    std::mt19937 rng(2026);
    for (int c = 0; c < 24; ++c) {
      const int n = 2 + c % 6;
      const Model m = randomArmatureChain(rng, n, c % 4 == 0 ? 0.6 : 0.3);
      QString types;
      for (int i = 0; i < n; ++i) types += m.isRevolute(i) ? "R" : "P";
      checkBothWays(m, QString("random %1 %2").arg(c).arg(types));
      if (QTest::currentTestFailed()) return;
    }
  }

  /// Special cases near the base built on purpose: a vertical prismatic first joint (C1, g(R1)), a
  /// horizontal prismatic before R1 (its Ia regroups with M), prismatic joints between R1 and R2 parallel,
  /// orthogonal and oblique to z_R1, parallel rotoid joints between R1 and R2.
  void specialCases_data() {
    QTest::addColumn<QString>("types");
    QTest::addColumn<QString>("geometry");
    QTest::newRow("P(vertical) R R R") << "PRRR" << "vpar";
    QTest::newRow("P(horizontal) R R") << "PRR" << "hor";
    QTest::newRow("R P(parallel) P(orthogonal) R R R (TH8-like)") << "RPPRRR" << "th8";
    QTest::newRow("R P(oblique) R R") << "RPRR" << "obl";
    QTest::newRow("R R(parallel) R(parallel) R (planar block)") << "RRRR" << "par";
    QTest::newRow("P P(orthogonal) P(orthogonal), Cartesian") << "PPP" << "cart";
  }
  void specialCases() {
    QFETCH(QString, types);
    QFETCH(QString, geometry);
    std::mt19937 rng(77);
    const int n = int(types.size());
    Model m = randomArmatureChain(rng, n);
    Model b;
    b.gravity = Vector3(0, 0, -9.81);
    b.rotorModel = RotorModel::Armature;
    for (int i = 0; i < n; ++i) {
      Transform X;
      X.p = randomVector(rng, 0.3);
      if (geometry == "vpar") X.R = i < 3 ? Matrix3::Identity() : rotX(0.7).R;
      else if (geometry == "hor") X.R = i == 0 ? rotX(M_PI / 2).R : (i == 1 ? rotX(-M_PI / 2).R : rotX(1.1).R);
      else if (geometry == "th8") X.R = i == 2 ? (rotX(M_PI / 2) * rotZ(M_PI / 2)).R : (i == 4 ? rotX(M_PI / 2).R : (i == 5 ? rotX(-M_PI / 2).R : Matrix3::Identity()));
      else if (geometry == "obl") X.R = i == 1 ? (rotX(0.6) * rotZ(0.3)).R : rotX(0.9).R;
      else if (geometry == "par") X.R = i < 3 ? Matrix3::Identity() : rotX(1.2).R;
      else if (geometry == "cart") X.R = i == 1 ? rotX(M_PI / 2).R : (i == 2 ? (rotZ(M_PI / 2) * rotX(M_PI / 2)).R : Matrix3::Identity());
      if (geometry == "par") X.p.z() = 0;  // keep the parallel axes distinct but in general position
      b.addJoint(types[i] == 'R' ? JointType::Revolute : JointType::Prismatic, X, m.body[std::size_t(i)], m.actuator[std::size_t(i)]);
    }
    checkBothWays(b, types + " " + geometry);
  }
};

QTEST_APPLESS_MAIN(BaseParameters)
#include "test_base_parameters.moc"
