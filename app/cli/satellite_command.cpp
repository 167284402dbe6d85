// maniplab-cli satellite: run / compare restricted to the floating-base (satellite) scenes (Llibre, Mampey &
// Chrétien 1983, §IV.2): the run's metrics and its momentum and energy drifts.
#include "commands.hpp"

namespace maniplab::cli {
namespace {

const char* kSummary =
    "free-floating base + arm: run a satellite scene (as `run`),\n"
    "print its metrics and its momentum and energy drifts";

int cmdSatellite(const Args& args) { return runSceneOfKind(args, false, "satellite", "floating_base", kSummary); }

const Registration kSatellite{{"satellite", runUsage(false, "satellite", false, kSummary), &cmdSatellite, 61}};

}  // namespace
}  // namespace maniplab::cli
