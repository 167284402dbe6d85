// maniplab-cli urdf-export / urdf-import: JSON -> URDF -> JSON keeps the dynamics (1e-12), mesh paths
// are re-anchored to the output file, usage errors exit 2, invalid input and failed writes exit 1 and
// keep any previous output file.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <random>

#include "maniplab/model/crba.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/robot_file.hpp"
#include "support/random_chain.hpp"

using namespace maniplab;

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

const QString kSrc = QStringLiteral(MANIPLAB_SOURCE_DIR);

}  // namespace

class UrdfCli : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void jsonToUrdfToJson() {
    const QString urdf = dir_.filePath("seed000.urdf"), json = dir_.filePath("seed000.json");
    Run r = runCli({"urdf-export", kSrc + "/robots/seed000_arm.json", "--out", urdf});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    r = runCli({"urdf-import", urdf, "--out", json});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const RobotLoadResult a = loadRobotFile((kSrc + "/robots/seed000_arm.json").toStdString());
    const RobotLoadResult b = loadRobotFile(json.toStdString());
    QVERIFY2(b.ok(), b.report().c_str());
    std::mt19937 rng(3);
    Data da(a.model), db(b.model);
    for (int s = 0; s < 10; ++s) {
      const VectorX q = testing::randomVectorX(rng, a.model.nq, 1.5), qd = testing::randomVectorX(rng, a.model.nq, 1);
      QVERIFY(testing::relErr(rnea(a.model, da, q, qd, qd), rnea(b.model, db, q, qd, qd)) < 1e-12);
      QVERIFY(testing::relErr(crba(a.model, da, q), crba(b.model, db, q)) < 1e-12);
    }
  }

  void meshPathsFollowTheOutputFile() {
    const QString json = dir_.filePath("arm.json");
    const Run r = runCli({"urdf-import", kSrc + "/tests/data/urdf/maniplab_test_arm/urdf/test_arm.urdf", "--out", json});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const RobotLoadResult b = loadRobotFile(json.toStdString());
    QVERIFY2(b.ok(), b.report().c_str());
    const std::string mesh = b.description.joints[0].geometry.mesh;
    QVERIFY(std::filesystem::path(mesh).is_relative());
    QVERIFY(std::filesystem::exists(std::filesystem::path(dir_.path().toStdString()) / mesh));
  }

  void errors() {
    QCOMPARE(runCli({"urdf-export"}).status, 2);
    QCOMPARE(runCli({"urdf-import", "x.urdf"}).status, 2);
    QCOMPARE(runCli({"urdf-import", "x.urdf", "--out"}).status, 2);
    const Run missing = runCli({"urdf-import", "/nonexistent/x.urdf", "--out", dir_.filePath("x.json")});
    QCOMPARE(missing.status, 1);
    QVERIFY(missing.err.contains("cannot open"));
    // a failed write (the output's directory is a regular file) keeps nothing half-written and says why
    const QString blocker = dir_.filePath("file");
    std::ofstream(blocker.toStdString()) << "x";
    const Run w = runCli({"urdf-export", kSrc + "/robots/puma560.json", "--out", blocker + "/puma.urdf"});
    QCOMPARE(w.status, 1);
    QVERIFY2(w.err.contains("Not a directory"), qPrintable(w.err));
    // an existing output survives a failed conversion
    const QString keep = dir_.filePath("keep.json");
    std::ofstream(keep.toStdString()) << "previous";
    QCOMPARE(runCli({"urdf-import", kSrc + "/robots/puma560.json", "--out", keep}).status, 1);  // not URDF
    std::ifstream in(keep.toStdString());
    std::string content;
    in >> content;
    QCOMPARE(content, std::string("previous"));
  }
};

QTEST_GUILESS_MAIN(UrdfCli)
#include "test_urdf_cli.moc"
