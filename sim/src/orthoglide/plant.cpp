// Simulated Orthoglide: the platform state (P, V) stepped by the plants' integrator (explicit Euler of
// Zanaboni 2009 eq 9.2, RK4, Dormand-Prince 5(4)) from the direct dynamic model of Guégan, Khalil,
// Chablat & Wenger 2002, eqs (24)-(30).
#include "maniplab/sim/orthoglide/plant.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace maniplab::sim {

namespace {

/// [P (3); V (3)], each position paired with its velocity; no speed bound (leaving the workspace stops
/// a blow-up first).
std::vector<StateCoordinate> platformLayout() {
  std::vector<StateCoordinate> c(6);
  const char* axis[3] = {"X", "Y", "Z"};
  for (int k = 0; k < 3; ++k) {
    c[std::size_t(k)] = {std::string("platform ") + axis[k] + " position", std::numeric_limits<double>::infinity(), 3 + k};
    c[std::size_t(3 + k)] = {std::string("platform ") + axis[k] + " velocity", std::numeric_limits<double>::infinity(), -1};
  }
  return c;
}

}  // namespace

OrthoglidePlant::OrthoglidePlant(const OrthoglideModel& model, const PlantOptions& options)
    : dyn_(model), opt_(options), integ_(platformLayout(), integratorOptions(opt_)), L_(VectorX::Zero(3)),
      Ld_(VectorX::Zero(3)), gammaHeld_(VectorX::Zero(3)), limitState_(3, 0) {
  dynOpt_.gravity = opt_.gravity;
  dynOpt_.friction = opt_.friction;
  dynOpt_.frictionSmoothing = opt_.coulombSmoothing;
  limitEvents_.reserve(64);
}

BackendStatus OrthoglidePlant::reset(const VectorX& q0, const VectorX& qd0) {
  if (q0.size() != 3 || qd0.size() != 3) return {false, "orthoglide plant: the initial state needs 3 actuator values"};
  Vector3 P;
  std::string why;
  if (!orthoglideForwardGeometric(model(), q0, model().home, P, {}, &why)) return {false, "initial state: " + why};
  OrthoglideChainVariables q;
  orthoglideInverseGeometric(model(), P, q);
  const Vector3 V = orthoglideInverseJacobian(model(), q).partialPivLu().solve(Vector3(qd0));
  return resetPlatform(P, V);
}

BackendStatus OrthoglidePlant::resetPlatform(const Vector3& P, const Vector3& V) {
  std::vector<double>& x = integ_.state();
  for (int k = 0; k < 3; ++k) {
    x[std::size_t(k)] = P[k];
    x[std::size_t(k + 3)] = V[k];
  }
  integ_.reset(0.0);
  fault_.clear();
  limitEvents_.clear();
  limitState_.assign(3, 0);
  gammaHeld_.setZero();
  if (const BackendStatus st = integ_.checkState(); !st.ok) return st;
  return updateJoints();
}

void OrthoglidePlant::writeTorque(const VectorX& tau) {
  bool changed = false;
  for (int i = 0; i < 3; ++i) {
    double g = tau[i];
    const double e = model().chain[std::size_t(i)].limits.effort;
    if (opt_.saturateTorque) g = std::clamp(g, -e, e);
    changed |= g != gammaHeld_[i];
    gammaHeld_[i] = g;
  }
  if (changed) integ_.inputChanged();
}

bool OrthoglidePlant::derivative(const double* x, double* dxdt) {
  const Vector3 P(x[0], x[1], x[2]), V(x[3], x[4], x[5]);
  Vector3 A = Vector3::Zero();
  bool ok = fault_.empty();
  if (ok) {
    std::string why;
    ok = dyn_.directDynamics(P, V, gammaHeld_, A, dynOpt_, nullptr, &why);
    // A state or force that is not finite is a divergence (reported from the state), not a fault.
    if (!ok && (!std::all_of(x, x + 6, [](double v) { return std::isfinite(v); }) || !gammaHeld_.allFinite())) {
      A.setConstant(std::numeric_limits<double>::quiet_NaN());
      ok = true;
    } else if (!ok) {
      fault_ = why;
    }
  }
  if (!ok) A.setConstant(std::numeric_limits<double>::quiet_NaN());
  for (int k = 0; k < 3; ++k) {
    dxdt[k] = V[k];
    dxdt[k + 3] = A[k];
  }
  return ok;
}

BackendStatus OrthoglidePlant::updateJoints() {
  OrthoglideChainVariables q;
  std::string why;
  if (!orthoglideInverseGeometric(model(), platformPosition(), q, &why)) {
    std::ostringstream s;
    s << "t = " << integ_.time() << " s: the platform left the reachable workspace: " << why;
    return {false, s.str()};
  }
  const Matrix3 Jpinv = orthoglideInverseJacobian(model(), q);
  const Vector3 Ld = Jpinv * platformVelocity();
  for (int i = 0; i < 3; ++i) {
    L_[i] = q[std::size_t(i)][0];
    Ld_[i] = Ld[i];
    const JointLimits& l = model().chain[std::size_t(i)].limits;
    const int state = L_[i] > l.upper ? 1 : L_[i] < l.lower ? -1 : 0;
    if (state != 0 && state != limitState_[std::size_t(i)]) limitEvents_.push_back({integ_.time(), i, state > 0, L_[i]});
    limitState_[std::size_t(i)] = state;
  }
  return {};
}

BackendStatus OrthoglidePlant::advance(double dt) {
  long ticks = 0;
  if (const BackendStatus st = integ_.ticksIn(dt, ticks); !st.ok) return st;
  for (long k = 0; k < ticks; ++k) {
    if (const BackendStatus st = integ_.tick(*this); !st.ok) return st;
    if (const BackendStatus st = updateJoints(); !st.ok) return st;
  }
  return {};
}

OrthoglideEnergy OrthoglidePlant::energy() const {
  OrthoglideEnergy e;
  orthoglideEnergy(model(), platformPosition(), platformVelocity(), e);
  if (!opt_.gravity) e.potential = 0;
  return e;
}

}  // namespace maniplab::sim
