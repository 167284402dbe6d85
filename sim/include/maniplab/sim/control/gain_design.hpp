#pragma once
// Gain design for the computed-torque error dynamics ë + Kv ė + Kp e = 0 (Zanaboni 2009 §7.3, eqs 7.9–7.17):
//   natural frequency / damping: Kp = wn^2, Kv = 2 zeta wn;
//   imposed 5 % response time Tr with a double real pole lambda0 = -4.73 / Tr: Kp = lambda0^2,
//   Kv = -2 lambda0 (4.73 is the root of (1 + x) e^-x = 0.05). Tr = 0.2 s gives 559.32 and 47.30.
//   PID outer loop with a triple pole (7.20): Kv = -3 lambda0, Kp = 3 lambda0^2, Ki = -lambda0^3.
// The thesis's tuned gains (9.6, 9.7): Kp = [1100 1050 1050 1100 1050 1050], Kv = 25.
#include <cmath>

namespace maniplab::sim {

struct PdGains {
  double kp, kv;
};

inline PdGains gainsFromNaturalFrequency(double wn, double zeta) { return {wn * wn, 2 * zeta * wn}; }

/// The constant x of (1 + x) e^{-x} = 0.05 (5 % settling of a critically damped pair), by Newton.
inline double responseTimeConstant() {
  double x = 4.7;
  for (int i = 0; i < 50; ++i) {
    const double f = (1 + x) * std::exp(-x) - 0.05, df = -x * std::exp(-x);
    x -= f / df;
  }
  return x;
}

/// With `exactConstant` false the thesis's rounded 4.73 is used (reproduces 559.32 / 47.30).
inline PdGains gainsFromResponseTime(double tr, bool exactConstant = false) {
  const double l0 = -(exactConstant ? responseTimeConstant() : 4.73) / tr;
  return {l0 * l0, -2 * l0};
}

}  // namespace maniplab::sim
