// Virtual drive profiles (see virtual_drive_profiles.hpp): one registration per profile. The default
// PDO contents follow CiA 402 (IEC 61800-7-201 §6 objects; ETG.6010 recommended PDO layouts for CSP/CST).
#include "maniplab/ethercat/virtual_drive_profiles.hpp"

namespace maniplab::ethercat {

namespace {
std::vector<VirtualDriveProfile>& registry() {
  static std::vector<VirtualDriveProfile> r;
  return r;
}
struct Registration {
  explicit Registration(VirtualDriveProfile (*make)()) { registry().push_back(make()); }
};

std::uint16_t bytesOf(const std::vector<VirtualPdo>& pdos, const std::vector<std::uint16_t>& assign) {
  unsigned bits = 0;
  for (auto a : assign)
    for (const auto& p : pdos)
      if (p.index == a)
        for (const auto& e : p.entries) bits += e.bits;
  return std::uint16_t((bits + 7) / 8);
}

VirtualDriveProfile generic() {
  VirtualDriveProfile p;
  p.name = "generic";
  p.description = "CiA 402 servo drive, RxPDO 8 bytes (controlword, target torque, target position), TxPDO 14 bytes "
                  "(statusword, torque, position, velocity, error code); SM2/SM3 at 0x1100/0x1180";
  p.productCode = 0x00000402;
  p.deviceName = "ManipLab VD-402";
  p.orderCode = "ML-VD-402";
  p.rxPdos = {{0x1600, "RxPDO CST/CSP", {{0x6040, 0, 16}, {0x6071, 0, 16}, {0x607A, 0, 32}}},
              {0x1601, "RxPDO (free)", {}},
              {0x1602, "RxPDO (free)", {}}};
  p.txPdos = {{0x1A00, "TxPDO CST/CSP", {{0x6041, 0, 16}, {0x6077, 0, 16}, {0x6064, 0, 32}, {0x606C, 0, 32}, {0x603F, 0, 16}}},
              {0x1A01, "TxPDO (free)", {}},
              {0x1A02, "TxPDO (free)", {}}};
  p.rxAssign = {0x1600};
  p.txAssign = {0x1A00};
  return p;
}

VirtualDriveProfile vendor() {
  VirtualDriveProfile p;
  p.name = "vendor";
  p.description = "servo drive with the 11/11-byte default mapping of common drives: RxPDO controlword, target position, "
                  "target torque, torque offset, mode; TxPDO statusword, position, torque, mode display, error code "
                  "(velocity and digital inputs only in 0x1A01); SM2/SM3 at 0x1800/0x1C00, 256-byte mailboxes";
  p.productCode = 0x00010403;
  p.revision = 0x00020001;
  p.deviceName = "ManipLab VS-11";
  p.orderCode = "ML-VS-11";
  p.mbxOut = 0x1000;
  p.mbxOutSize = 256;
  p.mbxIn = 0x1400;
  p.mbxInSize = 256;
  p.outputs = 0x1800;
  p.inputs = 0x1C00;
  p.rxPdos = {{0x1600, "RxPDO CSP/CST", {{0x6040, 0, 16}, {0x607A, 0, 32}, {0x6071, 0, 16}, {0x60B2, 0, 16}, {0x6060, 0, 8}}},
              {0x1601, "RxPDO CSV", {{0x6040, 0, 16}, {0x60FF, 0, 32}, {0x6060, 0, 8}, {0x0000, 0, 8}}},
              {0x1602, "RxPDO (free)", {}}};
  p.txPdos = {{0x1A00, "TxPDO CSP/CST", {{0x6041, 0, 16}, {0x6064, 0, 32}, {0x6077, 0, 16}, {0x6061, 0, 8}, {0x603F, 0, 16}}},
              {0x1A01, "TxPDO with velocity and inputs",
               {{0x6041, 0, 16}, {0x6064, 0, 32}, {0x606C, 0, 32}, {0x6077, 0, 16}, {0x603F, 0, 16}, {0x60FD, 0, 32}}},
              {0x1A02, "TxPDO (free)", {}}};
  p.rxAssign = {0x1600};
  p.txAssign = {0x1A00};
  return p;
}

VirtualDriveProfile minimal() {
  VirtualDriveProfile p;
  p.name = "minimal";
  p.description = "servo drive without gear ratio (0x6091) and interpolation period (0x60C2): cycle from SYNC0 or 0x1C32:02; "
                  "RxPDO 8 bytes, TxPDO 12 bytes without the error code; SM2/SM3 at 0x1100/0x1140";
  p.productCode = 0x00000404;
  p.deviceName = "ManipLab VM-8";
  p.orderCode = "ML-VM-8";
  p.inputs = 0x1140;
  p.rxPdos = {{0x1600, "RxPDO", {{0x6040, 0, 16}, {0x607A, 0, 32}, {0x6071, 0, 16}}}, {0x1601, "RxPDO (free)", {}}};
  p.txPdos = {{0x1A00, "TxPDO", {{0x6041, 0, 16}, {0x6064, 0, 32}, {0x606C, 0, 32}, {0x6077, 0, 16}}},
              {0x1A01, "TxPDO (free)", {}}};
  p.rxAssign = {0x1600};
  p.txAssign = {0x1A00};
  p.gearRatio = false;
  p.interpolationPeriod = false;
  p.digitalInputs = false;
  p.modes = {8, 10};
  return p;
}

const Registration kGeneric{&generic};
const Registration kVendor{&vendor};
const Registration kMinimal{&minimal};
}  // namespace

const std::vector<VirtualDriveProfile>& virtualDriveProfiles() { return registry(); }

const VirtualDriveProfile* findVirtualDriveProfile(const std::string& name) {
  for (const auto& p : registry())
    if (p.name == name) return &p;
  return nullptr;
}

std::string virtualDriveProfileNames() {
  std::string s;
  for (const auto& p : registry()) s += (s.empty() ? "" : ", ") + p.name;
  return s;
}

std::uint16_t defaultRxBytes(const VirtualDriveProfile& p) { return bytesOf(p.rxPdos, p.rxAssign); }
std::uint16_t defaultTxBytes(const VirtualDriveProfile& p) { return bytesOf(p.txPdos, p.txAssign); }

}  // namespace maniplab::ethercat
