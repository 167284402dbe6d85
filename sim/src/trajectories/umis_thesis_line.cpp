// The UMIS thesis trajectory: Table 8.1 line, 4 s quintic timing, 2.5 ms samples (Zanaboni 2009 §8.2.2).
#include "maniplab/sim/trajectories/umis_thesis_line.hpp"

namespace maniplab::sim {

Vector6 umisThesisStartPose() {
  Vector6 p;
  p << -1.007, -1.519, -2.614, -0.589, 0.028, 0.639;
  return p;
}

Vector6 umisThesisEndPose() {
  Vector6 p = umisThesisStartPose();
  p[3] = -0.789;
  return p;
}

VectorX umisThesisStartJoints() {
  VectorX q(6);
  q << 2.9677, 2.0966, -1.0120, -0.2599, 2.6127, 1.7645;
  return q;
}

VectorX umisThesisEndJoints() {
  VectorX q(6);
  q << 3.0355, 1.6388, -0.6859, -0.1032, 2.4934, 1.6193;
  return q;
}

CartesianLineTrajectory umisThesisLine(const Model& model, const std::optional<UmisGeometry>& geometry,
                                       double duration, const CartesianLineOptions& options) {
  return CartesianLineTrajectory(model, poseFromVector(umisThesisStartPose()), umisThesisEndPose().tail<3>(),
                                 duration, umisThesisStartJoints(), geometry, options);
}

}  // namespace maniplab::sim
