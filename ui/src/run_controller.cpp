// The run controller (run_controller.hpp).
#include "maniplab/ui/run_controller.hpp"

#include <algorithm>

namespace maniplab::ui {

namespace {
constexpr qint64 kSlowPeriodMs = 100;  // slowRows / timeChanged: at most ten times a second
}

std::pair<int, int> RunComparison::pageJoints(int page) const {
  const int first = page * jointsPerPage;
  if (page < 0 || first >= int(joints.size())) return {0, 0};
  const int last = std::min(int(joints.size()), first + jointsPerPage) - 1;
  return {joints[std::size_t(first)], joints[std::size_t(last)]};
}

void ComparisonStream::clear() { *this = ComparisonStream{}; }

void ComparisonStream::start(int index, const QString& name, const QStringList& channels, const QStringList& units) {
  if (index < 0 || index > 1) return;
  Run& r = runs_[std::size_t(index)];
  r = Run{};
  r.name = name;
  r.channels = channels;
  r.units = units;
  r.started = true;
  ready_ = false;
  zipped_ = 0;
  if (!runs_[0].started || !runs_[1].started) return;
  // The layout: for each joint both runs record, e[i] of the first run, then of the second.
  layout_ = RunComparison{};
  layout_.first = runs_[0].name;
  layout_.second = runs_[1].name;
  for (auto& run : runs_) {
    run.errorColumns.clear();
    run.times.clear();
    run.errors.clear();
  }
  for (int i = 1;; ++i) {
    const QString ch = QStringLiteral("e[%1]").arg(i);
    const int c0 = int(runs_[0].channels.indexOf(ch)), c1 = int(runs_[1].channels.indexOf(ch));
    if (c0 < 0 && c1 < 0) break;  // past the last joint
    if (c0 < 0 || c1 < 0) continue;
    for (std::size_t k = 0; k < 2; ++k) {
      Run& run = runs_[k];
      const int c = k == 0 ? c0 : c1;
      run.errorColumns.push_back(c);
      layout_.names << run.name + QStringLiteral(": ") + ch;
      layout_.units << run.units.value(c);
    }
    layout_.joints.push_back(i);
  }
  ready_ = !layout_.joints.empty();
}

int ComparisonStream::add(int index, const QVector<double>& times, const QVector<double>& values, int columns,
                          std::vector<double>* outTimes, std::vector<double>* outValues) {
  if (!ready_ || index < 0 || index > 1 || columns <= 0 || values.size() != times.size() * columns) return 0;
  Run& r = runs_[std::size_t(index)];
  if (columns != r.channels.size()) return 0;
  for (qsizetype row = 0; row < times.size(); ++row) {
    r.times.push_back(times[row]);
    for (int c : r.errorColumns) r.errors.push_back(values[row * columns + c]);
  }
  const std::size_t joints = layout_.joints.size();
  const std::size_t n = std::min(runs_[0].times.size(), runs_[1].times.size());
  if (n == 0) return 0;
  outTimes->assign(runs_[0].times.begin(), runs_[0].times.begin() + std::ptrdiff_t(n));
  outValues->resize(n * 2 * joints);
  for (std::size_t row = 0; row < n; ++row)
    for (std::size_t j = 0; j < joints; ++j)
      for (std::size_t k = 0; k < 2; ++k) (*outValues)[(row * joints + j) * 2 + k] = runs_[k].errors[row * joints + j];
  for (auto& run : runs_) {
    run.times.erase(run.times.begin(), run.times.begin() + std::ptrdiff_t(n));
    run.errors.erase(run.errors.begin(), run.errors.begin() + std::ptrdiff_t(n * joints));
  }
  zipped_ += qint64(n);
  return int(n);
}

RunController::RunController(QObject* parent) : QObject(parent) {
  worker_ = new SimulationWorker;
  worker_->moveToThread(&thread_);
  connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
  connect(worker_, &SimulationWorker::runStarted, this, &RunController::onRunStarted);
  connect(worker_, &SimulationWorker::rows, this, &RunController::onRows);
  connect(worker_, &SimulationWorker::progress, this, [this](double f, const QString&) { emit progress(f); });
  connect(worker_, &SimulationWorker::finished, this, &RunController::onFinished);
  thread_.setObjectName("simulation");
  thread_.start();
}

RunController::~RunController() {
  worker_->cancel();
  worker_->setPaused(false);
  thread_.quit();
  thread_.wait();
}

bool RunController::start(RunRequest request, bool paused) {
  if (running_ || worker_->isBusy()) return false;
  lastRuns_.clear();
  running_ = true;
  worker_->prepare();
  worker_->setSpeed(speed_);
  worker_->setPaused(paused);
  SimulationWorker* wk = worker_;
  QMetaObject::invokeMethod(wk, [wk, request] { wk->run(request); }, Qt::QueuedConnection);
  return true;
}

void RunController::cancel() {
  if (!running_) return;
  worker_->cancel();
  worker_->setPaused(false);
}

void RunController::setPaused(bool paused) { worker_->setPaused(paused); }
bool RunController::isPaused() const { return worker_->isPaused(); }
void RunController::step(int periods) { worker_->step(periods); }

void RunController::setSpeed(double speed) {
  speed_ = speed;
  worker_->setSpeed(speed);
}

void RunController::onRunStarted(int index, const QString& name, const QStringList& channels, const QStringList& units) {
  flushSlow();  // rows still pending belong to the previous run
  flushTime();
  emit runStarted(index, name, channels, units);
}

void RunController::onRows(int index, const QVector<double>& times, const QVector<double>& values, int columns) {
  const int n = int(times.size());
  if (n == 0 || columns <= 0 || values.size() != qsizetype(n) * columns) return;
  emit rows(index, times, values, columns);
  if (index != 0 && worker_->runsTogether()) return;  // side by side: the slow views follow the first run
  if (columns != slowColumns_) flushSlow();
  slowColumns_ = columns;
  slowTimes_ += times;
  slowValues_ += values;
  if (!slowClock_.isValid() || slowClock_.elapsed() >= kSlowPeriodMs) flushSlow();
  pendingTime_ = times.back();
  if (!timeClock_.isValid() || timeClock_.elapsed() >= kSlowPeriodMs) flushTime();
}

void RunController::flushTime() {
  if (pendingTime_ < 0) return;
  timeClock_.restart();
  const double t = pendingTime_;
  pendingTime_ = -1;
  emit timeChanged(t);
}

void RunController::flushSlow() {
  if (!slowTimes_.isEmpty()) emit slowRows(slowTimes_, slowValues_, slowColumns_);
  slowTimes_.clear();
  slowValues_.clear();
  slowClock_.restart();
}

void RunController::onFinished(const RunOutcomes& outcomes) {
  flushSlow();
  flushTime();  // the readout ends on the run's last time, whatever the pacing dropped
  running_ = false;
  lastRuns_ = outcomes.runs;
  emit finished(outcomes);
}

int RunController::recordedRuns() const {
  return int(std::count_if(lastRuns_.begin(), lastRuns_.end(),
                           [](const RunOutcome& r) { return r.recorder && r.recorder->rows() > 0; }));
}

RunComparison RunController::comparison(int jointsPerPage) const {
  RunComparison c;
  c.jointsPerPage = std::max(1, jointsPerPage);
  std::vector<const RunOutcome*> runs;
  for (const auto& r : lastRuns_)
    if (r.recorder && r.recorder->rows() > 0) runs.push_back(&r);
  if (runs.size() < 2) return c;
  runs.resize(2);
  c.first = runs[0]->name;
  c.second = runs[1]->name;
  const sim::Recorder &r0 = *runs[0]->recorder, &r1 = *runs[1]->recorder;
  // For each joint both runs recorded: e[i] of the first run, then of the second.
  std::vector<std::pair<const sim::Recorder*, int>> columns;
  for (int i = 1;; ++i) {
    const std::string ch = "e[" + std::to_string(i) + "]";
    const int c0 = r0.channelIndex(ch), c1 = r1.channelIndex(ch);
    if (c0 < 0 && c1 < 0) break;  // past the last joint
    if (c0 < 0 || c1 < 0) continue;
    for (const auto& [run, col] : {std::pair{runs[0], c0}, std::pair{runs[1], c1}}) {
      c.names << run->name + QStringLiteral(": ") + QString::fromStdString(ch);
      c.units << QString::fromStdString(run->recorder->channels()[std::size_t(col)].unit);
      columns.emplace_back(run->recorder.get(), col);
    }
    c.joints.push_back(i);
  }
  const std::size_t rows = std::min(r0.rows(), r1.rows());
  c.times.resize(rows);
  c.values.resize(rows * columns.size());
  for (std::size_t k = 0; k < rows; ++k) {
    c.times[k] = r0.time(k);
    for (std::size_t j = 0; j < columns.size(); ++j)
      c.values[k * columns.size() + j] = columns[j].first->value(k, columns[j].second);
  }
  return c;
}

}  // namespace maniplab::ui
