// Online tracking metrics and controller comparison reports (metrics.hpp).
#include "maniplab/sim/traces/metrics.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>
#include <stdexcept>

namespace maniplab::sim {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void checkStep(double t, double dt, const char* who) {
  if (!(dt >= 0) || !std::isfinite(dt) || std::isnan(t))
    throw std::invalid_argument(std::string(who) + ": dt must be finite and >= 0 and t a number");
}

/// |ref| at or below this (rad or m) is a zero up to rounding (e.g. l cos(pi/2) = 6e-17 l): no relative error.
constexpr double kZeroReference = 1e-12;
double relativePercent(double err, double ref) {
  return std::abs(ref) <= kZeroReference ? kNaN : std::abs(err) / std::abs(ref) * 100.0;
}

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
}

void MetricsAccumulator::addJoint(double t, double dt, const VectorX& qDesired, const VectorX& q, const VectorX& tau) {
  checkStep(t, dt, "MetricsAccumulator::addJoint");
  if (qDesired.size() != dof_ || q.size() != dof_ || tau.size() != dof_)
    throw std::invalid_argument("MetricsAccumulator::addJoint: vector sizes differ from dof " + std::to_string(dof_));
  const bool inWindow = t >= ssFrom_;
  for (int i = 0; i < dof_; ++i) {
    Channel& c = joints_[std::size_t(i)];
    c.add(qDesired[i] - q[i], dt, inWindow);
    c.tauMax = std::max(c.tauMax, std::abs(tau[i]));
    c.tauSumSqDt += tau[i] * tau[i] * dt;
    c.tauSumSq += tau[i] * tau[i];
    c.lastActual = q[i];
  }
  ++jt_.n;
  jt_.sumDt += dt;
  if (inWindow) {
    ++jt_.ssN;
    jt_.ssSumDt += dt;
  }
}

void MetricsAccumulator::addCartesian(double t, double dt, const Vector6& desired, const Vector6& actual) {
  checkStep(t, dt, "MetricsAccumulator::addCartesian");
  const bool inWindow = t >= ssFrom_;
  for (int k = 0; k < 6; ++k) {
    double e = actual[k] - desired[k];  // Table 10.2 sign: actual − desired
    if (k < 3) e = std::remainder(e, 2 * std::numbers::pi);
    cart_[std::size_t(k)].add(e, dt, inWindow);
    cart_[std::size_t(k)].lastActual = actual[k];
  }
  ++ct_.n;
  ct_.sumDt += dt;
  if (inWindow) {
    ++ct_.ssN;
    ct_.ssSumDt += dt;
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

RunMetrics MetricsAccumulator::finish(const VectorX& qStart, const VectorX& qEnd) const {
  if (qStart.size() != dof_ || qEnd.size() != dof_)
    throw std::invalid_argument("MetricsAccumulator::finish: qStart/qEnd sizes differ from dof " + std::to_string(dof_));
  RunMetrics m;
  m.joints.resize(std::size_t(dof_));
  for (int i = 0; i < dof_; ++i) {
    const Channel& c = joints_[std::size_t(i)];
    JointMetrics& j = m.joints[std::size_t(i)];
    j.displacement = qEnd[i] - qStart[i];
    if (jt_.n == 0) continue;
    j.maxAbsError = c.maxAbs;
    j.rmsError = rms(c.sumSqDt, c.sumSq, jt_);
    j.steadyStateError = steady(c, jt_);
    j.relativeErrorPercent = relativePercent(j.steadyStateError, j.displacement);
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
      a.relativeErrorPercent = relativePercent(a.steadyStateError, a.finalMeasured);
    }
  }
  m.duration = jt_.n > 0 ? jt_.sumDt : ct_.sumDt;
  return m;
}

// ---------------------------------------------------------------------------------------------------
// Reports

namespace {

using Runs = std::vector<std::pair<std::string, RunMetrics>>;

std::string num(double v) {
  if (std::isnan(v)) return "n/a";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 4);
  return std::string(buf, r.ptr);
}

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

  out += "Joint metrics (e = desired - actual; rad or m, torques N m or N; rel % = |e_ss| / |displacement|)\n";
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
    out += "\nCartesian metrics (e = actual - desired; rad for phi/theta/psi, m for X/Y/Z; rel % = |e_ss| / |final|)\n";
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
                        {"relativeErrorPercent", a.relativeErrorPercent}});
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
  for (const auto& [name, m] : runs) {
    const std::size_t first = t.columns.size();
    for (const char* metric : {"maxAbsError", "rmsError", "steadyStateError", "relativeErrorPercent", "displacement",
                               "rmsTorque", "peakTorque", "finalMeasured"})
      addColumn(name + " " + metric, std::string(metric) == "relativeErrorPercent" ? "%" : "");
    auto col = [&](std::size_t k) -> std::vector<double>& { return t.columns[first + k]; };
    for (std::size_t i = 0; i < m.joints.size(); ++i) {
      const JointMetrics& j = m.joints[i];
      col(0)[i] = j.maxAbsError;
      col(1)[i] = j.rmsError;
      col(2)[i] = j.steadyStateError;
      col(3)[i] = j.relativeErrorPercent;
      col(4)[i] = j.displacement;
      col(5)[i] = j.rmsTorque;
      col(6)[i] = j.peakTorque;
    }
    if (m.hasCartesian)
      for (std::size_t k = 0; k < 6; ++k) {
        const CartesianAxisMetrics& a = m.cartesian[k];
        col(0)[n + k] = a.maxAbsError;
        col(1)[n + k] = a.rmsError;
        col(2)[n + k] = a.steadyStateError;
        col(3)[n + k] = a.relativeErrorPercent;
        col(7)[n + k] = a.finalMeasured;
      }
  }
  return t;
}

}  // namespace maniplab::sim
