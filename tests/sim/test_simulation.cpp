// The simulation engine: integrator orders, conservation (Llibre, Mampey & Chrétien 1983 §IV.2), computed torque with a
// perfect model, the UMIS thesis comparison, determinism, divergence and limit reports.
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "maniplab/model/crba.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/trajectories/quintic.hpp"
#include "support/test_main.hpp"

namespace test_simulation {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

QString dataPath(const char* rel) { return QStringLiteral(MANIPLAB_SOURCE_DIR "/") + rel; }

Model loadModel(const char* rel) {
  const RobotLoadResult r = loadRobotFile(dataPath(rel).toStdString());
  if (!r.ok()) qFatal("%s", r.report().c_str());
  return r.model;
}

Scene loadScene(const char* rel) {
  const SceneLoadResult r = loadSceneFile(dataPath(rel).toStdString());
  if (!r.ok()) qFatal("%s", r.report().c_str());
  return r.scene;
}

/// Free motion (zero torque) of `model` for `T` seconds from (q0, qd0); returns the final state [q; qd].
VectorX freeMotion(const Model& model, PlantOptions opt, const VectorX& q0, const VectorX& qd0, double T,
                   double controlPeriod) {
  SimulatedPlant plant(model, opt);
  plant.reset(q0, qd0);
  plant.writeTorque(VectorX::Zero(model.nq));
  const long steps = std::lround(T / controlPeriod);
  for (long k = 0; k < steps; ++k) {
    const BackendStatus st = plant.advance(controlPeriod);
    if (!st.ok) qFatal("%s", st.message.c_str());
  }
  VectorX x(2 * model.nq);
  x << plant.position(), plant.velocity();
  return x;
}

}  // namespace

class Simulation : public QObject {
  Q_OBJECT
 private slots:
  // Global error on the 2R arm: RK4 scales as h^4, Zanaboni's (2009) explicit Euler as h.
  void integratorOrders() {
    const Model m = loadModel("robots/planar2r.json");
    VectorX q0(2), qd0(2);
    q0 << -0.4, 0.9;
    qd0 << 1.0, -0.5;
    PlantOptions ref;
    ref.stepper = Stepper::DormandPrince5;
    ref.absTolerance = ref.relTolerance = 1e-13;
    ref.period = 0.01;
    const VectorX xr = freeMotion(m, ref, q0, qd0, 1.0, 0.01);
    auto err = [&](Stepper s, double h) {
      PlantOptions o;
      o.stepper = s;
      o.period = h;
      return (freeMotion(m, o, q0, qd0, 1.0, 0.01) - xr).norm();
    };
    const double r1 = err(Stepper::RungeKutta4, 0.01), r2 = err(Stepper::RungeKutta4, 0.005),
                 r3 = err(Stepper::RungeKutta4, 0.0025);
    qInfo("RK4 errors %.3g %.3g %.3g ratios %.3f %.3f", r1, r2, r3, r1 / r2, r2 / r3);
    QVERIFY(r1 / r2 > 14 && r1 / r2 < 18);  // 2^4 = 16
    QVERIFY(r2 / r3 > 14 && r2 / r3 < 18);
    const double e1 = err(Stepper::Euler, 0.0025), e2 = err(Stepper::Euler, 0.00125), e3 = err(Stepper::Euler, 0.000625);
    qInfo("Euler errors %.3g %.3g %.3g ratios %.3f %.3f", e1, e2, e3, e1 / e2, e2 / e3);
    QVERIFY(e1 / e2 > 1.8 && e1 / e2 < 2.2);  // 2^1
    QVERIFY(e2 / e3 > 1.8 && e2 / e3 < 2.2);
  }

  // Dormand–Prince 5(4) with one control period per plant period (0.05 s), so that its own step-size
  // control is what meets the tolerance; reference: RK4 at 1e-4 s.
  void adaptiveMeetsTolerance() {
    const Model m = loadModel("robots/planar2r.json");
    VectorX q0(2), qd0(2);
    q0 << -0.4, 0.9;
    qd0 << 1.0, -0.5;
    PlantOptions ref;
    ref.period = 1e-4;
    const VectorX xr = freeMotion(m, ref, q0, qd0, 2.0, 0.05);
    double prev = 1;
    long long prevEvals = 0;
    for (double tol : {1e-5, 1e-7, 1e-9}) {
      PlantOptions o;
      o.stepper = Stepper::DormandPrince5;
      o.period = 0.05;
      o.absTolerance = o.relTolerance = tol;
      SimulatedPlant plant(m, o);
      plant.reset(q0, qd0);
      plant.writeTorque(VectorX::Zero(2));
      for (int k = 0; k < 40; ++k) QVERIFY(plant.advance(0.05).ok);
      VectorX x(4);
      x << plant.position(), plant.velocity();
      const double e = (x - xr).norm();
      qInfo("dopri5 tol %.0e: global error %.3g after %lld evaluations", tol, e, plant.derivativeEvaluations());
      QVERIFY(e < 100 * tol);  // a local tolerance, accumulated over 2 s of motion
      QVERIFY(e < prev);
      QVERIFY(plant.derivativeEvaluations() > prevEvals);  // tighter tolerance, more (smaller) steps
      prev = e;
      prevEvals = plant.derivativeEvaluations();
    }
  }

