// The ManipLab main window (see main_window.hpp): it builds the 3D view, the docks, the menus and the
// actions, connects them to the scene document, the run controller and the scene kinds' bindings, and
// takes the window's events. The operations are in main_window_scene.cpp, main_window_runs.cpp and
// main_window_texts.cpp (main_window_impl.hpp).
#include "maniplab/ui/diagnostic_text.hpp"
#include "main_window_impl.hpp"

#ifndef MANIPLAB_SOURCE_DATA_DIR
#define MANIPLAB_SOURCE_DATA_DIR "."
#endif

namespace maniplab::ui {

/// Where the shipped robots/ and scenes/ are: $MANIPLAB_DATA_DIR, else <exe>/../share/maniplab, else the
/// source tree (compile definition).
QString dataDirectory() {
  auto has = [](const QString& d) { return !d.isEmpty() && QFileInfo::exists(d + QStringLiteral("/scenes/default.json")); };
  const QString env = qEnvironmentVariable("MANIPLAB_DATA_DIR");
  if (has(env)) return QDir::cleanPath(env);
  const QString share = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/maniplab");
  if (has(share)) return QDir::cleanPath(share);
  return QDir::cleanPath(QStringLiteral(MANIPLAB_SOURCE_DATA_DIR));
}

namespace {

/// Files the window opens (menu, recent files, drag and drop): scenes and robots (.json), URDF robots.
bool isOpenableFile(const QString& path) {
  return path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive) || isUrdfPath(path.toStdString());
}

/// The first openable local file of a drag or a drop, empty when none.
QString droppedFile(const QMimeData* mime) {
  if (mime && mime->hasUrls())
    for (const QUrl& u : mime->urls())
      if (u.isLocalFile() && isOpenableFile(u.toLocalFile())) return u.toLocalFile();
  return {};
}

}  // namespace

// ===== Building the window ============================================================================

/// The language (saved choice, else the system locale) is installed before any widget is built, so that
/// widgets which translate their texts only once, at construction, start in that language too.
QString MainWindow::Impl::installStartLanguage() {
  const QString saved = QSettings().value(QStringLiteral("language")).toString();
  const QString lang = !saved.isEmpty()                                     ? saved
                       : QLocale::system().language() == QLocale::French ? QStringLiteral("fr")
                                                                          : QStringLiteral("en");
  if (translator.load(QStringLiteral(":/i18n/maniplab_%1.qm").arg(lang))) QCoreApplication::installTranslator(&translator);
  return lang;
}

QDockWidget* MainWindow::Impl::dock(const char* name, QWidget* content, Qt::DockWidgetArea area) {
  auto* dw = new QDockWidget(w);
  dw->setObjectName(QString::fromLatin1(name));
  dw->setWidget(content);
  w->addDockWidget(area, dw);
  return dw;
}

/// The window's own parts (the 3D view, the control panel, the scope, metrics, messages, conservation),
/// and the scene kinds' editors and docks, which each binding builds (buildDocks).
void MainWindow::Impl::buildDocks() {
  WindowParts& p = parts;
  p.window = w;
  p.document = &document;
  p.undo = &undo;
  p.view = new RobotView(w);
  p.view->setObjectName("robotView");
  w->setCentralWidget(p.view);

  p.panel = new ControlPanel(w);
  p.panel->setObjectName("controlPanel");
  p.panelDock = dock("controlPanelDock", p.panel, Qt::RightDockWidgetArea);
  for (const SceneKindUi* k : sceneKindUis()) k->buildDocks(p);
  p.panelDock->raise();

  scope = new ScopeWidget(w);
  scope->setObjectName("scope");
  scope->setMinimumHeight(220);
  scopeDock = dock("scopeDock", scope, Qt::BottomDockWidgetArea);
  metrics = new MetricsView(w);
  metrics->setObjectName("metricsView");
  metricsDock = dock("metricsDock", metrics, Qt::BottomDockWidgetArea);
  messages = new MessageArea(w);
  messages->setObjectName("messageArea");
  messageDock = dock("messageDock", messages, Qt::BottomDockWidgetArea);
  conservation = new ConservationPanel(w);
  conservation->setObjectName("conservationPanel");
  conservationDock = dock("conservationDock", scrolled(conservation), Qt::BottomDockWidgetArea);
  w->splitDockWidget(scopeDock, metricsDock, Qt::Horizontal);
  w->tabifyDockWidget(metricsDock, messageDock);
  w->tabifyDockWidget(messageDock, conservationDock);
  metricsDock->raise();
  w->resizeDocks({scopeDock, metricsDock}, {3, 2}, Qt::Horizontal);
}

