// The ManipLab main window (see main_window.hpp): it builds the 3D view, the docks, the menus and the
// actions, and connects them to the scene document, the run controller and the scene kinds' bindings.
#include "maniplab/ui/main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QTranslator>
#include <QUndoStack>
#include <QVBoxLayout>
#include <cmath>

#include "kinds/scene_kind_ui.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/ui/algorithms_dialog.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/conservation_panel.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/ethercat_panel.hpp"
#include "maniplab/ui/identification_panel.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "maniplab/ui/orthoglide_editor.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/run_controller.hpp"
#include "maniplab/ui/scene_document.hpp"
#include "maniplab/ui/scope_widget.hpp"
#include "maniplab/ui/sequential_identification_dialog.hpp"
#include "maniplab/ui/teach_panel.hpp"
#include "maniplab/urdf/urdf_file.hpp"

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

QString q(const std::string& s) { return QString::fromStdString(s); }

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

struct MainWindow::Impl {
  MainWindow* w = nullptr;
  QUndoStack undo;
  SceneDocument document;
  RunController runs;
  WindowParts parts;                    ///< what the scene kinds' bindings use
  const SceneKindUi* binding = nullptr;  ///< of the open scene
  bool showing = false;                  ///< a scene is being shown (its panels filled: not an edit)

  // Widgets and docks the bindings do not use.
  ScopeWidget* scope = nullptr;
  MetricsView* metrics = nullptr;
  MessageArea* messages = nullptr;
  ConservationPanel* conservation = nullptr;  ///< energy balance and momenta of the run shown
  SequentialIdentificationDialog* seqIdent = nullptr;  ///< created on first use
  AlgorithmsDialog* algorithmsDialog = nullptr;
  QDialog* equations = nullptr;
  QTextBrowser* equationsText = nullptr;
  QDockWidget *scopeDock = nullptr, *metricsDock = nullptr, *messageDock = nullptr, *conservationDock = nullptr;
  std::vector<QDockWidget*> hiddenKindDocks;  ///< docks of the previous kind's editors, shown again with it
  QLabel* statusLabel = nullptr;
  QProgressBar* progressBar = nullptr;
  QToolBar* toolBar = nullptr;

  // The run shown.
  ViewFeed feed;  ///< columns of the current run that pose the 3D view
  int sourceCount = 0;
  RunComparison comparison;
  static constexpr int kComparedJointsPerPage = ScopeWidget::kChannels / 2;

  // Language.
  QTranslator translator, qtTranslator;
  QString language;

  // Menus and actions.
  QMenu *fileMenu, *recentMenu, *exportMenu, *editMenu, *simMenu, *speedMenu, *viewMenu, *langMenu, *helpMenu;
  QAction *newAct, *openAct, *importUrdfAct, *saveAct, *saveAsAct, *exportCsvAct, *exportPlotAct, *exportMetricsAct, *quitAct;
  QAction *saveSceneAct, *saveSceneAsAct;  ///< File > Save scene (the control panel's settings), Save scene as
  QAction *undoAct, *redoAct;
  QAction *runAct, *pauseAct, *stepAct, *resetAct, *compareAct, *seqIdentAct;
  std::vector<QAction*> speedActs;
  QAction *framesAct, *comAct, *axesAct, *gridAct, *desiredTrailAct, *actualTrailAct, *fitAct;
  QAction *frAct, *enAct;
  QAction *aboutAct, *equationsAct, *algorithmsAct;

  // --- Building the window (constructor) ---
  QString installStartLanguage();
  QDockWidget* dock(const char* name, QWidget* content, Qt::DockWidgetArea area);
  void buildDocks();
  void buildStatusBar();
  QAction* action(const char* name, const QKeySequence& key = {});
  void buildFileMenu();
  void buildEditMenu();
  void buildSimulationMenu();
  void buildViewMenu();
  void buildLanguageAndHelpMenus();
  void buildToolBar();
  void connectFileActions();
  void connectSimulationActions();
  void connectDocument();
  void connectRuns();
  void bindKinds();
  void restoreLayout();

