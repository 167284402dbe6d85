// The master's configuration of CiA 402 drives in PREOP: device type (CiA 301 0x1000), process data
// (ETG.1000.6 §5.6.7.4 PDO assignment and mapping: the drive's own mapping, or the drive profile's written
// by SDO; every object located by index and sub-index), mode, interpolation period and scaling
// (IEC 61800-7-201 0x6060, 0x60C2, 0x608F, 0x6091, 0x6076), SyncManagers and FMMUs (ETG.1000.4 §6.6, §6.7).
// See master.hpp.
#include "maniplab/ethercat/master.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>
#include <thread>

#include "master_internal.hpp"

namespace maniplab::ethercat {

using namespace master_detail;

// --- drives: device type, process data, mode, scaling ---------------------------------------------------

std::string Master::readCoeMapping(int i, int sm, std::vector<sii::Pdo>& pdos, bool& available, std::string& note) {
  pdos.clear();
  available = false;
  const std::uint16_t assign = std::uint16_t(0x1C10 + sm);
  auto n = sdoUpload(i, assign, 0);
  if (!n.ok) return absent(n.abortCode) ? std::string() : n.error;
  for (unsigned k = 1; k <= (n.value() & 0xFF); ++k) {
    const auto p = sdoUpload(i, assign, std::uint8_t(k));
    if (!p.ok) return p.error;
    sii::Pdo pdo;
    pdo.index = std::uint16_t(p.value());
    pdo.syncManager = std::uint8_t(sm);
    const auto c = sdoUpload(i, pdo.index, 0);
    if (!c.ok && absent(c.abortCode)) {  // an assignment naming a PDO the slave does not describe: not usable
      note = "its PDO assignment " + hex4(assign) + " names " + hex4(pdo.index) + ", which its dictionary lacks; its CoE mapping is not used";
      pdos.clear();
      return {};
    }
    if (!c.ok) return c.error;
    for (unsigned e = 1; e <= (c.value() & 0xFF); ++e) {
      const auto w = sdoUpload(i, pdo.index, std::uint8_t(e));
      if (!w.ok) return w.error;
      pdo.entries.push_back(entryFromMappingWord(w.value()));
    }
    pdos.push_back(std::move(pdo));
  }
  available = true;
  return {};
}

std::string Master::writeMapping(int i, int sm, const std::vector<sii::Pdo>& pdos) {
  // ETG.1000.6 §5.6.7.4: assignment off, each PDO's mapping (count 0, entries, count), assignment, count.
  const std::uint16_t assign = std::uint16_t(0x1C10 + sm);
  auto w = [&](std::uint16_t idx, std::uint8_t sub, std::uint32_t v, int size) {
    const auto r = sdoWrite(i, idx, sub, v, size);
    if (!r.ok) throw std::runtime_error(r.error);
  };
  try {
    w(assign, 0, 0, 1);
    for (const auto& p : pdos) {
      w(p.index, 0, 0, 1);
      for (std::size_t k = 0; k < p.entries.size(); ++k) {
        const auto& e = p.entries[k];
        w(p.index, std::uint8_t(k + 1), mappingWord(e.index, e.subindex, e.bitLength), 4);
      }
      w(p.index, 0, std::uint32_t(p.entries.size()), 1);
    }
    for (std::size_t k = 0; k < pdos.size(); ++k) w(assign, std::uint8_t(k + 1), pdos[k].index, 2);
    w(assign, 0, std::uint32_t(pdos.size()), 1);
  } catch (const std::exception& e) {
    return std::string("writing the PDO mapping: ") + e.what();
  }
  return {};
}

std::string Master::configureMapping(int i, const DriveProfile& profile, const DriveSetup& setup, SlaveDetails& d) {
  auto& s = slaves_[std::size_t(i)];
  const sii::Image& img = d.sii;
  // The ESI device of this identity: the same revision when listed, else the product code's.
  const esi::Device* dev = nullptr;
  for (const auto& f : setup.esi)
    if (!dev && f.vendorId == s.identity.vendor) {
      dev = f.find(s.identity.product, s.identity.revision);
      if (!dev) dev = f.find(s.identity.product);
    }
  ProcessLayout L;
  // SyncManagers for the process data: the SII's, else the ESI's, else ManipLab's virtual ESC layout.
  auto smFrom = [&](sii::SmType type, const char* esiKind, int fallbackSm, std::uint16_t fallbackStart, std::uint8_t fallbackControl,
                    int& sm, std::uint16_t& start, std::uint8_t& control) {
    if (int k = img.syncManagerOf(type); k >= 0) {
      sm = k;
      start = img.syncManagers[std::size_t(k)].start;
      control = img.syncManagers[std::size_t(k)].control;
    } else if (dev && dev->syncManagerOf(esiKind) >= 0) {
      sm = dev->syncManagerOf(esiKind);
      start = dev->syncManagers[std::size_t(sm)].start;
      control = dev->syncManagers[std::size_t(sm)].control;
    } else {
      sm = fallbackSm;
      start = fallbackStart;
      control = fallbackControl;
      d.notes.push_back(std::string("no ") + esiKind + " SyncManager in its SII or ESI: SM" + std::to_string(sm) + " at " + hex4(start) + " assumed");
    }
  };
  smFrom(sii::SmOutputs, "Outputs", 2, esc::Outputs, 0x64, L.outputSm, L.outputStart, L.outputControl);
  smFrom(sii::SmInputs, "Inputs", 3, esc::Inputs, 0x20, L.inputSm, L.inputStart, L.inputControl);
  // The mapping the drive runs now: CoE assignment objects (authoritative), else the SII's default
  // assignment, else the ESI's.
  bool coeRx = false, coeTx = false;
  std::string note;
  if (std::string e = readCoeMapping(i, L.outputSm, L.rx, coeRx, note); !e.empty()) return e;
  if (coeRx)
    if (std::string e = readCoeMapping(i, L.inputSm, L.tx, coeTx, note); !e.empty()) return e;
  if (!note.empty()) d.notes.push_back(note);
  auto assigned = [](const std::vector<sii::Pdo>& all, int sm) {
    std::vector<sii::Pdo> v;
    for (const auto& p : all)
      if (p.syncManager == sm) v.push_back(p);
    return v;
  };
  if (coeRx && coeTx) L.source = "its PDO assignment " + hex4(std::uint16_t(0x1C10 + L.outputSm)) + "/" + hex4(std::uint16_t(0x1C10 + L.inputSm));
  else if (!img.rxPdos.empty() || !img.txPdos.empty()) {
    L.rx = assigned(img.rxPdos, L.outputSm);
    L.tx = assigned(img.txPdos, L.inputSm);
    L.source = "the default assignment of its SII PDO categories";
  } else if (dev) {
    L.rx = assigned(dev->siiPdos(true), L.outputSm);
    L.tx = assigned(dev->siiPdos(false), L.inputSm);
    L.source = "the default assignment of its ESI file";
  } else {
    L.source = "no PDO assignment (neither CoE 0x1C12/0x1C13, nor SII PDO categories, nor an ESI file)";
  }
  L.locateRoles();
  const auto required = requiredRoles(setup.mode);
  auto missing = [&](const ProcessLayout& x) {
    std::string m;
    for (PdoRole r : required)
      if (!x[r].present()) {
        const auto& ri = pdoRoleInfo(r);
        m += (m.empty() ? "" : ", ") + std::string(ri.words) + " " + object(ri.index, ri.subindex);
      }
    return m;
  };
  const std::string lacking = missing(L);
  const char* modeName = setup.mode == cia402::ModeCSP ? "CSP" : "CST";
  const bool remap = setup.remap == PdoRemap::Always || (setup.remap == PdoRemap::Auto && !lacking.empty());
  if (!remap && !lacking.empty())
    return slaveName(i) + ": its process data (" + L.source + ") lack the " + lacking + " a " + modeName +
           " run needs, and remapping is off";
  if (remap) {
    if (profile.rxPdos.empty() || profile.txPdos.empty())
      return slaveName(i) + ": its process data (" + L.source + ") lack the " + lacking + " a " + modeName + " run needs, and the drive profile '" +
             profile.name + "' has no mapping to write (process_data.rx_pdos/tx_pdos)";
    if (img.general && !(img.general->coeDetails & sii::coedetails::PdoConfig))
      d.notes.push_back("its SII says it does not allow PDO configuration (CoE details): writing the mapping anyway");
    const std::string before = L.source;
    if (std::string e = writeMapping(i, L.outputSm, profile.rxPdos); !e.empty()) return slaveName(i) + ": " + e;
    if (std::string e = writeMapping(i, L.inputSm, profile.txPdos); !e.empty()) return slaveName(i) + ": " + e;
    L.rx = profile.rxPdos;
    L.tx = profile.txPdos;
    L.source = "written by SDO from the drive profile '" + profile.name + "'";
    L.locateRoles();
    const std::string still = missing(L);
    if (!still.empty()) return slaveName(i) + ": the drive profile '" + profile.name + "' maps no " + still + " (a " + modeName + " run needs it)";
    d.notes.push_back(std::string("PDO mapping written by SDO (") + (lacking.empty() ? "remapping forced" : "its own mapping lacked the " + lacking) +
                      "): " + L.describe());
  }
  if (L.outputBytes + L.inputBytes > 1024) return slaveName(i) + ": process data of " + std::to_string(L.outputBytes + L.inputBytes) + " bytes (at most 1024)";
  s.rxBytes = L.outputBytes;
  s.txBytes = L.inputBytes;
  d.pd = std::move(L);
  return {};
}

namespace {

/// The interpolation period 0x60C2 (IEC 61800-7-201): the cycle as value x 10^index s, value 1..255 and
/// index -3..-6; value 0 when the cycle has no such form.
struct InterpolationPeriod {
  long value = 0;
  int index = -3;
};
InterpolationPeriod interpolationPeriodOf(double cycle) {
  for (int idx = -3; idx >= -6; --idx) {
    const double v = cycle * std::pow(10.0, -idx);
    if (std::abs(v - std::round(v)) < 1e-6 * v && std::round(v) <= 255 && std::round(v) >= 1) return {std::lround(v), idx};
  }
  return {};
}

/// The value of an SDO read, or std::runtime_error with its error (the calls that a drive must answer).
std::uint32_t checked(const Master::SdoResult& r) {
  if (!r.ok) throw std::runtime_error(r.error);
  return r.value;
}

}  // namespace

std::string Master::configureDrives(const DriveSetup& setup) {
  const int n = slaveCount();
  if (!setup.gear.empty() && int(setup.gear.size()) != n)
    return "the bus has " + std::to_string(n) + " slave(s), the robot file " + std::to_string(setup.gear.size()) + " joint(s)";
  if (interpolationPeriodOf(opt_.cyclePeriod).value == 0)
    return "cycle period " + std::to_string(opt_.cyclePeriod) + " s cannot be written to 0x60C2 (value x 10^index s)";
  mode_ = setup.mode;
  DriveProfile fixed;
  if (!setup.profile.empty()) {
    try {
      fixed = findDriveProfile(setup.profile);
    } catch (const std::exception& e) {
      return e.what();
    }
  }
  const auto& candidates = setup.profiles.empty() ? shippedDriveProfiles() : setup.profiles;
  for (int i = 0; i < n; ++i) {
    auto& s = slaves_[std::size_t(i)];
    SlaveDetails d = s.details ? *s.details : SlaveDetails{};
    const DriveProfile* prof = setup.profile.empty() ? matchDriveProfile(candidates, s.identity.vendor, s.identity.product, s.identity.revision) : &fixed;
    if (!prof) prof = matchDriveProfile(shippedDriveProfiles(), 0, 0, 0);  // no specific one: the generic profile
    if (!prof) return slaveName(i) + ": no drive profile matches it and no generic profile is available";
    d.profile = prof->name;
    if (!(s.mailboxProtocols & sii::ProtoCoE) || !s.mbxOutSize)
      return slaveName(i) + " has no CoE mailbox (SII word 0x001C): ManipLab runs CiA 402 drives over CoE";
    try {
      if (std::string e = configureDrive(i, setup, *prof, d); !e.empty()) return e;
    } catch (const std::exception& e) {
      return e.what();
    }
    s.details = std::make_shared<const SlaveDetails>(std::move(d));
  }
  return {};
}

/// One drive in PREOP: its device type, process data, mode of operation, interpolation period, scaling,
/// CSP gains (ManipLab's virtual drives) and SYNC0 activation. Throws std::runtime_error on an SDO that
/// failed where the drive must answer.
std::string Master::configureDrive(int i, const DriveSetup& setup, const DriveProfile& prof, SlaveDetails& d) {
  auto& s = slaves_[std::size_t(i)];
  // CiA 301 0x1000: bits 0-15 the device profile (402), bits 16-31 its additional information.
  const SdoResult dt = sdoRead(i, cia402::DeviceType, 0);
  if (!dt.ok) {
    if (absent(dt.abortCode)) return slaveName(i) + " is not a CiA 402 drive (it has no device type object 0x1000)";
    return dt.error;
  }
  s.deviceType = dt.value;
  if ((dt.value & 0xFFFF) != 402)
    return slaveName(i) + " is not a CiA 402 drive (device type " + hex8(dt.value) + ": device profile " + std::to_string(dt.value & 0xFFFF) + ")";
  if (std::string e = configureMapping(i, prof, setup, d); !e.empty()) return e;
  checked(sdoWrite(i, cia402::ModesOfOperation, 0, std::uint8_t(setup.mode), 1));
  const InterpolationPeriod ip = interpolationPeriodOf(opt_.cyclePeriod);
  const SdoResult ip1 = sdoWrite(i, cia402::InterpolationPeriod, 1, std::uint32_t(ip.value), 1);
  if (ip1.ok) checked(sdoWrite(i, cia402::InterpolationPeriod, 2, std::uint8_t(std::int8_t(ip.index)), 1));
  else if (absent(ip1.abortCode)) d.notes.push_back("no interpolation period 0x60C2: the drive runs at the bus cycle (SYNC0 with distributed clocks)");
  else throw std::runtime_error(ip1.error);
  if (std::string e = configureScaling(i, setup, prof, d); !e.empty()) return e;
  s.incrementalPosition = prof.incrementalPosition;
  if (setup.mode == cia402::ModeCSP && i < int(setup.cspKp.size()) && s.identity.vendor == kManipLabVendor) {
    std::uint32_t b;
    std::memcpy(&b, &setup.cspKp[std::size_t(i)], 4);
    checked(sdoWrite(i, cia402::CspStiffness, 0, b, 4));
    std::memcpy(&b, &setup.cspKd[std::size_t(i)], 4);
    checked(sdoWrite(i, cia402::CspDamping, 0, b, 4));
  }
  s.watchdogProgram = prof.watchdogTime.value_or(0.0);
  // SYNC0 activation: the drive profile's, else the ESI's DC mode with SYNC0, else the SII's.
  s.assignActivate = 0;
  s.sync0Shift = prof.sync0ShiftNs;
  if (prof.assignActivate) s.assignActivate = *prof.assignActivate;
  for (const auto& f : setup.esi)
    if (!s.assignActivate && f.vendorId == s.identity.vendor)
      if (const esi::Device* dev = f.find(s.identity.product); dev && dev->sync0Mode()) s.assignActivate = dev->sync0Mode()->assignActivate;
  for (const auto& m : d.sii.dcModes)
    if (!s.assignActivate && (m.assignActivate & 0x0200)) s.assignActivate = m.assignActivate;
  return {};
}

/// The drive's position and torque scales: counts per joint unit from the encoder resolution 0x608F and
/// the gear ratio 0x6091 (checked against the robot file's), the rated torque 0x6076 at the joint; an
/// object the drive lacks is taken from its drive profile (noted) or the robot file (the gear).
std::string Master::configureScaling(int i, const DriveSetup& setup, const DriveProfile& prof, SlaveDetails& d) {
  auto& s = slaves_[std::size_t(i)];
  double incs = 0, motorRevs = 0;
  const SdoResult e1 = sdoRead(i, cia402::EncoderResolution, 1);
  if (e1.ok) {
    incs = e1.value;
    motorRevs = checked(sdoRead(i, cia402::EncoderResolution, 2));
  } else if (absent(e1.abortCode)) {
    if (!prof.encoderIncrements)
      return slaveName(i) + ": no encoder resolution 0x608F, and its drive profile '" + prof.name + "' gives none (defaults.encoder_increments)";
    incs = prof.encoderIncrements;
    motorRevs = prof.motorRevolutions;
    d.notes.push_back("no encoder resolution 0x608F: " + std::to_string(prof.encoderIncrements) + " increments per " +
                      std::to_string(prof.motorRevolutions) + " motor revolution(s) from the drive profile '" + prof.name + "'");
  } else {
    throw std::runtime_error(e1.error);
  }
  double ratio = 0;
  if (std::string e = readGearRatio(i, setup, d, ratio); !e.empty()) return e;
  double rated = 0;
  const SdoResult rt = sdoRead(i, cia402::MotorRatedTorque, 0);
  if (rt.ok) rated = rt.value;
  else if (absent(rt.abortCode) && prof.ratedTorqueMilli) {
    rated = prof.ratedTorqueMilli;
    d.notes.push_back("no motor rated torque 0x6076: " + std::to_string(prof.ratedTorqueMilli) + " mN m from the drive profile '" + prof.name + "'");
  } else if (absent(rt.abortCode)) {
    return slaveName(i) + ": no motor rated torque 0x6076 (the torque scale), and its drive profile '" + prof.name + "' gives none (defaults.rated_torque_mNm)";
  } else {
    throw std::runtime_error(rt.error);
  }
  if (incs <= 0 || motorRevs <= 0) return slaveName(i) + ": encoder resolution 0x608F holds zero";
  if (rated <= 0) return slaveName(i) + ": motor rated torque 0x6076 holds zero";
  const bool rev = setup.revolute.empty() || setup.revolute[std::size_t(i)];
  s.countsPerUnit = incs / motorRevs * ratio / (rev ? 2 * M_PI : 1.0);
  s.ratedTorque = rated / 1000.0 * ratio;
  return {};
}

/// The gear ratio 0x6091 (motor / shaft revolutions): the drive's, which must agree with the robot file's
/// to 1e-3, else the robot file's (noted).
std::string Master::readGearRatio(int i, const DriveSetup& setup, SlaveDetails& d, double& ratio) {
  const double g = setup.gear.empty() ? 1.0 : std::abs(setup.gear[std::size_t(i)]);
  const std::string joint = i < int(setup.jointNames.size()) ? setup.jointNames[std::size_t(i)] : std::to_string(i + 1);
  const SdoResult g1 = sdoRead(i, cia402::GearRatio, 1);
  if (g1.ok) {
    const double gm = g1.value, gs = checked(sdoRead(i, cia402::GearRatio, 2));
    if (gm <= 0 || gs <= 0) return slaveName(i) + ": gear ratio 0x6091 holds zero (" + std::to_string(long(gm)) + "/" + std::to_string(long(gs)) + ")";
    ratio = gm / gs;
    if (!setup.gear.empty() && std::abs(ratio - g) > 1e-3 * g) {
      std::ostringstream o;
      o << slaveName(i) << ": gear ratio 0x6091 = " << gm << "/" << gs << " = " << ratio << " differs from the robot file's " << g
        << " (joint " << joint << ")";
      return o.str();
    }
  } else if (absent(g1.abortCode)) {
    ratio = g;
    std::ostringstream o;
    o << "no gear ratio 0x6091: the robot file's " << g << " (joint " << joint << ") is used";
    d.notes.push_back(o.str());
  } else {
    throw std::runtime_error(g1.error);
  }
  return {};
}

// --- process data: SyncManagers and FMMUs ----------------------------------------------------------------

std::string Master::configureProcessData() {
  std::string err;
  std::uint32_t logical = kLogicalBase;
  for (int i = 0; i < slaveCount(); ++i) {
    auto& s = slaves_[std::size_t(i)];
    if (!s.details) return slaveName(i) + ": process data not configured";
    const ProcessLayout& L = s.details->pd;
    s.logical = logical;
    logical += std::uint32_t(L.outputBytes + L.inputBytes + 3) & ~3u;  // each slave on its own 4-byte boundary
    auto smWrite = [&](int sm, std::uint16_t start, std::uint16_t length, std::uint8_t control) {
      Datagram d{Command::FPWR, 0, FrameBuilder::address(s.station, std::uint16_t(reg::Sm0 + reg::SmSize * sm)), std::vector<std::uint8_t>(8)};
      put16(d.data.data(), start);
      put16(d.data.data() + 2, length);
      d.data[4] = control;
      d.data[6] = length ? 1 : 0;
      return d;
    };
    // FMMUs: the SII's FMMU category says which is for outputs and which for inputs; else 0 and 1.
    int fOut = 0, fIn = 1;
    const auto& fm = s.details->sii.fmmus;
    for (std::size_t k = 0, o = 0, in = 0; k < fm.size(); ++k) {
      if (fm[k] == sii::FmmuOutputs && !o++) fOut = int(k);
      if (fm[k] == sii::FmmuInputs && !in++) fIn = int(k);
    }
    if (fOut == fIn) fIn = fOut + 1;
    auto fmmu = [&](int k, std::uint32_t log, std::uint16_t len, std::uint16_t phys, std::uint8_t type) {
      Datagram d{Command::FPWR, 0, FrameBuilder::address(s.station, std::uint16_t(reg::Fmmu0 + reg::FmmuSize * k)), std::vector<std::uint8_t>(16)};
      std::uint8_t* f = d.data.data();
      put32(f, log); put16(f + 4, len); f[6] = 0; f[7] = 7; put16(f + 8, phys); f[10] = 0; f[11] = type; f[12] = len ? 1 : 0;
      return d;
    };
    std::vector<Datagram> d{smWrite(L.outputSm, L.outputStart, L.outputBytes, L.outputControl),
                            smWrite(L.inputSm, L.inputStart, L.inputBytes, L.inputControl),
                            fmmu(fOut, s.logical, L.outputBytes, L.outputStart, 2),
                            fmmu(fIn, s.logical + L.outputBytes, L.inputBytes, L.inputStart, 1)};
    if (!transact(d, err) || d[0].wkc != 1 || d[1].wkc != 1 || d[2].wkc != 1 || d[3].wkc != 1)
      return slaveName(i) + ": SyncManager/FMMU configuration (registers 0x0800, 0x0600) not written" + (err.empty() ? "" : ": " + err);
    s.rxBytes = L.outputBytes;
    s.txBytes = L.inputBytes;
    // Its process-data watchdog (ESC datasheet section II §6): divider 0x0400, time 0x0420; it guards the
    // outputs when the output SyncManager's control byte has the watchdog bit (6).
    // Where the drive profile asks, program it first: divider 0x09C2 (units of (2498 + 2) x 40 ns = 100 us),
    // time in those units; then read both back, as below.
    std::uint16_t wantTime = 0;
    if (s.watchdogProgram > 0) {
      wantTime = std::uint16_t(std::clamp<long>(std::lround(s.watchdogProgram / 100e-6), 1, 0xFFFF));
      std::vector<Datagram> p{{Command::FPWR, 0, FrameBuilder::address(s.station, reg::WatchdogDivider), {0, 0}},
                              {Command::FPWR, 0, FrameBuilder::address(s.station, reg::WatchdogProcessData), {0, 0}}};
      put16(p[0].data.data(), reg::kWatchdogDividerReset);
      put16(p[1].data.data(), wantTime);
      if (!transact(p, err) || p[0].wkc != 1 || p[1].wkc != 1)
        return slaveName(i) + ": process-data watchdog (registers 0x0400/0x0420) not written" + (err.empty() ? "" : ": " + err);
    }
    std::vector<Datagram> w{{Command::FPRD, 0, FrameBuilder::address(s.station, reg::WatchdogDivider), {0, 0}},
                            {Command::FPRD, 0, FrameBuilder::address(s.station, reg::WatchdogProcessData), {0, 0}}};
    s.watchdog = 0;
    if (transact(w, err) && w[0].wkc == 1 && w[1].wkc == 1) {
      const std::uint16_t div = get16(w[0].data.data()), time = get16(w[1].data.data());
      if (L.outputBytes && (L.outputControl & 0x40)) s.watchdog = reg::watchdogSeconds(div, time);
      if (s.watchdogProgram > 0) {
        char b[300];
        if (div != reg::kWatchdogDividerReset || time != wantTime) {
          std::snprintf(b, sizeof b, ": process-data watchdog not accepted: wrote 0x0400 = 0x%04X, 0x0420 = %u (%.1f ms), reads back 0x%04X, %u",
                        reg::kWatchdogDividerReset, unsigned(wantTime), wantTime * 0.1, unsigned(div), unsigned(time));
          return slaveName(i) + b;
        }
        std::snprintf(b, sizeof b, "process-data watchdog programmed to %.1f ms (0x0400 = 0x%04X, 0x0420 = %u) as its drive profile asks%s",
                      wantTime * 0.1, reg::kWatchdogDividerReset, unsigned(wantTime),
                      (L.outputBytes && (L.outputControl & 0x40)) ? "" : "; inactive: its output SyncManager's watchdog bit (control byte bit 6) is clear");
        auto d = std::make_shared<SlaveDetails>(*s.details);
        d->notes.push_back(b);
        s.details = d;
      }
    } else {
      if (L.outputBytes && (L.outputControl & 0x40)) s.watchdog = reg::watchdogSeconds(reg::kWatchdogDividerReset, reg::kWatchdogTimeReset);
      auto d = std::make_shared<SlaveDetails>(*s.details);  // L refers to the old one: not used below
      d->notes.push_back("watchdog registers 0x0400/0x0420 not readable: its process-data watchdog is taken as the ESC's reset value, 100 ms");
      s.details = d;
    }
  }
  resolveFaultPolicy();
  std::lock_guard lk(m_);
  st_.slaves = slaves_;
  return {};
}

std::string Master::readOutputsEnabled() {
  // Whether each slave's output SyncManager is enabled (activate bit 0) and not deactivated by its PDI
  // (PDI control bit 0): only then does an ESC count the LRW's write (+2).
  std::string err;
  for (int i = 0; i < slaveCount(); ++i) {
    auto& s = slaves_[std::size_t(i)];
    const int sm = s.details ? s.details->pd.outputSm : 2;
    const std::uint16_t a = std::uint16_t(reg::Sm0 + reg::SmSize * sm + reg::SmActivate);
    std::vector<Datagram> d{{Command::FPRD, 0, FrameBuilder::address(s.station, a), {0, 0}}};
    if (!transact(d, err) || d[0].wkc != 1) return slaveName(i) + ": SM" + std::to_string(sm) + " activation (register " + hex4(a) + ") not readable" + (err.empty() ? "" : ": " + err);
    s.outputsEnabled = s.rxBytes && (d[0].data[0] & 1) && !(d[0].data[1] & 1);
  }
  std::lock_guard lk(m_);
  for (std::size_t i = 0; i < slaves_.size() && i < st_.slaves.size(); ++i) st_.slaves[i].outputsEnabled = slaves_[i].outputsEnabled;
  return {};
}


}  // namespace maniplab::ethercat
