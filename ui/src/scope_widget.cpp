#include "maniplab/ui/scope_widget.hpp"

#include <QBuffer>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QPixmap>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSvgGenerator>
#include <QTimer>
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

#include "maniplab/ui/scope_overlay.hpp"
#include "scope_controls.hpp"
#include "scope_model.hpp"
#include "scope_screen.hpp"

// The scope is three parts around one ScopeModel (scope_model.hpp): the screen that draws it
// (scope_screen.hpp), the panel that edits it (scope_controls.hpp), and this widget, which holds the
// model, applies the settings, runs the trigger (scope_trigger.hpp) over the samples as they arrive,
// paces the frames, composes the readouts and exports.

namespace maniplab::ui {

namespace {

using namespace scope_grid;
constexpr qint64 kDefaultCapacity = 1'000'000;
// All sources together keep at most this many samples (~150 MB with the block summaries): a recorder
// with 60 channels gets 266 000 samples per channel instead of 480 MB of rings.
constexpr qint64 kTotalSampleBudget = 16'000'000;

qint64 effectiveCapacity(qint64 perSource, qsizetype sources) {
  if (sources <= 0) return 64;
  return std::min(perSource, std::max<qint64>(kTotalSampleBudget / sources, 64));
}

const std::array<QColor, ScopeWidget::kChannels> kDefaultColors = {
    QColor(255, 224, 0),   QColor(0, 229, 255),  QColor(255, 64, 255), QColor(64, 255, 96),
    QColor(255, 144, 32),  QColor(96, 144, 255), QColor(255, 64, 64),  QColor(240, 240, 240)};

QString formatValue(double v, const QString& unit) {
  if (!std::isfinite(v)) return QStringLiteral("--");
  QString r = QString::number(v, 'g', 4);
  if (!unit.isEmpty()) r += QLatin1Char(' ') + unit;
  return r;
}

void appendNumber(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
    return;
  }
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);  // shortest round trip, '.' always
  out.append(buf, res.ptr);
}

std::string csvField(const QString& s) {
  std::string u = s.toStdString();
  if (u.find_first_of(",\"\n\r") == std::string::npos) return u;
  std::string q = "\"";
  for (char c : u) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

// Nearest 1-2-5 value >= x.
double ceil125(double x) {
  if (!(x > 0) || !std::isfinite(x)) return 1.0;
  const double e = std::floor(std::log10(x));
  const double p = std::pow(10.0, e);
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= x * (1 - 1e-12)) return m * p;
  return 10 * p;
}

/// The side panel's scroll area: at least as wide as the panel wants (its buttons and the channel row are
/// not cut in a narrow dock, in French), scrolling vertically only.
class PanelScrollArea final : public QScrollArea {
 public:
  QSize minimumSizeHint() const override {
    const int content = widget() ? widget()->sizeHint().width() : 0;
    return {std::max(280, content + verticalScrollBar()->sizeHint().width() + 2 * frameWidth()),
            QScrollArea::minimumSizeHint().height()};
  }
  /// The panel's content changed (texts of another language, a font): the minimum follows (QScrollArea
  /// filters its widget's events).
  bool eventFilter(QObject* o, QEvent* e) override {
    if (o == widget() && e->type() == QEvent::LayoutRequest) updateGeometry();
    return QScrollArea::eventFilter(o, e);
  }
};

}  // namespace

struct ScopeWidget::Impl : ScopeModel {
  ScopeWidget* q = nullptr;
  qint64 capacity = kDefaultCapacity;
  QStringList pages;
  int page = 0;

  // display
  bool dirty = true;        // settings changed: redraw even when stopped
  bool dataChanged = false; // data arrived since the last redraw
  qint64 frames = 0;
  QElapsedTimer displayClock;  // the display schedule's time base (started at the first frame)
  qint64 nextFrameNs = 0;      // when the next frame is due, on displayClock
  qint64 painted = 0;          // frames that reached the screen (framesPainted)
  bool replotPending = false;  // a replot happened since the last counted paint
  QElapsedTimer readoutClock;

  ScopeScreen* screen = nullptr;
  ScopeControls* controls = nullptr;
  QTimer* timer = nullptr;

  void arm() { trigger.arm(ring); }

