// A desired trajectory against the robot's limits before any run (limit_check.hpp); torques by the
// inverse dynamic model (recursive Newton–Euler, Khalil & Dombre 2002 §9.3; rnea.hpp).
#include "maniplab/sim/trajectories/limit_check.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "maniplab/model/data.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/sim/integration/integrator.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "../significant_digits.hpp"

namespace maniplab::sim {

namespace {

constexpr int kQuantities = 4;

/// Evaluates one quantity of one joint of the reference at any time (and the whole grid).
class Evaluator {
 public:
  Evaluator(const Model& m, const Trajectory& t, const LimitCheckOptions& o)
      : model_(m), traj_(t), data_(m), ref_{VectorX::Zero(m.nq), VectorX::Zero(m.nq), VectorX::Zero(m.nq)} {
    rnea_.gravity = o.gravity;
    rnea_.friction = o.friction;
  }
  /// All joints' values of `quantity` at t into out (size nq).
  void all(double t, LimitQuantity quantity, VectorX& out) {
    traj_.sample(t, ref_);
    switch (quantity) {
      case LimitQuantity::Position: out = ref_.q; break;
      case LimitQuantity::Velocity: out = ref_.qd; break;
      case LimitQuantity::Acceleration: out = ref_.qdd; break;
      case LimitQuantity::Effort: out = rnea(model_, data_, ref_.q, ref_.qd, ref_.qdd, rnea_); break;
    }
  }
  double one(double t, LimitQuantity quantity, int joint) {
    all(t, quantity, tmp_);
    return tmp_[joint];
  }

 private:
  const Model& model_;
  const Trajectory& traj_;
  Data data_;
  JointReference ref_;
  RneaOptions rnea_;
  VectorX tmp_;
};

double limitOf(const JointLimits& l, LimitQuantity q) {
  switch (q) {
    case LimitQuantity::Velocity: return l.velocity;
    case LimitQuantity::Acceleration: return l.acceleration;
    case LimitQuantity::Effort: return l.effort;
    case LimitQuantity::Position: break;
  }
  return 1e300;
}

bool finiteLimit(double v) { return std::isfinite(v) && std::abs(v) < 1e299; }

/// One side of one check: the excess g(t) = sign * f(t) - bound' (> tol: beyond the bound).
struct Side {
  LimitQuantity quantity;
  int joint;
  bool upper;
  double bound;  ///< signed bound on f
  double sign() const { return upper ? 1.0 : -1.0; }
  double excess(double f) const { return sign() * (f - bound); }
  double tol() const { return 1e-9 * (1.0 + std::abs(bound)); }
};

class Checker {
 public:
  Checker(Evaluator& ev, const LimitCheckOptions& o) : ev_(ev), opt_(o) {}

  double g(const Side& s, double t) { return s.excess(ev_.one(t, s.quantity, s.joint)); }

  /// The maximum of g over [a, b] (golden-section search; also the end points): time and value.
  std::pair<double, double> maximise(const Side& s, double a, double b) {
    double bestT = a, bestG = g(s, a);
    if (const double gb = g(s, b); gb > bestG) bestT = b, bestG = gb;
    constexpr double r = 0.6180339887498949;  // (sqrt 5 - 1) / 2
    double x1 = b - r * (b - a), x2 = a + r * (b - a);
    double g1 = g(s, x1), g2 = g(s, x2);
    while (b - a > opt_.timeTolerance) {
      if (g1 < g2) {
        a = x1; x1 = x2; g1 = g2;
        x2 = a + r * (b - a); g2 = g(s, x2);
      } else {
        b = x2; x2 = x1; g2 = g1;
        x1 = b - r * (b - a); g1 = g(s, x1);
      }
    }
    for (const auto& [t, v] : {std::pair{x1, g1}, std::pair{x2, g2}})
      if (v > bestG) bestT = t, bestG = v;
    return {bestT, bestG};
  }

  /// The crossing of the tolerance between `inside` (g <= tol) and `outside` (g > tol), by bisection.
  double crossing(const Side& s, double inside, double outside) {
    const double tol = s.tol();
    while (std::abs(outside - inside) > opt_.timeTolerance) {
      const double m = 0.5 * (inside + outside);
      (g(s, m) > tol ? outside : inside) = m;
    }
    return outside;
  }

