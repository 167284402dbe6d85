#pragma once
// Feeding the 3D view from recorded rows, for every kind of run: the view's drawing (ViewDrawing of
// robot_view.hpp, a scene kind's) looks up the columns of its channels once per run (ViewDrawing::feed,
// from the names of runStarted), then feedRows() takes a batch of rows: every row's tool (or platform)
// position goes to the trails, and the newest row poses the drawing (display rate); feedView() poses it from
// one row and feedGhost() poses its ghost from a second run's row. What each kind reads is its
// drawing's (ui/src/kinds/*_drawing.*): the serial arm's q[i] and q_d[i], the floating base's pose
// channels, the Orthoglide's actuator positions. Missing channels are skipped (e.g. a record selection
// without "reference": no desired trail).
#include <QString>
#include <QStringList>
#include <functional>
#include <typeinfo>
#include <vector>

#include "maniplab/model/fwd.hpp"

namespace maniplab::ui {

class RobotView;
class ViewDrawing;

struct ViewFeed {
  int columns = 0;
  /// The type of the drawing that made the feed: a row is refused by a view showing another.
  const std::type_info* drawing = nullptr;
  /// Pose the drawing from a row of `columns` values; false when the row holds no usable pose.
  std::function<bool(ViewDrawing&, const double* row)> pose;
  /// Pose the drawing's ghost from a row (empty: the drawing has no ghost).
  std::function<bool(ViewDrawing&, const double* row)> ghost;
  /// Append a row's actual and desired tool (or platform) positions to the trails without posing
  /// anything (the rows of a batch before its newest; empty: only posed rows leave a trail).
  std::function<void(ViewDrawing&, const double* row)> trace;
};

/// The feed of the view's drawing (an empty feed without one).
ViewFeed makeViewFeed(const RobotView& view, const QStringList& channels);

/// Poses the view from one row (`columns` values in the run's channel order). Returns false when the
/// row does not match the feed (column count) or the view's drawing, or holds no usable pose (non-finite
/// values, a pose out of reach); the view is then left as it was.
bool feedView(RobotView& view, const ViewFeed& feed, const double* row, int columns);

/// A batch of `rows` rows (`values`, row-major, `columns` each): the trails get every row's positions
/// (ViewFeed::trace, decimated by distance in the view), the newest row poses the view (feedView). So a
/// trail follows the recorded path whatever the batch size: a GUI thread that lags behind the run
/// receives larger batches, and it drew one trail point per batch before. Returns feedView's result for
/// the newest row (false for no row).
bool feedRows(RobotView& view, const ViewFeed& feed, const double* values, int rows, int columns);

/// Poses the view's ghost from one row of a second run (no trail). False when the row does not match or
/// the drawing has no ghost.
bool feedGhost(RobotView& view, const ViewFeed& feed, const double* row, int columns);

/// The columns of `pattern`.arg(1..n) (e.g. "q[%1]") in `channels`, -1 where absent.
std::vector<int> channelColumns(const QStringList& channels, const QString& pattern, int n);
/// Values of the columns `cols` of a row into `out`; false when a column is absent or a value non-finite.
bool gatherColumns(const std::vector<int>& cols, const double* row, int columns, VectorX& out);

}  // namespace maniplab::ui
