// Energies and momenta (Llibre, Mampey & Chrétien 1983 §III.1 eq 2 and §IV.2; the course notes Dynamique des robots séries §2–3), baseline and AVX2 + FMA.
#include "maniplab/model/energy_momentum.hpp"

#include "kernel_clone.hpp"

namespace maniplab {

namespace detail {

#if MANIPLAB_KERNEL_CLONE
namespace {
MANIPLAB_AVX2_FMA_KERNEL EnergyMomentum energyMomentumAvx2Fma(const Model& model, Data& data, const VectorX& q,
                                                              const VectorX& qd) {
  return energyMomentumBody(model, data, q, qd);
}
}  // namespace
#endif

template <>
EnergyMomentum energyMomentumUnchecked<double>(const Model& model, Data& data, const VectorX& q, const VectorX& qd) {
#if MANIPLAB_KERNEL_CLONE
  if (kernelsUseAvx2Fma()) return energyMomentumAvx2Fma(model, data, q, qd);
#endif
  return energyMomentumBody(model, data, q, qd);
}

}  // namespace detail

template EnergyMomentum energyMomentum<double>(const Model&, Data&, const VectorX&, const VectorX&);

}  // namespace maniplab