  /// Violations of one side given the excess on the grid (times t[k]).
  void scan(const Side& s, const std::vector<double>& t, const std::vector<double>& ex, std::vector<LimitViolation>& out) {
    const int N = int(t.size()) - 1;
    const double tol = s.tol();
    auto make = [&](double first, double last, double peakT, double peakG) {
      LimitViolation v;
      v.joint = s.joint;
      v.quantity = s.quantity;
      v.upper = s.upper;
      v.bound = s.bound;
      v.firstTime = first;
      v.lastTime = last;
      v.peakTime = peakT;
      v.peakValue = s.bound + s.sign() * peakG;
      out.push_back(v);
    };
    // What refining a sampled local maximum can add: at most h^2/8 max|g''| ~ |second difference| / 8;
    // refined only when the sample is within 4 |second difference| (of it and its neighbours) of the
    // value to beat, so that flat stretches (holds) are not searched sample by sample.
    std::vector<double> d2(std::size_t(N + 1), 0.0);
    for (int j = 1; j < N; ++j)
      d2[std::size_t(j)] = std::abs(ex[std::size_t(j + 1)] - 2 * ex[std::size_t(j)] + ex[std::size_t(j - 1)]);
    if (N >= 2) d2[0] = d2[1], d2[std::size_t(N)] = d2[std::size_t(N - 1)];
    if (N == 1) d2[0] = d2[1] = std::abs(ex[1] - ex[0]);  // one interval: its variation
    auto margin = [&](int j) {
      double m = d2[std::size_t(j)];
      if (j > 0) m = std::max(m, d2[std::size_t(j - 1)]);
      if (j < N) m = std::max(m, d2[std::size_t(j + 1)]);
      return 4 * m;
    };
    int k = 0;
    while (k <= N) {
      if (ex[std::size_t(k)] > tol) {
        // A run of samples beyond the bound: [a, b].
        const int a = k;
        while (k + 1 <= N && ex[std::size_t(k + 1)] > tol) ++k;
        const int b = k;
        const double first = a == 0 ? t[0] : crossing(s, t[std::size_t(a - 1)], t[std::size_t(a)]);
        const double last = b == N ? t[std::size_t(N)] : crossing(s, t[std::size_t(b + 1)], t[std::size_t(b)]);
        double peakT = t[std::size_t(a)], peakG = ex[std::size_t(a)];
        for (int j = a; j <= b; ++j) {
          const bool localMax = (j == 0 || ex[std::size_t(j)] >= ex[std::size_t(j - 1)]) &&
                                (j == N || ex[std::size_t(j)] >= ex[std::size_t(j + 1)]);
          if (!localMax || ex[std::size_t(j)] + margin(j) <= peakG) continue;
          const auto [pt, pg] = maximise(s, t[std::size_t(std::max(j - 1, 0))], t[std::size_t(std::min(j + 1, N))]);
          if (pg > peakG) peakT = pt, peakG = pg;
        }
        make(first, last, peakT, peakG);
        ++k;
        continue;
      }
      // A sample inside the bound that is a local maximum of the excess: the peak may lie beyond the
      // bound between the samples (overshoot the grid does not see).
      const bool localMax = N > 0 && (k == 0 || ex[std::size_t(k)] >= ex[std::size_t(k - 1)]) &&
                            (k == N || ex[std::size_t(k)] >= ex[std::size_t(k + 1)]);
      if (localMax && ex[std::size_t(k)] + margin(k) > tol) {
        const double lo = t[std::size_t(std::max(k - 1, 0))], hi = t[std::size_t(std::min(k + 1, N))];
        const auto [pt, pg] = maximise(s, lo, hi);
        if (pg > tol) {
          // Its neighbours are inside the bound (they are below sample k), so are lo and hi.
          make(crossing(s, lo, pt), crossing(s, hi, pt), pt, pg);
        }
      }
      ++k;
    }
  }

