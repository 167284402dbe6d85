#pragma once
// Markers of irregular control periods on the scope's time axis (issue 20): a run on EtherCAT drives
// records, per control period, the bus cycles that brought no fresh measurement (trace column
// `ecat_bad_cycles`, EthercatBackend::traceColumns()); the scope draws a tick at the bottom edge of the
// screen wherever that column is > 0 in the visible window, whatever channels are shown, so a lecturer
// sees where the controller waited for a measurement. One tick per pixel column at most (the column's
// maximum from the ring's block summaries: cheap for any window).
#include <QVector>
#include <vector>

#include "maniplab/ui/scope_ring.hpp"

class QCustomPlot;
class QCPGraph;
class QCPLayer;

namespace maniplab::ui {

class ScopeIrregularMarkers {
 public:
  static constexpr const char* kSource = "ecat_bad_cycles";
  /// Creates the marker graph on `layer` (above the traces).
  void attach(QCustomPlot* plot, QCPLayer* layer);
  /// The pixel columns of the visible window whose samples have `source` > 0 (source < 0: none), as
  /// x positions in divisions from the screen's centre; `bounds` are the columns' logical sample ranges
  /// [bounds[c], bounds[c+1]) (W + 1 entries), `hDiv` the divisions across the screen.
  static QVector<double> columns(const ScopeRing& ring, int source, const std::vector<qint64>& bounds, double hDiv);
  /// Draws the ticks at those positions (none when `valid` is false).
  void update(const ScopeRing& ring, int source, const std::vector<qint64>& bounds, bool valid, double hDiv, double vDiv);
  /// The ticks drawn: x in divisions from the left edge (0..hDiv).
  QVector<double> drawn(double hDiv) const;

 private:
  QCPGraph* graph_ = nullptr;
};

}  // namespace maniplab::ui
