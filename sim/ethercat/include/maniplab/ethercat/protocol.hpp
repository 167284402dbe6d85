#pragma once
// Protocol constants and small codecs shared by the master and the virtual slaves:
//  - ESC registers (ETG.1000.4 §6, Beckhoff ESC datasheet section II), AL states and AL status codes
//    (ETG.1000.6 Table 11 / ETG.1020), SII EEPROM word addresses and categories (ETG.2010);
//  - the mailbox header and CoE SDO expedited services (ETG.1000.6 §5.6.2), SDO abort codes (CiA 301);
//    the complete CoE codec (segmented, complete access, SDO information, emergency) is coe.hpp, the SII
//    image codec sii.hpp;
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
/// Watchdogs (ESC datasheet section II §6): divider 0x0400 (watchdog time unit = (divider + 2) x 40 ns,
/// reset 0x09C2: 100 us), PDI watchdog time 0x0410, process-data (SyncManager) watchdog time 0x0420 in
/// those units (reset 1000: 100 ms; 0 disables it), process-data watchdog status 0x0440 (bit 0: 1 = not
/// expired), its expiry counter 0x0442. A SyncManager takes part when bit 6 of its control byte is set.
constexpr std::uint16_t WatchdogDivider = 0x0400, WatchdogPdi = 0x0410, WatchdogProcessData = 0x0420,
                        WatchdogStatus = 0x0440, WatchdogCounter = 0x0442;
constexpr std::uint16_t kWatchdogDividerReset = 0x09C2, kWatchdogTimeReset = 1000;
/// The process-data watchdog time [s] of a divider and a time register value (0: disabled).
constexpr double watchdogSeconds(std::uint16_t divider, std::uint16_t time) {
  return (double(divider) + 2.0) * 40e-9 * double(time);
}
/// SyncManager register offsets (ESC datasheet section II §8): start, length, control, status (read
/// only), activate (bit 0 enable, bit 1 repeat request), PDI control (bit 0 deactivate, bit 1 repeat
/// acknowledge; written by the slave's application only).
constexpr std::uint16_t SmStart = 0, SmLength = 2, SmControl = 4, SmStatus = 5, SmActivate = 6, SmPdiControl = 7;
constexpr std::uint8_t SmStatusMailboxFull = 0x08, SmActivateEnable = 0x01, SmRepeatRequest = 0x02,
                       SmRepeatAck = 0x02;
/// EEPROM control/status 0x0502 (ESC datasheet section II §11): bit 0 write enable, bit 5 EEPROM
/// emulation, bit 6 read size (0: 4 bytes, 1: 8 bytes at 0x0508), bit 7 address algorithm, bits 8-10
/// command (read 1, write 2, reload 4), 11 checksum error, 12 device info error, 13 command error, 14
/// write error, 15 busy.
constexpr std::uint16_t SiiWriteEnable = 0x0001, SiiRead8Bytes = 0x0040, SiiReadCommand = 0x0100,
                        SiiWriteCommand = 0x0200, SiiReloadCommand = 0x0400, SiiChecksumError = 0x0800,
                        SiiCommandError = 0x2000, SiiBusy = 0x8000;
/// ESC features supported 0x0008: bit 2 distributed clocks, bit 3 DC 64 bit.
constexpr std::uint16_t FeatureDc = 0x0004, FeatureDc64 = 0x0008;
/// DL status 0x0110 (ESC datasheet section II §3): bit 0 PDI operational, bits 4-7 physical link on
/// port 0-3, then per port p: bit 8 + 2p loop closed, bit 9 + 2p communication established.
constexpr std::uint16_t DlPdiOperational = 0x0001;
constexpr std::uint16_t dlLink(int port) { return std::uint16_t(0x0010 << port); }
constexpr std::uint16_t dlLoopClosed(int port) { return std::uint16_t(0x0100 << (2 * port)); }
constexpr std::uint16_t dlCommunication(int port) { return std::uint16_t(0x0200 << (2 * port)); }
/// Distributed clocks (ESC datasheet section I §9, section II §9): receive times of ports 0-3 (local time,
/// latched by a write to 0x0900), system time (read: local time + offset; write: compared with the local
/// copy, the difference feeds the drift control loop), receive time of the processing unit (64 bit),
/// system time offset, system time delay, system time difference (bit 31: local copy smaller than the
/// received time, bits 0-30 the magnitude), speed counter start/difference, filter depths, cyclic unit
/// control and activation (bit 0 cyclic operation, bit 1 SYNC0, bit 2 SYNC1), SYNC0 pulse length,
/// activation status, SYNC0/1 status, start time of cyclic operation (read: next SYNC0 pulse), SYNC0 and
/// SYNC1 cycle times.
constexpr std::uint16_t DcRecvTimePort0 = 0x0900, DcRecvTimePort1 = 0x0904, DcRecvTimePort2 = 0x0908,
                        DcRecvTimePort3 = 0x090C, DcRecvTimeEpu = 0x0918, DcSystemTimeOffset = 0x0920,
                        DcSystemTimeDelay = 0x0928, DcSystemTimeDiff = 0x092C, DcSpeedCounterStart = 0x0930,
                        DcSpeedCounterDiff = 0x0932, DcTimeDiffFilterDepth = 0x0934, DcSpeedFilterDepth = 0x0935,
                        DcCyclicUnitControl = 0x0980, DcActivation = 0x0981, DcPulseLength = 0x0982,
                        DcActivationStatus = 0x0984, DcSync0Status = 0x098E, DcSync1Status = 0x098F,
                        DcStartTime = 0x0990, DcNextSync1 = 0x0998, DcSync0Cycle = 0x09A0, DcSync1Cycle = 0x09A4;
constexpr std::uint8_t DcActivateCyclic = 0x01, DcActivateSync0 = 0x02, DcActivateSync1 = 0x04;
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
/// Mailbox types (ETG.1000.4 Table 29): 0x00 is the mailbox error reply (0x01 is AoE).
constexpr std::uint8_t TypeError = 0x00, TypeCoE = 0x03;
constexpr std::uint16_t CoeSdoRequest = 2, CoeSdoResponse = 3;
/// One expedited SDO message (request or response) in a mailbox of `mbxSize` bytes. (The first codec,
/// kept for the master's expedited path; coe.hpp has every service.)
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
                        General = 0x08000000, ToggleBit = 0x05030000, Timeout = 0x05040000,
                        OutOfMemory = 0x05040005, SubindexNotZero = 0x06010003, CompleteAccessUnsupported = 0x06010004,
                        NotMappable = 0x06040041, PdoLengthExceeded = 0x06040042, GeneralIncompatibility = 0x06040043,
                        LengthTooHigh = 0x06070012, LengthTooLow = 0x06070013, ValueTooHigh = 0x06090031,
                        ValueTooLow = 0x06090032, Transfer = 0x08000020, LocalControl = 0x08000021,
                        NoDictionary = 0x08000023;
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
std::uint16_t statuswordFor(State s);  ///< bits 0-6 as IEC 61800-7-201 Table 30, voltage enabled (bit 4) from Ready to switch on, + bit 9 remote
const char* stateName(State s);
std::string errorCodeText(std::uint16_t code);  ///< 0x603F error code (CiA 402 / DS 301 groups)
}  // namespace cia402

}  // namespace maniplab::ethercat
