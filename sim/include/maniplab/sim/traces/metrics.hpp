#pragma once
// Tracking metrics of one run, accumulated ONLINE at the full simulation rate (not from the decimated
// Recorder), and comparison reports between controllers.
//
// Definitions (Zanaboni 2009, UMIS thesis, ch. 10 and Tables 10.1–10.4; RMS and peak torque are
// additions — the thesis uses no RMS). metricDefinitions() returns the same definitions as text (CSV
// comments, the Help); keep the two in step.
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
//   * Segments             the motion is cut at the instants t_0 < t_1 < ... < t_K of setSegments()
//                          (Trajectory::segmentTimes(): the via points of a multi-point trajectory; one
//                          segment [first sample, last sample] when not set). Segment s = [t_s, t_{s+1}]:
//                            displacement_s = desired(t_{s+1}) − desired(t_s)   (angles wrapped),
//                            endError_s     = e(t_{s+1}) at an interior via point (the robot passes it
//                                             without stopping: a tracking error, not a steady one),
//                                             steadyStateError for the last segment,
//                          where "value at t" is that of the sample nearest t (the first sample with
//                          time >= t − dt/2). Without segments the joint displacement is that of finish().
//   * relative error of a segment (Zanaboni 2009, Table 10.1: steady-state error over the displacement
//                          of the move) = |endError_s| / |displacement_s| × 100 %, the SAME definition for
//                          joints and Cartesian axes; n/a (NaN, RelativeErrorStatus::SmallDisplacement)
//                          when |displacement_s| < the threshold (kRelativeErrorThreshold = 1e-3: 1 mrad
//                          = 0.057° for angles and revolute joints, 1 mm for lengths and prismatic
//                          joints), since dividing by a move that small measures nothing; n/a
//                          (NotReached) for a segment the run did not finish.
//   * relativeErrorPercent the largest relative error over the segments (the thesis's Table 10.2 heading,
//                          "maximum relative error"); relativeErrorSegment says which (0-based), and
//                          relativeErrorStatus why there is none. With one segment this reproduces Table
//                          10.1 (axis 1: 0.0058 / 0.0678 = 8.55 %).
//   * finalMeasured        the actual Cartesian value x_actual,k of the last sample.
//   * Cartesian relativeToFinalPercent = |steadyStateError| / |finalMeasured| × 100: the denominator of
//                          the thesis's Table 10.2 (Y: 0.0024 / 0.0304 = 7.89 %), kept to compare with it;
//                          it depends on where the world origin is and is meaningless near 0, so it is
//                          n/a (NaN) when |finalMeasured| < the threshold and is not the headline number.
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

/// Default threshold below which a displacement (or, for relativeToFinalPercent, a final value) is too
/// small to divide by: 1e-3 rad (0.057°) or 1e-3 m (1 mm).
inline constexpr double kRelativeErrorThreshold = 1e-3;

/// Whether a relative error is given, and if not why (the GUI's n/a tooltip).
enum class RelativeErrorStatus {
  Defined,            ///< a number
  NoSamples,          ///< the run recorded no sample
  NotReached,         ///< the run stopped before the end of the segment(s)
  SmallDisplacement,  ///< |displacement| (or |final value|) below the threshold
};

/// One segment of the motion (see "Segments" above).
struct SegmentError {
  static constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  double t0 = nan, t1 = nan;          ///< [s]
  double displacement = nan;          ///< desired(t1) − desired(t0)
  double endError = nan;              ///< e(t1), or the steady-state error for the last segment
  double relativeErrorPercent = nan;  ///< |endError| / |displacement| × 100 when status is Defined
  RelativeErrorStatus status = RelativeErrorStatus::NoSamples;
};

struct JointMetrics {
  static constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  double maxAbsError = nan, rmsError = nan, steadyStateError = nan, displacement = nan,
         relativeErrorPercent = nan, rmsTorque = nan, peakTorque = nan;
  int relativeErrorSegment = -1;  ///< the segment of relativeErrorPercent (0-based), -1 when n/a
  RelativeErrorStatus relativeErrorStatus = RelativeErrorStatus::NoSamples;
  std::vector<SegmentError> segments;
};

