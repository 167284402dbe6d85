#include "maniplab/model/json_reader.hpp"

#include <iomanip>
#include <sstream>

namespace maniplab {

std::string formatNumber(double v) {
  std::ostringstream s;
  s << std::setprecision(10) << v;
  return s.str();
}

}  // namespace maniplab
