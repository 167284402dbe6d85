// The 3D view of the other robot kinds: the Orthoglide (Guégan, Khalil, Chablat & Wenger 2002) drawn from its geometric models, and a
// serial arm on a free-floating base (Llibre, Mampey & Chrétien 1983 §IV.2, the satellite scene) posed from recorded rows.
// Oracles: the model's IGM / FGM and Khalil–Kleinfinger frames computed here independently of the view,
// the geometric facts of a parallelogram, Rodrigues' formula for the recorded base rotation vector, and
// forward kinematics of the arm. Under xvfb it also saves screenshots of both kinds.
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QScreen>
#include <QtTest>
#include <cmath>
#include <random>

#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/orthoglide_file.hpp"
#include "maniplab/model/orthoglide_kinematics.hpp"
#include "maniplab/model/orthoglide_tables.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/view_feed.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the kinds' drawings
#include "kinds/floating_base_drawing.hpp"
#include "kinds/orthoglide_drawing.hpp"
#include "support/test_main.hpp"

namespace test_robot_view_kinds {

using namespace maniplab;
using maniplab::ui::RobotView;
using maniplab::ui::OrthoglideDrawing;
using Part = OrthoglideDrawing::Part;

namespace {

Vector3 v3(const QVector3D& v) { return Vector3(v.x(), v.y(), v.z()); }

double maxDiff(const QMatrix4x4& a, const Transform& T) {
  const auto m = T.matrix();
  double e = 0;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) e = std::max(e, std::abs(double(a(r, c)) - m(r, c)));
  return e;
}

// Rodrigues' formula, written out (independent of Eigen::AngleAxis used by the feed).
Matrix3 rodrigues(const Vector3& r) {
  const double th = r.norm();
  if (th < 1e-300) return Matrix3::Identity();
  const Vector3 k = r / th;
  Matrix3 K;
  K << 0, -k.z(), k.y(), k.z(), 0, -k.x(), -k.y(), k.x(), 0;
  return Matrix3::Identity() + std::sin(th) * K + (1 - std::cos(th)) * K * K;
}

int nonBackgroundPixels(const QImage& img) {
  const QRgb bg = RobotView::backgroundColor().rgb();
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const QRgb p = img.pixel(x, y);
      if (std::abs(qRed(p) - qRed(bg)) + std::abs(qGreen(p) - qGreen(bg)) + std::abs(qBlue(p) - qBlue(bg)) > 24) ++n;
    }
  return n;
}

}  // namespace

class TestRobotViewKinds : public QObject {
  Q_OBJECT
  OrthoglideLoadResult og;
  sim::SatelliteLoadResult sat;
  RobotLoadResult puma;

  // A random platform position in the prescribed workspace cube.
  Vector3 randomPlatform(std::mt19937& rng) const {
    std::uniform_real_distribution<double> u(-0.5, 0.5);
    const auto& m = og.model;
    return m.workspaceCenter + m.workspaceSize * Vector3(u(rng), u(rng), u(rng));
  }

 private slots:
  void initTestCase() {
    og = loadOrthoglideFile(std::string(MANIPLAB_SOURCE_DIR) + "/robots/orthoglide.json");
    QVERIFY2(og.ok(), og.report().c_str());
    sat = sim::loadSatelliteScene(std::string(MANIPLAB_SOURCE_DIR) + "/scenes/satellite_arm.json");
    QVERIFY2(sat.ok(), sat.report().c_str());
    puma = loadRobotFile(std::string(MANIPLAB_SOURCE_DIR) + "/robots/puma560.json");
    QVERIFY2(puma.ok(), puma.report().c_str());
  }

