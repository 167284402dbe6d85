// Virtual CiA 402 drives (IEC 61800-7-201 state machine §6.2, CST/CSP modes, objects 0x6040-0x60C2) on
// virtual ESCs, driving the simulated plant (seed 003 ch. 8-9 drives; see virtual_drives.hpp).
#include "maniplab/ethercat/virtual_drives.hpp"

#include <pthread.h>
#include <sched.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>

namespace maniplab::ethercat {

using cia402::State;

class VirtualDrive final : public EscApplication {
 public:
  VirtualDrive(VirtualBus& bus, int joint) : bus_(bus), j_(joint) {
    const DriveScaling s = virtualDriveScaling(bus.model_, joint);
    gearMotor_ = s.gearMotor;
    ratedMilli_ = s.ratedMilli;
    ratedOut_ = s.ratedTorque;
    countsPerUnit_ = s.countsPerUnit;
  }
  void attach(VirtualEsc* esc) { esc_ = esc; }

  std::uint32_t sdoUpload(std::uint16_t idx, std::uint8_t sub, std::uint32_t& v, int& size) override {
    using namespace cia402;
    auto u = [&](std::uint32_t value, int bytes) { v = value; size = bytes; return 0u; };
    auto only0 = [&](std::uint32_t value, int bytes) { return sub == 0 ? u(value, bytes) : abort::NoSubindex; };
    switch (idx) {
      case DeviceType: return only0(0x00020192, 4);
      case Identity:
        switch (sub) {
          case 0: return u(4, 1);
          case 1: return u(kManipLabVendor, 4);
          case 2: return u(kVirtualDriveProduct, 4);
          case 3: return u(1, 4);
          case 4: return u(std::uint32_t(j_ + 1), 4);
        }
        return abort::NoSubindex;
      case ErrorCode: return only0(errorCode_, 2);
      case Controlword: return only0(cw_, 2);
      case Statusword: return only0(statusword(), 2);
      case QuickStopOption: return only0(std::uint16_t(qsOption_), 2);
      case ModesOfOperation: return only0(std::uint8_t(mode_), 1);
      case ModesDisplay: return only0(std::uint8_t(modeDisplay()), 1);
      case PositionActual: return only0(std::uint32_t(posCounts_), 4);
      case VelocityActual: return only0(std::uint32_t(velCounts_), 4);
      case TargetTorque: return only0(std::uint16_t(targetTorque_), 2);
      case MaxTorque: return only0(maxTorque_, 2);
      case MotorRatedTorque: return only0(ratedMilli_, 4);
      case TorqueActual: return only0(std::uint16_t(torqueActual_), 2);
      case TargetPosition: return only0(std::uint32_t(targetPos_), 4);
      case EncoderResolution:
        if (sub == 0) return u(2, 1);
        if (sub == 1) return u(kEncoderIncrements, 4);
        if (sub == 2) return u(1, 4);
        return abort::NoSubindex;
      case GearRatio:
        if (sub == 0) return u(2, 1);
        if (sub == 1) return u(gearMotor_, 4);
        if (sub == 2) return u(1000, 4);
        return abort::NoSubindex;
      case InterpolationPeriod:
        if (sub == 0) return u(2, 1);
        if (sub == 1) return u(ipValue_, 1);
        if (sub == 2) return u(std::uint8_t(ipIndex_), 1);
        return abort::NoSubindex;
      case CspStiffness: { std::uint32_t b; std::memcpy(&b, &kp_, 4); return only0(b, 4); }
      case CspDamping: { std::uint32_t b; std::memcpy(&b, &kd_, 4); return only0(b, 4); }
      case SimSetPosition: return abort::WriteOnly;
      case 0x1C12: case 0x1C13:
        if (sub == 0) return u(1, 1);
        if (sub == 1) return u(idx == 0x1C12 ? 0x1600 : 0x1A00, 2);
        return abort::NoSubindex;
    }
    return abort::NoObject;
  }

