// Independent-joint PID with filtered derivative on measurement and anti-windup (see header).
#include "maniplab/sim/control/pid_controller.hpp"

#include <cmath>

namespace maniplab::sim {

PidController::PidController(std::string name, PidGains gains) : name_(std::move(name)), g_(std::move(gains)) {}

void PidController::reset(int dof) {
  integral_ = deriv_ = qPrev_ = VectorX::Zero(dof);
  first_ = true;
}

void PidController::compute(const ControlInput& in, VectorX& tau) {
  const VectorX& q = *in.q;
  const VectorX& qd = in.ref->q;
  const double T = in.period;
  if (first_) {
    qPrev_ = q;
    first_ = false;
  }
  for (int i = 0; i < q.size(); ++i) {
    const double e = qd[i] - q[i];
    const double Tf = g_.derivativeFilter[i];
    deriv_[i] = (Tf * deriv_[i] - g_.kd[i] * (q[i] - qPrev_[i])) / (Tf + T);
    const double umax = g_.saturation[i];
    const double uNoI = g_.kp[i] * e + deriv_[i];
    double I = integral_[i] + g_.ki[i] * T * e;
    double u = uNoI + I;
    const double uSat = std::clamp(u, -umax, umax);
    const bool clamp = g_.antiWindup == AntiWindup::Clamping || g_.antiWindup == AntiWindup::Both;
    const bool back = g_.antiWindup == AntiWindup::BackCalculation || g_.antiWindup == AntiWindup::Both;
    if (clamp && u != uSat && e * u > 0) I = integral_[i];  // freeze: saturated and pushing further
    if (back && g_.trackingTime[i] > 0) I += T / g_.trackingTime[i] * (uSat - u);
    integral_[i] = I;
    tau[i] = std::clamp(uNoI + I, -umax, umax);
    qPrev_[i] = q[i];
  }
}

}  // namespace maniplab::sim
