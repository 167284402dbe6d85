#pragma once
// Standard DH -> modified DH (Khalil–Kleinfinger) frames for the inertial parameters (Belkoura 1993 ch. I §II,
// (1.8)–(1.12); reference notes base-parameters-identification.md §1.2–§1.3, §2).
//
// Belkoura's (1993) standard parameters of body j are expressed in its DHM frame, and its regrouping rules are
// written for DHM frames. ManipLab's internal frame R_j of a robot written in standard DH is the DH frame
// j-1 (on the axis of joint j) turned by q_j about it (model.hpp). The DHM frame of body j is that same
// frame moved by the joint's constant DH offsets along and about the axis:
//     ^{R_j}T^{DHM_j} = Rz(theta_j0) Tz(d_j0)          (DH (theta, d) of joint j; offsets at q = 0)
// since the DHM parameters of joint j are alpha_j = alpha_{j-1}^DH, d_j = a_{j-1}^DH, theta_j = theta_j^DH,
// r_j = d_j^DH (and alpha_1 = d_1 = 0 on the DH base frame). The transform is constant (Rz and Tz commute
// with the joint's own Rz(q_j) / Tz(q_j)), so the 10 standard parameters of a body change by the constant
// rigid-body change of frame (rigidBodyParameterMap): mass unchanged, first moment rotated and shifted,
// inertia about the new origin by the rotation and parallel-axis rules. For MDH and general robot files
// the transform is the identity (their frames are used as they are).
//
// Standard parameters, regressors and base parameters (standard_parameters.hpp, regressor.hpp,
// energy_regressor.hpp, base_parameters.hpp) all use the DHM frames for a DH robot, so that its base
// parameters are named and expressed as in the thesis and equal those of the same robot written in MDH.
#include "maniplab/model/model.hpp"
#include "maniplab/model/robot_description.hpp"

namespace maniplab {

/// 10 x 10 map of the standard parameters [XX XY XZ YY YZ ZZ MX MY MZ M] of one body: parameters in a
/// frame F placed at X = (A, p) in a frame E (A: axes of F in E, p: origin of F in E) -> the same body's
/// parameters in E (about the origin of E). Annex 2's lambda (table A2 in general form):
///   J_E = A J_F A^T + 2 (p.MS') 1 - (p MS'^T + MS' p^T) + M (|p|^2 1 - p p^T), MS' = A MS_F,
///   MS_E = MS' + M p, M_E = M_F.  Its inverse is rigidBodyParameterMap(X.inverse()).
Eigen::Matrix<double, 10, 10> rigidBodyParameterMap(const Transform& X);

/// ^{R_i}T^{DHM_i}: the DHM frame of body i (0-based) in ManipLab's internal body frame R_i. Recovered
/// from the model's bodyToLink (buildModel() sets it to the DH link transform Rz(theta0) Tz(d) Tx(a)
/// Rx(alpha) for a standard-DH file, identity otherwise): Rz(theta0) Tz(d). Identity for MDH, general
/// and URDF robots and for chains built in code.
Transform mdhFrameInBody(const Model& model, int i);

/// True when some body's DHM frame differs from its internal frame (a robot written in standard DH).
bool usesDhReframing(const Model& model);

/// The same robot with its internal frames moved onto the DHM frames: identical dynamics (rnea, mass
/// matrix, tool pose), every mdhFrameInBody() of the result is the identity, and standardParameters()
/// of both models are equal.
Model mdhFramedModel(const Model& model);

/// A standard-DH description rewritten in modified DH (the textbook conversion above; link centres of
/// mass and inertias re-expressed, DH link frame j = DHM frame j * Tx(a_j) Rx(alpha_j); the tool keeps
/// its pose). MDH descriptions are returned unchanged; general ones are rejected (std::invalid_argument).
RobotDescription mdhDescription(const RobotDescription& description);

}  // namespace maniplab
