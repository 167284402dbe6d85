#pragma once
// A desired trajectory checked against the robot's limits BEFORE any integration step: joint positions
// (lower/upper), velocities, accelerations (when the robot file gives "acceleration" limits) and, where
// the robot file has effort limits, the joint torques/forces the trajectory needs, by inverse dynamics
// along the path (recursive Newton–Euler with gravity and the model's friction, rnea.hpp: the torque a
// perfect controller would have to apply; Khalil & Dombre, "Modeling, identification and control of
// robots", 2002, §9.3, the inverse dynamic model). Only the reference is examined: no plant, no
// controller, no integration.
//
// Sampling (why a violation between two samples is not missed). The quantity f(t) of each joint (q, qd,
// qdd, tau) is evaluated on a uniform grid of step h = max(step, duration / maxSamples) over
// [0, duration] (h = 1 ms by default, i.e. 4 000 samples for the default scene's 4 s). Sampling alone
// would underestimate a peak that falls between two samples by up to h^2/8 max|f''| (Taylor expansion
// about the peak); instead every sampled local maximum of the excess (f - upper bound, or lower bound -
// f) is refined by golden-section search over its two neighbouring intervals [t_{k-1}, t_{k+1}] down to
// timeTolerance (1e-7 s), so the reported peak is the trajectory's own, not the sampled one, and an
// overshoot whose samples all stay inside the limit is still found. Entry and exit times of a violation
// are refined by bisection to the same tolerance. What can still be missed is a violation narrower than
// the grid AND lying next to another local extremum of the same quantity within 2 h; the trajectories
// of ManipLab (quintic pieces of at least tens of milliseconds, Fourier series of a few hertz, Cartesian
// lines tabulated at 2.5 ms with quintic Hermite interpolation) have no features at that scale.
//
// A value counts as beyond a bound when it passes it by more than 1e-9 (1 + |bound|), so that a
// trajectory ending exactly on a limit is not reported.
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

struct Scene;

enum class LimitQuantity { Position, Velocity, Acceleration, Effort };

/// One interval [firstTime, lastTime] during which one quantity of one joint is beyond one bound.
struct LimitViolation {
  int joint = -1;                     ///< 0-based
  LimitQuantity quantity = LimitQuantity::Position;
  bool upper = true;                  ///< the upper bound (position upper / +limit), or the lower one
  double bound = 0;                   ///< the bound passed, signed: upper or lower position; +L or -L
  double firstTime = 0, lastTime = 0; ///< [s] the bound is passed on (firstTime, lastTime)
  double peakTime = 0;                ///< [s] where the excess is largest
  double peakValue = 0;               ///< the quantity there (rad, m, rad/s, m/s, rad/s^2, m/s^2, N m, N)
  double excess() const { return upper ? peakValue - bound : bound - peakValue; }  ///< > 0
};

struct LimitCheckOptions {
  double step = 1e-3;             ///< nominal sampling step h [s]
  int maxSamples = 20000;         ///< h grows to duration / maxSamples for long trajectories
  double timeTolerance = 1e-7;    ///< refinement of peaks and crossings [s]
  bool position = true, velocity = true, acceleration = true;
  bool effort = true;             ///< torques by inverse dynamics where the limits are finite
  bool gravity = true, friction = true;  ///< in the inverse dynamics
};

struct LimitReport {
  std::vector<LimitViolation> violations;  ///< ordered by firstTime, then joint, then quantity
  double duration = 0;  ///< the span checked, [0, trajectory.duration()]
  double step = 0;      ///< the grid step used
  int samples = 0;      ///< grid points
  bool ok() const { return violations.empty(); }
};

/// Checks `trajectory` against `model`'s limits (model.limits; infinite limits are not checked).
/// Throws std::invalid_argument when the trajectory's dof differs from model.nq or an option is invalid.
LimitReport checkTrajectoryLimits(const Model& model, const Trajectory& trajectory, const LimitCheckOptions& options = {});

/// "joint 3 (elbow)": 1-based number and name.
std::string jointLabel(const Model& model, int joint);
/// Unit of a quantity for a joint: "rad", "m", "rad/s", "m/s", "rad/s^2", "m/s^2", "N m", "N".
std::string limitUnit(const Model& model, int joint, LimitQuantity quantity);
/// One line, SI units (degrees in parentheses for revolute positions), e.g.
/// "t = 2.1 s: joint 3 (elbow) passes its upper position limit 0.7854 rad (45 deg) by 0.0161 rad
///  (0.92 deg): peak 0.8015 rad at t = 2.3 s, back within the limit at t = 2.5 s".
std::string describeViolation(const Model& model, const LimitViolation& violation);
/// describeViolation() as a code and arguments (the GUI translates it).
Message violationMessage(const Model& model, const LimitViolation& violation);
/// Every violation, one per line (an empty string when there is none).
std::string limitReportText(const Model& model, const LimitReport& report);

/// The scene's trajectory (makeTrajectory) checked against its robot: one warning per violation, at
/// JSON pointer /trajectory of scene.file, message describeViolation(). Nothing when the trajectory
/// cannot be built (checkSceneTrajectory reports why). For `maniplab-cli check SCENE` and the GUI's
/// pre-run check.
std::vector<Diagnostic> checkSceneLimits(const Scene& scene, const LimitCheckOptions& options = {});

}  // namespace maniplab::sim
