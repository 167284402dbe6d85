#pragma once
// The scene kind "floating_base" (scene_kind.hpp): the satellite scenes of plant.hpp (files with "format":
// "maniplab-satellite"), an arm on a free-floating base (Llibre, Mampey & Chrétien 1983, §IV.2). One
// controller, fixed by design (the reaction-aware computed torque with the file's gains); runs record
// sim::satelliteChannels, joint metrics at every control period (steady state from the end of the
// motion), and the momentum and energy drifts as the run's summary.
#include <memory>

#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/sim/scene_kind.hpp"

namespace maniplab::sim {

const SceneKind& floatingBaseSceneKind();
/// A satellite scene as a scene of its kind (sceneData<SatelliteScene>() gives it back).
std::shared_ptr<AnyScene> makeSatelliteAnyScene(SatelliteScene scene);
/// The name of a satellite scene's one controller.
inline constexpr const char* kSatelliteControllerName = "floating_computed_torque";

}  // namespace maniplab::sim