  std::uint32_t sdoDownload(std::uint16_t idx, std::uint8_t sub, std::uint32_t v, int size) override {
    using namespace cia402;
    auto check = [&](int bytes) -> std::uint32_t {
      if (size != 0 && size != bytes) return abort::LengthMismatch;
      return 0;
    };
    switch (idx) {
      case DeviceType: case Statusword: case ModesDisplay: case PositionActual: case VelocityActual:
      case MotorRatedTorque: case TorqueActual: case EncoderResolution: case GearRatio: case ErrorCode:
      case Identity: case 0x1C12: case 0x1C13:
        return abort::ReadOnly;
      case Controlword: if (sub) return abort::NoSubindex; if (auto e = check(2)) return e; cw_ = std::uint16_t(v); return 0;
      case QuickStopOption: if (sub) return abort::NoSubindex; if (auto e = check(2)) return e; qsOption_ = std::int16_t(v); return 0;
      case ModesOfOperation: {
        if (sub) return abort::NoSubindex;
        if (auto e = check(1)) return e;
        const auto m = std::int8_t(v);
        if (m != ModeCSP && m != ModeCST) return abort::ValueRange;
        if (state_ == State::OperationEnabled && m != mode_) return abort::DeviceState;
        mode_ = m;
        return 0;
      }
      case TargetTorque: if (sub) return abort::NoSubindex; if (auto e = check(2)) return e; targetTorque_ = std::int16_t(v); return 0;
      case TargetPosition: if (sub) return abort::NoSubindex; if (auto e = check(4)) return e; targetPos_ = std::int32_t(v); return 0;
      case MaxTorque:
        if (sub) return abort::NoSubindex;
        if (auto e = check(2)) return e;
        if (v == 0 || v > 30000) return abort::ValueRange;
        maxTorque_ = std::uint16_t(v);
        return 0;
      case InterpolationPeriod:
        if (sub == 0) return abort::ReadOnly;
        if (sub == 1) { if (auto e = check(1)) return e; if (v == 0) return abort::ValueRange; ipValue_ = std::uint8_t(v); return 0; }
        if (sub == 2) {
          if (auto e = check(1)) return e;
          const auto i = std::int8_t(v);
          if (i < -6 || i > -1) return abort::ValueRange;
          ipIndex_ = i;
          return 0;
        }
        return abort::NoSubindex;
      case CspStiffness: case CspDamping: {
        if (sub) return abort::NoSubindex;
        if (auto e = check(4)) return e;
        float f;
        std::memcpy(&f, &v, 4);
        if (!std::isfinite(f) || f < 0) return abort::ValueRange;
        (idx == CspStiffness ? kp_ : kd_) = f;
        return 0;
      }
      case SimSetPosition: {
        if (sub) return abort::NoSubindex;
        if (auto e = check(4)) return e;
        if (state_ == State::OperationEnabled) return abort::DeviceState;
        bus_.setJointPosition(j_, std::int32_t(v) / countsPerUnit_);
        return 0;
      }
    }
    return abort::NoObject;
  }

  void alStateChanged(std::uint8_t st) override {
    if (st < 8 && (state_ == State::OperationEnabled || state_ == State::QuickStopActive)) raise(0x8100, "left OP");
  }

  void raise(std::uint16_t code, const std::string& why) {
    state_ = State::Fault;
    errorCode_ = code;
    bus_.note("drive " + std::to_string(j_ + 1) + ": fault " + cia402::errorCodeText(code) + " (" + why + ")");
  }
  void injectFault(std::uint16_t code) { injected_ = true; raise(code, "injected"); }

