// libFuzzer target: an ESI file (EtherCAT Slave Information, ETG.2000 XML) as the EtherCAT master and
// `maniplab-cli ecat-esi` read it (sim/ethercat/src/esi_reader.cpp, tinyxml2): esi::parse, then what the
// master uses of each device (find by product code, the SYNC0 DC mode). The only allowed failure is the
// documented std::runtime_error, whose message names the file.
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "maniplab/ethercat/esi_reader.hpp"

using namespace maniplab::ethercat;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string xml(reinterpret_cast<const char*>(data), size);
  try {
    const esi::File f = esi::parse(xml, "fuzz.xml");
    std::size_t total = f.vendorName.size();
    for (const auto& d : f.devices) {
      if (f.find(d.productCode) == nullptr) std::abort();
      if (const auto* m = d.sync0Mode()) total += m->name.size();
    }
    [[maybe_unused]] static volatile std::size_t sink;
    sink = total;
  } catch (const std::runtime_error& e) {
    if (std::string(e.what()).find("fuzz.xml") == std::string::npos) std::abort();  // names the file
  }
  return 0;
}
