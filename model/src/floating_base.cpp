// Free-floating base (Llibre, Mampey & Chrétien 1983 §IV.2): floating-base ABA (Featherstone RBDA ch. 9), augmented mass
// matrix and bias (RBDA ch. 9), the seven kinetic quantities, reaction-aware inverse dynamics.
#include "maniplab/model/floating_base.hpp"
#include "maniplab/model/argument_checks.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/joint_transform.hpp"

namespace maniplab {

namespace {

/// Spatial inertia at the origin of a body of mass m, centre of mass c and central inertia Ic (all in
/// the same coordinates): [Ic + m (|c|^2 1 - c c^T), m ~c; -m ~c, m 1].
Matrix6 spatialInertia(double m, const Vector3& c, const Matrix3& Ic) {
  Matrix6 I;
  const Vector3 h = m * c;
  Matrix3 Ibar = Ic - h * c.transpose();
  Ibar.diagonal().array() += h.dot(c);
  const Matrix3 hx = skew(h);
  I << Ibar, hx, -hx, m * Matrix3::Identity();
  return I;
}

/// Motion cross product v x m.
Vector6 crossMotion(const Vector6& v, const Vector6& m) {
  Vector6 r;
  r << v.head<3>().cross(m.head<3>()), v.head<3>().cross(m.tail<3>()) + v.tail<3>().cross(m.head<3>());
  return r;
}

/// Force cross product v x* f.
Vector6 crossForce(const Vector6& v, const Vector6& f) {
  Vector6 r;
  r << v.head<3>().cross(f.head<3>()) + v.tail<3>().cross(f.tail<3>()), v.head<3>().cross(f.tail<3>());
  return r;
}

double armature(const Model& m, int i) {
  const auto& a = m.actuator[std::size_t(i)];
  return a.gear * a.gear * a.rotorInertia;
}

/// Kinematics in base coordinates: inertias I_i and motion subspaces S_i; velocities and c_i when qd given.
void kinematics(const FloatingBaseModel& fm, FloatingBaseData& d, const VectorX& q) {
  const Model& m = fm.arm;
  forwardKinematics(m, d.arm, q);
  for (int i = 0; i < m.nq; ++i) {
    const auto k = std::size_t(i);
    const auto& X = d.arm.oMi[k];
    const Vector3 z = X.R.col(2);
    if (m.isRevolute(i))
      d.S[k] << z, X.p.cross(z);
    else
      d.S[k] << Vector3::Zero(), z;
    const auto& b = m.body[k];
    d.I[k] = spatialInertia(b.mass, X.apply(b.com), X.R * b.inertia * X.R.transpose());
  }
}

/// Spatial velocities v_i = v_lambda(i) + S_i qd_i (v of the base: nu0) and c_i = v_i x S_i qd_i.
void velocities(const FloatingBaseModel& fm, FloatingBaseData& d, const Vector6& nu0, const VectorX& qd) {
  for (int i = 0; i < fm.arm.nq; ++i) {
    const auto k = std::size_t(i);
    const int par = fm.arm.parent[k];  // i - 1 in a chain
    const Vector6 vj = d.S[k] * qd[i];
    const Vector6 v = (par < 0 ? nu0 : d.v[std::size_t(par)]) + vj;
    d.v[k] = v;
    d.c[k] = crossMotion(v, vj);
  }
}

}  // namespace

Matrix6 baseSpatialInertia(const FloatingBaseModel& model) {
  return spatialInertia(model.baseMass, model.baseCom, model.baseInertia);
}

FloatingBaseData::FloatingBaseData(const FloatingBaseModel& model) : arm(model.arm) {
  const auto n = std::size_t(model.arm.nq);
  I.assign(n, Matrix6::Zero());
  IA.assign(n, Matrix6::Zero());
  S.assign(n, Vector6::Zero());
  v = c = pA = U = a = S;
  D.assign(n, 0.0);
  u.assign(n, 0.0);
  qdd = VectorX::Zero(model.arm.nq);
  H = MatrixX::Zero(6 + model.arm.nq, 6 + model.arm.nq);
  bias = VectorX::Zero(6 + model.arm.nq);
  // Preallocated by a first factorisation (Eigen's sized LLT constructor leaves its info member
  // uninitialised; moving it was reported by UBSan).
  llt.compute(MatrixX::Identity(6 + model.arm.nq, 6 + model.arm.nq));
}

std::string validateFloatingBase(const FloatingBaseModel& model) {
  if (!(model.baseMass > 0) || !std::isfinite(model.baseMass)) return "the base mass must be positive and finite";
  if (!model.baseCom.allFinite() || !model.baseInertia.allFinite()) return "the base centre of mass and inertia must be finite";
  if ((model.baseInertia - model.baseInertia.transpose()).cwiseAbs().maxCoeff() > 1e-9 * (1 + model.baseInertia.norm()))
    return "the base inertia is not symmetric";
  if (Eigen::SelfAdjointEigenSolver<Matrix3>(model.baseInertia).eigenvalues().minCoeff() <= 0)
    return "the base inertia is not positive definite";
  if (usesFullRotor(model.arm)) return "the full rotor model is not supported on a floating base (use armature)";
  return {};
}

int floatingBaseAba(const FloatingBaseModel& fm, FloatingBaseData& d, const Vector6& nu0, const VectorX& q,
                    const VectorX& qd, const VectorX& tau, const Vector6* baseWrench, bool lockBase) {
  const Model& m = fm.arm;
  const int n = m.nq;
  if (usesFullRotor(m)) return -2;
  const Vector6 v0 = lockBase ? Vector6(Vector6::Zero()) : nu0;
  kinematics(fm, d, q);
  velocities(fm, d, v0, qd);
  // Pass 1: rigid-body inertias and bias forces.
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    d.IA[k] = d.I[k];
    d.pA[k] = crossForce(d.v[k], d.I[k] * d.v[k]);
  }
  Matrix6 IA0 = baseSpatialInertia(fm);
  Vector6 pA0 = crossForce(v0, IA0 * v0);
  if (baseWrench != nullptr) pA0 -= *baseWrench;
  // Pass 2: articulated inertias, tip to base (the base is the parent of body 0 and, on a tree, of every
  // joint on it).
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    d.U[k] = d.IA[k] * d.S[k];
    d.D[k] = d.S[k].dot(d.U[k]) + armature(m, i);
    if (!(d.D[k] > 0)) return i;
    d.u[k] = tau[i] - d.S[k].dot(d.pA[k]);
    const Matrix6 Ia = d.IA[k] - d.U[k] * d.U[k].transpose() / d.D[k];
    const Vector6 pa = d.pA[k] + Ia * d.c[k] + d.U[k] * (d.u[k] / d.D[k]);
    if (const int par = m.parent[k]; par >= 0) {
      d.IA[std::size_t(par)] += Ia;
      d.pA[std::size_t(par)] += pa;
    } else {
      IA0 += Ia;
      pA0 += pa;
    }
  }
  // Base acceleration, then pass 3 base to tip.
  Vector6 a = Vector6::Zero();
  if (!lockBase) {
    const Eigen::LLT<Matrix6> llt(IA0);
    if (llt.info() != Eigen::Success) return -3;
    a = -llt.solve(pA0);
  }
  d.baseAcceleration = a;
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const int par = m.parent[k];
    a = (par < 0 ? d.baseAcceleration : d.a[std::size_t(par)]) + d.c[k];
    d.qdd[i] = (d.u[k] - d.U[k].dot(a)) / d.D[k];
    a += d.S[k] * d.qdd[i];
    d.a[k] = a;
  }
  return -1;
}

