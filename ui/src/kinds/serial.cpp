// The GUI binding of the serial scenes (scene_kind_ui.hpp): the chain editor edits the scene's robot (its
// own document, File > Save robot, with the window's undo stack), the teach panel poses it, the
// identification panel identifies it (and its model can drive the next runs), the EtherCAT panel can
// replace the simulated plant; the control panel edits the scene.
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QSaveFile>
#include <QUndoStack>

#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/ethercat_panel.hpp"
#include "maniplab/ui/identification_panel.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/scene_document.hpp"
#include "maniplab/ui/teach_panel.hpp"
#include "maniplab/ui/text_conversion.hpp"
#include "scene_kind_ui.hpp"

namespace maniplab::ui {

namespace {

sim::SerialScene* serialScene(const WindowParts& w) {
  return w.document ? dynamic_cast<sim::SerialScene*>(w.document->scene().get()) : nullptr;
}

class SerialKindUi final : public SceneKindUi {
 public:
  void attach(WindowParts& w) const override {
    WindowParts* p = &w;
    // An accepted edit of the chain editor is the scene's robot: the control panel's trajectory and gains
    // follow a new joint count (or are flagged), the view and the identification panel the new model.
    QObject::connect(w.editor, &ChainEditor::robotChanged, w.window, [p](const RobotDescription& desc, const Model& model) {
      sim::SerialScene* s = serialScene(*p);
      if (!s) return;
      const bool dofChanged = model.nq != s->data.robot.model.nq;
      s->data.robot.description = desc;
      s->data.robot.model = model;
      p->panel->setRobot(s->data.robot);
      if (dofChanged) p->channelsChanged();
      posePanels(*s, *p);
      p->ident->setRobot(model, p->robotPath);
      p->refresh();
    });
    QObject::connect(w.editor, &ChainEditor::message, w.window,
                     [p](const QString& m) { p->message(MessageArea::Severity::Warning, m); });
    // Posing by hand moves the 3D robot while no simulation runs.
    QObject::connect(w.teach, &TeachPanel::configurationChanged, w.window, [p](const VectorX& q) {
      if (!p->running) p->view->setConfiguration(q);
    });
    QObject::connect(w.ethercat, &EthercatPanel::faultRaised, w.window, [p](const QString& m) { p->error(m); });
    QObject::connect(w.ethercat, &EthercatPanel::backendChanged, w.window, [p] {
      p->info(p->ethercat->ethercatSelected() ? MainWindow::tr("Runs drive the EtherCAT backend (EtherCAT panel)")
                                              : MainWindow::tr("Runs drive the simulated plant"));
      const sim::SerialScene* s = serialScene(*p);  // a saved scene names the backend
      if (s && (p->ethercat->ethercatSelected() ? "ethercat" : "sim") != s->data.backend) p->document->setModified(true);
    });
    QObject::connect(w.ethercat, &EthercatPanel::lossBudgetChanged, w.window, [p] {  // saved with the scene
      const sim::SerialScene* s = serialScene(*p);
      if (s && (s->data.ethercat.lossBudget != p->ethercat->lossBudget() ||
                s->data.ethercat.maxLossesPerSecond != p->ethercat->maxLossesPerSecond()))
        p->document->setModified(true);
    });
    QObject::connect(w.ident, &IdentificationPanel::message, w.window, [p](const QString& m) { p->info(m); });
    QObject::connect(w.ident, &IdentificationPanel::openSceneRequested, w.window,
                     [p](const QString& path) { p->openFile(path); });
    QObject::connect(w.ident, &IdentificationPanel::identifiedModelChanged, w.window, [p](bool use) {
      const auto m = use ? p->ident->identifiedModel() : std::nullopt;
      p->identifiedModel = m ? std::make_shared<const Model>(*m) : nullptr;
      p->info(p->identifiedModel ? MainWindow::tr("The model-based controllers use the identified model")
                                 : MainWindow::tr("The model-based controllers use their own model"));
    });
    QObject::connect(w.ident, &IdentificationPanel::compareRequested, w.window, [p] {
      const auto m = p->ident->identifiedModel();
      if (!m) return;
      p->identifiedModel = std::make_shared<const Model>(*m);
      p->compareIdentified = true;
      p->run(false);
      p->compareIdentified = false;  // also when the run could not start
      if (!p->ident->useIdentifiedModel()) p->identifiedModel.reset();  // only this run
    });
  }

  QList<QDockWidget*> docks(const WindowParts& w) const override {
    return {w.editorDock, w.teachDock, w.identDock, w.ethercatDock};
  }

  void show(const sim::AnyScene& scene, WindowParts& w) const override {
    const auto& s = static_cast<const sim::SerialScene&>(scene).data;
    w.robotPath = q(s.robotFile);
    w.panel->setScene(s);
    w.ident->setRobot(s.robot.model, w.robotPath);
    w.ethercat->setScene(s);
    w.editor->setDescription(s.robot.description);
    w.undo->clear();
    w.undo->setClean();
    pose(scene, w);
    if (s.backend == "ethercat")
      w.info(MainWindow::tr("%1: the scene asks for the EtherCAT backend (see the EtherCAT panel)").arg(w.document->path()));
  }

