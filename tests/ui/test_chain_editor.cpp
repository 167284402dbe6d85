// Chain editor: cell edits change the model and the FK, undo restores exactly, redo re-applies, invalid
// values are rejected with the loader's message, joints are added/removed/moved with undo, angles are
// shown in degrees, conventions convert keeping the same robot.
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QPushButton>
#include <QTranslator>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

#include "maniplab/model/crba.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/chain_editor_convert.hpp"
#include "support/prefix_translator.hpp"
#include "support/test_main.hpp"

namespace test_chain_editor {

using namespace maniplab;
using maniplab::ui::ChainEditor;

namespace {

RobotDescription loadPuma() {
  const auto res = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
  if (!res.ok()) qFatal("cannot load puma560.json: %s", res.report().c_str());
  return res.description;
}

VectorX testPose(int n) {
  VectorX q(n);
  for (int i = 0; i < n; ++i) q[i] = 0.3 + 0.17 * i - 0.05 * i * i;
  return q;
}

Transform toolPose(const Model& m, const VectorX& q) {
  Data data(m);
  forwardKinematics(m, data, q);
  return data.oMtool;
}

bool sameTransform(const Transform& a, const Transform& b, double tol = 0) {
  return (a.R - b.R).cwiseAbs().maxCoeff() <= tol && (a.p - b.p).cwiseAbs().maxCoeff() <= tol;
}

// Exact equality of everything the editor can change (and the serialised text as a catch-all).
bool sameDescription(const RobotDescription& a, const RobotDescription& b) {
  if (robotToJson(a) != robotToJson(b) || a.joints.size() != b.joints.size() || a.home != b.home ||
      a.convention != b.convention || !sameTransform(a.base, b.base) || !sameTransform(a.tool, b.tool))
    return false;
  for (std::size_t i = 0; i < a.joints.size(); ++i) {
    const auto& x = a.joints[i];
    const auto& y = b.joints[i];
    if (x.name != y.name || x.type != y.type || x.a != y.a || x.alpha != y.alpha || x.d != y.d || x.theta != y.theta ||
        x.r != y.r || x.offset != y.offset || !sameTransform(x.placement, y.placement) ||
        x.limits.lower != y.limits.lower || x.limits.upper != y.limits.upper ||
        x.limits.velocity != y.limits.velocity || x.limits.effort != y.limits.effort || x.link.mass != y.link.mass ||
        x.link.com != y.link.com || x.link.inertia != y.link.inertia || x.actuator.gear != y.actuator.gear ||
        x.actuator.rotorInertia != y.actuator.rotorInertia || x.actuator.rotorAxis != y.actuator.rotorAxis ||
        x.actuator.viscousPos != y.actuator.viscousPos || x.actuator.coulombNeg != y.actuator.coulombNeg)
      return false;
  }
  return true;
}

}  // namespace

class TestChainEditor : public QObject {
  Q_OBJECT
 private slots:
  void editDhCellChangesModelAndUndoRestores();
  void invalidValuesAreRejected();
  void invalidCellIsMarked();
  void addRemoveMoveJointsWithUndo();
  void treeJointsKeepTheirParents();
  void mimicSourcesFollowTheNumbering();
  void couplingPanelEditsTheMimic();
  void parentColumnEditsTheTree();
  void anglesShownInDegrees();
  void inertialAndActuatorPanels();
  void conventionSwitchKeepsTheRobot();
  void conventionSelectorAndGeneralCells();
  void retranslatesOnLanguageChange();
};

void TestChainEditor::editDhCellChangesModelAndUndoRestores() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  const RobotDescription puma = loadPuma();
  ed.setDescription(puma);
  QCOMPARE(ed.description().convention, Convention::DH);
  const VectorX q = testPose(6);
  const Transform before = toolPose(buildModel(puma), q);
  QSignalSpy spy(&ed, &ChainEditor::robotChanged);
  QVERIFY(spy.isValid());

  // joint 3 (row 2): a3 = 0.0203 m
  QCOMPARE(ed.cellText(2, "a"), QString("0.0203"));
  QString err;
  QVERIFY2(ed.editCell(2, "a", "0.5", &err), qPrintable(err));
  QCOMPARE(ed.description().joints[2].a, 0.5);
  QCOMPARE(ed.cellText(2, "a"), QString("0.5"));
  QCOMPARE(spy.count(), 1);
  const auto args = spy.takeFirst();
  const auto emittedModel = args.at(1).value<Model>();
  const auto emittedDesc = args.at(0).value<RobotDescription>();
  QCOMPARE(emittedDesc.joints[2].a, 0.5);
  const Transform edited = toolPose(emittedModel, q);
  QVERIFY(!sameTransform(before, edited, 1e-6));
  QVERIFY(sameTransform(toolPose(ed.model(), q), edited));
  // The change is exactly the expected one: the same robot built from the edited description.
  RobotDescription expected = puma;
  expected.joints[2].a = 0.5;
  QVERIFY(sameTransform(edited, toolPose(buildModel(expected), q)));
  QCOMPARE(stack.count(), 1);

