// Base parameters by QR with column pivoting of the regressor stacked over random states: Belkoura 1993
// (2.13)–(2.17), D P = [D1 D2], D2 = D1 beta, base parameters X1 + beta X2. Nothing in it depends on the
// topology: it runs unchanged on a tree (Model::parent), whose regressor is tree-ready (regressor.cpp).
#include <random>

#include <Eigen/QR>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/regressor.hpp"
#include "maniplab/model/standard_parameters.hpp"

namespace maniplab {

namespace {
int statesFor(const Model& model, const NumericBaseOptions& opt) {
  const int n = std::max(1, model.nq);
  return opt.states > 0 ? opt.states : std::max(30, 3 * n * kStandardPerJoint / n);
}
bool inScope(const Model& model, const NumericBaseOptions& opt, int c) {
  const int k = c % kStandardPerJoint;
  if (!opt.actuators && k >= kIa) return false;
  return k != kFsa || hasCoulombAsymmetry(model, c / kStandardPerJoint);  // Fsa = 0: not in the model
}
}  // namespace

MatrixX stackedRegressor(const Model& model, const NumericBaseOptions& opt) {
  const int n = model.nq;
  const int np = n * kStandardPerJoint;
  const int states = statesFor(model, opt);
  std::mt19937 rng(opt.seed);
  std::uniform_real_distribution<double> U(-1, 1);
  MatrixX W(states * n, np), Y;
  VectorX q(n), qd(n), qdd(n);
  for (int s = 0; s < states; ++s) {
    for (int i = 0; i < n; ++i) {
      q[i] = model.isRevolute(i) ? 3.14159 * U(rng) : 0.5 * U(rng);
      qd[i] = 2 * U(rng);
      qdd[i] = 3 * U(rng);
    }
    inverseDynamicsRegressor(model, q, qd, qdd, Y);
    W.middleRows(s * n, n) = Y;
  }
  for (int c = 0; c < np; ++c)
    if (!inScope(model, opt, c)) W.col(c).setZero();
  return W;
}

BaseParameterSet numericBaseParameters(const Model& model, const NumericBaseOptions& opt) {
  const int n = model.nq;
  const int np = n * kStandardPerJoint;
  BaseParameterSet out;
  out.actuators = opt.actuators;
  std::vector<int> cols;  // the standard parameters considered
  for (int c = 0; c < np; ++c)
    if (inScope(model, opt, c)) cols.push_back(c);
  const int nc = int(cols.size());
  const MatrixX Wall = stackedRegressor(model, opt);
  MatrixX W(Wall.rows(), nc);
  for (int c = 0; c < nc; ++c) W.col(c) = Wall.col(cols[std::size_t(c)]);
  Eigen::ColPivHouseholderQR<MatrixX> qr(W);
  qr.setThreshold(opt.tolerance);
  const int r = int(qr.rank());
  const auto perm = qr.colsPermutation().indices();
  const MatrixX R11 = qr.matrixR().topLeftCorner(r, r).template triangularView<Eigen::Upper>();
  const MatrixX R12 = qr.matrixR().block(0, r, r, nc - r);
  const MatrixX beta = R11.template triangularView<Eigen::Upper>().solve(R12);
  out.K = MatrixX::Zero(r, np);
  for (int b = 0; b < r; ++b) {
    BaseParameter bp;
    bp.coefficients = Eigen::RowVectorXd::Zero(np);
    const int lead = cols[std::size_t(perm[b])];
    bp.coefficients[lead] = 1;
    bool grouped = false;
    for (int j = 0; j < nc - r; ++j) {
      double v = beta(b, j);
      if (std::abs(v) < 1e-10) continue;
      bp.coefficients[cols[std::size_t(perm[r + j])]] = v;
      grouped = true;
    }
    bp.name = std::string(standardParameterSymbol(lead % kStandardPerJoint)) + (grouped ? "R" : "") +
              std::to_string(lead / kStandardPerJoint + 1);
    bp.lead = lead;
    bp.expression = formatExpression(bp.coefficients, n);
    out.K.row(b) = bp.coefficients;
    out.params.push_back(std::move(bp));
  }
  out.Kpinv = out.K.completeOrthogonalDecomposition().pseudoInverse();
  out.notes.push_back("QR with column pivoting of the regressor over " + std::to_string(statesFor(model, opt)) +
                      " random states, rank " + std::to_string(r) + " of " + std::to_string(nc) + " columns");
  return out;
}

}  // namespace maniplab
