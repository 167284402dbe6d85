// maniplab-cli opcount: operation counts of the dynamics algorithms beside Llibre, Mampey & Chrétien 1983 §IV.1.
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "maniplab/model/operation_counts.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "provenance.hpp"

namespace maniplab::cli {
namespace {

nlohmann::json countsJson(const OpCounts& c) {
  return {{"products", c.products()}, {"additions", c.additions()}, {"mul", c.mul}, {"div", c.div},
          {"add", c.add},           {"neg", c.neg},             {"sqrt", c.sqrt}, {"sin", c.sin},
          {"cos", c.cos}};
}

int cmdOpcount(const Args& argsIn) {
  Args args = argsIn;
  UrdfImportOptions urdf;  // --tip, --lock (URDF trees)
  if (!takeUrdfOptions(args, urdf)) return 2;
  std::string file;
  int nMax = 0;
  bool json = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") {
      json = true;
    } else if (a == "--n-max") {
      double v = 0;
      if (i + 1 >= args.size() || !parseFiniteNumber(args[i + 1], v) || v != double(int(v)) || v < 1 || v > 64) {
        std::cerr << "maniplab-cli: --n-max needs a whole number of joints in 1..64\n";
        return 2;
      }
      nMax = int(v);
      ++i;
    } else if (!a.empty() && a[0] == '-') {
      std::cerr << "maniplab-cli: unknown option " << a << "\n";
      return 2;
    } else if (file.empty()) {
      file = a;
    } else {
      std::cerr << "maniplab-cli: unexpected argument " << a << "\n";
      return 2;
    }
  }
  if (file.empty()) {
    std::cerr << "usage: maniplab-cli opcount ROBOT.json|ROBOT.urdf [--n-max N] [--json]\n";
    return 2;
  }
  const RobotLoadResult res = loadRobotAnyFormat(file, urdf);  // ManipLab JSON or URDF (by extension)
  std::cerr << res.report();
  if (!res.ok()) return 1;
  const Model& robot = res.model;
  if (nMax == 0) nMax = robot.nq;

  std::vector<OperationCountTable> tables;
  // A tree: its own counts beside those of the chain of the same joints (what the branches save).
  const bool tree = !robot.isChain();
  OperationCountTable treeTable, sameJointsChain;
  try {
    for (int n = 1; n <= nMax; ++n) tables.push_back(countOperations(chainLike(robot, n)));
    if (tree) {
      treeTable = countOperations(robot);
      sameJointsChain = countOperations(chainLike(robot, robot.nq));
    }
  } catch (const std::exception& e) {
    std::cerr << file << ": " << e.what() << "\n";
    return 1;
  }

