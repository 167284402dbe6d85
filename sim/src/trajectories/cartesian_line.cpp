// Straight line at constant orientation with quintic timing, to joint space by IK and eqs 4.17, 6.8.
#include "maniplab/sim/trajectories/cartesian_line.hpp"

#include <Eigen/LU>
#include <Eigen/SVD>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/sim/trajectories/quintic.hpp"

namespace maniplab::sim {

namespace {
/// A time as the messages write it ("%.4f").
MessageArg seconds(double t) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f", t);
  return MessageArg::number(t, buf);
}
MessageArg number(double v) { return MessageArg::number(v, std::to_string(v)); }
}  // namespace

CartesianLineTrajectory::CartesianLineTrajectory(const Model& model, const Transform& start,
                                                 const Vector3& endPosition, double T, const VectorX& qReference,
                                                 const std::optional<UmisGeometry>& umis,
                                                 const CartesianLineOptions& opt)
    : start_(start), delta_(endPosition - start.p), T_(T), closedForm_(umis.has_value()) {
  const int n = model.nq;
  if (n != 6) throw std::invalid_argument("CartesianLineTrajectory: the robot must have 6 joints (J square)");
  if (qReference.size() != n) throw std::invalid_argument("CartesianLineTrajectory: qReference has the wrong size");
  if (!(T > 0)) throw std::invalid_argument("CartesianLineTrajectory: duration must be positive");
  if (!(opt.samplePeriod > 0)) throw std::invalid_argument("CartesianLineTrajectory: sample period must be positive");
  const int N = std::max(1, int(std::ceil(T / opt.samplePeriod - 1e-9)));
  Ts_ = T / N;
  Q_.resize(n, N + 1);
  Qd_.resize(n, N + 1);
  Qdd_.resize(n, N + 1);
  minSigma_ = 1e300;

  Data data(model);
  VectorX q = qReference, qd(n);
  Transform target;
  target.R = start.R;
  for (int k = 0; k <= N; ++k) {
    const double t = k == N ? T : k * Ts_;
    const TimeScaling s = quinticTimeScaling(t, T);
    target.p = start.p + s.s * delta_;
    // Inverse kinematics, branch / initial guess from the previous sample.
    if (umis) {
      const auto best = nearestSolution(umisInverseKinematics(*umis, target), q);
      if (!best) throw MessageError(message(msg::kLineOutOfReach, {seconds(t)}));
      q = best->q;
    } else {
      const IkResult r = inverseKinematicsDLS(model, data, target, q, opt.ik);
      if (!r.converged)
        throw MessageError(message(msg::kLineIkNotConverged, {seconds(t), number(r.positionError)}));
      q = r.q;
    }
    forwardKinematics(model, data, q);
    const double ep = (data.oMtool.p - target.p).norm();
    const double eo = orientationError(target.R, data.oMtool.R).norm();
    if (!(ep < opt.ikTolerance) || !(eo < opt.ikTolerance))
      throw MessageError(message(msg::kLineIkMiss, {seconds(t), number(ep), number(eo)}));
    computeJacobian(model, data, JacobianFrame::Base);
    const Eigen::Matrix<double, 6, 6> J = data.J;
    const double sigma = Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>>(J).singularValues()[5];
    minSigma_ = std::min(minSigma_, sigma);
    if (!(sigma >= opt.singularThreshold))
      throw MessageError(message(msg::kLineSingular, {seconds(t), number(sigma), number(opt.singularThreshold)}));
    const Eigen::PartialPivLU<Eigen::Matrix<double, 6, 6>> lu(J);
    Vector6 Xd, Xdd;
    Xd << Vector3::Zero(), s.sd * delta_;
    qd = lu.solve(Xd);                                    // eq 4.17
    Xdd << Vector3::Zero(), s.sdd * delta_;
    const Vector6 bias = jacobianDotTimesQdot(model, data, qd);
    Q_.col(k) = q;
    Qd_.col(k) = qd;
    Qdd_.col(k) = lu.solve(Vector6(Xdd - bias));          // eq 6.8
  }
}

void CartesianLineTrajectory::sample(double t, JointReference& out) const {
  const int N = intervals();
  if (!(t > 0) || t >= T_) {  // ends: the table's end samples, which are at rest (s' = s'' = 0)
    out.q = t >= T_ ? Q_.col(N) : Q_.col(0);
    out.qd.setZero();
    out.qdd.setZero();
    return;
  }
  const int k = std::min(N - 1, int(t / Ts_));
  QuinticHermiteWeights w[3];
  quinticHermiteWeights((t - k * Ts_) / Ts_, Ts_, w);
  const auto p0 = Q_.col(k), p1 = Q_.col(k + 1), v0 = Qd_.col(k), v1 = Qd_.col(k + 1), a0 = Qdd_.col(k),
             a1 = Qdd_.col(k + 1);
  out.q.noalias() = w[0].p0 * p0 + w[0].v0 * v0 + w[0].a0 * a0 + w[0].p1 * p1 + w[0].v1 * v1 + w[0].a1 * a1;
  out.qd.noalias() = w[1].p0 * p0 + w[1].v0 * v0 + w[1].a0 * a0 + w[1].p1 * p1 + w[1].v1 * v1 + w[1].a1 * a1;
  out.qdd.noalias() = w[2].p0 * p0 + w[2].v0 * v0 + w[2].a0 * a0 + w[2].p1 * p1 + w[2].v1 * v1 + w[2].a1 * a1;
}

std::optional<CartesianReference> CartesianLineTrajectory::cartesian(double t) const {
  const TimeScaling s = quinticTimeScaling(t, T_);
  CartesianReference r;
  r.pose.R = start_.R;
  r.pose.p = start_.p + s.s * delta_;
  r.twist << Vector3::Zero(), s.sd * delta_;
  return r;
}

Vector3 CartesianLineTrajectory::linearAcceleration(double t) const {
  return quinticTimeScaling(t, T_).sdd * delta_;
}

std::string CartesianLineTrajectory::describe() const {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "Cartesian line (%.4f, %.4f, %.4f) -> (%.4f, %.4f, %.4f) m, constant orientation, quintic "
                "timing T = %g s, %d samples at %g ms, %s IK",
                start_.p.x(), start_.p.y(), start_.p.z(), (start_.p + delta_).x(), (start_.p + delta_).y(),
                (start_.p + delta_).z(), T_, intervals() + 1, Ts_ * 1e3, closedForm_ ? "closed-form UMIS" : "DLS");
  return buf;
}

}  // namespace maniplab::sim
