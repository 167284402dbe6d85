// libFuzzer target: the scene file readers — serial scenes (sim/src/serial/scene.cpp), Orthoglide scenes
// (sim/src/orthoglide/scene.cpp) and satellite scenes (sim/src/floating_base/scene.cpp); every input goes
// to the three (each reports the others' documents as errors), and to the kinds' dispatch
// (sim::parseAnyScene: the header picks the kind, e.g. the pendulum's reader). Relative robot paths resolve against the
// repository's scenes/ directory, so the shipped robots can be referenced. Diagnostics only, never a crash.
#include <cstdint>
#include <string>

#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"

#ifndef MANIPLAB_SOURCE_DIR
#define MANIPLAB_SOURCE_DIR "."
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)maniplab::sim::parseScene(text, "fuzz_scene.json", MANIPLAB_SOURCE_DIR "/scenes");
  (void)maniplab::sim::parseOrthoglideScene(text, "fuzz_scene.json", MANIPLAB_SOURCE_DIR "/scenes");
  (void)maniplab::sim::parseSatelliteScene(text, "fuzz_scene.json", MANIPLAB_SOURCE_DIR "/scenes");
  (void)maniplab::sim::parseAnyScene(text, "fuzz_scene.json", MANIPLAB_SOURCE_DIR "/scenes");
  return 0;
}
