// Online tracking metrics and controller comparison reports (metrics.hpp).
#include "maniplab/sim/traces/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>
#include <stdexcept>

#include "../significant_digits.hpp"

namespace maniplab::sim {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void checkStep(double t, double dt, const char* who) {
  if (!(dt >= 0) || !std::isfinite(dt) || std::isnan(t))
    throw std::invalid_argument(std::string(who) + ": dt must be finite and >= 0 and t a number");
}

/// a wrapped to [-pi, pi]. std::remainder returns a itself there (|a| <= half the divisor); the test first
/// saves its cost (~4 % of a simulated run, where the orientation errors are always small).
double wrapAngle(double a) { return std::abs(a) <= std::numbers::pi ? a : std::remainder(a, 2 * std::numbers::pi); }

}  // namespace

void MetricsAccumulator::Channel::add(double e, double dt, bool inWindow) {
  maxAbs = std::max(maxAbs, std::abs(e));
  sumSqDt += e * e * dt;
  sumSq += e * e;
  if (inWindow) {
    ssSumDt += e * dt;
    ssSum += e;
  }
  last = e;
}

MetricsAccumulator::MetricsAccumulator(int dof) : dof_(dof) {
  if (dof < 0) throw std::invalid_argument("MetricsAccumulator: negative dof");
  joints_.resize(std::size_t(dof));
}

void MetricsAccumulator::reset() {
  joints_.assign(std::size_t(dof_), Channel{});
  cart_.fill(Channel{});
  jt_ = Totals{};
  ct_ = Totals{};
  // No allocation in the run loop: the values at the segment instants have their room already.
  for (Channel& c : joints_) {
    c.knotDesired.reserve(knots_.size());
    c.knotError.reserve(knots_.size());
  }
  for (Channel& c : cart_) {
    c.knotDesired.reserve(knots_.size());
    c.knotError.reserve(knots_.size());
  }
}

void MetricsAccumulator::setSegments(std::vector<double> times) {
  if (!times.empty()) {
    if (times.size() < 2) throw std::invalid_argument("MetricsAccumulator::setSegments: need at least two instants");
    for (std::size_t k = 0; k < times.size(); ++k) {
      if (!std::isfinite(times[k]))
        throw std::invalid_argument("MetricsAccumulator::setSegments: instant " + std::to_string(k) + " is not finite");
      if (k > 0 && !(times[k] > times[k - 1]))
        throw std::invalid_argument("MetricsAccumulator::setSegments: instants must be strictly increasing");
    }
  }
  knots_ = std::move(times);
  reset();
}

void MetricsAccumulator::setRelativeErrorThreshold(double threshold) {
  if (!(threshold > 0) || !std::isfinite(threshold))
    throw std::invalid_argument("MetricsAccumulator::setRelativeErrorThreshold: the threshold must be finite and > 0");
  threshold_ = threshold;
}

std::size_t MetricsAccumulator::knotsReached(double t, double dt) const {
  // The sample nearest an instant stands for it: the first sample with t >= instant - dt/2 (and a
  // rounding margin, for instants that are multiples of the step).
  const double margin = 0.5 * dt + 1e-9 * std::max(1.0, std::abs(t));
  std::size_t k = 0;
  while (k < knots_.size() && t >= knots_[k] - margin) ++k;
  return k;
}

void MetricsAccumulator::addJoint(double t, double dt, const VectorX& qDesired, const VectorX& q, const VectorX& tau) {
  checkStep(t, dt, "MetricsAccumulator::addJoint");
  if (qDesired.size() != dof_ || q.size() != dof_ || tau.size() != dof_)
    throw std::invalid_argument("MetricsAccumulator::addJoint: vector sizes differ from dof " + std::to_string(dof_));
  const bool inWindow = t >= ssFrom_;
  const std::size_t reached = knotsReached(t, dt);
  for (int i = 0; i < dof_; ++i) {
    Channel& c = joints_[std::size_t(i)];
    const double e = qDesired[i] - q[i];
    c.sample(e, dt, inWindow, qDesired[i], q[i], jt_.n == 0, reached);
    c.tauMax = std::max(c.tauMax, std::abs(tau[i]));
    c.tauSumSqDt += tau[i] * tau[i] * dt;
    c.tauSumSq += tau[i] * tau[i];
  }
  jt_.advance(t, dt, inWindow, reached);
}

