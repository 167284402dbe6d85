// A live bus for interactive front ends (issue 5, GUI): link + master (+ in-process virtual drives),
// serialised control operations, the run lease, and BusProvider's backends. See bus_session.hpp.
#include "maniplab/ethercat/bus_session.hpp"

#include <pthread.h>
#include <sched.h>

#include <chrono>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "maniplab/ethercat/ethercat_backend.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::ethercat {

namespace {

MasterOptions masterOptions(const BusConfig& cfg, double period, const LossBudget& budget = {}) {
  MasterOptions mo;
  mo.cyclePeriod = period;
  mo.lossBudget = budget.time;
  mo.maxLossesPerSecond = budget.perSecond;
  mo.realtime = cfg.realtime;
  mo.lockMemory = cfg.lockMemory;
  mo.distributedClocks = cfg.dc;
  return mo;
}

std::vector<std::string> esiSources(const DriveSetup& s) {
  std::vector<std::string> out;
  for (const auto& f : s.esi) out.push_back(f.source);
  return out;
}

bool sameSetup(const DriveSetup& a, const DriveSetup& b) {
  return a.mode == b.mode && a.gear == b.gear && a.revolute == b.revolute && a.cspKp == b.cspKp && a.cspKd == b.cspKd &&
         a.profile == b.profile && a.remap == b.remap && esiSources(a) == esiSources(b);
}

/// A session opened with `a` serves `b` (link, virtual drives and the master's options other than the
/// cycle and the loss budget, which bringUp replaces).
bool sameSession(const BusConfig& a, const BusConfig& b) {
  return a.realtime == b.realtime && a.lockMemory == b.lockMemory && a.dc == b.dc && a.virtualProfile == b.virtualProfile;
}

/// A backend leased from a session for one run: drives disabled and the lease released on destruction.
class LeasedBackend : public sim::Backend {
 public:
  LeasedBackend(std::shared_ptr<BusSession> session, const Model& model, const sim::Scene& scene, const BusConfig& cfg)
      : session_(std::move(session)), master_(session_->master()) {
    const std::int8_t mode = cfg.mode;
    EthercatBackendOptions bo;
    bo.mode = mode;
    inner_ = std::make_unique<EthercatBackend>(model, *master_, bo);
    if (mode == cia402::ModeCSP) {
      reference_ = sim::makeTrajectory(scene);
      inner_->setReference(reference_.get());
    }
    name_ = !cfg.backendName.empty() ? cfg.backendName : mode == cia402::ModeCSP ? "ethercat CSP" : "ethercat";
    // EthercatBackend::reset() may make the calling (worker) thread SCHED_FIFO: restored afterwards.
    pthread_getschedparam(pthread_self(), &policy_, &param_);
    thread_ = pthread_self();
  }
  ~LeasedBackend() override {
    if (master_->cyclic()) master_->setEnable(false);  // brakes close; no torque is held after the run
    session_->setLastRun({inner_->overruns(), inner_->irregularPeriods(), inner_->firstIrregularTime(), inner_->firstOverrunTime(),
                          inner_->badCycles(), inner_->periodsWithLosses(), inner_->notes()});
    if (pthread_equal(thread_, pthread_self())) pthread_setschedparam(thread_, policy_, &param_);
    session_->release();
  }
  int dof() const override { return inner_->dof(); }
  std::string name() const override { return name_; }
  sim::BackendStatus reset(const VectorX& q0, const VectorX& qd0) override { return inner_->reset(q0, qd0); }
  void writeTorque(const VectorX& tau) override { inner_->writeTorque(tau); }
  sim::BackendStatus advance(double dt) override { return inner_->advance(dt); }
  double time() const override { return inner_->time(); }
  const VectorX& measuredPosition() const override { return inner_->measuredPosition(); }
  const VectorX& measuredVelocity() const override { return inner_->measuredVelocity(); }
  const VectorX& appliedTorque() const override { return inner_->appliedTorque(); }
  std::vector<sim::ChannelInfo> traceChannels() const override { return inner_->traceChannels(); }
  void traceValues(double* out) const override { inner_->traceValues(out); }

 private:
  std::shared_ptr<BusSession> session_;
  std::shared_ptr<Master> master_;
  std::unique_ptr<sim::Trajectory> reference_;
  std::unique_ptr<EthercatBackend> inner_;
  std::string name_;
  int policy_ = SCHED_OTHER;
  sched_param param_{};
  pthread_t thread_{};
};

}  // namespace

