// Forward kinematics of every frame (Llibre, Mampey & Chrétien 1983 §I.1; Zanaboni 2009 eq 3.11/3.20), baseline and AVX2 + FMA.
#include "maniplab/model/forward_kinematics.hpp"

#include "kernel_clone.hpp"

namespace maniplab {

namespace detail {

#if MANIPLAB_KERNEL_CLONE
namespace {
MANIPLAB_AVX2_FMA_KERNEL void forwardKinematicsAvx2Fma(const Model& model, Data& data, const VectorX& q) {
  forwardKinematicsBody(model, data, q);
}
}  // namespace
#endif

template <> void forwardKinematicsUnchecked<double>(const Model& model, Data& data, const VectorX& q) {
#if MANIPLAB_KERNEL_CLONE
  if (kernelsUseAvx2Fma()) return forwardKinematicsAvx2Fma(model, data, q);
#endif
  forwardKinematicsBody(model, data, q);
}

}  // namespace detail

template void forwardKinematics<double>(const Model&, Data&, const VectorX&);

}  // namespace maniplab
