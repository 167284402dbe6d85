// Operation counts of NE, the kinetic-energy recurrence, CRBA, ABA and Cholesky on the counting scalar,
// beside Llibre, Mampey & Chrétien 1983 §IV.1 (M1 = 12n, A1 = 6n; M2 = 149n-89, A2 = 130n-76; M3 = 12n^2+26n-47,
// A3 = 9n^2+35n-67; M4 = (n^3+9n^2-10n)/2, A4 = (n^2+3n)/2).
#include "maniplab/model/operation_counts.hpp"

#include <stdexcept>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/cholesky.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab {

PublishedCount publishedCount(const std::string& key, int n) {
  const std::int64_t N = n;
  PublishedCount s;
  if (key == "transforms") {
    s = {12 * N, 6 * N, "12n", "6n"};
  } else if (key == "rnea") {
    s = {149 * N - 89, 130 * N - 76, "149n - 89", "130n - 76"};
  } else if (key == "recurrence") {
    s = {12 * N * N + 26 * N - 47, 9 * N * N + 35 * N - 67, "12n^2 + 26n - 47", "9n^2 + 35n - 67"};
  } else if (key == "cholesky") {
    s = {(N * N * N + 9 * N * N - 10 * N) / 2, (N * N + 3 * N) / 2, "(n^3 + 9n^2 - 10n)/2", "(n^2 + 3n)/2"};
  } else if (key == "fd_cholesky") {
    const PublishedCount a = publishedCount("rnea", n), b = publishedCount("recurrence", n), c = publishedCount("cholesky", n);
    s = {a.mul + b.mul + c.mul, a.add + b.add + c.add, "M2 + M3 + M4", "A2 + A3 + A4"};
  }
  return s;
}

const AlgorithmCount* OperationCountTable::find(const std::string& key) const {
  for (const auto& r : rows)
    if (r.key == key) return &r;
  return nullptr;
}

Model chainLike(const Model& robot, int n) {
  if (robot.nq < 1 || n < 1) throw std::invalid_argument("chainLike: the robot and the chain need at least one joint");
  if (n == robot.nq && robot.isChain()) return robot;
  Model m;
  m.name = robot.name + " (" + std::to_string(n) + "-joint chain)";
  m.gravity = robot.gravity;
  m.rotorModel = robot.rotorModel;
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i % robot.nq);
    m.addJoint(robot.jointType[k], robot.placement[k], robot.body[k], robot.actuator[k]);
    m.limits.back() = robot.limits[k];
  }
  m.tool = robot.tool;
  return m;
}

namespace {

using C = Counted;

OpCounts transformsCost(const ModelTpl<C>& m, const VectorXT<C>& q, int first) {
  TransformT<C> X;
  OpCountScope s;
  for (int i = first; i < m.nq; ++i) jointTransform(m, i, q[i], X);
  return s.counts();
}

}  // namespace

OperationCountTable countOperations(const Model& model) {
  const int n = model.nq;
  if (n < 1) throw std::invalid_argument("countOperations: the model has no joint");
  const ModelTpl<C> m = model.cast<C>();
  DataTpl<C> d(m);
  VectorXT<C> q(n), qd(n), qdd(n), tau(n);
  for (int i = 0; i < n; ++i) {
    q[i] = 0.3 + 0.1 * i;
    qd[i] = 0.2 - 0.05 * i;
    qdd[i] = 0.5 + 0.07 * i;
    tau[i] = 1.0 - 0.1 * i;
  }
  RneaOptions opt;
  opt.friction = false;
  OperationCountTable t;
  t.n = n;
  const OpCounts trAll = transformsCost(m, q, 0), trTail = transformsCost(m, q, 1);
  // Llibre, Mampey & Chrétien's (1983) formulas are for chains: a tree gets none beside its counts.
  const bool chain = model.isChain();
  auto add = [&](const std::string& key, const std::string& title, const OpCounts& asCalled, const OpCounts& tr) {
    t.rows.push_back({key, title, asCalled - tr, asCalled, chain ? publishedCount(key, n) : PublishedCount{}});
  };
  add("transforms", "joint transforms S_i (sin, cos given)", trAll, OpCounts{});
  {
    OpCountScope s;
    rnea(m, d, q, qd, qdd, opt);
    add("rnea", "Newton-Euler Q_a(q, qd, qdd)", s.counts(), trAll);
  }
  for (int i = 1; i < n; ++i) jointTransform(m, i, q[i], d.liMi[std::size_t(i)]);
  {
    OpCountScope s;
    massMatrixRecurrence(m, d, q, true);
    add("recurrence", "kinetic-energy matrix, backward recurrence (Mampey)", s.counts() + trTail, trTail);
  }
  {
    OpCountScope s;
    crba(m, d, q, true);
    add("crba", "mass matrix, composite rigid bodies (CRBA)", s.counts() + trTail, trTail);
  }
  {
    // What the forward dynamics uses: A = L L^T for a chain, the sparse A = L^T L of a tree (Featherstone RBDA
    // §6.5: no fill-in, the work follows the ancestors of each joint).
    MatrixXT<C> L = MatrixXT<C>::Zero(n, n);
    VectorXT<C> x = tau;
    OpCountScope s;
    const int bad = chain ? choleskyFactor(d.M, L) : ltlFactor(d.M, m.parent, L);
    if (bad >= 0)
      throw std::runtime_error("countOperations: the mass matrix of '" + model.name +
                               "' is not positive definite at the counting state (pivot " + std::to_string(bad + 1) + ")");
    if (chain)
      choleskySolve(L, x);
    else
      ltlSolve(L, m.parent, x);
    add("cholesky", chain ? "Cholesky A = L L^T and solve" : "sparse A = L^T L (tree) and solve", s.counts(), OpCounts{});
  }
  {
    OpCountScope s;
    const int r = aba(m, d, q, qd, tau, opt);
    const OpCounts c = s.counts();
    if (r == -1)
      add("aba", "articulated-body algorithm (ABA)", c, trAll);
    else if (r >= 0)
      throw std::runtime_error("countOperations: ABA found a singular articulated inertia at joint " + std::to_string(r + 1));
    // r == -2: full rotor model, ABA does not apply (no row)
  }
  {
    OpCountScope s;
    if (forwardDynamicsCholesky(m, d, q, qd, tau, opt) >= 0)
      throw std::runtime_error("countOperations: singular mass matrix in the Cholesky forward dynamics");
    add("fd_cholesky", "forward dynamics of Llibre, Mampey & Chrétien 1983 IV (NE + recurrence + Cholesky)", s.counts(), trAll);
  }
  return t;
}

}  // namespace maniplab
