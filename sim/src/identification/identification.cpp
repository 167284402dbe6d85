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

/// The cubic Hermite motion of joint j over the sample period [t_k, t_k+1] of the trace.
HermitePeriod hermitePeriod(const IdentificationTrace& tr, int k, int j, double dt) {
  return HermitePeriod(tr.q(k, j), tr.qd(k, j), tr.q(k + 1, j), tr.qd(k + 1, j), dt);
}

/// The trace after signal processing, and the samples kept for the equations.
struct ProcessedTrace {
  double fs = 0, dt = 0, fc = 0, edge = 0;
  int decimation = 1, skip = 0;
  bool periodModel = false;
  MatrixX qf, tauf, qdf, qddf;
  std::vector<int> keep;  // samples (instants t_k), or periods [t_k, t_k+1] for the period model
};

/// Filters, differentiates and decimates the trace (sample rate, cut-off, decimation and notes into `res`).
ProcessedTrace processTrace(const IdentificationTrace& tr, const IdentificationOptions& opt, bool energy,
                            IdentificationResult& res) {
  ProcessedTrace pt;
  pt.fs = sampleRate(tr);
  pt.dt = 1 / pt.fs;
  const double fs = pt.fs;
  res.sampleRate = fs;

  // Signal processing.
  double fc = opt.cutoffHz;
  if (fc < 0) fc = (tr.hasQdd || tr.hasQd) ? 0.0 : std::min(10.0, fs / 8);
  pt.fc = fc;
  res.cutoffHz = fc;
  // Exact zero-order-hold period model: the trace gives the sampled state (q, qd) unfiltered and the
  // torque held over each sample period (ManipLab's own traces: identification.hpp).
  pt.periodModel = !energy && opt.zeroOrderHold && tr.hasQd && !tr.hasQdd && fc == 0;
  pt.qf = zeroPhaseLowPass(tr.q, fs, fc);
  // Zero-order-hold torques (tau_k applied on [t_k, t_k+1]) are centred at t_k + T/2: the central-difference
  // acceleration at t_k averages the periods k-1 and k, so the matching torque is (tau_k-1 + tau_k) / 2.
  // (Given accelerations are taken as those under the torque of their own row: no re-centring.)
  MatrixX tauAligned = tr.tau;
  if (opt.zeroOrderHold && !tr.hasQdd && !pt.periodModel)
    for (Eigen::Index k = tr.tau.rows() - 1; k >= 1; --k) tauAligned.row(k) = 0.5 * (tr.tau.row(k - 1) + tr.tau.row(k));
  pt.tauf = zeroPhaseLowPass(tauAligned, fs, fc);
  pt.qdf = tr.hasQd ? zeroPhaseLowPass(tr.qd, fs, fc) : differentiate(pt.qf, pt.dt);
  pt.qddf = tr.hasQdd ? tr.qdd : differentiate(pt.qdf, pt.dt);
  const int dec = opt.decimation > 0 ? opt.decimation : (fc > 0 ? std::max(1, int(std::floor(fs / (4 * fc)))) : 1);
  pt.decimation = dec;
  res.decimation = dec;
  pt.edge = opt.edgeSeconds >= 0 ? opt.edgeSeconds : (fc > 0 ? 2.0 / fc : 0.0);
  const int N = tr.samples();
  pt.skip = std::min(N, int(std::ceil(pt.edge * fs)));
  for (int k = pt.skip; k < N - pt.skip - (pt.periodModel ? 1 : 0); k += dec) pt.keep.push_back(k);
  if (fc > 0) res.notes.push_back("zero-phase Butterworth low-pass at " + fmt(fc) + " Hz (q, qd and tau alike), decimation " + std::to_string(dec) +
                                  ", " + fmt(pt.edge) + " s dropped at each end");
  else res.notes.push_back(std::string("no filtering") + (tr.hasQdd ? " (the trace gives qdd)" : ""));
  if (pt.periodModel)
    res.notes.push_back("zero-order-hold period model: tau_k = (1/T) int over [t_k, t_k+T] of Y(q, qd, qdd) dt pi, the motion "
                        "between samples by cubic Hermite interpolation of (q, qd), 3-point Gauss quadrature (no differentiation)");
  return pt;
}

