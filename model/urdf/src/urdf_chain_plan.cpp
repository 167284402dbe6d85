// Chain choice in a URDF tree: the chain from the root link to a tip, the locked positions of all other
// moving joints (stated, mimic, <maniplab:joint home>, zero) and the candidate chains (urdf_file.hpp).
#include "urdf_chain_plan.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>

namespace maniplab::urdf_detail {

namespace {

std::string linkPath(const std::string& name) { return "/robot/link[" + name + "]"; }
std::string jointPath(const std::string& name) { return "/robot/joint[" + name + "]"; }
std::string dq(const std::string& s) { return "\"" + s + "\""; }

std::string dqList(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + dq(n);
  return s;
}

Message candidatesMessage(const std::vector<UrdfChainCandidate>& candidates) {
  if (candidates.empty()) return message(msg::kUrdfCandidatesNone);
  std::vector<Message> items;
  for (const auto& c : candidates) {
    std::string mimics;
    for (const auto& l : c.locked)
      if (l.onChain && !l.stated) mimics += (mimics.empty() ? "" : ", ") + l.name;
    const bool one = c.joints.size() == 1;
    const auto n = MessageArg::integer(static_cast<long long>(c.joints.size()));
    if (mimics.empty())
      items.push_back(one ? message(msg::kUrdfCandidateOne, {MessageArg::field(c.tip)})
                          : message(msg::kUrdfCandidate, {MessageArg::field(c.tip), n}));
    else
      items.push_back(one ? message(msg::kUrdfCandidateOneMimic, {MessageArg::field(c.tip), MessageArg::field(mimics)})
                          : message(msg::kUrdfCandidateMimic, {MessageArg::field(c.tip), n, MessageArg::field(mimics)}));
  }
  Message list = items.back();  // "a, b, c" as nested pairs (a, (b, c)): each language keeps its separator
  for (std::size_t k = items.size() - 1; k-- > 0;) list = message(msg::kUrdfListPair, {items[k], list});
  return list;
}

/// Joints from the root link to `link` (empty for the root).
std::vector<urdf::JointConstSharedPtr> pathTo(const urdf::ModelInterface& model, const std::string& link) {
  std::vector<urdf::JointConstSharedPtr> path;
  urdf::LinkConstSharedPtr l = model.getLink(link);
  for (std::size_t guard = 0; l && l->parent_joint && guard <= model.joints_.size(); ++guard) {
    path.push_back(l->parent_joint);
    l = model.getLink(l->parent_joint->parent_link_name);
  }
  return {path.rbegin(), path.rend()};
}

/// The links of the tree in depth-first order from the root (children in document order of joints).
std::vector<urdf::LinkConstSharedPtr> depthFirst(const urdf::ModelInterface& model) {
  std::vector<urdf::LinkConstSharedPtr> out;
  std::function<void(const urdf::LinkConstSharedPtr&)> visit = [&](const urdf::LinkConstSharedPtr& l) {
    if (!l || out.size() > model.links_.size()) return;
    out.push_back(l);
    for (const auto& j : l->child_joints)
      if (j) visit(model.getLink(j->child_link_name));
  };
  visit(model.getRoot());
  return out;
}

/// The free joints: moving and not stated locked. A link's "body link" is its nearest ancestor-or-self
/// whose parent joint is free (the root link for the base).
struct FreeStructure {
  std::map<std::string, std::string> bodyOf;                           ///< link -> body link
  std::map<std::string, std::vector<urdf::JointConstSharedPtr>> freeChildren;  ///< body link -> free joints below it
};

FreeStructure freeStructure(const urdf::ModelInterface& model, const std::map<std::string, double>& stated) {
  FreeStructure s;
  for (const auto& l : depthFirst(model)) {
    const auto& pj = l->parent_joint;
    if (!pj) {
      s.bodyOf[l->name] = l->name;
      continue;
    }
    const bool free = isMovingJoint(*pj) && !stated.count(pj->name);
    const std::string parentBody = s.bodyOf[pj->parent_link_name];
    s.bodyOf[l->name] = free ? l->name : parentBody;
    if (free) s.freeChildren[parentBody].push_back(pj);
  }
  return s;
}

const char* unitOf(const urdf::Joint& j) { return j.type == urdf::Joint::PRISMATIC ? "m" : "rad"; }

/// Every stated locked position names a moving joint of the URDF and is finite; false (with an error
/// for each one that is not) otherwise.
bool checkStatedPositions(const urdf::ModelInterface& model, const UrdfImportOptions& options, JsonReader& rd) {
  bool ok = true;
  for (const auto& [name, value] : options.lockedPositions) {
    const urdf::JointConstSharedPtr j = model.getJoint(name);
    if (!j) {
      rd.error("/robot", message(msg::kUrdfLockNotAJoint, {MessageArg::field(name)}));
      ok = false;
    } else if (!isMovingJoint(*j)) {
      rd.error(jointPath(name), message(msg::kUrdfLockFixed, {MessageArg::field(name)}));
      ok = false;
    } else if (!std::isfinite(value)) {
      rd.error(jointPath(name), message(msg::kUrdfLockNotFinite, {MessageArg::field(name)}));
      ok = false;
    }
  }
  return ok;
}

/// The default chain (no tip): the free joints must lie on one path; the chain ends below the deepest
/// of them. False (with an error listing the candidate tips) when the free joints branch.
bool defaultChainPath(const urdf::ModelInterface& model, const UrdfImportOptions& options,
                      const std::map<std::string, double>& homes, const FreeStructure& fs, JsonReader& rd,
                      std::vector<urdf::JointConstSharedPtr>& path) {
  const urdf::LinkConstSharedPtr root = model.getRoot();
  for (const auto& l : depthFirst(model)) {
    auto it = fs.freeChildren.find(l->name);
    if (it == fs.freeChildren.end() || it->second.size() < 2) continue;
    std::vector<std::string> names, from;
    for (const auto& j : it->second) {
      names.push_back(j->name);
      if (std::find(from.begin(), from.end(), j->parent_link_name) == from.end()) from.push_back(j->parent_link_name);
    }
    const auto cands = candidateChains(model, options, homes);
    rd.error(linkPath(from.front()), message(msg::kUrdfTree, {MessageArg::field(dqList(from)), MessageArg::field(dqList(names)),
                                                              MessageArg::field(root->name), candidatesMessage(cands)}));
    return false;
  }
  // The deepest free joint: follow the single free child of each body from the root.
  std::string body = root->name;
  urdf::JointConstSharedPtr last;
  for (std::size_t guard = 0; guard <= model.joints_.size(); ++guard) {
    auto it = fs.freeChildren.find(body);
    if (it == fs.freeChildren.end() || it->second.empty()) break;
    last = it->second.front();
    body = last->child_link_name;
  }
  if (last) path = pathTo(model, last->child_link_name);
  return true;
}

/// The joints from the root link to the chain's end: to options.tip, or the default chain. False (with
/// an error) when the tip is not a link or the default chain branches.
bool chainPath(const urdf::ModelInterface& model, const UrdfImportOptions& options,
               const std::map<std::string, double>& homes, JsonReader& rd, std::vector<urdf::JointConstSharedPtr>& path) {
  const FreeStructure fs = freeStructure(model, options.lockedPositions);
  if (options.tip.empty()) return defaultChainPath(model, options, homes, fs, rd, path);
  if (!model.getLink(options.tip)) {
    const auto cands = candidateChains(model, UrdfImportOptions{{}, true, {}, options.lockedPositions}, homes);
    rd.error("/robot", message(msg::kUrdfTipNotLink, {MessageArg::field(options.tip), MessageArg::field(model.getRoot()->name),
                                                      candidatesMessage(cands)}));
    return false;
  }
  path = pathTo(model, options.tip);
  return true;
}

/// The moving joints of the path that are neither stated locked nor mimic joints, into plan.active.
/// False (with an error for each) when one of them is floating, planar or of an unknown type.
bool activeJointsOf(const std::vector<urdf::JointConstSharedPtr>& path, const UrdfImportOptions& options, JsonReader& rd,
                    ChainPlan& plan) {
  bool ok = true;
  for (const auto& j : path) {
    if (!isMovingJoint(*j) || options.lockedPositions.count(j->name) || (j->mimic && !options.coupleMimics)) continue;
    // a floating or planar mimic joint is not coupled (one coordinate each): locked at its origin as before
    if (j->mimic && (j->type == urdf::Joint::FLOATING || j->type == urdf::Joint::PLANAR)) continue;
    if (j->type == urdf::Joint::FLOATING) {
      rd.error(jointPath(j->name), message(msg::kUrdfFloatingOnChain, {MessageArg::field(j->name)}));
      ok = false;
    } else if (j->type == urdf::Joint::PLANAR) {
      rd.error(jointPath(j->name), message(msg::kUrdfPlanarOnChain, {MessageArg::field(j->name)}));
      ok = false;
    } else if (j->type != urdf::Joint::REVOLUTE && j->type != urdf::Joint::CONTINUOUS &&
               j->type != urdf::Joint::PRISMATIC) {
      rd.error(jointPath(j->name), message(msg::kUrdfUnknownJointType, {MessageArg::field(j->name)}));
      ok = false;
    } else {
      plan.active.push_back(j);
    }
  }
  return ok;
}

/// The whole tree's moving joints, depth first from the root link: the revolute, continuous and prismatic
/// joints that are neither stated locked nor mimic joints, into plan.active (floating, planar and unknown
/// joints are locked, at their origin); `onPath` gets every joint of the tree (all are "on the tree").
void treeJointsOf(const urdf::ModelInterface& model, const UrdfImportOptions& options, ChainPlan& plan,
                  std::set<std::string>& onPath) {
  for (const auto& l : depthFirst(model)) {
    const urdf::JointConstSharedPtr& j = l->parent_joint;
    if (!j) continue;
    onPath.insert(j->name);
    if (!isMovingJoint(*j) || options.lockedPositions.count(j->name) || (j->mimic && !options.coupleMimics)) continue;
    if (j->type == urdf::Joint::REVOLUTE || j->type == urdf::Joint::CONTINUOUS || j->type == urdf::Joint::PRISMATIC)
      plan.active.push_back(j);
  }
}

/// UrdfImportOptions::coupleMimics: the mimic joints among plan.active become coupled joints of the model
/// (plan.coupling) when the joint they follow, through any chain of mimics (composed: q = a (c q_r + d) + b),
/// is an active independent joint (and the composed multiplier is not 0); the others leave plan.active and are
/// locked as without the option. False (with an error) for a mimic cycle, a mimic of an unknown joint or
/// non-finite coefficients.
bool coupleMimicJoints(const urdf::ModelInterface& model, JsonReader& rd, ChainPlan& plan) {
  std::vector<urdf::JointConstSharedPtr> kept;
  std::vector<std::pair<std::string, JointCoupling>> coupled;  // by joint name; source filled below
  std::vector<std::string> rootOf;
  for (const auto& j : plan.active) {
    if (!j->mimic) {
      kept.push_back(j);
      continue;
    }
    double a = 1, b = 0;
    urdf::JointConstSharedPtr r = j;
    for (std::size_t depth = 0; r->mimic; ++depth) {
      if (depth > model.joints_.size()) {
        rd.error(jointPath(j->name) + "/mimic", message(msg::kUrdfMimicCycle, {MessageArg::field(j->name)}));
        return false;
      }
      const urdf::JointConstSharedPtr m = model.getJoint(r->mimic->joint_name);
      if (!m) {
        rd.error(jointPath(r->name) + "/mimic",
                 message(msg::kUrdfMimicMissing, {MessageArg::field(r->name), MessageArg::field(r->mimic->joint_name)}));
        return false;
      }
      if (!std::isfinite(r->mimic->multiplier) || !std::isfinite(r->mimic->offset)) {
        rd.error(jointPath(r->name) + "/mimic", message(msg::kUrdfMimicNotFinite));
        return false;
      }
      b += a * r->mimic->offset;  // q_j = a q_r + b and q_r = g q_m + o: q_j = (a g) q_m + (a o + b)
      a *= r->mimic->multiplier;
      r = m;
    }
    // follows a locked joint, or with a multiplier 0 (a constant position): locked as without the option
    if (!plan.isActive(r->name) || a == 0) continue;
    kept.push_back(j);
    coupled.push_back({j->name, JointCoupling{-1, a, b}});
    rootOf.push_back(r->name);
  }
  plan.active = kept;
  plan.coupling.assign(plan.active.size(), JointCoupling{});
  for (std::size_t c = 0; c < coupled.size(); ++c) {
    JointCoupling jc = coupled[c].second;
    jc.source = plan.activeIndex(rootOf[c]);
    plan.coupling[std::size_t(plan.activeIndex(coupled[c].first))] = jc;
  }
  if (coupled.empty()) plan.coupling.clear();
  return true;
}

/// The positions of the joints off the chain (stated > mimic > maniplab home > zero; the chain's own
/// joints at their home), mimic chains followed with a cycle check.
class LockedPositions {
 public:
  LockedPositions(const urdf::ModelInterface& model, const UrdfImportOptions& options,
                  const std::map<std::string, double>& homes, const std::set<std::string>& activeNames, JsonReader& rd)
      : model_(model), options_(options), homes_(homes), activeNames_(activeNames), rd_(rd) {}