  /// Reads the RxPDO (OP) and steps the CiA 402 state machine.
  void onOutputs(bool inOp) {
    if (inOp) {
      const std::uint8_t* o = esc_->ram(esc::Outputs);
      cw_ = get16(o);
      targetTorque_ = std::int16_t(get16(o + 2));
      targetPos_ = std::int32_t(get32(o + 4));
    }
    const std::uint16_t cw = inOp ? cw_ : 0;
    const bool resetEdge = (cw & 0x80) && !(prevCw_ & 0x80);
    prevCw_ = cw;
    const State before = state_;
    switch (state_) {
      case State::NotReadyToSwitchOn: state_ = State::SwitchOnDisabled; break;
      case State::Fault:
      case State::FaultReactionActive:
        if (resetEdge) { state_ = State::SwitchOnDisabled; errorCode_ = 0; injected_ = false; }
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
            if (mode_ == cia402::ModeCST || mode_ == cia402::ModeCSP) state_ = State::OperationEnabled;
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
        tau = std::clamp(double(targetTorque_), -double(maxTorque_), double(maxTorque_)) / 1000.0 * ratedOut_;
      } else {
        const double qt = targetPos_ / countsPerUnit_;
        const double d = havePrev_ ? -kd_ * (q - qPrev_) / T : 0.0;
        tau = std::clamp(kp_ * (qt - q) + d, -maxOut, maxOut);
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
    std::uint8_t* in = esc_->ram(esc::Inputs);
    put16(in, statusword());
    put16(in + 2, std::uint16_t(torqueActual_));
    put32(in + 4, std::uint32_t(posCounts_));
    put32(in + 8, std::uint32_t(velCounts_));
    put16(in + 12, errorCode_);
  }

  double period() const { return ipValue_ * std::pow(10.0, ipIndex_); }
  std::uint16_t statusword() const {
    std::uint16_t s = cia402::statuswordFor(state_);
    if (state_ == State::OperationEnabled) s |= 0x1000;  // CST/CSP: drive follows the command value
    return s;
  }
  std::int8_t modeDisplay() const { return mode_; }

 private:
  VirtualBus& bus_;
  int j_;
  VirtualEsc* esc_ = nullptr;
  State state_ = State::NotReadyToSwitchOn;
  std::uint16_t cw_ = 0, prevCw_ = 0, errorCode_ = 0, maxTorque_ = 3000;
  std::int16_t targetTorque_ = 0, torqueActual_ = 0, qsOption_ = 2;
  std::int32_t targetPos_ = 0, posCounts_ = 0, velCounts_ = 0;
  std::int8_t mode_ = 0, ipIndex_ = -3;
  std::uint8_t ipValue_ = 1;
  std::uint32_t gearMotor_ = 1000, ratedMilli_ = 1000;
  double ratedOut_ = 1, countsPerUnit_ = 1;
  float kp_ = 0, kd_ = 0;
  double qPrev_ = 0;
  bool havePrev_ = false, injected_ = false;
};

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
  } else throw std::runtime_error("unknown fault '" + k + "' (none, drop, drop-every, delay, wkc, drive-fault, leave-op, link-down, refuse)");
  return f;
}

VirtualBus::VirtualBus(const Model& model, const sim::PlantOptions& plant, FaultPlan faults)
    : model_(model), plantOpt_(plant), faults_(faults), rng_(faults.seed) {
  plantPeriod_ = plantOpt_.period;
  plant_ = std::make_unique<sim::SimulatedPlant>(model_, plantOpt_);
  plant_->reset(model_.home, VectorX::Zero(model_.nq));
  for (int j = 0; j < model_.nq; ++j) {
    drives_.push_back(std::make_unique<VirtualDrive>(*this, j));
    SlaveIdentity id;
    id.vendor = kManipLabVendor;
    id.product = kVirtualDriveProduct;
    id.revision = 1;
    id.serial = std::uint32_t(j + 1);
    id.name = "ManipLab virtual CiA 402 drive, joint " + std::to_string(j + 1) + " (" + model_.jointName[std::size_t(j)] + ")";
    id.group = "Drives";
    id.order = "ML-VD-402";
    escs_.push_back(std::make_unique<VirtualEsc>(id, kRxPdoBytes, kTxPdoBytes, drives_.back().get()));
    drives_.back()->attach(escs_.back().get());
  }
  if (faults_.refuseState && faults_.slave < int(escs_.size()))
    escs_[std::size_t(faults_.slave)]->refuseState(std::uint8_t(faults_.refuseState), faults_.refuseCode);
  for (auto& d : drives_) d->writeInputs(0, 0);
  for (int j = 0; j < model_.nq; ++j) drives_[std::size_t(j)]->writeInputs(plant_->measuredPosition()[j], 0);
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
  if (hasPd && faults_.kind == K::Drop && active && cycles_.load() > 0 &&
      (faults_.every > 0 ? pdFrames_.load() % faults_.every == 0
                         : std::uniform_real_distribution<double>(0, 1)(rng_) < faults_.fraction)) {
    markInjected();
    return false;
  }
  bool pd = false;
  for (auto& d : views_)
    for (auto& e : escs_) pd = e->latchOutputs(d) || e->mapsInputs(d) || pd;
  if (pd) pdiCycle();
  const bool corrupt = faults_.kind == K::WkcCorrupt && cycles_.load() > faults_.afterCycles;
  if (corrupt) markInjected();
  for (auto& d : views_)
    for (std::size_t s = 0; s < escs_.size(); ++s)
      escs_[s]->process(d, !(corrupt && int(s) == faults_.slave && isLogical(d.cmd)));
  frame[6] |= 0x02;  // an ESC marks the source MAC of a frame it forwarded (locally administered bit)
  answered_++;
  return true;
}

