// Robots that look like robots (issue 19, point 7): the geometry generated from the kinematics
// (ui/robot_shapes.hpp) and the 3D view drawing it.
//  * Primitives against closed forms: the volume of a capped frustum with a regular n-gon section,
//    h/3 (A_a + A_b + sqrt(A_a A_b)) with A = n/2 r^2 sin(2 pi / n), and of a box, computed from the
//    triangles by the divergence theorem (wrong winding or a missing cap changes the sign or the value);
//    every edge of a closed mesh shared by exactly two triangles; the two halves of the centre-of-mass
//    ball make the whole sphere.
//  * The arms: the Puma 560 (base frame at the shoulder) stands on a pedestal 1.5 L high, the SCARA and
//    the UMIS (base frame on the floor) do not; joint radii shrink towards the wrist; every joint has a
//    housing on the body that carries its motor and a hub (revolute) or a ram (prismatic, as long as
//    its stroke plus the sleeve) on the body it moves; each link has its own colour.
//  * Screenshots under Xvfb (build/screenshots/robot_shape_{puma560,scara,umis}.png): the links' hues
//    are on screen (at least four of the palette's for a six-joint arm), and the centre-of-mass markers
//    (black and white) disappear when they are toggled off.
#include <QtTest/QtTest>

#include <QDir>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QScreen>
#include <cmath>
#include <map>
#include <set>
#include <numbers>

#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/robot_shapes.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the serial arm's drawing
#include "support/test_main.hpp"

namespace test_robot_shapes {

using namespace maniplab;
using namespace maniplab::ui;

namespace {

/// Volume enclosed by a triangle mesh (divergence theorem): positive for outward (CCW) triangles.
double volume(const TriangleMesh& m) {
  double v = 0;
  auto p = [&](std::uint32_t i) {
    return Vector3(m.positions[3 * i], m.positions[3 * i + 1], m.positions[3 * i + 2]);
  };
  for (int t = 0; t < m.triangleCount(); ++t) {
    const auto k = std::size_t(3 * t);
    v += p(m.indices[k]).dot(p(m.indices[k + 1]).cross(p(m.indices[k + 2]))) / 6.0;
  }
  return v;
}

/// Every undirected edge (by vertex position, rounded to 1e-6) is used by exactly two triangles, once in
/// each direction: the mesh is closed and consistently oriented.
bool closedAndOriented(const TriangleMesh& m, QString* why) {
  auto key = [&](std::uint32_t i) {
    return std::array<long, 3>{std::lround(m.positions[3 * i] * 1e6), std::lround(m.positions[3 * i + 1] * 1e6),
                               std::lround(m.positions[3 * i + 2] * 1e6)};
  };
  std::map<std::pair<std::array<long, 3>, std::array<long, 3>>, int> directed;
  for (int t = 0; t < m.triangleCount(); ++t)
    for (int c = 0; c < 3; ++c) {
      const auto a = key(m.indices[std::size_t(3 * t + c)]), b = key(m.indices[std::size_t(3 * t + (c + 1) % 3)]);
      if (a == b) continue;  // degenerate (sphere poles)
      ++directed[{a, b}];
    }
  for (const auto& [e, count] : directed) {
    const auto it = directed.find({e.second, e.first});
    if (count != 1 || it == directed.end() || it->second != 1) {
      *why = QStringLiteral("edge used %1 time(s) in one direction, %2 in the other")
                 .arg(count)
                 .arg(it == directed.end() ? 0 : it->second);
      return false;
    }
  }
  return true;
}

bool unitNormals(const TriangleMesh& m) {
  for (int k = 0; k < m.vertexCount(); ++k) {
    const auto i = std::size_t(3 * k);
    const double n = std::sqrt(double(m.normals[i]) * m.normals[i] + double(m.normals[i + 1]) * m.normals[i + 1] +
                               double(m.normals[i + 2]) * m.normals[i + 2]);
    if (std::abs(n - 1) > 1e-5) return false;
  }
  return true;
}

RobotLoadResult robot(const char* file) {
  return loadRobotFile(std::string(MANIPLAB_SOURCE_DIR) + "/robots/" + file);
}

int partsOf(const RobotShapes& s, int body, ShapeRole role) {
  int k = 0;
  for (const auto& p : s.parts) k += p.body == body && p.role == role ? 1 : 0;
  return k;
}

const ShapePart* part(const RobotShapes& s, int body, ShapeRole role) {
  for (const auto& p : s.parts)
    if (p.body == body && p.role == role) return &p;
  return nullptr;
}

/// Extent of a mesh along a direction.
std::pair<double, double> extent(const TriangleMesh& m, const Vector3& dir) {
  double lo = 1e300, hi = -1e300;
  for (int k = 0; k < m.vertexCount(); ++k) {
    const auto i = std::size_t(3 * k);
    const double x = Vector3(m.positions[i], m.positions[i + 1], m.positions[i + 2]).dot(dir);
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  return {lo, hi};
}

}  // namespace

class TestRobotShapes : public QObject {
  Q_OBJECT
 private slots:
  void frustumVolumeIsExact() {
    const int n = 24;
    const Vector3 a(0.1, -0.2, 0.3), b(0.5, 0.1, 0.9);
    const double ra = 0.07, rb = 0.03, h = (b - a).norm();
    const TriangleMesh m = frustumMesh(a, b, ra, rb, n, true, true);
    QString why;
    QVERIFY2(closedAndOriented(m, &why), qPrintable(why));
    QVERIFY(unitNormals(m));
    auto area = [&](double r) { return 0.5 * n * r * r * std::sin(2 * std::numbers::pi / n); };
    const double expected = h / 3 * (area(ra) + area(rb) + std::sqrt(area(ra) * area(rb)));
    QVERIFY2(std::abs(volume(m) - expected) < 1e-6 * expected,  // float positions
             qPrintable(QString("%1 vs %2").arg(volume(m)).arg(expected)));
    // Without a cap it is open.
    QVERIFY(!closedAndOriented(frustumMesh(a, b, ra, rb, n, true, false), &why));
    QVERIFY(frustumMesh(a, a, ra, rb, n).empty());
  }