  /// Resolves joint j (and the joints it follows); false (with an error) for a mimic cycle or an invalid mimic.
  bool resolve(const urdf::Joint& j) {
    if (state_[j.name] == 2) return true;
    if (state_[j.name] == 1) {
      rd_.error(jointPath(j.name) + "/mimic", message(msg::kUrdfMimicCycle, {MessageArg::field(j.name)}));
      return false;
    }
    state_[j.name] = 1;
    double v = 0;
    bool fa = false;
    if (auto s = options_.lockedPositions.find(j.name); s != options_.lockedPositions.end()) {
      v = s->second;
    } else if (activeNames_.count(j.name)) {
      auto h = homes_.find(j.name);
      v = h != homes_.end() ? h->second : 0.0;
      fa = true;
    } else if (j.mimic) {
      const urdf::JointConstSharedPtr m = model_.getJoint(j.mimic->joint_name);
      if (!m) {
        rd_.error(jointPath(j.name) + "/mimic",
                  message(msg::kUrdfMimicMissing, {MessageArg::field(j.name), MessageArg::field(j.mimic->joint_name)}));
        return false;
      }
      if (!std::isfinite(j.mimic->multiplier) || !std::isfinite(j.mimic->offset)) {
        rd_.error(jointPath(j.name) + "/mimic", message(msg::kUrdfMimicNotFinite));
        return false;
      }
      if (!resolve(*m)) return false;
      v = j.mimic->multiplier * value_[m->name] + j.mimic->offset;
      fa = followsActive_[m->name];
    } else {
      auto h = homes_.find(j.name);
      v = h != homes_.end() ? h->second : 0.0;
    }
    value_[j.name] = v;
    followsActive_[j.name] = fa;
    state_[j.name] = 2;
    return true;
  }
  /// The position of a resolved joint.
  double value(const std::string& joint) { return value_[joint]; }
  /// A resolved joint is an active joint or (through mimics) follows one.
  bool followsActive(const std::string& joint) { return followsActive_[joint]; }