  void orthoglideFollowsItsGeometricModels() {
    const OrthoglideModel& m = og.model;
    RobotView view;
    OrthoglideDrawing& drawing = OrthoglideDrawing::draw(view, m);
    QVERIFY(view.drawing<OrthoglideDrawing>() == &drawing);
    QVERIFY(view.hasRobot());
    QVERIFY(!view.drawing<ui::ArmDrawing>());  // no serial arm's joints
    QVERIFY((drawing.platformPosition() - m.home).norm() < 1e-12);  // posed at home
    std::mt19937 rng(2002);
    for (int trial = 0; trial < 25; ++trial) {
      const Vector3 P = randomPlatform(rng);
      OrthoglideChainVariables q;
      QVERIFY(orthoglideInverseGeometric(m, P, q));
      const Vector3 L(q[0][0], q[1][0], q[2][0]);
      // From the actuators (the view's FGM) and, on odd trials, from the platform (IGM).
      if (trial % 2 == 0) QVERIFY(drawing.setActuators(L));
      else QVERIFY(drawing.setPlatform(P));
      QVERIFY2((drawing.platformPosition() - P).norm() < 1e-9, qPrintable(QString::number((drawing.platformPosition() - P).norm())));
      QVERIFY((drawing.actuatorPositions() - L).norm() < 1e-9);
      // The drawn platform entity (the tool) sits at P (float precision).
      QVERIFY((v3(drawing.platformTransform().map(QVector3D(0, 0, 0))) - P).norm() < 1e-5);
      QVERIFY(maxDiff(drawing.platformTransform(), Transform{Matrix3::Identity(), P}) < 1e-5);
      std::array<OrthoglideBodyPose, 19> bodies;
      QVERIFY(orthoglideBodyPoses(m, L, bodies));
      QVERIFY((bodies[18].pose.p - P).norm() < 1e-9);
      for (int i = 0; i < 3; ++i) {
        const auto& c = m.chain[std::size_t(i)];
        const auto F = orthoglideChainFrames(m, i, q[std::size_t(i)]);
        auto pts = [&](Part part) { return drawing.partPoints(i, part); };
        auto near = [](const Vector3& a, const Vector3& b) { return (a - b).norm() < 1e-9; };
        // End points = origins of the model's frames (table order: 1_i..9_i at 0..8).
        QVERIFY(near(pts(Part::CarriageArm).first, F[0].p) && near(pts(Part::CarriageArm).second, F[1].p));
        QVERIFY(near(pts(Part::BarA).first, F[2].p) && near(pts(Part::BarA).second, F[3].p));
        QVERIFY(near(pts(Part::BarB).first, F[6].p) && near(pts(Part::BarB).second, F[7].p));
        QVERIFY(near(pts(Part::FarLink).first, F[3].p) && near(pts(Part::FarLink).second, F[8].p));
        QVERIFY(near(pts(Part::PlatformLink).first, F[4].p) && near(pts(Part::PlatformLink).second, P));
        // ... and of the bodies the model gives for drawing (bodies 3_i and 7_i: the two bars).
        QVERIFY(near(bodies[std::size_t(6 * i + 2)].pose.p, pts(Part::BarA).first));
        QVERIFY(near(bodies[std::size_t(6 * i + 5)].pose.p, pts(Part::BarB).first));
        // Chain i's own direct geometric model reaches P.
        QVERIFY(near(orthoglideChainPlatformPoint(m, i, q[std::size_t(i)]), P));
        // The carriage is on the actuator axis at L_i; the rail holds the stroke.
        QVERIFY(near(pts(Part::CarriageArm).first, m.basePoint(i) + L[i] * m.actuatorAxis(i)));
        QVERIFY(near(pts(Part::Rail).first, m.basePoint(i) + c.limits.lower * m.actuatorAxis(i)));
        QVERIFY(near(pts(Part::Rail).second, m.basePoint(i) + c.limits.upper * m.actuatorAxis(i)));
        // Parallelogram: both bars of length D_4, parallel and same sense; opposite short sides equal
        // (2 r_2 long); the platform link is D_6 long.
        const Vector3 a = pts(Part::BarA).second - pts(Part::BarA).first;
        const Vector3 b = pts(Part::BarB).second - pts(Part::BarB).first;
        QVERIFY(std::abs(a.norm() - c.D4) < 1e-9 && std::abs(b.norm() - c.D4) < 1e-9);
        QVERIFY2(a.cross(b).norm() / (a.norm() * b.norm()) < 1e-9 && a.dot(b) > 0, "bars not parallel");
        const Vector3 nearSide = pts(Part::NearLink).second - pts(Part::NearLink).first;
        const Vector3 farSide = pts(Part::FarLink).second - pts(Part::FarLink).first;
        QVERIFY((nearSide - farSide).norm() < 1e-9);
        QVERIFY(std::abs(nearSide.norm() - 2 * c.r2) < 1e-9);
        QVERIFY(std::abs((pts(Part::PlatformLink).second - pts(Part::PlatformLink).first).norm() - c.D6) < 1e-9);
        // The cylinder entities span the same points (float transforms).
        for (int k = 0; k < OrthoglideDrawing::kPartCount; ++k) {
          const auto exact = drawing.partPoints(i, Part(k));
          const auto drawn = drawing.partEnds(i, Part(k));
          const double e = std::max((v3(drawn.first) - exact.first).norm(), (v3(drawn.second) - exact.second).norm());
          QVERIFY2(e < 2e-5, qPrintable(QStringLiteral("chain %1 part %2: %3 m").arg(i).arg(k).arg(e)));
        }
      }
    }
  }

