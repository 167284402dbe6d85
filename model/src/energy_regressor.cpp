// Energy functions h of Belkoura 1993 eqs (1.34), (1.39), (1.41) (reference notes §3).
#include "maniplab/model/energy_regressor.hpp"
#include <vector>


#include "maniplab/model/joint_transform.hpp"
#include "maniplab/model/mdh_frames.hpp"
#include "maniplab/model/standard_parameters.hpp"

namespace maniplab {

void energyRegressor(const Model& model, const VectorX& q, const VectorX& qd, VectorX& h) {
  const int n = model.nq;
  h.setZero(n * kStandardPerJoint);
  const Vector3& g = model.gravity;
  // Per body (a tree: from the parent's, lambda(i) = parent[i]; the base's pose is the identity and its
  // velocities zero): ^0T^i, ^i w_i and ^i V_i.
  std::vector<Transform> oM(static_cast<std::size_t>(n));
  std::vector<Vector3> W_(static_cast<std::size_t>(n)), V_(static_cast<std::size_t>(n));
  Transform X;
  const bool reframe = usesDhReframing(model);
  for (int i = 0; i < n; ++i) {
    const int pi = model.parent[std::size_t(i)];
    const Vector3 wp = pi < 0 ? Vector3(Vector3::Zero()) : W_[std::size_t(pi)];
    const Vector3 vp = pi < 0 ? Vector3(Vector3::Zero()) : V_[std::size_t(pi)];
    jointTransform(model, i, q[i], X);
    Transform& oMi = oM[std::size_t(i)];
    oMi = (pi < 0 ? Transform() : oM[std::size_t(pi)]) * X;
    Vector3 w = X.R.transpose() * wp;
    Vector3 v = X.R.transpose() * (vp + wp.cross(X.p));
    if (model.isRevolute(i))
      w.z() += qd[i];
    else
      v.z() += qd[i];
    double* hi = h.data() + i * kStandardPerJoint;
    hi[kXX] = 0.5 * w.x() * w.x();
    hi[kXY] = w.x() * w.y();
    hi[kXZ] = w.x() * w.z();
    hi[kYY] = 0.5 * w.y() * w.y();
    hi[kYZ] = w.y() * w.z();
    hi[kZZ] = 0.5 * w.z() * w.z();
    hi[kMX] = w.z() * v.y() - w.y() * v.z() - g.dot(oMi.R.col(0));
    hi[kMY] = w.x() * v.z() - w.z() * v.x() - g.dot(oMi.R.col(1));
    hi[kMZ] = w.y() * v.x() - w.x() * v.y() - g.dot(oMi.R.col(2));
    hi[kM] = 0.5 * v.squaredNorm() - g.dot(oMi.p);
    if (reframe) {  // standard-DH robot: parameters of the DHM frame of the body (mdh_frames.hpp)
      Eigen::Map<Eigen::Matrix<double, 1, 10>> hb(hi);
      hb = (hb * rigidBodyParameterMap(mdhFrameInBody(model, i))).eval();
    }
    hi[kIa] = 0.5 * qd[i] * qd[i];
    W_[std::size_t(i)] = w;
    V_[std::size_t(i)] = v;
  }
}

}  // namespace maniplab
