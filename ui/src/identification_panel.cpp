#include "maniplab/ui/identification_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <qcustomplot.h>

#include <cmath>

#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/excitation.hpp"

namespace maniplab::ui {

namespace {
QString number(double v) { return QString::number(v, 'g', 6); }

}  // namespace

IdentificationPanel::IdentificationPanel(QWidget* parent) : QWidget(parent) {
  setObjectName("identificationPanel");
  auto* lay = new QVBoxLayout(this);
  robotLabel_ = new QLabel(this);
  robotLabel_->setWordWrap(true);
  lay->addWidget(robotLabel_);

  auto* row = new QHBoxLayout;
  modelLabel_ = new QLabel(this);
  modelCombo_ = new QComboBox(this);
  modelCombo_->setObjectName("identModelCombo");
  modelCombo_->addItems({QString(), QString()});
  row->addWidget(modelLabel_);
  row->addWidget(modelCombo_);
  row->addStretch(1);
  lay->addLayout(row);

  auto* buttons = new QGridLayout;
  excite_ = new QPushButton(this);
  excite_->setObjectName("identExciteButton");
  identifyRun_ = new QPushButton(this);
  identifyRun_->setObjectName("identRunButton");
  identifyCsv_ = new QPushButton(this);
  identifyCsv_->setObjectName("identCsvButton");
  compare_ = new QPushButton(this);
  compare_->setObjectName("identCompareButton");
  buttons->addWidget(excite_, 0, 0);
  buttons->addWidget(identifyRun_, 0, 1);
  buttons->addWidget(identifyCsv_, 1, 0);
  buttons->addWidget(compare_, 1, 1);
  lay->addLayout(buttons);
  useModel_ = new QCheckBox(this);
  useModel_->setObjectName("identUseModel");
  lay->addWidget(useModel_);

  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  lay->addWidget(summary_);

  table_ = new QTableWidget(this);
  table_->setObjectName("identTable");
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  table_->setColumnCount(5);
  lay->addWidget(table_, 2);

  auto* jrow = new QHBoxLayout;
  jointLabel_ = new QLabel(this);
  joint_ = new QSpinBox(this);
  joint_->setObjectName("identJointSpin");
  joint_->setRange(1, 1);
  jrow->addWidget(jointLabel_);
  jrow->addWidget(joint_);
  jrow->addStretch(1);
  lay->addLayout(jrow);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("identPlot");
  plot_->setMinimumHeight(180);
  plot_->legend->setVisible(true);
  lay->addWidget(plot_, 1);

  watcher_ = new QFutureWatcher<Outcome>(this);
  connect(watcher_, &QFutureWatcher<Outcome>::finished, this, [this] {
    apply(watcher_->result());
    updateButtons();
  });
  connect(excite_, &QPushButton::clicked, this, [this] { generateExcitation(); });
  connect(identifyRun_, &QPushButton::clicked, this, [this] {
    const auto rec = lastRun_;
    if (!rec) return;
    const int n = model_.nq;
    startAsync([rec, n] { return sim::traceFromRecorder(*rec, n, "last run"); });
  });
  connect(identifyCsv_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Identify from a CSV trace"), QString(),
                                                      tr("CSV traces (*.csv);;All files (*)"));
    if (path.isEmpty()) return;
    const int n = model_.nq;
    startAsync([path, n] { return sim::readIdentificationTrace(path.toStdString(), n); });
  });
  connect(compare_, &QPushButton::clicked, this, [this] { emit compareRequested(); });
  connect(useModel_, &QCheckBox::toggled, this, [this](bool on) { emit identifiedModelChanged(on && result_); });
  connect(joint_, qOverload<int>(&QSpinBox::valueChanged), this, [this] { plotJoint(); });
  retranslate();
  updateButtons();
}

IdentificationPanel::~IdentificationPanel() {
  if (watcher_) watcher_->waitForFinished();
}

void IdentificationPanel::setRobot(const Model& model, const QString& robotFile) {
  model_ = model;
  robotFile_ = robotFile;
  // A tree (Model::parent) is identified like a chain: its base parameters follow the chain's rules with the
  // parent a(j) for j-1 (base_parameters.hpp); only the count formula of the label is a chain's.
  tree_ = model.nq > 0 && !model.isChain();
  haveModel_ = model.nq > 0;
  result_.reset();
  base_ = {};
  trueBase_ = {};
  if (haveModel_) {
    try {
      base_ = symbolicBaseParameters(model_);
      trueBase_ = base_.values(standardParameters(model_).values);
    } catch (const std::exception& e) {
      emit message(tr("Base parameters: %1").arg(QString::fromStdString(e.what())));
    }
  }
  joint_->setRange(1, std::max(1, model_.nq));
  if (useModel_->isChecked()) useModel_->setChecked(false);
  retranslate();
  fillTable();
  plotJoint();
  updateButtons();
}

