#pragma once
// A live EtherCAT bus for an interactive front end (the GUI's EtherCAT panel): the link (a raw socket on
// a host interface, or an in-process pair with virtual CiA 402 drives so that a classroom without root or
// veth still sees the whole path), the master, and the serialisation of the control operations (scan,
// bring-up, enable, reset, shutdown), plus BusProvider, which turns the current selection into
// sim::Backend objects for runs and keeps the live session observable while a run uses it.
//
// Threads. Every control operation of a BusSession takes the session's control mutex, so they may be
// called from any thread (the panel runs them in a thread pool, the simulation worker in its thread)
// and never interleave on the master. status()/feedback() go straight to the master's thread-safe
// copies and never wait for a control operation: a GUI timer may poll them while a bring-up or a run
// is under way. A run holds the session's lease (inUse()) from the backend's creation to its
// destruction; operations that would disturb it (scan with bus traffic, enable, shutdown) are refused
// while it is held, quickStop() is always allowed and resetFault() waits for the run to end.
//
// No Qt. See sim/ethercat/README.md ("GUI panel").
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "maniplab/ethercat/link.hpp"
#include "maniplab/ethercat/master.hpp"
#include "maniplab/ethercat/virtual_drives.hpp"
#include "maniplab/sim/backend.hpp"
#include "maniplab/sim/scene.hpp"

namespace maniplab::ethercat {

/// The master's fault policy as a front end sets it (MasterOptions::lossBudget and maxLossesPerSecond,
/// the scene's "ethercat" section): the longest time without a good cycle [s] and the bad cycles
/// tolerated within one second; 0: the master's default (README "Faults").
struct LossBudget {
  double time = 0, perSecond = 0;
  bool operator==(const LossBudget&) const = default;
};

struct BusConfig {
  std::string ifname;                     ///< host interface (raw socket); empty: in-process virtual drives
  std::int8_t mode = cia402::ModeCST;     ///< CST (computed torque in ManipLab) or CSP (the drives' loop)
  double cyclePeriod = 0;                 ///< [s]; 0: the scene's control period (scan: 1 ms)
  bool realtime = true;                   ///< SCHED_FIFO for the cyclic thread (and the virtual drives)
  bool lockMemory = false;                ///< mlockall the whole process (off in the GUI: Qt 3D, GL)
  FaultPlan virtualFaults;                ///< in-process virtual drives: faults planned from the start
  std::string virtualProfile = "generic"; ///< in-process virtual drives: their profile (virtual_drive_profiles.hpp)
  /// Fault policy of the runs and of Start when `lossBudgetSet` (a front end that edits it, e.g. the GUI
  /// panel; a field 0: the master's default); otherwise the scene's ("ethercat" section).
  LossBudget lossBudget;
  bool lossBudgetSet = false;
  MasterOptions::Dc dc = MasterOptions::Dc::Auto;  ///< distributed clocks (MasterOptions::distributedClocks)
  // What the bring-up maps and how (DriveSetup): one drive profile for every drive (empty: by identity),
  // PDO remapping, the ESI files the drives came with.
  std::string driveProfile;
  PdoRemap pdoRemap = PdoRemap::Auto;
  std::vector<esi::File> esi;
  /// CSP: the scene's controller whose gains (kp, kv) the drives' position loops take (empty: its first
  /// pid or pd_gravity controller).
  std::string cspGainsFrom;
  /// The runs' backend name, appended to the run names (empty: "ethercat", in CSP "ethercat CSP").
  std::string backendName;
  /// A control period that is not a whole number of bus cycles is refused at start-up (cyclePeriodForScene);
  /// false: the cycle is taken as given and each run fails at its start with the backend's message (the
  /// command line's behaviour).
  bool wholeCycles = true;
  bool inProcess() const { return ifname.empty(); }
};

/// A bus scan: the slaves with identity, AL state and status code, CiA 402 state.
struct BusScan {
  bool ok = false;
  std::string error;                      ///< why the scan failed (interface, permission, no slave, ...)
  std::string link;                       ///< the link described, e.g. "raw socket on ecat-m"
  std::vector<SlaveInfo> slaves;
  bool fromCyclic = false;                ///< taken from the running cyclic exchange (no extra traffic)
};

class BusSession {
 public:
  /// Opens the link: a raw socket on cfg.ifname (throws std::runtime_error naming the interface and the
  /// cause), or an in-process pair served by virtual drives of `model` on `plant` (one per joint).
  BusSession(const BusConfig& cfg, const Model& model, const sim::PlantOptions& plant, std::string key = {});
  ~BusSession();  ///< drives disabled, cyclic exchange stopped, slaves to INIT, virtual drives stopped
  BusSession(const BusSession&) = delete;
  BusSession& operator=(const BusSession&) = delete;

