// EtherCAT codec: frame/datagram round trips against hand-built bytes (ETG.1000.4 layout), malformed
// frames rejected with a reason, reply matching (own frames, stale replies), SII CRC, CoE SDO codec,
// virtual ESC working counters and addressing.
#include <QtTest>

#include "maniplab/ethercat/frame.hpp"
#include "maniplab/ethercat/protocol.hpp"
#include "maniplab/ethercat/virtual_esc.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_codec {

using namespace maniplab::ethercat;

class TestEthercatCodec : public QObject {
  Q_OBJECT

 private slots:
  void frameBytesMatchTheSpecification() {
    const Mac src{0x02, 0x11, 0x22, 0x33, 0x44, 0x55};
    std::vector<Datagram> d{{Command::APRD, 0x5A, FrameBuilder::address(0xFFFF, 0x0130), {0, 0}, 0},
                            {Command::LRW, 0x5A, 0x00010000, {1, 2, 3, 4}, 7}};
    const auto f = encodeFrame(d, src);
    QCOMPARE(f.size(), std::size_t(60));  // padded to the Ethernet minimum
    for (int i = 0; i < 6; ++i) QCOMPARE(int(f[std::size_t(i)]), 0xff);
    QCOMPARE(int(f[6]), 0x02);
    QCOMPARE(int(f[12]), 0x88);
    QCOMPARE(int(f[13]), 0xA4);
    // EtherCAT header: length 12 + 2 + 10 + 4 + 2 = 30, type 1
    QCOMPARE(int(get16(&f[14])), 30 | 0x1000);
    // datagram 1: cmd, idx, ADP, ADO, len with M bit, IRQ, data, WKC
    QCOMPARE(int(f[16]), 1);
    QCOMPARE(int(f[17]), 0x5A);
    QCOMPARE(int(get16(&f[18])), 0xFFFF);
    QCOMPARE(int(get16(&f[20])), 0x0130);
    QCOMPARE(int(get16(&f[22])), 2 | 0x8000);
    QCOMPARE(int(get16(&f[24])), 0);
    // datagram 2 starts after 10 + 2 + 2 bytes; last: no M bit
    QCOMPARE(int(f[30]), 12);
    QCOMPARE(get32(&f[32]), 0x00010000u);
    QCOMPARE(int(get16(&f[36])), 4);
    QCOMPARE(int(f[40]), 1);
    QCOMPARE(int(get16(&f[44])), 7);
    std::vector<Datagram> back;
    std::string err;
    QVERIFY2(decodeFrame(f, back, &err), err.c_str());
    QCOMPARE(back.size(), d.size());
    QVERIFY(back[0] == d[0]);
    QVERIFY(back[1] == d[1]);
  }

  void largeFrameRoundTrip() {
    std::vector<Datagram> d;
    for (int k = 0; k < 10; ++k) {
      Datagram g{Command(k % 15), std::uint8_t(k), std::uint32_t(0x12345678u + k), std::vector<std::uint8_t>(100 + k), std::uint16_t(k * 3)};
      for (std::size_t i = 0; i < g.data.size(); ++i) g.data[i] = std::uint8_t(i * 7 + k);
      d.push_back(g);
    }
    const auto f = encodeFrame(d, Mac{2, 0, 0, 0, 0, 1});
    std::vector<Datagram> back;
    QVERIFY(decodeFrame(f, back));
    QVERIFY(back == d);
    // too much data for one frame
    d.push_back({Command::LRD, 0, 0, std::vector<std::uint8_t>(600), 0});
    QVERIFY(encodeFrame(d, Mac{}).empty());
  }

  void malformedFramesAreRejectedWithAReason() {
    std::vector<Datagram> d{{Command::FPRD, 1, FrameBuilder::address(0x1001, 0x0130), {0, 0}, 0}};
    const auto good = encodeFrame(d, Mac{});
    std::vector<Datagram> out;
    std::string err;
    auto f = good;
    f[13] = 0x00;
    QVERIFY(!decodeFrame(f, out, &err));
    QVERIFY(err.find("EtherType") != std::string::npos);
    f = good;
    put16(&f[14], std::uint16_t(200 | 0x1000));  // length beyond the frame
    QVERIFY(!decodeFrame(f, out, &err));
    QVERIFY(err.find("exceeds") != std::string::npos);
    f = good;
    put16(&f[14], std::uint16_t(14 | 0x5000));  // type 5
    QVERIFY(!decodeFrame(f, out, &err));
    QVERIFY(err.find("type") != std::string::npos);
    f = good;
    put16(&f[22], std::uint16_t(40));  // datagram longer than the EtherCAT length
    QVERIFY(!decodeFrame(f, out, &err));
    QVERIFY(err.find("overruns") != std::string::npos);
    f = good;
    f[16] = 99;
    QVERIFY(!decodeFrame(f, out, &err));
    QVERIFY(err.find("unknown command") != std::string::npos);
    f.resize(10);
    QVERIFY(!decodeFrame(f, out, &err));
  }