  stack.undo();
  QCOMPARE(spy.count(), 1);
  QVERIFY(sameDescription(ed.description(), puma));
  QVERIFY(sameTransform(toolPose(ed.model(), q), before));  // exactly
  QVERIFY(sameTransform(toolPose(spy.takeFirst().at(1).value<Model>(), q), before));
  QCOMPARE(ed.cellText(2, "a"), QString("0.0203"));

  stack.redo();
  QCOMPARE(spy.count(), 1);
  QCOMPARE(ed.description().joints[2].a, 0.5);
  QVERIFY(sameTransform(toolPose(ed.model(), q), edited));
}

void TestChainEditor::invalidValuesAreRejected() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  const RobotDescription puma = loadPuma();
  ed.setDescription(puma);
  const VectorX q = testPose(6);
  const Transform before = toolPose(ed.model(), q);
  QSignalSpy changed(&ed, &ChainEditor::robotChanged);
  QSignalSpy messages(&ed, &ChainEditor::message);

  QString err;
  QVERIFY(!ed.editField(1, "mass", "-1", &err));
  QVERIFY2(err.contains("must be non-negative (got -1)"), qPrintable(err));  // the loader's message
  QVERIFY2(err.contains("/joints/1/link/mass"), qPrintable(err));
  QCOMPARE(messages.count(), 1);
  QVERIFY(messages.takeFirst().at(0).toString().contains("must be non-negative"));

  // lower > upper (joint 1 of the Puma: -160° .. 160°)
  QVERIFY(!ed.editCell(0, "lower", "170", &err));
  QVERIFY2(err.contains("lower limit is greater than upper limit"), qPrintable(err));

  QVERIFY(!ed.editCell(2, "a", "abc", &err));
  QVERIFY2(err.contains("must be a number"), qPrintable(err));
  QVERIFY(!ed.editCell(2, "a", "nan", &err));
  QVERIFY2(err.contains("must be finite"), qPrintable(err));
  QVERIFY(!ed.editCell(0, "velocity", "-2", &err));
  QVERIFY2(err.contains("must be positive"), qPrintable(err));
  QVERIFY(!ed.editField(2, "gear_ratio", "0", &err));
  QVERIFY2(err.contains("must be non-zero"), qPrintable(err));
  QVERIFY(!ed.editField(2, "ixy", "5", &err));  // not positive semi-definite
  QVERIFY2(err.contains("positive semi-definite"), qPrintable(err));
  QVERIFY(!ed.editField(2, "rotor_axis", "1, 1, 0", &err));
  QVERIFY2(err.contains("unit vector"), qPrintable(err));
  QVERIFY(!ed.editField(2, "viscous_neg", "-0.1", &err));
  QVERIFY2(err.contains("non-negative"), qPrintable(err));
  QVERIFY(!ed.editCell(2, "type", "X", &err));
  QVERIFY(!ed.editCell(2, "r", "1", &err));  // no r in DH

  QCOMPARE(changed.count(), 0);
  QCOMPARE(stack.count(), 0);
  QVERIFY(sameDescription(ed.description(), puma));
  QVERIFY(sameTransform(toolPose(ed.model(), q), before));
}

void TestChainEditor::invalidCellIsMarked() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  ed.setDescription(loadPuma());
  auto* table = ed.findChild<QTableWidget*>("jointTable");
  QVERIFY(table);
  int col = -1;
  for (int c = 0; c < table->columnCount(); ++c)
    if (table->horizontalHeaderItem(c)->text() == "a [m]") col = c;
  QVERIFY(col >= 0);
  QString err;
  // Typing in the cell goes through the same validation.
  table->item(2, col)->setText("oops");
  QCOMPARE(stack.count(), 0);
  QCOMPARE(table->item(2, col)->background().color(), QColor(255, 190, 190));
  QVERIFY(table->item(2, col)->toolTip().contains("must be a number"));
  QCOMPARE(ed.description().joints[2].a, loadPuma().joints[2].a);
  // A valid value typed into the cell is accepted and clears the mark.
  table->item(2, col)->setText("0.45");
  QCOMPARE(stack.count(), 1);
  QCOMPARE(ed.description().joints[2].a, 0.45);
  QVERIFY(table->item(2, col)->background().style() == Qt::NoBrush);
  // Headers carry units.
  QStringList headers;
  for (int c = 0; c < table->columnCount(); ++c) headers << table->horizontalHeaderItem(c)->text();
  QVERIFY(headers.contains(QString::fromUtf8("α [°]")));
  QVERIFY(headers.contains(QString::fromUtf8("θ [°]")));
  QVERIFY(headers.contains("d [m]"));
}

