#pragma once
// Base (minimal) dynamic parameters (Belkoura 1993 ch. II; reference notes base-parameters-identification.md
// §4, corrected formulas). A base parameter is a linear combination of the standard parameters
// (standard_parameters.hpp, kStandardPerJoint = 14 per joint): pi_B = K pi, and the model satisfies
// tau = Y pi = Y_B pi_B with Y_B = Y K^+ (K has full row rank and the rows of Y lie in its row space).
//
// Two independent computations:
//  * symbolicBaseParameters(): the formal rules of Belkoura 1993 on the "second (standard) solution":
//    general regrouping rules from body n down to body 2 (rotoid (2.36)–(2.39): YY, MZ, M onto body i-1,
//    XXR = XX - YY; prismatic (2.40)–(2.43): the inertia onto body i-1), the parameters with no effect of
//    Table 2.1 (reconstructed) for the bodies before R2, and the special cases of §III.4 for prismatic
//    joints between R1 and R2 ((2.52) when z_i // z_R1, else (2.60)–(2.62) eliminating the component of
//    MS_i along the largest entry of ^i z_R1). Actuator parameters: Fv, Fs are always base parameters;
//    Ia of R1 regroups into ZZR1 (its energy function is 1/2 qd_R1^2, like ZZ_R1's), Ia of R2 into ZZR2
//    when z_R2 is orthogonal to z_R1 (same argument: w_{R2-1} is along z_R1) (Khalil & Dombre); Ia of
//    a prismatic joint regroups with its mass under the PrismaticMass extension below; every other Ia
//    is a base parameter.
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
//    tests (parallel axes, gravity) use a relative tolerance of 1e-9 at q = 0. Fsa_j (Coulomb
//    asymmetry, standard_parameters.hpp) is in the model exactly when joint j's file friction is
//    asymmetric.
//    Extensions of the thesis's rules (derived in docs/base-parameter-rules.md, each can be switched off
//    with BaseParameterOptions::rules; kThesisRulesOnly keeps the thesis's rules and the rotor-inertia
//    groupings above):
//      - ZeroGravity: with g = 0 the condition C1 / g(R1) of Table 2.1 and (2.64) holds whenever the
//        prismatic joints before R1 are parallel to z_R1 (the first moments of R1 are excited by gravity
//        only; zero gravity is parallel to every axis).
//      - FixedPoint: with g = 0, a rotoid body i >= R2 turning about a fixed point C = O_i + c z_i (all
//        joints up to i rotoid, axes concurrent at C) has h(MX_i) = c h(XZ_i), h(MY_i) = c h(YZ_i):
//        XZR_i = XZ_i + c MX_i, YZR_i = YZ_i + c MY_i.
//      - PrismaticMass: a prismatic joint i whose earlier rotoid axes are all parallel to z_i and whose
//        earlier prismatic axes are all orthogonal to it: h(M_i) = lambda_M(P0) h_{i-1} + 1/2 qd_i^2
//        - (g.z_i) q_i, so M_i regroups onto body i-1 (as a point mass at O_i(q_i = 0)) and with Ia_i,
//        and with Fsa_i (coefficient -g.z_i) when z_i is not orthogonal to gravity. It replaces the
//        earlier "Ia of a prismatic joint before R1" rule (the case without rotoid joint before i).
//      - CoaxialFirstMoments: a rotoid joint R1 < i < R2 on the line of z_R1 (every earlier rotoid joint
//        on that line, every earlier prismatic joint parallel to it) under C1: MX_i, MY_i have no effect
//        (the thesis excludes coincident axes).
//    Belkoura 1993 proves the thesis's rules minimal for the cases it covers; for the others the rules
//    alone may leave dependent parameters. With options.complete (default) the result is then checked
//    against the rank of the regressor (QR over random states) and completed to a minimal set
//    (completeBaseParameters below): the returned count and params are minimal whatever the robot, and
//    `check` and `notes` say what the rules missed.
//  * numericBaseParameters(): QR with column pivoting of the regressor stacked over random states
//    (Belkoura 1993 (2.13)–(2.17), D P = [D1 D2], D2 = D1 beta, base set X1 + beta X2).
// The count formula (2.63)–(2.67) covers the 10 n inertial parameters only, of a chain (it refuses a tree).
// Trees (Model::parent): the regressors and the numeric base run unchanged; the symbolic rules are the
// chain's with the parent a(j) for j-1 and the rules near the base taken on each body's path from the base
// (Khalil & Dombre, Modeling, Identification and Control of Robots, 2002; ChainGeometry below); what they
// do not prove for a tree is left to the numeric completion (options.complete), which also replaces the
// set by the numeric one if a rule failed (check.rulesValid).
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"

