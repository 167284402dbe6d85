#include "maniplab/ui/control_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "maniplab/sim/gain_design.hpp"

namespace maniplab::ui {

namespace {
VectorX* gainVector(sim::ControllerSpec& s, int column) {
  switch (column) {
    case 0: return &s.kp;
    case 1: return &s.kv;
    case 2: return &s.ki;
    default: return nullptr;
  }
}
const VectorX* gainVector(const sim::ControllerSpec& s, int column) {
  return gainVector(const_cast<sim::ControllerSpec&>(s), column);
}
bool isOperationalSpace(const sim::ControllerSpec& s) { return s.type == "operational_space"; }
double entry(const VectorX& v, int i) {
  if (v.size() == 0) return 0;
  return v.size() == 1 ? v[0] : (i < v.size() ? v[i] : 0);
}
}  // namespace

ControlPanel::ControlPanel(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  outer->addWidget(scroll);
  auto* inner = new QWidget(scroll);
  scroll->setWidget(inner);
  auto* lay = new QVBoxLayout(inner);

  runBox_ = new QGroupBox(inner);
  checkLayout_ = new QVBoxLayout(runBox_);
  lay->addWidget(runBox_);

  gainBox_ = new QGroupBox(inner);
  auto* gl = new QVBoxLayout(gainBox_);
  auto* form = new QFormLayout;
  editedController_ = new QComboBox(gainBox_);
  editedController_->setObjectName("editedControllerCombo");
  editedLabel_ = new QLabel(gainBox_);
  form->addRow(editedLabel_, editedController_);
  perturbation_ = new QDoubleSpinBox(gainBox_);
  perturbation_->setObjectName("perturbationSpin");
  perturbation_->setRange(0, 100);
  perturbation_->setSuffix(QStringLiteral(" %"));
  perturbationLabel_ = new QLabel(gainBox_);
  form->addRow(perturbationLabel_, perturbation_);
  gl->addLayout(form);
  gains_ = new QTableWidget(0, 3, gainBox_);
  gains_->setObjectName("gainTable");
  gains_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  gains_->setMinimumHeight(150);
  gl->addWidget(gains_);
  lay->addWidget(gainBox_);

  designBox_ = new QGroupBox(inner);
  auto* dl = new QFormLayout(designBox_);
  responseTime_ = new QDoubleSpinBox(designBox_);
  responseTime_->setObjectName("responseTimeSpin");
  responseTime_->setRange(0.001, 100);
  responseTime_->setDecimals(3);
  responseTime_->setValue(0.2);
  responseTime_->setSuffix(QStringLiteral(" s"));
  applyTr_ = new QPushButton(designBox_);
  applyTr_->setObjectName("applyResponseTimeButton");
  auto* trRow = new QHBoxLayout;
  trRow->addWidget(responseTime_);
  trRow->addWidget(applyTr_);
  trLabel_ = new QLabel(designBox_);
  dl->addRow(trLabel_, trRow);
  naturalFrequency_ = new QDoubleSpinBox(designBox_);
  naturalFrequency_->setRange(0.01, 10000);
  naturalFrequency_->setValue(20);
  naturalFrequency_->setSuffix(QStringLiteral(" rad/s"));
  damping_ = new QDoubleSpinBox(designBox_);
  damping_->setRange(0.0, 10);
  damping_->setSingleStep(0.1);
  damping_->setValue(1.0);
  applyWn_ = new QPushButton(designBox_);
  wnLabel_ = new QLabel(designBox_);
  zetaLabel_ = new QLabel(designBox_);
  dl->addRow(wnLabel_, naturalFrequency_);
  auto* zRow = new QHBoxLayout;
  zRow->addWidget(damping_);
  zRow->addWidget(applyWn_);
  dl->addRow(zetaLabel_, zRow);
  lay->addWidget(designBox_);

  simBox_ = new QGroupBox(inner);
  auto* sl = new QFormLayout(simBox_);
  duration_ = new QDoubleSpinBox(simBox_);
  duration_->setObjectName("durationSpin");
  duration_->setRange(0.001, 36000);
  duration_->setDecimals(3);
  duration_->setSuffix(QStringLiteral(" s"));
  durationLabel_ = new QLabel(simBox_);
  sl->addRow(durationLabel_, duration_);
  controlHz_ = new QSpinBox(simBox_);
  controlHz_->setObjectName("controlHzSpin");
  controlHz_->setRange(1, 100000);
  controlHz_->setSuffix(QStringLiteral(" Hz"));
  controlLabel_ = new QLabel(simBox_);
  sl->addRow(controlLabel_, controlHz_);
  plantHz_ = new QSpinBox(simBox_);
  plantHz_->setObjectName("plantHzSpin");
  plantHz_->setRange(1, 1000000);
  plantHz_->setSuffix(QStringLiteral(" Hz"));
  plantLabel_ = new QLabel(simBox_);
  sl->addRow(plantLabel_, plantHz_);
  stepper_ = new QComboBox(simBox_);
  stepper_->setObjectName("stepperCombo");
  stepper_->addItems({QString(), QString(), QString()});
  stepperLabel_ = new QLabel(simBox_);
  sl->addRow(stepperLabel_, stepper_);
  noise_ = new QDoubleSpinBox(simBox_);
  noise_->setObjectName("noiseSpin");
  noise_->setDecimals(7);
  noise_->setRange(0, 1);
  noise_->setSingleStep(1e-5);
  noiseLabel_ = new QLabel(simBox_);
  sl->addRow(noiseLabel_, noise_);
  lay->addWidget(simBox_);
  lay->addStretch();

  connect(editedController_, &QComboBox::currentIndexChanged, this, [this] { showGains(); });
  connect(gains_, &QTableWidget::cellChanged, this, &ControlPanel::cellEdited);
  connect(perturbation_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    const int c = editedController_->currentIndex();
    if (filling_ || c < 0 || std::size_t(c) >= specs_.size()) return;
    specs_[std::size_t(c)].perturbationPercent = v;
    emit settingsChanged();
  });
  connect(applyTr_, &QPushButton::clicked, this, &ControlPanel::designFromResponseTime);
  connect(applyWn_, &QPushButton::clicked, this, &ControlPanel::designFromFrequency);
  retranslate();
}