// --- BusSession ----------------------------------------------------------------------------------

BusSession::BusSession(const BusConfig& cfg, const Model& model, const sim::PlantOptions& plant, std::string key)
    : cfg_(cfg), key_(std::move(key)) {
  if (cfg_.inProcess()) {
    auto pair = makeInProcessPair();
    link_ = std::move(pair.a);
    peer_ = std::move(pair.b);
    VirtualBusOptions vo;  // the virtual drives as other masters see them (emergencies, SAFEOP write counted)
    vo.profile = cfg_.virtualProfile;
    vo.emergencies = true;
    vo.countOutputsInSafeOp = true;
    virtual_ = std::make_unique<VirtualBus>(model, plant, cfg_.virtualFaults, vo);
    virtual_->start(*peer_, cfg_.realtime ? 70 : 0);
  } else {
    link_ = openRawSocketLink(cfg_.ifname);
  }
  master_ = std::make_shared<Master>(*link_, masterOptions(cfg_, 1e-3));
}

BusSession::~BusSession() {
  {
    std::lock_guard lk(control_);
    master()->shutdown();
  }
  {
    std::lock_guard lk(masterM_);
    master_.reset();
  }
  if (virtual_) virtual_->stop();
}

std::string BusSession::describe() const {
  return cfg_.inProcess() ? std::string("in-process virtual drives") : link_->describe();
}

std::shared_ptr<Master> BusSession::master() const {
  std::lock_guard lk(masterM_);
  return master_;
}

BusScan BusSession::scan() {
  BusScan r;
  r.link = describe();
  std::lock_guard lk(control_);
  auto m = master();
  if (m->cyclic()) {
    const MasterStatus st = m->status();
    r.slaves = st.slaves;
    r.fromCyclic = true;
    r.ok = true;
    return r;
  }
  if (inUse()) {
    r.error = "a run is using the bus";
    return r;
  }
  haveSetup_ = false;
  r.error = m->scan();
  if (r.error.empty()) {
    const std::string pre = m->requestState(2);
    for (int i = 0; i < m->slaveCount(); ++i) {
      SlaveInfo s = m->slave(i);
      if (pre.empty()) {
        const auto sw = m->sdoRead(i, cia402::Statusword, 0);
        if (sw.ok) {
          s.statusword = std::uint16_t(sw.value);
          s.driveState = cia402::decodeStatusword(s.statusword);
        }
        const auto ec = m->sdoRead(i, cia402::ErrorCode, 0);
        if (ec.ok) s.errorCode = std::uint16_t(ec.value);
      }
      r.slaves.push_back(s);
    }
    r.error = pre;
  }
  r.ok = r.error.empty();
  return r;
}

std::string BusSession::bringUpLocked(const DriveSetup& setup, double cyclePeriod, const LossBudget& budget) {
  auto m = master();
  const bool sameOptions = std::abs(m->options().cyclePeriod - cyclePeriod) <= 1e-12 && m->options().lossBudget == budget.time &&
                           m->options().maxLossesPerSecond == budget.perSecond;
  if (m->cyclic() && !m->hasFault() && haveSetup_ && sameSetup(setup, setup_) && sameOptions) return {};
  m->shutdown();
  if (!sameOptions) {
    auto fresh = std::make_shared<Master>(*link_, masterOptions(cfg_, cyclePeriod, budget));
    std::lock_guard lk(masterM_);
    master_ = fresh;
    m = fresh;
  }
  haveSetup_ = false;
  const std::string e = m->bringUp(setup);
  {
    auto n = m->notes();
    std::lock_guard lk(notesM_);
    notes_ = std::move(n);
  }
  if (!e.empty()) return e;
  setup_ = setup;
  haveSetup_ = true;
  return {};
}

std::vector<std::string> BusSession::notes() const {
  std::lock_guard lk(notesM_);
  return notes_;
}

std::string BusSession::bringUp(const DriveSetup& setup, double cyclePeriod, bool leased, const LossBudget& budget) {
  if (!(cyclePeriod > 0)) return "the bus cycle must be positive";
  std::lock_guard lk(control_);
  if (!leased && inUse()) return "a run is using the bus";
  return bringUpLocked(setup, cyclePeriod, budget);
}

