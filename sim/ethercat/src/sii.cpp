// SII EEPROM image codec (ETG.2010 §2-§3: header words, categories strings 10, general 30, FMMU 40,
// SyncM 41, TxPDO 50, RxPDO 51, DC 60 (Table 12); see sii.hpp).
#include "maniplab/ethercat/sii.hpp"

#include <algorithm>
#include <cstdio>

namespace maniplab::ethercat::sii {

std::uint32_t Pdo::bits() const {
  std::uint32_t b = 0;
  for (const auto& e : entries) b += e.bitLength;
  return b;
}

std::string Image::string(std::uint8_t idx) const {
  if (idx == 0 || idx > strings.size()) return {};
  return strings[idx - 1u];
}

std::uint8_t Image::addString(const std::string& s) {
  if (s.empty()) return 0;
  for (std::size_t i = 0; i < strings.size(); ++i)
    if (strings[i] == s) return std::uint8_t(i + 1);
  if (strings.size() >= 255) return 0;
  strings.push_back(s.substr(0, 255));
  return std::uint8_t(strings.size());
}

std::string Image::name() const {
  if (general && general->nameIdx) return string(general->nameIdx);
  return string(1);
}

int Image::syncManagerOf(SmType type) const {
  for (std::size_t i = 0; i < syncManagers.size(); ++i)
    if (syncManagers[i].type == type) return int(i);
  return -1;
}

std::uint32_t Image::assignedBits(std::uint8_t sm) const {
  std::uint32_t b = 0;
  for (const auto* list : {&txPdos, &rxPdos})
    for (const auto& p : *list)
      if (p.syncManager == sm) b += p.bits();
  return b;
}

namespace {
struct Writer {
  std::vector<std::uint16_t>& w;
  std::vector<std::uint8_t> body;
  void u8(unsigned v) { body.push_back(std::uint8_t(v)); }
  void u16(unsigned v) { u8(v & 0xff); u8((v >> 8) & 0xff); }
  void u32(std::uint32_t v) { u16(v & 0xffff); u16(v >> 16); }
  void category(std::uint16_t type) {
    if (body.size() % 2) body.push_back(0);
    w.push_back(type);
    w.push_back(std::uint16_t(body.size() / 2));
    for (std::size_t i = 0; i < body.size(); i += 2) w.push_back(std::uint16_t(body[i] | (body[i + 1] << 8)));
    body.clear();
  }
};

void writePdos(Writer& s, const std::vector<Pdo>& pdos) {
  for (const auto& p : pdos) {
    s.u16(p.index);
    s.u8(unsigned(p.entries.size()));
    s.u8(p.syncManager);
    s.u8(p.dcSync);
    s.u8(p.nameIdx);
    s.u16(p.flags);
    for (const auto& e : p.entries) {
      s.u16(e.index);
      s.u8(e.subindex);
      s.u8(e.nameIdx);
      s.u8(e.dataType);
      s.u8(e.bitLength);
      s.u16(e.flags);
    }
  }
}
}  // namespace

std::vector<std::uint16_t> encode(const Image& img) {
  std::vector<std::uint16_t> w(0x40, 0);
  w[0] = img.pdiControl;
  w[1] = img.pdiConfig;
  w[2] = img.syncImpulseLength;
  w[3] = img.pdiConfig2;
  w[4] = img.stationAlias;
  std::uint8_t cfg[14];
  for (int i = 0; i < 7; ++i) {
    cfg[2 * i] = std::uint8_t(w[std::size_t(i)]);
    cfg[2 * i + 1] = std::uint8_t(w[std::size_t(i)] >> 8);
  }
  w[7] = crc8(cfg, 14);
  auto put32 = [&](std::size_t a, std::uint32_t v) { w[a] = std::uint16_t(v); w[a + 1] = std::uint16_t(v >> 16); };
  put32(0x08, img.vendorId);
  put32(0x0A, img.productCode);
  put32(0x0C, img.revision);
  put32(0x0E, img.serial);
  w[0x14] = img.bootRxMbxOffset;
  w[0x15] = img.bootRxMbxSize;
  w[0x16] = img.bootTxMbxOffset;
  w[0x17] = img.bootTxMbxSize;
  w[0x18] = img.stdRxMbxOffset;
  w[0x19] = img.stdRxMbxSize;
  w[0x1A] = img.stdTxMbxOffset;
  w[0x1B] = img.stdTxMbxSize;
  w[0x1C] = img.mailboxProtocols;
  w[0x3E] = img.eepromSize;
  w[0x3F] = img.version;
  Writer s{w, {}};
  if (!img.strings.empty()) {
    s.u8(unsigned(img.strings.size()));
    for (const auto& str : img.strings) {
      const std::size_t n = std::min<std::size_t>(str.size(), 255);
      s.u8(unsigned(n));
      for (std::size_t i = 0; i < n; ++i) s.u8(std::uint8_t(str[i]));
    }
    s.category(cat::Strings);
  }
  if (img.general) {
    const General& g = *img.general;
    s.u8(g.groupIdx); s.u8(g.imageIdx); s.u8(g.orderIdx); s.u8(g.nameIdx); s.u8(0);
    s.u8(g.coeDetails); s.u8(g.foeDetails); s.u8(g.eoeDetails); s.u8(g.soeChannels); s.u8(g.ds402Channels);
    s.u8(g.sysmanClass); s.u8(g.flags); s.u16(std::uint16_t(g.currentOnEbus)); s.u8(g.groupIdx); s.u8(0);
    s.u16(g.physicalPort); s.u16(g.physicalMemoryAddress);
    for (int i = 0; i < 12; ++i) s.u8(0);
    s.category(cat::General);
  }
  if (!img.fmmus.empty()) {
    for (auto f : img.fmmus) s.u8(f);
    if (s.body.size() % 2) s.u8(0xFF);  // padding to a whole word: "not used"
    s.category(cat::Fmmu);
  }
  if (!img.syncManagers.empty()) {
    for (const auto& m : img.syncManagers) {
      s.u16(m.start); s.u16(m.length); s.u8(m.control); s.u8(m.status); s.u8(m.enable); s.u8(m.type);
    }
    s.category(cat::SyncManager);
  }
  if (!img.txPdos.empty()) {
    writePdos(s, img.txPdos);
    s.category(cat::TxPdo);
  }
  if (!img.rxPdos.empty()) {
    writePdos(s, img.rxPdos);
    s.category(cat::RxPdo);
  }
  if (!img.dcModes.empty()) {
    for (const auto& d : img.dcModes) {
      s.u32(d.cycleTime0); s.u32(d.shiftTime0); s.u32(d.shiftTime1);
      s.u16(std::uint16_t(d.sync1CycleFactor)); s.u16(d.assignActivate); s.u16(std::uint16_t(d.sync0CycleFactor));
      s.u8(d.nameIdx); s.u8(d.descIdx);
      s.u32(0);
    }
    s.category(cat::Dc);
  }
  w.push_back(cat::End);
  w.push_back(0);
  return w;
}

std::size_t wordsNeeded(const std::uint16_t* w, std::size_t n) {
  std::size_t a = 0x40;
  for (;;) {
    if (a + 1 >= n) return std::max<std::size_t>(a + 2, n + 1);  // need the category header
    const std::uint16_t type = w[a], size = w[a + 1];
    if (type == cat::End) return 0;
    a += 2 + size;
  }
}

bool decode(const std::uint16_t* w, std::size_t n, Image& out, std::string* why) {
  auto fail = [&](const std::string& r) {
    if (why) *why = r;
    return false;
  };
  out = Image{};
  if (n < 0x40) return fail("SII image shorter than its 64-word header (" + std::to_string(n) + " words)");
  out.pdiControl = w[0];
  out.pdiConfig = w[1];
  out.syncImpulseLength = w[2];
  out.pdiConfig2 = w[3];
  out.stationAlias = w[4];
  std::uint8_t cfg[14];
  for (int i = 0; i < 7; ++i) {
    cfg[2 * i] = std::uint8_t(w[i]);
    cfg[2 * i + 1] = std::uint8_t(w[i] >> 8);
  }
  out.checksumOk = crc8(cfg, 14) == std::uint8_t(w[7]);
  auto get32w = [&](std::size_t a) { return std::uint32_t(w[a]) | (std::uint32_t(w[a + 1]) << 16); };
  out.vendorId = get32w(0x08);
  out.productCode = get32w(0x0A);
  out.revision = get32w(0x0C);
  out.serial = get32w(0x0E);
  out.bootRxMbxOffset = w[0x14];
  out.bootRxMbxSize = w[0x15];
  out.bootTxMbxOffset = w[0x16];
  out.bootTxMbxSize = w[0x17];
  out.stdRxMbxOffset = w[0x18];
  out.stdRxMbxSize = w[0x19];
  out.stdTxMbxOffset = w[0x1A];
  out.stdTxMbxSize = w[0x1B];
  out.mailboxProtocols = w[0x1C];
  out.eepromSize = w[0x3E];
  out.version = w[0x3F];
  std::size_t a = 0x40;
  for (;;) {
    if (a + 1 >= n) return fail("SII ends at word " + std::to_string(n) + " without the end category (0xFFFF)");
    const std::uint16_t type = w[a], words = w[a + 1];
    if (type == cat::End) return true;
    if (a + 2 + words > n)
    {
      char b[96];
      std::snprintf(b, sizeof b, "SII category %u at word 0x%04zX overruns the image (%u words, %zu read)", unsigned(type), a,
                    unsigned(words), n);
      return fail(b);
    }
    std::vector<std::uint8_t> d(std::size_t(words) * 2);
    for (std::size_t i = 0; i < words; ++i) {
      d[2 * i] = std::uint8_t(w[a + 2 + i]);
      d[2 * i + 1] = std::uint8_t(w[a + 2 + i] >> 8);
    }
    auto u16 = [&](std::size_t o) { return std::uint16_t(d[o] | (d[o + 1] << 8)); };
    auto u32 = [&](std::size_t o) { return std::uint32_t(u16(o)) | (std::uint32_t(u16(o + 2)) << 16); };
    const std::string where = "SII category " + std::to_string(type);
    switch (type) {
      case cat::Strings: {
        if (d.empty()) break;
        const std::size_t count = d[0];
        std::size_t o = 1;
        for (std::size_t k = 0; k < count; ++k) {
          if (o >= d.size()) return fail(where + " (strings): string " + std::to_string(k + 1) + " beyond the category");
          const std::size_t len = d[o++];
          if (o + len > d.size()) return fail(where + " (strings): string " + std::to_string(k + 1) + " overruns the category");
          out.strings.emplace_back(reinterpret_cast<const char*>(&d[o]), len);
          o += len;
        }
        break;
      }
      case cat::General: {
        if (d.size() < 18) return fail(where + " (general): " + std::to_string(d.size()) + " bytes, at least 18 expected");
        General g;
        g.groupIdx = d[0]; g.imageIdx = d[1]; g.orderIdx = d[2]; g.nameIdx = d[3];
        g.coeDetails = d[5]; g.foeDetails = d[6]; g.eoeDetails = d[7]; g.soeChannels = d[8]; g.ds402Channels = d[9];
        g.sysmanClass = d[10]; g.flags = d[11]; g.currentOnEbus = std::int16_t(u16(12));
        if (d.size() >= 20) { g.physicalPort = u16(16); g.physicalMemoryAddress = u16(18); }
        out.general = g;
        break;
      }
      case cat::Fmmu:
        for (auto b : d)
          if (b != 0xFF) out.fmmus.push_back(b);  // 0xFF: padding byte of an odd count
          else break;
        break;
      case cat::SyncManager:
        if (d.size() % 8) return fail(where + " (SyncM): " + std::to_string(d.size()) + " bytes, not a multiple of 8");
        for (std::size_t o = 0; o + 8 <= d.size(); o += 8)
          out.syncManagers.push_back({u16(o), u16(o + 2), d[o + 4], d[o + 5], d[o + 6], d[o + 7]});
        break;
      case cat::TxPdo:
      case cat::RxPdo: {
        auto& list = type == cat::TxPdo ? out.txPdos : out.rxPdos;
        std::size_t o = 0;
        while (o + 8 <= d.size()) {
          Pdo p;
          p.index = u16(o);
          const std::size_t ne = d[o + 2];
          p.syncManager = d[o + 3];
          p.dcSync = d[o + 4];
          p.nameIdx = d[o + 5];
          p.flags = u16(o + 6);
          o += 8;
          if (o + 8 * ne > d.size()) {
            char b[64];
            std::snprintf(b, sizeof b, " (%s): PDO 0x%04X has %zu entries beyond the category", type == cat::TxPdo ? "TxPDO" : "RxPDO", p.index, ne);
            return fail(where + b);
          }
          for (std::size_t k = 0; k < ne; ++k, o += 8)
            p.entries.push_back({u16(o), d[o + 2], d[o + 3], d[o + 4], d[o + 5], u16(o + 6)});
          list.push_back(std::move(p));
        }
        break;
      }
      case cat::Dc:
        if (d.size() % 24) return fail(where + " (DC): " + std::to_string(d.size()) + " bytes, not a multiple of 24");
        for (std::size_t o = 0; o + 24 <= d.size(); o += 24) {
          DcMode m;
          m.cycleTime0 = u32(o);
          m.shiftTime0 = u32(o + 4);
          m.shiftTime1 = u32(o + 8);
          m.sync1CycleFactor = std::int16_t(u16(o + 12));
          m.assignActivate = u16(o + 14);
          m.sync0CycleFactor = std::int16_t(u16(o + 16));
          m.nameIdx = d[o + 18];
          m.descIdx = d[o + 19];
          out.dcModes.push_back(m);
        }
        break;
      default:
        out.otherCategories.push_back(type);
        break;
    }
    a += 2 + words;
  }
}

}  // namespace maniplab::ethercat::sii
