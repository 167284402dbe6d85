// maniplab-cli contract: `dynamics --json` keys and values (full double precision), `check` summaries
// and errors, exit statuses; `run` / `compare` speak every scene kind (the aliases too), and a file of
// another kind or no scene at all is named for what it is, with the command that reads it; the help texts
// come from the options each command parses.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QFile>
#include <QTest>
#include <cmath>

#include "maniplab/sim/traces/csv.hpp"

namespace {

struct Run {
  int status = -1;
  QString out, err;
};

Run runCli(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(MANIPLAB_CLI), args);
  p.waitForFinished(60000);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
          QString::fromUtf8(p.readAllStandardError())};
}

const char* kPlanar2R = R"({"format": "maniplab-robot", "version": 1, "name": "2R", "convention": "dh",
  "gravity": [0, -9.81, 0],
  "joints": [
    {"type": "revolute", "a": 1, "link": {"mass": 1, "com": [0, 0, 0], "inertia": [[0,0,0],[0,0,0],[0,0,0]]}},
    {"type": "revolute", "a": 1, "link": {"mass": 1, "com": [0, 0, 0], "inertia": [[0,0,0],[0,0,0],[0,0,0]]}}]})";

}  // namespace

class Cli : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString robot_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    robot_ = dir_.filePath("planar2r.json");
    QFile f(robot_);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kPlanar2R);
  }

  void dynamicsJsonPlanar2R() {
    const double q1 = 0.3, q2 = 0.5, qd1 = 1, qd2 = 2, qdd1 = 0.5, qdd2 = -1, g = 9.81;
    const Run r = runCli({"dynamics", robot_, "--q", "0.3,0.5", "--qd", "1,2", "--qdd", "0.5,-1", "--json"});
    QCOMPARE(r.status, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    for (const char* key : {"tau", "M", "C", "g", "qdd_fd", "T_ee", "J", "energy"}) QVERIFY2(o.contains(key), key);
    // What produced it (provenance.hpp): the program, its version, the robot file as given.
    const QJsonObject prov = o["provenance"].toObject();
    QCOMPARE(prov["program"].toString(), QStringLiteral("maniplab-cli"));
    QCOMPARE(prov["version"].toString(), QStringLiteral(MANIPLAB_VERSION));
    QCOMPARE(prov["robot"].toString(), robot_);
    QCOMPARE(o.size(), 11);  // the joints and their parents, the 8 results and the provenance
    QCOMPARE(o["joints"].toArray().size(), 2);
    QCOMPARE(o["parents"].toArray(), QJsonArray({0, 1}));
    const double c2 = std::cos(q2), s2 = std::sin(q2), c1 = std::cos(q1), c12 = std::cos(q1 + q2);
    const double M11 = 3 + 2 * c2, M12 = 1 + c2, M22 = 1, h = -s2;
    const double G1 = 2 * g * c1 + g * c12, G2 = g * c12;
    const double tau1 = M11 * qdd1 + M12 * qdd2 + h * qd2 * qd1 + h * (qd1 + qd2) * qd2 + G1;
    const double tau2 = M12 * qdd1 + M22 * qdd2 - h * qd1 * qd1 + G2;
    auto num = [](const QJsonValue& v) { return v.toDouble(); };
    QVERIFY(std::abs(num(o["tau"].toArray()[0]) - tau1) < 1e-12);
    QVERIFY(std::abs(num(o["tau"].toArray()[1]) - tau2) < 1e-12);
    QVERIFY(std::abs(num(o["M"].toArray()[0].toArray()[0]) - M11) < 1e-13);
    QVERIFY(std::abs(num(o["M"].toArray()[0].toArray()[1]) - M12) < 1e-13);
    QVERIFY(std::abs(num(o["C"].toArray()[1].toArray()[0]) + h * qd1) < 1e-13);
    QVERIFY(std::abs(num(o["g"].toArray()[0]) - G1) < 1e-12);
    QVERIFY(std::abs(num(o["qdd_fd"].toArray()[0]) - qdd1) < 1e-10);
    QVERIFY(std::abs(num(o["qdd_fd"].toArray()[1]) - qdd2) < 1e-10);
    QCOMPARE(o["T_ee"].toArray().size(), 4);
    QVERIFY(std::abs(num(o["T_ee"].toArray()[0].toArray()[3]) - (c1 + c12)) < 1e-14);
    QCOMPARE(o["J"].toArray().size(), 6);
    QCOMPARE(o["J"].toArray()[2].toArray()[1].toDouble(), 1.0);  // angular rows first: wz
    const double T = 0.5 * (M11 * qd1 * qd1 + 2 * M12 * qd1 * qd2 + M22 * qd2 * qd2);
    QVERIFY(std::abs(o["energy"].toObject()["kinetic"].toDouble() - T) < 1e-12);
    // Full precision: more than 15 significant digits are printed.
    QVERIFY(r.out.contains(QRegularExpression("\\d\\.\\d{14,}")));
  }

  // A tree (robots/README.md, "Trees"): two planar links on the end of a first one, point masses, vertical
  // axes. M in closed form: M11 = m1 l1^2 + m2 (l1^2 + l2^2 + 2 l1 l2 c2) + m3 (l1^2 + l3^2 + 2 l1 l3 c3),
  // M12 = m2 (l2^2 + l1 l2 c2), M13 = m3 (l3^2 + l1 l3 c3), M22 = m2 l2^2, M33 = m3 l3^2 and M23 = 0 (the
  // two branches do not couple). C by Christoffel symbols, with a2 = m2 l1 l2, a3 = m3 l1 l3:
  // C11 = -a2 s2 qd2 - a3 s3 qd3, C12 = -a2 s2 (qd1 + qd2), C13 = -a3 s3 (qd1 + qd3), C21 = a2 s2 qd1,
  // C31 = a3 s3 qd1, the others zero. The joints are named in the order of q with their parents.
  void dynamicsOfATree() {
    const double m1 = 2, m2 = 1.5, m3 = 0.5, l1 = 0.6, l2 = 0.4, l3 = 0.3, q2 = 0.5, q3 = -0.7;
    const QString file = dir_.filePath("tree.json");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QStringLiteral(R"({"format": "maniplab-robot", "version": 1, "name": "T", "convention": "mdh",
      "joints": [
        {"name": "q1", "type": "revolute", "alpha": 0, "d": 0, "theta": 0, "r": 0,
         "link": {"mass": %1, "com": [%4, 0, 0], "inertia": {"xx": 0, "yy": 0, "zz": 0}}},
        {"name": "q2", "type": "revolute", "alpha": 0, "d": %4, "theta": 0, "r": 0,
         "link": {"mass": %2, "com": [%5, 0, 0], "inertia": {"xx": 0, "yy": 0, "zz": 0}}},
        {"name": "q3", "type": "revolute", "parent": 1, "alpha": 0, "d": %4, "theta": 0, "r": 0,
         "link": {"mass": %3, "com": [%6, 0, 0], "inertia": {"xx": 0, "yy": 0, "zz": 0}}}]})")
                .arg(m1).arg(m2).arg(m3).arg(l1).arg(l2).arg(l3).toUtf8());
    f.close();
    const Run r = runCli({"dynamics", file, "--q", "0.3,0.5,-0.7", "--qd", "1,2,3", "--json"});
    QCOMPARE(r.status, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o["joints"].toArray(), QJsonArray({"q1", "q2", "q3"}));
    QCOMPARE(o["parents"].toArray(), QJsonArray({0, 1, 1}));
    const QJsonArray C = o["C"].toArray();
    auto c = [&](int i, int j) { return C[i].toArray()[j].toDouble(); };
    const double a2 = m2 * l1 * l2, a3 = m3 * l1 * l3, s2 = std::sin(q2), s3 = std::sin(q3), qd1 = 1, qd2 = 2, qd3 = 3;
    const double Cx[3][3] = {{-a2 * s2 * qd2 - a3 * s3 * qd3, -a2 * s2 * (qd1 + qd2), -a3 * s3 * (qd1 + qd3)},
                             {a2 * s2 * qd1, 0, 0},
                             {a3 * s3 * qd1, 0, 0}};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        QVERIFY2(std::abs(c(i, j) - Cx[i][j]) < 1e-13, qPrintable(QString("C(%1,%2) = %3, closed form %4").arg(i).arg(j).arg(c(i, j)).arg(Cx[i][j])));
    const QJsonArray M = o["M"].toArray();
    auto at = [&](int i, int j) { return M[i].toArray()[j].toDouble(); };
    const double c2 = std::cos(q2), c3 = std::cos(q3);
    QVERIFY(std::abs(at(0, 0) - (m1 * l1 * l1 + m2 * (l1 * l1 + l2 * l2 + 2 * l1 * l2 * c2) + m3 * (l1 * l1 + l3 * l3 + 2 * l1 * l3 * c3))) < 1e-13);
    QVERIFY(std::abs(at(0, 1) - m2 * (l2 * l2 + l1 * l2 * c2)) < 1e-13);
    QVERIFY(std::abs(at(0, 2) - m3 * (l3 * l3 + l1 * l3 * c3)) < 1e-13);
    QCOMPARE(at(1, 2), 0.0);
    QVERIFY(std::abs(at(1, 1) - m2 * l2 * l2) < 1e-14);
    QVERIFY(std::abs(at(2, 2) - m3 * l3 * l3) < 1e-14);
    const Run text = runCli({"dynamics", file});
    QCOMPARE(text.status, 0);
    QVERIFY2(text.out.contains("C(q, qd)"), qPrintable(text.out));
    QVERIFY2(text.out.contains("joints (order of q; parent a(j), 0 the base): q1(0) q2(1) q3(1)"), qPrintable(text.out));
  }

  void dynamicsTextAndOptions() {
    const Run r = runCli({"dynamics", robot_, "--q", "0,0", "--no-gravity"});
    QCOMPARE(r.status, 0);
    QVERIFY(r.out.contains("gravity off"));
    QVERIFY(r.out.contains("M(q)"));
    const Run j = runCli({"dynamics", robot_, "--q", "0,0", "--no-gravity", "--json"});
    const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
    QCOMPARE(o["tau"].toArray()[0].toDouble(), 0.0);
    QCOMPARE(o["g"].toArray()[0].toDouble(), 0.0);
  }

  void usageErrors() {
    QCOMPARE(runCli({"dynamics", robot_, "--q", "1,2,3"}).status, 2);
    const Run bad = runCli({"dynamics", robot_, "--q", "1,abc"});
    QCOMPARE(bad.status, 2);
    QVERIFY(bad.err.contains("'abc' is not a finite number"));
    QCOMPARE(runCli({"dynamics", robot_, "--rotor", "magic"}).status, 2);
    QCOMPARE(runCli({"frobnicate"}).status, 2);
    QCOMPARE(runCli({}).status, 2);
  }

  void runSceneWritesCsvAndMetrics() {
    const QString csv = dir_.filePath("pid.csv");
    const Run r = runCli({"run", MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json", "--controller", "pid", "--csv", csv});
    QCOMPARE(r.status, 0);
    QVERIFY(r.out.contains("pid: completed, 2000 control periods"));
    QVERIFY(r.out.contains("Joint metrics"));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    // The provenance line (the robot resolved from the scene's directory, made lexically normal), the joints
    // in the order of q (robots/planar2r.json names them q1, q2), then the header and the rows.
    const QByteArray provenance = "# maniplab-cli " MANIPLAB_VERSION "; scene " MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json; robot "
                                  MANIPLAB_SOURCE_DIR "/robots/planar2r.json";
    const QByteArray joints = "# joints in the order of q (the i of q[i], qd[i], e[i], tau[i], ...): 1 q1, 2 q2";
    QCOMPARE(lines[0], provenance + "; controller pid");
    QCOMPARE(lines[1], joints);
    QVERIFY(lines[2].startsWith("time [s],q_d[1] [rad],"));
    QCOMPARE(lines.size(), 2 + 2001 + 2);  // provenance + joints + header + 2001 rows (t = 0 .. 2 s at 1 kHz) + final newline
    // Channel and time-range selection.
    const QString sel = dir_.filePath("sel.csv");
    QCOMPARE(runCli({"run", MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json", "--controller", "pid", "--csv", sel,
                     "--channels", "e[1],tau[2]", "--from", "0.5", "--to", "1.0"}).status, 0);
    QFile fs(sel);
    QVERIFY(fs.open(QIODevice::ReadOnly));
    const QList<QByteArray> sl = fs.readAll().split('\n');
    QCOMPARE(sl[0], provenance + "; controller pid");
    QCOMPARE(sl[1], joints);
    QCOMPARE(sl[2], QByteArray("time [s],e[1] [rad],tau[2] [N m]"));
    QCOMPARE(sl.size(), 2 + 501 + 2);  // 0.5 .. 1.0 s at 1 kHz
    QVERIFY(sl[3].startsWith("0.5,"));
    QCOMPARE(runCli({"run", MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json", "--csv", sel, "--channels", "nope"}).status, 1);
    const Run j = runCli({"run", MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json", "--json", "--controller", "computed_torque"});
    QCOMPARE(j.status, 0);
    const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
    QVERIFY2(o.contains("controllers"), qPrintable(j.out));
    const QJsonObject prov = o["provenance"].toObject();
    QCOMPARE(prov["version"].toString(), QStringLiteral(MANIPLAB_VERSION));
    QCOMPARE(prov["scene"].toString(), QStringLiteral(MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json"));
    QCOMPARE(prov["robot"].toString(), QStringLiteral(MANIPLAB_SOURCE_DIR "/robots/planar2r.json"));
    const Run bad = runCli({"run", MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json", "--controller", "nope"});
    QCOMPARE(bad.status, 2);
    QVERIFY(bad.err.contains("no controller named \"nope\""));
  }

  void compareWritesOneCsvPerController() {
    const QString out = dir_.filePath("cmp");
    const Run r = runCli({"compare", MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json", "--csv-dir", out});
    QCOMPARE(r.status, 0);
    const QString provenance = QStringLiteral("# maniplab-cli " MANIPLAB_VERSION "; scene " MANIPLAB_SOURCE_DIR
                                              "/scenes/planar2r_teaching.json; robot " MANIPLAB_SOURCE_DIR "/robots/planar2r.json");
    for (const char* f : {"pid.csv", "pd_gravity.csv", "computed_torque.csv", "comparison.csv"}) {
      QFile csv(out + "/" + f);
      QVERIFY2(csv.open(QIODevice::ReadOnly), f);
      const QString first = QString::fromUtf8(csv.readLine()).chopped(1);
      const QString name = QString::fromLatin1(f).chopped(4);
      QCOMPARE(first, name == "comparison" ? provenance : provenance + "; controller " + name);
    }
    // What the project's CSV reader (identification) sees: the comment, then the table as before.
    const maniplab::sim::CsvTable t = maniplab::sim::readCsv((out + "/pid.csv").toStdString());
    QCOMPARE(t.comments.size(), std::size_t(2));  // provenance, joints
    QCOMPARE(t.comments[1], std::string("joints in the order of q (the i of q[i], qd[i], e[i], tau[i], ...): 1 q1, 2 q2"));
    QCOMPARE(t.names.front(), std::string("time"));
    QVERIFY(r.out.contains("pd_gravity"));
    const Run j = runCli({"compare", MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json", "--json"});
    QCOMPARE(j.status, 0);
    const QJsonArray ctrls = QJsonDocument::fromJson(j.out.toUtf8()).object()["controllers"].toArray();
    QCOMPARE(ctrls.size(), 3);
  }

  void badSceneIsReported() {
    const QString path = dir_.filePath("bad_scene.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "maniplab-scene", "version": 1, "name": "x", "robot": "missing.json"})");
    f.close();
    const Run r = runCli({"run", path});
    QCOMPARE(r.status, 1);
    QVERIFY2(r.err.contains("bad_scene.json:/robot: error:"), qPrintable(r.err));
  }

  void checkValidAndInvalid() {
    const Run ok = runCli({"check", robot_});
    QCOMPARE(ok.status, 0);
    QVERIFY(ok.out.contains("joints (n):  2 (RR)"));
    QVERIFY(ok.out.contains("total mass:  2 kg"));
    const QString badPath = dir_.filePath("bad.json");
    QFile f(badPath);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(kPlanar2R).replace("\"mass\": 1, \"com\"", "\"mass\": -1, \"com\""));
    f.close();
    const Run bad = runCli({"check", badPath});
    QCOMPARE(bad.status, 1);
    QVERIFY2(bad.err.contains("bad.json:/joints/0/link/mass: error: must be non-negative (got -1)"), qPrintable(bad.err));
    const Run missing = runCli({"check", dir_.filePath("nope.json")});
    QCOMPARE(missing.status, 1);
    QVERIFY(missing.err.contains("nope.json:/: error: cannot open file"));
  }

  // run and compare take a scene of any kind; a robot file, an unknown kind, or a scene of another kind
  // than an alias runs are refused with what the file is and the command that handles it.
  void runSpeaksEveryKind() {
    const QString src = MANIPLAB_SOURCE_DIR;
    const Run og = runCli({"run", src + "/scenes/orthoglide_ctc_vs_pid.json", "--controller", "pid", "--quiet"});
    QVERIFY2(og.status == 0, qPrintable(og.err));
    QVERIFY2(og.out.contains("pid: completed, 2500 control periods"), qPrintable(og.out));
    const Run alias = runCli({"orthoglide", "run", src + "/scenes/orthoglide_ctc_vs_pid.json", "--controller", "pid",
                              "--quiet", "--json"});
    QCOMPARE(alias.status, 0);
    const QJsonObject o = QJsonDocument::fromJson(alias.out.toUtf8()).object();
    QCOMPARE(o["controllers"].toArray()[0].toObject()["name"].toString(), QStringLiteral("pid"));
    const Run sat = runCli({"run", src + "/scenes/satellite_arm.json", "--quiet"});
    QVERIFY2(sat.status == 0, qPrintable(sat.err));
    QVERIFY(sat.out.contains("floating_computed_torque: completed, 3000 control periods"));
    QVERIFY(sat.out.contains("angular momentum drift"));
    const Run pend = runCli({"compare", src + "/scenes/pendulum.json", "--quiet"});
    QVERIFY2(pend.status == 0, qPrintable(pend.err));
    QVERIFY(pend.out.contains("free: completed") && pend.out.contains("computed_torque: completed"));
    QVERIFY(pend.out.contains("exact period 4 sqrt(l/g) K(sin(a/2))      2.15287 s"));

    const Run robot = runCli({"run", src + "/robots/orthoglide.json"});
    QCOMPARE(robot.status, 1);
    QVERIFY2(robot.err.contains("orthoglide.json:/format: error: this is a robot file ({\"format\": "
                                "\"maniplab-robot\", \"kind\": \"orthoglide\"}), not a scene: `maniplab-cli orthoglide "),
             qPrintable(robot.err));
    QVERIFY(!robot.err.contains("/joints"));  // not read as a serial robot's scene
    const Run serialRobot = runCli({"compare", src + "/robots/puma560.json"});
    QCOMPARE(serialRobot.status, 1);
    QVERIFY2(serialRobot.err.contains("this is a robot file ({\"format\": \"maniplab-robot\"}), not a scene: "
                                      "`maniplab-cli check "),
             qPrintable(serialRobot.err));
    const QString unknown = dir_.filePath("quadrotor.json");
    QFile f(unknown);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "maniplab-scene", "version": 1, "kind": "quadrotor", "name": "x"})");
    f.close();
    const Run unk = runCli({"run", unknown});
    QCOMPARE(unk.status, 1);
    QVERIFY2(unk.err.contains("quadrotor.json:/kind: error: unknown scene kind \"quadrotor\" (this program reads: \"serial\""),
             qPrintable(unk.err));
    QVERIFY(unk.err.contains("\"pendulum\")"));
    const Run wrongAlias = runCli({"orthoglide", "compare", src + "/scenes/pendulum.json"});
    QCOMPARE(wrongAlias.status, 1);
    QVERIFY2(wrongAlias.err.contains("this is a \"pendulum\" scene, not a \"orthoglide\" scene: `maniplab-cli run "),
             qPrintable(wrongAlias.err));
    const Run sceneAsRobot = runCli({"check", src + "/scenes/default.json"});
    QCOMPARE(sceneAsRobot.status, 1);
    QVERIFY2(sceneAsRobot.err.contains("this is a serial robot scene (format \"maniplab-scene\"), not a serial robot "
                                       "file: `maniplab-cli run "),
             qPrintable(sceneAsRobot.err));
    const Run ecat = runCli({"run", src + "/scenes/pendulum.json", "--backend", "ethercat", "--in-process"});
    QCOMPARE(ecat.status, 2);
    QVERIFY2(ecat.err.contains("--backend ethercat drives the joints of a serial robot; this simple pendulum scene runs "
                               "on its simulated plant"),
             qPrintable(ecat.err));
  }

  void version() {
    const Run v = runCli({"--version"});
    QCOMPARE(v.status, 0);
    QCOMPARE(v.out, QStringLiteral("maniplab-cli " MANIPLAB_VERSION "\n"));
    QVERIFY(runCli({"help"}).out.contains("\n  --version                        print the version (\"maniplab-cli " MANIPLAB_VERSION "\")\n"));
  }

  // One declaration per command gives both its parsing and its help text.
  void optionsParserAndHelp() {
    const Run help = runCli({"help"});
    QCOMPARE(help.status, 0);
    for (const char* line : {"  run SCENE.json [--controller NAME] [--csv OUT.csv]", "  compare SCENE.json [--csv-dir DIR]",
                             "  orthoglide run SCENE.json [--controller NAME]", "  satellite SCENE.json [--controller NAME]",
                             "  dynamics ROBOT [--q a,b,..]", "  check ROBOT [--tip LINK | --tree] [--couple-mimics] [--lock JOINT=VALUE ...]\n"})
      QVERIFY2(help.out.contains(QString::fromUtf8(line)), line);
    const Run runHelp = runCli({"run", "--help"});
    QCOMPARE(runHelp.status, 0);
    QVERIFY(runHelp.out.contains("\n  --controller NAME       the controller to run (default: the scene's first)\n"));
    // A repeatable option; a flag longer than the column has its help on the next line, wrapped at 100.
    QVERIFY(runHelp.out.contains("[--esi FILE.xml]..."));
    QVERIFY(runHelp.out.contains("\n  --drive-profile ID|FILE.json\n                          EtherCAT: what to map"));
    for (const QString& l : runHelp.out.split('\n')) QVERIFY2(l.size() <= 100, qPrintable(l));
    // The URDF chain options, taken before the command's own, are in its help.
    QVERIFY(runCli({"dynamics", "--help"}).out.contains("--tip LINK"));
    const Run unknown = runCli({"run", "x.json", "--frobnicate"});
    QCOMPARE(unknown.status, 2);
    QVERIFY(unknown.err.startsWith("maniplab-cli run: unknown option --frobnicate\nusage:\n  run SCENE.json"));
    const Run missingValue = runCli({"compare", "x.json", "--csv-dir"});
    QCOMPARE(missingValue.status, 2);
    QVERIFY(missingValue.err.startsWith("maniplab-cli compare: --csv-dir needs a value (DIR)"));
    const Run extra = runCli({"orthoglide", "run", "a.json", "b.json"});
    QCOMPARE(extra.status, 2);
    QVERIFY(extra.err.startsWith("maniplab-cli orthoglide run: unexpected argument b.json"));
    const Run missing = runCli({"satellite"});
    QCOMPARE(missing.status, 2);
    QVERIFY(missing.err.startsWith("maniplab-cli satellite: missing SCENE.json"));
  }
};

QTEST_GUILESS_MAIN(Cli)
#include "test_cli.moc"
