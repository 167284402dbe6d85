#pragma once
// What produced maniplab-cli's outputs (sim::Provenance, csv.hpp): "maniplab-cli VERSION" and the input
// files. The first comment line of every CSV file the CLI writes and the "provenance" object of every JSON
// document it prints, so that a lab report can cite the program, its version and the scene/robot files.
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/sim/traces/csv.hpp"

namespace maniplab::cli {

/// The version of ManipLab (the project's CMake version, `project(ManipLab VERSION ...)`).
const char* version();

/// maniplab-cli's provenance for these input files, (role, path) pairs ("scene", "robot", "trace", ...;
/// empty paths are left out). Paths are kept as given, made lexically normal ("scenes/../robots/x.json"
/// becomes "robots/x.json").
sim::Provenance provenance(const std::vector<std::pair<std::string, std::string>>& files);

/// {"program": ..., "version": ..., ROLE: PATH, ...}.
nlohmann::json provenanceJson(const sim::Provenance& p);

/// `o` (a JSON object) with o["provenance"] = provenanceJson(p).
nlohmann::json withProvenance(nlohmann::json o, const sim::Provenance& p);

}  // namespace maniplab::cli
