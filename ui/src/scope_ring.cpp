#include "maniplab/ui/scope_ring.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace maniplab::ui {

void ScopeRing::Aggregate::add(double v) {
  if (!std::isfinite(v)) return;
  if (count == 0) {
    min = max = v;
  } else {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  sumSquares += v * v;
  ++count;
}

void ScopeRing::Aggregate::merge(const Aggregate& o) {
  if (o.count == 0) return;
  if (count == 0) {
    *this = o;
    return;
  }
  if (o.min < min) min = o.min;
  if (o.max > max) max = o.max;
  sumSquares += o.sumSquares;
  count += o.count;
}

void ScopeRing::reset(int sources, std::int64_t capacity) {
  capacity = std::max<std::int64_t>(capacity, kBlock);
  cap_ = (capacity + kBlock - 1) / kBlock * kBlock;
  times_.assign(std::size_t(cap_), 0.0);
  values_.assign(std::size_t(std::max(sources, 0)), Source{});
  for (auto& s : values_) {
    s.v.assign(std::size_t(cap_), 0.0);
    s.blocks.assign(std::size_t(cap_ / kBlock), Aggregate{});
    s.bmin.assign(std::size_t(cap_ / kBlock), 0.0);
    s.bmax.assign(std::size_t(cap_ / kBlock), 0.0);
  }
  clear();
}

void ScopeRing::clear() {
  count_ = head_ = total_ = 0;
}

void ScopeRing::append(double t, const double* values) {
  const std::size_t p = std::size_t(head_);
  times_[p] = t;
  const std::size_t blk = p / std::size_t(kBlock);
  const bool first = p % std::size_t(kBlock) == 0;
  for (std::size_t s = 0; s < values_.size(); ++s) {
    Source& src = values_[s];
    const double v = values[s];
    src.v[p] = v;
    Aggregate& a = src.blocks[blk];
    if (first) a = Aggregate{};
    a.add(v);
    src.bmin[blk] = a.count ? a.min : std::numeric_limits<double>::infinity();
    src.bmax[blk] = a.count ? a.max : -std::numeric_limits<double>::infinity();
  }
  head_ = head_ + 1 == cap_ ? 0 : head_ + 1;
  if (count_ < cap_) ++count_;
  ++total_;
}

std::int64_t ScopeRing::lowerBound(double t) const {
  std::int64_t lo = 0, hi = count_;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (time(mid) < t)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

std::int64_t ScopeRing::upperBound(double t) const {
  std::int64_t lo = 0, hi = count_;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (time(mid) <= t)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

ScopeRing::Aggregate ScopeRing::aggregatePhysical(int source, std::int64_t a, std::int64_t b) const {
  // A block lying wholly inside [a, b) never straddles the write position (a physical segment never
  // crosses it), so its summary covers exactly its current samples.
  const Source& src = values_[std::size_t(source)];
  Aggregate r;
  while (a < b && a % kBlock != 0) r.add(src.v[std::size_t(a++)]);
  while (a + kBlock <= b) {
    r.merge(src.blocks[std::size_t(a / kBlock)]);
    a += kBlock;
  }
  while (a < b) r.add(src.v[std::size_t(a++)]);
  return r;
}

ScopeRing::Aggregate ScopeRing::aggregate(int source, std::int64_t lo, std::int64_t hi) const {
  lo = std::max<std::int64_t>(lo, 0);
  hi = std::min(hi, count_);
  if (hi <= lo || source < 0 || source >= sources()) return {};
  const std::int64_t p = phys(lo), n = hi - lo;
  const std::int64_t first = std::min(n, cap_ - p);
  Aggregate r = aggregatePhysical(source, p, p + first);
  if (n > first) r.merge(aggregatePhysical(source, 0, n - first));
  return r;
}

namespace {
// Min and max of x[0..n) folded into lo/hi, NaN skipped (v < lo ? v : lo is false for NaN). Four
// independent accumulator pairs break the dependency chain of a single running min/max (the compiler
// may not reorder an FP reduction itself); min and max are exact in any order, so the result is the
// same as a sequential scan.
inline void foldMinMax(const double* x, std::int64_t n, double& lo, double& hi) {
  double l0 = lo, l1 = lo, l2 = lo, l3 = lo, h0 = hi, h1 = hi, h2 = hi, h3 = hi;
  std::int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    l0 = x[i] < l0 ? x[i] : l0;
    l1 = x[i + 1] < l1 ? x[i + 1] : l1;
    l2 = x[i + 2] < l2 ? x[i + 2] : l2;
    l3 = x[i + 3] < l3 ? x[i + 3] : l3;
    h0 = x[i] > h0 ? x[i] : h0;
    h1 = x[i + 1] > h1 ? x[i + 1] : h1;
    h2 = x[i + 2] > h2 ? x[i + 2] : h2;
    h3 = x[i + 3] > h3 ? x[i + 3] : h3;
  }
  for (; i < n; ++i) {
    l0 = x[i] < l0 ? x[i] : l0;
    h0 = x[i] > h0 ? x[i] : h0;
  }
  l0 = l1 < l0 ? l1 : l0;
  l2 = l3 < l2 ? l3 : l2;
  lo = l2 < l0 ? l2 : l0;
  h0 = h1 > h0 ? h1 : h0;
  h2 = h3 > h2 ? h3 : h2;
  hi = h2 > h0 ? h2 : h0;
}

// The same over separate min and max arrays (the block summaries).
inline void foldBlocks(const double* bmin, const double* bmax, std::int64_t n, double& lo, double& hi) {
  double l0 = lo, l1 = lo, h0 = hi, h1 = hi;
  std::int64_t k = 0;
  for (; k + 2 <= n; k += 2) {
    l0 = bmin[k] < l0 ? bmin[k] : l0;
    l1 = bmin[k + 1] < l1 ? bmin[k + 1] : l1;
    h0 = bmax[k] > h0 ? bmax[k] : h0;
    h1 = bmax[k + 1] > h1 ? bmax[k + 1] : h1;
  }
  if (k < n) {
    l0 = bmin[k] < l0 ? bmin[k] : l0;
    h0 = bmax[k] > h0 ? bmax[k] : h0;
  }
  lo = l1 < l0 ? l1 : l0;
  hi = h1 > h0 ? h1 : h0;
}
}  // namespace

void ScopeRing::minMaxPhysical(int source, std::int64_t a, std::int64_t b, double& mn, double& mx) const {
  const Source& src = values_[std::size_t(source)];
  double lo = mn, hi = mx;
  const std::int64_t headEnd = std::min(b, (a + kBlock - 1) / kBlock * kBlock);
  const double* v = src.v.data();
  foldMinMax(v + a, headEnd - a, lo, hi);
  a = headEnd;
  const std::int64_t b0 = a / kBlock, b1 = b / kBlock;
  if (b1 > b0) {
    foldBlocks(src.bmin.data() + b0, src.bmax.data() + b0, b1 - b0, lo, hi);
    a = b1 * kBlock;
  }
  if (b > a) foldMinMax(v + a, b - a, lo, hi);
  mn = lo;
  mx = hi;
}

bool ScopeRing::minMax(int source, std::int64_t lo, std::int64_t hi, double& mn, double& mx) const {
  mn = std::numeric_limits<double>::infinity();
  mx = -std::numeric_limits<double>::infinity();
  lo = std::max<std::int64_t>(lo, 0);
  hi = std::min(hi, count_);
  if (hi <= lo || source < 0 || source >= sources()) return false;
  const std::int64_t p = phys(lo), n = hi - lo;
  const std::int64_t first = std::min(n, cap_ - p);
  minMaxPhysical(source, p, p + first, mn, mx);
  if (n > first) minMaxPhysical(source, 0, n - first, mn, mx);
  return mn <= mx;
}

double ScopeRing::interpolate(int source, double t) const {
  if (count_ == 0 || source < 0 || source >= sources()) return std::numeric_limits<double>::quiet_NaN();
  if (t < time(0) || t > lastTime()) return std::numeric_limits<double>::quiet_NaN();
  std::int64_t i = lowerBound(t);
  if (i >= count_) i = count_ - 1;
  if (time(i) == t || i == 0) return value(source, i);
  const double t0 = time(i - 1), t1 = time(i);
  const double v0 = value(source, i - 1), v1 = value(source, i);
  if (t1 <= t0) return v1;
  return v0 + (v1 - v0) * (t - t0) / (t1 - t0);
}

}  // namespace maniplab::ui