  // Reply matching (what the master accepts as the answer to its frame): a frame no slave forwarded (the
  // master's own, source-MAC bit 1 clear) is never a reply, a forwarded frame of another source neither;
  // an answer with an earlier datagram index is stale (ignored, counted), one with the right index but
  // other datagrams a mismatch; the right one, with bit 1 set by the first ESC, is the reply.
  void repliesAreMatchedByIndexAndForwardedBit() {
    const Mac nic{0x5a, 0x11, 0x22, 0x33, 0x44, 0x55};  // a veth's locally administered MAC
    const Mac src = masterSourceMac(nic);
    QCOMPARE(int(src[0]), 0x58);  // bit 1 cleared: a forwarded reply differs from the master's own frame
    QVERIFY(!isForwarded(encodeFrame({{Command::BRD, 1, 0, {0}, 0}}, src).data()));
    auto request = encodeFrame({{Command::LRW, 0x42, 0x00010000, std::vector<std::uint8_t>(22), 0},
                                {Command::FPRD, 0x42, FrameBuilder::address(0x1001, 0x0130), std::vector<std::uint8_t>(6), 0}},
                               src);
    std::vector<DatagramView> req, v;
    QVERIFY(parseFrame(request.data(), request.size(), req));
    // what a slave sends back: same datagrams, working counters filled in, forwarded bit set
    auto answer = [&](std::uint8_t index) {
      auto f = encodeFrame({{Command::LRW, index, 0x00010000, std::vector<std::uint8_t>(22, 7), 3},
                            {Command::FPRD, index, FrameBuilder::address(0x1001, 0x0130), {8, 0, 0, 0, 0, 0}, 1}},
                           src);
      f[6] |= 0x02;
      return f;
    };
    auto own = request;  // looped back unprocessed
    QCOMPARE(classifyReply(own.data(), own.size(), request.data(), req, v), ReplyKind::NotForwarded);
    auto stale = answer(0x41);  // the previous cycle's reply, arriving late
    QCOMPARE(classifyReply(stale.data(), stale.size(), request.data(), req, v), ReplyKind::Stale);
    auto right = answer(0x42);
    QCOMPARE(classifyReply(right.data(), right.size(), request.data(), req, v), ReplyKind::Reply);
    QCOMPARE(v.size(), std::size_t(2));
    QCOMPARE(int(v[0].wkc()), 3);
    QCOMPARE(int(v[1].data[0]), 8);
    auto foreign = answer(0x42);
    foreign[11] ^= 0x01;  // another master's frame, forwarded by its slaves
    QCOMPARE(classifyReply(foreign.data(), foreign.size(), request.data(), req, v), ReplyKind::Foreign);
    auto other = encodeFrame({{Command::LRW, 0x42, 0x00010000, std::vector<std::uint8_t>(22), 3}}, src);
    other[6] |= 0x02;  // right index, one datagram missing
    QCOMPARE(classifyReply(other.data(), other.size(), request.data(), req, v), ReplyKind::Mismatch);
    auto broken = right;
    broken[13] = 0;  // not EtherCAT
    QCOMPARE(classifyReply(broken.data(), broken.size(), request.data(), req, v), ReplyKind::Invalid);
    QCOMPARE(std::string(replyKindName(ReplyKind::Stale)), std::string("stale reply (earlier datagram index)"));
  }

