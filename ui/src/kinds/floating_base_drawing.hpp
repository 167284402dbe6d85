#pragma once
// The arm on a free-floating base in the 3D view (Llibre, Mampey & Chrétien 1983 §IV.2, the satellite
// scenes; private to ui/ and its tests): the serial arm of arm_drawing.hpp mounted on the base body C_0,
// drawn as a box (the uniform box with the base's mass and principal inertias, centred on its centre of
// mass; a cube sized from the arm when the inertia describes no box) with its own triad, the floor grid
// below it. setBasePose moves the base and everything it carries; the arm's frame 0 is the base frame
// (floating_base.hpp conventions).
// Its feed (view_feed.hpp) reads base_X, base_Y, base_Z [m] and the rotation vector base_rx, base_ry,
// base_rz [rad] of R_0(t) R_0(0)^T (sim::satelliteChannels; runSatellite's convention: relative to the
// initial attitude, world axes) -> setBasePose(p, Exp(r) R_0(0)); then q / q_d as for a serial arm.
#include "arm_drawing.hpp"
#include "maniplab/model/floating_base.hpp"

namespace maniplab::ui {

class FloatingBaseDrawing final : public ArmDrawing {
 public:
  /// Draws the arm `model.arm` on its base in `view`, the base at the identity pose, the arm at home.
  static FloatingBaseDrawing& draw(RobotView& view, const FloatingBaseModel& model,
                                   const RobotDescription& description = {});
  /// The feed of an arm of `joints` joints on a free base whose attitude at the start of the run is
  /// `initialBaseRotation` (sim::SatelliteScene::basePose.R).
  static ViewFeed baseFeed(const QStringList& channels, int joints, const Matrix3& initialBaseRotation);

  /// world <- base C_0 (x_world = R_0 x_base + p_0). Moves the base and the arm; the trails record the
  /// tool's world position at the next setConfiguration / setDesiredConfiguration. Ignored when not finite.
  void setBasePose(const Transform& pose);
  Transform basePose() const { return base(); }

  ViewFeed feed(const QStringList& channels) const override;

 protected:
  bool floatingBase() const override { return true; }
  void appendBasePoints(std::vector<Vector3>& pts) const override;
  bool fitBaseTo(double armRadius) override;
  double floorHeight() const override;
  void addBaseParts(ViewBody& mount, float triadLength, float triadRadius) const override;

 private:
  FloatingBaseDrawing(RobotView& view, const FloatingBaseModel& model);

  Vector3 com_ = Vector3::Zero();
  Vector3 box_ = Vector3::Zero();  ///< box extents (principal axes)
  Matrix3 boxAxes_ = Matrix3::Identity();
};

}  // namespace maniplab::ui
