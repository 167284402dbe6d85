// Energy-balance monitor (energy_balance.hpp): trapezoidal work of actuator minus friction torques.
#include "maniplab/sim/traces/energy_balance.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace maniplab::sim {

void EnergyBalance::reset(double E0) {
  E0_ = E0;
  W_ = 0;
  Wa_ = 0;
  Wf_ = 0;
  gross_ = 0;
}

void EnergyBalance::add(double dt, const VectorX& qd0, const VectorX& qd1, const VectorX& tauApplied0,
                        const VectorX& tauApplied1, const VectorX& tauFriction0, const VectorX& tauFriction1) {
  const auto n = qd0.size();
  if (qd1.size() != n || tauApplied0.size() != n || tauApplied1.size() != n || tauFriction0.size() != n ||
      tauFriction1.size() != n)
    throw std::invalid_argument("EnergyBalance::add: vector sizes differ (qd0 has " + std::to_string(n) + ")");
  const double p0 = qd0.dot(tauApplied0 - tauFriction0);
  const double p1 = qd1.dot(tauApplied1 - tauFriction1);
  const double dW = 0.5 * dt * (p0 + p1);
  W_ += dW;
  Wa_ += 0.5 * dt * (qd0.dot(tauApplied0) + qd1.dot(tauApplied1));
  Wf_ += 0.5 * dt * (qd0.dot(tauFriction0) + qd1.dot(tauFriction1));
  gross_ += std::abs(dW);
}

double EnergyBalance::relativeDrift(double E) const {
  const double scale = std::max({std::abs(E0_), std::abs(E), std::abs(W_), gross_, floor_});
  return drift(E) / scale;
}

}  // namespace maniplab::sim
