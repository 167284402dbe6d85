// Virtual EtherCAT slave controller: ETG.1000.4 §5.4 datagram processing and working counters, ESC
// datasheet section I (SyncManagers §8 incl. mailbox repeat, FMMUs §7, distributed clocks §9, SII §11)
// and section II (registers), ETG.1000.4 §5.6 mailbox (counter, error replies), ETG.1000.6 §6.4 AL state
// machine, ETG.2010 SII content (see virtual_esc.hpp).
#include "maniplab/ethercat/virtual_esc.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace maniplab::ethercat {

namespace {

std::uint64_t get64(const std::uint8_t* p) { return std::uint64_t(get32(p)) | (std::uint64_t(get32(p + 4)) << 32); }
void put64(std::uint8_t* p, std::uint64_t v) {
  put32(p, std::uint32_t(v));
  put32(p + 4, std::uint32_t(v >> 32));
}

// Byte-writable registers from the EtherCAT side (everything else is read-only or handled apart).
bool writable(std::uint32_t a) {
  return (a >= 0x0010 && a < 0x0012) || (a >= 0x0100 && a < 0x0102) || (a >= 0x0120 && a < 0x0122) ||
         // watchdog divider 0x0400, PDI watchdog 0x0410, process-data watchdog time 0x0420 (ESC datasheet
         // section II §6: EtherCAT read/write; the process-data watchdog counts in what they say)
         (a >= 0x0400 && a < 0x0402) || (a >= 0x0410 && a < 0x0412) || (a >= 0x0420 && a < 0x0422) ||
         a == 0x0500 || (a >= 0x0504 && a < 0x050C) || (a >= 0x0600 && a < 0x0700) ||
         (a >= 0x0800 && a < 0x0880 && (a % 8) != reg::SmStatus && (a % 8) != reg::SmPdiControl) ||
         (a >= 0x1000 && a < 0x10000);
}
// DC registers stored as written (the others in 0x0900-0x09FF are latched, computed or read-only).
bool dcStored(std::uint32_t a) {
  return (a >= 0x0920 && a < 0x092C) || (a >= 0x0930 && a < 0x0932) || (a >= 0x0934 && a < 0x0936) ||
         (a >= 0x0980 && a < 0x0982) || (a >= 0x0990 && a < 0x0998) || (a >= 0x09A0 && a < 0x09A8);
}

// Drift control loop of the model (see virtual_esc.hpp): natural frequency 5 Hz, damping 1.
constexpr double kOmega = 2 * M_PI * 5.0, kKp = 2 * kOmega, kKi = kOmega * kOmega;

}  // namespace

sii::Image genericSiiImage(const SlaveIdentity& id, std::uint16_t rxPdoBytes, std::uint16_t txPdoBytes) {
  sii::Image s;
  s.pdiControl = 0x0C08;  // PDI control: SPI (as the UMIS cards' ET1100 mezzanine, Zanaboni 2009 §8.3.3)
  s.vendorId = id.vendor;
  s.productCode = id.product;
  s.revision = id.revision;
  s.serial = id.serial;
  s.bootRxMbxOffset = s.stdRxMbxOffset = esc::MbxOut;
  s.bootRxMbxSize = s.stdRxMbxSize = esc::MbxSize;
  s.bootTxMbxOffset = s.stdTxMbxOffset = esc::MbxIn;
  s.bootTxMbxSize = s.stdTxMbxSize = esc::MbxSize;
  s.mailboxProtocols = sii::proto::CoE;
  sii::General g;
  g.nameIdx = s.addString(id.name);  // string 1: the device's name (SOEM names a slave by string 1)
  s.addString("ManipLab");
  g.groupIdx = s.addString(id.group);
  g.orderIdx = s.addString(id.order);
  g.coeDetails = sii::coedetails::Sdo | sii::coedetails::SdoInfo | sii::coedetails::PdoAssign |
                 sii::coedetails::PdoConfig | sii::coedetails::CompleteAccess;
  g.ds402Channels = 1;
  s.general = g;
  s.fmmus = {sii::FmmuOutputs, sii::FmmuInputs, sii::FmmuSmStatus};
  s.syncManagers = {{esc::MbxOut, esc::MbxSize, 0x26, 0, 1, sii::SmMailboxOut},
                    {esc::MbxIn, esc::MbxSize, 0x22, 0, 1, sii::SmMailboxIn},
                    {esc::Outputs, rxPdoBytes, 0x64, 0, 1, sii::SmOutputs},
                    {esc::Inputs, txPdoBytes, 0x20, 0, 1, sii::SmInputs}};
  auto e = [](std::uint16_t i, std::uint8_t type, std::uint8_t bits) { return sii::PdoEntry{i, 0, 0, type, bits, 0}; };
  if (txPdoBytes == kTxPdoBytes)
    s.txPdos = {{0x1A00, 3, 0, 0, 0, {e(0x6041, 6, 16), e(0x6077, 3, 16), e(0x6064, 4, 32), e(0x606C, 4, 32), e(0x603F, 6, 16)}}};
  if (rxPdoBytes == kRxPdoBytes)
    s.rxPdos = {{0x1600, 2, 0, 0, 0, {e(0x6040, 6, 16), e(0x6071, 3, 16), e(0x607A, 4, 32)}}};
  s.dcModes = {{0, 0, 0, 0, 0x0000, 0, s.addString("Free run / SM-synchronous"), 0},
               {0, 0, 0, 0, 0x0300, 1, s.addString("DC-synchronous (SYNC0)"), 0}};
  return s;
}

