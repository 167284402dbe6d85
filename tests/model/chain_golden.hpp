#pragma once
// The chain kernels' results that must not change (issue 29: "a chain stays bit-identical"): RNEA, CRBA, the
// mass-matrix recurrence, C by Christoffel, ABA, the Cholesky forward dynamics, the tool pose, the Jacobian and
// the energies and momenta of the shipped chain robots, in both rotor models, at dyadic states (exact
// doubles, no libm), with the baseline kernels (kernel_isa.hpp: the same bits on every x86-64 machine for one
// compiler). One text line per robot, rotor model, state and quantity; values as C hex floats ("%a"), so that
// the text is the bits.
//
// Written against the API the chain-only code already had (before the model became a tree: Model::parent
// did not exist), so that chain_golden_generate.cpp compiles at that commit too and its output is the
// reference (tests/data/chain_golden/README.md).
#include <cstdio>
#include <string>
#include <vector>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/coriolis_christoffel.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/rnea.hpp"

namespace maniplab::golden {

/// The robots (robots/*.json) whose results are kept: every chain shipped before trees.
inline const std::vector<std::string>& chainRobots() {
  static const std::vector<std::string> r = {"llibre1983_arm.json", "planar2r.json", "puma560.json", "puma560_mdh.json",
                                             "scara.json",          "stanford.json", "th8.json",     "umis.json"};
  return r;
}

/// A dyadic number in [-11/8, 11/8] (exact in binary).
inline double dyadic(int a, int b) { return double(((a * 7 + b * 13) % 23) - 11) / 8.0; }

inline void line(std::vector<std::string>& out, const std::string& head, const char* what, const double* v, long n) {
  std::string s = head + " " + what;
  char buf[40];
  for (long i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, " %a", v[i]);
    s += buf;
  }
  out.push_back(std::move(s));
}

/// The lines of one robot (`name`, its model as read), both rotor models, 4 states. The caller selects the
/// baseline kernels (setKernelIsa(KernelIsa::Baseline)).
inline std::vector<std::string> chainLines(const std::string& name, const Model& model) {
  std::vector<std::string> out;
  for (int rm = 0; rm < 2; ++rm) {
    Model m = model;
    m.rotorModel = rm ? RotorModel::Full : RotorModel::Armature;
    Data d(m);
    const int n = m.nq;
    for (int k = 0; k < 4; ++k) {
      const std::string head = name + (rm ? " full " : " armature ") + std::to_string(k);
      VectorX q(n), qd(n), qdd(n), tau(n);
      for (int i = 0; i < n; ++i) {
        q[i] = dyadic(i, k);
        qd[i] = dyadic(i + 5, k + 1);
        qdd[i] = dyadic(i + 11, k + 2);
        tau[i] = 4 * dyadic(i + 3, k + 7);
      }
      const VectorX t = rnea(m, d, q, qd, qdd);
      line(out, head, "rnea", t.data(), n);
      const MatrixX M = crba(m, d, q);
      line(out, head, "crba", M.data(), M.size());
      const MatrixX Mr = massMatrixRecurrence(m, d, q);
      line(out, head, "recurrence", Mr.data(), Mr.size());
      const MatrixX C = coriolisMatrix(m, d, q, qd);
      line(out, head, "coriolis", C.data(), C.size());
      if (rm == 0 && aba(m, d, q, qd, tau) == -1) line(out, head, "aba", d.qdd.data(), n);
      if (forwardDynamicsCholesky(m, d, q, qd, tau) == -1) line(out, head, "cholesky", d.qdd.data(), n);
      forwardKinematics(m, d, q);
      line(out, head, "tool_R", d.oMtool.R.data(), 9);
      line(out, head, "tool_p", d.oMtool.p.data(), 3);
      computeJacobian(m, d, JacobianFrame::Base);
      line(out, head, "jacobian", d.J.data(), d.J.size());
      const EnergyMomentum e = energyMomentum(m, d, q, qd);
      const double ev[8] = {e.kinetic,           e.potential,         e.linearMomentum[0], e.linearMomentum[1],
                            e.linearMomentum[2], e.angularMomentum[0], e.angularMomentum[1], e.angularMomentum[2]};
      line(out, head, "energy", ev, 8);
    }
  }
  return out;
}

}  // namespace maniplab::golden