void MetricsAccumulator::addCartesian(double t, double dt, const Vector6& desired, const Vector6& actual) {
  checkStep(t, dt, "MetricsAccumulator::addCartesian");
  const bool inWindow = t >= ssFrom_;
  const std::size_t reached = knotsReached(t, dt);
  for (int k = 0; k < 6; ++k) {
    double e = actual[k] - desired[k];  // Table 10.2 sign: actual − desired
    if (k < 3) e = wrapAngle(e);
    Channel& c = cart_[std::size_t(k)];
    c.sample(e, dt, inWindow, desired[k], actual[k], ct_.n == 0, reached);
  }
  ct_.advance(t, dt, inWindow, reached);
}

void MetricsAccumulator::Channel::sample(double e, double dt, bool inWindow, double desired, double actual, bool first,
                                         std::size_t reached) {
  add(e, dt, inWindow);
  lastActual = actual;
  if (first) firstDesired = desired;
  lastDesired = desired;
  while (knotDesired.size() < reached) {
    knotDesired.push_back(desired);
    knotError.push_back(e);
  }
}

void MetricsAccumulator::Totals::advance(double t, double dt, bool inWindow, std::size_t reached) {
  if (n == 0) firstT = t;
  lastT = t;
  knotsSeen = reached;
  ++n;
  sumDt += dt;
  if (inWindow) {
    ++ssN;
    ssSumDt += dt;
  }
}

double MetricsAccumulator::rms(double sumSqDt, double sumSq, const Totals& t) const {
  if (t.n == 0) return kNaN;
  if (t.sumDt > 0) return std::sqrt(sumSqDt / t.sumDt);
  return std::sqrt(sumSq / double(t.n));
}

double MetricsAccumulator::steady(const Channel& c, const Totals& t) const {
  if (t.n == 0) return kNaN;
  if (t.ssN == 0) return c.last;
  if (t.ssSumDt > 0) return c.ssSumDt / t.ssSumDt;
  return c.ssSum / double(t.ssN);
}

std::vector<SegmentError> MetricsAccumulator::segmentErrors(const Channel& c, const Totals& t, bool angle,
                                                            double fallbackDisplacement, bool useFallback) const {
  std::vector<SegmentError> out;
  auto rate = [&](SegmentError& s) {
    if (!std::isfinite(s.displacement) || std::abs(s.displacement) < threshold_) {
      s.status = RelativeErrorStatus::SmallDisplacement;
      return;
    }
    s.status = RelativeErrorStatus::Defined;
    s.relativeErrorPercent = std::abs(s.endError) / std::abs(s.displacement) * 100.0;
  };
  if (knots_.empty()) {
    SegmentError s;
    if (t.n == 0) {
      out.push_back(s);
      return out;
    }
    s.t0 = t.firstT;
    s.t1 = t.lastT;
    s.displacement = useFallback ? fallbackDisplacement : c.lastDesired - c.firstDesired;
    if (angle) s.displacement = wrapAngle(s.displacement);
    s.endError = steady(c, t);
    rate(s);
    out.push_back(s);
    return out;
  }
  const std::size_t K = knots_.size();
  for (std::size_t k = 0; k + 1 < K; ++k) {
    SegmentError s;
    s.t0 = knots_[k];
    s.t1 = knots_[k + 1];
    const bool last = k + 2 == K;
    if (t.n == 0) {
      s.status = RelativeErrorStatus::NoSamples;
    } else if (c.knotDesired.size() < k + 2) {
      s.status = RelativeErrorStatus::NotReached;
    } else {
      s.displacement = c.knotDesired[k + 1] - c.knotDesired[k];
      if (angle) s.displacement = wrapAngle(s.displacement);
      s.endError = last ? steady(c, t) : c.knotError[k + 1];
      rate(s);
    }
    out.push_back(s);
  }
  return out;
}

void MetricsAccumulator::summarise(const std::vector<SegmentError>& segs, double& percent, int& segment,
                                   RelativeErrorStatus& status) const {
  percent = kNaN;
  segment = -1;
  bool small = false, notReached = false;
  for (std::size_t k = 0; k < segs.size(); ++k) {
    const SegmentError& s = segs[k];
    if (s.status == RelativeErrorStatus::Defined) {
      if (segment < 0 || s.relativeErrorPercent > percent) {
        percent = s.relativeErrorPercent;
        segment = int(k);
      }
    }
    small = small || s.status == RelativeErrorStatus::SmallDisplacement;
    notReached = notReached || s.status == RelativeErrorStatus::NotReached;
  }
  status = segment >= 0   ? RelativeErrorStatus::Defined
           : small        ? RelativeErrorStatus::SmallDisplacement
           : notReached   ? RelativeErrorStatus::NotReached
                          : RelativeErrorStatus::NoSamples;
}

