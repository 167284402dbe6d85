// maniplab-cli orthoglide: the Orthoglide parallel robot (seed 004): validate a robot file, its tables,
// inverse/forward geometric models, velocity factors, inverse/direct dynamics; run and compare scenes.
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <numbers>
#include <sstream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/traces/metrics.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"

namespace maniplab::cli {

namespace {

using json = nlohmann::json;

bool parseVec3(const std::string& opt, const std::string& text, Vector3& out) {
  std::stringstream ss(text);
  std::string item;
  int k = 0;
  while (std::getline(ss, item, ',')) {
    double v = 0;
    if (k >= 3 || !parseFiniteNumber(item, v)) {
      std::cerr << "maniplab-cli: " << opt << ": '" << text << "' is not 3 comma-separated numbers\n";
      return false;
    }
    out[k++] = v;
  }
  if (k != 3) {
    std::cerr << "maniplab-cli: " << opt << ": '" << text << "' is not 3 comma-separated numbers\n";
    return false;
  }
  return true;
}

json vecJson(const Vector3& v) { return json::array({v[0], v[1], v[2]}); }
std::string vecText(const Vector3& v) {
  std::ostringstream s;
  s << std::setprecision(10) << "(" << v[0] << ", " << v[1] << ", " << v[2] << ")";
  return s.str();
}

int robotCommand(const Args& args) {
  std::string file;
  Vector3 ikm, fgm, idm, ddm, vel = Vector3::Zero(), acc = Vector3::Zero(), gamma = Vector3::Zero();
  bool hasIkm = false, hasFgm = false, hasIdm = false, hasDdm = false, tables = false, wantJson = false,
       noFriction = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto vec = [&](Vector3& dst, bool* flag) {
      if (i + 1 >= args.size()) {
        std::cerr << "maniplab-cli: " << a << " needs a value\n";
        return false;
      }
      if (flag) *flag = true;
      return parseVec3(a, args[++i], dst);
    };
    if (a == "--ikm") { if (!vec(ikm, &hasIkm)) return 2; }
    else if (a == "--fgm") { if (!vec(fgm, &hasFgm)) return 2; }
    else if (a == "--idm") { if (!vec(idm, &hasIdm)) return 2; }
    else if (a == "--ddm") { if (!vec(ddm, &hasDdm)) return 2; }
    else if (a == "--v") { if (!vec(vel, nullptr)) return 2; }
    else if (a == "--a") { if (!vec(acc, nullptr)) return 2; }
    else if (a == "--gamma") { if (!vec(gamma, nullptr)) return 2; }
    else if (a == "--tables") tables = true;
    else if (a == "--no-friction") noFriction = true;
    else if (a == "--json") wantJson = true;
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "maniplab-cli: unknown option " << a << "\n";
      return 2;
    } else if (file.empty()) file = a;
    else {
      std::cerr << "maniplab-cli: unexpected argument " << a << "\n";
      return 2;
    }
  }
  if (file.empty()) {
    std::cerr << "maniplab-cli: orthoglide: missing ROBOT.json (or run/compare SCENE.json)\n";
    return 2;
  }
  const OrthoglideLoadResult r = loadOrthoglideFile(file);
  std::cerr << r.report();
  if (!r.ok()) return 1;
  const OrthoglideModel& m = r.model;
  json out;
  std::ostringstream txt;
  txt << std::setprecision(10);
  out["name"] = m.name;
  out["K"] = vecJson(m.K());
  txt << m.name << ": Orthoglide, a = " << m.a << " m, platform " << m.platformMass << " kg, K = " << vecText(m.K())
      << "\n";
  Vector3 f;
  if (orthoglideVelocityFactors(m, m.home, f)) {
    out["home"] = vecJson(m.home);
    out["velocity_factors_at_home"] = vecJson(f);
    txt << "home P = " << vecText(m.home) << " m, velocity amplification factors " << vecText(f) << "\n";
  }
  int status = 0;
  if (tables) {
    json t = json::array();
    for (int i = 0; i < 3; ++i) {
      txt << "chain " << i + 1 << " (Khalil-Kleinfinger, seed 004 tables 1-2; joint variable added to theta or r):\n"
          << "  frame  a(j)  mu sigma      gamma          b      alpha          d      theta          r\n";
      const auto rows = orthoglideTable(m, i);
      for (const auto& row : rows) {
        const std::string ant = row.antecedent < 0 ? "0" : rows[std::size_t(row.antecedent)].frame;
        txt << "  " << std::setw(5) << row.frame << " " << std::setw(5) << ant << "  " << row.actuated << "  "
            << row.prismatic << std::fixed << std::setprecision(5) << std::setw(12) << row.gamma << std::setw(11)
            << row.b << std::setw(11) << row.alpha << std::setw(11) << row.d << std::setw(11) << row.theta
            << std::setw(11) << row.r << (row.variable ? (row.prismatic ? "  (+q on r)" : "  (+q on theta)") : "  fixed")
            << "\n";
        txt.unsetf(std::ios::fixed);
        txt << std::setprecision(10);
        t.push_back({{"chain", i + 1}, {"frame", row.frame}, {"antecedent", ant}, {"mu", row.actuated},
                     {"sigma", row.prismatic}, {"variable", row.variable}, {"gamma", row.gamma}, {"b", row.b},
                     {"alpha", row.alpha}, {"d", row.d}, {"theta", row.theta}, {"r", row.r}});
      }
    }
    txt << "loop closure (annex eq 34): q4 = -q3, q5 = -q2 - pi/2, q7 = q3, q8 = -q3\n";
    out["tables"] = t;
  }
  if (hasIkm) {
    OrthoglideChainVariables q;
    std::string why;
    if (!orthoglideInverseGeometric(m, ikm, q, &why)) {
      std::cerr << file << ": --ikm " << vecText(ikm) << ": " << why << "\n";
      status = 1;
    } else {
      const Vector3 L(q[0][0], q[1][0], q[2][0]);
      const Matrix3 Jpinv = orthoglideInverseJacobian(m, q);
      orthoglideVelocityFactors(m, ikm, f);
      json chains = json::array();
      txt << "IGM at P = " << vecText(ikm) << " m: L = " << vecText(L) << " m\n";
      for (int i = 0; i < 3; ++i) {
        chains.push_back(vecJson(q[std::size_t(i)]));
        txt << "  chain " << i + 1 << ": q1 = " << q[std::size_t(i)][0] << " m, q2 = " << q[std::size_t(i)][1]
            << " rad, q3 = " << q[std::size_t(i)][2] << " rad\n";
      }
      txt << "  J_p^-1 = [" << Jpinv.row(0) << "; " << Jpinv.row(1) << "; " << Jpinv.row(2) << "]\n"
          << "  velocity amplification factors " << vecText(f) << "\n";
      out["ikm"] = {{"P", vecJson(ikm)}, {"L", vecJson(L)}, {"chains", chains}, {"velocity_factors", vecJson(f)},
                    {"Jp_inverse", {vecJson(Jpinv.row(0)), vecJson(Jpinv.row(1)), vecJson(Jpinv.row(2))}}};
    }
  }
  if (hasFgm) {
    Vector3 P;
    std::string why;
    if (!orthoglideForwardGeometric(m, fgm, m.home, P, {}, &why)) {
      std::cerr << file << ": --fgm " << vecText(fgm) << ": " << why << "\n";
      status = 1;
    } else {
      txt << "FGM at L = " << vecText(fgm) << " m: P = " << vecText(P) << " m\n";
      out["fgm"] = {{"L", vecJson(fgm)}, {"P", vecJson(P)}};
    }
  }
  OrthoglideDynamics dyn(m);
  OrthoglideDynamicsOptions opt;
  opt.friction = !noFriction;
  if (hasIdm) {
    Vector3 G;
    std::string why;
    if (!dyn.inverseDynamics(idm, vel, acc, G, opt, nullptr, &why)) {
      std::cerr << file << ": --idm: " << why << "\n";
      status = 1;
    } else {
      txt << "IDM at P = " << vecText(idm) << ", V = " << vecText(vel) << ", Vdot = " << vecText(acc)
          << ": Gamma = " << vecText(G) << " N\n";
      out["idm"] = {{"P", vecJson(idm)}, {"V", vecJson(vel)}, {"Vdot", vecJson(acc)}, {"Gamma", vecJson(G)}};
    }
  }
  if (hasDdm) {
    Vector3 A;
    std::string why;
    if (!dyn.directDynamics(ddm, vel, gamma, A, opt, nullptr, &why)) {
      std::cerr << file << ": --ddm: " << why << "\n";
      status = 1;
    } else {
      txt << "DDM at P = " << vecText(ddm) << ", V = " << vecText(vel) << ", Gamma = " << vecText(gamma)
          << ": Vdot = " << vecText(A) << " m/s^2\n";
      out["ddm"] = {{"P", vecJson(ddm)}, {"V", vecJson(vel)}, {"Gamma", vecJson(gamma)}, {"Vdot", vecJson(A)}};
    }
  }
  if (wantJson) std::cout << out.dump(2) << "\n";
  else std::cout << txt.str();
  return status;
}

