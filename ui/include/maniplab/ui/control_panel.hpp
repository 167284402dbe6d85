#pragma once
// The control panel: the trajectory (type and parameters, trajectory_editor.hpp), the controllers (the
// scene's, plus those added here with default gains from the response time, controller_defaults.hpp;
// check boxes choose which run), their gains per joint (Kp, Kv / Kd, Ki) with the gain-design helpers of
// gain_design.hpp (response time Tr -> Kp, Kv; natural frequency / damping -> Kp, Kv), the model
// perturbation, the rates, the stepper, the measurement noise, the recorded channel groups and the
// simulated duration. applyTo() writes these into the scene copy used for the next run or saved as a
// scene file; the trajectory is validated by the scene reader's own checks (sim::checkSceneTrajectory),
// its problems marked in the form.
//
// The panel knows no scene kind; it has three forms, and each kind's binding (ui/src/kinds/) picks one:
//  * joint space (setScene / applyTo(sim::Scene&)): a sim::Scene, the joint-space scene of the serial
//    robots and of the kinds built on them (AnyScene::jointSpaceScene, e.g. the pendulum), with the
//    panel's own rules (controller types, default gains of controller_defaults.hpp, sim::checkSceneTrajectory);
//  * rules (edit / settings): the settings of a scene whose trajectory is platform way-points (the
//    trajectory editor's way-point form), with the controller types, default gains, trajectory checks and
//    row labels its kind's binding gives (Rules; the Orthoglide's: ui/src/kinds/orthoglide.cpp);
//  * fixed (setFixedControl): a scene whose control is fixed by design (the satellite): a note saying so,
//    and the duration only.
#include <QString>
#include <QWidget>
#include <functional>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/sim/scene.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QTableWidget;
class QPushButton;
class QLabel;
class QGroupBox;
class QFormLayout;
class QGridLayout;
class QTimer;
class QVBoxLayout;

namespace maniplab::ui {

class TrajectoryEditor;

class ControlPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ControlPanel(QWidget* parent = nullptr);

  /// How the controllers and the trajectory of a scene are edited when its kind gives the rules (edit()).
  struct Rules {
    std::vector<std::string> controllerTypes;  ///< the types Add controller offers and the scene may hold
    QString otherTypeRefused;  ///< why another type cannot be added (%1: the type)
    std::function<QString(int row)> rowLabel;  ///< a gain row, e.g. "actuator 1" for row 0 (translated when shown)
    bool measurementNoise = false;  ///< the encoder-noise setting applies
    /// The kind's reader's checks of the trajectory as edited (diagnostics under /trajectory), for a run
    /// of `duration`.
    std::function<std::vector<Diagnostic>(const nlohmann::json& trajectory, double duration)> checkTrajectory;
    /// A new controller of a type with default gains for a response time; throws std::exception when it
    /// cannot.
    std::function<sim::ControllerSpec(const std::string& type, const std::string& name, double responseTime)>
        defaultController;
  };
  /// What the panel edits under Rules (the controllers, the way-point trajectory, the rates, stepper and
  /// recorded channels, the duration).
  struct Settings {
    std::vector<sim::ControllerSpec> controllers;
    nlohmann::json trajectory;
    double duration = 0, controlPeriod = 1e-3;
    sim::PlantOptions plant;
    sim::RecordSelection record;
  };

  enum class Form { JointSpace, Rules, Fixed };
  Form form() const { return form_; }

  /// Fills the panel from a scene (all its controllers checked).
  void setScene(const sim::Scene& scene);
  /// The scene's robot was edited (chain editor). With another joint count the trajectory's joint values
  /// and the per-joint gains follow it (kept for the remaining joints; a new joint gets its home position
  /// and the last joint's gains), with a message saying so; what cannot follow (an operational-space
  /// controller without 6 joints, a Cartesian line...) is flagged by the validation.
  void setRobot(const RobotLoadResult& robot);
  /// Writes the panel's settings into `scene` (same robot as the panel's). False and *error (the reason,
  /// naming the field) when a setting is invalid; `scene` is then partly written.
  bool applyTo(sim::Scene& scene, QString* error = nullptr) const;

  /// Fills the panel from settings edited under `rules` (all controllers checked; `dof` gain rows).
  void edit(const Settings& settings, const Rules& rules, int dof);
  /// New rules for the scene shown (e.g. its robot changed: the way-points' reach): checked again.
  void setRules(const Rules& rules);
  /// Writes the panel's settings into `settings` (the periods kept where the rates were not changed).
  /// False and *error (the reason, naming the field) when a setting is invalid (a controller type the
  /// rules refuse, the trajectory by the rules' checks) or the panel is not in the Rules form.
  bool settings(Settings& settings, QString* error = nullptr) const;

