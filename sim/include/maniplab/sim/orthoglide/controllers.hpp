#pragma once
// Computed torque for the Orthoglide (Zanaboni 2009 eqs 7.1–7.8 in actuator space, with the Orthoglide's
// inverse dynamic model of Guégan, Khalil, Chablat & Wenger 2002 eqs 10–23 as the controller's model):
//   v = Lddot_d + Kv (Ldot_d - Ldot) + Kp (L_d - L),
//   P = FGM(L) (warm-started), V = ^0J_p Ldot, Vdot = ^0J_p (v + c) (orthoglidePlatformAcceleration),
//   Gamma = IDM(P, V, Vdot) (+ drive friction when compensated).
// With a perfect model the actuator errors obey e'' + Kv e' + Kp e = 0. The PID baseline is the serial
// one (pid_controller.hpp): it only sees joints. The compensated Coulomb friction uses tanh(v / v_s) with
// `frictionSmoothing` = v_s (0: exact sign), normally the plant's coulomb_smoothing.
#include <cstdint>

#include "maniplab/model/orthoglide_dynamics.hpp"
#include "maniplab/sim/control/controller.hpp"
#include "maniplab/sim/control/model_controllers.hpp"

namespace maniplab::sim {

/// Copy of `model` with every body mass and inertia, the platform mass and the drive rotor inertias
/// scaled by (1 + u p / 100), u uniform in [-1, 1] drawn from `seed` (centres of mass kept).
OrthoglideModel perturbedOrthoglideModel(const OrthoglideModel& model, double percent, std::uint64_t seed);

class OrthoglideComputedTorqueController : public Controller {
 public:
  OrthoglideComputedTorqueController(std::string name, const OrthoglideModel& ownModel, VectorX kp, VectorX kv,
                                     FrictionCompensation friction, double frictionSmoothing = 0.0);
  std::string name() const override { return name_; }
  std::string kind() const override { return "computed_torque"; }
  void reset(int) override {
    P_ = dyn_.model().home;
    fallbacks_ = 0;
  }
  void compute(const ControlInput& in, VectorX& tau) override;
  /// Calls where the model could not be evaluated (the measured actuator positions out of reach of the
  /// forward geometric model, or the IDM undefined there): the output was the PD part only.
  bool hasModelFallback() const override { return true; }
  long long modelFallbacks() const override { return fallbacks_; }

 private:
  std::string name_;
  OrthoglideDynamics dyn_;
  VectorX kp_, kv_;
  OrthoglideDynamicsOptions opt_;
  Vector3 P_;
  long long fallbacks_ = 0;
};

}  // namespace maniplab::sim
