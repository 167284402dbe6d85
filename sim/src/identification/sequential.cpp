// Sequential identification by the energy theorem, Belkoura 1993 ch. III eq (3.5) and the TH8 procedure of
// §IV in its corrected form (reference notes §7–§8): the steps, their test motions, the measures of a
// motion and its energy-function row, and the step-by-step solver; see identification_sequential.hpp
// (the closed-form equations are in identification_sequential_equations.cpp).
#include <cmath>
#include <map>
#include <random>
#include <stdexcept>

#include <Eigen/SVD>

#include "maniplab/model/data.hpp"
#include "maniplab/model/energy_regressor.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/sequential.hpp"

namespace maniplab::sim {

std::vector<SequentialStep> th8SequentialProcedure() {
  // joints 0-based: 0 column, 1 lift, 2 reach, 3..5 wrist
  std::vector<SequentialStep> steps{
      {"1. T1: joint 3 alone, variable velocity (perpendicular to g)", {"MR3", "Fs3", "Fv3"}, {2}, {false}, -1, "", ""},
      {"2. T1: joint 2 alone, variable velocity (vertical)", {"M2", "Fs2", "Fv2"}, {1}, {false}, -1, "", ""},
      {"3. T2: joint 6, constant velocity", {"MX6", "MY6", "Fs6", "Fv6"}, {5}, {true}, -1, "", ""},
      {"4. T2: joint 5, constant velocity (q6 = 0)", {"MX5", "MYR5", "Fs5", "Fv5"}, {4}, {true}, -1, "", ""},
      {"5. T2: joint 4, constant velocity", {"MX4", "MYR4", "Fs4", "Fv4"}, {3}, {true}, -1, "", ""},
      {"6. T2: joint 1, constant velocity (parallel to g)", {"Fs1", "Fv1"}, {0}, {true}, -1, "", ""},
      {"7. T3: qd1 constant, joint 3 variable", {"MZR3", "MY3"}, {0, 2}, {true, false}, -1, "", ""},
      {"8. T4: joint 6 variable", {"ZZ6"}, {5}, {false}, -1, "", ""},
      {"9. T4: joint 5 variable, q6 held at several angles", {"ZZR5", "XXR6", "XY6"}, {4}, {false}, 5, "", ""},
      {"10. T5: qd5 constant, joint 6 variable", {"XZ6", "YZ6"}, {4, 5}, {true, false}, -1, "", ""},
      {"11. T4: joint 4 variable, q5 held at several angles, q6 = 0", {"ZZR4", "XXR5", "XY5"}, {3}, {false}, 4, "", ""},
      {"12. T5: qd4 constant, joint 5 variable, q6 = 0", {"XZ5", "YZ5"}, {3, 4}, {true, false}, -1, "", ""},
      {"13. T4: joint 1 variable, q4 held at several angles, q5 = q6 = 0", {"ZZR1", "XXR4", "XY4"}, {0}, {false}, 3, "", ""},
      {"14. T5: qd1 constant, joint 4 variable, q5 = q6 = 0", {"XZ4", "YZ4"}, {0, 3}, {true, false}, -1, "", ""},
  };
  // Reference §8 (every equation verified against the full energy model) and the §9 errata.
  const char* eq[14][2] = {
      {"W3 = [½Δ[q̇3²], Δf_S3, Δf_V3]·[M3, FS3, FV3]ᵀ   (test 1, eq 3.10; M3 = MR3 = M3 + M4 + M5 + M6)", ""},
      {"W2 = [½Δ[q̇2²] − gΔ[q2], Δf_S2, Δf_V2]·[M2 + M3, FS2, FV2]ᵀ   (test 1, eq 3.10)",
       "the thesis prints −gΔ[q3]; the joint moved is 2: −gΔ[q2]"},
      {"W6 = [−gΔ[C6], gΔ[S6], Δf_S6, Δf_V6]·[MX6, MY6, FS6, FV6]ᵀ   (test 2, eq 3.13)", ""},
      {"W5 = [−gΔ[C5], gΔ[S5], Δf_S5, Δf_V5]·[MX5 + MX6, MY5, FS5, FV5]ᵀ   (test 2, eq 3.13)", ""},
      {"W4 = [−gΔ[C4], gΔ[S4], Δf_S4, Δf_V4]·[MX4 + MX5 + MX6, MY4 + MY6, FS4, FV4]ᵀ   (test 2, eq 3.13)", ""},
      {"W1 = [Δf_S1, Δf_V1]·[FS1, FV1]ᵀ   (test 2 with the axis parallel to g, eq 3.14)", ""},
      {"W1 + W3 − fr − (½Δ[q̇3²] + ½q̇1²Δ[q3²] + r03 q̇1²Δ[q3] − d3 q̇1Δ[q̇3])·M3 = [q̇1²Δ[q3], q̇1Δ[q̇3]]·[MZ3 + MY5, MY3 + MY4 + MY6]ᵀ   (test 3, eqs 3.18–3.19)",
       "printed with wrong signs and factors and without the d3, r03 terms; (3.18) has +q̇1²(a13² + a23²)Δ[q_p²]"},
      {"W6 − fr + gΔ[C6]MX6 − gΔ[S6]MY6 = ½Δ[q̇6²]·ZZ6   (test 4, eq 3.27)", "the ZZ coefficient is ½, printed 1"},
      {"W5 − fr + gΔ[C5](MX5 + C6 MX6 − S6 MY6) − gΔ[S5]MY5 = Δ[q̇5²](½, ½S6², S6C6)·[ZZ5, XX6, XY6]ᵀ   (test 4, eq 3.28)",
       "ZZ coefficient ½ (printed 1); the angles are those of the HELD joint 6 (printed S5, C5); q6 must take several values"},
      {"W5 + W6 − fr + gΔ[C5]MX5 − gΔ[S5]MY5 + gΔ[C5C6]MX6 − gΔ[C5S6]MY6 − ½q̇5²Δ[S6²]XX6 − q̇5²Δ[S6C6]XY6 − ½Δ[q̇6²]ZZ6 = −q̇5(Δ[q̇6S6], Δ[q̇6C6])·[XZ6, YZ6]ᵀ   (test 5, eq 3.35)",
       "printed with wrong signs and spurious factors of 2"},
      {"W4 − fr + gΔ[C4](MX4 + C5(MX5 + MX6)) − gΔ[S4](MY4 + MY6) − gS5Δ[C4]MY5 − ½Δ[q̇4²](S5²XX6 + 2S5C5 XZ6 + C5² ZZ6) = Δ[q̇4²](½, ½S5², S5C5)·[ZZ4, XX5, XY5]ᵀ   (test 4, eq 3.28)",
       "ZZ coefficient ½ (printed 1); the angles are those of the HELD joint 5 (printed S4, C4); q5 must take several values"},
      {"W4 + W5 − fr + gΔ[C4]MX4 − gΔ[S4](MY4 + MY6) + gΔ[C4C5](MX5 + MX6) − gΔ[C4S5]MY5 − q̇4²(½Δ[S5²](XX5 + XX6) + Δ[S5C5](XY5 + XZ6) + ½Δ[C5²]ZZ6) + q̇4(Δ[q̇5S5]XY6 + Δ[q̇5C5]YZ6) − ½Δ[q̇5²]ZZ5 = q̇4(Δ[q̇5S5], Δ[q̇5C5])·[XZ5, YZ5]ᵀ   (test 5, eq 3.35)",
       "ZZ coefficient ½; printed with wrong signs and spurious factors of 2"},
      {"W1 − fr − Δ[q̇1²]{½(d3² + r03²)M3 − d3 MY3 + r03(MZ3 + MY5) − d3S4(MX4 + MX5 + MX6) − d3C4(MY4 + MY6) + ½C4²(XX5 + XX6) + S4C4(XZ5 − XY6) + ½S4² ZZ5} = Δ[q̇1²](½, ½C4², −S4C4)·[ZZ1, XX4, XY4]ᵀ   (test 4, eqs 3.30–3.31)",
       "printed coefficients (1, −½C4², −S4C4) and without −d3S4(MX4 + MX5 + MX6) − d3C4(MY4 + MY6); q4 must take several values"},
      {"W1 + W4 − fr − MCx(−gΔ[C4] − d3q̇1²Δ[S4] − r03q̇1Δ[q̇4C4]) − MCy(gΔ[S4] − d3q̇1²Δ[C4] + r03q̇1Δ[q̇4S4]) − ½q̇1²Δ[C4²](XX4 + XX5 + XX6) − q̇1²Δ[S4C4](−XY4 + XZ5 − XY6) − ½q̇1²Δ[S4²]ZZ5 − q̇1Δ[q̇4C4](XY5 + XZ6) − q̇1Δ[q̇4S4](YZ5 − YZ6) − ½Δ[q̇4²](ZZ4 + ZZ6) = q̇1(Δ[q̇4C4], −Δ[q̇4S4])·[XZ4, YZ4]ᵀ, MCx = MX4 + MX5 + MX6, MCy = MY4 + MY6   (test 5, eq 3.35)",
       "printed with wrong signs and without the d3, r03 terms"},
  };
  for (std::size_t i = 0; i < steps.size(); ++i) {
    steps[i].equation = eq[i][0];
    steps[i].correction = eq[i][1];
    steps[i].th8Step = int(i) + 1;  // solved by its closed form (identification_sequential_equations.cpp)
  }
  return steps;
}

std::vector<SequentialSegment> th8SequentialSegments(const Model& model, const SequentialStep& step, int count, double rate) {
  const int n = model.nq;
  std::vector<SequentialSegment> out;
  Data data(model);
  const double T = 1.0;  // seconds per segment
  const int N = int(std::round(T * rate)) + 1;
  for (int s = 0; s < count; ++s) {
    SequentialSegment seg;
    seg.t.resize(N);
    seg.q = MatrixX::Zero(N, n);
    seg.qd = MatrixX::Zero(N, n);
    seg.tau = MatrixX::Zero(N, n);
    VectorX qh = VectorX::Zero(n);
    if (step.held >= 0) qh[step.held] = -1.2 + 2.4 * (s + 0.5) / count;  // several held angles
    for (int k = 0; k < N; ++k) {
      const double t = k / rate;
      VectorX q = qh, qd = VectorX::Zero(n), qdd = VectorX::Zero(n);
      for (std::size_t m = 0; m < step.moving.size(); ++m) {
        const int j = step.moving[m];
        const bool prism = !model.isRevolute(j);
        const double amp = prism ? 0.15 : 0.8;
        if (step.constantVelocity[m]) {
          const double v = (prism ? 0.2 : 0.6) * (1 + 0.35 * s) * (s % 2 ? -1 : 1);
          q[j] = qh[j] + 0.3 * s + v * t;
          qd[j] = v;
        } else {
          // q = c + amp (sin(w t + phi) + 0.3 sin(2.3 w t)): variable speed, different end velocities
          const double w = 2.2 + 0.37 * s, phi = 0.9 * s;
          const double c = prism ? 0.3 : 0.2 * s;
          q[j] = c + amp * (std::sin(w * t + phi) + 0.3 * std::sin(2.3 * w * t));
          qd[j] = amp * w * (std::cos(w * t + phi) + 0.69 * std::cos(2.3 * w * t));
          qdd[j] = -amp * w * w * (std::sin(w * t + phi) + 1.587 * std::sin(2.3 * w * t));
        }
      }
      const VectorX tau = rnea(model, data, q, qd, qdd);
      seg.t[k] = t;
      seg.q.row(k) = q.transpose();
      seg.qd.row(k) = qd.transpose();
      seg.tau.row(k) = tau.transpose();
    }
    out.push_back(std::move(seg));
  }
  return out;
}

SegmentMeasures segmentMeasures(const SequentialSegment& g, int n, const std::string& context) {
  const int N = int(g.t.size());
  if (N < 3 || N % 2 == 0) throw std::runtime_error(context + ": a segment needs an odd number (>= 3) of samples (Simpson's rule)");
  if (g.q.rows() != N || g.qd.rows() != N || g.tau.rows() != N || g.q.cols() != n || g.qd.cols() != n || g.tau.cols() != n)
    throw std::runtime_error(context + " has inconsistent sizes");
  if (!g.q.allFinite() || !g.qd.allFinite() || !g.tau.allFinite() || !g.t.allFinite())
    throw std::runtime_error(context + " contains NaN or infinite samples");
  SegmentMeasures m;
  m.qA = g.q.row(0).transpose();
  m.qdA = g.qd.row(0).transpose();
  m.qB = g.q.row(N - 1).transpose();
  m.qdB = g.qd.row(N - 1).transpose();
  m.work = m.absIntegral = m.squareIntegral = VectorX::Zero(n);
  const double dt = (g.t[N - 1] - g.t[0]) / (N - 1);
  // Composite Boole's rule (Simpson's rule extrapolated, O(dt^6)) when N - 1 is a multiple of 4, else
  // composite Simpson (O(dt^4)). The same linear rule for every integrand: the Coulomb and viscous parts
  // of the work (kinks of |qd| at the reversals) equal Fs and Fv times the rule applied to |qd| and qd^2
  // exactly, so only the smooth (rigid-body) power carries the quadrature error.
  std::vector<double> w(static_cast<std::size_t>(N), 0.0);
  if ((N - 1) % 4 == 0) {
    const double c[5] = {7, 32, 12, 32, 7};
    for (int k = 0; k + 4 < N; k += 4)
      for (int i = 0; i < 5; ++i) w[std::size_t(k + i)] += 2 * dt / 45 * c[i];
  } else {
    for (int k = 0; k + 2 < N; k += 2) {
      w[std::size_t(k)] += dt / 3;
      w[std::size_t(k + 1)] += 4 * dt / 3;
      w[std::size_t(k + 2)] += dt / 3;
    }
  }
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < n; ++j) {
      const double v = g.qd(k, j), wk = w[std::size_t(k)];
      m.work[j] += wk * g.tau(k, j) * v;
      m.squareIntegral[j] += wk * v * v;
      m.absIntegral[j] += wk * std::abs(v);
    }
  return m;
}

