#pragma once
// A virtual EtherCAT slave controller (ESC): 64 KiB address space (registers 0x0000-0x0FFF, process RAM
// from 0x1000), SII EEPROM, AL state machine with status codes, SyncManagers (two mailboxes, outputs,
// inputs), FMMUs, distributed clocks and the datagram commands with their working counters
// (ETG.1000.4 §5.4, ESC datasheet section I §2-§10, section II registers):
//   read +1, write +1, read-write (APRW/FPRW/BRW) +1 read +2 write, LRW +1 if a read FMMU matched and
//   +2 if a write FMMU matched; auto-increment (AP*) addresses the slave whose ADP is 0 as the datagram
//   reaches it and every slave increments ADP; BRD ORs the slave's data into the datagram; ARMW/FRMW
//   read at the addressed slave and write at every other.
// The memory layout (mailboxes, SM2/SM3) and the identity come from the slave's SII image (EscConfig).
//
// What is emulated, register by register:
// - 0x0000-0x0008 type (ET1100-like 0x11), 8 FMMUs, 8 SyncManagers, 8 KiB RAM, ports 0 and 1 MII,
//   features: DC, 64-bit DC.
// - 0x0110 DL status per position on the line (setPort1Open): PDI operational; port 0 link and
//   communication; port 1 link and communication when a slave follows, else loop closed (the last
//   slave); ports 2 and 3 loop closed.
// - 0x0120/0x0130/0x0134 AL control/status/status code: INIT -> PREOP needs SM0/SM1 as in the SII
//   (0x0016 otherwise), PREOP -> SAFEOP SM2/SM3 at the SII addresses with the lengths of the current
//   PDO mapping (0x001D outputs, 0x001E inputs), one step up at a time (0x0011), BOOT refused (0x0013),
//   errors need an acknowledge before going up; the application may refuse (checkStateChange). Each
//   refusal is noted in words with the SyncManager found and the one expected (takeNotes).
// - 0x0502-0x050B SII: read command (bits 8-10 = 1) with the word address at 0x0504; 8 bytes are served
//   at 0x0508 when bit 6 of 0x0502 says so (EscConfig::eeprom8ByteReads, default), else 4.
// - SyncManagers 0x0800+8n: status (+5) and PDI control (+7) are read-only from EtherCAT. Mailbox: the
//   master's write that reaches the last byte of SM0 is a message (processed at once, SM0 empty
//   again); SM1 is full while a reply waits and becomes empty when the master has read its last byte,
//   then the next queued message (replies, SDO information fragments, emergencies) is loaded. A read of
//   an empty SM1 is not counted (WKC 0). Repeat request: toggling bit 1 of SM1 activate (0x080E) puts
//   the last message back in SM1 (unless one is waiting) and the ESC acknowledges in bit 1 of 0x080F.
//   Mailbox counter: a message with the same non-zero counter as the previous one is a repetition and
//   is dropped; the slave's own messages count 1..7. Mailbox errors (type 0x00): unsupported protocol
//   (non-CoE), service not supported, invalid size.
// - FMMUs 0x0600+16n: bit-exact logical start and length, physical start, type (read/write), enable.
//   EscConfig::countOutputsInSafeOp (default true, as real ESCs and KickCAT's emulator): a logical
//   write counts (+1, +2 for LRW) once the FMMU and SM2 are enabled, in SAFEOP as in OP; false: only in
//   OP (what ManipLab's master expected before it counted from the SyncManagers enabled).
// - Distributed clocks (section I §9): a local clock (ns, 64 bit, counting in 10 ns steps as a 100 MHz
//   time base) running at (1 + drift)(1 + c) of true time, drift set per slave (setClockDrift, ppm), c the
//   slave's own correction. A write to 0x0900
//   latches the local receive times of ports 0 and 1 (0x0900, 0x0904; port 1 only when open) and of the
//   processing unit (0x0918, 64 bit) at the frame's arrival times (beginFrame: the bus adds a line delay
//   per hop). 0x0910 reads as local time + offset (0x0920); a write to 0x0910 (ARMW/FRMW/BWR, 4 or 8
//   bytes) compares the written time + the system time delay (0x0928) with the local copy of the system
//   time: the difference goes to 0x092C (mean over 2^n comparisons, n = 0x0934 bits 0-3; bit 31 set when
//   the local copy is smaller, magnitude in bits 0-30) and to the drift control loop. The loop (a
//   model, not the silicon's speed counter) is proportional-integral on the rate, natural frequency
//   5 Hz, damping 1, the correction bounded to +-500 ppm x 0x1000 / 0x0930 (speed counter start,
//   default 0x1000); 0x0932 shows the integral part in 0.1 ppm. SYNC0: 0x0981 (activation, bit 0
//   cyclic + bit 1 SYNC0), 0x0990 start time (system time), 0x09A0 cycle (ns); a start time already
//   past when SYNC0 is activated leaves SYNC0 off (as an ESC whose start time must be in the future);
//   reading 0x0990 while active gives the next SYNC0 time; 0x0984 bit 0 and 0x098E bit 0 say SYNC0 runs.
//   Not emulated: FMMU start/stop bits (whole bytes are mapped), SYNC1, latch units, pulse outputs and their lengths, interrupts, the PDI side of the
//   registers, 32-bit DC wrap-around, the frame's bit position within the frame for accesses (all accesses
//   of a frame happen at its arrival at the slave).
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "maniplab/ethercat/coe.hpp"
#include "maniplab/ethercat/frame.hpp"
#include "maniplab/ethercat/object_dictionary.hpp"
#include "maniplab/ethercat/protocol.hpp"
#include "maniplab/ethercat/sii.hpp"

