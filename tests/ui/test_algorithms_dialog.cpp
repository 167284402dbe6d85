// Help -> Algorithms: the dialog shows, for the current robot, the operation counts that
// countOperations() measures and the Llibre, Mampey & Chrétien 1983 formulas; the plot has a curve per algorithm; texts
// retranslate at run time; a model with a singular mass matrix gives a message, not a crash.
#include <QApplication>
#include <QTableWidget>
#include <QtTest>

#include "maniplab/model/operation_counts.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/algorithms_dialog.hpp"
#include "support/prefix_translator.hpp"
#include "support/test_main.hpp"

namespace test_algorithms_dialog {

using namespace maniplab;
using namespace maniplab::ui;

class TestAlgorithmsDialog : public QObject {
  Q_OBJECT
 private slots:
  void tableMatchesTheCounts() {
    const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
    QVERIFY2(r.ok(), r.report().c_str());
    AlgorithmsDialog dlg;
    dlg.setModel(r.model, 8);
    const OperationCountTable t = countOperations(r.model);
    QCOMPARE(dlg.rowCount(), int(t.rows.size()));
    QVERIFY(dlg.rowCount() >= 6);
    for (int row = 0; row < dlg.rowCount(); ++row) {
      const AlgorithmCount& a = t.rows[std::size_t(row)];
      QCOMPARE(dlg.cellText(row, 1), QString::number(a.ours.products()));
      QCOMPARE(dlg.cellText(row, 2), QString::number(a.ours.additions()));
      if (a.published.mul >= 0) QCOMPARE(dlg.cellText(row, 3), QString::number(a.published.mul));
    }
    // Newton–Euler row of Llibre, Mampey & Chrétien (1983) for n = 6: 149 n - 89 = 805 multiplications.
    const AlgorithmCount* ne = t.find("rnea");
    QVERIFY(ne);
    QCOMPARE(ne->published.mul, std::int64_t(149 * 6 - 89));
    // Five algorithms plotted, four of them with a seed formula (CRBA and ABA have none in Llibre, Mampey & Chrétien 1983).
    QCOMPARE(dlg.graphCount(), 5 + 3);
  }

  void singularModelSaysWhy() {
    RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/planar2r.json");
    QVERIFY2(r.ok(), r.report().c_str());
    Model m = r.model;
    for (auto& b : m.body) {  // massless links: M(q) = 0
      b.mass = 0;
      b.inertia.setZero();
    }
    for (auto& a : m.actuator) a.rotorInertia = 0;
    AlgorithmsDialog dlg;
    dlg.setModel(m, 4);
    QCOMPARE(dlg.rowCount(), 1);
    QVERIFY2(dlg.cellText(0, 0).contains(QStringLiteral("cannot")), qPrintable(dlg.cellText(0, 0)));
    QCOMPARE(dlg.graphCount(), 0);  // nothing plotted
  }

  void retranslates() {
    AlgorithmsDialog dlg;
    const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/planar2r.json");
    dlg.setModel(r.model, 3);
    QVERIFY(!dlg.windowTitle().startsWith(QStringLiteral("XX")));
    testing::PrefixTranslator tr("maniplab::ui::AlgorithmsDialog");
    QCoreApplication::installTranslator(&tr);
    QCoreApplication::processEvents();
    QVERIFY(dlg.windowTitle().startsWith(QStringLiteral("XX")));
    QVERIFY(dlg.cellText(0, 0).startsWith(QStringLiteral("XX")));
    QCoreApplication::removeTranslator(&tr);
  }
};

MANIPLAB_TEST_MAIN(TestAlgorithmsDialog)
#include "test_algorithms_dialog.moc"  // (in the namespace, as the class)

}  // namespace test_algorithms_dialog
