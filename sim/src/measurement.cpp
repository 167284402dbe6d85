// Encoder quantisation, noise and the difference velocity estimator (Zanaboni 2009 Fig. 8.10).
#include "maniplab/sim/measurement.hpp"

#include <cmath>

namespace maniplab::sim {

void JointSensor::configure(int dof, const MeasurementOptions& opt, double servoPeriod) {
  dof_ = dof;
  opt_ = opt;
  opt_.quantum.resize(std::size_t(dof), 0.0);
  opt_.noiseStd.resize(std::size_t(dof), 0.0);
  if (opt_.velocityWindow < 1) opt_.velocityWindow = 1;
  servoPeriod_ = servoPeriod;
  ideal_ = !opt_.estimateVelocity;
  for (int i = 0; i < dof; ++i)
    ideal_ = ideal_ && opt_.quantum[std::size_t(i)] == 0 && opt_.noiseStd[std::size_t(i)] == 0;
  history_.assign(std::size_t(opt_.velocityWindow + 1), VectorX::Zero(dof));
  q_ = VectorX::Zero(dof);
  qd_ = VectorX::Zero(dof);
}

double JointSensor::measure(int i, double q) {
  const auto k = std::size_t(i);
  double m = q;
  if (opt_.noiseStd[k] > 0) m += opt_.noiseStd[k] * normal_(rng_);
  if (opt_.quantum[k] > 0) m = std::round(m / opt_.quantum[k]) * opt_.quantum[k];
  return m;
}

void JointSensor::reset(const VectorX& q, const VectorX& qd) {
  rng_.seed(opt_.seed);
  normal_.reset();
  for (int i = 0; i < dof_; ++i) q_[i] = measure(i, q[i]);
  for (auto& h : history_) h = q_;
  head_ = 0;
  filled_ = 1;
  qd_ = opt_.estimateVelocity ? VectorX(VectorX::Zero(dof_)) : qd;
}

void JointSensor::sample(const VectorX& q, const VectorX& qd) {
  if (ideal_) {  // no quantisation, no noise, true velocity: the measurement is the state
    q_ = q;
    qd_ = qd;
    return;
  }
  for (int i = 0; i < dof_; ++i) q_[i] = measure(i, q[i]);
  const int N = opt_.velocityWindow;
  head_ = (head_ + 1) % (N + 1);
  history_[std::size_t(head_)] = q_;
  if (filled_ < N + 1) ++filled_;
  if (!opt_.estimateVelocity) {
    qd_ = qd;
    return;
  }
  // Oldest stored sample: N ticks ago once the buffer is full (before that, the start position).
  const int span = filled_ - 1;
  const int oldest = (head_ - span + (N + 1)) % (N + 1);
  const VectorX& old = history_[std::size_t(oldest)];
  for (int i = 0; i < dof_; ++i) qd_[i] = span > 0 ? (q_[i] - old[i]) / (span * servoPeriod_) : 0.0;
}

}  // namespace maniplab::sim
