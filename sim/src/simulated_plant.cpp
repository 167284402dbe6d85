// Simulated plant: forward dynamics (Llibre, Mampey & Chrétien 1983 §IV) stepped by the plants' integrator (explicit Euler of
// Zanaboni 2009 eq 9.2, RK4, Dormand–Prince 5(4)), zero-order-hold torque, saturation, limits, sensor chain.
#include "maniplab/sim/simulated_plant.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "maniplab/sim/sim_messages.hpp"

namespace maniplab::sim {

namespace {

/// [q (m); qd (m)] of the independent joints (every joint without coupled ones): positions paired with their
/// velocities; the speed guard of each joint.
std::vector<StateCoordinate> serialLayout(const Model& m, const CouplingMap& map) {
  const int n = map.m;
  std::vector<StateCoordinate> c(std::size_t(2 * n));
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const int j = map.independent[k];
    const Message joint = jointLabelMessage(j, m.jointName[std::size_t(j)]);
    const Message position = message(msg::kCoordinatePosition, {joint});
    const Message velocity = message(msg::kCoordinateVelocity, {joint});
    c[k] = {position.text, std::numeric_limits<double>::infinity(), n + i, position};
    const double vlim = m.limits[std::size_t(j)].velocity;
    c[std::size_t(n + i)] = {velocity.text, std::max(1e4, 100.0 * (vlim < 1e299 ? vlim : 100.0)), -1, velocity};
  }
  return c;
}

}  // namespace

SimulatedPlant::SimulatedPlant(const Model& model, const PlantOptions& options)
    : model_(model), opt_(options), data_(model_), coupling_(couplingMap(model_)), cdata_(coupling_),
      integ_(serialLayout(model_, coupling_), integratorOptions(opt_)) {
  const int n = model_.nq;
  rneaOpt_.gravity = opt_.gravity;
  rneaOpt_.friction = opt_.friction;
  rneaOpt_.frictionSmoothing = opt_.coulombSmoothing;
  q_ = qd_ = qx_ = qdx_ = tauHeld_ = VectorX::Zero(n);
  qInd_ = qdInd_ = VectorX::Zero(coupling_.m);
  limitState_.assign(std::size_t(n), 0);
  limitEvents_.reserve(64);
  sensor_.configure(n, opt_.measurement, opt_.period);
}

BackendStatus SimulatedPlant::reset(const VectorX& q0, const VectorX& qd0) {
  const int n = model_.nq;
  if (q0.size() != n || qd0.size() != n) return {false, "initial state has the wrong size"};
  std::vector<double>& x = integ_.state();
  const int m = coupling_.m;
  for (int c = 0; c < m; ++c) {
    const int i = coupling_.independent[std::size_t(c)];
    x[std::size_t(c)] = q0[i];
    x[std::size_t(m + c)] = qd0[i];
  }
  integ_.reset(0.0);
  tauHeld_.setZero();
  singularJoint_ = -1;
  limitEvents_.clear();
  std::fill(limitState_.begin(), limitState_.end(), 0);
  copyState();  // q0, qd0 (their coupled joints made to follow)
  sensor_.reset(q_, qd_);
  const BackendStatus st = integ_.checkState();
  if (st.ok) updateJoints();
  return st;
}

void SimulatedPlant::writeTorque(const VectorX& tau) {
  bool changed = false;
  for (int i = 0; i < model_.nq; ++i) {
    double v = tau[i];
    if (opt_.saturateTorque) {
      const double lim = model_.limits[std::size_t(i)].effort;
      v = std::clamp(v, -lim, lim);
    }
    changed |= v != tauHeld_[i];
    tauHeld_[i] = v;
  }
  if (changed) integ_.inputChanged();
}

bool SimulatedPlant::derivative(const double* x, double* dxdt) {
  if (!coupling_.identity()) return coupledDerivative(x, dxdt);
  const int n = model_.nq;
  // Element loops, not std::copy_n: for a handful of doubles a call to memmove costs more than the copy.
  double* qx = qx_.data();
  double* qdx = qdx_.data();
  for (int i = 0; i < n; ++i) {
    qx[i] = x[i];
    qdx[i] = x[n + i];
    dxdt[i] = x[n + i];
  }
  const int bad = forwardDynamics(model_, data_, qx_, qdx_, tauHeld_, rneaOpt_, opt_.method);
  if (bad >= 0) return singular(bad, x, 2 * n, dxdt + n, n);
  const double* qdd = data_.qdd.data();
  for (int i = 0; i < n; ++i) dxdt[n + i] = qdd[i];
  return true;
}

bool SimulatedPlant::coupledDerivative(const double* x, double* dxdt) {
  const int m = coupling_.m;
  for (int c = 0; c < m; ++c) {
    qInd_[c] = x[c];
    qdInd_[c] = x[m + c];
    dxdt[c] = x[m + c];
  }
  expandPositions(coupling_, qInd_, qx_);
  expandRates(coupling_, qdInd_, qdx_);
  const int bad = coupledForwardDynamics(model_, coupling_, data_, cdata_, qx_, qdx_, tauHeld_, rneaOpt_);
  if (bad >= 0) return singular(bad, x, 2 * m, dxdt + m, m);
  for (int c = 0; c < m; ++c) dxdt[m + c] = cdata_.qddInd[c];
  return true;
}

bool SimulatedPlant::singular(int joint, const double* x, int size, double* accelerations, int count) {
  std::fill_n(accelerations, count, std::numeric_limits<double>::quiet_NaN());
  // A state or torque that is not finite fails the same test: that is a divergence, which the
  // integrator reports from the state, not a singular mass matrix.
  if (!std::all_of(x, x + size, [](double v) { return std::isfinite(v); }) || !tauHeld_.allFinite()) return true;
  if (singularJoint_ < 0) singularJoint_ = joint;
  return false;
}

std::string SimulatedPlant::fault() const { return faultMessage().text; }

Message SimulatedPlant::faultMessage() const {
  const int j = std::max(0, singularJoint_);
  return message(msg::kSingularMassMatrix, {jointLabelMessage(j, model_.jointName[std::size_t(j)])});
}

BackendStatus SimulatedPlant::advance(double dt) {
  long ticks = 0;
  if (const BackendStatus st = integ_.ticksIn(dt, ticks); !st.ok) return st;
  for (long k = 0; k < ticks; ++k) {
    const BackendStatus st = integ_.tick(*this);
    if (!st.ok) {
      copyState();  // position() and velocity() show where it failed
      return st;
    }
    updateJoints();
    sensor_.sample(q_, qd_);
  }
  return {};
}

void SimulatedPlant::copyState() {
  const std::vector<double>& x = integ_.state();
  if (!coupling_.identity()) {
    const int m = coupling_.m;
    for (int c = 0; c < m; ++c) {
      qInd_[c] = x[std::size_t(c)];
      qdInd_[c] = x[std::size_t(m + c)];
    }
    expandPositions(coupling_, qInd_, q_);
    expandRates(coupling_, qdInd_, qd_);
    return;
  }
  const int n = model_.nq;
  for (int i = 0; i < n; ++i) {
    q_[i] = x[std::size_t(i)];
    qd_[i] = x[std::size_t(n + i)];
  }
}

void SimulatedPlant::updateJoints() {
  const int n = model_.nq;
  copyState();
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const auto& L = model_.limits[k];
    const int state = q_[i] > L.upper ? 1 : q_[i] < L.lower ? -1 : 0;
    if (state != 0 && state != limitState_[k]) limitEvents_.push_back({integ_.time(), i, state > 0, q_[i]});
    limitState_[k] = state;
  }
}

}  // namespace maniplab::sim
