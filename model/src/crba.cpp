#include "maniplab/model/crba.hpp"

#include "kernel_clone.hpp"

namespace maniplab {

namespace detail {

#if MANIPLAB_KERNEL_CLONE
namespace {
MANIPLAB_AVX2_FMA_KERNEL const MatrixX& crbaAvx2Fma(const Model& model, Data& data, const VectorX& q,
                                                    bool transformsReady) {
  return crbaBody(model, data, q, transformsReady);
}
}  // namespace
#endif

template <>
const MatrixX& crbaUnchecked<double>(const Model& model, Data& data, const VectorX& q, bool transformsReady) {
#if MANIPLAB_KERNEL_CLONE
  if (kernelsUseAvx2Fma()) return crbaAvx2Fma(model, data, q, transformsReady);
#endif
  return crbaBody(model, data, q, transformsReady);
}

}  // namespace detail

template const MatrixX& crba<double>(const Model&, Data&, const VectorX&, bool);

}  // namespace maniplab
