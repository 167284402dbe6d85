#pragma once
// A new controller for a scene with default gains from one response time T_r (Zanaboni 2009 §7.3, 7.12–7.20),
// so that a controller added in the GUI tracks reasonably before any tuning. With λ0 = −4.73 / T_r
// (gain_design.hpp) and a_i the joint's own inertia at home (diagonal of the mass matrix, rotors
// included: the independent-joint view of a decoupled arm):
//   computed_torque, operational_space: K_p = λ0², K_v = −2λ0 (double root, 7.12–7.17), the same on
//     every joint / Cartesian axis; full friction compensation; no model perturbation;
//   pd_gravity: K_p,i = λ0² a_i, K_d,i = −2λ0 a_i (the same double root on a_i ë + K_d ė + K_p e = 0);
//   pid: triple root λ0 of a_i λ³ + K_d λ² + K_p λ + K_i = 0 (7.20): K_p,i = 3λ0² a_i, K_d,i = −3λ0 a_i,
//     K_i,i = −λ0³ a_i; derivative filter T_f = 0.1 / |λ0|; saturation at the effort limits; clamping.
#include <string>

#include "maniplab/sim/scene.hpp"

namespace maniplab::sim {

/// `type`: "pid", "pd_gravity", "computed_torque" or "operational_space" (6 joints). Throws
/// std::invalid_argument for another type or a non-positive response time.
ControllerSpec defaultControllerSpec(const std::string& type, const std::string& name, const Model& model,
                                     double responseTime);

}  // namespace maniplab::sim
