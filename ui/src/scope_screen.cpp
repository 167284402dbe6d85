#include "scope_screen.hpp"

#include <QFontMetrics>
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "maniplab/ui/scope_overlay.hpp"

namespace maniplab::ui {

namespace {

using namespace scope_grid;

const QColor kScreen(6, 12, 9);
const QColor kBezel(28, 30, 32);
const QColor kGrid(70, 95, 80);
const QColor kText(200, 210, 200);

constexpr int kSampleWidth = 18;  // the legend's line sample, in pixels
constexpr int kSampleGap = 4;

QFont scaleFont() { return QFont(QStringLiteral("monospace"), 8); }
QFont legendFont() { return QFont(QStringLiteral("sans"), 8); }

// The texts drawn over the screen (scale labels, legend), painted by the screen so that their layout
// (scope_overlay.hpp) is computed from the screen's current size at each frame.
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

}  // namespace

ScopeScreen::ScopeScreen(const ScopeModel& model, QWidget* parent) : QCustomPlot(parent), m_(model) {
  setBackground(kBezel);
  axisRect()->setBackground(kScreen);
  setMinimumSize(320, 256);
  setNotAntialiasedElements(QCP::aeAll);  // speed; the traces are 1-2 px anyway
  setPlottingHint(QCP::phFastPolylines, true);
  buildAxes();
  buildItems();
  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    const double x = xAxis->pixelToCoord(e->position().x());
    const double s = std::clamp((x + kHDiv / 2) * m_.timeBase, 0.0, kHDiv * m_.timeBase);
    if (e->button() == Qt::LeftButton)
      emit cursorPicked(0, s);
    else if (e->button() == Qt::RightButton)
      emit cursorPicked(1, s);
  });
}