std::vector<std::uint16_t> buildSiiImage(const SlaveIdentity& id, std::uint16_t rx, std::uint16_t tx) {
  return sii::encode(genericSiiImage(id, rx, tx));
}

VirtualEsc::VirtualEsc(const SlaveIdentity& id, std::uint16_t rx, std::uint16_t tx, EscApplication* app)
    : VirtualEsc(EscConfig{genericSiiImage(id, rx, tx)}, app) {
  fixedRx_ = rx;
  fixedTx_ = tx;
}

VirtualEsc::VirtualEsc(EscConfig cfg, EscApplication* app)
    : cfg_(std::move(cfg)), mem_(0x10000, 0), sii_(sii::encode(cfg_.sii)), app_(app) {
  const auto& sms = cfg_.sii.syncManagers;
  auto smAt = [&](sii::SmType t, int fallback) { const int i = cfg_.sii.syncManagerOf(t); return i >= 0 ? i : fallback; };
  smOut_ = smAt(sii::SmOutputs, 2);
  smIn_ = smAt(sii::SmInputs, 3);
  const int m0 = smAt(sii::SmMailboxOut, 0), m1 = smAt(sii::SmMailboxIn, 1);
  mbxOut_ = m0 < int(sms.size()) ? sms[std::size_t(m0)].start : cfg_.sii.stdRxMbxOffset;
  mbxOutSize_ = m0 < int(sms.size()) ? sms[std::size_t(m0)].length : cfg_.sii.stdRxMbxSize;
  mbxIn_ = m1 < int(sms.size()) ? sms[std::size_t(m1)].start : cfg_.sii.stdTxMbxOffset;
  mbxInSize_ = m1 < int(sms.size()) ? sms[std::size_t(m1)].length : cfg_.sii.stdTxMbxSize;
  outStart_ = smOut_ < int(sms.size()) ? sms[std::size_t(smOut_)].start : esc::Outputs;
  inStart_ = smIn_ < int(sms.size()) ? sms[std::size_t(smIn_)].start : esc::Inputs;
  mem_[reg::Type] = 0x11;  // "ET1100-like"
  mem_[reg::Revision] = 0;
  mem_[reg::FmmusSupported] = 8;
  mem_[reg::SmsSupported] = 8;
  mem_[reg::RamSize] = 8;
  mem_[reg::PortDescriptor] = 0x0F;  // ports 0 and 1 MII, 2 and 3 not implemented
  put16(&mem_[reg::Features], reg::FeatureDc | reg::FeatureDc64);
  put16(&mem_[reg::StationAlias], cfg_.sii.stationAlias);
  put16(&mem_[reg::PdiControl], cfg_.sii.pdiControl);
  put16(&mem_[reg::SiiConfig], 0x0000);
  put16(&mem_[reg::SiiControl], cfg_.eeprom8ByteReads ? reg::SiiRead8Bytes : 0);
  put16(&mem_[reg::DcSpeedCounterStart], 0x1000);
  mem_[reg::DcTimeDiffFilterDepth] = 4;
  mem_[reg::DcSpeedFilterDepth] = 0x0C;
  put16(&mem_[reg::WatchdogDivider], reg::kWatchdogDividerReset);
  put16(&mem_[reg::WatchdogPdi], reg::kWatchdogTimeReset);
  put16(&mem_[reg::WatchdogProcessData], cfg_.watchdogTime);
  mem_[reg::WatchdogStatus] = 0x01;
  updateDlStatus();
  setAl(1, false, 0);
}

VirtualEsc::~VirtualEsc() = default;

std::uint16_t VirtualEsc::rxPdoBytes() const { return app_ ? app_->outputBytes() : fixedRx_; }
std::uint16_t VirtualEsc::txPdoBytes() const { return app_ ? app_->inputBytes() : fixedTx_; }

void VirtualEsc::setPort1Open(bool open) {
  port1Open_ = open;
  updateDlStatus();
}

