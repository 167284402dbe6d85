// The plants' stepping helper (integrator.hpp): explicit Euler (Zanaboni 2009 eq 9.2), RK4 and
// Dormand–Prince 5(4) (Hairer, Nørsett & Wanner §II.5) from Boost.Odeint; stall, divergence and fault
// reports with the time and the coordinate.
#include "maniplab/sim/integration/integrator.hpp"
#include "maniplab/sim/sim_messages.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <boost/numeric/odeint.hpp>

#include "maniplab/sim/integration/explicit_euler_stepper.hpp"

namespace maniplab::sim {

namespace odeint = boost::numeric::odeint;
using State = std::vector<double>;

namespace {

using BaseErrorChecker = odeint::default_error_checker<double, odeint::range_algebra, odeint::default_operations>;

/// Odeint's default error measure (max over i of |err_i| / (abs + rel (|x_i| + h |x'_i|))), which also
/// remembers the coordinate with the largest error, so that a stall can name it.
class LocatingErrorChecker : public BaseErrorChecker {
 public:
  LocatingErrorChecker(double absTol, double relTol, int* worst) : BaseErrorChecker(absTol, relTol), worst_(worst) {}
  template <class StateT, class Deriv, class Err, class Time>
  double error(odeint::range_algebra& algebra, const StateT& x, const Deriv& dxdt, Err& err, Time dt) const {
    const double e = BaseErrorChecker::error(algebra, x, dxdt, err, dt);  // err now holds the relative errors
    std::size_t worst = 0;
    for (std::size_t i = 1; i < err.size(); ++i)
      if (std::abs(err[i]) > std::abs(err[worst])) worst = i;
    *worst_ = int(worst);
    return e;
  }

