// The energy channels of a run: W_actuators = W_tau - W_friction, E_drift = E - E0 - W_actuators, and
// W_friction matches an independent trapezoid of q̇·τ_f over the recorded rows (Llibre, Mampey &
// Chrétien 1983, energy balance).
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <string>

#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "support/test_main.hpp"

namespace test_energy_channels {

using namespace maniplab;
using namespace maniplab::sim;

class EnergyChannels : public QObject {
  Q_OBJECT
 private slots:
  void frictionWorkChannels() {
    // Puma scene with friction: W_actuators = W_tau - W_friction, E_drift = E_total - E0 - W_actuators,
    // W_friction = trapezoid of q̇·τ_f over the recorded rows (independent sum), W_friction >= 0.
    const SceneLoadResult sl = loadSceneFile(MANIPLAB_SOURCE_DIR "/scenes/puma560_ctc_vs_pid.json");
    QVERIFY2(sl.ok(), sl.report().c_str());
    const Scene& s = sl.scene;
    const Model& m = s.robot.model;
    SimulatedPlant plant(m, s.plant);
    auto ctrl = makeController(s.controllers[0], m);
    const auto traj = makeTrajectory(s);
    RunOptions ro = runOptions(s);
    ro.duration = 1.0;
    Recorder rec(makeChannels(m, ro.record));
    QVERIFY(runSimulation(m, plant, *ctrl, *traj, ro, rec).ok);
    const int iE = rec.channelIndex("E_total"), iW = rec.channelIndex("W_actuators"), iD = rec.channelIndex("E_drift"),
              iWt = rec.channelIndex("W_tau"), iWf = rec.channelIndex("W_friction");
    QVERIFY(iE >= 0 && iW >= 0 && iD >= 0 && iWt >= 0 && iWf >= 0);
    QCOMPARE(QString::fromStdString(rec.channels()[std::size_t(iWf)].unit), QStringLiteral("J"));
    double wf = 0, wt = 0;
    const int n = m.nq;
    for (std::size_t k = 0; k < rec.rows(); ++k) {
      if (k > 0) {
        const double dt = rec.time(k) - rec.time(k - 1);
        for (int j = 1; j <= n; ++j) {
          const int qd = rec.channelIndex("qd[" + std::to_string(j) + "]"), tf = rec.channelIndex("tau_f[" + std::to_string(j) + "]"),
                    tau = rec.channelIndex("tau[" + std::to_string(j) + "]");
          // the torque of period k-1 is held over [t_{k-1}, t_k]: the balance uses it at both ends
          wf += 0.5 * dt * (rec.value(k - 1, qd) * rec.value(k - 1, tf) + rec.value(k, qd) * rec.value(k, tf));
          wt += 0.5 * dt * (rec.value(k - 1, qd) + rec.value(k, qd)) * rec.value(k - 1, tau);
        }
      }
      const double scale = std::max(1.0, std::abs(rec.value(k, iWt)));
      QVERIFY(std::abs(rec.value(k, iW) - (rec.value(k, iWt) - rec.value(k, iWf))) <= 1e-12 * scale);
      QVERIFY(std::abs(rec.value(k, iD) - (rec.value(k, iE) - rec.value(0, iE) - rec.value(k, iW))) <= 1e-12 * scale);
      QVERIFY(std::abs(rec.value(k, iWf) - wf) <= 1e-10 * std::max(1.0, wf));
      QVERIFY(std::abs(rec.value(k, iWt) - wt) <= 1e-10 * std::max(1.0, std::abs(wt)));
    }
    qInfo("Puma computed torque, 1 s: W_tau %.6g J, W_friction %.6g J", rec.value(rec.rows() - 1, iWt), wf);
    QVERIFY(wf > 0.1);  // friction dissipates
  }
};

MANIPLAB_TEST_GUILESS_MAIN(EnergyChannels)
#include "test_energy_channels.moc"  // (in the namespace, as the class)

}  // namespace test_energy_channels
