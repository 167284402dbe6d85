#pragma once
// The master's fault policy in time (issue 20; sim/ethercat/README.md, "Faults"), apart from the cyclic
// thread so that it can be driven with injected times: each cycle's send time and whether it was good.
// Every bad cycle is counted; a run of consecutive bad cycles is a loss episode, timed from the last good
// cycle before it; the run goes on while
//   - no good cycle has been missing for longer than the loss budget (consecutive time without a good
//     cycle: a bad cycle that far after the last good one stops it, and so does a good cycle that far
//     after the previous one — the master's own thread was not scheduled in between, so the drives saw no
//     frame either), and
//   - at most maxLossesPerSecond bad cycles fall within one second (a ring of the last send times).
// `maxBadCycles` > 0 brings back the former count of consecutive bad cycles instead.
// As IgH and SOEM do: an incomplete working counter or a late frame is counted and reported, and the
// drives' own process-data watchdog (0x0400/0x0420) is the last line (ETG.1000.4; ESC datasheet sec. II §6).
// No allocation after construction (the cyclic thread calls cycle()).
#include <cstdint>
#include <vector>

#include "maniplab/ethercat/master.hpp"

namespace maniplab::ethercat {

class LossPolicy {
 public:
  /// budget [s], lossRate [bad cycles per second], cyclePeriod [s]; maxBadCycles > 0: the former rule.
  LossPolicy(double budget, double lossRate, double cyclePeriod, int maxBadCycles = 0);

  /// One cycle, sent at `sentNs` (CLOCK_MONOTONIC, ns), good or not; updates the loss statistics of
  /// `stats` (badCycles, lossEpisodes, episodeLog, worstLossesPerSecond, longestGap, longestGapEndCycle;
  /// missedCycles is read for the message). Returns true when the run must stop; reason() then says why:
  /// for a bad cycle a suffix to that cycle's own message (": no good cycle for 27.5 ms since cycle 296
  /// (11 bad cycles in a row), beyond the loss budget of 25.0 ms"; empty when maxBadCycles is 1), for a
  /// good cycle the whole message ("cycle 310 came 30.0 ms after the last good cycle 309 (the master's
  /// thread did not run: ...), beyond the loss budget of 25.0 ms").
  bool cycle(unsigned long long cycle, std::int64_t sentNs, bool good, CycleStats& stats);
  const char* reason() const { return reason_; }
  int consecutiveBad() const { return bad_; }
  unsigned long long totalBad() const { return total_; }
  double budget() const { return budgetNs_ * 1e-9; }

 private:
  std::int64_t budgetNs_;
  double lossRate_;
  int maxBadCycles_;
  std::vector<std::int64_t> lossTimes_;  ///< send times of the last bad cycles (ring)
  std::size_t lossHead_ = 0;
  std::int64_t lastGood_ = 0;
  bool started_ = false;
  unsigned long long episodeFirst_ = 0, lastGoodCycle_ = 0, total_ = 0;
  int bad_ = 0;
  char reason_[400] = {};
};

}  // namespace maniplab::ethercat
