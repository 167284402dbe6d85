#pragma once
// Bounded-deviation straight line (Taylor 1979, "Planning and execution of straight line manipulator
// trajectories"; Zanaboni 2009 §6.6 and Annex IX, reference umis.md §8): recursive bisection of the
// Cartesian segment [P0, P1] until joint-space interpolation between neighbouring knots stays within
// eps of the line:
//   PM = (P0 + P1) / 2,  q_m = (IK(P0) + IK(P1)) / 2,  Delta = |FK(q_m) - PM(X, Y, Z)|
//   if every component of Delta < eps: keep [P0, P1]; otherwise recurse on [P0, PM] then [PM, P1].
// Only the position components are tested (Annex IX). Poses are 6-vectors [phi, theta, psi, X, Y, Z]
// (Euler X-Y-Z angles, then position), averaged component-wise as in Annex IX. The recursion goes left
// first, so the knots come out ordered from P0 to P1.
#include <functional>
#include <vector>

#include "maniplab/model/fwd.hpp"

namespace maniplab::sim {

struct BoundedDeviationResult {
  std::vector<Vector6> poses;   ///< knots P0, ..., P1 (ordered)
  std::vector<VectorX> joints;  ///< IK of each knot
  int intermediateCount() const { return int(poses.size()) - 2; }  ///< knots strictly between P0 and P1
};

/// fkPosition: tool position of a joint vector; ik: joint vector of a pose vector (its branch choice
/// is the caller's). eps > 0 [m]. Throws std::runtime_error if the bisection exceeds maxDepth levels.
BoundedDeviationResult boundedDeviationPoints(const std::function<Vector3(const VectorX&)>& fkPosition,
                                              const std::function<VectorX(const Vector6&)>& ik, const Vector6& P0,
                                              const Vector6& P1, double eps, int maxDepth = 30);

}  // namespace maniplab::sim
