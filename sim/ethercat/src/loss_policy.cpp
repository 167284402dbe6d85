// The master's fault policy in time: see loss_policy.hpp.
#include "maniplab/ethercat/loss_policy.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace maniplab::ethercat {

LossPolicy::LossPolicy(double budget, double lossRate, double cyclePeriod, int maxBadCycles)
    : budgetNs_(std::llround(budget * 1e9)), lossRate_(lossRate), maxBadCycles_(maxBadCycles),
      // a ring of lossRate + 1 (at most a second of cycles + 1): its oldest within one second of the
      // newest means too many
      lossTimes_(std::size_t(std::min(lossRate, 1.0 / cyclePeriod + 1.0)) + 1, std::numeric_limits<std::int64_t>::min() / 2) {}

bool LossPolicy::cycle(unsigned long long cycle, std::int64_t sent, bool good, CycleStats& stats) {
  if (!started_) lastGood_ = sent, started_ = true;
  const int badBefore = bad_;
  bad_ = good ? 0 : bad_ + 1;
  reason_[0] = 0;
  bool stop = false;
  const std::int64_t gap = sent - lastGood_;  // since the last good cycle's send
  auto* episode = stats.lossEpisodes > 0 && stats.lossEpisodes <= CycleStats::kEpisodeLog
                      ? &stats.episodeLog[std::size_t(stats.lossEpisodes - 1)] : nullptr;
  if (!good) {
    ++total_;
    ++stats.badCycles;
    if (bad_ == 1) {
      episodeFirst_ = cycle;
      episode = stats.lossEpisodes < CycleStats::kEpisodeLog ? &stats.episodeLog[std::size_t(stats.lossEpisodes)] : nullptr;
      ++stats.lossEpisodes;
      if (episode) *episode = {cycle, 0, 0};
    }
    if (episode) episode->cycles = bad_, episode->gap = gap * 1e-9;
    lossTimes_[lossHead_] = sent;
    lossHead_ = (lossHead_ + 1) % lossTimes_.size();
    long long inSecond = 0;  // of the last bad cycles in the ring, those sent within the last second
    for (auto t : lossTimes_) inSecond += sent - t < 1000000000LL ? 1 : 0;
    stats.worstLossesPerSecond = std::max(stats.worstLossesPerSecond, inSecond);
    if (maxBadCycles_ > 0) {
      stop = bad_ >= maxBadCycles_;
      if (stop && bad_ > 1) std::snprintf(reason_, sizeof reason_, " (%d bad cycles in a row)", bad_);
    } else if (gap > budgetNs_) {
      stop = true;
      std::snprintf(reason_, sizeof reason_,
                    ": no good cycle for %.1f ms since cycle %llu (%d bad cycles in a row), beyond the loss budget of %.1f ms",
                    gap * 1e-6, episodeFirst_ - 1, bad_, budgetNs_ * 1e-6);
    } else if (double(inSecond) > lossRate_) {
      stop = true;
      std::snprintf(reason_, sizeof reason_, ": %lld bad cycles within one second, beyond the loss budget of %.0f per second",
                    inSecond, lossRate_);
    }
  } else {
    if (badBefore > 0 && episode && episode->firstCycle == episodeFirst_) episode->gap = gap * 1e-9;  // the episode ends
    if (gap * 1e-9 > stats.longestGap) stats.longestGap = gap * 1e-9, stats.longestGapEndCycle = cycle;
    // A good cycle long after the last good one: the master's own thread did not run (deadlines
    // skipped), and the drives saw no frame either. Also after bad cycles: each of them was within the
    // budget when it was sent, so the time beyond it passed after the last one, while the thread stalled.
    if (maxBadCycles_ <= 0 && gap > budgetNs_ && lastGoodCycle_) {
      stop = true;
      char between[64] = "";
      if (badBefore > 0) std::snprintf(between, sizeof between, ", %d bad cycle(s) in between", badBefore);
      std::snprintf(reason_, sizeof reason_,
                    "cycle %llu came %.1f ms after the last good cycle %llu%s (the master's thread did not run: %lld deadline(s) skipped "
                    "since the start), beyond the loss budget of %.1f ms",
                    cycle, gap * 1e-6, lastGoodCycle_, between, stats.missedCycles, budgetNs_ * 1e-6);
    }
    lastGood_ = sent;
    lastGoodCycle_ = cycle;
  }
  return stop;
}

}  // namespace maniplab::ethercat
