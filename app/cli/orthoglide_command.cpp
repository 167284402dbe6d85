// maniplab-cli orthoglide: the Orthoglide parallel robot (Guégan, Khalil, Chablat & Wenger 2002): validate a
// robot file, its tables, inverse/forward geometric models, velocity factors, inverse/direct dynamics;
// `orthoglide run|compare` are run / compare restricted to Orthoglide scenes.
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <numbers>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "maniplab/model/model_messages.hpp"
#include "maniplab/sim/document.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/scene.hpp"
#include "options.hpp"
#include "provenance.hpp"

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

struct RobotArgs {
  std::string file, ikm, fgm, idm, ddm, v, a, gamma;
  bool tables = false, json = false, noFriction = false;
};

Options robotOptions(RobotArgs& a) {
  return Options("orthoglide",
                 "Orthoglide parallel robot (Guégan, Khalil, Chablat & Wenger\n2002): KK tables, IGM, FGM, velocity "
                 "factors,\ninverse/direct dynamics (SI units, R_0)")
      .positional("ROBOT.json", a.file)
      .flag("--tables", a.tables, "the Khalil-Kleinfinger tables of the three chains")
      .value("--ikm", "X,Y,Z", a.ikm, "inverse geometric model at the platform position P [m]")
      .value("--fgm", "L1,L2,L3", a.fgm, "forward geometric model at the actuator positions [m]")
      .value("--idm", "X,Y,Z", a.idm, "inverse dynamic model at P (with --v, --a)")
      .value("--ddm", "X,Y,Z", a.ddm, "direct dynamic model at P (with --v, --gamma)")
      .value("--v", "VX,VY,VZ", a.v, "platform velocity [m/s] (default 0)")
      .value("--a", "AX,AY,AZ", a.a, "platform acceleration [m/s^2] (default 0)")
      .value("--gamma", "G1,G2,G3", a.gamma, "actuator forces [N] (default 0)")
      .flag("--no-friction", a.noFriction, "leave the drives' friction out")
      .flag("--json", a.json, "print JSON");
}

int robotCommand(const Args& args) {
  RobotArgs ra;
  if (auto status = robotOptions(ra).parse(args)) return *status;
  const std::string& file = ra.file;
  Vector3 ikm, fgm, idm, ddm, vel = Vector3::Zero(), acc = Vector3::Zero(), gamma = Vector3::Zero();
  const bool hasIkm = !ra.ikm.empty(), hasFgm = !ra.fgm.empty(), hasIdm = !ra.idm.empty(), hasDdm = !ra.ddm.empty(),
             tables = ra.tables, wantJson = ra.json, noFriction = ra.noFriction;
  for (const auto& [opt, text, dst] : {std::tuple{"--ikm", &ra.ikm, &ikm}, std::tuple{"--fgm", &ra.fgm, &fgm},
                                       std::tuple{"--idm", &ra.idm, &idm}, std::tuple{"--ddm", &ra.ddm, &ddm},
                                       std::tuple{"--v", &ra.v, &vel}, std::tuple{"--a", &ra.a, &acc},
                                       std::tuple{"--gamma", &ra.gamma, &gamma}})
    if (!text->empty() && !parseVec3(opt, *text, *dst)) return 2;
  const sim::Document doc = sim::openDocument(file);  // read once: what it is, then the robot from that text
  if (doc.type == sim::Document::Type::Scene) {
    std::cerr << file << ": this is " << doc.description() << ", not an Orthoglide robot file: `maniplab-cli "
              << (doc.kind->name() == "orthoglide" ? "orthoglide run " : "run ") << file << "` runs it\n";
    return 1;
  }
  if (doc.type == sim::Document::Type::Robot && doc.isSerialRobot()) {
    std::cerr << file << ": this is " << doc.description() << ", not an Orthoglide robot file: `maniplab-cli check "
              << file << "` reads it\n";
    return 1;
  }
  OrthoglideLoadResult r;
  if (doc.type == sim::Document::Type::Unreadable)
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, file, "", message(msg::kCannotOpen)));
  else
    r = parseOrthoglide(doc.text, file);
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
      txt << "chain " << i + 1 << " (Khalil-Kleinfinger, Guégan et al. 2002 tables 1-2; joint variable added to theta or r):\n"
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
  if (wantJson) std::cout << withProvenance(out, provenance({{"robot", file}})).dump(2) << "\n";
  else std::cout << txt.str();
  return status;
}

const char* kOrthoglideRunSummary = "run one controller of an Orthoglide scene (as `run`)";
const char* kOrthoglideCompareSummary = "run every controller of an Orthoglide scene (as `compare`)";

int cmdOrthoglide(const Args& args) {
  if (!args.empty() && (args[0] == "run" || args[0] == "compare"))  // aliases of run / compare
    return runSceneOfKind(Args(args.begin() + 1, args.end()), args[0] == "compare", "orthoglide " + args[0], "orthoglide",
                          args[0] == "compare" ? kOrthoglideCompareSummary : kOrthoglideRunSummary);
  return robotCommand(args);
}

std::string usage() {
  static RobotArgs help;
  return robotOptions(help).usage() + runUsage(false, "orthoglide run", false, kOrthoglideRunSummary) +
         runUsage(true, "orthoglide compare", false, kOrthoglideCompareSummary);
}

const Registration kOrthoglide{{"orthoglide", usage(), &cmdOrthoglide, 60}};

}  // namespace
}  // namespace maniplab::cli
