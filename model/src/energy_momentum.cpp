// Energies and momenta (seed 000 §III.1 eq 2 and §IV.2; seed 001 §2–3).
#include "maniplab/model/energy_momentum.hpp"

namespace maniplab {
template EnergyMomentum energyMomentum<double>(const Model&, Data&, const VectorX&, const VectorX&);
}  // namespace maniplab
