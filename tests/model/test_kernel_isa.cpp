// The run-time choice of the dynamics kernels' instruction set (kernel_isa.hpp): on a CPU with AVX2 and
// FMA the AVX2 + FMA clones of RNEA, CRBA, ABA, the forward kinematics and the energies are the ones in use (their results differ from the
// baseline code's by rounding, so bit-for-bit equality over many states would mean the clone is not
// running), both agree to rounding, the baseline can be forced, and an unavailable choice is refused.
// ABA is also checked against the independent Cholesky forward dynamics (CRBA + RNEA) under each choice.
#include <QTest>

#include <algorithm>
#include <random>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/kernel_isa.hpp"
#include "maniplab/model/rnea.hpp"
#include "support/random_chain.hpp"
#include "support/random_tree.hpp"
#include "support/test_main.hpp"

namespace test_kernel_isa {

using namespace maniplab;
using namespace maniplab::testing;

namespace {

struct Outputs {
  VectorX tau, qdd, qddCholesky;
  MatrixX M;
  MatrixX tool;    ///< [R p] of data.oMtool after forwardKinematics
  VectorX energy;  ///< kinetic, potential, linear and angular momentum
};

struct Case {
  Model model;
  std::vector<VectorX> q, qd, qdd, tau;
};

Case makeCase(unsigned seed, int n, double prismatic) {
  std::mt19937 rng(seed);
  RandomChainOptions o;
  o.n = n;
  o.prismaticFraction = prismatic;
  o.rotor = RotorModel::Armature;
  Case c{randomChain(rng, o), {}, {}, {}, {}};
  std::uniform_real_distribution<double> U(-2, 2);
  for (int s = 0; s < 16; ++s) {
    VectorX q(n), qd(n), qdd(n), tau(n);
    for (int j = 0; j < n; ++j) {
      q[j] = U(rng);
      qd[j] = U(rng);
      qdd[j] = U(rng);
      tau[j] = 5 * U(rng);
    }
    c.q.push_back(q);
    c.qd.push_back(qd);
    c.qdd.push_back(qdd);
    c.tau.push_back(tau);
  }
  return c;
}

std::vector<Outputs> run(const Case& c) {
  std::vector<Outputs> out;
  Data d(c.model);
  for (std::size_t s = 0; s < c.q.size(); ++s) {
    Outputs o;
    o.tau = rnea(c.model, d, c.q[s], c.qd[s], c.qdd[s]);
    o.M = crba(c.model, d, c.q[s]);
    if (aba(c.model, d, c.q[s], c.qd[s], c.tau[s]) != -1) qFatal("aba: singular");
    o.qdd = d.qdd;
    if (forwardDynamicsCholesky(c.model, d, c.q[s], c.qd[s], c.tau[s]) != -1) qFatal("cholesky: singular");
    o.qddCholesky = d.qdd;
    forwardKinematics(c.model, d, c.q[s]);
    o.tool.resize(3, 4);
    o.tool << d.oMtool.R, d.oMtool.p;
    const EnergyMomentum e = energyMomentum(c.model, d, c.q[s], c.qd[s]);
    o.energy.resize(8);
    o.energy << e.kinetic, e.potential, e.linearMomentum, e.angularMomentum;
    out.push_back(o);
  }
  return out;
}

// GCC's flatten inlines the whole call tree of a clone's entry point; Clang's (14, Debian's; changed in 2026
// to match GCC) only its direct callees, so there a kernel whose arithmetic sits in deeper callees (the forward
// kinematics: joint transforms and transform products) may run the baseline code inside its clone (see
// model/src/kernel_clone.hpp). Then only the mechanism as a whole is checked.
#if defined(__clang__)
constexpr bool kTransitiveFlatten = false;
#else
constexpr bool kTransitiveFlatten = true;
#endif

double relDiff(const MatrixX& a, const MatrixX& b) { return (a - b).norm() / std::max(1.0, b.norm()); }

}  // namespace

class KernelIsaTest : public QObject {
  Q_OBJECT
 private slots:
  // What the process started on (MANIPLAB_KERNELS or the CPU's choice), before any slot changes it.
  void initTestCase() { startIsa_ = kernelIsa(); }
  void cleanup() { setKernelIsa(startIsa_); }

