#pragma once
// Benchmark robots and states: the Puma 560 (standard DH, Corke's / Armstrong et al. values) built in
// code when robots/puma560.json is not available, reproducible random serial chains, the rigid-body
// reduction used for the oracle comparisons, and random states.
#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Eigenvalues>

#include "maniplab/model/model.hpp"
#include "maniplab/model/robot_description.hpp"
#include "oracle.hpp"

namespace maniplab::bench {

/// Puma 560 from the standard DH parameters (a, d, alpha), masses, centres of mass and principal
/// inertias in the DH link frames (Corke, mdl_puma560); rigid bodies (no rotors, no friction). In
/// standard DH the link lengths are a_2 = 0.4318 and a_3 = 0.0203 (the list a = [0, 0, 0.4318, 0.0203,
/// 0, 0] is the modified-DH a_{i-1} of the same arm; the CoM data below are in standard-DH link frames).
inline Model puma560FromDh() {
  constexpr double pi = std::numbers::pi;
  const double a[6] = {0, 0.4318, 0.0203, 0, 0, 0};
  const double d[6] = {0, 0, 0.15005, 0.4318, 0, 0};
  const double alpha[6] = {pi / 2, 0, -pi / 2, pi / 2, -pi / 2, 0};
  const double mass[6] = {0, 17.4, 4.8, 0.82, 0.34, 0.09};
  const double com[6][3] = {{0, 0, 0},       {-0.3638, 0.006, 0.2275}, {-0.0203, -0.0141, 0.070},
                            {0, 0.019, 0},   {0, 0, 0},                {0, 0, 0.032}};
  const double inertia[6][3] = {{0, 0.35, 0},           {0.13, 0.524, 0.539},    {0.066, 0.086, 0.0125},
                                {1.8e-3, 1.3e-3, 1.8e-3}, {0.3e-3, 0.4e-3, 0.3e-3}, {0.15e-3, 0.15e-3, 0.04e-3}};
  RobotDescription desc;
  desc.name = "Puma 560 (DH, built in code)";
  desc.convention = Convention::DH;
  for (int i = 0; i < 6; ++i) {
    JointDescription j;
    j.name = std::to_string(i + 1);
    j.name.insert(0, 1, 'q');  // (avoids a GCC 12 -Wrestrict false positive on "q" + string)
    j.type = JointType::Revolute;
    j.a = a[i];
    j.d = d[i];
    j.alpha = alpha[i];
    j.link.mass = mass[i];
    j.link.com = Vector3(com[i][0], com[i][1], com[i][2]);
    j.link.inertia = Vector3(inertia[i][0], inertia[i][1], inertia[i][2]).asDiagonal();
    desc.joints.push_back(j);
  }
  return buildModel(desc);
}

/// The rigid-body model: actuators reduced to ideal ones (gear 1, no rotor, no friction).
inline Model rigidBodyModel(Model m) {
  for (auto& a : m.actuator) {
    const Vector3 axis = a.rotorAxis;
    a = ActuatorT<double>();
    a.rotorAxis = axis;
  }
  m.rotorModel = RotorModel::Armature;
  return m;
}

/// Makes every body's inertia physically realisable (principal moments satisfying the triangle
/// inequality l1 + l2 >= l3, which MuJoCo requires) with the smallest change: the smallest principal
/// moment is raised to l3 - l2, about the same principal axes. Body 1 behind a revolute joint 1 is left
/// alone (only its I_zz matters with a fixed base; the MuJoCo oracle regularises it invisibly). Returns
/// a description of the changes ("" if none). The published Puma 560 link-3 inertia (0.066, 0.086,
/// 0.0125) violates the inequality: 0.066 + 0.0125 < 0.086.
inline std::string makePhysicallyConsistent(Model& m) {
  std::string changes;
  for (int i = 0; i < m.nq; ++i) {
    if (i == 0 && m.isRevolute(0)) continue;
    auto& b = m.body[std::size_t(i)];
    Eigen::SelfAdjointEigenSolver<Matrix3> es(b.inertia);
    Vector3 l = es.eigenvalues();  // ascending
    const double deficit = l[2] - l[1] - l[0];
    if (deficit <= 1e-12 * l[2]) continue;
    const double before = l[0];
    l[0] = l[2] - l[1];
    const Matrix3 V = es.eigenvectors();
    b.inertia = V * l.asDiagonal() * V.transpose();
    b.inertia = 0.5 * (b.inertia + b.inertia.transpose()).eval();
    char buf[200];
    std::snprintf(buf, sizeof buf, "body %d: smallest principal inertia %.4g -> %.4g kg m^2 (triangle inequality); ",
                  i + 1, before, l[0]);
    changes += buf;
  }
  return changes;
}

/// The armature model only: gear and rotor inertia kept (alpha^2 j_m on the diagonal of M), no
/// transverse rotor inertia, no friction. Both oracles model exactly this (KDL joint inertia, MuJoCo
/// armature).
inline Model armatureModel(Model m) {
  for (auto& a : m.actuator) {
    a.rotorTransverse = 0;
    a.viscousPos = a.viscousNeg = a.coulombPos = a.coulombNeg = 0;
  }
  m.rotorModel = RotorModel::Armature;
  return m;
}

inline Matrix3 randomRotation(std::mt19937_64& rng) {
  std::normal_distribution<double> g;
  Eigen::Quaterniond qt(g(rng), g(rng), g(rng), g(rng));
  qt.normalize();
  return qt.toRotationMatrix();
}

/// A random serial chain of n joints: random placements (rotation uniform on SO(3), offset 0.05..0.4 m),
/// bodies with mass 0.5..5 kg, CoM within 0.2 m, inertia of a random solid box (so physically valid) at a
/// random orientation. placement_1 is the identity (the base frame is the world frame). A fraction
/// `prismaticFraction` of the joints (never the first) is prismatic. Rigid bodies unless `rotors`.
inline Model randomChain(int n, double prismaticFraction, unsigned seed, bool rotors = false) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u01(0.0, 1.0), u11(-1.0, 1.0);
  Model m;
  m.name = "random chain n=" + std::to_string(n) + (prismaticFraction > 0 ? " (R/P)" : " (R)");
  for (int i = 0; i < n; ++i) {
    Transform place;
    if (i > 0) {
      place.R = randomRotation(rng);
      place.p = Vector3(u11(rng), u11(rng), u11(rng)).normalized() * (0.05 + 0.35 * u01(rng));
    }
    BodyT<double> b;
    b.mass = 0.5 + 4.5 * u01(rng);
    b.com = 0.2 * Vector3(u11(rng), u11(rng), u11(rng));
    const Vector3 box(0.05 + 0.3 * u01(rng), 0.05 + 0.3 * u01(rng), 0.05 + 0.3 * u01(rng));
    const Vector3 principal = b.mass / 12.0 *
                              Vector3(box.y() * box.y() + box.z() * box.z(), box.x() * box.x() + box.z() * box.z(),
                                      box.x() * box.x() + box.y() * box.y());
    const Matrix3 Rb = randomRotation(rng);
    b.inertia = Rb * principal.asDiagonal() * Rb.transpose();
    b.inertia = 0.5 * (b.inertia + b.inertia.transpose()).eval();
    ActuatorT<double> act;
    if (rotors) {
      act.gear = 20 + 80 * u01(rng);
      act.rotorInertia = 1e-5 + 1e-4 * u01(rng);
    }
    const bool prismatic = i > 0 && u01(rng) < prismaticFraction;
    m.addJoint(prismatic ? JointType::Prismatic : JointType::Revolute, place, b, act);
  }
  Transform tool;
  tool.p = Vector3(0, 0, 0.1);
  m.tool = tool;
  return m;
}

