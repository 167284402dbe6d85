// The control panel's trajectory form (trajectory_editor.hpp): a view of a scene's trajectory object.
#include "maniplab/ui/trajectory_editor.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/umis_inverse_kinematics.hpp"
#include "trajectory_editor_common.hpp"

namespace maniplab::ui {

using nlohmann::json;

namespace {

using trajectory_form::kDeg;
using trajectory_form::member;
using trajectory_form::numberOr;

enum Page { JointPage = 0, ViaPage = 1, CartesianPage = 2, ReadOnlyPage = 3, WayPointPage = 4 };

bool isPositionKey(const std::string& key) { return key == "from" || key == "to" || key == "q" || key == "q0"; }

/// A joint vector as the scene reader understands it ("home", one number for every joint, or one value
/// per joint), for display and editing; what the reader would refuse shows the home position / `fill`.
VectorX jointValues(const json* v, const Model& m, bool position, double fill) {
  const int n = m.nq;
  const VectorX home = m.home.size() == n ? m.home : VectorX(VectorX::Zero(n));
  VectorX out = position ? home : VectorX(VectorX::Constant(n, fill));
  if (!v) return out;
  if (v->is_number()) return VectorX::Constant(n, v->get<double>());
  if (v->is_array())
    for (int i = 0; i < n && std::size_t(i) < v->size(); ++i)
      if ((*v)[std::size_t(i)].is_number()) out[i] = (*v)[std::size_t(i)].get<double>();
  return out;
}

json toJson(const VectorX& v) {
  json a = json::array();
  for (int i = 0; i < v.size(); ++i) a.push_back(v[i]);
  return a;
}

/// The via points of a via_points object, each of the model's joint count (normalised for editing).
void viaPoints(const json& t, const Model& m, std::vector<VectorX>& points, std::vector<double>& times) {
  points.clear();
  times.clear();
  const json* p = member(t, "points");
  const json* ts = member(t, "times");
  if (p && p->is_array())
    for (const auto& x : *p) points.push_back(jointValues(&x, m, true, 0));
  for (std::size_t i = 0; i < points.size(); ++i)
    times.push_back(ts && ts->is_array() && i < ts->size() && (*ts)[i].is_number() ? (*ts)[i].get<double>() : double(i));
}

/// A Cartesian pose {xyz, euler_xyz} as [X Y Z φ θ ψ] (missing values 0).
Vector6 cartesianPose(const json& t, const char* key) {
  Vector6 out = Vector6::Zero();
  const json* p = member(t, key);
  if (!p || !p->is_object()) return out;
  for (int k = 0; k < 2; ++k) {
    const json* v = member(*p, k == 0 ? "xyz" : "euler_xyz");
    if (!v || !v->is_array()) continue;
    for (int i = 0; i < 3 && std::size_t(i) < v->size(); ++i)
      if ((*v)[std::size_t(i)].is_number()) out[3 * k + i] = (*v)[std::size_t(i)].get<double>();
  }
  return out;
}

/// The way-points and segment durations of an Orthoglide "cartesian_points" object, for display and
/// editing (what the reader would refuse shows 0; the reader's checks say why).
void wayPoints(const json& t, std::vector<Vector3>& points, std::vector<double>& durations) {
  points.clear();
  durations.clear();
  const json* p = member(t, "points");
  const json* d = member(t, "durations");
  if (p && p->is_array())
    for (const auto& x : *p) {
      Vector3 v = Vector3::Zero();
      if (x.is_array())
        for (int i = 0; i < 3 && std::size_t(i) < x.size(); ++i)
          if (x[std::size_t(i)].is_number()) v[i] = x[std::size_t(i)].get<double>();
      points.push_back(v);
    }
  if (d && d->is_array())
    for (const auto& x : *d) durations.push_back(x.is_number() ? x.get<double>() : 0.0);
}

json wayPointsJson(const std::vector<Vector3>& points) {
  json a = json::array();
  for (const Vector3& v : points) a.push_back({v[0], v[1], v[2]});
  return a;
}

/// Six significant digits are shown (0.001° or better); an edit changes only the cell typed in, the
/// others keep their full precision in the trajectory object.
void setItem(QTableWidget* t, int row, int column, double value) {
  auto* it = new QTableWidgetItem(QString::number(value, 'g', 6));
  t->setItem(row, column, it);
}

/// A table tall enough for its rows (up to 8: more scroll inside it), so that the panel does not squeeze it.
void fitRows(QTableWidget* t) {
  const int rows = std::min(t->rowCount(), 8);
  int h = t->horizontalHeader()->isVisible() ? t->horizontalHeader()->sizeHint().height() : 0;
  for (int r = 0; r < rows; ++r) h += t->rowHeight(r);
  h += 2 * t->frameWidth() + (t->horizontalScrollBar()->isVisible() ? t->horizontalScrollBar()->sizeHint().height() : 0);
  t->setMinimumHeight(std::max(80, h + 2));
  t->setMaximumHeight(t->minimumHeight() + (t->rowCount() > 8 ? 0 : 24));
}

QTableWidget* makeTable(QWidget* parent, const char* name) {
  auto* t = new QTableWidget(parent);
  t->setObjectName(QString::fromLatin1(name));
  t->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  t->horizontalHeader()->setMinimumSectionSize(48);
  t->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  t->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  return t;
}

}  // namespace

QStringList TrajectoryEditor::types() {
  return {QStringLiteral("quintic"),        QStringLiteral("trapezoidal"), QStringLiteral("via_points"),
          QStringLiteral("hold"),           QStringLiteral("cartesian_line"), QStringLiteral("fourier"),
          QStringLiteral("umis_thesis_line")};
}

TrajectoryEditor::TrajectoryEditor(QWidget* parent) : QWidget(parent) {
  auto* lay = new QVBoxLayout(this);
  lay->setContentsMargins(0, 0, 0, 0);
  auto* top = new QFormLayout;
  type_ = new QComboBox(this);
  type_->setObjectName("trajectoryTypeCombo");
  for (const QString& t : types()) type_->addItem(QString(), t);
  typeLabel_ = new QLabel(this);
  top->addRow(typeLabel_, type_);
  lay->addLayout(top);

  // The pages in the order of Page.
  pages_ = new QStackedWidget(this);
  // Joint page (quintic, trapezoidal, hold): one row per joint.
  jointTable_ = makeTable(pages_, "trajectoryJointTable");
  pages_->addWidget(jointTable_);
  pages_->addWidget(buildViaPage());
  pages_->addWidget(buildCartesianPage());
  pages_->addWidget(buildReadOnlyPage());
  pages_->addWidget(buildWayPointPage());
  lay->addWidget(pages_);

  durationRow_ = new QWidget(this);
  auto* dl = new QFormLayout(durationRow_);
  dl->setContentsMargins(0, 0, 0, 0);
  duration_ = new QDoubleSpinBox(durationRow_);
  duration_->setObjectName("trajectoryDurationSpin");
  duration_->setRange(0, 36000);
  duration_->setDecimals(3);
  duration_->setSingleStep(0.1);
  duration_->setSuffix(QStringLiteral(" s"));
  durationLabel_ = new QLabel(durationRow_);
  dl->addRow(durationLabel_, duration_);
  lay->addWidget(durationRow_);

  status_ = new QLabel(this);
  status_->setObjectName("trajectoryStatus");
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->hide();
  lay->addWidget(status_);

  limitWarning_ = new QLabel(this);
  limitWarning_->setObjectName("trajectoryLimitWarning");
  limitWarning_->setWordWrap(true);
  limitWarning_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  limitWarning_->setStyleSheet(QStringLiteral("QLabel { color: #7a4b00; background: #fff1c9; border: 1px solid #e0b040; "
                                              "padding: 3px; }"));
  limitWarning_->hide();
  lay->addWidget(limitWarning_);

  connectEdits();
  retranslate();
}

// Via points: one column per point (time, then the joints).
QWidget* TrajectoryEditor::buildViaPage() {
  auto* via = new QWidget(pages_);
  auto* vl = new QVBoxLayout(via);
  vl->setContentsMargins(0, 0, 0, 0);
  viaTable_ = makeTable(via, "viaPointTable");
  viaTable_->horizontalHeader()->setMinimumSectionSize(60);  // more points than fit: it scrolls
  vl->addWidget(viaTable_);
  auto* vb = new QHBoxLayout;
  addPoint_ = new QPushButton(via);
  addPoint_->setObjectName("addViaPointButton");
  removePoint_ = new QPushButton(via);
  removePoint_->setObjectName("removeViaPointButton");
  vb->addWidget(addPoint_);
  vb->addWidget(removePoint_);
  vb->addStretch();
  vl->addLayout(vb);
  return via;
}

// Cartesian line: poses as columns (from, to).
QWidget* TrajectoryEditor::buildCartesianPage() {
  auto* cart = new QWidget(pages_);
  auto* cl = new QVBoxLayout(cart);
  cl->setContentsMargins(0, 0, 0, 0);
  cartesianTable_ = makeTable(cart, "cartesianTable");
  cartesianTable_->setRowCount(6);
  cartesianTable_->setColumnCount(2);
  cl->addWidget(cartesianTable_);
  auto* cf = new QFormLayout;
  samplePeriod_ = new QDoubleSpinBox(cart);
  samplePeriod_->setObjectName("cartesianSamplePeriodSpin");
  samplePeriod_->setRange(0, 1);
  samplePeriod_->setDecimals(4);
  samplePeriod_->setSingleStep(0.0005);
  samplePeriod_->setSuffix(QStringLiteral(" s"));
  sampleLabel_ = new QLabel(cart);
  cf->addRow(sampleLabel_, samplePeriod_);
  ik_ = new QComboBox(cart);
  ik_->setObjectName("cartesianIkCombo");
  for (const char* k : {"auto", "umis", "numeric"}) ik_->addItem(QString(), QString::fromLatin1(k));
  ikLabel_ = new QLabel(cart);
  cf->addRow(ikLabel_, ik_);
  cl->addLayout(cf);
  return cart;
}

// Read-only (fourier, umis_thesis_line).
QWidget* TrajectoryEditor::buildReadOnlyPage() {
  auto* ro = new QWidget(pages_);
  auto* rl = new QVBoxLayout(ro);
  rl->setContentsMargins(0, 0, 0, 0);
  readOnlyNote_ = new QLabel(ro);
  readOnlyNote_->setWordWrap(true);
  rl->addWidget(readOnlyNote_);
  readOnly_ = new QPlainTextEdit(ro);
  readOnly_->setObjectName("trajectoryReadOnlyText");
  readOnly_->setReadOnly(true);
  readOnly_->setMaximumHeight(140);
  readOnly_->setLineWrapMode(QPlainTextEdit::NoWrap);
  rl->addWidget(readOnly_);
  return ro;
}

// Orthoglide way-points: one row per point (X, Y, Z, duration of the segment arriving there).
QWidget* TrajectoryEditor::buildWayPointPage() {
  auto* way = new QWidget(pages_);
  auto* wl = new QVBoxLayout(way);
  wl->setContentsMargins(0, 0, 0, 0);
  wayPointNote_ = new QLabel(way);
  wayPointNote_->setWordWrap(true);
  wl->addWidget(wayPointNote_);
  wayPointTable_ = makeTable(way, "wayPointTable");
  wayPointTable_->setColumnCount(4);
  wl->addWidget(wayPointTable_);
  auto* wb = new QHBoxLayout;
  addWayPoint_ = new QPushButton(way);
  addWayPoint_->setObjectName("addWayPointButton");
  removeWayPoint_ = new QPushButton(way);
  removeWayPoint_->setObjectName("removeWayPointButton");
  wb->addWidget(addWayPoint_);
  wb->addWidget(removeWayPoint_);
  wb->addStretch();
  wl->addLayout(wb);
  return way;
}

void TrajectoryEditor::connectEdits() {
  connect(type_, &QComboBox::currentIndexChanged, this, &TrajectoryEditor::typeChosen);
  connect(jointTable_, &QTableWidget::cellChanged, this, &TrajectoryEditor::jointCellEdited);
  connect(viaTable_, &QTableWidget::cellChanged, this, &TrajectoryEditor::viaCellEdited);
  connect(cartesianTable_, &QTableWidget::cellChanged, this, &TrajectoryEditor::cartesianCellEdited);
  connect(wayPointTable_, &QTableWidget::cellChanged, this, &TrajectoryEditor::wayPointCellEdited);
  connect(addWayPoint_, &QPushButton::clicked, this, &TrajectoryEditor::addWayPoint);
  connect(removeWayPoint_, &QPushButton::clicked, this, [this] { removeWayPoint(); });
  connect(addPoint_, &QPushButton::clicked, this, &TrajectoryEditor::addViaPoint);
  connect(removePoint_, &QPushButton::clicked, this, &TrajectoryEditor::removeViaPoint);
  connect(duration_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    if (filling_) return;
    if (type() == QStringLiteral("hold") && v == 0)
      current_.erase("duration");  // the whole run
    else
      current_["duration"] = v;
    changed();
  });
  connect(samplePeriod_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    if (filling_) return;
    if (v == 0)
      current_.erase("sample_period");  // the trajectory's default
    else
      current_["sample_period"] = v;
    changed();
  });
  connect(ik_, &QComboBox::currentIndexChanged, this, [this](int i) {
    if (filling_ || i < 0) return;
    current_["ik"] = ik_->itemData(i).toString().toStdString();
    changed();
  });
}

