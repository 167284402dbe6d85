#pragma once
// The trajectory form of the control panel: the type of a serial scene's trajectory (every type the
// scene reader accepts, scenes/README.md) and its parameters, edited in the units shown (degrees for
// revolute joints, metres for prismatic ones, seconds; radians inside):
//   quintic / trapezoidal / hold: one row per joint (start, goal, velocity and acceleration limits,
//     held position) and the motion duration;
//   via_points: the via points as columns (time, then one row per joint), points added and removed;
//   cartesian_line: start and goal poses (X Y Z, Euler X-Y-Z φ θ ψ), duration, sample period, IK;
//   fourier, umis_thesis_line: shown read-only (the scene's own parameters); another type replaces them.
// An Orthoglide scene has one type, cartesian_points (robots/orthoglide.md, "Scenes"): its platform
// way-points in R_0 (metres) and segment durations (seconds), one table row per point (the duration on a
// row is that of the segment arriving there), points added and removed.
// The form is a view of the trajectory's JSON object: until it is edited, trajectory() returns the
// scene's object unchanged. Switching type fills the new type from the old one's start, goal and
// duration (a type shown before keeps its values). Validation is the caller's (the scene reader's
// checks, sim::checkSceneTrajectory); showProblems() marks the fields it names.
// Limits: whenever the trajectory or the robot changes, the trajectory is built and checked against the
// robot's joint limits (sim::checkTrajectoryLimits: position, velocity, acceleration, and the torques
// by inverse dynamics along the path) before any run; a violation shows as a warning line under the
// form with its time and joint (limitWarningText()). Both checks: ui/src/trajectory_editor_checks.cpp.
#include <QString>
#include <QStringList>
#include <QWidget>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/model/model.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/trajectories/limit_check.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QTableWidget;

namespace maniplab::ui {

class TrajectoryEditor : public QWidget {
  Q_OBJECT
 public:
  explicit TrajectoryEditor(QWidget* parent = nullptr);

  /// The trajectory types, in the order of the type selector.
  static QStringList types();

  /// Shows a scene's trajectory object for `model` (not edited: trajectory() returns it as given).
  void setTrajectory(const nlohmann::json& trajectory, const Model& model);
  /// Shows an Orthoglide scene's trajectory object ("cartesian_points"; not edited: trajectory() returns
  /// it as given). The type selector then offers that type only; setTrajectory() goes back to the
  /// serial types.
  void setOrthoglideTrajectory(const nlohmann::json& trajectory);
  /// Orthoglide way-points: adds a point after the selected row (after the last when none), a copy of
  /// it reached in the same time as the segment before it (0.5 s for the first); removes the selected
  /// row (the last when none; at least two points remain: false and a message otherwise).
  void addWayPoint();
  bool removeWayPoint();

  /// The robot changed. With another joint count the joint values follow it (remaining joints kept, a
  /// new joint takes its home position, its velocity/acceleration limits those of the last joint, a new
  /// Fourier row zero coefficients): returns true when the trajectory was adapted so.
  bool setModel(const Model& model);
  /// The trajectory object for the scene (the scene's own until edited).
  const nlohmann::json& trajectory() const { return current_; }
  QString type() const;
  /// Selects a type as the type selector does.
  void setType(const QString& type);

  /// Diagnostics of the scene reader's checks (JSON pointers under /trajectory): the fields they name
  /// are marked (colour, reason in the tooltip) and every message goes to the status line.
  void showProblems(const std::vector<Diagnostic>& diagnostics);
  QString statusText() const;

  /// The robot file's description, for the trajectories that need more than the model (the UMIS
  /// thesis line and closed-form IK); without it they are built as the scene reader would without it.
  void setRobotDescription(const RobotDescription& description);
  /// The last limit check (empty when the trajectory could not be built or respects every limit).
  const sim::LimitReport& limitReport() const { return limits_; }
  /// The warning shown under the form (empty when none): a heading and one line per violation with its
  /// time, joint, limit and excess, in the units shown (degrees for revolute joints).
  QString limitWarningText() const;
  /// Checks the current trajectory against the robot's limits now (done after every change).
  void checkLimits();

 signals:
  /// The user changed the trajectory (type or a value).
  void edited();
  /// A typed value was refused (not a number): the reason, for the message area.
  void message(const QString& text);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  /// The constructor's parts: the pages of the stack after the joint table (each under pages_), then
  /// the connections of the edits.
  QWidget* buildViaPage();
  QWidget* buildCartesianPage();
  QWidget* buildReadOnlyPage();
  QWidget* buildWayPointPage();
  void connectEdits();
  void retranslate();
  void fill();  ///< fills the form from current_
  void showJointTable();
  void showViaTable();
  void showCartesianTable();
  void changed();  ///< after an edit of current_
  void typeChosen(int index);
  void jointCellEdited(int row, int column);
  void viaCellEdited(int row, int column);
  void cartesianCellEdited(int row, int column);
  void showWayPointTable();
  void wayPointCellEdited(int row, int column);
  void setTypeItems(bool orthoglide);  ///< the type selector's entries for a serial or Orthoglide scene
  void addViaPoint();
  void removeViaPoint();
  bool parseCell(QTableWidget* table, int row, int column, double scale, double& out);
  nlohmann::json synthesize(const std::string& type) const;
  QStringList jointColumnKeys() const;
  double unitScale(int joint) const;  ///< SI -> shown (degrees for revolute joints)
  QString jointUnit(int joint) const;
  void clearMarks();

  Model model_;
  nlohmann::json current_;
  std::map<std::string, nlohmann::json> shown_;  ///< each type's parameters, as last shown
  bool filling_ = false;
  bool orthoglide_ = false;

  QLabel *typeLabel_, *durationLabel_, *sampleLabel_, *ikLabel_, *readOnlyNote_, *status_;
  QComboBox* type_;
  QStackedWidget* pages_;
  QTableWidget *jointTable_, *viaTable_, *cartesianTable_, *wayPointTable_;
  QPushButton *addPoint_, *removePoint_, *addWayPoint_, *removeWayPoint_;
  QLabel* wayPointNote_;
  QDoubleSpinBox *duration_, *samplePeriod_;
  QComboBox* ik_;
  QPlainTextEdit* readOnly_;
  QWidget* durationRow_;
  QLabel* limitWarning_;
  RobotDescription description_;
  bool hasDescription_ = false;
  sim::LimitReport limits_;
};

}  // namespace maniplab::ui
