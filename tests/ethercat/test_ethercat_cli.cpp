// The EtherCAT commands of maniplab-cli: `run --backend ethercat --in-process` (virtual drives in the
// same process, no privileges: cycle statistics printed, the trace within the documented bound of the
// simulation's), a run that may not use SCHED_FIFO nor lock memory (RLIMIT_RTPRIO 0, RLIMIT_MEMLOCK
// 64 KiB, and as root also user nobody: no capabilities) degrading with the documented warnings, the
// argument errors of ecat-sim and ecat-scan, and (root: veth pair in a network namespace, skipped with
// the reason otherwise) `ecat-sim --robot ROBOT.json` on one end and `ecat-scan` on the other.
#include <QtTest>

#include <signal.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "maniplab/ethercat/tracking_bound.hpp"
#include "support/ethercat_fixture.hpp"
#include "support/timing_tolerance.hpp"
#include "support/test_main.hpp"

namespace test_ethercat_cli {

using namespace maniplab;

namespace {

const QString kSource = QStringLiteral(MANIPLAB_SOURCE_DIR);
const QString kCli = QStringLiteral(MANIPLAB_CLI);

struct Result {
  int code = -1;
  QString out, err;
};

Result runProcess(const QString& program, const QStringList& args, int timeoutMs = 60000) {
  QProcess p;
  p.start(program, args);
  Result r;
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished(2000);
    r.err = "timed out";
    return r;
  }
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

/// The UMIS thesis scene shortened to `duration` s, written to `dir` (readable by any user).
QString shortScene(const QTemporaryDir& dir, double duration) {
  QFile in(kSource + "/scenes/umis_ctc_vs_pid.json");
  if (!in.open(QIODevice::ReadOnly)) return {};
  QJsonObject o = QJsonDocument::fromJson(in.readAll()).object();
  o["duration"] = duration;
  o["robot"] = kSource + "/robots/umis.json";
  const QString path = dir.path() + "/umis_short.json";
  QFile out(path);
  if (!out.open(QIODevice::WriteOnly)) return {};
  out.write(QJsonDocument(o).toJson());
  out.close();
  QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup |
                                        QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
  QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
  return path;
}


/// "EtherCAT: irregular control periods N (first at t = X s)": X, or -1 when N = 0; -2 when absent.
double firstIrregular(const QString& err, long long* count = nullptr) {
  const auto m = QRegularExpression("irregular control periods (\\d+)(?: \\(first at t = ([0-9.eE+-]+) s\\))?").match(err);
  if (!m.hasMatch()) return -2;
  if (count) *count = m.captured(1).toLongLong();
  return m.captured(1).toLongLong() == 0 ? -1 : m.captured(2).toDouble();
}

}  // namespace

class TestEthercatCli : public QObject {
  Q_OBJECT

