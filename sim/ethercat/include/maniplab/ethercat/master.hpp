#pragma once
// A compact EtherCAT master for CiA 402 drives (ETG.1000.4/.6, ETG.2010 SII, IEC 61800-7-201).
//
// Start-up (bringUp): count slaves (BRD, WKC = number of slaves), reset them to INIT, assign station
// addresses 0x1001.. (APWR 0x0010), read identity, mailbox layout, PDO sizes and strings from the SII
// EEPROM, configure SM0/SM1 and walk INIT -> PREOP; over CoE SDO set the mode of operation (0x6060), the
// cycle time (0x60C2), read the scaling objects (0x608F, 0x6091, 0x6076) and check them against the robot
// file; configure SM2/SM3 and the FMMUs (slave i: outputs at logical 0x00010000 + 32 i, inputs 8 bytes
// further), PREOP -> SAFEOP; start the cyclic thread; SAFEOP -> OP. Every refused transition is reported
// with the slave, its AL status and its AL status code in words.
//
// Cyclic frame (one per period): for each slave an LRW of its 22 process-data bytes (expected WKC 3) and
// an FPRD of its AL status and status code (0x0130, 6 bytes, expected WKC 1); acyclic requests made
// while cycling (SDO, AL control) ride in the same frame. The thread sleeps to absolute deadlines
// (clock_nanosleep TIMER_ABSTIME on CLOCK_MONOTONIC), runs SCHED_FIFO with locked memory when the
// process may (a warning in status().warnings otherwise).
//
// Faults: a slave out of OP (AL status) or a drive fault (statusword bit 3, error code 0x603F) is a fault
// at once; a lost or late reply, a failed send or a working-counter mismatch makes the cycle bad, and
// `maxBadCycles` consecutive bad cycles (default 3) are a fault: detection within 3 cycles. On a fault
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

#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/protocol.hpp"
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
  double cyclePeriod = 1e-3;   ///< [s]; 1 kHz default (400 Hz and 2 kHz as in seed 003; 4 kHz possible)
  int maxBadCycles = 3;        ///< consecutive lost/late/WKC-mismatch cycles that make a fault (1..3)
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
};

struct SlaveInfo {
  int position = 0;              ///< 0-based place on the bus
  std::uint16_t station = 0;     ///< configured station address
  SlaveIdentity identity;
  std::uint16_t mbxOut = 0, mbxOutSize = 0, mbxIn = 0, mbxInSize = 0, mailboxProtocols = 0;
  std::uint16_t rxBytes = 0, txBytes = 0;  ///< from the SII PDO categories
  std::uint16_t alStatus = 0, alStatusCode = 0;
  cia402::State driveState = cia402::State::Unknown;
  std::uint16_t statusword = 0, errorCode = 0;
  // scaling (from SDO, checked against the robot file)
  double countsPerUnit = 0;      ///< encoder counts per rad (or m)
  double ratedTorque = 0;        ///< output-side torque of 1000 per mille [N m]
};

struct CycleStats {
  double nominalPeriod = 0;
  long long cycles = 0, lostFrames = 0, wkcErrors = 0, lateCycles = 0, missedCycles = 0;
  /// Replies to an earlier cycle's frame received later (another datagram index): ignored. A frame
  /// counted lost whose reply shows up here was processed by the slaves but answered late (a stall of the
  /// link's or the slaves' thread), not lost on the wire.
  long long staleReplies = 0;
  /// Frames received while waiting that were not the slaves' answer (the master's own frame, another
  /// source's, or one with other datagrams): ignored.
  long long ignoredFrames = 0;
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
};

struct DriveSetup {
  std::int8_t mode = cia402::ModeCST;
  std::vector<double> gear;        ///< robot file gear ratios (one per slave)
  std::vector<bool> revolute;
  std::vector<std::string> jointNames;
  std::vector<float> cspKp, cspKd; ///< CSP drive-loop gains (virtual drives: 0x2001/0x2002), may be empty
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
  std::string slaveName(int i) const;  ///< "slave 3 (name)"

 private:
  struct Pending;
  bool transact(std::vector<Datagram>& dgs, std::string& err);
  bool exchangeDirect(std::vector<Datagram>& dgs, std::string& err);
  std::string readSii(int slave);
  bool siiRead(int slave, std::uint32_t word, std::uint32_t& value, std::string& err);
  std::string configureDrives(const DriveSetup& setup);
  std::string resetDriveFaults();
  SdoResult sdoOnce(int slave, std::uint16_t index, std::uint8_t sub, std::uint32_t value, int size, bool& retry);
  std::string configureProcessData();
  void startCyclic();
  void stopCyclic();
  void cycleLoop();
  void latchFault(const std::string& msg, int slave = -1);
  void sizeFeedback(Feedback& out) const;  ///< gives `out` the vector sizes of the published feedback

  Link& link_;
  MasterOptions opt_;
  std::vector<SlaveInfo> slaves_;
  std::uint8_t index_ = 0;
  std::uint8_t mbxCounter_ = 0;
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
