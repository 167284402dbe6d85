// Regressors and base inertial parameters on kinematic trees (Model::parent). On random structured trees
// (branches at several depths, revolute and prismatic joints, gravity zero, vertical, along the first axis
// or random, rotor inertia and friction with asymmetric Coulomb friction on some joints):
//   - the inverse-dynamics regressor times the standard parameters is rnea()'s tau (rnea is tree-ready and
//     tested against MuJoCo in test_tree_dynamics), with and without gravity, and its row j is zero on the
//     columns of a body that is not carried by joint j (not a descendant of it);
//   - the energy regressor times the standard parameters is energyMomentum()'s kinetic + potential energy;
//   - the base-parameter count of the symbolic rules (Khalil & Dombre 2002: the chain's rules with a(j)
//     for j-1, each path with its R1, R2) equals the rank of the regressor stacked over random states,
//     computed here by an SVD of its own states, with the rules alone (no numeric completion): valid
//     (every row of the regressor in their span) and minimal; the base torques W_B beta (W_B = Y K^+, beta = K pi) reproduce rnea()'s tau;
//   - with each extension rule switched off, or with the tree rules replaced by the chain's j-1, some trees
//     of the same sample fail (the property can fail);
//   - a small tree whose base parameters are known by hand, and two Puma 560 arms on one base (twice the
//     arm's base parameters).
// Seeded and deterministic.
#include <QTest>

#include <Eigen/SVD>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/energy_regressor.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "support/ident_robots.hpp"
#include "support/random_tree.hpp"
#include "support/test_main.hpp"

namespace test_base_parameters_tree {

using namespace maniplab;
using namespace maniplab::testing;

namespace {

const int kTrees = qEnvironmentVariableIsSet("MANIPLAB_TREES") ? qEnvironmentVariableIntValue("MANIPLAB_TREES") : 150;

Model withoutActuators(Model m) {
  for (auto& a : m.actuator) a = ActuatorT<double>{};
  return m;
}

/// Rank of W by its singular values, relative threshold.
int svdRank(const MatrixX& W, double tolerance = 1e-9) {
  Eigen::JacobiSVD<MatrixX> svd(W);
  const auto& s = svd.singularValues();
  int r = 0;
  for (int i = 0; i < s.size(); ++i)
    if (s[i] > tolerance * s[0]) ++r;
  return r;
}

/// The regressor stacked over `states` random states of this test's own generator, in the scope
/// (actuator columns zero without actuators, Fsa columns zero where Fsa is not in the model).
MatrixX ownStackedRegressor(const Model& m, std::mt19937& rng, int states, bool actuators) {
  const int n = m.nq;
  MatrixX W(states * n, n * kStandardPerJoint), Y;
  std::uniform_real_distribution<double> U(0.3, 2.0), S(-1, 1);
  for (int s = 0; s < states; ++s) {
    VectorX q = randomVectorX(rng, n, 3.0), qd(n), qdd = randomVectorX(rng, n, 3.0);
    for (int i = 0; i < n; ++i) qd[i] = (S(rng) < 0 ? -1 : 1) * U(rng);  // |sign(qd)| = 1
    inverseDynamicsRegressor(m, q, qd, qdd, Y);
    W.middleRows(s * n, n) = Y;
  }
  for (int c = 0; c < W.cols(); ++c) {
    const int k = c % kStandardPerJoint;
    if ((!actuators && k >= kIa) || (k == kFsa && !hasCoulombAsymmetry(m, c / kStandardPerJoint))) W.col(c).setZero();
  }
  return W;
}

}  // namespace

class BaseParametersTree : public QObject {
  Q_OBJECT
 private slots:
  void regressorsMatchRneaAndEnergyOnTrees() {
    std::mt19937 rng(2903u);
    double worstTau = 0, worstTauNoG = 0, worstEnergy = 0;
    int zeroChecked = 0;
    for (int t = 0; t < 60; ++t) {
      RandomTreeOptions o;
      o.n = 4 + t % 12;
      std::string label;
      const Model m = randomStructuredTree(rng, o, &label);
      QVERIFY(!m.isChain());
      const int n = m.nq;
      const VectorX pi = standardParameters(m).values;
      Data d(m);
      MatrixX Y;
      VectorX h;
      for (int s = 0; s < 4; ++s) {
        const VectorX q = randomVectorX(rng, n, 3.0), qd = randomVectorX(rng, n, 2.0), qdd = randomVectorX(rng, n, 3.0);
        inverseDynamicsRegressor(m, q, qd, qdd, Y);
        const VectorX tau = rnea(m, d, q, qd, qdd);
        const double e = relErr(VectorX(Y * pi), tau);
        worstTau = std::max(worstTau, e);
        QVERIFY2(e < 1e-12, qPrintable(QString("tree %1 (%2): Y pi vs rnea %3").arg(t).arg(QString::fromStdString(label)).arg(e)));
        RegressorOptions ro;
        ro.gravity = false;
        RneaOptions rn;
        rn.gravity = false;
        inverseDynamicsRegressor(m, q, qd, qdd, Y, ro);
        const VectorX tau0 = rnea(m, d, q, qd, qdd, rn);
        const double e0 = relErr(VectorX(Y * pi), tau0);
        worstTauNoG = std::max(worstTauNoG, e0);
        QVERIFY2(e0 < 1e-12, qPrintable(QString("tree %1 without gravity: %2").arg(t).arg(e0)));
        // Row j carries body i only when j is i or one of its ancestors.
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < n; ++i)
            if (!m.isAncestor(j, i)) {
              QCOMPARE(Y.block(j, i * kStandardPerJoint, 1, kStandardPerJoint).cwiseAbs().maxCoeff(), 0.0);
              ++zeroChecked;
            }
        energyRegressor(m, q, qd, h);
        const EnergyMomentum em = energyMomentum(m, d, q, qd);
        const double ee = std::abs(h.dot(pi) - em.total()) / std::max(1.0, std::abs(em.total()));
        worstEnergy = std::max(worstEnergy, ee);
        QVERIFY2(ee < 1e-12, qPrintable(QString("tree %1: h pi %2 vs energy %3").arg(t).arg(h.dot(pi)).arg(em.total())));
      }
    }
    QVERIFY(zeroChecked > 1000);
    qInfo("60 trees x 4 states: |Y pi - rnea| %.2e (without gravity %.2e), |h pi - E| %.2e (relative)", worstTau,
          worstTauNoG, worstEnergy);
  }

