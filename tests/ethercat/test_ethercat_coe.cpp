// CoE mailbox and SII codecs against byte sequences written by hand from the specifications, not from
// the encoder: ETG.1000.4 §5.6 (mailbox header: Length, Address, Channel/Priority, Type/Cnt; error reply
// type 0x00), ETG.1000.6 §5.6 (CoE header Number/Service, SDO information header, emergency), CiA 301
// §7.2.4.3 (SDO command specifiers: ccs/scs in bits 7-5, t bit 4, n, e, s; abort 0x80), ETG.1020 §12.2
// (complete access: subindex 0 padded to 16 bits), ETG.2010 (SII header words and categories 10, 30,
// 41, 50, 51, 60). Each test decodes the hand-written bytes and checks that the encoder produces exactly
// them.
#include <QtTest>

#include "maniplab/ethercat/coe.hpp"
#include "maniplab/ethercat/protocol.hpp"
#include "maniplab/ethercat/sii.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_coe {

using namespace maniplab::ethercat;
using Bytes = std::vector<std::uint8_t>;

namespace {
// A mailbox of `size` bytes holding `msg` at its start (the rest zero), as read from a SyncManager.
Bytes mailbox(const Bytes& msg, std::size_t size = 128) {
  Bytes b(size, 0);
  std::copy(msg.begin(), msg.end(), b.begin());
  return b;
}
coe::Message decodeOk(const Bytes& b) {
  coe::Message m;
  std::string why;
  if (!coe::decode(b.data(), b.size(), m, &why)) qFatal("decode failed: %s", why.c_str());
  return m;
}
QString hexOf(const Bytes& b) {
  QString s;
  for (auto x : b) s += QString("%1 ").arg(x, 2, 16, QChar('0'));
  return s.trimmed();
}
}  // namespace

class TestEthercatCoe : public QObject {
  Q_OBJECT

 private slots:
  // --- mailbox header / error reply ---
  void mailboxHeaderAndErrorReply() {
    // Length 4, address 0, channel 0 priority 0, type 0 (error) with counter 3 -> byte 5 = 0x30;
    // body: Type 0x0001 (mailbox command), Detail 0x0002 (unsupported protocol).
    const Bytes err{0x04, 0x00, 0x00, 0x00, 0x00, 0x30, 0x01, 0x00, 0x02, 0x00};
    const auto m = decodeOk(mailbox(err));
    QCOMPARE(int(m.kind), int(coe::Message::Kind::MailboxError));
    QCOMPARE(int(m.errorDetail), 0x0002);
    QCOMPARE(int(m.header.counter), 3);
    Bytes out(128);
    QCOMPARE(mbx::encodeError(mbx::error::UnsupportedProtocol, 3, out.data(), out.size()), std::size_t(10));
    QCOMPARE(hexOf(Bytes(out.begin(), out.begin() + 10)), hexOf(err));
    QCOMPARE(mbx::errorDetailText(2), std::string("0x0002 mailbox protocol not supported"));
    // Channel 5, priority 2 -> byte 4 = 0x85; type VoE 0x0F, counter 7 -> byte 5 = 0x7F.
    std::uint8_t h[6];
    mbx::writeHeader({0x0123, 0x1001, 5, 2, mbx::Type::VoE, 7}, h);
    QCOMPARE(hexOf(Bytes(h, h + 6)), QString("23 01 01 10 85 7f"));
    QVERIFY((mbx::readHeader(h) == mbx::Header{0x0123, 0x1001, 5, 2, mbx::Type::VoE, 7}));
    // Counter sequence 1..7, 1 (0 only at start-up).
    std::uint8_t c = 0;
    QString seq;
    for (int i = 0; i < 9; ++i) seq += QString::number(c = mbx::nextCounter(c));
    QCOMPARE(seq, QString("123456712"));
  }

