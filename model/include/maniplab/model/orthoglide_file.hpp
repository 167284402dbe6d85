#pragma once
// Reading and validating Orthoglide robot files ("kind": "orthoglide"; format: robots/orthoglide.md).
// Diagnostics as for serial robot files (robot_file.hpp): "FILE:/json/pointer: error: message".
#include <string>
#include <vector>

#include "maniplab/model/orthoglide_model.hpp"
#include "maniplab/model/robot_file.hpp"

namespace maniplab {

struct OrthoglideLoadResult {
  OrthoglideModel model;
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return noErrors(diagnostics); }
  std::string report() const { return formatDiagnostics(diagnostics); }
};

/// Parses and validates JSON text; `fileName` only labels the diagnostics.
OrthoglideLoadResult parseOrthoglide(const std::string& jsonText, const std::string& fileName);
/// Reads a file (a missing file is an error diagnostic, never an exception).
OrthoglideLoadResult loadOrthoglideFile(const std::string& path);
/// True when the text is a JSON object with "kind": "orthoglide" (cheap dispatch for callers that
/// accept both serial and Orthoglide robot files).
bool isOrthoglideDocument(const std::string& jsonText);

}  // namespace maniplab
