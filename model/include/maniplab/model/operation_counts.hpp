#pragma once
// Operation counts of the dynamics algorithms (Llibre, Mampey & Chrétien 1983 §IV.1), measured by running ManipLab's own code
// on the counting scalar (counting_scalar.hpp), shown beside Llibre, Mampey & Chrétien's (1983) formulas.
//
// What is measured, per algorithm, for a model of n joints (values of q, qd, qdd, tau are fixed and
// non-zero; the counts do not depend on them, only on n, the joint types and the rotor model):
//   transforms   the joint transforms S_i (R_i and lambda_{i-1}) of every joint from given sin q_i, cos q_i
//   rnea         Newton–Euler Q_a(q, qd, qdd), gravity on, friction off                   (Llibre, Mampey & Chrétien 1983 §II)
//   recurrence   kinetic-energy matrix A(q) by the backward recurrence ("Mampey")         (Llibre, Mampey & Chrétien 1983 §III.2)
//   crba         mass matrix by composite rigid bodies                                     (Featherstone §6.2)
//   cholesky     A = L L^T and the two triangular solves for one right-hand side           (Llibre, Mampey & Chrétien 1983 §IV)
//   aba          articulated-body forward dynamics, friction off                           (Featherstone Tab. 7.1)
//   fd_cholesky  the simulation model of Llibre, Mampey & Chrétien 1983 §IV: NE with qdd = 0 + recurrence + Cholesky
// `ours` EXCLUDES the joint transforms (the paper counts S_i apart, M1 = 12n, A1 = 6n), so that it is
// comparable with the paper's row; `oursAsCalled` is what one call of the function costs, transforms
// included (rnea, aba and fd_cholesky build all n transforms; recurrence and crba need joints 2..n).
//
// Trees (Model::parent): the same algorithms run on the tree; "cholesky" is then the sparse A = L^T L that the
// tree's forward dynamics uses (Featherstone RBDA §6.5), and no published formula is shown (the paper's are
// for chains). With d_k the number of proper ancestors of joint k and D = sum of d_k, the counts follow the
// tree's sparsity against the chain of the same joints (asserted exactly by
// tests/model/test_operation_counts.cpp on random trees):
//   rnea         the chain's, plus 6 + per joint whose parent is not the previous joint (its wrench is added
//                to the parent's accumulator)
//   aba          the chain's minus 7n x and 6n + (the tree's pass 3 forms every a_i in full, the chain's keeps
//                the last term S qdd apart)
//   crba         the chain's minus 6 x and 5 + per entry M(i, j) that is zero because neither joint is an
//                ancestor of the other (n(n+1)/2 - (n + D) entries), minus 36 x and 27 + per joint past the
//                second carried by joint 1 (its pose in R_1 is its joint transform), plus 13 + per joint whose
//                parent is not the previous joint (its composite added to the parent's); with one joint on
//                the base (others need the base's pose in R_1)
//   cholesky     x: 2n + 1 + D + 2D + sum_k sum_{i anc k} (d_i + 1),  +: 2D + sum_k sum_{i anc k} (d_i + 1), n sqrt
//
// Llibre, Mampey & Chrétien's (1983) formulas are for revolute joints without actuators, with the authors' own frames and
// optimisations; ManipLab's numbers need not (and do not) equal them. A prismatic joint or the full
// rotor model changes ManipLab's counts; the paper's columns are then only indicative.
//
// ManipLab's counts for revolute chains, any n >= 1 (x = mul + div, + = add + sub; asserted exactly by
// tests/model/test_operation_counts.cpp for n = 1..10; Llibre, Mampey & Chrétien 1983 in brackets):
//   transforms   12n            6n                 [12n, 6n: identical]
//   rnea         125n - 24      101n - 18          [149n - 89, 130n - 76]
//   recurrence   12n^2+113n-98  9n^2+95n-88        [12n^2+26n-47, 9n^2+35n-67: same n^2 terms]
//   crba         3n^2+146n-135  (5n^2+235n-198)/2  (n >= 2; n = 1: 50, 48): one 6-vector dot product per
//                                                  entry, in the frame of body 1
//   cholesky     (n^3+9n^2+8n+6)/6 (n sqrt apart)  (n^3+6n^2-7n)/6   [(n^3+9n^2-10n)/2, (n^2+3n)/2]
//   aba          334n - 78      314n - 123
//   fd_cholesky  rnea + recurrence + cholesky (x);  the same + n (+: the right-hand side tau - s)
#include <cstdint>
#include <string>
#include <vector>

#include "maniplab/model/counting_scalar.hpp"
#include "maniplab/model/model.hpp"

namespace maniplab {

/// One of the Llibre, Mampey & Chrétien 1983 §IV.1 formulas evaluated at n (-1 when the paper gives none).
struct PublishedCount {
  std::int64_t mul = -1, add = -1;
  std::string mulFormula, addFormula;  ///< e.g. "149n - 89" (empty when the paper gives none)
};

/// Llibre, Mampey & Chrétien 1983 §IV.1: "transforms" 12n / 6n; "rnea" 149n−89 / 130n−76; "recurrence" 12n²+26n−47 /
/// 9n²+35n−67; "cholesky" (n³+9n²−10n)/2 / (n²+3n)/2; "fd_cholesky" the sum of the last three.
/// Other keys (crba, aba): none.
PublishedCount publishedCount(const std::string& key, int n);

struct AlgorithmCount {
  std::string key;     ///< "transforms", "rnea", "recurrence", "crba", "cholesky", "aba", "fd_cholesky"
  std::string title;   ///< human-readable name
  OpCounts ours;       ///< joint transforms excluded (comparable with the paper's)
  OpCounts oursAsCalled;  ///< one call of the function, transforms included
  PublishedCount published;
};

struct OperationCountTable {
  int n = 0;
  std::vector<AlgorithmCount> rows;  ///< in the order of the keys above
  const AlgorithmCount* find(const std::string& key) const;
};

/// Counts every algorithm on `model` (cast to the counting scalar). Throws std::runtime_error when the
/// model's mass matrix is not positive definite at the counting state (the counts would be truncated).
OperationCountTable countOperations(const Model& model);

/// A chain of n joints "like" `robot`: joint i (0-based) copies the type, placement, body and actuator of
/// robot joint i mod robot.nq (n <= robot.nq: the robot's first n joints; n = robot.nq: a chain robot itself,
/// a tree's joints one after the other).
Model chainLike(const Model& robot, int n);

}  // namespace maniplab
