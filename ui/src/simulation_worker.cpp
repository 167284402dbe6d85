#include "maniplab/ui/simulation_worker.hpp"
#include "maniplab/ui/diagnostic_text.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>

namespace maniplab::ui {

using Clock = std::chrono::steady_clock;

// Rows are emitted at least this often: half a display frame, so that every frame of the scope and the
// 3D view (60 per second) has new rows (at about one frame period they beat against the display).
constexpr auto kBatchPeriod = std::chrono::milliseconds(8);

struct SimulationWorker::Pacing {
  int index = 0;
  QString name;
  int columns = 0;
  QVector<double> times, values;
  Clock::time_point lastEmit;
  Clock::time_point wallStart;  ///< wall time corresponding to simulated tStart at the current speed
  double tStart = 0;
  double lastSpeed = 1;
  bool started = false;
  double duration = 0;
  double lastProgress = -1;
};

SimulationWorker::SimulationWorker(QObject* parent) : QObject(parent) {
  qRegisterMetaType<maniplab::ui::RunOutcomes>("maniplab::ui::RunOutcomes");
}

SimulationWorker::~SimulationWorker() = default;

void SimulationWorker::setSpeed(double speed) { speed_.store(speed); }

void SimulationWorker::setPaused(bool paused) {
  {
    std::lock_guard lk(mutex_);
    paused_ = paused;
    if (!paused) {
      std::fill(stepsAllowed_.begin(), stepsAllowed_.end(), 0);
      stepsBeforeRun_ = 0;
    }
  }
  cv_.notify_all();
}

bool SimulationWorker::isPaused() const {
  std::lock_guard lk(mutex_);
  return paused_;
}

void SimulationWorker::step(int periods) {
  {
    std::lock_guard lk(mutex_);
    if (stepsAllowed_.empty())
      stepsBeforeRun_ += periods;  // the request is queued, not yet planned
    else
      for (int& s : stepsAllowed_) s += periods;  // each run of the request (together: all advance)
  }
  cv_.notify_all();
}

void SimulationWorker::cancel() {
  cancel_.store(true);
  cv_.notify_all();
}

void SimulationWorker::prepare() {
  cancel_.store(false);
  std::lock_guard lk(mutex_);
  stepsAllowed_.clear();
  stepsBeforeRun_ = 0;
}

void SimulationWorker::flush(int k) {
  Pacing& p = *p_[std::size_t(k)];
  if (!p.times.isEmpty()) {
    const double t = p.times.back();
    emit rows(p.index, p.times, p.values, p.columns);
    p.times.clear();
    p.values.clear();
    // Progress with the rows (the paced sleep flushes too): side by side, the first run's only.
    if (p.duration > 0 && t / p.duration - p.lastProgress >= 0.01 && (k == 0 || !together_.load())) {
      p.lastProgress = t / p.duration;
      emit progress(p.lastProgress, p.name);
    }
  }
  p.lastEmit = Clock::now();
}

void SimulationWorker::onRow(int k, double t, const double* row, std::size_t columns) {
  Pacing& p = *p_[std::size_t(k)];
  p.times.append(t);
  for (std::size_t c = 0; c < columns; ++c) p.values.append(row[c]);
  const auto now = Clock::now();
  const double speed = speed_.load();
  if (!p.started || speed != p.lastSpeed) {  // (re)base the pacing on this row
    p.started = true;
    p.lastSpeed = speed;
    p.tStart = t;
    p.wallStart = now;
  }
  if (now - p.lastEmit >= kBatchPeriod) flush(k);

  // Pause / single step: block here (the run waits) until resumed, stepped or cancelled.
  {
    std::unique_lock lk(mutex_);
    int& steps = stepsAllowed_[std::size_t(k)];
    if (paused_ && !cancel_.load()) {
      if (steps > 0) {
        --steps;
        lk.unlock();
        flush(k);
      } else {
        lk.unlock();
        flush(k);
        lk.lock();
        cv_.wait(lk, [&] { return !paused_ || steps > 0 || cancel_.load(); });
        if (paused_ && steps > 0) --steps;
        lk.unlock();
        p.started = false;  // rebase the pacing after the pause
        return;
      }
    }
  }

  // Pacing: simulated time / wall time = speed.
  if (speed > 0) {
    const auto target = p.wallStart + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>((t - p.tStart) / speed));
    if (target > now + std::chrono::microseconds(500)) {
      // Sleep in slices so that pause/cancel stay responsive at slow speeds.
      while (Clock::now() < target && !cancel_.load()) {
        const auto slice = std::min<Clock::duration>(target - Clock::now(), std::chrono::milliseconds(10));
        std::this_thread::sleep_for(slice);
        if (Clock::now() - p.lastEmit >= kBatchPeriod) flush(k);
        if (speed_.load() != speed) break;
        std::lock_guard lk(mutex_);
        if (paused_) break;
      }
    }
  }
}

void SimulationWorker::beginRun(int k, const QString& name, const std::vector<sim::ChannelInfo>& channels,
                                double duration) {
  QStringList names, units;
  for (const auto& c : channels) {
    names << QString::fromStdString(c.name);
    units << QString::fromStdString(c.unit);
  }
  Pacing& p = *p_[std::size_t(k)];
  p = Pacing{};
  p.index = k;
  p.name = name;
  p.columns = int(names.size());
  p.duration = duration;
  p.lastEmit = Clock::now();
  emit runStarted(k, name, names, units);
}

