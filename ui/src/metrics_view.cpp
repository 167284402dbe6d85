#include "maniplab/ui/metrics_view.hpp"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "maniplab/sim/traces/csv.hpp"

namespace maniplab::ui {

namespace {
// Metric keys of sim::comparisonCsv, in display order.
const char* const kKeys[] = {"maxAbsError", "rmsError", "steadyStateError", "relativeErrorPercent",
                             "rmsTorque",   "peakTorque", "finalMeasured"};
constexpr int kKeyCount = 7;
}  // namespace

MetricsView::MetricsView(QWidget* parent) : QWidget(parent) {
  auto* lay = new QVBoxLayout(this);
  lay->setContentsMargins(2, 2, 2, 2);
  caption_ = new QLabel(this);
  caption_->setWordWrap(true);
  lay->addWidget(caption_);
  table_ = new QTableWidget(this);
  table_->setObjectName("metricsTable");
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  lay->addWidget(table_);
  auto* row = new QHBoxLayout;
  row->addStretch();
  exportButton_ = new QPushButton(this);
  exportButton_->setObjectName("exportMetricsButton");
  row->addWidget(exportButton_);
  lay->addLayout(row);
  connect(exportButton_, &QPushButton::clicked, this, &MetricsView::exportClicked);
  rebuild();
}

void MetricsView::setRuns(const Runs& runs) {
  runs_ = runs;
  rebuild();
}

void MetricsView::clear() {
  runs_.clear();
  rebuild();
}

int MetricsView::rowCount() const { return table_->rowCount(); }
int MetricsView::columnCount() const { return table_->columnCount(); }

QString MetricsView::cellText(int row, int column) const {
  const auto* it = table_->item(row, column);
  return it ? it->text() : QString();
}

bool MetricsView::exportCsv(const QString& path, QString* error) const {
  try {
    if (runs_.empty()) throw std::runtime_error(tr("no run to export").toStdString());
    sim::writeCsvTable(sim::comparisonCsv(runs_), path.toStdString());
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

void MetricsView::exportClicked() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export comparison table"), QStringLiteral("comparison.csv"),
                                                    tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  QString err;
  if (exportCsv(path, &err))
    emit message(tr("Comparison table written to %1").arg(path));
  else
    emit message(tr("Cannot export the comparison table: %1").arg(err));
}

void MetricsView::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) rebuild();
  QWidget::changeEvent(e);
}

void MetricsView::rebuild() {
  exportButton_->setText(tr("Export CSV..."));
  caption_->setText(tr("Joint errors e = q_d - q [rad or m], torques [N m or N]; Cartesian errors = actual - desired "
                       "[rad, m]; steady state over the hold after the trajectory."));
  exportButton_->setEnabled(!runs_.empty());
  table_->clear();
  if (runs_.empty()) {
    table_->setRowCount(0);
    table_->setColumnCount(0);
    return;
  }
  const sim::CsvTable t = sim::comparisonCsv(runs_);
  const QString labels[kKeyCount] = {tr("max |e|"), tr("RMS e"), tr("e steady"), tr("rel. %"),
                                     tr("RMS torque"), tr("peak torque"), tr("final")};
  table_->setColumnCount(int(runs_.size()) * kKeyCount);
  table_->setRowCount(int(t.rows()));
  // Column of "NAME key" in the CSV table.
  auto column = [&](const std::string& name, const char* key) -> int {
    const std::string prefix = name + " " + key;
    for (std::size_t c = 0; c < t.names.size(); ++c)
      if (t.names[c].rfind(prefix, 0) == 0) return int(c);
    return -1;
  };
  int jc = -1, ac = -1;
  for (std::size_t c = 0; c < t.names.size(); ++c) {
    if (t.names[c] == "joint") jc = int(c);
    if (t.names[c] == "axis") ac = int(c);
  }
  QStringList vlabels;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const double j = jc >= 0 ? t.columns[std::size_t(jc)][r] : NAN;
    const double a = ac >= 0 ? t.columns[std::size_t(ac)][r] : NAN;
    if (std::isfinite(j))
      vlabels << tr("joint %1").arg(int(j));
    else if (std::isfinite(a) && a >= 1 && a <= 6)
      vlabels << QString::fromUtf8(sim::kCartesianAxisNames[std::size_t(a) - 1]);
    else
      vlabels << QString::number(r + 1);
  }
  QStringList hlabels;
  for (std::size_t k = 0; k < runs_.size(); ++k) {
    for (int m = 0; m < kKeyCount; ++m) {
      hlabels << QString::fromStdString(runs_[k].first) + QStringLiteral("\n") + labels[m];
      const int c = column(runs_[k].first, kKeys[m]);
      for (std::size_t r = 0; r < t.rows(); ++r) {
        const double v = c >= 0 ? t.columns[std::size_t(c)][r] : NAN;
        auto* it = new QTableWidgetItem(std::isnan(v) ? QString() : QString::number(v, 'g', 4));
        it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table_->setItem(int(r), int(k) * kKeyCount + m, it);
      }
    }
  }
  table_->setHorizontalHeaderLabels(hlabels);
  table_->setVerticalHeaderLabels(vlabels);
}

}  // namespace maniplab::ui
