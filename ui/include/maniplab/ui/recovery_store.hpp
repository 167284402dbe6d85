#pragma once
// Edits survive a crash (Qt Core only): the unsaved robot and scene edits of a running window are kept in
// a recovery file of its own session, written atomically (model/atomic_file.hpp) by the window after an
// edit settles and before each run, and removed when nothing is unsaved any more (a save, an undo back to
// the file, a normal close). A session is a pair of files in the recovery directory:
//   session-<pid>-<start ms>.lock  a QLockFile held while the window lives (no stale time: it is stale
//                                  only when its process is gone, or a process of another program reuses
//                                  the pid);
//   session-<pid>-<start ms>.json  {"format": "maniplab-recovery", "version": 1, "program_version",
//                                  "pid", "saved_at" (ISO 8601, UTC), "scene": {"kind", "name", "file"
//                                  (the original, empty: never saved), "base_dir" (resolves its paths),
//                                  "modified", "text" (the scene as the editors made it, a scene file of
//                                  its kind)}, "robot": {"name", "file", "text" (a robot file)} or null}.
// A session file whose lock can be taken belongs to a session that did not end normally (killed, crashed,
// power cut): orphans() lists those, and the next start offers them (MainWindow::offerRecovery). A running
// instance holds its lock, so a second instance never offers the first one's live file.
// The directory: $MANIPLAB_RECOVERY_DIR, else QStandardPaths::AppLocalDataLocation/recovery
// (~/.local/share/ManipLab/ManipLab/recovery).
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

class QLockFile;

namespace maniplab::ui {

/// The unsaved edits of one session.
struct RecoveredEdits {
  QString sceneKind, sceneName, scenePath, sceneBaseDir, sceneText;  ///< sceneText empty: no scene text
  bool sceneModified = false;  ///< the scene itself was edited (else only its robot)
  QString robotName, robotPath, robotText;  ///< robotText empty: no robot edits
  QDateTime savedAt;                        ///< when they were written (UTC)
  QString programVersion;
  qint64 pid = 0;
  QString file;  ///< the session file it was read from (orphans())

  bool hasEdits() const { return sceneModified || !robotText.isEmpty(); }
  QByteArray toJson() const;
  /// Reads a session file's content; false (and *error) when it is not one.
  static bool fromJson(const QByteArray& json, RecoveredEdits* out, QString* error = nullptr);
};

class RecoveryStore {
 public:
  /// The directory of the sessions ($MANIPLAB_RECOVERY_DIR, else AppLocalDataLocation/recovery).
  static QString defaultDirectory();

  /// Opens this session in `directory` (created when missing) and takes its lock.
  explicit RecoveryStore(const QString& directory = defaultDirectory());
  /// A normal end: this session's file and lock are removed.
  ~RecoveryStore();
  RecoveryStore(const RecoveryStore&) = delete;
  RecoveryStore& operator=(const RecoveryStore&) = delete;

  QString directory() const { return dir_; }
  /// This session's recovery file (it exists only while there are unsaved edits).
  QString filePath() const { return file_; }

  /// Writes `edits` to this session's file atomically (the previous content is kept on failure); false and
  /// *error (the file system's reason) when it could not be written.
  bool write(const RecoveredEdits& edits, QString* error = nullptr);
  /// Nothing unsaved: removes this session's file.
  void remove();

  /// The files of sessions that ended abnormally (their lock is free), newest first; their locks are
  /// taken (and kept by this store) so that another instance does not offer them at the same time.
  /// Unreadable session files are skipped (kept), empty stale locks removed.
  std::vector<RecoveredEdits> orphans();
  /// Removes an orphan's file and lock (restored or discarded).
  void dismiss(const RecoveredEdits& orphan);

 private:
  QString dir_, id_, file_;
  std::unique_ptr<QLockFile> lock_;
  std::vector<std::unique_ptr<QLockFile>> claimed_;  ///< locks of the orphans listed
};

}  // namespace maniplab::ui
