// maniplab-cli identify-sequential: the sequential test procedure of Belkoura 1993 ch. III §IV for the TH8,
// in its corrected form (reference base-parameters-identification.md §8, errata §9), walked step by step:
// which joints move and how, the corrected equation of the step, then the step's test motions are
// simulated (sim/identification/sequential.hpp: exact motions, torques by the inverse dynamics of the
// robot file with friction, optional Gaussian torque noise) and its unknowns identified by the energy
// theorem (3.5) with the parameters found by the earlier steps: by the step's closed-form equation
// (computed in code), checked against the energy functions h on the same motions (the largest
// difference is printed), or by the h rows (--energy-rows).
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/sequential.hpp"
#include "provenance.hpp"

namespace maniplab::cli {

namespace {

std::string motionText(const Model& m, const sim::SequentialStep& st, int motions) {
  std::ostringstream o;
  for (std::size_t k = 0; k < st.moving.size(); ++k) {
    const int j = st.moving[k];
    o << (k ? "; " : "") << "joint " << j + 1 << (m.isRevolute(j) ? " (rotoid)" : " (prismatic)") << " at "
      << (st.constantVelocity[k] ? "constant" : "variable") << " velocity";
  }
  if (st.held >= 0) o << "; joint " << st.held + 1 << " held at " << motions << " different values in [-1.2, 1.2]";
  o << "; the other joints at 0";
  return o.str();
}

int cmdIdentifySequential(const Args& args) {
  std::string robot;
  bool json = false, energyRows = false;
  double noise = 0, seed = 1, extra = 3, rate = 1000;
  auto usage = [] {
    std::cerr << "usage: maniplab-cli identify-sequential ROBOT.json [--noise STD] [--seed N] [--extra-motions N]\n"
                 "       [--rate HZ] [--energy-rows] [--json]\n";
    return 2;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto number = [&](double& dst) {
      if (i + 1 >= args.size() || !parseFiniteNumber(args[i + 1], dst)) {
        std::cerr << "maniplab-cli identify-sequential: " << a << " needs a number\n";
        return false;
      }
      ++i;
      return true;
    };
    if (a == "--json") json = true;
    else if (a == "--energy-rows") energyRows = true;
    else if (a == "--noise") { if (!number(noise)) return 2; }
    else if (a == "--seed") { if (!number(seed)) return 2; }
    else if (a == "--extra-motions") { if (!number(extra)) return 2; }
    else if (a == "--rate") { if (!number(rate)) return 2; }
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "maniplab-cli identify-sequential: unknown option " << a << "\n";
      return usage();
    } else if (robot.empty()) robot = a;
    else return usage();
  }
  if (robot.empty()) return usage();
  if (noise < 0) {
    std::cerr << "maniplab-cli identify-sequential: --noise must be non-negative (torque noise std, N m or N)\n";
    return 1;
  }
  if (extra < 0 || extra != std::floor(extra) || extra > 100) {
    std::cerr << "maniplab-cli identify-sequential: --extra-motions must be an integer in [0, 100]\n";
    return 1;
  }
  if (!(rate >= 10 && rate <= 1e5)) {
    std::cerr << "maniplab-cli identify-sequential: --rate must be in [10, 100000] Hz\n";
    return 1;
  }
  const RobotLoadResult res = loadRobotFile(robot);
  if (!res.ok()) {
    std::cerr << res.report() << robot << ": invalid robot file\n";
    return 1;
  }
  const Model& m = res.model;
  if (m.nq != 6) {
    std::cerr << "maniplab-cli identify-sequential: " << robot << ": the procedure is the TH8's (6 joints, R P P R R R); \""
              << m.name << "\" has " << m.nq << " joints\n";
    return 1;
  }
  try {
    const BaseParameterSet base = symbolicBaseParameters(m, {true});
    const VectorX standard = standardParameters(m).values;
    const VectorX truth = base.values(standard);
    const double scale = truth.cwiseAbs().maxCoeff();
    const auto steps = sim::th8SequentialProcedure();
    sim::SequentialIdentifier id(m, base, standard,
                                 energyRows ? sim::SequentialEquations::EnergyFunctions : sim::SequentialEquations::ClosedForm);
    nlohmann::json j;
    j["robot"] = robot;
    j["noise_std"] = noise;
    j["rate_hz"] = rate;
    j["equations"] = energyRows ? "energy_functions" : "closed_form";
    j["steps"] = nlohmann::json::array();
    double worst = 0;
    if (!json)
      std::cout << m.name << ": sequential identification of Belkoura 1993 ch. III §IV (corrected, reference §8), "
                << steps.size() << " steps, energy theorem (3.5), no accelerations\n"
                << "  each test motion lasts 1 s sampled at " << rate << " Hz (Boole's or Simpson's rule for the work integrals); "
                << (energyRows ? "rows from the energy functions h" : "the closed-form equations, checked against the energy functions h")
                << (noise > 0 ? "; torque noise std " + std::to_string(noise) : std::string("; noiseless")) << "\n";
    for (std::size_t s = 0; s < steps.size(); ++s) {
      const auto& st = steps[s];
      const int motions = int(st.unknowns.size()) + int(extra);
      auto segs = sim::th8SequentialSegments(m, st, motions, rate);
      sim::addTorqueNoise(segs, noise, std::uint64_t(seed) * 1000 + s);
      const sim::SequentialStepResult& r = id.runStep(st, segs);
      nlohmann::json js = {{"index", s + 1}, {"title", st.title}, {"motion", motionText(m, st, motions)},
                           {"motions", motions}, {"equation", st.equation}, {"correction", st.correction},
                           {"condition_number", r.conditionNumber}, {"closed_form", r.closedForm},
                           {"closed_form_vs_energy_functions", r.closedFormDeviation}, {"params", nlohmann::json::array()}};
      if (!json) {
        std::cout << "\nstep " << st.title << "\n  motion:     " << motionText(m, st, motions) << " (" << motions
                  << " test motions)\n  equation:   " << st.equation << "\n";
        if (!st.correction.empty()) std::cout << "  corrected:  " << st.correction << "\n";
        if (r.closedFormDeviation >= 0)
          std::cout << "  closed form vs energy functions h on these motions: " << std::setprecision(2) << r.closedFormDeviation
                    << " (relative)\n";
        std::cout << "  condition number " << std::setprecision(4) << r.conditionNumber << "\n  " << std::left
                  << std::setw(8) << "name" << std::right << std::setw(16) << "identified" << std::setw(16) << "true"
                  << std::setw(12) << "rel err" << std::setw(12) << "std dev" << "   expression\n";
      }
      for (std::size_t u = 0; u < st.unknowns.size(); ++u) {
        int b = 0;
        while (base.params[std::size_t(b)].name != st.unknowns[u]) ++b;
        const double v = r.values[int(u)], t = truth[b];
        // relative to the true value; a parameter that is 0 in the robot file is compared with 1e-3 of
        // the largest base parameter
        const double rel = std::abs(v - t) / std::max(std::abs(t), 1e-3 * scale);
        worst = std::max(worst, rel);
        js["params"].push_back({{"name", st.unknowns[u]}, {"expression", base.params[std::size_t(b)].expression},
                                {"value", v}, {"true_value", t}, {"rel_error", rel}, {"std_dev", r.stdDev[int(u)]}});
        if (!json)
          std::cout << "  " << std::left << std::setw(8) << st.unknowns[u] << std::right << std::setprecision(8)
                    << std::setw(16) << v << std::setw(16) << t << std::setprecision(2) << std::setw(12) << rel
                    << std::setw(12) << r.stdDev[int(u)] << "   " << base.params[std::size_t(b)].expression << "\n";
      }
      j["steps"].push_back(js);
    }
    const sim::SequentialResult all = id.result();
    j["identified"] = int(all.names.size());
    j["worst_rel_error"] = worst;
    j["provenance"] = provenanceJson(provenance({{"robot", robot}}));
    if (json) std::cout << j.dump(2) << "\n";
    else
      std::cout << "\n" << all.names.size() << " parameters identified (26 inertial base parameters + 12 friction "
                << "coefficients on the TH8; the rotor inertias Ia are taken from the robot file); worst relative "
                << "error " << std::setprecision(3) << worst << "\n";
  } catch (const std::exception& e) {
    std::cerr << "maniplab-cli identify-sequential: " << robot << ": " << e.what() << "\n";
    return 1;
  }
  return 0;
}

const Registration kIdentifySequential{
    {"identify-sequential",
     "  identify-sequential ROBOT.json [--noise STD] [--seed N] [--extra-motions N] [--rate HZ]\n"
     "                      [--energy-rows] [--json]\n"
     "                                   the corrected sequential test procedure of Belkoura 1993 for the TH8,\n"
     "                                   step by step: motions, equations, identified vs true values\n",
     &cmdIdentifySequential, 72}};

}  // namespace
}  // namespace maniplab::cli
