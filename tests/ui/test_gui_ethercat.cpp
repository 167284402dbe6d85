// The EtherCAT dock from the main window: the plant switched for the in-process virtual drives (a real
// EtherCAT master and CiA 402 slaves over an in-process link, a real 1 kHz bus cycle on the machine's
// scheduler); the same scene, controllers, scope and metrics, runs named after the backend, tracking as
// in simulation. Label timing (with test_ethercat_bus and the other real-cycle tests): a machine too busy
// to wake the cycle thread within its budget gets a bus fault ("frame lost or late"), correctly, which the
// test then prints; it is moved out of test_gui so that test_gui asserts only what does not depend on the
// scheduler.
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "maniplab/ui/ethercat_panel.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "maniplab/ui/scope_widget.hpp"
#include "support/main_window_driver.hpp"
#include "support/test_main.hpp"

namespace test_gui_ethercat {

using namespace maniplab::ui;
using maniplab::test::runFor;

class TestGuiEthercat : public QObject {
  Q_OBJECT
 private:
  static QString source(const QString& rel) { return QStringLiteral(MANIPLAB_SOURCE_DIR "/") + rel; }
  QTemporaryDir settingsDir_;

 private slots:
  void initTestCase() {
    maniplab::test::isolateSettings(settingsDir_.path(), "test_gui_ethercat");
    QSettings().setValue(QStringLiteral("language"), QStringLiteral("en"));
  }

  // The EtherCAT dock switches the plant for the in-process virtual drives (a real EtherCAT master and
  // slaves over an in-process link): the same scene, controllers, scope and metrics; runs are named
  // after the backend and track as in simulation.
  void ethercatBackendFromTheGui() {
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    auto* ecat = w.findChild<EthercatPanel*>();
    auto* metrics = w.findChild<MetricsView*>();
    QVERIFY(messages && ecat && metrics);
    QVERIFY(w.openFile(source(QStringLiteral("scenes/umis_ctc_vs_pid.json"))));
    QVERIFY(ecat->selectInterface(QString()));  // in-process virtual drives
    QVERIFY2(runFor(w, 0.5), qPrintable(messages->lastMessage()));  // the simulation backend first
    const MetricsView::Runs simRuns = metrics->runs();
    QVERIFY(!simRuns.empty());
    ecat->setEthercatSelected(true);
    QVERIFY(ecat->ethercatSelected());
    const int errors = messages->errorCount();
    QStringList added;  // what the bus run said, printed if it reports an error
    QObject::connect(messages, &MessageArea::messageAdded, messages, [&added](const QString& t) { added << t; });
    QVERIFY2(runFor(w, 0.5), qPrintable(messages->lastMessage()));
    QVERIFY2(messages->errorCount() == errors, qPrintable(added.join(QLatin1Char('\n'))));
    const MetricsView::Runs busRuns = metrics->runs();
    QCOMPARE(busRuns.size(), simRuns.size());
    for (std::size_t r = 0; r < busRuns.size(); ++r) {
      const QString name = QString::fromStdString(busRuns[r].first);
      QVERIFY2(name.contains(QStringLiteral("EtherCAT"), Qt::CaseInsensitive), qPrintable(name));
      // Tracking through the bus equals the simulation within sim/ethercat/README.md's tolerance (5 % +
      // 2e-4 rad: torque and encoder quantisation), doubled here for a loaded machine's late cycles.
      const auto& bus = busRuns[r].second.joints;
      const auto& sim = simRuns[r].second.joints;
      QCOMPARE(bus.size(), sim.size());
      for (std::size_t j = 0; j < bus.size(); ++j)
        QVERIFY2(std::abs(bus[j].maxAbsError - sim[j].maxAbsError) <= 0.10 * sim[j].maxAbsError + 4e-4,
                 qPrintable(QStringLiteral("%1 joint %2: bus %3 vs sim %4")
                                .arg(name).arg(j + 1).arg(bus[j].maxAbsError).arg(sim[j].maxAbsError)));
    }
    auto* scope = w.findChild<ScopeWidget*>();
    QVERIFY(scope->sampleCount() > 0);
  }
};

MANIPLAB_TEST_MAIN(TestGuiEthercat)
#include "test_gui_ethercat.moc"  // (in the namespace, as the class)

}  // namespace test_gui_ethercat