void VirtualEsc::updateDlStatus() {
  std::uint16_t v = reg::DlPdiOperational | reg::dlLink(0) | reg::dlCommunication(0) | reg::dlLoopClosed(2) |
                    reg::dlLoopClosed(3);
  v |= port1Open_ ? std::uint16_t(reg::dlLink(1) | reg::dlCommunication(1)) : reg::dlLoopClosed(1);
  put16(&mem_[reg::DlStatus], v);
}

std::vector<std::string> VirtualEsc::takeNotes() {
  std::vector<std::string> n;
  n.swap(notes_);
  return n;
}

void VirtualEsc::setAl(std::uint8_t state, bool error, std::uint16_t code) {
  const std::uint8_t old = alState();
  put16(&mem_[reg::AlStatus], std::uint16_t(state | (error ? kAlErrorFlag : 0)));
  put16(&mem_[reg::AlStatusCode], code);
  if (state == 1 && old != 1) resetMailbox();
  if (state != old && app_) app_->alStateChanged(state);
}

void VirtualEsc::setError(std::uint8_t state, std::uint16_t code) { setAl(state, true, code); }

double VirtualEsc::processDataWatchdog() const {
  const std::uint8_t* r = &mem_[reg::Sm0 + smOut_ * reg::SmSize];
  if (!(r[reg::SmActivate] & reg::SmActivateEnable) || get16(r + reg::SmLength) == 0 || !(r[reg::SmControl] & 0x40)) return 0;
  return reg::watchdogSeconds(get16(&mem_[reg::WatchdogDivider]), get16(&mem_[reg::WatchdogProcessData]));
}

void VirtualEsc::expireWatchdog() {
  mem_[reg::WatchdogStatus] &= std::uint8_t(~0x01);
  mem_[reg::WatchdogCounter] = std::uint8_t(std::min(255, mem_[reg::WatchdogCounter] + 1));
  if (alState() == 8) setError(4, alcode::SmWatchdog);
}

bool VirtualEsc::smOk(int sm, std::uint16_t start, std::uint16_t len, std::uint8_t mode) const {
  const std::uint8_t* r = &mem_[reg::Sm0 + sm * reg::SmSize];
  return get16(r) == start && get16(r + 2) == len && (r[4] & 0x0f) == mode && (r[6] & 1);
}

bool VirtualEsc::smCovers(int sm, std::uint32_t a) const {
  const std::uint8_t* r = &mem_[reg::Sm0 + sm * reg::SmSize];
  return (r[6] & 1) && a >= get16(r) && a < std::uint32_t(get16(r)) + get16(r + 2);
}

void VirtualEsc::alControl() {
  const std::uint16_t ctrl = get16(&mem_[reg::AlControl]);
  const std::uint8_t req = ctrl & 0x0f;
  const bool ack = (ctrl & kAlErrorFlag) != 0;
  const std::uint8_t cur = alState();
  const bool err = (alStatus() & kAlErrorFlag) != 0;
  if (err && !ack && req > cur) return;  // an error must be acknowledged before going up
  static const char* names[] = {"state 0", "INIT", "PREOP", "BOOT", "SAFEOP", "state 5", "state 6", "state 7", "OP"};
  auto refuse = [&](std::uint16_t code, const std::string& why = {}) {
    notes_.push_back(std::string(req < 9 ? names[req] : "state") + " refused: AL status code " + alStatusCodeText(code) +
                     (why.empty() ? "" : " (" + why + ")"));
    setAl(cur, true, code);
  };
  auto smText = [&](int sm) {
    const std::uint8_t* r = &mem_[reg::Sm0 + sm * reg::SmSize];
    char b[96];
    std::snprintf(b, sizeof b, "SM%d is 0x%04X/%u bytes, control 0x%02X, %s", sm, get16(r), get16(r + 2), r[4],
                  (r[6] & 1) ? "enabled" : "disabled");
    return std::string(b);
  };
  if (req != 1 && req != 2 && req != 3 && req != 4 && req != 8) return refuse(alcode::UnknownState);
  if (req == 3) return refuse(alcode::BootstrapNotSupported);
  if (refuseState_ && req == refuseState_ && req != cur) return refuse(refuseCode_);
  if (req == cur) return setAl(cur, false, 0);
  if (req < cur) return setAl(req, false, 0);  // going down is always allowed
  // Going up: one step at a time (INIT -> PREOP -> SAFEOP -> OP).
  const bool step = (cur == 1 && req == 2) || (cur == 2 && req == 4) || (cur == 4 && req == 8);
  if (!step) return refuse(alcode::InvalidStateChange, std::string("from ") + names[cur] + ", one state up at a time");
  if (req == 2) {
    const int m0 = std::max(0, cfg_.sii.syncManagerOf(sii::SmMailboxOut)), m1 = std::max(1, cfg_.sii.syncManagerOf(sii::SmMailboxIn));
    char want[96];
    if (!smOk(m0, mbxOut_, mbxOutSize_, 0x06)) {
      std::snprintf(want, sizeof want, "; the SII says 0x%04X/%u bytes, mailbox written by the master", mbxOut_, mbxOutSize_);
      return refuse(alcode::InvalidMailboxConfig, smText(m0) + want);
    }
    if (!smOk(m1, mbxIn_, mbxInSize_, 0x02)) {
      std::snprintf(want, sizeof want, "; the SII says 0x%04X/%u bytes, mailbox read by the master", mbxIn_, mbxInSize_);
      return refuse(alcode::InvalidMailboxConfig, smText(m1) + want);
    }
  }
  if (req == 4) {
    const std::uint16_t rx = rxPdoBytes(), tx = txPdoBytes();
    char want[112];
    if (rx ? !smOk(smOut_, outStart_, rx, 0x04) : smEnabled(smOut_) && get16(&mem_[reg::Sm0 + smOut_ * reg::SmSize + 2]) != 0) {
      std::snprintf(want, sizeof want, "; the RxPDO mapping needs 0x%04X/%u bytes, buffered, written by the master", outStart_, rx);
      return refuse(alcode::InvalidOutputConfig, smText(smOut_) + want);
    }
    if (tx ? !smOk(smIn_, inStart_, tx, 0x00) : smEnabled(smIn_) && get16(&mem_[reg::Sm0 + smIn_ * reg::SmSize + 2]) != 0) {
      std::snprintf(want, sizeof want, "; the TxPDO mapping needs 0x%04X/%u bytes, buffered, read by the master", inStart_, tx);
      return refuse(alcode::InvalidInputConfig, smText(smIn_) + want);
    }
  }
  if (app_)
    if (const std::uint16_t code = app_->checkStateChange(cur, req)) return refuse(code);
  setAl(req, false, 0);
}

