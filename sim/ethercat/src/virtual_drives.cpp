// Virtual CiA 402 drives (IEC 61800-7-201 state machine §6.2, CST/CSP/CSV modes, objects 0x6040-0x6502)
// on virtual ESCs, driving the simulated plant (Zanaboni 2009 ch. 8-9, the drives); CiA 301 / ETG.1000.6 object
// dictionary with PDO mapping (0x16xx/0x1Axx) and assignment (0x1C12/0x1C13), ETG.1020 SyncManager
// parameters 0x1C32/0x1C33 (see virtual_drives.hpp). The bus serving a link: virtual_bus_serve.cpp.
#include "maniplab/ethercat/virtual_drives.hpp"

#include "maniplab/ethercat/hex.hpp"
#include "maniplab/model/crba.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>

namespace maniplab::ethercat {

using cia402::State;

namespace {
using namespace coe::info::access;
namespace dt = coe::dtype;

std::string objName(std::uint16_t index, std::uint8_t sub) { return objectKey(index, sub); }

// Copies `n` bits from src (bit offset so) to dst (bit offset d), little-endian bit order.
void copyBits(std::uint8_t* dst, std::size_t d, const std::uint8_t* src, std::size_t so, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const bool b = (src[(so + i) / 8] >> ((so + i) % 8)) & 1;
    std::uint8_t& t = dst[(d + i) / 8];
    const std::uint8_t m = std::uint8_t(1u << ((d + i) % 8));
    t = b ? std::uint8_t(t | m) : std::uint8_t(t & ~m);
  }
}

// Size of the CiA 301 dummy data-type objects usable as gaps in a mapping.
int dummyBits(std::uint16_t index) {
  switch (index) {
    case 0x0001: return 1;
    case 0x0002: case 0x0005: return 8;
    case 0x0003: case 0x0006: return 16;
    case 0x0004: case 0x0007: return 32;
  }
  return 0;
}

constexpr int kMapCapacity = 12;  // entries per PDO mapping object
}  // namespace

class VirtualDrive final : public EscApplication {
 public:
  /// `inertia`: the joint's diagonal inertia at home (M_jj); the default CSP gains make a critically
  /// damped 10 Hz loop on it (what a tuned drive would hold a joint with), so that a master that does
  /// not set 0x2001/0x2002 still moves the joint in CSP.
  VirtualDrive(VirtualBus& bus, int joint, const VirtualDriveProfile& prof, std::string name, double inertia)
      : bus_(bus), j_(joint), prof_(prof), name_(std::move(name)) {
    const double w = 2 * M_PI * 10.0;
    kp_ = float(inertia * w * w);
    kd_ = float(2 * inertia * w);
    const DriveScaling s = virtualDriveScaling(bus.model_, joint);
    gearMotor_ = s.gearMotor;
    ratedMilli_ = s.ratedMilli;
    ratedOut_ = s.ratedTorque;
    countsPerUnit_ = s.countsPerUnit;
    buildDictionary();
    computeLayout(true);
    computeLayout(false);
  }
  void attach(VirtualEsc* esc) { esc_ = esc; }
  ObjectDictionary& od() { return od_; }
  const std::string& name() const { return name_; }

  // --- EscApplication ---
  CoeServer* coe() override { return &coe_; }
  std::uint16_t outputBytes() const override { return rxBytes_; }
  std::uint16_t inputBytes() const override { return txBytes_; }
  std::uint16_t checkStateChange(std::uint8_t from, std::uint8_t to) override {
    if (from == 4 && to == 8 && bus_.opt_.requireDc) {
      if (!esc_->sync0Active()) {
        bus_.note(name_ + ": OP refused: SYNC0 is not running (0x0981 must activate cyclic operation and SYNC0, "
                  "with a start time 0x0990 in the future and a cycle 0x09A0)");
        return 0x0030;  // invalid DC SYNC configuration
      }
      if (prof_.interpolationPeriod && std::llround(period() * 1e9) != std::llround(double(esc_->sync0Cycle()))) {
        bus_.note(name_ + ": OP refused: SYNC0 cycle " + std::to_string(esc_->sync0Cycle()) + " ns differs from 0x60C2 (" +
                  std::to_string(std::llround(period() * 1e9)) + " ns)");
        return 0x0035;  // invalid sync cycle time
      }
    }
    return 0;
  }
  void alStateChanged(std::uint8_t st) override {
    if (st < 8 && (state_ == State::OperationEnabled || state_ == State::QuickStopActive)) raise(0x8100, "left OP");
  }

  void raise(std::uint16_t code, const std::string& why) {
    state_ = State::Fault;
    errorCode_ = code;
    std::uint8_t reg = coe::errreg::Generic;
    switch (code >> 12) {
      case 2: reg |= coe::errreg::Current; break;
      case 3: reg |= coe::errreg::Voltage; break;
      case 4: reg |= coe::errreg::Temperature; break;
      case 8: reg |= (code & 0xff00) == 0x8100 ? coe::errreg::Communication : coe::errreg::DeviceProfile; break;
      default: reg |= coe::errreg::Manufacturer; break;
    }
    errorRegister_ = reg;
    bus_.note("drive " + std::to_string(j_ + 1) + ": fault " + cia402::errorCodeText(code) + " (" + why + ")");
    emergency(code);
  }
  void injectFault(std::uint16_t code) { injected_ = true; raise(code, "injected"); }

  void emergency(std::uint16_t code) {
    if (!bus_.opt_.emergencies || !esc_) return;
    coe::Emergency e{code, errorRegister_, {std::uint8_t(j_ + 1), 0, 0, 0, 0}};
    if (esc_->postEmergency(e)) bus_.note(name_ + ": " + coe::emergencyText(e) + " sent");
  }

