#pragma once
// Protocol constants and small codecs shared by the master and the virtual slaves:
//  - ESC registers (ETG.1000.4 §6, Beckhoff ESC datasheet section II), AL states and AL status codes
//    (ETG.1000.6 Table 11 / ETG.1020), SII EEPROM word addresses and categories (ETG.2010);
//  - the mailbox header and CoE SDO expedited services (ETG.1000.6 §5.6.2), SDO abort codes (CiA 301);
//  - CiA 402 (IEC 61800-7-201) objects, controlword commands and statusword states.
#include <cstdint>
#include <string>

namespace maniplab::ethercat {

// --- ESC registers -----------------------------------------------------------------------------------
namespace reg {
constexpr std::uint16_t Type = 0x0000, Revision = 0x0001, Build = 0x0002, FmmusSupported = 0x0004,
                        SmsSupported = 0x0005, RamSize = 0x0006, PortDescriptor = 0x0007, Features = 0x0008,
                        StationAddress = 0x0010, StationAlias = 0x0012, DlControl = 0x0100, DlStatus = 0x0110,
                        AlControl = 0x0120, AlStatus = 0x0130, AlStatusCode = 0x0134, PdiControl = 0x0140,
                        SiiConfig = 0x0500, SiiControl = 0x0502, SiiAddress = 0x0504, SiiData = 0x0508,
                        Fmmu0 = 0x0600, Sm0 = 0x0800, DcSystemTime = 0x0910;
constexpr std::uint16_t FmmuSize = 16, SmSize = 8;
constexpr std::uint16_t SiiReadCommand = 0x0100, SiiBusy = 0x8000;
}  // namespace reg

enum class AlState : std::uint8_t { None = 0, Init = 1, PreOp = 2, Boot = 3, SafeOp = 4, Op = 8 };
constexpr std::uint16_t kAlErrorFlag = 0x10;  ///< AL status: error indicator; AL control: acknowledge
std::string alStateName(std::uint16_t alStatus);  ///< "PREOP", "SAFEOP+ERROR", ...
std::string alStatusCodeText(std::uint16_t code); ///< "0x001B sync manager watchdog", ...
namespace alcode {
constexpr std::uint16_t NoError = 0x0000, Unspecified = 0x0001, InvalidStateChange = 0x0011,
                        UnknownState = 0x0012, BootstrapNotSupported = 0x0013, InvalidMailboxConfig = 0x0016,
                        InvalidSyncManagerConfig = 0x0017, SmWatchdog = 0x001B, InvalidSmTypes = 0x001C,
                        InvalidOutputConfig = 0x001D, InvalidInputConfig = 0x001E;
}

// --- SII EEPROM (word addresses) ----------------------------------------------------------------------
namespace sii {
constexpr std::uint16_t VendorId = 0x0008, ProductCode = 0x000A, RevisionNo = 0x000C, SerialNo = 0x000E,
                        BootRxMbxOffset = 0x0014, StdRxMbxOffset = 0x0018, StdRxMbxSize = 0x0019,
                        StdTxMbxOffset = 0x001A, StdTxMbxSize = 0x001B, MailboxProtocol = 0x001C,
                        EepromSize = 0x003E, Version = 0x003F, FirstCategory = 0x0040;
constexpr std::uint16_t CatStrings = 10, CatGeneral = 30, CatFmmu = 40, CatSyncManager = 41, CatTxPdo = 50,
                        CatRxPdo = 51, CatEnd = 0xFFFF;
constexpr std::uint16_t ProtoCoE = 0x0004;
/// CRC-8 of the configuration area (words 0-6) stored in the low byte of word 7 (polynomial x^8+x^2+x+1,
/// initial value 0xFF, ETG.2010 §2.2).
std::uint8_t crc8(const std::uint8_t* data, std::size_t n);
}  // namespace sii

// --- Mailbox and CoE ----------------------------------------------------------------------------------
namespace mbx {
constexpr std::size_t HeaderSize = 6, CoeHeaderSize = 2, SdoSize = 8;
constexpr std::uint8_t TypeError = 0x01, TypeCoE = 0x03;
constexpr std::uint16_t CoeSdoRequest = 2, CoeSdoResponse = 3;
/// One expedited SDO message (request or response) in a mailbox of `mbxSize` bytes.
struct Sdo {
  std::uint16_t service = CoeSdoRequest;
  std::uint8_t command = 0;  ///< SDO command byte (ccs/scs, n, e, s)
  std::uint16_t index = 0;
  std::uint8_t subindex = 0;
  std::uint32_t data = 0;    ///< value (little endian) or abort code
  std::uint8_t counter = 0;  ///< mailbox counter 1..7
};
/// Writes a CoE SDO mailbox message (header length 10) into `buf` (zero-filled to `size`).
void encodeSdo(const Sdo& s, std::uint8_t* buf, std::size_t size);
/// Decodes; false (with a reason) when the mailbox does not hold a CoE SDO message.
bool decodeSdo(const std::uint8_t* buf, std::size_t size, Sdo& out, std::string* why = nullptr);
constexpr std::uint8_t DownloadExpedited(int bytes) { return std::uint8_t(0x20 | ((4 - bytes) << 2) | 0x03); }
constexpr std::uint8_t UploadRequest = 0x40, DownloadResponse = 0x60, Abort = 0x80;
constexpr std::uint8_t UploadExpedited(int bytes) { return std::uint8_t(0x40 | ((4 - bytes) << 2) | 0x03); }
}  // namespace mbx

namespace abort {
constexpr std::uint32_t CommandSpecifier = 0x05040001, UnsupportedAccess = 0x06010000, WriteOnly = 0x06010001,
                        ReadOnly = 0x06010002, NoObject = 0x06020000, LengthMismatch = 0x06070010,
                        NoSubindex = 0x06090011, ValueRange = 0x06090030, DeviceState = 0x08000022,
                        General = 0x08000000;
}
std::string sdoAbortText(std::uint32_t code);  ///< "0x06020000 object does not exist in the dictionary"

// --- CiA 402 ----------------------------------------------------------------------------------------
namespace cia402 {
constexpr std::uint16_t DeviceType = 0x1000, Identity = 0x1018, ErrorCode = 0x603F, Controlword = 0x6040,
                        Statusword = 0x6041, QuickStopOption = 0x605A, ModesOfOperation = 0x6060,
                        ModesDisplay = 0x6061, PositionActual = 0x6064, VelocityActual = 0x606C,
                        TargetTorque = 0x6071, MaxTorque = 0x6072, MotorRatedTorque = 0x6076,
                        TorqueActual = 0x6077, TargetPosition = 0x607A, EncoderResolution = 0x608F,
                        GearRatio = 0x6091, InterpolationPeriod = 0x60C2,
                        // manufacturer-specific objects of the ManipLab virtual drive
                        CspStiffness = 0x2001, CspDamping = 0x2002, SimSetPosition = 0x2100;
}  // namespace cia402
/// The fixed CiA 402 process-data mapping of the master and the virtual drives (virtual_drives.hpp):
/// RxPDO controlword, target torque, target position (8 bytes); TxPDO statusword, torque actual,
/// position actual, velocity actual, error code (14 bytes).
constexpr std::uint16_t kRxPdoBytes = 8, kTxPdoBytes = 14;
namespace cia402 {
constexpr std::int8_t ModeCSP = 8, ModeCSV = 9, ModeCST = 10;
constexpr std::uint16_t CwShutdown = 0x0006, CwSwitchOn = 0x0007, CwEnableOperation = 0x000F,
                        CwDisableVoltage = 0x0000, CwQuickStop = 0x0002, CwFaultReset = 0x0080;
enum class State { NotReadyToSwitchOn, SwitchOnDisabled, ReadyToSwitchOn, SwitchedOn, OperationEnabled,
                   QuickStopActive, FaultReactionActive, Fault, Unknown };
State decodeStatusword(std::uint16_t sw);
std::uint16_t statuswordFor(State s);  ///< bits 0-6 as IEC 61800-7-201 Table 30 (+ bit 9 remote)
const char* stateName(State s);
std::string errorCodeText(std::uint16_t code);  ///< 0x603F error code (CiA 402 / DS 301 groups)
}  // namespace cia402

}  // namespace maniplab::ethercat
