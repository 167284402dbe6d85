// Base inertial parameters, the regressor and identification (Belkoura 1993) for Python: the names,
// expressions and values of a robot's base parameters, its inverse-dynamics regressor, identification from a
// run or a CSV trace, and the identified model that a scene's computed-torque controller can use.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "arrays.hpp"
#include "bindings.hpp"
#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "maniplab/sim/identification/identification.hpp"
#include "robot.hpp"
#include "run.hpp"

namespace maniplab::python {

namespace {

/// A base-parameter set with the values it takes on the robot it was computed for.
struct PyBaseParameters {
  BaseParameterSet set;
  VectorX values;   ///< K pi of the robot
  std::string method;
};

/// An identification's result and what it needs to give the identified model.
struct PyIdentification {
  sim::IdentificationResult result;
  std::shared_ptr<PyBaseParameters> base;
  Model model;  ///< the robot's model (before identification)
  std::string robotName;
};

std::shared_ptr<PyBaseParameters> baseParameters(const PyRobot& r, const std::string& method, bool actuators) {
  auto p = std::make_shared<PyBaseParameters>();
  p->method = method;
  if (method == "rules") {
    BaseParameterOptions o;
    o.actuators = actuators;
    p->set = symbolicBaseParameters(r.model, o);
  } else if (method == "qr") {
    NumericBaseOptions o;
    o.actuators = actuators;
    p->set = numericBaseParameters(r.model, o);
  } else {
    throw py::value_error("base_parameters: method must be 'rules' (Belkoura 1993's regrouping rules) or 'qr' "
                          "(QR with column pivoting of the stacked regressor) (got '" + method + "')");
  }
  p->values = p->set.values(standardParameters(r.model).values);
  return p;
}

sim::IdentificationTrace traceFromDict(const py::dict& d, int n) {
  sim::IdentificationTrace t;
  t.source = "trace dict";
  auto matrix = [&](const char* key, MatrixX& out, bool required) {
    if (!d.contains(key) || d[key].is_none()) {
      if (required) throw py::value_error(std::string("identify: the trace dict has no '") + key + "' (samples x n)");
      return false;
    }
    const Array a = asArray("identify", key, d[key]);
    if (a.ndim() != 2 || a.shape(1) != n)
      throwShape("identify", key, a, "(N, " + std::to_string(n) + ")", "one row per sample, one column per joint");
    out = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(a.data(), a.shape(0), n);
    return true;
  };
  if (!d.contains("t")) throw py::value_error("identify: the trace dict has no 't' (sample times)");
  const Array ta = asArray("identify", "t", d["t"]);
  if (ta.ndim() != 1) throwShape("identify", "t", ta, "(N,)", "sample times");
  t.t = Eigen::Map<const VectorX>(ta.data(), ta.shape(0));
  matrix("q", t.q, true);
  matrix("tau", t.tau, true);
  t.hasQd = matrix("qd", t.qd, false);
  t.hasQdd = matrix("qdd", t.qdd, false);
  for (const auto* m : {&t.q, &t.tau, &t.qd, &t.qdd})
    if (m->size() && m->rows() != t.t.size())
      throw py::value_error("identify: the trace's arrays must have one row per time of 't' (" + std::to_string(t.t.size()) +
                            "), one has " + std::to_string(m->rows()));
  return t;
}

/// maniplab.BaseParameters: names, expressions and values of the base parameters (Belkoura 1993).
void bindBaseParameters(py::module_& m) {
  py::class_<PyBaseParameters, std::shared_ptr<PyBaseParameters>> b(
      m, "BaseParameters",
      R"doc(The base (minimal) inertial parameters of a robot (Belkoura 1993 ch. II): each a linear combination of
the 14 standard parameters per joint (XX XY XZ YY YZ ZZ MX MY MZ M Ia Fv Fs Fsa, in the modified-DH frames of
Khalil & Kleinfinger), pi_B = K pi, so that tau = Y pi = Y_B pi_B. From Robot.base_parameters().)doc");
  b.def_property_readonly("names", [](const PyBaseParameters& p) { return p.set.names(); },
                          "e.g. 'ZZR1' (R: regrouped), 'XXR4', 'MX3'")
      .def_property_readonly("expressions", [](const PyBaseParameters& p) {
        std::vector<std::string> e;
        for (const auto& x : p.set.params) e.push_back(x.expression);
        return e;
      }, "each in standard-parameter names, e.g. 'ZZ1 + ZZ2 + XX3 + YY4'")
      .def_property_readonly("values", [](const PyBaseParameters& p) { return toArray(p.values); },
                             "the values on the robot they were computed for (K pi)")
      .def_property_readonly("K", [](const PyBaseParameters& p) { return toArray2(p.set.K); },
                             "(count, 14 n): rows = the coefficients over the standard parameters")
      .def_property_readonly("K_pinv", [](const PyBaseParameters& p) { return toArray2(p.set.Kpinv); },
                             "(14 n, count): Y_B = Y K_pinv")
      .def_property_readonly("count", [](const PyBaseParameters& p) { return p.set.count(); })
      .def_property_readonly("method", [](const PyBaseParameters& p) { return p.method; })
      .def_property_readonly("notes", [](const PyBaseParameters& p) { return p.set.notes; })
      .def_property_readonly("rules_minimal", [](const PyBaseParameters& p) { return p.set.check.rulesMinimal; },
                             "the grouping rules alone gave a minimal set (checked against the regressor's rank)")
      .def_property_readonly("numeric_rank", [](const PyBaseParameters& p) { return p.set.check.numericRank; })
      .def("__len__", [](const PyBaseParameters& p) { return p.set.count(); })
      .def("__repr__", [](const PyBaseParameters& p) {
        return "<maniplab.BaseParameters: " + std::to_string(p.set.count()) + " (" + p.method + ")>";
      });

  auto robot = py::reinterpret_borrow<py::class_<PyRobot>>(m.attr("Robot"));
  robot.def("base_parameters", &baseParameters, py::arg("method") = "rules", py::arg("actuators") = true,
            R"doc(base_parameters(method='rules', actuators=True) -> BaseParameters

'rules': the regrouping rules of Belkoura 1993 (named, with their expressions), checked against the rank of
the regressor and completed to a minimal set where the rules alone miss a dependency; 'qr': QR with column
pivoting of the regressor stacked over random states (Belkoura 1993 (2.13)–(2.17)). `actuators` includes
Ia, Fv, Fs (and Fsa of joints with asymmetric Coulomb friction).)doc");
  robot.def("standard_parameters", [](const PyRobot& r) {
    const StandardParameters s = standardParameters(r.model);
    py::dict d;
    d["names"] = standardParameterNames(r.model.nq);
    d["values"] = toArray(s.values);
    d["warnings"] = s.warnings;
    return d;
  }, R"doc(standard_parameters() -> dict(names, values, warnings)

The 14 n standard parameters (XX XY XZ YY YZ ZZ MX MY MZ M about the link frame's origin, Ia = gear^2 j_m,
Fv, Fs, Fsa per joint), in the modified-DH frames of Khalil & Kleinfinger (a DH file is re-framed).)doc");
  robot.def("regressor", [](PyRobot& r, const py::handle& q, const py::handle& qd, const py::handle& qdd,
                            const std::shared_ptr<PyBaseParameters>& base, bool friction, bool gravity) {
    readVector("regressor", "q", q, r.q);
    readVector("regressor", "qd", qd, r.qd);
    readVector("regressor", "qdd", qdd, r.qdd);
    MatrixX Y;
    RegressorOptions o;
    o.friction = friction;
    o.gravity = gravity;
    inverseDynamicsRegressor(r.model, r.q, r.qd, r.qdd, Y, o);
    if (base) {
      if (base->set.Kpinv.rows() != Y.cols())
        throw py::value_error("regressor: the base parameters are those of another robot (" +
                              std::to_string(base->set.Kpinv.rows()) + " standard parameters, this one has " +
                              std::to_string(Y.cols()) + ")");
      return toArray2(Y * base->set.Kpinv);
    }
    return toArray2(Y);
  }, py::arg("q"), py::arg("qd"), py::arg("qdd"), py::arg("base") = nullptr, py::kw_only(), py::arg("friction") = true,
     py::arg("gravity") = true, R"doc(regressor(q, qd, qdd, base=None, *, friction=True, gravity=True) -> Y

The inverse-dynamics regressor (Belkoura 1993 (1.44)): rnea(q, qd, qdd) = Y @ standard_parameters()['values'],
Y of shape (n, 14 n); with `base` (a BaseParameters) the base regressor Y_B = Y K_pinv (n, count), so that
tau = Y_B @ base.values.)doc");

}

/// maniplab.Identification: the result of an identification.
void bindIdentificationResult(py::module_& m) {
  py::class_<PyIdentification, std::shared_ptr<PyIdentification>> id(
      m, "Identification",
      R"doc(The result of maniplab.identify(): the identified base parameters (Belkoura 1993 ch. III) with their
standard deviations, the fit per joint, and `robot`: the robot whose dynamics are those identified, for a
scene's computed-torque controller (Scene.run(..., controller_model=ident.robot)).)doc");
  id.def_property_readonly("model_kind", [](const PyIdentification& i) { return i.result.model; }, "'dynamic' or 'energy'")
      .def_property_readonly("names", [](const PyIdentification& i) {
        std::vector<std::string> n;
        for (const auto& p : i.result.params) n.push_back(p.name);
        return n;
      })
      .def_property_readonly("expressions", [](const PyIdentification& i) {
        std::vector<std::string> n;
        for (const auto& p : i.result.params) n.push_back(p.expression);
        return n;
      })
      .def_property_readonly("values", [](const PyIdentification& i) { return toArray(i.result.estimate); },
                             "the identified base parameters")
      .def_property_readonly("std", [](const PyIdentification& i) {
        VectorX s(i.result.params.size());
        for (std::size_t k = 0; k < i.result.params.size(); ++k) s[Eigen::Index(k)] = i.result.params[k].stdDev;
        return toArray(s);
      }, "their standard deviations")
      .def_property_readonly("relative_std_percent", [](const PyIdentification& i) {
        VectorX s(i.result.params.size());
        for (std::size_t k = 0; k < i.result.params.size(); ++k) s[Eigen::Index(k)] = i.result.params[k].relStdDevPercent;
        return toArray(s);
      })
      .def_property_readonly("true_values", [](const PyIdentification& i) { return toArray(i.base->values); },
                             "the base parameters of the robot given to identify() (the truth for a simulated trace)")
      .def_property_readonly("condition_number", [](const PyIdentification& i) { return i.result.conditionNumber; })
      .def_property_readonly("condition_number_scaled", [](const PyIdentification& i) { return i.result.conditionNumberScaled; })
      .def_property_readonly("relative_residual", [](const PyIdentification& i) { return i.result.relativeResidual; })
      .def_property_readonly("rows", [](const PyIdentification& i) { return i.result.rows; })
      .def_property_readonly("samples_used", [](const PyIdentification& i) { return i.result.samplesUsed; })
      .def_property_readonly("t_fit", [](const PyIdentification& i) { return toArray(i.result.tFit); })
      .def_property_readonly("tau_measured", [](const PyIdentification& i) { return toArray2(i.result.tauMeasured); },
                             "(samples, n): the measured (filtered or held) torques")
      .def_property_readonly("tau_predicted", [](const PyIdentification& i) { return toArray2(i.result.tauPredicted); },
                             "(samples, n): the torques of the identified model")
      .def_property_readonly("joint_relative_error", [](const PyIdentification& i) {
        VectorX e(i.result.joints.size());
        for (std::size_t k = 0; k < i.result.joints.size(); ++k) e[Eigen::Index(k)] = i.result.joints[k].relError;
        return toArray(e);
      }, "per joint: RMS torque error / RMS measured torque")
      .def_property_readonly("notes", [](const PyIdentification& i) { return i.result.notes; })
      .def_property_readonly("robot", [](const PyIdentification& i) {
        return std::make_unique<PyRobot>(sim::identifiedModel(i.model, i.base->set, i.result.estimate),
                                         i.robotName + " (identified)");
      }, R"doc(The robot with the identified dynamics: its standard parameters moved by the least-norm change that gives the
identified base parameters (pi = pi0 + K^+ (pi_B - K pi0)); hand it to Scene.run(controller_model=...).)doc")
      .def("__repr__", [](const PyIdentification& i) {
        return "<maniplab.Identification: " + i.result.model + " model, " + std::to_string(i.result.cols) +
               " base parameters, condition number " + std::to_string(i.result.conditionNumber) + ">";
      });

}

/// _identify: identification from a trace (the Python function identify wraps it).
void bindIdentify(py::module_& m) {
  m.def("_identify", [](PyRobot& robot, const py::handle& trace, const std::string& kind,
                        const std::shared_ptr<PyBaseParameters>& baseIn, double cutoffHz, bool weighted,
                        double velocityThreshold) {
    const int n = robot.model.nq;
    sim::IdentificationTrace t;
    try {  // the trace readers' errors name the file, the line and column or the missing column
      if (py::isinstance<py::str>(trace)) {
        t = sim::readIdentificationTrace(trace.cast<std::string>(), n);
      } else if (py::isinstance<PyRun>(trace)) {
        const PyRun& run = trace.cast<const PyRun&>();
        t = sim::traceFromRecorder(*run.run.recorder, n, "run " + run.run.name);
      } else if (py::isinstance<py::dict>(trace)) {
        t = traceFromDict(trace.cast<py::dict>(), n);
      } else {
        throw py::type_error("identify: trace must be a Run, the path of a CSV trace or a dict of arrays (t, q, "
                             "tau, optionally qd, qdd)");
      }
    } catch (const py::builtin_exception&) {
      throw;  // already a Python exception (TypeError, ValueError naming the argument)
    } catch (const std::runtime_error& e) {
      throw py::value_error(e.what());
    }
    auto out = std::make_shared<PyIdentification>();
    out->base = baseIn ? baseIn : baseParameters(robot, "rules", true);
    if (out->base->set.K.cols() != 14 * n)
      throw py::value_error("identify: the base parameters are those of another robot");
    sim::IdentificationOptions o;
    if (kind == "energy") o.model = sim::IdentificationModel::Energy;
    else if (kind != "dynamic")
      throw py::value_error("identify: model must be 'dynamic' or 'energy' (got '" + kind + "')");
    o.cutoffHz = cutoffHz;
    o.weighted = weighted;
    o.velocityThreshold = velocityThreshold;
    const VectorX truth = standardParameters(robot.model).values;
    try {
      py::gil_scoped_release release;
      out->result = sim::identify(robot.model, t, out->base->set, o, &truth);
    } catch (const std::runtime_error& e) {
      throw py::value_error(e.what());  // bad data (names the column/row) or a trace that does not excite
    }
    out->model = robot.model;
    out->robotName = robot.model.name;
    return out;
  }, py::arg("robot"), py::arg("trace"), py::arg("model") = "dynamic", py::arg("base") = nullptr,
     py::arg("cutoff_hz") = -1.0, py::arg("weighted") = true, py::arg("velocity_threshold") = 0.02);
}

}  // namespace

void bindIdentification(py::module_& m) {
  bindBaseParameters(m);
  bindIdentificationResult(m);
  bindIdentify(m);
}

}  // namespace maniplab::python