// A tree (robots/README.md, "Trees"): adding, removing and moving joints renumbers the parents with them;
// the removed joint's children hang on its parent; undo restores the parents; a tree has no standard DH form.
void TestChainEditor::treeJointsKeepTheirParents() {
  const RobotLoadResult tree = parseRobot(R"({
    "format": "maniplab-robot", "version": 1, "name": "tree", "convention": "mdh",
    "joints": [
      {"name": "waist", "type": "revolute", "alpha": 0, "d": 0, "theta": 0, "r": 0.4,
       "link": {"mass": 5, "com": [0, 0, -0.1], "inertia": {"xx": 0.1, "yy": 0.1, "zz": 0.05}}},
      {"name": "shoulder", "type": "revolute", "alpha": -1.5707963267948966, "d": 0.1, "theta": 0, "r": 0,
       "link": {"mass": 3, "com": [0.2, 0, 0], "inertia": {"xx": 0.01, "yy": 0.05, "zz": 0.05}}},
      {"name": "branch", "type": "revolute", "parent": 1, "gamma": 0.7, "b": 0.15, "alpha": 1.5707963267948966,
       "d": 0.05, "theta": 0.2, "r": 0.03,
       "link": {"mass": 2, "com": [0.1, 0, 0], "inertia": {"xx": 0.01, "yy": 0.02, "zz": 0.02}}},
      {"name": "finger", "type": "prismatic", "alpha": 0.4, "d": 0.12, "theta": 0, "r": 0,
       "link": {"mass": 0.5, "com": [0, 0, 0.02], "inertia": {"xx": 1e-3, "yy": 1e-3, "zz": 1e-3}}},
      {"name": "mast", "type": "revolute", "parent": 0, "alpha": 0, "d": 0.5, "theta": 0, "r": 0.1,
       "link": {"mass": 1, "com": [0, 0, 0.3], "inertia": {"xx": 0.02, "yy": 0.02, "zz": 1e-3}}}
    ]})", "tree.json");
  QVERIFY2(tree.ok(), tree.report().c_str());
  QUndoStack stack;
  ChainEditor ed(&stack);
  ed.setDescription(tree.description);
  QCOMPARE(ed.model().parent, (std::vector<int>{-1, 0, 0, 2, -1}));
  QString err;

  QVERIFY2(ed.removeJoint(0, &err), qPrintable(err));  // the waist: shoulder and branch hang on the base
  QCOMPARE(jointParents(ed.description()), (std::vector<int>{-1, -1, 1, -1}));
  QCOMPARE(ed.model().parent, (std::vector<int>{-1, -1, 1, -1}));
  stack.undo();
  QVERIFY(sameDescription(ed.description(), tree.description));
  QCOMPARE(ed.model().parent, (std::vector<int>{-1, 0, 0, 2, -1}));

  QVERIFY2(ed.addJoint(0, &err), qPrintable(err));  // after the waist: between it and the shoulder
  QCOMPARE(jointParents(ed.description()), (std::vector<int>{-1, 0, 1, 0, 3, -1}));
  stack.undo();
  QVERIFY(sameDescription(ed.description(), tree.description));

  QVERIFY2(ed.moveJoint(4, -1, &err), qPrintable(err));  // the mast before the finger: both keep their parents
  QCOMPARE(ed.description().joints[3].name, std::string("mast"));
  QCOMPARE(jointParents(ed.description()), (std::vector<int>{-1, 0, 0, -1, 2}));
  stack.undo();
  QVERIFY(!ed.moveJoint(3, -1, &err));  // the finger before its own parent: refused at its parent
  QVERIFY2(err.contains(QStringLiteral("parent")), qPrintable(err));
  QVERIFY(sameDescription(ed.description(), tree.description));

  RobotDescription dh;
  std::string why;
  QVERIFY(!ui::convertConvention(tree.description, Convention::DH, dh, &why));
  QVERIFY2(why.find("tree") != std::string::npos, why.c_str());
  RobotDescription general;
  QVERIFY(ui::convertConvention(tree.description, Convention::General, general, &why));
  const VectorX q = (VectorX(5) << 0.3, -0.8, 1.1, 0.04, -0.5).finished();
  Data a(tree.model), b(buildModel(general));
  forwardKinematics(tree.model, a, q);
  forwardKinematics(buildModel(general), b, q);
  for (int i = 0; i < 5; ++i) QVERIFY(sameTransform(a.oMi[std::size_t(i)], b.oMi[std::size_t(i)], 1e-14));
}