QString TrajectoryEditor::type() const {
  const json* t = member(current_, "type");
  return t && t->is_string() ? QString::fromStdString(t->get<std::string>()) : QString();
}

void TrajectoryEditor::setTypeItems(bool orthoglide) {
  const bool wasFilling = filling_;
  filling_ = true;
  orthoglide_ = orthoglide;
  type_->clear();
  for (const QString& t : orthoglide ? QStringList{QStringLiteral("cartesian_points")} : types()) type_->addItem(QString(), t);
  type_->setEnabled(!orthoglide);  // an Orthoglide scene has one type
  retranslate();                   // (no refill: the caller shows its trajectory)
  filling_ = wasFilling;
}

void TrajectoryEditor::setOrthoglideTrajectory(const json& trajectory) {
  if (!orthoglide_) setTypeItems(true);
  model_ = Model();
  current_ = trajectory;
  shown_.clear();
  shown_[type().toStdString()] = current_;
  fill();
}

void TrajectoryEditor::setTrajectory(const json& trajectory, const Model& model) {
  if (orthoglide_) setTypeItems(false);
  model_ = model;
  current_ = trajectory;
  shown_.clear();
  shown_[type().toStdString()] = current_;
  fill();
}

bool TrajectoryEditor::setModel(const Model& model) {
  if (orthoglide_) return false;  // way-points in R_0: no joints to follow
  const int n = model.nq;
  const bool sameCount = model_.nq == n;
  model_ = model;
  if (sameCount) {
    fill();
    return false;
  }
  const VectorX home = model.home.size() == n ? model.home : VectorX(VectorX::Zero(n));
  bool adapted = false;
  auto resize = [&](json& v, bool position) {
    if (!v.is_array() || int(v.size()) == n) return;
    json out = json::array();
    for (int i = 0; i < n; ++i)
      out.push_back(std::size_t(i) < v.size() ? v[std::size_t(i)]
                    : position          ? json(home[i])
                    : v.empty()         ? json(1.0)
                                        : v.back());
    v = out;
    adapted = true;
  };
  auto adapt = [&](json& t) {
    if (!t.is_object()) return;
    for (const char* k : {"from", "to", "q", "q0", "max_velocity", "max_acceleration"})
      if (t.contains(k)) resize(t[k], isPositionKey(k));
    if (t.contains("points") && t["points"].is_array())
      for (auto& p : t["points"]) resize(p, true);
    for (const char* k : {"a", "b"}) {  // Fourier: a new joint gets zero coefficients
      if (!t.contains(k) || !t[k].is_array() || int(t[k].size()) == n) continue;
      const std::size_t L = !t[k].empty() && t[k][0].is_array() ? t[k][0].size() : 0;
      json out = json::array();
      for (int i = 0; i < n; ++i)
        out.push_back(std::size_t(i) < t[k].size() ? t[k][std::size_t(i)] : json(std::vector<double>(L, 0.0)));
      t[k] = out;
      adapted = true;
    }
  };
  adapt(current_);
  for (auto& [k, t] : shown_) adapt(t);
  fill();
  return adapted;
}

