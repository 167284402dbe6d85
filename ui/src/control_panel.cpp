#include "maniplab/ui/control_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

#include "maniplab/sim/control/controller_defaults.hpp"
#include "maniplab/sim/control/gain_design.hpp"
#include "maniplab/ui/diagnostic_text.hpp"
#include "maniplab/ui/trajectory_editor.hpp"

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

/// The record groups of a scene ("record", scenes/README.md) in the order of the check boxes.
constexpr const char* kRecordGroups[] = {"reference", "state", "error", "torque", "friction", "end_effector", "energy", "timing"};
bool* recordFlag(sim::RecordSelection& r, int i) {
  bool* flags[] = {&r.reference, &r.state, &r.error, &r.torque, &r.friction, &r.endEffector, &r.energy, &r.timing};
  return flags[i];
}

/// Resizes a per-joint vector to n (kept entries; new ones `pad`, or the last entry when pad is NaN).
bool resizeJointVector(VectorX& v, int n, const std::function<double(int)>& pad) {
  if (v.size() == 0 || v.size() == 1 || v.size() == n) return false;  // empty / one value: every joint
  VectorX out(n);
  for (int i = 0; i < n; ++i) out[i] = i < v.size() ? v[i] : pad(i);
  v = out;
  return true;
}

/// The per-joint vectors of the controllers follow the robot's joint count (operational-space gains are
/// per task axis and stay). A new joint gets the last joint's gains and its own effort limit.
bool adaptSpecs(std::vector<sim::ControllerSpec>& specs, const Model& model) {
  const int n = model.nq;
  bool changed = false;
  for (auto& s : specs) {
    auto last = [](const VectorX& v) { return [&v](int) { return v.size() > 0 ? v[v.size() - 1] : 0.0; }; };
    if (!isOperationalSpace(s)) {
      VectorX kp = s.kp, kv = s.kv;
      changed |= resizeJointVector(s.kp, n, last(kp));
      changed |= resizeJointVector(s.kv, n, last(kv));
    }
    VectorX ki = s.ki, tf = s.derivativeFilter, tt = s.trackingTime;
    changed |= resizeJointVector(s.ki, n, last(ki));
    changed |= resizeJointVector(s.derivativeFilter, n, last(tf));
    changed |= resizeJointVector(s.trackingTime, n, last(tt));
    changed |= resizeJointVector(s.saturation, n, [&model](int i) { return model.limits[std::size_t(i)].effort; });
  }
  return changed;
}

template <typename T> void resizeStd(std::vector<T>& v, int n) {
  if (v.empty() || int(v.size()) == n) return;
  const T last = v.back();
  v.resize(std::size_t(n), last);
}
}  // namespace

ControlPanel::ControlPanel(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  auto* scroll = new QScrollArea(this);
  scroll->setObjectName("controlPanelScroll");
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the tables scroll themselves
  scroll->setFrameShape(QFrame::NoFrame);
  outer->addWidget(scroll);
  auto* inner = new QWidget(scroll);
  scroll->setWidget(inner);
  auto* lay = new QVBoxLayout(inner);

  note_ = new QLabel(inner);
  note_->setObjectName("controlPanelNote");
  note_->setWordWrap(true);
  note_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  note_->setFrameShape(QFrame::StyledPanel);
  note_->setMargin(6);
  note_->hide();
  lay->addWidget(note_);

  // The group boxes top to bottom (their creation order is the tab order).
  lay->addWidget(buildTrajectoryBox(inner));
  lay->addWidget(buildRunBox(inner));
  lay->addWidget(buildGainBox(inner));
  lay->addWidget(buildDesignBox(inner));
  lay->addWidget(buildSimulationBox(inner));
  lay->addWidget(buildRecordBox(inner));
  lay->addStretch();

  connectEdits();
  rules_ = jointSpaceRules();
  retranslate();
}

