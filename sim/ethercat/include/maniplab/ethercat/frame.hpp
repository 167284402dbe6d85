#pragma once
// EtherCAT frame codec (ETG.1000.4 §5; Zanaboni 2009 §8.2.4 Figs 8.2-8.4, notes: ethercat-umis-notes.md §1).
//
// Layout (all multi-byte fields little endian except the Ethernet header, which is big endian):
//   Ethernet: destination MAC (6) | source MAC (6) | EtherType 0x88A4 (2)
//   EtherCAT header (2): bits 0-10 length of the datagrams that follow, bit 11 reserved, bits 12-15 type
//                        (1 = EtherCAT datagrams, "DLPDU")
//   datagram i: Cmd (1) | Idx (1) | Address (4: ADP 16 + ADO 16, or a 32-bit logical address) |
//               Len (2: bits 0-10 data length, 11-13 reserved, 14 C circulating, 15 M more datagrams) |
//               IRQ (2) | data (Len) | WKC (2)
//   padding to the 60-byte Ethernet minimum (the FCS is added by the NIC).
// The builder and the parser work in place on a caller's buffer: nothing is allocated per frame, and a
// slave can rewrite data and working counters of a parsed frame where they are.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace maniplab::ethercat {

constexpr std::uint16_t kEtherType = 0x88A4;
constexpr std::size_t kEthHeader = 14, kEcatHeader = 2, kDatagramHeader = 10, kWkcSize = 2;
constexpr std::size_t kMaxFrame = 1514, kMinFrame = 60;  ///< without FCS
constexpr std::size_t kMaxDatagramData = kMaxFrame - kEthHeader - kEcatHeader - kDatagramHeader - kWkcSize;

enum class Command : std::uint8_t {
  NOP = 0, APRD = 1, APWR = 2, APRW = 3, FPRD = 4, FPWR = 5, FPRW = 6, BRD = 7, BWR = 8, BRW = 9,
  LRD = 10, LWR = 11, LRW = 12, ARMW = 13, FRMW = 14
};
const char* commandName(Command c);
bool isRead(Command c);    ///< the command reads slave memory into the datagram
bool isWrite(Command c);   ///< the command writes datagram data into slave memory
bool isLogical(Command c);

using Mac = std::array<std::uint8_t, 6>;
constexpr Mac kBroadcastMac{0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

inline std::uint16_t get16(const std::uint8_t* p) { return std::uint16_t(p[0] | (p[1] << 8)); }
inline std::uint32_t get32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | (std::uint32_t(p[1]) << 8) | (std::uint32_t(p[2]) << 16) | (std::uint32_t(p[3]) << 24);
}
inline void put16(std::uint8_t* p, std::uint16_t v) { p[0] = std::uint8_t(v); p[1] = std::uint8_t(v >> 8); }
inline void put32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = std::uint8_t(v >> (8 * i));
}

/// A datagram of a parsed frame: pointers into the frame buffer (valid while the buffer is).
struct DatagramView {
  Command cmd = Command::NOP;
  std::uint8_t index = 0;
  std::uint8_t* header = nullptr;  ///< the 10-byte header in the buffer (ADP is rewritten by slaves)
  std::uint8_t* data = nullptr;
  std::uint16_t length = 0;
  bool circulating = false;
  std::uint16_t adp() const { return get16(header + 2); }
  std::uint16_t ado() const { return get16(header + 4); }
  std::uint32_t logical() const { return get32(header + 2); }
  std::uint16_t wkc() const { return get16(data + length); }
  void setWkc(std::uint16_t w) { put16(data + length, w); }
  void setAdp(std::uint16_t a) { put16(header + 2, a); }
};

