#pragma once
// Helpers of the identification tests: shipped robots, random armature chains with symmetric friction
// (the linear-in-parameters model is exact for them), random states.
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

}  // namespace maniplab::testing
