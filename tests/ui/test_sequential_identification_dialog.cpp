// The guided sequential identification dialog (Belkoura 1993 §IV, corrected TH8 procedure), offscreen: it walks
// the 14 steps with its own buttons, every identified value equals the library's step result to the
// displayed precision and recovers the true value (noiseless: 1e-6 relative), the order is enforced,
// and a robot that is not a TH8 is refused with a message.
#include <QPushButton>
#include <QTableWidget>
#include <QTextBrowser>
#include <QtTest>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/sequential.hpp"
#include "maniplab/ui/sequential_identification_dialog.hpp"
#include "support/test_main.hpp"

namespace test_sequential_identification_dialog {

using namespace maniplab;

class SequentialDialogTest : public QObject {
  Q_OBJECT
 private slots:
  void walksAllSteps() {
    const RobotLoadResult rl = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/th8.json");
    QVERIFY2(rl.ok(), rl.report().c_str());
    ui::SequentialIdentificationDialog dlg;
    dlg.show();
    QString err;
    QVERIFY2(dlg.setRobot(rl.model, &err), qPrintable(err));
    QCOMPARE(dlg.stepCount(), 14);
    auto* run = dlg.findChild<QPushButton*>("seqRunStep");
    auto* next = dlg.findChild<QPushButton*>("seqNext");
    QVERIFY(run && next);
    QVERIFY(run->isEnabled());
    QVERIFY(!next->isEnabled());  // step 1 not run yet
    QVERIFY(dlg.descriptionText().contains("joint 3 (prismatic) moves at variable velocity"));
    // Library reference, step by step, the same motions (noiseless).
    const BaseParameterSet base = symbolicBaseParameters(rl.model, {true});
    const VectorX standard = standardParameters(rl.model).values;
    const VectorX truth = base.values(standard);
    const auto steps = sim::th8SequentialProcedure();
    sim::SequentialIdentifier ref(rl.model, base, standard);
    int rows = 0;
    for (int s = 0; s < 14; ++s) {
      QCOMPARE(dlg.currentStep(), s);
      QVERIFY(dlg.descriptionText().contains(QString::fromStdString(steps[std::size_t(s)].title)));
      if (!steps[std::size_t(s)].correction.empty()) QVERIFY(dlg.descriptionText().contains("Erratum"));
      QTest::mouseClick(run, Qt::LeftButton);
      QCOMPARE(dlg.stepsDone(), s + 1);
      QVERIFY2(dlg.statusText().contains(QString("Step %1 done").arg(s + 1)), qPrintable(dlg.statusText()));
      const auto& st = steps[std::size_t(s)];
      const auto r = ref.runStep(st, sim::th8SequentialSegments(rl.model, st, int(st.unknowns.size()) + 3, 1000));
      QTableWidget* t = dlg.resultsTable();
      for (std::size_t u = 0; u < st.unknowns.size(); ++u, ++rows) {
        QCOMPARE(t->item(rows, 0)->text(), QString::fromStdString(st.unknowns[u]));
        QCOMPARE(t->item(rows, 1)->text(), QString::number(s + 1));
        QCOMPARE(t->item(rows, 2)->text(), QString::number(r.values[int(u)], 'g', 8));
        int b = 0;
        while (base.params[std::size_t(b)].name != st.unknowns[u]) ++b;
        QCOMPARE(t->item(rows, 3)->text(), QString::number(truth[b], 'g', 8));
      }
      QVERIFY(!run->isEnabled());  // a step runs once
      if (s < 13) {
        QVERIFY(next->isEnabled());
        QTest::mouseClick(next, Qt::LeftButton);
      } else {
        QVERIFY(!next->isEnabled());
      }
    }
    QCOMPARE(dlg.resultsTable()->rowCount(), 38);
    QVERIFY2(dlg.worstRelativeError() < 1e-6, qPrintable(QString::number(dlg.worstRelativeError())));
    QVERIFY(dlg.statusText().contains("All 14 steps done"));
    // Restart, then an out-of-order run is refused.
    QTest::mouseClick(dlg.findChild<QPushButton*>("seqRestart"), Qt::LeftButton);
    QCOMPARE(dlg.stepsDone(), 0);
    QCOMPARE(dlg.resultsTable()->rowCount(), 0);
    QVERIFY(!dlg.next());
    // With noise, the results differ from the truth but the walk completes.
    dlg.setNoise(0.05);
    for (int s = 0; s < 14; ++s) {
      QVERIFY2(dlg.runStep(), qPrintable(dlg.statusText()));
      if (s < 13) QVERIFY(dlg.next());
    }
    QVERIFY(dlg.worstRelativeError() > 1e-6);
  }

  void refusesAnotherRobot() {
    const RobotLoadResult rl = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
    QVERIFY(rl.ok());
    ui::SequentialIdentificationDialog dlg;
    QString err;
    QVERIFY(!dlg.setRobot(rl.model, &err));
    QVERIFY2(err.contains("TH8") && err.contains("MR3"), qPrintable(err));
    QVERIFY(!dlg.findChild<QPushButton*>("seqRunStep")->isEnabled());
    QVERIFY(!dlg.runStep());
    QVERIFY(dlg.statusText().contains("TH8"));
    const RobotLoadResult two = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/planar2r.json");
    QVERIFY(!dlg.setRobot(two.model, &err));
    QVERIFY2(err.contains("6 joints"), qPrintable(err));
  }
};

MANIPLAB_TEST_MAIN(SequentialDialogTest)
#include "test_sequential_identification_dialog.moc"  // (in the namespace, as the class)

}  // namespace test_sequential_identification_dialog
