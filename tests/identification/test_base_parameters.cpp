// Base parameters two ways (Belkoura 1993 ch. II): the symbolic regrouping rules and QR with column pivoting
// of the stacked regressor give the same count and the same span, and the count formula (2.63)–(2.67)
// agrees. Oracles: TH8 26 and Stanford 33 (thesis), the TH8 Table 3-2 expressions (corrected, reference
// §5) and the corrected Stanford ZZR1; Puma 560 (DH and MDH), UMIS, SCARA, planar 2R and random chains
// with revolute and prismatic joints, with and without the actuator parameters.
// DH -> MDH convention (mdh_frames.hpp): a robot written in standard DH and the same robot written in
// modified DH (robots/puma560.json vs robots/puma560_mdh.json, and mdhDescription() of UMIS, Puma and
// random DH chains with offsets and prismatic joints) have the same dynamics (1e-12), the same standard
// parameters, and identical base-parameter names, expressions and values; the regressor of the DH model
// times its (re-framed) standard parameters reproduces rnea to 1e-10.
// The extensions of docs/base-parameter-rules.md on the robots of issue 17 (zero gravity, a prismatic
// joint along gravity with Coulomb asymmetry, a prismatic joint parallel to a horizontal revolute axis,
// coaxial revolute joints): the extended rules alone equal the numeric rank, each robot's rule is needed
// (without it the rules alone are not minimal), the closed forms, and the numeric completion.
#include <QTest>

#include <algorithm>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/energy_regressor.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/mdh_frames.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "support/ident_robots.hpp"
#include "support/test_main.hpp"

