#pragma once
// Internal to the symbolic base-parameter rules (base_parameters_symbolic.cpp and the extension rules):
// the "slots" of Belkoura's (1993) regrouping, Belkoura 1993 ch. II (2.29)–(2.35). Slot (j, k) is the standard
// parameter k of body j (kStandardPerJoint per joint) with its energy function h_k^j; its row holds the
// linear combination of standard parameters that multiplies h_k^j after the regroupings so far. A
// relation h_a = sum_b c_b h_b moves the content of slot a onto the slots b (content_b += c_b content_a)
// and kills slot a; a parameter with no effect (h = 0) is a killed slot. The alive slots at the end are
// the base parameters.
#include <string>
#include <vector>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/standard_parameters.hpp"

namespace maniplab::base_rules {

constexpr double kGeomTol = 1e-9;
using Lambda = Eigen::Matrix<double, 10, 10>;

inline bool parallel(const Vector3& a, const Vector3& b) { return a.normalized().cross(b.normalized()).norm() < kGeomTol; }
inline bool orthogonal(const Vector3& a, const Vector3& b) { return std::abs(a.normalized().dot(b.normalized())) < kGeomTol; }

struct Slots {
  MatrixX C;                 ///< row s: current content of slot s, over the standard parameters
  std::vector<bool> alive;
  std::vector<int> parent;   ///< Model::parent: a(j) of Khalil & Kleinfinger, -1 for the base
  static int row(int joint, int k) { return joint * kStandardPerJoint + k; }
  void kill(int joint, int k) { alive[std::size_t(row(joint, k))] = false; }
  bool isAlive(int joint, int k) const { return alive[std::size_t(row(joint, k))]; }
  Eigen::RowVectorXd content(int joint, int k) const { return C.row(row(joint, k)); }
  void add(int joint, int k, const Eigen::RowVectorXd& v) { C.row(row(joint, k)) += v; }
  /// body a(j)'s slots += lambda(:, col) * content(joint, k): the relation h_k^j = sum_r
  /// lambda(r, col) h_r^{a(j)} of a quantity rigidly attached to body a(j) (Annex 2 (2.23); a(j) = j-1 in a
  /// chain, the parent in a tree: Khalil & Dombre, Modeling, Identification and Control of Robots, 2002,
  /// the regrouping of tree-structured robots is the chain's with a(j) for j-1).
  void transfer(int joint, int k, const Lambda& L, int col, double scale = 1.0) {
    const int a = parent[std::size_t(joint)];
    if (a < 0) return;  // onto the fixed base: no effect
    const Eigen::RowVectorXd src = C.row(row(joint, k));
    for (int r = 0; r < 10; ++r)
      if (L(r, col) != 0) C.row(row(a, r)) += scale * L(r, col) * src;
  }
};

/// Extension PrismaticMass (docs/base-parameter-rules.md §2): for prismatic joint i (0-based) whose
/// earlier rotoid axes are parallel to z_i and earlier prismatic axes orthogonal to z_i, with Ia_i alive
/// and (z_i orthogonal to gravity or Fsa_i alive): M_i regroups onto body i-1 with lambda(:, M) of the
/// placement at q_i = 0 (L), with Ia_i (kept slot: M_i, "MR_i = M_i + Ia_i") and with Fsa_i
/// (coefficient -g.z_i). Returns the note, or an empty string when the conditions do not hold.
std::string regroupPrismaticMass(Slots& s, const Model& model, const ChainGeometry& g, int i, const Lambda& L);

}  // namespace maniplab::base_rules
