#pragma once
// Tracking metrics of one run, accumulated ONLINE at the full simulation rate (not from the decimated
// Recorder), and comparison reports between controllers.
//
// Definitions (umis.md §12, thesis ch. 10; RMS and peak torque are additions — the thesis uses no RMS):
//   * Joint error          e_i = q_desired,i − q_i  (desired − actual, the controller's error).
//   * Cartesian error      e_k = x_actual,k − x_desired,k  (ACTUAL − DESIRED, the sign of Table 10.2,
//                          opposite to the joint error), axes k = φ, θ, ψ, X, Y, Z. The three angle
//                          errors are wrapped to [−π, π] (std::remainder) so an Euler angle crossing ±π
//                          does not count as a 2π error; positions are not wrapped.
//   * maxAbsError          max over all samples of |e| (Tables 10.3 / 10.4, "maximum deviation").
//   * rmsError, rmsTorque  time-weighted: sqrt(Σ e² dt / Σ dt), where dt is the time the sample stands
//                          for (normally the step). Samples with dt = 0 count for max/peak/last values
//                          only; if every dt is 0 the plain (unweighted) RMS is returned.
//   * peakTorque           max |τ| over all samples.
//   * steadyStateError     time-weighted mean of e over the steady-state window (samples with
//                          t >= setSteadyStateFrom(); unweighted mean if all their dt are 0); if the
//                          window is empty (the default: the window starts at +inf), the error of the
//                          last sample.
//   * displacement         qEnd − qStart (arguments of finish(); Table 10.1 "final − initial").
//   * joint relativeErrorPercent     = |steadyStateError| / |displacement| × 100 (reproduces Table 10.1,
//                          e.g. axis 1: 0.0058 / 0.0678 = 8.55 %). NaN when |displacement| <= 1e-12
//                          (a joint that does not move has no relative error).
//   * finalMeasured        the actual Cartesian value x_actual,k of the last sample.
//   * Cartesian relativeErrorPercent = |steadyStateError| / |finalMeasured| × 100 (reproduces Table 10.2,
//                          e.g. Y: 0.0024 / 0.0304 = 7.89 %; note the denominator: the measured value,
//                          not a displacement). NaN when |finalMeasured| <= 1e-12 (a zero up to
//                          rounding, e.g. X = l cos(pi/2) of a hanging pendulum, gives no percentage).
//   * duration             Σ dt of the addJoint samples (of the addCartesian samples if there are none).
//   * fallbackPeriods      control periods in which the controller could not evaluate its model and
//                          applied its fallback law (the PD part of the Orthoglide's computed torque, out
//                          of reach), out of controlPeriods (0 when the controller has no fallback); set by
//                          the scene kind after the run (recordModelFallbacks, scene_kind.hpp).
//   Metrics of a joint/axis without any sample are NaN.
#include <array>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "maniplab/model/fwd.hpp"
#include "maniplab/sim/traces/csv.hpp"

namespace maniplab::sim {

struct JointMetrics {
  static constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  double maxAbsError = nan, rmsError = nan, steadyStateError = nan, displacement = nan,
         relativeErrorPercent = nan, rmsTorque = nan, peakTorque = nan;
};

struct CartesianAxisMetrics {
  static constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  double maxAbsError = nan, rmsError = nan, steadyStateError = nan, finalMeasured = nan,
         relativeErrorPercent = nan;
};

/// Axis order of RunMetrics::cartesian and of the Cartesian vectors: [φ, θ, ψ, X, Y, Z].
inline constexpr std::array<const char*, 6> kCartesianAxisNames = {"phi", "theta", "psi", "X", "Y", "Z"};

struct RunMetrics {
  std::vector<JointMetrics> joints;
  std::array<CartesianAxisMetrics, 6> cartesian{};
  bool hasCartesian = false;  ///< addCartesian() was called at least once
  double duration = 0;
  long long fallbackPeriods = 0, controlPeriods = 0;
};

class MetricsAccumulator {
 public:
  explicit MetricsAccumulator(int dof);
  int dof() const { return dof_; }
  /// Forgets all samples (the steady-state start is kept).
  void reset();
  /// Samples at t >= this time form the steady-state window (default +inf: empty window).
  void setSteadyStateFrom(double t) { ssFrom_ = t; }
  double steadyStateFrom() const { return ssFrom_; }

  /// One joint-space sample at time t standing for a step dt >= 0. Sizes == dof (std::invalid_argument).
  void addJoint(double t, double dt, const VectorX& qDesired, const VectorX& q, const VectorX& tau);
  /// One Cartesian sample, vectors [φ, θ, ψ, X, Y, Z] (rad, m).
  void addCartesian(double t, double dt, const Vector6& desired, const Vector6& actual);

  RunMetrics finish(const VectorX& qStart, const VectorX& qEnd) const;

 private:
  struct Channel {  // one error signal (and, for joints, its torque)
    double maxAbs = 0, sumSqDt = 0, sumSq = 0, ssSumDt = 0, ssSum = 0, last = 0;
    double tauMax = 0, tauSumSqDt = 0, tauSumSq = 0, lastActual = 0;
    void add(double e, double dt, bool inWindow);
  };
  struct Totals {
    std::size_t n = 0, ssN = 0;
    double sumDt = 0, ssSumDt = 0;
  };
  double rms(double sumSqDt, double sumSq, const Totals& t) const;
  double steady(const Channel& c, const Totals& t) const;

  int dof_;
  double ssFrom_ = std::numeric_limits<double>::infinity();
  std::vector<Channel> joints_;
  std::array<Channel, 6> cart_{};
  Totals jt_, ct_;
};

/// Readable text table: joint rows with one column block per controller (max |e|, RMS e, e_ss, rel %,
/// RMS τ, peak τ), then Cartesian rows (max |e|, RMS e, e_ss, final, rel %). Numbers with 4 significant
/// digits, locale-independent; "n/a" for NaN, "-" where a run has no such joint/axis. Runs that applied a
/// fallback law (fallbackPeriods > 0) are listed after the tables with the share of control periods.
std::string comparisonTable(const std::vector<std::pair<std::string, RunMetrics>>& runs);

/// JSON text {"controllers":[{"name":..., "duration":..., "hasCartesian":..., "joints":[{"joint":1,
/// "maxAbsError":..., ...}], "cartesian":[{"axis":"phi", ...}, ...]}]} with every double at full
/// (shortest round-trip) precision; NaN is written as null; "cartesian" is [] without Cartesian data.
/// A controller with a fallback law (controlPeriods > 0) also has "fallbackPeriods" and "controlPeriods".
std::string comparisonJson(const std::vector<std::pair<std::string, RunMetrics>>& runs);

/// The same numbers as a CsvTable (writeCsvTable): one row per joint 1..n (n = the largest dof), then,
/// if any run has Cartesian metrics, one row per axis φ, θ, ψ, X, Y, Z. Columns: "item" (1..n+6),
/// "joint" (1..n, empty on Cartesian rows), "axis" (1..6, empty on joint rows), then for each
/// controller NAME: "NAME maxAbsError", "NAME rmsError", "NAME steadyStateError",
/// "NAME relativeErrorPercent [%]", "NAME displacement", "NAME rmsTorque", "NAME peakTorque",
/// "NAME finalMeasured"; a metric that does not apply to the row (or is NaN) is an empty field.
CsvTable comparisonCsv(const std::vector<std::pair<std::string, RunMetrics>>& runs);

}  // namespace maniplab::sim
