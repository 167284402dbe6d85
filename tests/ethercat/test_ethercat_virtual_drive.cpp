// The virtual drives as a master other than ManipLab's sees them: a minimal master written here from the
// codecs (frames, SII, CoE) drives VirtualBus::processFrame directly (no link, no threads, a simulated
// clock), for each drive profile. Checked: SII read with 8-byte EEPROM reads (0x0502 bit 6), names,
// SyncManager layout and PDO categories per profile; DL status per position; SDO aborts as CoE service 2
// with their codes, mailbox errors of type 0x00, repeated mailbox counters dropped, repeat request;
// segmented transfers (toggle bit checked), complete access, SDO information; PDO remapping in PREOP and
// the exchange of the mapped layout at its offsets; working counters in SAFEOP; DC registers (receive
// times with the line delay, offsets, delays, system time difference and the drift loop against 100 ppm,
// SYNC0); emergencies on a drive fault and its reset; OP refused without SYNC0 when DC is required.
#include <QtTest>

#include <optional>

#include "maniplab/ethercat/coe.hpp"
#include "maniplab/ethercat/frame.hpp"
#include "maniplab/ethercat/sii.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/model/robot_file.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_virtual_drive {

using namespace maniplab;
using namespace maniplab::ethercat;
using Bytes = std::vector<std::uint8_t>;

namespace {

std::string umisPath() { return std::string(MANIPLAB_SOURCE_DIR) + "/robots/umis.json"; }
std::uint64_t get64(const std::uint8_t* p) { return std::uint64_t(get32(p)) | (std::uint64_t(get32(p + 4)) << 32); }
Bytes le(std::uint64_t v, int n) {
  Bytes b(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) b[std::size_t(i)] = std::uint8_t(v >> (8 * i));
  return b;
}

/// A master reduced to what the tests need, frames processed by the bus in the calling thread.
struct MiniMaster {
  VirtualBus& bus;
  std::vector<sii::Image> sii;
  std::vector<std::uint8_t> counter;

  explicit MiniMaster(VirtualBus& b) : bus(b), counter(std::size_t(b.slaveCount()), 0) {}

  std::vector<Datagram> xfer(std::vector<Datagram> d) {
    auto f = encodeFrame(d, Mac{0x02, 0, 0, 0, 0, 1});
    if (!bus.processFrame(f.data(), f.size())) qFatal("frame not answered");
    std::vector<Datagram> out;
    if (!decodeFrame(f, out)) qFatal("reply not decodable");
    return out;
  }
  Datagram one(Command c, std::uint32_t addr, Bytes data) { return xfer({{c, 1, addr, std::move(data), 0}})[0]; }
  static std::uint16_t st(int slave) { return std::uint16_t(0x1001 + slave); }
  Datagram fprd(int s, std::uint16_t ado, std::size_t n) { return one(Command::FPRD, FrameBuilder::address(st(s), ado), Bytes(n)); }
  int fpwr(int s, std::uint16_t ado, Bytes d) { return one(Command::FPWR, FrameBuilder::address(st(s), ado), std::move(d)).wkc; }

  void scan() {
    QCOMPARE(int(one(Command::BRD, 0, Bytes(1)).wkc), bus.slaveCount());
    for (int i = 0; i < bus.slaveCount(); ++i)
      QCOMPARE(int(one(Command::APWR, FrameBuilder::address(std::uint16_t(-i), reg::StationAddress), le(st(i), 2)).wkc), 1);
    sii.clear();
    for (int i = 0; i < bus.slaveCount(); ++i) sii.push_back(readSii(i));
  }

  /// Reads the EEPROM as SOEM does: command + address, then the data (4 or 8 bytes, bit 6 of 0x0502).
  sii::Image readSii(int s, bool* eightBytes = nullptr) {
    std::vector<std::uint16_t> w;
    while (w.size() < 0x40 || sii::wordsNeeded(w.data(), w.size())) {
      Bytes cmd = le(reg::SiiReadCommand, 2);
      const Bytes a = le(w.size(), 4);
      cmd.insert(cmd.end(), a.begin(), a.end());
      if (fpwr(s, reg::SiiControl, cmd) != 1) qFatal("SII command refused");
      const Datagram r = fprd(s, reg::SiiControl, 14);
      const std::uint16_t ctrl = get16(r.data.data());
      if (ctrl & (reg::SiiBusy | 0x0700)) qFatal("SII busy");
      const bool e8 = ctrl & reg::SiiRead8Bytes;
      if (eightBytes) *eightBytes = e8;
      for (int k = 0; k < (e8 ? 4 : 2); ++k) w.push_back(get16(&r.data[std::size_t(6 + 2 * k)]));
      if (w.size() > 4096) qFatal("SII without end");
    }
    sii::Image img;
    std::string why;
    if (!sii::decode(w, img, &why)) qFatal("SII: %s", why.c_str());
    return img;
  }