  void baselineIsAlwaysAvailable() {
    QVERIFY(setKernelIsa(KernelIsa::Baseline));
    QCOMPARE(kernelIsa(), KernelIsa::Baseline);
  }

  void unavailableChoiceIsRefused() {
    if (cpuKernelIsa() == KernelIsa::Avx2Fma) QSKIP("this CPU has AVX2 and FMA: nothing to refuse");
    QVERIFY(!setKernelIsa(KernelIsa::Avx2Fma));
    QCOMPARE(kernelIsa(), KernelIsa::Baseline);
  }

  void processStartsOnTheCpusChoice() {
    if (qEnvironmentVariable("MANIPLAB_KERNELS") == QLatin1String("baseline"))
      QCOMPARE(startIsa_, KernelIsa::Baseline);
    else
      QCOMPARE(startIsa_, cpuKernelIsa());
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    QVERIFY(kernelCloneBuilt());
#endif
  }

  void clonesAgreeWithBaselineToRounding_data() {
    QTest::addColumn<unsigned>("seed");
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("prismatic");
    QTest::newRow("R6") << 11u << 6 << 0.0;
    QTest::newRow("RP12") << 12u << 12 << 0.3;
    QTest::newRow("RP30") << 13u << 30 << 0.3;
  }
  void clonesAgreeWithBaselineToRounding() {
    QFETCH(unsigned, seed);
    QFETCH(int, n);
    QFETCH(double, prismatic);
    const Case c = makeCase(seed, n, prismatic);
    QVERIFY(setKernelIsa(KernelIsa::Baseline));
    const auto base = run(c);
    for (const auto& o : base) QVERIFY2(relDiff(o.qdd, o.qddCholesky) < 1e-10, "baseline ABA vs Cholesky FD");
    if (cpuKernelIsa() != KernelIsa::Avx2Fma) QSKIP("no AVX2 + FMA on this CPU: only the baseline kernels run");
    QVERIFY(setKernelIsa(KernelIsa::Avx2Fma));
    const auto fma = run(c);
    // Per kernel: some result differs bit-wise from the baseline's (its clone runs), all agree to rounding.
    bool differs[5] = {};
    for (std::size_t s = 0; s < base.size(); ++s) {
      QVERIFY2(relDiff(fma[s].tau, base[s].tau) < 1e-13, "rnea");
      QVERIFY2(relDiff(fma[s].M, base[s].M) < 1e-13, "crba");
      QVERIFY2(relDiff(fma[s].qdd, base[s].qdd) < 1e-10, "aba");
      QVERIFY2(relDiff(fma[s].qdd, fma[s].qddCholesky) < 1e-10, "AVX2 + FMA ABA vs Cholesky FD");
      QVERIFY2(relDiff(fma[s].tool, base[s].tool) < 1e-14, "forward kinematics");
      QVERIFY2(relDiff(fma[s].energy, base[s].energy) < 1e-13, "energies and momenta");
      differs[0] = differs[0] || fma[s].tau != base[s].tau;
      differs[1] = differs[1] || fma[s].M != base[s].M;
      differs[2] = differs[2] || fma[s].qdd != base[s].qdd;
      differs[3] = differs[3] || fma[s].tool != base[s].tool;
      differs[4] = differs[4] || fma[s].energy != base[s].energy;
    }
    const char* names[5] = {"rnea", "crba", "aba", "forwardKinematics", "energyMomentum"};
    if (kTransitiveFlatten) {
      for (int k = 0; k < 5; ++k)
        QVERIFY2(differs[k], qPrintable(QStringLiteral("AVX2 + FMA selected, yet every result of %1 equals the baseline's "
                                                       "bit for bit: its clone is not in use").arg(QLatin1String(names[k]))));
    } else {
      QVERIFY2(std::find(std::begin(differs), std::end(differs), true) != std::end(differs),
               "AVX2 + FMA selected, yet every result equals the baseline's bit for bit: no clone is in use");
    }
  }

