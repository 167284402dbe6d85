#pragma once
// Forward-dynamics dispatcher: ABA when the model allows it (armature rotor model), otherwise the
// mass-matrix path of Llibre, Mampey & Chrétien 1983 §IV (Cholesky).
#include "maniplab/model/aba.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"

namespace maniplab {

enum class ForwardDynamicsMethod { Auto, Cholesky, ArticulatedBody };

/// data.qdd = FD(q, qd, tau). Returns -1 on success, else the index of the joint where the mass matrix
/// (or articulated inertia) lost positive definiteness.
inline int forwardDynamics(const Model& model, Data& data, const VectorX& q, const VectorX& qd, const VectorX& tau,
                           const RneaOptions& opt = {}, ForwardDynamicsMethod method = ForwardDynamicsMethod::Auto) {
  if (method == ForwardDynamicsMethod::Cholesky || usesFullRotor(model))
    return forwardDynamicsCholesky(model, data, q, qd, tau, opt);
  return aba(model, data, q, qd, tau, opt);
}

}  // namespace maniplab