namespace test_base_parameters {

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

/// Both methods (the symbolic rules alone, without the numeric completion), both parameter scopes;
/// returns the inertial count.
int checkBothWays(const Model& m, const QString& label, int expectedInertial = -1) {
  std::mt19937 rng(123);
  const MatrixX W = stackedRegressor(m, rng, 40);
  int inertial = -1;
  for (bool act : {false, true}) {
    BaseParameterOptions so;
    so.actuators = act;
    so.complete = false;  // the grouping rules alone (the completed set always agrees with the QR)
    const BaseParameterSet sym = symbolicBaseParameters(m, so);
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

/// MDH placement Rx(alpha) Tx(d) Rz(theta) Tz(r) (angles in degrees).
Transform mdh(double alphaDeg, double d, double thetaDeg, double r) {
  Transform tz;
  tz.p = Vector3(0, 0, r);
  return rotX(alphaDeg * M_PI / 180) * transX(d) * rotZ(thetaDeg * M_PI / 180) * tz;
}

/// A chain of the given MDH placements with random bodies and actuators (armature rotor, symmetric
/// friction unless `fsa` lists the joints with asymmetric Coulomb friction).
Model mdhChain(const std::string& types, const std::vector<Transform>& place, const Vector3& gravity,
               const std::vector<int>& fsa = {}) {
  std::mt19937 rng(4242);
  const Model r = randomArmatureChain(rng, int(types.size()));
  Model m;
  m.rotorModel = RotorModel::Armature;
  m.gravity = gravity;
  for (std::size_t i = 0; i < types.size(); ++i) {
    ActuatorT<double> a = r.actuator[i];
    a.rotorAxis = Vector3::Zero();
    if (std::find(fsa.begin(), fsa.end(), int(i) + 1) != fsa.end()) a.coulombNeg = 0.5 * a.coulombPos;
    m.addJoint(types[i] == 'R' ? JointType::Revolute : JointType::Prismatic, place[i], r.body[i], a);
  }
  return m;
}

BaseParameterSet rulesAlone(const Model& m, bool actuators, unsigned rules = kAllRules) {
  BaseParameterOptions o;
  o.actuators = actuators;
  o.complete = false;
  o.rules = rules;
  return symbolicBaseParameters(m, o);
}

int numericRank(const Model& m, bool actuators) {
  NumericBaseOptions no;
  no.actuators = actuators;
  return numericBaseParameters(m, no).count();
}

/// The robots of issue 17's observations (and their relatives), with the extension each one needs.
struct ExtendedCase {
  std::string label;
  Model model;
  unsigned rule;           ///< the extension the robot needs
  int inertial, withActuators;  ///< base parameter counts (numeric rank)
};

std::vector<ExtendedCase> extendedCases() {
  std::vector<ExtendedCase> v;
  const Vector3 down(0, 0, -9.81), zero = Vector3::Zero();
  {  // planar 2R, gravity zero (the shipped file's robot): 6 by the thesis's rules, 4 true
    Model m = loadShippedRobot("planar2r.json");
    m.gravity = zero;
    v.push_back({"planar 2R, g = 0", m, kRuleZeroGravity, 4, 9});
  }
  {  // Puma 560 with gravity zero: 38 by the thesis's rules, 34 true (MX1, MY1 by C1; MX2, MY2 fixed point)
    Model m = loadShippedRobot("puma560_mdh.json");
    m.gravity = zero;
    v.push_back({"Puma 560, g = 0 (C1)", m, kRuleZeroGravity, 34, 56});
    v.push_back({"Puma 560, g = 0 (fixed point)", m, kRuleFixedPoint, 34, 56});
  }
  {  // Puma-like with r2 != 0: body 2 turns about O1 = O2 + c z2, c = -0.2: XZR2 = XZ2 - 0.2 MX2 + ...
    const Model m = mdhChain("RRRRRR", {mdh(0, 0, 0, 0), mdh(90, 0, 0, 0.2), mdh(0, 0.43, 0, 0.15), mdh(-90, 0.02, 0, 0.43),
                                        mdh(90, 0, 0, 0), mdh(-90, 0, 0, 0)}, zero);
    v.push_back({"Puma-like, r2 = 0.2, g = 0 (fixed point, c = -0.2)", m, kRuleFixedPoint, 34, 50});
  }
  {  // prismatic first joint along gravity with asymmetric Coulomb friction, then R(vertical) R R
    const Model m = mdhChain("PRRR", {mdh(0, 0, 0, 0.2), mdh(0, 0.1, 0, 0.1), mdh(90, 0.3, 0, 0.05), mdh(-90, 0.05, 0, 0.25)}, down, {1});
    v.push_back({"P(along g, Fsa) R R R", m, kRulePrismaticMass, 16, 26});
  }
  {  // SCARA with an asymmetric quill friction: Fsa3 regroups with the weight of bodies 3 and 4
    Model m = loadShippedRobot("scara.json");
    m.actuator[2].coulombNeg = 0.6 * m.actuator[2].coulombPos;
    v.push_back({"SCARA, quill Fsa", m, kRulePrismaticMass, 8, 19});
  }
  {  // SCARA in zero gravity: Ia3 with M3 (the quill's axis is orthogonal to the zero gravity)
    Model m = loadShippedRobot("scara.json");
    m.gravity = zero;
    v.push_back({"SCARA, g = 0", m, kRulePrismaticMass, 8, 18});
  }
  {  // R (horizontal, orthogonal to gravity) then P parallel to it: Ia2 with M2
    const Model m = mdhChain("RPRR", {mdh(90, 0, 0, 0), mdh(0, 0.2, 30, 0.1), mdh(90, 0.1, 0, 0.2), mdh(-90, 0.05, 0, 0.1)}, down);
    v.push_back({"R(horizontal) P(parallel) R R", m, kRulePrismaticMass, 18, 27});
  }
  {  // coaxial rotoid joints 1 and 2, vertical, gravity along them: MX2, MY2 have no effect
    const Model m = mdhChain("RRRR", {mdh(0, 0, 0, 0), mdh(0, 0, 20, 0.3), mdh(90, 0.1, 0, 0.05), mdh(-90, 0.05, 0, 0.2)}, down);
    v.push_back({"R R(coaxial) R R", m, kRuleCoaxialFirstMoments, 16, 26});
  }
  {  // the same in zero gravity after a prismatic joint along the axis
    const Model m = mdhChain("PRRRR", {mdh(0, 0, 0, 0.1), mdh(0, 0, 0, 0), mdh(0, 0, 20, 0.3), mdh(90, 0.1, 0, 0.05), mdh(-90, 0.05, 0, 0.2)}, zero);
    v.push_back({"P R R(coaxial) R R, g = 0", m, kRuleCoaxialFirstMoments, 17, 29});
  }
  return v;
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
    QTest::newRow("Llibre, Mampey & Chrétien 1983 arm") << "llibre1983_arm.json" << -1;
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


  /// Issue 17's classes: the extended rules alone give the numeric rank (and the count formula the
  /// inertial one); with the robot's extension switched off, the rules alone are NOT minimal (the test
  /// of the rule can fail), and the default (completed) result is minimal anyway, says what was missing
  /// and reproduces the torques.
  void extendedRules_data() {
    QTest::addColumn<int>("index");
    const auto cases = extendedCases();
    for (std::size_t i = 0; i < cases.size(); ++i) QTest::newRow(cases[i].label.c_str()) << int(i);
  }
  void extendedRules() {
    QFETCH(int, index);
    const ExtendedCase c = extendedCases()[std::size_t(index)];
    const Model& m = c.model;
    for (bool act : {false, true}) {
      const int expected = act ? c.withActuators : c.inertial;
      const QString ctx = QString::fromStdString(c.label) + (act ? " (with actuators)" : " (inertial)");
      QCOMPARE(numericRank(m, act), expected);
      const BaseParameterSet rules = rulesAlone(m, act);
      QVERIFY2(rules.count() == expected, qPrintable(ctx + QString(": rules %1").arg(rules.count())));
      const BaseParameterSet without = rulesAlone(m, act, kAllRules & ~c.rule);
      const bool ruleMatters = without.count() > expected;
      if (act || c.rule != kRulePrismaticMass) QVERIFY2(ruleMatters, qPrintable(ctx + ": the rule changes nothing"));
      else QVERIFY(!ruleMatters);  // the prismatic-mass rule needs the actuator terms
      // Completed (default): minimal even without the rule, with a note naming what was completed.
      BaseParameterOptions o;
      o.actuators = act;
      o.rules = kAllRules & ~c.rule;
      const BaseParameterSet done = symbolicBaseParameters(m, o);
      QCOMPARE(done.count(), expected);
      NumericBaseOptions no;
      no.actuators = act;
      QVERIFY(sameSpan(done, numericBaseParameters(m, no)));
      QCOMPARE(done.check.rulesMinimal, !ruleMatters);
      QCOMPARE(done.check.rulesCount, without.count());
      if (ruleMatters) {
        bool noted = false;
        for (const auto& n : done.notes) noted = noted || n.find("a rule is missing") != std::string::npos;
        QVERIFY2(noted, qPrintable(ctx));
        QVERIFY(!done.check.completed.empty());
      }
      const MatrixX W = stackedRegressor(m, NumericBaseOptions{act, 10, 77u});
      QVERIFY(rowSpaceResidual(W, done) < 1e-10);
      QVERIFY(rowSpaceResidual(W, rules) < 1e-10);
    }
    const BaseCountFormula f = baseParameterCountFormula(m);
    QVERIFY2(f.total == c.inertial, qPrintable(QString::fromStdString(f.detail)));
  }

  /// The closed forms of the extensions (docs/base-parameter-rules.md).
  void extendedRuleExpressions() {
    const auto cases = extendedCases();
    auto caseNamed = [&](const std::string& l) {
      for (const auto& c : cases)
        if (c.label == l) return c.model;
      throw std::runtime_error(l);
    };
    auto coefficient = [](const BaseParameter* p, int joint, int k) { return p->coefficients[(joint - 1) * kStandardPerJoint + k]; };
    {  // planar 2R, g = 0: ZZR1 = ZZ1 + d2^2 M2 (the DHM frames of the DH file: d2 = a1 = 1), ZZ2, MX2, MY2
      const BaseParameterSet s = rulesAlone(caseNamed("planar 2R, g = 0"), false);
      QCOMPARE(s.names(), (std::vector<std::string>{"ZZR1", "ZZ2", "MX2", "MY2"}));
      QCOMPARE(QString::fromStdString(find(s, "ZZR1")->expression), QString("ZZ1 + M2"));
    }
    {  // fixed point, c = -0.2
      const BaseParameterSet s = rulesAlone(caseNamed("Puma-like, r2 = 0.2, g = 0 (fixed point, c = -0.2)"), false);
      const BaseParameter* xz = find(s, "XZR2");
      const BaseParameter* yz = find(s, "YZR2");
      QVERIFY(xz && yz && !find(s, "MX2") && !find(s, "MXR2") && !find(s, "MY2") && !find(s, "MYR2"));
      QVERIFY(std::abs(coefficient(xz, 2, kMX) + 0.2) < 1e-12);
      QVERIFY(std::abs(coefficient(yz, 2, kMY) + 0.2) < 1e-12);
    }
    {  // P along g with Fsa1: FsaR1 = Fsa1 + 9.81 (M1 + M2 + M3 + M4), MR1 = M1 + M2 + M3 + M4 + Ia1
      const BaseParameterSet s = rulesAlone(caseNamed("P(along g, Fsa) R R R"), true);
      const BaseParameter* fsa = find(s, "FsaR1");
      const BaseParameter* mr = find(s, "MR1");
      QVERIFY(fsa && mr && !find(s, "Ia1"));
      QCOMPARE(QString::fromStdString(fsa->expression), QString("9.81*M1 + Fsa1 + 9.81*M2 + 9.81*M3 + 9.81*M4"));
      QCOMPARE(QString::fromStdString(mr->expression), QString("M1 + Ia1 + M2 + M3 + M4"));
    }
    {  // SCARA: the quill points down (z3 = -z0): FsaR3 = Fsa3 - 9.81 (M3 + M4)
      const BaseParameterSet s = rulesAlone(caseNamed("SCARA, quill Fsa"), true);
      const BaseParameter* fsa = find(s, "FsaR3");
      QVERIFY(fsa);
      QCOMPARE(QString::fromStdString(fsa->expression), QString("-9.81*M3 + Fsa3 - 9.81*M4"));
      QVERIFY(!find(s, "Ia3"));
    }
    {  // R(horizontal) P(parallel): MR2 = M2 + Ia2 + M3 + M4, the point mass at O2(q2 = 0) on body 1
      const BaseParameterSet s = rulesAlone(caseNamed("R(horizontal) P(parallel) R R"), true);
      const BaseParameter* mr = find(s, "MR2");
      QVERIFY(mr && !find(s, "Ia2"));
      QCOMPARE(coefficient(mr, 2, kIa), 1.0);
      const BaseParameter* zz1 = find(s, "ZZR1");
      QVERIFY(zz1 && std::abs(coefficient(zz1, 2, kM) - 0.2 * 0.2) < 1e-12);  // |O2(0) - z1 axis|^2 = d2^2
    }
    {  // coaxial: MX2, MY2 gone, MX1, MY1 gone (C1)
      const BaseParameterSet s = rulesAlone(caseNamed("R R(coaxial) R R"), false);
      for (const char* name : {"MX1", "MY1", "MXR1", "MYR1", "MX2", "MY2", "MXR2", "MYR2"}) QVERIFY2(!find(s, name), name);
      QVERIFY(find(s, "ZZ1") && find(s, "ZZR2"));  // nothing regroups onto body 1: O2 is on its axis
    }
  }

  /// The completion on its own: the thesis's rules alone on the issue's robots, completed from the QR.
  /// The completed set keeps the rules' names and closed forms for the parameters that need no
  /// completion, drops the ones with no effect and regroups the others with cleaned coefficients.
  void completionOfTheThesisRules() {
    Model m = loadShippedRobot("puma560_mdh.json");
    m.gravity.setZero();
    BaseParameterOptions o;
    o.actuators = false;
    o.rules = kThesisRulesOnly;
    const BaseParameterSet done = symbolicBaseParameters(m, o);
    QCOMPARE(done.check.rulesCount, 38);
    QCOMPARE(done.check.numericRank, 34);
    QVERIFY(done.check.rulesValid && !done.check.rulesMinimal);
    QCOMPARE(done.count(), 34);
    // Same parameters as the extended rules (here every missing relation is "no effect").
    const BaseParameterSet ext = rulesAlone(m, false);
    QCOMPARE(done.names(), ext.names());
    for (int b = 0; b < done.count(); ++b)
      QCOMPARE(QString::fromStdString(done.params[std::size_t(b)].expression), QString::fromStdString(ext.params[std::size_t(b)].expression));
    QCOMPARE(int(done.check.completed.size()), 5);  // the summary and MX1, MYR1, MXR2, MY2
    // A regrouping read from the numbers: Fsa1 of the vertical prismatic joint, coefficient 1/9.81.
    const auto cases = extendedCases();
    for (const auto& c : cases) {
      if (c.label != "P(along g, Fsa) R R R") continue;
      BaseParameterOptions p;
      p.rules = kThesisRulesOnly;
      const BaseParameterSet s = symbolicBaseParameters(c.model, p);
      QCOMPARE(s.count(), 26);
      QVERIFY(!find(s, "Fsa1") && !find(s, "FsaR1"));
      const BaseParameter* ia = find(s, "IaR1");
      QVERIFY(ia);
      QVERIFY(std::abs(std::abs(ia->coefficients[kFsa]) - 1 / 9.81) < 1e-9);
      // The base torques reproduce rnea on fresh states.
      const VectorX pi = standardParameters(c.model).values;
      Data data(c.model);
      MatrixX Y;
      std::mt19937 rng(3);
      for (int k = 0; k < 5; ++k) {
        const VectorX q = randomVectorX(rng, 4, 2.0), qd = randomVectorX(rng, 4, 2.0), qdd = randomVectorX(rng, 4, 2.0);
        inverseDynamicsRegressor(c.model, q, qd, qdd, Y);
        const VectorX tau = rnea(c.model, data, q, qd, qdd);
        QVERIFY(relErr(VectorX(Y * s.Kpinv * s.values(pi)), tau) < 1e-12);
      }
    }
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

MANIPLAB_TEST_APPLESS_MAIN(BaseParameters)
#include "test_base_parameters.moc"  // (in the namespace, as the class)

}  // namespace test_base_parameters
