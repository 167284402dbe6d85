// Coupled (mimic) joints (Model::coupling, coupled_dynamics.hpp): q = G q_ind + o, M_ind = G^T M G,
// tau_ind = G^T tau, as Pinocchio 3 projects its mimic joints.
//
// Checked on random trees (tests/support/random_tree.hpp) with random couplings (a joint follows another,
// earlier or later, independent joint; multipliers of either sign, offsets; revolute and prismatic; both
// rotor models), each against a computation that does not go through the projection:
//   - M_ind from the kinetic energy of the bodies (energyMomentum, no mass matrix): by polarisation,
//     M_ind(a, b) = T(G(e_a + e_b)) - T(G e_a) - T(G e_b) at the expanded position;
//   - the coupled forward dynamics against the constrained system solved whole, with Lagrange multipliers
//     (Featherstone RBDA §3.2): [M A^T; A 0] [qdd; -lambda] = [tau - h; 0], A's rows e_i - g_i e_k;
//   - energy conservation of the passive coupled tree (no friction, no torque) integrated by RK4
//     (energyMomentum again), and a wrong projection (tau_ind without the coupled joints' share) is shown to
//     break it;
//   - inverse then forward dynamics give back qdd_ind;
//   - the errors: a source that is itself coupled, out of range or the joint itself, a zero multiplier.
// The robot file's "mimic" key: read into Model::coupling (home following), written back, and its errors
// at /joints/K/mimic/... with their messages.
#include <QtTest/QtTest>

#include <Eigen/LU>

#include <cmath>
#include <random>
#include <string>

#include "maniplab/model/coupled_dynamics.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/robot_file.hpp"
#include "support/random_tree.hpp"
#include "support/test_main.hpp"

namespace test_coupled_dynamics {

using namespace maniplab;
using namespace maniplab::testing;

namespace {

/// A random tree of n joints, about a third of them coupled to an independent joint (earlier or later).
Model coupledTree(std::mt19937& rng, int n, bool fullRotor, std::string* label) {
  RandomTreeOptions o;
  o.n = n;
  Model m = randomStructuredTree(rng, o, label);
  if (fullRotor) {
    m.rotorModel = RotorModel::Full;
    for (auto& a : m.actuator) a.rotorTransverse = 0.5 * a.rotorInertia;
  }
  std::uniform_real_distribution<double> U(0, 1);
  m.coupling.assign(std::size_t(n), JointCoupling{});
  std::vector<int> independent;
  for (int i = 0; i < n; ++i)
    if (U(rng) < 0.65 || i == 0) independent.push_back(i);
  for (int i = 0; i < n; ++i) {
    if (std::find(independent.begin(), independent.end(), i) != independent.end()) continue;
    JointCoupling& c = m.coupling[std::size_t(i)];
    c.source = independent[std::size_t(U(rng) * double(independent.size())) % independent.size()];
    c.multiplier = (U(rng) < 0.5 ? -1 : 1) * (0.2 + 1.8 * U(rng));
    c.offset = U(rng) - 0.5;
    if (label) *label += " " + std::to_string(i + 1) + "<-" + std::to_string(c.source + 1);
  }
  return m;
}

double kinetic(const Model& m, Data& d, const VectorX& q, const VectorX& qd) {
  return energyMomentum(m, d, q, qd).kinetic;
}
double energy(const Model& m, Data& d, const VectorX& q, const VectorX& qd) {
  const auto e = energyMomentum(m, d, q, qd);
  return e.kinetic + e.potential;
}

/// The coupling matrix G (n x m), written from Model::coupling here.
MatrixX couplingMatrix(const Model& m, const std::vector<int>& independent) {
  MatrixX G = MatrixX::Zero(m.nq, int(independent.size()));
  for (int i = 0; i < m.nq; ++i) {
    const JointCoupling c = m.coupling.empty() ? JointCoupling{} : m.coupling[std::size_t(i)];
    const int j = c.source < 0 ? i : c.source;
    const auto col = std::find(independent.begin(), independent.end(), j) - independent.begin();
    G(i, int(col)) = c.source < 0 ? 1.0 : c.multiplier;
  }
  return G;
}

RobotLoadResult parse(const std::string& text) { return parseRobot(text, "t.json"); }

const char* const kGripper = R"({
  "format": "maniplab-robot", "version": 1, "name": "gripper", "convention": "mdh", "angle_unit": "deg",
  "home": [10, 0.01, 0, 0],
  "joints": [
    {"name": "wrist", "type": "revolute", "alpha": 0, "d": 0, "theta": 0, "r": 0.3,
     "link": {"mass": 2, "com": [0, 0, -0.05], "inertia": {"xx": 0.01, "yy": 0.01, "zz": 0.005}}},
    {"name": "left", "type": "prismatic", "alpha": -90, "d": 0.05, "theta": 0, "r": 0,
     "link": {"mass": 0.2, "com": [0, 0, 0.01], "inertia": {"xx": 1e-4, "yy": 1e-4, "zz": 1e-4}}},
    {"name": "right", "type": "prismatic", "parent": 1, "gamma": 180, "alpha": -90, "d": 0.05, "theta": 0, "r": 0,
     "mimic": {"joint": 2, "multiplier": 1, "offset": 0.002},
     "link": {"mass": 0.2, "com": [0, 0, 0.01], "inertia": {"xx": 1e-4, "yy": 1e-4, "zz": 1e-4}}},
    {"name": "tilt", "type": "revolute", "parent": 1, "alpha": 90, "d": 0, "theta": 0, "r": 0.1,
     "mimic": {"joint": 1, "multiplier": -0.5, "offset": 5},
     "link": {"mass": 0.3, "com": [0.02, 0, 0], "inertia": {"xx": 1e-4, "yy": 2e-4, "zz": 2e-4}}}
  ]
})";

}  // namespace

