// EtherCAT without root (scripts/grant-capabilities.sh): maniplab-cli run as user nobody (65534, no
// groups) holding only cap_net_raw, cap_sys_nice and cap_ipc_lock drives the virtual UMIS drives
// (`maniplab-cli ecat-sim`, root, in a network namespace) over a veth pair: exit 0, a CSV written, and
// no "not permitted" warning (the cycle got SCHED_FIFO and mlockall: without cap_sys_nice / cap_ipc_lock
// the master would say so, naming the capability). The capabilities come either from the binary's file
// capabilities (what the script sets) or from the ambient set (setpriv). Without them the run stops with
// the error naming cap_net_raw and the script. Skips (QSKIP, with the reason) when not root or when
// ip, setcap or setpriv are missing; the namespace and the veth pair are removed even when it fails.
#include <QtTest>

#include <unistd.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "support/ethercat_fixture.hpp"
#include "support/timing_tolerance.hpp"
#include "support/veth.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_capabilities {

using namespace maniplab;

namespace {

using maniplab::test::stopProcess;
using maniplab::test::VethGuard;

const QString kSource = QStringLiteral(MANIPLAB_SOURCE_DIR);
const QString kCli = QStringLiteral(MANIPLAB_CLI);
const QStringList kSbin{"/usr/sbin", "/sbin", "/usr/bin", "/bin"};
const QStringList kNobody{"--reuid=65534", "--regid=65534", "--clear-groups"};

struct Result {
  int code = -1;
  QString out, err;
};

Result runProcess(const QString& program, const QStringList& args) {
  QProcess p;
  p.start(program, args);
  Result r;
  if (!p.waitForFinished(60000)) {
    p.kill();
    p.waitForFinished(2000);
    r.err = "did not finish within 60 s";
    return r;
  }
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

constexpr auto kAll = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::WriteGroup |
                      QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
constexpr auto kExec = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup |
                       QFile::ReadOther | QFile::ExeOther;

}  // namespace

class TestEthercatCapabilities : public QObject {
  Q_OBJECT

  QString ip_, setcap_, setpriv_;
  QTemporaryDir dir_;  // world-writable: nobody reads the scene and the binaries, writes the CSV
  QString capCli_, plainCli_, scene_;

