// Operation counts (Llibre, Mampey & Chrétien 1983 §IV.1): the counting scalar itself, the exact counts of ManipLab's
// algorithms per n (closed forms, derived by hand for Cholesky and fitted then frozen for the others),
// their determinism, their growth order by finite differences, Llibre, Mampey & Chrétien's (1983) formulas at its n = 6 table,
// and the opcount CLI. Trees: the counts of random trees against the chain of the same joints and the closed
// forms of operation_counts.hpp written in the tree's ancestor depths and branch points (CRBA less 6 x and 5 +
// per entry that the branches make zero, the sparse L^T L by its loops, RNEA and ABA by their tree passes).
#include <QProcess>
#include <QTest>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "maniplab/model/operation_counts.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/model/robot_file.hpp"
#include "support/random_chain.hpp"
#include "support/random_tree.hpp"
#include "support/test_main.hpp"

namespace test_operation_counts {

using namespace maniplab;
using namespace maniplab::testing;

namespace {

using I = std::int64_t;

/// The paper's condition: revolute joints only, no actuators (gear 1, no rotor inertia, no friction).
Model bareRevoluteChain(unsigned seed, int n) {
  std::mt19937 rng(seed);
  RandomChainOptions o;
  o.n = n;
  o.prismaticFraction = 0.0;
  o.actuators = false;
  o.rotor = RotorModel::Armature;
  return randomChain(rng, o);
}

struct Expected {
  I mul, add;
};

/// ManipLab's counts for revolute chains (joint transforms excluded), n >= 1.
Expected expected(const std::string& key, I n) {
  if (key == "transforms") return {12 * n, 6 * n};
  if (key == "rnea") return {125 * n - 24, 101 * n - 18};
  if (key == "recurrence") return {12 * n * n + 113 * n - 98, 9 * n * n + 95 * n - 88};
  // CRBA in the frame of body 1 (crba.hpp): body 1 needs no transform into that frame and body 2 no
  // composition of transforms, so n = 1 stands apart from the closed form of n >= 2; 3n^2 x, 2.5n^2 +:
  // one 6-vector dot product per off-diagonal entry.
  // R_1 I_i R_1^T is formed in full by Eigen's products (9 x, 6 + more per body than the upper triangle).
  if (key == "crba") return n == 1 ? Expected{50, 48} : Expected{3 * n * n + 146 * n - 135, (5 * n * n + 235 * n - 198) / 2};
  // Cholesky by hand (cholesky.hpp): factor sum_j [j + (n-1-j)(j+1)] mul + 1 (tolerance) + n div (1/l_jj),
  // solves n(n-1) mul + 2n div => (n^3 + 9n^2 + 8n + 6)/6; subtractions n(n-1)(n-2)/6 + 3n(n-1)/2.
  if (key == "cholesky") return {(n * n * n + 9 * n * n + 8 * n + 6) / 6, (n * n * n + 6 * n * n - 7 * n) / 6};
  // ABA as of issue 17 (world frame, the base body's pose the joint transform, pass 2 stores U_i/D_i and
  // (u_i - U_i.c_i)/D_i, also for the base joint: 12 x more at i = 0, none in pass 3).
  // An optimisation of an algorithm changes its counts: update its row here (the failure message prints
  // the new numbers).
  // Pass 3 keeps the last joint's S qdd apart (a shorter dependency chain, aba.hpp): 7 x and 6 + more per
  // joint than forming a_i in full (334 n - 78, 314 n - 123), and faster.
  if (key == "aba") return {341 * n - 78, 320 * n - 123};
  if (key == "fd_cholesky") {
    const Expected a = expected("rnea", n), b = expected("recurrence", n), c = expected("cholesky", n);
    return {a.mul + b.mul + c.mul, a.add + b.add + c.add + n};  // + n: the right-hand side tau - s
  }
  return {-1, -1};
}

const char* kKeys[] = {"transforms", "rnea", "recurrence", "crba", "cholesky", "aba", "fd_cholesky"};

}  // namespace

class OperationCounts : public QObject {
  Q_OBJECT
 private slots:
  void countingScalarCountsWhatItDoes() {
    OpCountScope s;
    const Counted a = 2.0, b = 3.0, c = 5.0;
    const Counted r = (a * b + c) / a - (-b);
    QCOMPARE(r.v, (2.0 * 3.0 + 5.0) / 2.0 + 3.0);
    const OpCounts k = s.counts();
    QCOMPARE(k.mul, I(1));
    QCOMPARE(k.div, I(1));
    QCOMPARE(k.add, I(2));
    QCOMPARE(k.neg, I(1));
    // Eigen's fixed-size products on the scalar: 3x3 * 3 = 9 mul + 6 add; 3x3 * 3x3 = 27 + 18; dot 3 + 2.
    Matrix3T<Counted> M = Matrix3T<Counted>::Constant(Counted(1.5));
    Vector3T<Counted> v = Vector3T<Counted>::Constant(Counted(2.0));
    OpCountScope s2;
    const Vector3T<Counted> Mv = M * v;
    QCOMPARE(s2.counts().mul, I(9));
    QCOMPARE(s2.counts().add, I(6));
    QCOMPARE(Mv[1].v, 9.0);
    OpCountScope s3;
    Matrix3T<Counted> P;
    P.noalias() = M * M;
    QCOMPARE(s3.counts().mul, I(27));
    QCOMPARE(s3.counts().add, I(18));
    OpCountScope s4;
    const Counted d = v.dot(Mv) + sqrt(v.squaredNorm());
    QCOMPARE(s4.counts().mul, I(6));
    QCOMPARE(s4.counts().add, I(5));
    QCOMPARE(s4.counts().sqrt, I(1));
    QVERIFY(std::abs(d.v - (54.0 + std::sqrt(12.0))) < 1e-12);
  }