 private:
  int* worst_;
};

std::vector<int> velocityIndices(const std::vector<StateCoordinate>& layout) {
  std::vector<int> v(layout.size());
  for (std::size_t i = 0; i < layout.size(); ++i) v[i] = layout[i].velocity;
  return v;
}

}  // namespace

struct Integrator::Steppers {
  ExplicitEulerStepper euler;
  odeint::runge_kutta4<State> rk4;
  odeint::controlled_runge_kutta<odeint::runge_kutta_dopri5<State>, LocatingErrorChecker> dopri;
  Steppers(const std::vector<StateCoordinate>& layout, const IntegratorOptions& o, int* worst)
      : euler(velocityIndices(layout)), dopri(LocatingErrorChecker(o.absTolerance, o.relTolerance, worst)) {
    const State x(layout.size(), 0.0);
    euler.adjust_size(x);
    rk4.adjust_size(x);
    dopri.adjust_size(x);
  }
};

std::string jointLabel(int i, const std::string& name) { return jointLabelMessage(i, name).text; }

Message jointLabelMessage(int i, const std::string& name) {
  if (name.empty()) return message(msg::kJoint, {MessageArg::integer(i + 1)});
  return message(msg::kJointNamed, {MessageArg::integer(i + 1), MessageArg::field(name)});
}

namespace {

/// A number as `std::ostream <<` writes it (the English text is unchanged by messages).
MessageArg streamedNumber(double v) { return MessageArg::number(v, msg::streamed(v)); }
MessageArg atTime(double t) { return streamedNumber(t); }
BackendStatus failure(const Message& m) { return {false, m.text, m}; }

}  // namespace

MessageArg Integrator::coordinate(std::size_t i) const {
  const StateCoordinate& c = layout_[i];
  if (!c.label.code.empty() && c.label.text == c.name) return MessageArg(c.label);
  return MessageArg::field(c.name);
}

Integrator::Integrator(std::vector<StateCoordinate> layout, const IntegratorOptions& options)
    : opt_(options), layout_(std::move(layout)), x_(layout_.size(), 0.0) {
  if (!(opt_.period > 0))
    throw std::invalid_argument("the plant period must be positive (got " + std::to_string(opt_.period) + " s)");
  bound_.reserve(layout_.size());
  for (const auto& c : layout_) bound_.push_back(std::isfinite(c.bound) ? c.bound : std::numeric_limits<double>::max());
  steppers_ = std::make_unique<Steppers>(layout_, opt_, &worst_);
  adaptiveDt_ = opt_.period;
}

Integrator::Integrator(const Integrator& o)
    : opt_(o.opt_), layout_(o.layout_), bound_(o.bound_), x_(o.x_), t_(o.t_), adaptiveDt_(o.adaptiveDt_),
      evaluations_(o.evaluations_), rejected_(o.rejected_), faulted_(o.faulted_), worst_(o.worst_),
      steppers_(std::make_unique<Steppers>(layout_, opt_, &worst_)) {}

Integrator& Integrator::operator=(const Integrator& o) {
  if (this != &o) {
    Integrator copy(o);
    opt_ = copy.opt_;
    layout_ = std::move(copy.layout_);
    bound_ = std::move(copy.bound_);
    x_ = std::move(copy.x_);
    t_ = copy.t_;
    adaptiveDt_ = copy.adaptiveDt_;
    evaluations_ = copy.evaluations_;
    rejected_ = copy.rejected_;
    faulted_ = copy.faulted_;
    worst_ = copy.worst_;
    steppers_ = std::make_unique<Steppers>(layout_, opt_, &worst_);
  }
  return *this;
}

Integrator::~Integrator() = default;

void Integrator::reset(double t) {
  t_ = t;
  adaptiveDt_ = opt_.period;
  evaluations_ = rejected_ = 0;
  faulted_ = false;
  worst_ = -1;
  steppers_->dopri.reset();
}

void Integrator::inputChanged() { steppers_->dopri.reset(); }

BackendStatus Integrator::ticksIn(double dt, long& ticks) const {
  ticks = std::lround(dt / opt_.period);
  if (ticks < 1 || std::abs(double(ticks) * opt_.period - dt) > 1e-9 * dt) {
    ticks = 0;
    std::ostringstream s;
    s << "the control period " << dt << " s is not a whole number of plant periods (" << opt_.period << " s)";
    return {false, s.str()};
  }
  return {};
}

BackendStatus Integrator::tick(OdeSystem& system) {
  auto f = [this, &system](const State& x, State& dxdt, double) {
    ++evaluations_;
    if (!system.derivative(x.data(), dxdt.data())) faulted_ = true;
  };
  const double t0 = t_, t1 = t0 + opt_.period;
  switch (opt_.stepper) {
    case Stepper::Euler:
      steppers_->euler.do_step(f, x_, t0, opt_.period);
      break;
    case Stepper::RungeKutta4:
      steppers_->rk4.do_step(f, x_, t0, opt_.period);
      break;
    case Stepper::DormandPrince5: {
      double t = t0;
      int fails = 0, steps = 0;
      while (t < t1 && !faulted_) {
        double h = std::min(adaptiveDt_, t1 - t);
        const double before = h;
        if (steppers_->dopri.try_step(f, x_, t, h) == odeint::success) {
          fails = 0;
          // keep the proposed size unless the step was only shortened to land on t1
          if (h > before || before == adaptiveDt_) adaptiveDt_ = h;
          if (++steps >= opt_.maxStepsPerTick && t < t1) return stall(t, before, Stall::TooManySteps, steps);
        } else {
          ++rejected_;
          adaptiveDt_ = h;
          if (h < opt_.minStep) return stall(t, h, Stall::StepTooSmall, fails + 1);
          if (++fails > opt_.maxRejections) return stall(t, h, Stall::Rejections, fails);
        }
      }
      break;
    }
  }
  t_ = t1;
  if (faulted_) return failure(message(msg::kFaultStopped, {atTime(t_), system.faultMessage()}));
  return checkState();
}

BackendStatus Integrator::checkState() const {
  const std::size_t n = x_.size();
  for (std::size_t i = 0; i < n; ++i)
    if (!(std::abs(x_[i]) <= bound_[i])) {  // also false for NaN and for inf (bound_ is finite)
      if (!std::isfinite(x_[i])) return failure(message(msg::kDivergedNotFinite, {atTime(t_), coordinate(i)}));
      return failure(message(msg::kDivergedBeyond, {atTime(t_), coordinate(i), streamedNumber(std::abs(x_[i])),
                                                    streamedNumber(layout_[i].bound)}));
    }
  return {};
}

BackendStatus Integrator::stall(double t, double h, Stall why, int count) const {
  Message cause;
  switch (why) {
    case Stall::StepTooSmall: cause = message(msg::kStallStepTooSmall, {streamedNumber(h)}); break;
    case Stall::Rejections: cause = message(msg::kStallRejections, {MessageArg::integer(count), streamedNumber(h)}); break;
    case Stall::TooManySteps:
      cause = message(msg::kStallTooManySteps, {MessageArg::integer(count), streamedNumber(opt_.period), streamedNumber(h)});
      break;
  }
  if (worst_ >= 0 && std::size_t(worst_) < layout_.size())
    return failure(message(msg::kStalledOn, {atTime(t), cause, coordinate(std::size_t(worst_))}));
  return failure(message(msg::kStalled, {atTime(t), cause}));
}

}  // namespace maniplab::sim