void MainWindow::Impl::buildStatusBar() {
  statusLabel = new QLabel(w);
  statusLabel->setObjectName("statusLabel");
  w->statusBar()->addWidget(statusLabel, 1);
  progressBar = new QProgressBar(w);
  progressBar->setMaximumWidth(200);
  progressBar->setRange(0, 100);
  progressBar->hide();
  w->statusBar()->addPermanentWidget(progressBar);
}

QAction* MainWindow::Impl::action(const char* name, const QKeySequence& key) {
  auto* a = new QAction(w);
  a->setObjectName(QString::fromLatin1(name));
  if (!key.isEmpty()) a->setShortcut(key);
  return a;
}

void MainWindow::Impl::buildFileMenu() {
  fileMenu = w->menuBar()->addMenu(QString());
  fileMenu->setObjectName("menuFile");
  newAct = action("actionNew", QKeySequence::New);
  newAct->setIcon(w->style()->standardIcon(QStyle::SP_FileIcon));
  openAct = action("actionOpen", QKeySequence::Open);
  openAct->setIcon(w->style()->standardIcon(QStyle::SP_DialogOpenButton));
  importUrdfAct = action("actionImportUrdf", QKeySequence(Qt::CTRL | Qt::Key_I));
  saveAct = action("actionSave", QKeySequence::Save);
  saveAct->setIcon(w->style()->standardIcon(QStyle::SP_DialogSaveButton));
  saveAsAct = action("actionSaveAs", QKeySequence::SaveAs);
  exportUrdfAct = action("actionExportUrdf");
  saveSceneAct = action("actionSaveScene", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
  saveSceneAsAct = action("actionSaveSceneAs", QKeySequence(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_S));
  exportCsvAct = action("actionExportCsv", QKeySequence(Qt::CTRL | Qt::Key_E));
  exportPlotAct = action("actionExportPlot", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
  exportMetricsAct = action("actionExportMetrics");
  quitAct = action("actionQuit", QKeySequence::Quit);
  fileMenu->addAction(newAct);
  fileMenu->addAction(openAct);
  fileMenu->addAction(importUrdfAct);
  examplesMenu = fileMenu->addMenu(QString());
  examplesMenu->setObjectName("menuExamples");
  examplesMenu->setToolTipsVisible(true);  // each example's file
  recentMenu = fileMenu->addMenu(QString());
  recentMenu->setObjectName("menuRecent");
  fileMenu->addAction(saveSceneAct);
  fileMenu->addAction(saveSceneAsAct);
  fileMenu->addAction(saveAct);
  fileMenu->addAction(saveAsAct);
  fileMenu->addAction(exportUrdfAct);
  fileMenu->setToolTipsVisible(true);  // a disabled Export URDF says why
  fileMenu->addSeparator();
  exportMenu = fileMenu->addMenu(QString());
  exportMenu->setObjectName("menuExport");
  exportMenu->addAction(exportCsvAct);
  exportMenu->addAction(exportPlotAct);
  exportMenu->addAction(exportMetricsAct);
  fileMenu->addSeparator();
  fileMenu->addAction(quitAct);
}

void MainWindow::Impl::buildEditMenu() {
  editMenu = w->menuBar()->addMenu(QString());
  editMenu->setObjectName("menuEdit");
  undoAct = undo.createUndoAction(w);
  undoAct->setObjectName("actionUndo");
  undoAct->setShortcut(QKeySequence::Undo);
  redoAct = undo.createRedoAction(w);
  redoAct->setObjectName("actionRedo");
  redoAct->setShortcut(QKeySequence::Redo);
  editMenu->addAction(undoAct);
  editMenu->addAction(redoAct);
}

void MainWindow::Impl::buildSimulationMenu() {
  simMenu = w->menuBar()->addMenu(QString());
  simMenu->setObjectName("menuSimulation");
  runAct = action("actionRun", QKeySequence(Qt::CTRL | Qt::Key_R));
  runAct->setIcon(w->style()->standardIcon(QStyle::SP_MediaPlay));
  pauseAct = action("actionPause", QKeySequence(Qt::CTRL | Qt::Key_P));
  pauseAct->setCheckable(true);
  pauseAct->setIcon(w->style()->standardIcon(QStyle::SP_MediaPause));
  stepAct = action("actionStep", QKeySequence(Qt::CTRL | Qt::Key_T));
  stepAct->setIcon(w->style()->standardIcon(QStyle::SP_MediaSeekForward));
  resetAct = action("actionReset", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
  resetAct->setIcon(w->style()->standardIcon(QStyle::SP_MediaStop));
  for (QAction* a : {runAct, pauseAct, stepAct, resetAct}) simMenu->addAction(a);
  compareAct = action("actionCompareOnScope", QKeySequence(Qt::CTRL | Qt::Key_K));
  simMenu->addAction(compareAct);
  seqIdentAct = action("actionSequentialIdentification");
  simMenu->addAction(seqIdentAct);
  simMenu->addSeparator();
  speedMenu = simMenu->addMenu(QString());
  speedMenu->setObjectName("menuSpeed");
  auto* speedGroup = new QActionGroup(w);
  const double speeds[] = {0.1, 0.5, 1.0, 2.0, 10.0, 0.0};
  const char* names[] = {"actionSpeed0_1", "actionSpeed0_5", "actionSpeed1", "actionSpeed2", "actionSpeed10", "actionSpeedMax"};
  for (int i = 0; i < 6; ++i) {
    auto* a = action(names[i]);
    a->setCheckable(true);
    a->setData(speeds[i]);
    speedGroup->addAction(a);
    speedMenu->addAction(a);
    speedActs.push_back(a);
    QObject::connect(a, &QAction::triggered, w, [this, v = speeds[i]] { runs.setSpeed(v); });
  }
  speedActs[2]->setChecked(true);
}

void MainWindow::Impl::buildViewMenu() {
  viewMenu = w->menuBar()->addMenu(QString());
  viewMenu->setObjectName("menuView");
  std::vector<QDockWidget*> docks{parts.panelDock};  // the window's docks and the kinds' (their order of building)
  for (const KindDock& k : parts.kindDocks) docks.push_back(k.dock);
  docks.insert(docks.end(), {scopeDock, metricsDock, messageDock, conservationDock});
  for (QDockWidget* dw : docks) {
    auto* a = dw->toggleViewAction();
    a->setObjectName(QStringLiteral("toggle_") + dw->objectName());
    viewMenu->addAction(a);
  }
  viewMenu->addSeparator();
  RobotView* view = parts.view;
  framesAct = action("actionShowFrames");
  comAct = action("actionShowCom");
  axesAct = action("actionShowAxes");
  gridAct = action("actionShowFloorGrid");
  desiredTrailAct = action("actionShowDesiredTrail");
  actualTrailAct = action("actionShowActualTrail");
  const std::pair<QAction*, void (RobotView::*)(bool)> toggles[] = {
      {framesAct, &RobotView::setShowFrames},          {comAct, &RobotView::setShowCentresOfMass},
      {axesAct, &RobotView::setShowJointAxes},         {gridAct, &RobotView::setShowFloorGrid},
      {desiredTrailAct, &RobotView::setShowDesiredTrail}, {actualTrailAct, &RobotView::setShowActualTrail}};
  for (const auto& [a, set] : toggles) {
    a->setCheckable(true);
    a->setChecked(a != framesAct);  // as the 3D view starts: frames hidden, the rest shown
    viewMenu->addAction(a);
    QObject::connect(a, &QAction::toggled, view, set);
  }
  viewMenu->addSeparator();
  fitAct = action("actionFitToRobot", QKeySequence(Qt::CTRL | Qt::Key_0));
  viewMenu->addAction(fitAct);
  QObject::connect(fitAct, &QAction::triggered, view, &RobotView::fitToRobot);
}

void MainWindow::Impl::buildLanguageAndHelpMenus() {
  langMenu = w->menuBar()->addMenu(QString());
  langMenu->setObjectName("menuLanguage");
  auto* langGroup = new QActionGroup(w);
  frAct = action("actionLanguageFr");
  enAct = action("actionLanguageEn");
  for (auto* a : {frAct, enAct}) {
    a->setCheckable(true);
    langGroup->addAction(a);
    langMenu->addAction(a);
  }
  QObject::connect(frAct, &QAction::triggered, w, [this] { setLanguage(QStringLiteral("fr")); });
  QObject::connect(enAct, &QAction::triggered, w, [this] { setLanguage(QStringLiteral("en")); });

  helpMenu = w->menuBar()->addMenu(QString());
  helpMenu->setObjectName("menuHelp");
  aboutAct = action("actionAbout");
  equationsAct = action("actionEquations", QKeySequence::HelpContents);
  algorithmsAct = action("actionAlgorithms");
  helpMenu->addAction(equationsAct);
  helpMenu->addAction(algorithmsAct);
  helpMenu->addAction(aboutAct);
  QObject::connect(aboutAct, &QAction::triggered, w, [this] {
    QMessageBox::about(w, MainWindow::tr("About ManipLab"), aboutText());
  });
  QObject::connect(equationsAct, &QAction::triggered, w, [this] { showEquations(); });
  QObject::connect(algorithmsAct, &QAction::triggered, w, [this] {
    if (!algorithmsDialog) algorithmsDialog = new AlgorithmsDialog(w);
    updateAlgorithmsDialog();
    algorithmsDialog->show();
    algorithmsDialog->raise();
  });
}

void MainWindow::Impl::buildToolBar() {
  toolBar = w->addToolBar(QString());
  toolBar->setObjectName("mainToolBar");
  for (QAction* a : {newAct, openAct, saveAct}) toolBar->addAction(a);
  toolBar->addSeparator();
  for (QAction* a : {runAct, pauseAct, stepAct, resetAct}) toolBar->addAction(a);
}

void MainWindow::Impl::connectFileActions() {
  QObject::connect(newAct, &QAction::triggered, w, [this] {
    if (maybeSave()) newScene();
  });
  QObject::connect(openAct, &QAction::triggered, w, [this] {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(w, MainWindow::tr("Open a scene or a robot"),
                                                      dataDirectory() + QStringLiteral("/scenes"),
                                                      MainWindow::tr("Scenes and robots (*.json *.urdf)"));
    if (!path.isEmpty()) openFile(path);
  });
  QObject::connect(importUrdfAct, &QAction::triggered, w, [this] {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(w, MainWindow::tr("Import a URDF robot"),
                                                      dataDirectory() + QStringLiteral("/robots"),
                                                      MainWindow::tr("URDF robots (*.urdf)"));
    if (!path.isEmpty()) openFile(path);
  });
  QObject::connect(saveAct, &QAction::triggered, w, [this] { saveRobot(); });
  QObject::connect(saveAsAct, &QAction::triggered, w, [this] { saveRobotAs(); });
  QObject::connect(saveSceneAct, &QAction::triggered, w, [this] { saveScene(); });
  QObject::connect(saveSceneAsAct, &QAction::triggered, w, [this] { saveSceneAs(); });
  QObject::connect(exportUrdfAct, &QAction::triggered, w, [this] { exportUrdf(); });
  QObject::connect(exportCsvAct, &QAction::triggered, w, [this] { exportCsv(); });
  QObject::connect(exportPlotAct, &QAction::triggered, w, [this] { exportPlot(); });
  QObject::connect(exportMetricsAct, &QAction::triggered, w, [this] { exportMetrics(); });
  QObject::connect(quitAct, &QAction::triggered, w, &QWidget::close);
}

void MainWindow::Impl::connectSimulationActions() {
  QObject::connect(runAct, &QAction::triggered, w, [this] { run(false); });
  QObject::connect(pauseAct, &QAction::toggled, w, [this](bool on) { setPaused(on); });
  QObject::connect(stepAct, &QAction::triggered, w, [this] {
    if (!runs.isRunning()) run(true);
    pauseAct->setChecked(true);
    runs.step(1);
  });
  QObject::connect(resetAct, &QAction::triggered, w, [this] { reset(); });
  QObject::connect(compareAct, &QAction::triggered, w, [this] { compareOnScope(); });
  QObject::connect(seqIdentAct, &QAction::triggered, w, [this] { openSequentialIdentification(); });
  QObject::connect(scope, &ScopeWidget::channelPageChanged, w, [this](int page) { showComparisonPage(page); });
  QObject::connect(metrics, &MetricsView::message, w, [this](const QString& m) { info(m); });
}

void MainWindow::Impl::connectDocument() {
  QObject::connect(&document, &SceneDocument::sceneChanged, w, [this] { showScene(); });
  QObject::connect(&document, &SceneDocument::modifiedChanged, w, [this] { updateTitle(); });
  QObject::connect(&document, &SceneDocument::recentFilesChanged, w, [this] { rebuildRecent(); });
  QObject::connect(&undo, &QUndoStack::cleanChanged, w, [this] { updateTitle(); });
  QObject::connect(parts.panel, &ControlPanel::message, w, [this](const QString& m) { info(m); });
  QObject::connect(parts.panel, &ControlPanel::settingsChanged, w, [this] {  // unsaved scene edits
    if (!showing && document.writable()) document.setModified(true);
  });
}

void MainWindow::Impl::connectRuns() {
  QObject::connect(&runs, &RunController::runStarted, w,
                   [this](int k, const QString& n, const QStringList& c, const QStringList& u) { onRunStarted(k, n, c, u); });
  QObject::connect(&runs, &RunController::rows, w,
                   [this](int k, const QVector<double>& t, const QVector<double>& v, int c) { onRows(k, t, v, c); });
  QObject::connect(&runs, &RunController::slowRows, conservation, &ConservationPanel::appendRows);
  QObject::connect(&runs, &RunController::timeChanged, w,
                   [this](double t) {
                     runTime = t;
                     showRunStatus();
                   });
  QObject::connect(&runs, &RunController::progress, w, [this](double f) { progressBar->setValue(int(std::lround(f * 100))); });
  QObject::connect(&runs, &RunController::finished, w, [this](const RunOutcomes& o) { onFinished(o); });
}

/// The scene kinds' bindings get the window's operations and connect their editors.
void MainWindow::Impl::bindKinds() {
  parts.message = [this](MessageArea::Severity s, const QString& t) { message(s, t); };
  parts.refresh = [this] { refresh(); };
  parts.channelsChanged = [this] { scopeSourcesFromScene(); };
  parts.openFile = [this](const QString& path) { return openFile(path); };
  parts.run = [this](bool paused) { run(paused); };
  for (const SceneKindUi* k : sceneKindUis()) k->attach(parts);
}

/// First start: 1500 x 950 on a large screen; on a smaller one (a projector's 1366 x 768 or 1280 x 720)
/// the whole screen, maximized (the window's minimum is 735 x 480); a saved geometry and dock layout
/// replace it.
void MainWindow::Impl::restoreLayout() {
  const QSize preferred(1500, 950);
  const QRect avail = w->screen() ? w->screen()->availableGeometry() : QRect(QPoint(0, 0), preferred * 10 / 9);
  if (preferred.width() <= avail.width() * 9 / 10 && preferred.height() <= avail.height() * 9 / 10) {
    w->resize(preferred);
  } else {
    w->setGeometry(avail);
    w->setWindowState(w->windowState() | Qt::WindowMaximized);
  }
  // The scrolled panels do not impose their width: give the kinds' editors that ask for it (the chain
  // editor) and the control panel room for their tables at the first start.
  QList<QDockWidget*> docks;
  QList<int> widths;
  for (const KindDock& k : parts.kindDocks)
    if (k.firstWidth) {
      docks.push_back(k.dock);
      widths.push_back(k.firstWidth(w->width()));
    }
  docks.push_back(parts.panelDock);
  widths.push_back(std::min(parts.panel->sizeHint().width() + 20, w->width() * 31 / 100));
  w->resizeDocks(docks, widths, Qt::Horizontal);
  QSettings s;
  if (s.contains(QStringLiteral("geometry"))) w->restoreGeometry(s.value(QStringLiteral("geometry")).toByteArray());
  if (s.contains(QStringLiteral("windowState"))) w->restoreState(s.value(QStringLiteral("windowState")).toByteArray());
}

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), d(std::make_unique<Impl>()) {
  d->w = this;
  setObjectName("mainWindow");
  setAcceptDrops(true);
  setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
  const QString startLanguage = d->installStartLanguage();
  d->buildDocks();
  d->buildStatusBar();
  d->buildFileMenu();
  d->buildEditMenu();
  d->buildSimulationMenu();
  d->buildViewMenu();
  d->buildLanguageAndHelpMenus();
  d->buildToolBar();
  d->buildPresentationMode();
  d->connectFileActions();
  d->connectSimulationActions();
  d->connectDocument();
  d->startRecovery();
  d->connectRuns();
  d->bindKinds();
  d->setLanguage(startLanguage);
  d->rebuildRecent();
  d->rebuildExamples();
  d->restoreLayout();
  d->updateActions();
  const QString start = dataDirectory() + QStringLiteral("/scenes/default.json");
  if (!openFile(start)) d->error(tr("Cannot open the start scene %1").arg(start));
}

MainWindow::~MainWindow() {
  d->runs.cancel();
  d->closeRecovery();  // an end without a crash: nothing to offer at the next start
  d->recovery.reset();
  // The undo stack outlives the document (member order): an unclean stack's destructor signals
  // cleanChanged, which must not reach updateTitle() (a crash on closing after an unsaved robot edit).
  QObject::disconnect(&d->undo, nullptr, this, nullptr);
  // The kinds' editors (the chain editor keeps a pointer to the undo stack of d) and the view are deleted
  // while d lives.
  for (KindDock& k : d->parts.kindDocks) delete std::exchange(k.dock, nullptr);
  delete takeCentralWidget();
  QCoreApplication::removeTranslator(&d->translator);
  QCoreApplication::removeTranslator(&d->qtTranslator);
}

// ===== Events =========================================================================================

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!d->maybeSave()) {
    event->ignore();
    return;
  }
  d->closeRecovery();  // saved, or discarded by the user
  d->setPresentationMode(false);  // the layout saved is the working one
  QSettings s;
  s.setValue(QStringLiteral("geometry"), saveGeometry());
  s.setValue(QStringLiteral("windowState"), saveState());
  QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange && d && d->toolBar) d->retranslate();
  QMainWindow::changeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!droppedFile(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QString path = droppedFile(event->mimeData());
  if (path.isEmpty()) return;
  event->acceptProposedAction();
  QTimer::singleShot(0, this, [this, path] {  // not inside the drag-and-drop loop (a dialog may ask)
    if (d->maybeSave()) openFile(path);
  });
}