  void boxAndSphere() {
    Matrix3 R = Eigen::AngleAxisd(0.7, Vector3(1, 2, 3).normalized()).toRotationMatrix();
    const TriangleMesh box = boxMesh(Vector3(1, 2, 3), R, Vector3(0.2, 0.3, 0.5));
    QString why;
    QVERIFY2(closedAndOriented(box, &why), qPrintable(why));
    QVERIFY(std::abs(volume(box) - 0.2 * 0.3 * 0.5) < 1e-6 * 0.03);
    const double r = 0.4;
    const TriangleMesh sphere = sphereMesh(Vector3(0.3, 0, -1), r, 32, 48);
    QVERIFY2(closedAndOriented(sphere, &why), qPrintable(why));
    QVERIFY(unitNormals(sphere));
    const double v = volume(sphere), exact = 4.0 / 3.0 * std::numbers::pi * r * r * r;
    QVERIFY2(v < exact && v > 0.98 * exact, qPrintable(QString::number(v / exact)));  // inscribed facets
    // The centre-of-mass ball: light (0x69) and dark (0x96) octants make the sphere.
    const TriangleMesh light = sphereMesh(Vector3::Zero(), 1, 16, 24, 0x69), dark = sphereMesh(Vector3::Zero(), 1, 16, 24, 0x96);
    TriangleMesh both = light;
    both.append(dark);
    QVERIFY2(closedAndOriented(both, &why), qPrintable(why));
    QVERIFY(!closedAndOriented(light, &why));
    QCOMPARE(light.triangleCount(), dark.triangleCount());
    // OBJ text: a line per vertex, normal and triangle.
    const std::string obj = toObj(box, "box\ntest");
    QCOMPARE(int(std::count(obj.begin(), obj.end(), '\n')), 2 + 2 * box.vertexCount() + box.triangleCount());
    QVERIFY(obj.rfind("# box\n# test\nv ", 0) == 0);
  }

