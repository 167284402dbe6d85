// Drive profiles (JSON): the objects the EtherCAT backend exchanges, the mapping to write, defaults for
// absent objects, DC activation. See drive_profile.hpp and sim/ethercat/README.md ("Drive profiles").
#include "maniplab/ethercat/drive_profile.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

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

[[noreturn]] void fail(const std::string& source, const std::string& field, const std::string& why) {
  throw std::runtime_error(source + ": " + (field.empty() ? "" : field + ": ") + why);
}

/// A number written as JSON number, "0x..." / "#x..." hex string or decimal string.
std::uint64_t number(const json& v, const std::string& source, const std::string& field, std::uint64_t max) {
  std::uint64_t x = 0;
  if (v.is_number_unsigned()) x = v.get<std::uint64_t>();
  else if (v.is_number_integer()) {
    if (v.get<std::int64_t>() < 0) fail(source, field, "negative");
    x = std::uint64_t(v.get<std::int64_t>());
  } else if (v.is_string()) {
    std::string s = v.get<std::string>();
    int base = 10;
    if (s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0 || s.rfind("#x", 0) == 0) {
      s = s.substr(2);
      base = 16;
    }
    if (s.empty()) fail(source, field, "'" + v.get<std::string>() + "' is not a number");
    std::size_t used = 0;
    try {
      x = std::stoull(s, &used, base);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != s.size()) fail(source, field, "'" + v.get<std::string>() + "' is not a number");
  } else {
    fail(source, field, "expected a number or a \"0x...\" string");
  }
  if (x > max) fail(source, field, std::to_string(x) + " is out of range (at most " + std::to_string(max) + ")");
  return x;
}

std::vector<sii::Pdo> pdoList(const json& arr, const std::string& source, const std::string& field, bool output) {
  std::vector<sii::Pdo> out;
  if (!arr.is_array()) fail(source, field, "expected a list of PDOs");
  for (std::size_t k = 0; k < arr.size(); ++k) {
    const std::string f = field + "[" + std::to_string(k) + "]";
    const json& p = arr[k];
    if (!p.is_object() || !p.contains("index") || !p.contains("entries")) fail(source, f, "a PDO needs \"index\" and \"entries\"");
    sii::Pdo pdo;
    pdo.index = std::uint16_t(number(p["index"], source, f + ".index", 0xFFFF));
    const bool rxRange = pdo.index >= 0x1600 && pdo.index <= 0x17FF, txRange = pdo.index >= 0x1A00 && pdo.index <= 0x1BFF;
    if (output ? !rxRange : !txRange)
      fail(source, f + ".index", std::string(output ? "an RxPDO is 0x1600-0x17FF" : "a TxPDO is 0x1A00-0x1BFF"));
    const json& es = p["entries"];
    if (!es.is_array() || es.empty()) fail(source, f + ".entries", "expected a non-empty list");
    for (std::size_t e = 0; e < es.size(); ++e) {
      const std::string fe = f + ".entries[" + std::to_string(e) + "]";
      sii::PdoEntry entry;
      if (es[e].is_string()) {
        const PdoRole r = pdoRoleByKey(es[e].get<std::string>());
        if (r == PdoRole::Count) fail(source, fe, "unknown role '" + es[e].get<std::string>() + "'");
        const auto& ri = pdoRoleInfo(r);
        if (ri.output != output)
          fail(source, fe, std::string("'") + ri.key + "' is " + (ri.output ? "an output (RxPDO)" : "an input (TxPDO)") + " object");
        entry.index = ri.index;
        entry.subindex = ri.subindex;
        entry.bitLength = ri.bits;
      } else if (es[e].is_object() && es[e].contains("gap")) {
        entry.index = 0;
        entry.bitLength = std::uint8_t(number(es[e]["gap"], source, fe + ".gap", 64));
        if (!entry.bitLength) fail(source, fe + ".gap", "a gap has at least one bit");
      } else if (es[e].is_object() && es[e].contains("index") && es[e].contains("bits")) {
        entry.index = std::uint16_t(number(es[e]["index"], source, fe + ".index", 0xFFFF));
        entry.subindex = es[e].contains("subindex") ? std::uint8_t(number(es[e]["subindex"], source, fe + ".subindex", 0xFF)) : 0;
        entry.bitLength = std::uint8_t(number(es[e]["bits"], source, fe + ".bits", 64));
        if (!entry.index || !entry.bitLength) fail(source, fe, "an object entry needs a non-zero index and bit length");
      } else {
        fail(source, fe, "expected a role key, {\"index\", \"subindex\", \"bits\"} or {\"gap\"}");
      }
      pdo.entries.push_back(entry);
    }
    if (pdo.entries.size() > 254) fail(source, f + ".entries", "more than 254 entries");
    out.push_back(std::move(pdo));
  }
  return out;
}

}  // namespace

bool DriveProfile::matches(std::uint32_t v, std::uint32_t p, std::uint32_t r) const {
  return (!vendor || *vendor == v) && (!product || *product == p) && (!revision || *revision == r);
}

