#include "maniplab/model/rnea.hpp"

namespace maniplab {
template const VectorX& rnea<double>(const Model&, Data&, const VectorX&, const VectorX&, const VectorX&,
                                     const RneaOptions&, const Vector6*);
}
