// The free-floating base + arm plant (Llibre, Mampey & Chrétien 1983 §IV.2, the satellite + arm of [CHR 82]):
// the base C_0 and the arm's joints stepped together by the plants' integrator (explicit Euler of Zanaboni 2009
// eq 9.2, RK4, Dormand–Prince 5(4)), behind the same Backend interface as the fixed-base plant (dof = the arm's
// joints; the base state is read with baseState()).
//
// State y = [p_0 (3), quaternion of R_0 (w, x, y, z) (4), q (n), nu_0 = [omega; v] (6, base coords), qd (n), W (1)]:
//   p_0' = R_0 v,   quat' = 1/2 quat (x) (0, omega),   q' = qd,   nu_0' = a_0,   qd' = qdd,   W' = qd . tau_net
// with (a_0, qdd) from floatingBaseAba (or the augmented mass matrix, FloatingPlantOptions::crba) and W the work of
// the joint torques (friction included). The quaternion is renormalised after every plant tick (projection back on
// the unit sphere); R_0 is always built from the normalised quaternion. No gravity; the external wrench on the base
// is constant in base coordinates [moment at the base origin; force].
#include "maniplab/sim/floating_base/plant.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "maniplab/model/friction.hpp"

namespace maniplab::sim {

namespace {

// Layout: [p0 0..2, quat 3..6 (w x y z), q 7..7+n-1, nu0 7+n..12+n, qd 13+n..12+2n, W 13+2n]
std::vector<StateCoordinate> floatingLayout(const FloatingBaseModel& fm) {
  const Model& m = fm.arm;
  const int n = m.nq;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<StateCoordinate> c(std::size_t(14 + 2 * n));
  const char* xyz[3] = {"x", "y", "z"};
  const char* wxyz[4] = {"w", "x", "y", "z"};
  for (int a = 0; a < 3; ++a) c[std::size_t(a)] = {std::string("base position ") + xyz[a], inf, -1};
  for (int a = 0; a < 4; ++a) c[std::size_t(3 + a)] = {std::string("base quaternion ") + wxyz[a], inf, -1};
  for (int a = 0; a < 3; ++a) {
    c[std::size_t(7 + n + a)] = {std::string("base angular velocity ") + xyz[a], inf, -1};
    c[std::size_t(10 + n + a)] = {std::string("base linear velocity ") + xyz[a], inf, -1};
  }
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const std::string joint = jointLabel(i, k < m.jointName.size() ? m.jointName[k] : std::string());
    const double vlim = k < m.limits.size() ? m.limits[k].velocity : inf;
    c[std::size_t(7 + i)] = {joint + " position", inf, 13 + n + i};
    c[std::size_t(13 + n + i)] = {joint + " velocity", std::max(1e4, 100.0 * (vlim < 1e299 ? vlim : 100.0)), -1};
  }
  c[std::size_t(13 + 2 * n)] = {"joint work", inf, -1};
  return c;
}

const FloatingBaseModel& validated(const FloatingBaseModel& model) {
  const std::string bad = validateFloatingBase(model);
  if (!bad.empty()) throw std::invalid_argument("floating base: " + bad);
  return model;
}

}  // namespace

FloatingBasePlant::FloatingBasePlant(const FloatingBaseModel& model, const FloatingPlantOptions& options)
    : model_(validated(model)), opt_(options), data_(model_), integ_(floatingLayout(model_), integratorOptions(opt_)) {
  const int n = model_.arm.nq;
  tau_ = qx_ = qdx_ = tauNet_ = VectorX::Zero(n);
  state_.q = state_.qd = VectorX::Zero(n);
}

void FloatingBasePlant::setBaseState(const Transform& pose, const Vector6& velocity) {
  pose0_ = pose;
  nu0_ = velocity;
}

BackendStatus FloatingBasePlant::reset(const VectorX& q0, const VectorX& qd0) {
  const int n = model_.arm.nq;
  if (q0.size() != n || qd0.size() != n) return {false, "initial state has the wrong size"};
  if (!q0.allFinite() || !qd0.allFinite() || !nu0_.allFinite() || !pose0_.p.allFinite())
    return {false, "initial state is not finite"};
  std::vector<double>& x = integ_.state();
  const Eigen::Quaterniond qt(pose0_.R);
  x[0] = pose0_.p.x(); x[1] = pose0_.p.y(); x[2] = pose0_.p.z();
  x[3] = qt.w(); x[4] = qt.x(); x[5] = qt.y(); x[6] = qt.z();
  for (int i = 0; i < n; ++i) {
    x[std::size_t(7 + i)] = q0[i];
    x[std::size_t(13 + n + i)] = qd0[i];
  }
  for (int i = 0; i < 6; ++i) x[std::size_t(7 + n + i)] = nu0_[i];
  x[std::size_t(13 + 2 * n)] = 0.0;
  tau_.setZero();
  integ_.reset(0.0);
  work_ = 0;
  fault_ = -1;
  unpack();
  return {};
}