// The "parent" column: Khalil–Kleinfinger's a(j), 1-based, 0 the base. Typing an earlier joint makes a
// tree (the model's parents and frames follow), a joint that is not earlier is refused at the cell with
// nothing changed, undo restores, and the file written back carries the parent and reads back the same.
void TestChainEditor::parentColumnEditsTheTree() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  {  // Standard DH describes chains only: a branch is refused there (the reader's check, at the parent).
    ed.setDescription(loadPuma());
    QString why;
    QVERIFY(!ed.editCell(3, "parent", "1", &why));
    QVERIFY2(why.contains("/joints/3/parent"), qPrintable(why));
    QCOMPARE(stack.count(), 0);
  }
  const auto mdh = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560_mdh.json");
  QVERIFY2(mdh.ok(), mdh.report().c_str());
  const RobotDescription puma = mdh.description;
  ed.setDescription(puma);
  auto* table = ed.findChild<QTableWidget*>("jointTable");
  QVERIFY(table);
  int col = -1;
  for (int c = 0; c < table->columnCount(); ++c)
    if (table->horizontalHeaderItem(c)->text() == "parent") col = c;
  QVERIFY(col >= 0);
  for (int r = 0; r < 6; ++r) QCOMPARE(table->item(r, col)->text(), QString::number(r));  // a chain: a(j) = j-1
  QVERIFY(robotToJson(ed.description()).find("\"parent\"") == std::string::npos);

  // Refused: the joint itself, a later joint, a negative number, text; the first joint off the base.
  QString err;
  for (const char* bad : {"4", "5", "-1", "x", ""}) {
    QVERIFY(!ed.editCell(3, "parent", bad, &err));
    QVERIFY2(err.contains("/joints/3/parent") && err.contains("earlier joint, 1 to 3"), qPrintable(err));
  }
  QVERIFY(!ed.editCell(0, "parent", "1", &err));
  QVERIFY2(err.contains("must be 0"), qPrintable(err));
  QCOMPARE(stack.count(), 0);
  QVERIFY(sameDescription(ed.description(), puma));
  // Typed into the cell: marked, nothing changed.
  table->item(4, col)->setText("7");
  QCOMPARE(stack.count(), 0);
  QCOMPARE(table->item(4, col)->background().color(), QColor(255, 190, 190));
  QVERIFY(sameDescription(ed.description(), puma));

  // Joint 4 (row 3) on joint 1 (the waist): a tree; joints 5 and 6 stay on joint 4.
  table->item(3, col)->setText("1");
  QCOMPARE(stack.count(), 1);
  QCOMPARE(ed.model().parent, (std::vector<int>{-1, 0, 1, 0, 3, 4}));
  QCOMPARE(ed.cellText(3, "parent"), QString("1"));
  QCOMPARE(table->item(4, col)->text(), QString("4"));
  QVERIFY(table->item(3, col)->background().style() == Qt::NoBrush);
  // Frame 4 is now placed in frame 1 by the same constant placement: ^0T_4 = ^0T_1 P_4 Rz(q_4).
  const VectorX q = testPose(6);
  Data before(buildModel(puma)), after(ed.model());
  forwardKinematics(buildModel(puma), before, q);
  forwardKinematics(ed.model(), after, q);
  const Model& m = ed.model();
  const Transform expected4 = before.oMi[0] * m.placement[3] * Transform{Eigen::AngleAxisd(q[3], Vector3::UnitZ()).toRotationMatrix(), Vector3::Zero()};
  QVERIFY(sameTransform(after.oMi[3], expected4, 1e-14));
  QVERIFY(sameTransform(after.oMi[0], before.oMi[0]));
  QVERIFY(sameTransform(after.oMi[2], before.oMi[2]));
  QVERIFY((after.oMi[3].p - before.oMi[3].p).norm() > 0.1);

  // Saved and read back: the parent is in the file (1-based), the same tree.
  const std::string text = robotToJson(ed.description());
  QVERIFY(text.find("\"parent\": 1") != std::string::npos);
  const RobotLoadResult back = parseRobot(text, "back.json");
  QVERIFY2(back.ok(), back.report().c_str());
  QCOMPARE(back.model.parent, (std::vector<int>{-1, 0, 1, 0, 3, 4}));
  QVERIFY(sameDescription(back.description, ed.description()));
  Data reread(back.model);
  forwardKinematics(back.model, reread, q);
  QVERIFY(sameTransform(reread.oMtool, after.oMtool));

  // Back to the previous joint: a chain again, written without the key; undo restores exactly.
  QVERIFY2(ed.editCell(3, "parent", "3", &err), qPrintable(err));
  QVERIFY(ed.model().isChain());
  QVERIFY(robotToJson(ed.description()).find("\"parent\"") == std::string::npos);
  stack.undo();
  QCOMPARE(ed.model().parent, (std::vector<int>{-1, 0, 1, 0, 3, 4}));
  stack.undo();
  QVERIFY(sameDescription(ed.description(), puma));
  QVERIFY(ed.model().isChain());
}

