// The main window's scene document (main_window_impl.hpp): a scene shown through its kind's binding, the
// title and actions, the recent files, the shipped examples, a new scene, save (opening a file: main_window.cpp).
#include <QJsonDocument>
#include <QJsonObject>

#include "main_window_impl.hpp"

namespace maniplab::ui {

/// A scene was opened (or replaced): its kind's binding fills the views and editors.
void MainWindow::Impl::showScene() {
  runs.cancel();
  const sim::AnyScene* s = scene();
  if (!s) return;
  binding = &sceneKindUi(s->kind().name());
  useKindDocks();
  runs.clearRuns();
  metrics->clear();
  lastSceneText.clear();
  undo.clear();
  undo.setClean();
  showing = true;  // filling the panels is not an edit
  binding->show(*s, parts);
  showing = false;
  document.setModified(false);
  if (!parts.panelDock->isHidden()) parts.panelDock->raise();
  scopeSourcesFromScene();
  updateTitle();
  updateActions();
  editsChanged();  // another scene: the previous one's recovery file goes
}

/// The docks of the open kind's editors are shown (those it hid for another kind come back) and their
/// panels enabled; the other kinds' docks, which show the data of a scene no longer open, are hidden.
void MainWindow::Impl::useKindDocks() {
  const QList<QDockWidget*> mine = binding->docks(parts);
  std::vector<QDockWidget*> others;
  for (const SceneKindUi* k : sceneKindUis())
    for (QDockWidget* dw : k->docks(parts))
      if (!mine.contains(dw) && std::find(others.begin(), others.end(), dw) == others.end()) others.push_back(dw);
  for (QDockWidget* dw : others) {
    dw->widget()->setEnabled(false);
    if (!dw->isHidden()) {
      hiddenKindDocks.push_back(dw);
      dw->hide();
    }
  }
  for (QDockWidget* dw : mine) {
    dw->widget()->setEnabled(true);
    const auto it = std::find(hiddenKindDocks.begin(), hiddenKindDocks.end(), dw);
    if (it != hiddenKindDocks.end()) {
      hiddenKindDocks.erase(it);
      dw->show();
    }
  }
}

void MainWindow::Impl::updateTitle() {
  const QString name = document.hasScene() ? document.displayName() : MainWindow::tr("untitled");
  w->setWindowTitle(name + QStringLiteral("[*] - ManipLab"));
  w->setWindowModified(document.isModified() || (binding && binding->robotModified(parts)));
}

void MainWindow::Impl::updateActions() {
  const bool has = document.hasScene();
  const bool running = runs.isRunning();
  const bool robotDocument = has && binding && binding->hasRobotDocument();
  updateRunActions();  // Run, Pause
  stepAct->setEnabled(has);
  resetAct->setEnabled(has);
  exportCsvAct->setEnabled(!runs.lastRuns().empty());
  compareAct->setEnabled(!running && runs.lastRuns().size() >= 2);
  seqIdentAct->setEnabled(has && binding && binding->identifies());
  exportMetricsAct->setEnabled(!runs.lastRuns().empty());
  saveAct->setEnabled(robotDocument);
  saveAsAct->setEnabled(robotDocument);
  saveSceneAct->setEnabled(document.writable());
  saveSceneAsAct->setEnabled(document.writable());
  QString whyNot;
  const bool urdf = has && binding && binding->urdfExport(*scene(), parts, &whyNot).has_value();
  exportUrdfAct->setEnabled(urdf);
  exportUrdfAct->setToolTip(urdf ? exportUrdfAct->statusTip() : whyNot);
}

/// After a change of the kind's robot document: title, actions, the operation counts shown.
void MainWindow::Impl::refresh() {
  updateTitle();
  updateActions();
  editsChanged();
  if (algorithmsDialog && algorithmsDialog->isVisible()) updateAlgorithmsDialog();
}

void MainWindow::Impl::rebuildExamples() {
  examplesMenu->clear();
  const QString dir = dataDirectory() + QStringLiteral("/scenes");
  const QFileInfoList files = QDir(dir).entryInfoList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Name);
  for (const QFileInfo& fi : files) {
    // The scene's own name (its "name" field), else its file name.
    QString name;
    QFile f(fi.filePath());
    if (f.size() < (1 << 20) && f.open(QIODevice::ReadOnly))
      name = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("name")).toString();
    if (name.isEmpty()) name = fi.completeBaseName();
    QAction* a = examplesMenu->addAction(name);
    a->setObjectName(QStringLiteral("actionExample_") + fi.completeBaseName());
    a->setToolTip(fi.filePath());
    const QString path = fi.filePath();
    QObject::connect(a, &QAction::triggered, w, [this, path] {
      if (maybeSave()) openFile(path);
    });
  }
  examplesMenu->setEnabled(!files.isEmpty());
}

