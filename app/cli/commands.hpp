#pragma once
// maniplab-cli sub-commands. Each returns the process exit status (0 ok, 1 invalid input, 2 usage).
#include <string>
#include <vector>

namespace maniplab::cli {

using Args = std::vector<std::string>;

/// Parses the whole of `text` as a finite number (no trailing characters).
bool parseFiniteNumber(const std::string& text, double& out);

int cmdCheck(const Args& args);
int cmdDynamics(const Args& args);
int cmdRun(const Args& args);
int cmdCompare(const Args& args);

}  // namespace maniplab::cli