namespace maniplab::ethercat {

struct SlaveIdentity {
  std::uint32_t vendor = 0, product = 0, revision = 0, serial = 0;
  std::string name, group, order;
};

/// ManipLab's virtual drive identity (a vendor ID outside the ETG-assigned range is used on purpose: the
/// master recognises virtual drives by it and offers the simulation-only objects).
constexpr std::uint32_t kManipLabVendor = 0x00ABCDEF, kVirtualDriveProduct = 0x00000402;

/// The generic profile's memory map (also in its SII).
namespace esc {
constexpr std::uint16_t MbxOut = 0x1000, MbxSize = 128, MbxIn = 0x1080, Outputs = 0x1100, Inputs = 0x1180;
}

class EscApplication {
 public:
  virtual ~EscApplication() = default;
  /// The CoE server answering the mailbox (nullptr: the slave has no CoE).
  virtual CoeServer* coe() { return nullptr; }
  /// Bytes of the current RxPDO / TxPDO mapping (the SM2 / SM3 lengths SAFEOP needs).
  virtual std::uint16_t outputBytes() const = 0;
  virtual std::uint16_t inputBytes() const = 0;
  /// The application's veto of a state change `from` -> `to` (after the ESC's own checks): 0 or an AL
  /// status code.
  virtual std::uint16_t checkStateChange(std::uint8_t /*from*/, std::uint8_t /*to*/) { return 0; }
  /// Called after the AL state changed.
  virtual void alStateChanged(std::uint8_t /*state*/) {}
};

struct EscConfig {
  sii::Image sii;                    ///< identity, mailboxes, SyncManagers, PDOs, DC modes
  bool eeprom8ByteReads = true;      ///< 0x0502 bit 6: the SII serves 8 bytes per read
  bool countOutputsInSafeOp = true;  ///< see above
  /// Reset value of the process-data watchdog time 0x0420 (units of 0x0400: 100 us at reset; 1000 =
  /// 100 ms, the ESC's reset value; 0: disabled).
  std::uint16_t watchdogTime = reg::kWatchdogTimeReset;
};
/// The SII image of a generic 8/14-byte virtual drive with `id` (as before profiles existed).
sii::Image genericSiiImage(const SlaveIdentity& id, std::uint16_t rxPdoBytes, std::uint16_t txPdoBytes);
/// The SII EEPROM words of that image (compatibility).
std::vector<std::uint16_t> buildSiiImage(const SlaveIdentity& id, std::uint16_t rxPdoBytes, std::uint16_t txPdoBytes);

class VirtualEsc {
 public:
  VirtualEsc(EscConfig cfg, EscApplication* app);
  /// A generic slave (SII from genericSiiImage) with fixed PDO sizes (tests of the ESC alone).
  VirtualEsc(const SlaveIdentity& id, std::uint16_t rxPdoBytes, std::uint16_t txPdoBytes, EscApplication* app);
  ~VirtualEsc();

  /// The arrival times (true time, ns) of the frame about to be processed at this slave's port 0 and,
  /// on its way back, at port 1 (DC receive times, system time reads and writes use them).
  void beginFrame(std::int64_t tPort0, std::int64_t tPort1) { t0_ = tPort0; t1_ = tPort1; }
  /// Processes one datagram as it passes; returns the working-counter increment (already added to the
  /// datagram). `countWkc` false: the slave processes but does not count (fault injection).
  int process(DatagramView& d, bool countWkc = true);
  /// For the cyclic look-ahead: copies the outputs that a logical write datagram carries for this slave
  /// into its SM2 buffer (OP only); true when it did.
  bool latchOutputs(const DatagramView& d);
  bool mapsInputs(const DatagramView& d) const;  ///< a logical read covers this slave's inputs