RunRequest RunRequest::serial(const sim::Scene& scene, std::vector<int> controllers, sim::SerialRunOptions options) {
  return {std::make_shared<sim::SerialScene>(scene, std::move(options)), std::move(controllers)};
}

/// Runs of a request may run together unless they drive external hardware (an EtherCAT backend: one bus).
static bool canRunTogether(const sim::AnyScene& scene) {
  const auto* serial = dynamic_cast<const sim::SerialScene*>(&scene);
  return !serial || !serial->options.backendFactory;
}

RunOutcome SimulationWorker::runOne(const sim::AnyScene& scene, const sim::PlannedRun& planned, int k) {
  RunOutcome o;
  o.name = QString::fromStdString(planned.name);
  try {
    sim::SceneRunHooks hooks;
    // The energy channels are always recorded in the GUI: the conservation dock shows the balance of
    // every run, whatever the scene's "record" list says.
    hooks.recordEnergy = true;
    hooks.cancel = &cancel_;
    hooks.started = [&](const std::string& name, const std::vector<sim::ChannelInfo>& channels) {
      o.name = QString::fromStdString(name);
      beginRun(k, o.name, channels, scene.duration());
    };
    hooks.onRow = [this, k](double t, const double* row, std::size_t cols) { onRow(k, t, row, cols); };
    const sim::SceneRun r = scene.run(planned, hooks);
    flush(k);
    o.ok = r.result.ok;
    o.cancelled = r.result.cancelled;
    o.endTime = r.result.endTime;
    o.metrics = r.result.metrics;
    o.recorder = r.recorder;
    for (const auto& line : r.summary) o.summary << QString::fromStdString(line);
    QStringList lines;
    if (!r.result.ok) lines << tr("%1: simulation failed: %2").arg(o.name, translatedFailure(r.result.message, r.result.detail));
    const bool actuators = scene.jointNoun() == "actuator";
    for (const auto& e : r.limitEvents) {
      if (lines.size() > 5) break;
      lines << (actuators ? tr("%1: t = %2 s: actuator %3 passed its %4 limit (q = %5 m)")
                          : tr("%1: t = %2 s: joint %3 passed its %4 limit (q = %5)"))
                   .arg(o.name)
                   .arg(e.time)
                   .arg(e.joint + 1)
                   .arg(e.upper ? tr("upper") : tr("lower"))
                   .arg(e.position);
    }
    const sim::RunMetrics& m = r.result.metrics;
    if (m.fallbackPeriods > 0)
      lines << tr("%1: the controller's model could not be evaluated in %2 of %3 control periods (%4 %): the PD part "
                  "alone was applied there%5")
                   .arg(o.name)
                   .arg(m.fallbackPeriods)
                   .arg(m.controlPeriods)
                   .arg(100.0 * double(m.fallbackPeriods) / double(std::max(1LL, m.controlPeriods)), 0, 'g', 3)
                   .arg(2 * m.fallbackPeriods > m.controlPeriods ? tr(" (the run was mostly PD, not computed torque)")
                                                                 : QString());
    o.message = lines.join(QLatin1Char('\n'));
  } catch (const std::exception& e) {
    o.ok = false;
    o.message = tr("%1: %2").arg(o.name, translatedError(e));
  }
  return o;
}

void SimulationWorker::run(const RunRequest& request) {
  busy_.store(true);
  RunOutcomes out;
  std::vector<sim::PlannedRun> plan;
  if (!request.scene)
    out.message = tr("No scene to run.");
  else if ((plan = request.scene->plan(request.controllers)).empty())
    out.message = tr("No controller selected.");
  p_.clear();
  for (std::size_t k = 0; k < plan.size(); ++k) p_.push_back(std::make_unique<Pacing>());
  {
    std::lock_guard lk(mutex_);
    stepsAllowed_.assign(plan.size(), stepsBeforeRun_);  // steps asked for while the request was queued
    stepsBeforeRun_ = 0;
  }
  const bool together = request.together && plan.size() >= 2 && canRunTogether(*request.scene);
  together_.store(together);
  if (together) {
    // Side by side: each run in its own thread on its own copy of the scene, paced on the same clock,
    // so that their rows arrive together (the comparison view draws both as they are produced).
    out.runs.resize(plan.size());
    std::vector<std::shared_ptr<sim::AnyScene>> copies;
    for (std::size_t k = 1; k < plan.size(); ++k) copies.push_back(request.scene->clone());
    std::vector<std::thread> threads;
    for (std::size_t k = 1; k < plan.size(); ++k)
      threads.emplace_back([&, k] { out.runs[k] = runOne(*copies[k - 1], plan[k], int(k)); });
    out.runs[0] = runOne(*request.scene, plan[0], 0);
    for (auto& t : threads) t.join();
    for (const auto& o : out.runs) out.cancelled = out.cancelled || o.cancelled;
    if (cancel_.load()) out.cancelled = true;
  } else {
    for (std::size_t k = 0; k < plan.size(); ++k) {
      if (cancel_.load()) {
        out.cancelled = true;
        break;
      }
      out.runs.push_back(runOne(*request.scene, plan[k], int(k)));
      if (out.runs.back().cancelled) out.cancelled = true;
    }
  }
  busy_.store(false);
  emit finished(out);
}

}  // namespace maniplab::ui
