#pragma once
// The EtherCAT panel (issue 5, GUI): backend switch (Simulation / EtherCAT), interface picker (the host's
// interfaces from /sys/class/net, plus "in-process virtual drives" so that a classroom without root or a
// veth pair still sees the whole path), CiA 402 mode (CST / CSP) and bus cycle, Scan (slaves, identity,
// AL state and status code, CiA 402 state per drive, in a table), Start / Stop bus, Enable / Disable
// drives, the fault (slave and cause in words) with Reset, fault injection into the virtual drives
// (classroom demos), and the cycle statistics (period, jitter median/p99/worst, worst wake-up latency,
// round trip, late / missed cycles, lost frames, WKC errors, distributed clocks) with a jitter histogram,
// refreshed by a QTimer (10 Hz) while a bus is live. The loss budget (issue 20: longest time without a
// good cycle, bad cycles per second) is edited here and saved with the scene, and "Check this PC" runs the
// latency check of `maniplab-cli ecat-latency` in a worker thread and shows its verdict and advice. Per slave the table shows its process data (bytes,
// mapping in the tooltip) and its DC system time difference (0x092C); a tab lists the emergencies the
// drives sent (error code in words), another is the object-dictionary browser
// (object_dictionary_browser.hpp: every object by SDO information, read and write any entry).
//
// Threads. Scans, start-up, reset and enable run in Qt's global thread pool (QtConcurrent), never in the
// GUI thread; one job at a time (the buttons are disabled meanwhile, jobBusy()). The live bus is an
// ethercat::BusSession held by an ethercat::BusProvider that the panel shares (shared_ptr) with the
// factory of backendFactory(): the factory runs in the simulation worker's thread, (re)opens the session
// for the run's scene when needed, brings it to OP and leases it to the returned backend until the run
// ends (the drives are disabled then). The timer polls the live session's thread-safe status, so the
// panel shows the statistics and faults of the backend the run is using. The panel (and the provider)
// may be destroyed before a backend: the backend keeps the session alive.
//
// Integration (main window): put backendFactory() into the serial scene's
// sim::SerialRunOptions::backendFactory when ethercatSelected() (re-read it on backendChanged()), and call setScene() when a scene is loaded (the
// virtual drives emulate its robot on its plant; Start and CSP use its controllers' gains). The factory
// throws std::runtime_error with the reason (the master's message names the slave and the cause) when
// the bus cannot start; a latched fault must be reset (Reset button, resetBus()) before the next run.
#include <QStringList>
#include <QWidget>
#include <functional>
#include <memory>

#include "maniplab/ethercat/bus_session.hpp"
#include "maniplab/sim/backend.hpp"
#include "maniplab/sim/scene.hpp"

namespace maniplab::ui {

class ObjectDictionaryBrowser;

class EthercatPanel : public QWidget {
  Q_OBJECT
 public:
  explicit EthercatPanel(QWidget* parent = nullptr);
  ~EthercatPanel() override;  ///< waits for a running job; a live bus is shut down unless a run holds it

  // --- for the main window ---------------------------------------------------------------------
  /// The EtherCAT backend is selected (otherwise the simulated plant).
  bool ethercatSelected() const;
  /// Backend factory for sim::SerialRunOptions::backendFactory (valid whatever the selection; it uses the
  /// panel's selection at the time it is called, in the worker thread).
  std::function<std::unique_ptr<sim::Backend>(const Model&, const sim::Scene&)> backendFactory() const;
  /// The scene whose robot the virtual drives emulate outside runs (scan, start) and whose controllers
  /// give the CSP gains. The panel starts with scenes/umis_ctc_vs_pid.json when it can load it. A scene
  /// whose "backend" is "ethercat" selects the EtherCAT backend (backendChanged); "sim" changes nothing.
  void setScene(const sim::Scene& scene);
  /// The shared provider (live session, selection); for tests and advanced integration.
  std::shared_ptr<ethercat::BusProvider> provider() const;

  // --- the same actions as the buttons (asynchronous; each emits jobFinished) -------------------
  void setEthercatSelected(bool on);
  /// Selects an interface by name; "" = in-process virtual drives. False if it is not in the list.
  bool selectInterface(const QString& ifname);
  QString selectedInterface() const;  ///< "" for the in-process virtual drives
  void setMode(std::int8_t mode);     ///< ethercat::cia402::ModeCST or ModeCSP
  static std::vector<double> cycleChoices();  ///< 0 (control period), 2.5 ms, 1 ms, 0.5 ms, 0.25 ms
  void refreshInterfaces();
  void scan();
  void startBus();
  void stopBus();
  void enableDrives(bool on);  ///< on: CSP hold outside a run; off: disabled (during a run: quick stop)
  void resetBus();
  /// In-process virtual drives: injects a fault given as for `ecat-sim --fault` (e.g. "drive-fault:3");
  /// it starts after its @CYCLES, counted from now.
  void injectFault(const QString& spec);
  /// The loss budget of the runs (master.hpp "Faults"; the scene's "ethercat" section): the longest time
  /// without a good cycle [s] and the bad cycles tolerated within one second; 0: the master's default.
  /// setScene() loads the scene's; a change by hand emits lossBudgetChanged (the main window saves it
  /// with the scene).
  void setLossBudget(double seconds, double perSecond);
  double lossBudget() const;
  double maxLossesPerSecond() const;
  /// Is this PC fit for the selected cycle (`maniplab-cli ecat-latency`, latency_check.hpp)? The master's
  /// own cyclic thread for `seconds` on the selected interface (or the in-process virtual drives), drives
  /// disabled, in Qt's thread pool; the verdict and the advice are then shown (latencyVerdict()).
  void checkLatency(double seconds = 0);  ///< 0: the panel's duration field
  QString latencyVerdict() const;          ///< "" before a check; the verdict line as displayed
  QStringList latencyAdvice() const;       ///< the advice lines as displayed
  QString interfaceToolTip() const;        ///< the interface picker's tooltip (privileges)

  // --- state (for tests and the status bar) -----------------------------------------------------
  bool jobBusy() const;
  QString lastError() const;          ///< the last job's error ("" after a success)
  ethercat::BusScan lastScan() const;
  /// Last polled status of the live session (stats, slaves, fault); default when none.
  ethercat::MasterStatus lastStatus() const;
  QString faultText() const;          ///< as displayed ("" when no fault)
  int slaveRows() const;              ///< rows of the slave table
  QStringList emergencyLines() const; ///< the emergencies tab, newest first
  ObjectDictionaryBrowser* objectBrowser() const;
  QString slaveCell(int row, int column) const;  ///< displayed text (columns: see the table header)
  void pollNow();                     ///< one timer tick now

 signals:
  void backendChanged();
  /// A job ended; `error` empty on success.
  void jobFinished(const QString& action, const QString& error);
  /// A fault was latched on the live bus (message as displayed).
  void faultRaised(const QString& message);
  /// The loss budget was changed by hand (not by setScene/setLossBudget).
  void lossBudgetChanged();

 protected:
  void changeEvent(QEvent* e) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