DriveProfile parseDriveProfile(const std::string& text, const std::string& source) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    fail(source, "", std::string("not valid JSON (") + e.what() + ")");
  } catch (const json::out_of_range&) {  // a number beyond a double's range, e.g. 1E999 (found by fuzzing)
    fail(source, "", "not valid JSON: a number beyond the range of a double");
  }
  if (!j.is_object()) fail(source, "", "expected a JSON object");
  if (j.value("format", std::string()) != "maniplab-drive-profile") fail(source, "format", "expected \"maniplab-drive-profile\"");
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int>() != 1)
    fail(source, "version", "expected 1");
  static const char* known[] = {"format", "version", "name", "description", "match", "process_data", "defaults",
                                "position_feedback", "distributed_clocks", "watchdog"};
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool ok = false;
    for (const char* k : known) ok = ok || it.key() == k;
    if (!ok) fail(source, it.key(), "unknown field");
  }
  DriveProfile p;
  p.id = source;
  if (!j.contains("name") || !j["name"].is_string() || j["name"].get<std::string>().empty()) fail(source, "name", "a profile needs a name");
  p.name = j["name"].get<std::string>();
  p.description = j.value("description", std::string());
  if (j.contains("match")) {
    const json& m = j["match"];
    if (!m.is_object()) fail(source, "match", "expected an object");
    if (m.contains("vendor_id")) p.vendor = std::uint32_t(number(m["vendor_id"], source, "match.vendor_id", 0xFFFFFFFF));
    if (m.contains("product_code")) p.product = std::uint32_t(number(m["product_code"], source, "match.product_code", 0xFFFFFFFF));
    if (m.contains("revision")) p.revision = std::uint32_t(number(m["revision"], source, "match.revision", 0xFFFFFFFF));
    if (!p.vendor && (p.product || p.revision)) fail(source, "match", "a product code or revision needs the vendor_id");
  }
  if (j.contains("process_data")) {
    const json& pd = j["process_data"];
    if (!pd.is_object()) fail(source, "process_data", "expected an object");
    if (pd.contains("rx_pdos")) p.rxPdos = pdoList(pd["rx_pdos"], source, "process_data.rx_pdos", true);
    if (pd.contains("tx_pdos")) p.txPdos = pdoList(pd["tx_pdos"], source, "process_data.tx_pdos", false);
  }
  if (j.contains("defaults")) {
    const json& d = j["defaults"];
    if (!d.is_object()) fail(source, "defaults", "expected an object");
    if (d.contains("encoder_increments")) p.encoderIncrements = std::uint32_t(number(d["encoder_increments"], source, "defaults.encoder_increments", 0xFFFFFFFF));
    if (d.contains("motor_revolutions")) p.motorRevolutions = std::uint32_t(number(d["motor_revolutions"], source, "defaults.motor_revolutions", 0xFFFFFFFF));
    if (d.contains("rated_torque_mNm")) p.ratedTorqueMilli = std::uint32_t(number(d["rated_torque_mNm"], source, "defaults.rated_torque_mNm", 0xFFFFFFFF));
    if (p.motorRevolutions == 0) fail(source, "defaults.motor_revolutions", "must not be 0");
  }
  if (j.contains("position_feedback")) {
    const std::string f = j["position_feedback"].is_string() ? j["position_feedback"].get<std::string>() : "";
    if (f == "incremental") p.incrementalPosition = true;
    else if (f != "absolute") fail(source, "position_feedback", "expected \"absolute\" or \"incremental\"");
  }
  if (j.contains("distributed_clocks")) {
    const json& d = j["distributed_clocks"];
    if (!d.is_object()) fail(source, "distributed_clocks", "expected an object");
    if (d.contains("assign_activate")) p.assignActivate = std::uint16_t(number(d["assign_activate"], source, "distributed_clocks.assign_activate", 0xFFFF));
    if (d.contains("sync0_shift_ns")) {
      if (!d["sync0_shift_ns"].is_number_integer()) fail(source, "distributed_clocks.sync0_shift_ns", "expected an integer");
      const auto v = d["sync0_shift_ns"].get<std::int64_t>();
      if (v < -1000000000 || v > 1000000000) fail(source, "distributed_clocks.sync0_shift_ns", "out of range (|shift| <= 1 s)");
      p.sync0ShiftNs = std::int32_t(v);
    }
  }
  if (j.contains("watchdog")) {
    const json& w = j["watchdog"];
    if (!w.is_object()) fail(source, "watchdog", "expected an object");
    for (auto it = w.begin(); it != w.end(); ++it)
      if (it.key() != "time_ms") fail(source, "watchdog." + it.key(), "unknown field");
    p.watchdogTime = 0.1;  // the ESC's reset value: divider 0x09C2 (100 us) x 1000
    if (w.contains("time_ms")) {
      if (!w["time_ms"].is_number()) fail(source, "watchdog.time_ms", "expected a number of milliseconds");
      const double ms = w["time_ms"].get<double>();
      // 0x0420 counts units of 100 us in 16 bits; a time that rounds to 0 would disable the watchdog.
      if (!(ms >= 0.1 && ms <= 6553.5)) fail(source, "watchdog.time_ms", "out of range (0.1 to 6553.5 ms in units of 0.1 ms)");
      p.watchdogTime = ms * 1e-3;
    }
  }
  return p;
}

DriveProfile loadDriveProfile(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error(path + ": cannot open the drive profile");
  std::stringstream ss;
  ss << f.rdbuf();
  return parseDriveProfile(ss.str(), path);
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
  if (std::filesystem::exists(idOrPath)) return loadDriveProfile(idOrPath);
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
