// The GUI binding of the Orthoglide scenes (scene_kind_ui.hpp): the 3D view draws the parallel robot, the
// control panel edits the platform way-points and the controllers, and the Orthoglide parameter editor
// (its own dock) edits the robot file the scene names (File > Save robot writes it), live in the view.
#include <QCoreApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QMainWindow>

#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/ui/algorithms_dialog.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/orthoglide_editor.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/scene_document.hpp"
#include "maniplab/ui/text_conversion.hpp"
#include "orthoglide.hpp"
#include "orthoglide_drawing.hpp"
#include "scene_kind_ui.hpp"

namespace maniplab::ui {

ControlPanel::Rules orthoglideControlRules(const sim::OrthoglideScene& scene) {
  ControlPanel::Rules r;
  r.controllerTypes = {"pid", "computed_torque", "zero"};
  r.otherTypeRefused = QCoreApplication::translate(
      "maniplab::ui::ControlPanel", "An Orthoglide scene runs PID, computed torque or zero torque controllers (not %1)");
  r.rowLabel = [](int row) { return QCoreApplication::translate("maniplab::ui::ControlPanel", "actuator %1").arg(row + 1); };
  r.measurementNoise = false;  // the Orthoglide plant has no measurement model
  auto context = std::make_shared<const sim::OrthoglideScene>(scene);  // its robot and file, for the checks
  r.checkTrajectory = [context](const nlohmann::json& trajectory, double) {
    return sim::checkOrthoglideTrajectory(trajectory, *context);
  };
  r.defaultController = [context](const std::string& type, const std::string& name, double responseTime) {
    return sim::defaultOrthoglideControllerSpec(type, name, context->robot.model, responseTime);
  };
  return r;
}

void showOrthoglideControl(ControlPanel& panel, const sim::OrthoglideScene& s) {
  ControlPanel::Settings settings{s.controllers, sim::orthoglideTrajectoryJson(s.points, s.durations), s.duration,
                                  s.controlPeriod, s.plant, s.record};
  panel.edit(settings, orthoglideControlRules(s), 3);  // the actuators q_11, q_12, q_13
}

bool applyOrthoglideControl(const ControlPanel& panel, sim::OrthoglideScene& scene, QString* error) {
  ControlPanel::Settings settings{{}, {}, scene.duration, scene.controlPeriod, scene.plant, scene.record};
  if (!panel.settings(settings, error)) return false;
  std::vector<Vector3> points;
  std::vector<double> durations;
  if (!noErrors(sim::checkOrthoglideTrajectory(settings.trajectory, scene, &points, &durations))) {
    if (error) *error = QCoreApplication::translate("maniplab::ui::ControlPanel", "Trajectory: %1").arg(panel.trajectoryProblems());
    return false;
  }
  scene.controllers = settings.controllers;
  scene.points = std::move(points);
  scene.durations = std::move(durations);
  scene.duration = settings.duration;
  scene.controlPeriod = settings.controlPeriod;
  scene.plant = settings.plant;
  scene.record = settings.record;
  return true;
}

namespace {

sim::OrthoglideScene* orthoglideScene(const WindowParts& w) {
  return w.document ? sim::sceneData<sim::OrthoglideScene>(w.document->scene().get()) : nullptr;
}

/// The Orthoglide's parameter editor and its dock in one window.
struct OrthoglideParts final : KindParts {
  OrthoglideEditor* editor = nullptr;
  QDockWidget* dock = nullptr;
};

class OrthoglideKindUi final : public SceneKindUi {
 public:
  void buildDocks(WindowParts& w) const override {
    auto parts = std::make_unique<OrthoglideParts>();
    parts->editor = new OrthoglideEditor(w.window);
    parts->dock = w.addDock(*this, "orthoglideDock", parts->editor, Qt::LeftDockWidgetArea,
                            [] { return SceneKinds::tr("Orthoglide parameters"); });
    parts->dock->hide();  // shown with an Orthoglide scene
    w.kindParts[this] = std::move(parts);
  }

  void attach(WindowParts& w) const override {
    WindowParts* p = &w;
    // Edits of the Orthoglide's parameters (validated by the robot-file reader) redraw the robot and are
    // used by the next run.
    QObject::connect(editor(w), &OrthoglideEditor::modelChanged, w.window, [p](const OrthoglideModel& m) {
      sim::OrthoglideScene* s = orthoglideScene(*p);
      if (!s) return;
      s->robot.model = m;
      p->panel->setRules(orthoglideControlRules(*s));  // the way-points' reach is checked again
      if (!p->running) OrthoglideDrawing::draw(*p->view, m);  // (a new scene: no trails)
      p->refresh();
    });
  }

