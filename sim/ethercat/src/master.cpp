// EtherCAT master: ETG.1000.4 datagram addressing and reply matching, ETG.1000.6 §6.4 AL state machine,
// ETG.2010 SII, IEC 61800-7-201 §6.2 CiA 402 drive state machine. The cyclic exchange of Zanaboni 2009 §8.2.4
// (one frame per control cycle, positions/velocities and commands in the same datagrams) is Master::Cycle
// (master_cycle.cpp), the CoE client master_coe.cpp, the drives' configuration (device type, process data,
// scaling) master_drives.cpp, distributed clocks master_dc.cpp. See master.hpp.
#include "maniplab/ethercat/master.hpp"

#include "master_cycle.hpp"
#include "master_internal.hpp"

#include <pthread.h>
#include <sys/mman.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sstream>

namespace maniplab::ethercat {

using namespace master_detail;

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

Master::Master(Link& link, MasterOptions options)
    : link_(link), opt_(options), txBuf_(kMaxFrame + 64), rxBuf_(kMaxFrame + 64), m_(options.priorityInheritance) {
  st_.stats.nominalPeriod = opt_.cyclePeriod;
  st_.stats.jitterHistogram.assign(kHistBins, 0);
  emergencies_.reserve(MasterStatus::kEmergencyLog);
  resolveFaultPolicy();
}

Master::~Master() { stopCyclic(); }

void Master::resolveFaultPolicy() {
  const double period = opt_.cyclePeriod;
  double shortest = 0;
  int who = -1;
  for (std::size_t i = 0; i < slaves_.size(); ++i)
    if (slaves_[i].watchdog > 0 && (who < 0 || slaves_[i].watchdog < shortest)) shortest = slaves_[i].watchdog, who = int(i);
  // Without a known watchdog (before bring-up, or drives without one): the ESC's reset value, 100 ms.
  const double wd = who >= 0 ? shortest : reg::watchdogSeconds(reg::kWatchdogDividerReset, reg::kWatchdogTimeReset);
  budget_ = opt_.lossBudget > 0 ? opt_.lossBudget : std::max(period, std::min(0.025, wd / 4));
  lossRate_ = opt_.maxLossesPerSecond > 0 ? opt_.maxLossesPerSecond : std::max(1.0, std::floor(0.1 / period));
  char b[400];
  if (who >= 0 && budget_ >= shortest) {
    std::snprintf(b, sizeof b,
                  "the loss budget (%.1f ms) is not inside the shortest process-data watchdog (%.1f ms, %s): a gap that long "
                  "makes that drive stop on its own (SAFEOP + ERROR 0x001B) before the master does",
                  budget_ * 1e3, shortest * 1e3, slaveName(who).c_str());
    notes_.push_back(b);
  }
  if (!slaves_.empty() && who < 0)
    notes_.push_back("no drive runs a process-data watchdog (0x0420 = 0 or the output SyncManager's watchdog bit clear): "
                     "if the master goes silent the drives hold their last set-point");
  std::lock_guard lk(m_);
  st_.lossBudget = budget_;
  st_.maxLossesPerSecond = lossRate_;
  st_.shortestWatchdog = who >= 0 ? shortest : 0;
  st_.watchdogSlave = who;
}

std::string Master::slaveName(int i) const {
  if (i < 0 || i >= int(slaves_.size())) return "slave " + std::to_string(i + 1);
  const auto& n = slaves_[std::size_t(i)].identity.name;
  return "slave " + std::to_string(i + 1) + (n.empty() ? "" : " (" + n + ")");
}

std::vector<std::string> Master::notes() const {
  std::vector<std::string> out = notes_;
  for (std::size_t i = 0; i < slaves_.size(); ++i)
    if (slaves_[i].details)
      for (const auto& n : slaves_[i].details->notes) out.push_back(slaveName(int(i)) + ": " + n);
  return out;
}

// --- transport ---------------------------------------------------------------------------------------

bool Master::exchangeDirect(std::vector<Datagram>& dgs, std::string& err, int attempts) {
  std::vector<DatagramView> views, request;
  int unprocessed = 0;
  for (int attempt = 0; attempt < attempts; ++attempt) {
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
      // Only the slaves' answer to this frame: not our own frame come back unprocessed, not a late answer
      // to an earlier one, not another source's.
      const ReplyKind kind = classifyReply(rxBuf_.data(), std::size_t(r), txBuf_.data(), request, views);
      if (kind == ReplyKind::Unprocessed) {
        ++unprocessed;
        ++unprocessed_;
      }
      if (kind != ReplyKind::Reply) continue;
      for (std::size_t k = 0; k < dgs.size(); ++k) {
        std::memcpy(dgs[k].data.data(), views[k].data, views[k].length);
        dgs[k].wkc = views[k].wkc();
      }
      return true;
    }
  }
  err = "no reply from the bus (" + std::to_string(attempts) + (attempts == 1 ? " attempt, " : " attempts, ") + link_.describe() + ")";
  if (unprocessed)
    err += ": the frame came back unprocessed " + std::to_string(unprocessed) +
           " time(s) (no slave counted or changed it: a loop-back or tap without slaves, or slaves that do not process "
           "EtherCAT frames)";
  return false;
}

