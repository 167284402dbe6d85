// Drive profiles (JSON): the objects the EtherCAT backend exchanges, the mapping to write, defaults for
// absent objects, DC activation. See drive_profile.hpp and sim/ethercat/README.md ("Drive profiles").
#include "maniplab/ethercat/drive_profile.hpp"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "maniplab/sim/reader_error.hpp"

#include "maniplab/ethercat/protocol.hpp"

namespace maniplab::ethercat {

namespace {

using nlohmann::json;

struct Shipped {
  const char* id;
  const char* text;
};
const Shipped kShipped[] = {
#include "shipped_drive_profiles.inc"
};

// The accepted ranges of the numeric fields (README "Drive profiles", table of checks). Beyond them a value
// is finite but physically absurd for a drive: refused at its field.
constexpr std::uint64_t kMaxEncoderIncrements = 1ull << 31;  // 0x608F:1: 2^31 counts per revolution
constexpr std::uint64_t kMinEncoderIncrements = 4;           // one line of a quadrature encoder
constexpr std::uint64_t kMaxMotorRevolutions = 65535;        // 0x608F:2
constexpr std::uint64_t kMaxRatedTorqueMilli = 10000000;     // 0x6076: 10 kN m, beyond the largest torque motors
constexpr std::int64_t kMaxSync0ShiftNs = 1000000000;        // |shift| <= 1 s
constexpr std::size_t kMaxProfileBytes = 1 << 20;            // a profile is a few hundred bytes

/// The reading of one profile: the file's name for its errors, and the JSON pointer of each field.
struct Reader {
  std::string source;

  [[noreturn]] void fail(const std::string& pointer, const std::string& why) const { throw ReaderError(source, pointer, why); }

  static std::string at(const std::string& pointer, const std::string& key) { return pointer + "/" + escape(key); }
  static std::string at(const std::string& pointer, std::size_t index) { return pointer + "/" + std::to_string(index); }
  static std::string escape(const std::string& key) {  // RFC 6901: ~ -> ~0, / -> ~1
    std::string out;
    for (char c : key) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return out;
  }

  /// The keys of `obj` must be among `known`.
  void keys(const json& obj, const std::string& pointer, std::initializer_list<const char*> known) const {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      bool ok = false;
      std::string list;
      for (const char* k : known) {
        ok = ok || it.key() == k;
        list += std::string(list.empty() ? "" : ", ") + k;
      }
      if (!ok) fail(at(pointer, it.key()), "unknown field (the fields here are: " + list + ")");
    }
  }

  const json& object(const json& v, const std::string& pointer) const {
    if (!v.is_object()) fail(pointer, "expected an object, found " + typeName(v));
    return v;
  }

  std::string string(const json& v, const std::string& pointer) const {
    if (!v.is_string()) fail(pointer, "expected a string, found " + typeName(v));
    return v.get<std::string>();
  }

  static std::string typeName(const json& v) {
    if (v.is_number()) return "a number";
    if (v.is_string()) return "a string";
    if (v.is_boolean()) return "true or false";
    if (v.is_null()) return "null";
    if (v.is_array()) return "a list";
    return "an object";
  }