void TrajectoryEditor::setType(const QString& t) {
  const int i = type_->findData(t);
  if (i >= 0) type_->setCurrentIndex(i);
}

void TrajectoryEditor::typeChosen(int index) {
  if (filling_ || index < 0) return;
  const std::string next = type_->itemData(index).toString().toStdString();
  const std::string now = type().toStdString();
  if (next == now) return;
  shown_[now] = current_;
  const auto it = shown_.find(next);
  current_ = it != shown_.end() ? it->second : synthesize(next);
  shown_[next] = current_;
  fill();
  emit edited();
}

json TrajectoryEditor::synthesize(const std::string& next) const {
  const Model& m = model_;
  const int n = m.nq;
  const std::string now = type().toStdString();
  VectorX start = jointValues(nullptr, m, true, 0), goal = start;
  double d = numberOr(current_, "duration", 2.0);
  if (now == "quintic" || now == "trapezoidal") {
    start = jointValues(member(current_, "from"), m, true, 0);
    goal = jointValues(member(current_, "to"), m, true, 0);
  } else if (now == "via_points") {
    std::vector<VectorX> pts;
    std::vector<double> times;
    viaPoints(current_, m, pts, times);
    if (!pts.empty()) start = pts.front(), goal = pts.back();
    if (!times.empty() && times.back() > 0) d = times.back();
  } else if (now == "hold") {
    start = goal = jointValues(member(current_, "q"), m, true, 0);
  } else if (now == "fourier") {
    start = goal = jointValues(member(current_, "q0"), m, true, 0);
    const double f = numberOr(current_, "base_frequency", 0);
    if (f > 0) d = numberOr(current_, "periods", 1.0) / f;
  } else if (now == "umis_thesis_line") {
    d = 4.0;
  }
  if (!(d > 0)) d = 2.0;
  json t = {{"type", next}};
  if (next == "quintic") {
    t["from"] = toJson(start);
    t["to"] = toJson(goal);
    t["duration"] = d;
  } else if (next == "trapezoidal") {
    // The classic profile that takes d: a third accelerating, a third cruising, a third braking
    // (v = 1.5 |Δq| / d, a = 4.5 |Δq| / d²); a joint that does not move gets 1 rad/s (m/s), 2 rad/s².
    VectorX v(n), a(n);
    for (int i = 0; i < n; ++i) {
      const double dq = std::abs(goal[i] - start[i]);
      v[i] = dq > 1e-12 ? 1.5 * dq / d : 1.0;
      a[i] = dq > 1e-12 ? 4.5 * dq / (d * d) : 2.0;
    }
    t["from"] = toJson(start);
    t["to"] = toJson(goal);
    t["max_velocity"] = toJson(v);
    t["max_acceleration"] = toJson(a);
  } else if (next == "via_points") {
    t["points"] = json::array({toJson(start), toJson(goal)});
    t["times"] = json::array({0.0, d});
  } else if (next == "hold") {
    t["q"] = toJson(start);
  } else if (next == "cartesian_line") {
    // From the tool pose at the start to the one at the goal, the start's orientation held.
    Vector6 p0 = Vector6::Zero(), p1 = Vector6::Zero();
    if (n > 0) {
      Data data(m);
      forwardKinematics(m, data, start);
      p0 = poseVector(data.oMtool);
      forwardKinematics(m, data, goal);
      p1 = poseVector(data.oMtool);
    }
    if ((p1.tail<3>() - p0.tail<3>()).norm() < 1e-6) p1[3] += 0.1;  // a 10 cm line along X
    auto pose = [&](const Vector6& p) {
      return json{{"xyz", {p[3], p[4], p[5]}}, {"euler_xyz", {p0[0], p0[1], p0[2]}}};
    };
    t["from"] = pose(p0);
    t["to"] = pose(p1);
    t["duration"] = d;
  }
  // fourier and umis_thesis_line: no parameters to derive (the scene's own are kept in shown_).
  return t;
}

