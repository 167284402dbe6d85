// The conservation and validation panel (issue 8, Llibre, Mampey & Chrétien 1983 §IV.2), offscreen: fed with batched rows like
// the scope, it displays exactly the channels' values (ΔE from E_total, W_tau, W_friction, W and the
// residual ΔE − W = the recorder's E_drift; momenta and their drift from the first row) for a synthetic
// run, a recorded serial run with friction and the satellite scene (runSatellite), and says
// "not recorded" when the channels are absent.
#include <QLabel>
#include <QtTest>
#include <cmath>

#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "maniplab/ui/conservation_panel.hpp"
#include "support/test_main.hpp"

namespace test_conservation_panel {

using namespace maniplab;
using maniplab::ui::ConservationPanel;

namespace {

QStringList names(const sim::Recorder& rec, QStringList* units) {
  QStringList n;
  for (const auto& c : rec.channels()) {
    n << QString::fromStdString(c.name);
    *units << QString::fromStdString(c.unit);
  }
  return n;
}

/// Feeds every stored row of `rec` in batches of `batch` rows (as the GUI worker does).
void feed(ConservationPanel& p, const sim::Recorder& rec, int batch) {
  QStringList units;
  const QStringList n = names(rec, &units);
  p.startRun(n, units);
  const int cols = int(rec.channels().size());
  QVector<double> t, v;
  for (std::size_t r = 0; r < rec.rows(); ++r) {
    t << rec.time(r);
    for (int c = 0; c < cols; ++c) v << rec.value(r, c);
    if (t.size() == batch || r + 1 == rec.rows()) {
      p.appendRows(t, v, cols);
      t.clear();
      v.clear();
    }
  }
}

double last(const sim::Recorder& rec, const char* ch) { return rec.value(rec.rows() - 1, rec.channelIndex(ch)); }
double first(const sim::Recorder& rec, const char* ch) { return rec.value(0, rec.channelIndex(ch)); }

/// The displayed text is the panel's formatting of `expected` and the value behind it equals it.
bool shows(const ConservationPanel& p, const QString& key, double expected, double tol = 0) {
  const double v = p.number(key);
  const bool ok = std::abs(v - expected) <= tol && p.displayed(key) == ConservationPanel::format(v) &&
                  p.findChild<QLabel*>("conservation_" + key)->text() == p.displayed(key);
  if (!ok) qWarning("%s: shows %s (%.17g), expected %.17g", qPrintable(key), qPrintable(p.displayed(key)), v, expected);
  return ok;
}

}  // namespace

class ConservationPanelTest : public QObject {
  Q_OBJECT
 private slots:
  void synthetic() {
    ConservationPanel p;
    p.show();
    QVERIFY(!p.energyRecorded() && !p.momentumRecorded());
    const QStringList n = {"q[1]", "E_kinetic", "E_potential", "E_total", "W_actuators", "E_drift", "W_tau", "W_friction"};
    p.startRun(n, QStringList(n.size(), "J"));
    QVERIFY(p.energyRecorded() && p.frictionRecorded() && !p.momentumRecorded());
    QVERIFY(p.findChild<QLabel*>("conservation_momentum_state")->text().contains("not recorded"));
    // E: 10 -> 12.5 -> 13; W_tau 0 -> 4 -> 5; W_f 0 -> 1 -> 1.75; W = W_tau - W_f.
    const QVector<double> t1 = {0.0, 0.1};
    const QVector<double> v1 = {0, 4, 6, 10, 0, 0, 0, 0,  //
                                0, 5, 7.5, 12.5, 3, -0.5, 4, 1};
    p.appendRows(t1, v1, 8);
    QVERIFY(shows(p, "E0", 10));
    QVERIFY(shows(p, "dE", 2.5));
    QVERIFY(shows(p, "W", 3));
    QVERIFY(shows(p, "residual", -0.5));
    QVERIFY(shows(p, "rel_drift", -0.5 / 12.5));
    const QVector<double> t2 = {0.2};
    const QVector<double> v2 = {0, 5, 8, 13, 3.25, -0.25, 5, 1.75};
    p.appendRows(t2, v2, 8);
    QCOMPARE(p.rowsSeen(), qint64(3));
    QCOMPARE(p.lastTime(), 0.2);
    QVERIFY(shows(p, "dE", 3));
    QVERIFY(shows(p, "W_tau", 5));
    QVERIFY(shows(p, "W_friction", 1.75));
    QVERIFY(shows(p, "W", 3.25));
    QVERIFY(shows(p, "residual", -0.25));
    QVERIFY(shows(p, "rel_drift", -0.25 / 13));
    QVERIFY(shows(p, "max_rel_drift", 0.5 / 12.5));  // the largest so far was at t = 0.1
    // Rows of the wrong width are ignored; clear() forgets the run.
    p.appendRows({0.3}, {1, 2}, 2);
    QCOMPARE(p.rowsSeen(), qint64(3));
    p.clear();
    QVERIFY(!p.energyRecorded());
    QVERIFY(std::isnan(p.number("dE")));
    // No energy channels at all.
    p.startRun({"q[1]", "e[1]"}, {"rad", "rad"});
    p.appendRows({0.0}, {1, 2}, 2);
    QVERIFY(!p.energyRecorded());
    QVERIFY(p.findChild<QLabel*>("conservation_energy_state")->text().contains("not recorded"));
    // An older trace without W_tau / W_friction: the balance is still shown, friction "not recorded".
    p.startRun({"E_total", "W_actuators"}, {"J", "J"});
    p.appendRows({0.0, 1.0}, {2, 0, 3, 0.75}, 2);
    QVERIFY(p.energyRecorded() && !p.frictionRecorded());
    QVERIFY(shows(p, "residual", 0.25));
    QCOMPARE(p.displayed("W_friction"), QStringLiteral("not recorded"));
  }

