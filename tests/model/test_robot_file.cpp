// Robot file loader tests (robots/README.md, model/src/robot_file.cpp): every validation rule of the
// loader on a malformed document, with the exact diagnostic (JSON pointer, message, Error/Warning);
// angle_unit "deg"; files that cannot be opened; Diagnostic::toString(); and the robotToJson round trip.
//
// Each malformed document is a valid robot with ONE change, so a test pins one rule: the expected
// diagnostic must be present, and no other error may be reported.
#include <QtTest/QtTest>

#include <cmath>
#include <fstream>
#include <numbers>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "maniplab/model/json_reader.hpp"
#include "maniplab/model/model_messages.hpp"
#include "maniplab/model/robot_file.hpp"
#include "support/test_main.hpp"

namespace test_robot_file {

using namespace maniplab;
using json = nlohmann::json;
using Sev = Diagnostic::Severity;

namespace {

constexpr double kPi = std::numbers::pi;
const char* const kFile = "t.json";

// ---------------------------------------------------------------------------------------------------
// Valid documents

/// A planar 2R arm in standard DH: limits and an actuator on joint 1, object-form inertia on joint 2.
json dhRobot() {
  return json::parse(R"({
    "format": "maniplab-robot", "version": 1, "name": "test 2R", "convention": "dh",
    "joints": [
      {"name": "j1", "type": "revolute", "a": 1, "alpha": 0, "d": 0, "theta": 0,
       "limits": {"lower": -3, "upper": 3, "velocity": 2, "effort": 50},
       "link": {"mass": 2, "com": [-0.5, 0, 0], "inertia": [[0.01, 0, 0], [0, 0.2, 0], [0, 0, 0.2]]},
       "actuator": {"gear_ratio": 10, "rotor_inertia": 1e-4, "viscous": 0.1,
                    "coulomb": {"positive": 0.2, "negative": 0.3}}},
      {"name": "j2", "type": "revolute", "a": 0.8, "alpha": 0, "d": 0, "theta": 0,
       "link": {"mass": 1, "com": [-0.4, 0, 0], "inertia": {"xx": 0.01, "yy": 0.1, "zz": 0.1}}}
    ]
  })");
}

/// A 3-joint MDH robot (revolute, prismatic, revolute) with every optional top-level key.
json mdhRobot() {
  return json::parse(R"({
    "format": "maniplab-robot", "version": 1, "name": "test MDH", "description": "RPR test arm",
    "convention": "mdh", "angle_unit": "rad", "gravity": [0.1, -0.2, -9.7], "rotor_model": "full",
    "base": {"xyz": [0.1, 0.2, 0.3], "rpy": [0.1, -0.2, 0.3]},
    "tool": {"xyz": [0, 0, 0.15], "rpy": [0, 0.5, 0]},
    "home": [0.3, 0.2, -0.4],
    "joints": [
      {"name": "waist", "type": "revolute", "alpha": 0, "d": 0, "theta": 0.1, "r": 0.4,
       "limits": {"lower": -2.5, "upper": 2.5, "velocity": 1.5, "effort": 80},
       "link": {"mass": 5, "com": [0, 0.02, -0.1],
                "inertia": [[0.2, 0.01, -0.02], [0.01, 0.25, 0.005], [-0.02, 0.005, 0.1]],
                "geometry": {"shape": "cylinder", "radius": 0.05, "length": 0.4, "xyz": [0, 0, -0.2],
                             "rpy": [0, 0, 0], "color": "#c0c0c0"}},
       "actuator": {"gear_ratio": 100, "rotor_inertia": 3e-5, "rotor_transverse_inertia": 2e-5,
                    "viscous": {"positive": 0.5, "negative": 0.4}, "coulomb": 1.2}},
      {"name": "lift", "type": "prismatic", "alpha": -1.5707963267948966, "d": 0.05, "theta": 0, "r": 0.1,
       "limits": {"lower": 0, "upper": 0.5, "velocity": 0.3, "effort": 300},
       "link": {"mass": 3, "com": [0, 0, -0.2], "inertia": {"xx": 0.05, "yy": 0.05, "zz": 0.01, "xy": 0.001},
                "geometry": {"shape": "box", "size": [0.05, 0.05, 0.5]}},
       "actuator": {"gear_ratio": -20, "rotor_inertia": 1e-5, "rotor_axis": [1, 0, 0]}},
      {"name": "wrist", "type": "revolute", "alpha": 1.2, "d": 0.02, "theta": -0.3, "r": 0.05,
       "link": {"mass": 0.5, "com": [0.01, 0, 0.03], "inertia": [[0.001, 0, 0], [0, 0.001, 0], [0, 0, 0.0005]],
                "geometry": {"shape": "sphere", "radius": 0.04, "xyz": [0, 0, 0.01], "rpy": [0.1, 0.2, 0.3]}}}
    ]
  })");
}

/// A general-convention robot: a placement by rpy, one by P, a prismatic joint, offsets.
json generalRobot() {
  return json::parse(R"({
    "format": "maniplab-robot", "version": 1, "name": "test general", "convention": "general",
    "base": {"xyz": [0, 0, 0.5]},
    "home": [0.1, 0.05, 0.2],
    "joints": [
      {"type": "revolute", "l": [0, 0, 0.3], "rpy": [0, 0, 0], "offset": 0.2,
       "link": {"mass": 4, "com": [0, 0, 0.1], "inertia": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.05]]}},
      {"type": "prismatic", "l": [0.2, 0, 0.1], "P": [[1, 0, 0], [0, 0, -1], [0, 1, 0]], "offset": 0.05,
       "link": {"mass": 2, "com": [0, 0, -0.1], "inertia": [[0.02, 0, 0], [0, 0.02, 0], [0, 0, 0.01]]},
       "actuator": {"gear_ratio": 50, "rotor_inertia": 2e-5}},
      {"type": "revolute", "l": [0, 0.1, 0.2], "rpy": [0.3, -0.4, 1.1], "offset": -0.5,
       "limits": {"lower": -1, "upper": 1},
       "link": {"mass": 1, "com": [0.05, 0, 0], "inertia": {"xx": 0.004, "yy": 0.005, "zz": 0.006, "yz": 0.0005}}}
    ]
  })");
}

// ---------------------------------------------------------------------------------------------------
// Editing and checking

/// The document with the value at `ptr` (a JSON pointer) set.
json with(json doc, const std::string& ptr, json value) {
  doc[json::json_pointer(ptr)] = std::move(value);
  return doc;
}

/// The document without the key at `ptr`.
json without(json doc, const std::string& ptr) {
  const json::json_pointer p(ptr);
  doc[p.parent_pointer()].erase(p.back());
  return doc;
}

QByteArray text(const json& doc) { return QByteArray::fromStdString(doc.dump(2)); }

RobotLoadResult parse(const QByteArray& t) { return parseRobot(t.toStdString(), kFile); }
RobotLoadResult parse(const json& doc) { return parseRobot(doc.dump(2), kFile); }

QString reportOf(const RobotLoadResult& r) {
  return r.diagnostics.empty() ? QStringLiteral("(no diagnostics)") : QString::fromStdString(r.report());
}

/// "" if `r` has a diagnostic with exactly this severity, path and message and no other error; else why not.
QString checkDiagnostic(const RobotLoadResult& r, Sev sev, const std::string& path, const std::string& message) {
  bool found = false;
  int otherErrors = 0;
  for (const auto& d : r.diagnostics) {
    const bool match = d.severity == sev && d.path == path && d.message == message && d.file == kFile;
    if (match) found = true;
    else if (d.severity == Sev::Error) ++otherErrors;
  }
  const QString want = QStringLiteral("%1 at \"%2\": %3")
                           .arg(sev == Sev::Error ? "error" : "warning", QString::fromStdString(path),
                                QString::fromStdString(message));
  if (!found) return "expected " + want + "\ngot:\n" + reportOf(r);
  if (otherErrors) return "expected only the " + want + "\ngot:\n" + reportOf(r);
  if ((sev == Sev::Error) == r.ok()) return "ok() does not match the severity\n" + reportOf(r);
  return {};
}

/// "" if `r` loaded with exactly one diagnostic, the given warning.
QString checkOnlyWarning(const RobotLoadResult& r, const std::string& path, const std::string& message) {
  if (r.diagnostics.size() != 1) return "expected exactly one warning, got:\n" + reportOf(r);
  return checkDiagnostic(r, Sev::Warning, path, message);
}

#define EXPECT_DIAG(r, sev, path, msg)                                   \
  do {                                                                   \
    const QString why_ = checkDiagnostic((r), (sev), (path), (msg));     \
    QVERIFY2(why_.isEmpty(), qPrintable(why_));                          \
  } while (0)

#define EXPECT_CLEAN(r) QVERIFY2((r).ok() && (r).diagnostics.empty(), qPrintable(reportOf(r)))

bool near(double a, double b, double tol) {
  return std::abs(a - b) <= tol * std::max({1.0, std::abs(a), std::abs(b)});
}
template <typename A, typename B> bool nearM(const A& a, const B& b, double tol) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (!near(a(i, j), b(i, j), tol)) return false;
  return true;
}

