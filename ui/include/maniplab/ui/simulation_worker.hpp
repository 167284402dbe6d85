#pragma once
// The simulation worker: a QObject living in its own QThread that runs sim::runSimulation for one or
// several controllers of a scene, one after the other on the same trajectory. Rows of the recorder are
// batched and emitted (queued to the GUI) about every 8 ms, never at the simulation rate. The run is
// paced so that simulated time / wall time = speed (or runs as fast as possible, speed <= 0); it can be
// paused (the per-row callback blocks on a condition variable), single-stepped (one control period
// while paused) and cancelled (the atomic cancel flag of RunOptions).
//
// Scene kinds: a RunRequest carries a serial scene (sim::Scene, the default), or an Orthoglide scene
// (RunRequest::orthoglide: each selected controller of it, PID / computed torque, runs on the Orthoglide
// plant like `maniplab-cli orthoglide run/compare`), or a satellite scene (RunRequest::satellite: its
// single reaction-aware computed-torque run on the free-floating plant, like `maniplab-cli satellite`).
// All kinds emit runStarted / rows / progress / finished the same way, with the same pacing, pause,
// step and cancel, so the scope, the metrics table and the CSV export need no special case.
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

#include "maniplab/sim/backend.hpp"
#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/traces/recorder.hpp"
#include "maniplab/sim/scene.hpp"

namespace maniplab::ui {

struct RunRequest {
  sim::Scene scene;
  std::vector<int> controllers;  ///< indices into scene.controllers (empty: all)
  /// When set, the model-based controllers (computed torque, PD + gravity) use this model, without the
  /// scene's perturbation, instead of their own (e.g. the identified model); the plant keeps the scene's.
  std::shared_ptr<const Model> controllerModel;
  QString controllerModelLabel;  ///< appended to such runs' names, e.g. "identified model"
  /// With controllerModel: each selected model-based controller runs twice, first with its own model,
  /// then with controllerModel (a before/after comparison on the same trajectory).
  bool compareControllerModel = false;
  /// When set, each run drives the backend this factory returns instead of a simulated plant built from
  /// scene.plant (e.g. the EtherCAT backend chosen in the GUI). Called in the worker thread, once per
  /// controller run; it throws std::exception with a message naming the fault when the backend cannot
  /// start. The backend's name is appended to the run's name.
  std::function<std::unique_ptr<sim::Backend>(const Model& model, const sim::Scene& scene)> backendFactory;

  /// When set, the request runs this Orthoglide scene instead of `scene` (`controllers` index its
  /// controllers; empty: all). Channels: makeOrthoglideChannels (q[i], q_d[i]... are the actuator
  /// positions q_1i [m]; ee_X/Y/Z the platform position). Its plant is always the simulated one:
  /// backendFactory and controllerModel must be unset (the run fails with a message otherwise).
  std::shared_ptr<const sim::OrthoglideScene> orthoglide;
  /// When set (and orthoglide is not), the request runs this satellite scene instead of `scene`: one run
  /// named after its controller, channels sim::satelliteChannels (base pose base_X..base_rz, where the
  /// rotation vector is relative to the scene's initial base attitude, base twist, q_d, q, tau, the
  /// conserved quantities). Joint metrics only. Same restrictions as orthoglide.
  std::shared_ptr<const sim::SatelliteScene> satellite;
};

struct RunOutcome {
  QString name;                            ///< controller name
  bool ok = true;                          ///< false: failed (message says when and where)
  bool cancelled = false;
  QString message;
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

 signals:
  void runStarted(int index, const QString& controller, const QStringList& channels, const QStringList& units);
  /// `rows` rows: times[r], values[r * columns + c] in the recorder's channel order.
  void rows(int index, const QVector<double>& times, const QVector<double>& values, int columns);
  void progress(double fraction, const QString& controller);
  void finished(const maniplab::ui::RunOutcomes& outcomes);

 private:
  void onRow(double t, const double* row, std::size_t columns);
  void flush();
  /// Resets the pacing for run k and emits runStarted.
  void beginRun(int k, const QString& name, const std::vector<sim::ChannelInfo>& channels, double duration);
  void runSerial(const RunRequest& request, RunOutcomes& out);
  void runOrthoglide(const RunRequest& request, RunOutcomes& out);
  void runSatellite(const RunRequest& request, RunOutcomes& out);

  std::atomic<double> speed_{1.0};
  std::atomic<bool> cancel_{false};
  std::atomic<bool> busy_{false};
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  bool paused_ = false;
  int stepsAllowed_ = 0;

  // Per run (worker thread only).
  struct Pacing;
  std::unique_ptr<Pacing> p_;
};

}  // namespace maniplab::ui

Q_DECLARE_METATYPE(maniplab::ui::RunOutcomes)
