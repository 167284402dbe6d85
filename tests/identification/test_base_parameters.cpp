// Base parameters two ways (seed 002 ch. II): the symbolic regrouping rules and QR with column pivoting
// of the stacked regressor give the same count and the same span, and the count formula (2.63)–(2.67)
// agrees. Oracles: TH8 26 and Stanford 33 (thesis), the TH8 Table 3-2 expressions (corrected, reference
// §5) and the corrected Stanford ZZR1; Puma 560 (DH and MDH), UMIS, SCARA, planar 2R and random chains
// with revolute and prismatic joints, with and without the actuator parameters.
// DH -> MDH convention (mdh_frames.hpp): a robot written in standard DH and the same robot written in
// modified DH (robots/puma560.json vs robots/puma560_mdh.json, and mdhDescription() of UMIS, Puma and
// random DH chains with offsets and prismatic joints) have the same dynamics (1e-12), the same standard
// parameters, and identical base-parameter names, expressions and values; the regressor of the DH model
// times its (re-framed) standard parameters reproduces rnea to 1e-10.
#include <QTest>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/energy_regressor.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/mdh_frames.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/rnea.hpp"
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

RobotDescription loadShippedDescription(const std::string& file) {
  const RobotLoadResult r = loadRobotFile(std::string(MANIPLAB_SOURCE_DIR "/robots/") + file);
  if (!r.ok()) throw std::runtime_error(r.report());
  return r.description;
}

/// A random standard-DH robot: revolute and prismatic joints, non-zero offsets theta0 and d0, random
/// links, asymmetric Coulomb friction (represented by Fsa) and symmetric viscous friction.
RobotDescription randomDhRobot(std::mt19937& rng, int n) {
  std::uniform_real_distribution<double> U(0, 1);
  RobotDescription d;
  d.name = "random DH";
  d.convention = Convention::DH;
  d.gravity = Vector3(0.3, -0.2, -9.81);
  d.rotorModel = RotorModel::Armature;
  d.base = rotZ(0.4) * transX(0.1);
  for (int i = 0; i < n; ++i) {
    JointDescription j;
    j.type = (i > 0 && U(rng) < 0.3) ? JointType::Prismatic : JointType::Revolute;
    j.a = 0.4 * U(rng) - 0.1;
    j.alpha = (U(rng) < 0.5 ? 1 : -1) * (i % 3 == 0 ? M_PI / 2 : 2 * U(rng));
    j.d = 0.3 * U(rng) - 0.1;
    j.theta = 2 * U(rng) - 1;
    j.link.mass = 0.5 + 3 * U(rng);
    j.link.com = randomVector(rng, 0.2);
    const Matrix3 R = randomRotation(rng);
    j.link.inertia = R * Vector3(0.02 + 0.05 * U(rng), 0.03 + 0.05 * U(rng), 0.04 + 0.05 * U(rng)).asDiagonal() * R.transpose();
    j.actuator.gear = 20 + 80 * U(rng);
    j.actuator.rotorInertia = 1e-4 * (1 + U(rng));
    j.actuator.viscousPos = j.actuator.viscousNeg = U(rng);
    j.actuator.coulombPos = 1 + U(rng);
    j.actuator.coulombNeg = i % 2 ? j.actuator.coulombPos : 0.5 + U(rng);
    d.joints.push_back(j);
  }
  d.tool = transZ(0.05) * rotX(0.3);
  return d;
}