/// A humanoid upper body as a kinematic tree of 30 revolute joints on a fixed torso (the base): two arms of
/// 7 joints, each ending in a hand of 7 finger joints (thumb 3, index 2, middle 2, all on the wrist's body),
/// and a head of 2 joints. Numbered depth first (each branch's joints follow their parent, children in
/// order), which is also MuJoCo's order of the nested bodies:
///   left arm 1-7 (on the torso), left thumb 8-10, index 11-12, middle 13-14 (on body 7); right arm 15-21,
///   right hand 22-28 (on body 21); head 29-30 (on the torso). The tool frame is on the head's last body.
/// Placements and bodies are random as in randomChain (bodies scaled down along the fingers).
inline Model randomHumanoidTree(unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u01(0.0, 1.0), u11(-1.0, 1.0);
  Model m;
  m.name = "humanoid upper-body tree n=30 (two 7-joint arms with 7 finger joints each, 2-joint head)";
  auto add = [&](int parent, double size) {
    Transform place;
    place.R = randomRotation(rng);
    place.p = Vector3(u11(rng), u11(rng), u11(rng)).normalized() * size * (0.05 + 0.35 * u01(rng));
    BodyT<double> b;
    b.mass = size * size * size * (0.5 + 4.5 * u01(rng));
    b.com = size * 0.2 * Vector3(u11(rng), u11(rng), u11(rng));
    const Vector3 box = size * Vector3(0.05 + 0.3 * u01(rng), 0.05 + 0.3 * u01(rng), 0.05 + 0.3 * u01(rng));
    const Vector3 principal = b.mass / 12.0 *
                              Vector3(box.y() * box.y() + box.z() * box.z(), box.x() * box.x() + box.z() * box.z(),
                                      box.x() * box.x() + box.y() * box.y());
    const Matrix3 Rb = randomRotation(rng);
    b.inertia = Rb * principal.asDiagonal() * Rb.transpose();
    b.inertia = 0.5 * (b.inertia + b.inertia.transpose()).eval();
    m.addJoint(parent, JointType::Revolute, place, b);
    return m.nq - 1;
  };
  for (int arm = 0; arm < 2; ++arm) {
    int p = -1;
    for (int j = 0; j < 7; ++j) p = add(p, 1.0);
    const int wrist = p;
    for (const int len : {3, 2, 2}) {  // thumb, index, middle
      int f = wrist;
      for (int j = 0; j < len; ++j) f = add(f, 0.3);
    }
  }
  add(add(-1, 0.6), 0.6);  // head
  Transform tool;
  tool.p = Vector3(0, 0, 0.1);
  m.tool = tool;
  return m;
}

/// Random states: q uniform in [-pi, pi] (revolute) or [-0.3, 0.3] m (prismatic), qd in [-2, 2],
/// qdd in [-5, 5]. tau is left for the caller (main sets tau = ID(q, qd, qdd), so that forward dynamics
/// runs on realistic torques and must give back qdd).
inline std::vector<State> randomStates(const Model& m, int count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u11(-1.0, 1.0);
  std::vector<State> st(static_cast<std::size_t>(count));
  for (auto& s : st) {
    s.q.resize(m.nq); s.qd.resize(m.nq); s.qdd.resize(m.nq); s.tau.resize(m.nq);
    for (int i = 0; i < m.nq; ++i) {
      s.q[i] = (m.isRevolute(i) ? std::numbers::pi : 0.3) * u11(rng);
      s.qd[i] = 2.0 * u11(rng);
      s.qdd[i] = 5.0 * u11(rng);
      s.tau[i] = 0.0;
    }
  }
  return st;
}

}  // namespace maniplab::bench
