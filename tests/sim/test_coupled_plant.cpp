// Coupled (mimic) joints in the simulation (issue 29): the Franka Panda with its hand (robots/panda_hand.json,
// imported from Franka's URDF with --tree --couple-mimics: the second finger mimics the first) in the
// simulated plant and in the shipped scene scenes/panda_gripper_ctc_vs_pid.json. Asserted:
//  * the plant integrates the independent coordinates: the second finger equals the first at every tick
//    (bit for bit: q = 1 * q_1 + 0), and a torque written to the coupled joint moves the plant exactly as
//    the same torque written to its source (tau_ind = G^T tau);
//  * a passive run (no friction, no torque, Dormand–Prince 5(4) at 1e-10) keeps the energy of the bodies
//    (energyMomentum, computed from the full tree's body velocities) to 1e-7 of the kinetic energy scale;
//    a plant that ignored the coupling (the fingers free) would let them slide apart under gravity, which
//    the first check rules out;
//  * the scene: both controllers complete the run; computed torque tracks every joint to 5e-4 (rad or m;
//    its model is 5 % off and has no integral action: measured 6.0e-5 .. 3.1e-4 rad on the arm, 1.8e-5 m on
//    the fingers), PID within 0.1 and worse on every joint (measured 6.5e-3 .. 6.0e-2 rad, 1.1e-3 m); the
//    fingers close to 10 mm while the arm moves and the second finger follows the first throughout;
//  * the traces name the joints in the order of q, the tree's parents and the coupling with them, on the
//    CSV comment line a reader of the file sees (csv.hpp).
#include <QtTest>
#include <cmath>

#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "support/test_main.hpp"

namespace test_coupled_plant {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

const char* kRobot = MANIPLAB_SOURCE_DIR "/robots/panda_hand.json";
const char* kScene = MANIPLAB_SOURCE_DIR "/scenes/panda_gripper_ctc_vs_pid.json";

VectorX pose() {
  VectorX q(9);
  q << 0.3, -0.6, 0.2, -2.1, 0.1, 1.7, 0.6, 0.02, 0.02;
  return q;
}

}  // namespace

class CoupledPlant : public QObject {
  Q_OBJECT
 private slots:
  void theRobotFileCouplesTheFingers() {
    const RobotLoadResult r = loadRobotFile(kRobot);
    QVERIFY2(r.ok(), r.report().c_str());
    const Model& m = r.model;
    QCOMPARE(m.nq, 9);
    QCOMPARE(m.jointName[7], std::string("panda_finger_joint1"));
    QCOMPARE(m.jointName[8], std::string("panda_finger_joint2"));
    QCOMPARE(int(m.coupling.size()), 9);
    QCOMPARE(m.coupling[8].source, 7);
    QCOMPARE(m.coupling[8].multiplier, 1.0);
    QCOMPARE(m.coupling[8].offset, 0.0);
    QCOMPARE(m.parent[7], 6);
    QCOMPARE(m.parent[8], 6);
  }

  void fingersFollowAndTorquesProject() {
    const RobotLoadResult r = loadRobotFile(kRobot);
    QVERIFY2(r.ok(), r.report().c_str());
    const Model& m = r.model;
    PlantOptions po;
    po.friction = false;
    SimulatedPlant onSource(m, po), onCoupled(m, po);
    VectorX q0 = pose();
    q0[8] = 0.035;  // inconsistent: the coupled finger is put where its source says
    QVERIFY(onSource.reset(q0, VectorX::Zero(9)).ok);
    QVERIFY(onCoupled.reset(q0, VectorX::Zero(9)).ok);
    QCOMPARE(onSource.position()[8], 0.02);
    VectorX a = VectorX::Zero(9), b = VectorX::Zero(9);
    a[7] = 3.0;  // N, on the first finger
    b[8] = 3.0;  // the same, on the second
    for (int k = 0; k < 200; ++k) {
      onSource.writeTorque(a);
      onCoupled.writeTorque(b);
      QVERIFY(onSource.advance(0.5e-3).ok);
      QVERIFY(onCoupled.advance(0.5e-3).ok);
      QCOMPARE(onSource.position()[8], onSource.position()[7]);
      QCOMPARE(onSource.velocity()[8], onSource.velocity()[7]);
    }
    QVERIFY(onSource.position() == onCoupled.position());
    QVERIFY(onSource.velocity() == onCoupled.velocity());
    QVERIFY(onSource.position()[7] > 0.021);  // the push opened the fingers
  }

  void passiveRunKeepsTheEnergy() {
    const RobotLoadResult r = loadRobotFile(kRobot);
    QVERIFY2(r.ok(), r.report().c_str());
    const Model& m = r.model;
    PlantOptions po;
    po.friction = false;
    po.saturateTorque = false;
    po.stepper = Stepper::DormandPrince5;
    po.absTolerance = po.relTolerance = 1e-11;
    SimulatedPlant plant(m, po);
    VectorX qd0 = VectorX::Zero(9);
    qd0 << 0.5, -0.4, 0.6, 0.3, -0.8, 0.7, 1.0, 0.05, 0.05;
    QVERIFY(plant.reset(pose(), qd0).ok);
    Data d(m);
    const auto e0 = energyMomentum(m, d, plant.position(), plant.velocity());
    const double E0 = e0.kinetic + e0.potential;
    double worst = 0;
    for (int k = 0; k < 1000; ++k) {
      QVERIFY(plant.advance(1e-3).ok);
      const auto e = energyMomentum(m, d, plant.position(), plant.velocity());
      worst = std::max(worst, std::abs(e.kinetic + e.potential - E0));
      QCOMPARE(plant.position()[8], plant.position()[7]);
    }
    qInfo("passive coupled Panda, 1 s: energy drift %.1e J (kinetic energy at start %.3f J)", worst, e0.kinetic);
    QVERIFY2(worst < 1e-7 * std::max(1.0, e0.kinetic), qPrintable(QString::number(worst)));
  }

