#pragma once
// Closed-form inverse kinematics of the UMIS arm (Zanaboni 2009 §3.3, eqs 3.21–3.89, in specialised
// forms): standard DH with alpha = [pi/2, 0, pi/2, pi/2, pi/2, 0],
// a = [0, a2, 0, 0, 0, 0], d = [d1, 0, d3, d4, 0, d6], theta offsets 0; spherical wrist.
// Up to 8 branches: 2 (theta1) x 2 (theta3) x 2 (wrist, sigma = sign(sin theta5)).
#include <optional>
#include <vector>

#include "maniplab/model/robot_description.hpp"

namespace maniplab {

struct UmisGeometry {
  double d1 = 0.454, a2 = 0.570, d3 = -0.0385, d4 = 0.6755, d6 = 0.27628;
};

struct UmisIkSolution {
  Eigen::Matrix<double, 6, 1> q;
  int shoulder = 0, elbow = 0, wrist = 0;  ///< branch indices (0/1)
  bool wristSingular = false;     ///< sin(theta5) ~ 0: z4 and z6 collinear
  bool elbowSingular = false;     ///< cos(theta3) ~ 0
  bool shoulderSingular = false;  ///< a2 cos(theta2) + d4 sin(theta2 + theta3) ~ 0 (wrist centre on axis 1)
};

/// All real solutions (empty if the pose is out of reach). `target` is world <- tool with the tool at
/// the DH frame 6 origin (d6 includes the tool length).
std::vector<UmisIkSolution> umisInverseKinematics(const UmisGeometry& g, const Transform& target,
                                                  double singularTol = 1e-6);

/// The UMIS geometry of a description when it has the UMIS structure (no base/tool transform), else empty.
std::optional<UmisGeometry> umisGeometry(const RobotDescription& desc);

/// The solution nearest (in joint space, angles wrapped) to `reference` (size 6, else
/// std::invalid_argument), if any.
std::optional<UmisIkSolution> nearestSolution(const std::vector<UmisIkSolution>& sols, const VectorX& reference);

/// Orientation as X-Y-Z Euler angles Q = Rx(phi) Ry(theta) Rz(psi) (Zanaboni 2009 eqs 3.13–3.18) and back.
Vector3 eulerXYZFromRotation(const Matrix3& Q);
Matrix3 rotationFromEulerXYZ(const Vector3& phiThetaPsi);
/// The pose vector [phi, theta, psi, X, Y, Z] of Zanaboni 2009 (Annex IX) and back.
Vector6 poseVector(const Transform& pose);
Transform poseFromVector(const Vector6& pose);

}  // namespace maniplab
