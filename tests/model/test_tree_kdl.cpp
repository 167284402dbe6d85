// Kinematic trees against Orocos KDL's tree solvers (Debian's liborocos-kdl, an independent implementation;
// Smits, Bruyninckx et al.): random trees (branches at several depths, revolute and prismatic joints,
// armature as KDL's joint inertia) built as a KDL::Tree with, per joint, a fixed segment carrying the
// placement and a moving segment carrying the body. Checked:
//   - every body's pose (ChainFkSolverPos_recursive along the KDL chain from the base to the body) against
//     forwardKinematics;
//   - tau (TreeIdSolver_RNE, gravity on) against RNEA without friction;
//   - M, column by column from KDL's RNE (no gravity, no velocity, qdd = e_k), against CRBA and the
//     recurrence of Llibre, Mampey & Chrétien (1983) on trees;
//   - qdd: ABA and the Cholesky forward dynamics (the sparse L^T L on a tree) against KDL's M and bias.
// A tree whose parent array is changed in ManipLab's copy alone is seen (its tau and M differ).
#include <QtTest>

#include <cmath>
#include <random>
#include <string>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/rnea.hpp"
#include "support/random_tree.hpp"

#ifdef MANIPLAB_TEST_HAVE_KDL
#include <kdl/tree.hpp>
#include <kdl/chainfksolverpos_recursive.hpp>
#include <kdl/treeidsolver_recursive_newton_euler.hpp>
#endif
#include "support/test_main.hpp"

namespace test_tree_kdl {

using namespace maniplab;
using namespace maniplab::testing;

namespace {

/// A random tree of n joints with at least two branch points (tests/support/random_tree.hpp).
Model randomTree(std::mt19937& rng, int n) {
  RandomTreeOptions o;
  o.n = n;
  return randomStructuredTree(rng, o);
}

double relDiff(const MatrixX& a, const MatrixX& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1e-300, b.cwiseAbs().maxCoeff());
}

#ifdef MANIPLAB_TEST_HAVE_KDL
KDL::Frame toKdl(const Transform& t) {
  return KDL::Frame(KDL::Rotation(t.R(0, 0), t.R(0, 1), t.R(0, 2), t.R(1, 0), t.R(1, 1), t.R(1, 2), t.R(2, 0), t.R(2, 1),
                                  t.R(2, 2)),
                    KDL::Vector(t.p.x(), t.p.y(), t.p.z()));
}

std::string bodyName(int i) { return i < 0 ? std::string("base") : "body" + std::to_string(i); }

/// The tree in KDL: joint i is a fixed segment "place<i>" (its placement) on its parent's body, then the
/// moving segment "body<i>" (RotZ or TransZ at its root, identity tip, the body's inertia in R_i, the
/// armature alpha^2 j_m as the joint inertia). KDL numbers the moving joints in the order they are added.
KDL::Tree toKdlTree(const Model& m, const std::vector<int>& parent) {
  KDL::Tree t("base");
  for (int i = 0; i < m.nq; ++i) {
    const auto k = std::size_t(i);
    const std::string place = "place" + std::to_string(i);
    t.addSegment(KDL::Segment(place, KDL::Joint(KDL::Joint::None), toKdl(m.placement[k])), bodyName(parent[k]));
    const auto& act = m.actuator[k];
    const KDL::Joint j("q" + std::to_string(i), m.isRevolute(i) ? KDL::Joint::RotZ : KDL::Joint::TransZ, 1, 0,
                       act.gear * act.gear * act.rotorInertia);
    const auto& b = m.body[k];
    const Matrix3& I = b.inertia;
    const KDL::RigidBodyInertia rbi(b.mass, KDL::Vector(b.com.x(), b.com.y(), b.com.z()),
                                    KDL::RotationalInertia(I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2)));
    t.addSegment(KDL::Segment(bodyName(i), j, KDL::Frame::Identity(), rbi), place);
  }
  return t;
}

KDL::JntArray toJnt(const VectorX& v) {
  KDL::JntArray a(unsigned(v.size()));
  a.data = v;
  return a;
}

struct KdlResults {
  VectorX tau, bias;
  MatrixX M;
};

KdlResults kdlDynamics(const KDL::Tree& t, const Model& m, const VectorX& q, const VectorX& qd, const VectorX& qdd) {
  const int n = m.nq;
  KdlResults r;
  KDL::JntArray tau{unsigned(n)};
  const KDL::Vector g(m.gravity.x(), m.gravity.y(), m.gravity.z());
  KDL::TreeIdSolver_RNE withG(t, g), noG(t, KDL::Vector::Zero());
  const KDL::JntArray kq = toJnt(q), zero = toJnt(VectorX::Zero(n));
  withG.CartToJnt(kq, toJnt(qd), toJnt(qdd), KDL::WrenchMap(), tau);
  r.tau = tau.data;
  withG.CartToJnt(kq, toJnt(qd), zero, KDL::WrenchMap(), tau);
  r.bias = tau.data;
  r.M.resize(n, n);
  for (int c = 0; c < n; ++c) {
    VectorX e = VectorX::Zero(n);
    e[c] = 1;
    noG.CartToJnt(kq, zero, toJnt(e), KDL::WrenchMap(), tau);
    r.M.col(c) = tau.data;
  }
  return r;
}
#endif

}  // namespace

class TreeKdl : public QObject {
  Q_OBJECT

