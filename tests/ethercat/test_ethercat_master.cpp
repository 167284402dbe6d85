// The EtherCAT master's own pieces, checked against what the specifications say rather than against the
// master's encoders: reply matching with and without the forwarded bit (ETG.1000.4 §5), PDO entries found
// by index/sub-index at any bit offset (ETG.1000.6 §5.6.7.4, CiA 301 §7.4.8 mapping words), drive profiles
// (the shipped ones parse, errors name the field, the most specific match wins), the distributed-clocks
// arithmetic on receive times worked out by hand from the ESC datasheet's model (section I §9: ports
// visited 0-3-1-2, delay = parent's + earlier subtrees + half the round-trip difference), the ESI reader on
// a file written from the ETG.2000 schema (tests/data/esi) and on malformed input, object values in words
// by CoE data type.
#include <QtTest>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "maniplab/ethercat/distributed_clocks.hpp"
#include "maniplab/ethercat/drive_profile.hpp"
#include "maniplab/ethercat/esi_reader.hpp"
#include "maniplab/ethercat/frame.hpp"
#include "maniplab/ethercat/pdo_mapping.hpp"
#include "maniplab/ethercat/protocol.hpp"
#include "maniplab/ethercat/sdo_value.hpp"
#include "maniplab/ethercat/coe.hpp"
#include "support/reader_rule.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_master {

using namespace maniplab::ethercat;

namespace {
std::string dataPath(const char* rel) { return std::string(MANIPLAB_SOURCE_DIR) + "/tests/data/" + rel; }
/// A DL status word (0x0110) with the ports `open` (loop open, communication, link) and the others closed.
std::uint16_t dl(std::initializer_list<int> open) {
  std::uint16_t v = 0;
  for (int p = 0; p < 4; ++p) {
    const bool o = std::find(open.begin(), open.end(), p) != open.end();
    v = std::uint16_t(v | (o ? (0x0200u << (2 * p)) | (0x10u << p) : (0x0100u << (2 * p))));
  }
  return v;
}
std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
/// `text` with the first `from` replaced by `to` (the test data must hold `from`).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  if (at == std::string::npos) qFatal("test data lacks '%s'", from.c_str());
  return text.replace(at, from.size(), to);
}
template <class F>
std::string errorOf(F f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}
}  // namespace

class TestEthercatMaster : public QObject {
  Q_OBJECT

 private slots:
  // A processed frame is the reply with or without the forwarded bit; the request itself, unchanged, is
  // the master's own frame come back unprocessed.
  void repliesWithoutForwardedBitAreAccepted() {
    const Mac src = masterSourceMac({0x02, 0x11, 0x22, 0x33, 0x44, 0x55});
    auto request = encodeFrame({{Command::LRW, 0x42, 0x00010000, std::vector<std::uint8_t>(22, 0x11), 0},
                                {Command::FPRD, 0x42, FrameBuilder::address(0x1001, 0x0130), std::vector<std::uint8_t>(6), 0}},
                               src);
    std::vector<DatagramView> req, v;
    QVERIFY(parseFrame(request.data(), request.size(), req));
    // as an emulator returns it: working counters and data filled in, source MAC untouched
    auto answered = encodeFrame({{Command::LRW, 0x42, 0x00010000, std::vector<std::uint8_t>(22, 0x11), 3},
                                 {Command::FPRD, 0x42, FrameBuilder::address(0x1001, 0x0130), {8, 0, 0, 0, 0, 0}, 1}},
                                src);
    QVERIFY(!isForwarded(answered.data()));
    QCOMPARE(classifyReply(answered.data(), answered.size(), request.data(), req, v), ReplyKind::Reply);
    QCOMPARE(int(v[0].wkc()), 3);
    // only a working counter changed: processed
    auto wkcOnly = request;
    std::vector<DatagramView> w;
    QVERIFY(parseFrame(wkcOnly.data(), wkcOnly.size(), w));
    w[1].setWkc(1);
    QCOMPARE(classifyReply(wkcOnly.data(), wkcOnly.size(), request.data(), req, v), ReplyKind::Reply);
    // only data changed (a slave that does not count on a read would be broken, but it processed the frame)
    auto dataOnly = request;
    QVERIFY(parseFrame(dataOnly.data(), dataOnly.size(), w));
    w[1].data[0] = 4;
    QCOMPARE(classifyReply(dataOnly.data(), dataOnly.size(), request.data(), req, v), ReplyKind::Reply);
    // the request unchanged, with or without the forwarded bit: unprocessed, never the reply
    auto echo = request;
    QCOMPARE(classifyReply(echo.data(), echo.size(), request.data(), req, v), ReplyKind::Unprocessed);
    auto forwardedEcho = request;
    forwardedEcho[6] |= 0x02;  // an ESC that forwards sets it even when it has nothing to do
    QCOMPARE(classifyReply(forwardedEcho.data(), forwardedEcho.size(), request.data(), req, v), ReplyKind::Reply);
    // another source MAC, another index
    auto foreign = answered;
    foreign[8] ^= 0x10;
    QCOMPARE(classifyReply(foreign.data(), foreign.size(), request.data(), req, v), ReplyKind::Foreign);
    auto stale = answered;
    QVERIFY(parseFrame(stale.data(), stale.size(), w));
    for (auto& d : w) d.header[1] = 0x41;
    QCOMPARE(classifyReply(stale.data(), stale.size(), request.data(), req, v), ReplyKind::Stale);
    QCOMPARE(std::string(replyKindName(ReplyKind::Unprocessed)), std::string("own frame, unprocessed (no slave counted or changed it)"));
  }

