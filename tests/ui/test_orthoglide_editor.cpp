// The Orthoglide parameter editor: edits are validated by the robot-file reader (a rejected value leaves
// document and model unchanged and reports the reader's JSON pointer), accepted edits reach the model and,
// through modelChanged, the 3D view live (the drawn bars take the new length); symmetric inertia; the
// saved file reads back to the same model.
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "maniplab/model/orthoglide_file.hpp"
#include "maniplab/ui/orthoglide_editor.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "kinds/orthoglide_drawing.hpp"  // ui/src: the Orthoglide's drawing
#include "support/test_main.hpp"

namespace test_orthoglide_editor {

using namespace maniplab;
using maniplab::ui::OrthoglideDrawing;
using maniplab::ui::OrthoglideEditor;
using maniplab::ui::RobotView;

class TestOrthoglideEditor : public QObject {
  Q_OBJECT
  const QString file = QStringLiteral(MANIPLAB_SOURCE_DIR "/robots/orthoglide.json");

 private slots:
  void loadsAndListsTheParameters() {
    OrthoglideEditor ed;
    QSignalSpy changed(&ed, &OrthoglideEditor::modelChanged);
    QString err;
    QVERIFY2(ed.loadFile(file, &err), qPrintable(err));
    QCOMPARE(changed.count(), 1);
    // a, M_p, and per leg r2, D4, D6 + 6 bodies x (mass, 3 com, 6 inertia).
    QCOMPARE(ed.keys().size(), 2 + 3 * (3 + 6 * 10));
    const auto ref = loadOrthoglideFile(file.toStdString());
    QVERIFY(ref.ok());
    QCOMPARE(ed.valueText("/chains/1/D4").toDouble(), ref.model.chain[1].D4);
    QCOMPARE(ed.valueText("/chains/2/bodies/7/mass").toDouble(), ref.model.chain[2].body[5].mass);
    QCOMPARE(ed.model().platformMass, ref.model.platformMass);
    QVERIFY(!ed.isModified());
    auto* table = ed.findChild<QTableWidget*>("orthoglideTable");
    QVERIFY(table);
    QCOMPARE(table->rowCount(), ed.keys().size());
    QVERIFY(!ed.loadFile(QStringLiteral("/nonexistent/orthoglide.json"), &err));
    QVERIFY(err.contains("nonexistent"));
    QVERIFY(ed.hasModel());  // the previous document is kept
  }

  void acceptedEditsUpdateModelAndView() {
    OrthoglideEditor ed;
    RobotView view;
    connect(&ed, &OrthoglideEditor::modelChanged, &view, [&](const OrthoglideModel& m) { OrthoglideDrawing::draw(view, m); });
    QVERIFY(ed.loadFile(file));
    QVERIFY(view.drawing<OrthoglideDrawing>());
    QString err;
    QVERIFY2(ed.editValue("/chains/1/D4", "0.33", &err), qPrintable(err));
    QCOMPARE(ed.model().chain[1].D4, 0.33);
    QVERIFY(ed.isModified());
    for (auto part : {OrthoglideDrawing::Part::BarA, OrthoglideDrawing::Part::BarB}) {
      const auto [a, b] = view.drawing<OrthoglideDrawing>()->partPoints(1, part);
      QVERIFY2(std::abs((b - a).norm() - 0.33) < 1e-9, qPrintable(QString::number((b - a).norm())));
    }
    const auto [a0, b0] = view.drawing<OrthoglideDrawing>()->partPoints(0, OrthoglideDrawing::Part::BarA);
    QVERIFY(std::abs((b0 - a0).norm() - ed.model().chain[0].D4) < 1e-9);  // the other legs keep theirs
    // Typing in the table takes the same path.
    auto* table = ed.findChild<QTableWidget*>("orthoglideTable");
    const int row = int(ed.keys().indexOf("/platform/mass"));
    QVERIFY(row >= 0);
    table->item(row, 1)->setText("2.5");
    QCOMPARE(ed.model().platformMass, 2.5);
    // Off-diagonal inertia: written symmetrically (the reader demands a symmetric tensor).
    QVERIFY2(ed.editValue("/chains/0/bodies/3/inertia/1/2", "1e-6", &err), qPrintable(err));
    QCOMPARE(ed.model().chain[0].body[2].inertia(1, 2), 1e-6);
    QCOMPARE(ed.model().chain[0].body[2].inertia(2, 1), 1e-6);
    // Save and read back with the robot-file reader.
    QTemporaryDir tmp;
    const QString out = tmp.filePath("edited.json");
    QVERIFY2(ed.save(out, &err), qPrintable(err));
    QVERIFY(!ed.isModified());
    const auto back = loadOrthoglideFile(out.toStdString());
    QVERIFY2(back.ok(), back.report().c_str());
    QCOMPARE(back.model.chain[1].D4, 0.33);
    QCOMPARE(back.model.platformMass, 2.5);
    QCOMPARE(back.model.chain[0].body[2].inertia(2, 1), 1e-6);
  }

  void rejectedEditsChangeNothing() {
    OrthoglideEditor ed;
    QVERIFY(ed.loadFile(file));
    QSignalSpy changed(&ed, &OrthoglideEditor::modelChanged);
    const QString before = ed.jsonText();
    const double mass = ed.model().chain[0].body[2].mass;
    QString err;
    QVERIFY(!ed.editValue("/chains/0/bodies/3/mass", "-1", &err));
    QVERIFY2(err.contains("/chains/0/bodies/3/mass") && err.contains("non-negative"), qPrintable(err));
    QVERIFY(!ed.editValue("/chains/0/D4", "0", &err));
    QVERIFY2(err.contains("/chains/0/D4"), qPrintable(err));
    QVERIFY(!ed.editValue("/chains/0/D4", "abc", &err));
    QVERIFY(!ed.editValue("/chains/0/D4", "nan", &err));
    QVERIFY(!ed.editValue("/chains/0/D4", "inf", &err));
    QVERIFY(!ed.editValue("/chains/0/bodies/3/inertia/0/0", "-1", &err));  // not positive semi-definite
    QVERIFY2(err.contains("inertia"), qPrintable(err));
    QVERIFY(!ed.editValue("/name", "3", &err));  // not an editable number
    QVERIFY(!ed.editValue("/chains/0/actuator/gear_ratio/x", "3", &err));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(ed.jsonText(), before);
    QCOMPARE(ed.model().chain[0].body[2].mass, mass);
    QVERIFY(!ed.isModified());
    QVERIFY(!ed.lastMessage().isEmpty());
    // The table shows the kept value after a rejected typed value.
    auto* table = ed.findChild<QTableWidget*>("orthoglideTable");
    const int row = int(ed.keys().indexOf("/chains/0/D4"));
    table->item(row, 1)->setText("-3");
    QCOMPARE(table->item(row, 1)->text().toDouble(), ed.model().chain[0].D4);
    // Invalid documents are refused by setDocument.
    QVERIFY(!ed.setDocument("{", "broken.json", &err));
    QVERIFY(err.contains("broken.json"));
    QVERIFY(!ed.setDocument("{\"kind\": \"orthoglide\"}", "empty.json", &err));
    QVERIFY(err.contains("empty.json"));
  }
};

MANIPLAB_TEST_MAIN(TestOrthoglideEditor)
#include "test_orthoglide_editor.moc"  // (in the namespace, as the class)

}  // namespace test_orthoglide_editor
