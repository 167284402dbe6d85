#include "scope_model.hpp"

#include <cmath>

namespace maniplab::ui {

ScopeWidget::Window ScopeModel::window() const {
  ScopeWidget::Window w;
  if (ring.count() == 0) return w;
  const double span = kHDiv * timeBase;
  const double end = running ? ring.lastTime() : frozenEnd;
  if (mode == Mode::Roll || (trigger.freeRunning() && trigger.sweep() != ScopeTrigger::Sweep::Single)) {
    w.start = end - span;
  } else if (trigger.hasShown()) {
    w.start = trigger.shownAt() - trigPosDiv * timeBase;
  } else {
    return w;
  }
  w.end = w.start + span;
  w.valid = true;
  return w;
}

ScopeWidget::Measurement ScopeModel::measure(int k) const {
  ScopeWidget::Measurement m;
  const int s = validChannel(k) ? sourceOf(k) : -1;
  const ScopeWidget::Window w = window();
  if (s < 0 || !w.valid) return m;
  const ScopeRing::Aggregate a = ring.aggregate(s, ring.lowerBound(w.start), ring.upperBound(w.end));
  if (a.count == 0) return m;
  m.min = a.min;
  m.max = a.max;
  m.rms = std::sqrt(a.sumSquares / double(a.count));
  m.valid = true;
  return m;
}

double ScopeModel::deltaValue(int k) const {
  const int s = validChannel(k) ? sourceOf(k) : -1;
  const ScopeWidget::Window w = window();
  if (s < 0 || !w.valid) return std::numeric_limits<double>::quiet_NaN();
  return ring.interpolate(s, w.start + cursor2) - ring.interpolate(s, w.start + cursor1);
}

}  // namespace maniplab::ui
