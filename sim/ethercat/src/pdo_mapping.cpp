// Process-data layout of a drive: PDO entries located by index/sub-index at any bit offset (ETG.1000.6
// §5.6.7.4, CiA 301 §7.4.8). See pdo_mapping.hpp.
#include "maniplab/ethercat/pdo_mapping.hpp"

#include <cstdio>

namespace maniplab::ethercat {

namespace {
const PdoRoleInfo kRoles[kPdoRoleCount] = {
    {"controlword", "controlword", 0x6040, 0, 16, false, true},
    {"target_torque", "target torque", 0x6071, 0, 16, true, true},
    {"target_position", "target position", 0x607A, 0, 32, true, true},
    {"target_velocity", "target velocity", 0x60FF, 0, 32, true, true},
    {"modes_of_operation", "modes of operation", 0x6060, 0, 8, true, true},
    {"statusword", "statusword", 0x6041, 0, 16, false, false},
    {"torque_actual", "torque actual value", 0x6077, 0, 16, true, false},
    {"position_actual", "position actual value", 0x6064, 0, 32, true, false},
    {"velocity_actual", "velocity actual value", 0x606C, 0, 32, true, false},
    {"error_code", "error code", 0x603F, 0, 16, false, false},
    {"modes_display", "modes of operation display", 0x6061, 0, 8, true, false},
    {"digital_inputs", "digital inputs", 0x60FD, 0, 32, false, false},
};
}  // namespace

const PdoRoleInfo& pdoRoleInfo(PdoRole r) { return kRoles[std::size_t(r) < kPdoRoleCount ? std::size_t(r) : 0]; }

PdoRole pdoRoleByKey(const std::string& key) {
  for (std::size_t i = 0; i < kPdoRoleCount; ++i)
    if (key == kRoles[i].key) return PdoRole(i);
  return PdoRole::Count;
}

FieldLocation locateEntry(const std::vector<sii::Pdo>& pdos, std::uint16_t index, std::uint8_t sub) {
  std::uint32_t bit = 0;
  for (const auto& p : pdos)
    for (const auto& e : p.entries) {
      if (e.index != 0 && e.index == index && e.subindex == sub) return {std::int32_t(bit), e.bitLength};
      bit += e.bitLength;
    }
  return {};
}

std::uint32_t pdoBits(const std::vector<sii::Pdo>& pdos) {
  std::uint32_t b = 0;
  for (const auto& p : pdos) b += p.bits();
  return b;
}

std::uint64_t readBits(const std::uint8_t* data, std::uint32_t bitOffset, std::uint8_t bits) {
  if (bits == 0 || bits > 64) return 0;
  if ((bitOffset & 7) == 0 && (bits & 7) == 0) {  // byte aligned: the common case
    std::uint64_t v = 0;
    const std::uint8_t* p = data + bitOffset / 8;
    for (int i = bits / 8 - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
  }
  std::uint64_t v = 0;
  for (std::uint8_t i = 0; i < bits; ++i) {
    const std::uint32_t b = bitOffset + i;
    v |= std::uint64_t((data[b / 8] >> (b % 8)) & 1u) << i;
  }
  return v;
}

void writeBits(std::uint8_t* data, std::uint32_t bitOffset, std::uint8_t bits, std::uint64_t value) {
  if (bits == 0 || bits > 64) return;
  if ((bitOffset & 7) == 0 && (bits & 7) == 0) {
    std::uint8_t* p = data + bitOffset / 8;
    for (int i = 0; i < bits / 8; ++i) p[i] = std::uint8_t(value >> (8 * i));
    return;
  }
  for (std::uint8_t i = 0; i < bits; ++i) {
    const std::uint32_t b = bitOffset + i;
    const std::uint8_t m = std::uint8_t(1u << (b % 8));
    if ((value >> i) & 1u) data[b / 8] = std::uint8_t(data[b / 8] | m);
    else data[b / 8] = std::uint8_t(data[b / 8] & ~m);
  }
}

std::uint64_t readUnsigned(const std::uint8_t* data, const FieldLocation& f) {
  return f.present() ? readBits(data, std::uint32_t(f.bitOffset), f.bits) : 0;
}

std::int64_t readSigned(const std::uint8_t* data, const FieldLocation& f) {
  if (!f.present() || f.bits == 0) return 0;
  const std::uint64_t v = readBits(data, std::uint32_t(f.bitOffset), f.bits);
  if (f.bits >= 64) return std::int64_t(v);
  const std::uint64_t sign = std::uint64_t(1) << (f.bits - 1);
  return std::int64_t((v ^ sign) - sign);
}

void writeField(std::uint8_t* data, const FieldLocation& f, std::int64_t value) {
  if (f.present()) writeBits(data, std::uint32_t(f.bitOffset), f.bits, std::uint64_t(value));
}

sii::PdoEntry entryFromMappingWord(std::uint32_t w) {
  sii::PdoEntry e;
  e.index = std::uint16_t(w >> 16);
  e.subindex = std::uint8_t(w >> 8);
  e.bitLength = std::uint8_t(w);
  return e;
}

void ProcessLayout::locateRoles() {
  outputBytes = std::uint16_t((pdoBits(rx) + 7) / 8);
  inputBytes = std::uint16_t((pdoBits(tx) + 7) / 8);
  for (std::size_t i = 0; i < kPdoRoleCount; ++i) {
    const auto& r = kRoles[i];
    field[i] = locateEntry(r.output ? rx : tx, r.index, r.subindex);
  }
}

std::string ProcessLayout::describe() const {
  std::string s;
  char b[96];
  auto list = [&](const char* kind, const std::vector<sii::Pdo>& pdos, std::uint16_t bytes) {
    if (!s.empty()) s += "; ";
    s += kind;
    if (pdos.empty()) s += " none";
    for (std::size_t k = 0; k < pdos.size(); ++k) {
      std::snprintf(b, sizeof b, "%s0x%04X (", k ? ", " : " ", pdos[k].index);
      s += b;
      for (std::size_t e = 0; e < pdos[k].entries.size(); ++e) {
        const auto& x = pdos[k].entries[e];
        if (x.index == 0) std::snprintf(b, sizeof b, "%sgap %u", e ? ", " : "", unsigned(x.bitLength));
        else std::snprintf(b, sizeof b, "%s0x%04X:%02X %u", e ? ", " : "", x.index, x.subindex, unsigned(x.bitLength));
        s += b;
      }
      s += ")";
    }
    std::snprintf(b, sizeof b, " = %u bytes", unsigned(bytes));
    s += b;
  };
  list("RxPDO", rx, outputBytes);
  list("TxPDO", tx, inputBytes);
  return s;
}

}  // namespace maniplab::ethercat
