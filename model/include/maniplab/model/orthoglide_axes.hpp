#pragma once
// Internal helper of the Orthoglide files: the axes (u, w, s) of chain i as columns in R_0 (derived from
// Guégan, Khalil, Chablat & Wenger 2002 table 1: s along actuator i; (x, y, z), (y, z, x), (z, x, y) for chains 1, 2, 3).
#include "maniplab/model/fwd.hpp"

namespace maniplab::orthoglide_detail {

inline Matrix3 chainAxes(int i) {
  Matrix3 R;
  if (i == 0) R = Matrix3::Identity();
  else if (i == 1) R << 0, 0, 1, 1, 0, 0, 0, 1, 0;   // u = y, w = z, s = x
  else R << 0, 1, 0, 0, 0, 1, 1, 0, 0;               // u = z, w = x, s = y
  return R;
}

}  // namespace maniplab::orthoglide_detail
