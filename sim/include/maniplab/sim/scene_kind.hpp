#pragma once
// Scene kinds: every kind of simulated system (serial chains, the Orthoglide, the arm on a floating base,
// the pendulum of the teaching scenes...) is one SceneKind, registered once under the "kind" string of its
// scene files (sim/src/scene_kinds.cpp: one line per kind). A kind reads its scene files into an AnyScene,
// which writes them back, builds its plant and controllers, runs them and describes the channels it
// records, so that the CLI (`maniplab-cli run/compare`), the GUI's worker and its scene document handle
// every kind through this one interface. Adding a kind is one folder of sim/src (its reader, writer and
// run) plus its registration line; the GUI binds it to the 3D view and the editors through the generic
// capabilities below (serialRobot, jointSpaceScene) or a binding of its own (ui/src/kinds/).
//
// Files: every ManipLab document opens with {"format", "version", "kind"} (DocumentHeader). Scene files
// have "format": "maniplab-scene" and a "kind" (none: a serial scene, the original format); the satellite
// scenes keep their own "format": "maniplab-satellite". parseAnyScene() reads the header once and hands
// the document to the kind that claims it; a document no kind reads as a scene (a robot file, an unknown
// kind) gets one error that says what the file is and which command handles it.
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/control/controller.hpp"
#include "maniplab/sim/control/controller_spec.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/sim/simulation.hpp"
#include "maniplab/sim/traces/recorder.hpp"

namespace maniplab::sim {

struct Scene;
class SceneKind;

/// The opening of a ManipLab JSON document, read without validating the rest.
struct DocumentHeader {
  bool object = false;   ///< the text is a JSON object (false: not JSON, or not an object)
  std::string format;    ///< "maniplab-scene", "maniplab-robot", "maniplab-satellite"...; empty when absent
  std::string kind;      ///< empty when absent
  bool hasKind = false;  ///< "kind" is present (as a string)
};
DocumentHeader readDocumentHeader(const std::string& text);

/// One planned run of a scene: a controller of the scene (index into AnyScene::controllers()), in one
/// variant (the serial scenes' "same controller with the identified model"; 0 otherwise).
struct PlannedRun {
  int controller = 0;
  int variant = 0;
  std::string name;  ///< the run's name (the controller's, with the variant's suffix)
};

/// Hooks of a run (the GUI worker's pacing, pause and cancel; the CLI's progress).
struct SceneRunHooks {
  /// Called once the run's channels are known, before its first row: the run's name (which may name the
  /// backend it drives) and the recorder's channels.
  std::function<void(const std::string& name, const std::vector<ChannelInfo>& channels)> started;
  /// After every recorded row (recorder channel order); it may block (pause) — the run waits.
  std::function<void(double t, const double* row, std::size_t columns)> onRow;
  std::function<void(double fraction)> progress;  ///< about every 1 %
  const std::atomic<bool>* cancel = nullptr;      ///< set to true to stop the run early
  bool recordEnergy = false;  ///< record the energy group whatever the scene's "record" says
  /// A controller from outside the scene (e.g. one written in Python, app/python) that the run uses instead
  /// of the planned controller's. It computes jointCount() torques per control period like the scene's own
  /// and is reset() at the start of the run. PlannedRun::name names the run (PlannedRun::controller is not
  /// used). A kind whose control law is fixed by design (the floating base) refuses it with
  /// std::invalid_argument.
  std::shared_ptr<Controller> controller;
};

/// What a run reports, whatever the kind.
struct SceneRun {
  std::string name;
  RunResult result;  ///< ok / message, end time, control periods, metrics (incl. model fallbacks), energy drift
  std::shared_ptr<Recorder> recorder;  ///< the recorded traces
  std::vector<JointLimitEvent> limitEvents;  ///< joint (actuator) limit passages, in time order
  /// Results particular to the kind, one per line (e.g. the satellite's momentum drifts, the pendulum's
  /// measured period against the closed forms), in English.
  std::vector<std::string> summary;
};

/// A loaded scene of some kind (type-erased; SceneOf<Data> holds the kind's own data).
class AnyScene {
 public:
  virtual ~AnyScene() = default;
  virtual const SceneKind& kind() const = 0;
  virtual std::shared_ptr<AnyScene> clone() const = 0;

