// Edits survive a crash (main_window_impl.hpp, recovery_store.hpp): the window keeps its unsaved robot
// and scene edits in its session's recovery file, written atomically kRecoveryDelayMs after the last edit
// and before each run, removed once nothing is unsaved (a save, an undo back to the files, another scene
// opened after Discard, a normal close); the next start offers the edits of a session that did not end
// normally, restored as unsaved edits of their original files.
#include <QPushButton>

#include "main_window_impl.hpp"

namespace maniplab::ui {

/// This session's recovery file and the signals that say the edits changed (after connectDocument()).
void MainWindow::Impl::startRecovery() {
  recovery = std::make_unique<RecoveryStore>();
  recoveryTimer.setSingleShot(true);
  recoveryTimer.setInterval(kRecoveryDelayMs);
  QObject::connect(&recoveryTimer, &QTimer::timeout, w, [this] { writeRecovery(); });
  QObject::connect(&document, &SceneDocument::modifiedChanged, w, [this] { editsChanged(); });
  QObject::connect(&undo, &QUndoStack::indexChanged, w, [this] { editsChanged(); });
  QObject::connect(&undo, &QUndoStack::cleanChanged, w, [this] { editsChanged(); });
  QObject::connect(parts.panel, &ControlPanel::settingsChanged, w, [this] { editsChanged(); });
}

/// The window's unsaved edits (the scene as the editors made it, the kind's robot document); false when
/// there are none.
bool MainWindow::Impl::unsavedEdits(RecoveredEdits* out) {
  if (!document.hasScene() || !binding) return false;
  const bool sceneEdited = document.isModified();
  const SceneKindUi::RobotRecovery robot = binding->robotRecovery(parts);
  if (!sceneEdited && robot.text.isEmpty()) return false;
  RecoveredEdits r;
  r.sceneKind = document.kindName();
  r.sceneName = document.displayName();
  r.scenePath = document.path();
  r.sceneBaseDir = r.scenePath.isEmpty() ? dataDirectory() + QStringLiteral("/scenes") : QFileInfo(r.scenePath).absolutePath();
  r.sceneModified = sceneEdited;
  if (document.writable()) {
    try {
      QString why;
      if (const std::shared_ptr<sim::AnyScene> edited = binding->edited(*scene(), parts, &why))
        lastSceneText = q(edited->toJson(r.sceneBaseDir.toStdString()).dump(2));
    } catch (const std::exception&) {  // a setting the format cannot express: the last text that could be written
    }
    r.sceneText = lastSceneText;
  }
  r.robotName = robot.name;
  r.robotPath = robot.path;
  r.robotText = robot.text;
  r.savedAt = QDateTime::currentDateTimeUtc();
  r.programVersion = QCoreApplication::applicationVersion();
  r.pid = QCoreApplication::applicationPid();
  *out = r;
  return true;
}

/// An edit, a save or an undo: nothing unsaved removes the file now, else it is written once the edits
/// settle (the timer restarts at each edit).
void MainWindow::Impl::editsChanged() {
  if (!recovery || recoveryClosed || showing) return;
  const bool unsaved = document.hasScene() && (document.isModified() || (binding && binding->robotModified(parts)));
  if (!unsaved) {
    recoveryTimer.stop();
    recovery->remove();
    return;
  }
  recoveryTimer.start();
}

void MainWindow::Impl::writeRecovery() {
  recoveryTimer.stop();
  if (!recovery || recoveryClosed) return;
  RecoveredEdits r;
  if (!unsavedEdits(&r)) {
    recovery->remove();
    return;
  }
  QString why;
  if (recovery->write(r, &why)) {
    recoveryFailed = false;
    return;
  }
  if (!recoveryFailed)  // once: the session goes on
    error(MainWindow::tr("The unsaved edits could not be kept in the recovery file %1 (they would be lost if ManipLab "
                         "ended abnormally; saving them is unaffected): %2")
              .arg(recovery->filePath(), why));
  recoveryFailed = true;
}

/// A normal close (after the unsaved-changes question): the file goes, and nothing more is written.
void MainWindow::Impl::closeRecovery() {
  recoveryTimer.stop();
  recoveryClosed = true;
  if (recovery) recovery->remove();
}

QString MainWindow::Impl::recoveryText(const RecoveredEdits& r) const {
  const QString never = MainWindow::tr("never saved");
  QStringList lines;
  lines << MainWindow::tr("ManipLab did not end normally. Unsaved edits of that session were kept on %1:")
               .arg(QLocale().toString(r.savedAt.toLocalTime(), QLocale::ShortFormat));
  if (r.sceneModified)
    lines << MainWindow::tr("• the scene \"%1\" (%2)").arg(r.sceneName, r.scenePath.isEmpty() ? never : r.scenePath);
  if (!r.robotText.isEmpty())
    lines << MainWindow::tr("• the robot \"%1\" (%2) of the scene \"%3\"")
                 .arg(r.robotName, r.robotPath.isEmpty() ? never : r.robotPath, r.sceneName);
  return lines.join(QLatin1Char('\n'));
}

bool MainWindow::Impl::offerRecovery() {
  if (!recovery) return false;
  for (const RecoveredEdits& r : recovery->orphans()) {
    if (!r.hasEdits()) {
      recovery->dismiss(r);
      continue;
    }
    QMessageBox box(QMessageBox::Question, MainWindow::tr("Recover unsaved edits"), recoveryText(r), QMessageBox::NoButton, w);
    box.setObjectName("recoveryOffer");
    box.setInformativeText(MainWindow::tr("Restore them? They come back as unsaved edits of their files: save them to "
                                          "keep them. Discard deletes them."));
    QPushButton* restore = box.addButton(MainWindow::tr("Restore"), QMessageBox::AcceptRole);
    restore->setObjectName("recoveryRestore");
    QPushButton* discard = box.addButton(MainWindow::tr("Discard"), QMessageBox::DestructiveRole);
    discard->setObjectName("recoveryDiscard");
    box.setDefaultButton(restore);
    box.exec();
    if (box.clickedButton() == restore) {
      if (!restoreEdits(r)) return false;  // kept for the next start (the reason is in the messages)
      writeRecovery();                     // this session holds them now
      recovery->dismiss(r);
      return true;
    }
    if (box.clickedButton() == discard) recovery->dismiss(r);
    // (closed without an answer: kept, offered again at the next start)
  }
  return false;
}

/// The recovered scene (its text, read by its kind's reader with the paths of its original file) replaces
/// the open one; the robot's edits go back into the kind's editor as an undoable edit; both stay unsaved.
bool MainWindow::Impl::restoreEdits(const RecoveredEdits& r) {
  const QString kept = MainWindow::tr("The recovered edits were not restored (the recovery file %1 is kept): %2");
  if (!r.sceneText.isEmpty()) {
    const std::string fileName = r.scenePath.isEmpty() ? std::string("untitled.json") : r.scenePath.toStdString();
    sim::SceneLoad load = sim::parseAnyScene(r.sceneText.toStdString(), fileName, r.sceneBaseDir.toStdString());
    diagnostics(load.diagnostics);
    if (!load.ok()) {
      error(kept.arg(r.file, MainWindow::tr("the scene does not read (see the messages above)")));
      return false;
    }
    document.setScene(std::move(load.scene), r.scenePath);
  } else if (r.scenePath.isEmpty() || !openFile(r.scenePath)) {
    error(kept.arg(r.file, MainWindow::tr("its scene cannot be opened")));
    return false;
  }
  if (!r.robotText.isEmpty()) {
    QString why;
    if (!binding->restoreRobot(r.robotText, parts, &why)) {
      error(kept.arg(r.file, why));
      return false;
    }
  }
  if (r.sceneModified) document.setModified(true);
  info(MainWindow::tr("Unsaved edits of %1 restored: save them to keep them").arg(document.displayName()));
  refresh();
  return true;
}

bool MainWindow::offerRecovery() { return d->offerRecovery(); }

}  // namespace maniplab::ui
