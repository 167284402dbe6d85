// Tree-structured robot files (robots/README.md, "Trees"): a parent per joint, Khalil–Kleinfinger's
// antecedent a(j) (Khalil & Kleinfinger, A new geometric notation for open and closed-loop robots, IEEE
// ICRA 1986; Khalil & Dombre, Modeling, Identification and Control of Robots, 2002, §3.6), and the tree
// notation's two extra parameters gamma, b of the modified DH frames.
//
// Checked: the reader's errors at /joints/K/parent (an index that is not an earlier joint, a branch in
// standard DH), the Model's parent array, each joint placed on its antecedent's frame (forward
// kinematics against the frames composed by hand from the notation's six transforms), gamma and b
// against the same frame written in the general form, and the writer's round trip (a chain file keeps no
// "parent" key).
#include <QtTest/QtTest>

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/robot_file.hpp"
#include "support/test_main.hpp"

namespace test_robot_file_tree {

using namespace maniplab;
using json = nlohmann::json;

namespace {

/// A five-joint MDH tree: a waist (1) on the base, a shoulder (2) on the waist, a second branch (3) on
/// the waist placed with gamma and b, a prismatic finger (4) on joint 3, and a mast (5) on the base.
json treeRobot() {
  return json::parse(R"({
    "format": "maniplab-robot", "version": 1, "name": "test tree", "convention": "mdh",
    "base": {"xyz": [0.1, 0, 0.2], "rpy": [0, 0, 0.3]},
    "joints": [
      {"name": "waist", "type": "revolute", "alpha": 0, "d": 0, "theta": 0, "r": 0.4,
       "link": {"mass": 5, "com": [0, 0, -0.1], "inertia": {"xx": 0.1, "yy": 0.1, "zz": 0.05}}},
      {"name": "shoulder", "type": "revolute", "parent": 1, "alpha": -1.5707963267948966, "d": 0.1, "theta": 0, "r": 0,
       "link": {"mass": 3, "com": [0.2, 0, 0], "inertia": {"xx": 0.01, "yy": 0.05, "zz": 0.05}}},
      {"name": "branch", "type": "revolute", "parent": 1, "gamma": 0.7, "b": 0.15, "alpha": 1.5707963267948966,
       "d": 0.05, "theta": 0.2, "r": 0.03,
       "link": {"mass": 2, "com": [0.1, 0, 0], "inertia": {"xx": 0.01, "yy": 0.02, "zz": 0.02}}},
      {"name": "finger", "type": "prismatic", "parent": 3, "alpha": 0.4, "d": 0.12, "theta": 0, "r": 0,
       "link": {"mass": 0.5, "com": [0, 0, 0.02], "inertia": {"xx": 1e-3, "yy": 1e-3, "zz": 1e-3}}},
      {"name": "mast", "type": "revolute", "parent": 0, "alpha": 0, "d": 0.5, "theta": 0, "r": 0.1,
       "link": {"mass": 1, "com": [0, 0, 0.3], "inertia": {"xx": 0.02, "yy": 0.02, "zz": 1e-3}}}
    ]
  })");
}

RobotLoadResult parse(const json& doc) { return parseRobot(doc.dump(), "t.json"); }

/// Khalil–Kleinfinger's frame j from frame a(j): Rz(gamma) Tz(b) Rx(alpha) Tx(d) Rz(theta + q) Tz(r), or
/// Tz(r + q) for a prismatic joint, composed here from the notation, not by the library's conversion.
Transform kk(const json& j, double q) {
  const bool rev = j["type"] == "revolute";
  const double gamma = j.value("gamma", 0.0), b = j.value("b", 0.0);
  return rotZ(gamma) * transZ(b) * rotX(j["alpha"].get<double>()) * transX(j["d"].get<double>()) *
         rotZ(j["theta"].get<double>() + (rev ? q : 0.0)) * transZ(j["r"].get<double>() + (rev ? 0.0 : q));
}

double frameError(const Transform& a, const Transform& b) {
  return std::max((a.R - b.R).cwiseAbs().maxCoeff(), (a.p - b.p).cwiseAbs().maxCoeff());
}

bool hasError(const RobotLoadResult& r, const std::string& path, const std::string& text) {
  int errors = 0;
  bool found = false;
  for (const auto& d : r.diagnostics) {
    if (d.severity != Diagnostic::Severity::Error) continue;
    ++errors;
    found |= d.path == path && d.message == text;
  }
  if (!found || errors != 1) qWarning("%s", r.report().c_str());
  return found && errors == 1;
}

}  // namespace

