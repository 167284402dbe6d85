#pragma once
// The passive dynamic model of a kinematic tree, a serial chain being the common case (Pinocchio-style Model;
// the workspace is Data, data.hpp).
//
// Topology (Featherstone, Rigid Body Dynamics Algorithms, 2008, §4.1–4.2): joint i connects body i to its
// parent body lambda(i), numbered so that lambda(i) < i (topological order). Stored 0-based: parent[k] is the
// index of the parent joint of joint k, -1 for the fixed base, parent[k] < k (in the 1-based formulas below,
// lambda(i) = parent[i-1] + 1 and body 0 is the base). A serial chain has lambda(i) = i-1 for every joint
// (isChain()), and addJoint() without a parent builds one. The formulas below are written for the chain;
// for a tree read R_{lambda(i)} wherever R_{i-1} appears.
//
// Internal convention (Llibre, Mampey & Chrétien 1983 §I.1, the "general" form): body i (1..n, stored at index i-1) carries
// frame R_i whose z axis is the axis of joint i and whose origin O_i^+ lies on that axis. The frame of
// body 0 (the fixed base) is the world frame. Joint i moves R_i relative to R_{lambda(i)} (R_{i-1} in a chain):
//   revolute : ^{i-1}T_i = placement_i * Rz(q_i)
//   prismatic: ^{i-1}T_i = placement_i * Tz(q_i)
// where placement_i = (P_i, l_{i-1}) is constant (P_i: rotation, l_{i-1}: origin of R_i at q_i = 0,
// both in R_{lambda(i)}). Joint offsets of the source convention are folded into the placement, so q is the
// file's joint variable. Robots written in DH or MDH are converted into this form by buildModel():
//   - MDH (Khalil–Kleinfinger) frame i is R_i itself;
//   - standard DH frame i-1 (which carries the axis of joint i) is R_i at q_i = 0 rotated by Rz(q_i):
//     the DH link frame i is bodyToLink_i = Rz(theta0) Tz(d) Tx(a) Rx(alpha) (offsets included) in R_i.
//
// Body data (Llibre, Mampey & Chrétien 1983 §I.1): mass m_i, centre of mass d_i and inertia tensor I_i *about the centre of
// mass*, all expressed in R_i. I_i includes the rotor of the motor M_{i+1} carried by body i as a rigid
// (locked) part, and m_i includes that motor (Llibre, Mampey & Chrétien's (1983) mass bookkeeping). In a tree,
// body i carries the motors of all its children j (lambda(j) = i).
//
// Actuator i (Llibre, Mampey & Chrétien 1983 §I.2): a motor M_i carried by body i-1 (body lambda(i) in a tree) drives joint i through a gear of ratio
// alpha_i (the rotor spins at alpha_i * qd_i relative to body i-1). Rotor inertia j_m about its axis
// epsilon_{i-1} (a unit vector in R_{i-1}; default the joint axis) and i_m about a transverse principal
// axis. Friction is referred to the output shaft (joint side of the gear):
//   tau_f = b(qd) qd + c(qd) sign(qd), with b, c taking their "positive" or "negative" values by the
//   sign of qd (Taghirad form, Zanaboni 2009 eq 5.22), and sign(0) = 0.
// Joint torques tau are output-side generalised forces: tau_i = alpha_i * c_m,i (Llibre, Mampey & Chrétien 1983 eq 3).
//
// Rotor models: Armature adds alpha^2 j_m to the diagonal of the mass matrix only (as most libraries
// do); Full is Llibre, Mampey & Chrétien's (1983) model: the rotor spins on body i-1 (lambda(i)) with its gyroscopic and
// inertial coupling.
//
// Coupled (mimic) joints: joint i may follow another, independent joint k, q_i = g_i q_k + o_i (URDF's
// <mimic>, a gear or a tendon that drives several joints from one coordinate). coupling[i] says so. The
// kinematic and dynamic algorithms of this library ignore it: they compute the tree with every joint free
// (q, qd, qdd, tau of size n). coupled_dynamics.hpp projects them onto the independent coordinates
// (q = G q_ind + o; M_ind = G^T M G, tau_ind = G^T tau; the method of Pinocchio 3's mimic joints); the
// simulated plant integrates those. An empty coupling vector (the common case) means no coupled joint.
//
// The tool frame is carried by the last body, n. Algorithms that are chain-only by construction refuse a tree
// with std::invalid_argument (checkChain, argument_checks.hpp).
#include <string>
#include <vector>

#include "maniplab/model/fwd.hpp"

