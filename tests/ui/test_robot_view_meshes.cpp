// Visual meshes in the Qt 3D robot view: the hand-written URDF test arm (tests/data/urdf) draws its STL
// and OBJ meshes in place of the default link segments; a ManipLab robot file with a mesh path relative
// to the file finds it; a missing mesh keeps the default drawing; and (under xvfb) the rendered window
// shows the cyan STL mesh where the model puts it, and not when the mesh is removed.
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QScreen>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the serial arm's drawing
#include "maniplab/urdf/urdf_file.hpp"
#include "support/test_main.hpp"

namespace test_robot_view_meshes {

using namespace maniplab;
using maniplab::ui::RobotView;

namespace {

const std::string kArm = std::string(MANIPLAB_SOURCE_DIR) + "/tests/data/urdf/maniplab_test_arm/urdf/test_arm.urdf";

/// Pixels of the window region around a viewport point that are cyan (the STL mesh's material).
int cyanPixelsAround(const QImage& img, QPoint c, int half) {
  int k = 0;
  for (int y = c.y() - half; y <= c.y() + half; ++y)
    for (int x = c.x() - half; x <= c.x() + half; ++x) {
      if (!img.rect().contains(x, y)) continue;
      const QRgb p = img.pixel(x, y);
      if (qGreen(p) > qRed(p) + 50 && qBlue(p) > qRed(p) + 50 && std::abs(qGreen(p) - qBlue(p)) < 40) ++k;
    }
  return k;
}

}  // namespace

class TestRobotViewMeshes : public QObject {
  Q_OBJECT
  RobotLoadResult arm;

 private slots:
  void initTestCase() {
    arm = loadUrdfFile(kArm);
    QVERIFY2(arm.ok(), arm.report().c_str());
  }

  void meshesReplaceTheDefaultLinks() {
    RobotView view;
    ui::ArmDrawing* drawn = &ui::ArmDrawing::draw(view, arm.model, arm.description);
    const QStringList meshes = view.meshSources();
    QCOMPARE(meshes.size(), 2);
    QVERIFY(meshes[0].endsWith("meshes/link1.stl") && QFileInfo::exists(meshes[0]));
    QVERIFY(meshes[1].endsWith("meshes/link2.obj") && QFileInfo::exists(meshes[1]));
    const int withMeshes = drawn->linkSegmentCount();
    RobotDescription plain = arm.description;
    for (auto& j : plain.joints) j.geometry = LinkGeometry();
    drawn = &ui::ArmDrawing::draw(view, arm.model, plain);
    QCOMPARE(view.meshSources().size(), 0);
    // bodies 1 and 2 carry meshes: their outgoing link paths (up to 3 segments each) are not drawn
    QVERIFY2(drawn->linkSegmentCount() > withMeshes,
             qPrintable(QString("%1 vs %2").arg(drawn->linkSegmentCount()).arg(withMeshes)));
  }

  void relativeMeshPathOfARobotFile() {
    // A robot file next to a copy of the mesh, referring to it relatively; loaded from another directory.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkpath("parts"));
    QVERIFY(QFile::copy(QString::fromStdString(std::filesystem::path(kArm).parent_path().string() + "/../meshes/link1.stl"),
                        dir.filePath("parts/shoulder.stl")));
    RobotDescription d = arm.description;
    d.joints[0].geometry.mesh = "parts/shoulder.stl";
    d.joints[1].geometry.mesh = "parts/missing.obj";
    const std::string file = dir.filePath("arm.json").toStdString();
    std::ofstream(file) << robotToJson(d);
    const RobotLoadResult r = loadRobotFile(file);
    QVERIFY2(r.ok(), r.report().c_str());
    RobotView view;
    ui::ArmDrawing::draw(view, r.model, r.description);
    QCOMPARE(view.meshSources(), QStringList{QFileInfo(dir.filePath("parts/shoulder.stl")).absoluteFilePath()});
  }

  void renderedMeshIsOnScreen() {
    if (QGuiApplication::platformName() == "offscreen" || QGuiApplication::platformName() == "minimal")
      QSKIP("Qt 3D needs a windowing platform (run under xvfb with QT_QPA_PLATFORM=xcb)");
    RobotView view;
    view.setGeometry(0, 0, 640, 480);
    view.setShowJointAxes(false);
    view.setShowFrames(false);
    view.setShowCentresOfMass(false);
    ui::ArmDrawing* drawn = &ui::ArmDrawing::draw(view, arm.model, arm.description);
    VectorX q(3);
    q << 0.3, 0.6, 0.05;
    drawn->setConfiguration(q);
    view.fitToRobot();
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_COMPARE_WITH_TIMEOUT(view.meshesReady(), 2, 20000);
    QTest::qWait(1500);
    // the centre of link1's mesh box (0.08 x 0.08 x 0.3 m) is 0.15 m up link1's frame
    Data data(arm.model);
    forwardKinematics(arm.model, data, q);
    const Vector3 centre = data.oMi[0].apply(arm.description.joints[0].geometry.origin.p);
    const QPointF ndc = view.projectToViewport(QVector3D(float(centre.x()), float(centre.y()), float(centre.z())));
    QVERIFY(std::abs(ndc.x()) < 1 && std::abs(ndc.y()) < 1);
    const QPoint px(int((ndc.x() + 1) / 2 * view.width()), int((1 - ndc.y()) / 2 * view.height()));
    QScreen* screen = QGuiApplication::primaryScreen();
    const QRect area(view.mapToGlobal(QPoint(0, 0)), view.size());
    const QImage img = screen->grabWindow(0).toImage().copy(area).convertToFormat(QImage::Format_RGB32);
    QString dir = qEnvironmentVariable("MANIPLAB_SCREENSHOT_DIR");
    if (dir.isEmpty()) dir = QDir::currentPath();
    QVERIFY(img.save(QDir(dir).filePath("robot_view_meshes.png")));
    const int hits = cyanPixelsAround(img, px, 6);
    QVERIFY2(hits > 100, qPrintable(QString("cyan pixels around the mesh centre %1 (of 169) at %2,%3").arg(hits).arg(px.x()).arg(px.y())));
    // without the mesh, no cyan there
    RobotDescription plain = arm.description;
    plain.joints[0].geometry = LinkGeometry();
    drawn = &ui::ArmDrawing::draw(view, arm.model, plain);
    drawn->setConfiguration(q);
    view.fitToRobot();
    QTest::qWait(1500);
    const QImage img2 = screen->grabWindow(0).toImage().copy(area).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(cyanPixelsAround(img2, px, 6), 0);
  }
};

MANIPLAB_TEST_MAIN(TestRobotViewMeshes)
#include "test_robot_view_meshes.moc"  // (in the namespace, as the class)

}  // namespace test_robot_view_meshes
