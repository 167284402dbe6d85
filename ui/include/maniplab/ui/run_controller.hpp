#pragma once
// The run controller (Qt Core only): the simulation worker in its own thread (simulation_worker.hpp), the
// hand-over of its row batches to the views, the runs of the last request and the comparison of two of
// them. The window starts, pauses, steps and cancels runs through it and connects its views to its
// signals; nothing here knows a widget.
//
// Row batches: `rows` forwards every batch of the worker (about every 8 ms: the scope and the 3D view draw
// at the display rate from them); `slowRows` gives the same rows in bunches at most ten times a second and
// at the end of each run, for views whose every update is expensive (the conservation panel redraws a plot
// and relays out its labels); `timeChanged` the simulated time at most ten times a second (a status bar).
// Runs side by side (RunRequest::together): `rows` carries both runs' batches (by index); `slowRows` and
// `timeChanged` follow the first run only.
//
// Comparison: the joint errors e[i] of the first two finished runs on one time grid (same trajectory),
// for every joint both recorded, in pages of `jointsPerPage` joints (Simulation > Compare).
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>
#include <QVector>
#include <array>
#include <vector>

#include "maniplab/ui/simulation_worker.hpp"

namespace maniplab::ui {

/// The errors of two runs, interleaved per joint: channel 2k is e[joints[k]] of the first run, 2k + 1 of
/// the second; values row-major (rows x names.size()).
struct RunComparison {
  QString first, second;          ///< run names
  std::vector<int> joints;        ///< joint numbers (1-based) whose errors both runs recorded
  QStringList names, units;       ///< "NAME: e[i]" per channel
  std::vector<double> times, values;
  int jointsPerPage = 4;
  int pages() const { return joints.empty() ? 0 : int((joints.size() + std::size_t(jointsPerPage) - 1) / std::size_t(jointsPerPage)); }
  /// First and last joint number of a page.
  std::pair<int, int> pageJoints(int page) const;
  bool empty() const { return joints.empty(); }
};

/// The comparison of two runs side by side while they run (RunRequest::together): the joint errors e[i]
/// both runs record, in RunComparison's layout (channel 2k: e[joints[k]] of run 0, 2k + 1: of run 1),
/// zipped row by row as the batches of either run arrive (both record on the same time grid: row r of
/// run 0 and row r of run 1 are at the same time). Qt Core only.
class ComparisonStream {
 public:
  void clear();
  /// A run's channels (index 0 or 1; others are ignored). Once both are known, layout() is ready.
  void start(int index, const QString& name, const QStringList& channels, const QStringList& units);
  bool ready() const { return ready_; }
  const RunComparison& layout() const { return layout_; }
  /// A batch of run `index` (row-major, `columns` per row). Returns the number of new zipped rows, put
  /// in *times and *values (layout().names.size() values per row); 0 until the other run has them too.
  int add(int index, const QVector<double>& times, const QVector<double>& values, int columns,
          std::vector<double>* outTimes, std::vector<double>* outValues);
  qint64 rowsZipped() const { return zipped_; }

 private:
  struct Run {
    QString name;
    QStringList channels, units;
    std::vector<int> errorColumns;  ///< per compared joint
    std::vector<double> times, errors;  ///< rows received and not yet zipped
    bool started = false;
  };
  std::array<Run, 2> runs_;
  RunComparison layout_;
  bool ready_ = false;
  qint64 zipped_ = 0;
};

class RunController : public QObject {
  Q_OBJECT
 public:
  explicit RunController(QObject* parent = nullptr);
  ~RunController() override;  ///< cancels a run in progress and joins the thread

  /// Starts the request in the worker thread, paused when `paused` (then step() lets control periods
  /// through). False (nothing started) when a run is in progress.
  bool start(RunRequest request, bool paused = false);
  bool isRunning() const { return running_; }
  /// Whether the current (or last) request runs its controllers side by side.
  bool runsTogether() const { return worker_->runsTogether(); }
  void cancel();
  void setPaused(bool paused);
  bool isPaused() const;
  void step(int periods = 1);
  void setSpeed(double speed);  ///< simulated/wall time ratio; <= 0: as fast as possible
  double speed() const { return speed_; }

  /// The runs of the last request that finished (empty while one runs).
  const std::vector<RunOutcome>& lastRuns() const { return lastRuns_; }
  void clearRuns() { lastRuns_.clear(); }
  /// Runs with recorded rows.
  int recordedRuns() const;
  /// The comparison of the first two recorded runs (empty when there are fewer than two, or when they
  /// recorded no joint error).
  RunComparison comparison(int jointsPerPage = 4) const;

  SimulationWorker* worker() const { return worker_; }

 signals:
  void runStarted(int index, const QString& name, const QStringList& channels, const QStringList& units);
  void rows(int index, const QVector<double>& times, const QVector<double>& values, int columns);
  /// The rows of the current run in bunches, at most ten times a second and at the end of each run.
  void slowRows(const QVector<double>& times, const QVector<double>& values, int columns);
  void timeChanged(double t);
  void progress(double fraction);
  void finished(const maniplab::ui::RunOutcomes& outcomes);

 private:
  void onRunStarted(int index, const QString& name, const QStringList& channels, const QStringList& units);
  void onRows(int index, const QVector<double>& times, const QVector<double>& values, int columns);
  void onFinished(const RunOutcomes& outcomes);
  void flushSlow();
  void flushTime();  ///< sends the pending simulated time (timeChanged)

  QThread thread_;
  SimulationWorker* worker_ = nullptr;
  bool running_ = false;
  double speed_ = 1.0;
  std::vector<RunOutcome> lastRuns_;
  QVector<double> slowTimes_, slowValues_;
  int slowColumns_ = 0;
  QElapsedTimer slowClock_, timeClock_;
  double pendingTime_ = -1;  ///< the latest simulated time not yet sent by timeChanged (-1: none)
};

}  // namespace maniplab::ui
