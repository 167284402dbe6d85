// Excitation trajectories optimised for the condition number of the observation matrix (see
// excitation.hpp; the Fourier form of Swevers et al. 1997, the criterion of Belkoura 1993 ch. III's least
// squares).
#include <cmath>
#include <random>

#include <Eigen/SVD>
#include <nlohmann/json.hpp>

#include "maniplab/model/regressor.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/excitation.hpp"

namespace maniplab::sim {

namespace {

struct Eval {
  double cond = INFINITY, violation = 0, pos = 0, vel = 0, tau = 0;
  bool better(const Eval& o) const {
    if (violation > 0 || o.violation > 0) return violation < o.violation;
    return cond < o.cond;
  }
};

void enforceRest(MatrixX& a, MatrixX& b) {
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    a(i, 0) -= a.row(i).sum();
    double lb = 0;
    for (Eigen::Index l = 0; l < b.cols(); ++l) lb += double(l + 1) * b(i, l);
    b(i, 0) -= lb;
  }
}

}  // namespace

ExcitationResult optimizeExcitation(const Model& model, const BaseParameterSet& base, const ExcitationOptions& o) {
  const int n = model.nq, L = std::max(1, o.harmonics), S = std::max(10, o.samples);
  const double wf = 2 * M_PI * o.baseFrequencyHz;
  const VectorX pi = standardParameters(model).values;
  ExcitationResult r;
  r.wf = wf;
  r.q0 = model.home;
  VectorX halfRange(n), vmax(n), tmax(n);
  for (int i = 0; i < n; ++i) {
    const auto& lim = model.limits[std::size_t(i)];
    const bool bounded = lim.lower > -1e100 && lim.upper < 1e100;
    if (bounded) r.q0[i] = 0.5 * (lim.lower + lim.upper);
    halfRange[i] = bounded ? 0.5 * (lim.upper - lim.lower) * o.margin : (model.isRevolute(i) ? M_PI : 0.5);
    vmax[i] = lim.velocity < 1e100 ? lim.velocity * o.margin : (model.isRevolute(i) ? 2.0 : 0.5);
    tmax[i] = lim.effort < 1e100 ? lim.effort * o.margin : INFINITY;
  }
  MatrixX Y, W(S * n, base.count());
  auto evaluate = [&](const MatrixX& a, const MatrixX& b) {
    Eval e;
    VectorX q(n), qd(n), qdd(n);
    for (int k = 0; k < S; ++k) {
      const double t = (k + 0.5) * (2 * M_PI / wf) / S;
      for (int i = 0; i < n; ++i) {
        double x = r.q0[i], v = 0, acc = 0;
        for (int l = 1; l <= L; ++l) {
          const double w = wf * l, s = std::sin(w * t), c = std::cos(w * t);
          x += a(i, l - 1) / w * s - b(i, l - 1) / w * c;
          v += a(i, l - 1) * c + b(i, l - 1) * s;
          acc += w * (-a(i, l - 1) * s + b(i, l - 1) * c);
        }
        q[i] = x; qd[i] = v; qdd[i] = acc;
        e.pos = std::max(e.pos, std::abs(x - r.q0[i]) / (halfRange[i] / o.margin));
        e.vel = std::max(e.vel, std::abs(v) / (vmax[i] / o.margin));
        e.violation += std::max(0.0, std::abs(x - r.q0[i]) - halfRange[i]) / halfRange[i] + std::max(0.0, std::abs(v) - vmax[i]) / vmax[i];
      }
      inverseDynamicsRegressor(model, q, qd, qdd, Y);
      const VectorX tau = Y * pi;
      for (int i = 0; i < n; ++i)
        if (std::isfinite(tmax[i])) {
          e.tau = std::max(e.tau, std::abs(tau[i]) / (tmax[i] / o.margin));
          e.violation += std::max(0.0, std::abs(tau[i]) - tmax[i]) / tmax[i];
        }
      W.middleRows(k * n, n) = Y * base.Kpinv;
    }
    for (Eigen::Index c = 0; c < W.cols(); ++c) {
      const double nrm = W.col(c).norm();
      if (nrm > 0) W.col(c) /= nrm;
    }
    Eigen::JacobiSVD<MatrixX> svd(W);
    const VectorX& sv = svd.singularValues();
    e.cond = sv[sv.size() - 1] > 1e-14 * sv[0] ? sv[0] / sv[sv.size() - 1] : 1e14;
    return e;
  };

  std::mt19937 rng(o.seed);
  std::normal_distribution<double> N01(0, 1);
  // Initial guess: random coefficients scaled to about half the velocity limit.
  MatrixX a(n, L), b(n, L);
  for (int i = 0; i < n; ++i)
    for (int l = 0; l < L; ++l) {
      const double s = std::min(vmax[i], halfRange[i] * wf) / (2.0 * L);
      a(i, l) = s * N01(rng);
      b(i, l) = s * N01(rng);
    }
  enforceRest(a, b);
  Eval best = evaluate(a, b);
  for (int shrink = 0; shrink < 30 && best.violation > 0; ++shrink) {  // scale into the limits
    a *= 0.8;
    b *= 0.8;
    best = evaluate(a, b);
  }
  r.initialConditionNumber = best.cond;
  double sigma = 0.3;
  int evals = 1;
  for (int it = 0; it < o.iterations; ++it) {
    MatrixX a2 = a, b2 = b;
    for (int i = 0; i < n; ++i) {
      const double s = sigma * std::min(vmax[i], halfRange[i] * wf) / L;
      for (int l = 0; l < L; ++l) {
        a2(i, l) += s * N01(rng);
        b2(i, l) += s * N01(rng);
      }
    }
    enforceRest(a2, b2);
    const Eval e = evaluate(a2, b2);
    ++evals;
    if (e.better(best)) {
      a = a2; b = b2; best = e;
      sigma *= 1.5;
    } else {
      sigma *= std::pow(1.5, -0.25);
    }
    sigma = std::clamp(sigma, 1e-4, 1.0);
  }
  r.a = a;
  r.b = b;
  r.conditionNumber = best.cond;
  r.positionRatio = best.pos;
  r.velocityRatio = best.vel;
  r.torqueRatio = best.tau;
  r.feasible = best.violation == 0;
  r.evaluations = evals;
  return r;
}

