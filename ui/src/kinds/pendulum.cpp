// The GUI binding of the pendulum scenes (scene_kind_ui.hpp; the kind: sim/src/pendulum/): the generic
// binding's view and control panel (the equivalent one-joint robot, the joint-space scene), plus the
// pendulum's parameter editor in its own dock. An edit of the length, the mass or the damping is an edit of
// the scene (undoable on the window's undo stack; the scene is modified, File > Save scene writes it): the
// scene's parameters and its equivalent robot change (sim::pendulum::robot), the control panel's robot and
// the 3D view follow, and the next run uses them.
#include <QDockWidget>
#include <QMainWindow>
#include <QTimer>
#include <QUndoCommand>
#include <QUndoStack>

#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/scene_document.hpp"
#include "pendulum_editor.hpp"
#include "scene_kind_ui.hpp"

namespace maniplab::ui {

namespace {

using sim::pendulum::Parameters;
using sim::pendulum::PendulumScene;

/// The pendulum's editor and its dock in one window.
struct PendulumParts final : KindParts {
  PendulumEditor* editor = nullptr;
  QDockWidget* dock = nullptr;
};

/// An edit of the pendulum's parameters (successive edits of one field merge into one step).
class PendulumEdit final : public QUndoCommand {
 public:
  PendulumEdit(const SceneKindUi& kind, WindowParts& w, PendulumEditor::Field field, const Parameters& before,
               const Parameters& after)
      : kind_(kind), w_(w), field_(field), before_(before), after_(after) {
    setText(SceneKinds::tr("pendulum parameters"));
  }
  void redo() override { apply(after_); }
  void undo() override { apply(before_); }
  int id() const override { return 0x70656e64; }  // "pend"
  bool mergeWith(const QUndoCommand* other) override {
    const auto* o = static_cast<const PendulumEdit*>(other);
    if (o->field_ != field_) return false;
    after_ = o->after_;
    return true;
  }

 private:
  void apply(const Parameters& p) {
    sim::AnyScene* scene = w_.document->scene().get();
    PendulumScene* s = sim::sceneData<PendulumScene>(scene);
    if (!s) return;
    s->pendulum = p;
    s->joints.robot = sim::pendulum::robot(p, s->file);  // as the reader builds it
    w_.partsOf<PendulumParts>(kind_).editor->setParameters(p);
    w_.panel->setRobot(s->joints.robot);
    if (!w_.running) kind_.pose(*scene, w_);
    w_.document->setModified(true);
    w_.refresh();
  }

  const SceneKindUi& kind_;
  WindowParts& w_;
  PendulumEditor::Field field_;
  Parameters before_, after_;
};

class PendulumKindUi final : public SceneKindUi {
 public:
  void buildDocks(WindowParts& w) const override {
    auto parts = std::make_unique<PendulumParts>();
    parts->editor = new PendulumEditor(w.window);
    // Tabbed with the control panel (the scene's other settings): a second hidden dock on its own in the
    // left area (beside the Orthoglide's) made the layout restored on leaving presentation mode differ.
    parts->dock = w.addDock(*this, "pendulumDock", parts->editor, Qt::RightDockWidgetArea, [] { return SceneKinds::tr("Pendulum"); });
    w.window->tabifyDockWidget(w.panelDock, parts->dock);
    parts->dock->hide();  // shown with a pendulum scene
    w.kindParts[this] = std::move(parts);
  }

  void attach(WindowParts& w) const override {
    WindowParts* p = &w;
    QObject::connect(mine(w).editor, &PendulumEditor::edited, w.window,
                     [this, p](PendulumEditor::Field field, const Parameters& before, const Parameters& after) {
                       if (!sim::sceneData<PendulumScene>(p->document->scene().get())) return;
                       p->undo->push(new PendulumEdit(*this, *p, field, before, after));
                     });
  }

  void show(const sim::AnyScene& scene, WindowParts& w) const override {
    SceneKindUi::show(scene, w);  // the view and the control panel (the joint-space scene)
    const PendulumParts& m = mine(w);
    m.editor->setParameters(sim::sceneData<PendulumScene>(&scene)->pendulum);
    m.dock->show();
    QTimer::singleShot(0, m.dock, [d = m.dock] { d->raise(); });  // over the control panel the window raises after show()
  }

  void runningChanged(bool running, WindowParts& w) const override {
    mine(w).editor->setEnabled(!running);  // a run uses the parameters it started with
  }

  QString unsavedQuestion(bool, bool) const override {
    return SceneKinds::tr("The scene has been modified (pendulum parameters or control panel). Save the changes?");
  }

 private:
  PendulumParts& mine(const WindowParts& w) const { return w.partsOf<PendulumParts>(*this); }
};

}  // namespace

const SceneKindUi& pendulumKindUi() {
  static const PendulumKindUi binding;
  return binding;
}

}  // namespace maniplab::ui