void MainWindow::Impl::rebuildRecent() {
  recentMenu->clear();
  const QStringList list = SceneDocument::recentFiles();
  for (int i = 0; i < list.size(); ++i) {
    auto* a = recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(list[i]).fileName()));
    a->setToolTip(list[i]);
    const QString p = list[i];
    QObject::connect(a, &QAction::triggered, w, [this, p] {
      if (maybeSave()) openFile(p);
    });
  }
  recentMenu->setEnabled(!list.isEmpty());
}

bool MainWindow::Impl::maybeSave() {
  const bool robotEdited = binding && binding->robotModified(parts);
  const bool sceneEdited = document.hasScene() && document.isModified();
  if (!robotEdited && !sceneEdited) return true;
  const auto r = QMessageBox::warning(w, MainWindow::tr("Unsaved changes"), binding->unsavedQuestion(robotEdited, sceneEdited),
                                      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (r == QMessageBox::Save) return sceneEdited ? saveScene() : saveRobot();  // the scene saves the robot first
  return r == QMessageBox::Discard;
}

void MainWindow::Impl::newScene() {
  std::vector<Diagnostic> diags;
  const bool ok = document.newScene(dataDirectory(), &diags);
  diagnostics(diags);
  if (!ok) return;
  parts.robotPath.clear();  // a new robot document (Save asks where)
  updateTitle();
}

bool MainWindow::Impl::saveRobot() { return scene() && binding->saveRobot(*scene(), parts, QString()); }
bool MainWindow::Impl::saveRobotAs() { return scene() && binding->saveRobotAs(*scene(), parts); }

bool MainWindow::Impl::saveScene() {
  if (document.path().isEmpty()) return saveSceneAs();
  return saveSceneTo(document.path());
}

bool MainWindow::Impl::saveSceneAs() {
  if (!document.writable()) return false;
  QString path = QFileDialog::getSaveFileName(
      w, MainWindow::tr("Save the scene"),
      document.path().isEmpty() ? dataDirectory() + QStringLiteral("/scenes/untitled.json") : document.path(),
      MainWindow::tr("Scenes (*.json)"));
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
  return saveSceneTo(path);
}

/// File > Save scene: the open scene with the editors' settings (trajectory, controllers and gains, rates,
/// stepper, duration, recorded channels...) as a scene file of its kind that its reader reads back to the
/// same scene (checked by the reader first, then written atomically). The kind's robot document is saved
/// first (the scene names its file). A failure keeps the previous file and says why in the message area.
bool MainWindow::Impl::saveSceneTo(const QString& path) {
  if (!document.writable()) return false;
  const QString failed = MainWindow::tr("%1: the scene was not saved (an existing file is left unchanged): %2");
  QString why;
  std::shared_ptr<sim::AnyScene> edited = binding->edited(*scene(), parts, &why);
  if (!edited) {
    error(failed.arg(path, why));
    return false;
  }
  if (!binding->beforeSceneSave(*edited, parts, path)) return false;
  if (!document.save(edited, path, &why)) {
    error(failed.arg(path, why));
    return false;
  }
  info(MainWindow::tr("Scene saved to %1").arg(path));
  updateTitle();
  return true;
}

/// File > Export URDF: the scene's serial chain as the chain editor holds it (unsaved edits included),
/// written by the function of maniplab-cli urdf-export (exportUrdfFile, model/urdf), mesh paths re-anchored
/// to the new file.
void MainWindow::Impl::exportUrdf() {
  if (!scene() || !binding) return;
  const QString robot = parts.robotPath.isEmpty() ? QString() : QFileInfo(parts.robotPath).completeBaseName();
  const QString start = (parts.robotPath.isEmpty() ? dataDirectory() + QStringLiteral("/robots")
                                                   : QFileInfo(parts.robotPath).absolutePath()) +
                        QStringLiteral("/") + (robot.isEmpty() ? QStringLiteral("robot") : robot) + QStringLiteral(".urdf");
  QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the robot as URDF"), start,
                                              MainWindow::tr("URDF robots (*.urdf)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".urdf");
  exportUrdfTo(path);
}

bool MainWindow::Impl::exportUrdfTo(const QString& path) {
  QString whyNot;
  const std::optional<UrdfExportSource> src = binding->urdfExport(*scene(), parts, &whyNot);
  if (!src) {
    error(MainWindow::tr("%1: the URDF was not exported: %2").arg(path, whyNot));
    return false;
  }
  const std::string err = exportUrdfFile(src->description, src->sourceFile, path.toStdString());
  if (!err.empty()) {
    error(MainWindow::tr("%1: the URDF was not exported (an existing file is left unchanged): %2").arg(path, q(err)));
    return false;
  }
  info(MainWindow::tr("Robot exported as URDF to %1 (%n joint(s))", "", int(src->description.joints.size())).arg(path));
  return true;
}

}  // namespace maniplab::ui
