#pragma once
// The simulation worker: a QObject living in its own QThread that runs one or several controllers of a
// scene, one after the other on the same trajectory (the run controller, run_controller.hpp, owns it). Rows of the recorder are
// batched and emitted (queued to the GUI) about every 8 ms, never at the simulation rate. The run is
// paced so that simulated time / wall time = speed (or runs as fast as possible, speed <= 0); it can be
// paused (the per-row callback blocks on a condition variable), single-stepped (one control period
// while paused) and cancelled (the atomic cancel flag of RunOptions).
//
// Scene kinds: a RunRequest carries one scene of any kind (sim::AnyScene, scene_kind.hpp) and the
// controllers to run; each planned run of the scene (AnyScene::plan: a serial scene's identified-model
// variants, its EtherCAT backend, are options of sim::SerialScene) runs through AnyScene::run, so every
// kind emits runStarted / rows / progress / finished the same way, with the same pacing, pause, step and
// cancel, and the scope, the metrics table and the CSV export need no special case.
//
// Runs together (RunRequest::together, a comparison): the planned runs run at the same time, one thread
// each (the worker's and std::threads it joins before `finished`); their signals carry the run's index.
//
// Thread use: run() executes in the worker thread (invoke it queued); setSpeed/setPaused/step/cancel
// are thread-safe and meant to be called from the GUI thread while run() is busy.
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/sim/traces/recorder.hpp"

namespace maniplab::ui {

struct RunRequest {
  std::shared_ptr<const sim::AnyScene> scene;
  std::vector<int> controllers;  ///< indices into scene->controllers() (empty: all)
  /// Side by side (a comparison): the planned runs run at the same time, each in its own thread on its
  /// own copy of the scene, paced on the same clock, so that their rows arrive together; pause, step and
  /// cancel act on all. Ignored for one run and for a serial scene that drives a backend (EtherCAT):
  /// those run one after the other.
  bool together = false;
  /// A request for a serial scene (a copy is taken), its controllers and its run options.
  static RunRequest serial(const sim::Scene& scene, std::vector<int> controllers = {}, sim::SerialRunOptions options = {});
};

struct RunOutcome {
  QString name;                            ///< controller name
  bool ok = true;                          ///< false: failed (message says when and where)
  bool cancelled = false;
  QString message;                         ///< failure, limit passages, model fallbacks (one per line)
  QStringList summary;                     ///< the kind's own results (sim::SceneRun::summary)
  double endTime = 0;
  sim::RunMetrics metrics;
  std::shared_ptr<const sim::Recorder> recorder;  ///< the recorded traces (for the CSV export)
};

struct RunOutcomes {
  std::vector<RunOutcome> runs;
  bool cancelled = false;
  QString message;  ///< summary, or the error that prevented a run
};

class SimulationWorker : public QObject {
  Q_OBJECT
 public:
  explicit SimulationWorker(QObject* parent = nullptr);
  ~SimulationWorker() override;

  /// Runs the request (blocking; call in the worker thread). Emits runStarted/rows per controller,
  /// then finished.
  void run(const RunRequest& request);

  void setSpeed(double speed);  ///< simulated/wall time ratio; <= 0: as fast as possible
  double speed() const { return speed_.load(); }
  void setPaused(bool paused);
  bool isPaused() const;
  void step(int periods = 1);   ///< while paused: lets `periods` control periods through
  void cancel();                ///< stops the current run (and the following controllers)
  /// Clears the cancel flag (call before queueing a new run).
  void prepare();
  bool isBusy() const { return busy_.load(); }
  /// Whether the request being run (or the last one) runs its controllers together.
  bool runsTogether() const { return together_.load(); }

 signals:
  void runStarted(int index, const QString& controller, const QStringList& channels, const QStringList& units);
  /// `rows` rows: times[r], values[r * columns + c] in the recorder's channel order.
  void rows(int index, const QVector<double>& times, const QVector<double>& values, int columns);
  void progress(double fraction, const QString& controller);
  void finished(const maniplab::ui::RunOutcomes& outcomes);

 private:
  void onRow(int k, double t, const double* row, std::size_t columns);
  void flush(int k);
  RunOutcome runOne(const sim::AnyScene& scene, const sim::PlannedRun& planned, int k);
  /// Resets the pacing for run k and emits runStarted.
  void beginRun(int k, const QString& name, const std::vector<sim::ChannelInfo>& channels, double duration);

  std::atomic<double> speed_{1.0};
  std::atomic<bool> cancel_{false};
  std::atomic<bool> busy_{false};
  std::atomic<bool> together_{false};
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  bool paused_ = false;
  std::vector<int> stepsAllowed_;  ///< per planned run: control periods it may advance while paused
  int stepsBeforeRun_ = 0;         ///< steps asked for between prepare() and run() (the request queued)

  // Per planned run (its own thread only once the request is running).
  struct Pacing;
  std::vector<std::unique_ptr<Pacing>> p_;
};

}  // namespace maniplab::ui

Q_DECLARE_METATYPE(maniplab::ui::RunOutcomes)
