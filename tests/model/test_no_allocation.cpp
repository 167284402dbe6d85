// No hidden allocation in the dynamics core (issue 17): once Data is built, RNEA, CRBA, the kinetic-energy
// recurrence, ABA, the Cholesky forward dynamics, forward kinematics, the Jacobian, J̇q̇ and J̇, the
// energies, dM/dq and the Christoffel C, the Newton–Euler extractions, and one control period of the
// simulation engine (controller, plant step with its forward dynamics, the engine's kinematics and
// energies) run without a single heap allocation.
//
// How allocations are seen: this executable replaces the C library's malloc, calloc, realloc and free by
// forwarding wrappers (the glibc manual's "Replacing malloc"; __libc_malloc & co. are glibc's own entry
// points) that count the calls made by this thread while counting is on. Every allocation goes through
// them: Eigen's aligned_malloc calls malloc, and so does libstdc++'s operator new, in the libraries as in
// this file. Eigen's own guard (EIGEN_RUNTIME_NO_MALLOC, its assertion made to report in release builds
// too) is armed as well, for the Eigen code instantiated in this file. A sanitizer runtime replaces malloc
// itself: under ASan/TSan the counting tests skip themselves (the release preset, CI's ctest, runs them).
#include <atomic>
namespace {
std::atomic<int> g_eigenGuardHits{0};
}
#define EIGEN_RUNTIME_NO_MALLOC
#define eigen_assert(x)                         \
  do {                                          \
    if (!(x)) g_eigenGuardHits.fetch_add(1);    \
  } while (false)
#include <QTest>

#include <cstddef>
#include <cstdlib>
#include <random>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/coriolis_christoffel.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/forward_dynamics.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/newton_euler_extraction.hpp"
#include "maniplab/model/operational_space.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/model/umis_inverse_kinematics.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/traces/recorder.hpp"
#include "support/random_chain.hpp"
#include "support/random_tree.hpp"
#include "support/sanitized.hpp"

namespace {
// initial-exec TLS: no allocation (and no recursion into malloc) on first access.
__attribute__((tls_model("initial-exec"))) thread_local bool g_counting = false;
__attribute__((tls_model("initial-exec"))) thread_local long g_allocations = 0;
}  // namespace

#ifndef MANIPLAB_TEST_SANITIZED
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void __libc_free(void*);
void* malloc(std::size_t n) {
  if (g_counting) ++g_allocations;
  return __libc_malloc(n);
}
void* calloc(std::size_t a, std::size_t b) {
  if (g_counting) ++g_allocations;
  return __libc_calloc(a, b);
}
void* realloc(void* p, std::size_t n) {
  if (g_counting) ++g_allocations;
  return __libc_realloc(p, n);
}
void free(void* p) { __libc_free(p); }
}
#endif

using namespace maniplab;
using namespace maniplab::testing;

namespace {

/// Heap allocations made by f() on this thread, plus the allocations Eigen's guard saw (armed meanwhile).
template <typename F> long allocationsOf(F&& f) {
  g_allocations = 0;
  g_eigenGuardHits = 0;
  g_counting = true;
  Eigen::internal::set_is_malloc_allowed(false);
  f();
  Eigen::internal::set_is_malloc_allowed(true);
  g_counting = false;
  return g_allocations + g_eigenGuardHits;
}

QString robotPath(const char* name) { return QString(MANIPLAB_SOURCE_DIR) + "/robots/" + name; }

}  // namespace

class NoAllocation : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
#ifdef MANIPLAB_TEST_SANITIZED
    QSKIP("a sanitizer runtime replaces malloc: allocations are not counted in this build");