 private:
  const urdf::ModelInterface& model_;
  const UrdfImportOptions& options_;
  const std::map<std::string, double>& homes_;
  const std::set<std::string>& activeNames_;
  JsonReader& rd_;
  std::map<std::string, int> state_;  // 1 = being resolved, 2 = done
  std::map<std::string, double> value_;
  std::map<std::string, bool> followsActive_;
};

/// The locked joint `name` (resolved in `positions`), with a warning when it is locked outside its limits.
UrdfLockedJoint lockedJoint(const std::string& name, const urdf::Joint& j, LockedPositions& positions,
                            const UrdfImportOptions& options, const std::set<std::string>& onPath,
                            std::map<std::string, std::string>& bodyOf, JsonReader& rd) {
  UrdfLockedJoint lk;
  lk.name = name;
  lk.prismatic = j.type == urdf::Joint::PRISMATIC;
  lk.position = positions.value(name);
  lk.onChain = onPath.count(name) > 0;
  lk.stated = options.lockedPositions.count(name) > 0;
  if (j.mimic && !lk.stated) {
    lk.mimicOf = j.mimic->joint_name;
    lk.mimicMultiplier = j.mimic->multiplier;
    lk.mimicOffset = j.mimic->offset;
  }
  lk.couplingLost = !lk.stated && j.mimic && positions.followsActive(name);
  lk.intoBody = bodyOf[j.parent_link_name];
  if (j.limits && (j.type == urdf::Joint::REVOLUTE || j.type == urdf::Joint::PRISMATIC) &&
      (lk.position < j.limits->lower - 1e-12 || lk.position > j.limits->upper + 1e-12) &&
      !(j.limits->lower == 0 && j.limits->upper == 0)) {
    const auto number = [](double v) {  // as a stream writes it (6 significant digits)
      std::ostringstream s;
      s.imbue(std::locale::classic());
      s << v;
      return MessageArg::number(v, s.str());
    };
    rd.warning(jointPath(name), message(msg::kUrdfLockedOutsideLimits, {number(lk.position), MessageArg::field(unitOf(j)),
                                                                       number(j.limits->lower), number(j.limits->upper)}));
  }
  return lk;
}

}  // namespace

bool isMovingJoint(const urdf::Joint& j) { return j.type != urdf::Joint::FIXED; }

int ChainPlan::activeIndex(const std::string& joint) const {
  for (std::size_t k = 0; k < active.size(); ++k)
    if (active[k]->name == joint) return int(k);
  return -1;
}

bool planChain(const urdf::ModelInterface& model, const UrdfImportOptions& options,
               const std::map<std::string, double>& homes, JsonReader& rd, ChainPlan& plan) {
  plan = ChainPlan();
  plan.tip = options.tip;
  const urdf::LinkConstSharedPtr root = model.getRoot();
  if (!root) {
    rd.error("/robot", message(msg::kUrdfNoRoot));
    return false;
  }
  if (!checkStatedPositions(model, options, rd)) return false;
  std::set<std::string> onPath;
  plan.wholeTree = options.wholeTree;
  if (options.wholeTree) {
    if (!options.tip.empty()) {
      rd.error("/robot", message(msg::kUrdfTreeWithTip, {MessageArg::field(options.tip)}));
      return false;
    }
    treeJointsOf(model, options, plan, onPath);
  } else {
    std::vector<urdf::JointConstSharedPtr> path;
    if (!chainPath(model, options, homes, rd, path)) return false;
    for (const auto& j : path) onPath.insert(j->name);
    if (!activeJointsOf(path, options, rd, plan)) return false;
  }

  if (options.coupleMimics && !coupleMimicJoints(model, rd, plan)) return false;

  // Body link of each link for the chosen chain (nearest ancestor-or-self moved by an active joint).
  std::set<std::string> activeNames;
  for (const auto& j : plan.active) activeNames.insert(j->name);
  std::map<std::string, std::string> bodyOf;
  for (const auto& l : depthFirst(model))
    bodyOf[l->name] = !l->parent_joint ? l->name
                      : activeNames.count(l->parent_joint->name) ? l->name
                                                                 : bodyOf[l->parent_joint->parent_link_name];

  // Parent of each active joint: the active joint whose child link is the body its parent link belongs to.
  for (const auto& j : plan.active) {
    const std::string& body = bodyOf[j->parent_link_name];
    const urdf::LinkConstSharedPtr bl = model.getLink(body);
    plan.parent.push_back(bl && bl->parent_joint ? plan.activeIndex(bl->parent_joint->name) : -1);
  }

  LockedPositions positions(model, options, homes, activeNames, rd);
  for (const auto& [name, j] : model.joints_) {
    if (!j || !isMovingJoint(*j) || activeNames.count(name)) continue;
    if (!positions.resolve(*j)) return false;
    plan.locked[name] = lockedJoint(name, *j, positions, options, onPath, bodyOf, rd);
  }
  if (plan.active.empty()) {
    if (!options.tip.empty())
      rd.error("/robot", message(msg::kUrdfNoJointToTip, {MessageArg::field(root->name), MessageArg::field(options.tip)}));
    else
      rd.error("/robot", message(options.lockedPositions.empty() ? msg::kUrdfNoMovingJoint : msg::kUrdfNoMovingJointUnlocked,
                                 {MessageArg::field(root->name)}));
    return false;
  }
  return true;
}

UrdfChainCandidate wholeTreeCandidate(const urdf::ModelInterface& model, const UrdfImportOptions& options,
                                      const std::map<std::string, double>& homes) {
  std::vector<Diagnostic> ignored;
  JsonReader quiet("", ignored);
  UrdfImportOptions o = options;
  o.tip.clear();
  o.wholeTree = true;
  UrdfChainCandidate c;
  c.wholeTree = true;
  ChainPlan plan;
  if (!planChain(model, o, homes, quiet, plan)) return c;
  for (const auto& j : plan.active) c.joints.push_back(j->name);
  for (const auto& [name, lk] : plan.locked) c.locked.push_back(lk);
  return c;
}

std::vector<UrdfChainCandidate> candidateChains(const urdf::ModelInterface& model, const UrdfImportOptions& options,
                                                const std::map<std::string, double>& homes, bool* serial) {
  // The tips come from the tree as written (stable while the user states positions); the chains are
  // planned with the stated positions, and "serial" says whether a tip is needed with them.
  const FreeStructure fs = freeStructure(model, {});
  bool isSerial = true;
  for (const auto& [body, joints] : freeStructure(model, options.lockedPositions).freeChildren)
    isSerial = isSerial && joints.size() < 2;
  std::vector<std::string> tips;
  auto add = [&](const std::string& t) {
    if (std::find(tips.begin(), tips.end(), t) == tips.end()) tips.push_back(t);
  };
  for (const auto& l : depthFirst(model)) {
    const std::string body = fs.bodyOf.at(l->name);
    auto it = fs.freeChildren.find(body);
    const std::size_t below = it == fs.freeChildren.end() ? 0 : it->second.size();
    if (below >= 2 && l->name == body) {
      // The chain that stops before the branches: at the link they all start from (a gripper's hand), or
      // at the body's own link when they start from different links of it (a torso's shoulders).
      std::set<std::string> from;
      for (const auto& j : it->second) from.insert(j->parent_link_name);
      add(from.size() == 1 ? *from.begin() : body);
    }
    if (!l->child_joints.empty() || body == model.getRoot()->name) continue;  // not a leaf, or on the base
    if (below == 0 || below >= 2) add(l->name);
  }
  if (serial) *serial = isSerial;
  std::vector<UrdfChainCandidate> out;
  for (const auto& t : tips) {
    std::vector<Diagnostic> ignored;
    JsonReader quiet("", ignored);
    UrdfImportOptions o = options;
    o.tip = t;
    ChainPlan plan;
    if (!planChain(model, o, homes, quiet, plan)) continue;  // e.g. a floating joint on that path
    UrdfChainCandidate c;
    c.tip = t;
    for (const auto& j : plan.active) c.joints.push_back(j->name);
    for (const auto& [name, lk] : plan.locked) c.locked.push_back(lk);
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace maniplab::urdf_detail

namespace maniplab {

std::string describeCandidates(const std::vector<UrdfChainCandidate>& candidates) {
  return urdf_detail::candidatesMessage(candidates).text;
}

}  // namespace maniplab