class TestCoupledDynamics : public QObject {
  Q_OBJECT

 private slots:
  void massMatrixFromTheBodiesEnergy() {
    std::mt19937 rng(29);
    double worst = 0;
    for (int t = 0; t < 40; ++t) {
      std::string label;
      const Model m = coupledTree(rng, 6 + t % 9, t % 2 == 1, &label);
      const CouplingMap map = couplingMap(m);
      Data d(m), e(m);
      CoupledData cd(map);
      VectorX qInd = randomVectorX(rng, map.m, 1.5), q(m.nq), v(m.nq);
      expandPositions(map, qInd, q);
      coupledMassMatrix(m, map, d, cd, q);
      MatrixX fromEnergy(map.m, map.m);
      const auto T = [&](const VectorX& vInd) {
        expandRates(map, vInd, v);
        return kinetic(m, e, q, v);
      };
      for (int a = 0; a < map.m; ++a)
        for (int b = 0; b < map.m; ++b) {
          VectorX ea = VectorX::Unit(map.m, a), eb = VectorX::Unit(map.m, b);
          fromEnergy(a, b) = a == b ? 2 * T(ea) : T(ea + eb) - T(ea) - T(eb);
        }
      const double err = relErr(cd.Mind, fromEnergy);
      worst = std::max(worst, err);
      QVERIFY2(err < 1e-12, qPrintable(QString("%1: %2").arg(label.c_str()).arg(err)));
      QCOMPARE(map.m + int(std::count_if(m.coupling.begin(), m.coupling.end(), [](auto c) { return c.source >= 0; })), m.nq);
    }
    qInfo("M_ind against the bodies' kinetic energy, 40 coupled trees: worst %.1e", worst);
  }

