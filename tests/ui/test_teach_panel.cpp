// Teach panel: a displayed joint value (degrees / mm) poses the robot in radians / metres, the
// end-effector pose shown is FK's, limits clamp, home restores the home pose; a coupled (mimic) joint moves
// with its source, whichever of the two sliders is moved.
#include <QSignalSpy>
#include <QTest>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/teach_panel.hpp"
#include "support/test_main.hpp"

namespace test_teach_panel {

using namespace maniplab;

class TeachPanelTest : public QObject {
  Q_OBJECT
 private slots:
  void posesTheRobot() {
    const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
    QVERIFY(r.ok());
    ui::TeachPanel panel;
    panel.setRobot(r.model, r.model.home);
    QSignalSpy spy(&panel, &ui::TeachPanel::configurationChanged);
    panel.setJointDisplayValue(1, 30.0);  // degrees
    QCOMPARE(spy.count(), 1);
    QVERIFY(std::abs(panel.configuration()[1] - M_PI / 6) < 1e-12);
    Data d(r.model);
    forwardKinematics(r.model, d, panel.configuration());
    QVERIFY2(panel.poseText().contains(QString::number(d.oMtool.p.x(), 'f', 4)), qPrintable(panel.poseText()));
    QVERIFY(panel.poseText().contains(QString::number(d.oMtool.p.z(), 'f', 4)));
    // Beyond the limit (joint 2: -45 .. 225 deg) the value is clamped.
    panel.setJointDisplayValue(1, 400.0);
    QVERIFY(std::abs(panel.configuration()[1] - 225.0 * M_PI / 180) < 1e-12);
    // setConfiguration does not emit.
    panel.setConfiguration(r.model.home);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(panel.configuration(), r.model.home);
  }

  void prismaticJointsInMillimetres() {
    const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/scara.json");
    QVERIFY(r.ok());
    ui::TeachPanel panel;
    panel.setRobot(r.model, r.model.home);
    int prismatic = -1;
    for (int i = 0; i < r.model.nq; ++i)
      if (!r.model.isRevolute(i)) prismatic = i;
    QVERIFY(prismatic >= 0);
    const auto& L = r.model.limits[std::size_t(prismatic)];
    const double mid = L.lower > -1e299 && L.upper < 1e299 ? 0.5 * (L.lower + L.upper) : 0.05;
    panel.setJointDisplayValue(prismatic, mid * 1000.0);
    QVERIFY(std::abs(panel.configuration()[prismatic] - mid) < 1e-9);
  }

  void coupledJointsMoveTogether() {
    const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/panda_hand.json");
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.model.coupling[8].source, 7);  // the second finger follows the first
    ui::TeachPanel panel;
    panel.setRobot(r.model, r.model.home);
    QSignalSpy spy(&panel, &ui::TeachPanel::configurationChanged);
    panel.setJointDisplayValue(7, 12.0);  // mm, the first finger
    QCOMPARE(spy.count(), 1);
    QVERIFY(std::abs(panel.configuration()[7] - 0.012) < 1e-12);
    QCOMPARE(panel.configuration()[8], panel.configuration()[7]);
    panel.setJointDisplayValue(8, 30.0);  // the second finger moves the first
    QVERIFY(std::abs(panel.configuration()[7] - 0.030) < 1e-12);
    QCOMPARE(panel.configuration()[8], panel.configuration()[7]);
    panel.setJointDisplayValue(3, -90.0);  // an arm joint moves alone
    QVERIFY(std::abs(panel.configuration()[7] - 0.030) < 1e-12);
    QVERIFY(std::abs(panel.configuration()[3] + M_PI / 2) < 1e-12);
  }
};

MANIPLAB_TEST_MAIN(TeachPanelTest)
#include "test_teach_panel.moc"  // (in the namespace, as the class)

}  // namespace test_teach_panel
