// EtherCAT frame codec: ETG.1000.4 §5 frame and datagram layout; Zanaboni 2009 Figs 8.2-8.4 (see frame.hpp).
#include "maniplab/ethercat/frame.hpp"

#include <cstring>

namespace maniplab::ethercat {

const char* commandName(Command c) {
  static const char* names[] = {"NOP", "APRD", "APWR", "APRW", "FPRD", "FPWR", "FPRW", "BRD",
                                "BWR", "BRW",  "LRD",  "LWR",  "LRW",  "ARMW", "FRMW"};
  const auto i = std::size_t(c);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}

bool isRead(Command c) {
  switch (c) {
    case Command::APRD: case Command::APRW: case Command::FPRD: case Command::FPRW: case Command::BRD:
    case Command::BRW: case Command::LRD: case Command::LRW: case Command::ARMW: case Command::FRMW:
      return true;
    default:
      return false;
  }
}

bool isWrite(Command c) {
  switch (c) {
    case Command::APWR: case Command::APRW: case Command::FPWR: case Command::FPRW: case Command::BWR:
    case Command::BRW: case Command::LWR: case Command::LRW: case Command::ARMW: case Command::FRMW:
      return true;
    default:
      return false;
  }
}

bool isLogical(Command c) { return c == Command::LRD || c == Command::LWR || c == Command::LRW; }

FrameBuilder::FrameBuilder(std::uint8_t* buf, const Mac& src, const Mac& dst) : buf_(buf), pos_(kEthHeader + kEcatHeader) {
  std::memcpy(buf_, dst.data(), 6);
  std::memcpy(buf_ + 6, src.data(), 6);
  buf_[12] = std::uint8_t(kEtherType >> 8);
  buf_[13] = std::uint8_t(kEtherType & 0xff);
}

std::size_t FrameBuilder::room() const {
  const std::size_t used = pos_ + kDatagramHeader + kWkcSize;
  return used >= kMaxFrame ? 0 : kMaxFrame - used;
}

std::size_t FrameBuilder::add(Command cmd, std::uint8_t index, std::uint32_t address, std::uint16_t length,
                              const std::uint8_t* data, std::uint16_t wkc) {
  if (length > 0x7ff || std::size_t(length) > room()) return 0;
  std::uint8_t* h = buf_ + pos_;
  h[0] = std::uint8_t(cmd);
  h[1] = index;
  put32(h + 2, address);
  put16(h + 6, length);  // M set by finish()
  put16(h + 8, 0);       // IRQ
  const std::size_t dataOff = pos_ + kDatagramHeader;
  if (data) std::memcpy(buf_ + dataOff, data, length);
  else std::memset(buf_ + dataOff, 0, length);
  put16(buf_ + dataOff + length, wkc);
  if (lastHeader_) put16(buf_ + lastHeader_ + 6, std::uint16_t(get16(buf_ + lastHeader_ + 6) | 0x8000));
  lastHeader_ = pos_;
  pos_ = dataOff + length + kWkcSize;
  return dataOff;
}

std::size_t FrameBuilder::finish() {
  const std::size_t len = pos_ - kEthHeader - kEcatHeader;
  put16(buf_ + kEthHeader, std::uint16_t((len & 0x7ff) | (1u << 12)));
  std::size_t n = pos_;
  if (n < kMinFrame) {
    std::memset(buf_ + n, 0, kMinFrame - n);
    n = kMinFrame;
  }
  return n;
}

bool parseFrame(std::uint8_t* f, std::size_t size, std::vector<DatagramView>& out, std::string* error) {
  out.clear();
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (size < kEthHeader + kEcatHeader) return fail("frame shorter than the Ethernet and EtherCAT headers");
  const std::uint16_t type = std::uint16_t((f[12] << 8) | f[13]);
  if (type != kEtherType) return fail("EtherType is not 0x88A4");
  const std::uint16_t eh = get16(f + kEthHeader);
  const std::size_t len = eh & 0x7ff;
  if ((eh >> 12) != 1) return fail("EtherCAT header type " + std::to_string(eh >> 12) + " is not 1 (datagrams)");
  const std::size_t end = kEthHeader + kEcatHeader + len;
  if (end > size) return fail("EtherCAT length " + std::to_string(len) + " exceeds the frame");
  std::size_t pos = kEthHeader + kEcatHeader;
  for (;;) {
    if (pos + kDatagramHeader + kWkcSize > end) return fail("truncated datagram header at byte " + std::to_string(pos));
    DatagramView d;
    d.header = f + pos;
    d.cmd = Command(f[pos]);
    if (f[pos] > std::uint8_t(Command::FRMW)) return fail("unknown command " + std::to_string(f[pos]));
    d.index = f[pos + 1];
    const std::uint16_t lf = get16(f + pos + 6);
    d.length = lf & 0x7ff;
    d.circulating = (lf & 0x4000) != 0;
    const bool more = (lf & 0x8000) != 0;
    d.data = f + pos + kDatagramHeader;
    pos += kDatagramHeader + d.length + kWkcSize;
    if (pos > end) return fail("datagram " + std::to_string(out.size() + 1) + " overruns the EtherCAT length");
    out.push_back(d);
    if (!more) break;
  }
  if (pos != end) return fail("EtherCAT length does not match the datagrams (" + std::to_string(end - pos) + " bytes left)");
  return true;
}

const char* replyKindName(ReplyKind k) {
  switch (k) {
    case ReplyKind::Reply: return "reply";
    case ReplyKind::Invalid: return "invalid frame";
    case ReplyKind::Unprocessed: return "own frame, unprocessed (no slave counted or changed it)";
    case ReplyKind::Foreign: return "frame of another source";
    case ReplyKind::Stale: return "stale reply (earlier datagram index)";
    case ReplyKind::Mismatch: return "reply with other datagrams";
  }
  return "?";
}

ReplyKind classifyReply(std::uint8_t* f, std::size_t size, const std::uint8_t* request,
                        const std::vector<DatagramView>& req, std::vector<DatagramView>& views) {
  if (!parseFrame(f, size, views)) return ReplyKind::Invalid;
  // Source MAC: the request's, bit 1 of the first byte (set by a forwarding ESC) aside.
  if (((f[6] ^ request[6]) & ~0x02) != 0 || std::memcmp(f + 7, request + 7, 5) != 0) return ReplyKind::Foreign;
  if (views.empty() || req.empty() || views[0].index != req[0].index) return ReplyKind::Stale;
  if (views.size() != req.size()) return ReplyKind::Mismatch;
  for (std::size_t k = 0; k < req.size(); ++k)
    if (views[k].cmd != req[k].cmd || views[k].index != req[k].index || views[k].length != req[k].length) return ReplyKind::Mismatch;
  if (isForwarded(f)) return ReplyKind::Reply;
  // No forwarded bit: a reply only if a slave visibly processed it (a working counter or data changed).
  for (std::size_t k = 0; k < req.size(); ++k)
    if (views[k].wkc() != req[k].wkc() || std::memcmp(views[k].data, req[k].data, req[k].length) != 0) return ReplyKind::Reply;
  return ReplyKind::Unprocessed;
}

std::vector<std::uint8_t> encodeFrame(const std::vector<Datagram>& dgs, const Mac& src, const Mac& dst) {
  std::vector<std::uint8_t> buf(kMaxFrame);
  FrameBuilder b(buf.data(), src, dst);
  for (const auto& d : dgs)
    if (!b.add(d.cmd, d.index, d.address, std::uint16_t(d.data.size()), d.data.data(), d.wkc)) return {};
  buf.resize(b.finish());
  return buf;
}

bool decodeFrame(std::vector<std::uint8_t> frame, std::vector<Datagram>& out, std::string* error) {
  std::vector<DatagramView> v;
  out.clear();
  if (!parseFrame(frame.data(), frame.size(), v, error)) return false;
  for (const auto& d : v)
    out.push_back({d.cmd, d.index, get32(d.header + 2), std::vector<std::uint8_t>(d.data, d.data + d.length), d.wkc()});
  return true;
}

}  // namespace maniplab::ethercat
