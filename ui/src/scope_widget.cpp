#include "maniplab/ui/scope_widget.hpp"

#include <qcustomplot.h>

#include <QAction>
#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMap>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSvgGenerator>
#include <QBuffer>
#include <QPixmap>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "maniplab/ui/scope_overlay.hpp"
#include "maniplab/ui/scope_ring.hpp"
#include "scope_markers.hpp"

namespace maniplab::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kHDiv = 10.0;  // horizontal divisions
constexpr double kVDiv = 8.0;   // vertical divisions
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

const QColor kScreen(6, 12, 9);
const QColor kBezel(28, 30, 32);
const QColor kGrid(70, 95, 80);
const QColor kText(200, 210, 200);

// 1-2-5 time bases from 1 µs/div to 50 s/div.
std::vector<double> timeBaseSteps() {
  std::vector<double> r;
  for (int e = -6; e <= 1; ++e)
    for (double m : {1.0, 2.0, 5.0}) r.push_back(m * std::pow(10.0, e));
  return r;
}

QString formatSeconds(double s) {
  const double a = std::abs(s);
  if (a == 0) return QStringLiteral("0 s");
  if (a < 1e-6) return QStringLiteral("%1 ns").arg(QString::number(s * 1e9, 'g', 4));
  if (a < 1e-3) return QStringLiteral("%1 µs").arg(QString::number(s * 1e6, 'g', 4));
  if (a < 1) return QStringLiteral("%1 ms").arg(QString::number(s * 1e3, 'g', 4));
  return QStringLiteral("%1 s").arg(QString::number(s, 'g', 4));
}

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

// Sets a spin box only when its value differs (re-setting the same value would reformat the text the
// user is typing).
void setSpin(QDoubleSpinBox* spin, double v) {
  if (spin->value() != v) spin->setValue(v);
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

// The plot, telling when a paint event has put a replotted frame on the screen.
class ScopePlot : public QCustomPlot {
 public:
  using QCustomPlot::QCustomPlot;
  std::function<void()> onPainted;

 protected:
  void paintEvent(QPaintEvent* e) override {
    QCustomPlot::paintEvent(e);
    if (onPainted) onPainted();
  }
};

// The texts drawn over the screen (scale labels, legend), painted by the scope's Impl so that their
// layout (scope_overlay.hpp) is computed from the screen's current size at each frame.
class OverlayItem : public QCPAbstractItem {
 public:
  explicit OverlayItem(QCustomPlot* p) : QCPAbstractItem(p) {
    setClipToAxisRect(false);
    setSelectable(false);
  }
  std::function<void(QCPPainter*)> paint;
  double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }

 protected:
  void draw(QCPPainter* p) override {
    if (paint) paint(p);
  }
};

constexpr int kSampleWidth = 18;  // the legend's line sample, in pixels
constexpr int kSampleGap = 4;

}  // namespace

struct ScopeWidget::Impl {
  ScopeWidget* q = nullptr;

  // ---- state -------------------------------------------------------------------------------------
  QStringList names, units;
  ScopeRing ring;
  qint64 capacity = kDefaultCapacity;

  struct Channel {
    int source = -1;
    int lastSource = -1;  // restored when switched back on
    QColor color;
    double gain = 1.0;
    double offset = 0.0;
    int scaleGroup = -1;  // channels of one group and unit share gain and offset (a comparison)
    Qt::PenStyle style = Qt::SolidLine;
  };
  std::array<Channel, kChannels> ch;
  QStringList labels;  // what the legend calls each source (empty entry: its name)
  bool legendShown = true;
  QMap<int, QString> groupTitles;  // scale group -> the title of its one legend line

  double timeBase = 0.1;
  Mode mode = Mode::Roll;
  bool running = true;
  double frozenEnd = 0;  // right edge of the window while stopped (roll / free run)

  // trigger: the scope channel it watches, where it sits on the screen, and its level, edge, sweep and
  // state (scope_trigger.hpp)
  int trigChannel = 0;
  double trigPosDiv = 5.0;
  ScopeTrigger trigger;

  double cursor1 = 0, cursor2 = 0;
  bool cursorsShown = false;

  // display
  bool dirty = true;        // settings changed: redraw even when stopped
  bool dataChanged = false; // data arrived since the last redraw
  qint64 frames = 0;
  QElapsedTimer displayClock;  // the display schedule's time base (started at the first frame)
  qint64 nextFrameNs = 0;      // when the next frame is due, on displayClock
  qint64 painted = 0;          // frames that reached the screen (framesPainted)
  bool replotPending = false;  // a replot happened since the last counted paint
  QElapsedTimer readoutClock;

  // ---- widgets -----------------------------------------------------------------------------------
  ScopePlot* plot = nullptr;
  /// The traces have their own buffered layer: while samples stream in and no setting changed, only this
  /// layer is repainted (the graticule, the texts and the markers keep their buffers).
  QCPLayer* tracesLayer = nullptr;
  std::array<QCPGraph*, kChannels> graphs{};
  OverlayItem* overlay = nullptr;  // scale labels and legend
  ScopeIrregularMarkers irregular;  // ticks of irregular periods (ecat_bad_cycles > 0; scope_markers.hpp)
  QCPItemText* statusText = nullptr;
  QCPItemText* timeBaseText = nullptr;
  QCPItemText* trigLevelMarker = nullptr;
  QCPItemText* trigPosMarker = nullptr;
  QCPItemStraightLine* cursorLines[2] = {nullptr, nullptr};
  QTimer* timer = nullptr;