std::string BusSession::setEnable(bool on) {
  std::lock_guard lk(control_);
  if (inUse()) return "a run is using the bus (the run enables and disables the drives)";
  auto m = master();
  if (!on) {
    if (m->cyclic()) m->setEnable(false);
    return {};
  }
  if (!m->cyclic()) return "the bus is not in OP (start it first)";
  if (m->hasFault()) return "bus fault: " + m->faultMessage() + " (reset first)";
  if (!haveSetup_ || setup_.mode != cia402::ModeCSP)
    return "outside a run the drives are enabled in CSP only (they hold their position); in CST the run's controller "
           "supplies the torque";
  Feedback f = m->feedback();
  if (!f.fresh) return "no fresh feedback from the drives";
  std::vector<std::int16_t> torque(f.position.size(), 0);
  m->setEnable(true);
  m->writeSetpoints(torque, f.position);
  if (!m->waitFeedback([](const Feedback& x) { return x.fresh && x.allEnabled; }, 2.0, f))
    return m->hasFault() ? "bus fault: " + m->faultMessage() : "the drives did not reach 'Operation enabled'";
  return {};
}

void BusSession::quickStop(const std::string& why) { master()->quickStop(why); }

bool BusSession::waitIdle(double seconds) {
  std::unique_lock lk(leaseM_);
  return leaseCv_.wait_for(lk, std::chrono::duration<double>(seconds), [&] { return !inUse_; });
}

std::string BusSession::resetFault() {
  if (!waitIdle(10.0)) return "a run still uses the bus";
  std::lock_guard lk(control_);
  if (virtual_) virtual_->clearFaults();
  auto m = master();
  if (!m->cyclic()) {
    if (!haveSetup_) return "the bus is not running (start or scan it)";
    return bringUpLocked(setup_, m->options().cyclePeriod, {m->options().lossBudget, m->options().maxLossesPerSecond});
  }
  std::string e = m->resetFault();
  if (e.empty()) return {};
  // The slaves did not come back (e.g. the link was down): the whole start-up again.
  const DriveSetup setup = setup_;
  haveSetup_ = false;
  const std::string e2 = m->reconnect(setup);
  if (!e2.empty()) return e + "; reconnect: " + e2;
  setup_ = setup;
  haveSetup_ = true;
  return {};
}

std::string BusSession::injectFault(FaultPlan plan) {
  if (!virtual_) return "faults are injected into the in-process virtual drives only (use ecat-sim --fault on a link)";
  virtual_->injectFault(plan);
  return {};
}

std::string BusSession::shutdown() {
  std::lock_guard lk(control_);
  if (inUse()) return "a run is using the bus";
  master()->shutdown();
  haveSetup_ = false;
  return {};
}

std::string BusSession::objectDictionary(int slave, std::vector<Master::ObjectInfo>& out) {
  out.clear();
  std::lock_guard lk(control_);
  auto m = master();
  if (m->slaveCount() == 0) return "no slave known: scan or start the bus first";
  if (slave < 0 || slave >= m->slaveCount()) return "slave " + std::to_string(slave + 1) + ": no such slave";
  std::vector<std::uint16_t> list;
  std::string e = m->sdoObjectList(slave, list);
  if (!e.empty()) return e;
  for (auto idx : list) {
    Master::ObjectInfo info;
    e = m->sdoObjectInfo(slave, idx, info);
    if (!e.empty()) return e;
    out.push_back(std::move(info));
  }
  return {};
}

Master::SdoData BusSession::readObject(int slave, std::uint16_t index, std::uint8_t sub) {
  std::lock_guard lk(control_);
  auto m = master();
  if (slave < 0 || slave >= m->slaveCount()) {
    Master::SdoData r;
    r.error = m->slaveCount() ? "slave " + std::to_string(slave + 1) + ": no such slave" : "no slave known: scan or start the bus first";
    return r;
  }
  return m->sdoUpload(slave, index, sub);
}

Master::SdoData BusSession::writeObject(int slave, std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& data) {
  std::lock_guard lk(control_);
  auto m = master();
  Master::SdoData r;
  if (inUse()) r.error = "a run is using the bus: objects are written outside runs";
  else if (slave < 0 || slave >= m->slaveCount())
    r.error = m->slaveCount() ? "slave " + std::to_string(slave + 1) + ": no such slave" : "no slave known: scan or start the bus first";
  if (!r.error.empty()) return r;
  return m->sdoDownload(slave, index, sub, data);
}

