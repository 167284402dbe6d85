#pragma once
// Profiles of the virtual CiA 402 drives (what `ecat-sim --drive-profile NAME` and VirtualBusOptions
// select): identity, memory layout of the mailboxes and process data (in the SII), the PDO mapping
// objects offered (0x16xx/0x1Axx) with their default content and the default assignment (0x1C12/0x1C13),
// and which optional objects exist. One registration per profile (virtual_drive_profiles.cpp):
//
//   generic   8/14 bytes: RxPDO 0x1600 controlword, target torque, target position; TxPDO 0x1A00
//             statusword, torque actual, position actual, velocity actual, error code. SM2/SM3 at
//             0x1100/0x1180, mailboxes 0x1000/0x1080 (128 bytes). The layout ManipLab's master used to
//             assume; the default.
//   vendor    11/11 bytes, like the default CSP/CST mapping of common servo drives: RxPDO 0x1600
//             controlword, target position, target torque, torque offset 0x60B2, mode 0x6060; TxPDO 0x1A00
//             statusword, position actual, torque actual, mode display 0x6061, error code. Velocity actual
//             (0x606C) and digital inputs (0x60FD) exist but are only in the alternative TxPDO 0x1A01 (or
//             by remapping). SM2/SM3 at 0x1800/0x1C00, mailboxes 0x1000/0x1400 of 256 bytes. SII DC
//             category: SYNC0 (AssignActivate 0x0300).
//   minimal   8/12 bytes, no gear ratio (0x6091), no interpolation period (0x60C2): the cycle comes from
//             SYNC0 (0x09A0) or from 0x1C32:02. RxPDO 0x1600 controlword, target position, target
//             torque; TxPDO 0x1A00 statusword, position actual, velocity actual, torque actual (error code
//             only by remapping or SDO). SM2/SM3 at 0x1100/0x1140.
#include <cstdint>
#include <string>
#include <vector>

namespace maniplab::ethercat {

struct VirtualPdoEntry {
  std::uint16_t index = 0;  ///< 0: gap
  std::uint8_t subindex = 0;
  std::uint8_t bits = 0;
};
struct VirtualPdo {
  std::uint16_t index = 0;  ///< 0x1600-0x17FF (RxPDO) or 0x1A00-0x1BFF (TxPDO)
  std::string name;
  std::vector<VirtualPdoEntry> entries;  ///< default mapping (may be empty: a free PDO)
};

struct VirtualDriveProfile {
  std::string name, description;
  std::uint32_t vendorId = 0x00ABCDEF, productCode = 0x00000402, revision = 1;
  std::string deviceName;   ///< type name; each slave is named "<deviceName> joint N (name)"
  std::string orderCode, group = "Drives";
  std::uint32_t deviceType = 0x00020192;  ///< 0x1000: CiA 402 (0x0192), servo drive (0x0002 in bits 16-23)
  std::uint16_t mbxOut = 0x1000, mbxOutSize = 128, mbxIn = 0x1080, mbxInSize = 128;
  std::uint16_t outputs = 0x1100, inputs = 0x1180;  ///< SM2, SM3 start addresses
  std::vector<VirtualPdo> rxPdos, txPdos;           ///< every mapping object offered
  std::vector<std::uint16_t> rxAssign, txAssign;    ///< default 0x1C12 / 0x1C13
  bool gearRatio = true;             ///< object 0x6091 exists
  bool interpolationPeriod = true;   ///< object 0x60C2 exists
  bool digitalInputs = true;         ///< object 0x60FD exists
  std::vector<std::int8_t> modes{8, 9, 10};  ///< CSP, CSV, CST (0x6502)
  std::uint16_t dcAssignActivate = 0x0300;   ///< SII DC category (0: none)
};

/// The registered profiles, in registration order ("generic" first).
const std::vector<VirtualDriveProfile>& virtualDriveProfiles();
/// The profile called `name`, or nullptr.
const VirtualDriveProfile* findVirtualDriveProfile(const std::string& name);
/// "generic, vendor, minimal" (for messages and help).
std::string virtualDriveProfileNames();
/// Bytes of the default RxPDO / TxPDO assignment of `p`.
std::uint16_t defaultRxBytes(const VirtualDriveProfile& p);
std::uint16_t defaultTxBytes(const VirtualDriveProfile& p);

}  // namespace maniplab::ethercat