void FloatingBasePlant::writeTorque(const VectorX& tau) {
  if (tau_.size() == tau.size() && tau_ == tau) return;
  tau_ = tau;
  integ_.inputChanged();
}

void FloatingBasePlant::unpack() {
  const int n = model_.arm.nq;
  const std::vector<double>& x = integ_.state();
  Eigen::Quaterniond qt(x[3], x[4], x[5], x[6]);
  qt.normalize();
  state_.basePose.R = qt.toRotationMatrix();
  state_.basePose.p = Vector3(x[0], x[1], x[2]);
  for (int i = 0; i < 6; ++i) state_.baseVelocity[i] = x[std::size_t(7 + n + i)];
  for (int i = 0; i < n; ++i) {
    state_.q[i] = x[std::size_t(7 + i)];
    state_.qd[i] = x[std::size_t(13 + n + i)];
  }
  work_ = x[std::size_t(13 + 2 * n)];
}

bool FloatingBasePlant::derivative(const double* x, double* dxdt) {
  const int n = model_.arm.nq;
  Eigen::Quaterniond qt(x[3], x[4], x[5], x[6]);
  const double qn = qt.norm();
  const Matrix3 R = Eigen::Quaterniond(qt.coeffs() / qn).toRotationMatrix();
  Vector6 nu;
  for (int i = 0; i < 6; ++i) nu[i] = x[7 + n + i];
  for (int i = 0; i < n; ++i) {
    qx_[i] = x[7 + i];
    qdx_[i] = x[13 + n + i];
  }
  tauNet_ = tau_;
  if (opt_.friction)
    for (int i = 0; i < n; ++i)
      tauNet_[i] -= jointFriction(model_.arm.actuator[std::size_t(i)], qdx_[i], opt_.coulombSmoothing);
  const Vector6* w = opt_.baseWrench.isZero() ? nullptr : &opt_.baseWrench;
  const int r = opt_.crba ? floatingBaseForwardDynamicsCrba(model_, data_, nu, qx_, qdx_, tauNet_, w)
                          : floatingBaseAba(model_, data_, nu, qx_, qdx_, tauNet_, w);
  // A state or torque that is not finite is a divergence (reported from the state), not a fault.
  const bool finite = r == -1 || (std::all_of(x, x + integ_.size(), [](double v) { return std::isfinite(v); }) &&
                                  tauNet_.allFinite());
  if (r != -1 && finite && fault_ == -1) fault_ = r;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Vector3 pd = R * nu.tail<3>();
  for (int i = 0; i < 3; ++i) dxdt[i] = pd[i];
  // quat' = 1/2 quat (x) (0, omega)
  const Eigen::Quaterniond qdot = qt * Eigen::Quaterniond(0, nu[0], nu[1], nu[2]);
  dxdt[3] = 0.5 * qdot.w(); dxdt[4] = 0.5 * qdot.x(); dxdt[5] = 0.5 * qdot.y(); dxdt[6] = 0.5 * qdot.z();
  for (int i = 0; i < n; ++i) {
    dxdt[7 + i] = qdx_[i];
    dxdt[13 + n + i] = r == -1 ? data_.qdd[i] : nan;
  }
  for (int i = 0; i < 6; ++i) dxdt[7 + n + i] = r == -1 ? data_.baseAcceleration[i] : nan;
  dxdt[13 + 2 * n] = qdx_.dot(tauNet_);  // power of the joint torques (friction included)
  return r == -1 || !finite;
}

std::string FloatingBasePlant::fault() const {
  if (fault_ >= 0)
    return "the articulated inertia of " +
           jointLabel(fault_, std::size_t(fault_) < model_.arm.jointName.size() ? model_.arm.jointName[std::size_t(fault_)] : "") +
           " is not positive";
  if (fault_ == -3) return "the base's articulated inertia (or the augmented mass matrix) is singular";
  return "the full rotor model is not supported on a floating base";
}

BackendStatus FloatingBasePlant::advance(double dt) {
  long ticks = 0;
  if (const BackendStatus st = integ_.ticksIn(dt, ticks); !st.ok) return st;
  std::vector<double>& x = integ_.state();
  for (long k = 0; k < ticks; ++k) {
    const BackendStatus st = integ_.tick(*this);
    if (st.ok) {  // project the quaternion back on the unit sphere
      const double qn = std::sqrt(x[3] * x[3] + x[4] * x[4] + x[5] * x[5] + x[6] * x[6]);
      for (int i = 3; i < 7; ++i) x[std::size_t(i)] /= qn;
    }
    unpack();
    if (!st.ok) return st;
  }
  return {};
}

FloatingBaseConserved FloatingBasePlant::conserved() { return floatingBaseConserved(model_, data_, state_); }

}  // namespace maniplab::sim
