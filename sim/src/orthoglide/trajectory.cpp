// Orthoglide Cartesian way-point trajectory: quintic rest-to-rest segments (Zanaboni 2009 eqs 6.1-6.6) mapped
// to the actuators by Guégan, Khalil, Chablat & Wenger 2002 eqs (2)-(4) and (9).
#include "maniplab/sim/orthoglide/trajectory.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "maniplab/sim/sim_messages.hpp"
#include "maniplab/sim/trajectories/quintic.hpp"

namespace maniplab::sim {

OrthoglideCartesianTrajectory::OrthoglideCartesianTrajectory(const OrthoglideModel& model, std::vector<Vector3> points,
                                                             std::vector<double> durations)
    : model_(model), points_(std::move(points)), durations_(std::move(durations)) {
  if (points_.size() < 2 || durations_.size() != points_.size() - 1)
    throw std::invalid_argument("orthoglide trajectory: needs at least 2 points and one duration per segment");
  for (const Vector3& p : points_)
    if (!p.allFinite()) throw std::invalid_argument("orthoglide trajectory: non-finite point");
  for (double d : durations_) {
    if (!(d > 0) || !std::isfinite(d)) throw std::invalid_argument("orthoglide trajectory: durations must be positive");
    starts_.push_back(total_);
    total_ += d;
  }
  const int n = int(std::ceil(total_ / 1e-3));
  OrthoglideChainVariables q;
  for (int k = 0; k <= n; ++k) {
    const double t = std::min(total_, k * 1e-3);
    Vector3 P, V, A;
    platform(t, P, V, A);
    Message why;
    if (!orthoglideInverseGeometric(model_, P, q, &why))
      throw MessageError(message(msg::kOrthoglideTrajectoryOutOfReach,
                                 {MessageArg::number(t, msg::streamed(t)), MessageArg::number(P.x(), msg::streamed(P.x())),
                                  MessageArg::number(P.y(), msg::streamed(P.y())),
                                  MessageArg::number(P.z(), msg::streamed(P.z())), why}));
  }
}

void OrthoglideCartesianTrajectory::platform(double t, Vector3& P, Vector3& V, Vector3& A) const {
  std::size_t k = 0;
  while (k + 1 < durations_.size() && t >= starts_[k + 1]) ++k;
  const TimeScaling s = quinticTimeScaling(t - starts_[k], durations_[k]);
  const Vector3 d = points_[k + 1] - points_[k];
  P = points_[k] + s.s * d;
  V = s.sd * d;
  A = s.sdd * d;
}

void OrthoglideCartesianTrajectory::sample(double t, JointReference& out) const {
  Vector3 P, V, A;
  platform(t, P, V, A);
  OrthoglideChainVariables q;
  orthoglideInverseGeometric(model_, P, q);  // reachable: checked by the constructor
  const Vector3 Ld = orthoglideInverseJacobian(model_, q) * V;
  const Vector3 Ldd = orthoglideActuatorAcceleration(model_, q, V, A);
  for (int i = 0; i < 3; ++i) {
    out.q[i] = q[std::size_t(i)][0];
    out.qd[i] = Ld[i];
    out.qdd[i] = Ldd[i];
  }
}

std::optional<CartesianReference> OrthoglideCartesianTrajectory::cartesian(double t) const {
  Vector3 P, V, A;
  platform(t, P, V, A);
  CartesianReference r;
  r.pose.p = P;
  r.twist.tail<3>() = V;
  return r;
}

std::string OrthoglideCartesianTrajectory::describe() const {
  std::ostringstream s;
  s << "orthoglide Cartesian path through " << points_.size() << " points, " << total_ << " s (quintic segments)";
  return s.str();
}

std::vector<double> OrthoglideCartesianTrajectory::segmentTimes() const {
  std::vector<double> t = starts_;
  t.push_back(total_);
  return t;
}

}  // namespace maniplab::sim