void ControlPanel::setScene(const sim::Scene& scene) {
  filling_ = true;
  specs_ = scene.controllers;
  dof_ = scene.robot.model.nq;
  for (auto* c : checks_) delete c;
  checks_.clear();
  editedController_->clear();
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    const QString name = QString::fromStdString(specs_[i].name);
    auto* cb = new QCheckBox(name + QStringLiteral(" (") + QString::fromStdString(specs_[i].type) + QStringLiteral(")"),
                             runBox_);
    cb->setObjectName(QStringLiteral("controllerCheck_%1").arg(i));
    cb->setChecked(true);
    checkLayout_->addWidget(cb);
    checks_.push_back(cb);
    editedController_->addItem(name);
  }
  duration_->setValue(scene.duration);
  controlHz_->setValue(int(std::lround(1.0 / scene.controlPeriod)));
  plantHz_->setValue(int(std::lround(1.0 / scene.plant.period)));
  stepper_->setCurrentIndex(scene.plant.stepper == sim::Stepper::Euler         ? 0
                            : scene.plant.stepper == sim::Stepper::RungeKutta4 ? 1
                                                                               : 2);
  const auto& n = scene.plant.measurement.noiseStd;
  noise_->setValue(n.empty() ? 0.0 : n.front());
  filling_ = false;
  showGains();
}