  /// SM0/SM1 from the SII, then PREOP.
  void toPreop() {
    for (int i = 0; i < bus.slaveCount(); ++i) {
      const auto& m = sii[std::size_t(i)].syncManagers;
      for (int k = 0; k < 2; ++k) {
        Bytes r = le(m[std::size_t(k)].start, 2);
        for (auto b : le(m[std::size_t(k)].length, 2)) r.push_back(b);
        r.push_back(m[std::size_t(k)].control);
        r.push_back(0);
        r.push_back(1);
        r.push_back(0);
        QCOMPARE(fpwr(i, std::uint16_t(reg::Sm0 + 8 * k), r), 1);
      }
      QCOMPARE(int(requestState(i, 2)), 2);
    }
  }
  /// AL control then AL status; returns the AL status (code in *code).
  std::uint16_t requestState(int s, std::uint8_t state, std::uint16_t* code = nullptr) {
    fpwr(s, reg::AlControl, {state, 0});
    const Datagram r = fprd(s, reg::AlStatus, 6);
    if (code) *code = get16(&r.data[4]);
    return get16(r.data.data());
  }
  /// SM2/SM3 and FMMUs for slave s: outputs at logical 0x10000 + 64 s, inputs 32 bytes further.
  void configureProcessData(int s, std::uint16_t outBytes, std::uint16_t inBytes) {
    const auto& img = sii[std::size_t(s)];
    const auto& o = img.syncManagers[2];
    const auto& in = img.syncManagers[3];
    auto sm = [&](const sii::SyncManager& m, std::uint16_t len) {
      Bytes r = le(m.start, 2);
      for (auto b : le(len, 2)) r.push_back(b);
      r.push_back(m.control);
      r.push_back(0);
      r.push_back(len ? 1 : 0);
      r.push_back(0);
      return r;
    };
    QCOMPARE(fpwr(s, reg::Sm0 + 16, sm(o, outBytes)), 1);
    QCOMPARE(fpwr(s, reg::Sm0 + 24, sm(in, inBytes)), 1);
    auto fmmu = [&](std::uint32_t log, std::uint16_t len, std::uint16_t phys, std::uint8_t type) {
      Bytes f(16, 0);
      put32(&f[0], log);
      put16(&f[4], len);
      f[7] = 7;
      put16(&f[8], phys);
      f[11] = type;
      f[12] = 1;
      return f;
    };
    QCOMPARE(fpwr(s, reg::Fmmu0, fmmu(0x10000 + 64u * std::uint32_t(s), outBytes, o.start, 2)), 1);
    QCOMPARE(fpwr(s, reg::Fmmu0 + 16, fmmu(0x10000 + 64u * std::uint32_t(s) + 32, inBytes, in.start, 1)), 1);
  }

  // --- mailbox ---
  std::size_t mbxOut(int s) const { return sii[std::size_t(s)].stdRxMbxSize; }
  std::size_t mbxIn(int s) const { return sii[std::size_t(s)].stdTxMbxSize; }
  std::uint8_t nextCounter(int s) { return counter[std::size_t(s)] = mbx::nextCounter(counter[std::size_t(s)]); }
  int send(int s, Bytes msg) {
    msg.resize(mbxOut(s), 0);
    return fpwr(s, sii[std::size_t(s)].stdRxMbxOffset, msg);
  }
  bool mailboxFull(int s) { return fprd(s, reg::Sm0 + 8 + reg::SmStatus, 1).data[0] & reg::SmStatusMailboxFull; }
  std::optional<Bytes> receive(int s) {
    if (!mailboxFull(s)) return std::nullopt;
    const Datagram r = fprd(s, sii[std::size_t(s)].stdTxMbxOffset, mbxIn(s));
    if (r.wkc != 1) return std::nullopt;
    return r.data;
  }
  coe::Message exchange(int s, const Bytes& msg) {
    if (send(s, msg) != 1) qFatal("mailbox write refused");
    auto r = receive(s);
    if (!r) qFatal("no mailbox reply");
    coe::Message m;
    std::string why;
    if (!coe::decode(r->data(), r->size(), m, &why)) qFatal("reply: %s", why.c_str());
    return m;
  }
  coe::Message request(int s, const coe::Sdo& sdo) { return exchange(s, coe::encode(sdo, nextCounter(s), mbxOut(s))); }
  coe::Message request(int s, const coe::SdoInfo& info) { return exchange(s, coe::encode(info, nextCounter(s), mbxOut(s))); }