  // Llibre, Mampey & Chrétien 1983 §IV.2: the free fall of the Puma 560 without friction keeps T + U constant.
  void pumaFreeFallEnergy() {
    const Scene s = loadScene("scenes/puma560_free_fall.json");
    const auto traj = makeTrajectory(s);
    SimulatedPlant plant(s.robot.model, s.plant);
    ZeroController zero;
    Recorder rec(makeChannels(s.robot.model, s.record));
    const RunResult r = runSimulation(s.robot.model, plant, zero, *traj, runOptions(s), rec);
    QVERIFY2(r.ok, r.message.c_str());
    QCOMPARE(r.endTime, 5.0);
    qInfo("free fall: relative energy drift %.3g over 5 s", r.energyDriftRelative);
    QVERIFY(r.energyDriftRelative < 1e-6);
    // The arm really moved: the kinetic energy channel rose well above its initial value.
    const int ek = rec.channelIndex("E_kinetic");
    double maxT = 0;
    for (std::size_t i = 0; i < rec.rows(); ++i) maxT = std::max(maxT, rec.value(i, ek));
    QVERIFY(maxT > 10 * rec.value(0, ek));
  }

  // No gravity, no friction, zero torque: the kinetic energy is conserved, and so is the generalised
  // momentum of joint 1, p_1 = (M(q) qd)_1 (q_1 is cyclic: M does not depend on it, and tau_1 = 0). For
  // rigid bodies p_1 is the angular momentum about the first joint's axis (the fixed base can exert no
  // moment about it); the other momentum components are not conserved: the base reaction is external.
  void noGravityConservesEnergyAndAxialMomentum_data() {
    QTest::addColumn<bool>("rigid");
    QTest::newRow("with rotors (armature)") << false;
    QTest::newRow("rigid bodies") << true;
  }
  void noGravityConservesEnergyAndAxialMomentum() {
    QFETCH(bool, rigid);
    Model m = loadModel("robots/puma560.json");
    m.gravity.setZero();
    if (rigid)
      for (auto& a : m.actuator) a.rotorInertia = a.rotorTransverse = 0;
    PlantOptions o;
    o.stepper = Stepper::DormandPrince5;
    o.period = 0.01;
    o.absTolerance = o.relTolerance = 1e-12;
    o.friction = false;
    o.saturateTorque = false;
    VectorX q0(6), qd0(6);
    q0 << 0.1, -0.4, 0.6, 0.2, 0.7, -0.2;
    qd0 << 0.8, -0.5, 0.6, 1.2, -0.9, 1.5;
    Data d(m);
    const EnergyMomentum e0 = energyMomentum(m, d, q0, qd0);
    const double p0 = (crba(m, d, q0) * qd0)[0];
    const VectorX x = freeMotion(m, o, q0, qd0, 3.0, 0.01);
    const EnergyMomentum e1 = energyMomentum(m, d, VectorX(x.head(6)), VectorX(x.tail(6)));
    const VectorX q1 = x.head(6), qd1 = x.tail(6);
    const double p1 = (crba(m, d, q1) * qd1)[0];
    QVERIFY(std::abs(e1.kinetic - e0.kinetic) / e0.kinetic < 1e-9);
    qInfo("p_1 %.12g -> %.12g", p0, p1);
    QVERIFY(std::abs(p1 - p0) < 1e-9 * std::max(1.0, std::abs(p0)));
    QVERIFY((x.tail(6) - qd0).norm() > 0.1);  // it moved
    if (rigid) {
      const Vector3 axis = m.placement[0].R.col(2);
      QVERIFY(m.placement[0].p.isZero());
      QVERIFY(std::abs(e0.angularMomentum.dot(axis) - p0) < 1e-12);
      QVERIFY(std::abs(e1.angularMomentum.dot(axis) - p1) < 1e-12);
    }
  }

