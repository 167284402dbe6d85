// Conservation and validation panel: energy balance (Llibre, Mampey & Chrétien 1983 §IV.2: ΔE = work of actuator and friction
// forces) and momenta of floating-base runs with their drift; see conservation_panel.hpp.
#include "maniplab/ui/conservation_panel.hpp"

#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QMap>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include <qcustomplot.h>

namespace maniplab::ui {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kMaxPlotPoints = 4000;  ///< per graph; older points are thinned by 2 beyond that
}  // namespace

struct ConservationPanel::Impl {
  ConservationPanel* self = nullptr;
  // channel indices (-1: absent)
  int iE = -1, iW = -1, iWtau = -1, iWf = -1;
  int iP[3] = {-1, -1, -1}, iL[3] = {-1, -1, -1};
  QStringList units;
  qint64 rows = 0;
  bool started = false;  ///< startRun() since the last clear()
  double tLast = kNaN;
  double E0 = kNaN, P0[3] = {kNaN, kNaN, kNaN}, L0[3] = {kNaN, kNaN, kNaN};
  QMap<QString, double> values;
  QMap<QString, QLabel*> labels;
  QGroupBox* energyBox = nullptr;
  QGroupBox* momentumBox = nullptr;
  QLabel* energyState = nullptr;
  QLabel* momentumState = nullptr;
  QWidget* energyGrid = nullptr;
  QWidget* momentumGrid = nullptr;
  QMap<QString, QLabel*> names;  ///< row captions (retranslated)
  QCustomPlot* plot = nullptr;
  QVector<double> pt, pdE, pW, pRes;
  int plotStride = 1;
  qint64 plotCounter = 0;

  bool energy() const { return iE >= 0 && iW >= 0; }
  bool momentum() const {
    for (int a = 0; a < 3; ++a)
      if (iP[a] < 0 || iL[a] < 0) return false;
    return true;
  }

  QLabel* valueLabel(const QString& key) {
    auto* l = new QLabel(self);
    l->setObjectName("conservation_" + key);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    l->setMinimumWidth(90);
    labels[key] = l;
    return l;
  }
  QLabel* caption(const QString& key) {
    auto* l = new QLabel(self);
    names[key] = l;
    return l;
  }

  void set(const QString& key, double v) {
    values[key] = v;
    if (QLabel* l = labels.value(key)) l->setText(std::isnan(v) ? ConservationPanel::tr("not recorded") : ConservationPanel::format(v));
  }

  void resetValues() {
    for (auto it = labels.begin(); it != labels.end(); ++it) {
      values[it.key()] = kNaN;
      it.value()->setText(QStringLiteral("—"));
    }
    E0 = kNaN;
    for (int a = 0; a < 3; ++a) P0[a] = L0[a] = kNaN;
    rows = 0;
    tLast = kNaN;
    pt.clear();
    pdE.clear();
    pW.clear();
    pRes.clear();
    plotStride = 1;
    plotCounter = 0;
    if (plot) {
      for (int g = 0; g < plot->graphCount(); ++g) plot->graph(g)->data()->clear();
      plot->replot(QCustomPlot::rpQueuedReplot);
    }
  }

  void updateStates() {
    energyGrid->setVisible(energy());
    plot->setVisible(energy());
    energyState->setVisible(!energy());
    momentumGrid->setVisible(momentum());
    momentumState->setVisible(!momentum());
  }

  void updateStateTexts() {
    if (!started) {
      energyState->setText(ConservationPanel::tr("Energy balance: no run yet."));
      momentumState->setText(ConservationPanel::tr("Momenta: no run yet."));
      return;
    }
    energyState->setText(energy() ? QString()
                                  : ConservationPanel::tr("Energy balance: not recorded (the run has no energy channels; add \"energy\" "
                                       "to the scene's record list)."));
    momentumState->setText(momentum() ? QString()
                                      : ConservationPanel::tr("Momenta: not recorded (only floating-base runs, e.g. the satellite scene, "
                                           "record P and L)."));
  }

  void addPlotPoint(double t, double dE, double W, double res) {
    if (plotCounter++ % plotStride != 0) return;
    pt.push_back(t);
    pdE.push_back(dE);
    pW.push_back(W);
    pRes.push_back(res);
    if (pt.size() > kMaxPlotPoints) {  // thin by 2, keep uniform decimation
      auto thin = [](QVector<double>& v) {
        int j = 0;
        for (int i = 0; i < v.size(); i += 2) v[j++] = v[i];
        v.resize(j);
      };
      thin(pt);
      thin(pdE);
      thin(pW);
      thin(pRes);
      plotStride *= 2;
    }
  }
};

