#include "maniplab/model/forward_dynamics_cholesky.hpp"

namespace maniplab {
template int forwardDynamicsCholesky<double>(const Model&, Data&, const VectorX&, const VectorX&, const VectorX&,
                                             const RneaOptions&);
}
