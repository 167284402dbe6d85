#pragma once
// The seam between controller and plant: the controller reads measured joint positions/velocities and
// writes output-side torque set-points, once per control period. Implemented by the simulated plant
// (simulated_plant.hpp) and by the EtherCAT backend; scenes, recorder, metrics and CSV work the same on
// both.
#include <string>
#include <vector>

#include "maniplab/model/fwd.hpp"
#include "maniplab/model/message.hpp"
#include "maniplab/sim/traces/recorder.hpp"

namespace maniplab::sim {

/// What a backend reports after a control period.
struct BackendStatus {
  bool ok = true;
  std::string message;  ///< on failure: the time, the joint (or slave) and the cause
  Message detail = {};  ///< the same as a code and arguments when it has one (the GUI translates it)
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual int dof() const = 0;
  virtual std::string name() const = 0;
  /// Starts from a state at rest or moving (the simulated plant sets it; real drives must be there).
  virtual BackendStatus reset(const VectorX& q0, const VectorX& qd0) = 0;
  /// Holds `tau` (output side, N m or N) until the next call (zero-order hold).
  virtual void writeTorque(const VectorX& tau) = 0;
  /// Advances one control period `dt`: the plant integrates (simulation) or the bus cycles (EtherCAT).
  virtual BackendStatus advance(double dt) = 0;
  virtual double time() const = 0;
  /// Joint positions and velocities as the drives/encoders measure them (after quantisation, noise and
  /// the velocity estimator, when enabled).
  virtual const VectorX& measuredPosition() const = 0;
  virtual const VectorX& measuredVelocity() const = 0;
  /// Best knowledge of the physical state: the simulated plant's true state; the measurement for real
  /// drives. Used for metrics, energies and the recorded q, qd (controllers see the measurement).
  virtual const VectorX& position() const { return measuredPosition(); }
  virtual const VectorX& velocity() const { return measuredVelocity(); }
  /// Torque actually applied during the last period (after saturation).
  virtual const VectorX& appliedTorque() const = 0;
  /// Channels of its own that the backend adds to the trace after the scene's (e.g. EtherCAT: the bad bus
  /// cycles of each period); none for the simulated plant.
  virtual std::vector<ChannelInfo> traceChannels() const { return {}; }
  /// The values of traceChannels() for the period that just ended (one per channel, written at `out`).
  virtual void traceValues(double* out) const { (void)out; }
};

}  // namespace maniplab::sim
