#pragma once
// The stepping helper every simulated plant uses (serial chain, Orthoglide, floating base): it advances
// a plant's state y' = f(y) over one plant tick with
//   - explicit Euler (Zanaboni 2009 eq 9.2, after Craig): positions to second order, explicit_euler_stepper.hpp;
//   - the classic Runge–Kutta 4 (one step per tick), Boost.Odeint's runge_kutta4;
//   - Dormand–Prince 5(4) with absolute and relative tolerances (Hairer, Nørsett & Wanner, §II.5), Boost.Odeint's
//     controlled runge_kutta_dopri5, adapting its own steps inside each tick and landing on the tick's end;
// and reports, with one wording for every plant, the time and the coordinate (joint) of
//   - a stall: the adaptive step collapses (a rejected step below 1e-14 s, more than 500 rejections in a
//     row, or 500 steps within one tick: the limits of Boost.Odeint's failed_step_checker and max_step_checker),
//     usually at a discontinuity of f such as Coulomb friction's sign at zero velocity, where the
//     stepper would otherwise creep on with steps of nanoseconds;
//   - a divergence: a coordinate that is not finite, or whose magnitude passes its bound (a joint speed
//     far beyond any physical one: an energy blow-up of the integration);
//   - a fault of the dynamics the plant reports (a singular mass matrix, leaving the geometric domain).
//
// The plant owns the meaning of its state: it describes each coordinate once (StateCoordinate: name,
// bound, and for a position the index of its velocity), writes the state, and implements OdeSystem. The
// torque it holds (zero-order hold over the control period) is part of f: when it changes, the plant
// calls inputChanged() so that Dormand–Prince does not reuse the derivative it stored at the end of the
// last step (first-same-as-last) with the previous input.
//
// Real-time path: after reset() a tick allocates nothing (the steppers' buffers are sized once).
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "maniplab/sim/backend.hpp"

namespace maniplab::sim {

enum class Stepper { Euler, RungeKutta4, DormandPrince5 };

struct IntegratorOptions {
  Stepper stepper = Stepper::RungeKutta4;
  double period = 0.5e-3;                           ///< plant tick [s]; the step of Euler and RK4
  double absTolerance = 1e-8, relTolerance = 1e-8;  ///< Dormand–Prince only
  int maxRejections = 500;    ///< a stall: more than this many rejected steps in a row
  int maxStepsPerTick = 500;  ///< a stall: this many accepted steps within one tick without reaching its end
  double minStep = 1e-14;                           ///< [s] a rejected step below it is a stall
};

/// The stepping part of a plant's options (stepper, period, tolerances): of any options struct that has
/// those four fields (the serial chain's PlantOptions, the floating base's, the Orthoglide's).
template <class PlantOptionsT>
IntegratorOptions integratorOptions(const PlantOptionsT& o) {
  IntegratorOptions i;
  i.stepper = o.stepper;
  i.period = o.period;
  i.absTolerance = o.absTolerance;
  i.relTolerance = o.relTolerance;
  return i;
}

/// One coordinate of a plant's state, as messages name it.
struct StateCoordinate {
  std::string name;  ///< e.g. "joint 2 (elbow) velocity", "platform Y velocity", "base quaternion w"
  /// |value| above it is a divergence (energy blow-up); infinity: only non-finite values are.
  double bound = std::numeric_limits<double>::infinity();
  /// For a position whose time derivative is another coordinate of the state: that coordinate's index
  /// (Euler then advances the position with the velocity and half the acceleration times h^2).
  int velocity = -1;
  Message label = {};  ///< `name` as a code and arguments, when it has one (the GUI translates it)
};

/// "joint 2 (elbow)" (1-based number, the name when there is one): how every message names a joint.
std::string jointLabel(int zeroBasedIndex, const std::string& name);
/// jointLabel() as a message ("joint 2 (elbow)").
Message jointLabelMessage(int zeroBasedIndex, const std::string& name);

/// The plant side of the integration.
class OdeSystem {
 public:
  virtual ~OdeSystem() = default;
  /// dxdt = f(x) with the held input. Returns false when the dynamics cannot be evaluated at x (the
  /// integrator then stops the tick and reports fault()); dxdt must still be written (NaN is fine).
  virtual bool derivative(const double* x, double* dxdt) = 0;
  /// What went wrong in the first failed derivative since reset, e.g. "the mass matrix became singular
  /// at joint 2 (elbow)"; only called after a failure.
  virtual std::string fault() const = 0;
  /// fault() as a code and arguments (default: English only).
  virtual Message faultMessage() const { return plainMessage(fault()); }
};

class Integrator {
 public:
  Integrator(std::vector<StateCoordinate> layout, const IntegratorOptions& options);
  Integrator(const Integrator&);
  Integrator& operator=(const Integrator&);
  ~Integrator();

  const IntegratorOptions& options() const { return opt_; }
  const std::vector<StateCoordinate>& layout() const { return layout_; }
  std::size_t size() const { return x_.size(); }
  /// The state, in the layout's order: the plant writes it before reset() and reads it after tick().
  std::vector<double>& state() { return x_; }
  const std::vector<double>& state() const { return x_; }
  double time() const { return t_; }

  /// Starts at time t from the state written in state(): forgets the adaptive step, the stored
  /// derivative, a fault and the evaluation count.
  void reset(double t = 0);
  /// The held input changed (zero-order hold): Dormand–Prince re-evaluates f at the start of its next
  /// step instead of reusing the last step's final derivative.
  void inputChanged();

  /// Plant ticks in a control period dt; an error (ticks = 0) when dt is not a whole number of ticks.
  BackendStatus ticksIn(double dt, long& ticks) const;
  /// Advances one tick (period) with `system`; on failure the message starts with "t = <time> s: " and
  /// names the coordinate (divergence, stall) or gives the plant's fault. After a failure the state is
  /// the one the stepper reached (possibly not finite); reset() before ticking again.
  BackendStatus tick(OdeSystem& system);

  /// The divergence check tick() ends with (every coordinate finite and within its bound), e.g. for
  /// an initial state.
  BackendStatus checkState() const;

  long long evaluations() const { return evaluations_; }  ///< derivative evaluations since reset
  long long rejectedSteps() const { return rejected_; }   ///< Dormand–Prince steps rejected since reset

 private:
  struct Steppers;
  enum class Stall { StepTooSmall, Rejections, TooManySteps };
  BackendStatus stall(double t, double h, Stall why, int count) const;

  IntegratorOptions opt_;
  MessageArg coordinate(std::size_t i) const;  ///< layout_[i]'s name as a message argument
  std::vector<StateCoordinate> layout_;
  std::vector<double> bound_;  ///< layout_[i].bound, or the largest double (so that a single compare also catches inf)
  std::vector<double> x_;
  double t_ = 0, adaptiveDt_ = 0;
  long long evaluations_ = 0, rejected_ = 0;
  bool faulted_ = false;
  int worst_ = -1;  ///< coordinate with the largest error of the last Dormand–Prince step
  std::unique_ptr<Steppers> steppers_;
};

}  // namespace maniplab::sim
