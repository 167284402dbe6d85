#pragma once
// Identification of the base dynamic parameters from a joint trace (Belkoura 1993 ch. III; reference notes
// base-parameters-identification.md §3, §7), two models:
//  (a) Dynamic:  tau = Y_B(q, qd, qdd) pi_B, all samples stacked, solved by weighted least squares
//      (each joint's rows weighted by 1 / sigma_j, sigma_j the RMS residual of joint j after an ordinary
//      least-squares pass; the classical Gautier weighting).
//  (b) Energy (Belkoura 1993 (2.18)–(2.19), (3.5)): over consecutive intervals [t_A, t_B]
//        sum_j W_j = Delta[h] pi + sum_j ( Fv_j int qd_j^2 dt + Fs_j int |qd_j| dt + Fsa_j Delta[q_j] )
//      with W_j = int tau_j qd_j dt the actuator work: no acceleration is needed.
//      With `zeroOrderHold` (ManipLab traces: tau of row k is applied from t_k to t_k+1, simulation.cpp)
//      the work is exact: W = sum_k tau_k . (q_k+1 - q_k); otherwise Simpson's rule on tau.qd.
//      When the trace gives qd and no filter is applied, int qd^2 and int |qd| are exact for the cubic
//      Hermite motion of every sample period (below); otherwise int qd^2 by Simpson's rule and int |qd|
//      exact for piecewise-linear qd (the sign changes).
// Both are written in the base parameters of a BaseParameterSet (Y_B = Y K^+, Delta h_B = Delta h K^+).
//
// Exact zero-order-hold data (ManipLab's own traces: q and qd are the plant's state at t_k, tau_k is held
// on [t_k, t_k+1]; `zeroOrderHold`, qd columns, no qdd columns, no filter): the dynamic model is written
// per sample period, with no differentiation:
//      tau_k = (1/T) int_{t_k}^{t_k+T} Y(q, qd, qdd) dt  pi ,
// the motion inside the period being the cubic Hermite interpolant of (q_k, qd_k, q_k+1, qd_k+1) (the
// motion under a constant torque is smooth there; the interpolant's acceleration error has zero mean and
// zero first moment over the period) and the integral a 3-point Gauss-Legendre rule. A period in which
// some joint reverses (its interpolated velocity changes sign) or is below `velocityThreshold` of its
// maximum speed is dropped for ALL joints: that is stick-slip under Coulomb friction, where the joint's
// motion is not smooth (the plant integrates a discontinuous right-hand side) and the equations of the
// joints coupled to it are wrong too; the energy model's intervals are likewise built from runs of clean
// periods. Measured on scenes/th8_identification.json (400 Hz control and recording, RK4 plant at
// 2 kHz, exact Coulomb friction, no noise; test_identification appTraceNoiseless): relative residual
// 6e-13, every base parameter within 1e-8 of its true value (relative, 1e-9 of the largest as floor) by
// the dynamic model and within 1e-5 by the worse-conditioned energy model. The former instantaneous
// pipeline on such traces (qdd by central differences of qd, torques re-centred (tau_k-1 + tau_k)/2,
// per-joint dropping near zero velocity) pairs a two-period mean acceleration with the nonlinear model
// at t_k: an O(T^2) mismatch (relative residual 5e-6 at 400 Hz), and stick-slip samples of one joint
// corrupted the equations of the others: Ia2 and ZZ6 were off by 5e-3 and 1e-2.
//
// Signal processing (other traces: measured positions, or given accelerations; dynamic model, and the
// velocities of the energy model when the trace has no qd):
//  * zero-phase low-pass: a 2nd-order Butterworth section (bilinear transform, prewarped) run forward
//    then backward (filtfilt: zero phase, |H|^2, -6 dB at the cutoff), edges padded by odd reflection;
//    the torques get the SAME filter as the positions ("parallel filtering"), so the filter's amplitude
//    distortion is common to both sides of tau = Y pi (only the nonlinearity of Y breaks this, which is
//    negligible when the cutoff is well above the motion's bandwidth); the non-smooth regressor columns
//    sign(qd) and |sign(qd)| (Coulomb friction and its asymmetry) are themselves filtered the same way;
//  * derivatives by central differences of the filtered signal (qd from q, qdd from qd; one-sided at the
//    ends); a trace's own qd columns (if present) replace the differentiated q, its qdd columns replace
//    the differentiated qd and then no filtering is applied; with `zeroOrderHold` the torques are
//    re-centred, (tau_k-1 + tau_k) / 2, to match the central-difference acceleration at t_k (not when the
//    trace gives qdd: a given acceleration is taken as the one under the torque of its own row);
//  * the first and last `edgeSeconds` are dropped (filter transients), then one sample in `decimation` is
//    kept (decimation after low-pass filtering: no aliasing).
// Errors (std::runtime_error, the message naming the file/column/row or the fault): missing columns,
// NaN (empty CSV fields), non-increasing or non-uniform time, too few samples, a rank-deficient
// (not exciting) observation matrix naming the parameters that cannot be identified.
#include <string>
#include <vector>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/model.hpp"
#include "maniplab/sim/traces/csv.hpp"

