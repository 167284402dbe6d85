#pragma once
// The UMIS experiment trajectory (Zanaboni 2009 Table 8.1, §8.2.2, §10.4; reference umis.md §8): a 0.20 m
// straight line along -X at constant orientation, from (phi, theta, psi, X, Y, Z) =
// (-1.007, -1.519, -2.614, -0.589, 0.028, 0.639) to X = -0.789 (Euler X-Y-Z, Q = Rx(phi) Ry(theta)
// Rz(psi)), quintic timing over 4 s, sampled at 2.5 ms (1600 intervals), IK branch nearest the
// thesis start joints (Table 10.1 / eq 3.91: 2.9677, 2.0966, -1.0120, -0.2599, 2.6127, 1.7645).
#include "maniplab/sim/trajectories/cartesian_line.hpp"

namespace maniplab::sim {

Vector6 umisThesisStartPose();   ///< [phi, theta, psi, X, Y, Z] of Table 8.1, initial point
Vector6 umisThesisEndPose();     ///< Table 8.1, final point
VectorX umisThesisStartJoints(); ///< Table 10.1 initial joint vector (branch selector)
VectorX umisThesisEndJoints();   ///< Table 10.1 final joint vector
/// Pose vector [phi, theta, psi, X, Y, Z] (Euler X-Y-Z) to a transform, and back.

/// The thesis line on `model` (a UMIS kinematic model: standard DH of umis.md §2 with d6 = 0.27628).
/// With `geometry` the closed-form IK is used, without it the numeric DLS IK.
CartesianLineTrajectory umisThesisLine(const Model& model, const std::optional<UmisGeometry>& geometry = UmisGeometry{},
                                       double duration = 4.0, const CartesianLineOptions& options = {});

}  // namespace maniplab::sim