  /// Whole SDO upload (expedited, normal or segmented); 0 or the abort code.
  std::uint32_t upload(int s, std::uint16_t index, std::uint8_t sub, Bytes& value, bool ca = false) {
    auto m = request(s, coe::uploadRequest(index, sub, ca));
    if (m.sdo.kind == coe::SdoKind::Abort) return m.sdo.abortCode;
    if (m.sdo.kind != coe::SdoKind::UploadResponse) qFatal("not an upload response");
    value = m.sdo.data;
    bool toggle = false;
    const bool segmented = !m.sdo.expedited && value.size() < m.sdo.completeSize;
    const std::size_t total = m.sdo.completeSize;
    while (segmented) {
      m = request(s, coe::uploadSegmentRequest(toggle));
      if (m.sdo.kind == coe::SdoKind::Abort) return m.sdo.abortCode;
      if (m.sdo.kind != coe::SdoKind::UploadSegmentResponse || m.sdo.toggle != toggle) qFatal("bad segment");
      value.insert(value.end(), m.sdo.data.begin(), m.sdo.data.end());
      toggle = !toggle;
      if (m.sdo.last) break;
    }
    if (segmented && value.size() != total) qFatal("segmented upload: %zu bytes of %zu", value.size(), total);
    return 0;
  }
  std::uint32_t download(int s, std::uint16_t index, std::uint8_t sub, const Bytes& value, bool ca = false) {
    const auto init = coe::downloadRequest(index, sub, value, mbxOut(s), ca);
    auto m = request(s, init);
    if (m.sdo.kind == coe::SdoKind::Abort) return m.sdo.abortCode;
    if (m.sdo.kind != coe::SdoKind::DownloadResponse) qFatal("not a download response");
    if (init.expedited) return 0;
    for (const auto& seg : coe::segments(coe::SdoKind::DownloadSegmentRequest, value, init.data.size(), mbxOut(s))) {
      m = request(s, seg);
      if (m.sdo.kind == coe::SdoKind::Abort) return m.sdo.abortCode;
      if (m.sdo.kind != coe::SdoKind::DownloadSegmentResponse || m.sdo.toggle != seg.toggle) qFatal("bad segment response");
    }
    return 0;
  }
  std::uint32_t u32(int s, std::uint16_t index, std::uint8_t sub) {
    Bytes v;
    if (upload(s, index, sub, v)) return 0xFFFFFFFFu;
    v.resize(4, 0);
    return get32(v.data());
  }
  /// Maps `entries` into PDO `pdo` and assigns the PDOs `assign` to 0x1C12 or 0x1C13, entry by entry.
  void remap(int s, std::uint16_t pdo, const std::vector<std::uint32_t>& entries, std::uint16_t assignObj,
             const std::vector<std::uint16_t>& assign) {
    QCOMPARE(download(s, pdo, 0, {0}), 0u);
    for (std::size_t i = 0; i < entries.size(); ++i) QCOMPARE(download(s, pdo, std::uint8_t(i + 1), le(entries[i], 4)), 0u);
    QCOMPARE(download(s, pdo, 0, {std::uint8_t(entries.size())}), 0u);
    QCOMPARE(download(s, assignObj, 0, {0}), 0u);
    for (std::size_t i = 0; i < assign.size(); ++i) QCOMPARE(download(s, assignObj, std::uint8_t(i + 1), le(assign[i], 2)), 0u);
    QCOMPARE(download(s, assignObj, 0, {std::uint8_t(assign.size())}), 0u);
  }
};

Model umis() {
  const auto r = loadRobotFile(umisPath());
  return r.model;
}

}  // namespace

class TestEthercatVirtualDrive : public QObject {
  Q_OBJECT

 private slots:
  void siiPerProfile_data() {
    QTest::addColumn<QString>("profile");
    for (const auto& p : virtualDriveProfiles()) QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
  }
  void siiPerProfile() {
    QFETCH(QString, profile);
    VirtualBusOptions o;
    o.profile = profile.toStdString();
    VirtualBus bus(umis(), sim::PlantOptions{}, {}, o);
    MiniMaster m(bus);
    m.scan();
    const VirtualDriveProfile& p = bus.profile();
    bool e8 = false;
    const sii::Image img = m.readSii(1, &e8);
    QVERIFY(e8);  // 0x0502 bit 6 set and 8 bytes served: the words decode to a valid image
    QVERIFY(img.checksumOk);
    QCOMPARE(img.vendorId, p.vendorId);
    QCOMPARE(img.productCode, p.productCode);
    QCOMPARE(img.serial, 2u);
    QCOMPARE(img.string(1), p.deviceName);  // what SOEM shows as the name
    QCOMPARE(img.name(), p.deviceName + " joint 2 (" + umis().jointName[1] + ")");
    QCOMPARE(img.syncManagers.size(), std::size_t(4));
    QCOMPARE(int(img.syncManagers[0].start), int(p.mbxOut));
    QCOMPARE(int(img.syncManagers[1].length), int(p.mbxInSize));
    QCOMPARE(int(img.syncManagers[2].start), int(p.outputs));
    QCOMPARE(int(img.syncManagers[3].start), int(p.inputs));
    QCOMPARE(int(img.syncManagers[2].length), int(defaultRxBytes(p)));
    QCOMPARE(int(img.assignedBits(2)), 8 * int(defaultRxBytes(p)));
    QCOMPARE(int(img.assignedBits(3)), 8 * int(defaultTxBytes(p)));
    for (const auto& pdo : img.txPdos)
      QCOMPARE(int(pdo.syncManager), pdo.index == p.txAssign[0] ? 3 : int(sii::kNotAssigned));
    QVERIFY(img.general && (img.general->coeDetails & sii::coedetails::CompleteAccess) && (img.general->coeDetails & sii::coedetails::SdoInfo));
    QCOMPARE(img.dcModes.size(), std::size_t(2));
    QCOMPARE(int(img.dcModes[1].assignActivate), 0x0300);
    if (profile == "vendor") {
      QCOMPARE(int(defaultRxBytes(p)), 11);
      QCOMPARE(int(defaultTxBytes(p)), 11);
      QCOMPARE(int(p.outputs), 0x1800);
      QCOMPARE(int(p.inputs), 0x1C00);
    }
    // With 4-byte reads (bit 6 clear) the same image.
    VirtualBusOptions o4 = o;
    o4.eeprom8ByteReads = false;
    VirtualBus bus4(umis(), sim::PlantOptions{}, {}, o4);
    MiniMaster m4(bus4);
    m4.scan();
    const sii::Image img4 = m4.readSii(1, &e8);
    QVERIFY(!e8);
    QVERIFY(sii::encode(img4) == sii::encode(img));
  }

