// maniplab-cli urdf-export / urdf-import: ManipLab robot file <-> URDF (model/urdf, urdf_file.hpp).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

#include <unistd.h>

#include "commands.hpp"
#include "maniplab/model/atomic_file.hpp"
#include "maniplab/urdf/urdf_file.hpp"

namespace maniplab::cli {

const char* const kUrdfOptionsUsage =
    "  URDF robots (any command taking ROBOT): a tree (gripper, several arms) needs the chain to simulate:\n"
    "    --tip LINK              the chain is the path from the root link to LINK (an error lists the\n"
    "                            candidate tips); moving joints off it are locked and their links lumped\n"
    "    --tree                  the whole tree instead: every moving joint but mimic and --lock ones\n"
    "                            (joints numbered depth first, each on its parent; Khalil-Kleinfinger a(j))\n"
    "    --couple-mimics         mimic joints become coupled joints (q = multiplier*q_master+offset, the\n"
    "                            dynamics projected onto the independent joints, as Pinocchio 3 does)\n"
    "                            where their master moves too; otherwise they are locked\n"
    "    --lock JOINT=VALUE      lock JOINT at VALUE (rad or m; repeatable); default: mimic joints at\n"
    "                            multiplier*q+offset, others at their maniplab home or zero\n";

bool takeUrdfOptions(Args& args, UrdfImportOptions& options) {
  Args rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--tree") {
      options.wholeTree = true;
      continue;
    }
    if (a == "--couple-mimics") {
      options.coupleMimics = true;
      continue;
    }
    if (a != "--tip" && a != "--lock") {
      rest.push_back(a);
      continue;
    }
    if (i + 1 >= args.size()) {
      std::cerr << "maniplab-cli: " << a << " needs a value (" << (a == "--tip" ? "a link name" : "JOINT=VALUE") << ")\n";
      return false;
    }
    const std::string v = args[++i];
    if (a == "--tip") {
      if (!options.tip.empty() && options.tip != v) {
        std::cerr << "maniplab-cli: --tip given twice (" << options.tip << ", " << v << ")\n";
        return false;
      }
      options.tip = v;
      continue;
    }
    const std::size_t eq = v.rfind('=');
    double x = 0;
    if (eq == std::string::npos || eq == 0 || !parseFiniteNumber(v.substr(eq + 1), x)) {
      std::cerr << "maniplab-cli: --lock " << v << ": expected JOINT=VALUE with a finite VALUE in rad or m\n";
      return false;
    }
    options.lockedPositions[v.substr(0, eq)] = x;
  }
  args = rest;
  return true;
}

namespace {

/// Replaces PATH with `text` through a temporary file and a rename (model/atomic_file.hpp): a failed
/// write keeps the old file and says why.
bool writeAtomically(const std::string& path, const std::string& text) {
  const std::string err = tryWriteFileAtomically(path, text, isUrdfPath(path) ? "URDF file" : "robot file");
  if (!err.empty()) std::cerr << err << "\n";
  return err.empty();
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

int cmdUrdfExport(const Args& argsIn) {
  Args args = argsIn;
  UrdfImportOptions urdf;
  if (!takeUrdfOptions(args, urdf)) return 2;
  std::string in, out;
  if (!parseInOut(args, "maniplab-cli urdf-export ROBOT.json --out ROBOT.urdf", in, out)) return 2;
  RobotLoadResult res = loadRobotAnyFormat(in, urdf);
  std::cerr << res.report();
  if (!res.ok()) {
    std::cerr << in << ": invalid robot file\n";
    return 1;
  }
  if (const std::string err = exportUrdfFile(res.description, in, out); !err.empty()) {
    std::cerr << err << "\n";
    return 1;
  }
  std::cout << out << ": written (" << res.model.nq << " joints)\n";
  return 0;
}

int cmdUrdfImport(const Args& argsIn) {
  Args args = argsIn;
  UrdfImportOptions urdf;
  if (!takeUrdfOptions(args, urdf)) return 2;
  std::string in, out;
  if (!parseInOut(args, "maniplab-cli urdf-import ROBOT.urdf [--tip LINK | --tree] [--couple-mimics] [--lock JOINT=VALUE ...] --out ROBOT.json", in,
                  out))
    return 2;
  RobotLoadResult res = loadUrdfFile(in, urdf);
  std::cerr << res.report();
  if (!res.ok()) {
    std::cerr << in << ": invalid URDF robot\n";
    return 1;
  }
  rebaseMeshPaths(res.description, in, out);
  if (!writeAtomically(out, robotToJson(res.description))) return 1;
  std::cout << out << ": written (" << res.model.nq << " joints, " << res.diagnostics.size() << " warnings)\n";
  return 0;
}

const Registration kUrdfExport{{"urdf-export",
                                "  urdf-export ROBOT.json --out ROBOT.urdf   write the robot as URDF (maniplab:* extensions\n"
                                "                                           keep gravity, rotors, asymmetric friction, home)\n",
                                &cmdUrdfExport, 60}};
const Registration kUrdfImport{{"urdf-import",
                                "  urdf-import ROBOT.urdf [--tip LINK | --tree] --out ROBOT.json\n"
                                "                                   convert a URDF robot to a ManipLab robot file: a chain,\n"
                                "                                   one chain of a tree (--tip) or the whole tree (--tree)\n",
                                &cmdUrdfImport, 61}};

}  // namespace

}  // namespace maniplab::cli