bool BusSession::tryAcquire() {
  std::lock_guard lk(leaseM_);
  if (inUse_) return false;
  inUse_ = true;
  return true;
}

void BusSession::release() {
  {
    std::lock_guard lk(leaseM_);
    inUse_ = false;
  }
  leaseCv_.notify_all();
}

bool BusSession::inUse() const {
  std::lock_guard lk(leaseM_);
  return inUse_;
}

// --- helpers ---------------------------------------------------------------------------------------

std::unique_ptr<sim::Backend> leaseBackend(std::shared_ptr<BusSession> session, const Model& model, const sim::Scene& scene,
                                           const BusConfig& cfg) {
  if (!session->tryAcquire()) throw std::runtime_error("a run is already using the bus (" + session->describe() + ")");
  try {
    return std::make_unique<LeasedBackend>(session, model, scene, cfg);
  } catch (...) {
    session->release();
    throw;
  }
}

DriveSetup driveSetupForScene(const sim::Scene& scene, std::int8_t mode) {
  BusConfig cfg;
  cfg.mode = mode;
  return driveSetupForScene(scene, cfg);
}

DriveSetup driveSetupForScene(const sim::Scene& scene, const BusConfig& cfg) {
  const Model& model = scene.robot.model;
  DriveSetup setup = driveSetupFor(model, cfg.mode);
  if (cfg.mode == cia402::ModeCSP) {
    const sim::ControllerSpec* gains = nullptr;
    for (const auto& c : scene.controllers)
      if (!gains && (c.type == "pid" || c.type == "pd_gravity") && (cfg.cspGainsFrom.empty() || c.name == cfg.cspGainsFrom)) gains = &c;
    if (!gains || gains->kp.size() != model.nq || gains->kv.size() != model.nq)
      throw std::runtime_error("CSP takes the drives' position-loop gains (Kp, Kd) from a pid or pd_gravity controller of the scene; " +
                               (cfg.cspGainsFrom.empty() ? std::string("the scene has none") : cfg.cspGainsFrom + " is not one"));
    for (int j = 0; j < model.nq; ++j) {
      setup.cspKp.push_back(float(gains->kp[j]));
      setup.cspKd.push_back(float(gains->kv[j]));
    }
  }
  setup.profile = cfg.driveProfile;
  setup.remap = cfg.pdoRemap;
  setup.esi = cfg.esi;
  return setup;
}

double cyclePeriodForScene(const sim::Scene& scene, double requested) {
  const double T = scene.controlPeriod;
  if (!(requested > 0)) return T;
  const double n = std::round(T / requested);
  if (n < 1 || std::abs(n * requested - T) > 1e-6 * T) {
    std::ostringstream o;
    o << "the scene's control period " << T * 1e3 << " ms is not a whole number of bus cycles of " << requested * 1e3
      << " ms (choose the control period or a multiple of its rate)";
    throw std::runtime_error(o.str());
  }
  return requested;
}

double cyclePeriodFor(const BusConfig& cfg, const sim::Scene& scene) {
  if (cfg.wholeCycles) return cyclePeriodForScene(scene, cfg.cyclePeriod);
  return cfg.cyclePeriod > 0 ? cfg.cyclePeriod : scene.controlPeriod;
}

// --- BusProvider -----------------------------------------------------------------------------------

void BusProvider::setConfig(const BusConfig& cfg) {
  std::lock_guard lk(m_);
  cfg_ = cfg;
}

BusConfig BusProvider::config() const {
  std::lock_guard lk(m_);
  return cfg_;
}

void BusProvider::setScene(const sim::Scene& scene) {
  auto copy = std::make_shared<const sim::Scene>(scene);
  std::lock_guard lk(m_);
  scene_ = std::move(copy);
}

bool BusProvider::hasScene() const {
  std::lock_guard lk(m_);
  return scene_ != nullptr;
}

std::shared_ptr<const sim::Scene> BusProvider::scene() const {
  std::lock_guard lk(m_);
  return scene_;
}

std::shared_ptr<BusSession> BusProvider::current() const {
  std::lock_guard lk(m_);
  return session_;
}

