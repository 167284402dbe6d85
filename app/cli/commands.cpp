#include "commands.hpp"

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "maniplab/model/coupled_dynamics.hpp"
#include "maniplab/model/coriolis_christoffel.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/forward_dynamics.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/newton_euler_extraction.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/document.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "options.hpp"
#include "provenance.hpp"

namespace maniplab::cli {

bool parseFiniteNumber(const std::string& text, double& out) {
  std::size_t pos = 0;
  try {
    out = std::stod(text, &pos);
  } catch (const std::exception&) {
    return false;
  }
  return pos != 0 && pos == text.size() && std::isfinite(out);
}

std::string jointOrderLine(const Model& model) {
  std::string s = "joints (order of q; parent a(j), 0 the base):";
  for (int i = 0; i < model.nq; ++i)
    s += " " + model.jointName[std::size_t(i)] + "(" + std::to_string(model.parent[std::size_t(i)] + 1) + ")";
  return s;
}

namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Parses "a,b,c" into n finite numbers.
VectorX parseVector(const std::string& opt, const std::string& text, int n) {
  std::vector<double> v;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    double x = 0;
    if (!parseFiniteNumber(item, x)) throw UsageError(opt + ": '" + item + "' is not a finite number");
    v.push_back(x);
  }
  if (int(v.size()) != n)
    throw UsageError(opt + ": expected " + std::to_string(n) + " comma-separated values, got " +
                     std::to_string(v.size()));
  return Eigen::Map<VectorX>(v.data(), n);
}

/// A robot file of either format: URDF when the name ends in .urdf, otherwise ManipLab JSON.
bool loadOrReport(const std::string& path, RobotLoadResult& res, const UrdfImportOptions& urdf = {}) {
  res = loadRobotAnyFormat(path, urdf);
  std::cerr << res.report();
  return res.ok();
}

nlohmann::json toJson(const VectorX& v) {
  nlohmann::json a = nlohmann::json::array();
  for (int i = 0; i < v.size(); ++i) a.push_back(v[i]);
  return a;
}

template <typename Mat> nlohmann::json rowsToJson(const Mat& m) {
  nlohmann::json a = nlohmann::json::array();
  for (int r = 0; r < m.rows(); ++r) a.push_back(toJson(m.row(r).transpose()));
  return a;
}

template <typename Mat> void printMatrix(std::ostream& os, const std::string& title, const Mat& m) {
  os << title << "\n";
  for (int r = 0; r < m.rows(); ++r) {
    os << "  ";
    for (int c = 0; c < m.cols(); ++c) os << std::setw(14) << std::setprecision(6) << m(r, c) << ' ';
    os << "\n";
  }
}

Options checkOptions(std::string& file) {
  return Options("check", "validate a robot file (.json or .urdf); print a summary or\nthe errors")
      .positional("ROBOT", file)
      .note("[--tip LINK | --tree] [--couple-mimics] [--lock JOINT=VALUE ...]")
      .footer(kUrdfOptionsUsage);
}

struct DynamicsArgs {
  std::string file, q, qd, qdd, rotor;
  bool json = false, noFriction = false, noGravity = false;
};

Options dynamicsOptions(DynamicsArgs& a) {
  return Options("dynamics",
                 "inverse/forward dynamics, M, C, g, FK, Jacobian, energy\n(ROBOT: .json or .urdf; angles in rad; "
                 "--q defaults to the\nhome pose)")
      .positional("ROBOT", a.file)
      .value("--q", "a,b,..", a.q, "joint positions [rad or m] (default: the home pose)")
      .value("--qd", "a,b,..", a.qd, "joint velocities (default: 0)")
      .value("--qdd", "a,b,..", a.qdd, "joint accelerations (default: 0)")
      .flag("--no-friction", a.noFriction, "leave the joints' friction out")
      .flag("--no-gravity", a.noGravity, "leave gravity out")
      .value("--rotor", "armature|full", a.rotor, "the rotor model (default: the robot file's)")
      .flag("--json", a.json, "print JSON")
      .note("[--tip LINK | --tree] [--couple-mimics] [--lock JOINT=VALUE ...]")
      .footer(kUrdfOptionsUsage);
}