/// "" if the two models have the same parameters (to `tol`), else the first difference.
QString compareModels(const Model& a, const Model& b, double tol) {
  if (a.nq != b.nq) return QStringLiteral("nq %1 vs %2").arg(a.nq).arg(b.nq);
  if (a.name != b.name) return "name";
  if (a.rotorModel != b.rotorModel) return "rotorModel";
  if (!nearM(a.gravity, b.gravity, tol)) return "gravity";
  if (!nearM(a.tool.R, b.tool.R, tol) || !nearM(a.tool.p, b.tool.p, tol)) return "tool";
  if (!nearM(a.home, b.home, tol)) return "home";
  for (int i = 0; i < a.nq; ++i) {
    const auto k = std::size_t(i);
    const QString j = QStringLiteral("joint %1: ").arg(i);
    if (a.jointType[k] != b.jointType[k]) return j + "type";
    if (a.jointName[k] != b.jointName[k]) return j + "name";
    if (!nearM(a.placement[k].R, b.placement[k].R, tol) || !nearM(a.placement[k].p, b.placement[k].p, tol))
      return j + "placement";
    if (!nearM(a.bodyToLink[k].R, b.bodyToLink[k].R, tol) || !nearM(a.bodyToLink[k].p, b.bodyToLink[k].p, tol))
      return j + "bodyToLink";
    if (!near(a.body[k].mass, b.body[k].mass, tol)) return j + "mass";
    if (!nearM(a.body[k].com, b.body[k].com, tol)) return j + "com";
    if (!nearM(a.body[k].inertia, b.body[k].inertia, tol)) return j + "inertia";
    const auto &x = a.actuator[k], &y = b.actuator[k];
    if (!near(x.gear, y.gear, tol) || !near(x.rotorInertia, y.rotorInertia, tol) ||
        !near(x.rotorTransverse, y.rotorTransverse, tol) || !nearM(x.rotorAxis, y.rotorAxis, tol) ||
        !near(x.viscousPos, y.viscousPos, tol) || !near(x.viscousNeg, y.viscousNeg, tol) ||
        !near(x.coulombPos, y.coulombPos, tol) || !near(x.coulombNeg, y.coulombNeg, tol))
      return j + "actuator";
    const auto &l = a.limits[k], &m = b.limits[k];
    if (!near(l.lower, m.lower, tol) || !near(l.upper, m.upper, tol) || !near(l.velocity, m.velocity, tol) ||
        !near(l.effort, m.effort, tol))
      return j + "limits";
  }
  return {};
}

/// "" if the two descriptions hold the same data in SI (to `tol`), else the first difference; the file's
/// angle unit is not compared.
QString compareDescriptions(const RobotDescription& a, const RobotDescription& b, double tol) {
  if (a.name != b.name || a.description != b.description) return "name/description";
  if (a.convention != b.convention) return "convention";
  if (a.joints.size() != b.joints.size()) return "joint count";
  for (std::size_t i = 0; i < a.joints.size(); ++i) {
    const auto &x = a.joints[i], &y = b.joints[i];
    const QString j = QStringLiteral("joint %1: ").arg(i);
    if (a.convention != Convention::General &&
        (!near(x.alpha, y.alpha, tol) || !near(x.d, y.d, tol) || !near(x.theta, y.theta, tol)))
      return j + "alpha/d/theta";
    if (a.convention == Convention::DH && !near(x.a, y.a, tol)) return j + "a";
    if (a.convention == Convention::MDH && !near(x.r, y.r, tol)) return j + "r";
    if (a.convention == Convention::General &&
        (!nearM(x.placement.R, y.placement.R, tol) || !nearM(x.placement.p, y.placement.p, tol) ||
         !near(x.offset, y.offset, tol)))
      return j + "placement/offset";
    if (!nearM(x.link.com, y.link.com, tol) || !nearM(x.link.inertia, y.link.inertia, tol)) return j + "link";
    if (!nearM(x.actuator.rotorAxis, y.actuator.rotorAxis, tol)) return j + "rotor_axis";
    const auto &g = x.geometry, &h = y.geometry;
    if (g.shape != h.shape || g.mesh != h.mesh || g.color != h.color || !nearM(g.size, h.size, tol) ||
        !near(g.radius, h.radius, tol) || !near(g.length, h.length, tol) || !nearM(g.origin.R, h.origin.R, tol) ||
        !nearM(g.origin.p, h.origin.p, tol))
      return j + "geometry";
  }
  if (!nearM(a.base.R, b.base.R, tol) || !nearM(a.base.p, b.base.p, tol)) return "base";
  if (!nearM(a.tool.R, b.tool.R, tol) || !nearM(a.tool.p, b.tool.p, tol)) return "tool";
  return {};
}

Matrix3 rpyMatrix(double r, double p, double y) {
  return (Eigen::AngleAxisd(y, Vector3::UnitZ()) * Eigen::AngleAxisd(p, Vector3::UnitY()) *
          Eigen::AngleAxisd(r, Vector3::UnitX()))
      .toRotationMatrix();
}

/// Adds a row to a data-driven error test: the document, and the one error it must produce.
void errorRow(const char* tag, const json& doc, const std::string& path, const std::string& message) {
  QTest::newRow(tag) << text(doc) << QString::fromStdString(path) << QString::fromStdString(message);
}

void addErrorColumns() {
  QTest::addColumn<QByteArray>("doc");
  QTest::addColumn<QString>("path");
  QTest::addColumn<QString>("message");
}

/// Whether a reader's error()/warning() accepts a T (a deleted overload does not).
template <class R, class T>
concept ErrorTakes = requires(R& r, T t) { r.error(std::string(), t); };
template <class R, class T>
concept WarningTakes = requires(R& r, T t) { r.warning(std::string(), t); };

void runErrorRow() {
  QFETCH(QByteArray, doc);
  QFETCH(QString, path);
  QFETCH(QString, message);
  const RobotLoadResult r = parse(doc);
  EXPECT_DIAG(r, Sev::Error, path.toStdString(), message.toStdString());
}

}  // namespace

class TestRobotFile : public QObject {
  Q_OBJECT

 private slots:
  // --- the fixtures themselves are valid ---
  void validDocumentsLoadCleanly();

  // --- document level ---
  void invalidJsonReportsLineAndColumn_data();
  void invalidJsonReportsLineAndColumn();
  void notAnObject();
  void topLevelErrors_data();
  void topLevelErrors();
  void unknownKeyPathIsAJsonPointer();
  void hugeExponentLiteralIsRejectedNotThrown();
  void tinyExponentLiteralUnderflowsToZero();

  // --- joints array and joint objects ---
  void jointsArrayErrors_data();
  void jointsArrayErrors();
  void sixtyFourJointsAreAccepted();
  void unknownJointKeyPerConvention_data();
  void unknownJointKeyPerConvention();
  void jointTypeErrors_data();
  void jointTypeErrors();
  void wrongTypes_data();
  void wrongTypes();

  // --- link ---
  void linkErrors_data();
  void linkErrors();
  void negativeMassMessage();
  void inertiaNotSymmetric();
  void inertiaNotPositiveSemiDefinite();
  void inertiaTriangleInequalityWarns();
  void inertiaTriangleBoundaryIsAccepted();
  void masslessLinkWithInertiaWarns();
  void geometryErrors_data();
  void geometryErrors();

  // --- actuator ---
  void actuatorErrors_data();
  void actuatorErrors();
  void negativeGearRatioIsAccepted();

  // --- values finite but beyond any real robot (model/field_bounds.hpp), and coded messages only ---
  void physicalBounds_data();
  void physicalBounds();
  void readersTakeCodedMessagesOnly();

  // --- limits and home ---
  void limitErrors_data();
  void limitErrors();
  void equalLimitsAreAccepted();
  void homeErrors_data();
  void homeErrors();
  void homeOutsideLimitsWarns();
  void invalidJointDoesNotMisreportHome();

  // --- general convention ---
  void generalConventionErrors_data();
  void generalConventionErrors();

  // --- the mass matrix at the home pose ---
  void singularMassMatrixLastLinkWithoutInertia();
  void singularMassMatrixPointMassOnAxis();
  void rotorInertiaMakesMassMatrixRegular();
  void singularMassMatrixIsCheckedAtHomePose();

  // --- units, files, diagnostics, writing ---
  void degreesAreConverted();
  void degreesGeneralAndMdh();
  void loadRobotFileMissingPath();
  void loadRobotFileNamesTheFile();
  void diagnosticToString();
  void roundTrip_data();
  void roundTrip();
};

// ===================================================================================================