void TestChainEditor::addRemoveMoveJointsWithUndo() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  const RobotDescription puma = loadPuma();
  ed.setDescription(puma);
  const VectorX q = testPose(6);
  const Transform before = toolPose(ed.model(), q);
  QSignalSpy spy(&ed, &ChainEditor::robotChanged);
  QString err;

  QVERIFY2(ed.addJoint(2, &err), qPrintable(err));
  QCOMPARE(int(ed.description().joints.size()), 7);
  QCOMPARE(ed.model().nq, 7);
  QCOMPARE(ed.currentJoint(), 3);
  QCOMPARE(ed.description().joints[4].name, puma.joints[3].name);
  QCOMPARE(spy.count(), 1);
  stack.undo();
  QVERIFY(sameDescription(ed.description(), puma));
  QCOMPARE(ed.model().nq, 6);

  QVERIFY2(ed.removeJoint(1, &err), qPrintable(err));
  QCOMPARE(int(ed.description().joints.size()), 5);
  QCOMPARE(ed.description().joints[1].name, puma.joints[2].name);
  QCOMPARE(ed.model().nq, 5);
  stack.undo();
  QVERIFY(sameDescription(ed.description(), puma));
  QVERIFY(sameTransform(toolPose(ed.model(), q), before));

  QVERIFY2(ed.moveJoint(3, -1, &err), qPrintable(err));
  QCOMPARE(ed.description().joints[2].name, puma.joints[3].name);
  QCOMPARE(ed.description().joints[3].name, puma.joints[2].name);
  QCOMPARE(ed.currentJoint(), 2);
  QVERIFY(!sameTransform(toolPose(ed.model(), q), before, 1e-9));
  QVERIFY2(ed.moveJoint(2, +1, &err), qPrintable(err));
  QVERIFY(sameDescription(ed.description(), puma));
  stack.undo();
  stack.undo();
  QVERIFY(sameDescription(ed.description(), puma));
  stack.redo();
  QCOMPARE(ed.description().joints[2].name, puma.joints[3].name);
  QVERIFY(!ed.moveJoint(0, -1, &err));
  QCOMPARE(spy.count(), 9);  // 4 accepted edits and 5 undo/redo steps, one signal each

  // The last joint cannot be removed (a robot has at least one joint).
  RobotDescription one = puma;
  one.joints.resize(1);
  one.home.clear();
  one.joints[0].link.inertia = Matrix3::Identity();
  ed.setDescription(one);
  QVERIFY(!ed.removeJoint(0, &err));
  QVERIFY2(err.contains("non-empty"), qPrintable(err));
}

void TestChainEditor::anglesShownInDegrees() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  RobotDescription puma = loadPuma();
  ed.setDescription(puma);
  QCOMPARE(ed.description().joints[0].alpha, M_PI / 2);
  QCOMPARE(ed.cellText(0, "alpha"), QString("90"));
  QCOMPARE(ed.cellText(1, "alpha"), QString("0"));
  QCOMPARE(ed.cellText(0, "upper"), QString("160"));
  QString err;
  QVERIFY2(ed.editCell(3, "alpha", "45", &err), qPrintable(err));
  QCOMPARE(ed.description().joints[3].alpha, 45 * M_PI / 180);
  QCOMPARE(ed.cellText(3, "alpha"), QString("45"));
  QVERIFY2(ed.editCell(0, "offset", "30", &err), qPrintable(err));  // the DH offset of a revolute joint is theta
  QCOMPARE(ed.description().joints[0].theta, 30 * M_PI / 180);
  QCOMPARE(ed.cellText(0, "theta"), QString("30"));
  QVERIFY2(ed.editCell(0, "upper", "", &err), qPrintable(err));  // empty: no limit
  QVERIFY(ed.description().joints[0].limits.upper > 1e299);
}

