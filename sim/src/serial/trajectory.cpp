// Builds a scene's trajectory object from its validated JSON (scenes/README.md).
#include <stdexcept>

#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "maniplab/sim/trajectories/cartesian_line.hpp"
#include "maniplab/sim/trajectories/fourier.hpp"
#include "maniplab/sim/trajectories/quintic.hpp"
#include "maniplab/sim/trajectories/quintic_spline.hpp"
#include "maniplab/sim/trajectories/trapezoidal.hpp"
#include "maniplab/sim/trajectories/umis_thesis_line.hpp"

namespace maniplab::sim {

namespace {

VectorX jointValues(const nlohmann::json& v, const Model& m) {
  const int n = m.nq;
  if (v.is_string() && v == "home") return m.home;
  if (v.is_number()) return VectorX::Constant(n, v.get<double>());
  VectorX out(n);
  for (int i = 0; i < n; ++i) out[i] = v.at(std::size_t(i)).get<double>();
  return out;
}

Transform pose(const nlohmann::json& p) {
  Vector6 v;
  for (int i = 0; i < 3; ++i) {
    v[i] = p.at("euler_xyz").at(std::size_t(i)).get<double>();
    v[3 + i] = p.at("xyz").at(std::size_t(i)).get<double>();
  }
  return poseFromVector(v);
}

}  // namespace

std::unique_ptr<Trajectory> makeTrajectory(const Scene& s) {
  const Model& m = s.robot.model;
  const auto& t = s.trajectory;
  const std::string type = t.at("type").get<std::string>();
  if (type == "quintic")
    return std::make_unique<QuinticJointTrajectory>(jointValues(t.at("from"), m), jointValues(t.at("to"), m),
                                                    t.at("duration").get<double>());
  if (type == "hold") {
    const VectorX q = t.contains("q") ? jointValues(t.at("q"), m) : m.home;
    return std::make_unique<QuinticJointTrajectory>(q, q, t.contains("duration") ? t.at("duration").get<double>() : s.duration);
  }
  if (type == "trapezoidal")
    return std::make_unique<TrapezoidalJointTrajectory>(jointValues(t.at("from"), m), jointValues(t.at("to"), m),
                                                        jointValues(t.at("max_velocity"), m),
                                                        jointValues(t.at("max_acceleration"), m));
  if (type == "via_points") {
    std::vector<VectorX> pts;
    std::vector<double> times;
    for (const auto& p : t.at("points")) pts.push_back(jointValues(p, m));
    for (const auto& x : t.at("times")) times.push_back(x.get<double>());
    return std::make_unique<ViaPointJointTrajectory>(pts, times);
  }
  if (type == "fourier") {
    const int n = m.nq;
    const auto& a = t.at("a");
    const int L = int(a.at(0).size());
    MatrixX A(n, L), B(n, L);
    for (int i = 0; i < n; ++i)
      for (int l = 0; l < L; ++l) {
        A(i, l) = t.at("a").at(std::size_t(i)).at(std::size_t(l)).get<double>();
        B(i, l) = t.at("b").at(std::size_t(i)).at(std::size_t(l)).get<double>();
      }
    const double wf = 2 * M_PI * t.at("base_frequency").get<double>();
    const int periods = t.contains("periods") ? int(t.at("periods").get<double>()) : 1;
    return std::make_unique<FourierJointTrajectory>(jointValues(t.at("q0"), m), wf, A, B, periods);
  }
  if (type == "cartesian_line" || type == "umis_thesis_line") {
    const auto geom = umisGeometry(s.robot.description);
    if (type == "umis_thesis_line") {
      if (!geom) throw MessageError(message(msg::kUmisLineNeedsUmis));
      return std::make_unique<CartesianLineTrajectory>(umisThesisLine(m, geom));
    }
    const std::string ik = t.contains("ik") ? t.at("ik").get<std::string>() : "auto";
    if (ik == "umis" && !geom) throw MessageError(message(msg::kUmisIkNeedsUmis));
    CartesianLineOptions opt;
    if (t.contains("sample_period")) opt.samplePeriod = t.at("sample_period").get<double>();
    const Transform from = pose(t.at("from"));
    const Transform to = pose(t.at("to"));
    return std::make_unique<CartesianLineTrajectory>(m, from, to.p, t.at("duration").get<double>(),
                                                     s.q0.size() == m.nq ? s.q0 : m.home,
                                                     ik == "numeric" ? std::nullopt : geom, opt);
  }
  throw std::runtime_error("unknown trajectory type \"" + type + "\"");
}

}  // namespace maniplab::sim
