#pragma once
// SII EEPROM image codec: build (a slave's EEPROM) and parse (what a master reads) (ETG.2010 "EtherCAT
// Slave Information Interface"; ETG.1000.6 §5.4). Word addresses are 16-bit words, little endian.
//
// Header (words 0x00-0x3F): 0x00 PDI control, 0x01 PDI configuration, 0x02 SYNC impulse length,
// 0x03 PDI configuration 2, 0x04 configured station alias, 0x07 checksum (low byte: CRC-8 of words
// 0-6, x^8+x^2+x+1, initial 0xFF), 0x08 vendor ID (u32), 0x0A product code, 0x0C revision, 0x0E serial
// number, 0x14/0x15 bootstrap receive mailbox offset/size, 0x16/0x17 bootstrap send mailbox,
// 0x18/0x19 standard receive mailbox (master -> slave, SM0) offset/size, 0x1A/0x1B standard send
// mailbox (SM1), 0x1C mailbox protocols (bit 0 AoE, 1 EoE, 2 CoE, 3 FoE, 4 SoE, 5 VoE), 0x3E EEPROM
// size ((value + 1) KiBit), 0x3F version.
// Categories from word 0x40: Type u16, Size u16 (words), data; the last is type 0xFFFF:
//   10 strings    count u8, then (length u8, characters) per string; string index 1 is the first
//   30 general    GroupIdx, ImgIdx, OrderIdx, NameIdx, reserved, CoE details (bit 0 SDO, 1 SDO info,
//                 2 PDO assign, 3 PDO configuration, 4 upload at start-up, 5 SDO complete access), FoE
//                 details, EoE details, SoE channels, DS402 channels, SysmanClass, Flags, CurrentOnEBus
//                 i16, GroupIdx (again), reserved, Physical port u16, Physical memory address u16,
//                 12 reserved bytes: 32 bytes
//   40 FMMU       one byte per FMMU: 0 unused, 1 outputs, 2 inputs, 3 SyncManager status
//   41 SyncM      8 bytes per SyncManager: start u16, length u16, control u8, status u8, enable u8,
//                 type u8 (0 unused, 1 mailbox out, 2 mailbox in, 3 outputs, 4 inputs)
//   50 TxPDO / 51 RxPDO  per PDO an 8-byte header: index u16, entries u8, SyncManager u8 (0xFF: not
//                 assigned by default), DC synchronisation u8, NameIdx u8, flags u16; then 8 bytes per
//                 entry: index u16, subindex u8, NameIdx u8, data type u8, bit length u8, flags u16.
//                 A slave may have several PDO categories of each kind (the PDOs add up).
//   60 DC         24 bytes per operation mode (ETG.2010 Table 12): CycleTime0 u32, ShiftTime0 u32,
//                 ShiftTime1 u32, Sync1CycleFactor i16, AssignActivate u16, Sync0CycleFactor i16,
//                 NameIdx u8, DescIdx u8, 4 reserved bytes.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace maniplab::ethercat::sii {

/// CRC-8 of the configuration area (words 0-6) stored in the low byte of word 7 (polynomial
/// x^8+x^2+x+1, initial value 0xFF, ETG.2010 §2.2). (Also declared in protocol.hpp.)
std::uint8_t crc8(const std::uint8_t* data, std::size_t n);

enum SmType : std::uint8_t { SmUnused = 0, SmMailboxOut = 1, SmMailboxIn = 2, SmOutputs = 3, SmInputs = 4 };
enum FmmuUse : std::uint8_t { FmmuUnused = 0, FmmuOutputs = 1, FmmuInputs = 2, FmmuSmStatus = 3 };
constexpr std::uint8_t kNotAssigned = 0xFF;  ///< PDO SyncManager field: not assigned by default

