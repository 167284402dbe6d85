// Free-floating base (Llibre, Mampey & Chrétien 1983 §IV.2): floating-base ABA against the augmented mass matrix, the locked
// base against the fixed-base core, momentum from H against momentum from the body velocities, the
// reaction-aware inverse dynamics against the forward dynamics, and conservation of the seven kinetic
// quantities over 10 s of Dormand–Prince integration; the same on arms that are trees (two arms on one
// satellite); the satellite scene through the CLI.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTest>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/floating_base.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/sim/trajectories/quintic.hpp"
#include "support/random_chain.hpp"

using namespace maniplab;
using namespace maniplab::testing;
using namespace maniplab::sim;

namespace {

FloatingBaseModel randomFloating(std::mt19937& rng, int n, double prismatic = 0.3) {
  RandomChainOptions o;
  o.n = n;
  o.prismaticFraction = prismatic;
  o.rotor = RotorModel::Armature;
  FloatingBaseModel fm;
  fm.arm = randomChain(rng, o);
  std::uniform_real_distribution<double> U(0, 1);
  fm.baseMass = 20 + 80 * U(rng);
  fm.baseCom = randomVector(rng, 0.3);
  const Matrix3 R = randomRotation(rng);
  const Vector3 pm(2 + 3 * U(rng), 2 + 3 * U(rng), 3 + 2 * U(rng));
  fm.baseInertia = R * pm.asDiagonal() * R.transpose();
  return fm;
}

/// The same arm rebuilt as a tree: each joint after the first hangs, at random, on the previous body or
/// on the base or any earlier body (two arms on one satellite, a branch at a shoulder...), at least two
/// branches; placements, bodies and actuators kept.
FloatingBaseModel asTree(std::mt19937& rng, const FloatingBaseModel& chain) {
  std::uniform_real_distribution<double> U(0, 1);
  for (;;) {
    FloatingBaseModel fm = chain;
    Model t;
    t.name = "random tree arm";
    t.rotorModel = chain.arm.rotorModel;
    int branches = 0;
    for (int i = 0; i < chain.arm.nq; ++i) {
      const auto k = std::size_t(i);
      int parent = i - 1;
      if (i > 0 && U(rng) < 0.5) parent = int(std::floor(U(rng) * (i + 1))) - 1;  // -1 .. i-1
      branches += parent != i - 1;
      t.addJoint(parent, chain.arm.jointType[k], chain.arm.placement[k], chain.arm.body[k], chain.arm.actuator[k]);
    }
    if (branches < 2) continue;
    fm.arm = t;
    return fm;
  }
}

Vector6 randomTwist(std::mt19937& rng, double s) {
  Vector6 v;
  v << randomVector(rng, s), randomVector(rng, s);
  return v;
}

}  // namespace

class FloatingBase : public QObject {
  Q_OBJECT
 private slots:
  void abaEqualsAugmentedMassMatrix() {
    std::mt19937 rng(42);
    for (int s = 0; s < 20; ++s) {
      const int n = 1 + s % 7;
      const FloatingBaseModel fm = randomFloating(rng, n);
      FloatingBaseData d(fm);
      const VectorX q = randomVectorX(rng, n, 1.5), qd = randomVectorX(rng, n, 1), tau = randomVectorX(rng, n, 5);
      const Vector6 nu = randomTwist(rng, 0.5), w = randomTwist(rng, 3);
      const Vector6* wp = s % 2 == 0 ? &w : nullptr;
      QCOMPARE(floatingBaseAba(fm, d, nu, q, qd, tau, wp), -1);
      const Vector6 a1 = d.baseAcceleration;
      const VectorX qdd1 = d.qdd;
      QCOMPARE(floatingBaseForwardDynamicsCrba(fm, d, nu, q, qd, tau, wp), -1);
      QVERIFY2(relErr(a1, d.baseAcceleration) < 1e-10, qPrintable(QString::number(relErr(a1, d.baseAcceleration))));
      QVERIFY2(relErr(qdd1, d.qdd) < 1e-10, qPrintable(QString::number(relErr(qdd1, d.qdd))));
      // H symmetric positive definite; its joint block is the fixed-base mass matrix of the core (CRBA).
      QVERIFY(relErr(MatrixX(d.H.transpose()), d.H) < 1e-14);
      Data fixed(fm.arm);
      QVERIFY(relErr(MatrixX(d.H.bottomRightCorner(n, n)), crba(fm.arm, fixed, q)) < 1e-12);
      // Reaction-aware inverse dynamics is the inverse of the forward dynamics (no external wrench).
      Vector6 a0;
      const VectorX tauID = floatingBaseInverseDynamics(fm, d, nu, q, qd, qdd1, &a0);
      QCOMPARE(floatingBaseAba(fm, d, nu, q, qd, tauID), -1);
      QVERIFY(relErr(d.qdd, qdd1) < 1e-9);
      QVERIFY(relErr(d.baseAcceleration, a0) < 1e-9);
    }
  }

