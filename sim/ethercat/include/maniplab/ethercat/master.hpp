#pragma once
// An EtherCAT master for CiA 402 drives (ETG.1000.4/.6, ETG.2010 SII, ETG.2000 ESI, IEC 61800-7-201).
//
// Start-up (bringUp): count slaves (BRD, WKC = number of slaves), reset them to INIT, assign station
// addresses 0x1001.. (APWR 0x0010), read the ESC type/features and DL status, read the whole SII EEPROM
// and parse it (sii.hpp: identity, mailboxes, strings, general, FMMU, SyncManagers, PDOs with their
// SyncManager, DC), configure SM0/SM1 and walk INIT -> PREOP. In PREOP, per drive: the device type
// (0x1000, CiA 402), the process data (pdo_mapping.hpp: the drive's mapping when it holds every object the
// run needs, else the drive profile's mapping written by SDO; every object located by index and
// sub-index), the mode (0x6060), the interpolation period (0x60C2), the scaling (0x608F, 0x6091, 0x6076;
// optional ones replaced with a warning); SM2/SM3 and the FMMUs from the result; distributed clocks
// (distributed_clocks.hpp: propagation delays, offsets, static drift compensation, SYNC0); PREOP ->
// SAFEOP; start the cyclic thread; SAFEOP -> OP. Every refusal names the slave, the object or register
// and the reason in words.
//
// Cyclic frame (one per period): with DC, an FRMW of the reference clock's system time (drift
// compensation of the others; the master's cycle follows it, DcPhaseLock); for each slave an LRW of its
// process data (expected WKC: +1 when it has inputs, +2 when its output SyncManager is enabled: 3 in OP,
// and in SAFEOP too once the slave enabled SM2), an FPRD of its AL status and status code, with DC an
// FPRD of its system time difference (0x092C); a poll of one slave's input mailbox (emergencies); the
// acyclic requests made while cycling (SDO, AL control) ride in the same frame. The thread sleeps to
// absolute deadlines (clock_nanosleep TIMER_ABSTIME on CLOCK_MONOTONIC), runs SCHED_FIFO with locked
// memory when the process may (a warning in status().warnings otherwise).
//
// CoE (coe.hpp): expedited, normal and segmented SDO upload and download, complete access, SDO
// information (object list, object and entry descriptions), emergencies (logged with their error code
// in words, never taken for an SDO reply), the mailbox counter (duplicates dropped) and the repeat
// request when a mailbox read was lost. SDO responses are matched on the command specifier (the top 3
// bits of the command byte), aborts with any low bits.
//
// Faults: a slave out of OP (AL status; code 0x001B: its process-data watchdog expired), a drive fault
// (statusword bit 3, error code 0x603F) or an emergency with a non-zero error code is a fault at once; a
// lost or late reply, a failed send, a working-counter mismatch or a malformed reply (a statusword that is
// no CiA 402 state: a fault at once when the drives are enabled in OP) makes the cycle bad. Bad cycles are
// tolerated within a loss budget in time, as IgH and SOEM masters count an incomplete working counter and
// go on: a fault when no good cycle came for longer than `lossBudget` (also when the master's own thread
// did not run for that long: deadlines skipped between two good cycles) (default: a quarter of the shortest
// process-data watchdog the drives run, 0x0400/0x0420, at most 25 ms, at least one cycle) or when more
// than `maxLossesPerSecond` cycles were bad within one second (default: a tenth of the cycles). The
// drives' watchdogs are the last line: a master silent longer than a watchdog makes that drive stop on
// its own (SAFEOP + ERROR 0x001B, drive fault), so the budget must stay inside the shortest watchdog
// (a longer one is noted at bring-up). Every bad cycle is counted; every run of bad cycles (an "episode")
// is timed (CycleStats). `maxBadCycles` > 0 replaces the budget by that count of consecutive bad cycles
// (the former rule; tests that want detection within a few cycles). On a fault
// the master latches a message naming the slave and the cause and commands quick stop with zero torque
// to every drive; feedback of a bad cycle is never published as fresh (the backend does not let the
// controller compute a torque from it). resetFault() acknowledges AL errors, brings the slaves back to
// OP and resets the drive faults; reconnect() restarts the whole bring-up.
//
// Threads: bring-up, SDO, setEnable and writeSetpoints may be called from any one control thread;
// status(), fault() and feedback() return copies under a mutex and may be polled from any thread (e.g. a
// Qt panel's timer) while the cyclic thread runs.
#include <pthread.h>
#include <time.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <memory>

