#pragma once
// Reading, validating and writing robot files (format: robots/README.md).
#include <string>
#include <vector>

#include "maniplab/model/message.hpp"
#include "maniplab/model/robot_description.hpp"

namespace maniplab {

struct Diagnostic {
  enum class Severity { Warning, Error } severity = Severity::Error;
  std::string file;     ///< file name as given
  std::string path;     ///< JSON pointer of the field, e.g. /joints/2/link/mass
  std::string message;  ///< what is wrong (English)
  std::string code = {};          ///< the message's code (model_messages.hpp); empty: English only
  std::vector<MessageArg> args = {};  ///< the arguments of the code's template
  std::string toString() const;  ///< "file:path: error: message"
  /// A diagnostic whose message is `m` (its English text in `message`, its code and arguments kept).
  static Diagnostic of(Severity s, std::string file, std::string path, const Message& m);
  /// The message as data: {code, args, message}.
  Message detail() const { return Message{code, args, message}; }
};

/// True when no diagnostic is an error (warnings allowed).
bool noErrors(const std::vector<Diagnostic>& diagnostics);
/// All diagnostics, one per line.
std::string formatDiagnostics(const std::vector<Diagnostic>& diagnostics);
/// Reads a whole file; false (and `out` untouched) when it cannot be opened.
bool readTextFile(const std::string& path, std::string& out);

struct RobotLoadResult {
  RobotDescription description;
  Model model;
  std::vector<Diagnostic> diagnostics;
  bool ok() const;  ///< no error (warnings allowed)
  std::string report() const;  ///< all diagnostics, one per line
};

/// Parses and validates JSON text; `fileName` only labels the diagnostics.
RobotLoadResult parseRobot(const std::string& jsonText, const std::string& fileName);
/// Reads a file (a missing or unreadable file is an error diagnostic, never an exception).
RobotLoadResult loadRobotFile(const std::string& path);
/// Serialises a description (round-trips through parseRobot).
std::string robotToJson(const RobotDescription& desc);

}  // namespace maniplab
