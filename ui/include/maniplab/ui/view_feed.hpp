#pragma once
// Feeding the 3D view from recorded rows, for every kind of run: the view's drawing (ViewDrawing of
// robot_view.hpp, a scene kind's) looks up the columns of its channels once per run (ViewDrawing::feed,
// from the names of runStarted), then feedView() poses the drawing from one row (the newest of a batch, at
// display rate) and feedGhost() poses its ghost from a second run's row. What each kind reads is its
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
};

/// The feed of the view's drawing (an empty feed without one).
ViewFeed makeViewFeed(const RobotView& view, const QStringList& channels);

/// Poses the view from one row (`columns` values in the run's channel order). Returns false when the
/// row does not match the feed (column count) or the view's drawing, or holds no usable pose (non-finite
/// values, a pose out of reach); the view is then left as it was.
bool feedView(RobotView& view, const ViewFeed& feed, const double* row, int columns);

/// Poses the view's ghost from one row of a second run (no trail). False when the row does not match or
/// the drawing has no ghost.
bool feedGhost(RobotView& view, const ViewFeed& feed, const double* row, int columns);

/// The columns of `pattern`.arg(1..n) (e.g. "q[%1]") in `channels`, -1 where absent.
std::vector<int> channelColumns(const QStringList& channels, const QString& pattern, int n);
/// Values of the columns `cols` of a row into `out`; false when a column is absent or a value non-finite.
bool gatherColumns(const std::vector<int>& cols, const double* row, int columns, VectorX& out);

}  // namespace maniplab::ui
