#pragma once
// The rule every file reader's error keeps (issue 27; sim/reader_error.hpp): the message is exactly
// "FILE" + location + ": error: " + reason, said once, with no library text (nlohmann's "[json.exception...",
// tinyxml2's "XML_ERROR_..." / "ErrorID=") and no class or function name of ManipLab ("readCsv:",
// "parseDriveProfile", "::"). Used by the data-driven reader tests of tests/ethercat, tests/sim and
// tests/identification.
#include <string>

namespace maniplab::test {

inline std::size_t occurrences(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); !needle.empty() && at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

/// The message a reader must give: file, location (a "/" JSON pointer or XML path follows the file
/// directly, "line ..." after ": ", none for the whole file), then ": error: " and the reason.
inline std::string readerMessage(const std::string& file, const std::string& location, const std::string& reason) {
  std::string s = file;
  if (!location.empty()) s += (location.front() == '/' ? ":" : ": ") + location;
  return s + ": error: " + reason;
}

/// Empty when `message` keeps the rule for (file, location, reason), else what is wrong.
inline std::string readerRuleBroken(const std::string& message, const std::string& file, const std::string& location,
                                    const std::string& reason) {
  const std::string expected = readerMessage(file, location, reason);
  if (message.empty()) return "no error was raised; expected '" + expected + "'";
  for (const char* forbidden : {"json.exception", "parse_error", "type_error", "out_of_range", "XML_ERROR", "ErrorID",
                                "Error=", "readCsv", "parseDriveProfile", "traceFromTable", "::", "what()"})
    if (message.find(forbidden) != std::string::npos) return "library or code text '" + std::string(forbidden) + "' in: " + message;
  if (occurrences(message, reason) != 1) return "the reason is not said exactly once in: " + message;
  if (occurrences(message, file) != 1) return "the file is not named exactly once in: " + message;
  if (message != expected) return "got      '" + message + "'\nexpected '" + expected + "'";
  return {};
}

}  // namespace maniplab::test
