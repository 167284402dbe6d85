// maniplab-cli orthoglide: exit codes, JSON output checked against the models' closed forms, scene runs
// writing CSV, errors naming the file and field.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result {
  int code;
  QString out, err;
};

Result cli(const QStringList& args) {
  QProcess p;
  p.setWorkingDirectory(QStringLiteral(MANIPLAB_SOURCE_DIR));
  p.start(QStringLiteral(MANIPLAB_CLI), args);
  p.waitForFinished(120000);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
          QString::fromUtf8(p.readAllStandardError())};
}

const QString kRobot = QStringLiteral("robots/orthoglide.json");
const QString kScene = QStringLiteral("scenes/orthoglide_ctc_vs_pid.json");

}  // namespace

class OrthoglideCli : public QObject {
  Q_OBJECT
 private slots:
  void inverseAndForwardGeometry() {
    // At K the legs are along their actuators: q_1i = a - D4 - D6 = 0.5 - 0.3106 - 0.031 = 0.1584 m.
    Result r = cli({"orthoglide", kRobot, "--ikm", "0,0,0.5", "--fgm", "0.1584,0.1584,0.1584", "--tables", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray L = o["ikm"].toObject()["L"].toArray();
    QCOMPARE(L.size(), 3);
    for (const auto& v : L) QVERIFY(std::abs(v.toDouble() - 0.1584) < 1e-12);
    for (const auto& v : o["ikm"].toObject()["velocity_factors"].toArray()) QVERIFY(std::abs(v.toDouble() - 1) < 1e-12);
    const QJsonArray P = o["fgm"].toObject()["P"].toArray();
    QVERIFY(std::abs(P[0].toDouble()) < 1e-12 && std::abs(P[1].toDouble()) < 1e-12 && std::abs(P[2].toDouble() - 0.5) < 1e-12);
    QCOMPARE(o["tables"].toArray().size(), 27);
    r = cli({"orthoglide", kRobot, "--ikm", "1,1,1"});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains("out of reach"));
    QCOMPARE(cli({"orthoglide", kRobot, "--ikm", "1,2"}).code, 2);
    QCOMPARE(cli({"orthoglide", kRobot, "--bogus"}).code, 2);
    QCOMPARE(cli({"orthoglide"}).code, 2);
  }

  void staticForces() {
    // At rest at K, only gravity: actuator 1 (vertical) carries the whole weight, the others nothing
    // (their legs are horizontal and perpendicular to gravity there): the sum of the masses.
    const Result r = cli({"orthoglide", kRobot, "--idm", "0,0,0.5", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray G = QJsonDocument::fromJson(r.out.toUtf8()).object()["idm"].toObject()["Gamma"].toArray();
    // platform 1 + carriage 1.2 + legs' share: the whole leg 1 (0.15 + 0.35 + 0.15 + 0.1 + 0.35 = 1.1 kg)
    // and, of legs 2 and 3, what their horizontal bars transmit to P: at least the platform and carriage 1.
    QVERIFY(G[0].toDouble() > 9.81 * (1.0 + 1.2 + 1.1) - 1e-9);
    QVERIFY(std::abs(G[1].toDouble()) < 1e-9 && std::abs(G[2].toDouble()) < 1e-9);
  }

  void runAndCompare() {
    QTemporaryDir dir;
    const QString csv = dir.filePath("ctc.csv");
    Result r = cli({"orthoglide", "run", kScene, "--controller", "computed_torque", "--csv", csv, "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).isObject() || QJsonDocument::fromJson(r.out.toUtf8()).isArray());
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    // The provenance comment lines (program version, scene and robot files), then the header.
    QString header = QString::fromUtf8(f.readLine());
    QVERIFY2(header.startsWith("# maniplab-cli ") && header.contains("scene ") && header.contains("robots/orthoglide.json"),
             qPrintable(header));
    while (header.startsWith('#')) header = QString::fromUtf8(f.readLine());
    QVERIFY2(header.startsWith("time [s],q_d[1] [m]"), qPrintable(header));
    QVERIFY(header.contains("tau[3] [N]") && header.contains("ee_Z [m]") && header.contains("E_total [J]"));
    r = cli({"orthoglide", "compare", kScene, "--csv-dir", dir.filePath("cmp")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("computed_torque") && r.out.contains("pid"));
    QVERIFY(QFile::exists(dir.filePath("cmp/comparison.csv")) && QFile::exists(dir.filePath("cmp/pid.csv")));
    QCOMPARE(cli({"orthoglide", "run", kScene, "--controller", "nope"}).code, 2);
  }

  void badFilesNameTheField() {
    QTemporaryDir dir;
    QFile f(dir.filePath("bad.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    QFile src(QStringLiteral(MANIPLAB_SOURCE_DIR "/robots/orthoglide.json"));
    QVERIFY(src.open(QIODevice::ReadOnly));
    f.write(src.readAll().replace("\"a\": 0.5", "\"a\": -0.5"));
    f.close();
    const Result r = cli({"orthoglide", dir.filePath("bad.json")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("bad.json:/a: error: must be positive"), qPrintable(r.err));
    QCOMPARE(cli({"orthoglide", "run", "scenes/nope.json"}).code, 1);
  }
};

QTEST_GUILESS_MAIN(OrthoglideCli)
#include "test_orthoglide_cli.moc"
