// Inverse-dynamics regressor: Belkoura 1993 eqs (1.42)-(1.44) (the model is linear in the standard parameters),
// Newton–Euler recurrences of Llibre, Mampey & Chrétien 1983 §II (eq 1 and the backward recurrence).
#include "maniplab/model/regressor.hpp"

#include <vector>

#include "maniplab/model/joint_transform.hpp"
#include "maniplab/model/mdh_frames.hpp"
#include "maniplab/model/standard_parameters.hpp"

namespace maniplab {

namespace {
using Block = Eigen::Matrix<double, 6, 10>;

/// L(w) with J w = L(w) [XX XY XZ YY YZ ZZ]^T (the (.w) operator of Belkoura 1993 §III.1).
Eigen::Matrix<double, 3, 6> dotOmega(const Vector3& w) {
  Eigen::Matrix<double, 3, 6> L;
  L << w.x(), w.y(), w.z(), 0, 0, 0,  //
      0, w.x(), 0, w.y(), w.z(), 0,   //
      0, 0, w.x(), 0, w.y(), w.z();
  return L;
}
}  // namespace

void inverseDynamicsRegressor(const Model& model, const VectorX& q, const VectorX& qd, const VectorX& qdd,
                              MatrixX& Y, const RegressorOptions& opt) {
  const int n = model.nq;
  Y.setZero(n, n * kStandardPerJoint);
  std::vector<Transform> X(static_cast<std::size_t>(n));
  // Velocity, acceleration and acceleration-minus-gravity of each body (a tree: body i's come from its
  // parent's, Featherstone RBDA 2008 §5.3; the base's are zero and -g).
  std::vector<Vector3> W_(static_cast<std::size_t>(n)), WD_(static_cast<std::size_t>(n)), A_(static_cast<std::size_t>(n));
  const Vector3 a0 = opt.gravity ? Vector3(-model.gravity) : Vector3(Vector3::Zero());
  const bool reframe = usesDhReframing(model);
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const int pi = model.parent[k];
    const Vector3 wp = pi < 0 ? Vector3(Vector3::Zero()) : W_[std::size_t(pi)];
    const Vector3 wdp = pi < 0 ? Vector3(Vector3::Zero()) : WD_[std::size_t(pi)];
    const Vector3 ap = pi < 0 ? a0 : A_[std::size_t(pi)];
    jointTransform(model, i, q[i], X[k]);
    const Matrix3& R = X[k].R;
    const Vector3& p = X[k].p;
    Vector3 w = R.transpose() * wp;
    Vector3 wd = R.transpose() * wdp;
    Vector3 a = R.transpose() * (ap + wdp.cross(p) + wp.cross(wp.cross(p)));
    const Vector3 wl = w;
    const Vector3 z = Vector3::UnitZ();
    if (model.isRevolute(i)) {
      w += qd[i] * z;
      wd += qdd[i] * z + qd[i] * wl.cross(z);
    } else {
      a += qdd[i] * z + 2.0 * qd[i] * wl.cross(z);
    }
    // Coefficient block of body i's wrench [n; f] about O_i in R_i.
    Block B = Block::Zero();
    const Matrix3 W = skew(w);
    B.block<3, 6>(0, 0) = dotOmega(wd) + W * dotOmega(w);
    B.block<3, 3>(0, 6) = -skew(a);
    B.block<3, 3>(3, 6) = skew(wd) + W * W;
    B.block<3, 1>(3, 9) = a;
    // Standard-DH robot: the parameters are those of the DHM frame of the body, pi_Ri = lambda(T) pi_DHM.
    if (reframe) B = B * rigidBodyParameterMap(mdhFrameInBody(model, i));
    // Carry it back to joint i and its ancestors only (i, lambda(i), lambda(lambda(i)), ...; in a chain
    // i, i-1, ..., 1): body i's wrench acts on the joints of its path to the base (Featherstone RBDA 2008
    // §5.3, the backward pass); the other rows stay zero.
    for (int j = i; j >= 0; j = model.parent[std::size_t(j)]) {
      const int row = model.isRevolute(j) ? 2 : 5;
      Y.block<1, 10>(j, i * kStandardPerJoint) = B.row(row);
      if (model.parent[std::size_t(j)] >= 0) {
        const Transform& Xj = X[std::size_t(j)];
        Block Bp;
        Bp.topRows<3>() = Xj.R * B.topRows<3>() + skew(Xj.p) * (Xj.R * B.bottomRows<3>());
        Bp.bottomRows<3>() = Xj.R * B.bottomRows<3>();
        B = Bp;
      }
    }
    Y(i, i * kStandardPerJoint + kIa) = qdd[i];
    if (opt.friction) {
      Y(i, i * kStandardPerJoint + kFv) = qd[i];
      Y(i, i * kStandardPerJoint + kFs) = qd[i] > 0 ? 1.0 : (qd[i] < 0 ? -1.0 : 0.0);
      // Fsa is in the model only for a joint with asymmetric Coulomb friction (standard_parameters.hpp).
      if (hasCoulombAsymmetry(model, i)) Y(i, i * kStandardPerJoint + kFsa) = qd[i] != 0 ? 1.0 : 0.0;
    }
    W_[k] = w;
    WD_[k] = wd;
    A_[k] = a;
  }
}

}  // namespace maniplab
