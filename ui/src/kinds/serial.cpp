// The GUI binding of the serial scenes (scene_kind_ui.hpp): the chain editor edits the scene's robot (its
// own document, File > Save robot, with the window's undo stack), the teach panel poses it, the
// identification panel identifies it (and its model can drive the next runs), the EtherCAT panel can
// replace the simulated plant; the control panel edits the scene. The four panels are this kind's docks:
// no other kind uses them (the pendulum's one-joint robot is its scene's, not a chain file; the EtherCAT
// panel's drives and backend are the serial runs'), so they are built here and hidden with other scenes.
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QSaveFile>
#include <QUndoStack>
#include <algorithm>

#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/ethercat_panel.hpp"
#include "maniplab/ui/identification_panel.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/scene_document.hpp"
#include "maniplab/ui/teach_panel.hpp"
#include "maniplab/ui/text_conversion.hpp"
#include "arm_drawing.hpp"
#include "scene_kind_ui.hpp"

namespace maniplab::ui {

namespace {

sim::SerialScene* serialScene(const WindowParts& w) {
  return w.document ? dynamic_cast<sim::SerialScene*>(w.document->scene().get()) : nullptr;
}

/// The serial kind's panels in one window, and what the next runs take from them.
struct SerialParts final : KindParts {
  ChainEditor* editor = nullptr;
  TeachPanel* teach = nullptr;
  IdentificationPanel* ident = nullptr;
  EthercatPanel* ethercat = nullptr;
  /// The identification panel's model, used by the next runs' model-based controllers when set;
  /// compareIdentified: the next run compares the controllers' own model with it.
  std::shared_ptr<const Model> identifiedModel;
  bool compareIdentified = false;
};

class SerialKindUi final : public SceneKindUi {
 public:
  void buildDocks(WindowParts& w) const override {
    auto parts = std::make_unique<SerialParts>();
    SerialParts& m = *parts;
    w.kindParts[this] = std::move(parts);
    QMainWindow* win = w.window;
    m.editor = new ChainEditor(w.undo, win);
    m.editor->setObjectName("chainEditor");
    QDockWidget* editorDock = w.addDock(*this, "chainEditorDock", m.editor, Qt::LeftDockWidgetArea,
                                        [] { return SceneKinds::tr("Chain editor"); },
                                        [e = m.editor](int width) { return std::min(e->sizeHint().width() + 20, width * 36 / 100); });
    m.teach = new TeachPanel(win);
    m.teach->setObjectName("teachPanel");
    QDockWidget* teachDock = w.addDock(*this, "teachDock", m.teach, Qt::RightDockWidgetArea, [] { return SceneKinds::tr("Teach"); });
    win->tabifyDockWidget(w.panelDock, teachDock);
    // Identification and EtherCAT are tabbed with the chain editor (the robot's parameters and its drives),
    // not with the control panel: four tabs in a right dock a third of 1280 px wide truncated their titles
    // in French ("Panneau de comm...", "Apprentis...", "Et...").
    m.ident = new IdentificationPanel(win);
    QDockWidget* identDock = w.addDock(*this, "identificationDock", m.ident, Qt::LeftDockWidgetArea,
                                       [] { return SceneKinds::tr("Identification"); });
    win->tabifyDockWidget(editorDock, identDock);
    m.ethercat = new EthercatPanel(win);  // (scrolled: its tables must not widen the dock area)
    QDockWidget* ethercatDock = w.addDock(*this, "ethercatDock", m.ethercat, Qt::LeftDockWidgetArea,
                                          [] { return SceneKinds::tr("EtherCAT"); });
    win->tabifyDockWidget(identDock, ethercatDock);
    editorDock->raise();
  }