  void pumaStandsOnAPedestal() {
    const RobotLoadResult puma = robot("puma560.json");
    QVERIFY2(puma.ok(), puma.report().c_str());
    const RobotShapes s = generateRobotShapes(puma.model);
    QCOMPARE(s.characteristicLength, 0.4318);
    QVERIFY(s.pedestal);
    QCOMPARE(s.floorZ, -1.5 * 0.4318);
    const ShapePart* base = part(s, -1, ShapeRole::Base);
    QVERIFY(base);
    const auto [lo, hi] = extent(base->mesh, Vector3::UnitZ());
    QVERIFY(std::abs(lo - s.floorZ) < 1e-6);        // from the floor
    QVERIFY(hi > -s.jointRadius[0] - 1e-6 - 0.0);   // up to joint 1's housing
    // Radii shrink towards the wrist (r_i = 0.16 L cbrt(carried mass / total), at least 0.4 of it).
    QCOMPARE(int(s.jointRadius.size()), 6);
    for (std::size_t i = 1; i < 6; ++i) QVERIFY(s.jointRadius[i] <= s.jointRadius[i - 1]);
    QVERIFY(std::abs(s.jointRadius[0] - 0.16 * 0.4318) < 1e-12);
    QVERIFY(std::abs(s.jointRadius[2] - 0.16 * 0.4318 * std::cbrt((4.8 + 0.82 + 0.34 + 0.09) / 23.45)) < 1e-12);
    QVERIFY(std::abs(s.jointRadius[5] - 0.4 * 0.16 * 0.4318) < 1e-12);
    // Every joint: a housing on its carrier, a hub on its body; every link its own colour.
    for (int i = 0; i < 6; ++i) {
      QVERIFY2(partsOf(s, i - 1, ShapeRole::Housing) == 1, qPrintable(QString("joint %1").arg(i + 1)));
      QVERIFY(partsOf(s, i, ShapeRole::Hub) == 1);
      const ShapePart* hub = part(s, i, ShapeRole::Hub);
      QCOMPARE(hub->colour, i + 1);
      QVERIFY(volume(hub->mesh) > 0);
    }
    QVERIFY(part(s, 5, ShapeRole::Tool));  // flange and gripper
    std::set<std::array<int, 3>> colours;
    for (int k = 0; k <= 6; ++k) colours.insert(RobotShapes::colour(k));
    QCOMPARE(int(colours.size()), 7);
    for (const auto& p : s.parts) QVERIFY2(volume(p.mesh) > 0, "inward-facing part");
  }

  void scaraAndUmisStandOnTheFloor() {
    const RobotLoadResult scara = robot("scara.json");
    QVERIFY(scara.ok());
    const RobotShapes s = generateRobotShapes(scara.model);
    QVERIFY(!s.pedestal);
    QCOMPARE(s.floorZ, 0.0);
    // Joint 1's housing sits on the floor.
    const auto [lo, hi] = extent(part(s, -1, ShapeRole::Housing)->mesh, Vector3::UnitZ());
    QVERIFY2(lo >= -1e-9, qPrintable(QString::number(lo)));
    // The quill (prismatic joint 3): a sleeve on link 2, a ram on link 3 as long as the stroke plus the
    // sleeve, so that it stays in the sleeve from 0 to 0.21 m.
    const ShapePart* sleeve = part(s, 1, ShapeRole::Housing);
    const ShapePart* ram = part(s, 2, ShapeRole::Ram);
    QVERIFY(sleeve && ram);
    QCOMPARE(partsOf(s, 2, ShapeRole::Hub), 0);
    const auto [rlo, rhi] = extent(ram->mesh, Vector3::UnitZ());
    const auto [slo, shi] = extent(sleeve->mesh, scara.model.placement[2].R.col(2));
    QVERIFY(rhi - rlo >= 0.21 + (shi - slo) - 1e-9);
    QVERIFY(std::abs(rhi) < 1e-9);  // from the quill's origin back

    const RobotLoadResult umis = robot("umis.json");
    QVERIFY(umis.ok());
    const RobotShapes u = generateRobotShapes(umis.model);
    QVERIFY(!u.pedestal);
    QCOMPARE(u.characteristicLength, 0.6755);
    // A floating base has neither pedestal nor floor flange.
    RobotShapeOptions o;
    o.floatingBase = true;
    const RobotShapes f = generateRobotShapes(umis.model, o);
    QVERIFY(!f.pedestal);
    QCOMPARE(partsOf(f, -1, ShapeRole::Base), 0);
  }