void TestChainEditor::inertialAndActuatorPanels() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  const RobotDescription puma = loadPuma();
  ed.setDescription(puma);
  ed.setCurrentJoint(1);
  QCOMPARE(ed.fieldText("mass"), QString("17.4"));
  QString err;
  QVERIFY2(ed.editField(1, "mass", "20", &err), qPrintable(err));
  QCOMPARE(ed.model().body[1].mass, 20.0);
  QCOMPARE(ed.fieldText("mass"), QString("20"));
  QVERIFY2(ed.editField(1, "ixy", "0.01", &err), qPrintable(err));
  QCOMPARE(ed.description().joints[1].link.inertia(0, 1), 0.01);
  QCOMPARE(ed.description().joints[1].link.inertia(1, 0), 0.01);
  QVERIFY2(ed.editField(1, "gear_ratio", "100", &err), qPrintable(err));
  QCOMPARE(ed.model().actuator[1].gear, 100.0);
  QVERIFY2(ed.editField(1, "coulomb_neg", "0.5", &err), qPrintable(err));
  QCOMPARE(ed.description().joints[1].actuator.coulombNeg, 0.5);
  QVERIFY2(ed.editField(1, "rotor_axis", "0, 0, 1", &err), qPrintable(err));
  QCOMPARE(ed.description().joints[1].actuator.rotorAxis, Vector3(0, 0, 1));
  QCOMPARE(stack.count(), 5);
  // Typing in the panel goes through the same path (editingFinished).
  auto* massEdit = ed.findChild<QLineEdit*>("mass");
  QVERIFY(massEdit);
  massEdit->setText("-3");
  emit massEdit->editingFinished();
  QCOMPARE(stack.count(), 5);
  QVERIFY(massEdit->toolTip().contains("must be non-negative"));
  massEdit->setText("21");
  emit massEdit->editingFinished();
  QCOMPARE(stack.count(), 6);
  QCOMPARE(ed.model().body[1].mass, 21.0);
  // A prismatic joint: its offset is d (metres), its limits in metres.
  QVERIFY2(ed.editCell(2, "type", "P", &err), qPrintable(err));
  QCOMPARE(ed.model().jointType[2], JointType::Prismatic);
  QVERIFY2(ed.editCell(2, "offset", "0.2", &err), qPrintable(err));
  QCOMPARE(ed.description().joints[2].d, 0.2);
  QCOMPARE(ed.cellText(2, "d"), QString("0.2"));
  QCOMPARE(stack.count(), 8);
  for (int i = 0; i < 8; ++i) stack.undo();
  QVERIFY(sameDescription(ed.description(), puma));
}

void TestChainEditor::conventionSwitchKeepsTheRobot() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  const RobotDescription puma = loadPuma();
  ed.setDescription(puma);
  const Model m0 = ed.model();
  auto check = [&](const Model& m) {
    for (int k = 0; k < 3; ++k) {
      VectorX q = testPose(6) * (1.0 + k) - VectorX::Constant(6, 0.4 * k);
      if (!sameTransform(toolPose(m, q), toolPose(m0, q), 1e-9)) return false;
      Data a(m), b(m0);
      crba(m, a, q);
      crba(m0, b, q);
      if ((a.M - b.M).cwiseAbs().maxCoeff() > 1e-9) return false;
    }
    return true;
  };
  QString err;
  QVERIFY2(ed.setConvention(Convention::MDH, &err), qPrintable(err));
  QCOMPARE(ed.description().convention, Convention::MDH);
  QVERIFY(ed.cellText(0, "a").isEmpty());
  QCOMPARE(ed.cellText(1, "alpha"), QString("90"));  // alpha_{i-1} of DH
  QVERIFY(check(ed.model()));
  QVERIFY2(ed.setConvention(Convention::General, &err), qPrintable(err));
  QVERIFY(check(ed.model()));
  QVERIFY2(ed.setConvention(Convention::DH, &err), qPrintable(err));
  QVERIFY(check(ed.model()));
  stack.undo();
  stack.undo();
  stack.undo();
  QVERIFY(sameDescription(ed.description(), puma));

  // The shipped MDH Puma converts to DH and keeps its dynamics.
  const auto mdh = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560_mdh.json");
  QVERIFY(mdh.ok());
  RobotDescription dh;
  QVERIFY(ui::convertConvention(mdh.description, Convention::DH, dh));
  const Model md = buildModel(dh);
  for (int k = 0; k < 3; ++k) {
    VectorX q = testPose(6) * (0.5 + k);
    QVERIFY(sameTransform(toolPose(md, q), toolPose(mdh.model, q), 1e-9));
    Data a(md), b(mdh.model);
    crba(md, a, q);
    crba(mdh.model, b, q);
    QVERIFY((a.M - b.M).cwiseAbs().maxCoeff() < 1e-9);
  }
  // A general placement with no DH form is refused (the selector is reset).
  RobotDescription g;
  QVERIFY(ui::convertConvention(puma, Convention::General, g));
  g.joints[1].placement.R = Eigen::AngleAxisd(0.3, Vector3::UnitY()).toRotationMatrix();
  ed.setDescription(g);
  QVERIFY(!ed.setConvention(Convention::DH, &err));
  QVERIFY2(err.contains("no (modified) DH form"), qPrintable(err));
  QCOMPARE(ed.description().convention, Convention::General);
}