void TestRobotFile::validDocumentsLoadCleanly() {
  for (const json& doc : {dhRobot(), mdhRobot(), generalRobot()}) {
    const RobotLoadResult r = parse(doc);
    EXPECT_CLEAN(r);
    QCOMPARE(r.model.nq, int(doc["joints"].size()));
  }
  const RobotLoadResult r = parse(dhRobot());
  QCOMPARE(r.description.name, std::string("test 2R"));
  QCOMPARE(r.description.convention, Convention::DH);
  QCOMPARE(r.description.joints[0].link.mass, 2.0);
  QCOMPARE(r.description.joints[0].actuator.coulombPos, 0.2);
  QCOMPARE(r.description.joints[0].actuator.coulombNeg, 0.3);
  QCOMPARE(r.description.joints[0].actuator.viscousPos, 0.1);
  QCOMPARE(r.description.joints[0].actuator.viscousNeg, 0.1);  // scalar form: both signs
  QCOMPARE(r.description.joints[1].link.inertia(2, 2), 0.1);
  QCOMPARE(r.model.jointName[1], std::string("j2"));
  // the general robot: name defaults to q1, q2, ...
  const RobotLoadResult g = parse(generalRobot());
  QCOMPARE(g.model.jointName[2], std::string("q3"));
}

// --- document level ---------------------------------------------------------------------------------

void TestRobotFile::invalidJsonReportsLineAndColumn_data() {
  QTest::addColumn<QByteArray>("doc");
  QTest::addColumn<QString>("where");
  // Columns are 1-based and point AT the offending character (as nlohmann's own message and editors do).
  QTest::newRow("stray comma, line 2") << QByteArray("{\n  \"a\": ,\n}") << QStringLiteral("line 2, column 8");
  QTest::newRow("bad literal, line 1") << QByteArray("{\"a\": NaN}") << QStringLiteral("line 1, column 7");
  QTest::newRow("trailing comma, line 3")
      << QByteArray("{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}") << QStringLiteral("line 3, column 14");
  QTest::newRow("truncated") << QByteArray("[1,2") << QStringLiteral("line 1, column 5");
  QTest::newRow("empty") << QByteArray("") << QStringLiteral("line 1, column 1");
}

void TestRobotFile::invalidJsonReportsLineAndColumn() {
  QFETCH(QByteArray, doc);
  QFETCH(QString, where);
  const RobotLoadResult r = parse(doc);
  QVERIFY(!r.ok());
  QCOMPARE(int(r.diagnostics.size()), 1);
  const Diagnostic& d = r.diagnostics[0];
  QCOMPARE(d.severity, Sev::Error);
  QCOMPARE(d.path, std::string());
  const QString msg = QString::fromStdString(d.message);
  QVERIFY2(msg.startsWith("invalid JSON at "), qPrintable(msg));
  QVERIFY2(msg.contains(where), qPrintable("expected \"" + where + "\" in: " + msg));
}

void TestRobotFile::notAnObject() {
  for (const char* doc : {"[1, 2, 3]", "42", "\"maniplab-robot\"", "null"}) {
    const RobotLoadResult r = parse(QByteArray(doc));
    EXPECT_DIAG(r, Sev::Error, "", "the document must be a JSON object");
    QCOMPARE(int(r.diagnostics.size()), 1);
  }
}

void TestRobotFile::topLevelErrors_data() {
  addErrorColumns();
  const json b = dhRobot();
  errorRow("format missing", without(b, "/format"), "/format", "missing required string");
  errorRow("format wrong", with(b, "/format", "urdf"), "/format", "must be \"maniplab-robot\" (got \"urdf\")");
  errorRow("format not a string", with(b, "/format", 1), "/format", "must be a string");
  errorRow("version missing", without(b, "/version"), "/version", "missing required number");
  errorRow("version 2", with(b, "/version", 2), "/version", "unsupported version 2 (this program reads version 1)");
  errorRow("version 0.5", with(b, "/version", 0.5), "/version",
           "unsupported version 0.5 (this program reads version 1)");
  errorRow("version as string", with(b, "/version", "1"), "/version", "must be a number (got string)");
  errorRow("name missing", without(b, "/name"), "/name", "missing required string");
  errorRow("name not a string", with(b, "/name", json::array({"a"})), "/name", "must be a string");
  errorRow("description not a string", with(b, "/description", 3), "/description", "must be a string");
  errorRow("convention missing", without(b, "/convention"), "/convention", "missing required string");
  errorRow("convention unknown", with(b, "/convention", "sdh"), "/convention",
           "must be \"dh\", \"mdh\" or \"general\" (got \"sdh\")");
  errorRow("convention upper case", with(b, "/convention", "DH"), "/convention",
           "must be \"dh\", \"mdh\" or \"general\" (got \"DH\")");
  errorRow("angle_unit unknown", with(b, "/angle_unit", "grad"), "/angle_unit", "must be \"rad\" or \"deg\"");
  errorRow("rotor_model unknown", with(b, "/rotor_model", "rigid"), "/rotor_model",
           "must be \"armature\" or \"full\"");
  errorRow("gravity of 2", with(b, "/gravity", json::array({0, -9.81})), "/gravity", "must be an array of 3 numbers");
  errorRow("gravity a number", with(b, "/gravity", -9.81), "/gravity", "must be an array of 3 numbers");
  errorRow("gravity element string", with(b, "/gravity", json::array({0, 0, "-9.81"})), "/gravity/2",
           "must be a number (got string)");
  errorRow("base not an object", with(b, "/base", json::array({0, 0, 0})), "/base", "must be an object");
  errorRow("base unknown key", with(b, "/base", json{{"xyz", {0, 0, 0}}, {"scale", 2}}), "/base/scale",
           "unknown key \"scale\" (expected one of: rpy, xyz)");
  errorRow("tool rpy of 2", with(b, "/tool", json{{"rpy", {0, 0}}}), "/tool/rpy", "must be an array of 3 numbers");
  errorRow("unknown top-level key", with(b, "/colour", "red"), "/colour",
           "unknown key \"colour\" (expected one of: angle_unit, base, convention, description, format, gravity, "
           "home, joints, name, rotor_model, tool, version)");
  errorRow("typo of a top-level key", with(b, "/joint", b["joints"]), "/joint",
           "unknown key \"joint\" (expected one of: angle_unit, base, convention, description, format, gravity, "
           "home, joints, name, rotor_model, tool, version)");
}

void TestRobotFile::topLevelErrors() { runErrorRow(); }

void TestRobotFile::unknownKeyPathIsAJsonPointer() {
  // RFC 6901: "/" in a key is written "~1" and "~" is written "~0" in a JSON pointer.
  const RobotLoadResult r = parse(with(dhRobot(), "/a~1b", 1));  // sets the key "a/b"
  QVERIFY(!r.ok());
  const std::string known =
      "(expected one of: angle_unit, base, convention, description, format, gravity, home, joints, name, "
      "rotor_model, tool, version)";
  EXPECT_DIAG(r, Sev::Error, "/a~1b", "unknown key \"a/b\" " + known);
  const RobotLoadResult t = parse(with(dhRobot(), "/x~0y", 1));  // the key "x~y"
  EXPECT_DIAG(t, Sev::Error, "/x~0y", "unknown key \"x~y\" " + known);
}

void TestRobotFile::hugeExponentLiteralIsRejectedNotThrown() {
  // JSON has no inf/nan literals, but a number such as 1e999 overflows a double. nlohmann 3.11 throws
  // out_of_range.406 ("number overflow parsing '1e999'") from json::parse for it, which is not a
  // parse_error. The loader must turn it into an error diagnostic (README: non-finite numbers are errors;
  // robot_file.hpp: diagnostics, never exceptions), naming the value or pointing at the field.
  for (const char* literal : {"1e999", "-1e999"}) {
    std::string t = with(dhRobot(), "/joints/0/link/mass", 12345.5).dump(2);
    const auto at = t.find("12345.5");
    QVERIFY(at != std::string::npos);
    t.replace(at, 7, literal);
    RobotLoadResult r;
    try {
      r = parseRobot(t, kFile);
    } catch (const std::exception& e) {
      QFAIL(qPrintable(QStringLiteral("parseRobot threw for %1: %2").arg(literal, e.what())));
    }
    QVERIFY2(!r.ok(), qPrintable(reportOf(r)));
    bool named = false;
    for (const auto& d : r.diagnostics)
      if (d.severity == Sev::Error &&
          (d.message.find(literal) != std::string::npos ||
           (d.path == "/joints/0/link/mass" && d.message == "must be finite")))
        named = true;
    QVERIFY2(named, qPrintable(QStringLiteral("no error names %1 or /joints/0/link/mass:\n").arg(literal) +
                               reportOf(r)));
  }
}

void TestRobotFile::tinyExponentLiteralUnderflowsToZero() {
  // The other end: 1e-999 underflows to 0 in nlohmann and is an ordinary (finite) number.
  std::string t = with(dhRobot(), "/joints/0/theta", 12345.5).dump(2);
  t.replace(t.find("12345.5"), 7, "1e-999");
  const RobotLoadResult r = parseRobot(t, kFile);
  EXPECT_CLEAN(r);
  QCOMPARE(r.description.joints[0].theta, 0.0);
}

// --- joints array and joint objects ------------------------------------------------------------------