Eigen::RowVectorXd energyFunctionRow(const Model& model, const BaseParameterSet& base, const SegmentMeasures& m) {
  VectorX hA, hB;
  energyRegressor(model, m.qA, m.qdA, hA);
  energyRegressor(model, m.qB, m.qdB, hB);
  VectorX row = hB - hA;
  for (int j = 0; j < model.nq; ++j) {
    row[j * kStandardPerJoint + kFv] += m.squareIntegral[j];
    row[j * kStandardPerJoint + kFs] += m.absIntegral[j];
    if (hasCoulombAsymmetry(model, j)) row[j * kStandardPerJoint + kFsa] += m.qB[j] - m.qA[j];
  }
  return row.transpose() * base.Kpinv;
}

SequentialIdentifier::SequentialIdentifier(const Model& model, const BaseParameterSet& base, const VectorX& knownStandard,
                                           SequentialEquations equations)
    : model_(model), base_(base), equations_(equations), known_(VectorX::Zero(base.count())),
      isKnown_(std::size_t(base.count()), false) {
  const int nb = base.count();
  if (knownStandard.size() != base.K.cols())
    throw std::runtime_error("sequential identification: " + std::to_string(base.K.cols()) +
                             " standard parameters are needed for the rotor inertias, got " +
                             std::to_string(knownStandard.size()));
  // Rotor inertias: known from the data sheets (their base parameters are Ia alone).
  // The Ia parts of grouped parameters (Ia1 in ZZR1, Ia4 in ZZR4) are identified with them.
  const VectorX baseKnown = base.K * knownStandard;
  for (int b = 0; b < nb; ++b)
    if (base.params[std::size_t(b)].name.rfind("Ia", 0) == 0) {
      isKnown_[std::size_t(b)] = true;
      known_[b] = baseKnown[b];
    }
}