  if (json) {
    nlohmann::json out;
    out["robot"] = robot.name;
    out["robot_joints"] = robot.nq;
    out["convention"] =
        "products = multiplications + divisions, additions = additions + subtractions; sin/cos counted apart; "
        "'ours' excludes the joint transforms S_i (Llibre, Mampey & Chrétien 1983 IV.1 counts them apart)";
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& t : tables)
      for (const auto& r : t.rows) {
        nlohmann::json o{{"n", t.n},
                         {"algorithm", r.key},
                         {"title", r.title},
                         {"ours", countsJson(r.ours)},
                         {"as_called", countsJson(r.oursAsCalled)}};
        if (r.published.mul >= 0)
          o["llibre1983"] = {{"products", r.published.mul}, {"additions", r.published.add}, {"products_formula", r.published.mulFormula},
                          {"additions_formula", r.published.addFormula}};
        rows.push_back(o);
      }
    out["rows"] = rows;
    if (tree) {
      nlohmann::json parents = nlohmann::json::array(), treeRows = nlohmann::json::array();
      for (int p : robot.parent) parents.push_back(p + 1);
      for (const auto& r : treeTable.rows)
        if (const AlgorithmCount* c = sameJointsChain.find(r.key))
          treeRows.push_back({{"algorithm", r.key}, {"title", r.title}, {"tree", countsJson(r.ours)}, {"chain", countsJson(c->ours)}});
      out["tree"] = {{"parents", parents}, {"rows", treeRows}};
    }
    out["provenance"] = provenanceJson(provenance({{"robot", file}}));
    std::cout << out.dump(1) << "\n";
    return 0;
  }

  std::cout << "Operation counts of chains like " << robot.name << " (" << robot.nq << " joints; n > " << robot.nq
            << " repeats its joints, n = " << robot.nq << (tree ? " is its joints one after the other: the tree is below)\n" : " is the robot itself)\n")
            << "ManipLab's code run on a counting scalar: x = multiplications + divisions, + = additions +\n"
            << "subtractions; sin/cos of q given (counted apart), as in Llibre, Mampey & Chrétien 1983 IV.1; the joint transforms S_i\n"
            << "are their own row and are excluded from the others. Llibre, Mampey & Chrétien's (1983) formulas are for revolute joints\n"
            << "without actuators and the authors' own code: they are shown for comparison, not expected equal.\n";
  for (std::size_t a = 0; a < tables.back().rows.size(); ++a) {
    const AlgorithmCount& head = tables.back().rows[a];
    std::cout << "\n" << head.title;
    if (head.published.mul >= 0) std::cout << "   [Llibre, Mampey & Chrétien 1983: x = " << head.published.mulFormula << ", + = " << head.published.addFormula << "]";
    std::cout << "\n" << std::setw(4) << "n" << std::setw(13) << "ManipLab x" << std::setw(13) << "ManipLab +"
              << std::setw(10) << "1983 x" << std::setw(10) << "1983 +" << std::setw(15) << "as called x"
              << std::setw(13) << "as called +" << std::setw(7) << "sqrt" << "\n";
    for (const auto& t : tables) {
      const AlgorithmCount* r = t.find(head.key);
      if (r == nullptr) continue;
      std::cout << std::setw(4) << t.n << std::setw(13) << r->ours.products() << std::setw(13) << r->ours.additions();
      if (r->published.mul >= 0)
        std::cout << std::setw(10) << r->published.mul << std::setw(10) << r->published.add;
      else
        std::cout << std::setw(10) << "-" << std::setw(10) << "-";
      std::cout << std::setw(15) << r->oursAsCalled.products() << std::setw(13) << r->oursAsCalled.additions()
                << std::setw(7) << r->oursAsCalled.sqrt << "\n";
    }
  }
  if (tree) {
    std::cout << "\nThe tree itself (" << robot.nq << " joints, parents a(j), 0 the base:";
    for (int p : robot.parent) std::cout << " " << p + 1;
    std::cout << ") beside the chain of the same joints: what the branches save (Featherstone RBDA 6.5:\n"
              << "CRBA skips the entries of joints on different branches, which are zero; A = L^T L has no fill-in)\n"
              << std::setw(14) << std::left << "algorithm" << std::right << std::setw(10) << "tree x" << std::setw(10)
              << "tree +" << std::setw(10) << "chain x" << std::setw(10) << "chain +" << std::setw(9) << "saved x" << "\n";
    for (const auto& r : treeTable.rows) {
      const AlgorithmCount* c = sameJointsChain.find(r.key);
      if (c == nullptr) continue;
      const double saved = c->ours.products() > 0 ? 100.0 * double(c->ours.products() - r.ours.products()) / double(c->ours.products()) : 0.0;
      std::cout << std::setw(14) << std::left << r.key << std::right << std::setw(10) << r.ours.products() << std::setw(10)
                << r.ours.additions() << std::setw(10) << c->ours.products() << std::setw(10) << c->ours.additions() << std::setw(8)
                << std::fixed << std::setprecision(0) << saved << "%" << std::defaultfloat << std::setprecision(6) << "\n";
    }
  }
  return 0;
}

const Registration kOpcount{{"opcount",
                             "  opcount ROBOT.json|ROBOT.urdf [--n-max N] [--json]\n"
                             "                                   multiplications/additions of NE, the kinetic-energy\n"
                             "                                   recurrence, CRBA, ABA and Cholesky for n = 1..N,\n"
                             "                                   beside Llibre, Mampey & Chrétien's (1983) formulas\n",
                             &cmdOpcount, 60}};

}  // namespace
}  // namespace maniplab::cli
