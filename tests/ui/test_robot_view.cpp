// The Qt 3D robot view: scene transforms follow forward kinematics, trails are bounded, fit-to-robot
// frames the robot (also after the camera was moved away), the floor grid and trails can be hidden,
// multisampling follows the renderer, and (under xvfb) the rendered image actually shows something.
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QImage>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QWindow>
#include <QScreen>
#include <QSet>
#include <QtTest>
#include <cmath>
#include <numbers>
#include <random>

#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the serial arm's drawing
#include "support/test_main.hpp"

namespace test_robot_view {

using namespace maniplab;
using maniplab::ui::RobotView;

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

QVector3D q3(const Vector3& v) { return QVector3D(float(v.x()), float(v.y()), float(v.z())); }

double maxDiff(const QMatrix4x4& a, const Transform& T) {
  const auto m = T.matrix();
  double e = 0;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) e = std::max(e, std::abs(double(a(r, c)) - m(r, c)));
  return e;
}

VectorX nominalPuma() {
  VectorX q(6);
  q << 0, 45, -180, 0, 45, 0;
  return q * kDeg;
}

}  // namespace

class TestRobotView : public QObject {
  Q_OBJECT
  RobotLoadResult puma;

 private slots:
  void initTestCase() {
    puma = loadRobotFile(std::string(MANIPLAB_SOURCE_DIR) + "/robots/puma560.json");
    QVERIFY2(puma.ok(), puma.report().c_str());
    QCOMPARE(puma.model.nq, 6);
  }

