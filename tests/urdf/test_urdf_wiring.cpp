// URDF wherever a robot is loaded: maniplab-cli check / dynamics / opcount / base-params and scene files
// whose "robot" is a .urdf path go through loadRobotAnyFormat. Oracles:
//  - each command on X.urdf prints exactly what it prints on the ManipLab file urdf-import made of X.urdf
//    (same model, so every number agrees to 1e-12 relative; only file names may differ);
//  - dynamics on robots/puma560.urdf agrees with robots/puma560.json (the file it was exported from) to
//    1e-9 relative, on a state with non-zero q, q', q'';
//  - a scene naming robots/puma560.urdf loads the same model as the same scene naming robots/puma560.json
//    (RNEA torques and mass matrix at a random state, 1e-9);
//  - a malformed URDF is exit code 1 with an error naming the file and the XML line, never a crash.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include "maniplab/model/crba.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/sim/scene.hpp"
#include "support/test_main.hpp"

namespace test_urdf_wiring {

using namespace maniplab;
using nlohmann::json;

namespace {

struct Run {
  int status = -1;
  std::string out, err;
};

Run runCli(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(MANIPLAB_CLI), args);
  p.waitForFinished(120000);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput().toStdString(),
          p.readAllStandardError().toStdString()};
}

const QString kSrc = QStringLiteral(MANIPLAB_SOURCE_DIR);

/// Every number of `a` and `b` (same structure) agrees to `tol` relative; strings are not compared
/// (file and robot names). Returns the first difference, empty when none.
std::string compareNumbers(const json& a, const json& b, double tol, const std::string& at = "") {
  if (a.type() != b.type() && !(a.is_number() && b.is_number())) return at + ": types differ";
  if (a.is_number()) {
    const double x = a.get<double>(), y = b.get<double>();
    return std::abs(x - y) <= tol * (1 + std::max(std::abs(x), std::abs(y))) ? ""
                                                                            : at + ": " + std::to_string(x) + " vs " + std::to_string(y);
  }
  if (a.is_array()) {
    if (a.size() != b.size()) return at + ": sizes differ";
    for (std::size_t i = 0; i < a.size(); ++i)
      if (auto d = compareNumbers(a[i], b[i], tol, at + "/" + std::to_string(i)); !d.empty()) return d;
  }
  if (a.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it) {
      if (!b.contains(it.key())) return at + "/" + it.key() + ": missing";
      if (auto d = compareNumbers(*it, b[it.key()], tol, at + "/" + it.key()); !d.empty()) return d;
    }
    if (a.size() != b.size()) return at + ": key counts differ";
  }
  return "";
}

json parsed(const Run& r) {
  try {
    return json::parse(r.out);
  } catch (const std::exception& e) {
    qWarning("not JSON: %s\n%s", e.what(), r.err.c_str());
    return json();
  }
}

}  // namespace

