// Messages as data (code, arguments, English text) and the catalogue of model/'s codes.
#include "maniplab/model/message.hpp"

#include <array>

#include "maniplab/model/model_messages.hpp"

namespace maniplab {

MessageArg::MessageArg(const Message& m)
    : kind(Kind::Nested), text(m.text), nested(std::make_shared<const Message>(m)) {}

MessageArg MessageArg::field(std::string s) {
  MessageArg a(std::move(s));
  a.kind = Kind::Field;
  return a;
}

MessageArg MessageArg::number(double v, std::string english) {
  MessageArg a(std::move(english));
  a.kind = Kind::Number;
  a.value = v;
  return a;
}

MessageArg MessageArg::integer(long long v) {
  MessageArg a(std::to_string(v));
  a.kind = Kind::Integer;
  a.value = double(v);
  return a;
}

std::string formatEnglish(const char* english, const std::vector<MessageArg>& args) {
  std::string out;
  for (const char* c = english; *c; ++c) {
    if (c[0] == '%' && c[1] >= '1' && c[1] <= '9' && std::size_t(c[1] - '1') < args.size()) {
      out += args[std::size_t(c[1] - '1')].text;
      ++c;
    } else {
      out += *c;
    }
  }
  return out;
}

Message message(const MessageTemplate& t, std::initializer_list<MessageArg> args) {
  Message m{t.code, std::vector<MessageArg>(args), {}};
  m.text = formatEnglish(t.english, m.args);
  return m;
}

Message plainMessage(std::string text) { return Message{{}, {}, std::move(text)}; }

std::span<const MessageTemplate* const> modelMessages() {
  using namespace msg;
  static constexpr auto all = std::to_array<const MessageTemplate*>({
      &kCannotOpen, &kInvalidJsonAt, &kInvalidJson, &kNumberOverflow, &kUnreadableJson, &kDuplicateKey, &kNotObjectDocument, &kFormatMismatch,
      &kUnsupportedVersion, &kUnknownKey, &kMissingNumber, &kMissingVector3, &kMissingString, &kMissingObject,
      &kMissingInertia, &kNotNumber, &kNotFinite, &kNotVector3, &kNotMatrix3, &kNotRow3, &kNotString, &kNotObject,
      &kNotBoolean, &kNotPositive, &kNegative, &kNegativeGot, &kZero, &kNotPositiveInteger, &kNotUnitVector,
      &kNotRotation, &kNotFiniteNumbers, &kNotFiniteNumber, &kNotFiniteNumberGot, &kNotThreeFinite, &kOutOfRange, &kOutOfRangeNoUnit, &kParent, &kParentDh, &kMimicSource, &kMimicMultiplier,
      &kInertiaNotSymmetric, &kInertiaNotPsd, &kInertiaTriangle, &kGearRange, &kFrictionNegative, &kJointType, &kRpyOrP,
      &kLowerAboveUpper, &kMasslessInertia, &kGeometryShape, &kConvention, &kAngleUnit, &kRotorModel, &kNoJoints,
      &kTooManyJoints, &kTooManyMovingJoints, &kHomeSize, &kHomeOutsideLimits, &kFullRotorInertia,
      &kSingularAtHome, &kXmlNotWellFormed, &kUrdfParser, &kUrdfInvalid, &kUrdfNoRoot, &kUrdfSelfLoop,
      &kUrdfTwoParents, &kUrdfClosedLoop, &kUrdfAxis, &kUrdfLimitsFinite, &kUrdfGearZero, &kUrdfRotorNegative,
      &kUrdfRotorTransverseNegative, &kUrdfMassInertiaFinite, &kUrdfDynamics, &kUrdfZeroLimits,
      &kUrdfNoVelocityLimit, &kUrdfNoEffortLimit, &kOrthoglideR2, &kOrthoglideD4, &kOrthoglideMissingBody,
      &kOrthoglideSources, &kOrthoglideChains, &kOrthoglideHomeOutOfReach, &kOrthoglideHomeStroke,
      &kOrthoglideWorkspaceOutOfReach, &kOrthoglideStrokeWorkspace, &kOrthoglideSingularHome,
      &kOrthoglidePositionNotFinite, &kOrthoglideOutOfReach, &kOrthoglideInputNotFinite,
      &kOrthoglideNotPositiveDefinite, &kOrthoglideAccelerationNotFinite, &kUrdfLockNotAJoint, &kUrdfLockFixed,
      &kUrdfLockNotFinite, &kUrdfTree, &kUrdfTipNotLink, &kUrdfCandidatesNone, &kUrdfCandidate, &kUrdfCandidateOne,
      &kUrdfCandidateMimic, &kUrdfCandidateOneMimic, &kUrdfListPair, &kUrdfFloatingOnChain, &kUrdfPlanarOnChain,
      &kUrdfUnknownJointType, &kUrdfMimicCycle, &kUrdfMimicMissing, &kUrdfMimicNotFinite, &kUrdfLockedOutsideLimits, &kUrdfNoMovingJoint, &kUrdfNoMovingJointUnlocked,
      &kUrdfNoJointToTip, &kUrdfShapeBox, &kUrdfShapeCylinder, &kUrdfShapeSphere, &kUrdfProposeSolid, &kUrdfProposeCad,
      &kUrdfBodyWho, &kUrdfBodyWhoMerged, &kUrdfBodyMassless, &kUrdfBodyNoInertial, &kUrdfBodyPointMass,
      &kUrdfExtraVisuals, &kUrdfSingularAtHome, &kUrdfSingularAtHomeLinks, &kUrdfTransmissionIgnored,
      &kUrdfBoxNotFinite, &kUrdfSphereNotFinite, &kUrdfMeshNotFound, &kUrdfRootInertialIgnored, &kUrdfOptionsNeedUrdf,
      &kUrdfLockedJoint, &kUrdfOnChain, &kUrdfOffChain, &kUrdfTheChain, &kUrdfTheChainTo, &kUrdfTheTree, &kUrdfLockMimicLostTree, &kUrdfTreeWithTip, &kUrdfLockedAtOrigin,
      &kUrdfLockedAt, &kUrdfLockStated, &kUrdfLockMimic, &kUrdfLockMimicLost, &kUrdfLockHome, &kUrdfLockDefault,
      &kUrdfLinkLumped, &kUrdfLinksLumped, &kUrdfAndMore, &kUrdfIntoBase, &kUrdfIntoBody});
  return all;
}

}  // namespace maniplab