QGroupBox* ControlPanel::buildTrajectoryBox(QWidget* inner) {
  trajBox_ = new QGroupBox(inner);
  auto* tl = new QVBoxLayout(trajBox_);
  trajectory_ = new TrajectoryEditor(trajBox_);
  trajectory_->setObjectName("trajectoryEditor");
  tl->addWidget(trajectory_);
  validateTimer_ = new QTimer(this);
  validateTimer_->setSingleShot(true);
  validateTimer_->setInterval(0);
  connect(validateTimer_, &QTimer::timeout, this, &ControlPanel::showTrajectoryProblems);
  return trajBox_;
}

QGroupBox* ControlPanel::buildRunBox(QWidget* inner) {
  runBox_ = new QGroupBox(inner);
  auto* rl = new QVBoxLayout(runBox_);
  checkLayout_ = new QVBoxLayout;
  checkLayout_->setSpacing(2);
  rl->addLayout(checkLayout_);
  addController_ = new QPushButton(runBox_);
  addController_->setObjectName("addControllerButton");
  auto* addMenu = new QMenu(addController_);
  for (const char* t : {"pid", "pd_gravity", "computed_torque", "operational_space", "zero"}) {
    auto* a = addMenu->addAction(QString());
    a->setObjectName(QStringLiteral("addController_") + QString::fromLatin1(t));
    a->setData(QString::fromLatin1(t));
    connect(a, &QAction::triggered, this, [this, t] { addController(QString::fromLatin1(t)); });
  }
  connect(addMenu, &QMenu::aboutToShow, this, [this, addMenu] {
    // The types of the rules shown (joint space: PID, PD + gravity, computed torque, operational space
    // with 6 joints).
    for (QAction* a : addMenu->actions()) {
      const std::string t = a->data().toString().toStdString();
      const auto& types = rules_.controllerTypes;
      a->setVisible(std::find(types.begin(), types.end(), t) != types.end());
      a->setEnabled(t != "operational_space" || dof_ == 6);
    }
  });
  addController_->setMenu(addMenu);
  auto* addRow = new QHBoxLayout;
  addRow->addWidget(addController_);
  addRow->addStretch();
  rl->addLayout(addRow);
  return runBox_;
}

QGroupBox* ControlPanel::buildGainBox(QWidget* inner) {
  gainBox_ = new QGroupBox(inner);
  auto* gl = new QVBoxLayout(gainBox_);
  auto* form = new QFormLayout;
  editedController_ = new QComboBox(gainBox_);
  editedController_->setObjectName("editedControllerCombo");
  editedLabel_ = new QLabel(gainBox_);
  form->addRow(editedLabel_, editedController_);
  perturbation_ = new QDoubleSpinBox(gainBox_);
  perturbation_->setObjectName("perturbationSpin");
  perturbation_->setRange(0, 99.99);  // the scene reader's [0, 100)
  perturbation_->setSuffix(QStringLiteral(" %"));
  perturbationLabel_ = new QLabel(gainBox_);
  form->addRow(perturbationLabel_, perturbation_);
  gl->addLayout(form);
  gains_ = new QTableWidget(0, 3, gainBox_);
  gains_->setObjectName("gainTable");
  gains_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  gains_->setMinimumHeight(150);
  gl->addWidget(gains_);
  return gainBox_;
}

QGroupBox* ControlPanel::buildDesignBox(QWidget* inner) {
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
  return designBox_;
}

QGroupBox* ControlPanel::buildSimulationBox(QWidget* inner) {
  simBox_ = new QGroupBox(inner);
  auto* sl = new QFormLayout(simBox_);
  simForm_ = sl;
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
  return simBox_;
}

QGroupBox* ControlPanel::buildRecordBox(QWidget* inner) {
  recordBox_ = new QGroupBox(inner);
  auto* rg = new QGridLayout(recordBox_);
  for (int i = 0; i < 8; ++i) {
    auto* cb = new QCheckBox(recordBox_);
    cb->setObjectName(QStringLiteral("record_") + QString::fromLatin1(kRecordGroups[i]));
    rg->addWidget(cb, i / 2, i % 2);
    record_.push_back(cb);
    connect(cb, &QCheckBox::toggled, this, [this] { edited(); });
  }
  return recordBox_;
}