  void serialRun() {
    const auto sl = sim::loadSceneFile(MANIPLAB_SOURCE_DIR "/scenes/puma560_ctc_vs_pid.json");
    QVERIFY2(sl.ok(), sl.report().c_str());
    const auto& s = sl.scene;
    const Model& m = s.robot.model;
    sim::SimulatedPlant plant(m, s.plant);
    auto ctrl = sim::makeController(s.controllers[1], m);  // the PID
    const auto traj = sim::makeTrajectory(s);
    sim::RunOptions ro = sim::runOptions(s);
    ro.duration = 0.5;
    sim::Recorder rec(sim::makeChannels(m, ro.record));
    QVERIFY(sim::runSimulation(m, plant, *ctrl, *traj, ro, rec).ok);
    ConservationPanel p;
    p.show();
    feed(p, rec, 37);
    QCOMPARE(p.rowsSeen(), qint64(rec.rows()));
    QVERIFY(p.energyRecorded() && p.frictionRecorded() && !p.momentumRecorded());
    const double E0 = first(rec, "E_total"), E = last(rec, "E_total");
    QVERIFY(shows(p, "E0", E0));
    QVERIFY(shows(p, "dE", E - E0));
    QVERIFY(shows(p, "W_tau", last(rec, "W_tau")));
    QVERIFY(shows(p, "W_friction", last(rec, "W_friction")));
    QVERIFY(shows(p, "W", last(rec, "W_actuators")));
    // the residual is the recorder's E_drift (same quantity, computed again from E and W)
    const double scale = std::max({std::abs(E0), std::abs(E), std::abs(last(rec, "W_tau")), last(rec, "W_friction")});
    QVERIFY(shows(p, "residual", last(rec, "E_drift"), 1e-12 * scale));
    QVERIFY(shows(p, "rel_drift", last(rec, "E_drift") / scale, 1e-12));
    double maxRel = 0;
    for (std::size_t r = 0; r < rec.rows(); ++r) {
      const double e = rec.value(r, rec.channelIndex("E_total"));
      const double sc = std::max({std::abs(E0), std::abs(e), std::abs(rec.value(r, rec.channelIndex("W_tau"))),
                                  rec.value(r, rec.channelIndex("W_friction")), 1e-9});
      maxRel = std::max(maxRel, std::abs(rec.value(r, rec.channelIndex("E_drift"))) / sc);
    }
    QVERIFY(shows(p, "max_rel_drift", maxRel, 1e-12));
    QVERIFY(p.number("W_friction") > 0);
    qInfo("Puma PID 0.5 s: ΔE %s J, W_tau %s J, W_f %s J, residual %s J (relative %s)", qPrintable(p.displayed("dE")),
          qPrintable(p.displayed("W_tau")), qPrintable(p.displayed("W_friction")), qPrintable(p.displayed("residual")),
          qPrintable(p.displayed("rel_drift")));
  }

