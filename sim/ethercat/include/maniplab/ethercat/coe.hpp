#pragma once
// CoE mailbox codec, both directions (the master builds requests and parses responses, a slave the
// reverse). Sources: ETG.1000.4 §5.6 (mailbox header, mailbox error reply), ETG.1000.6 §5.6 (CoE header,
// SDO services incl. complete access, SDO information, emergency), CiA 301 §7.2.4.3 (SDO command
// specifiers), ETG.1020 §12.2 (complete access: subindex 0 padded to 16 bits).
//
// Every multi-byte field is little endian. A mailbox message is
//
//   mailbox header (6)  Length u16 (bytes after the header) | Address u16 | Channel bits 0-5, Priority
//                       bits 6-7 (1) | Type bits 0-3, Cnt bits 4-6, reserved bit 7 (1)
//   CoE header (2)      Number bits 0-8 | reserved bits 9-11 | Service bits 12-15
//   service data        (below)
//
// Mailbox types: 0 error reply (ERR), 1 AoE, 2 EoE, 3 CoE, 4 FoE, 5 SoE, 15 VoE. A mailbox error reply
// (type 0) carries Type u16 = 0x0001 and Detail u16 (mbx::error). The counter Cnt runs 1..7 (0 only at
// start-up) and is advanced by the sender of each new message; a receiver that sees the same non-zero
// counter again treats the message as a repetition (ETG.1000.4 §5.6: "Cnt ... used to detect duplicate
// mailbox services").
//
// CoE services: 1 emergency, 2 SDO request, 3 SDO response, 4 TxPDO, 5 RxPDO, 6/7 remote requests,
// 8 SDO information. SDO request = from the client (master), SDO response = from the server (slave);
// an abort (command 0x80) is sent as service 2 "SDO request" in either direction (ETG.1000.6
// "Abort SDO Transfer Request").
//
// SDO command byte (bits 7-5 the command specifier; SOEM and IgH match on these 3 bits only):
//   initiate download request    0x20 | n<<2 (bits 3-2, expedited: 4-n data bytes) | e (bit 1) | s (bit 0)
//                                | complete access (bit 4); then Index u16, Subindex u8, 4 bytes: the
//                                value (expedited) or the complete size u32 followed by the first data
//                                bytes (normal, "size indicated").
//   initiate download response   0x60; Index, Subindex, 4 reserved bytes.
//   download segment request     0x00 | toggle (bit 4) | n<<1 (bits 3-1: unused bytes of a 7-byte
//                                segment) | c (bit 0: last segment); the segment data follow the command
//                                byte directly (at least 7 bytes, padded).
//   download segment response    0x20 | toggle (bit 4); 7 reserved bytes.
//   initiate upload request      0x40 | complete access (bit 4); Index, Subindex, 4 reserved bytes.
//   initiate upload response     0x40 | n<<2 | e | s, as the download request (normal: size + data).
//   upload segment request       0x60 | toggle (bit 4); 7 reserved bytes.
//   upload segment response      0x00 | toggle | n<<1 | c, segment data as the download segment.
//   abort                        0x80; Index, Subindex, abort code u32 (CiA 301 Table 22).
// Complete access (bit 4): the whole object from subindex 0 (sub 0 transferred as 16 bits: the u8 and
// one padding byte) or from subindex 1, entries packed bit by bit in subindex order.
//
// SDO information (service 8): Opcode bits 0-6 | Incomplete bit 7 (1) | reserved (1) | Fragments left u16
// (2), then the service data: get OD list request ListType u16; response ListType u16 then indices u16
// (the list runs on over the fragments that follow); get object description request Index u16, response
// Index u16, DataType u16, MaxSubindex u8, ObjectCode u8, Name (rest); get entry description request
// Index u16, Subindex u8, ValueInfo u8, response Index u16, Subindex u8, ValueInfo u8, DataType u16,
// BitLength u16, ObjectAccess u16, [unit type u16, default/minimum/maximum values when ValueInfo bits
// 3-6 say so], Name (rest); SDO information error: abort code u32.
//
// Emergency (service 1): Error code u16, Error register u8, manufacturer-specific data 5 bytes (CiA 301
// §7.2.7.3); error code 0x0000 = error reset / no error.
//
// Allocation: the codec returns std::vector and std::string; it is for mailbox (acyclic) traffic, not
// for the cyclic path.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace maniplab::ethercat {

