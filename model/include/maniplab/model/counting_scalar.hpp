#pragma once
// A scalar type that counts the arithmetic it performs (Llibre, Mampey & Chrétien 1983 §IV.1: "nombre de multiplications et
// additions"). Running a templated algorithm of the core on Counted gives the number of operations the
// implementation ACTUALLY executes, fixed-size Eigen products included (a 3x3 matrix times a 3-vector is
// 9 multiplications and 6 additions even when some entries happen to be 0 or 1: the counts measure the
// code, not the sparsity of one model). The value is carried in double, so results stay checkable.
//
// What is counted (thread-local counters, see OpCounts):
//   mul  : a * b                       div : a / b
//   add  : a + b, a - b, +=, -=       neg : unary minus (a sign change, reported but not an addition)
//   sqrt : sqrt(a)                     sin, cos, tanh : one each per call
// Comparisons, copies and construction from double are free. The paper's "multiplications" column is
// compared with mul + div (OpCounts::products()), its "additions" with add (OpCounts::additions()).
//
// sin/cos of q: Llibre, Mampey & Chrétien 1983 §IV.1 counts the change-of-basis matrices S_i "from the sin(q_i) and cos(q_i)",
// i.e. the trigonometric functions are given. Here sin and cos calls are counted apart (sin, cos), never
// in mul/add; the 12 multiplications and 6 additions that build S_i from them ARE in mul/add
// (joint_transform.hpp: exactly the paper's M1 = 12n, A1 = 6n for revolute joints).
#include <cmath>
#include <cstdint>

#include <Eigen/Core>

namespace maniplab {

/// Operation counters (all 64-bit).
struct OpCounts {
  std::int64_t mul = 0, div = 0, add = 0, neg = 0, sqrt = 0, sin = 0, cos = 0, tanh = 0;

  std::int64_t products() const { return mul + div; }  ///< the paper's "multiplications" (M)
  std::int64_t additions() const { return add; }       ///< the paper's "additions" (A), subtractions included
  OpCounts operator-(const OpCounts& o) const {
    return {mul - o.mul, div - o.div, add - o.add, neg - o.neg, sqrt - o.sqrt, sin - o.sin, cos - o.cos,
            tanh - o.tanh};
  }
  OpCounts operator+(const OpCounts& o) const {
    return {mul + o.mul, div + o.div, add + o.add, neg + o.neg, sqrt + o.sqrt, sin + o.sin, cos + o.cos,
            tanh + o.tanh};
  }
  bool operator==(const OpCounts&) const = default;
};

/// The counters of the calling thread (each thread counts its own operations).
inline OpCounts& opCounters() {
  static thread_local OpCounts c;
  return c;
}

/// RAII: resets the thread's counters on construction; counts() reads what was done since.
class OpCountScope {
 public:
  OpCountScope() : start_(opCounters()) {}
  OpCounts counts() const { return opCounters() - start_; }

 private:
  OpCounts start_;
};

struct Counted {
  double v = 0;
  constexpr Counted() = default;
  constexpr Counted(double x) : v(x) {}  // NOLINT(google-explicit-constructor): scalars promote

  Counted& operator+=(const Counted& o) { ++opCounters().add; v += o.v; return *this; }
  Counted& operator-=(const Counted& o) { ++opCounters().add; v -= o.v; return *this; }
  Counted& operator*=(const Counted& o) { ++opCounters().mul; v *= o.v; return *this; }
  Counted& operator/=(const Counted& o) { ++opCounters().div; v /= o.v; return *this; }
  friend Counted operator+(Counted a, const Counted& b) { return a += b; }
  friend Counted operator-(Counted a, const Counted& b) { return a -= b; }
  friend Counted operator*(Counted a, const Counted& b) { return a *= b; }
  friend Counted operator/(Counted a, const Counted& b) { return a /= b; }
  friend Counted operator-(const Counted& a) { ++opCounters().neg; return Counted(-a.v); }
  friend Counted operator+(const Counted& a) { return a; }
  friend bool operator<(const Counted& a, const Counted& b) { return a.v < b.v; }
  friend bool operator>(const Counted& a, const Counted& b) { return a.v > b.v; }
  friend bool operator<=(const Counted& a, const Counted& b) { return a.v <= b.v; }
  friend bool operator>=(const Counted& a, const Counted& b) { return a.v >= b.v; }
  friend bool operator==(const Counted& a, const Counted& b) { return a.v == b.v; }
  friend bool operator!=(const Counted& a, const Counted& b) { return a.v != b.v; }
};

inline Counted sin(const Counted& x) { ++opCounters().sin; return Counted(std::sin(x.v)); }
inline Counted cos(const Counted& x) { ++opCounters().cos; return Counted(std::cos(x.v)); }
inline Counted sqrt(const Counted& x) { ++opCounters().sqrt; return Counted(std::sqrt(x.v)); }
inline Counted tanh(const Counted& x) { ++opCounters().tanh; return Counted(std::tanh(x.v)); }
inline Counted abs(const Counted& x) { return Counted(std::abs(x.v)); }
inline bool isfinite(const Counted& x) { return std::isfinite(x.v); }

}  // namespace maniplab

namespace Eigen {
template <> struct NumTraits<maniplab::Counted> : NumTraits<double> {
  using Real = maniplab::Counted;
  using NonInteger = maniplab::Counted;
  using Nested = maniplab::Counted;
  using Literal = maniplab::Counted;
  enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 1, ReadCost = 1, AddCost = 1, MulCost = 1 };
};
}  // namespace Eigen
