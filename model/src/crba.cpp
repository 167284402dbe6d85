#include "maniplab/model/crba.hpp"

#include "crba_tree_packed.hpp"
#include "kernel_clone.hpp"

namespace maniplab {

namespace detail {

#if MANIPLAB_KERNEL_CLONE
namespace {
// A chain keeps the chain pass (the same operations as the baseline code, fused); a tree takes the packed
// form of the tree pass (crba_tree_packed.hpp), which the AVX2 lanes make faster than the scalar one.
MANIPLAB_AVX2_FMA_KERNEL const MatrixX& crbaAvx2Fma(const Model& model, Data& data, const VectorX& q,
                                                    bool transformsReady) {
  if (model.isChain() || model.nq == 0) return crbaPass<false>(model, data, q, transformsReady);
  return packed::crbaTree(model, data, q, transformsReady);
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
