// Geometric Jacobian and J̇q̇ (the course notes Dynamique des robots séries §3 and §5; Zanaboni 2009 eqs 4.1–4.6 and 6.8).
#include "maniplab/model/jacobian.hpp"

namespace maniplab {
template void computeJacobian<double>(const Model&, Data&, JacobianFrame);
template Vector6 jacobianDotTimesQdot<double>(const Model&, const Data&, const VectorX&);
}  // namespace maniplab
