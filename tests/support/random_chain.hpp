#pragma once
// Random serial chains for cross-checks: random placements, physically valid bodies (box-like principal
// moments, random orientation), random actuators (gear ratio, rotor inertias, rotor axis, friction).
#include <random>

#include "maniplab/model/model.hpp"

namespace maniplab::testing {

struct RandomChainOptions {
  int n = 6;
  double prismaticFraction = 0.3;  ///< probability that a joint is prismatic
  bool actuators = true;           ///< rotor inertia, gear ratios and friction
  RotorModel rotor = RotorModel::Full;
};

inline Matrix3 randomRotation(std::mt19937& rng) {
  std::normal_distribution<double> N(0, 1);
  Eigen::Quaterniond qt(N(rng), N(rng), N(rng), N(rng));
  return qt.normalized().toRotationMatrix();
}

inline Vector3 randomVector(std::mt19937& rng, double scale) {
  std::uniform_real_distribution<double> U(-scale, scale);
  return {U(rng), U(rng), U(rng)};
}

/// A body of mass 0.5-5 kg, centre of mass within 0.2 m, with the inertia of a 5-35 cm box turned at random
/// (physically consistent). Draws from rng in this order (the generators' sequences depend on it).
inline BodyT<double> randomBoxBody(std::mt19937& rng) {
  std::uniform_real_distribution<double> U(0, 1);
  BodyT<double> b;
  b.mass = 0.5 + 4.5 * U(rng);
  b.com = randomVector(rng, 0.2);
  const double a = 0.05 + 0.3 * U(rng), bb = 0.05 + 0.3 * U(rng), c = 0.05 + 0.3 * U(rng);
  const Vector3 pm(b.mass * (bb * bb + c * c) / 12, b.mass * (a * a + c * c) / 12, b.mass * (a * a + bb * bb) / 12);
  const Matrix3 R = randomRotation(rng);
  b.inertia = R * pm.asDiagonal() * R.transpose();
  return b;
}

inline Model randomChain(std::mt19937& rng, const RandomChainOptions& o = {}) {
  std::uniform_real_distribution<double> U(0, 1);
  Model m;
  m.name = "random";
  m.rotorModel = o.rotor;
  for (int i = 0; i < o.n; ++i) {
    Transform X;
    X.R = randomRotation(rng);
    X.p = randomVector(rng, 0.4);
    const BodyT<double> b = randomBoxBody(rng);
    ActuatorT<double> act;
    if (o.actuators) {
      act.gear = (U(rng) < 0.5 ? -1 : 1) * (5 + 95 * U(rng));
      act.rotorInertia = 1e-5 + 1e-4 * U(rng);
      act.rotorTransverse = 0.5 * act.rotorInertia + 1e-4 * U(rng);
      act.rotorAxis = randomVector(rng, 1).normalized();
      act.viscousPos = U(rng); act.viscousNeg = U(rng);
      act.coulombPos = U(rng); act.coulombNeg = U(rng);
    }
    m.addJoint(U(rng) < o.prismaticFraction ? JointType::Prismatic : JointType::Revolute, X, b, act);
  }
  m.tool.R = randomRotation(rng);
  m.tool.p = randomVector(rng, 0.2);
  m.gravity = Vector3(0, 0, -9.81);
  return m;
}

/// A body and actuator for identification tests (randomStructuredChain, randomStructuredTree): randomBoxBody, gear
/// 5-100, rotor inertia 1e-5-1.1e-4 kg m^2, viscous friction 0-1, Coulomb 0.5-1.5, asymmetric in 40 % of the
/// joints (Fsa in the model). Draws from rng in this order (the generators' sequences depend on it).
inline void randomIdentificationBody(std::mt19937& rng, BodyT<double>& b, ActuatorT<double>& act) {
  std::uniform_real_distribution<double> U(0, 1);
  b = randomBoxBody(rng);
  act.gear = 5 + 95 * U(rng);
  act.rotorInertia = 1e-5 + 1e-4 * U(rng);
  act.viscousPos = act.viscousNeg = U(rng);
  act.coulombPos = 0.5 + U(rng);
  act.coulombNeg = U(rng) < 0.4 ? 0.2 + U(rng) : act.coulombPos;
}

inline VectorX randomVectorX(std::mt19937& rng, int n, double scale) {
  std::uniform_real_distribution<double> U(-scale, scale);
  VectorX v(n);
  for (int i = 0; i < n; ++i) v[i] = U(rng);
  return v;
}

/// max |a - b| / max(1, max |b|): relative error with an absolute floor.
template <typename A, typename B> double relErr(const A& a, const B& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

}  // namespace maniplab::testing