void ControlPanel::showGains() {
  filling_ = true;
  const int c = editedController_->currentIndex();
  const bool valid = c >= 0 && std::size_t(c) < specs_.size();
  // Operational-space gains are per Cartesian axis of the task [φ θ ψ X Y Z] (scene.hpp), not per joint.
  const bool cartesian = valid && isOperationalSpace(specs_[std::size_t(c)]);
  const int nRows = gainRows(c);
  gains_->setRowCount(nRows);
  QStringList rows;
  if (cartesian)
    rows << tr("rotation φ") << tr("rotation θ") << tr("rotation ψ") << tr("position X") << tr("position Y")
         << tr("position Z");
  else
    for (int j = 0; j < dof_; ++j) rows << tr("joint %1").arg(j + 1);
  gains_->setVerticalHeaderLabels(rows);
  const bool hasGains = valid && (specs_[std::size_t(c)].type == "pid" || specs_[std::size_t(c)].type == "pd_gravity" ||
                                  specs_[std::size_t(c)].type == "computed_torque" || cartesian);
  for (int j = 0; j < nRows; ++j)
    for (int k = 0; k < 3; ++k) {
      const VectorX* v = valid ? gainVector(specs_[std::size_t(c)], k) : nullptr;
      auto* it = new QTableWidgetItem(v ? QString::number(entry(*v, j), 'g', 8) : QString());
      const bool editable = hasGains && (k < 2 || specs_[std::size_t(c)].type == "pid");
      if (!editable) {
        it->setFlags(it->flags() & ~Qt::ItemIsEditable);
        it->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
      }
      gains_->setItem(j, k, it);
    }
  perturbation_->setValue(valid ? specs_[std::size_t(c)].perturbationPercent : 0);
  perturbation_->setEnabled(valid && specs_[std::size_t(c)].type != "pid" && specs_[std::size_t(c)].type != "zero");
  designBox_->setEnabled(valid && (specs_[std::size_t(c)].type == "computed_torque" ||
                                   specs_[std::size_t(c)].type == "pd_gravity" || cartesian));
  filling_ = false;
}

void ControlPanel::cellEdited(int row, int column) {
  if (filling_) return;
  const int c = editedController_->currentIndex();
  if (c < 0 || std::size_t(c) >= specs_.size()) return;
  bool ok = false;
  const double v = gains_->item(row, column)->text().trimmed().toDouble(&ok);
  if (!ok || !std::isfinite(v) || v < 0) {
    emit message(tr("Gain %1 of joint %2: '%3' is not a non-negative number")
                     .arg(gains_->horizontalHeaderItem(column) ? gains_->horizontalHeaderItem(column)->text() : QString())
                     .arg(row + 1)
                     .arg(gains_->item(row, column)->text()));
    QTimer::singleShot(0, this, [this] { showGains(); });
    return;
  }
  filling_ = true;  // the cell already shows the value: no refresh from inside cellChanged
  setGain(c, row, column, v);
  filling_ = false;
}

int ControlPanel::gainRows(int controller) const {
  if (controller < 0 || std::size_t(controller) >= specs_.size()) return dof_;
  return isOperationalSpace(specs_[std::size_t(controller)]) ? 6 : dof_;
}

void ControlPanel::setGain(int controller, int joint, int column, double value) {
  const int n = gainRows(controller);
  if (controller < 0 || std::size_t(controller) >= specs_.size() || joint < 0 || joint >= n) return;
  if (column == 2 && isOperationalSpace(specs_[std::size_t(controller)])) return;  // no integral term
  VectorX* v = gainVector(specs_[std::size_t(controller)], column);
  if (!v) return;
  if (v->size() != n) {  // expand a scalar (or empty) gain to one value per joint (or task axis)
    VectorX full(n);
    for (int j = 0; j < n; ++j) full[j] = entry(*v, j);
    *v = full;
  }
  (*v)[joint] = value;
  if (controller == editedController_->currentIndex() && !filling_) showGains();
  emit settingsChanged();
}

double ControlPanel::gain(int controller, int joint, int column) const {
  if (controller < 0 || std::size_t(controller) >= specs_.size()) return 0;
  const VectorX* v = gainVector(specs_[std::size_t(controller)], column);
  return v ? entry(*v, joint) : 0;
}

void ControlPanel::designFromResponseTime() {
  const int c = editedController_->currentIndex();
  const sim::PdGains g = sim::gainsFromResponseTime(responseTime_->value());
  for (int j = 0; j < gainRows(c); ++j) {
    setGain(c, j, 0, g.kp);
    setGain(c, j, 1, g.kv);
  }
  emit message(tr("Tr = %1 s: Kp = %2, Kv = %3 (double pole -4.73/Tr)")
                   .arg(responseTime_->value())
                   .arg(g.kp, 0, 'g', 5)
                   .arg(g.kv, 0, 'g', 5));
}