  void forwardDynamicsEqualsTheConstrainedSystem() {
    std::mt19937 rng(30);
    double worst = 0;
    for (int t = 0; t < 40; ++t) {
      std::string label;
      const Model m = coupledTree(rng, 6 + t % 9, t % 2 == 1, &label);
      const CouplingMap map = couplingMap(m);
      Data d(m), e(m);
      CoupledData cd(map);
      VectorX qInd = randomVectorX(rng, map.m, 1.5), qdInd = randomVectorX(rng, map.m, 1.0);
      VectorX q(m.nq), qd(m.nq);
      expandPositions(map, qInd, q);
      expandRates(map, qdInd, qd);
      const VectorX tau = randomVectorX(rng, m.nq, 5.0);
      RneaOptions opt;
      opt.frictionSmoothing = 0.01;
      QCOMPARE(coupledForwardDynamics(m, map, d, cd, q, qd, tau, opt), -1);
      // the whole constrained system: M qdd + h = tau + A^T lambda, A qdd = 0
      const MatrixX M = crba(m, e, q);
      VectorX zero = VectorX::Zero(m.nq);
      const VectorX h = rnea(m, e, q, qd, zero, opt);
      const int c = m.nq - map.m;
      MatrixX A = MatrixX::Zero(c, m.nq);
      int row = 0;
      for (int i = 0; i < m.nq; ++i)
        if (const JointCoupling k = m.coupling[std::size_t(i)]; k.source >= 0) {
          A(row, i) = 1;
          A(row, k.source) = -k.multiplier;
          ++row;
        }
      MatrixX K = MatrixX::Zero(m.nq + c, m.nq + c);
      K.topLeftCorner(m.nq, m.nq) = M;
      K.topRightCorner(m.nq, c) = A.transpose();
      K.bottomLeftCorner(c, m.nq) = A;
      VectorX rhs = VectorX::Zero(m.nq + c);
      rhs.head(m.nq) = tau - h;
      const VectorX x = K.fullPivLu().solve(rhs);
      const double err = relErr(cd.qdd, VectorX(x.head(m.nq)));
      worst = std::max(worst, err);
      QVERIFY2(err < 1e-9, qPrintable(QString("%1: %2").arg(label.c_str()).arg(err)));
      // G qdd_ind is the full qdd; the independent ones are read back
      VectorX back(map.m);
      independentPart(map, cd.qdd, back);
      QVERIFY(back == cd.qddInd);
      // inverse dynamics of that qdd_ind: G^T tau
      VectorX tauInd(map.m), want(map.m);
      coupledInverseDynamics(m, map, e, cd, q, qd, cd.qddInd, tauInd, opt);
      projectForces(map, tau, want);
      QVERIFY2(relErr(tauInd, want) < 1e-10, qPrintable(QString("%1: inverse %2").arg(label.c_str()).arg(relErr(tauInd, want))));
      const MatrixX G = couplingMatrix(m, map.independent);
      QVERIFY(relErr(want, VectorX(G.transpose() * tau)) < 1e-15);
    }
    qInfo("coupled FD against the Lagrange-multiplier system, 40 coupled trees: worst %.1e", worst);
  }

