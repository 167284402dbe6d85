#include "maniplab/model/forward_kinematics.hpp"

namespace maniplab {
template void forwardKinematics<double>(const Model&, Data&, const VectorX&);
}
