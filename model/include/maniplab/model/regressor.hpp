#pragma once
// Inverse-dynamics regressor Y(q, qd, qdd), tau = Y pi, pi the standard parameters of
// standard_parameters.hpp (kStandardPerJoint = 14 per joint). Newton–Euler form of Belkoura 1993 (1.44) (linearity of the model in
// the standard parameters), built as in Llibre, Mampey & Chrétien 1983 §II: each body's wrench about its origin O_i,
//   n_i = J_i wd_i + w_i x (J_i w_i) + MS_i x a_i ,   f_i = M_i a_i + wd_i x MS_i + w_i x (w_i x MS_i)
// (a_i: acceleration of O_i minus gravity, all in R_i) is linear in (J_i, MS_i, M_i); its 6 x 10
// coefficient block is carried back to joint i and its ancestors (every joint j <= i in a chain; on a tree,
// Model::parent, the path to the base, the other joints' entries staying zero) and projected on z_j. For a standard-DH robot
// the block is multiplied by the constant map lambda(^{R_i}T^{DHM_i}) (mdh_frames.hpp), so that the
// columns are those of the parameters in the DHM frames. Columns Ia, Fv, Fs, Fsa of joint i: qdd_i, qd_i,
// sign(qd_i), |sign(qd_i)| (sign(0) = 0; the Fsa column only for a joint with asymmetric Coulomb
// friction, zero otherwise, so that the rows of Y lie in the span of the base parameters). Exact for the Armature rotor model (model.hpp) with
// direction-independent viscous friction.
#include "maniplab/model/model.hpp"

namespace maniplab {

struct RegressorOptions {
  bool gravity = true;   ///< include the model's gravity
  bool friction = true;  ///< fill the Fv, Fs, Fsa columns (else they are zero)
};

/// Y (n x kStandardPerJoint n) such that rnea(q, qd, qdd) = Y * standardParameters(model).values. Y is resized.
void inverseDynamicsRegressor(const Model& model, const VectorX& q, const VectorX& qd, const VectorX& qdd,
                              MatrixX& Y, const RegressorOptions& options = {});

}  // namespace maniplab