  // Runs the trigger over the samples appended since the last call (running, triggered mode only).
  void processTrigger() {
    if (!running || mode != Mode::Triggered || ring.count() == 0) return;
    const int s = validChannel(trigChannel) ? sourceOf(trigChannel) : -1;
    const ScopeTrigger::Result r = trigger.process(ring, s, (kHDiv - trigPosDiv) * timeBase, kHDiv * timeBase);
    for (double t : r.triggered) emit q->triggered(t);
    if (r.singleComplete) {
      running = false;  // single sweep complete: freeze
      frozenEnd = ring.lastTime();
      dirty = true;
      controls->syncRunButton();
    }
  }

  void updateReadouts() {
    readoutClock.restart();
    QString m;
    QString cur = ScopeWidget::tr("Δt = %1").arg(scope_overlay::seconds(cursor2 - cursor1));
    if (cursor2 != cursor1)
      cur += ScopeWidget::tr("   1/Δt = %1 Hz").arg(QString::number(1.0 / std::abs(cursor2 - cursor1), 'g', 4));
    for (int k = 0; k < kChannels; ++k) {
      if (sourceOf(k) < 0) continue;
      const Measurement r = measure(k);
      const QString col = ch[std::size_t(k)].color.name();
      const QString u = unitOf(k);
      m += QStringLiteral("<span style='color:%1'><b>%2</b></span> ").arg(col, channelName(k));
      if (r.valid)
        m += ScopeWidget::tr("max %1  min %2  RMS %3")
                 .arg(formatValue(r.max, u), formatValue(r.min, u), formatValue(r.rms, u));
      else
        m += ScopeWidget::tr("no data");
      m += QStringLiteral("<br/>");
      cur += QStringLiteral("<br/><span style='color:%1'>%2</span> ").arg(col, channelName(k)) +
             ScopeWidget::tr("Δ = %1").arg(formatValue(deltaValue(k), u));
    }
    controls->setReadouts(m.isEmpty() ? ScopeWidget::tr("No channel on") : m, cur);
  }

  /// Rebuilds the traces and repaints. `dataOnly`: only samples arrived since the last frame, so unless
  /// a setting or the status text changed, only the traces layer is repainted.
  /// `allReadouts`: also the measurement and cursor readouts, else at most 5 times a second (readable,
  /// and each new text relays out the panel) unless a setting changed.
  void redraw(QCustomPlot::RefreshPriority prio, bool dataOnly = false, bool allReadouts = true) {
    const QString statusBefore = screen->statusText();
    screen->rebuild();
    if (dirty || allReadouts || !readoutClock.isValid() || readoutClock.elapsed() > 200) updateReadouts();
    if (dataOnly && !dirty && frames > 0 && screen->statusText() == statusBefore) {
      const qint64 before = frames;
      replotPending = true;
      screen->tracesLayer()->replot();  // falls back to a full replot (counted by afterReplot) if buffers are invalid
      if (frames == before) ++frames;
      if (prio == QCustomPlot::rpImmediateRefresh) screen->repaint();
    } else {
      screen->replot(prio);
    }
    dirty = false;
    dataChanged = false;
    frameDrawn();
  }

