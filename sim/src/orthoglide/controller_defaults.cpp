// Default gains of a new Orthoglide controller from a response time (orthoglide_simulation.hpp; the rules
// of controller_defaults.hpp, Zanaboni 2009 7.12–7.20, on the actuator-space inertia of Guégan, Khalil, Chablat & Wenger 2002 eq 29).
#include <cmath>
#include <stdexcept>

#include "maniplab/model/orthoglide_dynamics.hpp"
#include "maniplab/sim/control/gain_design.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"

namespace maniplab::sim {

ControllerSpec defaultOrthoglideControllerSpec(const std::string& type, const std::string& name,
                                               const OrthoglideModel& model, double responseTime) {
  if (!(responseTime > 0))
    throw std::invalid_argument("defaultOrthoglideControllerSpec: the response time must be positive");
  const PdGains pd = gainsFromResponseTime(responseTime);  // Kp = λ0², Kv = −2λ0
  const double l0 = -std::sqrt(pd.kp);                     // λ0 = −4.73 / Tr
  ControllerSpec s;
  s.name = name.empty() ? type : name;
  s.type = type;
  if (type == "zero") return s;
  if (type == "computed_torque") {
    s.kp = VectorX::Constant(3, pd.kp);
    s.kv = VectorX::Constant(3, pd.kv);
    s.friction = FrictionCompensation::Full;
    return s;
  }
  if (type != "pid")
    throw std::invalid_argument("defaultOrthoglideControllerSpec: an Orthoglide controller is \"pid\", "
                                "\"computed_torque\" or \"zero\" (got \"" + type + "\")");
  // a_i: the actuator-space inertia at home, diag(^0J_p^T A_robot ^0J_p) (eq 29 with Vdot = ^0J_p Lddot
  // at rest), gravity and friction aside.
  Vector3 a = Vector3::Ones();
  OrthoglideDynamics dyn(model);
  OrthoglideDynamicsOptions opt;
  opt.gravity = false;
  opt.friction = false;
  OrthoglideDynamicsState st;
  Vector3 vdot;
  if (dyn.directDynamics(model.home, Vector3::Zero(), Vector3::Zero(), vdot, opt, &st)) {
    const Matrix3 Jp = st.Jpinv.inverse();
    const Matrix3 AL = Jp.transpose() * st.Arobot * Jp;
    for (int i = 0; i < 3; ++i)
      if (std::isfinite(AL(i, i)) && AL(i, i) > 0) a[i] = AL(i, i);
  }
  s.kp = 3 * l0 * l0 * a;  // triple root λ0 (7.20)
  s.kv = -3 * l0 * a;
  s.ki = -l0 * l0 * l0 * a;
  s.derivativeFilter = VectorX::Constant(3, 0.1 / std::abs(l0));
  s.saturation.resize(3);
  for (int i = 0; i < 3; ++i) s.saturation[i] = model.chain[std::size_t(i)].limits.effort;
  s.antiWindup = AntiWindup::Clamping;
  return s;
}

}  // namespace maniplab::sim
