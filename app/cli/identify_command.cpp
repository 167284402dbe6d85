// maniplab-cli identify: base parameters from a CSV trace (Belkoura 1993 ch. III): dynamic model by weighted
// least squares or the energy model without accelerations (sim/identification/identification.hpp).
#include <cmath>
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/identification.hpp"
#include "provenance.hpp"

namespace maniplab::cli {

namespace {

int cmdIdentify(const Args& args) {
  std::string robot, trace, model = "dynamic";
  bool json = false, inertialOnly = false, noTruth = false;
  sim::IdentificationOptions opt;
  auto usage = [] {
    std::cerr << "usage: maniplab-cli identify ROBOT.json TRACE.csv [--model dynamic|energy] [--cutoff HZ]\n"
                 "       [--decimation N] [--interval N] [--velocity-threshold F] [--continuous-torque] [--no-friction-params]\n"
                 "       [--no-truth] [--json]\n";
    return 2;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto number = [&](double& dst) {
      if (i + 1 >= args.size() || !parseFiniteNumber(args[i + 1], dst)) {
        std::cerr << "maniplab-cli identify: " << a << " needs a number\n";
        return false;
      }
      ++i;
      return true;
    };
    double v = 0;
    if (a == "--json") json = true;
    else if (a == "--model" && i + 1 < args.size()) model = args[++i];
    else if (a == "--cutoff") { if (!number(opt.cutoffHz)) return 2; }
    else if (a == "--decimation") { if (!number(v)) return 2; opt.decimation = int(v); }
    else if (a == "--interval") { if (!number(v)) return 2; opt.energyInterval = int(v); }
    else if (a == "--velocity-threshold") { if (!number(opt.velocityThreshold)) return 2; }
    else if (a == "--continuous-torque") opt.zeroOrderHold = false;
    else if (a == "--no-friction-params") inertialOnly = true;
    else if (a == "--no-truth") noTruth = true;
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "maniplab-cli identify: unknown option " << a << "\n";
      return usage();
    } else if (robot.empty()) robot = a;
    else if (trace.empty()) trace = a;
    else return usage();
  }
  if (robot.empty() || trace.empty() || (model != "dynamic" && model != "energy")) return usage();
  opt.model = model == "energy" ? sim::IdentificationModel::Energy : sim::IdentificationModel::Dynamic;
  const RobotLoadResult res = loadRobotFile(robot);
  if (!res.ok()) {
    std::cerr << res.report() << robot << ": invalid robot file\n";
    return 1;
  }
  try {
    const Model& m = res.model;
    const BaseParameterSet base = symbolicBaseParameters(m, {!inertialOnly});
    const sim::IdentificationTrace tr = sim::readIdentificationTrace(trace, m.nq);
    const VectorX truth = standardParameters(m).values;
    const sim::IdentificationResult r = sim::identify(m, tr, base, opt, noTruth ? nullptr : &truth);
    if (json) {
      nlohmann::json j;
      j["robot"] = robot;
      j["trace"] = trace;
      j["model"] = r.model;
      j["count"] = int(r.params.size());
      j["condition_number"] = r.conditionNumber;
      j["condition_number_scaled"] = r.conditionNumberScaled;
      j["residual"] = r.residualNorm;
      j["relative_residual"] = r.relativeResidual;
      j["rows"] = r.rows;
      j["sample_rate"] = r.sampleRate;
      j["cutoff_hz"] = r.cutoffHz;
      j["decimation"] = r.decimation;
      j["params"] = nlohmann::json::array();
      for (const auto& p : r.params) {
        nlohmann::json e = {{"name", p.name}, {"expression", p.expression}, {"value", p.value}, {"std_dev", p.stdDev},
                            {"rel_std_dev_percent", std::isfinite(p.relStdDevPercent) ? nlohmann::json(p.relStdDevPercent) : nlohmann::json(nullptr)}};
        if (p.hasTrue) {
          e["true_value"] = p.trueValue;
          e["rel_error"] = p.relError;
        }
        j["params"].push_back(e);
      }
      j["torque_fit"] = nlohmann::json::array();
      for (std::size_t i = 0; i < r.joints.size(); ++i)
        j["torque_fit"].push_back({{"joint", i + 1}, {"rms_measured", r.joints[i].rmsMeasured}, {"rms_error", r.joints[i].rmsError},
                                   {"rel_error", r.joints[i].relError}, {"samples", r.joints[i].samples}});
      j["notes"] = r.notes;
      j["provenance"] = provenanceJson(provenance({{"robot", robot}, {"trace", trace}}));
      std::cout << j.dump(2) << "\n";
    } else {
      std::cout << m.name << ": " << r.params.size() << " base parameters identified (" << r.model << " model, " << r.rows
                << " equations)\n"
                << "  condition number " << r.conditionNumber << " (column-normalised " << r.conditionNumberScaled << ")\n"
                << "  residual " << r.residualNorm << " (relative " << r.relativeResidual << ")\n";
      for (const auto& n : r.notes) std::cout << "  note: " << n << "\n";
      std::cout << "  " << std::left << std::setw(9) << "name" << std::right << std::setw(14) << "value" << std::setw(12)
                << "std %" << std::setw(14) << "true" << std::setw(12) << "rel err" << "   expression\n";
      for (const auto& p : r.params) {
        std::cout << "  " << std::left << std::setw(9) << p.name << std::right << std::setw(14) << std::setprecision(6) << p.value
                  << std::setw(12) << std::setprecision(3) << p.relStdDevPercent;
        if (p.hasTrue) std::cout << std::setw(14) << std::setprecision(6) << p.trueValue << std::setw(12) << std::setprecision(2) << p.relError;
        else std::cout << std::setw(26) << "";
        std::cout << "   " << p.expression << "\n";
      }
      std::cout << "  torque fit (dynamic model with the estimate, modelled samples): joint, RMS measured, RMS error, relative\n";
      for (std::size_t i = 0; i < r.joints.size(); ++i)
        std::cout << "    " << i + 1 << std::setw(14) << std::setprecision(5) << r.joints[i].rmsMeasured << std::setw(14)
                  << r.joints[i].rmsError << std::setw(12) << r.joints[i].relError << "\n";
    }
  } catch (const std::exception& e) {
    std::cerr << "maniplab-cli identify: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

const Registration kIdentify{
    {"identify",
     "  identify ROBOT.json TRACE.csv [--model dynamic|energy] [--cutoff HZ] [--decimation N]\n"
     "           [--interval N] [--velocity-threshold F] [--continuous-torque] [--no-friction-params]\n"
     "           [--no-truth] [--json]\n"
     "                                   identify the base parameters from a trace (time, q[i], tau[i],\n"
     "                                   optional qd[i], qdd[i]); true values from ROBOT.json\n",
     &cmdIdentify, 71}};

}  // namespace
}  // namespace maniplab::cli