QStringList TrajectoryEditor::jointColumnKeys() const {
  const QString t = type();
  if (t == QStringLiteral("quintic")) return {QStringLiteral("from"), QStringLiteral("to")};
  if (t == QStringLiteral("trapezoidal"))
    return {QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("max_velocity"), QStringLiteral("max_acceleration")};
  if (t == QStringLiteral("hold")) return {QStringLiteral("q")};
  return {};
}

double TrajectoryEditor::unitScale(int joint) const {
  return joint >= 0 && joint < model_.nq && model_.isRevolute(joint) ? kDeg : 1.0;
}

QString TrajectoryEditor::jointUnit(int joint) const {
  return joint >= 0 && joint < model_.nq && model_.isRevolute(joint) ? QStringLiteral("°") : QStringLiteral("m");
}

void TrajectoryEditor::fill() {
  filling_ = true;
  const QString t = type();
  const int idx = type_->findData(t);
  type_->setCurrentIndex(idx);
  const bool joints = t == QStringLiteral("quintic") || t == QStringLiteral("trapezoidal") || t == QStringLiteral("hold");
  const bool cartesian = t == QStringLiteral("cartesian_line");
  if (orthoglide_) {
    pages_->setCurrentIndex(WayPointPage);
    showWayPointTable();
  } else if (joints) {
    pages_->setCurrentIndex(JointPage);
    showJointTable();
  } else if (t == QStringLiteral("via_points")) {
    pages_->setCurrentIndex(ViaPage);
    showViaTable();
  } else if (cartesian) {
    pages_->setCurrentIndex(CartesianPage);
    showCartesianTable();
    samplePeriod_->setValue(numberOr(current_, "sample_period", 0));
    const json* ik = member(current_, "ik");
    const int k = ik_->findData(ik && ik->is_string() ? QString::fromStdString(ik->get<std::string>()) : QStringLiteral("auto"));
    ik_->setCurrentIndex(std::max(0, k));
  } else {
    pages_->setCurrentIndex(ReadOnlyPage);
    if (t == QStringLiteral("fourier"))
      readOnlyNote_->setText(member(current_, "a")
                                 ? tr("Fourier excitation (identification): the scene's coefficients, read-only. "
                                      "Choose another type to replace it.")
                                 : tr("No Fourier coefficients: generate an excitation scene in the Identification "
                                      "panel, or choose another type."));
    else if (t == QStringLiteral("umis_thesis_line"))
      readOnlyNote_->setText(tr("The Table 8.1 line of Zanaboni 2009 on the UMIS robot (4 s): no parameters."));
    else
      readOnlyNote_->setText(tr("Unknown trajectory type: choose one."));
    readOnly_->setPlainText(QString::fromStdString(current_.dump(2)));
  }
  // The stack takes the height of the page shown, not of its tallest page.
  for (int i = 0; i < pages_->count(); ++i)
    pages_->widget(i)->setSizePolicy(i == pages_->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored,
                                     i == pages_->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored);
  pages_->updateGeometry();
  const bool hold = t == QStringLiteral("hold");
  durationRow_->setVisible(!orthoglide_ && (t == QStringLiteral("quintic") || hold || cartesian));
  duration_->setSpecialValueText(hold ? tr("whole run") : QString());
  duration_->setValue(numberOr(current_, "duration", hold ? 0.0 : 2.0));
  filling_ = false;
  checkLimits();
}