void TestChainEditor::conventionSelectorAndGeneralCells() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  const RobotDescription puma = loadPuma();
  ed.setDescription(puma);
  auto* selector = ed.findChild<QComboBox*>("conventionSelector");
  QVERIFY(selector);
  QSignalSpy spy(&ed, &ChainEditor::robotChanged);
  selector->setCurrentIndex(selector->findData(int(Convention::General)));  // as the user picks it
  QCOMPARE(ed.description().convention, Convention::General);
  QCOMPARE(stack.count(), 1);
  QCOMPARE(spy.count(), 1);
  const VectorX q = testPose(6);
  const Transform before = toolPose(ed.model(), q);
  QString err;
  QVERIFY2(ed.editCell(1, "roll", "30", &err), qPrintable(err));
  QCOMPARE(ed.cellText(1, "roll"), QString("30"));
  QVERIFY2(ed.editCell(2, "x", "0.1", &err), qPrintable(err));
  QCOMPARE(ed.description().joints[2].placement.p.x(), 0.1);
  QVERIFY(!sameTransform(toolPose(ed.model(), q), before, 1e-6));
  QVERIFY2(ed.editCell(2, "offset", "10", &err), qPrintable(err));
  QCOMPARE(ed.description().joints[2].offset, 10 * M_PI / 180);
  stack.undo();
  stack.undo();
  stack.undo();
  QVERIFY(sameTransform(toolPose(ed.model(), q), before));
  stack.undo();
  QVERIFY(sameDescription(ed.description(), puma));
  QCOMPARE(selector->currentData().toInt(), int(Convention::DH));  // the selector follows undo
}

namespace {


QPushButton* buttonWithText(QWidget* w, const QString& text) {
  for (auto* b : w->findChildren<QPushButton*>())
    if (b->text() == text) return b;
  return nullptr;
}

}  // namespace

void TestChainEditor::retranslatesOnLanguageChange() {
  QUndoStack stack;
  ChainEditor ed(&stack);
  ed.setDescription(loadPuma());
  auto* table = ed.findChild<QTableWidget*>("jointTable");
  auto* selector = ed.findChild<QComboBox*>("conventionSelector");
  auto* linkBox = ed.findChild<QGroupBox*>("inertialPanel");
  QVERIFY(table && selector && linkBox);
  QPushButton* add = buttonWithText(&ed, ChainEditor::tr("Add"));
  QVERIFY(add);
  const int aCol = 3;  // DH columns: name, type, parent, a, alpha, ...
  const QString aHeader = ChainEditor::tr("a [m]");
  QCOMPARE(table->horizontalHeaderItem(aCol)->text(), aHeader);
  const int convIndex = selector->currentIndex();
  const QString convText = selector->currentText();
  const QString linkTitle = linkBox->title();
  const QString axisTip = ed.findChild<QLineEdit*>("rotor_axis")->toolTip();

  maniplab::testing::PrefixTranslator translator("maniplab::ui::ChainEditor");
  QVERIFY(QCoreApplication::installTranslator(&translator));
  QCoreApplication::processEvents();
  QCOMPARE(add->text(), QStringLiteral("XXAdd"));
  QCOMPARE(add->toolTip(), QStringLiteral("XXInsert a joint after the selected one"));
  QCOMPARE(table->horizontalHeaderItem(aCol)->text(), QStringLiteral("XXa [m]"));
  QCOMPARE(table->horizontalHeaderItem(1)->toolTip(), QStringLiteral("XXR: revolute, P: prismatic"));
  QCOMPARE(selector->currentIndex(), convIndex);  // the selection is kept
  QCOMPARE(selector->currentText(), QStringLiteral("XXDH (standard)"));
  QVERIFY(linkBox->title().startsWith(QStringLiteral("XX")));
  QVERIFY(ed.findChild<QLineEdit*>("rotor_axis")->toolTip().startsWith(QStringLiteral("XX")));
  QCOMPARE(ed.description().convention, Convention::DH);  // retranslating changes nothing else
  QCOMPARE(stack.count(), 0);

  // a convention switch while translated: the new headers are translated too
  QVERIFY(ed.setConvention(Convention::MDH));
  QCOMPARE(table->horizontalHeaderItem(6)->text()  /* MDH: name, type, parent, alpha, d, theta, r */,
           QStringLiteral("XXr [m]"));
  stack.undo();

  QVERIFY(QCoreApplication::removeTranslator(&translator));
  QCoreApplication::processEvents();
  QCOMPARE(add->text(), ChainEditor::tr("Add"));
  QCOMPARE(table->horizontalHeaderItem(aCol)->text(), aHeader);
  QCOMPARE(selector->currentIndex(), convIndex);
  QCOMPARE(selector->currentText(), convText);
  QCOMPARE(linkBox->title(), linkTitle);
  QCOMPARE(ed.findChild<QLineEdit*>("rotor_axis")->toolTip(), axisTip);
}

