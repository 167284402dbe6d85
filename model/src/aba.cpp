#include "maniplab/model/aba.hpp"

namespace maniplab {
template int aba<double>(const Model&, Data&, const VectorX&, const VectorX&, const VectorX&, const RneaOptions&);
}
