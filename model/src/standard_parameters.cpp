// Standard inertial parameters <-> (mass, centre of mass, inertia at the centre of mass): Belkoura 1993
// ch. I §V (Huygens, J = I_G - M S^ S^), eq (1.41) parameter order; body quantities in the DHM frames
// (mdh_frames.hpp) for a standard-DH robot.
#include "maniplab/model/standard_parameters.hpp"

#include "maniplab/model/mdh_frames.hpp"

#include <cmath>
#include <stdexcept>

namespace maniplab {

namespace {
const char* const kSymbols[kStandardPerJoint] = {"XX", "XY", "XZ", "YY", "YZ", "ZZ", "MX",
                                                 "MY", "MZ", "M",  "Ia", "Fv", "Fs", "Fsa"};
}

bool hasCoulombAsymmetry(const Model& model, int joint) {
  const auto& a = model.actuator[std::size_t(joint)];
  return a.coulombPos != a.coulombNeg;
}

const char* standardParameterSymbol(int k) { return kSymbols[k]; }

std::string standardParameterName(int joint, int k) { return std::string(kSymbols[k]) + std::to_string(joint + 1); }

std::vector<std::string> standardParameterNames(int n) {
  std::vector<std::string> out;
  out.reserve(std::size_t(n * kStandardPerJoint));
  for (int j = 0; j < n; ++j)
    for (int k = 0; k < kStandardPerJoint; ++k) out.push_back(standardParameterName(j, k));
  return out;
}

StandardParameters standardParameters(const Model& model) {
  StandardParameters sp;
  const int n = model.nq;
  sp.values = VectorX::Zero(n * kStandardPerJoint);
  bool gyro = false;
  for (int j = 0; j < n; ++j) {
    const auto& b = model.body[std::size_t(j)];
    const auto& a = model.actuator[std::size_t(j)];
    // Centre of mass and inertia at the centre of mass in the DHM frame of the body (identity but for DH).
    const Transform T = mdhFrameInBody(model, j);
    const Vector3 c = T.inverse().apply(b.com);
    const Matrix3 IG = T.R.transpose() * b.inertia * T.R;
    const Matrix3 J = IG + b.mass * (c.squaredNorm() * Matrix3::Identity() - c * c.transpose());
    double* v = sp.values.data() + j * kStandardPerJoint;
    v[kXX] = J(0, 0); v[kXY] = J(0, 1); v[kXZ] = J(0, 2);
    v[kYY] = J(1, 1); v[kYZ] = J(1, 2); v[kZZ] = J(2, 2);
    v[kMX] = b.mass * c.x(); v[kMY] = b.mass * c.y(); v[kMZ] = b.mass * c.z();
    v[kM] = b.mass;
    v[kIa] = a.gear * a.gear * a.rotorInertia;
    v[kFv] = 0.5 * (a.viscousPos + a.viscousNeg);
    v[kFs] = 0.5 * (a.coulombPos + a.coulombNeg);
    v[kFsa] = 0.5 * (a.coulombPos - a.coulombNeg);
    if (a.viscousPos != a.viscousNeg)
      sp.warnings.push_back("joint " + std::to_string(j + 1) +
                            ": asymmetric viscous friction averaged (the linear model has one Fv per joint)");
    if (a.rotorInertia != 0 || a.rotorTransverse != 0) gyro = true;
  }
  if (gyro && model.rotorModel == RotorModel::Full)
    sp.warnings.push_back("full rotor model: the linear model keeps only the armature term gear^2 j_m "
                          "(gyroscopic rotor coupling ignored)");
  return sp;
}

void applyStandardParameters(Model& model, const VectorX& values) {
  const int n = model.nq;
  if (values.size() != n * kStandardPerJoint)
    throw std::invalid_argument("standard parameters: expected " + std::to_string(n * kStandardPerJoint) +
                                " values, got " + std::to_string(values.size()));
  for (int k = 0; k < values.size(); ++k)
    if (!std::isfinite(values[k]))
      throw std::invalid_argument("standard parameter " + standardParameterName(k / kStandardPerJoint, k % kStandardPerJoint) +
                                  " is not finite");
  for (int j = 0; j < n; ++j) {
    const double* v = values.data() + j * kStandardPerJoint;
    auto& b = model.body[std::size_t(j)];
    auto& a = model.actuator[std::size_t(j)];
    const Vector3 ms(v[kMX], v[kMY], v[kMZ]);
    if (v[kM] < 0) throw std::invalid_argument("standard parameter " + standardParameterName(j, kM) + " is negative");
    if (v[kM] == 0 && !ms.isZero())
      throw std::invalid_argument("standard parameter " + standardParameterName(j, kM) +
                                  " is zero with a non-zero first moment");
    const Vector3 c = v[kM] > 0 ? Vector3(ms / v[kM]) : Vector3::Zero();
    Matrix3 J;
    J << v[kXX], v[kXY], v[kXZ], v[kXY], v[kYY], v[kYZ], v[kXZ], v[kYZ], v[kZZ];
    const Matrix3 IG = J - v[kM] * (c.squaredNorm() * Matrix3::Identity() - c * c.transpose());
    // Back from the DHM frame of the body to the internal frame (identity but for DH).
    const Transform T = mdhFrameInBody(model, j);
    b.mass = v[kM];
    b.com = v[kM] > 0 ? T.apply(c) : Vector3::Zero();
    b.inertia = T.R * IG * T.R.transpose();
    if (v[kIa] < 0) throw std::invalid_argument("standard parameter " + standardParameterName(j, kIa) + " is negative");
    if (v[kIa] != 0 && a.gear == 0)
      throw std::invalid_argument("standard parameter " + standardParameterName(j, kIa) + ": gear ratio is zero");
    a.rotorInertia = a.gear != 0 ? v[kIa] / (a.gear * a.gear) : 0.0;
    a.viscousPos = a.viscousNeg = v[kFv];
    a.coulombPos = v[kFs] + v[kFsa];
    a.coulombNeg = v[kFs] - v[kFsa];
  }
}

}  // namespace maniplab