  // Computed torque with a perfect model, no noise, in the continuous-time limit (10 kHz control and
  // plant): e'' + Kv e' + Kp e = 0 with e(0) = 0 keeps the tracking error below 1e-6 rad. The Puma's
  // viscous friction is kept and compensated; its Coulomb friction is removed: sign(qd) switches
  // inside a held period at the rest-to-rest ends, which no sampled controller can cancel exactly.
  void computedTorquePerfectModel() {
    Model m = loadModel("robots/puma560.json");
    for (auto& a : m.actuator) a.coulombPos = a.coulombNeg = 0;
    VectorX q1(6);
    q1 << 0.8, -0.6, 0.9, 0.5, -0.7, 1.0;
    QuinticJointTrajectory traj(m.home, q1, 1.0);
    auto maxError = [&](const Model& controllerModel, double T) {
      PlantOptions po;
      po.period = T;
      SimulatedPlant plant(m, po);
      ComputedTorqueController ct("ct", controllerModel, VectorX::Constant(6, 559.32), VectorX::Constant(6, 47.30),
                                  FrictionCompensation::Full);
      RunOptions ro;
      ro.controlPeriod = T;
      ro.duration = 1.2;
      ro.record = RecordSelection{false, false, true, false, false, false, false, false};
      Recorder rec(makeChannels(m, ro.record));
      const RunResult r = runSimulation(m, plant, ct, traj, ro, rec);
      if (!r.ok) qFatal("%s", r.message.c_str());
      double e = 0;
      for (const auto& j : r.metrics.joints) e = std::max(e, j.maxAbsError);
      return e;
    };
    // The zero-order hold is the only error left: first order in the period, -> 0 as T -> 0.
    const double e1 = maxError(m, 1e-4), e2 = maxError(m, 5e-5), e3 = maxError(m, 2e-5);
    qInfo("perfect-model computed torque: max |e| = %.3g, %.3g, %.3g rad at T = 100, 50, 20 us", e1, e2, e3);
    QVERIFY(e1 / e2 > 1.8 && e1 / e2 < 2.2);
    QVERIFY(e3 < 1e-6);
    // With a +-5 % model error the tracking is much worse, but bounded.
    const double e5 = maxError(perturbedModel(m, 5, 7), 1e-4);
    qInfo("with +-5 %% model error: max |e| = %.3g rad", e5);
    QVERIFY(e5 > 100 * e3 && e5 < 0.01);
  }

  // The thesis setup (400 Hz control, 2 kHz Euler plant, +-10 % model error). The relation the physics
  // implies here: computed torque cancels the nonlinear dynamics up to the model error, so during the
  // motion its error is far below the PID's, which only reacts to errors (max |e| smaller on every joint);
  // but without integral action it keeps a static error M^-1 dG / Kp from the gravity-model error, which
  // the PID's integrator removes (smaller |e_ss| for PID on the gravity-loaded joints 2 and 3).
  void umisComputedTorqueVsPid() {
    const Scene s = loadScene("scenes/umis_ctc_vs_pid.json");
    QCOMPARE(int(s.controllers.size()), 2);
    std::vector<std::pair<std::string, RunMetrics>> runs;
    for (const auto& spec : s.controllers) {
      const auto traj = makeTrajectory(s);
      SimulatedPlant plant(s.robot.model, s.plant);
      const auto ctrl = makeController(spec, s.robot.model);
      Recorder rec(makeChannels(s.robot.model, s.record));
      const RunResult r = runSimulation(s.robot.model, plant, *ctrl, *traj, runOptions(s), rec);
      QVERIFY2(r.ok, r.message.c_str());
      QCOMPARE(r.periods, 2000LL);
      runs.emplace_back(spec.name, r.metrics);
    }
    const RunMetrics& ct = runs[0].second;
    const RunMetrics& pid = runs[1].second;
    for (int j = 0; j < 6; ++j) {
      QVERIFY(std::isfinite(ct.joints[std::size_t(j)].maxAbsError));
      QVERIFY2(ct.joints[std::size_t(j)].maxAbsError < pid.joints[std::size_t(j)].maxAbsError,
               qPrintable(QString("joint %1").arg(j + 1)));
      QVERIFY(ct.joints[std::size_t(j)].maxAbsError < 2e-3);  // bounded (10 % model error)
    }
    for (int j : {1, 2})
      QVERIFY(std::abs(pid.joints[std::size_t(j)].steadyStateError) < std::abs(ct.joints[std::size_t(j)].steadyStateError));
    const std::string table = comparisonTable(runs);
    QVERIFY(table.find("computed_torque") != std::string::npos && table.find("pid") != std::string::npos);
  }

