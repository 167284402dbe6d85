// The master's distributed-clocks sequence (Beckhoff ESC datasheet section I §9; the arithmetic is
// distributed_clocks.cpp): receive-time latch, topology and propagation delays, system time offsets and
// delays, static drift compensation, SYNC0. See master.hpp.
#include "maniplab/ethercat/master.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>
#include <thread>

#include "master_internal.hpp"

namespace maniplab::ethercat {

using namespace master_detail;

// --- distributed clocks ----------------------------------------------------------------------------------

std::string Master::configureDc(const DriveSetup&) {
  dcActive_ = false;
  dcRef_ = -1;
  const int n = slaveCount();
  for (auto& s : slaves_) s.dc = s.dcReference = false, s.dcDelay = 0, s.dcDiff = s.dcWorstDiff = 0;
  if (opt_.distributedClocks == MasterOptions::Dc::Off) return {};
  // Who takes part: every slave needs DC (ESC feature bit 2) and a SYNC0 activation.
  std::string why;
  for (int i = 0; i < n && why.empty(); ++i) {
    const auto& s = slaves_[std::size_t(i)];
    if (!(s.escFeatures & reg::FeatureDc)) why = slaveName(i) + " has no distributed clocks (ESC features register 0x0008 = " + hex4(s.escFeatures) + ")";
    else if (!(s.assignActivate & 0x0200))
      why = slaveName(i) + " has no SYNC0 activation (AssignActivate " + hex4(s.assignActivate) + " from its drive profile, ESI or SII DC category)";
  }
  if (!why.empty()) {
    if (opt_.distributedClocks == MasterOptions::Dc::On) return "distributed clocks: " + why;
    notes_.push_back("distributed clocks not used: " + why);
    return {};
  }
  dcRef_ = 0;
  std::string e = dcDelaysAndOffsets();
  if (e.empty()) e = dcCompensateDrift();
  std::uint64_t start = 0;
  if (e.empty()) e = dcStartSync0(start);
  if (!e.empty()) return e;
  auto& ref = slaves_[0];
  const std::uint32_t cycle = std::uint32_t(std::llround(opt_.cyclePeriod * 1e9));
  ref.dcReference = true;
  // The master's frames pass the slaves `lead` before each SYNC0 (half a cycle unless set).
  const std::int64_t frameLead = opt_.dcSync0Lead >= 0 ? std::llround(opt_.dcSync0Lead * 1e9) : std::int64_t(cycle) / 2;
  dcPhase_ = ((std::int64_t(start % cycle) - frameLead) % std::int64_t(cycle) + std::int64_t(cycle)) % std::int64_t(cycle);
  dcActive_ = true;
  char b[160];
  std::snprintf(b, sizeof b, "distributed clocks: reference %s, %d ARMW drift frames, SYNC0 every %u ns from system time %llu",
                slaveName(0).c_str(), opt_.dcStaticFrames, cycle, (unsigned long long)start);
  notes_.push_back(b);
  std::lock_guard lk(m_);
  st_.slaves = slaves_;
  st_.dc = true;
  st_.dcReference = dcRef_;
  return {};
}

/// DC steps 1 and 2: latches the slaves' port receive times, derives the topology, the propagation delays
/// and the system time offsets (ESC datasheet section I §9), and writes them to each slave (0x0920, 0x0928).
std::string Master::dcDelaysAndOffsets() {
  const int n = slaveCount();
  std::string err;
  // 1. Latch the port receive times (a write to 0x0900 reaches every ESC) and read them.
  std::vector<Datagram> latch{{Command::BWR, 0, FrameBuilder::address(0, reg::DcRecvTimePort0), {0, 0, 0, 0}}};
  const std::uint64_t tMaster = dc::masterTimeNow();
  if (!transact(latch, err) || latch[0].wkc != n) return "distributed clocks: receive-time latch (BWR 0x0900) answered by " + std::to_string(latch[0].wkc) + " of " + std::to_string(n) + " slaves" + (err.empty() ? "" : ": " + err);
  std::vector<dc::ReceiveTimes> times(static_cast<std::size_t>(n));
  std::vector<std::uint16_t> dl(static_cast<std::size_t>(n));
  std::vector<bool> has(std::size_t(n), true);
  for (int i = 0; i < n; ++i) {
    auto& s = slaves_[std::size_t(i)];
    std::vector<Datagram> r{{Command::FPRD, 0, FrameBuilder::address(s.station, reg::DcRecvTimePort0), std::vector<std::uint8_t>(16)},
                            {Command::FPRD, 0, FrameBuilder::address(s.station, reg::DcRecvTimeEpu), std::vector<std::uint8_t>(8)},
                            {Command::FPRD, 0, FrameBuilder::address(s.station, reg::DlStatus), {0, 0}}};
    if (!transact(r, err) || r[0].wkc != 1 || r[1].wkc != 1 || r[2].wkc != 1)
      return "distributed clocks: " + slaveName(i) + ": receive times (registers 0x0900, 0x0918) not readable" + (err.empty() ? "" : ": " + err);
    for (int p = 0; p < 4; ++p) times[std::size_t(i)].port[std::size_t(p)] = get32(r[0].data.data() + 4 * p);
    times[std::size_t(i)].epu = std::uint64_t(get32(r[1].data.data())) | (std::uint64_t(get32(r[1].data.data() + 4)) << 32);
    dl[std::size_t(i)] = s.dlStatus = get16(r[2].data.data());
  }
  // 2. Topology, propagation delays, offsets.
  const dc::Topology topo = dc::topology(dl);
  if (!topo.ok) notes_.push_back("distributed clocks: " + topo.error + "; a line is assumed");
  const auto delays = dc::propagationDelays(topo, times, has, dcRef_);
  const auto offsets = dc::systemTimeOffsets(tMaster, times, delays);
  for (int i = 0; i < n; ++i) {
    auto& s = slaves_[std::size_t(i)];
    s.dcDelay = delays[std::size_t(i)];
    std::vector<Datagram> w{{Command::FPWR, 0, FrameBuilder::address(s.station, reg::DcSystemTimeOffset), std::vector<std::uint8_t>(8)},
                            {Command::FPWR, 0, FrameBuilder::address(s.station, reg::DcSystemTimeDelay), std::vector<std::uint8_t>(4)}};
    put32(w[0].data.data(), std::uint32_t(offsets[std::size_t(i)]));
    put32(w[0].data.data() + 4, std::uint32_t(offsets[std::size_t(i)] >> 32));
    put32(w[1].data.data(), std::uint32_t(delays[std::size_t(i)]));
    if (!transact(w, err) || w[0].wkc != 1 || w[1].wkc != 1)
      return "distributed clocks: " + slaveName(i) + ": system time offset/delay (registers 0x0920, 0x0928) not written" + (err.empty() ? "" : ": " + err);
  }
  return {};
}

/// DC step 3: static drift compensation (ESC datasheet section I §9).
std::string Master::dcCompensateDrift() {
  const int n = slaveCount();
  std::string err;
  auto& ref = slaves_[0];
  // 3. Static drift compensation: reset the control loops (speed counter start 0x0930, filter depths
  // 0x0934/0x0935 as the ESC datasheet recommends), then thousands of ARMW of the reference's system time.
  std::vector<Datagram> loop{{Command::BWR, 0, FrameBuilder::address(0, reg::DcTimeDiffFilterDepth), {0x00, 0x0C}},
                             {Command::BWR, 0, FrameBuilder::address(0, reg::DcSpeedCounterStart), {0x00, 0x10}}};
  transact(loop, err);
  for (int k = 0; k < opt_.dcStaticFrames; ++k) {
    std::vector<Datagram> a{{Command::ARMW, 0, FrameBuilder::address(std::uint16_t(-ref.position), reg::DcSystemTime), std::vector<std::uint8_t>(8)}};
    if (!transact(a, err) || a[0].wkc != n)
      return "distributed clocks: drift compensation (ARMW 0x0910, frame " + std::to_string(k + 1) + ") answered by " + std::to_string(a[0].wkc) +
             " of " + std::to_string(n) + " slaves" + (err.empty() ? "" : ": " + err);
  }
  return {};
}

/// DC step 4: each slave's SYNC0 cycle, start time and activation; `start` the first SYNC0 [ns, system time].
std::string Master::dcStartSync0(std::uint64_t& start) {
  const int n = slaveCount();
  std::string err;
  auto& ref = slaves_[0];
  // 4. SYNC0: off, cycle time, start time a whole number of cycles ahead (+ shift), activation.
  const std::uint32_t cycle = std::uint32_t(std::llround(opt_.cyclePeriod * 1e9));
  std::vector<Datagram> off{{Command::BWR, 0, FrameBuilder::address(0, reg::DcActivation), {0}}};
  transact(off, err);
  std::vector<Datagram> now{{Command::FPRD, 0, FrameBuilder::address(ref.station, reg::DcSystemTime), std::vector<std::uint8_t>(8)}};
  if (!transact(now, err) || now[0].wkc != 1) return "distributed clocks: the reference clock's system time (0x0910) not readable" + (err.empty() ? "" : ": " + err);
  const std::uint64_t sysNow = std::uint64_t(get32(now[0].data.data())) | (std::uint64_t(get32(now[0].data.data() + 4)) << 32);
  const std::uint64_t lead = std::max<std::uint64_t>(50000000ull, 20ull * cycle);  // the writes below take place before it
  start = dc::sync0Start(sysNow, cycle, 0, lead);
  for (int i = 0; i < n; ++i) {
    auto& s = slaves_[std::size_t(i)];
    const std::int32_t shift = s.sync0Shift;  // the drive profile's (sync0_shift_ns)
    std::vector<Datagram> w{{Command::FPWR, 0, FrameBuilder::address(s.station, reg::DcSync0Cycle), std::vector<std::uint8_t>(4)},
                            {Command::FPWR, 0, FrameBuilder::address(s.station, reg::DcStartTime), std::vector<std::uint8_t>(8)},
                            {Command::FPWR, 0, FrameBuilder::address(s.station, reg::DcCyclicUnitControl), {0, 0}}};
    put32(w[0].data.data(), cycle);
    const std::uint64_t st = std::uint64_t(std::int64_t(start) + shift);
    put32(w[1].data.data(), std::uint32_t(st));
    put32(w[1].data.data() + 4, std::uint32_t(st >> 32));
    put16(w[2].data.data(), s.assignActivate);
    if (!transact(w, err) || w[0].wkc != 1 || w[1].wkc != 1 || w[2].wkc != 1)
      return "distributed clocks: " + slaveName(i) + ": SYNC0 (registers 0x09A0, 0x0990, 0x0980) not written" + (err.empty() ? "" : ": " + err);
    s.dc = true;
  }
  return {};
}


}  // namespace maniplab::ethercat
