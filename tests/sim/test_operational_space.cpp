// Operational-space model (the course notes Dynamique des robots séries §5) and the Cartesian computed-torque controller: J̇ against finite
// differences and the core's J̇q̇, F = M_x ẍ + C_x ẋ + g_x = J^-T tau on random states, the kinetic-energy
// form of M_x, the damped model near a wrist singularity, the controller against the joint-space
// computed torque it must equal, and Cartesian line tracking on the Puma 560 with a perfect model.
#include <QTest>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/SVD>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/operational_space.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/control/operational_space_controller.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/trajectories/cartesian_line.hpp"
#include "maniplab/sim/trajectories/quintic.hpp"
#include "support/random_chain.hpp"
#include "support/test_main.hpp"

namespace test_operational_space {

using namespace maniplab;
using namespace maniplab::testing;
using namespace maniplab::sim;

namespace {

Model puma() {
  const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
  if (!r.ok()) qFatal("puma560.json: %s", r.report().c_str());
  return r.model;
}

VectorX pumaNominal() {  // Corke's qn: elbow up, wrist bent (away from singularities)
  VectorX q(6);
  q << 0, M_PI / 4, -M_PI, 0, M_PI / 4, 0;  // q3 = -pi: inside the joint limits (-225..45 deg)
  return q;
}

Matrix6 jacobianAt(const Model& m, Data& d, const VectorX& q) {
  forwardKinematics(m, d, q);
  computeJacobian(m, d, JacobianFrame::Base);
  return d.J;
}

/// A random state of a random 6-joint chain whose Jacobian is well conditioned (sigma_min > 0.05).
bool wellConditioned(const Model& m, Data& d, const VectorX& q) {
  const Eigen::JacobiSVD<Matrix6> svd(jacobianAt(m, d, q));
  return svd.singularValues()[5] > 0.05;
}

}  // namespace

class OperationalSpace : public QObject {
  Q_OBJECT
 private slots:
  void jacobianDerivative() {
    std::mt19937 rng(17);
    for (int c = 0; c < 6; ++c) {
      RandomChainOptions o;
      o.n = 6;
      o.prismaticFraction = 0.3;
      const Model m = c == 0 ? puma() : randomChain(rng, o);
      Data d(m);
      const VectorX q = randomVectorX(rng, 6, 1.5), qd = randomVectorX(rng, 6, 1.0);
      forwardKinematics(m, d, q);
      const Matrix6X Jd = jacobianTimeDerivative(m, d, qd);
      const Vector6 core = jacobianDotTimesQdot(m, d, qd);
      QVERIFY(relErr(Vector6(Jd * qd), core) < 1e-12);
      const double h = 1e-6;
      const Matrix6 fd = (jacobianAt(m, d, q + h * qd) - jacobianAt(m, d, q - h * qd)) / (2 * h);
      QVERIFY2(relErr(Matrix6(Jd), fd) < 1e-7, qPrintable(QString("chain %1: %2").arg(c).arg(relErr(Matrix6(Jd), fd))));
    }
  }

  void forceEquationOnRandomStates() {
    // F = M_x ẍ + C_x ẋ + g_x equals J^-T tau, tau = M qdd + C qd + g (RNEA, friction off).
    std::mt19937 rng(5);
    int tested = 0;
    for (int c = 0; c < 40 && tested < 12; ++c) {
      RandomChainOptions o;
      o.n = 6;
      o.prismaticFraction = 0.25;
      o.rotor = RotorModel::Armature;
      const Model m = c % 4 == 0 ? puma() : randomChain(rng, o);
      Data d(m);
      const VectorX q = c % 4 == 0 ? VectorX(pumaNominal() + randomVectorX(rng, 6, 0.3)) : randomVectorX(rng, 6, 1.5);
      if (!wellConditioned(m, d, q)) continue;
      const VectorX qd = randomVectorX(rng, 6, 1.0), qdd = randomVectorX(rng, 6, 1.0);
      OperationalSpaceOptions opt;
      opt.coriolisMatrix = true;
      OperationalSpaceModel os;
      operationalSpaceModel(m, d, q, qd, os, opt);
      QVERIFY(!os.damped());
      QVERIFY(relErr(Matrix6(os.Jinv * os.J), Matrix6(Matrix6::Identity())) < 1e-10);
      RneaOptions ro;
      ro.friction = false;
      const Vector6 tau = rnea(m, d, q, qd, qdd, ro);
      const Vector6 xdd = os.J * qdd + os.JdotQd;
      const Vector6 F = os.Mx * xdd + os.Cx * os.xd + os.gx;
      const Vector6 Fj = os.Jinv.transpose() * tau;
      QVERIFY2(relErr(F, Fj) < 1e-9, qPrintable(QString("chain %1: %2").arg(c).arg(relErr(F, Fj))));
      QVERIFY(relErr(Vector6(os.Cx * os.xd), os.mux) < 1e-9);
      // the course notes Dynamique des robots séries: E_c = 1/2 ẋ^T M_x ẋ = 1/2 q̇^T M q̇.
      const double T = 0.5 * qd.dot(os.M * qd), Tx = 0.5 * os.xd.dot(os.Mx * os.xd);
      QVERIFY(std::abs(T - Tx) <= 1e-9 * std::max(1.0, T));
      // M_x symmetric positive definite.
      QVERIFY(Eigen::SelfAdjointEigenSolver<Matrix6>(os.Mx).eigenvalues().minCoeff() > 0);
      ++tested;
    }
    QVERIFY(tested >= 10);
  }

