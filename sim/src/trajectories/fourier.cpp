// Finite Fourier series excitation trajectory (Swevers et al. 1997, eq. 14) with exact derivatives.
#include "maniplab/sim/trajectories/fourier.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace maniplab::sim {

FourierJointTrajectory::FourierJointTrajectory(const VectorX& q0, double wf, const MatrixX& a, const MatrixX& b,
                                               int periods)
    : q0_(q0), wf_(wf), a_(a), b_(b), periods_(periods) {
  if (!(wf > 0)) throw std::invalid_argument("FourierJointTrajectory: wf must be positive");
  if (periods < 1) throw std::invalid_argument("FourierJointTrajectory: periods must be >= 1");
  if (a.rows() != q0.size() || b.rows() != q0.size() || a.cols() != b.cols())
    throw std::invalid_argument("FourierJointTrajectory: a and b must both be n x L (n = size of q0)");
  period_ = 2 * M_PI / wf;
  duration_ = periods * period_;
}

void FourierJointTrajectory::evaluate(double t, JointReference& out) const {
  const Eigen::Index n = q0_.size(), L = a_.cols();
  out.q.resize(n);  // no-ops (no allocation) when the caller's reference is already sized
  out.qd.resize(n);
  out.qdd.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    double q = q0_[i], qd = 0, qdd = 0;
    for (Eigen::Index l = 1; l <= L; ++l) {
      const double w = wf_ * double(l);
      const double s = std::sin(w * t), c = std::cos(w * t);
      const double ail = a_(i, l - 1), bil = b_(i, l - 1);
      q += ail / w * s - bil / w * c;
      qd += ail * c + bil * s;
      qdd += w * (-ail * s + bil * c);
    }
    out.q[i] = q;
    out.qd[i] = qd;
    out.qdd[i] = qdd;
  }
}

void FourierJointTrajectory::sample(double t, JointReference& out) const {
  if (t < 0 || t > duration_) {
    evaluate(0, out);  // q(0) = q(duration): whole periods
    out.qd.setZero();
    out.qdd.setZero();
    return;
  }
  evaluate(t, out);
}

std::string FourierJointTrajectory::describe() const {
  return "Fourier excitation trajectory (Swevers 1997), " + std::to_string(dof()) + " joints, " +
         std::to_string(harmonics()) + " harmonics, wf = " + std::to_string(wf_) + " rad/s, " +
         std::to_string(periods_) + " period(s), T = " + std::to_string(duration_) + " s";
}

}  // namespace maniplab::sim
