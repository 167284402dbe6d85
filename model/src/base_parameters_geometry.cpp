// Chain geometry for the base-parameter rules (Belkoura 1993 ch. II §III: R1, R2, g(R1)) and the count formula
// (2.63)–(2.67), and helpers shared by the two base-parameter computations.
#include <cmath>
#include <cstdio>
#include <sstream>

#include <Eigen/SVD>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "base_parameters_slots.hpp"

namespace maniplab {

using base_rules::kGeomTol;
using base_rules::parallel;

ChainGeometry chainGeometry(const Model& model, unsigned rules) {
  ChainGeometry g;
  const int n = model.nq;
  for (int i = 0; i < n; ++i) {
    const int a = model.parent[std::size_t(i)];
    const Transform oMi = (a < 0 ? Transform() : Transform{g.rotation[std::size_t(a)], g.origin[std::size_t(a)]}) *
                          model.placement[std::size_t(i)];
    g.axis.push_back(oMi.R.col(2));
    g.origin.push_back(oMi.p);
    g.rotation.push_back(oMi.R);
  }
  g.gravityZero = model.gravity.norm() == 0;
  // Per body: R1, R2 of its path from the base (Khalil & Dombre 2002, tree structures: each branch is a
  // chain for the rules near the base) and C1 for the R1 bodies.
  g.pathR1.assign(std::size_t(n), -1);
  g.pathR2.assign(std::size_t(n), -1);
  g.pathC1.assign(std::size_t(n), false);
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const int a = model.parent[k];
    const int r1 = a < 0 ? -1 : g.pathR1[std::size_t(a)], r2 = a < 0 ? -1 : g.pathR2[std::size_t(a)];
    g.pathR1[k] = r1;
    g.pathR2[k] = r2;
    if (!model.isRevolute(i)) continue;
    if (r1 < 0) {
      g.pathR1[k] = i;
      // C1 on the path: as for a chain below, over the (prismatic) ancestors of i.
      const Vector3& z1 = g.axis[k];
      bool c1 = g.gravityZero ? (rules & kRuleZeroGravity) != 0 : parallel(z1, model.gravity);
      for (int j = model.parent[k]; j >= 0 && c1; j = model.parent[std::size_t(j)])
        if (!parallel(g.axis[std::size_t(j)], g.gravityZero ? z1 : model.gravity)) c1 = false;
      g.pathC1[k] = c1;
    } else if (r2 < 0 && !parallel(g.axis[k], g.axis[std::size_t(r1)])) {
      g.pathR2[k] = i;
    }
  }
  auto onLine = [&](int i, int j, const Vector3& z1) {  // O_i on the axis line of joint j (axes parallel to z1)
    const Vector3 d = g.origin[std::size_t(i)] - g.origin[std::size_t(j)];
    return d.cross(z1).norm() < kGeomTol * std::max(1.0, d.norm());
  };
  if (model.isChain()) {  // the chain-wide fields (on a tree, pathR1, pathR2, pathC1 only)
    for (int i = 0; i < n; ++i)
      if (model.isRevolute(i)) {
        if (g.R1 < 0) g.R1 = i;
        else if (!parallel(g.axis[std::size_t(i)], g.axis[std::size_t(g.R1)])) { g.R2 = i; break; }
      }
    if (g.R1 >= 0) {
      const Vector3& z1 = g.axis[std::size_t(g.R1)];
      // g(R1), condition C1: z_R1 and the prismatic joints before R1 parallel to gravity. Zero gravity
      // (extension, docs/base-parameter-rules.md §1) is parallel to every axis: then the prismatic joints
      // before R1 must still be parallel to z_R1 (their velocity would otherwise excite MS_R1).
      if (g.gravityZero) {
        g.gR1 = (rules & kRuleZeroGravity) != 0;
        for (int i = 0; i < g.R1; ++i)
          if (!parallel(g.axis[std::size_t(i)], z1)) g.gR1 = false;
      } else {
        g.gR1 = parallel(z1, model.gravity);
        for (int i = 0; i < g.R1; ++i)
          if (!parallel(g.axis[std::size_t(i)], model.gravity)) g.gR1 = false;
      }
      const int end = g.R2 < 0 ? n : g.R2;
      for (int i = g.R1 + 1; i < end; ++i) {
        if (!model.isRevolute(i)) continue;
        for (int j = g.R1; j < i; ++j)
          if (model.isRevolute(j) && onLine(i, j, z1)) g.coincidentAxes = true;
      }
    }
  }
  // The two extensions below are taken on each body's path from the base (in a chain: the joints before
  // it), so that they apply to each branch of a tree as to a chain.
  // Coaxial first moments (extension, docs §3): rotoid joint i after R1 and before R2 of its path, C1
  // holding for that R1, every joint of the path from R1 to i a rotoid joint on the line of z_i or a
  // prismatic joint parallel to z_R1 (those before R1 are, under C1).
  if (rules & kRuleCoaxialFirstMoments)
    for (int i = 0; i < n; ++i) {
      const auto k = std::size_t(i);
      const int r1 = g.pathR1[k];
      if (!model.isRevolute(i) || r1 < 0 || r1 == i || g.pathR2[k] >= 0 || !g.pathC1[std::size_t(r1)]) continue;
      const Vector3& z1 = g.axis[std::size_t(r1)];
      bool coaxial = true;
      for (int j = model.parent[k]; j >= r1 && coaxial; j = model.parent[std::size_t(j)])
        coaxial = model.isRevolute(j) ? onLine(i, j, z1) : parallel(g.axis[std::size_t(j)], z1);
      if (coaxial) g.coaxialWithR1.push_back(i);
    }
  // Zero gravity, bodies turning about a fixed point (extension, docs §1): every joint of the path up to i
  // rotoid (its R1 is the path's first joint), their axes concurrent at C = O_i + c z_i, i at or after the
  // path's R2 (before R2 the axes are parallel: concurrent means coaxial, the rule above).
  if (g.gravityZero && (rules & kRuleFixedPoint))
    for (int i = 0; i < n; ++i) {
      const auto k = std::size_t(i);
      const int r1 = g.pathR1[k], r2 = g.pathR2[k];
      if (r2 < 0) continue;
      bool allRotoid = true;
      for (int j = i; j >= 0 && allRotoid; j = model.parent[std::size_t(j)]) allRotoid = model.isRevolute(j);
      if (!allRotoid) continue;
      const Vector3 zi = g.axis[k].normalized(), Oi = g.origin[k];
      // C: the point of line i closest to line R1 (not parallel to it for i >= R2 ... or else to R2).
      const int j = parallel(g.axis[k], g.axis[std::size_t(r1)]) ? r2 : r1;
      const Vector3 zj = g.axis[std::size_t(j)].normalized(), w = Oi - g.origin[std::size_t(j)];
      const double b = zi.dot(zj), den = 1 - b * b;
      if (den < kGeomTol) continue;
      const double c = (b * zj.dot(w) - zi.dot(w)) / den;  // minimises |Oi + c zi - (Oj + t zj)|
      const Vector3 C = Oi + c * zi;
      bool concurrent = true;
      for (int a = model.parent[k]; a >= 0 && concurrent; a = model.parent[std::size_t(a)]) {
        const Vector3 d = C - g.origin[std::size_t(a)];
        concurrent = d.cross(g.axis[std::size_t(a)].normalized()).norm() < kGeomTol * std::max(1.0, d.norm());
      }
      if (concurrent) g.fixedPoint.emplace_back(i, c);
    }
  return g;
}

BaseCountFormula baseParameterCountFormula(const Model& model, unsigned rules) {
  checkChain("baseParameterCountFormula", model, "the count formula of Belkoura 1993 (2.63)-(2.67) is a serial chain's (use symbolicBaseParameters or numericBaseParameters)");
  BaseCountFormula f;
  const ChainGeometry g = chainGeometry(model, rules);
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
    const int coax = int(g.coaxialWithR1.size()), fixed = int(g.fixedPoint.size());
    f.nR = 7 * sigmaR - 4 * (1 + R12) - 2 * (g.gR1 ? 1 : 0) - 2 * coax - 2 * fixed;
    f.nT = 4 * sigmaT - 3 * sigma1 - 3 * T1R1 - sumT;
    d << "(2.64) N_R = 7*" << sigmaR << " - 4*(1+" << R12 << ") - 2*" << (g.gR1 ? 1 : 0);
    if (coax > 0) d << " - 2*" << coax << " (coaxial)";
    if (fixed > 0) d << " - 2*" << fixed << " (fixed point, g = 0)";
    d << " = " << f.nR
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
