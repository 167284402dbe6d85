// CoE object dictionary and SDO server of the virtual slaves (CiA 301 §7.2.4.3 SDO protocol and §7.4
// object dictionary; ETG.1000.6 §5.6.2 SDO over EtherCAT, §5.6.3 SDO information; ETG.1020 §12.2
// complete access). See object_dictionary.hpp.
#include "maniplab/ethercat/object_dictionary.hpp"

#include <algorithm>
#include <cstdio>

#include "maniplab/ethercat/protocol.hpp"
#include "maniplab/ethercat/hex.hpp"

namespace maniplab::ethercat {

namespace {
using namespace coe::info::access;

std::uint16_t readBit(std::uint8_t st) { return st == 8 ? ReadOp : st == 4 ? ReadSafeOp : ReadPreOp; }
std::uint16_t writeBit(std::uint8_t st) { return st == 8 ? WriteOp : st == 4 ? WriteSafeOp : WritePreOp; }
std::size_t entryBytes(const OdEntry& e) { return (e.bitLength + 7u) / 8u; }

// Little-endian bit stream (complete access packs entries bit by bit).
struct BitWriter {
  std::vector<std::uint8_t> bytes;
  std::size_t bit = 0;
  void put(const std::vector<std::uint8_t>& v, std::size_t bits) {
    for (std::size_t i = 0; i < bits; ++i, ++bit) {
      if (bit / 8 >= bytes.size()) bytes.push_back(0);
      const bool b = i / 8 < v.size() && ((v[i / 8] >> (i % 8)) & 1);
      if (b) bytes[bit / 8] = std::uint8_t(bytes[bit / 8] | (1u << (bit % 8)));
    }
  }
};
struct BitReader {
  const std::vector<std::uint8_t>& bytes;
  std::size_t bit = 0;
  bool get(std::size_t bits, std::vector<std::uint8_t>& v) {
    if (bit + bits > 8 * bytes.size()) return false;
    v.assign((bits + 7) / 8, 0);
    for (std::size_t i = 0; i < bits; ++i, ++bit)
      if ((bytes[bit / 8] >> (bit % 8)) & 1) v[i / 8] = std::uint8_t(v[i / 8] | (1u << (i % 8)));
    return true;
  }
};

std::string objName(std::uint16_t index, std::uint8_t sub) { return objectKey(index, sub); }
}  // namespace

const OdEntry* OdObject::entry(std::uint8_t sub) const {
  for (const auto& e : entries)
    if (e.subindex == sub) return &e;
  return nullptr;
}
OdEntry* OdObject::entry(std::uint8_t sub) {
  for (auto& e : entries)
    if (e.subindex == sub) return &e;
  return nullptr;
}

void ObjectDictionary::add(OdObject o) {
  std::sort(o.entries.begin(), o.entries.end(), [](const OdEntry& a, const OdEntry& b) { return a.subindex < b.subindex; });
  const std::uint16_t i = o.index;
  objects_[i] = std::move(o);
}

const OdObject* ObjectDictionary::find(std::uint16_t index) const {
  auto it = objects_.find(index);
  return it == objects_.end() ? nullptr : &it->second;
}
OdObject* ObjectDictionary::find(std::uint16_t index) {
  auto it = objects_.find(index);
  return it == objects_.end() ? nullptr : &it->second;
}

std::vector<std::uint8_t> ObjectDictionary::value(std::uint16_t index, std::uint8_t sub) const {
  const OdObject* o = find(index);
  const OdEntry* e = o ? o->entry(sub) : nullptr;
  return e && e->get ? e->get() : std::vector<std::uint8_t>{};
}

std::uint32_t ObjectDictionary::store(std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& v) {
  OdObject* o = find(index);
  if (!o) return abort::NoObject;
  OdEntry* e = o->entry(sub);
  if (!e) return abort::NoSubindex;
  if (!e->set) return abort::ReadOnly;
  return e->set(v);
}

std::uint32_t ObjectDictionary::read(std::uint16_t index, std::uint8_t sub, bool ca, std::uint8_t st,
                                     std::vector<std::uint8_t>& out) const {
  const OdObject* o = find(index);
  if (!o) return abort::NoObject;
  auto readOne = [&](const OdEntry& e, std::vector<std::uint8_t>& v) -> std::uint32_t {
    if (!(e.access & Read) || !e.get) return abort::WriteOnly;
    if (!(e.access & readBit(st))) return abort::DeviceState;
    v = e.get();
    return 0;
  };
  if (!ca || o->objectCode == coe::info::ObjVar) {
    if (ca && sub != 0) return abort::UnsupportedAccess;
    const OdEntry* e = o->entry(sub);
    if (!e) return abort::NoSubindex;
    return readOne(*e, out);
  }
  if (sub > 1) return abort::UnsupportedAccess;
  const OdEntry* e0 = o->entry(0);
  if (!e0) return abort::NoSubindex;
  std::vector<std::uint8_t> v;
  if (auto c = readOne(*e0, v)) return c;
  const unsigned count = v.empty() ? 0 : v[0];
  BitWriter w;
  if (sub == 0) w.put(v, 16);  // subindex 0 padded to 16 bits
  for (const auto& e : o->entries) {
    if (e.subindex == 0 || e.subindex > count) continue;
    if (auto c = readOne(e, v)) return c;
    w.put(v, e.variableLength() ? 8 * v.size() : e.bitLength);
  }
  out = std::move(w.bytes);
  return 0;
}

std::uint32_t ObjectDictionary::write(std::uint16_t index, std::uint8_t sub, bool ca, std::uint8_t st,
                                      const std::vector<std::uint8_t>& data, bool sizeKnown) {
  OdObject* o = find(index);
  if (!o) return abort::NoObject;
  auto check = [&](const OdEntry& e) -> std::uint32_t {
    if (!(e.access & Write) || !e.set) return abort::ReadOnly;
    if (!(e.access & writeBit(st))) return abort::DeviceState;
    return 0;
  };
  auto count0 = [&]() -> unsigned {
    const OdEntry* e0 = o->entry(0);
    if (!e0 || !e0->get) return 0;
    const auto v = e0->get();
    return v.empty() ? 0 : v[0];
  };
  if (!ca || o->objectCode == coe::info::ObjVar) {
    if (ca && sub != 0) return abort::UnsupportedAccess;
    OdEntry* e = o->entry(sub);
    if (!e) return abort::NoSubindex;
    if (auto c = check(*e)) return c;
    std::vector<std::uint8_t> v = data;
    if (!e->variableLength()) {
      const std::size_t want = entryBytes(*e);
      if (!sizeKnown) {
        if (v.size() < want) return abort::LengthTooLow;
        v.resize(want);
      } else if (v.size() != want) {
        return abort::LengthMismatch;  // 0x06070010, as Beckhoff's slave stack answers a wrong expedited size
      }
    }
    if (o->countInSubindex0 && sub != 0 && count0() != 0) return abort::SubindexNotZero;
    return e->set(v);
  }
  // Complete access to an ARRAY/RECORD.
  if (sub > 1) return abort::UnsupportedAccess;
  BitReader r{data};
  std::vector<std::uint8_t> v;
  unsigned n = count0();
  if (sub == 0) {
    if (!r.get(16, v)) return abort::LengthTooLow;
    n = v[0];
  } else if (o->countInSubindex0 && n != 0) {
    return abort::SubindexNotZero;
  }
  // Collect the entries 1..n and check them all before storing anything.
  std::vector<std::pair<OdEntry*, std::vector<std::uint8_t>>> values;
  for (auto& e : o->entries) {
    if (e.subindex == 0 || e.subindex > n) continue;
    if (e.variableLength()) return abort::CompleteAccessUnsupported;
    if (!r.get(e.bitLength, v)) return abort::LengthTooLow;
    values.emplace_back(&e, v);
  }
  if ((r.bit + 7) / 8 < data.size()) return abort::LengthTooHigh;
  OdEntry* e0 = o->entry(0);
  if (o->countInSubindex0) {
    if (!e0) return abort::NoSubindex;
    if (auto c = check(*e0)) return c;
    for (auto& [e, val] : values)
      if (auto c = check(*e)) return c;
    const std::vector<std::uint8_t> old = e0->get();
    if (auto c = e0->set({0})) return c;
    for (auto& [e, val] : values)
      if (auto c = e->set(val)) {
        e0->set(old);
        return c;
      }
    if (auto c = e0->set({std::uint8_t(n)})) return c;
    return 0;
  }
  // Other objects: a read-only entry (subindex 0 included) may be "written" with its current value.
  if (sub == 0 && n != count0()) return abort::ReadOnly;
  for (auto& [e, val] : values) {
    if (check(*e)) {
      auto cur = e->get ? e->get() : std::vector<std::uint8_t>{};
      cur.resize(val.size());
      if (cur != val) return check(*e);
    }
  }
  for (auto& [e, val] : values)
    if (!check(*e))
      if (auto c = e->set(val)) return c;
  return 0;
}

std::vector<std::uint16_t> ObjectDictionary::list(std::uint16_t type) const {
  std::vector<std::uint16_t> out;
  auto has = [](const OdObject& o, std::uint16_t bits) {
    for (const auto& e : o.entries)
      if (e.access & bits) return true;
    return false;
  };
  auto collect = [&](std::uint16_t t) {
    std::vector<std::uint16_t> r;
    for (const auto& [i, o] : objects_) {
      if (t == coe::info::All || (t == coe::info::RxPdoMappable && has(o, RxPdo)) ||
          (t == coe::info::TxPdoMappable && has(o, TxPdo)) || (t == coe::info::Backup && has(o, Backup)) ||
          (t == coe::info::Settings && has(o, Settings)))
        r.push_back(i);
    }
    return r;
  };
  if (type == coe::info::Lengths) {
    for (std::uint16_t t = 1; t <= 5; ++t) out.push_back(std::uint16_t(collect(t).size()));
    return out;
  }
  return collect(type);
}

bool ObjectDictionary::describe(std::uint16_t index, coe::info::ObjectDescription& d) const {
  const OdObject* o = find(index);
  if (!o) return false;
  d.index = index;
  d.dataType = o->dataType;
  d.maxSubindex = o->maxSubindex();
  d.objectCode = o->objectCode;
  d.name = o->name;
  return true;
}

std::uint32_t ObjectDictionary::describe(std::uint16_t index, std::uint8_t sub, coe::info::EntryDescription& d) const {
  const OdObject* o = find(index);
  if (!o) return abort::NoObject;
  const OdEntry* e = o->entry(sub);
  if (!e) return abort::NoSubindex;
  d.index = index;
  d.subindex = sub;
  d.valueInfo = 0;  // no unit/default/minimum/maximum (as Beckhoff's slave stack code)
  d.dataType = e->dataType;
  d.bitLength = e->variableLength() && e->get ? std::uint16_t(8 * e->get().size()) : e->bitLength;
  d.access = e->access;
  d.valueData.clear();
  d.name = e->name;
  return 0;
}

OdEntry odConst(std::uint8_t sub, std::string name, std::uint16_t dataType, std::uint16_t bits, std::uint64_t value) {
  OdEntry e;
  e.subindex = sub;
  e.name = std::move(name);
  e.dataType = dataType;
  e.bitLength = bits;
  e.access = Read;
  e.get = [value, bits] {
    std::vector<std::uint8_t> v((bits + 7u) / 8u);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::uint8_t(value >> (8 * i));
    return v;
  };
  return e;
}

OdEntry odString(std::uint8_t sub, std::string name, std::string value) {
  OdEntry e;
  e.subindex = sub;
  e.name = std::move(name);
  e.dataType = coe::dtype::VisibleString;
  e.bitLength = std::uint16_t(8 * value.size());
  e.access = Read;
  e.get = [value] { return std::vector<std::uint8_t>(value.begin(), value.end()); };
  return e;
}

// --- SDO server ---------------------------------------------------------------------------------------------

void CoeServer::reset() {
  transfer_ = Transfer::None;
  buffer_.clear();
  offset_ = 0;
  total_ = 0;
}

std::vector<std::uint8_t> CoeServer::abortReply(std::uint16_t index, std::uint8_t sub, std::uint32_t code,
                                                std::size_t size, const char* what) {
  const std::string why = od_.takeExplanation();
  refusals_.push_back("SDO " + objName(index, sub) + " " + what + " refused: " + sdoAbortText(code) +
                      (why.empty() ? "" : " (" + why + ")"));
  if (refusals_.size() > 1000) refusals_.erase(refusals_.begin());
  reset();
  return coe::encode(coe::abortMessage(index, sub, code), 0, size);
}

std::vector<std::vector<std::uint8_t>> CoeServer::handle(const coe::Message& m, std::uint8_t st, std::size_t size) {
  if (m.kind == coe::Message::Kind::Sdo && (m.service == coe::Service::SdoRequest)) return sdo(m.sdo, st, size);
  if (m.kind == coe::Message::Kind::SdoInfo) return info(m.info, size);
  std::vector<std::uint8_t> e(size);
  mbx::encodeError(mbx::error::ServiceNotSupported, 0, e.data(), e.size());
  refusals_.push_back(std::string("CoE ") + coe::serviceName(m.service) + " from the master: " +
                      mbx::errorDetailText(mbx::error::ServiceNotSupported));
  return {e};
}

std::vector<std::vector<std::uint8_t>> CoeServer::sdo(const coe::Sdo& s, std::uint8_t st, std::size_t size) {
  using K = coe::SdoKind;
  switch (s.kind) {
    case K::UploadRequest: {
      reset();
      std::vector<std::uint8_t> v;
      if (auto c = od_.read(s.index, s.subindex, s.completeAccess, st, v))
        return {abortReply(s.index, s.subindex, c, size, "upload")};
      const coe::Sdo r = coe::uploadResponse(s.index, s.subindex, v, size, s.completeAccess);
      if (!r.expedited && r.data.size() < v.size()) {
        transfer_ = Transfer::Upload;
        index_ = s.index;
        sub_ = s.subindex;
        ca_ = s.completeAccess;
        buffer_ = std::move(v);
        offset_ = r.data.size();
        toggle_ = false;
      }
      return {coe::encode(r, 0, size)};
    }
    case K::UploadSegmentRequest: {
      if (transfer_ != Transfer::Upload) return {abortReply(index_, sub_, abort::CommandSpecifier, size, "upload segment")};
      if (s.toggle != toggle_) return {abortReply(index_, sub_, abort::ToggleBit, size, "upload segment")};
      const std::size_t n = std::min(coe::segmentCapacity(size), buffer_.size() - offset_);
      coe::Sdo r;
      r.kind = K::UploadSegmentResponse;
      r.sizeIndicated = false;
      r.toggle = toggle_;
      r.data.assign(buffer_.begin() + std::ptrdiff_t(offset_), buffer_.begin() + std::ptrdiff_t(offset_ + n));
      offset_ += n;
      r.last = offset_ >= buffer_.size();
      toggle_ = !toggle_;
      if (r.last) reset();
      return {coe::encode(r, 0, size)};
    }
    case K::DownloadRequest: {
      reset();
      if (s.expedited || s.data.size() >= s.completeSize || !s.sizeIndicated) {
        std::vector<std::uint8_t> v = s.data;
        if (!s.expedited && s.sizeIndicated) v.resize(s.completeSize);
        if (auto c = od_.write(s.index, s.subindex, s.completeAccess, st, v, s.sizeIndicated || !s.expedited))
          return {abortReply(s.index, s.subindex, c, size, "download")};
        return {coe::encode(coe::downloadResponse(s.index, s.subindex, s.completeAccess), 0, size)};
      }
      // Segmented download: check now that the object can be written, collect the segments.
      const OdObject* o = od_.find(s.index);
      if (!o) return {abortReply(s.index, s.subindex, abort::NoObject, size, "download")};
      if (!s.completeAccess && !o->entry(s.subindex)) return {abortReply(s.index, s.subindex, abort::NoSubindex, size, "download")};
      if (s.completeSize > 65536) return {abortReply(s.index, s.subindex, abort::OutOfMemory, size, "download")};
      transfer_ = Transfer::Download;
      index_ = s.index;
      sub_ = s.subindex;
      ca_ = s.completeAccess;
      total_ = s.completeSize;
      buffer_ = s.data;
      toggle_ = false;
      return {coe::encode(coe::downloadResponse(s.index, s.subindex, s.completeAccess), 0, size)};
    }
    case K::DownloadSegmentRequest: {
      if (transfer_ != Transfer::Download) return {abortReply(index_, sub_, abort::CommandSpecifier, size, "download segment")};
      if (s.toggle != toggle_) return {abortReply(index_, sub_, abort::ToggleBit, size, "download segment")};
      buffer_.insert(buffer_.end(), s.data.begin(), s.data.end());
      if (buffer_.size() > total_) return {abortReply(index_, sub_, abort::LengthTooHigh, size, "download segment")};
      const bool toggle = toggle_;
      toggle_ = !toggle_;
      if (s.last) {
        if (buffer_.size() != total_) return {abortReply(index_, sub_, abort::LengthTooLow, size, "download")};
        const std::vector<std::uint8_t> v = std::move(buffer_);
        const std::uint16_t i = index_;
        const std::uint8_t sub = sub_;
        const bool ca = ca_;
        reset();
        if (auto c = od_.write(i, sub, ca, st, v)) return {abortReply(i, sub, c, size, "download")};
      }
      return {coe::encode(coe::downloadSegmentResponse(toggle), 0, size)};
    }
    case K::Abort:
      reset();  // the master gave up the transfer: no answer
      return {};
    default:
      return {abortReply(s.index, s.subindex, abort::CommandSpecifier, size, "request")};
  }
}

std::vector<std::vector<std::uint8_t>> CoeServer::info(const coe::SdoInfo& m, std::size_t size) {
  std::vector<std::vector<std::uint8_t>> out;
  auto error = [&](std::uint32_t code, const std::string& what) {
    refusals_.push_back("SDO information " + what + " refused: " + sdoAbortText(code));
    out.push_back(coe::encode(coe::info::errorMessage(code), 0, size));
    return out;
  };
  auto send = [&](coe::InfoOpcode op, const std::vector<std::uint8_t>& payload) {
    for (const auto& f : coe::info::fragment(op, payload, size)) out.push_back(coe::encode(f, 0, size));
    return out;
  };
  switch (m.opcode) {
    case coe::InfoOpcode::GetOdListRequest: {
      std::uint16_t type = 0;
      if (!coe::info::parseOdListRequest(m, type)) return error(abort::LengthTooLow, "OD list");
      if (type > coe::info::Settings) return error(abort::ValueRange, "OD list of type " + std::to_string(type));
      return send(coe::InfoOpcode::GetOdListResponse, coe::info::odListPayload(type, od_.list(type)));
    }
    case coe::InfoOpcode::GetObjectDescriptionRequest: {
      std::uint16_t index = 0;
      coe::info::ObjectDescription d;
      if (!coe::info::parseObjectDescriptionRequest(m, index)) return error(abort::LengthTooLow, "object description");
      if (!od_.describe(index, d)) return error(abort::NoObject, "object description of " + objName(index, 0).substr(0, 6));
      return send(coe::InfoOpcode::GetObjectDescriptionResponse, coe::info::objectDescriptionPayload(d));
    }
    case coe::InfoOpcode::GetEntryDescriptionRequest: {
      std::uint16_t index = 0;
      std::uint8_t sub = 0, vi = 0;
      coe::info::EntryDescription d;
      if (!coe::info::parseEntryDescriptionRequest(m, index, sub, vi)) return error(abort::LengthTooLow, "entry description");
      if (auto c = od_.describe(index, sub, d)) return error(c, "entry description of " + objName(index, sub));
      return send(coe::InfoOpcode::GetEntryDescriptionResponse, coe::info::entryDescriptionPayload(d));
    }
    default:
      return error(abort::CommandSpecifier, std::string("service ") + coe::infoOpcodeName(m.opcode));
  }
}

}  // namespace maniplab::ethercat
