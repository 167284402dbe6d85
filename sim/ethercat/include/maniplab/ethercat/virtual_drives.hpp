#pragma once
// Virtual CiA 402 servo drives on virtual ESCs, one per joint of a robot, whose motors and load are the
// robot's simulated plant (maniplab::sim::SimulatedPlant, the same plant as the simulation backend).
//
// Profiles (virtual_drive_profiles.hpp; VirtualBusOptions::profile, `ecat-sim --drive-profile`) give
// each drive its identity, memory layout and default PDO mapping ("generic": the 8/14-byte layout below,
// the default). Process data follow the drive's current mapping: the PDO mapping objects 0x16xx/0x1Axx
// and the assignment 0x1C12/0x1C13 can be rewritten by SDO in PREOP (sub 0 to 0, the entries, sub 0 to
// the count; or with complete access), and from SAFEOP on the drive exchanges the mapped entries at the
// bit offsets the mapping gives (gaps: index 0 or a data-type index 0x0001-0x0007). SM2/SM3 must then
// be configured with the new lengths (AL status code 0x001D/0x001E otherwise).
//
// Generic profile mapping:
//   RxPDO 0x1600 (SM2, outputs, 8 bytes): controlword 0x6040 (u16) | target torque 0x6071 (i16, per
//     mille of the motor rated torque) | target position 0x607A (i32, encoder counts)
//   TxPDO 0x1A00 (SM3, inputs, 14 bytes): statusword 0x6041 (u16) | torque actual 0x6077 (i16, per mille)
//     | position actual 0x6064 (i32, counts) | velocity actual 0x606C (i32, counts/s) | error code 0x603F (u16)
// Object dictionary (every profile; SDO information lists and describes it): 0x1000 device type
// 0x00020192 (CiA 402 servo), 0x1001 error register, 0x1008/0x1009/0x100A names and versions, 0x1018
// identity, 0x1C00 SyncManager types, 0x1C12/0x1C13 assignment, 0x1C32/0x1C33 SyncManager
// synchronisation (sync type, cycle time), 0x16xx/0x1Axx mappings, 0x603F, 0x6040, 0x6041, 0x605A,
// 0x6060, 0x6061, 0x6064, 0x606C, 0x6071, 0x6072, 0x6076, 0x6077, 0x607A, 0x608F, 0x6091 (not in
// "minimal"), 0x60B2 torque offset, 0x60C2 (not in "minimal"), 0x60FD digital inputs (not in
// "minimal"), 0x60FF target velocity, 0x6502 supported modes, manufacturer objects 0x2001/0x2002 (CSP
// gains), 0x2100 (place a joint), 0x2200 (a long text: segmented uploads), 0x2201 (user data, 0-512
// bytes: segmented downloads).
// Scaling (objects readable by SDO): encoder resolution 0x608F:1 = 2^17 increments per motor revolution
// (0x608F:2 = 1); gear ratio 0x6091 = round(|alpha| * 1000) motor revolutions per 1000 shaft
// revolutions (alpha from the robot file); counts per joint radian = 0x608F:1 * 0x6091:1 / 0x6091:2 / 2 pi
// (prismatic joints: per metre, one "shaft revolution" = 1 m of travel). Motor rated torque 0x6076 =
// round(effort / (3 |alpha|) * 1000) mN m (the effort limit of the robot file is taken as 3x the rated
// torque; 1 N m when the file gives no effort limit); max torque 0x6072 = 3000 per mille.
// Output-side torque = per mille / 1000 * 0x6076 / 1000 * |alpha|.
//
// Modes (0x6060): CST (10) applies the target torque (+ 0x60B2); CSP (8) runs the drive's own position
// loop at the cycle rate, tau = Kp (q_target - q) - Kd (q - q_prev) / T, with Kp = 0x2001 and Kd = 0x2002
// (REAL32, output side, N m/rad and N m s/rad), saturated at the max torque; CSV (9, where the profile
// has it) tau = Kd (v_target - v). Default gains: a critically damped 10 Hz loop on the joint's inertia
// at home (Kp = M_jj w^2, Kd = 2 M_jj w, w = 2 pi 10 rad/s), so that another master's CSP moves the
// joint; ManipLab's master writes its own.
//
// Timing: the emulator's clock is the bus. Every process-data frame (an LRW reaching the drives in OP)
// is one drive cycle of 0x60C2 (interpolation time period, value x 10^index s; without 0x60C2: the SYNC0
// cycle when SYNC0 runs, else 0x1C32:02, else 1 ms with a note in the log): the drives latch the
// frame's set-points, the plant advances one cycle with the resulting torques, and the frame returns the
// state at the end of that cycle. This is an ideal DC-synchronous drive with zero transport delay, so a
// run over EtherCAT reproduces the simulation's zero-order-hold sampling (bus period = control period:
// the same plant ticks, the same torques up to the per-mille quantisation). Brake: while no drive is in
// "Operation enabled" (start-up, quick stop, fault) the holding brakes are closed: the plant is frozen.
// The brake opens one cycle after a drive reaches "Operation enabled". A drive in quick stop or fault
// applies no torque. A fault sends an emergency message (CoE service 1: the error code, the error
// register 0x1001, manufacturer bytes: joint number, then 0) unless VirtualBusOptions::emergencies is off;
// the fault reset sends the emergency 0x0000.
//
// Simulation-only object (virtual drives only): 0x2100 (i32, counts, write in any state except
// Operation enabled) places the joint at a position at rest, so that a run can start where the scene
// starts.
#include <atomic>
#include <functional>
#include <cstdint>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/virtual_drive_profiles.hpp"
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
  /// Drop: > 0 drops `burst` consecutive process-data frames from the start (the master silent for the
  /// drives that long), then none; with `every` > 0, such a burst at the start of every `every` frames.
  long burst = 0;
  double delaySeconds = 0.01;///< Delay: reply held back this long
  std::uint16_t driveErrorCode = 0x2310;  ///< DriveFault: 0x603F (continuous over-current)
  std::uint64_t seed = 1;
  int refuseState = 0;       ///< AL state (2, 4, 8) that `slave` refuses, 0 = none
  std::uint16_t refuseCode = 0x0011;
};
/// Parses "none", "drop:FRACTION", "drop-every:N", "drop-burst:N[:EVERY]", "delay:FRACTION:SECONDS", "wkc:SLAVE", "drive-fault:SLAVE",
/// "leave-op:SLAVE", "link-down", "refuse:SLAVE:STATE[:CODE]" (STATE = preop|safeop|op) and the start
/// "@CYCLES" suffix (e.g. "drive-fault:2@400"); slaves are 1-based in the text. Throws on bad input.
FaultPlan parseFaultPlan(const std::string& text);

