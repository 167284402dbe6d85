// maniplab-bench: median time per call of ManipLab's kinematics/dynamics algorithms, compared with
// Orocos KDL and MuJoCo when they were found at configure time, and with Pinocchio when the bench was
// configured with -DMANIPLAB_PINOCCHIO_INCLUDE (off by default), on the same robots and states, with the
// results cross-checked against ManipLab.
//
//   maniplab-bench [--quick] [--robot FILE] [--states N] [--batches N] [--wall] [--mujoco-fullinertia]
//
// Robots: the Puma 560 (robots/puma560.json when present, else built in code from the standard DH
// table; --robot FILE replaces it), and reproducible random chains of n = 6 (revolute only), 12 and 30
// joints, with mixed revolute/prismatic joints (R/P) and revolute only (R), and a 30-joint kinematic tree
// (tree30: two 7-joint arms with 7 finger joints each and a 2-joint head on a fixed torso,
// randomHumanoidTree; KDL has no row: its dynamics solvers take chains). All timed models are rigid-body models
// (actuators reduced to ideal ones: no rotor inertia, no friction), which is what the targets refer to;
// bodies whose inertia is not physically realisable (the published Puma 560 link 3) are minimally
// corrected for all three engines alike, because MuJoCo rejects them. The Puma with its rotors as
// armature and a random chain with armature are additionally cross-checked (both oracles model the
// armature exactly as ManipLab's "armature" rotor model does).
//
// States: q, qd, qdd random; tau = rnea(q, qd, qdd) (so forward dynamics must return qdd).
//
// Method: a fixed set of random states (default 64) is cycled; each batch runs R calls (R chosen so
// that a batch lasts ~2 ms, ~0.25 ms with --quick); the reported figure is the median over the batches
// (31, 9 with --quick) of the batch time / R. The batches of all the functions timed for one robot are
// interleaved, and time is the thread's CPU time (--wall: wall clock), so that other processes on the
// machine perturb the ratios as little as possible. Every call's result feeds a checksum (dead-code
// elimination is impossible; all algorithms are out-of-line calls into the libraries anyway).
// Inputs are prepared outside the timed region (ManipLab: Eigen vectors; KDL: JntArrays; MuJoCo copies
// the state into mjData inside each call, as its API requires).
//
// Also reported: the cost of the argument checks (argument_checks.hpp: the checks alone, and each public
// call against its unchecked form), the ManipLab/Pinocchio ratios of RNEA, CRBA and ABA (goal <= 0.70 on the
// chains, <= 0.50 on the tree),
// and absolute targets at n = 6 (Puma 560: RNEA <= 300 ns, CRBA <= 280 ns, ABA <= 450 ns).
//
// Exit status: 0, or 1 when an oracle's results disagree with ManipLab's (a missed speed target is
// reported as FAIL but does not change the exit status: timings depend on the machine).
#include "sim_bench.hpp"
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/newton_euler_extraction.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/robot_file.hpp"
#include "oracle.hpp"
#include "random_chain.hpp"

#ifndef MANIPLAB_SOURCE_DATA_DIR
#define MANIPLAB_SOURCE_DATA_DIR "."
#endif

namespace mb = maniplab::bench;
using maniplab::Data;
using maniplab::MatrixX;
using maniplab::Model;
using maniplab::Transform;
using maniplab::VectorX;