namespace maniplab {

namespace detail {
/// addJoint(): the parent is not an earlier joint or the base (argument_checks.cpp).
[[noreturn]] void throwBadParent(const std::string& modelName, int joint, int parent);
}  // namespace detail

enum class JointType { Revolute, Prismatic };
enum class RotorModel { Armature, Full };

template <typename S> struct ActuatorT {
  S gear = S(1);                 ///< alpha_i: rotor speed / joint speed
  S rotorInertia = S(0);         ///< j_m, about the rotor axis [kg m^2] (motor side)
  S rotorTransverse = S(0);      ///< i_m, about a transverse principal axis [kg m^2]
  /// epsilon_{i-1}, unit, in R_{i-1}; zero means "the joint axis" and is resolved by addJoint().
  Vector3T<S> rotorAxis = Vector3T<S>::Zero();
  S viscousPos = S(0), viscousNeg = S(0);        ///< output side [N m s/rad] or [N s/m]
  S coulombPos = S(0), coulombNeg = S(0);        ///< output side [N m] or [N]

  template <typename T> ActuatorT<T> cast() const {
    ActuatorT<T> a;
    a.gear = T(gear); a.rotorInertia = T(rotorInertia); a.rotorTransverse = T(rotorTransverse);
    a.rotorAxis = rotorAxis.template cast<T>();
    a.viscousPos = T(viscousPos); a.viscousNeg = T(viscousNeg);
    a.coulombPos = T(coulombPos); a.coulombNeg = T(coulombNeg);
    return a;
  }
};

template <typename S> struct BodyT {
  S mass = S(0);
  Vector3T<S> com = Vector3T<S>::Zero();           ///< d_i, in R_i
  Matrix3T<S> inertia = Matrix3T<S>::Zero();       ///< about the centre of mass, in R_i

  template <typename T> BodyT<T> cast() const {
    return {T(mass), com.template cast<T>(), inertia.template cast<T>()};
  }
};

struct JointLimits {
  double lower = -1e300, upper = 1e300;  ///< position [rad] or [m]
  double velocity = 1e300;                ///< [rad/s] or [m/s]
  double acceleration = 1e300;            ///< [rad/s^2] or [m/s^2] (checked on desired trajectories only)
  double effort = 1e300;                  ///< output-side torque [N m] or force [N]
};

/// Joint i follows joint `source` (0-based, another joint that follows none): q_i = multiplier * q_source + offset.
struct JointCoupling {
  int source = -1;          ///< -1: joint i is independent
  double multiplier = 1.0;
  double offset = 0.0;      ///< [rad] or [m]
};

template <typename S> struct ModelTpl {
  int nq = 0;
  std::string name;
  std::vector<JointType> jointType;       ///< size n
  std::vector<int> parent;                ///< lambda(i): index of the parent joint's body, -1 for the base; lambda(i) < i; size n
  std::vector<TransformT<S>> placement;   ///< (P_i, l_{i-1}) for each joint, size n
  std::vector<BodyT<S>> body;             ///< size n
  std::vector<ActuatorT<S>> actuator;     ///< size n
  std::vector<JointLimits> limits;        ///< size n
  std::vector<std::string> jointName;     ///< size n
  VectorXT<S> home;                       ///< home pose, size n
  TransformT<S> tool;                     ///< end-effector (tool) frame in R_n
  std::vector<TransformT<S>> bodyToLink;  ///< the source convention's link frame in R_i (display)
  Vector3T<S> gravity = Vector3T<S>(S(0), S(0), S(-9.81));  ///< in the world frame [m/s^2]
  RotorModel rotorModel = RotorModel::Armature;
  /// Size n, or empty when no joint is coupled (see "Coupled (mimic) joints" above).
  std::vector<JointCoupling> coupling;

  bool isRevolute(int i) const { return jointType[std::size_t(i)] == JointType::Revolute; }

  /// Every joint's parent is the previous joint (lambda(i) = i-1): a serial chain.
  bool isChain() const {
    for (std::size_t i = 0; i < parent.size(); ++i)
      if (parent[i] != int(i) - 1) return false;
    return true;
  }
  /// The first joint whose parent is not the previous one, or -1 for a chain.
  int firstBranch() const {
    for (std::size_t i = 0; i < parent.size(); ++i)
      if (parent[i] != int(i) - 1) return int(i);
    return -1;
  }
  /// Body a is body i or one of its ancestors (a, i >= 0; lambda(i) < i makes the walk up at most i steps).
  bool isAncestor(int a, int i) const {
    while (i > a) i = parent[std::size_t(i)];
    return i == a;
  }

  template <typename T> ModelTpl<T> cast() const {
    ModelTpl<T> m;
    m.nq = nq; m.name = name; m.jointType = jointType; m.parent = parent; m.limits = limits; m.jointName = jointName;
    for (const auto& x : placement) m.placement.push_back(x.template cast<T>());
    for (const auto& x : body) m.body.push_back(x.template cast<T>());
    for (const auto& x : actuator) m.actuator.push_back(x.template cast<T>());
    for (const auto& x : bodyToLink) m.bodyToLink.push_back(x.template cast<T>());
    m.home = home.template cast<T>();
    m.tool = tool.template cast<T>();
    m.gravity = gravity.template cast<T>();
    m.rotorModel = rotorModel;
    m.coupling = coupling;
    return m;
  }

  /// Appends a joint with its body and actuator on the previous body (parent nq-1: a chain); used by
  /// buildModel() and by tests building chains.
  void addJoint(JointType type, const TransformT<S>& place, const BodyT<S>& b,
                const ActuatorT<S>& act = ActuatorT<S>(), const std::string& jname = {}) {
    addJoint(nq - 1, type, place, b, act, jname);
  }

  /// Appends a joint whose parent body is parentJoint (-1: the base; otherwise an earlier joint, so that the
  /// numbering stays topological, Featherstone RBDA §4.1.2); `place` is in R_{parentJoint}. Throws
  /// std::invalid_argument on a parent outside [-1, nq-1].
  void addJoint(int parentJoint, JointType type, const TransformT<S>& place, const BodyT<S>& b,
                const ActuatorT<S>& act = ActuatorT<S>(), const std::string& jname = {}) {
    if (parentJoint < -1 || parentJoint >= nq) [[unlikely]]
      detail::throwBadParent(name, nq, parentJoint);
    parent.push_back(parentJoint);
    jointType.push_back(type);
    placement.push_back(place);
    body.push_back(b);
    actuator.push_back(act);
    if (act.rotorAxis.isZero()) actuator.back().rotorAxis = place.R.col(2);
    limits.emplace_back();
    jointName.push_back(jname.empty() ? "q" + std::to_string(nq + 1) : jname);
    bodyToLink.emplace_back();
    ++nq;
    home = VectorXT<S>::Zero(nq);
  }
};

using Model = ModelTpl<double>;

}  // namespace maniplab