  void lockedBaseIsTheFixedBaseModel() {
    std::mt19937 rng(7);
    for (int s = 0; s < 10; ++s) {
      FloatingBaseModel fm = randomFloating(rng, 6);
      FloatingBaseData d(fm);
      Data fixed(fm.arm);
      const VectorX q = randomVectorX(rng, 6, 1.5), qd = randomVectorX(rng, 6, 1), tau = randomVectorX(rng, 6, 5);
      RneaOptions noG;
      noG.gravity = false;
      noG.friction = false;
      QCOMPARE(aba(fm.arm, fixed, q, qd, tau, noG), -1);
      const VectorX qddFixed = fixed.qdd;
      // (a) base held fixed.
      QCOMPARE(floatingBaseAba(fm, d, randomTwist(rng, 1), q, qd, tau, nullptr, true), -1);
      QVERIFY(relErr(d.qdd, qddFixed) < 1e-11);
      QVERIFY(d.baseAcceleration.isZero());
      // (b) infinite base inertia (x 1e12), base at rest: the base does not move, the arm is fixed-base.
      fm.baseMass *= 1e12;
      fm.baseInertia *= 1e12;
      QCOMPARE(floatingBaseAba(fm, d, Vector6::Zero(), q, qd, tau), -1);
      QVERIFY2(relErr(d.qdd, qddFixed) < 1e-8, qPrintable(QString::number(relErr(d.qdd, qddFixed))));
      QVERIFY(d.baseAcceleration.norm() < 1e-9);
      // The bias with the base at rest: the fixed-base velocity terms of the core's RNEA.
      floatingBaseMassMatrix(fm, d, q);
      floatingBaseBias(fm, d, Vector6::Zero(), qd);
      const VectorX s0 = rnea(fm.arm, fixed, q, qd, VectorX(VectorX::Zero(6)), noG);
      QVERIFY(relErr(VectorX(d.bias.tail(6)), s0) < 1e-11);
    }
  }

  void momentumAndEnergyFromH() {
    std::mt19937 rng(9);
    for (int s = 0; s < 10; ++s) {
      const FloatingBaseModel fm = randomFloating(rng, 6);
      FloatingBaseData d(fm);
      FloatingBaseState st;
      st.basePose.R = randomRotation(rng);
      st.basePose.p = randomVector(rng, 2);
      st.baseVelocity = randomTwist(rng, 0.5);
      st.q = randomVectorX(rng, 6, 1.5);
      st.qd = randomVectorX(rng, 6, 1);
      const FloatingBaseConserved c = floatingBaseConserved(fm, d, st);
      floatingBaseMassMatrix(fm, d, st.q);
      VectorX nu(12);
      nu << st.baseVelocity, st.qd;
      const Vector6 h = d.H.topRows(6) * nu;  // spatial momentum at the base origin, base coordinates
      QVERIFY(relErr(h, c.baseMomentum) < 1e-12);
      QVERIFY(std::abs(0.5 * nu.dot(d.H * nu) - c.kinetic) < 1e-12 * c.kinetic);
      // P = M v_com.
      QVERIFY(c.mass > fm.baseMass);
    }
  }