void VirtualBus::serve(Link& link, const std::atomic<bool>& stop) {
  std::vector<std::uint8_t> buf(kMaxFrame + 64);
  using K = FaultPlan::Kind;
  auto lastPd = std::chrono::steady_clock::now();
  long lastCycles = 0;
  std::vector<bool> wasOp;  // slave in OP at the previous pass
  while (!stop.load()) {
    const long n = link.receive(buf.data(), buf.size(), std::chrono::milliseconds(20));
    if (n < 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));  // link down: only the watchdog runs
    if (n > 0) {
      const long before = cycles_.load();
      if (processFrame(buf.data(), std::size_t(n))) {
        if (cycles_.load() > before) {
          std::lock_guard lk(m_);  // faults_ may be replaced meanwhile (clearFaults, injectFault)
          if (faults_.kind == K::Delay && cycles_.load() > faults_.afterCycles &&
              std::uniform_real_distribution<double>(0, 1)(rng_) < faults_.fraction) {
            markInjected();
            const double hold = faults_.delaySeconds;
            m_.unlock();
            std::this_thread::sleep_for(std::chrono::duration<double>(hold));
            m_.lock();
          }
        }
        link.send(buf.data(), std::size_t(n));
      } else {
        bool down;
        {
          std::lock_guard lk(m_);
          down = linkDown_;
        }
        if (down) setInProcessLinkDown(link, true);
      }
    }
    // SyncManager watchdog: outputs not refreshed for 100 ms in OP -> SAFEOP + ERROR 0x001B. It counts
    // from the last process-data cycle or from the entry into OP, whichever is later (a slave that has
    // just reached OP after a long mailbox configuration must not trip at once).
    const auto now = std::chrono::steady_clock::now();
    if (cycles_.load() != lastCycles) {
      lastCycles = cycles_.load();
      lastPd = now;
    }
    {
      std::lock_guard lk(m_);
      wasOp.resize(escs_.size(), false);
      for (std::size_t s = 0; s < escs_.size(); ++s) {
        const bool op = escs_[s]->alState() == 8;
        if (op && !wasOp[s]) lastPd = now;
        wasOp[s] = op;
      }
      if (now - lastPd > std::chrono::milliseconds(100)) {
        for (std::size_t s = 0; s < escs_.size(); ++s)
          if (escs_[s]->alState() == 8) {
            escs_[s]->setError(4, alcode::SmWatchdog);
            wasOp[s] = false;
            note("slave " + std::to_string(s + 1) + ": OP -> SAFEOP+ERROR (" + alStatusCodeText(alcode::SmWatchdog) + ")");
          }
        lastPd = now;
      }
    }
  }
}

void VirtualBus::start(Link& link, int rtPriority) {
  stop();
  stop_ = false;
  link_ = &link;
  thread_ = std::thread([this, &link, rtPriority] {
    if (rtPriority > 0) {
      sched_param sp{};
      sp.sched_priority = rtPriority;
      pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);  // best effort
    }
    serve(link, stop_);
  });
}

void VirtualBus::clearFaults() {
  std::lock_guard lk(m_);
  faults_ = FaultPlan{};
  linkDown_ = false;
  for (auto& e : escs_) e->refuseState(0, 0);
  if (link_) setInProcessLinkDown(*link_, false);
}

void VirtualBus::injectFault(FaultPlan plan) {
  clearFaults();
  std::lock_guard lk(m_);
  plan.afterCycles += cycles_.load();
  faults_ = plan;
  rng_.seed(plan.seed);
  injectedAt_ = -1;
  if (faults_.refuseState && faults_.slave >= 0 && faults_.slave < int(escs_.size()))
    escs_[std::size_t(faults_.slave)]->refuseState(std::uint8_t(faults_.refuseState), faults_.refuseCode);
}

void VirtualBus::stop() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

}  // namespace maniplab::ethercat
