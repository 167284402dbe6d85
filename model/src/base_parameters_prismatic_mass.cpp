// Extension of Belkoura 1993's regrouping rules (ch. II (2.29)–(2.35), augmented body (2.1)–(2.3)): the
// mass of a prismatic joint whose motion is a pure translation along a fixed direction of the rotating
// bodies before it regroups with its rotor inertia and, along gravity, with the Coulomb asymmetry.
// Derivation: docs/base-parameter-rules.md §2 (h(M_i) = lambda_M(P0) h^{i-1} + 1/2 qd_i^2 - (g.z_i) q_i).
#include <cmath>
#include <cstdio>

#include "base_parameters_slots.hpp"

namespace maniplab::base_rules {

std::string regroupPrismaticMass(Slots& s, const Model& model, const ChainGeometry& g, int i, const Lambda& L) {
  if (model.isRevolute(i) || !s.isAlive(i, kIa) || !s.isAlive(i, kM)) return {};
  const Vector3& zi = g.axis[std::size_t(i)];
  for (int j = 0; j < i; ++j) {
    if (!model.isAncestor(j, i)) continue;  // a tree: only the joints of body i's path move O_i
    const Vector3& zj = g.axis[std::size_t(j)];
    // w_{a(i)} // z_i (rotoid axes parallel) and the earlier translations orthogonal to z_i: the velocity
    // of O_i is u + qd_i z_i with u.z_i = 0, u the velocity of the point of body a(i) at O_i(q_i = 0).
    if (model.isRevolute(j) ? !parallel(zj, zi) : !orthogonal(zj, zi)) return {};
  }
  // Potential -g.P_i M_i with P_i = P_i0 + q_i z_i (z_i fixed in the world): a constant force -g.z_i on
  // joint i, which only Fsa_i (|sign(qd_i)| = 1 at qd_i != 0) can carry.
  double c = -model.gravity.dot(zi.normalized());
  if (std::abs(c) <= kGeomTol * std::max(1.0, model.gravity.norm())) c = 0;
  if (c != 0 && !s.isAlive(i, kFsa)) return {};
  const Eigen::RowVectorXd m = s.content(i, kM);
  s.transfer(i, kM, L, kM);             // the point mass at O_i(q_i = 0) carried by body a(i)
  if (c != 0) s.add(i, kFsa, c * m);    // the weight along z_i
  s.add(i, kM, s.content(i, kIa));      // 1/2 qd_i^2: kept as MR_i = M_i + Ia_i (+ what it carries)
  s.kill(i, kIa);
  const std::string j = std::to_string(i + 1);
  std::string note = "Ia" + j + " regrouped with M" + j + " (prismatic joint " + j +
                     ": earlier rotoid axes parallel, earlier prismatic axes orthogonal to it; the mass at O" + j +
                     " regroups onto body " + std::to_string(model.parent[std::size_t(i)] + 1) + ")";
  if (c != 0) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", c);
    note += "; its weight with Fsa" + j + " (FsaR" + j + " = Fsa" + j + " + " + buf + "*M" + j +
            ", valid at qd" + j + " != 0)";
  }
  return note;
}

}  // namespace maniplab::base_rules