void IdentificationPanel::setLastRun(std::shared_ptr<const sim::Recorder> recorder, const QString& runName) {
  lastRun_ = std::move(recorder);
  lastRunName_ = runName;
  updateButtons();
}

bool IdentificationPanel::useIdentifiedModel() const { return useModel_->isChecked() && result_.has_value(); }

IdentificationPanel::Outcome IdentificationPanel::compute(const Model& model, const BaseParameterSet& base,
                                                          sim::IdentificationModel kind,
                                                          const sim::IdentificationTrace& trace) {
  Outcome o;
  try {
    sim::IdentificationOptions opt;
    opt.model = kind;
    const VectorX truth = standardParameters(model).values;
    o.result = sim::identify(model, trace, base, opt, &truth);
  } catch (const std::exception& e) {
    o.error = QString::fromStdString(e.what());
  }
  return o;
}

sim::IdentificationModel IdentificationPanel::modelKind() const {
  return modelCombo_->currentIndex() == 1 ? sim::IdentificationModel::Energy : sim::IdentificationModel::Dynamic;
}

void IdentificationPanel::startAsync(std::function<sim::IdentificationTrace()> load) {
  if (!haveModel_ || watcher_->isRunning()) return;
  summary_->setText(tr("Identifying..."));
  // The task owns copies of the model and base set (the user may load another robot meanwhile) and
  // touches no widget.
  watcher_->setFuture(QtConcurrent::run([model = model_, base = base_, kind = modelKind(), load]() -> Outcome {
    try {
      return compute(model, base, kind, load());
    } catch (const std::exception& e) {
      return Outcome{std::nullopt, QString::fromStdString(e.what())};
    }
  }));
  updateButtons();
}

bool IdentificationPanel::identifyRecorder(const sim::Recorder& recorder, QString* error) {
  Outcome o;
  try {
    o = compute(model_, base_, modelKind(), sim::traceFromRecorder(recorder, model_.nq, "last run"));
  } catch (const std::exception& e) {
    o.error = QString::fromStdString(e.what());
  }
  apply(o);
  if (error) *error = o.error;
  return o.result.has_value();
}

bool IdentificationPanel::identifyCsv(const QString& path, QString* error) {
  Outcome o;
  try {
    o = compute(model_, base_, modelKind(), sim::readIdentificationTrace(path.toStdString(), model_.nq));
  } catch (const std::exception& e) {
    o.error = QString::fromStdString(e.what());
  }
  apply(o);
  if (error) *error = o.error;
  return o.result.has_value();
}

void IdentificationPanel::apply(const Outcome& o) {
  if (!o.result) {
    result_.reset();
    summary_->setText(tr("Identification failed: %1").arg(o.error));
    emit message(tr("Identification failed: %1").arg(o.error));
    if (useModel_->isChecked()) useModel_->setChecked(false);
  } else {
    result_ = o.result;
    const auto& r = *result_;
    summary_->setText(tr("%1 model: %2 base parameters from %3 samples (%4 equations); condition number %5; "
                         "relative residual %6 %")
                          .arg(QString::fromStdString(r.model))
                          .arg(r.cols)
                          .arg(r.samplesUsed)
                          .arg(r.rows)
                          .arg(number(r.conditionNumber))
                          .arg(number(100 * r.relativeResidual)));
    emit message(tr("Identification done (%1 model, condition number %2)")
                     .arg(QString::fromStdString(r.model), number(r.conditionNumber)));
    if (useModel_->isChecked()) emit identifiedModelChanged(true);
  }
  fillTable();
  plotJoint();
  updateButtons();
}

std::optional<Model> IdentificationPanel::identifiedModel() const {
  if (!result_ || !haveModel_ || base_.count() == 0) return std::nullopt;
  return sim::identifiedModel(model_, base_, result_->estimate);
}

int IdentificationPanel::rowCount() const { return table_->rowCount(); }
QString IdentificationPanel::cellText(int row, int column) const {
  const QTableWidgetItem* it = table_->item(row, column);
  return it ? it->text() : QString();
}

void IdentificationPanel::fillTable() {
  table_->setHorizontalHeaderLabels(
      {tr("Base parameter"), tr("Expression"), tr("True value"), tr("Identified"), tr("σ relative %")});
  table_->setRowCount(base_.count());
  for (int r = 0; r < base_.count(); ++r) {
    const BaseParameter& p = base_.params[std::size_t(r)];
    QString identified, sigma;
    if (result_ && r < int(result_->params.size())) {
      identified = number(result_->params[std::size_t(r)].value);
      sigma = number(result_->params[std::size_t(r)].relStdDevPercent);
    }
    const QString cells[] = {QString::fromStdString(p.name), QString::fromStdString(p.expression),
                             r < trueBase_.size() ? number(trueBase_[r]) : QString(), identified, sigma};
    for (int c = 0; c < 5; ++c) {
      auto* it = new QTableWidgetItem(cells[c]);
      if (c >= 2) it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(r, c, it);
    }
  }
  table_->resizeColumnsToContents();
}

