// maniplab-cli's provenance (provenance.hpp).
#include "provenance.hpp"

#include <filesystem>

#ifndef MANIPLAB_VERSION
#error "MANIPLAB_VERSION (the project's version) must be defined by the build (app/CMakeLists.txt)"
#endif

namespace maniplab::cli {

const char* version() { return MANIPLAB_VERSION; }

sim::Provenance provenance(const std::vector<std::pair<std::string, std::string>>& files) {
  sim::Provenance p{"maniplab-cli", version(), {}};
  for (const auto& [role, path] : files)
    if (!path.empty()) p.files.emplace_back(role, std::filesystem::path(path).lexically_normal().string());
  return p;
}

nlohmann::json provenanceJson(const sim::Provenance& p) {
  nlohmann::json o = nlohmann::json::object();
  o["program"] = p.program;
  o["version"] = p.version;
  for (const auto& [role, path] : p.files) o[role] = path;
  return o;
}

nlohmann::json withProvenance(nlohmann::json o, const sim::Provenance& p) {
  o["provenance"] = provenanceJson(p);
  return o;
}

}  // namespace maniplab::cli
