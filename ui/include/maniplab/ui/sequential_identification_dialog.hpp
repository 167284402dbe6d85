#pragma once
// Guided sequential identification (issue 6; Belkoura 1993 ch. III §IV, TH8, corrected form of reference
// base-parameters-identification.md §8 with the §9 errata): the 14 steps in a list; for the current step
// its description (which joints move and how, the corrected equation, what the thesis printed wrong);
// "Run step" simulates the step's test motions (sim/identification/sequential.hpp: exact motions,
// torques by inverse dynamics with friction, optional Gaussian torque noise) and identifies its unknowns
// by the energy theorem with the parameters found so far; "Next" moves on. The table lists every
// parameter identified so far with its true value (the robot file's) and the relative error.
#include <QDialog>
#include <memory>

#include "maniplab/model/model.hpp"

class QTableWidget;

namespace maniplab::ui {

class SequentialIdentificationDialog : public QDialog {
  Q_OBJECT
 public:
  explicit SequentialIdentificationDialog(QWidget* parent = nullptr);
  ~SequentialIdentificationDialog() override;

  /// The robot to identify (its parameters are the true values). Returns false, with the reason shown
  /// in the dialog and in *error, when the procedure (the TH8's) does not apply to it.
  bool setRobot(const Model& model, QString* error = nullptr);
  /// Torque noise standard deviation (N m or N) added to the simulated measurements (0 = noiseless).
  void setNoise(double torqueStd);

  int stepCount() const;
  int currentStep() const;  ///< 0-based, the step shown
  int stepsDone() const;    ///< steps identified (they are run in order)
  /// Runs the current step (it must be the next one to run). False with the message shown on failure.
  bool runStep();
  /// Shows the next step; false at the last one or when the current step has not been run.
  bool next();
  /// Forgets the results and goes back to step 1.
  void restart();
  QString descriptionText() const;  ///< the current step's description (plain text)
  QString statusText() const;
  /// Largest relative error over the parameters identified so far (relative to |true|, or to 1e-3 of the
  /// largest base parameter for a parameter that is 0 in the robot file).
  double worstRelativeError() const;
  QTableWidget* resultsTable() const;

 protected:
  void changeEvent(QEvent* e) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
  void retranslate();
  void refresh();
};

}  // namespace maniplab::ui