void VirtualEsc::siiCommand() {
  std::uint16_t ctrl = get16(&mem_[reg::SiiControl]);
  const std::uint16_t cmd = ctrl & 0x0700;
  if (!cmd) return;
  ctrl = std::uint16_t(ctrl & ~(reg::SiiCommandError | reg::SiiChecksumError));
  if (cmd == reg::SiiReadCommand) {
    const std::uint32_t addr = get32(&mem_[reg::SiiAddress]);
    const int words = cfg_.eeprom8ByteReads ? 4 : 2;
    for (int k = 0; k < words; ++k) {
      const std::uint32_t a = addr + std::uint32_t(k);
      put16(&mem_[reg::SiiData + 2 * k], a < sii_.size() ? sii_[a] : 0xFFFF);
    }
  } else if (cmd == reg::SiiWriteCommand) {
    ctrl |= reg::SiiCommandError;  // the virtual EEPROM is read-only
    notes_.push_back("SII write refused: the EEPROM of a virtual slave is read-only");
  }  // reload: nothing to do
  ctrl = std::uint16_t(ctrl & ~(0x0700 | reg::SiiBusy));
  put16(&mem_[reg::SiiControl], ctrl);
}

// --- mailbox -------------------------------------------------------------------------------------------

void VirtualEsc::resetMailbox() {
  outbox_.clear();
  lastSent_.clear();
  mbxInFull_ = false;
  txCounter_ = rxCounter_ = 0;
  for (int sm = 0; sm < 8; ++sm) mem_[reg::Sm0 + sm * reg::SmSize + reg::SmStatus] &= std::uint8_t(~reg::SmStatusMailboxFull);
  if (app_ && app_->coe()) app_->coe()->reset();
}

void VirtualEsc::queue(std::vector<std::uint8_t> msg) {
  if (msg.size() < mbx::kHeaderSize) return;
  msg.resize(mbxInSize_, 0);
  txCounter_ = mbx::nextCounter(txCounter_);
  msg[5] = std::uint8_t((msg[5] & 0x8F) | (txCounter_ << 4));
  outbox_.push_back(std::move(msg));
  loadMailbox();
}

void VirtualEsc::loadMailbox() {
  const int m1 = std::max(1, cfg_.sii.syncManagerOf(sii::SmMailboxIn));
  if (mbxInFull_ || outbox_.empty() || !smEnabled(m1)) return;
  lastSent_ = std::move(outbox_.front());
  outbox_.pop_front();
  std::copy(lastSent_.begin(), lastSent_.end(), mem_.begin() + mbxIn_);
  mbxInFull_ = true;
  mem_[reg::Sm0 + m1 * reg::SmSize + reg::SmStatus] |= reg::SmStatusMailboxFull;
}

bool VirtualEsc::postEmergency(const coe::Emergency& e) {
  if (alState() < 2) return false;
  if (outbox_.size() >= 16) {
    notes_.push_back("emergency " + coe::errorCodeText(e.errorCode) + " dropped: mailbox queue full");
    return false;
  }
  queue(coe::encode(e, 0, mbxInSize_));
  return true;
}

