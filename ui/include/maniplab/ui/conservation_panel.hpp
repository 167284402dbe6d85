#pragma once
// Conservation and validation panel (issue 8; Llibre, Mampey & Chrétien 1983 §IV.2 recommends checking a simulator against
// the general theorems): during any run it shows, from the same batched rows the scope receives,
//   * the energy balance: ΔE = E − E(first row), the work of the actuators W_τ = ∫ q̇·τ dt, the work
//     dissipated by friction W_f = ∫ q̇·τ_f dt (≥ 0), the net work W = W_τ − W_f and the residual
//     ΔE − W with its relative drift (ΔE − W) / max(|E0|, |E|, |W_τ|, W_f, 1e-9 J) and the largest
//     |relative drift| so far; a small plot of ΔE, W and ΔE − W against time;
//   * for floating-base runs (the satellite's channels Px..Pz, Lx..Lz, world frame) the linear and
//     angular momentum components, their drift from the first row's value and the largest |P − P0|,
//     |L − L0| so far (with no external force both are conserved: the drift is the integrator's error).
// Channels used (sim/src/simulation.cpp, sim/floating_base/plant.hpp): serial runs E_total,
// W_actuators (= W), W_tau, W_friction; satellite runs T (no gravity: E = T), W (joint work, no
// friction channel), Px..Pz, Lx..Lz. A quantity whose channels are absent is shown as "not recorded".
#include <QStringList>
#include <QVector>
#include <QWidget>
#include <memory>

namespace maniplab::ui {

class ConservationPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ConservationPanel(QWidget* parent = nullptr);
  ~ConservationPanel() override;

  /// A new run: the recorder's channel names and units (clears everything).
  void startRun(const QStringList& channelNames, const QStringList& units);
  /// Rows of the run: times[r] and values[r * columns + c] (row-major, the channel order of startRun).
  void appendRows(const QVector<double>& times, const QVector<double>& values, int columns);
  /// Forgets the run (the panel shows "no run").
  void clear();

  bool energyRecorded() const;
  bool frictionRecorded() const;  ///< a W_friction channel exists
  bool momentumRecorded() const;
  qint64 rowsSeen() const;
  double lastTime() const;

  /// The value behind a displayed number (NaN when not available). Keys: "dE", "E0", "W_tau",
  /// "W_friction", "W", "residual", "rel_drift", "max_rel_drift"; "P0x".."P0z", "Px".."Pz", "dPx".."dPz",
  /// "dP" (|P − P0|), "max_dP"; the same with L.
  double number(const QString& key) const;
  /// The text displayed for a key (the value label, object name "conservation_" + key).
  QString displayed(const QString& key) const;
  /// The number formatting used by the panel.
  static QString format(double v);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