  void show(const sim::AnyScene& scene, WindowParts& w) const override {
    const sim::OrthoglideScene& s = *sim::sceneData<sim::OrthoglideScene>(&scene);
    const OrthoglideParts& mine = w.partsOf<OrthoglideParts>(*this);
    QString err;
    if (mine.editor->loadFile(q(s.robotFile), &err)) {
      mine.dock->show();
      mine.dock->raise();
    } else {
      w.error(err);
      mine.dock->hide();
    }
    pose(scene, w);
    showOrthoglideControl(*w.panel, s);
  }

  void pose(const sim::AnyScene& scene, WindowParts& w) const override {
    OrthoglideDrawing::draw(*w.view, sim::sceneData<sim::OrthoglideScene>(&scene)->robot.model);  // at its home (isotropic) point
    w.view->fitToRobot();
  }

  std::shared_ptr<sim::AnyScene> edited(const sim::AnyScene& scene, const WindowParts& w, QString* why) const override {
    auto copy = scene.clone();  // the way-points, controllers, gains, rates... of the control panel
    return applyOrthoglideControl(*w.panel, *sim::sceneData<sim::OrthoglideScene>(copy.get()), why) ? copy : nullptr;
  }

  std::vector<int> selectedControllers(const sim::AnyScene&, const WindowParts& w) const override {
    return w.panel->selectedControllers();
  }

  void algorithms(const sim::AnyScene&, AlgorithmsDialog& dialog) const override {
    dialog.clearModel(
        SceneKinds::tr("The operation counts are those of serial chains: the Orthoglide's dynamics (Guégan, Khalil, Chablat & Wenger 2002) "
                       "is computed on the equivalent trees of its legs and has no count here. Open a serial "
                       "robot or the satellite arm."));
  }

  std::optional<UrdfExportSource> urdfExport(const sim::AnyScene&, const WindowParts&, QString* whyNot) const override {
    if (whyNot)
      *whyNot = SceneKinds::tr("URDF export writes a serial chain: the Orthoglide is a parallel robot (closed "
                               "loops), which URDF cannot describe.");
    return std::nullopt;
  }

  bool hasRobotDocument() const override { return true; }
  bool robotModified(const WindowParts& w) const override { return editor(w)->isModified(); }

  bool saveRobot(const sim::AnyScene& scene, WindowParts& w, const QString& path) const override {
    QString err;
    if (!editor(w)->save(path, &err)) {
      w.error(SceneKinds::tr("Cannot save the Orthoglide parameters: %1").arg(err));
      return false;
    }
    w.info(SceneKinds::tr("Orthoglide parameters saved to %1")
               .arg(path.isEmpty() ? q(sim::sceneData<sim::OrthoglideScene>(&scene)->robotFile) : path));
    w.refresh();
    return true;
  }

  RobotRecovery robotRecovery(const WindowParts& w) const override {
    if (!editor(w)->isModified()) return {};
    const auto* s = sim::sceneData<sim::OrthoglideScene>(w.document->scene().get());
    return {SceneKinds::tr("Orthoglide parameters"), s ? q(s->robotFile) : QString(), editor(w)->jsonText()};
  }

  bool restoreRobot(const QString& text, WindowParts& w, QString* why) const override {
    const auto* s = sim::sceneData<sim::OrthoglideScene>(w.document->scene().get());
    if (!s || !editor(w)->setDocument(text, q(s->robotFile), why)) return false;
    editor(w)->setModified(true);
    w.refresh();
    return true;
  }

  bool saveRobotAs(const sim::AnyScene& scene, WindowParts& w) const override {
    const QString p =
        QFileDialog::getSaveFileName(w.window, SceneKinds::tr("Save the Orthoglide parameters"),
                                     q(sim::sceneData<sim::OrthoglideScene>(&scene)->robotFile), SceneKinds::tr("Robot files (*.json)"));
    return !p.isEmpty() && saveRobot(scene, w, p);
  }

  QString unsavedQuestion(bool robotEdited, bool sceneEdited) const override {
    return robotEdited && sceneEdited
               ? SceneKinds::tr("The Orthoglide's parameters and the scene have been modified. Save the changes?")
           : robotEdited ? SceneKinds::tr("The Orthoglide's parameters have been modified. Save the changes?")
                         : SceneKinds::tr("The scene has been modified (control panel). Save the changes?");
  }

  /// The scene names the parameters' file: their unsaved edits are saved first.
  bool beforeSceneSave(sim::AnyScene& scene, WindowParts& w, const QString& path) const override {
    if (!editor(w)->isModified()) return true;
    w.info(SceneKinds::tr("The Orthoglide's parameters have unsaved edits: they are saved first (the scene names their file)"));
    if (saveRobot(scene, w, QString())) return true;
    w.error(SceneKinds::tr("%1: the scene was not saved: its robot has unsaved edits").arg(path));
    return false;
  }

 private:
  OrthoglideEditor* editor(const WindowParts& w) const { return w.partsOf<OrthoglideParts>(*this).editor; }
};

}  // namespace

const SceneKindUi& orthoglideKindUi() {
  static const OrthoglideKindUi binding;
  return binding;
}

}  // namespace maniplab::ui