  void deterministicCsv() {
    const Scene s = loadScene("scenes/puma560_ctc_vs_pid.json");
    QTemporaryDir dir;
    QByteArray first;
    for (int rep = 0; rep < 2; ++rep) {
      const auto traj = makeTrajectory(s);
      SimulatedPlant plant(s.robot.model, s.plant);
      const auto ctrl = makeController(s.controllers[0], s.robot.model);
      Recorder rec(makeChannels(s.robot.model, s.record));
      QVERIFY(runSimulation(s.robot.model, plant, *ctrl, *traj, runOptions(s), rec).ok);
      const QString path = dir.filePath(QString("run%1.csv").arg(rep));
      writeCsv(rec, path.toStdString());
      QFile f(path);
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QByteArray bytes = f.readAll();
      if (rep == 0) first = bytes;
      else QVERIFY(bytes == first);
    }
    QVERIFY(first.size() > 100000);
  }

  void divergenceIsReported() {
    Scene s = loadScene("scenes/planar2r_teaching.json");
    s.plant.stepper = Stepper::Euler;
    ControllerSpec spec = s.controllers[2];
    spec.kp = VectorX::Constant(2, 1e9);  // e'' + kv e' + 1e9 e: explicit Euler at 1 ms explodes
    const auto traj = makeTrajectory(s);
    SimulatedPlant plant(s.robot.model, s.plant);
    const auto ctrl = makeController(spec, s.robot.model);
    Recorder rec(makeChannels(s.robot.model, s.record));
    const RunResult r = runSimulation(s.robot.model, plant, *ctrl, *traj, runOptions(s), rec);
    QVERIFY(!r.ok);
    qInfo("%s", r.message.c_str());
    QVERIFY(r.message.find("t = ") == 0);
    QVERIFY(r.message.find("diverged") != std::string::npos || r.message.find("blow-up") != std::string::npos);
    QVERIFY(r.message.find("joint") != std::string::npos || r.message.find("energy") != std::string::npos);
    QVERIFY(rec.rows() > 0);  // everything up to the fault is kept
    QVERIFY(r.endTime < 2.0);
  }

  void jointLimitIsReported() {
    Model m = loadModel("robots/planar2r.json");
    m.limits[1].lower = -0.2;
    m.limits[1].upper = 0.2;
    PlantOptions o;
    SimulatedPlant plant(m, o);
    VectorX q0(2), qd0(2);
    q0 << -1.5707963267948966, 0.0;
    qd0 << 0, 2.0;  // joint 2 swings through its +0.2 rad limit
    plant.reset(q0, qd0);
    plant.writeTorque(VectorX::Zero(2));
    for (int k = 0; k < 200; ++k) QVERIFY(plant.advance(0.001).ok);
    QVERIFY(!plant.jointLimitEvents().empty());
    const auto& e = plant.jointLimitEvents().front();
    QCOMPARE(e.joint, 1);
    QVERIFY(e.upper);
    QVERIFY(e.position > 0.2 && e.position < 0.21);
    QVERIFY(e.time > 0.1 && e.time < 0.15);  // 0.2 rad at a little under 2 rad/s
  }

  void singularMassMatrixStopsTheRun() {
    Model m = loadModel("robots/planar2r.json");
    m.body[1].mass = 0;  // the last joint then moves nothing
    SimulatedPlant plant(m, PlantOptions{});
    plant.reset(VectorX::Zero(2), VectorX::Zero(2));
    const BackendStatus st = plant.advance(0.0025);
    QVERIFY(!st.ok);
    QVERIFY2(st.message.find("singular") != std::string::npos && st.message.find("joint 2") != std::string::npos,
             st.message.c_str());
  }

  void velocityEstimatorAndQuantisation() {
    JointSensor s;
    MeasurementOptions mo;
    mo.estimateVelocity = true;
    mo.velocityWindow = 10;
    mo.quantum = {2 * M_PI / 131072};  // 17 bits
    s.configure(1, mo, 0.0005);
    VectorX q(1), qd(1);
    q << 0;
    qd << 0.5;
    s.reset(q, qd);
    for (int k = 1; k <= 40; ++k) {
      q[0] = 0.5 * k * 0.0005;
      s.sample(q, qd);
    }
    const double quantum = 2 * M_PI / 131072;
    QVERIFY(std::abs(s.position()[0] - q[0]) <= quantum / 2 + 1e-15);
    QVERIFY(std::abs(std::remainder(s.position()[0], quantum)) < 1e-12);
    // (q_k - q_{k-10}) / (10 T): exact up to two quantisation steps over the 5 ms window
    QVERIFY(std::abs(s.velocity()[0] - 0.5) <= quantum / 0.005 + 1e-12);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(Simulation)
#include "test_simulation.moc"  // (in the namespace, as the class)

}  // namespace test_simulation
