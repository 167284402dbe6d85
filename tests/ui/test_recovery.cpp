// Edits survive a crash (under Xvfb: the main window holds the Qt 3D view). The crash is real: this test
// starts itself as a child process (`--child`), which opens a copy of a scene, edits its robot in the
// chain editor and the scene in the control panel, waits for its recovery file and idles; the parent
// checks that a second instance does not offer the live session's file, kills the child with SIGKILL,
// and a new window offers the edits (what: scene, robot and their files; when: the local date-time),
// restores them as unsaved edits of the original files (undo goes back to the file's robot), and a save
// removes the file. Also: the file is written once an edit settles and before a run, removed by an undo
// back to the files and by a normal close (Discard at the unsaved-changes question); Discard at the offer
// deletes the edits; a recovery file that cannot be written is reported once and the session goes on.
// The recovery directory is a temporary one (MANIPLAB_RECOVERY_DIR).
#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QTemporaryDir>
#include <QtTest>
#include <cstdio>
#include <memory>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/orthoglide_editor.hpp"
#include "maniplab/ui/recovery_store.hpp"
#include "support/main_window_driver.hpp"

using namespace maniplab;
using namespace maniplab::ui;
using maniplab::test::action;

namespace {

const QString kEditedA = QStringLiteral("0.75");  // joint 2's a in the chain editor (1 in the file)
constexpr double kEditedDuration = 3.25;          // the control panel's duration (2 in the file)

QStringList sessionFiles(const QString& dir) {
  return QDir(dir).entryList({QStringLiteral("session-*.json")}, QDir::Files, QDir::Name);
}

/// scenes/planar2r_teaching.json and its robot copied into `dir` (the scene naming the copy).
QString copyScene(const QString& dir) {
  const QString robot = dir + QStringLiteral("/planar2r.json");
  QFile::copy(QStringLiteral(MANIPLAB_SOURCE_DIR "/robots/planar2r.json"), robot);
  QFile::setPermissions(robot, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
  QFile in(QStringLiteral(MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json"));
  if (!in.open(QIODevice::ReadOnly)) return {};
  QByteArray text = in.readAll();
  text.replace("\"../robots/planar2r.json\"", "\"planar2r.json\"");
  const QString scene = dir + QStringLiteral("/teaching.json");
  QFile out(scene);
  if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size()) return {};
  return scene;
}

/// The scripted edits: the robot (chain editor) and the scene (control panel).
bool edit(MainWindow& w) {
  auto* editor = w.findChild<ChainEditor*>(QStringLiteral("chainEditor"));
  auto* duration = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
  if (!editor || !duration) return false;
  QString err;
  if (!editor->editCell(1, QStringLiteral("a"), kEditedA, &err)) return false;
  duration->setValue(kEditedDuration);
  return true;
}

RecoveredEdits readSession(const QString& path) {
  RecoveredEdits r;
  QFile f(path);
  if (f.open(QIODevice::ReadOnly)) RecoveredEdits::fromJson(f.readAll(), &r);
  return r;
}

/// Answers the next message box (object name `box`, empty: any) by clicking `button` (an object name or a
/// standard button's text) from a timer, after the box has been shown for a moment; its text, and a
/// screenshot of the screen in MANIPLAB_SCREENSHOT_DIR when `screenshot` is given.
/// The Answer owns the timer: an answerer whose box never came (e.g. the "nothing offered" check) stops
/// with it, instead of polling on with a dangling `out` and answering the next test step's box.
struct Answer {
  bool seen = false;
  QString text;
  QPointer<QTimer> timer;
  Answer() = default;
  Answer(const Answer&) = delete;
  Answer& operator=(const Answer&) = delete;
  ~Answer() { delete timer; }
};
void answerBox(const QString& box, const QString& button, Answer* out, const QString& screenshot = {}) {
  auto* t = new QTimer(qApp);
  out->timer = t;
  auto ticks = std::make_shared<int>(0);
  QObject::connect(t, &QTimer::timeout, t, [=] {
    if (++*ticks > 1500) {  // 30 s without it: give up (the caller's check fails)
      t->deleteLater();
      return;
    }
    auto* mb = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (!mb || (!box.isEmpty() && mb->objectName() != box)) return;
    if (!out->seen) {
      out->seen = true;
      *ticks = 1400;  // shown: let it paint for 20 ticks
      return;
    }
    if (*ticks < 1420) return;
    t->stop();
    t->deleteLater();
    out->text = mb->text() + QStringLiteral("\n") + mb->informativeText();
    if (!screenshot.isEmpty()) {
      QString dir = qEnvironmentVariable("MANIPLAB_SCREENSHOT_DIR");
      if (dir.isEmpty()) dir = QDir::currentPath();
      if (QScreen* s = QGuiApplication::primaryScreen()) s->grabWindow(0).save(QDir(dir).filePath(screenshot));
    }
    for (QAbstractButton* b : mb->buttons())
      if (b->objectName() == button || b->text().remove(QLatin1Char('&')) == button) {
        b->click();
        return;
      }
  });
  t->start(20);
}

/// The child: edits a scene, waits for its recovery file, says READY and idles until it is killed.
int child(const QString& scene, const QString& settings) {
  maniplab::test::isolateSettings(settings, "test_recovery_child");
  MainWindow w;
  w.show();
  if (!w.openFile(scene) || !edit(w)) return 2;
  const QString dir = RecoveryStore::defaultDirectory();
  const bool written = QTest::qWaitFor(
      [&] {
        const QStringList files = sessionFiles(dir);
        return files.size() == 1 && !readSession(dir + QStringLiteral("/") + files.front()).robotText.isEmpty();
      },
      30000);
  if (!written) return 3;
  std::printf("READY\n");
  std::fflush(stdout);
  return QApplication::exec();
}

}  // namespace

class TestRecovery : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  QString rec_;

  /// A recovery directory of its own for each test.
  void useRecoveryDir(const QString& name) {
    rec_ = tmp_.path() + QStringLiteral("/") + name;
    qputenv("MANIPLAB_RECOVERY_DIR", rec_.toLocal8Bit());
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    maniplab::test::isolateSettings(tmp_.path() + QStringLiteral("/settings"), "test_recovery");
  }

  void killedSessionRestored() {
    useRecoveryDir(QStringLiteral("killed"));
    const QString work = tmp_.path() + QStringLiteral("/killed-files");
    QDir().mkpath(work);
    const QString scene = copyScene(work);
    QVERIFY(!scene.isEmpty());
    const RobotLoadResult fileRobot = loadRobotFile((work + QStringLiteral("/planar2r.json")).toStdString());
    QVERIFY(fileRobot.ok());

    QProcess proc;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MANIPLAB_RECOVERY_DIR"), rec_);
    proc.setProcessEnvironment(env);
    proc.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    proc.start(QCoreApplication::applicationFilePath(),
               {QStringLiteral("--child"), scene, tmp_.path() + QStringLiteral("/child-settings")});
    QVERIFY(proc.waitForStarted());
    QVERIFY2(QTest::qWaitFor([&] { return proc.readAllStandardOutput().contains("READY") || proc.state() == QProcess::NotRunning; }, 120000) &&
                 proc.state() == QProcess::Running,
             qPrintable(QStringLiteral("the child did not edit (exit code %1)").arg(proc.exitCode())));
    const QStringList files = sessionFiles(rec_);
    QCOMPARE(files.size(), 1);
    const QString childFile = rec_ + QStringLiteral("/") + files.front();
    const RecoveredEdits kept = readSession(childFile);
    QCOMPARE(kept.pid, proc.processId());
    QVERIFY(kept.sceneModified);
    QCOMPARE(kept.scenePath, scene);
    QCOMPARE(kept.robotPath, work + QStringLiteral("/planar2r.json"));

    // A second instance while the first runs: nothing offered.
    {
      MainWindow second;
      Answer none;
      answerBox(QStringLiteral("recoveryOffer"), QStringLiteral("recoveryDiscard"), &none);
      QVERIFY(!second.offerRecovery());
      QVERIFY(!none.seen);
      QVERIFY(QFile::exists(childFile));
    }
    QVERIFY(QFile::exists(childFile));

    // SIGKILL: no destructor, no close event.
    proc.kill();
    QVERIFY(proc.waitForFinished(30000));
    QCOMPARE(proc.exitStatus(), QProcess::CrashExit);
    QVERIFY(QFile::exists(childFile));

    MainWindow w;
    w.show();
    Answer offer;
    answerBox(QStringLiteral("recoveryOffer"), QStringLiteral("recoveryRestore"), &offer, QStringLiteral("recovery_offer.png"));
    QVERIFY(w.offerRecovery());
    QVERIFY(offer.seen);
    // What and when.
    for (const QString& s : {QStringLiteral("Planar 2R: PID, PD + gravity and computed torque"), scene, QStringLiteral("Planar 2R"),
                             work + QStringLiteral("/planar2r.json"),
                             QLocale().toString(kept.savedAt.toLocalTime(), QLocale::ShortFormat)})
      QVERIFY2(offer.text.contains(s), qPrintable(s + QStringLiteral(" not in: ") + offer.text));

    // The edits, unsaved, titled after the original scene.
    auto* editor = w.findChild<ChainEditor*>(QStringLiteral("chainEditor"));
    auto* panel = w.findChild<ControlPanel*>(QStringLiteral("controlPanel"));
    QVERIFY(editor && panel);
    QCOMPARE(editor->cellText(1, QStringLiteral("a")), kEditedA);
    QCOMPARE(editor->description().joints[1].a, 0.75);
    QCOMPARE(robotToJson(editor->description()), kept.robotText.toStdString());
    QCOMPARE(panel->duration(), kEditedDuration);
    QVERIFY(w.isWindowModified());
    QVERIFY(w.windowTitle().startsWith(QStringLiteral("Planar 2R: PID")));
    // Undo goes back to the file's robot, redo to the recovered one.
    QAction* undo = action(w, "actionUndo");
    QVERIFY(undo && undo->isEnabled());
    undo->trigger();
    QCOMPARE(editor->description().joints[1].a, fileRobot.description.joints[1].a);
    action(w, "actionRedo")->trigger();
    QCOMPARE(editor->description().joints[1].a, 0.75);

    // The killed session's file is gone; this session keeps the edits in its own.
    QVERIFY(!QFile::exists(childFile));
    QTRY_COMPARE_WITH_TIMEOUT(sessionFiles(rec_).size(), qsizetype(1), 10000);
    QVERIFY(sessionFiles(rec_).front() != files.front());
    QVERIFY(readSession(rec_ + QStringLiteral("/") + sessionFiles(rec_).front()).sceneModified);

    // Save scene (the robot first): the recovery file goes, the files have the edits.
    action(w, "actionSaveScene")->trigger();
    QVERIFY(!w.isWindowModified());
    QCOMPARE(sessionFiles(rec_), QStringList());
    const RobotLoadResult saved = loadRobotFile((work + QStringLiteral("/planar2r.json")).toStdString());
    QVERIFY(saved.ok());
    QCOMPARE(saved.description.joints[1].a, 0.75);
    QFile sf(scene);
    QVERIFY(sf.open(QIODevice::ReadOnly));
    QVERIFY(sf.readAll().contains("\"duration\": 3.25"));
  }

  void writtenWhenSettledRemovedByUndoAndClose() {
    useRecoveryDir(QStringLiteral("close"));
    const QString work = tmp_.path() + QStringLiteral("/close-files");
    QDir().mkpath(work);
    const QString scene = copyScene(work);
    auto w = std::make_unique<MainWindow>();
    w->show();
    QVERIFY(w->openFile(scene));
    QCOMPARE(sessionFiles(rec_), QStringList());
    auto* editor = w->findChild<ChainEditor*>(QStringLiteral("chainEditor"));
    QString err;
    QVERIFY2(editor->editCell(1, QStringLiteral("a"), kEditedA, &err), qPrintable(err));
    QCOMPARE(sessionFiles(rec_), QStringList());  // not at once: once the edit settles
    QTRY_COMPARE_WITH_TIMEOUT(sessionFiles(rec_).size(), qsizetype(1), 10000);
    const RecoveredEdits r = readSession(rec_ + QStringLiteral("/") + sessionFiles(rec_).front());
    QVERIFY(!r.robotText.isEmpty());
    QVERIFY(!r.sceneModified);
    action(*w, "actionUndo")->trigger();  // back to the files: nothing to keep
    QCOMPARE(sessionFiles(rec_), QStringList());
    action(*w, "actionRedo")->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(sessionFiles(rec_).size(), qsizetype(1), 10000);

    // A run writes it before it starts (without waiting for the edits to settle).
    w->findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"))->setValue(0.05);
    QVERIFY(!readSession(rec_ + QStringLiteral("/") + sessionFiles(rec_).front()).sceneModified);
    action(*w, "actionRun")->trigger();
    const RecoveredEdits beforeRun = readSession(rec_ + QStringLiteral("/") + sessionFiles(rec_).front());
    QVERIFY(beforeRun.sceneModified);
    QVERIFY(beforeRun.sceneText.contains(QStringLiteral("0.05")));
    QTRY_VERIFY_WITH_TIMEOUT(action(*w, "actionRun")->isEnabled(), 60000);

    // A normal close: Discard at the unsaved-changes question removes the file and the lock.
    Answer question;
    answerBox(QString(), QStringLiteral("Discard"), &question);
    QVERIFY(w->close());
    QVERIFY(question.seen);
    QCOMPARE(sessionFiles(rec_), QStringList());
    w.reset();
    QCOMPARE(QDir(rec_).entryList(QDir::Files), QStringList());
  }

  void discardedOfferDeleted() {
    useRecoveryDir(QStringLiteral("discard"));
    QDir().mkpath(rec_);
    RecoveredEdits r;  // a session of a process that is gone (no lock left)
    r.sceneKind = QStringLiteral("serial");
    r.sceneName = QStringLiteral("lost scene");
    r.scenePath = QStringLiteral(MANIPLAB_SOURCE_DIR "/scenes/planar2r_teaching.json");
    r.sceneModified = true;
    r.savedAt = QDateTime::currentDateTimeUtc();
    const QString file = rec_ + QStringLiteral("/session-1-1.json");
    {
      QFile f(file);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(r.toJson());
    }
    MainWindow w;
    Answer offer;
    answerBox(QStringLiteral("recoveryOffer"), QStringLiteral("recoveryDiscard"), &offer);
    QVERIFY(!w.offerRecovery());
    QVERIFY(offer.seen);
    QVERIFY(offer.text.contains(QStringLiteral("lost scene")));
    QVERIFY(!QFile::exists(file));
    QVERIFY(!w.isWindowModified());
  }

  /// The Orthoglide's parameters are the robot document of its scenes: kept and restored the same way (the
  /// session's file taken over as a killed session's: no lock).
  void orthoglideParametersRestored() {
    useRecoveryDir(QStringLiteral("orthoglide"));
    const QString key = QStringLiteral("/platform/mass");
    QString kept;
    {
      MainWindow w;
      QVERIFY(w.openFile(QStringLiteral(MANIPLAB_SOURCE_DIR "/scenes/orthoglide_ctc_vs_pid.json")));
      auto* ed = w.findChild<OrthoglideEditor*>();
      QVERIFY(ed);
      QString err;
      QVERIFY2(ed->editValue(key, QStringLiteral("1.75"), &err), qPrintable(err));
      QTRY_COMPARE_WITH_TIMEOUT(sessionFiles(rec_).size(), qsizetype(1), 10000);
      const QString file = rec_ + QStringLiteral("/") + sessionFiles(rec_).front();
      QVERIFY(readSession(file).robotText.contains(QStringLiteral("1.75")));
      kept = rec_ + QStringLiteral("/session-1-2.json");
      QVERIFY(QFile::copy(file, kept));
      ed->editValue(key, QStringLiteral("2.5"), &err);  // (no question at the end: the destructor, not close())
    }
    MainWindow w;
    Answer offer;
    answerBox(QStringLiteral("recoveryOffer"), QStringLiteral("recoveryRestore"), &offer);
    QVERIFY(w.offerRecovery());
    QVERIFY2(offer.text.contains(QStringLiteral("/robots/orthoglide.json")), qPrintable(offer.text));  // its parameters file
    auto* ed = w.findChild<OrthoglideEditor*>();
    QCOMPARE(ed->valueText(key).toDouble(), 1.75);
    QVERIFY(ed->isModified());
    QVERIFY(w.isWindowModified());
    QVERIFY(!QFile::exists(kept));
  }

  void failedWriteReportedOnce() {
    QFile blocker(tmp_.path() + QStringLiteral("/blocker"));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    useRecoveryDir(QStringLiteral("blocker/recovery"));  // under a regular file: cannot be created
    MainWindow w;
    auto* messages = w.findChild<MessageArea*>(QStringLiteral("messageArea"));
    auto* duration = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
    QVERIFY(messages && duration);
    const int errors = messages->errorCount();
    duration->setValue(duration->value() + 1);
    QTRY_COMPARE_WITH_TIMEOUT(messages->errorCount(), errors + 1, 10000);
    QVERIFY2(messages->lastMessage().contains(QStringLiteral("recovery file")), qPrintable(messages->lastMessage()));
    duration->setValue(duration->value() + 1);
    QTest::qWait(2 * 1500 + 500);
    QCOMPARE(messages->errorCount(), errors + 1);  // once
    QVERIFY(w.isWindowModified());                  // the session goes on
  }
};

int main(int argc, char** argv) {
  if (argc >= 4 && QByteArray(argv[1]) == "--child") {
    QApplication app(argc, argv);
    return child(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
  }
  QApplication app(argc, argv);
  TestRecovery t;
  return QTest::qExec(&t, argc, argv);
}

#include "test_recovery.moc"
