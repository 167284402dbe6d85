// C4 quintic spline through via points (piecewise eqs 6.1–6.6 segments; Zanaboni 2009 §6.5, eq 6.9 context).
#include "maniplab/sim/trajectories/quintic_spline.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <stdexcept>
#include <string>

#include "maniplab/sim/trajectories/quintic.hpp"

namespace maniplab::sim {

ViaPointJointTrajectory::ViaPointJointTrajectory(std::vector<VectorX> points, std::vector<double> times)
    : ViaPointJointTrajectory(points, times, VectorX::Zero(points.empty() ? 0 : points.front().size()),
                              VectorX::Zero(points.empty() ? 0 : points.front().size()),
                              VectorX::Zero(points.empty() ? 0 : points.front().size()),
                              VectorX::Zero(points.empty() ? 0 : points.front().size())) {}

ViaPointJointTrajectory::ViaPointJointTrajectory(std::vector<VectorX> points, std::vector<double> times,
                                                 const VectorX& v0, const VectorX& a0, const VectorX& v1,
                                                 const VectorX& a1)
    : points_(std::move(points)), times_(std::move(times)) {
  const std::size_t N = points_.size();
  if (N < 2 || times_.size() != N)
    throw std::invalid_argument("ViaPointJointTrajectory: need N >= 2 points and N times");
  const Eigen::Index n = points_.front().size();
  for (const auto& p : points_)
    if (p.size() != n) throw std::invalid_argument("ViaPointJointTrajectory: points of different sizes");
  if (v0.size() != n || a0.size() != n || v1.size() != n || a1.size() != n)
    throw std::invalid_argument("ViaPointJointTrajectory: boundary vectors of the wrong size");
  if (!(times_[0] >= 0)) throw std::invalid_argument("ViaPointJointTrajectory: times[0] must be >= 0");
  for (std::size_t k = 1; k < N; ++k)
    if (!(times_[k] > times_[k - 1]))
      throw std::invalid_argument("ViaPointJointTrajectory: times must be strictly increasing");

  vel_.assign(N, VectorX::Zero(n));
  acc_.assign(N, VectorX::Zero(n));
  vel_.front() = v0;
  acc_.front() = a0;
  vel_.back() = v1;
  acc_.back() = a1;
  if (N == 2) return;

  // Segment j (knots j, j+1, h = t_{j+1} - t_j, D = p_{j+1} - p_j), from the Hermite coefficients:
  //   jerk at its start  h^3 j0 = 60 D - 36 h v_j - 24 h v_{j+1} - 9 h^2 a_j + 3 h^2 a_{j+1}
  //   jerk at its end    h^3 j1 = 60 D - 24 h v_j - 36 h v_{j+1} - 3 h^2 a_j + 9 h^2 a_{j+1}
  //   snap at its start  h^4 s0 = -360 D + 192 h v_j + 168 h v_{j+1} + 36 h^2 a_j - 24 h^2 a_{j+1}
  //   snap at its end    h^4 s1 = 360 D - 168 h v_j - 192 h v_{j+1} - 24 h^2 a_j + 36 h^2 a_{j+1}
  // At interior knot k: j1(segment k-1) = j0(segment k) and s1(segment k-1) = s0(segment k).
  // Unknowns: v_k at 2(k-1), a_k at 2(k-1)+1, k = 1..N-2. Each row is scaled by a power of h_k so that
  // its entries are O(1) for comparable segment lengths.
  const Eigen::Index m = Eigen::Index(2 * (N - 2));
  MatrixX M = MatrixX::Zero(m, m);
  MatrixX rhs = MatrixX::Zero(m, n);  // one column per joint
  auto add = [&](Eigen::Index row, std::size_t knot, bool isAcc, double c) {
    if (knot == 0 || knot == N - 1) {
      const VectorX& known = isAcc ? acc_[knot] : vel_[knot];
      rhs.row(row) -= c * known.transpose();
    } else {
      M(row, Eigen::Index(2 * (knot - 1) + (isAcc ? 1 : 0))) += c;
    }
  };
  for (std::size_t k = 1; k + 1 < N; ++k) {
    const Eigen::Index rj = Eigen::Index(2 * (k - 1)), rs = rj + 1;
    const double hl = times_[k] - times_[k - 1], hr = times_[k + 1] - times_[k];
    const VectorX Dl = points_[k] - points_[k - 1], Dr = points_[k + 1] - points_[k];
    // jerk: j1(left) - j0(right) = 0, multiplied by hr^3 ... written with explicit per-side factors.
    const double jl = 1 / (hl * hl * hl), jr = 1 / (hr * hr * hr);
    const double scaleJ = hr * hr;  // row scaling (velocity columns O(1))
    add(rj, k - 1, false, scaleJ * jl * (-24 * hl));
    add(rj, k, false, scaleJ * (jl * (-36 * hl) - jr * (-36 * hr)));
    add(rj, k + 1, false, scaleJ * (-jr * (-24 * hr)));
    add(rj, k - 1, true, scaleJ * jl * (-3 * hl * hl));
    add(rj, k, true, scaleJ * (jl * (9 * hl * hl) - jr * (-9 * hr * hr)));
    add(rj, k + 1, true, scaleJ * (-jr * (3 * hr * hr)));
    rhs.row(rj) -= scaleJ * (jl * 60 * Dl - jr * 60 * Dr).transpose();
    // snap: s1(left) - s0(right) = 0
    const double sl = jl / hl, sr = jr / hr;
    const double scaleS = hr * hr * hr;
    add(rs, k - 1, false, scaleS * sl * (-168 * hl));
    add(rs, k, false, scaleS * (sl * (-192 * hl) - sr * (192 * hr)));
    add(rs, k + 1, false, scaleS * (-sr * (168 * hr)));
    add(rs, k - 1, true, scaleS * sl * (-24 * hl * hl));
    add(rs, k, true, scaleS * (sl * (36 * hl * hl) - sr * (36 * hr * hr)));
    add(rs, k + 1, true, scaleS * (-sr * (-24 * hr * hr)));
    rhs.row(rs) -= scaleS * (sl * 360 * Dl - sr * (-360) * Dr).transpose();
  }
  const Eigen::PartialPivLU<MatrixX> lu(M);
  const MatrixX x = lu.solve(rhs);
  for (std::size_t k = 1; k + 1 < N; ++k) {
    vel_[k] = x.row(Eigen::Index(2 * (k - 1))).transpose();
    acc_[k] = x.row(Eigen::Index(2 * (k - 1) + 1)).transpose();
  }
}

void ViaPointJointTrajectory::sample(double t, JointReference& out) const {
  if (t <= times_.front() || t >= times_.back()) {
    // Outside the knots: hold the end point at rest. At the knots themselves the boundary values
    // (zero unless given) are returned.
    const bool start = t <= times_.front();
    const bool inside = t == times_.front() || t == times_.back();
    out.q = start ? points_.front() : points_.back();
    if (inside) {
      out.qd = start ? vel_.front() : vel_.back();
      out.qdd = start ? acc_.front() : acc_.back();
    } else {
      out.qd.setZero();
      out.qdd.setZero();
    }
    return;
  }
  // Segment k with times_[k] <= t < times_[k+1] (binary search, no allocation).
  const auto it = std::upper_bound(times_.begin(), times_.end(), t);
  const std::size_t k = std::size_t(it - times_.begin()) - 1;
  const double h = times_[k + 1] - times_[k];
  QuinticHermiteWeights w[3];
  quinticHermiteWeights((t - times_[k]) / h, h, w);
  const VectorX &p0 = points_[k], &p1 = points_[k + 1], &v0 = vel_[k], &v1 = vel_[k + 1], &a0 = acc_[k],
                &a1 = acc_[k + 1];
  out.q = w[0].p0 * p0 + w[0].v0 * v0 + w[0].a0 * a0 + w[0].p1 * p1 + w[0].v1 * v1 + w[0].a1 * a1;
  out.qd = w[1].p0 * p0 + w[1].v0 * v0 + w[1].a0 * a0 + w[1].p1 * p1 + w[1].v1 * v1 + w[1].a1 * a1;
  out.qdd = w[2].p0 * p0 + w[2].v0 * v0 + w[2].a0 * a0 + w[2].p1 * p1 + w[2].v1 * v1 + w[2].a1 * a1;
}

std::string ViaPointJointTrajectory::describe() const {
  return "C4 quintic spline through " + std::to_string(points_.size()) + " via points, " +
         std::to_string(dof()) + " joints, T = " + std::to_string(duration()) + " s";
}

}  // namespace maniplab::sim