  void tracesNameTheJoints() {
    const SceneLoadResult sl = loadSceneFile(kScene);
    QVERIFY2(sl.ok(), sl.report().c_str());
    Scene s = sl.scene;
    s.duration = 0.01;
    const SceneRun run = runSerialScene(s, PlannedRun{0, 0, "ctc"});
    QVERIFY2(run.result.ok, run.result.message.c_str());
    const std::vector<std::string> expected = {
        "panda_joint1", "panda_joint2", "panda_joint3", "panda_joint4", "panda_joint5", "panda_joint6", "panda_joint7",
        "panda_finger_joint1", "panda_finger_joint2 (parent 7; mimic of 8: q = 1 q[8] + 0)"};
    QCOMPARE(run.recorder->coordinates(), expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("ctc.csv").toStdString();
    writeCsv(*run.recorder, path, CsvOptions{{"q[9]"}, 0, 1, 17, {"provenance"}});
    const CsvTable t = readCsv(path);
    const std::vector<std::string> comments = {
        "provenance",
        "joints in the order of q (the i of q[i], qd[i], e[i], tau[i], ...): 1 panda_joint1, 2 panda_joint2, "
        "3 panda_joint3, 4 panda_joint4, 5 panda_joint5, 6 panda_joint6, 7 panda_joint7, 8 panda_finger_joint1, "
        "9 panda_finger_joint2 (parent 7; mimic of 8: q = 1 q[8] + 0)"};
    QCOMPARE(t.comments, comments);
    QCOMPARE(t.names, (std::vector<std::string>{"time", "q[9]"}));
    // A recorder of no model's joints writes no such line.
    Recorder bare({{"x", "m", "position"}});
    const double x = 1;
    bare.append(0, &x);
    writeCsv(bare, path);
    QVERIFY(readCsv(path).comments.empty());
  }

  void sceneClosesTheFingersWhileTheArmMoves() {
    const SceneLoadResult sl = loadSceneFile(kScene);
    QVERIFY2(sl.ok(), sl.report().c_str());
    const Scene& s = sl.scene;
    const Model& m = s.robot.model;
    QCOMPARE(m.nq, 9);
    QCOMPARE(int(s.controllers.size()), 2);
    std::vector<std::vector<double>> maxErr(2);
    for (int c = 0; c < 2; ++c) {
      SimulatedPlant plant(m, s.plant);
      auto ctrl = makeController(s.controllers[std::size_t(c)], m);
      QVERIFY(ctrl);
      const auto traj = makeTrajectory(s);
      const RunOptions ro = runOptions(s);
      Recorder rec(makeChannels(m, ro.record));
      const RunResult r = runSimulation(m, plant, *ctrl, *traj, ro, rec);
      QVERIFY2(r.ok, r.message.c_str());
      const int q8 = rec.channelIndex("q[8]"), q9 = rec.channelIndex("q[9]");
      QVERIFY(q8 >= 0 && q9 >= 0);
      double closedAt = -1, minGap = 1;
      for (std::size_t row = 0; row < rec.rows(); ++row) {
        QCOMPARE(rec.value(row, q9), rec.value(row, q8));
        minGap = std::min(minGap, rec.value(row, q8));
        if (closedAt < 0 && rec.value(row, q8) < 0.011) closedAt = rec.time(row);
      }
      for (int j = 0; j < 9; ++j) maxErr[std::size_t(c)].push_back(r.metrics.joints[std::size_t(j)].maxAbsError);
      qInfo("%s: max |e| arm %.1e .. %.1e rad, fingers %.1e m; fingers closed (11 mm) at t = %.2f s, narrowest %.2f mm",
            s.controllers[std::size_t(c)].name.c_str(), *std::min_element(maxErr[std::size_t(c)].begin(), maxErr[std::size_t(c)].begin() + 7),
            *std::max_element(maxErr[std::size_t(c)].begin(), maxErr[std::size_t(c)].begin() + 7), maxErr[std::size_t(c)][7], closedAt,
            1e3 * minGap);
      QVERIFY2(closedAt > 1.5 && closedAt < 3.5, qPrintable(QString::number(closedAt)));  // while the arm moves
    }
    for (int j = 0; j < 9; ++j) {
      QVERIFY2(maxErr[0][std::size_t(j)] < 5e-4, qPrintable(QString("CTC joint %1: %2").arg(j + 1).arg(maxErr[0][std::size_t(j)])));
      QVERIFY2(maxErr[1][std::size_t(j)] < 0.1, qPrintable(QString("PID joint %1: %2").arg(j + 1).arg(maxErr[1][std::size_t(j)])));
      QVERIFY(maxErr[1][std::size_t(j)] > 5 * maxErr[0][std::size_t(j)]);
    }
  }
};

MANIPLAB_TEST_GUILESS_MAIN(CoupledPlant)
#include "test_coupled_plant.moc"  // (in the namespace, as the class)

}  // namespace test_coupled_plant