std::string checkUsage() {
  static std::string file;
  return checkOptions(file).usage();
}
std::string dynamicsUsage() {
  static DynamicsArgs a;
  return dynamicsOptions(a).usage();
}

}  // namespace

int cmdCheck(const Args& argsIn) {
  Args args = argsIn;
  UrdfImportOptions urdf;
  if (!takeUrdfOptions(args, urdf)) return 2;
  std::string file;
  if (auto status = checkOptions(file).parse(args)) return *status;
  const sim::Document doc = sim::openDocument(file);  // read once: what it is, then the robot from that text
  const bool otherRobot = doc.type == sim::Document::Type::Robot && doc.kind->robotCommand() != "check";
  if (doc.type == sim::Document::Type::Scene || otherRobot) {  // a scene, or a robot of another kind: say what reads it
    std::cerr << file << ": this is " << doc.description() << ", not a serial robot file: `maniplab-cli "
              << (otherRobot ? doc.kind->robotCommand() : std::string("run")) << " " << file << "` "
              << (otherRobot ? "reads" : "runs") << " it\n";
    return 1;
  }
  const RobotLoadResult res = doc.robot(urdf);
  std::cerr << res.report();
  if (!res.ok()) {
    std::cerr << file << ": invalid robot file\n";
    return 1;
  }
  const Model& m = res.model;
  double mass = 0;
  std::string types;
  for (int i = 0; i < m.nq; ++i) {
    mass += m.body[std::size_t(i)].mass;
    types += m.isRevolute(i) ? 'R' : 'P';
  }
  const char* conv[] = {"dh", "mdh", "general"};
  std::cout << file << ": ok\n"
            << "  name:        " << m.name << "\n"
            << "  convention:  " << conv[int(res.description.convention)] << "\n"
            << "  joints (n):  " << m.nq << " (" << types << ")\n"
            << "  total mass:  " << mass << " kg\n"
            << "  rotor model: " << (m.rotorModel == RotorModel::Full ? "full" : "armature") << "\n"
            << "  warnings:    " << res.diagnostics.size() << "\n";
  return 0;
}

