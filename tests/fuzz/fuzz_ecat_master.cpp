// libFuzzer target: the EtherCAT master's handling of what comes back on the wire, end to end
// (sim/ethercat/src/master.cpp, master_coe.cpp): a master talks to one virtual drive (VirtualBus,
// processing each frame in this thread) through a link that alters the replies as the input says — a
// misbehaving slave, a switch, another master on the segment. The master scans the bus (station
// addresses, ESC registers, the whole SII EEPROM read word by word), brings the slave to PREOP
// (mailbox SyncManagers, AL control and status), then runs SDO uploads (expedited, normal, segmented,
// complete access), downloads (expedited and segmented), SDO information (object list, object and entry
// descriptions) and reads the emergencies it logged. Every call must return (an error in words or a
// result); nothing may crash, read outside a buffer or hang.
//
// Input: one operation byte per reply frame, then its operands (little endian):
//   0x00-0x0F  pass this reply and the next 2^(op&15)-1 unaltered;  0x10-0x1F  drop the reply (lost);
//   0x20-0x2F  set the working counter of datagram op&15 (mod count) to the next byte;
//   0x30-0x3F  overwrite in datagram op&15: offset u16, count u8, then the bytes;
//   0x40-0x4F  replace the reply by a frame of u16 length (at most 1514) made of the next bytes;
//   0x50       cut the reply to u16 bytes;  0x60  xor the byte at u16 offset with the next byte;
//   0x70       deliver the previous reply first (stale), then this one;  other: pass this reply.
// When the input runs out, or after kFrameBudget frames, the link is down: every call then fails fast.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/master.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/model/robot_file.hpp"

using namespace maniplab;
using namespace maniplab::ethercat;

namespace {

constexpr long kFrameBudget = 6000;

class FuzzLink final : public Link {
 public:
  FuzzLink(VirtualBus& bus, const std::uint8_t* data, std::size_t size) : bus_(bus), p_(data), end_(data + size) {}
  bool send(const std::uint8_t* f, std::size_t n) override {
    if (down_ || ++frames_ > kFrameBudget) return fail();
    std::vector<std::uint8_t> r(f, f + n);
    if (!bus_.processFrame(r.data(), r.size())) return true;  // not answered
    if (pass_ > 0) {
      --pass_;
      return deliver(std::move(r));
    }
    std::uint8_t op = 0;
    if (!byte(op)) return fail();
    std::vector<DatagramView> v;
    parseFrame(r.data(), r.size(), v);
    switch (op & 0xF0) {
      case 0x00: pass_ = (1L << (op & 15)) - 1; break;
      case 0x10: return true;
      case 0x20: {
        std::uint8_t w = 0;
        if (!byte(w)) return fail();
        if (!v.empty()) v[(op & 15) % v.size()].setWkc(w);
        break;
      }
      case 0x30: {
        std::uint16_t off = 0;
        std::uint8_t cnt = 0;
        if (!word(off) || !byte(cnt)) return fail();
        for (std::uint8_t k = 0; k < cnt; ++k) {
          std::uint8_t b = 0;
          if (!byte(b)) return fail();
          if (v.empty()) continue;
          auto& d = v[(op & 15) % v.size()];
          if (std::size_t(off) + k < d.length) d.data[off + k] = b;
        }
        break;
      }
      case 0x40: {
        std::uint16_t len = 0;
        if (!word(len)) return fail();
        r.assign(std::min<std::size_t>(len, kMaxFrame), 0);
        for (auto& b : r)
          if (!byte(b)) return fail();
        break;
      }
      case 0x50: {
        std::uint16_t len = 0;
        if (!word(len)) return fail();
        if (len < r.size()) r.resize(len);
        break;
      }
      case 0x60: {
        std::uint16_t off = 0;
        std::uint8_t x = 0;
        if (!word(off) || !byte(x)) return fail();
        if (off < r.size()) r[off] ^= x;
        break;
      }
      case 0x70:
        if (!last_.empty()) q_.push_back(last_);
        break;
      default: break;
    }
    return deliver(std::move(r));
  }
  long receive(std::uint8_t* buf, std::size_t cap, std::chrono::nanoseconds) override {
    if (down_) return -1;
    if (q_.empty()) return 0;  // a lost reply: the master's timeout, at once
    const auto f = std::move(q_.front());
    q_.pop_front();
    const std::size_t n = std::min(cap, f.size());
    std::memcpy(buf, f.data(), n);
    return long(n);
  }
  Mac mac() const override { return {0x02, 0x00, 0x00, 0x4d, 0x4c, 0x01}; }
  std::string describe() const override { return "fuzz link"; }
  bool isUp() const override { return !down_; }

 private:
  bool fail() {
    down_ = true;
    error_ = "fuzz input exhausted";
    return false;
  }
  bool deliver(std::vector<std::uint8_t> r) {
    last_ = r;
    q_.push_back(std::move(r));
    return true;
  }
  bool byte(std::uint8_t& b) {
    if (p_ == end_) return false;
    b = *p_++;
    return true;
  }
  bool word(std::uint16_t& w) {
    std::uint8_t a = 0, b = 0;
    if (!byte(a) || !byte(b)) return false;
    w = std::uint16_t(a | (b << 8));
    return true;
  }
  VirtualBus& bus_;
  const std::uint8_t* p_;
  const std::uint8_t* end_;
  bool down_ = false;
  long frames_ = 0, pass_ = 0;
  std::deque<std::vector<std::uint8_t>> q_;
  std::vector<std::uint8_t> last_;
};

const Model& oneJoint() {
  static const Model m = [] {
    auto r = loadRobotFile(std::string(MANIPLAB_SOURCE_DIR) + "/robots/planar2r.json");
    return r.model;
  }();
  return m;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  VirtualBusOptions bo;
  bo.emergencies = true;
  VirtualBus bus(oneJoint(), sim::PlantOptions{}, {}, bo);
  FuzzLink link(bus, data, size);
  MasterOptions mo;
  mo.realtime = false;
  mo.lockMemory = false;
  mo.acyclicTimeout = 0.001;
  mo.distributedClocks = MasterOptions::Dc::Off;
  Master master(link, mo);
  std::size_t total = 0;
  if (!master.scan().empty() || master.slaveCount() < 1) return 0;
  total += master.requestState(2, 0.05).size();
  for (int s = 0; s < master.slaveCount(); ++s) {
    total += master.sdoUpload(s, cia402::DeviceType, 0).error.size();
    total += master.sdoUpload(s, 0x2200, 0).data.size();                     // a text longer than the mailbox: segmented
    total += master.sdoUpload(s, 0x1A00, 0, true).data.size();               // complete access
    total += master.sdoDownload(s, cia402::ModesOfOperation, 0, {10}).error.size();
    total += master.sdoDownload(s, 0x2201, 0, std::vector<std::uint8_t>(300, 0x5A)).error.size();  // segmented
    std::vector<std::uint16_t> indices;
    total += master.sdoObjectList(s, indices).size() + indices.size();
    Master::ObjectInfo info;
    total += master.sdoObjectInfo(s, cia402::Statusword, info).size() + info.entries.size();
  }
  for (const auto& e : master.emergencies()) total += coe::emergencyText(e.emergency).size();
  total += master.status().slaves.size();
  [[maybe_unused]] static volatile std::size_t sink;
  sink = total;
  return 0;
}