 private slots:
  void argumentErrors() {
    Result r = runProcess(kCli, {"ecat-sim", "--ifname", "x"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("needs --ifname IFACE and one of --robot ROBOT.json or --scene SCENE.json"), qPrintable(r.err));
    r = runProcess(kCli, {"ecat-sim", "--ifname", "x", "--robot", kSource + "/robots/no_such_robot.json"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("no_such_robot.json"), qPrintable(r.err));
    r = runProcess(kCli, {"ecat-sim", "--ifname", "x", "--robot", kSource + "/robots/umis.json", "--fault", "drop:2"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--fault: fault 'drop:2': '2' is out of range"), qPrintable(r.err));
    r = runProcess(kCli, {"ecat-scan"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("ecat-scan needs --ifname IFACE"), qPrintable(r.err));
    r = runProcess(kCli, {"ecat-scan", "--ifname", "mlnosuchif0"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("mlnosuchif0"), qPrintable(r.err));  // no such interface, or no permission for a raw socket
    r = runProcess(kCli, {"run", kSource + "/scenes/umis_ctc_vs_pid.json", "--backend", "ethercat"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("--backend ethercat needs --ifname IFACE or --in-process"), qPrintable(r.err));
    r = runProcess(kCli, {"run", kSource + "/scenes/umis_ctc_vs_pid.json", "--backend", "ethercat", "--in-process", "--ifname", "x"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("--backend ethercat needs --ifname IFACE or --in-process"), qPrintable(r.err));
    const QString scene = kSource + "/scenes/umis_ctc_vs_pid.json";
    r = runProcess(kCli, {"run", scene, "--backend", "ethercat", "--in-process", "--pdo-remap", "sometimes"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--pdo-remap must be auto, always or never (got sometimes)"), qPrintable(r.err));
    r = runProcess(kCli, {"run", scene, "--backend", "ethercat", "--in-process", "--dc", "maybe"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--dc must be auto, on or off (got maybe)"), qPrintable(r.err));
    r = runProcess(kCli, {"run", scene, "--backend", "ethercat", "--in-process", "--drive-profile", "no-such-profile"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("drive profile 'no-such-profile': neither a shipped profile (generic-cia402, ingenia-evs-net-01) nor a file"),
             qPrintable(r.err));
    r = runProcess(kCli, {"run", scene, "--backend", "ethercat", "--in-process", "--esi", kSource + "/tests/data/esi/no_such.xml"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("no_such.xml: error: cannot open the ESI file (No such file or directory)"), qPrintable(r.err));
    r = runProcess(kCli, {"run", scene, "--backend", "ethercat", "--in-process", "--loss-budget-ms", "-3"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("--loss-budget-ms: '-3' is not a non-negative number"), qPrintable(r.err));
    r = runProcess(kCli, {"run", scene, "--backend", "ethercat", "--in-process", "--virtual-profile", "nope"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("--virtual-profile:"), qPrintable(r.err));
    r = runProcess(kCli, {"ecat-esi"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("ecat-esi needs FILE.xml"), qPrintable(r.err));
    r = runProcess(kCli, {"ecat-esi", kSource + "/robots/umis.json"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("umis.json: line 1: error: not well-formed XML: "), qPrintable(r.err));
  }

  // `ecat-esi` on the ESI written from the ETG.2000 schema (tests/data/esi): what the master reads.
  void ecatEsi() {
    const QString esi = kSource + "/tests/data/esi/maniplab_test_drives.xml";
    Result r = runProcess(kCli, {"ecat-esi", esi});
    QCOMPARE(r.code, 0);
    for (const char* line : {"vendor 0x00E1E2E3 (Test Drives Lab), 2 device(s)",
                             "TD-402-A \"TD-402-A servo drive\": product code 0x00010402, revision 0x00020001, device profile 402 (CiA 402 drive)",
                             "    SM2 Outputs: start 0x1100, default size 8, control 0x64",
                             "    0x1601 \"Outputs CSP\" not assigned by default, 6 bytes, excludes 0x1600",
                             "      bit 97: gap of 15 bit(s)",
                             "  DC mode DC (DC synchronous (SYNC0)): AssignActivate 0x0300 (SYNC0), SYNC0 cycle 0 x factor 1, shift 250000 ns",
                             "    CST: runs on the default mapping",
                             "    CST: the default mapping lacks target torque: the drive profile's mapping is written by SDO",
                             "    SM3 Inputs: start 0x1C00, default size 11, control 0x20"})
      QVERIFY2(r.out.contains(QString::fromUtf8(line)), line);
    r = runProcess(kCli, {"ecat-esi", esi, "--device", "TD-402-B"});
    QCOMPARE(r.code, 0);
    QVERIFY(!r.out.contains("TD-402-A"));
    QVERIFY(r.out.contains("TD-402-B"));
    r = runProcess(kCli, {"ecat-esi", esi, "--device", "TD-9"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("has no device TD-9"), qPrintable(r.err));
  }

  // `run --backend ethercat --in-process`: bring-up, the run, the cycle statistics and the period
  // regularity on stderr (--json keeps stdout for the metrics), the CSV trace within the documented
  // bound of the simulation's over the regular periods. Retried once when the scheduler spoilt it.
  void runInProcess() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const double duration = 1.5;
    const QString scene = shortScene(dir, duration);
    QVERIFY(!scene.isEmpty());
    auto sl = sim::loadSceneFile(scene.toStdString());
    QVERIFY2(sl.ok(), sl.report().c_str());
    const Model& model = sl.scene.robot.model;
    const sim::ControllerSpec& spec = sl.scene.controllers.front();
    test::retryOnTiming([&](std::string& timing) {
      const QString csv = dir.path() + "/bus.csv";
      const Result r = runProcess(kCli, {"run", scene, "--backend", "ethercat", "--in-process", "--json", "--csv", csv});
      qInfo("stderr: %s", qPrintable(r.err));
      if (r.code != 0) {
        timing = test::cliTimingFault(r.err.toStdString());
        if (!timing.empty()) return;
      }
      QVERIFY2(r.code == 0, qPrintable(r.err));
      QVERIFY(r.err.contains("in-process virtual drives: 6 drive(s) in OP, CST, cycle 2.5 ms"));
      QVERIFY(r.err.contains(QRegularExpression("EtherCAT: \\d+ cycles of 2500.0 us: mean period [0-9.]+ us")));
      // distributed clocks: the note of the bring-up and, per slave, its delay and system time difference
      QVERIFY2(r.err.contains("maniplab-cli: note: distributed clocks: reference slave 1 ("), qPrintable(r.err));
      QVERIFY2(r.err.contains(QRegularExpression("EtherCAT: slave 6: DC propagation delay 2000 ns, system time difference \\(0x092C\\) -?\\d+ ns, largest \\d+ ns\\n")),
               qPrintable(r.err));
      QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).object().contains("controllers"));
      long long irregular = 0;
      const double first = firstIrregular(r.err, &irregular);
      QVERIFY2(first > -2, "no period regularity printed");
      const double until = first < 0 ? duration : first;
      if (until < 0.5 * duration) {
        timing = "only " + std::to_string(until) + " s regular";
        return;
      }
      const auto bus = test::readTrace(csv.toStdString());
      // The fault policy (default budget: a quarter of the drives' 100 ms watchdog, capped at 25 ms; a
      // tenth of the 400 cycles per second) and the trace columns marking each period's bad cycles: their
      // sum is what the statistics count in the run's periods.
      QVERIFY2(r.err.contains("cycle 2.5 ms, loss budget 25 ms and 40 bad cycles per second"), qPrintable(r.err));
      const QRegularExpressionMatch m =
          QRegularExpression("EtherCAT: bad cycles (\\d+) in (\\d+) episode\\(s\\), (\\d+) of them in (\\d+) control period").match(r.err);
      QVERIFY2(m.hasMatch(), qPrintable(r.err));
      QVERIFY2(r.err.contains("shortest drive watchdog 100 ms (slave 1)"), qPrintable(r.err));
      const int cBad = bus->channelIndex("ecat_bad_cycles"), cDelay = bus->channelIndex("ecat_delay");
      QVERIFY(cBad >= 0 && cDelay >= 0);
      double sumBad = 0;
      long long marked = 0;
      for (std::size_t k = 0; k < bus->rows(); ++k) {
        sumBad += bus->value(k, cBad);
        marked += bus->value(k, cBad) > 0;
        QVERIFY(bus->value(k, cDelay) >= 0);
      }
      QCOMPARE((long long)sumBad, m.captured(3).toLongLong());
      QCOMPARE(marked, m.captured(4).toLongLong());
      sim::RunOptions ro = sim::runOptions(sl.scene);
      sim::SimulatedPlant plant(model, sl.scene.plant);
      const test::SimTrace sim = test::simulate(sl.scene, spec, ro, plant);
      QVERIFY(sim.run.ok);
      const auto traj = sim::makeTrajectory(sl.scene);
      const auto B = ethercat::trackingBound(model, spec, ethercat::cia402::ModeCST, sl.scene.controlPeriod, sl.scene.controlPeriod, *traj,
                                             duration, ethercat::virtualDriveSteps(model));
      QVERIFY2(B.error.empty(), B.error.c_str());
      const auto d = ethercat::traceDifference(*bus, *sim.rec, model.nq, until);
      QVERIFY2(d.error.empty(), d.error.c_str());
      QVERIFY(d.rows > 300);
      for (int j = 0; j < model.nq; ++j) {
        qInfo("joint %d: max |q_bus - q_sim| %.3e, bound %.3e", j + 1, d.maxAbs[std::size_t(j)], B.bound[std::size_t(j)]);
        QVERIFY2(d.maxAbs[std::size_t(j)] <= B.bound[std::size_t(j)], "the CLI's bus run leaves the documented bound");
      }
    });
  }

  // Realtime requested (the master's default) where it is not permitted: the bus comes up, the run goes
  // on at normal priority, and the CLI prints the documented warnings (sim/ethercat/README.md).
  void degradesWithoutRealtimePermission() {
    const QString prlimit = QStandardPaths::findExecutable("prlimit", {"/usr/bin", "/bin"});
    const QString setpriv = QStandardPaths::findExecutable("setpriv", {"/usr/bin", "/bin"});
    if (prlimit.isEmpty()) QSKIP("prlimit (util-linux) is not installed: skipped");
    if (geteuid() == 0 && setpriv.isEmpty()) QSKIP("running as root without setpriv (util-linux) to drop to nobody: skipped");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scene = shortScene(dir, 0.5);
    QVERIFY(!scene.isEmpty());
    QStringList args{"--rtprio=0:0", "--memlock=65536:65536", "--"};
    if (geteuid() == 0) args << setpriv << "--reuid=65534" << "--regid=65534" << "--clear-groups";  // nobody: no capabilities
    args << kCli << "run" << scene << "--backend" << "ethercat" << "--in-process" << "--quiet" << "--json";  // statistics on stderr
    const Result r = runProcess(prlimit, args);
    qInfo("exit %d, stderr: %s", r.code, qPrintable(r.err));
    QVERIFY2(r.err.contains("maniplab-cli: warning: SCHED_FIFO not permitted (Operation not permitted): the cyclic thread runs at "
                            "normal priority, expect more jitter"),
             qPrintable(r.err));
    QVERIFY2(r.err.contains("maniplab-cli: warning: mlockall not permitted ("), qPrintable(r.err));
    QVERIFY2(r.err.contains(": memory may be paged out"), qPrintable(r.err));
    QVERIFY2(!r.err.contains("start-up failed"), qPrintable(r.err));
    QVERIFY2(r.err.contains("EtherCAT: "), qPrintable(r.err));  // the run went on and printed its statistics
    if (r.code != 0) {
      // At normal priority a loaded machine may stall the cycle for 3 frames: a detected timing fault.
      MANIPLAB_TIMING_VERIFY2(test::isBusTimingFault(r.err), qPrintable(r.err));
      qWarning("the run at normal priority ended on a timing fault (accepted here): %s", qPrintable(r.err));
    }
  }

  // Root only: veth pair in a network namespace; `ecat-sim --robot` on one end, `ecat-scan` on the other.
  void ecatSimRobotAndScanOverVeth() {
    if (geteuid() != 0) QSKIP("needs root (veth pair, network namespace, raw sockets): skipped");
    const QString ip = QStandardPaths::findExecutable("ip", {"/usr/sbin", "/sbin", "/usr/bin", "/bin"});
    if (ip.isEmpty()) QSKIP("iproute2 (ip) is not installed: skipped");
    const QString tag = QString::number(getpid() % 100000);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("ECAT_NS", "mlcli" + tag);
    env.insert("ECAT_MASTER_IF", "mlcm" + tag);
    env.insert("ECAT_SLAVE_IF", "mlcs" + tag);
    const QString script = kSource + "/scripts/ethercat-veth.sh";
    auto veth = [&](const QString& what) {
      QProcess p;
      p.setProcessEnvironment(env);
      p.start("sh", {script, what});
      p.waitForFinished(20000);
      return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    };
    struct Down {
      std::function<void()> f;
      ~Down() { f(); }
    } down{[&] { veth("down"); }};
    if (veth("up") != 0) QSKIP("could not create the veth pair / namespace (no CAP_NET_ADMIN, or no netns support): skipped");
    const QString mif = env.value("ECAT_MASTER_IF"), sif = env.value("ECAT_SLAVE_IF"), ns = env.value("ECAT_NS");

    QProcess sim;
    sim.start(ip, {"netns", "exec", ns, kCli, "ecat-sim", "--ifname", sif, "--robot", kSource + "/robots/umis.json", "--duration", "60"});
    QVERIFY2(sim.waitForStarted(5000), "ecat-sim did not start");
    QTest::qWait(300);
    const Result r = runProcess(kCli, {"ecat-scan", "--ifname", mif});
    const Result od = runProcess(kCli, {"ecat-scan", "--ifname", mif, "--objects", "2"});  // slave 2's dictionary by SDO information
    ::kill(pid_t(sim.processId()), SIGTERM);  // ip netns exec execs ecat-sim: the same process
    QVERIFY(sim.waitForFinished(5000));
    const QString simErr = QString::fromUtf8(sim.readAllStandardError());
    qInfo("ecat-scan (exit %d):\n%s%s", r.code, qPrintable(r.out), qPrintable(r.err));
    qInfo("ecat-sim:\n%s", qPrintable(simErr));
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains("6 slave(s) on " + mif));
    const QStringList lines = r.out.split('\n');
    for (int i = 1; i <= 6; ++i) {
      const QString row = lines.filter(QRegularExpression(QString("^ %1  0x%2 ").arg(i).arg(0x1000 + i, 4, 16, QChar('0')))).value(0);
      QVERIFY2(!row.isEmpty(), qPrintable("no row for slave " + QString::number(i)));
      // PREOP; the drives still in their power-up state (they leave it with the first process-data cycle)
      QVERIFY2(row.contains("0x00abcdef 0x00000402") && row.contains("PREOP") && row.contains("Not ready to switch on") &&
                   row.contains(QString("joint %1 (q%1)").arg(i)),
               qPrintable(row));
    }
    // the details under each row: ESC with DC, the SII's layout, the device type, the drive profile
    QVERIFY2(r.out.contains("    ESC type") && r.out.contains("distributed clocks yes; mailbox out 0x1000/128, in 0x1080/128, protocols CoE"),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("SM2 outputs 0x1100, SM3 inputs 0x1180; RxPDO 0x1600 SM2 8 bytes"), qPrintable(r.out));
    QVERIFY2(r.out.contains("    device type 0x00020192 (CiA 402 drive); drive profile 'Generic CiA 402 drive'"), qPrintable(r.out));
    QCOMPARE(od.code, 0);
    QVERIFY2(od.out.contains(QRegularExpression("slave 2 \\(.*joint 2 \\(q2\\)\\): \\d+ objects")), qPrintable(od.out.left(2000)));
    QVERIFY2(od.out.contains(QRegularExpression("      :01 .*, UNSIGNED32, 32 bits, ro = EF CD AB 00")), qPrintable(od.out.left(4000)));  // 0x1018:01 vendor
    QVERIFY2(simErr.contains(QRegularExpression("ecat-sim: 6 virtual CiA 402 drive\\(s\\) of .* on raw socket on " + sif)), qPrintable(simErr));
    QVERIFY2(simErr.contains(QRegularExpression("ecat-sim: [1-9]\\d* frames answered, 0 process-data cycles in OP, plant time 0 s")),
             qPrintable(simErr));
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestEthercatCli)
#include "test_ethercat_cli.moc"  // (in the namespace, as the class)

}  // namespace test_ethercat_cli
