// Orthoglide inverse geometric model: Guégan, Khalil, Chablat & Wenger 2002 eqs (2)-(3), corrected [E2] (reference §3), and the
// chain's direct geometric model derived from tables 1-2 (reference §2 "platform position per chain").
#include <algorithm>
#include <cmath>
#include <numbers>

#include "maniplab/model/orthoglide_kinematics.hpp"
#include "maniplab/model/orthoglide_axes.hpp"
#include "maniplab/model/model_messages.hpp"

namespace maniplab {

Vector3 orthoglideChainPlatformPoint(const OrthoglideModel& m, int i, const Vector3& q) {
  const OrthoglideChain& c = m.chain[std::size_t(i)];
  const double S2 = std::sin(q[1]), C2 = std::cos(q[1]), S3 = std::sin(q[2]), C3 = std::cos(q[2]);
  const Vector3 local(c.D4 * C2 * C3, -c.D4 * S3, q[0] - m.a + c.D6 - c.D4 * S2 * C3);
  return m.K() + orthoglide_detail::chainAxes(i) * local;
}

bool orthoglideInverseGeometric(const OrthoglideModel& m, const Vector3& P, OrthoglideChainVariables& q, Message* why) {
  if (!P.allFinite()) {
    if (why) *why = message(msg::kOrthoglidePositionNotFinite);
    return false;
  }
  for (int i = 0; i < 3; ++i) {
    const OrthoglideChain& c = m.chain[std::size_t(i)];
    const Vector3 local = orthoglide_detail::chainAxes(i).transpose() * (P - m.K());
    const double u = local[0], w = local[1], s = local[2];
    // Reach: the leg of length D_4 must span (u, w) with a non-zero component along the actuator;
    // u^2 + w^2 = D_4^2 is the serial singularity (q_2 = 0 or -pi: the leg perpendicular to its axis).
    if (!(u * u + w * w < c.D4 * c.D4)) {
      if (why) {
        const double offset = std::hypot(u, w);
        *why = message(msg::kOrthoglideOutOfReach, {MessageArg::integer(i + 1), MessageArg::number(c.D4, std::to_string(c.D4)),
                                                    MessageArg::number(offset, std::to_string(offset))});
      }
      return false;
    }
    // Eq (3): q_3 = asin(-w / D_4), q_2 = -(asin(-u / (C_3 D_4)) + pi/2); [E2]: q_1 = s + a - D_6 + D_4 C_3 S_2.
    const double q3 = std::asin(-w / c.D4);
    const double C3 = std::cos(q3);
    const double q2 = -(std::asin(std::clamp(-u / (C3 * c.D4), -1.0, 1.0)) + std::numbers::pi / 2);
    const double q1 = s + m.a - c.D6 + c.D4 * C3 * std::sin(q2);
    q[std::size_t(i)] = Vector3(q1, q2, q3);
  }
  return true;
}

bool orthoglideInverseGeometric(const OrthoglideModel& m, const Vector3& P, OrthoglideChainVariables& q,
                                std::string* message) {
  Message why;
  const bool ok = orthoglideInverseGeometric(m, P, q, &why);
  if (!ok && message) *message = why.text;
  return ok;
}

bool orthoglideInverseGeometric(const OrthoglideModel& m, const Vector3& P, Vector3& L, std::string* message) {
  OrthoglideChainVariables q;
  if (!orthoglideInverseGeometric(m, P, q, message)) return false;
  L = Vector3(q[0][0], q[1][0], q[2][0]);
  return true;
}

}  // namespace maniplab