RunMetrics MetricsAccumulator::finish(const VectorX& qStart, const VectorX& qEnd) const {
  if (qStart.size() != dof_ || qEnd.size() != dof_)
    throw std::invalid_argument("MetricsAccumulator::finish: qStart/qEnd sizes differ from dof " + std::to_string(dof_));
  RunMetrics m;
  m.joints.resize(std::size_t(dof_));
  for (int i = 0; i < dof_; ++i) {
    const Channel& c = joints_[std::size_t(i)];
    JointMetrics& j = m.joints[std::size_t(i)];
    j.displacement = qEnd[i] - qStart[i];
    j.segments = segmentErrors(c, jt_, false, j.displacement, true);
    summarise(j.segments, j.relativeErrorPercent, j.relativeErrorSegment, j.relativeErrorStatus);
    if (jt_.n == 0) continue;
    j.maxAbsError = c.maxAbs;
    j.rmsError = rms(c.sumSqDt, c.sumSq, jt_);
    j.steadyStateError = steady(c, jt_);
    j.rmsTorque = rms(c.tauSumSqDt, c.tauSumSq, jt_);
    j.peakTorque = c.tauMax;
  }
  m.hasCartesian = ct_.n > 0;
  if (m.hasCartesian) {
    for (std::size_t k = 0; k < 6; ++k) {
      const Channel& c = cart_[k];
      CartesianAxisMetrics& a = m.cartesian[k];
      a.maxAbsError = c.maxAbs;
      a.rmsError = rms(c.sumSqDt, c.sumSq, ct_);
      a.steadyStateError = steady(c, ct_);
      a.finalMeasured = c.lastActual;
      a.segments = segmentErrors(c, ct_, k < 3, 0.0, false);
      summarise(a.segments, a.relativeErrorPercent, a.relativeErrorSegment, a.relativeErrorStatus);
      if (std::abs(a.finalMeasured) < threshold_) {
        a.relativeToFinalStatus = RelativeErrorStatus::SmallDisplacement;
      } else {
        a.relativeToFinalStatus = RelativeErrorStatus::Defined;
        a.relativeToFinalPercent = std::abs(a.steadyStateError) / std::abs(a.finalMeasured) * 100.0;
      }
    }
  }
  m.duration = jt_.n > 0 ? jt_.sumDt : ct_.sumDt;
  return m;
}

// ---------------------------------------------------------------------------------------------------
// Reports

namespace {

using Runs = std::vector<std::pair<std::string, RunMetrics>>;

std::string num(double v) { return std::isnan(v) ? std::string("n/a") : significantDigits(v, 4); }

std::string pad(std::string s, std::size_t width) {
  if (s.size() > width) s = s.substr(0, width - 1) + "~";
  s.resize(width, ' ');
  return s;
}

constexpr std::size_t kCell = 11;

std::string block(const std::vector<std::string>& cells) {
  std::string s;
  for (const auto& c : cells) s += pad(c, kCell) + ' ';
  return s;
}

}  // namespace

