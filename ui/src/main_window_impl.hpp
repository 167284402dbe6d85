#pragma once
// The main window's parts and operations (private to ui/src/main_window*.cpp): main_window.cpp builds the
// window and takes its events, main_window_scene.cpp handles the scene document (open, save, title,
// actions), main_window_runs.cpp the runs (start, rows to the views, comparison, export),
// main_window_texts.cpp the language and the texts, main_window_presentation.cpp the presentation mode (F11).
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
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFont>
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
#include <utility>
#include "kinds/scene_kind_ui.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/ui/diagnostic_text.hpp"
#include "maniplab/ui/algorithms_dialog.hpp"
#include "maniplab/ui/provenance.hpp"
#include "maniplab/ui/recovery_store.hpp"
#include "maniplab/ui/conservation_panel.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/run_controller.hpp"
#include "maniplab/ui/scene_document.hpp"
#include "maniplab/ui/scope_widget.hpp"
#include "maniplab/ui/sequential_identification_dialog.hpp"
#include "maniplab/ui/text_conversion.hpp"
#include "maniplab/ui/urdf_chain_dialog.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "maniplab/ui/main_window.hpp"

namespace maniplab::ui {

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
  ComparisonStream live;  ///< a comparison run side by side: both runs' errors zipped for the scope
  ViewFeed ghostFeed;     ///< columns of the second run that pose the 3D view's ghost
  QElapsedTimer liveScale;  ///< the live comparison's scale is fitted again at most twice a second
  /// What the status bar says of the runs: running / paused / finished (or cancelled) with the time.
  enum class RunState { Idle, Running, Paused, Finished, Cancelled };
  RunState runState = RunState::Idle;
  double runTime = 0;  ///< simulated time of the run shown (the first of a comparison)
  QString runName;     ///< its controller (both, side by side)
  static constexpr int kComparedJointsPerPage = ScopeWidget::kChannels / 2;

  // Language.
  QTranslator translator, qtTranslator;
  QString language;

  // Menus and actions.
  QMenu *fileMenu, *examplesMenu, *recentMenu, *exportMenu, *editMenu, *simMenu, *speedMenu, *viewMenu, *langMenu, *helpMenu;
  QAction *newAct, *openAct, *importUrdfAct, *exportUrdfAct, *saveAct, *saveAsAct, *exportCsvAct, *exportPlotAct, *exportMetricsAct, *quitAct;
  QAction *saveSceneAct, *saveSceneAsAct;  ///< File > Save scene (the control panel's settings), Save scene as
  QAction *undoAct, *redoAct;
  QAction *runAct, *pauseAct, *stepAct, *resetAct, *compareAct, *seqIdentAct;
  std::vector<QAction*> speedActs;
  QAction *framesAct, *comAct, *axesAct, *gridAct, *desiredTrailAct, *actualTrailAct, *fitAct;
  QAction *frAct, *enAct;
  QAction *aboutAct, *equationsAct, *algorithmsAct;

  // Presentation mode (F11; main_window_presentation.cpp): the window as it was before, restored on leaving.
  struct SavedLayout {
    QByteArray state;
    QRect geometry;
    Qt::WindowStates windowState;
    QFont font, scopeFont;
    bool fontSet = false, scopeFontSet = false, coms = true, menuBar = true, statusBar = true;
  };
  QAction* presentationAct = nullptr;
  QToolBar* presentationBar = nullptr;  ///< run controls and the big time readout
  QLabel* bigClock = nullptr;
  QAction* leavePresentationAct = nullptr;
  SavedLayout saved;
  bool presenting = false;

  // Edits survive a crash (main_window_recovery.cpp): this session's recovery file, written once the edits
  // settle (kRecoveryDelayMs after the last one) and before each run, removed when nothing is unsaved.
  static constexpr int kRecoveryDelayMs = 1500;
  std::unique_ptr<RecoveryStore> recovery;
  QTimer recoveryTimer;
  bool recoveryFailed = false;  ///< a failed write was reported (once, until a write succeeds)
  bool recoveryClosed = false;  ///< the window closed normally: nothing more is written
  QString lastSceneText;        ///< the last scene text the editors could give (a setting being invalid)

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
  void buildPresentationMode();
  void setPresentationMode(bool on);
  void retranslatePresentation();

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
              translatedDiagnostic(dg));
  }

  // --- The document ---
  const sim::AnyScene* scene() const { return document.scene().get(); }
  /// What produced the files the window exports: maniplab VERSION, the scene and its robot (provenance.hpp).
  sim::Provenance provenance() const {
    return guiProvenance(document.path(), scene() && !scene()->robotFile().empty() ? q(scene()->robotFile()) : parts.robotPath);
  }
  void showScene();
  void useKindDocks();
  void updateTitle();
  void updateActions();
  void refresh();
  void rebuildRecent();
  /// Help > About: the version (the project's, QCoreApplication::applicationVersion()), what ManipLab
  /// does, Qt's version and where the shipped robots and scenes are.
  QString aboutText() const;
  /// File > Open example: the shipped scenes (dataDirectory()/scenes), by their names.
  void rebuildExamples();
  bool maybeSave();
  bool openFile(const QString& path);
  bool robotIntoScene(const RobotLoadResult& r, const QFileInfo& fi);
  /// `doc`: the URDF file, read once (sim::openDocument).
  bool importUrdf(const QFileInfo& fi, const sim::Document& doc);
  void newScene();
  bool saveRobot();
  bool saveRobotAs();
  bool saveScene();
  bool saveSceneAs();
  bool saveSceneTo(const QString& path);
  void exportUrdf();
  bool exportUrdfTo(const QString& path);

  // --- Recovery of unsaved edits (main_window_recovery.cpp) ---
  void startRecovery();
  bool unsavedEdits(RecoveredEdits* out);
  void editsChanged();
  void writeRecovery();
  void closeRecovery();
  bool offerRecovery();
  QString recoveryText(const RecoveredEdits& r) const;
  bool restoreEdits(const RecoveredEdits& r);

  // --- Runs ---
  void run(bool startPaused);
  void reset();
  void onRunStarted(int index, const QString& name, const QStringList& names, const QStringList& units);
  void onRows(int index, const QVector<double>& times, const QVector<double>& values, int columns);
  void setPaused(bool paused);
  void showRunStatus();
  void updateRunActions();
  void showComparison(const RunComparison& c);
  void onFinished(const RunOutcomes& out);
  void setScopeSources(const QStringList& names, const QStringList& units);
  QStringList jointSourceDescriptions(const QStringList& names) const;
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

}  // namespace maniplab::ui
