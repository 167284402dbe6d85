#pragma once
// The options of a maniplab-cli sub-command, declared once: parse() fills their targets and refuses what it
// does not know, usage() is the command's entry in `maniplab-cli help`, help() its `--help` page. A
// command declares them in one function taking its targets, so that the help text and the parsing cannot
// drift apart:
//
//   Options runOptions(RunArgs& a) {
//     return Options("run", "run one controller of a scene ...")
//         .positional("SCENE.json", a.scene).value("--controller", "NAME", a.controller, "the controller to run");
//   }
//   int cmdRun(const Args& args) { RunArgs a; if (auto status = runOptions(a).parse(args)) return *status; ... }
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"

namespace maniplab::cli {

class Options {
 public:
  /// `command`: as typed after maniplab-cli ("run", "orthoglide run"); `summary`: what it does (the lines
  /// of the help text, each at most ~64 characters; "\n" separates them).
  Options(std::string command, std::string summary);

  /// A positional argument (in order); an optional one is shown in brackets.
  Options& positional(std::string name, std::string& target, bool required = true);
  /// --flag VALUE (a string; the command checks its content).
  Options& value(std::string flag, std::string metavar, std::string& target, std::string help);
  /// --flag VALUE, repeatable: each value is appended to `target`.
  Options& values(std::string flag, std::string metavar, std::vector<std::string>& target, std::string help);
  /// --flag (a switch).
  Options& flag(std::string flag, bool& target, std::string help);
  /// Text appended to the synopsis, for constraints between options, e.g. "(--ifname IFACE | --in-process)".
  Options& note(std::string synopsisText);
  /// Text printed after the options by help() (options taken before parse(), e.g. kUrdfOptionsUsage).
  Options& footer(std::string helpText);

  /// Parses `args`: nothing returned means go on; otherwise the exit status to return now (0 after
  /// --help, which printed help() on stdout; 2 after a usage error, printed on stderr with the usage).
  std::optional<int> parse(const std::vector<std::string>& args) const;
  /// The entry of `maniplab-cli help`: the synopsis (wrapped) and the summary, indented as the others.
  std::string usage() const;
  /// The synopsis, the summary and one line per option.
  std::string help() const;
  const std::string& command() const { return command_; }

 private:
  struct Option {
    std::string flag, metavar, help;
    std::string* value = nullptr;
    bool* on = nullptr;
    std::vector<std::string>* list = nullptr;
  };
  struct Positional {
    std::string name;
    std::string* target;
    bool required;
  };
  std::string synopsis(std::size_t width) const;

  std::string command_, summary_;
  std::vector<Positional> positional_;
  std::vector<Option> options_;
  std::vector<std::string> notes_;
  std::string footer_;
};

}  // namespace maniplab::cli
