// Default gains of a new controller from a response time (controller_defaults.hpp; Zanaboni 2009 7.12–7.20).
#include "maniplab/sim/control/controller_defaults.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "maniplab/model/crba.hpp"
#include "maniplab/sim/control/gain_design.hpp"

namespace maniplab::sim {

ControllerSpec defaultControllerSpec(const std::string& type, const std::string& name, const Model& model,
                                     double responseTime) {
  if (!(responseTime > 0)) throw std::invalid_argument("defaultControllerSpec: the response time must be positive");
  const int n = model.nq;
  const PdGains pd = gainsFromResponseTime(responseTime);  // Kp = λ0², Kv = −2λ0
  const double l0 = -std::sqrt(pd.kp);                     // λ0 = −4.73 / Tr
  ControllerSpec s;
  s.name = name.empty() ? type : name;
  s.type = type;
  if (type == "computed_torque" || type == "operational_space") {
    const int rows = type == "operational_space" ? 6 : n;
    s.kp = VectorX::Constant(rows, pd.kp);
    s.kv = VectorX::Constant(rows, pd.kv);
    s.friction = FrictionCompensation::Full;
    return s;
  }
  if (type != "pid" && type != "pd_gravity")
    throw std::invalid_argument("defaultControllerSpec: unknown controller type \"" + type + "\"");
  // Each joint's own inertia at home (its diagonal term of the mass matrix, rotor inertia included).
  VectorX a = VectorX::Ones(n);
  if (n > 0) {
    Data data(model);
    const VectorX q = model.home.size() == n ? model.home : VectorX(VectorX::Zero(n));
    const MatrixX& M = crba(model, data, q);
    for (int i = 0; i < n; ++i)
      if (std::isfinite(M(i, i)) && M(i, i) > 0) a[i] = M(i, i);
  }
  if (type == "pd_gravity") {
    s.kp = pd.kp * a;
    s.kv = pd.kv * a;
    return s;
  }
  s.kp = 3 * l0 * l0 * a;  // triple root λ0 (7.20)
  s.kv = -3 * l0 * a;
  s.ki = -l0 * l0 * l0 * a;
  s.derivativeFilter = VectorX::Constant(n, 0.1 / std::abs(l0));
  s.trackingTime = VectorX::Zero(n);
  s.saturation.resize(n);
  for (int i = 0; i < n; ++i) s.saturation[i] = model.limits[std::size_t(i)].effort;
  s.antiWindup = AntiWindup::Clamping;
  return s;
}

}  // namespace maniplab::sim
