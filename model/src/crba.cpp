#include "maniplab/model/crba.hpp"

namespace maniplab {
template const MatrixX& crba<double>(const Model&, Data&, const VectorX&, bool);
}
