// The catalogue of sim/'s message codes (sim_messages.hpp).
#include "maniplab/sim/sim_messages.hpp"

#include <array>
#include <sstream>

std::string maniplab::msg::streamed(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

namespace maniplab::sim {

std::span<const MessageTemplate* const> simMessages() {
  using namespace msg;
  static constexpr auto all = std::to_array<const MessageTemplate*>(
      {&kRobotInvalid, &kSerialKind, &kUnknownTrajectory, &kControllerType, &kDuplicateController, &kNoControllers,
       &kDurationShort, &kDurationMax, &kRunTooLarge, &kPoints, &kTimes, &kTimesIncreasing, &kJointCount, &kNumberOrArray, &kMissingJointValue,
       &kNegativeJoint, &kRatesMultiple, &kStepper, &kRecordArray, &kRecordGroup, &kBackend, &kJoint, &kJointNamed,
       &kCoordinatePosition, &kCoordinateVelocity, &kDivergedNotFinite, &kDivergedBeyond, &kFaultStopped,
       &kSingularMassMatrix, &kStallStepTooSmall, &kStallRejections, &kStallTooManySteps, &kStalled, &kStalledOn,
       &kEnergyBlowUp, &kLimitValue, &kLimitValueDegrees, &kLimitUpper, &kLimitLower, &kLimitVelocity,
       &kLimitAcceleration, &kLimitEffort, &kLineOutOfReach, &kLineIkNotConverged, &kLineIkMiss,
       &kLineSingular, &kUmisLineNeedsUmis, &kUmisIkNeedsUmis, &kCannotSaveScene, &kSceneWouldNotReadBack, &kDesignOrGains, &kPerturbationRange,
       &kFrictionCompensation, &kMissingCartesianGain, &kCartesianCount, &kCartesianNumberOrArray,
       &kOperationalSpaceJoints, &kSingularThreshold, &kMaxDamping, &kSaturation, &kAntiWindup, &kTrackingTime,
       &kFourierCoefficients, &kIkMethod, &kEncoderBits, &kVelocityEstimator, &kLossBudget, &kLossesPerSecond,
       &kTrajectoryNotBuilt, &kUrdfNotScene, &kRobotNotScene, &kUnknownSceneKind, &kNotAScene, &kOtherKindScene,
       &kNotSerialRobot, &kOrthoglideRobotInvalid, &kOrthoglideAntiWindup, &kOrthoglideControllerType, &kCartesianPoints,
       &kPlatformPoints, &kPointOutOfReach, &kDurations, &kDurationsCount, &kOrthoglideTrajectoryOutOfReach,
       &kMissingArray, &kArrayPerJoint, &kArrayOf, &kBaseInertiaNotPd, &kFloatingFullRotor, &kFloatingControllerType,
       &kPlantMethod, &kCoulombSmoothing, &kPeriodMultiple, &kSeed, &kLineSamples});
  return all;
}

}  // namespace maniplab::sim