/// The dynamic-model equations of the kept samples: kept sample s is the instant t_k, or the period
/// [t_k, t_k+1] for the period model, k = keep[s].
class KeptSamples {
 public:
  KeptSamples(const Model& model, const IdentificationTrace& tr, const ProcessedTrace& pt)
      : model_(model), tr_(tr), pt_(pt), n_(model.nq), qn_(n_), vn_(n_), an_(n_) {}

  int count() const { return int(pt_.keep.size()); }
  int sample(int s) const { return pt_.keep[std::size_t(s)]; }

  /// The regressor of kept sample s (n x np): at the instant t_k, or averaged over the period k (period model).
  void regressor(int s, MatrixX& out) {
    const int k = sample(s);
    if (!pt_.periodModel) {
      inverseDynamicsRegressor(model_, pt_.qf.row(k).transpose(), pt_.qdf.row(k).transpose(), pt_.qddf.row(k).transpose(), out);
      return;
    }
    hp_.clear();
    for (int j = 0; j < n_; ++j) hp_.push_back(hermitePeriod(tr_, k, j, pt_.dt));
    out.setZero(n_, n_ * kStandardPerJoint);
    for (int g = 0; g < 3; ++g) {
      for (int j = 0; j < n_; ++j) hp_[std::size_t(j)].at(kGaussU[g], qn_[j], vn_[j], an_[j]);
      inverseDynamicsRegressor(model_, qn_, vn_, an_, Yq_);
      out += kGaussW[g] * Yq_;
    }
  }
  /// Torque paired with kept sample s: the (aligned, filtered) torque at t_k, or the torque held on period k.
  double torque(int s, int j) const { return pt_.periodModel ? tr_.tau(sample(s), j) : pt_.tauf(sample(s), j); }
  /// Velocity used to drop equations near zero velocity (the smaller end of the period for the period model).
  double speed(int s, int j) const {
    const int k = sample(s);
    return pt_.periodModel ? std::min(std::abs(tr_.qd(k, j)), std::abs(tr_.qd(k + 1, j))) : std::abs(pt_.qdf(k, j));
  }

 private:
  const Model& model_;
  const IdentificationTrace& tr_;
  const ProcessedTrace& pt_;
  const int n_;
  MatrixX Yq_;
  VectorX qn_, vn_, an_;
  std::vector<HermitePeriod> hp_;
};

/// The equations the model describes, modelled[s][j], with the counts of the dropped ones.
struct ModelledEquations {
  std::vector<std::vector<char>> modelled;
  int periodsDropped = 0, reversals = 0, slowDropped = 0;
};

// Joint j's equation is dropped where |qd_j| is below velocityThreshold * max |qd_j|: there the Coulomb
// friction switches inside the sample period (and the held torque sticks the joint), which no sampled
// model reproduces. Period model: a period in which some joint reverses (its velocity changes sign within
// the period) or is nearly at rest is dropped for ALL joints (stick-slip: that joint's motion is not
// smooth there, and the equations of the joints coupled to it are wrong as well).
ModelledEquations selectModelledEquations(const KeptSamples& kept, const IdentificationTrace& tr, const ProcessedTrace& pt,
                                          double velocityThreshold, int n) {
  const int S = kept.count();
  ModelledEquations me;
  me.modelled.assign(static_cast<std::size_t>(S), std::vector<char>(static_cast<std::size_t>(n), 1));
  std::vector<double> vmax(static_cast<std::size_t>(n), 0.0);
  for (int j = 0; j < n; ++j)
    for (int s = 0; s < S; ++s) vmax[std::size_t(j)] = std::max(vmax[std::size_t(j)], kept.speed(s, j));
  for (int s = 0; s < S; ++s) {
    const int k = kept.sample(s);
    bool periodOk = true;
    for (int j = 0; j < n; ++j) {
      const bool slow = kept.speed(s, j) < velocityThreshold * vmax[std::size_t(j)];
      // (a joint that never moves, e.g. locked, does not reverse)
      const bool reverses = pt.periodModel && vmax[std::size_t(j)] > 0 && hermitePeriod(tr, k, j, pt.dt).signChanges();
      if (reverses) ++me.reversals;
      if (slow || reverses) {
        periodOk = false;
        me.modelled[std::size_t(s)][std::size_t(j)] = 0;
        ++me.slowDropped;
      }
    }
    if (pt.periodModel && !periodOk) {
      ++me.periodsDropped;
      std::fill(me.modelled[std::size_t(s)].begin(), me.modelled[std::size_t(s)].end(), 0);
    }
  }
  return me;
}