  /// A whole number written as a JSON number, a "0x..." / "#x..." hexadecimal or a decimal string, in [lo, hi]
  /// (or 0 when `zeroForNone`: no value). `unit` empty: an index or identity, shown in hexadecimal.
  std::uint64_t number(const json& v, const std::string& pointer, std::uint64_t lo, std::uint64_t hi,
                       const std::string& unit = {}, bool zeroForNone = false) const {
    std::uint64_t x = 0;
    auto show = [&unit](std::uint64_t n) {  // indexes and identities in hexadecimal, quantities in decimal
      if (!unit.empty()) return std::to_string(n);
      char b[24];
      std::snprintf(b, sizeof b, "0x%llX", static_cast<unsigned long long>(n));
      return std::string(b);
    };
    const std::string range = (zeroForNone ? "0 (none) or " : "") + show(lo) + " to " + show(hi) +
                              (unit.empty() || unit == "-" ? "" : " " + unit);
    if (v.is_number_unsigned()) x = v.get<std::uint64_t>();
    else if (v.is_number_integer()) fail(pointer, std::to_string(v.get<std::int64_t>()) + " is negative (accepted: " + range + ")");
    else if (v.is_number_float()) fail(pointer, "expected a whole number, found " + v.dump() + " (accepted: " + range + ")");
    else if (v.is_string()) {
      const std::string text = v.get<std::string>();
      std::string s = text;
      int base = 10;
      if (s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0 || s.rfind("#x", 0) == 0) {
        s = s.substr(2);
        base = 16;
      }
      bool ok = !s.empty() && s.size() <= 20;
      for (char c : s) ok = ok && (std::isdigit(static_cast<unsigned char>(c)) || (base == 16 && std::isxdigit(static_cast<unsigned char>(c))));
      if (ok) {
        errno = 0;
        x = std::strtoull(s.c_str(), nullptr, base);
        if (errno == ERANGE) x = std::numeric_limits<std::uint64_t>::max();
      }
      if (!ok) fail(pointer, "'" + text + "' is not a number (a whole number, or \"0x...\" hexadecimal)");
    } else {
      fail(pointer, "expected a whole number or a \"0x...\" string, found " + typeName(v));
    }
    if ((x < lo || x > hi) && !(zeroForNone && x == 0)) fail(pointer, show(x) + " is out of range (accepted: " + range + ")");
    return x;
  }

  std::vector<sii::Pdo> pdoList(const json& arr, const std::string& pointer, bool output) const {
    std::vector<sii::Pdo> out;
    if (!arr.is_array()) fail(pointer, "expected a list of PDOs, found " + typeName(arr));
    for (std::size_t k = 0; k < arr.size(); ++k) {
      const std::string f = at(pointer, k);
      const json& p = object(arr[k], f);
      keys(p, f, {"index", "entries"});
      if (!p.contains("index")) fail(f, "a PDO needs an \"index\"");
      if (!p.contains("entries")) fail(f, "a PDO needs its \"entries\"");
      sii::Pdo pdo;
      pdo.index = output ? std::uint16_t(number(p["index"], at(f, "index"), 0x1600, 0x17FF))
                         : std::uint16_t(number(p["index"], at(f, "index"), 0x1A00, 0x1BFF));
      for (const auto& before : out)
        if (before.index == pdo.index) fail(at(f, "index"), "this PDO index is already given by an earlier PDO of the list");
      const json& es = p["entries"];
      const std::string fes = at(f, "entries");
      if (!es.is_array() || es.empty()) fail(fes, "expected a non-empty list of entries");
      if (es.size() > 254) fail(fes, std::to_string(es.size()) + " entries, more than the 254 a PDO holds (CiA 301)");
      for (std::size_t e = 0; e < es.size(); ++e) pdo.entries.push_back(entry(es[e], at(fes, e), output));
      out.push_back(std::move(pdo));
    }
    return out;
  }