  void attach(WindowParts& w) const override {
    WindowParts* p = &w;
    SerialParts* sp = &mine(w);
    // An accepted edit of the chain editor is the scene's robot: the control panel's trajectory and gains
    // follow a new joint count (or are flagged), the view and the identification panel the new model.
    QObject::connect(sp->editor, &ChainEditor::robotChanged, w.window, [this, p, sp](const RobotDescription& desc, const Model& model) {
      sim::SerialScene* s = serialScene(*p);
      if (!s) return;
      const bool dofChanged = model.nq != s->data.robot.model.nq;
      s->data.robot.description = desc;
      s->data.robot.model = model;
      p->panel->setRobot(s->data.robot);
      if (dofChanged) p->channelsChanged();
      posePanels(*s, *p);
      sp->ident->setRobot(model, p->robotPath);
      p->refresh();
    });
    QObject::connect(sp->editor, &ChainEditor::message, w.window,
                     [p](const QString& m) { p->message(MessageArea::Severity::Warning, m); });
    // Posing by hand moves the 3D robot while no simulation runs.
    QObject::connect(sp->teach, &TeachPanel::configurationChanged, w.window, [p](const VectorX& q) {
      if (ArmDrawing* arm = p->view->drawing<ArmDrawing>(); arm && !p->running) arm->setConfiguration(q);
    });
    QObject::connect(sp->ethercat, &EthercatPanel::faultRaised, w.window, [p](const QString& m) { p->error(m); });
    QObject::connect(sp->ethercat, &EthercatPanel::backendChanged, w.window, [p, sp] {
      p->info(sp->ethercat->ethercatSelected() ? SceneKinds::tr("Runs drive the EtherCAT backend (EtherCAT panel)")
                                              : SceneKinds::tr("Runs drive the simulated plant"));
      const sim::SerialScene* s = serialScene(*p);  // a saved scene names the backend
      if (s && (sp->ethercat->ethercatSelected() ? "ethercat" : "sim") != s->data.backend) p->document->setModified(true);
    });
    QObject::connect(sp->ethercat, &EthercatPanel::lossBudgetChanged, w.window, [p, sp] {  // saved with the scene
      const sim::SerialScene* s = serialScene(*p);
      if (s && (s->data.ethercat.lossBudget != sp->ethercat->lossBudget() ||
                s->data.ethercat.maxLossesPerSecond != sp->ethercat->maxLossesPerSecond()))
        p->document->setModified(true);
    });
    QObject::connect(sp->ident, &IdentificationPanel::message, w.window, [p](const QString& m) { p->info(m); });
    QObject::connect(sp->ident, &IdentificationPanel::openSceneRequested, w.window,
                     [p](const QString& path) { p->openFile(path); });
    QObject::connect(sp->ident, &IdentificationPanel::identifiedModelChanged, w.window, [p, sp](bool use) {
      const auto id = use ? sp->ident->identifiedModel() : std::nullopt;
      sp->identifiedModel = id ? std::make_shared<const Model>(*id) : nullptr;
      p->info(sp->identifiedModel ? SceneKinds::tr("The model-based controllers use the identified model")
                                 : SceneKinds::tr("The model-based controllers use their own model"));
    });
    QObject::connect(sp->ident, &IdentificationPanel::compareRequested, w.window, [p, sp] {
      const auto id = sp->ident->identifiedModel();
      if (!id) return;
      sp->identifiedModel = std::make_shared<const Model>(*id);
      sp->compareIdentified = true;
      p->run(false);
      sp->compareIdentified = false;  // also when the run could not start
      if (!sp->ident->useIdentifiedModel()) sp->identifiedModel.reset();  // only this run
    });
  }

  void show(const sim::AnyScene& scene, WindowParts& w) const override {
    const auto& s = static_cast<const sim::SerialScene&>(scene).data;
    SerialParts& m = mine(w);
    w.robotPath = q(s.robotFile);
    w.panel->setScene(s);
    m.ident->setRobot(s.robot.model, w.robotPath);
    m.ethercat->setScene(s);
    m.editor->setDescription(s.robot.description);
    w.undo->clear();
    w.undo->setClean();
    pose(scene, w);
    if (s.backend == "ethercat")
      w.info(SceneKinds::tr("%1: the scene asks for the EtherCAT backend (see the EtherCAT panel)").arg(w.document->path()));
  }

  void pose(const sim::AnyScene& scene, WindowParts& w) const override {
    posePanels(static_cast<const sim::SerialScene&>(scene), w);
  }

  void prepareRun(sim::AnyScene& scene, const WindowParts& w) const override {
    auto& s = static_cast<sim::SerialScene&>(scene);
    const SerialParts& m = mine(w);
    if (m.identifiedModel) {
      s.options.controllerModel = m.identifiedModel;
      s.options.controllerModelLabel = SceneKinds::tr("identified model").toStdString();
      s.options.compareControllerModel = m.compareIdentified;
    }
    // The EtherCAT panel's backend (live drives or the in-process virtual drives) replaces the simulated
    // plant; the controllers, recorder, scope and metrics stay the same.
    if (m.ethercat->ethercatSelected()) s.options.backendFactory = m.ethercat->backendFactory();
  }

  void runningChanged(bool running, WindowParts& w) const override {
    mine(w).teach->setEnabled(!running);  // the simulation owns the pose while it runs
  }

  void runFinished(const RunOutcomes& out, WindowParts& w) const override {
    for (const auto& r : out.runs)
      if (r.recorder && r.recorder->rows() > 0) {
        mine(w).ident->setLastRun(r.recorder, r.name);
        break;
      }
  }