/// The solution and its base parameters into `res` (rows: equations, samplesUsed: samples or intervals used).
void storeSolution(const Solution& sol, const BaseParameterSet& base, int rows, int samplesUsed, IdentificationResult& res) {
  const int nb = base.count();
  res.estimate = sol.x;
  res.conditionNumber = sol.cond;
  res.conditionNumberScaled = sol.condScaled;
  res.residualNorm = sol.residual;
  res.relativeResidual = sol.relResidual;
  res.rows = rows;
  res.cols = nb;
  res.samplesUsed = samplesUsed;
  for (int b = 0; b < nb; ++b) {
    IdentifiedParameter p;
    p.name = base.params[std::size_t(b)].name;
    p.expression = base.params[std::size_t(b)].expression;
    p.value = sol.x[b];
    p.stdDev = sol.stdDev[b];
    res.params.push_back(p);
  }
}

/// The regressor rows of every kept sample in the base columns (Y K^+). With a filter, the non-smooth
/// columns are filtered in parallel: sign(qd) and |sign(qd)| are filtered like tau.
std::vector<MatrixX> baseRegressorsOfKeptSamples(const Model& model, KeptSamples& kept, const ProcessedTrace& pt,
                                                 const BaseParameterSet& base) {
  const int n = model.nq, S = kept.count();
  std::vector<MatrixX> YBs(static_cast<std::size_t>(S));
  MatrixX signF, absSignF;
  if (pt.fc > 0) {
    signF = zeroPhaseLowPass(pt.qdf.unaryExpr([](double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }), pt.fs, pt.fc);
    absSignF = zeroPhaseLowPass(pt.qdf.unaryExpr([](double v) { return v != 0 ? 1.0 : 0.0; }), pt.fs, pt.fc);
  }
  MatrixX Y;
  for (int s = 0; s < S; ++s) {
    kept.regressor(s, Y);
    if (pt.fc > 0)
      for (int j = 0; j < n; ++j) {
        const int k = kept.sample(s);
        Y(j, j * kStandardPerJoint + kFs) = signF(k, j);
        if (hasCoulombAsymmetry(model, j)) Y(j, j * kStandardPerJoint + kFsa) = absSignF(k, j);
      }
    YBs[std::size_t(s)] = Y * base.Kpinv;
  }
  return YBs;
}

/// The observation matrix and torques of the modelled equations, grouped by joint: W = [W_1; ...; W_n],
/// joint j's rows from start[j] to start[j + 1].
struct JointGroupedEquations {
  MatrixX W;
  VectorX y;
  std::vector<int> start;
};

JointGroupedEquations stackModelledEquations(const std::vector<MatrixX>& YBs, const KeptSamples& kept,
                                             const ModelledEquations& me, int n, int nb) {
  const int S = kept.count();
  std::vector<std::vector<int>> rowsOf(static_cast<std::size_t>(n));
  JointGroupedEquations eq;
  eq.start.assign(static_cast<std::size_t>(n + 1), 0);
  for (int j = 0; j < n; ++j) {
    for (int s = 0; s < S; ++s)
      if (me.modelled[std::size_t(s)][std::size_t(j)]) rowsOf[std::size_t(j)].push_back(s);
    eq.start[std::size_t(j + 1)] = eq.start[std::size_t(j)] + int(rowsOf[std::size_t(j)].size());
  }
  const int M = eq.start[std::size_t(n)];
  eq.W.resize(M, nb);
  eq.y.resize(M);
  for (int j = 0; j < n; ++j) {
    const auto& rj = rowsOf[std::size_t(j)];
    for (std::size_t r = 0; r < rj.size(); ++r) {
      eq.W.row(eq.start[std::size_t(j)] + int(r)) = YBs[std::size_t(rj[r])].row(j);
      eq.y[eq.start[std::size_t(j)] + int(r)] = kept.torque(rj[r], j);
    }
  }
  return eq;
}