  void dlStatusPerPosition() {
    VirtualBus bus(umis(), sim::PlantOptions{});
    MiniMaster m(bus);
    m.scan();
    const int n = bus.slaveCount();
    for (int i = 0; i < n; ++i) {
      const std::uint16_t dl = get16(m.fprd(i, reg::DlStatus, 2).data.data());
      QVERIFY(dl & reg::DlPdiOperational);
      QVERIFY((dl & reg::dlLink(0)) && (dl & reg::dlCommunication(0)) && !(dl & reg::dlLoopClosed(0)));
      if (i + 1 < n) QVERIFY2((dl & reg::dlCommunication(1)) && !(dl & reg::dlLoopClosed(1)), qPrintable(QString::number(dl, 16)));
      else QVERIFY2(!(dl & reg::dlCommunication(1)) && (dl & reg::dlLoopClosed(1)), qPrintable(QString::number(dl, 16)));
      QVERIFY((dl & reg::dlLoopClosed(2)) && (dl & reg::dlLoopClosed(3)));
    }
  }

  void mailboxAbortsErrorsCounterRepeat() {
    VirtualBus bus(umis(), sim::PlantOptions{});
    MiniMaster m(bus);
    m.scan();
    m.toPreop();
    QCOMPARE(m.u32(0, 0x1000, 0), 0x00020192u);
    // An abort is an SDO request (service 2) with command 0x80 and the code.
    auto r = m.request(0, coe::downloadRequest(0x6041, 0, {1, 2}, m.mbxOut(0)));
    QCOMPARE(int(r.service), int(coe::Service::SdoRequest));
    QCOMPARE(int(r.sdo.kind), int(coe::SdoKind::Abort));
    QCOMPARE(r.sdo.abortCode, abort::ReadOnly);
    QCOMPARE(int(r.sdo.index), 0x6041);
    // Writing 0x1600:01 while 0x1600:00 is not 0: 0x06010003.
    r = m.request(0, coe::downloadRequest(0x1600, 1, le(0x60400010, 4), m.mbxOut(0)));
    QCOMPARE(r.sdo.abortCode, abort::SubindexNotZero);
    // An EoE message: mailbox error of type 0x00, unsupported protocol.
    Bytes eoe(m.mbxOut(0), 0);
    mbx::writeHeader({4, 0, 0, 0, mbx::Type::EoE, m.nextCounter(0)}, eoe.data());
    auto e = m.exchange(0, eoe);
    QCOMPARE(int(e.kind), int(coe::Message::Kind::MailboxError));
    QCOMPARE(int(e.header.type), int(mbx::Type::Error));
    QCOMPARE(int(e.errorDetail), int(mbx::error::UnsupportedProtocol));
    // The same counter twice: the second message is a repetition and gets no answer.
    const std::uint8_t c = m.nextCounter(0);
    auto rq = coe::encode(coe::uploadRequest(0x1018, 1), c, m.mbxOut(0));
    QCOMPARE(m.send(0, rq), 1);
    auto first = m.receive(0);
    QVERIFY(first.has_value());
    QCOMPARE(m.send(0, rq), 1);
    QVERIFY(!m.mailboxFull(0));
    // Repeat request: toggle bit 1 of SM1 activate; the last message comes back, acknowledged in 0x080F.
    const std::uint8_t act = m.fprd(0, reg::Sm0 + 8 + reg::SmActivate, 1).data[0];
    QCOMPARE(m.fpwr(0, reg::Sm0 + 8 + reg::SmActivate, {std::uint8_t(act ^ reg::SmRepeatRequest)}), 1);
    QCOMPARE(int(m.fprd(0, reg::Sm0 + 8 + reg::SmPdiControl, 1).data[0] & reg::SmRepeatAck), int((act ^ 2) & 2));
    auto again = m.receive(0);
    QVERIFY(again.has_value());
    QVERIFY(*again == *first);
    // The slave's own counter advanced 1..7 over its messages.
    QCOMPARE(int(mbx::readHeader(first->data()).counter), 5);  // 0x1000, abort, abort, mailbox error, this one
    // A read of the empty read mailbox is not counted (WKC 0).
    QCOMPARE(int(m.fprd(0, m.sii[0].stdTxMbxOffset, m.mbxIn(0)).wkc), 0);
    // Every refusal is in the log with the slave and the reason.
    const std::string log = bus.log();
    QVERIFY2(log.find("slave 1 (ManipLab VD-402 joint 1 (q1)): SDO 0x6041:00 download refused: 0x06010002") != std::string::npos, log.c_str());
    QVERIFY(log.find("mailbox error 0x0002 mailbox protocol not supported") != std::string::npos);
    QVERIFY(log.find("counter") != std::string::npos);
  }