  void dampedNearSingularity() {
    const Model m = puma();
    Data d(m);
    OperationalSpaceModel os;
    VectorX q = pumaNominal();
    const VectorX qd = VectorX::Constant(6, 0.1);
    operationalSpaceModel(m, d, q, qd, os);
    QVERIFY(!os.damped());
    const double normFar = os.Mx.norm();
    // Wrist singularity q5 -> 0 (axes 4 and 6 aligned): sigma_min -> 0, the damped M_x stays bounded.
    double prevSigma = 1e9;
    for (double q5 : {1e-2, 1e-4, 0.0}) {
      q[4] = q5;
      operationalSpaceModel(m, d, q, qd, os);
      QVERIFY(os.sigmaMin < prevSigma);
      prevSigma = os.sigmaMin;
      QVERIFY(os.damped());
      QVERIFY(os.Mx.allFinite() && os.mux.allFinite() && os.gx.allFinite());
      QVERIFY(os.Mx.norm() < 1e4 * normFar);
    }
    QVERIFY(prevSigma < 1e-10);
    QCOMPARE(os.damping, 0.05);  // lambda_max at sigma_min = 0
    // Wrong number of joints: a clear error.
    Model three = chainLikeFirst(m);
    Data d3(three);
    bool threw = false;
    try {
      operationalSpaceModel(three, d3, VectorX::Zero(3), VectorX::Zero(3), os);
    } catch (const std::invalid_argument& e) {
      threw = QString(e.what()).contains("6 joints");
    }
    QVERIFY(threw);
  }

  void controllerEqualsJointSpaceComputedTorque() {
    // Undamped: J^T (M_x a + mu_x + g_x) = M J^-1 (a - J̇q̇) + C q̇ + g = RNEA(q, q̇, J^-1 (a - J̇q̇)).
    const Model m = puma();
    Data d(m);
    std::mt19937 rng(3);
    Vector6 kp, kv;
    kp << 300, 300, 300, 400, 400, 400;
    kv << 35, 35, 35, 40, 40, 40;
    OperationalSpaceController ctrl("os", m, kp, kv, FrictionCompensation::None);
    QCOMPARE(QString::fromStdString(ctrl.kind()), QString("operational_space"));
    for (int s = 0; s < 5; ++s) {
      const VectorX q = pumaNominal() + randomVectorX(rng, 6, 0.2), qd = randomVectorX(rng, 6, 0.5);
      JointReference ref{pumaNominal() + randomVectorX(rng, 6, 0.2), randomVectorX(rng, 6, 0.5), randomVectorX(rng, 6, 0.5)};
      VectorX tau = VectorX::Zero(6);
      ControlInput in{0, &q, &qd, &ref, 1e-3};
      ctrl.compute(in, tau);
      QCOMPARE(ctrl.lastDamping(), 0.0);
      const Vector6 a = ctrl.lastDesiredAcceleration() + kv.cwiseProduct(ctrl.lastCartesianRateError()) +
                        kp.cwiseProduct(ctrl.lastCartesianError());
      const OperationalSpaceModel& os = ctrl.lastModel();
      const VectorX qddCmd = os.J.partialPivLu().solve(a - os.JdotQd);
      RneaOptions ro;
      ro.friction = false;
      const VectorX tauJ = rnea(m, d, q, qd, qddCmd, ro);
      QVERIFY2(relErr(tau, tauJ) < 1e-9, qPrintable(QString::number(relErr(tau, tauJ))));
      // The derived Cartesian reference: FK(q_d), J(q_d) q̇_d.
      forwardKinematics(m, d, ref.q);
      QVERIFY((ctrl.lastDesiredPose().p - d.oMtool.p).norm() < 1e-15);
      computeJacobian(m, d);
      QVERIFY(relErr(ctrl.lastDesiredTwist(), Vector6(d.J * ref.qd)) < 1e-14);
    }
    bool threw = false;
    try {
      OperationalSpaceController bad("bad", chainLikeFirst(m), kp, kv, FrictionCompensation::None);
    } catch (const std::invalid_argument&) {
      threw = true;
    }
    QVERIFY(threw);
  }

