#pragma once
// Joint-space controllers, run once per control period (zero-order hold in between). Each computes
// output-side joint torques from the measured state and the reference.
#include <string>

#include "maniplab/model/fwd.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

struct ControlInput {
  double t = 0;
  const VectorX* q = nullptr;    ///< measured positions
  const VectorX* qd = nullptr;   ///< measured (or estimated) velocities
  const JointReference* ref = nullptr;
  double period = 0;             ///< control period T [s]
};

class Controller {
 public:
  virtual ~Controller() = default;
  virtual std::string name() const = 0;
  virtual std::string kind() const = 0;  ///< "pid", "pd_gravity", "computed_torque", "zero"
  /// Clears internal state (integrators, filters); called at the start of a run.
  virtual void reset(int dof) = 0;
  /// tau (pre-sized to dof) = control law. Must not allocate.
  virtual void compute(const ControlInput& in, VectorX& tau) = 0;
  /// Whether the control law can fall back to a simpler one where its model cannot be evaluated (the
  /// Orthoglide's computed torque out of reach: its PD part), and how many compute() calls did since
  /// reset(). A run whose controller fell back reports it (RunMetrics::fallbackPeriods).
  virtual bool hasModelFallback() const { return false; }
  virtual long long modelFallbacks() const { return 0; }
};

/// Zero torque (free motion: free fall, conservation checks).
class ZeroController : public Controller {
 public:
  explicit ZeroController(std::string name = "zero") : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::string kind() const override { return "zero"; }
  void reset(int) override {}
  void compute(const ControlInput&, VectorX& tau) override { tau.setZero(); }

 private:
  std::string name_;
};

}  // namespace maniplab::sim