/// Scales joint j's rows by 1 / sigma_j, sigma_j the RMS residual of joint j for the estimate x.
void weightByJointResidual(JointGroupedEquations& eq, const VectorX& x, int n) {
  VectorX w(n);
  const VectorX r = eq.y - eq.W * x;
  for (int j = 0; j < n; ++j) {
    const int a = eq.start[std::size_t(j)], len = eq.start[std::size_t(j + 1)] - a;
    if (len == 0) { w[j] = 1; continue; }
    const double rms = std::sqrt(r.segment(a, len).squaredNorm() / len);
    const double ref = std::sqrt(eq.y.segment(a, len).squaredNorm() / len);
    w[j] = 1 / std::max(rms, 1e-9 * std::max(ref, 1e-12));
    eq.W.middleRows(a, len) *= w[j];
    eq.y.segment(a, len) *= w[j];
  }
}

/// Dynamic model: (weighted) least squares on the modelled equations of the kept samples.
void identifyDynamic(const Model& model, const IdentificationTrace& tr, const BaseParameterSet& base,
                     const IdentificationOptions& opt, const ProcessedTrace& pt, KeptSamples& kept,
                     const ModelledEquations& me, IdentificationResult& res) {
  const int n = model.nq, nb = base.count(), S = kept.count();
  if (S * n <= nb)
    throw std::runtime_error(tr.source + ": too short: " + std::to_string(S) + " usable samples (" + std::to_string(tr.samples()) +
                             " recorded) for " + std::to_string(nb) + " base parameters");
  JointGroupedEquations eq = stackModelledEquations(baseRegressorsOfKeptSamples(model, kept, pt, base), kept, me, n, nb);
  Solution sol = solveLeastSquares(eq.W, eq.y, base, opt.rankTolerance, tr.source);
  if (opt.weighted) {
    weightByJointResidual(eq, sol.x, n);
    sol = solveLeastSquares(eq.W, eq.y, base, opt.rankTolerance, tr.source);
    res.notes.push_back("weighted least squares (weights 1/sigma_j from an ordinary least-squares pass)");
  }
  storeSolution(sol, base, int(eq.W.rows()), S, res);
}

/// The starts a of the energy model's intervals [a, a + L] within [first, last]. Exact zero-order-hold
/// data (hermite): only runs of clean periods (no joint reversing within the period or below
/// velocityThreshold of its maximum speed): across stick-slip the recorded states carry the plant's
/// integration error at the Coulomb discontinuity, and its energy balance does not close there.
/// `stickPeriods` counts the periods left out.
std::vector<int> energyIntervalStarts(const IdentificationTrace& tr, double velocityThreshold, double dt, bool hermite,
                                      int first, int last, int L, int& stickPeriods) {
  std::vector<int> starts;
  stickPeriods = 0;
  if (!hermite) {
    for (int a = first; a + L <= last; a += L) starts.push_back(a);
    return starts;
  }
  const int n = int(tr.q.cols());
  VectorX vmax = tr.qd.cwiseAbs().colwise().maxCoeff().transpose();
  int run = first;  // first period of the current run of clean periods
  for (int k = first; k < last; ++k) {
    bool clean = true;
    for (int j = 0; j < n && clean; ++j)  // (a joint that never moves is clean)
      clean = vmax[j] == 0 ||
              (std::min(std::abs(tr.qd(k, j)), std::abs(tr.qd(k + 1, j))) >= velocityThreshold * vmax[j] &&
               !hermitePeriod(tr, k, j, dt).signChanges());
    if (!clean) {
      ++stickPeriods;
      run = k + 1;
    } else if (k + 1 - run == L) {
      starts.push_back(run);
      run = k + 1;
    }
  }
  return starts;
}

