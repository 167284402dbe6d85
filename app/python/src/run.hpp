#pragma once
// A finished run as Python sees it (maniplab.Run): the scene kind's SceneRun (result, metrics, recorder),
// the trace as one NumPy array built once on first use, and what the Python layer needs besides (the
// exception a Python controller raised, the bus statistics of an EtherCAT run).
#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "maniplab/sim/scene_kind.hpp"

namespace maniplab::python {

namespace py = pybind11;

struct PyRun {
  sim::SceneRun run;
  std::string sceneFile, robotFile;  ///< provenance
  std::vector<std::string> limitEvents;  ///< the joint-limit passages in words
  py::object array;            ///< (rows, 1 + channels), column-major, read-only; built on first use
  py::object controllerError;  ///< the exception a Python controller raised (None otherwise)
  py::object ethercat;         ///< the bus statistics after an EtherCAT run (None otherwise)
};

}  // namespace maniplab::python