  // A body drawn by a mesh file of the robot description gets nothing generated on it (no link, hub,
  // housing or tool that would cover the mesh); its neighbours keep theirs, and the link before it ends
  // at its joint's origin (where the mesh starts).
  void bodiesDrawnByMeshFilesGetNothingGenerated() {
    const RobotLoadResult puma = robot("puma560.json");
    QVERIFY(puma.ok());
    RobotShapeOptions o;
    o.bodyHasMesh = {false, false, true, false, false, false};  // the forearm (body 3, index 2)
    const RobotShapes s = generateRobotShapes(puma.model, o);
    for (const auto& p : s.parts) QVERIFY2(p.body != 2, qPrintable(QString("role %1 on the meshed body").arg(int(p.role))));
    const RobotShapes plain = generateRobotShapes(puma.model);
    for (int i : {-1, 0, 1, 3, 4, 5}) {
      QVERIFY(partsOf(s, i, ShapeRole::Hub) == (i >= 0 ? 1 : 0));
      for (auto role : {ShapeRole::Base, ShapeRole::Link, ShapeRole::Housing, ShapeRole::Hub, ShapeRole::Tool})
        if (role != ShapeRole::Link || i > 2)  // the links before it (joints 2 and 3 are parallel) may change
          QVERIFY2(partsOf(s, i, role) == partsOf(plain, i, role), qPrintable(QString("body %1 role %2").arg(i).arg(int(role))));
    }
    QCOMPARE(partsOf(s, 1, ShapeRole::Housing), 1);  // joint 3's housing, on the upper arm
    QCOMPARE(partsOf(s, 2, ShapeRole::Housing), 0);  // joint 4's would be on the forearm
    // The upper arm's link ends at joint 3's axis, at its origin (h_3 = 0 in R_3).
    const Transform p3inv = puma.model.placement[2].inverse();
    auto nearestToTheOrigin = [&](const RobotShapes& shapes) {  // |z| in R_3 of the vertices of body 2's link
      const TriangleMesh& link = part(shapes, 1, ShapeRole::Link)->mesh;
      double nearest = 1e300;
      for (int k = 0; k < link.vertexCount(); ++k) {
        const auto i = std::size_t(3 * k);
        const Vector3 x = p3inv.apply(Vector3(link.positions[i], link.positions[i + 1], link.positions[i + 2]));
        nearest = std::min(nearest, std::abs(x.z()));
      }
      return nearest;
    };
    QVERIFY(nearestToTheOrigin(s) < 1e-6);
    QVERIFY2(nearestToTheOrigin(plain) > 0.5 * s.jointRadius[2], qPrintable(QString::number(nearestToTheOrigin(plain))));
    QVERIFY(s.parts.size() < plain.parts.size());
  }

