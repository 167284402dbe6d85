#pragma once
#include <array>
// The comparison table of the last runs: per joint max |e|, RMS e, steady-state e, relative error %,
// RMS and peak torque; per Cartesian axis (φ θ ψ X Y Z) max |e|, RMS e, steady-state e, relative %,
// final measured value. Drawn with the metrics as columns and the controllers as row groups (a row with
// the controller's name, its joints, then a header row of the Cartesian metrics and its axes), so that it
// reads without horizontal scrolling in a narrow dock (1280x720). The accessors below (rowCount,
// cellText...) address the logical table: one row per joint then per axis, one column block of
// columnKeys() per controller. Exportable as CSV (sim::comparisonCsv).
// The definitions are those of sim/traces/metrics.hpp (Zanaboni 2009): each column header's tooltip
// gives its definition; a relative error that is not defined reads "n/a" and its tooltip says why (a
// displacement below the threshold, a segment the run did not reach); a defined one lists its segments.
#include <QString>
#include <QWidget>
#include <string>
#include <utility>
#include <vector>

#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/traces/metrics.hpp"

class QTableWidget;
class QTableWidgetItem;
class QPushButton;
class QLabel;

namespace maniplab::ui {

class MetricsView : public QWidget {
  Q_OBJECT
 public:
  using Runs = std::vector<std::pair<std::string, sim::RunMetrics>>;
  explicit MetricsView(QWidget* parent = nullptr);
  /// The first kErrorKeys metrics of columnKeys() are errors (smaller is better): with two runs or more,
  /// per row and per error metric, the best controller's cell is highlighted (green, bold) and reads
  /// "VALUE" over "×F" (two lines) when the next best is at least kBetterRatio times larger (F = next best / best,
  /// see betterFactor); its tooltip names both controllers and their values.
  static constexpr int kErrorKeys = 4;
  static constexpr double kBetterRatio = 1.1;
  /// "×F" for a ratio (two significant digits below 10, three below 1000).
  static QString betterFactor(double ratio);
  /// Whether the cell is marked as the better controller's.
  bool isMarkedBetter(int row, int column) const;

  void setRuns(const Runs& runs);
  const Runs& runs() const { return runs_; }
  void clear();
  int rowCount() const;
  int columnCount() const;
  QString cellText(int row, int column) const;
  QString cellToolTip(int row, int column) const;
  QString headerToolTip(int column) const;
  /// Writes sim::comparisonCsv(runs()) (atomic, '.' decimals), after the provenance line (setProvenance).
  /// False and *error when it fails.
  bool exportCsv(const QString& path, QString* error = nullptr) const;
  /// What produced the runs shown (program, version, scene and robot files): the first comment line of
  /// the exported CSV (none when not set).
  void setProvenance(const sim::Provenance& provenance) { provenance_ = provenance; }

  /// The metric keys of the table's column block, in order (keys of sim::metricDefinitions()).
  static QStringList columnKeys();
  /// The translated short label and definition of a metric (a key of sim::metricDefinitions());
  /// untranslated, they are the sim texts word for word. Empty for an unknown key.
  static QString metricLabel(const QString& key);
  static QString metricDefinition(const QString& key);
  /// Every metric's definition as rich text (for the Help): title, then one paragraph per metric.
  static QString definitionsHtml();
  /// Why a relative error is n/a (translated; empty when defined).
  static QString relativeErrorReason(sim::RelativeErrorStatus status, double threshold = sim::kRelativeErrorThreshold);

 signals:
  void message(const QString& text);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void rebuild();
  void markBetter(const std::vector<std::vector<std::array<double, kErrorKeys>>>& errors, const QStringList& rowLabels);
  void exportClicked();
  Runs runs_;
  sim::Provenance provenance_;
  QTableWidget* table_ = nullptr;
  QPushButton* exportButton_ = nullptr;
  QLabel* caption_ = nullptr;
  int jointRows_ = 0;         // joints shown per controller
  bool cartesianRows_ = false;  // the Cartesian axes shown per controller
  /// The cell of the logical table (row, run * kKeyCount + key) in the table drawn; null when none.
  QTableWidgetItem* itemAt(int row, int column) const;
};

}  // namespace maniplab::ui
