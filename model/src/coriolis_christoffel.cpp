// Christoffel symbols and C(q, qd) (seed 001 §4).
#include "maniplab/model/coriolis_christoffel.hpp"

#include "maniplab/model/crba.hpp"
#include "maniplab/model/dual.hpp"

namespace maniplab {

void massMatrixDerivatives(const Model& model, Data& data, const VectorX& q) {
  const int n = model.nq;
  const ModelTpl<Dual> dmodel = model.cast<Dual>();
  DataTpl<Dual> ddata(dmodel);
  VectorXT<Dual> dq(n);
  for (int i = 0; i < n; ++i) dq[i] = Dual(q[i]);
  for (int k = 0; k < n; ++k) {
    dq[k].d = 1.0;
    crba(dmodel, ddata, dq);
    dq[k].d = 0.0;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) data.dM[std::size_t(k)](r, c) = ddata.M(r, c).d;
  }
}

const MatrixX& coriolisMatrix(const Model& model, Data& data, const VectorX& q, const VectorX& qd) {
  const int n = model.nq;
  massMatrixDerivatives(model, data, q);
  const auto& dM = data.dM;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int i = 0; i < n; ++i)
        s += (dM[std::size_t(i)](k, j) + dM[std::size_t(j)](k, i) - dM[std::size_t(k)](i, j)) * qd[i];
      data.C(k, j) = 0.5 * s;
    }
  return data.C;
}

}  // namespace maniplab
