// Orthoglide poses of every leg body and the platform for given actuator positions: numeric forward
// geometric model (Newton on Guégan, Khalil, Chablat & Wenger 2002 eqs 2-3), inverse geometric model of each chain, then the frames
// of tables 1-2 with the loop closure (eq 34). What a 3D view draws.
#include "maniplab/model/orthoglide_kinematics.hpp"
#include "maniplab/model/orthoglide_tables.hpp"

namespace maniplab {

bool orthoglideBodyPoses(const OrthoglideModel& m, const Vector3& L, std::array<OrthoglideBodyPose, 19>& out,
                         std::string* message) {
  Vector3 P;
  if (!orthoglideForwardGeometric(m, L, m.home, P, {}, message)) return false;
  OrthoglideChainVariables q;
  if (!orthoglideInverseGeometric(m, P, q, message)) return false;
  constexpr std::array<int, 6> rowOfBody{0, 1, 2, 3, 4, 6};
  for (int i = 0; i < 3; ++i) {
    const auto frames = orthoglideChainFrames(m, i, q[std::size_t(i)]);
    for (int b = 0; b < 6; ++b) {
      OrthoglideBodyPose& o = out[std::size_t(6 * i + b)];
      o.chain = i;
      o.body = kOrthoglideBodyNumbers[std::size_t(b)];
      o.pose = frames[std::size_t(rowOfBody[std::size_t(b)])];
      o.com = o.pose.apply(m.chain[std::size_t(i)].body[std::size_t(b)].com);
    }
  }
  OrthoglideBodyPose& p = out[18];
  p.chain = -1;
  p.body = 0;
  p.pose = Transform();
  p.pose.p = P;
  p.com = P;
  return true;
}

}  // namespace maniplab
