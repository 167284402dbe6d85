// The identified model handed to the model-based controllers (identification.hpp, identifiedModel): the
// standard parameters corrected by the least-norm change that reproduces the identified base parameters
// (Belkoura 1993 (2.13)–(2.17): pi_B = K pi; any pi with K pi = pi_B gives the same dynamic model).
#include <stdexcept>
#include <string>

#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/identification.hpp"

namespace maniplab::sim {

Model identifiedModel(const Model& model, const BaseParameterSet& base, const VectorX& estimate) {
  if (estimate.size() != base.count())
    throw std::invalid_argument("identifiedModel: " + std::to_string(estimate.size()) + " identified values for " +
                                std::to_string(base.count()) + " base parameters");
  const VectorX pi0 = standardParameters(model).values;
  if (base.K.cols() != pi0.size())
    throw std::invalid_argument("identifiedModel: the base parameters are those of a model with " +
                                std::to_string(base.K.cols()) + " standard parameters, this one has " +
                                std::to_string(pi0.size()));
  const VectorX pi = pi0 + base.Kpinv * (estimate - base.K * pi0);
  Model m = model;
  applyStandardParameters(m, pi);
  return m;
}

}  // namespace maniplab::sim
