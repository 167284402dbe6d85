#pragma once
// In-place Cholesky factorisation A = L L^T and solve (Llibre, Mampey & Chrétien 1983 §IV: [BOU 68]); written out so that it
// runs on any scalar type and reports a non-positive pivot (singular or indefinite mass matrix).
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/fwd.hpp"

namespace maniplab {

namespace detail {

template <typename S> int choleskyFactorUnchecked(const MatrixXT<S>& A, MatrixXT<S>& L, double relTol = 1e-12) {
  using std::sqrt;
  const int n = int(A.rows());
  S maxDiag = S(0);
  for (int i = 0; i < n; ++i)
    if (A(i, i) > maxDiag) maxDiag = A(i, i);
  const S tol = S(relTol) * maxDiag;
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

}  // namespace maniplab
