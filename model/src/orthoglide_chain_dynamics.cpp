// Orthoglide chain dynamic model from the equivalent tree structure (cut joint q_8i): Guégan, Khalil, Chablat & Wenger 2002 annex
// eqs (31)-(37) and eq (11); H_ar by the core's Newton-Euler (Llibre, Mampey & Chrétien 1983 §II, rnea.hpp) on two serial
// branches of the tree (orthoglide_tables.hpp), A_i and h_i as in Guégan, Khalil, Chablat & Wenger 2002 §V.A.
#include <numbers>

#include "maniplab/model/orthoglide_dynamics.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab {

OrthoglideDynamics::OrthoglideDynamics(const OrthoglideModel& model) : model_(model) {
  for (int i = 0; i < 3; ++i) {
    const auto k = std::size_t(i);
    tree_[k] = orthoglideChainTree(model_, i);
    dataA_[k] = Data(tree_[k].branchA);
    dataB_[k] = Data(tree_[k].branchB);
  }
  qA_ = qdA_ = qddA_ = VectorX::Zero(5);
  qB_ = qdB_ = qddB_ = VectorX::Zero(3);
}

Vector3 OrthoglideDynamics::chainInverseDynamics(int i, const Vector3& q, const Vector3& qd, const Vector3& qdd,
                                                 const OrthoglideDynamicsOptions& opt) {
  const auto k = std::size_t(i);
  // Eq (34): q_4 = -q_3, q_5 = -q_2 - pi/2, q_7 = q_3; q_ar-dot = G q-dot, q_ar-ddot = G q-ddot (G constant, eq 37).
  qA_ << q[0], q[1], q[2], -q[2], -q[1] - std::numbers::pi / 2;
  qdA_ << qd[0], qd[1], qd[2], -qd[2], -qd[1];
  qddA_ << qdd[0], qdd[1], qdd[2], -qdd[2], -qdd[1];
  qB_ << q[0], q[1], q[2];
  qdB_ << qd[0], qd[1], qd[2];
  qddB_ << qdd[0], qdd[1], qdd[2];
  RneaOptions ro;
  ro.gravity = opt.gravity;
  ro.friction = opt.friction;
  ro.frictionSmoothing = opt.frictionSmoothing;
  const VectorX& tA = rnea(tree_[k].branchA, dataA_[k], qA_, qdA_, qddA_, ro);
  const VectorX& tB = rnea(tree_[k].branchB, dataB_[k], qB_, qdB_, qddB_, ro);
  // Eq (31): Gamma_ar = [G1 G2 G3 G4 G5 G7] with the shared joints 1, 2 summed over both branches.
  const double g1 = tA[0] + tB[0], g2 = tA[1] + tB[1], g3 = tA[2], g4 = tA[3], g5 = tA[4], g7 = tB[2];
  // Eqs (35)-(37): H_i = G^T Gamma_ar.
  return Vector3(g1, g2 - g5, g3 - g4 + g7);
}

OrthoglideChainTerms OrthoglideDynamics::chainTerms(int i, const Vector3& q, const Vector3& qd,
                                                    const OrthoglideDynamicsOptions& opt) {
  OrthoglideChainTerms t;
  OrthoglideDynamicsOptions inertial;
  inertial.gravity = false;
  inertial.friction = false;
  for (int c = 0; c < 3; ++c) t.A.col(c) = chainInverseDynamics(i, q, Vector3::Zero(), Vector3::Unit(c), inertial);
  t.h = chainInverseDynamics(i, q, qd, Vector3::Zero(), opt);
  return t;
}

}  // namespace maniplab
