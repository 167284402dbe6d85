#pragma once
// Energy-balance monitor: the first of the seven "general theorem" checks of the Newton–Euler/actuator
// paper (newton-euler-actuators.md §4.2, "variation of kinetic energy = work of internal and external
// forces"), written for a fixed-base arm whose potential energy U is gravity:
//
//     E(t) − E(0) = W(t),   E = T + U,   W(t) = ∫₀ᵗ q̇ · (τ_applied − τ_friction) dt
//
// (the derived form d/dt (T + U) = Σ q̇_i (α_i c_mi − ξ_vi q̇_i − q_si sign q̇_i) of §4.2).
//
// Conventions:
//   * tauApplied is the generalized actuator force applied at the joints (α c_m, N m or N);
//   * tauFriction is the friction force as a positive-dissipation quantity (ξ_v q̇ + q_s sign q̇, the
//     force that OPPOSES the motion), so q̇·τ_friction ≥ 0 and it is subtracted;
//   * W is integrated with the trapezoidal rule over each step [t0, t1] (exact for power linear in t):
//       W += dt/2 (q̇0·(τ0 − f0) + q̇1·(τ1 − f1)).
//   The drift of a correct simulation is then the integration (discretisation) error of the simulator
//   plus the quadrature error of W; it shrinks with the step and must not grow systematically.
#include "maniplab/model/fwd.hpp"

namespace maniplab::sim {

class EnergyBalance {
 public:
  /// Starts a new balance at total mechanical energy E0 = T + U (J); W = 0.
  void reset(double E0);

  /// Adds the work of one step of length dt between states 0 and 1. All vectors have the same size
  /// (std::invalid_argument otherwise).
  void add(double dt, const VectorX& qd0, const VectorX& qd1, const VectorX& tauApplied0,
           const VectorX& tauApplied1, const VectorX& tauFriction0, const VectorX& tauFriction1);

  double E0() const { return E0_; }
  double work() const { return W_; }            ///< W (J), net work of actuators minus friction
  /// The two parts of W, same trapezoid: W = actuatorWork() − frictionWork().
  double actuatorWork() const { return Wa_; }   ///< ∫ q̇·τ_applied dt (J)
  double frictionWork() const { return Wf_; }   ///< ∫ q̇·τ_friction dt (J), ≥ 0: energy dissipated by friction
  double grossWork() const { return gross_; }   ///< Σ |ΔW| over the steps (J): total energy exchanged
  double drift(double E) const { return E - E0_ - W_; }  ///< E − E0 − W (J); 0 for exact dynamics

  /// drift(E) / scale with scale = max(|E0|, |E|, |W|, grossWork(), scaleFloor()). grossWork makes the
  /// ratio meaningful when energy is pumped in and taken out again (W ≈ 0 with large flows); the floor
  /// (default 1e-9 J) only avoids 0/0 for a system at rest with zero energy.
  double relativeDrift(double E) const;
  void setScaleFloor(double joules) { floor_ = joules; }
  double scaleFloor() const { return floor_; }

 private:
  double E0_ = 0, W_ = 0, Wa_ = 0, Wf_ = 0, gross_ = 0, floor_ = 1e-9;
};

}  // namespace maniplab::sim