  void conservationOverTenSeconds() {
    // No external force: P and L constant whatever the (internal) joint torques; T constant with tau = 0.
    std::mt19937 rng(11);
    const FloatingBaseModel fm = randomFloating(rng, 6, 0.0);
    for (bool crba : {false, true}) {
      for (bool torque : {false, true}) {
        FloatingPlantOptions po;
        po.period = 1e-2;
        po.crba = crba;
        FloatingBasePlant plant(fm, po);
        plant.setBaseState(Transform{randomRotation(rng), randomVector(rng, 1)}, randomTwist(rng, 0.3));
        QVERIFY(plant.reset(randomVectorX(rng, 6, 1), randomVectorX(rng, 6, 1)).ok);
        const FloatingBaseConserved c0 = plant.conserved();
        double dP = 0, dL = 0, dE = 0;
        VectorX tau = VectorX::Zero(6);
        for (int k = 1; k <= 1000; ++k) {  // 10 s
          if (torque)
            for (int i = 0; i < 6; ++i) tau[i] = 3.0 * std::sin(0.7 * k * 1e-2 * (i + 1)) - 2.0 * plant.baseState().qd[i];
          plant.writeTorque(tau);
          const BackendStatus st = plant.advance(1e-2);
          QVERIFY2(st.ok, st.message.c_str());
          const FloatingBaseConserved c = plant.conserved();
          dP = std::max(dP, (c.linearMomentum - c0.linearMomentum).norm() / c0.linearMomentum.norm());
          dL = std::max(dL, (c.angularMomentum - c0.angularMomentum).norm() / c0.angularMomentum.norm());
          dE = std::max(dE, std::abs(c.kinetic - c0.kinetic - plant.jointWork()) / c0.kinetic);
        }
        qInfo("%s, %s: relative drift over 10 s: P %.2g, L %.2g, T - T0 - W %.2g (%lld evaluations)",
              crba ? "augmented H" : "floating ABA", torque ? "joint torques" : "tau = 0", dP, dL, dE,
              plant.derivativeEvaluations());
        QVERIFY(dP < 1e-9);
        QVERIFY(dL < 1e-9);
        QVERIFY(dE < 1e-9);
        if (!torque) QVERIFY(std::abs(plant.jointWork()) == 0.0);
        // The base really moved and turned.
        QVERIFY((plant.baseState().basePose.p - Vector3::Zero()).norm() > 0);
      }
    }
  }

  void externalWrenchChangesTheMomenta() {
    // Llibre, Mampey & Chrétien 1983 §IV.2: dP/dt = external force, dL/dt = its moment (world, about the world origin). Over
    // ticks of h the integrals are compared with the trapezoid of the world-frame wrench (error O(h^3)).
    std::mt19937 rng(23);
    const FloatingBaseModel fm = randomFloating(rng, 6, 0.0);
    FloatingPlantOptions po;
    po.period = 1e-3;
    po.baseWrench << 2.0, -1.0, 0.5, 10.0, 4.0, -6.0;  // [moment at the base origin; force], base axes
    FloatingBasePlant plant(fm, po);
    plant.setBaseState(Transform{randomRotation(rng), randomVector(rng, 1)}, randomTwist(rng, 0.3));
    QVERIFY(plant.reset(randomVectorX(rng, 6, 1), randomVectorX(rng, 6, 0.5)).ok);
    auto worldWrench = [&](const FloatingBaseState& s) {
      const Vector3 f = s.basePose.R * po.baseWrench.tail<3>();
      Vector6 w;
      w << s.basePose.R * po.baseWrench.head<3>() + s.basePose.p.cross(f), f;
      return w;
    };
    FloatingBaseConserved c = plant.conserved();
    Vector6 w = worldWrench(plant.baseState());
    double worst = 0;
    for (int k = 0; k < 200; ++k) {
      QVERIFY(plant.advance(1e-3).ok);
      const FloatingBaseConserved c1 = plant.conserved();
      const Vector6 w1 = worldWrench(plant.baseState());
      const Vector6 expected = 0.5e-3 * (w + w1);
      Vector6 got;
      got << c1.angularMomentum - c.angularMomentum, c1.linearMomentum - c.linearMomentum;
      worst = std::max(worst, (got - expected).norm() / expected.norm());
      c = c1;
      w = w1;
    }
    qInfo("external wrench: momentum change vs trapezoid of the wrench, worst relative difference %.2g per 1 ms tick", worst);
    QVERIFY(worst < 1e-6);  // measured 6.2e-8 (the trapezoid's O(h^2) relative error)
  }

