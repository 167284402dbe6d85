#pragma once
// NumPy <-> Eigen at the module's boundary. Arguments are read where they lie (a C-contiguous float64 array
// is not copied; a list or an array of another type is converted once by NumPy) and checked: the shape
// (named by the function and the argument, as the C++ core's argument checks do) and finiteness (NaN or
// infinity is an error naming the index). Results are new NumPy arrays filled in place.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>

#include "maniplab/model/fwd.hpp"

namespace maniplab::python {

namespace py = pybind11;

using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// The argument as a C-contiguous float64 array (no copy when it already is one). Throws TypeError naming
/// the function and the argument when it is not numeric.
Array asArray(const char* function, const char* argument, const py::handle& value);

/// Checks that every value is finite; throws ValueError "<function>: argument '<argument>' has a
/// non-finite value (nan) at index 3" otherwise.
void checkFinite(const char* function, const char* argument, const double* values, py::ssize_t count,
                 const py::ssize_t* shape = nullptr, int ndim = 1);

/// Throws ValueError "<function>: argument '<argument>' has shape (5,), expected (6,) (<meaning>)".
[[noreturn]] void throwShape(const char* function, const char* argument, const Array& a, const std::string& expected,
                             const char* meaning);

/// A 1-D argument of exactly n finite values, copied into `out` (pre-sized to n; no allocation).
void readVector(const char* function, const char* argument, const py::handle& value, VectorX& out);
/// The same for a fixed-size vector (e.g. 3 for gravity, 6 for a wrench).
template <int N> void readFixed(const char* function, const char* argument, const py::handle& value,
                                Eigen::Matrix<double, N, 1>& out) {
  const Array a = asArray(function, argument, value);
  if (a.ndim() != 1 || a.shape(0) != N) throwShape(function, argument, a, "(" + std::to_string(N) + ",)", "");
  checkFinite(function, argument, a.data(), N);
  for (int i = 0; i < N; ++i) out[i] = a.data()[i];
}

/// A new, uninitialised C-ordered float64 array of `nd` dimensions (NumPy's C API directly: pybind11's
/// array constructor builds its shape and strides in heap vectors, a noticeable part of a small call).
py::array_t<double> newArray(int nd, const py::ssize_t* dims);
inline py::array_t<double> newVector(py::ssize_t n) { return newArray(1, &n); }
inline py::array_t<double> newMatrix(py::ssize_t rows, py::ssize_t cols) {
  const py::ssize_t d[2] = {rows, cols};
  return newArray(2, d);
}

/// A new 1-D array holding v.
py::array_t<double> toArray(const VectorX& v);
/// A new C-ordered 2-D array holding m (any Eigen matrix expression of doubles).
template <typename M> py::array_t<double> toArray2(const M& m) {
  py::array_t<double> out = newMatrix(py::ssize_t(m.rows()), py::ssize_t(m.cols()));
  Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(out.mutable_data(), m.rows(),
                                                                                       m.cols()) = m;
  return out;
}

/// Shape text "(2, 6)" of an array.
std::string shapeText(const py::array& a);

}  // namespace maniplab::python
