#pragma once
// The oscilloscope's trigger (scope_widget.hpp, triggered mode): scans the samples appended to a ScopeRing
// for a crossing of a level on one source (rising or falling edge, the crossing time interpolated between
// the two samples), with a holdoff so that a sweep is never re-triggered inside the one on screen; and
// decides what the screen shows by the sweep: auto (the latest trigger, or the latest data when none came
// for a screen's span), normal (the latest trigger whose sweep is complete) or single (the first trigger
// after arming, then the sweep freezes once complete). No widgets: the scope calls process() after each
// batch of samples and draws the window it reads here.
#include <cstdint>
#include <limits>
#include <vector>

namespace maniplab::ui {

class ScopeRing;

class ScopeTrigger {
 public:
  enum class Edge { Rising, Falling };
  enum class Sweep { Auto, Normal, Single };

  void setLevel(double level) { level_ = level; }
  double level() const { return level_; }
  void setEdge(Edge edge) { edge_ = edge; }
  Edge edge() const { return edge_; }
  void setSweep(Sweep sweep) { sweep_ = sweep; }
  Sweep sweep() const { return sweep_; }

  /// Arms: forgets a pending trigger and the free run, holds off to the last sample stored (the next
  /// trigger lies strictly after it) and scans from the next sample appended; a single sweep also
  /// forgets the sweep on screen.
  void arm(const ScopeRing& ring);
  /// After the samples were cleared: nothing shown or pending, no holdoff, scanning from the first sample.
  void reset();
  /// Forgets the sweep on screen and the free run (new sources, another mode).
  void forgetShown() {
    shown_ = false;
    freeRun_ = false;
  }
  /// Forgets the sweep on screen only (leaving roll mode).
  void hideSweep() { shown_ = false; }

  struct Result {
    std::vector<double> triggered;  ///< trigger times adopted by this call, in order (the scope signals each)
    bool singleComplete = false;    ///< a single sweep has its data up to the screen's right edge: freeze
  };
  /// Scans the samples appended since the last call on `source` (-1: no source; in auto sweep the screen
  /// then runs free). `post`: the seconds of data the screen shows after the trigger (right of the trigger
  /// position); `span`: the seconds across the screen (an auto sweep runs free after a span without a
  /// trigger). Call it while the scope runs in triggered mode only.
  Result process(const ScopeRing& ring, int source, double post, double span);

  /// A triggered sweep is on screen, its trigger at shownAt() (data time).
  bool hasShown() const { return shown_; }
  double shownAt() const { return shownAt_; }
  /// A trigger was found whose sweep is not yet complete (normal and auto sweeps).
  bool hasPending() const { return pending_; }
  double pendingAt() const { return pendingAt_; }
  /// The auto sweep found no trigger for a screen's span: the screen shows the latest data.
  bool freeRunning() const { return freeRun_; }
  /// No trigger is accepted at or before this time (the end of the sweep shown, or the arming time).
  double holdoff() const { return holdoff_; }

 private:
  bool crosses(double v0, double v1) const;
  bool adoptPending(double tLast, double post);

  double level_ = 0;
  Edge edge_ = Edge::Rising;
  Sweep sweep_ = Sweep::Auto;

  bool shown_ = false;
  double shownAt_ = 0;
  bool pending_ = false;
  double pendingAt_ = 0;
  double holdoff_ = -std::numeric_limits<double>::infinity();
  std::int64_t scanSerial_ = 0;  // next sample (serial number) to examine as the right end of a pair
  bool freeRun_ = false;
};

}  // namespace maniplab::ui
