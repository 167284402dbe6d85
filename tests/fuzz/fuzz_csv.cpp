// libFuzzer target: the CSV trace reader (sim/src/traces/csv.cpp, readCsv). readCsv takes a path, so each input
// is written to one temporary file first. The only allowed failure is the documented std::runtime_error;
// a table that reads must be consistent (equal column lengths, one name per column).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "maniplab/sim/traces/csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/maniplab_fuzz_csv_" + std::to_string(::getpid()) + ".csv";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  if (size > 0 && std::fwrite(data, 1, size, f) != size) std::abort();
  std::fclose(f);
  try {
    const maniplab::sim::CsvTable t = maniplab::sim::readCsv(path);
    if (t.names.size() != t.columns.size()) std::abort();
    if (!t.units.empty() && t.units.size() != t.names.size()) std::abort();
    for (const auto& c : t.columns)
      if (c.size() != t.rows()) std::abort();
  } catch (const std::runtime_error&) {
    // a documented, reported error
  }
  return 0;
}
