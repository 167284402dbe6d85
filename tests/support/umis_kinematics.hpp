#pragma once
// The UMIS kinematic set (umis.md §2, Annex XII: standard DH, d6 includes the tool) with placeholder
// inertias, for kinematics tests that must not depend on robots/umis.json.
#include <cmath>

#include "maniplab/model/robot_description.hpp"

namespace maniplab::testing {

inline RobotDescription umisKinematics() {
  RobotDescription d;
  d.name = "UMIS kinematics";
  const double alpha[6] = {M_PI / 2, 0, M_PI / 2, M_PI / 2, M_PI / 2, 0};
  const double a[6] = {0, 0.570, 0, 0, 0, 0};
  const double dd[6] = {0.454, 0, -0.0385, 0.6755, 0, 0.27628};
  for (int i = 0; i < 6; ++i) {
    JointDescription j;
    j.alpha = alpha[i];
    j.a = a[i];
    j.d = dd[i];
    j.link.mass = 1;
    j.link.inertia = Matrix3::Identity() * 0.01;
    d.joints.push_back(j);
  }
  return d;
}

}  // namespace maniplab::testing
