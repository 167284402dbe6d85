// Guided sequential identification dialog (Belkoura 1993 ch. III §IV, corrected TH8 procedure of reference §8);
// see sequential_identification_dialog.hpp.
#include "maniplab/ui/sequential_identification_dialog.hpp"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <optional>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/sequential.hpp"

namespace maniplab::ui {

struct SequentialIdentificationDialog::Impl {
  Model model;
  bool valid = false;
  QString invalidReason;
  BaseParameterSet base;
  VectorX standard, truth;
  double scale = 1;
  std::vector<sim::SequentialStep> steps = sim::th8SequentialProcedure();
  std::optional<sim::SequentialIdentifier> id;
  int current = 0;
  double noise = 0;
  double worst = 0;
  QString status;

  QListWidget* list = nullptr;
  QTextBrowser* description = nullptr;
  QLabel* noiseLabel = nullptr;
  QDoubleSpinBox* noiseSpin = nullptr;
  QPushButton* run = nullptr;
  QPushButton* nextButton = nullptr;
  QPushButton* restartButton = nullptr;
  QPushButton* closeButton = nullptr;
  QLabel* statusLabel = nullptr;
  QTableWidget* table = nullptr;
};

SequentialIdentificationDialog::SequentialIdentificationDialog(QWidget* parent)
    : QDialog(parent), d(std::make_unique<Impl>()) {
  setObjectName("sequentialIdentificationDialog");
  resize(980, 640);
  auto* lay = new QVBoxLayout(this);
  auto* split = new QSplitter(Qt::Horizontal, this);
  d->list = new QListWidget(split);
  d->list->setObjectName("seqStepList");
  d->list->setMinimumWidth(260);
  for (const auto& s : d->steps) d->list->addItem(QString::fromStdString(s.title));
  auto* right = new QWidget(split);
  auto* rl = new QVBoxLayout(right);
  rl->setContentsMargins(0, 0, 0, 0);
  d->description = new QTextBrowser(right);
  d->description->setObjectName("seqDescription");
  d->description->setMinimumHeight(150);
  rl->addWidget(d->description, 1);
  auto* row = new QHBoxLayout;
  d->noiseLabel = new QLabel(right);
  d->noiseSpin = new QDoubleSpinBox(right);
  d->noiseSpin->setObjectName("seqNoise");
  d->noiseSpin->setDecimals(4);
  d->noiseSpin->setRange(0, 100);
  d->noiseSpin->setSingleStep(0.01);
  d->run = new QPushButton(right);
  d->run->setObjectName("seqRunStep");
  d->nextButton = new QPushButton(right);
  d->nextButton->setObjectName("seqNext");
  d->restartButton = new QPushButton(right);
  d->restartButton->setObjectName("seqRestart");
  row->addWidget(d->noiseLabel);
  row->addWidget(d->noiseSpin);
  row->addStretch(1);
  row->addWidget(d->restartButton);
  row->addWidget(d->run);
  row->addWidget(d->nextButton);
  rl->addLayout(row);
  d->statusLabel = new QLabel(right);
  d->statusLabel->setObjectName("seqStatus");
  d->statusLabel->setWordWrap(true);
  rl->addWidget(d->statusLabel);
  d->table = new QTableWidget(0, 6, right);
  d->table->setObjectName("seqResults");
  d->table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  d->table->horizontalHeader()->setStretchLastSection(true);
  d->table->verticalHeader()->setVisible(false);
  rl->addWidget(d->table, 2);
  split->addWidget(d->list);
  split->addWidget(right);
  split->setStretchFactor(1, 3);
  lay->addWidget(split, 1);
  auto* bottom = new QHBoxLayout;
  bottom->addStretch(1);
  d->closeButton = new QPushButton(this);
  bottom->addWidget(d->closeButton);
  lay->addLayout(bottom);

  connect(d->run, &QPushButton::clicked, this, [this] { runStep(); });
  connect(d->nextButton, &QPushButton::clicked, this, [this] { next(); });
  connect(d->restartButton, &QPushButton::clicked, this, [this] { restart(); });
  connect(d->closeButton, &QPushButton::clicked, this, &QDialog::accept);
  connect(d->noiseSpin, qOverload<double>(&QDoubleSpinBox::valueChanged), this, [this](double v) { d->noise = v; });
  connect(d->list, &QListWidget::currentRowChanged, this, [this](int r) {
    // browsing: any step can be read; only the next one can be run
    if (r >= 0 && r != d->current) {
      d->current = r;
      refresh();
    }
  });
  retranslate();
  refresh();
}

SequentialIdentificationDialog::~SequentialIdentificationDialog() = default;

bool SequentialIdentificationDialog::setRobot(const Model& model, QString* error) {
  d->model = model;
  d->valid = false;
  d->id.reset();
  d->invalidReason.clear();
  try {
    if (model.nq != 6)
      throw std::runtime_error(tr("the procedure is the TH8's (6 joints, R P P R R R); \"%1\" has %2 joints")
                                   .arg(QString::fromStdString(model.name))
                                   .arg(model.nq)
                                   .toStdString());
    d->base = symbolicBaseParameters(model, {true});
    for (const auto& s : d->steps)
      for (const auto& u : s.unknowns) {
        bool found = false;
        for (const auto& p : d->base.params) found = found || p.name == u;
        if (!found)
          throw std::runtime_error(tr("the procedure is the TH8's: \"%1\" has no base parameter %2 (step %3)")
                                       .arg(QString::fromStdString(model.name), QString::fromStdString(u),
                                            QString::fromStdString(s.title))
                                       .toStdString());
      }
    d->standard = standardParameters(model).values;
    d->truth = d->base.values(d->standard);
    d->scale = std::max(d->truth.cwiseAbs().maxCoeff(), 1e-300);
    d->valid = true;
  } catch (const std::exception& e) {
    d->invalidReason = QString::fromStdString(e.what());
  }
  restart();
  if (!d->valid) {
    d->status = d->invalidReason;
    refresh();
    if (error) *error = d->invalidReason;
  }
  return d->valid;
}

void SequentialIdentificationDialog::setNoise(double s) {
  d->noise = std::max(0.0, s);
  d->noiseSpin->setValue(d->noise);
}

int SequentialIdentificationDialog::stepCount() const { return int(d->steps.size()); }
int SequentialIdentificationDialog::currentStep() const { return d->current; }
int SequentialIdentificationDialog::stepsDone() const { return d->id ? int(d->id->steps().size()) : 0; }
double SequentialIdentificationDialog::worstRelativeError() const { return d->worst; }
QTableWidget* SequentialIdentificationDialog::resultsTable() const { return d->table; }
QString SequentialIdentificationDialog::descriptionText() const { return d->description->toPlainText(); }
QString SequentialIdentificationDialog::statusText() const { return d->statusLabel->text(); }

void SequentialIdentificationDialog::restart() {
  d->id.reset();
  if (d->valid) d->id.emplace(d->model, d->base, d->standard);
  d->current = 0;
  d->worst = 0;
  d->table->setRowCount(0);
  d->status = d->valid ? tr("Step 1 of %1: press \"Run step\".").arg(stepCount()) : d->invalidReason;
  refresh();
}

bool SequentialIdentificationDialog::runStep() {
  if (!d->valid || !d->id) {
    d->status = d->invalidReason.isEmpty() ? tr("No robot: open the TH8 (robots/th8.json) first.") : d->invalidReason;
    refresh();
    return false;
  }
  const int s = d->current;
  if (s != stepsDone()) {
    d->status = tr("The steps are run in order: run step %1 first.").arg(stepsDone() + 1);
    refresh();
    return false;
  }
  const auto& st = d->steps[std::size_t(s)];
  try {
    auto segs = sim::th8SequentialSegments(d->model, st, int(st.unknowns.size()) + 3, 1000);
    sim::addTorqueNoise(segs, d->noise, 1000 + std::uint64_t(s));
    const sim::SequentialStepResult& r = d->id->runStep(st, segs);
    for (std::size_t u = 0; u < st.unknowns.size(); ++u) {
      int b = 0;
      while (d->base.params[std::size_t(b)].name != st.unknowns[u]) ++b;
      const double v = r.values[int(u)], t = d->truth[b];
      const double rel = std::abs(v - t) / std::max(std::abs(t), 1e-3 * d->scale);
      d->worst = std::max(d->worst, rel);
      const int row = d->table->rowCount();
      d->table->insertRow(row);
      const QStringList cells = {QString::fromStdString(st.unknowns[u]), QString::number(s + 1), QString::number(v, 'g', 8),
                                 QString::number(t, 'g', 8), QString::number(rel, 'g', 3),
                                 QString::number(r.stdDev[int(u)], 'g', 3)};
      for (int c = 0; c < cells.size(); ++c) d->table->setItem(row, c, new QTableWidgetItem(cells[c]));
      d->table->item(row, 0)->setToolTip(QString::fromStdString(d->base.params[std::size_t(b)].expression));
    }
    d->table->scrollToBottom();
    d->status = tr("Step %1 done: %2 parameter(s) identified (condition number %3); worst relative error so far %4.")
                    .arg(s + 1)
                    .arg(st.unknowns.size())
                    .arg(r.conditionNumber, 0, 'g', 3)
                    .arg(d->worst, 0, 'g', 3);
    if (stepsDone() == stepCount())
      d->status += QLatin1Char(' ') + tr("All %1 steps done: %2 parameters identified.").arg(stepCount()).arg(d->table->rowCount());
    refresh();
    return true;
  } catch (const std::exception& e) {
    d->status = tr("Step %1 failed: %2").arg(s + 1).arg(QString::fromStdString(e.what()));
    refresh();
    return false;
  }
}

bool SequentialIdentificationDialog::next() {
  if (d->current + 1 >= stepCount() || d->current >= stepsDone()) return false;
  ++d->current;
  if (d->current == stepsDone()) d->status = tr("Step %1 of %2: press \"Run step\".").arg(d->current + 1).arg(stepCount());
  refresh();
  return true;
}

void SequentialIdentificationDialog::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) {
    retranslate();
    refresh();
  }
  QDialog::changeEvent(e);
}

