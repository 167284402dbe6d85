// Recorded rows -> the 3D view's drawing (view_feed.hpp).
#include "maniplab/ui/view_feed.hpp"

#include <cmath>
#include <cstddef>

#include "maniplab/ui/robot_view.hpp"

namespace maniplab::ui {

ViewFeed makeViewFeed(const RobotView& view, const QStringList& channels) {
  if (const ViewDrawing* drawing = view.drawing()) return drawing->feed(channels);
  return {};
}

namespace {

// The view's drawing when the row matches the feed (its width and the type of drawing that made it).
ViewDrawing* matching(RobotView& view, const ViewFeed& feed, const double* row, int columns) {
  ViewDrawing* drawing = view.drawing();
  if (!row || columns != feed.columns || !drawing || !feed.drawing || typeid(*drawing) != *feed.drawing) return nullptr;
  return drawing;
}

}  // namespace

bool feedView(RobotView& view, const ViewFeed& feed, const double* row, int columns) {
  ViewDrawing* drawing = matching(view, feed, row, columns);
  return drawing && feed.pose && feed.pose(*drawing, row);
}

bool feedRows(RobotView& view, const ViewFeed& feed, const double* values, int rows, int columns) {
  if (!values || rows <= 0) return false;
  ViewDrawing* drawing = matching(view, feed, values, columns);
  if (drawing && feed.trace)
    for (int r = 0; r + 1 < rows; ++r) feed.trace(*drawing, values + std::ptrdiff_t(r) * columns);
  return feedView(view, feed, values + std::ptrdiff_t(rows - 1) * columns, columns);
}

bool feedGhost(RobotView& view, const ViewFeed& feed, const double* row, int columns) {
  ViewDrawing* drawing = matching(view, feed, row, columns);
  return drawing && feed.ghost && feed.ghost(*drawing, row);
}

std::vector<int> channelColumns(const QStringList& channels, const QString& pattern, int n) {
  std::vector<int> cols;
  for (int i = 1; i <= n; ++i) cols.push_back(int(channels.indexOf(pattern.arg(i))));
  return cols;
}

bool gatherColumns(const std::vector<int>& cols, const double* row, int columns, VectorX& out) {
  if (cols.empty()) return false;
  out.resize(Eigen::Index(cols.size()));
  for (std::size_t i = 0; i < cols.size(); ++i) {
    if (cols[i] < 0 || cols[i] >= columns || !std::isfinite(row[cols[i]])) return false;
    out[Eigen::Index(i)] = row[cols[i]];
  }
  return true;
}

}  // namespace maniplab::ui
