// Argument checks of the dynamics core (argument_checks.hpp): every public algorithm refuses a vector of the
// wrong size, a workspace (Data) built for a model of another size and a model whose per-joint vectors
// disagree with its nq, with std::invalid_argument naming the function, the argument, the expected and the
// actual size; in release builds as in debug ones (this test runs in the release preset). Valid calls are
// unaffected: the checked functions give the same results as before on the same inputs.
#include <QTest>

#include <functional>
#include <random>
#include <stdexcept>
#include <string>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/cholesky.hpp"
#include "maniplab/model/coriolis_christoffel.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/dual.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/forward_dynamics.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/inverse_kinematics_dls.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/newton_euler_extraction.hpp"
#include "maniplab/model/operational_space.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/umis_inverse_kinematics.hpp"
#include "support/random_chain.hpp"
#include "support/test_main.hpp"

namespace test_argument_checks {

using namespace maniplab;
using namespace maniplab::testing;

namespace {

/// The message of the std::invalid_argument that f throws ("" and a test failure if none).
QString thrownMessage(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return QString::fromStdString(e.what());
  } catch (const std::exception& e) {
    return QStringLiteral("WRONG EXCEPTION TYPE: ") + QString::fromStdString(e.what());
  }
  return {};
}

Model chain(unsigned seed, int n, RotorModel rotor = RotorModel::Armature) {
  std::mt19937 rng(seed);
  RandomChainOptions o;
  o.n = n;
  o.rotor = rotor;
  return randomChain(rng, o);
}

}  // namespace

class ArgumentChecks : public QObject {
  Q_OBJECT
 private slots:
  // One row per public algorithm and vector argument: the call with that argument one element short.
  void wrongVectorSize_data() {
    QTest::addColumn<QString>("function");
    QTest::addColumn<QString>("argument");
    for (const char* f : {"rnea", "aba", "forwardDynamicsCholesky"}) {
      QTest::addRow("%s q", f) << QString(f) << "q";
      QTest::addRow("%s qd", f) << QString(f) << "qd";
    }
    QTest::addRow("rnea qdd") << "rnea"
                              << "qdd";
    QTest::addRow("aba tau") << "aba"
                             << "tau";
    QTest::addRow("forwardDynamicsCholesky tau") << "forwardDynamicsCholesky"
                                                 << "tau";
    for (const char* f : {"crba", "massMatrixRecurrence", "massMatrixNewtonEuler", "gravityVector", "forwardKinematics",
                          "massMatrixDerivatives"})
      QTest::addRow("%s q", f) << QString(f) << "q";
    for (const char* f : {"nonLinearEffects", "energyMomentum", "coriolisMatrix", "operationalSpaceModel"}) {
      QTest::addRow("%s q", f) << QString(f) << "q";
      QTest::addRow("%s qd", f) << QString(f) << "qd";
    }
    QTest::addRow("jacobianDotTimesQdot qd") << "jacobianDotTimesQdot"
                                             << "qd";
    QTest::addRow("jacobianTimeDerivative qd") << "jacobianTimeDerivative"
                                               << "qd";
    QTest::addRow("inverseKinematicsDLS q0") << "inverseKinematicsDLS"
                                             << "q0";
  }
  void wrongVectorSize() {
    QFETCH(QString, function);
    QFETCH(QString, argument);
    const Model m = chain(11, 6);
    Data d(m);
    const VectorX ok = VectorX::Constant(6, 0.3), bad = VectorX::Constant(5, 0.3);
    auto v = [&](const char* name) -> const VectorX& { return argument == name ? bad : ok; };
    const RneaOptions opt;
    const std::string f = function.toStdString();
    const QString msg = thrownMessage([&] {
      if (f == "rnea") rnea(m, d, v("q"), v("qd"), v("qdd"), opt);
      if (f == "aba") aba(m, d, v("q"), v("qd"), v("tau"), opt);
      if (f == "forwardDynamicsCholesky") forwardDynamicsCholesky(m, d, v("q"), v("qd"), v("tau"), opt);
      if (f == "crba") crba(m, d, v("q"));
      if (f == "massMatrixRecurrence") massMatrixRecurrence(m, d, v("q"));
      if (f == "massMatrixNewtonEuler") massMatrixNewtonEuler(m, d, v("q"));
      if (f == "gravityVector") gravityVector(m, d, v("q"));
      if (f == "nonLinearEffects") nonLinearEffects(m, d, v("q"), v("qd"));
      if (f == "forwardKinematics") forwardKinematics(m, d, v("q"));
      if (f == "energyMomentum") energyMomentum(m, d, v("q"), v("qd"));
      if (f == "massMatrixDerivatives") massMatrixDerivatives(m, d, v("q"));
      if (f == "coriolisMatrix") coriolisMatrix(m, d, v("q"), v("qd"));
      if (f == "jacobianDotTimesQdot") jacobianDotTimesQdot(m, d, v("qd"));
      if (f == "jacobianTimeDerivative") jacobianTimeDerivative(m, d, v("qd"));
      if (f == "inverseKinematicsDLS") inverseKinematicsDLS(m, d, Transform(), v("q0"));
      if (f == "operationalSpaceModel") {
        OperationalSpaceModel out;
        operationalSpaceModel(m, d, v("q"), v("qd"), out);
      }
    });
    const QString expected = QString("%1: argument '%2' has size 5, expected 6 (model.nq)").arg(function, argument);
    QCOMPARE(msg, expected);
  }