void TestRobotFile::jointsArrayErrors_data() {
  addErrorColumns();
  const json b = dhRobot();
  json many = b;
  for (int i = 0; i < 63; ++i) many["joints"].push_back(b["joints"][1]);  // 65 joints
  errorRow("joints missing", without(b, "/joints"), "/joints", "must be a non-empty array of joints");
  errorRow("joints empty", with(b, "/joints", json::array()), "/joints", "must be a non-empty array of joints");
  errorRow("joints an object", with(b, "/joints", b["joints"][0]), "/joints", "must be a non-empty array of joints");
  errorRow("65 joints", many, "/joints", "at most 64 joints are supported");
  errorRow("joint not an object", with(b, "/joints/1", 3), "/joints/1", "must be an object");
  errorRow("link missing", without(b, "/joints/0/link"), "/joints/0/link", "missing required object");
  errorRow("link not an object", with(b, "/joints/0/link", 2.0), "/joints/0/link", "must be an object");
  errorRow("actuator not an object", with(b, "/joints/0/actuator", 10), "/joints/0/actuator", "must be an object");
  errorRow("limits not an object", with(b, "/joints/0/limits", json::array({-1, 1})), "/joints/0/limits",
           "must be an object");
}

void TestRobotFile::jointsArrayErrors() { runErrorRow(); }

void TestRobotFile::sixtyFourJointsAreAccepted() {
  json doc = dhRobot();
  for (int i = 0; i < 62; ++i) doc["joints"].push_back(doc["joints"][1]);
  QCOMPARE(int(doc["joints"].size()), 64);
  const RobotLoadResult r = parse(doc);
  EXPECT_CLEAN(r);
  QCOMPARE(r.model.nq, 64);
}

void TestRobotFile::unknownJointKeyPerConvention_data() {
  addErrorColumns();
  const std::string dhKeys = "(expected one of: a, actuator, alpha, d, limits, link, mimic, name, parent, theta, type)";
  const std::string mdhKeys = "(expected one of: actuator, alpha, b, d, gamma, limits, link, mimic, name, parent, r, theta, type)";
  const std::string genKeys = "(expected one of: P, actuator, l, limits, link, mimic, name, offset, parent, rpy, type)";
  const json dh = dhRobot(), mdh = mdhRobot(), gen = generalRobot();
  errorRow("dh: r", with(dh, "/joints/1/r", 0.1), "/joints/1/r", "unknown key \"r\" " + dhKeys);
  errorRow("dh: l (general key)", with(dh, "/joints/0/l", json::array({0, 0, 0})), "/joints/0/l",
           "unknown key \"l\" " + dhKeys);
  errorRow("dh: typo Alpha", with(dh, "/joints/0/Alpha", 0), "/joints/0/Alpha", "unknown key \"Alpha\" " + dhKeys);
  errorRow("mdh: a", with(mdh, "/joints/2/a", 0.1), "/joints/2/a", "unknown key \"a\" " + mdhKeys);
  errorRow("mdh: offset", with(mdh, "/joints/0/offset", 0.1), "/joints/0/offset", "unknown key \"offset\" " + mdhKeys);
  errorRow("general: theta", with(gen, "/joints/0/theta", 0.1), "/joints/0/theta", "unknown key \"theta\" " + genKeys);
  errorRow("general: alpha", with(gen, "/joints/2/alpha", 0.1), "/joints/2/alpha", "unknown key \"alpha\" " + genKeys);
  errorRow("link: inertial", with(dh, "/joints/0/link/inertial", 1), "/joints/0/link/inertial",
           "unknown key \"inertial\" (expected one of: com, geometry, inertia, mass)");
  errorRow("limits: max", with(dh, "/joints/0/limits/max", 1), "/joints/0/limits/max",
           "unknown key \"max\" (expected one of: acceleration, effort, lower, upper, velocity)");
  errorRow("actuator: kt", with(dh, "/joints/0/actuator/torque_constant", 0.1), "/joints/0/actuator/torque_constant",
           "unknown key \"torque_constant\" (expected one of: coulomb, gear_ratio, rotor_axis, rotor_inertia, "
           "rotor_transverse_inertia, viscous)");
  errorRow("inertia object: ixx", with(dh, "/joints/1/link/inertia/ixx", 0.1), "/joints/1/link/inertia/ixx",
           "unknown key \"ixx\" (expected one of: xx, xy, xz, yy, yz, zz)");
  errorRow("friction object: neg", with(dh, "/joints/0/actuator/coulomb/neg", 0.1), "/joints/0/actuator/coulomb/neg",
           "unknown key \"neg\" (expected one of: negative, positive)");
}

void TestRobotFile::unknownJointKeyPerConvention() { runErrorRow(); }

void TestRobotFile::jointTypeErrors_data() {
  addErrorColumns();
  const json b = dhRobot();
  errorRow("type missing", without(b, "/joints/0/type"), "/joints/0/type", "missing required string");
  errorRow("type spherical", with(b, "/joints/1/type", "spherical"), "/joints/1/type",
           "must be \"revolute\" or \"prismatic\" (got \"spherical\")");
  errorRow("type capitalised", with(b, "/joints/0/type", "Revolute"), "/joints/0/type",
           "must be \"revolute\" or \"prismatic\" (got \"Revolute\")");
  errorRow("type a number", with(b, "/joints/0/type", 0), "/joints/0/type", "must be a string");
  errorRow("name a number", with(b, "/joints/0/name", 1), "/joints/0/name", "must be a string");
}

void TestRobotFile::jointTypeErrors() { runErrorRow(); }

void TestRobotFile::wrongTypes_data() {
  addErrorColumns();
  const json b = dhRobot();
  errorRow("a string", with(b, "/joints/0/a", "1.0"), "/joints/0/a", "must be a number (got string)");
  errorRow("alpha boolean", with(b, "/joints/0/alpha", true), "/joints/0/alpha", "must be a number (got boolean)");
  errorRow("d null", with(b, "/joints/1/d", nullptr), "/joints/1/d", "must be a number (got null)");
  errorRow("theta array", with(b, "/joints/1/theta", json::array({0})), "/joints/1/theta",
           "must be a number (got array)");
  errorRow("mass string", with(b, "/joints/0/link/mass", "2"), "/joints/0/link/mass", "must be a number (got string)");
  errorRow("com of 2", with(b, "/joints/0/link/com", json::array({0, 0})), "/joints/0/link/com",
           "must be an array of 3 numbers");
  errorRow("com element string", with(b, "/joints/0/link/com/1", "0"), "/joints/0/link/com/1",
           "must be a number (got string)");
  errorRow("inertia element string", with(b, "/joints/0/link/inertia/2/2", "0.2"), "/joints/0/link/inertia/2/2",
           "must be a number (got string)");
  errorRow("inertia object entry string", with(b, "/joints/1/link/inertia/zz", "0.1"), "/joints/1/link/inertia/zz",
           "must be a number (got string)");
  errorRow("limit string", with(b, "/joints/0/limits/upper", "3"), "/joints/0/limits/upper",
           "must be a number (got string)");
  errorRow("gear_ratio string", with(b, "/joints/0/actuator/gear_ratio", "10"), "/joints/0/actuator/gear_ratio",
           "must be a number (got string)");
  errorRow("viscous string", with(b, "/joints/0/actuator/viscous", "0.1"), "/joints/0/actuator/viscous",
           "must be a number (got string)");
  errorRow("rotor_axis element bool", with(b, "/joints/0/actuator/rotor_axis", json::array({0, 0, true})),
           "/joints/0/actuator/rotor_axis/2", "must be a number (got boolean)");
}

void TestRobotFile::wrongTypes() { runErrorRow(); }

// --- link ---------------------------------------------------------------------------------------------

void TestRobotFile::linkErrors_data() {
  addErrorColumns();
  const json b = dhRobot();
  errorRow("mass missing", without(b, "/joints/0/link/mass"), "/joints/0/link/mass", "missing required number");
  errorRow("mass -0.25", with(b, "/joints/1/link/mass", -0.25), "/joints/1/link/mass",
           "must be non-negative (got -0.25)");
  errorRow("inertia missing", without(b, "/joints/0/link/inertia"), "/joints/0/link/inertia",
           "missing required inertia tensor");
  errorRow("inertia a number", with(b, "/joints/0/link/inertia", 0.1), "/joints/0/link/inertia",
           "must be a 3x3 array of rows");
  errorRow("inertia 2 rows", with(b, "/joints/0/link/inertia", json::array({{1, 0, 0}, {0, 1, 0}})),
           "/joints/0/link/inertia", "must be a 3x3 array of rows");
  errorRow("inertia short row", with(b, "/joints/0/link/inertia/1", json::array({0, 0.2})),
           "/joints/0/link/inertia/1", "must be a row of 3 numbers");
  errorRow("inertia object without yy", without(b, "/joints/1/link/inertia/yy"), "/joints/1/link/inertia/yy",
           "missing required number");
}

void TestRobotFile::linkErrors() { runErrorRow(); }

void TestRobotFile::negativeMassMessage() {
  const RobotLoadResult r = parse(with(dhRobot(), "/joints/1/link/mass", -1));
  EXPECT_DIAG(r, Sev::Error, "/joints/1/link/mass", "must be non-negative (got -1)");
  // zero is allowed (with zero inertia the mass-matrix check decides; here the link has inertia -> warning)
  const RobotLoadResult z = parse(with(dhRobot(), "/joints/0/link/mass", 0));
  QVERIFY2(z.ok(), qPrintable(reportOf(z)));
}