#include "maniplab/ethercat/coe.hpp"
#include "maniplab/ethercat/distributed_clocks.hpp"
#include "maniplab/ethercat/drive_profile.hpp"
#include "maniplab/ethercat/esi_reader.hpp"
#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/pdo_mapping.hpp"
#include "maniplab/ethercat/protocol.hpp"
#include "maniplab/ethercat/sii.hpp"
#include "maniplab/ethercat/virtual_esc.hpp"

namespace maniplab::ethercat {

/// A mutex with priority inheritance (PTHREAD_PRIO_INHERIT), and its condition variable (CLOCK_MONOTONIC
/// timeouts). The cyclic thread shares the master's state with threads of normal priority (a GUI timer
/// copying status(), a control thread without SCHED_FIFO); one of them preempted while it holds an
/// ordinary mutex would keep the cyclic thread waiting for its next time slice (milliseconds on a busy
/// machine). With priority inheritance it runs at the cyclic thread's priority until it unlocks.
class PiMutex {
 public:
  explicit PiMutex(bool inherit = true);  ///< inherit = false: an ordinary mutex (for comparison)
  ~PiMutex();
  PiMutex(const PiMutex&) = delete;
  PiMutex& operator=(const PiMutex&) = delete;
  void lock();
  bool try_lock();
  void unlock();
  pthread_mutex_t* native() { return &m_; }

 private:
  pthread_mutex_t m_;
};

class PiCondition {
 public:
  PiCondition();
  ~PiCondition();
  PiCondition(const PiCondition&) = delete;
  PiCondition& operator=(const PiCondition&) = delete;
  void notify_all();
  /// Waits until `pred()` or `timeout`; returns pred().
  template <class Rep, class Period, class Pred>
  bool wait_for(std::unique_lock<PiMutex>& lk, std::chrono::duration<Rep, Period> timeout, Pred pred) {
    const timespec until = deadline(std::chrono::duration<double>(timeout).count());
    while (!pred())
      if (!waitUntil(lk, until)) return pred();
    return true;
  }