namespace mbx {
/// Mailbox types (ETG.1000.4 Table 29).
enum class Type : std::uint8_t { Error = 0x00, AoE = 0x01, EoE = 0x02, CoE = 0x03, FoE = 0x04, SoE = 0x05, VoE = 0x0F };
const char* typeName(Type t);  ///< "CoE", "mailbox error", ...

/// The 6-byte mailbox header.
struct Header {
  std::uint16_t length = 0;   ///< bytes after the header
  std::uint16_t address = 0;  ///< station address of the source (master to slave: 0)
  std::uint8_t channel = 0;   ///< 0-63
  std::uint8_t priority = 0;  ///< 0-3
  Type type = Type::CoE;
  std::uint8_t counter = 0;   ///< 1..7 (0: start-up)
  bool operator==(const Header&) const = default;
};
constexpr std::size_t kHeaderSize = 6;
void writeHeader(const Header& h, std::uint8_t* p);
Header readHeader(const std::uint8_t* p);
/// The next counter after `c`: 1, 2, ..., 7, 1, ... (0 is never produced).
constexpr std::uint8_t nextCounter(std::uint8_t c) { return std::uint8_t((c & 7) % 7 + 1); }

/// Mailbox error reply details (ETG.1000.4 Table 30; body: Type u16 = 0x0001, Detail u16).
namespace error {
constexpr std::uint16_t Syntax = 0x0001, UnsupportedProtocol = 0x0002, InvalidChannel = 0x0003,
                        ServiceNotSupported = 0x0004, InvalidHeader = 0x0005, SizeTooShort = 0x0006,
                        NoMoreMemory = 0x0007, InvalidSize = 0x0008;
}
std::string errorDetailText(std::uint16_t detail);  ///< "0x0002 mailbox protocol not supported"
/// Encodes a mailbox error reply into `buf` (zero-filled to `size` >= 10); returns the bytes used (10).
std::size_t encodeError(std::uint16_t detail, std::uint8_t counter, std::uint8_t* buf, std::size_t size);
}  // namespace mbx

