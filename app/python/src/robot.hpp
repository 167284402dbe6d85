#pragma once
// The Python Robot: a dynamics Model with its own workspace (Data) and argument buffers, so that one call
// from Python allocates nothing but its result array. Methods hold the GIL (each takes well under a
// microsecond); a Robot is not meant to be shared between threads that release the GIL.
#include <optional>
#include <string>
#include <vector>

#include "maniplab/model/coupled_dynamics.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/robot_file.hpp"

namespace maniplab::python {

class PyRobot {
 public:
  /// From a loaded file (the diagnostics are those of the load; errors are the caller's to report).
  explicit PyRobot(RobotLoadResult load);
  /// From a model without a file description (e.g. the identified model).
  PyRobot(const Model& model, std::string origin);

  std::optional<RobotDescription> description;  ///< the file's parameters (none for a derived model)
  Model model;
  std::vector<Diagnostic> diagnostics;  ///< warnings of the load
  std::string origin;                   ///< the file, or what the robot was made from

  Data data;
  VectorX q, qd, qdd, tau;  ///< argument buffers (size nq)
  /// The coupled (mimic) joints' map q = G q_ind + o (coupled_dynamics.hpp; identity without coupling) and
  /// the workspace of the coupled forward dynamics.
  CouplingMap coupling;
  std::optional<CoupledData> coupled;

  /// After a change of the model's size (never in place): data and buffers resized.
  void resize();
};

}  // namespace maniplab::python