 private slots:
  void againstKdl() {
#ifndef MANIPLAB_TEST_HAVE_KDL
    QFAIL("Orocos KDL (liborocos-kdl-dev, install-deps.sh) was not found at configure time");
#else
    std::mt19937 rng(2950u);
    double worst[5] = {0, 0, 0, 0, 0};  // poses, tau, M (CRBA), M (recurrence), qdd
    for (int c = 0; c < 12; ++c) {
      const int n = 8 + c;
      const Model m = randomTree(rng, n);
      const KDL::Tree t = toKdlTree(m, m.parent);
      QCOMPARE(int(t.getNrOfJoints()), n);
      for (int i = 0; i < n; ++i)  // KDL's numbering of the moving joints is ManipLab's
        QCOMPARE(int(GetTreeElementQNr(t.getSegment(bodyName(i))->second)), i);
      Data d(m);
      RneaOptions noFriction;
      noFriction.friction = false;
      for (int s = 0; s < 3; ++s) {
        const VectorX q = randomVectorX(rng, n, 1.5), qd = randomVectorX(rng, n, 2.0), qdd = randomVectorX(rng, n, 3.0);
        forwardKinematics(m, d, q);
        for (int i = 0; i < n; ++i) {
          // Each body's pose along its KDL chain from the base (KDL's tree solvers keep a copy of the tree,
          // and copying a KDL::Tree numbers its joints again, depth first: the chain's joints are the
          // body's ancestors, in order).
          KDL::Chain chain;
          QVERIFY(t.getChain("base", bodyName(i), chain));
          std::vector<double> path;
          for (int a = i; a >= 0; a = m.parent[std::size_t(a)]) path.insert(path.begin(), q[a]);
          QCOMPARE(int(chain.getNrOfJoints()), int(path.size()));
          KDL::JntArray qc{unsigned(path.size())};
          for (std::size_t a = 0; a < path.size(); ++a) qc(unsigned(a)) = path[a];
          KDL::Frame f;
          QCOMPARE(KDL::ChainFkSolverPos_recursive(chain).JntToCart(qc, f), 0);
          Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
          for (int r = 0; r < 3; ++r) {
            for (int cc = 0; cc < 3; ++cc) T(r, cc) = f.M(r, cc);
            T(r, 3) = f.p[r];
          }
          worst[0] = std::max(worst[0], relDiff(d.oMi[std::size_t(i)].matrix(), T));
        }
        const KdlResults k = kdlDynamics(t, m, q, qd, qdd);
        worst[1] = std::max(worst[1], relDiff(rnea(m, d, q, qd, qdd, noFriction), k.tau));
        worst[2] = std::max(worst[2], relDiff(crba(m, d, q), k.M));
        worst[3] = std::max(worst[3], relDiff(massMatrixRecurrence(m, d, q), k.M));
        const VectorX tau = randomVectorX(rng, n, 20.0);
        const VectorX qddKdl = k.M.llt().solve(tau - k.bias);
        QCOMPARE(aba(m, d, q, qd, tau, noFriction), -1);
        worst[4] = std::max(worst[4], relDiff(d.qdd, qddKdl));
        QCOMPARE(forwardDynamicsCholesky(m, d, q, qd, tau, noFriction), -1);
        worst[4] = std::max(worst[4], relDiff(d.qdd, qddKdl));
      }
    }
    qInfo("max relative differences against KDL 1.5: body poses %.3g, tau %.3g, M (CRBA) %.3g, M (recurrence) %.3g, "
          "qdd (ABA, L^T L) %.3g",
          worst[0], worst[1], worst[2], worst[3], worst[4]);
    QVERIFY2(worst[0] < 1e-13, qPrintable(QString::number(worst[0])));
    for (int w = 1; w < 4; ++w) QVERIFY2(worst[w] < 1e-12, qPrintable(QString::number(worst[w])));
    QVERIFY2(worst[4] < 1e-10, qPrintable(QString::number(worst[4])));
#endif
  }

  /// The comparison sees a parent moved in ManipLab's model alone (same bodies, placements and joints).
  void kdlSeesAWrongParent() {
#ifndef MANIPLAB_TEST_HAVE_KDL
    QFAIL("Orocos KDL (liborocos-kdl-dev, install-deps.sh) was not found at configure time");
#else
    std::mt19937 rng(2951u);
    const Model m = randomTree(rng, 10);
    std::vector<int> moved = m.parent;
    int j = 9;
    moved[std::size_t(j)] = moved[std::size_t(j)] == -1 ? 0 : -1;
    const KDL::Tree t = toKdlTree(m, moved);
    Data d(m);
    const VectorX q = randomVectorX(rng, 10, 1.5), qd = randomVectorX(rng, 10, 2.0), qdd = randomVectorX(rng, 10, 3.0);
    RneaOptions noFriction;
    noFriction.friction = false;
    const KdlResults k = kdlDynamics(t, m, q, qd, qdd);
    const double dt = relDiff(rnea(m, d, q, qd, qdd, noFriction), k.tau), dm = relDiff(crba(m, d, q), k.M);
    qInfo("joint 10 on another parent in KDL's copy: tau %.3g, M %.3g", dt, dm);
    QVERIFY(dt > 1e-3);
    QVERIFY(dm > 1e-3);
#endif
  }
};

MANIPLAB_TEST_APPLESS_MAIN(TreeKdl)
#include "test_tree_kdl.moc"  // (in the namespace, as the class)

}  // namespace test_tree_kdl
