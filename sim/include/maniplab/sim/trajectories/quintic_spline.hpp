#pragma once
// Smooth joint trajectory through via points: a quintic spline (Zanaboni 2009 §6.5 discusses via points,
// eq 6.9; this is the piecewise-quintic option, not the thesis's single high-degree polynomial).
//
// Each segment [t_k, t_{k+1}] is the quintic Hermite polynomial of its end positions, velocities and
// accelerations (the eqs 6.1–6.6 solution, trajectory_quintic.hpp). Position, velocity and acceleration
// are therefore continuous by construction (C2). The interior knot velocities and accelerations are
// the unknowns, chosen so that jerk and snap (3rd and 4th derivatives) are continuous too: the spline is
// C4 (the "natural" quintic spline with clamped ends). The 2(N-2) unknowns solve one linear system
// (the same matrix for every joint). Ends: zero velocity and zero acceleration (rest to rest), unless
// given. Quintic rather than cubic so that the end accelerations can be imposed (a clamped cubic spline
// cannot set them, which makes the acceleration jump at the start and the end of the motion).
#include <vector>

#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

class ViaPointJointTrajectory : public Trajectory {
 public:
  /// points: N >= 2 joint vectors of equal size; times: N strictly increasing instants, times[0] >= 0
  /// (before times[0] the reference holds points[0] at rest). duration() = times.back().
  ViaPointJointTrajectory(std::vector<VectorX> points, std::vector<double> times);
  /// The same with given end velocities and accelerations (size dof() each).
  ViaPointJointTrajectory(std::vector<VectorX> points, std::vector<double> times, const VectorX& v0,
                          const VectorX& a0, const VectorX& v1, const VectorX& a1);

  int dof() const override { return int(points_.front().size()); }
  double duration() const override { return times_.back(); }
  void sample(double t, JointReference& out) const override;
  std::string describe() const override;
  /// The via-point times (segment k joins point k to point k + 1).
  std::vector<double> segmentTimes() const override { return times_; }

 private:
  std::vector<VectorX> points_, vel_, acc_;
  std::vector<double> times_;
};

}  // namespace maniplab::sim
