// Bound on |q_bus - q_sim| from the bus's quantisations: worst-case disturbance through the l1 norm of
// the sampled closed loop's impulse response (see tracking_bound.hpp; computed torque: Zanaboni 2009 eqs
// 7.1-7.8; CiA 402 scaling: IEC 61800-7-201 objects 0x608F, 0x6091, 0x6076).
#include "maniplab/ethercat/tracking_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "maniplab/ethercat/master.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/sim/control/model_controllers.hpp"

namespace maniplab::ethercat {

namespace {

struct LoopResponse {
  double l1 = 0;    ///< sum_k |x_k| for a unit disturbance held over the first period
  double peak = 0;  ///< max_k |x_k| of the free response from x = 1 at rest
  bool stable = true;
};

/// A double integrator sampled with a zero-order hold of T under u = -kp x - kv v (the controller reads
/// the velocity) or u = -kp x - kv (x - x_prev) / T (the drive differentiates the position).
LoopResponse loopResponse(double kp, double kv, double T, bool backwardDifference) {
  LoopResponse r;
  auto run = [&](double x, double v, double w0, bool sum) {
    double xp = x, result = 0;
    const long maxSteps = std::max(200000L, long(60.0 / T));
    double quiet = 0;
    for (long k = 0; k < maxSteps; ++k) {
      const double d = backwardDifference ? (x - xp) / T : v;
      const double u = -kp * x - kv * d + (k == 0 ? w0 : 0.0);
      xp = x;
      x += T * v + 0.5 * T * T * u;
      v += T * u;
      const double a = std::abs(x);
      if (!std::isfinite(a) || a > 1e12) {
        r.stable = false;
        return std::numeric_limits<double>::infinity();
      }
      result = sum ? result + a : std::max(result, a);
      // stop once the state has decayed far below what it contributed
      quiet = a + std::abs(v) * T;
      if (k > 10 && quiet < 1e-16 * std::max(result, 1e-300)) break;
    }
    return result;
  };
  r.l1 = run(0, 0, 1, true);
  r.peak = std::max(1.0, run(1, 0, 0, false));
  return r;
}

}  // namespace

QuantisationSteps quantisationSteps(const Master& master) {
  QuantisationSteps s;
  for (int i = 0; i < master.slaveCount(); ++i) {
    const auto& si = master.slave(i);
    s.position.push_back(si.countsPerUnit > 0 ? 1.0 / si.countsPerUnit : 0.0);
    s.torque.push_back(si.ratedTorque / 1000.0);
  }
  return s;
}

QuantisationSteps virtualDriveSteps(const Model& model) {
  QuantisationSteps s;
  for (int j = 0; j < model.nq; ++j) {
    const DriveScaling d = virtualDriveScaling(model, j);
    s.position.push_back(1.0 / d.countsPerUnit);
    s.torque.push_back(d.ratedTorque / 1000.0);
  }
  return s;
}

TrackingBound trackingBound(const Model& model, const sim::ControllerSpec& spec, std::int8_t mode, double controlPeriod,
                            double busPeriod, const sim::Trajectory& reference, double duration,
                            const QuantisationSteps& steps, const std::vector<double>& simMaxError, double margin) {
  TrackingBound b;
  b.margin = margin;
  const int n = model.nq;
  const bool csp = mode == cia402::ModeCSP;
  if (int(steps.position.size()) != n || int(steps.torque.size()) != n || spec.kp.size() != n || spec.kv.size() != n) {
    b.error = "the quantisation steps or the gains do not match the robot's " + std::to_string(n) + " joints";
    return b;
  }
  if (!csp && spec.type != "computed_torque") {
    b.error = "CST bound: the controller must be computed_torque (got " + spec.type + ")";
    return b;
  }
  // Maxima along the reference: |M^-1|_ji, |M^-1 M^|_ji, and the range of the loop factor on the diagonal
  // (computed torque: (M^-1 M^)_jj; the drives' PD: (M^-1)_jj).
  const Model own = csp ? model : sim::perturbedModel(model, spec.perturbationPercent, spec.perturbationSeed);
  Data d(model), dh(own);
  MatrixX minvMax = MatrixX::Zero(n, n), gMax = MatrixX::Zero(n, n);
  VectorX facMin = VectorX::Constant(n, std::numeric_limits<double>::infinity()), facMax = VectorX::Zero(n);
  VectorX qdMax = VectorX::Zero(n);
  sim::JointReference ref{VectorX::Zero(n), VectorX::Zero(n), VectorX::Zero(n)};
  const double dt = std::max(controlPeriod, duration / 2000.0);
  for (double t = 0; t <= duration + 0.5 * dt; t += dt) {
    reference.sample(t, ref);
    const MatrixX Minv = crba(model, d, ref.q).inverse();
    const MatrixX G = Minv * crba(own, dh, ref.q);
    minvMax = minvMax.cwiseMax(Minv.cwiseAbs());
    gMax = gMax.cwiseMax(G.cwiseAbs());
    for (int j = 0; j < n; ++j) {
      const double f = csp ? Minv(j, j) : G(j, j);
      facMin[j] = std::min(facMin[j], f);
      facMax[j] = std::max(facMax[j], f);
      qdMax[j] = std::max(qdMax[j], std::abs(ref.qd[j]));
    }
  }
  const double loopT = csp ? busPeriod : controlPeriod;
  constexpr double kReal32 = 5.960464477539063e-08;  // 2^-24: relative rounding of a float
  for (int j = 0; j < n; ++j) {
    double w = 0;
    for (int i = 0; i < n; ++i) {
      const double dq = steps.position[std::size_t(i)];
      if (csp) {
        const double e = i < int(simMaxError.size()) ? simMaxError[std::size_t(i)] : 0.0;
        const double gainTerm = kReal32 * (spec.kp[i] * e + spec.kv[i] * (qdMax[i] + 2 * e / loopT));
        w += minvMax(j, i) * (spec.kp[i] * dq / 2 + gainTerm);
      } else {
        w += minvMax(j, i) * steps.torque[std::size_t(i)] / 2 + gMax(j, i) * (spec.kp[i] + spec.kv[i]) * dq / 2;
      }
    }
    double l1 = 0, peak = 0;
    for (int k = 0; k <= 8; ++k) {  // the loop factor's range along the reference, 9 points
      const double f = facMin[j] + (facMax[j] - facMin[j]) * k / 8.0;
      const LoopResponse r = loopResponse(f * spec.kp[j], f * spec.kv[j], loopT, csp);
      if (!r.stable) {
        b.error = "joint " + std::to_string(j + 1) + ": the sampled closed loop is unstable in the linear model (no bound)";
        return b;
      }
      l1 = std::max(l1, r.l1);
      peak = std::max(peak, r.peak);
    }
    const double dq = steps.position[std::size_t(j)];
    b.disturbance.push_back(w);
    b.l1Gain.push_back(l1);
    b.startPeak.push_back(peak);
    b.bound.push_back(margin * (l1 * w + (peak + 1) * dq / 2));
  }
  return b;
}

TraceDifference traceDifference(const sim::Recorder& a, const sim::Recorder& b, int dof, double until) {
  TraceDifference r;
  r.maxAbs.assign(std::size_t(dof), 0.0);
  r.atTime.assign(std::size_t(dof), 0.0);
  std::vector<int> ca, cb;
  for (int j = 0; j < dof; ++j) {
    const std::string name = "q[" + std::to_string(j + 1) + "]";
    ca.push_back(a.channelIndex(name));
    cb.push_back(b.channelIndex(name));
    if (ca.back() < 0 || cb.back() < 0) {
      r.error = "channel " + name + " is not recorded in both runs";
      return r;
    }
  }
  if (a.stride() != b.stride()) {
    r.error = "the traces are decimated differently";
    return r;
  }
  const std::size_t rows = std::min(a.rows(), b.rows());
  for (std::size_t k = 0; k < rows; ++k) {
    const double t = a.time(k);
    if (t > until + 1e-12) break;
    if (std::abs(t - b.time(k)) > 1e-9) {
      r.error = "row " + std::to_string(k) + ": times differ (" + std::to_string(t) + " s and " + std::to_string(b.time(k)) + " s)";
      return r;
    }
    for (int j = 0; j < dof; ++j) {
      const double e = std::abs(a.value(k, ca[std::size_t(j)]) - b.value(k, cb[std::size_t(j)]));
      if (!(e <= r.maxAbs[std::size_t(j)])) {  // NaN propagates as the largest
        r.maxAbs[std::size_t(j)] = std::isnan(e) ? std::numeric_limits<double>::infinity() : e;
        r.atTime[std::size_t(j)] = t;
      }
    }
    ++r.rows;
  }
  return r;
}

}  // namespace maniplab::ethercat
