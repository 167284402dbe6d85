#pragma once
// Operational-space model of a non-redundant arm (the course notes Dynamique des robots séries §5, erratum E1 applied):
//   M_x = J^-T M J^-1,   C_x = (J^-T C - M_x J̇) J^-1,   g_x = J^-T g,   F = J^-T tau
//   M_x ẍ + C_x ẋ + g_x = F,   ẋ = J q̇,   ẍ = J q̈ + J̇ q̇.
// Conventions: x is the tool frame's "twist coordinate": ẋ = [omega; v] is the angular velocity of the
// tool and the velocity of its origin, both in the base (world) frame (jacobian.hpp, angular rows
// first); ẍ = d/dt ẋ (classical acceleration of the tool origin). F = [moment; force] at the tool origin,
// world frame. Friction is not part of the model (it maps like any joint force, J^-T tau_f). Units SI,
// mixed (rad and m) in x.
//
// Singularities: J^-1 is replaced by the damped least-squares inverse
//   J#_lambda = V diag(sigma_i / (sigma_i^2 + lambda^2)) U^T   (J = U diag(sigma) V^T),
// lambda^2 = lambda_max^2 (1 - (sigma_min / eps)^2) when sigma_min < eps, 0 otherwise (Nakamura &
// Hanafusa 1986; Maciejewski & Klein 1988): exact away from singularities, bounded near them. The
// damped model is no longer exact (F = J#^T tau only approximately); `damped` reports it.
#include <string>

#include "maniplab/model/data.hpp"
#include "maniplab/model/inverse_kinematics_dls.hpp"  // orientationError(Rd, R): log(Rd R^T)

namespace maniplab {

using Matrix6 = Eigen::Matrix<double, 6, 6>;

struct OperationalSpaceOptions {
  double singularThreshold = 1e-2;  ///< eps: sigma_min of J (mixed units) below which damping starts
  double maxDamping = 0.05;         ///< lambda_max (reached at sigma_min = 0)
  bool coriolisMatrix = false;      ///< also compute C_x (needs C(q, qd): O(n^3) + n dual CRBA passes)
};

struct OperationalSpaceModel {
  Matrix6 J = Matrix6::Zero();     ///< geometric Jacobian of the tool origin, base frame, [omega; v]
  Matrix6 Jdot = Matrix6::Zero();  ///< dJ/dt
  Matrix6 Jinv = Matrix6::Zero();  ///< the inverse used (exact, or damped least squares)
  Matrix6 M = Matrix6::Zero();     ///< joint-space mass matrix
  Matrix6 Mx = Matrix6::Zero();    ///< M_x
  Matrix6 Cx = Matrix6::Zero();    ///< C_x (only when OperationalSpaceOptions::coriolisMatrix)
  Vector6 xd = Vector6::Zero();    ///< ẋ = J q̇
  Vector6 JdotQd = Vector6::Zero();  ///< J̇ q̇
  Vector6 mux = Vector6::Zero();   ///< mu_x = C_x ẋ = J^-T V(q, q̇) - M_x J̇ q̇ (V = C q̇: velocity terms)
  Vector6 gx = Vector6::Zero();    ///< g_x = J^-T g(q)
  double sigmaMin = 0;             ///< smallest singular value of J
  double damping = 0;              ///< lambda used (0: exact inverse)
  bool damped() const { return damping > 0; }
  bool hasCx = false;
};

/// dJ/dt of the base-frame tool Jacobian at (q, qd). Requires forwardKinematics(model, data, q) first.
/// Throws std::invalid_argument on a qd, an `out` or a workspace of the wrong size.
/// Column j (revolute): [w_j x z_j; (w_j x z_j) x (p - o_j) + z_j x (ṗ - ȯ_j)]; prismatic: [0; w_j x z_j],
/// with w_j the angular velocity of body j-1 (z_j is fixed in it), ȯ_j, ṗ the velocities of O_j, tool.
/// On a tree, the columns of the joints on the path from the base to the tool's body (body n; body j-1
/// reads lambda(j)); the others are zero, as in the Jacobian.
Matrix6X jacobianTimeDerivative(const Model& model, Data& data, const VectorX& qd);
/// The same into `out` (6 x n, pre-sized; no allocation).
void jacobianTimeDerivative(const Model& model, const Data& data, const VectorX& qd, Eigen::Ref<Matrix6X> out);

/// The operational-space model at (q, qd). The model must have exactly 6 joints (std::invalid_argument
/// otherwise, and on a q, qd or workspace of the wrong size). Uses data (forward kinematics, Jacobian, CRBA, RNEA; C when asked).
void operationalSpaceModel(const Model& model, Data& data, const VectorX& q, const VectorX& qd,
                           OperationalSpaceModel& out, const OperationalSpaceOptions& options = {});


}  // namespace maniplab
