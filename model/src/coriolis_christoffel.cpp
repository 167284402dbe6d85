// Christoffel symbols and C(q, qd) (the course notes Dynamique des robots séries §4).
#include "maniplab/model/coriolis_christoffel.hpp"

namespace maniplab {
template void massMatrixDerivatives<double>(const Model&, Data&, const VectorX&);
template const MatrixX& coriolisMatrix<double>(const Model&, Data&, const VectorX&, const VectorX&);
}  // namespace maniplab
