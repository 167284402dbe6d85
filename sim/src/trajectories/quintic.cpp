// Quintic boundary-value polynomial per joint (Zanaboni 2009 eqs 6.1–6.6), as a quintic Hermite interpolant.
#include "maniplab/sim/trajectories/quintic.hpp"

#include <stdexcept>
#include <string>

namespace maniplab::sim {

void quinticHermiteWeights(double tau, double h, QuinticHermiteWeights w[3]) {
  const double t2 = tau * tau, t3 = t2 * tau, t4 = t3 * tau, t5 = t4 * tau;
  const double h2 = h * h;
  // Position: the closed-form solution of eqs 6.1–6.6 written on tau = (t - t0) / h.
  w[0].p0 = 1 - 10 * t3 + 15 * t4 - 6 * t5;
  w[0].p1 = 10 * t3 - 15 * t4 + 6 * t5;
  w[0].v0 = h * (tau - 6 * t3 + 8 * t4 - 3 * t5);
  w[0].v1 = h * (-4 * t3 + 7 * t4 - 3 * t5);
  w[0].a0 = h2 * (0.5 * t2 - 1.5 * t3 + 1.5 * t4 - 0.5 * t5);
  w[0].a1 = h2 * (0.5 * t3 - t4 + 0.5 * t5);
  // Velocity: d/dt = (1/h) d/dtau.
  w[1].p0 = (-30 * t2 + 60 * t3 - 30 * t4) / h;
  w[1].p1 = -w[1].p0;
  w[1].v0 = 1 - 18 * t2 + 32 * t3 - 15 * t4;
  w[1].v1 = -12 * t2 + 28 * t3 - 15 * t4;
  w[1].a0 = h * (tau - 4.5 * t2 + 6 * t3 - 2.5 * t4);
  w[1].a1 = h * (1.5 * t2 - 4 * t3 + 2.5 * t4);
  // Acceleration.
  w[2].p0 = (-60 * tau + 180 * t2 - 120 * t3) / h2;
  w[2].p1 = -w[2].p0;
  w[2].v0 = (-36 * tau + 96 * t2 - 60 * t3) / h;
  w[2].v1 = (-24 * tau + 84 * t2 - 60 * t3) / h;
  w[2].a0 = 1 - 9 * tau + 18 * t2 - 10 * t3;
  w[2].a1 = 3 * tau - 12 * t2 + 10 * t3;
}

TimeScaling quinticTimeScaling(double t, double T) {
  if (t >= T) return {1, 0, 0};
  if (t <= 0) return {0, 0, 0};
  const double u = t / T, u2 = u * u, u3 = u2 * u;
  return {u3 * (10 - 15 * u + 6 * u2), 30 * u2 * (1 - 2 * u + u2) / T, 60 * u * (1 - 3 * u + 2 * u2) / (T * T)};
}

QuinticJointTrajectory::QuinticJointTrajectory(const VectorX& q0, const VectorX& q1, double T)
    : QuinticJointTrajectory(q0, q1, T, VectorX::Zero(q0.size()), VectorX::Zero(q0.size()),
                             VectorX::Zero(q0.size()), VectorX::Zero(q0.size())) {}

QuinticJointTrajectory::QuinticJointTrajectory(const VectorX& q0, const VectorX& q1, double T, const VectorX& v0,
                                               const VectorX& v1, const VectorX& a0, const VectorX& a1)
    : q0_(q0), q1_(q1), v0_(v0), v1_(v1), a0_(a0), a1_(a1), T_(T) {
  const auto n = q0.size();
  if (q1.size() != n || v0.size() != n || v1.size() != n || a0.size() != n || a1.size() != n)
    throw std::invalid_argument("QuinticJointTrajectory: boundary vectors of different sizes");
  if (!(T >= 0)) throw std::invalid_argument("QuinticJointTrajectory: negative or NaN duration");
}

void QuinticJointTrajectory::sample(double t, JointReference& out) const {
  // Inside [0, T] (ends included) the polynomial gives the imposed boundary values; outside, at rest.
  if (t > T_ || t < 0 || T_ <= 0) {
    out.q = t < 0 ? q0_ : q1_;
    out.qd.setZero();
    out.qdd.setZero();
    return;
  }
  QuinticHermiteWeights w[3];
  quinticHermiteWeights(t / T_, T_, w);
  out.q = w[0].p0 * q0_ + w[0].v0 * v0_ + w[0].a0 * a0_ + w[0].p1 * q1_ + w[0].v1 * v1_ + w[0].a1 * a1_;
  out.qd = w[1].p0 * q0_ + w[1].v0 * v0_ + w[1].a0 * a0_ + w[1].p1 * q1_ + w[1].v1 * v1_ + w[1].a1 * a1_;
  out.qdd = w[2].p0 * q0_ + w[2].v0 * v0_ + w[2].a0 * a0_ + w[2].p1 * q1_ + w[2].v1 * v1_ + w[2].a1 * a1_;
}

std::string QuinticJointTrajectory::describe() const {
  return "quintic joint trajectory (Zanaboni 2009 eqs 6.1-6.6), " + std::to_string(dof()) + " joints, T = " +
         std::to_string(T_) + " s";
}

}  // namespace maniplab::sim