void VirtualEsc::mailboxReceived() {
  const std::vector<std::uint8_t> rq(mem_.begin() + mbxOut_, mem_.begin() + mbxOut_ + mbxOutSize_);
  const mbx::Header h = mbx::readHeader(rq.data());
  auto error = [&](std::uint16_t detail, const std::string& why) {
    std::vector<std::uint8_t> e(mbxInSize_);
    mbx::encodeError(detail, 0, e.data(), e.size());
    notes_.push_back("mailbox message refused (" + why + "): mailbox error " + mbx::errorDetailText(detail));
    queue(std::move(e));
  };
  if (h.counter != 0 && h.counter == rxCounter_) {
    notes_.push_back("mailbox message with counter " + std::to_string(h.counter) + " repeated: dropped");
    return;
  }
  rxCounter_ = h.counter;
  if (std::size_t(h.length) + mbx::kHeaderSize > mbxOutSize_)
    return error(mbx::error::InvalidSize, "length " + std::to_string(h.length) + " beyond the mailbox");
  if (h.type != mbx::Type::CoE) return error(mbx::error::UnsupportedProtocol, std::string(mbx::typeName(h.type)) + " message");
  CoeServer* coe = app_ ? app_->coe() : nullptr;
  if (!coe) return error(mbx::error::UnsupportedProtocol, "the slave has no CoE");
  coe::Message m;
  std::string why;
  if (!coe::decode(rq.data(), rq.size(), m, &why)) return error(mbx::error::SizeTooShort, why);
  const std::size_t before = coe->refusals().size();
  auto replies = coe->handle(m, alState(), mbxInSize_);
  for (std::size_t i = before; i < coe->refusals().size(); ++i) notes_.push_back(coe->refusals()[i]);
  for (auto& r : replies) queue(std::move(r));
}

// --- distributed clocks -----------------------------------------------------------------------------

std::int64_t VirtualEsc::localTime(std::int64_t t) const {
  // The local clock counts in 10 ns steps (a 100 MHz time base).
  const long double x = clockBase_ + (long double)(t - clockT0_) * (1.0L + drift_) * (1.0L + corr_);
  return std::int64_t(std::floor(x / 10.0L)) * 10;
}

std::int64_t VirtualEsc::systemTime(std::int64_t t) const {
  return localTime(t) + std::int64_t(get64(&mem_[reg::DcSystemTimeOffset]));
}

void VirtualEsc::setClockDrift(double ppm) {
  clockBase_ = clockBase_ + (long double)(t0_ - clockT0_) * (1.0L + drift_) * (1.0L + corr_);
  clockT0_ = t0_;
  drift_ = ppm * 1e-6;
}

void VirtualEsc::setClockStart(std::int64_t localAtZero) {
  clockT0_ = 0;
  clockBase_ = (long double)localAtZero;
}

std::int32_t VirtualEsc::systemTimeDifference() const {
  return std::int32_t(std::clamp<std::int64_t>(lastDiff_, INT32_MIN, INT32_MAX));
}

void VirtualEsc::dcCompare(std::int64_t received, bool is64) {
  const std::int64_t local = localTime(t0_);
  const std::int64_t sys = local + std::int64_t(get64(&mem_[reg::DcSystemTimeOffset]));
  const std::uint32_t delay = get32(&mem_[reg::DcSystemTimeDelay]);
  const std::int64_t diff = is64 ? sys - (received + std::int64_t(delay))
                                 : std::int64_t(std::int32_t(std::uint32_t(sys) - std::uint32_t(received) - delay));
  lastDiff_ = diff;
  const int depth = mem_[reg::DcTimeDiffFilterDepth] & 0x0F;
  diffMean_ += (double(diff) - diffMean_) / double(1 << depth);
  const double h = lastCompareLocal_ < 0 ? 1e-3 : std::clamp(double(local - lastCompareLocal_) * 1e-9, 1e-6, 1e-2);
  lastCompareLocal_ = local;
  const double start = std::max<double>(0x80, get16(&mem_[reg::DcSpeedCounterStart]));
  const double cmax = 500e-6 * 0x1000 / start;
  const double e = double(diff) * 1e-9;
  corrI_ = std::clamp(corrI_ - kKi * e * h, -cmax, cmax);
  const double c = std::clamp(corrI_ - kKp * e, -cmax, cmax);
  clockBase_ = clockBase_ + (long double)(t0_ - clockT0_) * (1.0L + drift_) * (1.0L + corr_);
  clockT0_ = t0_;
  corr_ = c;
}

