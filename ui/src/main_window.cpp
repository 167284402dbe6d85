// The ManipLab main window (see main_window.hpp): the 3D view, docks, menus, the simulation worker
// thread and the hand-over of its rows to the scope and the view at the display rate.
#include "maniplab/ui/main_window.hpp"

#include "maniplab/ui/algorithms_dialog.hpp"
#include "maniplab/ui/conservation_panel.hpp"
#include "maniplab/ui/sequential_identification_dialog.hpp"
#include "maniplab/ui/ethercat_panel.hpp"
#include "maniplab/ui/orthoglide_editor.hpp"
#include "maniplab/ui/identification_panel.hpp"

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
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QThread>
#include <QTimer>
#include <QStyle>
#include <QToolBar>
#include <QTranslator>
#include <QUndoStack>
#include <QVBoxLayout>
#include <cmath>
#include <functional>

#include <nlohmann/json.hpp>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/urdf_chain_dialog.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/teach_panel.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "maniplab/ui/simulation_worker.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/view_feed.hpp"
#include "maniplab/ui/scope_widget.hpp"

#ifndef MANIPLAB_SOURCE_DATA_DIR
#define MANIPLAB_SOURCE_DATA_DIR "."
#endif

namespace maniplab::ui {

namespace {

constexpr int kMaxRecent = 8;

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

QString q(const std::string& s) { return QString::fromStdString(s); }

/// Files the window opens (menu, recent files, drag and drop): scenes and robots (.json), URDF robots.
bool isOpenableFile(const QString& path) {
  return path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive) || isUrdfPath(path.toStdString());
}

/// Forwards the window's events that the (fixed) header does not override.
class WindowEventFilter : public QObject {
 public:
  std::function<bool(QEvent*)> handler;
  using QObject::QObject;
  bool eventFilter(QObject* watched, QEvent* e) override {
    if (watched == parent() && handler) return handler(e);
    return false;
  }
};

}  // namespace

struct MainWindow::Impl {
  MainWindow* w = nullptr;
  QUndoStack undo;
  sim::Scene scene;
  bool hasScene = false;
  QString scenePath, robotPath;

  // Widgets.
  ChainEditor* editor = nullptr;
  RobotView* view = nullptr;
  ScopeWidget* scope = nullptr;
  ControlPanel* panel = nullptr;
  TeachPanel* teach = nullptr;
  MetricsView* metrics = nullptr;
  MessageArea* messages = nullptr;
  QDockWidget *teachDock = nullptr, *identDock = nullptr, *ethercatDock = nullptr;
  EthercatPanel* ethercat = nullptr;
  OrthoglideEditor* orthoEditor = nullptr;  ///< the Orthoglide's robot file (its own dock)
  QDockWidget* orthoDock = nullptr;
  /// The kind of the open scene. Serial scenes (sim::Scene) are edited and run with every panel; the
  /// Orthoglide (seed 004) scenes with the control panel (way-points, controllers, gains, rates...) and
  /// their own parameter dock; the satellite (seed 000 §IV.2) scenes run as their file says (the control
  /// panel says so and gives the duration). All are drawn by the 3D view and recorded like serial runs.
  enum class SceneKind { Serial, Orthoglide, Satellite } kind = SceneKind::Serial;
  std::shared_ptr<const sim::OrthoglideScene> orthoScene;
  std::shared_ptr<const sim::SatelliteScene> satScene;
  ViewFeed feed;  ///< columns of the current run that pose the 3D view
  IdentificationPanel* ident = nullptr;
  std::shared_ptr<const Model> identifiedModel;  ///< used by the model-based controllers when set
  bool compareIdentified = false;                 ///< next run: before/after the identification
  QDockWidget *editorDock = nullptr, *panelDock = nullptr, *scopeDock = nullptr, *metricsDock = nullptr,
              *messageDock = nullptr, *conservationDock = nullptr;
  ConservationPanel* conservation = nullptr;  ///< energy balance and momenta of the run shown
  SequentialIdentificationDialog* seqIdent = nullptr;  ///< created on first use
  QLabel* statusLabel = nullptr;
  QProgressBar* progressBar = nullptr;
  QToolBar* toolBar = nullptr;

  // Simulation.
  QThread thread;
  SimulationWorker* worker = nullptr;
  bool running = false;
  double speed = 1.0;
  std::vector<RunOutcome> lastRuns;
  int sourceCount = 0;

  // Language.
  QTranslator translator, qtTranslator;
  QString language;

  // Menus and actions.
  QMenu *fileMenu, *recentMenu, *exportMenu, *editMenu, *simMenu, *speedMenu, *viewMenu, *langMenu, *helpMenu;
  QAction *newAct, *openAct, *importUrdfAct, *saveAct, *saveAsAct, *exportCsvAct, *exportPlotAct, *exportMetricsAct, *quitAct;
  QAction *saveSceneAct, *saveSceneAsAct;  ///< File > Save scene (the control panel's settings), Save scene as
  /// The open serial scene has edits of the control panel (trajectory, controllers, gains, rates...) that
  /// are not in its file; the robot's own edits are the undo stack's.
  bool sceneModified = false;
  QAction *undoAct, *redoAct;
  QAction *runAct, *pauseAct, *stepAct, *resetAct, *compareAct, *seqIdentAct;
  std::vector<QAction*> speedActs;
  QAction *framesAct, *comAct, *axesAct, *gridAct, *desiredTrailAct, *actualTrailAct, *fitAct;
  QAction *frAct, *enAct;
  QAction *aboutAct, *equationsAct, *algorithmsAct;
  AlgorithmsDialog* algorithmsDialog = nullptr;
  QDialog* equations = nullptr;
  QTextBrowser* equationsText = nullptr;

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

  VectorX initialPose() const {
    const Model& m = scene.robot.model;
    if (scene.q0.size() == m.nq) return scene.q0;
    try {
      const auto traj = sim::makeTrajectory(scene);
      sim::JointReference ref;
      traj->sample(0, ref);
      if (ref.q.size() == m.nq) return ref.q;
    } catch (const std::exception&) {
    }
    return m.home.size() == m.nq ? m.home : VectorX(VectorX::Zero(m.nq));
  }

  void showRobot() {
    if (kind != SceneKind::Serial) {
      if (!view) return;
      if (orthoScene)
        view->setOrthoglide(orthoScene->robot.model);  // posed at its home (isotropic) configuration
      else if (satScene) {
        view->setFloatingRobot(satScene->model);
        view->setBasePose(satScene->basePose);
        if (satScene->q0.size() == satScene->model.arm.nq) view->setConfiguration(satScene->q0);
      }
      view->clearTrails();
      view->fitToRobot();
      return;
    }
    if (teach && scene.robot.model.nq > 0) teach->setRobot(scene.robot.model, initialPose());
    if (view && scene.robot.model.nq > 0) {
      view->setRobot(scene.robot.model, scene.robot.description);
      view->clearTrails();
      view->setConfiguration(initialPose());
      view->fitToRobot();
    }
  }

  void setScopeSources(const QStringList& names, const QStringList& units) {
    sourceCount = int(names.size());
    if (!scope) return;
    scope->setSources(names, units);
    const QStringList wanted = {QStringLiteral("q_d[1]"), QStringLiteral("q[1]"), QStringLiteral("q[2]"),
                                QStringLiteral("q[3]"),   QStringLiteral("e[1]"), QStringLiteral("e[2]"),
                                QStringLiteral("tau[1]"), QStringLiteral("tau[2]")};
    for (int k = 0; k < ScopeWidget::kChannels && k < wanted.size(); ++k) scope->setChannelSource(k, int(names.indexOf(wanted[k])));
    const double shown = panel && panel->duration() > 0 ? panel->duration() : scene.duration;
    if (hasScene && shown > 0) scope->setTimeBase(shown / 10.0);  // the whole run on the 10 divisions
  }

  void scopeSourcesFromScene() {
    if (!hasScene || !scene.robot.ok()) return;
    QStringList names, units;
    for (const auto& c : sim::makeChannels(scene.robot.model, scene.record)) {
      names << q(c.name);
      units << q(c.unit);
    }
    setScopeSources(names, units);
  }