 private:
  static timespec deadline(double seconds);
  bool waitUntil(std::unique_lock<PiMutex>& lk, const timespec& until);  ///< false on timeout
  pthread_cond_t c_;
};

struct MasterOptions {
  double cyclePeriod = 1e-3;   ///< [s]; 1 kHz default (400 Hz and 2 kHz as in Zanaboni 2009; 4 kHz possible)
  /// Consecutive lost/late/WKC-mismatch cycles that make a fault; 0: the loss budget in time below.
  int maxBadCycles = 0;
  /// Longest time without a good cycle that the run tolerates [s] (measured from the last good cycle's
  /// send); <= 0: the default (a quarter of the shortest drive watchdog, at most 25 ms, >= one cycle).
  double lossBudget = 0;
  /// Most bad cycles tolerated within any one second; <= 0: the default (a tenth of the cycles).
  double maxLossesPerSecond = 0;
  bool realtime = true;        ///< try SCHED_FIFO (+ mlockall when lockMemory)
  bool lockMemory = true;      ///< mlockall(MCL_CURRENT | MCL_FUTURE) with realtime (a GUI may prefer not)
  int rtPriority = 80;
  /// The cyclic thread sleeps to `spinMicros` before each deadline (clock_nanosleep, absolute) and
  /// busy-waits the rest (at most a fifth of the period): the wake-up no longer depends on the timer
  /// interrupt's latency when that latency is shorter than the margin. 0: sleep to the deadline.
  /// Cost: that fraction of one CPU (200 us at 1 kHz: 20 %; 50 us at 4 kHz). Measured with
  /// maniplab-ecat-bench on a loaded 2-vCPU VM whose kernel runs preempt=none: p99 |period error| at
  /// 1 kHz 92 us with 50 us, 19 us with 200 us (sim/ethercat/README.md).
  int spinMicros = 200;
  /// Pins the cyclic thread to this CPU (pthread_setaffinity_np); -1: no pinning.
  int cpu = -1;
  /// The mutex the cyclic thread shares with the readers of status()/feedback() inherits priority (see
  /// PiMutex); false only to measure the difference (maniplab-ecat-bench --no-pi).
  bool priorityInheritance = true;
  double acyclicTimeout = 0.1; ///< per frame outside the cycle [s]
  /// Distributed clocks: Auto uses them when every slave has DC (ESC feature 0x0008 bit 2) and a SYNC0
  /// activation (drive profile, ESI or SII DC category); On refuses a bus where that is not so.
  enum class Dc { Off, Auto, On };
  Dc distributedClocks = Dc::Auto;
  /// ARMW frames of static drift compensation before OP (Beckhoff recommends 15000).
  int dcStaticFrames = 15000;
  /// Frames pass the slaves this long before SYNC0 [s] (< 0: half the cycle).
  double dcSync0Lead = -1;
};

/// Where the process data come from / whether the master writes the mapping by SDO.
enum class PdoRemap {
  Auto,    ///< keep the drive's mapping when it holds every object the run needs, else write the profile's
  Always,  ///< always write the profile's mapping (0x1C12/0x1C13, 0x16xx/0x1Axx) in PREOP
  Never    ///< never write: refuse a drive whose mapping lacks an object
};

/// What the master knows of a slave beyond its live state (set up by scan and bring-up, unchanged while
/// cycling; shared, so that copies of SlaveInfo, e.g. status(), allocate nothing).
struct SlaveDetails {
  sii::Image sii;                ///< the SII EEPROM, parsed
  std::string siiError;          ///< why the SII did not parse completely (empty: it did)
  ProcessLayout pd;              ///< the process data as the master runs them
  std::string profile;           ///< the drive profile applied (name)
  std::vector<std::string> notes;///< what bring-up decided for this slave (defaults used, remapping...)
};

struct SlaveInfo {
  int position = 0;              ///< 0-based place on the bus
  std::uint16_t station = 0;     ///< configured station address
  SlaveIdentity identity;
  std::uint16_t mbxOut = 0, mbxOutSize = 0, mbxIn = 0, mbxInSize = 0, mailboxProtocols = 0;
  std::uint16_t rxBytes = 0, txBytes = 0;  ///< process data bytes (outputs, inputs) as run
  std::uint16_t alStatus = 0, alStatusCode = 0;
  cia402::State driveState = cia402::State::Unknown;
  std::uint16_t statusword = 0, errorCode = 0;
  std::uint8_t escType = 0;
  std::uint16_t escFeatures = 0, dlStatus = 0;
  std::uint32_t deviceType = 0;  ///< 0x1000 (CiA 402: low 16 bits 0x0192)
  // scaling (from SDO, checked against the robot file)
  double countsPerUnit = 0;      ///< encoder counts per rad (or m)
  double ratedTorque = 0;        ///< output-side torque of 1000 per mille [N m]
  bool incrementalPosition = false;  ///< no absolute position reference (drive profile)
  // process data
  std::uint32_t logical = 0;     ///< logical address of its outputs (inputs follow)
  int expectedWkc = 3;           ///< of its LRW in the current state
  bool outputsEnabled = false;   ///< its output SyncManager is enabled (not deactivated by its PDI)
  /// Its process-data (SyncManager) watchdog [s]: 0x0400 divider, 0x0420 time, read at bring-up; 0 when
  /// disabled (time 0, or the watchdog bit of its output SyncManager's control byte clear).
  double watchdog = 0;
  /// The process-data watchdog its drive profile asks the master to program [s] (0: the registers are
  /// left as the ESC has them); written to 0x0400/0x0420 in PREOP and read back (`watchdog` then holds it).
  double watchdogProgram = 0;
  // distributed clocks
  bool dc = false;               ///< SYNC0 runs on this slave
  bool dcReference = false;      ///< the reference clock
  std::uint16_t assignActivate = 0;
  std::int32_t sync0Shift = 0;   ///< SYNC0 shift after the cycle boundary [ns] (drive profile)
  std::int64_t dcDelay = 0;      ///< propagation delay from the reference clock [ns]
  std::int32_t dcDiff = 0;       ///< system time difference 0x092C, last read [ns]
  std::int32_t dcWorstDiff = 0;  ///< largest |0x092C| since the statistics were cleared [ns]
  std::shared_ptr<const SlaveDetails> details;
};

/// An emergency message received from a slave (CoE service 1).
struct EmergencyRecord {
  int slave = -1;                ///< 0-based
  double time = 0;               ///< CLOCK_MONOTONIC [s]
  coe::Emergency emergency;
  unsigned long long cycle = 0;  ///< the cycle that read it (0: outside the cyclic exchange)
};

struct CycleStats {
  double nominalPeriod = 0;
  long long cycles = 0, lostFrames = 0, wkcErrors = 0, lateCycles = 0, missedCycles = 0;
  /// Replies with the right working counters whose content is no valid answer (a drive's statusword that
  /// is no CiA 402 state): the cycle is bad and its values are never published (also counted in wkcErrors).
  long long malformedReplies = 0;
  /// Replies to an earlier cycle's frame received later (another datagram index): ignored. A frame
  /// counted lost whose reply shows up here was processed by the slaves but answered late (a stall of the
  /// link's or the slaves' thread), not lost on the wire.
  long long staleReplies = 0;
  /// Frames received while waiting that were not the slaves' answer (the master's own frame, another
  /// source's, or one with other datagrams): ignored.
  long long ignoredFrames = 0;
  /// Frames that came back exactly as sent (no slave counted or changed them): a loop-back or tap
  /// without slaves, or a bus whose slaves do not process the frame. Ignored, and said when no reply comes.
  long long unprocessedFrames = 0;
  /// Replies without the forwarded bit (bit 1 of the first source-MAC byte): accepted (emulators, taps).
  long long unforwardedReplies = 0;
  /// Distributed clocks: largest |system time difference| of any slave since the statistics were
  /// cleared [s], the last and largest |phase error| of the master's cycle against DC time [s].
  double dcWorstDiff = 0, dcPhaseError = 0, dcWorstPhaseError = 0;
  long long emergencies = 0;  ///< emergency messages received while cycling
  /// Bad cycles (lost, late, WKC mismatch, send failed) and the runs of consecutive bad cycles they formed
  /// ("loss episodes"); the longest time between two good cycles [s] (nominal: one period) and the cycle
  /// at which it ended; the most bad cycles seen within one second.
  long long badCycles = 0, lossEpisodes = 0;
  double longestGap = 0;
  unsigned long long longestGapEndCycle = 0;
  long long worstLossesPerSecond = 0;
  /// The first kEpisodeLog loss episodes: first bad cycle, how many bad cycles, and the time from the
  /// last good cycle before it to the good cycle that ended it [s].
  static constexpr int kEpisodeLog = 64;
  struct Episode {
    unsigned long long firstCycle = 0;
    long long cycles = 0;
    double gap = 0;
  };
  std::array<Episode, kEpisodeLog> episodeLog{};
  double meanPeriod = 0;          ///< [s]
  double worstPeriodError = 0;    ///< max |period - nominal| [s]
  double worstLatency = 0;        ///< max wake-up latency after the deadline [s]
  double worstRoundTrip = 0, meanRoundTrip = 0;  ///< send -> reply [s]
  double worstBusy = 0;  ///< longest time the cycle's own code ran in one cycle (not its wait for the reply) [s]
  long long busyOver100us = 0;  ///< cycles whose own code ran longer than 100 us (wall time: preemption included)
  std::vector<long long> jitterHistogram;  ///< |period - nominal| in 1 us bins, last bin = overflow
  /// Wake-ups more than 1 ms after their deadline: the thread did not run for that long (a scheduler
  /// or hypervisor stall; the cycle path itself neither sleeps nor blocks that long), with the first
  /// kStallLog of them (CLOCK_MONOTONIC time of the wake-up and the latency, s) to correlate with other
  /// threads' stalls (maniplab-ecat-bench --concurrent-baseline).
  static constexpr int kStallLog = 32;
  struct Stall {
    double at = 0, latency = 0;
    double lateToSleep = 0;    ///< how late the previous cycle went to sleep (its wait for a reply, or its code, overran)
    double sleepOvershoot = 0; ///< how late the kernel woke the thread after the time it asked for
    double previousBusy = 0;   ///< time the previous cycle's own code ran (not its wait for the reply)
  };
  long long stalls = 0;
  std::array<Stall, kStallLog> stallLog{};
  double periodErrorQuantile(double p) const;  ///< from the histogram [s] (bin upper edge)
};

struct MasterStatus {
  std::string phase = "idle";    ///< idle, INIT, PREOP, SAFEOP, OP, fault
  bool cyclic = false, enabled = false, fault = false;
  std::string faultMessage;
  unsigned long long faultCycle = 0;  ///< cycle whose evaluation latched the fault
  int faultSlave = -1;                ///< 0-based slave the fault names (-1: the bus, e.g. lost frames)
  std::vector<SlaveInfo> slaves;
  CycleStats stats;
  std::vector<std::string> warnings;
  /// The fault policy as applied (MasterOptions defaults resolved at bring-up): loss budget [s], losses
  /// per second, and the shortest process-data watchdog of the drives [s] with its slave (-1: none known).
  double lossBudget = 0, maxLossesPerSecond = 0, shortestWatchdog = 0;
  int watchdogSlave = -1;
  bool dc = false;                    ///< distributed clocks in use
  int dcReference = -1;               ///< reference clock (0-based slave)
  /// The last emergencies (at most kEmergencyLog, oldest first) and how many were received in all.
  static constexpr std::size_t kEmergencyLog = 64;
  std::vector<EmergencyRecord> emergencies;
  long long emergencyCount = 0;
};

struct DriveSetup {
  std::int8_t mode = cia402::ModeCST;
  std::vector<double> gear;        ///< robot file gear ratios (one per slave)
  std::vector<bool> revolute;
  std::vector<std::string> jointNames;
  std::vector<float> cspKp, cspKd; ///< CSP drive-loop gains (virtual drives: 0x2001/0x2002), may be empty
  /// Drive profiles to choose from by identity (most specific match; empty: the shipped ones); a slave
  /// no candidate matches gets the generic CiA 402 profile.
  std::vector<DriveProfile> profiles;
  /// One profile for every slave, whatever its identity (empty: by identity).
  std::string profile;
  PdoRemap remap = PdoRemap::Auto;
  /// ESI files the drives came with: their default mapping, SyncManagers and DC modes are used where the
  /// SII lacks them (matched by vendor ID and product code).
  std::vector<esi::File> esi;
};

struct Feedback {
  unsigned long long cycle = 0;  ///< cycle that produced it
  unsigned long long seq = 0;    ///< set-point sequence the drives had in that cycle
  long long seqCycles = 0;       ///< good cycles that carried `seq`
  unsigned long long seqFirstCycle = 0;  ///< the first cycle whose frame carried `seq`
  unsigned long long badCycles = 0;  ///< bad cycles (lost, late, WKC mismatch) since the cyclic exchange started
  bool fresh = false;            ///< the cycle was good
  bool allEnabled = false;
  std::vector<std::int32_t> position, velocity;
  std::vector<std::int16_t> torque;
  std::vector<std::uint16_t> statusword, errorCode;
};

class Master {
 public:
  Master(Link& link, MasterOptions options);
  ~Master();
  Master(const Master&) = delete;
  Master& operator=(const Master&) = delete;