void ControlPanel::connectEdits() {
  connect(trajectory_, &TrajectoryEditor::edited, this, &ControlPanel::trajectoryEdited);
  connect(trajectory_, &TrajectoryEditor::message, this, &ControlPanel::message);
  connect(editedController_, &QComboBox::currentIndexChanged, this, [this] { showGains(); });
  connect(gains_, &QTableWidget::cellChanged, this, &ControlPanel::cellEdited);
  connect(perturbation_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    const int c = editedController_->currentIndex();
    if (filling_ || c < 0 || std::size_t(c) >= specs_.size()) return;
    specs_[std::size_t(c)].perturbationPercent = v;
    emit settingsChanged();
  });
  connect(duration_, &QDoubleSpinBox::valueChanged, this, [this] {
    edited();
    if (!filling_) validateTimer_->start();  // the trajectory may now be longer than the run
  });
  connect(controlHz_, &QSpinBox::valueChanged, this, [this] { edited(); });
  connect(plantHz_, &QSpinBox::valueChanged, this, [this] { edited(); });
  connect(stepper_, &QComboBox::currentIndexChanged, this, [this] { edited(); });
  connect(noise_, &QDoubleSpinBox::valueChanged, this, [this] { edited(); });
  connect(applyTr_, &QPushButton::clicked, this, &ControlPanel::designFromResponseTime);
  connect(applyWn_, &QPushButton::clicked, this, &ControlPanel::designFromFrequency);
}

void ControlPanel::edited() {
  if (!filling_) emit settingsChanged();
}

void ControlPanel::setForm(Form form) {
  form_ = form;
  const bool fixed = form == Form::Fixed;
  for (QWidget* w : std::initializer_list<QWidget*>{trajBox_, runBox_, gainBox_, designBox_, recordBox_}) w->setVisible(!fixed);
  for (QWidget* w : std::initializer_list<QWidget*>{controlHz_, plantHz_, stepper_}) simForm_->setRowVisible(w, !fixed);
  simForm_->setRowVisible(noise_, !fixed && rules_.measurementNoise);
  if (!fixed) {
    note_->clear();
    note_->hide();
  }
}

QString ControlPanel::note() const { return note_->isHidden() ? QString() : note_->text(); }

void ControlPanel::showCommon(double duration, double controlPeriod, const sim::PlantOptions& plant,
                              const sim::RecordSelection& record) {
  duration_->setValue(duration);
  controlHz_->setValue(int(std::lround(1.0 / controlPeriod)));
  plantHz_->setValue(int(std::lround(1.0 / plant.period)));
  stepper_->setCurrentIndex(plant.stepper == sim::Stepper::Euler         ? 0
                            : plant.stepper == sim::Stepper::RungeKutta4 ? 1
                                                                         : 2);
  sim::RecordSelection rec = record;
  for (int i = 0; i < 8; ++i) record_[std::size_t(i)]->setChecked(*recordFlag(rec, i));
}

bool ControlPanel::checkRates(QString* error) const {
  const int ch = controlHz_->value(), ph = plantHz_->value();
  if (ph % ch == 0) return true;
  if (error) *error = tr("The plant rate (%1 Hz) must be a whole multiple of the control rate (%2 Hz)").arg(ph).arg(ch);
  return false;
}

void ControlPanel::applyCommon(double& duration, double& controlPeriod, sim::PlantOptions& plant,
                               sim::RecordSelection& record) const {
  const int ch = controlHz_->value(), ph = plantHz_->value();
  duration = duration_->value();
  // Keep the exact periods of the file when the rates were not changed.
  if (std::lround(1.0 / controlPeriod) != ch) controlPeriod = 1.0 / ch;
  if (std::lround(1.0 / plant.period) != ph) plant.period = 1.0 / ph;
  plant.stepper = stepper_->currentIndex() == 0   ? sim::Stepper::Euler
                  : stepper_->currentIndex() == 1 ? sim::Stepper::RungeKutta4
                                                  : sim::Stepper::DormandPrince5;
  for (int i = 0; i < 8; ++i) *recordFlag(record, i) = record_[std::size_t(i)]->isChecked();
}