  // Entries at any bit offset (CiA 301 mapping words: index << 16 | sub << 8 | bits); a gap (index 0)
  // shifts what follows; fields read back sign-extended, written without touching their neighbours.
  void pdoEntriesAreFoundAtAnyBitOffset() {
    sii::Pdo rx;
    rx.index = 0x1601;
    for (std::uint32_t w : {0x60400010u, 0x00000003u, 0x60FE0101u, 0x60710010u, 0x00000004u, 0x607A0020u})
      rx.entries.push_back(entryFromMappingWord(w));
    QCOMPARE(int(rx.entries[2].index), 0x60FE);
    QCOMPARE(int(rx.entries[2].subindex), 1);
    QCOMPARE(int(rx.entries[2].bitLength), 1);
    QCOMPARE(mappingWord(0x607A, 0, 32), 0x607A0020u);
    const std::vector<sii::Pdo> pdos{rx};
    QCOMPARE(pdoBits(pdos), 16u + 3 + 1 + 16 + 4 + 32);
    QCOMPARE(locateEntry(pdos, 0x6040, 0), (FieldLocation{0, 16}));
    QCOMPARE(locateEntry(pdos, 0x60FE, 1), (FieldLocation{19, 1}));
    QCOMPARE(locateEntry(pdos, 0x6071, 0), (FieldLocation{20, 16}));
    QCOMPARE(locateEntry(pdos, 0x607A, 0), (FieldLocation{40, 32}));
    QVERIFY(!locateEntry(pdos, 0x607A, 1).present());
    QVERIFY(!locateEntry(pdos, 0x0000, 0).present());  // a gap is not an object
    std::uint8_t buf[9];
    std::memset(buf, 0xA5, sizeof buf);
    writeField(buf, {20, 16}, -2);  // 0xFFFE from bit 20: bytes 2..4 partly
    QCOMPARE(int(readSigned(buf, {20, 16})), -2);
    QCOMPARE(int(readUnsigned(buf, {20, 16})), 0xFFFE);
    QCOMPARE(int(buf[2] & 0x0F), 0x05);  // bits 16-19 untouched
    QCOMPARE(int(buf[4] >> 4), 0x0A);    // bits 36-39 untouched
    QCOMPARE(int(buf[2] >> 4), 0x0E);
    QCOMPARE(int(buf[3]), 0xFF);
    QCOMPARE(int(buf[4] & 0x0F), 0x0F);
    writeField(buf, {19, 1}, 0);
    QCOMPARE(int((buf[2] >> 3) & 1), 0);
    writeField(buf, {40, 32}, -123456789);
    QCOMPARE(readSigned(buf, {40, 32}), std::int64_t(-123456789));
    QCOMPARE(get32(buf + 5), std::uint32_t(-123456789));
    QCOMPARE(readSigned(buf, FieldLocation{}), std::int64_t(0));

    ProcessLayout L;
    L.rx = pdos;
    sii::Pdo tx;
    tx.index = 0x1A00;
    for (std::uint32_t w : {0x60410010u, 0x60640020u, 0x606C0020u, 0x60610008u}) tx.entries.push_back(entryFromMappingWord(w));
    L.tx = {tx};
    L.locateRoles();
    QCOMPARE(int(L.outputBytes), 9);  // 72 bits
    QCOMPARE(int(L.inputBytes), 11);
    QCOMPARE(L[PdoRole::TargetPosition].bitOffset, 40);
    QCOMPARE(L[PdoRole::VelocityActual].bitOffset, 48);
    QCOMPARE(L[PdoRole::ModesDisplay].bitOffset, 80);
    QVERIFY(!L[PdoRole::TorqueActual].present());
    QVERIFY(!L[PdoRole::ErrorCode].present());
    QCOMPARE(L.describe(), std::string("RxPDO 0x1601 (0x6040:00 16, gap 3, 0x60FE:01 1, 0x6071:00 16, gap 4, 0x607A:00 32) = 9 bytes; "
                                       "TxPDO 0x1A00 (0x6041:00 16, 0x6064:00 32, 0x606C:00 32, 0x6061:00 8) = 11 bytes"));
  }

  void shippedDriveProfilesParseAndMatch() {
    const auto& all = shippedDriveProfiles();
    QVERIFY(all.size() >= 2);
    const DriveProfile* generic = matchDriveProfile(all, 0x12345678, 1, 1);
    QVERIFY(generic);
    QCOMPARE(generic->id, std::string("generic-cia402"));
    QCOMPARE(generic->specificity(), 0);
    ProcessLayout L;
    L.rx = generic->rxPdos;
    L.tx = generic->txPdos;
    L.locateRoles();
    QCOMPARE(int(L.outputBytes), 8);
    QCOMPARE(int(L.inputBytes), 14);
    for (PdoRole r : requiredRoles(cia402::ModeCST)) QVERIFY(L[r].present());
    for (PdoRole r : requiredRoles(cia402::ModeCSP)) QVERIFY(L[r].present());
    // the Ingenia EVS-NET-01 of its ESI (vendor 0x029C, product 61935618)
    const DriveProfile* ingenia = matchDriveProfile(all, 0x0000029C, 61935618, 0x00050005);
    QVERIFY(ingenia);
    QCOMPARE(ingenia->id, std::string("ingenia-evs-net-01"));
    QVERIFY(ingenia->incrementalPosition);
    QCOMPARE(ingenia->encoderIncrements, 131072u);
    QCOMPARE(int(*ingenia->assignActivate), 0x0300);
    QCOMPARE(matchDriveProfile(all, 0x0000029C, 1, 0)->id, std::string("generic-cia402"));  // another Ingenia product
    QCOMPARE(findDriveProfile("generic-cia402").name, std::string("Generic CiA 402 drive"));
    QVERIFY(errorOf([] { findDriveProfile("no-such-profile"); }).find("neither a shipped profile") != std::string::npos);
  }