  void updateTitle() {
    QString name = !hasScene ? QString()
                   : kind == SceneKind::Orthoglide ? q(orthoScene->name)
                   : kind == SceneKind::Satellite  ? q(satScene->name)
                                                   : q(scene.name);
    if (name.isEmpty()) name = QFileInfo(scenePath.isEmpty() ? robotPath : scenePath).fileName();
    if (name.isEmpty()) name = MainWindow::tr("untitled");
    w->setWindowTitle(name + QStringLiteral("[*] - ManipLab"));
    w->setWindowModified(!undo.isClean() || (kind != SceneKind::Satellite && sceneModified) ||
                         (kind == SceneKind::Orthoglide && orthoEditor && orthoEditor->isModified()));
  }

  void updateActions() {
    runAct->setEnabled(!running && hasScene);
    stepAct->setEnabled(hasScene);
    resetAct->setEnabled(hasScene);
    exportCsvAct->setEnabled(!lastRuns.empty());
    compareAct->setEnabled(!running && lastRuns.size() >= 2);
    seqIdentAct->setEnabled(hasScene && kind == SceneKind::Serial);
    exportMetricsAct->setEnabled(!lastRuns.empty());
    saveAct->setEnabled(hasScene && kind != SceneKind::Satellite);
    saveAsAct->setEnabled(hasScene && kind != SceneKind::Satellite);
    saveSceneAct->setEnabled(hasScene && kind != SceneKind::Satellite);
    saveSceneAsAct->setEnabled(hasScene && kind != SceneKind::Satellite);
  }

