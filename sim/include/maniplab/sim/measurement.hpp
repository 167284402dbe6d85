#pragma once
// Joint measurement chain of a real arm (Zanaboni 2009 ch. 8): encoder quantisation, additive Gaussian noise
// (seeded, deterministic), and the velocity estimator of the UMIS servo cards (Fig. 8.10): ten
// staggered counters, equivalent to v_k = (q_k - q_{k-N}) / (N T_s), updated every servo tick.
#include <random>
#include <vector>

#include "maniplab/model/fwd.hpp"

namespace maniplab::sim {

struct MeasurementOptions {
  std::vector<double> quantum;        ///< encoder resolution per joint, rad or m (2 pi / counts); 0 = none
  std::vector<double> noiseStd;       ///< per joint, rad or m; 0 = no noise
  std::uint64_t seed = 1;
  bool estimateVelocity = false;      ///< false: the true velocity is measured
  int velocityWindow = 10;            ///< N of the difference estimator
};

class JointSensor {
 public:
  void configure(int dof, const MeasurementOptions& opt, double servoPeriod);
  /// Called every servo (plant) tick with the true state; updates the measured position and velocity.
  void sample(const VectorX& q, const VectorX& qd);
  void reset(const VectorX& q, const VectorX& qd);
  const VectorX& position() const { return q_; }
  const VectorX& velocity() const { return qd_; }

 private:
  double measure(int i, double q);
  MeasurementOptions opt_;
  double servoPeriod_ = 0;
  int dof_ = 0;
  std::mt19937_64 rng_;
  std::normal_distribution<double> normal_{0.0, 1.0};
  std::vector<VectorX> history_;  ///< ring buffer of the last N+1 measured positions
  int head_ = 0, filled_ = 0;
  bool ideal_ = false;  ///< no quantisation, noise or estimator: sample() copies the state
  VectorX q_, qd_;
};

}  // namespace maniplab::sim