bool Master::transact(std::vector<Datagram>& dgs, std::string& err, int attempts) {
  if (!running_.load()) return exchangeDirect(dgs, err, attempts);
  Pending p;
  p.dgs = &dgs;
  p.maxAttempts = attempts <= 1 ? 1 : 20;  // acyclic requests are not time critical: retried on later cycles
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

// --- SII ---------------------------------------------------------------------------------------------

bool Master::siiRead(int s, std::uint32_t word, std::uint8_t* out, int& words, std::string& err) {
  const std::uint16_t st = slaves_[std::size_t(s)].station;
  std::vector<Datagram> w{{Command::FPWR, 0, FrameBuilder::address(st, reg::SiiControl), std::vector<std::uint8_t>(6)}};
  put16(w[0].data.data(), reg::SiiReadCommand);
  put32(w[0].data.data() + 2, word);
  if (!transact(w, err)) return false;
  if (w[0].wkc != 1) {
    err = "EEPROM read command (register 0x0502) not acknowledged (WKC " + std::to_string(w[0].wkc) + ")";
    return false;
  }
  for (int k = 0; k < 200; ++k) {
    // 0x0502 control/status, 0x0504 address, 0x0508 data (4 or 8 bytes: status bit 6)
    std::vector<Datagram> r{{Command::FPRD, 0, FrameBuilder::address(st, reg::SiiControl), std::vector<std::uint8_t>(14)}};
    if (!transact(r, err)) return false;
    if (r[0].wkc != 1) {
      err = "EEPROM status (register 0x0502) not readable (WKC " + std::to_string(r[0].wkc) + ")";
      return false;
    }
    const std::uint16_t status = get16(r[0].data.data());
    if (status & (reg::SiiBusy | reg::SiiReadCommand)) continue;
    if (status & reg::SiiCommandError) {
      err = "EEPROM command error (register 0x0502 status " + hex4(status) + ")";
      return false;
    }
    words = (status & reg::SiiRead8Bytes) ? 4 : 2;
    std::memcpy(out, r[0].data.data() + 6, std::size_t(words) * 2);
    return true;
  }
  err = "EEPROM stays busy (register 0x0502)";
  return false;
}

std::string Master::readSii(int s) {
  SlaveInfo& si = slaves_[std::size_t(s)];
  auto d = std::make_shared<SlaveDetails>();
  std::string err;
  // The EEPROM to EtherCAT (0x0500 = 0: the master, not the PDI, drives it).
  std::vector<Datagram> own{{Command::FPWR, 0, FrameBuilder::address(si.station, reg::SiiConfig), {0, 0}}};
  transact(own, err);
  std::vector<std::uint16_t> words;
  std::size_t need = 0x40;
  for (int guard = 0; guard < 20000; ++guard) {
    while (words.size() < need) {
      std::uint8_t buf[8];
      int n = 0;
      if (!siiRead(s, std::uint32_t(words.size()), buf, n, err)) {
        return slaveName(s) + ": SII word " + hex4(unsigned(words.size())) + ": " + err;
      }
      for (int k = 0; k < n; ++k) words.push_back(get16(buf + 2 * k));
    }
    need = sii::wordsNeeded(words.data(), words.size());
    if (need == 0) break;
    if (need > 32768) {
      d->siiError = "category chain runs beyond 64 KiB (no end marker)";
      break;
    }
  }
  std::string why;
  if (!sii::decode(words, d->sii, &why)) d->siiError = why;
  const sii::Image& img = d->sii;
  si.identity.vendor = img.vendorId;
  si.identity.product = img.productCode;
  si.identity.revision = img.revision;
  si.identity.serial = img.serial;
  si.mbxOut = img.stdRxMbxOffset;
  si.mbxOutSize = img.stdRxMbxSize;
  si.mbxIn = img.stdTxMbxOffset;
  si.mbxInSize = img.stdTxMbxSize;
  si.mailboxProtocols = img.mailboxProtocols;
  si.identity.name = img.name();
  si.identity.group = img.general ? img.string(img.general->groupIdx) : std::string();
  si.identity.order = img.general ? img.string(img.general->orderIdx) : std::string();
  if (!d->siiError.empty()) d->notes.push_back("SII EEPROM: " + d->siiError + " (the header was used)");
  if (!img.checksumOk) d->notes.push_back("SII EEPROM: configuration area checksum (word 7) does not match");
  si.details = d;
  return {};
}

// --- scan and AL states ------------------------------------------------------------------------------

std::string Master::scan() {
  stopCyclic();
  slaves_.clear();
  notes_.clear();
  dcActive_ = false;
  dcRef_ = -1;
  std::string err;
  std::vector<Datagram> c{{Command::BRD, 0, FrameBuilder::address(0, reg::Type), std::vector<std::uint8_t>(1)}};
  if (!transact(c, err)) return "scan: " + err;
  const int n = c[0].wkc;
  if (n == 0) return "scan: no slave answered on " + link_.describe();
  // Reset: INIT with error acknowledge, FMMUs and SyncManagers off, SYNC0/SYNC1 off.
  std::vector<Datagram> r{{Command::BWR, 0, FrameBuilder::address(0, reg::AlControl), {0x11, 0x00}},
                          {Command::BWR, 0, FrameBuilder::address(0, reg::Fmmu0), std::vector<std::uint8_t>(48)},
                          {Command::BWR, 0, FrameBuilder::address(0, reg::Sm0), std::vector<std::uint8_t>(32)},
                          {Command::BWR, 0, FrameBuilder::address(0, reg::DcActivation), {0}}};
  if (!transact(r, err)) return "scan: reset to INIT: " + err;
  for (int i = 0; i < n; ++i) {
    SlaveInfo si;
    si.position = i;
    si.station = std::uint16_t(0x1001 + i);
    std::vector<Datagram> a{{Command::APWR, 0, FrameBuilder::address(std::uint16_t(-i), reg::StationAddress), {0, 0}}};
    put16(a[0].data.data(), si.station);
    if (!transact(a, err) || a[0].wkc != 1) return "scan: slave " + std::to_string(i + 1) + ": station address (register 0x0010) not set" + (err.empty() ? "" : ": " + err);
    slaves_.push_back(si);
  }
  mbxCounter_.assign(std::size_t(n), 0);
  mbxLastIn_ = std::make_unique<std::atomic<std::uint8_t>[]>(std::size_t(n));
  mbxBusy_ = std::make_unique<std::atomic<bool>[]>(std::size_t(n));
  for (int i = 0; i < n; ++i) {
    auto& s = slaves_[std::size_t(i)];
    // ESC information (0x0000-0x0009: type, revision, build, FMMUs, SyncManagers, RAM, ports, features)
    // and DL status (0x0110: the ports, for the DC topology).
    std::vector<Datagram> info{{Command::FPRD, 0, FrameBuilder::address(s.station, reg::Type), std::vector<std::uint8_t>(10)},
                               {Command::FPRD, 0, FrameBuilder::address(s.station, reg::DlStatus), std::vector<std::uint8_t>(2)}};
    if (!transact(info, err) || info[0].wkc != 1 || info[1].wkc != 1)
      return "scan: " + slaveName(i) + ": ESC information (registers 0x0000, 0x0110) not readable" + (err.empty() ? "" : ": " + err);
    s.escType = info[0].data[0];
    s.escFeatures = get16(info[0].data.data() + 8);
    s.dlStatus = get16(info[1].data.data());
    const std::string e = readSii(i);
    if (!e.empty()) return "scan: " + e;
    std::vector<Datagram> st{{Command::FPRD, 0, FrameBuilder::address(s.station, reg::AlStatus), std::vector<std::uint8_t>(6)}};
    if (!transact(st, err) || st[0].wkc != 1) return "scan: " + slaveName(i) + ": AL status (register 0x0130) not readable";
    s.alStatus = get16(st[0].data.data());
    s.alStatusCode = get16(st[0].data.data() + 4);
  }
  std::lock_guard lk(m_);
  st_.slaves = slaves_;
  st_.phase = "INIT";
  st_.dc = false;
  st_.dcReference = -1;
  return {};
}

std::string Master::requestState(std::uint8_t state, double timeout) {
  std::string err;
  const std::string want = alStateName(state);
  if (state == 2) {
    // Mailbox SyncManagers from the SII (SM0 master -> slave, SM1 slave -> master), control bytes from its
    // SyncManager category when it has one.
    for (int i = 0; i < slaveCount(); ++i) {
      const auto& s = slaves_[std::size_t(i)];
      if (!s.mbxOutSize) continue;
      std::uint8_t c0 = 0x26, c1 = 0x22;
      if (s.details) {
        const auto& img = s.details->sii;
        if (int k = img.syncManagerOf(sii::SmMailboxOut); k >= 0) c0 = img.syncManagers[std::size_t(k)].control;
        if (int k = img.syncManagerOf(sii::SmMailboxIn); k >= 0) c1 = img.syncManagers[std::size_t(k)].control;
      }
      std::vector<Datagram> d{{Command::FPWR, 0, FrameBuilder::address(s.station, reg::Sm0), std::vector<std::uint8_t>(16)}};
      std::uint8_t* p = d[0].data.data();
      put16(p, s.mbxOut); put16(p + 2, s.mbxOutSize); p[4] = c0; p[6] = 1;
      put16(p + 8, s.mbxIn); put16(p + 10, s.mbxInSize); p[12] = c1; p[14] = 1;
      if (!transact(d, err) || d[0].wkc != 1) return slaveName(i) + ": mailbox SyncManagers (registers 0x0800-0x080F) not written" + (err.empty() ? "" : ": " + err);
      mbxLastIn_[std::size_t(i)] = 0;
    }
  }
  for (int i = 0; i < slaveCount(); ++i) {
    std::vector<Datagram> d{{Command::FPWR, 0, FrameBuilder::address(slaves_[std::size_t(i)].station, reg::AlControl), {state, 0}}};
    if (!transact(d, err) || d[0].wkc != 1) return slaveName(i) + ": AL control (register 0x0120) not written" + (err.empty() ? "" : ": " + err);
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
      if (!transact(d, err) || d[0].wkc != 1) return slaveName(i) + ": AL status (register 0x0130) not readable" + (err.empty() ? "" : ": " + err);
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
      for (std::size_t i = 0; i < slaves_.size() && i < st_.slaves.size(); ++i) {
        st_.slaves[i].alStatus = slaves_[i].alStatus;
        st_.slaves[i].alStatusCode = slaves_[i].alStatusCode;
      }
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

// --- bring-up ------------------------------------------------------------------------------------------

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
  if (e.empty()) e = configureDc(setup);
  if (e.empty()) e = requestState(4);
  if (e.empty()) e = readOutputsEnabled();
  if (!e.empty()) return e;
  startCyclic();
  Feedback fb;
  waitFeedback([](const Feedback& f) { return f.cycle >= 5; }, 2.0, fb);
  if (dcActive_) {  // the cycle aligned to DC time before OP (the drives check SYNC0 against the frames)
    waitFeedback([&](const Feedback& f) { return f.cycle >= 5 + 40; }, 2.0, fb);
  }
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
    s.emergencies.reserve(MasterStatus::kEmergencyLog);
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
    s.emergencies = emergencies_;  // PODs into reserved storage
    s.emergencyCount = emergencyCount_;
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
    st_.slaves = slaves_;
  }
  if (opt_.realtime && opt_.lockMemory && ::mlockall(MCL_CURRENT | MCL_FUTURE) != 0) {
    std::lock_guard lk(m_);
    // Without cap_ipc_lock mlockall fails with EPERM (memlock limit 0) or ENOMEM (the process exceeds the limit).
    const int err = errno;
    warnings_.push_back(std::string("mlockall not permitted (") + std::strerror(err) + "): memory may be paged out" +
                        (err == EPERM || err == ENOMEM ? " (needs cap_ipc_lock: sudo scripts/grant-capabilities.sh)" : ""));
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

}  // namespace maniplab::ethercat
