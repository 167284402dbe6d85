// Simulated Orthoglide: the platform state (P, V) integrated with Boost.Odeint (explicit Euler of seed 003
// eq 9.2, RK4, Dormand-Prince 5(4)) from the direct dynamic model of seed 004 eqs (24)-(30).
#include "maniplab/sim/orthoglide/plant.hpp"

#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <sstream>

#include "maniplab/model/friction.hpp"

namespace maniplab::sim {

namespace odeint = boost::numeric::odeint;
using State = std::vector<double>;

struct OrthoglidePlant::Steppers {
  odeint::euler<State> euler;
  odeint::runge_kutta4<State> rk4;
  odeint::controlled_runge_kutta<odeint::runge_kutta_dopri5<State>> dopri;
  Steppers(double absTol, double relTol)
      : dopri(odeint::default_error_checker<double, odeint::range_algebra, odeint::default_operations>(absTol, relTol)) {}
};

OrthoglidePlant::OrthoglidePlant(const OrthoglideModel& model, const PlantOptions& options)
    : dyn_(model), opt_(options), x_(6, 0.0), L_(VectorX::Zero(3)), Ld_(VectorX::Zero(3)),
      gammaHeld_(VectorX::Zero(3)), limitState_(3, 0) {
  if (!(opt_.period > 0)) throw std::invalid_argument("orthoglide plant: the period must be positive");
  dynOpt_.gravity = opt_.gravity;
  dynOpt_.friction = opt_.friction;
  dynOpt_.frictionSmoothing = opt_.coulombSmoothing;
  steppers_ = std::make_shared<Steppers>(opt_.absTolerance, opt_.relTolerance);
  adaptiveDt_ = opt_.period;
}

BackendStatus OrthoglidePlant::reset(const VectorX& q0, const VectorX& qd0) {
  if (q0.size() != 3 || qd0.size() != 3) return {false, "orthoglide plant: the initial state needs 3 actuator values"};
  Vector3 P;
  std::string why;
  if (!orthoglideForwardGeometric(model(), q0, model().home, P, {}, &why)) return {false, "initial state: " + why};
  OrthoglideChainVariables q;
  orthoglideInverseGeometric(model(), P, q);
  const Vector3 V = orthoglideInverseJacobian(model(), q).partialPivLu().solve(Vector3(qd0));
  return resetPlatform(P, V);
}

BackendStatus OrthoglidePlant::resetPlatform(const Vector3& P, const Vector3& V) {
  for (int k = 0; k < 3; ++k) {
    x_[std::size_t(k)] = P[k];
    x_[std::size_t(k + 3)] = V[k];
  }
  t_ = 0;
  adaptiveDt_ = opt_.period;
  fault_.clear();
  limitEvents_.clear();
  limitState_.assign(3, 0);
  gammaHeld_.setZero();
  return updateJoints();
}

void OrthoglidePlant::writeTorque(const VectorX& tau) {
  for (int i = 0; i < 3; ++i) {
    double g = tau[i];
    const double e = model().chain[std::size_t(i)].limits.effort;
    if (opt_.saturateTorque) g = std::clamp(g, -e, e);
    gammaHeld_[i] = g;
  }
}

void OrthoglidePlant::derivative(const State& x, State& dxdt) {
  const Vector3 P(x[0], x[1], x[2]), V(x[3], x[4], x[5]);
  Vector3 A = Vector3::Zero();
  std::string why;
  if (fault_.empty() && !dyn_.directDynamics(P, V, gammaHeld_, A, dynOpt_, nullptr, &why)) fault_ = why;
  if (!fault_.empty()) A.setConstant(std::numeric_limits<double>::quiet_NaN());
  for (int k = 0; k < 3; ++k) {
    dxdt[std::size_t(k)] = V[k];
    dxdt[std::size_t(k + 3)] = A[k];
  }
}

BackendStatus OrthoglidePlant::tick() {
  auto sys = [this](const State& x, State& dxdt, double) { derivative(x, dxdt); };
  const double t0 = t_, t1 = t0 + opt_.period;
  switch (opt_.stepper) {
    case Stepper::Euler: steppers_->euler.do_step(sys, x_, t0, opt_.period); break;
    case Stepper::RungeKutta4: steppers_->rk4.do_step(sys, x_, t0, opt_.period); break;
    case Stepper::DormandPrince5: {
      double t = t0;
      int fails = 0;
      while (t < t1 && fault_.empty()) {
        double dt = std::min(adaptiveDt_, t1 - t);
        const double before = dt;
        if (steppers_->dopri.try_step(sys, x_, t, dt) == odeint::success) {
          fails = 0;
          if (dt > before || before == adaptiveDt_) adaptiveDt_ = dt;
        } else {
          adaptiveDt_ = dt;
          if (++fails > 500 || dt < 1e-14) {
            std::ostringstream s;
            s << "the adaptive stepper stalled at t = " << t << " s (step " << dt
              << " s); set a coulomb_smoothing velocity for the drives' dry friction";
            return {false, s.str()};
          }
        }
      }
      break;
    }
  }
  t_ = t1;
  return updateJoints();
}

BackendStatus OrthoglidePlant::updateJoints() {
  std::ostringstream s;
  if (!fault_.empty()) {
    s << "t = " << t_ << " s: " << fault_;
    return {false, s.str()};
  }
  for (double v : x_)
    if (!std::isfinite(v)) {
      s << "t = " << t_ << " s: the platform state is not finite (the integration diverged)";
      return {false, s.str()};
    }
  OrthoglideChainVariables q;
  std::string why;
  if (!orthoglideInverseGeometric(model(), platformPosition(), q, &why)) {
    s << "t = " << t_ << " s: the platform left the reachable workspace: " << why;
    return {false, s.str()};
  }
  const Matrix3 Jpinv = orthoglideInverseJacobian(model(), q);
  const Vector3 Ld = Jpinv * platformVelocity();
  for (int i = 0; i < 3; ++i) {
    L_[i] = q[std::size_t(i)][0];
    Ld_[i] = Ld[i];
    const JointLimits& l = model().chain[std::size_t(i)].limits;
    const int state = L_[i] > l.upper ? 1 : L_[i] < l.lower ? -1 : 0;
    if (state != 0 && state != limitState_[std::size_t(i)]) limitEvents_.push_back({t_, i, state > 0, L_[i]});
    limitState_[std::size_t(i)] = state;
  }
  return {};
}

BackendStatus OrthoglidePlant::advance(double dt) {
  const long long ticks = std::max(1LL, std::llround(dt / opt_.period));
  for (long long k = 0; k < ticks; ++k) {
    const BackendStatus st = tick();
    if (!st.ok) return st;
  }
  return {};
}

VectorX OrthoglidePlant::frictionForce() const {
  VectorX f = VectorX::Zero(3);
  if (!opt_.friction) return f;
  for (int i = 0; i < 3; ++i) f[i] = jointFriction(model().chain[std::size_t(i)].actuator, Ld_[i], opt_.coulombSmoothing);
  return f;
}

OrthoglideEnergy OrthoglidePlant::energy() const {
  OrthoglideEnergy e;
  orthoglideEnergy(model(), platformPosition(), platformVelocity(), e);
  if (!opt_.gravity) e.potential = 0;
  return e;
}

}  // namespace maniplab::sim
