#pragma once
// Common fixed-size Eigen types of the dynamics core. Every algorithm is templated on its scalar type S
// (double in the application; forward-mode dual numbers for exact derivatives; a counting scalar for
// operation counts), following Pinocchio's ModelTpl/DataTpl design.
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace maniplab {

template <typename S> using Vector3T = Eigen::Matrix<S, 3, 1>;
template <typename S> using Matrix3T = Eigen::Matrix<S, 3, 3>;
template <typename S> using Vector6T = Eigen::Matrix<S, 6, 1>;
template <typename S> using VectorXT = Eigen::Matrix<S, Eigen::Dynamic, 1>;
template <typename S> using MatrixXT = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;
template <typename S> using Matrix6XT = Eigen::Matrix<S, 6, Eigen::Dynamic>;

using Vector3 = Vector3T<double>;
using Matrix3 = Matrix3T<double>;
using Vector6 = Vector6T<double>;
using VectorX = VectorXT<double>;
using MatrixX = MatrixXT<double>;
using Matrix6X = Matrix6XT<double>;

/// Skew (cross-product) matrix: skew(v) * w == v.cross(w).
template <typename S> Matrix3T<S> skew(const Vector3T<S>& v) {
  Matrix3T<S> m;
  m << S(0), -v.z(), v.y(), v.z(), S(0), -v.x(), -v.y(), v.x(), S(0);
  return m;
}

/// A rigid transform (rotation R, translation p): x_parent = R x_child + p.
template <typename S> struct TransformT {
  Matrix3T<S> R = Matrix3T<S>::Identity();
  Vector3T<S> p = Vector3T<S>::Zero();

  TransformT operator*(const TransformT& o) const { return {R * o.R, R * o.p + p}; }
  Vector3T<S> apply(const Vector3T<S>& x) const { return R * x + p; }
  TransformT inverse() const { return {R.transpose(), -(R.transpose() * p)}; }
  Eigen::Matrix<S, 4, 4> matrix() const {
    Eigen::Matrix<S, 4, 4> m = Eigen::Matrix<S, 4, 4>::Identity();
    m.template topLeftCorner<3, 3>() = R;
    m.template topRightCorner<3, 1>() = p;
    return m;
  }
  template <typename T> TransformT<T> cast() const { return {R.template cast<T>(), p.template cast<T>()}; }
};
using Transform = TransformT<double>;

inline Transform rotX(double a) { Transform t; t.R = Eigen::AngleAxisd(a, Vector3::UnitX()).toRotationMatrix(); return t; }
inline Transform rotZ(double a) { Transform t; t.R = Eigen::AngleAxisd(a, Vector3::UnitZ()).toRotationMatrix(); return t; }
inline Transform transX(double d) { Transform t; t.p = Vector3(d, 0, 0); return t; }
inline Transform transZ(double d) { Transform t; t.p = Vector3(0, 0, d); return t; }

}  // namespace maniplab