  /// Reads the RxPDO (OP) and steps the CiA 402 state machine.
  void onOutputs(bool inOp) {
    if (inOp) {
      const std::uint8_t* o = esc_->ram(esc_->outputsAddress());
      std::vector<std::uint8_t> v;
      for (const auto& it : rxLayout_) {
        if (!it.entry) continue;
        v.assign((it.bits + 7u) / 8u, 0);
        copyBits(v.data(), 0, o, it.offset, it.bits);
        it.entry->set(v);  // a value the object refuses (e.g. an unsupported mode) is ignored, as by SDO
      }
    }
    const std::uint16_t cw = inOp ? cw_ : 0;
    const bool resetEdge = (cw & 0x80) && !(prevCw_ & 0x80);
    prevCw_ = cw;
    const State before = state_;
    switch (state_) {
      case State::NotReadyToSwitchOn: state_ = State::SwitchOnDisabled; break;
      case State::Fault:
      case State::FaultReactionActive:
        if (resetEdge) {
          state_ = State::SwitchOnDisabled;
          errorCode_ = 0;
          errorRegister_ = 0;
          injected_ = false;
          emergency(0x0000);
        }
        break;
      default:
        if (!(cw & 0x02)) state_ = State::SwitchOnDisabled;
        else if ((cw & 0x06) == 0x02) state_ = state_ == State::OperationEnabled || state_ == State::QuickStopActive
                                                   ? State::QuickStopActive : State::SwitchOnDisabled;
        else if ((cw & 0x87) == 0x06) { if (state_ != State::QuickStopActive) state_ = State::ReadyToSwitchOn; }
        else if ((cw & 0x8F) == 0x07) {
          if (state_ == State::ReadyToSwitchOn || state_ == State::OperationEnabled) state_ = State::SwitchedOn;
        } else if ((cw & 0x8F) == 0x0F) {
          if (state_ == State::SwitchedOn || state_ == State::ReadyToSwitchOn || state_ == State::QuickStopActive) {
            if (modeSupported(mode_)) state_ = State::OperationEnabled;
            else if (state_ == State::ReadyToSwitchOn) state_ = State::SwitchedOn;
          }
        }
    }
    if (state_ == State::OperationEnabled && before != State::OperationEnabled) havePrev_ = false;
    if (state_ != before)
      bus_.note("drive " + std::to_string(j_ + 1) + ": " + cia402::stateName(before) + " -> " + cia402::stateName(state_));
  }

  bool enabled() const { return state_ == State::OperationEnabled; }

  /// Output-side torque for the coming cycle of length T, from the drive's measurement q.
  double torque(double q, double T) {
    double tau = 0;
    const double maxOut = maxTorque_ / 1000.0 * ratedOut_;
    if (state_ == State::OperationEnabled) {
      if (mode_ == cia402::ModeCST) {
        tau = std::clamp(double(targetTorque_) + double(torqueOffset_), -double(maxTorque_), double(maxTorque_)) / 1000.0 * ratedOut_;
      } else if (mode_ == cia402::ModeCSV) {
        const double v = havePrev_ ? (q - qPrev_) / T : 0.0;
        tau = std::clamp(kd_ * (targetVel_ / countsPerUnit_ - v), -maxOut, maxOut);
      } else {
        const double qt = targetPos_ / countsPerUnit_;
        const double d = havePrev_ ? -kd_ * (q - qPrev_) / T : 0.0;
        tau = std::clamp(kp_ * (qt - q) + d + torqueOffset_ / 1000.0 * ratedOut_, -maxOut, maxOut);
      }
    }
    qPrev_ = q;
    havePrev_ = true;
    torqueActual_ = std::int16_t(std::clamp(std::lround(tau / ratedOut_ * 1000.0), -32768L, 32767L));
    return tau;
  }

  void writeInputs(double q, double qd) {
    posCounts_ = std::int32_t(std::clamp(std::llround(q * countsPerUnit_), -2147483648LL, 2147483647LL));
    velCounts_ = std::int32_t(std::clamp(std::llround(qd * countsPerUnit_), -2147483648LL, 2147483647LL));
    std::uint8_t* in = esc_->ram(esc_->inputsAddress());
    for (const auto& it : txLayout_) {
      if (!it.entry) continue;
      const auto v = it.entry->get();
      if (v.size() * 8 >= it.bits) copyBits(in, it.offset, v.data(), 0, it.bits);
    }
  }

  double period() const {
    if (prof_.interpolationPeriod) return ipValue_ * std::pow(10.0, ipIndex_);
    if (esc_ && esc_->sync0Active() && esc_->sync0Cycle() > 0) return esc_->sync0Cycle() * 1e-9;
    if (cycleTimeNs_ > 0) return cycleTimeNs_ * 1e-9;
    if (!periodNoted_) {
      periodNoted_ = true;
      bus_.note(name_ + ": cycle time unknown (no 0x60C2, SYNC0 off, 0x1C32:02 = 0): 1 ms assumed");
    }
    return 1e-3;
  }
  std::uint16_t statusword() const {
    std::uint16_t s = cia402::statuswordFor(state_);
    if (state_ == State::OperationEnabled) s |= 0x1000;  // CST/CSP/CSV: drive follows the command value
    return s;
  }

 private:
  struct Mapping {
    std::uint16_t index = 0;
    bool rx = true;
    std::string name;
    std::uint8_t count = 0;
    std::array<std::uint32_t, kMapCapacity> entries{};
  };
  struct Item {
    OdEntry* entry = nullptr;  ///< null: gap
    std::uint32_t offset = 0;  ///< bit offset in the SM buffer
    std::uint16_t bits = 0;
  };

  bool modeSupported(std::int8_t m) const {
    return std::find(prof_.modes.begin(), prof_.modes.end(), m) != prof_.modes.end();
  }
  Mapping* mapping(std::uint16_t index) {
    for (auto& m : maps_)
      if (m.index == index) return &m;
    return nullptr;
  }

  /// 0 or an abort code (with the reason explained) for one mapping entry value of a PDO of direction rx.
  std::uint32_t checkMapEntry(std::uint32_t v, bool rx) {
    const std::uint16_t idx = std::uint16_t(v >> 16);
    const std::uint8_t sub = std::uint8_t(v >> 8), bits = std::uint8_t(v);
    if (bits == 0) {
      od_.explain("mapping entry " + hex4(v >> 16) + " has a length of 0 bits");
      return abort::NotMappable;
    }
    if (idx == 0) return 0;  // gap
    if (const int db = dummyBits(idx)) {
      if (db != bits) {
        od_.explain("dummy entry " + hex4(idx) + " is " + std::to_string(db) + " bits, mapped as " + std::to_string(bits));
        return abort::NotMappable;
      }
      return 0;
    }
    const OdObject* o = od_.find(idx);
    const OdEntry* e = o ? o->entry(sub) : nullptr;
    if (!e) {
      od_.explain(objName(idx, sub) + " does not exist");
      return o ? abort::NoSubindex : abort::NoObject;
    }
    if (!(e->access & (rx ? RxPdo : TxPdo))) {
      od_.explain(objName(idx, sub) + " (" + e->name + ") is not mappable in a " + (rx ? "RxPDO" : "TxPDO"));
      return abort::NotMappable;
    }
    if (e->bitLength != bits) {
      od_.explain(objName(idx, sub) + " is " + std::to_string(e->bitLength) + " bits, mapped as " + std::to_string(bits));
      return abort::NotMappable;
    }
    return 0;
  }

