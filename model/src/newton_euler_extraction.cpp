#include "maniplab/model/newton_euler_extraction.hpp"

namespace maniplab {
template const MatrixX& massMatrixNewtonEuler<double>(const Model&, Data&, const VectorX&);
template const VectorX& gravityVector<double>(const Model&, Data&, const VectorX&);
template const VectorX& nonLinearEffects<double>(const Model&, Data&, const VectorX&, const VectorX&, bool);
}