  virtual std::string file() const = 0;  ///< the scene file (as given to the reader)
  /// The file the scene now belongs to (saved there): it labels the diagnostics of its checks.
  virtual void setFile(const std::string& file) = 0;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  /// The robot (or model) file the scene names; empty when it names none.
  virtual std::string robotFile() const { return {}; }

  /// Simulated time of a run [s].
  virtual double duration() const = 0;
  virtual void setDuration(double seconds) = 0;
  /// The scene's controllers, in file order (a kind whose control is fixed by design has one).
  virtual std::vector<ControllerSpec> controllers() const = 0;
  /// Joints q[1..n] of the recorded channels (the Orthoglide: its 3 actuators).
  virtual int jointCount() const = 0;
  /// What q[i] is, for messages: "joint" or "actuator".
  virtual std::string jointNoun() const { return "joint"; }
  /// The name of each joint q[1..jointCount()] as its robot file gives it (an empty entry: the joint has
  /// none; an empty vector: none has). The traces' comment line describes them further (coordinateLabels).
  virtual std::vector<std::string> jointNames() const { return {}; }
  /// A limit passage as a line of text, e.g. "joint 3 (elbow) passed its upper limit (q = 0.7855)".
  virtual std::string describeLimitEvent(const JointLimitEvent& e) const;
  /// The channels a run records (recorder order), with the energy group when `energy` is set.
  virtual std::vector<ChannelInfo> channels(bool energy = false) const = 0;

  /// The runs of the selected controllers (indices into controllers(); empty: all), in run order.
  virtual std::vector<PlannedRun> plan(const std::vector<int>& controllers = {}) const;
  /// Runs one planned run on a fresh plant. Failures of the run are in result.ok / result.message;
  /// exceptions only for a scene that cannot run at all (std::exception with the reason).
  virtual SceneRun run(const PlannedRun& run, const SceneRunHooks& hooks = {}) const = 0;

  /// The serial chain that draws the system and is posed by q[i] (a serial robot, the pendulum); nullptr
  /// when the kind needs a view of its own (the Orthoglide, the floating base).
  virtual const RobotLoadResult* serialRobot() const { return nullptr; }
  /// The joint-space scene the generic editors edit (trajectory, controllers and gains, rates, stepper,
  /// recorded channels) and run() uses, when the kind has one; nullptr when its control is edited by an
  /// editor of its own or fixed by design.
  virtual Scene* jointSpaceScene() { return nullptr; }
  const Scene* jointSpaceScene() const { return const_cast<AnyScene*>(this)->jointSpaceScene(); }

  /// Whether toJson() can write the scene (false: the file is edited by hand, e.g. the satellite's).
  virtual bool writable() const { return false; }
  /// The scene as a file of its kind that the kind's reader reads back to the same scene; a robot path
  /// relative to `sceneDir` when they share a directory. Throws std::runtime_error when it cannot be
  /// written (not writable(), or a setting the format cannot express).
  virtual nlohmann::json toJson(const std::string& sceneDir) const;
  /// Writes toJson(directory of `path`) to `path` atomically, after checking that the kind's reader reads
  /// it back without errors; throws std::runtime_error (the reader's report, or the file system's reason)
  /// and leaves an existing file unchanged otherwise.
  void write(const std::string& path) const;
};

/// A scene whose data is the kind's own struct (Scene, OrthoglideScene, SatelliteScene...). Kinds derive
/// from it; sceneData<Data>() gives the data back to code that knows the kind (its GUI binding, tests).
template <class Data> class SceneOf : public AnyScene {
 public:
  explicit SceneOf(Data d) : data(std::move(d)) {}
  Data data;
  std::string file() const override { return data.file; }
  void setFile(const std::string& file) override { data.file = file; }
  std::string name() const override { return data.name; }
  std::string description() const override { return data.description; }
};

template <class Data> const Data* sceneData(const AnyScene* s) {
  const auto* p = dynamic_cast<const SceneOf<Data>*>(s);
  return p ? &p->data : nullptr;
}
template <class Data> Data* sceneData(AnyScene* s) {
  auto* p = dynamic_cast<SceneOf<Data>*>(s);
  return p ? &p->data : nullptr;
}

struct SceneLoad {
  std::shared_ptr<AnyScene> scene;  ///< null when the file could not be read (errors in diagnostics)
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return scene && noErrors(diagnostics); }
  std::string report() const { return formatDiagnostics(diagnostics); }
};

