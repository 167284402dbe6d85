#include "maniplab/model/aba.hpp"

#include "kernel_clone.hpp"

namespace maniplab {

namespace detail {

#if MANIPLAB_KERNEL_CLONE
namespace {
MANIPLAB_AVX2_FMA_KERNEL int abaAvx2Fma(const Model& model, Data& data, const VectorX& q, const VectorX& qd,
                                        const VectorX& tau, const RneaOptions& opt) {
  return abaBody(model, data, q, qd, tau, opt);
}
}  // namespace
#endif

template <>
int abaUnchecked<double>(const Model& model, Data& data, const VectorX& q, const VectorX& qd, const VectorX& tau,
                         const RneaOptions& opt) {
#if MANIPLAB_KERNEL_CLONE
  if (kernelsUseAvx2Fma()) return abaAvx2Fma(model, data, q, qd, tau, opt);
#endif
  return abaBody(model, data, q, qd, tau, opt);
}

}  // namespace detail

template int aba<double>(const Model&, Data&, const VectorX&, const VectorX&, const VectorX&, const RneaOptions&);

}  // namespace maniplab