ConservationPanel::ConservationPanel(QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>()) {
  d->self = this;
  auto* lay = new QVBoxLayout(this);

  d->energyBox = new QGroupBox(this);
  auto* el = new QVBoxLayout(d->energyBox);
  d->energyState = new QLabel(d->energyBox);
  d->energyState->setObjectName("conservation_energy_state");
  d->energyState->setWordWrap(true);
  el->addWidget(d->energyState);
  d->energyGrid = new QWidget(d->energyBox);
  auto* eg = new QGridLayout(d->energyGrid);
  eg->setContentsMargins(0, 0, 0, 0);
  const char* ekeys[] = {"E0", "dE", "W_tau", "W_friction", "W", "residual", "rel_drift", "max_rel_drift"};
  for (int r = 0; r < 8; ++r) {
    eg->addWidget(d->caption(ekeys[r]), r, 0);
    eg->addWidget(d->valueLabel(ekeys[r]), r, 1);
  }
  el->addWidget(d->energyGrid);
  d->plot = new QCustomPlot(d->energyBox);
  d->plot->setObjectName("conservation_plot");
  d->plot->setMinimumHeight(140);
  d->plot->legend->setVisible(true);
  d->plot->legend->setFont(QFont(font().family(), 7));
  const QColor colours[3] = {QColor(30, 100, 200), QColor(220, 120, 0), QColor(200, 0, 0)};
  for (int g = 0; g < 3; ++g) {
    d->plot->addGraph(d->plot->xAxis, g == 2 ? d->plot->yAxis2 : d->plot->yAxis);
    d->plot->graph(g)->setPen(QPen(colours[g]));
  }
  d->plot->yAxis2->setVisible(true);
  el->addWidget(d->plot, 1);
  lay->addWidget(d->energyBox, 1);

  d->momentumBox = new QGroupBox(this);
  auto* ml = new QVBoxLayout(d->momentumBox);
  d->momentumState = new QLabel(d->momentumBox);
  d->momentumState->setObjectName("conservation_momentum_state");
  d->momentumState->setWordWrap(true);
  ml->addWidget(d->momentumState);
  d->momentumGrid = new QWidget(d->momentumBox);
  auto* mg = new QGridLayout(d->momentumGrid);
  mg->setContentsMargins(0, 0, 0, 0);
  const char* axes[3] = {"x", "y", "z"};
  for (int a = 0; a < 3; ++a) {
    auto* h = new QLabel(QString::fromLatin1(axes[a]), d->momentumGrid);
    h->setAlignment(Qt::AlignCenter);
    mg->addWidget(h, 0, 1 + a);
  }
  int row = 1;
  for (const char* q : {"P", "L"}) {
    const QString Q = QString::fromLatin1(q);
    for (const QString& pre : {QStringLiteral(""), QStringLiteral("0"), QStringLiteral("d")}) {
      // keys: P0x (initial), Px (current), dPx (drift)
      const QString capKey = pre == "0" ? Q + "0" : pre == "d" ? "d" + Q + "_components" : Q;
      mg->addWidget(d->caption(capKey), row, 0);
      for (int a = 0; a < 3; ++a) {
        const QString key = pre == "0" ? Q + "0" + axes[a] : pre + Q + axes[a];
        mg->addWidget(d->valueLabel(key), row, 1 + a);
      }
      ++row;
    }
    mg->addWidget(d->caption("d" + Q), row, 0);
    mg->addWidget(d->valueLabel("d" + Q), row, 1);
    mg->addWidget(d->caption("max_d" + Q), row, 2);
    mg->addWidget(d->valueLabel("max_d" + Q), row, 3);
    ++row;
  }
  ml->addWidget(d->momentumGrid);
  lay->addWidget(d->momentumBox);

  clear();
  changeEvent(nullptr);
}

ConservationPanel::~ConservationPanel() = default;

