#pragma once
// The identification panel (Belkoura 1993, issue 6): base parameters of the current robot (symbolic rules,
// named, with their expressions), identification from the last run's trace or from a CSV trace by the
// dynamic model (weighted least squares) or the energy model (sim/identification/identification.hpp), the table of
// identified values beside the true ones (the robot file's, known in simulation) with their relative
// standard deviations, measured vs predicted torques, and the identified model handed to the
// model-based controllers (computed torque, PD + gravity) to compare tracking before/after.
//
// The identified model: the robot's standard parameters pi_0 corrected by the minimum-norm change that
// gives the identified base parameters, pi = pi_0 + K^+ (pi_B - K pi_0) (K pi = pi_B exactly). The
// dynamic model depends on the standard parameters only through pi_B, so the part of pi_0 the data
// cannot see does not change a controller's torques (friction is symmetric in the identified model).
#include <QFutureWatcher>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/sim/identification/identification.hpp"
#include "maniplab/sim/traces/recorder.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QCustomPlot;

namespace maniplab::ui {

class IdentificationPanel : public QWidget {
  Q_OBJECT
 public:
  explicit IdentificationPanel(QWidget* parent = nullptr);
  ~IdentificationPanel() override;

  /// The robot whose parameters are identified (recomputes its base parameters; clears the result).
  void setRobot(const Model& model, const QString& robotFile);
  /// The trace of the last run (the first run of a comparison), identified by "Identify last run".
  void setLastRun(std::shared_ptr<const sim::Recorder> recorder, const QString& runName);

  /// Synchronous identification (the buttons run the same in a thread pool). False and *error on bad
  /// data (missing columns, NaN, too short, not exciting).
  bool identifyRecorder(const sim::Recorder& recorder, QString* error = nullptr);
  bool identifyCsv(const QString& path, QString* error = nullptr);

  int baseParameterCount() const { return base_.count(); }
  const sim::IdentificationResult* result() const { return result_ ? &*result_ : nullptr; }
  /// The robot model with the identified base parameters (see above); empty without a result.
  std::optional<Model> identifiedModel() const;
  int rowCount() const;
  QString cellText(int row, int column) const;
  bool useIdentifiedModel() const;

 signals:
  void message(const QString& text);
  /// The user toggled "use the identified model in the model-based controllers" (model valid when on).
  void identifiedModelChanged(bool use);
  /// "Compare before / after": run the model-based controllers with the scene's and the identified model.
  void compareRequested();
  /// A generated excitation scene was saved at `path`: the main window opens it.
  void openSceneRequested(const QString& path);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  struct Outcome {
    std::optional<sim::IdentificationResult> result;
    QString error;
  };
  static Outcome compute(const Model& model, const BaseParameterSet& base, sim::IdentificationModel kind,
                         const sim::IdentificationTrace& trace);
  sim::IdentificationModel modelKind() const;
  void apply(const Outcome& o);
  void startAsync(std::function<sim::IdentificationTrace()> load);
  void generateExcitation();
  void retranslate();
  void fillTable();
  void plotJoint();
  void updateButtons();

  Model model_;
  bool haveModel_ = false;  ///< a serial robot (chain or tree): its base parameters and identification are computed
  bool tree_ = false;       ///< the robot is a tree (Model::parent): the label gives no count formula (a chain's)
  QString robotFile_;
  BaseParameterSet base_;
  VectorX trueBase_;
  std::shared_ptr<const sim::Recorder> lastRun_;
  QString lastRunName_;
  std::optional<sim::IdentificationResult> result_;
  QFutureWatcher<Outcome>* watcher_ = nullptr;

  QLabel *robotLabel_ = nullptr, *summary_ = nullptr, *modelLabel_ = nullptr, *jointLabel_ = nullptr;
  QComboBox* modelCombo_ = nullptr;
  QPushButton *excite_ = nullptr, *identifyRun_ = nullptr, *identifyCsv_ = nullptr, *compare_ = nullptr;
  QCheckBox* useModel_ = nullptr;
  QTableWidget* table_ = nullptr;
  QSpinBox* joint_ = nullptr;
  QCustomPlot* plot_ = nullptr;
};

}  // namespace maniplab::ui