namespace maniplab {

struct BaseParameter {
  std::string name;                ///< e.g. "ZZR1" (R: regrouped), "XY4", "MX3"
  std::string expression;          ///< in standard parameter names, e.g. "ZZ1 + ZZ2 + XX3 + YY4"
  Eigen::RowVectorXd coefficients; ///< over the kStandardPerJoint n standard parameters
  int lead = -1;                   ///< the standard parameter it is named after (index), -1 = unknown
};

/// What the numeric check of a symbolic set found (symbolicBaseParameters with options.complete).
struct BaseParameterCheck {
  bool done = false;         ///< the check ran
  int rulesCount = 0;        ///< count given by the grouping rules alone
  int numericRank = 0;       ///< rank of the regressor stacked over random states (QR)
  bool rulesValid = true;    ///< the regressor's rows lie in the span of the rules' set
  bool rulesMinimal = true;  ///< valid and rulesCount == numericRank (nothing completed)
  std::vector<std::string> completed;  ///< what the numeric completion did, one line per parameter
};

struct BaseParameterSet {
  std::vector<BaseParameter> params;
  MatrixX K;                       ///< nb x kStandardPerJoint n, rows = coefficients
  MatrixX Kpinv;                   ///< kStandardPerJoint n x nb pseudo-inverse of K: Y_B = Y Kpinv
  bool actuators = true;           ///< Ia, Fv, Fs (and Fsa of asymmetric joints) included
  std::vector<std::string> notes;  ///< R1/R2, conditions met, rules missing (completion)
  BaseParameterCheck check;        ///< rules vs numeric rank (symbolicBaseParameters with complete)
  int count() const { return int(params.size()); }
  VectorX values(const VectorX& standard) const { return K * standard; }
  std::vector<std::string> names() const;
};

/// The extensions of the thesis's rules (header comment; docs/base-parameter-rules.md), as bit flags.
enum BaseParameterRule : unsigned {
  kRuleZeroGravity = 1u << 0,          ///< C1 / g(R1) with g = 0
  kRuleFixedPoint = 1u << 1,           ///< g = 0, bodies turning about a fixed point
  kRulePrismaticMass = 1u << 2,        ///< M_i of a prismatic joint with Ia_i (and Fsa_i)
  kRuleCoaxialFirstMoments = 1u << 3,  ///< MX_i, MY_i of a rotoid joint coaxial with R1 under C1
  kThesisRulesOnly = 0u,
  kAllRules = kRuleZeroGravity | kRuleFixedPoint | kRulePrismaticMass | kRuleCoaxialFirstMoments,
};

struct NumericBaseOptions {
  bool actuators = true;
  int states = 0;             ///< random states stacked; 0 = enough (max(30, 3 * kStandardPerJoint))
  unsigned seed = 1;
  double tolerance = 1e-9;    ///< rank threshold relative to the largest pivot
};

struct BaseParameterOptions {
  bool actuators = true;      ///< include Ia, Fv, Fs, Fsa (else the 10 n inertial parameters only)
  bool complete = true;       ///< check against the numeric rank and complete to a minimal set
  unsigned rules = kAllRules; ///< the extensions applied (kThesisRulesOnly: none of them)
  NumericBaseOptions numeric = {};  ///< states of the check (its `actuators` follows `actuators`)
};

/// Base parameters by the grouping rules (header comment), checked and completed to a minimal set.
BaseParameterSet symbolicBaseParameters(const Model& model, const BaseParameterOptions& options = {});

BaseParameterSet numericBaseParameters(const Model& model, const NumericBaseOptions& options = {});

/// The regressor stacked over random states (rows) for the standard parameters (kStandardPerJoint n
/// columns; the columns outside the scope of `options` -- actuator terms when !actuators, Fsa of
/// symmetric joints -- are zero). Random positions, and velocities and accelerations bounded away from
/// zero, so that |sign(qd)| = 1: at rest the Coulomb friction is undetermined (stiction), and the base
/// parameters that regroup Fsa with a weight hold for qd != 0 (docs/base-parameter-rules.md).
MatrixX stackedRegressor(const Model& model, const NumericBaseOptions& options = {});

/// Completes a set whose rows span the model's parameters (the rules' result) to a minimal one: the
/// regressor in those parameters, W K^+, is reduced by a rank-revealing Gram-Schmidt over the parameters
/// in their order (a parameter is kept when it adds to the span of the kept ones: the later bodies'
/// parameters regroup onto the earlier ones, as in the thesis); each dropped parameter has no effect or
/// regroups into the kept ones with the coefficients of the least-squares fit (entries below 1e-11 of
/// the column cleaned, values within 1e-10 of a simple fraction p/q, q <= 12, rounded to it). When the
/// rows of the regressor are not in the span of `rules` (a wrong rule) the numeric set is returned.
/// Notes name what was completed (`check.completed`).
BaseParameterSet completeBaseParameters(const Model& model, const BaseParameterSet& rules,
                                        const NumericBaseOptions& options = {});

/// Count formula of Belkoura 1993 (2.63)–(2.67) for the inertial parameters, with the extensions in `rules`
/// (zero gravity: g(R1) = 1 when the prismatic joints before R1 are parallel to z_R1, and -2 for each
/// body turning about a fixed point, "- 2*N_fixed"; coaxial rotoid joints under C1: -2 each,
/// "- 2*N_coax").
struct BaseCountFormula {
  int nR = 0, nT = 0, total = 0;
  int R1 = 0, R2 = 0;          ///< 1-based joint numbers, 0 = none
  std::string detail;          ///< the terms, e.g. "N_R = 7*4 - 4*(1+0) - 2*1 = 22; N_T = ..."
};
BaseCountFormula baseParameterCountFormula(const Model& model, unsigned rules = kAllRules);

/// "ZZ1 + ZZ2 - 0.4*MY3" from coefficients over the standard parameters of an n-joint robot.
std::string formatExpression(const Eigen::RowVectorXd& coefficients, int n);

/// True when the two sets span the same row space (rank of the stacked rows equals both counts).
bool sameSpan(const BaseParameterSet& a, const BaseParameterSet& b, double tolerance = 1e-8);

/// Largest residual of the rows of Y after projection on the row space of set.K (0 when the model
/// depends on the standard parameters only through the base parameters).
double rowSpaceResidual(const MatrixX& Y, const BaseParameterSet& set);

// Geometry shared by the symbolic rules and the count formula (q = 0, world frame).
// On a tree (Model::parent) the rules near the base are those of each body's path from the base (Khalil &
// Dombre, Modeling, Identification and Control of Robots, 2002: a tree's base parameters follow the
// chain's rules with the antecedent a(j) for j-1, each branch with its own R1, R2): pathR1, pathR2 and
// pathC1 hold them per body, and the extensions CoaxialFirstMoments and FixedPoint (coaxialWithR1,
// fixedPoint) are taken on each body's path too (their derivations, docs/base-parameter-rules.md, use the
// joints between the base and the body only). The chain-wide fields R1, R2, gR1 and coincidentAxes are
// computed for a chain only (-1, false on a tree).
struct ChainGeometry {
  std::vector<Vector3> axis, origin;  ///< z_i and O_i in the world frame at q = 0
  std::vector<Matrix3> rotation;      ///< ^0A^i at q = 0
  /// Per body i: the first rotoid joint of the path base -> i (i included; -1 = none), the first rotoid
  /// joint of that path not parallel to it (-1 = none), and, for an R1 body (pathR1[i] == i), g(R1)/C1 of
  /// its path (with the zero-gravity rule when asked). In a chain pathR1[i] = R1 for i >= R1, etc.
  std::vector<int> pathR1, pathR2;
  std::vector<bool> pathC1;
  int R1 = -1, R2 = -1;               ///< 0-based, -1 = none (chain only)
  bool gravityZero = false;           ///< |g| = 0
  bool gR1 = false;                   ///< g(R1) of (2.64) (C1), with the zero-gravity rule when asked
  bool coincidentAxes = false;        ///< rotoid joints with coincident axes before R2
  std::vector<int> coaxialWithR1;     ///< rotoid R1 < i < R2 on the line of z_R1 (earlier rotoid joints
                                      ///< on it, earlier prismatic joints parallel to it), C1 holding
                                      ///< (on a tree: R1, R2 and the earlier joints of i's path)
  /// Zero gravity: rotoid joints i >= R2 whose body turns about a fixed point C = O_i + c z_i (every joint
  /// up to i rotoid, their axes concurrent at C): (i, c).
  std::vector<std::pair<int, double>> fixedPoint;
};
ChainGeometry chainGeometry(const Model& model, unsigned rules = kAllRules);

}  // namespace maniplab
