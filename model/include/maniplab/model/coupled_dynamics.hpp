#pragma once
// Coupled (mimic) joints: the dynamics of a tree whose joints are driven by fewer coordinates.
//
// Joint i either is independent or follows another, independent joint k (Model::coupling):
//   q_i = g_i q_k + o_i,  so  q = G q_ind + o,  qd = G qd_ind,  qdd = G qdd_ind,
// G (n x m) having one non-zero, g_i (1 for an independent joint), per row. The coupling is linear, so no
// drift term appears in qdd. By virtual work the generalised forces of the independent coordinates are
// tau_ind = G^T tau (a torque applied to a coupled joint acts through its gear on its source), and
// Lagrange's equations of the constrained system read
//   M_ind(q) qdd_ind + G^T h(q, qd) = G^T tau,   M_ind = G^T M(q) G,
// h = C qd + g + tau_f the free tree's bias (its friction included: each joint's friction acts on its own
// velocity). This is the projection of Pinocchio 3's mimic joints (Featherstone RBDA §3.2's
// constraint-projection with an explicit, linear constraint). M_ind is positive definite when M is and G has
// full column rank (every column has its independent joint's 1).
//
// The functions below work in the full coordinates of the model (the kernels' q, qd, tau of size n) and the
// independent ones (size m, in the order of the independent joints); a model without coupled joints has
// G = identity. Allocation-free once CoupledData is built.
#include <vector>

#include "maniplab/model/data.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab {

/// The linear map q = G q_ind + o of a model (see the header comment).
struct CouplingMap {
  int n = 0;                      ///< joints of the model
  int m = 0;                      ///< independent coordinates
  std::vector<int> independent;   ///< size m: the joint of each independent coordinate (increasing)
  std::vector<int> column;        ///< size n: the independent coordinate joint i follows (its own, if independent)
  std::vector<double> multiplier; ///< size n: g_i (1 for an independent joint)
  std::vector<double> offset;     ///< size n: o_i (0 for an independent joint)
  bool identity() const { return m == n; }
};

/// The model's map. Throws std::invalid_argument naming the joint when Model::coupling is neither empty nor of
/// size n, a source is not another, independent joint, or a multiplier or offset is not finite, or a
/// multiplier is zero.
CouplingMap couplingMap(const Model& model);

/// q = G q_ind + o (positions) — sizes checked (std::invalid_argument).
void expandPositions(const CouplingMap& map, const VectorX& qInd, VectorX& q);
/// qd = G qd_ind (velocities, accelerations).
void expandRates(const CouplingMap& map, const VectorX& vInd, VectorX& v);
/// tau_ind = G^T tau (generalised forces).
void projectForces(const CouplingMap& map, const VectorX& tau, VectorX& tauInd);
/// The independent coordinates' values taken from full ones (q_ind[c] = q[independent[c]]).
void independentPart(const CouplingMap& map, const VectorX& full, VectorX& ind);

/// Workspace of the coupled forward dynamics.
struct CoupledData {
  explicit CoupledData(const CouplingMap& map);
  MatrixX Mind, Lind;         ///< G^T M G and its Cholesky factor
  VectorX rhs, qddInd;        ///< G^T (tau - h), qdd_ind
  VectorX qdd;                ///< G qdd_ind (size n); coupledInverseDynamics' full qdd
};

/// M_ind = G^T M(q) G into cdata.Mind, M from data (crba(), its rotor model included) at q (full).
void coupledMassMatrix(const Model& model, const CouplingMap& map, Data& data, CoupledData& cdata, const VectorX& q);

/// Forward dynamics of the coupled tree: qdd_ind (cdata.qddInd) and qdd = G qdd_ind (cdata.qdd) from the
/// full state (q, qd), which must satisfy the coupling, and full torques tau (projected by G^T). Returns -1,
/// or the joint (full index) of the independent coordinate whose Cholesky pivot vanished. Friction and
/// gravity per opt.
int coupledForwardDynamics(const Model& model, const CouplingMap& map, Data& data, CoupledData& cdata,
                           const VectorX& q, const VectorX& qd, const VectorX& tau, const RneaOptions& opt = {});

/// Inverse dynamics of the coupled tree: tau_ind = G^T RNEA(q, qd, G qdd_ind) into tauInd (full q, qd).
void coupledInverseDynamics(const Model& model, const CouplingMap& map, Data& data, CoupledData& cdata,
                            const VectorX& q, const VectorX& qd, const VectorX& qddInd, VectorX& tauInd,
                            const RneaOptions& opt = {});

}  // namespace maniplab