namespace coe {

enum class Service : std::uint8_t {
  Emergency = 1, SdoRequest = 2, SdoResponse = 3, TxPdo = 4, RxPdo = 5, TxPdoRemoteRequest = 6,
  RxPdoRemoteRequest = 7, SdoInformation = 8
};
const char* serviceName(Service s);  ///< "SDO request", "emergency", ...
constexpr std::size_t kCoeHeaderSize = 2;
/// Smallest SDO message after the mailbox header: CoE header + command + index + subindex + 4 bytes.
constexpr std::size_t kSdoSize = 10;

// --- SDO --------------------------------------------------------------------------------------------
/// The SDO messages, by who sends them.
enum class SdoKind : std::uint8_t {
  // client (master) -> server (slave), CoE service 2
  DownloadRequest,          ///< initiate download: expedited (data 1-4 bytes) or normal (completeSize + first data)
  DownloadSegmentRequest,   ///< toggle, last, data
  UploadRequest,            ///< initiate upload (completeAccess, subindex)
  UploadSegmentRequest,     ///< toggle
  // server (slave) -> client (master), CoE service 3
  DownloadResponse,
  DownloadSegmentResponse,  ///< toggle
  UploadResponse,           ///< expedited (data 1-4 bytes) or normal (completeSize + first data)
  UploadSegmentResponse,    ///< toggle, last, data
  // either way, CoE service 2
  Abort,                    ///< abortCode
};
const char* sdoKindName(SdoKind k);

struct Sdo {
  SdoKind kind = SdoKind::UploadRequest;
  std::uint16_t index = 0;  ///< initiate messages and abort (segments carry none)
  std::uint8_t subindex = 0;
  bool completeAccess = false;      ///< initiate download/upload request (and the responses echo it)
  bool expedited = false;           ///< DownloadRequest / UploadResponse: the data are in the 4-byte field
  bool sizeIndicated = true;        ///< s bit: expedited: data.size() says the size; normal: completeSize
  std::uint32_t completeSize = 0;   ///< normal initiate: bytes of the whole transfer
  bool toggle = false;              ///< segments
  bool last = false;                ///< segment: c bit
  std::uint32_t abortCode = 0;      ///< Abort
  std::vector<std::uint8_t> data;   ///< expedited value (1-4 bytes), normal initiate's first bytes, segment bytes
  Service service = Service::SdoRequest;  ///< set by decode (and by encode from kind)
  bool operator==(const Sdo&) const = default;
};
/// The CoE service a kind is sent with: SDO request for the client's messages and aborts, SDO response
/// for the server's.
Service serviceOf(SdoKind k);

// Builders (index/subindex/flags filled in; encode() writes the bytes).
Sdo uploadRequest(std::uint16_t index, std::uint8_t sub, bool completeAccess = false);
Sdo uploadSegmentRequest(bool toggle);
/// Download of `value`: expedited when it has 1-4 bytes and no complete access, else normal with as
/// many bytes as fit in a mailbox of `mailboxSize` (the rest goes in download segments; see
/// downloadSegments()).
Sdo downloadRequest(std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& value,
                    std::size_t mailboxSize, bool completeAccess = false);
Sdo downloadResponse(std::uint16_t index, std::uint8_t sub, bool completeAccess = false);
Sdo downloadSegmentResponse(bool toggle);
/// Upload response with `value`: expedited when 1-4 bytes and no complete access, else normal with as
/// many bytes as fit in a mailbox of `mailboxSize` (the rest in upload segments).
Sdo uploadResponse(std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& value,
                   std::size_t mailboxSize, bool completeAccess = false);
Sdo abortMessage(std::uint16_t index, std::uint8_t sub, std::uint32_t code);

/// Bytes of data that fit in the initiate message of a normal transfer (mailbox size - 16) and in one
/// segment (mailbox size - 9), for a mailbox (SyncManager) of `mailboxSize` bytes.
constexpr std::size_t initiateCapacity(std::size_t mailboxSize) { return mailboxSize > 16 ? mailboxSize - 16 : 0; }
constexpr std::size_t segmentCapacity(std::size_t mailboxSize) { return mailboxSize > 9 ? mailboxSize - 9 : 0; }
/// Splits what follows the first `alreadySent` bytes of `value` into segments (download or upload
/// segment messages by `kind`), toggle starting at 0, the last one flagged.
std::vector<Sdo> segments(SdoKind kind, const std::vector<std::uint8_t>& value, std::size_t alreadySent,
                          std::size_t mailboxSize);

// --- Emergency ----------------------------------------------------------------------------------------
struct Emergency {
  std::uint16_t errorCode = 0;         ///< CiA 301 / CiA 402 error code (0x603F)
  std::uint8_t errorRegister = 0;      ///< object 0x1001
  std::array<std::uint8_t, 5> data{};  ///< manufacturer-specific
  bool operator==(const Emergency&) const = default;
};
/// Error register (0x1001) bits (CiA 301 Table 48).
namespace errreg {
constexpr std::uint8_t Generic = 0x01, Current = 0x02, Voltage = 0x04, Temperature = 0x08,
                       Communication = 0x10, DeviceProfile = 0x20, Manufacturer = 0x80;
}
/// "emergency 0x2310 current, device output side (over-current), error register 0x03, data 00 00 00 00 00"
std::string emergencyText(const Emergency& e);
/// Error code in words (CiA 301 Table 21, CiA 402 / IEC 61800-7-201 Annex): "0x2310 continuous over-current".
std::string errorCodeText(std::uint16_t code);

// --- SDO information ------------------------------------------------------------------------------------
enum class InfoOpcode : std::uint8_t {
  GetOdListRequest = 1, GetOdListResponse = 2, GetObjectDescriptionRequest = 3, GetObjectDescriptionResponse = 4,
  GetEntryDescriptionRequest = 5, GetEntryDescriptionResponse = 6, Error = 7
};
const char* infoOpcodeName(InfoOpcode op);
constexpr std::size_t kInfoHeaderSize = 4;  ///< opcode/incomplete, reserved, fragments left

/// One SDO information message (one fragment of a response).
struct SdoInfo {
  InfoOpcode opcode = InfoOpcode::GetOdListRequest;
  bool incomplete = false;           ///< more fragments follow
  std::uint16_t fragmentsLeft = 0;
  std::vector<std::uint8_t> payload; ///< the service data of this fragment
  bool operator==(const SdoInfo&) const = default;
};

namespace info {
/// OD list types (ETG.1000.6 Table 42).
enum ListType : std::uint16_t { Lengths = 0, All = 1, RxPdoMappable = 2, TxPdoMappable = 3, Backup = 4, Settings = 5 };
/// Object codes (CiA 301 Table 37).
constexpr std::uint8_t ObjVar = 7, ObjArray = 8, ObjRecord = 9;
/// Object access bits of an entry description (ETG.1000.6 Table 46).
namespace access {
constexpr std::uint16_t ReadPreOp = 0x0001, ReadSafeOp = 0x0002, ReadOp = 0x0004, WritePreOp = 0x0008,
                        WriteSafeOp = 0x0010, WriteOp = 0x0020, RxPdo = 0x0040, TxPdo = 0x0080, Backup = 0x0100,
                        Settings = 0x0200;
constexpr std::uint16_t Read = ReadPreOp | ReadSafeOp | ReadOp, Write = WritePreOp | WriteSafeOp | WriteOp,
                        ReadWrite = Read | Write;
}  // namespace access
/// Value info bits (entry description request/response): which optional fields the response carries.
namespace valueinfo {
constexpr std::uint8_t UnitType = 0x08, Default = 0x10, Minimum = 0x20, Maximum = 0x40;
}

struct ObjectDescription {
  std::uint16_t index = 0, dataType = 0;
  std::uint8_t maxSubindex = 0, objectCode = ObjVar;
  std::string name;
  bool operator==(const ObjectDescription&) const = default;
};
struct EntryDescription {
  std::uint16_t index = 0;
  std::uint8_t subindex = 0, valueInfo = 0;
  std::uint16_t dataType = 0, bitLength = 0, access = 0;
  std::vector<std::uint8_t> valueData;  ///< unit type / default / minimum / maximum as valueInfo says (raw)
  std::string name;
  bool operator==(const EntryDescription&) const = default;
};

// Request messages (complete, single fragment).
SdoInfo odListRequest(std::uint16_t listType);
SdoInfo objectDescriptionRequest(std::uint16_t index);
SdoInfo entryDescriptionRequest(std::uint16_t index, std::uint8_t sub, std::uint8_t valueInfo = 0);
SdoInfo errorMessage(std::uint32_t abortCode);
// Request parsers (server side); false when the payload is too short.
bool parseOdListRequest(const SdoInfo& m, std::uint16_t& listType);
bool parseObjectDescriptionRequest(const SdoInfo& m, std::uint16_t& index);
bool parseEntryDescriptionRequest(const SdoInfo& m, std::uint16_t& index, std::uint8_t& sub, std::uint8_t& valueInfo);
bool parseError(const SdoInfo& m, std::uint32_t& abortCode);

// Response payloads (the whole service data, before fragmentation) and their parsers (on the payload
// reassembled from all fragments).
std::vector<std::uint8_t> odListPayload(std::uint16_t listType, const std::vector<std::uint16_t>& indices);
std::vector<std::uint8_t> objectDescriptionPayload(const ObjectDescription& d);
std::vector<std::uint8_t> entryDescriptionPayload(const EntryDescription& d);
bool parseOdList(const std::vector<std::uint8_t>& payload, std::uint16_t& listType, std::vector<std::uint16_t>& indices);
bool parseObjectDescription(const std::vector<std::uint8_t>& payload, ObjectDescription& d);
bool parseEntryDescription(const std::vector<std::uint8_t>& payload, EntryDescription& d);

/// Splits a response payload into the fragments a mailbox of `mailboxSize` bytes carries (payload per
/// fragment: mailboxSize - 12 bytes), fragmentsLeft counting down to 0, incomplete set on all but the last.
std::vector<SdoInfo> fragment(InfoOpcode op, const std::vector<std::uint8_t>& payload, std::size_t mailboxSize);

/// Joins the fragments of one response as they arrive (client side).
class Reassembler {
 public:
  /// Adds the next fragment; false (with a reason) when it is not the one expected (other opcode,
  /// fragment count not decreasing by one). done() is true after the fragment without `incomplete`.
  bool add(const SdoInfo& m, std::string* why = nullptr);
  bool done() const { return done_; }
  InfoOpcode opcode() const { return op_; }
  const std::vector<std::uint8_t>& payload() const { return payload_; }
  void reset();