std::string comparisonTable(const Runs& runs) {
  std::size_t n = 0;
  bool anyCart = false;
  for (const auto& [name, m] : runs) {
    n = std::max(n, m.joints.size());
    anyCart = anyCart || m.hasCartesian;
  }
  const std::vector<std::string> jointHead = {"max|e|", "RMS e", "e_ss", "rel %", "RMS tau", "peak tau"};
  const std::vector<std::string> cartHead = {"max|e|", "RMS e", "e_ss", "final", "rel %"};
  const std::size_t label = 7;
  std::string out;

  out += "Joint metrics (e = desired - actual; rad or m, torques N m or N; rel % = max over the segments of\n"
         "|error at the segment's end| / |segment displacement| (Zanaboni 2009), n/a below a displacement of 1e-3)\n";
  out += pad("", label) + "| ";
  for (const auto& r : runs) out += pad(r.first, jointHead.size() * (kCell + 1) - 1) + " | ";
  out += '\n';
  out += pad("joint", label) + "| ";
  for (std::size_t c = 0; c < runs.size(); ++c) out += block(jointHead) + "| ";
  out += '\n';
  for (std::size_t i = 0; i < n; ++i) {
    out += pad(std::to_string(i + 1), label) + "| ";
    for (const auto& [name, m] : runs) {
      if (i >= m.joints.size()) {
        out += block(std::vector<std::string>(jointHead.size(), "-")) + "| ";
        continue;
      }
      const JointMetrics& j = m.joints[i];
      out += block({num(j.maxAbsError), num(j.rmsError), num(j.steadyStateError), num(j.relativeErrorPercent),
                    num(j.rmsTorque), num(j.peakTorque)}) + "| ";
    }
    out += '\n';
  }

  if (anyCart) {
    out += "\nCartesian metrics (e = actual - desired; rad for phi/theta/psi, m for X/Y/Z; rel % as for the joints)\n";
    out += pad("", label) + "| ";
    for (const auto& r : runs) out += pad(r.first, cartHead.size() * (kCell + 1) - 1) + " | ";
    out += '\n';
    out += pad("axis", label) + "| ";
    for (std::size_t c = 0; c < runs.size(); ++c) out += block(cartHead) + "| ";
    out += '\n';
    for (std::size_t k = 0; k < 6; ++k) {
      out += pad(kCartesianAxisNames[k], label) + "| ";
      for (const auto& [name, m] : runs) {
        if (!m.hasCartesian) {
          out += block(std::vector<std::string>(cartHead.size(), "-")) + "| ";
          continue;
        }
        const CartesianAxisMetrics& a = m.cartesian[k];
        out += block({num(a.maxAbsError), num(a.rmsError), num(a.steadyStateError), num(a.finalMeasured),
                      num(a.relativeErrorPercent)}) + "| ";
      }
      out += '\n';
    }
  }
  bool anyFallback = false;
  for (const auto& [name, m] : runs) anyFallback = anyFallback || m.fallbackPeriods > 0;
  if (anyFallback) {
    out += "\nModel fallbacks (control periods in which the controller's model could not be evaluated and its PD part "
           "alone was applied)\n";
    for (const auto& [name, m] : runs)
      if (m.controlPeriods > 0)
        out += pad(name, label) + "| " + std::to_string(m.fallbackPeriods) + " of " + std::to_string(m.controlPeriods) +
               " (" + num(100.0 * double(m.fallbackPeriods) / double(m.controlPeriods)) + " %)\n";
  }
  // Trailing blanks make diffs noisy.
  std::string trimmed;
  std::size_t start = 0;
  while (start < out.size()) {
    std::size_t end = out.find('\n', start);
    if (end == std::string::npos) end = out.size();
    std::string line = out.substr(start, end - start);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    trimmed += line + '\n';
    start = end + 1;
  }
  return trimmed;
}

namespace {
nlohmann::json segmentsJson(const std::vector<SegmentError>& segs) {
  nlohmann::json a = nlohmann::json::array();
  for (const SegmentError& s : segs)
    a.push_back({{"t0", s.t0},
                 {"t1", s.t1},
                 {"displacement", s.displacement},
                 {"endError", s.endError},
                 {"relativeErrorPercent", s.relativeErrorPercent},
                 {"status", relativeErrorStatusKey(s.status)}});
  return a;
}
}  // namespace