  void orthoglideRejectsUnreachablePoses() {
    RobotView view;
    OrthoglideDrawing& drawn = OrthoglideDrawing::draw(view, og.model);
    const Vector3 P0 = drawn.platformPosition();
    QVERIFY(!drawn.setActuators(Vector3(5, 5, 5)));
    QVERIFY(!drawn.setActuators(Vector3(std::nan(""), 0.1, 0.1)));
    QVERIFY(!drawn.setPlatform(Vector3(2, 0, 0.5)));
    QVERIFY(!drawn.setDesiredPlatform(Vector3(std::nan(""), 0, 0)));
    QCOMPARE(drawn.platformPosition(), P0);
    QCOMPARE(view.actualTrailSize(), 0);
    // A serial arm's rows are ignored by an Orthoglide view (no crash, nothing drawn).
    const double zeros[3] = {0, 0, 0};
    QVERIFY(!ui::feedView(view, ui::ArmDrawing::armFeed({"q[1]", "q[2]", "q[3]"}, 3), zeros, 3));
    QVERIFY(!view.drawing<ui::ArmDrawing>());
    QCOMPARE(view.actualTrailSize(), 0);
  }

  void orthoglideTrailsAndFit() {
    RobotView view;
    view.resize(640, 480);
    OrthoglideDrawing& drawn = OrthoglideDrawing::draw(view, og.model);
    std::mt19937 rng(4);
    for (int k = 0; k < 40; ++k) {
      const Vector3 P = randomPlatform(rng);
      Vector3 L;
      QVERIFY(orthoglideInverseGeometric(og.model, P, L));
      QVERIFY(drawn.setDesiredActuators(L));
      QVERIFY(drawn.setPlatform(P + Vector3(0.002, 0, 0)));
    }
    QCOMPARE(view.actualTrailSize(), 40);
    QCOMPARE(view.desiredTrailSize(), 40);
    view.clearTrails();
    QCOMPARE(view.actualTrailSize(), 0);
    view.fitToRobot();
    for (int i = 0; i < 3; ++i)
      for (const Vector3& p : {drawn.partPoints(i, Part::Rail).first, drawn.partPoints(i, Part::Rail).second}) {
        const QPointF ndc = view.projectToViewport(QVector3D(float(p.x()), float(p.y()), float(p.z())));
        QVERIFY2(std::abs(ndc.x()) < 1 && std::abs(ndc.y()) < 1, qPrintable(QStringLiteral("%1 %2").arg(ndc.x()).arg(ndc.y())));
      }
  }

