#pragma once
// The Qt 3D view of a serial manipulator, drawn from its kinematics: links between successive joint
// frames (cylinders), joint axes, optional frames (RGB triads) and centres of mass (spheres), the desired
// and actual end-effector paths as trails, a floor grid; orbit / pan / zoom with the mouse (orbit camera
// controller); fit-to-robot. A QWidget holding a Qt3DExtras::Qt3DWindow through
// QWidget::createWindowContainer (grab the screen, not the widget, to capture it).
#include <QColor>
#include <QMatrix4x4>
#include <QPointF>
#include <QStringList>
#include <QVector3D>
#include <QWidget>
#include <memory>
#include <utility>

#include "maniplab/model/robot_description.hpp"

namespace maniplab::ui {

class RobotView : public QWidget {
  Q_OBJECT
 public:
  explicit RobotView(QWidget* parent = nullptr);
  ~RobotView() override;

  /// Rebuilds the scene for a model (display geometry from the description when given).
  void setRobot(const Model& model, const RobotDescription& description);
  /// Poses the robot (actual configuration) and appends the tool position to the actual trail.
  void setConfiguration(const VectorX& q);
  /// Appends FK(qDesired)'s tool position to the desired trail (drawn in another colour).
  void setDesiredConfiguration(const VectorX& qDesired);
  void clearTrails();
  void fitToRobot();
  void setShowFrames(bool on);
  void setShowCentresOfMass(bool on);
  void setShowJointAxes(bool on);

  /// Pose updates applied since construction (for the display-rate measurement).
  qint64 updatesApplied() const;

  // --- Inspection (tests, tools). World coordinates are the model's (z up), in metres. ---
  /// Maximum number of points kept per trail (the oldest are dropped beyond it).
  static constexpr int kTrailCapacity = 2000;
  bool hasRobot() const;
  /// world <- body i frame as currently applied to the scene entity (i = 0..n-1); identity if none.
  QMatrix4x4 bodyTransform(int i) const;
  /// world <- tool frame as currently applied to the scene entity.
  QMatrix4x4 toolTransform() const;
  /// Number of link-segment cylinders (base pedestal, links, tool) and the world end points of one,
  /// recovered from its entity transform.
  int linkSegmentCount() const;
  /// Absolute paths of the visual mesh files drawn (description geometry "mesh", resolved relative to
  /// the robot file), and how many of them Qt 3D has loaded (QMesh::Ready; loading is asynchronous).
  QStringList meshSources() const;
  int meshesReady() const;
  std::pair<QVector3D, QVector3D> linkSegmentEnds(int k) const;
  int actualTrailSize() const;
  int desiredTrailSize() const;
  /// Bounding sphere of the joint origins (and base, tool) over the home pose.
  QVector3D robotCentre() const;
  float robotRadius() const;
  QVector3D cameraPosition() const;
  QVector3D cameraViewCenter() const;
  /// Normalised device coordinates (x, y in [-1, 1] when visible) of a world point.
  QPointF projectToViewport(const QVector3D& worldPoint) const;
  static QColor backgroundColor();

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
