// Kinematic trees (Model::parent, Featherstone, Rigid Body Dynamics Algorithms, 2008, ch. 4): the algorithms
// that follow the parent array (forward kinematics, RNEA, CRBA, ABA, the tool Jacobian, energies) on random
// trees, against each other and against MuJoCo; the chain-only algorithms refuse a tree.
//
// Random trees: 8 to 20 joints, revolute and prismatic, each joint on the base or on an earlier body (so
// that branches start at several depths), random placements, masses, centres of mass, positive definite
// inertias (box-like principal moments in a random principal frame), armature rotor inertia.
//
// Self-consistency (both rotor models where the algorithm supports them):
//   - RNEA vs CRBA: M(q) qdd + RNEA(q, qd, 0) = RNEA(q, qd, qdd) (Featherstone RBDA §5.3, §6.1);
//   - ABA vs CRBA: ABA's qdd solves M qdd = tau - RNEA(q, qd, 0) (armature model; ABA has no full rotor);
//   - M symmetric positive definite, M(i, j) = 0 exactly when neither joint is an ancestor of the other
//     (branch-induced sparsity, RBDA §6.5);
//   - kinetic energy qd^T M qd / 2 = the sum of the body energies (energyMomentum);
//   - power balance: dE/dt = qd^T tau along the motion qdd = FD(q, qd, tau) without friction (dE/dt
//     exactly, by dual numbers through energyMomentum);
//   - the tool Jacobian: J qd is the tool twist (dual numbers through forward kinematics), and the columns
//     of joints that are not ancestors of the last body are zero;
//   - a chain built with explicit parents i-1 gives bit-identical results to addJoint's.
//
// Oracle: MuJoCo (Debian's libmujoco-dev, when found: see CMakeLists.txt). Each tree is written here as
// MJCF: nested <body> with pos/quat of the placement, <joint type="hinge"/"slide" axis="0 0 1"> (the z axis
// of R_i), <inertial pos quat mass diaginertia> (the principal frame of the body's inertia is given by a
// quaternion, so MuJoCo does not diagonalise a full tensor: its iterative 3x3 eigen-solver stops at a
// tolerance, see tests/urdf/test_urdf_tree.cpp; here the same quaternion builds ManipLab's tensor
// R diag R^T), armature = gear^2 j_m, gravity, no geometry (no contacts), no damping. It is loaded by
// mj_loadXML from a temporary file. Compared: tau (mj_inverse with qacc), M (mj_fullM), qdd (mj_forward with
// qfrc_applied) against RNEA, CRBA and ABA, to 1e-9 relative (max |difference| / max |MuJoCo|). MuJoCo
// numbers its degrees of freedom depth first; joints are matched by name. The test is shown to fail when
// one parent is changed (mujocoDetectsWrongParent).
#include <QTemporaryDir>
#include <QTest>

#include <Eigen/Cholesky>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <stdexcept>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/cholesky.hpp"
#include "maniplab/model/coriolis_christoffel.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/dual.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/forward_dynamics.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/operational_space.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/rnea.hpp"
#include "support/random_chain.hpp"

#ifdef MANIPLAB_TEST_HAVE_MUJOCO
#include <mujoco/mujoco.h>
#endif
#include "support/test_main.hpp"

