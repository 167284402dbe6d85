#pragma once
// What the trajectory form's files share (private to ui/src/trajectory_editor*.cpp): the reading of a
// trajectory object's members and the unit shown for angles. trajectory_editor.cpp builds the form and
// edits the trajectory; trajectory_editor_checks.cpp shows the checks of what is edited.
#include <cmath>

#include <nlohmann/json.hpp>

namespace maniplab::ui::trajectory_form {

inline constexpr double kDeg = 180.0 / M_PI;

inline const nlohmann::json* member(const nlohmann::json& t, const char* key) {
  return t.is_object() && t.contains(key) ? &t[key] : nullptr;
}

inline double numberOr(const nlohmann::json& t, const char* key, double fallback) {
  const nlohmann::json* v = member(t, key);
  return v && v->is_number() ? v->get<double>() : fallback;
}

}  // namespace maniplab::ui::trajectory_form
