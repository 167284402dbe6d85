// Property test of the base-parameter rules on random chains (Belkoura 1993 ch. II with the extensions of
// docs/base-parameter-rules.md): R/P mix, alpha in {0, +-90 deg, random}, zero or random offsets, gravity
// zero, along z0, along z1, along x0 or random, with and without the actuator terms (rotor inertia, Fv,
// Fs and, on some joints, Fsa). For every chain and scope:
//   - the grouping rules ALONE (no numeric completion) give as many parameters as the numeric rank of the
//     regressor, and the same span (every row of the regressor in the span of the rules' set);
//   - the base-parameter torques Y K^+ (K pi) reproduce the full-parameter torques: rnea() of the model
//     (an independent computation) and Y pi for generic (non-physical) pi, to 1e-12 relative, on fresh
//     random states (velocities non-zero: the Fsa regroupings hold for qd != 0);
//   - the default (completed) result equals the rules' result (nothing to complete).
// The property has teeth: with each extension switched off, some chains of the same sample fail it.
// Seeded and deterministic.
#include <QTest>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "support/ident_robots.hpp"
#include "support/test_main.hpp"

namespace test_base_parameters_random {

using namespace maniplab;
using namespace maniplab::testing;

namespace {

const int kChains = qEnvironmentVariableIsSet("MANIPLAB_CHAINS") ? qEnvironmentVariableIntValue("MANIPLAB_CHAINS") : 400;
const unsigned kSeed = qEnvironmentVariableIsSet("MANIPLAB_SEED") ? unsigned(qEnvironmentVariableIntValue("MANIPLAB_SEED")) : 20260417u;

/// The model without actuator terms (for the inertial-only scope).
Model withoutActuators(Model m) {
  for (auto& a : m.actuator) a = ActuatorT<double>{};
  return m;
}

}  // namespace

class BaseParametersRandom : public QObject {
  Q_OBJECT
 private slots:
  void rulesAreMinimalOnRandomChains() {
    std::mt19937 rng(kSeed);
    int checked = 0;
    for (int c = 0; c < kChains; ++c) {
      const int n = 2 + c % 6;
      std::string label;
      const Model m = randomStructuredChain(rng, n, &label);
      for (bool act : {false, true}) {
        const QString ctx = QString("chain %1 %2 (%3)").arg(c).arg(QString::fromStdString(label)).arg(act ? "with actuators" : "inertial");
        BaseParameterOptions o;
        o.actuators = act;
        o.complete = false;
        const BaseParameterSet rules = symbolicBaseParameters(m, o);
        NumericBaseOptions no;
        no.actuators = act;
        const BaseParameterSet num = numericBaseParameters(m, no);
        if (rules.count() != num.count() || !sameSpan(rules, num)) {
          QString names;
          for (const auto& p : rules.params) names += QString::fromStdString(p.name + " = " + p.expression + "\n");
          QString nn;
          for (const auto& p : num.params) nn += QString::fromStdString(p.name + " = " + p.expression + "\n");
          const BaseParameterSet done = symbolicBaseParameters(m, BaseParameterOptions{act});
          QString notes;
          for (const auto& s : done.notes) notes += QString::fromStdString(s + "\n");
          QFAIL(qPrintable(ctx + QString(": rules %1, numeric rank %2\nrules:\n%3numeric:\n%4notes:\n%5")
                                     .arg(rules.count()).arg(num.count()).arg(names, nn, notes)));
        }
        // Independent states (another seed) for the span and the torques.
        NumericBaseOptions fresh = no;
        fresh.seed = 1000u + unsigned(c);
        fresh.states = 12;
        const MatrixX W = stackedRegressor(m, fresh);
        QVERIFY2(rowSpaceResidual(W, rules) < 1e-10, qPrintable(ctx + QString(": regressor outside the span, %1").arg(rowSpaceResidual(W, rules))));
        const Model full = act ? m : withoutActuators(m);
        const VectorX pi = standardParameters(full).values;
        const VectorX piB = rules.values(pi);
        Data data(full);
        MatrixX Y;
        std::mt19937 srng{static_cast<unsigned>(c)};
        for (int s = 0; s < 5; ++s) {
          const VectorX q = randomVectorX(srng, n, 3.0), qd = randomVectorX(srng, n, 2.0), qdd = randomVectorX(srng, n, 3.0);
          inverseDynamicsRegressor(full, q, qd, qdd, Y);
          const MatrixX YB = Y * rules.Kpinv;
          const VectorX tau = rnea(full, data, q, qd, qdd);
          QVERIFY2(relErr(VectorX(YB * piB), tau) < 1e-12,
                   qPrintable(ctx + QString(": base torques vs rnea %1").arg(relErr(VectorX(YB * piB), tau))));
          // Generic parameters (in the scope: Fsa only where it is in the model).
          VectorX g = randomVectorX(srng, int(pi.size()), 1.0);
          for (int k = 0; k < g.size(); ++k)
            if ((!act && k % kStandardPerJoint >= kIa) || (k % kStandardPerJoint == kFsa && !hasCoulombAsymmetry(m, k / kStandardPerJoint)))
              g[k] = 0;
          QVERIFY2(relErr(VectorX(YB * rules.values(g)), VectorX(Y * g)) < 1e-12,
                   qPrintable(ctx + QString(": base torques vs Y pi (generic) %1").arg(relErr(VectorX(YB * rules.values(g)), VectorX(Y * g)))));
        }
        // The default result (completed) is the rules' result.
        const BaseParameterSet done = symbolicBaseParameters(m, BaseParameterOptions{act});
        QVERIFY2(done.check.done && done.check.rulesMinimal && done.count() == rules.count(), qPrintable(ctx));
        ++checked;
      }
    }
    QCOMPARE(checked, 2 * kChains);
  }

  /// The property can fail: with one extension switched off, some chains of the same sample break it
  /// (so each rule is exercised by the generator).
  void eachExtensionIsExercised() {
    const std::pair<unsigned, const char*> rules[] = {{kRuleZeroGravity, "zero gravity (C1)"},
                                                      {kRuleFixedPoint, "zero gravity, fixed point"},
                                                      {kRulePrismaticMass, "prismatic mass (Ia, Fsa)"},
                                                      {kRuleCoaxialFirstMoments, "coaxial first moments"}};
    int failing[4] = {0, 0, 0, 0};
    std::mt19937 rng(kSeed);
    for (int c = 0; c < kChains; ++c) {
      const Model m = randomStructuredChain(rng, 2 + c % 6);
      for (bool act : {false, true}) {
        NumericBaseOptions no;
        no.actuators = act;
        const BaseParameterSet num = numericBaseParameters(m, no);
        for (int r = 0; r < 4; ++r) {
          BaseParameterOptions o;
          o.actuators = act;
          o.complete = false;
          o.rules = kAllRules & ~rules[r].first;
          const BaseParameterSet s = symbolicBaseParameters(m, o);
          if (s.count() != num.count() || !sameSpan(s, num)) ++failing[r];
        }
      }
    }
    for (int r = 0; r < 4; ++r) {
      qInfo("without the rule '%s': %d of %d chain scopes fail", rules[r].second, failing[r], 2 * kChains);
      QVERIFY2(failing[r] > 0, rules[r].second);
    }
  }
};

MANIPLAB_TEST_APPLESS_MAIN(BaseParametersRandom)
#include "test_base_parameters_random.moc"  // (in the namespace, as the class)

}  // namespace test_base_parameters_random