void ControlPanel::designFromFrequency() {
  const int c = editedController_->currentIndex();
  const sim::PdGains g = sim::gainsFromNaturalFrequency(naturalFrequency_->value(), damping_->value());
  for (int j = 0; j < gainRows(c); ++j) {
    setGain(c, j, 0, g.kp);
    setGain(c, j, 1, g.kv);
  }
  emit message(tr("wn = %1 rad/s, zeta = %2: Kp = %3, Kv = %4")
                   .arg(naturalFrequency_->value())
                   .arg(damping_->value())
                   .arg(g.kp, 0, 'g', 5)
                   .arg(g.kv, 0, 'g', 5));
}

std::vector<int> ControlPanel::selectedControllers() const {
  std::vector<int> out;
  for (std::size_t i = 0; i < checks_.size(); ++i)
    if (checks_[i]->isChecked()) out.push_back(int(i));
  return out;
}

void ControlPanel::setControllerChecked(int index, bool on) {
  if (index >= 0 && std::size_t(index) < checks_.size()) checks_[std::size_t(index)]->setChecked(on);
}

void ControlPanel::setDuration(double seconds) { duration_->setValue(seconds); }
double ControlPanel::duration() const { return duration_->value(); }

bool ControlPanel::applyTo(sim::Scene& scene, QString* error) const {
  auto fail = [&](const QString& m) {
    if (error) *error = m;
    return false;
  };
  const int ch = controlHz_->value(), ph = plantHz_->value();
  if (ph % ch != 0)
    return fail(tr("The plant rate (%1 Hz) must be a whole multiple of the control rate (%2 Hz)").arg(ph).arg(ch));
  if (specs_.size() != scene.controllers.size())
    return fail(tr("The control panel does not match the scene (reload the scene)"));
  scene.controllers = specs_;
  scene.duration = duration_->value();
  // Keep the exact periods of the file when the rates were not changed.
  if (std::lround(1.0 / scene.controlPeriod) != ch) scene.controlPeriod = 1.0 / ch;
  if (std::lround(1.0 / scene.plant.period) != ph) scene.plant.period = 1.0 / ph;
  scene.plant.stepper = stepper_->currentIndex() == 0   ? sim::Stepper::Euler
                        : stepper_->currentIndex() == 1 ? sim::Stepper::RungeKutta4
                                                        : sim::Stepper::DormandPrince5;
  const double n = noise_->value();
  auto& ns = scene.plant.measurement.noiseStd;
  const double old = ns.empty() ? 0.0 : ns.front();
  if (n != old) ns = n > 0 ? std::vector<double>(std::size_t(scene.robot.model.nq), n) : std::vector<double>{};
  return true;
}

void ControlPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void ControlPanel::retranslate() {
  runBox_->setTitle(tr("Controllers to run"));
  gainBox_->setTitle(tr("Gains"));
  designBox_->setTitle(tr("Gain design (computed torque: e'' + Kv e' + Kp e = 0)"));
  simBox_->setTitle(tr("Simulation"));
  editedLabel_->setText(tr("Controller:"));
  perturbationLabel_->setText(tr("Model perturbation:"));
  gains_->setHorizontalHeaderLabels({tr("Kp"), tr("Kv / Kd"), tr("Ki")});
  trLabel_->setText(tr("Response time Tr:"));
  applyTr_->setText(tr("Set Kp, Kv"));
  wnLabel_->setText(tr("Natural frequency:"));
  zetaLabel_->setText(tr("Damping:"));
  applyWn_->setText(tr("Set Kp, Kv"));
  durationLabel_->setText(tr("Duration:"));
  controlLabel_->setText(tr("Control rate:"));
  plantLabel_->setText(tr("Plant rate:"));
  stepperLabel_->setText(tr("Stepper:"));
  stepper_->setItemText(0, tr("Euler (seed 003)"));
  stepper_->setItemText(1, tr("Runge-Kutta 4"));
  stepper_->setItemText(2, tr("Dormand-Prince 5(4)"));
  noiseLabel_->setText(tr("Encoder noise (std):"));
  if (dof_ > 0 && !filling_) showGains();
}

}  // namespace maniplab::ui