namespace test_tree_dynamics {

using namespace maniplab;
using namespace maniplab::testing;

namespace {

/// A random tree; every joint's body has its inertia principal frame given by `inertiaFrame` (kept for MJCF).
struct RandomTree {
  Model model;
  std::vector<Eigen::Quaterniond> placementQuat, inertiaQuat;
  std::vector<Vector3> principal;  ///< principal moments
};

RandomTree randomTree(std::mt19937& rng, int n, RotorModel rotor) {
  std::uniform_real_distribution<double> U(0, 1);
  std::normal_distribution<double> N(0, 1);
  auto quat = [&] { return Eigen::Quaterniond(N(rng), N(rng), N(rng), N(rng)).normalized(); };
  RandomTree t;
  Model& m = t.model;
  m.name = "random tree";
  m.rotorModel = rotor;
  for (int i = 0; i < n; ++i) {
    // Half the joints continue the previous body; the others start a branch on the base or on any earlier
    // body, so that branches leave at several depths.
    int parent = i - 1;
    if (i > 0 && U(rng) < 0.5) parent = int(std::floor(U(rng) * (i + 1))) - 1;  // -1 .. i-1
    Transform X;
    t.placementQuat.push_back(quat());
    X.R = t.placementQuat.back().toRotationMatrix();
    X.p = randomVector(rng, 0.4);
    BodyT<double> b;
    b.mass = 0.5 + 4.5 * U(rng);
    b.com = randomVector(rng, 0.2);
    const double a = 0.05 + 0.3 * U(rng), bb = 0.05 + 0.3 * U(rng), c = 0.05 + 0.3 * U(rng);
    t.principal.emplace_back(b.mass * (bb * bb + c * c) / 12, b.mass * (a * a + c * c) / 12,
                             b.mass * (a * a + bb * bb) / 12);
    t.inertiaQuat.push_back(quat());
    const Matrix3 R = t.inertiaQuat.back().toRotationMatrix();
    b.inertia = R * t.principal.back().asDiagonal() * R.transpose();
    ActuatorT<double> act;
    act.gear = (U(rng) < 0.5 ? -1 : 1) * (5 + 95 * U(rng));
    act.rotorInertia = 1e-5 + 1e-4 * U(rng);
    act.rotorTransverse = 0.5 * act.rotorInertia + 1e-4 * U(rng);
    act.rotorAxis = randomVector(rng, 1).normalized();
    act.viscousPos = U(rng); act.viscousNeg = U(rng);
    act.coulombPos = U(rng); act.coulombNeg = U(rng);
    m.addJoint(parent, U(rng) < 0.3 ? JointType::Prismatic : JointType::Revolute, X, b, act);
  }
  m.tool.R = randomRotation(rng);
  m.tool.p = randomVector(rng, 0.2);
  m.gravity = Vector3(0.3, -0.5, -9.81);
  return t;
}

/// Trees with 8 to 20 joints and at least two branch points (joints whose parent is not the previous one).
RandomTree branchedTree(std::mt19937& rng, RotorModel rotor) {
  for (;;) {
    const int n = 8 + int(rng() % 13u);
    RandomTree t = randomTree(rng, n, rotor);
    int branches = 0;
    for (int i = 1; i < n; ++i) branches += t.model.parent[std::size_t(i)] != i - 1;
    if (branches >= 2) return t;
  }
}

double relDiff(const MatrixX& a, const MatrixX& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1e-300, b.cwiseAbs().maxCoeff());
}

VectorX randomVec(std::mt19937& rng, int n, double s) {
  std::uniform_real_distribution<double> U(-s, s);
  VectorX v(n);
  for (int i = 0; i < n; ++i) v[i] = U(rng);
  return v;
}

RneaOptions noFriction() {
  RneaOptions o;
  o.friction = false;
  return o;
}

#ifdef MANIPLAB_TEST_HAVE_MUJOCO
std::string num(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.17g", x);
  return b;
}

/// MJCF of the tree (armature rotor model), bodies nested depth first.
std::string mjcf(const RandomTree& t) {
  const Model& m = t.model;
  std::ostringstream s;
  s << "<mujoco model=\"tree\">\n<option gravity=\"" << num(m.gravity.x()) << ' ' << num(m.gravity.y()) << ' '
    << num(m.gravity.z()) << "\" timestep=\"0.001\"/>\n<worldbody>\n";
  std::function<void(int)> children = [&](int p) {
    for (int i = p + 1; i < m.nq; ++i) {
      if (m.parent[std::size_t(i)] != p) continue;
      const auto k = std::size_t(i);
      const auto& X = m.placement[k];
      const auto& qp = t.placementQuat[k];
      const auto& qi = t.inertiaQuat[k];
      const auto& b = m.body[k];
      const auto& a = m.actuator[k];
      s << "<body name=\"b" << i << "\" pos=\"" << num(X.p.x()) << ' ' << num(X.p.y()) << ' ' << num(X.p.z())
        << "\" quat=\"" << num(qp.w()) << ' ' << num(qp.x()) << ' ' << num(qp.y()) << ' ' << num(qp.z()) << "\">\n";
      s << "<joint name=\"j" << i << "\" type=\"" << (m.isRevolute(i) ? "hinge" : "slide")
        << "\" axis=\"0 0 1\" pos=\"0 0 0\" limited=\"false\" damping=\"0\" armature=\""
        << num(a.gear * a.gear * a.rotorInertia) << "\"/>\n";
      s << "<inertial pos=\"" << num(b.com.x()) << ' ' << num(b.com.y()) << ' ' << num(b.com.z()) << "\" quat=\""
        << num(qi.w()) << ' ' << num(qi.x()) << ' ' << num(qi.y()) << ' ' << num(qi.z()) << "\" mass=\""
        << num(b.mass) << "\" diaginertia=\"" << num(t.principal[k].x()) << ' ' << num(t.principal[k].y()) << ' '
        << num(t.principal[k].z()) << "\"/>\n";
      children(i);
      s << "</body>\n";
    }
  };
  children(-1);
  s << "</worldbody>\n</mujoco>\n";
  return s.str();
}

struct MuJoCo {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  std::vector<int> dof;  ///< ManipLab joint i -> MuJoCo dof index (= qpos index: hinge and slide joints)
  std::string error;
  explicit MuJoCo(const RandomTree& t) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("tree.xml").toStdString();
    std::ofstream(path) << mjcf(t);
    char err[1000] = "";
    m = mj_loadXML(path.c_str(), nullptr, err, sizeof err);
    if (!m) {
      error = err;
      return;
    }
    d = mj_makeData(m);
    for (int i = 0; i < t.model.nq; ++i) {
      const int j = mj_name2id(m, mjOBJ_JOINT, ("j" + std::to_string(i)).c_str());
      dof.push_back(j < 0 ? -1 : m->jnt_dofadr[j]);
    }
  }
  ~MuJoCo() {
    if (d) mj_deleteData(d);
    if (m) mj_deleteModel(m);
  }
  MuJoCo(const MuJoCo&) = delete;
  MuJoCo& operator=(const MuJoCo&) = delete;
};