  // Display pacing: a 60 Hz schedule of frame times. Samples arriving while running, or a setting change,
  // ask for a frame; it is drawn once its time is at most kFrameSlackNs away: posted at once (drawn at
  // the next pass of the event loop), else by the single-shot timer, unless later samples post it first.
  // A feeder that receives batches from the event loop calls replotIfDue() after appending, which draws
  // and paints in the same pass. Frames keep to the schedule (the next is due one period after the
  // previous one was due, not after it was drawn): with samples arriving every ~10 ms, a frame is drawn
  // at the first batch within 5 ms of its time, 60 per second on average, where "at least 16 ms after
  // the last frame" would make it every second batch (50 per second).
  // Why not the free-running 16 ms timer of before: it beat against the simulation worker's batches,
  // which came at nearly the same period, so that with both clocks jittering many ticks found nothing
  // new and many batches were drawn only with the next one; and Qt's GLib event dispatcher lowers the
  // timers to idle priority after each timer dispatch until the posted events (the worker's rows) have
  // been sent, so timer deadlines slip. In the main window under Xvfb the scope drew 24 to 40 frames
  // per second at x1 that way (maniplab-gui-bench, README).
  static constexpr qint64 kFramePeriodNs = 16'666'667;
  static constexpr qint64 kFrameSlackNs = 5'000'000;
  qint64 nsUntilFrameDue() const {
    if (!displayClock.isValid()) return 0;
    return std::max<qint64>(0, nextFrameNs - kFrameSlackNs - displayClock.nsecsElapsed());
  }
  void frameDrawn() {
    if (!displayClock.isValid()) displayClock.start();
    const qint64 now = displayClock.nsecsElapsed();
    // on schedule; after a pause (or a stall) the schedule restarts from this frame
    nextFrameNs = std::max(nextFrameNs + kFramePeriodNs, now + kFramePeriodNs / 2);
    if (nextFrameNs > now + 2 * kFramePeriodNs) nextFrameNs = now + kFramePeriodNs;
  }
  bool drawPosted = false;  // a redraw is queued in the event loop
  bool needsRedraw() const { return dirty || (running && dataChanged); }
  void scheduleRedraw() {
    if (!timer || drawPosted || !needsRedraw()) return;
    const qint64 left = nsUntilFrameDue();
    if (left <= 0) {
      timer->stop();
      drawPosted = true;
      QMetaObject::invokeMethod(
          q,
          [this] {
            drawPosted = false;
            onTick();
          },
          Qt::QueuedConnection);
    } else if (!timer->isActive()) {
      timer->start(int((left + 999'999) / 1'000'000));
    }
  }

  void onTick() {
    if (!needsRedraw()) return;
    if (!q->isVisible()) return;  // nothing to show; showEvent schedules the redraw
    redraw(QCustomPlot::rpQueuedRefresh, !dirty, false);
  }

  void changed() {
    dirty = true;
    controls->sync();
    scheduleRedraw();
  }

  void exportCsvInteractively() {
    const QString path = QFileDialog::getSaveFileName(q, ScopeWidget::tr("Export visible data"), QString(),
                                                      ScopeWidget::tr("CSV files (*.csv)"));
    QString err;
    if (!path.isEmpty() && !q->exportCsv(path, &err)) QMessageBox::warning(q, ScopeWidget::tr("Export failed"), err);
  }

  void exportImageInteractively() {
    const QString path = QFileDialog::getSaveFileName(q, ScopeWidget::tr("Export screen"), QString(),
                                                      ScopeWidget::tr("PNG image (*.png);;SVG image (*.svg)"));
    QString err;
    if (!path.isEmpty() && !q->exportImage(path, &err)) QMessageBox::warning(q, ScopeWidget::tr("Export failed"), err);
  }

  void buildScreen() {
    screen = new ScopeScreen(*this, q);
    screen->onPainted = [this] {
      if (!replotPending) return;
      replotPending = false;
      ++painted;
      emit q->framePainted();
    };
    QObject::connect(screen, &QCustomPlot::beforeReplot, q, [this] { replotPending = true; });
    QObject::connect(screen, &QCustomPlot::afterReplot, q, [this] { ++frames; });
    QObject::connect(screen, &ScopeScreen::cursorPicked, q, [this](int cursor, double s) {
      if (cursor == 0)
        q->setCursors(s, cursor2);
      else
        q->setCursors(cursor1, s);
    });
  }

  // The panel's requests, applied through the scope's own setters.
  void connectControls() {
    auto* c = controls;
    QObject::connect(c, &ScopeControls::runToggled, q, &ScopeWidget::setRunning);
    QObject::connect(c, &ScopeControls::pageChosen, q, &ScopeWidget::setChannelPage);
    QObject::connect(c, &ScopeControls::channelSourceChosen, q, &ScopeWidget::setChannelSource);
    QObject::connect(c, &ScopeControls::channelSourceKept, q, [this](int k, int s) {
      if (validChannel(k)) ch[std::size_t(k)].lastSource = s;
    });
    QObject::connect(c, &ScopeControls::channelGainChanged, q, &ScopeWidget::setChannelGain);
    QObject::connect(c, &ScopeControls::channelOffsetChanged, q, &ScopeWidget::setChannelOffset);
    QObject::connect(c, &ScopeControls::channelColorChosen, q, &ScopeWidget::setChannelColor);
    QObject::connect(c, &ScopeControls::timeBaseChosen, q, &ScopeWidget::setTimeBase);
    QObject::connect(c, &ScopeControls::modeChosen, q,
                     [this](bool triggered) { q->setMode(triggered ? Mode::Triggered : Mode::Roll); });
    QObject::connect(c, &ScopeControls::triggerChosen, q, &ScopeWidget::setTrigger);
    QObject::connect(c, &ScopeControls::triggerPositionChanged, q, &ScopeWidget::setTriggerPosition);
    QObject::connect(c, &ScopeControls::cursorsChanged, q, &ScopeWidget::setCursors);
    QObject::connect(c, &ScopeControls::autoscaleClicked, q, &ScopeWidget::autoscale);
    QObject::connect(c, &ScopeControls::exportCsvClicked, q, [this] { exportCsvInteractively(); });
    QObject::connect(c, &ScopeControls::exportImageClicked, q, [this] { exportImageInteractively(); });
  }

  // The texts of the scope in the current language (construction and LanguageChange; the panel
  // retranslates its own): the readouts, and the screen's texts at the next display tick.
  void retranslate() {
    updateReadouts();
    screen->updateTexts();
    dirty = true;
    scheduleRedraw();
  }
};

ScopeWidget::ScopeWidget(QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>()) {
  d->q = this;
  for (int k = 0; k < kChannels; ++k) d->ch[std::size_t(k)].color = kDefaultColors[std::size_t(k)];
  d->ring.reset(0, effectiveCapacity(d->capacity, 0));
  d->buildScreen();
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(d->screen, 1);
  auto* scroll = new PanelScrollArea;
  d->controls = new ScopeControls(*d);
  d->connectControls();
  scroll->setWidget(d->controls);
  d->retranslate();
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  layout->addWidget(scroll, 0);
  d->timer = new QTimer(this);
  d->timer->setSingleShot(true);
  d->timer->setTimerType(Qt::PreciseTimer);
  connect(d->timer, &QTimer::timeout, this, [this] { d->onTick(); });
  d->controls->sync();
  d->screen->updateTexts();
  d->updateReadouts();
}

ScopeWidget::~ScopeWidget() = default;

void ScopeWidget::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  d->scheduleRedraw();
}

void ScopeWidget::changeEvent(QEvent* e) {
  QWidget::changeEvent(e);
  if (e->type() == QEvent::LanguageChange && d && d->controls) d->retranslate();
}

void ScopeWidget::setSources(const QStringList& names, const QStringList& units) {
  setChannelPages({});
  d->labels.clear();
  d->descriptions.clear();
  d->groupTitles.clear();
  for (auto& c : d->ch) {
    c.scaleGroup = -1;
    c.style = Qt::SolidLine;
  }
  d->names = names;
  d->units = units;
  while (d->units.size() < d->names.size()) d->units.append(QString());
  d->ring.reset(int(names.size()), effectiveCapacity(d->capacity, names.size()));
  bool anyOn = false;
  for (auto& c : d->ch) {
    if (c.source >= names.size()) c.source = -1;
    if (c.lastSource >= names.size()) c.lastSource = -1;
    anyOn = anyOn || c.source >= 0;
  }
  if (!anyOn)  // a fresh scope: the first sources on the first four channels
    for (int k = 0; k < std::min<int>(4, int(names.size())); ++k) d->ch[std::size_t(k)].source = k;
  if (d->mode == Mode::Triggered) d->arm();
  d->trigger.forgetShown();
  d->dataChanged = true;
  d->changed();
}

QStringList ScopeWidget::sources() const { return d->names; }

void ScopeWidget::appendSamples(const double* times, const double* values, int rows) {
  if (rows <= 0 || d->ring.sources() == 0) return;
  if (d->ring.count() > 0 && times[0] < d->ring.lastTime()) clearData();  // a new run restarted time
  const std::size_t n = std::size_t(d->ring.sources());
  for (int r = 0; r < rows; ++r) d->ring.append(times[r], values + std::size_t(r) * n);
  d->dataChanged = true;
  d->processTrigger();
  d->scheduleRedraw();
}

void ScopeWidget::clearData() {
  d->ring.clear();
  d->trigger.reset();
  d->dataChanged = true;
  d->dirty = true;
  d->scheduleRedraw();
}

qint64 ScopeWidget::sampleCount() const { return d->ring.count(); }

void ScopeWidget::setChannelSource(int k, int source) {
  if (!d->validChannel(k)) return;
  auto& c = d->ch[std::size_t(k)];
  c.source = source >= 0 && source < d->names.size() ? source : -1;
  if (c.source >= 0) c.lastSource = c.source;
  d->changed();
}

int ScopeWidget::channelSource(int k) const { return d->validChannel(k) ? d->ch[std::size_t(k)].source : -1; }

void ScopeWidget::setChannelColor(int k, const QColor& c) {
  if (!d->validChannel(k) || !c.isValid()) return;
  d->ch[std::size_t(k)].color = c;
  d->changed();
}

void ScopeWidget::setChannelGain(int k, double unitsPerDivision) {
  if (!d->validChannel(k) || !std::isfinite(unitsPerDivision) || unitsPerDivision == 0) return;
  for (int j = 0; j < kChannels; ++j)
    if (j == k || d->sameScale(k, j)) d->ch[std::size_t(j)].gain = std::abs(unitsPerDivision);
  d->changed();
}

void ScopeWidget::setChannelOffset(int k, double offset) {
  if (!d->validChannel(k) || !std::isfinite(offset)) return;
  d->ch[std::size_t(k)].offset = offset;
  d->changed();
}

double ScopeWidget::channelGain(int k) const { return d->validChannel(k) ? d->ch[std::size_t(k)].gain : 0.0; }

void ScopeWidget::setTimeBase(double secondsPerDivision) {
  if (!(secondsPerDivision > 0) || !std::isfinite(secondsPerDivision)) return;
  const double ratio = secondsPerDivision / d->timeBase;
  d->timeBase = secondsPerDivision;
  d->cursor1 *= ratio;  // cursors keep their place on the screen
  d->cursor2 *= ratio;
  d->changed();
}

double ScopeWidget::timeBase() const { return d->timeBase; }

void ScopeWidget::setMode(Mode m) {
  if (m == d->mode) return;
  d->mode = m;
  d->trigger.hideSweep();
  if (m == Mode::Triggered) d->arm();
  d->changed();
}

void ScopeWidget::setTrigger(int scopeChannel, double level, Edge edge, TriggerSweep sweep) {
  d->trigChannel = std::clamp(scopeChannel, 0, kChannels - 1);
  d->trigger.setLevel(std::isfinite(level) ? level : 0.0);
  d->trigger.setEdge(edge);
  d->trigger.setSweep(sweep);
  if (d->mode == Mode::Triggered) d->arm();
  d->changed();
}

void ScopeWidget::setRunning(bool run) {
  if (run == d->running) {
    d->controls->syncRunButton();
    return;
  }
  d->running = run;
  if (run) {
    if (d->mode == Mode::Triggered) d->arm();
  } else {
    d->frozenEnd = d->ring.count() ? d->ring.lastTime() : 0.0;
  }
  d->changed();
}

bool ScopeWidget::isRunning() const { return d->running; }

void ScopeWidget::setCursors(double t1, double t2) {
  d->cursor1 = t1;
  d->cursor2 = t2;
  d->cursorsShown = true;
  d->changed();
}

void ScopeWidget::autoscale() {
  // Each channel on: a 1-2-5 gain so that its visible peak-to-peak spans at most 6 divisions, centred.
  // Channels of one scale group and unit (the compared errors of a joint) get one gain and offset, those
  // that fit all of them: the larger trace spans more divisions, as it should.
  std::array<Measurement, kChannels> m;
  for (int k = 0; k < kChannels; ++k) m[std::size_t(k)] = d->measure(k);
  for (int k = 0; k < kChannels; ++k) {
    if (!m[std::size_t(k)].valid) continue;
    double lo = m[std::size_t(k)].min, hi = m[std::size_t(k)].max;
    for (int j = 0; j < kChannels; ++j)
      if (j != k && m[std::size_t(j)].valid && d->sameScale(k, j)) {
        lo = std::min(lo, m[std::size_t(j)].min);
        hi = std::max(hi, m[std::size_t(j)].max);
      }
    auto& c = d->ch[std::size_t(k)];
    const double pp = hi - lo;
    const double mag = std::max(std::abs(hi), std::abs(lo));
    c.gain = ceil125(pp > 1e-12 * std::max(mag, 1e-300) ? pp / 6.0 : (mag > 0 ? mag / 2.0 : 1.0));
    c.offset = -(hi + lo) / 2;
  }
  d->changed();
}

void ScopeWidget::setChannelScaleGroup(int k, int group) {
  if (!d->validChannel(k)) return;
  d->ch[std::size_t(k)].scaleGroup = group < 0 ? -1 : group;
  d->changed();
}

int ScopeWidget::channelScaleGroup(int k) const { return d->validChannel(k) ? d->ch[std::size_t(k)].scaleGroup : -1; }

void ScopeWidget::setSourceLabels(const QStringList& labels) {
  d->labels = labels;
  d->changed();
}

void ScopeWidget::setSourceDescriptions(const QStringList& descriptions) {
  d->descriptions = descriptions;
  d->changed();
}

QStringList ScopeWidget::sourceDescriptions() const { return d->descriptions; }

QStringList ScopeWidget::legendTexts() const { return d->screen->legendLines(); }

void ScopeWidget::setLegendGroupTitle(int group, const QString& title) {
  if (group < 0) return;
  if (title.isEmpty())
    d->groupTitles.remove(group);
  else
    d->groupTitles[group] = title;
  d->changed();
}

void ScopeWidget::setChannelPenStyle(int k, Qt::PenStyle style) {
  if (!d->validChannel(k)) return;
  d->ch[std::size_t(k)].style = style;
  d->changed();
}

QPen ScopeWidget::channelPen(int k) const { return d->validChannel(k) ? d->screen->pen(k) : QPen(); }

QVector<QPen> ScopeWidget::legendPens() const { return d->screen->overlayLayout().legendPens; }

QRect ScopeWidget::legendRect() const {
  QRect r;
  for (const QRect& x : d->screen->overlayLayout().legendRects) r |= x;
  return r;
}

QVector<QRect> ScopeWidget::scaleLabelRects() const { return d->screen->overlayLayout().scaleRects; }

QRect ScopeWidget::screenRect() const { return d->screen->axisRect()->rect(); }

void ScopeWidget::setLegendVisible(bool shown) {
  d->legendShown = shown;
  d->changed();
}

bool ScopeWidget::isLegendVisible() const { return d->legendShown; }

ScopeWidget::Measurement ScopeWidget::measurement(int k) const { return d->measure(k); }

double ScopeWidget::cursorDeltaT() const { return d->cursor2 - d->cursor1; }

double ScopeWidget::cursorDeltaValue(int k) const { return d->deltaValue(k); }

bool ScopeWidget::exportCsv(const QString& path, QString* error) const {
  auto fail = [&](const QString& msg) {
    if (error) *error = msg;
    return false;
  };
  std::vector<int> chans;
  for (int k = 0; k < kChannels; ++k)
    if (d->sourceOf(k) >= 0) chans.push_back(k);
  std::string out = "time [s]";
  for (int k : chans) {
    const int s = d->sourceOf(k);
    QString h = QStringLiteral("%1 %2").arg(d->channelName(k), d->names[s]);
    if (!d->units[s].isEmpty()) h += QStringLiteral(" [%1]").arg(d->units[s]);
    out += ',';
    out += csvField(h);
  }
  out += '\n';
  const Window w = d->window();
  if (w.valid) {
    const qint64 lo = d->ring.lowerBound(w.start), hi = d->ring.upperBound(w.end);
    out.reserve(out.size() + std::size_t(hi - lo) * (chans.size() + 1) * 20);
    for (qint64 i = lo; i < hi; ++i) {
      appendNumber(out, d->ring.time(i));
      for (int k : chans) {
        out += ',';
        appendNumber(out, d->ring.value(d->sourceOf(k), i));
      }
      out += '\n';
    }
  }
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly))
    return fail(tr("Cannot write %1: %2").arg(path, f.errorString()));
  if (f.write(out.data(), qint64(out.size())) != qint64(out.size()) || !f.commit())
    return fail(tr("Cannot write %1: %2").arg(path, f.errorString()));
  return true;
}