  std::uint32_t mappingBits(const Mapping& m) const {
    std::uint32_t b = 0;
    for (int i = 0; i < m.count; ++i) b += m.entries[std::size_t(i)] & 0xff;
    return b;
  }

  void computeLayout(bool rx) {
    auto& layout = rx ? rxLayout_ : txLayout_;
    const auto& assign = rx ? rxAssign_ : txAssign_;
    const std::uint8_t n = rx ? rxCount_ : txCount_;
    layout.clear();
    std::uint32_t off = 0;
    for (int k = 0; k < n; ++k) {
      const Mapping* m = nullptr;
      for (const auto& x : maps_)
        if (x.index == assign[std::size_t(k)]) m = &x;
      if (!m) continue;
      for (int i = 0; i < m->count; ++i) {
        const std::uint32_t v = m->entries[std::size_t(i)];
        const std::uint16_t idx = std::uint16_t(v >> 16);
        Item it;
        it.offset = off;
        it.bits = std::uint16_t(v & 0xff);
        if (idx != 0 && !dummyBits(idx)) {
          OdObject* o = od_.find(idx);
          it.entry = o ? o->entry(std::uint8_t(v >> 8)) : nullptr;
        }
        layout.push_back(it);
        off += it.bits;
      }
    }
    (rx ? rxBytes_ : txBytes_) = std::uint16_t((off + 7) / 8);
  }

  void addMapping(const VirtualPdo& p, bool rx) {
    Mapping m;
    m.index = p.index;
    m.rx = rx;
    m.name = p.name;
    for (const auto& e : p.entries)
      m.entries[m.count++] = (std::uint32_t(e.index) << 16) | (std::uint32_t(e.subindex) << 8) | e.bits;
    maps_.push_back(m);
  }

  void mappingObject(Mapping& m) {
    OdObject o;
    o.index = m.index;
    o.name = m.name;
    o.objectCode = coe::info::ObjRecord;
    o.dataType = dt::PdoMapping;
    o.countInSubindex0 = true;
    const std::uint16_t acc = Read | WritePreOp;
    OdEntry e0;
    e0.subindex = 0;
    e0.name = "Number of mapped objects";
    e0.dataType = dt::Unsigned8;
    e0.bitLength = 8;
    e0.access = acc;
    const std::uint16_t index = m.index;
    e0.get = [this, index] { return std::vector<std::uint8_t>{mapping(index)->count}; };
    e0.set = [this, index](const std::vector<std::uint8_t>& v) -> std::uint32_t {
      Mapping& mp = *mapping(index);
      const unsigned n = v[0];
      if (n > kMapCapacity) {
        od_.explain(std::to_string(n) + " entries, at most " + std::to_string(kMapCapacity));
        return abort::PdoLengthExceeded;
      }
      std::uint32_t bits = 0;
      for (unsigned i = 0; i < n; ++i) {
        if (auto c = checkMapEntry(mp.entries[i], mp.rx)) return c;
        bits += mp.entries[i] & 0xff;
      }
      if (bits > 8 * 64) {
        od_.explain(std::to_string(bits) + " bits, at most 512 in one PDO");
        return abort::PdoLengthExceeded;
      }
      mp.count = std::uint8_t(n);
      computeLayout(true);
      computeLayout(false);
      return 0;
    };
    o.entries.push_back(e0);
    for (int i = 1; i <= kMapCapacity; ++i) {
      OdEntry e;
      e.subindex = std::uint8_t(i);
      e.name = "Mapping entry " + std::to_string(i);
      e.dataType = dt::Unsigned32;
      e.bitLength = 32;
      e.access = acc;
      e.get = [this, index, i] {
        const std::uint32_t v = mapping(index)->entries[std::size_t(i - 1)];
        return std::vector<std::uint8_t>{std::uint8_t(v), std::uint8_t(v >> 8), std::uint8_t(v >> 16), std::uint8_t(v >> 24)};
      };
      e.set = [this, index, i](const std::vector<std::uint8_t>& v) -> std::uint32_t {
        Mapping& mp = *mapping(index);
        const std::uint32_t x = get32(v.data());
        if (auto c = checkMapEntry(x, mp.rx)) return c;
        mp.entries[std::size_t(i - 1)] = x;
        return 0;
      };
      o.entries.push_back(e);
    }
    od_.add(std::move(o));
  }

  void assignmentObject(bool rx) {
    OdObject o;
    o.index = rx ? 0x1C12 : 0x1C13;
    o.name = rx ? "RxPDO assign" : "TxPDO assign";
    o.objectCode = coe::info::ObjArray;
    o.dataType = dt::Unsigned16;
    o.countInSubindex0 = true;
    const std::uint16_t acc = Read | WritePreOp;
    auto& assign = rx ? rxAssign_ : txAssign_;
    auto& count = rx ? rxCount_ : txCount_;
    const std::size_t cap = (rx ? prof_.rxPdos : prof_.txPdos).size();
    assign.assign(cap, 0);
    const auto& def = rx ? prof_.rxAssign : prof_.txAssign;
    for (std::size_t k = 0; k < def.size() && k < cap; ++k) assign[k] = def[k];
    count = std::uint8_t(std::min(def.size(), cap));
    OdEntry e0;
    e0.subindex = 0;
    e0.name = "Number of assigned PDOs";
    e0.dataType = dt::Unsigned8;
    e0.bitLength = 8;
    e0.access = acc;
    e0.get = [&count] { return std::vector<std::uint8_t>{count}; };
    e0.set = [this, rx, &assign, &count, cap](const std::vector<std::uint8_t>& v) -> std::uint32_t {
      const unsigned n = v[0];
      if (n > cap) {
        od_.explain(std::to_string(n) + " PDOs, at most " + std::to_string(cap));
        return abort::ValueTooHigh;
      }
      std::uint32_t bits = 0;
      for (unsigned k = 0; k < n; ++k) {
        const Mapping* m = mapping(assign[k]);
        if (!m || m->rx != rx) {
          od_.explain("entry " + std::to_string(k + 1) + " (" + hex4(assign[k]) + ") is not a " + (rx ? "RxPDO" : "TxPDO"));
          return abort::ValueRange;
        }
        for (unsigned l = 0; l < k; ++l)
          if (assign[l] == assign[k]) {
            od_.explain(hex4(assign[k]) + " assigned twice");
            return abort::ValueRange;
          }
        bits += mappingBits(*m);
      }
      if (bits > 8 * 256) {
        od_.explain("the assigned PDOs have " + std::to_string(bits / 8) + " bytes, at most 256");
        return abort::PdoLengthExceeded;
      }
      count = std::uint8_t(n);
      computeLayout(rx);
      return 0;
    };
    o.entries.push_back(e0);
    for (std::size_t k = 1; k <= cap; ++k) {
      OdEntry e;
      e.subindex = std::uint8_t(k);
      e.name = "Assigned PDO " + std::to_string(k);
      e.dataType = dt::Unsigned16;
      e.bitLength = 16;
      e.access = acc;
      e.get = [&assign, k] { return std::vector<std::uint8_t>{std::uint8_t(assign[k - 1]), std::uint8_t(assign[k - 1] >> 8)}; };
      e.set = [this, rx, &assign, k](const std::vector<std::uint8_t>& v) -> std::uint32_t {
        const std::uint16_t x = get16(v.data());
        const Mapping* m = mapping(x);
        if (x != 0 && (!m || m->rx != rx)) {
          od_.explain(hex4(x) + " is not a " + std::string(rx ? "RxPDO" : "TxPDO") + " mapping object of this drive");
          return abort::ValueRange;
        }
        assign[k - 1] = x;
        return 0;
      };
      o.entries.push_back(e);
    }
    od_.add(std::move(o));
  }