  // forwardDynamics() (the dispatcher) refuses through the method it dispatches to.
  void dispatcherChecks() {
    const Model m = chain(12, 4);
    Data d(m);
    const VectorX ok = VectorX::Zero(4), bad = VectorX::Zero(7);
    QCOMPARE(thrownMessage([&] { forwardDynamics(m, d, ok, ok, bad); }),
             QString("aba: argument 'tau' has size 7, expected 4 (model.nq)"));
    QCOMPARE(thrownMessage([&] { forwardDynamics(m, d, bad, ok, ok, {}, ForwardDynamicsMethod::Cholesky); }),
             QString("forwardDynamicsCholesky: argument 'q' has size 7, expected 4 (model.nq)"));
  }

  // A Data built for a model of another size is refused by every algorithm (it would be read out of bounds).
  void workspaceOfAnotherModel() {
    const Model m6 = chain(13, 6), m5 = chain(14, 5);
    Data d5(m5);
    const VectorX v = VectorX::Constant(6, 0.2);
    const QString tail = ": argument 'data' has size 5, expected 6 (the workspace was built for a model of another "
                         "size: construct Data(model))";
    QCOMPARE(thrownMessage([&] { rnea(m6, d5, v, v, v); }), "rnea" + tail);
    QCOMPARE(thrownMessage([&] { crba(m6, d5, v); }), "crba" + tail);
    QCOMPARE(thrownMessage([&] { aba(m6, d5, v, v, v); }), "aba" + tail);
    QCOMPARE(thrownMessage([&] { massMatrixRecurrence(m6, d5, v); }), "massMatrixRecurrence" + tail);
    QCOMPARE(thrownMessage([&] { forwardDynamicsCholesky(m6, d5, v, v, v); }), "forwardDynamicsCholesky" + tail);
    QCOMPARE(thrownMessage([&] { forwardKinematics(m6, d5, v); }), "forwardKinematics" + tail);
    QCOMPARE(thrownMessage([&] { computeJacobian(m6, d5); }), "computeJacobian" + tail);
    QCOMPARE(thrownMessage([&] { jacobianDotTimesQdot(m6, d5, v); }), "jacobianDotTimesQdot" + tail);
    QCOMPARE(thrownMessage([&] { energyMomentum(m6, d5, v, v); }), "energyMomentum" + tail);
    QCOMPARE(thrownMessage([&] { coriolisMatrix(m6, d5, v, v); }), "coriolisMatrix" + tail);
    QCOMPARE(thrownMessage([&] { massMatrixNewtonEuler(m6, d5, v); }), "massMatrixNewtonEuler" + tail);
    QCOMPARE(thrownMessage([&] { inverseKinematicsDLS(m6, d5, Transform(), v); }), "inverseKinematicsDLS" + tail);
    // A default-constructed Data is empty: refused too, not read.
    Data empty;
    QCOMPARE(thrownMessage([&] { rnea(m6, empty, v, v, v); }),
             QString("rnea: argument 'data' has size 0, expected 6 (the workspace was built for a model of another "
                     "size: construct Data(model))"));
    // The same Data after resize() serves the other model (Data is a workspace: nothing else in it is
    // specific to a model).
    d5.resize(6);
    QCOMPARE(thrownMessage([&] { rnea(m6, d5, v, v, v); }), QString());
  }

