#pragma once
// The Qt 3D view of a manipulator, drawn from its kinematics; orbit / pan / zoom with the mouse (orbit
// camera controller); fit-to-robot; the desired and actual tool (or platform) paths as trails. A QWidget
// holding a Qt3DExtras::Qt3DWindow through QWidget::createWindowContainer (grab the screen, not the
// widget, to capture it). Three kinds of robot (kind()):
//  * Serial (setRobot): the arm as generated from its kinematics (robot_shapes.hpp: a base and, when
//    the base frame is at shoulder height, a pedestal; a housing at each joint; tapered links in a
//    distinct colour each; a gripper), joint axes, optional frames (RGB triads) and centres of mass
//    (black and white quartered balls whose volume is proportional to the body's mass, drawn through
//    the links), a floor grid.
//  * FloatingBase (setFloatingRobot; Llibre, Mampey & Chrétien 1983 §IV.2): the same arm mounted on a free base body C_0,
//    drawn as a box (the uniform box with the base's mass and principal inertias, centred on its centre
//    of mass) with its own triad; setBasePose moves the base and everything it carries.
//  * Orthoglide (setOrthoglide; Guégan, Khalil, Chablat & Wenger 2002): the three actuator rails (over their strokes) and carriages,
//    each leg's parallelogram (two bars of length D_4 and its two short links, 2 r_2 long), the link
//    from the far short link to P (D_6), the platform (a cube at P, axes of R_0, it only translates) and
//    the prescribed workspace cube. Posed from the actuator positions L (numeric forward geometric
//    model, Newton from the previous pose) or from the platform position P (inverse geometric model).
// World coordinates are the model's (z up), metres; for the Orthoglide, R_0 of Guégan, Khalil, Chablat & Wenger 2002 (origin A_1,
// z_0 along actuator 1).
#include <QColor>
#include <QMatrix4x4>
#include <QPointF>
#include <QStringList>
#include <QVector3D>
#include <QWidget>
#include <array>
#include <memory>
#include <utility>

#include "maniplab/model/floating_base.hpp"
#include "maniplab/model/orthoglide_model.hpp"
#include "maniplab/model/robot_description.hpp"
#include "maniplab/ui/robot_shapes.hpp"

namespace maniplab::ui {

class RobotView : public QWidget {
  Q_OBJECT
 public:
  explicit RobotView(QWidget* parent = nullptr);
  ~RobotView() override;

  enum class Kind { None, Serial, FloatingBase, Orthoglide };
  Kind kind() const;

  /// Rebuilds the scene for a model (display geometry from the description when given).
  void setRobot(const Model& model, const RobotDescription& description);
  /// Poses the robot (actual configuration) and appends the tool position to the actual trail.
  void setConfiguration(const VectorX& q);
  /// Appends FK(qDesired)'s tool position to the desired trail (drawn in another colour).
  void setDesiredConfiguration(const VectorX& qDesired);
  void clearTrails();
  /// Frames the robot (all kinds): its home pose and its current pose (with the current base pose), and
  /// the pedestal drawn under a serial arm whose base frame is at shoulder height.
  void fitToRobot();

  // --- Free-floating base (kind FloatingBase) ---
  /// Rebuilds the scene for the arm `model.arm` mounted on the base C_0 (floating_base.hpp conventions:
  /// the arm's frame 0 is the base frame). The base starts at the identity pose; setConfiguration /
  /// setDesiredConfiguration take the arm's joints as for a serial robot.
  void setFloatingRobot(const FloatingBaseModel& model, const RobotDescription& description = {});
  /// world <- base C_0 (x_world = R_0 x_base + p_0). Moves the base and the arm; the trails record the
  /// tool's world position at the next setConfiguration / setDesiredConfiguration.
  void setBasePose(const Transform& pose);
  Transform basePose() const;  ///< as last set (identity for the other kinds)

  // --- Orthoglide (kind Orthoglide) ---
  /// Rebuilds the scene for an Orthoglide (posed at model.home).
  void setOrthoglide(const OrthoglideModel& model);
  /// Poses the robot from the actuator positions L = (q_11, q_12, q_13) [m] (forward geometric model,
  /// Newton started from the current platform position, then from K) and appends P to the actual
  /// trail. False (pose unchanged) when L is out of reach or the kind is not Orthoglide.
  bool setOrthoglideActuators(const Vector3& L);
  /// Poses the robot from the platform position P in R_0 [m] (inverse geometric model) and appends P
  /// to the actual trail. False (pose unchanged) when P is out of reach.
  bool setOrthoglidePlatform(const Vector3& P);
  /// Desired trail: the platform position of the desired actuator positions (FGM) or P_d itself.
  bool setOrthoglideDesiredActuators(const Vector3& Ld);
  bool setOrthoglideDesiredPlatform(const Vector3& Pd);
  /// Parts of one Orthoglide leg, each drawn as a cylinder between two points.
  enum class OrthoglidePart {
    Rail,          ///< actuator axis over the stroke [limits.lower, limits.upper] of q_1i
    CarriageArm,   ///< carriage (origin of frame 1_i) to the passive revolute q_2i (origin of 2_i)
    NearLink,      ///< short link of the parallelogram at the carriage: origins of 2_i (= 3_i) and 7_i
    BarA,          ///< parallelogram bar, body 3_i: origins of 3_i and 4_i (length D_4i)
    BarB,          ///< parallelogram bar, body 7_i: origins of 7_i and 8_i (length D_8i = D_4i)
    FarLink,       ///< far short link, body 4_i: origins of 4_i and 8_i (= 9_i); frame 5_i at its middle
    PlatformLink,  ///< body 5_i: origin of 5_i to P (origin of 6_i, length D_6i)
  };
  static constexpr int kOrthoglidePartCount = 7;