  void segmentedAndCompleteAccess() {
    VirtualBus bus(umis(), sim::PlantOptions{});
    MiniMaster m(bus);
    m.scan();
    m.toPreop();
    // Segmented upload of the description (longer than a 128-byte mailbox).
    Bytes text;
    QCOMPARE(m.upload(2, 0x2200, 0, text), 0u);
    QVERIFY(text.size() > coe::initiateCapacity(128));
    QVERIFY2(std::string(text.begin(), text.end()).find("Joint 3") != std::string::npos, std::string(text.begin(), text.end()).c_str());
    // A segment with the wrong toggle bit: abort 0x05030000.
    auto r = m.request(2, coe::uploadRequest(0x2200, 0));
    QVERIFY(!r.sdo.expedited && r.sdo.completeSize == text.size());
    r = m.request(2, coe::uploadSegmentRequest(true));
    QCOMPARE(int(r.sdo.kind), int(coe::SdoKind::Abort));
    QCOMPARE(r.sdo.abortCode, abort::ToggleBit);
    // A segment request without a transfer: 0x05040001.
    r = m.request(2, coe::uploadSegmentRequest(false));
    QCOMPARE(r.sdo.abortCode, abort::CommandSpecifier);
    // Segmented download and read back.
    Bytes data(300);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = std::uint8_t(i * 13 + 5);
    QCOMPARE(m.download(2, 0x2201, 0, data), 0u);
    Bytes back;
    QCOMPARE(m.upload(2, 0x2201, 0, back), 0u);
    QVERIFY(back == data);
    QCOMPARE(m.download(2, 0x2201, 0, Bytes(600)), abort::LengthTooHigh);
    // Complete access: 0x1C12 (sub 0 padded to 16 bits), 0x1018 from sub 0 and from sub 1.
    QCOMPARE(m.upload(2, 0x1C12, 0, back, true), 0u);
    QCOMPARE(back, (Bytes{0x01, 0x00, 0x00, 0x16}));
    QCOMPARE(m.upload(2, 0x1018, 0, back, true), 0u);
    QCOMPARE(back.size(), std::size_t(18));
    QCOMPARE(int(back[0]), 4);
    QCOMPARE(get32(&back[2]), kManipLabVendor);
    QCOMPARE(get32(&back[14]), 3u);  // serial = joint 3
    QCOMPARE(m.upload(2, 0x1018, 1, back, true), 0u);
    QCOMPARE(back.size(), std::size_t(16));
    QCOMPARE(m.upload(2, 0x1018, 2, back, true), abort::UnsupportedAccess);
    // Complete-access write of the assignment (as SOEM does): 0x1C13 = {0x1A00}.
    QCOMPARE(m.download(2, 0x1C13, 0, {1, 0, 0x00, 0x1A}, true), 0u);
    QCOMPARE(m.download(2, 0x1C13, 0, {1, 0, 0x00, 0x16}, true), abort::ValueRange);  // an RxPDO in the TxPDO list
    QCOMPARE(m.u32(2, 0x1C13, 0), 1u);
    QCOMPARE(m.u32(2, 0x1C13, 1), 0x1A00u);
  }

  void sdoInformation_data() { siiPerProfile_data(); }
  void sdoInformation() {
    QFETCH(QString, profile);
    VirtualBusOptions o;
    o.profile = profile.toStdString();
    VirtualBus bus(umis(), sim::PlantOptions{}, {}, o);
    MiniMaster m(bus);
    m.scan();
    m.toPreop();
    auto r = m.request(0, coe::info::odListRequest(coe::info::All));
    coe::info::Reassembler ra;
    QVERIFY(ra.add(r.info));
    while (!ra.done()) {
      auto more = m.receive(0);
      QVERIFY(more.has_value());
      coe::Message mm;
      QVERIFY(coe::decode(more->data(), more->size(), mm));
      QVERIFY(ra.add(mm.info));
    }
    std::uint16_t lt = 0;
    std::vector<std::uint16_t> idx;
    QVERIFY(coe::info::parseOdList(ra.payload(), lt, idx));
    auto has = [&](std::uint16_t i) { return std::find(idx.begin(), idx.end(), i) != idx.end(); };
    for (std::uint16_t i : {0x1000, 0x1018, 0x1C00, 0x1C12, 0x1C13, 0x1600, 0x1A00, 0x6040, 0x6041, 0x6064, 0x6077, 0x608F})
      QVERIFY2(has(i), qPrintable(QString::number(i, 16)));
    QCOMPARE(has(0x6091), bus.profile().gearRatio);
    QCOMPARE(has(0x60C2), bus.profile().interpolationPeriod);
    // Object description of 0x1C12: ARRAY of UNSIGNED16; entry 0x6041:00 readable, TxPDO-mappable.
    r = m.request(0, coe::info::objectDescriptionRequest(0x1C12));
    coe::info::ObjectDescription od;
    QVERIFY(coe::info::parseObjectDescription(r.info.payload, od));
    QCOMPARE(int(od.objectCode), int(coe::info::ObjArray));
    QCOMPARE(int(od.dataType), int(coe::dtype::Unsigned16));
    QCOMPARE(od.name, std::string("RxPDO assign"));
    r = m.request(0, coe::info::entryDescriptionRequest(0x6041, 0, 7));
    coe::info::EntryDescription ed;
    QVERIFY(coe::info::parseEntryDescription(r.info.payload, ed));
    QCOMPARE(int(ed.access), int(coe::info::access::Read | coe::info::access::TxPdo));
    QCOMPARE(int(ed.bitLength), 16);
    QCOMPARE(ed.name, std::string("Statusword"));
    r = m.request(0, coe::info::objectDescriptionRequest(0x5FFF));
    QCOMPARE(int(r.info.opcode), int(coe::InfoOpcode::Error));
    std::uint32_t code = 0;
    QVERIFY(coe::info::parseError(r.info, code));
    QCOMPARE(code, abort::NoObject);
    // List lengths (type 0): the five counts; the first is the number of objects.
    r = m.request(0, coe::info::odListRequest(coe::info::Lengths));
    std::vector<std::uint16_t> lens;
    QVERIFY(coe::info::parseOdList(r.info.payload, lt, lens));
    QCOMPARE(lens.size(), std::size_t(5));
    QCOMPARE(std::size_t(lens[0]), idx.size());
    QVERIFY(lens[1] > 0 && lens[2] > 0);
  }

