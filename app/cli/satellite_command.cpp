// maniplab-cli satellite: the free-floating base scene (seed 000 §IV.2) and its momentum drift.
#include <iomanip>
#include <iostream>

#include "commands.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/floating_base/plant.hpp"

namespace maniplab::cli {
namespace {

int cmdSatellite(const Args& args) {
  std::string file, csv;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--csv") {
      if (i + 1 >= args.size()) {
        std::cerr << "maniplab-cli: --csv needs a value\n";
        return 2;
      }
      csv = args[++i];
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
    std::cerr << "usage: maniplab-cli satellite SCENE.json [--csv OUT.csv]\n";
    return 2;
  }
  const sim::SatelliteLoadResult load = sim::loadSatelliteScene(file);
  std::cerr << load.report();
  if (!load.ok()) return 1;
  const sim::SatelliteScene& sc = load.scene;
  sim::Recorder rec(sim::satelliteChannels(sc.model.arm.nq));
  sim::SatelliteRunResult r;
  try {
    r = sim::runSatellite(sc, rec);
  } catch (const std::exception& e) {
    std::cerr << file << ": " << e.what() << "\n";
    return 1;
  }
  std::cout << sc.name << ": " << (r.ok ? "completed" : "FAILED") << ", " << r.endTime << " s simulated ("
            << r.evaluations << " dynamics evaluations)\n";
  if (!r.ok) std::cout << "  " << r.message << "\n";
  std::cout << std::setprecision(4) << "  max joint tracking error       " << r.maxJointError << " rad\n"
            << "  base displacement              " << r.baseDisplacement.transpose() << " m ("
            << r.baseDisplacement.norm() << " m)\n"
            << "  base rotation                  " << r.baseRotation << " rad\n"
            << "  system centre of mass moved by " << (r.final.centreOfMass - r.initial.centreOfMass).norm() << " m\n"
            << std::setprecision(3)
            << "  linear momentum drift          " << r.driftP << " kg m/s (relative " << r.relDriftP << ")\n"
            << "  angular momentum drift         " << r.driftL << " N m s (relative " << r.relDriftL << ")\n"
            << "  energy balance T - T0 - W      " << r.driftE << " J (relative " << r.relDriftE << ")\n";
  if (!csv.empty()) {
    try {
      sim::writeCsv(rec, csv);
    } catch (const std::exception& e) {
      std::cerr << csv << ": " << e.what() << "\n";
      return 1;
    }
  }
  return r.ok ? 0 : 1;
}

const Registration kSatellite{{"satellite",
                               "  satellite SCENE.json [--csv OUT.csv]\n"
                               "                                   free-floating base + arm (seed 000 IV.2): run the\n"
                               "                                   satellite scene, print the momentum/energy drift\n",
                               &cmdSatellite, 61}};

}  // namespace
}  // namespace maniplab::cli