std::shared_ptr<BusSession> BusProvider::sessionFor(const BusConfig& cfg, const sim::Scene& scene) {
  // Virtual drives emulate the scene's robot on its plant: a session opened for another scene is
  // replaced. A host interface is reused whatever the scene (bringUp checks the drives against it).
  const std::string key = cfg.inProcess() ? "virtual|" + scene.file + "|" + scene.robotFile + "|" + scene.robot.model.name + "|" +
                                                std::to_string(scene.robot.model.nq)
                                          : "if|" + cfg.ifname;
  std::shared_ptr<BusSession> old;
  {
    std::lock_guard lk(m_);
    if (session_ && session_->key() == key && sameSession(session_->config(), cfg)) return session_;
    if (session_ && session_->inUse()) throw std::runtime_error("a run is using the bus (" + session_->describe() + ")");
    old = std::move(session_);
  }
  old.reset();  // shut down (drives off, INIT) before the link is opened again
  auto s = std::make_shared<BusSession>(cfg, scene.robot.model, scene.plant, key);
  std::lock_guard lk(m_);
  session_ = s;
  return s;
}

BusScan BusProvider::scan() {
  BusConfig cfg;
  std::shared_ptr<const sim::Scene> scene;
  std::shared_ptr<BusSession> live;
  {
    std::lock_guard lk(m_);
    cfg = cfg_;
    scene = scene_;
    live = session_;
  }
  BusScan r;
  try {
    // A live session on the selected link is scanned as it is (the cyclic status while it cycles).
    if (live && live->config().ifname == cfg.ifname) return live->scan();
    if (!scene) throw std::runtime_error("no robot for the virtual drives (load a scene)");
    return sessionFor(cfg, *scene)->scan();
  } catch (const std::exception& e) {
    r.error = e.what();
    r.link = cfg.inProcess() ? "in-process virtual drives" : cfg.ifname;
  }
  return r;
}

std::string BusProvider::start() {
  const std::shared_ptr<const sim::Scene> scene = this->scene();
  if (!scene) return "no scene: the drive setup comes from the scene's robot";
  try {
    const Opened r = open(*scene);
    return r.error.empty() ? r.error : "EtherCAT start-up failed on " + r.session->describe() + ": " + r.error;
  } catch (const std::exception& e) {
    return e.what();
  }
}

BusProvider::Opened BusProvider::open(const sim::Scene& scene) {
  const BusConfig cfg = config();
  Opened r;
  r.cyclePeriod = cyclePeriodFor(cfg, scene);
  const DriveSetup setup = driveSetupForScene(scene, cfg);
  r.session = sessionFor(cfg, scene);
  r.error = r.session->bringUp(setup, r.cyclePeriod, false, lossBudgetFor(cfg, scene));
  return r;
}

std::string BusProvider::close() {
  std::shared_ptr<BusSession> old;
  {
    std::lock_guard lk(m_);
    if (!session_) return {};
    if (session_->inUse()) return "a run is using the bus";
    old = std::move(session_);
  }
  old.reset();
  return {};
}

LossBudget lossBudgetFor(const BusConfig& cfg, const sim::Scene& scene) {
  return cfg.lossBudgetSet ? cfg.lossBudget : LossBudget{scene.ethercat.lossBudget, scene.ethercat.maxLossesPerSecond};
}

std::unique_ptr<sim::Backend> BusProvider::makeBackend(const Model& model, const sim::Scene& scene) {
  const BusConfig cfg = config();
  if (model.nq != scene.robot.model.nq) throw std::runtime_error("the run's model is not the scene's robot");
  const double period = cyclePeriodFor(cfg, scene);
  const DriveSetup setup = driveSetupForScene(scene, cfg);
  auto s = sessionFor(cfg, scene);
  if (!s->tryAcquire()) throw std::runtime_error("a run is already using the bus (" + s->describe() + ")");
  try {
    auto m = s->master();
    if (m->cyclic() && m->hasFault())
      throw std::runtime_error("bus fault: " + m->faultMessage() + " (reset the bus first)");
    const std::string e = s->bringUp(setup, period, true, lossBudgetFor(cfg, scene));
    if (!e.empty()) throw std::runtime_error("EtherCAT start-up failed on " + s->describe() + ": " + e);
    return std::make_unique<LeasedBackend>(s, model, scene, cfg);
  } catch (...) {
    s->release();
    throw;
  }
}

}  // namespace maniplab::ethercat
