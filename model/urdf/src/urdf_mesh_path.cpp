// URDF mesh references (package://, file://, relative) resolved by the search rule of urdf_file.hpp,
// and the loader that dispatches on the file extension.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "maniplab/model/model_messages.hpp"
#include "maniplab/urdf/urdf_file.hpp"

namespace maniplab {

namespace fs = std::filesystem;

namespace {

bool isFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}
std::string normal(const fs::path& p) {
  std::error_code ec;
  const fs::path a = fs::absolute(p, ec);
  return (ec ? p : a).lexically_normal().string();
}

}  // namespace

std::string resolveMeshPath(const std::string& uri, const std::string& urdfFile, const UrdfImportOptions& opt) {
  if (uri.empty()) return {};
  std::error_code ec;
  const fs::path urdfDir = urdfFile.empty() ? fs::current_path(ec) : fs::absolute(fs::path(urdfFile), ec).parent_path();
  const std::string pkg = "package://", file = "file://";
  if (uri.rfind(file, 0) == 0) {
    const fs::path p(uri.substr(file.size()));
    return isFile(p) ? normal(p) : std::string();
  }
  if (uri.rfind(pkg, 0) != 0) {
    const fs::path p(uri);
    const fs::path full = p.is_absolute() ? p : urdfDir / p;
    return isFile(full) ? normal(full) : std::string();
  }
  const std::string rest = uri.substr(pkg.size());
  const auto slash = rest.find('/');
  if (slash == std::string::npos || slash == 0) return {};
  const std::string name = rest.substr(0, slash), inside = rest.substr(slash + 1);
  std::vector<std::string> dirs = opt.packagePaths;
  if (opt.useRosPackagePath)
    if (const char* env = std::getenv("ROS_PACKAGE_PATH")) {
      std::string s = env;
      std::size_t b = 0;
      while (b <= s.size()) {
        const std::size_t e = std::min(s.find(':', b), s.size());
        if (e > b) dirs.push_back(s.substr(b, e - b));
        b = e + 1;
      }
    }
  for (const auto& d : dirs)
    if (isFile(fs::path(d) / name / inside)) return normal(fs::path(d) / name / inside);
  for (fs::path a = urdfDir; !a.empty(); a = a.parent_path()) {
    if (a.filename() == name && isFile(a / inside)) return normal(a / inside);
    if (isFile(a / name / inside)) return normal(a / name / inside);
    if (a == a.parent_path()) break;
  }
  return {};
}

bool isUrdfPath(const std::string& path) {
  if (path.size() < 5) return false;
  std::string ext = path.substr(path.size() - 5);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".urdf";
}

std::optional<Diagnostic> urdfOnlyOptionsError(const std::string& path, const UrdfImportOptions& options) {
  if (options.tip.empty() && options.lockedPositions.empty() && !options.wholeTree && !options.coupleMimics)
    return std::nullopt;
  return Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kUrdfOptionsNeedUrdf));
}

RobotLoadResult loadRobotAnyFormat(const std::string& path, const UrdfImportOptions& options) {
  if (isUrdfPath(path)) return loadUrdfFile(path, options);
  RobotLoadResult r = loadRobotFile(path);
  if (auto e = urdfOnlyOptionsError(path, options)) r.diagnostics.push_back(std::move(*e));
  return r;
}

}  // namespace maniplab