  sii::PdoEntry entry(const json& v, const std::string& fe, bool output) const {
    sii::PdoEntry entry;
    if (v.is_string()) {
      const std::string key = v.get<std::string>();
      const PdoRole r = pdoRoleByKey(key);
      if (r == PdoRole::Count) fail(fe, "unknown role '" + key + "'");
      const auto& ri = pdoRoleInfo(r);
      if (ri.output != output)
        fail(fe, "'" + key + "' is " + (ri.output ? "an output (RxPDO)" : "an input (TxPDO)") + " object");
      entry.index = ri.index;
      entry.subindex = ri.subindex;
      entry.bitLength = ri.bits;
    } else if (v.is_object() && v.contains("gap")) {
      keys(v, fe, {"gap"});
      entry.index = 0;
      entry.bitLength = std::uint8_t(number(v["gap"], at(fe, "gap"), 1, 64, "bits"));
    } else if (v.is_object() && v.contains("index")) {
      keys(v, fe, {"index", "subindex", "bits"});
      if (!v.contains("bits")) fail(fe, "an object entry needs its \"bits\"");
      entry.index = std::uint16_t(number(v["index"], at(fe, "index"), 1, 0xFFFF));
      entry.subindex = v.contains("subindex") ? std::uint8_t(number(v["subindex"], at(fe, "subindex"), 0, 0xFF, "-")) : 0;
      entry.bitLength = std::uint8_t(number(v["bits"], at(fe, "bits"), 1, 64, "bits"));
    } else {
      fail(fe, "expected a role key, {\"index\", \"subindex\", \"bits\"} or {\"gap\"}");
    }
    return entry;
  }
};

/// Parses `text`, refusing a key repeated in one object (JSON parsers keep the last) at its pointer, and
/// syntax errors at their line and column, in words.
json parseDocument(const std::string& text, const Reader& rd) {
  struct Frame {
    bool array = false;
    long index = -1;
    std::string key;
    std::set<std::string> keys;
  };
  std::vector<Frame> stack;
  std::string duplicate;
  auto pointer = [&stack] {
    std::string p;
    for (const auto& f : stack) p += "/" + (f.array ? std::to_string(f.index) : Reader::escape(f.key));
    return p;
  };
  auto enterValue = [&stack] {
    if (!stack.empty() && stack.back().array) ++stack.back().index;
  };
  const json::parser_callback_t cb = [&](int, json::parse_event_t ev, json& parsed) {
    switch (ev) {
      case json::parse_event_t::object_start: enterValue(); stack.push_back({}); break;
      case json::parse_event_t::array_start: enterValue(); stack.push_back({true, -1, {}, {}}); break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end: if (!stack.empty()) stack.pop_back(); break;
      case json::parse_event_t::key:
        stack.back().key = parsed.get<std::string>();
        if (!stack.back().keys.insert(stack.back().key).second && duplicate.empty()) duplicate = pointer();
        break;
      case json::parse_event_t::value: enterValue(); break;
    }
    return true;
  };
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) rd.fail("", "the file is empty (expected a JSON object)");
  json j;
  try {
    j = json::parse(text, cb);
  } catch (const json::parse_error& e) {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {  // e.byte is 1-based
      if (text[i] == '\n') { line = line + 1; col = 1; } else { ++col; }
    }
    const std::size_t bad = invalidUtf8(text);
    rd.fail(lineColumn(line, col), bad != std::string::npos && bad + 1 <= e.byte ? "a byte that is not UTF-8 text"
                                   : e.byte > text.size()                       ? "the JSON text ends early (a bracket, brace or quote is not closed)"
                                                                                : "not valid JSON (a value, comma, colon or quote is missing or misplaced)");
  } catch (const json::exception&) {  // out_of_range: a number beyond a double's range, e.g. 1E999 (found by fuzzing)
    rd.fail("", "a number beyond the range of a double");
  }
  if (!duplicate.empty()) rd.fail(duplicate, "this key is repeated in its object (each key once)");
  return j;
}

}  // namespace

bool DriveProfile::matches(std::uint32_t v, std::uint32_t p, std::uint32_t r) const {
  return (!vendor || *vendor == v) && (!product || *product == p) && (!revision || *revision == r);
}