void ScopeScreen::buildAxes() {
  axisRect()->setupFullAxesBox(true);
  auto xt = QSharedPointer<QCPAxisTickerFixed>::create();
  xt->setTickStep(1.0);
  xt->setScaleStrategy(QCPAxisTickerFixed::ssNone);
  auto yt = QSharedPointer<QCPAxisTickerFixed>::create();
  yt->setTickStep(1.0);
  yt->setScaleStrategy(QCPAxisTickerFixed::ssNone);
  for (QCPAxis* a : axisRect()->axes()) {
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
  xAxis->ticker()->setTickCount(int(kHDiv));
  axisRect()->setAutoMargins(QCP::msNone);
  axisRect()->setMargins(QMargins(6, 6, 6, 6));
}

void ScopeScreen::buildItems() {
  addLayer(QStringLiteral("traces"), layer(QStringLiteral("main")), QCustomPlot::limAbove);
  traces_ = layer(QStringLiteral("traces"));
  traces_->setMode(QCPLayer::lmBuffered);
  setCurrentLayer(QStringLiteral("overlay"));  // texts, markers and cursors above the traces
  for (int k = 0; k < kChannels; ++k) {
    QCPGraph* g = addGraph();
    g->setLayer(traces_);
    g->setPen(QPen(m_.ch[std::size_t(k)].color, 1));
    g->setLineStyle(QCPGraph::lsLine);
    g->setAdaptiveSampling(true);
    g->setVisible(false);
    graphs_[std::size_t(k)] = g;
  }
  auto* overlay = new OverlayItem(this);
  overlay->paint = [this](QCPPainter* p) { paintOverlay(p); };
  irregular_.attach(this, traces_);
  status_ = new QCPItemText(this);
  status_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
  status_->position->setType(QCPItemPosition::ptAxisRectRatio);
  status_->position->setCoords(0.005, 0.005);
  status_->setFont(QFont(QStringLiteral("monospace"), 9, QFont::Bold));
  timeBaseText_ = new QCPItemText(this);
  timeBaseText_->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
  timeBaseText_->position->setType(QCPItemPosition::ptAxisRectRatio);
  timeBaseText_->position->setCoords(0.995, 0.005);
  timeBaseText_->setColor(kText);
  timeBaseText_->setFont(QFont(QStringLiteral("monospace"), 9));

  trigLevelMarker_ = new QCPItemText(this);
  trigLevelMarker_->setText(QStringLiteral("T▶"));
  trigLevelMarker_->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
  trigLevelMarker_->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
  trigLevelMarker_->position->setTypeY(QCPItemPosition::ptPlotCoords);
  trigLevelMarker_->setVisible(false);
  trigPosMarker_ = new QCPItemText(this);
  trigPosMarker_->setText(QStringLiteral("▼"));
  trigPosMarker_->setColor(QColor(255, 160, 40));
  trigPosMarker_->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
  trigPosMarker_->position->setTypeX(QCPItemPosition::ptPlotCoords);
  trigPosMarker_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  trigPosMarker_->setVisible(false);
  for (auto& l : cursorLines_) {
    l = new QCPItemStraightLine(this);
    l->setPen(QPen(QColor(255, 255, 255, 170), 1, Qt::DashLine));
    l->setVisible(false);
  }
  setCurrentLayer(QStringLiteral("main"));
}

void ScopeScreen::paintEvent(QPaintEvent* e) {
  QCustomPlot::paintEvent(e);
  if (onPainted) onPainted();
}

QPen ScopeScreen::pen(int k) const {
  const ScopeModel::Channel& c = m_.ch[std::size_t(k)];
  return QPen(c.color, 1, c.style);
}

/// The legend's line for channel k: what it shows (the source's label, else its name) and its unit.
QString ScopeScreen::legendEntry(int k) const {
  if (m_.sourceOf(k) < 0) return {};
  const QString what = m_.traceLabel(k);
  const QString unit = m_.unitOf(k);
  return unit.isEmpty() ? what : tr("%1 [%2]").arg(what, unit);
}

/// "CH1 5 mrad/div"; the channels that share channel k's scale (a comparison) on the same label:
/// "CH1,2 5 mrad/div".
QString ScopeScreen::scaleLabel(int k) const {
  QString chans = ScopeModel::channelName(k);
  for (int j = k + 1; j < kChannels; ++j)
    if (m_.sourceOf(j) >= 0 && m_.sameScale(k, j)) chans += QStringLiteral(",%1").arg(j + 1);
  return tr("%1 %2/div").arg(chans, scope_overlay::engineering(m_.ch[std::size_t(k)].gain, m_.unitOf(k)));
}

/// The legend's pieces: a group with a title (setLegendGroupTitle) on one line "TITLE [UNIT]:" followed
/// by a line sample and the label of each of its channels; the other channels' entries flowed.
void ScopeScreen::legendPieces(QVector<Piece>& pieces, QStringList& lines) const {
  std::array<bool, kChannels> done{};
  bool afterGroup = false;
  for (int k = 0; k < kChannels; ++k) {
    if (m_.sourceOf(k) < 0 || done[std::size_t(k)]) continue;
    const int g = m_.ch[std::size_t(k)].scaleGroup;
    if (g >= 0 && m_.groupTitles.contains(g)) {
      const QString unit = m_.unitOf(k);
      const QString title = unit.isEmpty() ? m_.groupTitles.value(g) : tr("%1 [%2]").arg(m_.groupTitles.value(g), unit);
      pieces.append({tr("%1:").arg(title), m_.ch[std::size_t(k)].color, false, QPen(), true});
      QStringList listed;
      for (int j = k; j < kChannels; ++j) {
        if (m_.sourceOf(j) < 0 || m_.ch[std::size_t(j)].scaleGroup != g || m_.unitOf(j) != unit) continue;
        done[std::size_t(j)] = true;
        pieces.append({m_.traceLabel(j), m_.ch[std::size_t(j)].color, true, pen(j), false});
        listed << m_.traceLabel(j);
      }
      lines << tr("%1: %2").arg(title, listed.join(QStringLiteral(", ")));
      afterGroup = true;
    } else {
      pieces.append({legendEntry(k), m_.ch[std::size_t(k)].color, true, pen(k), afterGroup});
      lines << legendEntry(k);
      afterGroup = false;
    }
  }
}

QStringList ScopeScreen::legendLines() const {
  QVector<Piece> pieces;
  QStringList lines;
  legendPieces(pieces, lines);
  return lines;
}

/// Where the scale labels (bottom, flowed upwards) and the legend (below the status line, flowed down,
/// at most half the screen's height: what does not fit is counted in a last "+N more" piece) go.
ScopeScreen::Overlay ScopeScreen::overlayLayout() const {
  Overlay o;
  o.screen = axisRect()->rect();
  const QRect& a = o.screen;
  const QFontMetrics sfm(scaleFont());
  QVector<int> widths;
  for (int k = 0; k < kChannels; ++k) {
    if (m_.sourceOf(k) < 0) continue;
    bool shared = false;  // a channel sharing an earlier channel's scale is named on its label
    for (int j = 0; j < k && !shared; ++j) shared = m_.sourceOf(j) >= 0 && m_.sameScale(j, k);
    if (shared) continue;
    o.scaleChannels << k;
    widths << sfm.horizontalAdvance(scaleLabel(k)) + 4;
  }
  o.scaleRects = scope_overlay::flow(widths, a.adjusted(3, 0, -3, -2), sfm.height(), 8, true);

  QVector<Piece> pieces;
  legendPieces(pieces, o.legendLines);
  if (!m_.legendShown || pieces.isEmpty()) return o;
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
    ps.append({tr("+%n more", nullptr, hidden), QColor(kText), false, QPen(), false});
    std::tie(shown, rects) = place(ps);
  }
  o.legend = shown;
  o.legendRects = rects;
  for (const Piece& p : shown)
    if (p.sample) o.legendPens << p.pen;
  return o;
}

