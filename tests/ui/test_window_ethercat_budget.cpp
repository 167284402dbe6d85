// The EtherCAT panel's loss budget through the main window (issue 20), as a user goes: open a serial scene,
// change the budget (longest time without a good cycle, bad cycles per second) in the panel's spin boxes,
// the window says the scene is modified, File > Save scene writes "ethercat": {"loss_budget_ms",
// "max_losses_per_second"}, which the scene reader reads back and a fresh window shows in its panel (not as
// an edit). A scene without an "ethercat" section keeps writing none while the budget is left at the
// master's defaults (0), and going back to the defaults drops the section. The panel alone:
// test_ethercat_panel (lossBudgetAndLatencyCheck).
#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/ethercat_panel.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/message_area.hpp"
#include "support/main_window_driver.hpp"
#include "support/test_main.hpp"

namespace test_window_ethercat_budget {

using namespace maniplab;
using namespace maniplab::ui;
using nlohmann::json;
using maniplab::test::action;

namespace {

json readJson(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return json();
  return json::parse(f.readAll().toStdString(), nullptr, false);
}

struct BudgetSpins {
  QDoubleSpinBox* time = nullptr;  // [ms]
  QSpinBox* rate = nullptr;        // bad cycles per second
};

/// The main window's EtherCAT panel's budget spin boxes, its dock brought to the front as a user would.
BudgetSpins budgetSpins(MainWindow& w) {
  auto* panel = w.findChild<EthercatPanel*>();
  if (!panel) return {};
  if (auto* dock = w.findChild<QDockWidget*>(QStringLiteral("ethercatDock"))) {
    dock->show();
    dock->raise();
  }
  return {panel->findChild<QDoubleSpinBox*>(QStringLiteral("lossBudgetSpin")),
          panel->findChild<QSpinBox*>(QStringLiteral("lossesPerSecondSpin"))};
}

/// Replaces a spin box's text by `text` from the keyboard (select all, type, Enter).
void typeInto(QAbstractSpinBox* spin, const char* text) {
  spin->setFocus();
  spin->selectAll();
  QTest::keyClicks(spin, QString::fromLatin1(text));
  QTest::keyClick(spin, Qt::Key_Enter);
}

}  // namespace

class TestWindowEthercatBudget : public QObject {
  Q_OBJECT
  QTemporaryDir settings_;

 private slots:
  void initTestCase() {
    QVERIFY(settings_.isValid());
    maniplab::test::isolateSettings(settings_.path(), "test_window_ethercat_budget");
    QSettings().setValue(QStringLiteral("language"), QStringLiteral("en"));
  }

