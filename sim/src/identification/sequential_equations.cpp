// The 14 corrected closed-form equations of Belkoura's (1993) TH8 sequential procedure (ch. III §IV), as
// verified in the reference notes base-parameters-identification.md §8 (errata §9), computed from the
// measured quantities of one test motion: which base parameters each test involves and with which
// coefficients (the "regressor columns" of the step). See identification_sequential.hpp.
#include <cmath>
#include <stdexcept>
#include <utility>

#include "maniplab/sim/identification/sequential.hpp"

namespace maniplab::sim {

Th8Geometry th8Geometry(const Model& m) {
  const bool rpprrr = m.nq == 6 && m.isRevolute(0) && !m.isRevolute(1) && !m.isRevolute(2) && m.isRevolute(3) &&
                      m.isRevolute(4) && m.isRevolute(5);
  if (!rpprrr) throw std::invalid_argument("the TH8 closed-form equations need an R P P R R R robot (" + m.name + ")");
  if (std::abs(m.gravity.x()) > 1e-12 || std::abs(m.gravity.y()) > 1e-12)
    throw std::invalid_argument("the TH8 closed-form equations need gravity along z0 (" + m.name + ")");
  Th8Geometry g;
  g.g = m.gravity.z();  // signed: ^0g = (0 0 g), reference §3
  const Transform& X3 = m.placement[2];
  g.d3 = X3.p.x();               // DHM (1.12): ^2P^3 = [d3, -r3 S(alpha3), r3 C(alpha3)]
  g.r03 = X3.p.dot(X3.R.col(2));  // r3 at q3 = 0
  return g;
}

namespace {

/// The terms of one TH8 equation under construction, from the measured quantities of its test motion.
/// Joints are numbered 1..6 as in the thesis. A = start, B = end of the motion; Δ[x] = x(B) - x(A).
class Th8Equation {
 public:
  Th8Equation(const Th8Geometry& geo, const SegmentMeasures& m) : g(geo.g), d3(geo.d3), r03(geo.r03), m_(m) {}

  /// Steps 1–6, tests T1 (one joint alone) and T2 (one joint at constant velocity).
  void oneJointTest(int step);
  /// Step 7, test T3: q̇1 constant, joint 3 variable.
  void t3Joint3UnderConstantQd1();
  /// Steps 8, 9, 11 and 13, test T4: one joint with a variable velocity, the others held.
  void variableVelocityTest(int step);
  /// Steps 10, 12 and 14, test T5: one joint at constant velocity, the next one variable.
  void constantAndVariableVelocityTest(int step);

  std::vector<EquationTerm> terms() && { return std::move(t_); }

 private:
  const double g, d3, r03;
  const SegmentMeasures& m_;
  std::vector<EquationTerm> t_;

