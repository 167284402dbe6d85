#pragma once
// Helpers shared by the master's source files (master.cpp, master_coe.cpp, master_drives.cpp,
// master_dc.cpp, master_cycle.cpp); not part of the library's interface.
#include <time.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <string>

#include "maniplab/ethercat/hex.hpp"
#include "maniplab/ethercat/protocol.hpp"

namespace maniplab::ethercat::master_detail {

constexpr std::uint32_t kLogicalBase = 0x00010000;  ///< the first slave's process data in the logical space
constexpr std::size_t kHistBins = 2001;             ///< period error histogram: 0..1999 us, then overflow

/// "0x6071:00" (hex.hpp)
inline std::string object(std::uint16_t index, std::uint8_t sub) { return objectKey(index, sub); }
/// The SDO abort codes that mean the object or subindex does not exist.
inline bool absent(std::uint32_t abortCode) { return abortCode == abort::NoObject || abortCode == abort::NoSubindex; }

inline timespec toTimespec(std::int64_t ns) { return {time_t(ns / 1000000000), long(ns % 1000000000)}; }
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}
inline std::int64_t monoNow() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return std::int64_t(t.tv_sec) * 1000000000 + t.tv_nsec;
}

/// Holds a slave's mailbox for one transfer (the cyclic emergency poll keeps off it meanwhile).
struct MailboxHold {
  std::atomic<bool>& busy;
  explicit MailboxHold(std::atomic<bool>& b) : busy(b) { busy = true; }
  ~MailboxHold() { busy = false; }
  MailboxHold(const MailboxHold&) = delete;
  MailboxHold& operator=(const MailboxHold&) = delete;
};

}  // namespace maniplab::ethercat::master_detail