  void tracksACartesianLineOnThePuma() {
    // Perfect model (the controller's model is the plant's), RK4 plant at 0.5 ms, control at 1 ms: a 0.17 m line in 1.5 s from the nominal pose, then 0.5 s of hold.
    const Model m = puma();
    Data d(m);
    forwardKinematics(m, d, pumaNominal());
    const Transform start = d.oMtool;
    const Vector3 end = start.p + Vector3(0.1, -0.1, 0.1);
    const CartesianLineTrajectory line(m, start, end, 1.5, pumaNominal());
    QVERIFY(line.minSingularValue() > 0.05);
    Vector6 kp, kv;
    kp << 400, 400, 400, 400, 400, 400;
    kv << 40, 40, 40, 40, 40, 40;
    OperationalSpaceController ctrl("os", m, kp, kv, FrictionCompensation::None);
    PlantOptions po;
    po.period = 0.5e-3;
    // Friction off in plant and controller: Coulomb friction's sign switch inside a held period is not
    // in any model (with it, max |e_p| is 1.9 mm); the zero-order hold is then the only error left.
    po.friction = false;
    SimulatedPlant plant(m, po);
    RunOptions ro;
    ro.controlPeriod = 1e-3;
    ro.duration = 2.0;
    ro.record = RecordSelection{false, true, false, false, false, false, false, false};
    double maxPos = 0, maxOri = 0;
    ro.onRow = [&](double, const double*, std::size_t) {
      maxPos = std::max(maxPos, ctrl.lastCartesianError().tail<3>().norm());
      maxOri = std::max(maxOri, ctrl.lastCartesianError().head<3>().norm());
    };
    Recorder rec(makeChannels(m, ro.record));
    const RunResult r = runSimulation(m, plant, ctrl, line, ro, rec);
    QVERIFY2(r.ok, r.message.c_str());
    // Final pose against the line's end (the trajectory's own Cartesian reference, not the controller's).
    forwardKinematics(m, d, plant.position());
    const double endErr = (d.oMtool.p - end).norm();
    const double endOri = orientationError(start.R, d.oMtool.R).norm();
    qInfo("operational-space CT on the Puma line: max |e_p| = %.3g m, max |e_o| = %.3g rad, end %.3g m / %.3g rad",
          maxPos, maxOri, endErr, endOri);
    // Measured: 2.6e-6 m, 4.1e-6 rad, end 1.6e-9 m / 9e-11 rad.
    QVERIFY(maxPos < 1e-5);
    QVERIFY(maxOri < 2e-5);
    QVERIFY(endErr < 1e-7);
    QVERIFY(endOri < 1e-7);
  }

