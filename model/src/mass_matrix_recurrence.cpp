#include "maniplab/model/mass_matrix_recurrence.hpp"

namespace maniplab {
template const MatrixX& massMatrixRecurrence<double>(const Model&, Data&, const VectorX&, bool);
}