ControlPanel::Rules ControlPanel::jointSpaceRules() const {
  Rules r;
  r.controllerTypes = {"pid", "pd_gravity", "computed_torque", "operational_space"};
  r.rowLabel = [](int row) { return tr("joint %1").arg(row + 1); };
  r.measurementNoise = true;
  r.checkTrajectory = [this](const nlohmann::json& trajectory, double duration) {
    sim::Scene s;
    s.file = context_.file;
    s.robot = context_.robot;
    if (context_.q0.size() == dof_) s.q0 = context_.q0;
    s.trajectory = trajectory;
    s.duration = duration;
    return sim::checkSceneTrajectory(s);
  };
  r.defaultController = [this](const std::string& type, const std::string& name, double responseTime) {
    return sim::defaultControllerSpec(type, name, context_.robot.model, responseTime);
  };
  return r;
}

void ControlPanel::edit(const Settings& settings, const Rules& rules, int dof) {
  filling_ = true;
  rules_ = rules;
  setForm(Form::Rules);
  context_ = sim::Scene();
  specs_ = settings.controllers;
  checked_.assign(specs_.size(), true);
  dof_ = dof;
  trajectory_->setOrthoglideTrajectory(settings.trajectory);  // the way-point form
  rebuildControllerList();
  editedController_->setCurrentIndex(specs_.empty() ? -1 : 0);
  showCommon(settings.duration, settings.controlPeriod, settings.plant, settings.record);
  noise_->setValue(0);
  filling_ = false;
  showGains();
  validateTimer_->stop();
  showTrajectoryProblems();
}

void ControlPanel::setRules(const Rules& rules) {
  if (form_ != Form::Rules) return;
  rules_ = rules;
  validateTimer_->stop();
  showTrajectoryProblems();
}

void ControlPanel::setFixedControl(const QString& note, double duration) {
  filling_ = true;
  rules_ = Rules();
  setForm(Form::Fixed);
  context_ = sim::Scene();
  specs_.clear();
  checked_.clear();
  dof_ = 0;
  rebuildControllerList();
  duration_->setValue(duration);
  note_->setText(note);
  note_->show();
  filling_ = false;
}

bool ControlPanel::settings(Settings& out, QString* error) const {
  auto fail = [&](const QString& m) {
    if (error) *error = m;
    return false;
  };
  if (form_ != Form::Rules) return fail(tr("The control panel shows another kind of scene: reload the scene"));
  if (!checkRates(error)) return false;
  const auto& types = rules_.controllerTypes;
  for (const auto& s : specs_)
    if (std::find(types.begin(), types.end(), s.type) == types.end())
      return fail(tr("Controller %1: this scene cannot run a %2 controller; remove it")
                      .arg(QString::fromStdString(s.name), QString::fromStdString(s.type)));
  const QString problems = trajectoryProblems();
  if (!problems.isEmpty()) return fail(tr("Trajectory: %1").arg(problems));
  out.controllers = specs_;
  out.trajectory = trajectory_->trajectory();
  applyCommon(out.duration, out.controlPeriod, out.plant, out.record);
  return true;
}

void ControlPanel::setScene(const sim::Scene& scene) {
  filling_ = true;
  context_ = scene;
  rules_ = jointSpaceRules();
  setForm(Form::JointSpace);
  specs_ = scene.controllers;
  checked_.assign(specs_.size(), true);
  dof_ = scene.robot.model.nq;
  // Gains of another joint count (a robot file of another size loaded into the scene) follow the robot;
  // such a trajectory is flagged by the validation.
  const bool adapted = adaptSpecs(specs_, scene.robot.model);
  trajectory_->setTrajectory(scene.trajectory, scene.robot.model);
  rebuildControllerList();
  editedController_->setCurrentIndex(specs_.empty() ? -1 : 0);  // a new scene: its first controller
  showCommon(scene.duration, scene.controlPeriod, scene.plant, scene.record);
  const auto& n = scene.plant.measurement.noiseStd;
  noise_->setValue(n.empty() ? 0.0 : n.front());
  filling_ = false;
  showGains();
  validateTimer_->stop();
  showTrajectoryProblems();
  if (adapted)
    emit message(tr("The controllers' per-joint gains were adapted to the robot's %n joint(s): check them", "", dof_));
}