std::string comparisonJson(const Runs& runs) {
  using nlohmann::json;
  json controllers = json::array();
  for (const auto& [name, m] : runs) {
    json joints = json::array();
    for (std::size_t i = 0; i < m.joints.size(); ++i) {
      const JointMetrics& j = m.joints[i];
      joints.push_back({{"joint", i + 1},
                        {"maxAbsError", j.maxAbsError},
                        {"rmsError", j.rmsError},
                        {"steadyStateError", j.steadyStateError},
                        {"displacement", j.displacement},
                        {"relativeErrorPercent", j.relativeErrorPercent},
                        {"relativeErrorSegment", j.relativeErrorSegment >= 0 ? json(j.relativeErrorSegment + 1) : json()},
                        {"relativeErrorStatus", relativeErrorStatusKey(j.relativeErrorStatus)},
                        {"segments", segmentsJson(j.segments)},
                        {"rmsTorque", j.rmsTorque},
                        {"peakTorque", j.peakTorque}});
    }
    json cart = json::array();
    if (m.hasCartesian)
      for (std::size_t k = 0; k < 6; ++k) {
        const CartesianAxisMetrics& a = m.cartesian[k];
        cart.push_back({{"axis", kCartesianAxisNames[k]},
                        {"maxAbsError", a.maxAbsError},
                        {"rmsError", a.rmsError},
                        {"steadyStateError", a.steadyStateError},
                        {"finalMeasured", a.finalMeasured},
                        {"relativeErrorPercent", a.relativeErrorPercent},
                        {"relativeErrorSegment", a.relativeErrorSegment >= 0 ? json(a.relativeErrorSegment + 1) : json()},
                        {"relativeErrorStatus", relativeErrorStatusKey(a.relativeErrorStatus)},
                        {"segments", segmentsJson(a.segments)},
                        {"relativeToFinalPercent", a.relativeToFinalPercent}});
      }
    controllers.push_back({{"name", name},
                           {"duration", m.duration},
                           {"hasCartesian", m.hasCartesian},
                           {"joints", std::move(joints)},
                           {"cartesian", std::move(cart)}});
    if (m.controlPeriods > 0) {
      controllers.back()["fallbackPeriods"] = m.fallbackPeriods;
      controllers.back()["controlPeriods"] = m.controlPeriods;
    }
  }
  return json{{"controllers", std::move(controllers)}}.dump(2) + "\n";
}

CsvTable comparisonCsv(const Runs& runs) {
  std::size_t n = 0;
  bool anyCart = false;
  for (const auto& [name, m] : runs) {
    n = std::max(n, m.joints.size());
    anyCart = anyCart || m.hasCartesian;
  }
  const std::size_t rows = n + (anyCart ? 6 : 0);
  CsvTable t;
  auto addColumn = [&](std::string name, std::string unit) -> std::vector<double>& {
    t.names.push_back(std::move(name));
    t.units.push_back(std::move(unit));
    t.columns.emplace_back(rows, kNaN);
    return t.columns.back();
  };
  {
    auto& item = addColumn("item", "");
    for (std::size_t r = 0; r < rows; ++r) item[r] = double(r + 1);
    auto& joint = addColumn("joint", "");
    for (std::size_t r = 0; r < n; ++r) joint[r] = double(r + 1);
    auto& axis = addColumn("axis", "");
    for (std::size_t r = n; r < rows; ++r) axis[r] = double(r - n + 1);
  }
  std::size_t segments = 0;
  for (const auto& [name, m] : runs) {
    for (const auto& j : m.joints) segments = std::max(segments, j.segments.size());
    if (m.hasCartesian)
      for (const auto& a : m.cartesian) segments = std::max(segments, a.segments.size());
  }
  for (const auto& d : metricDefinitions())
    t.comments.push_back(d.key + " [" + d.unit + "]: " + d.definition);
  t.comments.push_back("An empty field is n/a: the metric does not apply to the row, or the relative error is not "
                       "defined (displacement below the threshold, segment not reached). Columns are per controller: "
                       "\"NAME metric\".");
  for (const auto& [name, m] : runs) {
    const std::size_t first = t.columns.size();
    for (const char* metric : {"maxAbsError", "rmsError", "steadyStateError", "relativeErrorPercent", "displacement",
                               "rmsTorque", "peakTorque", "finalMeasured", "relativeErrorSegment",
                               "relativeToFinalPercent"}) {
      const std::string key = metric;
      addColumn(name + " " + metric, key == "relativeErrorPercent" || key == "relativeToFinalPercent" ? "%" : "");
    }
    for (std::size_t k = 0; k < segments; ++k)
      addColumn(name + " relativeErrorPercent segment " + std::to_string(k + 1), "%");
    auto col = [&](std::size_t k) -> std::vector<double>& { return t.columns[first + k]; };
    auto putSegments = [&](std::size_t row, const std::vector<SegmentError>& segs, int worst) {
      col(8)[row] = worst >= 0 ? double(worst + 1) : kNaN;
      for (std::size_t k = 0; k < segs.size(); ++k) col(10 + k)[row] = segs[k].relativeErrorPercent;
    };
    for (std::size_t i = 0; i < m.joints.size(); ++i) {
      const JointMetrics& j = m.joints[i];
      col(0)[i] = j.maxAbsError;
      col(1)[i] = j.rmsError;
      col(2)[i] = j.steadyStateError;
      col(3)[i] = j.relativeErrorPercent;
      col(4)[i] = j.displacement;
      col(5)[i] = j.rmsTorque;
      col(6)[i] = j.peakTorque;
      putSegments(i, j.segments, j.relativeErrorSegment);
    }
    if (m.hasCartesian)
      for (std::size_t k = 0; k < 6; ++k) {
        const CartesianAxisMetrics& a = m.cartesian[k];
        col(0)[n + k] = a.maxAbsError;
        col(1)[n + k] = a.rmsError;
        col(2)[n + k] = a.steadyStateError;
        col(3)[n + k] = a.relativeErrorPercent;
        col(7)[n + k] = a.finalMeasured;
        col(9)[n + k] = a.relativeToFinalPercent;
        putSegments(n + k, a.segments, a.relativeErrorSegment);
      }
  }
  return t;
}