  bool identifies() const override { return true; }

  bool hasRobotDocument() const override { return true; }
  bool robotModified(const WindowParts& w) const override { return !w.undo->isClean(); }

  bool saveRobot(const sim::AnyScene& scene, WindowParts& w, const QString& path) const override {
    if (path.isEmpty() && w.robotPath.isEmpty()) return saveRobotAs(scene, w);
    const QString target = path.isEmpty() ? w.robotPath : path;
    const std::string text = robotToJson(mine(w).editor->description());
    QSaveFile f(target);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()) || !f.commit()) {
      w.error(SceneKinds::tr("%1: cannot save the robot: %2").arg(target, f.errorString()));
      return false;
    }
    w.robotPath = target;
    w.undo->setClean();
    sim::SerialScene* s = serialScene(w);
    const QString abs = QFileInfo(target).absoluteFilePath();
    if (s && abs != QFileInfo(q(s->data.robotFile)).absoluteFilePath()) {
      s->data.robotFile = abs.toStdString();  // the scene now names this file
      w.document->setModified(true);
    }
    w.info(SceneKinds::tr("Robot saved to %1").arg(target));
    w.document->addRecent(target);
    w.refresh();
    return true;
  }

  RobotRecovery robotRecovery(const WindowParts& w) const override {
    if (w.undo->isClean()) return {};
    const RobotDescription& d = mine(w).editor->description();
    return {q(d.name), w.robotPath, q(robotToJson(d))};
  }

  /// The recovered robot is one undoable edit of the file's robot: the document stays modified until saved.
  bool restoreRobot(const QString& text, WindowParts& w, QString* why) const override {
    const RobotLoadResult r = parseRobot(text.toStdString(), w.robotPath.isEmpty() ? "robot" : w.robotPath.toStdString());
    if (!r.ok()) {
      if (why) *why = q(r.report());
      return false;
    }
    return mine(w).editor->replaceDescription(r.description, SceneKinds::tr("Recovered robot"), why);
  }

  bool saveRobotAs(const sim::AnyScene& scene, WindowParts& w) const override {
    const QString path = QFileDialog::getSaveFileName(
        w.window, SceneKinds::tr("Save the robot"), w.robotPath.isEmpty() ? dataDirectory() + QStringLiteral("/robots") : w.robotPath,
        SceneKinds::tr("Robot files (*.json)"));
    return !path.isEmpty() && saveRobot(scene, w, path);
  }

  /// The chain editor's robot, with its unsaved edits; its mesh paths are relative to its robot file.
  std::optional<UrdfExportSource> urdfExport(const sim::AnyScene&, const WindowParts& w, QString*) const override {
    return UrdfExportSource{mine(w).editor->description(), w.robotPath.toStdString()};
  }

  /// The scene names its robot file: the robot's unsaved edits are saved first; the backend the runs use.
  bool beforeSceneSave(sim::AnyScene& scene, WindowParts& w, const QString& path) const override {
    if (!w.undo->isClean()) {
      w.info(SceneKinds::tr("The robot has unsaved edits: it is saved first (the scene names its file)"));
      if (!saveRobot(scene, w, QString()) || !w.undo->isClean()) {
        w.error(SceneKinds::tr("%1: the scene was not saved: its robot has unsaved edits").arg(path));
        return false;
      }
    }
    sim::Scene& s = static_cast<sim::SerialScene&>(scene).data;
    if (!w.robotPath.isEmpty()) s.robotFile = QFileInfo(w.robotPath).absoluteFilePath().toStdString();
    const EthercatPanel* ethercat = mine(w).ethercat;
    s.backend = ethercat->ethercatSelected() ? "ethercat" : "sim";
    s.ethercat.lossBudget = ethercat->lossBudget();  // the EtherCAT panel's loss budget (0: the master's default)
    s.ethercat.maxLossesPerSecond = ethercat->maxLossesPerSecond();
    return true;
  }

 private:
  SerialParts& mine(const WindowParts& w) const { return w.partsOf<SerialParts>(*this); }

  /// The view and the teach panel at the scene's start.
  void posePanels(const sim::SerialScene& scene, WindowParts& w) const {
    const RobotLoadResult& robot = scene.data.robot;
    if (robot.model.nq == 0) return;
    const VectorX q0 = initialPose(scene);
    mine(w).teach->setRobot(robot.model, q0);
    ArmDrawing::draw(*w.view, robot.model, robot.description).setConfiguration(q0);
    w.view->fitToRobot();
  }
};

}  // namespace

const SceneKindUi& serialKindUi() {
  static const SerialKindUi binding;
  return binding;
}

}  // namespace maniplab::ui