  void driveProfileErrorsNameTheField() {
    const std::string ok = R"({"format": "maniplab-drive-profile", "version": 1, "name": "x",
      "process_data": {"rx_pdos": [{"index": "0x1600", "entries": ["controlword", {"gap": 8}, {"index": "0x60FE", "subindex": 1, "bits": 32}]}],
                       "tx_pdos": [{"index": "0x1A00", "entries": ["statusword"]}]},
      "match": {"vendor_id": "#x9A", "product_code": 198948},
      "defaults": {"encoder_increments": 4096, "rated_torque_mNm": "0x3E8"}})";
    const DriveProfile p = parseDriveProfile(ok, "ok.json");
    QCOMPARE(*p.vendor, 0x9Au);
    QCOMPARE(*p.product, 198948u);
    QCOMPARE(p.specificity(), 2);
    QCOMPARE(p.ratedTorqueMilli, 1000u);
    QCOMPARE(int(p.rxPdos[0].entries.size()), 3);
    QCOMPARE(int(p.rxPdos[0].entries[1].index), 0);
    QCOMPARE(int(p.rxPdos[0].entries[1].bitLength), 8);
    QCOMPARE(int(p.rxPdos[0].entries[2].subindex), 1);
    auto err = [](const std::string& json) { return errorOf([&] { parseDriveProfile(json, "bad.json"); }); };
    const std::string head = R"({"format": "maniplab-drive-profile", "version": 1, "name": "x", )";
    QCOMPARE(err(head + R"("process_data": {"rx_pdos": [{"index": "0x1600", "entries": ["controlword", "torque"]}]}})"),
             std::string("bad.json:/process_data/rx_pdos/0/entries/1: error: unknown role 'torque'"));
    QCOMPARE(err(head + R"("process_data": {"rx_pdos": [{"index": "0x1600", "entries": ["statusword"]}]}})"),
             std::string("bad.json:/process_data/rx_pdos/0/entries/0: error: 'statusword' is an input (TxPDO) object"));
    QCOMPARE(err(head + R"("process_data": {"tx_pdos": [{"index": "0x1600", "entries": ["statusword"]}]}})"),
             std::string("bad.json:/process_data/tx_pdos/0/index: error: 0x1600 is out of range (accepted: 0x1A00 to 0x1BFF)"));
    QCOMPARE(err(head + R"("match": {"product_code": 5}})"), std::string("bad.json:/match: error: a product code or revision needs the vendor_id"));
    QCOMPARE(err(head + R"("position_feedback": "relative"})"), std::string("bad.json:/position_feedback: error: expected \"absolute\" or \"incremental\", found \"relative\""));
    QCOMPARE(err(head + R"("distributed_clocks": {"assign_activate": "0xG"}})"),
             std::string("bad.json:/distributed_clocks/assign_activate: error: '0xG' is not a number (a whole number, or \"0x...\" hexadecimal)"));
    QCOMPARE(err(head + R"("colour": 1})"),
             std::string("bad.json:/colour: error: unknown field (the fields here are: format, version, name, description, match, "
                         "process_data, defaults, position_feedback, distributed_clocks, watchdog)"));
    // the process-data watchdog to program: time_ms in 0.1 ms units of 0x0420, or the ESC's 100 ms
    QVERIFY(!p.watchdogTime);
    QCOMPARE(*parseDriveProfile(head + R"("watchdog": {"time_ms": 12.5}})", "w.json").watchdogTime, 0.0125);
    QCOMPARE(*parseDriveProfile(head + R"("watchdog": {}})", "w.json").watchdogTime, 0.1);
    QCOMPARE(err(head + R"("watchdog": {"time_ms": 0}})"), std::string("bad.json:/watchdog/time_ms: error: 0 is out of range (accepted: 0.1 to 6553.5 ms, in units of 0.1 ms)"));
    QCOMPARE(err(head + R"("watchdog": {"time_ms": 7000}})"), std::string("bad.json:/watchdog/time_ms: error: 7000 is out of range (accepted: 0.1 to 6553.5 ms, in units of 0.1 ms)"));
    QCOMPARE(err(head + R"("watchdog": {"time_ms": "20"}})"), std::string("bad.json:/watchdog/time_ms: error: expected a number of milliseconds, found a string"));
    QCOMPARE(err(head + R"("watchdog": {"divider": 1}})"), std::string("bad.json:/watchdog/divider: error: unknown field (the fields here are: time_ms)"));
    QCOMPARE(err(head + R"("watchdog": 20})"), std::string("bad.json:/watchdog: error: expected an object, found a number"));
    QCOMPARE(err(R"({"format": "maniplab-scene", "version": 1})"), std::string("bad.json:/format: error: expected \"maniplab-drive-profile\", found \"maniplab-scene\""));
    QCOMPARE(err("{"), std::string("bad.json: line 1, column 2: error: the JSON text ends early (a bracket, brace or quote is not closed)"));
  }

  // Each fault of a drive profile at its JSON pointer, said once, in words (README "Drive profiles", table
  // of checks): wrong types, unknown and repeated keys, absurd values with the accepted range, syntax.
  void driveProfileFaultsAtTheirPointer_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("reason");
    const QString h = "{\"format\": \"maniplab-drive-profile\", \"version\": 1, \"name\": \"x\", ";
    QTest::newRow("wrong type") << h + "\"defaults\": {\"encoder_increments\": \"lots\"}}" << "/defaults/encoder_increments"
                                << "'lots' is not a number (a whole number, or \"0x...\" hexadecimal)";
    QTest::newRow("fraction") << h + "\"process_data\": {\"rx_pdos\": [{\"index\": 5632.5, \"entries\": [\"controlword\"]}]}}"
                              << "/process_data/rx_pdos/0/index" << "expected a whole number, found 5632.5 (accepted: 0x1600 to 0x17FF)";
    QTest::newRow("negative") << h + "\"defaults\": {\"motor_revolutions\": -2}}" << "/defaults/motor_revolutions"
                              << "-2 is negative (accepted: 1 to 65535 revolutions)";
    QTest::newRow("encoder beyond any drive") << h + "\"defaults\": {\"encoder_increments\": 4294967295}}"
                                              << "/defaults/encoder_increments"
                                              << "4294967295 is out of range (accepted: 0 (none) or 4 to 2147483648 counts)";
    QTest::newRow("encoder of 2 counts") << h + "\"defaults\": {\"encoder_increments\": 2}}" << "/defaults/encoder_increments"
                                         << "2 is out of range (accepted: 0 (none) or 4 to 2147483648 counts)";
    QTest::newRow("rated torque beyond any motor") << h + "\"defaults\": {\"rated_torque_mNm\": 20000000}}"
                                                   << "/defaults/rated_torque_mNm"
                                                   << "20000000 is out of range (accepted: 0 (none) or 1 to 10000000 mN m)";
    QTest::newRow("no motor revolution") << h + "\"defaults\": {\"motor_revolutions\": 0}}" << "/defaults/motor_revolutions"
                                         << "0 is out of range (accepted: 1 to 65535 revolutions)";
    QTest::newRow("shift beyond 1 s") << h + "\"distributed_clocks\": {\"sync0_shift_ns\": 2000000000}}"
                                      << "/distributed_clocks/sync0_shift_ns"
                                      << "2000000000 is out of range (accepted: -1000000000 to 1000000000 ns)";
    QTest::newRow("watchdog 0") << h + "\"watchdog\": {\"time_ms\": 0}}" << "/watchdog/time_ms"
                                << "0 is out of range (accepted: 0.1 to 6553.5 ms, in units of 0.1 ms)";
    QTest::newRow("bits beyond 64") << h + "\"process_data\": {\"rx_pdos\": [{\"index\": \"0x1600\", \"entries\": [{\"index\": \"0x60FE\", \"bits\": 65}]}]}}"
                                    << "/process_data/rx_pdos/0/entries/0/bits" << "65 is out of range (accepted: 1 to 64 bits)";
    QTest::newRow("vendor beyond 32 bits") << h + "\"match\": {\"vendor_id\": \"0x100000000\"}}" << "/match/vendor_id"
                                           << "0x100000000 is out of range (accepted: 0x0 to 0xFFFFFFFF)";
    QTest::newRow("repeated key") << h + "\"name\": \"y\"}" << "/name" << "this key is repeated in its object (each key once)";
    QTest::newRow("repeated key deep") << h + "\"defaults\": {\"encoder_increments\": 4096, \"encoder_increments\": 8192}}"
                                       << "/defaults/encoder_increments" << "this key is repeated in its object (each key once)";
    QTest::newRow("unknown key") << h + "\"defaults\": {\"encoder_increment\": 4096}}" << "/defaults/encoder_increment"
                                 << "unknown field (the fields here are: encoder_increments, motor_revolutions, rated_torque_mNm)";
    QTest::newRow("unknown key of a gap") << h + "\"process_data\": {\"rx_pdos\": [{\"index\": \"0x1600\", \"entries\": [\"controlword\", {\"gap\": 8, \"bits\": 3}]}]}}"
                                          << "/process_data/rx_pdos/0/entries/1/bits" << "unknown field (the fields here are: gap)";
    QTest::newRow("PDO twice") << h + "\"process_data\": {\"rx_pdos\": [{\"index\": \"0x1600\", \"entries\": [\"controlword\"]}, {\"index\": \"0x1600\", \"entries\": [\"target_torque\"]}]}}"
                               << "/process_data/rx_pdos/1/index" << "this PDO index is already given by an earlier PDO of the list";
    QTest::newRow("description a number") << h + "\"description\": 3}" << "/description" << "expected a string, found a number";
    QTest::newRow("format a number") << "{\"format\": 3, \"version\": 1, \"name\": \"x\"}" << "/format" << "expected a string, found a number";
    QTest::newRow("version 2") << "{\"format\": \"maniplab-drive-profile\", \"version\": 2, \"name\": \"x\"}" << "/version" << "expected 1, found 2";
    QTest::newRow("no name") << "{\"format\": \"maniplab-drive-profile\", \"version\": 1}" << "/name" << "missing: a profile needs a name";
    QTest::newRow("NaN text") << h + "\"watchdog\": {\"time_ms\": NaN}}" << "line 1, column 89"
                              << "not valid JSON (a value, comma, colon or quote is missing or misplaced)";
    QTest::newRow("truncated") << h.left(40) << "line 1, column 41" << "the JSON text ends early (a bracket, brace or quote is not closed)";
    QTest::newRow("not UTF-8") << h + "\"description\": \"" + QChar(0xFF) + "\"}" << "line 1, column 81" << "a byte that is not UTF-8 text";
    QTest::newRow("beyond a double") << h + "\"watchdog\": {\"time_ms\": 1e999}}" << "" << "a number beyond the range of a double";
    QTest::newRow("empty") << "" << "" << "the file is empty (expected a JSON object)";
    QTest::newRow("a list") << "[1]" << "" << "expected a JSON object, found a list";
    QString entries;  // 255 entries in one PDO: one more than CiA 301's 254 sub-indices of a mapping object
    for (int k = 0; k < 255; ++k) entries += (k ? ", " : "") + QString("{\"gap\": 8}");
    QTest::newRow("255 entries") << h + "\"process_data\": {\"rx_pdos\": [{\"index\": \"0x1600\", \"entries\": [" + entries + "]}]}}"
                                 << "/process_data/rx_pdos/0/entries" << "255 entries, more than the 254 a PDO holds (CiA 301)";
    QTest::newRow("subindex beyond 0xFF")
        << h + "\"process_data\": {\"rx_pdos\": [{\"index\": \"0x1600\", \"entries\": [{\"index\": \"0x60FE\", \"subindex\": 256, \"bits\": 32}]}]}}"
        << "/process_data/rx_pdos/0/entries/0/subindex" << "256 is out of range (accepted: 0 to 255)";
  }
  void driveProfileFaultsAtTheirPointer() {
    QFETCH(QString, json);
    QFETCH(QString, location);
    QFETCH(QString, reason);
    const std::string text = json.toLatin1().toStdString();  // bytes as written (the non-UTF-8 row keeps its 0xFF)
    const std::string msg = errorOf([&] { parseDriveProfile(text, "bad.json"); });
    const std::string broken = maniplab::test::readerRuleBroken(msg, "bad.json", location.toStdString(), reason.toStdString());
    QVERIFY2(broken.empty(), broken.c_str());
  }

  // The file itself: missing, a directory (as `run --drive-profile` and `ecat-esi` open them).
  void readersNameAMissingFileOrADirectory() {
    const std::string dir = std::string(MANIPLAB_SOURCE_DIR) + "/tests/data/esi";
    std::string broken = maniplab::test::readerRuleBroken(errorOf([&] { loadDriveProfile(dir); }), dir, "", "this is a directory, not a drive profile");
    QVERIFY2(broken.empty(), broken.c_str());
    broken = maniplab::test::readerRuleBroken(errorOf([&] { esi::load(dir); }), dir, "", "this is a directory, not an ESI file");
    QVERIFY2(broken.empty(), broken.c_str());
    const std::string missing = dir + "/no-such-file.xml";
    broken = maniplab::test::readerRuleBroken(errorOf([&] { esi::load(missing); }), missing, "", "cannot open the ESI file (No such file or directory)");
    QVERIFY2(broken.empty(), broken.c_str());
    broken = maniplab::test::readerRuleBroken(errorOf([&] { loadDriveProfile(missing); }), missing, "",
                                    "cannot open the drive profile (No such file or directory)");
    QVERIFY2(broken.empty(), broken.c_str());
  }

  // A file over the reader's size cap is refused before it is read (sparse files: no data is written).
  void readersRefuseAFileOverTheirCap() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    auto sized = [&](const char* name, qint64 bytes) {
      QFile f(tmp.filePath(name));
      if (!f.open(QIODevice::WriteOnly) || !f.resize(bytes)) qFatal("cannot size %s", name);
      return tmp.filePath(name).toStdString();
    };
    const std::string profile = sized("big.json", (1 << 20) + 1);  // 1 MiB: a profile is a few hundred bytes
    std::string broken = maniplab::test::readerRuleBroken(errorOf([&] { loadDriveProfile(profile); }), profile, "",
                                                "the drive profile has 1048577 bytes, more than the 1048576 a drive profile may have");
    QVERIFY2(broken.empty(), broken.c_str());
    const std::string esiFile = sized("big.xml", (qint64(256) << 20) + 1);  // 256 MiB: vendors' files reach tens of MB
    broken = maniplab::test::readerRuleBroken(errorOf([&] { esi::load(esiFile); }), esiFile, "",
                                    "the ESI file has 268435457 bytes, more than the 268435456 an ESI file may have");
    QVERIFY2(broken.empty(), broken.c_str());
  }

  // Each fault of an ESI file at its XML path, said once, in words (README "ESI files", table of checks):
  // variants of the test file written from the ETG.2000 schema (tests/data/esi), one fault each.
  void esiFaultsAtTheirPath_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("reason");
    const QString dev1 = "/EtherCATInfo/Descriptions/Devices/Device[1]";
    QTest::newRow("SyncManager on the registers") << "StartAddress=\"#x1100\"" << "StartAddress=\"#x0100\"" << dev1 + "/Sm[3]/@StartAddress"
                                                  << "#x0100 is in the ESC's registers (accepted: #x1000 to #xFFFF, the process data RAM)";
    QTest::newRow("SyncManager past the memory") << "DefaultSize=\"14\" StartAddress=\"#x1180\"" << "DefaultSize=\"14\" StartAddress=\"#xFFFA\""
                                                 << dev1 + "/Sm[4]/@DefaultSize"
                                                 << "14 bytes from #xFFFA run past the end of the ESC's memory (the buffer must end by #xFFFF)";
    QTest::newRow("SyncManager address beyond 16 bits") << "StartAddress=\"#x1100\"" << "StartAddress=\"#x11000\""
                                                        << dev1 + "/Sm[3]/@StartAddress" << "#x11000 is out of range (accepted: #x0 to #xFFFF)";
    QTest::newRow("MinSize over MaxSize") << "MinSize=\"34\" MaxSize=\"256\"" << "MinSize=\"300\" MaxSize=\"256\"" << dev1 + "/Sm[1]/@MinSize"
                                          << "300 bytes is more than MaxSize (256 bytes)";
    QTest::newRow("17 SyncManagers") << "<RxPdo Fixed=\"0\" Mandatory=\"1\" Sm=\"2\">"
                                     << QString("<Sm StartAddress=\"#x2000\">Outputs</Sm>").repeated(13) + "<RxPdo Fixed=\"0\" Mandatory=\"1\" Sm=\"2\">"
                                     << dev1 + "/Sm[17]" << "more than 16 SyncManagers (an ESC has at most 16, ETG.1000.4)";
    QTest::newRow("PDO on an undeclared SyncManager") << "Mandatory=\"1\" Sm=\"2\"" << "Mandatory=\"1\" Sm=\"7\"" << dev1 + "/RxPdo[1]/@Sm"
                                                      << "7 is out of range (accepted: 0 to 3 (a SyncManager of this device))";
    QTest::newRow("BitLen in words") << "<BitLen>16</BitLen>" << "<BitLen>16 bits</BitLen>" << dev1 + "/RxPdo[1]/Entry[1]/BitLen"
                                     << "'16 bits' is not a whole number (decimal, or #x hexadecimal)";
    QTest::newRow("BitLen 0") << "<BitLen>16</BitLen>" << "<BitLen>0</BitLen>" << dev1 + "/RxPdo[1]/Entry[1]/BitLen"
                              << "0 is out of range (accepted: 1 to 64 bits)";
    QTest::newRow("Index twice") << "<Index>#x1600</Index>" << "<Index>#x1600</Index><Index>#x1602</Index>" << dev1 + "/RxPdo[1]/Index[2]"
                                 << "a second <Index> where one is expected";
    QTest::newRow("PDO described twice") << "<Index>#x1601</Index>" << "<Index>#x1600</Index>" << dev1 + "/RxPdo[2]/Index"
                                         << "PDO #x1600 is already described by an earlier <RxPdo>";
    QTest::newRow("vendor beyond 32 bits") << "<Id>#x00E1E2E3</Id>" << "<Id>#x1FFFFFFFF</Id>" << "/EtherCATInfo/Vendor/Id"
                                           << "#x1FFFFFFFF is out of range (accepted: #x0 to #xFFFFFFFF)";
    QTest::newRow("product code NaN") << "ProductCode=\"#x00010402\"" << "ProductCode=\"NaN\"" << dev1 + "/Type/@ProductCode"
                                      << "'NaN' is not a whole number (decimal, or #x hexadecimal)";
    QTest::newRow("SYNC0 shift beyond 1 s") << "<ShiftTimeSync0>250000" << "<ShiftTimeSync0>2000000000" << dev1 + "/Dc/OpMode[2]/ShiftTimeSync0"
                                            << "2000000000 is out of range (accepted: -1000000000 to 1000000000 ns)";
    QTest::newRow("negative SYNC0 cycle") << "<CycleTimeSync0 Factor=\"1\">0" << "<CycleTimeSync0 Factor=\"1\">-1000"
                                          << dev1 + "/Dc/OpMode[2]/CycleTimeSync0" << "-1000 is out of range (accepted: 0 to 1000000000 ns)";
    QTest::newRow("EEPROM of 16 bytes") << "<ByteSize>2048" << "<ByteSize>16" << dev1 + "/Eeprom/ByteSize"
                                        << "16 is out of range (accepted: 128 to 8388608 bytes)";
    QTest::newRow("no Type") << "<Type ProductCode=\"#x00010402\" RevisionNo=\"#x00020001\">TD-402-A</Type>" << "" << dev1
                             << "no <Type> element (the device's type and identity)";
    QTest::newRow("Vendor twice") << "</Vendor>" << "</Vendor><Vendor/>" << "/EtherCATInfo/Vendor[2]" << "a second <Vendor> where one is expected";
    QTest::newRow("repeated attribute") << "ControlByte=\"#x26\" Enable=\"1\"" << "ControlByte=\"#x26\" Enable=\"1\" Enable=\"0\"" << "line 37"
                                        << "not well-formed XML: a malformed or repeated attribute";
    QString fmmus;  // 17 FMMUs: an ESC has 16 at most
    for (int k = 0; k < 15; ++k) fmmus += "<Fmmu>Inputs</Fmmu>";
    QTest::newRow("17 FMMUs") << "<Fmmu>Outputs</Fmmu>" << "<Fmmu>Outputs</Fmmu>" + fmmus << dev1 + "/Fmmu[17]"
                              << "more than 16 FMMUs (an ESC has at most 16, ETG.1000.4)";
    QString gaps;  // the first RxPdo's 3 entries and 252 more: 255, one more than CiA 301's 254
    for (int k = 0; k < 252; ++k) gaps += "<Entry><Index>#x0</Index><BitLen>8</BitLen></Entry>";
    const QString controlword = "<Entry><Index>#x6040</Index><SubIndex>0</SubIndex><BitLen>16</BitLen><Name>Controlword</Name><DataType>UINT</DataType></Entry>";
    QTest::newRow("255 entries") << controlword << controlword + gaps << dev1 + "/RxPdo[1]/Entry[255]"
                                 << "more than 254 entries in one PDO (CiA 301)";
    QTest::newRow("SubIndex beyond 0xFF") << "<SubIndex>0</SubIndex>" << "<SubIndex>256</SubIndex>" << dev1 + "/RxPdo[1]/Entry[1]/SubIndex"
                                          << "256 is out of range (accepted: #x0 to #xFF)";
    QTest::newRow("SYNC0 Factor beyond 16 bits") << "<CycleTimeSync0 Factor=\"1\">" << "<CycleTimeSync0 Factor=\"40000\">"
                                                 << dev1 + "/Dc/OpMode[2]/CycleTimeSync0/@Factor" << "40000 is out of range (accepted: -32767 to 32767)";
    QTest::newRow("cut short") << "<Dc>" << "<Dc" << "line 70" << "not well-formed XML: an element that is malformed or not closed (the file may be cut short)";
  }
  void esiFaultsAtTheirPath() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, location);
    QFETCH(QString, reason);
    const std::string xml = replaced(fileText(dataPath("esi/maniplab_test_drives.xml")), from.toStdString(), to.toStdString());
    const std::string msg = errorOf([&] { esi::parse(xml, "drive.xml"); });
    const std::string broken = maniplab::test::readerRuleBroken(msg, "drive.xml", location.toStdString(), reason.toStdString());
    QVERIFY2(broken.empty(), broken.c_str());
  }

  // The unchanged file and an empty one (the other ends of the table).
  void esiWholeFile() {
    QVERIFY(errorOf([] { esi::parse(fileText(dataPath("esi/maniplab_test_drives.xml")), "drive.xml"); }).empty());
    const std::string broken =
        maniplab::test::readerRuleBroken(errorOf([] { esi::parse(" \n", "drive.xml"); }), "drive.xml", "", "the file is empty (expected an <EtherCATInfo> document)");
    QVERIFY2(broken.empty(), broken.c_str());
  }

  // DL status 0x0110: per port p, bit 8+2p loop closed, bit 9+2p communication (ESC datasheet section II).
  void dcTopologyFromDlStatus() {
    QCOMPARE(int(dl({0, 1})), 0x5A30);
    QCOMPARE(int(dc::openPorts(0x5A30)), 0x3);
    // a line of three, then a junction: slave 0 (ports 0, 1, 3) with slave 1 on port 3 and slave 2 on port 1
    const auto line = dc::topology({dl({0, 1}), dl({0, 1}), dl({0})});
    QVERIFY(line.ok);
    QCOMPARE(line.parent, (std::vector<int>{-1, 0, 1}));
    QCOMPARE(line.parentPort, (std::vector<int>{-1, 1, 1}));
    const auto tree = dc::topology({dl({0, 1, 3}), dl({0}), dl({0, 1}), dl({0})});
    QVERIFY(tree.ok);
    QCOMPARE(tree.parent, (std::vector<int>{-1, 0, 0, 2}));
    QCOMPARE(tree.parentPort, (std::vector<int>{-1, 3, 1, 1}));
    QCOMPARE(dc::previousPort(0x0B, 1), 3);  // ports 0, 1, 3: order 0, 3, 1
    QCOMPARE(dc::previousPort(0x0B, 3), 0);
    QCOMPARE(dc::previousPort(0x0B, 0), -1);
    QCOMPARE(dc::lastPort(0x0B), 1);
    QCOMPARE(dc::lastPort(0x01), 0);
    const auto broken = dc::topology({dl({0}), dl({0})});  // the first slave has no port left for the second
    QVERIFY(!broken.ok);
    QVERIFY(broken.error.find("slave 2") != std::string::npos);
  }

  // Receive times worked out by hand: wires of 500 ns and 700 ns one way, a 100 ns turn-around in the last
  // slave, each slave's clock with its own origin. Slave 0 sees the frame back on port 1 after
  // 500 + 700 + 100 + 700 + 500 = 2500 ns, slave 1 after 700 + 100 + 700 = 1500 ns; the datasheet's rule
  // gives 500 ns and 500 + 1500/2 = 1250 ns (the last slave's turn-around counts half, as the method
  // assumes symmetric paths). The tree: slave 1 on port 3 (wire 300 ns), slave 2 on port 1 (wire 400 ns),
  // 100 ns turn-arounds: 350 ns, and 700 (port 3's subtree first) + 450 = 1150 ns.
  void dcDelaysAndOffsetsFromReceiveTimes() {
    std::vector<dc::ReceiveTimes> t(3);
    t[0].port = {1000, 3500, 0, 0};
    t[0].epu = 1000 + 10;
    t[1].port = {70000, 71500, 0, 0};
    t[1].epu = 70010;
    t[2].port = {4000000000u, 0, 0, 0};
    t[2].epu = 4000000010ull;
    const auto topo = dc::topology({dl({0, 1}), dl({0, 1}), dl({0})});
    QVERIFY(topo.ok);
    const auto d = dc::propagationDelays(topo, t, {true, true, true}, 0);
    QCOMPARE(d, (std::vector<std::int64_t>{0, 500, 1250}));
    const auto o = dc::systemTimeOffsets(1000000, t, d);
    // system time of each = its EPU receive time + offset = master time + its delay
    for (int i = 0; i < 3; ++i) QCOMPARE(t[std::size_t(i)].epu + o[std::size_t(i)], std::uint64_t(1000000 + d[std::size_t(i)]));
    // 32-bit port times wrap every 4.3 s: a round trip across the wrap
    t[0].port = {0xFFFFFF00u, 0xFFFFFF00u + 2500u, 0, 0};
    QCOMPARE(dc::propagationDelays(topo, t, {true, true, true}, 0)[1], std::int64_t(500));

    std::vector<dc::ReceiveTimes> u(3);
    u[0].port = {0, 1600, 0, 700};  // port 3 back at 700, port 1 back at 1600
    u[1].port = {5, 0, 0, 0};
    u[2].port = {9, 0, 0, 0};
    const auto tree = dc::topology({dl({0, 1, 3}), dl({0}), dl({0})});
    QCOMPARE(int(dl({0, 1, 3})), 0x9AB0);
    QCOMPARE(int(dc::openPorts(dl({0, 1, 3}))), 0x0B);
    const auto dt = dc::propagationDelays(tree, u, {true, true, true}, 0);
    QCOMPARE(dt, (std::vector<std::int64_t>{0, 350, 1150}));
  }

  void dcTimeDifferenceSyncStartAndPhaseLock() {
    QCOMPARE(dc::decodeTimeDifference(0x00000123u), 0x123);
    QCOMPARE(dc::decodeTimeDifference(0x80000123u), -0x123);
    QCOMPARE(dc::sync0Start(1234567890, 1000000, 0, 50000000), std::uint64_t(1285000000));
    QCOMPARE(dc::sync0Start(1234567890, 1000000, 250000, 50000000), std::uint64_t(1285250000));
    dc::PhaseLock lock(1000000, 250000);
    QCOMPARE(lock.error(7000250000ull), std::int64_t(0));
    QCOMPARE(lock.error(7000260000ull), std::int64_t(10000));   // 10 us late
    QCOMPARE(lock.error(7000240000ull), std::int64_t(-10000));  // 10 us early
    QCOMPARE(lock.error(7000750000ull), std::int64_t(500000));  // half a period: (-T/2, T/2]
    QCOMPARE(lock.error(7000750001ull), std::int64_t(-499999));
    // closed loop: a master clock 100 ppm slow against DC time and an initial phase of 300 us converge
    // to the wanted phase and stay within 1 us (the correction moves the next deadline)
    double master = 0, dcTime = 7000000000.0 + 550000;  // DC time at the master's send instants
    dc::PhaseLock pl(1000000, 250000);
    std::int64_t worstLate = 0;
    for (int k = 0; k < 2000; ++k) {
      const std::int64_t c = pl.update(std::uint64_t(dcTime));
      const double step = 1000000.0 + double(c);  // master ns to the next send
      master += step;
      dcTime += step * (1.0 + 100e-6);
      if (k > 300) worstLate = std::max<std::int64_t>(worstLate, std::llabs(pl.lastError()));
    }
    QVERIFY2(worstLate < 1000, std::to_string(worstLate).c_str());
    QVERIFY(master > 0);
  }

  void esiFileWrittenFromTheSchemaIsRead() {
    const esi::File f = esi::load(dataPath("esi/maniplab_test_drives.xml"));
    QCOMPARE(f.vendorId, 0x00E1E2E3u);
    QCOMPARE(f.vendorName, std::string("Test Drives Lab"));  // LcId 1033 preferred
    QCOMPARE(int(f.devices.size()), 2);
    const esi::Device& a = f.devices[0];
    QCOMPARE(a.type, std::string("TD-402-A"));
    QCOMPARE(a.name, std::string("TD-402-A servo drive"));
    QCOMPARE(a.productCode, 0x00010402u);
    QCOMPARE(a.revision, 0x00020001u);
    QCOMPARE(a.profileNo, 402);
    QCOMPARE(int(a.objects), 3);
    QCOMPARE(a.fmmus, (std::vector<std::string>{"Outputs", "Inputs", "MBoxState"}));
    QCOMPARE(int(a.syncManagers.size()), 4);
    QCOMPARE(a.syncManagerOf("Outputs"), 2);
    QCOMPARE(int(a.syncManagers[3].start), 0x1180);
    QCOMPARE(int(a.syncManagers[0].control), 0x26);
    QCOMPARE(int(a.syncManagers[1].maxSize), 256);
    QCOMPARE(int(a.rxPdos.size()), 2);
    QCOMPARE(a.rxPdos[0].sm, 2);
    QCOMPARE(a.rxPdos[1].sm, -1);  // not assigned by default
    QCOMPARE(a.rxPdos[0].exclude, (std::vector<std::uint16_t>{0x1601}));
    QVERIFY(a.rxPdos[0].mandatory && !a.rxPdos[0].fixed && a.txPdos[0].fixed);
    QCOMPARE(a.rxPdos[0].bits(), 64u);
    QCOMPARE(a.txPdos[0].bits(), 96u + 16u);  // 12 bytes, a 1-bit entry and 15 bits of padding
    QCOMPARE(int(a.txPdos[0].entries[5].index), 0);
    QCOMPARE(int(a.txPdos[0].entries[5].bits), 15);
    QVERIFY(a.coe && a.sdoInfo && a.pdoAssign && a.pdoConfig && a.completeAccess && a.segmentedSdo && a.foe && !a.eoe);
    QCOMPARE(int(a.dcModes.size()), 2);
    QVERIFY(a.sync0Mode());
    QCOMPARE(a.sync0Mode()->name, std::string("DC"));
    QCOMPARE(int(a.sync0Mode()->assignActivate), 0x0300);
    QCOMPARE(a.sync0Mode()->shiftTimeSync0, std::int64_t(250000));
    QCOMPARE(a.sync0Mode()->cycleTimeSync0Factor, 1);
    QCOMPARE(a.eepromBytes, 2048u);
    // its default assignment as the master reads it: entries located as from an SII
    ProcessLayout L;
    for (const auto& p : a.siiPdos(true))
      if (p.syncManager == 2) L.rx.push_back(p);
    for (const auto& p : a.siiPdos(false))
      if (p.syncManager == 3) L.tx.push_back(p);
    L.locateRoles();
    QCOMPARE(int(L.outputBytes), 8);
    QCOMPARE(int(L.inputBytes), 14);
    QCOMPARE(L[PdoRole::DigitalInputs].bitOffset, 96);
    QCOMPARE(int(L[PdoRole::DigitalInputs].bits), 1);
    const esi::Device& b = f.devices[1];
    QCOMPARE(b.productCode, 66563u);  // decimal numbers
    QCOMPARE(int(b.syncManagers[2].start), 0x1800);
    QCOMPARE(int(b.syncManagers[2].control), 0x64);
    QCOMPARE(b.rxPdos[0].index, std::uint16_t(0x1600));
    QCOMPARE(b.rxPdos[0].bits(), 88u);
    QCOMPARE(b.txPdos[0].bits(), 88u);
    QVERIFY(!b.sync0Mode());
    QVERIFY(b.coe && !b.sdoInfo && b.pdoAssign && !b.pdoConfig);
    QCOMPARE(f.find(66563), &f.devices[1]);
    QCOMPARE(f.find(0x00010402, 0x00020001u), &f.devices[0]);
    QVERIFY(!f.find(0x00010402, 7u));
    QVERIFY(!f.find(5));
  }

  // Values by CoE data type (CiA 301 Table 44), little endian, in words and back.
  void sdoValuesInWords() {
    namespace d = coe::dtype;
    QCOMPARE(formatSdoValue(d::Unsigned32, {0xEF, 0xCD, 0xAB, 0x00}), std::string("11259375 (0x00ABCDEF)"));
    QCOMPARE(formatSdoValue(d::Integer16, {0xFE, 0xFF}), std::string("-2"));
    QCOMPARE(formatSdoValue(d::Integer8, {0x80}), std::string("-128"));
    QCOMPARE(formatSdoValue(d::Boolean, {0x01}), std::string("TRUE"));
    QCOMPARE(formatSdoValue(d::Real32, {0x00, 0x50, 0x9A, 0x44}), std::string("1234.5"));  // IEEE 754 0x449A5000
    QCOMPARE(formatSdoValue(d::VisibleString, {'V', 'D', 0}), std::string("\"VD\""));
    QCOMPARE(formatSdoValue(d::OctetString, {0x0A, 0xB0}), std::string("0A B0"));
    QCOMPARE(formatSdoValue(d::Unsigned16, {}), std::string("(empty)"));
    std::vector<std::uint8_t> b;
    std::string why;
    QVERIFY(parseSdoValue(d::Unsigned32, 32, "0x00ABCDEF", b, &why));
    QCOMPARE(b, (std::vector<std::uint8_t>{0xEF, 0xCD, 0xAB, 0x00}));
    QVERIFY(parseSdoValue(d::Integer16, 16, "-2", b, &why));
    QCOMPARE(b, (std::vector<std::uint8_t>{0xFE, 0xFF}));
    QVERIFY(parseSdoValue(d::Real32, 32, "1234.5", b, &why));
    QCOMPARE(b, (std::vector<std::uint8_t>{0x00, 0x50, 0x9A, 0x44}));
    QVERIFY(parseSdoValue(d::VisibleString, 64, "\"abc\"", b, &why));
    QCOMPARE(b, (std::vector<std::uint8_t>{'a', 'b', 'c'}));
    QVERIFY(parseSdoValue(d::OctetString, 0, "0a 0B", b, &why));
    QCOMPARE(b, (std::vector<std::uint8_t>{0x0A, 0x0B}));
    QVERIFY(!parseSdoValue(d::Integer8, 8, "300", b, &why));
    QCOMPARE(why, std::string("'300' is out of range for INTEGER8 (-128..127)"));
    QVERIFY(!parseSdoValue(d::Unsigned16, 16, "-1", b, &why));
    QCOMPARE(why, std::string("'-1' is negative: UNSIGNED16 is unsigned"));
    QVERIFY(!parseSdoValue(d::Unsigned8, 8, "12x", b, &why));
    QCOMPARE(why, std::string("'12x' is not an integer"));
    QVERIFY(!parseSdoValue(d::Real32, 32, "nan", b, &why));
    QVERIFY(!parseSdoValue(d::VisibleString, 16, "abc", b, &why));
    QVERIFY(!parseSdoValue(d::OctetString, 0, "0A B", b, &why));
  }

  void malformedEsiIsNamed() {
    auto err = [](const std::string& xml) { return errorOf([&] { esi::parse(xml, "drive.xml"); }); };
    QCOMPARE(err("<EtherCATInfo><Vendor>"),
             std::string("drive.xml: line 1: error: not well-formed XML: an element is not closed, or closed by another element's end tag (the file may be cut short)"));
    QCOMPARE(err("<Robot/>"), std::string("drive.xml:/Robot: error: not an ESI file (the root element is <Robot>, not <EtherCATInfo>)"));
    QCOMPARE(err("<EtherCATInfo><Descriptions/></EtherCATInfo>"), std::string("drive.xml:/EtherCATInfo: error: no <Vendor> element"));
    const std::string v = "<EtherCATInfo><Vendor><Id>#x2</Id></Vendor><Descriptions><Devices>";
    QCOMPARE(err(v + "</Devices></Descriptions></EtherCATInfo>"), std::string("drive.xml:/EtherCATInfo/Descriptions/Devices: error: no <Device> element"));
    QCOMPARE(err(v + "<Device><Type ProductCode=\"#xZZ\">T</Type></Device></Devices></Descriptions></EtherCATInfo>"),
             std::string("drive.xml:/EtherCATInfo/Descriptions/Devices/Device/Type/@ProductCode: error: '#xZZ' is not a whole number (decimal, or #x hexadecimal)"));
    QCOMPARE(err(v + "<Device><Type>T</Type><RxPdo Sm=\"2\"><Index>#x1600</Index><Entry><Index>#x6040</Index><BitLen>x</BitLen></Entry></RxPdo></Device></Devices></Descriptions></EtherCATInfo>"),
             std::string("drive.xml:/EtherCATInfo/Descriptions/Devices/Device/RxPdo/Entry/BitLen: error: 'x' is not a whole number (decimal, or #x hexadecimal)"));
    QCOMPARE(err(v + "<Device><Type>T</Type><TxPdo><Index>#x1A00</Index><Entry><Index>#x6041</Index><BitLen>65</BitLen></Entry></TxPdo></Device></Devices></Descriptions></EtherCATInfo>"),
             std::string("drive.xml:/EtherCATInfo/Descriptions/Devices/Device/TxPdo/Entry/BitLen: error: 65 is out of range (accepted: 1 to 64 bits)"));
    QCOMPARE(err(v + "<Device><Type>T</Type><Sm StartAddress=\"#xFFFFFFFFFFFFFFFFF\">Outputs</Sm></Device></Devices></Descriptions></EtherCATInfo>"),
             std::string("drive.xml:/EtherCATInfo/Descriptions/Devices/Device/Sm/@StartAddress: error: #xFFFFFFFFFFFFFFFFF is out of range (accepted: #x0 to #xFFFF)"));
    QCOMPARE(err(v + "<Device><Type>T</Type><Sm StartAddress=\"#xFFFFFFFFFFFFFFFFG\">Outputs</Sm></Device></Devices></Descriptions></EtherCATInfo>"),
             std::string("drive.xml:/EtherCATInfo/Descriptions/Devices/Device/Sm/@StartAddress: error: '#xFFFFFFFFFFFFFFFFG' is not a whole number (decimal, or #x hexadecimal)"));
    QCOMPARE(errorOf([] { esi::load("/nonexistent/x.xml"); }), std::string("/nonexistent/x.xml: error: cannot open the ESI file (No such file or directory)"));
    std::int64_t x = 0;
    QVERIFY(esi::parseNumber("#x1A00", x) && x == 0x1A00);
    QVERIFY(esi::parseNumber(" 12 ", x) && x == 12);
    QVERIFY(esi::parseNumber("-3", x) && x == -3);
    QVERIFY(!esi::parseNumber("#x", x));
    QVERIFY(!esi::parseNumber("1.5", x));
    // The 64-bit range, checked digit by digit (a fuzzed 17-digit hexadecimal number overflowed).
    QVERIFY(esi::parseNumber("#x7FFFFFFFFFFFFFFF", x) && x == std::numeric_limits<std::int64_t>::max());
    QVERIFY(esi::parseNumber("-9223372036854775807", x) && x == -std::numeric_limits<std::int64_t>::max());
    QVERIFY(esi::parseNumber("#x0000000000000000001", x) && x == 1);
    x = 5;
    QVERIFY(!esi::parseNumber("#x8000000000000000", x));
    QVERIFY(!esi::parseNumber("#xFFFFFFFFFFFFFFFFF", x));
    QVERIFY(!esi::parseNumber("9223372036854775808", x));
    QVERIFY(!esi::parseNumber("99999999999999999999999", x));
    QCOMPARE(x, std::int64_t(5));
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestEthercatMaster)
#include "test_ethercat_master.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_master
