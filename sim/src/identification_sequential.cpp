// Sequential identification by the energy theorem, seed 002 ch. III eq (3.5) and the TH8 procedure of
// §IV in its corrected form (reference notes §7–§8); see identification_sequential.hpp.
#include <cmath>
#include <map>
#include <stdexcept>

#include <Eigen/SVD>

#include "maniplab/model/data.hpp"
#include "maniplab/model/energy_regressor.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification_sequential.hpp"

namespace maniplab::sim {

std::vector<SequentialStep> th8SequentialProcedure() {
  // joints 0-based: 0 column, 1 lift, 2 reach, 3..5 wrist
  return {
      {"1. T1: joint 3 alone, variable velocity (perpendicular to g)", {"MR3", "Fs3", "Fv3"}, {2}, {false}, -1},
      {"2. T1: joint 2 alone, variable velocity (vertical)", {"M2", "Fs2", "Fv2"}, {1}, {false}, -1},
      {"3. T2: joint 6, constant velocity", {"MX6", "MY6", "Fs6", "Fv6"}, {5}, {true}, -1},
      {"4. T2: joint 5, constant velocity (q6 = 0)", {"MX5", "MYR5", "Fs5", "Fv5"}, {4}, {true}, -1},
      {"5. T2: joint 4, constant velocity", {"MX4", "MYR4", "Fs4", "Fv4"}, {3}, {true}, -1},
      {"6. T2: joint 1, constant velocity (parallel to g)", {"Fs1", "Fv1"}, {0}, {true}, -1},
      {"7. T3: qd1 constant, joint 3 variable", {"MZR3", "MY3"}, {0, 2}, {true, false}, -1},
      {"8. T4: joint 6 variable", {"ZZ6"}, {5}, {false}, -1},
      {"9. T4: joint 5 variable, q6 held at several angles", {"ZZR5", "XXR6", "XY6"}, {4}, {false}, 5},
      {"10. T5: qd5 constant, joint 6 variable", {"XZ6", "YZ6"}, {4, 5}, {true, false}, -1},
      {"11. T4: joint 4 variable, q5 held at several angles, q6 = 0", {"ZZR4", "XXR5", "XY5"}, {3}, {false}, 4},
      {"12. T5: qd4 constant, joint 5 variable, q6 = 0", {"XZ5", "YZ5"}, {3, 4}, {true, false}, -1},
      {"13. T4: joint 1 variable, q4 held at several angles, q5 = q6 = 0", {"ZZR1", "XXR4", "XY4"}, {0}, {false}, 3},
      {"14. T5: qd1 constant, joint 4 variable, q5 = q6 = 0", {"XZ4", "YZ4"}, {0, 3}, {true, false}, -1},
  };
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

SequentialResult identifySequential(const Model& model, const BaseParameterSet& base, const std::vector<SequentialStep>& steps,
                                    const std::vector<std::vector<SequentialSegment>>& segments, const VectorX& knownStandard) {
  const int n = model.nq, nb = base.count();
  if (segments.size() != steps.size()) throw std::runtime_error("sequential identification: one segment list per step is needed");
  std::map<std::string, int> index;
  for (int b = 0; b < nb; ++b) index[base.params[std::size_t(b)].name] = b;
  VectorX known = VectorX::Zero(nb);
  std::vector<bool> isKnown(std::size_t(nb), false);
  // Rotor inertias: known from the data sheets (their base parameters are Ia alone).
  const VectorX baseKnown = base.K * knownStandard;
  for (int b = 0; b < nb; ++b)
    if (base.params[std::size_t(b)].name.rfind("Ia", 0) == 0) {
      isKnown[std::size_t(b)] = true;
      known[b] = baseKnown[b];
    }
  // The Ia parts of grouped parameters (Ia1 in ZZR1, Ia4 in ZZR4) are identified with them.
  SequentialResult res;
  VectorX hA, hB;
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const SequentialStep& st = steps[s];
    std::vector<int> unk;
    for (const auto& u : st.unknowns) {
      const auto it = index.find(u);
      if (it == index.end()) throw std::runtime_error("step " + st.title + ": " + u + " is not a base parameter of " + model.name);
      unk.push_back(it->second);
    }
    const auto& segs = segments[s];
    const int R = int(segs.size());
    if (R < int(unk.size())) throw std::runtime_error("step " + st.title + ": " + std::to_string(R) + " test motions for " + std::to_string(unk.size()) + " unknowns");
    MatrixX A(R, int(unk.size()));
    VectorX y(R);
    double foreign = 0;
    for (int r = 0; r < R; ++r) {
      const SequentialSegment& g = segs[std::size_t(r)];
      const int N = int(g.t.size());
      if (N < 3 || N % 2 == 0) throw std::runtime_error("step " + st.title + ": a segment needs an odd number (>= 3) of samples (Simpson's rule)");
      const double dt = (g.t[N - 1] - g.t[0]) / (N - 1);
      energyRegressor(model, g.q.row(0).transpose(), g.qd.row(0).transpose(), hA);
      energyRegressor(model, g.q.row(N - 1).transpose(), g.qd.row(N - 1).transpose(), hB);
      VectorX row = hB - hA;
      double work = 0;
      for (int k = 0; k + 2 < N; k += 2)
        for (int j = 0; j < n; ++j) {
          const double v0 = g.qd(k, j), v1 = g.qd(k + 1, j), v2 = g.qd(k + 2, j);
          work += dt / 3 * (g.tau(k, j) * v0 + 4 * g.tau(k + 1, j) * v1 + g.tau(k + 2, j) * v2);
          row[j * kStandardPerJoint + kFv] += dt / 3 * (v0 * v0 + 4 * v1 * v1 + v2 * v2);
          row[j * kStandardPerJoint + kFs] += dt / 3 * (std::abs(v0) + 4 * std::abs(v1) + std::abs(v2));
        }
      const Eigen::RowVectorXd rb = row.transpose() * base.Kpinv;
      const double scale = std::max(rb.cwiseAbs().maxCoeff(), 1e-300);
      y[r] = work;
      for (int b = 0; b < nb; ++b) {
        bool isUnk = false;
        for (std::size_t u = 0; u < unk.size(); ++u)
          if (unk[u] == b) { A(r, int(u)) = rb[b]; isUnk = true; }
        if (isUnk) continue;
        if (isKnown[std::size_t(b)]) y[r] -= rb[b] * known[b];
        else if (std::abs(rb[b]) > 1e-7 * scale) {
          throw std::runtime_error("step " + st.title + ": the motion involves " + base.params[std::size_t(b)].name +
                                   ", which is neither known yet nor an unknown of this step (coefficient " +
                                   std::to_string(rb[b]) + ")");
        } else foreign = std::max(foreign, std::abs(rb[b]) / scale);
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
    const VectorX resid = y - A * sr.values;
    const double sigma2 = R > int(unk.size()) ? resid.squaredNorm() / (R - int(unk.size())) : 0.0;
    sr.stdDev = (sigma2 * (svd.matrixV() * sv.cwiseInverse().asDiagonal()).rowwise().squaredNorm()).cwiseSqrt();
    for (std::size_t u = 0; u < unk.size(); ++u) {
      known[unk[u]] = sr.values[int(u)];
      isKnown[std::size_t(unk[u])] = true;
      res.names.push_back(st.unknowns[u]);
    }
    res.steps.push_back(std::move(sr));
  }
  res.values.resize(int(res.names.size()));
  for (std::size_t i = 0; i < res.names.size(); ++i) res.values[int(i)] = known[index[res.names[i]]];
  return res;
}

}  // namespace maniplab::sim
