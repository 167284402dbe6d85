#include "maniplab/model/rnea.hpp"

#include "kernel_clone.hpp"

namespace maniplab {

namespace detail {

#if MANIPLAB_KERNEL_CLONE
namespace {
MANIPLAB_AVX2_FMA_KERNEL const VectorX& rneaAvx2Fma(const Model& model, Data& data, const VectorX& q,
                                                    const VectorX& qd, const VectorX& qdd, const RneaOptions& opt,
                                                    const Vector6* wrench) {
  return rneaBody(model, data, q, qd, qdd, opt, wrench);
}
}  // namespace
#endif

template <>
const VectorX& rneaUnchecked<double>(const Model& model, Data& data, const VectorX& q, const VectorX& qd,
                                     const VectorX& qdd, const RneaOptions& opt, const Vector6* wrench) {
#if MANIPLAB_KERNEL_CLONE
  if (kernelsUseAvx2Fma()) return rneaAvx2Fma(model, data, q, qd, qdd, opt, wrench);
#endif
  return rneaBody(model, data, q, qd, qdd, opt, wrench);
}

}  // namespace detail

template const VectorX& rnea<double>(const Model&, Data&, const VectorX&, const VectorX&, const VectorX&,
                                     const RneaOptions&, const Vector6*);

}  // namespace maniplab