DriveProfile parseDriveProfile(const std::string& text, const std::string& source) {
  const Reader rd{source};
  const json j = parseDocument(text, rd);
  if (!j.is_object()) rd.fail("", "expected a JSON object, found " + Reader::typeName(j));
  rd.keys(j, "", {"format", "version", "name", "description", "match", "process_data", "defaults", "position_feedback",
                  "distributed_clocks", "watchdog"});
  if (!j.contains("format")) rd.fail("/format", "missing: a drive profile starts with \"format\": \"maniplab-drive-profile\"");
  if (rd.string(j["format"], "/format") != "maniplab-drive-profile")
    rd.fail("/format", "expected \"maniplab-drive-profile\", found \"" + j["format"].get<std::string>() + "\"");
  if (!j.contains("version")) rd.fail("/version", "missing: expected 1");
  if (!j["version"].is_number_integer() || j["version"].get<std::int64_t>() != 1)
    rd.fail("/version", "expected 1, found " + j["version"].dump());
  DriveProfile p;
  p.id = source;
  if (!j.contains("name")) rd.fail("/name", "missing: a profile needs a name");
  p.name = rd.string(j["name"], "/name");
  if (p.name.empty()) rd.fail("/name", "empty: a profile needs a name");
  if (j.contains("description")) p.description = rd.string(j["description"], "/description");
  if (j.contains("match")) {
    const json& m = rd.object(j["match"], "/match");
    rd.keys(m, "/match", {"vendor_id", "product_code", "revision"});
    if (m.contains("vendor_id")) p.vendor = std::uint32_t(rd.number(m["vendor_id"], "/match/vendor_id", 0, 0xFFFFFFFF));
    if (m.contains("product_code")) p.product = std::uint32_t(rd.number(m["product_code"], "/match/product_code", 0, 0xFFFFFFFF));
    if (m.contains("revision")) p.revision = std::uint32_t(rd.number(m["revision"], "/match/revision", 0, 0xFFFFFFFF));
    if (!p.vendor && (p.product || p.revision)) rd.fail("/match", "a product code or revision needs the vendor_id");
  }
  if (j.contains("process_data")) {
    const json& pd = rd.object(j["process_data"], "/process_data");
    rd.keys(pd, "/process_data", {"rx_pdos", "tx_pdos"});
    if (pd.contains("rx_pdos")) p.rxPdos = rd.pdoList(pd["rx_pdos"], "/process_data/rx_pdos", true);
    if (pd.contains("tx_pdos")) p.txPdos = rd.pdoList(pd["tx_pdos"], "/process_data/tx_pdos", false);
  }
  if (j.contains("defaults")) {
    const json& d = rd.object(j["defaults"], "/defaults");
    rd.keys(d, "/defaults", {"encoder_increments", "motor_revolutions", "rated_torque_mNm"});
    if (d.contains("encoder_increments"))  // 0 = no default (a drive without 0x608F is refused)
      p.encoderIncrements = std::uint32_t(rd.number(d["encoder_increments"], "/defaults/encoder_increments", kMinEncoderIncrements,
                                                     kMaxEncoderIncrements, "counts", true));
    if (d.contains("motor_revolutions"))
      p.motorRevolutions = std::uint32_t(rd.number(d["motor_revolutions"], "/defaults/motor_revolutions", 1, kMaxMotorRevolutions, "revolutions"));
    if (d.contains("rated_torque_mNm"))  // 0 = no default (a drive without 0x6076 is refused)
      p.ratedTorqueMilli = std::uint32_t(rd.number(d["rated_torque_mNm"], "/defaults/rated_torque_mNm", 1, kMaxRatedTorqueMilli, "mN m", true));
  }
  if (j.contains("position_feedback")) {
    const std::string f = rd.string(j["position_feedback"], "/position_feedback");
    if (f == "incremental") p.incrementalPosition = true;
    else if (f != "absolute") rd.fail("/position_feedback", "expected \"absolute\" or \"incremental\", found \"" + f + "\"");
  }
  if (j.contains("distributed_clocks")) {
    const json& d = rd.object(j["distributed_clocks"], "/distributed_clocks");
    rd.keys(d, "/distributed_clocks", {"assign_activate", "sync0_shift_ns"});
    if (d.contains("assign_activate"))
      p.assignActivate = std::uint16_t(rd.number(d["assign_activate"], "/distributed_clocks/assign_activate", 0, 0xFFFF));
    if (d.contains("sync0_shift_ns")) {
      const json& v = d["sync0_shift_ns"];
      const std::string range = "accepted: -" + std::to_string(kMaxSync0ShiftNs) + " to " + std::to_string(kMaxSync0ShiftNs) + " ns";
      if (!v.is_number_integer()) rd.fail("/distributed_clocks/sync0_shift_ns", "expected a whole number of nanoseconds (" + range + ")");
      const bool big = v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(kMaxSync0ShiftNs);
      const std::int64_t x = big ? kMaxSync0ShiftNs + 1 : v.get<std::int64_t>();
      if (x < -kMaxSync0ShiftNs || x > kMaxSync0ShiftNs)
        rd.fail("/distributed_clocks/sync0_shift_ns", v.dump() + " is out of range (" + range + ")");
      p.sync0ShiftNs = std::int32_t(x);
    }
  }
  if (j.contains("watchdog")) {
    const json& w = rd.object(j["watchdog"], "/watchdog");
    rd.keys(w, "/watchdog", {"time_ms"});
    p.watchdogTime = 0.1;  // the ESC's reset value: divider 0x09C2 (100 us) x 1000
    if (w.contains("time_ms")) {
      if (!w["time_ms"].is_number()) rd.fail("/watchdog/time_ms", "expected a number of milliseconds, found " + Reader::typeName(w["time_ms"]));
      const double ms = w["time_ms"].get<double>();
      // 0x0420 counts units of 100 us in 16 bits; a time that rounds to 0 would disable the watchdog.
      if (!(ms >= 0.1 && ms <= 6553.5))
        rd.fail("/watchdog/time_ms", w["time_ms"].dump() + " is out of range (accepted: 0.1 to 6553.5 ms, in units of 0.1 ms)");
      p.watchdogTime = ms * 1e-3;
    }
  }
  return p;
}