namespace {

volatile double g_sink = 0;  // receives every checksum

struct Options {
  bool quick = false;
  std::string robotFile;
  int states = 64;
  int batches = 31;
  double batchSeconds = 2e-3;
  bool mujocoFullInertia = false;
  bool wallClock = false;
  bool dynamics = true, simulation = true;
};

void usage() {
  std::puts(
      "usage: maniplab-bench [--quick] [--robot FILE] [--states N] [--batches N]\n"
      "  --quick       fewer and shorter batches (9 x ~0.25 ms instead of 31 x ~2 ms)\n"
      "  --robot FILE  use this robot file instead of the Puma 560 for the n = dof rows and targets\n"
      "  --states N    number of random states cycled (default 64)\n"
      "  --batches N   number of timed batches, the median is reported (default 31)\n"
      "  --sim-only    only the simulation-engine table (throughput, overhead, 1 h memory)\n"
      "  --no-sim      only the dynamics table\n"
      "  --wall        time with the monotonic wall clock instead of the thread's CPU-time clock\n"
      "  --mujoco-fullinertia  give MuJoCo the inertia tensors (fullinertia) instead of principal axes\n"
      "                (shows MuJoCo's compile-time diagonalisation error in the cross-checks)");
}

double nowSeconds(bool wall) {
  timespec ts{};
  clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

/// One timed function: `batch(reps)` runs reps calls f(s) cycling s over the states and returns the
/// elapsed seconds (the loop is instantiated per function: no indirect call per repetition).
struct Timed {
  std::function<double(long)> batch;
  long reps = 0;
  std::vector<double> ns;  ///< ns per call of each batch
  double median() {
    std::vector<double> t = ns;
    std::nth_element(t.begin(), t.begin() + long(t.size() / 2), t.end());
    return t[t.size() / 2];
  }
};

template <typename F> Timed makeTimed(F f, int nStates, bool wall) {
  Timed t;
  t.batch = [f, nStates, wall](long reps) mutable {
    double sink = 0;
    int s = 0;
    const double t0 = nowSeconds(wall);
    for (long r = 0; r < reps; ++r) {
      sink += f(s);
      if (++s == nStates) s = 0;
    }
    const double t1 = nowSeconds(wall);
    g_sink = g_sink + sink;
    return t1 - t0;
  };
  return t;
}

/// Calibrates every function (also the warm-up), then runs the batches INTERLEAVED (batch b of every
/// function before batch b+1 of any), so that a transient load on the machine hits all columns alike.
void runTimings(std::vector<Timed*>& timed, int nStates, const Options& opt) {
  for (Timed* t : timed) {
    long reps = nStates;
    for (;;) {
      const double dt = t->batch(reps);
      if (dt >= opt.batchSeconds / 4 || reps >= (1L << 28)) {
        reps = std::max<long>(nStates, long(double(reps) * opt.batchSeconds / std::max(dt, 1e-9)));
        t->reps = (reps + nStates - 1) / nStates * nStates;
        break;
      }
      reps *= 2;
    }
  }
  for (int b = 0; b < opt.batches; ++b)
    for (Timed* t : timed) t->ns.push_back(t->batch(t->reps) * 1e9 / double(t->reps));
}

double maxAbs(const MatrixX& a) { return a.size() ? a.cwiseAbs().maxCoeff() : 0.0; }
double transformDiff(const Transform& a, const Transform& b) {
  return std::max((a.R - b.R).cwiseAbs().maxCoeff(), (a.p - b.p).cwiseAbs().maxCoeff());
}

struct Robot {
  std::string label;  ///< short name for the table
  std::string what;   ///< longer description
  Model model;
  bool timed = true;
  bool targetN6 = false;   ///< the n = 6 target robot
  bool targetN30 = false;  ///< an n = 30 target robot
  unsigned stateSeed = 0;  ///< seed of the random states (fixed per robot)
  double pinocchioGoal = 0.70;  ///< ManipLab / Pinocchio goal of RNEA, CRBA and ABA
};

/// Algorithm rows of the table. `oracleFn` says which oracle call is the comparison.
enum class OracleAlgo { FK, RNEA, M, FD };
struct Algo {
  std::string name;
  OracleAlgo oracle;
};

constexpr int kOracles = 3;  // KDL, MuJoCo, Pinocchio
const char* const kOracleNames[kOracles] = {"KDL", "MuJoCo", "Pinocchio"};

struct Row {
  std::string algo, robot;
  int n = 0;
  double ml = 0;
  std::optional<double> orc[kOracles];
  std::optional<double> pinBest;  ///< Pinocchio, faster of its LOCAL/WORLD conventions (M, FD)
};

std::string fmtNs(double x) {
  char b[32];
  std::snprintf(b, sizeof b, x < 100 ? "%.1f" : "%.0f", x);
  return b;
}
std::string fmtOpt(const std::optional<double>& x) { return x ? fmtNs(*x) : std::string("n/a"); }
std::string fmtRatio(const std::optional<double>& x, double ml) {
  if (!x) return "n/a";
  char b[32];
  std::snprintf(b, sizeof b, "%.2fx", *x / ml);
  return b;
}
std::string sci(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1e", x);
  return b;
}

std::string cpuName() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) {
      const auto p = line.find(':');
      return p == std::string::npos ? line : line.substr(p + 2);
    }
  return "unknown CPU";
}

std::string loadAverage() {
  std::ifstream f("/proc/loadavg");
  std::string a, b, c;
  if (!(f >> a >> b >> c)) return "unknown";
  return a + " " + b + " " + c;
}

