// Virtual EtherCAT slave controller: ETG.1000.4 §5.4 datagram processing and working counters, ESC
// datasheet section I (registers, SyncManagers §8, FMMUs §7, SII §11), ETG.1000.6 §6.4 AL state
// machine, ETG.2010 SII content (see virtual_esc.hpp).
#include "maniplab/ethercat/virtual_esc.hpp"

#include <algorithm>
#include <cstring>

namespace maniplab::ethercat {

namespace {

// Byte-writable registers from the EtherCAT side (everything else is read-only or not emulated).
bool writable(std::uint32_t a) {
  return (a >= 0x0010 && a < 0x0014) || (a >= 0x0100 && a < 0x0102) || (a >= 0x0120 && a < 0x0122) ||
         (a >= 0x0502 && a < 0x050C) || (a >= 0x0600 && a < 0x0700) ||
         (a >= 0x0800 && a < 0x0880 && (a % 8) != 5) || (a >= 0x0900 && a < 0x0A00) || (a >= 0x1000 && a < 0x10000);
}

struct SiiWriter {
  std::vector<std::uint16_t> w;
  std::vector<std::uint8_t> bytes;  // current category body
  void category(std::uint16_t type) {
    if (bytes.size() % 2) bytes.push_back(0);
    w.push_back(type);
    w.push_back(std::uint16_t(bytes.size() / 2));
    for (std::size_t i = 0; i < bytes.size(); i += 2) w.push_back(std::uint16_t(bytes[i] | (bytes[i + 1] << 8)));
    bytes.clear();
  }
  void u8(unsigned v) { bytes.push_back(std::uint8_t(v)); }
  void u16(unsigned v) { u8(v & 0xff); u8((v >> 8) & 0xff); }
};

}  // namespace

std::vector<std::uint16_t> buildSiiImage(const SlaveIdentity& id, std::uint16_t rxPdoBytes, std::uint16_t txPdoBytes) {
  SiiWriter s;
  s.w.assign(0x40, 0);
  auto& w = s.w;
  w[0] = 0x0C08;  // PDI control: SPI (as the UMIS cards' ET1100 mezzanine, seed 003 §8.3.3)
  w[1] = 0x0000;
  std::uint8_t cfg[14];
  for (int i = 0; i < 7; ++i) { cfg[2 * i] = std::uint8_t(w[i]); cfg[2 * i + 1] = std::uint8_t(w[i] >> 8); }
  w[7] = sii::crc8(cfg, 14);
  w[sii::VendorId] = std::uint16_t(id.vendor); w[sii::VendorId + 1] = std::uint16_t(id.vendor >> 16);
  w[sii::ProductCode] = std::uint16_t(id.product); w[sii::ProductCode + 1] = std::uint16_t(id.product >> 16);
  w[sii::RevisionNo] = std::uint16_t(id.revision); w[sii::RevisionNo + 1] = std::uint16_t(id.revision >> 16);
  w[sii::SerialNo] = std::uint16_t(id.serial); w[sii::SerialNo + 1] = std::uint16_t(id.serial >> 16);
  w[0x14] = w[sii::StdRxMbxOffset] = esc::MbxOut;
  w[0x15] = w[sii::StdRxMbxSize] = esc::MbxSize;
  w[0x16] = w[sii::StdTxMbxOffset] = esc::MbxIn;
  w[0x17] = w[sii::StdTxMbxSize] = esc::MbxSize;
  w[sii::MailboxProtocol] = sii::ProtoCoE;
  w[sii::EepromSize] = 0x000F;  // 2 KiB
  w[sii::Version] = 1;
  // Strings: 1 vendor, 2 name, 3 group, 4 order number.
  const std::string strs[] = {"ManipLab", id.name, id.group, id.order};
  s.u8(4);
  for (const auto& str : strs) {
    s.u8(unsigned(std::min<std::size_t>(str.size(), 255)));
    for (std::size_t i = 0; i < std::min<std::size_t>(str.size(), 255); ++i) s.u8(std::uint8_t(str[i]));
  }
  s.category(sii::CatStrings);
  // General: group 3, image 0, order 4, name 2, CoE details: SDO enabled.
  s.u8(3); s.u8(0); s.u8(4); s.u8(2); s.u8(0); s.u8(0x01); s.u8(0); s.u8(0);
  for (int i = 8; i < 32; ++i) s.u8(0);
  s.category(sii::CatGeneral);
  s.u8(1); s.u8(2);  // FMMU0 outputs, FMMU1 inputs
  s.category(sii::CatFmmu);
  auto sm = [&](unsigned start, unsigned len, unsigned ctrl, unsigned type) {
    s.u16(start); s.u16(len); s.u8(ctrl); s.u8(0); s.u8(1); s.u8(type);
  };
  sm(esc::MbxOut, esc::MbxSize, 0x26, 1);
  sm(esc::MbxIn, esc::MbxSize, 0x22, 2);
  sm(esc::Outputs, rxPdoBytes, 0x64, 3);
  sm(esc::Inputs, txPdoBytes, 0x20, 4);
  s.category(sii::CatSyncManager);
  // PDOs (fixed mapping, see drive): entry = index, sub, name, data type, bit length, flags.
  auto entry = [&](unsigned idx, unsigned bits, unsigned type) { s.u16(idx); s.u8(0); s.u8(0); s.u8(type); s.u8(bits); s.u16(0); };
  s.u16(0x1A00); s.u8(5); s.u8(3); s.u8(0); s.u8(0); s.u16(0);
  entry(0x6041, 16, 0x06); entry(0x6077, 16, 0x03); entry(0x6064, 32, 0x04); entry(0x606C, 32, 0x04); entry(0x603F, 16, 0x06);
  s.category(sii::CatTxPdo);
  s.u16(0x1600); s.u8(3); s.u8(2); s.u8(0); s.u8(0); s.u16(0);
  entry(0x6040, 16, 0x06); entry(0x6071, 16, 0x03); entry(0x607A, 32, 0x04);
  s.category(sii::CatRxPdo);
  w.push_back(sii::CatEnd);
  w.push_back(0);
  return w;
}

VirtualEsc::VirtualEsc(const SlaveIdentity& id, std::uint16_t rx, std::uint16_t tx, EscApplication* app)
    : mem_(0x10000, 0), sii_(buildSiiImage(id, rx, tx)), rxBytes_(rx), txBytes_(tx), app_(app) {
  mem_[reg::Type] = 0x11;  // "ET1100-like"
  mem_[reg::Revision] = 0;
  mem_[reg::FmmusSupported] = 3;
  mem_[reg::SmsSupported] = 4;
  mem_[reg::RamSize] = 8;
  mem_[reg::PortDescriptor] = 0x0F;
  put16(&mem_[reg::DlStatus], 0x0235);  // PDI operational, link on port 0, loop port 1 closed
  put16(&mem_[reg::SiiConfig], 0x0000);
  put16(&mem_[reg::SiiControl], 0x0040);  // 4-byte reads (bit 6 = 0), write disabled
  setAl(1, false, 0);
}

void VirtualEsc::setAl(std::uint8_t state, bool error, std::uint16_t code) {
  const std::uint8_t old = alState();
  put16(&mem_[reg::AlStatus], std::uint16_t(state | (error ? kAlErrorFlag : 0)));
  put16(&mem_[reg::AlStatusCode], code);
  if (state != old && app_) app_->alStateChanged(state);
}

void VirtualEsc::setError(std::uint8_t state, std::uint16_t code) { setAl(state, true, code); }

bool VirtualEsc::smOk(int sm, std::uint16_t start, std::uint16_t len, std::uint8_t mode) const {
  const std::uint8_t* r = &mem_[reg::Sm0 + sm * reg::SmSize];
  return get16(r) == start && get16(r + 2) == len && (r[4] & 0x0f) == mode && (r[6] & 1);
}

void VirtualEsc::alControl() {
  const std::uint16_t ctrl = get16(&mem_[reg::AlControl]);
  const std::uint8_t req = ctrl & 0x0f;
  const bool ack = (ctrl & kAlErrorFlag) != 0;
  const std::uint8_t cur = alState();
  const bool err = (alStatus() & kAlErrorFlag) != 0;
  if (err && !ack && req > cur) return;  // an error must be acknowledged before going up
  auto refuse = [&](std::uint16_t code) { setAl(cur, true, code); };
  if (req != 1 && req != 2 && req != 3 && req != 4 && req != 8) return refuse(alcode::UnknownState);
  if (req == 3) return refuse(alcode::BootstrapNotSupported);
  if (refuseState_ && req == refuseState_ && req != cur) return refuse(refuseCode_);
  if (req == cur) return setAl(cur, false, 0);
  if (req < cur) return setAl(req, false, 0);  // going down is always allowed
  // Going up: one step at a time (INIT -> PREOP -> SAFEOP -> OP).
  const bool step = (cur == 1 && req == 2) || (cur == 2 && req == 4) || (cur == 4 && req == 8);
  if (!step) return refuse(alcode::InvalidStateChange);
  if (req == 2) {
    if (!smOk(0, esc::MbxOut, esc::MbxSize, 0x06) || !smOk(1, esc::MbxIn, esc::MbxSize, 0x02))
      return refuse(alcode::InvalidMailboxConfig);
  }
  if (req == 4) {
    if (!smOk(2, esc::Outputs, rxBytes_, 0x04)) return refuse(alcode::InvalidOutputConfig);
    if (!smOk(3, esc::Inputs, txBytes_, 0x00)) return refuse(alcode::InvalidInputConfig);
  }
  setAl(req, false, 0);
}

void VirtualEsc::siiCommand() {
  std::uint16_t ctrl = get16(&mem_[reg::SiiControl]);
  if (ctrl & reg::SiiReadCommand) {
    const std::uint32_t addr = get32(&mem_[reg::SiiAddress]);
    for (int k = 0; k < 2; ++k) {
      const std::uint32_t a = addr + std::uint32_t(k);
      put16(&mem_[reg::SiiData + 2 * k], a < sii_.size() ? sii_[a] : 0xFFFF);
    }
    ctrl = std::uint16_t(ctrl & ~(reg::SiiReadCommand | reg::SiiBusy | 0x0700));
    put16(&mem_[reg::SiiControl], ctrl);
  }
}

void VirtualEsc::mailboxReceived() {
  std::uint8_t* out = &mem_[esc::MbxOut];
  std::uint8_t* in = &mem_[esc::MbxIn];
  mbx::Sdo rq, rs;
  if (!mbx::decodeSdo(out, esc::MbxSize, rq) || rq.service != mbx::CoeSdoRequest || !app_) {
    // Mailbox error reply (ETG.1000.4 §5.6: type 1, service 1, detail 0x0002 unsupported protocol).
    std::memset(in, 0, esc::MbxSize);
    put16(in, 4);
    in[5] = mbx::TypeError;
    put16(in + 6, 0x0001);
    put16(in + 8, 0x0002);
  } else {
    rs.service = mbx::CoeSdoResponse;
    rs.counter = rq.counter;
    rs.index = rq.index;
    rs.subindex = rq.subindex;
    const std::uint8_t ccs = rq.command >> 5;
    std::uint32_t code = 0;
    if (ccs == 1 && (rq.command & 0x02)) {  // expedited download
      const int size = (rq.command & 0x01) ? 4 - ((rq.command >> 2) & 3) : 0;
      std::uint32_t v = rq.data;
      if (size > 0 && size < 4) v &= (1u << (8 * size)) - 1;
      code = app_->sdoDownload(rq.index, rq.subindex, v, size);
      rs.command = mbx::DownloadResponse;
    } else if (ccs == 2) {  // upload
      std::uint32_t v = 0;
      int size = 4;
      code = app_->sdoUpload(rq.index, rq.subindex, v, size);
      rs.command = mbx::UploadExpedited(size);
      rs.data = v;
    } else {
      code = abort::CommandSpecifier;  // segmented / block transfers are not supported
    }
    if (code) {
      rs.command = mbx::Abort;
      rs.data = code;
    }
    mbx::encodeSdo(rs, in, esc::MbxSize);
  }
  mem_[reg::Sm0 + 1 * reg::SmSize + 5] |= 0x08;  // SM1 mailbox full
  mem_[reg::Sm0 + 0 * reg::SmSize + 5] &= std::uint8_t(~0x08);
}

void VirtualEsc::write(std::uint16_t ado, const std::uint8_t* src, std::uint16_t len) {
  for (std::uint32_t i = 0; i < len; ++i) {
    const std::uint32_t a = std::uint32_t(ado) + i;
    if (a < 0x10000 && writable(a)) mem_[a] = src[i];
  }
  const std::uint32_t end = std::uint32_t(ado) + len;
  auto covers = [&](std::uint32_t a) { return a >= ado && a < end; };
  if (covers(reg::AlControl) || covers(reg::AlControl + 1)) alControl();
  if (covers(reg::SiiControl + 1)) siiCommand();
  if (covers(esc::MbxOut + esc::MbxSize - 1) && alState() >= 2 && smOk(0, esc::MbxOut, esc::MbxSize, 0x06)) mailboxReceived();
}

bool VirtualEsc::readAllowed(std::uint16_t ado, std::uint16_t len) const {
  // The read mailbox can only be read while full (buffered mailbox: the ESC refuses the access).
  const std::uint32_t end = std::uint32_t(ado) + len;
  if (ado < esc::MbxIn + esc::MbxSize && end > esc::MbxIn) return (mem_[reg::Sm0 + reg::SmSize + 5] & 0x08) != 0;
  return true;
}

void VirtualEsc::afterRead(std::uint16_t ado, std::uint16_t len) {
  const std::uint32_t end = std::uint32_t(ado) + len;
  if (esc::MbxIn + esc::MbxSize - 1 >= ado && esc::MbxIn + esc::MbxSize - 1 < end)
    mem_[reg::Sm0 + reg::SmSize + 5] &= std::uint8_t(~0x08);  // last byte read: mailbox empty
}

int VirtualEsc::logical(DatagramView& d) {
  bool readHit = false, writeHit = false;
  const std::uint32_t L = d.logical(), Lend = L + d.length;
  const std::uint8_t st = alState();
  for (int f = 0; f < 3; ++f) {
    const std::uint8_t* r = &mem_[reg::Fmmu0 + f * reg::FmmuSize];
    if (!(r[12] & 1)) continue;
    const std::uint32_t fs = get32(r), fl = get16(r + 4), ph = get16(r + 8), type = r[11];
    const std::uint32_t a = std::max(L, fs), b = std::min(Lend, fs + fl);
    if (a >= b) continue;
    for (std::uint32_t x = a; x < b; ++x) {
      const std::uint32_t p = ph + (x - fs);
      if (p >= 0x10000) break;
      if ((type & 1) && isRead(d.cmd) && st >= 4) {
        d.data[x - L] = mem_[p];
        readHit = true;
      }
      if ((type & 2) && isWrite(d.cmd) && st == 8) {
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
  for (int f = 0; f < 3; ++f) {
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
  for (int f = 0; f < 3; ++f) {
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
        if (me) { std::memcpy(d.data, &mem_[ado], len); w = 1; }
        else { write(ado, d.data, len); w = 1; }
      } else if (me) {
        std::uint8_t tmp[kMaxFrame];
        if (isWrite(d.cmd)) std::memcpy(tmp, d.data, len);
        if (isRead(d.cmd) && readAllowed(ado, len)) {
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
