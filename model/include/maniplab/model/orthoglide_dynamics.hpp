#pragma once
// Dynamic models of the Orthoglide (Guégan, Khalil, Chablat & Wenger 2002 §IV–V and annex; reference §4–6 with errata E4–E7).
// Conventions: orthoglide_model.hpp, orthoglide_kinematics.hpp. Gamma = (Gamma_11, Gamma_12, Gamma_13)
// are the actuator forces [N] along the actuator axes (output side, friction of the drives included
// when enabled). f_i is the force chain i exerts on the platform at P (reference §4, sign note).
//
// Not templated (double only): the chain terms come from the core's Newton–Euler (rnea.hpp) on the
// equivalent tree structure (orthoglide_tables.hpp), with preallocated workspaces held here.
#include <array>
#include <string>

#include "maniplab/model/data.hpp"
#include "maniplab/model/orthoglide_kinematics.hpp"
#include "maniplab/model/orthoglide_tables.hpp"

namespace maniplab {

struct OrthoglideDynamicsOptions {
  bool gravity = true;
  bool friction = true;            ///< drive friction of q_1i (model.chain[i].actuator)
  double frictionSmoothing = 0.0;  ///< v_s [m/s]: tanh(qd / v_s) for sign(qd) (friction.hpp); 0 = exact
};

/// Chain i's terms at a state (annex eqs 31–37, eq 11): H_i = A_i qddot_i + h_i(q_i, qdot_i).
struct OrthoglideChainTerms {
  Matrix3 A = Matrix3::Zero();   ///< 3x3 chain inertia A_i = G^T A_ar G
  Vector3 h = Vector3::Zero();   ///< Coriolis, centrifugal, gravity (and drive friction) h_i = H_i(q, qd, 0)
};

/// Everything the inverse / direct dynamic models compute, for inspection and tests.
struct OrthoglideDynamicsState {
  OrthoglideChainVariables q{}, qd{}, qdd{};  ///< chain variables and rates
  Matrix3 Jpinv = Matrix3::Zero();            ///< ^0J_p^{-1}
  std::array<Vector3, 3> Hx{};                ///< H_xi = ^0J_i^{-T} H_i (IDM) [N]
  std::array<Vector3, 3> f{};                 ///< f_i, force of chain i on the platform [N]
  Matrix3 Arobot = Matrix3::Zero();           ///< eq (29) (DDM)
  Vector3 hrobot = Vector3::Zero();           ///< eq (30) (DDM)
  Vector3 Fp = Vector3::Zero();               ///< eq (18): M_p (Vdot - g)
};

class OrthoglideDynamics {
 public:
  explicit OrthoglideDynamics(const OrthoglideModel& model);

  const OrthoglideModel& model() const { return model_; }
  const OrthoglideChainTree& tree(int chain) const { return tree_[std::size_t(chain)]; }

  /// Annex eqs (31)–(36): H_i = G_i^T H_ar_i(q_ar, G qdot, G qddot), H_ar_i by the core's RNEA on the
  /// two branches of the tree; q_ar = [q_1 q_2 q_3 q_4 q_5 q_7] from eq (34); G from eq (37).
  Vector3 chainInverseDynamics(int chain, const Vector3& q, const Vector3& qd, const Vector3& qdd,
                               const OrthoglideDynamicsOptions& opt = {});
  /// A_i (columns H_i(q, 0, e_k) without gravity and friction) and h_i = H_i(q, qd, 0) (Guégan, Khalil, Chablat & Wenger 2002 §V.A).
  OrthoglideChainTerms chainTerms(int chain, const Vector3& q, const Vector3& qd,
                                  const OrthoglideDynamicsOptions& opt = {});

  /// Inverse dynamic model (eqs 10–23): Gamma = ^0J_p^T (^0F_p + sum_i H_xi), ^0F_p = M_p (Vdot - g).
  /// False (message) when P is out of reach.
  bool inverseDynamics(const Vector3& P, const Vector3& V, const Vector3& Vdot, Vector3& Gamma,
                       const OrthoglideDynamicsOptions& opt = {}, OrthoglideDynamicsState* state = nullptr,
                       std::string* message = nullptr);
  /// Direct dynamic model (eqs 24–30): Vdot = A_robot^{-1} (^0J_p^{-T} Gamma - h_robot). False (message)
  /// when P is out of reach or A_robot is not positive definite.
  bool directDynamics(const Vector3& P, const Vector3& V, const Vector3& Gamma, Vector3& Vdot,
                      const OrthoglideDynamicsOptions& opt = {}, OrthoglideDynamicsState* state = nullptr,
                      std::string* message = nullptr);
  /// The same with the reason as a coded message (orthoglide.* codes of model_messages.hpp).
  bool directDynamics(const Vector3& P, const Vector3& V, const Vector3& Gamma, Vector3& Vdot,
                      const OrthoglideDynamicsOptions& opt, OrthoglideDynamicsState* state, Message* why);

  /// Actuator-space inverse dynamics for controllers: Gamma for (P, V) and the actuator accelerations
  /// Lddot (Vdot = ^0J_p (Lddot + c), orthoglidePlatformAcceleration), then eqs (10)–(23).
  bool inverseDynamicsActuatorSpace(const Vector3& P, const Vector3& V, const Vector3& Lddot, Vector3& Gamma,
                                    const OrthoglideDynamicsOptions& opt = {}, std::string* message = nullptr);

 private:
  OrthoglideModel model_;
  std::array<OrthoglideChainTree, 3> tree_;
  std::array<Data, 3> dataA_, dataB_;
  VectorX qA_, qdA_, qddA_, qB_, qdB_, qddB_;
};

/// Kinetic and potential energy of the whole robot (bodies of the three chains, drive rotors, platform)
/// at the platform state (P, V), computed from the bodies' velocities: the frames of
/// orthoglideChainFrames() and the velocity recurrence along the tree in R_0 (omega_j = omega_a(j) +
/// qdot_j z_j; v_j = v_a(j) + omega_a(j) x (O_j - O_a(j)) (+ qdot_j z_j if prismatic)), T = sum 1/2 m v_G^2 +
/// 1/2 omega^T I omega + 1/2 gear^2 j_m qdot_1^2 + 1/2 M_p V^2, U = -sum m g.x_G - M_p g.P.
/// Independent of the Newton–Euler path (it is the oracle of the power-balance test).
struct OrthoglideEnergy {
  double kinetic = 0, potential = 0;
  double total() const { return kinetic + potential; }
};
bool orthoglideEnergy(const OrthoglideModel& model, const Vector3& P, const Vector3& V, OrthoglideEnergy& out);

}  // namespace maniplab