  // A batch of rows (what the window receives from a run: one batch per event-loop pass, larger when the
  // GUI thread lags) leaves every row's tool position on the trails and is posed by its newest row. The
  // window posed the view from the newest row alone before: one trail point per batch (a short run on a
  // starved GUI thread drew a trail of one point).
  void batchesTraceEveryRow() {
    // Serial arm: 30 rows 0.05 rad apart on joint 1 (a few centimetres of tool path each).
    const int n = puma.model.nq;
    QStringList names;
    for (int i = 1; i <= n; ++i) names << QStringLiteral("q[%1]").arg(i);
    for (int i = 1; i <= n; ++i) names << QStringLiteral("q_d[%1]").arg(i);
    const int cols = int(names.size());
    const int rows = 30;
    std::vector<double> values;
    std::vector<VectorX> qs, qds;
    for (int k = 0; k < rows; ++k) {
      VectorX q = puma.model.home, qd = puma.model.home;
      q[0] += 0.05 * k;
      q[1] += 0.3 * std::sin(0.2 * k);
      qd = q;
      qd[2] += 0.02;
      qs.push_back(q);
      qds.push_back(qd);
      for (int i = 0; i < n; ++i) values.push_back(q[i]);
      for (int i = 0; i < n; ++i) values.push_back(qd[i]);
    }
    {  // what the window did before: the newest row only
      RobotView view;
      ui::ArmDrawing::draw(view, puma.model, puma.description);
      const ui::ViewFeed feed = view.drawing()->feed(names);
      QVERIFY(ui::feedView(view, feed, values.data() + std::size_t(rows - 1) * std::size_t(cols), cols));
      QCOMPARE(view.actualTrailSize(), 1);
    }
    RobotView view;
    ui::ArmDrawing& arm = ui::ArmDrawing::draw(view, puma.model, puma.description);
    const ui::ViewFeed feed = view.drawing()->feed(names);
    const qint64 updates = view.updatesApplied();
    QVERIFY(ui::feedRows(view, feed, values.data(), rows, cols));
    QCOMPARE(view.updatesApplied(), updates + 1);  // posed once, by the newest row
    QCOMPARE(view.actualTrailSize(), rows);
    QCOMPARE(view.desiredTrailSize(), rows);
    Data data(puma.model);
    for (int k = 0; k < rows; ++k) {
      forwardKinematics(puma.model, data, qs[std::size_t(k)]);
      QVERIFY2((v3(view.trailPoint(false, k)) - data.oMtool.p).norm() < 1e-6, qPrintable(QString::number(k)));
      forwardKinematics(puma.model, data, qds[std::size_t(k)]);
      QVERIFY2((v3(view.trailPoint(true, k)) - data.oMtool.p).norm() < 1e-6, qPrintable(QString::number(k)));
    }
    forwardKinematics(puma.model, data, qs.back());
    QVERIFY(maxDiff(arm.toolTransform(), data.oMtool) < 2e-5);
    // A batch of another width is refused whole (no trail point, no pose).
    QVERIFY(!ui::feedRows(view, feed, values.data(), rows, cols - 1));
    QCOMPARE(view.actualTrailSize(), rows);
    QVERIFY(!ui::feedRows(view, feed, values.data(), 0, cols));

    // Decimated by distance: 2 000 rows 2e-5 rad apart on joint 1 (the tool moves about 10 micrometres
    // a row) leave points at least kTrailStep x the radius apart, one per such distance of path.
    view.clearTrails();
    std::vector<double> slow;
    double path = 0;
    Vector3 previous = Vector3::Zero();
    for (int k = 0; k < 2000; ++k) {
      VectorX q = puma.model.home;
      q[0] += 2e-5 * k;
      forwardKinematics(puma.model, data, q);
      if (k > 0) path += (data.oMtool.p - previous).norm();
      previous = data.oMtool.p;
      for (int i = 0; i < n; ++i) slow.push_back(q[i]);
      for (int i = 0; i < n; ++i) slow.push_back(q[i]);
    }
    QVERIFY(ui::feedRows(view, feed, slow.data(), 2000, cols));
    const double step = RobotView::kTrailStep * std::max(double(view.robotRadius()), 0.1);
    QVERIFY2(path > 3 * step, qPrintable(QString::number(path)));
    const int points = view.actualTrailSize();
    QVERIFY2(points >= int(path / step) && points <= int(path / step) + 1,
             qPrintable(QStringLiteral("%1 points for %2 steps").arg(points).arg(path / step)));
    for (int k = 1; k < points; ++k)
      QVERIFY((view.trailPoint(false, k) - view.trailPoint(false, k - 1)).length() >= float(step * (1 - 1e-4)));

    // Floating base: each row's tool through that row's base pose.
    {
      const sim::SatelliteScene& sc = sat.scene;
      RobotView fview;
      ui::FloatingBaseDrawing& fb = ui::FloatingBaseDrawing::draw(fview, sc.model, puma.description);
      const QStringList fnames = QStringList{"base_X", "base_Y", "base_Z", "base_rx", "base_ry", "base_rz"} + names;
      const int fcols = int(fnames.size());
      const int m = fb.jointCount();
      std::vector<double> frows;
      std::vector<Transform> expected;
      Data fdata(sc.model.arm);
      for (int k = 0; k < rows; ++k) {
        const Vector3 p(0.1 * k, -0.05 * k, 0.02 * k), r(0.03 * k, 0.01 * k, -0.02 * k);
        VectorX q = sc.model.arm.home;
        q[0] += 0.05 * k;
        for (double x : {p.x(), p.y(), p.z(), r.x(), r.y(), r.z()}) frows.push_back(x);
        for (int i = 0; i < n; ++i) frows.push_back(i < m ? q[i] : 0.0);
        for (int i = 0; i < n; ++i) frows.push_back(i < m ? q[i] : 0.0);
        forwardKinematics(sc.model.arm, fdata, q);
        expected.push_back(Transform{rodrigues(r) * sc.basePose.R, p} * fdata.oMtool);
      }
      QCOMPARE(m, n);
      const ui::ViewFeed ffeed = ui::FloatingBaseDrawing::baseFeed(fnames, m, sc.basePose.R);
      QVERIFY(ui::feedRows(fview, ffeed, frows.data(), rows, fcols));
      QCOMPARE(fview.actualTrailSize(), rows);
      for (int k = 0; k < rows; ++k)
        QVERIFY2((v3(fview.trailPoint(false, k)) - expected[std::size_t(k)].p).norm() < 1e-5, qPrintable(QString::number(k)));
      QVERIFY(maxDiff(fb.toolTransform(), expected.back()) < 2e-5);
    }

    // Orthoglide: each row's platform position (forward geometric model).
    {
      RobotView oview;
      OrthoglideDrawing& drawn = OrthoglideDrawing::draw(oview, og.model);
      std::mt19937 rng(7);
      std::vector<double> orows;
      std::vector<Vector3> platforms;
      for (int k = 0; k < rows; ++k) {
        const Vector3 P = randomPlatform(rng);
        Vector3 L;
        QVERIFY(orthoglideInverseGeometric(og.model, P, L));
        for (int i = 0; i < 3; ++i) orows.push_back(L[i]);
        platforms.push_back(P);
      }
      const ui::ViewFeed ofeed = drawn.feed({"q[1]", "q[2]", "q[3]"});
      QVERIFY(ui::feedRows(oview, ofeed, orows.data(), rows, 3));
      QCOMPARE(oview.actualTrailSize(), rows);
      for (int k = 0; k < rows; ++k)
        QVERIFY2((v3(oview.trailPoint(false, k)) - platforms[std::size_t(k)]).norm() < 1e-6, qPrintable(QString::number(k)));
      QVERIFY((drawn.platformPosition() - platforms.back()).norm() < 1e-9);
    }
  }

