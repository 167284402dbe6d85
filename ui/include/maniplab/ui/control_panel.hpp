#pragma once
// The control panel: which controllers of the scene to run (check boxes), their gains per joint
// (Kp, Kv / Kd, Ki) with the gain-design helpers of gain_design.hpp (response time Tr -> Kp, Kv;
// natural frequency / damping -> Kp, Kv), the model perturbation, the rates, the stepper, the measurement
// noise and the simulated duration. applyTo() writes these into the scene copy used for the next run.
#include <QString>
#include <QWidget>
#include <vector>

#include "maniplab/sim/scene.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QTableWidget;
class QPushButton;
class QLabel;
class QGroupBox;
class QVBoxLayout;

namespace maniplab::ui {

class ControlPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ControlPanel(QWidget* parent = nullptr);

  /// Fills the panel from a scene (all its controllers checked).
  void setScene(const sim::Scene& scene);
  /// Writes the panel's settings into `scene` (same robot as setScene's). False and *error if invalid.
  bool applyTo(sim::Scene& scene, QString* error = nullptr) const;
  /// Indices of the checked controllers.
  std::vector<int> selectedControllers() const;
  void setControllerChecked(int index, bool on);

  void setDuration(double seconds);
  double duration() const;
  /// Gain of the edited controller: column 0 Kp, 1 Kv/Kd, 2 Ki.
  void setGain(int controller, int joint, int column, double value);
  double gain(int controller, int joint, int column) const;
  /// Rows of the gain table for a controller: its joints, or the 6 task axes [φ θ ψ X Y Z] of an
  /// operational-space controller (gains per Cartesian axis; no Ki).
  int gainRows(int controller) const;

 signals:
  void message(const QString& text);
  void settingsChanged();

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslate();
  void showGains();
  void designFromResponseTime();
  void designFromFrequency();
  void cellEdited(int row, int column);

  std::vector<sim::ControllerSpec> specs_;
  int dof_ = 0;
  bool filling_ = false;

  QGroupBox *runBox_, *gainBox_, *designBox_, *simBox_;
  QVBoxLayout* checkLayout_;
  std::vector<QCheckBox*> checks_;
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
  QLabel *editedLabel_, *perturbationLabel_, *trLabel_, *wnLabel_, *zetaLabel_, *controlLabel_, *plantLabel_,
      *stepperLabel_, *noiseLabel_, *durationLabel_;
};

}  // namespace maniplab::ui
