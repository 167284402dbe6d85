// AL state/status texts (ETG.1000.6 Table 11), SII CRC (ETG.2010 §2.2), CoE SDO expedited codec
// (ETG.1000.6 §5.6.2), SDO abort texts (CiA 301 §7.2.4.3.17), CiA 402 statusword states (IEC 61800-7-201).
#include "maniplab/ethercat/protocol.hpp"

#include <cstdio>
#include <cstring>

#include "maniplab/ethercat/frame.hpp"
#include "maniplab/ethercat/hex.hpp"

namespace maniplab::ethercat {

std::string alStateName(std::uint16_t s) {
  std::string n;
  switch (s & 0x0f) {
    case 1: n = "INIT"; break;
    case 2: n = "PREOP"; break;
    case 3: n = "BOOT"; break;
    case 4: n = "SAFEOP"; break;
    case 8: n = "OP"; break;
    default: n = "state " + std::to_string(s & 0x0f); break;
  }
  if (s & kAlErrorFlag) n += "+ERROR";
  return n;
}

std::string alStatusCodeText(std::uint16_t c) {
  const char* t = "unknown AL status code";
  switch (c) {
    case 0x0000: t = "no error"; break;
    case 0x0001: t = "unspecified error"; break;
    case 0x0002: t = "no memory"; break;
    case 0x0011: t = "invalid requested state change"; break;
    case 0x0012: t = "unknown requested state"; break;
    case 0x0013: t = "bootstrap not supported"; break;
    case 0x0014: t = "no valid firmware"; break;
    case 0x0015: t = "invalid mailbox configuration (bootstrap)"; break;
    case 0x0016: t = "invalid mailbox configuration"; break;
    case 0x0017: t = "invalid sync manager configuration"; break;
    case 0x0018: t = "no valid inputs available"; break;
    case 0x0019: t = "no valid outputs"; break;
    case 0x001A: t = "synchronization error"; break;
    case 0x001B: t = "sync manager watchdog"; break;
    case 0x001C: t = "invalid sync manager types"; break;
    case 0x001D: t = "invalid output configuration"; break;
    case 0x001E: t = "invalid input configuration"; break;
    case 0x001F: t = "invalid watchdog configuration"; break;
    case 0x0020: t = "slave needs cold start"; break;
    case 0x0021: t = "slave needs INIT"; break;
    case 0x0022: t = "slave needs PREOP"; break;
    case 0x0023: t = "slave needs SAFEOP"; break;
    case 0x002C: t = "fatal sync error"; break;
    case 0x0030: t = "invalid DC sync configuration"; break;
    case 0x0032: t = "PLL error"; break;
  }
  return hex(c, 4) + " " + t;
}

std::uint8_t sii::crc8(const std::uint8_t* d, std::size_t n) {
  std::uint8_t crc = 0xff;
  for (std::size_t i = 0; i < n; ++i) {
    crc ^= d[i];
    for (int b = 0; b < 8; ++b) crc = std::uint8_t((crc & 0x80) ? (crc << 1) ^ 0x07 : (crc << 1));
  }
  return crc;
}

void mbx::encodeSdo(const Sdo& s, std::uint8_t* buf, std::size_t size) {
  std::memset(buf, 0, size);
  put16(buf, std::uint16_t(CoeHeaderSize + SdoSize));  // length of the data after the mailbox header
  put16(buf + 2, 0);                                    // address
  buf[4] = 0;                                           // channel, priority
  buf[5] = std::uint8_t(TypeCoE | ((s.counter & 7) << 4));
  put16(buf + 6, std::uint16_t(s.service << 12));       // CoE: number 0, service
  buf[8] = s.command;
  put16(buf + 9, s.index);
  buf[11] = s.subindex;
  put32(buf + 12, s.data);
}

bool mbx::decodeSdo(const std::uint8_t* buf, std::size_t size, Sdo& out, std::string* why) {
  auto fail = [&](const char* w) {
    if (why) *why = w;
    return false;
  };
  if (size < HeaderSize + CoeHeaderSize + SdoSize) return fail("mailbox too small for an SDO");
  const std::uint16_t len = get16(buf);
  const std::uint8_t type = buf[5] & 0x0f;
  if (type == TypeError) return fail("mailbox error reply");
  if (type != TypeCoE) return fail("not a CoE mailbox message");
  if (len < CoeHeaderSize + SdoSize || len > size - HeaderSize) return fail("bad mailbox length");
  out.counter = std::uint8_t((buf[5] >> 4) & 7);
  out.service = std::uint16_t(get16(buf + 6) >> 12);
  out.command = buf[8];
  out.index = get16(buf + 9);
  out.subindex = buf[11];
  out.data = get32(buf + 12);
  return true;
}

std::string sdoAbortText(std::uint32_t c) {
  const char* t = "unknown abort code";
  switch (c) {
    case 0x05030000: t = "toggle bit not changed"; break;
    case 0x05040000: t = "SDO protocol timeout"; break;
    case 0x05040001: t = "client/server command specifier not valid or unknown"; break;
    case 0x05040005: t = "out of memory"; break;
    case 0x06010000: t = "unsupported access to an object"; break;
    case 0x06010001: t = "attempt to read a write-only object"; break;
    case 0x06010002: t = "attempt to write a read-only object"; break;
    case 0x06010003: t = "subindex cannot be written, subindex 0 must be 0 for write access"; break;
    case 0x06010004: t = "complete access not supported for this object"; break;
    case 0x06010005: t = "object length exceeds the mailbox size"; break;
    case 0x06010006: t = "object mapped to RxPDO, SDO download blocked"; break;
    case 0x06020000: t = "object does not exist in the object dictionary"; break;
    case 0x06040041: t = "object cannot be mapped to the PDO"; break;
    case 0x06040042: t = "number and length of the objects to be mapped would exceed the PDO length"; break;
    case 0x06040043: t = "general parameter incompatibility"; break;
    case 0x06040047: t = "general internal incompatibility in the device"; break;
    case 0x06060000: t = "access failed due to a hardware error"; break;
    case 0x06070010: t = "data type does not match, length of service parameter does not match"; break;
    case 0x06070012: t = "data type does not match, length of service parameter too high"; break;
    case 0x06070013: t = "data type does not match, length of service parameter too low"; break;
    case 0x06090011: t = "subindex does not exist"; break;
    case 0x06090030: t = "value range of parameter exceeded"; break;
    case 0x06090031: t = "value of parameter written too high"; break;
    case 0x06090032: t = "value of parameter written too low"; break;
    case 0x06090036: t = "maximum value is less than minimum value"; break;
    case 0x08000000: t = "general error"; break;
    case 0x08000020: t = "data cannot be transferred or stored to the application"; break;
    case 0x08000021: t = "data cannot be transferred or stored to the application because of local control"; break;
    case 0x08000022: t = "data cannot be transferred because of the present device state"; break;
    case 0x08000023: t = "object dictionary dynamic generation fails or no object dictionary is present"; break;
  }
  return hex(c, 8) + " " + t;
}

namespace cia402 {
State decodeStatusword(std::uint16_t sw) {
  if ((sw & 0x4f) == 0x00) return State::NotReadyToSwitchOn;
  if ((sw & 0x4f) == 0x40) return State::SwitchOnDisabled;
  if ((sw & 0x6f) == 0x21) return State::ReadyToSwitchOn;
  if ((sw & 0x6f) == 0x23) return State::SwitchedOn;
  if ((sw & 0x6f) == 0x27) return State::OperationEnabled;
  if ((sw & 0x6f) == 0x07) return State::QuickStopActive;
  if ((sw & 0x4f) == 0x0f) return State::FaultReactionActive;
  if ((sw & 0x4f) == 0x08) return State::Fault;
  return State::Unknown;
}
std::uint16_t statuswordFor(State s) {
  std::uint16_t v = 0;
  switch (s) {
    case State::NotReadyToSwitchOn: v = 0x0000; break;
    case State::SwitchOnDisabled: v = 0x0040; break;
    case State::ReadyToSwitchOn: v = 0x0031; break;  // bit 4 voltage enabled: the DC link is up (KickCAT waits for it)
    case State::SwitchedOn: v = 0x0033; break;
    case State::OperationEnabled: v = 0x0037; break;
    case State::QuickStopActive: v = 0x0017; break;
    case State::FaultReactionActive: v = 0x001F; break;
    case State::Fault: v = 0x0008; break;
    case State::Unknown: v = 0x0000; break;
  }
  return std::uint16_t(v | 0x0200);  // remote
}
const char* stateName(State s) {
  switch (s) {
    case State::NotReadyToSwitchOn: return "Not ready to switch on";
    case State::SwitchOnDisabled: return "Switch on disabled";
    case State::ReadyToSwitchOn: return "Ready to switch on";
    case State::SwitchedOn: return "Switched on";
    case State::OperationEnabled: return "Operation enabled";
    case State::QuickStopActive: return "Quick stop active";
    case State::FaultReactionActive: return "Fault reaction active";
    case State::Fault: return "Fault";
    case State::Unknown: break;
  }
  return "unknown state";
}
std::string errorCodeText(std::uint16_t c) {
  const char* t = "device-specific error";
  switch (c & 0xff00) {
    case 0x0000: t = "no error"; break;
    case 0x2300: t = "current, device output side (over-current)"; break;
    case 0x3200: t = "voltage inside the device (DC link)"; break;
    case 0x4200: t = "temperature of the device"; break;
    case 0x5500: t = "data storage"; break;
    case 0x7300: t = "sensor (encoder)"; break;
    case 0x8100: t = "communication"; break;
    case 0x8600: t = "positioning controller (following error)"; break;
  }
  return hex(c, 4) + " " + t;
}
}  // namespace cia402

}  // namespace maniplab::ethercat
