#include "arrays.hpp"

#include <cmath>
#include <sstream>

namespace maniplab::python {

Array asArray(const char* function, const char* argument, const py::handle& value) {
  if (value.is_none())
    throw py::type_error(std::string(function) + ": argument '" + argument + "' is None, expected an array of numbers");
  // Fast path (most calls): already a C-contiguous, aligned float64 array in native byte order, taken as it
  // is; NumPy's conversion machinery (PyArray_FromAny) costs more than the dynamics of a small robot.
  PyObject* o = value.ptr();
  const auto& api = py::detail::npy_api::get();
  if (api.PyArray_Check_(o)) {
    const auto* a = py::detail::array_proxy(o);
    const auto* d = py::detail::array_descriptor_proxy(a->descr);
    constexpr int need = py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_ | py::detail::npy_api::NPY_ARRAY_ALIGNED_;
    if (d->type_num == py::detail::npy_api::NPY_DOUBLE_ && (a->flags & need) == need && d->byteorder != '>')
      return py::reinterpret_borrow<Array>(value);
  }
  Array a = Array::ensure(value);
  if (!a) {
    PyErr_Clear();
    throw py::type_error(std::string(function) + ": argument '" + argument + "' must be an array of numbers (got " +
                         std::string(py::str(py::type::handle_of(value).attr("__name__"))) + ")");
  }
  return a;
}

std::string shapeText(const py::array& a) {
  std::ostringstream s;
  s << "(";
  for (py::ssize_t i = 0; i < a.ndim(); ++i) s << (i ? ", " : "") << a.shape(i);
  if (a.ndim() == 1) s << ",";
  s << ")";
  return s.str();
}

void throwShape(const char* function, const char* argument, const Array& a, const std::string& expected,
                const char* meaning) {
  std::string m = std::string(function) + ": argument '" + argument + "' has shape " + shapeText(a) + ", expected " +
                  expected;
  if (meaning && *meaning) m += std::string(" (") + meaning + ")";
  throw py::value_error(m);
}

void checkFinite(const char* function, const char* argument, const double* values, py::ssize_t count,
                 const py::ssize_t* shape, int ndim) {
  for (py::ssize_t i = 0; i < count; ++i) {
    if (std::isfinite(values[i])) [[likely]]
      continue;
    std::ostringstream s;
    s << function << ": argument '" << argument << "' has a non-finite value (" << values[i] << ") at index ";
    if (shape && ndim > 1) {
      // the multi-index of flat index i (C order)
      std::string idx;
      py::ssize_t rest = i;
      for (int d = ndim - 1; d >= 0; --d) {
        idx = std::to_string(rest % shape[d]) + (idx.empty() ? "" : ", ") + idx;
        rest /= shape[d];
      }
      s << "[" << idx << "]";
    } else {
      s << i;
    }
    throw py::value_error(s.str());
  }
}

void readVector(const char* function, const char* argument, const py::handle& value, VectorX& out) {
  const Array a = asArray(function, argument, value);
  const py::ssize_t n = out.size();
  if (a.ndim() != 1 || a.shape(0) != n) {
    // a scalar for a one-joint robot
    if (a.ndim() == 0 && n == 1) {
      checkFinite(function, argument, a.data(), 1);
      out[0] = a.data()[0];
      return;
    }
    throwShape(function, argument, a, "(" + std::to_string(n) + ",)", "one value per joint");
  }
  const double* p = a.data();
  checkFinite(function, argument, p, n);
  for (py::ssize_t i = 0; i < n; ++i) out[i] = p[i];
}

py::array_t<double> newArray(int nd, const py::ssize_t* dims) {
  const auto& api = py::detail::npy_api::get();
  PyObject* descr = api.PyArray_DescrFromType_(py::detail::npy_api::NPY_DOUBLE_);  // stolen by the next call
  PyObject* a = api.PyArray_NewFromDescr_(api.PyArray_Type_, descr, nd, dims, nullptr, nullptr, 0, nullptr);
  if (!a) throw py::error_already_set();
  return py::reinterpret_steal<py::array_t<double>>(a);
}

py::array_t<double> toArray(const VectorX& v) {
  py::array_t<double> out = newVector(v.size());
  double* p = out.mutable_data();
  for (Eigen::Index i = 0; i < v.size(); ++i) p[i] = v[i];
  return out;
}

}  // namespace maniplab::python