  void countedResultsEqualDouble() {
    // The counting run computes the same numbers as the double run.
    const Model m = bareRevoluteChain(3, 6);
    Data d(m);
    const ModelTpl<Counted> mc = m.cast<Counted>();
    DataTpl<Counted> dc(mc);
    std::mt19937 rng(5);
    const VectorX q = randomVectorX(rng, 6, 1.5), qd = randomVectorX(rng, 6, 1), qdd = randomVectorX(rng, 6, 1);
    const VectorX tau = rnea(m, d, q, qd, qdd);
    const VectorXT<Counted> tc = rnea(mc, dc, VectorXT<Counted>(q.cast<Counted>()), VectorXT<Counted>(qd.cast<Counted>()),
                                      VectorXT<Counted>(qdd.cast<Counted>()));
    for (int i = 0; i < 6; ++i) QVERIFY(std::abs(tc[i].v - tau[i]) <= 1e-12 * std::max(1.0, std::abs(tau[i])));
  }

  void exactCountsPerN() {
    for (int n = 1; n <= 10; ++n) {
      const OperationCountTable t = countOperations(bareRevoluteChain(11, n));
      QCOMPARE(t.n, n);
      QCOMPARE(int(t.rows.size()), 7);
      for (const char* key : kKeys) {
        const AlgorithmCount* r = t.find(key);
        QVERIFY2(r != nullptr, key);
        const Expected e = expected(key, n);
        const QString what = QString("%1 n=%2").arg(key).arg(n);
        QVERIFY2(r->ours.products() == e.mul,
                 qPrintable(what + QString(": x %1, expected %2").arg(r->ours.products()).arg(e.mul)));
        QVERIFY2(r->ours.additions() == e.add,
                 qPrintable(what + QString(": + %1, expected %2").arg(r->ours.additions()).arg(e.add)));
        if (std::string(key) != "transforms") QCOMPARE(r->ours.sin, I(0));  // sin/cos belong to the transforms
      }
      const AlgorithmCount* tr = t.find("transforms");
      QCOMPARE(tr->ours.sin, I(n));
      QCOMPARE(tr->ours.cos, I(n));
      QCOMPARE(t.find("cholesky")->ours.sqrt, I(n));
      QCOMPARE(t.find("cholesky")->ours.div, I(3 * n));
      // rnea builds all n transforms; the recurrence only joints 2..n.
      QCOMPARE(t.find("rnea")->oursAsCalled.products(), expected("rnea", n).mul + 12 * n);
      QCOMPARE(t.find("recurrence")->oursAsCalled.products(), expected("recurrence", n).mul + 12 * (n - 1));
    }
  }

  void countsAreDeterministicAndValueIndependent() {
    for (int n : {2, 6}) {
      const OperationCountTable a = countOperations(bareRevoluteChain(1, n));
      const OperationCountTable b = countOperations(bareRevoluteChain(1, n));
      const OperationCountTable c = countOperations(bareRevoluteChain(99, n));  // other geometry and masses
      for (std::size_t i = 0; i < a.rows.size(); ++i) {
        QVERIFY(a.rows[i].ours == b.rows[i].ours);
        QVERIFY(a.rows[i].ours == c.rows[i].ours);
        QVERIFY(a.rows[i].oursAsCalled == c.rows[i].oursAsCalled);
      }
    }
  }

