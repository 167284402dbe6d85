#pragma once
// Distributed clocks, the master's arithmetic (Beckhoff ESC datasheet section I §9 "Distributed Clocks",
// ETG.1000.4 §5.3.6; the master's sequence is in master.cpp):
//
//  1. Topology. The frame visits the ports of each ESC in the order 0 -> 3 -> 1 -> 2 (closed ports are
//     skipped) and the slaves in that depth-first order, which is their auto-increment position. From the
//     DL status of every slave (which ports have an open loop and communication) the tree is rebuilt:
//     the parent of a slave is the nearest earlier slave with a child port not yet used.
//  2. Propagation delays. A broadcast write to 0x0900 latches at every ESC the local time at which the
//     frame reached each port (0x0900-0x090C, 32 bit) and its processing unit (0x0918, 64 bit). For a
//     slave C on port p of its parent P:
//        round trip through P's port p:  R_P(p) = t_P[p] - t_P[prev(p)]   (prev: the port visited before p)
//        round trip inside C's subtree:  R_C    = t_C[last open port of C] - t_C[0]
//        delay(C) = delay(P) + (t_P[prev(p)] - t_P[0]) + (R_P(p) - R_C) / 2
//     (the subtrees on P's earlier ports, then the wire there and back, assumed symmetric). The reference
//     clock (the first DC slave) has delay 0.
//  3. Offsets. The system time offset 0x0920 of slave i makes its system time equal the reference's:
//        offset_i = T_master + delay_i - t_i[EPU],
//     T_master the master's time (ns since 2000-01-01) when the latch frame left; 0x0928 gets delay_i.
//  4. Drift. The reference clock's system time, read and written to the others by ARMW/FRMW of 0x0910
//     (thousands of times before OP, then every cycle), lets each ESC's control loop adjust its clock
//     speed; 0x092C is the remaining difference (bit 31 set: the local copy was smaller).
//  5. SYNC0. Cycle 0x09A0, start time 0x0990 (a whole number of cycles ahead of the current system time,
//     plus the shift), activation 0x0981 = AssignActivate's low byte (cyclic unit + SYNC0: 0x03).
//  6. The master's cycle follows DC time (DcPhaseLock): the reference time read by each cyclic FRMW,
//     compared with the instant the master meant to send, gives the phase error its next deadline
//     corrects (a PI loop), so that frames pass the slaves at a fixed point of the SYNC0 period.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace maniplab::ethercat::dc {

/// Ports with an open loop and communication established, as a bit mask (bit p: port p), from a DL
/// status word (0x0110: bit 8+2p loop closed, bit 9+2p communication on port p).
std::uint8_t openPorts(std::uint16_t dlStatus);

struct Topology {
  std::vector<int> parent;      ///< parent slave (-1: the first slave, attached to the master)
  std::vector<int> parentPort;  ///< the parent's port the slave hangs on (-1 for the first)
  std::vector<std::uint8_t> ports;  ///< open ports per slave
  bool ok = true;
  std::string error;            ///< why not (a slave with no free port to hang on)
};
/// The tree from the DL status of every slave in auto-increment order.
Topology topology(const std::vector<std::uint16_t>& dlStatus);

/// The port the frame visits before `port` on an ESC with open ports `ports` (order 0, 3, 1, 2); -1 when
/// `port` is the first.
int previousPort(std::uint8_t ports, int port);
/// The open port visited last (the frame's last return before it leaves by port 0).
int lastPort(std::uint8_t ports);

struct ReceiveTimes {
  std::array<std::uint32_t, 4> port{};  ///< 0x0900.. local receive times of ports 0-3
  std::uint64_t epu = 0;                ///< 0x0918 receive time of the processing unit
};

/// Propagation delay of every slave from the reference clock `ref` (ns; slaves before `ref` or
/// without DC get 0). `hasDc[i]`: slave i has distributed clocks (ESC feature bit 2).
std::vector<std::int64_t> propagationDelays(const Topology& t, const std::vector<ReceiveTimes>& times,
                                            const std::vector<bool>& hasDc, int ref);
/// The system time offsets (0x0920) from the master's time at the latch and the delays.
std::vector<std::uint64_t> systemTimeOffsets(std::uint64_t masterTime, const std::vector<ReceiveTimes>& times,
                                             const std::vector<std::int64_t>& delays);

/// Decodes the system time difference register 0x092C: bit 31 set means the local copy is smaller than
/// the received time (negative), bits 0-30 the magnitude [ns].
std::int32_t decodeTimeDifference(std::uint32_t raw);

/// The SYNC0 start time (0x0990): the first cycle boundary (multiple of `cycle` since the DC epoch) at
/// least `lead` ns after `systemTime`, plus `shift`.
std::uint64_t sync0Start(std::uint64_t systemTime, std::uint32_t cycle, std::int64_t shift, std::uint64_t lead);

/// The master's time in the DC epoch (ns since 2000-01-01 00:00 UTC, from CLOCK_REALTIME).
std::uint64_t masterTimeNow();

/// PI loop aligning the master's cycle to DC time. Each cycle: the reference clock's system time read by
/// the cyclic FRMW (`dcTime`), minus the wanted phase, reduced to (-period/2, period/2], is the phase
/// error; the correction [ns] is added to the next deadline. Gains per cycle: Kp = 0.1, Ki = 0.005 (a
/// loop of about 20 cycles that does not ring on a 1-cycle delay); the correction is bounded to
/// period/10 per cycle so that a lost FRMW or a stall never throws the cycle.
class PhaseLock {
 public:
  explicit PhaseLock(std::int64_t periodNs = 1000000, std::int64_t phaseNs = 0) : period_(periodNs), phase_(phaseNs) {}
  /// Phase error of `dcTime` [ns] in (-period/2, period/2].
  std::int64_t error(std::uint64_t dcTime) const;
  /// Correction for the next deadline [ns] from this cycle's `dcTime`.
  std::int64_t update(std::uint64_t dcTime);
  void reset() { integral_ = 0; }
  std::int64_t lastError() const { return last_; }

 private:
  std::int64_t period_, phase_;
  double integral_ = 0;
  std::int64_t last_ = 0;
};

}  // namespace maniplab::ethercat::dc