  void dampedControllerCrossesTheWristSingularity() {
    // The joint reference takes the wrist through q5 = 0 (axes 4 and 6 aligned: sigma_min(J) = 0), so the
    // Cartesian reference FK(q_d) passes through the singular pose. Undamped, J^-1 and M_x blow up there;
    // the damped model (sigma_min < epsilon) keeps the torques bounded: the run stays finite, the position
    // (which the wrist singularity does not affect) keeps tracking, the orientation error stays bounded
    // and the arm ends on the reference after the hold. Perfect model, no friction, RK4 0.5 ms, control 1 ms.
    const Model m = puma();
    VectorX qa = pumaNominal(), qb = pumaNominal();
    qa[3] = 0.3, qa[4] = 0.3;
    qb[3] = -0.2, qb[4] = -0.3;
    const QuinticJointTrajectory traj(qa, qb, 1.5);
    Vector6 kp, kv;
    kp << 400, 400, 400, 400, 400, 400;
    kv << 40, 40, 40, 40, 40, 40;
    OperationalSpaceController ctrl("os", m, kp, kv, FrictionCompensation::None);
    PlantOptions po;
    po.period = 0.5e-3;
    po.friction = false;
    po.saturateTorque = false;  // bounded by the damping, not by the clamp
    SimulatedPlant plant(m, po);
    RunOptions ro;
    ro.controlPeriod = 1e-3;
    ro.duration = 2.5;
    ro.q0 = qa;
    ro.friction = false;
    ro.record = RecordSelection{false, true, false, true, false, false, false, false};
    double maxPos = 0, maxOri = 0, maxDamping = 0, minSigma = 1e9, maxTau = 0;
    ro.onRow = [&](double, const double*, std::size_t) {
      maxPos = std::max(maxPos, ctrl.lastCartesianError().tail<3>().norm());
      maxOri = std::max(maxOri, ctrl.lastCartesianError().head<3>().norm());
      maxDamping = std::max(maxDamping, ctrl.lastDamping());
      minSigma = std::min(minSigma, ctrl.lastModel().sigmaMin);
      maxTau = std::max(maxTau, plant.appliedTorque().cwiseAbs().maxCoeff());
    };
    Recorder rec(makeChannels(m, ro.record));
    const RunResult r = runSimulation(m, plant, ctrl, traj, ro, rec);
    QVERIFY2(r.ok, r.message.c_str());
    const double endErr = (plant.position() - qb).cwiseAbs().maxCoeff();
    double maxEffort = 0;
    for (const auto& l : m.limits) maxEffort = std::max(maxEffort, l.effort);
    qInfo("through the wrist singularity: min sigma %.3g, max damping %.3g, max |e_p| %.3g m, max |e_o| %.3g rad, "
          "max |tau| %.3g N m (largest effort limit %.3g), end |q - q_b| %.3g rad",
          minSigma, maxDamping, maxPos, maxOri, maxTau, maxEffort, endErr);
    QVERIFY(minSigma < 1e-2);     // the singular region was entered (epsilon = 0.01)...
    QVERIFY(maxDamping > 0);      // ...and the damped model used there
    QVERIFY(std::isfinite(maxTau) && maxTau < maxEffort);
    // Measured: min sigma 3.5e-5, max |e_p| 7.0e-5 m, max |e_o| 5.1e-4 rad, max |tau| 31.9 N m, end 7e-13 rad.
    QVERIFY(maxPos < 5e-4);
    QVERIFY(maxOri < 5e-3);
    QVERIFY(endErr < 1e-6);
    // The same run without damping (lambda_max = 0): the exact inverse near sigma = 3.5e-5 asks for far
    // larger torques.
    OperationalSpaceOptions none;
    none.maxDamping = 0;
    OperationalSpaceController raw("os_undamped", m, kp, kv, FrictionCompensation::None, none);
    SimulatedPlant plant2(m, po);
    double maxTauRaw = 0;
    ro.onRow = [&](double, const double*, std::size_t) {
      maxTauRaw = std::max(maxTauRaw, plant2.appliedTorque().cwiseAbs().maxCoeff());
    };
    Recorder rec2(makeChannels(m, ro.record));
    const RunResult r2 = runSimulation(m, plant2, raw, traj, ro, rec2);
    qInfo("undamped: %s, max |tau| %.3g N m", r2.ok ? "ran" : r2.message.c_str(), maxTauRaw);
    QVERIFY(!r2.ok || !(maxTauRaw < 10 * maxTau));
  }

 private:
  static Model chainLikeFirst(const Model& m) {
    Model t;
    for (int i = 0; i < 3; ++i) t.addJoint(m.jointType[std::size_t(i)], m.placement[std::size_t(i)], m.body[std::size_t(i)]);
    return t;
  }
};

MANIPLAB_TEST_GUILESS_MAIN(OperationalSpace)
#include "test_operational_space.moc"  // (in the namespace, as the class)

}  // namespace test_operational_space
