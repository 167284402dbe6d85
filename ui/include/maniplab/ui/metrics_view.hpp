#pragma once
// The comparison table of the last runs (one column block per controller): per joint max |e|, RMS e,
// steady-state e, relative error %, RMS and peak torque; per Cartesian axis (φ θ ψ X Y Z) max |e|,
// RMS e, steady-state e, relative %, final measured value. Exportable as CSV (sim::comparisonCsv).
#include <QString>
#include <QWidget>
#include <string>
#include <utility>
#include <vector>

#include "maniplab/sim/traces/metrics.hpp"

class QTableWidget;
class QPushButton;
class QLabel;

namespace maniplab::ui {

class MetricsView : public QWidget {
  Q_OBJECT
 public:
  using Runs = std::vector<std::pair<std::string, sim::RunMetrics>>;
  explicit MetricsView(QWidget* parent = nullptr);

  void setRuns(const Runs& runs);
  const Runs& runs() const { return runs_; }
  void clear();
  int rowCount() const;
  int columnCount() const;
  QString cellText(int row, int column) const;
  /// Writes sim::comparisonCsv(runs()) (atomic, '.' decimals). False and *error when it fails.
  bool exportCsv(const QString& path, QString* error = nullptr) const;

 signals:
  void message(const QString& text);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void rebuild();
  void exportClicked();
  Runs runs_;
  QTableWidget* table_ = nullptr;
  QPushButton* exportButton_ = nullptr;
  QLabel* caption_ = nullptr;
};

}  // namespace maniplab::ui