void VirtualEsc::dcRefresh() {
  const std::int64_t sys = systemTime(t0_);
  put64(&mem_[0x0910], std::uint64_t(sys));
  const std::int64_t m = std::llround(diffMean_);
  const std::uint32_t mag = std::uint32_t(std::min<std::int64_t>(std::llabs(m), 0x7FFFFFFF));
  put32(&mem_[reg::DcSystemTimeDiff], mag | (m < 0 ? 0x80000000u : 0u));
  put16(&mem_[reg::DcSpeedCounterDiff], std::uint16_t(std::int16_t(std::clamp<long long>(std::llround(corrI_ * 1e7), -32768, 32767))));
  if (sync0Active_) {
    const std::int64_t cycle = get32(&mem_[reg::DcSync0Cycle]);
    std::int64_t next = sync0Start_;
    if (sys > sync0Start_ && cycle > 0) next = sync0Start_ + ((sys - sync0Start_ + cycle - 1) / cycle) * cycle;
    put64(&mem_[reg::DcStartTime], std::uint64_t(next));
    mem_[reg::DcActivationStatus] = 0x01;
    mem_[reg::DcSync0Status] = 0x01;
  } else {
    mem_[reg::DcActivationStatus] = 0;
    mem_[reg::DcSync0Status] = 0;
  }
}

void VirtualEsc::dcWrite(std::uint16_t ado, const std::uint8_t* src, std::uint16_t len) {
  const std::uint32_t end = std::uint32_t(ado) + len;
  auto covers = [&](std::uint32_t a) { return a >= ado && a < end; };
  if (covers(reg::DcRecvTimePort0)) {
    const std::int64_t l0 = localTime(t0_);
    put32(&mem_[reg::DcRecvTimePort0], std::uint32_t(l0));
    if (port1Open_) put32(&mem_[reg::DcRecvTimePort1], std::uint32_t(localTime(t1_)));
    put64(&mem_[reg::DcRecvTimeEpu], std::uint64_t(l0));
  }
  if (covers(reg::DcSystemTime) && end >= reg::DcSystemTime + 4u && ado <= reg::DcSystemTime) {
    const std::uint8_t* p = src + (reg::DcSystemTime - ado);
    const bool is64 = end >= reg::DcSystemTime + 8u;
    dcCompare(is64 ? std::int64_t(get64(p)) : std::int64_t(get32(p)), is64);
  }
  if (covers(reg::DcSpeedCounterStart) || covers(reg::DcSpeedCounterStart + 1)) {
    // A write of the speed counter start resets the drift compensation (0x0932 and the filters).
    clockBase_ = clockBase_ + (long double)(t0_ - clockT0_) * (1.0L + drift_) * (1.0L + corr_);
    clockT0_ = t0_;
    corr_ = corrI_ = 0;
    diffMean_ = 0;
    lastCompareLocal_ = -1;
  }
  if (covers(reg::DcTimeDiffFilterDepth)) diffMean_ = 0;
  if (covers(reg::DcActivation)) {
    const std::uint8_t act = mem_[reg::DcActivation];
    const std::uint32_t cycle = get32(&mem_[reg::DcSync0Cycle]);
    const bool want = (act & (reg::DcActivateCyclic | reg::DcActivateSync0)) == (reg::DcActivateCyclic | reg::DcActivateSync0);
    sync0Active_ = false;
    if (want && cycle > 0) {
      const std::int64_t start = std::int64_t(get64(&mem_[reg::DcStartTime]));
      const std::int64_t sys = systemTime(t0_);
      if (start >= sys) {
        sync0Active_ = true;
        sync0Start_ = start;
      } else {
        char b[160];
        std::snprintf(b, sizeof b, "SYNC0 not started: start time %lld ns is %lld ns in the past (system time %lld ns)",
                      (long long)start, (long long)(sys - start), (long long)sys);
        notes_.push_back(b);
      }
    } else if (want) {
      notes_.push_back("SYNC0 not started: SYNC0 cycle time (0x09A0) is 0");
    }
  }
}

// --- datagrams ------------------------------------------------------------------------------------------