  // Vendor profile: remap the TxPDO to 0x1A01 (velocity, digital inputs), SAFEOP needs the new SM3
  // length, and the drive exchanges the new layout at its offsets.
  void remapAndExchangeTheMappedLayout() {
    VirtualBusOptions o;
    o.profile = "vendor";
    VirtualBus bus(umis(), sim::PlantOptions{}, {}, o);
    MiniMaster m(bus);
    m.scan();
    m.toPreop();
    const int s = 1;
    // Refused mappings, each with its code.
    QCOMPARE(m.download(s, 0x1A02, 0, {0}), 0u);
    QCOMPARE(m.download(s, 0x1A02, 1, le(0x60400010, 4)), abort::NotMappable);  // controlword is RxPDO only
    QCOMPARE(m.download(s, 0x1602, 1, le(0x60600010, 4)), abort::NotMappable);  // 0x6060 is 8 bits, not 16
    QCOMPARE(m.download(s, 0x1602, 1, le(0x60600008, 4)), 0u);
    QCOMPARE(m.download(s, 0x1602, 2, le(0x00000008, 4)), 0u);  // a gap
    QCOMPARE(m.download(s, 0x1602, 0, {13}), abort::PdoLengthExceeded);
    QCOMPARE(m.download(s, 0x1C13, 1, le(0x1A01, 2)), abort::SubindexNotZero);  // 0x1C13:00 is 1
    QCOMPARE(m.download(s, 0x1C13, 0, {0}), 0u);
    QCOMPARE(m.download(s, 0x1C13, 1, le(0x1600, 2)), abort::ValueRange);  // an RxPDO
    m.remap(s, 0x1A01, {0x60410010, 0x60640020, 0x606C0020, 0x60770010, 0x603F0010, 0x60FD0020}, 0x1C13, {0x1A01});
    // SAFEOP with the old SM3 length (11): 0x001E; with 18: SAFEOP.
    m.configureProcessData(s, 11, 11);
    std::uint16_t code = 0;
    QCOMPARE(int(m.requestState(s, 4, &code)), 0x12);
    QCOMPARE(int(code), int(alcode::InvalidInputConfig));
    QVERIFY2(bus.log().find("SAFEOP refused: AL status code 0x001E invalid input configuration (SM3 is 0x1C00/11 bytes, "
                            "control 0x20, enabled; the TxPDO mapping needs 0x1C00/18 bytes") != std::string::npos,
             bus.log().c_str());
    m.configureProcessData(s, 11, 18);
    QCOMPARE(int(m.requestState(s, 0x14, &code)), 4);
    // In SAFEOP the mapping is fixed: 0x08000022.
    QCOMPARE(m.download(s, 0x1A01, 0, {0}), abort::DeviceState);
    QCOMPARE(int(m.requestState(s, 8)), 8);
    // Mode 10 and the enable sequence through the RxPDO (0x1600: controlword @0, target position @2,
    // target torque @6, torque offset @8, mode @10); the statusword and position in the TxPDO (@0, @2).
    auto cycle = [&](std::uint16_t cw) {
      Bytes out(11, 0);
      put16(&out[0], cw);
      out[10] = 10;
      Bytes frame(64, 0);
      std::copy(out.begin(), out.end(), frame.begin());
      auto r = m.xfer({{Command::LRW, 1, 0x10000u + 64u * s, frame, 0}});
      return r[0];
    };
    Datagram d{};
    for (std::uint16_t cw : {0x0006, 0x0006, 0x0007, 0x000F, 0x000F}) d = cycle(cw);  // the first cycle leaves "Not ready"
    QCOMPARE(int(d.wkc), 3);
    const std::uint8_t* in = &d.data[32];
    QCOMPARE(int(cia402::decodeStatusword(get16(in))), int(cia402::State::OperationEnabled));
    QCOMPARE(m.u32(s, 0x6061, 0) & 0xff, 10u);
    const std::int32_t pos = std::int32_t(get32(in + 2));
    QCOMPARE(std::uint32_t(pos), m.u32(s, 0x6064, 0));
    QCOMPARE(int(get16(in + 12)), 0);  // error code
    const auto scaling = virtualDriveScaling(umis(), s);
    QVERIFY(std::abs(pos / scaling.countsPerUnit - umis().home[s]) < 1e-3);
  }

  // Entries at bit offsets that are not whole bytes: TxPDO 0x1A02 = 4-bit gap, statusword, 4-bit gap,
  // position (the statusword at bits 4-19, the position at bits 24-55).
  void mappedEntriesAtBitOffsets() {
    VirtualBus bus(umis(), sim::PlantOptions{});
    MiniMaster m(bus);
    m.scan();
    m.toPreop();
    m.remap(0, 0x1A02, {0x00000004, 0x60410010, 0x00000004, 0x60640020}, 0x1C13, {0x1A02});
    m.configureProcessData(0, 8, 7);
    QCOMPARE(int(m.requestState(0, 4)), 4);
    const Datagram d = m.xfer({{Command::LRD, 1, 0x10000u + 32u, Bytes(7), 0}})[0];
    QCOMPARE(int(d.wkc), 1);
    const std::uint64_t bits = get64(Bytes{d.data[0], d.data[1], d.data[2], d.data[3], d.data[4], d.data[5], d.data[6], 0}.data());
    QCOMPARE(std::uint32_t((bits >> 4) & 0xFFFF), m.u32(0, 0x6041, 0));
    QCOMPARE(std::uint32_t((bits >> 24) & 0xFFFFFFFF), m.u32(0, 0x6064, 0));
    QVERIFY(((bits >> 24) & 0xFFFFFFFF) != 0);
  }