bool MainWindow::openFile(const QString& path) { return d->openFile(path); }

// ===== Opening a file =================================================================================

bool MainWindow::Impl::openFile(const QString& path) {
  const QFileInfo fi(path);
  if (!fi.exists() || !fi.isFile()) {
    error(MainWindow::tr("%1: no such file").arg(path));
    return false;
  }
  try {
    const sim::Document doc = sim::openDocument(path.toStdString());  // read once: what it is, then its content
    if (doc.type == sim::Document::Type::Unreadable) {
      error(MainWindow::tr("%1: cannot read the file").arg(path));
      return false;
    }
    if (doc.type == sim::Document::Type::Urdf) return importUrdf(fi, doc);
    if (doc.isSerialRobot()) {  // a robot for the open scene
      if (!robotIntoScene(doc.robot(), fi)) return false;
      document.addRecent(path);
      return true;
    }
    // A scene of any kind (a malformed file is reported by the reader: file, line, cause).
    std::vector<Diagnostic> diags;
    const bool ok = document.open(doc, &diags);
    diagnostics(diags);
    if (!ok) {
      error(MainWindow::tr("%1: the scene was not loaded (see the messages above)").arg(path));
      return false;
    }
    info(MainWindow::tr("Scene %1 loaded (%2)").arg(fi.fileName(), q(scene()->name())));
    return true;
  } catch (const std::exception& e) {
    error(MainWindow::tr("%1: %2").arg(path, translatedError(e)));
    return false;
  }
}

