// The GUI binding of the floating-base (satellite) scenes (scene_kind_ui.hpp): the 3D view draws the arm on
// its free base and follows the base pose of the run; the control is fixed by the scene file (the control
// panel says so and gives the duration).
#include "maniplab/sim/floating_base/scene.hpp"
#include "maniplab/ui/algorithms_dialog.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "floating_base_drawing.hpp"
#include "scene_kind_ui.hpp"

namespace maniplab::ui {

namespace {

const sim::SatelliteScene& satellite(const sim::AnyScene& scene) { return *sim::sceneData<sim::SatelliteScene>(&scene); }

class FloatingBaseKindUi final : public SceneKindUi {
 public:
  void show(const sim::AnyScene& scene, WindowParts& w) const override {
    pose(scene, w);
    w.panel->setFixedControl(
        SceneKinds::tr("Satellite scene: the control is fixed by design (the reaction-aware computed torque of "
                       "Llibre, Mampey & Chrétien 1983 §IV.2, with the scene file's gains and motion); only the simulated duration "
                       "can be changed here. Edit the scene file to change the rest."),
        satellite(scene).duration);
  }

  void pose(const sim::AnyScene& scene, WindowParts& w) const override {
    const sim::SatelliteScene& s = satellite(scene);
    FloatingBaseDrawing& arm = FloatingBaseDrawing::draw(*w.view, s.model);
    arm.setBasePose(s.basePose);
    if (s.q0.size() == s.model.arm.nq) arm.setConfiguration(s.q0);
    w.view->clearTrails();
    w.view->fitToRobot();
  }

  /// The base attitude of the rows is relative to the scene's initial one.
  ViewFeed viewFeed(const sim::AnyScene& scene, const RobotView&, const QStringList& channels) const override {
    const sim::SatelliteScene& s = satellite(scene);
    return FloatingBaseDrawing::baseFeed(channels, s.model.arm.nq, s.basePose.R);
  }

  void algorithms(const sim::AnyScene& scene, AlgorithmsDialog& dialog) const override {
    dialog.setModel(satellite(scene).model.arm);  // the arm's serial chain
  }

  std::optional<UrdfExportSource> urdfExport(const sim::AnyScene&, const WindowParts&, QString* whyNot) const override {
    if (whyNot)
      *whyNot = SceneKinds::tr("URDF export writes a serial chain on a fixed base: this arm's base floats freely "
                               "(its motion couples with the arm's), which the exported file could not say.");
    return std::nullopt;
  }
};

}  // namespace

const SceneKindUi& floatingBaseKindUi() {
  static const FloatingBaseKindUi binding;
  return binding;
}

}  // namespace maniplab::ui