  void add(const char* name, double c) { t_.push_back({name, c}); }
  double qa(int j) const { return m_.qA[j - 1]; }
  double qb(int j) const { return m_.qB[j - 1]; }
  double va(int j) const { return m_.qdA[j - 1]; }
  double vb(int j) const { return m_.qdB[j - 1]; }
  double dq(int j) const { return qb(j) - qa(j); }
  double dq2(int j) const { return qb(j) * qb(j) - qa(j) * qa(j); }
  double dv2(int j) const { return vb(j) * vb(j) - va(j) * va(j); }
  double dC(int j) const { return std::cos(qb(j)) - std::cos(qa(j)); }
  double dS(int j) const { return std::sin(qb(j)) - std::sin(qa(j)); }
  double C(int j) const { return std::cos(qa(j)); }  // a held joint (same at A and B)
  double S(int j) const { return std::sin(qa(j)); }
  // fr: the friction of a moving joint; Ia_k 1/2 Δ[qd_k^2] for the joints whose rotor inertia is a base
  // parameter of its own (Ia1 and Ia4 are inside ZZR1 and ZZR4, whose ZZ terms carry them).
  void moving(int j) {
    t_.push_back({"Fs" + std::to_string(j), m_.absIntegral[j - 1]});
    t_.push_back({"Fv" + std::to_string(j), m_.squareIntegral[j - 1]});
    if (j != 1 && j != 4) t_.push_back({"Ia" + std::to_string(j), 0.5 * dv2(j)});
  }
};

void Th8Equation::oneJointTest(int step) {
  switch (step) {
    case 1:  // T1, joint 3 alone (⊥ g): W3 = [½Δ[q̇3²], Δf_S3, Δf_V3]·[M3, FS3, FV3]
      moving(3);
      add("MR3", 0.5 * dv2(3));
      break;
    case 2:  // T1, joint 2 alone (vertical): W2 = [½Δ[q̇2²] − gΔ[q2], ...]·[M2 + M3, ...] (print: −gΔ[q3])
      moving(2);
      add("M2", 0.5 * dv2(2) - g * dq(2));
      add("MR3", 0.5 * dv2(2) - g * dq(2));
      break;
    case 3:  // T2, joint 6 at constant velocity: W6 = [−gΔ[C6], gΔ[S6], ...]·[MX6, MY6, ...]
      moving(6);
      add("MX6", -g * dC(6));
      add("MY6", g * dS(6));
      break;
    case 4:  // T2, joint 5 constant velocity, q6 = 0: [−gΔ[C5], gΔ[S5]]·[MX5 + MX6, MY5]
      moving(5);
      add("MX5", -g * dC(5));
      add("MX6", -g * dC(5));
      add("MYR5", g * dS(5));
      break;
    case 5:  // T2, joint 4 constant velocity: [−gΔ[C4], gΔ[S4]]·[MX4 + MX5 + MX6, MY4 + MY6]
      moving(4);
      for (const char* p : {"MX4", "MX5", "MX6"}) add(p, -g * dC(4));
      for (const char* p : {"MYR4", "MY6"}) add(p, g * dS(4));
      break;
    case 6:  // T2, joint 1 constant velocity (∥ g): W1 = [Δf_S1, Δf_V1]·[FS1, FV1]
      moving(1);
      break;
  }
}

// T3: q̇1 constant, joint 3 variable ((3.18) sign corrected, d3 and r03 terms)
void Th8Equation::t3Joint3UnderConstantQd1() {
  moving(1);
  moving(3);
  const double w1 = va(1);
  add("MR3", 0.5 * dv2(3) + 0.5 * w1 * w1 * dq2(3) + r03 * w1 * w1 * dq(3) - d3 * w1 * (vb(3) - va(3)));
  for (const char* p : {"MZR3", "MYR5"}) add(p, w1 * w1 * dq(3));
  for (const char* p : {"MY3", "MYR4", "MY6"}) add(p, w1 * (vb(3) - va(3)));
}

void Th8Equation::variableVelocityTest(int step) {
  switch (step) {
    case 8:  // T4, joint 6 variable: ... = ½Δ[q̇6²]·ZZ6 (print: coefficient 1)
      moving(6);
      add("MX6", -g * dC(6));
      add("MY6", g * dS(6));
      add("ZZ6", 0.5 * dv2(6));
      break;
    case 9:  // T4, joint 5 variable, q6 HELD: Δ[q̇5²](½, ½S6², S6C6)·[ZZ5, XX6, XY6] (print: S5, C5, 1)
      moving(5);
      add("MX5", -g * dC(5));
      add("MX6", -g * C(6) * dC(5));
      add("MY6", g * S(6) * dC(5));
      add("MYR5", g * dS(5));
      add("ZZR5", 0.5 * dv2(5));
      add("XXR6", 0.5 * S(6) * S(6) * dv2(5));
      add("XY6", S(6) * C(6) * dv2(5));
      break;
    case 11: {  // T4, joint 4 variable, q5 HELD, q6 = 0: Δ[q̇4²](½, ½S5², S5C5)·[ZZ4, XX5, XY5]
      moving(4);
      const double D = dv2(4), c5 = C(5), s5 = S(5);
      add("MX4", -g * dC(4));
      for (const char* p : {"MX5", "MX6"}) add(p, -g * c5 * dC(4));
      for (const char* p : {"MYR4", "MY6"}) add(p, g * dS(4));
      add("MYR5", g * s5 * dC(4));
      add("XXR6", 0.5 * s5 * s5 * D);
      add("XZ6", s5 * c5 * D);
      add("ZZ6", 0.5 * c5 * c5 * D);
      add("ZZR4", 0.5 * D);
      add("XXR5", 0.5 * s5 * s5 * D);
      add("XY5", s5 * c5 * D);
      break;
    }
    case 13: {  // T4, joint 1 variable, q4 HELD, q5 = q6 = 0 (print: (1, −½C4², −S4C4), no d3 S4, d3 C4 terms)
      moving(1);
      const double D = dv2(1), c4 = C(4), s4 = S(4);
      add("MR3", 0.5 * (d3 * d3 + r03 * r03) * D);
      add("MY3", -d3 * D);
      for (const char* p : {"MZR3", "MYR5"}) add(p, r03 * D);
      for (const char* p : {"MX4", "MX5", "MX6"}) add(p, -d3 * s4 * D);
      for (const char* p : {"MYR4", "MY6"}) add(p, -d3 * c4 * D);
      for (const char* p : {"XXR5", "XXR6"}) add(p, 0.5 * c4 * c4 * D);
      add("XZ5", s4 * c4 * D);
      add("XY6", -s4 * c4 * D);
      add("ZZR5", 0.5 * s4 * s4 * D);
      add("ZZR1", 0.5 * D);
      add("XXR4", 0.5 * c4 * c4 * D);
      add("XY4", -s4 * c4 * D);
      break;
    }
  }
}

void Th8Equation::constantAndVariableVelocityTest(int step) {
  switch (step) {
    case 10: {  // T5: q̇5 constant, joint 6 variable: ... = −q̇5(Δ[q̇6S6], Δ[q̇6C6])·[XZ6, YZ6]
      moving(5);
      moving(6);
      const double w5 = va(5);
      add("MX5", -g * dC(5));
      add("MYR5", g * dS(5));
      add("MX6", -g * (std::cos(qb(5)) * std::cos(qb(6)) - std::cos(qa(5)) * std::cos(qa(6))));
      add("MY6", g * (std::cos(qb(5)) * std::sin(qb(6)) - std::cos(qa(5)) * std::sin(qa(6))));
      add("XXR6", 0.5 * w5 * w5 * (std::pow(std::sin(qb(6)), 2) - std::pow(std::sin(qa(6)), 2)));
      add("XY6", w5 * w5 * (std::sin(qb(6)) * std::cos(qb(6)) - std::sin(qa(6)) * std::cos(qa(6))));
      add("ZZ6", 0.5 * dv2(6));
      add("XZ6", -w5 * (vb(6) * std::sin(qb(6)) - va(6) * std::sin(qa(6))));
      add("YZ6", -w5 * (vb(6) * std::cos(qb(6)) - va(6) * std::cos(qa(6))));
      break;
    }
    case 12: {  // T5: q̇4 constant, joint 5 variable, q6 = 0: ... = q̇4(Δ[q̇5S5], Δ[q̇5C5])·[XZ5, YZ5]
      moving(4);
      moving(5);
      const double w4 = va(4);
      const double dC4C5 = std::cos(qb(4)) * std::cos(qb(5)) - std::cos(qa(4)) * std::cos(qa(5));
      const double dC4S5 = std::cos(qb(4)) * std::sin(qb(5)) - std::cos(qa(4)) * std::sin(qa(5));
      const double dS5sq = std::pow(std::sin(qb(5)), 2) - std::pow(std::sin(qa(5)), 2);
      const double dS5C5 = std::sin(qb(5)) * std::cos(qb(5)) - std::sin(qa(5)) * std::cos(qa(5));
      const double dC5sq = std::pow(std::cos(qb(5)), 2) - std::pow(std::cos(qa(5)), 2);
      const double dV5S5 = vb(5) * std::sin(qb(5)) - va(5) * std::sin(qa(5));
      const double dV5C5 = vb(5) * std::cos(qb(5)) - va(5) * std::cos(qa(5));
      add("MX4", -g * dC(4));
      for (const char* p : {"MYR4", "MY6"}) add(p, g * dS(4));
      for (const char* p : {"MX5", "MX6"}) add(p, -g * dC4C5);
      add("MYR5", g * dC4S5);
      for (const char* p : {"XXR5", "XXR6"}) add(p, 0.5 * w4 * w4 * dS5sq);
      for (const char* p : {"XY5", "XZ6"}) add(p, w4 * w4 * dS5C5);
      add("ZZ6", 0.5 * w4 * w4 * dC5sq);
      add("XY6", -w4 * dV5S5);
      add("YZ6", -w4 * dV5C5);
      add("ZZR5", 0.5 * dv2(5));
      add("XZ5", w4 * dV5S5);
      add("YZ5", w4 * dV5C5);
      break;
    }
    case 14: {  // T5: q̇1 constant, joint 4 variable, q5 = q6 = 0 (print: signs, no d3, r03 terms)
      moving(1);
      moving(4);
      const double w1 = va(1);
      const double dV4C4 = vb(4) * std::cos(qb(4)) - va(4) * std::cos(qa(4));
      const double dV4S4 = vb(4) * std::sin(qb(4)) - va(4) * std::sin(qa(4));
      const double dC4sq = std::pow(std::cos(qb(4)), 2) - std::pow(std::cos(qa(4)), 2);
      const double dS4sq = std::pow(std::sin(qb(4)), 2) - std::pow(std::sin(qa(4)), 2);
      const double dS4C4 = std::sin(qb(4)) * std::cos(qb(4)) - std::sin(qa(4)) * std::cos(qa(4));
      for (const char* p : {"MX4", "MX5", "MX6"}) add(p, -g * dC(4) - d3 * w1 * w1 * dS(4) - r03 * w1 * dV4C4);
      for (const char* p : {"MYR4", "MY6"}) add(p, g * dS(4) - d3 * w1 * w1 * dC(4) + r03 * w1 * dV4S4);
      for (const char* p : {"XXR4", "XXR5", "XXR6"}) add(p, 0.5 * w1 * w1 * dC4sq);
      add("XY4", -w1 * w1 * dS4C4);
      add("XZ5", w1 * w1 * dS4C4);
      add("XY6", -w1 * w1 * dS4C4);
      add("ZZR5", 0.5 * w1 * w1 * dS4sq);
      for (const char* p : {"XY5", "XZ6"}) add(p, w1 * dV4C4);
      add("YZ5", w1 * dV4S4);
      add("YZ6", -w1 * dV4S4);
      for (const char* p : {"ZZR4", "ZZ6"}) add(p, 0.5 * dv2(4));
      add("XZ4", w1 * dV4C4);
      add("YZ4", -w1 * dV4S4);
      break;
    }
  }
}

}  // namespace

std::vector<EquationTerm> th8StepEquation(int step, const Th8Geometry& geo, const SegmentMeasures& m) {
  if (step < 1 || step > 14) throw std::invalid_argument("TH8 step " + std::to_string(step) + " (1..14)");
  if (m.qA.size() != 6 || m.qB.size() != 6 || m.qdA.size() != 6 || m.qdB.size() != 6 || m.work.size() != 6 ||
      m.absIntegral.size() != 6 || m.squareIntegral.size() != 6)
    throw std::invalid_argument("TH8 step " + std::to_string(step) + ": the measures need 6 joints");
  Th8Equation e(geo, m);
  switch (step) {
    case 7: e.t3Joint3UnderConstantQd1(); break;
    case 8: case 9: case 11: case 13: e.variableVelocityTest(step); break;
    case 10: case 12: case 14: e.constantAndVariableVelocityTest(step); break;
    default: e.oneJointTest(step); break;
  }
  return std::move(e).terms();
}

Eigen::RowVectorXd equationRow(const std::vector<EquationTerm>& terms, const BaseParameterSet& base, const std::string& context) {
  Eigen::RowVectorXd row = Eigen::RowVectorXd::Zero(base.count());
  for (const auto& term : terms) {
    int b = -1;
    for (int k = 0; k < base.count(); ++k)
      if (base.params[std::size_t(k)].name == term.name) b = k;
    if (b < 0) throw std::runtime_error(context + ": " + term.name + " is not a base parameter of this robot");
    row[b] += term.coefficient;
  }
  return row;
}

}  // namespace maniplab::sim
