// Energies and momenta (seed 000 §III.1 eq 2 and §IV.2; seed 001 §2–3).
#include "maniplab/model/energy_momentum.hpp"

#include "maniplab/model/forward_kinematics.hpp"

namespace maniplab {

EnergyMomentum energyMomentum(const Model& model, Data& data, const VectorX& q, const VectorX& qd) {
  forwardKinematics(model, data, q);
  const bool full = usesFullRotor(model);
  EnergyMomentum e;
  // Velocities in the world frame (v = velocity of O_i); each body's inertia term is evaluated in its own
  // frame (w_b = R^T w), which avoids rotating the inertia tensors.
  Vector3 w = Vector3::Zero(), v = Vector3::Zero(), o = Vector3::Zero();
  for (int i = 0; i < model.nq; ++i) {
    const auto k = std::size_t(i);
    const auto& X = data.oMi[k];
    const auto& act = model.actuator[k];
    if (full) {  // rotor of M_i on body i-1: only its spin relative to the carrier adds to the locked part
      const Matrix3 Rp = i == 0 ? Matrix3(Matrix3::Identity()) : data.oMi[k - 1].R;
      const Vector3 wc = Rp.transpose() * w;  // carrier's angular velocity in its frame
      const Matrix3 Jm = rotorTensor(act);
      const Vector3 spin = act.gear * qd[i] * act.rotorAxis;
      e.kinetic += 0.5 * (spin.dot(Jm * spin) + 2 * wc.dot(Jm * spin));
      e.angularMomentum += Rp * (Jm * spin);
    } else {
      e.kinetic += 0.5 * act.gear * act.gear * act.rotorInertia * qd[i] * qd[i];
    }
    v += w.cross(X.p - o);
    const Vector3 z = X.R.col(2);
    if (model.isRevolute(i))
      w += qd[i] * z;
    else
      v += qd[i] * z;
    o = X.p;
    const auto& b = model.body[k];
    const Vector3 rG = X.apply(b.com);
    const Vector3 vG = v + w.cross(rG - o);
    const Vector3 wb = X.R.transpose() * w;
    const Vector3 Iwb = b.inertia * wb;
    e.kinetic += 0.5 * (b.mass * vG.squaredNorm() + wb.dot(Iwb));
    e.potential -= b.mass * model.gravity.dot(rG);
    e.linearMomentum += b.mass * vG;
    e.angularMomentum += rG.cross(b.mass * vG) + X.R * Iwb;
  }
  return e;
}

}  // namespace maniplab
