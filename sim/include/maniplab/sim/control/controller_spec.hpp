#pragma once
// A controller as a scene file describes it (scenes/README.md, "controllers"): its type and gains, and the
// controller's own model (perturbation, friction compensation). Every scene kind uses it; each kind's
// factory turns it into a Controller for its plant.
#include <cstdint>
#include <string>

#include "maniplab/model/fwd.hpp"
#include "maniplab/sim/control/model_controllers.hpp"
#include "maniplab/sim/control/pid_controller.hpp"

namespace maniplab::sim {

struct ControllerSpec {
  std::string name;
  std::string type;  ///< "pid", "pd_gravity", "computed_torque", "operational_space", "zero" (and a kind's own)
  /// kv is Kd for pid / pd_gravity. For operational_space kp, kv are 6-vectors per Cartesian axis
  /// [phi theta psi X Y Z] (orientation 1/s^2, 1/s; position 1/s^2, 1/s), not per joint.
  VectorX kp, kv, ki;
  VectorX derivativeFilter, saturation, trackingTime;
  AntiWindup antiWindup = AntiWindup::Clamping;
  double perturbationPercent = 0;
  std::uint64_t perturbationSeed = 1;
  FrictionCompensation friction = FrictionCompensation::None;
  /// operational_space only: damped least-squares inverse below sigma_min(J) < singularThreshold
  /// (mixed units), damping up to maxDamping at sigma_min = 0 (model/operational_space.hpp).
  double singularThreshold = 1e-2, maxDamping = 0.05;
};

}  // namespace maniplab::sim
