#pragma once
// A CoE object dictionary for the virtual slaves (CiA 301 §7.4, ETG.1000.6 §5.6.1; ETG.1020 §12.2 for
// complete access), and the SDO server that answers the master's mailbox messages from it
// (CoeServer: expedited, normal and segmented upload/download, complete access, abort, SDO information).
//
// Entries hold their value through two callbacks on raw little-endian bytes: `get` (the current value)
// and `set` (validate and store; returns 0 or a CiA 301 abort code). Access rights per AL state are the
// ETG.1000.6 object access bits (coe::info::access): a read or write outside them is refused with
// 0x06010001 (write-only), 0x06010002 (read-only) or 0x08000022 (not in this state).
//
// Complete access (ETG.1020 §12.2): from subindex 0 (of an ARRAY or RECORD: subindex 0 as 16 bits, its
// u8 and one padding byte) or from subindex 1, then the entries 1..value of subindex 0 in subindex
// order, each at its bit length. A complete-access write of an object whose subindex 0 counts its
// entries (PDO mapping and assignment objects) writes 0 to subindex 0 first, then the entries, then
// the count, as a master doing it entry by entry would.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "maniplab/ethercat/coe.hpp"

namespace maniplab::ethercat {

struct OdEntry {
  std::uint8_t subindex = 0;
  std::string name;
  std::uint16_t dataType = coe::dtype::Unsigned8;
  std::uint16_t bitLength = 8;  ///< strings: the current length is the value's (get) size
  std::uint16_t access = coe::info::access::Read;
  std::function<std::vector<std::uint8_t>()> get;
  /// Stores a value of the entry's size (strings: any size); 0 or an abort code. Null: read-only.
  std::function<std::uint32_t(const std::vector<std::uint8_t>&)> set;
  bool variableLength() const {
    return dataType == coe::dtype::VisibleString || dataType == coe::dtype::OctetString ||
           dataType == coe::dtype::UnicodeString;
  }
};

struct OdObject {
  std::uint16_t index = 0;
  std::string name;
  std::uint8_t objectCode = coe::info::ObjVar;
  std::uint16_t dataType = coe::dtype::Unsigned8;  ///< VAR/ARRAY: the entries' type; RECORD: the record type
  /// Subindex 0 counts the entries in use and writing it (re)validates them (PDO mapping/assignment).
  bool countInSubindex0 = false;
  std::vector<OdEntry> entries;  ///< in subindex order
  const OdEntry* entry(std::uint8_t sub) const;
  OdEntry* entry(std::uint8_t sub);
  std::uint8_t maxSubindex() const { return entries.empty() ? 0 : entries.back().subindex; }
};

class ObjectDictionary {
 public:
  void add(OdObject o);
  const OdObject* find(std::uint16_t index) const;
  OdObject* find(std::uint16_t index);
  const std::map<std::uint16_t, OdObject>& objects() const { return objects_; }

  /// SDO upload of index:sub (or the whole object with complete access) in AL state `alState`
  /// (2 PREOP, 4 SAFEOP, 8 OP). Returns 0 and the bytes, or an abort code.
  std::uint32_t read(std::uint16_t index, std::uint8_t sub, bool completeAccess, std::uint8_t alState,
                     std::vector<std::uint8_t>& out) const;
  /// SDO download. `sizeKnown` false: an expedited transfer without size (4 bytes, the entry takes its
  /// own size from them).
  std::uint32_t write(std::uint16_t index, std::uint8_t sub, bool completeAccess, std::uint8_t alState,
                      const std::vector<std::uint8_t>& data, bool sizeKnown = true);
  /// The value of an entry regardless of access rights (process data, tests); empty when absent.
  std::vector<std::uint8_t> value(std::uint16_t index, std::uint8_t sub) const;
  /// Stores without access check (process data); abort code of the entry's own validation.
  std::uint32_t store(std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& v);

  /// Object indices for an SDO information list (coe::info::ListType; Lengths returns the five counts).
  std::vector<std::uint16_t> list(std::uint16_t listType) const;
  bool describe(std::uint16_t index, coe::info::ObjectDescription& d) const;
  /// 0, or the abort code (0x06020000 no object, 0x06090011 no subindex).
  std::uint32_t describe(std::uint16_t index, std::uint8_t sub, coe::info::EntryDescription& d) const;

  /// A setter that refuses a value says why in words here (the server adds it to its refusal note).
  void explain(std::string why) { why_ = std::move(why); }
  std::string takeExplanation() { std::string w; w.swap(why_); return w; }

 private:
  std::map<std::uint16_t, OdObject> objects_;
  std::string why_;
};

/// Helpers to declare entries bound to variables (little endian, the variable's size).
template <class T>
OdEntry odVar(std::uint8_t sub, std::string name, std::uint16_t dataType, T* p, std::uint16_t access,
              std::function<std::uint32_t(T)> validate = {}) {
  OdEntry e;
  e.subindex = sub;
  e.name = std::move(name);
  e.dataType = dataType;
  e.bitLength = std::uint16_t(8 * sizeof(T));
  e.access = access;
  e.get = [p] {
    std::vector<std::uint8_t> v(sizeof(T));
    const auto* b = reinterpret_cast<const std::uint8_t*>(p);
    std::copy(b, b + sizeof(T), v.begin());
    return v;
  };
  if (access & coe::info::access::Write)
    e.set = [p, validate](const std::vector<std::uint8_t>& v) -> std::uint32_t {
      T x;
      std::copy(v.begin(), v.begin() + sizeof(T), reinterpret_cast<std::uint8_t*>(&x));
      if (validate)
        if (const std::uint32_t c = validate(x)) return c;
      *p = x;
      return 0;
    };
  return e;
}
/// A constant entry (read-only).
OdEntry odConst(std::uint8_t sub, std::string name, std::uint16_t dataType, std::uint16_t bits, std::uint64_t value);
/// A constant string entry (read-only, VISIBLE_STRING).
OdEntry odString(std::uint8_t sub, std::string name, std::string value);

/// The CoE server of one slave: answers the master's mailbox messages (already decoded) from `od`.
/// `handle` returns the replies, encoded with counter 0 (the mailbox assigns counters when it queues
/// them) into mailboxes of `mailboxInSize` bytes (the slave's SM1).
class CoeServer {
 public:
  explicit CoeServer(ObjectDictionary& od) : od_(od) {}
  std::vector<std::vector<std::uint8_t>> handle(const coe::Message& m, std::uint8_t alState,
                                                std::size_t mailboxInSize);
  /// Drops a transfer in progress (mailbox reset on INIT).
  void reset();
  /// Human-readable log of refused requests (abort codes in words): one line each, for ecat-sim.
  const std::vector<std::string>& refusals() const { return refusals_; }

 private:
  std::vector<std::uint8_t> abortReply(std::uint16_t index, std::uint8_t sub, std::uint32_t code, std::size_t size,
                                       const char* what);
  std::vector<std::vector<std::uint8_t>> sdo(const coe::Sdo& s, std::uint8_t alState, std::size_t size);
  std::vector<std::vector<std::uint8_t>> info(const coe::SdoInfo& s, std::size_t size);

  ObjectDictionary& od_;
  enum class Transfer { None, Download, Upload } transfer_ = Transfer::None;
  std::uint16_t index_ = 0;
  std::uint8_t sub_ = 0;
  bool ca_ = false, toggle_ = false;
  std::uint32_t total_ = 0;
  std::vector<std::uint8_t> buffer_;
  std::size_t offset_ = 0;
  std::vector<std::string> refusals_;
};

}  // namespace maniplab::ethercat