void TrajectoryEditor::showJointTable() {
  const QStringList keys = jointColumnKeys();
  const int n = model_.nq;
  jointTable_->clear();
  jointTable_->setRowCount(n);
  jointTable_->setColumnCount(int(keys.size()));
  QStringList headers, rows;
  for (const QString& k : keys)
    headers << (k == QStringLiteral("from")               ? tr("Start")
                : k == QStringLiteral("to")               ? tr("Goal")
                : k == QStringLiteral("max_velocity")     ? tr("Max vel. [/s]")
                : k == QStringLiteral("max_acceleration") ? tr("Max acc. [/s²]")
                                                          : tr("Position"));
  for (int j = 0; j < n; ++j) rows << tr("joint %1 [%2]").arg(j + 1).arg(jointUnit(j));
  jointTable_->setHorizontalHeaderLabels(headers);
  jointTable_->setVerticalHeaderLabels(rows);
  for (int c = 0; c < int(keys.size()); ++c) {
    const std::string key = keys[c].toStdString();
    const VectorX v = jointValues(member(current_, key.c_str()), model_, isPositionKey(key), 1.0);
    for (int j = 0; j < n; ++j) setItem(jointTable_, j, c, v[j] * unitScale(j));
  }
  fitRows(jointTable_);
}

void TrajectoryEditor::showViaTable() {
  std::vector<VectorX> pts;
  std::vector<double> times;
  viaPoints(current_, model_, pts, times);
  const int n = model_.nq, k = int(pts.size());
  viaTable_->clear();
  viaTable_->setRowCount(n + 1);
  viaTable_->setColumnCount(k);
  QStringList rows{tr("time [s]")}, headers;
  for (int j = 0; j < n; ++j) rows << tr("joint %1 [%2]").arg(j + 1).arg(jointUnit(j));
  for (int c = 0; c < k; ++c) headers << tr("P%1").arg(c + 1);
  viaTable_->setVerticalHeaderLabels(rows);
  viaTable_->setHorizontalHeaderLabels(headers);
  for (int c = 0; c < k; ++c) {
    setItem(viaTable_, 0, c, times[std::size_t(c)]);
    for (int j = 0; j < n; ++j) setItem(viaTable_, j + 1, c, pts[std::size_t(c)][j] * unitScale(j));
  }
  removePoint_->setEnabled(k > 2);
  fitRows(viaTable_);
}

