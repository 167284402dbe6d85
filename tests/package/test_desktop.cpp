// The desktop application as installed anywhere: File > Open example lists the scenes of its data
// directory (here a copy laid out as an installation's share/maniplab, named by MANIPLAB_DATA_DIR) by their
// names and opens them; Help > About gives the version and that directory; the CSV files the window exports
// (the last run's traces, the comparison table) start with the provenance line: program, version (the
// application's, which app/gui/main.cpp sets from the project's), scene, robot, controller.
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMessageBox>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "support/main_window_driver.hpp"

using namespace maniplab;

namespace {

bool copyFile(const QString& from, const QString& to) {
  QDir().mkpath(QFileInfo(to).absolutePath());
  return QFile::copy(from, to);
}

QString firstLine(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readLine()).trimmed();
}

}  // namespace

class TestDesktop : public QObject {
  Q_OBJECT
  QTemporaryDir settings_, data_;

 private slots:
  void initTestCase() {
    QVERIFY(settings_.isValid() && data_.isValid());
    test::isolateSettings(settings_.path(), "test_desktop");
    QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    // An installation's share/maniplab: two scenes and the robots they name (relative paths, as shipped).
    const QString src = QStringLiteral(MANIPLAB_SOURCE_DIR);
    for (const char* f : {"scenes/default.json", "scenes/pendulum.json", "robots/puma560.json"})
      QVERIFY2(copyFile(src + "/" + f, data_.filePath(f)), f);
    qputenv("MANIPLAB_DATA_DIR", data_.path().toUtf8());
  }

  void examplesAreTheDataDirectorysScenes() {
    ui::MainWindow w;
    auto* menu = w.findChild<QMenu*>(QStringLiteral("menuExamples"));
    QVERIFY(menu);
    QVERIFY(menu->isEnabled());
    const QList<QAction*> actions = menu->actions();
    QCOMPARE(actions.size(), 2);
    // By the scenes' names (their "name" fields), in file-name order, each with its file as tooltip.
    QCOMPARE(actions[0]->toolTip(), data_.filePath("scenes/default.json"));
    QCOMPARE(actions[1]->toolTip(), data_.filePath("scenes/pendulum.json"));
    QVERIFY2(actions[0]->text().contains(QStringLiteral("Puma 560")), qPrintable(actions[0]->text()));
    QVERIFY2(actions[1]->text().contains(QStringLiteral("pendulum"), Qt::CaseInsensitive), qPrintable(actions[1]->text()));
    // The window opened the data directory's default scene; an example opens its scene.
    // (the window's title is the open scene's name)
    QVERIFY2(w.windowTitle().startsWith(actions[0]->text() + QStringLiteral("[*]")), qPrintable(w.windowTitle()));
    actions[1]->trigger();
    QVERIFY2(w.windowTitle().startsWith(actions[1]->text() + QStringLiteral("[*]")), qPrintable(w.windowTitle()));
    // The menu's title is translated like the rest of File.
    QCOMPARE(menu->title(), QStringLiteral("Open &example"));
  }

  void noExamplesWithoutScenes() {
    QTemporaryDir empty;
    QVERIFY(copyFile(QStringLiteral(MANIPLAB_SOURCE_DIR "/scenes/pendulum.json"), empty.filePath("scenes/default.json")));
    qputenv("MANIPLAB_DATA_DIR", empty.path().toUtf8());
    const auto restore = qScopeGuard([this] { qputenv("MANIPLAB_DATA_DIR", data_.path().toUtf8()); });
    {
      ui::MainWindow w;
      auto* menu = w.findChild<QMenu*>(QStringLiteral("menuExamples"));
      QVERIFY(menu);
      QCOMPARE(menu->actions().size(), 1);  // the one scene there
    }
  }

  void exportsNameWhatProducedThem() {
    ui::MainWindow w;
    QVERIFY(test::runFor(w, 0.2));
    auto* metrics = w.findChild<ui::MetricsView*>();
    QVERIFY(metrics);
    const QString table = settings_.filePath("comparison.csv");
    QString err;
    QVERIFY2(metrics->exportCsv(table, &err), qPrintable(err));
    const QString expected = QStringLiteral("# maniplab 9.8.7; scene %1; robot %2")
                                 .arg(data_.filePath("scenes/default.json"), data_.filePath("robots/puma560.json"));
    QCOMPARE(firstLine(table), expected);
    // The last run's traces (File > Export > CSV), one file per controller of the run.
    bool answered = false;
    const QString traces = settings_.filePath("run.csv");
    test::answerFileDialog(traces, &answered);
    QVERIFY(test::action(w, "actionExportCsv"));
    test::action(w, "actionExportCsv")->trigger();
    QVERIFY(answered);
    const QStringList written = QDir(settings_.path()).entryList({QStringLiteral("run*.csv")});
    QVERIFY2(!written.isEmpty(), "no trace written");
    for (const QString& f : written) {
      const QString line = firstLine(settings_.filePath(f));
      QVERIFY2(line.startsWith(expected + QStringLiteral("; controller ")), qPrintable(f + ": " + line));
    }
  }

  void aboutGivesTheVersionAndTheData() {
    ui::MainWindow w;
    QString text;
    QTimer::singleShot(0, [&] {
      (void)QTest::qWaitFor([&] { return QApplication::activeModalWidget() != nullptr; }, 5000);
      if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
        text = box->text();
        box->accept();
      }
    });
    test::action(w, "actionAbout")->trigger();
    QVERIFY2(text.contains(QStringLiteral("<h3>ManipLab 9.8.7</h3>")), qPrintable(text));
    QVERIFY2(text.contains(QDir::toNativeSeparators(data_.path())), qPrintable(text));
  }
};

QTEST_MAIN(TestDesktop)
#include "test_desktop.moc"