  void reactionAwareComputedTorqueTracks() {
    // Perfect model: the only error left is the zero-order hold of the torque (first order in the period,
    // larger than on a fixed base because the base's reaction changes within the period).
    std::mt19937 rng(13);
    const FloatingBaseModel fm = randomFloating(rng, 6, 0.0);
    auto run = [&](double T, double& turned) {
      FloatingPlantOptions po;
      po.period = T;
      FloatingBasePlant plant(fm, po);
      const VectorX q0 = VectorX::Zero(6), q1 = VectorX::Constant(6, 0.8);
      QuinticJointTrajectory traj(q0, q1, 2.0);
      VectorX kp = VectorX::Constant(6, 100), kv = VectorX::Constant(6, 20);
      FloatingComputedTorqueController ctrl("fct", fm, plant, kp, kv);
      if (!plant.reset(q0, VectorX::Zero(6)).ok) qFatal("reset");
      JointReference ref{VectorX::Zero(6), VectorX::Zero(6), VectorX::Zero(6)};
      VectorX tau(6);
      double maxErr = 0;
      const int steps = int(std::lround(2.5 / T));
      for (int k = 0; k < steps; ++k) {
        traj.sample(k * T, ref);
        const ControlInput in{k * T, &plant.measuredPosition(), &plant.measuredVelocity(), &ref, T};
        ctrl.compute(in, tau);
        plant.writeTorque(tau);
        if (!plant.advance(T).ok) qFatal("advance");
        traj.sample((k + 1) * T, ref);
        maxErr = std::max(maxErr, (plant.measuredPosition() - ref.q).cwiseAbs().maxCoeff());
      }
      turned = Eigen::AngleAxisd(plant.baseState().basePose.R).angle();
      return maxErr;
    };
    double turned = 0, turned2 = 0;
    const double e1 = run(1e-3, turned), e2 = run(5e-4, turned2);
    qInfo("reaction-aware computed torque: max joint error %.3g rad (T = 1 ms), %.3g rad (0.5 ms); base turned by "
          "%.3g rad", e1, e2, turned);
    QVERIFY(e1 < 1e-4);  // measured 3.3e-5 rad
    QVERIFY(e1 / e2 > 1.6 && e1 / e2 < 2.4);  // first order in the hold period: -> 0 with T
    QVERIFY(turned > 0.1);                    // the base reacted
    QVERIFY(std::abs(turned - turned2) < 0.01 * turned);
  }