MANIPLAB_TEST_MAIN(TestChainEditor)
// A coupled (mimic) joint keeps following its source when joints are added, removed or moved; removing the
// source makes it independent (robots/panda_hand.json: joint 9, the second finger, follows joint 8).
void TestChainEditor::mimicSourcesFollowTheNumbering() {
  const auto panda = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/panda_hand.json");
  QVERIFY2(panda.ok(), panda.report().c_str());
  QUndoStack stack;
  ChainEditor ed(&stack);
  ed.setDescription(panda.description);
  QString err;
  const auto source = [&](int j) { return ed.description().joints[std::size_t(j)].mimic ? ed.description().joints[std::size_t(j)].mimic->source : -1; };
  QCOMPARE(source(8), 7);
  QVERIFY2(ed.removeJoint(0, &err), qPrintable(err));
  QCOMPARE(source(7), 6);
  QCOMPARE(ed.model().coupling[7].source, 6);
  stack.undo();
  QVERIFY2(ed.addJoint(0, &err), qPrintable(err));
  QCOMPARE(source(9), 8);
  stack.undo();
  QVERIFY2(ed.moveJoint(8, -1, &err), qPrintable(err));  // the second finger before the first
  QCOMPARE(source(7), 8);
  QCOMPARE(ed.description().joints[8].name, std::string("panda_finger_joint1"));
  stack.undo();
  QVERIFY2(ed.removeJoint(7, &err), qPrintable(err));  // the first finger: the second is independent
  QCOMPARE(source(7), -1);
  QVERIFY(ed.model().coupling.empty());
}

// The coupling panel: it shows the Panda's second finger following the first, and edits, validates (the
// reader's rules) and undoes a coupling like any field; the model's coupling follows.
void TestChainEditor::couplingPanelEditsTheMimic() {
  const auto panda = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/panda_hand.json");
  QVERIFY2(panda.ok(), panda.report().c_str());
  QUndoStack stack;
  ChainEditor ed(&stack);
  ed.setDescription(panda.description);
  auto* box = ed.findChild<QGroupBox*>("couplingPanel");
  QVERIFY(box);
  auto* multiplier = ed.findChild<QLineEdit*>("mimic_multiplier");
  QVERIFY(multiplier);
  ed.setCurrentJoint(8);
  QCOMPARE(box->title(), QString("Coupling of joint 9 panda_finger_joint2"));
  QCOMPARE(ed.fieldText("mimic_joint"), QString("8"));
  QCOMPARE(ed.fieldText("mimic_multiplier"), QString("1"));
  QCOMPARE(ed.fieldText("mimic_offset"), QString("0"));
  QVERIFY(multiplier->isEnabled());
  QString err;
  // A gear of -2 with 5 mm of offset (a prismatic joint: metres).
  QVERIFY2(ed.editField(8, "mimic_multiplier", "-2", &err), qPrintable(err));
  QVERIFY2(ed.editField(8, "mimic_offset", "0.005", &err), qPrintable(err));
  QCOMPARE(ed.model().coupling[8].source, 7);
  QCOMPARE(ed.model().coupling[8].multiplier, -2.0);
  QCOMPARE(ed.model().coupling[8].offset, 0.005);
  // The reader's rules: a multiplier of 0, a source that is itself coupled, the joint itself.
  QVERIFY(!ed.editField(8, "mimic_multiplier", "0", &err));
  QVERIFY2(err.contains("/joints/8/mimic/multiplier"), qPrintable(err));
  QVERIFY(!ed.editField(7, "mimic_joint", "9", &err));  // joint 9 follows joint 8 already
  QVERIFY2(err.contains("/joints/7/mimic/joint"), qPrintable(err));
  QVERIFY(!ed.editField(8, "mimic_joint", "9", &err));
  QVERIFY2(err.contains("another joint"), qPrintable(err));
  QCOMPARE(ed.model().coupling[8].multiplier, -2.0);
  // Independent again: no coupling in the model; the multiplier has nothing to edit.
  QVERIFY2(ed.editField(8, "mimic_joint", "", &err), qPrintable(err));
  QVERIFY(!ed.description().joints[8].mimic);
  QVERIFY(ed.model().coupling.empty());
  QVERIFY(!multiplier->isEnabled());
  QVERIFY(!ed.editField(8, "mimic_offset", "0.01", &err));
  QVERIFY2(err.contains("follows no joint"), qPrintable(err));
  // Undo restores the gear, then the Panda's own coupling.
  stack.undo();
  QCOMPARE(ed.model().coupling[8].multiplier, -2.0);
  QCOMPARE(ed.fieldText("mimic_joint"), QString("8"));
  stack.undo();
  stack.undo();
  QCOMPARE(ed.model().coupling[8].multiplier, 1.0);
  QCOMPARE(ed.model().coupling[8].offset, 0.0);
  // A revolute joint's offset is shown and typed in degrees: joint 2 follows joint 1 with 90 degrees.
  QVERIFY2(ed.editField(1, "mimic_joint", "1", &err), qPrintable(err));
  QVERIFY2(ed.editField(1, "mimic_offset", "90", &err), qPrintable(err));
  QCOMPARE(ed.model().coupling[1].offset, M_PI / 2);
}

#include "test_chain_editor.moc"  // (in the namespace, as the class)

}  // namespace test_chain_editor
