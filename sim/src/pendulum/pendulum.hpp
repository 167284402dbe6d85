#pragma once
// The scene kind "pendulum" (a teaching kind; scene_kind.hpp): a simple pendulum — a point mass m on a
// massless rod of length l, swinging about a horizontal axis, with viscous and Coulomb friction at the
// pivot and an optional torque limit — driven by the joint-space controllers of the serial scenes.
// Equation of motion (Landau & Lifshitz 1976, §11 problem 1, with friction and the torque tau added):
//   m l^2 theta'' = tau - m g l sin(theta) - b theta' - c sign(theta'),  theta = 0 hanging down.
// Its free swings are compared with the closed-form periods: small angles T0 = 2 pi sqrt(l / g); any
// amplitude theta_max < pi, T = 4 sqrt(l / g) K(sin(theta_max / 2)) (K: complete elliptic integral of the
// first kind, modulus k).
//
// The kind's one folder: this header, scene.cpp (the file: reader, writer, the equivalent one-joint serial
// robot) and kind.cpp (the kind, its runs and the period analysis). The joint-space part of its files
// (trajectory, initial state, controllers, rates, stepper, record) is the serial scenes' (scenes/README.md)
// and its runs are the engine's on the equivalent one-joint robot, so the GUI edits, draws and runs it
// through AnyScene's generic capabilities (jointSpaceScene, serialRobot); its GUI binding
// (ui/src/kinds/pendulum.cpp) adds only the editor of these parameters.
//
// File (scenes/pendulum.json):
//   {"format": "maniplab-scene", "version": 1, "kind": "pendulum", "name": ..., "description": ...,
//    "pendulum": {"length": 1.0, "mass": 1.0, "gravity": 9.81, "viscous_friction": 0.0,
//                 "coulomb_friction": 0.0, "max_torque": 50},      // m, kg, m/s^2, N m s/rad, N m, N m
//    "initial_state": {"q": 1.0472, "qd": 0}, "trajectory": {...}, "duration": 6,
//    "rates": {...}, "integrator": {...}, "plant": {...}, "controllers": [...], "record": [...]}
// World frame z up; the pivot at (0, 0, 1.25 l) (above the floor z = 0), its axis along y; theta = 0
// hanging down (-z).
#include <string>

#include "maniplab/sim/scene.hpp"

namespace maniplab::sim::pendulum {

struct Parameters {
  double length = 1.0;          ///< l [m]
  double mass = 1.0;            ///< m [kg]
  double gravity = 9.81;        ///< g [m/s^2], along -z
  double viscous = 0.0;         ///< b [N m s/rad]
  double coulomb = 0.0;         ///< c [N m]
  double maxTorque = 1e300;     ///< |tau| limit [N m] (applied when the plant saturates torques)
};

struct PendulumScene {
  std::string file, name, description;
  Parameters pendulum;
  Scene joints;  ///< the joint-space scene on the equivalent robot (its robot = robot(pendulum))
};

/// The pendulum as a one-joint serial robot (standard DH, a = l, the point mass at the end of the rod).
RobotLoadResult robot(const Parameters& p, const std::string& file);

SceneLoad parse(const std::string& text, const std::string& fileName, const std::string& baseDir);
nlohmann::json toJson(const PendulumScene& scene);
std::shared_ptr<AnyScene> makeScene(PendulumScene scene);

/// Closed-form periods [s]: small angles, and the exact one for an amplitude theta_max in [0, pi)
/// (infinite at pi and beyond: the pendulum turns over).
double smallAnglePeriod(const Parameters& p);
double exactPeriod(const Parameters& p, double amplitude);
/// The amplitude the initial state gives a frictionless free swing: cos(theta_max) = cos(theta_0) -
/// l theta_0'^2 / (2 g); >= pi when it turns over.
double freeAmplitude(const Parameters& p, double theta0, double thetaDot0);
/// The mean period of a recorded angle: the mean interval between successive upward crossings of its
/// mean value (linear interpolation); NaN with fewer than two crossings.
double measuredPeriod(const std::vector<double>& t, const std::vector<double>& theta);

}  // namespace maniplab::sim::pendulum
