// Cartesian computed torque in operational space (the course notes Dynamique des robots séries §5): tau = J^T (M_x a + mu_x + g_x).
#include "maniplab/sim/control/operational_space_controller.hpp"

#include <stdexcept>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/friction.hpp"
#include "maniplab/model/jacobian.hpp"

namespace maniplab::sim {

OperationalSpaceController::OperationalSpaceController(std::string name, const Model& ownModel, const Vector6& kp,
                                                       const Vector6& kv, FrictionCompensation friction,
                                                       const OperationalSpaceOptions& options)
    : name_(std::move(name)), model_(ownModel), data_(model_), kp_(kp), kv_(kv), friction_(friction), opt_(options),
      JdotD_(Matrix6X::Zero(6, ownModel.nq)) {
  if (ownModel.nq != 6)
    throw std::invalid_argument("operational-space controller: '" + ownModel.name + "' has " +
                                std::to_string(ownModel.nq) + " joints; 6 are required (square Jacobian)");
  if (!kp.allFinite() || !kv.allFinite() || (kp.array() < 0).any() || (kv.array() < 0).any())
    throw std::invalid_argument("operational-space controller: gains must be finite and non-negative");
}

void OperationalSpaceController::reset(int) {
  e_.setZero();
  ed_.setZero();
}

void OperationalSpaceController::compute(const ControlInput& in, VectorX& tau) {
  const JointReference& r = *in.ref;
  // Cartesian reference from the joint reference (own model): pose, twist, acceleration.
  forwardKinematics(model_, data_, r.q);
  poseD_ = data_.oMtool;
  computeJacobian(model_, data_, JacobianFrame::Base);
  Jd_ = data_.J;
  jacobianTimeDerivative(model_, data_, r.qd, Eigen::Ref<Matrix6X>(JdotD_));
  xdD_ = Jd_ * r.qd;
  xddD_ = Jd_ * r.qdd + JdotD_ * r.qd;
  // Operational-space model at the measured state (leaves FK at q in data_).
  operationalSpaceModel(model_, data_, *in.q, *in.qd, os_, opt_);
  const Transform& X = data_.oMtool;
  e_ << orientationError(poseD_.R, X.R), poseD_.p - X.p;
  ed_ = xdD_ - os_.xd;
  const Vector6 a = xddD_ + kv_.cwiseProduct(ed_) + kp_.cwiseProduct(e_);
  const Vector6 F = os_.Mx * a + os_.mux + os_.gx;
  tau = os_.J.transpose() * F;
  const VectorX& qd = *in.qd;
  if (friction_ == FrictionCompensation::Full) {
    for (int i = 0; i < tau.size(); ++i) tau[i] += jointFriction(model_.actuator[std::size_t(i)], qd[i]);
  } else if (friction_ == FrictionCompensation::CoulombOnly) {
    for (int i = 0; i < tau.size(); ++i) {
      const auto& act = model_.actuator[std::size_t(i)];
      tau[i] += qd[i] > 0 ? act.coulombPos : qd[i] < 0 ? -act.coulombNeg : 0.0;
    }
  }
}

}  // namespace maniplab::sim
