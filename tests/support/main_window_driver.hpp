#pragma once
// Drives the main window as a user does, for the GUI tests (test_gui, test_control_panel_scene,
// test_main_window_behaviour): its actions by object name, and a run from the Run action.
#include <QAction>
#include <QDoubleSpinBox>
#include <QtTest>

#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/metrics_view.hpp"

namespace maniplab::test {

/// The window's action `name` (its object name, e.g. "actionRun"); warns when there is none.
inline QAction* action(QWidget& w, const char* name) {
  auto* a = w.findChild<QAction*>(QString::fromLatin1(name));
  if (!a) qWarning("no action %s", name);
  return a;
}

/// Runs the loaded scene for `seconds` of simulated time from the Run action, at the speed of the action
/// `speed` (as fast as possible by default); true once the run finished (metrics shown, Run enabled again).
inline bool runFor(ui::MainWindow& w, double seconds, const char* speed = "actionSpeedMax") {
  auto* dur = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
  auto* run = action(w, "actionRun");
  auto* pace = action(w, speed);
  auto* metrics = w.findChild<ui::MetricsView*>();
  if (!dur || !run || !pace || !metrics) return false;
  dur->setValue(seconds);
  pace->trigger();
  if (!run->isEnabled()) return false;
  run->trigger();
  return QTest::qWaitFor([&] { return run->isEnabled() && metrics->rowCount() > 0; }, 60000);
}

}  // namespace maniplab::test