  template <class T>
  void var(std::uint16_t index, const std::string& name, std::uint16_t type, T* p, std::uint16_t access,
           std::function<std::uint32_t(T)> validate = {}) {
    OdObject o;
    o.index = index;
    o.name = name;
    o.dataType = type;
    o.entries.push_back(odVar<T>(0, name, type, p, access, std::move(validate)));
    od_.add(std::move(o));
  }
  void record(std::uint16_t index, const std::string& name, std::uint16_t type, std::vector<OdEntry> entries,
              std::uint8_t code = coe::info::ObjRecord) {
    OdObject o;
    o.index = index;
    o.name = name;
    o.objectCode = code;
    o.dataType = type;
    std::uint8_t n = 0;
    for (const auto& e : entries) n = std::max(n, e.subindex);
    o.entries.push_back(odConst(0, "Highest sub-index supported", dt::Unsigned8, 8, n));
    for (auto& e : entries) o.entries.push_back(std::move(e));
    od_.add(std::move(o));
  }

  void buildDictionary() {
    using namespace cia402;
    const std::uint16_t rw = ReadWrite;
    // Communication area (CiA 301, ETG.1000.6).
    var<std::uint32_t>(DeviceType, "Device type", dt::Unsigned32, &deviceType_, Read);
    deviceType_ = prof_.deviceType;
    var<std::uint8_t>(0x1001, "Error register", dt::Unsigned8, &errorRegister_, Read | TxPdo);
    { OdObject o; o.index = 0x1008; o.name = "Manufacturer device name"; o.dataType = dt::VisibleString;
      o.entries.push_back(odString(0, "Manufacturer device name", prof_.deviceName)); od_.add(std::move(o)); }
    { OdObject o; o.index = 0x1009; o.name = "Manufacturer hardware version"; o.dataType = dt::VisibleString;
      o.entries.push_back(odString(0, "Manufacturer hardware version", "virtual")); od_.add(std::move(o)); }
    { OdObject o; o.index = 0x100A; o.name = "Manufacturer software version"; o.dataType = dt::VisibleString;
      o.entries.push_back(odString(0, "Manufacturer software version", "ManipLab " + prof_.name + " 1.0")); od_.add(std::move(o)); }
    record(Identity, "Identity", dt::Identity,
           {odConst(1, "Vendor ID", dt::Unsigned32, 32, prof_.vendorId), odConst(2, "Product code", dt::Unsigned32, 32, prof_.productCode),
            odConst(3, "Revision number", dt::Unsigned32, 32, prof_.revision),
            odConst(4, "Serial number", dt::Unsigned32, 32, std::uint32_t(j_ + 1))});
    record(0x1C00, "Sync manager communication type", dt::Unsigned8,
           {odConst(1, "SM0 (mailbox receive)", dt::Unsigned8, 8, 1), odConst(2, "SM1 (mailbox send)", dt::Unsigned8, 8, 2),
            odConst(3, "SM2 (outputs)", dt::Unsigned8, 8, 3), odConst(4, "SM3 (inputs)", dt::Unsigned8, 8, 4)},
           coe::info::ObjArray);
    for (const auto& p : prof_.rxPdos) addMapping(p, true);
    for (const auto& p : prof_.txPdos) addMapping(p, false);
    for (auto& m : maps_) mappingObject(m);
    assignmentObject(true);
    assignmentObject(false);
    for (std::uint16_t idx : {std::uint16_t(0x1C32), std::uint16_t(0x1C33)}) {
      record(idx, idx == 0x1C32 ? "SM output parameter" : "SM input parameter", 0x0042,
             {odVar<std::uint16_t>(1, "Synchronization type", dt::Unsigned16, &syncType_, Read | WritePreOp,
                                   [this](std::uint16_t t) -> std::uint32_t {
                                     if (t > 2) { od_.explain("sync type 0 free run, 1 SM-synchronous, 2 DC SYNC0"); return abort::ValueRange; }
                                     return 0;
                                   }),
              odVar<std::uint32_t>(2, "Cycle time", dt::Unsigned32, &cycleTimeNs_, Read | WritePreOp),
              odConst(3, "Shift time", dt::Unsigned32, 32, 0), odConst(4, "Sync types supported", dt::Unsigned16, 16, 0x0007),
              odConst(5, "Minimum cycle time", dt::Unsigned32, 32, 125000), odConst(6, "Calc and copy time", dt::Unsigned32, 32, 0)});
    }
    // Manufacturer area.
    var<float>(CspStiffness, "CSP position gain (N m/rad)", dt::Real32, &kp_, rw, [](float f) -> std::uint32_t {
      return std::isfinite(f) && f >= 0 ? 0 : abort::ValueRange;
    });
    var<float>(CspDamping, "CSP damping (N m s/rad)", dt::Real32, &kd_, rw, [](float f) -> std::uint32_t {
      return std::isfinite(f) && f >= 0 ? 0 : abort::ValueRange;
    });
    {
      OdObject o;
      o.index = SimSetPosition;
      o.name = "Place the joint at rest (simulation only)";
      o.dataType = dt::Integer32;
      OdEntry e;
      e.name = o.name;
      e.dataType = dt::Integer32;
      e.bitLength = 32;
      e.access = Write;
      e.set = [this](const std::vector<std::uint8_t>& v) -> std::uint32_t {
        if (state_ == State::OperationEnabled) {
          od_.explain("the drive is in Operation enabled");
          return abort::DeviceState;
        }
        bus_.setJointPosition(j_, std::int32_t(get32(v.data())) / countsPerUnit_);
        return 0;
      };
      o.entries.push_back(e);
      od_.add(std::move(o));
    }
    {
      OdObject o;
      o.index = 0x2200;
      o.name = "Drive description";
      o.dataType = dt::VisibleString;
      std::string text = prof_.deviceName + ": virtual CiA 402 drive of ManipLab, profile '" + prof_.name + "' (" +
                         prof_.description + "). Joint " + std::to_string(j_ + 1) + ", gear ratio " +
                         std::to_string(gearMotor_) + "/1000, rated torque " + std::to_string(ratedMilli_) +
                         " mN m, encoder 2^17 increments per motor revolution.";
      o.entries.push_back(odString(0, o.name, text));
      od_.add(std::move(o));
    }
    {
      OdObject o;
      o.index = 0x2201;
      o.name = "User data";
      o.dataType = dt::OctetString;
      OdEntry e;
      e.name = o.name;
      e.dataType = dt::OctetString;
      e.bitLength = 0;
      e.access = rw;
      e.get = [this] { return userData_; };
      e.set = [this](const std::vector<std::uint8_t>& v) -> std::uint32_t {
        if (v.size() > 512) {
          od_.explain(std::to_string(v.size()) + " bytes, at most 512");
          return abort::LengthTooHigh;
        }
        userData_ = v;
        return 0;
      };
      o.entries.push_back(e);
      od_.add(std::move(o));
    }
    // Device profile area (CiA 402).
    var<std::uint16_t>(ErrorCode, "Error code", dt::Unsigned16, &errorCode_, Read | TxPdo);
    var<std::uint16_t>(Controlword, "Controlword", dt::Unsigned16, &cw_, rw | RxPdo);
    var<std::uint16_t>(Statusword, "Statusword", dt::Unsigned16, &statusword_, Read | TxPdo);
    od_.find(Statusword)->entries[0].get = [this] {
      const std::uint16_t v = statusword();
      return std::vector<std::uint8_t>{std::uint8_t(v), std::uint8_t(v >> 8)};
    };
    var<std::int16_t>(QuickStopOption, "Quick stop option code", dt::Integer16, &qsOption_, rw);
    var<std::int8_t>(ModesOfOperation, "Modes of operation", dt::Integer8, &mode_, rw | RxPdo, [this](std::int8_t m) -> std::uint32_t {
      if (!modeSupported(m)) {
        od_.explain("mode " + std::to_string(m) + " is not supported (0x6502)");
        return abort::ValueRange;
      }
      if (state_ == State::OperationEnabled && m != mode_) {
        od_.explain("the mode cannot change in Operation enabled");
        return abort::DeviceState;
      }
      return 0;
    });
    var<std::int8_t>(ModesDisplay, "Modes of operation display", dt::Integer8, &mode_, Read | TxPdo);
    var<std::int32_t>(PositionActual, "Position actual value", dt::Integer32, &posCounts_, Read | TxPdo);
    var<std::int32_t>(VelocityActual, "Velocity actual value", dt::Integer32, &velCounts_, Read | TxPdo);
    var<std::int16_t>(TargetTorque, "Target torque", dt::Integer16, &targetTorque_, rw | RxPdo);
    var<std::uint16_t>(MaxTorque, "Max torque", dt::Unsigned16, &maxTorque_, rw, [](std::uint16_t v) -> std::uint32_t {
      return v == 0 || v > 30000 ? abort::ValueRange : 0;
    });
    var<std::uint32_t>(MotorRatedTorque, "Motor rated torque", dt::Unsigned32, &ratedMilli_, Read);
    var<std::int16_t>(TorqueActual, "Torque actual value", dt::Integer16, &torqueActual_, Read | TxPdo);
    var<std::int32_t>(TargetPosition, "Target position", dt::Integer32, &targetPos_, rw | RxPdo);
    record(EncoderResolution, "Position encoder resolution", dt::Unsigned32,
           {odConst(1, "Encoder increments", dt::Unsigned32, 32, kEncoderIncrements),
            odConst(2, "Motor revolutions", dt::Unsigned32, 32, 1)});
    if (prof_.gearRatio)
      record(GearRatio, "Gear ratio", dt::Unsigned32,
             {odVar<std::uint32_t>(1, "Motor revolutions", dt::Unsigned32, &gearMotor_, Read),
              odConst(2, "Shaft revolutions", dt::Unsigned32, 32, 1000)});
    var<std::int16_t>(0x60B2, "Torque offset", dt::Integer16, &torqueOffset_, rw | RxPdo);
    if (prof_.interpolationPeriod)
      record(InterpolationPeriod, "Interpolation time period", 0x0080,
             {odVar<std::uint8_t>(1, "Interpolation time period value", dt::Unsigned8, &ipValue_, rw,
                                  [](std::uint8_t v) -> std::uint32_t { return v == 0 ? abort::ValueRange : 0; }),
              odVar<std::int8_t>(2, "Interpolation time index", dt::Integer8, &ipIndex_, rw,
                                 [](std::int8_t i) -> std::uint32_t { return i < -6 || i > -1 ? abort::ValueRange : 0; })});
    if (prof_.digitalInputs) var<std::uint32_t>(0x60FD, "Digital inputs", dt::Unsigned32, &digitalInputs_, Read | TxPdo);
    var<std::int32_t>(0x60FF, "Target velocity", dt::Integer32, &targetVel_, rw | RxPdo);
    supportedModes_ = 0;
    for (auto m : prof_.modes) supportedModes_ |= 1u << (m - 1);
    var<std::uint32_t>(0x6502, "Supported drive modes", dt::Unsigned32, &supportedModes_, Read);
  }