  const BusConfig& config() const { return cfg_; }
  const std::string& key() const { return key_; }  ///< what it was opened for (BusProvider reuses on equality)
  std::string describe() const;
  /// The master (replaced only by bringUp with another cycle period, never during a lease).
  std::shared_ptr<Master> master() const;
  VirtualBus* virtualBus() { return virtual_.get(); }  ///< null on a host interface

  /// Scan. While cycling: the cyclic status (no traffic). Otherwise count, addresses, SII identity,
  /// INIT -> PREOP, statusword by SDO (slaves stay in PREOP). Refused while a run holds the lease and
  /// the bus does not cycle.
  BusScan scan();
  /// Brings the bus to OP for `setup` at `cyclePeriod` unless it already cycles with the same setup and
  /// period and no fault (then nothing happens). `leased`: called by the lease holder (otherwise refused
  /// during a run). Empty string on success, else the master's error.
  /// `budget`: the fault policy (a master with another one is replaced, as for another cycle period).
  std::string bringUp(const DriveSetup& setup, double cyclePeriod, bool leased = false, const LossBudget& budget = {});
  /// CSP only, no run: drives to "Operation enabled" holding their measured position (true), or
  /// disabled (false; always allowed outside a run). Empty string on success.
  std::string setEnable(bool on);
  /// Quick stop with zero torque now (any thread, also during a run): the run ends with `why`.
  void quickStop(const std::string& why);
  /// Ends injected faults of the virtual drives, acknowledges AL errors, brings the slaves back to OP
  /// and resets the drive faults; when that fails, repeats the whole bring-up. Waits (up to 10 s) for
  /// a run holding the lease to end. Empty string on success.
  std::string resetFault();
  /// Virtual drives only: injects `plan` from now on (its afterCycles counts from now).
  std::string injectFault(FaultPlan plan);
  /// To INIT, cyclic exchange stopped. Refused during a run (returns the reason).
  std::string shutdown();

  /// The object dictionary of slave `slave` (0-based) by SDO information: every object with its entries'
  /// descriptions. Serialised with the control operations; the bus must have been scanned or started.
  std::string objectDictionary(int slave, std::vector<Master::ObjectInfo>& out);
  /// One entry's value by SDO (any size: expedited or segmented). Allowed during a run (the request
  /// rides in the cyclic frames).
  Master::SdoData readObject(int slave, std::uint16_t index, std::uint8_t sub);
  /// Writes one entry by SDO; refused while a run holds the bus.
  Master::SdoData writeObject(int slave, std::uint16_t index, std::uint8_t sub, const std::vector<std::uint8_t>& data);

  MasterStatus status() const { return master()->status(); }
  /// What the last bring-up decided (Master::notes(): defaults for absent objects, remapping, DC).
  std::vector<std::string> notes() const;
  bool cycling() const { return master()->cyclic(); }

  // The run lease (BusProvider's backends).
  bool tryAcquire();
  void release();
  bool inUse() const;
  /// How regular the last finished run's control periods were (EthercatBackend's counts), kept when its
  /// backend is destroyed.
  struct RunRegularity {
    long long overruns = 0;   ///< periods in which the controller answered late (EthercatBackend::overruns())
    long long irregular = 0;  ///< periods that were not n good cycles carrying their set-point (irregularPeriods())
    double firstIrregular = -1;  ///< run time [s] at which the first of them began; -1: none
    double firstOverrun = -1;    ///< run time [s] at which the first overrun began; -1: none
    long long badCycles = 0;     ///< bad bus cycles within the run's control periods (badCycles())
    long long lossPeriods = 0;   ///< control periods that had some (periodsWithLosses())
    std::vector<std::string> notes;  ///< what the backend's reset decided (EthercatBackend::notes())
  };
  RunRegularity lastRun() const {
    std::lock_guard<std::mutex> lock(lastRunM_);
    return lastRun_;
  }
  long long lastRunOverruns() const { return lastRun().overruns; }
  void setLastRun(const RunRegularity& r) {
    std::lock_guard<std::mutex> lock(lastRunM_);
    lastRun_ = r;
  }

 private:
  std::string bringUpLocked(const DriveSetup& setup, double cyclePeriod, const LossBudget& budget);
  bool waitIdle(double seconds);

