// maniplab-cli base-params on the robots of issue 17 (written here from the shipped files and from MDH
// tables): the reported count and params are the minimal set (text and --json), equal to the numeric
// rank; with --thesis-rules (Belkoura 1993's rules alone) the CLI still reports the minimal set, says the
// rules' count and which parameters were completed from the QR, and exits 0.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

#include <nlohmann/json.hpp>
#include "support/test_main.hpp"

namespace test_base_params_cli {

using json = nlohmann::json;

namespace {

struct Run {
  int status = -1;
  std::string out, err;
};

Run cli(const QStringList& args) {
  QProcess p;
  p.start(MANIPLAB_CLI, args);
  Run r;
  if (!p.waitForFinished(60000)) return r;
  r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = p.readAllStandardOutput().toStdString();
  r.err = p.readAllStandardError().toStdString();
  return r;
}

json shipped(const char* file) {
  std::ifstream in(std::string(MANIPLAB_SOURCE_DIR "/robots/") + file);
  return json::parse(in);
}

json mdhJoint(const char* type, double alpha, double d, double theta, double r, bool asymmetric = false) {
  json j = {{"type", type}, {"alpha", alpha}, {"d", d}, {"theta", theta}, {"r", r},
            {"link", {{"mass", 1.5}, {"com", {0.1, 0.05, 0.02}},
                      {"inertia", {{0.02, 0.001, 0.002}, {0.001, 0.03, 0.003}, {0.002, 0.003, 0.04}}}}},
            {"actuator", {{"gear_ratio", 50}, {"rotor_inertia", 1e-4}, {"viscous", 0.5}, {"coulomb", 1.0}}}};
  if (asymmetric) j["actuator"]["coulomb"] = {{"positive", 1.5}, {"negative", 0.7}};
  return j;
}

}  // namespace

class BaseParamsCli : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString write(const std::string& name, const json& robot) {
    const QString path = dir_.filePath(QString::fromStdString(name));
    std::ofstream(path.toStdString()) << robot.dump(1);
    return path;
  }