void ControlPanel::setRobot(const RobotLoadResult& robot) {
  if (form_ != Form::JointSpace) return;
  const int n = robot.model.nq;
  const bool countChanged = n != dof_;
  context_.robot = robot;
  if (context_.q0.size() != n) context_.q0.resize(0), context_.qd0.resize(0);
  const bool trajectoryAdapted = trajectory_->setModel(robot.model);
  const bool gainsAdapted = adaptSpecs(specs_, robot.model);
  dof_ = n;
  showGains();
  validateTimer_->stop();
  showTrajectoryProblems();
  if (countChanged) {
    QString what = trajectoryAdapted && gainsAdapted ? tr("the trajectory and the gains were adapted")
                   : trajectoryAdapted               ? tr("the trajectory was adapted")
                   : gainsAdapted                    ? tr("the gains were adapted")
                                                     : tr("check the trajectory and the gains");
    const QString problems = trajectoryProblems();
    emit message(tr("The robot now has %n joint(s): %1 (a new joint starts at its home position with the last joint's "
                    "gains).", "", n)
                     .arg(what) +
                 (problems.isEmpty() ? QString() : QStringLiteral(" ") + tr("Trajectory: %1").arg(problems)));
  }
  if (trajectoryAdapted || gainsAdapted) emit settingsChanged();
}

void ControlPanel::rebuildControllerList() {
  for (QWidget* w : controllerRows_) {  // deferred: a row's remove button may be emitting clicked()
    w->hide();
    w->setParent(nullptr);
    w->deleteLater();
  }
  controllerRows_.clear();
  checks_.clear();
  const int edited = editedController_->currentIndex();
  const bool wasFilling = filling_;
  filling_ = true;
  editedController_->clear();
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    const QString name = QString::fromStdString(specs_[i].name);
    auto* row = new QWidget(runBox_);
    auto* hl = new QHBoxLayout(row);
    hl->setContentsMargins(0, 0, 0, 0);
    auto* cb = new QCheckBox(name + QStringLiteral(" (") + QString::fromStdString(specs_[i].type) + QStringLiteral(")"), row);
    cb->setObjectName(QStringLiteral("controllerCheck_%1").arg(i));
    cb->setChecked(checked_[i]);
    connect(cb, &QCheckBox::toggled, this, [this, i](bool on) {
      if (i < checked_.size()) checked_[i] = on;
    });
    hl->addWidget(cb, 1);
    auto* remove = new QToolButton(row);
    remove->setObjectName(QStringLiteral("removeController_%1").arg(i));
    remove->setIcon(style()->standardIcon(QStyle::SP_DialogDiscardButton));
    remove->setAutoRaise(true);
    remove->setEnabled(specs_.size() > 1);
    remove->setToolTip(specs_.size() > 1 ? tr("Remove %1").arg(name) : tr("A scene needs at least one controller"));
    connect(remove, &QToolButton::clicked, this, [this, i] { removeController(int(i)); });
    hl->addWidget(remove);
    checkLayout_->addWidget(row);
    controllerRows_.push_back(row);
    checks_.push_back(cb);
    editedController_->addItem(name);
  }
  editedController_->setCurrentIndex(std::clamp(edited, 0, int(specs_.size()) - 1));
  filling_ = wasFilling;
}

