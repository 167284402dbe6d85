#pragma once
// The control panel's rules for an Orthoglide scene (orthoglide.cpp; private to ui/, and to its tests):
// the platform way-points and segment durations, checked by the Orthoglide scene reader
// (sim::checkOrthoglideTrajectory, reach by the inverse geometric model included); the controller types of
// that reader (pid, computed_torque, zero) with the default gains of defaultOrthoglideControllerSpec; gains
// per actuator (3 rows); no measurement noise.
#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/ui/control_panel.hpp"

namespace maniplab::ui {

ControlPanel::Rules orthoglideControlRules(const sim::OrthoglideScene& scene);
/// Fills the panel from the scene (all its controllers checked).
void showOrthoglideControl(ControlPanel& panel, const sim::OrthoglideScene& scene);
/// Writes the panel's settings into the scene (the way-points as the reader reads them against
/// scene.robot). False and *error (the reason, naming the field) when a setting is invalid or the panel
/// shows another scene; `scene` is then unchanged.
bool applyOrthoglideControl(const ControlPanel& panel, sim::OrthoglideScene& scene, QString* error = nullptr);

}  // namespace maniplab::ui
