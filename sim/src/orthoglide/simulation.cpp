// Orthoglide runs on the engine's run loop (Zanaboni 2009 ch. 9 loop: zero-order hold, plant/control rates;
// energy balance of Llibre, Mampey & Chrétien 1983 §IV.2 with the closed-loop energies of orthoglide_energy.cpp).
#include "maniplab/sim/orthoglide/simulation.hpp"

namespace maniplab::sim {

Model orthoglideJointModel(const OrthoglideModel& m) {
  Model s;
  s.name = m.name + " (actuator joints)";
  s.gravity = m.gravity;
  for (int i = 0; i < 3; ++i) {
    Transform place;
    place.p = m.basePoint(i);
    const Vector3 z = m.actuatorAxis(i);
    const Vector3 x = z.unitOrthogonal();
    place.R.col(0) = x;
    place.R.col(1) = z.cross(x);
    place.R.col(2) = z;
    ActuatorT<double> act = m.chain[std::size_t(i)].actuator;
    act.rotorInertia = 0;  // the stand-in has no dynamics of its own
    s.addJoint(JointType::Prismatic, place, BodyT<double>(), act, "q1" + std::to_string(i + 1));
    s.limits[std::size_t(i)] = m.chain[std::size_t(i)].limits;
  }
  OrthoglideChainVariables q;
  if (orthoglideInverseGeometric(m, m.home, q)) s.home = Vector3(q[0][0], q[1][0], q[2][0]);
  return s;
}

std::vector<ChannelInfo> makeOrthoglideChannels(const OrthoglideModel& m, const RecordSelection& sel) {
  return makeChannels(orthoglideJointModel(m), sel);
}

RunResult runOrthoglideSimulation(const OrthoglideModel& m, OrthoglidePlant& plant, Controller& controller,
                                  const Trajectory& traj, RunOptions opt, Recorder& rec) {
  const Model joints = orthoglideJointModel(m);
  auto guess = std::make_shared<Vector3>(m.home);
  opt.toolPose = [&m, guess](const VectorX& L) {
    Vector3 P;
    Vector6 x = Vector6::Constant(std::numeric_limits<double>::quiet_NaN());
    if (orthoglideForwardGeometric(m, L, *guess, P)) {
      *guess = P;
      x << 0, 0, 0, P;
    }
    return x;
  };
  opt.plantState = [&plant](Vector6& x, double& kinetic, double& potential) {
    x << 0, 0, 0, plant.platformPosition();
    const OrthoglideEnergy e = plant.energy();
    kinetic = e.kinetic;
    potential = e.potential;
  };
  return runSimulation(joints, plant, controller, traj, opt, rec);
}

std::unique_ptr<OrthoglideCartesianTrajectory> makeOrthoglideTrajectory(const OrthoglideScene& s) {
  return std::make_unique<OrthoglideCartesianTrajectory>(s.robot.model, s.points, s.durations);
}

std::unique_ptr<Controller> makeOrthoglideController(const ControllerSpec& spec, const OrthoglideModel& plantModel,
                                                     double frictionSmoothing) {
  if (spec.type == "pid") {
    PidGains g;
    g.kp = spec.kp;
    g.ki = spec.ki.size() == 3 ? spec.ki : VectorX(VectorX::Zero(3));
    g.kd = spec.kv.size() == 3 ? spec.kv : VectorX(VectorX::Zero(3));
    g.derivativeFilter = spec.derivativeFilter.size() == 3 ? spec.derivativeFilter : VectorX(VectorX::Zero(3));
    g.saturation = spec.saturation.size() == 3 ? spec.saturation
                                               : VectorX(VectorX::Constant(3, std::numeric_limits<double>::infinity()));
    g.antiWindup = spec.antiWindup;
    g.trackingTime = spec.trackingTime.size() == 3 ? spec.trackingTime : VectorX(VectorX::Ones(3));
    return std::make_unique<PidController>(spec.name, g);
  }
  if (spec.type == "computed_torque")
    return std::make_unique<OrthoglideComputedTorqueController>(
        spec.name, perturbedOrthoglideModel(plantModel, spec.perturbationPercent, spec.perturbationSeed), spec.kp,
        spec.kv, spec.friction, frictionSmoothing);
  if (spec.type == "zero") return std::make_unique<ZeroController>(spec.name);
  throw std::invalid_argument("orthoglide: unknown controller type \"" + spec.type + "\"");
}

RunOptions orthoglideRunOptions(const OrthoglideScene& s) {
  RunOptions opt;
  opt.controlPeriod = s.controlPeriod;
  opt.duration = s.duration;
  opt.friction = s.plant.friction;
  opt.frictionSmoothing = s.plant.coulombSmoothing;
  opt.record = s.record;
  return opt;
}

RunResult runOrthoglideScene(const OrthoglideScene& s, const ControllerSpec& spec, Recorder& rec,
                             std::vector<JointLimitEvent>* events) {
  const OrthoglideModel& m = s.robot.model;
  const auto traj = makeOrthoglideTrajectory(s);
  OrthoglidePlant plant(m, s.plant);
  const auto ctrl = makeOrthoglideController(spec, m, s.plant.coulombSmoothing);
  const RunOptions opt = orthoglideRunOptions(s);
  const RunResult r = runOrthoglideSimulation(m, plant, *ctrl, *traj, opt, rec);
  if (events) events->insert(events->end(), plant.jointLimitEvents().begin(), plant.jointLimitEvents().end());
  return r;
}

}  // namespace maniplab::sim