  /// On a tree, crba's AVX2 + FMA clone runs another form of the pass than the baseline code (4-lane vectors,
  /// model/src/crba_tree_packed.hpp): every output it documents agrees with the scalar pass to rounding, the
  /// entries between branches are exact zeros and M is exactly symmetric under both. Random trees with
  /// revolute and prismatic joints and branches at several depths, both rotor models, joints on the base
  /// other than joint 1 in some, and the joint transforms given ready (after RNEA) in some calls.
  void treeCrbaCloneAgreesWithBaseline_data() {
    QTest::addColumn<bool>("fullRotor");
    QTest::newRow("armature") << false;
    QTest::newRow("full rotor") << true;
  }
  void treeCrbaCloneAgreesWithBaseline() {
    QFETCH(bool, fullRotor);
    if (cpuKernelIsa() != KernelIsa::Avx2Fma) QSKIP("no AVX2 + FMA on this CPU: only the baseline kernels run");
    std::mt19937 rng(fullRotor ? 2931u : 2930u);
    std::uniform_real_distribution<double> U(-2, 2);
    RandomTreeOptions o;
    int withBaseChildren = 0, prismatic = 0;
    bool differs = false;
    double worst = 0;
    for (int c = 0; c < 16; ++c) {
      o.n = 6 + c;
      Model m = randomStructuredTree(rng, o);
      if (fullRotor) {
        m.rotorModel = RotorModel::Full;
        for (auto& a : m.actuator) a.rotorAxis = Vector3(U(rng), U(rng), U(rng)).normalized();
      }
      QVERIFY(!m.isChain());
      const int n = m.nq;
      for (int i = 1; i < n; ++i) withBaseChildren += m.parent[std::size_t(i)] < 0;
      for (int i = 0; i < n; ++i) prismatic += !m.isRevolute(i);
      Data base(m), fma(m);
      for (int s = 0; s < 4; ++s) {
        VectorX q(n);
        for (int j = 0; j < n; ++j) q[j] = U(rng);
        const bool ready = s % 2 == 1;
        QVERIFY(setKernelIsa(KernelIsa::Baseline));
        const MatrixX Mb = crba(m, base, q);
        QVERIFY(setKernelIsa(KernelIsa::Avx2Fma));
        const VectorX zero = VectorX::Zero(n);
        if (ready) rnea(m, fma, q, zero, zero);  // leaves the joint transforms at q
        fma.crbaX[0].R.setConstant(7.0);  // stale values the pass must overwrite
        fma.M.setConstant(7.0);
        const MatrixX Mf = crba(m, fma, q, ready);
        QVERIFY(Mf == Mf.transpose());
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j)
            if (!m.isAncestor(i, j) && !m.isAncestor(j, i)) QCOMPARE(Mf(i, j), 0.0);
        differs = differs || Mf != Mb;
        worst = std::max(worst, relDiff(Mf, Mb));
        worst = std::max(worst, relDiff(fma.crbaF, base.crbaF));
        worst = std::max(worst, relDiff(fma.motionSubspace, base.motionSubspace));
        for (int i = 0; i < n; ++i) {
          const auto k = std::size_t(i);
          worst = std::max(worst, relDiff(fma.crbaX[k].R, base.crbaX[k].R) + relDiff(fma.crbaX[k].p, base.crbaX[k].p));
          worst = std::max(worst, relDiff(fma.compInertia[k], base.compInertia[k]) + relDiff(fma.compFirst[k], base.compFirst[k]));
          worst = std::max(worst, std::abs(fma.compMass[k] - base.compMass[k]) / base.compMass[k]);
        }
      }
    }
    qInfo("%s: %d trees, %d joints on the base besides joint 1, %d prismatic joints; worst relative difference %.3g",
          fullRotor ? "full rotor" : "armature", 16, withBaseChildren, prismatic, worst);
    QVERIFY(withBaseChildren > 0);
    QVERIFY(prismatic > 0);
    QVERIFY2(worst < 1e-13, qPrintable(QString::number(worst)));
    QVERIFY2(differs, "AVX2 + FMA selected, yet every tree's M equals the baseline's bit for bit: the tree clone is not in use");
  }

 private:
  KernelIsa startIsa_ = KernelIsa::Baseline;
};

MANIPLAB_TEST_APPLESS_MAIN(KernelIsaTest)
#include "test_kernel_isa.moc"  // (in the namespace, as the class)

}  // namespace test_kernel_isa