  QComboBox* channelSelect = nullptr;
  QCheckBox* channelOn = nullptr;
  QComboBox* sourceCombo = nullptr;
  QDoubleSpinBox* gainSpin = nullptr;
  QDoubleSpinBox* offsetSpin = nullptr;
  QPushButton* colorButton = nullptr;
  QComboBox* timeBaseCombo = nullptr;
  QComboBox* modeCombo = nullptr;
  QComboBox* trigChannelCombo = nullptr;
  QDoubleSpinBox* trigLevelSpin = nullptr;
  QComboBox* edgeCombo = nullptr;
  QComboBox* sweepCombo = nullptr;
  QDoubleSpinBox* trigPosSpin = nullptr;
  QPushButton* runButton = nullptr;
  QWidget* pageRow = nullptr;
  QLabel* pageLabel = nullptr;
  QComboBox* pageCombo = nullptr;
  QStringList pages;
  int page = 0;
  QDoubleSpinBox* cursorSpin[2] = {nullptr, nullptr};
  QLabel* cursorLabel = nullptr;
  QLabel* measureLabel = nullptr;
  // kept for retranslate()
  QGroupBox *chBox = nullptr, *hBox = nullptr, *tBox = nullptr, *cBox = nullptr, *mBox = nullptr;
  QLabel *channelLabel = nullptr, *sourceLabel = nullptr, *gainLabel = nullptr, *offsetLabel = nullptr,
         *colorLabel = nullptr, *timeBaseLabel = nullptr, *modeLabel = nullptr, *trigSourceLabel = nullptr,
         *levelLabel = nullptr, *edgeLabel = nullptr, *sweepLabel = nullptr, *positionLabel = nullptr;
  QLabel* cursorLabels[2] = {nullptr, nullptr};
  QPushButton* autoButton = nullptr;
  QToolButton* exportButton = nullptr;
  QAction* csvAction = nullptr;
  QAction* imageAction = nullptr;

  // ---- helpers -----------------------------------------------------------------------------------
  bool validChannel(int k) const { return k >= 0 && k < kChannels; }
  int sourceOf(int k) const {
    const int s = ch[std::size_t(k)].source;
    return s >= 0 && s < ring.sources() ? s : -1;
  }
  QString unitOf(int k) const {
    const int s = sourceOf(k);
    return s >= 0 && s < units.size() ? units[s] : QString();
  }
  QString channelName(int k) const { return ScopeWidget::tr("CH%1").arg(k + 1); }
  /// The legend's line for channel k: what it shows (the source's label, else its name) and its unit.
  QString legendEntry(int k) const {
    const int s = sourceOf(k);
    if (s < 0) return {};
    const QString what = s < labels.size() && !labels[s].isEmpty() ? labels[s] : names.value(s);
    const QString unit = unitOf(k);
    return unit.isEmpty() ? what : ScopeWidget::tr("%1 [%2]").arg(what, unit);
  }
  QPen pen(int k) const {
    const Channel& c = ch[std::size_t(k)];
    return QPen(c.color, 1, c.style);
  }
  QString traceLabel(int k) const {
    const int s = sourceOf(k);
    return s >= 0 && s < labels.size() && !labels[s].isEmpty() ? labels[s] : names.value(s);
  }
  /// "CH1 5 mrad/div"; the channels that share channel k's scale (a comparison) on the same label:
  /// "CH1,2 5 mrad/div".
  QString scaleLabel(int k) const {
    QString chans = channelName(k);
    for (int j = k + 1; j < kChannels; ++j)
      if (sourceOf(j) >= 0 && sameScale(k, j)) chans += QStringLiteral(",%1").arg(j + 1);
    return ScopeWidget::tr("%1 %2/div").arg(chans, scope_overlay::engineering(ch[std::size_t(k)].gain, unitOf(k)));
  }

