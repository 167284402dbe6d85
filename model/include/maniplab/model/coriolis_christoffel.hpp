#pragma once
// Coriolis/centrifugal matrix from the Christoffel symbols of the first kind (seed 001 §4):
//   C_kj = sum_i c_ijk qd_i,  c_ijk = 1/2 (dM_kj/dq_i + dM_ki/dq_j - dM_ij/dq_k),
// so that C qd equals the Newton–Euler velocity terms and Mdot - 2C is skew-symmetric. The partial
// derivatives dM/dq_i are exact: the composite-rigid-body algorithm runs on dual numbers (dual.hpp).
#include "maniplab/model/data.hpp"

namespace maniplab {

/// data.dM[i] = dM/dq_i for every i (n CRBA passes on dual numbers).
void massMatrixDerivatives(const Model& model, Data& data, const VectorX& q);

/// data.C = C(q, qd) (computes data.dM first). Cost O(n^3) plus n dual CRBA passes; not for hot loops.
const MatrixX& coriolisMatrix(const Model& model, Data& data, const VectorX& q, const VectorX& qd);

}  // namespace maniplab
