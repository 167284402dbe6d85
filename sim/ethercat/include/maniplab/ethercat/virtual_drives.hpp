#pragma once
// Virtual CiA 402 servo drives on virtual ESCs, one per joint of a robot, whose motors and load are the
// robot's simulated plant (maniplab::sim::SimulatedPlant, the same plant as the simulation backend).
//
// Process data (fixed mapping, described in each slave's SII PDO categories):
//   RxPDO 0x1600 (SM2, outputs, 8 bytes): controlword 0x6040 (u16) | target torque 0x6071 (i16, per
//     mille of the motor rated torque) | target position 0x607A (i32, encoder counts)
//   TxPDO 0x1A00 (SM3, inputs, 14 bytes): statusword 0x6041 (u16) | torque actual 0x6077 (i16, per mille)
//     | position actual 0x6064 (i32, counts) | velocity actual 0x606C (i32, counts/s) | error code 0x603F (u16)
// Scaling (objects readable by SDO): encoder resolution 0x608F:1 = 2^17 increments per motor revolution
// (0x608F:2 = 1); gear ratio 0x6091 = round(|alpha| * 1000) motor revolutions per 1000 shaft
// revolutions (alpha from the robot file); counts per joint radian = 0x608F:1 * 0x6091:1 / 0x6091:2 / 2 pi
// (prismatic joints: per metre, one "shaft revolution" = 1 m of travel). Motor rated torque 0x6076 =
// round(effort / (3 |alpha|) * 1000) mN m (the effort limit of the robot file is taken as 3x the rated
// torque; 1 N m when the file gives no effort limit); max torque 0x6072 = 3000 per mille.
// Output-side torque = per mille / 1000 * 0x6076 / 1000 * |alpha|.
//
// Modes (0x6060): CST (10) applies the target torque; CSP (8) runs the drive's own position loop at the
// cycle rate, tau = Kp (q_target - q) - Kd (q - q_prev) / T, with Kp = 0x2001 and Kd = 0x2002 (REAL32,
// output side, N m/rad and N m s/rad), saturated at the max torque.
//
// Timing: the emulator's clock is the bus. Every process-data frame (an LRW reaching the drives in OP)
// is one drive cycle of 0x60C2 (interpolation time period, value x 10^index s): the drives latch the
// frame's set-points, the plant advances one cycle with the resulting torques, and the frame returns the
// state at the end of that cycle. This is an ideal DC-synchronous drive with zero transport delay, so a
// run over EtherCAT reproduces the simulation's zero-order-hold sampling (bus period = control period:
// the same plant ticks, the same torques up to the per-mille quantisation). Brake: while no drive is in
// "Operation enabled" (start-up, quick stop, fault) the holding brakes are closed: the plant is frozen.
// The brake opens one cycle after a drive reaches "Operation enabled". A drive in quick stop or fault
// applies no torque.
//
// Simulation-only object (virtual drives only): 0x2100 (i32, counts, write in any state except
// Operation enabled) places the joint at a position at rest, so that a run can start where the scene
// starts.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/virtual_esc.hpp"
#include "maniplab/sim/simulated_plant.hpp"