class VirtualDrive;

/// How the virtual bus behaves (defaults: the generic profile, a faithful ESC).
struct VirtualBusOptions {
  std::string profile = "generic";      ///< virtual_drive_profiles.hpp; unknown names throw
  /// Send CoE emergency messages on drive faults and fault resets, as real drives do (ManipLab's master
  /// tells an emergency from an SDO reply and reads them while cycling). false: a drive that sends none.
  bool emergencies = true;
  /// Logical writes count in SAFEOP once SM2 is enabled, as real ESCs and KickCAT's emulator (an LRW
  /// of a slave's process data gets WKC 3 in SAFEOP; EscConfig); ManipLab's master expects the working
  /// counters from the SyncManagers enabled. false: WKC 1 in SAFEOP (`ecat-sim --safeop-wkc 1`), an ESC
  /// that counts the write only in OP.
  bool countOutputsInSafeOp = true;
  bool eeprom8ByteReads = true;        ///< 0x0502 bit 6 set: 8-byte SII reads
  bool requireDc = false;              ///< the drives refuse OP (AL status code 0x0030) without SYNC0
  /// Drift of the slaves' local clocks: slave i gets clockDriftPpm x {1, -0.6, 0.3, -1, 0.8, -0.2}[i % 6],
  /// unless slaveDriftPpm gives every slave's own value.
  double clockDriftPpm = 30;
  std::vector<double> slaveDriftPpm;
  double hopDelayNs = 400;              ///< line + forwarding delay per hop, each way
  /// Process-data watchdog of every drive at power-up, 0x0420 in units of 100 us (0x0400 at its reset
  /// value): 1000 = 100 ms, the ESC's default; 0 disables it. A master may reprogram both registers.
  /// When a drive in OP sees no process data for that long it expires: SAFEOP + ERROR 0x001B, 0x0440
  /// bit 0 cleared, the drive faults (0x8100) and its brake closes (`ecat-sim --watchdog-ms`).
  std::uint16_t watchdogTime = reg::kWatchdogTimeReset;
  /// True time in ns for the frames' arrival (DC); default: CLOCK_MONOTONIC (steady_clock).
  std::function<std::int64_t()> clock;
};

/// N virtual drives on one link (the ecat-sim process, or a thread of a test).
class VirtualBus {
 public:
  VirtualBus(const Model& model, const sim::PlantOptions& plant, FaultPlan faults = {}, VirtualBusOptions options = {});
  ~VirtualBus();
  int slaveCount() const { return int(escs_.size()); }
  const VirtualDriveProfile& profile() const { return profile_; }
  const VirtualBusOptions& options() const { return opt_; }
  /// The ESC of slave i (0-based). Not synchronised with the serving thread: for tests that process
  /// frames themselves (processFrame) or inspect a stopped bus.
  VirtualEsc& esc(int i) { return *escs_[std::size_t(i)]; }
  /// Slave i's last system time difference (0x092C as a signed value, ns) and clock correction [ppm].
  std::int32_t systemTimeDifference(int i) const;
  double clockCorrectionPpm(int i) const;

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
  /// Process-data frames dropped by the injected fault (Drop).
  long droppedFrames() const { return dropped_.load(); }
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
  VirtualBusOptions opt_;
  VirtualDriveProfile profile_;
  std::unique_ptr<sim::SimulatedPlant> plant_;
  double plantPeriod_ = 0;
  double plantTime_ = 0;
  std::vector<std::unique_ptr<VirtualDrive>> drives_;
  std::vector<std::unique_ptr<VirtualEsc>> escs_;
  FaultPlan faults_;
  std::mt19937_64 rng_;
  std::vector<DatagramView> views_;
  mutable std::mutex m_;
  std::atomic<long> cycles_{0}, answered_{0}, pdFrames_{0}, injectedAt_{-1}, dropped_{0};
  long dropSeen_ = 0;  ///< process-data frames since a Drop fault became active (burst position)
  void markInjected() { long e = -1; injectedAt_.compare_exchange_strong(e, pdFrames_.load()); }
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::string log_;
  bool linkDown_ = false;
  Link* link_ = nullptr;
};

}  // namespace maniplab::ethercat