  /// Whole start-up to OP with the drives configured (empty string on success, else the error).
  std::string bringUp(const DriveSetup& setup);
  std::string scan();                       ///< count, addresses, SII
  std::string requestState(std::uint8_t state, double timeout = 2.0);
  void shutdown();                          ///< drives off, cyclic thread stopped, slaves to INIT
  std::string reconnect(const DriveSetup& setup);
  /// Acknowledges AL errors, returns the slaves to OP, resets drive faults (empty string on success).
  std::string resetFault();

  struct SdoResult {
    bool ok = false;
    std::uint32_t value = 0;
    std::uint32_t abortCode = 0;
    std::string error;  ///< "slave 2 (...): SDO 0x6060:00: 0x06090030 value range of parameter exceeded"
  };
  SdoResult sdoRead(int slave, std::uint16_t index, std::uint8_t sub);
  SdoResult sdoWrite(int slave, std::uint16_t index, std::uint8_t sub, std::uint32_t value, int size);

  /// Any SDO transfer: the value's bytes (expedited up to 4 bytes, else normal and segmented as the
  /// mailbox size requires); complete access: the whole object from `sub` (0 or 1).
  struct SdoData {
    bool ok = false;
    std::vector<std::uint8_t> data;
    std::uint32_t abortCode = 0;
    std::string error;
    std::uint32_t value() const;  ///< the first 4 bytes, little endian
  };
  SdoData sdoUpload(int slave, std::uint16_t index, std::uint8_t sub, bool completeAccess = false);
  SdoData sdoDownload(int slave, std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& data,
                      bool completeAccess = false);

