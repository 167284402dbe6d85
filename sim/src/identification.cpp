// Identification of the base parameters: dynamic model by (weighted) least squares and the energy model
// of seed 002 (2.18)–(2.19), (3.5) (reference notes §3, §7.1); see identification.hpp.
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <Eigen/SVD>

#include "maniplab/model/energy_regressor.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification.hpp"

namespace maniplab::sim {

namespace {

std::string fmt(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

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
  const MatrixX qf = zeroPhaseLowPass(tr.q, fs, fc);
  // Zero-order-hold torques (tau_k applied on [t_k, t_k+1]) are centred at t_k + T/2: the central-difference
  // acceleration at t_k averages the periods k-1 and k, so the matching torque is (tau_k-1 + tau_k) / 2.
  MatrixX tauAligned = tr.tau;
  if (opt.zeroOrderHold)
    for (Eigen::Index k = tr.tau.rows() - 1; k >= 1; --k) tauAligned.row(k) = 0.5 * (tr.tau.row(k - 1) + tr.tau.row(k));
  const MatrixX tauf = zeroPhaseLowPass(tauAligned, fs, fc);
  const MatrixX qdf = tr.hasQd ? zeroPhaseLowPass(tr.qd, fs, fc) : differentiate(qf, dt);
  const MatrixX qddf = tr.hasQdd ? tr.qdd : differentiate(qdf, dt);
  int dec = opt.decimation > 0 ? opt.decimation : (fc > 0 ? std::max(1, int(std::floor(fs / (4 * fc)))) : 1);
  res.decimation = dec;
  const double edge = opt.edgeSeconds >= 0 ? opt.edgeSeconds : (fc > 0 ? 2.0 / fc : 0.0);
  const int N = tr.samples();
  const int skip = std::min(N, int(std::ceil(edge * fs)));
  std::vector<int> keep;
  for (int k = skip; k < N - skip; k += dec) keep.push_back(k);
  if (fc > 0) res.notes.push_back("zero-phase Butterworth low-pass at " + fmt(fc) + " Hz (q, qd and tau alike), decimation " + std::to_string(dec) +
                                  ", " + fmt(edge) + " s dropped at each end");
  else res.notes.push_back(std::string("no filtering") + (tr.hasQdd ? " (the trace gives qdd)" : ""));

  MatrixX Y;
  if (!energy) {
    const int S = int(keep.size());
    if (S * n <= nb)
      throw std::runtime_error(tr.source + ": too short: " + std::to_string(S) + " usable samples (" + std::to_string(N) +
                               " recorded) for " + std::to_string(nb) + " base parameters");
    // Rows grouped by joint: W = [W_1; ...; W_n]. Rows of joint j where |qd_j| is below
    // velocityThreshold * max |qd_j| are dropped: there the Coulomb friction switches inside the sample
    // period (and the held torque sticks the joint), which no sampled model reproduces.
    std::vector<std::vector<int>> rowsOf(static_cast<std::size_t>(n));
    std::vector<int> start(static_cast<std::size_t>(n + 1), 0);
    for (int j = 0; j < n; ++j) {
      double vmax = 0;
      for (int s = 0; s < S; ++s) vmax = std::max(vmax, std::abs(qdf(keep[std::size_t(s)], j)));
      for (int s = 0; s < S; ++s)
        if (std::abs(qdf(keep[std::size_t(s)], j)) >= opt.velocityThreshold * vmax) rowsOf[std::size_t(j)].push_back(s);
      start[std::size_t(j + 1)] = start[std::size_t(j)] + int(rowsOf[std::size_t(j)].size());
    }
    const int M = start[std::size_t(n)];
    // Parallel filtering of the one non-smooth regressor column: sign(qd) is filtered like tau.
    MatrixX signF = qdf.unaryExpr([](double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); });
    if (fc > 0) signF = zeroPhaseLowPass(signF, fs, fc);
    MatrixX W(M, nb);
    VectorX y(M);
    std::vector<int> posOf(static_cast<std::size_t>(n), 0);
    for (int s = 0; s < S; ++s) {
      const int k = keep[std::size_t(s)];
      inverseDynamicsRegressor(model, qf.row(k).transpose(), qdf.row(k).transpose(), qddf.row(k).transpose(), Y);
      for (int j = 0; j < n; ++j) Y(j, j * kStandardPerJoint + kFs) = signF(k, j);
      const MatrixX YB = Y * base.Kpinv;
      for (int j = 0; j < n; ++j) {
        auto& pj = posOf[std::size_t(j)];
        const auto& rj = rowsOf[std::size_t(j)];
        if (pj < int(rj.size()) && rj[std::size_t(pj)] == s) {
          W.row(start[std::size_t(j)] + pj) = YB.row(j);
          y[start[std::size_t(j)] + pj] = tauf(k, j);
          ++pj;
        }
      }
    }
    if (opt.velocityThreshold > 0)
      res.notes.push_back("dynamic model: " + std::to_string(S * n - M) + " of " + std::to_string(S * n) +
                          " joint equations dropped near zero velocity (|qd_j| < " + fmt(opt.velocityThreshold) + " max |qd_j|)");
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
    const MatrixX& qv = tr.hasQd ? tr.qd : qdf;
    const MatrixX& qp = tr.hasQd ? tr.q : qf;
    const int first = tr.hasQd ? 0 : skip, last = tr.hasQd ? N - 1 : N - 1 - skip;
    const int span = last - first;
    int L = opt.energyInterval > 0 ? opt.energyInterval : std::max(2, span / std::max(1, 20 * nb));
    L += L % 2;  // even, for Simpson's rule
    const int R = span / L;
    if (R <= nb)
      throw std::runtime_error(tr.source + ": too short for the energy model: " + std::to_string(R) + " intervals of " + std::to_string(L) +
                               " samples for " + std::to_string(nb) + " base parameters");
    MatrixX W(R, nb);
    VectorX y(R);
    VectorX hA, hB;
    for (int r = 0; r < R; ++r) {
      const int a = first + r * L, b = a + L;
      energyRegressor(model, qp.row(a).transpose(), qv.row(a).transpose(), hA);
      energyRegressor(model, qp.row(b).transpose(), qv.row(b).transpose(), hB);
      VectorX row = hB - hA;  // Delta h over the interval (inertial and Ia entries)
      double work = 0;
      for (int k = a; k < b; ++k)
        for (int j = 0; j < n; ++j) {
          const double v0 = qv(k, j), v1 = qv(k + 1, j);
          if (opt.zeroOrderHold) work += tr.tau(k, j) * (tr.q(k + 1, j) - tr.q(k, j));
          const double s = std::abs(v0) + std::abs(v1);
          row[j * kStandardPerJoint + kFs] += (v0 * v1 >= 0) ? 0.5 * dt * s : (s > 0 ? 0.5 * dt * (v0 * v0 + v1 * v1) / s : 0);
        }
      // Smooth integrands (tau.qd for continuous torques, qd^2) by composite Simpson (L is even).
      for (int k = a; k < b; k += 2)
        for (int j = 0; j < n; ++j) {
          const double v0 = qv(k, j), v1 = qv(k + 1, j), v2 = qv(k + 2, j);
          if (!opt.zeroOrderHold) work += dt / 3 * (tr.tau(k, j) * v0 + 4 * tr.tau(k + 1, j) * v1 + tr.tau(k + 2, j) * v2);
          row[j * kStandardPerJoint + kFv] += dt / 3 * (v0 * v0 + 4 * v1 * v1 + v2 * v2);
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
    res.samplesUsed = span + 1;
    res.notes.push_back("energy model: " + std::to_string(R) + " intervals of " + std::to_string(L) + " samples; work " +
                        (opt.zeroOrderHold ? "exact for zero-order-hold torques" : "by Simpson's rule") + ", int qd^2 by Simpson's rule, int |qd| exact for piecewise-linear qd");
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

  // Torque fit per joint: the dynamic model with the estimate on the processed samples.
  const int S = int(keep.size());
  res.tFit.resize(S);
  res.tauMeasured.resize(S, n);
  res.tauPredicted.resize(S, n);
  for (int s = 0; s < S; ++s) {
    const int k = keep[std::size_t(s)];
    inverseDynamicsRegressor(model, qf.row(k).transpose(), qdf.row(k).transpose(), qddf.row(k).transpose(), Y);
    res.tFit[s] = tr.t[k];
    res.tauMeasured.row(s) = tauf.row(k);
    res.tauPredicted.row(s) = (Y * base.Kpinv * res.estimate).transpose();
  }
  for (int j = 0; j < n; ++j) {
    JointFit f;
    if (S > 0) {
      f.rmsMeasured = std::sqrt(res.tauMeasured.col(j).squaredNorm() / S);
      f.rmsError = std::sqrt((res.tauMeasured.col(j) - res.tauPredicted.col(j)).squaredNorm() / S);
      f.relError = f.rmsMeasured > 0 ? f.rmsError / f.rmsMeasured : f.rmsError;
    }
    res.joints.push_back(f);
  }
  return res;
}

}  // namespace maniplab::sim