/// Max relative differences of tau, M and qdd between ManipLab and MuJoCo for one tree at a few states.
struct MuJoCoDiff {
  double tau = 0, M = 0, qdd = 0;
};

MuJoCoDiff compareWithMuJoCo(const RandomTree& t, const Model& ours, std::mt19937& rng, int states) {
  MuJoCo mj(t);
  if (!mj.m) throw std::runtime_error("mj_loadXML: " + mj.error);
  const int n = ours.nq;
  if (mj.m->nv != n || mj.m->nq != n) throw std::runtime_error("MuJoCo model has another size");
  Data data(ours);
  MuJoCoDiff out;
  std::vector<mjtNum> full(std::size_t(n) * std::size_t(n));
  const RneaOptions opt = noFriction();
  for (int s = 0; s < states; ++s) {
    const VectorX q = randomVec(rng, n, 1.5), qd = randomVec(rng, n, 2.0), qdd = randomVec(rng, n, 3.0);
    const VectorX tau = randomVec(rng, n, 20.0);
    for (int i = 0; i < n; ++i) {
      const int k = mj.dof[std::size_t(i)];
      mj.d->qpos[k] = q[i];
      mj.d->qvel[k] = qd[i];
      mj.d->qacc[k] = qdd[i];
    }
    // Inverse dynamics and the mass matrix.
    mj_inverse(mj.m, mj.d);
    mj_fullM(mj.m, full.data(), mj.d->qM);
    VectorX tauMj(n), qddMj(n);
    MatrixX Mmj(n, n);
    for (int i = 0; i < n; ++i) {
      const int a = mj.dof[std::size_t(i)];
      tauMj[i] = mj.d->qfrc_inverse[a];
      for (int j = 0; j < n; ++j) Mmj(i, j) = full[std::size_t(a) * std::size_t(n) + std::size_t(mj.dof[std::size_t(j)])];
    }
    const VectorX tauOurs = rnea(ours, data, q, qd, qdd, opt);
    const MatrixX Mours = crba(ours, data, q);
    // Forward dynamics with applied generalised forces.
    for (int i = 0; i < n; ++i) mj.d->qfrc_applied[mj.dof[std::size_t(i)]] = tau[i];
    mj_forward(mj.m, mj.d);
    for (int i = 0; i < n; ++i) qddMj[i] = mj.d->qacc[mj.dof[std::size_t(i)]];
    if (aba(ours, data, q, qd, tau, opt) != -1) throw std::runtime_error("aba failed");
    out.tau = std::max(out.tau, relDiff(tauOurs, tauMj));
    out.M = std::max(out.M, relDiff(Mours, Mmj));
    out.qdd = std::max(out.qdd, relDiff(data.qdd, qddMj));
  }
  return out;
}
#endif

}  // namespace