  /// A passive coupled tree keeps its energy (RK4, h = 1e-4 s, 0.5 s); a projection that forgets the coupled
  /// joints' share of the bias (G^T h replaced by h of the independent joints) does not.
  void passiveCoupledTreeKeepsItsEnergy() {
    std::mt19937 rng(31);
    RneaOptions opt;
    opt.friction = false;
    for (int t = 0; t < 4; ++t) {
      std::string label;
      const Model m = coupledTree(rng, 7, t % 2 == 1, &label);
      const CouplingMap map = couplingMap(m);
      Data d(m), e(m);
      CoupledData cd(map);
      VectorX qInd = randomVectorX(rng, map.m, 1.0), vInd = randomVectorX(rng, map.m, 1.0);
      VectorX q(m.nq), qd(m.nq);
      const VectorX zero = VectorX::Zero(m.nq);
      const auto accel = [&](const VectorX& x, const VectorX& v, bool wrong) {
        expandPositions(map, x, q);
        expandRates(map, v, qd);
        if (coupledForwardDynamics(m, map, d, cd, q, qd, zero, opt) >= 0) QTest::qFail("singular", __FILE__, __LINE__);
        if (!wrong) return VectorX(cd.qddInd);
        // the wrong projection: only the independent joints' own bias
        VectorX z = VectorX::Zero(m.nq);
        const VectorX h = rnea(m, e, q, qd, z, opt);
        VectorX rhs(map.m);
        for (int c = 0; c < map.m; ++c) rhs[c] = -h[map.independent[std::size_t(c)]];
        return VectorX(cd.Mind.llt().solve(rhs));
      };
      const auto drift = [&](bool wrong) {
        VectorX x = qInd, v = vInd;
        expandPositions(map, x, q);
        expandRates(map, v, qd);
        const double E0 = energy(m, e, q, qd);
        const double dt = 1e-4;
        double worst = 0;
        for (int k = 0; k < 5000; ++k) {
          const VectorX a1 = accel(x, v, wrong);
          const VectorX a2 = accel(x + 0.5 * dt * v, v + 0.5 * dt * a1, wrong);
          const VectorX a3 = accel(x + 0.5 * dt * (v + 0.5 * dt * a1), v + 0.5 * dt * a2, wrong);
          const VectorX a4 = accel(x + dt * (v + 0.5 * dt * a2), v + dt * a3, wrong);
          x += dt * v + dt * dt / 6 * (a1 + a2 + a3);
          v += dt / 6 * (a1 + 2 * a2 + 2 * a3 + a4);
          expandPositions(map, x, q);
          expandRates(map, v, qd);
          worst = std::max(worst, std::abs(energy(m, e, q, qd) - E0));
        }
        // relative to the kinetic energy scale
        expandPositions(map, qInd, q);
        expandRates(map, vInd, qd);
        return worst / std::max(1e-3, kinetic(m, e, q, qd));
      };
      const double right = drift(false), wrong = drift(true);
      qInfo("%s: energy drift over 0.5 s %.1e (a projection without the coupled joints' bias: %.1e)", label.c_str(), right, wrong);
      QVERIFY2(right < 1e-8, qPrintable(QString::number(right)));
      QVERIFY2(wrong > 1e-4, qPrintable(QString::number(wrong)));
    }
  }

  void badCouplingsAreRefused() {
    Model m;
    m.name = "c";
    for (int i = 0; i < 3; ++i) m.addJoint(JointType::Revolute, Transform(), BodyT<double>{1, Vector3::Zero(), Matrix3::Identity()});
    m.coupling.assign(3, JointCoupling{});
    const auto refused = [&](const char* want) {
      try {
        (void)couplingMap(m);
      } catch (const std::invalid_argument& e) {
        if (std::string(e.what()).find(want) != std::string::npos) return true;
        qWarning("%s", e.what());
      }
      return false;
    };
    m.coupling[1] = {0, 2.0, 0.1};
    QCOMPARE(couplingMap(m).m, 2);
    m.coupling[2] = {1, 1.0, 0.0};
    QVERIFY(refused("joint 3 (q3): coupling source 2 is itself coupled"));
    m.coupling[2] = {2, 1.0, 0.0};
    QVERIFY(refused("joint 3 (q3): coupling source 3 is not another joint"));
    m.coupling[2] = {5, 1.0, 0.0};
    QVERIFY(refused("source 6 is not another joint"));
    m.coupling[2] = {0, 0.0, 0.0};
    QVERIFY(refused("the multiplier non-zero"));
    m.coupling[2] = {0, 1.0, std::nan("")};
    QVERIFY(refused("must be finite"));
    m.coupling.assign(2, JointCoupling{});
    QVERIFY(refused("2 joint couplings for 3 joints"));
  }