#endif
  }

  // The counter sees what it must (else the other tests could not fail).
  void counterSeesAllocations() {
    QCOMPARE(allocationsOf([] { volatile double x = 1; (void)x; }), 0L);
    long size = 0;
    const long n = allocationsOf([&] {
      Eigen::internal::set_is_malloc_allowed(true);  // these allocations are meant (the guard is tested below)
      VectorX v = VectorX::Zero(7);
      std::vector<int> w(3);
      size = v.size() + long(w.size());
    });
    QCOMPARE(size, 10L);
    QCOMPARE(n, 2L);
    // Allocations inside the libraries are seen (this overload returns a new matrix).
    std::mt19937 rng(3);
    const Model m = randomChain(rng);
    Data d(m);
    const VectorX q = VectorX::Zero(m.nq);
    forwardKinematics(m, d, q);
    QCOMPARE(allocationsOf([&] { size = jacobianTimeDerivative(m, d, q).cols(); }), 1L);
    // Eigen's guard reports an allocation of Eigen code instantiated here (counted once by each mechanism).
    QCOMPARE(allocationsOf([&] { MatrixX big = MatrixX::Zero(5, 5); size = big.size(); }), 2L);
  }

  void dynamicsCore_data() {
    QTest::addColumn<QString>("robot");
    QTest::addColumn<int>("rotor");  // 0: as in the file, 1: armature, 2: full
    QTest::addRow("puma560 (file)") << "puma560.json" << 0;
    QTest::addRow("puma560 full rotor") << "puma560.json" << 2;
    QTest::addRow("umis (file)") << "umis.json" << 0;
    QTest::addRow("random R/P n=12 armature") << "" << 1;
    QTest::addRow("random R/P n=12 full rotor") << "" << 2;
    // Trees (Model::parent): the same guarantee (issue 29); on an AVX2 CPU crba runs its packed tree pass.
    QTest::addRow("two_arm_torso_mdh (file)") << "two_arm_torso_mdh.json" << 0;
    QTest::addRow("random tree R/P n=14 armature") << "tree" << 1;
    QTest::addRow("random tree R/P n=14 full rotor") << "tree" << 2;
  }
  void dynamicsCore() {
    QFETCH(QString, robot);
    QFETCH(int, rotor);
    Model m;
    if (robot.isEmpty()) {
      std::mt19937 rng(1701);
      RandomChainOptions o;
      o.n = 12;
      m = randomChain(rng, o);
    } else if (robot == QLatin1String("tree")) {
      std::mt19937 rng(2941);
      RandomTreeOptions o;
      o.n = 14;
      m = randomStructuredTree(rng, o);
      QVERIFY(!m.isChain());
    } else {
      const RobotLoadResult r = loadRobotFile(robotPath(robot.toUtf8().constData()).toStdString());
      QVERIFY2(r.ok(), r.report().c_str());
      m = r.model;
    }
    if (rotor == 1) m.rotorModel = RotorModel::Armature;
    if (rotor == 2) m.rotorModel = RotorModel::Full;
    const int n = m.nq;
    Data d(m);
    std::mt19937 rng(42);
    const VectorX q = randomVectorX(rng, n, 1.2), qd = randomVectorX(rng, n, 1.0), qdd = randomVectorX(rng, n, 2.0);
    VectorX tau = rnea(m, d, q, qd, qdd);
    const Vector6 wrench = Vector6::Constant(0.5);
    Matrix6X Jd(6, n);
    MatrixX L(n, n);
    VectorX x(n);
    RneaOptions smooth;
    smooth.frictionSmoothing = 0.05;
    QStringList fails;
    auto check = [&](const char* what, auto&& f) {
      const long a = allocationsOf(f);
      if (a != 0) fails << QString("%1 allocated %2 times").arg(what).arg(a);
    };
    check("rnea", [&] { rnea(m, d, q, qd, qdd); });
    check("rnea (wrench, smoothed friction)", [&] { rnea(m, d, q, qd, qdd, smooth, &wrench); });
    check("crba", [&] { crba(m, d, q); });
    check("massMatrixRecurrence", [&] { massMatrixRecurrence(m, d, q); });
    check("aba", [&] { aba(m, d, q, qd, tau); });  // -2 (refused) in the full rotor model, still no allocation
    check("forwardDynamicsCholesky", [&] { forwardDynamicsCholesky(m, d, q, qd, tau); });
    check("forwardDynamics", [&] { forwardDynamics(m, d, q, qd, tau); });
    check("massMatrixNewtonEuler", [&] { massMatrixNewtonEuler(m, d, q); });
    check("gravityVector", [&] { gravityVector(m, d, q); });
    check("nonLinearEffects", [&] { nonLinearEffects(m, d, q, qd); });
    check("forwardKinematics", [&] { forwardKinematics(m, d, q); });
    check("computeJacobian (base)", [&] { computeJacobian(m, d, JacobianFrame::Base); });
    check("computeJacobian (tool)", [&] { computeJacobian(m, d, JacobianFrame::Tool); });
    check("jacobianDotTimesQdot", [&] { jacobianDotTimesQdot(m, d, qd); });
    check("jacobianTimeDerivative (into a matrix)", [&] { jacobianTimeDerivative(m, d, qd, Eigen::Ref<Matrix6X>(Jd)); });
    check("energyMomentum", [&] { energyMomentum(m, d, q, qd); });
    check("massMatrixDerivatives", [&] { massMatrixDerivatives(m, d, q); });
    check("coriolisMatrix", [&] { coriolisMatrix(m, d, q, qd); });
    crba(m, d, q);
    check("choleskyFactor + choleskySolve", [&] {
      choleskyFactor(d.M, L);
      x = tau;
      choleskySolve(L, x);
    });
    QVERIFY2(fails.isEmpty(), qPrintable(fails.join("; ")));
    // The results are the real ones (the calls above did their work).
    QCOMPARE(forwardDynamicsCholesky(m, d, q, qd, tau), -1);
    QVERIFY(relErr(d.qdd, qdd) < 1e-8);
  }

  // One control period of the simulation engine, as sim::runSimulation performs it (simulation.cpp):
  // reference, controller, torque to the plant, friction, kinematics and energies of the state, then the
  // plant's step over the period (RK4 or Euler at 0.5 ms: 5 plant ticks, 20 or 5 forward dynamics), for
  // every controller of the Puma and UMIS computed-torque scenes. The first period is a warm-up (the
  // integrators size their state on first use).
  void enginePeriod_data() {
    QTest::addColumn<QString>("scene");
    QTest::addColumn<int>("stepper");
    for (const char* s : {"scenes/puma560_ctc_vs_pid.json", "scenes/umis_ctc_vs_pid.json"}) {
      QTest::addRow("%s rk4", s) << QString(s) << int(sim::Stepper::RungeKutta4);
      QTest::addRow("%s euler", s) << QString(s) << int(sim::Stepper::Euler);
    }
  }
  void enginePeriod() {
    QFETCH(QString, scene);
    QFETCH(int, stepper);
    const sim::SceneLoadResult sl = sim::loadSceneFile(QString(MANIPLAB_SOURCE_DIR "/%1").arg(scene).toStdString());
    QVERIFY2(sl.ok(), sl.report().c_str());
    sim::Scene sc = sl.scene;
    sc.plant.stepper = sim::Stepper(stepper);
    const Model& m = sc.robot.model;
    const int n = m.nq;
    const auto traj = sim::makeTrajectory(sc);
    const sim::RunOptions ro = sim::runOptions(sc);
    const double T = ro.controlPeriod;
    QStringList fails;
    for (const auto& spec : sc.controllers) {
      sim::SimulatedPlant plant(m, sc.plant);
      const auto ctrl = sim::makeController(spec, m);
      Data data(m);
      sim::JointReference ref{VectorX::Zero(n), VectorX::Zero(n), VectorX::Zero(n)};
      traj->sample(0.0, ref);
      QVERIFY(plant.reset(ref.q, VectorX::Zero(n)).ok);
      ctrl->reset(n);
      VectorX tauCmd = VectorX::Zero(n), friction = VectorX::Zero(n);
      double sink = 0;
      auto period = [&](long k) {
        const double t = double(k) * T;
        traj->sample(t, ref);
        const sim::ControlInput in{t, &plant.measuredPosition(), &plant.measuredVelocity(), &ref, T};
        ctrl->compute(in, tauCmd);
        plant.writeTorque(tauCmd);
        frictionTorques(m, plant.velocity(), friction, ro.frictionSmoothing);
        forwardKinematics(m, data, ref.q);
        sink += poseVector(data.oMtool)[3];
        const EnergyMomentum em = energyMomentum(m, data, plant.position(), plant.velocity());
        sink += em.total() + poseVector(data.oMtool)[0];
        const sim::BackendStatus st = plant.advance(T);
        if (!st.ok) sink = std::nan("");
      };
      period(0);  // warm-up
      long k = 1;
      const long a = allocationsOf([&] {
        for (; k <= 40; ++k) period(k);
      });
      QVERIFY2(std::isfinite(sink), "the run failed");
      QVERIFY(plant.derivativeEvaluations() > 0);
      if (a != 0) fails << QString("%1: %2 allocations in 40 control periods").arg(QString::fromStdString(spec.name)).arg(a);
    }
    QVERIFY2(fails.isEmpty(), qPrintable(fails.join("; ")));
  }

  // A whole sim::runSimulation: its allocations (recorder, metrics, buffers: all made before the first
  // period) do not grow with the number of periods (both runs stay within the recorder's first chunk).
  void wholeRunDoesNotAllocatePerPeriod() {
    const sim::SceneLoadResult sl = sim::loadSceneFile(MANIPLAB_SOURCE_DIR "/scenes/puma560_ctc_vs_pid.json");
    QVERIFY2(sl.ok(), sl.report().c_str());
    const sim::Scene& sc = sl.scene;
    const Model& m = sc.robot.model;
    const auto traj = sim::makeTrajectory(sc);
    long counts[2] = {0, 0};
    long long periods[2] = {0, 0};
    for (int r = 0; r < 2; ++r) {
      sim::RunOptions ro = sim::runOptions(sc);
      ro.duration = (r == 0 ? 200 : 400) * ro.controlPeriod;
      sim::SimulatedPlant plant(m, sc.plant);
      const auto ctrl = sim::makeController(sc.controllers.front(), m);
      sim::Recorder rec(sim::makeChannels(m, ro.record), ro.recorder);
      sim::RunResult res;
      counts[r] = allocationsOf([&] {
        Eigen::internal::set_is_malloc_allowed(true);  // the set-up allocates (counted by malloc only)
        res = sim::runSimulation(m, plant, *ctrl, *traj, ro, rec);
      });
      QVERIFY2(res.ok, res.message.c_str());
      periods[r] = res.periods;
    }
    QCOMPARE(periods[1], 2 * periods[0]);
    QCOMPARE(counts[1], counts[0]);
  }
};

QTEST_GUILESS_MAIN(NoAllocation)
#include "test_no_allocation.moc"