/// A kind of scene (one instance per kind, registered in sim/src/scene_kinds.cpp).
class SceneKind {
 public:
  virtual ~SceneKind() = default;
  /// The "kind" string of its scene files ("serial" for the scene files without "kind").
  virtual std::string name() const = 0;
  /// What its scenes simulate, for messages, e.g. "serial robot", "Orthoglide parallel robot".
  virtual std::string title() const = 0;
  /// True when a document with this header is one of its scene files.
  virtual bool readsScene(const DocumentHeader& header) const = 0;
  /// True when a document with this header is one of its robot files, and the command that reads them.
  virtual bool readsRobot(const DocumentHeader&) const { return false; }
  virtual std::string robotCommand() const { return {}; }
  /// Reads and validates a scene file's text; `baseDir` resolves the paths it names.
  virtual SceneLoad parse(const std::string& text, const std::string& fileName, const std::string& baseDir) const = 0;
};

/// The registered kinds, in registration order.
const std::vector<const SceneKind*>& sceneKinds();
/// The kind registered under `name`, or nullptr.
const SceneKind* findSceneKind(const std::string& name);
/// The kind whose scene files have this header, or nullptr.
const SceneKind* sceneKindOf(const DocumentHeader& header);

/// "a" or "an" before `word` (a kind's title in messages).
std::string article(const std::string& word);
/// What a document is, in words, e.g. "an Orthoglide parallel robot robot file (format
/// \"maniplab-robot\", kind \"orthoglide\")", "a serial robot scene".
std::string describeDocument(const DocumentHeader& header);
/// A document's header as JSON text ({"format": "maniplab-robot", "kind": "orthoglide"}; {} without
/// either): how the readers' messages name a document, the same in every language.
std::string documentHeaderFields(const DocumentHeader& header);

/// Reads a scene of any kind: the header picks the kind (sceneKindOf), which reads the rest. A document
/// that is no scene of a registered kind is one error (at /format or /kind) saying what the file is and
/// which command reads it; a malformed JSON text is reported with its line and column.
SceneLoad parseAnyScene(const std::string& text, const std::string& fileName, const std::string& baseDir);
/// The same from a file, read once (openDocument, document.hpp; an unreadable file is an error
/// diagnostic); `baseDir` is the file's directory.
SceneLoad loadAnyScene(const std::string& path);
/// loadAnyScene, then an error when the scene is not of `kind` (a kind name), saying what it is and that
/// `maniplab-cli run` runs it.
SceneLoad loadSceneOfKind(const std::string& path, const std::string& kind);

/// The metrics of a run as RunResult::metrics holds them, after the run of `controller`: its model
/// fallbacks (Controller::modelFallbacks) over the run's control periods.
void recordModelFallbacks(RunResult& result, const Controller& controller);
/// A line saying that a run applied its fallback law (the PD part of computed torque) in some control
/// periods, e.g. "computed_torque: the controller's model could not be evaluated in 12 of 4000 control
/// periods (0.3 %): the PD part alone was applied there"; empty when it never did.
std::string modelFallbackText(const std::string& run, const RunMetrics& metrics);

}  // namespace maniplab::sim
