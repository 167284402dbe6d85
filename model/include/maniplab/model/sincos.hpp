#pragma once
// sin and cos of a joint angle together. For double: Cody–Waite reduction by pi/2 in three parts
// (fdlibm's split of pi/2) and Taylor polynomials on [-pi/4, pi/4], their tails by Estrin's scheme
// (truncation < 1e-20, so the result is within ~1 ulp of the correctly rounded value); |x| >= 1e6 or
// non-finite falls back to the C library.
// About 5x cheaper than libm's sin + cos, which dominated the joint transforms. sinCos2 evaluates the same
// operations for two angles at once, one in each lane of a 128-bit vector (GCC/Clang vector extensions:
// SSE2 on x86-64), with results identical to sinCos bit for bit (tests/model/test_closed_forms); about 30 %
// cheaper per angle. Any other scalar type (dual numbers, counting scalars) uses its own sin and cos.
#include <cmath>
#include <cstdint>

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
  // The two leading terms by Horner's rule (as accurate as Horner's rule throughout), the tail by Estrin's
  // scheme (r^4, r^8 formed beside the pairs a + b r^2): fewer dependent operations; sinCos2 evaluates the
  // same expression tree.
  const double r4 = r2 * r2, r8 = r4 * r4;
  const double qs = ((1.0 / 120 + r2 * (-1.0 / 5040)) + r4 * (1.0 / 362880 + r2 * (-1.0 / 39916800))) +
                    r8 * ((1.0 / 6227020800.0 + r2 * (-1.0 / 1307674368000.0)) + r4 * (1.0 / 355687428096000.0));
  const double qc = ((1.0 / 24 + r2 * (-1.0 / 720)) + r4 * (1.0 / 40320 + r2 * (-1.0 / 3628800))) +
                    r8 * ((1.0 / 479001600.0 + r2 * (-1.0 / 87178291200.0)) +
                          r4 * (1.0 / 20922789888000.0 + r2 * (-1.0 / 6402373705728000.0)));
  const double ps = 1.0 + r2 * (-1.0 / 6 + r2 * qs);
  const double pc = 1.0 + r2 * (-0.5 + r2 * qc);
  const double sr = r * ps, cr = pc;
  switch (static_cast<long long>(k) & 3) {
    case 0: s = sr; c = cr; break;
    case 1: s = cr; c = -sr; break;
    case 2: s = -sr; c = -cr; break;
    default: s = -cr; c = sr; break;
  }
}

namespace detail {
/// The constants of sinCos2, each duplicated for the two lanes (sincos.cpp). Defined out of line on
/// purpose: the compiler then reads each as one 16-byte memory operand instead of building it from a
/// scalar (two instructions per constant with GCC 12).
alignas(16) extern const double kSinCos2Table[23][2];
}  // namespace detail

/// sin and cos of x0 and x1 (s0 = sin x0, ...), the operations of sinCos(double) lane by lane.
inline void sinCos2(double x0, double x1, double& s0, double& c0, double& s1, double& c1) {
  if (!(std::abs(x0) < 1e6) || !(std::abs(x1) < 1e6)) {
    sinCos(x0, s0, c0);
    sinCos(x1, s1, c1);
    return;
  }
  typedef double V __attribute__((vector_size(16), __may_alias__));
  typedef std::int64_t I __attribute__((vector_size(16)));
  const V* T = reinterpret_cast<const V*>(detail::kSinCos2Table);
  // T[0] 2/pi, T[1..3] pi/2 in three parts, T[4] 1.5 * 2^52, T[5] 1, T[6..13] sine, T[14..22] cosine terms
  const V x = {x0, x1};
  const V t = x * T[0] + T[4];  // = 1.5 * 2^52 + k exactly: its low mantissa bits are k mod 2^51
  const V k = t - T[4];
  const V r = ((x - k * T[1]) - k * T[2]) - k * T[3];
  const V r2 = r * r;
  const V r4 = r2 * r2, r8 = r4 * r4;
  const V qs = ((T[7] + r2 * T[8]) + r4 * (T[9] + r2 * T[10])) + r8 * ((T[11] + r2 * T[12]) + r4 * T[13]);
  const V qc = ((T[15] + r2 * T[16]) + r4 * (T[17] + r2 * T[18])) + r8 * ((T[19] + r2 * T[20]) + r4 * (T[21] + r2 * T[22]));
  const V ps = T[5] + r2 * (T[6] + r2 * qs);
  const V pc = T[5] + r2 * (T[14] + r2 * qc);
  const V sr = r * ps, cr = pc;
  // Quadrant k mod 4 without a branch: 0: (sr, cr), 1: (cr, -sr), 2: (-sr, -cr), 3: (-cr, sr).
  const I kb = (I)t;
  const I one = {1, 1}, two = {2, 2};
  const I odd = -(kb & one);  // all ones where k is odd
  const I srb = (I)sr, crb = (I)cr;
  const I sb = ((crb & odd) | (srb & ~odd)) ^ ((kb & two) << 62);
  const I cb = ((srb & odd) | (crb & ~odd)) ^ (((kb + one) & two) << 62);
  const V sv = (V)sb, cv = (V)cb;
  s0 = sv[0];
  s1 = sv[1];
  c0 = cv[0];
  c1 = cv[1];
}

template <typename S> inline void sinCos(const S& x, S& s, S& c) {
  using std::cos;
  using std::sin;
  s = sin(x);
  c = cos(x);
}

}  // namespace maniplab