/// The actuator work sum_j int tau_j qd_j dt over [a, b]: exact for zero-order-hold torques, else
/// Simpson's rule on tau.qd (b - a is even).
double actuatorWork(const IdentificationTrace& tr, const MatrixX& qv, int a, int b, double dt, bool zeroOrderHold) {
  const int n = int(tr.q.cols());
  double work = 0;
  if (zeroOrderHold) {
    for (int k = a; k < b; ++k)
      for (int j = 0; j < n; ++j) work += tr.tau(k, j) * (tr.q(k + 1, j) - tr.q(k, j));
  } else {
    for (int k = a; k < b; k += 2)
      for (int j = 0; j < n; ++j)
        work += dt / 3 * (tr.tau(k, j) * qv(k, j) + 4 * tr.tau(k + 1, j) * qv(k + 1, j) + tr.tau(k + 2, j) * qv(k + 2, j));
  }
  return work;
}

/// Adds the friction integrals int qd_j^2 dt (Fv_j) and int |qd_j| dt (Fs_j) over [a, b] to `row`.
void addFrictionIntegrals(const IdentificationTrace& tr, const MatrixX& qv, int a, int b, double dt, bool hermite,
                          VectorX& row) {
  const int n = int(tr.q.cols());
  if (hermite) {
    // int qd^2 and int |qd| exact for the cubic Hermite motion of each sample period.
    for (int k = a; k < b; ++k)
      for (int j = 0; j < n; ++j) {
        const HermitePeriod h = hermitePeriod(tr, k, j, dt);
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
}

/// Energy model: intervals of L samples of the raw trace; velocities from the trace or the filter.
/// With the trace's own qd, unfiltered, the friction integrals are exact per sample period for the
/// cubic Hermite motion (as for the dynamic period model).
void identifyEnergy(const Model& model, const IdentificationTrace& tr, const BaseParameterSet& base,
                    const IdentificationOptions& opt, const ProcessedTrace& pt, IdentificationResult& res) {
  const int n = model.nq, nb = base.count(), N = tr.samples();
  const double dt = pt.dt;
  const bool hermite = tr.hasQd && pt.fc == 0;
  const MatrixX& qv = tr.hasQd ? tr.qd : pt.qdf;
  const MatrixX& qp = tr.hasQd ? tr.q : pt.qf;
  const int first = tr.hasQd ? 0 : pt.skip, last = tr.hasQd ? N - 1 : N - 1 - pt.skip;
  const int span = last - first;
  int L = opt.energyInterval > 0 ? opt.energyInterval : std::max(2, span / std::max(1, 20 * nb));
  L += L % 2;  // even, for Simpson's rule
  int stickPeriods = 0;
  const std::vector<int> starts = energyIntervalStarts(tr, opt.velocityThreshold, dt, hermite, first, last, L, stickPeriods);
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
    for (int j = 0; j < n; ++j)  // Fsa: int |sign(qd)| qd dt = Delta q
      if (hasCoulombAsymmetry(model, j)) row[j * kStandardPerJoint + kFsa] += qp(b, j) - qp(a, j);
    const double work = actuatorWork(tr, qv, a, b, dt, opt.zeroOrderHold);
    addFrictionIntegrals(tr, qv, a, b, dt, hermite, row);
    W.row(r) = row.transpose() * base.Kpinv;
    y[r] = work;
  }
  const Solution sol = solveLeastSquares(W, y, base, opt.rankTolerance, tr.source);
  storeSolution(sol, base, R, R * L + R, res);
  res.notes.push_back("energy model: " + std::to_string(R) + " intervals of " + std::to_string(L) + " samples; work " +
                      (opt.zeroOrderHold ? "exact for zero-order-hold torques" : "by Simpson's rule") +
                      (hermite ? ", int qd^2 and int |qd| exact for the cubic Hermite motion of each sample period; " +
                                     std::to_string(stickPeriods) + " periods with a reversing or nearly stopped joint (stick-slip) left out"
                               : ", int qd^2 by Simpson's rule, int |qd| exact for piecewise-linear qd"));
}

/// Relative standard deviations, and the true values (from the standard parameters, when given) with
/// the relative errors.
void compareWithTrueValues(const BaseParameterSet& base, const VectorX* trueStandard, IdentificationResult& res) {
  VectorX truth;
  if (trueStandard != nullptr && trueStandard->size() == base.K.cols()) truth = base.K * *trueStandard;
  const double scaleTrue = truth.size() ? truth.cwiseAbs().maxCoeff() : 0.0;
  for (int b = 0; b < base.count(); ++b) {
    auto& p = res.params[std::size_t(b)];
    p.relStdDevPercent = p.value != 0 ? 100 * p.stdDev / std::abs(p.value) : INFINITY;
    if (truth.size()) {
      p.hasTrue = true;
      p.trueValue = truth[b];
      const double err = std::abs(p.value - p.trueValue);
      p.relError = std::abs(p.trueValue) > 1e-9 * std::max(1.0, scaleTrue) ? err / std::abs(p.trueValue) : err;
    }
  }
}

/// Torque fit per joint: the dynamic model with the estimate on the processed samples (all of them are
/// returned for plotting; the statistics cover the modelled equations).
void fitJointTorques(const IdentificationTrace& tr, const BaseParameterSet& base, const ProcessedTrace& pt,
                     KeptSamples& kept, const ModelledEquations& me, int n, IdentificationResult& res) {
  const int S = kept.count();
  res.tFit.resize(S);
  res.tauMeasured.resize(S, n);
  res.tauPredicted.resize(S, n);
  MatrixX Y;
  for (int s = 0; s < S; ++s) {
    const int k = kept.sample(s);
    kept.regressor(s, Y);
    res.tFit[s] = pt.periodModel ? 0.5 * (tr.t[k] + tr.t[k + 1]) : tr.t[k];
    for (int j = 0; j < n; ++j) res.tauMeasured(s, j) = kept.torque(s, j);
    res.tauPredicted.row(s) = (Y * base.Kpinv * res.estimate).transpose();
  }
  for (int j = 0; j < n; ++j) {
    JointFit f;
    double sm = 0, se = 0;
    for (int s = 0; s < S; ++s)
      if (me.modelled[std::size_t(s)][std::size_t(j)]) {
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
}

}  // namespace

IdentificationResult identify(const Model& model, const IdentificationTrace& tr, const BaseParameterSet& base,
                              const IdentificationOptions& opt, const VectorX* trueStandard) {
  const int n = model.nq;
  const int np = n * kStandardPerJoint;
  if (tr.q.cols() != n || tr.tau.cols() != n)
    throw std::runtime_error(tr.source + ": the trace has " + std::to_string(tr.q.cols()) + " joints, the robot " + std::to_string(n));
  if (base.K.cols() != np) throw std::runtime_error("identify: the base parameter set does not belong to this robot");
  IdentificationResult res;
  const bool energy = opt.model == IdentificationModel::Energy;
  res.model = energy ? "energy" : "dynamic";
  const ProcessedTrace pt = processTrace(tr, opt, energy, res);
  KeptSamples kept(model, tr, pt);
  const int S = kept.count();
  const ModelledEquations me = selectModelledEquations(kept, tr, pt, opt.velocityThreshold, n);
  if (pt.periodModel)
    res.notes.push_back("dynamic model: " + std::to_string(me.periodsDropped) + " of " + std::to_string(S) +
                        " periods dropped (some joint reverses within the period (" + std::to_string(me.reversals) +
                        " joint-periods) or is below " + fmt(opt.velocityThreshold) + " of its maximum speed: stick-slip)");
  else if (opt.velocityThreshold > 0 && !energy)
    res.notes.push_back("dynamic model: " + std::to_string(me.slowDropped) + " of " + std::to_string(S * n) +
                        " joint equations dropped near zero velocity (|qd_j| < " + fmt(opt.velocityThreshold) + " max |qd_j|)");

  if (!energy) identifyDynamic(model, tr, base, opt, pt, kept, me, res);
  else identifyEnergy(model, tr, base, opt, pt, res);
  compareWithTrueValues(base, trueStandard, res);
  fitJointTorques(tr, base, pt, kept, me, n, res);
  return res;
}

}  // namespace maniplab::sim