namespace maniplab::ethercat {

constexpr std::uint32_t kEncoderIncrements = 1u << 17;

/// The scaling objects of the virtual drive of `joint` (see above): 0x6091:1 = gearMotor (per 1000),
/// 0x6076 = ratedMilli [mN m at the motor], and what the master derives from them: encoder counts per
/// joint unit and the output-side torque of 1000 per mille. The quantisation steps of a run over the
/// bus are 1 / countsPerUnit (position) and ratedTorque / 1000 (torque set-point).
struct DriveScaling {
  std::uint32_t gearMotor = 1000, ratedMilli = 1000;
  double countsPerUnit = 1;  ///< counts per rad (per m for a prismatic joint)
  double ratedTorque = 1;    ///< [N m or N] output side
};
DriveScaling virtualDriveScaling(const Model& model, int joint);

/// Fault injection (tests and classroom demos). Cycle counts are process-data frames seen in OP.
struct FaultPlan {
  enum class Kind { None, WkcCorrupt, DriveFault, LeaveOp, LinkDown, Drop, Delay };
  Kind kind = Kind::None;
  long afterCycles = 0;      ///< the fault starts after this many process-data cycles
  int slave = 0;             ///< 0-based slave (WkcCorrupt, DriveFault, LeaveOp)
  double fraction = 1.0;     ///< Drop/Delay: fraction of process-data frames affected (seeded random)
  long every = 0;            ///< Drop: > 0 drops every `every`-th process-data frame instead (deterministic)
  double delaySeconds = 0.01;///< Delay: reply held back this long
  std::uint16_t driveErrorCode = 0x2310;  ///< DriveFault: 0x603F (continuous over-current)
  std::uint64_t seed = 1;
  int refuseState = 0;       ///< AL state (2, 4, 8) that `slave` refuses, 0 = none
  std::uint16_t refuseCode = 0x0011;
};
/// Parses "none", "drop:FRACTION", "drop-every:N", "delay:FRACTION:SECONDS", "wkc:SLAVE", "drive-fault:SLAVE",
/// "leave-op:SLAVE", "link-down", "refuse:SLAVE:STATE[:CODE]" (STATE = preop|safeop|op) and the start
/// "@CYCLES" suffix (e.g. "drive-fault:2@400"); slaves are 1-based in the text. Throws on bad input.
FaultPlan parseFaultPlan(const std::string& text);

class VirtualDrive;

/// N virtual drives on one link (the ecat-sim process, or a thread of a test).
class VirtualBus {
 public:
  VirtualBus(const Model& model, const sim::PlantOptions& plant, FaultPlan faults = {});
  ~VirtualBus();
  int slaveCount() const { return int(escs_.size()); }

  /// Processes one frame in place (datagrams through every slave, in order); false when the frame is
  /// not a valid EtherCAT frame or must not be answered (fault injection: dropped).
  bool processFrame(std::uint8_t* frame, std::size_t size);
  /// Serves frames on `link` in a thread until stop() (answers each frame on the same link);
  /// rtPriority > 0: the thread tries SCHED_FIFO at that priority (silently stays normal otherwise).
  void start(Link& link, int rtPriority = 0);
  void stop();
  /// Serves on the calling thread until `stop` is set.
  void serve(Link& link, const std::atomic<bool>& stop);

  // Observers (thread-safe copies).
  VectorX plantPosition() const;
  /// Time the plant has run [s]: the drive cycles it advanced with the brakes open, summed since the
  /// bus was created (the plant's own clock restarts whenever a joint is placed or the brakes close).
  double plantTime() const;
  long processDataCycles() const { return cycles_.load(); }
  long framesAnswered() const { return answered_.load(); }
  /// Process-data frames received (all AL states, dropped ones included): the master's cycle number of
  /// the same frame when none was lost before.
  long processDataFrames() const { return pdFrames_.load(); }
  /// processDataFrames() of the frame on which the injected fault first acted (-1: not yet).
  long faultInjectedAtFrame() const { return injectedAt_.load(); }
  /// Ends the injected fault (the link comes back; the drives stay in whatever state they are).
  void clearFaults();
  /// Replaces the fault plan while serving (classroom demos, the GUI panel): `plan.afterCycles` counts
  /// from now; the previous injected fault ends first as with clearFaults().
  void injectFault(FaultPlan plan);
  std::string log() const;  ///< state changes and faults, one per line

 private:
  void pdiCycle();
  void setJointPosition(int joint, double q);
  void note(const std::string& line);
  friend class VirtualDrive;

  Model model_;
  sim::PlantOptions plantOpt_;
  std::unique_ptr<sim::SimulatedPlant> plant_;
  double plantPeriod_ = 0;
  double plantTime_ = 0;
  std::vector<std::unique_ptr<VirtualDrive>> drives_;
  std::vector<std::unique_ptr<VirtualEsc>> escs_;
  FaultPlan faults_;
  std::mt19937_64 rng_;
  std::vector<DatagramView> views_;
  mutable std::mutex m_;
  std::atomic<long> cycles_{0}, answered_{0}, pdFrames_{0}, injectedAt_{-1};
  void markInjected() { long e = -1; injectedAt_.compare_exchange_strong(e, pdFrames_.load()); }
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::string log_;
  bool linkDown_ = false;
  Link* link_ = nullptr;
};

}  // namespace maniplab::ethercat
