// libFuzzer target: a frame received by the EtherCAT master (sim/ethercat/src/frame.cpp): parseFrame,
// classifyReply against the master's cyclic request (ETG.1000.4 §5: FRMW of the DC reference's system
// time, the LRW of the process data, FPRDs of AL status and of the DC time difference, the mailbox poll)
// and decodeFrame. Each input is one received frame, Ethernet header first, in a buffer of exactly its
// size (so that AddressSanitizer sees a read past its end). Nothing may crash or read outside it; a reply
// classified as the answer has the request's datagrams, lengths and working counters inside the frame.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "maniplab/ethercat/frame.hpp"
#include "maniplab/ethercat/protocol.hpp"

namespace {
using namespace maniplab::ethercat;

constexpr Mac kMasterMac{0x02, 0x00, 0x00, 0x4d, 0x4c, 0x01};
constexpr std::uint8_t kIndex = 0x2A;

/// The master's cyclic frame (as Master::cycleLoop builds it) for one drive at station 0x1001.
struct Request {
  std::vector<std::uint8_t> frame;
  std::vector<DatagramView> views;
  Request() : frame(kMaxFrame) {
    FrameBuilder b(frame.data(), masterSourceMac(kMasterMac));
    b.add(Command::FRMW, kIndex, FrameBuilder::address(0x1001, reg::DcSystemTime), 8);
    b.add(Command::LRW, kIndex, 0x00010000, kRxPdoBytes + kTxPdoBytes);
    b.add(Command::FPRD, kIndex, FrameBuilder::address(0x1001, reg::AlStatus), 6);
    b.add(Command::FPRD, kIndex, FrameBuilder::address(0x1001, reg::DcSystemTimeDiff), 4);
    b.add(Command::FPRD, kIndex, FrameBuilder::address(0x1001, 0x080D), 1);
    frame.resize(b.finish());
    if (!parseFrame(frame.data(), frame.size(), views)) std::abort();
  }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Request req;
  std::vector<std::uint8_t> f(data, data + size);  // exactly `size` bytes on the heap
  std::vector<DatagramView> views;
  std::string err;
  const bool ok = parseFrame(f.data(), f.size(), views, &err);
  if (ok == !err.empty() && !ok) std::abort();  // a refusal always says why
  const std::uint8_t* end = f.data() + f.size();
  if (ok) {
    for (auto& d : views) {
      if (d.data < f.data() || d.data + d.length + kWkcSize > end) std::abort();
      (void)d.wkc();
      (void)d.adp();
    }
  }
  std::vector<Datagram> decoded;
  if (decodeFrame(f, decoded) != ok) std::abort();
  {
    const ReplyKind k = classifyReply(f.data(), f.size(), req.frame.data(), req.views, views);
    if (k == ReplyKind::Reply) {
      if (views.size() != req.views.size()) std::abort();
      std::uint32_t sum = 0;
      for (std::size_t i = 0; i < views.size(); ++i) {
        if (views[i].length != req.views[i].length || views[i].data + views[i].length + kWkcSize > end) std::abort();
        for (std::size_t j = 0; j < views[i].length; ++j) sum += views[i].data[j];
        sum += views[i].wkc();
      }
      [[maybe_unused]] static volatile std::uint32_t sink;
      sink = sum;  // keeps the reads
    }
  }
  return 0;
}
