// maniplab-cli base-params: base (minimal) dynamic parameters of a robot file (seed 002 ch. II): the
// symbolic regrouping rules, checked against QR of the regressor, and the count formula (2.63)–(2.67).
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "maniplab/model/standard_parameters.hpp"

namespace maniplab::cli {

namespace {

int cmdBaseParams(const Args& argsIn) {
  Args args = argsIn;
  UrdfImportOptions urdf;  // --tip, --lock (URDF trees)
  if (!takeUrdfOptions(args, urdf)) return 2;
  std::string file, method = "symbolic";
  bool json = false, actuators = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") json = true;
    else if (a == "--actuators") actuators = true;
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
    std::cerr << "usage: maniplab-cli base-params ROBOT.json|ROBOT.urdf [--actuators] [--method symbolic|numeric] [--json]\n";
    return 2;
  }
  const RobotLoadResult res = loadRobotAnyFormat(file, urdf);  // ManipLab JSON or URDF (by extension)
  if (!res.ok()) {
    std::cerr << res.report() << file << ": invalid robot file\n";
    return 1;
  }
  const Model& m = res.model;
  const BaseParameterSet sym = symbolicBaseParameters(m, {actuators});
  NumericBaseOptions no;
  no.actuators = actuators;
  const BaseParameterSet num = numericBaseParameters(m, no);
  const BaseParameterSet& set = method == "symbolic" ? sym : num;
  const bool agree = sym.count() == num.count() && sameSpan(sym, num);
  const BaseCountFormula f = baseParameterCountFormula(m);
  const StandardParameters sp = standardParameters(m);
  const VectorX values = set.values(sp.values);
  const char* frames = res.description.convention == Convention::MDH
                           ? "the file's modified-DH frames"
                           : (res.description.convention == Convention::DH
                                  ? "the modified-DH frames of the same robot (converted from the file's standard DH: "
                                    "alpha_j = alpha_j-1, d_j = a_j-1, theta_j, r_j = d_j; seed 002's convention)"
                                  : "the file's joint frames (z on the joint axis)");
  if (json) {
    nlohmann::json j;
    j["robot"] = file;
    j["name"] = m.name;
    j["method"] = method;
    j["actuators"] = actuators;
    j["count"] = set.count();
    j["count_symbolic"] = sym.count();
    j["count_numeric"] = num.count();
    j["symbolic_equals_numeric"] = agree;
    j["count_formula"] = {{"N_R", f.nR}, {"N_T", f.nT}, {"total", f.total}, {"detail", f.detail},
                          {"inertial_only", true}};
    j["R1"] = f.R1;
    j["R2"] = f.R2;
    j["frames"] = frames;
    j["params"] = nlohmann::json::array();
    for (int b = 0; b < set.count(); ++b)
      j["params"].push_back({{"name", set.params[std::size_t(b)].name},
                             {"expression", set.params[std::size_t(b)].expression},
                             {"value", values[b]}});
    j["notes"] = set.notes;
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << m.name << ": " << set.count() << " base parameters (" << method
              << (actuators ? ", with rotor inertia and friction" : ", inertial") << ")\n"
              << "  symbolic " << sym.count() << ", numeric (QR) " << num.count()
              << (agree ? ", same span" : ", DIFFERENT SPANS") << "\n"
              << "  count formula: " << f.detail << "\n"
              << "  standard parameters in " << frames << "\n";
    for (const auto& n : set.notes) std::cout << "  note: " << n << "\n";
    for (int b = 0; b < set.count(); ++b)
      std::cout << "  " << std::left << std::setw(8) << set.params[std::size_t(b)].name << " = "
                << set.params[std::size_t(b)].expression << "   [" << std::setprecision(6) << values[b] << "]\n";
  }
  return agree ? 0 : 1;
}

const Registration kBaseParams{
    {"base-params",
     "  base-params ROBOT.json|ROBOT.urdf [--actuators] [--method symbolic|numeric] [--json]\n"
     "                                   base inertial parameters (seed 002): names, expressions in the\n"
     "                                   standard parameters, values from the file, count formula\n",
     &cmdBaseParams, 70}};

}  // namespace
}  // namespace maniplab::cli
