// The Orthoglide in the 3D view (orthoglide_drawing.hpp; Guégan, Khalil, Chablat & Wenger 2002; frames of
// orthoglide_tables.hpp). Scene bodies: the floor grid, the world's axes, the workspace cube; per leg the
// seven parts (unit cylinders stretched between two world points of orthoglideChainFrames, placed again at
// each pose), the carriage (pose frame 1_i) and the revolute joints' spheres; the platform (translation P).
#include "orthoglide_drawing.hpp"

#include <algorithm>
#include <cmath>
#include <typeinfo>

#include "maniplab/model/orthoglide_kinematics.hpp"
#include "maniplab/model/orthoglide_tables.hpp"

namespace maniplab::ui {

OrthoglideDrawing::OrthoglideDrawing(RobotView& view, const OrthoglideModel& model) : view_(view), og_(model) {}

OrthoglideDrawing& OrthoglideDrawing::draw(RobotView& view, const OrthoglideModel& model) {
  std::unique_ptr<OrthoglideDrawing> drawing(new OrthoglideDrawing(view, model));
  OrthoglideDrawing& og = *drawing;
  const ViewScene scene = og.build();
  view.setScene(scene, std::move(drawing));
  og.applyPose();
  og.desiredP_ = og.P_;
  og.tracedP_ = og.P_;
  return og;
}

std::pair<Vector3, Vector3> OrthoglideDrawing::partPoints(int i, Part part) const {
  if (i < 0 || i > 2) return {};
  const auto& F = frames_[std::size_t(i)];
  auto o = [&](int frameNumber) { return F[std::size_t(frameNumber - 1)].p; };  // origin of frame j_i
  switch (part) {
    case Part::Rail: {
      const auto& lim = og_.chain[std::size_t(i)].limits;
      const double lo = std::isfinite(lim.lower) ? lim.lower : L_[i] - 0.5 * og_.a;
      const double hi = std::isfinite(lim.upper) ? lim.upper : L_[i] + 0.5 * og_.a;
      return {og_.basePoint(i) + lo * og_.actuatorAxis(i), og_.basePoint(i) + hi * og_.actuatorAxis(i)};
    }
    case Part::CarriageArm: return {o(1), o(2)};
    case Part::NearLink: return {o(3), o(7)};
    case Part::BarA: return {o(3), o(4)};
    case Part::BarB: return {o(7), o(8)};
    case Part::FarLink: return {o(4), o(8)};
    case Part::PlatformLink: return {o(5), o(6)};
  }
  return {};
}

// Sets the chain frames from the platform position (IGM); false when P is out of reach.
bool OrthoglideDrawing::solve(const Vector3& P) {
  OrthoglideChainVariables q;
  if (!P.allFinite() || !orthoglideInverseGeometric(og_, P, q)) return false;
  for (int i = 0; i < 3; ++i) {
    frames_[std::size_t(i)] = orthoglideChainFrames(og_, i, q[std::size_t(i)]);
    L_[i] = q[std::size_t(i)][0];
  }
  P_ = P;
  return true;
}

// Platform position of the actuator positions L (FGM from `guess`, then from K).
bool OrthoglideDrawing::forward(const Vector3& L, const Vector3& guess, Vector3& P) const {
  if (!L.allFinite()) return false;
  if (orthoglideForwardGeometric(og_, L, guess, P)) return true;
  return orthoglideForwardGeometric(og_, L, og_.K(), P);
}

ViewScene OrthoglideDrawing::build() {
  // Bounds: rails, K, the workspace cube, the legs at home.
  boundsPts_.clear();
  if (!solve(og_.home)) solve(og_.K());
  for (int i = 0; i < 3; ++i) {
    const auto [a, b] = partPoints(i, Part::Rail);
    boundsPts_.push_back(a);
    boundsPts_.push_back(b);
    for (const auto& F : frames_[std::size_t(i)]) boundsPts_.push_back(F.p);
  }
  boundsPts_.push_back(og_.K());
  const double h = 0.5 * og_.workspaceSize;
  auto corner = [&](int k) -> Vector3 { return og_.workspaceCenter + h * Vector3(k & 1 ? 1 : -1, k & 2 ? 1 : -1, k & 4 ? 1 : -1); };
  for (int k = 0; k < 8; ++k) boundsPts_.push_back(corner(k));
  ViewScene scene;
  double r = 0;
  boundsOf(boundsPts_, scene.centre, r);
  scene.radius = std::max(r, 0.1);
  const double s = scene.radius;
  double d4 = 0, d6 = 0;
  for (const auto& c : og_.chain) {
    d4 = std::max(d4, c.D4);
    d6 = std::max(d6, c.D6);
  }
  const float barR = float(std::clamp(0.03 * d4, 0.004 * s, 0.03 * s));
  const float triadL = float(0.3 * s), triadR = float(0.012 * s);

  scene.add(floorGrid(s, 0.0, scene.centre));
  scene.add(triadBody(-1, triadL * 1.3f, triadR * 1.3f, ViewToggle::Frames));
  std::vector<float> edges;  // the workspace cube's twelve edges
  for (int k = 0; k < 8; ++k)
    for (int axis = 0; axis < 3; ++axis) {
      if (k & (1 << axis)) continue;
      for (int e : {k, k | (1 << axis)}) {
        const Vector3 p = corner(e);
        edges.insert(edges.end(), {float(p.x()), float(p.y()), float(p.z())});
      }
    }
  ViewBody workspace;
  workspace.shapes.push_back(linesShape(std::move(edges), lineMaterial(QColor(110, 115, 130))));
  scene.add(std::move(workspace));
  for (int i = 0; i < 3; ++i) addLeg(scene, i, barR);
  ViewBody platform;
  ViewShape cube = primitiveShape(ViewShape::Primitive::Cuboid, solidMaterial(QColor(230, 60, 200)));
  const float side = float(1.4 * d6 > 0 ? 1.4 * d6 : 0.05 * s);
  cube.scale = QVector3D(side, side, side);
  platform.shapes.push_back(cube);
  addTriad(platform, triadL * 0.5f, triadR);  // always shown
  platform_ = scene.add(std::move(platform));
  return scene;
}

// Leg i: its parts (rail, bars in the chain's colour, links), its carriage and its revolute joints.
void OrthoglideDrawing::addLeg(ViewScene& scene, int i, float barR) {
  // Chain colours after their actuator axis (z_0, x_0, y_0): blue, red, green, lightened.
  const QColor chainColour[3] = {QColor(120, 150, 255), QColor(245, 120, 110), QColor(120, 220, 120)};
  const float railR = barR * 1.6f, jointR = barR * 1.7f;
  Leg& leg = legs_[std::size_t(i)];
  for (int k = 0; k < kPartCount; ++k) {
    const auto part = Part(k);
    const bool bar = part == Part::BarA || part == Part::BarB;
    const QColor colour = part == Part::Rail ? QColor(95, 100, 112) : bar ? chainColour[i] : QColor(200, 205, 215);
    leg.radius[std::size_t(k)] = part == Part::Rail ? railR : bar ? barR : barR * 1.25f;
    ViewBody cylinder;
    cylinder.shapes.push_back(primitiveShape(ViewShape::Primitive::Cylinder, solidMaterial(colour)));
    leg.parts[std::size_t(k)] = scene.add(std::move(cylinder));
  }
  ViewBody carriage;  // actuated prismatic: the serial colour; longer along the actuator axis z_1i
  ViewShape box = primitiveShape(ViewShape::Primitive::Cuboid, solidMaterial(QColor(60, 200, 170)));
  const float c = railR * 4.0f;
  box.scale = QVector3D(c, c, c * 1.6f);
  carriage.shapes.push_back(box);
  leg.carriage = scene.add(std::move(carriage));
  for (std::size_t k = 0; k < 5; ++k) {
    ViewBody joint;  // passive revolute: the serial colour
    ViewShape sphere = primitiveShape(ViewShape::Primitive::Sphere, solidMaterial(QColor(235, 160, 40)));
    sphere.rings = 12;
    sphere.slices = 18;
    joint.shapes.push_back(sphere);
    joint.scale = QVector3D(jointR, jointR, jointR);
    leg.joints[k] = scene.add(std::move(joint));
  }
}

void OrthoglideDrawing::applyPose() {
  static const QVector3D yAxis(0, 1, 0);
  static constexpr std::array<int, 5> jointFrames{2, 4, 5, 7, 8};  // q_2 (= q_3), q_4, q_5, q_7, q_8
  for (int i = 0; i < 3; ++i) {
    const Leg& leg = legs_[std::size_t(i)];
    for (int k = 0; k < kPartCount; ++k) {  // a unit cylinder stretched from a to b (hidden when they coincide)
      const int body = leg.parts[std::size_t(k)];
      const auto [a, b] = partPoints(i, Part(k));
      const Vector3 d = b - a;
      const double len = d.norm();
      view_.setBodyShown(body, len > 1e-7);
      if (len > 1e-7) {
        const float r = leg.radius[std::size_t(k)];
        view_.setBodyPose(body, QQuaternion::rotationTo(yAxis, toQVector3D(Vector3(d / len))), toQVector3D(Vector3(0.5 * (a + b))),
                          QVector3D(r, float(len), r));
      } else {
        view_.setBodyTranslation(body, a);
      }
    }
    const auto& F = frames_[std::size_t(i)];
    view_.setBodyPose(leg.carriage, F[0]);
    for (std::size_t k = 0; k < 5; ++k) view_.setBodyTranslation(leg.joints[k], F[std::size_t(jointFrames[k] - 1)].p);
  }
  view_.setBodyTranslation(platform_, P_);
}

bool OrthoglideDrawing::setActuators(const Vector3& L) {
  Vector3 P;
  if (!forward(L, P_, P)) return false;
  return setPlatform(P);
}

bool OrthoglideDrawing::setPlatform(const Vector3& P) {
  const auto frames = frames_;
  const Vector3 L = L_, P0 = P_;
  if (!solve(P)) {  // keep the previous pose
    frames_ = frames;
    L_ = L;
    P_ = P0;
    return false;
  }
  applyPose();
  tracedP_ = P_;
  view_.poseApplied(P_);
  return true;
}

bool OrthoglideDrawing::traceActuators(const Vector3& L) {
  Vector3 P;
  if (!forward(L, tracedP_, P)) return false;
  tracedP_ = P;
  view_.addActualPoint(P);
  return true;
}

bool OrthoglideDrawing::setDesiredActuators(const Vector3& Ld) {
  Vector3 P;
  if (!forward(Ld, desiredP_, P)) return false;
  desiredP_ = P;
  view_.addDesiredPoint(P);
  return true;
}

bool OrthoglideDrawing::setDesiredPlatform(const Vector3& Pd) {
  if (!Pd.allFinite()) return false;
  desiredP_ = Pd;
  view_.addDesiredPoint(Pd);
  return true;
}

// The rails, K, the workspace and the legs at home, and the legs as they stand.
void OrthoglideDrawing::fitBounds(Vector3& centre, double& radius) const {
  std::vector<Vector3> pts = boundsPts_;
  for (const auto& F : frames_)
    for (const auto& T : F) pts.push_back(T.p);
  boundsOf(pts, centre, radius);
  radius = std::max(radius, 0.1);
}

ViewFeed OrthoglideDrawing::feed(const QStringList& channels) const {
  ViewFeed f;
  f.columns = int(channels.size());
  f.drawing = &typeid(OrthoglideDrawing);
  const std::vector<int> q = channelColumns(channels, QStringLiteral("q[%1]"), 3);
  const std::vector<int> qd = channelColumns(channels, QStringLiteral("q_d[%1]"), 3);
  f.pose = [q, qd, columns = f.columns](ViewDrawing& d, const double* row) {
    auto& og = static_cast<OrthoglideDrawing&>(d);
    VectorX v;
    if (gatherColumns(qd, row, columns, v)) og.setDesiredActuators(Vector3(v));
    return gatherColumns(q, row, columns, v) && og.setActuators(Vector3(v));
  };
  f.trace = [q, qd, columns = f.columns](ViewDrawing& d, const double* row) {
    auto& og = static_cast<OrthoglideDrawing&>(d);
    VectorX v;
    if (gatherColumns(qd, row, columns, v)) og.setDesiredActuators(Vector3(v));  // the desired trail only
    if (gatherColumns(q, row, columns, v)) og.traceActuators(Vector3(v));
  };
  return f;
}

std::pair<QVector3D, QVector3D> OrthoglideDrawing::partEnds(int chain, Part part) const {
  if (chain < 0 || chain > 2 || int(part) < 0 || int(part) >= kPartCount) return {};
  const int body = legs_[std::size_t(chain)].parts[std::size_t(part)];
  const QMatrix4x4 m = view_.bodyTransform(body);
  if (!view_.bodyShown(body)) return {m.column(3).toVector3D(), m.column(3).toVector3D()};
  return {m.map(QVector3D(0, -0.5f, 0)), m.map(QVector3D(0, 0.5f, 0))};
}

QMatrix4x4 OrthoglideDrawing::platformTransform() const { return view_.bodyTransform(platform_); }

}  // namespace maniplab::ui
