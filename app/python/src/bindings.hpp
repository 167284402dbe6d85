#pragma once
// The parts of the extension module `maniplab._maniplab` (module.cpp puts them together); the package
// `maniplab` (app/python/maniplab/__init__.py) adds the Python-side conveniences and the exceptions.
#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "maniplab/model/robot_file.hpp"

namespace maniplab::python {

namespace py = pybind11;

void bindRobot(py::module_& m);
void bindIdentification(py::module_& m);
void bindScene(py::module_& m);

/// Hands a reader's diagnostics to maniplab._errors.report: raises FileNotFoundError (the file cannot be
/// opened and does not exist), maniplab.FileError (any error; every finding kept in .diagnostics) or
/// issues maniplab.FileWarning for the warnings. `what` names the file or the source.
void reportDiagnostics(const std::vector<Diagnostic>& diagnostics, const std::string& what);
/// Raises maniplab.SingularMassMatrixError(message).
[[noreturn]] void raiseSingular(const std::string& message);

}  // namespace maniplab::python