 private slots:
  void minimalSet_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("actuators");
    QTest::addColumn<int>("count");        // minimal (numeric rank)
    QTest::addColumn<int>("thesisRules");  // Belkoura 1993's rules alone
    json p = shipped("planar2r.json");
    p["gravity"] = {0, 0, 0};
    const QString planar = write("planar2r_g0.json", p);
    json puma = shipped("puma560_mdh.json");
    puma["gravity"] = {0, 0, 0};
    const QString pumaG0 = write("puma_g0.json", puma);
    json v = {{"format", "maniplab-robot"}, {"version", 1}, {"name", "P(vertical, Fsa) R R R"}, {"convention", "mdh"},
              {"angle_unit", "deg"}, {"gravity", {0, 0, -9.81}}, {"rotor_model", "armature"},
              {"joints", {mdhJoint("prismatic", 0, 0, 0, 0.2, true), mdhJoint("revolute", 0, 0.1, 0, 0.1),
                          mdhJoint("revolute", 90, 0.3, 0, 0.05), mdhJoint("revolute", -90, 0.05, 0, 0.25)}}};
    const QString vertical = write("p_vertical_fsa.json", v);
    json c = v;
    c["name"] = "R R(coaxial) R R";
    c["joints"] = {mdhJoint("revolute", 0, 0, 0, 0), mdhJoint("revolute", 0, 0, 20, 0.3), mdhJoint("revolute", 90, 0.1, 0, 0.05),
                   mdhJoint("revolute", -90, 0.05, 0, 0.2)};
    const QString coaxial = write("coaxial.json", c);
    json h = v;
    h["name"] = "R(horizontal) P(parallel) R R";
    h["joints"] = {mdhJoint("revolute", 90, 0, 0, 0), mdhJoint("prismatic", 0, 0.2, 30, 0.1), mdhJoint("revolute", 90, 0.1, 0, 0.2),
                   mdhJoint("revolute", -90, 0.05, 0, 0.1)};
    const QString horizontal = write("rp_horizontal.json", h);
    QTest::newRow("planar 2R, g = 0") << planar << false << 4 << 6;
    QTest::newRow("Puma 560, g = 0") << pumaG0 << false << 34 << 38;
    QTest::newRow("Puma 560, g = 0, actuators") << pumaG0 << true << 56 << 60;
    QTest::newRow("P(vertical, Fsa) R R R, actuators") << vertical << true << 26 << 27;
    QTest::newRow("R R(coaxial) R R") << coaxial << false << 16 << 18;
    QTest::newRow("R(horizontal) P(parallel) R R, actuators") << horizontal << true << 27 << 28;
  }
  void minimalSet() {
    QFETCH(QString, file);
    QFETCH(bool, actuators);
    QFETCH(int, count);
    QFETCH(int, thesisRules);
    for (bool thesis : {false, true}) {
      QStringList args = {"base-params", file, "--json"};
      if (actuators) args << "--actuators";
      if (thesis) args << "--thesis-rules";
      const Run r = cli(args);
      QVERIFY2(r.status == 0, (r.out + r.err).c_str());
      const json j = json::parse(r.out);
      QCOMPARE(j.at("count").get<int>(), count);
      QCOMPARE(int(j.at("params").size()), count);
      QCOMPARE(j.at("count_numeric").get<int>(), count);
      QCOMPARE(j.at("minimal").get<bool>(), true);
      QCOMPARE(j.at("count_symbolic").get<int>(), thesis ? thesisRules : count);
      QCOMPARE(j.at("symbolic_equals_numeric").get<bool>(), !thesis);
      QCOMPARE(j.at("completed").empty(), !thesis);
      if (thesis) {
        const std::string first = j.at("completed")[0].get<std::string>();
        QVERIFY2(first.find("a rule is missing") != std::string::npos, first.c_str());
      }
      // Text output: the same count on the first line, and the rules' count on the second.
      args.removeAll("--json");
      const Run t = cli(args);
      QVERIFY2(t.status == 0, (t.out + t.err).c_str());
      QVERIFY2(t.out.find(": " + std::to_string(count) + " base parameters") != std::string::npos, t.out.c_str());
      QVERIFY2(t.out.find("symbolic rules " + std::to_string(thesis ? thesisRules : count)) != std::string::npos, t.out.c_str());
      QVERIFY2((t.out.find("a rule is missing") != std::string::npos) == thesis, t.out.c_str());
    }
  }

  /// A tree (robots/puma560_pair_mdh.json: two Puma 560 arms on one base): twice the arm's base parameters,
  /// the rules alone minimal, and no count formula (a chain's).
  void treeHasTwiceTheArmsParameters() {
    for (bool actuators : {false, true}) {
      QStringList pair = {"base-params", QString(MANIPLAB_SOURCE_DIR) + "/robots/puma560_pair_mdh.json", "--json"};
      QStringList arm = {"base-params", QString(MANIPLAB_SOURCE_DIR) + "/robots/puma560_mdh.json", "--json"};
      if (actuators) {
        pair << "--actuators";
        arm << "--actuators";
      }
      const Run rp = cli(pair), ra = cli(arm);
      QVERIFY2(rp.status == 0, (rp.out + rp.err).c_str());
      QVERIFY2(ra.status == 0, (ra.out + ra.err).c_str());
      const json jp = json::parse(rp.out), ja = json::parse(ra.out);
      QCOMPARE(jp.at("count").get<int>(), 2 * ja.at("count").get<int>());
      QCOMPARE(jp.at("count_numeric").get<int>(), jp.at("count").get<int>());
      QCOMPARE(jp.at("symbolic_equals_numeric").get<bool>(), true);
      QVERIFY(jp.at("count_formula").is_null());
      QVERIFY(!ja.at("count_formula").is_null());
      pair.removeAll("--json");
      const Run t = cli(pair);
      QVERIFY2(t.status == 0 && t.out.find("count formula: none (a tree") != std::string::npos, t.out.c_str());
    }
  }
};

MANIPLAB_TEST_MAIN(BaseParamsCli)
#include "test_base_params_cli.moc"  // (in the namespace, as the class)

}  // namespace test_base_params_cli