  /// Two arms (any tree) on the floating base: the floating ABA against the augmented mass matrix, the
  /// joint block of H against the fixed-base CRBA of the tree (checked against MuJoCo in
  /// tests/model/test_tree_dynamics), the locked base against the fixed-base ABA, the bias with the base at
  /// rest against the fixed-base RNEA, the momentum and energy from H against those from the bodies'
  /// velocities, the reaction-aware inverse dynamics against the forward dynamics.
  void treeArms() {
    std::mt19937 rng(2940);
    for (int s = 0; s < 20; ++s) {
      const int n = 6 + s % 9;
      const FloatingBaseModel fm = asTree(rng, randomFloating(rng, n));
      FloatingBaseData d(fm);
      const VectorX q = randomVectorX(rng, n, 1.5), qd = randomVectorX(rng, n, 1), tau = randomVectorX(rng, n, 5);
      const Vector6 nu = randomTwist(rng, 0.5), w = randomTwist(rng, 3);
      QCOMPARE(floatingBaseAba(fm, d, nu, q, qd, tau, &w), -1);
      const Vector6 a1 = d.baseAcceleration;
      const VectorX qdd1 = d.qdd;
      QCOMPARE(floatingBaseForwardDynamicsCrba(fm, d, nu, q, qd, tau, &w), -1);
      QVERIFY2(relErr(a1, d.baseAcceleration) < 1e-10, qPrintable(QString::number(relErr(a1, d.baseAcceleration))));
      QVERIFY2(relErr(qdd1, d.qdd) < 1e-10, qPrintable(QString::number(relErr(qdd1, d.qdd))));
      QVERIFY(relErr(MatrixX(d.H.transpose()), d.H) < 1e-14);
      Data fixed(fm.arm);
      QVERIFY(relErr(MatrixX(d.H.bottomRightCorner(n, n)), crba(fm.arm, fixed, q)) < 1e-12);
      Vector6 a0;
      const VectorX tauID = floatingBaseInverseDynamics(fm, d, nu, q, qd, qdd1, &a0);
      QCOMPARE(floatingBaseAba(fm, d, nu, q, qd, tauID), -1);
      QVERIFY(relErr(d.qdd, qdd1) < 1e-9);
      QVERIFY(relErr(d.baseAcceleration, a0) < 1e-9);
      // locked base: the fixed-base model without gravity
      RneaOptions noG;
      noG.gravity = false;
      noG.friction = false;
      QCOMPARE(aba(fm.arm, fixed, q, qd, tau, noG), -1);
      QCOMPARE(floatingBaseAba(fm, d, nu, q, qd, tau, nullptr, true), -1);
      QVERIFY(relErr(d.qdd, fixed.qdd) < 1e-11);
      floatingBaseMassMatrix(fm, d, q);
      floatingBaseBias(fm, d, Vector6::Zero(), qd);
      const VectorX zero = VectorX::Zero(n);
      QVERIFY(relErr(VectorX(d.bias.tail(n)), rnea(fm.arm, fixed, q, qd, zero, noG)) < 1e-11);
      // momentum and energy
      FloatingBaseState st;
      st.basePose.R = randomRotation(rng);
      st.basePose.p = randomVector(rng, 2);
      st.baseVelocity = nu;
      st.q = q;
      st.qd = qd;
      const FloatingBaseConserved c = floatingBaseConserved(fm, d, st);
      floatingBaseMassMatrix(fm, d, q);
      VectorX v(6 + n);
      v << nu, qd;
      QVERIFY(relErr(Vector6(d.H.topRows(6) * v), c.baseMomentum) < 1e-12);
      QVERIFY(std::abs(0.5 * v.dot(d.H * v) - c.kinetic) < 1e-12 * c.kinetic);
    }
  }

  /// P and L of a free-floating two-arm tree stay constant over 10 s of Dormand–Prince integration with
  /// joint torques acting, T - T0 equals the joints' work (both forward dynamics).
  void treeConservationOverTenSeconds() {
    std::mt19937 rng(2941);
    const FloatingBaseModel fm = asTree(rng, randomFloating(rng, 10, 0.0));
    const int n = fm.arm.nq;
    for (bool crba : {false, true}) {
      FloatingPlantOptions po;
      po.period = 1e-2;
      po.crba = crba;
      FloatingBasePlant plant(fm, po);
      plant.setBaseState(Transform{randomRotation(rng), randomVector(rng, 1)}, randomTwist(rng, 0.3));
      QVERIFY(plant.reset(randomVectorX(rng, n, 1), randomVectorX(rng, n, 1)).ok);
      const FloatingBaseConserved c0 = plant.conserved();
      double dP = 0, dL = 0, dE = 0;
      VectorX tau = VectorX::Zero(n);
      for (int k = 1; k <= 1000; ++k) {
        for (int i = 0; i < n; ++i) tau[i] = 3.0 * std::sin(0.7 * k * 1e-2 * (i + 1)) - 2.0 * plant.baseState().qd[i];
        plant.writeTorque(tau);
        const BackendStatus st = plant.advance(1e-2);
        QVERIFY2(st.ok, st.message.c_str());
        const FloatingBaseConserved c = plant.conserved();
        dP = std::max(dP, (c.linearMomentum - c0.linearMomentum).norm() / c0.linearMomentum.norm());
        dL = std::max(dL, (c.angularMomentum - c0.angularMomentum).norm() / c0.angularMomentum.norm());
        dE = std::max(dE, std::abs(c.kinetic - c0.kinetic - plant.jointWork()) / c0.kinetic);
      }
      qInfo("tree arm (%d joints), %s: relative drift over 10 s: P %.2g, L %.2g, T - T0 - W %.2g", n,
            crba ? "augmented H" : "floating ABA", dP, dL, dE);
      QVERIFY(dP < 1e-9);
      QVERIFY(dL < 1e-9);
      QVERIFY(dE < 1e-9);
    }
  }

