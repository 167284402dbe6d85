#pragma once
// Free-floating base (Llibre, Mampey & Chrétien 1983 §IV.2: the carrier body C_0 itself moves in space, 6 extra DOF; the
// satellite + manipulator case, 12 DOF with a 6-joint arm). Llibre, Mampey & Chrétien (1983) give no equations; these are
// Featherstone's (RBDA ch. 9, floating bases: the floating-base ABA and the augmented mass matrix).
//
// Conventions:
//   * The base body C_0 carries the arm's frame 0 (the Model's "world" frame: the arm's placement of
//     joint 1, robot-file "base" transform included, is relative to it). Its pose in the inertial frame
//     is (R_0, p_0): x_world = R_0 x_base + p_0.
//   * Base velocity nu_0 = [omega; v]: the angular velocity of the base and the velocity of the base
//     origin, both in BASE coordinates (body twist). Its time derivative is the base's spatial
//     acceleration in base coordinates (for a body-fixed basis, d/dt of the body twist equals the spatial
//     acceleration: v x v = 0), which is what the algorithms return as baseAcceleration.
//   * All spatial quantities are computed in base coordinates at the base origin ([angular; linear],
//     Featherstone's spatial vectors); with the instantaneous base frame taken as inertial for the
//     instant, the algorithms are those of a fixed frame.
//   * No gravity (orbit: uniform gravity is removed by the free-falling frame); the model's gravity is
//     ignored. An optional external wrench acts on the base ([moment about the base origin; force], base
//     coordinates). Joint torques are internal; joint friction (output side) is an internal torque too.
//   * The arm may be a tree (Model::parent: two arms on one satellite): every recurrence runs over the
//     parent array (velocities from the parent's, articulated and composite inertias into the parent's, the
//     base being the parent of the joints on it); a chain does the chain's operations.
//   * Rotor model: armature only (alpha^2 j_m on the joint diagonal; the rotor spin momentum is not part of
//     the system momentum, consistently). The full rotor model is refused (as by aba()).
//   * Conserved without external wrench (the seven quantities of Llibre, Mampey & Chrétien 1983 §IV.2): linear momentum P and
//     angular momentum L (world frame, about the world origin) always; the kinetic energy
//     T = 1/2 nu^T H nu when the joint torques do no work (tau = 0, no friction).
#include <string>
#include <vector>

#include <Eigen/Cholesky>

#include "maniplab/model/data.hpp"

