#pragma once
// The sequential identification procedure of Belkoura 1993 ch. III (§III.7, §IV), in its corrected form
// (reference notes base-parameters-identification.md §7–§8): tests moving one or two joints, each giving
// a small linear system from the energy theorem (3.5)
//   sum_k (W_k - Fs_k int|qd_k| - Fv_k int qd_k^2) = Delta[h] pi        (no acceleration needed),
// solved in order so that every step only involves parameters found by the earlier steps plus its own
// unknowns. Each TH8 step has its corrected closed-form equation of §8 computed in code
// (th8StepEquation, identification_sequential_equations.cpp: the base parameters the test involves and
// their coefficients from the measured W, Δf_S, Δf_V and the end states), and each test segment's row is
// ALSO computed from the energy functions h (energy_regressor.hpp) in the base parameters of the
// standard solution, (h(B) - h(A)) K^+ plus the friction integrals. runStep solves the closed-form
// equations (SequentialEquations::ClosedForm, the default for a step with a closed form) or the h rows,
// and reports the largest difference between the two rows over the step's motions
// (closedFormDeviation: 1e-15 relative for exact test motions; test_identification checks the 14
// closed forms against the h rows to 1e-12 on random states, and that the thesis's printed forms of
// several steps do NOT match, so the errata of §9 are checked by computation). The step is VALIDATED:
// a non-zero coefficient on a parameter that is neither known nor an unknown of the step (a wrong motion
// or a wrong step order) is an error naming that parameter.
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
  /// 1..14: the step's closed-form equation is th8StepEquation(th8Step, ...); 0: energy functions only.
  int th8Step = 0;
};

/// The measured quantities of one test motion that the energy theorem (3.5) uses (reference §7.1).
struct SegmentMeasures {
  VectorX qA, qdA, qB, qdB;  ///< the state at t_A (first sample) and t_B (last sample)
  VectorX work;              ///< W_j = int tau_j qd_j dt
  VectorX absIntegral;       ///< Δf_Sj = int |qd_j| dt
  VectorX squareIntegral;    ///< Δf_Vj = int qd_j^2 dt
};
/// The measures of a sampled segment (an odd number >= 3 of uniform samples) by composite Boole's rule
/// when the number of intervals is a multiple of 4, else composite Simpson; throws std::runtime_error
/// naming `context` for inconsistent sizes, NaN, or an even sample count.
SegmentMeasures segmentMeasures(const SequentialSegment& segment, int n, const std::string& context);

/// TH8 geometry entering the closed forms: g the signed z component of gravity (^0g = (0 0 g)), d3 and
/// r03 of the DHM table (Table 2.3; r03 = r3 at q3 = 0). Throws std::invalid_argument unless the robot is
/// R P P R R R with gravity along z0.
struct Th8Geometry {
  double g = 0, d3 = 0, r03 = 0;
};
Th8Geometry th8Geometry(const Model& th8);

/// One term of a closed-form equation: coefficient of the base parameter `name`.
struct EquationTerm {
  std::string name;
  double coefficient = 0;
};
/// TH8 step `step` (1..14) of reference §8, corrected (errata §9), on one test motion: the terms such
/// that  sum of the moving joints' W = sum of coefficient * base parameter  (friction Fs, Fv and the rotor
/// inertias Ia2, Ia3, Ia5, Ia6 of the moving joints included; names of symbolicBaseParameters(th8,
/// {true}): M3 is MR3, ZZ1 is ZZR1, MY4 is MYR4 ...). Valid for the step's motion (the other joints at
/// 0 or held, constant velocity where stated).
std::vector<EquationTerm> th8StepEquation(int step, const Th8Geometry& geometry, const SegmentMeasures& measures);
/// The terms as a row over the base parameters of `base` (throws, naming `context`, for an unknown name).
Eigen::RowVectorXd equationRow(const std::vector<EquationTerm>& terms, const BaseParameterSet& base, const std::string& context);
/// The same row from the energy functions, for any motion: (h(B) - h(A)) K^+ with Fv_j Δf_Vj,
/// Fs_j Δf_Sj and Fsa_j (q_jB - q_jA) (energy theorem (3.5)).
Eigen::RowVectorXd energyFunctionRow(const Model& model, const BaseParameterSet& base, const SegmentMeasures& measures);

/// Which rows SequentialIdentifier::runStep solves.
enum class SequentialEquations {
  ClosedForm,      ///< the step's closed form when it has one (th8Step > 0), else the energy functions
  EnergyFunctions  ///< always the energy-function rows
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
  bool closedForm = false;         ///< the closed-form equations were solved
  /// max over the step's motions of |closed-form row - energy-function row| / max |energy-function row|
  /// (-1: the step has no closed form)
  double closedFormDeviation = -1;
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
  SequentialIdentifier(const Model& model, const BaseParameterSet& base, const VectorX& knownStandard,
                       SequentialEquations equations = SequentialEquations::ClosedForm);
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
  SequentialEquations equations_;
  VectorX known_;
  std::vector<bool> isKnown_;
  std::vector<std::string> names_;
  std::vector<SequentialStepResult> steps_;
};

/// Runs the steps in order on their segments. `knownStandard` supplies the rotor inertias (13 n standard
/// parameters; only the Ia entries are used). Throws std::runtime_error for a step whose rows involve a
/// parameter not yet known (naming it and the step), an unknown name, or a rank-deficient step.
SequentialResult identifySequential(const Model& model, const BaseParameterSet& base, const std::vector<SequentialStep>& steps,
                                    const std::vector<std::vector<SequentialSegment>>& segments, const VectorX& knownStandard,
                                    SequentialEquations equations = SequentialEquations::ClosedForm);

}  // namespace maniplab::sim