bool ScopeWidget::exportImage(const QString& path, QString* error) {
  auto fail = [&](const QString& msg) {
    if (error) *error = msg;
    return false;
  };
  d->screen->rebuild();
  d->screen->replot(QCustomPlot::rpQueuedRefresh);
  const QSize size = screenSize();
  const QString ext = QFileInfo(path).suffix().toLower();
  // The image is rendered in memory and written through QSaveFile (temporary file, then rename): a
  // failed write never leaves a truncated image in place of the previous one.
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (ext == QLatin1String("png")) {
    const QPixmap pixmap = d->screen->toPixmap(size.width(), size.height());
    if (pixmap.isNull() || !pixmap.save(&buffer, "PNG")) return fail(tr("Cannot render the image %1").arg(path));
  } else if (ext == QLatin1String("svg")) {
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setSize(size);
    gen.setViewBox(QRect(QPoint(0, 0), size));
    gen.setTitle(tr("ManipLab oscilloscope"));
    QCPPainter painter;
    if (!painter.begin(&gen)) return fail(tr("Cannot render the image %1").arg(path));
    d->screen->toPainter(&painter, size.width(), size.height());
    painter.end();
  } else {
    return fail(tr("Unknown image format \"%1\" (use .png or .svg)").arg(ext));
  }
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return fail(tr("Cannot write %1: %2").arg(path, f.errorString()));
  if (f.write(bytes) != bytes.size() || !f.commit()) return fail(tr("Cannot write %1: %2").arg(path, f.errorString()));
  return true;
}

