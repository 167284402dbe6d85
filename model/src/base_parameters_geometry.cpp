// Chain geometry for the base-parameter rules (seed 002 ch. II §III: R1, R2, g(R1)) and the count formula
// (2.63)–(2.67), and helpers shared by the two base-parameter computations.
#include <cmath>
#include <cstdio>
#include <sstream>

#include <Eigen/SVD>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/standard_parameters.hpp"

namespace maniplab {

namespace {
constexpr double kGeomTol = 1e-9;
bool parallel(const Vector3& a, const Vector3& b) { return a.normalized().cross(b.normalized()).norm() < kGeomTol; }
}  // namespace

ChainGeometry chainGeometry(const Model& model) {
  ChainGeometry g;
  const int n = model.nq;
  Transform oMi;
  for (int i = 0; i < n; ++i) {
    oMi = oMi * model.placement[std::size_t(i)];
    g.axis.push_back(oMi.R.col(2));
    g.origin.push_back(oMi.p);
    g.rotation.push_back(oMi.R);
  }
  for (int i = 0; i < n; ++i)
    if (model.isRevolute(i)) {
      if (g.R1 < 0) g.R1 = i;
      else if (!parallel(g.axis[std::size_t(i)], g.axis[std::size_t(g.R1)])) { g.R2 = i; break; }
    }
  if (g.R1 >= 0) {
    const Vector3& z1 = g.axis[std::size_t(g.R1)];
    const bool gravityZero = model.gravity.norm() == 0;
    g.gR1 = !gravityZero && parallel(z1, model.gravity);
    for (int i = 0; i < g.R1; ++i)
      if (!parallel(g.axis[std::size_t(i)], model.gravity)) g.gR1 = false;
    const int end = g.R2 < 0 ? n : g.R2;
    for (int i = g.R1 + 1; i < end; ++i) {
      if (!model.isRevolute(i)) continue;
      for (int j = g.R1; j < i; ++j) {
        if (!model.isRevolute(j)) continue;
        const Vector3 d = g.origin[std::size_t(i)] - g.origin[std::size_t(j)];
        if (d.cross(z1).norm() < kGeomTol * std::max(1.0, d.norm())) g.coincidentAxes = true;
      }
    }
  }
  return g;
}

BaseCountFormula baseParameterCountFormula(const Model& model) {
  BaseCountFormula f;
  const ChainGeometry g = chainGeometry(model);
  const int n = model.nq;
  int sigmaR = 0, sigmaT = 0;
  for (int i = 0; i < n; ++i) (model.isRevolute(i) ? sigmaR : sigmaT)++;
  const int sigma1 = n > 0 && !model.isRevolute(0) ? 1 : 0;
  std::ostringstream d;
  if (g.R1 < 0) {
    f.nR = 0;
    f.nT = 4 * sigmaT - 3 * sigma1 - 3 * (sigmaT - sigma1);
    d << "no rotoid joint: N_R = 0; N_T = 4*" << sigmaT << " - 3*" << sigma1 << " - 3*" << sigmaT - sigma1 << " = " << f.nT;
  } else {
    const int end = g.R2 < 0 ? n : g.R2;
    int R12 = 0, T1R1 = 0, sumT = 0;
    for (int i = g.R1 + 1; i < end; ++i)
      if (model.isRevolute(i)) ++R12;
    for (int i = 1; i < g.R1; ++i)
      if (!model.isRevolute(i)) ++T1R1;
    const Vector3& z1 = g.axis[std::size_t(g.R1)];
    for (int i = g.R1; i < end; ++i)
      if (!model.isRevolute(i)) sumT += 1 + 2 * (parallel(g.axis[std::size_t(i)], z1) ? 1 : 0);
    f.nR = 7 * sigmaR - 4 * (1 + R12) - 2 * (g.gR1 ? 1 : 0);
    f.nT = 4 * sigmaT - 3 * sigma1 - 3 * T1R1 - sumT;
    d << "(2.64) N_R = 7*" << sigmaR << " - 4*(1+" << R12 << ") - 2*" << (g.gR1 ? 1 : 0) << " = " << f.nR
      << "; (2.66) N_T = 4*" << sigmaT << " - 3*" << sigma1 << " - 3*" << T1R1 << " - " << sumT << " = " << f.nT;
  }
  f.total = f.nR + f.nT;
  d << "; (2.67) N_B = " << f.total;
  f.R1 = g.R1 + 1;
  f.R2 = g.R2 + 1;
  f.detail = d.str();
  return f;
}

std::vector<std::string> BaseParameterSet::names() const {
  std::vector<std::string> v;
  for (const auto& p : params) v.push_back(p.name);
  return v;
}

std::string formatExpression(const Eigen::RowVectorXd& c, int n) {
  std::string out;
  const double scale = c.cwiseAbs().maxCoeff();
  for (int k = 0; k < c.size() && k < n * kStandardPerJoint; ++k) {
    const double v = c[k];
    if (std::abs(v) <= 1e-12 * scale) continue;
    const std::string name = standardParameterName(k / kStandardPerJoint, k % kStandardPerJoint);
    const double a = std::abs(v);
    std::string term;
    if (std::abs(a - 1) < 1e-12) term = name;
    else {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.10g*", a);
      term = buf + name;
    }
    if (out.empty()) out = v < 0 ? "-" + term : term;
    else out += (v < 0 ? " - " : " + ") + term;
  }
  return out.empty() ? "0" : out;
}

bool sameSpan(const BaseParameterSet& a, const BaseParameterSet& b, double tol) {
  if (a.count() != b.count() || a.K.cols() != b.K.cols()) return false;
  MatrixX s(a.K.rows() + b.K.rows(), a.K.cols());
  s << a.K, b.K;
  // rank by SVD with a relative threshold
  Eigen::JacobiSVD<MatrixX> svd(s);
  const auto& sv = svd.singularValues();
  int rank = 0;
  for (int i = 0; i < sv.size(); ++i)
    if (sv[i] > tol * sv[0]) ++rank;
  return rank == a.count();
}

double rowSpaceResidual(const MatrixX& Y, const BaseParameterSet& set) {
  // Rows of Y projected on the orthogonal complement of the row space of K: Y (I - K^+ K).
  const MatrixX P = MatrixX::Identity(Y.cols(), Y.cols()) - set.Kpinv * set.K;
  const MatrixX R = Y * P;
  return R.cwiseAbs().maxCoeff() / std::max(1.0, Y.cwiseAbs().maxCoeff());
}

}  // namespace maniplab
