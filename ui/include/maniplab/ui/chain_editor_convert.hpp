#pragma once
// Conversion of a robot description between conventions (DH / MDH / general) keeping the same robot:
// same joint axes, same joint variables q, same base and tool poses and the same dynamics (link inertial
// data, geometry origins and rotor axes re-expressed in the new link frames). Used by the chain editor.
#include <string>

#include "maniplab/model/robot_description.hpp"

namespace maniplab::ui {

/// Converts `in` to the convention `to`. Returns false (and sets *why) when the robot cannot be written in
/// that convention (a general placement that has no modified-DH form: the axis of joint i has a
/// component along x_{i-1}).
///   dh -> mdh : MDH joint 1 = (0, 0, theta1, d1), joint i = (alpha_{i-1}, a_{i-1}, theta_i, d_i); the last
///               Tx(a_n)Rx(alpha_n) goes into the tool; link data re-expressed through Tx(a_i)Rx(alpha_i).
///   mdh -> dh : the first Rx(alpha_1)Tx(d_1) goes into the base, a_n = alpha_n = 0.
///   mdh <-> general : the same frames; general placement = Rx(alpha)Tx(d)Tz(r) (revolute, offset theta)
///               or Rx(alpha)Tx(d)Rz(theta) (prismatic, offset r).
bool convertConvention(const RobotDescription& in, Convention to, RobotDescription& out, std::string* why = nullptr);

}  // namespace maniplab::ui