void ScopeWidget::replotNow() { d->redraw(QCustomPlot::rpImmediateRefresh); }

void ScopeWidget::replotData() { d->redraw(QCustomPlot::rpImmediateRefresh, true); }

bool ScopeWidget::replotIfDue() {
  if (!d->needsRedraw() || !isVisible()) return false;
  if (d->nsUntilFrameDue() > 0) return false;
  d->redraw(QCustomPlot::rpImmediateRefresh, !d->dirty, false);
  return true;
}

qint64 ScopeWidget::framesDrawn() const { return d->frames; }

qint64 ScopeWidget::framesPainted() const { return d->painted; }

void ScopeWidget::setChannelPages(const QStringList& labels, int current) {
  d->pages = labels;
  d->page = labels.isEmpty() ? 0 : std::clamp(current, 0, int(labels.size()) - 1);
  d->controls->setPages(labels, d->page);
}

QStringList ScopeWidget::channelPages() const { return d->pages; }

int ScopeWidget::channelPage() const { return d->pages.isEmpty() ? -1 : d->page; }

void ScopeWidget::setChannelPage(int page) {
  if (page < 0 || page >= d->pages.size()) return;
  d->controls->showPage(page);
  if (page == d->page) return;
  d->page = page;
  emit channelPageChanged(page);
}

