#pragma once
// Preallocated workspace of the algorithms (Pinocchio-style Data). Construct once per model; the
// algorithms then run without heap allocation. One Data per thread.
#include <type_traits>
#include <vector>

#include "maniplab/model/model.hpp"

namespace maniplab {

template <typename S> struct DataTpl {
  using V3 = Vector3T<S>;
  using M3 = Matrix3T<S>;

  explicit DataTpl(const ModelTpl<S>& model) { resize(model.nq); }
  DataTpl() = default;

  void resize(int n) {
    nq = n;
    const auto N = std::size_t(n);
    liMi.assign(N, TransformT<S>());
    oMi.assign(N, TransformT<S>());
    crbaX.assign(N, TransformT<S>());
    motionSubspace = Matrix6XT<S>::Zero(6, n);
    crbaF = Matrix6XT<S>::Zero(6, n);
    christoffelA = Matrix6XT<S>::Zero(6, n);
    christoffelB = Matrix6XT<S>::Zero(6, n);
    omega.assign(N, V3::Zero()); omegaDot.assign(N, V3::Zero()); acc.assign(N, V3::Zero());
    vel.assign(N, V3::Zero());
    worldOmega.assign(N, V3::Zero()); worldVel.assign(N, V3::Zero());
    force.assign(N, V3::Zero()); moment.assign(N, V3::Zero());
    rotorMoment.assign(N + 1, V3::Zero());
    compMass.assign(N, S(0)); compFirst.assign(N, V3::Zero()); compInertia.assign(N, M3::Zero());
    if constexpr (std::is_same_v<S, double>) crbaPacked.assign(N, CrbaPacked{});
    tau = VectorXT<S>::Zero(n); qdd = VectorXT<S>::Zero(n); g = VectorXT<S>::Zero(n);
    nle = VectorXT<S>::Zero(n); tmp = VectorXT<S>::Zero(n); friction = VectorXT<S>::Zero(n);
    M = MatrixXT<S>::Zero(n, n); C = MatrixXT<S>::Zero(n, n); L = MatrixXT<S>::Zero(n, n);
    J = Matrix6XT<S>::Zero(6, n);
    dM.assign(N, MatrixXT<S>::Zero(n, n));
    abaIA.assign(N, Eigen::Matrix<S, 6, 6>::Zero()); abaPA.assign(N, Vector6T<S>::Zero());
    abaU.assign(N, Vector6T<S>::Zero()); abaUu.assign(N, S(0));
    abaC.assign(N, Vector6T<S>::Zero()); abaA.assign(N, Vector6T<S>::Zero());
  }

  int nq = 0;  ///< the number of joints of the model this workspace was built for (checked by every algorithm)
  // Kinematics
  std::vector<TransformT<S>> liMi;  ///< ^{i-1}T_i (parent <- child) at the current q
  std::vector<TransformT<S>> oMi;   ///< world <- R_i
  TransformT<S> oMtool;             ///< world <- tool frame
  // Newton–Euler recurrences (vectors of index i expressed in R_i)
  std::vector<V3> omega, omegaDot, acc, vel;  ///< omega_i, omega_dot_i, acceleration and velocity of O_i^+
  std::vector<V3> force, moment;              ///< f_i, c_i: wrench on C_i^+ at O_i^+
  std::vector<V3> rotorMoment;                ///< c_a,i (rotor of M_{i+1} on body i), index i = 0..n
  std::vector<V3> worldOmega, worldVel;       ///< energyMomentum: omega_i and the velocity of O_i, world frame
  // Composite bodies. Recurrence: mass, first moment and inertia about O_i^+, in R_i. CRBA: the same about
  // the origin of R_1, in R_1 (crba.hpp).
  std::vector<S> compMass;
  std::vector<V3> compFirst;
  std::vector<M3> compInertia;
  std::vector<TransformT<S>> crbaX;  ///< CRBA: R_i relative to R_1
  Matrix6XT<S> motionSubspace;       ///< CRBA: S_i [angular; linear] in R_1 at its origin
  Matrix6XT<S> crbaF;                ///< CRBA: F_i = I^c_i S_i (momentum of composite i under unit rate q̇_i)
  /// Scratch of the AVX2 + FMA CRBA on trees (double only; model/src/crba_tree_packed.hpp): per joint, its
  /// pose relative to R_1 (columns of R, then o), its body's then composite's inertia columns about the
  /// origin of R_1 and first moment (lane 3: mass), and S_i (angular, linear), each 3-vector padded to 4.
  struct alignas(32) CrbaPacked {
    double pose[16];
    double inertia[16];
    double subspace[8];
  };
  std::vector<CrbaPacked> crbaPacked;
  Matrix6XT<S> christoffelA, christoffelB;  ///< massMatrixDerivatives: S_k x S_m and I^c_k S_m
  // Articulated-body algorithm (spatial 6-vectors: angular first, then linear, at O_i^+, in R_i)
  std::vector<Eigen::Matrix<S, 6, 6>> abaIA;
  std::vector<Vector6T<S>> abaPA, abaU, abaC, abaA;  ///< abaU: U_i / D_i after aba()
  std::vector<S> abaUu;  ///< (u_i - U_i.c_i) / D_i after aba()
  // Results
  VectorXT<S> tau, qdd, g, nle, tmp, friction;
  MatrixXT<S> M;   ///< mass (kinetic-energy) matrix; algorithms fill the full symmetric matrix
  MatrixXT<S> C;   ///< Coriolis/centrifugal matrix (Christoffel)
  MatrixXT<S> L;   ///< Cholesky factor of M (lower)
  Matrix6XT<S> J;  ///< geometric Jacobian, angular rows first
  std::vector<MatrixXT<S>> dM;  ///< dM/dq_k (massMatrixDerivatives, coriolis_christoffel.hpp)
};

using Data = DataTpl<double>;

}  // namespace maniplab
