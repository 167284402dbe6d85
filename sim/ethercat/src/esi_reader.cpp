// ESI (EtherCAT Slave Information, ETG.2000) reader on tinyxml2. See esi_reader.hpp.
#include "maniplab/ethercat/esi_reader.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <stdexcept>

#include "maniplab/sim/reader_error.hpp"

namespace maniplab::ethercat::esi {

namespace {

using tinyxml2::XMLElement;
using tinyxml2::XMLNode;

std::string trim(const char* s) {
  if (!s) return {};
  std::string t(s);
  const auto a = t.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return {};
  const auto b = t.find_last_not_of(" \t\r\n");
  return t.substr(a, b - a + 1);
}

std::string text(const XMLElement* e) { return e ? trim(e->GetText()) : std::string(); }

/// parseNumber, telling apart a number beyond 64 bits (`tooLarge`, false returned) from a text that is no number.
bool readNumber(const std::string& t0, std::int64_t& out, bool& tooLarge) {
  tooLarge = false;
  std::string t = trim(t0.c_str());
  bool neg = false;
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
    neg = t[0] == '-';
    t = t.substr(1);
  }
  int base = 10;
  if (t.size() > 2 && (t[0] == '#' || t[0] == '0') && (t[1] == 'x' || t[1] == 'X')) {
    t = t.substr(2);
    base = 16;
  }
  if (t.empty()) return false;
  std::int64_t v = 0;
  for (char ch : t) {
    int d;
    if (ch >= '0' && ch <= '9') d = ch - '0';
    else if (base == 16 && ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
    else if (base == 16 && ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
    else return tooLarge = false;  // not a number, however long
    // Checked: the value must stay within int64 (a fuzzed "#xFFFF...F" of 17 digits overflowed here).
    if (v > (std::numeric_limits<std::int64_t>::max() - d) / base) tooLarge = true;
    else v = v * base + d;
  }
  if (tooLarge) return false;
  out = neg ? -v : v;
  return true;
}

const XMLElement* child(const XMLElement* e, const char* name) { return e ? e->FirstChildElement(name) : nullptr; }

// The accepted ranges (README "ESI files", table of checks), from ETG.1000.4 (the ESC: 16 SyncManagers, 16
// FMMUs, process data RAM from 0x1000 to 0xFFFF) and ETG.2000 (the ESI schema); beyond them a value is finite
// but cannot describe a real slave.
constexpr int kMaxSyncManagers = 16, kMaxFmmus = 16, kMaxPdoEntries = 254;
constexpr std::int64_t kProcessRamStart = 0x1000, kProcessRamEnd = 0x10000;  // one past the last byte
constexpr std::int64_t kMaxDcTimeNs = 1000000000;                             // 1 s: SYNC cycle and shift
constexpr std::int64_t kMinEepromBytes = 128, kMaxEepromBytes = 8 << 20;      // 1 Kbit to 64 Mbit (ETG.2010 word 0x003E)
constexpr std::uintmax_t kMaxEsiBytes = std::uintmax_t(256) << 20;           // vendors' files reach tens of MB

/// The XPath of an element: its name and, among several siblings of that name, its 1-based position
/// ("/EtherCATInfo/Descriptions/Devices/Device[2]/Sm[3]").
std::string xpath(const XMLElement* e) {
  std::string p;
  for (; e; e = e->Parent() ? e->Parent()->ToElement() : nullptr) {
    std::string step = "/" + std::string(e->Name());
    if (const XMLNode* parent = e->Parent(); parent && parent->ToElement()) {
      int index = 0, count = 0;
      for (const XMLElement* s = parent->FirstChildElement(e->Name()); s; s = s->NextSiblingElement(e->Name()))
        if (++count, s == e) index = count;
      if (count > 1) step += "[" + std::to_string(index) + "]";
    }
    p = step + p;
  }
  return p;
}

/// The reading of one file: its name for errors, located at elements and attributes by XPath.
struct Reader {
  std::string source;
  [[noreturn]] void fail(const XMLElement* e, const std::string& why) const { throw ReaderError(source, xpath(e), why); }
  [[noreturn]] void failAttr(const XMLElement* e, const char* attr, const std::string& why) const {
    throw ReaderError(source, xpath(e) + "/@" + attr, why);
  }

  /// The only child `name` of `parent` (nullptr when none); a second one is refused.
  const XMLElement* single(const XMLElement* parent, const char* name) const {
    const XMLElement* e = parent ? parent->FirstChildElement(name) : nullptr;
    if (e)
      if (const XMLElement* again = e->NextSiblingElement(name))
        fail(again, std::string("a second <") + name + "> where one is expected");
    return e;
  }

  static std::string range(std::int64_t lo, std::int64_t hi, const char* unit, bool hex) {
    auto f = [hex](std::int64_t v) {
      if (!hex || v < 0) return std::to_string(v);
      char b[24];
      std::snprintf(b, sizeof b, "#x%llX", static_cast<unsigned long long>(v));
      return std::string(b);
    };
    return "accepted: " + f(lo) + " to " + f(hi) + (unit && *unit ? std::string(" ") + unit : std::string());
  }

  std::int64_t number(const std::string& t, std::int64_t lo, std::int64_t hi, const char* unit, bool hex,
                      const std::function<void(const std::string&)>& fault) const {
    std::int64_t v = 0;
    if (t.empty()) fault("empty: expected a number (" + range(lo, hi, unit, hex) + ")");
    bool tooLarge = false;
    if (!readNumber(t, v, tooLarge))
      fault(tooLarge ? t + " is out of range (" + range(lo, hi, unit, hex) + ")"
                     : "'" + t + "' is not a whole number (decimal, or #x hexadecimal)");
    if (v < lo || v > hi) fault(t + " is out of range (" + range(lo, hi, unit, hex) + ")");
    return v;
  }

  /// The number in the text of the child `name` of `parent`; `fallback` when absent and not required.
  std::int64_t elem(const XMLElement* parent, const char* name, std::int64_t lo, std::int64_t hi, bool required,
                    std::int64_t fallback = 0, const char* unit = "", bool hex = true) const {
    const XMLElement* e = single(parent, name);
    if (!e) {
      if (required) fail(parent, std::string("no <") + name + "> element");
      return fallback;
    }
    return number(text(e), lo, hi, unit, hex, [&](const std::string& why) { fail(e, why); });
  }

  std::int64_t attr(const XMLElement* e, const char* name, std::int64_t lo, std::int64_t hi, std::int64_t fallback,
                    const char* unit = "", bool hex = true) const {
    const char* a = e->Attribute(name);
    if (!a) return fallback;
    return number(trim(a), lo, hi, unit, hex, [&](const std::string& why) { failAttr(e, name, why); });
  }
};

/// The English name (LcId 1033), else the first <Name>.
std::string name(const XMLElement* e) {
  const XMLElement* first = child(e, "Name");
  for (const XMLElement* n = first; n; n = n->NextSiblingElement("Name"))
    if (const char* l = n->Attribute("LcId"); l && std::strcmp(l, "1033") == 0) return text(n);
  return text(first);
}

bool boolAttr(const XMLElement* e, const char* attr) {
  const char* a = e ? e->Attribute(attr) : nullptr;
  return a && (std::strcmp(a, "1") == 0 || std::strcmp(a, "true") == 0);
}

Pdo readPdo(const Reader& rd, const XMLElement* p, int syncManagers) {
  Pdo pdo;
  pdo.index = std::uint16_t(rd.elem(p, "Index", 0, 0xFFFF, true));
  pdo.name = name(p);
  // the SyncManager of its default assignment: one the device declares (ETG.2000), at most 16 (ETG.1000.4)
  pdo.sm = int(rd.attr(p, "Sm", 0, (syncManagers > 0 ? syncManagers : kMaxSyncManagers) - 1, -1, syncManagers > 0 ? "(a SyncManager of this device)" : "", false));
  pdo.fixed = boolAttr(p, "Fixed");
  pdo.mandatory = boolAttr(p, "Mandatory");
  for (const XMLElement* x = child(p, "Exclude"); x; x = x->NextSiblingElement("Exclude"))
    pdo.exclude.push_back(std::uint16_t(rd.number(text(x), 0, 0xFFFF, "", true, [&](const std::string& why) { rd.fail(x, why); })));
  int k = 0;
  for (const XMLElement* e = child(p, "Entry"); e; e = e->NextSiblingElement("Entry")) {
    if (++k > kMaxPdoEntries) rd.fail(e, "more than " + std::to_string(kMaxPdoEntries) + " entries in one PDO (CiA 301)");
    PdoEntry en;
    en.index = std::uint16_t(rd.elem(e, "Index", 0, 0xFFFF, true));
    en.subindex = std::uint8_t(rd.elem(e, "SubIndex", 0, 0xFF, false));
    en.bits = std::uint8_t(rd.elem(e, "BitLen", 1, 64, true, 0, "bits", false));
    en.name = name(e);
    en.dataType = text(rd.single(e, "DataType"));
    pdo.entries.push_back(en);
  }
  return pdo;
}

SyncManager readSyncManager(const Reader& rd, const XMLElement* s) {
  SyncManager sm;
  sm.kind = text(s);
  const std::int64_t start = rd.attr(s, "StartAddress", 0, 0xFFFF, -1);
  sm.defaultSize = std::uint16_t(rd.attr(s, "DefaultSize", 0, 0xFFFF, 0, "bytes", false));
  sm.minSize = std::uint16_t(rd.attr(s, "MinSize", 0, 0xFFFF, 0, "bytes", false));
  sm.maxSize = std::uint16_t(rd.attr(s, "MaxSize", 0, 0xFFFF, 0, "bytes", false));
  sm.control = std::uint8_t(rd.attr(s, "ControlByte", 0, 0xFF, 0));
  sm.enable = rd.attr(s, "Enable", 0, 0xFF, 0) != 0;
  if (start >= 0) {
    // a SyncManager buffer lies in the process data RAM, 0x1000-0xFFFF (ETG.1000.4), never on the registers
    if (start < kProcessRamStart)
      rd.failAttr(s, "StartAddress", s->Attribute("StartAddress") + std::string(" is in the ESC's registers (") +
                                         Reader::range(kProcessRamStart, kProcessRamEnd - 1, "", true) + ", the process data RAM)");
    sm.start = std::uint16_t(start);
  }
  if (sm.minSize && sm.maxSize && sm.minSize > sm.maxSize)
    rd.failAttr(s, "MinSize", std::to_string(sm.minSize) + " bytes is more than MaxSize (" + std::to_string(sm.maxSize) + " bytes)");
  if (sm.maxSize && sm.defaultSize > sm.maxSize)
    rd.failAttr(s, "DefaultSize", std::to_string(sm.defaultSize) + " bytes is more than MaxSize (" + std::to_string(sm.maxSize) + " bytes)");
  if (sm.defaultSize && sm.minSize > sm.defaultSize)
    rd.failAttr(s, "DefaultSize", std::to_string(sm.defaultSize) + " bytes is less than MinSize (" + std::to_string(sm.minSize) + " bytes)");
  const std::int64_t size = std::max<std::int64_t>(sm.defaultSize, sm.maxSize);
  if (start >= 0 && start + size > kProcessRamEnd)
    rd.failAttr(s, sm.maxSize > sm.defaultSize ? "MaxSize" : "DefaultSize",
                std::to_string(size) + " bytes from " + s->Attribute("StartAddress") +
                    " run past the end of the ESC's memory (the buffer must end by #xFFFF)");
  return sm;
}

DcMode readDcMode(const Reader& rd, const XMLElement* o) {
  DcMode mode;
  mode.name = text(rd.single(o, "Name"));
  mode.description = text(rd.single(o, "Desc"));
  mode.assignActivate = std::uint16_t(rd.elem(o, "AssignActivate", 0, 0xFFFF, false));
  // SYNC cycle times are 0 (the bus cycle, with Factor) or a time up to 1 s; shifts up to 1 s either way
  mode.cycleTimeSync0 = rd.elem(o, "CycleTimeSync0", 0, kMaxDcTimeNs, false, 0, "ns", false);
  mode.shiftTimeSync0 = rd.elem(o, "ShiftTimeSync0", -kMaxDcTimeNs, kMaxDcTimeNs, false, 0, "ns", false);
  mode.cycleTimeSync1 = rd.elem(o, "CycleTimeSync1", 0, kMaxDcTimeNs, false, 0, "ns", false);
  mode.shiftTimeSync1 = rd.elem(o, "ShiftTimeSync1", -kMaxDcTimeNs, kMaxDcTimeNs, false, 0, "ns", false);
  if (const XMLElement* e = child(o, "CycleTimeSync0")) mode.cycleTimeSync0Factor = int(rd.attr(e, "Factor", -0x7FFF, 0x7FFF, 0, "", false));
  if (const XMLElement* e = child(o, "CycleTimeSync1")) mode.cycleTimeSync1Factor = int(rd.attr(e, "Factor", -0x7FFF, 0x7FFF, 0, "", false));
  return mode;
}

Device readDevice(const Reader& rd, const XMLElement* d) {
  Device dev;
  const XMLElement* type = rd.single(d, "Type");
  if (!type) rd.fail(d, "no <Type> element (the device's type and identity)");
  dev.type = text(type);
  dev.productCode = std::uint32_t(rd.attr(type, "ProductCode", 0, 0xFFFFFFFFLL, 0));
  dev.revision = std::uint32_t(rd.attr(type, "RevisionNo", 0, 0xFFFFFFFFLL, 0));
  dev.name = name(d);
  dev.group = text(rd.single(d, "GroupType"));
  if (const XMLElement* prof = child(d, "Profile")) {
    dev.profileNo = int(rd.elem(prof, "ProfileNo", 0, 0xFFFF, false, 0, "", false));
    if (const XMLElement* dict = child(prof, "Dictionary"))
      for (const XMLElement* o = child(child(dict, "Objects"), "Object"); o; o = o->NextSiblingElement("Object")) ++dev.objects;
  }
  for (const XMLElement* f = child(d, "Fmmu"); f; f = f->NextSiblingElement("Fmmu")) {
    if (int(dev.fmmus.size()) == kMaxFmmus) rd.fail(f, "more than " + std::to_string(kMaxFmmus) + " FMMUs (an ESC has at most 16, ETG.1000.4)");
    dev.fmmus.push_back(text(f));
  }
  for (const XMLElement* s = child(d, "Sm"); s; s = s->NextSiblingElement("Sm")) {
    if (int(dev.syncManagers.size()) == kMaxSyncManagers)
      rd.fail(s, "more than " + std::to_string(kMaxSyncManagers) + " SyncManagers (an ESC has at most 16, ETG.1000.4)");
    dev.syncManagers.push_back(readSyncManager(rd, s));
  }
  const int sms = int(dev.syncManagers.size());
  for (const char* kind : {"RxPdo", "TxPdo"}) {
    auto& list = std::strcmp(kind, "RxPdo") == 0 ? dev.rxPdos : dev.txPdos;
    for (const XMLElement* p = child(d, kind); p; p = p->NextSiblingElement(kind)) {
      Pdo pdo = readPdo(rd, p, sms);
      for (const auto& before : list)
        if (before.index == pdo.index)
          rd.fail(child(p, "Index"), "PDO " + text(child(p, "Index")) + " is already described by an earlier <" + std::string(kind) + ">");
      list.push_back(std::move(pdo));
    }
  }
  if (const XMLElement* m = rd.single(d, "Mailbox")) {
    if (const XMLElement* coe = rd.single(m, "CoE")) {
      dev.coe = true;
      dev.sdoInfo = boolAttr(coe, "SdoInfo");
      dev.completeAccess = boolAttr(coe, "CompleteAccess");
      dev.pdoAssign = boolAttr(coe, "PdoAssign");
      dev.pdoConfig = boolAttr(coe, "PdoConfig");
      dev.segmentedSdo = boolAttr(coe, "SegmentedSdo");
    }
    dev.foe = child(m, "FoE") != nullptr;
    dev.eoe = child(m, "EoE") != nullptr;
    dev.soe = child(m, "SoE") != nullptr;
  }
  if (const XMLElement* dc = rd.single(d, "Dc"))
    for (const XMLElement* o = child(dc, "OpMode"); o; o = o->NextSiblingElement("OpMode")) dev.dcModes.push_back(readDcMode(rd, o));
  if (const XMLElement* ee = rd.single(d, "Eeprom"))
    dev.eepromBytes = std::uint32_t(rd.elem(ee, "ByteSize", kMinEepromBytes, kMaxEepromBytes, false, 0, "bytes", false));
  return dev;
}

/// tinyxml2's error, in words.
std::string xmlErrorInWords(tinyxml2::XMLError e) {
  switch (e) {
    case tinyxml2::XML_ERROR_EMPTY_DOCUMENT: return "the file is empty (expected an <EtherCATInfo> document)";
    case tinyxml2::XML_ERROR_MISMATCHED_ELEMENT: return "an element is not closed, or closed by another element's end tag (the file may be cut short)";
    case tinyxml2::XML_ERROR_PARSING_ATTRIBUTE: return "a malformed or repeated attribute";
    case tinyxml2::XML_ERROR_PARSING_TEXT: return "text outside the root element, or an unescaped '<' or '&' in a text";
    case tinyxml2::XML_ERROR_PARSING_CDATA: return "a CDATA section that is not closed";
    case tinyxml2::XML_ERROR_PARSING_COMMENT: return "a comment that is not closed";
    case tinyxml2::XML_ERROR_PARSING_DECLARATION: return "a malformed <?xml ...?> declaration";
    case tinyxml2::XML_ERROR_PARSING_UNKNOWN: return "a malformed <!...> section";
    case tinyxml2::XML_ELEMENT_DEPTH_EXCEEDED: return "elements nested too deeply";
    default: return "an element that is malformed or not closed (the file may be cut short)";
  }
}

}  // namespace

bool parseNumber(const std::string& t0, std::int64_t& out) {
  bool tooLarge = false;
  return readNumber(t0, out, tooLarge);
}

std::uint32_t Pdo::bits() const {
  std::uint32_t b = 0;
  for (const auto& e : entries) b += e.bits;
  return b;
}

int Device::syncManagerOf(const std::string& kind) const {
  for (std::size_t i = 0; i < syncManagers.size(); ++i)
    if (syncManagers[i].kind == kind) return int(i);
  return -1;
}

std::vector<sii::Pdo> Device::siiPdos(bool rx) const {
  std::vector<sii::Pdo> out;
  for (const auto& p : rx ? rxPdos : txPdos) {
    sii::Pdo s;
    s.index = p.index;
    s.syncManager = p.sm < 0 ? sii::kNotAssigned : std::uint8_t(p.sm);
    for (const auto& e : p.entries) {
      sii::PdoEntry x;
      x.index = e.index;
      x.subindex = e.subindex;
      x.bitLength = e.bits;
      s.entries.push_back(x);
    }
    out.push_back(std::move(s));
  }
  return out;
}

const DcMode* Device::sync0Mode() const {
  for (const auto& m : dcModes)
    if (m.assignActivate & 0x0200) return &m;
  return nullptr;
}

const Device* File::find(std::uint32_t productCode, std::optional<std::uint32_t> revision) const {
  const Device* any = nullptr;
  for (const auto& d : devices)
    if (d.productCode == productCode) {
      if (!revision || d.revision == *revision) return &d;
      if (!any) any = &d;
    }
  return revision ? nullptr : any;
}

File parse(const std::string& xml, const std::string& source) {
  if (xml.find_first_not_of(" \t\r\n") == std::string::npos)
    throw ReaderError(source, "", "the file is empty (expected an <EtherCATInfo> document)");
  tinyxml2::XMLDocument doc;
  if (const tinyxml2::XMLError e = doc.Parse(xml.c_str(), xml.size()); e != tinyxml2::XML_SUCCESS)
    throw ReaderError(source, doc.ErrorLineNum() > 0 ? lineColumn(std::size_t(doc.ErrorLineNum())) : std::string(),
                      "not well-formed XML: " + xmlErrorInWords(e));
  const XMLElement* root = doc.RootElement();
  if (!root || std::strcmp(root->Name(), "EtherCATInfo") != 0)
    throw ReaderError(source, root ? "/" + std::string(root->Name()) : std::string(),
                      "not an ESI file (the root element is <" + std::string(root ? root->Name() : "") + ">, not <EtherCATInfo>)");
  const Reader rd{source};
  File f;
  f.source = source;
  const XMLElement* vendor = rd.single(root, "Vendor");
  if (!vendor) rd.fail(root, "no <Vendor> element");
  f.vendorId = std::uint32_t(rd.elem(vendor, "Id", 0, 0xFFFFFFFFLL, true));
  f.vendorName = name(vendor);
  const XMLElement* descriptions = rd.single(root, "Descriptions");
  if (!descriptions) rd.fail(root, "no <Descriptions> element");
  const XMLElement* devices = rd.single(descriptions, "Devices");
  if (!devices) rd.fail(descriptions, "no <Devices> element");
  for (const XMLElement* d = child(devices, "Device"); d; d = d->NextSiblingElement("Device")) f.devices.push_back(readDevice(rd, d));
  if (f.devices.empty()) rd.fail(devices, "no <Device> element");
  return f;
}

File load(const std::string& path) { return parse(readUserFile(path, "ESI file", kMaxEsiBytes), path); }

}  // namespace maniplab::ethercat::esi