class TreeDynamics : public QObject {
  Q_OBJECT
 private slots:
  void addJointChecksTheParent() {
    Model m;
    m.name = "t";
    m.addJoint(-1, JointType::Revolute, Transform(), BodyT<double>());
    m.addJoint(0, JointType::Revolute, Transform(), BodyT<double>());
    m.addJoint(-1, JointType::Prismatic, Transform(), BodyT<double>());
    QCOMPARE(m.parent, (std::vector<int>{-1, 0, -1}));
    QVERIFY(!m.isChain());
    QCOMPARE(m.firstBranch(), 2);
    QVERIFY(m.isAncestor(0, 1));
    QVERIFY(!m.isAncestor(1, 2));
    QVERIFY(!m.isAncestor(0, 2));
    for (int bad : {-2, 3, 7}) {
      try {
        m.addJoint(bad, JointType::Revolute, Transform(), BodyT<double>());
        QFAIL("a parent outside [-1, nq-1] was accepted");
      } catch (const std::invalid_argument& e) {
        QVERIFY2(std::string(e.what()).find("parentJoint") != std::string::npos, e.what());
      }
    }
    QCOMPARE(m.nq, 3);
    QCOMPARE(m.parent.size(), std::size_t(3));
    const auto c = m.cast<Dual>();
    QCOMPARE(c.parent, m.parent);
    Model chain;
    chain.addJoint(JointType::Revolute, Transform(), BodyT<double>());
    chain.addJoint(JointType::Revolute, Transform(), BodyT<double>());
    QCOMPARE(chain.parent, (std::vector<int>{-1, 0}));
    QVERIFY(chain.isChain());
    QCOMPARE(chain.firstBranch(), -1);
    // A model whose parent array lost an entry is refused like any other inconsistent per-joint vector.
    Model broken = m;
    broken.parent.pop_back();
    Data d(m);
    try {
      forwardKinematics(broken, d, VectorX(VectorX::Zero(3)));
      QFAIL("an inconsistent parent array was accepted");
    } catch (const std::invalid_argument& e) {
      QVERIFY2(std::string(e.what()).find("parent") != std::string::npos, e.what());
    }
  }

  void chainOnlyAlgorithmsRefuseTrees() {
    std::mt19937 rng(29u);
    const Model m = branchedTree(rng, RotorModel::Armature).model;
    const int n = m.nq;
    Data d(m);
    const VectorX z = VectorX::Zero(n);
    auto refuses = [&](const char* name, const std::function<void()>& f) {
      try {
        f();
        QFAIL(qPrintable(QString("%1 accepted a tree").arg(name)));
      } catch (const std::invalid_argument& e) {
        const std::string w = e.what();
        QVERIFY2(w.find(name) != std::string::npos && w.find("tree") != std::string::npos, e.what());
      }
    };
    // The base-parameter count formula (Belkoura 1993 (2.63)-(2.67)) is a chain's; the rules and the
    // numeric base are tree-ready (test_base_parameters_tree).
    refuses("baseParameterCountFormula", [&] { baseParameterCountFormula(m); });
    // The chain-capable algorithms accept it.
    rnea(m, d, z, z, z);
    crba(m, d, z);
    QCOMPARE(aba(m, d, z, z, z), -1);
    forwardKinematics(m, d, z);
    computeJacobian(m, d);
    energyMomentum(m, d, z, z);
    MatrixX Y;
    inverseDynamicsRegressor(m, z, z, z, Y);  // test_base_parameters_tree checks it against rnea
  }