  void satelliteRun() {
    auto load = sim::loadSatelliteScene(MANIPLAB_SOURCE_DIR "/scenes/satellite_arm.json");
    QVERIFY2(load.ok(), load.report().c_str());
    load.scene.duration = 1.0;
    sim::Recorder rec(sim::satelliteChannels(load.scene.model.arm.nq));
    const sim::SatelliteRunResult r = sim::runSatellite(load.scene, rec);
    QVERIFY2(r.ok, r.message.c_str());
    ConservationPanel p;
    p.show();
    feed(p, rec, 50);
    QVERIFY(p.energyRecorded() && !p.frictionRecorded() && p.momentumRecorded());
    QVERIFY(shows(p, "dE", last(rec, "T") - first(rec, "T")));
    QVERIFY(shows(p, "W", last(rec, "W")));
    QCOMPARE(p.displayed("W_friction"), QStringLiteral("not recorded"));
    QVERIFY(shows(p, "residual", last(rec, "T_drift"), 1e-12 * std::max(1.0, std::abs(last(rec, "W")))));
    double p2 = 0, l2 = 0, maxP = 0;
    for (const char* a : {"x", "y", "z"}) {
      const QByteArray P = QByteArray("P") + a, L = QByteArray("L") + a;
      QVERIFY(shows(p, QString("P") + a, last(rec, P)));
      QVERIFY(shows(p, QString("L") + a, last(rec, L)));
      QVERIFY(shows(p, QString("P0") + a, first(rec, P)));
      QVERIFY(shows(p, QString("dP") + a, last(rec, P) - first(rec, P)));
      QVERIFY(shows(p, QString("dL") + a, last(rec, L) - first(rec, L)));
      p2 += std::pow(last(rec, P) - first(rec, P), 2);
      l2 += std::pow(last(rec, L) - first(rec, L), 2);
    }
    for (std::size_t k = 0; k < rec.rows(); ++k) {
      double s = 0;
      for (const char* a : {"Px", "Py", "Pz"}) s += std::pow(rec.value(k, rec.channelIndex(a)) - first(rec, a), 2);
      maxP = std::max(maxP, std::sqrt(s));
    }
    QVERIFY(shows(p, "dP", std::sqrt(p2)));
    QVERIFY(shows(p, "dL", std::sqrt(l2)));
    QVERIFY(shows(p, "max_dP", maxP));
    // conserved: the drift is at integrator precision (the satellite's own test bounds it at 1e-9 relative)
    QVERIFY(p.number("max_dL") < 1e-6);
    qInfo("satellite 1 s: |P - P0| %s kg m/s, |L - L0| %s N m s, T - T0 - W %s J", qPrintable(p.displayed("dP")),
          qPrintable(p.displayed("dL")), qPrintable(p.displayed("residual")));
  }
};

MANIPLAB_TEST_MAIN(ConservationPanelTest)
#include "test_conservation_panel.moc"  // (in the namespace, as the class)

}  // namespace test_conservation_panel
