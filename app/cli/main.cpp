// maniplab-cli: the headless, scriptable entry point of ManipLab.
#include <iostream>

#include "commands.hpp"

namespace {
void usage(std::ostream& os) {
  os << "usage: maniplab-cli COMMAND [options]\n\n"
        "commands:\n"
        "  check ROBOT.json                 validate a robot file; print a summary or the errors\n"
        "  dynamics ROBOT.json [--q a,b,..] [--qd ..] [--qdd ..] [--no-friction] [--no-gravity]\n"
        "           [--rotor armature|full] [--json]\n"
        "                                   inverse/forward dynamics, M, C, g, FK, Jacobian, energy\n"
        "                                   (angles in rad; --q defaults to the home pose)\n"
        "  run SCENE.json [--controller NAME] [--csv OUT.csv] [--channels a,b,..] [--from T] [--to T]\n"
        "                 [--json] [--quiet]\n"
        "                                   run one controller of a scene headless; print its metrics\n"
        "  compare SCENE.json [--csv-dir DIR] [--channels ..] [--from T] [--to T] [--json] [--quiet]\n"
        "                                   run every controller of the scene on the same trajectory and\n"
        "                                   print the comparison table (CSV per controller + comparison.csv)\n"
        "  help                             this text\n";
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  const std::string cmd = argv[1];
  const maniplab::cli::Args args(argv + 2, argv + argc);
  if (cmd == "check") return maniplab::cli::cmdCheck(args);
  if (cmd == "dynamics") return maniplab::cli::cmdDynamics(args);
  if (cmd == "run") return maniplab::cli::cmdRun(args);
  if (cmd == "compare") return maniplab::cli::cmdCompare(args);
  if (cmd == "help" || cmd == "--help" || cmd == "-h") {
    usage(std::cout);
    return 0;
  }
  std::cerr << "maniplab-cli: unknown command '" << cmd << "'\n";
  usage(std::cerr);
  return 2;
}
