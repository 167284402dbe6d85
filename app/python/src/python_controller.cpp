#include "python_controller.hpp"

#include <cmath>
#include <sstream>

#include "arrays.hpp"

namespace maniplab::python {

PythonController::PythonController(py::object f, std::string name) : f_(std::move(f)), name_(std::move(name)) {
  if (py::hasattr(f_, "reset")) reset_ = f_.attr("reset");  // an object with reset() (state to clear)
}

PythonController::~PythonController() {
  // The engine may drop its reference in its own thread: Python objects are released with the GIL.
  py::gil_scoped_acquire gil;
  f_ = py::object();
  reset_ = py::object();
  error_ = py::object();
}

void PythonController::fail(double t, py::object exception) {
  if (failed_) return;
  failed_ = true;
  errorTime_ = t;
  error_ = std::move(exception);
  if (cancel_) cancel_->store(true);
}

void PythonController::reset(int dof) {
  dof_ = dof;
  failed_ = false;
  py::gil_scoped_acquire gil;
  error_ = py::object();
  if (!reset_) return;
  try {
    reset_();
  } catch (py::error_already_set& e) {
    fail(0, e.value());
  }
}

void PythonController::compute(const sim::ControlInput& in, VectorX& tau) {
  if (failed_) {
    tau.setZero();
    return;
  }
  py::gil_scoped_acquire gil;
  try {
    const py::object r = f_(in.t, toArray(*in.q), toArray(*in.qd), toArray(in.ref->q), toArray(in.ref->qd),
                            toArray(in.ref->qdd));
    const Array a = Array::ensure(r);
    if (!a) {
      PyErr_Clear();
      throw py::value_error("the controller returned " + std::string(py::str(py::type::handle_of(r).attr("__name__"))) +
                            ", expected an array of " + std::to_string(dof_) + " joint torques");
    }
    const bool scalar = a.ndim() == 0 && dof_ == 1;
    if (!scalar && (a.ndim() != 1 || a.shape(0) != dof_))
      throw py::value_error("the controller returned an array of shape " + shapeText(a) + ", expected (" +
                            std::to_string(dof_) + ",): one torque per joint");
    const double* p = a.data();
    for (int i = 0; i < dof_; ++i) {
      if (!std::isfinite(p[i])) {
        std::ostringstream s;
        s << "the controller returned a non-finite torque (" << p[i] << ") for joint " << i + 1;
        throw py::value_error(s.str());
      }
      tau[i] = p[i];
    }
  } catch (py::error_already_set& e) {
    tau.setZero();
    fail(in.t, e.value());
  } catch (const py::builtin_exception& e) {
    tau.setZero();
    e.set_error();
    py::error_already_set err;
    fail(in.t, err.value());
  }
}

py::object PythonController::takeError() {
  py::object e = std::move(error_);
  error_ = py::object();
  return e ? e : py::none();
}

}  // namespace maniplab::python
