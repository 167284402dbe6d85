// Coupled (mimic) joints: q = G q_ind + o, M_ind = G^T M G, tau_ind = G^T tau (coupled_dynamics.hpp; the
// projection of Pinocchio 3's mimic joints).
#include "maniplab/model/coupled_dynamics.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/cholesky.hpp"
#include "maniplab/model/crba.hpp"

namespace maniplab {

namespace {

[[noreturn]] void badCoupling(const Model& model, int joint, const std::string& why) {
  throw std::invalid_argument("model \"" + model.name + "\": joint " + std::to_string(joint + 1) + " (" +
                              model.jointName[std::size_t(joint)] + "): coupling " + why);
}

void checkLength(const char* function, const char* argument, const VectorX& v, int expected) {
  if (v.size() != expected) [[unlikely]]
    throw std::invalid_argument(std::string(function) + ": " + argument + " has " + std::to_string(v.size()) +
                                " entries, expected " + std::to_string(expected));
}

}  // namespace

CouplingMap couplingMap(const Model& model) {
  const int n = model.nq;
  CouplingMap map;
  map.n = n;
  map.column.assign(std::size_t(n), -1);
  map.multiplier.assign(std::size_t(n), 1.0);
  map.offset.assign(std::size_t(n), 0.0);
  if (!model.coupling.empty() && model.coupling.size() != std::size_t(n))
    throw std::invalid_argument("model \"" + model.name + "\": " + std::to_string(model.coupling.size()) +
                                " joint couplings for " + std::to_string(n) + " joints");
  const auto couplingOf = [&](int i) { return model.coupling.empty() ? JointCoupling{} : model.coupling[std::size_t(i)]; };
  for (int i = 0; i < n; ++i)  // the independent joints first: a coupled joint may follow a later one
    if (couplingOf(i).source < 0) {
      map.column[std::size_t(i)] = map.m++;
      map.independent.push_back(i);
    }
  for (int i = 0; i < n; ++i) {
    const auto k = std::size_t(i);
    const JointCoupling c = couplingOf(i);
    if (c.source < 0) continue;
    if (c.source >= n || c.source == i) badCoupling(model, i, "source " + std::to_string(c.source + 1) + " is not another joint");
    if (couplingOf(c.source).source >= 0)
      badCoupling(model, i, "source " + std::to_string(c.source + 1) + " is itself coupled");
    if (!std::isfinite(c.multiplier) || c.multiplier == 0.0 || !std::isfinite(c.offset))
      badCoupling(model, i, "multiplier and offset must be finite, the multiplier non-zero");
    map.column[k] = map.column[std::size_t(c.source)];
    map.multiplier[k] = c.multiplier;
    map.offset[k] = c.offset;
  }
  return map;
}

void expandPositions(const CouplingMap& map, const VectorX& qInd, VectorX& q) {
  checkLength("expandPositions", "qInd", qInd, map.m);
  checkLength("expandPositions", "q", q, map.n);
  for (int i = 0; i < map.n; ++i) {
    const auto k = std::size_t(i);
    q[i] = map.multiplier[k] * qInd[map.column[k]] + map.offset[k];
  }
}

void expandRates(const CouplingMap& map, const VectorX& vInd, VectorX& v) {
  checkLength("expandRates", "vInd", vInd, map.m);
  checkLength("expandRates", "v", v, map.n);
  for (int i = 0; i < map.n; ++i) {
    const auto k = std::size_t(i);
    v[i] = map.multiplier[k] * vInd[map.column[k]];
  }
}

void projectForces(const CouplingMap& map, const VectorX& tau, VectorX& tauInd) {
  checkLength("projectForces", "tau", tau, map.n);
  checkLength("projectForces", "tauInd", tauInd, map.m);
  tauInd.setZero();
  for (int i = 0; i < map.n; ++i) {
    const auto k = std::size_t(i);
    tauInd[map.column[k]] += map.multiplier[k] * tau[i];
  }
}

void independentPart(const CouplingMap& map, const VectorX& full, VectorX& ind) {
  checkLength("independentPart", "full", full, map.n);
  checkLength("independentPart", "ind", ind, map.m);
  for (int c = 0; c < map.m; ++c) ind[c] = full[map.independent[std::size_t(c)]];
}

CoupledData::CoupledData(const CouplingMap& map)
    : Mind(MatrixX::Zero(map.m, map.m)), Lind(MatrixX::Zero(map.m, map.m)), rhs(VectorX::Zero(map.m)),
      qddInd(VectorX::Zero(map.m)), qdd(VectorX::Zero(map.n)) {}

namespace {

void checkWorkspace(const char* function, const Model& model, const CouplingMap& map, const Data& data,
                    const CoupledData& cdata) {
  checkModelData(function, model, data);
  if (map.n != model.nq || cdata.Mind.rows() != map.m || cdata.qdd.size() != map.n)
    throw std::invalid_argument(std::string(function) + ": the coupling map or its workspace was built for another model");
}

/// cdata.Mind = G^T M G from data.M (M's lower and upper triangles both filled).
void projectMass(const CouplingMap& map, const Data& data, CoupledData& cdata) {
  cdata.Mind.setZero();
  for (int i = 0; i < map.n; ++i) {
    const auto ki = std::size_t(i);
    const int a = map.column[ki];
    const double gi = map.multiplier[ki];
    for (int j = 0; j < map.n; ++j) {
      const auto kj = std::size_t(j);
      cdata.Mind(a, map.column[kj]) += gi * data.M(i, j) * map.multiplier[kj];
    }
  }
}

}  // namespace

void coupledMassMatrix(const Model& model, const CouplingMap& map, Data& data, CoupledData& cdata, const VectorX& q) {
  checkWorkspace("coupledMassMatrix", model, map, data, cdata);
  crba(model, data, q);
  projectMass(map, data, cdata);
}

int coupledForwardDynamics(const Model& model, const CouplingMap& map, Data& data, CoupledData& cdata,
                           const VectorX& q, const VectorX& qd, const VectorX& tau, const RneaOptions& opt) {
  checkWorkspace("coupledForwardDynamics", model, map, data, cdata);
  checkSize("coupledForwardDynamics", "tau", tau, model.nq);
  data.tmp.setZero();
  data.nle = rnea(model, data, q, qd, data.tmp, opt);  // h = C qd + g + tau_f (per opt)
  crba(model, data, q, true);                           // rnea left every joint transform at q in data.liMi
  projectMass(map, data, cdata);
  data.tmp = tau - data.nle;
  projectForces(map, data.tmp, cdata.rhs);
  const int bad = detail::choleskyFactorUnchecked(cdata.Mind, cdata.Lind);
  if (bad >= 0) return map.independent[std::size_t(bad)];
  cdata.qddInd = cdata.rhs;
  detail::choleskySolveUnchecked(cdata.Lind, cdata.qddInd);
  expandRates(map, cdata.qddInd, cdata.qdd);
  return -1;
}

void coupledInverseDynamics(const Model& model, const CouplingMap& map, Data& data, CoupledData& cdata,
                            const VectorX& q, const VectorX& qd, const VectorX& qddInd, VectorX& tauInd,
                            const RneaOptions& opt) {
  checkWorkspace("coupledInverseDynamics", model, map, data, cdata);
  expandRates(map, qddInd, cdata.qdd);
  projectForces(map, rnea(model, data, q, qd, cdata.qdd, opt), tauInd);
}

}  // namespace maniplab