void VirtualEsc::write(std::uint16_t ado, const std::uint8_t* src, std::uint16_t len) {
  const int m1 = std::max(1, cfg_.sii.syncManagerOf(sii::SmMailboxIn));
  const std::uint32_t m1act = reg::Sm0 + std::uint32_t(m1) * reg::SmSize + reg::SmActivate;
  const std::uint8_t oldAct = mem_[m1act];
  for (std::uint32_t i = 0; i < len; ++i) {
    const std::uint32_t a = std::uint32_t(ado) + i;
    if (a >= 0x10000) break;
    if (a == reg::SiiControl) mem_[a] = std::uint8_t((mem_[a] & ~0x01) | (src[i] & 0x01));  // write enable only
    else if (a == reg::SiiControl + 1u) mem_[a] = std::uint8_t((mem_[a] & ~0x07) | (src[i] & 0x07));  // command
    else if (a >= 0x0900 && a < 0x0A00) { if (dcStored(a)) mem_[a] = src[i]; }
    else if (writable(a)) mem_[a] = src[i];
  }
  const std::uint32_t end = std::uint32_t(ado) + len;
  auto covers = [&](std::uint32_t a) { return a >= ado && a < end; };
  if (covers(reg::AlControl) || covers(reg::AlControl + 1)) alControl();
  if (covers(reg::SiiControl + 1)) siiCommand();
  if (ado < 0x0A00 && end > 0x0900) dcWrite(ado, src, len);
  if (covers(m1act) && ((oldAct ^ mem_[m1act]) & reg::SmRepeatRequest)) {
    // Repeat request: the last message again (unless one is waiting), then acknowledge.
    if (!mbxInFull_ && !lastSent_.empty() && smEnabled(m1)) {
      std::copy(lastSent_.begin(), lastSent_.end(), mem_.begin() + mbxIn_);
      mbxInFull_ = true;
      mem_[reg::Sm0 + m1 * reg::SmSize + reg::SmStatus] |= reg::SmStatusMailboxFull;
    }
    const std::uint32_t pdi = reg::Sm0 + std::uint32_t(m1) * reg::SmSize + reg::SmPdiControl;
    mem_[pdi] = std::uint8_t((mem_[pdi] & ~reg::SmRepeatAck) | (mem_[m1act] & reg::SmRepeatRequest));
  }
  if (covers(m1act)) loadMailbox();  // SM1 just enabled: a queued message can go
  const int m0 = std::max(0, cfg_.sii.syncManagerOf(sii::SmMailboxOut));
  const std::uint8_t* r0 = &mem_[reg::Sm0 + m0 * reg::SmSize];
  const std::uint32_t last = std::uint32_t(get16(r0)) + get16(r0 + 2) - 1;
  if ((r0[6] & 1) && get16(r0 + 2) >= mbx::kHeaderSize && covers(last) && get16(r0) == mbxOut_ && alState() >= 2)
    mailboxReceived();
}

bool VirtualEsc::readAllowed(std::uint16_t ado, std::uint16_t len) const {
  // The read mailbox can only be read while full (buffered mailbox: the ESC refuses the access).
  const int m1 = std::max(1, cfg_.sii.syncManagerOf(sii::SmMailboxIn));
  const std::uint32_t end = std::uint32_t(ado) + len;
  if (smEnabled(m1) && ado < mbxIn_ + mbxInSize_ && end > mbxIn_) return mbxInFull_;
  return true;
}

void VirtualEsc::beforeRead(std::uint16_t ado, std::uint16_t len) {
  if (ado < 0x0A00 && std::uint32_t(ado) + len > 0x0900) dcRefresh();
}

void VirtualEsc::afterRead(std::uint16_t ado, std::uint16_t len) {
  const std::uint32_t end = std::uint32_t(ado) + len;
  const std::uint32_t last = std::uint32_t(mbxIn_) + mbxInSize_ - 1;
  if (mbxInFull_ && last >= ado && last < end) {  // last byte read: mailbox empty, the next message goes in
    const int m1 = std::max(1, cfg_.sii.syncManagerOf(sii::SmMailboxIn));
    mbxInFull_ = false;
    mem_[reg::Sm0 + m1 * reg::SmSize + reg::SmStatus] &= std::uint8_t(~reg::SmStatusMailboxFull);
    loadMailbox();
  }
}

int VirtualEsc::logical(DatagramView& d) {
  bool readHit = false, writeHit = false;
  const std::uint32_t L = d.logical(), Lend = L + d.length;
  const std::uint8_t st = alState();
  for (int f = 0; f < 8; ++f) {
    const std::uint8_t* r = &mem_[reg::Fmmu0 + f * reg::FmmuSize];
    if (!(r[12] & 1)) continue;
    const std::uint32_t fs = get32(r), fl = get16(r + 4), ph = get16(r + 8), type = r[11];
    const std::uint32_t a = std::max(L, fs), b = std::min(Lend, fs + fl);
    if (a >= b) continue;
    for (std::uint32_t x = a; x < b; ++x) {
      const std::uint32_t p = ph + (x - fs);
      if (p >= 0x10000) break;
      bool canRead, canWrite;
      if (cfg_.countOutputsInSafeOp) {
        // As an ESC: through the SyncManager covering the byte (enabled, in its direction), or plain RAM.
        int cover = -1;
        for (int sm = 0; sm < 8 && cover < 0; ++sm)
          if (smCovers(sm, p)) cover = sm;
        const bool smWrite = cover >= 0 && (mem_[reg::Sm0 + cover * reg::SmSize + reg::SmControl] & 0x0C) == 0x04;
        canRead = cover < 0 || !smWrite;
        canWrite = cover < 0 || smWrite;
        if (p < 0x1000) canRead = canWrite = false;
      } else {
        canRead = st >= 4;
        canWrite = st == 8;
      }
      if ((type & 1) && isRead(d.cmd) && canRead) {
        d.data[x - L] = mem_[p];
        readHit = true;
      }
      if ((type & 2) && isWrite(d.cmd) && canWrite) {
        mem_[p] = d.data[x - L];
        writeHit = true;
      }
    }
  }
  int w = 0;
  if (readHit) w += 1;
  if (writeHit) w += d.cmd == Command::LRW ? 2 : 1;
  return w;
}

