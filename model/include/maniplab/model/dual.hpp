#pragma once
// Forward-mode dual numbers x + x' eps (eps^2 = 0): running an algorithm on Dual gives its exact
// directional derivative. Used for dM/dq (Christoffel symbols) and available to tests.
#include <cmath>
#include <Eigen/Core>

namespace maniplab {

struct Dual {
  double v = 0, d = 0;
  constexpr Dual() = default;
  constexpr Dual(double x) : v(x) {}  // NOLINT(google-explicit-constructor): scalars promote
  constexpr Dual(double x, double dx) : v(x), d(dx) {}

  Dual& operator+=(const Dual& o) { v += o.v; d += o.d; return *this; }
  Dual& operator-=(const Dual& o) { v -= o.v; d -= o.d; return *this; }
  Dual& operator*=(const Dual& o) { d = d * o.v + v * o.d; v *= o.v; return *this; }
  Dual& operator/=(const Dual& o) { d = (d * o.v - v * o.d) / (o.v * o.v); v /= o.v; return *this; }
  friend Dual operator+(Dual a, const Dual& b) { return a += b; }
  friend Dual operator-(Dual a, const Dual& b) { return a -= b; }
  friend Dual operator*(Dual a, const Dual& b) { return a *= b; }
  friend Dual operator/(Dual a, const Dual& b) { return a /= b; }
  friend Dual operator-(const Dual& a) { return {-a.v, -a.d}; }
  friend Dual operator+(const Dual& a) { return a; }
  friend bool operator<(const Dual& a, const Dual& b) { return a.v < b.v; }
  friend bool operator>(const Dual& a, const Dual& b) { return a.v > b.v; }
  friend bool operator<=(const Dual& a, const Dual& b) { return a.v <= b.v; }
  friend bool operator>=(const Dual& a, const Dual& b) { return a.v >= b.v; }
  friend bool operator==(const Dual& a, const Dual& b) { return a.v == b.v && a.d == b.d; }
  friend bool operator!=(const Dual& a, const Dual& b) { return !(a == b); }
};

inline Dual sin(const Dual& x) { return {std::sin(x.v), std::cos(x.v) * x.d}; }
inline Dual cos(const Dual& x) { return {std::cos(x.v), -std::sin(x.v) * x.d}; }
inline Dual sqrt(const Dual& x) { const double s = std::sqrt(x.v); return {s, x.d / (2 * s)}; }
inline Dual tanh(const Dual& x) { const double t = std::tanh(x.v); return {t, (1 - t * t) * x.d}; }
inline Dual abs(const Dual& x) { return x.v < 0 ? -x : x; }
inline bool isfinite(const Dual& x) { return std::isfinite(x.v) && std::isfinite(x.d); }

}  // namespace maniplab

namespace Eigen {
template <> struct NumTraits<maniplab::Dual> : NumTraits<double> {
  using Real = maniplab::Dual;
  using NonInteger = maniplab::Dual;
  using Nested = maniplab::Dual;
  using Literal = maniplab::Dual;
  enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 1, ReadCost = 2, AddCost = 2, MulCost = 3 };
};
}  // namespace Eigen