  /// The shipped two-arm satellite (scenes/satellite_two_arms.json, robots/puma560_pair_mdh.json: a tree of
  /// two Puma arms): the momenta stay at zero to integrator precision, the base turns, both arms track.
  void twoArmSatelliteScene() {
    const SatelliteLoadResult load = loadSatelliteScene(MANIPLAB_SOURCE_DIR "/scenes/satellite_two_arms.json");
    QVERIFY2(load.ok(), load.report().c_str());
    const Model& arm = load.scene.model.arm;
    QCOMPARE(arm.nq, 12);
    QCOMPARE(arm.parent[6], -1);  // arm B's waist on the base
    QVERIFY(!arm.isChain());
    Recorder rec(satelliteChannels(12));
    const SatelliteRunResult r = runSatellite(load.scene, rec);
    QVERIFY2(r.ok, r.message.c_str());
    qInfo("two-arm satellite: joint error %.3g rad, base moved %.3g m and turned %.3g rad; drift P %.3g kg m/s (rel %.3g), "
          "L %.3g N m s (rel %.3g), T - T0 - W %.3g J (rel %.3g)",
          r.maxJointError, r.baseDisplacement.norm(), r.baseRotation, r.driftP, r.relDriftP, r.driftL, r.relDriftL,
          r.driftE, r.relDriftE);
    QVERIFY(r.relDriftP < 1e-9);
    QVERIFY(r.relDriftL < 1e-9);
    QVERIFY(r.relDriftE < 1e-8);
    QVERIFY(r.baseRotation > 0.01);
    QVERIFY(r.maxJointError < 1e-3);
    QVERIFY((r.final.centreOfMass - r.initial.centreOfMass).norm() < 1e-9);
    QCOMPARE(rec.rows(), std::size_t(3001));
  }

