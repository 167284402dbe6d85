#pragma once
// Helpers of the identification tests: shipped robots, random armature chains with symmetric friction
// (the linear-in-parameters model is exact for them), random structured chains (the special geometries
// of the base-parameter rules), random states.
#include <cmath>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>

#include "maniplab/model/robot_file.hpp"
#include "support/random_chain.hpp"

namespace maniplab::testing {

inline Model loadShippedRobot(const std::string& file) {
  const RobotLoadResult r = loadRobotFile(std::string(MANIPLAB_SOURCE_DIR "/robots/") + file);
  if (!r.ok()) throw std::runtime_error(r.report());
  return r.model;
}

/// A random chain with the armature rotor model and symmetric friction.
inline Model randomArmatureChain(std::mt19937& rng, int n, double prismaticFraction = 0.3) {
  RandomChainOptions o;
  o.n = n;
  o.prismaticFraction = prismaticFraction;
  o.rotor = RotorModel::Armature;
  Model m = randomChain(rng, o);
  for (auto& a : m.actuator) {
    a.viscousNeg = a.viscousPos;
    a.coulombNeg = a.coulombPos;
  }
  return m;
}

/// A random chain in modified-DH placements Rx(alpha) Tx(d) Rz(theta) Tz(r) whose geometry hits the
/// special cases of the base-parameter rules often: alpha in {0, +-90 deg, random}, d, r and theta zero
/// or random, R/P mix, gravity zero, along the base z, along the first joint axis, along the base x or
/// in a random direction; the armature rotor model, symmetric viscous friction and, on some joints,
/// asymmetric Coulomb friction (the Fsa parameter). `label` receives a one-line description.
inline Model randomStructuredChain(std::mt19937& rng, int n, std::string* label = nullptr) {
  std::uniform_real_distribution<double> U(0, 1);
  auto pick = [&](double p) { return U(rng) < p; };
  // Generic values stay clear of the special ones (an axis at 0.05 deg from parallel is numerically
  // neither parallel nor generic: the QR's rank at 1e-9 cannot decide it): angles at least 0.15 rad from
  // the multiples of 90 deg, lengths at least 0.05 m from 0.
  auto genericAngle = [&] { return (std::floor(4 * U(rng)) + 0.1 + 0.8 * U(rng)) * M_PI / 2 - M_PI; };
  auto genericLength = [&] { return (pick(0.5) ? 1 : -1) * (0.05 + 0.35 * U(rng)); };
  Model m;
  m.name = "random structured";
  m.rotorModel = RotorModel::Armature;
  std::string types, geo;
  for (int i = 0; i < n; ++i) {
    const double r0 = U(rng);
    const double alpha = r0 < 0.3 ? 0.0 : r0 < 0.5 ? M_PI / 2 : r0 < 0.65 ? -M_PI / 2 : genericAngle();
    const double d = pick(0.4) ? 0.0 : genericLength();
    const double r = pick(0.4) ? 0.0 : genericLength();
    const double t0 = U(rng);
    const double theta = t0 < 0.4 ? 0.0 : t0 < 0.6 ? (pick(0.5) ? 1 : -1) * M_PI / 2 : genericAngle();
    Transform tz;
    tz.p = Vector3(0, 0, r);
    const Transform X = rotX(alpha) * transX(d) * rotZ(theta) * tz;
    BodyT<double> b;
    ActuatorT<double> act;
    randomIdentificationBody(rng, b, act);
    const bool prismatic = i > 0 ? pick(0.35) : pick(0.3);
    m.addJoint(prismatic ? JointType::Prismatic : JointType::Revolute, X, b, act);
    types += prismatic ? "P" : "R";
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s(a%.0f d%.2g t%.0f r%.2g%s) ", prismatic ? "P" : "R", alpha * 180 / M_PI, d,
                  theta * 180 / M_PI, r, act.coulombNeg != act.coulombPos ? " Fsa" : "");
    geo += buf;
  }
  const double g0 = U(rng);
  std::string gl;
  if (g0 < 0.25) { m.gravity.setZero(); gl = "g = 0"; }
  else if (g0 < 0.5) { m.gravity = Vector3(0, 0, -9.81); gl = "g along -z0"; }
  else if (g0 < 0.65) { m.gravity = -9.81 * m.placement[0].R.col(2); gl = "g along -z1"; }
  else if (g0 < 0.75) { m.gravity = Vector3(9.81, 0, 0); gl = "g along x0"; }
  else { m.gravity = 9.81 * randomVector(rng, 1).normalized(); gl = "g random"; }
  if (label) *label = types + " " + gl + ": " + geo;
  return m;
}

}  // namespace maniplab::testing
