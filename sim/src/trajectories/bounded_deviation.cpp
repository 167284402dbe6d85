// Bounded-deviation knots of a straight line by recursive bisection (Taylor 1979; Zanaboni 2009 Annex IX).
#include "maniplab/sim/trajectories/bounded_deviation.hpp"

#include <stdexcept>
#include <string>

namespace maniplab::sim {

namespace {
struct Bisector {
  const std::function<Vector3(const VectorX&)>& fk;
  const std::function<VectorX(const Vector6&)>& ik;
  double eps;
  int maxDepth;
  BoundedDeviationResult& out;

  // Appends the knots strictly after Pa up to and including Pb.
  void segment(const Vector6& Pa, const VectorX& qa, const Vector6& Pb, const VectorX& qb, int depth) {
    const Vector6 PM = 0.5 * (Pa + Pb);
    const VectorX qm = 0.5 * (qa + qb);
    const Vector3 delta = (fk(qm) - PM.tail<3>()).cwiseAbs();
    if ((delta.array() < eps).all()) {
      out.poses.push_back(Pb);
      out.joints.push_back(qb);
      return;
    }
    if (depth >= maxDepth)
      throw std::runtime_error("boundedDeviationPoints: more than " + std::to_string(maxDepth) +
                               " bisection levels (deviation " + std::to_string(delta.maxCoeff()) + " m)");
    const VectorX qM = ik(PM);
    segment(Pa, qa, PM, qM, depth + 1);
    segment(PM, qM, Pb, qb, depth + 1);
  }
};
}  // namespace

BoundedDeviationResult boundedDeviationPoints(const std::function<Vector3(const VectorX&)>& fkPosition,
                                              const std::function<VectorX(const Vector6&)>& ik, const Vector6& P0,
                                              const Vector6& P1, double eps, int maxDepth) {
  if (!(eps > 0)) throw std::invalid_argument("boundedDeviationPoints: eps must be positive");
  BoundedDeviationResult r;
  const VectorX q0 = ik(P0), q1 = ik(P1);
  r.poses.push_back(P0);
  r.joints.push_back(q0);
  Bisector b{fkPosition, ik, eps, maxDepth, r};
  b.segment(P0, q0, P1, q1, 0);
  return r;
}

}  // namespace maniplab::sim
