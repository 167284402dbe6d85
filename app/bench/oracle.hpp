#pragma once
// Common interface of the external libraries the benchmark compares ManipLab with (Orocos KDL, MuJoCo,
// Pinocchio).
// An oracle is built from ManipLab's internal Model (model.hpp: placement_i then a rotation/translation
// about z; body inertia at the CoM in R_i), is given the benchmark states once (converted to its own
// input types outside the timed region), and then exposes one call per algorithm taking a state index.
// Each timed call returns a scalar taken from its output so that the work cannot be optimised away.
// The *Result() accessors convert the last output to ManipLab's layout for the cross-checks (untimed).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "maniplab/model/model.hpp"

namespace maniplab::bench {

struct State {
  VectorX q, qd, qdd, tau;
};

/// An extra timing reported in the notes (not in the main table), e.g. MuJoCo's mj_forward.
struct ExtraTiming {
  std::string algorithm;  ///< "FK", "RNEA", "M", "FD"
  std::string label;
  std::function<double(int)> fn;
};

class Oracle {
 public:
  virtual ~Oracle() = default;
  virtual std::string name() const = 0;
  /// What each timed call does (printed in the notes; the same for every robot).
  virtual std::string describe() const = 0;
  /// How this robot was represented, when it needed anything special ("" otherwise).
  virtual std::string modelNote() const { return {}; }
  virtual void setStates(const std::vector<State>& states) = 0;

  virtual double fk(int s) = 0;                // world <- tool frame
  virtual double rnea(int s) = 0;              // tau(q, qd, qdd) with gravity
  virtual double massMatrix(int s) = 0;        // dense M(q)
  virtual double forwardDynamics(int s) = 0;   // qdd(q, qd, tau) with gravity

  virtual Transform fkResult() const = 0;
  virtual VectorX tauResult() const = 0;
  virtual MatrixX massResult() const = 0;
  virtual VectorX qddResult() const = 0;

  virtual std::vector<ExtraTiming> extras() { return {}; }
};

/// nullptr (and *why set) when the library was not found at configure time or the model is not
/// representable. Defined in kdl_oracle.cpp / mujoco_oracle.cpp.
std::unique_ptr<Oracle> makeKdlOracle(const Model& model, std::string* why);
/// fullInertia: pass body inertias as MJCF fullinertia (MuJoCo diagonalises them itself, less
/// accurately) instead of principal axes (quat + diaginertia) computed by Eigen.
std::unique_ptr<Oracle> makeMujocoOracle(const Model& model, std::string* why, bool fullInertia = false);
/// Pinocchio built from the same Model (pinocchio_oracle.cpp; only when configured with
/// -DMANIPLAB_PINOCCHIO_INCLUDE).
std::unique_ptr<Oracle> makePinocchioOracle(const Model& model, std::string* why);
/// Library versions ("" when absent).
std::string kdlVersion();
std::string mujocoVersion();
std::string pinocchioVersion();

}  // namespace maniplab::bench
