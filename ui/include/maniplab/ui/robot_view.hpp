#pragma once
// The Qt 3D view of a robot: it draws the bodies and shapes it is handed (view_scene.hpp) and poses them
// as told; orbit / pan / zoom with the mouse (orbit camera controller); fit-to-robot; the desired and
// actual tool (or platform) paths as trails; the View menu's toggles (frames, centres of mass, joint axes,
// floor grid, trails); a ghost (a second run's robot, translucent). A QWidget holding a
// Qt3DExtras::Qt3DWindow through QWidget::createWindowContainer (grab the screen, not the widget, to
// capture it).
// The view knows no scene kind: a kind's drawing (a ViewDrawing, ui/src/kinds/*_drawing.*: the serial arm
// with its joint axes, frames and centres of mass, the arm on a free-floating base, the Orthoglide's legs)
// builds the scene from its model, hands it to setScene with itself, poses the bodies from its kinematics
// (setBodyPose) and reports the trail points; the view keeps the drawing until the next scene, asks it
// what fitToRobot frames, and what a run's rows pose (view_feed.hpp).
// World coordinates are the model's (z up), metres.
#include <QColor>
#include <QMatrix4x4>
#include <QPointF>
#include <QStringList>
#include <QVector3D>
#include <QWidget>
#include <memory>

#include "maniplab/ui/view_feed.hpp"
#include "maniplab/ui/view_scene.hpp"

namespace maniplab::ui {

/// What a scene kind draws in the view: it builds a ViewScene, poses its bodies, and answers the view.
class ViewDrawing {
 public:
  virtual ~ViewDrawing() = default;
  /// The sphere fitToRobot frames (world): the robot at home and as it stands.
  virtual void fitBounds(Vector3& centre, double& radius) const = 0;
  /// The columns of a run's channels that pose this drawing (view_feed.hpp).
  virtual ViewFeed feed(const QStringList& channels) const = 0;
};

class RobotView : public QWidget {
  Q_OBJECT
 public:
  explicit RobotView(QWidget* parent = nullptr);
  ~RobotView() override;

  /// Draws `scene` instead of the current robot (trails cleared, ghost hidden); `drawing` poses it and is
  /// kept until the next scene.
  void setScene(const ViewScene& scene, std::unique_ptr<ViewDrawing> drawing);
  /// The drawing of the current scene (nullptr before the first), as a kind's type (nullptr: another).
  ViewDrawing* drawing() const;
  template <class D>
  D* drawing() const {
    return dynamic_cast<D*>(drawing());
  }

  // --- Poses (the drawing's; body indices are the scene's) ---
  /// Rotation and translation of a body in its parent's frame (its scale kept).
  void setBodyPose(int body, const Transform& pose);
  void setBodyTranslation(int body, const Vector3& p);
  void setBodyPose(int body, const QQuaternion& rotation, const QVector3D& translation, const QVector3D& scale);
  /// A body (and what it carries) drawn or not, beside the View menu's toggles and the ghost.
  void setBodyShown(int body, bool shown);
  bool bodyShown(int body) const;
  /// world <- body as applied to its entity (through its parents; identity for a wrong index).
  QMatrix4x4 bodyTransform(int body) const;
  /// A pose was applied: the tool (or platform) at `worldPoint` is appended to the actual trail (and the
  /// update counted: updatesApplied).
  void poseApplied(const Vector3& worldPoint);
  /// The tool (or platform) position of a row that poses nothing (a row of a batch before its newest,
  /// view_feed.hpp feedRows), appended to the actual trail; no update counted.
  void addActualPoint(const Vector3& worldPoint);
  /// The desired tool (or platform) position, appended to the desired trail (drawn in another colour).
  void addDesiredPoint(const Vector3& worldPoint);
  void clearTrails();
  /// Frames the robot: the drawing's bounds (its home pose and its current pose).
  void fitToRobot();

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

  /// The ghost: the scene's ghost bodies, translucent in ghostColor(), posed by the drawing (a second run,
  /// the second controller of a comparison, run side by side). Shown from showGhost() until hideGhost()
  /// or a new scene; it leaves no trail. showGhost() does nothing for a scene without ghost bodies.
  void showGhost();
  void hideGhost();
  bool ghostShown() const;
  static QColor ghostColor();

  /// Pose updates applied since construction (for the display-rate measurement).
  qint64 updatesApplied() const;

  // --- Inspection (tests, tools). World coordinates are the model's (z up), in metres. ---
  /// Maximum number of points kept per trail (the oldest are dropped beyond it).
  static constexpr int kTrailCapacity = 2000;
  /// A trail point closer than kTrailStep x the scene's bounding radius to the previous one is not added.
  static constexpr double kTrailStep = 2e-3;
  bool hasRobot() const;  ///< a scene was set
  int bodyCount() const;
  /// Centre-of-mass markers (the bodies of the CentresOfMass toggle) drawn.
  bool centresOfMassDrawn() const;
  /// Absolute paths of the mesh files drawn (ViewShape::Primitive::MeshFile), and how many of them Qt 3D
  /// has loaded (QMesh::Ready; loading is asynchronous).
  QStringList meshSources() const;
  int meshesReady() const;
  int actualTrailSize() const;
  int desiredTrailSize() const;
  /// Point k (0: the oldest kept) of the actual or the desired trail, world coordinates (a null vector for a
  /// wrong index).
  QVector3D trailPoint(bool desired, int k) const;
  /// The scene's bounding sphere of the robot at home.
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
