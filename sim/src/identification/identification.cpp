// Identification of the base parameters: dynamic model by (weighted) least squares and the energy model
// of Belkoura 1993 (2.18)–(2.19), (3.5) (reference notes §3, §7.1); see identification.hpp.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <Eigen/SVD>

#include "maniplab/model/energy_regressor.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/identification.hpp"
#include "number_text.hpp"

namespace maniplab::sim {

namespace {

using identification_text::fmt;

struct Solution {
  VectorX x, stdDev;
  double cond = 0, condScaled = 0, residual = 0, relResidual = 0;
};

/// Least squares W x = y by SVD with a rank check on the column-normalised matrix; standard deviations
/// from sigma^2 = ||r||^2 / (m - p), cov = sigma^2 (W^T W)^-1.
Solution solveLeastSquares(const MatrixX& W, const VectorX& y, const BaseParameterSet& base, double rankTol,
                           const std::string& source) {
  const Eigen::Index m = W.rows(), p = W.cols();
  if (m <= p)
    throw std::runtime_error(source + ": too short: " + std::to_string(m) + " equations for " + std::to_string(p) +
                             " base parameters (record a longer or less decimated trace)");
  VectorX scale(p);
  for (Eigen::Index c = 0; c < p; ++c) scale[c] = W.col(c).norm();
  Eigen::JacobiSVD<MatrixX> svdScaled(W * scale.cwiseMax(1e-300).cwiseInverse().asDiagonal(), Eigen::ComputeThinV);
  const VectorX& ss = svdScaled.singularValues();
  Solution s;
  s.condScaled = ss[p - 1] > 0 ? ss[0] / ss[p - 1] : INFINITY;
  if (!(ss[p - 1] > rankTol * ss[0])) {
    // Name the parameters that the least excited direction involves.
    const VectorX v = svdScaled.matrixV().col(p - 1);
    std::string names;
    for (Eigen::Index c = 0; c < p; ++c)
      if (std::abs(v[c]) > 0.3 || scale[c] == 0) names += (names.empty() ? "" : ", ") + base.params[std::size_t(c)].name;
    int rank = 0;
    for (Eigen::Index c = 0; c < p; ++c)
      if (ss[c] > rankTol * ss[0]) ++rank;
    throw std::runtime_error(source + ": not exciting: the observation matrix has rank " + std::to_string(rank) + " < " +
                             std::to_string(p) + " base parameters (not identifiable from this motion: " + names +
                             "); use a richer excitation (maniplab-cli excite)");
  }
  Eigen::JacobiSVD<MatrixX> svd(W, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const VectorX& sv = svd.singularValues();
  s.cond = sv[0] / sv[p - 1];
  s.x = svd.solve(y);
  const VectorX r = y - W * s.x;
  s.residual = r.norm();
  s.relResidual = y.norm() > 0 ? s.residual / y.norm() : 0;
  const double sigma2 = r.squaredNorm() / double(m - p);
  const MatrixX Vs = svd.matrixV() * sv.cwiseInverse().asDiagonal();
  s.stdDev = (sigma2 * Vs.rowwise().squaredNorm()).cwiseSqrt();
  return s;
}

double sampleRate(const IdentificationTrace& tr) {
  const int N = tr.samples();
  if (N < 3) throw std::runtime_error(tr.source + ": too short: " + std::to_string(N) + " samples");
  const double dt = (tr.t[N - 1] - tr.t[0]) / (N - 1);
  for (int k = 1; k < N; ++k) {
    const double d = tr.t[k] - tr.t[k - 1];
    if (!(d > 0))
      throw std::runtime_error(tr.source + ": time is not increasing at data row " + std::to_string(k + 1) + " (t = " + fmt(tr.t[k]) + " s)");
    if (std::abs(d - dt) > 1e-6 * dt)
      throw std::runtime_error(tr.source + ": non-uniform sampling at data row " + std::to_string(k + 1) + " (step " + fmt(d) +
                               " s, mean " + fmt(dt) + " s); resample the trace first");
  }
  return 1 / dt;
}

/// One joint over one control period [t_k, t_k + h] of a zero-order-hold trace: the cubic Hermite
/// interpolant of (q_k, qd_k, q_k+1, qd_k+1) (exact to O(h^4) for the smooth motion under a constant
/// torque); its velocity is the quadratic v(u) = A u^2 + B u + C, u = (t - t_k) / h.
struct HermitePeriod {
  double q0, v0, q1, v1, h, A, B, C;
  HermitePeriod(double q0_, double v0_, double q1_, double v1_, double h_)
      : q0(q0_), v0(v0_), q1(q1_), v1(v1_), h(h_) {
    const double d = (q0 - q1) / h;
    A = 6 * d + 3 * v0 + 3 * v1;
    B = -6 * d - 4 * v0 - 2 * v1;
    C = v0;
  }
  void at(double u, double& q, double& v, double& a) const {
    const double u2 = u * u, u3 = u2 * u;
    q = (2 * u3 - 3 * u2 + 1) * q0 + (u3 - 2 * u2 + u) * h * v0 + (-2 * u3 + 3 * u2) * q1 + (u3 - u2) * h * v1;
    v = (A * u + B) * u + C;
    a = (2 * A * u + B) / h;
  }
  /// Roots of v in (0, 1), sorted (0, 1 or 2 of them).
  std::vector<double> velocityRoots() const {
    std::vector<double> r;
    auto add = [&](double u) { if (u > 0 && u < 1) r.push_back(u); };
    if (std::abs(A) < 1e-14 * (std::abs(B) + std::abs(C))) {
      if (B != 0) add(-C / B);
    } else {
      const double disc = B * B - 4 * A * C;
      if (disc >= 0) {
        const double sq = std::sqrt(disc), q = -0.5 * (B + (B >= 0 ? sq : -sq));
        if (q != 0) { add(q / A); add(C / q); }
      }
    }
    std::sort(r.begin(), r.end());
    return r;
  }
  /// Velocity changes sign (or vanishes) inside the period or at its ends.
  bool signChanges() const { return v0 == 0 || v1 == 0 || !velocityRoots().empty(); }
  double integralV(double a, double b) const {  // int_a^b v du
    return A * (b * b * b - a * a * a) / 3 + B * (b * b - a * a) / 2 + C * (b - a);
  }
  /// int |qd| dt and int qd^2 dt over the period, exact for the interpolant.
  double absIntegral() const {
    double sum = 0, a = 0;
    for (double r : velocityRoots()) { sum += std::abs(integralV(a, r)); a = r; }
    return h * (sum + std::abs(integralV(a, 1)));
  }
  double squareIntegral() const {
    return h * (A * A / 5 + A * B / 2 + (2 * A * C + B * B) / 3 + B * C + C * C);
  }
};

// 3-point Gauss–Legendre on [0, 1]: exact for polynomials of degree 5.
const double kGaussU[3] = {0.5 - 0.5 * 0.7745966692414834, 0.5, 0.5 + 0.5 * 0.7745966692414834};
const double kGaussW[3] = {5.0 / 18, 8.0 / 18, 5.0 / 18};

}  // namespace

IdentificationResult identify(const Model& model, const IdentificationTrace& tr, const BaseParameterSet& base,
                              const IdentificationOptions& opt, const VectorX* trueStandard) {
  const int n = model.nq;
  const int np = n * kStandardPerJoint;
  const int nb = base.count();
  if (tr.q.cols() != n || tr.tau.cols() != n)
    throw std::runtime_error(tr.source + ": the trace has " + std::to_string(tr.q.cols()) + " joints, the robot " + std::to_string(n));
  if (base.K.cols() != np) throw std::runtime_error("identify: the base parameter set does not belong to this robot");
  IdentificationResult res;
  const bool energy = opt.model == IdentificationModel::Energy;
  res.model = energy ? "energy" : "dynamic";
  const double fs = sampleRate(tr);
  const double dt = 1 / fs;
  res.sampleRate = fs;

  // Signal processing.
  double fc = opt.cutoffHz;
  if (fc < 0) fc = (tr.hasQdd || tr.hasQd) ? 0.0 : std::min(10.0, fs / 8);
  res.cutoffHz = fc;
  // Exact zero-order-hold period model: the trace gives the sampled state (q, qd) unfiltered and the
  // torque held over each sample period (ManipLab's own traces: identification.hpp).
  const bool periodModel = !energy && opt.zeroOrderHold && tr.hasQd && !tr.hasQdd && fc == 0;
  const MatrixX qf = zeroPhaseLowPass(tr.q, fs, fc);
  // Zero-order-hold torques (tau_k applied on [t_k, t_k+1]) are centred at t_k + T/2: the central-difference
  // acceleration at t_k averages the periods k-1 and k, so the matching torque is (tau_k-1 + tau_k) / 2.
  // (Given accelerations are taken as those under the torque of their own row: no re-centring.)
  MatrixX tauAligned = tr.tau;
  if (opt.zeroOrderHold && !tr.hasQdd && !periodModel)
    for (Eigen::Index k = tr.tau.rows() - 1; k >= 1; --k) tauAligned.row(k) = 0.5 * (tr.tau.row(k - 1) + tr.tau.row(k));
  const MatrixX tauf = zeroPhaseLowPass(tauAligned, fs, fc);
  const MatrixX qdf = tr.hasQd ? zeroPhaseLowPass(tr.qd, fs, fc) : differentiate(qf, dt);
  const MatrixX qddf = tr.hasQdd ? tr.qdd : differentiate(qdf, dt);
  int dec = opt.decimation > 0 ? opt.decimation : (fc > 0 ? std::max(1, int(std::floor(fs / (4 * fc)))) : 1);
  res.decimation = dec;
  const double edge = opt.edgeSeconds >= 0 ? opt.edgeSeconds : (fc > 0 ? 2.0 / fc : 0.0);
  const int N = tr.samples();
  const int skip = std::min(N, int(std::ceil(edge * fs)));
  std::vector<int> keep;  // samples (instants t_k), or periods [t_k, t_k+1] for the period model
  for (int k = skip; k < N - skip - (periodModel ? 1 : 0); k += dec) keep.push_back(k);
  if (fc > 0) res.notes.push_back("zero-phase Butterworth low-pass at " + fmt(fc) + " Hz (q, qd and tau alike), decimation " + std::to_string(dec) +
                                  ", " + fmt(edge) + " s dropped at each end");
  else res.notes.push_back(std::string("no filtering") + (tr.hasQdd ? " (the trace gives qdd)" : ""));
  if (periodModel)
    res.notes.push_back("zero-order-hold period model: tau_k = (1/T) int over [t_k, t_k+T] of Y(q, qd, qdd) dt pi, the motion "
                        "between samples by cubic Hermite interpolation of (q, qd), 3-point Gauss quadrature (no differentiation)");

  // The regressor of kept sample s (n x np): at the instant t_k, or averaged over the period k (period model).
  MatrixX Y, Yq;
  VectorX qn(n), vn(n), an(n);
  std::vector<HermitePeriod> hp;
  auto regressorAt = [&](int s, MatrixX& out) {
    const int k = keep[std::size_t(s)];
    if (!periodModel) {
      inverseDynamicsRegressor(model, qf.row(k).transpose(), qdf.row(k).transpose(), qddf.row(k).transpose(), out);
      return;
    }
    hp.clear();
    for (int j = 0; j < n; ++j) hp.emplace_back(tr.q(k, j), tr.qd(k, j), tr.q(k + 1, j), tr.qd(k + 1, j), dt);
    out.setZero(n, np);
    for (int g = 0; g < 3; ++g) {
      for (int j = 0; j < n; ++j) hp[std::size_t(j)].at(kGaussU[g], qn[j], vn[j], an[j]);
      inverseDynamicsRegressor(model, qn, vn, an, Yq);
      out += kGaussW[g] * Yq;
    }
  };
  // Torque paired with kept sample s: the (aligned, filtered) torque at t_k, or the torque held on period k.
  auto torqueAt = [&](int s, int j) { return periodModel ? tr.tau(keep[std::size_t(s)], j) : tauf(keep[std::size_t(s)], j); };
  // Velocity used to drop equations near zero velocity (the smaller end of the period for the period model).
  auto speedAt = [&](int s, int j) {
    const int k = keep[std::size_t(s)];
    return periodModel ? std::min(std::abs(tr.qd(k, j)), std::abs(tr.qd(k + 1, j))) : std::abs(qdf(k, j));
  };
  // The equations the model describes, modelled[s][j]. Joint j's equation is dropped where |qd_j| is below
  // velocityThreshold * max |qd_j|: there the Coulomb friction switches inside the sample period (and the
  // held torque sticks the joint), which no sampled model reproduces. Period model: a period in which some
  // joint reverses (its velocity changes sign within the period) or is nearly at rest is dropped for ALL
  // joints (stick-slip: that joint's motion is not smooth there, and the equations of the joints coupled
  // to it are wrong as well).
  const int S = int(keep.size());
  std::vector<std::vector<char>> modelled(static_cast<std::size_t>(S), std::vector<char>(static_cast<std::size_t>(n), 1));
  int periodsDropped = 0, reversals = 0, slowDropped = 0;
  {
    std::vector<double> vmax(static_cast<std::size_t>(n), 0.0);
    for (int j = 0; j < n; ++j)
      for (int s = 0; s < S; ++s) vmax[std::size_t(j)] = std::max(vmax[std::size_t(j)], speedAt(s, j));
    for (int s = 0; s < S; ++s) {
      const int k = keep[std::size_t(s)];
      bool periodOk = true;
      for (int j = 0; j < n; ++j) {
        const bool slow = speedAt(s, j) < opt.velocityThreshold * vmax[std::size_t(j)];
        // (a joint that never moves, e.g. locked, does not reverse)
        const bool reverses = periodModel && vmax[std::size_t(j)] > 0 &&
                              HermitePeriod(tr.q(k, j), tr.qd(k, j), tr.q(k + 1, j), tr.qd(k + 1, j), dt).signChanges();
        if (reverses) ++reversals;
        if (slow || reverses) {
          periodOk = false;
          modelled[std::size_t(s)][std::size_t(j)] = 0;
          ++slowDropped;
        }
      }
      if (periodModel && !periodOk) {
        ++periodsDropped;
        std::fill(modelled[std::size_t(s)].begin(), modelled[std::size_t(s)].end(), 0);
      }
    }
  }
  if (periodModel)
    res.notes.push_back("dynamic model: " + std::to_string(periodsDropped) + " of " + std::to_string(S) +
                        " periods dropped (some joint reverses within the period (" + std::to_string(reversals) +
                        " joint-periods) or is below " + fmt(opt.velocityThreshold) + " of its maximum speed: stick-slip)");
  else if (opt.velocityThreshold > 0 && !energy)
    res.notes.push_back("dynamic model: " + std::to_string(slowDropped) + " of " + std::to_string(S * n) +
                        " joint equations dropped near zero velocity (|qd_j| < " + fmt(opt.velocityThreshold) + " max |qd_j|)");

  if (!energy) {
    if (S * n <= nb)
      throw std::runtime_error(tr.source + ": too short: " + std::to_string(S) + " usable samples (" + std::to_string(N) +
                               " recorded) for " + std::to_string(nb) + " base parameters");
    // The regressor rows of every kept sample (base columns), then the equations kept, grouped by joint:
    // W = [W_1; ...; W_n].
    std::vector<MatrixX> YBs(static_cast<std::size_t>(S));
    // Parallel filtering of the non-smooth regressor columns: sign(qd) and |sign(qd)| are filtered like tau.
    MatrixX signF, absSignF;
    if (fc > 0) {
      signF = zeroPhaseLowPass(qdf.unaryExpr([](double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }), fs, fc);
      absSignF = zeroPhaseLowPass(qdf.unaryExpr([](double v) { return v != 0 ? 1.0 : 0.0; }), fs, fc);
    }
    for (int s = 0; s < S; ++s) {
      regressorAt(s, Y);
      if (fc > 0)
        for (int j = 0; j < n; ++j) {
          const int k = keep[std::size_t(s)];
          Y(j, j * kStandardPerJoint + kFs) = signF(k, j);
          if (hasCoulombAsymmetry(model, j)) Y(j, j * kStandardPerJoint + kFsa) = absSignF(k, j);
        }
      YBs[std::size_t(s)] = Y * base.Kpinv;
    }
    std::vector<std::vector<int>> rowsOf(static_cast<std::size_t>(n));
    std::vector<int> start(static_cast<std::size_t>(n + 1), 0);
    for (int j = 0; j < n; ++j) {
      for (int s = 0; s < S; ++s)
        if (modelled[std::size_t(s)][std::size_t(j)]) rowsOf[std::size_t(j)].push_back(s);
      start[std::size_t(j + 1)] = start[std::size_t(j)] + int(rowsOf[std::size_t(j)].size());
    }
    const int M = start[std::size_t(n)];
    MatrixX W(M, nb);
    VectorX y(M);
    for (int j = 0; j < n; ++j) {
      const auto& rj = rowsOf[std::size_t(j)];
      for (std::size_t r = 0; r < rj.size(); ++r) {
        W.row(start[std::size_t(j)] + int(r)) = YBs[std::size_t(rj[r])].row(j);
        y[start[std::size_t(j)] + int(r)] = torqueAt(rj[r], j);
      }
    }
    Solution sol = solveLeastSquares(W, y, base, opt.rankTolerance, tr.source);
    if (opt.weighted) {
      VectorX w(n);
      const VectorX r = y - W * sol.x;
      for (int j = 0; j < n; ++j) {
        const int a = start[std::size_t(j)], len = start[std::size_t(j + 1)] - a;
        if (len == 0) { w[j] = 1; continue; }
        const double rms = std::sqrt(r.segment(a, len).squaredNorm() / len);
        const double ref = std::sqrt(y.segment(a, len).squaredNorm() / len);
        w[j] = 1 / std::max(rms, 1e-9 * std::max(ref, 1e-12));
        W.middleRows(a, len) *= w[j];
        y.segment(a, len) *= w[j];
      }
      sol = solveLeastSquares(W, y, base, opt.rankTolerance, tr.source);
      res.notes.push_back("weighted least squares (weights 1/sigma_j from an ordinary least-squares pass)");
    }
    res.estimate = sol.x;
    res.conditionNumber = sol.cond;
    res.conditionNumberScaled = sol.condScaled;
    res.residualNorm = sol.residual;
    res.relativeResidual = sol.relResidual;
    res.rows = int(W.rows());
    res.cols = nb;
    res.samplesUsed = S;
    for (int b = 0; b < nb; ++b) {
      IdentifiedParameter p;
      p.name = base.params[std::size_t(b)].name;
      p.expression = base.params[std::size_t(b)].expression;
      p.value = sol.x[b];
      p.stdDev = sol.stdDev[b];
      res.params.push_back(p);
    }
  } else {
    // Energy model: intervals of L samples of the raw trace; velocities from the trace or the filter.
    // With the trace's own qd, unfiltered, the friction integrals are exact per sample period for the
    // cubic Hermite motion (as for the dynamic period model).
    const bool hermite = tr.hasQd && fc == 0;
    const MatrixX& qv = tr.hasQd ? tr.qd : qdf;
    const MatrixX& qp = tr.hasQd ? tr.q : qf;
    const int first = tr.hasQd ? 0 : skip, last = tr.hasQd ? N - 1 : N - 1 - skip;
    const int span = last - first;
    int L = opt.energyInterval > 0 ? opt.energyInterval : std::max(2, span / std::max(1, 20 * nb));
    L += L % 2;  // even, for Simpson's rule
    // Intervals [a, a + L]. Exact zero-order-hold data: only runs of clean periods (no joint reversing
    // within the period or below velocityThreshold of its maximum speed): across stick-slip the recorded
    // states carry the plant's integration error at the Coulomb discontinuity, and its energy balance
    // does not close there.
    std::vector<int> starts;
    int stickPeriods = 0;
    if (hermite) {
      VectorX vmax = tr.qd.cwiseAbs().colwise().maxCoeff().transpose();
      int run = first;  // first period of the current run of clean periods
      for (int k = first; k < last; ++k) {
        bool clean = true;
        for (int j = 0; j < n && clean; ++j)  // (a joint that never moves is clean)
          clean = vmax[j] == 0 ||
                  (std::min(std::abs(tr.qd(k, j)), std::abs(tr.qd(k + 1, j))) >= opt.velocityThreshold * vmax[j] &&
                   !HermitePeriod(tr.q(k, j), tr.qd(k, j), tr.q(k + 1, j), tr.qd(k + 1, j), dt).signChanges());
        if (!clean) {
          ++stickPeriods;
          run = k + 1;
        } else if (k + 1 - run == L) {
          starts.push_back(run);
          run = k + 1;
        }
      }
    } else {
      for (int a = first; a + L <= last; a += L) starts.push_back(a);
    }
    const int R = int(starts.size());
    if (R <= nb)
      throw std::runtime_error(tr.source + ": too short for the energy model: " + std::to_string(R) + " intervals of " + std::to_string(L) +
                               " samples for " + std::to_string(nb) + " base parameters");
    MatrixX W(R, nb);
    VectorX y(R);
    VectorX hA, hB;
    for (int r = 0; r < R; ++r) {
      const int a = starts[std::size_t(r)], b = a + L;
      energyRegressor(model, qp.row(a).transpose(), qv.row(a).transpose(), hA);
      energyRegressor(model, qp.row(b).transpose(), qv.row(b).transpose(), hB);
      VectorX row = hB - hA;  // Delta h over the interval (inertial and Ia entries)
      double work = 0;
      for (int j = 0; j < n; ++j)  // Fsa: int |sign(qd)| qd dt = Delta q
        if (hasCoulombAsymmetry(model, j)) row[j * kStandardPerJoint + kFsa] += qp(b, j) - qp(a, j);
      // Work: exact for zero-order-hold torques, else Simpson's rule on tau.qd (L is even).
      if (opt.zeroOrderHold) {
        for (int k = a; k < b; ++k)
          for (int j = 0; j < n; ++j) work += tr.tau(k, j) * (tr.q(k + 1, j) - tr.q(k, j));
      } else {
        for (int k = a; k < b; k += 2)
          for (int j = 0; j < n; ++j)
            work += dt / 3 * (tr.tau(k, j) * qv(k, j) + 4 * tr.tau(k + 1, j) * qv(k + 1, j) + tr.tau(k + 2, j) * qv(k + 2, j));
      }
      if (hermite) {
        // int qd^2 and int |qd| exact for the cubic Hermite motion of each sample period.
        for (int k = a; k < b; ++k)
          for (int j = 0; j < n; ++j) {
            const HermitePeriod h(tr.q(k, j), tr.qd(k, j), tr.q(k + 1, j), tr.qd(k + 1, j), dt);
            row[j * kStandardPerJoint + kFv] += h.squareIntegral();
            row[j * kStandardPerJoint + kFs] += h.absIntegral();
          }
      } else {
        // int |qd| exact for piecewise-linear qd (the sign changes); int qd^2 by composite Simpson.
        for (int k = a; k < b; ++k)
          for (int j = 0; j < n; ++j) {
            const double v0 = qv(k, j), v1 = qv(k + 1, j);
            const double s = std::abs(v0) + std::abs(v1);
            row[j * kStandardPerJoint + kFs] += (v0 * v1 >= 0) ? 0.5 * dt * s : (s > 0 ? 0.5 * dt * (v0 * v0 + v1 * v1) / s : 0);
          }
        for (int k = a; k < b; k += 2)
          for (int j = 0; j < n; ++j) {
            const double v0 = qv(k, j), v1 = qv(k + 1, j), v2 = qv(k + 2, j);
            row[j * kStandardPerJoint + kFv] += dt / 3 * (v0 * v0 + 4 * v1 * v1 + v2 * v2);
          }
      }
      W.row(r) = row.transpose() * base.Kpinv;
      y[r] = work;
    }
    const Solution sol = solveLeastSquares(W, y, base, opt.rankTolerance, tr.source);
    res.estimate = sol.x;
    res.conditionNumber = sol.cond;
    res.conditionNumberScaled = sol.condScaled;
    res.residualNorm = sol.residual;
    res.relativeResidual = sol.relResidual;
    res.rows = R;
    res.cols = nb;
    res.samplesUsed = R * L + R;
    res.notes.push_back("energy model: " + std::to_string(R) + " intervals of " + std::to_string(L) + " samples; work " +
                        (opt.zeroOrderHold ? "exact for zero-order-hold torques" : "by Simpson's rule") +
                        (hermite ? ", int qd^2 and int |qd| exact for the cubic Hermite motion of each sample period; " +
                                       std::to_string(stickPeriods) + " periods with a reversing or nearly stopped joint (stick-slip) left out"
                                 : ", int qd^2 by Simpson's rule, int |qd| exact for piecewise-linear qd"));
    for (int b = 0; b < nb; ++b) {
      IdentifiedParameter p;
      p.name = base.params[std::size_t(b)].name;
      p.expression = base.params[std::size_t(b)].expression;
      p.value = sol.x[b];
      p.stdDev = sol.stdDev[b];
      res.params.push_back(p);
    }
  }

  // Relative standard deviations and true values.
  VectorX truth;
  if (trueStandard != nullptr && trueStandard->size() == np) truth = base.K * *trueStandard;
  const double scaleTrue = truth.size() ? truth.cwiseAbs().maxCoeff() : 0.0;
  for (int b = 0; b < nb; ++b) {
    auto& p = res.params[std::size_t(b)];
    p.relStdDevPercent = p.value != 0 ? 100 * p.stdDev / std::abs(p.value) : INFINITY;
    if (truth.size()) {
      p.hasTrue = true;
      p.trueValue = truth[b];
      const double err = std::abs(p.value - p.trueValue);
      p.relError = std::abs(p.trueValue) > 1e-9 * std::max(1.0, scaleTrue) ? err / std::abs(p.trueValue) : err;
    }
  }

  // Torque fit per joint: the dynamic model with the estimate on the processed samples (all of them are
  // returned for plotting; the statistics cover the modelled equations).
  res.tFit.resize(S);
  res.tauMeasured.resize(S, n);
  res.tauPredicted.resize(S, n);
  for (int s = 0; s < S; ++s) {
    const int k = keep[std::size_t(s)];
    regressorAt(s, Y);
    res.tFit[s] = periodModel ? 0.5 * (tr.t[k] + tr.t[k + 1]) : tr.t[k];
    for (int j = 0; j < n; ++j) res.tauMeasured(s, j) = torqueAt(s, j);
    res.tauPredicted.row(s) = (Y * base.Kpinv * res.estimate).transpose();
  }
  for (int j = 0; j < n; ++j) {
    JointFit f;
    double sm = 0, se = 0;
    for (int s = 0; s < S; ++s)
      if (modelled[std::size_t(s)][std::size_t(j)]) {
        sm += res.tauMeasured(s, j) * res.tauMeasured(s, j);
        se += (res.tauMeasured(s, j) - res.tauPredicted(s, j)) * (res.tauMeasured(s, j) - res.tauPredicted(s, j));
        ++f.samples;
      }
    if (f.samples > 0) {
      f.rmsMeasured = std::sqrt(sm / f.samples);
      f.rmsError = std::sqrt(se / f.samples);
      f.relError = f.rmsMeasured > 0 ? f.rmsError / f.rmsMeasured : f.rmsError;
    }
    res.joints.push_back(f);
  }
  return res;
}

}  // namespace maniplab::sim
