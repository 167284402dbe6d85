#pragma once
#include <string>

namespace maniplab::bench {
/// Prints the simulation-engine table; returns the number of missed targets.
int runSimulationBench(const std::string& sourceDir, bool quick);
}
