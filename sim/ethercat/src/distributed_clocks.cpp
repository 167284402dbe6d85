// Distributed clocks arithmetic: topology from DL status, propagation delays from the latched port
// receive times, system time offsets, SYNC0 start, the master's phase lock (Beckhoff ESC datasheet
// section I §9; ETG.1000.4 §5.3.6). See distributed_clocks.hpp.
#include "maniplab/ethercat/distributed_clocks.hpp"

#include <time.h>

#include <algorithm>
#include <cmath>

namespace maniplab::ethercat::dc {

namespace {
constexpr int kOrder[4] = {0, 3, 1, 2};  // the order in which an ESC visits its ports
}

std::uint8_t openPorts(std::uint16_t dl) {
  std::uint8_t m = 0;
  for (int p = 0; p < 4; ++p) {
    const bool loopClosed = (dl >> (8 + 2 * p)) & 1u, communication = (dl >> (9 + 2 * p)) & 1u;
    if (!loopClosed && communication) m = std::uint8_t(m | (1u << p));
  }
  return m;
}

int previousPort(std::uint8_t ports, int port) {
  int prev = -1;
  for (int k : kOrder) {
    if (k == port) return prev;
    if (ports & (1u << k)) prev = k;
  }
  return -1;
}

int lastPort(std::uint8_t ports) {
  int last = 0;
  for (int k : kOrder)
    if (ports & (1u << k)) last = k;
  return last;
}

Topology topology(const std::vector<std::uint16_t>& dl) {
  Topology t;
  const std::size_t n = dl.size();
  t.parent.assign(n, -1);
  t.parentPort.assign(n, -1);
  t.ports.resize(n);
  std::vector<std::vector<int>> free(n);  // child ports not yet used, in visiting order
  std::vector<int> stack;
  for (std::size_t i = 0; i < n; ++i) {
    t.ports[i] = openPorts(dl[i]);
    if (!(t.ports[i] & 1u)) t.ports[i] = std::uint8_t(t.ports[i] | 1u);  // the frame came in somewhere: port 0
    for (int k : kOrder)
      if (k != 0 && (t.ports[i] & (1u << k))) free[i].push_back(k);
    if (i > 0) {
      while (!stack.empty() && free[std::size_t(stack.back())].empty()) stack.pop_back();
      if (stack.empty()) {
        t.ok = false;
        t.error = "slave " + std::to_string(i + 1) + " follows slaves with no open port left (DL status inconsistent)";
        t.parent[i] = int(i) - 1;  // assume a line
        t.parentPort[i] = 1;
      } else {
        const int p = stack.back();
        t.parent[i] = p;
        t.parentPort[i] = free[std::size_t(p)].front();
        free[std::size_t(p)].erase(free[std::size_t(p)].begin());
      }
    }
    stack.push_back(int(i));
  }
  return t;
}

std::vector<std::int64_t> propagationDelays(const Topology& t, const std::vector<ReceiveTimes>& tm, const std::vector<bool>& hasDc,
                                            int ref) {
  const std::size_t n = tm.size();
  std::vector<std::int64_t> d(n, 0);
  auto diff = [](std::uint32_t a, std::uint32_t b) { return std::int64_t(std::int32_t(a - b)); };  // wraps every 4.3 s
  for (std::size_t i = std::size_t(std::max(ref, 0)) + 1; i < n; ++i) {
    if (!hasDc[i]) continue;
    int p = t.parent[i];
    int port = t.parentPort[i];
    // A parent without DC has no receive times: go up to the nearest ancestor with them (its delay to
    // the non-DC slaves between is then not measured).
    while (p >= 0 && !hasDc[std::size_t(p)]) {
      port = t.parentPort[std::size_t(p)];
      p = t.parent[std::size_t(p)];
    }
    if (p < ref || p < 0) continue;
    const ReceiveTimes& P = tm[std::size_t(p)];
    const ReceiveTimes& C = tm[i];
    const int prev = previousPort(t.ports[std::size_t(p)], port);
    const std::int64_t before = prev < 0 ? 0 : diff(P.port[std::size_t(prev)], P.port[0]);
    const std::int64_t roundTripParent = diff(P.port[std::size_t(port)], P.port[std::size_t(prev < 0 ? 0 : prev)]);
    const std::int64_t roundTripChild = diff(C.port[std::size_t(lastPort(t.ports[i]))], C.port[0]);
    d[i] = d[std::size_t(p)] + before + std::max<std::int64_t>(0, roundTripParent - roundTripChild) / 2;
  }
  return d;
}

std::vector<std::uint64_t> systemTimeOffsets(std::uint64_t masterTime, const std::vector<ReceiveTimes>& tm,
                                             const std::vector<std::int64_t>& delays) {
  std::vector<std::uint64_t> o(tm.size());
  for (std::size_t i = 0; i < tm.size(); ++i) o[i] = masterTime + std::uint64_t(delays[i]) - tm[i].epu;
  return o;
}

std::int32_t decodeTimeDifference(std::uint32_t raw) {
  const std::int32_t mag = std::int32_t(raw & 0x7FFFFFFFu);
  return (raw & 0x80000000u) ? -mag : mag;
}

std::uint64_t sync0Start(std::uint64_t systemTime, std::uint32_t cycle, std::int64_t shift, std::uint64_t lead) {
  if (!cycle) return systemTime + lead;
  const std::uint64_t t = systemTime + lead;
  const std::uint64_t boundary = (t / cycle + 1) * cycle;
  return std::uint64_t(std::int64_t(boundary) + shift);
}

std::uint64_t masterTimeNow() {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  constexpr std::int64_t kEpoch2000 = 946684800;  // s from 1970-01-01 to 2000-01-01 (UTC)
  return std::uint64_t((std::int64_t(ts.tv_sec) - kEpoch2000) * 1000000000 + ts.tv_nsec);
}

std::int64_t PhaseLock::error(std::uint64_t dcTime) const {
  if (period_ <= 0) return 0;
  std::int64_t e = std::int64_t((dcTime + std::uint64_t(period_) * 1024 - std::uint64_t(phase_)) % std::uint64_t(period_));
  if (e > period_ / 2) e -= period_;
  return e;
}

std::int64_t PhaseLock::update(std::uint64_t dcTime) {
  const std::int64_t e = error(dcTime);
  last_ = e;
  integral_ += double(e);
  const double bound = double(period_) / 10;
  // anti-windup: the integral alone never asks for more than the bound
  integral_ = std::clamp(integral_, -bound / 0.005, bound / 0.005);
  const double c = -(0.1 * double(e) + 0.005 * integral_);
  return std::int64_t(std::llround(std::clamp(c, -bound, bound)));
}

}  // namespace maniplab::ethercat::dc
