// libFuzzer target: the scene file reader (sim/src/scene.cpp); relative robot paths resolve against the
// repository's scenes/ directory, so the shipped robots can be referenced. Diagnostics only, never a crash.
#include <cstdint>
#include <string>

#include "maniplab/sim/scene.hpp"

#ifndef MANIPLAB_SOURCE_DIR
#define MANIPLAB_SOURCE_DIR "."
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)maniplab::sim::parseScene(text, "fuzz_scene.json", MANIPLAB_SOURCE_DIR "/scenes");
  return 0;
}