  /// SDO information (ETG.1000.6 §5.6.3): the object list, an object's description and its entries'.
  struct ObjectInfo {
    coe::info::ObjectDescription object;
    std::vector<coe::info::EntryDescription> entries;  ///< subindex 0 .. maxSubindex (those described)
  };
  std::string sdoObjectList(int slave, std::vector<std::uint16_t>& indices, std::uint16_t listType = coe::info::All);
  std::string sdoObjectInfo(int slave, std::uint16_t index, ObjectInfo& out);
  /// Emergencies received so far (also those read while cycling), oldest first.
  std::vector<EmergencyRecord> emergencies() const;

  // Cyclic interface.
  void setEnable(bool on);
  void writeSetpoints(const std::vector<std::int16_t>& torque, const std::vector<std::int32_t>& position);
  unsigned long long setpointSeq() const { return seq_.load(); }
  /// Waits until `pred(feedback)` or a fault or `timeout` [s]; returns the last feedback seen.
  template <class Pred> bool waitFeedback(Pred pred, double timeout, Feedback& out);
  Feedback feedback() const;
  bool hasFault() const { return fault_.load(); }
  std::string faultMessage() const;
  MasterStatus status() const;
  /// Restarts the cycle statistics (counts, histogram, worst values, stall log) with the next cycle,
  /// e.g. once a bus is up and before a measurement (any thread).
  void clearStatistics() { clearStats_ = true; }
  /// Latches a fault named `why` now (any thread): quick stop with zero torque to every drive, the run
  /// ends with the message; resetFault() clears it. E.g. the GUI's stop button.
  void quickStop(const std::string& why);
  int slaveCount() const { return int(slaves_.size()); }
  const SlaveInfo& slave(int i) const { return slaves_[std::size_t(i)]; }
  bool cyclic() const { return running_.load(); }
  const MasterOptions& options() const { return opt_; }
  /// The loss budget [s] and losses per second in force (resolved from the options and the drives'
  /// watchdogs at bring-up; before it, from the options and a 100 ms watchdog).
  double lossBudget() const { return budget_; }
  double maxLossesPerSecond() const { return lossRate_; }
  std::string slaveName(int i) const;  ///< "slave 3 (name)"
  /// What bring-up decided that a user should know (defaults used for absent objects, remapping, DC).
  std::vector<std::string> notes() const;

