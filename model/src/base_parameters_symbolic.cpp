// Base parameters by the formal regrouping rules of Belkoura 1993 ch. II (second, standard solution):
// (2.36)–(2.39) rotoid, (2.40)–(2.43) prismatic, Table 2.1 (no effect), (2.52), (2.54)–(2.62) (prismatic
// joints between R1 and R2), corrected forms of the reference notes §4, §9; with the extensions of
// docs/base-parameter-rules.md (zero gravity, prismatic mass with Ia/Fsa, coaxial first moments), then
// checked against the numeric rank and completed (base_parameters_completion.cpp).
#include <cmath>

#include <Eigen/QR>
#include <Eigen/SVD>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/mdh_frames.hpp"
#include "maniplab/model/standard_parameters.hpp"
#include "base_parameters_slots.hpp"

namespace maniplab {

using base_rules::Lambda;
using base_rules::orthogonal;
using base_rules::Slots;

namespace {

constexpr int P = kStandardPerJoint;
using base_rules::kGeomTol;

/// lambda(A, P) of Annex 2 (the general form of Table A2): column k maps standard parameter k of a body
/// rigidly attached to its parent at (A, P) to the parent's parameters about O_{i-1} in R_{i-1}.
Lambda lambdaMatrix(const Matrix3& A, const Vector3& p) { return rigidBodyParameterMap(Transform{A, p}); }

/// The rules alone (no numeric check).
BaseParameterSet symbolicRules(const Model& input, const BaseParameterOptions& opt) {
  // The rules are those of the DHM frames: a standard-DH robot is re-framed first (mdh_frames.hpp); its
  // standard parameters (standard_parameters.hpp) are those of the re-framed model.
  const Model framed = mdhFramedModel(input);
  const Model& model = framed;
  const int n = model.nq;
  const int np = n * P;
  BaseParameterSet out;
  out.actuators = opt.actuators;
  const ChainGeometry g = chainGeometry(model, opt.rules);
  Slots s{MatrixX::Identity(np, np), std::vector<bool>(std::size_t(np), true), model.parent};
  for (int j = 0; j < n; ++j) {
    if (!opt.actuators)
      for (int k = kIa; k <= kFsa; ++k) s.kill(j, k);
    // Fsa (Coulomb asymmetry) is in the model only for the joints whose file makes it non-zero.
    if (!hasCoulombAsymmetry(model, j)) s.kill(j, kFsa);
  }
  const int R1 = g.R1, R2 = g.R2;  // a chain's (-1 on a tree: the rules below use each body's path)
  const bool chain = model.isChain();
  // Joint i after R1 and before R2 on its path from the base (in a chain: R1 < i < R2).
  auto inBlock = [&](int i) {
    const auto k = std::size_t(i);
    return g.pathR1[k] >= 0 && g.pathR1[k] != i && g.pathR2[k] < 0;
  };

  // Step 2 (general rules), from body n down to body 1, with the special cases of step 3 for prismatic
  // joints between R1 and R2 applied to MS_i before its inertia is regrouped.
  for (int i = n - 1; i >= 0; --i) {
    const Transform& X = model.placement[std::size_t(i)];
    const Lambda L = lambdaMatrix(X.R, X.p);
    const int a = model.parent[std::size_t(i)];  // a(i): i-1 in a chain
    if (model.isRevolute(i)) {
      // (2.36)–(2.39): YY_i (as XX + YY, q-independent), MZ_i and M_i onto body a(i); XXR_i = XX_i - YY_i.
      const Eigen::RowVectorXd yy = s.C.row(s.row(i, kYY));
      if (a >= 0)
        for (int r = 0; r < 10; ++r) s.C.row(s.row(a, r)) += (L(r, kXX) + L(r, kYY)) * yy;
      s.transfer(i, kMZ, L, kMZ);
      s.transfer(i, kM, L, kM);
      s.C.row(s.row(i, kXX)) -= yy;
      s.kill(i, kYY); s.kill(i, kMZ); s.kill(i, kM);
    } else {
      if (inBlock(i)) {
        const Vector3 u = g.rotation[std::size_t(i)].transpose() * g.axis[std::size_t(g.pathR1[std::size_t(i)])];  // ^i z_R1
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
      // Extension PrismaticMass (docs/base-parameter-rules.md §2): M_i with Ia_i (and Fsa_i).
      if (opt.rules & kRulePrismaticMass) {
        const std::string note = base_rules::regroupPrismaticMass(s, model, g, i, L);
        if (!note.empty()) out.notes.push_back(note);
      }
    }
  }

  // Step 1 / Table 2.1: parameters with no effect for the bodies before R2 (of their path, on a tree).
  for (int i = n - 1; i >= 0; --i)  // prismatic joints before R1: only M (and Ia, friction)
    if (g.pathR1[std::size_t(i)] < 0)
      for (int k = kMX; k <= kMZ; ++k) s.kill(i, k);
  for (int i = 0; i < n; ++i) {  // w_i // z_R1: only ZZ, MX, MY matter
    if (!model.isRevolute(i) || g.pathR1[std::size_t(i)] < 0 || g.pathR2[std::size_t(i)] >= 0) continue;
    for (int k : {kXX, kXY, kXZ, kYZ}) s.kill(i, k);
  }
  for (int r1 = 0; r1 < n; ++r1)  // condition C1 of each R1 (one per branch from the base on a tree)
    if (g.pathR1[std::size_t(r1)] == r1 && g.pathC1[std::size_t(r1)]) { s.kill(r1, kMX); s.kill(r1, kMY); }
  {
    // Extension CoaxialFirstMoments (docs §3): under C1, V_i = V_R1 has no component across z_R1 and
    // gravity none across it either, so h(MX_i) = h(MY_i) = 0 for a rotoid joint on the line of z_R1.
    for (int i : g.coaxialWithR1) {
      s.kill(i, kMX); s.kill(i, kMY);
      out.notes.push_back("joint " + std::to_string(i + 1) + " is coaxial with R1 (C1 holds): MX" + std::to_string(i + 1) +
                          ", MY" + std::to_string(i + 1) + " have no effect");
    }
    // Extension FixedPoint (docs §1): with g = 0, a body turning about a fixed point C = O_i + c z_i has V_i =
    // w_i x (-c z_i), so V^T w^ MS = c (w1 w3 MX + w2 w3 MY) - c (w1^2 + w2^2) MZ: h(MX) = c h(XZ).
    for (const auto& [i, c] : g.fixedPoint) {
      s.add(i, kXZ, c * s.content(i, kMX));
      s.add(i, kYZ, c * s.content(i, kMY));
      s.kill(i, kMX); s.kill(i, kMY);
      out.notes.push_back("zero gravity, body " + std::to_string(i + 1) + " turns about a fixed point on its axis: MX" +
                          std::to_string(i + 1) + ", MY" + std::to_string(i + 1) + " regroup into XZ" +
                          std::to_string(i + 1) + ", YZ" + std::to_string(i + 1));
    }
  }
  if (opt.actuators)
    for (int i = 0; i < n; ++i) {
      const auto k = std::size_t(i);
      // R1 of a path: w_R1 = qd_R1 z, h(Ia_R1) = h(ZZ_R1) = 1/2 qd_R1^2.
      // R2 of a path orthogonal to its z_R1: w_{a(R2)} = phi_dot z_R1 has no component on z_R2, so
      // h(ZZ_R2) = 1/2 qd_R2^2. Both hold for each branch of a tree (only the path to the body matters).
      const bool isR1 = g.pathR1[k] == i;
      const bool isR2 = g.pathR2[k] == i && orthogonal(g.axis[k], g.axis[std::size_t(g.pathR1[k])]);
      if (!isR1 && !isR2) continue;
      s.C.row(s.row(i, kZZ)) += s.C.row(s.row(i, kIa));
      s.kill(i, kIa);
    }
  if (chain) {
    if (R1 >= 0)
      out.notes.push_back("R1 = joint " + std::to_string(R1 + 1) +
                          (R2 >= 0 ? ", R2 = joint " + std::to_string(R2 + 1) : ", no R2 (every rotoid axis parallel to z_R1)") +
                          (!g.gR1 ? ""
                           : g.gravityZero ? ", zero gravity and the prismatic joints before R1 parallel to z_R1 (C1: "
                                             "the first moments of R1 are excited by gravity only)"
                                           : ", z_R1 and the prismatic joints before R1 parallel to gravity (C1)"));
    else
      out.notes.push_back("no rotoid joint: every body translates (only the masses have an effect)");
  } else {
    out.notes.push_back("tree: the chain's rules with the parent a(j) for j-1, R1 and R2 taken on each body's path "
                        "(Khalil & Dombre 2002)");
    for (int i = 0; i < n; ++i) {
      const auto k = std::size_t(i);
      if (g.pathR1[k] == i)
        out.notes.push_back("R1 = joint " + std::to_string(i + 1) + (g.pathC1[k] ? " (C1 holds)" : ""));
      if (g.pathR2[k] == i)
        out.notes.push_back("R2 = joint " + std::to_string(i + 1) + " (after R1 = joint " + std::to_string(g.pathR1[k] + 1) + ")");
    }
  }
  if (g.coincidentAxes && g.coaxialWithR1.empty())
    out.notes.push_back("rotoid joints with coincident axes before R2 (excluded by Belkoura 1993's rules)");

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
    bp.lead = r;
    bp.expression = formatExpression(bp.coefficients, n);
    out.K.row(Eigen::Index(b)) = bp.coefficients;
    out.params.push_back(std::move(bp));
  }
  out.Kpinv = out.K.completeOrthogonalDecomposition().pseudoInverse();
  out.check.rulesCount = out.count();
  return out;
}

}  // namespace

BaseParameterSet symbolicBaseParameters(const Model& input, const BaseParameterOptions& opt) {
  BaseParameterSet rules = symbolicRules(input, opt);
  if (!opt.complete) return rules;
  NumericBaseOptions no = opt.numeric;
  no.actuators = opt.actuators;
  return completeBaseParameters(input, rules, no);
}

}  // namespace maniplab
