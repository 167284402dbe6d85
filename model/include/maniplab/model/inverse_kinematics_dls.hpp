#pragma once
// Numeric inverse kinematics of the tool frame by damped least squares (Levenberg–Marquardt form,
// Wampler/Nakamura): dq = J^T (J J^T + lambda^2 I)^{-1} e, e = [orientation error (log map); position
// error] in the base frame, with joint limits enforced by clamping.
#include "maniplab/model/data.hpp"

namespace maniplab {

struct IkOptions {
  int maxIterations = 200;
  double positionTolerance = 1e-10;     ///< m
  double orientationTolerance = 1e-10;  ///< rad
  double damping = 1e-3;                ///< lambda (scaled up automatically near singularities)
  double singularThreshold = 1e-6;      ///< smallest singular value of J considered singular
  bool positionOnly = false;            ///< ignore the orientation (3 equations)
};

struct IkResult {
  VectorX q;
  bool converged = false;
  bool singular = false;  ///< J was (near-)singular at the solution
  int iterations = 0;
  double positionError = 0, orientationError = 0;
  double minSingularValue = 0;
};

/// Solves FK(q) = target (world <- tool) starting from q0. Throws std::invalid_argument on a q0 or a
/// workspace of the wrong size. Double only (an iterative solver with an SVD per iteration; it allocates
/// its m x n Jacobian copy and the SVD's workspace per call).
IkResult inverseKinematicsDLS(const Model& model, Data& data, const Transform& target, const VectorX& q0,
                              const IkOptions& opt = {});

/// Rotation error vector log(Rd R^T) (axis * angle, base frame) used by the solver and the controllers.
Vector3 orientationError(const Matrix3& Rdesired, const Matrix3& R);

}  // namespace maniplab