void ConservationPanel::changeEvent(QEvent* e) {
  if (e && e->type() != QEvent::LanguageChange) {
    QWidget::changeEvent(e);
    return;
  }
  d->energyBox->setTitle(tr("Energy balance (Llibre, Mampey & Chrétien 1983 §IV.2)"));
  d->momentumBox->setTitle(tr("Momenta (floating base, world frame)"));
  d->names["E0"]->setText(tr("E₀ (first row) [J]"));
  d->names["dE"]->setText(tr("ΔE = E − E₀ [J]"));
  d->names["W_tau"]->setText(tr("Actuator work W_τ [J]"));
  d->names["W_friction"]->setText(tr("Friction work W_f (dissipated) [J]"));
  d->names["W"]->setText(tr("Net work W = W_τ − W_f [J]"));
  d->names["residual"]->setText(tr("Residual ΔE − W [J]"));
  d->names["rel_drift"]->setText(tr("Relative drift"));
  d->names["max_rel_drift"]->setText(tr("Largest |relative drift|"));
  d->names["P"]->setText(tr("P [kg m/s]"));
  d->names["P0"]->setText(tr("P₀ [kg m/s]"));
  d->names["dP_components"]->setText(tr("P − P₀"));
  d->names["dP"]->setText(tr("|P − P₀|"));
  d->names["L"]->setText(tr("L [N m s]"));
  d->names["L0"]->setText(tr("L₀ [N m s]"));
  d->names["dL_components"]->setText(tr("L − L₀"));
  d->names["dL"]->setText(tr("|L − L₀|"));
  d->names["max_dP"]->setText(tr("largest"));
  d->names["max_dL"]->setText(tr("largest"));
  d->plot->graph(0)->setName(tr("ΔE"));
  d->plot->graph(1)->setName(tr("W"));
  d->plot->graph(2)->setName(tr("ΔE − W (right axis)"));
  d->plot->xAxis->setLabel(tr("t [s]"));
  d->plot->yAxis->setLabel(tr("J"));
  d->updateStates();
  d->updateStateTexts();
  if (e) QWidget::changeEvent(e);
}

void ConservationPanel::clear() {
  d->iE = d->iW = d->iWtau = d->iWf = -1;
  for (int a = 0; a < 3; ++a) d->iP[a] = d->iL[a] = -1;
  d->units.clear();
  d->resetValues();
  d->started = false;
  d->updateStates();
  d->updateStateTexts();
}

void ConservationPanel::startRun(const QStringList& names, const QStringList& units) {
  clear();
  d->units = units;
  auto idx = [&](const char* n) { return int(names.indexOf(QString::fromLatin1(n))); };
  if (idx("E_total") >= 0) {  // serial run (sim/src/simulation.cpp)
    d->iE = idx("E_total");
    d->iW = idx("W_actuators");
    d->iWtau = idx("W_tau");
    d->iWf = idx("W_friction");
  } else if (idx("T") >= 0 && idx("W") >= 0) {  // floating base (satelliteChannels): no gravity, E = T
    d->iE = idx("T");
    d->iW = idx("W");
    // W is the net joint work (actuator torques minus friction when the plant has friction on); the
    // satellite plant records no separate actuator or friction work, so those rows show "not recorded".
    d->iWtau = -1;
  }
  const char* P[3] = {"Px", "Py", "Pz"};
  const char* L[3] = {"Lx", "Ly", "Lz"};
  for (int a = 0; a < 3; ++a) {
    d->iP[a] = idx(P[a]);
    d->iL[a] = idx(L[a]);
  }
  d->started = true;
  d->updateStates();
  d->updateStateTexts();
  if (d->energy() && d->iWf < 0) d->set("W_friction", kNaN);
  if (d->energy() && d->iWtau < 0) d->set("W_tau", kNaN);
}

