// maniplab-cli urdf-export / urdf-import: JSON -> URDF -> JSON keeps the dynamics (1e-12), mesh paths
// are re-anchored to the output file, usage errors exit 2, invalid input and failed writes exit 1 and
// keep any previous output file. URDF trees: --tip LINK, --tree and --lock JOINT=VALUE on every command
// that loads a robot; a tree without --tip or --tree is exit 1 listing the candidate tips; urdf-import
// --tip (--tree) writes the same dynamics as the library's import with that tip (the whole tree), 1e-12.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <random>

#include "maniplab/model/crba.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "support/random_chain.hpp"
#include "support/test_main.hpp"

namespace test_urdf_cli {

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
    const QString urdf = dir_.filePath("llibre1983.urdf"), json = dir_.filePath("llibre1983.json");
    Run r = runCli({"urdf-export", kSrc + "/robots/llibre1983_arm.json", "--out", urdf});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    r = runCli({"urdf-import", urdf, "--out", json});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const RobotLoadResult a = loadRobotFile((kSrc + "/robots/llibre1983_arm.json").toStdString());
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

  void treesNeedATip() {
    const QString panda = kSrc + "/tests/data/urdf/franka_panda/panda.urdf";
    const Run none = runCli({"check", panda});
    QCOMPARE(none.status, 1);
    QVERIFY2(none.err.contains("--tip LINK") && none.err.contains("panda_hand_tcp (7 joints)") &&
                 none.err.contains("panda_leftfinger (8 joints)"),
             qPrintable(none.err));
    const Run ok = runCli({"check", panda, "--tip", "panda_hand_tcp"});
    QVERIFY2(ok.status == 0, qPrintable(ok.err));
    QVERIFY2(ok.out.contains("joints (n):  7 (RRRRRRR)"), qPrintable(ok.out));
    QVERIFY(ok.err.contains("joint \"panda_finger_joint2\" (prismatic, off the chain to \"panda_hand_tcp\") is locked at 0 m"));
    // every command that loads a robot takes the options (before or after the file)
    for (const QStringList& cmd : {QStringList{"dynamics", "--tip", "panda_hand", panda, "--json"},
                                   QStringList{"base-params", panda, "--tip", "panda_hand", "--json"},
                                   QStringList{"opcount", panda, "--tip", "panda_hand", "--n-max", "2", "--json"},
                                   QStringList{"urdf-export", panda, "--tip", "panda_hand", "--out", dir_.filePath("p.urdf")}}) {
      const Run r = runCli(cmd);
      QVERIFY2(r.status == 0, qPrintable(cmd.join(' ') + ": " + r.err));
    }
    // stated locked positions
    const QString arm = kSrc + "/tests/data/urdf/trees/gripper_arm.urdf";
    const Run st = runCli({"check", arm, "--tip", "tcp", "--lock", "left_knuckle_joint=0.5"});
    QVERIFY2(st.status == 0, qPrintable(st.err));
    QVERIFY2(st.err.contains("locked at -0.5 rad (mimic of \"left_knuckle_joint\""), qPrintable(st.err));
    // urdf-import --tip: the written file has the dynamics of the library's import with that tip
    const QString json = dir_.filePath("two_arm_left.json");
    const QString two = kSrc + "/tests/data/urdf/trees/two_arm_torso.urdf";
    const Run im = runCli({"urdf-import", two, "--tip", "left_tcp", "--lock", "right_j2=-0.8", "--out", json});
    QVERIFY2(im.status == 0, qPrintable(im.err));
    UrdfImportOptions o;
    o.tip = "left_tcp";
    o.lockedPositions = {{"right_j2", -0.8}};
    const RobotLoadResult a = loadUrdfFile(two.toStdString(), o), b = loadRobotFile(json.toStdString());
    QVERIFY2(a.ok() && b.ok(), b.report().c_str());
    QCOMPARE(b.model.nq, 7);
    std::mt19937 rng(11);
    Data da(a.model), db(b.model);
    for (int s = 0; s < 5; ++s) {
      const VectorX q = testing::randomVectorX(rng, 7, 1.5), qd = testing::randomVectorX(rng, 7, 1);
      QVERIFY(testing::relErr(rnea(a.model, da, q, qd, qd), rnea(b.model, db, q, qd, qd)) < 1e-12);
      QVERIFY(testing::relErr(crba(a.model, da, q), crba(b.model, db, q)) < 1e-12);
    }
    // malformed options are usage errors; options on a JSON robot are an error naming the cause
    QCOMPARE(runCli({"check", panda, "--tip"}).status, 2);
    QCOMPARE(runCli({"check", panda, "--lock", "panda_finger_joint1"}).status, 2);
    QCOMPARE(runCli({"check", panda, "--lock", "panda_finger_joint1=nan"}).status, 2);
    QCOMPARE(runCli({"check", panda, "--tip", "a", "--tip", "b"}).status, 2);
    const Run js = runCli({"check", kSrc + "/robots/puma560.json", "--tip", "x"});
    QCOMPARE(js.status, 1);
    QVERIFY(js.err.contains("apply to URDF files only"));
    const Run bad = runCli({"check", panda, "--tip", "panda_nose"});
    QCOMPARE(bad.status, 1);
    QVERIFY(bad.err.contains("the tip \"panda_nose\" is not a link"));
    QVERIFY(runCli({"help"}).out.contains("--lock JOINT=VALUE"));
  }