  void growthOrderByFiniteDifferences() {
    // k-th forward difference of the counts over n = 2..N (n = 1 is a special case of CRBA, see expected()):
    // an O(n^p) algorithm has a constant, non-zero p-th difference and a zero (p+1)-th difference.
    const int N = 10;
    std::vector<OperationCountTable> t;
    for (int n = 2; n <= N; ++n) t.push_back(countOperations(bareRevoluteChain(21, n)));
    auto diff = [](std::vector<I> v, int k) {
      for (int j = 0; j < k; ++j)
        for (std::size_t i = 0; i + 1 < v.size() - std::size_t(j); ++i) v[i] = v[i + 1] - v[i];
      v.resize(v.size() - std::size_t(k));
      return v;
    };
    const std::pair<const char*, int> order[] = {{"transforms", 1}, {"rnea", 1}, {"recurrence", 2}, {"crba", 2},
                                                 {"cholesky", 3},   {"aba", 1},  {"fd_cholesky", 3}};
    for (const auto& [key, p] : order)
      for (bool products : {true, false}) {
        std::vector<I> v;
        for (const auto& x : t) v.push_back(products ? x.find(key)->ours.products() : x.find(key)->ours.additions());
        const std::vector<I> dp = diff(v, p), dp1 = diff(v, p + 1);
        const QString what = QString("%1 %2").arg(key).arg(products ? "x" : "+");
        QVERIFY2(dp.front() > 0, qPrintable(what));
        for (I x : dp) QVERIFY2(x == dp.front(), qPrintable(what + ": p-th difference not constant"));
        for (I x : dp1) QVERIFY2(x == 0, qPrintable(what + ": (p+1)-th difference not zero"));
      }
    // Leading coefficients: the recurrence shares the paper's n^2 terms (12 n^2 x, 9 n^2 +: second differences
    // 24 and 18); CRBA's one 6-vector dot product per entry gives 3 n^2 x, 2.5 n^2 + (6 and 5); Cholesky's
    // third difference is 1 (n^3/6).
    auto second = [&](const char* key, bool products) {
      std::vector<I> v;
      for (const auto& x : t) v.push_back(products ? x.find(key)->ours.products() : x.find(key)->ours.additions());
      return diff(v, 2).front();
    };
    QCOMPARE(second("recurrence", true), I(24));
    QCOMPARE(second("recurrence", false), I(18));
    QCOMPARE(second("crba", true), I(6));
    QCOMPARE(second("crba", false), I(5));
    const I seedSecond = publishedCount("recurrence", 3).mul - 2 * publishedCount("recurrence", 2).mul + publishedCount("recurrence", 1).mul;
    QCOMPARE(seedSecond, I(24));
  }

  void seedFormulasMatchThePrintedTable() {
    // Llibre, Mampey & Chrétien 1983 §IV.1, n = 6: NE 805/704, Mampey 541/467, Cholesky 240/27 (the S_i row prints 48/36 while
    // 12n gives 72: erratum E10 of the reference notes, unresolved).
    QCOMPARE(publishedCount("rnea", 6).mul, I(805));
    QCOMPARE(publishedCount("rnea", 6).add, I(704));
    QCOMPARE(publishedCount("recurrence", 6).mul, I(541));
    QCOMPARE(publishedCount("recurrence", 6).add, I(467));
    QCOMPARE(publishedCount("cholesky", 6).mul, I(240));
    QCOMPARE(publishedCount("cholesky", 6).add, I(27));
    QCOMPARE(publishedCount("transforms", 6).add, I(36));
    QCOMPARE(publishedCount("fd_cholesky", 6).mul, I(805 + 541 + 240));
    QCOMPARE(publishedCount("crba", 6).mul, I(-1));
  }

