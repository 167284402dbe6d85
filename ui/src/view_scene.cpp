// The parts every drawing of the 3D view uses (view_scene.hpp).
#include "maniplab/ui/view_scene.hpp"

#include <QMatrix3x3>
#include <algorithm>
#include <cmath>

namespace maniplab::ui {

int ViewScene::add(ViewBody body) {
  bodies.push_back(std::move(body));
  return int(bodies.size()) - 1;
}

QVector3D toQVector3D(const Vector3& v) { return QVector3D(float(v.x()), float(v.y()), float(v.z())); }

QQuaternion toQuaternion(const Matrix3& R) {
  QMatrix3x3 m;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m(r, c) = float(R(r, c));
  return QQuaternion::fromRotationMatrix(m);
}

QQuaternion yToZ() { return QQuaternion::fromAxisAndAngle(1, 0, 0, 90); }
QQuaternion yToX() { return QQuaternion::fromAxisAndAngle(0, 0, 1, -90); }

ViewMaterial solidMaterial(const QColor& colour) {
  ViewMaterial m;
  m.colour = colour;
  return m;
}

// Lines carry constant world-up normals, lit by the key light from above (Qt 3D 6.4's RHI Phong shader
// showed lines as black with an ambient-only colour, so the colour is given as diffuse too).
ViewMaterial lineMaterial(const QColor& colour) {
  ViewMaterial m;
  m.style = ViewMaterial::Style::Line;
  m.colour = colour;
  m.ambient = colour;
  m.specular = Qt::black;
  return m;
}

ViewShape meshShape(TriangleMesh mesh, const ViewMaterial& material) {
  ViewShape s;
  s.primitive = ViewShape::Primitive::Triangles;
  s.triangles = std::move(mesh);
  s.material = material;
  return s;
}

ViewShape primitiveShape(ViewShape::Primitive primitive, const ViewMaterial& material) {
  ViewShape s;
  s.primitive = primitive;
  s.material = material;
  if (primitive == ViewShape::Primitive::Cylinder) {
    s.rings = 2;
    s.slices = 24;
  } else if (primitive == ViewShape::Primitive::Cone) {
    s.slices = 24;
  }
  return s;
}

ViewShape linesShape(std::vector<float> lines, const ViewMaterial& material) {
  ViewShape s;
  s.primitive = ViewShape::Primitive::Lines;
  s.lines = std::move(lines);
  s.material = material;
  return s;
}

void addTriad(ViewBody& body, float length, float radius) {
  const struct {
    QQuaternion q;
    QVector3D at;
    QColor colour;
  } arms[3] = {{yToX(), QVector3D(length / 2, 0, 0), QColor(230, 50, 50)},
               {QQuaternion(), QVector3D(0, length / 2, 0), QColor(60, 200, 60)},
               {yToZ(), QVector3D(0, 0, length / 2), QColor(70, 110, 255)}};
  for (const auto& a : arms) {
    ViewShape arm = primitiveShape(ViewShape::Primitive::Cylinder, solidMaterial(a.colour));
    arm.rotation = a.q;
    arm.translation = a.at;
    arm.scale = QVector3D(radius, length, radius);
    body.shapes.push_back(std::move(arm));
  }
}

ViewBody triadBody(int parent, float length, float radius, ViewToggle toggle) {
  ViewBody b;
  b.parent = parent;
  b.toggle = toggle;
  addTriad(b, length, radius);
  return b;
}

ViewBody floorGrid(double s, double z, const Vector3& centre) {
  const double step = s < 0.6 ? 0.05 : s < 3 ? 0.1 : s < 15 ? 0.5 : 1.0;
  const int half = int(std::ceil(2.0 * std::max(s + std::abs(centre.x()), s + std::abs(centre.y())) / step));
  std::vector<float> v;
  const float ext = float(half * step), fz = float(z);
  for (int k = -half; k <= half; ++k) {
    const float c = float(k * step);
    v.insert(v.end(), {c, -ext, fz, c, ext, fz, -ext, c, fz, ext, c, fz});
  }
  ViewBody grid;
  grid.toggle = ViewToggle::FloorGrid;
  grid.shapes.push_back(linesShape(std::move(v), lineMaterial(QColor(52, 57, 66))));
  return grid;
}

void boundsOf(const std::vector<Vector3>& pts, Vector3& c, double& r) {
  Vector3 lo = pts[0], hi = pts[0];
  for (const auto& p : pts) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  c = 0.5 * (lo + hi);
  r = 0;
  for (const auto& p : pts) r = std::max(r, (p - c).norm());
}

}  // namespace maniplab::ui
