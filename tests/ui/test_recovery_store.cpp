// The recovery files of unsaved edits (ui/recovery_store.hpp), Qt Core only: a session's file written
// (atomically: no temporary file left, a failure reported with the reason), read back and removed; a live
// session's file never offered to another store; the files of ended sessions (their process gone, or a
// previous process whose pid this one reuses) offered newest first and dismissed; a normal end removes its
// own file; a file that is not a recovery file left alone.
#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QProcess>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QtTest>

#include "maniplab/ui/recovery_store.hpp"

using namespace maniplab::ui;

namespace {

RecoveredEdits sample(const QString& scene, qint64 secsAgo = 0) {
  RecoveredEdits r;
  r.sceneKind = QStringLiteral("serial");
  r.sceneName = scene;
  r.scenePath = QStringLiteral("/tmp/") + scene + QStringLiteral(".json");
  r.sceneBaseDir = QStringLiteral("/tmp");
  r.sceneModified = true;
  r.sceneText = QStringLiteral("{\"format\": \"maniplab-scene\"}");
  r.robotName = QStringLiteral("Puma 560");
  r.robotPath = QStringLiteral("/tmp/puma560.json");
  r.robotText = QStringLiteral("{\"format\": \"maniplab-robot\", \"name\": \"Puma 560\"}");
  r.savedAt = QDateTime::currentDateTimeUtc().addSecs(-secsAgo);
  r.programVersion = QStringLiteral("1.2.3");
  r.pid = QCoreApplication::applicationPid();
  return r;
}

QStringList sessionFiles(const QString& dir, const QString& pattern = QStringLiteral("session-*.json")) {
  return QDir(dir).entryList({pattern}, QDir::Files);
}

/// The pid of a process that has ended (reaped).
qint64 deadPid() {
  QProcess p;
  p.start(QStringLiteral("true"), {});
  if (!p.waitForStarted()) return 0;
  const qint64 pid = p.processId();
  p.waitForFinished();
  return pid;
}

/// A session left by process `pid`: its file and a lock naming that process (QLockFile's format).
void leaveSession(const QString& dir, const QString& id, qint64 pid, const RecoveredEdits& r) {
  QFile f(dir + QStringLiteral("/") + id + QStringLiteral(".json"));
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(r.toJson());
  f.close();
  QFile l(dir + QStringLiteral("/") + id + QStringLiteral(".lock"));
  QVERIFY(l.open(QIODevice::WriteOnly));
  l.write(QByteArray::number(pid) + '\n' + QCoreApplication::applicationName().toUtf8() + '\n' +
          QSysInfo::machineHostName().toUtf8() + '\n');
}

}  // namespace

class TestRecoveryStore : public QObject {
  Q_OBJECT
 private slots:
  void writeReadRemove() {
    QTemporaryDir tmp;
    const QString dir = tmp.path() + QStringLiteral("/recovery");  // created by the store
    {
      RecoveryStore store(dir);
      QVERIFY(QFileInfo(store.filePath()).fileName().startsWith(QStringLiteral("session-%1-").arg(QCoreApplication::applicationPid())));
      QVERIFY(!QFile::exists(store.filePath()));  // nothing unsaved yet
      const RecoveredEdits r = sample(QStringLiteral("umis"));
      QString err;
      QVERIFY2(store.write(r, &err), qPrintable(err));
      QFile f(store.filePath());
      QVERIFY(f.open(QIODevice::ReadOnly));
      RecoveredEdits back;
      QVERIFY(RecoveredEdits::fromJson(f.readAll(), &back, &err));
      QCOMPARE(back.sceneKind, r.sceneKind);
      QCOMPARE(back.sceneName, r.sceneName);
      QCOMPARE(back.scenePath, r.scenePath);
      QCOMPARE(back.sceneBaseDir, r.sceneBaseDir);
      QCOMPARE(back.sceneText, r.sceneText);
      QCOMPARE(back.sceneModified, true);
      QCOMPARE(back.robotName, r.robotName);
      QCOMPARE(back.robotPath, r.robotPath);
      QCOMPARE(back.robotText, r.robotText);
      QCOMPARE(back.programVersion, r.programVersion);
      QCOMPARE(back.pid, r.pid);
      QCOMPARE(back.savedAt.toMSecsSinceEpoch(), r.savedAt.toMSecsSinceEpoch());
      // Written again (atomically: replaced, no temporary file left next to it).
      RecoveredEdits r2 = r;
      r2.robotText.clear();
      QVERIFY(store.write(r2, &err));
      QCOMPARE(QDir(dir).entryList({QStringLiteral("*.tmp-*")}, QDir::Files | QDir::Hidden), QStringList());
      QFile f2(store.filePath());
      QVERIFY(f2.open(QIODevice::ReadOnly));
      QVERIFY(RecoveredEdits::fromJson(f2.readAll(), &back, &err));
      QVERIFY(back.robotText.isEmpty());
      QVERIFY(back.hasEdits());  // the scene is still edited
      store.remove();
      QVERIFY(!QFile::exists(store.filePath()));
      QVERIFY(store.write(r, &err));
    }
    QCOMPARE(sessionFiles(dir), QStringList());  // a normal end removes the file
    QCOMPARE(sessionFiles(dir, QStringLiteral("*.lock")), QStringList());  // and its lock
  }

