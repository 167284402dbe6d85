// Orocos KDL as an oracle. The KDL chain is built from ManipLab's internal Model (model.hpp):
//   ManipLab: ^{i-1}T_i = placement_i * Rz(q_i)  (or Tz(q_i)), body i data in R_i.
//   KDL:      segment i = joint at its root (RotZ / TransZ about the root frame's z) followed by the
//             constant tip frame f_tip; pose_i(q) = Joint(q) * f_tip; the segment's RigidBodyInertia is
//             expressed in (and referred to the origin of) the segment TIP frame.
// So segment i (0-based) gets f_tip = placement_{i+1} (the last one gets the tool frame); its root frame is
// then R_i at q_i = 0 "before the rotation", i.e. R_i = root * Rz(q_i), and the tip frame F_i satisfies
// R_i <- F_i = f_tip. Body i's inertia, given at the CoM in R_i, is built as RigidBodyInertia(m, com, I_com)
// (KDL's constructor: mass, vector from the reference point to the CoM, rotational inertia about the
// CoM, all in the frame of expression, here R_i), then moved into F_i with f_tip.Inverse() * I
// (KDL: Ia = T_a_b * Ib). placement_1 is folded into the KDL base frame: the chain's base is the frame
// world <- placement_1, gravity is given to KDL in that frame (R_1^T g) and the FK result is premultiplied
// by placement_1 outside the timed region (none of the benchmark robots has a non-identity placement_1
// except robot files with a base transform). Armature alpha^2 j_m is passed as KDL's Joint inertia,
// which ChainIdSolver_RNE and ChainDynParam add on the diagonal (same as ManipLab's armature model).
#include "oracle.hpp"

#ifdef MANIPLAB_BENCH_HAVE_KDL
#include <kdl/chain.hpp>
#include <kdl/chaindynparam.hpp>
#include <kdl/chainfdsolver_recursive_newton_euler.hpp>
#include <kdl/chainfksolverpos_recursive.hpp>
#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#include <kdl/config.h>
#include <kdl/jntarray.hpp>
#include <kdl/jntspaceinertiamatrix.hpp>
#endif

namespace maniplab::bench {

#ifdef MANIPLAB_BENCH_HAVE_KDL
namespace {

KDL::Frame toKdl(const Transform& t) {
  return KDL::Frame(KDL::Rotation(t.R(0, 0), t.R(0, 1), t.R(0, 2), t.R(1, 0), t.R(1, 1), t.R(1, 2), t.R(2, 0),
                                  t.R(2, 1), t.R(2, 2)),
                    KDL::Vector(t.p.x(), t.p.y(), t.p.z()));
}

Transform fromKdl(const KDL::Frame& f) {
  Transform t;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) t.R(r, c) = f.M(r, c);
    t.p[r] = f.p[r];
  }
  return t;
}

KDL::JntArray toJnt(const VectorX& v) {
  KDL::JntArray a(unsigned(v.size()));
  a.data = v;
  return a;
}

class KdlOracle final : public Oracle {
 public:
  explicit KdlOracle(const Model& m) : n_(m.nq), base_(m.placement.empty() ? Transform() : m.placement[0]) {
    for (int i = 0; i < n_; ++i) {
      const auto k = std::size_t(i);
      const auto& act = m.actuator[k];
      const double armature = act.gear * act.gear * act.rotorInertia;
      const KDL::Joint joint(m.jointName[k], m.isRevolute(i) ? KDL::Joint::RotZ : KDL::Joint::TransZ, 1.0, 0.0,
                             armature);
      const Transform tip = i + 1 < n_ ? m.placement[k + 1] : m.tool;
      const KDL::Frame ftip = toKdl(tip);
      const auto& b = m.body[k];
      const KDL::RotationalInertia Ic(b.inertia(0, 0), b.inertia(1, 1), b.inertia(2, 2), b.inertia(0, 1),
                                      b.inertia(0, 2), b.inertia(1, 2));
      const KDL::RigidBodyInertia Ii(b.mass, KDL::Vector(b.com.x(), b.com.y(), b.com.z()), Ic);
      chain_.addSegment(KDL::Segment("body" + std::to_string(i + 1), joint, ftip, ftip.Inverse() * Ii));
    }
    const Vector3 g = base_.R.transpose() * m.gravity;
    const KDL::Vector grav(g.x(), g.y(), g.z());
    fk_ = std::make_unique<KDL::ChainFkSolverPos_recursive>(chain_);
    id_ = std::make_unique<KDL::ChainIdSolver_RNE>(chain_, grav);
    dyn_ = std::make_unique<KDL::ChainDynParam>(chain_, grav);
    fd_ = std::make_unique<KDL::ChainFdSolver_RNE>(chain_, grav);
    wrenches_.assign(chain_.getNrOfSegments(), KDL::Wrench::Zero());
    tau_ = KDL::JntArray(unsigned(n_));
    qdd_ = KDL::JntArray(unsigned(n_));
    M_ = KDL::JntSpaceInertiaMatrix(unsigned(n_));
  }