  void treeCountsFollowTheSparsity() {
    std::mt19937 rng(2029);
    for (int t = 0, tried = 0; t < 40; ++tried) {
      QVERIFY(tried < 100000);
      RandomTreeOptions o;
      o.n = 6 + t % 10;  // two branches off the base's one joint need at least 4
      std::string label;
      const Model m = randomStructuredTree(rng, o, &label);
      QVERIFY(!m.isChain());
      // CRBA in the frame of body 1 needs the base's pose there for other joints on the base (a transform
      // inverted and composed, kept out of the closed form below): trees with one joint on the base here
      if (std::count(m.parent.begin(), m.parent.end(), -1) > 1) continue;
      ++t;
      const Model c = chainLike(m, m.nq);
      QVERIFY(c.isChain());
      QCOMPARE(c.nq, m.nq);
      // d_k: proper ancestors of joint k; D = sum d_k; A = sum_k sum_{i ancestor of k} (d_i + 1)
      const I n = m.nq;
      std::vector<I> depth(std::size_t(n), 0);
      I D = 0, A = 0;
      for (int k = 0; k < n; ++k) {
        for (int i = m.parent[std::size_t(k)]; i >= 0; i = m.parent[std::size_t(i)]) ++depth[std::size_t(k)];
        D += depth[std::size_t(k)];
        for (int i = m.parent[std::size_t(k)]; i >= 0; i = m.parent[std::size_t(i)]) A += depth[std::size_t(i)] + 1;
      }
      const OperationCountTable tt = countOperations(m), tc = countOperations(c);
      const auto row = [](const OperationCountTable& x, const char* key) { return x.find(key)->ours; };
      const QByteArray what = QByteArray::fromStdString(label);
      // B joints whose parent is not the previous joint; P0 of them (past the second) on joint 1
      I P0 = 0, B = 0;
      for (int i = 0; i < n; ++i) {
        const int par = m.parent[std::size_t(i)];
        P0 += i >= 2 && par == 0;
        B += par >= 0 && par != i - 1;
      }
      const auto diff = [&](const char* key, I dx, I da) {
        const I x = row(tt, key).products() - row(tc, key).products(), a = row(tt, key).additions() - row(tc, key).additions();
        if (x != dx || a != da)
          qWarning("%s %s: tree - chain x %lld + %lld, expected %lld, %lld", what.constData(), key, qlonglong(x), qlonglong(a),
                   qlonglong(dx), qlonglong(da));
        return x == dx && a == da;
      };
      QVERIFY(diff("transforms", 0, 0));
      // RNEA: a joint's wrench goes to a parent other than the previous joint through an accumulator (6 +)
      QVERIFY(diff("rnea", 0, 6 * B));
      // ABA: the tree's pass 3 forms every a_i in full; the chain's keeps S qdd apart (7 x, 6 + per joint)
      QVERIFY(diff("aba", -7 * n, -6 * n));
      // CRBA: z entries M(i, j) of joints on different branches are not computed (a 6-vector dot product,
      // 6 x and 5 +, each); the pose of a joint on joint 1 in R_1 is its joint transform (no composition:
      // 36 x, 27 +) for P0 joints past the second; a composite that goes onto a parent other than the
      // previous joint is added there (13 +) for B joints.
      const I zeros = n * (n + 1) / 2 - (n + D);
      QVERIFY(zeros > 0);
      const I dx = row(tc, "crba").products() - row(tt, "crba").products(), da = row(tc, "crba").additions() - row(tt, "crba").additions();
      QVERIFY2(dx == 6 * zeros + 36 * P0, what + QByteArray(" crba x saved: ") + QByteArray::number(qlonglong(dx)) + " z " +
                                            QByteArray::number(qlonglong(zeros)) + " P0 " + QByteArray::number(qlonglong(P0)));
      QVERIFY2(da == 5 * zeros + 27 * P0 - 13 * B, what + QByteArray(" crba + saved: ") + QByteArray::number(qlonglong(da)) + " B " +
                                                     QByteArray::number(qlonglong(B)));
      const OpCounts ltl = row(tt, "cholesky");
      QVERIFY2(ltl.products() == 2 * n + 1 + 3 * D + A, what + " L^T L x: " + QByteArray::number(qlonglong(ltl.products())) + " vs " +
                                                            QByteArray::number(qlonglong(2 * n + 1 + 3 * D + A)));
      QVERIFY2(ltl.additions() == 2 * D + A, what + " L^T L +: " + QByteArray::number(qlonglong(ltl.additions())));
      QCOMPARE(ltl.sqrt, n);
      QVERIFY(ltl.products() < row(tc, "cholesky").products());
      QCOMPARE(tt.find("rnea")->published.mul, I(-1));  // the paper's formulas are for chains
      QVERIFY(tc.find("rnea")->published.mul > 0);
    }
  }

