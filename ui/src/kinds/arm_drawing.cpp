// The serial arm in the 3D view (arm_drawing.hpp).
#include "arm_drawing.hpp"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <typeinfo>

#include "maniplab/model/forward_kinematics.hpp"

namespace maniplab::ui {

namespace {

QColor paletteColour(int k) {
  const auto c = RobotShapes::colour(k);
  return QColor(c[0], c[1], c[2]);
}

/// Resolves a mesh path: absolute, else relative to the robot file's directory, else to the working
/// directory. Empty when not found.
QString meshFile(const std::string& mesh, const std::string& robotFile) {
  const QString m = QString::fromStdString(mesh);
  if (m.isEmpty()) return {};
  if (QFileInfo(m).isAbsolute()) return QFileInfo(m).isFile() ? m : QString();
  if (!robotFile.empty()) {
    const QFileInfo rel(QFileInfo(QString::fromStdString(robotFile)).absoluteDir(), m);
    if (rel.isFile()) return rel.absoluteFilePath();
  }
  return QFileInfo(m).isFile() ? QFileInfo(m).absoluteFilePath() : QString();
}

/// The description geometry of a body (box, cylinder, sphere, or a mesh file that is found) in its frame
/// (`toLink`: body -> the convention's link frame); false when there is none.
bool descriptionShape(const LinkGeometry& g, const Transform& toLink, const std::string& robotFile, ViewShape& out) {
  using P = ViewShape::Primitive;
  if (g.shape.empty()) return false;
  const QColor color = g.color.empty() ? QColor(150, 160, 175) : QColor(QString::fromStdString(g.color));
  ViewShape s = primitiveShape(P::Cuboid, solidMaterial(color.isValid() ? color : QColor(150, 160, 175)));
  QQuaternion extra;
  if (g.shape == "box") {
    s.extents = QVector3D(float(g.size.x()), float(g.size.y()), float(g.size.z()));
  } else if (g.shape == "cylinder") {  // along z of its frame, centred
    s.primitive = P::Cylinder;
    s.radius = float(g.radius);
    s.length = float(g.length);
    s.slices = 32;
    extra = yToZ();
  } else if (g.shape == "sphere") {
    s.primitive = P::Sphere;
    s.radius = float(g.radius);
    s.slices = 32;
    s.rings = 16;
  } else if (g.shape == "mesh") {
    // A file that is not found keeps the default link drawing.
    s.primitive = P::MeshFile;
    s.file = meshFile(g.mesh, robotFile);
    if (s.file.isEmpty()) return false;
    if (!g.size.isZero()) s.scale = QVector3D(float(g.size.x()), float(g.size.y()), float(g.size.z()));
  } else {
    return false;
  }
  const Transform T = toLink * g.origin;
  s.rotation = toQuaternion(T.R) * extra;
  s.translation = toQVector3D(T.p);
  out = std::move(s);
  return true;
}

/// A generated part's shape: the palette colour of its body, duller housings and base, brighter hubs and tool.
ViewShape partShape(const ShapePart& part) {
  ViewMaterial m = solidMaterial(paletteColour(part.colour));
  if (part.role == ShapeRole::Housing || part.role == ShapeRole::Base) m.shininess = 20;
  if (part.role == ShapeRole::Hub || part.role == ShapeRole::Tool) m.specular = QColor(110, 110, 110);
  return meshShape(part.mesh, m);
}

void appendOrigins(const Data& d, std::vector<Vector3>& pts) {
  pts.push_back(d.oMtool.p);
  for (const auto& T : d.oMi) pts.push_back(T.p);
}

}  // namespace

ArmDrawing::ArmDrawing(RobotView& view, const Model& model)
    : view_(view), model_(model), data_(model), desired_(model), ghost_(model), trace_(model) {}

ArmDrawing& ArmDrawing::draw(RobotView& view, const Model& model, const RobotDescription& description) {
  return install(view, std::unique_ptr<ArmDrawing>(new ArmDrawing(view, model)), description);
}

// Bounding sphere of the base origin, joint origins and tool origin at home, the base's parts and the
// foot of the pedestal.
void ArmDrawing::computeBounds() {
  Data d(model_);
  forwardKinematics(model_, d, model_.home);
  std::vector<Vector3> pts{Vector3::Zero()};
  appendOrigins(d, pts);
  appendBasePoints(pts);
  if (shapes_.pedestal) pts.push_back(Vector3(0, 0, shapes_.floorZ));
  double r = 0;
  boundsOf(pts, centre_, r);
  radius_ = std::max(r, 0.1);
}

ViewScene ArmDrawing::build(const RobotDescription& desc) {
  const int n = model_.nq;
  // Bodies drawn by a mesh file that is found have no generated link after them.
  bodyHasMesh_.assign(std::size_t(n), false);
  for (int i = 0; i < n && std::size_t(i) < desc.joints.size(); ++i) {
    const auto& g = desc.joints[std::size_t(i)].geometry;
    bodyHasMesh_[std::size_t(i)] = g.shape == "mesh" && !meshFile(g.mesh, desc.sourceFile).isEmpty();
  }
  RobotShapeOptions shapeOptions;
  shapeOptions.floatingBase = floatingBase();
  shapeOptions.bodyHasMesh = bodyHasMesh_;
  shapes_ = generateRobotShapes(model_, shapeOptions);
  computeBounds();
  if (fitBaseTo(radius_)) computeBounds();
  const double s = radius_;
  const float triadL = float(0.3 * s), triadR = float(0.012 * s);

  ViewScene scene;
  scene.centre = centre_;
  scene.radius = radius_;
  ViewBody mount;  // the base frame: the base's parts and the generated base (flange, pedestal)
  addBaseParts(mount, triadL, triadR);
  for (const auto& part : shapes_.parts)
    if (part.body < 0) mount.shapes.push_back(partShape(part));
  mount_ = scene.add(std::move(mount));
  scene.add(floorGrid(s, floorHeight(), centre_));
  scene.add(triadBody(-1, triadL * 1.3f, triadR * 1.3f, ViewToggle::Frames));  // the world's axes
  addBodies(scene, desc, triadL, triadR);
  addSkeleton();
  addCentresOfMass(scene);  // last: drawn over the links
  addGhost(scene);
  return scene;
}

// The bodies (their generated parts and description geometry, in R_i), their joint axes and frames, the tool.
void ArmDrawing::addBodies(ViewScene& scene, const RobotDescription& desc, float triadL, float triadR) {
  const int n = model_.nq;
  std::vector<ViewBody> bodies(static_cast<std::size_t>(n));
  for (auto& b : bodies) b.parent = mount_;
  for (const auto& part : shapes_.parts)
    if (part.body >= 0) bodies[std::size_t(part.body)].shapes.push_back(partShape(part));
  bodies_.clear();
  for (int i = 0; i < n; ++i) {
    const Transform toLink = std::size_t(i) < model_.bodyToLink.size() ? model_.bodyToLink[std::size_t(i)] : Transform();
    ViewShape geometry;
    if (std::size_t(i) < desc.joints.size() &&
        descriptionShape(desc.joints[std::size_t(i)].geometry, toLink, desc.sourceFile, geometry))
      bodies[std::size_t(i)].shapes.push_back(std::move(geometry));
    bodies_.push_back(scene.add(std::move(bodies[std::size_t(i)])));
    addJointParts(scene, i, triadL, triadR);
  }
  ViewBody tool;
  tool.parent = mount_;
  addTriad(tool, triadL * 0.8f, triadR * 1.2f);  // always shown
  tool_ = scene.add(std::move(tool));
}

// Joint i's axis (a thin rod along z through the housing, with an arrow head at +z) and the frame of the
// convention (a triad in the link frame).
void ArmDrawing::addJointParts(ViewScene& scene, int i, float triadL, float triadR) {
  const double rj = shapes_.jointRadius[std::size_t(i)];
  const float axisR = float(0.12 * rj), axisL = float(3.4 * rj);
  const ViewMaterial mat = solidMaterial(model_.isRevolute(i) ? QColor(255, 190, 60) : QColor(60, 220, 190));
  ViewBody axis;
  axis.parent = bodies_[std::size_t(i)];
  axis.toggle = ViewToggle::JointAxes;
  ViewShape rod = primitiveShape(ViewShape::Primitive::Cylinder, mat);
  rod.rotation = yToZ();
  rod.scale = QVector3D(axisR, axisL, axisR);
  ViewShape head = primitiveShape(ViewShape::Primitive::Cone, mat);
  head.rotation = yToZ();
  head.translation = QVector3D(0, 0, axisL / 2 + 0.5f * axisR * 4.0f);
  head.scale = QVector3D(axisR * 2.2f, axisR * 4.0f, axisR * 2.2f);
  axis.shapes = {rod, head};
  scene.add(std::move(axis));
  ViewBody triad = triadBody(bodies_[std::size_t(i)], triadL, triadR, ViewToggle::Frames);
  const Transform toLink = std::size_t(i) < model_.bodyToLink.size() ? model_.bodyToLink[std::size_t(i)] : Transform();
  triad.rotation = toQuaternion(toLink.R);
  triad.translation = toQVector3D(toLink.p);
  scene.add(std::move(triad));
}

// The link skeleton (inspection): base pedestal, parent-to-joint paths, last joint to the tool; the mesh of
// a body replaces the path that leaves it.
void ArmDrawing::addSkeleton() {
  segments_.clear();
  const int n = model_.nq;
  if (n == 0) return;
  addLinkPath(-1, model_.placement[0], 0);
  // Each joint's path leaves its parent's frame (lambda(j) = j-1 in a chain; in a tree a branch leaves the
  // body it hangs on, or the base).
  for (int j = 1; j < n; ++j) {
    const int p = model_.parent[std::size_t(j)];
    if (p < 0 || !bodyHasMesh_[std::size_t(p)]) addLinkPath(p, model_.placement[std::size_t(j)], j);
  }
  if (!bodyHasMesh_[std::size_t(n - 1)]) {
    const Vector3 tp = model_.tool.p;
    addSegment(n - 1, Vector3::Zero(), n - 1, Vector3(0, 0, tp.z()));
    addSegment(n - 1, Vector3(0, 0, tp.z()), n, Vector3::Zero());
  }
}

void ArmDrawing::addSegment(int fa, const Vector3& pa, int fb, const Vector3& pb) {
  // constant zero-length segments (intersecting / coincident axes) are not drawn at all
  if (fa == fb && (pa - pb).norm() < 1e-7) return;
  segments_.push_back({fa, fb, pa, pb});
}

// Path from the origin of frame A (on its z axis) to the origin of frame B, whose axis is the line
// (c, u) in A: along A's axis to the common perpendicular, along it, then along B's axis.
void ArmDrawing::addLinkPath(int fa, const Transform& placementB, int fb) {
  Vector3 P, Q;
  commonPerpendicular(placementB.p, placementB.R.col(2), P, Q);
  addSegment(fa, Vector3::Zero(), fa, P);
  addSegment(fa, P, fa, Q);
  addSegment(fa, Q, fb, Vector3::Zero());
}

// Centres of mass: the quartered ball, volume proportional to the mass, in the overlay (drawn over the
// links that contain them).
void ArmDrawing::addCentresOfMass(ViewScene& scene) {
  coms_.clear();
  double mmax = 0;
  for (const auto& b : model_.body) mmax = std::max(mmax, b.mass);
  if (!(mmax > 0)) return;
  ViewMaterial light = solidMaterial(QColor(245, 245, 245)), dark = solidMaterial(QColor(25, 25, 28));
  light.style = dark.style = ViewMaterial::Style::Overlay;
  light.ambient = QColor(150, 150, 150);
  dark.ambient = QColor(15, 15, 18);
  const ViewShape lightHalf = meshShape(sphereMesh(Vector3::Zero(), 1.0, 16, 24, 0x69), light);
  const ViewShape darkHalf = meshShape(sphereMesh(Vector3::Zero(), 1.0, 16, 24, 0x96), dark);
  const double r0 = 0.16 * shapes_.characteristicLength;  // robot_shapes.hpp's base joint radius
  for (int i = 0; i < model_.nq; ++i) {
    const auto& b = model_.body[std::size_t(i)];
    if (!(b.mass > 0)) continue;
    const float r = float(std::max(0.55 * r0 * std::cbrt(b.mass / mmax), 0.16 * r0));
    ViewBody marker;
    marker.parent = mount_;
    marker.toggle = ViewToggle::CentresOfMass;
    marker.scale = QVector3D(r, r, r);
    marker.shapes = {lightHalf, darkHalf};
    coms_.push_back({i, scene.add(std::move(marker)), b.com, r});
  }
}

// The ghost: every generated part of a moving body, in the ghost's colour; built hidden with the arm, with
// the rest of the scene. (Built at the first ghost pose under the live arm, and the arm's scene replaced in
// the same event-loop pass, it crashed Qt 3D's QNodePrivate::_q_postConstructorInit: issue 27, the view's
// scene is now destroyed leaves first, qt3d_node_tree.hpp.)
void ArmDrawing::addGhost(ViewScene& scene) {
  std::vector<ViewBody> ghost(std::size_t(model_.nq));
  for (auto& b : ghost) {
    b.parent = mount_;
    b.ghost = true;
  }
  for (const auto& part : shapes_.parts)
    if (part.body >= 0) ghost[std::size_t(part.body)].shapes.push_back(meshShape(part.mesh, ViewMaterial{}));
  ghostBodies_.clear();
  for (auto& b : ghost) ghostBodies_.push_back(scene.add(std::move(b)));
}

void ArmDrawing::poseHome() {
  forwardKinematics(model_, data_, model_.home);
  applyPose();
}

void ArmDrawing::setBase(const Transform& base) {
  base_ = base;
  view_.setBodyPose(mount_, base);
}

const Transform& ArmDrawing::frame(int k, const Data& d) const {
  static const Transform identity;
  if (k < 0) return identity;
  if (k >= model_.nq) return d.oMtool;
  return d.oMi[std::size_t(k)];
}

void ArmDrawing::applyPose() {
  for (int i = 0; i < model_.nq; ++i) view_.setBodyPose(bodies_[std::size_t(i)], data_.oMi[std::size_t(i)]);
  for (const Marker& m : coms_) {
    const Transform& T = data_.oMi[std::size_t(m.body)];
    view_.setBodyPose(m.viewBody, Transform{T.R, T.apply(m.com)});
  }
  view_.setBodyPose(tool_, data_.oMtool);
}

void ArmDrawing::setConfiguration(const VectorX& q) {
  if (q.size() != model_.nq) return;
  forwardKinematics(model_, data_, q);
  applyPose();
  view_.poseApplied(base_.apply(data_.oMtool.p));
}

void ArmDrawing::setDesiredConfiguration(const VectorX& qDesired) {
  if (qDesired.size() != model_.nq) return;
  forwardKinematics(model_, desired_, qDesired);
  view_.addDesiredPoint(base_.apply(desired_.oMtool.p));
}

void ArmDrawing::traceConfiguration(const VectorX& q, bool desired, const Transform& base) {
  if (q.size() != model_.nq) return;
  forwardKinematics(model_, trace_, q);
  const Vector3 p = base.apply(trace_.oMtool.p);
  if (desired) view_.addDesiredPoint(p);
  else view_.addActualPoint(p);
}

void ArmDrawing::setGhostConfiguration(const VectorX& q) {
  if (q.size() != model_.nq || !q.allFinite()) return;
  forwardKinematics(model_, ghost_, q);
  for (int i = 0; i < model_.nq; ++i) view_.setBodyPose(ghostBodies_[std::size_t(i)], ghost_.oMi[std::size_t(i)]);
  view_.showGhost();
}

// The home pose (the bounds of the scene) and the current pose, with the current base pose.
void ArmDrawing::fitBounds(Vector3& centre, double& radius) const {
  Data home(model_);
  forwardKinematics(model_, home, model_.home);
  std::vector<Vector3> pts{Vector3::Zero()};
  appendOrigins(home, pts);
  appendOrigins(data_, pts);
  appendBasePoints(pts);
  if (shapes_.pedestal) pts.push_back(Vector3(0, 0, shapes_.floorZ));
  for (auto& p : pts) p = base_.apply(p);  // world (identity for a fixed base)
  boundsOf(pts, centre, radius);
  radius = std::max(radius, radius_);
}

ViewFeed ArmDrawing::armFeed(const QStringList& channels, int joints) {
  ViewFeed f;
  f.columns = int(channels.size());
  f.drawing = &typeid(ArmDrawing);
  const std::vector<int> q = channelColumns(channels, QStringLiteral("q[%1]"), std::max(0, joints));
  const std::vector<int> qd = channelColumns(channels, QStringLiteral("q_d[%1]"), std::max(0, joints));
  const int columns = f.columns;
  f.pose = [q, qd, columns](ViewDrawing& d, const double* row) {
    auto& arm = static_cast<ArmDrawing&>(d);
    VectorX v;
    if (gatherColumns(qd, row, columns, v)) arm.setDesiredConfiguration(v);
    if (!gatherColumns(q, row, columns, v)) return false;
    arm.setConfiguration(v);
    return true;
  };
  f.ghost = [q, columns](ViewDrawing& d, const double* row) {
    auto& arm = static_cast<ArmDrawing&>(d);
    VectorX v;
    if (!gatherColumns(q, row, columns, v)) return false;
    arm.setGhostConfiguration(v);
    return arm.view_.ghostShown();
  };
  f.trace = [q, qd, columns](ViewDrawing& d, const double* row) {
    auto& arm = static_cast<ArmDrawing&>(d);
    VectorX v;
    if (gatherColumns(qd, row, columns, v)) arm.traceConfiguration(v, true, arm.base_);
    if (gatherColumns(q, row, columns, v)) arm.traceConfiguration(v, false, arm.base_);
  };
  return f;
}

ViewFeed ArmDrawing::feed(const QStringList& channels) const { return armFeed(channels, model_.nq); }

QMatrix4x4 ArmDrawing::bodyTransform(int i) const {
  if (i < 0 || i >= model_.nq) return {};
  return view_.bodyTransform(bodies_[std::size_t(i)]);
}

QMatrix4x4 ArmDrawing::toolTransform() const { return view_.bodyTransform(tool_); }

QMatrix4x4 ArmDrawing::baseTransform() const { return view_.bodyTransform(mount_); }

QMatrix4x4 ArmDrawing::ghostBodyTransform(int i) const {
  if (!view_.ghostShown() || i < 0 || i >= model_.nq) return {};
  return view_.bodyTransform(ghostBodies_[std::size_t(i)]);
}

std::pair<QVector3D, QVector3D> ArmDrawing::linkSegmentEnds(int k) const {
  if (k < 0 || k >= linkSegmentCount()) return {};
  const Segment& s = segments_[std::size_t(k)];
  const QMatrix4x4 mount = view_.bodyTransform(mount_);
  return {mount.map(toQVector3D(frame(s.frameA, data_).apply(s.pA))), mount.map(toQVector3D(frame(s.frameB, data_).apply(s.pB)))};
}

std::pair<QVector3D, float> ArmDrawing::centreOfMassMarker(int k) const {
  if (k < 0 || k >= centreOfMassMarkerCount()) return {};
  const Marker& m = coms_[std::size_t(k)];
  return {view_.bodyTransform(m.viewBody).column(3).toVector3D(), m.radius};
}

}  // namespace maniplab::ui