namespace maniplab::sim {

/// Samples of one experiment: row k = time t[k]; q, qd, qdd, tau are (samples x n).
struct IdentificationTrace {
  VectorX t;
  MatrixX q, qd, qdd, tau;
  bool hasQd = false, hasQdd = false;
  std::string source;  ///< file name, for messages
  int samples() const { return int(t.size()); }
};

/// The sampling rates an identification trace may have [Hz]: beyond them no real robot samples (README,
/// "What the CSV readers refuse").
inline constexpr double kMinTraceRateHz = 1, kMaxTraceRateHz = 100000;

/// Columns "q[i]", "tau[i]" (i = 1..n) required, "qd[i]", "qdd[i]" optional (all-or-none per kind);
/// the first column is the time: at least 3 samples, strictly increasing, evenly spaced (1e-6 of the mean
/// step), at a rate in [kMinTraceRateHz, kMaxTraceRateHz]. Throws ReaderError (a std::runtime_error,
/// sim/reader_error.hpp) naming `source` and the value's line and column (row and column for a table
/// made in memory).
IdentificationTrace traceFromTable(const CsvTable& table, int n, const std::string& source);
/// readCsv(path) then traceFromTable.
IdentificationTrace readIdentificationTrace(const std::string& path, int n);
/// The time, q[i], qd[i] and tau[i] channels of a recorded run (the stored rows) as a trace, validated by
/// traceFromTable (`source` names it in messages, e.g. "last run").
IdentificationTrace traceFromRecorder(const Recorder& recorder, int n, const std::string& source);

enum class IdentificationModel { Dynamic, Energy };

struct IdentificationOptions {
  IdentificationModel model = IdentificationModel::Dynamic;
  /// < 0: auto: no filter when the trace has qd or qdd (taken as clean: ManipLab's recorded state is
  /// exact; pass a cutoff for measured data), else min(10 Hz, fs/8); 0: none.
  double cutoffHz = -1;
  int decimation = 0;        ///< 0: auto (fs / (4 cutoff), 1 without filter)
  double edgeSeconds = -1;   ///< < 0: auto (2 / cutoff, 0 without filter)
  bool weighted = true;      ///< dynamic model: per-joint weighting
  /// Dynamic model: joint j's equations with |qd_j| < velocityThreshold * max|qd_j| are dropped (the
  /// Coulomb friction switches inside the sample period there); exact zero-order-hold data: the whole
  /// sample period (every joint), and energy intervals avoid it (see above); 0 keeps every equation.
  double velocityThreshold = 0.02;
  int energyInterval = 0;    ///< samples per energy interval (rounded up to even); 0: auto (about 20 rows per parameter)
  bool zeroOrderHold = true; ///< tau held between samples (ManipLab traces); false: continuous torque
  double rankTolerance = 1e-9;  ///< on the column-normalised observation matrix
};

struct IdentifiedParameter {
  std::string name, expression;
  double value = 0, stdDev = 0, relStdDevPercent = 0;
  bool hasTrue = false;
  double trueValue = 0, relError = 0;  ///< |value - true| / |true| (absolute error when true == 0)
};

struct JointFit {
  double rmsMeasured = 0, rmsError = 0, relError = 0;  ///< relError = rmsError / rmsMeasured
  int samples = 0;  ///< modelled equations of the joint the statistics cover (stick-slip samples excluded)
};

struct IdentificationResult {
  std::string model;                      ///< "dynamic" or "energy"
  std::vector<IdentifiedParameter> params;
  VectorX estimate;                       ///< base parameter values
  double conditionNumber = 0;             ///< of the observation matrix as solved
  double conditionNumberScaled = 0;       ///< with unit-norm columns
  double residualNorm = 0, relativeResidual = 0;  ///< ||y - W x||, / ||y||
  int rows = 0, cols = 0, samplesUsed = 0;
  double sampleRate = 0, cutoffHz = 0;
  int decimation = 1;
  std::vector<JointFit> joints;            ///< torque fit per joint (dynamic-model prediction, modelled equations)
  VectorX tFit;                            ///< times of the fitted samples (period midpoints for the period model)
  /// (samples x n), filtered (or held) measured and predicted torques, every processed sample including
  /// those not modelled (near zero velocity)
  MatrixX tauMeasured, tauPredicted;
  std::vector<std::string> notes;
};

/// Identifies the base parameters of `base` from the trace. `trueStandard` (13 n standard parameters,
/// may be null) gives the true values for simulated data. Throws std::runtime_error on bad data.
IdentificationResult identify(const Model& model, const IdentificationTrace& trace, const BaseParameterSet& base,
                              const IdentificationOptions& options = {}, const VectorX* trueStandard = nullptr);

/// The model a computed-torque controller uses after identification: the standard parameters pi0 of `model`
/// corrected by the least-norm change that gives the identified base parameters,
///   pi = pi0 + K^+ (estimate - K pi0)   (so that K pi = estimate, Belkoura 1993 (2.13)–(2.17)),
/// written back into a copy of `model` (applyStandardParameters). The dynamics of the result depend only on
/// the base parameters, so any other choice of the unidentifiable directions gives the same torques.
/// Throws std::invalid_argument when `estimate` does not have base.count() values or the corrected
/// parameters are not physical (applyStandardParameters names the parameter, e.g. a negative mass).
Model identifiedModel(const Model& model, const BaseParameterSet& base, const VectorX& estimate);

/// Zero-phase 2nd-order Butterworth low-pass applied forward and backward to each column (see above).
MatrixX zeroPhaseLowPass(const MatrixX& x, double sampleRate, double cutoffHz);
/// Central differences along the rows (one-sided at the ends), uniform step dt.
MatrixX differentiate(const MatrixX& x, double dt);

}  // namespace maniplab::sim