  /// A scene whose control is fixed by design (the satellite's reaction-aware computed torque): the panel
  /// shows `note` and the simulated duration only.
  void setFixedControl(const QString& note, double duration);
  /// The note shown at the top of the panel (empty: none).
  QString note() const;
  /// Indices of the checked controllers.
  std::vector<int> selectedControllers() const;
  void setControllerChecked(int index, bool on);

  /// Adds a controller of `type` ("pid", "pd_gravity", "computed_torque", "operational_space") with the
  /// default gains of sim::defaultControllerSpec for the response time of the design box, and a name not
  /// yet used ("pid", "pid_2"...). Returns its index, or -1 (with a message) when it cannot be added.
  int addController(const QString& type);
  /// Removes a controller; the last one cannot be removed (a scene needs one). False when refused.
  bool removeController(int index);
  int controllerCount() const { return int(specs_.size()); }
  QString controllerName(int index) const;
  QString controllerType(int index) const;

  double duration() const;
  /// Gain of the edited controller: column 0 Kp, 1 Kv/Kd, 2 Ki.
  void setGain(int controller, int joint, int column, double value);
  double gain(int controller, int joint, int column) const;
  /// Rows of the gain table for a controller: its joints (the 3 actuators of an Orthoglide), or the 6 task axes [φ θ ψ X Y Z] of an
  /// operational-space controller (gains per Cartesian axis; no Ki).
  int gainRows(int controller) const;

  TrajectoryEditor* trajectoryEditor() const { return trajectory_; }
  /// The scene reader's problems with the trajectory as edited (empty: valid), one per line.
  QString trajectoryProblems() const;

 signals:
  void message(const QString& text);
  /// The user changed a setting that a saved scene keeps (not the run selection).
  void settingsChanged();

 protected:
  void changeEvent(QEvent* e) override;

 private:
  /// The constructor's parts: each group box with its widgets (under `inner`, the scrolled widget), then
  /// the connections of the edits that a saved scene keeps.
  QGroupBox* buildTrajectoryBox(QWidget* inner);
  QGroupBox* buildRunBox(QWidget* inner);
  QGroupBox* buildGainBox(QWidget* inner);
  QGroupBox* buildDesignBox(QWidget* inner);
  QGroupBox* buildSimulationBox(QWidget* inner);
  QGroupBox* buildRecordBox(QWidget* inner);
  void connectEdits();
  void retranslate();
  void showGains();
  void rebuildControllerList();
  void designFromResponseTime();
  void designFromFrequency();
  void cellEdited(int row, int column);
  void trajectoryEdited();
  std::vector<Diagnostic> validateTrajectory() const;
  void showTrajectoryProblems();
  void edited();
  void setForm(Form form);
  /// The rules of the joint-space form (controller_defaults.hpp, the serial scene reader's checks).
  Rules jointSpaceRules() const;
  /// The settings both scene kinds share (duration, rates, stepper, recorded channels), into the panel
  /// and back; checkRates: the plant rate a whole multiple of the control rate.
  void showCommon(double duration, double controlPeriod, const sim::PlantOptions& plant, const sim::RecordSelection& record);
  bool checkRates(QString* error) const;
  void applyCommon(double& duration, double& controlPeriod, sim::PlantOptions& plant, sim::RecordSelection& record) const;

  std::vector<sim::ControllerSpec> specs_;
  std::vector<bool> checked_;
  sim::Scene context_;  ///< joint-space form: the scene's robot, initial state and file, for its validation
  Rules rules_;         ///< of the form shown (joint space: jointSpaceRules())
  Form form_ = Form::JointSpace;
  int dof_ = 0;
  bool filling_ = false;

  QGroupBox *trajBox_, *runBox_, *gainBox_, *designBox_, *simBox_, *recordBox_;
  TrajectoryEditor* trajectory_;
  QTimer* validateTimer_;
  QVBoxLayout* checkLayout_;
  QFormLayout* simForm_;
  QLabel* note_;
  std::vector<QWidget*> controllerRows_;
  std::vector<QCheckBox*> checks_;
  QPushButton* addController_;
  QComboBox* editedController_;
  QTableWidget* gains_;
  QDoubleSpinBox* perturbation_;
  QDoubleSpinBox* responseTime_;
  QDoubleSpinBox* naturalFrequency_;
  QDoubleSpinBox* damping_;
  QPushButton* applyTr_;
  QPushButton* applyWn_;
  QSpinBox* controlHz_;
  QSpinBox* plantHz_;
  QComboBox* stepper_;
  QDoubleSpinBox* noise_;
  QDoubleSpinBox* duration_;
  std::vector<QCheckBox*> record_;
  QLabel *editedLabel_, *perturbationLabel_, *trLabel_, *wnLabel_, *zetaLabel_, *controlLabel_, *plantLabel_,
      *stepperLabel_, *noiseLabel_, *durationLabel_;
};

}  // namespace maniplab::ui