/// Puts a loaded robot (ManipLab JSON or imported URDF) into the open serial scene, reporting its
/// diagnostics; false (with the reason in the message area) when it cannot.
bool MainWindow::Impl::robotIntoScene(const RobotLoadResult& r, const QFileInfo& fi) {
  const QString path = fi.filePath();
  diagnostics(r.diagnostics);
  if (!r.ok()) {
    error(MainWindow::tr("%1: the robot was not loaded (see the messages above)").arg(path));
    return false;
  }
  QString why;
  const int oldJoints = scene() ? scene()->jointCount() : -1;
  if (!document.replaceRobot(r, fi.absoluteFilePath(), &why)) {
    error(MainWindow::tr("%1: %2").arg(path, why));
    return false;
  }
  if (r.model.nq != 0 && oldJoints > 0 && oldJoints != r.model.nq)
    message(MessageArea::Severity::Warning,
            MainWindow::tr("Robot %1 loaded into the current scene: its trajectory and gains, written for %2 joints, "
                           "were fitted to the robot's %n joint(s) (new joints hold their home position with the "
                           "last joint's gains): check them in the control panel",
                           "", r.model.nq)
                .arg(fi.fileName())
                .arg(oldJoints));
  else if (r.model.nq != 0)
    info(MainWindow::tr("Robot %1 loaded into the current scene (the trajectory and gains must match its %n joint(s))", "",
                        r.model.nq)
             .arg(fi.fileName()));
  return true;
}