  void siiCrcMatchesTheEtgExample() {
    // ETG.2010 example configuration data (words 0-6) -> CRC 0x??: check against a bitwise reference
    const std::uint8_t cfg[14] = {0x80, 0x0C, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    std::uint8_t ref = 0xff;
    for (auto byte : cfg)
      for (int b = 7; b >= 0; --b) {
        const bool top = ((ref >> 7) & 1) ^ ((byte >> b) & 1);
        ref = std::uint8_t(ref << 1);
        if (top) ref ^= 0x07;
      }
    QCOMPARE(int(sii::crc8(cfg, 14)), int(ref));
    // CRC-8/0x07/init 0xFF of "123456789" is 0xFB (catalogue value of CRC-8 with that polynomial and init)
    const std::uint8_t check[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
    QCOMPARE(int(sii::crc8(check, 9)), 0xFB);
  }

  void sdoCodecRoundTrip() {
    std::uint8_t buf[128];
    mbx::Sdo s;
    s.command = mbx::DownloadExpedited(2);
    s.index = 0x6040;
    s.subindex = 0;
    s.data = 0x000F;
    s.counter = 5;
    mbx::encodeSdo(s, buf, sizeof buf);
    QCOMPARE(int(get16(buf)), 10);
    QCOMPARE(int(buf[5]), 0x53);  // counter 5, type CoE
    QCOMPARE(int(get16(buf + 6)), 0x2000);  // SDO request
    QCOMPARE(int(buf[8]), 0x2B);  // expedited download of 2 bytes
    mbx::Sdo back;
    QVERIFY(mbx::decodeSdo(buf, sizeof buf, back));
    QCOMPARE(back.index, std::uint16_t(0x6040));
    QCOMPARE(back.data, 0x000Fu);
    QCOMPARE(int(back.counter), 5);
    QCOMPARE(int(mbx::UploadExpedited(1)), 0x4F);
    QCOMPARE(int(mbx::DownloadExpedited(4)), 0x23);
    buf[5] = 0x05;  // not CoE
    std::string why;
    QVERIFY(!mbx::decodeSdo(buf, sizeof buf, back, &why));
    QVERIFY(!why.empty());
  }

  void escWorkingCountersAndAddressing() {
    SlaveIdentity id{1, 2, 3, 4, "a", "b", "c"};
    VirtualEsc e1(id, 8, 14, nullptr), e2(id, 8, 14, nullptr);
    // BRD of the type register: WKC = number of slaves, data ORed
    std::vector<std::uint8_t> f = encodeFrame({{Command::BRD, 1, 0, {0}, 0}}, Mac{});
    std::vector<DatagramView> v;
    QVERIFY(parseFrame(f.data(), f.size(), v));
    e1.process(v[0]);
    e2.process(v[0]);
    QCOMPARE(int(v[0].wkc()), 2);
    QCOMPARE(int(v[0].data[0]), 0x11);
    // APWR to ADP -1 (second slave) sets its station address only
    f = encodeFrame({{Command::APWR, 2, FrameBuilder::address(0xFFFF, reg::StationAddress), {0x02, 0x10}, 0}}, Mac{});
    QVERIFY(parseFrame(f.data(), f.size(), v));
    e1.process(v[0]);
    e2.process(v[0]);
    QCOMPARE(int(v[0].wkc()), 1);
    QCOMPARE(int(e1.stationAddress()), 0);
    QCOMPARE(int(e2.stationAddress()), 0x1002);
    QCOMPARE(int(v[0].adp()), 1);  // incremented by each slave
    // FPRW: read + write on the addressed slave = 3
    f = encodeFrame({{Command::FPRW, 3, FrameBuilder::address(0x1002, reg::AlControl), {0x01, 0x00}, 0}}, Mac{});
    QVERIFY(parseFrame(f.data(), f.size(), v));
    e1.process(v[0]);
    e2.process(v[0]);
    QCOMPARE(int(v[0].wkc()), 3);
    // INIT -> OP is refused with 0x0011 and the error flag
    f = encodeFrame({{Command::FPWR, 4, FrameBuilder::address(0x1002, reg::AlControl), {0x08, 0x00}, 0}}, Mac{});
    QVERIFY(parseFrame(f.data(), f.size(), v));
    e2.process(v[0]);
    QCOMPARE(int(e2.alStatus()), 0x11);
    QCOMPARE(int(e2.alStatusCode()), 0x0011);
    // PREOP without mailbox SyncManagers: 0x0016; read-only registers keep their value
    f = encodeFrame({{Command::FPWR, 5, FrameBuilder::address(0x1002, reg::AlControl), {0x12, 0x00}, 0}}, Mac{});
    QVERIFY(parseFrame(f.data(), f.size(), v));
    e2.process(v[0]);
    QCOMPARE(int(e2.alStatus()), 0x11);
    QCOMPARE(int(e2.alStatusCode()), 0x0016);
    f = encodeFrame({{Command::FPWR, 6, FrameBuilder::address(0x1002, reg::AlStatus), {0x08, 0x00}, 0}}, Mac{});
    QVERIFY(parseFrame(f.data(), f.size(), v));
    e2.process(v[0]);
    QCOMPARE(int(e2.alStatus()), 0x11);
    QCOMPARE(alStateName(0x14), std::string("SAFEOP+ERROR"));
    QCOMPARE(alStatusCodeText(0x001B), std::string("0x001B sync manager watchdog"));
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestEthercatCodec)
#include "test_ethercat_codec.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_codec