  void randomTreesSelfConsistent_data() {
    QTest::addColumn<bool>("fullRotor");
    QTest::newRow("armature") << false;
    QTest::newRow("full rotor") << true;
  }
  void randomTreesSelfConsistent() {
    QFETCH(bool, fullRotor);
    std::mt19937 rng(fullRotor ? 2901u : 2900u);
    double worst[6] = {0, 0, 0, 0, 0, 0};  // RNEA/CRBA, ABA and Cholesky FD/CRBA, energy, power, J qd, Jdot qd
    for (int c = 0; c < 12; ++c) {
      const Model m = branchedTree(rng, fullRotor ? RotorModel::Full : RotorModel::Armature).model;
      const int n = m.nq;
      Data d(m);
      for (int s = 0; s < 3; ++s) {
        const VectorX q = randomVec(rng, n, 1.5), qd = randomVec(rng, n, 2.0), qdd = randomVec(rng, n, 3.0);
        const VectorX tau = randomVec(rng, n, 20.0);
        RneaOptions opt;  // with friction: it cancels between the two sides
        const VectorX full = rnea(m, d, q, qd, qdd, opt);
        const VectorX zero = VectorX::Zero(n);
        const VectorX bias = rnea(m, d, q, qd, zero, opt);
        const MatrixX M = crba(m, d, q);
        worst[0] = std::max(worst[0], relDiff(M * qdd + bias, full));
        // M symmetric positive definite, zero between branches.
        QVERIFY(M == M.transpose());
        QVERIFY(Eigen::LLT<MatrixX>(M).info() == Eigen::Success);
        int zeros = 0;
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j)
            if (!m.isAncestor(i, j) && !m.isAncestor(j, i)) {
              QVERIFY2(M(i, j) == 0.0, qPrintable(QString("M(%1,%2) = %3 between branches").arg(i).arg(j).arg(M(i, j))));
              ++zeros;
            }
        QVERIFY(zeros > 0);  // a branched tree has entries between branches
        // ABA (armature only) against the CRBA solve, friction on both sides.
        const VectorX qddCrba = M.llt().solve(tau - bias);
        if (!fullRotor) {
          QCOMPARE(aba(m, d, q, qd, tau, opt), -1);
          worst[1] = std::max(worst[1], relDiff(d.qdd, qddCrba));
        } else {
          QCOMPARE(aba(m, d, q, qd, tau, opt), -2);
        }
        // The Cholesky forward dynamics (CRBA's matrix on a tree; both rotor models), and the dispatcher the
        // simulated plant calls (ABA for armature, Cholesky for the full rotor model).
        QCOMPARE(forwardDynamicsCholesky(m, d, q, qd, tau, opt), -1);
        worst[1] = std::max(worst[1], relDiff(d.qdd, qddCrba));
        QCOMPARE(forwardDynamics(m, d, q, qd, tau, opt), -1);
        worst[1] = std::max(worst[1], relDiff(d.qdd, qddCrba));
        // Kinetic energy.
        const EnergyMomentum e = energyMomentum(m, d, q, qd);
        const double T = 0.5 * qd.dot(M * qd);
        worst[2] = std::max(worst[2], std::abs(e.kinetic - T) / T);
        // Power balance without friction: dE/dt = qd . tau along qdd = FD(q, qd, tau).
        const RneaOptions nf = noFriction();
        const VectorX qddFd = M.llt().solve(tau - rnea(m, d, q, qd, zero, nf));
        const ModelTpl<Dual> dm = m.cast<Dual>();
        DataTpl<Dual> dd(dm);
        VectorXT<Dual> dq(n), dqd(n);
        for (int i = 0; i < n; ++i) {
          dq[i] = Dual(q[i], qd[i]);
          dqd[i] = Dual(qd[i], qddFd[i]);
        }
        const double dEdt = energyMomentum(dm, dd, dq, dqd).total().d;
        const double P = qd.dot(tau);
        worst[3] = std::max(worst[3], std::abs(dEdt - P) / std::max(1.0, std::abs(P)));
        // Tool Jacobian: J qd = [omega; v] of the tool by differentiating the forward kinematics.
        forwardKinematics(dm, dd, dq);
        forwardKinematics(m, d, q);
        computeJacobian(m, d);
        const Matrix3 R = d.oMtool.R;
        Matrix3 Rd;
        for (int r = 0; r < 3; ++r)
          for (int cc = 0; cc < 3; ++cc) Rd(r, cc) = dd.oMtool.R(r, cc).d;
        const Matrix3 W = Rd * R.transpose();
        Vector6 twist;
        twist << W(2, 1), W(0, 2), W(1, 0), dd.oMtool.p.x().d, dd.oMtool.p.y().d, dd.oMtool.p.z().d;
        worst[4] = std::max(worst[4], relDiff(d.J * qd, twist));
        for (int i = 0; i < n; ++i)
          if (!m.isAncestor(i, n - 1)) QVERIFY(d.J.col(i).isZero(0.0));
        // J̇ (jacobianTimeDerivative) against the derivative of J along qd (its entries' dual parts, the
        // Jacobian of the dual-number forward kinematics at q + eps qd); zero off the tool's path.
        computeJacobian(dm, dd);
        const Matrix6X Jd = jacobianTimeDerivative(m, d, qd);
        Matrix6X JdDual(6, n);
        for (int r = 0; r < 6; ++r)
          for (int i = 0; i < n; ++i) JdDual(r, i) = dd.J(r, i).d;
        worst[5] = std::max(worst[5], relDiff(Jd, JdDual));
        for (int i = 0; i < n; ++i)
          if (!m.isAncestor(i, n - 1)) QVERIFY(Jd.col(i).isZero(0.0));
        // J̇ qd along the path to the tool (jacobianDotTimesQdot) against the derivative of J qd.
        const Vector6 jdqd = jacobianDotTimesQdot(m, d, qd);
        VectorXT<Dual> dqdd(n);
        for (int i = 0; i < n; ++i) dqdd[i] = Dual(qd[i], 0.0);  // qdd = 0 (dd.J: computed above)
        Vector6 jdqdDual;
        for (int r = 0; r < 6; ++r) {
          Dual acc(0.0);
          for (int i = 0; i < n; ++i) acc += dd.J(r, i) * dqdd[i];
          jdqdDual[r] = acc.d;
        }
        // J̇ qd from d(J qd)/dt at qdd = 0 gives [omega_dot; dv/dt of the tool point] in the base frame.
        worst[5] = std::max(worst[5], relDiff(jdqd, jdqdDual));
      }
    }
    qInfo("%s: max relative differences: RNEA vs CRBA %.3g, ABA vs CRBA %.3g, kinetic energy %.3g, "
          "power balance %.3g, J qd %.3g, Jdot and Jdot qd %.3g",
          fullRotor ? "full rotor" : "armature", worst[0], worst[1], worst[2], worst[3], worst[4], worst[5]);
    for (double w : worst) QVERIFY2(w < 1e-10, qPrintable(QString::number(w)));
  }

  /// The backward recurrence of Llibre, Mampey & Chrétien (1983) §III.2 on trees (mass_matrix_recurrence.hpp)
  /// against CRBA (itself against MuJoCo above), both rotor models, entries between branches exactly zero.
  void massMatrixRecurrenceOnTrees_data() {
    QTest::addColumn<bool>("fullRotor");
    QTest::newRow("armature") << false;
    QTest::newRow("full rotor") << true;
  }
  void massMatrixRecurrenceOnTrees() {
    QFETCH(bool, fullRotor);
    std::mt19937 rng(fullRotor ? 2921u : 2920u);
    double worst = 0;
    for (int c = 0; c < 12; ++c) {
      const Model m = branchedTree(rng, fullRotor ? RotorModel::Full : RotorModel::Armature).model;
      const int n = m.nq;
      Data d(m);
      for (int s = 0; s < 3; ++s) {
        const VectorX q = randomVec(rng, n, 1.5);
        const MatrixX M = crba(m, d, q);
        const MatrixX A = massMatrixRecurrence(m, d, q);
        worst = std::max(worst, relDiff(A, M));
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j)
            if (!m.isAncestor(i, j) && !m.isAncestor(j, i)) QCOMPARE(A(i, j), 0.0);
      }
    }
    qInfo("%s: max relative difference recurrence vs CRBA %.3g", fullRotor ? "full rotor" : "armature", worst);
    QVERIFY2(worst < 1e-13, qPrintable(QString::number(worst)));
  }

  /// The sparse factorisation M = L^T L of Featherstone (RBDA §6.5, cholesky.hpp) on random trees: L^T L
  /// gives M back, L has M's sparsity (no fill-in: L_ij = 0 unless j is an ancestor of i), the solve agrees
  /// with Eigen's dense LLT; a singular M names its pivot; a parent array that is not topological is refused.
  void ltlFactorisationOnTrees() {
    std::mt19937 rng(2930u);
    double worstM = 0, worstX = 0;
    for (int c = 0; c < 12; ++c) {
      const Model m = branchedTree(rng, RotorModel::Armature).model;
      const int n = m.nq;
      Data d(m);
      const MatrixX M = crba(m, d, randomVec(rng, n, 1.5));
      MatrixX L(n, n);
      QCOMPARE(ltlFactor(M, m.parent, L), -1);
      worstM = std::max(worstM, relDiff(MatrixX(L.transpose() * L), M));
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (j > i || !m.isAncestor(j, i)) QCOMPARE(L(i, j), 0.0);
      const VectorX b = randomVec(rng, n, 10.0);
      VectorX x = b;
      ltlSolve(L, m.parent, x);
      worstX = std::max(worstX, relDiff(x, M.llt().solve(b)));
    }
    qInfo("L^T L vs M %.3g, solve vs dense LLT %.3g", worstM, worstX);
    QVERIFY(worstM < 1e-14);
    QVERIFY(worstX < 1e-12);
    // a zero row and column at joint 2 (a leaf here): its pivot is reported
    const std::vector<int> parent{-1, 0, 0, 2};
    MatrixX M = MatrixX::Identity(4, 4), L(4, 4);
    M(2, 2) = 0;
    QCOMPARE(ltlFactor(M, parent, L), 2);
    try {
      ltlFactor(M, std::vector<int>{-1, 0, 3, 2}, L);
      QFAIL("a parent after its child was accepted");
    } catch (const std::invalid_argument& e) {
      QVERIFY2(std::string(e.what()).find("parent[2] = 3") != std::string::npos, e.what());
    }
  }

  /// dM/dq_k and C(q, qd) on trees (coriolis_christoffel.hpp): every dM/dq_k equals the exact directional
  /// derivative of the CRBA (dual numbers along e_k); C qd equals RNEA's velocity terms (no gravity, no
  /// friction, qdd = 0; RNEA is checked against MuJoCo above); Mdot - 2C is skew-symmetric, with Mdot =
  /// sum_k dM/dq_k qd_k. Both rotor models (the full one adds the rotors' spin coupling).
  void coriolisOnTrees_data() {
    QTest::addColumn<bool>("fullRotor");
    QTest::newRow("armature") << false;
    QTest::newRow("full rotor") << true;
  }
  void coriolisOnTrees() {
    QFETCH(bool, fullRotor);
    std::mt19937 rng(fullRotor ? 2911u : 2910u);
    double worstDm = 0, worstCqd = 0, worstSkew = 0;
    for (int c = 0; c < 10; ++c) {
      const Model m = branchedTree(rng, fullRotor ? RotorModel::Full : RotorModel::Armature).model;
      const int n = m.nq;
      Data d(m);
      const ModelTpl<Dual> dm = m.cast<Dual>();
      DataTpl<Dual> dd(dm);
      for (int s = 0; s < 2; ++s) {
        const VectorX q = randomVec(rng, n, 1.5), qd = randomVec(rng, n, 2.0);
        massMatrixDerivatives(m, d, q);
        const std::vector<MatrixX> dM(d.dM.begin(), d.dM.end());
        MatrixX Mdot = MatrixX::Zero(n, n);
        for (int k = 0; k < n; ++k) {
          VectorXT<Dual> dq(n);
          for (int i = 0; i < n; ++i) dq[i] = Dual(q[i], i == k ? 1.0 : 0.0);
          const MatrixXT<Dual>& Md = crba(dm, dd, dq);
          MatrixX exact(n, n);
          for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b) exact(a, b) = Md(a, b).d;
          worstDm = std::max(worstDm, (dM[std::size_t(k)] - exact).cwiseAbs().maxCoeff() / std::max(1.0, exact.cwiseAbs().maxCoeff()));
          Mdot += dM[std::size_t(k)] * qd[k];
        }
        const MatrixX C = coriolisMatrix(m, d, q, qd);
        RneaOptions none = noFriction();
        none.gravity = false;
        const VectorX zero = VectorX::Zero(n);
        const VectorX h = rnea(m, d, q, qd, zero, none);
        worstCqd = std::max(worstCqd, relDiff(C * qd, h));
        const MatrixX N = Mdot - 2 * C;
        worstSkew = std::max(worstSkew, (N + N.transpose()).cwiseAbs().maxCoeff() / std::max(1.0, N.cwiseAbs().maxCoeff()));
      }
    }
    qInfo("%s: max differences: dM/dq vs dual-number CRBA %.3g, C qd vs RNEA %.3g, Mdot - 2C skew %.3g",
          fullRotor ? "full rotor" : "armature", worstDm, worstCqd, worstSkew);
    QVERIFY2(worstDm < 1e-12, qPrintable(QString::number(worstDm)));
    QVERIFY2(worstCqd < 1e-11, qPrintable(QString::number(worstCqd)));
    QVERIFY2(worstSkew < 1e-12, qPrintable(QString::number(worstSkew)));
  }

  void chainWithExplicitParentsIsBitIdentical() {
    std::mt19937 rng(77u);
    for (RotorModel rotor : {RotorModel::Armature, RotorModel::Full}) {
      RandomChainOptions o;
      o.n = 9;
      o.rotor = rotor;
      const Model a = randomChain(rng, o);
      Model b;
      b.name = a.name;
      b.rotorModel = a.rotorModel;
      for (int i = 0; i < a.nq; ++i) {
        const auto k = std::size_t(i);
        b.addJoint(i - 1, a.jointType[k], a.placement[k], a.body[k], a.actuator[k]);
      }
      b.tool = a.tool;
      b.gravity = a.gravity;
      QVERIFY(b.isChain());
      Data da(a), db(b);
      const int n = a.nq;
      const VectorX q = randomVec(rng, n, 1.5), qd = randomVec(rng, n, 2.0), qdd = randomVec(rng, n, 3.0);
      QVERIFY(rnea(a, da, q, qd, qdd) == rnea(b, db, q, qd, qdd));
      QVERIFY(crba(a, da, q) == crba(b, db, q));
      QVERIFY(massMatrixRecurrence(a, da, q) == massMatrixRecurrence(b, db, q));
      QCOMPARE(forwardDynamicsCholesky(a, da, q, qd, qdd), forwardDynamicsCholesky(b, db, q, qd, qdd));
      QVERIFY(da.qdd == db.qdd);
      if (rotor == RotorModel::Armature) {
        QCOMPARE(aba(a, da, q, qd, qdd), aba(b, db, q, qd, qdd));
        QVERIFY(da.qdd == db.qdd);
      }
      const EnergyMomentum ea = energyMomentum(a, da, q, qd), eb = energyMomentum(b, db, q, qd);
      QVERIFY(ea.kinetic == eb.kinetic && ea.potential == eb.potential);
      computeJacobian(a, da);
      computeJacobian(b, db);
      QVERIFY(da.J == db.J);
    }
  }