void TestRobotFile::inertiaNotSymmetric() {
  const RobotLoadResult r =
      parse(with(dhRobot(), "/joints/0/link/inertia", json::array({{0.1, 0.01, 0}, {0, 0.2, 0}, {0, 0, 0.2}})));
  EXPECT_DIAG(r, Sev::Error, "/joints/0/link/inertia", "inertia tensor must be symmetric");
  // a relative asymmetry of 1e-12 is rounding, not an error
  const RobotLoadResult ok = parse(
      with(dhRobot(), "/joints/0/link/inertia", json::array({{0.1, 0.01, 0}, {0.01 + 1e-14, 0.2, 0}, {0, 0, 0.2}})));
  EXPECT_CLEAN(ok);
}

void TestRobotFile::inertiaNotPositiveSemiDefinite() {
  const RobotLoadResult r =
      parse(with(dhRobot(), "/joints/0/link/inertia", json::array({{0.2, 0, 0}, {0, 0.1, 0}, {0, 0, -0.05}})));
  EXPECT_DIAG(r, Sev::Error, "/joints/0/link/inertia",
              "inertia tensor must be positive semi-definite (smallest principal moment -0.05)");
  // indefinite through an off-diagonal entry (eigenvalues 0.1 +- 0.2) in the object form
  const RobotLoadResult o =
      parse(with(dhRobot(), "/joints/1/link/inertia", json{{"xx", 0.1}, {"yy", 0.1}, {"zz", 0.2}, {"xy", 0.2}}));
  EXPECT_DIAG(o, Sev::Error, "/joints/1/link/inertia",
              "inertia tensor must be positive semi-definite (smallest principal moment -0.1)");
}

void TestRobotFile::inertiaTriangleInequalityWarns() {
  const RobotLoadResult r =
      parse(with(dhRobot(), "/joints/0/link/inertia", json::array({{0.1, 0, 0}, {0, 0.1, 0}, {0, 0, 0.3}})));
  const QString why = checkOnlyWarning(r, "/joints/0/link/inertia",
                                       "principal moments 0.1, 0.1, 0.3 violate the triangle inequality (not a "
                                       "physical rigid body); loaded as given");
  QVERIFY2(why.isEmpty(), qPrintable(why));
  QVERIFY(r.ok());
  QCOMPARE(r.model.nq, 2);
  QCOMPARE(r.description.joints[0].link.inertia(2, 2), 0.3);  // loaded as given
}

void TestRobotFile::inertiaTriangleBoundaryIsAccepted() {
  // A thin rod (0, I, I) sits exactly on the triangle inequality: physical, no warning.
  const RobotLoadResult r =
      parse(with(dhRobot(), "/joints/0/link/inertia", json::array({{0, 0, 0}, {0, 0.2, 0}, {0, 0, 0.2}})));
  EXPECT_CLEAN(r);
}

void TestRobotFile::masslessLinkWithInertiaWarns() {
  json doc = with(dhRobot(), "/joints/1/link/mass", 0);
  doc = with(doc, "/joints/1/link/inertia", json{{"xx", 0.1}, {"yy", 0.1}, {"zz", 0.1}});
  const RobotLoadResult r = parse(doc);
  const QString why =
      checkOnlyWarning(r, "/joints/1/link", "massless link with non-zero inertia (accepted; its inertia still acts)");
  QVERIFY2(why.isEmpty(), qPrintable(why));
  QVERIFY(r.ok());
  QCOMPARE(r.model.nq, 2);
  QCOMPARE(r.model.body[1].mass, 0.0);
  QCOMPARE(r.model.body[1].inertia(2, 2), 0.1);
}

void TestRobotFile::geometryErrors_data() {
  addErrorColumns();
  const json b = dhRobot();
  const auto g = [&](json geometry) { return with(b, "/joints/0/link/geometry", std::move(geometry)); };
  errorRow("shape capsule", g({{"shape", "capsule"}, {"radius", 0.1}}), "/joints/0/link/geometry/shape",
           "must be \"box\", \"cylinder\", \"sphere\" or \"mesh\"");
  errorRow("shape missing", g({{"radius", 0.1}}), "/joints/0/link/geometry/shape", "missing required string");
  errorRow("geometry not an object", g("box"), "/joints/0/link/geometry", "must be an object");
  errorRow("unknown key", g({{"shape", "cylinder"}, {"height", 0.1}}), "/joints/0/link/geometry/height",
           "unknown key \"height\" (expected one of: color, length, mesh, radius, rpy, shape, size, xyz)");
  errorRow("radius string", g({{"shape", "sphere"}, {"radius", "0.1"}}), "/joints/0/link/geometry/radius",
           "must be a number (got string)");
  errorRow("size of 2", g({{"shape", "box"}, {"size", {0.1, 0.2}}}), "/joints/0/link/geometry/size",
           "must be an array of 3 numbers");
  errorRow("rpy of 2", g({{"shape", "box"}, {"rpy", {0.1, 0.2}}}), "/joints/0/link/geometry/rpy",
           "must be an array of 3 numbers");
  errorRow("mesh not a string", g({{"shape", "mesh"}, {"mesh", 1}}), "/joints/0/link/geometry/mesh",
           "must be a string");
}

void TestRobotFile::geometryErrors() { runErrorRow(); }

// --- actuator -------------------------------------------------------------------------------------------

void TestRobotFile::actuatorErrors_data() {
  addErrorColumns();
  const json b = dhRobot();
  const std::string a = "/joints/0/actuator";
  errorRow("gear_ratio 0", with(b, a + "/gear_ratio", 0), a + "/gear_ratio", "must be non-zero");
  errorRow("gear_ratio 0.0", with(b, a + "/gear_ratio", 0.0), a + "/gear_ratio", "must be non-zero");
  // Finite but beyond any real gear train: refused at its field with the accepted range (before, 1e300 was
  // reported later as a singular mass matrix at another joint).
  errorRow("gear_ratio 1e300", with(b, a + "/gear_ratio", 1e300), a + "/gear_ratio",
           "must be between 0.01 and 10000 in magnitude, as a real gear train (got 1e+300)");
  errorRow("gear_ratio -2e4", with(b, a + "/gear_ratio", -2e4), a + "/gear_ratio",
           "must be between 0.01 and 10000 in magnitude, as a real gear train (got -20000)");
  errorRow("gear_ratio 1e-3", with(b, a + "/gear_ratio", 1e-3), a + "/gear_ratio",
           "must be between 0.01 and 10000 in magnitude, as a real gear train (got 0.001)");
  errorRow("rotor_inertia negative", with(b, a + "/rotor_inertia", -1e-4), a + "/rotor_inertia", "must be non-negative");
  errorRow("rotor_transverse_inertia negative", with(b, a + "/rotor_transverse_inertia", -1e-5),
           a + "/rotor_transverse_inertia", "must be non-negative");
  errorRow("rotor_axis norm 2", with(b, a + "/rotor_axis", json::array({0, 0, 2})), a + "/rotor_axis",
           "must be a unit vector (norm 2)");
  errorRow("rotor_axis norm 0.5", with(b, a + "/rotor_axis", json::array({0.3, 0.4, 0})), a + "/rotor_axis",
           "must be a unit vector (norm 0.5)");
  errorRow("rotor_axis zero", with(b, a + "/rotor_axis", json::array({0, 0, 0})), a + "/rotor_axis",
           "must be a unit vector (norm 0)");
  errorRow("rotor_axis of 2", with(b, a + "/rotor_axis", json::array({0, 1})), a + "/rotor_axis",
           "must be an array of 3 numbers");
  errorRow("viscous scalar negative", with(b, a + "/viscous", -0.1), a + "/viscous",
           "friction coefficients must be non-negative");
  errorRow("coulomb scalar negative", with(b, a + "/coulomb", -0.2), a + "/coulomb",
           "friction coefficients must be non-negative");
  errorRow("viscous positive negative", with(b, a + "/viscous", json{{"positive", -0.1}, {"negative", 0.1}}),
           a + "/viscous", "friction coefficients must be non-negative");
  errorRow("coulomb negative negative", with(b, a + "/coulomb/negative", -0.3), a + "/coulomb",
           "friction coefficients must be non-negative");
  errorRow("coulomb object missing negative", without(b, a + "/coulomb/negative"), a + "/coulomb/negative",
           "missing required number");
  errorRow("viscous object missing positive", with(b, a + "/viscous", json{{"negative", 0.1}}), a + "/viscous/positive",
           "missing required number");
}

void TestRobotFile::actuatorErrors() { runErrorRow(); }