  // --- expedited SDO ---
  void expeditedUploadAndDownload() {
    // Upload request 0x6041:00, counter 1: length 10, type CoE | cnt 1 << 4 = 0x13, CoE header service 2
    // (0x2000 little endian: 00 20), command ccs 2 = 0x40, index 41 60, subindex 00, 4 reserved bytes.
    const Bytes rq{0x0A, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x20, 0x40, 0x41, 0x60, 0x00, 0x00, 0x00, 0x00, 0x00};
    auto m = decodeOk(mailbox(rq));
    QCOMPARE(int(m.kind), int(coe::Message::Kind::Sdo));
    QCOMPARE(int(m.service), int(coe::Service::SdoRequest));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::UploadRequest));
    QCOMPARE(int(m.sdo.index), 0x6041);
    QVERIFY(!m.sdo.completeAccess);
    QCOMPARE(hexOf(coe::encode(coe::uploadRequest(0x6041, 0), 1, 16)), hexOf(rq));

    // Expedited upload response of 2 bytes (0x0237): scs 2 | n = 4 - 2 = 2 (bits 3-2: 0x08) | e 0x02 |
    // s 0x01 = 0x4B; service 3 (00 30); counter 2 -> 0x23.
    const Bytes rs{0x0A, 0x00, 0x00, 0x00, 0x00, 0x23, 0x00, 0x30, 0x4B, 0x41, 0x60, 0x00, 0x37, 0x02, 0x00, 0x00};
    m = decodeOk(mailbox(rs));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::UploadResponse));
    QVERIFY(m.sdo.expedited && m.sdo.sizeIndicated);
    QCOMPARE(hexOf(m.sdo.data), QString("37 02"));
    QCOMPARE(hexOf(coe::encode(coe::uploadResponse(0x6041, 0, {0x37, 0x02}, 128), 2, 16)), hexOf(rs));

    // Expedited download of 1 byte (mode 8 to 0x6060:00): ccs 1 (0x20) | n = 3 (0x0C) | e | s = 0x2F.
    const Bytes dl{0x0A, 0x00, 0x00, 0x00, 0x00, 0x33, 0x00, 0x20, 0x2F, 0x60, 0x60, 0x00, 0x08, 0x00, 0x00, 0x00};
    m = decodeOk(mailbox(dl));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::DownloadRequest));
    QCOMPARE(hexOf(m.sdo.data), QString("08"));
    QCOMPARE(hexOf(coe::encode(coe::downloadRequest(0x6060, 0, {8}, 128), 3, 16)), hexOf(dl));
    // 4 bytes: n = 0 -> 0x23 (SOEM's ECT_SDO_DOWN_EXP with psize 4).
    QCOMPARE(int(coe::encode(coe::downloadRequest(0x607A, 0, {1, 2, 3, 4}, 128), 1, 16)[8]), 0x23);

    // Download response: scs 3 = 0x60, service 3.
    const Bytes dr{0x0A, 0x00, 0x00, 0x00, 0x00, 0x43, 0x00, 0x30, 0x60, 0x60, 0x60, 0x00, 0x00, 0x00, 0x00, 0x00};
    m = decodeOk(mailbox(dr));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::DownloadResponse));
    QCOMPARE(hexOf(coe::encode(coe::downloadResponse(0x6060, 0), 4, 16)), hexOf(dr));
  }

  void abortIsAnSdoRequestWithItsCode() {
    // Abort 0x5FFF:00 with 0x06020000: CoE service 2 (SDO request, ETG.1000.6 "Abort SDO Transfer
    // Request"), command 0x80, code little endian 00 00 02 06.
    const Bytes ab{0x0A, 0x00, 0x00, 0x00, 0x00, 0x53, 0x00, 0x20, 0x80, 0xFF, 0x5F, 0x00, 0x00, 0x00, 0x02, 0x06};
    auto m = decodeOk(mailbox(ab));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::Abort));
    QCOMPARE(int(m.service), int(coe::Service::SdoRequest));
    QCOMPARE(m.sdo.abortCode, 0x06020000u);
    QCOMPARE(hexOf(coe::encode(coe::abortMessage(0x5FFF, 0, abort::NoObject), 5, 16)), hexOf(ab));
    QCOMPARE(sdoAbortText(m.sdo.abortCode), std::string("0x06020000 object does not exist in the object dictionary"));
    // What the old virtual slave sent (service 3): still an abort, the service recorded so a test can
    // tell the conformant message apart.
    Bytes old = ab;
    old[7] = 0x30;
    m = decodeOk(mailbox(old));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::Abort));
    QCOMPARE(int(m.service), int(coe::Service::SdoResponse));
  }

  // --- normal and segmented transfers ---
  void normalUploadResponse() {
    // Upload response, normal, size indicated: scs 2 | s = 0x41; size 10 (0A 00 00 00); data follow.
    // Length = 2 + 8 + 10 = 20.
    const std::string text = "ManipLab42";
    Bytes rs{0x14, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x30, 0x41, 0x08, 0x10, 0x00, 0x0A, 0x00, 0x00, 0x00};
    rs.insert(rs.end(), text.begin(), text.end());
    auto m = decodeOk(mailbox(rs));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::UploadResponse));
    QVERIFY(!m.sdo.expedited);
    QCOMPARE(m.sdo.completeSize, 10u);
    QCOMPARE(std::string(m.sdo.data.begin(), m.sdo.data.end()), text);
    QCOMPARE(hexOf(coe::encode(coe::uploadResponse(0x1008, 0, Bytes(text.begin(), text.end()), 128), 1, 26)), hexOf(rs));
  }

  void segmentedUpload() {
    // 200 bytes in a 128-byte mailbox: the initiate response carries 128 - 16 = 112 bytes (length
    // 10 + 112 = 122 = 0x7A), then one upload segment with the remaining 88: scs 0 | t 0 | n 0 | c 1 =
    // 0x01, length 3 + 88 = 91 (0x5B).
    Bytes value(200);
    for (std::size_t i = 0; i < value.size(); ++i) value[i] = std::uint8_t(i);
    const auto init = coe::uploadResponse(0x2200, 1, value, 128);
    auto b = coe::encode(init, 1, 128);
    QCOMPARE(hexOf(Bytes(b.begin(), b.begin() + 16)), QString("7a 00 00 00 00 13 00 30 41 00 22 01 c8 00 00 00"));
    QCOMPARE(int(b[16]), 0);
    QCOMPARE(int(b[127]), 111);
    const auto segs = coe::segments(coe::SdoKind::UploadSegmentResponse, value, init.data.size(), 128);
    QCOMPARE(segs.size(), std::size_t(1));
    b = coe::encode(segs[0], 2, 128);
    QCOMPARE(hexOf(Bytes(b.begin(), b.begin() + 10)), QString("5b 00 00 00 00 23 00 30 01 70"));  // data starts with byte 112
    auto m = decodeOk(b);
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::UploadSegmentResponse));
    QVERIFY(m.sdo.last);
    QVERIFY(!m.sdo.toggle);
    QCOMPARE(m.sdo.data.size(), std::size_t(88));
    QCOMPARE(int(m.sdo.data.back()), 199);
    // Upload segment requests: ccs 3 = 0x60, toggle bit 4: 0x60, 0x70 (SOEM's ECT_SDO_SEG_UP_REQ + toggle).
    const Bytes s0{0x0A, 0x00, 0x00, 0x00, 0x00, 0x23, 0x00, 0x20, 0x60, 0, 0, 0, 0, 0, 0, 0};
    const Bytes s1{0x0A, 0x00, 0x00, 0x00, 0x00, 0x33, 0x00, 0x20, 0x70, 0, 0, 0, 0, 0, 0, 0};
    QCOMPARE(hexOf(coe::encode(coe::uploadSegmentRequest(false), 2, 16)), hexOf(s0));
    QCOMPARE(hexOf(coe::encode(coe::uploadSegmentRequest(true), 3, 16)), hexOf(s1));
    m = decodeOk(mailbox(s1));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::UploadSegmentRequest));
    QVERIFY(m.sdo.toggle);
    // A short last segment (3 bytes) with toggle 1: 0x00 | 0x10 | n = 7 - 3 = 4 (bits 3-1: 0x08) | c =
    // 0x19, padded to the 7-byte minimum (length 10).
    const Bytes last{0x0A, 0x00, 0x00, 0x00, 0x00, 0x43, 0x00, 0x30, 0x19, 0xAA, 0xBB, 0xCC, 0, 0, 0, 0};
    m = decodeOk(mailbox(last));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::UploadSegmentResponse));
    QCOMPARE(hexOf(m.sdo.data), QString("aa bb cc"));
    QVERIFY(m.sdo.last && m.sdo.toggle);
    coe::Sdo seg;
    seg.kind = coe::SdoKind::UploadSegmentResponse;
    seg.toggle = true;
    seg.last = true;
    seg.sizeIndicated = false;
    seg.data = {0xAA, 0xBB, 0xCC};
    QCOMPARE(hexOf(coe::encode(seg, 4, 16)), hexOf(last));
  }

  void segmentedDownload() {
    // Normal download request of 130 bytes to 0x2200:01 in a 64-byte mailbox: ccs 1 | s = 0x21, size
    // 130 (82 00 00 00), the first 64 - 16 = 48 bytes; length 10 + 48 = 58 (0x3A).
    Bytes value(130);
    for (std::size_t i = 0; i < value.size(); ++i) value[i] = std::uint8_t(0x80 + i);
    const auto init = coe::downloadRequest(0x2200, 1, value, 64);
    QCOMPARE(init.data.size(), std::size_t(48));
    auto b = coe::encode(init, 1, 64);
    QCOMPARE(hexOf(Bytes(b.begin(), b.begin() + 17)), QString("3a 00 00 00 00 13 00 20 21 00 22 01 82 00 00 00 80"));
    // Segments of 64 - 9 = 55 bytes: 55 (toggle 0: 0x00, length 58) then 27 (toggle 1, last: 0x11).
    const auto segs = coe::segments(coe::SdoKind::DownloadSegmentRequest, value, 48, 64);
    QCOMPARE(segs.size(), std::size_t(2));
    b = coe::encode(segs[0], 2, 64);
    QCOMPARE(hexOf(Bytes(b.begin(), b.begin() + 10)), QString("3a 00 00 00 00 23 00 20 00 b0"));
    b = coe::encode(segs[1], 3, 64);
    QCOMPARE(hexOf(Bytes(b.begin(), b.begin() + 10)), QString("1e 00 00 00 00 33 00 20 11 e7"));
    auto m = decodeOk(b);
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::DownloadSegmentRequest));
    QVERIFY(m.sdo.toggle && m.sdo.last);
    QCOMPARE(m.sdo.data.size(), std::size_t(27));
    // Download segment responses: scs 1 = 0x20 | toggle (0x30).
    const Bytes r1{0x0A, 0x00, 0x00, 0x00, 0x00, 0x33, 0x00, 0x30, 0x30, 0, 0, 0, 0, 0, 0, 0};
    m = decodeOk(mailbox(r1));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::DownloadSegmentResponse));
    QVERIFY(m.sdo.toggle);
    QCOMPARE(hexOf(coe::encode(coe::downloadSegmentResponse(true), 3, 16)), hexOf(r1));
  }

  void completeAccess() {
    // Upload request with complete access of 0x1C12 from subindex 0: 0x40 | 0x10 = 0x50 (SOEM's
    // ECT_SDO_UP_REQ_CA).
    const Bytes rq{0x0A, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x20, 0x50, 0x12, 0x1C, 0x00, 0, 0, 0, 0};
    auto m = decodeOk(mailbox(rq));
    QVERIFY(m.sdo.completeAccess);
    QCOMPARE(int(m.sdo.subindex), 0);
    QCOMPARE(hexOf(coe::encode(coe::uploadRequest(0x1C12, 0, true), 1, 16)), hexOf(rq));
    // Its response: normal (0x40 | 0x10 | s = 0x51), 4 bytes: subindex 0 = 1 padded to 16 bits (01 00),
    // then entry 1 = 0x1600 (00 16).
    const Bytes rs{0x0E, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x30, 0x51, 0x12, 0x1C, 0x00, 0x04, 0x00, 0x00, 0x00,
                   0x01, 0x00, 0x00, 0x16};
    m = decodeOk(mailbox(rs));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::UploadResponse));
    QVERIFY(m.sdo.completeAccess && !m.sdo.expedited);
    QCOMPARE(hexOf(m.sdo.data), QString("01 00 00 16"));
    QCOMPARE(hexOf(coe::encode(coe::uploadResponse(0x1C12, 0, {1, 0, 0x00, 0x16}, 128, true), 1, 20)), hexOf(rs));
    // Download with complete access: 0x20 | 0x10 | s = 0x31 (SOEM's ECT_SDO_DOWN_INIT_CA), never expedited.
    const Bytes dl{0x0E, 0x00, 0x00, 0x00, 0x00, 0x23, 0x00, 0x20, 0x31, 0x13, 0x1C, 0x00, 0x04, 0x00, 0x00, 0x00,
                   0x01, 0x00, 0x01, 0x1A};
    m = decodeOk(mailbox(dl));
    QCOMPARE(int(m.sdo.kind), int(coe::SdoKind::DownloadRequest));
    QVERIFY(m.sdo.completeAccess && !m.sdo.expedited);
    QCOMPARE(hexOf(coe::encode(coe::downloadRequest(0x1C13, 0, {1, 0, 0x01, 0x1A}, 128, true), 2, 20)), hexOf(dl));
    // The download response echoes the CA bit: 0x60 | 0x10 = 0x70.
    QCOMPARE(int(coe::encode(coe::downloadResponse(0x1C13, 0, true), 2, 16)[8]), 0x70);
  }

  // --- SDO information ---
  void sdoInformationOdList() {
    // Get OD list request, all objects: length 2 + 4 + 2 = 8, service 8 (00 80), opcode 1, reserved,
    // fragments left 0, list type 1.
    const Bytes rq{0x08, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x80, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00};
    auto m = decodeOk(mailbox(rq));
    QCOMPARE(int(m.kind), int(coe::Message::Kind::SdoInfo));
    QCOMPARE(int(m.info.opcode), int(coe::InfoOpcode::GetOdListRequest));
    std::uint16_t lt = 0;
    QVERIFY(coe::info::parseOdListRequest(m.info, lt));
    QCOMPARE(int(lt), 1);
    QCOMPARE(hexOf(coe::encode(coe::info::odListRequest(coe::info::All), 1, 14)), hexOf(rq));
    // Response with 3 indices in one fragment: opcode 2, payload list type then 00 10 18 10 41 60.
    const Bytes rs{0x0E, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x80, 0x02, 0x00, 0x00, 0x00,
                   0x01, 0x00, 0x00, 0x10, 0x18, 0x10, 0x41, 0x60};
    m = decodeOk(mailbox(rs));
    QCOMPARE(int(m.info.opcode), int(coe::InfoOpcode::GetOdListResponse));
    std::vector<std::uint16_t> idx;
    QVERIFY(coe::info::parseOdList(m.info.payload, lt, idx));
    QCOMPARE(idx, (std::vector<std::uint16_t>{0x1000, 0x1018, 0x6041}));
    auto frags = coe::info::fragment(coe::InfoOpcode::GetOdListResponse, coe::info::odListPayload(1, idx), 128);
    QCOMPARE(frags.size(), std::size_t(1));
    QCOMPARE(hexOf(coe::encode(frags[0], 1, 20)), hexOf(rs));
    // 15 indices (payload 32 bytes) in a 32-byte mailbox (32 - 12 = 20 payload bytes per fragment):
    // fragment 1 opcode 0x82 (incomplete) with 1 fragment left, fragment 2 opcode 0x02 with 0 left.
    std::vector<std::uint16_t> many;
    for (std::uint16_t i = 0; i < 15; ++i) many.push_back(std::uint16_t(0x6000 + i));
    frags = coe::info::fragment(coe::InfoOpcode::GetOdListResponse, coe::info::odListPayload(1, many), 32);
    QCOMPARE(frags.size(), std::size_t(2));
    auto f1 = coe::encode(frags[0], 1, 32), f2 = coe::encode(frags[1], 2, 32);
    QCOMPARE(hexOf(Bytes(f1.begin(), f1.begin() + 14)), QString("1a 00 00 00 00 13 00 80 82 00 01 00 01 00"));
    QCOMPARE(hexOf(Bytes(f2.begin(), f2.begin() + 14)), QString("12 00 00 00 00 23 00 80 02 00 00 00 09 60"));
    coe::info::Reassembler ra;
    std::string why;
    QVERIFY2(ra.add(decodeOk(f1).info, &why), why.c_str());
    QVERIFY(!ra.done());
    QVERIFY2(ra.add(decodeOk(f2).info, &why), why.c_str());
    QVERIFY(ra.done());
    QVERIFY(coe::info::parseOdList(ra.payload(), lt, idx));
    QCOMPARE(idx, many);
    // A fragment out of order is refused with a reason.
    ra.reset();
    QVERIFY(ra.add(decodeOk(f1).info));
    auto again = decodeOk(f1).info;
    QVERIFY(!ra.add(again, &why));
    QVERIFY(why.find("out of order") != std::string::npos);
  }

  void sdoInformationDescriptions() {
    // Object description request 0x6041: opcode 3, index 41 60 (length 8).
    const Bytes odq{0x08, 0x00, 0x00, 0x00, 0x00, 0x23, 0x00, 0x80, 0x03, 0x00, 0x00, 0x00, 0x41, 0x60};
    QCOMPARE(hexOf(coe::encode(coe::info::objectDescriptionRequest(0x6041), 2, 14)), hexOf(odq));
    // Response: index, data type UNSIGNED16 (06 00), max subindex 0, object code VAR (7), name.
    Bytes ods{0x12, 0x00, 0x00, 0x00, 0x00, 0x23, 0x00, 0x80, 0x04, 0x00, 0x00, 0x00, 0x41, 0x60, 0x06, 0x00, 0x00, 0x07};
    const std::string name = "Statusword";
    ods.insert(ods.end(), name.begin(), name.end());
    ods[0] = std::uint8_t(ods.size() - 6);
    auto m = decodeOk(mailbox(ods));
    coe::info::ObjectDescription od;
    QVERIFY(coe::info::parseObjectDescription(m.info.payload, od));
    QCOMPARE(od, (coe::info::ObjectDescription{0x6041, coe::dtype::Unsigned16, 0, coe::info::ObjVar, name}));
    QCOMPARE(hexOf(coe::encode(coe::info::fragment(coe::InfoOpcode::GetObjectDescriptionResponse,
                                                   coe::info::objectDescriptionPayload(od), 128)[0], 2, ods.size())),
             hexOf(ods));
    // Entry description request 0x6041:00 with value info 0x07 (what SOEM sends): opcode 5, 41 60 00 07.
    const Bytes edq{0x0A, 0x00, 0x00, 0x00, 0x00, 0x33, 0x00, 0x80, 0x05, 0x00, 0x00, 0x00, 0x41, 0x60, 0x00, 0x07};
    m = decodeOk(mailbox(edq));
    std::uint16_t i = 0;
    std::uint8_t s = 9, vi = 0;
    QVERIFY(coe::info::parseEntryDescriptionRequest(m.info, i, s, vi));
    QCOMPARE(int(i), 0x6041);
    QCOMPARE(int(s), 0);
    QCOMPARE(int(vi), 7);
    QCOMPARE(hexOf(coe::encode(coe::info::entryDescriptionRequest(0x6041, 0, 7), 3, 16)), hexOf(edq));
    // Response without optional values (value info 0): index, subindex, value info, data type 06 00,
    // bit length 16 (10 00), access read in every state + TxPDO mappable = 0x0087, name.
    Bytes eds{0, 0x00, 0x00, 0x00, 0x00, 0x33, 0x00, 0x80, 0x06, 0x00, 0x00, 0x00,
              0x41, 0x60, 0x00, 0x00, 0x06, 0x00, 0x10, 0x00, 0x87, 0x00};
    eds.insert(eds.end(), name.begin(), name.end());
    eds[0] = std::uint8_t(eds.size() - 6);
    m = decodeOk(mailbox(eds));
    coe::info::EntryDescription ed;
    QVERIFY(coe::info::parseEntryDescription(m.info.payload, ed));
    QCOMPARE(int(ed.access), int(coe::info::access::Read | coe::info::access::TxPdo));
    QCOMPARE(int(ed.bitLength), 16);
    QCOMPARE(ed.name, name);
    QCOMPARE(hexOf(coe::encode(coe::info::fragment(coe::InfoOpcode::GetEntryDescriptionResponse,
                                                   coe::info::entryDescriptionPayload(ed), 128)[0], 3, eds.size())),
             hexOf(eds));
    // With default and maximum values (value info 0x50) for a 16-bit entry: 2 + 2 bytes before the name.
    Bytes withValues{0x41, 0x60, 0x00, 0x50, 0x06, 0x00, 0x10, 0x00, 0x87, 0x00, 0x34, 0x12, 0xFF, 0xFF, 'S', 'W'};
    QVERIFY(coe::info::parseEntryDescription(withValues, ed));
    QCOMPARE(hexOf(ed.valueData), QString("34 12 ff ff"));
    QCOMPARE(ed.name, std::string("SW"));
    // SDO information error: opcode 7, abort code 0x06020000.
    const Bytes er{0x0A, 0x00, 0x00, 0x00, 0x00, 0x43, 0x00, 0x80, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x06};
    m = decodeOk(mailbox(er));
    std::uint32_t code = 0;
    QVERIFY(coe::info::parseError(m.info, code));
    QCOMPARE(code, 0x06020000u);
    QCOMPARE(hexOf(coe::encode(coe::info::errorMessage(0x06020000), 4, 16)), hexOf(er));
  }

  void emergency() {
    // Emergency: service 1 (00 10), error code 0x2310 (10 23), error register 0x03, 5 data bytes.
    const Bytes em{0x0A, 0x00, 0x00, 0x00, 0x00, 0x63, 0x00, 0x10, 0x10, 0x23, 0x03, 0x01, 0x02, 0x03, 0x04, 0x05};
    auto m = decodeOk(mailbox(em));
    QCOMPARE(int(m.kind), int(coe::Message::Kind::Emergency));
    QVERIFY((m.emergency == coe::Emergency{0x2310, 0x03, {1, 2, 3, 4, 5}}));
    QCOMPARE(hexOf(coe::encode(m.emergency, 6, 16)), hexOf(em));
    QCOMPARE(coe::emergencyText(m.emergency),
             std::string("emergency 0x2310 continuous over-current (device output side), error register 0x03, data 01 02 03 04 05"));
    QCOMPARE(coe::errorCodeText(0x0000), std::string("0x0000 error reset or no error"));
    QCOMPARE(coe::errorCodeText(0x3211), std::string("0x3211 voltage inside the device"));
  }

  void malformedMessagesAreRejectedWithAReason() {
    coe::Message m;
    std::string why;
    Bytes b = mailbox({0x40, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x20}, 16);  // length 64 in a 16-byte read
    QVERIFY(!coe::decode(b.data(), b.size(), m, &why));
    QVERIFY(why.find("exceeds") != std::string::npos);
    b = mailbox({0x06, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x20, 0x40, 0x00, 0x10, 0x00});  // SDO of 4 bytes
    QVERIFY(!coe::decode(b.data(), b.size(), m, &why));
    QVERIFY(why.find("shorter") != std::string::npos);
    b = mailbox({0x0A, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x20, 0xA0, 0x00, 0x10, 0x00, 0, 0, 0, 0});  // ccs 5: block
    QVERIFY(!coe::decode(b.data(), b.size(), m, &why));
    QVERIFY(why.find("command specifier 5") != std::string::npos);
    b = mailbox({0x06, 0x00, 0x00, 0x00, 0x00, 0x13, 0x00, 0x80, 0x09, 0x00, 0x00, 0x00});  // opcode 9
    QVERIFY(!coe::decode(b.data(), b.size(), m, &why));
    QVERIFY(why.find("opcode") != std::string::npos);
    // An upload segment response of 7 bytes, all unused (n = 7: 0x0E), not the last (c = 0): it carries
    // nothing, and a client asking for the next segment would never finish (the master's upload loop ran
    // on for as long as a slave answered so). Refused; the same segment flagged last (0x0F) is an empty last segment, accepted.
    b = mailbox({0x0A, 0x00, 0x00, 0x00, 0x00, 0x23, 0x00, 0x30, 0x0E, 0, 0, 0, 0, 0, 0, 0}, 16);
    QVERIFY(!coe::decode(b.data(), b.size(), m, &why));
    QCOMPARE(why, std::string("upload segment response without data that is not the last segment"));
    b[8] = 0x0F;
    QVERIFY2(coe::decode(b.data(), b.size(), m, &why), why.c_str());
    QVERIFY(m.sdo.last && m.sdo.data.empty());
    // EoE passes as another protocol (a CoE client ignores it).
    b = mailbox({0x04, 0x00, 0x00, 0x00, 0x00, 0x12, 1, 2, 3, 4});
    QVERIFY(coe::decode(b.data(), b.size(), m, &why));
    QCOMPARE(int(m.kind), int(coe::Message::Kind::OtherProtocol));
    // The encoder refuses what it cannot represent.
    coe::Sdo s = coe::downloadRequest(0x6040, 0, {1, 2}, 128);
    s.data = {1, 2, 3, 4, 5};  // expedited with 5 bytes
    QVERIFY(coe::encode(s, 1, 128).empty());
    QVERIFY(coe::encode(coe::uploadResponse(0x1008, 0, Bytes(200), 128), 1, 64).empty());  // does not fit
  }

  // --- SII ---
  void siiImageFromTheSpecification() {
    // Hand-built EEPROM words (ETG.2010): header, strings "AB" and "C", general, SyncM (SM2 at 0x1800,
    // 11 bytes, control 0x64, enabled, outputs), TxPDO 0x1A00 (SM3: 0x6041 u16, 0x6064 i32), RxPDO 0x1601
    // not assigned (0xFF: 0x6040 u16), DC (cycle 1 ms, AssignActivate 0x0300, Sync0 factor 1, name 2).
    std::vector<std::uint16_t> w(0x40, 0);
    w[0] = 0x0C08;
    w[4] = 0x0007;  // alias
    // CRC-8 (x^8+x^2+x+1, init 0xFF) of words 0-6 computed bit by bit here, independently of sii::crc8.
    std::uint8_t crc = 0xff;
    for (int i = 0; i < 14; ++i) {
      const std::uint8_t byte = std::uint8_t(i % 2 ? w[std::size_t(i / 2)] >> 8 : w[std::size_t(i / 2)]);
      for (int b = 7; b >= 0; --b) {
        const bool top = ((crc >> 7) & 1) ^ ((byte >> b) & 1);
        crc = std::uint8_t(crc << 1);
        if (top) crc ^= 0x07;
      }
    }
    w[7] = crc;
    w[0x08] = 0x0002; w[0x09] = 0x0000;  // vendor 2
    w[0x0A] = 0x1C52; w[0x0B] = 0x1A3A;  // product 0x1A3A1C52
    w[0x0C] = 0x0010; w[0x0D] = 0x0014;  // revision 0x00140010
    w[0x0E] = 0x0005;                    // serial 5
    w[0x18] = 0x1000; w[0x19] = 0x0080; w[0x1A] = 0x1080; w[0x1B] = 0x0080;
    w[0x1C] = 0x0004;  // CoE
    w[0x3E] = 0x000F;
    w[0x3F] = 0x0001;
    const std::vector<std::uint16_t> cats{
        10, 3, 0x0202, 0x4241, 0x4301,                                        // strings
        30, 16, 0x0002, 0x0101, 0x2300, 0x0000, 0x0100, 0x0000, 0xFF9C, 0x0002,  // general ...
        0x0011, 0x0000, 0, 0, 0, 0, 0, 0,                                       // ... 32 bytes
        41, 4, 0x1800, 0x000B, 0x0064, 0x0301,                                 // SyncM
        50, 12, 0x1A00, 0x0302, 0x0000, 0x0000, 0x6041, 0x0000, 0x1006, 0x0000, 0x6064, 0x0000, 0x2004, 0x0000,
        51, 8, 0x1601, 0xFF01, 0x0000, 0x0000, 0x6040, 0x0000, 0x1006, 0x0000,
        60, 12, 0x4240, 0x000F, 0, 0, 0, 0, 0x0000, 0x0300, 0x0001, 0x0002, 0, 0,
        0xFFFF, 0};
    w.insert(w.end(), cats.begin(), cats.end());
    sii::Image img;
    std::string why;
    QVERIFY2(sii::decode(w, img, &why), why.c_str());
    QVERIFY(img.checksumOk);
    QCOMPARE(img.vendorId, 2u);
    QCOMPARE(img.productCode, 0x1A3A1C52u);
    QCOMPARE(img.revision, 0x00140010u);
    QCOMPARE(int(img.stationAlias), 7);
    QCOMPARE(img.strings, (std::vector<std::string>{"AB", "C"}));
    QVERIFY(img.general.has_value());
    QCOMPARE(img.name(), std::string("AB"));
    QCOMPARE(int(img.general->coeDetails), 0x23);
    QCOMPARE(int(img.general->currentOnEbus), -100);
    QCOMPARE(int(img.general->ds402Channels), 1);
    QCOMPARE(img.syncManagers.size(), std::size_t(1));
    QVERIFY((img.syncManagers[0] == sii::SyncManager{0x1800, 11, 0x64, 0, 1, sii::SmOutputs}));
    QCOMPARE(img.txPdos.size(), std::size_t(1));
    QCOMPARE(int(img.txPdos[0].syncManager), 3);
    QCOMPARE(int(img.txPdos[0].bits()), 48);
    QCOMPARE(int(img.txPdos[0].entries[1].index), 0x6064);
    QCOMPARE(int(img.rxPdos[0].syncManager), int(sii::kNotAssigned));
    QCOMPARE(int(img.assignedBits(3)), 48);
    QCOMPARE(int(img.assignedBits(2)), 0);  // the RxPDO is not assigned by default
    QCOMPARE(img.dcModes.size(), std::size_t(1));
    QVERIFY((img.dcModes[0] == sii::DcMode{1000000, 0, 0, 0, 0x0300, 1, 2, 0}));
    QCOMPARE(sii::wordsNeeded(w.data(), w.size()), std::size_t(0));
    QVERIFY(sii::wordsNeeded(w.data(), 0x50) > 0x50);
    // The encoder writes exactly these words.
    const auto back = sii::encode(img);
    QCOMPARE(back, w);
  }

  void siiMalformedImages() {
    sii::Image img;
    img.strings = {"x"};
    img.syncManagers = {{0x1000, 128, 0x26, 0, 1, sii::SmMailboxOut}};
    auto w = sii::encode(img);
    std::string why;
    sii::Image out;
    QVERIFY(sii::decode(w, out, &why));
    w[0x40 + 1] = 200;  // strings category claims 200 words
    QVERIFY(!sii::decode(w, out, &why));
    QVERIFY2(why.find("overruns") != std::string::npos, why.c_str());
    w = sii::encode(img);
    w.resize(w.size() - 2);  // no end marker
    QVERIFY(!sii::decode(w, out, &why));
    QVERIFY(why.find("end category") != std::string::npos);
    w = sii::encode(img);
    w[1] ^= 0x0100;  // header changed, CRC not updated
    QVERIFY(sii::decode(w, out, &why));
    QVERIFY(!out.checksumOk);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestEthercatCoe)
#include "test_ethercat_coe.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_coe
