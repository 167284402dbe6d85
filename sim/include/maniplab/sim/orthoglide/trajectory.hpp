#pragma once
// Orthoglide reference: a Cartesian path of the platform point P through way-points (straight segments,
// each rest-to-rest with the quintic time scaling of Zanaboni 2009 eqs 6.1–6.6), converted to the actuator
// joints by the inverse geometric and kinematic models of Guégan, Khalil, Chablat & Wenger 2002: L = IGM(P) (eqs 2–3),
// Ldot = ^0J_p^{-1} V (eq 4), Lddot = first components of eq (9). Closed forms, evaluated at each sample.
#include <vector>

#include "maniplab/model/orthoglide_kinematics.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

class OrthoglideCartesianTrajectory : public Trajectory {
 public:
  /// points: P_0 (start), P_1, ... in R_0 [m]; durations: one per segment [s], > 0. Throws
  /// std::invalid_argument for bad arguments and std::runtime_error when the path leaves the reachable
  /// workspace (checked every millisecond; the message names the time and the chain).
  OrthoglideCartesianTrajectory(const OrthoglideModel& model, std::vector<Vector3> points,
                                std::vector<double> durations);
  int dof() const override { return 3; }
  double duration() const override { return total_; }
  void sample(double t, JointReference& out) const override;
  std::optional<CartesianReference> cartesian(double t) const override;
  std::string describe() const override;
  /// The instants the platform reaches each way-point (segment k joins P_k to P_{k+1}).
  std::vector<double> segmentTimes() const override;
  /// Platform position, velocity and acceleration at t.
  void platform(double t, Vector3& P, Vector3& V, Vector3& A) const;

 private:
  OrthoglideModel model_;
  std::vector<Vector3> points_;
  std::vector<double> durations_, starts_;
  double total_ = 0;
};

}  // namespace maniplab::sim