void TestRobotFile::negativeGearRatioIsAccepted() {
  // README: "non-zero" -- a negative ratio (reversing gear) is valid.
  const RobotLoadResult r = parse(with(dhRobot(), "/joints/0/actuator/gear_ratio", -10));
  EXPECT_CLEAN(r);
  QCOMPARE(r.model.actuator[0].gear, -10.0);
  // a unit rotor axis that is not the joint axis is valid too
  const RobotLoadResult x = parse(with(dhRobot(), "/joints/1/actuator", json{{"rotor_axis", {0.6, 0.8, 0}}}));
  EXPECT_CLEAN(x);
}

// --- physical bounds ---------------------------------------------------------------------------------------

void TestRobotFile::physicalBounds_data() {
  // Each bound of model/field_bounds.hpp that a robot file has, at its field: one error naming the range
  // (robots/README.md, Validation). Each row was loaded without an error before the bounds.
  addErrorColumns();
  const json b = dhRobot();
  const json m = mdhRobot();
  const std::string j = "/joints/0", a = j + "/actuator", l = j + "/link", lim = j + "/limits";
  errorRow("mass 1e9 kg", with(b, l + "/mass", 1e9), l + "/mass", "must be between 0 and 100000 kg (got 1000000000)");
  errorRow("inertia entry 1e12", with(b, l + "/inertia/1/1", 1e12), l + "/inertia/1/1",
           "must be between -1000000000 and 1000000000 kg m^2 (got 1e+12)");
  errorRow("inertia object yy 1e12", with(b, "/joints/1/link/inertia/yy", 1e12), "/joints/1/link/inertia/yy",
           "must be between -1000000000 and 1000000000 kg m^2 (got 1e+12)");
  errorRow("com 1 km", with(b, l + "/com/0", 1000), l + "/com/0", "must be between -100 and 100 m (got 1000)");
  errorRow("DH a 1 km", with(b, j + "/a", 1000), j + "/a", "must be between -100 and 100 m (got 1000)");
  errorRow("DH d -1 km", with(b, j + "/d", -1000), j + "/d", "must be between -100 and 100 m (got -1000)");
  errorRow("MDH r 1 km", with(m, "/joints/0/r", 1e3), "/joints/0/r", "must be between -100 and 100 m (got 1000)");
  errorRow("base xyz 1 km", with(m, "/base/xyz/2", 1e3), "/base/xyz/2", "must be between -100 and 100 m (got 1000)");
  errorRow("rotor inertia 100", with(b, a + "/rotor_inertia", 100), a + "/rotor_inertia",
           "must be between 0 and 10 kg m^2 (got 100)");
  errorRow("rotor transverse inertia 100", with(b, a + "/rotor_transverse_inertia", 100), a + "/rotor_transverse_inertia",
           "must be between 0 and 10 kg m^2 (got 100)");
  errorRow("viscous 1e9", with(b, a + "/viscous", 1e9), a + "/viscous",
           "must be between 0 and 1000000 N m s/rad or N s/m (got 1000000000)");
  errorRow("coulomb negative-direction 1e9", with(b, a + "/coulomb/negative", 1e9), a + "/coulomb/negative",
           "must be between 0 and 1000000 N m or N (got 1000000000)");
  errorRow("effort limit 1e9", with(b, lim + "/effort", 1e9), lim + "/effort",
           "must be between 0 and 10000000 N m or N (got 1000000000)");
  errorRow("velocity limit 1e6", with(b, lim + "/velocity", 1e6), lim + "/velocity",
           "must be between 0 and 10000 rad/s or m/s (got 1000000)");
  errorRow("acceleration limit 1e9", with(b, lim + "/acceleration", 1e9), lim + "/acceleration",
           "must be between 0 and 1000000 rad/s^2 or m/s^2 (got 1000000000)");
}

void TestRobotFile::physicalBounds() {
  runErrorRow();
  QFETCH(QByteArray, doc);
  const RobotLoadResult r = parse(doc);
  for (const auto& d : r.diagnostics) {
    QVERIFY2(!d.code.empty(), d.message.c_str());  // translated by the GUI
    for (const char* library : {"json.exception", "std::", "nlohmann"}) QVERIFY2(d.message.find(library) == std::string::npos, d.message.c_str());
  }
}

void TestRobotFile::readersTakeCodedMessagesOnly() {
  // By construction: a reader cannot give an English-only string (the overloads are deleted) ...
  static_assert(!ErrorTakes<JsonReader, const char*> && !ErrorTakes<JsonReader, std::string>);
  static_assert(!WarningTakes<JsonReader, const char*> && !WarningTakes<JsonReader, std::string>);
  static_assert(ErrorTakes<JsonReader, Message> && WarningTakes<JsonReader, Message>);
  // ... and a message without a code is a programming error, not a diagnostic.
  std::vector<Diagnostic> out;
  JsonReader rd("f.json", out);
  QVERIFY_THROWS_EXCEPTION(std::logic_error, rd.error("/x", plainMessage("english only")));
  QVERIFY(out.empty());
  // Every diagnostic of the bounds' check names the range and has a code.
  QVERIFY(!rd.within("/m", 2e5, bounds::kMass));
  QCOMPARE(out.size(), std::size_t(1));
  QCOMPARE(out[0].code, std::string("field.out_of_range"));
  QCOMPARE(out[0].message, std::string("must be between 0 and 100000 kg (got 200000)"));
}

// --- limits and home ------------------------------------------------------------------------------------

void TestRobotFile::limitErrors_data() {
  addErrorColumns();
  const json b = dhRobot();
  const std::string l = "/joints/0/limits";
  errorRow("lower > upper", with(with(b, l + "/lower", 1.0), l + "/upper", 0.5), l,
           "lower limit is greater than upper limit");
  errorRow("lower and upper swapped", with(b, l, json{{"lower", 2}, {"upper", -2}}), l,
           "lower limit is greater than upper limit");
  errorRow("velocity 0", with(b, l + "/velocity", 0), l + "/velocity", "must be positive");
  errorRow("velocity negative", with(b, l + "/velocity", -2), l + "/velocity", "must be positive");
  errorRow("effort 0", with(b, l + "/effort", 0), l + "/effort", "must be positive");
  errorRow("effort negative", with(b, l + "/effort", -50), l + "/effort", "must be positive");
}

void TestRobotFile::limitErrors() { runErrorRow(); }

void TestRobotFile::equalLimitsAreAccepted() {
  // lower == upper (a locked joint) is not "lower > upper"; and every limits key is optional.
  const RobotLoadResult r = parse(with(dhRobot(), "/joints/0/limits", json{{"lower", 0.5}, {"upper", 0.5}}));
  QVERIFY2(r.ok(), qPrintable(reportOf(r)));  // (home 0 is outside [0.5, 0.5]: a warning)
  const RobotLoadResult e = parse(with(dhRobot(), "/joints/1/limits", json::object()));
  EXPECT_CLEAN(e);
  QCOMPARE(e.model.limits[1].velocity, JointLimits().velocity);
  const RobotLoadResult v = parse(with(dhRobot(), "/joints/1/limits", json{{"effort", 3}}));
  EXPECT_CLEAN(v);
  QCOMPARE(v.model.limits[1].effort, 3.0);
}

void TestRobotFile::homeErrors_data() {
  addErrorColumns();
  const json b = dhRobot();
  errorRow("home of 1", with(b, "/home", json::array({0})), "/home", "must be an array of 2 numbers (one per joint)");
  errorRow("home of 3", with(b, "/home", json::array({0, 0, 0})), "/home",
           "must be an array of 2 numbers (one per joint)");
  errorRow("home a number", with(b, "/home", 0), "/home", "must be an array of 2 numbers (one per joint)");
  errorRow("home element string", with(b, "/home", json::array({0, "0"})), "/home/1", "must be a number (got string)");
}

void TestRobotFile::homeErrors() { runErrorRow(); }

void TestRobotFile::homeOutsideLimitsWarns() {
  const RobotLoadResult r = parse(with(dhRobot(), "/home", json::array({3.5, 0})));  // joint 1 limits [-3, 3]
  const QString why = checkOnlyWarning(r, "/home/0", "home position is outside the joint limits");
  QVERIFY2(why.isEmpty(), qPrintable(why));
  QVERIFY(r.ok());
  QCOMPARE(r.model.home[0], 3.5);  // loaded as given
  const RobotLoadResult low = parse(with(dhRobot(), "/home", json::array({-3.01, 0})));
  const QString why2 = checkOnlyWarning(low, "/home/0", "home position is outside the joint limits");
  QVERIFY2(why2.isEmpty(), qPrintable(why2));
  // on the limit is inside
  EXPECT_CLEAN(parse(with(dhRobot(), "/home", json::array({3, 100}))));
}

void TestRobotFile::invalidJointDoesNotMisreportHome() {
  // A joint that is not an object is one error; the home of the right length (2 for 2 joints) must not
  // be reported as well (the loader must not count only the joints it could read).
  const RobotLoadResult r = parse(with(with(dhRobot(), "/joints/0", "revolute"), "/home", json::array({0, 0})));
  EXPECT_DIAG(r, Sev::Error, "/joints/0", "must be an object");
}

// --- general convention ---------------------------------------------------------------------------------