  void workingCountersInSafeOp_data() {
    QTest::addColumn<bool>("countOutputs");
    QTest::newRow("as an ESC") << true;
    QTest::newRow("legacy") << false;
  }
  void workingCountersInSafeOp() {
    QFETCH(bool, countOutputs);
    VirtualBusOptions o;
    o.countOutputsInSafeOp = countOutputs;
    VirtualBus bus(umis(), sim::PlantOptions{}, {}, o);
    MiniMaster m(bus);
    m.scan();
    m.toPreop();
    m.configureProcessData(0, 8, 14);
    QCOMPARE(int(m.requestState(0, 4)), 4);
    auto r = m.xfer({{Command::LRW, 1, 0x10000u, Bytes(64), 0}});
    QCOMPARE(int(r[0].wkc), countOutputs ? 3 : 1);
    QCOMPARE(int(m.requestState(0, 8)), 8);
    r = m.xfer({{Command::LRW, 1, 0x10000u, Bytes(64), 0}});
    QCOMPARE(int(r[0].wkc), 3);
  }

  // DC: receive times with the line delay, offsets and delays as a master computes them, then the
  // drift loop holding every slave against the reference with 100 ppm of drift.
  void distributedClocks() {
    std::int64_t now = 5'000'000'000;
    VirtualBusOptions o;
    o.clock = [&] { return now; };
    o.clockDriftPpm = 100;
    o.hopDelayNs = 500;
    VirtualBus bus(umis(), sim::PlantOptions{}, {}, o);
    MiniMaster m(bus);
    m.scan();
    const int n = bus.slaveCount();
    QCOMPARE(int(m.one(Command::BWR, FrameBuilder::address(0, reg::DcRecvTimePort0), Bytes(4)).wkc), n);
    const auto un = static_cast<std::size_t>(n);
    std::vector<std::int64_t> t0(un), t1(un), epu(un);
    for (int i = 0; i < n; ++i) {
      const Datagram r = m.fprd(i, reg::DcRecvTimePort0, 32);
      t0[std::size_t(i)] = get32(&r.data[0]);
      t1[std::size_t(i)] = get32(&r.data[4]);
      epu[std::size_t(i)] = std::int64_t(get64(&r.data[0x18]));
      QCOMPARE(std::uint32_t(epu[std::size_t(i)]), std::uint32_t(t0[std::size_t(i)]));
    }
    QCOMPARE(t1[std::size_t(n - 1)], std::int64_t(0));  // port 1 closed: never latched
    // Round trip behind slave i: 2 (n - 1 - i) hops of 500 ns, on the slave's own clock (100 ppm).
    for (int i = 0; i + 1 < n; ++i) {
      const double rt = double(t1[std::size_t(i)] - t0[std::size_t(i)]);
      QVERIFY2(std::abs(rt - 2.0 * (n - 1 - i) * 500) <= 10 + 1e-4 * rt, qPrintable(QString::number(rt)));  // 10 ns clock steps
    }
    // Propagation delays (forward = return) and offsets to the reference (slave 1): what a master writes.
    std::vector<std::int64_t> delay(std::size_t(n), 0);
    for (int i = 1; i < n; ++i)
      delay[std::size_t(i)] = delay[std::size_t(i - 1)] +
                              ((t1[std::size_t(i - 1)] - t0[std::size_t(i - 1)]) - (i + 1 < n ? t1[std::size_t(i)] - t0[std::size_t(i)] : 0)) / 2;
    const std::int64_t refTime = epu[0];
    for (int i = 0; i < n; ++i) {
      QVERIFY(std::abs(delay[std::size_t(i)] - 500 * i) <= 10 * i);
      QCOMPARE(m.fpwr(i, reg::DcSystemTimeOffset, le(std::uint64_t(refTime + delay[std::size_t(i)] - epu[std::size_t(i)]), 8)), 1);
      QCOMPARE(m.fpwr(i, reg::DcSystemTimeDelay, le(std::uint64_t(delay[std::size_t(i)]), 4)), 1);
    }
    // Static drift compensation: ARMW of the reference's system time, one every 100 us, 3000 times,
    // then one per 1 ms cycle for 60 s: the system time difference of every slave stays below 100 ns.
    auto armw = [&] { return m.one(Command::ARMW, FrameBuilder::address(0, reg::DcSystemTime), Bytes(8)); };
    for (int k = 0; k < 3000; ++k) {
      now += 100'000;
      QCOMPARE(int(armw().wkc), n);
    }
    std::int32_t worst = 0;
    for (int k = 0; k < 60'000; ++k) {
      now += 1'000'000;
      armw();
      if (k > 1000)
        for (int i = 1; i < n; ++i) worst = std::max(worst, std::abs(bus.systemTimeDifference(i)));
    }
    qInfo("worst |system time difference| over 59 s at 1 kHz, drifts up to 100 ppm: %d ns", worst);
    QVERIFY(worst < 100);
    for (int i = 1; i < n; ++i) {
      QVERIFY(std::abs(bus.clockCorrectionPpm(i)) > 10);  // the loop did correct something
      // 0x092C: sign and magnitude of the mean difference.
      const std::uint32_t d = get32(m.fprd(i, reg::DcSystemTimeDiff, 4).data.data());
      QVERIFY((d & 0x7FFFFFFF) < 100);
    }
    // The system times agree: each slave's time when the frame reaches it = reference's + its delay.
    const Datagram ref = m.fprd(0, reg::DcSystemTime, 8);
    for (int i = 1; i < n; ++i) {
      const std::int64_t ti = std::int64_t(get64(m.fprd(i, reg::DcSystemTime, 8).data.data()));
      QVERIFY2(std::abs(ti - (std::int64_t(get64(ref.data.data())) + delay[std::size_t(i)])) < 100, qPrintable(QString::number(ti)));
    }
    // SYNC0: start 1 ms ahead, cycle 1 ms; reading 0x0990 gives the next pulse on that grid.
    const std::int64_t sys = std::int64_t(get64(m.fprd(2, reg::DcSystemTime, 8).data.data()));
    const std::int64_t start = sys + 1'000'000;
    QCOMPARE(m.fpwr(2, reg::DcSync0Cycle, le(1'000'000, 4)), 1);
    QCOMPARE(m.fpwr(2, reg::DcStartTime, le(std::uint64_t(start), 8)), 1);
    QCOMPARE(m.fpwr(2, reg::DcActivation, {0x03}), 1);
    QVERIFY(bus.esc(2).sync0Active());
    now += 3'500'000;
    const std::int64_t next = std::int64_t(get64(m.fprd(2, reg::DcStartTime, 8).data.data()));
    QCOMPARE(next, start + 3'000'000);  // 3.5 ms later: the pulse after start + 2 ms is at start + 3 ms
    QCOMPARE(int(m.fprd(2, reg::DcActivationStatus, 1).data[0] & 1), 1);
    // A start time in the past: SYNC0 stays off, and the log says why.
    QCOMPARE(m.fpwr(3, reg::DcSync0Cycle, le(1'000'000, 4)), 1);
    QCOMPARE(m.fpwr(3, reg::DcStartTime, le(std::uint64_t(sys - 1'000'000), 8)), 1);
    QCOMPARE(m.fpwr(3, reg::DcActivation, {0x03}), 1);
    QVERIFY(!bus.esc(3).sync0Active());
    QVERIFY(bus.log().find("SYNC0 not started: start time") != std::string::npos);
  }

