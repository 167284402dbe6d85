#pragma once
// Geometric Jacobian of the tool frame (angular rows first, then linear; seed 001 §3 columns
// $j = [z_{j-1}; z_{j-1} x O_{j-1}G]) and the acceleration bias J̇ q̇ (seed 003 eq 6.8, seed 001 §5).
#include "maniplab/model/data.hpp"

namespace maniplab {

enum class JacobianFrame {
  Base,  ///< [omega; v_tool] expressed in the base (world) frame
  Tool   ///< the same twist expressed in the tool frame
};

/// data.J = J(q) for the tool origin. Requires forwardKinematics(model, data, q) first.
void computeJacobian(const Model& model, Data& data, JacobianFrame frame = JacobianFrame::Base);

/// J̇(q, q̇) q̇ of the tool origin, in the base frame (= [omega_dot; classical acceleration] with qdd = 0).
/// Requires forwardKinematics(model, data, q) first.
Vector6 jacobianDotTimesQdot(const Model& model, Data& data, const VectorX& qd);

}  // namespace maniplab
