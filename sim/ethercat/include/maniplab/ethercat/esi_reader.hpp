#pragma once
// EtherCAT Slave Information (ESI) files: the XML description a drive comes with (ETG.2000 "EtherCAT
// Slave Information Specification", schema EtherCATInfo.xsd), read with tinyxml2. What the master uses:
// identity (vendor ID, product code, revision), the SyncManager layout, the FMMU uses, the PDOs with
// their default SyncManager assignment and entries, the mailbox protocols and CoE details, and the
// distributed-clocks operation modes (AssignActivate, SYNC0/SYNC1 cycle and shift). Numbers are written
// as in ESI files: decimal or "#x" hexadecimal. Names with several languages (LcId) take English (1033)
// when present, else the first.
//
//   <EtherCATInfo><Vendor><Id>#x0000029c</Id><Name>...</Name></Vendor>
//     <Descriptions><Devices><Device>
//       <Type ProductCode="#x.." RevisionNo="#x..">TYPE</Type> <Name>..</Name> <GroupType>..</GroupType>
//       <Profile><ProfileNo>402</ProfileNo> <Dictionary>..</Dictionary></Profile>
//       <Fmmu>Outputs</Fmmu> <Fmmu>Inputs</Fmmu> <Fmmu>MBoxState</Fmmu>
//       <Sm StartAddress="#x1000" DefaultSize="128" ControlByte="#x26" Enable="1">MBoxOut</Sm> ...
//       <RxPdo Sm="2" Fixed="1" Mandatory="1"><Index>#x1600</Index><Name>..</Name>
//         <Entry><Index>#x6040</Index><SubIndex>0</SubIndex><BitLen>16</BitLen><Name>..</Name>
//                <DataType>UINT</DataType></Entry> ...</RxPdo>  (an RxPdo/TxPdo without Sm: not assigned)
//       <Mailbox><CoE SdoInfo="true" PdoAssign="true" PdoConfig="true" CompleteAccess="true" .../></Mailbox>
//       <Dc><OpMode><Name>DC</Name><AssignActivate>#x300</AssignActivate>
//           <CycleTimeSync0 Factor="1">0</CycleTimeSync0><ShiftTimeSync0>0</ShiftTimeSync0>..</OpMode></Dc>
//       <Eeprom><ByteSize>..</ByteSize><ConfigData>..</ConfigData></Eeprom>
//     </Device></Devices></Descriptions></EtherCATInfo>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "maniplab/ethercat/sii.hpp"

namespace maniplab::ethercat::esi {

struct SyncManager {
  std::string kind;  ///< MBoxOut, MBoxIn, Outputs, Inputs (the element's text)
  std::uint16_t start = 0, defaultSize = 0, minSize = 0, maxSize = 0;
  std::uint8_t control = 0;
  bool enable = false;
};

struct PdoEntry {
  std::uint16_t index = 0;  ///< 0: padding
  std::uint8_t subindex = 0, bits = 0;
  std::string name, dataType;
};

struct Pdo {
  std::uint16_t index = 0;
  std::string name;
  int sm = -1;  ///< default SyncManager (-1: not assigned by default)
  bool fixed = false, mandatory = false;
  std::vector<std::uint16_t> exclude;
  std::vector<PdoEntry> entries;
  std::uint32_t bits() const;
};

struct DcMode {
  std::string name, description;
  std::uint16_t assignActivate = 0;
  std::int64_t cycleTimeSync0 = 0, shiftTimeSync0 = 0, cycleTimeSync1 = 0, shiftTimeSync1 = 0;
  int cycleTimeSync0Factor = 0, cycleTimeSync1Factor = 0;  ///< 0: absent
};

struct Device {
  std::string type, name, group;
  std::uint32_t productCode = 0, revision = 0;
  int profileNo = 0;            ///< 402 for CiA 402 drives (0: not given)
  std::vector<SyncManager> syncManagers;
  std::vector<std::string> fmmus;
  std::vector<Pdo> rxPdos, txPdos;
  std::vector<DcMode> dcModes;
  bool coe = false, foe = false, eoe = false, soe = false;
  bool sdoInfo = false, completeAccess = false, pdoAssign = false, pdoConfig = false, segmentedSdo = false;
  std::uint32_t eepromBytes = 0;
  std::size_t objects = 0;      ///< objects in the dictionary
  /// The SyncManager of `kind` ("Outputs", ...), -1 when none.
  int syncManagerOf(const std::string& kind) const;
  /// The default assignment as SII PDOs (those with a SyncManager; the others keep kNotAssigned).
  std::vector<sii::Pdo> siiPdos(bool rx) const;
  /// The DC mode that runs SYNC0 (AssignActivate with bit 9), else nullptr.
  const DcMode* sync0Mode() const;
};

struct File {
  std::string source;
  std::uint32_t vendorId = 0;
  std::string vendorName;
  std::vector<Device> devices;
  /// The device with this product code (and revision when given), else nullptr.
  const Device* find(std::uint32_t productCode, std::optional<std::uint32_t> revision = {}) const;
};

/// Parses an ESI document; throws ReaderError (a std::runtime_error, sim/reader_error.hpp) naming
/// `source`, the XPath of the element or attribute and the fault once, in words ("drive.xml:/EtherCATInfo/
/// Descriptions/Devices/Device[2]/RxPdo[1]/Entry[2]/BitLen: error: 'x' is not a whole number (decimal, or #x
/// hexadecimal)"), a syntax error at its line. Values a real slave cannot have are refused with the accepted
/// range (ETG.1000.4, ETG.2000; README "ESI files"): more than 16 SyncManagers or FMMUs, a SyncManager
/// outside the process RAM 0x1000-0xFFFF, a PDO on a SyncManager the device lacks, an element read once
/// given twice, SYNC times beyond 1 s, an EEPROM outside 128 B to 8 MiB.
File parse(const std::string& xml, const std::string& source);
File load(const std::string& path);  ///< reads the file and parses it (a missing file or a directory: ReaderError)

/// ESI numbers: decimal, "#x" hex (also "0x"); false when not a number.
bool parseNumber(const std::string& text, std::int64_t& out);

}  // namespace maniplab::ethercat::esi
