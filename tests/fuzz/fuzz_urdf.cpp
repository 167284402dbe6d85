// libFuzzer target: URDF import (model/urdf, through liburdfdom). Any input gives diagnostics, never a
// crash; a robot that imports must export and import again with the same joint count.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "maniplab/urdf/urdf_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  maniplab::UrdfImportOptions o;
  o.useRosPackagePath = false;
  const maniplab::RobotLoadResult r = maniplab::parseUrdf(text, "/nonexistent/fuzz.urdf", o);
  if (!r.ok()) return 0;
  const maniplab::RobotLoadResult again = maniplab::parseUrdf(maniplab::robotToUrdf(r.description), "/nonexistent/again.urdf", o);
  if (!again.ok() || again.model.nq != r.model.nq) std::abort();
  return 0;
}