void SequentialIdentificationDialog::retranslate() {
  setWindowTitle(tr("Sequential identification (Belkoura 1993, TH8, corrected)"));
  d->noiseLabel->setText(tr("Torque noise σ [N m, N]:"));
  d->run->setText(tr("Run step"));
  d->nextButton->setText(tr("Next"));
  d->restartButton->setText(tr("Restart"));
  d->closeButton->setText(tr("Close"));
  d->table->setHorizontalHeaderLabels(
      {tr("Parameter"), tr("Step"), tr("Identified"), tr("True"), tr("Relative error"), tr("Std dev")});
}

void SequentialIdentificationDialog::refresh() {
  const int s = std::clamp(d->current, 0, stepCount() - 1);
  const auto& st = d->steps[std::size_t(s)];
  {
    const QSignalBlocker block(d->list);
    d->list->setCurrentRow(s);
  }
  for (int i = 0; i < d->list->count(); ++i) {
    QFont f = d->list->item(i)->font();
    f.setBold(i < stepsDone());
    d->list->item(i)->setFont(f);
  }
  QStringList motion;
  for (std::size_t k = 0; k < st.moving.size(); ++k) {
    const int j = st.moving[k];
    const bool rev = d->model.nq > j ? d->model.isRevolute(j) : j != 1 && j != 2;
    motion << (st.constantVelocity[k] ? tr("joint %1 (%2) moves at constant velocity")
                                      : tr("joint %1 (%2) moves at variable velocity"))
                  .arg(j + 1)
                  .arg(rev ? tr("rotoid") : tr("prismatic"));
  }
  if (st.held >= 0)
    motion << tr("joint %1 is held at %2 different angles in [−1.2, 1.2] rad (one per test motion)")
                  .arg(st.held + 1)
                  .arg(st.unknowns.size() + 3);
  motion << tr("the other joints stay at 0");
  QStringList unknowns;
  for (const auto& u : st.unknowns) unknowns << QString::fromStdString(u);
  QString html = QStringLiteral("<h3>%1</h3>").arg(QString::fromStdString(st.title).toHtmlEscaped());
  html += QStringLiteral("<p><b>%1</b> %2.</p>").arg(tr("Motion:"), motion.join(QStringLiteral("; ")).toHtmlEscaped());
  html += QStringLiteral("<p><b>%1</b> %2 (%3)</p>")
              .arg(tr("Identifies:"), unknowns.join(QStringLiteral(", ")),
                   tr("%1 test motions of 1 s at 1 kHz").arg(st.unknowns.size() + 3));
  html += QStringLiteral("<p><b>%1</b><br><code>%2</code></p>")
              .arg(tr("Corrected equation (energy theorem 3.5, reference §8):"),
                   QString::fromStdString(st.equation).toHtmlEscaped());
  if (!st.correction.empty())
    html += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Erratum (printed in the thesis):"),
                                                       QString::fromStdString(st.correction).toHtmlEscaped());
  html += QStringLiteral("<p><i>%1</i></p>")
              .arg(tr("Joint works W_k and friction integrals by Simpson's rule; no accelerations. The rotor inertias "
                      "are taken from the motor data (the robot file).")
                       .toHtmlEscaped());
  d->description->setHtml(html);
  d->statusLabel->setText(d->status);
  d->run->setEnabled(d->valid && s == stepsDone());
  d->nextButton->setEnabled(s + 1 < stepCount() && s < stepsDone());
}

}  // namespace maniplab::ui
