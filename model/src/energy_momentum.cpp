// Energies and momenta (Llibre, Mampey & Chrétien 1983 §III.1 eq 2 and §IV.2; the course notes Dynamique des robots séries §2–3).
#include "maniplab/model/energy_momentum.hpp"

namespace maniplab {
template EnergyMomentum energyMomentum<double>(const Model&, Data&, const VectorX&, const VectorX&);
}  // namespace maniplab