int sceneCommand(const Args& args, bool compare) {
  std::string scene, controller, csv, csvDir;
  bool wantJson = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& dst) {
      if (i + 1 >= args.size()) {
        std::cerr << "maniplab-cli: " << a << " needs a value\n";
        return false;
      }
      dst = args[++i];
      return true;
    };
    if (a == "--controller" && !compare) { if (!value(controller)) return 2; }
    else if (a == "--csv" && !compare) { if (!value(csv)) return 2; }
    else if (a == "--csv-dir" && compare) { if (!value(csvDir)) return 2; }
    else if (a == "--json") wantJson = true;
    else if (a == "--quiet") {}
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "maniplab-cli: unknown option " << a << "\n";
      return 2;
    } else if (scene.empty()) scene = a;
    else {
      std::cerr << "maniplab-cli: unexpected argument " << a << "\n";
      return 2;
    }
  }
  if (scene.empty()) {
    std::cerr << "maniplab-cli: missing SCENE.json\n";
    return 2;
  }
  const sim::OrthoglideSceneLoadResult sl = sim::loadOrthoglideSceneFile(scene);
  std::cerr << sl.report();
  if (!sl.ok()) return 1;
  const sim::OrthoglideScene& s = sl.scene;
  std::vector<const sim::ControllerSpec*> specs;
  for (const auto& c : s.controllers)
    if (compare || controller.empty() ? (compare || specs.empty()) : c.name == controller) specs.push_back(&c);
  if (specs.empty()) {
    std::cerr << scene << ": no controller named \"" << controller << "\" (have:";
    for (const auto& c : s.controllers) std::cerr << " " << c.name;
    std::cerr << ")\n";
    return 2;
  }
  try {
    if (!csvDir.empty()) std::filesystem::create_directories(csvDir);
    std::vector<std::pair<std::string, sim::RunMetrics>> runs;
    bool allOk = true;
    for (const sim::ControllerSpec* spec : specs) {
      sim::Recorder rec(sim::makeOrthoglideChannels(s.robot.model, s.record));
      std::vector<sim::JointLimitEvent> events;
      const sim::RunResult r = sim::runOrthoglideScene(s, *spec, rec, &events);
      for (const auto& e : events)
        std::cerr << scene << ": " << spec->name << ": t = " << e.time << " s: actuator " << e.joint + 1
                  << " passed its " << (e.upper ? "upper" : "lower") << " limit (q = " << e.position << " m)\n";
      if (!wantJson)
        std::cout << spec->name << ": " << (r.ok ? "completed" : "FAILED") << ", " << r.periods << " control periods, "
                  << r.endTime << " s simulated in " << r.wallSeconds << " s wall, energy drift "
                  << r.energyDriftRelative << " (relative)\n";
      if (!r.ok) {
        std::cerr << scene << ": " << spec->name << ": " << r.message << "\n";
        allOk = false;
      }
      if (!csv.empty()) sim::writeCsv(rec, csv);
      if (!csvDir.empty()) sim::writeCsv(rec, (std::filesystem::path(csvDir) / (spec->name + ".csv")).string());
      runs.emplace_back(spec->name, r.metrics);
    }
    if (!csvDir.empty())
      sim::writeCsvTable(sim::comparisonCsv(runs), (std::filesystem::path(csvDir) / "comparison.csv").string());
    if (wantJson) std::cout << sim::comparisonJson(runs) << "\n";
    else std::cout << sim::comparisonTable(runs);
    return allOk ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << scene << ": " << e.what() << "\n";
    return 1;
  }
}

int cmdOrthoglide(const Args& args) {
  if (!args.empty() && (args[0] == "run" || args[0] == "compare"))
    return sceneCommand(Args(args.begin() + 1, args.end()), args[0] == "compare");
  return robotCommand(args);
}

const Registration kOrthoglide{
    {"orthoglide",
     "  orthoglide ROBOT.json [--tables] [--ikm X,Y,Z] [--fgm L1,L2,L3] [--idm X,Y,Z --v .. --a ..]\n"
     "             [--ddm X,Y,Z --v .. --gamma ..] [--no-friction] [--json]\n"
     "                                   Orthoglide parallel robot (seed 004): KK tables, IGM, FGM,\n"
     "                                   velocity factors, inverse/direct dynamics (SI units, R_0)\n"
     "  orthoglide run SCENE.json [--controller NAME] [--csv OUT.csv] [--json]\n"
     "  orthoglide compare SCENE.json [--csv-dir DIR] [--json]\n"
     "                                   run one / every controller of an Orthoglide scene headless\n",
     &cmdOrthoglide, 60}};

}  // namespace
}  // namespace maniplab::cli