 private:
  struct Pending;
  class Cycle;  ///< the cyclic thread's state and steps
  bool transact(std::vector<Datagram>& dgs, std::string& err, int attempts = 3);
  bool exchangeDirect(std::vector<Datagram>& dgs, std::string& err, int attempts);
  std::string readSii(int slave);
  bool siiRead(int slave, std::uint32_t word, std::uint8_t* out, int& words, std::string& err);
  std::string configureDrives(const DriveSetup& setup);
  std::string configureDrive(int slave, const DriveSetup& setup, const DriveProfile& profile, SlaveDetails& d);
  std::string configureScaling(int slave, const DriveSetup& setup, const DriveProfile& profile, SlaveDetails& d);
  std::string readGearRatio(int slave, const DriveSetup& setup, SlaveDetails& d, double& ratio);
  std::string configureMapping(int slave, const DriveProfile& profile, const DriveSetup& setup, SlaveDetails& d);
  std::string readCoeMapping(int slave, int sm, std::vector<sii::Pdo>& pdos, bool& available, std::string& note);
  std::string writeMapping(int slave, int sm, const std::vector<sii::Pdo>& pdos);
  std::string configureDc(const DriveSetup& setup);
  std::string dcDelaysAndOffsets();
  std::string dcCompensateDrift();
  std::string dcStartSync0(std::uint64_t& start);
  std::string resetDriveFaults();
  SdoData sdoTransfer(int slave, std::uint16_t index, std::uint8_t sub, bool upload, const std::vector<std::uint8_t>& data,
                      bool completeAccess, bool& retry);
  bool mailboxSend(int slave, const std::vector<std::uint8_t>& msg, std::string& err);
  bool mailboxReceive(int slave, double timeout, coe::Message& out, std::string& err);
  bool mailboxRepeat(int slave, std::string& err);
  void recordEmergency(int slave, const coe::Emergency& e, unsigned long long cycle);
  std::string configureProcessData();
  std::string readOutputsEnabled();
  void startCyclic();
  void stopCyclic();
  void cycleLoop();
  void latchFault(const std::string& msg, int slave = -1);
  void resolveFaultPolicy();  ///< budget_, lossRate_ from the options and the slaves' watchdogs
  void sizeFeedback(Feedback& out) const;  ///< gives `out` the vector sizes of the published feedback