  void failedWriteSaysWhy() {
    QTemporaryDir tmp;
    QFile blocker(tmp.path() + QStringLiteral("/file"));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    RecoveryStore store(tmp.path() + QStringLiteral("/file/recovery"));  // under a regular file: cannot exist
    QString err;
    QVERIFY(!store.write(sample(QStringLiteral("x")), &err));
    QVERIFY2(err.contains(QStringLiteral("recovery file")) && err.contains(store.filePath()), qPrintable(err));
  }

  void liveSessionNotOffered() {
    QTemporaryDir tmp;
    RecoveryStore first(tmp.path());
    QVERIFY(first.write(sample(QStringLiteral("first"))));
    RecoveryStore second(tmp.path());
    QCOMPARE(second.orphans().size(), size_t(0));  // the first session is running
    QVERIFY(QFile::exists(first.filePath()));
  }

  void endedSessionsOfferedNewestFirst() {
    QTemporaryDir tmp;
    const qint64 gone = deadPid();
    QVERIFY(gone > 0);
    leaveSession(tmp.path(), QStringLiteral("session-%1-1").arg(gone), gone, sample(QStringLiteral("older"), 600));
    leaveSession(tmp.path(), QStringLiteral("session-%1-2").arg(gone), gone, sample(QStringLiteral("newer"), 60));
    // A previous process with this process's pid (a pid reused after a reboot or in a container).
    leaveSession(tmp.path(), QStringLiteral("session-%1-3").arg(QCoreApplication::applicationPid()),
                 QCoreApplication::applicationPid(), sample(QStringLiteral("reused"), 300));
    // A lock without a file (a session that ended abnormally with nothing unsaved), and a stray file.
    {
      QFile l(tmp.path() + QStringLiteral("/session-%1-4.lock").arg(gone));
      QVERIFY(l.open(QIODevice::WriteOnly));
      l.write(QByteArray::number(gone) + "\n");
    }
    {
      QFile junk(tmp.path() + QStringLiteral("/session-9-9.json"));
      QVERIFY(junk.open(QIODevice::WriteOnly));
      junk.write("not a recovery file");
    }
    RecoveryStore store(tmp.path());
    const std::vector<RecoveredEdits> found = store.orphans();
    QCOMPARE(found.size(), size_t(3));
    QCOMPARE(found[0].sceneName, QStringLiteral("newer"));
    QCOMPARE(found[1].sceneName, QStringLiteral("reused"));
    QCOMPARE(found[2].sceneName, QStringLiteral("older"));
    QVERIFY(!QFile::exists(tmp.path() + QStringLiteral("/session-%1-4.lock").arg(gone)));  // stale lock removed
    QVERIFY(QFile::exists(tmp.path() + QStringLiteral("/session-9-9.json")));             // not ours: kept
    // While this store holds them, another one does not offer them again.
    {
      RecoveryStore other(tmp.path());
      QCOMPARE(other.orphans().size(), size_t(0));
    }
    store.dismiss(found[0]);
    QVERIFY(!QFile::exists(found[0].file));
    QVERIFY(!QFile::exists(QString(found[0].file).replace(QStringLiteral(".json"), QStringLiteral(".lock"))));
    QVERIFY(QFile::exists(found[1].file));
  }

  void undecidedOffersComeBack() {
    QTemporaryDir tmp;
    const qint64 gone = deadPid();
    leaveSession(tmp.path(), QStringLiteral("session-%1-1").arg(gone), gone, sample(QStringLiteral("kept")));
    {
      RecoveryStore store(tmp.path());
      QCOMPARE(store.orphans().size(), size_t(1));
    }  // neither restored nor discarded
    RecoveryStore next(tmp.path());
    const std::vector<RecoveredEdits> again = next.orphans();
    QCOMPARE(again.size(), size_t(1));
    QCOMPARE(again[0].sceneName, QStringLiteral("kept"));
  }
};

QTEST_GUILESS_MAIN(TestRecoveryStore)
#include "test_recovery_store.moc"