/// Appends datagrams to a frame in `buf` (>= kMaxFrame bytes), then finishes the headers and padding.
class FrameBuilder {
 public:
  FrameBuilder(std::uint8_t* buf, const Mac& src, const Mac& dst = kBroadcastMac);
  /// Appends a datagram; `data` (may be null: zeros) of `length` bytes. Returns the offset of its data in
  /// the buffer, or 0 when the frame would overflow. Address: ADP | ADO << 16, or the logical address.
  std::size_t add(Command cmd, std::uint8_t index, std::uint32_t address, std::uint16_t length,
                  const std::uint8_t* data = nullptr, std::uint16_t wkc = 0);
  static std::uint32_t address(std::uint16_t adp, std::uint16_t ado) { return std::uint32_t(adp) | (std::uint32_t(ado) << 16); }
  /// Sets the M flags and the EtherCAT length, pads to 60 bytes; returns the frame length.
  std::size_t finish();
  std::size_t size() const { return pos_; }
  std::size_t room() const;  ///< data bytes still available for one more datagram

 private:
  std::uint8_t* buf_;
  std::size_t pos_;
  std::size_t lastHeader_ = 0;
};

/// Parses a frame (with its Ethernet header) in place. On failure returns false and says why in `error`
/// (wrong EtherType, type, truncated datagram, length mismatch...). `out` is cleared first.
bool parseFrame(std::uint8_t* frame, std::size_t size, std::vector<DatagramView>& out, std::string* error = nullptr);

/// Replies (ETG.1000.4 §5): a reply is the request frame after the slaves processed it, with the same
/// datagrams (command, index, length) and their data and working counters filled in. An ESC sets bit 1
/// (locally administered) of the first source-MAC byte of a frame it forwards; the master sends with that
/// bit cleared (masterSourceMac). Emulators, taps and some switches return processed frames without it,
/// so the bit is a hint, never the test: a frame with the request's source MAC (bit 1 aside), datagram
/// index, commands and lengths is the reply when it has the forwarded bit or when the slaves visibly
/// processed it (a working counter or a data byte differs from the request as sent). A frame identical
/// to the request is the master's own frame come back unprocessed (a loop-back without slaves, a tap
/// reflecting it): never a reply, and worth saying when no reply comes. (The raw-socket link drops the
/// frames the kernel shows leaving the host, PACKET_OUTGOING, before they get here.)
inline Mac masterSourceMac(const Mac& interfaceMac) {
  Mac m = interfaceMac;
  m[0] = std::uint8_t(m[0] & ~0x02u);
  return m;
}
inline bool isForwarded(const std::uint8_t* frame) { return (frame[6] & 0x02) != 0; }

enum class ReplyKind {
  Reply,         ///< the answer to the request (with or without the forwarded bit)
  Invalid,       ///< not a well-formed EtherCAT frame
  Unprocessed,   ///< the request itself, unchanged: no slave processed it (the master's own frame)
  NotForwarded = Unprocessed,  ///< former name
  Foreign,       ///< another source MAC
  Stale,         ///< an answer to an earlier request (another datagram index): late, ignored
  Mismatch,      ///< the request's index, other datagrams
};
const char* replyKindName(ReplyKind k);
/// Classifies a received frame against `request` (the frame as sent, `requestViews` its parsed
/// datagrams); parses it into `views` (valid when Reply, and also Stale/Mismatch/Unprocessed).
ReplyKind classifyReply(std::uint8_t* frame, std::size_t size, const std::uint8_t* request,
                        const std::vector<DatagramView>& requestViews, std::vector<DatagramView>& views);

/// Owning, allocating representation for tests and tools.
struct Datagram {
  Command cmd = Command::NOP;
  std::uint8_t index = 0;
  std::uint32_t address = 0;
  std::vector<std::uint8_t> data;
  std::uint16_t wkc = 0;
  bool operator==(const Datagram&) const = default;
};
std::vector<std::uint8_t> encodeFrame(const std::vector<Datagram>& dgs, const Mac& src, const Mac& dst = kBroadcastMac);
bool decodeFrame(std::vector<std::uint8_t> frame, std::vector<Datagram>& out, std::string* error = nullptr);

}  // namespace maniplab::ethercat