struct SyncManager {
  std::uint16_t start = 0, length = 0;
  std::uint8_t control = 0, status = 0, enable = 0, type = SmUnused;
  bool operator==(const SyncManager&) const = default;
};
struct PdoEntry {
  std::uint16_t index = 0;  ///< 0: a gap of bitLength bits
  std::uint8_t subindex = 0, nameIdx = 0, dataType = 0, bitLength = 0;
  std::uint16_t flags = 0;
  bool operator==(const PdoEntry&) const = default;
};
struct Pdo {
  std::uint16_t index = 0;
  std::uint8_t syncManager = kNotAssigned, dcSync = 0, nameIdx = 0;
  std::uint16_t flags = 0;
  std::vector<PdoEntry> entries;
  std::uint32_t bits() const;
  bool operator==(const Pdo&) const = default;
};
struct DcMode {
  std::uint32_t cycleTime0 = 0, shiftTime0 = 0, shiftTime1 = 0;
  std::int16_t sync1CycleFactor = 0;
  std::uint16_t assignActivate = 0;  ///< value for registers 0x0980/0x0981 (e.g. 0x0300: SYNC0)
  std::int16_t sync0CycleFactor = 0;
  std::uint8_t nameIdx = 0, descIdx = 0;
  bool operator==(const DcMode&) const = default;
};
struct General {
  std::uint8_t groupIdx = 0, imageIdx = 0, orderIdx = 0, nameIdx = 0;
  std::uint8_t coeDetails = 0, foeDetails = 0, eoeDetails = 0, soeChannels = 0, ds402Channels = 0,
               sysmanClass = 0, flags = 0;
  std::int16_t currentOnEbus = 0;
  std::uint16_t physicalPort = 0, physicalMemoryAddress = 0;
  bool operator==(const General&) const = default;
};
/// CoE details bits of the general category.
namespace coedetails {
constexpr std::uint8_t Sdo = 0x01, SdoInfo = 0x02, PdoAssign = 0x04, PdoConfig = 0x08, UploadAtStartup = 0x10,
                       CompleteAccess = 0x20;
}
/// Mailbox protocol bits (word 0x1C).
namespace proto {
constexpr std::uint16_t AoE = 0x0001, EoE = 0x0002, CoE = 0x0004, FoE = 0x0008, SoE = 0x0010, VoE = 0x0020;
}
namespace cat {
constexpr std::uint16_t Strings = 10, DataTypes = 20, General = 30, Fmmu = 40, SyncManager = 41, TxPdo = 50,
                        RxPdo = 51, Dc = 60, End = 0xFFFF;
}

/// The content of an SII EEPROM.
struct Image {
  std::uint16_t pdiControl = 0, pdiConfig = 0, syncImpulseLength = 0, pdiConfig2 = 0, stationAlias = 0;
  std::uint32_t vendorId = 0, productCode = 0, revision = 0, serial = 0;
  std::uint16_t bootRxMbxOffset = 0, bootRxMbxSize = 0, bootTxMbxOffset = 0, bootTxMbxSize = 0;
  std::uint16_t stdRxMbxOffset = 0, stdRxMbxSize = 0, stdTxMbxOffset = 0, stdTxMbxSize = 0;
  std::uint16_t mailboxProtocols = 0;
  std::uint16_t eepromSize = 0x000F;  ///< word 0x3E: (value + 1) KiBit
  std::uint16_t version = 1;
  bool checksumOk = true;             ///< decode: the CRC in word 7 matches words 0-6

  std::vector<std::string> strings;   ///< strings[0] is string index 1
  std::optional<General> general;
  std::vector<std::uint8_t> fmmus;
  std::vector<SyncManager> syncManagers;
  std::vector<Pdo> txPdos, rxPdos;
  std::vector<DcMode> dcModes;
  std::vector<std::uint16_t> otherCategories;  ///< decode: types of categories kept out (not parsed)

  /// String `idx` (1-based; "" for 0 or beyond the list).
  std::string string(std::uint8_t idx) const;
  /// Adds a string and returns its index (1-based); an empty string is index 0.
  std::uint8_t addString(const std::string& s);
  /// The device name (general NameIdx, else string 1).
  std::string name() const;
  /// The index of the first SyncManager of `type` (-1: none).
  int syncManagerOf(SmType type) const;
  /// Bits of the PDOs assigned by default to SyncManager `sm` (TxPDOs and RxPDOs).
  std::uint32_t assignedBits(std::uint8_t sm) const;
};

/// Builds the EEPROM words: header with its checksum, then the categories strings, general, FMMU,
/// SyncM, TxPDO, RxPDO, DC (those present) and the end marker.
std::vector<std::uint16_t> encode(const Image& img);
/// Parses an EEPROM image (at least the 64 header words). Categories are walked to the end marker;
/// PDO categories accumulate. False, with the reason naming the category, when a category overruns
/// the words given or is malformed; the header fields are filled in any case.
bool decode(const std::uint16_t* words, std::size_t n, Image& out, std::string* why = nullptr);
inline bool decode(const std::vector<std::uint16_t>& w, Image& out, std::string* why = nullptr) {
  return decode(w.data(), w.size(), out, why);
}
/// For a master reading the EEPROM piece by piece: 0 when `words` (read from word 0) already hold the
/// whole image up to the end marker, else the number of words needed so far (read at least up to it
/// and ask again).
std::size_t wordsNeeded(const std::uint16_t* words, std::size_t n);

}  // namespace maniplab::ethercat::sii
