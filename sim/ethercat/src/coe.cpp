// CoE mailbox codec: ETG.1000.4 §5.6 mailbox header and error reply, ETG.1000.6 §5.6 CoE services (SDO
// incl. complete access, SDO information, emergency), CiA 301 §7.2.4.3 SDO command specifiers (see coe.hpp).
#include "maniplab/ethercat/coe.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "maniplab/ethercat/frame.hpp"
#include "maniplab/ethercat/hex.hpp"

namespace maniplab::ethercat {

// --- mailbox header ---------------------------------------------------------------------------------------

const char* mbx::typeName(Type t) {
  switch (t) {
    case Type::Error: return "mailbox error";
    case Type::AoE: return "AoE";
    case Type::EoE: return "EoE";
    case Type::CoE: return "CoE";
    case Type::FoE: return "FoE";
    case Type::SoE: return "SoE";
    case Type::VoE: return "VoE";
  }
  return "unknown mailbox type";
}

void mbx::writeHeader(const Header& h, std::uint8_t* p) {
  put16(p, h.length);
  put16(p + 2, h.address);
  p[4] = std::uint8_t((h.channel & 0x3f) | ((h.priority & 3) << 6));
  p[5] = std::uint8_t((std::uint8_t(h.type) & 0x0f) | ((h.counter & 7) << 4));
}

mbx::Header mbx::readHeader(const std::uint8_t* p) {
  Header h;
  h.length = get16(p);
  h.address = get16(p + 2);
  h.channel = p[4] & 0x3f;
  h.priority = std::uint8_t(p[4] >> 6);
  h.type = Type(p[5] & 0x0f);
  h.counter = std::uint8_t((p[5] >> 4) & 7);
  return h;
}

std::string mbx::errorDetailText(std::uint16_t d) {
  const char* t = "unknown mailbox error";
  switch (d) {
    case error::Syntax: return hex(d, 4) + " syntax of the mailbox header is wrong";
    case error::UnsupportedProtocol: t = "mailbox protocol not supported"; break;
    case error::InvalidChannel: t = "channel field invalid"; break;
    case error::ServiceNotSupported: t = "service in the mailbox protocol not supported"; break;
    case error::InvalidHeader: t = "mailbox protocol header invalid (except the service)"; break;
    case error::SizeTooShort: t = "mailbox data too short"; break;
    case error::NoMoreMemory: t = "no more memory in the slave for the mailbox service"; break;
    case error::InvalidSize: t = "mailbox data length inconsistent"; break;
  }
  return hex(d, 4) + " " + t;
}

std::size_t mbx::encodeError(std::uint16_t detail, std::uint8_t counter, std::uint8_t* buf, std::size_t size) {
  if (size < kHeaderSize + 4) return 0;
  std::memset(buf, 0, size);
  writeHeader({4, 0, 0, 0, Type::Error, counter}, buf);
  put16(buf + 6, 0x0001);  // type: mailbox command
  put16(buf + 8, detail);
  return kHeaderSize + 4;
}

namespace coe {

const char* serviceName(Service s) {
  switch (s) {
    case Service::Emergency: return "emergency";
    case Service::SdoRequest: return "SDO request";
    case Service::SdoResponse: return "SDO response";
    case Service::TxPdo: return "TxPDO";
    case Service::RxPdo: return "RxPDO";
    case Service::TxPdoRemoteRequest: return "TxPDO remote request";
    case Service::RxPdoRemoteRequest: return "RxPDO remote request";
    case Service::SdoInformation: return "SDO information";
  }
  return "unknown CoE service";
}

const char* sdoKindName(SdoKind k) {
  switch (k) {
    case SdoKind::DownloadRequest: return "initiate download request";
    case SdoKind::DownloadSegmentRequest: return "download segment request";
    case SdoKind::UploadRequest: return "initiate upload request";
    case SdoKind::UploadSegmentRequest: return "upload segment request";
    case SdoKind::DownloadResponse: return "initiate download response";
    case SdoKind::DownloadSegmentResponse: return "download segment response";
    case SdoKind::UploadResponse: return "initiate upload response";
    case SdoKind::UploadSegmentResponse: return "upload segment response";
    case SdoKind::Abort: return "abort";
  }
  return "unknown SDO message";
}

Service serviceOf(SdoKind k) {
  switch (k) {
    case SdoKind::DownloadResponse: case SdoKind::DownloadSegmentResponse: case SdoKind::UploadResponse:
    case SdoKind::UploadSegmentResponse:
      return Service::SdoResponse;
    default:
      return Service::SdoRequest;
  }
}

// --- SDO builders ---------------------------------------------------------------------------------------

Sdo uploadRequest(std::uint16_t index, std::uint8_t sub, bool ca) {
  Sdo s;
  s.kind = SdoKind::UploadRequest;
  s.index = index;
  s.subindex = sub;
  s.completeAccess = ca;
  s.sizeIndicated = false;
  return s;
}

Sdo uploadSegmentRequest(bool toggle) {
  Sdo s;
  s.kind = SdoKind::UploadSegmentRequest;
  s.toggle = toggle;
  s.sizeIndicated = false;
  return s;
}

namespace {
Sdo initiate(SdoKind kind, std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& value,
             std::size_t mailboxSize, bool ca) {
  Sdo s;
  s.kind = kind;
  s.index = index;
  s.subindex = sub;
  s.completeAccess = ca;
  s.sizeIndicated = true;
  if (!ca && !value.empty() && value.size() <= 4) {
    s.expedited = true;
    s.data = value;
    return s;
  }
  s.completeSize = std::uint32_t(value.size());
  const std::size_t n = std::min(value.size(), initiateCapacity(mailboxSize));
  s.data.assign(value.begin(), value.begin() + std::ptrdiff_t(n));
  return s;
}
}  // namespace

Sdo downloadRequest(std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& value,
                    std::size_t mailboxSize, bool ca) {
  return initiate(SdoKind::DownloadRequest, index, sub, value, mailboxSize, ca);
}

Sdo uploadResponse(std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& value,
                   std::size_t mailboxSize, bool ca) {
  return initiate(SdoKind::UploadResponse, index, sub, value, mailboxSize, ca);
}

Sdo downloadResponse(std::uint16_t index, std::uint8_t sub, bool ca) {
  Sdo s;
  s.kind = SdoKind::DownloadResponse;
  s.index = index;
  s.subindex = sub;
  s.completeAccess = ca;
  s.sizeIndicated = false;
  return s;
}

Sdo downloadSegmentResponse(bool toggle) {
  Sdo s;
  s.kind = SdoKind::DownloadSegmentResponse;
  s.toggle = toggle;
  s.sizeIndicated = false;
  return s;
}

Sdo abortMessage(std::uint16_t index, std::uint8_t sub, std::uint32_t code) {
  Sdo s;
  s.kind = SdoKind::Abort;
  s.index = index;
  s.subindex = sub;
  s.abortCode = code;
  s.sizeIndicated = false;
  return s;
}

std::vector<Sdo> segments(SdoKind kind, const std::vector<std::uint8_t>& value, std::size_t sent, std::size_t mailboxSize) {
  std::vector<Sdo> out;
  const std::size_t cap = segmentCapacity(mailboxSize);
  if (cap == 0) return out;
  bool toggle = false;
  while (sent < value.size()) {
    const std::size_t n = std::min(cap, value.size() - sent);
    Sdo s;
    s.kind = kind;
    s.toggle = toggle;
    s.sizeIndicated = false;
    s.data.assign(value.begin() + std::ptrdiff_t(sent), value.begin() + std::ptrdiff_t(sent + n));
    sent += n;
    s.last = sent >= value.size();
    out.push_back(std::move(s));
    toggle = !toggle;
  }
  return out;
}

// --- emergency --------------------------------------------------------------------------------------------

std::string errorCodeText(std::uint16_t c) {
  // Exact codes first (CiA 402 / IEC 61800-7-201 Annex and CiA 301 Table 21), then the groups.
  const char* t = nullptr;
  switch (c) {
    case 0x0000: t = "error reset or no error"; break;
    case 0x1000: t = "generic error"; break;
    case 0x2310: t = "continuous over-current (device output side)"; break;
    case 0x2320: t = "short circuit / earth leakage (device output side)"; break;
    case 0x3210: t = "DC link over-voltage"; break;
    case 0x3220: t = "DC link under-voltage"; break;
    case 0x4210: t = "excess temperature device"; break;
    case 0x5500: t = "data storage"; break;
    case 0x6100: t = "internal software"; break;
    case 0x7300: t = "sensor (encoder)"; break;
    case 0x8110: t = "CAN overrun (objects lost)"; break;
    case 0x8100: t = "communication"; break;
    case 0x8130: t = "life guard error or heartbeat error"; break;
    case 0x8210: t = "PDO not processed due to length error"; break;
    case 0x8220: t = "PDO length exceeded"; break;
    case 0x8611: t = "following error"; break;
    case 0x8612: t = "reference limit"; break;
    case 0x8700: t = "sync controller"; break;
    case 0x8A00: t = "positioning controller"; break;
    default: break;
  }
  if (!t) switch (c & 0xff00) {
      case 0x2100: t = "current, device input side"; break;
      case 0x2200: t = "current inside the device"; break;
      case 0x2300: t = "current, device output side"; break;
      case 0x3100: t = "mains voltage"; break;
      case 0x3200: t = "voltage inside the device"; break;
      case 0x3300: t = "output voltage"; break;
      case 0x4100: t = "ambient temperature"; break;
      case 0x4200: t = "device temperature"; break;
      case 0x5000: case 0x5100: case 0x5200: case 0x5300: case 0x5400: case 0x5500: t = "device hardware"; break;
      case 0x6000: case 0x6100: case 0x6200: case 0x6300: t = "device software"; break;
      case 0x7000: case 0x7100: case 0x7200: case 0x7300: case 0x7400: case 0x7500: t = "additional modules"; break;
      case 0x8000: case 0x8100: case 0x8200: t = "monitoring / communication"; break;
      case 0x8300: case 0x8400: case 0x8500: case 0x8600: case 0x8700: case 0x8800: case 0x8900: case 0x8A00:
        t = "monitoring (drive control)"; break;
      case 0x9000: t = "external error"; break;
      case 0xF000: t = "additional functions"; break;
      case 0xFF00: t = "device-specific"; break;
      default: t = "unknown error code"; break;
    }
  return hex(c, 4) + " " + t;
}

std::string emergencyText(const Emergency& e) {
  char d[48];
  std::snprintf(d, sizeof d, "%02X %02X %02X %02X %02X", e.data[0], e.data[1], e.data[2], e.data[3], e.data[4]);
  return "emergency " + errorCodeText(e.errorCode) + ", error register " + hex(e.errorRegister, 2) + ", data " + d;
}

// --- SDO information --------------------------------------------------------------------------------------

const char* infoOpcodeName(InfoOpcode op) {
  switch (op) {
    case InfoOpcode::GetOdListRequest: return "get OD list request";
    case InfoOpcode::GetOdListResponse: return "get OD list response";
    case InfoOpcode::GetObjectDescriptionRequest: return "get object description request";
    case InfoOpcode::GetObjectDescriptionResponse: return "get object description response";
    case InfoOpcode::GetEntryDescriptionRequest: return "get entry description request";
    case InfoOpcode::GetEntryDescriptionResponse: return "get entry description response";
    case InfoOpcode::Error: return "SDO information error";
  }
  return "unknown SDO information opcode";
}

namespace info {
namespace {
void p16(std::vector<std::uint8_t>& v, std::uint16_t x) { v.push_back(std::uint8_t(x)); v.push_back(std::uint8_t(x >> 8)); }
void p32(std::vector<std::uint8_t>& v, std::uint32_t x) { p16(v, std::uint16_t(x)); p16(v, std::uint16_t(x >> 16)); }
SdoInfo request(InfoOpcode op, std::vector<std::uint8_t> payload) {
  SdoInfo m;
  m.opcode = op;
  m.payload = std::move(payload);
  return m;
}
}  // namespace

SdoInfo odListRequest(std::uint16_t listType) {
  std::vector<std::uint8_t> p;
  p16(p, listType);
  return request(InfoOpcode::GetOdListRequest, p);
}
SdoInfo objectDescriptionRequest(std::uint16_t index) {
  std::vector<std::uint8_t> p;
  p16(p, index);
  return request(InfoOpcode::GetObjectDescriptionRequest, p);
}
SdoInfo entryDescriptionRequest(std::uint16_t index, std::uint8_t sub, std::uint8_t valueInfo) {
  std::vector<std::uint8_t> p;
  p16(p, index);
  p.push_back(sub);
  p.push_back(valueInfo);
  return request(InfoOpcode::GetEntryDescriptionRequest, p);
}
SdoInfo errorMessage(std::uint32_t code) {
  std::vector<std::uint8_t> p;
  p32(p, code);
  return request(InfoOpcode::Error, p);
}

bool parseOdListRequest(const SdoInfo& m, std::uint16_t& listType) {
  if (m.payload.size() < 2) return false;
  listType = get16(m.payload.data());
  return true;
}
bool parseObjectDescriptionRequest(const SdoInfo& m, std::uint16_t& index) {
  if (m.payload.size() < 2) return false;
  index = get16(m.payload.data());
  return true;
}
bool parseEntryDescriptionRequest(const SdoInfo& m, std::uint16_t& index, std::uint8_t& sub, std::uint8_t& vi) {
  if (m.payload.size() < 4) return false;
  index = get16(m.payload.data());
  sub = m.payload[2];
  vi = m.payload[3];
  return true;
}
bool parseError(const SdoInfo& m, std::uint32_t& code) {
  if (m.payload.size() < 4) return false;
  code = get32(m.payload.data());
  return true;
}

std::vector<std::uint8_t> odListPayload(std::uint16_t listType, const std::vector<std::uint16_t>& indices) {
  std::vector<std::uint8_t> p;
  p16(p, listType);
  for (auto i : indices) p16(p, i);
  return p;
}
std::vector<std::uint8_t> objectDescriptionPayload(const ObjectDescription& d) {
  std::vector<std::uint8_t> p;
  p16(p, d.index);
  p16(p, d.dataType);
  p.push_back(d.maxSubindex);
  p.push_back(d.objectCode);
  p.insert(p.end(), d.name.begin(), d.name.end());
  return p;
}
std::vector<std::uint8_t> entryDescriptionPayload(const EntryDescription& d) {
  std::vector<std::uint8_t> p;
  p16(p, d.index);
  p.push_back(d.subindex);
  p.push_back(d.valueInfo);
  p16(p, d.dataType);
  p16(p, d.bitLength);
  p16(p, d.access);
  p.insert(p.end(), d.valueData.begin(), d.valueData.end());
  p.insert(p.end(), d.name.begin(), d.name.end());
  return p;
}

bool parseOdList(const std::vector<std::uint8_t>& p, std::uint16_t& listType, std::vector<std::uint16_t>& indices) {
  if (p.size() < 2 || p.size() % 2) return false;
  listType = get16(p.data());
  indices.clear();
  for (std::size_t i = 2; i + 1 < p.size(); i += 2) indices.push_back(get16(&p[i]));
  return true;
}
bool parseObjectDescription(const std::vector<std::uint8_t>& p, ObjectDescription& d) {
  if (p.size() < 6) return false;
  d.index = get16(p.data());
  d.dataType = get16(&p[2]);
  d.maxSubindex = p[4];
  d.objectCode = p[5];
  d.name.assign(p.begin() + 6, p.end());
  while (!d.name.empty() && d.name.back() == '\0') d.name.pop_back();
  return true;
}
bool parseEntryDescription(const std::vector<std::uint8_t>& p, EntryDescription& d) {
  if (p.size() < 10) return false;
  d.index = get16(p.data());
  d.subindex = p[2];
  d.valueInfo = p[3];
  d.dataType = get16(&p[4]);
  d.bitLength = get16(&p[6]);
  d.access = get16(&p[8]);
  // Optional fields: unit type (u16), then default, minimum, maximum (each as long as the entry).
  std::size_t extra = 0;
  const std::size_t valueBytes = (d.bitLength + 7u) / 8u;
  if (d.valueInfo & valueinfo::UnitType) extra += 2;
  if (d.valueInfo & valueinfo::Default) extra += valueBytes;
  if (d.valueInfo & valueinfo::Minimum) extra += valueBytes;
  if (d.valueInfo & valueinfo::Maximum) extra += valueBytes;
  if (p.size() < 10 + extra) return false;
  d.valueData.assign(p.begin() + 10, p.begin() + std::ptrdiff_t(10 + extra));
  d.name.assign(p.begin() + std::ptrdiff_t(10 + extra), p.end());
  while (!d.name.empty() && d.name.back() == '\0') d.name.pop_back();
  return true;
}

std::vector<SdoInfo> fragment(InfoOpcode op, const std::vector<std::uint8_t>& payload, std::size_t mailboxSize) {
  std::vector<SdoInfo> out;
  const std::size_t header = mbx::kHeaderSize + kCoeHeaderSize + kInfoHeaderSize;
  if (mailboxSize <= header) return out;
  const std::size_t cap = mailboxSize - header;
  const std::size_t n = payload.empty() ? 1 : (payload.size() + cap - 1) / cap;
  for (std::size_t k = 0; k < n; ++k) {
    SdoInfo m;
    m.opcode = op;
    m.fragmentsLeft = std::uint16_t(n - 1 - k);
    m.incomplete = k + 1 < n;
    const std::size_t a = k * cap, b = std::min(payload.size(), a + cap);
    m.payload.assign(payload.begin() + std::ptrdiff_t(a), payload.begin() + std::ptrdiff_t(b));
    out.push_back(std::move(m));
  }
  return out;
}

void Reassembler::reset() {
  payload_.clear();
  started_ = done_ = false;
  left_ = 0;
  op_ = InfoOpcode::Error;
}

bool Reassembler::add(const SdoInfo& m, std::string* why) {
  auto fail = [&](const std::string& w) {
    if (why) *why = w;
    return false;
  };
  if (done_) return fail("response already complete");
  if (!started_) {
    started_ = true;
    op_ = m.opcode;
  } else {
    if (m.opcode != op_) return fail(std::string("fragment of another service (") + infoOpcodeName(m.opcode) + ")");
    if (m.fragmentsLeft + 1u != left_)
      return fail("fragment out of order (" + std::to_string(m.fragmentsLeft) + " left after " + std::to_string(left_) + ")");
  }
  left_ = m.fragmentsLeft;
  payload_.insert(payload_.end(), m.payload.begin(), m.payload.end());
  done_ = !m.incomplete;
  if (done_ && left_ != 0) return fail("last fragment says " + std::to_string(left_) + " fragments left");
  return true;
}
}  // namespace info

const char* dataTypeName(std::uint16_t t) {
  switch (t) {
    case dtype::Boolean: return "BOOLEAN";
    case dtype::Integer8: return "INTEGER8";
    case dtype::Integer16: return "INTEGER16";
    case dtype::Integer32: return "INTEGER32";
    case dtype::Unsigned8: return "UNSIGNED8";
    case dtype::Unsigned16: return "UNSIGNED16";
    case dtype::Unsigned32: return "UNSIGNED32";
    case dtype::Real32: return "REAL32";
    case dtype::VisibleString: return "VISIBLE_STRING";
    case dtype::OctetString: return "OCTET_STRING";
    case dtype::UnicodeString: return "UNICODE_STRING";
    case dtype::Real64: return "REAL64";
    case dtype::Integer64: return "INTEGER64";
    case dtype::Unsigned64: return "UNSIGNED64";
    case dtype::PdoMapping: return "PDO_MAPPING";
    case dtype::Identity: return "IDENTITY";
  }
  if (t >= dtype::Bit1 && t <= dtype::Bit8) {
    static const char* bits[] = {"BIT1", "BIT2", "BIT3", "BIT4", "BIT5", "BIT6", "BIT7", "BIT8"};
    return bits[t - dtype::Bit1];
  }
  return "other data type";
}

// --- whole messages ------------------------------------------------------------------------------------

namespace {
constexpr std::size_t H = mbx::kHeaderSize;

std::uint8_t commandByte(const Sdo& s) {
  const std::uint8_t ca = s.completeAccess ? 0x10 : 0x00;
  const std::uint8_t t = s.toggle ? 0x10 : 0x00;
  auto initiateBits = [&](std::uint8_t cs) {
    std::uint8_t c = std::uint8_t(cs | ca);
    if (s.expedited) {
      c |= 0x02;
      if (s.sizeIndicated) c |= std::uint8_t(0x01 | ((4 - s.data.size()) << 2));
    } else if (s.sizeIndicated) {
      c |= 0x01;
    }
    return c;
  };
  auto segmentBits = [&](std::uint8_t cs) {
    std::uint8_t c = std::uint8_t(cs | t | (s.last ? 0x01 : 0x00));
    if (s.data.size() < 7) c |= std::uint8_t((7 - s.data.size()) << 1);
    return c;
  };
  switch (s.kind) {
    case SdoKind::DownloadRequest: return initiateBits(0x20);
    case SdoKind::DownloadSegmentRequest: return segmentBits(0x00);
    case SdoKind::UploadRequest: return std::uint8_t(0x40 | ca);
    case SdoKind::UploadSegmentRequest: return std::uint8_t(0x60 | t);
    case SdoKind::DownloadResponse: return std::uint8_t(0x60 | ca);
    case SdoKind::DownloadSegmentResponse: return std::uint8_t(0x20 | t);
    case SdoKind::UploadResponse: return initiateBits(0x40);
    case SdoKind::UploadSegmentResponse: return segmentBits(0x00);
    case SdoKind::Abort: return 0x80;
  }
  return 0;
}

bool isSegment(SdoKind k) {
  return k == SdoKind::DownloadSegmentRequest || k == SdoKind::UploadSegmentResponse;
}
bool isSegmentAck(SdoKind k) {
  return k == SdoKind::UploadSegmentRequest || k == SdoKind::DownloadSegmentResponse;
}
bool isInitiateWithData(SdoKind k) { return k == SdoKind::DownloadRequest || k == SdoKind::UploadResponse; }
}  // namespace

std::size_t encode(const Sdo& s, std::uint8_t counter, std::uint8_t* buf, std::size_t size) {
  if (isInitiateWithData(s.kind) && s.expedited && (s.data.empty() || s.data.size() > 4)) return 0;
  if (isSegment(s.kind) && s.data.empty() && !s.last) return 0;
  std::size_t len;  // after the mailbox header
  if (isSegment(s.kind)) len = kCoeHeaderSize + 1 + std::max<std::size_t>(7, s.data.size());
  else if (isSegmentAck(s.kind)) len = kSdoSize;
  else if (isInitiateWithData(s.kind) && !s.expedited) len = kSdoSize + s.data.size();
  else len = kSdoSize;
  if (H + len > size) return 0;
  std::memset(buf, 0, size);
  mbx::writeHeader({std::uint16_t(len), 0, 0, 0, mbx::Type::CoE, counter}, buf);
  put16(buf + H, std::uint16_t(std::uint16_t(serviceOf(s.kind)) << 12));
  std::uint8_t* d = buf + H + kCoeHeaderSize;
  d[0] = commandByte(s);
  if (isSegment(s.kind)) {
    std::copy(s.data.begin(), s.data.end(), d + 1);
  } else if (!isSegmentAck(s.kind)) {
    put16(d + 1, s.index);
    d[3] = s.subindex;
    if (s.kind == SdoKind::Abort) put32(d + 4, s.abortCode);
    else if (isInitiateWithData(s.kind)) {
      if (s.expedited) std::copy(s.data.begin(), s.data.end(), d + 4);
      else {
        put32(d + 4, s.completeSize);
        std::copy(s.data.begin(), s.data.end(), d + 8);
      }
    }
  }
  return H + len;
}

std::size_t encode(const Emergency& e, std::uint8_t counter, std::uint8_t* buf, std::size_t size) {
  const std::size_t len = kCoeHeaderSize + 8;
  if (H + len > size) return 0;
  std::memset(buf, 0, size);
  mbx::writeHeader({std::uint16_t(len), 0, 0, 0, mbx::Type::CoE, counter}, buf);
  put16(buf + H, std::uint16_t(std::uint16_t(Service::Emergency) << 12));
  put16(buf + H + 2, e.errorCode);
  buf[H + 4] = e.errorRegister;
  std::copy(e.data.begin(), e.data.end(), buf + H + 5);
  return H + len;
}

std::size_t encode(const SdoInfo& m, std::uint8_t counter, std::uint8_t* buf, std::size_t size) {
  const std::size_t len = kCoeHeaderSize + kInfoHeaderSize + m.payload.size();
  if (H + len > size) return 0;
  std::memset(buf, 0, size);
  mbx::writeHeader({std::uint16_t(len), 0, 0, 0, mbx::Type::CoE, counter}, buf);
  put16(buf + H, std::uint16_t(std::uint16_t(Service::SdoInformation) << 12));
  buf[H + 2] = std::uint8_t((std::uint8_t(m.opcode) & 0x7f) | (m.incomplete ? 0x80 : 0));
  buf[H + 3] = 0;
  put16(buf + H + 4, m.fragmentsLeft);
  std::copy(m.payload.begin(), m.payload.end(), buf + H + 6);
  return H + len;
}

namespace {
template <class M>
std::vector<std::uint8_t> encodeVec(const M& m, std::uint8_t counter, std::size_t mailboxSize) {
  std::vector<std::uint8_t> v(mailboxSize);
  if (!encode(m, counter, v.data(), v.size())) v.clear();
  return v;
}
}  // namespace
std::vector<std::uint8_t> encode(const Sdo& s, std::uint8_t c, std::size_t n) { return encodeVec(s, c, n); }
std::vector<std::uint8_t> encode(const Emergency& e, std::uint8_t c, std::size_t n) { return encodeVec(e, c, n); }
std::vector<std::uint8_t> encode(const SdoInfo& m, std::uint8_t c, std::size_t n) { return encodeVec(m, c, n); }

bool decode(const std::uint8_t* buf, std::size_t size, Message& out, std::string* why) {
  auto fail = [&](const std::string& w) {
    if (why) *why = w;
    return false;
  };
  out = Message{};
  if (size < H) return fail("mailbox shorter than its header");
  out.header = mbx::readHeader(buf);
  const std::size_t len = out.header.length;
  if (H + len > size) return fail("mailbox length " + std::to_string(len) + " exceeds the " + std::to_string(size - H) + " bytes read");
  const std::uint8_t* p = buf + H;
  if (out.header.type == mbx::Type::Error) {
    if (len < 4) return fail("mailbox error reply shorter than 4 bytes");
    out.kind = Message::Kind::MailboxError;
    out.errorDetail = get16(p + 2);
    return true;
  }
  if (out.header.type != mbx::Type::CoE) {
    out.kind = Message::Kind::OtherProtocol;
    return true;
  }
  if (len < kCoeHeaderSize) return fail("CoE message shorter than the CoE header");
  const std::uint16_t ch = get16(p);
  out.coeNumber = ch & 0x01ff;
  out.service = Service(ch >> 12);
  p += kCoeHeaderSize;
  const std::size_t n = len - kCoeHeaderSize;  // service data bytes
  switch (out.service) {
    case Service::Emergency: {
      if (n < 8) return fail("emergency shorter than 8 bytes");
      out.kind = Message::Kind::Emergency;
      out.emergency.errorCode = get16(p);
      out.emergency.errorRegister = p[2];
      std::copy(p + 3, p + 8, out.emergency.data.begin());
      return true;
    }
    case Service::SdoInformation: {
      if (n < kInfoHeaderSize) return fail("SDO information message shorter than its 4-byte header");
      out.kind = Message::Kind::SdoInfo;
      const std::uint8_t op = p[0] & 0x7f;
      if (op < 1 || op > 7) return fail("unknown SDO information opcode " + std::to_string(op));
      out.info.opcode = InfoOpcode(op);
      out.info.incomplete = (p[0] & 0x80) != 0;
      out.info.fragmentsLeft = get16(p + 2);
      out.info.payload.assign(p + kInfoHeaderSize, p + n);
      return true;
    }
    case Service::SdoRequest:
    case Service::SdoResponse:
      break;
    default:
      out.kind = Message::Kind::OtherCoe;
      return true;
  }
  // SDO
  if (n < 8) return fail(std::string(serviceName(out.service)) + " shorter than 8 bytes (" + std::to_string(n) + ")");
  out.kind = Message::Kind::Sdo;
  Sdo& s = out.sdo;
  s.service = out.service;
  const std::uint8_t c = p[0];
  const std::uint8_t cs = c >> 5;
  const bool request = out.service == Service::SdoRequest;
  auto readInitiate = [&](SdoKind kind) -> bool {
    s.kind = kind;
    s.completeAccess = (c & 0x10) != 0;
    s.index = get16(p + 1);
    s.subindex = p[3];
    s.expedited = (c & 0x02) != 0;
    s.sizeIndicated = (c & 0x01) != 0;
    if (s.expedited) {
      const std::size_t bytes = s.sizeIndicated ? 4u - ((c >> 2) & 3u) : 4u;
      s.data.assign(p + 4, p + 4 + bytes);
    } else {
      s.completeSize = get32(p + 4);
      const std::size_t avail = n - 8;
      const std::size_t take = s.sizeIndicated ? std::min<std::size_t>(avail, s.completeSize) : avail;
      s.data.assign(p + 8, p + 8 + take);
    }
    return true;
  };
  auto readSegment = [&](SdoKind kind) -> bool {
    s.kind = kind;
    s.toggle = (c & 0x10) != 0;
    s.last = (c & 0x01) != 0;
    s.sizeIndicated = false;
    std::size_t bytes = n - 1;
    if (bytes == 7) bytes -= (c >> 1) & 7;  // a minimum-size segment says how many of its 7 bytes are unused
    // A segment that carries nothing and is not the last would let the transfer run on for ever (the
    // encoder never writes one).
    if (bytes == 0 && !s.last) return fail(std::string(sdoKindName(kind)) + " without data that is not the last segment");
    s.data.assign(p + 1, p + 1 + bytes);
    return true;
  };
  if (cs == 4) {
    s.kind = SdoKind::Abort;
    s.index = get16(p + 1);
    s.subindex = p[3];
    s.abortCode = get32(p + 4);
    s.sizeIndicated = false;
    return true;
  }
  if (request) {
    switch (cs) {
      case 0: return readSegment(SdoKind::DownloadSegmentRequest);
      case 1: return readInitiate(SdoKind::DownloadRequest);
      case 2:
        s.kind = SdoKind::UploadRequest;
        s.completeAccess = (c & 0x10) != 0;
        s.index = get16(p + 1);
        s.subindex = p[3];
        s.sizeIndicated = false;
        return true;
      case 3:
        s.kind = SdoKind::UploadSegmentRequest;
        s.toggle = (c & 0x10) != 0;
        s.sizeIndicated = false;
        return true;
    }
    return fail("SDO request with client command specifier " + std::to_string(cs) + " (block transfers are not CoE)");
  }
  switch (cs) {
    case 0: return readSegment(SdoKind::UploadSegmentResponse);
    case 1:
      s.kind = SdoKind::DownloadSegmentResponse;
      s.toggle = (c & 0x10) != 0;
      s.sizeIndicated = false;
      return true;
    case 2: return readInitiate(SdoKind::UploadResponse);
    case 3:
      s.kind = SdoKind::DownloadResponse;
      s.completeAccess = (c & 0x10) != 0;
      s.index = get16(p + 1);
      s.subindex = p[3];
      s.sizeIndicated = false;
      return true;
  }
  return fail("SDO response with server command specifier " + std::to_string(cs));
}

}  // namespace coe
}  // namespace maniplab::ethercat
