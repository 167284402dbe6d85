// ESI (EtherCAT Slave Information, ETG.2000) reader on tinyxml2. See esi_reader.hpp.
#include "maniplab/ethercat/esi_reader.hpp"

#include <tinyxml2.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace maniplab::ethercat::esi {

namespace {

using tinyxml2::XMLElement;

std::string trim(const char* s) {
  if (!s) return {};
  std::string t(s);
  const auto a = t.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return {};
  const auto b = t.find_last_not_of(" \t\r\n");
  return t.substr(a, b - a + 1);
}

struct Ctx {
  std::string where;
  [[noreturn]] void fail(const std::string& why) const { throw std::runtime_error(where + ": " + why); }
  Ctx operator/(const std::string& s) const { return {where + ": " + s}; }
};

std::string text(const XMLElement* e) { return e ? trim(e->GetText()) : std::string(); }

const XMLElement* child(const XMLElement* e, const char* name) { return e ? e->FirstChildElement(name) : nullptr; }

/// The English name (LcId 1033), else the first <Name>.
std::string name(const XMLElement* e) {
  const XMLElement* first = child(e, "Name");
  for (const XMLElement* n = first; n; n = n->NextSiblingElement("Name"))
    if (const char* l = n->Attribute("LcId"); l && std::strcmp(l, "1033") == 0) return text(n);
  return text(first);
}

std::int64_t num(const Ctx& c, const std::string& what, const std::string& t, std::int64_t lo, std::int64_t hi) {
  std::int64_t v = 0;
  if (!parseNumber(t, v)) c.fail(what + " '" + t + "' is not a number");
  if (v < lo || v > hi) c.fail(what + " " + t + " is out of range");
  return v;
}

std::int64_t numElem(const Ctx& c, const XMLElement* parent, const char* name, std::int64_t lo, std::int64_t hi, bool required,
                     std::int64_t fallback = 0) {
  const XMLElement* e = child(parent, name);
  if (!e) {
    if (required) c.fail(std::string("no <") + name + ">");
    return fallback;
  }
  return num(c, name, text(e), lo, hi);
}

std::int64_t numAttr(const Ctx& c, const XMLElement* e, const char* attr, std::int64_t lo, std::int64_t hi, std::int64_t fallback) {
  const char* a = e->Attribute(attr);
  if (!a) return fallback;
  return num(c, attr, trim(a), lo, hi);
}

bool boolAttr(const XMLElement* e, const char* attr) {
  const char* a = e ? e->Attribute(attr) : nullptr;
  return a && (std::strcmp(a, "1") == 0 || std::strcmp(a, "true") == 0);
}

Pdo readPdo(const Ctx& c0, const XMLElement* p) {
  Pdo pdo;
  const XMLElement* idx = child(p, "Index");
  const Ctx c = c0 / (std::string(p->Name()) + " " + (idx ? text(idx) : std::string("?")));
  pdo.index = std::uint16_t(numElem(c, p, "Index", 0, 0xFFFF, true));
  pdo.name = name(p);
  pdo.sm = int(numAttr(c, p, "Sm", 0, 31, -1));
  pdo.fixed = boolAttr(p, "Fixed");
  pdo.mandatory = boolAttr(p, "Mandatory");
  for (const XMLElement* x = child(p, "Exclude"); x; x = x->NextSiblingElement("Exclude"))
    pdo.exclude.push_back(std::uint16_t(num(c, "Exclude", text(x), 0, 0xFFFF)));
  int k = 0;
  for (const XMLElement* e = child(p, "Entry"); e; e = e->NextSiblingElement("Entry")) {
    const Ctx ce = c / ("Entry " + std::to_string(++k));
    PdoEntry en;
    en.index = std::uint16_t(numElem(ce, e, "Index", 0, 0xFFFF, true));
    en.subindex = std::uint8_t(numElem(ce, e, "SubIndex", 0, 0xFF, false));
    en.bits = std::uint8_t(numElem(ce, e, "BitLen", 1, 64, true));
    en.name = name(e);
    en.dataType = text(child(e, "DataType"));
    pdo.entries.push_back(en);
  }
  return pdo;
}

Device readDevice(const Ctx& c0, const XMLElement* d, int number) {
  Device dev;
  const XMLElement* type = child(d, "Type");
  if (!type) (c0 / ("Device " + std::to_string(number))).fail("no <Type>");
  dev.type = text(type);
  const Ctx c = c0 / ("Device " + std::to_string(number) + " (" + dev.type + ")");
  dev.productCode = std::uint32_t(numAttr(c, type, "ProductCode", 0, 0xFFFFFFFFLL, 0));
  dev.revision = std::uint32_t(numAttr(c, type, "RevisionNo", 0, 0xFFFFFFFFLL, 0));
  dev.name = name(d);
  dev.group = text(child(d, "GroupType"));
  if (const XMLElement* prof = child(d, "Profile")) {
    dev.profileNo = int(numElem(c / "Profile", prof, "ProfileNo", 0, 0xFFFF, false));
    if (const XMLElement* dict = child(prof, "Dictionary"))
      for (const XMLElement* o = child(child(dict, "Objects"), "Object"); o; o = o->NextSiblingElement("Object")) ++dev.objects;
  }
  for (const XMLElement* f = child(d, "Fmmu"); f; f = f->NextSiblingElement("Fmmu")) dev.fmmus.push_back(text(f));
  int k = 0;
  for (const XMLElement* s = child(d, "Sm"); s; s = s->NextSiblingElement("Sm")) {
    const Ctx cs = c / ("Sm " + std::to_string(k++));
    SyncManager sm;
    sm.kind = text(s);
    sm.start = std::uint16_t(numAttr(cs, s, "StartAddress", 0, 0xFFFF, 0));
    sm.defaultSize = std::uint16_t(numAttr(cs, s, "DefaultSize", 0, 0xFFFF, 0));
    sm.minSize = std::uint16_t(numAttr(cs, s, "MinSize", 0, 0xFFFF, 0));
    sm.maxSize = std::uint16_t(numAttr(cs, s, "MaxSize", 0, 0xFFFF, 0));
    sm.control = std::uint8_t(numAttr(cs, s, "ControlByte", 0, 0xFF, 0));
    sm.enable = numAttr(cs, s, "Enable", 0, 0xFF, 0) != 0;
    dev.syncManagers.push_back(sm);
  }
  for (const XMLElement* p = child(d, "RxPdo"); p; p = p->NextSiblingElement("RxPdo")) dev.rxPdos.push_back(readPdo(c, p));
  for (const XMLElement* p = child(d, "TxPdo"); p; p = p->NextSiblingElement("TxPdo")) dev.txPdos.push_back(readPdo(c, p));
  if (const XMLElement* m = child(d, "Mailbox")) {
    if (const XMLElement* coe = child(m, "CoE")) {
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
  if (const XMLElement* dc = child(d, "Dc")) {
    int m = 0;
    for (const XMLElement* o = child(dc, "OpMode"); o; o = o->NextSiblingElement("OpMode")) {
      const Ctx co = c / ("Dc OpMode " + std::to_string(++m));
      DcMode mode;
      mode.name = text(child(o, "Name"));
      mode.description = text(child(o, "Desc"));
      mode.assignActivate = std::uint16_t(numElem(co, o, "AssignActivate", 0, 0xFFFF, false));
      mode.cycleTimeSync0 = numElem(co, o, "CycleTimeSync0", -0xFFFFFFFFLL, 0xFFFFFFFFLL, false);
      mode.shiftTimeSync0 = numElem(co, o, "ShiftTimeSync0", -0xFFFFFFFFLL, 0xFFFFFFFFLL, false);
      mode.cycleTimeSync1 = numElem(co, o, "CycleTimeSync1", -0xFFFFFFFFLL, 0xFFFFFFFFLL, false);
      mode.shiftTimeSync1 = numElem(co, o, "ShiftTimeSync1", -0xFFFFFFFFLL, 0xFFFFFFFFLL, false);
      if (const XMLElement* e = child(o, "CycleTimeSync0")) mode.cycleTimeSync0Factor = int(numAttr(co, e, "Factor", -0x7FFF, 0x7FFF, 0));
      if (const XMLElement* e = child(o, "CycleTimeSync1")) mode.cycleTimeSync1Factor = int(numAttr(co, e, "Factor", -0x7FFF, 0x7FFF, 0));
      dev.dcModes.push_back(mode);
    }
  }
  if (const XMLElement* ee = child(d, "Eeprom")) dev.eepromBytes = std::uint32_t(numElem(c / "Eeprom", ee, "ByteSize", 0, 0xFFFFFFFFLL, false));
  return dev;
}

}  // namespace

bool parseNumber(const std::string& t0, std::int64_t& out) {
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
  if (t.empty() || t.size() > 17) return false;
  std::int64_t v = 0;
  for (char ch : t) {
    int d;
    if (ch >= '0' && ch <= '9') d = ch - '0';
    else if (base == 16 && ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
    else if (base == 16 && ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
    else return false;
    v = v * base + d;
  }
  out = neg ? -v : v;
  return true;
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
  tinyxml2::XMLDocument doc;
  if (doc.Parse(xml.c_str(), xml.size()) != tinyxml2::XML_SUCCESS)
    throw std::runtime_error(source + ": not well-formed XML (line " + std::to_string(doc.ErrorLineNum()) + ": " +
                             (doc.ErrorStr() ? doc.ErrorStr() : "?") + ")");
  const XMLElement* root = doc.RootElement();
  if (!root || std::strcmp(root->Name(), "EtherCATInfo") != 0)
    throw std::runtime_error(source + ": not an ESI file (the root element is <" + std::string(root ? root->Name() : "") +
                             ">, not <EtherCATInfo>)");
  const Ctx c{source};
  File f;
  f.source = source;
  const XMLElement* vendor = child(root, "Vendor");
  if (!vendor) c.fail("no <Vendor>");
  f.vendorId = std::uint32_t(numElem(c / "Vendor", vendor, "Id", 0, 0xFFFFFFFFLL, true));
  f.vendorName = name(vendor);
  const XMLElement* devices = child(child(root, "Descriptions"), "Devices");
  if (!devices) c.fail("no <Descriptions><Devices>");
  int k = 0;
  for (const XMLElement* d = child(devices, "Device"); d; d = d->NextSiblingElement("Device")) f.devices.push_back(readDevice(c, d, ++k));
  if (f.devices.empty()) c.fail("no <Device> in <Devices>");
  return f;
}

File load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open the ESI file");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse(ss.str(), path);
}

}  // namespace maniplab::ethercat::esi