  // ---- the texts over the screen ------------------------------------------------------------------
  static QFont scaleFont() { return QFont(QStringLiteral("monospace"), 8); }
  static QFont legendFont() { return QFont(QStringLiteral("sans"), 8); }
  struct Piece {
    QString text;
    QColor color;
    bool sample = false;  // a line sample in `pen` before the text
    QPen pen;
    bool breakBefore = false;
  };
  struct Overlay {
    QRect screen;
    QVector<int> scaleChannels;
    QVector<QRect> scaleRects;
    QVector<Piece> legend;  // what is drawn, in order
    QVector<QRect> legendRects;
    QStringList legendLines;  // one per legend entry: "LABEL [UNIT]", or "TITLE [UNIT]: A, B" for a group
    QVector<QPen> legendPens;  // the samples' pens, in order
  };
  /// The legend's pieces: a group with a title (setLegendGroupTitle) on one line "TITLE [UNIT]:" followed
  /// by a line sample and the label of each of its channels; the other channels' entries flowed.
  void legendPieces(QVector<Piece>& pieces, QStringList& lines) const {
    std::array<bool, kChannels> done{};
    bool afterGroup = false;
    for (int k = 0; k < kChannels; ++k) {
      if (sourceOf(k) < 0 || done[std::size_t(k)]) continue;
      const int g = ch[std::size_t(k)].scaleGroup;
      if (g >= 0 && groupTitles.contains(g)) {
        const QString unit = unitOf(k);
        const QString title = unit.isEmpty() ? groupTitles.value(g) : ScopeWidget::tr("%1 [%2]").arg(groupTitles.value(g), unit);
        pieces.append({ScopeWidget::tr("%1:").arg(title), ch[std::size_t(k)].color, false, QPen(), true});
        QStringList listed;
        for (int j = k; j < kChannels; ++j) {
          if (sourceOf(j) < 0 || ch[std::size_t(j)].scaleGroup != g || unitOf(j) != unit) continue;
          done[std::size_t(j)] = true;
          pieces.append({traceLabel(j), ch[std::size_t(j)].color, true, pen(j), false});
          listed << traceLabel(j);
        }
        lines << ScopeWidget::tr("%1: %2").arg(title, listed.join(QStringLiteral(", ")));
        afterGroup = true;
      } else {
        pieces.append({legendEntry(k), ch[std::size_t(k)].color, true, pen(k), afterGroup});
        lines << legendEntry(k);
        afterGroup = false;
      }
    }
  }
  /// Where the scale labels (bottom, flowed upwards) and the legend (below the status line, flowed down,
  /// at most half the screen's height: what does not fit is counted in a last "+N more" piece) go.
  Overlay overlayLayout() const {
    Overlay o;
    o.screen = plot->axisRect()->rect();
    const QRect& a = o.screen;
    const QFontMetrics sfm(scaleFont());
    QVector<int> widths;
    for (int k = 0; k < kChannels; ++k) {
      if (sourceOf(k) < 0) continue;
      bool shared = false;  // a channel sharing an earlier channel's scale is named on its label
      for (int j = 0; j < k && !shared; ++j) shared = sourceOf(j) >= 0 && sameScale(j, k);
      if (shared) continue;
      o.scaleChannels << k;
      widths << sfm.horizontalAdvance(scaleLabel(k)) + 4;
    }
    o.scaleRects = scope_overlay::flow(widths, a.adjusted(3, 0, -3, -2), sfm.height(), 8, true);

    QVector<Piece> pieces;
    legendPieces(pieces, o.legendLines);
    if (!legendShown || pieces.isEmpty()) return o;
    const QFontMetrics lfm(legendFont());
    const int top = a.top() + 3 + QFontMetrics(QFont(QStringLiteral("monospace"), 9, QFont::Bold)).height() + 2;
    const QRect area(a.left() + 3, top, std::max(40, a.width() - 6), std::max(lfm.height(), a.height() / 2 - (top - a.top())));
    auto widthOf = [&](Piece& p) {
      const int extra = (p.sample ? kSampleWidth + kSampleGap : 0) + 6;
      p.text = lfm.elidedText(p.text, Qt::ElideRight, std::max(10, area.width() - extra));
      return lfm.horizontalAdvance(p.text) + extra;
    };
    auto place = [&](QVector<Piece> ps) {
      QVector<int> w;
      QVector<bool> br;
      for (Piece& p : ps) {
        w << widthOf(p);
        br << p.breakBefore;
      }
      return std::make_pair(ps, scope_overlay::flow(w, area, lfm.height(), 6, false, br));
    };
    auto [shown, rects] = place(pieces);
    auto fits = [&](const QVector<QRect>& r) { return r.isEmpty() || r.back().bottom() <= area.bottom(); };
    for (int keep = int(pieces.size()) - 1; !fits(rects) && keep >= 0; --keep) {
      QVector<Piece> ps = pieces.mid(0, keep);
      int hidden = 0;
      for (int i = keep; i < pieces.size(); ++i) hidden += pieces[i].sample ? 1 : 0;
      ps.append({ScopeWidget::tr("+%n more", nullptr, hidden), QColor(kText), false, QPen(), false});
      std::tie(shown, rects) = place(ps);
    }
    o.legend = shown;
    o.legendRects = rects;
    for (const Piece& p : shown)
      if (p.sample) o.legendPens << p.pen;
    return o;
  }
  void paintOverlay(QCPPainter* p) const {
    const Overlay o = overlayLayout();
    p->save();
    p->setFont(scaleFont());
    for (int i = 0; i < o.scaleChannels.size(); ++i) {
      const int k = o.scaleChannels[i];
      p->fillRect(o.scaleRects[i], QColor(0, 0, 0, 150));
      p->setPen(ch[std::size_t(k)].color);
      p->drawText(o.scaleRects[i].adjusted(2, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, scaleLabel(k));
    }
    p->setFont(legendFont());
    for (int i = 0; i < o.legend.size(); ++i) {
      const Piece& piece = o.legend[i];
      const QRect r = o.legendRects[i];
      p->fillRect(r, QColor(0, 0, 0, 130));  // the traces stay visible under it
      int x = r.left() + 3;
      if (piece.sample) {
        QPen pen = piece.pen;
        p->setPen(pen);
        const double y = r.center().y() + 0.5;
        p->drawLine(QLineF(x, y, x + kSampleWidth, y));
        x += kSampleWidth + kSampleGap;
      }
      p->setPen(piece.color);
      p->drawText(QRect(x, r.top(), r.right() - x, r.height()), Qt::AlignLeft | Qt::AlignVCenter, piece.text);
    }
    p->restore();
  }

  /// Channels on that share channel k's scale: same group (>= 0) and same unit.
  bool sameScale(int k, int j) const {
    const int g = ch[std::size_t(k)].scaleGroup;
    return g >= 0 && ch[std::size_t(j)].scaleGroup == g && sourceOf(j) >= 0 && unitOf(j) == unitOf(k);
  }

  Window window() const {
    Window w;
    if (ring.count() == 0) return w;
    const double span = kHDiv * timeBase;
    const double end = running ? ring.lastTime() : frozenEnd;
    if (mode == Mode::Roll || (trigger.freeRunning() && trigger.sweep() != TriggerSweep::Single)) {
      w.start = end - span;
    } else if (trigger.hasShown()) {
      w.start = trigger.shownAt() - trigPosDiv * timeBase;
    } else {
      return w;
    }
    w.end = w.start + span;
    w.valid = true;
    return w;
  }

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
      syncRunButton();
    }
  }

  int pixelWidth() const {
    // A hidden scope has not been laid out (its plot may still be 100 px wide): decimate for a typical
    // screen so that measurements of the handed points and image exports stay meaningful.
    const int w = plot->axisRect()->width();
    return plot->isVisible() && w > 10 ? w : std::max(w, 1000);
  }

  // Decimates the visible window into the graphs (min/max per pixel column).
  void rebuildGraphs() {
    const Window w = window();
    const int W = pixelWidth();
    std::vector<qint64> bounds;
    qint64 lo = 0, hi = 0;
    if (w.valid) {
      bounds.resize(std::size_t(W) + 1);
      const double dt = (w.end - w.start) / W;
      for (int c = 0; c < W; ++c) bounds[std::size_t(c)] = ring.lowerBound(w.start + c * dt);
      bounds[std::size_t(W)] = ring.upperBound(w.end);
      lo = bounds[0];
      hi = bounds[std::size_t(W)];
    }
    const bool decimate = hi - lo > 2 * qint64(W);
    const double colWidth = kHDiv / W;
    for (int k = 0; k < kChannels; ++k) {
      QCPGraph* g = graphs[std::size_t(k)];
      const int s = sourceOf(k);
      QVector<QCPGraphData> pts;
      if (w.valid && s >= 0) {
        const Channel& c = ch[std::size_t(k)];
        auto X = [&](double t) { return (t - w.start) / timeBase - kHDiv / 2; };
        auto Y = [&](double v) { return (v + c.offset) / c.gain; };
        pts.reserve(decimate ? 2 * W + 2 : int(hi - lo) + 2);
        if (lo > 0) pts.append(QCPGraphData(X(ring.time(lo - 1)), Y(ring.value(s, lo - 1))));
        if (!decimate) {
          for (qint64 i = lo; i < hi; ++i) pts.append(QCPGraphData(X(ring.time(i)), Y(ring.value(s, i))));
        } else {
          double prev = pts.isEmpty() ? kNaN : pts.back().value;
          for (int col = 0; col < W; ++col) {
            double vmin, vmax;
            if (!ring.minMax(s, bounds[std::size_t(col)], bounds[std::size_t(col) + 1], vmin, vmax)) continue;
            const double x = (col + 0.5) * colWidth - kHDiv / 2;
            const double ymin = Y(vmin), ymax = Y(vmax);
            if (ymin == ymax) {
              pts.append(QCPGraphData(x, ymin));
              prev = ymin;
            } else if (std::isnan(prev) || std::abs(prev - ymin) <= std::abs(prev - ymax)) {
              pts.append(QCPGraphData(x, ymin));
              pts.append(QCPGraphData(x, ymax));
              prev = ymax;
            } else {
              pts.append(QCPGraphData(x, ymax));
              pts.append(QCPGraphData(x, ymin));
              prev = ymin;
            }
          }
        }
        if (hi < ring.count()) pts.append(QCPGraphData(X(ring.time(hi)), Y(ring.value(s, hi))));
      }
      g->data()->set(pts, true);
      g->setVisible(s >= 0);
      g->setPen(pen(k));
    }
    irregular.update(ring, int(names.indexOf(QLatin1String(ScopeIrregularMarkers::kSource))), bounds, w.valid, kHDiv, kVDiv);
    updateOverlay();
  }

  void updateOverlay() {
    timeBaseText->setText(ScopeWidget::tr("%1/div").arg(formatSeconds(timeBase)));
    QString status;
    if (!running)
      status = ScopeWidget::tr("STOP");
    else if (mode == Mode::Roll)
      status = ScopeWidget::tr("ROLL");
    else if (trigger.freeRunning() && trigger.sweep() == TriggerSweep::Auto)
      status = ScopeWidget::tr("AUTO");
    else if (trigger.hasShown())
      status = ScopeWidget::tr("TRIG'D");
    else
      status = ScopeWidget::tr("READY");
    statusText->setText(status);
    statusText->setColor(running ? QColor(80, 255, 120) : QColor(255, 80, 80));

    const bool trig = mode == Mode::Triggered && validChannel(trigChannel) && sourceOf(trigChannel) >= 0;
    trigLevelMarker->setVisible(trig);
    trigPosMarker->setVisible(mode == Mode::Triggered);
    trigPosMarker->position->setCoords(trigPosDiv - kHDiv / 2, 0);
    if (trig) {
      const Channel& c = ch[std::size_t(trigChannel)];
      const double y = std::clamp((trigger.level() + c.offset) / c.gain, -kVDiv / 2, kVDiv / 2);
      trigLevelMarker->position->setCoords(0, y);
      trigLevelMarker->setColor(c.color);
    }
    for (int i = 0; i < 2; ++i) {
      const double x = (i == 0 ? cursor1 : cursor2) / timeBase - kHDiv / 2;
      cursorLines[i]->setVisible(cursorsShown);
      cursorLines[i]->point1->setCoords(x, -1);
      cursorLines[i]->point2->setCoords(x, 1);
    }
  }

  Measurement measure(int k) const {
    Measurement m;
    const int s = validChannel(k) ? sourceOf(k) : -1;
    const Window w = window();
    if (s < 0 || !w.valid) return m;
    const ScopeRing::Aggregate a = ring.aggregate(s, ring.lowerBound(w.start), ring.upperBound(w.end));
    if (a.count == 0) return m;
    m.min = a.min;
    m.max = a.max;
    m.rms = std::sqrt(a.sumSquares / double(a.count));
    m.valid = true;
    return m;
  }

  double deltaValue(int k) const {
    const int s = validChannel(k) ? sourceOf(k) : -1;
    const Window w = window();
    if (s < 0 || !w.valid) return kNaN;
    return ring.interpolate(s, w.start + cursor2) - ring.interpolate(s, w.start + cursor1);
  }

  void updateReadouts() {
    readoutClock.restart();
    QString m;
    QString cur = ScopeWidget::tr("Δt = %1").arg(formatSeconds(cursor2 - cursor1));
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
    measureLabel->setText(m.isEmpty() ? ScopeWidget::tr("No channel on") : m);
    cursorLabel->setText(cur);
  }

  /// Rebuilds the traces and repaints. `dataOnly`: only samples arrived since the last frame, so unless
  /// a setting or the status text changed, only the traces layer is repainted.
  /// `allReadouts`: also the measurement and cursor readouts, else at most 5 times a second (readable,
  /// and each new text relays out the panel) unless a setting changed.
  void redraw(QCustomPlot::RefreshPriority prio, bool dataOnly = false, bool allReadouts = true) {
    const QString statusBefore = statusText->text();
    rebuildGraphs();
    if (dirty || allReadouts || !readoutClock.isValid() || readoutClock.elapsed() > 200) updateReadouts();
    if (dataOnly && !dirty && frames > 0 && statusText->text() == statusBefore) {
      const qint64 before = frames;
      replotPending = true;
      tracesLayer->replot();  // falls back to a full replot (counted by afterReplot) if buffers are invalid
      if (frames == before) ++frames;
      if (prio == QCustomPlot::rpImmediateRefresh) plot->repaint();
    } else {
      plot->replot(prio);
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

  // ---- panel sync ----------------------------------------------------------------------------------
  void syncRunButton() {
    QSignalBlocker b(runButton);
    runButton->setChecked(running);
    // The button acts on the scope's display only (not on the simulation): the label says so, so that
    // it does not read as the state of a run after the run has finished.
    runButton->setText(running ? ScopeWidget::tr("Scope: live — click to freeze")
                               : ScopeWidget::tr("Scope: frozen — click to go live"));
    runButton->setStyleSheet(running ? QStringLiteral("QPushButton{background:#1d6b2c;color:white}")
                                     : QStringLiteral("QPushButton{background:#8b1f1f;color:white}"));
  }

  void syncChannelPanel() {
    const int k = channelSelect->currentIndex();
    if (!validChannel(k)) return;
    const Channel& c = ch[std::size_t(k)];
    QSignalBlocker b1(channelOn), b2(sourceCombo), b3(gainSpin), b4(offsetSpin);
    channelOn->setChecked(c.source >= 0);
    sourceCombo->clear();
    sourceCombo->addItems(names);
    const int shown = c.source >= 0 ? c.source : c.lastSource;
    sourceCombo->setCurrentIndex(shown >= 0 && shown < names.size() ? shown : (names.isEmpty() ? -1 : 0));
    setSpin(gainSpin, c.gain);
    setSpin(offsetSpin, c.offset);
    gainSpin->setSuffix(unitOf(k).isEmpty() ? ScopeWidget::tr(" /div") : QStringLiteral(" %1/div").arg(unitOf(k)));
    colorButton->setStyleSheet(QStringLiteral("QPushButton{background:%1;color:black}").arg(c.color.name()));
  }

  void syncPanel() {
    syncChannelPanel();
    {
      QSignalBlocker b(timeBaseCombo);
      int idx = -1;
      for (int i = 0; i < timeBaseCombo->count(); ++i)
        if (std::abs(timeBaseCombo->itemData(i).toDouble() - timeBase) <= 1e-9 * timeBase) idx = i;
      if (idx < 0) {
        idx = 0;
        while (idx < timeBaseCombo->count() && timeBaseCombo->itemData(idx).toDouble() < timeBase) ++idx;
        timeBaseCombo->insertItem(idx, ScopeWidget::tr("%1/div").arg(formatSeconds(timeBase)), timeBase);
      }
      timeBaseCombo->setCurrentIndex(idx);
    }
    {
      QSignalBlocker b1(modeCombo), b2(trigChannelCombo), b3(trigLevelSpin), b4(edgeCombo), b5(sweepCombo),
          b6(trigPosSpin), b7(cursorSpin[0]), b8(cursorSpin[1]);
      modeCombo->setCurrentIndex(mode == Mode::Roll ? 0 : 1);
      trigChannelCombo->setCurrentIndex(trigChannel);
      setSpin(trigLevelSpin, trigger.level());
      edgeCombo->setCurrentIndex(trigger.edge() == Edge::Rising ? 0 : 1);
      sweepCombo->setCurrentIndex(int(trigger.sweep()));
      setSpin(trigPosSpin, trigPosDiv);
      for (auto* s : cursorSpin) s->setRange(-kHDiv * timeBase, kHDiv * timeBase);
      setSpin(cursorSpin[0], cursor1);
      setSpin(cursorSpin[1], cursor2);
    }
    syncRunButton();
  }

  void changed() {
    dirty = true;
    syncPanel();
    scheduleRedraw();
  }

  // ---- construction --------------------------------------------------------------------------------
  void buildPlot() {
    plot = new ScopePlot(q);
    plot->onPainted = [this] {
      if (!replotPending) return;
      replotPending = false;
      ++painted;
      emit q->framePainted();
    };
    plot->setBackground(kBezel);
    plot->axisRect()->setBackground(kScreen);
    plot->setMinimumSize(320, 256);
    plot->setNotAntialiasedElements(QCP::aeAll);  // speed; the traces are 1-2 px anyway
    plot->setPlottingHint(QCP::phFastPolylines, true);
    plot->axisRect()->setupFullAxesBox(true);
    auto xt = QSharedPointer<QCPAxisTickerFixed>::create();
    xt->setTickStep(1.0);
    xt->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    auto yt = QSharedPointer<QCPAxisTickerFixed>::create();
    yt->setTickStep(1.0);
    yt->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    for (QCPAxis* a : plot->axisRect()->axes()) {
      const bool horizontal = a->orientation() == Qt::Horizontal;
      a->setTicker(horizontal ? xt : yt);
      a->setRange(horizontal ? QCPRange(-kHDiv / 2, kHDiv / 2) : QCPRange(-kVDiv / 2, kVDiv / 2));
      a->setTickLabels(false);
      a->setBasePen(QPen(kGrid, 1));
      a->setTickPen(QPen(kGrid, 1));
      a->setSubTickPen(QPen(kGrid, 1));
      a->setTickLength(6, 0);
      a->setSubTickLength(3, 0);
      a->setPadding(0);
      a->grid()->setPen(QPen(kGrid, 1, Qt::DotLine));
      a->grid()->setZeroLinePen(QPen(kGrid.lighter(140), 1));
      a->grid()->setSubGridVisible(false);
    }
    xt->setTickCount(int(kHDiv));
    // 5 minor marks per division on the frame
    plot->xAxis->ticker()->setTickCount(int(kHDiv));
    plot->axisRect()->setAutoMargins(QCP::msNone);
    plot->axisRect()->setMargins(QMargins(6, 6, 6, 6));

    plot->addLayer(QStringLiteral("traces"), plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    tracesLayer = plot->layer(QStringLiteral("traces"));
    tracesLayer->setMode(QCPLayer::lmBuffered);
    plot->setCurrentLayer(QStringLiteral("overlay"));  // texts, markers and cursors above the traces
    for (int k = 0; k < kChannels; ++k) {
      QCPGraph* g = plot->addGraph();
      g->setLayer(tracesLayer);
      g->setPen(QPen(ch[std::size_t(k)].color, 1));
      g->setLineStyle(QCPGraph::lsLine);
      g->setAdaptiveSampling(true);
      g->setVisible(false);
      graphs[std::size_t(k)] = g;

    }
    overlay = new OverlayItem(plot);
    overlay->paint = [this](QCPPainter* p) { paintOverlay(p); };
    irregular.attach(plot, tracesLayer);
    statusText = new QCPItemText(plot);
    statusText->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    statusText->position->setType(QCPItemPosition::ptAxisRectRatio);
    statusText->position->setCoords(0.005, 0.005);
    statusText->setFont(QFont(QStringLiteral("monospace"), 9, QFont::Bold));
    timeBaseText = new QCPItemText(plot);
    timeBaseText->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    timeBaseText->position->setType(QCPItemPosition::ptAxisRectRatio);
    timeBaseText->position->setCoords(0.995, 0.005);
    timeBaseText->setColor(kText);
    timeBaseText->setFont(QFont(QStringLiteral("monospace"), 9));

    trigLevelMarker = new QCPItemText(plot);
    trigLevelMarker->setText(QStringLiteral("T▶"));
    trigLevelMarker->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    trigLevelMarker->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    trigLevelMarker->position->setTypeY(QCPItemPosition::ptPlotCoords);
    trigLevelMarker->setVisible(false);
    trigPosMarker = new QCPItemText(plot);
    trigPosMarker->setText(QStringLiteral("▼"));
    trigPosMarker->setColor(QColor(255, 160, 40));
    trigPosMarker->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    trigPosMarker->position->setTypeX(QCPItemPosition::ptPlotCoords);
    trigPosMarker->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    trigPosMarker->setVisible(false);
    for (auto& l : cursorLines) {
      l = new QCPItemStraightLine(plot);
      l->setPen(QPen(QColor(255, 255, 255, 170), 1, Qt::DashLine));
      l->setVisible(false);
    }

    plot->setCurrentLayer(QStringLiteral("main"));
    QObject::connect(plot, &QCustomPlot::beforeReplot, q, [this] { replotPending = true; });
    QObject::connect(plot, &QCustomPlot::afterReplot, q, [this] { ++frames; });
    QObject::connect(plot, &QCustomPlot::mousePress, q, [this](QMouseEvent* e) {
      const double x = plot->xAxis->pixelToCoord(e->position().x());
      const double s = std::clamp((x + kHDiv / 2) * timeBase, 0.0, kHDiv * timeBase);
      if (e->button() == Qt::LeftButton)
        q->setCursors(s, cursor2);
      else if (e->button() == Qt::RightButton)
        q->setCursors(cursor1, s);
    });
  }

  // A form row whose label is kept for retranslate().
  static QLabel* addFormRow(QFormLayout* form, QWidget* field) {
    auto* label = new QLabel;
    label->setBuddy(field);
    form->addRow(label, field);
    return label;
  }

  QWidget* buildPanel() {
    auto* panel = new QWidget;
    auto* v = new QVBoxLayout(panel);
    v->setContentsMargins(4, 4, 4, 4);

    runButton = new QPushButton;
    runButton->setObjectName(QStringLiteral("scopeRunButton"));
    runButton->setCheckable(true);
    QObject::connect(runButton, &QPushButton::toggled, q, [this](bool on) { q->setRunning(on); });
    v->addWidget(runButton);

    // page of channel assignments (shown with two pages or more)
    pageRow = new QWidget;
    auto* pageLay = new QHBoxLayout(pageRow);
    pageLay->setContentsMargins(0, 0, 0, 0);
    pageLabel = new QLabel;
    pageCombo = new QComboBox;
    pageCombo->setObjectName(QStringLiteral("scopePageCombo"));
    pageLabel->setBuddy(pageCombo);
    pageLay->addWidget(pageLabel);
    pageLay->addWidget(pageCombo, 1);
    pageRow->setVisible(false);
    QObject::connect(pageCombo, &QComboBox::activated, q, [this](int i) { q->setChannelPage(i); });
    v->addWidget(pageRow);

    // channel
    chBox = new QGroupBox;
    auto* chForm = new QFormLayout(chBox);
    channelSelect = new QComboBox;
    channelSelect->setObjectName(QStringLiteral("scopeChannelSelect"));
    for (int k = 0; k < kChannels; ++k) channelSelect->addItem(QString());  // texts: retranslate()
    channelOn = new QCheckBox;
    channelOn->setObjectName(QStringLiteral("scopeChannelOn"));
    auto* top = new QHBoxLayout;
    top->addWidget(channelSelect, 1);
    top->addWidget(channelOn);
    channelLabel = new QLabel;
    chForm->addRow(channelLabel, top);
    sourceCombo = new QComboBox;
    sourceLabel = addFormRow(chForm, sourceCombo);
    gainSpin = new QDoubleSpinBox;
    gainSpin->setDecimals(6);
    gainSpin->setRange(1e-6, 1e9);
    gainSpin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    gainLabel = addFormRow(chForm, gainSpin);
    offsetSpin = new QDoubleSpinBox;
    offsetSpin->setDecimals(6);
    offsetSpin->setRange(-1e9, 1e9);
    offsetSpin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    offsetLabel = addFormRow(chForm, offsetSpin);
    colorButton = new QPushButton;
    colorButton->setObjectName(QStringLiteral("scopeColorButton"));
    colorLabel = addFormRow(chForm, colorButton);
    v->addWidget(chBox);

    QObject::connect(channelSelect, &QComboBox::currentIndexChanged, q, [this] { syncChannelPanel(); });
    QObject::connect(channelOn, &QCheckBox::toggled, q, [this](bool on) {
      const int k = channelSelect->currentIndex();
      q->setChannelSource(k, on ? std::max(sourceCombo->currentIndex(), 0) : -1);
    });
    QObject::connect(sourceCombo, &QComboBox::activated, q, [this](int idx) {
      const int k = channelSelect->currentIndex();
      if (channelOn->isChecked())
        q->setChannelSource(k, idx);
      else
        ch[std::size_t(k)].lastSource = idx;
    });
    QObject::connect(gainSpin, &QDoubleSpinBox::valueChanged, q,
                     [this](double g) { q->setChannelGain(channelSelect->currentIndex(), g); });
    QObject::connect(offsetSpin, &QDoubleSpinBox::valueChanged, q,
                     [this](double o) { q->setChannelOffset(channelSelect->currentIndex(), o); });
    QObject::connect(colorButton, &QPushButton::clicked, q, [this] {
      const int k = channelSelect->currentIndex();
      const QColor c = QColorDialog::getColor(ch[std::size_t(k)].color, q, ScopeWidget::tr("Trace colour"));
      if (c.isValid()) q->setChannelColor(k, c);
    });

    // horizontal
    hBox = new QGroupBox;
    auto* hForm = new QFormLayout(hBox);
    timeBaseCombo = new QComboBox;
    timeBaseCombo->setObjectName(QStringLiteral("scopeTimeBaseCombo"));
    for (double tb : timeBaseSteps()) timeBaseCombo->addItem(QString(), tb);  // texts: retranslate()
    timeBaseLabel = addFormRow(hForm, timeBaseCombo);
    modeCombo = new QComboBox;
    modeCombo->setObjectName(QStringLiteral("scopeModeCombo"));
    for (int i = 0; i < 2; ++i) modeCombo->addItem(QString());
    modeLabel = addFormRow(hForm, modeCombo);
    v->addWidget(hBox);
    QObject::connect(timeBaseCombo, &QComboBox::activated, q,
                     [this](int i) { q->setTimeBase(timeBaseCombo->itemData(i).toDouble()); });
    QObject::connect(modeCombo, &QComboBox::activated, q,
                     [this](int i) { q->setMode(i == 0 ? Mode::Roll : Mode::Triggered); });

    // trigger
    tBox = new QGroupBox;
    auto* tForm = new QFormLayout(tBox);
    trigChannelCombo = new QComboBox;
    trigChannelCombo->setObjectName(QStringLiteral("scopeTriggerChannelCombo"));
    for (int k = 0; k < kChannels; ++k) trigChannelCombo->addItem(QString());
    trigSourceLabel = addFormRow(tForm, trigChannelCombo);
    trigLevelSpin = new QDoubleSpinBox;
    trigLevelSpin->setDecimals(6);
    trigLevelSpin->setRange(-1e9, 1e9);
    trigLevelSpin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    levelLabel = addFormRow(tForm, trigLevelSpin);
    edgeCombo = new QComboBox;
    edgeCombo->setObjectName(QStringLiteral("scopeEdgeCombo"));
    for (int i = 0; i < 2; ++i) edgeCombo->addItem(QString());
    edgeLabel = addFormRow(tForm, edgeCombo);
    sweepCombo = new QComboBox;
    sweepCombo->setObjectName(QStringLiteral("scopeSweepCombo"));
    for (int i = 0; i < 3; ++i) sweepCombo->addItem(QString());
    sweepLabel = addFormRow(tForm, sweepCombo);
    trigPosSpin = new QDoubleSpinBox;
    trigPosSpin->setRange(0, kHDiv);
    trigPosSpin->setDecimals(1);
    positionLabel = addFormRow(tForm, trigPosSpin);
    v->addWidget(tBox);
    auto applyTrigger = [this] {
      q->setTrigger(trigChannelCombo->currentIndex(), trigLevelSpin->value(),
                    edgeCombo->currentIndex() == 0 ? Edge::Rising : Edge::Falling,
                    TriggerSweep(sweepCombo->currentIndex()));
    };
    QObject::connect(trigChannelCombo, &QComboBox::activated, q, applyTrigger);
    QObject::connect(edgeCombo, &QComboBox::activated, q, applyTrigger);
    QObject::connect(sweepCombo, &QComboBox::activated, q, applyTrigger);
    QObject::connect(trigLevelSpin, &QDoubleSpinBox::editingFinished, q, applyTrigger);
    QObject::connect(trigPosSpin, &QDoubleSpinBox::valueChanged, q,
                     [this](double d) { q->setTriggerPosition(d); });

    // cursors
    cBox = new QGroupBox;
    auto* cForm = new QFormLayout(cBox);
    for (int i = 0; i < 2; ++i) {
      cursorSpin[i] = new QDoubleSpinBox;
      cursorSpin[i]->setDecimals(9);
      cursorSpin[i]->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
      cursorLabels[i] = addFormRow(cForm, cursorSpin[i]);
      QObject::connect(cursorSpin[i], &QDoubleSpinBox::valueChanged, q, [this] {
        q->setCursors(cursorSpin[0]->value(), cursorSpin[1]->value());
      });
    }
    cursorLabel = new QLabel;
    cursorLabel->setObjectName(QStringLiteral("scopeCursorReadout"));
    cursorLabel->setTextFormat(Qt::RichText);
    cursorLabel->setWordWrap(true);
    cForm->addRow(cursorLabel);
    v->addWidget(cBox);

    mBox = new QGroupBox;
    auto* mLay = new QVBoxLayout(mBox);
    measureLabel = new QLabel;
    measureLabel->setObjectName(QStringLiteral("scopeMeasurementReadout"));
    measureLabel->setTextFormat(Qt::RichText);
    measureLabel->setWordWrap(true);
    mLay->addWidget(measureLabel);
    v->addWidget(mBox);

    auto* buttons = new QHBoxLayout;
    autoButton = new QPushButton;
    autoButton->setObjectName(QStringLiteral("scopeAutoscaleButton"));
    QObject::connect(autoButton, &QPushButton::clicked, q, [this] { q->autoscale(); });
    buttons->addWidget(autoButton);
    exportButton = new QToolButton;
    exportButton->setObjectName(QStringLiteral("scopeExportButton"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    csvAction = menu->addAction(QString(), q, [this] {
      const QString path = QFileDialog::getSaveFileName(q, ScopeWidget::tr("Export visible data"), QString(),
                                                        ScopeWidget::tr("CSV files (*.csv)"));
      QString err;
      if (!path.isEmpty() && !q->exportCsv(path, &err))
        QMessageBox::warning(q, ScopeWidget::tr("Export failed"), err);
    });
    imageAction = menu->addAction(QString(), q, [this] {
      const QString path = QFileDialog::getSaveFileName(q, ScopeWidget::tr("Export screen"), QString(),
                                                        ScopeWidget::tr("PNG image (*.png);;SVG image (*.svg)"));
      QString err;
      if (!path.isEmpty() && !q->exportImage(path, &err))
        QMessageBox::warning(q, ScopeWidget::tr("Export failed"), err);
    });
    exportButton->setMenu(menu);
    buttons->addWidget(exportButton);
    v->addLayout(buttons);
    v->addStretch(1);
    return panel;
  }

  // Sets the texts of the first texts.size() items of `combo` (the current index is kept).
  static void setItemTexts(QComboBox* combo, const QStringList& texts) {
    QSignalBlocker b(combo);
    for (int i = 0; i < texts.size() && i < combo->count(); ++i) combo->setItemText(i, texts[i]);
  }

  // All user-visible texts of the panel in the current language (construction and LanguageChange).
  // The texts drawn on the screen (status, time/div, channel scales) are translated at each redraw.
  void retranslate() {
    runButton->setToolTip(ScopeWidget::tr("Freezes or resumes the scope's display only; the data keep being recorded. "
                                          "The simulation is run, paused and stopped from the Simulation menu."));
    pageLabel->setText(ScopeWidget::tr("&Page:"));
    pageCombo->setToolTip(ScopeWidget::tr("Which group of sources the channels show"));

    chBox->setTitle(ScopeWidget::tr("Channel"));
    QStringList chNames;
    for (int k = 0; k < kChannels; ++k) chNames << channelName(k);
    setItemTexts(channelSelect, chNames);
    channelOn->setText(ScopeWidget::tr("On"));
    channelLabel->setText(ScopeWidget::tr("Channel:"));
    sourceLabel->setText(ScopeWidget::tr("Source:"));
    gainLabel->setText(ScopeWidget::tr("Gain:"));
    offsetLabel->setText(ScopeWidget::tr("Offset:"));
    colorButton->setText(ScopeWidget::tr("Colour…"));
    colorLabel->setText(ScopeWidget::tr("Colour:"));

    hBox->setTitle(ScopeWidget::tr("Horizontal"));
    {
      QSignalBlocker b(timeBaseCombo);
      for (int i = 0; i < timeBaseCombo->count(); ++i)
        timeBaseCombo->setItemText(
            i, ScopeWidget::tr("%1/div").arg(formatSeconds(timeBaseCombo->itemData(i).toDouble())));
    }
    timeBaseLabel->setText(ScopeWidget::tr("Time base:"));
    setItemTexts(modeCombo, {ScopeWidget::tr("Roll"), ScopeWidget::tr("Triggered")});
    modeLabel->setText(ScopeWidget::tr("Mode:"));

    tBox->setTitle(ScopeWidget::tr("Trigger"));
    setItemTexts(trigChannelCombo, chNames);
    trigSourceLabel->setText(ScopeWidget::tr("Source:"));
    levelLabel->setText(ScopeWidget::tr("Level:"));
    setItemTexts(edgeCombo, {ScopeWidget::tr("Rising"), ScopeWidget::tr("Falling")});
    edgeLabel->setText(ScopeWidget::tr("Edge:"));
    setItemTexts(sweepCombo, {ScopeWidget::tr("Auto"), ScopeWidget::tr("Normal"), ScopeWidget::tr("Single")});
    sweepLabel->setText(ScopeWidget::tr("Sweep:"));
    {
      QSignalBlocker b(trigPosSpin);
      trigPosSpin->setSuffix(ScopeWidget::tr(" div"));
    }
    positionLabel->setText(ScopeWidget::tr("Position:"));

    cBox->setTitle(ScopeWidget::tr("Cursors"));
    for (int i = 0; i < 2; ++i) {
      QSignalBlocker b(cursorSpin[i]);
      cursorSpin[i]->setSuffix(ScopeWidget::tr(" s"));
    }
    cursorLabels[0]->setText(ScopeWidget::tr("t1 (left click):"));
    cursorLabels[1]->setText(ScopeWidget::tr("t2 (right click):"));

    mBox->setTitle(ScopeWidget::tr("Measurements (visible window)"));
    autoButton->setText(ScopeWidget::tr("Autoscale"));
    exportButton->setText(ScopeWidget::tr("Export"));
    csvAction->setText(ScopeWidget::tr("Visible data as CSV…"));
    imageAction->setText(ScopeWidget::tr("Screen as image (PNG/SVG)…"));

    // texts that depend on the state: run button, gain suffix, readouts, screen overlay
    syncRunButton();
    syncChannelPanel();  // gain suffix
    updateReadouts();
    updateOverlay();
    dirty = true;  // redraw the screen texts at the next display tick
    scheduleRedraw();
  }
};

namespace {
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

ScopeWidget::ScopeWidget(QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>()) {
  d->q = this;
  for (int k = 0; k < kChannels; ++k) d->ch[std::size_t(k)].color = kDefaultColors[std::size_t(k)];
  d->ring.reset(0, effectiveCapacity(d->capacity, 0));
  d->buildPlot();
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(d->plot, 1);
  auto* scroll = new PanelScrollArea;
  scroll->setWidget(d->buildPanel());
  d->retranslate();
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  layout->addWidget(scroll, 0);
  d->timer = new QTimer(this);
  d->timer->setSingleShot(true);
  d->timer->setTimerType(Qt::PreciseTimer);
  connect(d->timer, &QTimer::timeout, this, [this] { d->onTick(); });
  d->syncPanel();
  d->updateOverlay();
  d->updateReadouts();
}

ScopeWidget::~ScopeWidget() = default;

void ScopeWidget::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  d->scheduleRedraw();
}

void ScopeWidget::changeEvent(QEvent* e) {
  QWidget::changeEvent(e);
  if (e->type() == QEvent::LanguageChange && d && d->runButton) d->retranslate();
}

void ScopeWidget::setSources(const QStringList& names, const QStringList& units) {
  setChannelPages({});
  d->labels.clear();
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
    d->syncRunButton();
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

QStringList ScopeWidget::legendTexts() const {
  QVector<Impl::Piece> pieces;
  QStringList lines;
  d->legendPieces(pieces, lines);
  return lines;
}

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

QPen ScopeWidget::channelPen(int k) const { return d->validChannel(k) ? d->pen(k) : QPen(); }

QVector<QPen> ScopeWidget::legendPens() const { return d->overlayLayout().legendPens; }

QRect ScopeWidget::legendRect() const {
  QRect r;
  for (const QRect& x : d->overlayLayout().legendRects) r |= x;
  return r;
}

QVector<QRect> ScopeWidget::scaleLabelRects() const { return d->overlayLayout().scaleRects; }

QRect ScopeWidget::screenRect() const { return d->plot->axisRect()->rect(); }

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
  d->rebuildGraphs();
  d->plot->replot(QCustomPlot::rpQueuedRefresh);
  const QSize size = screenSize();
  const QString ext = QFileInfo(path).suffix().toLower();
  // The image is rendered in memory and written through QSaveFile (temporary file, then rename): a
  // failed write never leaves a truncated image in place of the previous one.
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (ext == QLatin1String("png")) {
    const QPixmap pixmap = d->plot->toPixmap(size.width(), size.height());
    if (pixmap.isNull() || !pixmap.save(&buffer, "PNG")) return fail(tr("Cannot render the image %1").arg(path));
  } else if (ext == QLatin1String("svg")) {
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setSize(size);
    gen.setViewBox(QRect(QPoint(0, 0), size));
    gen.setTitle(tr("ManipLab oscilloscope"));
    QCPPainter painter;
    if (!painter.begin(&gen)) return fail(tr("Cannot render the image %1").arg(path));
    d->plot->toPainter(&painter, size.width(), size.height());
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
  QSignalBlocker b(d->pageCombo);
  d->pageCombo->clear();
  d->pageCombo->addItems(labels);
  d->pageCombo->setCurrentIndex(labels.isEmpty() ? -1 : d->page);
  d->pageRow->setVisible(labels.size() >= 2);
}

QStringList ScopeWidget::channelPages() const { return d->pages; }

int ScopeWidget::channelPage() const { return d->pages.isEmpty() ? -1 : d->page; }

void ScopeWidget::setChannelPage(int page) {
  if (page < 0 || page >= d->pages.size()) return;
  {
    QSignalBlocker b(d->pageCombo);
    d->pageCombo->setCurrentIndex(page);
  }
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

QVector<double> ScopeWidget::irregularPeriodMarks() const { return d->irregular.drawn(kHDiv); }

QVector<QPointF> ScopeWidget::displayedPoints(int k) const {
  QVector<QPointF> r;
  if (!d->validChannel(k)) return r;
  const auto data = d->graphs[std::size_t(k)]->data();
  r.reserve(data->size());
  for (auto it = data->constBegin(); it != data->constEnd(); ++it)
    r.append(QPointF(it->key + kHDiv / 2, it->value));
  return r;
}

int ScopeWidget::screenPixelWidth() const { return d->pixelWidth(); }

QSize ScopeWidget::screenSize() const {
  const QSize s = d->plot->size();
  return s.width() >= 64 && s.height() >= 64 ? s : QSize(800, 640);
}

}  // namespace maniplab::ui
