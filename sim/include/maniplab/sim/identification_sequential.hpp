#pragma once
// The sequential identification procedure of seed 002 ch. III (§III.7, §IV), in its corrected form
// (reference notes base-parameters-identification.md §7–§8): tests moving one or two joints, each giving
// a small linear system from the energy theorem (3.5)
//   sum_k (W_k - Fs_k int|qd_k| - Fv_k int qd_k^2) = Delta[h] pi        (no acceleration needed),
// solved in order so that every step only involves parameters found by the earlier steps plus its own
// unknowns. The per-step equations of §8 are not hand-coded: each test segment's row is computed from
// the energy functions h (energy_regressor.hpp) in the base parameters of the standard solution, the
// known columns are moved to the right-hand side, and the step is VALIDATED: a non-zero coefficient on a
// parameter that is neither known nor an unknown of the step (a wrong motion or a wrong step order) is
// an error naming that parameter. This reproduces the corrected equations of §8 (e.g. the 1/2 on the ZZ
// terms, the held downstream joints of steps 9, 11, 13) by construction.
// The rotor inertias Ia (absent from the thesis) are taken as known (motor data sheets): the identified
// ZZR1 and ZZR4 include Ia1 and Ia4 as in the base set.
#include <cstdint>
#include <string>
#include <vector>

#include "maniplab/model/base_parameters.hpp"
#include "maniplab/model/model.hpp"

namespace maniplab::sim {

/// One test motion sampled uniformly (rows = samples, columns = joints), continuous torques.
struct SequentialSegment {
  VectorX t;
  MatrixX q, qd, tau;
};

/// A step: a title (test class, motion) and the base parameters it identifies (names of the base set).
struct SequentialStep {
  std::string title;
  std::vector<std::string> unknowns;
  /// Motion used by th8SequentialSegments(): moving joints (0-based), constant-velocity flags, the
  /// joint held at several values (-1: none).
  std::vector<int> moving;
  std::vector<bool> constantVelocity;
  int held = -1;
  /// The step's corrected equation as verified in reference §8 (plain text, UTF-8; W = work, fr = the
  /// friction terms of the moving joints, Δ[x] = x(t_B) − x(t_A), C_j, S_j = cos q_j, sin q_j).
  std::string equation;
  /// What the thesis printed wrong for this step (reference §9 errata); empty when printed correctly.
  std::string correction;
};

/// The 14 corrected TH8 steps of reference §8 (unknown names of symbolicBaseParameters(th8, {true})).
std::vector<SequentialStep> th8SequentialProcedure();

/// Exact test motions for a step (for simulation and teaching): `count` segments, each a motion of the
/// step's joints (constant velocity: q = q_a + v t; variable: a smooth non-periodic profile), the other
/// joints at 0 or at the held values; torques by inverse dynamics of `model` (friction included).
std::vector<SequentialSegment> th8SequentialSegments(const Model& model, const SequentialStep& step, int count,
                                                     double rateHz = 1000);

struct SequentialStepResult {
  std::string title;
  std::vector<std::string> unknowns;
  VectorX values, stdDev;
  double conditionNumber = 0;
  double foreignCoefficient = 0;  ///< largest coefficient on a parameter outside known + unknowns (relative)
};

struct SequentialResult {
  std::vector<SequentialStepResult> steps;
  std::vector<std::string> names;  ///< every identified base parameter, in order
  VectorX values;
};

/// Adds seeded Gaussian noise of standard deviation `torqueStd` (N m or N) to every torque sample (a
/// simulated measurement; positions and velocities are left exact).
void addTorqueNoise(std::vector<SequentialSegment>& segments, double torqueStd, std::uint64_t seed);

/// The procedure one step at a time (for the guided CLI and GUI): every runStep() identifies the step's
/// unknowns from its segments with the parameters known so far (rotor inertias from `knownStandard`,
/// then the results of the earlier steps) and adds them to the known set.
class SequentialIdentifier {
 public:
  SequentialIdentifier(const Model& model, const BaseParameterSet& base, const VectorX& knownStandard);
  /// Throws std::runtime_error (naming the step) for an unknown name, a parameter not yet known, too few
  /// segments or a rank-deficient step; nothing changes then.
  const SequentialStepResult& runStep(const SequentialStep& step, const std::vector<SequentialSegment>& segments);
  const std::vector<SequentialStepResult>& steps() const { return steps_; }
  /// Every identified base parameter so far, in order, with its value.
  SequentialResult result() const;
  bool isKnown(const std::string& name) const;
  const BaseParameterSet& base() const { return base_; }

 private:
  Model model_;
  BaseParameterSet base_;
  VectorX known_;
  std::vector<bool> isKnown_;
  std::vector<std::string> names_;
  std::vector<SequentialStepResult> steps_;
};

/// Runs the steps in order on their segments. `knownStandard` supplies the rotor inertias (13 n standard
/// parameters; only the Ia entries are used). Throws std::runtime_error for a step whose rows involve a
/// parameter not yet known (naming it and the step), an unknown name, or a rank-deficient step.
SequentialResult identifySequential(const Model& model, const BaseParameterSet& base, const std::vector<SequentialStep>& steps,
                                    const std::vector<std::vector<SequentialSegment>>& segments, const VectorX& knownStandard);

}  // namespace maniplab::sim