  void satelliteScene() {
    // The shipped scene through the library (drifts asserted) and the CLI (exit codes, CSV, bad files).
    const SatelliteLoadResult load = loadSatelliteScene(MANIPLAB_SOURCE_DIR "/scenes/satellite_arm.json");
    QVERIFY2(load.ok(), load.report().c_str());
    QCOMPARE(load.scene.model.arm.nq, 6);
    Recorder rec(satelliteChannels(6));
    const SatelliteRunResult r = runSatellite(load.scene, rec);
    QVERIFY2(r.ok, r.message.c_str());
    qInfo("satellite scene: joint error %.3g rad, base moved %.3g m and turned %.3g rad; drift P %.3g kg m/s (rel %.3g), "
          "L %.3g N m s (rel %.3g), T - T0 - W %.3g J (rel %.3g)",
          r.maxJointError, r.baseDisplacement.norm(), r.baseRotation, r.driftP, r.relDriftP, r.driftL, r.relDriftL,
          r.driftE, r.relDriftE);
    QVERIFY(r.relDriftP < 1e-9);
    QVERIFY(r.relDriftL < 1e-9);
    QVERIFY(r.relDriftE < 1e-8);
    QVERIFY(r.baseRotation > 0.01);           // the base turned in reaction
    QVERIFY(r.maxJointError < 1e-3);          // while the arm tracked its motion
    QVERIFY((r.final.centreOfMass - r.initial.centreOfMass).norm() < 1e-9);  // P = 0: the centre of mass stays
    QCOMPARE(rec.rows(), std::size_t(3001));

    const QString csv = QDir::temp().filePath("maniplab_satellite_test.csv");
    QProcess p;
    p.start(QStringLiteral(MANIPLAB_CLI), {"satellite", MANIPLAB_SOURCE_DIR "/scenes/satellite_arm.json", "--csv", csv});
    QVERIFY(p.waitForFinished(120000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(p.exitCode() == 0, qPrintable(out + p.readAllStandardError()));
    QVERIFY(out.contains("angular momentum drift"));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray header = f.readLine();  // after the provenance comment lines (program version, scene file)
    QVERIFY2(header.startsWith("# maniplab-cli ") && header.contains("satellite_arm.json"), header.constData());
    while (header.startsWith('#')) header = f.readLine();
    QVERIFY2(header.startsWith("time [s],") && header.contains("L_drift"), header.constData());
    f.close();
    QFile::remove(csv);
    // A bad scene: the file and the field are named, exit code 1.
    const QString bad = QDir::temp().filePath("maniplab_satellite_bad.json");
    QFile b(bad);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write(R"({"format": "maniplab-satellite", "version": 1, "name": "x", "robot": ")" MANIPLAB_SOURCE_DIR
            R"(/robots/puma560.json", "base": {"mass": -3, "inertia": [[1,0,0],[0,1,0],[0,0,1]]},
            "motion": {"to": [0, 0, 0], "duration": 1}, "controller": {"type": "floating_computed_torque",
            "kp": [1,1,1,1,1,1], "kv": [1,1,1,1,1,1]}, "duration": 1, "control_period": 0.002})");
    b.close();
    QProcess e;
    e.start(QStringLiteral(MANIPLAB_CLI), {"satellite", bad});
    QVERIFY(e.waitForFinished(60000));
    QCOMPARE(e.exitCode(), 1);
    const QString err = QString::fromUtf8(e.readAllStandardError());
    QVERIFY2(err.contains("/base/mass: error: must be positive"), qPrintable(err));
    QVERIFY2(err.contains("/motion/to: error: must be an array of 6 numbers"), qPrintable(err));
    QFile::remove(bad);
    // An external wrench on the base (plant/base_wrench, base coordinates) is read, and a malformed one is
    // named by its JSON pointer.
    const auto withWrench = [&](const char* wrench) {
      const QString path = QDir::temp().filePath("maniplab_satellite_wrench.json");
      QFile w(path);
      if (!w.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
      w.write(QByteArray(R"({"format": "maniplab-satellite", "version": 1, "name": "x", "robot": ")" MANIPLAB_SOURCE_DIR
                         R"(/robots/puma560.json", "base": {"mass": 300, "inertia": [[60,0,0],[0,60,0],[0,0,40]]},
            "motion": {"to": [0, 0, 0, 0, 0, 0], "duration": 1}, "controller": {"type": "floating_computed_torque",
            "kp": [1,1,1,1,1,1], "kv": [1,1,1,1,1,1]}, "duration": 1, "control_period": 0.002,
            "plant": {"base_wrench": )") + wrench + "}}");
      w.close();
      SatelliteLoadResult r = loadSatelliteScene(path.toStdString());
      QFile::remove(path);
      return r;
    };
    const SatelliteLoadResult good = withWrench(R"({"torque": [0, 0, 0.5], "force": [1, -2, 3]})");
    QVERIFY2(good.ok(), good.report().c_str());
    QCOMPARE(good.scene.plant.baseWrench, (Vector6() << 0, 0, 0.5, 1, -2, 3).finished());
    // Each fault once, at its field, as a coded message (no library text), values beyond any real
    // spacecraft or controller refused with their range (model/field_bounds.hpp; scenes/README.md).
    struct Row {
      const char* from;
      const char* to;
      const char* path;
      const char* message;
    };
    const Row rows[] = {
        {R"("mass": 300)", R"("mass": 1e9)", "/base/mass", "must be between 0 and 1000000 kg (got 1000000000)"},
        {R"("mass": 300)", R"("mass": 0)", "/base/mass", "must be positive"},
        {"[[60,0,0]", "[[1e12,0,0]", "/base/inertia/0/0", "must be between -1e+10 and 1e+10 kg m^2 (got 1e+12)"},
        {"[[60,0,0]", "[[60,5,0]", "/base/inertia", "inertia tensor must be symmetric"},
        {"[[60,0,0]", "[[-60,0,0]", "/base/inertia", "the base inertia must be positive definite (smallest principal moment -60)"},
        {R"("control_period": 0.002)", R"("control_period": 1e-9)", "/control_period", "must be between 1e-06 and 1 s (got 1e-09)"},
        {R"("duration": 1, "control_period")", R"("duration": 1e6, "control_period")", "/duration",
         "must be at most 24 h of simulated time"},
        {R"("motion": {"to": [0, 0, 0, 0, 0, 0], "duration": 1})", R"("motion": {"to": [0, 0, 0, 0, 0, 0], "duration": 1e9})",
         "/motion/duration", "must be between 0 and 86400 s (got 1000000000)"},
        {R"("type": "floating_computed_torque")", R"("type": "pid")", "/controller/type",
         "must be \"floating_computed_torque\" (the reaction-aware computed torque)"},
        {R"("format": "maniplab-satellite")", R"("format": "maniplab-scene")", "/format",
         "must be \"maniplab-satellite\" (got \"maniplab-scene\")"},
        {R"("kp": [1,1,1,1,1,1])", R"("kp": [1,1,1e20,1,1,1])", "/controller/kp/2", "must be between 0 and 1e+13 SI (got 1e+20)"},
        {R"("kv": [1,1,1,1,1,1])", R"("kv": [1,1,1,1,1,-1])", "/controller/kv/5", "must be between 0 and 1e+13 SI (got -1)"},
    };
    for (const Row& row : rows) {
      QByteArray text = QByteArray(R"({"format": "maniplab-satellite", "version": 1, "name": "x", "robot": ")" MANIPLAB_SOURCE_DIR
                                   R"(/robots/puma560.json", "base": {"mass": 300, "inertia": [[60,0,0],[0,60,0],[0,0,40]]},
            "motion": {"to": [0, 0, 0, 0, 0, 0], "duration": 1}, "controller": {"type": "floating_computed_torque",
            "kp": [1,1,1,1,1,1], "kv": [1,1,1,1,1,1]}, "duration": 1, "control_period": 0.002})");
      QVERIFY2(text.contains(row.from), row.from);
      text.replace(row.from, row.to);
      const SatelliteLoadResult r = parseSatelliteScene(text.toStdString(), "s.json", "");
      int errors = 0;
      bool found = false;
      for (const auto& d : r.diagnostics) {
        if (d.severity != Diagnostic::Severity::Error) continue;
        ++errors;
        found |= d.path == row.path && d.message == row.message;
        QVERIFY2(!d.code.empty() && d.message.find("json.exception") == std::string::npos, d.message.c_str());
      }
      QVERIFY2(found && errors == 1, (std::string(row.path) + ": " + row.message + "\ngot:\n" + r.report()).c_str());
    }
    const SatelliteLoadResult bad2 = withWrench(R"({"force": [1, "x", 3], "push": 1})");
    QVERIFY(!bad2.ok());
    QVERIFY2(bad2.report().find("/plant/base_wrench/force/1: error: must be a number") != std::string::npos, bad2.report().c_str());
    QVERIFY2(bad2.report().find("/plant/base_wrench/push: error: unknown key") != std::string::npos, bad2.report().c_str());
    QProcess u;
    u.start(QStringLiteral(MANIPLAB_CLI), {"satellite"});
    QVERIFY(u.waitForFinished(60000));
    QCOMPARE(u.exitCode(), 2);
  }

  void badInput() {
    std::mt19937 rng(1);
    FloatingBaseModel fm = randomFloating(rng, 3);
    fm.baseMass = 0;
    QVERIFY(validateFloatingBase(fm).find("mass") != std::string::npos);
    bool threw = false;
    try {
      FloatingBasePlant p(fm, {});
    } catch (const std::invalid_argument&) {
      threw = true;
    }
    QVERIFY(threw);
    fm.baseMass = 10;
    fm.baseInertia(0, 1) = 5;
    QVERIFY(validateFloatingBase(fm).find("symmetric") != std::string::npos);
    fm.baseInertia = -Matrix3::Identity();
    QVERIFY(validateFloatingBase(fm).find("positive") != std::string::npos);
    fm.baseInertia = Matrix3::Identity();
    fm.arm.rotorModel = RotorModel::Full;
    QVERIFY(validateFloatingBase(fm).find("rotor") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(FloatingBase)
#include "test_floating_base.moc"
