#pragma once
// Finite Fourier series excitation trajectory (Swevers, Ganseman, Tükel, De Schutter & Van Brussel,
// "Optimal robot excitation and identification", IEEE TRA 13(5), 1997, eq. 14):
//   q_i(t)   = q0_i + sum_{l=1..L} [ a_il / (wf l) sin(wf l t) - b_il / (wf l) cos(wf l t) ]
//   qd_i(t)  = sum_l [ a_il cos(wf l t) + b_il sin(wf l t) ]
//   qdd_i(t) = sum_l wf l [ -a_il sin(wf l t) + b_il cos(wf l t) ]
// Periodic with period 2 pi / wf; duration() = periods * 2 pi / wf. Note q_i(0) = q0_i - sum_l b_il/(wf l)
// and qd_i(0) = sum_l a_il: the trajectory starts at rest only if the coefficients are chosen so
// (sum_l a_il = 0, sum_l l b_il = 0), as identification experiments usually impose. Outside
// [0, duration()] the reference holds q(0) (= q(duration)) at rest, as for every trajectory.
#include "maniplab/sim/trajectories/trajectory.hpp"

namespace maniplab::sim {

class FourierJointTrajectory : public Trajectory {
 public:
  /// q0: offsets (size n); wf > 0: fundamental pulsation [rad/s]; a, b: n x L coefficient matrices
  /// [rad/s]; periods >= 1.
  FourierJointTrajectory(const VectorX& q0, double wf, const MatrixX& a, const MatrixX& b, int periods = 1);

  int dof() const override { return int(q0_.size()); }
  double duration() const override { return duration_; }
  void sample(double t, JointReference& out) const override;
  std::string describe() const override;

  double period() const { return period_; }
  int harmonics() const { return int(a_.cols()); }

 private:
  void evaluate(double t, JointReference& out) const;
  VectorX q0_;
  double wf_ = 1, period_ = 0, duration_ = 0;
  MatrixX a_, b_;
  int periods_ = 1;
};

}  // namespace maniplab::sim