bool SequentialIdentifier::isKnown(const std::string& name) const {
  for (std::size_t b = 0; b < base_.params.size(); ++b)
    if (base_.params[b].name == name) return isKnown_[b];
  return false;
}

SequentialResult SequentialIdentifier::result() const {
  SequentialResult res;
  res.steps = steps_;
  res.names = names_;
  res.values.resize(int(names_.size()));
  for (std::size_t i = 0; i < names_.size(); ++i)
    for (std::size_t b = 0; b < base_.params.size(); ++b)
      if (base_.params[b].name == names_[i]) res.values[int(i)] = known_[int(b)];
  return res;
}

const SequentialStepResult& SequentialIdentifier::runStep(const SequentialStep& st, const std::vector<SequentialSegment>& segs) {
  const Model& model = model_;
  const BaseParameterSet& base = base_;
  const int n = model.nq, nb = base.count();
  std::map<std::string, int> index;
  for (int b = 0; b < nb; ++b) index[base.params[std::size_t(b)].name] = b;
  std::vector<int> unk;
  for (const auto& u : st.unknowns) {
    const auto it = index.find(u);
    if (it == index.end()) throw std::runtime_error("step " + st.title + ": " + u + " is not a base parameter of " + model.name);
    unk.push_back(it->second);
  }
  const int R = int(segs.size());
  if (R < int(unk.size())) throw std::runtime_error("step " + st.title + ": " + std::to_string(R) + " test motions for " + std::to_string(unk.size()) + " unknowns");
  MatrixX A(R, int(unk.size()));
  VectorX y(R);
  double foreign = 0, deviation = 0;
  const bool closed = equations_ == SequentialEquations::ClosedForm && st.th8Step > 0;
  const Th8Geometry geo = st.th8Step > 0 ? th8Geometry(model) : Th8Geometry{};
  for (int r = 0; r < R; ++r) {
    const SegmentMeasures meas = segmentMeasures(segs[std::size_t(r)], n, "step " + st.title + ": segment " + std::to_string(r + 1));
    // The energy-function row validates the motion and the step order whatever equations are solved.
    const Eigen::RowVectorXd rh = energyFunctionRow(model, base, meas);
    Eigen::RowVectorXd rb = rh;
    if (st.th8Step > 0) {
      const Eigen::RowVectorXd rc = equationRow(th8StepEquation(st.th8Step, geo, meas), base, "step " + st.title);
      deviation = std::max(deviation, (rc - rh).cwiseAbs().maxCoeff() / std::max(rh.cwiseAbs().maxCoeff(), 1e-300));
      if (closed) rb = rc;
    }
    const double scale = std::max(rh.cwiseAbs().maxCoeff(), 1e-300);
    y[r] = meas.work.sum();
    for (int b = 0; b < nb; ++b) {
      bool isUnk = false;
      for (std::size_t u = 0; u < unk.size(); ++u)
        if (unk[u] == b) { A(r, int(u)) = rb[b]; isUnk = true; }
      if (isUnk) continue;
      if (isKnown_[std::size_t(b)]) y[r] -= rb[b] * known_[b];
      else if (std::max(std::abs(rh[b]), std::abs(rb[b])) > 1e-7 * scale) {
        throw std::runtime_error("step " + st.title + ": the motion involves " + base.params[std::size_t(b)].name +
                                 ", which is neither known yet nor an unknown of this step (coefficient " +
                                 std::to_string(rh[b]) + ")");
      } else foreign = std::max(foreign, std::abs(rh[b]) / scale);
    }
  }
  Eigen::JacobiSVD<MatrixX> svd(A, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const VectorX& sv = svd.singularValues();
  if (!(sv[sv.size() - 1] > 1e-10 * sv[0]))
    throw std::runtime_error("step " + st.title + ": rank-deficient (vary the test motions, e.g. the held angle)");
  SequentialStepResult sr;
  sr.title = st.title;
  sr.unknowns = st.unknowns;
  sr.values = svd.solve(y);
  sr.conditionNumber = sv[0] / sv[sv.size() - 1];
  sr.foreignCoefficient = foreign;
  sr.closedForm = closed;
  sr.closedFormDeviation = st.th8Step > 0 ? deviation : -1;
  const VectorX resid = y - A * sr.values;
  const double sigma2 = R > int(unk.size()) ? resid.squaredNorm() / (R - int(unk.size())) : 0.0;
  sr.stdDev = (sigma2 * (svd.matrixV() * sv.cwiseInverse().asDiagonal()).rowwise().squaredNorm()).cwiseSqrt();
  for (std::size_t u = 0; u < unk.size(); ++u) {
    known_[unk[u]] = sr.values[int(u)];
    isKnown_[std::size_t(unk[u])] = true;
    names_.push_back(st.unknowns[u]);
  }
  steps_.push_back(std::move(sr));
  return steps_.back();
}

SequentialResult identifySequential(const Model& model, const BaseParameterSet& base, const std::vector<SequentialStep>& steps,
                                    const std::vector<std::vector<SequentialSegment>>& segments, const VectorX& knownStandard,
                                    SequentialEquations equations) {
  if (segments.size() != steps.size()) throw std::runtime_error("sequential identification: one segment list per step is needed");
  SequentialIdentifier id(model, base, knownStandard, equations);
  for (std::size_t s = 0; s < steps.size(); ++s) id.runStep(steps[s], segments[s]);
  return id.result();
}

void addTorqueNoise(std::vector<SequentialSegment>& segments, double torqueStd, std::uint64_t seed) {
  if (!(torqueStd >= 0) || !std::isfinite(torqueStd))
    throw std::invalid_argument("torque noise: the standard deviation must be finite and non-negative");
  if (torqueStd == 0) return;
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gauss(0.0, torqueStd);
  for (auto& g : segments)
    for (Eigen::Index k = 0; k < g.tau.size(); ++k) g.tau.data()[k] += gauss(rng);
}

}  // namespace maniplab::sim
