#pragma once
// How a scene kind binds to the main window (private to ui/): the 3D view, the control panel, the kind's
// own editors and docks, what its runs use besides the scene, and the kind's robot document (the serial
// chain editor's robot, the Orthoglide's parameters). One binding per kind, registered in kinds.cpp by its
// kind name; a kind without one gets the generic binding, which works from AnyScene's capabilities alone:
// the view draws serialRobot() (the serial arm's drawing, arm_drawing.hpp) and the control panel edits
// jointSpaceScene(), or shows that the control is fixed by design. The 3D view knows no kind: a binding hands
// it its kind's drawing (ui/src/kinds/*_drawing.hpp: the bodies and shapes it shows, posed from the kind's
// kinematics). The window only calls these hooks: it never branches on a kind, and names no kind's
// editor: a binding builds its editors and their docks (buildDocks) into the window's generic parts (the 3D
// view, the control panel and its dock, the document, the undo stack), and the window lists those docks in
// View, retranslates their titles, keeps them in its saved layout and hides them in presentation mode.
// The bindings' texts are in their own translation context (SceneKinds::tr), not the window's.
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/simulation_worker.hpp"
#include "maniplab/ui/view_feed.hpp"

class QDockWidget;
class QMainWindow;
class QScrollArea;
class QUndoStack;
class QWidget;

namespace maniplab::ui {

class AlgorithmsDialog;
class ControlPanel;
class RobotView;
class SceneDocument;
class SceneKindUi;

/// The translation context of the bindings' texts ("SceneKinds" in translations/*.ts).
class SceneKinds {
  Q_DECLARE_TR_FUNCTIONS(SceneKinds)
};

/// What a binding builds for one window (its editors, their docks, their state), derived per binding: a
/// binding is one object shared by every window, so its widgets live in that window's WindowParts.
struct KindParts {
  virtual ~KindParts() = default;
};

/// A dock of a kind's editor (WindowParts::addDock): shown with the kind's scenes, hidden (its widget
/// disabled) with the other kinds'.
struct KindDock {
  const SceneKindUi* kind = nullptr;
  QDockWidget* dock = nullptr;
  std::function<QString()> title;  ///< in the current language (set again at each language change)
  /// Its width at the first start (no saved layout), from the window's width; none: the layout's own.
  std::function<int(int windowWidth)> firstWidth;
};

/// The window's parts a binding uses (owned by the window).
struct WindowParts {
  QMainWindow* window = nullptr;
  SceneDocument* document = nullptr;
  QUndoStack* undo = nullptr;  ///< the kinds' undoable edits (the chain editor's robot, the pendulum's parameters)
  RobotView* view = nullptr;
  ControlPanel* panel = nullptr;
  QDockWidget* panelDock = nullptr;
  /// The kinds' docks (buildDocks), in the order they were added, and what each binding built.
  std::vector<KindDock> kindDocks;
  std::map<const SceneKindUi*, std::unique_ptr<KindParts>> kindParts;
  /// The file of the open scene's robot document (empty: imported or never saved).
  QString robotPath;
  bool running = false;  ///< a run is in progress (the simulation owns the pose)
  std::function<void(MessageArea::Severity, const QString&)> message;
  std::function<void()> refresh;          ///< title and actions again (a robot document changed)
  std::function<void()> channelsChanged;  ///< the scope's sources again (the joint count changed)
  std::function<bool(const QString&)> openFile;  ///< File > Open of a path
  std::function<void(bool paused)> run;          ///< Simulation > Run

  void info(const QString& text) const { message(MessageArea::Severity::Info, text); }
  void error(const QString& text) const { message(MessageArea::Severity::Error, text); }

  /// Adds a dock of `kind`'s editor to the window (in a scroll area: a dock's minimum size is its
  /// content's); `objectName` names it in the saved layout (QMainWindow::saveState) and in View.
  QDockWidget* addDock(const SceneKindUi& kind, const char* objectName, QWidget* content, Qt::DockWidgetArea area,
                       std::function<QString()> title, std::function<int(int)> firstWidth = {});
  /// What `kind` built in buildDocks (as its own KindParts type).
  template <class T> T& partsOf(const SceneKindUi& kind) const { return static_cast<T&>(*kindParts.at(&kind)); }
};

/// A panel in a scroll area for a dock: panels taller or wider than a small screen scroll inside their
/// dock (a dock's minimum size is its content's, and the window cannot be smaller than its docks).
QScrollArea* scrolled(QWidget* content);

/// What File > Export URDF writes: a serial chain on a fixed base, and the file its mesh paths are
/// relative to (empty: the working directory).
struct UrdfExportSource {
  RobotDescription description;
  std::string sourceFile;
};

class SceneKindUi {
 public:
  virtual ~SceneKindUi() = default;