void TestRobotFile::generalConventionErrors_data() {
  addErrorColumns();
  const json b = generalRobot();
  errorRow("rpy and P", with(b, "/joints/0/P", json::array({{1, 0, 0}, {0, 1, 0}, {0, 0, 1}})), "/joints/0/P",
           "give either \"rpy\" or \"P\", not both");
  const std::string notRot = "must be a rotation matrix (orthonormal, determinant +1)";
  errorRow("P scaled", with(b, "/joints/1/P", json::array({{2, 0, 0}, {0, 2, 0}, {0, 0, 2}})), "/joints/1/P", notRot);
  errorRow("P reflection", with(b, "/joints/1/P", json::array({{1, 0, 0}, {0, 1, 0}, {0, 0, -1}})), "/joints/1/P",
           notRot);
  errorRow("P sheared", with(b, "/joints/1/P", json::array({{1, 0.1, 0}, {0, 1, 0}, {0, 0, 1}})), "/joints/1/P",
           notRot);
  errorRow("P of 2 rows", with(b, "/joints/1/P", json::array({{1, 0, 0}, {0, 1, 0}})), "/joints/1/P",
           "must be a 3x3 array of rows");
  errorRow("l of 2", with(b, "/joints/0/l", json::array({0, 0.3})), "/joints/0/l", "must be an array of 3 numbers");
  errorRow("rpy string", with(b, "/joints/2/rpy", "0 0 0"), "/joints/2/rpy", "must be an array of 3 numbers");
  errorRow("offset string", with(b, "/joints/0/offset", "0.2"), "/joints/0/offset", "must be a number (got string)");
}

void TestRobotFile::generalConventionErrors() { runErrorRow(); }

// --- the mass matrix at the home pose -------------------------------------------------------------------

namespace {
const std::string kSingular2 =
    "the mass matrix is singular or near-singular at the home pose (no inertia moves with joint 2 independently "
    "of the joints before it): give this link (or the links after it) mass/inertia, or a rotor inertia";
}

void TestRobotFile::singularMassMatrixLastLinkWithoutInertia() {
  json doc = with(dhRobot(), "/joints/1/link/mass", 0);
  doc = with(doc, "/joints/1/link/inertia", json::array({{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}));
  const RobotLoadResult r = parse(doc);
  EXPECT_DIAG(r, Sev::Error, "/joints/1", kSingular2);
  QCOMPARE(int(r.diagnostics.size()), 1);
}

void TestRobotFile::singularMassMatrixPointMassOnAxis() {
  // A point mass on the axis of the last joint (DH frame 2 is at the end of link 2, a = 0.8 beyond the axis).
  json doc = with(dhRobot(), "/joints/1/link/com", json::array({-0.8, 0, 0}));
  doc = with(doc, "/joints/1/link/inertia", json::array({{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}));
  const RobotLoadResult r = parse(doc);
  EXPECT_DIAG(r, Sev::Error, "/joints/1", kSingular2);
}

void TestRobotFile::rotorInertiaMakesMassMatrixRegular() {
  // README/message: "... or a rotor inertia" (armature: gear^2 * j_m on the diagonal).
  json doc = with(dhRobot(), "/joints/1/link/mass", 0);
  doc = with(doc, "/joints/1/link/inertia", json::array({{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}));
  doc = with(doc, "/joints/1/actuator", json{{"gear_ratio", 10}, {"rotor_inertia", 1e-4}});
  EXPECT_CLEAN(parse(doc));
}

void TestRobotFile::singularMassMatrixIsCheckedAtHomePose() {
  // Joint 1 about z0; joint 2 about a horizontal axis (alpha1 = 90 deg); link 2 a point mass 1 m from the
  // joint-2 axis. At q2 = 0 the mass is 1 m from the z0 axis; at q2 = 90 deg it lies ON the z0 axis and
  // nothing moves with joint 1: singular at joint 1 (index 0) only at that home pose.
  const json doc = json::parse(R"({
    "format": "maniplab-robot", "version": 1, "name": "elbow", "convention": "dh",
    "joints": [
      {"type": "revolute", "a": 0, "alpha": 1.5707963267948966,
       "link": {"mass": 0, "inertia": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}},
      {"type": "revolute", "a": 1,
       "link": {"mass": 1, "com": [0, 0, 0], "inertia": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}}
    ]
  })");
  EXPECT_CLEAN(parse(doc));
  EXPECT_CLEAN(parse(with(doc, "/home", json::array({0, 0.3}))));
  const RobotLoadResult r = parse(with(doc, "/home", json::array({0, kPi / 2})));
  EXPECT_DIAG(r, Sev::Error, "/joints/0",
              "the mass matrix is singular or near-singular at the home pose (no inertia moves with joint 1 "
              "independently of the joints before it): give this link (or the links after it) mass/inertia, or a "
              "rotor inertia");
}

// --- units, files, diagnostics, writing -----------------------------------------------------------------

void TestRobotFile::degreesAreConverted() {
  // The same DH robot written in degrees and in radians gives the same description and model.
  const json deg = json::parse(R"({
    "format": "maniplab-robot", "version": 1, "name": "deg", "convention": "dh", "angle_unit": "deg",
    "base": {"xyz": [0, 0, 0.1], "rpy": [0, 0, 90]},
    "tool": {"rpy": [180, 0, 0]},
    "home": [45, 0.1],
    "joints": [
      {"type": "revolute", "a": 0.2, "alpha": 90, "d": 0.3, "theta": 30,
       "limits": {"lower": -90, "upper": 120, "velocity": 180, "effort": 10},
       "link": {"mass": 1, "com": [0, 0, 0], "inertia": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]],
                "geometry": {"shape": "box", "size": [0.1, 0.1, 0.1], "rpy": [90, 0, 0]}}},
      {"type": "prismatic", "a": 0, "alpha": -90, "d": 0.2, "theta": 45,
       "limits": {"lower": -0.5, "upper": 0.5, "velocity": 0.3, "effort": 100},
       "link": {"mass": 1, "com": [0, 0, 0], "inertia": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]]}}
    ]
  })");
  const double p = kPi;
  json rad = deg;
  rad["angle_unit"] = "rad";
  rad["base"]["rpy"] = {0, 0, p / 2};
  rad["tool"]["rpy"] = {p, 0, 0};
  rad["home"] = {p / 4, 0.1};  // prismatic: metres, not converted
  rad["joints"][0]["alpha"] = p / 2;
  rad["joints"][0]["theta"] = p / 6;
  rad["joints"][0]["limits"] = {{"lower", -p / 2}, {"upper", 2 * p / 3}, {"velocity", p}, {"effort", 10}};
  rad["joints"][0]["link"]["geometry"]["rpy"] = {p / 2, 0, 0};
  rad["joints"][1]["alpha"] = -p / 2;
  rad["joints"][1]["theta"] = p / 4;  // a constant angle even on a prismatic joint
  const RobotLoadResult d = parse(deg), r = parse(rad);
  EXPECT_CLEAN(d);
  EXPECT_CLEAN(r);
  QVERIFY(d.description.anglesInDegrees);
  QVERIFY(!r.description.anglesInDegrees);
  // the stored values are SI
  QVERIFY(near(d.description.joints[0].alpha, p / 2, 1e-15));
  QVERIFY(near(d.description.joints[0].theta, p / 6, 1e-15));
  QCOMPARE(d.description.joints[0].a, 0.2);  // lengths untouched
  QCOMPARE(d.description.joints[0].d, 0.3);
  QVERIFY(near(d.description.joints[0].limits.lower, -p / 2, 1e-15));
  QVERIFY(near(d.description.joints[0].limits.velocity, p, 1e-15));
  QCOMPARE(d.description.joints[0].limits.effort, 10.0);  // N m: not an angle
  QCOMPARE(d.description.joints[1].d, 0.2);               // prismatic offset: metres
  QCOMPARE(d.description.joints[1].limits.upper, 0.5);    // prismatic limits: metres
  QCOMPARE(d.description.joints[1].limits.velocity, 0.3);
  QVERIFY(near(d.description.home[0], p / 4, 1e-15));
  QCOMPARE(d.description.home[1], 0.1);
  const QString dm = compareModels(d.model, r.model, 1e-14);
  QVERIFY2(dm.isEmpty(), qPrintable(dm));
  const QString dd = compareDescriptions(d.description, r.description, 1e-14);
  QVERIFY2(dd.isEmpty(), qPrintable(dd));
  // and the rotations are right: DH link frame 1 = Rz(30 deg) Rx(90 deg) in the body frame
  QVERIFY(nearM(d.model.bodyToLink[0].R, (rotZ(p / 6) * rotX(p / 2)).R, 1e-15));
  QVERIFY(nearM(d.description.base.R, rpyMatrix(0, 0, p / 2), 1e-15));
}