 private:
  Evaluator& ev_;
  const LimitCheckOptions& opt_;
};

}  // namespace

LimitReport checkTrajectoryLimits(const Model& model, const Trajectory& trajectory, const LimitCheckOptions& opt) {
  const int n = model.nq;
  if (trajectory.dof() != n)
    throw std::invalid_argument("checkTrajectoryLimits: the trajectory has " + std::to_string(trajectory.dof()) +
                                " joints, the robot " + std::to_string(n));
  if (!(opt.step > 0) || opt.maxSamples < 1 || !(opt.timeTolerance > 0))
    throw std::invalid_argument("checkTrajectoryLimits: step and timeTolerance must be > 0, maxSamples >= 1");
  LimitReport rep;
  const double D = std::max(0.0, trajectory.duration());
  rep.duration = D;
  const double h0 = std::max(opt.step, D / double(opt.maxSamples));
  const int N = D > 0 ? int(std::ceil(D / h0 - 1e-9)) : 0;
  rep.step = N > 0 ? D / N : 0;
  rep.samples = N + 1;
  std::vector<double> t(std::size_t(N + 1));
  for (int k = 0; k <= N; ++k) t[std::size_t(k)] = k == N ? D : D * double(k) / double(N);

  Evaluator ev(model, trajectory, opt);
  Checker checker(ev, opt);
  const bool enabled[kQuantities] = {opt.position, opt.velocity, opt.acceleration, opt.effort};
  std::vector<double> ex(std::size_t(N + 1));
  std::vector<std::vector<double>> grid(std::size_t(n), std::vector<double>(std::size_t(N + 1)));
  VectorX v(n);
  for (int qi = 0; qi < kQuantities; ++qi) {
    const auto quantity = LimitQuantity(qi);
    if (!enabled[qi]) continue;
    std::vector<Side> sides;
    for (int j = 0; j < n; ++j) {
      const JointLimits& l = model.limits[std::size_t(j)];
      if (quantity == LimitQuantity::Position) {
        if (finiteLimit(l.upper)) sides.push_back({quantity, j, true, l.upper});
        if (finiteLimit(l.lower)) sides.push_back({quantity, j, false, l.lower});
      } else if (const double L = limitOf(l, quantity); finiteLimit(L)) {
        sides.push_back({quantity, j, true, L});
        sides.push_back({quantity, j, false, -L});
      }
    }
    if (sides.empty()) continue;
    for (int k = 0; k <= N; ++k) {
      ev.all(t[std::size_t(k)], quantity, v);
      for (int j = 0; j < n; ++j) grid[std::size_t(j)][std::size_t(k)] = v[j];
    }
    for (const Side& s : sides) {
      for (int k = 0; k <= N; ++k) ex[std::size_t(k)] = s.excess(grid[std::size_t(s.joint)][std::size_t(k)]);
      checker.scan(s, t, ex, rep.violations);
    }
  }
  std::stable_sort(rep.violations.begin(), rep.violations.end(), [](const LimitViolation& a, const LimitViolation& b) {
    if (a.firstTime != b.firstTime) return a.firstTime < b.firstTime;
    if (a.joint != b.joint) return a.joint < b.joint;
    return int(a.quantity) < int(b.quantity);
  });
  return rep;
}

std::string jointLabel(const Model& model, int joint) {
  std::string s = "joint " + std::to_string(joint + 1);
  if (std::size_t(joint) < model.jointName.size() && !model.jointName[std::size_t(joint)].empty() &&
      model.jointName[std::size_t(joint)] != "q" + std::to_string(joint + 1))
    s += " (" + model.jointName[std::size_t(joint)] + ")";
  return s;
}

std::string limitUnit(const Model& model, int joint, LimitQuantity quantity) {
  const bool rev = model.isRevolute(joint);
  switch (quantity) {
    case LimitQuantity::Position: return rev ? "rad" : "m";
    case LimitQuantity::Velocity: return rev ? "rad/s" : "m/s";
    case LimitQuantity::Acceleration: return rev ? "rad/s^2" : "m/s^2";
    case LimitQuantity::Effort: return rev ? "N m" : "N";
  }
  return {};
}

Message violationMessage(const Model& model, const LimitViolation& v) {
  const std::string unit = limitUnit(model, v.joint, v.quantity);
  const bool degrees = model.isRevolute(v.joint) && v.quantity == LimitQuantity::Position;
  auto number = [](double x) { return MessageArg::number(x, significantDigits(x, 4)); };
  auto value = [&](double x) -> MessageArg {
    if (degrees) return message(msg::kLimitValueDegrees, {number(x), MessageArg::field(unit), number(x * 180.0 / std::numbers::pi)});
    return message(msg::kLimitValue, {number(x), MessageArg::field(unit)});
  };
  const MessageTemplate* t = &msg::kLimitEffort;
  switch (v.quantity) {
    case LimitQuantity::Position: t = v.upper ? &msg::kLimitUpper : &msg::kLimitLower; break;
    case LimitQuantity::Velocity: t = &msg::kLimitVelocity; break;
    case LimitQuantity::Acceleration: t = &msg::kLimitAcceleration; break;
    case LimitQuantity::Effort: break;
  }
  const std::string& name = std::size_t(v.joint) < model.jointName.size() ? model.jointName[std::size_t(v.joint)] : std::string();
  const Message joint = jointLabelMessage(v.joint, name == "q" + std::to_string(v.joint + 1) ? std::string() : name);
  return message(*t, {number(v.firstTime), joint, value(v.bound), value(v.excess()), value(v.peakValue),
                      number(v.peakTime), number(v.lastTime)});
}

std::string describeViolation(const Model& model, const LimitViolation& v) { return violationMessage(model, v).text; }

std::string limitReportText(const Model& model, const LimitReport& report) {
  std::string s;
  for (const auto& v : report.violations) s += describeViolation(model, v) + "\n";
  return s;
}

std::vector<Diagnostic> checkSceneLimits(const Scene& scene, const LimitCheckOptions& options) {
  std::vector<Diagnostic> out;
  std::unique_ptr<Trajectory> traj;
  try {
    traj = makeTrajectory(scene);
  } catch (const std::exception&) {
    return out;  // checkSceneTrajectory says why
  }
  if (!traj || traj->dof() != scene.robot.model.nq) return out;
  const LimitReport rep = checkTrajectoryLimits(scene.robot.model, *traj, options);
  for (const auto& v : rep.violations)
    out.push_back(Diagnostic::of(Diagnostic::Severity::Warning, scene.file, "/trajectory", violationMessage(scene.robot.model, v)));
  return out;
}

}  // namespace maniplab::sim