struct CrossCheck {
  double fk = 0, tau = 0, M = 0, qdd = 0;
  double tauScale = 0, Mscale = 0, qddScale = 0;
  bool present = false;
};

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--quick") {
      opt.quick = true;
      opt.batches = 9;
      opt.batchSeconds = 2.5e-4;
    } else if (a == "--robot" && i + 1 < argc) {
      opt.robotFile = argv[++i];
    } else if (a == "--states" && i + 1 < argc) {
      opt.states = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--batches" && i + 1 < argc) {
      opt.batches = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--sim-only") {
      opt.dynamics = false;
    } else if (a == "--no-sim") {
      opt.simulation = false;
    } else if (a == "--wall") {
      opt.wallClock = true;
    } else if (a == "--mujoco-fullinertia") {
      opt.mujocoFullInertia = true;
    } else if (a == "-h" || a == "--help") {
      usage();
      return 0;
    } else {
      std::fprintf(stderr, "maniplab-bench: unknown or incomplete option '%s'\n", a.c_str());
      usage();
      return 2;
    }
  }

  if (!opt.dynamics) return maniplab::bench::runSimulationBench(MANIPLAB_SOURCE_DATA_DIR, opt.quick) > 0 ? 3 : 0;

  // ---- Robots -------------------------------------------------------------------------------------
  std::vector<Robot> robots;
  {
    Robot r;
    std::string file = opt.robotFile;
    if (file.empty()) {
      const std::string shipped = std::string(MANIPLAB_SOURCE_DATA_DIR) + "/robots/puma560.json";
      if (std::filesystem::exists(shipped)) file = shipped;
    }
    if (!file.empty()) {
      auto res = maniplab::loadRobotFile(file);
      if (!res.ok()) {
        std::fprintf(stderr, "maniplab-bench: cannot load %s:\n%s\n", file.c_str(), res.report().c_str());
        return 1;
      }
      r.model = res.model;
      r.label = opt.robotFile.empty() ? "puma560" : std::filesystem::path(file).stem().string();
      r.what = res.description.name + " from " + file + " (rigid-body reduction)";
    } else {
      r.model = mb::puma560FromDh();
      r.label = "puma560";
      r.what = "Puma 560 built in code from the standard DH table (robots/puma560.json not found)";
    }
    Model withActuators = r.model;
    r.model = mb::rigidBodyModel(r.model);
    const std::string changes = mb::makePhysicallyConsistent(r.model);
    if (!changes.empty()) r.what += "; made physically consistent for all engines (MuJoCo requires it): " + changes;
    r.targetN6 = r.model.nq == 6;
    r.stateSeed = 7000;
    const std::string baseLabel = r.label;
    robots.push_back(r);
    bool hasRotor = false;
    for (const auto& a : withActuators.actuator) hasRotor = hasRotor || a.rotorInertia != 0;
    if (hasRotor) {  // the robot's own rotor armature, cross-checked only
      Robot ra;
      ra.model = mb::armatureModel(withActuators);
      mb::makePhysicallyConsistent(ra.model);
      ra.label = baseLabel + "+armature";
      ra.what = "the same with its rotors as armature gear^2*j_m (friction and rotor coupling removed; "
                "cross-check only)";
      ra.timed = false;
      ra.stateSeed = 7001;
      robots.push_back(ra);
    }
  }
  const struct {
    int n;
    double pf;
    unsigned seed;
  } chains[] = {{6, 0.0, 601}, {12, 0.3, 1201}, {30, 0.3, 3001}, {12, 0.0, 1202}, {30, 0.0, 3002}};
  for (const auto& c : chains) {
    Robot r;
    r.model = mb::randomChain(c.n, c.pf, c.seed);
    r.label = std::string(c.pf > 0 ? "rand-RP" : "rand-R") + std::to_string(c.n);
    r.what = r.model.name + ", seed " + std::to_string(c.seed);
    r.targetN30 = c.n == 30;
    r.stateSeed = c.seed + 5000;
    robots.push_back(r);
  }
  {
    Robot r;
    r.model = mb::randomHumanoidTree(3003);
    r.label = "tree30";
    r.what = r.model.name + ", seed 3003";
    r.stateSeed = 8003;
    r.pinocchioGoal = 0.50;
    robots.push_back(r);
  }
  {
    Robot r;
    r.model = mb::randomChain(12, 0.3, 1203, true);
    r.label = "rand-RP12+armature";
    r.what = "random chain n=12 (R/P) with rotor armature gear^2*j_m (cross-check only), seed 1203";
    r.timed = false;
    r.stateSeed = 6203;
    robots.push_back(r);
  }

  std::printf("# maniplab-bench\n\n");
  std::printf("CPU: %s (%u logical CPUs); compiler: %s; load average at start: %s\n", cpuName().c_str(),
              std::thread::hardware_concurrency(), __VERSION__, loadAverage().c_str());
  std::printf("Timing: %d states cycled; %d batches x ~%.2f ms per function, interleaved across functions; "
              "median of the batches; clock: %s%s\n",
              opt.states, opt.batches, opt.batchSeconds * 1e3,
              opt.wallClock ? "wall (CLOCK_MONOTONIC)" : "thread CPU time (CLOCK_THREAD_CPUTIME_ID)",
              opt.quick ? " [--quick]" : "");
  std::printf("ManipLab's dynamics kernels: %s (run-time choice, kernel_isa.hpp; this CPU: %s; "
              "MANIPLAB_KERNELS=baseline runs the baseline x86-64 code)\n",
              maniplab::kernelIsaName(maniplab::kernelIsa()), maniplab::kernelIsaName(maniplab::cpuKernelIsa()));
  std::printf("KDL: %s; MuJoCo: %s; Pinocchio: %s\n\n",
              mb::kdlVersion().empty() ? "not built in" : mb::kdlVersion().c_str(),
              mb::mujocoVersion().empty() ? "not built in" : mb::mujocoVersion().c_str(),
              mb::pinocchioVersion().empty() ? "not built in (-DMANIPLAB_PINOCCHIO_INCLUDE)" : mb::pinocchioVersion().c_str());
  std::printf("Robots:\n");
  for (const auto& r : robots) std::printf("- %s (n = %d): %s\n", r.label.c_str(), r.model.nq, r.what.c_str());
  std::printf("\n");

  const std::vector<Algo> algos = {
      {"FK (forwardKinematics)", OracleAlgo::FK},
      {"RNEA (rnea, gravity, no friction)", OracleAlgo::RNEA},
      {"M: massMatrixRecurrence", OracleAlgo::M},
      {"M: crba", OracleAlgo::M},
      {"M: massMatrixNewtonEuler", OracleAlgo::M},
      {"FD: aba", OracleAlgo::FD},
      {"FD: forwardDynamicsCholesky", OracleAlgo::FD},
  };
  std::map<std::string, std::map<std::string, Row>> rows;  // algo -> robot -> row
  std::vector<std::string> notes;
  std::vector<std::pair<std::string, std::string>> extrasOut;  // robot, line
  std::map<std::string, std::array<CrossCheck, kOracles>> checks;  // robot -> KDL, MuJoCo, Pinocchio
  std::map<std::string, std::array<double, 4>> internalChecks;      // robot -> crba, NE, Cholesky vs ref
  std::map<std::string, std::string> oracleAbsent;
  bool descPrinted[kOracles] = {false, false, false};
  std::string oracleDesc[kOracles];
  struct CheckCost {
    std::string robot;
    int n = 0;
    double checksOnly = 0;              ///< the argument checks of aba() alone
    double checked[3], unchecked[3];    ///< rnea, crba, aba
  };
  std::vector<CheckCost> checkCosts;

  maniplab::RneaOptions ropt;
  ropt.gravity = true;
  ropt.friction = false;

  for (std::size_t ri = 0; ri < robots.size(); ++ri) {
    const Robot& R = robots[ri];
    const Model& model = R.model;
    const int n = model.nq;
    auto states = mb::randomStates(model, opt.states, R.stateSeed);
    Data data(model);
    for (auto& x : states) x.tau = maniplab::rnea(model, data, x.q, x.qd, x.qdd, ropt);

    std::string why[kOracles];
    std::unique_ptr<mb::Oracle> oracles[kOracles] = {mb::makeKdlOracle(model, &why[0]),
                                                     mb::makeMujocoOracle(model, &why[1], opt.mujocoFullInertia),
                                                     mb::makePinocchioOracle(model, &why[2])};
    for (int o = 0; o < kOracles; ++o)
      if (!oracles[o]) oracleAbsent[R.label + " / " + kOracleNames[o]] = why[o];
    for (int o = 0; o < kOracles; ++o)
      if (oracles[o]) {
        oracles[o]->setStates(states);
        if (!descPrinted[o]) {
          oracleDesc[o] = oracles[o]->describe();
          descPrinted[o] = true;
        }
        if (!oracles[o]->modelNote().empty())
          notes.push_back(R.label + " / " + oracles[o]->name() + ": " + oracles[o]->modelNote());
      }

    // ---- Cross-checks over all states (untimed) ---------------------------------------------------
    std::array<double, 4> internal{0, 0, 0, 0};
    std::array<CrossCheck, kOracles> cc;
    for (int o = 0; o < kOracles; ++o) cc[std::size_t(o)].present = oracles[o] != nullptr;
    for (int s = 0; s < opt.states; ++s) {
      const auto& x = states[std::size_t(s)];
      maniplab::forwardKinematics(model, data, x.q);
      const Transform tool = data.oMtool;
      const VectorX tau = maniplab::rnea(model, data, x.q, x.qd, x.qdd, ropt);
      const MatrixX M = maniplab::massMatrixRecurrence(model, data, x.q);
      const MatrixX Mc = maniplab::crba(model, data, x.q);
      const MatrixX Mne = maniplab::massMatrixNewtonEuler(model, data, x.q);
      if (maniplab::aba(model, data, x.q, x.qd, x.tau, ropt) >= 0) std::fprintf(stderr, "aba failed\n");
      const VectorX qdd = data.qdd;
      if (maniplab::forwardDynamicsCholesky(model, data, x.q, x.qd, x.tau, ropt) >= 0)
        std::fprintf(stderr, "forwardDynamicsCholesky failed\n");
      const VectorX qddc = data.qdd;
      internal[0] = std::max(internal[0], maxAbs(Mc - M));
      internal[1] = std::max(internal[1], maxAbs(Mne - M));
      internal[2] = std::max(internal[2], maxAbs(qddc - qdd));
      internal[3] = std::max(internal[3], maxAbs(qdd - x.qdd));
      for (int o = 0; o < kOracles; ++o) {
        if (!oracles[o]) continue;
        auto& O = *oracles[o];
        auto& c = cc[std::size_t(o)];
        O.fk(s);
        c.fk = std::max(c.fk, transformDiff(O.fkResult(), tool));
        O.rnea(s);
        c.tau = std::max(c.tau, maxAbs(O.tauResult() - tau));
        O.massMatrix(s);
        c.M = std::max(c.M, maxAbs(O.massResult() - M));
        O.forwardDynamics(s);
        c.qdd = std::max(c.qdd, maxAbs(O.qddResult() - qdd));
        if (o == 2)  // Pinocchio's other convention (extras): the same results
          for (auto& e : O.extras()) {
            e.fn(s);
            if (e.algorithm == "M") c.M = std::max(c.M, maxAbs(O.massResult() - M));
            if (e.algorithm == "FD") c.qdd = std::max(c.qdd, maxAbs(O.qddResult() - qdd));
          }
        c.tauScale = std::max(c.tauScale, maxAbs(tau));
        c.Mscale = std::max(c.Mscale, maxAbs(M));
        c.qddScale = std::max(c.qddScale, maxAbs(qdd));
      }
    }
    checks[R.label] = cc;
    internalChecks[R.label] = internal;
    if (!R.timed) continue;

    // ---- Timing -----------------------------------------------------------------------------------
    std::fprintf(stderr, "timing %s (n = %d)...\n", R.label.c_str(), n);
    const int N = opt.states;
    auto q = [&](int s) -> const VectorX& { return states[std::size_t(s)].q; };
    auto qd = [&](int s) -> const VectorX& { return states[std::size_t(s)].qd; };
    auto qdda = [&](int s) -> const VectorX& { return states[std::size_t(s)].qdd; };
    auto taua = [&](int s) -> const VectorX& { return states[std::size_t(s)].tau; };
    const bool W = opt.wallClock;
    Timed mlT[7] = {
        makeTimed([&](int s) { maniplab::forwardKinematics(model, data, q(s)); return data.oMtool.p.x(); }, N, W),
        makeTimed([&](int s) { return maniplab::rnea(model, data, q(s), qd(s), qdda(s), ropt)[0]; }, N, W),
        makeTimed([&](int s) { return maniplab::massMatrixRecurrence(model, data, q(s))(0, 0); }, N, W),
        makeTimed([&](int s) { return maniplab::crba(model, data, q(s))(0, 0); }, N, W),
        makeTimed([&](int s) { return maniplab::massMatrixNewtonEuler(model, data, q(s))(0, 0); }, N, W),
        makeTimed([&](int s) { maniplab::aba(model, data, q(s), qd(s), taua(s), ropt); return data.qdd[0]; }, N, W),
        makeTimed([&](int s) {
          maniplab::forwardDynamicsCholesky(model, data, q(s), qd(s), taua(s), ropt);
          return data.qdd[0];
        }, N, W),
    };
    // The argument checks: alone (those of aba: the model, the workspace, three vectors), and the checked
    // entry points against their unchecked forms (interleaved with everything else, as the rest).
    const maniplab::Vector6* noWrench = nullptr;
    Timed costT[7] = {
        makeTimed([&](int s) {
          maniplab::checkModelData("aba", model, data);
          maniplab::checkSize("aba", "q", q(s), model.nq);
          maniplab::checkSize("aba", "qd", qd(s), model.nq);
          maniplab::checkSize("aba", "tau", taua(s), model.nq);
          return q(s)[0];
        }, N, W),
        makeTimed([&](int s) { return maniplab::detail::rneaUnchecked(model, data, q(s), qd(s), qdda(s), ropt, noWrench)[0]; }, N, W),
        makeTimed([&](int s) { return maniplab::detail::crbaUnchecked(model, data, q(s), false)(0, 0); }, N, W),
        makeTimed([&](int s) { maniplab::detail::abaUnchecked(model, data, q(s), qd(s), taua(s), ropt); return data.qdd[0]; }, N, W),
        makeTimed([&](int s) { return maniplab::rnea(model, data, q(s), qd(s), qdda(s), ropt)[0]; }, N, W),
        makeTimed([&](int s) { return maniplab::crba(model, data, q(s))(0, 0); }, N, W),
        makeTimed([&](int s) { maniplab::aba(model, data, q(s), qd(s), taua(s), ropt); return data.qdd[0]; }, N, W),
    };
    std::vector<Timed> orcT[kOracles];
    std::vector<mb::ExtraTiming> extras;
    std::vector<int> extrasOracle;
    for (int o = 0; o < kOracles; ++o) {
      if (!oracles[o]) continue;
      mb::Oracle* O = oracles[o].get();
      orcT[o].push_back(makeTimed([O](int s) { return O->fk(s); }, N, W));
      orcT[o].push_back(makeTimed([O](int s) { return O->rnea(s); }, N, W));
      orcT[o].push_back(makeTimed([O](int s) { return O->massMatrix(s); }, N, W));
      orcT[o].push_back(makeTimed([O](int s) { return O->forwardDynamics(s); }, N, W));
      for (auto& e : O->extras()) {
        extras.push_back(e);
        extrasOracle.push_back(o);
      }
    }
    std::vector<Timed> extraT;
    for (auto& e : extras) extraT.push_back(makeTimed(e.fn, N, W));
    std::vector<Timed*> all;
    for (auto& t : mlT) all.push_back(&t);
    for (auto& v : orcT)
      for (auto& t : v) all.push_back(&t);
    for (auto& t : extraT) all.push_back(&t);
    for (auto& t : costT) all.push_back(&t);
    runTimings(all, N, opt);
    {
      CheckCost cost;
      cost.robot = R.label;
      cost.n = n;
      cost.checksOnly = costT[0].median();
      for (int a = 0; a < 3; ++a) {
        cost.unchecked[a] = costT[1 + a].median();
        cost.checked[a] = costT[4 + a].median();
      }
      checkCosts.push_back(cost);
    }
    double ml[7];
    for (int a = 0; a < 7; ++a) ml[a] = mlT[a].median();
    std::optional<double> orc[kOracles][4];
    for (int o = 0; o < kOracles; ++o)
      for (std::size_t k = 0; k < orcT[o].size(); ++k) orc[o][k] = orcT[o][k].median();
    // Pinocchio's best convention per algorithm (its extras are the WORLD forms of M and FD).
    std::optional<double> pinBest[4];
    for (int k = 0; k < 4; ++k) pinBest[k] = orc[2][k];
    for (std::size_t e = 0; e < extras.size(); ++e) {
      if (extrasOracle[e] != 2) continue;
      const int k = extras[e].algorithm == "M" ? int(OracleAlgo::M) : extras[e].algorithm == "FD" ? int(OracleAlgo::FD) : -1;
      if (k >= 0 && pinBest[k]) pinBest[k] = std::min(*pinBest[k], extraT[e].median());
    }
    for (std::size_t e = 0; e < extras.size(); ++e)
      extrasOut.emplace_back(R.label, extras[e].algorithm + ", n = " + std::to_string(n) + ": " + extras[e].label +
                                          ": " + fmtNs(extraT[e].median()) + " ns");
    for (std::size_t a = 0; a < algos.size(); ++a) {
      Row row;
      row.algo = algos[a].name;
      row.robot = R.label;
      row.n = n;
      row.ml = ml[a];
      for (int o = 0; o < kOracles; ++o) row.orc[o] = orc[o][int(algos[a].oracle)];
      row.pinBest = pinBest[int(algos[a].oracle)];
      rows[row.algo][R.label] = row;
    }
  }

  // ---- Table ------------------------------------------------------------------------------------------
  std::printf("## Median time per call [ns]\n\n");
  std::printf("| algorithm | robot | n | ManipLab ns | KDL ns | MuJoCo ns | Pinocchio ns | KDL/ManipLab | "
              "MuJoCo/ManipLab | Pinocchio/ManipLab |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const auto& a : algos)
    for (const auto& R : robots) {
      if (!R.timed) continue;
      const Row& r = rows[a.name][R.label];
      std::printf("| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s |\n", r.algo.c_str(), r.robot.c_str(), r.n,
                  fmtNs(r.ml).c_str(), fmtOpt(r.orc[0]).c_str(), fmtOpt(r.orc[1]).c_str(), fmtOpt(r.orc[2]).c_str(),
                  fmtRatio(r.orc[0], r.ml).c_str(), fmtRatio(r.orc[1], r.ml).c_str(), fmtRatio(r.orc[2], r.ml).c_str());
    }
  std::printf("\nOracle columns: FK/RNEA/M/FD rows compare with the oracle's one FK / RNEA / mass-matrix / "
              "forward-dynamics call (the same oracle figure appears on every ManipLab method row).\n");
  for (int o = 0; o < kOracles; ++o)
    if (descPrinted[o]) std::printf("- %s\n", oracleDesc[o].c_str());
  for (const auto& nline : notes) std::printf("- %s\n", nline.c_str());
  for (const auto& [k, why] : oracleAbsent) std::printf("- %s: not available (%s)\n", k.c_str(), why.c_str());
  if (!extrasOut.empty()) {
    std::printf("\nOther oracle timings (not in the table):\n");
    for (const auto& [rb, line] : extrasOut) std::printf("- %s: %s\n", rb.c_str(), line.c_str());
  }

  // ---- Cross-checks -------------------------------------------------------------------------------------
  std::printf("\n## Cross-checks: max |oracle - ManipLab| over all %d states\n\n", opt.states);
  std::printf("ManipLab reference: FK oMtool, tau = rnea, M = massMatrixRecurrence, qdd = aba. "
              "(scale) = max |ManipLab value|.\n\n");
  std::printf("| robot | oracle | FK (R, p) | tau (scale) | M (scale) | qdd (scale) | verdict |\n");
  std::printf("|---|---|---:|---:|---:|---:|---|\n");
  bool allAgree = true;
  const double tolAbs = 1e-9;
  for (const auto& R : robots) {
    const auto& cs = checks[R.label];
    for (int o = 0; o < kOracles; ++o) {
      const CrossCheck& c = cs[std::size_t(o)];
      const char* const* names = kOracleNames;
      if (!c.present) {
        std::printf("| %s | %s | n/a | n/a | n/a | n/a | absent |\n", R.label.c_str(), names[o]);
        continue;
      }
      // absolute 1e-9, relaxed to 1e-12 relative for large values (n = 30 chains reach qdd ~ 1e3..1e4).
      auto ok = [&](double d, double scale) { return d <= std::max(tolAbs, 1e-12 * scale); };
      const bool agree = ok(c.fk, 1) && ok(c.tau, c.tauScale) && ok(c.M, c.Mscale) && ok(c.qdd, c.qddScale);
      allAgree = allAgree && agree;
      std::printf("| %s | %s | %s | %s (%s) | %s (%s) | %s (%s) | %s |\n", R.label.c_str(), names[o], sci(c.fk).c_str(),
                  sci(c.tau).c_str(), sci(c.tauScale).c_str(), sci(c.M).c_str(), sci(c.Mscale).c_str(),
                  sci(c.qdd).c_str(), sci(c.qddScale).c_str(), agree ? "agree" : "DISAGREE");
    }
  }
  std::printf("\nManipLab internal consistency (max abs difference):\n\n");
  std::printf("| robot | crba - recurrence | NewtonEuler - recurrence | Cholesky FD - aba | aba(rnea(qdd)) - qdd |\n"
              "|---|---:|---:|---:|---:|\n");
  for (const auto& R : robots) {
    const auto& v = internalChecks[R.label];
    std::printf("| %s | %s | %s | %s | %s |\n", R.label.c_str(), sci(v[0]).c_str(), sci(v[1]).c_str(),
                sci(v[2]).c_str(), sci(v[3]).c_str());
  }

  // ---- Targets -------------------------------------------------------------------------------------------
  std::printf("\n## Targets (rigid bodies)\n\n");
  auto best = [&](const std::vector<std::string>& names, const std::string& robot, std::string* which) {
    double b = 1e300;
    for (const auto& nm : names) {
      const Row& r = rows[nm][robot];
      if (r.ml < b) {
        b = r.ml;
        *which = nm;
      }
    }
    return rows[*which][robot];
  };
  int fails = 0;
  auto target = [&](const std::string& what, const Row& r, const std::string& which, double factor) {
    for (int o = 0; o < 2; ++o) {  // the speed-up targets are stated against KDL and MuJoCo
      const auto& x = r.orc[o];
      const char* nm = kOracleNames[o];
      if (!x) {
        std::printf("SKIP  %-34s %-8s n=%-2d vs %-6s: oracle absent\n", what.c_str(), r.robot.c_str(), r.n, nm);
        continue;
      }
      const double ratio = *x / r.ml;
      const bool pass = ratio >= factor;
      fails += !pass;
      std::printf("%s  %-34s %-8s n=%-2d vs %-6s: need >= %.1fx, got %.2fx (%s %s ns vs %s ns)\n",
                  pass ? "PASS" : "FAIL", what.c_str(), r.robot.c_str(), r.n, nm, factor, ratio, which.c_str(),
                  fmtNs(r.ml).c_str(), fmtNs(*x).c_str());
    }
  };
  const std::vector<std::string> mm = {"M: massMatrixRecurrence", "M: crba", "M: massMatrixNewtonEuler"};
  const std::vector<std::string> fd = {"FD: aba", "FD: forwardDynamicsCholesky"};
  const std::string rneaName = "RNEA (rnea, gravity, no friction)";
  for (const auto& R : robots) {
    if (!R.timed || !(R.targetN6 || R.targetN30)) continue;
    const double fR = R.targetN6 ? 3.0 : 1.0, fM = R.targetN6 ? 3.0 : 1.0, fF = R.targetN6 ? 1.5 : 1.0;
    std::string w;
    target("RNEA", rows[rneaName][R.label], "rnea", fR);
    const Row& rm = best(mm, R.label, &w);
    target("mass matrix (fastest method)", rm, w.substr(3), fM);
    const Row& rf = best(fd, R.label, &w);
    target("forward dynamics (fastest method)", rf, w.substr(4), fF);
  }
  // Absolute targets at n = 6 (issue 17), on the Puma 560 (rigid bodies).
  for (const auto& R : robots) {
    if (!R.timed || !R.targetN6) continue;
    const struct {
      const char* what;
      std::string algo;
      double ns;
    } abs[] = {{"RNEA", rneaName, 300}, {"CRBA (crba)", "M: crba", 280}, {"ABA (aba)", "FD: aba", 450}};
    for (const auto& a : abs) {
      const Row& r = rows[a.algo][R.label];
      const bool pass = r.ml <= a.ns;
      fails += !pass;
      std::printf("%s  %-34s %-8s n=%-2d: need <= %.0f ns, got %s ns\n", pass ? "PASS" : "FAIL", a.what, R.label.c_str(),
                  r.n, a.ns, fmtNs(r.ml).c_str());
    }
  }

  // ---- ManipLab / Pinocchio ------------------------------------------------------------------------------
  std::printf("\n## ManipLab / Pinocchio (goal <= 0.70 on chains, <= 0.50 on the tree)\n\n");
  if (mb::pinocchioVersion().empty()) {
    std::printf("Pinocchio not built in: configure with -DMANIPLAB_PINOCCHIO_INCLUDE=<its include directories> "
                "(README, Benchmark).\n");
  } else {
    std::printf("Pinocchio %s, compiled in this executable with its flags; CRBA and ABA: the faster of Pinocchio's "
                "LOCAL and WORLD conventions. Ratio = ManipLab ns / Pinocchio ns. ManipLab's kernels: %s%s.\n\n",
                mb::pinocchioVersion().c_str(), maniplab::kernelIsaName(maniplab::kernelIsa()),
                maniplab::kernelIsa() == maniplab::KernelIsa::Baseline
                    ? " (like for like: both compiled for the baseline target)"
                    : " while Pinocchio runs baseline code: run with MANIPLAB_KERNELS=baseline for the like-for-like ratio");
    std::printf("| robot | n | goal | RNEA ML / Pin ns | ratio | CRBA ML / Pin ns | ratio | ABA ML / Pin ns | ratio |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    const std::string names[3] = {rneaName, "M: crba", "FD: aba"};
    int pinFails = 0;
    std::string worst;
    for (const auto& R : robots) {
      if (!R.timed) continue;
      char goal[16];
      std::snprintf(goal, sizeof goal, "%.2f", R.pinocchioGoal);
      std::string line = "| " + R.label + " | " + std::to_string(R.model.nq) + " | " + goal;
      for (const auto& nm : names) {
        const Row& r = rows[nm][R.label];
        const std::optional<double> pin = nm == rneaName ? r.orc[2] : r.pinBest;
        if (!pin) {
          line += " | n/a | n/a";
          continue;
        }
        const double ratio = r.ml / *pin;
        char b[96];
        std::snprintf(b, sizeof b, " | %s / %s | %.2f", fmtNs(r.ml).c_str(), fmtNs(*pin).c_str(), ratio);
        line += b;
        if (ratio > R.pinocchioGoal) {
          ++pinFails;
          worst += " " + R.label + " " + nm.substr(0, nm.find(' ')) + " " + std::to_string(ratio).substr(0, 4);
        }
      }
      std::printf("%s |\n", line.c_str());
    }
    std::printf("\n%s  ManipLab/Pinocchio within its goal for RNEA, CRBA and ABA on every robot%s\n", pinFails ? "FAIL" : "PASS",
                pinFails ? (":" + worst).c_str() : "");
  }

  // ---- Cost of the argument checks ----------------------------------------------------------------------
  std::printf("\n## Cost of the argument checks (argument_checks.hpp)\n\n");
  std::printf("The checks of aba() alone (model consistency, workspace size, q, qd, tau sizes), and each public call "
              "against its unchecked form (detail::), same states, interleaved with the rest.\n\n");
  std::printf("| robot | n | checks alone ns | rnea checked / unchecked ns | crba checked / unchecked ns | aba "
              "checked / unchecked ns |\n|---|---:|---:|---:|---:|---:|\n");
  for (const auto& c : checkCosts)
    std::printf("| %s | %d | %s | %s / %s | %s / %s | %s / %s |\n", c.robot.c_str(), c.n, fmtNs(c.checksOnly).c_str(),
                fmtNs(c.checked[0]).c_str(), fmtNs(c.unchecked[0]).c_str(), fmtNs(c.checked[1]).c_str(),
                fmtNs(c.unchecked[1]).c_str(), fmtNs(c.checked[2]).c_str(), fmtNs(c.unchecked[2]).c_str());

  std::printf("\nLoad average at end: %s\n", loadAverage().c_str());
  std::printf("\n%s; cross-checks %s.\n", fails ? "SOME TARGETS FAILED" : "all targets met",
              allAgree ? "all agree" : "SHOW DISAGREEMENTS");
  if (g_sink == 12345.6789) std::puts("");  // keeps the checksum observable
  if (opt.simulation) maniplab::bench::runSimulationBench(MANIPLAB_SOURCE_DATA_DIR, opt.quick);
  return allAgree ? 0 : 1;
}