  void symbolicCountIsNumericRankOnTrees() {
    std::mt19937 rng(2904u);
    int checked = 0, rulesMinimal = 0;
    double worstTau = 0, worstResidual = 0;
    for (int t = 0; t < kTrees; ++t) {
      RandomTreeOptions o;
      o.n = 3 + t % 10;
      std::string label;
      const Model m = randomStructuredTree(rng, o, &label);
      const int n = m.nq;
      for (bool act : {false, true}) {
        const QString ctx = QString("tree %1 %2 (%3)").arg(t).arg(QString::fromStdString(label)).arg(act ? "with actuators" : "inertial");
        // The rank of the regressor, from this test's own states (not those of stackedRegressor).
        const MatrixX W = ownStackedRegressor(m, rng, std::max(30, 6 * kStandardPerJoint / 2), act);
        const int rank = svdRank(W);
        BaseParameterOptions bo;
        bo.actuators = act;
        const BaseParameterSet sym = symbolicBaseParameters(m, bo);
        bo.complete = false;
        const BaseParameterSet rules = symbolicBaseParameters(m, bo);
        NumericBaseOptions no;
        no.actuators = act;
        const BaseParameterSet num = numericBaseParameters(m, no);
        QString notes;
        for (const auto& s : sym.notes) notes += QString::fromStdString(s + "\n");
        QVERIFY2(sym.count() == rank, qPrintable(ctx + QString(": symbolic %1, SVD rank %2\n%3").arg(sym.count()).arg(rank).arg(notes)));
        QVERIFY2(num.count() == rank, qPrintable(ctx + QString(": numeric %1, SVD rank %2").arg(num.count()).arg(rank)));
        QVERIFY2(sameSpan(sym, num), qPrintable(ctx));
        // The tree rules alone are valid: the regressor's rows lie in their span (no rule is wrong).
        const double res = rowSpaceResidual(W, rules);
        worstResidual = std::max(worstResidual, res);
        QVERIFY2(sym.check.rulesValid && res < 1e-10, qPrintable(ctx + QString(": rules residual %1\n%2").arg(res).arg(notes)));
        // ... and minimal: the rules alone give the rank (nothing left to the numeric completion).
        QVERIFY2(rules.count() == rank && sym.check.rulesMinimal,
                 qPrintable(ctx + QString(": rules alone %1, SVD rank %2\n%3").arg(rules.count()).arg(rank).arg(notes)));
        rulesMinimal += rules.count() == rank;
        // tau = W_B beta on fresh states, against rnea.
        const Model full = act ? m : withoutActuators(m);
        const VectorX pi = standardParameters(full).values;
        const VectorX beta = sym.values(pi);
        Data data(full);
        MatrixX Y;
        for (int s = 0; s < 4; ++s) {
          const VectorX q = randomVectorX(rng, n, 3.0), qd = randomVectorX(rng, n, 2.0), qdd = randomVectorX(rng, n, 3.0);
          inverseDynamicsRegressor(full, q, qd, qdd, Y);
          const VectorX tau = rnea(full, data, q, qd, qdd);
          const double e = relErr(VectorX(Y * sym.Kpinv * beta), tau);
          worstTau = std::max(worstTau, e);
          QVERIFY2(e < 1e-9, qPrintable(ctx + QString(": W_B beta vs rnea %1").arg(e)));
        }
        ++checked;
      }
    }
    QCOMPARE(checked, 2 * kTrees);
    qInfo("%d tree scopes: symbolic count = SVD rank = numeric QR count; rules alone minimal in %d, valid in all "
          "(largest residual %.2e); |W_B beta - rnea| %.2e (relative)", checked, rulesMinimal, worstResidual, worstTau);
  }