class TestRobotFileTree : public QObject {
  Q_OBJECT

 private slots:
  // The parents reach the Model (0-based, -1 the base); the chain check sees the branch.
  void parentsReachTheModel() {
    const RobotLoadResult r = parse(treeRobot());
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.model.parent, (std::vector<int>{-1, 0, 0, 2, -1}));
    QVERIFY(!r.model.isChain());
    QVERIFY(!isChain(r.description));
    QCOMPARE(r.description.joints[2].gamma, 0.7);
    QCOMPARE(r.description.joints[2].b, 0.15);
  }

  // Each frame is its antecedent's frame times the notation's transform: compared with the frames composed
  // by hand at a random configuration (1e-14: a few roundings per product).
  void framesFollowTheAntecedents() {
    const json doc = treeRobot();
    const RobotLoadResult r = parse(doc);
    QVERIFY2(r.ok(), r.report().c_str());
    Data data(r.model);
    const VectorX q = (VectorX(5) << 0.3, -0.8, 1.1, 0.04, -0.5).finished();
    forwardKinematics(r.model, data, q);
    const Transform base = transX(0.1) * transZ(0.2) * rotZ(0.3);  // xyz then rpy (0, 0, 0.3)
    const auto& J = doc["joints"];
    const Transform T1 = base * kk(J[0], q[0]);
    const Transform T2 = T1 * kk(J[1], q[1]);
    const Transform T3 = T1 * kk(J[2], q[2]);
    const Transform T4 = T3 * kk(J[3], q[3]);
    const Transform T5 = base * kk(J[4], q[4]);
    const Transform expected[5] = {T1, T2, T3, T4, T5};
    for (int i = 0; i < 5; ++i) {
      const double e = frameError(data.oMi[std::size_t(i)], expected[i]);
      QVERIFY2(e < 1e-14, qPrintable(QString("joint %1: %2").arg(i + 1).arg(e)));
    }
  }

  // gamma and b are the general form's placement Rz(gamma) Tz(b) Rx(alpha) Tx(d) Rz(theta) Tz(r): the same
  // model either way.
  void gammaAndBAreTheGeneralPlacement() {
    json mdh = treeRobot();
    const RobotLoadResult a = parse(mdh);
    QVERIFY2(a.ok(), a.report().c_str());
    json general = mdh;
    general["convention"] = "general";
    for (auto& j : general["joints"]) {
      const Transform t = kk(j, 0.0);
      j["l"] = {t.p[0], t.p[1], t.p[2]};
      json P = json::array();
      for (int r = 0; r < 3; ++r) P.push_back({t.R(r, 0), t.R(r, 1), t.R(r, 2)});
      j["P"] = P;
      for (const char* k : {"gamma", "b", "alpha", "d", "theta", "r"}) j.erase(k);
    }
    const RobotLoadResult b = parse(general);
    QVERIFY2(b.ok(), b.report().c_str());
    QCOMPARE(b.model.parent, a.model.parent);
    for (int i = 0; i < 5; ++i) {
      const double e = frameError(a.model.placement[std::size_t(i)], b.model.placement[std::size_t(i)]);
      QVERIFY2(e < 1e-14, qPrintable(QString("joint %1: %2").arg(i + 1).arg(e)));
    }
  }

  // The writer keeps the parents and gamma, b; a chain file gets no "parent" key (every shipped chain
  // stays as it is written).
  void roundTrip() {
    const RobotLoadResult a = parse(treeRobot());
    QVERIFY2(a.ok(), a.report().c_str());
    const json written = json::parse(robotToJson(a.description));
    QCOMPARE(written["joints"][2]["parent"].get<int>(), 1);  // the branch on the waist
    QCOMPARE(written["joints"][4]["parent"].get<int>(), 0);  // the mast on the base
    for (int k : {0, 1, 3}) QVERIFY(!written["joints"][k].contains("parent"));  // the previous joint: implicit
    const RobotLoadResult b = parseRobot(written.dump(), "back.json");
    QVERIFY2(b.ok(), b.report().c_str());
    QCOMPARE(b.model.parent, a.model.parent);
    QCOMPARE(b.description.joints[2].gamma, 0.7);
    QCOMPARE(b.description.joints[2].b, 0.15);

    json chain = treeRobot();
    for (auto& j : chain["joints"]) j.erase("parent");
    const RobotLoadResult c = parse(chain);
    QVERIFY2(c.ok(), c.report().c_str());
    QVERIFY(c.model.isChain());
    const json chainWritten = json::parse(robotToJson(c.description));  // kept alive for the loop
    for (const auto& j : chainWritten["joints"]) QVERIFY(!j.contains("parent"));
  }

  // A parent that is not the base or an earlier joint, or a branch in standard DH: one error at the field.
  void parentErrors_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const QString range = "must be 0 (the base) or the number of an earlier joint, 1 to %1 (Khalil–Kleinfinger's a(j) < j)";
    QTest::newRow("itself") << "/joints/1/parent" << "2" << "/joints/1/parent" << range.arg(1);
    QTest::newRow("a later joint") << "/joints/2/parent" << "4" << "/joints/2/parent" << range.arg(2);
    QTest::newRow("negative") << "/joints/4/parent" << "-1" << "/joints/4/parent" << range.arg(4);
    QTest::newRow("a fraction") << "/joints/3/parent" << "1.5" << "/joints/3/parent" << range.arg(3);
    QTest::newRow("a string") << "/joints/3/parent" << "\"waist\"" << "/joints/3/parent" << "must be a number";
    QTest::newRow("gamma in dh") << "/convention" << "\"dh\"" << "/joints/2/gamma" << "unknown key";
  }
  void parentErrors() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, path);
    QFETCH(QString, message);
    json doc = treeRobot();
    doc[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
    const RobotLoadResult r = parse(doc);
    bool found = false;
    for (const auto& d : r.diagnostics)
      found |= d.severity == Diagnostic::Severity::Error && d.path == path.toStdString() &&
               d.message.rfind(message.toStdString(), 0) == 0;
    QVERIFY2(found, r.report().c_str());
  }

  // Standard DH puts link j's frame on the axis of joint j+1: a branch cannot be written in it. The previous
  // joint as parent is accepted (it is the chain).
  void branchInStandardDhIsRefused() {
    json doc = json::parse(R"({
      "format": "maniplab-robot", "version": 1, "name": "dh", "convention": "dh",
      "joints": [
        {"name": "a", "type": "revolute", "a": 0.5, "alpha": 0, "d": 0, "theta": 0,
         "link": {"mass": 1, "com": [-0.2, 0, 0], "inertia": {"xx": 0.01, "yy": 0.01, "zz": 0.01}}},
        {"name": "b", "type": "revolute", "parent": 1, "a": 0.4, "alpha": 0, "d": 0, "theta": 0,
         "link": {"mass": 1, "com": [-0.2, 0, 0], "inertia": {"xx": 0.01, "yy": 0.01, "zz": 0.01}}}
      ]
    })");
    const RobotLoadResult ok = parse(doc);
    QVERIFY2(ok.ok(), ok.report().c_str());
    QVERIFY(ok.model.isChain());
    doc["joints"][1]["parent"] = 0;
    QVERIFY(hasError(parse(doc), "/joints/1/parent",
                     "a branch needs \"mdh\" (Khalil–Kleinfinger) or \"general\": standard DH puts link j's frame on the "
                     "axis of joint j+1, which a link with several children does not have"));
  }
};

MANIPLAB_TEST_GUILESS_MAIN(TestRobotFileTree)
#include "test_robot_file_tree.moc"  // (in the namespace, as the class)

}  // namespace test_robot_file_tree