  std::uint8_t* ram(std::uint16_t addr) { return mem_.data() + addr; }
  std::uint16_t alStatus() const { return get16(&mem_[reg::AlStatus]); }
  std::uint8_t alState() const { return std::uint8_t(alStatus() & 0x0f); }
  std::uint16_t alStatusCode() const { return get16(&mem_[reg::AlStatusCode]); }
  std::uint16_t stationAddress() const { return get16(&mem_[reg::StationAddress]); }
  /// Forces an error state (e.g. SM watchdog: SAFEOP + ERROR, code 0x001B).
  void setError(std::uint8_t state, std::uint16_t code);
  /// The process-data watchdog as programmed (0x0400 divider, 0x0420 time) [s]; 0 when disabled (time 0,
  /// or the output SyncManager's watchdog bit, control bit 6, clear, or no output SyncManager enabled).
  double processDataWatchdog() const;
  /// The process-data watchdog expired (the application saw no output update for processDataWatchdog()):
  /// 0x0440 bit 0 cleared, 0x0442 counted, and in OP the slave goes to SAFEOP + ERROR 0x001B (the
  /// application takes its outputs to their safe state: the drive faults, alStateChanged).
  void expireWatchdog();
  /// Outputs were written by the master: the process-data watchdog status 0x0440 bit 0 is set again.
  void feedWatchdog() { mem_[reg::WatchdogStatus] |= 0x01; }
  /// Fault injection: the next request of `state` is refused with `code` (0: none).
  void refuseState(std::uint8_t state, std::uint16_t code) { refuseState_ = state; refuseCode_ = code; }
  const std::vector<std::uint16_t>& sii() const { return sii_; }
  const EscConfig& config() const { return cfg_; }
  std::uint16_t rxPdoBytes() const;
  std::uint16_t txPdoBytes() const;
  std::uint16_t outputsAddress() const { return outStart_; }
  std::uint16_t inputsAddress() const { return inStart_; }

  /// Topology: port 1 open (a slave follows) or closed (the last slave): DL status and receive times.
  void setPort1Open(bool open);
  /// Queues an emergency message (CoE service 1) in the mailbox; false when the mailbox is not
  /// running (INIT) or the queue is full.
  bool postEmergency(const coe::Emergency& e);

  // Distributed clocks.
  void setClockDrift(double ppm);                   ///< of the local clock against true time
  void setClockStart(std::int64_t localAtZero);     ///< local time at true time 0 (power-up spread)
  std::int64_t localTime(std::int64_t trueTime) const;
  std::int64_t systemTime(std::int64_t trueTime) const;  ///< local + offset (0x0920)
  std::int32_t systemTimeDifference() const;        ///< last 0x092C as a signed value [ns]
  bool sync0Active() const { return sync0Active_; }
  std::uint32_t sync0Cycle() const { return get32(&mem_[reg::DcSync0Cycle]); }
  double clockCorrectionPpm() const { return corr_ * 1e6; }

  /// Lines saying what the slave refused or dropped (mailbox errors, SDO aborts, duplicates), oldest
  /// first; cleared by the caller.
  std::vector<std::string> takeNotes();

 private:
  void write(std::uint16_t ado, const std::uint8_t* src, std::uint16_t len);
  bool readAllowed(std::uint16_t ado, std::uint16_t len) const;
  void beforeRead(std::uint16_t ado, std::uint16_t len);
  void afterRead(std::uint16_t ado, std::uint16_t len);
  void alControl();
  void siiCommand();
  void mailboxReceived();
  void loadMailbox();
  void resetMailbox();
  void queue(std::vector<std::uint8_t> msg);
  int logical(DatagramView& d);
  bool smOk(int sm, std::uint16_t start, std::uint16_t len, std::uint8_t mode) const;
  bool smEnabled(int sm) const { return (mem_[reg::Sm0 + sm * reg::SmSize + reg::SmActivate] & 1) != 0; }
  bool smCovers(int sm, std::uint32_t addr) const;
  void setAl(std::uint8_t state, bool error, std::uint16_t code);
  void dcWrite(std::uint16_t ado, const std::uint8_t* src, std::uint16_t len);
  void dcCompare(std::int64_t received, bool is64);
  void dcRefresh();
  void updateDlStatus();

  EscConfig cfg_;
  std::vector<std::uint8_t> mem_;
  std::vector<std::uint16_t> sii_;
  EscApplication* app_;
  std::uint16_t fixedRx_ = 0, fixedTx_ = 0;  ///< no application: fixed PDO sizes
  std::uint16_t mbxOut_, mbxOutSize_, mbxIn_, mbxInSize_, outStart_, inStart_;
  int smOut_ = 2, smIn_ = 3;
  std::uint8_t refuseState_ = 0;
  std::uint16_t refuseCode_ = 0;
  bool port1Open_ = false;
  // mailbox
  std::deque<std::vector<std::uint8_t>> outbox_;
  std::vector<std::uint8_t> lastSent_;
  std::uint8_t txCounter_ = 0, rxCounter_ = 0;
  bool mbxInFull_ = false;
  // distributed clocks
  std::int64_t t0_ = 0, t1_ = 0;                 ///< frame arrival (true time)
  double drift_ = 0, corr_ = 0, corrI_ = 0;
  long double clockBase_ = 0;                    ///< local time at clockT0_
  std::int64_t clockT0_ = 0;
  std::int64_t lastCompareLocal_ = -1;
  double diffMean_ = 0;
  std::int64_t lastDiff_ = 0;
  bool sync0Active_ = false;
  std::int64_t sync0Start_ = 0;
  std::vector<std::string> notes_;
};

}  // namespace maniplab::ethercat