  /// world <- base as applied to the base entity (identity for the other kinds).
  QMatrix4x4 baseTransform() const;
  /// Orthoglide pose in double precision, as computed for drawing: actuator positions, platform
  /// position and the exact end points of a part.
  Vector3 orthoglideActuatorPositions() const;
  Vector3 orthoglidePlatformPosition() const;
  std::pair<Vector3, Vector3> orthoglidePartPoints(int chain, OrthoglidePart part) const;
  /// The same part's world end points recovered from its cylinder entity's transform (float).
  std::pair<QVector3D, QVector3D> orthoglidePartEnds(int chain, OrthoglidePart part) const;
  /// world <- platform (translation P, axes of R_0) as applied to the platform entity.
  QMatrix4x4 platformTransform() const;
  void setShowFrames(bool on);
  /// Centre-of-mass markers on or off (presentation mode turns them off).
  void setShowCentresOfMass(bool on);
  void setShowJointAxes(bool on);
  void setShowFloorGrid(bool on);
  /// The trails keep recording while hidden: shown again, they show the whole path.
  void setShowDesiredTrail(bool on);
  void setShowActualTrail(bool on);
  /// Whether the entity is drawn (enabled in the scene): a trail also needs two points.
  bool floorGridDrawn() const;
  bool desiredTrailDrawn() const;
  bool actualTrailDrawn() const;

  /// The ghost (serial and floating-base arms): a translucent copy of the arm's moving links, posed at q
  /// by a second run (the second controller of a comparison, run side by side). Shown from the first
  /// pose until hideGhost() or a new robot; it leaves no trail. Ignored for a wrong size or non-finite q.
  void setGhostConfiguration(const VectorX& q);
  void hideGhost();
  bool ghostShown() const;
  static QColor ghostColor();
  /// world <- body i frame of the ghost as applied (identity when the ghost is hidden).
  QMatrix4x4 ghostBodyTransform(int i) const;

  /// Pose updates applied since construction (for the display-rate measurement).
  qint64 updatesApplied() const;

  // --- Inspection (tests, tools). World coordinates are the model's (z up), in metres. ---
  /// Maximum number of points kept per trail (the oldest are dropped beyond it).
  static constexpr int kTrailCapacity = 2000;
  bool hasRobot() const;
  /// Joints of the serial arm (fixed or floating base); 0 for the Orthoglide and without robot.
  int jointCount() const;
  /// world <- body i frame as currently applied to the scene entity (i = 0..n-1), including the base
  /// pose for a floating base; identity if none (and for the Orthoglide).
  QMatrix4x4 bodyTransform(int i) const;
  /// world <- tool frame as currently applied to the scene entity.
  QMatrix4x4 toolTransform() const;
  /// The link skeleton that the generated links follow (base to joint 1, joint to joint along the
  /// common perpendiculars, last joint to the tool): number of straight pieces and the world end points
  /// of one at the current pose.
  int linkSegmentCount() const;
  /// The generated shape (robot_shapes.hpp) of the current serial or floating-base robot.
  const RobotShapes& shapes() const;
  /// Centre-of-mass markers (one per body with a mass, in body order; radius 0.55 r_0 cbrt(m / m_max),
  /// at least 0.16 r_0, r_0 = 0.16 L of robot_shapes.hpp: volume proportional to the mass): how many,
  /// whether they are drawn, and the world centre and radius of one.
  int centreOfMassMarkerCount() const;
  bool centresOfMassDrawn() const;
  std::pair<QVector3D, float> centreOfMassMarker(int k) const;
  /// Absolute paths of the visual mesh files drawn (description geometry "mesh", resolved relative to
  /// the robot file), and how many of them Qt 3D has loaded (QMesh::Ready; loading is asynchronous).
  QStringList meshSources() const;
  int meshesReady() const;
  std::pair<QVector3D, QVector3D> linkSegmentEnds(int k) const;
  int actualTrailSize() const;
  int desiredTrailSize() const;
  /// Bounding sphere of the joint origins (and base, tool) over the home pose (base coordinates for a
  /// floating base, whose base box is included; rails, workspace and home legs for the Orthoglide).
  QVector3D robotCentre() const;
  float robotRadius() const;
  QVector3D cameraPosition() const;
  QVector3D cameraViewCenter() const;
  /// Places the camera at `eye` looking at `centre` (world coordinates, z up), as the mouse would.
  void setCameraView(const QVector3D& eye, const QVector3D& centre);
  /// Normalised device coordinates (x, y in [-1, 1] when visible) of a world point.
  QPointF projectToViewport(const QVector3D& worldPoint) const;
  static QColor backgroundColor();

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
