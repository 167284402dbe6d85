#pragma once
// Internal to sim: a number with a few significant digits, locale-independent (std::chars_format::general),
// as the metrics' tables (traces/metrics.cpp) and the trajectory limit check's messages
// (trajectories/limit_check.cpp) write it.
#include <charconv>
#include <string>

namespace maniplab::sim {

inline std::string significantDigits(double v, int digits) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, digits);
  return std::string(buf, r.ptr);
}

}  // namespace maniplab::sim