int ControlPanel::addController(const QString& type) {
  const std::string t = type.toStdString();
  if (form_ == Form::Fixed) {
    emit message(note());
    return -1;
  }
  const auto& types = rules_.controllerTypes;
  if (!rules_.otherTypeRefused.isEmpty() && t != "zero" && std::find(types.begin(), types.end(), t) == types.end()) {
    emit message(rules_.otherTypeRefused.arg(type));
    return -1;
  }
  if (t == "operational_space" && dof_ != 6) {
    emit message(tr("An operational-space controller needs a robot with 6 joints (this one has %1)").arg(dof_));
    return -1;
  }
  std::set<std::string> names;
  for (const auto& s : specs_) names.insert(s.name);
  std::string name = t;
  for (int k = 2; names.count(name); ++k) name = t + "_" + std::to_string(k);
  sim::ControllerSpec spec;
  try {
    if (!rules_.defaultController) throw std::invalid_argument("no default gains for this scene");
    spec = rules_.defaultController(t, name, responseTime_->value());
  } catch (const std::exception& e) {
    emit message(tr("Cannot add the controller: %1").arg(QString::fromStdString(e.what())));
    return -1;
  }
  specs_.push_back(spec);
  checked_.push_back(true);
  rebuildControllerList();
  const int index = int(specs_.size()) - 1;
  editedController_->setCurrentIndex(index);
  if (t == "zero")
    emit message(tr("Controller %1 added (zero torque: no gains)").arg(QString::fromStdString(name)));
  else
    emit message(tr("Controller %1 added, gains from the response time Tr = %2 s (Kp of %3: %4); edit them under Gains")
                     .arg(QString::fromStdString(name))
                     .arg(responseTime_->value())
                     .arg(rules_.rowLabel ? rules_.rowLabel(0) : QString::number(1))
                     .arg(spec.kp.size() > 0 ? spec.kp[0] : 0.0, 0, 'g', 5));
  emit settingsChanged();
  return index;
}

bool ControlPanel::removeController(int index) {
  if (index < 0 || std::size_t(index) >= specs_.size()) return false;
  if (specs_.size() <= 1) {
    emit message(tr("A scene needs at least one controller: %1 is kept").arg(QString::fromStdString(specs_.front().name)));
    return false;
  }
  const QString name = QString::fromStdString(specs_[std::size_t(index)].name);
  specs_.erase(specs_.begin() + index);
  checked_.erase(checked_.begin() + index);
  rebuildControllerList();
  showGains();
  emit message(tr("Controller %1 removed").arg(name));
  emit settingsChanged();
  return true;
}

QString ControlPanel::controllerName(int index) const {
  return index >= 0 && std::size_t(index) < specs_.size() ? QString::fromStdString(specs_[std::size_t(index)].name) : QString();
}

QString ControlPanel::controllerType(int index) const {
  return index >= 0 && std::size_t(index) < specs_.size() ? QString::fromStdString(specs_[std::size_t(index)].type) : QString();
}

void ControlPanel::trajectoryEdited() {
  validateTimer_->start();
  edited();
}

std::vector<Diagnostic> ControlPanel::validateTrajectory() const {
  if (form_ == Form::Fixed || !rules_.checkTrajectory) return {};
  return rules_.checkTrajectory(trajectory_->trajectory(), duration_->value());
}

void ControlPanel::showTrajectoryProblems() {
  if (form_ == Form::Fixed || (dof_ == 0 && trajectory_->trajectory().is_null())) return;
  trajectory_->showProblems(validateTrajectory());
}

QString ControlPanel::trajectoryProblems() const {
  QStringList lines;
  for (const Diagnostic& d : validateTrajectory())
    if (d.severity == Diagnostic::Severity::Error)
      lines << (d.path.empty() || d.path == "/trajectory" ? translatedMessage(d.detail())
                                                          : QString::fromStdString(d.path) + QStringLiteral(": ") + translatedMessage(d.detail()));
  return lines.join(QStringLiteral("; "));
}

void ControlPanel::showGains() {
  const bool wasFilling = filling_;
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
    for (int j = 0; j < dof_; ++j) rows << (rules_.rowLabel ? rules_.rowLabel(j) : QString::number(j + 1));
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
  filling_ = wasFilling;
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
  for (std::size_t i = 0; i < checked_.size(); ++i)
    if (checked_[i]) out.push_back(int(i));
  return out;
}

void ControlPanel::setControllerChecked(int index, bool on) {
  if (index >= 0 && std::size_t(index) < checks_.size()) checks_[std::size_t(index)]->setChecked(on);
}

