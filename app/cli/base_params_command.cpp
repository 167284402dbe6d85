// maniplab-cli base-params: base (minimal) dynamic parameters of a robot file (Belkoura 1993 ch. II): the
// symbolic regrouping rules (with the extensions of docs/base-parameter-rules.md), checked against QR of
// the regressor and completed to a minimal set when a rule is missing, and the count formula (2.63)–(2.67).
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "provenance.hpp"

namespace maniplab::cli {

namespace {

int cmdBaseParams(const Args& argsIn) {
  Args args = argsIn;
  UrdfImportOptions urdf;  // --tip, --lock (URDF trees)
  if (!takeUrdfOptions(args, urdf)) return 2;
  std::string file, method = "symbolic";
  bool json = false, actuators = false, thesisRules = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") json = true;
    else if (a == "--actuators") actuators = true;
    else if (a == "--thesis-rules") thesisRules = true;
    else if (a == "--method" && i + 1 < args.size()) method = args[++i];
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "maniplab-cli base-params: unknown option " << a << "\n";
      return 2;
    } else if (file.empty()) file = a;
    else {
      std::cerr << "maniplab-cli base-params: unexpected argument " << a << "\n";
      return 2;
    }
  }
  if (file.empty() || (method != "symbolic" && method != "numeric")) {
    std::cerr << "usage: maniplab-cli base-params ROBOT.json|ROBOT.urdf [--actuators] [--method symbolic|numeric] "
                 "[--thesis-rules] [--json]\n";
    return 2;
  }
  const RobotLoadResult res = loadRobotAnyFormat(file, urdf);  // ManipLab JSON or URDF (by extension)
  if (!res.ok()) {
    std::cerr << res.report() << file << ": invalid robot file\n";
    return 1;
  }
  const Model& m = res.model;
  BaseParameterOptions so;
  so.actuators = actuators;
  so.rules = thesisRules ? kThesisRulesOnly : kAllRules;
  const BaseParameterSet sym = symbolicBaseParameters(m, so);  // the rules, completed to a minimal set
  NumericBaseOptions no;
  no.actuators = actuators;
  const BaseParameterSet num = numericBaseParameters(m, no);
  const BaseParameterSet& set = method == "symbolic" ? sym : num;
  const bool minimal = sym.count() == num.count() && sameSpan(sym, num);  // the reported set
  const bool rulesAgree = minimal && sym.check.rulesMinimal;              // ... by the rules alone
  // The count formula (Belkoura 1993 (2.63)-(2.67)) is a chain's: none for a tree (Model::parent), whose
  // base parameters come from the rules on each branch (base_parameters.hpp).
  const bool tree = !m.isChain();
  BaseCountFormula f;
  if (tree) f.detail = "none (a tree: the formula is a serial chain's)";
  else f = baseParameterCountFormula(m, so.rules);
  const StandardParameters sp = standardParameters(m);
  const VectorX values = set.values(sp.values);
  const char* frames = res.description.convention == Convention::MDH
                           ? "the file's modified-DH frames"
                           : (res.description.convention == Convention::DH
                                  ? "the modified-DH frames of the same robot (converted from the file's standard DH: "
                                    "alpha_j = alpha_j-1, d_j = a_j-1, theta_j, r_j = d_j; Belkoura 1993's convention)"
                                  : "the file's joint frames (z on the joint axis)");
  if (json) {
    nlohmann::json j;
    j["robot"] = file;
    j["name"] = m.name;
    j["method"] = method;
    j["actuators"] = actuators;
    j["count"] = set.count();
    j["count_symbolic"] = sym.check.rulesCount;  // the grouping rules alone
    j["count_numeric"] = num.count();
    j["symbolic_equals_numeric"] = rulesAgree;
    j["minimal"] = minimal;
    j["rules"] = thesisRules ? "thesis" : "extended";
    j["completed"] = sym.check.completed;  // what the numeric completion did (empty: the rules are minimal)
    if (tree) {
      j["count_formula"] = nullptr;
      j["R1"] = nullptr;
      j["R2"] = nullptr;
    } else {
      j["count_formula"] = {{"N_R", f.nR}, {"N_T", f.nT}, {"total", f.total}, {"detail", f.detail},
                            {"inertial_only", true}};
      j["R1"] = f.R1;
      j["R2"] = f.R2;
    }
    j["frames"] = frames;
    j["params"] = nlohmann::json::array();
    for (int b = 0; b < set.count(); ++b)
      j["params"].push_back({{"name", set.params[std::size_t(b)].name},
                             {"expression", set.params[std::size_t(b)].expression},
                             {"value", values[b]}});
    j["notes"] = set.notes;
    j["provenance"] = provenanceJson(provenance({{"robot", file}}));
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << m.name << ": " << set.count() << " base parameters (" << method
              << (actuators ? ", with rotor inertia and friction" : ", inertial") << ")\n"
              << "  symbolic rules " << sym.check.rulesCount << (thesisRules ? " (Belkoura 1993's alone)" : "")
              << ", numeric (QR) " << num.count()
              << (rulesAgree ? ", same span"
                             : (minimal ? ", a rule is missing: completed to a minimal set from the QR (see the notes)"
                                        : ", DIFFERENT SPANS"))
              << "\n"
              << "  count formula: " << f.detail << "\n"
              << "  standard parameters in " << frames << "\n";
    for (const auto& n : set.notes) std::cout << "  note: " << n << "\n";
    for (int b = 0; b < set.count(); ++b)
      std::cout << "  " << std::left << std::setw(8) << set.params[std::size_t(b)].name << " = "
                << set.params[std::size_t(b)].expression << "   [" << std::setprecision(6) << values[b] << "]\n";
  }
  return minimal ? 0 : 1;
}

const Registration kBaseParams{
    {"base-params",
     "  base-params ROBOT.json|ROBOT.urdf [--actuators] [--method symbolic|numeric] [--thesis-rules] [--json]\n"
     "                                   base inertial parameters (Belkoura 1993): names, expressions in the\n"
     "                                   standard parameters, values from the file, count formula; always a\n"
     "                                   minimal set (completed from the QR where a rule is missing);\n"
     "                                   --thesis-rules: Belkoura 1993's rules (and the rotor-inertia\n"
     "                                   groupings of Khalil & Dombre) without the extensions of\n"
     "                                   docs/base-parameter-rules.md, completed from the QR\n",
     &cmdBaseParams, 70}};

}  // namespace
}  // namespace maniplab::cli
