#pragma once
// Feeding the 3D view from recorded rows, for every kind of run (serial, Orthoglide, satellite): the
// channel columns are looked up once per run (makeViewFeed, from the names of runStarted), then
// feedView() poses the RobotView from one row (the newest of a batch, at display rate).
//
// What is read, by the view's kind (RobotView::kind()):
//  * Serial: q[1..n] -> setConfiguration, q_d[1..n] -> setDesiredConfiguration (n = the view's joints).
//  * FloatingBase (satellite runs, sim::satelliteChannels): base_X, base_Y, base_Z [m] and the rotation
//    vector base_rx, base_ry, base_rz [rad] of R_0(t) R_0(0)^T (runSatellite's convention: relative to
//    the initial attitude, world axes) -> setBasePose(p, Exp(r) R_0(0)); then q / q_d as for a serial arm.
//  * Orthoglide (makeOrthoglideChannels): q[1..3] are the actuator positions L = q_1i [m] ->
//    setOrthoglideActuators (forward geometric model); q_d[1..3] -> setOrthoglideDesiredActuators.
// Missing channels are skipped (e.g. a record selection without "reference": no desired trail).
#include <QStringList>
#include <array>
#include <vector>

#include "maniplab/model/fwd.hpp"
#include "maniplab/ui/robot_view.hpp"

namespace maniplab::ui {

struct ViewFeed {
  RobotView::Kind kind = RobotView::Kind::None;
  std::vector<int> q, qDesired;  ///< column of q[i+1] / q_d[i+1], -1 when absent
  std::array<int, 6> base{-1, -1, -1, -1, -1, -1};  ///< base_X, base_Y, base_Z, base_rx, base_ry, base_rz
  Matrix3 initialBaseRotation = Matrix3::Identity();
  int columns = 0;
};

/// Column map of a run. `joints`: the number of q[i] to read (the view's arm joints; 3 for the
/// Orthoglide). `initialBaseRotation`: R_0(0) of a satellite scene (sim::SatelliteScene::basePose.R).
ViewFeed makeViewFeed(RobotView::Kind kind, const QStringList& channels, int joints,
                      const Matrix3& initialBaseRotation = Matrix3::Identity());
/// The same, with kind and joint count taken from the view.
ViewFeed makeViewFeed(const RobotView& view, const QStringList& channels,
                      const Matrix3& initialBaseRotation = Matrix3::Identity());

/// Poses the view from one row (`columns` values in the run's channel order). Returns false when the
/// row does not match the feed (column count) or the view's kind, or holds no usable pose (non-finite
/// values, Orthoglide actuators out of reach); the view is then left as it was.
bool feedView(RobotView& view, const ViewFeed& feed, const double* row, int columns);

/// Poses the view's ghost (RobotView::setGhostConfiguration) from one row of a second run: its q[i]
/// only (no trail, no base pose). False when the row does not match or the view has no ghost (Orthoglide).
bool feedGhost(RobotView& view, const ViewFeed& feed, const double* row, int columns);

}  // namespace maniplab::ui