double ControlPanel::duration() const { return duration_->value(); }

bool ControlPanel::applyTo(sim::Scene& scene, QString* error) const {
  auto fail = [&](const QString& m) {
    if (error) *error = m;
    return false;
  };
  const int n = scene.robot.model.nq;
  if (form_ != Form::JointSpace) return fail(tr("The control panel does not show a joint-space scene: reload the scene"));
  if (!checkRates(error)) return false;
  if (dof_ != n)
    return fail(tr("The control panel is set for %1 joint(s), the robot has %2: reload the scene").arg(dof_).arg(n));
  for (const auto& s : specs_)
    if (isOperationalSpace(s) && n != 6)
      return fail(tr("Controller %1: operational space needs a robot with 6 joints (this one has %2); remove it")
                      .arg(QString::fromStdString(s.name))
                      .arg(n));
  scene.controllers = specs_;
  scene.trajectory = trajectory_->trajectory();
  applyCommon(scene.duration, scene.controlPeriod, scene.plant, scene.record);
  auto& mo = scene.plant.measurement;
  const double noise = noise_->value();
  const double old = mo.noiseStd.empty() ? 0.0 : mo.noiseStd.front();
  if (noise != old) mo.noiseStd = noise > 0 ? std::vector<double>(std::size_t(n), noise) : std::vector<double>{};
  // Per-joint settings of a robot whose joint count changed follow it; the initial state restarts from
  // the trajectory's start.
  resizeStd(mo.noiseStd, n);
  resizeStd(mo.quantum, n);
  if (scene.q0.size() != n || scene.qd0.size() != n) {
    if (scene.q0.size() != n) scene.q0.resize(0);
    if (scene.qd0.size() != n) scene.qd0.resize(0);
  }
  // The trajectory passes the scene reader's checks (it is built, as for a run).
  QStringList problems;
  for (const Diagnostic& d : sim::checkSceneTrajectory(scene))
    if (d.severity == Diagnostic::Severity::Error)
      problems << (d.path.empty() || d.path == "/trajectory" ? translatedMessage(d.detail())
                                                             : QString::fromStdString(d.path) + QStringLiteral(": ") + translatedMessage(d.detail()));
  if (!problems.isEmpty()) return fail(tr("Trajectory: %1").arg(problems.join(QStringLiteral("; "))));
  return true;
}

void ControlPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void ControlPanel::retranslate() {
  trajBox_->setTitle(tr("Trajectory"));
  runBox_->setTitle(tr("Controllers to run"));
  addController_->setText(tr("Add controller"));
  addController_->setToolTip(tr("A new controller with default gains from the response time Tr of the gain design"));
  const QString addNames[] = {tr("PID (independent joints)"), tr("PD + gravity"), tr("Computed torque"),
                              tr("Operational space (6 joints)"), tr("Zero torque (free motion)")};
  if (auto* m = addController_->menu())
    for (int i = 0; i < m->actions().size() && i < 5; ++i) m->actions()[i]->setText(addNames[i]);
  gainBox_->setTitle(tr("Gains"));
  designBox_->setTitle(tr("Gain design (computed torque: e'' + Kv e' + Kp e = 0)"));
  simBox_->setTitle(tr("Simulation"));
  recordBox_->setTitle(tr("Recorded channels"));
  const QString recordNames[] = {tr("Reference q_d"), tr("State q, q'"), tr("Errors e"), tr("Torques"),
                                 tr("Friction"), tr("Tool pose"), tr("Energy"), tr("Timing")};
  for (std::size_t i = 0; i < record_.size(); ++i) record_[i]->setText(recordNames[i]);
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
  stepper_->setItemText(0, tr("Euler (Zanaboni 2009)"));
  stepper_->setItemText(1, tr("Runge-Kutta 4"));
  stepper_->setItemText(2, tr("Dormand-Prince 5(4)"));
  noiseLabel_->setText(tr("Encoder noise (std):"));
  if (dof_ > 0 && !filling_) showGains();
}

}  // namespace maniplab::ui
