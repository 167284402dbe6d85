// EtherCAT master: ETG.1000.4 datagram addressing, ETG.1000.6 §6.4 AL state machine, ETG.2010 SII,
// ETG.1000.6 §5.6.2 CoE SDO expedited transfers, IEC 61800-7-201 §6.2 CiA 402 drive state machine; the
// cyclic exchange of seed 003 §8.2.4 (one frame per control cycle, positions/velocities and commands in
// the same datagrams). See master.hpp.
#include "maniplab/ethercat/master.hpp"

#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace maniplab::ethercat {

namespace {
constexpr std::uint32_t kLogicalBase = 0x00010000;
constexpr std::uint32_t kStride = 32;
constexpr std::size_t kHistBins = 2001;  // 0..1999 us, then overflow

std::string hex4(unsigned v) {
  char b[8];
  std::snprintf(b, sizeof b, "0x%04X", v & 0xffff);
  return b;
}

timespec toTimespec(std::int64_t ns) { return {time_t(ns / 1000000000), long(ns % 1000000000)}; }
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}
std::int64_t monoNow() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return std::int64_t(t.tv_sec) * 1000000000 + t.tv_nsec;
}
}  // namespace

PiMutex::PiMutex(bool inherit) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_setprotocol(&a, inherit ? PTHREAD_PRIO_INHERIT : PTHREAD_PRIO_NONE);
  pthread_mutex_init(&m_, &a);
  pthread_mutexattr_destroy(&a);
}
PiMutex::~PiMutex() { pthread_mutex_destroy(&m_); }
void PiMutex::lock() { pthread_mutex_lock(&m_); }
bool PiMutex::try_lock() { return pthread_mutex_trylock(&m_) == 0; }
void PiMutex::unlock() { pthread_mutex_unlock(&m_); }

PiCondition::PiCondition() {
  pthread_condattr_t a;
  pthread_condattr_init(&a);
  pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
  pthread_cond_init(&c_, &a);
  pthread_condattr_destroy(&a);
}
PiCondition::~PiCondition() { pthread_cond_destroy(&c_); }
void PiCondition::notify_all() { pthread_cond_broadcast(&c_); }
timespec PiCondition::deadline(double seconds) {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  const double s = std::clamp(seconds, 0.0, 1e6);
  const auto whole = time_t(s);
  t.tv_sec += whole;
  t.tv_nsec += long((s - double(whole)) * 1e9);
  if (t.tv_nsec >= 1000000000L) {
    t.tv_nsec -= 1000000000L;
    ++t.tv_sec;
  }
  return t;
}
bool PiCondition::waitUntil(std::unique_lock<PiMutex>& lk, const timespec& until) {
  return pthread_cond_timedwait(&c_, lk.mutex()->native(), &until) != ETIMEDOUT;
}

double CycleStats::periodErrorQuantile(double p) const {
  long long total = 0;
  for (auto c : jitterHistogram) total += c;
  if (total == 0) return 0;
  const long long want = (long long)std::ceil(p * double(total));
  long long acc = 0;
  for (std::size_t i = 0; i < jitterHistogram.size(); ++i) {
    acc += jitterHistogram[i];
    if (acc >= want) return double(i + 1) * 1e-6;
  }
  return double(jitterHistogram.size()) * 1e-6;
}

struct Master::Pending {
  std::vector<Datagram>* dgs = nullptr;
  bool done = false, ok = false;
  int attempts = 0;
  std::string err;
};

Master::Master(Link& link, MasterOptions options)
    : link_(link), opt_(options), txBuf_(kMaxFrame + 64), rxBuf_(kMaxFrame + 64), m_(options.priorityInheritance) {
  st_.stats.nominalPeriod = opt_.cyclePeriod;
  st_.stats.jitterHistogram.assign(kHistBins, 0);
}

Master::~Master() { stopCyclic(); }

std::string Master::slaveName(int i) const {
  if (i < 0 || i >= int(slaves_.size())) return "slave " + std::to_string(i + 1);
  const auto& n = slaves_[std::size_t(i)].identity.name;
  return "slave " + std::to_string(i + 1) + (n.empty() ? "" : " (" + n + ")");
}

bool Master::exchangeDirect(std::vector<Datagram>& dgs, std::string& err) {
  std::vector<DatagramView> views, request;
  for (int attempt = 0; attempt < 3; ++attempt) {
    const std::uint8_t idx = ++index_;
    FrameBuilder b(txBuf_.data(), masterSourceMac(link_.mac()));
    for (const auto& d : dgs)
      if (!b.add(d.cmd, idx, d.address, std::uint16_t(d.data.size()), d.data.data(), 0)) {
        err = "request does not fit in one frame";
        return false;
      }
    const std::size_t n = b.finish();
    parseFrame(txBuf_.data(), n, request);
    if (!link_.send(txBuf_.data(), n)) {
      err = link_.lastError();
      return false;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(opt_.acyclicTimeout);
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::nanoseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      const long r = link_.receive(rxBuf_.data(), rxBuf_.size(), left);
      if (r < 0) {
        err = "link down (" + link_.describe() + ": " + link_.lastError() + ")";
        return false;
      }
      if (r == 0) break;
      // Only the slaves' answer to this frame: not our own frame, not a late answer to an earlier one.
      if (classifyReply(rxBuf_.data(), std::size_t(r), txBuf_.data(), request, views) != ReplyKind::Reply) continue;
      for (std::size_t k = 0; k < dgs.size(); ++k) {
        std::memcpy(dgs[k].data.data(), views[k].data, views[k].length);
        dgs[k].wkc = views[k].wkc();
      }
      return true;
    }
  }
  err = "no reply from the bus (3 attempts, " + link_.describe() + ")";
  return false;
}

bool Master::transact(std::vector<Datagram>& dgs, std::string& err) {
  if (!running_.load()) return exchangeDirect(dgs, err);
  Pending p;
  p.dgs = &dgs;
  std::unique_lock lk(m_);
  if (!cv_.wait_for(lk, std::chrono::seconds(2), [&] { return pending_ == nullptr || !running_.load(); })) {
    err = "acyclic request queue busy";
    return false;
  }
  pending_ = &p;
  const bool ok = cv_.wait_for(lk, std::chrono::seconds(2), [&] { return p.done || !running_.load(); });
  if (pending_ == &p) pending_ = nullptr;
  cv_.notify_all();
  if (!ok || !p.done) {
    err = "no reply from the bus within 2 s";
    return false;
  }
  if (!p.ok) err = p.err;
  return p.ok;
}