void ScopeWidget::setCapacity(qint64 samplesPerSource) {
  d->capacity = std::max<qint64>(samplesPerSource, ScopeRing::kBlock);
  d->ring.reset(int(d->names.size()), effectiveCapacity(d->capacity, d->names.size()));
  clearData();
}

qint64 ScopeWidget::capacity() const { return d->ring.capacity(); }

ScopeWidget::Mode ScopeWidget::mode() const { return d->mode; }

QColor ScopeWidget::channelColor(int k) const { return d->validChannel(k) ? d->ch[std::size_t(k)].color : QColor(); }

double ScopeWidget::channelOffset(int k) const { return d->validChannel(k) ? d->ch[std::size_t(k)].offset : 0.0; }

void ScopeWidget::setTriggerPosition(double divisionsFromLeft) {
  if (!std::isfinite(divisionsFromLeft)) return;
  d->trigPosDiv = std::clamp(divisionsFromLeft, 0.0, kHDiv);
  d->changed();
}

double ScopeWidget::triggerScreenTime() const { return d->trigPosDiv * d->timeBase; }

ScopeWidget::Window ScopeWidget::visibleWindow() const { return d->window(); }

double ScopeWidget::cursor1() const { return d->cursor1; }
double ScopeWidget::cursor2() const { return d->cursor2; }

QVector<double> ScopeWidget::irregularPeriodMarks() const { return d->screen->irregularMarks(); }

QVector<QPointF> ScopeWidget::displayedPoints(int k) const { return d->screen->displayedPoints(k); }

int ScopeWidget::screenPixelWidth() const { return d->screen->pixelWidth(); }

QSize ScopeWidget::screenSize() const {
  const QSize s = d->screen->size();
  return s.width() >= 64 && s.height() >= 64 ? s : QSize(800, 640);
}

}  // namespace maniplab::ui