  void satelliteBaseFollowsTheRecordedPose() {
    sim::SatelliteScene sc = sat.scene;
    sc.duration = 1.0;  // the arm is moving: the base drifts and turns in reaction
    sim::Recorder rec(sim::satelliteChannels(sc.model.arm.nq));
    const auto r = sim::runSatellite(sc, rec);
    QVERIFY2(r.ok, r.message.c_str());
    QVERIFY2(r.baseRotation > 1e-3, qPrintable(QString::number(r.baseRotation)));  // it does turn

    RobotView view;
    ui::FloatingBaseDrawing* fb = &ui::FloatingBaseDrawing::draw(view, sc.model, puma.description);
    QVERIFY(view.drawing<ui::FloatingBaseDrawing>() == fb);
    QCOMPARE(fb->jointCount(), 6);
    QStringList names;
    for (const auto& c : rec.channels()) names << QString::fromStdString(c.name);
    const ui::ViewFeed feed = ui::FloatingBaseDrawing::baseFeed(names, fb->jointCount(), sc.basePose.R);
    const int cols = int(names.size());
    const int n = sc.model.arm.nq;
    Data data(sc.model.arm);
    std::vector<double> row(std::size_t(cols), 0.0);
    int checked = 0;
    for (std::size_t k = 0; k < rec.rows(); k += 50) {
      for (int c = 0; c < cols; ++c) row[std::size_t(c)] = rec.value(k, c);
      QVERIFY(ui::feedView(view, feed, row.data(), cols));
      auto col = [&](const char* name) { return row[std::size_t(rec.channelIndex(name))]; };
      Transform expected;
      expected.p = Vector3(col("base_X"), col("base_Y"), col("base_Z"));
      expected.R = rodrigues(Vector3(col("base_rx"), col("base_ry"), col("base_rz"))) * sc.basePose.R;
      const Transform shown = fb->basePose();
      QVERIFY2((shown.p - expected.p).norm() < 1e-12 && (shown.R - expected.R).norm() < 1e-9,
               qPrintable(QString::number((shown.R - expected.R).norm())));
      QVERIFY(maxDiff(fb->baseTransform(), expected) < 1e-5);
      VectorX q(n);
      for (int i = 0; i < n; ++i) q[i] = col(("q[" + std::to_string(i + 1) + "]").c_str());
      forwardKinematics(sc.model.arm, data, q);
      for (int i = 0; i < n; ++i) QVERIFY(maxDiff(fb->bodyTransform(i), expected * data.oMi[std::size_t(i)]) < 2e-5);
      QVERIFY(maxDiff(fb->toolTransform(), expected * data.oMtool) < 2e-5);
      ++checked;
    }
    QVERIFY(checked >= 8);
    QVERIFY(view.actualTrailSize() >= 2);
    QVERIFY(view.desiredTrailSize() >= 2);
    // A row of another width, or a serial feed, is refused.
    QVERIFY(!ui::feedView(view, feed, row.data(), cols - 1));
    QVERIFY(!ui::feedView(view, ui::ArmDrawing::armFeed(names, 6), row.data(), cols));
    // The same arm with a fixed base: the serial path with the identity mount.
    const ui::ArmDrawing& fixed = ui::ArmDrawing::draw(view, puma.model, puma.description);
    QVERIFY(view.drawing<ui::ArmDrawing>() == &fixed && !view.drawing<ui::FloatingBaseDrawing>());
    QVERIFY(maxDiff(fixed.baseTransform(), Transform()) < 1e-7);
  }