  Link& link_;
  MasterOptions opt_;
  std::vector<SlaveInfo> slaves_;
  std::uint8_t index_ = 0;
  std::mutex mbxM_;                               ///< one mailbox transfer at a time (control thread, GUI browser, backend)
  std::vector<std::uint8_t> mbxCounter_;          ///< per slave: last mailbox counter sent
  std::unique_ptr<std::atomic<std::uint8_t>[]> mbxLastIn_;  ///< per slave: last counter received
  /// Per slave: an SDO transfer owns its mailbox (the cyclic thread's emergency poll keeps off it).
  std::unique_ptr<std::atomic<bool>[]> mbxBusy_;
  std::vector<EmergencyRecord> emergencies_;  ///< under m_, at most MasterStatus::kEmergencyLog
  long long emergencyCount_ = 0;
  long long unprocessed_ = 0;                  ///< frames that came back unprocessed (outside the cycle)
  bool dcActive_ = false;
  int dcRef_ = -1;
  std::int64_t dcPhase_ = 0;                   ///< DC time (mod period) at which frames should pass
  std::int8_t mode_ = cia402::ModeCST;         ///< written to 0x6060 when a drive maps it
  std::vector<std::string> notes_;             ///< bus-level notes of the last bring-up
  double budget_ = 0.025, lossRate_ = 100;        ///< the fault policy in force (resolveFaultPolicy)
  std::vector<std::uint8_t> txBuf_, rxBuf_;

  mutable PiMutex m_;
  PiCondition cv_;
  std::thread thread_;
  std::atomic<bool> running_{false}, stopReq_{false}, fault_{false}, enable_{false}, resetReq_{false}, clearStats_{false};
  std::atomic<unsigned long long> seq_{0};
  std::vector<std::int16_t> cmdTorque_;
  std::vector<std::int32_t> cmdPosition_;
  bool cmdValid_ = false;
  Feedback fb_;
  MasterStatus st_;
  std::string faultMsg_;
  Pending* pending_ = nullptr;
  std::vector<std::string> warnings_;
};

template <class Pred> bool Master::waitFeedback(Pred pred, double timeout, Feedback& out) {
  sizeFeedback(out);  // the copy below then allocates nothing while the cyclic thread may wait for m_
  std::unique_lock lk(m_);
  const bool ok = cv_.wait_for(lk, std::chrono::duration<double>(timeout), [&] { return pred(fb_) || fault_.load() || !running_.load(); });
  out = fb_;
  return ok && pred(fb_);
}

}  // namespace maniplab::ethercat