  BusConfig cfg_;
  std::string key_;
  std::unique_ptr<Link> link_, peer_;
  std::unique_ptr<VirtualBus> virtual_;
  mutable std::mutex masterM_;
  std::shared_ptr<Master> master_;
  DriveSetup setup_;
  bool haveSetup_ = false;
  mutable std::mutex notesM_;
  std::vector<std::string> notes_;
  mutable std::mutex control_;   ///< serialises the control operations
  mutable std::mutex leaseM_;
  std::condition_variable leaseCv_;
  bool inUse_ = false;
  mutable std::mutex lastRunM_;
  RunRegularity lastRun_;
};

/// The current selection (link, mode, cycle), the scene used outside runs, and the live session, shared
/// by a front end and the backends it hands to runs. Thread-safe.
class BusProvider {
 public:
  void setConfig(const BusConfig& cfg);
  BusConfig config() const;
  /// The scene whose robot (and plant) the virtual drives emulate outside runs (scan, start, enable)
  /// and whose drive setup start() uses.
  void setScene(const sim::Scene& scene);
  bool hasScene() const;
  std::shared_ptr<const sim::Scene> scene() const;  ///< that scene (null before setScene)

  /// The live session (may be null). Keep the shared pointer only as long as needed.
  std::shared_ptr<BusSession> current() const;
  /// Scans the selected link (see BusSession::scan); opens a session when none is live for it.
  BusScan scan();
  /// Brings the selected link to OP for the scene of setScene (the cyclic exchange runs, drives
  /// disabled). Empty string on success.
  std::string start();
  /// Closes the live session (refused while a run holds it: returns the reason).
  std::string close();
  /// What open() did: the session (null when it could not be opened) and the bring-up's error (empty:
  /// in OP). What the bring-up decided is in the session's notes() and its master's status().warnings.
  struct Opened {
    std::shared_ptr<BusSession> session;
    std::string error;
    double cyclePeriod = 0;  ///< the bus cycle [s]
  };
  /// Opens the session for `scene` as a run would (the selected link, mode, cycle, loss budget and drive
  /// setup) and brings it to OP, drives disabled. Throws std::runtime_error when the cycle or the drive
  /// setup does not suit the scene or the link cannot be opened (naming the interface and the cause).
  Opened open(const sim::Scene& scene);

  /// A backend for one run of `scene`: the session is (re)opened for the scene when needed (virtual
  /// drives: the scene's robot and plant), brought to OP in the selected mode at the selected cycle
  /// (default: the control period), and leased to the backend until it is destroyed; the backend
  /// disables the drives when it is destroyed. CSP: the drives' gains come from the scene's first pid
  /// or pd_gravity controller and the reference from the scene's trajectory. A latched bus fault is
  /// not cleared silently: it must be reset first. Throws std::runtime_error with a clear message
  /// when the bus cannot start (the master's message names the slave and the cause).
  std::unique_ptr<sim::Backend> makeBackend(const Model& model, const sim::Scene& scene);

 private:
  std::shared_ptr<BusSession> sessionFor(const BusConfig& cfg, const sim::Scene& scene);

  mutable std::mutex m_;
  BusConfig cfg_;
  std::shared_ptr<BusSession> session_;
  std::shared_ptr<const sim::Scene> scene_;
};

/// A backend for one run of `scene` on `session` as it is, in cfg's mode and under cfg's backend name: no
/// bring-up and no fault check (a latched bus fault ends the run with the master's message: the command line,
/// whose BusProvider::open brought the bus up once). It holds the session's lease (throws std::runtime_error
/// when a run already holds it) until it is destroyed, as BusProvider::makeBackend's.
std::unique_ptr<sim::Backend> leaseBackend(std::shared_ptr<BusSession> session, const Model& model, const sim::Scene& scene,
                                           const BusConfig& cfg);

/// Drive setup of a scene for `mode` (CSP: gains of its first pid or pd_gravity controller; throws
/// std::runtime_error when there is none).
DriveSetup driveSetupForScene(const sim::Scene& scene, std::int8_t mode);
/// Drive setup of a scene for a configuration: its mode, CSP gains (cspGainsFrom), drive profile, PDO
/// remapping and ESI files.
DriveSetup driveSetupForScene(const sim::Scene& scene, const BusConfig& cfg);
/// The loss budget of a run: the configuration's when it sets one, else the scene's.
LossBudget lossBudgetFor(const BusConfig& cfg, const sim::Scene& scene);
/// Bus cycle for a scene: `requested` (> 0) or its control period; throws std::runtime_error when the
/// control period is not a whole number of cycles.
double cyclePeriodForScene(const sim::Scene& scene, double requested);
/// Bus cycle of a configuration for a scene: cyclePeriodForScene, or with wholeCycles false the cycle
/// requested (> 0) or the control period unchecked.
double cyclePeriodFor(const BusConfig& cfg, const sim::Scene& scene);

}  // namespace maniplab::ethercat