struct CartesianAxisMetrics {
  static constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  double maxAbsError = nan, rmsError = nan, steadyStateError = nan, finalMeasured = nan,
         relativeErrorPercent = nan, relativeToFinalPercent = nan;
  int relativeErrorSegment = -1;
  RelativeErrorStatus relativeErrorStatus = RelativeErrorStatus::NoSamples;
  RelativeErrorStatus relativeToFinalStatus = RelativeErrorStatus::NoSamples;
  std::vector<SegmentError> segments;
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

  /// Cuts the motion into segments at these instants (at least two, strictly increasing, finite;
  /// std::invalid_argument otherwise), normally Trajectory::segmentTimes(). Call before the samples
  /// (reset() keeps them). An empty vector goes back to one segment.
  void setSegments(std::vector<double> times);
  const std::vector<double>& segments() const { return knots_; }
  /// |displacement| (or |final value|) below which the relative error is n/a (> 0; default 1e-3).
  void setRelativeErrorThreshold(double threshold);
  double relativeErrorThreshold() const { return threshold_; }

  RunMetrics finish(const VectorX& qStart, const VectorX& qEnd) const;

 private:
  struct Channel {  // one error signal (and, for joints, its torque)
    double maxAbs = 0, sumSqDt = 0, sumSq = 0, ssSumDt = 0, ssSum = 0, last = 0;
    double tauMax = 0, tauSumSqDt = 0, tauSumSq = 0, lastActual = 0;
    double firstDesired = 0, lastDesired = 0;
    std::vector<double> knotDesired, knotError;  ///< at each segment instant reached
    void add(double e, double dt, bool inWindow);
    /// One sample of the tracked signal: its error statistics, desired/actual values and, at each segment
    /// instant reached since the last sample, the desired value and error there (`first`: the run's first).
    void sample(double e, double dt, bool inWindow, double desired, double actual, bool first, std::size_t reached);
  };
  struct Totals {
    std::size_t n = 0, ssN = 0;
    double sumDt = 0, ssSumDt = 0;
    double firstT = 0, lastT = 0;
    std::size_t knotsSeen = 0;  ///< segment instants reached so far
    void advance(double t, double dt, bool inWindow, std::size_t reached);  ///< after a sample of every channel
  };
  double rms(double sumSqDt, double sumSq, const Totals& t) const;
  double steady(const Channel& c, const Totals& t) const;
  /// Number of segment instants a sample at t standing for dt reaches (nearest-sample rule).
  std::size_t knotsReached(double t, double dt) const;
  std::vector<SegmentError> segmentErrors(const Channel& c, const Totals& t, bool angle, double fallbackDisplacement,
                                          bool useFallback) const;
  void summarise(const std::vector<SegmentError>& segs, double& percent, int& segment,
                 RelativeErrorStatus& status) const;

  int dof_;
  double ssFrom_ = std::numeric_limits<double>::infinity();
  double threshold_ = kRelativeErrorThreshold;
  std::vector<double> knots_;
  std::vector<Channel> joints_;
  std::array<Channel, 6> cart_{};
  Totals jt_, ct_;
};

/// One metric, for the CSV comments, the CLI and the Help (English; the GUI shows its translation).
struct MetricDefinition {
  std::string key;         ///< the CSV/JSON name, e.g. "relativeErrorPercent"
  std::string label;       ///< the short column label of the tables, e.g. "rel %"
  std::string unit;        ///< e.g. "rad or m", "%"
  std::string definition;  ///< one paragraph, with the source
};
/// Every metric of the comparison reports, in the CSV's column order.
const std::vector<MetricDefinition>& metricDefinitions();
/// Why a relative error is n/a, in words ("" when Defined), e.g. "the displacement 2.1e-05 is below the
/// threshold 0.001 (1 mrad or 1 mm): too small a move to divide by".
std::string relativeErrorStatusText(RelativeErrorStatus status, double threshold = kRelativeErrorThreshold);
/// A stable key: "defined", "no_samples", "not_reached", "small_displacement" (JSON export).
const char* relativeErrorStatusKey(RelativeErrorStatus status);

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
/// "NAME finalMeasured", "NAME relativeErrorSegment" (1-based), "NAME relativeToFinalPercent [%]",
/// then "NAME relativeErrorPercent segment S [%]" for S = 1.. the most segments of any run; a metric
/// that does not apply to the row (or is NaN, n/a) is an empty field. The table's comments define
/// every metric (metricDefinitions()) and the n/a rule, so the file explains itself.
CsvTable comparisonCsv(const std::vector<std::pair<std::string, RunMetrics>>& runs);

}  // namespace maniplab::sim