bool Master::siiRead(int s, std::uint32_t word, std::uint32_t& value, std::string& err) {
  const std::uint16_t st = slaves_[std::size_t(s)].station;
  std::vector<Datagram> w{{Command::FPWR, 0, FrameBuilder::address(st, reg::SiiControl), std::vector<std::uint8_t>(6)}};
  put16(w[0].data.data(), reg::SiiReadCommand);
  put32(w[0].data.data() + 2, word);
  if (!transact(w, err)) return false;
  if (w[0].wkc != 1) {
    err = "SII read command not acknowledged (WKC " + std::to_string(w[0].wkc) + ")";
    return false;
  }
  for (int k = 0; k < 100; ++k) {
    std::vector<Datagram> r{{Command::FPRD, 0, FrameBuilder::address(st, reg::SiiControl), std::vector<std::uint8_t>(10)}};
    if (!transact(r, err)) return false;
    if (r[0].wkc != 1) {
      err = "SII status not readable (WKC " + std::to_string(r[0].wkc) + ")";
      return false;
    }
    if (!(get16(r[0].data.data()) & (reg::SiiBusy | reg::SiiReadCommand))) {
      value = get32(r[0].data.data() + 6);
      return true;
    }
  }
  err = "SII stays busy";
  return false;
}

std::string Master::readSii(int s) {
  SlaveInfo& si = slaves_[std::size_t(s)];
  std::string err;
  std::uint32_t v = 0;
  auto rd = [&](std::uint32_t w) {
    if (!siiRead(s, w, v, err)) throw std::runtime_error("SII word " + hex4(w) + ": " + err);
    return v;
  };
  try {
    si.identity.vendor = rd(sii::VendorId);
    si.identity.product = rd(sii::ProductCode);
    si.identity.revision = rd(sii::RevisionNo);
    si.identity.serial = rd(sii::SerialNo);
    std::uint32_t x = rd(sii::StdRxMbxOffset);
    si.mbxOut = std::uint16_t(x);
    si.mbxOutSize = std::uint16_t(x >> 16);
    x = rd(sii::StdTxMbxOffset);
    si.mbxIn = std::uint16_t(x);
    si.mbxInSize = std::uint16_t(x >> 16);
    si.mailboxProtocols = std::uint16_t(rd(sii::MailboxProtocol));
    std::vector<std::string> strings;
    int nameIdx = 0, groupIdx = 0, orderIdx = 0;
    std::uint32_t w = sii::FirstCategory;
    for (int guard = 0; guard < 64; ++guard) {
      const std::uint32_t h = rd(w);
      const std::uint16_t type = std::uint16_t(h), size = std::uint16_t(h >> 16);
      if (type == sii::CatEnd || type == 0 || size > 2048) break;
      std::vector<std::uint8_t> body;
      for (std::uint32_t k = 0; k < size; k += 2) {
        const std::uint32_t d = rd(w + 2 + k);
        for (int b = 0; b < 4 && body.size() < std::size_t(size) * 2; ++b) body.push_back(std::uint8_t(d >> (8 * b)));
      }
      if (type == sii::CatStrings && !body.empty()) {
        std::size_t p = 1;
        for (int i = 0; i < body[0] && p < body.size(); ++i) {
          const std::size_t len = body[p++];
          strings.emplace_back(body.begin() + long(p), body.begin() + long(std::min(body.size(), p + len)));
          p += len;
        }
      } else if (type == sii::CatGeneral && body.size() >= 4) {
        groupIdx = body[0];
        orderIdx = body[2];
        nameIdx = body[3];
      } else if ((type == sii::CatTxPdo || type == sii::CatRxPdo) && body.size() >= 8) {
        std::size_t p = 0, bits = 0;
        while (p + 8 <= body.size()) {
          const int n = body[p + 2];
          p += 8;
          for (int e = 0; e < n && p + 8 <= body.size(); ++e, p += 8) bits += body[p + 5];
        }
        (type == sii::CatRxPdo ? si.rxBytes : si.txBytes) = std::uint16_t((bits + 7) / 8);
      }
      w += 2 + size;
    }
    auto str = [&](int i) { return i >= 1 && i <= int(strings.size()) ? strings[std::size_t(i - 1)] : std::string(); };
    si.identity.name = str(nameIdx);
    si.identity.group = str(groupIdx);
    si.identity.order = str(orderIdx);
  } catch (const std::exception& e) {
    return slaveName(s) + ": " + e.what();
  }
  return {};
}

std::string Master::scan() {
  stopCyclic();
  slaves_.clear();
  std::string err;
  std::vector<Datagram> c{{Command::BRD, 0, FrameBuilder::address(0, reg::Type), std::vector<std::uint8_t>(1)}};
  if (!transact(c, err)) return "scan: " + err;
  const int n = c[0].wkc;
  if (n == 0) return "scan: no slave answered on " + link_.describe();
  // Reset: INIT with error acknowledge, FMMUs and SyncManagers off.
  std::vector<Datagram> r{{Command::BWR, 0, FrameBuilder::address(0, reg::AlControl), {0x11, 0x00}},
                          {Command::BWR, 0, FrameBuilder::address(0, reg::Fmmu0), std::vector<std::uint8_t>(48)},
                          {Command::BWR, 0, FrameBuilder::address(0, reg::Sm0), std::vector<std::uint8_t>(32)}};
  if (!transact(r, err)) return "scan: reset to INIT: " + err;
  for (int i = 0; i < n; ++i) {
    SlaveInfo si;
    si.position = i;
    si.station = std::uint16_t(0x1001 + i);
    std::vector<Datagram> a{{Command::APWR, 0, FrameBuilder::address(std::uint16_t(-i), reg::StationAddress), {0, 0}}};
    put16(a[0].data.data(), si.station);
    if (!transact(a, err) || a[0].wkc != 1) return "scan: slave " + std::to_string(i + 1) + ": station address not set" + (err.empty() ? "" : ": " + err);
    slaves_.push_back(si);
  }
  for (int i = 0; i < n; ++i) {
    const std::string e = readSii(i);
    if (!e.empty()) return "scan: " + e;
    std::vector<Datagram> s{{Command::FPRD, 0, FrameBuilder::address(slaves_[std::size_t(i)].station, reg::AlStatus), std::vector<std::uint8_t>(6)}};
    if (!transact(s, err) || s[0].wkc != 1) return "scan: " + slaveName(i) + ": AL status not readable";
    slaves_[std::size_t(i)].alStatus = get16(s[0].data.data());
    slaves_[std::size_t(i)].alStatusCode = get16(s[0].data.data() + 4);
  }
  std::lock_guard lk(m_);
  st_.slaves = slaves_;
  st_.phase = "INIT";
  return {};
}

