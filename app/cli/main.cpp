// maniplab-cli: the headless, scriptable entry point of ManipLab. Sub-commands register themselves
// (see Command in commands.hpp); this file only dispatches.
#include <algorithm>
#include <exception>
#include <iostream>

#include "commands.hpp"
#include "provenance.hpp"

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
  os << "  help                             this text\n"
     << "  --version                        print the version (\"maniplab-cli " << version() << "\")\n\n"
     << kUrdfOptionsUsage;
}

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
  if (cmd == "--version") {
    std::cout << "maniplab-cli " << version() << "\n";
    return 0;
  }
  for (const Command& c : commandRegistry())
    if (c.name == cmd) {
      try {
        return c.run(args);
      } catch (const std::exception& e) {  // a fault no command expected: said, never a crash
        std::cerr << "maniplab-cli " << cmd << ": error: " << e.what() << "\n";
        return 1;
      }
    }
  std::cerr << "maniplab-cli: unknown command '" << cmd << "'\n";
  usage(std::cerr);
  return 2;
}