DriveProfile loadDriveProfile(const std::string& path) {
  return parseDriveProfile(readUserFile(path, "drive profile", kMaxProfileBytes), path);
}

const std::vector<DriveProfile>& shippedDriveProfiles() {
  static const std::vector<DriveProfile> all = [] {
    std::vector<DriveProfile> v;
    for (const auto& s : kShipped) {
      DriveProfile p = parseDriveProfile(s.text, std::string(s.id) + ".json");
      p.id = s.id;
      v.push_back(std::move(p));
    }
    return v;
  }();
  return all;
}

DriveProfile findDriveProfile(const std::string& idOrPath) {
  for (const auto& p : shippedDriveProfiles())
    if (p.id == idOrPath) return p;
  std::error_code ec;
  if (std::filesystem::exists(idOrPath, ec)) return loadDriveProfile(idOrPath);
  std::string ids;
  for (const auto& p : shippedDriveProfiles()) ids += (ids.empty() ? "" : ", ") + p.id;
  throw std::runtime_error("drive profile '" + idOrPath + "': neither a shipped profile (" + ids + ") nor a file");
}

const DriveProfile* matchDriveProfile(const std::vector<DriveProfile>& candidates, std::uint32_t vendor, std::uint32_t product,
                                      std::uint32_t revision) {
  const DriveProfile* best = nullptr;
  for (const auto& p : candidates)
    if (p.matches(vendor, product, revision) && (!best || p.specificity() > best->specificity())) best = &p;
  return best;
}

std::vector<PdoRole> requiredRoles(std::int8_t mode) {
  std::vector<PdoRole> r{PdoRole::Controlword, PdoRole::Statusword, PdoRole::PositionActual, PdoRole::VelocityActual};
  if (mode == cia402::ModeCSP) r.push_back(PdoRole::TargetPosition);
  else r.push_back(PdoRole::TargetTorque);
  return r;
}

}  // namespace maniplab::ethercat
