// Orthoglide kinetic and potential energy from the bodies' velocities (Llibre, Mampey & Chrétien 1983 §IV.2 energy of a
// multibody system; frames of Guégan, Khalil, Chablat & Wenger 2002 tables 1-2 and loop closure eq 34; chain rates by eq 6).
// Deliberately independent of the Newton-Euler path: it is the oracle of the power balance.
#include "maniplab/model/orthoglide_dynamics.hpp"

namespace maniplab {

bool orthoglideEnergy(const OrthoglideModel& m, const Vector3& P, const Vector3& V, OrthoglideEnergy& out) {
  OrthoglideChainVariables q;
  if (!orthoglideInverseGeometric(m, P, q) || !V.allFinite()) return false;
  out = {};
  // Body of each table row (rows 0..4 -> bodies 1..5, row 6 -> body 7; rows 5, 7, 8 carry none).
  constexpr std::array<int, 9> bodyOfRow{0, 1, 2, 3, 4, -1, 5, -1, -1};
  for (int i = 0; i < 3; ++i) {
    const auto k = std::size_t(i);
    const OrthoglideChain& c = m.chain[k];
    const Vector3 qd = orthoglideChainInverseJacobian(m, i, q[k]) * V;
    const std::array<double, 9> rate{qd[0], qd[1], qd[2], -qd[2], -qd[1], 0.0, qd[2], -qd[2], 0.0};
    const auto table = orthoglideTable(m, i);
    const auto frames = orthoglideChainFrames(m, i, q[k]);
    std::array<Vector3, 9> w, v;
    for (std::size_t j = 0; j < 9; ++j) {
      const int a = table[j].antecedent;
      const Vector3 wa = a < 0 ? Vector3::Zero() : w[std::size_t(a)];
      const Vector3 va = a < 0 ? Vector3::Zero() : v[std::size_t(a)];
      const Vector3 pa = a < 0 ? Vector3::Zero() : frames[std::size_t(a)].p;
      const Vector3 z = frames[j].R.col(2);
      w[j] = wa + (table[j].prismatic ? Vector3::Zero() : Vector3(rate[j] * z));
      v[j] = va + wa.cross(frames[j].p - pa) + (table[j].prismatic ? Vector3(rate[j] * z) : Vector3::Zero());
      const int b = bodyOfRow[j];
      if (b < 0) continue;
      const BodyT<double>& body = c.body[std::size_t(b)];
      const Vector3 rc = frames[j].R * body.com;
      const Vector3 vG = v[j] + w[j].cross(rc);
      const Matrix3 I = frames[j].R * body.inertia * frames[j].R.transpose();
      out.kinetic += 0.5 * body.mass * vG.squaredNorm() + 0.5 * w[j].dot(I * w[j]);
      out.potential -= body.mass * m.gravity.dot(frames[j].p + rc);
    }
    // Drive rotor, carried by the fixed base, spinning at gear * qdot_1 about its own axis.
    const double spin = c.actuator.gear * qd[0];
    out.kinetic += 0.5 * c.actuator.rotorInertia * spin * spin;
  }
  out.kinetic += 0.5 * m.platformMass * V.squaredNorm();
  out.potential -= m.platformMass * m.gravity.dot(P);
  return true;
}

}  // namespace maniplab