  void chainLikeARobot() {
    const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
    QVERIFY(r.ok());
    const Model& puma = r.model;
    const Model m3 = chainLike(puma, 3), m8 = chainLike(puma, 8);
    QCOMPARE(m3.nq, 3);
    QCOMPARE(m8.nq, 8);
    QVERIFY(m8.placement[7].p == puma.placement[1].p);
    QCOMPARE(m8.body[6].mass, puma.body[0].mass);
    QCOMPARE(chainLike(puma, 6).name, puma.name);
    // Puma 560 (armature actuators, revolute): the same counts as the bare revolute chain.
    const OperationCountTable t = countOperations(puma);
    QCOMPARE(t.find("rnea")->ours.products(), expected("rnea", 6).mul);
    QCOMPARE(t.find("aba")->ours.additions(), expected("aba", 6).add);
    // A prismatic joint changes the transforms: 3 x and 3 + (l + q P(.3)) instead of 12 and 6.
    const RobotLoadResult s = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/stanford.json");
    QVERIFY(s.ok());
    const OperationCountTable ts = countOperations(s.model);
    QCOMPARE(ts.find("transforms")->ours.products(), I(5 * 12 + 3));
    QCOMPARE(ts.find("transforms")->ours.additions(), I(5 * 6 + 3));
  }

  void cli() {
    QProcess p;
    p.start(QStringLiteral(MANIPLAB_CLI), {"opcount", MANIPLAB_SOURCE_DIR "/robots/puma560.json", "--n-max", "7", "--json"});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const auto j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
    int seen = 0;
    for (const auto& row : j["rows"]) {
      if (row["algorithm"] != "recurrence") continue;
      const I n = row["n"].get<I>();
      QCOMPARE(row["ours"]["products"].get<I>(), expected("recurrence", n).mul);
      if (n == 6) QCOMPARE(row["llibre1983"]["products"].get<I>(), I(541));
      ++seen;
    }
    QCOMPARE(seen, 7);
    QProcess t;
    t.start(QStringLiteral(MANIPLAB_CLI), {"opcount", MANIPLAB_SOURCE_DIR "/robots/planar2r.json"});
    QVERIFY(t.waitForFinished(60000));
    QCOMPARE(t.exitCode(), 0);
    const QString out = QString::fromUtf8(t.readAllStandardOutput());
    QVERIFY(out.contains("149n - 89"));
    QVERIFY(out.contains("(n^3 + 9n^2 - 10n)/2"));
    // a tree: its own counts beside the chain of the same joints
    QProcess w;
    w.start(QStringLiteral(MANIPLAB_CLI), {"opcount", MANIPLAB_SOURCE_DIR "/robots/two_arm_torso_mdh.json", "--json"});
    QVERIFY(w.waitForFinished(60000));
    QCOMPARE(w.exitCode(), 0);
    const auto tj = nlohmann::json::parse(w.readAllStandardOutput().toStdString());
    QVERIFY(tj["tree"]["parents"] == nlohmann::json::parse("[0, 1, 2, 3, 4, 1, 6, 7, 8]"));
    bool sawCrba = false;
    for (const auto& row : tj["tree"]["rows"])
      if (row["algorithm"] == "crba") {
        sawCrba = true;
        // 9 joints, D = 0+1+2+3+4+1+2+3+4 = 20: 45 - 29 = 16 entries zero; joint 6 on joint 1 (P0 = 1)
        QCOMPARE(row["chain"]["products"].get<I>() - row["tree"]["products"].get<I>(), I(6 * 16 + 36));
      }
    QVERIFY(sawCrba);
    QProcess wt;
    wt.start(QStringLiteral(MANIPLAB_CLI), {"opcount", MANIPLAB_SOURCE_DIR "/robots/two_arm_torso_mdh.json"});
    QVERIFY(wt.waitForFinished(60000));
    QVERIFY(QString::fromUtf8(wt.readAllStandardOutput()).contains("The tree itself (9 joints, parents a(j), 0 the base: 0 1 2 3 4 1 6 7 8)"));
    QProcess u;
    u.start(QStringLiteral(MANIPLAB_CLI), {"opcount", MANIPLAB_SOURCE_DIR "/robots/planar2r.json", "--n-max", "0"});
    QVERIFY(u.waitForFinished(60000));
    QCOMPARE(u.exitCode(), 2);
    QProcess v;
    v.start(QStringLiteral(MANIPLAB_CLI), {"opcount", "/nonexistent/robot.json"});
    QVERIFY(v.waitForFinished(60000));
    QCOMPARE(v.exitCode(), 1);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(OperationCounts)
#include "test_operation_counts.moc"  // (in the namespace, as the class)

}  // namespace test_operation_counts
