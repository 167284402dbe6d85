// Completion of a set of base parameters to a minimal one, from the regressor: Belkoura 1993's dynamic
// (numerical) approach (2.13)–(2.17) applied to the parameters of the grouping rules instead of the
// standard ones, so that every base parameter the rules found keeps its name and closed form and only
// the dependencies the rules missed are read from the numbers (docs/base-parameter-rules.md §4). Numeric,
// so topology-free: on a tree it completes (or replaces, when a rule does not hold) the tree rules' set.
#include <cmath>
#include <cstdio>

#include <Eigen/QR>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/standard_parameters.hpp"

namespace maniplab {

namespace {

constexpr double kZeroColumn = 1e-10;   // column norm, relative to the largest: no effect
constexpr double kDependent = 1e-9;     // residual after projection, relative to the column: dependent
constexpr double kCleanTerm = 1e-11;    // a regrouping coefficient whose term is below this: 0
constexpr double kFraction = 1e-10;     // snap to p/q (q <= 12) within this relative distance

int numericRank(const MatrixX& W, double tolerance) {
  Eigen::ColPivHouseholderQR<MatrixX> qr(W);
  qr.setThreshold(tolerance);
  return int(qr.rank());
}

double snapToFraction(double b) {
  for (int q = 1; q <= 12; ++q) {
    const double p = std::round(b * q);
    if (std::abs(b - p / q) <= kFraction * std::max(1.0, std::abs(b))) return p / q;
  }
  return b;
}

std::string groupedName(const BaseParameter& p) {
  if (p.lead < 0) return p.name.find('R') == std::string::npos ? p.name + "R" : p.name;
  return std::string(standardParameterSymbol(p.lead % kStandardPerJoint)) + "R" + std::to_string(p.lead / kStandardPerJoint + 1);
}

/// The class of robot a dependent parameter points to (docs/base-parameter-rules.md), as a hint.
std::string missingRuleHint(const Model& model, const BaseParameter& p) {
  if (p.lead < 0) return {};
  const int j = p.lead / kStandardPerJoint, k = p.lead % kStandardPerJoint;
  const std::string J = std::to_string(j + 1);
  const bool g0 = model.gravity.norm() == 0;
  if (k == kFsa) return "Coulomb asymmetry Fsa" + J + " indistinguishable from a constant (weight) force at qd" + J + " != 0";
  if (k == kIa && !model.isRevolute(j)) return "rotor inertia of prismatic joint " + J + " with a mass term";
  if (k == kIa) return "rotor inertia of rotoid joint " + J + " with an inertia term";
  if ((k == kMX || k == kMY || k == kMZ) && g0) return "first moment excited by gravity only (zero gravity)";
  if (k == kMX || k == kMY || k == kMZ) return "first moment of body " + J + " (coincident or concurrent axes?)";
  return {};
}

std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace

BaseParameterSet completeBaseParameters(const Model& model, const BaseParameterSet& rules, const NumericBaseOptions& opt) {
  const int n = model.nq;
  const int nb = rules.count();
  const MatrixX W = stackedRegressor(model, opt);
  BaseParameterCheck check;
  check.done = true;
  check.rulesCount = nb;
  check.numericRank = numericRank(W, opt.tolerance);
  const double residual = nb > 0 ? rowSpaceResidual(W, rules) : (W.size() ? W.cwiseAbs().maxCoeff() : 0.0);
  check.rulesValid = residual <= 1e-9;
  if (!check.rulesValid) {
    // A rule does not hold for this robot: the numeric set (names from the QR's pivots).
    BaseParameterSet num = numericBaseParameters(model, opt);
    num.actuators = rules.actuators;
    check.rulesMinimal = false;
    check.completed.push_back("the grouping rules do not hold for this robot (regressor residual " + number(residual) +
                              "): the set is the numeric QR's");
    num.notes.insert(num.notes.begin(), rules.notes.begin(), rules.notes.end());
    num.notes.push_back("WARNING: " + check.completed.back());
    num.check = check;
    return num;
  }

  if (check.numericRank == nb) {  // valid and as many as the rank: minimal
    BaseParameterSet out = rules;
    out.check = check;
    return out;
  }

  // The regressor in the rules' parameters, W_B = W K^+ (tau = W_B pi_B), reduced in the rules' order.
  const MatrixX WB = W * rules.Kpinv;
  const VectorX norms = WB.colwise().norm().transpose();
  const double maxNorm = nb > 0 ? norms.maxCoeff() : 0.0;
  std::vector<int> kept, dependent, noEffect;
  MatrixX Q(WB.rows(), 0);
  for (int j = 0; j < nb; ++j) {
    if (norms[j] <= kZeroColumn * maxNorm) { noEffect.push_back(j); continue; }
    VectorX r = WB.col(j) / norms[j];
    for (int pass = 0; pass < 2; ++pass) r -= Q * (Q.transpose() * r);  // Gram-Schmidt, twice
    const double rn = r.norm();
    if (rn > kDependent) {
      Q.conservativeResize(Eigen::NoChange, Q.cols() + 1);
      Q.col(Q.cols() - 1) = r / rn;
      kept.push_back(j);
    } else {
      dependent.push_back(j);
    }
  }
  check.rulesMinimal = dependent.empty() && noEffect.empty();
  if (check.rulesMinimal) {
    BaseParameterSet out = rules;
    out.check = check;
    if (check.numericRank != nb)
      out.notes.push_back("rank decision: the rules' " + std::to_string(nb) + " parameters are independent, the QR of the "
                          "standard regressor gives rank " + std::to_string(check.numericRank));
    return out;
  }

  // W_E = W_S B: tau = W_S (pi_S + B pi_E), the dependent parameters regroup into the kept ones.
  const int ns = int(kept.size()), ne = int(dependent.size());
  MatrixX WS(WB.rows(), ns), WE(WB.rows(), ne);
  for (int k = 0; k < ns; ++k) WS.col(k) = WB.col(kept[std::size_t(k)]);
  for (int e = 0; e < ne; ++e) WE.col(e) = WB.col(dependent[std::size_t(e)]);
  MatrixX B = ns > 0 ? MatrixX(WS.colPivHouseholderQr().solve(WE)) : MatrixX(0, ne);
  for (int e = 0; e < ne; ++e) {
    const VectorX raw = B.col(e);
    for (int k = 0; k < ns; ++k) {
      double& b = B(k, e);
      if (std::abs(b) * norms[kept[std::size_t(k)]] < kCleanTerm * norms[dependent[std::size_t(e)]]) b = 0;
      else b = snapToFraction(b);
    }
    // Keep the cleaning only if the fit stays exact.
    if ((WS * B.col(e) - WE.col(e)).norm() > 1e-9 * WE.col(e).norm()) B.col(e) = raw;
  }

  BaseParameterSet out;
  out.actuators = rules.actuators;
  out.notes = rules.notes;
  const int np = int(rules.K.cols());
  out.K.resize(ns, np);
  std::vector<std::string> into(static_cast<std::size_t>(ne));
  for (int k = 0; k < ns; ++k) {
    const BaseParameter& p = rules.params[std::size_t(kept[std::size_t(k)])];
    BaseParameter bp = p;
    bool grouped = false;
    for (int e = 0; e < ne; ++e) {
      if (B(k, e) == 0) continue;
      bp.coefficients += B(k, e) * rules.params[std::size_t(dependent[std::size_t(e)])].coefficients;
      grouped = true;
      into[std::size_t(e)] += (into[std::size_t(e)].empty() ? "" : ", ") + number(B(k, e)) + " into " + p.name;
    }
    if (grouped) {
      for (int c = 0; c < np; ++c)
        if (std::abs(bp.coefficients[c]) < 1e-13) bp.coefficients[c] = 0;
      bp.name = groupedName(p);
      bp.expression = formatExpression(bp.coefficients, n);
    }
    out.K.row(k) = bp.coefficients;
    out.params.push_back(std::move(bp));
  }
  out.Kpinv = out.K.completeOrthogonalDecomposition().pseudoInverse();

  check.completed.push_back("the grouping rules leave " + std::to_string(ne + int(noEffect.size())) +
                            " dependent parameter(s) (rules " + std::to_string(nb) + ", numeric rank " +
                            std::to_string(check.numericRank) + "): a rule is missing for this robot; completed from "
                            "the QR of the regressor (coefficients read from the numbers):");
  auto hint = [&](const BaseParameter& p) {
    const std::string h = missingRuleHint(model, p);
    return h.empty() ? std::string() : "; " + h;
  };
  for (int j : noEffect) {
    const BaseParameter& p = rules.params[std::size_t(j)];
    check.completed.push_back(p.name + " = " + p.expression + " has no effect (missing no-effect rule" + hint(p) + ")");
  }
  for (int e = 0; e < ne; ++e) {
    const BaseParameter& p = rules.params[std::size_t(dependent[std::size_t(e)])];
    check.completed.push_back(p.name + " = " + p.expression + " regroups (" + into[std::size_t(e)] +
                              ") (missing regrouping rule" + hint(p) + ")");
  }
  if (ns != check.numericRank)
    check.completed.push_back("rank decision: " + std::to_string(ns) + " kept, the QR of the standard regressor gives " +
                              std::to_string(check.numericRank));
  for (const auto& line : check.completed) out.notes.push_back(line);
  out.check = check;
  return out;
}

}  // namespace maniplab
