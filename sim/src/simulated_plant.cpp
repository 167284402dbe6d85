// Simulated plant: forward dynamics (seed 000 §IV) integrated with Boost.Odeint (Euler of seed 003 eq 9.2,
// RK4, Dormand–Prince 5(4)), zero-order-hold torque, saturation, limits, sensor chain.
#include "maniplab/sim/simulated_plant.hpp"

#include <cmath>
#include <sstream>

#include <boost/numeric/odeint.hpp>

#include "maniplab/sim/integration/explicit_euler_stepper.hpp"

namespace maniplab::sim {

namespace odeint = boost::numeric::odeint;
using State = std::vector<double>;

struct SimulatedPlant::Steppers {
  ExplicitEulerStepper euler;
  odeint::runge_kutta4<State> rk4;
  odeint::controlled_runge_kutta<odeint::runge_kutta_dopri5<State>> dopri;
  Steppers(double absTol, double relTol)
      : dopri(odeint::default_error_checker<double, odeint::range_algebra, odeint::default_operations>(absTol, relTol)) {}
};

SimulatedPlant::SimulatedPlant(const Model& model, const PlantOptions& options)
    : model_(model), opt_(options), data_(model_) {
  const int n = model_.nq;
  rneaOpt_.gravity = opt_.gravity;
  rneaOpt_.friction = opt_.friction;
  rneaOpt_.frictionSmoothing = opt_.coulombSmoothing;
  x_.assign(std::size_t(2 * n), 0.0);
  q_ = qd_ = qx_ = qdx_ = tauHeld_ = friction_ = VectorX::Zero(n);
  limitState_.assign(std::size_t(n), 0);
  sensor_.configure(n, opt_.measurement, opt_.period);
  steppers_ = std::make_shared<Steppers>(opt_.absTolerance, opt_.relTolerance);
}

BackendStatus SimulatedPlant::reset(const VectorX& q0, const VectorX& qd0) {
  const int n = model_.nq;
  if (q0.size() != n || qd0.size() != n) return {false, "initial state has the wrong size"};
  q_ = q0;
  qd_ = qd0;
  for (int i = 0; i < n; ++i) {
    x_[std::size_t(i)] = q0[i];
    x_[std::size_t(n + i)] = qd0[i];
  }
  t_ = 0;
  tauHeld_.setZero();
  adaptiveDt_ = opt_.period;
  evaluations_ = 0;
  singularJoint_ = -1;
  limitEvents_.clear();
  std::fill(limitState_.begin(), limitState_.end(), 0);
  sensor_.reset(q_, qd_);
  return checkState();
}

void SimulatedPlant::writeTorque(const VectorX& tau) {
  for (int i = 0; i < model_.nq; ++i) {
    double v = tau[i];
    if (opt_.saturateTorque) {
      const double lim = model_.limits[std::size_t(i)].effort;
      v = std::clamp(v, -lim, lim);
    }
    tauHeld_[i] = v;
  }
}

void SimulatedPlant::derivative(const State& x, State& dxdt) {
  const int n = model_.nq;
  ++evaluations_;
  for (int i = 0; i < n; ++i) {
    qx_[i] = x[std::size_t(i)];
    qdx_[i] = x[std::size_t(n + i)];
  }
  const int bad = forwardDynamics(model_, data_, qx_, qdx_, tauHeld_, rneaOpt_, opt_.method);
  if (bad >= 0 && singularJoint_ < 0) singularJoint_ = bad;
  for (int i = 0; i < n; ++i) {
    dxdt[std::size_t(i)] = qdx_[i];
    dxdt[std::size_t(n + i)] = bad >= 0 ? std::numeric_limits<double>::quiet_NaN() : data_.qdd[i];
  }
}

BackendStatus SimulatedPlant::advance(double dt) {
  const long ticks = std::lround(dt / opt_.period);
  if (ticks < 1 || std::abs(double(ticks) * opt_.period - dt) > 1e-9 * dt) {
    std::ostringstream s;
    s << "the control period " << dt << " s is not a whole number of plant periods (" << opt_.period << " s)";
    return {false, s.str()};
  }
  for (long k = 0; k < ticks; ++k) {
    const BackendStatus st = tick();
    if (!st.ok) return st;
  }
  return {};
}

BackendStatus SimulatedPlant::tick() {
  auto sys = [this](const State& x, State& dxdt, double) { derivative(x, dxdt); };
  const double t0 = t_, t1 = t0 + opt_.period;
  switch (opt_.stepper) {
    case Stepper::Euler:
      steppers_->euler.do_step(sys, x_, t0, opt_.period);
      break;
    case Stepper::RungeKutta4:
      steppers_->rk4.do_step(sys, x_, t0, opt_.period);
      break;
    case Stepper::DormandPrince5: {
      double t = t0;
      int fails = 0;
      while (t < t1 && singularJoint_ < 0) {
        double dt = std::min(adaptiveDt_, t1 - t);
        const double before = dt;
        if (steppers_->dopri.try_step(sys, x_, t, dt) == odeint::success) {
          fails = 0;
          // keep the proposed size unless it was only shortened to land on t1
          if (dt > before || before == adaptiveDt_) adaptiveDt_ = dt;
        } else {
          adaptiveDt_ = dt;
          if (++fails > 500 || dt < 1e-14) {
            std::ostringstream s;
            s << "the adaptive stepper stalled at t = " << t << " s (step " << dt
              << " s); Coulomb friction's discontinuity at zero velocity is the usual cause: set a "
                 "coulomb_smoothing velocity";
            return {false, s.str()};
          }
        }
      }
      break;
    }
  }
  t_ = t1;
  const int n = model_.nq;
  for (int i = 0; i < n; ++i) {
    q_[i] = x_[std::size_t(i)];
    qd_[i] = x_[std::size_t(n + i)];
  }
  const BackendStatus st = checkState();
  if (!st.ok) return st;
  sensor_.sample(q_, qd_);
  return {};
}

BackendStatus SimulatedPlant::checkState() {
  const int n = model_.nq;
  if (singularJoint_ >= 0) {
    std::ostringstream s;
    s << "t = " << t_ << " s: the mass matrix became singular (joint " << singularJoint_ + 1 << ", "
      << model_.jointName[std::size_t(singularJoint_)] << "); the simulation stopped";
    return {false, s.str()};
  }
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    if (!std::isfinite(q_[i]) || !std::isfinite(qd_[i])) {
      std::ostringstream s;
      s << "t = " << t_ << " s: the simulation diverged: joint " << i + 1 << " (" << model_.jointName[k] << ") "
        << (std::isfinite(q_[i]) ? "velocity" : "position") << " is not finite";
      return {false, s.str()};
    }
    // Speed guard: a joint far beyond any physical speed means an energy blow-up of the integration.
    const double vmax = std::max(1e4, 100.0 * (model_.limits[k].velocity < 1e299 ? model_.limits[k].velocity : 100.0));
    if (std::abs(qd_[i]) > vmax) {
      std::ostringstream s;
      s << "t = " << t_ << " s: the simulation diverged: joint " << i + 1 << " (" << model_.jointName[k]
        << ") speed " << std::abs(qd_[i]) << " exceeds " << vmax
        << " (energy blow-up; reduce the step or check the gains)";
      return {false, s.str()};
    }
    const auto& L = model_.limits[k];
    const int state = q_[i] > L.upper ? 1 : q_[i] < L.lower ? -1 : 0;
    if (state != 0 && state != limitState_[k]) limitEvents_.push_back({t_, i, state > 0, q_[i]});
    limitState_[k] = state;
  }
  return {};
}

const VectorX& SimulatedPlant::frictionTorque() {
  frictionTorques(model_, qd_, friction_, opt_.friction ? opt_.coulombSmoothing : 0.0);
  if (!opt_.friction) friction_.setZero();
  return friction_;
}

}  // namespace maniplab::sim
