// maniplab-cli urdf-export / urdf-import: ManipLab robot file <-> URDF (model/urdf, urdf_file.hpp).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <unistd.h>

#include "commands.hpp"
#include "maniplab/model/atomic_file.hpp"
#include "maniplab/urdf/urdf_file.hpp"

namespace maniplab::cli {

namespace {

namespace fs = std::filesystem;

/// Replaces PATH with `text` through a temporary file and a rename (model/atomic_file.hpp): a failed
/// write keeps the old file and says why.
bool writeAtomically(const std::string& path, const std::string& text) {
  const std::string err = tryWriteFileAtomically(path, text, isUrdfPath(path) ? "URDF file" : "robot file");
  if (!err.empty()) std::cerr << err << "\n";
  return err.empty();
}

/// Re-anchors the mesh paths of a description from `fromFile`'s directory to `toFile`'s (kept as given
/// when not found).
void rebaseMeshes(RobotDescription& d, const std::string& fromFile, const std::string& toFile) {
  std::error_code ec;
  const fs::path from = fs::absolute(fromFile, ec).parent_path(), to = fs::absolute(toFile, ec).parent_path();
  for (auto& j : d.joints) {
    if (j.geometry.shape != "mesh" || j.geometry.mesh.empty()) continue;
    fs::path p(j.geometry.mesh);
    if (j.geometry.mesh.rfind("package://", 0) == 0) continue;
    if (p.is_relative()) p = from / p;
    if (!fs::exists(p, ec)) continue;
    j.geometry.mesh = p.lexically_normal().lexically_relative(to).string();
  }
}

bool parseInOut(const Args& args, const char* usage, std::string& in, std::string& out) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--out" && i + 1 < args.size()) out = args[++i];
    else if (!args[i].empty() && args[i][0] != '-' && in.empty()) in = args[i];
    else {
      std::cerr << "usage: " << usage << "\n";
      return false;
    }
  }
  if (in.empty() || out.empty()) {
    std::cerr << "usage: " << usage << "\n";
    return false;
  }
  return true;
}

int cmdUrdfExport(const Args& args) {
  std::string in, out;
  if (!parseInOut(args, "maniplab-cli urdf-export ROBOT.json --out ROBOT.urdf", in, out)) return 2;
  RobotLoadResult res = loadRobotAnyFormat(in);
  std::cerr << res.report();
  if (!res.ok()) {
    std::cerr << in << ": invalid robot file\n";
    return 1;
  }
  rebaseMeshes(res.description, in, out);
  if (!writeAtomically(out, robotToUrdf(res.description))) return 1;
  std::cout << out << ": written (" << res.model.nq << " joints)\n";
  return 0;
}

int cmdUrdfImport(const Args& args) {
  std::string in, out;
  if (!parseInOut(args, "maniplab-cli urdf-import ROBOT.urdf --out ROBOT.json", in, out)) return 2;
  RobotLoadResult res = loadUrdfFile(in);
  std::cerr << res.report();
  if (!res.ok()) {
    std::cerr << in << ": invalid URDF robot\n";
    return 1;
  }
  rebaseMeshes(res.description, in, out);
  if (!writeAtomically(out, robotToJson(res.description))) return 1;
  std::cout << out << ": written (" << res.model.nq << " joints, " << res.diagnostics.size() << " warnings)\n";
  return 0;
}

const Registration kUrdfExport{{"urdf-export",
                                "  urdf-export ROBOT.json --out ROBOT.urdf   write the robot as URDF (maniplab:* extensions\n"
                                "                                           keep gravity, rotors, asymmetric friction, home)\n",
                                &cmdUrdfExport, 60}};
const Registration kUrdfImport{{"urdf-import",
                                "  urdf-import ROBOT.urdf --out ROBOT.json   convert a URDF serial chain to a ManipLab robot file\n",
                                &cmdUrdfImport, 61}};

}  // namespace

}  // namespace maniplab::cli