void TestRobotFile::degreesGeneralAndMdh() {
  const double p = kPi;
  // general: rpy and a revolute offset are angles; a prismatic offset is not
  json deg = generalRobot();
  deg["angle_unit"] = "deg";
  deg["joints"][0]["offset"] = 90;
  deg["joints"][1]["offset"] = 0.05;
  deg["joints"][2]["rpy"] = {30, -45, 60};
  deg["joints"][2]["offset"] = -90;
  deg["joints"][2]["limits"] = {{"lower", -180}, {"upper", 180}};
  deg["home"] = {10, 0.05, 20};
  json rad = generalRobot();
  rad["joints"][0]["offset"] = p / 2;
  rad["joints"][2]["rpy"] = {p / 6, -p / 4, p / 3};
  rad["joints"][2]["offset"] = -p / 2;
  rad["joints"][2]["limits"] = {{"lower", -p}, {"upper", p}};
  rad["home"] = {p / 18, 0.05, p / 9};
  const RobotLoadResult gd = parse(deg), gr = parse(rad);
  EXPECT_CLEAN(gd);
  EXPECT_CLEAN(gr);
  QVERIFY(near(gd.description.joints[0].offset, p / 2, 1e-15));
  QCOMPARE(gd.description.joints[1].offset, 0.05);
  QVERIFY(nearM(gd.description.joints[2].placement.R, rpyMatrix(p / 6, -p / 4, p / 3), 1e-15));
  QString why = compareModels(gd.model, gr.model, 1e-14);
  QVERIFY2(why.isEmpty(), qPrintable(why));

  // mdh: alpha and theta are angles; d (along x) and r are lengths
  json mdeg = mdhRobot();
  mdeg["angle_unit"] = "deg";
  mdeg["joints"][1]["alpha"] = -90;
  mdeg["joints"][2]["alpha"] = 60;
  mdeg["joints"][2]["theta"] = -30;
  mdeg["joints"][0]["theta"] = 0;
  mdeg["joints"][0]["limits"] = {{"lower", -90}, {"upper", 90}, {"velocity", 90}, {"effort", 80}};
  mdeg["base"]["rpy"] = {0, 0, 0};
  mdeg["tool"]["rpy"] = {0, 0, 0};
  mdeg["home"] = {10, 0.2, -20};
  json mrad = mdhRobot();
  mrad["joints"][1]["alpha"] = -p / 2;
  mrad["joints"][2]["alpha"] = p / 3;
  mrad["joints"][2]["theta"] = -p / 6;
  mrad["joints"][0]["theta"] = 0;
  mrad["joints"][0]["limits"] = {{"lower", -p / 2}, {"upper", p / 2}, {"velocity", p / 2}, {"effort", 80}};
  mrad["base"]["rpy"] = {0, 0, 0};
  mrad["tool"]["rpy"] = {0, 0, 0};
  mrad["home"] = {p / 18, 0.2, -p / 9};
  const RobotLoadResult md = parse(mdeg), mr = parse(mrad);
  EXPECT_CLEAN(md);
  EXPECT_CLEAN(mr);
  QCOMPARE(md.description.joints[1].d, 0.05);
  QCOMPARE(md.description.joints[1].r, 0.1);
  why = compareModels(md.model, mr.model, 1e-14);
  QVERIFY2(why.isEmpty(), qPrintable(why));
}

void TestRobotFile::loadRobotFileMissingPath() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("no_such_robot.json").toStdString();
  RobotLoadResult r;
  try {
    r = loadRobotFile(path);
  } catch (const std::exception& e) {
    QFAIL(e.what());
  }
  QVERIFY(!r.ok());
  QCOMPARE(int(r.diagnostics.size()), 1);
  const Diagnostic& d = r.diagnostics[0];
  QCOMPARE(d.severity, Sev::Error);
  QCOMPARE(d.file, path);
  QVERIFY2(QString::fromStdString(d.toString()).startsWith(QString::fromStdString(path + ":")),
           d.toString().c_str());
  QVERIFY2(QString::fromStdString(d.toString()).contains("error: cannot open file"), d.toString().c_str());
  // a directory is not a readable robot file either
  const RobotLoadResult dr = loadRobotFile(dir.path().toStdString());
  QVERIFY2(!dr.ok(), qPrintable(reportOf(dr)));
  QCOMPARE(dr.diagnostics.at(0).file, dir.path().toStdString());
}

void TestRobotFile::loadRobotFileNamesTheFile() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string good = dir.filePath("good.json").toStdString();
  const std::string bad = dir.filePath("bad.json").toStdString();
  std::ofstream(good) << dhRobot().dump(2);
  std::ofstream(bad) << with(dhRobot(), "/joints/0/link/mass", -1).dump(2);
  const RobotLoadResult g = loadRobotFile(good);
  EXPECT_CLEAN(g);
  QCOMPARE(g.model.nq, 2);
  const RobotLoadResult b = loadRobotFile(bad);
  QVERIFY(!b.ok());
  QCOMPARE(int(b.diagnostics.size()), 1);
  QCOMPARE(b.diagnostics[0].file, bad);
  QCOMPARE(b.diagnostics[0].toString(), bad + ":/joints/0/link/mass: error: must be non-negative (got -1)");
  QCOMPARE(b.report(), bad + ":/joints/0/link/mass: error: must be non-negative (got -1)\n");
}

void TestRobotFile::diagnosticToString() {
  // "file:/json/pointer: error: message" (README's example) and the warning form
  const RobotLoadResult e = parseRobot(with(dhRobot(), "/joints/1/link/mass", -1).dump(), "puma560.json");
  QCOMPARE(int(e.diagnostics.size()), 1);
  QCOMPARE(e.diagnostics[0].toString(), std::string("puma560.json:/joints/1/link/mass: error: must be non-negative (got -1)"));
  const RobotLoadResult w = parseRobot(with(dhRobot(), "/home", json::array({4, 0})).dump(), "arm.json");
  QCOMPARE(int(w.diagnostics.size()), 1);
  QCOMPARE(w.diagnostics[0].toString(), std::string("arm.json:/home/0: warning: home position is outside the joint limits"));
  // a document-level error still names the file and says "error:"
  const RobotLoadResult j = parseRobot("[]", "x.json");
  QCOMPARE(int(j.diagnostics.size()), 1);
  const QString s = QString::fromStdString(j.diagnostics[0].toString());
  QVERIFY2(s.startsWith("x.json:") && s.endsWith(": error: the document must be a JSON object"), qPrintable(s));
  // a directly built diagnostic
  const Diagnostic d{Sev::Warning, "f.json", "/a/0", "m"};
  QCOMPARE(d.toString(), std::string("f.json:/a/0: warning: m"));
}

void TestRobotFile::roundTrip_data() {
  QTest::addColumn<QByteArray>("doc");
  QTest::newRow("dh") << text(dhRobot());
  QTest::newRow("mdh") << text(mdhRobot());
  QTest::newRow("general") << text(generalRobot());
  json dhDeg = dhRobot();
  dhDeg["angle_unit"] = "deg";
  dhDeg["joints"][0]["alpha"] = 90;
  dhDeg["joints"][1]["theta"] = 30;
  dhDeg["joints"][0]["limits"] = {{"lower", -170}, {"upper", 170}, {"velocity", 200}, {"effort", 50}};
  dhDeg["base"] = {{"xyz", {0, 0, 0.4}}, {"rpy", {10, 20, 30}}};
  dhDeg["home"] = {20, -30};
  QTest::newRow("dh in degrees") << text(dhDeg);
  json genDeg = generalRobot();
  genDeg["angle_unit"] = "deg";
  genDeg["joints"][2]["rpy"] = {30, -45, 60};
  genDeg["joints"][0]["offset"] = 15;
  genDeg["tool"] = {{"xyz", {0, 0, 0.1}}, {"rpy", {0, 90, 0}}};  // pitch 90: the Euler-angle singularity
  QTest::newRow("general in degrees") << text(genDeg);
}

void TestRobotFile::roundTrip() {
  QFETCH(QByteArray, doc);
  const RobotLoadResult a = parse(doc);
  EXPECT_CLEAN(a);
  const std::string written = robotToJson(a.description);
  const RobotLoadResult b = parseRobot(written, "written.json");
  QVERIFY2(b.ok() && b.diagnostics.empty(), qPrintable(reportOf(b) + "\n" + QString::fromStdString(written)));
  QString why = compareModels(a.model, b.model, 1e-12);
  QVERIFY2(why.isEmpty(), qPrintable(why + "\n" + QString::fromStdString(written)));
  why = compareDescriptions(a.description, b.description, 1e-12);
  QVERIFY2(why.isEmpty(), qPrintable(why + "\n" + QString::fromStdString(written)));
  QCOMPARE(b.description.home.size(), a.description.home.size());
  QCOMPARE(b.description.rotorModel, a.description.rotorModel);
  QCOMPARE(b.description.anglesInDegrees, a.description.anglesInDegrees);  // written in the file's unit
  // writing again changes nothing that matters
  const RobotLoadResult c = parseRobot(robotToJson(b.description), "written2.json");
  QVERIFY2(c.ok(), qPrintable(reportOf(c)));
  why = compareModels(a.model, c.model, 1e-12);
  QVERIFY2(why.isEmpty(), qPrintable(why));
}

MANIPLAB_TEST_APPLESS_MAIN(TestRobotFile)
#include "test_robot_file.moc"  // (in the namespace, as the class)

}  // namespace test_robot_file
