// Qt 3D node lifetimes in the 3D view (issue 27): a scene replaced in the same event-loop pass as nodes
// were constructed under the live one. Qt 3D 6.4 queues a node constructed under a parent already in the
// scene for QNodePrivate::_q_postConstructorInit at the next pass; deleting an ancestor first leaves that
// node queued once freed, and the next pass crashed in _q_postConstructorInit (qt3d_node_tree.hpp).
//  - nodesQueuedUnderADestroyedTree: that pattern on a bare Qt 3D scene (an aspect engine, no window),
//    the tree destroyed by destroyNodeTree as RobotView destroys its robot; with `delete` instead (the
//    3D view's code before the fix) this test crashed at its first processEvents, every run.
//  - ghostPosedAndSceneReplacedInOnePass / twoScenesInOnePass: the 3D view driven through the sequences
//    that build and replace scenes within one pass (the first is what crashed test_control_panel_scene
//    about every other run when the ghost was built at its first pose: the same sequence on that code
//    crashed this way every run).
#include <QPointer>
#include <QtTest>
#include <Qt3DCore/QAspectEngine>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <numbers>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the serial arm's drawing
#include "qt3d_node_tree.hpp"     // ui/src
#include "support/test_main.hpp"

namespace test_robot_view_lifetime {

using namespace maniplab;
using maniplab::ui::RobotView;
using Qt3DCore::QEntity;

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

VectorX nominalPuma() {
  VectorX q(6);
  q << 0, 45, -180, 0, 45, 0;
  return q * kDeg;
}

/// Lets Qt 3D's queued post-constructor init run (one pass of the event loop is enough; a few more cost
/// nothing).
void passes() {
  for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
}

}  // namespace

class TestRobotViewLifetime : public QObject {
  Q_OBJECT
  RobotLoadResult puma;

 private slots:
  void initTestCase() {
    puma = loadRobotFile(std::string(MANIPLAB_SOURCE_DIR) + "/robots/puma560.json");
    QVERIFY2(puma.ok(), puma.report().c_str());
  }

  void nodesQueuedUnderADestroyedTree() {
    Qt3DCore::QAspectEngine engine;
    auto* root = new QEntity;
    auto* world = new QEntity(root);
    engine.setRootEntity(Qt3DCore::QEntityPtr(root));
    passes();
    // A robot built and taken into the scene (its backend nodes exist after the pass).
    auto* robot = new QEntity(world);
    auto* mount = new QEntity(robot);
    mount->addComponent(new Qt3DCore::QTransform);
    passes();
    // Later, a subtree constructed under the live mount: queued for post-constructor init; the
    // QTransform's addComponent creates its backend at once, it stays queued.
    auto* late = new QEntity(mount);
    auto* lateBody = new QEntity(late);
    lateBody->addComponent(new Qt3DCore::QTransform);
    QPointer<QEntity> lateGuard(late), robotGuard(robot);
    // The robot replaced in the same pass.
    ui::destroyNodeTree(robot);
    QVERIFY(!lateGuard && !robotGuard);
    QVERIFY(world->childNodes().isEmpty());
    auto* next = new QEntity(world);
    next->addComponent(new Qt3DCore::QTransform);
    passes();  // `delete robot` instead: SIGSEGV in QNodePrivate::_q_postConstructorInit here
    QCOMPARE(world->childNodes().size(), qsizetype(1));
    QCOMPARE(world->childNodes().front(), static_cast<Qt3DCore::QNode*>(next));
  }

  // The comparison's sequence: the arm's scene in the view (Qt 3D has taken it in), the first row of the
  // second run poses and shows the ghost, and in the same pass the scene is replaced (a robot edit, undo,
  // another file); the next passes run Qt 3D's queue.
  void ghostPosedAndSceneReplacedInOnePass() {
    RobotView view;
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, puma.model, puma.description);
    const int bodies = view.bodyCount();
    QVERIFY(bodies > puma.model.nq);
    QTest::qWait(100);
    for (int round = 0; round < 3; ++round) {
      arm->setGhostConfiguration(nominalPuma());
      QVERIFY(view.ghostShown());
      arm = &ui::ArmDrawing::draw(view, puma.model, puma.description);
      QVERIFY(!view.ghostShown());
      passes();
      QCOMPARE(view.bodyCount(), bodies);
      QVERIFY(view.hasRobot());
    }
    // The last scene works: the ghost shows at its pose, the arm follows.
    arm->setGhostConfiguration(nominalPuma());
    QVERIFY(view.ghostShown());
    QVERIFY((arm->ghostBodyTransform(5).column(3) - arm->bodyTransform(5).column(3)).length() > 0.05f);
    QTest::qWait(100);
  }

  // Two scenes in one pass, then another pass: the first scene's tree is destroyed while Qt 3D still has
  // its construction queued (Qt 3D 6.6.3 and later queue its inner nodes one by one).
  void twoScenesInOnePass() {
    RobotView view;
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ui::ArmDrawing::draw(view, puma.model, puma.description);
    QTest::qWait(100);
    const int bodies = view.bodyCount();
    for (int round = 0; round < 3; ++round) {
      ui::ArmDrawing::draw(view, puma.model, puma.description);
      ui::ArmDrawing::draw(view, puma.model, puma.description);
      passes();
      QCOMPARE(view.bodyCount(), bodies);
    }
    QTest::qWait(100);
  }
};

MANIPLAB_TEST_MAIN(TestRobotViewLifetime)
#include "test_robot_view_lifetime.moc"  // (in the namespace, as the class)

}  // namespace test_robot_view_lifetime
