// libFuzzer target: the robot file reader (model/src/robot_file.cpp). Any input must give diagnostics,
// never a crash, an exception or a sanitizer report; a file that loads must survive robotToJson and load
// again (the writer's round trip).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "maniplab/model/robot_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const maniplab::RobotLoadResult r = maniplab::parseRobot(text, "fuzz.json");
  if (!r.ok()) return 0;
  const maniplab::RobotLoadResult again = maniplab::parseRobot(maniplab::robotToJson(r.description), "again.json");
  if (!again.ok() || again.model.nq != r.model.nq) std::abort();  // the writer must round-trip what loads
  return 0;
}