#ifdef MANIPLAB_TEST_HAVE_MUJOCO
  void againstMuJoCo() {
    mju_user_warning = nullptr;
    std::mt19937 rng(2929u);
    MuJoCoDiff worst;
    for (int c = 0; c < 10; ++c) {
      const RandomTree t = branchedTree(rng, RotorModel::Armature);
      const MuJoCoDiff e = compareWithMuJoCo(t, t.model, rng, 4);
      worst.tau = std::max(worst.tau, e.tau);
      worst.M = std::max(worst.M, e.M);
      worst.qdd = std::max(worst.qdd, e.qdd);
    }
    qInfo("against MuJoCo %d.%d.%d, 10 random trees x 4 states: max relative differences tau %.3g, M %.3g, qdd %.3g",
          mj_version() / 100, mj_version() / 10 % 10, mj_version() % 10, worst.tau, worst.M, worst.qdd);
    QVERIFY2(worst.tau < 1e-9, qPrintable(QString::number(worst.tau)));
    QVERIFY2(worst.M < 1e-9, qPrintable(QString::number(worst.M)));
    QVERIFY2(worst.qdd < 1e-9, qPrintable(QString::number(worst.qdd)));
  }

  /// The comparison can fail: ManipLab's model with one joint moved to another parent (placement and all
  /// else unchanged) against MuJoCo's file of the original tree differs far beyond the tolerance.
  void mujocoDetectsWrongParent() {
    mju_user_warning = nullptr;
    std::mt19937 rng(2930u);
    const RandomTree t = branchedTree(rng, RotorModel::Armature);
    Model wrong = t.model;
    const int n = wrong.nq;
    // The last joint whose parent can change: hang it on another earlier body (or the base).
    int j = n - 1;
    wrong.parent[std::size_t(j)] = wrong.parent[std::size_t(j)] == j - 1 ? j - 2 : j - 1;
    std::mt19937 rngStates(1u);
    const MuJoCoDiff e = compareWithMuJoCo(t, wrong, rngStates, 2);
    qInfo("joint %d moved from parent %d to %d: relative differences tau %.3g, M %.3g, qdd %.3g", j,
          t.model.parent[std::size_t(j)], wrong.parent[std::size_t(j)], e.tau, e.M, e.qdd);
    QVERIFY(e.tau > 1e-6);
    QVERIFY(e.M > 1e-6);
    QVERIFY(e.qdd > 1e-6);
  }
#endif
};

MANIPLAB_TEST_APPLESS_MAIN(TreeDynamics)
#include "test_tree_dynamics.moc"  // (in the namespace, as the class)

}  // namespace test_tree_dynamics
