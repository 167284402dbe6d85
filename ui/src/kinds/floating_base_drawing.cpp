// The arm on a free-floating base in the 3D view (floating_base_drawing.hpp). Base attitude of the rows:
// Llibre, Mampey & Chrétien 1983 §IV.2 satellite channels, R_0(t) = Exp(r) R_0(0) with r the recorded
// rotation vector (sim/src/floating_base/simulation.cpp, runSatellite).
#include "floating_base_drawing.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <typeinfo>

namespace maniplab::ui {

FloatingBaseDrawing::FloatingBaseDrawing(RobotView& view, const FloatingBaseModel& model) : ArmDrawing(view, model.arm) {
  // The uniform box with the base's mass and principal inertias (I_xx = m (b^2 + c^2) / 12, ...), along
  // the principal axes; zero extents (fitBaseTo draws a cube) when the inertia does not describe a box.
  const double mass = model.baseMass;
  const Matrix3 inertia = model.baseInertia.allFinite() ? model.baseInertia : Matrix3::Zero();
  com_ = model.baseCom.allFinite() ? model.baseCom : Vector3::Zero();
  Eigen::SelfAdjointEigenSolver<Matrix3> es(0.5 * (inertia + inertia.transpose()));
  const Vector3 I = es.eigenvalues();
  Vector3 ext(6 * (I[1] + I[2] - I[0]), 6 * (I[0] + I[2] - I[1]), 6 * (I[0] + I[1] - I[2]));
  if (mass > 0 && es.info() == Eigen::Success && ext.allFinite() && ext.minCoeff() > 0) {
    box_ = (ext / mass).cwiseSqrt();
    boxAxes_ = es.eigenvectors();
    if (boxAxes_.determinant() < 0) boxAxes_.col(2) *= -1;
  }
}

FloatingBaseDrawing& FloatingBaseDrawing::draw(RobotView& view, const FloatingBaseModel& model,
                                               const RobotDescription& description) {
  return install(view, std::unique_ptr<FloatingBaseDrawing>(new FloatingBaseDrawing(view, model)), description);
}

// Corners of the base box (base coordinates).
void FloatingBaseDrawing::appendBasePoints(std::vector<Vector3>& pts) const {
  for (int k = 0; k < 8; ++k) {
    const Vector3 c(k & 1 ? 0.5 : -0.5, k & 2 ? 0.5 : -0.5, k & 4 ? 0.5 : -0.5);
    pts.push_back(com_ + boxAxes_ * c.cwiseProduct(box_));
  }
}

// No box inertia: a cube sized from the arm.
bool FloatingBaseDrawing::fitBaseTo(double armRadius) {
  if (!box_.isZero()) return false;
  box_ = Vector3::Constant(0.3 * armRadius);
  return true;
}

// Below the base box.
double FloatingBaseDrawing::floorHeight() const {
  std::vector<Vector3> pts;
  appendBasePoints(pts);
  double zmin = 0;
  for (const auto& p : pts) zmin = std::min(zmin, p.z());
  return zmin - 0.15 * radius();
}

// The box, and the base's own triad (always shown: it is what shows the base turning).
void FloatingBaseDrawing::addBaseParts(ViewBody& mount, float triadLength, float triadRadius) const {
  ViewShape box = primitiveShape(ViewShape::Primitive::Cuboid, solidMaterial(QColor(120, 130, 150)));
  box.rotation = toQuaternion(boxAxes_);
  box.translation = toQVector3D(com_);
  box.scale = toQVector3D(box_);
  mount.shapes.push_back(std::move(box));
  addTriad(mount, triadLength * 1.6f, triadRadius * 1.5f);
}

void FloatingBaseDrawing::setBasePose(const Transform& pose) {
  if (!pose.p.allFinite() || !pose.R.allFinite()) return;
  setBase(pose);
}

namespace {

/// The base pose of a row: (p, Exp(r) R_0(0)) from base_X..base_rz; false when a column is absent or
/// a value not finite.
bool rowBasePose(const std::vector<int>& base, const double* row, int columns, const Matrix3& R0, Transform& pose) {
  VectorX b;
  if (!gatherColumns(base, row, columns, b)) return false;
  const Vector3 r = b.tail<3>();
  const double angle = r.norm();
  const Matrix3 dR = angle > 0 ? Matrix3(Eigen::AngleAxisd(angle, r / angle)) : Matrix3::Identity();
  pose = Transform{dR * R0, b.head<3>()};
  return true;
}

}  // namespace

ViewFeed FloatingBaseDrawing::baseFeed(const QStringList& channels, int joints, const Matrix3& initialBaseRotation) {
  ViewFeed f = armFeed(channels, joints);
  f.drawing = &typeid(FloatingBaseDrawing);
  const char* names[6] = {"base_X", "base_Y", "base_Z", "base_rx", "base_ry", "base_rz"};
  std::vector<int> base;
  for (const char* name : names) base.push_back(int(channels.indexOf(QLatin1String(name))));
  const int columns = f.columns;
  f.pose = [arm = f.pose, base, columns, R0 = initialBaseRotation](ViewDrawing& d, const double* row) {
    Transform pose;
    const bool based = rowBasePose(base, row, columns, R0, pose);
    if (based) static_cast<FloatingBaseDrawing&>(d).setBasePose(pose);
    const bool posed = arm(d, row);
    return based || posed;
  };
  // A row that poses nothing: the tool through that row's base pose (the base as it stands without one).
  const std::vector<int> q = channelColumns(channels, QStringLiteral("q[%1]"), std::max(0, joints));
  const std::vector<int> qd = channelColumns(channels, QStringLiteral("q_d[%1]"), std::max(0, joints));
  f.trace = [base, q, qd, columns, R0 = initialBaseRotation](ViewDrawing& d, const double* row) {
    auto& fb = static_cast<FloatingBaseDrawing&>(d);
    Transform pose = fb.base();
    rowBasePose(base, row, columns, R0, pose);
    VectorX v;
    if (gatherColumns(qd, row, columns, v)) fb.traceConfiguration(v, true, pose);
    if (gatherColumns(q, row, columns, v)) fb.traceConfiguration(v, false, pose);
  };
  return f;
}

ViewFeed FloatingBaseDrawing::feed(const QStringList& channels) const {
  return baseFeed(channels, jointCount(), Matrix3::Identity());
}

}  // namespace maniplab::ui