  void requireDcRefusesOpWithoutSync0() {
    std::int64_t now = 1'000'000'000;
    VirtualBusOptions o;
    o.requireDc = true;
    o.clock = [&] { return now; };
    VirtualBus bus(umis(), sim::PlantOptions{}, {}, o);
    MiniMaster m(bus);
    m.scan();
    m.toPreop();
    m.configureProcessData(0, 8, 14);
    QCOMPARE(int(m.requestState(0, 4)), 4);
    std::uint16_t code = 0;
    QCOMPARE(int(m.requestState(0, 8, &code)), 0x14);
    QCOMPARE(int(code), 0x0030);
    QVERIFY(bus.log().find("OP refused: SYNC0 is not running") != std::string::npos);
    const std::int64_t sys = std::int64_t(get64(m.fprd(0, reg::DcSystemTime, 8).data.data()));
    QCOMPARE(m.fpwr(0, reg::DcSync0Cycle, le(2'000'000, 4)), 1);  // 2 ms while 0x60C2 says 1 ms
    QCOMPARE(m.fpwr(0, reg::DcStartTime, le(std::uint64_t(sys + 10'000'000), 8)), 1);
    QCOMPARE(m.fpwr(0, reg::DcActivation, {0x03}), 1);
    QCOMPARE(int(m.requestState(0, 0x18, &code)), 0x14);
    QCOMPARE(int(code), 0x0035);
    QCOMPARE(m.fpwr(0, reg::DcSync0Cycle, le(1'000'000, 4)), 1);
    QCOMPARE(m.fpwr(0, reg::DcActivation, {0x03}), 1);
    QCOMPARE(int(m.requestState(0, 0x18, &code)), 8);
  }

  void emergencyOnFaultAndReset() {
    VirtualBusOptions o;
    o.emergencies = true;
    FaultPlan f;
    f.kind = FaultPlan::Kind::DriveFault;
    f.slave = 0;
    f.afterCycles = 5;
    VirtualBus bus(umis(), sim::PlantOptions{}, f, o);
    MiniMaster m(bus);
    m.scan();
    m.toPreop();
    m.configureProcessData(0, 8, 14);
    QCOMPARE(int(m.requestState(0, 4)), 4);
    QCOMPARE(int(m.requestState(0, 8)), 8);
    auto cycle = [&](std::uint16_t cw) {
      Bytes frame(64, 0);
      put16(&frame[0], cw);
      return m.xfer({{Command::LRW, 1, 0x10000u, frame, 0}})[0];
    };
    for (int k = 0; k < 8; ++k) cycle(0x0006);
    auto msg = m.receive(0);
    QVERIFY(msg.has_value());
    coe::Message em;
    QVERIFY(coe::decode(msg->data(), msg->size(), em));
    QCOMPARE(int(em.kind), int(coe::Message::Kind::Emergency));
    QCOMPARE(int(em.emergency.errorCode), 0x2310);
    QCOMPARE(int(em.emergency.errorRegister), int(coe::errreg::Generic | coe::errreg::Current));
    QCOMPARE(int(em.emergency.data[0]), 1);  // the joint
    QCOMPARE(m.u32(0, 0x1001, 0) & 0xff, 3u);
    // Fault reset (rising edge of bit 7): emergency 0x0000, error register 0.
    cycle(0x0080);
    msg = m.receive(0);
    QVERIFY(msg.has_value());
    QVERIFY(coe::decode(msg->data(), msg->size(), em));
    QCOMPARE(int(em.kind), int(coe::Message::Kind::Emergency));
    QCOMPARE(int(em.emergency.errorCode), 0);
    QCOMPARE(int(em.emergency.errorRegister), 0);
    QVERIFY(bus.log().find("emergency 0x2310 continuous over-current") != std::string::npos);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestEthercatVirtualDrive)
#include "test_ethercat_virtual_drive.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_virtual_drive
