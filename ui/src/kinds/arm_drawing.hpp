#pragma once
// The serial arm in the 3D view (a ViewDrawing of robot_view.hpp; private to ui/ and its tests): what the
// serial and pendulum scenes show, and the arm of the floating-base scenes (floating_base_drawing.hpp).
// Drawn from the kinematics (robot_shapes.hpp): a base and, when the base frame is at shoulder height, a
// pedestal; a housing at each joint; tapered links in a distinct colour each; a gripper; joint axes
// (View > joint axes), the frames of the convention (RGB triads, View > frames), centres of mass (black and
// white quartered balls whose volume is proportional to the body's mass, drawn through the links), the
// description's geometry (box, cylinder, sphere, mesh file), a floor grid, and the ghost (a translucent copy
// of the moving links posed by a second run).
// Scene bodies: the mount (the base frame: the identity for a fixed base, the base pose for a floating
// one) carries the base parts, the bodies i (pose oMi in the mount), the tool and the centre-of-mass
// markers; posing runs forward kinematics into preallocated Data and writes the bodies' poses.
#include <QMatrix4x4>
#include <QStringList>
#include <memory>
#include <utility>
#include <vector>

#include "maniplab/model/data.hpp"
#include "maniplab/model/robot_description.hpp"
#include "maniplab/ui/robot_shapes.hpp"
#include "maniplab/ui/robot_view.hpp"

namespace maniplab::ui {

class ArmDrawing : public ViewDrawing {
 public:
  /// Draws the arm of `model` on a fixed base in `view` (display geometry from the description), posed at
  /// its home configuration; the view keeps the drawing (until its next scene).
  static ArmDrawing& draw(RobotView& view, const Model& model, const RobotDescription& description = {});
  /// The feed of an arm of `joints` joints on a fixed base: q[1..n] pose it, q_d[1..n] the desired trail.
  static ViewFeed armFeed(const QStringList& channels, int joints);

  /// Poses the arm (actual configuration) and appends the tool position to the actual trail; ignored for
  /// a wrong size.
  void setConfiguration(const VectorX& q);
  /// Appends FK(qDesired)'s tool position to the desired trail.
  void setDesiredConfiguration(const VectorX& qDesired);
  /// Appends FK(q)'s tool position, through the base pose `base` (world <- base), to the actual trail
  /// (or the desired one) without posing the arm: a row of a batch before its newest (view_feed.hpp).
  void traceConfiguration(const VectorX& q, bool desired, const Transform& base);
  /// Poses the ghost (the arm's moving links, translucent) at q and shows it; ignored for a wrong size or
  /// non-finite q.
  void setGhostConfiguration(const VectorX& q);

  void fitBounds(Vector3& centre, double& radius) const override;
  ViewFeed feed(const QStringList& channels) const override;

  // --- Inspection (tests, tools). World coordinates (z up), metres. ---
  int jointCount() const { return model_.nq; }
  const Model& model() const { return model_; }
  /// world <- body i frame as applied to the view's body (i = 0..n-1), the base pose included; identity
  /// for a wrong index.
  QMatrix4x4 bodyTransform(int i) const;
  /// world <- tool frame as applied.
  QMatrix4x4 toolTransform() const;
  /// world <- base frame as applied to the mount (the identity for a fixed base).
  QMatrix4x4 baseTransform() const;
  /// world <- body i of the ghost as applied (identity when the ghost is hidden).
  QMatrix4x4 ghostBodyTransform(int i) const;
  /// The link skeleton that the generated links follow (base to joint 1, joint to joint along the
  /// common perpendiculars, last joint to the tool): number of straight pieces and the world end points
  /// of one at the current pose.
  int linkSegmentCount() const { return int(segments_.size()); }
  std::pair<QVector3D, QVector3D> linkSegmentEnds(int k) const;
  /// The generated shape (robot_shapes.hpp).
  const RobotShapes& shapes() const { return shapes_; }
  /// Centre-of-mass markers (one per body with a mass, in body order; radius 0.55 r_0 cbrt(m / m_max),
  /// at least 0.16 r_0, r_0 = 0.16 L of robot_shapes.hpp: volume proportional to the mass): how many, and
  /// the world centre and radius of one.
  int centreOfMassMarkerCount() const { return int(coms_.size()); }
  std::pair<QVector3D, float> centreOfMassMarker(int k) const;

 protected:
  ArmDrawing(RobotView& view, const Model& model);
  /// Builds the scene of `drawing` (the arm and its base: the hooks below), hands both to the view and
  /// poses the arm at home (no trail).
  template <class D>
  static D& install(RobotView& view, std::unique_ptr<D> drawing, const RobotDescription& description) {
    D& installed = *drawing;
    const ViewScene scene = installed.build(description);
    view.setScene(scene, std::move(drawing));
    installed.poseHome();
    return installed;
  }
  RobotView& view() const { return view_; }
  int mountBody() const { return mount_; }
  /// world <- base frame (the identity for a fixed base).
  const Transform& base() const { return base_; }
  void setBase(const Transform& base);
  double radius() const { return radius_; }

  // The base's hooks (floating_base_drawing.hpp).
  virtual bool floatingBase() const { return false; }
  /// Points of the base's own parts in base coordinates, for the bounds.
  virtual void appendBasePoints(std::vector<Vector3>&) const {}
  /// Called with the arm's bounding radius: true when the base's size changed (the bounds are redone).
  virtual bool fitBaseTo(double /*armRadius*/) { return false; }
  /// The floor grid's height (base coordinates at home).
  virtual double floorHeight() const { return shapes_.floorZ; }
  /// The base's own parts on the mount body (triad sizes of the scene).
  virtual void addBaseParts(ViewBody& /*mount*/, float /*triadLength*/, float /*triadRadius*/) const {}

 private:
  struct Segment {
    int frameA = -1, frameB = -1;  // -1 the base, 0..n-1 bodies, n the tool
    Vector3 pA = Vector3::Zero(), pB = Vector3::Zero();
  };
  struct Marker {
    int body = -1, viewBody = -1;
    Vector3 com = Vector3::Zero();
    float radius = 0;
  };

  ViewScene build(const RobotDescription& description);
  void poseHome();
  void computeBounds();
  void addBodies(ViewScene& scene, const RobotDescription& description, float triadL, float triadR);
  void addJointParts(ViewScene& scene, int i, float triadL, float triadR);
  void addSkeleton();
  void addSegment(int fa, const Vector3& pa, int fb, const Vector3& pb);
  void addLinkPath(int fa, const Transform& placementB, int fb);
  void addCentresOfMass(ViewScene& scene);
  void addGhost(ViewScene& scene);
  void applyPose();
  const Transform& frame(int k, const Data& d) const;

  RobotView& view_;
  Model model_;
  Data data_, desired_, ghost_, trace_;
  Transform base_;
  RobotShapes shapes_;
  std::vector<bool> bodyHasMesh_;
  int mount_ = -1, tool_ = -1;
  std::vector<int> bodies_, ghostBodies_;
  std::vector<Segment> segments_;
  std::vector<Marker> coms_;
  Vector3 centre_ = Vector3::Zero();
  double radius_ = 1.0;
};

}  // namespace maniplab::ui