  // --- Messages ---
  void message(MessageArea::Severity s, const QString& text) {
    messages->addMessage(s, text);
    if (s == MessageArea::Severity::Error && messageDock) {
      messageDock->show();
      messageDock->raise();
    }
  }
  void error(const QString& text) { message(MessageArea::Severity::Error, text); }
  void info(const QString& text) { message(MessageArea::Severity::Info, text); }
  void diagnostics(const std::vector<Diagnostic>& ds) {
    for (const auto& dg : ds)
      message(dg.severity == Diagnostic::Severity::Error ? MessageArea::Severity::Error : MessageArea::Severity::Warning,
              q(dg.toString()));
  }

  // --- The document ---
  const sim::AnyScene* scene() const { return document.scene().get(); }
  void showScene();
  void useKindDocks();
  void updateTitle();
  void updateActions();
  void refresh();
  void rebuildRecent();
  bool maybeSave();
  bool openFile(const QString& path);
  bool robotIntoScene(const RobotLoadResult& r, const QFileInfo& fi);
  bool importUrdf(const QFileInfo& fi);
  void newScene();
  bool saveRobot();
  bool saveRobotAs();
  bool saveScene();
  bool saveSceneAs();
  bool saveSceneTo(const QString& path);

  // --- Runs ---
  void run(bool startPaused);
  void reset();
  void onRunStarted(const QString& name, const QStringList& names, const QStringList& units);
  void onRows(const QVector<double>& times, const QVector<double>& values, int columns);
  void onFinished(const RunOutcomes& out);
  void setScopeSources(const QStringList& names, const QStringList& units);
  void scopeSourcesFromScene();
  void compareOnScope();
  void showComparisonPage(int page);
  void openSequentialIdentification();
  void updateAlgorithmsDialog();

  // --- Export, language, help ---
  void exportCsv();
  void exportPlot();
  void exportMetrics();
  void setLanguage(const QString& lang);
  void showEquations();
  void retranslateEquations();
  void retranslate();
};

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

namespace {
/// Panels taller or wider than a small screen scroll inside their dock: a dock's minimum size is its
/// content's, and the window cannot be smaller than its docks (a filled conservation panel alone made the
/// main window 1054 px tall, beyond a 1000 px screen).
QScrollArea* scrolled(QWidget* content) {
  auto* scroll = new QScrollArea;
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return scroll;
}
}  // namespace