  VirtualBus& bus_;
  int j_;
  const VirtualDriveProfile& prof_;
  std::string name_;
  VirtualEsc* esc_ = nullptr;
  ObjectDictionary od_;
  CoeServer coe_{od_};
  State state_ = State::NotReadyToSwitchOn;
  std::uint16_t cw_ = 0, prevCw_ = 0, errorCode_ = 0, maxTorque_ = 3000, statusword_ = 0, syncType_ = 0;
  std::int16_t targetTorque_ = 0, torqueActual_ = 0, qsOption_ = 2, torqueOffset_ = 0;
  std::int32_t targetPos_ = 0, posCounts_ = 0, velCounts_ = 0, targetVel_ = 0;
  std::int8_t mode_ = 0, ipIndex_ = -3;
  std::uint8_t ipValue_ = 1, errorRegister_ = 0;
  std::uint32_t gearMotor_ = 1000, ratedMilli_ = 1000, deviceType_ = 0, digitalInputs_ = 0, supportedModes_ = 0,
                cycleTimeNs_ = 0;
  double ratedOut_ = 1, countsPerUnit_ = 1;
  float kp_ = 0, kd_ = 0;
  double qPrev_ = 0;
  bool havePrev_ = false, injected_ = false;
  mutable bool periodNoted_ = false;
  std::vector<std::uint8_t> userData_;
  std::vector<Mapping> maps_;
  std::vector<std::uint16_t> rxAssign_, txAssign_;
  std::uint8_t rxCount_ = 0, txCount_ = 0;
  std::vector<Item> rxLayout_, txLayout_;
  std::uint16_t rxBytes_ = 0, txBytes_ = 0;
};

