#pragma once
// Display geometry of a serial arm generated from its kinematics (no Qt: triangle meshes in the body
// frames R_i of model.hpp, metres). What is drawn, so that the arm reads as a robot rather than a
// diagram:
//  * a base: a flange on the floor and, when the robot file puts its base frame at shoulder height (the
//    second joint less than 0.6 L above the base origin, L the longest constant offset between two
//    joint axes, and gravity along -z), a pedestal column down to a floor drawn 1.5 L lower: the
//    Puma 560's base frame, for instance, is at the shoulder;
//  * a housing at every joint, carried by the body that carries its motor (body i-1, the base for
//    joint 1; model.hpp's actuator convention): a cylinder along a revolute axis, a square sleeve
//    around a prismatic one; the moving side shows as a hub of the next body's colour, a little thinner
//    and longer, so that each joint reads as two parts turning against each other;
//  * tapered links: body i follows the common perpendicular from the axis of joint i to the axis of
//    joint i+1 (at most three straight pieces: along z_i, along the perpendicular, along z_{i+1}),
//    a frustum per piece with a sphere at each bend, the radius going from joint i's to joint i+1's;
//  * the ram of a prismatic joint, on the moved body, long enough to stay in its sleeve over the
//    joint's stroke; a flange and a two-finger gripper at the tool.
// Joint radii: r_i = r_0 clamp(cbrt(M_i / M), 0.4, 1) with M_i the mass of bodies i..n (what joint i
// carries), M the total and r_0 = 0.16 L: the arm thins towards the wrist as real arms do (radius ~
// cube root of the mass carried: links of similar proportions); without masses, linear from 1 to 0.5.
// Everything is rigid in its body frame, so posing the arm only moves the body entities.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"

namespace maniplab::ui {

/// An indexed triangle mesh: positions and per-vertex unit normals (3 floats each), counter-clockwise
/// triangles seen from outside.
struct TriangleMesh {
  std::vector<float> positions, normals;
  std::vector<std::uint32_t> indices;
  int vertexCount() const { return int(positions.size() / 3); }
  int triangleCount() const { return int(indices.size() / 3); }
  bool empty() const { return indices.empty(); }
  /// Appends `other` moved by T (points T.apply(p), normals T.R n).
  void append(const TriangleMesh& other, const Transform& T = Transform());
  void addVertex(const Vector3& p, const Vector3& n);
  void addTriangle(std::uint32_t a, std::uint32_t b, std::uint32_t c);
};

/// Frustum (truncated cone) from a (radius ra) to b (radius rb), `slices` facets around, with flat caps
/// when asked. Empty when a == b.
TriangleMesh frustumMesh(const Vector3& a, const Vector3& b, double ra, double rb, int slices, bool capA = true,
                         bool capB = true);
/// Sphere; `octants` selects eighth-spheres by bit (bit k: x >= 0 if k & 1, y >= 0 if k & 2, z >= 0 if
/// k & 4), 0xFF the whole sphere: the centre-of-mass symbol is two meshes of four octants each.
TriangleMesh sphereMesh(const Vector3& centre, double r, int rings, int slices, unsigned octants = 0xFF);
/// Box of the given extents, centred at `centre`, edges along the columns of `axes` (a rotation).
TriangleMesh boxMesh(const Vector3& centre, const Matrix3& axes, const Vector3& extents);
/// Closest points of the z axis (through the origin) and the line c + t d: P on the z axis, Q on the line
/// (the common perpendicular of two joint axes, drawn as a link's body). Parallel lines: P is the
/// projection of c on the z axis, Q = c.
void commonPerpendicular(const Vector3& c, const Vector3& d, Vector3& P, Vector3& Q);
/// Wavefront OBJ text ("v", "vn", "f a//a b//b c//c"), the comment lines first.
std::string toObj(const TriangleMesh& mesh, const std::string& comment = {});

enum class ShapeRole { Base, Link, Housing, Hub, Ram, Tool };

struct ShapePart {
  int body = -1;           ///< -1: the fixed base (world frame); 0..n-1: body i (frame R_i)
  ShapeRole role = ShapeRole::Link;
  int colour = 0;          ///< palette index: 0 the base, i + 1 body i (RobotShapes::linkColour)
  TriangleMesh mesh;       ///< in the frame of `body`
};

struct RobotShapes {
  std::vector<ShapePart> parts;
  std::vector<double> jointRadius;  ///< r_i per joint [m]
  double characteristicLength = 0;  ///< L [m]
  double floorZ = 0;                ///< the floor's height in the world frame [m] (0, or below a pedestal)
  bool pedestal = false;
  /// The distinct colour of palette index k as RGB in [0, 255]: the base dark grey, then links in turn
  /// orange, steel blue, yellow, green, violet, light grey (repeating).
  static std::array<int, 3> colour(int k);
};

struct RobotShapeOptions {
  int slices = 32;
  bool gripper = true;        ///< draw a two-finger gripper at the tool
  bool floatingBase = false;  ///< no pedestal nor floor flange (the base is a free body drawn apart)
  /// Bodies whose link is drawn by a mesh file of the robot description (no generated link after them).
  std::vector<bool> bodyHasMesh;
};

/// The parts of `model`'s arm at any configuration (they are rigid in their body frames).
RobotShapes generateRobotShapes(const Model& model, const RobotShapeOptions& options = {});

}  // namespace maniplab::ui
