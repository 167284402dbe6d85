// Irregular-period markers of the scope: see scope_markers.hpp.
#include "scope_markers.hpp"

#include <qcustomplot.h>

#include <cmath>

namespace maniplab::ui {

void ScopeIrregularMarkers::attach(QCustomPlot* plot, QCPLayer* layer) {
  graph_ = plot->addGraph();
  graph_->setLayer(layer);
  graph_->setLineStyle(QCPGraph::lsNone);
  // an orange upward triangle on the bottom edge: visible on the dark screen, apart from the traces
  graph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, QColor(255, 140, 0), QColor(255, 140, 0), 7));
  graph_->setVisible(false);
}

QVector<double> ScopeIrregularMarkers::columns(const ScopeRing& ring, int source, const std::vector<qint64>& bounds, double hDiv) {
  QVector<double> xs;
  if (source < 0 || source >= ring.sources() || bounds.size() < 2) return xs;
  const int W = int(bounds.size()) - 1;
  const double colWidth = hDiv / W;
  for (int c = 0; c < W; ++c) {
    double mn, mx;
    if (bounds[std::size_t(c)] < bounds[std::size_t(c) + 1] && ring.minMax(source, bounds[std::size_t(c)], bounds[std::size_t(c) + 1], mn, mx) && mx > 0)
      xs.append((c + 0.5) * colWidth - hDiv / 2);
  }
  return xs;
}

void ScopeIrregularMarkers::update(const ScopeRing& ring, int source, const std::vector<qint64>& bounds, bool valid, double hDiv,
                                   double vDiv) {
  if (!graph_) return;
  QVector<QCPGraphData> pts;
  if (valid)
    for (double x : columns(ring, source, bounds, hDiv)) pts.append(QCPGraphData(x, -vDiv / 2 + 0.08));
  graph_->data()->set(pts, true);
  graph_->setVisible(!pts.isEmpty());
}

QVector<double> ScopeIrregularMarkers::drawn(double hDiv) const {
  QVector<double> r;
  if (!graph_) return r;
  for (auto it = graph_->data()->constBegin(); it != graph_->data()->constEnd(); ++it) r.append(it->key + hDiv / 2);
  return r;
}

}  // namespace maniplab::ui
