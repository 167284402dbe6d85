#pragma once
// The explicit Euler integrator of seed 003 (eq 9.2, after Craig), as an Odeint stepper:
//   qd(t+h) = qd(t) + qdd(t) h ;  q(t+h) = q(t) + qd(t) h + 1/2 qdd(t) h^2.
// State layout: x = [q (n); qd (n)]. First order (global error O(h)), like Odeint's plain euler.
#include <vector>

#include <boost/numeric/odeint/stepper/stepper_categories.hpp>

namespace maniplab::sim {

class ExplicitEulerStepper {
 public:
  using state_type = std::vector<double>;
  using deriv_type = std::vector<double>;
  using value_type = double;
  using time_type = double;
  using order_type = unsigned short;
  using stepper_category = boost::numeric::odeint::stepper_tag;
  static order_type order() { return 1; }

  template <class System> void do_step(System system, state_type& x, time_type t, time_type h) {
    dxdt_.resize(x.size());
    system(x, dxdt_, t);
    const std::size_t n = x.size() / 2;
    for (std::size_t i = 0; i < n; ++i) {
      const double qdd = dxdt_[n + i];
      x[i] += x[n + i] * h + 0.5 * qdd * h * h;
      x[n + i] += qdd * h;
    }
  }

 private:
  deriv_type dxdt_;
};

}  // namespace maniplab::sim
