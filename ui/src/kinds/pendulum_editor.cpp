// The pendulum's parameter editor (pendulum_editor.hpp).
#include "pendulum_editor.hpp"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <cmath>

namespace maniplab::ui {

PendulumEditor::PendulumEditor(QWidget* parent) : QWidget(parent) {
  setObjectName("pendulumEditor");
  auto* form = new QFormLayout;
  // The reader's ranges (sim/src/pendulum/scene.cpp: length and mass positive, damping non-negative), within
  // what a classroom pendulum can be.
  auto field = [&](QDoubleSpinBox*& spin, QLabel*& label, const char* name, double lo, double hi, int decimals, double step,
                   const QString& unit, Field f) {
    spin = new QDoubleSpinBox(this);
    spin->setObjectName(QString::fromLatin1(name));
    spin->setRange(lo, hi);
    spin->setDecimals(decimals);
    spin->setSingleStep(step);
    spin->setSuffix(QStringLiteral(" ") + unit);
    spin->setKeyboardTracking(false);  // one edit when the value is entered, not one per keystroke
    label = new QLabel(this);
    label->setBuddy(spin);
    form->addRow(label, spin);
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, f](double v) { fieldChanged(f, v); });
  };
  field(length_, lengthLabel_, "pendulumLength", 0.01, 100.0, 3, 0.05, QStringLiteral("m"), Field::Length);
  field(mass_, massLabel_, "pendulumMass", 0.001, 1000.0, 3, 0.1, QStringLiteral("kg"), Field::Mass);
  field(damping_, dampingLabel_, "pendulumDamping", 0.0, 1000.0, 4, 0.01, QStringLiteral("N·m·s/rad"), Field::Damping);
  period_ = new QLabel(this);
  period_->setObjectName("pendulumPeriod");
  period_->setWordWrap(true);
  equation_ = new QLabel(this);
  equation_->setWordWrap(true);
  auto* lay = new QVBoxLayout(this);
  lay->addLayout(form);
  lay->addWidget(period_);
  lay->addWidget(equation_);
  lay->addStretch(1);
  setParameters(params_);
  retranslate();
}

QDoubleSpinBox* PendulumEditor::spin(Field field) const {
  return field == Field::Length ? length_ : field == Field::Mass ? mass_ : damping_;
}

void PendulumEditor::setParameters(const sim::pendulum::Parameters& p) {
  params_ = p;
  showing_ = true;
  length_->setValue(p.length);
  mass_->setValue(p.mass);
  damping_->setValue(p.viscous);
  showing_ = false;
  showPeriod();
}

void PendulumEditor::setValue(Field field, double value) { spin(field)->setValue(value); }

double PendulumEditor::value(Field field) const {
  return field == Field::Length ? params_.length : field == Field::Mass ? params_.mass : params_.viscous;
}

void PendulumEditor::fieldChanged(Field field, double value) {
  if (showing_) return;
  const sim::pendulum::Parameters before = params_;
  sim::pendulum::Parameters after = params_;
  (field == Field::Length ? after.length : field == Field::Mass ? after.mass : after.viscous) = value;
  if (after.length == before.length && after.mass == before.mass && after.viscous == before.viscous) return;
  params_ = after;
  showPeriod();
  emit edited(field, before, after);
}

void PendulumEditor::showPeriod() {
  if (!period_) return;
  const QLocale locale;  // as the spin boxes write numbers
  period_->setText(tr("Small-angle period 2π √(l/g): %1 s (g = %2 m/s²)")
                       .arg(locale.toString(sim::pendulum::smallAnglePeriod(params_), 'f', 4), locale.toString(params_.gravity, 'g', 4)));
}

void PendulumEditor::retranslate() {
  lengthLabel_->setText(tr("&Length l"));
  massLabel_->setText(tr("&Mass m"));
  dampingLabel_->setText(tr("&Damping b"));
  length_->setToolTip(tr("Length of the massless rod, from the pivot to the point mass"));
  mass_->setToolTip(tr("Mass of the bob (a point mass at the end of the rod)"));
  damping_->setToolTip(tr("Viscous friction at the pivot: a torque −b θ̇"));
  equation_->setText(tr("m l² θ̈ = τ − m g l sin θ − b θ̇ − c sign θ̇ (Landau & Lifshitz 1976, §11, with friction). "
                        "The edits are the scene's: File > Save scene writes them."));
  showPeriod();
}

void PendulumEditor::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

}  // namespace maniplab::ui
