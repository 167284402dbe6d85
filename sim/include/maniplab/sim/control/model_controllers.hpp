#pragma once
// Model-based controllers, each with its OWN model of the robot, which may differ from the plant
// (perturbedModel(): Zanaboni 2009 §9.3 "realism factor").
//
// PD + gravity compensation: tau = Kp e + Kd ė + G_hat(q).
// Computed torque (Zanaboni 2009 eqs 7.1–7.8): tau = M_hat(q) (qdd_d + Kv ė + Kp e) + V_hat(q, qd) + G_hat(q)
//   + F_hat(qd), evaluated as ONE Newton–Euler call Q_a(q, qd, v) with v = qdd_d + Kv ė + Kp e
//   (M v + V + G = Q_a(q, qd, v)), plus the friction compensation chosen (none / Coulomb only / full).
// With a perfect model the error obeys ë + Kv ė + Kp e = 0 (7.8).
#include <cstdint>

#include "maniplab/model/data.hpp"
#include "maniplab/sim/control/controller.hpp"

namespace maniplab::sim {

enum class FrictionCompensation { None, CoulombOnly, Full };

/// Copy of `model` with every link mass, first moment and inertia scaled by (1 + u_i p / 100), u_i
/// uniform in [-1, 1] drawn per link from `seed` (the centre of mass stays put). p = 0 returns the model.
Model perturbedModel(const Model& model, double percent, std::uint64_t seed);

class PdGravityController : public Controller {
 public:
  PdGravityController(std::string name, const Model& ownModel, VectorX kp, VectorX kd);
  std::string name() const override { return name_; }
  std::string kind() const override { return "pd_gravity"; }
  void reset(int) override {}
  void compute(const ControlInput& in, VectorX& tau) override;

 private:
  std::string name_;
  Model model_;
  Data data_;
  VectorX kp_, kd_, zero_;
};

class ComputedTorqueController : public Controller {
 public:
  ComputedTorqueController(std::string name, const Model& ownModel, VectorX kp, VectorX kv,
                           FrictionCompensation friction);
  std::string name() const override { return name_; }
  std::string kind() const override { return "computed_torque"; }
  void reset(int) override {}
  void compute(const ControlInput& in, VectorX& tau) override;
  const Model& model() const { return model_; }

 private:
  std::string name_;
  Model model_;
  Data data_;
  VectorX kp_, kv_, v_;
  FrictionCompensation friction_;
};

}  // namespace maniplab::sim