std::string excitationSceneJson(const ExcitationResult& r, const ExcitationOptions& o, const std::string& robotPath,
                                const std::string& name, const std::string& description) {
  using nlohmann::json;
  auto rows = [](const MatrixX& m) {
    json a = json::array();
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      json row = json::array();
      for (Eigen::Index l = 0; l < m.cols(); ++l) row.push_back(m(i, l));
      a.push_back(row);
    }
    return a;
  };
  json q0 = json::array();
  for (Eigen::Index i = 0; i < r.q0.size(); ++i) q0.push_back(r.q0[i]);
  const double period = 1 / o.baseFrequencyHz;
  json s;
  s["format"] = "maniplab-scene";
  s["version"] = 1;
  s["name"] = name;
  s["description"] = description;
  s["robot"] = robotPath;
  s["trajectory"] = {{"type", "fourier"}, {"q0", q0}, {"base_frequency", o.baseFrequencyHz}, {"a", rows(r.a)},
                     {"b", rows(r.b)}, {"periods", o.periods}};
  s["duration"] = period * o.periods;
  s["rates"] = {{"control_hz", 400}, {"plant_hz", 2000}};
  s["integrator"] = {{"stepper", "rk4"}};
  s["plant"] = {{"friction", true}, {"torque_saturation", true}};
  s["controllers"] = json::array({{{"name", "computed_torque"},
                                   {"type", "computed_torque"},
                                   {"design", {{"response_time", 0.1}}},
                                   {"model", {{"perturbation_percent", 0}, {"friction_compensation", "full"}}}}});
  s["record"] = json::array({"reference", "state", "torque"});
  return s.dump(2) + "\n";
}

}  // namespace maniplab::sim