  // A tree (robots/README.md "Trees"): the two-armed torso. Every joint's housing is on its parent body
  // (both shoulders on the torso, none on arm A's wrist, which the old joint-to-joint drawing used for
  // arm B's shoulder), the torso's link reaches both shoulder axes, arm A's wrist (a leaf without the
  // tool) ends in a flange and gripper, the radii follow the subtree masses; the skeleton's paths leave
  // the parent's frame.
  void treeLinksLeaveTheirParentsFrames() {
    const RobotLoadResult r = robot("two_arm_torso_mdh.json");
    QVERIFY2(r.ok(), r.report().c_str());
    const Model& m = r.model;
    QCOMPARE(m.nq, 9);
    QCOMPARE(m.parent[5], 0);
    const RobotShapes s = generateRobotShapes(m);
    QCOMPARE(int(s.jointRadius.size()), 9);
    // r_i = r_0 clamp(cbrt(subtree mass / total), 0.4, 1): the torso carries everything, a shoulder yaw
    // its arm (3 + 2.5 + 1.5 + 0.6 = 7.6 of 27.2 kg).
    const double r0 = 0.16 * s.characteristicLength;
    QVERIFY(std::abs(s.jointRadius[0] - r0) < 1e-12);
    QVERIFY(std::abs(s.jointRadius[1] - r0 * std::cbrt(7.6 / 27.2)) < 1e-12);
    QCOMPARE(s.jointRadius[5], s.jointRadius[1]);  // the arms are alike
    QVERIFY(std::abs(s.jointRadius[4] - 0.4 * r0) < 1e-12);
    // Housings: joint 1 on the base; joints 2 and 6 on the torso (one merged part of the torso's colour);
    // joint 7 on body 6 (its parent), nothing on the leaves (bodies 5 and 9).
    QCOMPARE(partsOf(s, -1, ShapeRole::Housing), 1);
    const ShapePart* torsoHousings = part(s, 0, ShapeRole::Housing);
    QVERIFY(torsoHousings);
    QCOMPARE(torsoHousings->colour, 1);
    QCOMPARE(partsOf(s, 4, ShapeRole::Housing), 0);
    QCOMPARE(partsOf(s, 8, ShapeRole::Housing), 0);
    QCOMPARE(part(s, 5, ShapeRole::Housing)->colour, 6);
    // The distance of a part's vertices to joint c's axis (in the torso's frame R_1): the least.
    auto nearestToAxis = [&](const TriangleMesh& mesh, int c) {
      const Vector3 p = m.placement[std::size_t(c)].p, u = m.placement[std::size_t(c)].R.col(2);
      double best = 1e300;
      for (int k = 0; k < mesh.vertexCount(); ++k) {
        const auto i = std::size_t(3 * k);
        const Vector3 x(mesh.positions[i], mesh.positions[i + 1], mesh.positions[i + 2]);
        best = std::min(best, ((x - p) - (x - p).dot(u) * u).norm());
      }
      return best;
    };
    for (int c : {1, 5}) {
      // The housing's and the link's end caps are centred on the shoulder's axis (float precision).
      QVERIFY2(nearestToAxis(torsoHousings->mesh, c) < 1e-6, qPrintable(QString("housing of joint %1").arg(c + 1)));
      QVERIFY2(nearestToAxis(part(s, 0, ShapeRole::Link)->mesh, c) < 1e-6, qPrintable(QString("link to joint %1").arg(c + 1)));
    }
    // Both leaves end in a flange and a gripper (arm B's carries the tool frame); every part closed outward.
    QVERIFY(part(s, 4, ShapeRole::Tool));
    QVERIFY(part(s, 8, ShapeRole::Tool));
    QVERIFY(part(s, 4, ShapeRole::Link));
    for (const auto& p : s.parts) QVERIFY2(volume(p.mesh) > 0, "inward-facing part");
    // The skeleton at home: two paths leave the torso's origin (one per shoulder), none leaves arm A's
    // wrist; every joint's origin is reached by a path.
    RobotView view;
    ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, m, r.description);
    Data d(m);
    forwardKinematics(m, d, m.home);
    auto at = [](const QVector3D& a, const Vector3& b) {
      return (a - QVector3D(float(b.x()), float(b.y()), float(b.z()))).length() < 1e-5f;
    };
    int fromTorso = 0, fromWristA = 0;
    std::vector<bool> reached(9, false);
    for (int k = 0; k < arm->linkSegmentCount(); ++k) {
      const auto [a, b] = arm->linkSegmentEnds(k);
      if ((a - b).length() < 1e-6f) continue;  // a frame's origin met again (placement along the axis)
      fromTorso += at(a, d.oMi[0].p) ? 1 : 0;
      fromWristA += at(a, d.oMi[4].p) ? 1 : 0;
      for (int j = 0; j < 9; ++j) reached[std::size_t(j)] = reached[std::size_t(j)] || at(b, d.oMi[std::size_t(j)].p);
    }
    QCOMPARE(fromTorso, 2);
    QCOMPARE(fromWristA, 0);
    for (int j = 0; j < 9; ++j) QVERIFY2(reached[std::size_t(j)], qPrintable(QString("joint %1").arg(j + 1)));
  }

