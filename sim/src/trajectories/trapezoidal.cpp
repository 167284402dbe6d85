// Synchronised trapezoidal (or triangular) velocity profile: one normalised profile s(t) for all joints.
#include "maniplab/sim/trajectories/trapezoidal.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace maniplab::sim {

TrapezoidalJointTrajectory::TrapezoidalJointTrajectory(const VectorX& q0, const VectorX& q1, const VectorX& vmax,
                                                       const VectorX& amax)
    : q0_(q0), D_(q1 - q0) {
  const auto n = q0.size();
  if (q1.size() != n || vmax.size() != n || amax.size() != n)
    throw std::invalid_argument("TrapezoidalJointTrajectory: vectors of different sizes");
  double V = std::numeric_limits<double>::infinity(), A = V;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!(vmax[i] > 0) || !(amax[i] > 0))
      throw std::invalid_argument("TrapezoidalJointTrajectory: vmax and amax must be positive (joint " +
                                  std::to_string(i + 1) + ")");
    const double d = std::abs(D_[i]);
    if (d == 0) continue;
    V = std::min(V, vmax[i] / d);
    A = std::min(A, amax[i] / d);
  }
  if (!std::isfinite(V)) return;  // no motion: T = 0
  A_ = A;
  if (V * V / A > 1) {  // triangle: the peak rate V is not reached over a unit distance
    triangular_ = true;
    ta_ = std::sqrt(1 / A);
    T_ = 2 * ta_;
    sdPeak_ = A * ta_;
  } else {
    ta_ = V / A;
    T_ = 1 / V + V / A;
    sdPeak_ = V;
  }
}

void TrapezoidalJointTrajectory::sample(double t, JointReference& out) const {
  double s, sd, sdd;
  if (t <= 0 || T_ <= 0) {
    s = T_ <= 0 && t > 0 ? 1 : 0;
    sd = sdd = 0;
  } else if (t >= T_) {
    s = 1;
    sd = sdd = 0;
  } else if (t < ta_) {  // acceleration
    s = 0.5 * A_ * t * t;
    sd = A_ * t;
    sdd = A_;
  } else if (t <= T_ - ta_) {  // cruise (empty for the triangle)
    s = 0.5 * A_ * ta_ * ta_ + sdPeak_ * (t - ta_);
    sd = sdPeak_;
    sdd = 0;
  } else {  // deceleration, mirror of the acceleration
    const double r = T_ - t;
    s = 1 - 0.5 * A_ * r * r;
    sd = A_ * r;
    sdd = -A_;
  }
  out.q = q0_ + s * D_;
  out.qd = sd * D_;
  out.qdd = sdd * D_;
}

std::string TrapezoidalJointTrajectory::describe() const {
  return std::string(triangular_ ? "triangular" : "trapezoidal") + " synchronised joint trajectory, " +
         std::to_string(dof()) + " joints, T = " + std::to_string(T_) + " s, ta = " + std::to_string(ta_) + " s";
}

}  // namespace maniplab::sim
