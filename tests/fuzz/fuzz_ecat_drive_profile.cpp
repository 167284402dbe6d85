// libFuzzer target: a drive profile (JSON, robots/drives/*.json) as the EtherCAT master reads one
// (sim/ethercat/src/drive_profile.cpp): parseDriveProfile, then what bring-up uses of it (matching by
// identity, the roles a CSP or CST run needs). The only allowed failure is the documented
// std::runtime_error, whose message names the file.
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "maniplab/ethercat/drive_profile.hpp"

using namespace maniplab::ethercat;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string json(reinterpret_cast<const char*>(data), size);
  try {
    const DriveProfile p = parseDriveProfile(json, "fuzz.json");
    const std::vector<DriveProfile> one{p};
    const std::uint32_t v = p.vendor.value_or(0), pc = p.product.value_or(0), r = p.revision.value_or(0);
    [[maybe_unused]] static volatile int sink;
    sink = p.specificity() + (matchDriveProfile(one, v, pc, r) != nullptr) + int(requiredRoles(8).size() + requiredRoles(10).size());
  } catch (const std::runtime_error& e) {
    if (std::string(e.what()).find("fuzz.json") == std::string::npos) std::abort();  // names the file
  }
  return 0;
}
