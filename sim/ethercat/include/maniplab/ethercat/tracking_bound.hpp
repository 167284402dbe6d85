#pragma once
// How far a run over the EtherCAT bus may depart from the same run on the simulation backend, sample by
// sample, because of the quantisations the bus introduces (sim/ethercat/README.md, "Tolerance").
//
// Over the bus, and only there, per control period:
//   torque set-point rounded to 1 per mille of the drive's rated torque: |dtau_i| <= dTau_i / 2;
//   position and velocity measured in encoder counts:                   |dq_i|, |dqd_i| <= dQ_i / 2
//     (dQ_i = 1 count [rad or m], velocities in counts/s);
//   the start placed on a count (object 0x2100):                        |dq_i(0)| <= dQ_i / 2;
//   CSP: the target position in counts (|dqt_i| <= dQ_i / 2) and the drive-loop gains sent as REAL32
//     (relative rounding <= 2^-24).
// Linearised about the simulated run, the deviation x = q_bus - q_sim of joint j obeys, in acceleration
// terms, the closed loop of the controller with a disturbance w_j:
//   CST, computed torque tau = M^(q)(qdd_d + Kv e' + Kp e) + N^:  x'' + g (Kv x' + Kp x) = w,
//     g = (M^-1 M^)_jj,  |w_j| <= sum_i max|M^-1|_ji dTau_i/2 + sum_i max|M^-1 M^|_ji (Kp_i + Kv_i) dQ_i/2;
//   CSP, the drive's PD tau = Kp (qt - q) - Kd (q - q_prev)/T:  x'' + m (Kd dx/T + Kp x) = w,
//     m = (M^-1)_jj,  |w_j| <= sum_i max|M^-1|_ji (Kp_i dQ_i/2 + 2^-24 (Kp_i |e_i| + Kd_i |e_i'|)),
// the maxima taken along the reference (M of the plant model, M^ of the controller's perturbed model).
// The sampled closed loop (zero-order hold at the loop's period) turns a disturbance bounded by W into a
// deviation bounded by ||h||_1 W, ||h||_1 the l1 norm of its impulse response (the worst case over g
// or m in their range along the reference); the start offset adds dQ_j/2 times the peak of the free
// response, and the bus run's recorded q (a measurement) another dQ_j/2:
//   B_j = margin (||h_j||_1 W_j + (peak_j + 1) dQ_j / 2).
// The margin (default 2) covers what the linearisation leaves out (coupling through M^-1 M^ off its
// diagonal, the gradient of M^ and N^ at the quantised measurement, the plant's integrator between
// samples); it is not a tolerance for anything else: a bus run whose periods were all regular reproduces
// a simulation quantised the same way exactly (test_ethercat_bus).
#include <cstdint>
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"
#include "maniplab/sim/traces/recorder.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::ethercat {

class Master;

/// Quantisation steps per joint: one encoder count [rad or m] and 1 per mille of the rated torque
/// [N m or N] (output side).
struct QuantisationSteps {
  std::vector<double> position, torque;
};
/// The steps of the drives on a bus brought up by `master` (its SDO scaling, SlaveInfo).
QuantisationSteps quantisationSteps(const Master& master);
/// The steps of ManipLab's virtual drives of `model` (virtualDriveScaling), without a bus.
QuantisationSteps virtualDriveSteps(const Model& model);

struct TrackingBound {
  std::vector<double> bound;        ///< B_j [rad or m], margin included
  std::vector<double> disturbance;  ///< W_j [rad/s^2]: worst-case acceleration disturbance
  std::vector<double> l1Gain;       ///< ||h_j||_1 [s^2]: worst case along the reference
  std::vector<double> startPeak;    ///< peak of the free response to a unit start offset
  double margin = 0;
  std::string error;                ///< non-empty: no bound (e.g. the linear closed loop is unstable)
};

/// The bound for `spec` on `model` (the plant's model) following `reference` for `duration` s.
/// CST: spec is a computed_torque controller (kp, kv, perturbation); the loop runs at `controlPeriod`.
/// CSP: spec.kp, spec.kv are the drives' Kp, Kd; their loop runs at `busPeriod`; `simMaxError` (max |e_j|
/// of the simulated run, may be empty) sizes the REAL32 gain term.
TrackingBound trackingBound(const Model& model, const sim::ControllerSpec& spec, std::int8_t mode, double controlPeriod,
                            double busPeriod, const sim::Trajectory& reference, double duration,
                            const QuantisationSteps& steps, const std::vector<double>& simMaxError = {},
                            double margin = 2.0);

/// Sample-by-sample difference of the recorded joint positions ("q[1]".."q[n]") of two runs with the
/// same control period, over the rows whose time is <= `until`.
struct TraceDifference {
  std::vector<double> maxAbs;  ///< max_k |q_a - q_b| per joint
  std::vector<double> atTime;  ///< where it occurs [s]
  std::size_t rows = 0;        ///< rows compared
  std::string error;           ///< non-empty: the traces cannot be compared (channel missing, times differ)
};
TraceDifference traceDifference(const sim::Recorder& a, const sim::Recorder& b, int dof, double until);

}  // namespace maniplab::ethercat
