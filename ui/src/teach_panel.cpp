// Teach panel: pose the robot by hand; live end-effector pose (Zanaboni 2009 eqs 3.13–3.18 for the angles).
#include "maniplab/ui/teach_panel.hpp"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QVBoxLayout>
#include <cmath>

#include "maniplab/model/coupled_dynamics.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/umis_inverse_kinematics.hpp"

namespace maniplab::ui {

namespace {
constexpr int kSliderSteps = 10000;
}

struct TeachPanel::Impl {
  TeachPanel* w = nullptr;
  Model model;
  std::unique_ptr<Data> data;
  CouplingMap coupling;  ///< coupled (mimic) joints follow their source (model.hpp)
  VectorX q;
  struct Row {
    QLabel* name = nullptr;
    QSlider* slider = nullptr;
    QDoubleSpinBox* spin = nullptr;
    double lo = 0, hi = 0, scale = 1;  ///< display range and display units per SI unit
  };
  std::vector<Row> rows;
  QWidget* grid = nullptr;
  QGridLayout* gridLayout = nullptr;
  QLabel* pose = nullptr;
  QPushButton* home = nullptr;
  bool updating = false;

  void retranslate() { home->setText(TeachPanel::tr("Home pose")); updatePose(); }

  void updatePose() {
    if (!data || model.nq == 0) {
      pose->setText(TeachPanel::tr("No robot"));
      return;
    }
    forwardKinematics(model, *data, q);
    const Transform& T = data->oMtool;
    const Vector3 e = eulerXYZFromRotation(T.R) * (180.0 / M_PI);
    pose->setText(TeachPanel::tr("End effector: X %1 m, Y %2 m, Z %3 m\nφ %4°, θ %5°, ψ %6° (Euler X-Y-Z)")
                      .arg(T.p.x(), 0, 'f', 4)
                      .arg(T.p.y(), 0, 'f', 4)
                      .arg(T.p.z(), 0, 'f', 4)
                      .arg(e.x(), 0, 'f', 2)
                      .arg(e.y(), 0, 'f', 2)
                      .arg(e.z(), 0, 'f', 2));
  }

  void showRow(int i) {
    Row& r = rows[std::size_t(i)];
    const double v = q[i] * r.scale;
    r.spin->setValue(v);
    r.slider->setValue(int(std::lround((v - r.lo) / (r.hi - r.lo) * kSliderSteps)));
  }

  void setJoint(int i, double displayValue) {
    if (updating) return;
    Row& r = rows[std::size_t(i)];
    q[i] = std::clamp(displayValue, r.lo, r.hi) / r.scale;
    updating = true;
    // A coupled joint moves its source (q_k = (q_i - o_i) / g_i), and every joint that follows the source
    // moves with it (q = G q_ind + o); each row shows its own joint. Without coupled joints, joint i alone.
    const auto k = std::size_t(i);
    const int column = coupling.column[k];
    const int source = coupling.independent[std::size_t(column)];
    const double qs = (q[i] - coupling.offset[k]) / coupling.multiplier[k];
    for (int j = 0; j < model.nq; ++j)
      if (coupling.column[std::size_t(j)] == column) {
        q[j] = j == source ? qs : coupling.multiplier[std::size_t(j)] * qs + coupling.offset[std::size_t(j)];
        showRow(j);
      }
    updating = false;
    updatePose();
    emit w->configurationChanged(q);
  }
};

TeachPanel::TeachPanel(QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>()) {
  d->w = this;
  auto* layout = new QVBoxLayout(this);
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  d->grid = new QWidget(scroll);
  d->gridLayout = new QGridLayout(d->grid);
  scroll->setWidget(d->grid);
  layout->addWidget(scroll, 1);
  d->pose = new QLabel(this);
  d->pose->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(d->pose);
  d->home = new QPushButton(this);
  layout->addWidget(d->home);
  connect(d->home, &QPushButton::clicked, this, [this] {
    if (d->model.nq == 0) return;
    d->q = d->model.home;
    setConfiguration(d->q);
    emit configurationChanged(d->q);
  });
  d->retranslate();
}

TeachPanel::~TeachPanel() = default;

void TeachPanel::setRobot(const Model& model, const VectorX& q) {
  d->model = model;
  d->data = std::make_unique<Data>(d->model);
  d->coupling = couplingMap(d->model);
  d->q = q.size() == model.nq ? q : VectorX(VectorX::Zero(model.nq));
  for (auto& r : d->rows) {
    delete r.name;
    delete r.slider;
    delete r.spin;
  }
  d->rows.clear();
  for (int i = 0; i < model.nq; ++i) {
    Impl::Row r;
    const bool rev = model.isRevolute(i);
    const auto& L = model.limits[std::size_t(i)];
    r.scale = rev ? 180.0 / M_PI : 1000.0;
    r.lo = L.lower > -1e299 ? L.lower * r.scale : (rev ? -360.0 : -1000.0);
    r.hi = L.upper < 1e299 ? L.upper * r.scale : (rev ? 360.0 : 1000.0);
    if (!(r.hi > r.lo)) r.hi = r.lo + 1;
    r.name = new QLabel(QString::fromStdString(model.jointName[std::size_t(i)]), d->grid);
    r.slider = new QSlider(Qt::Horizontal, d->grid);
    r.slider->setRange(0, kSliderSteps);
    r.spin = new QDoubleSpinBox(d->grid);
    r.spin->setRange(r.lo, r.hi);
    r.spin->setDecimals(rev ? 2 : 1);
    r.spin->setSuffix(rev ? QStringLiteral(" °") : QStringLiteral(" mm"));
    d->gridLayout->addWidget(r.name, i, 0);
    d->gridLayout->addWidget(r.slider, i, 1);
    d->gridLayout->addWidget(r.spin, i, 2);
    d->rows.push_back(r);
    connect(r.slider, &QSlider::valueChanged, this, [this, i](int v) {
      const auto& row = d->rows[std::size_t(i)];
      d->setJoint(i, row.lo + (row.hi - row.lo) * v / kSliderSteps);
    });
    connect(r.spin, &QDoubleSpinBox::valueChanged, this, [this, i](double v) { d->setJoint(i, v); });
  }
  setConfiguration(d->q);
}

void TeachPanel::setConfiguration(const VectorX& q) {
  if (q.size() != d->model.nq) return;
  d->q = q;
  d->updating = true;
  for (int i = 0; i < d->model.nq; ++i) d->showRow(i);
  d->updating = false;
  d->updatePose();
}

const VectorX& TeachPanel::configuration() const { return d->q; }

void TeachPanel::setJointDisplayValue(int joint, double value) {
  if (joint < 0 || joint >= d->model.nq) return;
  d->setJoint(joint, value);
}

QString TeachPanel::poseText() const { return d->pose->text(); }

void TeachPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) d->retranslate();
  QWidget::changeEvent(e);
}

}  // namespace maniplab::ui
