// Writes the reference lines of chain_golden.hpp for the robots of a ManipLab checkout:
//   chain_golden_generate ROBOTS_DIR > tests/data/chain_golden/chains.txt
// Compiled against the model library of the commit whose results are the reference (README.md next to the
// data says which and how).
#include <cstdio>

#include "chain_golden.hpp"
#include "maniplab/model/kernel_isa.hpp"
#include "maniplab/model/robot_file.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: chain_golden_generate ROBOTS_DIR\n");
    return 2;
  }
  maniplab::setKernelIsa(maniplab::KernelIsa::Baseline);
  for (const std::string& name : maniplab::golden::chainRobots()) {
    const maniplab::RobotLoadResult r = maniplab::loadRobotFile(std::string(argv[1]) + "/" + name);
    if (!r.ok()) {
      std::fprintf(stderr, "%s: %s\n", name.c_str(), r.report().c_str());
      return 1;
    }
    for (const std::string& l : maniplab::golden::chainLines(name, r.model)) std::printf("%s\n", l.c_str());
  }
  return 0;
}