  /// The property can fail: with one extension of the rules switched off, some trees of the sample are not
  /// minimal by the rules alone.
  void eachExtensionIsExercisedOnTrees() {
    const std::pair<unsigned, const char*> rules[] = {{kRuleZeroGravity, "zero gravity (C1)"},
                                                      {kRuleFixedPoint, "zero gravity, fixed point"},
                                                      {kRulePrismaticMass, "prismatic mass (Ia, Fsa)"},
                                                      {kRuleCoaxialFirstMoments, "coaxial first moments"}};
    int failing[4] = {0, 0, 0, 0};
    std::mt19937 rng(2905u);
    for (int t = 0; t < kTrees; ++t) {
      RandomTreeOptions o;
      o.n = 3 + t % 10;
      const Model m = randomStructuredTree(rng, o);
      NumericBaseOptions no;
      no.actuators = true;
      const BaseParameterSet num = numericBaseParameters(m, no);
      for (int r = 0; r < 4; ++r) {
        BaseParameterOptions bo;
        bo.complete = false;
        bo.rules = kAllRules & ~rules[r].first;
        const BaseParameterSet s = symbolicBaseParameters(m, bo);
        if (s.count() != num.count() || !sameSpan(s, num)) ++failing[r];
      }
    }
    for (int r = 0; r < 4; ++r) {
      qInfo("without the rule '%s': %d of %d trees fail", rules[r].second, failing[r], kTrees);
      QVERIFY2(failing[r] > 0, rules[r].second);
    }
  }

