#pragma once
// Straight-line Cartesian trajectory of the tool with constant orientation, converted to joint space
// (Zanaboni 2009 §6.4–6.6):
//   p(t) = p0 + s(t) (p1 - p0),  R(t) = R0,  s = quintic rest-to-rest time scaling over T (eqs 6.1–6.6)
//   q(t) by inverse kinematics, qd = J^-1 Xd (eq 4.17), qdd = J^-1 (Xdd - Jdot qd) (eq 6.8),
// with J the base-frame geometric Jacobian of the tool origin (angular rows first, jacobian.hpp),
// Xd = [0, 0, 0, v] and Xdd = [0, 0, 0, a] (constant orientation).
//
// IK: the closed form of UMIS (umis_inverse_kinematics.hpp) when a UmisGeometry is given, taking the
// branch nearest the previous sample (the first sample: nearest qReference); otherwise the numeric DLS
// IK warm-started from the previous sample (the first: from qReference). Every IK solution is checked
// by forward kinematics (position and orientation within CartesianLineOptions::ikTolerance).
//
// Table: (q, qd, qdd) are precomputed at the sampling period (default 2.5 ms; the period is shrunk
// so that it divides T exactly, the table holds N + 1 samples at t = 0, Ts, ..., T). Between samples
// sample() evaluates the quintic Hermite interpolant of (q, qd, qdd) of the two neighbouring samples
// (the eqs 6.1–6.6 polynomial on each interval): the reference is C2 and its qd, qdd are the exact
// derivatives of its q; the interpolation error is O(Ts^6) (< 1e-12 rad at 2.5 ms for the thesis line).
// sample() is O(dof) and does not allocate.
//
// Singularities: the conversion needs J invertible. If the smallest singular value of J at a sample is
// below CartesianLineOptions::singularThreshold, or the IK fails, the constructor throws
// std::runtime_error naming the time (e.g. "singular Jacobian at t = 1.2500 s ..."). The thesis's
// fallback (numerical differentiation of q) is not used: near a singularity it gives unbounded rates.
// The robot must have 6 joints (J square).
#include <optional>

#include "maniplab/model/inverse_kinematics_dls.hpp"
#include "maniplab/model/umis_inverse_kinematics.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

struct CartesianLineOptions {
  double samplePeriod = 0.0025;      ///< s (thesis: 1600 points at 2.5 ms over 4 s)
  double singularThreshold = 1e-4;   ///< smallest singular value of J (mixed units) considered singular
  double ikTolerance = 1e-8;         ///< max FK(IK) position [m] / orientation [rad] error accepted
  /// Numeric IK (used without UMIS geometry). Warm-started from the previous sample the correction is
  /// small, so the damping is tiny by default (near-Newton steps, quadratic convergence; the solver
  /// raises it by itself when the smallest singular value falls below 10 x damping) and the tolerances
  /// are tight (1e-12 m / rad) so that the table is as exact as the closed form.
  IkOptions ik = [] {
    IkOptions o;
    o.damping = 1e-6;
    o.positionTolerance = 1e-12;
    o.orientationTolerance = 1e-12;
    return o;
  }();
};

class CartesianLineTrajectory : public Trajectory {
 public:
  /// start: tool pose at t = 0 (world <- tool); endPosition: tool position at t = T (the orientation
  /// stays start.R); T > 0; qReference: the configuration that selects the IK branch (closed form) or
  /// starts the numeric IK. Throws std::invalid_argument (bad arguments) or std::runtime_error (IK
  /// failure or singular Jacobian, naming the time).
  CartesianLineTrajectory(const Model& model, const Transform& start, const Vector3& endPosition, double T,
                          const VectorX& qReference, const std::optional<UmisGeometry>& umis = std::nullopt,
                          const CartesianLineOptions& options = {});

  int dof() const override { return int(Q_.rows()); }
  double duration() const override { return T_; }
  void sample(double t, JointReference& out) const override;
  std::optional<CartesianReference> cartesian(double t) const override;
  std::string describe() const override;

  /// Cartesian acceleration of the tool origin (linear; the angular acceleration is zero).
  Vector3 linearAcceleration(double t) const;
  double samplePeriod() const { return Ts_; }
  int intervals() const { return int(Q_.cols()) - 1; }  ///< N (the table has N + 1 samples)
  const MatrixX& jointTable() const { return Q_; }      ///< dof x (N + 1): q at t = k Ts
  const MatrixX& velocityTable() const { return Qd_; }
  double minSingularValue() const { return minSigma_; }  ///< smallest singular value of J along the table
  bool closedFormIk() const { return closedForm_; }

 private:
  Transform start_;
  Vector3 delta_ = Vector3::Zero();
  double T_ = 0, Ts_ = 0, minSigma_ = 0;
  bool closedForm_ = false;
  MatrixX Q_, Qd_, Qdd_;
};

}  // namespace maniplab::sim