  std::string name() const override { return "KDL"; }
  std::string describe() const override {
    return "KDL " KDL_VERSION_STRING
           ": FK = ChainFkSolverPos_recursive::JntToCart (tip frame only); RNEA = ChainIdSolver_RNE::CartToJnt "
           "(zero external wrenches); M = ChainDynParam::JntToMass (composite-rigid-body); FD = "
           "ChainFdSolver_RNE::CartToJnt (JntToMass + RNE with qdd = 0 + LDL^T solve, all inside KDL). "
           "Inputs are prebuilt KDL::JntArray per state.";
  }

  void setStates(const std::vector<State>& st) override {
    q_.clear(); qd_.clear(); qdda_.clear(); taua_.clear();
    for (const auto& s : st) {
      q_.push_back(toJnt(s.q)); qd_.push_back(toJnt(s.qd));
      qdda_.push_back(toJnt(s.qdd)); taua_.push_back(toJnt(s.tau));
    }
  }

  double fk(int s) override {
    fk_->JntToCart(q_[std::size_t(s)], frame_);
    return frame_.p.x();
  }
  double rnea(int s) override {
    const auto k = std::size_t(s);
    id_->CartToJnt(q_[k], qd_[k], qdda_[k], wrenches_, tau_);
    return tau_(0);
  }
  double massMatrix(int s) override {
    dyn_->JntToMass(q_[std::size_t(s)], M_);
    return M_(0, 0);
  }
  double forwardDynamics(int s) override {
    const auto k = std::size_t(s);
    fd_->CartToJnt(q_[k], qd_[k], taua_[k], wrenches_, qdd_);
    return qdd_(0);
  }

  Transform fkResult() const override { return base_ * fromKdl(frame_); }
  VectorX tauResult() const override { return tau_.data; }
  MatrixX massResult() const override { return M_.data; }
  VectorX qddResult() const override { return qdd_.data; }

 private:
  int n_;
  Transform base_;
  KDL::Chain chain_;  // the solvers keep a reference: declared before them, never moved
  std::unique_ptr<KDL::ChainFkSolverPos_recursive> fk_;
  std::unique_ptr<KDL::ChainIdSolver_RNE> id_;
  std::unique_ptr<KDL::ChainDynParam> dyn_;
  std::unique_ptr<KDL::ChainFdSolver_RNE> fd_;
  KDL::Wrenches wrenches_;
  std::vector<KDL::JntArray> q_, qd_, qdda_, taua_;
  KDL::Frame frame_;
  KDL::JntArray tau_, qdd_;
  KDL::JntSpaceInertiaMatrix M_;
};

}  // namespace

std::unique_ptr<Oracle> makeKdlOracle(const Model& model, std::string* why) {
  if (!model.isChain()) {  // KDL's chain solvers; its trees have no dynamics solver
    if (why) *why = "a kinematic tree (KDL's dynamics solvers take a chain)";
    return nullptr;
  }
  if (model.rotorModel == RotorModel::Full) {
    bool rotor = false;
    for (const auto& a : model.actuator) rotor = rotor || a.rotorInertia != 0 || a.rotorTransverse != 0;
    if (rotor) {
      if (why) *why = "full rotor model not representable in KDL";
      return nullptr;
    }
  }
  return std::make_unique<KdlOracle>(model);
}
std::string kdlVersion() { return KDL_VERSION_STRING; }

#else

std::unique_ptr<Oracle> makeKdlOracle(const Model&, std::string* why) {
  if (why) *why = "Orocos KDL not found at configure time";
  return nullptr;
}
std::string kdlVersion() { return {}; }

#endif

}  // namespace maniplab::bench