  void addRecent(const QString& path) {
    QSettings s;
    QStringList list = s.value(QStringLiteral("recentFiles")).toStringList();
    const QString abs = QFileInfo(path).absoluteFilePath();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMaxRecent) list.removeLast();
    s.setValue(QStringLiteral("recentFiles"), list);
    rebuildRecent();
  }

  void rebuildRecent() {
    recentMenu->clear();
    const QStringList list = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (int i = 0; i < list.size(); ++i) {
      auto* a = recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(list[i]).fileName()));
      a->setToolTip(list[i]);
      const QString p = list[i];
      QObject::connect(a, &QAction::triggered, w, [this, p] {
        if (maybeSave()) w->openFile(p);
      });
    }
    recentMenu->setEnabled(!list.isEmpty());
  }

  bool maybeSave() {
    if (kind == SceneKind::Orthoglide) {
      const bool robotEdited = orthoEditor && orthoEditor->isModified();
      if (!robotEdited && !sceneModified) return true;
      const QString text =
          robotEdited && sceneModified
              ? MainWindow::tr("The Orthoglide's parameters and the scene have been modified. Save the changes?")
          : robotEdited ? MainWindow::tr("The Orthoglide's parameters have been modified. Save the changes?")
                        : MainWindow::tr("The scene has been modified (control panel). Save the changes?");
      const auto r = QMessageBox::warning(w, MainWindow::tr("Unsaved changes"), text,
                                          QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
      if (r == QMessageBox::Save) return sceneModified ? saveScene() : save();  // the scene saves the robot first
      return r == QMessageBox::Discard;
    }
    const bool robotEdited = !undo.isClean();
    const bool sceneEdited = hasScene && kind == SceneKind::Serial && sceneModified;
    if (!robotEdited && !sceneEdited) return true;
    const QString text = robotEdited && sceneEdited
                             ? MainWindow::tr("The robot and the scene have been modified. Save the changes?")
                         : robotEdited ? MainWindow::tr("The robot has been modified. Save the changes?")
                                       : MainWindow::tr("The scene has been modified (control panel). Save the changes?");
    const auto r = QMessageBox::warning(w, MainWindow::tr("Unsaved changes"), text,
                                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (r == QMessageBox::Save) return sceneEdited ? saveScene() : save();  // the scene saves the robot first
    return r == QMessageBox::Discard;
  }

  /// Puts a loaded robot (ManipLab JSON or imported URDF) into the current scene, reporting its
  /// diagnostics; false (with the reason in the message area) when it cannot.
  bool robotIntoScene(const RobotLoadResult& r, const QFileInfo& fi) {
    const QString path = fi.filePath();
    diagnostics(r.diagnostics);
    if (!r.ok()) {
      error(MainWindow::tr("%1: the robot was not loaded (see the messages above)").arg(path));
      return false;
    }
    if (!hasScene) {
      error(MainWindow::tr("%1: open a scene first (a robot replaces the robot of the current scene)").arg(path));
      return false;
    }
    if (kind != SceneKind::Serial) {
      error(MainWindow::tr("%1: the open scene's robot is fixed by its file; open a serial scene first").arg(path));
      return false;
    }
    sim::Scene s = scene;
    s.robot = r;
    s.robotFile = fi.absoluteFilePath().toStdString();
    if (s.q0.size() != r.model.nq) s.q0.resize(0), s.qd0.resize(0);
    setScene(s, scenePath);
    sceneModified = true;  // the scene file names another robot
    updateTitle();
    if (scene.robot.model.nq != 0)
      info(MainWindow::tr("Robot %1 loaded into the current scene (the trajectory and gains must match its %n joint(s))", "",
                          r.model.nq)
               .arg(fi.fileName()));
    return true;
  }

  /// File → Import URDF (or a .urdf opened or dropped): liburdfdom reads it (model/urdf); missing or
  /// zero inertials and unsupported joints are reported per link/joint. The robot is not saved over the
  /// URDF: Save asks for a ManipLab robot file.
  bool importUrdf(const QFileInfo& fi) {
    UrdfImportOptions chain;  // a tree: the user chooses the chain (urdf_chain_dialog.hpp)
    if (!chooseUrdfChain(w, fi.absoluteFilePath(), chain)) return false;
    const RobotLoadResult r = loadRobotAnyFormat(fi.absoluteFilePath().toStdString(), chain);
    if (!robotIntoScene(r, fi)) return false;
    robotPath.clear();
    updateTitle();
    info(MainWindow::tr("%1 imported: File > Save As writes it as a ManipLab robot file").arg(fi.fileName()));
    if (!chain.tip.empty())  // a scene naming the URDF would not know the chain: it should name the saved robot
      info(MainWindow::tr("Save the chain to %1 with File > Save As before saving the scene").arg(q(chain.tip)));
    addRecent(fi.absoluteFilePath());
    return true;
  }

  bool saveTo(const QString& path) {
    const RobotDescription& desc = editor ? editor->description() : scene.robot.description;
    QSaveFile f(path);
    const std::string text = robotToJson(desc);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()) || !f.commit()) {
      error(MainWindow::tr("%1: cannot save the robot: %2").arg(path, f.errorString()));
      return false;
    }
    robotPath = path;
    undo.setClean();
    if (hasScene && kind == SceneKind::Serial && QFileInfo(path).absoluteFilePath() != QFileInfo(q(scene.robotFile)).absoluteFilePath()) {
      scene.robotFile = QFileInfo(path).absoluteFilePath().toStdString();  // the scene now names this file
      sceneModified = true;
    }
    info(MainWindow::tr("Robot saved to %1").arg(path));
    addRecent(path);
    updateTitle();
    return true;
  }

  bool save() {
    if (kind == SceneKind::Orthoglide) return saveOrthoglide(QString());
    if (robotPath.isEmpty()) return saveAs();
    return saveTo(robotPath);
  }

  /// Writes the Orthoglide editor's document (atomically, to its file when `path` is empty).
  bool saveOrthoglide(const QString& path) {
    if (!orthoEditor) return false;
    QString err;
    if (!orthoEditor->save(path, &err)) {
      error(MainWindow::tr("Cannot save the Orthoglide parameters: %1").arg(err));
      return false;
    }
    info(MainWindow::tr("Orthoglide parameters saved to %1").arg(path.isEmpty() ? q(orthoScene->robotFile) : path));
    updateTitle();
    return true;
  }

  bool saveAs() {
    if (kind == SceneKind::Orthoglide) {
      const QString p = QFileDialog::getSaveFileName(w, MainWindow::tr("Save the Orthoglide parameters"),
                                                     q(orthoScene->robotFile), MainWindow::tr("Robot files (*.json)"));
      return !p.isEmpty() && saveOrthoglide(p);
    }
    const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Save the robot"),
                                                      robotPath.isEmpty() ? dataDirectory() + QStringLiteral("/robots") : robotPath,
                                                      MainWindow::tr("Robot files (*.json)"));
    if (path.isEmpty()) return false;
    return saveTo(path);
  }

  /// File > Save scene: the open serial scene with the control panel's settings (trajectory, controllers
  /// and gains, rates, stepper, perturbation, noise, duration, recorded channels) and the backend the runs
  /// use, as a maniplab-scene file that the scene reader reads back to the same scene (sim::writeSceneFile:
  /// checked by the reader first, then written atomically). The robot's unsaved edits are saved first (the
  /// scene names its file). A failure keeps the previous file and says why in the message area.
  bool saveSceneTo(const QString& path) {
    if (hasScene && kind == SceneKind::Orthoglide) return saveOrthoglideSceneTo(path);
    if (!hasScene || kind != SceneKind::Serial) return false;
    if (!undo.isClean()) {
      info(MainWindow::tr("The robot has unsaved edits: it is saved first (the scene names its file)"));
      if (!save() || !undo.isClean()) {
        error(MainWindow::tr("%1: the scene was not saved: its robot has unsaved edits").arg(path));
        return false;
      }
    }
    sim::Scene s = scene;
    QString why;
    if (!panel->applyTo(s, &why)) {
      error(MainWindow::tr("%1: the scene was not saved (an existing file is left unchanged): %2").arg(path, why));
      return false;
    }
    if (!robotPath.isEmpty()) s.robotFile = QFileInfo(robotPath).absoluteFilePath().toStdString();
    s.backend = ethercat && ethercat->ethercatSelected() ? "ethercat" : "sim";
    s.file = path.toStdString();
    try {
      sim::writeSceneFile(s, path.toStdString());
    } catch (const std::exception& e) {
      error(MainWindow::tr("%1: the scene was not saved (an existing file is left unchanged): %2").arg(path, q(e.what())));
      return false;
    }
    scene = s;
    scenePath = QFileInfo(path).absoluteFilePath();
    sceneModified = false;
    info(MainWindow::tr("Scene saved to %1").arg(path));
    addRecent(path);
    updateTitle();
    return true;
  }

  /// File > Save scene for an Orthoglide scene: the control panel's way-points, controllers, gains, rates,
  /// stepper, duration and recorded channels, written by sim::writeOrthoglideSceneFile (read back by the
  /// Orthoglide scene reader first, then atomically). The Orthoglide's edited parameters are saved first
  /// (the scene names their file).
  bool saveOrthoglideSceneTo(const QString& path) {
    if (orthoEditor && orthoEditor->isModified()) {
      info(MainWindow::tr("The Orthoglide's parameters have unsaved edits: they are saved first (the scene names their file)"));
      if (!saveOrthoglide(QString())) {
        error(MainWindow::tr("%1: the scene was not saved: its robot has unsaved edits").arg(path));
        return false;
      }
    }
    sim::OrthoglideScene s = *orthoScene;
    QString why;
    if (!panel->applyTo(s, &why)) {
      error(MainWindow::tr("%1: the scene was not saved (an existing file is left unchanged): %2").arg(path, why));
      return false;
    }
    s.file = path.toStdString();
    try {
      sim::writeOrthoglideSceneFile(s, path.toStdString());
    } catch (const std::exception& e) {
      error(MainWindow::tr("%1: the scene was not saved (an existing file is left unchanged): %2").arg(path, q(e.what())));
      return false;
    }
    orthoScene = std::make_shared<const sim::OrthoglideScene>(std::move(s));
    scenePath = QFileInfo(path).absoluteFilePath();
    sceneModified = false;
    info(MainWindow::tr("Scene saved to %1").arg(path));
    addRecent(path);
    updateTitle();
    return true;
  }

  bool saveScene() {
    if (scenePath.isEmpty()) return saveSceneAs();
    return saveSceneTo(scenePath);
  }

  bool saveSceneAs() {
    if (!hasScene || kind == SceneKind::Satellite) return false;
    QString path = QFileDialog::getSaveFileName(
        w, MainWindow::tr("Save the scene"),
        scenePath.isEmpty() ? dataDirectory() + QStringLiteral("/scenes/untitled.json") : scenePath,
        MainWindow::tr("Scenes (*.json)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    return saveSceneTo(path);
  }

  /// Enables the panels that only serial scenes use (chain editor, teach, identification, EtherCAT). The
  /// control panel serves every kind (setScene, setOtherScene fill it).
  void enableSerialPanels(bool on) {
    for (QWidget* wd : std::initializer_list<QWidget*>{editor, teach, ident, ethercat})
      if (wd) wd->setEnabled(on);
    // Their docks (which show the last serial scene's data) are hidden meanwhile, and those that were
    // shown come back with the next serial scene.
    const std::initializer_list<QDockWidget*> docks{editorDock, teachDock, identDock, ethercatDock};
    if (!on && hiddenSerialDocks.empty()) {
      for (QDockWidget* dw : docks)
        if (dw && !dw->isHidden()) {
          hiddenSerialDocks.push_back(dw);
          dw->hide();
        }
    } else if (on) {
      for (QDockWidget* dw : hiddenSerialDocks) dw->show();
      hiddenSerialDocks.clear();
      if (panelDock) panelDock->raise();
    }
  }
  std::vector<QDockWidget*> hiddenSerialDocks;

  /// Opens an Orthoglide or satellite scene (exactly one of the two is set).
  void setOtherScene(std::shared_ptr<const sim::OrthoglideScene> ortho, std::shared_ptr<const sim::SatelliteScene> sat,
                     const QString& path) {
    cancelRun();
    orthoScene = std::move(ortho);
    satScene = std::move(sat);
    kind = orthoScene ? SceneKind::Orthoglide : SceneKind::Satellite;
    hasScene = true;
    scenePath = path;
    robotPath.clear();
    lastRuns.clear();
    metrics->clear();
    undo.clear();
    undo.setClean();
    enableSerialPanels(false);
    sceneModified = false;
    if (orthoDock) {
      QString err;
      if (orthoScene && orthoEditor->loadFile(q(orthoScene->robotFile), &err)) {
        orthoDock->show();
        orthoDock->raise();
      } else {
        if (orthoScene) error(err);
        orthoDock->hide();
      }
    }
    showRobot();
    if (panel) {
      if (orthoScene)
        panel->setOrthoglideScene(*orthoScene);
      else
        panel->setFixedControl(
            MainWindow::tr("Satellite scene: the control is fixed by design (the reaction-aware computed torque of "
                           "seed 000 §IV.2, with the scene file's gains and motion); only the simulated duration "
                           "can be changed here. Edit the scene file to change the rest."),
            satScene->duration);
      sceneModified = false;  // filling the panel is not an edit
      if (panelDock && !panelDock->isHidden()) panelDock->raise();
    }
    if (scope) setScopeSources({}, {});
    updateTitle();
    updateActions();
  }

  /// Help > Algorithms counts for the open scene's serial chain: the robot, or the satellite's arm; the
  /// Orthoglide (a closed loop) has none.
  void updateAlgorithmsDialog() {
    if (!algorithmsDialog || !hasScene) return;
    switch (kind) {
      case SceneKind::Serial: algorithmsDialog->setModel(scene.robot.model); break;
      case SceneKind::Satellite: algorithmsDialog->setModel(satScene->model.arm); break;
      case SceneKind::Orthoglide:
        algorithmsDialog->clearModel(
            MainWindow::tr("The operation counts are those of serial chains: the Orthoglide's dynamics (seed 004) "
                           "is computed on the equivalent trees of its legs and has no count here. Open a serial "
                           "robot or the satellite arm."));
        break;
    }
  }

  /// Joints of the open scene's arm (Orthoglide: its three actuators).
  int jointCount() const {
    switch (kind) {
      case SceneKind::Orthoglide: return 3;
      case SceneKind::Satellite: return satScene ? satScene->model.arm.nq : 0;
      case SceneKind::Serial: break;
    }
    return scene.robot.model.nq;
  }

  void setScene(const sim::Scene& s, const QString& path) {
    cancelRun();
    kind = SceneKind::Serial;
    orthoScene.reset();
    satScene.reset();
    enableSerialPanels(true);
    if (orthoDock) orthoDock->hide();
    scene = s;
    hasScene = true;
    scenePath = path;
    robotPath = q(s.robotFile);
    lastRuns.clear();
    metrics->clear();
    panel->setScene(scene);
    sceneModified = false;
    if (ident) ident->setRobot(scene.robot.model, robotPath);
    if (ethercat) ethercat->setScene(scene);
    if (editor) editor->setDescription(scene.robot.description);
    undo.clear();
    undo.setClean();
    showRobot();
    scopeSourcesFromScene();
    if (scene.backend == "ethercat")
      info(MainWindow::tr("%1: the scene asks for the EtherCAT backend (see the EtherCAT panel)").arg(path));
    updateTitle();
    updateActions();
  }

  void newScene() {
    // A small template: the planar 2R arm of the shipped robots holding its home pose, PD + gravity.
    const QString dir = dataDirectory();
    const std::string text = R"({"format": "maniplab-scene", "version": 1, "name": "untitled",
      "robot": "robots/planar2r.json", "trajectory": {"type": "hold", "q": "home", "duration": 1.0},
      "duration": 2.0, "rates": {"control_hz": 1000, "plant_hz": 1000}, "integrator": {"stepper": "rk4"},
      "controllers": [{"name": "pd_gravity", "type": "pd_gravity", "kp": 100, "kd": 20}]})";
    const auto res = sim::parseScene(text, "untitled.json", dir.toStdString());
    diagnostics(res.diagnostics);
    if (!res.ok()) return;
    setScene(res.scene, QString());
    robotPath.clear();
    updateTitle();
  }

  void cancelRun() {
    if (worker && running) {
      worker->cancel();
      worker->setPaused(false);
    }
  }

  void run(bool startPaused) {
    if (!hasScene) return;
    if (running || worker->isBusy()) {
      info(MainWindow::tr("A simulation is already running"));
      return;
    }
    RunRequest req;
    if (kind != SceneKind::Serial) {
      if (orthoScene) {
        // The scene as edited in the control panel (way-points, controllers, gains, rates...).
        auto o = std::make_shared<sim::OrthoglideScene>(*orthoScene);
        QString err;
        if (!panel->applyTo(*o, &err)) {
          error(err);
          return;
        }
        req.orthoglide = std::move(o);
        req.controllers = panel->selectedControllers();
        if (req.controllers.empty()) {
          error(MainWindow::tr("No controller is selected in the control panel"));
          return;
        }
      } else {
        // The satellite scene file's control; the control panel gives the duration.
        const double duration = panel->duration();
        auto st = std::make_shared<sim::SatelliteScene>(*satScene);
        if (duration > 0) st->duration = duration;
        req.satellite = std::move(st);
      }
      startRun(std::move(req), startPaused);
      return;
    }
    sim::Scene s = scene;
    QString err;
    if (!panel->applyTo(s, &err)) {
      error(err);
      return;
    }
    req.scene = std::move(s);
    req.controllers = panel->selectedControllers();
    if (identifiedModel) {
      req.controllerModel = identifiedModel;
      req.controllerModelLabel = MainWindow::tr("identified model");
      req.compareControllerModel = compareIdentified;
    }
    compareIdentified = false;
    // The EtherCAT panel's backend (live drives or the in-process virtual drives) replaces the
    // simulated plant; the controllers, recorder, scope and metrics stay the same.
    if (ethercat && ethercat->ethercatSelected()) req.backendFactory = ethercat->backendFactory();
    if (req.controllers.empty()) {
      error(MainWindow::tr("No controller is selected in the control panel"));
      return;
    }
    startRun(std::move(req), startPaused);
  }

  void startRun(RunRequest req, bool startPaused) {
    lastRuns.clear();
    metrics->clear();
    if (view) view->clearTrails();
    running = true;
    teach->setEnabled(false);  // the simulation owns the pose while it runs
    if (startPaused) pauseAct->setChecked(true);
    worker->prepare();
    worker->setSpeed(speed);
    worker->setPaused(pauseAct->isChecked());
    progressBar->setValue(0);
    progressBar->show();
    statusLabel->setText(MainWindow::tr("Running..."));
    updateActions();
    SimulationWorker* wk = worker;
    QMetaObject::invokeMethod(wk, [wk, req] { wk->run(req); }, Qt::QueuedConnection);
  }

  /// Simulation > Guided sequential identification: the dialog on the current serial robot (the TH8's
  /// procedure; another robot is refused with the reason in the message area).
  void openSequentialIdentification() {
    if (kind != SceneKind::Serial || !hasScene) return;
    if (!seqIdent) {
      seqIdent = new SequentialIdentificationDialog(w);
      seqIdent->setObjectName("sequentialIdentificationDialog");
    }
    QString why;
    if (!seqIdent->setRobot(scene.robot.model, &why)) {
      seqIdent->hide();
      error(MainWindow::tr("Guided sequential identification: %1").arg(why));
      return;
    }
    seqIdent->show();
    seqIdent->raise();
    seqIdent->activateWindow();
  }

  void onRunStarted(int, const QString& name, const QStringList& names, const QStringList& units) {
    if (view) feed = makeViewFeed(*view, names, satScene ? satScene->basePose.R : Matrix3(Matrix3::Identity()));
    setScopeSources(names, units);
    flushConservation();  // rows still pending belong to the previous run
    if (conservation) conservation->startRun(names, units);
    if (view) view->clearTrails();
    statusLabel->setText(MainWindow::tr("Running %1...").arg(name));
  }

  void onRows(int, const QVector<double>& times, const QVector<double>& values, int columns) {
    const int rows = int(times.size());
    if (rows == 0 || columns <= 0 || values.size() != qsizetype(rows) * columns) return;
    // The 3D view gets the newest row only (display rate).
    if (view) feedView(*view, feed, values.constData() + qsizetype(rows - 1) * columns, columns);
    if (scope && columns == sourceCount) {
      scope->appendSamples(times.constData(), values.constData(), rows);
      scope->replotIfDue();  // a frame in this pass of the event loop when the last one is 12 ms old
    }
    if (conservation) {
      if (columns != consColumns) flushConservation();
      consColumns = columns;
      consTimes += times;
      consValues += values;
      if (!consClock.isValid() || consClock.elapsed() >= 100) flushConservation();
    }
    // The time readout at most 10 times a second: relaying out the status bar at every batch of rows
    // (every 8 ms) costs the GUI thread time the scope and the 3D view need for their frames.
    if (!statusClock.isValid() || statusClock.elapsed() >= 100) {
      statusClock.restart();
      statusLabel->setText(MainWindow::tr("t = %1 s").arg(times.back(), 0, 'f', 3));
    }
  }
  QElapsedTimer statusClock;

  /// The conservation dock gets the rows in bunches, at most 10 times a second (and at the end of a
  /// run): each call redraws its plot and relays out its labels, and with them the main window, which
  /// at every batch of rows took about a tenth of the GUI thread's time (maniplab-gui-bench --profile).
  QVector<double> consTimes, consValues;
  int consColumns = 0;
  QElapsedTimer consClock;
  void flushConservation() {
    if (conservation && !consTimes.isEmpty()) conservation->appendRows(consTimes, consValues, consColumns);
    consTimes.clear();
    consValues.clear();
    consClock.restart();
  }

  void onFinished(const RunOutcomes& out) {
    flushConservation();
    running = false;
    teach->setEnabled(kind == SceneKind::Serial);
    pauseAct->setChecked(false);
    lastRuns = out.runs;
    if (ident && kind == SceneKind::Serial)
      for (const auto& r : out.runs)
        if (r.recorder && r.recorder->rows() > 0) {
          ident->setLastRun(r.recorder, r.name);
          break;
        }
    MetricsView::Runs runs;
    for (const auto& r : out.runs) {
      if (!r.message.isEmpty()) message(r.ok ? MessageArea::Severity::Warning : MessageArea::Severity::Error, r.message);
      if (r.recorder) runs.emplace_back(r.name.toStdString(), r.metrics);
    }
    if (!out.message.isEmpty()) error(out.message);
    metrics->setRuns(runs);
    if (!runs.empty() && metricsDock) metricsDock->raise();
    if (scope && !runs.empty()) {
      scope->autoscale();
      scope->replotNow();
    }
    progressBar->hide();
    statusLabel->setText(out.cancelled ? MainWindow::tr("Run cancelled") : MainWindow::tr("Run finished"));
    if (!out.runs.empty())
      info(out.cancelled ? MainWindow::tr("Run cancelled") : MainWindow::tr("Run finished (%n controller(s))", "", int(out.runs.size())));
    updateActions();
  }

  /// The comparison view: the joint errors e[i] of the first two finished runs overlaid on the scope
  /// (same trajectory, same time grid), two colours per joint (bright: first run, dark: second), four
  /// joints at a time (8 channels): the scope's page selector shows the others (joints 1-4, 5-6...).
  struct Comparison {
    QString first, second;  ///< run names
    std::vector<int> joints;  ///< joint numbers (1-based) whose errors both runs recorded
  } comparison;
  static constexpr int kComparedJointsPerPage = ScopeWidget::kChannels / 2;

  void compareOnScope() {
    std::vector<const RunOutcome*> runs;
    for (const auto& r : lastRuns)
      if (r.recorder && r.recorder->rows() > 0) runs.push_back(&r);
    if (!scope || runs.size() < 2) {
      info(MainWindow::tr("Run at least two controllers to compare them"));
      return;
    }
    runs.resize(2);
    const int n = jointCount();
    // Sources: for each joint both runs recorded, e[i] of the first run then of the second.
    QStringList names, units;
    std::vector<std::pair<const sim::Recorder*, int>> columns;
    comparison = {runs[0]->name, runs[1]->name, {}};
    for (int i = 0; i < n; ++i) {
      const std::string ch = "e[" + std::to_string(i + 1) + "]";
      const int c0 = runs[0]->recorder->channelIndex(ch), c1 = runs[1]->recorder->channelIndex(ch);
      if (c0 < 0 || c1 < 0) continue;
      for (const auto& [r, c] : {std::pair{runs[0], c0}, std::pair{runs[1], c1}}) {
        names << r->name + QStringLiteral(": ") + QString::fromStdString(ch);
        units << QString::fromStdString(r->recorder->channels()[std::size_t(c)].unit);
        columns.emplace_back(r->recorder.get(), c);
      }
      comparison.joints.push_back(i + 1);
    }
    if (columns.empty()) {
      info(MainWindow::tr("The runs did not record the joint errors (record group \"error\")"));
      return;
    }
    const sim::Recorder& r0 = *runs[0]->recorder;
    const std::size_t rows = std::min(r0.rows(), runs[1]->recorder->rows());
    std::vector<double> times(rows), values(rows * columns.size());
    for (std::size_t k = 0; k < rows; ++k) {
      times[k] = r0.time(k);
      for (std::size_t c = 0; c < columns.size(); ++c)
        values[k * columns.size() + c] = columns[c].first->value(k, columns[c].second);
    }
    scope->setSources(names, units);
    scope->appendSamples(times.data(), values.data(), int(rows));
    if (rows > 1) scope->setTimeBase((times.back() - times.front()) / 10.0);
    QStringList pages;
    const int joints = int(comparison.joints.size());
    for (int first = 0; first < joints; first += kComparedJointsPerPage) {
      const int last = std::min(joints, first + kComparedJointsPerPage) - 1;
      pages << (first == last ? MainWindow::tr("Joint %1").arg(comparison.joints[std::size_t(first)])
                              : MainWindow::tr("Joints %1-%2")
                                    .arg(comparison.joints[std::size_t(first)])
                                    .arg(comparison.joints[std::size_t(last)]));
    }
    scope->setChannelPages(pages, 0);
    showComparisonPage(0);
    if (scopeDock) scopeDock->raise();
    info(MainWindow::tr("Scope: joint errors of %1 (bright) and %2 (dark)").arg(runs[0]->name, runs[1]->name));
    if (pages.size() > 1)
      info(MainWindow::tr("The scope shows %1 joints at a time: its Page selector shows the others")
               .arg(kComparedJointsPerPage));
  }

  /// Channels 2k and 2k+1 show the k-th joint of the page: the first run bright, the second dark.
  void showComparisonPage(int page) {
    const int joints = int(comparison.joints.size());
    const int first = page * kComparedJointsPerPage;
    if (!scope || first < 0 || first >= joints) return;
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

  void reset() {
    cancelRun();
    if (scope) scope->clearData();
    showRobot();
    metrics->clear();
    lastRuns.clear();
    updateActions();
  }

  void exportCsv() {
    if (lastRuns.empty()) {
      error(MainWindow::tr("No run to export: run the simulation first"));
      return;
    }
    const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the last run as CSV"), QStringLiteral("run.csv"),
                                                      MainWindow::tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    int written = 0;
    for (const auto& r : lastRuns) {
      if (!r.recorder) continue;
      QString p = path;
      if (lastRuns.size() > 1) {
        const QFileInfo fi(path);
        p = fi.path() + QLatin1Char('/') + fi.completeBaseName() + QLatin1Char('_') + r.name + QStringLiteral(".csv");
      }
      try {
        sim::writeCsv(*r.recorder, p.toStdString());
        ++written;
        info(MainWindow::tr("%1: traces of %2 written").arg(p, r.name));
      } catch (const std::exception& e) {
        error(q(e.what()));
      }
    }
    (void)written;
  }

  void exportPlot() {
    if (!scope) return;
    const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the plot"), QStringLiteral("scope.png"),
                                                      MainWindow::tr("Images (*.png *.svg)"));
    if (path.isEmpty()) return;
    QString err;
    if (scope->exportImage(path, &err))
      info(MainWindow::tr("Plot written to %1").arg(path));
    else
      error(MainWindow::tr("%1: cannot export the plot: %2").arg(path, err));
  }

  void exportMetrics() {
    const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the comparison table"),
                                                      QStringLiteral("comparison.csv"), MainWindow::tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    QString err;
    if (metrics->exportCsv(path, &err))
      info(MainWindow::tr("Comparison table written to %1").arg(path));
    else
      error(err);
  }

  void setLanguage(const QString& lang) {
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

  void showEquations() {
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

  void retranslateEquations() {
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

  void retranslate() {
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
    editorDock->setWindowTitle(MainWindow::tr("Chain editor"));
    panelDock->setWindowTitle(MainWindow::tr("Control panel"));
    teachDock->setWindowTitle(MainWindow::tr("Teach"));
    identDock->setWindowTitle(MainWindow::tr("Identification"));
    ethercatDock->setWindowTitle(MainWindow::tr("EtherCAT"));
    orthoDock->setWindowTitle(MainWindow::tr("Orthoglide parameters"));
    scopeDock->setWindowTitle(MainWindow::tr("Oscilloscope"));
    metricsDock->setWindowTitle(MainWindow::tr("Metrics"));
    messageDock->setWindowTitle(MainWindow::tr("Messages"));
    conservationDock->setWindowTitle(MainWindow::tr("Conservation"));
    if (!running) statusLabel->setText(MainWindow::tr("Ready"));
    retranslateEquations();
    updateTitle();
  }
};

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), d(std::make_unique<Impl>()) {
  d->w = this;
  setObjectName("mainWindow");
  setAcceptDrops(true);
  setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);

  // The language (saved choice, else the system locale) is installed before any widget is built, so
  // that widgets which translate their texts only once, at construction, start in that language too.
  const QString savedLanguage = QSettings().value(QStringLiteral("language")).toString();
  const QString startLanguage = !savedLanguage.isEmpty() ? savedLanguage
                                : QLocale::system().language() == QLocale::French ? QStringLiteral("fr")
                                                                                   : QStringLiteral("en");
  if (d->translator.load(QStringLiteral(":/i18n/maniplab_%1.qm").arg(startLanguage)))
    QCoreApplication::installTranslator(&d->translator);

  // Central 3D view.
  d->view = new RobotView(this);
  d->view->setObjectName("robotView");
  setCentralWidget(d->view);

  auto dock = [this](const char* name, QWidget* content, Qt::DockWidgetArea area) {
    auto* dw = new QDockWidget(this);
    dw->setObjectName(QString::fromLatin1(name));
    dw->setWidget(content);
    addDockWidget(area, dw);
    return dw;
  };
  // Panels taller or wider than a small screen scroll inside their dock: a dock's minimum size is its
  // content's, and the window cannot be smaller than its docks (a filled conservation panel alone made
  // the main window 1054 px tall, beyond a 1000 px screen).
  auto scrolled = [](QWidget* content) {
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
  };
  d->editor = new ChainEditor(&d->undo, this);
  d->editor->setObjectName("chainEditor");
  d->editorDock = dock("chainEditorDock", scrolled(d->editor), Qt::LeftDockWidgetArea);
  d->panel = new ControlPanel(this);
  d->panel->setObjectName("controlPanel");
  d->panelDock = dock("controlPanelDock", d->panel, Qt::RightDockWidgetArea);
  d->teach = new TeachPanel(this);
  d->teach->setObjectName("teachPanel");
  d->teachDock = dock("teachDock", scrolled(d->teach), Qt::RightDockWidgetArea);
  tabifyDockWidget(d->panelDock, d->teachDock);
  d->ident = new IdentificationPanel(this);
  d->identDock = dock("identificationDock", scrolled(d->ident), Qt::RightDockWidgetArea);
  tabifyDockWidget(d->teachDock, d->identDock);
  d->ethercat = new EthercatPanel(this);
  d->ethercatDock = dock("ethercatDock", scrolled(d->ethercat), Qt::RightDockWidgetArea);  // (its tables must not widen the right dock area)
  tabifyDockWidget(d->identDock, d->ethercatDock);
  d->orthoEditor = new OrthoglideEditor(this);
  d->orthoDock = dock("orthoglideDock", scrolled(d->orthoEditor), Qt::LeftDockWidgetArea);
  d->orthoDock->hide();  // shown with an Orthoglide scene
  // Edits of the Orthoglide's parameters (validated by the robot-file reader) redraw the robot and are
  // used by the next run.
  connect(d->orthoEditor, &OrthoglideEditor::modelChanged, this, [this](const OrthoglideModel& m) {
    if (d->kind != Impl::SceneKind::Orthoglide || !d->orthoScene) return;
    auto s = std::make_shared<sim::OrthoglideScene>(*d->orthoScene);
    s->robot.model = m;
    d->orthoScene = std::move(s);
    d->panel->setOrthoglideRobot(d->orthoScene->robot);  // the way-points' reach is checked again
    if (d->view && !d->running) {
      d->view->setOrthoglide(m);
      d->view->clearTrails();
    }
    d->updateTitle();
  });
  d->panelDock->raise();
  connect(d->ethercat, &EthercatPanel::faultRaised, this, [this](const QString& m) { d->error(m); });
  connect(d->ethercat, &EthercatPanel::backendChanged, this, [this] {
    d->info(d->ethercat->ethercatSelected() ? tr("Runs drive the EtherCAT backend (EtherCAT panel)")
                                            : tr("Runs drive the simulated plant"));
  });
  connect(d->ident, &IdentificationPanel::message, this, [this](const QString& m) { d->info(m); });
  connect(d->ident, &IdentificationPanel::openSceneRequested, this, [this](const QString& path) { openFile(path); });
  connect(d->ident, &IdentificationPanel::identifiedModelChanged, this, [this](bool use) {
    const auto m = use ? d->ident->identifiedModel() : std::nullopt;
    d->identifiedModel = m ? std::make_shared<const Model>(*m) : nullptr;
    d->info(d->identifiedModel ? tr("The model-based controllers use the identified model")
                               : tr("The model-based controllers use their own model"));
  });
  connect(d->ident, &IdentificationPanel::compareRequested, this, [this] {
    const auto m = d->ident->identifiedModel();
    if (!m) return;
    d->identifiedModel = std::make_shared<const Model>(*m);
    d->compareIdentified = true;
    d->run(false);
    d->compareIdentified = false;  // also when the run could not start
    if (!d->ident->useIdentifiedModel()) d->identifiedModel.reset();  // only this run
  });
  // Posing by hand moves the 3D robot while no simulation runs.
  connect(d->teach, &TeachPanel::configurationChanged, this, [this](const VectorX& q) {
    if (d->running) return;
    if (d->view) d->view->setConfiguration(q);
  });
  d->scope = new ScopeWidget(this);
  d->scope->setObjectName("scope");
  d->scope->setMinimumHeight(220);
  d->scopeDock = dock("scopeDock", d->scope, Qt::BottomDockWidgetArea);
  connect(d->scope, &ScopeWidget::channelPageChanged, this, [this](int page) { d->showComparisonPage(page); });
  d->metrics = new MetricsView(this);
  d->metrics->setObjectName("metricsView");
  d->metricsDock = dock("metricsDock", d->metrics, Qt::BottomDockWidgetArea);
  d->messages = new MessageArea(this);
  d->messages->setObjectName("messageArea");
  d->messageDock = dock("messageDock", d->messages, Qt::BottomDockWidgetArea);
  d->conservation = new ConservationPanel(this);
  d->conservation->setObjectName("conservationPanel");
  d->conservationDock = dock("conservationDock", scrolled(d->conservation), Qt::BottomDockWidgetArea);
  splitDockWidget(d->scopeDock, d->metricsDock, Qt::Horizontal);
  tabifyDockWidget(d->metricsDock, d->messageDock);
  tabifyDockWidget(d->messageDock, d->conservationDock);
  d->metricsDock->raise();
  resizeDocks({d->scopeDock, d->metricsDock}, {3, 2}, Qt::Horizontal);

  // Status bar.
  d->statusLabel = new QLabel(this);
  d->statusLabel->setObjectName("statusLabel");
  statusBar()->addWidget(d->statusLabel, 1);
  d->progressBar = new QProgressBar(this);
  d->progressBar->setMaximumWidth(200);
  d->progressBar->setRange(0, 100);
  d->progressBar->hide();
  statusBar()->addPermanentWidget(d->progressBar);

  // Actions and menus.
  auto act = [this](const char* name, const QKeySequence& key = {}) {
    auto* a = new QAction(this);
    a->setObjectName(QString::fromLatin1(name));
    if (!key.isEmpty()) a->setShortcut(key);
    return a;
  };
  auto* mb = menuBar();
  d->fileMenu = mb->addMenu(QString());
  d->fileMenu->setObjectName("menuFile");
  d->newAct = act("actionNew", QKeySequence::New);
  d->newAct->setIcon(style()->standardIcon(QStyle::SP_FileIcon));
  d->openAct = act("actionOpen", QKeySequence::Open);
  d->openAct->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
  d->importUrdfAct = act("actionImportUrdf", QKeySequence(Qt::CTRL | Qt::Key_I));
  d->saveAct = act("actionSave", QKeySequence::Save);
  d->saveAct->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
  d->saveAsAct = act("actionSaveAs", QKeySequence::SaveAs);
  d->saveSceneAct = act("actionSaveScene", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
  d->saveSceneAsAct = act("actionSaveSceneAs", QKeySequence(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_S));
  d->exportCsvAct = act("actionExportCsv", QKeySequence(Qt::CTRL | Qt::Key_E));
  d->exportPlotAct = act("actionExportPlot", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
  d->exportMetricsAct = act("actionExportMetrics");
  d->quitAct = act("actionQuit", QKeySequence::Quit);
  d->fileMenu->addAction(d->newAct);
  d->fileMenu->addAction(d->openAct);
  d->fileMenu->addAction(d->importUrdfAct);
  d->recentMenu = d->fileMenu->addMenu(QString());
  d->recentMenu->setObjectName("menuRecent");
  d->fileMenu->addAction(d->saveSceneAct);
  d->fileMenu->addAction(d->saveSceneAsAct);
  d->fileMenu->addAction(d->saveAct);
  d->fileMenu->addAction(d->saveAsAct);
  d->fileMenu->addSeparator();
  d->exportMenu = d->fileMenu->addMenu(QString());
  d->exportMenu->setObjectName("menuExport");
  d->exportMenu->addAction(d->exportCsvAct);
  d->exportMenu->addAction(d->exportPlotAct);
  d->exportMenu->addAction(d->exportMetricsAct);
  d->fileMenu->addSeparator();
  d->fileMenu->addAction(d->quitAct);

  d->editMenu = mb->addMenu(QString());
  d->editMenu->setObjectName("menuEdit");
  d->undoAct = d->undo.createUndoAction(this);
  d->undoAct->setObjectName("actionUndo");
  d->undoAct->setShortcut(QKeySequence::Undo);
  d->redoAct = d->undo.createRedoAction(this);
  d->redoAct->setObjectName("actionRedo");
  d->redoAct->setShortcut(QKeySequence::Redo);
  d->editMenu->addAction(d->undoAct);
  d->editMenu->addAction(d->redoAct);

  d->simMenu = mb->addMenu(QString());
  d->simMenu->setObjectName("menuSimulation");
  d->runAct = act("actionRun", QKeySequence(Qt::CTRL | Qt::Key_R));
  d->runAct->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  d->pauseAct = act("actionPause", QKeySequence(Qt::CTRL | Qt::Key_P));
  d->pauseAct->setCheckable(true);
  d->pauseAct->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  d->stepAct = act("actionStep", QKeySequence(Qt::CTRL | Qt::Key_T));
  d->stepAct->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
  d->resetAct = act("actionReset", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
  d->resetAct->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
  d->simMenu->addAction(d->runAct);
  d->simMenu->addAction(d->pauseAct);
  d->simMenu->addAction(d->stepAct);
  d->simMenu->addAction(d->resetAct);
  d->compareAct = act("actionCompareOnScope", QKeySequence(Qt::CTRL | Qt::Key_K));
  d->simMenu->addAction(d->compareAct);
  d->seqIdentAct = act("actionSequentialIdentification");
  d->simMenu->addAction(d->seqIdentAct);
  connect(d->seqIdentAct, &QAction::triggered, this, [this] { d->openSequentialIdentification(); });
  d->simMenu->addSeparator();
  d->speedMenu = d->simMenu->addMenu(QString());
  d->speedMenu->setObjectName("menuSpeed");
  auto* speedGroup = new QActionGroup(this);
  const double speeds[] = {0.1, 0.5, 1.0, 2.0, 10.0, 0.0};
  const char* speedNames[] = {"actionSpeed0_1", "actionSpeed0_5", "actionSpeed1", "actionSpeed2", "actionSpeed10", "actionSpeedMax"};
  for (int i = 0; i < 6; ++i) {
    auto* a = act(speedNames[i]);
    a->setCheckable(true);
    a->setData(speeds[i]);
    speedGroup->addAction(a);
    d->speedMenu->addAction(a);
    d->speedActs.push_back(a);
    connect(a, &QAction::triggered, this, [this, v = speeds[i]] {
      d->speed = v;
      d->worker->setSpeed(v);
    });
  }
  d->speedActs[2]->setChecked(true);

  d->viewMenu = mb->addMenu(QString());
  d->viewMenu->setObjectName("menuView");
  for (auto* dw : {d->editorDock, d->panelDock, d->teachDock, d->identDock, d->ethercatDock, d->scopeDock, d->metricsDock,
                   d->messageDock, d->conservationDock}) {
    auto* a = dw->toggleViewAction();
    a->setObjectName(QStringLiteral("toggle_") + dw->objectName());
    d->viewMenu->addAction(a);
  }
  d->viewMenu->addSeparator();
  d->framesAct = act("actionShowFrames");
  d->comAct = act("actionShowCom");
  d->axesAct = act("actionShowAxes");
  for (auto* a : {d->framesAct, d->comAct, d->axesAct}) {
    a->setCheckable(true);
    d->viewMenu->addAction(a);
  }
  d->axesAct->setChecked(true);
  d->comAct->setChecked(true);  // as the 3D view starts
  connect(d->framesAct, &QAction::toggled, this, [this](bool on) { d->view->setShowFrames(on); });
  connect(d->comAct, &QAction::toggled, this, [this](bool on) { d->view->setShowCentresOfMass(on); });
  connect(d->axesAct, &QAction::toggled, this, [this](bool on) { d->view->setShowJointAxes(on); });
  d->gridAct = act("actionShowFloorGrid");
  d->desiredTrailAct = act("actionShowDesiredTrail");
  d->actualTrailAct = act("actionShowActualTrail");
  for (auto* a : {d->gridAct, d->desiredTrailAct, d->actualTrailAct}) {
    a->setCheckable(true);
    a->setChecked(true);
    d->viewMenu->addAction(a);
  }
  connect(d->gridAct, &QAction::toggled, this, [this](bool on) { d->view->setShowFloorGrid(on); });
  connect(d->desiredTrailAct, &QAction::toggled, this, [this](bool on) { d->view->setShowDesiredTrail(on); });
  connect(d->actualTrailAct, &QAction::toggled, this, [this](bool on) { d->view->setShowActualTrail(on); });
  d->viewMenu->addSeparator();
  d->fitAct = act("actionFitToRobot", QKeySequence(Qt::CTRL | Qt::Key_0));
  d->viewMenu->addAction(d->fitAct);
  connect(d->fitAct, &QAction::triggered, this, [this] { d->view->fitToRobot(); });

  d->langMenu = mb->addMenu(QString());
  d->langMenu->setObjectName("menuLanguage");
  auto* langGroup = new QActionGroup(this);
  d->frAct = act("actionLanguageFr");
  d->enAct = act("actionLanguageEn");
  for (auto* a : {d->frAct, d->enAct}) {
    a->setCheckable(true);
    langGroup->addAction(a);
    d->langMenu->addAction(a);
  }
  connect(d->frAct, &QAction::triggered, this, [this] { d->setLanguage(QStringLiteral("fr")); });
  connect(d->enAct, &QAction::triggered, this, [this] { d->setLanguage(QStringLiteral("en")); });

  d->helpMenu = mb->addMenu(QString());
  d->helpMenu->setObjectName("menuHelp");
  d->aboutAct = act("actionAbout");
  d->equationsAct = act("actionEquations", QKeySequence::HelpContents);
  d->algorithmsAct = act("actionAlgorithms");
  d->helpMenu->addAction(d->equationsAct);
  d->helpMenu->addAction(d->algorithmsAct);
  d->helpMenu->addAction(d->aboutAct);

  d->toolBar = addToolBar(QString());
  d->toolBar->setObjectName("mainToolBar");
  d->toolBar->addAction(d->newAct);
  d->toolBar->addAction(d->openAct);
  d->toolBar->addAction(d->saveAct);
  d->toolBar->addSeparator();
  d->toolBar->addAction(d->runAct);
  d->toolBar->addAction(d->pauseAct);
  d->toolBar->addAction(d->stepAct);
  d->toolBar->addAction(d->resetAct);

  // Connections.
  connect(d->newAct, &QAction::triggered, this, [this] {
    if (d->maybeSave()) d->newScene();
  });
  connect(d->openAct, &QAction::triggered, this, [this] {
    if (!d->maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a scene or a robot"), dataDirectory() + QStringLiteral("/scenes"),
                                                      tr("Scenes and robots (*.json *.urdf)"));
    if (!path.isEmpty()) openFile(path);
  });
  connect(d->importUrdfAct, &QAction::triggered, this, [this] {
    if (!d->maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a URDF robot"), dataDirectory() + QStringLiteral("/robots"),
                                                      tr("URDF robots (*.urdf)"));
    if (!path.isEmpty()) openFile(path);
  });
  connect(d->saveAct, &QAction::triggered, this, [this] { d->save(); });
  connect(d->saveAsAct, &QAction::triggered, this, [this] { d->saveAs(); });
  connect(d->saveSceneAct, &QAction::triggered, this, [this] { d->saveScene(); });
  connect(d->saveSceneAsAct, &QAction::triggered, this, [this] { d->saveSceneAs(); });
  connect(d->exportCsvAct, &QAction::triggered, this, [this] { d->exportCsv(); });
  connect(d->exportPlotAct, &QAction::triggered, this, [this] { d->exportPlot(); });
  connect(d->exportMetricsAct, &QAction::triggered, this, [this] { d->exportMetrics(); });
  connect(d->quitAct, &QAction::triggered, this, &QWidget::close);
  connect(d->runAct, &QAction::triggered, this, [this] { d->run(false); });
  connect(d->pauseAct, &QAction::toggled, this, [this](bool on) { d->worker->setPaused(on); });
  connect(d->stepAct, &QAction::triggered, this, [this] {
    if (!d->running) d->run(true);
    d->pauseAct->setChecked(true);
    d->worker->step(1);
  });
  connect(d->resetAct, &QAction::triggered, this, [this] { d->reset(); });
  connect(d->compareAct, &QAction::triggered, this, [this] { d->compareOnScope(); });
  connect(d->aboutAct, &QAction::triggered, this, [this] {
    QMessageBox::about(this, tr("About ManipLab"),
                       tr("<h3>ManipLab %1</h3><p>Simulating, controlling and teaching the dynamics of robot "
                          "manipulators: serial chains (DH, modified DH, general frames, URDF), exact recursive dynamics, "
                          "independent-joint PID and computed-torque control, a free-floating base, the Orthoglide "
                          "parallel robot, base-parameter identification and EtherCAT drives.</p>")
                           .arg(QCoreApplication::applicationVersion()));
  });
  connect(d->equationsAct, &QAction::triggered, this, [this] { d->showEquations(); });
  connect(d->algorithmsAct, &QAction::triggered, this, [this] {
    if (!d->algorithmsDialog) d->algorithmsDialog = new AlgorithmsDialog(this);
    d->updateAlgorithmsDialog();
    d->algorithmsDialog->show();
    d->algorithmsDialog->raise();
  });
  connect(&d->undo, &QUndoStack::cleanChanged, this, [this] { d->updateTitle(); });
  connect(d->panel, &ControlPanel::message, this, [this](const QString& m) { d->info(m); });
  connect(d->panel, &ControlPanel::settingsChanged, this, [this] {  // unsaved scene edits
    if (!d->hasScene || d->kind == Impl::SceneKind::Satellite) return;
    d->sceneModified = true;
    d->updateTitle();
  });
  connect(d->ethercat, &EthercatPanel::backendChanged, this, [this] {  // a saved scene names the backend
    if (!d->hasScene || d->kind != Impl::SceneKind::Serial) return;
    if ((d->ethercat->ethercatSelected() ? "ethercat" : "sim") == d->scene.backend) return;
    d->sceneModified = true;
    d->updateTitle();
  });
  connect(d->metrics, &MetricsView::message, this, [this](const QString& m) { d->info(m); });
  connect(d->editor, &ChainEditor::message, this, [this](const QString& m) {
    d->message(MessageArea::Severity::Warning, m);
  });
  connect(d->editor, &ChainEditor::robotChanged, this, [this](const RobotDescription& desc, const Model& model) {
    if (!d->hasScene) return;
    const bool dofChanged = model.nq != d->scene.robot.model.nq;
    d->scene.robot.description = desc;
    d->scene.robot.model = model;
    // The panel's trajectory and gains follow a new joint count (or are flagged), its validation the robot.
    d->panel->setRobot(d->scene.robot);
    if (dofChanged) d->scopeSourcesFromScene();
    d->showRobot();
    d->updateTitle();
    if (d->algorithmsDialog && d->algorithmsDialog->isVisible()) d->algorithmsDialog->setModel(model);
    if (d->ident) d->ident->setRobot(model, d->robotPath);
  });

  // Worker thread.
  d->worker = new SimulationWorker;
  d->worker->moveToThread(&d->thread);
  connect(&d->thread, &QThread::finished, d->worker, &QObject::deleteLater);
  connect(d->worker, &SimulationWorker::runStarted, this,
          [this](int i, const QString& n, const QStringList& c, const QStringList& u) { d->onRunStarted(i, n, c, u); });
  connect(d->worker, &SimulationWorker::rows, this,
          [this](int i, const QVector<double>& t, const QVector<double>& v, int c) { d->onRows(i, t, v, c); });
  connect(d->worker, &SimulationWorker::progress, this, [this](double f, const QString&) {
    d->progressBar->setValue(int(std::lround(f * 100)));
  });
  connect(d->worker, &SimulationWorker::finished, this, [this](const RunOutcomes& o) { d->onFinished(o); });
  d->thread.setObjectName("simulation");
  d->thread.start();

  // Events the header does not override: close (unsaved changes), language change, drag and drop.
  auto* filter = new WindowEventFilter(this);
  filter->handler = [this](QEvent* e) -> bool {
    switch (e->type()) {
      case QEvent::Close: {
        if (!d->maybeSave()) {
          e->ignore();
          return true;
        }
        QSettings s;
        s.setValue(QStringLiteral("geometry"), saveGeometry());
        s.setValue(QStringLiteral("windowState"), saveState());
        return false;
      }
      case QEvent::LanguageChange:
        d->retranslate();
        return false;
      case QEvent::DragEnter: {
        auto* de = static_cast<QDragEnterEvent*>(e);
        if (de->mimeData()->hasUrls())
          for (const QUrl& u : de->mimeData()->urls())
            if (u.isLocalFile() && isOpenableFile(u.toLocalFile())) {
              de->acceptProposedAction();
              return true;
            }
        return false;
      }
      case QEvent::Drop: {
        auto* de = static_cast<QDropEvent*>(e);
        for (const QUrl& u : de->mimeData()->urls())
          if (u.isLocalFile() && isOpenableFile(u.toLocalFile())) {
            de->acceptProposedAction();
            const QString p = u.toLocalFile();
            QTimer::singleShot(0, this, [this, p] {
              if (d->maybeSave()) openFile(p);
            });
            return true;
          }
        return false;
      }
      default: return false;
    }
  };
  installEventFilter(filter);

  // Settings, language (system locale by default), start scene.
  QSettings s;
  d->setLanguage(startLanguage);
  d->rebuildRecent();
  // First start: 1500 x 950, or 90 % of a smaller screen (the window's minimum is 735 x 480).
  const QSize avail = screen() ? screen()->availableGeometry().size() : QSize(1500, 950);
  resize(QSize(1500, 950).boundedTo(avail * 0.9));
  // The scrolled panels do not impose their width: give the chain editor and the control panel room
  // for their tables at the first start (a saved layout replaces this).
  resizeDocks({d->editorDock, d->panelDock},
              {std::min(d->editor->sizeHint().width() + 20, width() * 36 / 100),
               std::min(d->panel->sizeHint().width() + 20, width() * 31 / 100)},
              Qt::Horizontal);
  if (s.contains(QStringLiteral("geometry"))) restoreGeometry(s.value(QStringLiteral("geometry")).toByteArray());
  if (s.contains(QStringLiteral("windowState"))) restoreState(s.value(QStringLiteral("windowState")).toByteArray());
  d->updateActions();
  const QString start = dataDirectory() + QStringLiteral("/scenes/default.json");
  if (!openFile(start)) d->error(tr("Cannot open the start scene %1").arg(start));
}

MainWindow::~MainWindow() {
  d->worker->cancel();
  d->worker->setPaused(false);
  d->thread.quit();
  d->thread.wait();
  // The chain editor keeps a pointer to the undo stack of d: delete it (and the view) while d lives.
  delete d->editorDock;
  d->editorDock = nullptr;
  delete takeCentralWidget();
  QCoreApplication::removeTranslator(&d->translator);
  QCoreApplication::removeTranslator(&d->qtTranslator);
}

bool MainWindow::openFile(const QString& path) {
  const QFileInfo fi(path);
  if (!fi.exists() || !fi.isFile()) {
    d->error(tr("%1: no such file").arg(path));
    return false;
  }
  if (isUrdfPath(path.toStdString())) {
    try {
      return d->importUrdf(fi);
    } catch (const std::exception& e) {
      d->error(tr("%1: %2").arg(path, q(e.what())));
      return false;
    }
  }
  std::string text;
  if (!readTextFile(path.toStdString(), text)) {
    d->error(tr("%1: cannot read the file").arg(path));
    return false;
  }
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  try {
    if (!j.is_discarded() && j.is_object() && sim::isOrthoglideScene(text)) {
      auto res = sim::loadOrthoglideSceneFile(path.toStdString());
      d->diagnostics(res.diagnostics);
      if (!res.ok()) {
        d->error(tr("%1: the scene was not loaded (see the messages above)").arg(path));
        return false;
      }
      d->setOtherScene(std::make_shared<const sim::OrthoglideScene>(std::move(res.scene)), nullptr, fi.absoluteFilePath());
      d->info(tr("Orthoglide scene %1 loaded (%2)").arg(fi.fileName(), q(d->orthoScene->name)));
      d->addRecent(path);
      return true;
    }
    if (!j.is_discarded() && j.is_object() && j.value("format", std::string()) == "maniplab-satellite") {
      auto res = sim::loadSatelliteScene(path.toStdString());
      d->diagnostics(res.diagnostics);
      if (!res.ok()) {
        d->error(tr("%1: the scene was not loaded (see the messages above)").arg(path));
        return false;
      }
      d->setOtherScene(nullptr, std::make_shared<const sim::SatelliteScene>(std::move(res.scene)), fi.absoluteFilePath());
      d->info(tr("Satellite scene %1 loaded (%2)").arg(fi.fileName(), q(d->satScene->name)));
      d->addRecent(path);
      return true;
    }
  } catch (const std::exception& e) {
    d->error(tr("%1: %2").arg(path, q(e.what())));
    return false;
  }
  bool isScene = false;
  if (!j.is_discarded() && j.is_object() && j.contains("format") && j["format"].is_string())
    isScene = j["format"].get<std::string>() == "maniplab-scene";
  try {
    if (isScene || j.is_discarded()) {
      // A malformed file is reported by the scene reader (file, line, cause).
      const sim::SceneLoadResult res = sim::loadSceneFile(path.toStdString());
      d->diagnostics(res.diagnostics);
      if (!res.ok()) {
        d->error(tr("%1: the scene was not loaded (see the messages above)").arg(path));
        return false;
      }
      d->setScene(res.scene, fi.absoluteFilePath());
      d->info(tr("Scene %1 loaded (%2)").arg(fi.fileName(), q(res.scene.name)));
    } else {
      const RobotLoadResult r = loadRobotFile(path.toStdString());
      if (!d->robotIntoScene(r, fi)) return false;
    }
  } catch (const std::exception& e) {
    d->error(tr("%1: %2").arg(path, q(e.what())));
    return false;
  }
  d->addRecent(path);
  return true;
}

}  // namespace maniplab::ui