  void pose(const sim::AnyScene& scene, WindowParts& w) const override {
    posePanels(static_cast<const sim::SerialScene&>(scene), w);
  }

  void prepareRun(sim::AnyScene& scene, const WindowParts& w) const override {
    auto& s = static_cast<sim::SerialScene&>(scene);
    if (w.identifiedModel) {
      s.options.controllerModel = w.identifiedModel;
      s.options.controllerModelLabel = MainWindow::tr("identified model").toStdString();
      s.options.compareControllerModel = w.compareIdentified;
    }
    // The EtherCAT panel's backend (live drives or the in-process virtual drives) replaces the simulated
    // plant; the controllers, recorder, scope and metrics stay the same.
    if (w.ethercat->ethercatSelected()) s.options.backendFactory = w.ethercat->backendFactory();
  }

  void runningChanged(bool running, WindowParts& w) const override {
    w.teach->setEnabled(!running);  // the simulation owns the pose while it runs
  }

  void runFinished(const RunOutcomes& out, WindowParts& w) const override {
    for (const auto& r : out.runs)
      if (r.recorder && r.recorder->rows() > 0) {
        w.ident->setLastRun(r.recorder, r.name);
        break;
      }
  }

  bool identifies() const override { return true; }

  bool hasRobotDocument() const override { return true; }
  bool robotModified(const WindowParts& w) const override { return !w.undo->isClean(); }

  bool saveRobot(const sim::AnyScene& scene, WindowParts& w, const QString& path) const override {
    if (path.isEmpty() && w.robotPath.isEmpty()) return saveRobotAs(scene, w);
    const QString target = path.isEmpty() ? w.robotPath : path;
    const std::string text = robotToJson(w.editor->description());
    QSaveFile f(target);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()) || !f.commit()) {
      w.error(MainWindow::tr("%1: cannot save the robot: %2").arg(target, f.errorString()));
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
    w.info(MainWindow::tr("Robot saved to %1").arg(target));
    w.document->addRecent(target);
    w.refresh();
    return true;
  }

  RobotRecovery robotRecovery(const WindowParts& w) const override {
    if (w.undo->isClean()) return {};
    const RobotDescription& d = w.editor->description();
    return {q(d.name), w.robotPath, q(robotToJson(d))};
  }

  /// The recovered robot is one undoable edit of the file's robot: the document stays modified until saved.
  bool restoreRobot(const QString& text, WindowParts& w, QString* why) const override {
    const RobotLoadResult r = parseRobot(text.toStdString(), w.robotPath.isEmpty() ? "robot" : w.robotPath.toStdString());
    if (!r.ok()) {
      if (why) *why = q(r.report());
      return false;
    }
    return w.editor->replaceDescription(r.description, MainWindow::tr("Recovered robot"), why);
  }

  bool saveRobotAs(const sim::AnyScene& scene, WindowParts& w) const override {
    const QString path = QFileDialog::getSaveFileName(
        w.window, MainWindow::tr("Save the robot"), w.robotPath.isEmpty() ? dataDirectory() + QStringLiteral("/robots") : w.robotPath,
        MainWindow::tr("Robot files (*.json)"));
    return !path.isEmpty() && saveRobot(scene, w, path);
  }

  /// The chain editor's robot, with its unsaved edits; its mesh paths are relative to its robot file.
  std::optional<UrdfExportSource> urdfExport(const sim::AnyScene&, const WindowParts& w, QString*) const override {
    return UrdfExportSource{w.editor->description(), w.robotPath.toStdString()};
  }

  /// The scene names its robot file: the robot's unsaved edits are saved first; the backend the runs use.
  bool beforeSceneSave(sim::AnyScene& scene, WindowParts& w, const QString& path) const override {
    if (!w.undo->isClean()) {
      w.info(MainWindow::tr("The robot has unsaved edits: it is saved first (the scene names its file)"));
      if (!saveRobot(scene, w, QString()) || !w.undo->isClean()) {
        w.error(MainWindow::tr("%1: the scene was not saved: its robot has unsaved edits").arg(path));
        return false;
      }
    }
    sim::Scene& s = static_cast<sim::SerialScene&>(scene).data;
    if (!w.robotPath.isEmpty()) s.robotFile = QFileInfo(w.robotPath).absoluteFilePath().toStdString();
    s.backend = w.ethercat->ethercatSelected() ? "ethercat" : "sim";
    s.ethercat.lossBudget = w.ethercat->lossBudget();  // the EtherCAT panel's loss budget (0: the master's default)
    s.ethercat.maxLossesPerSecond = w.ethercat->maxLossesPerSecond();
    return true;
  }

 private:
  /// The view and the teach panel at the scene's start.
  static void posePanels(const sim::SerialScene& scene, WindowParts& w) {
    const RobotLoadResult& robot = scene.data.robot;
    if (robot.model.nq == 0) return;
    const VectorX q0 = initialPose(scene);
    w.teach->setRobot(robot.model, q0);
    w.view->setRobot(robot.model, robot.description);
    w.view->clearTrails();
    w.view->setConfiguration(q0);
    w.view->fitToRobot();
  }
};

}  // namespace

const SceneKindUi& serialKindUi() {
  static const SerialKindUi binding;
  return binding;
}

}  // namespace maniplab::ui
