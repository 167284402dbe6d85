#pragma once
// maniplab-cli sub-commands. Each returns the process exit status (0 ok, 1 invalid input, 2 usage).
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"

namespace maniplab {
struct UrdfImportOptions;
}

namespace maniplab::cli {

using Args = std::vector<std::string>;

/// Takes the URDF chain options out of `args`: "--tip LINK" (the chain's last link) and "--lock
/// JOINT=VALUE" (repeatable; rad or m), see urdf_file.hpp. False, with a message on stderr, when one is
/// malformed (exit status 2).
bool takeUrdfOptions(Args& args, UrdfImportOptions& options);
/// The help text for those options (printed after the commands by `maniplab-cli help`).
extern const char* const kUrdfOptionsUsage;

/// Parses the whole of `text` as a finite number (no trailing characters).
bool parseFiniteNumber(const std::string& text, double& out);
/// "joints (order of q; parent a(j), 0 the base): NAME(a) ...": the coordinates of a robot in the order of q,
/// each with its Khalil–Kleinfinger antecedent (the dynamics command's text).
std::string jointOrderLine(const Model& model);

int cmdCheck(const Args& args);
int cmdDynamics(const Args& args);
int cmdRun(const Args& args);
int cmdCompare(const Args& args);
/// run / compare restricted to one scene kind (the aliases `orthoglide run|compare`, `satellite`): a
/// scene of another kind is refused with what it is and that `run` runs it. `command` as typed.
int runSceneOfKind(const Args& args, bool compare, const std::string& command, const std::string& kind,
                   const std::string& summary);
/// The help entry of run / compare or of an alias (`command` as typed, `ethercat`: with the EtherCAT options).
std::string runUsage(bool compare, const std::string& command, bool ethercat, const std::string& summary);

/// A sub-command: its name, its usage lines (indented like the others in `maniplab-cli help`) and the
/// function that runs it. Files of app/cli/ register theirs with a namespace-scope `Registration`, so a
/// new command is one new file (app/cli/*.cpp is globbed) and main.cpp never changes.
struct Command {
  std::string name;
  std::string usage;
  int (*run)(const Args&);
  int order = 100;  ///< position in the help text (lower first)
};

/// All registered commands, sorted by `order` then name.
std::vector<Command>& commandRegistry();

struct Registration {
  explicit Registration(Command c);
};

}  // namespace maniplab::cli
