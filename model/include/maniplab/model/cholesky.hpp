#pragma once
// In-place Cholesky factorisation A = L L^T and solve (Llibre, Mampey & Chrétien 1983 §IV: [BOU 68]); written out so that it
// runs on any scalar type and reports a non-positive pivot (singular or indefinite mass matrix).
//
// For the mass matrix of a tree, the sparse factorisation A = L^T L of Featherstone (Rigid Body Dynamics
// Algorithms, 2008, §6.5, Tables 6.3 and 6.4): L is lower triangular with the sparsity of A itself (L_ij
// non-zero only when j is an ancestor of i, parent[] as in Model), so there is no fill-in and the work is
// O(n d^2) for a tree of depth d instead of O(n^3).
#include <stdexcept>
#include <string>
#include <vector>

#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/fwd.hpp"

namespace maniplab {

namespace detail {

/// The smallest acceptable pivot: relTol times A's largest diagonal entry.
template <typename S> S pivotTolerance(const MatrixXT<S>& A, double relTol) {
  S maxDiag = S(0);
  for (int i = 0; i < int(A.rows()); ++i)
    if (A(i, i) > maxDiag) maxDiag = A(i, i);
  return S(relTol) * maxDiag;
}

template <typename S> int choleskyFactorUnchecked(const MatrixXT<S>& A, MatrixXT<S>& L, double relTol = 1e-12) {
  using std::sqrt;
  const int n = int(A.rows());
  const S tol = pivotTolerance(A, relTol);
  for (int j = 0; j < n; ++j) {
    S d = A(j, j);
    for (int k = 0; k < j; ++k) d -= L(j, k) * L(j, k);
    if (!(d > tol)) return j;
    const S ljj = sqrt(d);
    L(j, j) = ljj;
    const S inv = S(1) / ljj;
    for (int i = j + 1; i < n; ++i) {
      S s = A(i, j);
      for (int k = 0; k < j; ++k) s -= L(i, k) * L(j, k);
      L(i, j) = s * inv;
    }
  }
  return -1;
}

template <typename S> void choleskySolveUnchecked(const MatrixXT<S>& L, VectorXT<S>& x) {
  const int n = int(L.rows());
  for (int i = 0; i < n; ++i) {
    S s = x[i];
    for (int k = 0; k < i; ++k) s -= L(i, k) * x[k];
    x[i] = s / L(i, i);
  }
  for (int i = n - 1; i >= 0; --i) {
    S s = x[i];
    for (int k = i + 1; k < n; ++k) s -= L(k, i) * x[k];
    x[i] = s / L(i, i);
  }
}

/// A = L^T L (Featherstone RBDA Table 6.3), the lower triangle of A copied into L and factorised in place,
/// walking parent[] (0-based, -1 the base, parent[k] < k). Same pivot rule and return as choleskyFactor.
template <typename S>
int ltlFactorUnchecked(const MatrixXT<S>& A, const std::vector<int>& parent, MatrixXT<S>& L, double relTol = 1e-12) {
  using std::sqrt;
  const int n = int(A.rows());
  const S tol = pivotTolerance(A, relTol);
  L.setZero();
  for (int k = 0; k < n; ++k)
    for (int j = k; j >= 0; j = parent[std::size_t(j)]) L(k, j) = A(k, j);
  for (int k = n - 1; k >= 0; --k) {
    if (!(L(k, k) > tol)) return k;
    const S lkk = sqrt(L(k, k));
    L(k, k) = lkk;
    for (int i = parent[std::size_t(k)]; i >= 0; i = parent[std::size_t(i)]) L(k, i) = L(k, i) / lkk;
    for (int i = parent[std::size_t(k)]; i >= 0; i = parent[std::size_t(i)])
      for (int j = i; j >= 0; j = parent[std::size_t(j)]) L(i, j) -= L(k, i) * L(k, j);
  }
  return -1;
}

/// Solves L^T L x = b in place (Featherstone RBDA Table 6.4): L^T y = b from the leaves up, then L x = y
/// from the base down.
template <typename S> void ltlSolveUnchecked(const MatrixXT<S>& L, const std::vector<int>& parent, VectorXT<S>& x) {
  const int n = int(L.rows());
  for (int i = n - 1; i >= 0; --i) {
    x[i] = x[i] / L(i, i);
    for (int j = parent[std::size_t(i)]; j >= 0; j = parent[std::size_t(j)]) x[j] -= L(i, j) * x[i];
  }
  for (int i = 0; i < n; ++i) {
    for (int j = parent[std::size_t(i)]; j >= 0; j = parent[std::size_t(j)]) x[i] -= L(i, j) * x[j];
    x[i] = x[i] / L(i, i);
  }
}

}  // namespace detail

/// Factorises the symmetric matrix A (lower triangle read) into L (lower). Returns -1 on success, or
/// the index of the first pivot that is not > tol * max diagonal (the matrix is then singular or
/// near-singular and L is incomplete). Throws std::invalid_argument when A is not square or L does not
/// have A's size (L is not resized: no allocation).
template <typename S> int choleskyFactor(const MatrixXT<S>& A, MatrixXT<S>& L, double relTol = 1e-12) {
  checkDimension("choleskyFactor", "A (columns)", long(A.cols()), long(A.rows()), "A must be square");
  checkDimension("choleskyFactor", "L (rows)", long(L.rows()), long(A.rows()), "the size of A");
  checkDimension("choleskyFactor", "L (columns)", long(L.cols()), long(A.rows()), "the size of A");
  return detail::choleskyFactorUnchecked(A, L, relTol);
}

/// Solves L L^T x = b in place (x holds b on entry). Throws std::invalid_argument when L is not square
/// or x does not have its size.
template <typename S> void choleskySolve(const MatrixXT<S>& L, VectorXT<S>& x) {
  checkDimension("choleskySolve", "L (columns)", long(L.cols()), long(L.rows()), "L must be square");
  checkDimension("choleskySolve", "x", long(x.size()), long(L.rows()), "the size of L");
  detail::choleskySolveUnchecked(L, x);
}

/// A = L^T L for the mass matrix of a tree with parent array `parent` (Model::parent); see the header
/// comment. Returns -1, or the first pivot (from the leaves) that is not > tol * max diagonal. Throws
/// std::invalid_argument on sizes that do not match (L is not resized: no allocation) or a parent array
/// that is not topological.
template <typename S> int ltlFactor(const MatrixXT<S>& A, const std::vector<int>& parent, MatrixXT<S>& L, double relTol = 1e-12) {
  checkDimension("ltlFactor", "A (columns)", long(A.cols()), long(A.rows()), "A must be square");
  checkDimension("ltlFactor", "L (rows)", long(L.rows()), long(A.rows()), "the size of A");
  checkDimension("ltlFactor", "L (columns)", long(L.cols()), long(A.rows()), "the size of A");
  checkDimension("ltlFactor", "parent", long(parent.size()), long(A.rows()), "the size of A");
  for (std::size_t k = 0; k < parent.size(); ++k)
    if (parent[k] < -1 || parent[k] >= int(k)) [[unlikely]]
      throw std::invalid_argument("ltlFactor: parent[" + std::to_string(k) + "] = " + std::to_string(parent[k]) +
                                  " is neither -1 (the base) nor an earlier joint");
  return detail::ltlFactorUnchecked(A, parent, L, relTol);
}

/// Solves L^T L x = b in place with the factor of ltlFactor. Throws std::invalid_argument on sizes that do
/// not match.
template <typename S> void ltlSolve(const MatrixXT<S>& L, const std::vector<int>& parent, VectorXT<S>& x) {
  checkDimension("ltlSolve", "L (columns)", long(L.cols()), long(L.rows()), "L must be square");
  checkDimension("ltlSolve", "x", long(x.size()), long(L.rows()), "the size of L");
  checkDimension("ltlSolve", "parent", long(parent.size()), long(L.rows()), "the size of L");
  detail::ltlSolveUnchecked(L, parent, x);
}

}  // namespace maniplab