const MatrixX& floatingBaseMassMatrix(const FloatingBaseModel& fm, FloatingBaseData& d, const VectorX& q) {
  const Model& m = fm.arm;
  const int n = m.nq;
  kinematics(fm, d, q);
  // Composite inertias Ic_i = sum of I_j over the subtree of i (j >= i in a chain; one coordinate system:
  // plain sums), kept in d.IA; the base's composite takes those of the joints on the base.
  for (int i = 0; i < n; ++i) d.IA[std::size_t(i)] = d.I[std::size_t(i)];
  auto& H = d.H;
  const bool chain = m.isChain();
  if (!chain) H.setZero();  // entries between branches
  H.topLeftCorner<6, 6>() = baseSpatialInertia(fm);
  for (int i = n - 1; i >= 0; --i) {
    const int par = m.parent[std::size_t(i)];
    if (par >= 0) d.IA[std::size_t(par)] += d.IA[std::size_t(i)];
    else if (!chain) H.topLeftCorner<6, 6>() += d.IA[std::size_t(i)];
  }
  if (chain && n > 0) H.topLeftCorner<6, 6>() += d.IA[0];
  for (int j = 0; j < n; ++j) {
    const auto kj = std::size_t(j);
    const Vector6 Fj = d.IA[kj] * d.S[kj];  // force to move composite j with joint j at unit rate
    H.block<6, 1>(0, 6 + j) = Fj;
    H.block<1, 6>(6 + j, 0) = Fj.transpose();
    for (int i = j; i >= 0; i = m.parent[std::size_t(i)]) {  // the ancestors of j (0..j in a chain), from j up
      const double hij = d.S[std::size_t(i)].dot(Fj);  // S_i^T Ic_j S_j
      H(6 + i, 6 + j) = H(6 + j, 6 + i) = hij;
    }
    H(6 + j, 6 + j) += armature(m, j);
  }
  return H;
}

