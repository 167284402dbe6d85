#pragma once
// Internal to the identification: a number in its messages and in the names of the trace's columns,
// with six significant digits as a stream writes it.
#include <sstream>
#include <string>

namespace maniplab::sim::identification_text {

inline std::string fmt(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

}  // namespace maniplab::sim::identification_text