  // Open the UMIS scene (no "ethercat" section), set 17.5 ms (seven steps of 2.5 ms up) and 30 bad cycles per
  // second from the keyboard: modified; File > Save scene writes them; the reader and a fresh window agree.
  void budgetEditedSavedAndReopened() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString scene = tmp.filePath(QStringLiteral("umis.json"));
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("umis_ctc_vs_pid.json"), scene));
    QVERIFY(!readJson(scene).contains("ethercat"));  // the shipped scene leaves the budget to the master

    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(messages);
    QVERIFY2(w.openFile(scene), qPrintable(messages->lastMessage()));
    QVERIFY(!w.isWindowModified());
    BudgetSpins spins = budgetSpins(w);
    QVERIFY(spins.time && spins.rate);
    QCOMPARE(spins.time->value(), 0.0);  // "default"
    QCOMPARE(spins.rate->value(), 0);
    auto* panel = w.findChild<EthercatPanel*>();
    QSignalSpy edited(panel, &EthercatPanel::lossBudgetChanged);

    spins.time->setFocus();
    for (int k = 0; k < 7; ++k) QTest::keyClick(spins.time, Qt::Key_Up);
    QCOMPARE(spins.time->value(), 17.5);
    QVERIFY(edited.count() >= 1);
    QVERIFY2(w.isWindowModified(), "a loss budget edited by hand does not mark the scene modified");
    typeInto(spins.rate, "30");
    QCOMPARE(spins.rate->value(), 30);
    QCOMPARE(panel->lossBudget(), spins.time->value() * 1e-3);
    QCOMPARE(panel->maxLossesPerSecond(), 30.0);

    QAction* save = action(w, "actionSaveScene");
    QVERIFY(save && save->isEnabled());
    save->trigger();
    QVERIFY2(!w.isWindowModified(), qPrintable(messages->lastMessage()));
    QVERIFY2(messages->lastMessage().contains(QStringLiteral("Scene saved")), qPrintable(messages->lastMessage()));

    // The file: the section in ms, as written; the reader: seconds.
    const json doc = readJson(scene);
    QVERIFY2(doc.contains("ethercat") && doc["ethercat"].is_object(), doc.dump(2).c_str());
    const json& e = doc["ethercat"];
    QVERIFY2(e.contains("loss_budget_ms") && e.contains("max_losses_per_second"), e.dump().c_str());
    QVERIFY2(std::abs(e["loss_budget_ms"].get<double>() - 17.5) <= 1e-12, e.dump().c_str());
    QVERIFY2(std::abs(e["max_losses_per_second"].get<double>() - 30.0) <= 1e-12, e.dump().c_str());
    const auto saved = sim::loadSceneFile(scene.toStdString());
    QVERIFY2(saved.ok(), saved.report().c_str());
    QVERIFY2(std::abs(saved.scene.ethercat.lossBudget - 0.0175) <= 1e-12,
             qPrintable(QString::number(saved.scene.ethercat.lossBudget, 'g', 17)));
    QVERIFY(std::abs(saved.scene.ethercat.maxLossesPerSecond - 30.0) <= 1e-12);
    QCOMPARE(saved.scene.backend, std::string("sim"));  // the budget does not select the EtherCAT backend

    // A fresh window shows the saved budget, and loading it is not an edit.
    {
      MainWindow w2;
      w2.show();
      QVERIFY(w2.openFile(scene));
      const BudgetSpins again = budgetSpins(w2);
      QVERIFY(again.time && again.rate);
      QCOMPARE(again.time->value(), 17.5);
      QCOMPARE(again.rate->value(), 30);
      auto* panel2 = w2.findChild<EthercatPanel*>();
      QVERIFY(std::abs(panel2->lossBudget() - 0.0175) <= 1e-12);
      QCOMPARE(panel2->maxLossesPerSecond(), 30.0);
      QVERIFY(!w2.isWindowModified());
    }

    // Back to the master's defaults (down to 0 ms, the rate typed 0): modified, and the saved scene has no
    // "ethercat" section again (the writer omits zeros; the reader's default is 0).
    spins.time->setFocus();
    for (int k = 0; k < 7; ++k) QTest::keyClick(spins.time, Qt::Key_Down);
    QCOMPARE(spins.time->value(), 0.0);
    QVERIFY(w.isWindowModified());
    typeInto(spins.rate, "0");
    QCOMPARE(spins.rate->value(), 0);
    save->trigger();
    QVERIFY2(!w.isWindowModified(), qPrintable(messages->lastMessage()));
    const json back = readJson(scene);
    QVERIFY2(!back.is_discarded() && !back.contains("ethercat"), back.dump(2).c_str());
    const auto reread = sim::loadSceneFile(scene.toStdString());
    QVERIFY2(reread.ok(), reread.report().c_str());
    QCOMPARE(reread.scene.ethercat.lossBudget, 0.0);
    QCOMPARE(reread.scene.ethercat.maxLossesPerSecond, 0.0);
  }

  // A scene without an "ethercat" section, budget untouched, another edit saved: still no section (the
  // panel's "default" fields write nothing), and the reader gives the master's defaults (0, 0).
  void untouchedBudgetWritesNoSection() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString scene = tmp.filePath(QStringLiteral("planar.json"));
    QVERIFY(maniplab::test::copyShippedScene(QStringLiteral("planar2r_teaching.json"), scene));
    QVERIFY(!readJson(scene).contains("ethercat"));
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY2(w.openFile(scene), qPrintable(messages->lastMessage()));
    auto* dur = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
    QVERIFY(dur);
    dur->setValue(dur->value() + 0.5);
    QVERIFY(w.isWindowModified());
    action(w, "actionSaveScene")->trigger();
    QVERIFY2(!w.isWindowModified(), qPrintable(messages->lastMessage()));
    const json doc = readJson(scene);
    QVERIFY(!doc.is_discarded());
    QVERIFY2(!doc.contains("ethercat"), doc.dump(2).c_str());  // (the message is built even on success)
    const auto saved = sim::loadSceneFile(scene.toStdString());
    QVERIFY2(saved.ok(), saved.report().c_str());
    QCOMPARE(saved.scene.ethercat.lossBudget, 0.0);
    QCOMPARE(saved.scene.ethercat.maxLossesPerSecond, 0.0);
    const BudgetSpins spins = budgetSpins(w);
    QVERIFY(spins.time && spins.rate);
    QCOMPARE(spins.time->value(), 0.0);
    QCOMPARE(spins.rate->value(), 0);
  }
};

MANIPLAB_TEST_MAIN(TestWindowEthercatBudget)
#include "test_window_ethercat_budget.moc"  // (in the namespace, as the class)

}  // namespace test_window_ethercat_budget
