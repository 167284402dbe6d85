// A serial scene fitted to a robot with another number of joints (scene.hpp, fitSceneToRobot).
#include "maniplab/sim/scene.hpp"

#include <vector>

namespace maniplab::sim {

using nlohmann::json;

namespace {

/// A per-joint array of numbers of the old length, resized: the first values kept, the new joints' taken
/// from `fill(j)`. Anything else (one number for every joint, "home", a malformed value) is left alone.
template <typename Fill>
void fitJointArray(json& v, int oldN, int newN, Fill fill) {
  if (!v.is_array() || int(v.size()) != oldN) return;
  for (const auto& x : v)
    if (!x.is_number()) return;
  json out = json::array();
  for (int j = 0; j < newN; ++j) {
    if (j < oldN)
      out.push_back(v[std::size_t(j)]);
    else
      out.push_back(json(fill(j, v)));
  }
  v = std::move(out);
}

}  // namespace

bool fitSceneToRobot(Scene& s, int oldJoints) {
  const Model& m = s.robot.model;
  const int oldN = oldJoints, newN = m.nq;
  if (oldN == newN || oldN <= 0) return false;
  auto home = [&](int j, const json&) { return m.home[j]; };
  auto last = [&](int, const json& v) { return v.back().get<double>(); };
  json& t = s.trajectory;
  if (t.is_object()) {
    for (const char* k : {"from", "to", "q", "q0"})  // joint positions (the Cartesian types' from/to are objects)
      if (t.contains(k)) fitJointArray(t[k], oldN, newN, home);
    if (t.contains("points") && t["points"].is_array())  // via points
      for (auto& p : t["points"]) fitJointArray(p, oldN, newN, home);
    for (const char* k : {"max_velocity", "max_acceleration"})  // trapezoidal limits
      if (t.contains(k)) fitJointArray(t[k], oldN, newN, last);
    for (const char* k : {"a", "b"})  // Fourier coefficients: one row per joint, a new joint's all zero
      if (t.contains(k) && t[k].is_array() && int(t[k].size()) == oldN) {
        json& rows = t[k];
        const std::size_t len = rows[0].is_array() ? rows[0].size() : 0;
        if (newN < oldN) rows.erase(rows.begin() + newN, rows.end());
        while (int(rows.size()) < newN) rows.push_back(json(std::vector<double>(len, 0.0)));
      }
  }
  for (ControllerSpec& c : s.controllers) {
    if (c.type == "operational_space") continue;  // its gains are per Cartesian axis
    for (VectorX* v : {&c.kp, &c.kv, &c.ki, &c.derivativeFilter, &c.saturation, &c.trackingTime}) {
      if (v->size() != oldN) continue;
      const double lastValue = (*v)[oldN - 1];
      v->conservativeResize(newN);
      for (int j = oldN; j < newN; ++j) (*v)[j] = lastValue;
    }
  }
  if (s.q0.size() != newN) s.q0.resize(0), s.qd0.resize(0);
  return true;
}

}  // namespace maniplab::sim
