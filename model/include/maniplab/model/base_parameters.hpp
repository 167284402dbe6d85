#pragma once
// Base (minimal) dynamic parameters (seed 002 ch. II; reference notes base-parameters-identification.md
// §4, corrected formulas). A base parameter is a linear combination of the standard parameters
// (standard_parameters.hpp, kStandardPerJoint = 14 per joint): pi_B = K pi, and the model satisfies
// tau = Y pi = Y_B pi_B with Y_B = Y K^+ (K has full row rank and the rows of Y lie in its row space).
//
// Two independent computations:
//  * symbolicBaseParameters(): the formal rules of seed 002 on the "second (standard) solution":
//    general regrouping rules from body n down to body 2 (rotoid (2.36)–(2.39): YY, MZ, M onto body i-1,
//    XXR = XX - YY; prismatic (2.40)–(2.43): the inertia onto body i-1), the parameters with no effect of
//    Table 2.1 (reconstructed) for the bodies before R2, and the special cases of §III.4 for prismatic
//    joints between R1 and R2 ((2.52) when z_i // z_R1, else (2.60)–(2.62) eliminating the component of
//    MS_i along the largest entry of ^i z_R1). Actuator parameters: Fv, Fs are always base parameters;
//    Ia of R1 regroups into ZZR1 (its energy function is 1/2 qd_R1^2, like ZZ_R1's), Ia of R2 into ZZR2
//    when z_R2 is orthogonal to z_R1 (same argument: w_{R2-1} is along z_R1); Ia of a prismatic
//    joint before R1 whose axis is orthogonal to gravity and to every earlier prismatic axis regroups
//    with M (h_M,i = h_M,i-1 + 1/2 qd_i^2); every other Ia is a base parameter.
//    Frames (DH -> MDH convention): the thesis writes the standard parameters and the rules in the DHM
//    (Khalil–Kleinfinger) frames. An MDH robot file's frames are those; a robot written in STANDARD DH
//    is re-framed first (mdh_frames.hpp): the DHM frame of body j is the internal frame R_j (DH frame
//    j-1 carried by body j) moved by the constant Rz(theta_j0) Tz(d_j0), i.e. the DHM parameters are
//    alpha_j = alpha_{j-1}, d_j = a_{j-1}, theta_j = theta_j, r_j = d_j of the DH table; its 10 standard
//    parameters change by the rigid change of frame (mass unchanged, first moment rotated and shifted,
//    inertia about the new origin by the rotation and parallel-axis rules). standardParameters(),
//    the regressors and both base-parameter methods use those DHM parameters, so a DH robot's base
//    parameters have the thesis's names and expressions (e.g. the Puma 560's ZZR1 contains MZ3 terms
//    through r_3 = d_3^DH), identical to those of the same robot written in MDH, and K pi evaluates the
//    same physical quantities. General and URDF robots keep their joint frames (z on the joint axis;
//    the rules need only the properties (1.15)–(1.16), which every internal frame satisfies).
//    The rules are applied in their general explicit form (the table of (2.39) with s, n, a, P of the
//    placement at q = 0), so that d_i, r_i, alpha_i of the DHM table enter through P and a. Geometric
//    tests (parallel axes, gravity) use a relative tolerance of 1e-9 at q = 0. Rotoid joints with
//    coincident axes before R2 are excluded by the thesis: such a model gets a note and the set may not
//    be minimal. Fsa_j (Coulomb asymmetry, standard_parameters.hpp) is a base parameter exactly when
//    joint j's file friction is asymmetric.
//  * numericBaseParameters(): QR with column pivoting of the regressor stacked over random states
//    (seed 002 (2.13)–(2.17), D P = [D1 D2], D2 = D1 beta, base set X1 + beta X2).
// The count formula (2.63)–(2.67) covers the 10 n inertial parameters only.
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"

namespace maniplab {

struct BaseParameter {
  std::string name;                ///< e.g. "ZZR1" (R: regrouped), "XY4", "MX3"
  std::string expression;          ///< in standard parameter names, e.g. "ZZ1 + ZZ2 + XX3 + YY4"
  Eigen::RowVectorXd coefficients; ///< over the kStandardPerJoint n standard parameters
};

struct BaseParameterSet {
  std::vector<BaseParameter> params;
  MatrixX K;                       ///< nb x kStandardPerJoint n, rows = coefficients
  MatrixX Kpinv;                   ///< kStandardPerJoint n x nb pseudo-inverse of K: Y_B = Y Kpinv
  bool actuators = true;           ///< Ia, Fv, Fs (and Fsa of asymmetric joints) included
  std::vector<std::string> notes;  ///< R1/R2, conditions met, unsupported cases
  int count() const { return int(params.size()); }
  VectorX values(const VectorX& standard) const { return K * standard; }
  std::vector<std::string> names() const;
};

struct BaseParameterOptions {
  bool actuators = true;  ///< include Ia, Fv, Fs, Fsa (else the 10 n inertial parameters only)
};

BaseParameterSet symbolicBaseParameters(const Model& model, const BaseParameterOptions& options = {});

struct NumericBaseOptions {
  bool actuators = true;
  int states = 0;             ///< random states stacked; 0 = enough (max(30, 3 * kStandardPerJoint))
  unsigned seed = 1;
  double tolerance = 1e-9;    ///< rank threshold relative to the largest pivot
};

BaseParameterSet numericBaseParameters(const Model& model, const NumericBaseOptions& options = {});

/// Count formula of seed 002 (2.63)–(2.67) for the inertial parameters.
struct BaseCountFormula {
  int nR = 0, nT = 0, total = 0;
  int R1 = 0, R2 = 0;          ///< 1-based joint numbers, 0 = none
  std::string detail;          ///< the terms, e.g. "N_R = 7*4 - 4*(1+0) - 2*1 = 22; N_T = ..."
};
BaseCountFormula baseParameterCountFormula(const Model& model);

/// "ZZ1 + ZZ2 - 0.4*MY3" from coefficients over the standard parameters of an n-joint chain.
std::string formatExpression(const Eigen::RowVectorXd& coefficients, int n);

/// True when the two sets span the same row space (rank of the stacked rows equals both counts).
bool sameSpan(const BaseParameterSet& a, const BaseParameterSet& b, double tolerance = 1e-8);

/// Largest residual of the rows of Y after projection on the row space of set.K (0 when the model
/// depends on the standard parameters only through the base parameters).
double rowSpaceResidual(const MatrixX& Y, const BaseParameterSet& set);

// Geometry shared by the symbolic rules and the count formula (q = 0, world frame).
struct ChainGeometry {
  std::vector<Vector3> axis, origin;  ///< z_i and O_i in the world frame at q = 0
  std::vector<Matrix3> rotation;      ///< ^0A^i at q = 0
  int R1 = -1, R2 = -1;               ///< 0-based, -1 = none
  bool gR1 = false;                   ///< g(R1) of (2.64)
  bool coincidentAxes = false;        ///< rotoid joints with coincident axes before R2
};
ChainGeometry chainGeometry(const Model& model);

}  // namespace maniplab
