// The recovery files of unsaved edits (recovery_store.hpp).
#include "maniplab/ui/recovery_store.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QMutex>
#include <QSet>
#include <QStandardPaths>
#include <algorithm>

#include "maniplab/model/atomic_file.hpp"

namespace maniplab::ui {

namespace {

constexpr const char* kFormat = "maniplab-recovery";

/// The sessions of this process (a lock with this process's pid and another id is a previous process's
/// whose pid was reused).
QSet<QString>& liveSessions() {
  static QSet<QString> ids;
  return ids;
}
QMutex& liveSessionsMutex() {
  static QMutex m;
  return m;
}

}  // namespace

QByteArray RecoveredEdits::toJson() const {
  QJsonObject o;
  o[QStringLiteral("format")] = QString::fromLatin1(kFormat);
  o[QStringLiteral("version")] = 1;
  o[QStringLiteral("program_version")] = programVersion;
  o[QStringLiteral("pid")] = pid;
  o[QStringLiteral("saved_at")] = savedAt.toUTC().toString(Qt::ISODateWithMs);
  QJsonObject scene{{QStringLiteral("kind"), sceneKind},       {QStringLiteral("name"), sceneName},
                    {QStringLiteral("file"), scenePath},       {QStringLiteral("base_dir"), sceneBaseDir},
                    {QStringLiteral("modified"), sceneModified}, {QStringLiteral("text"), sceneText}};
  o[QStringLiteral("scene")] = scene;
  if (robotText.isEmpty())
    o[QStringLiteral("robot")] = QJsonValue::Null;
  else
    o[QStringLiteral("robot")] = QJsonObject{
        {QStringLiteral("name"), robotName}, {QStringLiteral("file"), robotPath}, {QStringLiteral("text"), robotText}};
  return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

bool RecoveredEdits::fromJson(const QByteArray& json, RecoveredEdits* out, QString* error) {
  QJsonParseError pe;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
  auto fail = [error](const QString& why) {
    if (error) *error = why;
    return false;
  };
  if (!doc.isObject()) return fail(pe.errorString());
  const QJsonObject o = doc.object();
  if (o.value(QStringLiteral("format")).toString() != QLatin1String(kFormat)) return fail(QStringLiteral("not a recovery file"));
  if (o.value(QStringLiteral("version")).toInt() != 1) return fail(QStringLiteral("unknown recovery file version"));
  RecoveredEdits r;
  r.programVersion = o.value(QStringLiteral("program_version")).toString();
  r.pid = o.value(QStringLiteral("pid")).toInteger();
  r.savedAt = QDateTime::fromString(o.value(QStringLiteral("saved_at")).toString(), Qt::ISODateWithMs);
  const QJsonObject s = o.value(QStringLiteral("scene")).toObject();
  r.sceneKind = s.value(QStringLiteral("kind")).toString();
  r.sceneName = s.value(QStringLiteral("name")).toString();
  r.scenePath = s.value(QStringLiteral("file")).toString();
  r.sceneBaseDir = s.value(QStringLiteral("base_dir")).toString();
  r.sceneModified = s.value(QStringLiteral("modified")).toBool();
  r.sceneText = s.value(QStringLiteral("text")).toString();
  const QJsonObject robot = o.value(QStringLiteral("robot")).toObject();
  r.robotName = robot.value(QStringLiteral("name")).toString();
  r.robotPath = robot.value(QStringLiteral("file")).toString();
  r.robotText = robot.value(QStringLiteral("text")).toString();
  *out = r;
  return true;
}

QString RecoveryStore::defaultDirectory() {
  const QString env = qEnvironmentVariable("MANIPLAB_RECOVERY_DIR");
  if (!env.isEmpty()) return QDir::cleanPath(env);
  return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/recovery");
}

RecoveryStore::RecoveryStore(const QString& directory) : dir_(QDir::cleanPath(directory)) {
  QDir().mkpath(dir_);
  id_ = QStringLiteral("session-%1-%2").arg(QCoreApplication::applicationPid()).arg(QDateTime::currentMSecsSinceEpoch());
  {
    const QMutexLocker lock(&liveSessionsMutex());
    while (liveSessions().contains(id_)) id_ += QStringLiteral("x");  // two windows in one millisecond
    liveSessions().insert(id_);
  }
  file_ = dir_ + QStringLiteral("/") + id_ + QStringLiteral(".json");
  lock_ = std::make_unique<QLockFile>(dir_ + QStringLiteral("/") + id_ + QStringLiteral(".lock"));
  lock_->setStaleLockTime(0);  // held for the whole session: stale only when its process is gone
  lock_->tryLock(0);           // (without it, the session's file would look like an orphan to others)
}

RecoveryStore::~RecoveryStore() {
  remove();
  lock_->unlock();
  for (auto& l : claimed_) l->unlock();
  const QMutexLocker lock(&liveSessionsMutex());
  liveSessions().remove(id_);
}

bool RecoveryStore::write(const RecoveredEdits& edits, QString* error) {
  QDir().mkpath(dir_);
  const QByteArray bytes = edits.toJson();
  const std::string err = tryWriteFileAtomically(file_.toStdString(), std::string_view(bytes.constData(), size_t(bytes.size())),
                                                 "recovery file");
  if (!err.empty() && error) *error = QString::fromStdString(err);
  return err.empty();
}

void RecoveryStore::remove() { QFile::remove(file_); }

std::vector<RecoveredEdits> RecoveryStore::orphans() {
  std::vector<RecoveredEdits> found;
  const QDir dir(dir_);
  const qint64 self = QCoreApplication::applicationPid();
  auto lockOf = [&](const QString& id) {
    auto l = std::make_unique<QLockFile>(dir.filePath(id + QStringLiteral(".lock")));
    l->setStaleLockTime(0);
    qint64 pid = 0;
    QString host, app;
    bool live = false;
    {
      const QMutexLocker lock(&liveSessionsMutex());
      live = liveSessions().contains(id);
    }
    // A lock of this pid that is not a session of this process: a previous process's, pid reused.
    if (!live && l->getLockInfo(&pid, &host, &app) && pid == self) l->removeStaleLockFile();
    if (live || !l->tryLock(0)) l.reset();
    return l;
  };
  for (const QString& name : dir.entryList({QStringLiteral("session-*.json")}, QDir::Files)) {
    const QString id = QFileInfo(name).completeBaseName();
    if (id == id_) continue;
    std::unique_ptr<QLockFile> l = lockOf(id);
    if (!l) continue;  // its session is running
    QFile f(dir.filePath(name));
    RecoveredEdits r;
    if (!f.open(QIODevice::ReadOnly) || !RecoveredEdits::fromJson(f.readAll(), &r)) {
      l->unlock();  // not ours to judge: left as it is
      continue;
    }
    r.file = f.fileName();
    found.push_back(r);
    claimed_.push_back(std::move(l));
  }
  // Locks left by sessions that ended abnormally with nothing unsaved.
  for (const QString& name : dir.entryList({QStringLiteral("session-*.lock")}, QDir::Files)) {
    const QString id = QFileInfo(name).completeBaseName();
    if (id == id_ || dir.exists(id + QStringLiteral(".json"))) continue;
    if (std::unique_ptr<QLockFile> l = lockOf(id)) l->unlock();
  }
  std::sort(found.begin(), found.end(), [](const RecoveredEdits& a, const RecoveredEdits& b) { return a.savedAt > b.savedAt; });
  return found;
}

void RecoveryStore::dismiss(const RecoveredEdits& orphan) {
  if (orphan.file.isEmpty()) return;
  QFile::remove(orphan.file);
  const QString lockPath = QFileInfo(orphan.file).absolutePath() + QStringLiteral("/") +
                           QFileInfo(orphan.file).completeBaseName() + QStringLiteral(".lock");
  for (auto it = claimed_.begin(); it != claimed_.end(); ++it) {
    if ((*it)->fileName() == lockPath) {
      (*it)->unlock();
      claimed_.erase(it);
      return;
    }
  }
}

}  // namespace maniplab::ui