namespace {
/// The SII of a virtual drive of profile `p` named `name` (ETG.2010; string 1 is the slave's own name).
sii::Image virtualDriveSii(const VirtualDriveProfile& p, const std::string& name, std::uint32_t serial, ObjectDictionary& od,
                           std::uint16_t rxBytes, std::uint16_t txBytes) {
  sii::Image s;
  s.pdiControl = 0x0C08;  // SPI PDI
  s.vendorId = p.vendorId;
  s.productCode = p.productCode;
  s.revision = p.revision;
  s.serial = serial;
  s.bootRxMbxOffset = s.stdRxMbxOffset = p.mbxOut;
  s.bootRxMbxSize = s.stdRxMbxSize = p.mbxOutSize;
  s.bootTxMbxOffset = s.stdTxMbxOffset = p.mbxIn;
  s.bootTxMbxSize = s.stdTxMbxSize = p.mbxInSize;
  s.mailboxProtocols = sii::proto::CoE;
  // String 1 is the device (type) name, as on real devices (SOEM names a slave by string 1 and copies it
  // to the following slaves of the same identity); the general category's name is the slave's own,
  // with its joint.
  sii::General g;
  s.addString(p.deviceName);
  g.nameIdx = s.addString(name);
  s.addString("ManipLab");
  g.groupIdx = s.addString(p.group);
  g.orderIdx = s.addString(p.orderCode);
  g.coeDetails = sii::coedetails::Sdo | sii::coedetails::SdoInfo | sii::coedetails::PdoAssign | sii::coedetails::PdoConfig |
                 sii::coedetails::CompleteAccess;
  g.ds402Channels = 1;
  s.general = g;
  s.fmmus = {sii::FmmuOutputs, sii::FmmuInputs, sii::FmmuSmStatus};
  s.syncManagers = {{p.mbxOut, p.mbxOutSize, 0x26, 0, 1, sii::SmMailboxOut},
                    {p.mbxIn, p.mbxInSize, 0x22, 0, 1, sii::SmMailboxIn},
                    {p.outputs, rxBytes, 0x64, 0, std::uint8_t(rxBytes ? 1 : 0), sii::SmOutputs},
                    {p.inputs, txBytes, 0x20, 0, std::uint8_t(txBytes ? 1 : 0), sii::SmInputs}};
  auto pdos = [&](const std::vector<VirtualPdo>& list, const std::vector<std::uint16_t>& assign, std::uint8_t sm) {
    std::vector<sii::Pdo> out;
    for (const auto& vp : list) {
      sii::Pdo q;
      q.index = vp.index;
      q.syncManager = std::find(assign.begin(), assign.end(), vp.index) != assign.end() ? sm : sii::kNotAssigned;
      q.nameIdx = s.addString(vp.name);
      for (const auto& e : vp.entries) {
        const OdObject* o = od.find(e.index);
        const OdEntry* oe = o ? o->entry(e.subindex) : nullptr;
        q.entries.push_back({e.index, e.subindex, oe ? s.addString(oe->name) : std::uint8_t(0),
                             std::uint8_t(oe ? oe->dataType : 0), e.bits, 0});
      }
      out.push_back(std::move(q));
    }
    return out;
  };
  s.txPdos = pdos(p.txPdos, p.txAssign, 3);
  s.rxPdos = pdos(p.rxPdos, p.rxAssign, 2);
  if (p.dcAssignActivate)
    s.dcModes = {{0, 0, 0, 0, 0x0000, 0, s.addString("Free run / SM-synchronous"), 0},
                 {0, 0, 0, 0, p.dcAssignActivate, 1, s.addString("DC-synchronous (SYNC0)"), 0}};
  return s;
}
}  // namespace

DriveScaling virtualDriveScaling(const Model& m, int joint) {
  DriveScaling s;
  const double g = std::abs(m.actuator[std::size_t(joint)].gear);
  s.gearMotor = std::uint32_t(std::max(1.0, std::round(g * 1000)));
  const double effort = m.limits[std::size_t(joint)].effort;
  const double ratedMotor = effort < 1e200 ? effort / (3 * g) : 1.0;
  s.ratedMilli = std::uint32_t(std::max(1.0, std::round(ratedMotor * 1000)));
  s.ratedTorque = s.ratedMilli / 1000.0 * (s.gearMotor / 1000.0);
  s.countsPerUnit = double(kEncoderIncrements) * (s.gearMotor / 1000.0) / (m.isRevolute(joint) ? 2 * M_PI : 1.0);
  return s;
}

