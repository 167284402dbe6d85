#pragma once
// The pendulum's parameter editor (the pendulum kind's dock, pendulum.cpp; private to ui/): the rod's length
// l, the bob's mass m and the viscous damping b at the pivot of sim/src/pendulum/pendulum.hpp, with the
// small-angle period they give, T0 = 2 pi sqrt(l / g) (Landau & Lifshitz 1976, §11). The editor only shows
// and asks: an edit emits `edited` (the parameters before and after), and the binding applies it to the
// scene through the window's undo stack, then shows the applied parameters again (setParameters).
#include <QWidget>

#include "pendulum/pendulum.hpp"

class QDoubleSpinBox;
class QLabel;

namespace maniplab::ui {

class PendulumEditor : public QWidget {
  Q_OBJECT
 public:
  /// The edited parameters (an edit of one merges with the next edit of the same one in the undo stack).
  enum class Field { Length, Mass, Damping };

  explicit PendulumEditor(QWidget* parent = nullptr);

  /// Shows the scene's parameters (no signal).
  void setParameters(const sim::pendulum::Parameters& p);
  const sim::pendulum::Parameters& parameters() const { return params_; }
  /// Sets a field as the user would (SI units; clamped to the field's range); emits `edited` when it changed.
  void setValue(Field field, double value);
  double value(Field field) const;

 signals:
  void edited(maniplab::ui::PendulumEditor::Field field, const maniplab::sim::pendulum::Parameters& before,
              const maniplab::sim::pendulum::Parameters& after);

 protected:
  void changeEvent(QEvent* e) override;  ///< retranslates on QEvent::LanguageChange

 private:
  QDoubleSpinBox* spin(Field field) const;
  void fieldChanged(Field field, double value);
  void showPeriod();
  void retranslate();

  sim::pendulum::Parameters params_;
  QDoubleSpinBox *length_ = nullptr, *mass_ = nullptr, *damping_ = nullptr;
  QLabel *lengthLabel_ = nullptr, *massLabel_ = nullptr, *dampingLabel_ = nullptr, *period_ = nullptr, *equation_ = nullptr;
  bool showing_ = false;  ///< setParameters: not an edit
};

}  // namespace maniplab::ui
