#pragma once
// The EtherCAT backend: the controller's seam (maniplab::sim::Backend) on real or virtual CiA 402 drives
// through the master (master.hpp), so scenes, recorder, metrics and CSV work unchanged.
//
// Per control period T (a whole number n of bus cycles): writeTorque() converts the output-side torques
// to per mille of each drive's rated torque (saturated at the robot file's effort limit, rounded, so
// appliedTorque() is what the drive is told); advance(T) hands the set-points to the cyclic thread and
// waits until n good cycles have carried them, then reads positions and velocities (counts -> rad). A
// bus fault ends the run with the master's message (slave and cause); a bad cycle never yields a
// measurement, so no torque is computed from stale feedback. Bad cycles within the master's loss budget
// (MasterOptions::lossBudget) do not end the run: the period lasts until n good cycles carried its
// set-point (the drives hold the last set-point meanwhile, CiA 402 CST/CSP: the last target stays in
// force), and the period is marked: periodCycles() says how many of its bus cycles were bad,
// lastPeriod() the bad cycles and the delay of the measurement for the trace (traceChannels(): every
// run of a serial scene on the drives records them as the columns ecat_bad_cycles and ecat_delay).
// CSP: the drives close their own position loop; the backend sends the reference position of the
// trajectory at the period's start (setReference) and ignores the controller's torque.
// reset(q0, qd0): drives disabled, virtual drives placed at q0 (object 0x2100), real drives must already
// be within `startTolerance` of q0 and at rest (drives whose profile says their position feedback is
// incremental: their position now is taken as q0, as after homing, and said in notes()); then the CiA 402
// state machine is walked to "Operation enabled" (shutdown, switch on, enable operation).
#include <memory>
#include <string>
#include <vector>

#include "maniplab/ethercat/master.hpp"
#include "maniplab/model/model.hpp"
#include "maniplab/sim/backend.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::ethercat {

struct EthercatBackendOptions {
  std::int8_t mode = cia402::ModeCST;
  double startTolerance = 2e-3;     ///< |q - q0| allowed at reset [rad or m]
  double enableTimeout = 2.0;       ///< [s]
  /// reset() gives the calling (control) thread SCHED_FIFO at this priority when the process may (0:
  /// leave it): a control loop that wakes late makes the drives hold the previous set-point one more
  /// bus cycle (counted by overruns()).
  int controlThreadPriority = 60;
};

class EthercatBackend : public sim::Backend {
 public:
  EthercatBackend(const Model& model, Master& master, EthercatBackendOptions options = {});
  int dof() const override { return model_.nq; }
  std::string name() const override { return "ethercat"; }
  sim::BackendStatus reset(const VectorX& q0, const VectorX& qd0) override;
  void writeTorque(const VectorX& tau) override;
  sim::BackendStatus advance(double dt) override;
  double time() const override { return t_; }
  const VectorX& measuredPosition() const override { return q_; }
  const VectorX& measuredVelocity() const override { return qd_; }
  const VectorX& appliedTorque() const override { return tau_; }

  /// CSP: the reference whose positions are sent as targets (must outlive the run).
  void setReference(const sim::Trajectory* reference) { reference_ = reference; }
  /// Periods in which the controller answered late: a good bus cycle still carried the previous
  /// set-point (the drives held it one cycle more), or more than n good cycles carried this one before
  /// the measurement was read. Counted since reset().
  long long overruns() const { return overruns_; }
  /// Run time [s] at which the first overrun period began (-1: none since reset()).
  double firstOverrunTime() const { return firstOverrun_; }
  /// Periods whose bus cycles were not exactly n consecutive good cycles carrying their set-point: an
  /// overrun, or a bad cycle (lost or late frame, working-counter glitch). Up to the first of them the
  /// drives saw exactly what a simulation with the same quantisation sees. Counted since reset().
  long long irregularPeriods() const { return irregular_; }
  /// Run time [s] at which the first irregular period began (-1: none since reset()).
  double firstIrregularTime() const { return firstIrregular_; }
  /// Per control period since reset(), the bus cycles between the previous measurement and this one:
  /// `held` frames still carried the previous set-point, then `carried` frames this one (good or bad).
  /// Where every frame sent reached the drives (in-process virtual drives: nothing is lost, a bad cycle
  /// is a late reply), the drives ran exactly these cycles: a simulation can replay them.
  struct PeriodCycles {
    int held = 0, carried = 0;
    int bad = 0;  ///< of those cycles, bad ones (lost, late, WKC mismatch): the measurement came that much later
  };
  /// The last period: its bad bus cycles and how much later than the nominal period its measurement came
  /// [s] (0 for a regular period). A period with bad > 0 had no fresh measurement when due.
  struct PeriodMark {
    int bad = 0;
    double delay = 0;
  };
  PeriodMark lastPeriod() const { return last_; }
  /// The trace columns of lastPeriod(): ecat_bad_cycles [1] and ecat_delay [s] (group "ethercat").
  std::vector<sim::ChannelInfo> traceChannels() const override {
    return {{"ecat_bad_cycles", "1", "ethercat"}, {"ecat_delay", "s", "ethercat"}};
  }
  void traceValues(double* out) const override {
    out[0] = last_.bad;
    out[1] = last_.delay;
  }
  /// Bad bus cycles within the control periods since reset(), and periods that had some.
  long long badCycles() const { return badCycles_; }
  long long periodsWithLosses() const { return lossPeriods_; }
  const std::vector<PeriodCycles>& periodCycles() const { return periodCycles_; }
  /// The control thread got SCHED_FIFO in reset().
  bool realtimeControl() const { return rtControl_; }
  /// What reset() decided that a user should know (e.g. the start taken from incremental encoders).
  const std::vector<std::string>& notes() const { return notes_; }
  Master& master() { return master_; }

 private:
  void takeFeedback(const Feedback& f);

  Model model_;
  Master& master_;
  EthercatBackendOptions opt_;
  const sim::Trajectory* reference_ = nullptr;
  sim::JointReference ref_;
  VectorX q_, qd_, tau_;
  std::vector<std::int16_t> torque_;
  std::vector<std::int32_t> position_;
  std::vector<std::int64_t> offset_;  ///< counts subtracted from the measured position (incremental encoders)
  std::vector<std::string> notes_;
  double t_ = 0;
  std::vector<PeriodCycles> periodCycles_;
  long long overruns_ = 0, irregular_ = 0, badCycles_ = 0, lossPeriods_ = 0;
  PeriodMark last_;
  double firstIrregular_ = -1, firstOverrun_ = -1;
  unsigned long long lastCycle_ = 0, lastBad_ = 0;  ///< bus cycle and bad-cycle count of the last measurement
  bool rtControl_ = false;
};

/// DriveSetup of a robot model (gear ratios, joint types and names) for Master::bringUp.
DriveSetup driveSetupFor(const Model& model, std::int8_t mode);

}  // namespace maniplab::ethercat