void TrajectoryEditor::showCartesianTable() {
  cartesianTable_->clear();
  cartesianTable_->setRowCount(6);
  cartesianTable_->setColumnCount(2);
  cartesianTable_->setHorizontalHeaderLabels({tr("Start"), tr("Goal")});
  cartesianTable_->setVerticalHeaderLabels({tr("X [m]"), tr("Y [m]"), tr("Z [m]"), tr("φ [°]"), tr("θ [°]"), tr("ψ [°]")});
  for (int c = 0; c < 2; ++c) {
    const Vector6 p = cartesianPose(current_, c == 0 ? "from" : "to");
    for (int r = 0; r < 6; ++r) setItem(cartesianTable_, r, c, r < 3 ? p[r] : p[r] * kDeg);
  }
  // The goal's orientation is not used (constant orientation: the start's).
  for (int r = 3; r < 6; ++r)
    if (auto* it = cartesianTable_->item(r, 1)) it->setToolTip(tr("Not used: the line keeps the start orientation"));
  fitRows(cartesianTable_);
}

void TrajectoryEditor::showWayPointTable() {
  std::vector<Vector3> pts;
  std::vector<double> durs;
  wayPoints(current_, pts, durs);
  const int k = int(pts.size());
  wayPointTable_->clear();
  wayPointTable_->setRowCount(k);
  wayPointTable_->setColumnCount(4);
  wayPointTable_->setHorizontalHeaderLabels({tr("X [m]"), tr("Y [m]"), tr("Z [m]"), tr("Segment [s]")});
  QStringList rows;
  for (int r = 0; r < k; ++r) rows << tr("P%1").arg(r + 1);
  wayPointTable_->setVerticalHeaderLabels(rows);
  for (int r = 0; r < k; ++r) {
    for (int c = 0; c < 3; ++c) setItem(wayPointTable_, r, c, pts[std::size_t(r)][c]);
    if (r == 0) {  // the start: no segment arrives there
      auto* it = new QTableWidgetItem(tr("start"));
      it->setFlags(it->flags() & ~Qt::ItemIsEditable);
      it->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
      it->setToolTip(tr("The platform starts at P1; each other row gives the duration of the segment that reaches it"));
      wayPointTable_->setItem(r, 3, it);
    } else if (std::size_t(r - 1) < durs.size()) {
      setItem(wayPointTable_, r, 3, durs[std::size_t(r - 1)]);
    } else {
      wayPointTable_->setItem(r, 3, new QTableWidgetItem(QString()));
    }
  }
  removeWayPoint_->setEnabled(k > 2);
  fitRows(wayPointTable_);
}

