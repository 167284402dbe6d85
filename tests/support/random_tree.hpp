#pragma once
// Random kinematic trees (Model::parent) for the tree tests: like randomStructuredChain (ident_robots.hpp),
// modified-DH placements whose geometry hits the special cases of the base-parameter rules often, but
// each joint's antecedent a(j) is the previous joint or, at random, the base or any earlier joint, so
// that branches leave at several depths. A joint on a body that already has a child is placed with
// Khalil & Kleinfinger's extra gamma, b (Rz(gamma) Tz(b) before Rx(alpha) Tx(d) Rz(theta) Tz(r); robots/README.md
// "Trees"). Armature rotor model, rotor inertia, symmetric viscous friction and, on some joints,
// asymmetric Coulomb friction (the Fsa parameter), so that the linear-in-parameters model is exact.
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "support/random_chain.hpp"

namespace maniplab::testing {

struct RandomTreeOptions {
  int n = 8;
  int minBranches = 2;         ///< joints whose parent is not the previous joint, at least
  double branchProbability = 0.45;
  double prismaticProbability = 0.3;
};

/// `label` receives a one-line description (types, parents, gravity).
inline Model randomStructuredTree(std::mt19937& rng, const RandomTreeOptions& o, std::string* label = nullptr) {
  std::uniform_real_distribution<double> U(0, 1);
  auto pick = [&](double p) { return U(rng) < p; };
  // Generic values kept clear of the special ones (as in randomStructuredChain): angles 0.15 rad from the
  // multiples of 90 deg, lengths 0.05 m from 0.
  auto genericAngle = [&] { return (std::floor(4 * U(rng)) + 0.1 + 0.8 * U(rng)) * M_PI / 2 - M_PI; };
  auto genericLength = [&] { return (pick(0.5) ? 1 : -1) * (0.05 + 0.35 * U(rng)); };
  auto specialAngle = [&] {
    const double r0 = U(rng);
    return r0 < 0.35 ? 0.0 : r0 < 0.55 ? M_PI / 2 : r0 < 0.7 ? -M_PI / 2 : genericAngle();
  };
  for (;;) {
    Model m;
    m.name = "random structured tree";
    m.rotorModel = RotorModel::Armature;
    std::vector<int> children(std::size_t(o.n) + 1, 0);  // index parent + 1
    std::string types, parents;
    int branches = 0;
    for (int i = 0; i < o.n; ++i) {
      int parent = i - 1;
      if (i > 0 && pick(o.branchProbability)) parent = int(std::floor(U(rng) * (i + 1))) - 1;  // -1 .. i-1
      branches += parent != i - 1;
      Transform pre;  // gamma, b of a second child
      if (children[std::size_t(parent + 1)] > 0) {
        Transform tb;
        tb.p = Vector3(0, 0, pick(0.5) ? 0.0 : genericLength());
        pre = rotZ(specialAngle()) * tb;
      }
      ++children[std::size_t(parent + 1)];
      const double alpha = specialAngle();
      const double d = pick(0.4) ? 0.0 : genericLength();
      const double r = pick(0.4) ? 0.0 : genericLength();
      const double theta = pick(0.5) ? 0.0 : specialAngle();
      Transform tz;
      tz.p = Vector3(0, 0, r);
      const Transform X = pre * rotX(alpha) * transX(d) * rotZ(theta) * tz;
      BodyT<double> b;
      ActuatorT<double> act;
      randomIdentificationBody(rng, b, act);
      const bool prismatic = pick(o.prismaticProbability);
      m.addJoint(parent, prismatic ? JointType::Prismatic : JointType::Revolute, X, b, act);
      types += prismatic ? "P" : "R";
      parents += std::to_string(parent + 1) + (i + 1 < o.n ? "," : "");
    }
    if (branches < o.minBranches) continue;
    const double g0 = U(rng);
    std::string gl;
    if (g0 < 0.25) { m.gravity.setZero(); gl = "g = 0"; }
    else if (g0 < 0.55) { m.gravity = Vector3(0, 0, -9.81); gl = "g along -z0"; }
    else if (g0 < 0.7) { m.gravity = -9.81 * m.placement[0].R.col(2); gl = "g along -z1"; }
    else if (g0 < 0.8) { m.gravity = Vector3(9.81, 0, 0); gl = "g along x0"; }
    else { m.gravity = 9.81 * randomVector(rng, 1).normalized(); gl = "g random"; }
    if (label) *label = types + " a(j) = " + parents + ", " + gl;
    return m;
  }
}

}  // namespace maniplab::testing