  /// Two Puma 560 arms on one base (robots/puma560_pair_mdh.json: joints 7-12 repeat joints 1-6 on the base,
  /// 1.2 m away): the arms are independent, so the tree's base parameters are the single arm's
  /// (puma560_mdh.json) twice, arm B's with the joint numbers shifted by 6 and the same coefficients.
  void pumaPairIsTwoArms() {
    const Model pair = loadShippedRobot("puma560_pair_mdh.json");
    const Model arm = loadShippedRobot("puma560_mdh.json");
    QVERIFY(!pair.isChain());
    QCOMPARE(pair.nq, 12);
    const int P = kStandardPerJoint;
    for (bool act : {false, true}) {
      BaseParameterOptions o;
      o.actuators = act;
      o.complete = false;
      const BaseParameterSet a = symbolicBaseParameters(arm, o), t = symbolicBaseParameters(pair, o);
      QCOMPARE(t.count(), 2 * a.count());
      for (int side = 0; side < 2; ++side)
        for (const BaseParameter& p : a.params) {
          // The name with its joint number shifted: "ZZR1" -> "ZZR7".
          std::size_t d = p.name.find_first_of("0123456789");
          const std::string name = p.name.substr(0, d) + std::to_string(std::stoi(p.name.substr(d)) + 6 * side);
          Eigen::RowVectorXd c = Eigen::RowVectorXd::Zero(12 * P);
          c.segment(6 * P * side, 6 * P) = p.coefficients;
          bool found = false;
          for (const BaseParameter& q : t.params)
            if (q.name == name) {
              found = true;
              QVERIFY2((q.coefficients - c).cwiseAbs().maxCoeff() <= 1e-12 * std::max(1.0, c.cwiseAbs().maxCoeff()),
                       qPrintable(QString::fromStdString(name + ": " + q.expression + " vs " + p.expression)));
            }
          QVERIFY2(found, name.c_str());
        }
      NumericBaseOptions no;
      no.actuators = act;
      QCOMPARE(numericBaseParameters(pair, no).count(), t.count());
      qInfo("two Puma arms %s: %d base parameters (the arm: %d)", act ? "with actuators" : "inertial", t.count(), a.count());
    }
  }

  /// Joint 1 vertical (along gravity), joints 2 and 3 both carried by body 1, perpendicular to it: R1 = 1
  /// with C1, and 2 and 3 are each an R2 of their path. By the rules: ZZR1 for body 1 and 7 parameters
  /// (XXR, XY, XZ, YZ, ZZ, MX, MY) for each of bodies 2, 3: 15 inertial; with the actuators Ia1 and Ia2,
  /// Ia3 (axes orthogonal to z_R1) regroup into the ZZs, Fv and Fs stay: 15 + 6 = 21.
  void handTree() {
    Model m;
    BodyT<double> b;
    b.mass = 2;
    b.com = Vector3(0.1, 0.05, -0.02);
    b.inertia = Vector3(0.05, 0.04, 0.03).asDiagonal();
    ActuatorT<double> a;
    a.gear = 50;
    a.rotorInertia = 1e-4;
    a.viscousPos = a.viscousNeg = 0.2;
    a.coulombPos = a.coulombNeg = 0.5;
    m.addJoint(-1, JointType::Revolute, Transform(), b, a);
    Transform up;
    up.p = Vector3(0, 0, 0.3);
    m.addJoint(0, JointType::Revolute, up * rotX(M_PI / 2), b, a);
    m.addJoint(0, JointType::Revolute, rotZ(M_PI / 2) * up * rotX(-M_PI / 2) * transX(0.2), b, a);
    QVERIFY(!m.isChain());
    BaseParameterOptions o;
    o.actuators = false;
    o.complete = false;
    const BaseParameterSet inertial = symbolicBaseParameters(m, o);
    QCOMPARE(inertial.count(), 15);
    QCOMPARE(inertial.names()[0], std::string("ZZR1"));
    // ZZR1 = ZZ1 + YY2 + YY3 + (lengths) M2, M3 ...: it carries both children.
    const int P = kStandardPerJoint;
    QCOMPARE(inertial.params[0].coefficients[0 * P + kZZ], 1.0);
    QCOMPARE(inertial.params[0].coefficients[1 * P + kYY], 1.0);
    QCOMPARE(inertial.params[0].coefficients[2 * P + kYY], 1.0);
    NumericBaseOptions no;
    no.actuators = false;
    QCOMPARE(numericBaseParameters(m, no).count(), 15);
    o.actuators = true;
    const BaseParameterSet all = symbolicBaseParameters(m, o);
    QCOMPARE(all.count(), 21);
    no.actuators = true;
    QCOMPARE(numericBaseParameters(m, no).count(), 21);
    QVERIFY(sameSpan(all, numericBaseParameters(m, no)));
  }
};

MANIPLAB_TEST_APPLESS_MAIN(BaseParametersTree)
#include "test_base_parameters_tree.moc"  // (in the namespace, as the class)

}  // namespace test_base_parameters_tree