 private:
  std::vector<std::uint8_t> payload_;
  InfoOpcode op_ = InfoOpcode::Error;
  bool started_ = false, done_ = false;
  std::uint16_t left_ = 0;
};
}  // namespace info

// --- Data types (CiA 301 Table 44, ETG.1000.6 Table 64) ------------------------------------------------
namespace dtype {
constexpr std::uint16_t Boolean = 0x0001, Integer8 = 0x0002, Integer16 = 0x0003, Integer32 = 0x0004,
                        Unsigned8 = 0x0005, Unsigned16 = 0x0006, Unsigned32 = 0x0007, Real32 = 0x0008,
                        VisibleString = 0x0009, OctetString = 0x000A, UnicodeString = 0x000B, Real64 = 0x0011,
                        Integer64 = 0x0015, Unsigned64 = 0x001B, PdoMapping = 0x0021, Identity = 0x0023,
                        Bit1 = 0x0030, Bit8 = 0x0037;
}
const char* dataTypeName(std::uint16_t type);  ///< "UNSIGNED16", ...; "type 0x0123" otherwise (static buffer-free)

// --- Whole messages ----------------------------------------------------------------------------------
/// Encoders: write the mailbox header (counter, type, length), the CoE header and the service data into
/// `buf`, zero-filled to `size` (the mailbox SyncManager's length); return the bytes used (6 + length),
/// or 0 when the message does not fit in `size` (or is malformed: expedited with no or more than 4
/// bytes, a segment without data...).
std::size_t encode(const Sdo& s, std::uint8_t counter, std::uint8_t* buf, std::size_t size);
std::size_t encode(const Emergency& e, std::uint8_t counter, std::uint8_t* buf, std::size_t size);
std::size_t encode(const SdoInfo& m, std::uint8_t counter, std::uint8_t* buf, std::size_t size);
/// Same into a new mailbox of `mailboxSize` bytes (empty when it does not fit).
std::vector<std::uint8_t> encode(const Sdo& s, std::uint8_t counter, std::size_t mailboxSize);
std::vector<std::uint8_t> encode(const Emergency& e, std::uint8_t counter, std::size_t mailboxSize);
std::vector<std::uint8_t> encode(const SdoInfo& m, std::uint8_t counter, std::size_t mailboxSize);

/// A decoded mailbox message.
struct Message {
  enum class Kind { MailboxError, Sdo, Emergency, SdoInfo, OtherCoe, OtherProtocol };
  Kind kind = Kind::OtherProtocol;
  mbx::Header header;
  std::uint16_t errorDetail = 0;  ///< MailboxError
  Service service = Service::SdoRequest;
  std::uint16_t coeNumber = 0;
  coe::Sdo sdo;                   ///< Kind::Sdo
  coe::Emergency emergency;       ///< Kind::Emergency
  coe::SdoInfo info;              ///< Kind::SdoInfo
};
/// Decodes the message in a mailbox buffer of `size` bytes (what was read from the SyncManager; the
/// header's length says how much of it is the message). False, with the reason, when the buffer does
/// not hold a well-formed message (length beyond the buffer, CoE message shorter than its service
/// needs, unknown SDO command specifier...). The SDO direction comes from the CoE service: 2 = client
/// message or abort, 3 = server message (an abort command under service 3 decodes as Abort, with
/// service 3 recorded: a conformant slave never sends that).
bool decode(const std::uint8_t* buf, std::size_t size, Message& out, std::string* why = nullptr);

}  // namespace coe
}  // namespace maniplab::ethercat