int cmdDynamics(const Args& argsIn) {
  Args args = argsIn;
  UrdfImportOptions urdf;
  if (!takeUrdfOptions(args, urdf)) return 2;
  try {
    DynamicsArgs a;
    if (auto status = dynamicsOptions(a).parse(args)) return *status;
    const std::string& file = a.file;
    const std::string &q = a.q, &qd = a.qd, &qdd = a.qdd, &rotor = a.rotor;
    const bool json = a.json;
    RneaOptions opt;
    opt.friction = !a.noFriction;
    opt.gravity = !a.noGravity;
    RobotLoadResult res;
    if (!loadOrReport(file, res, urdf)) return 1;
    Model model = res.model;
    if (rotor == "armature") model.rotorModel = RotorModel::Armature;
    else if (rotor == "full") model.rotorModel = RotorModel::Full;
    else if (!rotor.empty()) throw UsageError("--rotor must be armature or full");
    const int n = model.nq;
    VectorX vq = q.empty() ? model.home : parseVector("--q", q, n);
    VectorX vqd = qd.empty() ? VectorX(VectorX::Zero(n)) : parseVector("--qd", qd, n);
    VectorX vqdd = qdd.empty() ? VectorX(VectorX::Zero(n)) : parseVector("--qdd", qdd, n);
    // Coupled (mimic) joints (coupled_dynamics.hpp): a coupled joint's q, qd, qdd follow its source (the
    // values given for it are replaced), and the forward dynamics are those of the independent coordinates.
    const CouplingMap map = couplingMap(model);
    CoupledData cdata(map);
    VectorX qInd(map.m), qdInd(map.m), qddInd(map.m), tauInd(map.m);
    if (!map.identity()) {
      independentPart(map, vq, qInd);
      independentPart(map, vqd, qdInd);
      independentPart(map, vqdd, qddInd);
      expandPositions(map, qInd, vq);
      expandRates(map, qdInd, vqd);
      expandRates(map, qddInd, vqdd);
    }

    Data data(model);
    const VectorX tau = rnea(model, data, vq, vqd, vqdd, opt);
    crba(model, data, vq);
    const MatrixX M = data.M;
    const MatrixX C = coriolisMatrix(model, data, vq, vqd);  // chain or tree (coriolis_christoffel.hpp)
    VectorX g = VectorX::Zero(n);
    if (opt.gravity) g = gravityVector(model, data, vq);
    const int bad = map.identity() ? forwardDynamics(model, data, vq, vqd, tau, opt)
                                   : coupledForwardDynamics(model, map, data, cdata, vq, vqd, tau, opt);
    if (bad >= 0) {
      std::cerr << file << ": the mass matrix is singular at this configuration (joint " << bad + 1 << ")\n";
      return 1;
    }
    const VectorX qddFd = map.identity() ? data.qdd : cdata.qdd;
    if (!map.identity()) projectForces(map, tau, tauInd);
    const MatrixX& Mind = cdata.Mind;  // G^T M G at vq, from the coupled forward dynamics
    std::vector<std::string> independentNames;
    for (int j : map.independent) independentNames.push_back(model.jointName[std::size_t(j)]);
    forwardKinematics(model, data, vq);
    computeJacobian(model, data, JacobianFrame::Base);
    const EnergyMomentum e = energyMomentum(model, data, vq, vqd);
    const double potential = opt.gravity ? e.potential : 0.0;
    if (json) {
      nlohmann::json o;
      // the coordinates of q in order, each joint's parent (Khalil–Kleinfinger a(j): 1-based, 0 the base)
      o["joints"] = model.jointName;
      nlohmann::json parents = nlohmann::json::array();
      for (int p : model.parent) parents.push_back(p + 1);
      o["parents"] = parents;
      o["tau"] = toJson(tau);
      o["M"] = rowsToJson(M);
      o["C"] = rowsToJson(C);
      o["g"] = toJson(g);
      o["qdd_fd"] = toJson(qddFd);
      if (!map.identity()) {  // coupled joints: the independent coordinates, G^T M G and G^T tau
        o["independent"] = independentNames;
        o["M_ind"] = rowsToJson(Mind);
        o["tau_ind"] = toJson(tauInd);
      }
      o["T_ee"] = rowsToJson(data.oMtool.matrix());
      o["J"] = rowsToJson(data.J);
      o["energy"] = {{"kinetic", e.kinetic}, {"potential", potential}};
      o["provenance"] = provenanceJson(provenance({{"robot", file}}));
      std::cout << o.dump() << "\n";
    } else {
      std::cout << model.name << " (n = " << n << ", rotor model "
                << (model.rotorModel == RotorModel::Full ? "full" : "armature") << ", gravity "
                << (opt.gravity ? "on" : "off") << ", friction " << (opt.friction ? "on" : "off") << ")\n";
      std::cout << jointOrderLine(model) << "\n";
      printMatrix(std::cout, "q [rad|m]", vq.transpose());
      printMatrix(std::cout, "tau = M qdd + C qd + g + friction [N m|N]", tau.transpose());
      printMatrix(std::cout, "M(q)", M);
      printMatrix(std::cout, "C(q, qd)", C);
      printMatrix(std::cout, "g(q)", g.transpose());
      printMatrix(std::cout, "forward dynamics of tau: qdd [rad/s^2|m/s^2]", qddFd.transpose());
      if (!map.identity()) {
        std::cout << "coupled joints follow their source; independent coordinates:";
        for (const auto& name : independentNames) std::cout << " " << name;
        std::cout << "\n";
        printMatrix(std::cout, "M_ind = G^T M G", Mind);
        printMatrix(std::cout, "tau_ind = G^T tau [N m|N]", tauInd.transpose());
      }
      printMatrix(std::cout, "T_ee (world <- tool)", data.oMtool.matrix());
      printMatrix(std::cout, "J (base frame; rows wx wy wz vx vy vz)", data.J);
      std::cout << "kinetic energy   " << std::setprecision(10) << e.kinetic << " J\n"
                << "potential energy " << potential << " J\n";
    }
    return 0;
  } catch (const UsageError& e) {
    std::cerr << "maniplab-cli dynamics: " << e.what() << "\n";
    return 2;
  }
}

namespace {
const Registration kCheck{{"check", checkUsage(), &cmdCheck, 10}};
const Registration kDynamics{{"dynamics", dynamicsUsage(), &cmdDynamics, 20}};
}  // namespace

}  // namespace maniplab::cli
