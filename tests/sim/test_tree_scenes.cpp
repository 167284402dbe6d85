// A tree robot in the simulation (issue 29): the shipped hand-over scene (scenes/two_arm_handover.json,
// robots/two_arm_torso_mdh.json: a torso joint carrying two 4-joint arms, Khalil & Kleinfinger's
// antecedents) runs per joint through the engine, the plant, the trajectory, both controllers, the
// recorder and the metrics. Asserted:
//  * both controllers complete the 7.5 s (3000 periods at 400 Hz), every channel of every joint recorded;
//  * computed torque tracks every joint of both arms to 1e-4 rad (its model is the tree's, 5 % off, with
//    friction compensation), PID within 0.1 rad but at least 50 times worse on every joint (measured:
//    computed torque 2.2e-6 .. 5.6e-5 rad, PID 7.9e-3 .. 5.3e-2 rad; printed by qInfo);
//  * at the hand-over (t = 3.0 s, the third via point, which the spline passes exactly) the tool on arm
//    B's wrist is where the modified DH frames composed by hand put it, Rz(γ)Tz(b)Rx(α)Tx(d)Rz(θ+q)Tz(r)
//    from the torso (Khalil & Dombre 2002 §3.6), to computed torque's tracking error.
#include <QtTest>
#include <cmath>

#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"
#include "support/test_main.hpp"

namespace test_tree_scenes {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

const char* kScene = MANIPLAB_SOURCE_DIR "/scenes/two_arm_handover.json";

Eigen::Matrix4d rotZ(double a) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  T.block<2, 2>(0, 0) << std::cos(a), -std::sin(a), std::sin(a), std::cos(a);
  return T;
}
Eigen::Matrix4d rotX(double a) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  T.block<2, 2>(1, 1) << std::cos(a), -std::sin(a), std::sin(a), std::cos(a);
  return T;
}
Eigen::Matrix4d shift(double x, double y, double z) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  T.block<3, 1>(0, 3) << x, y, z;
  return T;
}
/// Khalil–Kleinfinger's frame j in frame a(j) (angles in degrees, q in radians).
Eigen::Matrix4d kk(double gammaDeg, double b, double alphaDeg, double d, double q, double r) {
  const double deg = M_PI / 180;
  return rotZ(gammaDeg * deg) * shift(0, 0, b) * rotX(alphaDeg * deg) * shift(d, 0, 0) * rotZ(q) * shift(0, 0, r);
}

}  // namespace

class TreeScenes : public QObject {
  Q_OBJECT
 private slots:
  void handOverRunsAndComputedTorqueWins() {
    const SceneLoadResult sl = loadSceneFile(kScene);
    QVERIFY2(sl.ok(), sl.report().c_str());
    const Scene& s = sl.scene;
    const Model& m = s.robot.model;
    QCOMPARE(m.nq, 9);
    QVERIFY(!m.isChain());
    QCOMPARE(m.parent, (std::vector<int>{-1, 0, 1, 2, 3, 0, 5, 6, 7}));
    QCOMPARE(int(s.controllers.size()), 2);
    std::vector<double> worst(2, 0.0), best(2, 1e300);
    std::vector<std::vector<double>> maxErr(2);
    Eigen::Vector3d handOver = Eigen::Vector3d::Zero();
    for (int c = 0; c < 2; ++c) {
      SimulatedPlant plant(m, s.plant);
      auto ctrl = makeController(s.controllers[std::size_t(c)], m);
      QVERIFY(ctrl);
      const auto traj = makeTrajectory(s);
      QCOMPARE(traj->dof(), 9);
      const RunOptions ro = runOptions(s);
      Recorder rec(makeChannels(m, ro.record));
      const RunResult r = runSimulation(m, plant, *ctrl, *traj, ro, rec);
      QVERIFY2(r.ok, r.message.c_str());
      QCOMPARE(r.periods, 3000LL);
      QCOMPARE(int(r.metrics.joints.size()), 9);
      for (int j = 1; j <= 9; ++j)
        for (const char* ch : {"q", "q_d", "e", "tau"})
          QVERIFY2(rec.channelIndex(std::string(ch) + "[" + std::to_string(j) + "]") >= 0, ch);
      for (int j = 0; j < 9; ++j) {
        const double e = r.metrics.joints[std::size_t(j)].maxAbsError;
        maxErr[std::size_t(c)].push_back(e);
        worst[std::size_t(c)] = std::max(worst[std::size_t(c)], e);
        best[std::size_t(c)] = std::min(best[std::size_t(c)], e);
      }
      if (c == 0) {  // computed torque: the tool at the hand-over
        std::size_t row = 0;
        while (row + 1 < rec.rows() && rec.time(row) < 3.0 - 1e-9) ++row;
        QVERIFY(std::abs(rec.time(row) - 3.0) < 1e-9);
        for (int a = 0; a < 3; ++a) {
          const int ch = rec.channelIndex(std::string("ee_") + "XYZ"[a]);
          QVERIFY(ch >= 0);
          handOver[a] = rec.value(row, ch);
        }
      }
    }
    qInfo("hand-over, max |e| over the joints: computed torque %.3g .. %.3g rad, PID %.3g .. %.3g rad", best[0],
          worst[0], best[1], worst[1]);
    QCOMPARE(s.controllers[0].name, std::string("computed_torque"));
    QVERIFY2(worst[0] < 1e-4, qPrintable(QString::number(worst[0])));
    QVERIFY2(worst[1] < 0.1, qPrintable(QString::number(worst[1])));
    for (int j = 0; j < 9; ++j)
      QVERIFY2(maxErr[1][std::size_t(j)] > 50 * maxErr[0][std::size_t(j)],
               qPrintable(QString("joint %1: PID %2, computed torque %3").arg(j + 1).arg(maxErr[1][std::size_t(j)]).arg(maxErr[0][std::size_t(j)])));

    // The third via point by hand: torso, then arm B (shoulder yaw on the torso: γ = -90°, b = 0.35, d = 0.25;
    // pitch α = -90°, d = 0.08; elbow d = 0.35; wrist α = -90°, r = 0.30), tool 0.1 m along the wrist's z.
    const std::vector<double> q = s.trajectory.at("points").at(2).get<std::vector<double>>();
    const Eigen::Matrix4d T = kk(0, 0, 0, 0, q[0], 0.75) * kk(-90, 0.35, 0, 0.25, q[5], 0) * kk(0, 0, -90, 0.08, q[6], 0) *
                              kk(0, 0, 0, 0.35, q[7], 0) * kk(0, 0, -90, 0, q[8], 0.3) * shift(0, 0, 0.1);
    const Eigen::Vector3d expected = T.block<3, 1>(0, 3);
    qInfo("hand-over point of arm B's tool: (%.6f, %.6f, %.6f) m by hand, simulated %.3g m off", expected.x(),
          expected.y(), expected.z(), (handOver - expected).norm());
    QVERIFY2((handOver - expected).norm() < 1e-4, qPrintable(QString::number((handOver - expected).norm())));
    QVERIFY((expected - Eigen::Vector3d(0.5457, 0.0709, 0.9442)).norm() < 1e-3);  // the scene's description
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TreeScenes)
#include "test_tree_scenes.moc"  // (in the namespace, as the class)

}  // namespace test_tree_scenes
