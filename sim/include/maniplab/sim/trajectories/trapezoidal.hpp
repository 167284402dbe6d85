#pragma once
// Synchronised trapezoidal-velocity joint trajectory (linear segments with parabolic blends).
//
// Synchronisation: every joint follows the same normalised profile s(t) in [0, 1],
//   q(t) = q0 + (q1 - q0) s(t),
// so all joints start, switch phase (acceleration, cruise, deceleration) and stop together and the
// motion is a straight line in joint space. s has the trapezoidal velocity profile with peak rate
// V = min_i vmax_i / |D_i| and acceleration A = min_i amax_i / |D_i| (D = q1 - q0, joints with D_i = 0
// excluded): the fastest profile that respects every joint's limits. Joint i therefore reaches
// |qd_i| = vmax_i and |qdd_i| = amax_i only if it is the limiting joint; the others are scaled down by
// their displacement. When one joint limits both velocity and acceleration (the usual case) the
// duration is that joint's own minimum time (the slowest joint sets the timing); when different joints
// limit velocity and acceleration the duration is the minimum time of the coordinated straight line,
// slightly longer than every joint's own minimum time.
//   Trapezoid (1 >= V^2 / A): ta = V / A, T = 1 / V + V / A, cruise at V on [ta, T - ta].
//   Triangle  (1 <  V^2 / A): the distance is too short to reach V: ta = T / 2 = sqrt(1 / A), peak
//                              rate A ta < V, no cruise phase.
// The acceleration jumps (0 -> ±A -> 0) at t = 0, ta, T - ta and T; position and velocity are continuous.
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

class TrapezoidalJointTrajectory : public Trajectory {
 public:
  /// vmax, amax: per-joint limits (> 0), size of q0. Zero displacement gives a zero-duration trajectory.
  TrapezoidalJointTrajectory(const VectorX& q0, const VectorX& q1, const VectorX& vmax, const VectorX& amax);

  int dof() const override { return int(q0_.size()); }
  double duration() const override { return T_; }
  void sample(double t, JointReference& out) const override;
  std::string describe() const override;

  double accelerationTime() const { return ta_; }  ///< duration of the acceleration (= deceleration) phase
  bool triangular() const { return triangular_; }  ///< no cruise phase (distance too short)
  /// |qd_i| at cruise (or at the triangle's peak).
  VectorX peakVelocity() const { return (D_ * sdPeak_).cwiseAbs(); }
  /// |qdd_i| during the acceleration and deceleration phases.
  VectorX peakAcceleration() const { return (D_ * A_).cwiseAbs(); }

 private:
  VectorX q0_, D_;
  double T_ = 0, ta_ = 0, A_ = 0, sdPeak_ = 0;
  bool triangular_ = false;
};

}  // namespace maniplab::sim
