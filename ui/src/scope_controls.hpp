#pragma once
// The oscilloscope's control panel (scope_widget.hpp), beside its screen: the button that freezes the
// display, the page of channel assignments, one channel's settings (on, source, gain/div, offset, colour),
// the time base and mode, the trigger (channel, level, edge, sweep, position), the cursors, the readouts,
// autoscale and export. It shows the settings of a ScopeModel (sync() after each change) and reports
// what the user asks for by its signals: the scope applies them, so it stays the one place that decides.
#include <QWidget>
#include <memory>

#include "maniplab/ui/scope_trigger.hpp"

namespace maniplab::ui {

struct ScopeModel;

class ScopeControls : public QWidget {
  Q_OBJECT
 public:
  explicit ScopeControls(const ScopeModel& model, QWidget* parent = nullptr);
  ~ScopeControls() override;

  /// Shows the model's settings (the signals are not emitted).
  void sync();
  /// Shows the run state on the run/freeze button.
  void syncRunButton();
  /// The measurement and cursor readouts (rich text, composed by the scope).
  void setReadouts(const QString& measurements, const QString& cursors);
  /// The pages of channel assignments (the selector shows with two pages or more), `current` selected.
  void setPages(const QStringList& labels, int current);
  /// Selects a page on the selector without signalling it.
  void showPage(int page);

 signals:
  void runToggled(bool run);
  void pageChosen(int page);
  /// Channel k on with `source`, or off (-1).
  void channelSourceChosen(int k, int source);
  /// A source chosen while channel k is off: shown when it is switched on.
  void channelSourceKept(int k, int source);
  void channelGainChanged(int k, double unitsPerDivision);
  void channelOffsetChanged(int k, double offset);
  void channelColorChosen(int k, const QColor& color);
  void timeBaseChosen(double secondsPerDivision);
  void modeChosen(bool triggered);
  void triggerChosen(int scopeChannel, double level, ScopeTrigger::Edge edge, ScopeTrigger::Sweep sweep);
  void triggerPositionChanged(double divisionsFromLeft);
  void cursorsChanged(double t1, double t2);
  void autoscaleClicked();
  void exportCsvClicked();
  void exportImageClicked();

 protected:
  void changeEvent(QEvent* e) override;  ///< retranslates on QEvent::LanguageChange

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