  void transformsFollowForwardKinematics() {
    RobotView view;
    ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, puma.model, puma.description);
    QVERIFY(view.hasRobot());
    Data data(puma.model);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-2.5, 2.5);
    for (int trial = 0; trial < 20; ++trial) {
      VectorX q(6);
      for (int i = 0; i < 6; ++i) q[i] = u(rng);
      arm->setConfiguration(q);
      forwardKinematics(puma.model, data, q);
      for (int i = 0; i < 6; ++i) QVERIFY2(maxDiff(arm->bodyTransform(i), data.oMi[std::size_t(i)]) < 1e-5,
                                           qPrintable(QString("body %1").arg(i)));
      QVERIFY(maxDiff(arm->toolTransform(), data.oMtool) < 1e-5);

      // The link cylinders form a connected path through every joint origin to the tool.
      std::vector<std::pair<QVector3D, QVector3D>> segs;
      for (int k = 0; k < arm->linkSegmentCount(); ++k) {
        auto e = arm->linkSegmentEnds(k);
        if ((e.first - e.second).length() > 1e-6f) segs.push_back(e);
      }
      QVERIFY(segs.size() >= 3);
      for (std::size_t k = 0; k + 1 < segs.size(); ++k)
        QVERIFY2((segs[k].second - segs[k + 1].first).length() < 1e-4f, qPrintable(QString("gap after %1").arg(k)));
      QVERIFY((segs.back().second - q3(data.oMtool.p)).length() < 1e-4f);
      for (int i = 0; i < 6; ++i) {
        const QVector3D o = q3(data.oMi[std::size_t(i)].p);
        float best = 1e9f;
        for (const auto& s : segs) best = std::min({best, (s.first - o).length(), (s.second - o).length()});
        QVERIFY2(best < 1e-4f, qPrintable(QString("joint origin %1 not on the drawn chain").arg(i)));
      }
    }
    QCOMPARE(view.updatesApplied(), qint64(20));
    // wrong-size configurations are ignored
    arm->setConfiguration(VectorX::Zero(3));
    QCOMPARE(view.updatesApplied(), qint64(20));
    view.setShowFrames(true);
    view.setShowCentresOfMass(false);
    view.setShowJointAxes(false);
  }

  void everyShippedRobotAndGeometryHints() {
    const QDir dir(QString(MANIPLAB_SOURCE_DIR) + "/robots");
    QStringList files = dir.entryList({"*.json"}, QDir::Files);
    files.removeIf([](const QString& f) { return f.startsWith("orthoglide"); });  // parallel: test_orthoglide
    QVERIFY(files.size() >= 5);
    RobotView view;  // one view, rebuilt per robot
    for (const QString& f : files) {
      RobotLoadResult r = loadRobotFile(dir.filePath(f).toStdString());
      QVERIFY2(r.ok(), qPrintable(f));
      // display hints on the first three links (box, cylinder, sphere)
      const char* shapes[] = {"box", "cylinder", "sphere"};
      for (std::size_t i = 0; i < 3 && i < r.description.joints.size(); ++i) {
        auto& g = r.description.joints[i].geometry;
        g.shape = shapes[i];
        g.size = Vector3(0.1, 0.1, 0.2);
        g.radius = 0.05;
        g.length = 0.2;
        g.color = "#4080c0";
      }
      ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, r.model, r.description);
      Data data(r.model);
      VectorX q = r.model.home;
      for (int i = 0; i < r.model.nq; ++i) q[i] += r.model.isRevolute(i) ? 0.3 : 0.05;
      arm->setConfiguration(q);
      forwardKinematics(r.model, data, q);
      for (int i = 0; i < r.model.nq; ++i)
        QVERIFY2(maxDiff(arm->bodyTransform(i), data.oMi[std::size_t(i)]) < 1e-5, qPrintable(f));
      QVERIFY2(maxDiff(arm->toolTransform(), data.oMtool) < 1e-5, qPrintable(f));
      std::vector<std::pair<QVector3D, QVector3D>> segs;
      for (int k = 0; k < arm->linkSegmentCount(); ++k) {
        auto e = arm->linkSegmentEnds(k);
        if ((e.first - e.second).length() > 1e-6f) segs.push_back(e);
      }
      if (r.model.isChain()) {  // one polyline from the base to the tool
        for (std::size_t k = 0; k + 1 < segs.size(); ++k)
          QVERIFY2((segs[k].second - segs[k + 1].first).length() < 1e-4f, qPrintable(f));
      } else {  // a tree: every path starts where an earlier one ended or at a frame's origin (its parent's)
        for (std::size_t k = 1; k < segs.size(); ++k) {
          bool joined = (segs[k].first - q3(Vector3::Zero())).length() < 1e-4f;
          for (std::size_t e = 0; e < k && !joined; ++e) joined = (segs[e].second - segs[k].first).length() < 1e-4f;
          for (int i = 0; i < r.model.nq && !joined; ++i)
            joined = (q3(data.oMi[std::size_t(i)].p) - segs[k].first).length() < 1e-4f;
          QVERIFY2(joined, qPrintable(QString("%1: segment %2").arg(f).arg(k)));
        }
      }
      if (!segs.empty()) QVERIFY2((segs.back().second - q3(data.oMtool.p)).length() < 1e-4f, qPrintable(f));
      view.fitToRobot();
    }
  }

  void trailsGrowAndAreBounded() {
    RobotView view;
    ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, puma.model, puma.description);
    QCOMPARE(view.actualTrailSize(), 0);
    VectorX q = nominalPuma();
    for (int k = 0; k < 10; ++k) {
      q[0] = 0.01 * k;
      arm->setConfiguration(q);
      arm->setDesiredConfiguration(q);
    }
    QCOMPARE(view.actualTrailSize(), 10);
    QCOMPARE(view.desiredTrailSize(), 10);
    arm->setConfiguration(q);  // the same pose again adds no point
    QCOMPARE(view.actualTrailSize(), 10);
    for (int k = 0; k < 3 * RobotView::kTrailCapacity; ++k) {  // steps above the decimation distance
      q[0] = 0.02 * k;
      q[1] = 0.3 * std::sin(0.05 * k);
      arm->setConfiguration(q);
      QVERIFY(view.actualTrailSize() <= RobotView::kTrailCapacity);
    }
    QVERIFY(view.actualTrailSize() >= RobotView::kTrailCapacity * 9 / 10);
    QCOMPARE(view.desiredTrailSize(), 10);
    view.clearTrails();
    QCOMPARE(view.actualTrailSize(), 0);
    QCOMPARE(view.desiredTrailSize(), 0);
  }

  void fitToRobotContainsTheRobot() {
    RobotView view;
    view.resize(800, 600);
    ui::ArmDrawing::draw(view, puma.model, puma.description);
    view.fitToRobot();
    const QVector3D c = view.robotCentre();
    const float r = view.robotRadius();
    QVERIFY(r > 0.3f && r < 1.5f);
    const float dist = (view.cameraPosition() - c).length();
    QVERIFY((view.cameraViewCenter() - c).length() < 1e-4f);
    QVERIFY2(dist > r / std::sin(22.5f * float(kDeg)), qPrintable(QString::number(dist)));
    QVERIFY(dist < 10 * r);
    QVERIFY(view.cameraPosition().z() > c.z());  // looking from above
    Data data(puma.model);
    forwardKinematics(puma.model, data, puma.model.home);
    std::vector<Vector3> pts{Vector3::Zero(), data.oMtool.p};
    for (const auto& T : data.oMi) pts.push_back(T.p);
    for (const auto& p : pts) {
      const QPointF ndc = view.projectToViewport(q3(p));
      QVERIFY2(std::abs(ndc.x()) < 0.95 && std::abs(ndc.y()) < 0.95,
               qPrintable(QString("%1 %2").arg(ndc.x()).arg(ndc.y())));
    }
  }

  // The camera was orbited and zoomed away: fitToRobot looks at the centre of the robot's bounding box
  // (with the foot of its pedestal) again, from a distance that shows all of it.
  void fitToRobotAfterTheCameraMovedAway() {
    RobotView view;
    view.resize(800, 600);
    ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, puma.model, puma.description);
    const VectorX q = nominalPuma();
    arm->setConfiguration(q);
    view.setCameraView(QVector3D(30, 20, -15), QVector3D(8, -6, 2));
    QVERIFY((view.cameraPosition() - QVector3D(30, 20, -15)).length() < 1e-4f);
    QVERIFY((view.cameraViewCenter() - QVector3D(8, -6, 2)).length() < 1e-4f);
    view.fitToRobot();
    // bounding box of the base, joint origins and tool at home and at q
    Data home(puma.model), now(puma.model);
    forwardKinematics(puma.model, home, puma.model.home);
    forwardKinematics(puma.model, now, q);
    std::vector<Vector3> pts{Vector3::Zero(), home.oMtool.p, now.oMtool.p};
    for (int i = 0; i < 6; ++i) {
      pts.push_back(home.oMi[std::size_t(i)].p);
      pts.push_back(now.oMi[std::size_t(i)].p);
    }
    QVERIFY(arm->shapes().pedestal);  // the Puma's base frame is at its shoulder: its pedestal is framed too
    pts.push_back(Vector3(0, 0, arm->shapes().floorZ));
    Vector3 lo = pts[0], hi = pts[0];
    for (const auto& p : pts) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
    const Vector3 c = 0.5 * (lo + hi);
    double r = 0;
    for (const auto& p : pts) r = std::max(r, (p - c).norm());
    QVERIFY((view.cameraViewCenter() - q3(c)).length() < 1e-4f);
    const double dist = (view.cameraPosition() - q3(c)).length();
    QVERIFY2(dist > r / std::sin(22.5 * kDeg) && dist < 10 * r, qPrintable(QString("%1 vs r %2").arg(dist).arg(r)));
    for (const auto& p : pts) {
      const QPointF ndc = view.projectToViewport(q3(p));
      QVERIFY2(std::abs(ndc.x()) < 0.95 && std::abs(ndc.y()) < 0.95, qPrintable(QString("%1 %2").arg(ndc.x()).arg(ndc.y())));
    }
  }

  // The View menu's toggles: the floor grid (also for the next robot) and each trail, which keeps
  // recording while hidden.
  void gridAndTrailToggles() {
    RobotView view;
    ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, puma.model, puma.description);
    QVERIFY(view.floorGridDrawn());
    view.setShowFloorGrid(false);
    QVERIFY(!view.floorGridDrawn());
    arm = &ui::ArmDrawing::draw(view, puma.model, puma.description);  // rebuilt: still hidden
    QVERIFY(!view.floorGridDrawn());
    view.setShowFloorGrid(true);
    QVERIFY(view.floorGridDrawn());

    VectorX q = nominalPuma();
    auto step = [&](int k) {
      q[0] = 0.02 * k;
      arm->setConfiguration(q);
      arm->setDesiredConfiguration(q);
      QCoreApplication::processEvents();  // the trails' buffers are uploaded once per event-loop pass
    };
    QVERIFY(!view.desiredTrailDrawn() && !view.actualTrailDrawn());  // no points yet
    for (int k = 0; k < 5; ++k) step(k);
    QVERIFY(view.desiredTrailDrawn() && view.actualTrailDrawn());
    view.setShowDesiredTrail(false);
    QVERIFY(!view.desiredTrailDrawn());
    QVERIFY(view.actualTrailDrawn());
    for (int k = 5; k < 10; ++k) step(k);
    QCOMPARE(view.desiredTrailSize(), 10);  // recorded while hidden
    QVERIFY(!view.desiredTrailDrawn());
    view.setShowActualTrail(false);
    QVERIFY(!view.actualTrailDrawn());
    view.setShowDesiredTrail(true);
    view.setShowActualTrail(true);
    QVERIFY(view.desiredTrailDrawn() && view.actualTrailDrawn());
    view.clearTrails();
    QVERIFY(!view.desiredTrailDrawn() && !view.actualTrailDrawn());
  }

  // Multisampling: 4x on a GPU; off with a software rasterizer (Mesa's llvmpipe under Xvfb), where it
  // made each frame 2.5 times as expensive (maniplab-gui-bench).
  void multisamplingFollowsTheRenderer() {
    if (QGuiApplication::platformName() == "offscreen" || QGuiApplication::platformName() == "minimal")
      QSKIP("needs a windowing platform with OpenGL (run under xvfb with QT_QPA_PLATFORM=xcb)");
    if (qEnvironmentVariableIsSet("MANIPLAB_3D_SAMPLES")) QSKIP("MANIPLAB_3D_SAMPLES chooses");
    QOffscreenSurface surface;
    surface.create();
    QOpenGLContext context;
    QVERIFY(context.create() && context.makeCurrent(&surface));
    const QByteArray renderer =
        QByteArray(reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER))).toLower();
    context.doneCurrent();
    const bool software = renderer.contains("llvmpipe") || renderer.contains("softpipe") || renderer.contains("swrast") ||
                          renderer.contains("software rasterizer");
    RobotView view;
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QWindow* window3d = nullptr;
    for (QWindow* w : QGuiApplication::allWindows())
      if (QByteArray(w->metaObject()->className()) == "Qt3DExtras::Qt3DWindow") window3d = w;
    QVERIFY(window3d);
    qInfo("OpenGL renderer: %s; 3D view samples: %d", renderer.constData(), window3d->format().samples());
    QCOMPARE(window3d->format().samples(), software ? 0 : 4);
  }

  void setConfigurationIsCheap() {
    RobotView view;
    ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, puma.model, puma.description);
    VectorX q = nominalPuma();
    const int N = 20000;
    QElapsedTimer t;
    t.start();
    for (int k = 0; k < N; ++k) {
      q[0] = 1e-3 * k;
      arm->setConfiguration(q);
    }
    const double us = double(t.nsecsElapsed()) / 1e3 / N;
    qInfo("setConfiguration (6 joints, incl. trail append): %.2f us per call", us);
    QVERIFY(us < 500);
  }

  void screenshotShowsTheRobot() {
    if (QGuiApplication::platformName() == "offscreen" || QGuiApplication::platformName() == "minimal")
      QSKIP("Qt 3D needs a windowing platform (run under xvfb with QT_QPA_PLATFORM=xcb)");
    RobotView view;
    view.setGeometry(0, 0, 800, 600);
    ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, puma.model, puma.description);
    view.setShowFrames(true);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    VectorX q = nominalPuma();
    for (int k = 0; k <= 300; ++k) {  // trails: a desired circle-ish path and the actual one lagging
      VectorX qd = q;
      qd[0] = 0.6 * std::sin(0.02 * k);
      qd[1] = q[1] + 0.25 * std::cos(0.02 * k);
      arm->setDesiredConfiguration(qd);
      VectorX qa = qd;
      qa[0] = 0.5 * std::sin(0.02 * k - 0.3);  // lagging, smaller: a visibly different path
      qa[1] = q[1] + 0.18 * std::cos(0.02 * k - 0.3);
      arm->setConfiguration(qa);
    }
    view.fitToRobot();
    QTest::qWait(2000);
    QScreen* screen = QGuiApplication::primaryScreen();
    QVERIFY(screen);
    const QImage full = screen->grabWindow(0).toImage();
    const QRect area(view.mapToGlobal(QPoint(0, 0)), view.size());
    const QImage img = full.copy(area).convertToFormat(QImage::Format_RGB32);
    QString dir = qEnvironmentVariable("MANIPLAB_SCREENSHOT_DIR");
    if (dir.isEmpty()) dir = QDir::currentPath();
    const QString path = QDir(dir).filePath("robot_view_puma560.png");
    QVERIFY(img.save(path));
    qInfo("screenshot: %s", qPrintable(path));

    const QRgb bg = RobotView::backgroundColor().rgb();
    QSet<QRgb> colours;
    int differing = 0;
    for (int y = 0; y < img.height(); ++y)
      for (int x = 0; x < img.width(); ++x) {
        const QRgb p = img.pixel(x, y);
        colours.insert(p);
        if (std::abs(qRed(p) - qRed(bg)) + std::abs(qGreen(p) - qGreen(bg)) + std::abs(qBlue(p) - qBlue(bg)) > 24)
          ++differing;
      }
    qInfo("distinct colours %lld, pixels differing from the background %d of %d", qlonglong(colours.size()),
          differing, img.width() * img.height());
    QVERIFY2(colours.size() > 50, "image looks blank");
    QVERIFY2(differing > img.width() * img.height() / 50, "too few robot pixels");
    // the centre of the view (where fitToRobot aims) is not all background
    int centreHits = 0;
    for (int y = img.height() / 3; y < 2 * img.height() / 3; ++y)
      for (int x = img.width() / 3; x < 2 * img.width() / 3; ++x) {
        const QRgb p = img.pixel(x, y);
        if (std::abs(qRed(p) - qRed(bg)) + std::abs(qGreen(p) - qGreen(bg)) + std::abs(qBlue(p) - qBlue(bg)) > 60)
          ++centreHits;
      }
    QVERIFY2(centreHits > 500, qPrintable(QString::number(centreHits)));

    // A robot with a prismatic joint and display hints (box / cylinder / sphere), saved for inspection.
    RobotLoadResult stanford = loadRobotFile(std::string(MANIPLAB_SOURCE_DIR) + "/robots/stanford.json");
    QVERIFY(stanford.ok());
    auto& g0 = stanford.description.joints[0].geometry;
    g0.shape = "cylinder"; g0.radius = 0.08; g0.length = 0.3; g0.color = "#3a78c8";
    auto& g1 = stanford.description.joints[1].geometry;
    g1.shape = "box"; g1.size = Vector3(0.12, 0.12, 0.12); g1.color = "#c83a3a";
    auto& g5 = stanford.description.joints[5].geometry;
    g5.shape = "sphere"; g5.radius = 0.05; g5.color = "#40c040";
    arm = &ui::ArmDrawing::draw(view, stanford.model, stanford.description);
    view.setShowFrames(false);
    VectorX qs = stanford.model.home;
    for (int i = 0; i < qs.size(); ++i) qs[i] += stanford.model.isRevolute(i) ? 0.4 : 0.1;
    arm->setConfiguration(qs);
    view.fitToRobot();
    QTest::qWait(1200);
    const QImage img2 = screen->grabWindow(0).toImage().copy(area);
    QVERIFY(img2.save(QDir(dir).filePath("robot_view_stanford.png")));
    int differing2 = 0;
    for (int y = 0; y < img2.height(); ++y)
      for (int x = 0; x < img2.width(); ++x) {
        const QRgb p = img2.pixel(x, y);
        if (std::abs(qRed(p) - qRed(bg)) + std::abs(qGreen(p) - qGreen(bg)) + std::abs(qBlue(p) - qBlue(bg)) > 24)
          ++differing2;
      }
    QVERIFY2(differing2 > img2.width() * img2.height() / 50, "stanford: too few robot pixels");
  }
};

MANIPLAB_TEST_MAIN(TestRobotView)
#include "test_robot_view.moc"  // (in the namespace, as the class)

}  // namespace test_robot_view