const char* relativeErrorStatusKey(RelativeErrorStatus status) {
  switch (status) {
    case RelativeErrorStatus::Defined: return "defined";
    case RelativeErrorStatus::NoSamples: return "no_samples";
    case RelativeErrorStatus::NotReached: return "not_reached";
    case RelativeErrorStatus::SmallDisplacement: return "small_displacement";
  }
  return "";
}

std::string relativeErrorStatusText(RelativeErrorStatus status, double threshold) {
  switch (status) {
    case RelativeErrorStatus::Defined: return {};
    case RelativeErrorStatus::NoSamples: return "no sample was recorded";
    case RelativeErrorStatus::NotReached: return "the run stopped before the end of the segment";
    case RelativeErrorStatus::SmallDisplacement:
      return "the displacement of the move is below the threshold " + num(threshold) +
             " (rad or m): too small a move to divide by";
  }
  return {};
}

const std::vector<MetricDefinition>& metricDefinitions() {
  static const std::vector<MetricDefinition> defs = {
      {"maxAbsError", "max |e|", "rad or m",
       "largest absolute tracking error over the run (Zanaboni 2009, Tables 10.3 and 10.4, maximum deviation). "
       "Joint error e = desired - actual; Cartesian error e = actual - desired (Table 10.2), Euler angles wrapped "
       "to [-pi, pi]."},
      {"rmsError", "RMS e", "rad or m",
       "root mean square of the error over the run, weighted by time: sqrt(sum e^2 dt / sum dt) (an addition: "
       "the thesis has no RMS)."},
      {"steadyStateError", "e steady", "rad or m",
       "mean error over the hold after the trajectory ends (the error of the last sample when the run has no "
       "hold)."},
      {"relativeErrorPercent", "rel. %", "%",
       "relative error as Zanaboni 2009 defines it (Table 10.1): |error at the end of a segment| / |displacement "
       "of the segment| x 100, for each segment of the trajectory (between via points; the whole move for a "
       "single segment), and the largest over the segments is shown. The error at an interior via point is the "
       "tracking error when the reference passes it; for the last segment it is the steady-state error. The "
       "same definition for joints and Cartesian axes. n/a when the displacement is below 0.001 (1 mrad = "
       "0.057 deg, or 1 mm): dividing by so small a move measures nothing."},
      {"displacement", "displacement", "rad or m",
       "final - initial desired joint value of the whole trajectory (Table 10.1); zero for a trajectory that "
       "returns to its start, which is why the relative error is taken per segment."},
      {"rmsTorque", "RMS torque", "N m or N",
       "root mean square of the applied joint torque (force), weighted by time."},
      {"peakTorque", "peak torque", "N m or N", "largest absolute applied joint torque (force) over the run."},
      {"finalMeasured", "final", "rad or m", "actual Cartesian value at the end of the run (Table 10.2)."},
      {"relativeErrorSegment", "segment", "",
       "the segment (1 = the first) whose relative error is the largest, the one shown as relativeErrorPercent."},
      {"relativeToFinalPercent", "rel. to final %", "%",
       "Cartesian only: |steady-state error| / |final measured value| x 100, the denominator of the thesis's "
       "Table 10.2, kept for comparison with it. It depends on where the world origin is and is meaningless near "
       "0: n/a when |final value| is below 0.001."},
  };
  return defs;
}

}  // namespace maniplab::sim