void MainWindow::Impl::buildDocks() {
  WindowParts& p = parts;
  p.view = new RobotView(w);
  p.view->setObjectName("robotView");
  w->setCentralWidget(p.view);

  p.editor = new ChainEditor(&undo, w);
  p.editor->setObjectName("chainEditor");
  p.editorDock = dock("chainEditorDock", scrolled(p.editor), Qt::LeftDockWidgetArea);
  p.panel = new ControlPanel(w);
  p.panel->setObjectName("controlPanel");
  p.panelDock = dock("controlPanelDock", p.panel, Qt::RightDockWidgetArea);
  p.teach = new TeachPanel(w);
  p.teach->setObjectName("teachPanel");
  p.teachDock = dock("teachDock", scrolled(p.teach), Qt::RightDockWidgetArea);
  w->tabifyDockWidget(p.panelDock, p.teachDock);
  p.ident = new IdentificationPanel(w);
  p.identDock = dock("identificationDock", scrolled(p.ident), Qt::RightDockWidgetArea);
  w->tabifyDockWidget(p.teachDock, p.identDock);
  p.ethercat = new EthercatPanel(w);
  p.ethercatDock = dock("ethercatDock", scrolled(p.ethercat), Qt::RightDockWidgetArea);  // (its tables must not widen the right dock area)
  w->tabifyDockWidget(p.identDock, p.ethercatDock);
  p.orthoEditor = new OrthoglideEditor(w);
  p.orthoDock = dock("orthoglideDock", scrolled(p.orthoEditor), Qt::LeftDockWidgetArea);
  p.orthoDock->hide();  // shown with an Orthoglide scene
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
  saveSceneAct = action("actionSaveScene", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
  saveSceneAsAct = action("actionSaveSceneAs", QKeySequence(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_S));
  exportCsvAct = action("actionExportCsv", QKeySequence(Qt::CTRL | Qt::Key_E));
  exportPlotAct = action("actionExportPlot", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
  exportMetricsAct = action("actionExportMetrics");
  quitAct = action("actionQuit", QKeySequence::Quit);
  fileMenu->addAction(newAct);
  fileMenu->addAction(openAct);
  fileMenu->addAction(importUrdfAct);
  recentMenu = fileMenu->addMenu(QString());
  recentMenu->setObjectName("menuRecent");
  fileMenu->addAction(saveSceneAct);
  fileMenu->addAction(saveSceneAsAct);
  fileMenu->addAction(saveAct);
  fileMenu->addAction(saveAsAct);
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
  for (auto* dw : {parts.editorDock, parts.panelDock, parts.teachDock, parts.identDock, parts.ethercatDock, scopeDock,
                   metricsDock, messageDock, conservationDock}) {
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
    QMessageBox::about(w, MainWindow::tr("About ManipLab"),
                       MainWindow::tr("<h3>ManipLab %1</h3><p>Simulating, controlling and teaching the dynamics of robot "
                                      "manipulators: serial chains (DH, modified DH, general frames, URDF), exact recursive "
                                      "dynamics, independent-joint PID and computed-torque control, a free-floating base, the "
                                      "Orthoglide parallel robot, base-parameter identification and EtherCAT drives.</p>")
                           .arg(QCoreApplication::applicationVersion()));
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
  QObject::connect(exportCsvAct, &QAction::triggered, w, [this] { exportCsv(); });
  QObject::connect(exportPlotAct, &QAction::triggered, w, [this] { exportPlot(); });
  QObject::connect(exportMetricsAct, &QAction::triggered, w, [this] { exportMetrics(); });
  QObject::connect(quitAct, &QAction::triggered, w, &QWidget::close);
}

void MainWindow::Impl::connectSimulationActions() {
  QObject::connect(runAct, &QAction::triggered, w, [this] { run(false); });
  QObject::connect(pauseAct, &QAction::toggled, w, [this](bool on) { runs.setPaused(on); });
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
                   [this](int, const QString& n, const QStringList& c, const QStringList& u) { onRunStarted(n, c, u); });
  QObject::connect(&runs, &RunController::rows, w,
                   [this](int, const QVector<double>& t, const QVector<double>& v, int c) { onRows(t, v, c); });
  QObject::connect(&runs, &RunController::slowRows, conservation, &ConservationPanel::appendRows);
  QObject::connect(&runs, &RunController::timeChanged, w,
                   [this](double t) { statusLabel->setText(MainWindow::tr("t = %1 s").arg(t, 0, 'f', 3)); });
  QObject::connect(&runs, &RunController::progress, w, [this](double f) { progressBar->setValue(int(std::lround(f * 100))); });
  QObject::connect(&runs, &RunController::finished, w, [this](const RunOutcomes& o) { onFinished(o); });
}

/// The scene kinds' bindings get the window's parts and connect their editors.
void MainWindow::Impl::bindKinds() {
  parts.window = w;
  parts.document = &document;
  parts.undo = &undo;
  parts.message = [this](MessageArea::Severity s, const QString& t) { message(s, t); };
  parts.refresh = [this] { refresh(); };
  parts.channelsChanged = [this] { scopeSourcesFromScene(); };
  parts.openFile = [this](const QString& path) { return openFile(path); };
  parts.run = [this](bool paused) { run(paused); };
  for (const SceneKindUi* k : sceneKindUis()) k->attach(parts);
}

/// First start: 1500 x 950, or 90 % of a smaller screen (the window's minimum is 735 x 480); a saved
/// geometry and dock layout replace it.
void MainWindow::Impl::restoreLayout() {
  const QSize avail = w->screen() ? w->screen()->availableGeometry().size() : QSize(1500, 950);
  w->resize(QSize(1500, 950).boundedTo(avail * 0.9));
  // The scrolled panels do not impose their width: give the chain editor and the control panel room for
  // their tables at the first start.
  w->resizeDocks({parts.editorDock, parts.panelDock},
                 {std::min(parts.editor->sizeHint().width() + 20, w->width() * 36 / 100),
                  std::min(parts.panel->sizeHint().width() + 20, w->width() * 31 / 100)},
                 Qt::Horizontal);
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
  d->connectFileActions();
  d->connectSimulationActions();
  d->connectDocument();
  d->connectRuns();
  d->bindKinds();
  d->setLanguage(startLanguage);
  d->rebuildRecent();
  d->restoreLayout();
  d->updateActions();
  const QString start = dataDirectory() + QStringLiteral("/scenes/default.json");
  if (!openFile(start)) d->error(tr("Cannot open the start scene %1").arg(start));
}

MainWindow::~MainWindow() {
  d->runs.cancel();
  // The chain editor keeps a pointer to the undo stack of d: delete it (and the view) while d lives.
  delete d->parts.editorDock;
  d->parts.editorDock = nullptr;
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

// ===== The document ===================================================================================

/// A scene was opened (or replaced): its kind's binding fills the views and editors.
void MainWindow::Impl::showScene() {
  runs.cancel();
  const sim::AnyScene* s = scene();
  if (!s) return;
  binding = &sceneKindUi(s->kind().name());
  useKindDocks();
  runs.clearRuns();
  metrics->clear();
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
  runAct->setEnabled(!running && has);
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
}

/// After a change of the kind's robot document: title, actions, the operation counts shown.
void MainWindow::Impl::refresh() {
  updateTitle();
  updateActions();
  if (algorithmsDialog && algorithmsDialog->isVisible()) updateAlgorithmsDialog();
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

bool MainWindow::Impl::openFile(const QString& path) {
  const QFileInfo fi(path);
  if (!fi.exists() || !fi.isFile()) {
    error(MainWindow::tr("%1: no such file").arg(path));
    return false;
  }
  try {
    if (isUrdfPath(path.toStdString())) return importUrdf(fi);
    std::string text;
    if (!readTextFile(path.toStdString(), text)) {
      error(MainWindow::tr("%1: cannot read the file").arg(path));
      return false;
    }
    if (sim::serialSceneKind().readsRobot(sim::readDocumentHeader(text))) {  // a robot for the open scene
      if (!robotIntoScene(loadRobotFile(path.toStdString()), fi)) return false;
      document.addRecent(path);
      return true;
    }
    // A scene of any kind (a malformed file is reported by the reader: file, line, cause).
    std::vector<Diagnostic> diags;
    const bool ok = document.open(path, &diags);
    diagnostics(diags);
    if (!ok) {
      error(MainWindow::tr("%1: the scene was not loaded (see the messages above)").arg(path));
      return false;
    }
    info(MainWindow::tr("Scene %1 loaded (%2)").arg(fi.fileName(), q(scene()->name())));
    return true;
  } catch (const std::exception& e) {
    error(MainWindow::tr("%1: %2").arg(path, q(e.what())));
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
  if (!document.replaceRobot(r, fi.absoluteFilePath(), &why)) {
    error(MainWindow::tr("%1: %2").arg(path, why));
    return false;
  }
  if (r.model.nq != 0)
    info(MainWindow::tr("Robot %1 loaded into the current scene (the trajectory and gains must match its %n joint(s))", "",
                        r.model.nq)
             .arg(fi.fileName()));
  return true;
}

/// File > Import URDF (or a .urdf opened or dropped): liburdfdom reads it (model/urdf); missing or zero
/// inertials and unsupported joints are reported per link/joint. The robot is not saved over the URDF:
/// Save asks for a ManipLab robot file.
bool MainWindow::Impl::importUrdf(const QFileInfo& fi) {
  const RobotLoadResult r = loadRobotAnyFormat(fi.absoluteFilePath().toStdString());
  if (!robotIntoScene(r, fi)) return false;
  parts.robotPath.clear();
  updateTitle();
  info(MainWindow::tr("%1 imported: File > Save As writes it as a ManipLab robot file").arg(fi.fileName()));
  document.addRecent(fi.absoluteFilePath());
  return true;
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

// ===== Runs ===========================================================================================

void MainWindow::Impl::run(bool startPaused) {
  if (!document.hasScene()) return;
  if (runs.isRunning() || runs.worker()->isBusy()) {
    info(MainWindow::tr("A simulation is already running"));
    return;
  }
  QString why;
  std::shared_ptr<sim::AnyScene> edited = binding->edited(*scene(), parts, &why);  // as the editors set it
  if (!edited) {
    error(why);
    return;
  }
  binding->prepareRun(*edited, parts);
  RunRequest req{edited, binding->selectedControllers(*edited, parts)};
  if (req.controllers.empty()) {
    error(MainWindow::tr("No controller is selected in the control panel"));
    return;
  }
  metrics->clear();
  parts.view->clearTrails();
  parts.running = true;
  binding->runningChanged(true, parts);
  if (startPaused) pauseAct->setChecked(true);
  runs.start(std::move(req), pauseAct->isChecked());
  progressBar->setValue(0);
  progressBar->show();
  statusLabel->setText(MainWindow::tr("Running..."));
  updateActions();
}

void MainWindow::Impl::reset() {
  runs.cancel();
  scope->clearData();
  if (scene()) binding->pose(*scene(), parts);
  metrics->clear();
  runs.clearRuns();
  updateActions();
}

void MainWindow::Impl::onRunStarted(const QString& name, const QStringList& names, const QStringList& units) {
  if (scene()) feed = binding->viewFeed(*scene(), *parts.view, names);
  setScopeSources(names, units);
  conservation->startRun(names, units);
  parts.view->clearTrails();
  statusLabel->setText(MainWindow::tr("Running %1...").arg(name));
}

void MainWindow::Impl::onRows(const QVector<double>& times, const QVector<double>& values, int columns) {
  const int rows = int(times.size());
  // The 3D view gets the newest row only (display rate).
  feedView(*parts.view, feed, values.constData() + qsizetype(rows - 1) * columns, columns);
  if (columns == sourceCount) {
    scope->appendSamples(times.constData(), values.constData(), rows);
    scope->replotIfDue();  // a frame in this pass of the event loop when the last one is 12 ms old
  }
}

void MainWindow::Impl::onFinished(const RunOutcomes& out) {
  parts.running = false;
  if (binding) {
    binding->runningChanged(false, parts);
    binding->runFinished(out, parts);
  }
  pauseAct->setChecked(false);
  MetricsView::Runs shown;
  for (const auto& r : out.runs) {
    if (!r.message.isEmpty()) message(r.ok ? MessageArea::Severity::Warning : MessageArea::Severity::Error, r.message);
    for (const QString& line : r.summary) info(r.name + QStringLiteral(": ") + line);
    if (r.recorder) shown.emplace_back(r.name.toStdString(), r.metrics);
  }
  if (!out.message.isEmpty()) error(out.message);
  metrics->setRuns(shown);
  if (!shown.empty()) {
    metricsDock->raise();
    scope->autoscale();
    scope->replotNow();
  }
  progressBar->hide();
  statusLabel->setText(out.cancelled ? MainWindow::tr("Run cancelled") : MainWindow::tr("Run finished"));
  if (!out.runs.empty())
    info(out.cancelled ? MainWindow::tr("Run cancelled") : MainWindow::tr("Run finished (%n controller(s))", "", int(out.runs.size())));
  updateActions();
}

void MainWindow::Impl::setScopeSources(const QStringList& names, const QStringList& units) {
  sourceCount = int(names.size());
  scope->setSources(names, units);
  const QStringList wanted = {QStringLiteral("q_d[1]"), QStringLiteral("q[1]"), QStringLiteral("q[2]"),
                              QStringLiteral("q[3]"),   QStringLiteral("e[1]"), QStringLiteral("e[2]"),
                              QStringLiteral("tau[1]"), QStringLiteral("tau[2]")};
  for (int k = 0; k < ScopeWidget::kChannels && k < wanted.size(); ++k) scope->setChannelSource(k, int(names.indexOf(wanted[k])));
  const double shown = parts.panel->duration() > 0 ? parts.panel->duration() : (scene() ? scene()->duration() : 0.0);
  if (scene() && shown > 0) scope->setTimeBase(shown / 10.0);  // the whole run on the 10 divisions
}

/// The channels the open scene's runs record (before a run: the scope's channel pickers).
void MainWindow::Impl::scopeSourcesFromScene() {
  if (!scene()) return;
  QStringList names, units;
  for (const auto& c : scene()->channels()) {
    names << q(c.name);
    units << q(c.unit);
  }
  setScopeSources(names, units);
}

/// The comparison view: the joint errors e[i] of the first two finished runs overlaid on the scope (same
/// trajectory, same time grid), two colours per joint (bright: first run, dark: second), four joints at a
/// time (8 channels): the scope's page selector shows the others (joints 1-4, 5-6...).
void MainWindow::Impl::compareOnScope() {
  if (runs.recordedRuns() < 2) {
    info(MainWindow::tr("Run at least two controllers to compare them"));
    return;
  }
  comparison = runs.comparison(kComparedJointsPerPage);
  if (comparison.empty()) {
    info(MainWindow::tr("The runs did not record the joint errors (record group \"error\")"));
    return;
  }
  const int rows = int(comparison.times.size());
  scope->setSources(comparison.names, comparison.units);
  scope->appendSamples(comparison.times.data(), comparison.values.data(), rows);
  if (rows > 1) scope->setTimeBase((comparison.times.back() - comparison.times.front()) / 10.0);
  QStringList pages;
  for (int page = 0; page < comparison.pages(); ++page) {
    const auto [first, last] = comparison.pageJoints(page);
    pages << (first == last ? MainWindow::tr("Joint %1").arg(first) : MainWindow::tr("Joints %1-%2").arg(first).arg(last));
  }
  scope->setChannelPages(pages, 0);
  showComparisonPage(0);
  scopeDock->raise();
  info(MainWindow::tr("Scope: joint errors of %1 (bright) and %2 (dark)").arg(comparison.first, comparison.second));
  if (pages.size() > 1)
    info(MainWindow::tr("The scope shows %1 joints at a time: its Page selector shows the others").arg(kComparedJointsPerPage));
}

/// Channels 2k and 2k+1 show the k-th joint of the page: the first run bright, the second dark.
void MainWindow::Impl::showComparisonPage(int page) {
  const int joints = int(comparison.joints.size());
  const int first = page * kComparedJointsPerPage;
  if (first < 0 || first >= joints) return;
  const int onPage = std::min(kComparedJointsPerPage, joints - first);
  for (int k = 0; k < ScopeWidget::kChannels; ++k) scope->setChannelSource(k, -1);
  for (int j = 0; j < onPage; ++j) {
    const QColor base = QColor::fromHsv((j * 360 / std::max(1, onPage) + 40) % 360, 200, 255);
    scope->setChannelSource(2 * j, 2 * (first + j));
    scope->setChannelColor(2 * j, base);
    scope->setChannelSource(2 * j + 1, 2 * (first + j) + 1);
    scope->setChannelColor(2 * j + 1, base.darker(170));
  }
  scope->autoscale();
  scope->replotNow();
}

/// Simulation > Guided sequential identification: the dialog on the open scene's robot (the TH8's
/// procedure; another robot is refused with the reason in the message area).
void MainWindow::Impl::openSequentialIdentification() {
  if (!scene() || !binding->identifies() || !scene()->serialRobot()) return;
  if (!seqIdent) {
    seqIdent = new SequentialIdentificationDialog(w);
    seqIdent->setObjectName("sequentialIdentificationDialog");
  }
  QString why;
  if (!seqIdent->setRobot(scene()->serialRobot()->model, &why)) {
    seqIdent->hide();
    error(MainWindow::tr("Guided sequential identification: %1").arg(why));
    return;
  }
  seqIdent->show();
  seqIdent->raise();
  seqIdent->activateWindow();
}

/// Help > Algorithms counts for the open scene's serial chain (the robot, the satellite's arm...).
void MainWindow::Impl::updateAlgorithmsDialog() {
  if (algorithmsDialog && scene()) binding->algorithms(*scene(), *algorithmsDialog);
}

// ===== Export, language, help =========================================================================

void MainWindow::Impl::exportCsv() {
  const auto& last = runs.lastRuns();
  if (last.empty()) {
    error(MainWindow::tr("No run to export: run the simulation first"));
    return;
  }
  const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the last run as CSV"), QStringLiteral("run.csv"),
                                                    MainWindow::tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  for (const auto& r : last) {
    if (!r.recorder) continue;
    QString p = path;
    if (last.size() > 1) {
      const QFileInfo fi(path);
      p = fi.path() + QLatin1Char('/') + fi.completeBaseName() + QLatin1Char('_') + r.name + QStringLiteral(".csv");
    }
    try {
      sim::writeCsv(*r.recorder, p.toStdString());
      info(MainWindow::tr("%1: traces of %2 written").arg(p, r.name));
    } catch (const std::exception& e) {
      error(q(e.what()));
    }
  }
}

void MainWindow::Impl::exportPlot() {
  const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the plot"), QStringLiteral("scope.png"),
                                                    MainWindow::tr("Images (*.png *.svg)"));
  if (path.isEmpty()) return;
  QString err;
  if (scope->exportImage(path, &err))
    info(MainWindow::tr("Plot written to %1").arg(path));
  else
    error(MainWindow::tr("%1: cannot export the plot: %2").arg(path, err));
}

void MainWindow::Impl::exportMetrics() {
  const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the comparison table"),
                                                    QStringLiteral("comparison.csv"), MainWindow::tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  QString err;
  if (metrics->exportCsv(path, &err))
    info(MainWindow::tr("Comparison table written to %1").arg(path));
  else
    error(err);
}

void MainWindow::Impl::setLanguage(const QString& lang) {
  qApp->removeTranslator(&translator);
  qApp->removeTranslator(&qtTranslator);
  language = lang == QStringLiteral("fr") ? QStringLiteral("fr") : QStringLiteral("en");
  if (translator.load(QStringLiteral(":/i18n/maniplab_%1.qm").arg(language))) qApp->installTranslator(&translator);
  if (qtTranslator.load(QStringLiteral("qtbase_%1").arg(language), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    qApp->installTranslator(&qtTranslator);
  frAct->setChecked(language == QStringLiteral("fr"));
  enAct->setChecked(language == QStringLiteral("en"));
  QSettings().setValue(QStringLiteral("language"), language);
  // Installing a translator sends LanguageChange (-> retranslate); also do it now for the English case.
  retranslate();
}

void MainWindow::Impl::showEquations() {
  if (!equations) {
    equations = new QDialog(w);
    equations->setObjectName("equationsDialog");
    auto* lay = new QVBoxLayout(equations);
    equationsText = new QTextBrowser(equations);
    lay->addWidget(equationsText);
    auto* bb = new QDialogButtonBox(QDialogButtonBox::Close, equations);
    QObject::connect(bb, &QDialogButtonBox::rejected, equations, &QDialog::close);
    lay->addWidget(bb);
    equations->resize(640, 520);
  }
  retranslateEquations();
  equations->show();
  equations->raise();
}

void MainWindow::Impl::retranslateEquations() {
  if (!equations) return;
  equations->setWindowTitle(MainWindow::tr("Equations in use"));
  equationsText->setHtml(MainWindow::tr(
      "<h3>Robot dynamics (seed 000 §II, §IV)</h3>"
      "<p>M(q) q̈ + C(q, q̇) q̇ + G(q) + τ<sub>f</sub>(q̇) = τ, with the rotor inertias of the actuators; "
      "simulated as q̈ = M<sup>-1</sup>(τ − Q(q, q̇, 0)) (Cholesky or articulated bodies).</p>"
      "<p>Friction: τ<sub>f</sub> = F<sub>v</sub> q̇ + F<sub>c</sub> sign(q̇).</p>"
      "<h3>Independent-joint PID</h3>"
      "<p>τ = K<sub>p</sub> e + K<sub>i</sub> ∫e dt − K<sub>d</sub> q̇<sub>f</sub>, e = q<sub>d</sub> − q, "
      "filtered derivative on the measurement, anti-windup, saturation.</p>"
      "<h3>PD + gravity</h3><p>τ = K<sub>p</sub> e + K<sub>d</sub> ė + Ĝ(q).</p>"
      "<h3>Computed torque (seed 003, eqs 7.1–7.8)</h3>"
      "<p>τ = M̂(q) (q̈<sub>d</sub> + K<sub>v</sub> ė + K<sub>p</sub> e) + Ĉ(q, q̇) q̇ + Ĝ(q) (+ friction "
      "compensation); error dynamics ë + K<sub>v</sub> ė + K<sub>p</sub> e = 0.</p>"
      "<h3>Gain design (eqs 7.9–7.17)</h3>"
      "<p>K<sub>p</sub> = ω<sub>n</sub><sup>2</sup>, K<sub>v</sub> = 2 ζ ω<sub>n</sub>; or with the response time "
      "T<sub>r</sub> (5 %): λ<sub>0</sub> = −4.73 / T<sub>r</sub>, K<sub>p</sub> = λ<sub>0</sub><sup>2</sup>, "
      "K<sub>v</sub> = −2 λ<sub>0</sub>.</p>"
      "<h3>Energy balance (seed 000 §IV.2)</h3><p>E − E<sub>0</sub> − W = 0 (drift channel E_drift).</p>"));
}

void MainWindow::Impl::retranslate() {
  fileMenu->setTitle(MainWindow::tr("&File"));
  recentMenu->setTitle(MainWindow::tr("Recent &files"));
  exportMenu->setTitle(MainWindow::tr("&Export"));
  editMenu->setTitle(MainWindow::tr("&Edit"));
  simMenu->setTitle(MainWindow::tr("&Simulation"));
  speedMenu->setTitle(MainWindow::tr("S&peed"));
  viewMenu->setTitle(MainWindow::tr("&View"));
  langMenu->setTitle(MainWindow::tr("&Language"));
  helpMenu->setTitle(MainWindow::tr("&Help"));
  newAct->setText(MainWindow::tr("&New"));
  openAct->setText(MainWindow::tr("&Open..."));
  importUrdfAct->setText(MainWindow::tr("&Import URDF..."));
  importUrdfAct->setStatusTip(MainWindow::tr("Load a URDF robot (ROS, vendors) into the current scene"));
  saveAct->setText(MainWindow::tr("&Save robot"));
  saveAsAct->setText(MainWindow::tr("Save robot &as..."));
  saveAct->setStatusTip(MainWindow::tr("Write the robot of the chain editor to its robot file"));
  saveSceneAct->setText(MainWindow::tr("Save s&cene"));
  saveSceneAct->setStatusTip(MainWindow::tr("Write the scene with the control panel's settings (trajectory, controllers, gains, rates...)"));
  saveSceneAsAct->setText(MainWindow::tr("Sa&ve scene as..."));
  exportCsvAct->setText(MainWindow::tr("Last run as &CSV..."));
  exportPlotAct->setText(MainWindow::tr("&Plot image..."));
  exportMetricsAct->setText(MainWindow::tr("Comparison &table (CSV)..."));
  quitAct->setText(MainWindow::tr("&Quit"));
  undoAct->setText(MainWindow::tr("&Undo"));
  redoAct->setText(MainWindow::tr("&Redo"));
  runAct->setText(MainWindow::tr("&Run"));
  pauseAct->setText(MainWindow::tr("&Pause"));
  stepAct->setText(MainWindow::tr("Single s&tep"));
  resetAct->setText(MainWindow::tr("R&eset"));
  compareAct->setText(MainWindow::tr("&Compare the controllers on the scope"));
  seqIdentAct->setText(MainWindow::tr("&Guided sequential identification (TH8)..."));
  seqIdentAct->setStatusTip(MainWindow::tr("Seed 002's 14 tests on the current robot, one step at a time, in their corrected form"));
  const QString speeds[] = {MainWindow::tr("x0.1"), MainWindow::tr("x0.5"), MainWindow::tr("x1 (real time)"),
                            MainWindow::tr("x2"), MainWindow::tr("x10"), MainWindow::tr("As fast as possible")};
  for (std::size_t i = 0; i < speedActs.size(); ++i) speedActs[i]->setText(speeds[i]);
  framesAct->setText(MainWindow::tr("Show &frames"));
  comAct->setText(MainWindow::tr("Show centres of &mass"));
  axesAct->setText(MainWindow::tr("Show joint &axes"));
  gridAct->setText(MainWindow::tr("Show floor &grid"));
  desiredTrailAct->setText(MainWindow::tr("Show &desired tool path"));
  actualTrailAct->setText(MainWindow::tr("Show a&ctual tool path"));
  fitAct->setText(MainWindow::tr("Fit to &robot"));
  fitAct->setStatusTip(MainWindow::tr("Frame the whole robot in the 3D view"));
  frAct->setText(QStringLiteral("Français"));
  enAct->setText(QStringLiteral("English"));
  aboutAct->setText(MainWindow::tr("&About ManipLab"));
  equationsAct->setText(MainWindow::tr("&Equations in use"));
  algorithmsAct->setText(MainWindow::tr("&Algorithms and operation counts"));
  toolBar->setWindowTitle(MainWindow::tr("Main toolbar"));
  parts.editorDock->setWindowTitle(MainWindow::tr("Chain editor"));
  parts.panelDock->setWindowTitle(MainWindow::tr("Control panel"));
  parts.teachDock->setWindowTitle(MainWindow::tr("Teach"));
  parts.identDock->setWindowTitle(MainWindow::tr("Identification"));
  parts.ethercatDock->setWindowTitle(MainWindow::tr("EtherCAT"));
  parts.orthoDock->setWindowTitle(MainWindow::tr("Orthoglide parameters"));
  scopeDock->setWindowTitle(MainWindow::tr("Oscilloscope"));
  metricsDock->setWindowTitle(MainWindow::tr("Metrics"));
  messageDock->setWindowTitle(MainWindow::tr("Messages"));
  conservationDock->setWindowTitle(MainWindow::tr("Conservation"));
  if (!runs.isRunning()) statusLabel->setText(MainWindow::tr("Ready"));
  retranslateEquations();
  updateTitle();
}

}  // namespace maniplab::ui
