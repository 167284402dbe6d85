#pragma once
// A controller written in Python, driven by the engine like the built-in ones (sim/control/controller.hpp):
// once per control period, with the zero-order hold between periods, f(t, q, qd, q_ref, qd_ref, qdd_ref)
// returns the n output-side joint torques. The engine's thread takes the GIL for each call (the run itself
// releases it). An exception raised by f, or a result that is not n finite torques, stops the run at that
// period (the rows so far are kept) and is reported with its time.
#include <pybind11/pybind11.h>

#include <atomic>
#include <optional>
#include <string>

#include "maniplab/sim/control/controller.hpp"

namespace maniplab::python {

namespace py = pybind11;

class PythonController final : public sim::Controller {
 public:
  /// `f`: a callable, or an object with __call__ (and optionally reset(), called at the start of a run).
  PythonController(py::object f, std::string name);
  ~PythonController() override;

  std::string name() const override { return name_; }
  std::string kind() const override { return "python"; }
  void reset(int dof) override;
  void compute(const sim::ControlInput& in, VectorX& tau) override;

  /// The run's cancel flag: set when f fails, so that the run stops at once.
  void setCancel(std::atomic<bool>* cancel) { cancel_ = cancel; }
  /// After the run, with the GIL: the exception f raised (or a ValueError describing a bad result), and
  /// the time of the period at which it happened; None when f never failed.
  py::object takeError();
  double errorTime() const { return errorTime_; }

 private:
  void fail(double t, py::object exception);

  py::object f_, reset_;
  std::string name_;
  int dof_ = 0;
  std::atomic<bool>* cancel_ = nullptr;
  bool failed_ = false;
  double errorTime_ = 0;
  py::object error_;
};

}  // namespace maniplab::python