std::string Master::requestState(std::uint8_t state, double timeout) {
  std::string err;
  const std::string want = alStateName(state);
  if (state == 2) {
    // Mailbox SyncManagers from the SII (SM0 master -> slave, SM1 slave -> master).
    for (int i = 0; i < slaveCount(); ++i) {
      const auto& s = slaves_[std::size_t(i)];
      if (!s.mbxOutSize) continue;
      std::vector<Datagram> d{{Command::FPWR, 0, FrameBuilder::address(s.station, reg::Sm0), std::vector<std::uint8_t>(16)}};
      std::uint8_t* p = d[0].data.data();
      put16(p, s.mbxOut); put16(p + 2, s.mbxOutSize); p[4] = 0x26; p[6] = 1;
      put16(p + 8, s.mbxIn); put16(p + 10, s.mbxInSize); p[12] = 0x22; p[14] = 1;
      if (!transact(d, err) || d[0].wkc != 1) return slaveName(i) + ": mailbox SyncManagers not written" + (err.empty() ? "" : ": " + err);
    }
  }
  for (int i = 0; i < slaveCount(); ++i) {
    std::vector<Datagram> d{{Command::FPWR, 0, FrameBuilder::address(slaves_[std::size_t(i)].station, reg::AlControl), {state, 0}}};
    if (!transact(d, err) || d[0].wkc != 1) return slaveName(i) + ": AL control not written" + (err.empty() ? "" : ": " + err);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
  std::vector<bool> done(std::size_t(slaveCount()), false);
  for (;;) {
    std::string errors;
    int pending = 0;
    for (int i = 0; i < slaveCount(); ++i) {
      if (done[std::size_t(i)]) continue;
      auto& s = slaves_[std::size_t(i)];
      std::vector<Datagram> d{{Command::FPRD, 0, FrameBuilder::address(s.station, reg::AlStatus), std::vector<std::uint8_t>(6)}};
      if (!transact(d, err) || d[0].wkc != 1) return slaveName(i) + ": AL status not readable" + (err.empty() ? "" : ": " + err);
      s.alStatus = get16(d[0].data.data());
      s.alStatusCode = get16(d[0].data.data() + 4);
      if ((s.alStatus & 0x1f) == state) done[std::size_t(i)] = true;
      else if (s.alStatus & kAlErrorFlag)
        errors += (errors.empty() ? "" : "; ") + slaveName(i) + " refused " + want + ": AL status " + alStateName(s.alStatus) +
                  ", AL status code " + alStatusCodeText(s.alStatusCode);
      else ++pending;
    }
    {
      std::lock_guard lk(m_);
      st_.slaves = slaves_;
    }
    if (!errors.empty()) return errors;
    if (!pending) break;
    if (std::chrono::steady_clock::now() > deadline) {
      std::string e;
      for (int i = 0; i < slaveCount(); ++i)
        if (!done[std::size_t(i)]) e += (e.empty() ? "" : "; ") + slaveName(i) + " did not reach " + want + " (AL status " + alStateName(slaves_[std::size_t(i)].alStatus) + ")";
      return e;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  std::lock_guard lk(m_);
  st_.phase = want;
  return {};
}

Master::SdoResult Master::sdoRead(int slave, std::uint16_t index, std::uint8_t sub) { return sdoWrite(slave, index, sub, 0, -1); }

Master::SdoResult Master::sdoWrite(int slave, std::uint16_t index, std::uint8_t sub, std::uint32_t value, int size) {
  // A reply lost after the slave emptied its mailbox cannot be read again: the whole (idempotent)
  // expedited transfer is repeated, up to 3 times.
  SdoResult r;
  for (int attempt = 0; attempt < 3; ++attempt) {
    bool retry = false;
    r = sdoOnce(slave, index, sub, value, size, retry);
    if (r.ok || !retry) break;
  }
  return r;
}

Master::SdoResult Master::sdoOnce(int slave, std::uint16_t index, std::uint8_t sub, std::uint32_t value, int size, bool& retry) {
  SdoResult res;
  const bool upload = size < 0;
  char what[32];
  std::snprintf(what, sizeof what, "SDO 0x%04X:%02X", index, sub);
  auto fail = [&](const std::string& e) {
    res.error = slaveName(slave) + ": " + what + (upload ? " upload: " : " download: ") + e;
    return res;
  };
  if (slave < 0 || slave >= slaveCount()) return fail("no such slave");
  const auto& s = slaves_[std::size_t(slave)];
  if (!(s.mailboxProtocols & sii::ProtoCoE) || !s.mbxOutSize) return fail("the slave has no CoE mailbox");
  if (!upload && (size < 1 || size > 4)) return fail("expedited transfers carry 1 to 4 bytes");
  mbx::Sdo rq;
  rq.service = mbx::CoeSdoRequest;
  rq.command = upload ? mbx::UploadRequest : mbx::DownloadExpedited(size);
  rq.index = index;
  rq.subindex = sub;
  rq.data = upload ? 0 : value;
  mbxCounter_ = std::uint8_t(mbxCounter_ % 7 + 1);
  rq.counter = mbxCounter_;
  std::string err;
  std::vector<Datagram> w{{Command::FPWR, 0, FrameBuilder::address(s.station, s.mbxOut), std::vector<std::uint8_t>(s.mbxOutSize)}};
  mbx::encodeSdo(rq, w[0].data.data(), s.mbxOutSize);
  if (!transact(w, err)) return fail(err);
  if (w[0].wkc != 1) return fail("mailbox write not accepted (WKC " + std::to_string(w[0].wkc) + ")");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  for (;;) {
    std::vector<Datagram> st{{Command::FPRD, 0, FrameBuilder::address(s.station, std::uint16_t(reg::Sm0 + reg::SmSize + 5)), {0}}};
    if (!transact(st, err)) return fail(err);
    if (st[0].wkc == 1 && (st[0].data[0] & 0x08)) break;
    if (std::chrono::steady_clock::now() > deadline) {
      retry = true;
      return fail("no mailbox answer within 1 s");
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  std::vector<Datagram> r{{Command::FPRD, 0, FrameBuilder::address(s.station, s.mbxIn), std::vector<std::uint8_t>(s.mbxInSize)}};
  if (!transact(r, err)) return fail(err);
  if (r[0].wkc != 1) {
    retry = true;
    return fail("mailbox read not accepted (reply lost?)");
  }
  mbx::Sdo rs;
  std::string why;
  if (!mbx::decodeSdo(r[0].data.data(), r[0].data.size(), rs, &why)) return fail(why);
  if (rs.index != index || rs.subindex != sub) return fail("answer for another object");
  if (rs.command == mbx::Abort) {
    res.abortCode = rs.data;
    return fail("aborted: " + sdoAbortText(rs.data));
  }
  if (upload) {
    if ((rs.command & 0xE0) != 0x40 || !(rs.command & 0x02)) return fail("not an expedited upload response");
    int n = (rs.command & 0x01) ? 4 - ((rs.command >> 2) & 3) : 4;
    res.value = n == 4 ? rs.data : rs.data & ((1u << (8 * n)) - 1);
  } else if (rs.command != mbx::DownloadResponse) {
    return fail("unexpected response command " + std::to_string(rs.command));
  }
  res.ok = true;
  return res;
}

std::string Master::configureDrives(const DriveSetup& setup) {
  const int n = slaveCount();
  if (!setup.gear.empty() && int(setup.gear.size()) != n)
    return "the bus has " + std::to_string(n) + " slave(s), the robot file " + std::to_string(setup.gear.size()) + " joint(s)";
  // 0x60C2: value x 10^index s.
  int ipIndex = -3;
  long ipValue = 0;
  for (int idx = -3; idx >= -6; --idx) {
    const double v = opt_.cyclePeriod * std::pow(10.0, -idx);
    if (std::abs(v - std::round(v)) < 1e-6 * v && std::round(v) <= 255 && std::round(v) >= 1) {
      ipIndex = idx;
      ipValue = std::lround(v);
      break;
    }
  }
  if (!ipValue) return "cycle period " + std::to_string(opt_.cyclePeriod) + " s cannot be written to 0x60C2 (value x 10^index s)";
  for (int i = 0; i < n; ++i) {
    auto& s = slaves_[std::size_t(i)];
    auto chk = [&](const SdoResult& r) {
      if (!r.ok) throw std::runtime_error(r.error);
      return r.value;
    };
    try {
      chk(sdoWrite(i, cia402::ModesOfOperation, 0, std::uint8_t(setup.mode), 1));
      chk(sdoWrite(i, cia402::InterpolationPeriod, 1, std::uint32_t(ipValue), 1));
      chk(sdoWrite(i, cia402::InterpolationPeriod, 2, std::uint8_t(std::int8_t(ipIndex)), 1));
      const double incs = chk(sdoRead(i, cia402::EncoderResolution, 1));
      const double motorRevs = chk(sdoRead(i, cia402::EncoderResolution, 2));
      const double gm = chk(sdoRead(i, cia402::GearRatio, 1));
      const double gs = chk(sdoRead(i, cia402::GearRatio, 2));
      const double rated = chk(sdoRead(i, cia402::MotorRatedTorque, 0));
      if (incs <= 0 || motorRevs <= 0 || gm <= 0 || gs <= 0 || rated <= 0)
        return slaveName(i) + ": scaling objects 0x608F/0x6091/0x6076 hold zero";
      const double ratio = gm / gs;
      if (!setup.gear.empty()) {
        const double g = std::abs(setup.gear[std::size_t(i)]);
        if (std::abs(ratio - g) > 1e-3 * g) {
          std::ostringstream o;
          o << slaveName(i) << ": gear ratio 0x6091 = " << gm << "/" << gs << " = " << ratio << " differs from the robot file's "
            << g << " (joint " << (i < int(setup.jointNames.size()) ? setup.jointNames[std::size_t(i)] : std::to_string(i + 1)) << ")";
          return o.str();
        }
      }
      const bool rev = setup.revolute.empty() || setup.revolute[std::size_t(i)];
      s.countsPerUnit = incs / motorRevs * ratio / (rev ? 2 * M_PI : 1.0);
      s.ratedTorque = rated / 1000.0 * ratio;
      if (setup.mode == cia402::ModeCSP && i < int(setup.cspKp.size()) && s.identity.vendor == kManipLabVendor) {
        std::uint32_t b;
        std::memcpy(&b, &setup.cspKp[std::size_t(i)], 4);
        chk(sdoWrite(i, cia402::CspStiffness, 0, b, 4));
        std::memcpy(&b, &setup.cspKd[std::size_t(i)], 4);
        chk(sdoWrite(i, cia402::CspDamping, 0, b, 4));
      }
    } catch (const std::exception& e) {
      return e.what();
    }
  }
  return {};
}

std::string Master::configureProcessData() {
  std::string err;
  for (int i = 0; i < slaveCount(); ++i) {
    const auto& s = slaves_[std::size_t(i)];
    if (s.rxBytes + s.txBytes > kStride) return slaveName(i) + ": process data larger than " + std::to_string(kStride) + " bytes";
    if (s.rxBytes != kRxPdoBytes || s.txBytes != kTxPdoBytes)
      return slaveName(i) + ": PDO sizes " + std::to_string(s.rxBytes) + "/" + std::to_string(s.txBytes) +
             " bytes differ from the CiA 402 mapping the master uses (8/14)";
    std::vector<Datagram> d{{Command::FPWR, 0, FrameBuilder::address(s.station, std::uint16_t(reg::Sm0 + 2 * reg::SmSize)), std::vector<std::uint8_t>(16)},
                            {Command::FPWR, 0, FrameBuilder::address(s.station, reg::Fmmu0), std::vector<std::uint8_t>(32)}};
    std::uint8_t* p = d[0].data.data();
    put16(p, esc::Outputs); put16(p + 2, s.rxBytes); p[4] = 0x64; p[6] = 1;
    put16(p + 8, esc::Inputs); put16(p + 10, s.txBytes); p[12] = 0x20; p[14] = 1;
    std::uint8_t* f = d[1].data.data();
    const std::uint32_t L = kLogicalBase + kStride * std::uint32_t(i);
    put32(f, L); put16(f + 4, s.rxBytes); f[6] = 0; f[7] = 7; put16(f + 8, esc::Outputs); f[10] = 0; f[11] = 2; f[12] = 1;
    f += 16;
    put32(f, L + s.rxBytes); put16(f + 4, s.txBytes); f[6] = 0; f[7] = 7; put16(f + 8, esc::Inputs); f[10] = 0; f[11] = 1; f[12] = 1;
    if (!transact(d, err) || d[0].wkc != 1 || d[1].wkc != 1)
      return slaveName(i) + ": SyncManager/FMMU configuration not written" + (err.empty() ? "" : ": " + err);
  }
  return {};
}

std::string Master::bringUp(const DriveSetup& setup) {
  fault_ = false;
  {
    std::lock_guard lk(m_);
    faultMsg_.clear();
  }
  std::string e = scan();
  if (e.empty()) e = requestState(2);
  if (e.empty()) e = configureDrives(setup);
  if (e.empty()) e = configureProcessData();
  if (e.empty()) e = requestState(4);
  if (!e.empty()) return e;
  startCyclic();
  Feedback fb;
  waitFeedback([](const Feedback& f) { return f.cycle >= 5; }, 2.0, fb);
  e = requestState(8);
  if (!e.empty()) {
    stopCyclic();
    return e;
  }
  // Drives may hold a fault from before (e.g. they left OP when the bus was reset): fault reset.
  return resetDriveFaults();
}

std::string Master::resetDriveFaults() {
  resetReq_ = true;
  Feedback fb;
  const bool ok = waitFeedback([](const Feedback& f) {
    if (!f.fresh) return false;
    for (auto sw : f.statusword) if (sw & 0x08) return false;
    return true;
  }, 2.0, fb);
  resetReq_ = false;
  if (ok) return {};
  std::string e;
  for (std::size_t i = 0; i < fb.statusword.size(); ++i)
    if (fb.statusword[i] & 0x08) e += (e.empty() ? "" : "; ") + slaveName(int(i)) + ": error code " + cia402::errorCodeText(fb.errorCode[i]);
  return "drive faults did not clear after a fault reset (" + e + ")";
}

void Master::shutdown() {
  if (running_.load()) {
    setEnable(false);
    Feedback fb;
    const auto c0 = feedback().cycle;
    waitFeedback([&](const Feedback& f) { return f.cycle >= c0 + 5; }, 1.0, fb);
  }
  stopCyclic();
  if (!slaves_.empty()) {
    std::string err;
    std::vector<Datagram> r{{Command::BWR, 0, FrameBuilder::address(0, reg::AlControl), {0x11, 0x00}}};
    transact(r, err);
    std::lock_guard lk(m_);
    st_.phase = "INIT";
  }
}

std::string Master::reconnect(const DriveSetup& setup) {
  stopCyclic();
  return bringUp(setup);
}

std::string Master::resetFault() {
  if (!running_.load()) return "the cyclic exchange is not running (reconnect instead)";
  enable_ = false;
  std::string err;
  for (int i = 0; i < slaveCount(); ++i) {
    auto& s = slaves_[std::size_t(i)];
    std::vector<Datagram> d{{Command::FPRD, 0, FrameBuilder::address(s.station, reg::AlStatus), std::vector<std::uint8_t>(6)}};
    if (!transact(d, err) || d[0].wkc != 1) return slaveName(i) + ": AL status not readable" + (err.empty() ? "" : ": " + err);
    const std::uint16_t al = get16(d[0].data.data());
    if (al & kAlErrorFlag) {
      std::vector<Datagram> a{{Command::FPWR, 0, FrameBuilder::address(s.station, reg::AlControl), {std::uint8_t((al & 0x0f) | kAlErrorFlag), 0}}};
      if (!transact(a, err)) return slaveName(i) + ": AL error not acknowledged: " + err;
    }
  }
  std::string e = requestState(8);
  if (!e.empty()) return e;
  {
    std::lock_guard lk(m_);
    faultMsg_.clear();
    st_.fault = false;
    st_.faultMessage.clear();
    st_.faultSlave = -1;
    st_.phase = "OP";
    fault_ = false;  // quick stop ends; the drives are still disabled (enable_ is false)
  }
  return resetDriveFaults();
}

void Master::setEnable(bool on) {
  std::lock_guard lk(m_);
  if (on && !enable_.load()) cmdValid_ = false;
  enable_ = on;
  st_.enabled = on;
}

void Master::writeSetpoints(const std::vector<std::int16_t>& torque, const std::vector<std::int32_t>& position) {
  std::lock_guard lk(m_);
  cmdTorque_ = torque;
  cmdPosition_ = position;
  cmdValid_ = true;
  seq_.fetch_add(1);
}

// The readers below share m_ with the cyclic thread. They copy into storage sized beforehand, outside
// the lock (vectors of the right size, strings with room), so that nothing is allocated while the cyclic
// thread may be waiting for the lock: a first allocation of a thread (its malloc arena, pages locked by
// mlockall) took milliseconds (maniplab-ecat-bench --poll-hz).

void Master::sizeFeedback(Feedback& out) const {
  std::size_t n;
  {
    std::lock_guard lk(m_);
    n = fb_.position.size();
  }
  out.position.resize(n);
  out.velocity.resize(n);
  out.torque.resize(n);
  out.statusword.resize(n);
  out.errorCode.resize(n);
}

Feedback Master::feedback() const {
  Feedback f;
  sizeFeedback(f);
  std::lock_guard lk(m_);
  f = fb_;  // same sizes: element-wise, no allocation
  return f;
}

std::string Master::faultMessage() const {
  std::string m;
  m.reserve(1024);
  std::lock_guard lk(m_);
  m = faultMsg_;
  return m;
}

MasterStatus Master::status() const {
  MasterStatus s;
  for (std::size_t room = 256;; room *= 4) {
    std::size_t nSlaves, nWarnings;
    {
      std::lock_guard lk(m_);
      nSlaves = st_.slaves.size();
      nWarnings = warnings_.size();
    }
    s.slaves.resize(nSlaves);
    for (auto& x : s.slaves) {
      x.identity.name.reserve(room);
      x.identity.group.reserve(room);
      x.identity.order.reserve(room);
    }
    s.warnings.resize(nWarnings);
    for (auto& w : s.warnings) w.reserve(2 * room);
    s.phase.reserve(32);
    s.faultMessage.reserve(4 * room);
    s.stats.jitterHistogram.resize(kHistBins);
    std::lock_guard lk(m_);
    bool fits = st_.slaves.size() == nSlaves && warnings_.size() == nWarnings && st_.stats.jitterHistogram.size() == kHistBins &&
                faultMsg_.size() <= s.faultMessage.capacity() && st_.phase.size() <= s.phase.capacity() &&
                st_.faultMessage.size() <= s.faultMessage.capacity();
    for (std::size_t i = 0; fits && i < nSlaves; ++i) {
      const auto& a = st_.slaves[i].identity;
      const auto& b = s.slaves[i].identity;
      fits = a.name.size() <= b.name.capacity() && a.group.size() <= b.group.capacity() && a.order.size() <= b.order.capacity();
    }
    for (std::size_t i = 0; fits && i < nWarnings; ++i) fits = warnings_[i].size() <= s.warnings[i].capacity();
    if (!fits && room < 65536) continue;  // grew meanwhile, or longer than the room given: again, with more
    s = st_;  // element-wise into the storage above
    s.cyclic = running_.load();
    s.fault = fault_.load();
    s.faultMessage = faultMsg_;
    s.warnings = warnings_;
    return s;
  }
}

void Master::quickStop(const std::string& why) {
  {
    std::lock_guard lk(m_);
    if (fault_.load()) return;
    faultMsg_ = why;
    fault_ = true;
    st_.faultCycle = fb_.cycle + 1;
    st_.faultSlave = -1;
    if (running_.load()) st_.phase = "fault";
  }
  cv_.notify_all();
}

void Master::latchFault(const std::string& msg, int slave) {
  // called with m_ held
  if (fault_.load()) return;
  st_.faultSlave = slave;
  faultMsg_ = msg;
  fault_ = true;
  st_.faultCycle = fb_.cycle + 1;
  st_.phase = "fault";
}

void Master::startCyclic() {
  stopCyclic();
  {
    std::lock_guard lk(m_);
    fb_ = Feedback{};
    const std::size_t n = slaves_.size();
    fb_.position.assign(n, 0);
    fb_.velocity.assign(n, 0);
    fb_.torque.assign(n, 0);
    fb_.statusword.assign(n, 0);
    fb_.errorCode.assign(n, 0);
    cmdTorque_.assign(n, 0);
    cmdPosition_.assign(n, 0);
    cmdValid_ = false;
    st_.stats = CycleStats{};
    st_.stats.nominalPeriod = opt_.cyclePeriod;
    st_.stats.jitterHistogram.assign(kHistBins, 0);
    warnings_.clear();
  }
  if (opt_.realtime && opt_.lockMemory && ::mlockall(MCL_CURRENT | MCL_FUTURE) != 0) {
    std::lock_guard lk(m_);
    warnings_.push_back(std::string("mlockall not permitted (") + std::strerror(errno) + "): memory may be paged out");
  }
  stopReq_ = false;
  running_ = true;
  thread_ = std::thread([this] { cycleLoop(); });
}

void Master::stopCyclic() {
  stopReq_ = true;
  if (thread_.joinable()) thread_.join();
  running_ = false;
  cv_.notify_all();
}

void Master::cycleLoop() {
  bool fifo = false;
  if (opt_.realtime) {
    sched_param sp{};
    sp.sched_priority = opt_.rtPriority;
    const int rc = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
    fifo = rc == 0;
    if (rc != 0) {
      std::lock_guard lk(m_);
      warnings_.push_back(std::string("SCHED_FIFO not permitted (") + std::strerror(rc) +
                          "): the cyclic thread runs at normal priority, expect more jitter");
    }
  }
  // A normal thread's timer slack (50 us by default) would delay every wake-up: 1 ns (RT threads have 0).
  if (!fifo) ::prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
  if (opt_.cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(opt_.cpu, &set);
    const int rc = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    if (rc != 0) {
      std::lock_guard lk(m_);
      warnings_.push_back("cannot pin the cyclic thread to CPU " + std::to_string(opt_.cpu) + " (" + std::strerror(rc) + ")");
    }
  }
  const std::size_t n = slaves_.size();
  const std::int64_t period = std::llround(opt_.cyclePeriod * 1e9);
  std::vector<std::uint8_t> tx(kMaxFrame + 64), rx(kMaxFrame + 64);
  std::vector<DatagramView> views, request;
  const Mac source = masterSourceMac(link_.mac());
  unsigned long long badTotal = 0;
  std::vector<cia402::State> dstate(n, cia402::State::Unknown);
  std::vector<std::int32_t> actualPos(n, 0);
  std::vector<std::uint16_t> cw(n, 0);
  std::vector<std::int16_t> tq(n, 0);
  std::vector<std::int32_t> pos(n, 0);
  std::vector<std::uint16_t> al(n, 0), alCode(n, 0);
  std::vector<std::uint16_t> errCode(n, 0), sw(n, 0);
  bool haveActual = false, resetToggle = false;
  int bad = 0;
  unsigned long long cycle = 0, lastSeq = ~0ull, cycleBase = 0;
  long long seqCycles = 0;
  unsigned long long seqFirst = 0;
  std::int64_t deadline = monoNow() + period, prevWake = 0, prevBusy = 0;
  double sumPeriod = 0, sumRtt = 0;
  long long nPeriod = 0, nRtt = 0;
  CycleStats stats;
  stats.nominalPeriod = opt_.cyclePeriod;
  stats.jitterHistogram.assign(kHistBins, 0);
  std::uint8_t idx = 0x80;

  // Absolute-deadline sleep to `spin` before the deadline, then a busy-wait tail (see MasterOptions).
  const std::int64_t spin = std::clamp<std::int64_t>(std::int64_t(opt_.spinMicros) * 1000, 0, period / 5);
  // Touch the buffers and the statistics before the first cycle (no page fault in the loop).
  std::fill(tx.begin(), tx.end(), 0);
  std::fill(rx.begin(), rx.end(), 0);
  views.reserve(4 * n + 64);
  request.reserve(4 * n + 64);
  // The messages of a bad cycle are formatted into these (reserved here, with the slaves' names): no
  // allocation in the cycle path, also when cycles go bad (only latching a fault allocates, once).
  std::string reason, immediateReason;
  reason.reserve(512);
  immediateReason.reserve(512);
  std::vector<std::string> names;
  for (std::size_t i = 0; i < n; ++i) names.push_back(slaveName(int(i)));
  char msg[512];
  {
    std::lock_guard lk(m_);
    st_.stats = stats;  // the copies of the statistics below reuse this capacity
  }

  while (!stopReq_.load()) {
    if (clearStats_.exchange(false)) {  // no allocation: the histogram keeps its storage
      std::fill(stats.jitterHistogram.begin(), stats.jitterHistogram.end(), 0);
      auto hist = std::move(stats.jitterHistogram);
      stats = CycleStats{};
      stats.nominalPeriod = opt_.cyclePeriod;
      stats.jitterHistogram = std::move(hist);
      sumPeriod = sumRtt = 0;
      nPeriod = nRtt = 0;
      prevWake = 0;
      cycleBase = cycle;
    }
    // How late the cycle's own work left the thread for its sleep (0: in time; > 0 the previous cycle
    // overran): tells a stall of the master's code from a wake-up the scheduler delayed.
    const std::int64_t lateToSleep = std::max<std::int64_t>(0, monoNow() - (deadline - spin));
    timespec ts = toTimespec(deadline - spin);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {}
    const std::int64_t woke = monoNow();  // - (deadline - spin): how late the kernel woke the thread
    if (spin > 0)
      while (monoNow() < deadline) cpuRelax();
    const std::int64_t wake = monoNow();
    const std::int64_t latency = wake - deadline;
    stats.worstLatency = std::max(stats.worstLatency, latency * 1e-9);
    if (latency > period / 10) ++stats.lateCycles;
    if (latency > 1000000) {
      if (stats.stalls < CycleStats::kStallLog)
        stats.stallLog[std::size_t(stats.stalls)] = {wake * 1e-9, latency * 1e-9, lateToSleep * 1e-9,
                                                     std::max<std::int64_t>(0, woke - (deadline - spin)) * 1e-9, prevBusy * 1e-9};
      ++stats.stalls;
    }
    if (prevWake) {
      const std::int64_t per = wake - prevWake;
      const double err = std::abs(double(per - period));
      stats.jitterHistogram[std::min<std::size_t>(kHistBins - 1, std::size_t(err / 1000.0))]++;
      stats.worstPeriodError = std::max(stats.worstPeriodError, err * 1e-9);
      sumPeriod += per * 1e-9;
      ++nPeriod;
    }
    prevWake = wake;
    if (latency >= period) {  // deadlines passed while we slept: skip them
      const std::int64_t skipped = latency / period;
      stats.missedCycles += skipped;
      deadline += skipped * period;
    }
    ++cycle;

    // --- build the frame -------------------------------------------------------------------------
    Pending* pend = nullptr;
    unsigned long long frameSeq;
    bool phaseOp;  // only then can a slave's state or a drive fault latch a fault (and need a message)
    {
      std::lock_guard lk(m_);
      frameSeq = seq_.load();
      phaseOp = st_.phase == "OP";
      const bool faulted = fault_.load();
      // Enable operation goes to every drive in the same cycle, once all are switched on: their brakes
      // open together, so no joint moves (under gravity, with no torque yet) before the others.
      bool allSwitchedOn = true;
      for (std::size_t i = 0; i < n; ++i)
        allSwitchedOn = allSwitchedOn && (dstate[i] == cia402::State::SwitchedOn || dstate[i] == cia402::State::OperationEnabled);
      for (std::size_t i = 0; i < n; ++i) {
        using S = cia402::State;
        std::uint16_t c;
        if (faulted) c = cia402::CwQuickStop;
        else if (resetReq_.load() && (dstate[i] == S::Fault || dstate[i] == S::FaultReactionActive)) c = resetToggle ? cia402::CwFaultReset : 0;
        else if (enable_.load()) {
          switch (dstate[i]) {
            case S::SwitchOnDisabled: c = cia402::CwShutdown; break;
            case S::ReadyToSwitchOn: c = cia402::CwSwitchOn; break;
            case S::SwitchedOn: c = allSwitchedOn ? cia402::CwEnableOperation : cia402::CwSwitchOn; break;
            case S::OperationEnabled: c = cia402::CwEnableOperation; break;
            default: c = cia402::CwDisableVoltage; break;
          }
        } else c = cia402::CwShutdown;
        cw[i] = c;
        const bool live = !faulted && enable_.load() && cmdValid_ && dstate[i] == S::OperationEnabled;
        tq[i] = live ? cmdTorque_[i] : 0;
        pos[i] = live ? cmdPosition_[i] : actualPos[i];
      }
      resetToggle = !resetToggle;
      if (pending_ && !pending_->done) pend = pending_;
    }
    idx = std::uint8_t(idx + 1);
    FrameBuilder b(tx.data(), source);
    for (std::size_t i = 0; i < n; ++i) {
      const auto& s = slaves_[i];
      std::uint8_t out[kStride] = {};
      put16(out, cw[i]);
      put16(out + 2, std::uint16_t(tq[i]));
      put32(out + 4, std::uint32_t(pos[i]));
      b.add(Command::LRW, idx, kLogicalBase + kStride * std::uint32_t(i), std::uint16_t(s.rxBytes + s.txBytes), out);
    }
    for (std::size_t i = 0; i < n; ++i)
      b.add(Command::FPRD, idx, FrameBuilder::address(slaves_[i].station, reg::AlStatus), 6);
    std::size_t expected = 2 * n;
    if (pend) {
      for (const auto& d : *pend->dgs) {
        if (!b.add(d.cmd, idx, d.address, std::uint16_t(d.data.size()), d.data.data())) {
          std::lock_guard lk(m_);
          pend->done = true;
          pend->ok = false;
          pend->err = "acyclic request does not fit in the cyclic frame";
          pend = nullptr;
          cv_.notify_all();
          break;
        }
        ++expected;
      }
    }
    const std::size_t len = b.finish();
    parseFrame(tx.data(), len, request);
    reason.clear();
    bool good = true, immediate = false;
    const std::int64_t sent = monoNow();
    if (!link_.send(tx.data(), len)) {
      good = false;
      reason = "send failed: " + link_.lastError();
      if (!link_.isUp()) { reason = "link down (" + link_.describe() + ")"; immediate = true; }
    }
    const std::int64_t afterSend = monoNow();
    std::int64_t replied = afterSend;  // end of the wait for the reply
    // --- wait for the reply (until 5 % before the next deadline) ----------------------------------
    bool got = false;
    while (good) {
      const std::int64_t left = deadline + period - period / 20 - monoNow();
      if (left <= 0) break;
      const long r = link_.receive(rx.data(), rx.size(), std::chrono::nanoseconds(left));
      if (r < 0) {
        good = false;
        reason = "link down (" + link_.describe() + ")";
        immediate = true;
        break;
      }
      replied = monoNow();
      if (r == 0) break;
      const ReplyKind kind = classifyReply(rx.data(), std::size_t(r), tx.data(), request, views);
      if (kind == ReplyKind::Stale) ++stats.staleReplies;
      if (kind != ReplyKind::Reply) {
        if (kind != ReplyKind::Stale) ++stats.ignoredFrames;
        continue;
      }
      if (views.size() != expected) { ++stats.ignoredFrames; continue; }
      got = true;
      const double rtt = (monoNow() - sent) * 1e-9;
      stats.worstRoundTrip = std::max(stats.worstRoundTrip, rtt);
      sumRtt += rtt;
      ++nRtt;
      break;
    }
    if (good && !got) {
      good = false;
      ++stats.lostFrames;
      std::snprintf(msg, sizeof msg, "no reply to cycle %llu (frame lost or late)", cycle);
      reason.assign(msg);
      if (!link_.isUp()) { reason = "link down (" + link_.describe() + ")"; immediate = true; }
    }
    immediateReason.clear();
    int immediateSlave = -1, reasonSlave = -1;
    if (got) {
      for (std::size_t i = 0; i < n; ++i) {
        const DatagramView& pd = views[i];
        const DatagramView& as = views[n + i];
        if (as.wkc() == 1) {
          al[i] = get16(as.data);
          alCode[i] = get16(as.data + 4);
          if ((al[i] & 0x1f) != 8 && phaseOp && immediateReason.empty())
            immediateSlave = int(i), immediateReason = names[i] + " left OP: AL status " + alStateName(al[i]) + ", AL status code " + alStatusCodeText(alCode[i]);
        }
        // LRW: +1 read (SAFEOP, OP), +2 write (OP only)
        const int want = (al[i] & 0x0f) == 8 ? 3 : 1;
        if (pd.wkc() != want) {
          if (good) {
            reasonSlave = int(i);
            std::snprintf(msg, sizeof msg, "%s: working counter %u instead of %d on its process data", names[i].c_str(), unsigned(pd.wkc()), want);
            reason.assign(msg);
          }
          good = false;
          continue;
        }
        const std::uint8_t* in = pd.data + slaves_[i].rxBytes;
        sw[i] = get16(in);
        tq[i] = std::int16_t(get16(in + 2));
        actualPos[i] = std::int32_t(get32(in + 4));
        errCode[i] = get16(in + 12);
        dstate[i] = cia402::decodeStatusword(sw[i]);
        if ((sw[i] & 0x08) && enable_.load() && !resetReq_.load() && phaseOp && immediateReason.empty())
          immediateSlave = int(i), immediateReason = names[i] + ": drive fault, error code " + cia402::errorCodeText(errCode[i]) + " (statusword " + hex4(sw[i]) + ")";
      }
      if (!good) ++stats.wkcErrors;
      if (pend) {
        std::lock_guard lk(m_);
        for (std::size_t k = 0; k < pend->dgs->size(); ++k) {
          auto& d = (*pend->dgs)[k];
          std::memcpy(d.data.data(), views[2 * n + k].data, d.data.size());
          d.wkc = views[2 * n + k].wkc();
        }
        pend->done = true;
        pend->ok = true;
      }
    } else if (pend) {
      std::lock_guard lk(m_);
      if (++pend->attempts >= 20) {  // acyclic requests are not time critical: retry on later cycles
        pend->done = true;
        pend->ok = false;
        pend->err = reason;
      }
    }
    // --- publish ---------------------------------------------------------------------------------
    {
      std::lock_guard lk(m_);
      bad = good ? 0 : bad + 1;
      if (!good) ++badTotal;
      if (!immediateReason.empty() && st_.phase == "OP") latchFault(immediateReason, immediateSlave);
      else if (immediate && st_.phase == "OP") latchFault(reason);
      else if (bad >= std::max(1, opt_.maxBadCycles) && st_.phase == "OP")
        latchFault(reason + (bad > 1 ? " (" + std::to_string(bad) + " bad cycles in a row)" : ""), reasonSlave);
      if (frameSeq != lastSeq) {
        lastSeq = frameSeq;
        seqCycles = 0;
        seqFirst = cycle;
      }
      if (good) {
        ++seqCycles;
        haveActual = true;
        fb_.position = actualPos;
        for (std::size_t i = 0; i < n; ++i) {
          fb_.velocity[i] = std::int32_t(get32(views[i].data + slaves_[i].rxBytes + 8));
          fb_.torque[i] = tq[i];
        }
        fb_.statusword = sw;
        fb_.errorCode = errCode;
        bool all = n > 0;
        for (auto s : dstate) all = all && s == cia402::State::OperationEnabled;
        fb_.allEnabled = all;
      }
      fb_.cycle = cycle;
      fb_.badCycles = badTotal;
      fb_.seq = frameSeq;
      fb_.seqCycles = seqCycles;
      fb_.seqFirstCycle = seqFirst;
      fb_.fresh = good && haveActual;
      for (std::size_t i = 0; i < n && i < st_.slaves.size(); ++i) {
        st_.slaves[i].alStatus = al[i];
        st_.slaves[i].alStatusCode = alCode[i];
        st_.slaves[i].statusword = sw[i];
        st_.slaves[i].errorCode = errCode[i];
        st_.slaves[i].driveState = dstate[i];
      }
      stats.cycles = (long long)(cycle - cycleBase);
      stats.meanPeriod = nPeriod ? sumPeriod / double(nPeriod) : 0;
      stats.meanRoundTrip = nRtt ? sumRtt / double(nRtt) : 0;
      if (cycle % 16 == 0 || !good) st_.stats = stats;
    }
    cv_.notify_all();
    // Time the cycle's own code ran (wake-up to send, reply to here: not the wait for the reply).
    const std::int64_t busy = (afterSend - wake) + (monoNow() - std::max(replied, afterSend));
    stats.worstBusy = std::max(stats.worstBusy, busy * 1e-9);
    if (busy > 100000) ++stats.busyOver100us;
    prevBusy = busy;
    deadline += period;
  }
  std::lock_guard lk(m_);
  st_.stats = stats;
  if (pending_ && !pending_->done) {
    pending_->done = true;
    pending_->ok = false;
    pending_->err = "the cyclic exchange stopped";
  }
  running_ = false;
  cv_.notify_all();
}

}  // namespace maniplab::ethercat
