#pragma once
// Base (minimal) dynamic parameters (seed 002 ch. II; reference notes base-parameters-identification.md
// §4, corrected formulas). A base parameter is a linear combination of the standard parameters
// (standard_parameters.hpp, 13 per joint): pi_B = K pi, and the model satisfies tau = Y pi = Y_B pi_B
// with Y_B = Y K^+ (K has full row rank and the rows of Y lie in its row space).
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
//    The rules only need the properties (1.15)–(1.16) of the frames (z_i on the axis of joint i, the
//    placement of R_i in R_{i-1} constant but for Rz(q_i) / Tz(q_i)), which ManipLab's internal frames
//    satisfy for every file convention; the rules are applied in their general explicit form (the table
//    of (2.39) with s, n, a, P of the placement at q = 0), so a standard-DH or general robot needs no
//    re-framing: for an MDH file the frames, hence the names and coefficients, are the thesis's (d_i,
//    r_i, alpha_i enter through P and a); for a DH file the parameters are those of the internal frame
//    R_i = DH frame i-1 carried by body i, which differs from the MDH frame of body i by a constant
//    Rz(theta_i0) Tz(d_i) (a rotation about and a shift along the joint axis). Geometric tests (parallel
//    axes, gravity) use a relative tolerance of 1e-9 at q = 0. Rotoid joints with coincident axes before
//    R2 are excluded by the thesis: such a model gets a note and the set may not be minimal.
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
  Eigen::RowVectorXd coefficients; ///< over the 13 n standard parameters
};

struct BaseParameterSet {
  std::vector<BaseParameter> params;
  MatrixX K;                       ///< nb x 13 n, rows = coefficients
  MatrixX Kpinv;                   ///< 13 n x nb pseudo-inverse of K: Y_B = Y Kpinv
  bool actuators = true;           ///< Ia, Fv, Fs included
  std::vector<std::string> notes;  ///< R1/R2, conditions met, unsupported cases
  int count() const { return int(params.size()); }
  VectorX values(const VectorX& standard) const { return K * standard; }
  std::vector<std::string> names() const;
};

struct BaseParameterOptions {
  bool actuators = true;  ///< include Ia, Fv, Fs (else the 10 n inertial parameters only)
};

BaseParameterSet symbolicBaseParameters(const Model& model, const BaseParameterOptions& options = {});

struct NumericBaseOptions {
  bool actuators = true;
  int states = 0;             ///< random states stacked; 0 = enough (max(30, 3 * 13 n / n))
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
