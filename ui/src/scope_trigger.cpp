#include "maniplab/ui/scope_trigger.hpp"

#include <algorithm>
#include <cmath>

#include "maniplab/ui/scope_ring.hpp"

namespace maniplab::ui {

void ScopeTrigger::arm(const ScopeRing& ring) {
  pending_ = false;
  freeRun_ = false;
  holdoff_ = ring.count() ? ring.lastTime() : -std::numeric_limits<double>::infinity();
  scanSerial_ = ring.totalAppended();
  if (sweep_ == Sweep::Single) shown_ = false;
}

void ScopeTrigger::reset() {
  shown_ = pending_ = freeRun_ = false;
  holdoff_ = -std::numeric_limits<double>::infinity();
  scanSerial_ = 0;
}

bool ScopeTrigger::crosses(double v0, double v1) const {
  return edge_ == Edge::Rising ? (v0 < level_ && v1 >= level_) : (v0 > level_ && v1 <= level_);
}

// The pending trigger's sweep is complete (its data reach the screen's right edge): it goes on screen,
// and the next trigger must come after the end of its sweep.
bool ScopeTrigger::adoptPending(double tLast, double post) {
  if (!pending_ || pendingAt_ + post > tLast) return false;
  shown_ = true;
  shownAt_ = pendingAt_;
  holdoff_ = pendingAt_ + post;
  pending_ = false;
  freeRun_ = false;
  return true;
}

ScopeTrigger::Result ScopeTrigger::process(const ScopeRing& ring, int source, double post, double span) {
  Result r;
  if (ring.count() == 0) return r;
  const double tLast = ring.lastTime();
  const std::int64_t first = ring.firstSerial(), total = ring.totalAppended();
  std::int64_t serial = std::max(scanSerial_, first + 1);
  const bool single = sweep_ == Sweep::Single;
  bool adopted = false;  // several adopted in one call: the last one is signalled, after a single's
  double adoptedAt = 0;
  auto adopt = [&] {
    if (adoptPending(tLast, post)) {
      adopted = true;
      adoptedAt = shownAt_;
    }
  };
  if (source >= 0) {
    adopt();
    for (; serial < total; ++serial) {
      if (pending_ || (single && shown_)) break;
      const std::int64_t i = serial - first;
      const double v0 = ring.value(source, i - 1), v1 = ring.value(source, i);
      if (!crosses(v0, v1)) continue;
      const double t0 = ring.time(i - 1), t1 = ring.time(i);
      const double tc = v1 == v0 ? t1 : t0 + (level_ - v0) / (v1 - v0) * (t1 - t0);
      if (!(tc > holdoff_)) continue;
      if (single) {
        shown_ = true;
        shownAt_ = tc;
        r.triggered.push_back(tc);
        ++serial;
        break;
      }
      pending_ = true;
      pendingAt_ = tc;
      adopt();
    }
  }
  scanSerial_ = serial;
  if (adopted) r.triggered.push_back(adoptedAt);
  if (single) {
    r.singleComplete = shown_ && shownAt_ + post <= tLast;
  } else if (sweep_ == Sweep::Auto) {
    const double ref = std::isfinite(holdoff_) ? holdoff_ : ring.time(0);
    if (source < 0 || (!pending_ && tLast - ref > span)) freeRun_ = true;
  }
  return r;
}

}  // namespace maniplab::ui
