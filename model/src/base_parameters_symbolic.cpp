// Base parameters by the formal regrouping rules of seed 002 ch. II (second, standard solution):
// (2.36)–(2.39) rotoid, (2.40)–(2.43) prismatic, Table 2.1 (no effect), (2.52), (2.54)–(2.62) (prismatic
// joints between R1 and R2). Corrected forms of base-parameters-identification.md §4, §9.
#include <cmath>

#include <Eigen/QR>
#include <Eigen/SVD>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/mdh_frames.hpp"
#include "maniplab/model/standard_parameters.hpp"

namespace maniplab {

namespace {

constexpr int P = kStandardPerJoint;
constexpr double kGeomTol = 1e-9;

using Lambda = Eigen::Matrix<double, 10, 10>;

/// lambda(A, P) of Annex 2 (the general form of Table A2): column k maps standard parameter k of a body
/// rigidly attached to its parent at (A, P) to the parent's parameters about O_{i-1} in R_{i-1}.
Lambda lambdaMatrix(const Matrix3& A, const Vector3& p) { return rigidBodyParameterMap(Transform{A, p}); }

bool orthogonal(const Vector3& a, const Vector3& b) { return std::abs(a.normalized().dot(b.normalized())) < kGeomTol; }

struct Slots {
  MatrixX C;                 ///< row s: current content of slot s, over the standard parameters
  std::vector<bool> alive;
  int row(int joint, int k) const { return joint * P + k; }
  void kill(int joint, int k) { alive[std::size_t(row(joint, k))] = false; }
  bool isAlive(int joint, int k) const { return alive[std::size_t(row(joint, k))]; }
  /// body (joint-1)'s slots += lambda(:, col) * content(joint, k)
  void transfer(int joint, int k, const Lambda& L, int col, double scale = 1.0) {
    if (joint == 0) return;  // onto the fixed base: no effect
    const Eigen::RowVectorXd src = C.row(row(joint, k));
    for (int r = 0; r < 10; ++r)
      if (L(r, col) != 0) C.row(row(joint - 1, r)) += scale * L(r, col) * src;
  }
};

}  // namespace

BaseParameterSet symbolicBaseParameters(const Model& input, const BaseParameterOptions& opt) {
  // The rules are those of the DHM frames: a standard-DH robot is re-framed first (mdh_frames.hpp); its
  // standard parameters (standard_parameters.hpp) are those of the re-framed model.
  const Model framed = mdhFramedModel(input);
  const Model& model = framed;
  const int n = model.nq;
  const int np = n * P;
  BaseParameterSet out;
  out.actuators = opt.actuators;
  const ChainGeometry g = chainGeometry(model);
  Slots s{MatrixX::Identity(np, np), std::vector<bool>(std::size_t(np), true)};
  for (int j = 0; j < n; ++j) {
    if (!opt.actuators)
      for (int k = kIa; k <= kFsa; ++k) s.kill(j, k);
    // Fsa (Coulomb asymmetry) is in the model only for the joints whose file makes it non-zero.
    if (!hasCoulombAsymmetry(model, j)) s.kill(j, kFsa);
  }
  const int R1 = g.R1, R2 = g.R2;
  const int blockEnd = R1 < 0 ? n : (R2 < 0 ? n : R2);  // joints before R2 (or all)
  auto inBlock = [&](int i) { return R1 >= 0 && i > R1 && i < blockEnd; };

  // Step 2 (general rules), from body n down to body 1, with the special cases of step 3 for prismatic
  // joints between R1 and R2 applied to MS_i before its inertia is regrouped.
  for (int i = n - 1; i >= 0; --i) {
    const Transform& X = model.placement[std::size_t(i)];
    const Lambda L = lambdaMatrix(X.R, X.p);
    if (model.isRevolute(i)) {
      // (2.36)–(2.39): YY_i (as XX + YY, q-independent), MZ_i and M_i onto body i-1; XXR_i = XX_i - YY_i.
      const Eigen::RowVectorXd yy = s.C.row(s.row(i, kYY));
      if (i > 0)
        for (int r = 0; r < 10; ++r) s.C.row(s.row(i - 1, r)) += (L(r, kXX) + L(r, kYY)) * yy;
      s.transfer(i, kMZ, L, kMZ);
      s.transfer(i, kM, L, kM);
      s.C.row(s.row(i, kXX)) -= yy;
      s.kill(i, kYY); s.kill(i, kMZ); s.kill(i, kM);
    } else {
      if (inBlock(i)) {
        const Vector3 u = g.rotation[std::size_t(i)].transpose() * g.axis[std::size_t(R1)];  // ^i z_R1
        if (std::abs(std::abs(u.z()) - 1) < kGeomTol) {
          // (2.52): z_i // z_R1, the whole of MS_i regroups onto body i-1 (as if attached at q_i = 0).
          for (int k = kMX; k <= kMZ; ++k) { s.transfer(i, k, L, k); s.kill(i, k); }
        } else {
          // (2.54)–(2.62): b = ^i z_R1, eliminate the component of MS_i along the largest |b_k|.
          int kmax = 0;
          u.cwiseAbs().maxCoeff(&kmax);
          const Eigen::RowVectorXd lead = s.C.row(s.row(i, kMX + kmax));
          for (int k = 0; k < 3; ++k)
            if (k != kmax) s.C.row(s.row(i, kMX + k)) -= (u[k] / u[kmax]) * lead;
          s.kill(i, kMX + kmax);
        }
      }
      // (2.40)–(2.43): J_{i-1} += A J_i A^T; MS_i and M_i stay.
      for (int k = kXX; k <= kZZ; ++k) { s.transfer(i, k, L, k); s.kill(i, k); }
    }
  }

  // Step 1 / Table 2.1: parameters with no effect for the bodies before R2.
  const int firstRot = R1 < 0 ? n : R1;
  for (int i = firstRot - 1; i >= 0; --i) {  // prismatic joints before R1: only M
    for (int k = kMX; k <= kMZ; ++k) s.kill(i, k);
    if (!opt.actuators) continue;
    // Ia_i regroups with M when z_i is orthogonal to gravity and to every earlier (prismatic) axis.
    bool ortho = orthogonal(g.axis[std::size_t(i)], model.gravity) || model.gravity.norm() == 0;
    for (int j = 0; j < i; ++j) ortho = ortho && orthogonal(g.axis[std::size_t(i)], g.axis[std::size_t(j)]);
    if (ortho) {
      const Eigen::RowVectorXd mi = s.C.row(s.row(i, kM));
      if (i > 0) s.C.row(s.row(i - 1, kM)) += mi;
      s.C.row(s.row(i, kM)) += s.C.row(s.row(i, kIa));
      s.kill(i, kIa);
      out.notes.push_back("Ia" + std::to_string(i + 1) + " regrouped with M" + std::to_string(i + 1) +
                          " (prismatic axis orthogonal to gravity and to the earlier axes)");
    }
  }
  if (R1 >= 0) {
    for (int i = R1; i < blockEnd; ++i) {
      if (!model.isRevolute(i)) continue;
      for (int k : {kXX, kXY, kXZ, kYZ}) s.kill(i, k);  // w_i // z_R1: only ZZ, MX, MY matter
    }
    if (g.gR1) { s.kill(R1, kMX); s.kill(R1, kMY); }  // condition C1
    if (opt.actuators) {  // w_R1 = qd_R1 z: h(Ia_R1) = h(ZZ_R1) = 1/2 qd_R1^2
      s.C.row(s.row(R1, kZZ)) += s.C.row(s.row(R1, kIa));
      s.kill(R1, kIa);
      // R2 orthogonal to z_R1: w_{R2-1} = phi_dot z_R1 has no component on z_R2, so h(ZZ_R2) = 1/2 qd_R2^2.
      if (R2 >= 0 && orthogonal(g.axis[std::size_t(R2)], g.axis[std::size_t(R1)])) {
        s.C.row(s.row(R2, kZZ)) += s.C.row(s.row(R2, kIa));
        s.kill(R2, kIa);
      }
    }
    out.notes.push_back("R1 = joint " + std::to_string(R1 + 1) +
                        (R2 >= 0 ? ", R2 = joint " + std::to_string(R2 + 1) : ", no R2 (every rotoid axis parallel to z_R1)") +
                        (g.gR1 ? ", z_R1 and the prismatic joints before R1 parallel to gravity (C1)" : ""));
  } else {
    out.notes.push_back("no rotoid joint: every body translates (only the masses have an effect)");
  }
  if (g.coincidentAxes)
    out.notes.push_back("rotoid joints with coincident axes before R2 (excluded by seed 002): the set may not be minimal");
  if (model.gravity.norm() == 0) out.notes.push_back("zero gravity: the gravity conditions of Table 2.1 are not applied");

  // Collect.
  std::vector<int> rows;
  for (int r = 0; r < np; ++r)
    if (s.alive[std::size_t(r)]) rows.push_back(r);
  out.K.resize(Eigen::Index(rows.size()), np);
  for (std::size_t b = 0; b < rows.size(); ++b) {
    const int r = rows[b];
    BaseParameter bp;
    bp.coefficients = s.C.row(r);
    for (int c = 0; c < np; ++c)
      if (std::abs(bp.coefficients[c]) < 1e-13) bp.coefficients[c] = 0;
    Eigen::RowVectorXd unit = Eigen::RowVectorXd::Zero(np);
    unit[r] = 1;
    const bool grouped = (bp.coefficients - unit).cwiseAbs().maxCoeff() > 0;
    bp.name = std::string(standardParameterSymbol(r % P)) + (grouped ? "R" : "") + std::to_string(r / P + 1);
    bp.expression = formatExpression(bp.coefficients, n);
    out.K.row(Eigen::Index(b)) = bp.coefficients;
    out.params.push_back(std::move(bp));
  }
  out.Kpinv = out.K.completeOrthogonalDecomposition().pseudoInverse();
  return out;
}

}  // namespace maniplab