FaultPlan parseFaultPlan(const std::string& text) {
  FaultPlan f;
  std::string body = text;
  const auto at = text.find('@');
  if (at != std::string::npos) {
    body = text.substr(0, at);
    try {
      std::size_t used = 0;
      f.afterCycles = std::stol(text.substr(at + 1), &used);
      if (used != text.size() - at - 1 || f.afterCycles < 0) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw std::runtime_error("fault '" + text + "': '@' must be followed by a cycle count");
    }
  }
  std::vector<std::string> p;
  std::stringstream ss(body);
  std::string item;
  while (std::getline(ss, item, ':')) p.push_back(item);
  if (p.empty()) throw std::runtime_error("empty fault specification");
  auto num = [&](std::size_t i, double lo, double hi) {
    if (i >= p.size()) throw std::runtime_error("fault '" + text + "': missing field " + std::to_string(i + 1));
    double v;
    try {
      std::size_t used = 0;
      v = std::stod(p[i], &used);
      if (used != p[i].size()) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw std::runtime_error("fault '" + text + "': '" + p[i] + "' is not a number");
    }
    if (!(v >= lo && v <= hi)) throw std::runtime_error("fault '" + text + "': '" + p[i] + "' is out of range");
    return v;
  };
  using K = FaultPlan::Kind;
  const std::string& k = p[0];
  if (k == "none") f.kind = K::None;
  else if (k == "drop") { f.kind = K::Drop; f.fraction = p.size() > 1 ? num(1, 0, 1) : 1.0; }
  else if (k == "drop-every") { f.kind = K::Drop; f.every = long(num(1, 2, 1e9)); }
  else if (k == "drop-burst") {
    f.kind = K::Drop;
    f.burst = long(num(1, 1, 1e9));
    if (p.size() > 2) f.every = long(num(2, double(f.burst) + 1, 1e9));
  }
  else if (k == "delay") { f.kind = K::Delay; f.fraction = p.size() > 1 ? num(1, 0, 1) : 1.0; f.delaySeconds = p.size() > 2 ? num(2, 0, 10) : 0.01; }
  else if (k == "wkc") { f.kind = K::WkcCorrupt; f.slave = int(num(1, 1, 65535)) - 1; }
  else if (k == "drive-fault") { f.kind = K::DriveFault; f.slave = int(num(1, 1, 65535)) - 1; }
  else if (k == "leave-op") { f.kind = K::LeaveOp; f.slave = int(num(1, 1, 65535)) - 1; }
  else if (k == "link-down") f.kind = K::LinkDown;
  else if (k == "refuse") {
    f.slave = int(num(1, 1, 65535)) - 1;
    if (p.size() < 3) throw std::runtime_error("fault '" + text + "': refuse:SLAVE:STATE (preop, safeop or op)");
    f.refuseState = p[2] == "preop" ? 2 : p[2] == "safeop" ? 4 : p[2] == "op" ? 8 : 0;
    if (!f.refuseState) throw std::runtime_error("fault '" + text + "': state must be preop, safeop or op");
    if (p.size() > 3) f.refuseCode = std::uint16_t(num(3, 1, 0xffff));
  } else throw std::runtime_error("unknown fault '" + k + "' (none, drop, drop-every, drop-burst, delay, wkc, drive-fault, leave-op, link-down, refuse)");
  return f;
}

VirtualBus::VirtualBus(const Model& model, const sim::PlantOptions& plant, FaultPlan faults, VirtualBusOptions options)
    : model_(model), plantOpt_(plant), opt_(std::move(options)), faults_(faults), rng_(faults.seed) {
  const VirtualDriveProfile* prof = findVirtualDriveProfile(opt_.profile);
  if (!prof)
    throw std::runtime_error("unknown virtual drive profile '" + opt_.profile + "' (profiles: " + virtualDriveProfileNames() + ")");
  profile_ = *prof;
  if (!opt_.clock)
    opt_.clock = [] {
      return std::int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
    };
  plantPeriod_ = plantOpt_.period;
  plant_ = std::make_unique<sim::SimulatedPlant>(model_, plantOpt_);
  plant_->reset(model_.home, VectorX::Zero(model_.nq));
  static const double pattern[] = {1.0, -0.6, 0.3, -1.0, 0.8, -0.2};
  Data data(model_);
  const MatrixX M = crba(model_, data, VectorX(model_.home));
  for (int j = 0; j < model_.nq; ++j) {
    const std::string name = profile_.deviceName + " joint " + std::to_string(j + 1) + " (" + model_.jointName[std::size_t(j)] + ")";
    drives_.push_back(std::make_unique<VirtualDrive>(*this, j, profile_, name, std::isfinite(M(j, j)) ? std::abs(M(j, j)) : 0.0));
    VirtualDrive& d = *drives_.back();
    EscConfig cfg;
    cfg.sii = virtualDriveSii(profile_, name, std::uint32_t(j + 1), d.od(), d.outputBytes(), d.inputBytes());
    cfg.eeprom8ByteReads = opt_.eeprom8ByteReads;
    cfg.countOutputsInSafeOp = opt_.countOutputsInSafeOp;
    cfg.watchdogTime = opt_.watchdogTime;
    escs_.push_back(std::make_unique<VirtualEsc>(cfg, &d));
    VirtualEsc& e = *escs_.back();
    d.attach(&e);
    e.setPort1Open(j + 1 < model_.nq);
    // Each slave's local clock started at its own power-up and runs with its own drift.
    e.setClockStart(1'000'000'000LL * (j + 1) + 123'457LL * j);
    e.setClockDrift(std::size_t(j) < opt_.slaveDriftPpm.size() ? opt_.slaveDriftPpm[std::size_t(j)]
                                                                 : opt_.clockDriftPpm * pattern[j % 6]);
  }
  if (faults_.refuseState && faults_.slave < int(escs_.size()))
    escs_[std::size_t(faults_.slave)]->refuseState(std::uint8_t(faults_.refuseState), faults_.refuseCode);
  for (int j = 0; j < model_.nq; ++j) drives_[std::size_t(j)]->writeInputs(plant_->measuredPosition()[j], 0);
}

std::int32_t VirtualBus::systemTimeDifference(int i) const {
  std::lock_guard lk(m_);
  return escs_[std::size_t(i)]->systemTimeDifference();
}

double VirtualBus::clockCorrectionPpm(int i) const {
  std::lock_guard lk(m_);
  return escs_[std::size_t(i)]->clockCorrectionPpm();
}

VirtualBus::~VirtualBus() { stop(); }

void VirtualBus::note(const std::string& line) { log_ += line + "\n"; }

std::string VirtualBus::log() const {
  std::lock_guard lk(m_);
  return log_;
}

VectorX VirtualBus::plantPosition() const {
  std::lock_guard lk(m_);
  return plant_->position();
}

double VirtualBus::plantTime() const {
  std::lock_guard lk(m_);
  return plantTime_;
}