  void screenshots_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QList<double>>("pose");  // degrees or metres, file units
    QTest::newRow("puma560") << "puma560.json" << "puma560" << QList<double>{20, 40, -150, 0, 40, 0};
    QTest::newRow("scara") << "scara.json" << "scara" << QList<double>{30, 60, 0.08, 20};
    QTest::newRow("umis") << "umis.json" << "umis" << QList<double>{};
    QTest::newRow("two_arm_torso") << "two_arm_torso_mdh.json" << "two_arm_torso" << QList<double>{};
  }
  void screenshots() {
    if (QGuiApplication::platformName() == "offscreen" || QGuiApplication::platformName() == "minimal")
      QSKIP("Qt 3D needs a windowing platform (run under xvfb with QT_QPA_PLATFORM=xcb)");
    QFETCH(QString, file);
    QFETCH(QString, name);
    QFETCH(QList<double>, pose);
    const RobotLoadResult r = robot(file.toUtf8().constData());
    QVERIFY(r.ok());
    RobotView view;
    view.setGeometry(0, 0, 900, 700);
    ui::ArmDrawing* arm = &ui::ArmDrawing::draw(view, r.model, r.description);
    view.setShowJointAxes(false);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    VectorX q = r.model.home;
    for (int i = 0; i < int(pose.size()) && i < q.size(); ++i)
      q[i] = r.model.isRevolute(i) ? pose[i] * std::numbers::pi / 180 : pose[i];
    arm->setConfiguration(q);
    view.fitToRobot();
    QCOMPARE(arm->centreOfMassMarkerCount(), [&] {
      int k = 0;
      for (const auto& b : r.model.body) k += b.mass > 0 ? 1 : 0;
      return k;
    }());
    QVERIFY(view.centresOfMassDrawn());
    // Each marker at its body's centre of mass, its volume proportional to the mass (radius 0.55 r_0
    // cbrt(m / m_max), at least 0.16 r_0, with r_0 = 0.16 L).
    {
      Data data(r.model);
      forwardKinematics(r.model, data, q);
      double mmax = 0;
      for (const auto& b : r.model.body) mmax = std::max(mmax, b.mass);
      const double r0 = 0.16 * arm->shapes().characteristicLength;
      int k = 0;
      for (int i = 0; i < r.model.nq; ++i) {
        const auto& b = r.model.body[std::size_t(i)];
        if (!(b.mass > 0)) continue;
        const auto [centre, radius] = arm->centreOfMassMarker(k++);
        const Vector3 com = data.oMi[std::size_t(i)].apply(b.com);
        QVERIFY((centre - QVector3D(float(com.x()), float(com.y()), float(com.z()))).length() < 1e-5f);
        const double expected = std::max(0.55 * r0 * std::cbrt(b.mass / mmax), 0.16 * r0);
        QVERIFY2(std::abs(radius - expected) < 1e-6 * r0, qPrintable(QString("body %1: %2 vs %3").arg(i + 1).arg(radius).arg(expected)));
      }
    }
    QScreen* screen = QGuiApplication::primaryScreen();
    const QRect area(view.mapToGlobal(QPoint(0, 0)), view.size());
    auto grab = [&] {
      QTest::qWait(500);
      return screen->grabWindow(0).toImage().copy(area).convertToFormat(QImage::Format_RGB32);
    };
    QString dir = qEnvironmentVariable("MANIPLAB_SCREENSHOT_DIR");
    if (dir.isEmpty()) dir = QDir::currentPath();
    const QString path = QDir(dir).filePath(QStringLiteral("robot_shape_%1.png").arg(name));

    // The links' hues on screen (saturated pixels within 12 degrees of a palette colour's hue).
    const int links = std::min(r.model.nq, 6);
    std::vector<int> hits(std::size_t(links + 1), 0);
    int black = 0;
    auto countPixels = [&](const QImage& im, std::vector<int>* h, int* dark) {
      for (int y = 0; y < im.height(); ++y)
        for (int x = 0; x < im.width(); ++x) {
          const QColor c = QColor::fromRgb(im.pixel(x, y));
          if (c.red() < 40 && c.green() < 40 && c.blue() < 40) ++*dark;
          if (!h || c.hsvSaturation() < 90 || c.value() < 60) continue;
          for (int k = 1; k <= links; ++k) {
            const auto p = RobotShapes::colour(k);
            const QColor pc(p[0], p[1], p[2]);
            if (pc.hsvSaturation() < 90) continue;  // the light grey link
            const int dh = std::abs(c.hsvHue() - pc.hsvHue());
            if (std::min(dh, 360 - dh) <= 12) ++(*h)[std::size_t(k)];
          }
        }
    };
    // Grabbed until the frame shows the links or 30 s have passed (Qt 3D renders through Mesa's software
    // rasteriser here: on a loaded machine its first frames come later than any fixed wait).
    QImage img;
    int shown = 0;
    QStringList counts;
    for (QElapsedTimer t; !t.isValid() || t.elapsed() < 30000;) {
      if (!t.isValid()) t.start();
      img = grab();
      std::fill(hits.begin(), hits.end(), 0);
      black = 0;
      countPixels(img, &hits, &black);
      shown = 0;
      counts.clear();
      for (int k = 1; k <= links; ++k) {
        counts << QString::number(hits[std::size_t(k)]);
        shown += hits[std::size_t(k)] > 150 ? 1 : 0;
      }
      if (shown >= std::min(links, 6) - 2) break;
    }
    QVERIFY(img.save(path));
    qInfo("screenshot: %s", qPrintable(path));
    qInfo("%s: pixels per link hue %s; near-black %d", qPrintable(name), qPrintable(counts.join(' ')), black);
    QVERIFY2(shown >= std::min(links, 6) - 2, qPrintable(counts.join(' ')));
    // The centre-of-mass markers' black quarters go when they are toggled off.
    view.setShowCentresOfMass(false);
    QVERIFY(!view.centresOfMassDrawn());
    QImage without;
    int blackWithout = 0;
    for (QElapsedTimer t; !t.isValid() || t.elapsed() < 30000;) {  // until the markers are gone from the frame
      if (!t.isValid()) t.start();
      without = grab();
      blackWithout = 0;
      countPixels(without, nullptr, &blackWithout);
      if (black > blackWithout + 100) break;
    }
    QVERIFY(without.save(QDir(dir).filePath(QStringLiteral("robot_shape_%1_no_com.png").arg(name))));
    qInfo("near-black pixels with the markers %d, without %d", black, blackWithout);
    QVERIFY2(black > blackWithout + 100, qPrintable(QString("%1 vs %2").arg(black).arg(blackWithout)));
  }
};

MANIPLAB_TEST_MAIN(TestRobotShapes)
#include "test_robot_shapes.moc"  // (in the namespace, as the class)

}  // namespace test_robot_shapes