const VectorX& floatingBaseBias(const FloatingBaseModel& fm, FloatingBaseData& d, const Vector6& nu0, const VectorX& qd) {
  const Model& m = fm.arm;
  const int n = m.nq;
  velocities(fm, d, nu0, qd);
  // RNEA with a_0 = 0, qdd = 0: a_i = a_lambda(i) + c_i; f_i = I_i a_i + v_i x* I_i v_i; composite sums
  // over each subtree (into d.pA), the base taking those of the joints on it.
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const int par = m.parent[k];
    d.a[k] = (par < 0 ? Vector6(Vector6::Zero()) : d.a[std::size_t(par)]) + d.c[k];
    d.pA[k] = d.I[k] * d.a[k] + crossForce(d.v[k], d.I[k] * d.v[k]);
  }
  Vector6 f = Vector6::Zero();
  for (int i = n - 1; i >= 0; --i) {
    const auto k = std::size_t(i);
    d.bias[6 + i] = d.S[k].dot(d.pA[k]);
    if (const int par = m.parent[k]; par >= 0) d.pA[std::size_t(par)] += d.pA[k];
    else f += d.pA[k];
  }
  const Matrix6 I0 = baseSpatialInertia(fm);
  d.bias.head<6>() = crossForce(nu0, I0 * nu0) + f;
  return d.bias;
}

int floatingBaseForwardDynamicsCrba(const FloatingBaseModel& fm, FloatingBaseData& d, const Vector6& nu0,
                                    const VectorX& q, const VectorX& qd, const VectorX& tau, const Vector6* baseWrench) {
  const int n = fm.arm.nq;
  if (usesFullRotor(fm.arm)) return -2;
  floatingBaseMassMatrix(fm, d, q);
  floatingBaseBias(fm, d, nu0, qd);
  VectorX rhs(6 + n);
  rhs.head<6>() = baseWrench != nullptr ? *baseWrench : Vector6(Vector6::Zero());
  rhs.tail(n) = tau;
  rhs -= d.bias;
  d.llt.compute(d.H);
  if (d.llt.info() != Eigen::Success) return -3;
  const VectorX x = d.llt.solve(rhs);
  d.baseAcceleration = x.head<6>();
  d.qdd = x.tail(n);
  return -1;
}

