#pragma once
// sin and cos of a joint angle together. For double: Cody–Waite reduction by pi/2 in three parts
// (fdlibm's split of pi/2) and Taylor polynomials on [-pi/4, pi/4] (truncation < 1e-20, so the result is
// within ~1 ulp of the correctly rounded value); |x| >= 1e6 or non-finite falls back to the C library.
// About 5x cheaper than libm's sin + cos, which dominated the joint transforms. Any other scalar type
// (dual numbers, counting scalars) uses its own sin and cos.
#include <cmath>

namespace maniplab {

inline void sinCos(double x, double& s, double& c) {
  if (!(std::abs(x) < 1e6)) {
    s = std::sin(x);
    c = std::cos(x);
    return;
  }
  constexpr double kTwoOverPi = 6.36619772367581382433e-01;
  constexpr double kPio2_1 = 1.57079632673412561417e+00;  // first 33 bits of pi/2
  constexpr double kPio2_2 = 6.07710050630396597660e-11;  // next 33 bits
  constexpr double kPio2_3 = 2.02226624871116645580e-21;  // next 33 bits
  constexpr double kRound = 6755399441055744.0;  // 1.5 * 2^52: adding it rounds to an integer
  const double k = (x * kTwoOverPi + kRound) - kRound;
  const double r = ((x - k * kPio2_1) - k * kPio2_2) - k * kPio2_3;
  const double r2 = r * r;
  // sin r = r (1 - r^2/3! + r^4/5! - ... + r^16/17!),  cos r = 1 - r^2/2! + ... + r^18/18!
  const double ps =
      1.0 + r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362880 + r2 * (-1.0 / 39916800 +
      r2 * (1.0 / 6227020800.0 + r2 * (-1.0 / 1307674368000.0 + r2 * (1.0 / 355687428096000.0))))))));
  const double pc =
      1.0 + r2 * (-0.5 + r2 * (1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320 + r2 * (-1.0 / 3628800 +
      r2 * (1.0 / 479001600.0 + r2 * (-1.0 / 87178291200.0 + r2 * (1.0 / 20922789888000.0 +
      r2 * (-1.0 / 6402373705728000.0)))))))));
  const double sr = r * ps, cr = pc;
  switch (static_cast<long long>(k) & 3) {
    case 0: s = sr; c = cr; break;
    case 1: s = cr; c = -sr; break;
    case 2: s = -sr; c = -cr; break;
    default: s = -cr; c = sr; break;
  }
}

template <typename S> inline void sinCos(const S& x, S& s, S& c) {
  using std::cos;
  using std::sin;
  s = sin(x);
  c = cos(x);
}

}  // namespace maniplab