  void screenshots() {
    if (QGuiApplication::platformName() == "offscreen" || QGuiApplication::platformName() == "minimal")
      QSKIP("Qt 3D needs a windowing platform (run under xvfb with QT_QPA_PLATFORM=xcb)");
    QString dir = qEnvironmentVariable("MANIPLAB_SCREENSHOT_DIR");
    if (dir.isEmpty()) dir = QDir::currentPath();
    QScreen* screen = QGuiApplication::primaryScreen();
    QVERIFY(screen);
    RobotView view;
    view.setGeometry(0, 0, 800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QRect area(view.mapToGlobal(QPoint(0, 0)), view.size());

    // Orthoglide: a circle in the workspace (desired) and a lagging copy (actual).
    OrthoglideDrawing& drawn = OrthoglideDrawing::draw(view, og.model);
    const Vector3 c = og.model.workspaceCenter;
    for (int k = 0; k <= 200; ++k) {
      const double t = 0.0314 * k;
      drawn.setDesiredPlatform(c + Vector3(0.07 * std::cos(t), 0.07 * std::sin(t), 0.03 * std::sin(2 * t)));
      drawn.setPlatform(c + Vector3(0.06 * std::cos(t - 0.2), 0.06 * std::sin(t - 0.2), 0.03 * std::sin(2 * t - 0.4)));
    }
    view.fitToRobot();
    QTest::qWait(1500);
    const QImage og1 = screen->grabWindow(0).toImage().copy(area).convertToFormat(QImage::Format_RGB32);
    QVERIFY(og1.save(QDir(dir).filePath("robot_view_orthoglide.png")));
    qInfo("screenshot: %s", qPrintable(QDir(dir).filePath("robot_view_orthoglide.png")));
    QVERIFY2(nonBackgroundPixels(og1) > og1.width() * og1.height() / 50, "orthoglide: too few robot pixels");

    // Satellite: the first 3 s of the scene, the view at the last row.
    sim::SatelliteScene sc = sat.scene;
    sc.duration = 3.0;
    sim::Recorder rec(sim::satelliteChannels(sc.model.arm.nq));
    QVERIFY(sim::runSatellite(sc, rec).ok);
    const ui::FloatingBaseDrawing& fb = ui::FloatingBaseDrawing::draw(view, sc.model, puma.description);
    QStringList names;
    for (const auto& ch : rec.channels()) names << QString::fromStdString(ch.name);
    const ui::ViewFeed feed = ui::FloatingBaseDrawing::baseFeed(names, fb.jointCount(), sc.basePose.R);
    std::vector<double> row(rec.channels().size());
    for (std::size_t k = 0; k < rec.rows(); k += 10) {
      for (std::size_t ch = 0; ch < row.size(); ++ch) row[ch] = rec.value(k, int(ch));
      QVERIFY(ui::feedView(view, feed, row.data(), int(row.size())));
    }
    view.fitToRobot();
    QTest::qWait(1500);
    const QImage s1 = screen->grabWindow(0).toImage().copy(area).convertToFormat(QImage::Format_RGB32);
    QVERIFY(s1.save(QDir(dir).filePath("robot_view_satellite.png")));
    qInfo("screenshot: %s", qPrintable(QDir(dir).filePath("robot_view_satellite.png")));
    QVERIFY2(nonBackgroundPixels(s1) > s1.width() * s1.height() / 50, "satellite: too few robot pixels");
  }
};

MANIPLAB_TEST_MAIN(TestRobotViewKinds)
#include "test_robot_view_kinds.moc"  // (in the namespace, as the class)

}  // namespace test_robot_view_kinds
