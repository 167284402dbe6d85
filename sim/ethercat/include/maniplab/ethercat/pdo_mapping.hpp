#pragma once
// Process data of a drive, from whatever describes it (the SII PDO categories, the CoE PDO assignment
// 0x1C12/0x1C13 and mapping objects 0x16xx/0x1Axx, an ESI file, or the mapping the master writes): the
// PDOs assigned to the outputs SyncManager (RxPDOs, master -> drive) and to the inputs SyncManager
// (TxPDOs, drive -> master), the place of every mapped object in the process image, found by object index
// and sub-index at any bit offset, and the field access at that place (ETG.1000.6 §5.6.7.4 PDO mapping and
// assignment; CiA 301 §7.4.8 PDO mapping parameter: bits 31-16 index, 15-8 sub-index, 7-0 bit length;
// index 0 is a gap of that many bits).
//
// The roles are the objects the EtherCAT backend exchanges every cycle (IEC 61800-7-201 §6.2 objects):
// outputs controlword 0x6040, target torque 0x6071, target position 0x607A, target velocity 0x60FF and
// modes of operation 0x6060 (written with the selected mode when a drive maps it), inputs statusword
// 0x6041, torque actual 0x6077, position actual 0x6064, velocity actual 0x606C, error code 0x603F, modes
// of operation display 0x6061 and digital inputs 0x60FD. Entries mapped for no role are written as zeros.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "maniplab/ethercat/sii.hpp"

namespace maniplab::ethercat {

enum class PdoRole : std::uint8_t {
  Controlword, TargetTorque, TargetPosition, TargetVelocity, ModesOfOperation,  // outputs (RxPDO)
  Statusword, TorqueActual, PositionActual, VelocityActual, ErrorCode, ModesDisplay, DigitalInputs,  // inputs
  Count
};
constexpr std::size_t kPdoRoleCount = std::size_t(PdoRole::Count);

struct PdoRoleInfo {
  const char* key;           ///< JSON key of drive profiles: "controlword", "target_torque", ...
  const char* words;         ///< "controlword", "target torque", ...
  std::uint16_t index;       ///< the CiA 402 object
  std::uint8_t subindex;
  std::uint8_t bits;
  bool isSigned;
  bool output;               ///< RxPDO (master -> drive)
};
const PdoRoleInfo& pdoRoleInfo(PdoRole r);
/// The role whose JSON key is `key` (Count when none).
PdoRole pdoRoleByKey(const std::string& key);

/// Where an object sits in the outputs or the inputs of one slave (bit offset from the SyncManager's
/// first byte). bitOffset < 0: not mapped.
struct FieldLocation {
  std::int32_t bitOffset = -1;
  std::uint8_t bits = 0;
  bool present() const { return bitOffset >= 0; }
  bool operator==(const FieldLocation&) const = default;
};

/// The object `index`:`sub` in the PDOs `pdos` (in assignment order), or not present.
FieldLocation locateEntry(const std::vector<sii::Pdo>& pdos, std::uint16_t index, std::uint8_t sub);
/// Total bits of `pdos`.
std::uint32_t pdoBits(const std::vector<sii::Pdo>& pdos);

/// Reads / writes `bits` (1..64) at `bitOffset` of `data`, little endian (the EtherCAT byte and bit order).
std::uint64_t readBits(const std::uint8_t* data, std::uint32_t bitOffset, std::uint8_t bits);
void writeBits(std::uint8_t* data, std::uint32_t bitOffset, std::uint8_t bits, std::uint64_t value);
/// The field's value, sign-extended from its bit length.
std::int64_t readSigned(const std::uint8_t* data, const FieldLocation& f);
std::uint64_t readUnsigned(const std::uint8_t* data, const FieldLocation& f);
/// Writes the low bits of `value` (no-op when the field is not mapped).
void writeField(std::uint8_t* data, const FieldLocation& f, std::int64_t value);

/// A PDO mapping parameter entry (CiA 301: index << 16 | sub << 8 | bit length) and back.
constexpr std::uint32_t mappingWord(std::uint16_t index, std::uint8_t sub, std::uint8_t bits) {
  return (std::uint32_t(index) << 16) | (std::uint32_t(sub) << 8) | bits;
}
sii::PdoEntry entryFromMappingWord(std::uint32_t w);

/// The process data of one slave as the master runs it: the PDOs assigned to each direction, the
/// SyncManagers and their sizes, and where every role is.
struct ProcessLayout {
  std::vector<sii::Pdo> rx, tx;       ///< assigned RxPDOs (outputs) and TxPDOs (inputs), in order
  std::uint16_t outputBytes = 0, inputBytes = 0;
  int outputSm = 2, inputSm = 3;      ///< SyncManager numbers
  std::uint16_t outputStart = 0, inputStart = 0;    ///< SyncManager start addresses (slave memory)
  std::uint8_t outputControl = 0x64, inputControl = 0x20;  ///< SyncManager control bytes (3-buffer)
  std::array<FieldLocation, kPdoRoleCount> field{};
  std::string source;                 ///< where the mapping came from, in words
  const FieldLocation& operator[](PdoRole r) const { return field[std::size_t(r)]; }
  /// Fills outputBytes/inputBytes and the role locations from rx/tx.
  void locateRoles();
  /// "RxPDO 0x1600 (controlword 0x6040:00 16, ...) = 8 bytes; TxPDO 0x1A00 (...) = 14 bytes"
  std::string describe() const;
};

}  // namespace maniplab::ethercat