bool VirtualEsc::latchOutputs(const DatagramView& d) {
  if (!isLogical(d.cmd) || !isWrite(d.cmd) || alState() != 8) return false;
  bool hit = false;
  const std::uint32_t L = d.logical(), Lend = L + d.length;
  for (int f = 0; f < 8; ++f) {
    const std::uint8_t* r = &mem_[reg::Fmmu0 + f * reg::FmmuSize];
    if (!(r[12] & 1) || !(r[11] & 2)) continue;
    const std::uint32_t fs = get32(r), fl = get16(r + 4), ph = get16(r + 8);
    const std::uint32_t a = std::max(L, fs), b = std::min(Lend, fs + fl);
    for (std::uint32_t x = a; x < b && ph + (x - fs) < 0x10000; ++x) {
      mem_[ph + (x - fs)] = d.data[x - L];
      hit = true;
    }
  }
  return hit;
}

bool VirtualEsc::mapsInputs(const DatagramView& d) const {
  if (!isLogical(d.cmd) || !isRead(d.cmd) || alState() < 4) return false;
  const std::uint32_t L = d.logical(), Lend = L + d.length;
  for (int f = 0; f < 8; ++f) {
    const std::uint8_t* r = &mem_[reg::Fmmu0 + f * reg::FmmuSize];
    if (!(r[12] & 1) || !(r[11] & 1)) continue;
    const std::uint32_t fs = get32(r), fl = get16(r + 4);
    if (std::max(L, fs) < std::min(Lend, fs + fl)) return true;
  }
  return false;
}

int VirtualEsc::process(DatagramView& d, bool countWkc) {
  int w = 0;
  const std::uint16_t len = d.length;
  switch (d.cmd) {
    case Command::APRD: case Command::APWR: case Command::APRW: case Command::ARMW:
    case Command::FPRD: case Command::FPWR: case Command::FPRW: case Command::FRMW: {
      const bool autoInc = d.cmd == Command::APRD || d.cmd == Command::APWR || d.cmd == Command::APRW || d.cmd == Command::ARMW;
      const bool me = autoInc ? d.adp() == 0 : d.adp() == stationAddress();
      const std::uint16_t ado = d.ado();
      if (std::uint32_t(ado) + len > 0x10000) break;
      if (d.cmd == Command::ARMW || d.cmd == Command::FRMW) {
        if (me) {
          beforeRead(ado, len);
          std::memcpy(d.data, &mem_[ado], len);
          w = 1;
        } else {
          write(ado, d.data, len);
          w = 1;
        }
      } else if (me) {
        std::uint8_t tmp[kMaxFrame];
        if (isWrite(d.cmd)) std::memcpy(tmp, d.data, len);
        if (isRead(d.cmd) && readAllowed(ado, len)) {
          beforeRead(ado, len);
          std::memcpy(d.data, &mem_[ado], len);
          afterRead(ado, len);
          w += 1;
        }
        if (isWrite(d.cmd)) {
          write(ado, tmp, len);
          w += isRead(d.cmd) ? 2 : 1;
        }
      }
      if (autoInc) d.setAdp(std::uint16_t(d.adp() + 1));
      break;
    }
    case Command::BRD: case Command::BWR: case Command::BRW: {
      const std::uint16_t ado = d.ado();
      if (std::uint32_t(ado) + len > 0x10000) break;
      std::uint8_t tmp[kMaxFrame];
      if (isWrite(d.cmd)) std::memcpy(tmp, d.data, len);
      if (isRead(d.cmd) && readAllowed(ado, len)) {
        beforeRead(ado, len);
        for (std::uint16_t i = 0; i < len; ++i) d.data[i] |= mem_[ado + i];
        w += 1;
      }
      if (isWrite(d.cmd)) {
        write(ado, tmp, len);
        w += isRead(d.cmd) ? 2 : 1;
      }
      d.setAdp(std::uint16_t(d.adp() + 1));
      break;
    }
    case Command::LRD: case Command::LWR: case Command::LRW:
      w = logical(d);
      break;
    case Command::NOP:
      break;
  }
  if (countWkc && w) d.setWkc(std::uint16_t(d.wkc() + w));
  return w;
}

}  // namespace maniplab::ethercat
