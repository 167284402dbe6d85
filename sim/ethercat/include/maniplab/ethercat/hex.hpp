#pragma once
// Hexadecimal numbers in the EtherCAT code's messages and in the CLI's EtherCAT output, one formatter for
// all: "0x" and upper-case digits, zero-padded ("0x0130", "0x06090030"), and object keys ("0x6071:00").
#include <cstdint>
#include <cstdio>
#include <string>

namespace maniplab::ethercat {

/// "0x" and at least `digits` upper-case hex digits (more when `v` needs them): hex(0x130, 4) = "0x0130".
inline std::string hex(std::uint32_t v, int digits) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%0*X", digits, unsigned(v));
  return b;
}
/// A byte, a 16-bit and a 32-bit value: "0x1F", "0x6041", "0x00020192" (hex2/hex4 keep the low 8/16 bits).
inline std::string hex2(std::uint32_t v) { return hex(v & 0xffu, 2); }
inline std::string hex4(std::uint32_t v) { return hex(v & 0xffffu, 4); }
inline std::string hex8(std::uint32_t v) { return hex(v, 8); }
/// An object dictionary entry: "0x6071:00".
inline std::string objectKey(std::uint16_t index, std::uint8_t sub) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%04X:%02X", unsigned(index), unsigned(sub));
  return b;
}

}  // namespace maniplab::ethercat
