#pragma once
// Reference trajectories for the controllers: joint-space set-points q_d(t), qd_d(t), qdd_d(t), plus
// the Cartesian reference of the tool when the trajectory is defined in Cartesian space.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "maniplab/model/fwd.hpp"

namespace maniplab::sim {

struct JointReference {
  VectorX q, qd, qdd;
};

/// Tool pose reference (Cartesian trajectories only): position and orientation (world frame).
struct CartesianReference {
  Transform pose;
  Vector6 twist = Vector6::Zero();  ///< [omega; v]
};

class Trajectory {
 public:
  virtual ~Trajectory() = default;
  virtual int dof() const = 0;
  virtual double duration() const = 0;  ///< after it the reference holds its final value
  /// Fills `out` (pre-sized to dof()) at time t (t < 0 gives the start, t > duration the end, at rest).
  virtual void sample(double t, JointReference& out) const = 0;
  /// Cartesian reference, when the trajectory has one.
  virtual std::optional<CartesianReference> cartesian(double /*t*/) const { return std::nullopt; }
  virtual std::string describe() const = 0;  ///< one line for logs and reports
  /// The instants that cut the motion into segments (via points, way-points), increasing, at least two:
  /// segment k goes from segmentTimes()[k] to segmentTimes()[k + 1]. A single move: {0, duration()}.
  /// The per-segment relative error of the metrics (traces/metrics.hpp) is taken over these segments.
  virtual std::vector<double> segmentTimes() const { return {0.0, duration()}; }
};

}  // namespace maniplab::sim