FloatingBaseConserved floatingBaseConserved(const FloatingBaseModel& fm, FloatingBaseData& d, const FloatingBaseState& s) {
  const Model& m = fm.arm;
  FloatingBaseConserved out;
  forwardKinematics(m, d.arm, s.q);
  // Per body, in base coordinates: v_G = v_O + w x r_G (classical), momentum m v_G, angular momentum
  // about the base origin r_G x m v_G + I_G w; T = 1/2 (m |v_G|^2 + w.I_G w).
  const Vector3 w0 = s.baseVelocity.head<3>(), v0 = s.baseVelocity.tail<3>();
  Vector3 P = fm.baseMass * (v0 + w0.cross(fm.baseCom));
  Vector3 L = fm.baseCom.cross(P) + fm.baseInertia * w0;
  double T = 0.5 * (P.squaredNorm() / fm.baseMass + w0.dot(fm.baseInertia * w0));
  double mass = fm.baseMass;
  Vector3 mc = fm.baseMass * fm.baseCom;
  // A chain carries the angular velocity and the velocity of the current origin from body to body; a tree
  // takes each body's spatial velocity (base origin, base coordinates) from the velocity recurrence.
  const bool chain = m.isChain();
  if (!chain) {
    kinematics(fm, d, s.q);
    velocities(fm, d, s.baseVelocity, s.qd);
  }
  Vector3 w = w0, vO = v0, o = Vector3::Zero();  // angular velocity, velocity of the current origin
  for (int i = 0; i < m.nq; ++i) {
    const auto k = std::size_t(i);
    const auto& X = d.arm.oMi[k];
    if (chain) {
      vO += w.cross(X.p - o);
      const Vector3 z = X.R.col(2);
      if (m.isRevolute(i))
        w += s.qd[i] * z;
      else
        vO += s.qd[i] * z;
      o = X.p;
    } else {
      w = d.v[k].head<3>();
      vO = d.v[k].tail<3>();  // the velocity of the body's point at the base origin
      o = Vector3::Zero();
    }
    const auto& b = m.body[k];
    const Vector3 rG = X.apply(b.com);
    const Vector3 vG = vO + w.cross(rG - o);
    const Matrix3 IG = X.R * b.inertia * X.R.transpose();
    P += b.mass * vG;
    L += rG.cross(b.mass * vG) + IG * w;
    T += 0.5 * (b.mass * vG.squaredNorm() + w.dot(IG * w)) + 0.5 * armature(m, i) * s.qd[i] * s.qd[i];
    mass += b.mass;
    mc += b.mass * rG;
  }
  out.kinetic = T;
  out.baseMomentum << L, P;
  const Matrix3& R0 = s.basePose.R;
  out.linearMomentum = R0 * P;
  out.angularMomentum = R0 * L + s.basePose.p.cross(out.linearMomentum);
  out.mass = mass;
  out.centreOfMass = s.basePose.apply(mc / mass);
  return out;
}

VectorX floatingBaseInverseDynamics(const FloatingBaseModel& fm, FloatingBaseData& d, const Vector6& nu0,
                                    const VectorX& q, const VectorX& qd, const VectorX& qddDesired,
                                    Vector6* baseAcceleration) {
  const int n = fm.arm.nq;
  floatingBaseMassMatrix(fm, d, q);
  floatingBaseBias(fm, d, nu0, qd);
  // Base row: I0c a0 + F qdd + C0 = 0  =>  a0 = -I0c^-1 (C0 + F qdd); joint rows: tau = F^T a0 + M qdd + Cq.
  const Matrix6 I0c = d.H.topLeftCorner<6, 6>();
  const Vector6 a0 = -Eigen::LLT<Matrix6>(I0c).solve(d.bias.head<6>() + d.H.block(0, 6, 6, n) * qddDesired);
  if (baseAcceleration != nullptr) *baseAcceleration = a0;
  return d.H.block(6, 0, n, 6) * a0 + d.H.bottomRightCorner(n, n) * qddDesired + d.bias.tail(n);
}

}  // namespace maniplab