  // A model whose per-joint vectors were edited inconsistently (e.g. a body removed by hand).
  void inconsistentModel() {
    Model m = chain(15, 4);
    m.name = "edited";
    Data d(m);
    m.body.pop_back();
    const VectorX v = VectorX::Zero(4);
    QCOMPARE(thrownMessage([&] { rnea(m, d, v, v, v); }),
             QString("rnea: model 'edited' is inconsistent: body has 3 entries, expected 4 (model.nq)"));
    Model m2 = chain(16, 3);
    m2.name = "edited";
    Data d2(m2);
    m2.jointType.push_back(JointType::Revolute);
    const VectorX z3 = VectorX::Zero(3);
    QCOMPARE(thrownMessage([&] { aba(m2, d2, z3, z3, z3); }),
             QString("aba: model 'edited' is inconsistent: jointType has 4 entries, expected 3 (model.nq)"));
  }

  void otherArguments() {
    const Model m = chain(17, 3);
    Data d(m);
    const VectorX z3 = VectorX::Zero(3);
    forwardKinematics(m, d, z3);
    Matrix6X out(6, 2);
    QCOMPARE(thrownMessage([&] { jacobianTimeDerivative(m, d, z3, Eigen::Ref<Matrix6X>(out)); }),
             QString("jacobianTimeDerivative: argument 'out (columns)' has size 2, expected 3 (model.nq)"));
    MatrixX A = MatrixX::Identity(3, 3), L(2, 2), Lrect = MatrixX::Zero(3, 2);
    QCOMPARE(thrownMessage([&] { choleskyFactor(A, L); }),
             QString("choleskyFactor: argument 'L (rows)' has size 2, expected 3 (the size of A)"));
    QCOMPARE(thrownMessage([&] { choleskyFactor(Lrect, A); }),
             QString("choleskyFactor: argument 'A (columns)' has size 2, expected 3 (A must be square)"));
    VectorX x = VectorX::Zero(4);
    QCOMPARE(thrownMessage([&] { choleskySolve(A, x); }),
             QString("choleskySolve: argument 'x' has size 4, expected 3 (the size of L)"));
    QCOMPARE(thrownMessage([&] { nearestSolution({}, VectorX::Zero(5)); }),
             QString("nearestSolution: argument 'reference' has size 5, expected 6 (the UMIS arm has 6 joints)"));
  }

  // The checks are part of the templates: a dual-number model is checked the same way.
  void otherScalars() {
    const ModelTpl<Dual> m = chain(18, 3).cast<Dual>();
    DataTpl<Dual> d(m);
    const VectorXT<Dual> ok = VectorXT<Dual>::Zero(3), bad = VectorXT<Dual>::Zero(2);
    QCOMPARE(thrownMessage([&] { rnea(m, d, ok, bad, ok); }),
             QString("rnea: argument 'qd' has size 2, expected 3 (model.nq)"));
    QCOMPARE(thrownMessage([&] { crba(m, d, bad); }), QString("crba: argument 'q' has size 2, expected 3 (model.nq)"));
  }

  // Valid calls are not refused, and the checked entry points give what the unchecked ones give.
  void validCallsUnchanged() {
    for (RotorModel rotor : {RotorModel::Armature, RotorModel::Full}) {
      const Model m = chain(19, 7, rotor);
      Data d(m), e(m);
      std::mt19937 rng(20);
      const VectorX q = randomVectorX(rng, 7, 1.5), qd = randomVectorX(rng, 7, 1.0), qdd = randomVectorX(rng, 7, 1.0);
      const RneaOptions opt;
      const VectorX tau = rnea(m, d, q, qd, qdd, opt);
      QVERIFY(tau == detail::rneaUnchecked(m, e, q, qd, qdd, opt, static_cast<const Vector6*>(nullptr)));
      QVERIFY(crba(m, d, q) == detail::crbaUnchecked(m, e, q, false));
      QVERIFY(massMatrixRecurrence(m, d, q) == detail::massMatrixRecurrenceUnchecked(m, e, q, false));
      QCOMPARE(forwardDynamicsCholesky(m, d, q, qd, tau, opt), -1);
      QVERIFY(relErr(d.qdd, qdd) < 1e-9);
      if (rotor == RotorModel::Armature) {
        QCOMPARE(aba(m, d, q, qd, tau, opt), -1);
        QCOMPARE(detail::abaUnchecked(m, e, q, qd, tau, opt), -1);
        QVERIFY(d.qdd == e.qdd);
      }
    }
  }
};

MANIPLAB_TEST_GUILESS_MAIN(ArgumentChecks)
#include "test_argument_checks.moc"  // (in the namespace, as the class)

}  // namespace test_argument_checks