 private slots:
  void initTestCase() {
    if (geteuid() != 0) QSKIP("needs root (veth pair, network namespace, setcap, switching to nobody): skipped");
    ip_ = QStandardPaths::findExecutable("ip", kSbin);
    setcap_ = QStandardPaths::findExecutable("setcap", kSbin);
    setpriv_ = QStandardPaths::findExecutable("setpriv", kSbin);
    if (ip_.isEmpty()) QSKIP("iproute2 (ip) is not installed: skipped");
    if (setcap_.isEmpty()) QSKIP("setcap is not installed (Debian package libcap2-bin): skipped");
    if (setpriv_.isEmpty()) QSKIP("setpriv is not installed (Debian package util-linux): skipped");
    QVERIFY(dir_.isValid());
    QVERIFY(QFile::setPermissions(dir_.path(), kAll));
    // Copies: setcap on the build tree's binary would outlive the test (and relinking drops it anyway).
    capCli_ = dir_.path() + "/maniplab-cli-caps";
    plainCli_ = dir_.path() + "/maniplab-cli";
    QVERIFY(QFile::copy(kCli, capCli_));
    QVERIFY(QFile::copy(kCli, plainCli_));
    QVERIFY(QFile::setPermissions(capCli_, kExec));
    QVERIFY(QFile::setPermissions(plainCli_, kExec));
    // What scripts/grant-capabilities.sh does to the build's binaries (its own check: run it on a copy tree).
    const Result sc = runProcess(setcap_, {"cap_net_raw,cap_sys_nice,cap_ipc_lock+ep", capCli_});
    if (sc.code != 0) QSKIP(qPrintable("setcap refused here (filesystem without extended attributes?): " + sc.err));
    // A short run of the UMIS scene (the robot file by absolute path: both readable by everyone).
    QFile in(kSource + "/scenes/umis_ctc_vs_pid.json");
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(in.readAll()).object();
    o["duration"] = 0.5;
    o["robot"] = kSource + "/robots/umis.json";
    scene_ = dir_.path() + "/umis_short.json";
    QFile out(scene_);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(o).toJson());
    out.close();
    QVERIFY(QFile::setPermissions(scene_, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
  }

  // The script itself, on a build tree of copies: both binaries get exactly the three capabilities.
  void scriptGrantsExactlyThree() {
    QTemporaryDir tree;
    QVERIFY(tree.isValid());
    QVERIFY(QDir(tree.path()).mkpath("app"));
    QVERIFY(QFile::copy(kCli, tree.path() + "/app/maniplab-cli"));
    QVERIFY(QFile::copy(kCli, tree.path() + "/app/maniplab"));  // stands in for the GUI (only its file capabilities are read)
    const Result r = runProcess("sh", {kSource + "/scripts/grant-capabilities.sh", tree.path()});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QString getcap = QStandardPaths::findExecutable("getcap", kSbin);
    if (getcap.isEmpty()) QSKIP("getcap is not installed (Debian package libcap2-bin): skipped");
    for (const char* b : {"/app/maniplab-cli", "/app/maniplab"}) {
      const Result g = runProcess(getcap, {tree.path() + b});
      QVERIFY2(g.code == 0, qPrintable(g.err));
      const QString caps = g.out.section(' ', 1).trimmed();
      QCOMPARE(caps, QStringLiteral("cap_net_raw,cap_ipc_lock,cap_sys_nice=ep"));
      QVERIFY2(r.out.contains(tree.path() + b), qPrintable(r.out));  // it says what it did
    }
  }

  void runsAsNobodyWithCapabilities_data() {
    QTest::addColumn<bool>("fileCaps");
    QTest::newRow("file capabilities (grant-capabilities.sh)") << true;
    QTest::newRow("ambient capabilities (setpriv)") << false;
  }

  void runsAsNobodyWithCapabilities() {
    QFETCH(bool, fileCaps);
    const QString tag = QString::number(getpid() % 100000);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("ECAT_NS", "mlcapn" + tag);
    env.insert("ECAT_MASTER_IF", "mlcm" + tag);
    env.insert("ECAT_SLAVE_IF", "mlcs" + tag);
    env.insert("MANIPLAB_CLI", kCli);
    VethGuard guard(env);
    if (guard.run({"up"}) != 0) QSKIP("could not create the veth pair / namespace (no CAP_NET_ADMIN?): skipped");
    const QString mif = env.value("ECAT_MASTER_IF"), sif = env.value("ECAT_SLAVE_IF"), ns = env.value("ECAT_NS");
    QProcess drives;
    drives.setProcessChannelMode(QProcess::MergedChannels);
    drives.start(ip_, {"netns", "exec", ns, kCli, "ecat-sim", "--ifname", sif, "--scene", scene_, "--duration", "120", "--realtime", "--quiet"});
    QVERIFY2(drives.waitForStarted(5000), "ecat-sim did not start");
    QTest::qWait(300);
    QStringList args = kNobody;
    if (!fileCaps)
      args << "--inh-caps=+net_raw,+sys_nice,+ipc_lock" << "--ambient-caps=+net_raw,+sys_nice,+ipc_lock";
    const QString csv = dir_.path() + (fileCaps ? "/file_caps.csv" : "/ambient_caps.csv");
    args << (fileCaps ? capCli_ : plainCli_) << "run" << scene_ << "--controller" << "computed_torque" << "--backend" << "ethercat"
         << "--ifname" << mif << "--json" << "--csv" << csv;
    test::retryOnTiming([&](std::string& timing) {
      QFile::remove(csv);
      const Result r = runProcess(setpriv_, args);
      qInfo("exit %d, stderr: %s", r.code, qPrintable(r.err));
      // Every privilege the master asks for was granted: no warning about one, and the bus came up.
      for (const char* word : {"not permitted", "permission", "EPERM", "cap_net_raw", "cap_sys_nice", "cap_ipc_lock"})
        QVERIFY2(!r.err.contains(QLatin1String(word), Qt::CaseInsensitive), qPrintable(r.err));
      QVERIFY2(r.err.contains(QStringLiteral("6 drive(s) in OP")), qPrintable(r.err));
      if (r.code != 0 && test::isBusTimingFault(r.err)) {
        timing = "a bus timing fault on a loaded machine";
        return;
      }
      QVERIFY2(r.code == 0, qPrintable(r.err));
      QFile f(csv);
      QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(csv + " not written by nobody"));
      QVERIFY(f.readAll().count('\n') > 100);  // 0.5 s of control periods
    });
    stopProcess(drives);
    const QString log = QString::fromUtf8(drives.readAll());
    QVERIFY2(!log.contains(QStringLiteral("not permitted")), qPrintable(log));
  }

  // Without capabilities (nobody, plain binary): no raw socket, a clear error naming the capability and
  // the command that grants it; exit 1, nothing crashes. No link needed: opening the socket fails first.
  void withoutCapabilitiesNamesCapNetRaw() {
    const Result r = runProcess(setpriv_, QStringList(kNobody) << plainCli_ << "run" << scene_ << "--backend" << "ethercat"
                                                                << "--ifname" << "lo" << "--quiet");
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("maniplab-cli: lo: cannot open a raw socket: Operation not permitted (needs root or "
                                           "cap_net_raw: sudo scripts/grant-capabilities.sh)")),
             qPrintable(r.err));
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestEthercatCapabilities)
#include "test_ethercat_capabilities.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_capabilities