void IdentificationPanel::plotJoint() {
  plot_->clearGraphs();
  const int j = joint_->value() - 1;
  if (result_ && j >= 0 && j < result_->tauMeasured.cols() && result_->tFit.size() > 0) {
    const auto& r = *result_;
    QVector<double> t(r.tFit.size()), m(r.tFit.size()), p(r.tFit.size());
    for (Eigen::Index k = 0; k < r.tFit.size(); ++k) {
      t[k] = r.tFit[k];
      m[k] = r.tauMeasured(k, j);
      p[k] = r.tauPredicted(k, j);
    }
    QCPGraph* gm = plot_->addGraph();
    gm->setName(tr("measured τ%1").arg(j + 1));
    gm->setPen(QPen(QColor(31, 119, 180), 1.5));
    gm->setData(t, m, true);
    QCPGraph* gp = plot_->addGraph();
    gp->setName(tr("predicted Y_B π_B"));
    gp->setPen(QPen(QColor(214, 39, 40), 1.2, Qt::DashLine));
    gp->setData(t, p, true);
    plot_->rescaleAxes();
  }
  plot_->xAxis->setLabel(tr("t [s]"));
  plot_->yAxis->setLabel(tr("torque [N m or N]"));
  plot_->replot();
}

void IdentificationPanel::generateExcitation() {
  if (!haveModel_) return;
  const QString path = QFileDialog::getSaveFileName(this, tr("Save the excitation scene"),
                                                    QDir(QFileInfo(robotFile_).absolutePath()).filePath("excitation.json"),
                                                    tr("Scenes (*.json)"));
  if (path.isEmpty()) return;
  summary_->setText(tr("Optimising the excitation (condition number of the observation matrix)..."));
  QCoreApplication::processEvents();
  try {
    sim::ExcitationOptions opt;
    const sim::ExcitationResult r = sim::optimizeExcitation(model_, base_, opt);
    const QString robotRel = QFileInfo(path).absoluteDir().relativeFilePath(QFileInfo(robotFile_).absoluteFilePath());
    const std::string json = sim::excitationSceneJson(r, opt, robotRel.toStdString(), "excitation",
                                                      "Fourier excitation for identification (generated by ManipLab)");
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(json.data(), qint64(json.size())) != qint64(json.size()) || !f.commit()) {
      emit message(tr("Cannot write %1: %2").arg(path, f.errorString()));
      return;
    }
    summary_->setText(tr("Excitation saved (condition number %1, feasible: %2). Run it, then identify.")
                          .arg(number(r.conditionNumber), r.feasible ? tr("yes") : tr("no")));
    emit openSceneRequested(path);
  } catch (const std::exception& e) {
    emit message(tr("Excitation failed: %1").arg(QString::fromStdString(e.what())));
  }
}

void IdentificationPanel::updateButtons() {
  const bool busy = watcher_ && watcher_->isRunning();
  excite_->setEnabled(haveModel_ && !busy && base_.count() > 0);
  identifyRun_->setEnabled(haveModel_ && !busy && lastRun_ && lastRun_->rows() > 0);
  identifyCsv_->setEnabled(haveModel_ && !busy);
  useModel_->setEnabled(result_.has_value());
  compare_->setEnabled(result_.has_value() && !busy);
}

void IdentificationPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void IdentificationPanel::retranslate() {
  robotLabel_->setText(!haveModel_ ? tr("No robot")
                       : tree_     ? tr("%1 base parameters for %2, a tree (the rules on each branch, Khalil & Dombre 2002)")
                                     .arg(base_.count())
                                     .arg(QFileInfo(robotFile_).fileName())
                                   : tr("%1 base parameters (Belkoura 1993 rules; the count formula gives %2 inertial "
                                        "ones) for %3")
                                         .arg(base_.count())
                                         .arg(baseParameterCountFormula(model_).total)
                                         .arg(QFileInfo(robotFile_).fileName()));
  modelLabel_->setText(tr("Model:"));
  modelCombo_->setItemText(0, tr("Dynamic model (weighted least squares)"));
  modelCombo_->setItemText(1, tr("Energy model (no accelerations)"));
  excite_->setText(tr("Generate an excitation scene..."));
  identifyRun_->setText(tr("Identify the last run"));
  identifyCsv_->setText(tr("Identify a CSV trace..."));
  compare_->setText(tr("Compare computed torque before / after"));
  useModel_->setText(tr("Use the identified model in the model-based controllers"));
  jointLabel_->setText(tr("Torques of joint"));
  if (!result_) summary_->setText(tr("Run an exciting trajectory (or load a trace), then identify."));
  fillTable();
  plotJoint();
}

}  // namespace maniplab::ui
