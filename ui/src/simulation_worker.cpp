#include "maniplab/ui/simulation_worker.hpp"

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

SimulationWorker::SimulationWorker(QObject* parent) : QObject(parent), p_(std::make_unique<Pacing>()) {
  qRegisterMetaType<maniplab::ui::RunOutcomes>("maniplab::ui::RunOutcomes");
}

SimulationWorker::~SimulationWorker() = default;

void SimulationWorker::setSpeed(double speed) { speed_.store(speed); }

void SimulationWorker::setPaused(bool paused) {
  {
    std::lock_guard lk(mutex_);
    paused_ = paused;
    if (!paused) stepsAllowed_ = 0;
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
    stepsAllowed_ += periods;
  }
  cv_.notify_all();
}

void SimulationWorker::cancel() {
  cancel_.store(true);
  cv_.notify_all();
}

void SimulationWorker::prepare() { cancel_.store(false); }

void SimulationWorker::flush() {
  Pacing& p = *p_;
  if (!p.times.isEmpty()) {
    emit rows(p.index, p.times, p.values, p.columns);
    p.times.clear();
    p.values.clear();
  }
  p.lastEmit = Clock::now();
}

void SimulationWorker::onRow(double t, const double* row, std::size_t columns) {
  Pacing& p = *p_;
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
  if (now - p.lastEmit >= kBatchPeriod) {
    flush();
    if (p.duration > 0 && t / p.duration - p.lastProgress >= 0.01) {
      p.lastProgress = t / p.duration;
      emit progress(p.lastProgress, p.name);
    }
  }

  // Pause / single step: block here (the run waits) until resumed, stepped or cancelled.
  {
    std::unique_lock lk(mutex_);
    if (paused_ && !cancel_.load()) {
      if (stepsAllowed_ > 0) {
        --stepsAllowed_;
        lk.unlock();
        flush();
      } else {
        lk.unlock();
        flush();
        lk.lock();
        cv_.wait(lk, [&] { return !paused_ || stepsAllowed_ > 0 || cancel_.load(); });
        if (paused_ && stepsAllowed_ > 0) --stepsAllowed_;
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
        if (Clock::now() - p.lastEmit >= kBatchPeriod) flush();
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
  *p_ = Pacing{};
  p_->index = k;
  p_->name = name;
  p_->columns = int(names.size());
  p_->duration = duration;
  p_->lastEmit = Clock::now();
  emit runStarted(k, name, names, units);
}

void SimulationWorker::run(const RunRequest& request) {
  busy_.store(true);
  RunOutcomes out;
  if (request.orthoglide || request.satellite) {
    if (request.backendFactory || request.controllerModel)
      out.message = tr("The %1 scene runs on its own simulated plant: an external backend or a controller "
                       "model cannot be used with it.")
                        .arg(request.orthoglide ? tr("Orthoglide") : tr("satellite"));
    else if (request.orthoglide)
      runOrthoglide(request, out);
    else
      runSatellite(request, out);
  } else {
    runSerial(request, out);
  }
  busy_.store(false);
  emit finished(out);
}

// seed 004 (Orthoglide plant and controllers of orthoglide_simulation.hpp; the loop of runOrthoglideScene
// with the worker's pacing and cancel).
void SimulationWorker::runOrthoglide(const RunRequest& request, RunOutcomes& out) {
  const sim::OrthoglideScene& scene = *request.orthoglide;
  if (!scene.robot.ok()) {
    out.message = tr("The scene has no valid robot: %1").arg(QString::fromStdString(scene.robot.report()));
    return;
  }
  std::vector<int> which = request.controllers;
  if (which.empty())
    for (std::size_t i = 0; i < scene.controllers.size(); ++i) which.push_back(int(i));
  std::erase_if(which, [&](int ci) { return ci < 0 || std::size_t(ci) >= scene.controllers.size(); });
  if (which.empty()) {
    out.message = tr("No controller selected.");
    return;
  }
  const OrthoglideModel& m = scene.robot.model;
  for (std::size_t k = 0; k < which.size(); ++k) {
    if (cancel_.load()) {
      out.cancelled = true;
      break;
    }
    const sim::ControllerSpec& spec = scene.controllers[std::size_t(which[k])];
    RunOutcome o;
    o.name = QString::fromStdString(spec.name);
    try {
      const auto traj = sim::makeOrthoglideTrajectory(scene);
      sim::OrthoglidePlant plant(m, scene.plant);
      const auto ctrl = sim::makeOrthoglideController(spec, m, scene.plant.coulombSmoothing);
      // The energy channels are always recorded in the GUI: the conservation dock shows the balance of
      // every run, whatever the scene's "record" list says.
      sim::RecordSelection record = scene.record;
      record.energy = true;
      auto rec = std::make_shared<sim::Recorder>(sim::makeOrthoglideChannels(m, record));
      beginRun(int(k), o.name, rec->channels(), scene.duration);
      sim::RunOptions opt;
      opt.controlPeriod = scene.controlPeriod;
      opt.duration = scene.duration;
      opt.friction = scene.plant.friction;
      opt.frictionSmoothing = scene.plant.coulombSmoothing;
      opt.record = record;
      opt.cancel = &cancel_;
      opt.onRow = [this](double t, const double* row, std::size_t cols) { onRow(t, row, cols); };
      const sim::RunResult r = sim::runOrthoglideSimulation(m, plant, *ctrl, *traj, opt, *rec);
      flush();
      o.ok = r.ok;
      o.cancelled = r.cancelled;
      o.endTime = r.endTime;
      o.metrics = r.metrics;
      o.recorder = rec;
      if (!r.ok) o.message = tr("%1: simulation failed: %2").arg(o.name, QString::fromStdString(r.message));
      for (const auto& e : plant.jointLimitEvents()) {
        if (!o.message.isEmpty()) o.message += QLatin1Char('\n');
        o.message += tr("%1: t = %2 s: actuator %3 passed its %4 limit (q = %5 m)")
                         .arg(o.name)
                         .arg(e.time)
                         .arg(e.joint + 1)
                         .arg(e.upper ? tr("upper") : tr("lower"))
                         .arg(e.position);
        if (o.message.count(QLatin1Char('\n')) > 5) break;
      }
      if (r.cancelled) out.cancelled = true;
    } catch (const std::exception& e) {
      o.ok = false;
      o.message = tr("%1: %2").arg(o.name, QString::fromStdString(e.what()));
    }
    out.runs.push_back(std::move(o));
  }
}

// seed 000 §IV.2 (free-floating base, floating_base_plant.hpp runSatellite with the worker's hooks).
void SimulationWorker::runSatellite(const RunRequest& request, RunOutcomes& out) {
  const sim::SatelliteScene& scene = *request.satellite;
  const int n = scene.model.arm.nq;
  RunOutcome o;
  o.name = QStringLiteral("floating_computed_torque");
  try {
    if (n <= 0 || scene.q0.size() != n || scene.q1.size() != n)
      throw std::invalid_argument(tr("the satellite scene has no arm or no motion").toStdString());
    auto rec = std::make_shared<sim::Recorder>(sim::satelliteChannels(n));
    const int qd0 = rec->channelIndex("q_d[1]"), q0 = rec->channelIndex("q[1]"), tau0 = rec->channelIndex("tau[1]");
    if (qd0 < 0 || q0 < 0 || tau0 < 0) throw std::logic_error("satellite channels without q_d, q or tau");
    // Joint metrics at the row rate (every control period is recorded), as runSimulation does.
    sim::MetricsAccumulator metrics(n);
    metrics.setSteadyStateFrom(scene.duration > scene.motionDuration + scene.controlPeriod / 2 ? scene.motionDuration
                                                                                               : scene.duration);
    VectorX qd(n), q(n), tau(n);
    beginRun(0, o.name, rec->channels(), scene.duration);
    sim::SatelliteRunOptions opt;
    opt.cancel = &cancel_;
    opt.onRow = [&](double t, const double* row, std::size_t cols) {
      for (int i = 0; i < n; ++i) {
        qd[i] = row[qd0 + i];
        q[i] = row[q0 + i];
        tau[i] = row[tau0 + i];
      }
      metrics.addJoint(t, scene.controlPeriod, qd, q, tau);
      onRow(t, row, cols);
    };
    const sim::SatelliteRunResult r = sim::runSatellite(scene, *rec, opt);
    flush();
    o.ok = r.ok;
    o.cancelled = r.cancelled;
    o.endTime = r.endTime;
    o.metrics = metrics.finish(scene.q0, scene.q1);
    o.recorder = rec;
    if (!r.ok) o.message = tr("%1: simulation failed: %2").arg(o.name, QString::fromStdString(r.message));
    if (r.cancelled) out.cancelled = true;
  } catch (const std::exception& e) {
    o.ok = false;
    o.message = tr("%1: %2").arg(o.name, QString::fromStdString(e.what()));
  }
  out.runs.push_back(std::move(o));
}

void SimulationWorker::runSerial(const RunRequest& request, RunOutcomes& out) {
  const sim::Scene& scene = request.scene;
  std::vector<int> which = request.controllers;
  if (which.empty())
    for (std::size_t i = 0; i < scene.controllers.size(); ++i) which.push_back(int(i));
  if (!scene.robot.ok()) {
    out.message = tr("The scene has no valid robot: %1").arg(QString::fromStdString(scene.robot.report()));
  } else if (which.empty()) {
    out.message = tr("No controller selected.");
  }
  const Model& model = scene.robot.model;
  // (controller index, with the request's controller model?) in run order.
  std::vector<std::pair<int, bool>> plan;
  for (const int ci : which) {
    if (ci < 0 || std::size_t(ci) >= scene.controllers.size()) continue;
    const std::string& type = scene.controllers[std::size_t(ci)].type;
    const bool modelBased = type == "computed_torque" || type == "pd_gravity";
    if (!request.controllerModel || !modelBased) {
      plan.emplace_back(ci, false);
    } else {
      if (request.compareControllerModel) plan.emplace_back(ci, false);
      plan.emplace_back(ci, true);
    }
  }
  for (std::size_t k = 0; k < plan.size() && out.message.isEmpty(); ++k) {
    if (cancel_.load()) {
      out.cancelled = true;
      break;
    }
    const auto [ci, ownModel] = plan[k];
    sim::ControllerSpec spec = scene.controllers[std::size_t(ci)];
    if (ownModel) {
      spec.perturbationPercent = 0;
      spec.name += " (" + request.controllerModelLabel.toStdString() + ")";
    }
    RunOutcome o;
    o.name = QString::fromStdString(spec.name);
    try {
      const auto traj = sim::makeTrajectory(scene);
      sim::SimulatedPlant plant(model, scene.plant);
      std::unique_ptr<sim::Backend> external;
      if (request.backendFactory) {
        external = request.backendFactory(model, scene);
        if (!external) throw std::runtime_error("the backend could not be created");
        o.name += QStringLiteral(" [%1]").arg(QString::fromStdString(external->name()));
      }
      sim::Backend& backend = external ? *external : static_cast<sim::Backend&>(plant);
      const auto ctrl = sim::makeController(spec, ownModel ? *request.controllerModel : model);
      sim::RunOptions opt = sim::runOptions(scene);
      opt.record.energy = true;  // always, for the conservation dock (as for the Orthoglide above)
      auto rec = std::make_shared<sim::Recorder>(sim::makeChannels(model, opt.record));
      beginRun(int(k), o.name, rec->channels(), scene.duration);
      opt.cancel = &cancel_;
      opt.onRow = [this](double t, const double* row, std::size_t cols) { onRow(t, row, cols); };
      const sim::RunResult r = sim::runSimulation(model, backend, *ctrl, *traj, opt, *rec);
      flush();
      o.ok = r.ok;
      o.cancelled = r.cancelled;
      o.endTime = r.endTime;
      o.metrics = r.metrics;
      o.recorder = rec;
      if (!r.ok)
        o.message = tr("%1: simulation failed: %2").arg(o.name, QString::fromStdString(r.message));
      for (const auto& e : plant.jointLimitEvents()) {
        if (!o.message.isEmpty()) o.message += QLatin1Char('\n');
        o.message += tr("%1: t = %2 s: joint %3 passed its %4 limit (q = %5)")
                         .arg(o.name)
                         .arg(e.time)
                         .arg(e.joint + 1)
                         .arg(e.upper ? tr("upper") : tr("lower"))
                         .arg(e.position);
        if (o.message.count(QLatin1Char('\n')) > 5) break;
      }
      if (r.cancelled) out.cancelled = true;
    } catch (const std::exception& e) {
      o.ok = false;
      o.message = tr("%1: %2").arg(o.name, QString::fromStdString(e.what()));
    }
    out.runs.push_back(std::move(o));
  }
}

}  // namespace maniplab::ui