  /// --tree: the whole tree (every moving joint but mimic ones), on every command that loads a robot;
  /// urdf-import --tree writes a robot file with each joint's parent, with the library's dynamics.
  void wholeTree() {
    const QString panda = kSrc + "/tests/data/urdf/franka_panda/panda.urdf";
    const Run none = runCli({"check", panda});
    QVERIFY2(none.err.contains("simulate the whole tree (maniplab-cli: --tree)"), qPrintable(none.err));
    const Run ok = runCli({"check", panda, "--tree"});
    QVERIFY2(ok.status == 0, qPrintable(ok.err));
    QVERIFY2(ok.out.contains("joints (n):  8 (RRRRRRRP)"), qPrintable(ok.out));
    QVERIFY2(ok.err.contains("joint \"panda_finger_joint2\" (prismatic, on the tree) is locked at 0 m"), qPrintable(ok.err));
    const Run dyn = runCli({"dynamics", "--tree", panda, "--json"});
    QVERIFY2(dyn.status == 0, qPrintable(dyn.err));
    const QString json = dir_.filePath("two_arm_tree.json");
    const QString two = kSrc + "/tests/data/urdf/trees/two_arm_torso.urdf";
    const Run im = runCli({"urdf-import", two, "--tree", "--out", json});
    QVERIFY2(im.status == 0, qPrintable(im.err));
    UrdfImportOptions o;
    o.wholeTree = true;
    const RobotLoadResult a = loadUrdfFile(two.toStdString(), o), b = loadRobotFile(json.toStdString());
    QVERIFY2(a.ok() && b.ok(), b.report().c_str());
    QCOMPARE(b.model.nq, 17);
    QCOMPARE(b.model.parent, a.model.parent);
    QVERIFY(!b.model.isChain());
    std::mt19937 rng(12);
    Data da(a.model), db(b.model);
    for (int s = 0; s < 5; ++s) {
      const VectorX q = testing::randomVectorX(rng, 17, 1.5), qd = testing::randomVectorX(rng, 17, 1);
      QVERIFY(testing::relErr(rnea(a.model, da, q, qd, qd), rnea(b.model, db, q, qd, qd)) < 1e-12);
      QVERIFY(testing::relErr(crba(a.model, da, q), crba(b.model, db, q)) < 1e-12);
    }
    const Run both = runCli({"check", panda, "--tree", "--tip", "panda_hand"});
    QCOMPARE(both.status, 1);
    QVERIFY2(both.err.contains("a chain tip (\"panda_hand\") and the whole tree were both asked for"), qPrintable(both.err));
    const Run js = runCli({"check", kSrc + "/robots/puma560.json", "--tree"});
    QCOMPARE(js.status, 1);
    QVERIFY(js.err.contains("the whole tree or locked joint positions apply to URDF files only"));
    QVERIFY(runCli({"help"}).out.contains("--tree"));
  }

