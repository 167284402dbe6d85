#pragma once
// Chain choice in a URDF tree (rules: urdf_file.hpp): which joints move, where every other moving joint
// is locked, and the candidate chains offered to the user. Internal to maniplab::urdf.
#include <map>
#include <string>
#include <vector>

#include <urdf_model/model.h>

#include "maniplab/model/json_reader.hpp"
#include "maniplab/urdf/urdf_file.hpp"

namespace maniplab::urdf_detail {

/// Any joint type but fixed (revolute, continuous, prismatic, floating, planar, unknown).
bool isMovingJoint(const urdf::Joint& j);

/// The chain to simulate.
/// The joints to simulate: a chain, or the whole tree (UrdfImportOptions::wholeTree).
struct ChainPlan {
  std::vector<urdf::JointConstSharedPtr> active;    ///< the joints that move, root to tip (a tree: depth first)
  std::vector<int> parent;                           ///< per active joint, the active joint carrying it (-1: the base)
  std::map<std::string, UrdfLockedJoint> locked;     ///< every other moving joint, by name
  std::string tip;                                   ///< the chosen tip (empty: the default chain, or the tree)
  bool wholeTree = false;
  /// UrdfImportOptions::coupleMimics: per active joint, the active joint it follows (Model::coupling);
  /// empty when no active joint is coupled.
  std::vector<JointCoupling> coupling;
  bool isActive(const std::string& joint) const { return activeIndex(joint) >= 0; }
  /// The joint's index in `active`, -1 when it does not move.
  int activeIndex(const std::string& joint) const;
};

/// Plans the chain from the root link to options.tip (empty: the URDF must be serial, see urdf_file.hpp),
/// or the whole tree (options.wholeTree).
/// `homes` are the <maniplab:joint home> values by joint name. False, with errors in `rd`, when the
/// choice is impossible (unknown tip or stated joint, a branch without a tip, a floating or planar joint
/// on the chain, mimic joints that form a cycle or follow an unknown joint, no moving joint).
bool planChain(const urdf::ModelInterface& model, const UrdfImportOptions& options,
               const std::map<std::string, double>& homes, JsonReader& rd, ChainPlan& plan);

/// The whole tree as a candidate, planned with `options.lockedPositions` (no joint when it cannot be planned).
UrdfChainCandidate wholeTreeCandidate(const urdf::ModelInterface& model, const UrdfImportOptions& options,
                                      const std::map<std::string, double>& homes);

/// The candidate chains (urdfTreeInfo's rule), each planned with `options.lockedPositions`.
std::vector<UrdfChainCandidate> candidateChains(const urdf::ModelInterface& model, const UrdfImportOptions& options,
                                                const std::map<std::string, double>& homes, bool* serial = nullptr);

}  // namespace maniplab::urdf_detail
