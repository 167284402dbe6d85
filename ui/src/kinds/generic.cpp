// The generic binding of a scene kind (scene_kind_ui.hpp): what every kind gets from AnyScene's capabilities
// alone (the base class's hooks; the kinds' bindings override some of them), and the kinds' docks.
#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>

#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/algorithms_dialog.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "arm_drawing.hpp"
#include "scene_kind_ui.hpp"

namespace maniplab::ui {

QScrollArea* scrolled(QWidget* content) {
  auto* scroll = new QScrollArea;
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return scroll;
}

QDockWidget* WindowParts::addDock(const SceneKindUi& kind, const char* objectName, QWidget* content, Qt::DockWidgetArea area,
                                  std::function<QString()> title, std::function<int(int)> firstWidth) {
  auto* dw = new QDockWidget(window);
  dw->setObjectName(QString::fromLatin1(objectName));
  dw->setWidget(scrolled(content));
  dw->setWindowTitle(title());
  window->addDockWidget(area, dw);
  kindDocks.push_back({&kind, dw, std::move(title), std::move(firstWidth)});
  return dw;
}

QList<QDockWidget*> SceneKindUi::docks(const WindowParts& w) const {
  QList<QDockWidget*> mine;
  for (const KindDock& k : w.kindDocks)
    if (k.kind == this) mine.push_back(k.dock);
  return mine;
}

VectorX initialPose(const sim::AnyScene& scene) {
  const RobotLoadResult* robot = scene.serialRobot();
  if (!robot) return {};
  const Model& m = robot->model;
  if (const sim::Scene* js = scene.jointSpaceScene()) {
    if (js->q0.size() == m.nq) return js->q0;
    try {
      const auto traj = sim::makeTrajectory(*js);
      sim::JointReference ref;
      traj->sample(0, ref);
      if (ref.q.size() == m.nq) return ref.q;
    } catch (const std::exception&) {
    }
  }
  return m.home.size() == m.nq ? m.home : VectorX(VectorX::Zero(m.nq));
}

void SceneKindUi::show(const sim::AnyScene& scene, WindowParts& w) const {
  pose(scene, w);
  if (const sim::Scene* js = scene.jointSpaceScene())
    w.panel->setScene(*js);
  else
    w.panel->setFixedControl(SceneKinds::tr("This scene's control is fixed by its file: only the simulated duration "
                                            "can be changed here. Edit the scene file to change the rest."),
                             scene.duration());
}

void SceneKindUi::pose(const sim::AnyScene& scene, WindowParts& w) const {
  const RobotLoadResult* robot = scene.serialRobot();
  if (!robot || robot->model.nq == 0) return;
  ArmDrawing::draw(*w.view, robot->model, robot->description).setConfiguration(initialPose(scene));
  w.view->fitToRobot();
}

std::shared_ptr<sim::AnyScene> SceneKindUi::edited(const sim::AnyScene& scene, const WindowParts& w, QString* why) const {
  std::shared_ptr<sim::AnyScene> copy = scene.clone();
  if (sim::Scene* js = copy->jointSpaceScene()) {
    if (!w.panel->applyTo(*js, why)) return nullptr;
  } else if (w.panel->duration() > 0) {
    copy->setDuration(w.panel->duration());  // the one setting of a scene whose control is fixed
  }
  return copy;
}

std::vector<int> SceneKindUi::selectedControllers(const sim::AnyScene& scene, const WindowParts& w) const {
  if (scene.jointSpaceScene()) return w.panel->selectedControllers();
  std::vector<int> all(scene.controllers().size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = int(i);
  return all;
}

ViewFeed SceneKindUi::viewFeed(const sim::AnyScene&, const RobotView& view, const QStringList& channels) const {
  return makeViewFeed(view, channels);
}

void SceneKindUi::algorithms(const sim::AnyScene& scene, AlgorithmsDialog& dialog) const {
  if (const RobotLoadResult* robot = scene.serialRobot())
    dialog.setModel(robot->model);
  else
    dialog.clearModel(SceneKinds::tr("The operation counts are those of serial chains: this scene simulates none."));
}

std::optional<UrdfExportSource> SceneKindUi::urdfExport(const sim::AnyScene& scene, const WindowParts&,
                                                        QString* whyNot) const {
  if (const RobotLoadResult* robot = scene.serialRobot(); robot && robot->model.nq > 0)
    return UrdfExportSource{robot->description, scene.robotFile()};
  if (whyNot) *whyNot = SceneKinds::tr("URDF export writes a serial chain on a fixed base: this scene has none.");
  return std::nullopt;
}

QString SceneKindUi::unsavedQuestion(bool robotEdited, bool sceneEdited) const {
  return robotEdited && sceneEdited ? SceneKinds::tr("The robot and the scene have been modified. Save the changes?")
         : robotEdited             ? SceneKinds::tr("The robot has been modified. Save the changes?")
                                   : SceneKinds::tr("The scene has been modified (control panel). Save the changes?");
}

}  // namespace maniplab::ui
