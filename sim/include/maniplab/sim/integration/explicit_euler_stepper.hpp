#pragma once
// The explicit Euler integrator of Zanaboni 2009 (eq 9.2, after Craig), as an Odeint stepper:
//   qd(t+h) = qd(t) + qdd(t) h ;  q(t+h) = q(t) + qd(t) h + 1/2 qdd(t) h^2
// for every position q whose derivative is a velocity coordinate qd of the state (velocityOf), and
// x(t+h) = x(t) + x'(t) h for every other coordinate (a base's pose, a work integral). First order
// (global error O(h)), like Odeint's plain euler, whatever the layout.
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

  /// velocityOf[i]: the index of the coordinate that is coordinate i's time derivative, or -1.
  explicit ExplicitEulerStepper(std::vector<int> velocityOf = {}) : velocityOf_(std::move(velocityOf)) {}
  void adjust_size(const state_type& x) { dxdt_.resize(x.size()); }

  template <class System> void do_step(System system, state_type& x, time_type t, time_type h) {
    dxdt_.resize(x.size());
    system(x, dxdt_, t);
    const std::size_t paired = std::min(velocityOf_.size(), x.size());
    for (std::size_t i = 0; i < paired; ++i) {
      const int v = velocityOf_[i];
      // dxdt_[i] is the velocity coordinate itself (f copies it), dxdt_[v] the acceleration.
      x[i] += v >= 0 ? dxdt_[i] * h + 0.5 * dxdt_[std::size_t(v)] * h * h : dxdt_[i] * h;
    }
    for (std::size_t i = paired; i < x.size(); ++i) x[i] += dxdt_[i] * h;
  }

 private:
  std::vector<int> velocityOf_;
  deriv_type dxdt_;
};

}  // namespace maniplab::sim