void TrajectoryEditor::wayPointCellEdited(int row, int column) {
  if (filling_ || !orthoglide_ || row < 0 || column < 0 || column > 3 || (column == 3 && row == 0)) return;
  std::vector<Vector3> pts;
  std::vector<double> durs;
  wayPoints(current_, pts, durs);
  if (std::size_t(row) >= pts.size()) return;
  double x = 0;
  if (!parseCell(wayPointTable_, row, column, 1.0, x)) return;
  if (column < 3) {
    pts[std::size_t(row)][column] = x;
    current_["points"] = wayPointsJson(pts);
  } else {
    if (durs.size() < std::size_t(row)) durs.resize(std::size_t(row), 0.0);
    durs[std::size_t(row - 1)] = x;
    current_["durations"] = durs;
  }
  changed();
}

void TrajectoryEditor::addWayPoint() {
  if (!orthoglide_) return;
  std::vector<Vector3> pts;
  std::vector<double> durs;
  wayPoints(current_, pts, durs);
  durs.resize(pts.empty() ? 0 : pts.size() - 1, 0.5);
  int r = wayPointTable_->currentRow();
  if (r < 0 || std::size_t(r) >= pts.size()) r = int(pts.size()) - 1;
  const Vector3 p = r >= 0 ? pts[std::size_t(r)] : Vector3::Zero();
  const double d = r >= 1 ? durs[std::size_t(r - 1)] : 0.5;
  pts.insert(pts.begin() + (r + 1), p);
  if (pts.size() > 1) durs.insert(durs.begin() + r, d);  // the segment arriving at r + 1
  current_["points"] = wayPointsJson(pts);
  current_["durations"] = durs;
  if (!current_.contains("type")) current_["type"] = "cartesian_points";
  fill();
  wayPointTable_->setCurrentCell(r + 1, 0);
  changed();
}

bool TrajectoryEditor::removeWayPoint() {
  if (!orthoglide_) return false;
  std::vector<Vector3> pts;
  std::vector<double> durs;
  wayPoints(current_, pts, durs);
  if (pts.size() <= 2) {
    emit message(tr("A way-point trajectory needs at least two points"));
    return false;
  }
  durs.resize(pts.size() - 1, 0.5);
  int r = wayPointTable_->currentRow();
  if (r < 0 || std::size_t(r) >= pts.size()) r = int(pts.size()) - 1;
  pts.erase(pts.begin() + r);
  // The segment arriving at the removed point goes (the first point: the segment leaving it).
  durs.erase(durs.begin() + std::max(0, r - 1));
  current_["points"] = wayPointsJson(pts);
  current_["durations"] = durs;
  fill();
  changed();
  return true;
}

bool TrajectoryEditor::parseCell(QTableWidget* table, int row, int column, double scale, double& out) {
  const QString text = table->item(row, column) ? table->item(row, column)->text().trimmed() : QString();
  bool ok = false;
  double v = QLocale().toDouble(text, &ok);
  if (!ok) v = text.toDouble(&ok);  // '.' decimals in any language
  if (!ok || !std::isfinite(v)) {
    const QString col = table->horizontalHeaderItem(column) ? table->horizontalHeaderItem(column)->text() : QString();
    const QString r = table->verticalHeaderItem(row) ? table->verticalHeaderItem(row)->text() : QString();
    emit message(tr("Trajectory, %1, %2: '%3' is not a number").arg(r, col, text));
    QTimer::singleShot(0, this, [this] { fill(); });
    return false;
  }
  out = v / scale;
  return true;
}

void TrajectoryEditor::jointCellEdited(int row, int column) {
  if (filling_) return;
  const QStringList keys = jointColumnKeys();
  if (column < 0 || column >= keys.size()) return;
  double x = 0;
  if (!parseCell(jointTable_, row, column, unitScale(row), x)) return;
  const std::string key = keys[column].toStdString();
  VectorX v = jointValues(member(current_, key.c_str()), model_, isPositionKey(key), 1.0);
  if (row >= v.size()) return;
  v[row] = x;
  current_[key] = toJson(v);
  changed();
}

