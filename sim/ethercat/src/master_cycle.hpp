#pragma once
// The master's cyclic exchange as a state object (Master::Cycle): the cyclic thread's buffers, the drives'
// last inputs, the statistics, and one member function per step of a cycle. Private to the master's source
// files (master.cpp queues acyclic requests as Master::Pending, master_cycle.cpp runs the cycles).
#include <cstdint>
#include <string>
#include <vector>

#include "maniplab/ethercat/distributed_clocks.hpp"
#include "maniplab/ethercat/loss_policy.hpp"
#include "maniplab/ethercat/master.hpp"

namespace maniplab::ethercat {

/// An acyclic request (Master::transact while the cyclic thread runs): its datagrams ride in the next
/// cyclic frame that has room, retried on later cycles up to maxAttempts lost frames.
struct Master::Pending {
  std::vector<Datagram>* dgs = nullptr;
  bool done = false, ok = false;
  int attempts = 0, maxAttempts = 20;
  std::string err;
};

/// The cyclic thread between startCyclic() and stopCyclic() (Master::cycleLoop runs one). Set up once
/// (real-time scheduling, buffers sized and touched, messages' storage reserved), then each cycle, in
/// order: waitForDeadline, planCommands, buildFrame, sendFrame, awaitReply, takeReply, takeEmergency,
/// publish, endCycle. Nothing in a cycle allocates except the message of a bad cycle's fault latch, the
/// decoding of an emergency and the completion of an acyclic request.
class Master::Cycle {
 public:
  explicit Cycle(Master& master);
  /// Runs cycles until stopCyclic(), then publishes the final statistics and fails a pending request.
  void run();

 private:
  // Set-up (once).
  void setUpRealTime();
  void prepare();
  void clearStatistics();
  // One cycle.
  void waitForDeadline();
  void planCommands();
  std::uint16_t controlword(std::size_t i, bool faulted, bool allSwitchedOn) const;
  void buildFrame();
  void addPoll(FrameBuilder& b);
  void addPending(FrameBuilder& b);
  void sendFrame();
  void awaitReply();
  void takeReply();
  void takeAlStatus(std::size_t i);
  void takeProcessData(std::size_t i);
  void lockPhase();
  void advancePoll();
  void completePending();
  void missReply();
  void takeEmergency();
  void publish();
  void applyLossPolicy();
  void publishFeedback();
  void publishStatus();
  void endCycle();
  void finish();

  Master& master;
  Link& link;
  const MasterOptions& opt;
  const std::vector<SlaveInfo>& slaves;  ///< set up before the thread started; unchanged while it runs
  const std::size_t n;
  const std::int64_t period;  ///< [ns]
  const Mac source;
  const std::int8_t mode;     ///< modes of operation (0x6060) written to the drives that map it
  /// Absolute-deadline sleep to `spin` before the deadline, then a busy-wait tail (see MasterOptions).
  const std::int64_t spin;

  // Frame buffers and the datagrams of the request and of its reply.
  std::vector<std::uint8_t> tx, rx;
  std::vector<DatagramView> views, request;
  std::vector<const ProcessLayout*> layout;  ///< the process data of each slave
  std::vector<std::uint8_t> out;             ///< one slave's outputs being written
  std::size_t len = 0;                       ///< of the frame in tx
  std::uint8_t idx = 0x80;                   ///< the datagrams' index, one per cycle

  // The drives: states and inputs from the last reply, this cycle's commands.
  std::vector<cia402::State> dstate;
  std::vector<std::int32_t> actualPos, actualVel;
  std::vector<std::uint16_t> cw;
  std::vector<std::int16_t> tq;
  std::vector<std::int32_t> pos;
  std::vector<std::uint16_t> al, alCode;
  std::vector<std::uint16_t> errCode, sw;
  std::vector<std::int32_t> dcDiff, dcWorst;
  bool haveActual = false, resetToggle = false;

  // Fault policy in time (MasterOptions::lossBudget, maxLossesPerSecond; loss_policy.hpp).
  LossPolicy lossPolicy;
  unsigned long long cycle = 0, lastSeq = ~0ull, cycleBase = 0;
  long long seqCycles = 0;
  unsigned long long seqFirst = 0;

  // Timing and statistics.
  std::int64_t deadline = 0, prevWake = 0, prevBusy = 0;
  std::int64_t wake = 0;  ///< this cycle's wake-up
  double sumPeriod = 0, sumRtt = 0;
  long long nPeriod = 0, nRtt = 0;
  CycleStats stats;

  // Distributed clocks: the reference clock's time each cycle (FRMW), the master's cycle locked to it.
  const bool dcOn;
  const std::uint16_t dcRefStation;
  dc::PhaseLock lock;
  std::int64_t dcCorrection = 0;  ///< of the next deadline [ns]

  // Emergency poll: one slave's input mailbox status per cycle (round robin), its mailbox read the cycle
  // after when full, unless an SDO transfer holds that mailbox.
  std::size_t pollSlave = 0;
  int pollStage = 0;  // 0: status read planned, 1: mailbox read planned
  std::vector<std::uint8_t> pollBuf;
  bool pollThis = false;  ///< this cycle polls pollSlave
  int pollKind = -1;      ///< what this cycle's poll reads: -1 nothing, 0 the mailbox status, 1 the mailbox
  std::size_t pollOf = 0; ///< the slave this cycle's poll reads

  // This cycle: the frame's contents and where their replies are (datagram positions).
  Pending* pend = nullptr;
  unsigned long long frameSeq = 0;
  bool phaseOp = false;  // only then can a slave's state or a drive fault latch a fault (and need a message)
  std::size_t expected = 0, lrwBase = 0, alBase = 0, diffBase = 0, pollIdx = 0, pendBase = 0;
  static constexpr std::size_t dcIdx = 0;

  // This cycle: the exchange and its outcome.
  std::int64_t sent = 0, afterSend = 0, replied = 0;  ///< send, after it, end of the wait for the reply
  bool good = true, immediate = false, got = false;
  int immediateSlave = -1, reasonSlave = -1;

  // The messages of a bad cycle are formatted into these (reserved in prepare(), with the slaves' names): no
  // allocation in the cycle path, also when cycles go bad (only latching a fault allocates, once).
  std::string reason, immediateReason;
  std::vector<std::string> names;
  char msg[512];
};

}  // namespace maniplab::ethercat
