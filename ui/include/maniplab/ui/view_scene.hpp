#pragma once
// What the 3D view (robot_view.hpp) draws, said without any scene kind: rigid bodies, each a list of
// shapes (triangle meshes of robot_shapes.hpp, Qt 3D primitives, mesh files, line sets) with their
// materials, placed in the body's frame. A body is placed in its parent's frame (the world, z up, metres,
// for parent -1) and is posed again at every update by the drawing that built the scene (ViewDrawing of
// robot_view.hpp): a scene kind's drawing (ui/src/kinds/*_drawing.*) owns the kinematics and hands the
// view poses, so that the view learns nothing when a kind is added.
// Also here: the parts every drawing uses (a triad of axes, the floor grid, materials, a bounding sphere).
#include <QColor>
#include <QQuaternion>
#include <QString>
#include <QVector3D>
#include <vector>

#include "maniplab/model/model.hpp"
#include "maniplab/ui/robot_shapes.hpp"

namespace maniplab::ui {

/// The View menu's toggles a body follows (Always: drawn whatever the menu says).
enum class ViewToggle { Always, Frames, CentresOfMass, JointAxes, FloorGrid };

struct ViewMaterial {
  enum class Style {
    Solid,    ///< Phong
    Line,     ///< lines: the colour as ambient and diffuse, no specular
    Overlay,  ///< drawn after the scene, over it (no depth test, back faces culled): markers inside links
  };
  Style style = Style::Solid;
  QColor colour;                         ///< diffuse
  QColor ambient;                        ///< invalid: colour.darker(300)
  QColor specular = QColor(60, 60, 60);  ///< (Solid, Overlay)
  float shininess = 40;
};

struct ViewShape {
  enum class Primitive {
    Triangles,  ///< `triangles`
    Cylinder,   ///< along +y, centred: `radius`, `length`
    Cone,       ///< along +y, centred, base (radius `radius`, capped) at -y: `length`
    Cuboid,     ///< centred: `extents`
    Sphere,     ///< centred: `radius`
    MeshFile,   ///< `file`: STL, OBJ, PLY (Qt 3D's loaders), DAE, FBX... with Qt's Assimp plugin
    Lines,      ///< `lines`
  };
  Primitive primitive = Primitive::Triangles;
  TriangleMesh triangles;
  std::vector<float> lines;  ///< x y z of both ends of each segment
  QString file;              ///< an absolute path
  float radius = 1, length = 1;
  QVector3D extents{1, 1, 1};
  int slices = 0, rings = 0;  ///< 0: Qt 3D's defaults
  ViewMaterial material;
  /// Placement in the body's frame: scaled, then rotated, then translated.
  QQuaternion rotation;
  QVector3D translation;
  QVector3D scale{1, 1, 1};
};

struct ViewBody {
  int parent = -1;  ///< an earlier body of the scene, or -1: the world
  ViewToggle toggle = ViewToggle::Always;
  /// Part of the ghost (a second run's robot): drawn translucent in RobotView::ghostColor() whatever its
  /// shapes' materials, shown from RobotView::showGhost() to hideGhost() or the next scene.
  bool ghost = false;
  /// Pose in the parent's frame until the drawing sets another (scale first).
  QQuaternion rotation;
  QVector3D translation;
  QVector3D scale{1, 1, 1};
  std::vector<ViewShape> shapes;
};

struct ViewScene {
  std::vector<ViewBody> bodies;
  /// Bounding sphere of the robot at home (world): RobotView::robotCentre / robotRadius.
  Vector3 centre = Vector3::Zero();
  double radius = 1.0;
  /// Appends a body; its index.
  int add(ViewBody body);
};

// --- Conversions and the parts every drawing uses -------------------------------------------------------

QVector3D toQVector3D(const Vector3& v);
QQuaternion toQuaternion(const Matrix3& R);
/// Qt 3D's cylinder and cone are along +y: these map +y onto +z, onto +x.
QQuaternion yToZ();
QQuaternion yToX();

ViewMaterial solidMaterial(const QColor& colour);
ViewMaterial lineMaterial(const QColor& colour);
/// Shapes of one material: a triangle mesh, a primitive of unit size (the unit cylinder: 24 slices, 2 rings;
/// the cone: 24 slices).
ViewShape meshShape(TriangleMesh mesh, const ViewMaterial& material);
ViewShape primitiveShape(ViewShape::Primitive primitive, const ViewMaterial& material);
ViewShape linesShape(std::vector<float> lines, const ViewMaterial& material);
/// The x, y, z axes (red, green, blue unit cylinders of the given length and radius) from the body's origin.
void addTriad(ViewBody& body, float length, float radius);
ViewBody triadBody(int parent, float length, float radius, ViewToggle toggle = ViewToggle::Always);
/// The floor grid at height z: lines every `step` (from the robot's size s), about +-2 s around `centre`.
ViewBody floorGrid(double s, double z, const Vector3& centre);

/// Bounding sphere (centre of the bounding box) of points.
void boundsOf(const std::vector<Vector3>& points, Vector3& centre, double& radius);

}  // namespace maniplab::ui