void TrajectoryEditor::viaCellEdited(int row, int column) {
  if (filling_) return;
  std::vector<VectorX> pts;
  std::vector<double> times;
  viaPoints(current_, model_, pts, times);
  if (column < 0 || std::size_t(column) >= pts.size()) return;
  double x = 0;
  if (!parseCell(viaTable_, row, column, row == 0 ? 1.0 : unitScale(row - 1), x)) return;
  if (row == 0)
    times[std::size_t(column)] = x;
  else if (row - 1 < model_.nq)
    pts[std::size_t(column)][row - 1] = x;
  json p = json::array();
  for (const auto& q : pts) p.push_back(toJson(q));
  current_["points"] = p;
  current_["times"] = times;
  changed();
}

void TrajectoryEditor::cartesianCellEdited(int row, int column) {
  if (filling_ || row < 0 || row >= 6 || column < 0 || column >= 2) return;
  double x = 0;
  if (!parseCell(cartesianTable_, row, column, row < 3 ? 1.0 : kDeg, x)) return;
  const char* key = column == 0 ? "from" : "to";
  Vector6 p = cartesianPose(current_, key);
  p[row] = x;
  current_[key] = {{"xyz", {p[0], p[1], p[2]}}, {"euler_xyz", {p[3], p[4], p[5]}}};
  changed();
}

void TrajectoryEditor::addViaPoint() {
  std::vector<VectorX> pts;
  std::vector<double> times;
  viaPoints(current_, model_, pts, times);
  pts.push_back(pts.empty() ? jointValues(nullptr, model_, true, 0) : pts.back());
  times.push_back(times.empty() ? 0.0 : times.back() + 1.0);
  json p = json::array();
  for (const auto& q : pts) p.push_back(toJson(q));
  current_["points"] = p;
  current_["times"] = times;
  fill();
  viaTable_->setCurrentCell(1, int(pts.size()) - 1);
  changed();
}

void TrajectoryEditor::removeViaPoint() {
  std::vector<VectorX> pts;
  std::vector<double> times;
  viaPoints(current_, model_, pts, times);
  if (pts.size() <= 2) {
    emit message(tr("A via-point trajectory needs at least two points"));
    return;
  }
  int c = viaTable_->currentColumn();
  if (c < 0 || std::size_t(c) >= pts.size()) c = int(pts.size()) - 1;
  pts.erase(pts.begin() + c);
  times.erase(times.begin() + c);
  json p = json::array();
  for (const auto& q : pts) p.push_back(toJson(q));
  current_["points"] = p;
  current_["times"] = times;
  fill();
  changed();
}

void TrajectoryEditor::changed() {
  shown_[type().toStdString()] = current_;
  checkLimits();
  emit edited();
}

void TrajectoryEditor::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void TrajectoryEditor::retranslate() {
  typeLabel_->setText(tr("Type:"));
  const std::pair<const char*, QString> names[] = {{"quintic", tr("Quintic, rest to rest")},
                                                   {"trapezoidal", tr("Trapezoidal velocity")},
                                                   {"via_points", tr("Via points (C2 spline)")},
                                                   {"hold", tr("Hold a position")},
                                                   {"cartesian_line", tr("Cartesian straight line")},
                                                   {"fourier", tr("Fourier excitation (read-only)")},
                                                   {"umis_thesis_line", tr("UMIS thesis line (read-only)")},
                                                   {"cartesian_points", tr("Platform way-points (Orthoglide)")}};
  for (int i = 0; i < type_->count(); ++i)
    for (const auto& [key, name] : names)
      if (type_->itemData(i).toString() == QLatin1String(key)) type_->setItemText(i, name);
  type_->setToolTip(orthoglide_ ? tr("An Orthoglide scene's reference: the platform point P through way-points "
                                     "(robots/orthoglide.md, Scenes)")
                                : tr("The reference the controllers track (scenes/README.md, Trajectories)"));
  wayPointNote_->setText(tr("Platform point P in R_0, straight segments, each rest to rest with the quintic time "
                            "scaling; every point must be within reach (inverse geometric model)."));
  addWayPoint_->setText(tr("Add point"));
  addWayPoint_->setToolTip(tr("Inserts a copy of the selected point after it"));
  removeWayPoint_->setText(tr("Remove point"));
  removeWayPoint_->setToolTip(tr("Removes the selected point (at least two remain)"));
  durationLabel_->setText(tr("Motion duration:"));
  sampleLabel_->setText(tr("Sample period:"));
  samplePeriod_->setSpecialValueText(tr("default"));
  ikLabel_->setText(tr("Inverse kinematics:"));
  ik_->setItemText(0, tr("auto"));
  ik_->setItemText(1, tr("UMIS closed form"));
  ik_->setItemText(2, tr("numeric"));
  addPoint_->setText(tr("Add point"));
  removePoint_->setText(tr("Remove point"));
  removePoint_->setToolTip(tr("Removes the selected point (at least two remain)"));
  if (!filling_ && !current_.is_null()) fill();
}

}  // namespace maniplab::ui