class UrdfWiring : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString imported(const QString& urdf) {
    const QString out = dir_.filePath(QFileInfo(urdf).completeBaseName() + QStringLiteral("_imported.json"));
    const Run r = runCli({QStringLiteral("urdf-import"), urdf, QStringLiteral("--out"), out});
    if (r.status != 0) qWarning("%s", r.err.c_str());
    return out;
  }

 private slots:
  void commandsReadUrdfLikeTheImportedFile_data() {
    QTest::addColumn<QString>("robot");
    QTest::newRow("puma560") << kSrc + QStringLiteral("/robots/puma560.urdf");
    QTest::newRow("umis") << kSrc + QStringLiteral("/robots/umis.urdf");
  }
  void commandsReadUrdfLikeTheImportedFile() {
    QFETCH(QString, robot);
    QVERIFY(dir_.isValid());
    const QString conv = imported(robot);
    QVERIFY(QFileInfo::exists(conv));
    const QStringList state = {QStringLiteral("--q"), QStringLiteral("0.1,-0.4,0.7,0.2,-0.3,0.5"),
                               QStringLiteral("--qd"), QStringLiteral("0.3,0.2,-0.1,0.4,0.5,-0.6"),
                               QStringLiteral("--qdd"), QStringLiteral("-1,0.5,2,0.25,-0.75,1.5"), QStringLiteral("--json")};
    const QList<QStringList> commands = {
        {QStringLiteral("dynamics")}, {QStringLiteral("opcount"), QStringLiteral("--json")},
        {QStringLiteral("base-params"), QStringLiteral("--json")},
        {QStringLiteral("base-params"), QStringLiteral("--actuators"), QStringLiteral("--method"), QStringLiteral("numeric"), QStringLiteral("--json")}};
    for (const QStringList& c : commands) {
      QStringList a = {c[0], robot}, b = {c[0], conv};
      const QStringList rest = c[0] == QStringLiteral("dynamics") ? state : c.mid(1);
      a += rest;
      b += rest;
      const Run ru = runCli(a), rj = runCli(b);
      QVERIFY2(ru.status == 0, (c.join(' ').toStdString() + " on URDF: " + ru.err).c_str());
      QVERIFY2(rj.status == 0, (c.join(' ').toStdString() + " on JSON: " + rj.err).c_str());
      const json ju = parsed(ru), jj = parsed(rj);
      QVERIFY(!ju.is_null() && !jj.is_null());
      const std::string d = compareNumbers(ju, jj, 1e-12);
      QVERIFY2(d.empty(), (c.join(' ').toStdString() + d).c_str());
    }
    const Run check = runCli({QStringLiteral("check"), robot});
    QVERIFY2(check.status == 0, check.err.c_str());
    QVERIFY(check.out.find("6") != std::string::npos);
  }

  void dynamicsOfTheShippedUrdfEqualsItsJsonFile() {
    const QStringList state = {QStringLiteral("--q"), QStringLiteral("0.2,-0.5,0.3,0.9,-0.4,0.1"),
                               QStringLiteral("--qd"), QStringLiteral("-0.3,0.6,0.2,-0.4,0.8,0.5"),
                               QStringLiteral("--qdd"), QStringLiteral("1,-0.5,0.75,2,-1.5,0.5"), QStringLiteral("--json")};
    const Run u = runCli(QStringList{QStringLiteral("dynamics"), kSrc + QStringLiteral("/robots/puma560.urdf")} + state);
    const Run j = runCli(QStringList{QStringLiteral("dynamics"), kSrc + QStringLiteral("/robots/puma560.json")} + state);
    QVERIFY2(u.status == 0 && j.status == 0, (u.err + j.err).c_str());
    const std::string d = compareNumbers(parsed(u), parsed(j), 1e-9);
    QVERIFY2(d.empty(), d.c_str());
  }

  void malformedUrdfIsACleanError() {
    const QString bad = kSrc + QStringLiteral("/tests/fuzz/regressions/urdf/tinyxml_readname_overflow.urdf");
    for (const QString& cmd : {QStringLiteral("check"), QStringLiteral("dynamics"), QStringLiteral("opcount"), QStringLiteral("base-params")}) {
      const Run r = runCli({cmd, bad});
      QCOMPARE(r.status, 1);
      QVERIFY2(r.err.find(bad.toStdString()) != std::string::npos, r.err.c_str());
      QVERIFY2(r.err.find("not well-formed XML at line 3,") != std::string::npos, r.err.c_str());
    }
  }

  void sceneWithAUrdfRobot() {
    // The shipped default scene (Puma 560), its robot given as robots/puma560.urdf resp. .json.
    std::ifstream in((kSrc + QStringLiteral("/scenes/default.json")).toStdString());
    json scene = json::parse(in);
    auto load = [&](const QString& robot) {
      scene["robot"] = robot.toStdString();
      const QString path = dir_.filePath(QFileInfo(robot).fileName() + QStringLiteral(".scene.json"));
      std::ofstream(path.toStdString()) << scene.dump(2);
      return sim::loadSceneFile(path.toStdString());
    };
    const auto su = load(kSrc + QStringLiteral("/robots/puma560.urdf"));
    const auto sj = load(kSrc + QStringLiteral("/robots/puma560.json"));
    QVERIFY2(su.ok(), su.report().c_str());
    QVERIFY2(sj.ok(), sj.report().c_str());
    const Model& mu = su.scene.robot.model;
    const Model& mj = sj.scene.robot.model;
    QCOMPARE(mu.nq, mj.nq);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> U(-1, 1);
    VectorX q(mu.nq), qd(mu.nq), qdd(mu.nq);
    for (int i = 0; i < mu.nq; ++i) { q[i] = U(rng); qd[i] = U(rng); qdd[i] = U(rng); }
    Data du(mu), dj(mj);
    const VectorX tu = rnea(mu, du, q, qd, qdd), tj = rnea(mj, dj, q, qd, qdd);
    QVERIFY2((tu - tj).norm() <= 1e-9 * (1 + tj.norm()), "RNEA differs");
    const MatrixX Mu = crba(mu, du, q), Mj = crba(mj, dj, q);
    QVERIFY2((Mu - Mj).norm() <= 1e-9 * (1 + Mj.norm()), "mass matrix differs");
    // a malformed URDF robot is a scene error naming the URDF file and the line
    const auto bad = load(kSrc + QStringLiteral("/tests/fuzz/regressions/urdf/tinyxml_readname_overflow.urdf"));
    QVERIFY(!bad.ok());
    QVERIFY2(bad.report().find("tinyxml_readname_overflow.urdf") != std::string::npos &&
                 bad.report().find("line 3") != std::string::npos, bad.report().c_str());
  }
};

MANIPLAB_TEST_GUILESS_MAIN(UrdfWiring)
#include "test_urdf_wiring.moc"  // (in the namespace, as the class)

}  // namespace test_urdf_wiring
