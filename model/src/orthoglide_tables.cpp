// Khalil–Kleinfinger tables of the Orthoglide chains, loop closure and equivalent tree structure:
// Guégan, Khalil, Chablat & Wenger 2002 tables 1–2, eq (1), annex eq (34).
#include "maniplab/model/orthoglide_tables.hpp"

#include <cmath>
#include <numbers>

namespace maniplab {

namespace {
constexpr double kPi = std::numbers::pi;

KhalilKleinfingerRow row(const char* frame, int ant, bool mu, bool sigma, bool variable, double gamma, double b,
                         double alpha, double d, double theta, double r) {
  KhalilKleinfingerRow x;
  x.frame = frame;
  x.antecedent = ant;
  x.actuated = mu;
  x.prismatic = sigma;
  x.variable = variable;
  x.gamma = gamma; x.b = b; x.alpha = alpha; x.d = d; x.theta = theta; x.r = r;
  return x;
}

std::string name(int body, int chain) { return std::to_string(body) + "_" + std::to_string(chain + 1); }
}  // namespace

std::array<KhalilKleinfingerRow, 9> orthoglideTable(const OrthoglideModel& m, int i) {
  const OrthoglideChain& c = m.chain[std::size_t(i)];
  const double a = m.a, r2 = c.r2;
  std::array<KhalilKleinfingerRow, 9> t;
  // Table 1: first body of chain i in R_0 (r holds the constant part: r = -a + q_1i for chains 2, 3).
  if (i == 0) t[0] = row("", -1, true, true, true, 0, 0, 0, 0, 0, 0);
  else if (i == 1) t[0] = row("", -1, true, true, true, kPi / 2, a, kPi / 2, 0, 0, -a);
  else t[0] = row("", -1, true, true, true, 0, a, -kPi / 2, 0, -kPi / 2, -a);
  // Table 2 with its remarks: b_7 = -2 r_2, b_9 = -r_2, r_5 = -r_2, D_8 = D_4.
  t[1] = row("", 0, false, false, true, 0, 0, -kPi / 2, 0, 0, r2);
  t[2] = row("", 1, false, false, true, 0, 0, -kPi / 2, 0, 0, 0);
  t[3] = row("", 2, false, false, true, 0, 0, 0, c.D4, 0, 0);
  t[4] = row("", 3, false, false, true, 0, 0, kPi / 2, 0, 0, -r2);
  t[5] = row("", 4, false, false, false, 0, 0, 0, c.D6, 0, 0);
  t[6] = row("", 1, false, false, true, 0, -2 * r2, -kPi / 2, 0, 0, 0);
  t[7] = row("", 6, false, false, true, 0, 0, 0, c.D4, 0, 0);
  t[8] = row("", 4, false, false, false, 0, -r2, -kPi / 2, 0, 0, 0);
  for (int k = 0; k < 9; ++k) t[std::size_t(k)].frame = name(k + 1, i);
  return t;
}

Transform khalilKleinfingerTransform(const KhalilKleinfingerRow& r, double q) {
  const double theta = r.theta + (r.variable && !r.prismatic ? q : 0.0);
  const double rr = r.r + (r.variable && r.prismatic ? q : 0.0);
  return rotZ(r.gamma) * transZ(r.b) * rotX(r.alpha) * transX(r.d) * rotZ(theta) * transZ(rr);
}

std::array<double, 9> orthoglideFrameVariables(const Vector3& qa) {
  // Annex eq (34): q_4 = -q_3, q_5 = -q_2 - pi/2, q_7 = q_3, q_8 = -q_3.
  return {qa[0], qa[1], qa[2], -qa[2], -qa[1] - kPi / 2, 0.0, qa[2], -qa[2], 0.0};
}

std::array<Transform, 9> orthoglideChainFrames(const OrthoglideModel& m, int i, const Vector3& qa) {
  const auto table = orthoglideTable(m, i);
  const auto q = orthoglideFrameVariables(qa);
  std::array<Transform, 9> out;
  for (std::size_t k = 0; k < 9; ++k) {
    const Transform local = khalilKleinfingerTransform(table[k], q[k]);
    out[k] = table[k].antecedent < 0 ? local : out[std::size_t(table[k].antecedent)] * local;
  }
  return out;
}

OrthoglideChainTree orthoglideChainTree(const OrthoglideModel& m, int i) {
  const auto table = orthoglideTable(m, i);
  const OrthoglideChain& c = m.chain[std::size_t(i)];
  auto placement = [&](int k) { return khalilKleinfingerTransform(table[std::size_t(k)], 0.0); };
  auto type = [&](int k) { return table[std::size_t(k)].prismatic ? JointType::Prismatic : JointType::Revolute; };
  OrthoglideChainTree t;
  for (Model* b : {&t.branchA, &t.branchB}) {
    b->gravity = m.gravity;
    b->rotorModel = m.rotorModel;
  }
  t.branchA.name = m.name + " chain " + std::to_string(i + 1) + " branch (1,2,3,4,5)";
  t.branchB.name = m.name + " chain " + std::to_string(i + 1) + " branch (1,2,7)";
  // Branch A: table rows 0..4 (frames 1..5), bodies 1, 2, 3, 4, 5.
  for (int k = 0; k < 5; ++k)
    t.branchA.addJoint(type(k), placement(k), c.body[std::size_t(k)], k == 0 ? c.actuator : ActuatorT<double>(),
                       "q" + table[std::size_t(k)].frame);
  t.branchA.limits[0] = c.limits;
  // Branch B: frames 1, 2 (massless copies) and 7 (body 7, index 5 of chain.body).
  t.branchB.addJoint(type(0), placement(0), BodyT<double>(), ActuatorT<double>(), "q" + table[0].frame);
  t.branchB.addJoint(type(1), placement(1), BodyT<double>(), ActuatorT<double>(), "q" + table[1].frame);
  t.branchB.addJoint(type(6), placement(6), c.body[5], ActuatorT<double>(), "q" + table[6].frame);
  return t;
}

}  // namespace maniplab