void ScopeScreen::paintOverlay(QCPPainter* p) const {
  const Overlay o = overlayLayout();
  p->save();
  p->setFont(scaleFont());
  for (int i = 0; i < o.scaleChannels.size(); ++i) {
    const int k = o.scaleChannels[i];
    p->fillRect(o.scaleRects[i], QColor(0, 0, 0, 150));
    p->setPen(m_.ch[std::size_t(k)].color);
    p->drawText(o.scaleRects[i].adjusted(2, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, scaleLabel(k));
  }
  p->setFont(legendFont());
  for (int i = 0; i < o.legend.size(); ++i) {
    const Piece& piece = o.legend[i];
    const QRect r = o.legendRects[i];
    p->fillRect(r, QColor(0, 0, 0, 130));  // the traces stay visible under it
    int x = r.left() + 3;
    if (piece.sample) {
      p->setPen(piece.pen);
      const double y = r.center().y() + 0.5;
      p->drawLine(QLineF(x, y, x + kSampleWidth, y));
      x += kSampleWidth + kSampleGap;
    }
    p->setPen(piece.color);
    p->drawText(QRect(x, r.top(), r.right() - x, r.height()), Qt::AlignLeft | Qt::AlignVCenter, piece.text);
  }
  p->restore();
}

int ScopeScreen::pixelWidth() const {
  // A hidden scope has not been laid out (its plot may still be 100 px wide): decimate for a typical
  // screen so that measurements of the handed points and image exports stay meaningful.
  const int w = axisRect()->width();
  return isVisible() && w > 10 ? w : std::max(w, 1000);
}

// Decimates the visible window into the graphs (min/max per pixel column).
void ScopeScreen::rebuild() {
  const ScopeRing& ring = m_.ring;
  const ScopeWidget::Window w = m_.window();
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
    QCPGraph* g = graphs_[std::size_t(k)];
    const int s = m_.sourceOf(k);
    QVector<QCPGraphData> pts;
    if (w.valid && s >= 0) {
      const ScopeModel::Channel& c = m_.ch[std::size_t(k)];
      auto X = [&](double t) { return (t - w.start) / m_.timeBase - kHDiv / 2; };
      auto Y = [&](double v) { return (v + c.offset) / c.gain; };
      pts.reserve(decimate ? 2 * W + 2 : int(hi - lo) + 2);
      if (lo > 0) pts.append(QCPGraphData(X(ring.time(lo - 1)), Y(ring.value(s, lo - 1))));
      if (!decimate) {
        for (qint64 i = lo; i < hi; ++i) pts.append(QCPGraphData(X(ring.time(i)), Y(ring.value(s, i))));
      } else {
        double prev = pts.isEmpty() ? std::numeric_limits<double>::quiet_NaN() : pts.back().value;
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
  irregular_.update(ring, int(m_.names.indexOf(QLatin1String(ScopeIrregularMarkers::kSource))), bounds, w.valid, kHDiv, kVDiv);
  updateTexts();
}

QString ScopeScreen::statusFor() const {
  if (!m_.running) return tr("STOP");
  if (m_.mode == ScopeModel::Mode::Roll) return tr("ROLL");
  if (m_.trigger.freeRunning() && m_.trigger.sweep() == ScopeTrigger::Sweep::Auto) return tr("AUTO");
  if (m_.trigger.hasShown()) return tr("TRIG'D");
  return tr("READY");
}

void ScopeScreen::updateTexts() {
  timeBaseText_->setText(tr("%1/div").arg(scope_overlay::seconds(m_.timeBase)));
  status_->setText(statusFor());
  status_->setColor(m_.running ? QColor(80, 255, 120) : QColor(255, 80, 80));

  const bool triggered = m_.mode == ScopeModel::Mode::Triggered;
  const bool trig = triggered && m_.validChannel(m_.trigChannel) && m_.sourceOf(m_.trigChannel) >= 0;
  trigLevelMarker_->setVisible(trig);
  trigPosMarker_->setVisible(triggered);
  trigPosMarker_->position->setCoords(m_.trigPosDiv - kHDiv / 2, 0);
  if (trig) {
    const ScopeModel::Channel& c = m_.ch[std::size_t(m_.trigChannel)];
    const double y = std::clamp((m_.trigger.level() + c.offset) / c.gain, -kVDiv / 2, kVDiv / 2);
    trigLevelMarker_->position->setCoords(0, y);
    trigLevelMarker_->setColor(c.color);
  }
  for (int i = 0; i < 2; ++i) {
    const double x = (i == 0 ? m_.cursor1 : m_.cursor2) / m_.timeBase - kHDiv / 2;
    cursorLines_[i]->setVisible(m_.cursorsShown);
    cursorLines_[i]->point1->setCoords(x, -1);
    cursorLines_[i]->point2->setCoords(x, 1);
  }
}

QVector<QPointF> ScopeScreen::displayedPoints(int k) const {
  QVector<QPointF> r;
  if (!m_.validChannel(k)) return r;
  const auto data = graphs_[std::size_t(k)]->data();
  r.reserve(data->size());
  for (auto it = data->constBegin(); it != data->constEnd(); ++it) r.append(QPointF(it->key + kHDiv / 2, it->value));
  return r;
}

QVector<double> ScopeScreen::irregularMarks() const { return irregular_.drawn(kHDiv); }

}  // namespace maniplab::ui