/// A DH robot and the same robot in MDH: same dynamics, same standard parameters, identical base
/// parameters (names, expressions, values); the DH regressor times the standard parameters is rnea.
void checkDhEqualsMdh(const Model& dh, const Model& mdh, const QString& label) {
  QVERIFY2(usesDhReframing(dh), qPrintable(label));
  QVERIFY(!usesDhReframing(mdh));
  const int n = dh.nq;
  std::mt19937 rng(99);
  Data a(dh), b(mdh);
  MatrixX Y;
  const VectorX pi = standardParameters(dh).values;
  const VectorX piMdh = standardParameters(mdh).values;
  QVERIFY2(relErr(pi, piMdh) < 1e-12, qPrintable(label + QString(": standard parameters differ by %1").arg(relErr(pi, piMdh))));
  const Model framed = mdhFramedModel(dh);
  QVERIFY(!usesDhReframing(framed));
  QVERIFY(relErr(standardParameters(framed).values, pi) < 1e-12);
  for (int s = 0; s < 10; ++s) {
    const VectorX q = randomVectorX(rng, n, 2.0), qd = randomVectorX(rng, n, 2.0), qdd = randomVectorX(rng, n, 3.0);
    const VectorX tauDh = rnea(dh, a, q, qd, qdd), tauMdh = rnea(mdh, b, q, qd, qdd);
    QVERIFY2(relErr(tauDh, tauMdh) < 1e-12, qPrintable(label + QString(": dynamics differ by %1").arg(relErr(tauDh, tauMdh))));
    forwardKinematics(dh, a, q);
    forwardKinematics(mdh, b, q);
    QVERIFY((a.oMtool.p - b.oMtool.p).norm() < 1e-12 && (a.oMtool.R - b.oMtool.R).norm() < 1e-12);
    inverseDynamicsRegressor(dh, q, qd, qdd, Y);
    QVERIFY2(relErr(VectorX(Y * pi), tauDh) < 1e-10, qPrintable(label + QString(": Y pi vs rnea %1").arg(relErr(VectorX(Y * pi), tauDh))));
    Data c(framed);
    QVERIFY(relErr(rnea(framed, c, q, qd, qdd), tauDh) < 1e-12);
  }
  for (bool act : {false, true}) {
    const BaseParameterSet sd = symbolicBaseParameters(dh, {act}), sm = symbolicBaseParameters(mdh, {act});
    QCOMPARE(sd.count(), sm.count());
    const VectorX vd = sd.values(pi), vm = sm.values(piMdh);
    const double scale = std::max(1.0, vm.cwiseAbs().maxCoeff());
    for (int k = 0; k < sd.count(); ++k) {
      const auto& p = sd.params[std::size_t(k)];
      const auto& r = sm.params[std::size_t(k)];
      QCOMPARE(QString::fromStdString(p.name), QString::fromStdString(r.name));
      QCOMPARE(QString::fromStdString(p.expression), QString::fromStdString(r.expression));
      QVERIFY2(std::abs(vd[k] - vm[k]) <= 1e-12 * scale,
               qPrintable(label + ": " + QString::fromStdString(p.name) + QString(" %1 vs %2").arg(vd[k], 0, 'g', 17).arg(vm[k], 0, 'g', 17)));
    }
    NumericBaseOptions no;
    no.actuators = act;
    QVERIFY(sameSpan(sd, numericBaseParameters(dh, no)));
  }
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

  /// robots/puma560.json (standard DH) and robots/puma560_mdh.json (the same robot in MDH).
  void pumaDhEqualsMdhFile() {
    const Model a = loadShippedRobot("puma560.json"), b = loadShippedRobot("puma560_mdh.json");
    checkDhEqualsMdh(a, b, "Puma 560 files");
    // The thesis's form: ZZR1 gathers 2 r3 MZ3 (r3 = d3 of the DH table, 0.15005 m) and body 3's mass at
    // the distance of O3 from z1; in the old internal DH frames it had no MZ3 term.
    const BaseParameterSet s = symbolicBaseParameters(a, {false});
    QVERIFY(find(s, "ZZR1") != nullptr);
    const auto& c = find(s, "ZZR1")->coefficients;
    QVERIFY(std::abs(c[2 * kStandardPerJoint + kMZ] - 2 * 0.15005) < 1e-12);
    QVERIFY(std::abs(c[2 * kStandardPerJoint + kM] - (0.4318 * 0.4318 + 0.15005 * 0.15005)) < 1e-12);
  }

  /// mdhDescription() of the shipped DH robots and of random DH chains (offsets, prismatic joints).
  void dhEqualsProgrammaticMdh() {
    for (const char* f : {"puma560.json", "umis.json"}) {
      const RobotDescription d = loadShippedDescription(f);
      QCOMPARE(int(d.convention), int(Convention::DH));
      checkDhEqualsMdh(buildModel(d), buildModel(mdhDescription(d)), f);
      if (QTest::currentTestFailed()) return;
    }
    std::mt19937 rng(31);
    for (int c = 0; c < 8; ++c) {
      const RobotDescription d = randomDhRobot(rng, 3 + c % 4);
      checkDhEqualsMdh(buildModel(d), buildModel(mdhDescription(d)), QString("random DH %1").arg(c));
      if (QTest::currentTestFailed()) return;
    }
  }

  /// The rigid change of frame of the 10 standard parameters is invertible by the inverse transform and
  /// turns the parameters of a body into those about another origin (checked on the Huygens form).
  void rigidBodyParameterMapIsTheChangeOfFrame() {
    std::mt19937 rng(5);
    const Transform X{randomRotation(rng), randomVector(rng, 0.5)};
    const auto L = rigidBodyParameterMap(X), Li = rigidBodyParameterMap(X.inverse());
    QVERIFY((L * Li - Eigen::Matrix<double, 10, 10>::Identity()).cwiseAbs().maxCoeff() < 1e-13);
    // A body with mass m, centre c_F and I_G given in F: its parameters in E from (m, X c_F, A I_G A^T).
    const double m = 2.5;
    const Vector3 cF = randomVector(rng, 0.3);
    const Matrix3 R = randomRotation(rng);
    const Matrix3 IG = R * Vector3(0.1, 0.2, 0.25).asDiagonal() * R.transpose();
    auto params = [&](const Vector3& c, const Matrix3& I) {
      const Matrix3 J = I + m * (c.squaredNorm() * Matrix3::Identity() - c * c.transpose());
      Eigen::Matrix<double, 10, 1> v;
      v << J(0, 0), J(0, 1), J(0, 2), J(1, 1), J(1, 2), J(2, 2), m * c.x(), m * c.y(), m * c.z(), m;
      return v;
    };
    const auto inE = params(X.apply(cF), X.R * IG * X.R.transpose());
    QVERIFY((L * params(cF, IG) - inE).cwiseAbs().maxCoeff() < 1e-14);
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
