#pragma once
// Independent-joint PID (the baseline of Zanaboni 2009 §10.3; structure after Åström & Hägglund):
//   u_i = Kp e_i + I_i + D_i,  e = q_d - q,
//   derivative on the measurement with a first-order filter (time constant Tf, backward Euler):
//     D_k = (Tf D_{k-1} - Kd (q_k - q_{k-1})) / (Tf + T)
//   integral I_k = I_{k-1} + Ki T e_k, with anti-windup:
//     clamping      : the integral is frozen while the output is saturated and e pushes further into
//                     saturation (conditional integration);
//     back-calculation: I_k += (T / Tt) (u_sat - u) (tracking time Tt);
//   output saturation |u_i| <= umax_i.
// No model, no feed-forward: each joint is controlled as if it were alone (hence "independent").
#include <vector>

#include "maniplab/sim/control/controller.hpp"

namespace maniplab::sim {

enum class AntiWindup { None, Clamping, BackCalculation, Both };

struct PidGains {
  VectorX kp, ki, kd;       ///< per joint (output side: N m/rad, N m/(rad s), N m s/rad)
  VectorX derivativeFilter; ///< Tf per joint [s]; 0 = no filter
  VectorX saturation;       ///< umax per joint; +inf = none
  AntiWindup antiWindup = AntiWindup::Clamping;
  VectorX trackingTime;     ///< Tt per joint (back-calculation); default sqrt(Ti Td) style: set by the user
};

class PidController : public Controller {
 public:
  PidController(std::string name, PidGains gains);
  std::string name() const override { return name_; }
  std::string kind() const override { return "pid"; }
  void reset(int dof) override;
  void compute(const ControlInput& in, VectorX& tau) override;
  const PidGains& gains() const { return g_; }

 private:
  std::string name_;
  PidGains g_;
  VectorX integral_, deriv_, qPrev_;
  bool first_ = true;
};

}  // namespace maniplab::sim
