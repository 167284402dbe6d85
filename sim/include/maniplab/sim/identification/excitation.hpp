#pragma once
// Optimal excitation for identification: finite Fourier series joint trajectories
// (trajectory_fourier.hpp, Swevers et al. 1997) whose coefficients minimise the condition number of the
// observation matrix W = [Y_B(q(t_k), qd(t_k), qdd(t_k))]_k (base regressor stacked over one period,
// columns normalised to unit norm so that the criterion does not depend on the parameters' units),
// subject to the joint position, velocity and torque limits (times `margin`), starting and ending at
// rest (sum_l a_il = 0, sum_l l b_il = 0). q0 is the middle of each joint's range (home when unlimited).
// Optimiser: a seeded (1+1) evolution strategy with the 1/5 success rule, limits by an exact penalty
// (a violated candidate is worse than every feasible one); deterministic for a given seed.
#include <string>
#include <vector>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/model.hpp"

namespace maniplab::sim {

struct ExcitationOptions {
  int harmonics = 5;
  double baseFrequencyHz = 0.1;   ///< period 1 / f
  int periods = 2;                ///< periods written into the scene
  int iterations = 1500;          ///< candidate evaluations
  int samples = 120;              ///< evaluation points per period
  double margin = 0.8;            ///< fraction of the limits used
  unsigned seed = 1;
};

struct ExcitationResult {
  VectorX q0;
  double wf = 0;                  ///< rad/s
  MatrixX a, b;                   ///< n x harmonics
  double conditionNumber = 0;     ///< of the column-normalised observation matrix (the criterion)
  double initialConditionNumber = 0;
  double positionRatio = 0, velocityRatio = 0, torqueRatio = 0;  ///< max |x| / limit over the period
  bool feasible = false;
  int evaluations = 0;
};

ExcitationResult optimizeExcitation(const Model& model, const BaseParameterSet& base, const ExcitationOptions& options = {});

/// A scene (scenes/README.md format) running the excitation with a computed-torque controller on the
/// robot `robotPath` (as written in the scene, relative to the scene file), recording state and torque.
std::string excitationSceneJson(const ExcitationResult& r, const ExcitationOptions& o, const std::string& robotPath,
                                const std::string& name, const std::string& description);

}  // namespace maniplab::sim