void ConservationPanel::appendRows(const QVector<double>& times, const QVector<double>& values, int columns) {
  if (columns <= 0 || times.isEmpty()) return;
  const int rows = int(std::min<qsizetype>(times.size(), values.size() / columns));
  if (rows <= 0) return;
  const bool en = d->energy(), mo = d->momentum();
  const int needed = std::max({d->iE, d->iW, d->iWtau, d->iWf, d->iP[0], d->iP[1], d->iP[2], d->iL[0], d->iL[1], d->iL[2]});
  if (needed >= columns) return;  // rows of another run (wrong width): ignore
  double maxRel = d->values.value("max_rel_drift", kNaN);
  double maxP = d->values.value("max_dP", kNaN), maxL = d->values.value("max_dL", kNaN);
  for (int r = 0; r < rows; ++r) {
    const double* v = values.constData() + qsizetype(r) * columns;
    if (d->rows == 0) {
      if (en) d->E0 = v[d->iE];
      if (mo)
        for (int a = 0; a < 3; ++a) {
          d->P0[a] = v[d->iP[a]];
          d->L0[a] = v[d->iL[a]];
        }
      maxRel = 0;
      maxP = maxL = 0;
    }
    ++d->rows;
    if (en) {
      const double E = v[d->iE], dE = E - d->E0, W = v[d->iW];
      const double Wtau = d->iWtau >= 0 ? v[d->iWtau] : 0.0, Wf = d->iWf >= 0 ? v[d->iWf] : 0.0;
      const double scale = std::max({std::abs(d->E0), std::abs(E), std::abs(Wtau), std::abs(Wf), 1e-9});
      const double rel = (dE - W) / scale;
      if (std::isfinite(rel)) maxRel = std::max(maxRel, std::abs(rel));
      d->addPlotPoint(times[r], dE, W, dE - W);
    }
    if (mo) {
      double p2 = 0, l2 = 0;
      for (int a = 0; a < 3; ++a) {
        p2 += std::pow(v[d->iP[a]] - d->P0[a], 2);
        l2 += std::pow(v[d->iL[a]] - d->L0[a], 2);
      }
      maxP = std::max(maxP, std::sqrt(p2));
      maxL = std::max(maxL, std::sqrt(l2));
    }
  }
  d->tLast = times[rows - 1];
  const double* v = values.constData() + qsizetype(rows - 1) * columns;  // the displayed numbers: last row
  if (en) {
    const double E = v[d->iE], dE = E - d->E0, W = v[d->iW];
    const double Wtau = d->iWtau >= 0 ? v[d->iWtau] : kNaN, Wf = d->iWf >= 0 ? v[d->iWf] : kNaN;
    const double scale = std::max({std::abs(d->E0), std::abs(E), std::isnan(Wtau) ? 0.0 : std::abs(Wtau),
                                   std::isnan(Wf) ? 0.0 : std::abs(Wf), 1e-9});
    d->set("E0", d->E0);
    d->set("dE", dE);
    d->set("W_tau", Wtau);
    d->set("W_friction", Wf);
    d->set("W", W);
    d->set("residual", dE - W);
    d->set("rel_drift", (dE - W) / scale);
    d->set("max_rel_drift", maxRel);
    d->plot->graph(0)->setData(d->pt, d->pdE, true);
    d->plot->graph(1)->setData(d->pt, d->pW, true);
    d->plot->graph(2)->setData(d->pt, d->pRes, true);
    d->plot->rescaleAxes();
    d->plot->replot(QCustomPlot::rpQueuedReplot);
  }
  if (mo) {
    const char* ax[3] = {"x", "y", "z"};
    double p2 = 0, l2 = 0;
    for (int a = 0; a < 3; ++a) {
      const double P = v[d->iP[a]], L = v[d->iL[a]];
      d->set(QStringLiteral("P0") + ax[a], d->P0[a]);
      d->set(QStringLiteral("L0") + ax[a], d->L0[a]);
      d->set(QStringLiteral("P") + ax[a], P);
      d->set(QStringLiteral("L") + ax[a], L);
      d->set(QStringLiteral("dP") + ax[a], P - d->P0[a]);
      d->set(QStringLiteral("dL") + ax[a], L - d->L0[a]);
      p2 += std::pow(P - d->P0[a], 2);
      l2 += std::pow(L - d->L0[a], 2);
    }
    d->set("dP", std::sqrt(p2));
    d->set("dL", std::sqrt(l2));
    d->set("max_dP", maxP);
    d->set("max_dL", maxL);
  }
}

bool ConservationPanel::energyRecorded() const { return d->energy(); }
bool ConservationPanel::frictionRecorded() const { return d->iWf >= 0; }
bool ConservationPanel::momentumRecorded() const { return d->momentum(); }
qint64 ConservationPanel::rowsSeen() const { return d->rows; }
double ConservationPanel::lastTime() const { return d->tLast; }

double ConservationPanel::number(const QString& key) const { return d->values.value(key, kNaN); }

QString ConservationPanel::displayed(const QString& key) const {
  const QLabel* l = d->labels.value(key);
  return l ? l->text() : QString();
}

QString ConservationPanel::format(double v) { return QString::number(v, 'g', 6); }

}  // namespace maniplab::ui