namespace maniplab {

using Matrix6 = Eigen::Matrix<double, 6, 6>;

struct FloatingBaseModel {
  Model arm;                                  ///< the manipulator (armature rotor model)
  double baseMass = 0;                        ///< kg, > 0
  Vector3 baseCom = Vector3::Zero();          ///< centre of mass of C_0, base frame
  Matrix3 baseInertia = Matrix3::Zero();      ///< inertia of C_0 about its centre of mass, base axes
};

/// The base's spatial inertia at the base origin, base coordinates.
Matrix6 baseSpatialInertia(const FloatingBaseModel& model);

struct FloatingBaseState {
  Transform basePose;                 ///< world <- base
  Vector6 baseVelocity = Vector6::Zero();  ///< nu_0 = [omega; v_origin], base coordinates
  VectorX q, qd;
};

/// Workspace (construct once per model).
struct FloatingBaseData {
  explicit FloatingBaseData(const FloatingBaseModel& model);
  Data arm;                            ///< the arm's workspace (forward kinematics in base coordinates)
  std::vector<Matrix6> I;              ///< spatial inertia of body i (base coords, base origin)
  std::vector<Vector6> S, v, c, pA, U;  ///< motion subspaces, velocities, velocity-product terms, bias, U
  std::vector<Vector6> a;              ///< body accelerations (ABA's last pass, the bias's RNEA)
  std::vector<Matrix6> IA;             ///< articulated inertias
  std::vector<double> D, u;
  Vector6 baseAcceleration = Vector6::Zero();  ///< d/dt nu_0 (base coordinates)
  VectorX qdd;
  MatrixX H;       ///< augmented mass matrix (6 + n)
  VectorX bias;    ///< augmented bias (velocity terms) (6 + n)
  Eigen::LLT<MatrixX> llt;
};

/// Floating-base articulated-body algorithm (RBDA ch. 9). Fills data.baseAcceleration and data.qdd.
/// `baseWrench` may be null. lockBase: the base is held fixed (nu_0 and its derivative 0; the arm then
/// obeys the fixed-base model without gravity). Returns -1, the joint index whose articulated inertia is
/// not positive, -2 for the full rotor model, or -3 when the base's articulated inertia is singular.
int floatingBaseAba(const FloatingBaseModel& model, FloatingBaseData& data, const Vector6& baseVelocity,
                    const VectorX& q, const VectorX& qd, const VectorX& tau, const Vector6* baseWrench = nullptr,
                    bool lockBase = false);

/// The augmented mass matrix H(q) = [I_0^c, F; F^T, M] ((6+n) x (6+n)) into data.H: I_0^c the composite
/// inertia of the whole system at the base, F the columns I_i^c S_i, M the arm's mass matrix (+ armature).
const MatrixX& floatingBaseMassMatrix(const FloatingBaseModel& model, FloatingBaseData& data, const VectorX& q);

/// The augmented bias C(q, nu) ((6+n): base wrench and joint torques of the velocity terms) into
/// data.bias (RNEA with zero accelerations). Requires floatingBaseMassMatrix at the same q first.
const VectorX& floatingBaseBias(const FloatingBaseModel& model, FloatingBaseData& data, const Vector6& baseVelocity,
                                const VectorX& qd);

/// Forward dynamics by the augmented mass matrix: H [a_0; qdd] = [w_ext; tau] - C. Same results and
/// return codes as floatingBaseAba (-3: H not positive definite).
int floatingBaseForwardDynamicsCrba(const FloatingBaseModel& model, FloatingBaseData& data, const Vector6& baseVelocity,
                                    const VectorX& q, const VectorX& qd, const VectorX& tau,
                                    const Vector6* baseWrench = nullptr);

/// The seven kinetic quantities of Llibre, Mampey & Chrétien 1983 §IV.2 (plus the spatial momentum in base coordinates).
struct FloatingBaseConserved {
  double kinetic = 0;                         ///< T (J), armature spin energy included
  Vector3 linearMomentum = Vector3::Zero();   ///< P, world frame
  Vector3 angularMomentum = Vector3::Zero();  ///< L about the world origin, world frame
  Vector6 baseMomentum = Vector6::Zero();     ///< [L about the base origin; P], base coordinates
  Vector3 centreOfMass = Vector3::Zero();     ///< world frame
  double mass = 0;
};

/// T, P, L from the bodies' velocities (independently of H).
FloatingBaseConserved floatingBaseConserved(const FloatingBaseModel& model, FloatingBaseData& data,
                                            const FloatingBaseState& state);

/// Joint torques that produce joint accelerations qddDesired while the base reacts freely (no external
/// wrench): tau = (M - F^T I_0c^-1 F) qdd + C_q - F^T I_0c^-1 C_0 (the reaction-aware computed torque,
/// "generalized inertia" of Umetani & Yoshida). Also returns the base acceleration it causes.
VectorX floatingBaseInverseDynamics(const FloatingBaseModel& model, FloatingBaseData& data,
                                    const Vector6& baseVelocity, const VectorX& q, const VectorX& qd,
                                    const VectorX& qddDesired, Vector6* baseAcceleration = nullptr);

/// Checks a floating-base model; returns "" or the first problem (non-positive base mass, inertia not
/// symmetric positive definite, full rotor model).
std::string validateFloatingBase(const FloatingBaseModel& model);

}  // namespace maniplab
