// The extension module maniplab._maniplab (pybind11): the dynamics core (model/), base parameters and
// identification, and the scenes of every kind with their runs (sim/), for Python and notebooks. The
// package maniplab (maniplab/__init__.py) re-exports it with its Python-side conveniences.
#include <pybind11/stl.h>

#include "bindings.hpp"

#ifndef MANIPLAB_VERSION
#error "MANIPLAB_VERSION must be defined by the build (the project's version)"
#endif

namespace maniplab::python {

void reportDiagnostics(const std::vector<Diagnostic>& diagnostics, const std::string& what) {
  if (diagnostics.empty()) return;
  py::module_::import("maniplab._errors").attr("report")(py::cast(diagnostics), what);
}

}  // namespace maniplab::python

PYBIND11_MODULE(_maniplab, m) {
  namespace mp = maniplab::python;
  // Every docstring starts with its Python signature, written for a reader (pybind11's own would say
  // "handle" for the arrays).
  pybind11::options options;  // for the definitions below
  options.disable_function_signatures();
  m.doc() = "ManipLab's C++ core (model/, sim/) bound for Python; import the package `maniplab`, not this module.";
  m.attr("__version__") = MANIPLAB_VERSION;
  mp::bindRobot(m);
  mp::bindIdentification(m);
  mp::bindScene(m);
}
