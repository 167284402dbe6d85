// The comparison table of the last runs (metrics_view.hpp); definitions of sim/traces/metrics.hpp.
#include "maniplab/ui/metrics_view.hpp"

#include <QEvent>
#include <QFileDialog>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "maniplab/sim/traces/csv.hpp"

namespace maniplab::ui {

namespace {
// Metric keys of sim::metricDefinitions() shown per controller, in display order.
const char* const kKeys[] = {"maxAbsError", "rmsError", "steadyStateError", "relativeErrorPercent",
                             "rmsTorque",   "peakTorque", "finalMeasured"};
constexpr int kKeyCount = 7;
constexpr int kRelativeColumn = 3;
static_assert(MetricsView::kErrorKeys == 4);  // maxAbsError .. relativeErrorPercent: smaller is better

QString number(double v) { return QString::number(v, 'g', 4); }
constexpr int kBetterRole = Qt::UserRole + 1;  // a cell marked as the better controller's
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

int MetricsView::rowCount() const { return runs_.empty() ? 0 : jointRows_ + (cartesianRows_ ? 6 : 0); }
int MetricsView::columnCount() const { return int(runs_.size()) * kKeyCount; }

namespace {
// The table drawn: per controller a title row, its joints, then (with Cartesian metrics) a header row
// and the six axes; six metric columns, the fifth and sixth the torques on joint rows, the fifth the
// final value on axis rows.
constexpr int kShownColumns = 6;
int shownColumn(int key) { return key == 6 ? 4 : key; }
}  // namespace

QTableWidgetItem* MetricsView::itemAt(int row, int column) const {
  if (row < 0 || row >= rowCount() || column < 0 || column >= columnCount()) return nullptr;
  const int run = column / kKeyCount, key = column % kKeyCount;
  const int perRun = 1 + jointRows_ + (cartesianRows_ ? 7 : 0);
  const int shown = run * perRun + 1 + row + (row >= jointRows_ ? 1 : 0);
  if ((row < jointRows_) == (key == 6)) return nullptr;  // no final value on joints, no torque on axes
  return table_->item(shown, shownColumn(key));
}

QString MetricsView::cellText(int row, int column) const {
  const auto* it = itemAt(row, column);
  return it ? it->text() : QString();
}

QString MetricsView::cellToolTip(int row, int column) const {
  const auto* it = itemAt(row, column);
  return it ? it->toolTip() : QString();
}

QString MetricsView::headerToolTip(int column) const {
  if (column < 0) return {};
  const QString key = QLatin1String(kKeys[column % kKeyCount]);
  return QStringLiteral("<b>%1</b>: %2").arg(metricLabel(key).toHtmlEscaped(), metricDefinition(key).toHtmlEscaped());
}

bool MetricsView::exportCsv(const QString& path, QString* error) const {
  try {
    if (runs_.empty()) throw std::runtime_error(tr("no run to export").toStdString());
    sim::CsvTable table = sim::comparisonCsv(runs_);
    const std::vector<std::string> first = provenance_.csvComments();
    table.comments.insert(table.comments.begin(), first.begin(), first.end());
    sim::writeCsvTable(table, path.toStdString());
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

QStringList MetricsView::columnKeys() {
  QStringList keys;
  for (const char* k : kKeys) keys << QLatin1String(k);
  return keys;
}

QString MetricsView::relativeErrorReason(sim::RelativeErrorStatus status, double threshold) {
  switch (status) {
    case sim::RelativeErrorStatus::Defined: return {};
    case sim::RelativeErrorStatus::NoSamples: return tr("no sample was recorded");
    case sim::RelativeErrorStatus::NotReached: return tr("the run stopped before the end of the segment");
    case sim::RelativeErrorStatus::SmallDisplacement:
      return tr("the displacement of the move is below the threshold %1 (rad or m): too small a move to divide by")
          .arg(number(threshold));
  }
  return {};
}

QString MetricsView::definitionsHtml() {
  QString html = QStringLiteral("<h3>%1</h3><p>%2</p><dl>")
                     .arg(tr("Tracking metrics"),
                          tr("Computed online at the full control rate for each controller. Joint values in rad "
                             "(revolute) or m (prismatic), torques in N m or N; Cartesian axes phi, theta, psi "
                             "(Euler X-Y-Z angles, rad) and X, Y, Z (m). Source: Zanaboni 2009, chapter 10."));
  for (const auto& d : sim::metricDefinitions()) {
    const QString key = QString::fromStdString(d.key);
    const QString unit = d.unit.empty() ? QString() : QStringLiteral(" [%1]").arg(QString::fromStdString(d.unit));
    html += QStringLiteral("<dt><b>%1</b>%2 <i>(%3)</i></dt><dd>%4</dd>")
                .arg(metricLabel(key).toHtmlEscaped(), unit.toHtmlEscaped(), key, metricDefinition(key).toHtmlEscaped());
  }
  html += QStringLiteral("</dl>");
  return html;
}

QString MetricsView::metricLabel(const QString& key) {
  if (key == QLatin1String("maxAbsError")) return tr("max |e|");
  if (key == QLatin1String("rmsError")) return tr("RMS e");
  if (key == QLatin1String("steadyStateError")) return tr("e steady");
  if (key == QLatin1String("relativeErrorPercent")) return tr("rel. %");
  if (key == QLatin1String("displacement")) return tr("displacement");
  if (key == QLatin1String("rmsTorque")) return tr("RMS torque");
  if (key == QLatin1String("peakTorque")) return tr("peak torque");
  if (key == QLatin1String("finalMeasured")) return tr("final");
  if (key == QLatin1String("relativeErrorSegment")) return tr("segment");
  if (key == QLatin1String("relativeToFinalPercent")) return tr("rel. to final %");
  return {};
}

// The texts of sim::metricDefinitions() (sim/src/traces/metrics.cpp), word for word, so that lupdate
// finds them; test_metrics_view checks that the two stay the same.
QString MetricsView::metricDefinition(const QString& key) {
  if (key == QLatin1String("maxAbsError"))
    return tr("largest absolute tracking error over the run (Zanaboni 2009, Tables 10.3 and 10.4, maximum "
              "deviation). Joint error e = desired - actual; Cartesian error e = actual - desired (Table "
              "10.2), Euler angles wrapped to [-pi, pi].");
  if (key == QLatin1String("rmsError"))
    return tr("root mean square of the error over the run, weighted by time: sqrt(sum e^2 dt / sum dt) (an "
              "addition: the thesis has no RMS).");
  if (key == QLatin1String("steadyStateError"))
    return tr("mean error over the hold after the trajectory ends (the error of the last sample when the run "
              "has no hold).");
  if (key == QLatin1String("relativeErrorPercent"))
    return tr("relative error as Zanaboni 2009 defines it (Table 10.1): |error at the end of a segment| / "
              "|displacement of the segment| x 100, for each segment of the trajectory (between via points; "
              "the whole move for a single segment), and the largest over the segments is shown. The error at "
              "an interior via point is the tracking error when the reference passes it; for the last segment "
              "it is the steady-state error. The same definition for joints and Cartesian axes. n/a when the "
              "displacement is below 0.001 (1 mrad = 0.057 deg, or 1 mm): dividing by so small a move measures "
              "nothing.");
  if (key == QLatin1String("displacement"))
    return tr("final - initial desired joint value of the whole trajectory (Table 10.1); zero for a trajectory "
              "that returns to its start, which is why the relative error is taken per segment.");
  if (key == QLatin1String("rmsTorque"))
    return tr("root mean square of the applied joint torque (force), weighted by time.");
  if (key == QLatin1String("peakTorque"))
    return tr("largest absolute applied joint torque (force) over the run.");
  if (key == QLatin1String("finalMeasured"))
    return tr("actual Cartesian value at the end of the run (Table 10.2).");
  if (key == QLatin1String("relativeErrorSegment"))
    return tr("the segment (1 = the first) whose relative error is the largest, the one shown as "
              "relativeErrorPercent.");
  if (key == QLatin1String("relativeToFinalPercent"))
    return tr("Cartesian only: |steady-state error| / |final measured value| x 100, the denominator of the "
              "thesis's Table 10.2, kept for comparison with it. It depends on where the world origin is and "
              "is meaningless near 0: n/a when |final value| is below 0.001.");
  return {};
}

namespace {

/// The tooltip of a relative-error cell: the reason when n/a, else every segment.
QString segmentsToolTip(const std::vector<sim::SegmentError>& segs, int worst, sim::RelativeErrorStatus status) {
  if (status != sim::RelativeErrorStatus::Defined)
    return MetricsView::tr("n/a: %1").arg(MetricsView::relativeErrorReason(status));
  QStringList lines;
  lines << MetricsView::tr("Largest relative error over %n segment(s): segment %1.", nullptr, int(segs.size()))
               .arg(worst + 1);
  for (std::size_t k = 0; k < segs.size(); ++k) {
    const auto& s = segs[k];
    const QString span = MetricsView::tr("segment %1 (%2 s to %3 s)").arg(k + 1).arg(number(s.t0), number(s.t1));
    if (s.status == sim::RelativeErrorStatus::Defined)
      lines << MetricsView::tr("%1: |e| %2 / |displacement| %3 = %4 %")
                   .arg(span, number(std::abs(s.endError)), number(std::abs(s.displacement)),
                        number(s.relativeErrorPercent));
    else
      lines << MetricsView::tr("%1: n/a, %2").arg(span, MetricsView::relativeErrorReason(s.status));
  }
  return lines.join(QLatin1Char('\n'));
}

}  // namespace

void MetricsView::rebuild() {
  exportButton_->setText(tr("Export CSV..."));
  exportButton_->setToolTip(tr("Writes the table with every metric's definition in its header comments"));
  caption_->setText(tr("Joint errors e = q_d - q [rad or m], torques [N m or N]; Cartesian errors = actual - desired "
                       "[rad, m]; steady state over the hold after the trajectory; rel. % per segment (Zanaboni "
                       "2009). Hover a header for its definition, an n/a for its reason.") +
                    (runs_.size() >= 2 ? QLatin1Char(' ') + tr("Green: the better controller; ×F: its error is F times smaller.")
                                       : QString()));
  exportButton_->setEnabled(!runs_.empty());
  table_->clear();
  table_->clearSpans();
  jointRows_ = 0;
  cartesianRows_ = false;
  if (runs_.empty()) {
    table_->setRowCount(0);
    table_->setColumnCount(0);
    return;
  }
  std::size_t n = 0;
  bool anyCart = false;
  for (const auto& [name, m] : runs_) {
    n = std::max(n, m.joints.size());
    anyCart = anyCart || m.hasCartesian;
  }
  jointRows_ = int(n);
  cartesianRows_ = anyCart;
  const std::size_t rows = n + (anyCart ? 6 : 0);
  const int perRun = 1 + int(n) + (anyCart ? 7 : 0);
  table_->setColumnCount(kShownColumns);
  table_->setRowCount(int(runs_.size()) * perRun);
  QStringList vlabels;  // the logical rows' names
  for (std::size_t r = 0; r < n; ++r) vlabels << tr("joint %1").arg(r + 1);
  QStringList shortLabels;  // the rows' headers, short (a narrow dock)
  for (std::size_t r = 0; r < n; ++r) shortLabels << tr("joint %1", "metrics table row header (short)").arg(r + 1);
  if (anyCart)
    for (const char* a : sim::kCartesianAxisNames) shortLabels << QString::fromUtf8(a);
  if (anyCart)
    for (const char* a : sim::kCartesianAxisNames) vlabels << QString::fromUtf8(a);
  auto headerTip = [](const QString& key) {
    return QStringLiteral("<b>%1</b>: %2").arg(metricLabel(key).toHtmlEscaped(), metricDefinition(key).toHtmlEscaped());
  };
  for (int c = 0; c < kShownColumns; ++c) {
    const QString key = QLatin1String(kKeys[c]);
    // The torque columns' short headers (the full names are in the tooltips).
    auto* h = new QTableWidgetItem(c == 4   ? tr("RMS τ")
                                   : c == 5 ? tr("peak τ")
                                   : c == 2 ? tr("e steady", "metrics table column header (short)")
                                            : metricLabel(key));
    h->setToolTip(headerTip(key));
    table_->setHorizontalHeaderItem(c, h);
  }
  const QColor titleBackground = palette().color(QPalette::AlternateBase).darker(108);
  for (std::size_t k = 0; k < runs_.size(); ++k) {
    const int r0 = int(k) * perRun;
    // The controller's title row, across the columns (its size hint does not widen the first column).
    auto* title = new QTableWidgetItem(QString::fromStdString(runs_[k].first));
    QFont f = title->font();
    f.setBold(true);
    title->setFont(f);
    title->setBackground(titleBackground);
    title->setSizeHint(QSize(1, QFontMetrics(f).height() + 6));
    title->setFlags(Qt::ItemIsEnabled);
    table_->setItem(r0, 0, title);
    table_->setSpan(r0, 0, 1, kShownColumns);
    table_->setVerticalHeaderItem(r0, new QTableWidgetItem(QString()));
    for (std::size_t r = 0; r < rows; ++r) {
      const int shown = r0 + 1 + int(r) + (r >= n ? 1 : 0);
      auto* h = new QTableWidgetItem(shortLabels[int(r)]);
      h->setToolTip(vlabels[int(r)]);
      table_->setVerticalHeaderItem(shown, h);
    }
    if (anyCart) {  // the Cartesian axes' metrics: the same first four, then the final value
      const int h = r0 + 1 + int(n);
      table_->setVerticalHeaderItem(h, new QTableWidgetItem(QString()));
      for (int c = 0; c < kShownColumns; ++c) {
        const int key = c == 4 ? 6 : c;
        auto* it = new QTableWidgetItem(c == 5 ? QString() : metricLabel(QLatin1String(kKeys[key])));
        if (c != 5) it->setToolTip(headerTip(QLatin1String(kKeys[key])));
        it->setTextAlignment(Qt::AlignCenter);
        it->setFont(f);
        it->setBackground(titleBackground.lighter(104));
        it->setFlags(Qt::ItemIsEnabled);
        table_->setItem(h, c, it);
      }
    }
  }

  auto put = [&](std::size_t run, int row, int key, const QString& text, const QString& tip = {}) {
    auto* it = new QTableWidgetItem(text);
    it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (!tip.isEmpty()) it->setToolTip(tip);
    const int shown = int(run) * perRun + 1 + row + (row >= int(n) ? 1 : 0);
    table_->setItem(shown, shownColumn(key), it);
  };
  auto value = [](double v) { return std::isnan(v) ? QString() : number(v); };
  // What the better controller's cells show (markBetter below): the values of each error metric.
  std::vector<std::vector<std::array<double, kErrorKeys>>> errors(runs_.size(),
                                                                   std::vector<std::array<double, kErrorKeys>>(rows));
  for (auto& run : errors)
    for (auto& row : run) row.fill(std::numeric_limits<double>::quiet_NaN());
  for (std::size_t k = 0; k < runs_.size(); ++k) {
    const auto& [name, m] = runs_[k];
    for (std::size_t i = 0; i < m.joints.size(); ++i) {
      const sim::JointMetrics& j = m.joints[i];
      const int r = int(i);
      put(k, r, 0, value(j.maxAbsError));
      put(k, r, 1, value(j.rmsError));
      put(k, r, 2, value(j.steadyStateError));
      const bool noSamples = j.relativeErrorStatus == sim::RelativeErrorStatus::NoSamples;
      put(k, r, kRelativeColumn,
          j.relativeErrorStatus == sim::RelativeErrorStatus::Defined ? number(j.relativeErrorPercent)
          : noSamples                                                  ? QString()
                                                                       : tr("n/a"),
          noSamples ? QString() : segmentsToolTip(j.segments, j.relativeErrorSegment, j.relativeErrorStatus));
      errors[k][i] = {j.maxAbsError, j.rmsError, j.steadyStateError,
                      j.relativeErrorStatus == sim::RelativeErrorStatus::Defined ? j.relativeErrorPercent
                                                                                : std::numeric_limits<double>::quiet_NaN()};
      put(k, r, 4, value(j.rmsTorque));
      put(k, r, 5, value(j.peakTorque));
    }
    if (m.hasCartesian)
      for (std::size_t a = 0; a < 6; ++a) {
        const sim::CartesianAxisMetrics& x = m.cartesian[a];
        const int r = int(n + a);
        put(k, r, 0, value(x.maxAbsError));
        put(k, r, 1, value(x.rmsError));
        put(k, r, 2, value(x.steadyStateError));
        put(k, r, kRelativeColumn,
            x.relativeErrorStatus == sim::RelativeErrorStatus::Defined ? number(x.relativeErrorPercent) : tr("n/a"),
            segmentsToolTip(x.segments, x.relativeErrorSegment, x.relativeErrorStatus));
        put(k, r, 6, value(x.finalMeasured));
        errors[k][n + a] = {x.maxAbsError, x.rmsError, x.steadyStateError,
                            x.relativeErrorStatus == sim::RelativeErrorStatus::Defined
                                ? x.relativeErrorPercent
                                : std::numeric_limits<double>::quiet_NaN()};
      }
  }
  markBetter(errors, vlabels);
  table_->resizeRowsToContents();
}

/// With two controllers or more: per row and per error metric, the controller with the smallest |value|
/// is marked (green, bold, "×F better") when the next best is at least kBetterRatio times larger; the
/// tooltip says by how much and against which controller. Torques and final values are not ranked.
void MetricsView::markBetter(const std::vector<std::vector<std::array<double, kErrorKeys>>>& errors,
                             const QStringList& rowLabels) {
  if (runs_.size() < 2) return;
  for (int r = 0; r < rowCount(); ++r)
    for (int key = 0; key < kErrorKeys; ++key) {
      int best = -1, second = -1;
      for (int k = 0; k < int(runs_.size()); ++k) {
        const double v = std::abs(errors[std::size_t(k)][std::size_t(r)][std::size_t(key)]);
        if (!std::isfinite(v)) continue;
        auto at = [&](int i) { return std::abs(errors[std::size_t(i)][std::size_t(r)][std::size_t(key)]); };
        if (best < 0 || v < at(best)) {
          second = best;
          best = k;
        } else if (second < 0 || v < at(second)) {
          second = k;
        }
      }
      if (best < 0 || second < 0) continue;
      const double b = std::abs(errors[std::size_t(best)][std::size_t(r)][std::size_t(key)]);
      const double w = std::abs(errors[std::size_t(second)][std::size_t(r)][std::size_t(key)]);
      const double ratio = b > 0 ? w / b : std::numeric_limits<double>::infinity();
      if (!(ratio >= kBetterRatio)) continue;
      QTableWidgetItem* it = itemAt(r, best * kKeyCount + key);
      if (!it) continue;
      const QString factor = std::isfinite(ratio) ? betterFactor(ratio) : QStringLiteral("×∞");
      it->setText(tr("%1\n%2", "a better controller's value over its factor").arg(it->text(), factor));
      it->setData(kBetterRole, true);
      it->setBackground(QColor(198, 239, 206));
      it->setForeground(QColor(0, 97, 0));
      QFont f = it->font();
      f.setBold(true);
      it->setFont(f);
      const QString metric = metricLabel(QLatin1String(kKeys[key]));
      const QString bestName = QString::fromStdString(runs_[std::size_t(best)].first);
      const QString nextName = QString::fromStdString(runs_[std::size_t(second)].first);
      const QString tip =
          std::isfinite(ratio)
              ? tr("Better: %1 has %2 = %3 on %4, %5 has %6: %7 times smaller.")
                    .arg(bestName, metric, number(b), rowLabels.value(r), nextName, number(w), number(ratio))
              : tr("Better: %1 has %2 = 0 on %3, %4 has %5.").arg(bestName, metric, rowLabels.value(r), nextName, number(w));
      it->setToolTip(it->toolTip().isEmpty() ? tip : it->toolTip() + QStringLiteral("\n\n") + tip);
    }
}

QString MetricsView::betterFactor(double ratio) {
  return tr("×%1").arg(ratio < 10 ? QString::number(ratio, 'f', 1) : QString::number(std::round(ratio), 'f', 0));
}

bool MetricsView::isMarkedBetter(int row, int column) const {
  const auto* it = itemAt(row, column);
  return it && it->data(kBetterRole).toBool();
}

}  // namespace maniplab::ui
