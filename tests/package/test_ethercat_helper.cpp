// The privileged EtherCAT helper of the package (app/ethercat_socket, maniplab-ethercat-socket) and the
// link code that runs it (sim/ethercat/src/link.cpp, openRawSocketViaHelper): the helper refuses to be run
// by hand, refuses every interface name the kernel would not give (and so names no file or option), says
// when the interface does not exist, and otherwise hands back an AF_PACKET socket for EtherCAT frames bound
// to that interface (as root; without root or its capability it says which capability it lacks). When the
// user may not run it (not a member of maniplab-ethercat: exec refused), the error names the group and the
// command the administrator runs. The package test (test_package.sh) runs the installed helper as a member
// and as a non-member.
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <stdexcept>

#include "maniplab/ethercat/link.hpp"

using maniplab::ethercat::openRawSocketViaHelper;

namespace {

const QString kHelper = QStringLiteral(MANIPLAB_ETHERCAT_HELPER_BIN);

/// openRawSocketViaHelper's error text, or "" (and the socket closed) when it succeeded.
QString helperError(const QString& helper, const std::string& ifname) {
  try {
    ::close(openRawSocketViaHelper(helper.toStdString(), ifname));
    return {};
  } catch (const std::runtime_error& e) {
    return QString::fromStdString(e.what());
  }
}

}  // namespace

class TestEthercatHelper : public QObject {
  Q_OBJECT

 private slots:
  void refusesToRunByHand() {
    QProcess p;
    p.start(kHelper, {});
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY2(p.readAllStandardError().startsWith("usage: maniplab-ethercat-socket IFNAME"), "no usage");
    p.setStandardInputFile(QProcess::nullDevice());
    p.start(kHelper, {"lo"});
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("standard input is not a Unix socket"));
  }

  void refusesInvalidNames_data() {
    QTest::addColumn<QByteArray>("name");
    QTest::newRow("empty") << QByteArray("");
    QTest::newRow("path") << QByteArray("../etc");
    QTest::newRow("slash") << QByteArray("a/b");
    QTest::newRow("dot") << QByteArray(".");
    QTest::newRow("dotdot") << QByteArray("..");
    QTest::newRow("space") << QByteArray("eth0 x");
    QTest::newRow("shell") << QByteArray("lo;id");
    QTest::newRow("option") << QByteArray("--help");  // '-' is allowed, but not first: see below
    QTest::newRow("16 bytes") << QByteArray("abcdefghijklmnop");
    QTest::newRow("non-ASCII") << QByteArray("eth\xc3\xa9");
    QTest::newRow("newline") << QByteArray("lo\n");
  }

  void refusesInvalidNames() {
    QFETCH(QByteArray, name);
    const QString e = helperError(kHelper, name.toStdString());
    if (name == "--help") {  // a valid interface name for the kernel: refused as unknown, never as an option
      QVERIFY2(e.contains(QStringLiteral("--help: no such interface")), qPrintable(e));
      return;
    }
    QVERIFY2(e.startsWith(QStringLiteral("interface '") + QString::fromUtf8(name) + QStringLiteral("': invalid interface name (1 to 15 "
                                                                                                   "letters, digits, '-', '_' or '.')")),
             qPrintable(e));
  }

  void noSuchInterface() {
    QCOMPARE(helperError(kHelper, "mlnosuch0"), QStringLiteral("mlnosuch0: no such interface: No such device"));
  }

  // The socket itself: as root (or with cap_net_raw) an AF_PACKET socket for EtherType 0x88A4 bound to the
  // interface; without the privilege, the capability named.
  void opensTheSocketOrNamesTheCapability() {
    try {
      const int fd = openRawSocketViaHelper(kHelper.toStdString(), "lo");
      int domain = 0, type = 0;
      socklen_t len = sizeof domain;
      QCOMPARE(::getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len), 0);
      len = sizeof type;
      QCOMPARE(::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len), 0);
      sockaddr_ll sll{};  // its address: the EtherType it receives and the interface it is bound to
      len = sizeof sll;
      QCOMPARE(::getsockname(fd, reinterpret_cast<sockaddr*>(&sll), &len), 0);
      ::close(fd);
      QCOMPARE(domain, AF_PACKET);
      QCOMPARE(type, int(SOCK_RAW));
      QCOMPARE(int(sll.sll_protocol), int(htons(0x88A4)));
      QCOMPARE(sll.sll_ifindex, int(if_nametoindex("lo")));
      QVERIFY2(geteuid() == 0, "the helper opened a raw socket without root: the build tree's helper holds capabilities?");
    } catch (const std::runtime_error& e) {
      if (geteuid() == 0) QFAIL(e.what());
      QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("lo: cannot open a raw socket: Operation not permitted (this helper "
                                                                      "lacks cap_net_raw")),
               e.what());
    }
  }

  // exec refused (mode 0644 here; 0750 root:maniplab-ethercat for a non-member in the package).
  void notAMemberGetsTheGroupAndTheCommand() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath("maniplab-ethercat-socket");
    QVERIFY(QFile::copy(kHelper, copy));
    QVERIFY(QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
    const passwd* pw = getpwuid(geteuid());
    QVERIFY(pw);
    const QString user = QString::fromLocal8Bit(pw->pw_name);
    QCOMPARE(helperError(copy, "ecat0"),
             QStringLiteral("ecat0: cannot open a raw socket: Operation not permitted (EtherCAT without root is for the members of "
                            "the group maniplab-ethercat, and user %1 is not one: ask the administrator to run 'sudo adduser %1 "
                            "maniplab-ethercat', then log out and in again)")
                 .arg(user));
    QVERIFY(helperError(dir.filePath("missing"), "lo").startsWith(QStringLiteral("lo: cannot start ")));
  }

  // Where the link code looks for it: $MANIPLAB_ETHERCAT_HELPER, else next to the executable as installed
  // (bin/../lib/maniplab), which a build tree does not have.
  void helperPath() {
    qunsetenv("MANIPLAB_ETHERCAT_HELPER");
    QCOMPARE(maniplab::ethercat::ethercatHelperPath(), std::string());
    qputenv("MANIPLAB_ETHERCAT_HELPER", "helper-named-by-the-environment");
    QCOMPARE(maniplab::ethercat::ethercatHelperPath(), std::string("helper-named-by-the-environment"));
    qunsetenv("MANIPLAB_ETHERCAT_HELPER");
  }
};

QTEST_GUILESS_MAIN(TestEthercatHelper)
#include "test_ethercat_helper.moc"
