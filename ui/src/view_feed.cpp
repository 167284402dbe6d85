// Recorded rows -> RobotView poses (view_feed.hpp). Base attitude: Llibre, Mampey & Chrétien 1983 §IV.2 satellite channels,
// R_0(t) = Exp(r) R_0(0) with r the recorded rotation vector (sim/src/floating_base/simulation.cpp).
#include "maniplab/ui/view_feed.hpp"

#include <Eigen/Geometry>
#include <cmath>

namespace maniplab::ui {

ViewFeed makeViewFeed(RobotView::Kind kind, const QStringList& channels, int joints,
                      const Matrix3& initialBaseRotation) {
  ViewFeed f;
  f.kind = kind;
  f.columns = int(channels.size());
  f.initialBaseRotation = initialBaseRotation;
  const int n = kind == RobotView::Kind::Orthoglide ? 3 : std::max(0, joints);
  for (int i = 1; i <= n; ++i) {
    f.q.push_back(int(channels.indexOf(QStringLiteral("q[%1]").arg(i))));
    f.qDesired.push_back(int(channels.indexOf(QStringLiteral("q_d[%1]").arg(i))));
  }
  if (kind == RobotView::Kind::FloatingBase) {
    const char* names[6] = {"base_X", "base_Y", "base_Z", "base_rx", "base_ry", "base_rz"};
    for (std::size_t k = 0; k < 6; ++k) f.base[k] = int(channels.indexOf(QLatin1String(names[k])));
  }
  return f;
}

ViewFeed makeViewFeed(const RobotView& view, const QStringList& channels, const Matrix3& initialBaseRotation) {
  const int joints = view.kind() == RobotView::Kind::Orthoglide ? 3 : view.jointCount();
  return makeViewFeed(view.kind(), channels, joints, initialBaseRotation);
}

namespace {

// Values of the columns `cols` of a row into `out`; false when a column is absent or a value non-finite.
bool gather(const std::vector<int>& cols, const double* row, int columns, VectorX& out) {
  if (cols.empty()) return false;
  out.resize(Eigen::Index(cols.size()));
  for (std::size_t i = 0; i < cols.size(); ++i) {
    if (cols[i] < 0 || cols[i] >= columns || !std::isfinite(row[cols[i]])) return false;
    out[Eigen::Index(i)] = row[cols[i]];
  }
  return true;
}

}  // namespace

bool feedView(RobotView& view, const ViewFeed& feed, const double* row, int columns) {
  if (!row || columns != feed.columns || view.kind() != feed.kind || feed.kind == RobotView::Kind::None) return false;
  VectorX q, qd;
  const bool hasQ = gather(feed.q, row, columns, q), hasQd = gather(feed.qDesired, row, columns, qd);
  if (feed.kind == RobotView::Kind::Orthoglide) {
    if (hasQd) view.setOrthoglideDesiredActuators(Vector3(qd));
    return hasQ && view.setOrthoglideActuators(Vector3(q));
  }
  bool posed = false;
  if (feed.kind == RobotView::Kind::FloatingBase) {
    const std::vector<int> cols(feed.base.begin(), feed.base.end());
    VectorX b;
    if (gather(cols, row, columns, b)) {
      const Vector3 r = b.tail<3>();
      const double angle = r.norm();
      const Matrix3 dR = angle > 0 ? Matrix3(Eigen::AngleAxisd(angle, r / angle)) : Matrix3::Identity();
      Transform pose;
      pose.R = dR * feed.initialBaseRotation;
      pose.p = b.head<3>();
      view.setBasePose(pose);
      posed = true;
    }
  }
  if (hasQd) view.setDesiredConfiguration(qd);
  if (hasQ) {
    view.setConfiguration(q);
    posed = true;
  }
  return posed;
}

bool feedGhost(RobotView& view, const ViewFeed& feed, const double* row, int columns) {
  if (!row || columns != feed.columns || view.kind() != feed.kind) return false;
  if (feed.kind != RobotView::Kind::Serial && feed.kind != RobotView::Kind::FloatingBase) return false;
  VectorX q;
  if (!gather(feed.q, row, columns, q)) return false;
  view.setGhostConfiguration(q);
  return view.ghostShown();
}

}  // namespace maniplab::ui
