#pragma once
// The oscilloscope's sample store: one bounded ring of times shared by all sources and one bounded ring
// of values per source (oldest dropped), with a per-block summary (min, max, sum of squares, count of
// finite samples; blocks of kBlock physical slots) so min/max decimation and the min/max/RMS
// measurements of a window cost O(window / kBlock + kBlock) instead of O(window).
#include <cstdint>
#include <vector>

namespace maniplab::ui {

class ScopeRing {
 public:
  static constexpr std::int64_t kBlock = 64;

  struct Aggregate {
    double min = 0, max = 0, sumSquares = 0;
    std::int64_t count = 0;  ///< finite samples aggregated
    void merge(const Aggregate& o);
    void add(double v);
  };

  /// Resets to `sources` sources of `capacity` samples each (rounded up to a multiple of kBlock).
  void reset(int sources, std::int64_t capacity);
  void clear();  ///< drops all samples, keeps sources and capacity

  int sources() const { return int(values_.size()); }
  std::int64_t capacity() const { return cap_; }
  std::int64_t count() const { return count_; }
  /// Samples ever appended since the last clear (the serial number of the next sample).
  std::int64_t totalAppended() const { return total_; }
  std::int64_t firstSerial() const { return total_ - count_; }

  /// Appends one row (values[s] for each source).
  void append(double t, const double* values);

  double time(std::int64_t logical) const { return times_[std::size_t(phys(logical))]; }
  double value(int source, std::int64_t logical) const {
    return values_[std::size_t(source)].v[std::size_t(phys(logical))];
  }
  double lastTime() const { return time(count_ - 1); }
  /// First logical index whose time is >= t (count() when none).
  std::int64_t lowerBound(double t) const;
  /// First logical index whose time is > t.
  std::int64_t upperBound(double t) const;
  /// Aggregate of source over logical indices [lo, hi).
  Aggregate aggregate(int source, std::int64_t lo, std::int64_t hi) const;
  /// Min and max (NaN skipped) of source over logical indices [lo, hi); false when none is finite-ordered
  /// (empty range or all NaN). Cheaper than aggregate(): used by the per-pixel-column decimation.
  bool minMax(int source, std::int64_t lo, std::int64_t hi, double& mn, double& mx) const;
  /// Linear interpolation of source at time t (NaN outside the stored range or when empty).
  double interpolate(int source, double t) const;

 private:
  std::int64_t phys(std::int64_t logical) const {
    std::int64_t p = head_ - count_ + logical;
    return p < 0 ? p + cap_ : p;
  }
  Aggregate aggregatePhysical(int source, std::int64_t a, std::int64_t b) const;
  void minMaxPhysical(int source, std::int64_t a, std::int64_t b, double& mn, double& mx) const;

  struct Source {
    std::vector<double> v;
    std::vector<Aggregate> blocks;
    std::vector<double> bmin, bmax;  // the blocks' min / max again, contiguous (decimation)
  };
  std::int64_t cap_ = 0, count_ = 0, head_ = 0, total_ = 0;
  std::vector<double> times_;
  std::vector<Source> values_;
};

}  // namespace maniplab::ui