  /// --couple-mimics: the Panda's second finger is a coordinate of q that follows the first. `dynamics`
  /// replaces the value given for it by its source's, prints the independent coordinates, G^T M G and G^T tau
  /// (checked here from the full M and tau it prints, with G = [I_8; e_8^T] written here), and the forward
  /// dynamics of tau give back the given qdd with the second finger's following the first.
  void coupledMimics() {
    const QString panda = kSrc + "/tests/data/urdf/franka_panda/panda.urdf";
    const Run dyn = runCli({"dynamics", panda, "--tree", "--couple-mimics", "--json", "--q", "0.1,-0.5,0.2,-2,0.3,1.6,0.7,0.02,0.039",
                            "--qd", "0.3,0.2,0.1,0,-0.2,0.4,0.5,0.01,0", "--qdd", "1,2,3,4,5,6,7,0.5,9"});
    QVERIFY2(dyn.status == 0, qPrintable(dyn.err));
    const QJsonObject o = QJsonDocument::fromJson(dyn.out.toUtf8()).object();
    QCOMPARE(o["joints"].toArray().size(), 9);
    QCOMPARE(o["independent"].toArray().size(), 8);
    QCOMPARE(o["independent"].toArray().last().toString(), QString("panda_finger_joint1"));
    const auto at = [](const QJsonValue& m, int r, int c) { return m.toArray()[r].toArray()[c].toDouble(); };
    MatrixX M(9, 9), Mind(8, 8);
    VectorX tau(9), tauInd(8), qdd(9);
    for (int r = 0; r < 9; ++r) {
      tau[r] = o["tau"].toArray()[r].toDouble();
      qdd[r] = o["qdd_fd"].toArray()[r].toDouble();
      for (int c = 0; c < 9; ++c) M(r, c) = at(o["M"], r, c);
    }
    for (int r = 0; r < 8; ++r) {
      tauInd[r] = o["tau_ind"].toArray()[r].toDouble();
      for (int c = 0; c < 8; ++c) Mind(r, c) = at(o["M_ind"], r, c);
    }
    MatrixX G = MatrixX::Zero(9, 8);
    G.topRows(8).setIdentity();
    G(8, 7) = 1;
    QVERIFY(testing::relErr(Mind, MatrixX(G.transpose() * M * G)) < 1e-14);
    QVERIFY(testing::relErr(tauInd, VectorX(G.transpose() * tau)) < 1e-14);
    VectorX want(9);
    want << 1, 2, 3, 4, 5, 6, 7, 0.5, 0.5;  // the second finger's 9 replaced by the first's 0.5
    QVERIFY2(testing::relErr(qdd, want) < 1e-9, qPrintable(QString::number(testing::relErr(qdd, want))));
    QCOMPARE(qdd[8], qdd[7]);
    // the text output says so too; a ManipLab file refuses the URDF-only option
    const Run text = runCli({"dynamics", panda, "--tree", "--couple-mimics"});
    QVERIFY2(text.out.contains("independent coordinates: panda_joint1") && text.out.contains("M_ind = G^T M G"), qPrintable(text.out));
    const Run js = runCli({"check", kSrc + "/robots/puma560.json", "--couple-mimics"});
    QCOMPARE(js.status, 1);
    QVERIFY(runCli({"help"}).out.contains("--couple-mimics"));
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

MANIPLAB_TEST_GUILESS_MAIN(UrdfCli)
#include "test_urdf_cli.moc"  // (in the namespace, as the class)

}  // namespace test_urdf_cli
