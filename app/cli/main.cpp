// maniplab-cli: the headless, scriptable entry point of ManipLab. Sub-commands register themselves
// (see Command in commands.hpp); this file only dispatches.
#include <algorithm>
#include <iostream>

#include "commands.hpp"

namespace maniplab::cli {

std::vector<Command>& commandRegistry() {
  static std::vector<Command> registry;
  return registry;
}

Registration::Registration(Command c) {
  auto& r = commandRegistry();
  r.push_back(std::move(c));
  std::stable_sort(r.begin(), r.end(), [](const Command& a, const Command& b) {
    return a.order != b.order ? a.order < b.order : a.name < b.name;
  });
}

namespace {
void usage(std::ostream& os) {
  os << "usage: maniplab-cli COMMAND [options]\n\ncommands:\n";
  for (const Command& c : commandRegistry()) os << c.usage;
  os << "  help                             this text\n\n" << kUrdfOptionsUsage;
}

const Registration kCheck{{"check",
                           "  check ROBOT                      validate a robot file (.json or .urdf); print a summary or\n"
                           "                                   the errors\n",
                           &cmdCheck, 10}};
const Registration kDynamics{
    {"dynamics",
     "  dynamics ROBOT [--q a,b,..] [--qd ..] [--qdd ..] [--no-friction] [--no-gravity]\n"
     "           [--rotor armature|full] [--json]\n"
     "                                   inverse/forward dynamics, M, C, g, FK, Jacobian, energy\n"
     "                                   (ROBOT: .json or .urdf; angles in rad; --q defaults to the\n"
     "                                   home pose)\n",
     &cmdDynamics, 20}};
const Registration kRun{
    {"run",
     "  run SCENE.json [--controller NAME] [--csv OUT.csv] [--channels a,b,..] [--from T] [--to T]\n"
     "                 [--json] [--quiet] [--backend sim|ethercat (--ifname IFACE | --in-process)\n"
     "                 [--mode cst|csp] [--cycle-hz F] [--drive-profile ID|FILE.json]\n"
     "                 [--pdo-remap auto|always|never] [--esi FILE.xml]... [--dc auto|on|off]\n"
     "                 [--virtual-profile generic|vendor|minimal]]\n"
     "                                   run one controller of a scene headless (on the simulated plant\n"
     "                                   or on EtherCAT drives); print its metrics. EtherCAT: drive\n"
     "                                   profiles (robots/drives: generic-cia402, ingenia-evs-net-01, or\n"
     "                                   a file) say what to map; the drive's own mapping is kept when\n"
     "                                   it suffices (auto); ESI files give default PDOs and DC modes\n",
     &cmdRun, 30}};
const Registration kCompare{
    {"compare",
     "  compare SCENE.json [--csv-dir DIR] [--channels ..] [--from T] [--to T] [--json] [--quiet]\n"
     "                 [--backend sim|ethercat --ifname IFACE ...]\n"
     "                                   run every controller of the scene on the same trajectory and\n"
     "                                   print the comparison table (CSV per controller + comparison.csv)\n",
     &cmdCompare, 40}};
}  // namespace
}  // namespace maniplab::cli

int main(int argc, char** argv) {
  using namespace maniplab::cli;
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  const std::string cmd = argv[1];
  const Args args(argv + 2, argv + argc);
  if (cmd == "help" || cmd == "--help" || cmd == "-h") {
    usage(std::cout);
    return 0;
  }
  for (const Command& c : commandRegistry())
    if (c.name == cmd) return c.run(args);
  std::cerr << "maniplab-cli: unknown command '" << cmd << "'\n";
  usage(std::cerr);
  return 2;
}
