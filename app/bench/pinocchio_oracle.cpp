// Pinocchio as a peer (optional: compiled only when the bench is configured with
// -DMANIPLAB_PINOCCHIO_INCLUDE=<include dirs of a prepared Pinocchio>, see app/bench/CMakeLists.txt). Pinocchio
// is used header-only, compiled in this translation unit with the project's own flags (release: -O3, no
// -march), so that both sides of a ratio are built alike.
//
// The Pinocchio model is built directly from ManipLab's internal Model (model.hpp), no file in between:
//   ManipLab: ^{i-1}T_i = placement_i * Rz(q_i)  (or Tz(q_i)), body i data (mass, CoM, inertia about the CoM)
//             in R_i;
//   Pinocchio: joint i with jointPlacement = placement_i (parent joint frame <- joint frame at q = 0) and a
//             JointModelRZ / JointModelPZ (rotation about / translation along the joint frame's z), body
//             inertia Inertia(m, c, I_c) appended at the identity: the same frames R_i, the same numbers.
// A tree (Model::parent) keeps its joints' order: parent joint lambda(i) is Pinocchio's joint lambda(i) + 1.
// The tool frame is an operational frame of the last joint; gravity is model.gravity (linear part); the
// armature alpha^2 j_m goes to Pinocchio's model.armature, which its rnea, crba and aba add (as ManipLab's
// armature rotor model does). The full rotor model is not representable (no row).
//
// Pinocchio's crba and aba exist in two conventions (LOCAL: quantities in the joint frames; WORLD: in the
// world frame). The oracle's M and FD calls use LOCAL; the WORLD ones are timed as extras, and the bench's
// ratio table compares ManipLab with the faster of the two. Pinocchio's crba fills the upper triangle
// only (its documented output); the cross-check copies it to the lower triangle outside the timed call,
// while ManipLab's crba fills the whole symmetric matrix inside its timed call.
#include "oracle.hpp"

#ifdef MANIPLAB_BENCH_HAVE_PINOCCHIO
#include <pinocchio/algorithm/aba.hpp>
#include <pinocchio/algorithm/crba.hpp>
#include <pinocchio/algorithm/frames.hpp>
#include <pinocchio/algorithm/kinematics.hpp>
#include <pinocchio/algorithm/rnea.hpp>
#include <pinocchio/multibody/data.hpp>
#include <pinocchio/multibody/model.hpp>
#endif

namespace maniplab::bench {

#ifdef MANIPLAB_BENCH_HAVE_PINOCCHIO
namespace {

class PinocchioOracle final : public Oracle {
 public:
  explicit PinocchioOracle(const Model& m) {
    pinocchio::JointIndex last = 0;
    for (int i = 0; i < m.nq; ++i) {
      const auto k = std::size_t(i);
      const pinocchio::SE3 X(m.placement[k].R, m.placement[k].p);
      const std::string name = "joint" + std::to_string(i + 1);
      // Pinocchio numbers its joints 1, 2, ... in the order they are added (0: the universe), so that
      // ManipLab's parent p (0-based, -1 the base) is Pinocchio's joint p + 1: a tree keeps its order of q.
      const auto parent = pinocchio::JointIndex(m.parent[k] + 1);
      if (m.isRevolute(i))
        last = model_.addJoint(parent, pinocchio::JointModelRZ(), X, name);
      else
        last = model_.addJoint(parent, pinocchio::JointModelPZ(), X, name);
      const auto& b = m.body[k];
      model_.appendBodyToJoint(last, pinocchio::Inertia(b.mass, b.com, b.inertia), pinocchio::SE3::Identity());
      const auto& a = m.actuator[k];
      model_.armature[i] = a.gear * a.gear * a.rotorInertia;
    }
    model_.gravity.linear(m.gravity);
    tool_ = model_.addFrame(
        pinocchio::Frame("tool", last, pinocchio::SE3(m.tool.R, m.tool.p), pinocchio::OP_FRAME));
    data_ = std::make_unique<pinocchio::Data>(model_);
  }

  std::string name() const override { return "Pinocchio"; }
  std::string describe() const override {
    return "Pinocchio " PINOCCHIO_VERSION
           " (header-only, compiled with the bench's flags): FK = forwardKinematics + updateFramePlacement (tool "
           "frame); RNEA = rnea; M = crba (Convention::LOCAL; upper triangle only, Pinocchio's output); FD = aba "
           "(Convention::LOCAL). crba and aba with Convention::WORLD are timed as extras; the ratio table uses "
           "the faster convention. Model built in code from ManipLab's Model (JointModelRZ/PZ with the same "
           "placements, the same body inertias; armature in model.armature).";
  }

  void setStates(const std::vector<State>& st) override { states_ = st; }

  double fk(int s) override {
    pinocchio::forwardKinematics(model_, *data_, states_[std::size_t(s)].q);
    return pinocchio::updateFramePlacement(model_, *data_, tool_).translation().x();
  }
  double rnea(int s) override {
    const auto& x = states_[std::size_t(s)];
    return pinocchio::rnea(model_, *data_, x.q, x.qd, x.qdd)[0];
  }
  double massMatrix(int s) override {
    return pinocchio::crba(model_, *data_, states_[std::size_t(s)].q, pinocchio::Convention::LOCAL)(0, 0);
  }
  double forwardDynamics(int s) override {
    const auto& x = states_[std::size_t(s)];
    return pinocchio::aba(model_, *data_, x.q, x.qd, x.tau, pinocchio::Convention::LOCAL)[0];
  }

  Transform fkResult() const override {
    Transform t;
    t.R = data_->oMf[tool_].rotation();
    t.p = data_->oMf[tool_].translation();
    return t;
  }
  VectorX tauResult() const override { return data_->tau; }
  MatrixX massResult() const override {
    MatrixX M = data_->M;
    M.triangularView<Eigen::StrictlyLower>() = M.transpose();
    return M;
  }
  VectorX qddResult() const override { return data_->ddq; }

  std::vector<ExtraTiming> extras() override {
    return {
        {"M", "Pinocchio crba (Convention::WORLD)",
         [this](int s) {
           return pinocchio::crba(model_, *data_, states_[std::size_t(s)].q, pinocchio::Convention::WORLD)(0, 0);
         }},
        {"FD", "Pinocchio aba (Convention::WORLD)",
         [this](int s) {
           const auto& x = states_[std::size_t(s)];
           return pinocchio::aba(model_, *data_, x.q, x.qd, x.tau, pinocchio::Convention::WORLD)[0];
         }},
    };
  }

 private:
  pinocchio::Model model_;
  std::unique_ptr<pinocchio::Data> data_;
  pinocchio::FrameIndex tool_ = 0;
  std::vector<State> states_;
};

}  // namespace

std::unique_ptr<Oracle> makePinocchioOracle(const Model& model, std::string* why) {
  if (model.rotorModel == RotorModel::Full) {
    for (const auto& a : model.actuator)
      if (a.rotorInertia != 0 || a.rotorTransverse != 0) {
        if (why) *why = "full rotor model not representable in Pinocchio";
        return nullptr;
      }
  }
  return std::make_unique<PinocchioOracle>(model);
}
std::string pinocchioVersion() { return PINOCCHIO_VERSION; }

#else

std::unique_ptr<Oracle> makePinocchioOracle(const Model&, std::string* why) {
  if (why) *why = "not configured (-DMANIPLAB_PINOCCHIO_INCLUDE)";
  return nullptr;
}
std::string pinocchioVersion() { return {}; }

#endif

}  // namespace maniplab::bench
