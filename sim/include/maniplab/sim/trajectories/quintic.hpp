#pragma once
// Quintic polynomial trajectories (Zanaboni 2009 eqs 6.1–6.6): q(t) = a0 + a1 t + ... + a5 t^5 with the
// position, velocity and acceleration imposed at both ends (T A = B, A = T^-1 B). The boundary-value
// problem is solved in closed form as a quintic Hermite interpolant on tau = t / T, which is the same
// polynomial as A = T^-1 B and better conditioned. The Hermite weights are shared with the via-point
// spline and the Cartesian-line table.
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

/// Weights of the quintic Hermite interpolant on an interval of length h at tau in [0, 1]:
/// x^(d)(tau) = p0 w.p0 + v0 w.v0 + a0 w.a0 + p1 w.p1 + v1 w.v1 + a1 w.a1 for the time derivative d.
struct QuinticHermiteWeights {
  double p0 = 0, v0 = 0, a0 = 0, p1 = 0, v1 = 0, a1 = 0;
};

/// w[0], w[1], w[2]: weights of the position, velocity and acceleration (time derivatives, h > 0).
void quinticHermiteWeights(double tau, double h, QuinticHermiteWeights w[3]);

/// Rest-to-rest quintic time scaling s(tau) = 10 tau^3 - 15 tau^4 + 6 tau^5 on [0, T]: returns s, s_dot,
/// s_ddot (time derivatives); clamped outside [0, T] (s = 0 or 1, at rest).
struct TimeScaling {
  double s = 0, sd = 0, sdd = 0;
};
TimeScaling quinticTimeScaling(double t, double T);

/// Per joint quintic on [0, T]. Outside [0, T] the reference holds q0 (t < 0) or q1 (t > T) at rest.
class QuinticJointTrajectory : public Trajectory {
 public:
  /// Rest to rest: zero velocity and acceleration at both ends. T > 0 (T = 0 gives a step at t = 0).
  QuinticJointTrajectory(const VectorX& q0, const VectorX& q1, double T);
  /// With boundary velocities and accelerations (all of size dof()).
  QuinticJointTrajectory(const VectorX& q0, const VectorX& q1, double T, const VectorX& v0, const VectorX& v1,
                         const VectorX& a0, const VectorX& a1);

  int dof() const override { return int(q0_.size()); }
  double duration() const override { return T_; }
  void sample(double t, JointReference& out) const override;
  std::string describe() const override;

 private:
  VectorX q0_, q1_, v0_, v1_, a0_, a1_;
  double T_ = 0;
};

}  // namespace maniplab::sim