  void robotFileMimic() {
    const RobotLoadResult r = parse(kGripper);
    QVERIFY2(r.ok(), r.report().c_str());
    const Model& m = r.model;
    QCOMPARE(int(m.coupling.size()), 4);
    QCOMPARE(m.coupling[0].source, -1);
    QCOMPARE(m.coupling[1].source, -1);
    QCOMPARE(m.coupling[2].source, 1);
    QCOMPARE(m.coupling[2].offset, 0.002);  // m: no angle unit
    QCOMPARE(m.coupling[3].source, 0);
    QCOMPARE(m.coupling[3].multiplier, -0.5);
    QVERIFY(std::abs(m.coupling[3].offset - 5 * M_PI / 180) < 1e-15);  // the file's degrees
    // the home of a coupled joint follows its source (the file's 0 is replaced)
    QVERIFY(std::abs(m.home[2] - 0.012) < 1e-15);
    QVERIFY(std::abs(m.home[3] - (-0.5 * 10 + 5) * M_PI / 180) < 1e-15);
    QCOMPARE(couplingMap(m).m, 2);
    // written back: the same couplings
    const RobotLoadResult back = parse(robotToJson(r.description));
    QVERIFY2(back.ok(), back.report().c_str());
    for (int i = 0; i < 4; ++i) {
      QCOMPARE(back.model.coupling[std::size_t(i)].source, m.coupling[std::size_t(i)].source);
      QVERIFY(std::abs(back.model.coupling[std::size_t(i)].multiplier - m.coupling[std::size_t(i)].multiplier) < 1e-15);
      QVERIFY(std::abs(back.model.coupling[std::size_t(i)].offset - m.coupling[std::size_t(i)].offset) < 1e-15);
    }
    // a file without mimic keeps an empty coupling
    std::string plain = kGripper;
    for (const char* cut : {R"("mimic": {"joint": 2, "multiplier": 1, "offset": 0.002},)",
                            R"("mimic": {"joint": 1, "multiplier": -0.5, "offset": 5},)"})
      plain.erase(plain.find(cut), std::strlen(cut));
    const RobotLoadResult none = parse(plain);
    QVERIFY2(none.ok(), none.report().c_str());
    QVERIFY(none.model.coupling.empty());
    QVERIFY(robotToJson(none.description).find("mimic") == std::string::npos);
  }

  void robotFileMimicErrors_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const QString source = "must be the number of another joint (1 to 4) that is not itself a mimic joint";
    QTest::newRow("itself") << R"("joint": 2, "multiplier": 1)" << R"("joint": 3, "multiplier": 1)" << "/joints/2/mimic/joint" << source;
    QTest::newRow("no such joint") << R"("joint": 2, "multiplier": 1)" << R"("joint": 9, "multiplier": 1)" << "/joints/2/mimic/joint"
                                   << source;
    QTest::newRow("not an integer") << R"("joint": 2, "multiplier": 1)" << R"("joint": 1.5, "multiplier": 1)"
                                    << "/joints/2/mimic/joint" << source;
    QTest::newRow("a mimic of a mimic") << R"("joint": 1, "multiplier": -0.5)" << R"("joint": 3, "multiplier": -0.5)"
                                        << "/joints/3/mimic/joint" << source;
    QTest::newRow("zero multiplier") << R"("joint": 2, "multiplier": 1)" << R"("joint": 2, "multiplier": 0)"
                                     << "/joints/2/mimic/multiplier"
                                     << "must be a finite number other than 0 (q = multiplier * q_joint + offset)";
    QTest::newRow("unknown key") << R"("joint": 2, "multiplier": 1)" << R"("joint": 2, "gain": 1)" << "/joints/2/mimic/gain"
                                 << "unknown key";
  }
  void robotFileMimicErrors() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, path);
    QFETCH(QString, message);
    std::string text = kGripper;
    const auto at = text.find(from.toStdString());
    QVERIFY(at != std::string::npos);
    text.replace(at, std::size_t(from.size()), to.toStdString());
    const RobotLoadResult r = parse(text);
    QVERIFY(!r.ok() || message == "unknown key");
    bool found = false;
    for (const auto& d : r.diagnostics) found |= d.path == path.toStdString() && d.message.find(message.toStdString()) != std::string::npos;
    if (!found) qWarning("%s", r.report().c_str());
    QVERIFY(found);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestCoupledDynamics)
#include "test_coupled_dynamics.moc"  // (in the namespace, as the class)

}  // namespace test_coupled_dynamics
