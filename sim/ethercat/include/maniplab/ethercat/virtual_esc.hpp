#pragma once
// A virtual EtherCAT slave controller (ESC): 64 KiB address space (registers 0x0000-0x0FFF, process RAM
// from 0x1000), SII EEPROM, AL state machine with status codes, SyncManagers (two mailboxes, outputs,
// inputs), FMMUs and the datagram commands with their working counters (ETG.1000.4 §5.4, ESC datasheet
// section I §2-§10):
//   read +1, write +1, read-write (APRW/FPRW/BRW) +1 read +2 write, LRW +1 if a read FMMU matched and
//   +2 if a write FMMU matched; auto-increment (AP*) addresses the slave whose ADP is 0 as the datagram
//   reaches it and every slave increments ADP; BRD ORs the slave's data into the datagram.
// Memory map of this slave (also in its SII): SM0 mailbox out (master -> slave) 0x1000/128 bytes,
// SM1 mailbox in 0x1080/128, SM2 outputs (RxPDO) 0x1100, SM3 inputs (TxPDO) 0x1180.
// The application (the CiA 402 drive) answers CoE SDO requests and may veto AL state changes.
#include <cstdint>
#include <string>
#include <vector>

#include "maniplab/ethercat/frame.hpp"
#include "maniplab/ethercat/protocol.hpp"

namespace maniplab::ethercat {

struct SlaveIdentity {
  std::uint32_t vendor = 0, product = 0, revision = 0, serial = 0;
  std::string name, group, order;
};

/// ManipLab's virtual drive identity (a vendor ID outside the ETG-assigned range is used on purpose: the
/// master recognises virtual drives by it and offers the simulation-only objects).
constexpr std::uint32_t kManipLabVendor = 0x00ABCDEF, kVirtualDriveProduct = 0x00000402;

namespace esc {
constexpr std::uint16_t MbxOut = 0x1000, MbxIn = 0x1080, MbxSize = 128, Outputs = 0x1100, Inputs = 0x1180;
}

class EscApplication {
 public:
  virtual ~EscApplication() = default;
  /// Expedited SDO upload: value and size (1, 2 or 4 bytes); returns 0 or an abort code.
  virtual std::uint32_t sdoUpload(std::uint16_t index, std::uint8_t sub, std::uint32_t& value, int& size) = 0;
  /// Expedited SDO download of `size` bytes (0: unspecified); returns 0 or an abort code.
  virtual std::uint32_t sdoDownload(std::uint16_t index, std::uint8_t sub, std::uint32_t value, int size) = 0;
  /// Called after the AL state changed.
  virtual void alStateChanged(std::uint8_t /*state*/) {}
};

/// The SII EEPROM image of a slave (words): identity, mailbox, CoE, strings, general, SM and PDO
/// categories (ETG.2010).
std::vector<std::uint16_t> buildSiiImage(const SlaveIdentity& id, std::uint16_t rxPdoBytes, std::uint16_t txPdoBytes);

class VirtualEsc {
 public:
  VirtualEsc(const SlaveIdentity& id, std::uint16_t rxPdoBytes, std::uint16_t txPdoBytes, EscApplication* app);

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
  /// Fault injection: the next request of `state` is refused with `code` (0: none).
  void refuseState(std::uint8_t state, std::uint16_t code) { refuseState_ = state; refuseCode_ = code; }
  const std::vector<std::uint16_t>& sii() const { return sii_; }
  std::uint16_t rxPdoBytes() const { return rxBytes_; }
  std::uint16_t txPdoBytes() const { return txBytes_; }

 private:
  void write(std::uint16_t ado, const std::uint8_t* src, std::uint16_t len);
  bool readAllowed(std::uint16_t ado, std::uint16_t len) const;
  void afterRead(std::uint16_t ado, std::uint16_t len);
  void alControl();
  void siiCommand();
  void mailboxReceived();
  int logical(DatagramView& d);
  bool smOk(int sm, std::uint16_t start, std::uint16_t len, std::uint8_t mode) const;
  void setAl(std::uint8_t state, bool error, std::uint16_t code);

  std::vector<std::uint8_t> mem_;
  std::vector<std::uint16_t> sii_;
  std::uint16_t rxBytes_, txBytes_;
  EscApplication* app_;
  std::uint8_t refuseState_ = 0;
  std::uint16_t refuseCode_ = 0;
};

}  // namespace maniplab::ethercat
