#pragma once
// The chain editor: a table of joints (type R/P, the convention's parameters, offset, limits) with a
// convention selector (DH / MDH / general), an inertial panel for the selected link (mass, centre of
// mass, inertia tensor), an actuator panel (gear ratio, rotor inertias, rotor axis, friction) and a coupling
// panel (the joint a coupled (mimic) joint follows, its multiplier and offset).
// Add, remove, reorder joints. Every edit is a QUndoCommand on the given stack; every edit is validated
// as robot files are (invalid cells marked, reason in the tooltip; an invalid value is rejected with
// its message). Degrees in the UI for angles, radians inside; units in the headers.
#include <QUndoStack>
#include <QWidget>
#include <memory>

#include "maniplab/model/robot_description.hpp"

namespace maniplab::ui {

class ChainEditor : public QWidget {
  Q_OBJECT
 public:
  explicit ChainEditor(QUndoStack* undo, QWidget* parent = nullptr);
  ~ChainEditor() override;

  void setDescription(const RobotDescription& d);  ///< replaces the robot (clears nothing on the stack)
  const RobotDescription& description() const;

  /// Programmatic edit of a table cell (the same path as typing in it): row = joint, column name in
  /// {"type", "a", "alpha", "d", "theta", "r", "offset", "lower", "upper", "velocity", "effort"} (angles in
  /// degrees as displayed). Returns false and sets *error when the value is rejected.
  bool editCell(int joint, const QString& column, const QString& text, QString* error = nullptr);
  int currentJoint() const;

  // ---- added (chain editor implementation) ----
  /// Programmatic edit of a field of the inertial or actuator panel of `joint` (the same path as typing
  /// in it). Keys: "mass", "com_x", "com_y", "com_z", "ixx", "iyy", "izz", "ixy", "ixz", "iyz" (SI),
  /// "gear_ratio", "rotor_inertia" (j_m), "rotor_transverse_inertia" (i_m), "rotor_axis" ("x, y, z"; empty =
  /// the joint axis), "viscous_pos", "viscous_neg", "coulomb_pos", "coulomb_neg"; coupling: "mimic_joint"
  /// (1-based, empty = independent), "mimic_multiplier", "mimic_offset" (degrees for a revolute joint).
  bool editField(int joint, const QString& key, const QString& text, QString* error = nullptr);
  /// The text shown in a table cell (column keys as editCell; general convention: "x", "y", "z", "roll",
  /// "pitch", "yaw" and "offset"; also "name"). Empty for an unknown cell.
  QString cellText(int joint, const QString& column) const;
  /// The text shown in a panel field of the current joint (keys as editField).
  QString fieldText(const QString& key) const;
  void setCurrentJoint(int joint);
  /// Inserts a new joint after `after` (-1: at the end); undoable. Returns false when rejected.
  bool addJoint(int after = -1, QString* error = nullptr);
  bool removeJoint(int joint, QString* error = nullptr);
  /// Moves a joint one place up (delta = -1) or down (+1); undoable.
  bool moveJoint(int joint, int delta, QString* error = nullptr);
  /// Re-expresses the robot in another convention (the same robot: kinematics and dynamics); undoable.
  /// False (with the reason) when the robot has no form in that convention.
  bool setConvention(maniplab::Convention convention, QString* error = nullptr);
  const maniplab::Model& model() const;
  /// Replaces the whole robot as one undoable edit named `text` (the recovered edits of a session that
  /// ended abnormally: undo goes back to the robot's file); validated as an edit. False when rejected.
  bool replaceDescription(const RobotDescription& d, const QString& text, QString* error = nullptr);

 signals:
  /// Emitted after every accepted change (and after undo/redo), with the new model.
  void robotChanged(const maniplab::RobotDescription& description, const maniplab::Model& model);
  void message(const QString& text);  ///< validation messages for the message area

 protected:
  void changeEvent(QEvent* e) override;  ///< retranslates the texts on QEvent::LanguageChange

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