void VirtualBus::setJointPosition(int j, double q) {
  VectorX x = plant_->position();
  x[j] = q;
  plant_->reset(x, VectorX::Zero(model_.nq));
  for (int i = 0; i < model_.nq; ++i) drives_[std::size_t(i)]->writeInputs(plant_->measuredPosition()[i], 0);
}

void VirtualBus::pdiCycle() {
  // The holding brake opens one cycle after "Operation enabled" (as a drive releasing its brake):
  // the frame that enables a drive does not move the plant yet.
  std::vector<bool> was(drives_.size());
  for (std::size_t s = 0; s < drives_.size(); ++s) was[s] = drives_[s]->enabled();
  bool anyOp = false;
  for (std::size_t s = 0; s < escs_.size(); ++s) {
    const bool op = escs_[s]->alState() == 8;
    anyOp = anyOp || op;
    drives_[s]->onOutputs(op);
  }
  if (anyOp) {
    const long c = cycles_.fetch_add(1) + 1;
    using K = FaultPlan::Kind;
    const auto s = std::size_t(faults_.slave);
    if (c == faults_.afterCycles + 1 && s < drives_.size()) {
      if (faults_.kind == K::DriveFault) {
        drives_[s]->injectFault(faults_.driveErrorCode);
        markInjected();
      }
      if (faults_.kind == K::LeaveOp) {
        markInjected();
        escs_[s]->setError(4, alcode::SmWatchdog);
        note("slave " + std::to_string(s + 1) + ": OP -> SAFEOP+ERROR (" + alStatusCodeText(alcode::SmWatchdog) + ", injected)");
      }
    }
  }
  const double T = drives_.empty() ? 1e-3 : drives_[0]->period();
  bool anyEnabled = false;
  for (std::size_t s = 0; s < drives_.size(); ++s) anyEnabled = anyEnabled || (was[s] && drives_[s]->enabled());
  const int n = model_.nq;
  VectorX tau = VectorX::Zero(n);
  const VectorX qm = plant_->measuredPosition();
  for (int j = 0; j < n; ++j) {
    const double t = drives_[std::size_t(j)]->torque(qm[j], T);
    tau[j] = was[std::size_t(j)] ? t : 0.0;
  }
  if (anyEnabled) {
    // The plant ticks must divide the drive cycle (e.g. a 4 kHz bus on a 2 kHz plant: 0.25 ms ticks).
    const long k = std::lround(T / plantOpt_.period);
    const double want = std::abs(double(k) * plantOpt_.period - T) <= 1e-9 * T && k >= 1
                            ? plantOpt_.period : T / std::ceil(T / plantOpt_.period);
    if (want != plantPeriod_) {
      const VectorX q = plant_->position(), qd = plant_->velocity();
      sim::PlantOptions o = plantOpt_;
      o.period = want;
      plant_ = std::make_unique<sim::SimulatedPlant>(model_, o);
      plant_->reset(q, qd);
      plantPeriod_ = want;
      note("plant tick set to " + std::to_string(want * 1e3) + " ms to divide the drive cycle");
    }
    plant_->writeTorque(tau);
    const sim::BackendStatus st = plant_->advance(T);
    plantTime_ += T;  // the plant's own clock restarts whenever it is placed or braked (reset)
    if (!st.ok) {
      note("plant: " + st.message);
      for (auto& d : drives_) d->raise(0x5500, "plant: " + st.message);
    }
  } else if (plant_->velocity().norm() > 0) {
    plant_->reset(plant_->position(), VectorX::Zero(n));  // brakes closed
  }
  const VectorX& q = plant_->measuredPosition();
  const VectorX& qd = plant_->measuredVelocity();
  for (int j = 0; j < n; ++j) drives_[std::size_t(j)]->writeInputs(q[j], anyEnabled ? qd[j] : 0.0);
}

bool VirtualBus::processFrame(std::uint8_t* frame, std::size_t size) {
  std::lock_guard lk(m_);
  if (!parseFrame(frame, size, views_)) return false;
  using K = FaultPlan::Kind;
  const bool active = cycles_.load() >= faults_.afterCycles;
  bool hasPd = false;
  for (auto& d : views_) hasPd = hasPd || isLogical(d.cmd);
  if (hasPd) pdFrames_++;
  if (faults_.kind == K::LinkDown && active && cycles_.load() > 0) {
    if (!linkDown_) {
      note("link down (injected)");
      markInjected();
    }
    linkDown_ = true;
  }
  if (linkDown_) return false;
  const bool dropping = hasPd && faults_.kind == K::Drop && active && cycles_.load() > 0;
  const long dropAt = dropping ? dropSeen_++ : 0;
  if (dropping && (faults_.burst > 0 ? (faults_.every > 0 ? dropAt % faults_.every : dropAt) < faults_.burst
                   : faults_.every > 0 ? pdFrames_.load() % faults_.every == 0
                                       : std::uniform_real_distribution<double>(0, 1)(rng_) < faults_.fraction)) {
    markInjected();
    dropped_++;
    return false;
  }
  // Arrival of the frame at each slave (DC): hop by hop out through port 0, back through port 1.
  const std::int64_t t = opt_.clock();
  const std::int64_t hop = std::llround(opt_.hopDelayNs);
  const std::int64_t n = std::int64_t(escs_.size());
  for (std::int64_t s = 0; s < n; ++s) escs_[std::size_t(s)]->beginFrame(t + s * hop, t + (2 * (n - 1) - s) * hop);
  bool pd = false;
  for (auto& d : views_)
    for (auto& e : escs_) pd = e->latchOutputs(d) || e->mapsInputs(d) || pd;
  if (pd) pdiCycle();
  const bool corrupt = faults_.kind == K::WkcCorrupt && cycles_.load() > faults_.afterCycles;
  if (corrupt) markInjected();
  for (auto& d : views_)
    for (std::size_t s = 0; s < escs_.size(); ++s)
      escs_[s]->process(d, !(corrupt && int(s) == faults_.slave && isLogical(d.cmd)));
  for (std::size_t s = 0; s < escs_.size(); ++s)
    for (const auto& line : escs_[s]->takeNotes()) note("slave " + std::to_string(s + 1) + " (" + drives_[s]->name() + "): " + line);
  frame[6] |= 0x02;  // an ESC marks the source MAC of a frame it forwarded (locally administered bit)
  answered_++;
  return true;
}

}  // namespace maniplab::ethercat