  /// Builds the kind's editors and their docks (WindowParts::addDock, its KindParts in w.kindParts) once,
  /// when the window is built, after the 3D view and the control panel and before the menus.
  virtual void buildDocks(WindowParts&) const {}
  /// Connects the kind's editors to the window once, when it is built (their edits update the document).
  virtual void attach(WindowParts&) const {}
  /// The docks of the kind's own editors (those it added): shown with its scenes, hidden (and their widgets
  /// disabled) with the other kinds'.
  virtual QList<QDockWidget*> docks(const WindowParts& w) const;
  /// Shows a newly opened scene: the 3D view (the kind's drawing), the control panel, the kind's editors.
  virtual void show(const sim::AnyScene& scene, WindowParts& w) const;
  /// Poses the 3D view at the scene's start (show, Simulation > Reset).
  virtual void pose(const sim::AnyScene& scene, WindowParts& w) const;
  /// The scene with the editors' settings (for a run or a save); nullptr and *why when a setting is invalid.
  virtual std::shared_ptr<sim::AnyScene> edited(const sim::AnyScene& scene, const WindowParts& w, QString* why) const;
  /// What a run uses besides the edited scene (the serial runs' identified model and EtherCAT backend).
  virtual void prepareRun(sim::AnyScene&, const WindowParts&) const {}
  /// The controllers to run (indices into scene.controllers(); empty: all).
  virtual std::vector<int> selectedControllers(const sim::AnyScene& scene, const WindowParts& w) const;
  /// The columns of a run's channels that pose the 3D view (the generic binding: the view's drawing's feed).
  virtual ViewFeed viewFeed(const sim::AnyScene& scene, const RobotView& view, const QStringList& channels) const;
  /// A run started or finished (the editors that the simulation's pose overrides).
  virtual void runningChanged(bool, WindowParts&) const {}
  virtual void runFinished(const RunOutcomes&, WindowParts&) const {}
  /// Help > Algorithms: the operation counts of the scene's serial chain, or why there are none.
  virtual void algorithms(const sim::AnyScene& scene, AlgorithmsDialog& dialog) const;
  /// Simulation > Guided sequential identification applies to the scene's robot.
  virtual bool identifies() const { return false; }

  // The kind's robot document (File > Save robot / Save robot as), edited next to the scene.
  virtual bool hasRobotDocument() const { return false; }
  virtual bool robotModified(const WindowParts&) const { return false; }
  /// Writes the robot document to `path` (empty: its own file; a dialog asks when it has none). False (the
  /// reason in the message area) when it was not saved.
  virtual bool saveRobot(const sim::AnyScene&, WindowParts&, const QString& /*path*/) const { return false; }
  /// Asks for a file and saves the robot document there.
  virtual bool saveRobotAs(const sim::AnyScene&, WindowParts&) const { return false; }
  /// Edits survive a crash (recovery_store.hpp): the robot document's unsaved edits as the text of its
  /// file, its name and file (empty text: none), and the recovered text put back into the kind's editor as
  /// an unsaved edit of the open scene's robot (false and *why when it cannot be).
  struct RobotRecovery {
    QString name, path, text;
  };
  virtual RobotRecovery robotRecovery(const WindowParts&) const { return {}; }
  virtual bool restoreRobot(const QString& /*text*/, WindowParts&, QString* /*why*/) const { return false; }
  /// The question asked before the robot document's edits are lost (with or without scene edits).
  virtual QString unsavedQuestion(bool robotEdited, bool sceneEdited) const;
  /// File > Export URDF: the scene's serial chain as the editors hold it; std::nullopt and *whyNot (the
  /// disabled action's tooltip) when the scene has none (the generic binding: AnyScene::serialRobot()).
  virtual std::optional<UrdfExportSource> urdfExport(const sim::AnyScene& scene, const WindowParts& w,
                                                     QString* whyNot) const;
  /// Just before the scene is written: the robot document is saved first (the scene names its file), and
  /// what the scene file keeps of the window's state (the serial scenes' backend). False: not saved.
  virtual bool beforeSceneSave(sim::AnyScene&, WindowParts&, const QString& /*path*/) const { return true; }
};

/// Where the shipped robots/ and scenes/ are (main_window.cpp).
QString dataDirectory();
/// The pose a scene starts from: its initial state, else its trajectory's start, else the robot's home.
VectorX initialPose(const sim::AnyScene& scene);

/// The binding of a kind (the generic one when the kind has none).
const SceneKindUi& sceneKindUi(const std::string& kind);
/// Every registered binding plus the generic one (for attach() and the docks).
std::vector<const SceneKindUi*> sceneKindUis();

}  // namespace maniplab::ui