/// File > Import URDF (or a .urdf opened or dropped): liburdfdom reads it (model/urdf); missing or zero
/// inertials and unsupported joints are reported per link/joint. The robot is not saved over the URDF:
/// Save asks for a ManipLab robot file.
bool MainWindow::Impl::importUrdf(const QFileInfo& fi, const sim::Document& doc) {
  UrdfImportOptions chain;  // a tree: the user chooses the chain (urdf_chain_dialog.hpp)
  if (doc.type != sim::Document::Type::Unreadable && !chooseUrdfChain(w, fi.absoluteFilePath(), doc.text, chain))
    return false;
  const RobotLoadResult r = doc.robot(chain);
  if (!robotIntoScene(r, fi)) return false;
  parts.robotPath.clear();
  updateTitle();
  info(MainWindow::tr("%1 imported: File > Save As writes it as a ManipLab robot file").arg(fi.fileName()));
  if (!chain.tip.empty())  // a scene naming the URDF would not know the chain: it should name the saved robot
    info(MainWindow::tr("Save the chain to %1 with File > Save As before saving the scene").arg(q(chain.tip)));
  else if (chain.wholeTree)  // the same for the whole tree
    info(MainWindow::tr("Save the tree with File > Save As before saving the scene"));
  document.addRecent(fi.absoluteFilePath());
  return true;
}

}  // namespace maniplab::ui
