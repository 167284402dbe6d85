// The plants' stepping helper (sim/integration/integrator.hpp) on ODEs with known solutions: the explicit
// Euler of Zanaboni 2009 eq 9.2 step by step, the orders of accuracy of Euler (1) and RK4 (4), the
// tolerance of Dormand–Prince 5(4) across a piecewise-constant (zero-order-hold) input, and the stall,
// divergence and fault messages (time and coordinate). Then the three plants (serial chain, Orthoglide,
// floating base): each error path gives the same wording on each of them.
#include <QTest>

#include <cmath>
#include <regex>

#include "maniplab/model/orthoglide_file.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/floating_base/plant.hpp"
#include "maniplab/sim/integration/integrator.hpp"
#include "maniplab/sim/orthoglide/plant.hpp"
#include "maniplab/sim/simulated_plant.hpp"
#include "support/test_main.hpp"

namespace test_integrator {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

const double kInf = std::numeric_limits<double>::infinity();

/// One degree of freedom [q; v] with q' = v, v' = accel(q, v) + u (u held, as a plant's torque).
class Oscillator : public OdeSystem {
 public:
  double omega2 = 0;     ///< v' = -omega2 q + u
  double coulomb = 0;    ///< ... - coulomb sign(v)
  double squared = 0;    ///< ... + squared v^2 (finite-time blow-up)
  double u = 0;
  double faultBelow = -kInf;  ///< derivative fails when q < faultBelow
  bool derivative(const double* x, double* dxdt) override {
    const double q = x[0], v = x[1];
    dxdt[0] = v;
    dxdt[1] = -omega2 * q + u - coulomb * (v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0) + squared * v * v;
    if (q < faultBelow) {
      failedAt_ = q;
      return false;
    }
    return true;
  }
  std::string fault() const override { return "the test dynamics are undefined at q = " + std::to_string(failedAt_); }

 private:
  double failedAt_ = 0;
};

/// x' = +1, -1, +1, ... on successive evaluations: no step size makes the error estimate small enough
/// to be met in a few tries.
class Alternating : public OdeSystem {
 public:
  bool derivative(const double*, double* dxdt) override {
    sign_ = -sign_;
    dxdt[0] = dxdt[1] = sign_;
    return true;
  }
  std::string fault() const override { return {}; }

 private:
  double sign_ = 1;
};

std::vector<StateCoordinate> slider(double speedBound = kInf) {
  return {{"joint 1 (slider) position", kInf, 1}, {"joint 1 (slider) velocity", speedBound, -1}};
}

IntegratorOptions options(Stepper s, double period, double tol = 1e-8) {
  IntegratorOptions o;
  o.stepper = s;
  o.period = period;
  o.absTolerance = o.relTolerance = tol;
  return o;
}

/// Runs the harmonic oscillator q'' = -q from (1, 0) to t = 1 s; returns |x - exact|.
double oscillatorError(Stepper s, double h, double tol = 1e-8, long long* evaluations = nullptr) {
  Oscillator sys;
  sys.omega2 = 1;
  Integrator in(slider(), options(s, h, tol));
  in.state() = {1.0, 0.0};
  in.reset(0.0);
  const long ticks = std::lround(1.0 / h);
  for (long k = 0; k < ticks; ++k)
    if (!in.tick(sys).ok) qFatal("oscillator tick failed");
  if (evaluations) *evaluations = in.evaluations();
  return std::hypot(in.state()[0] - std::cos(1.0), in.state()[1] + std::sin(1.0));
}

/// "t = <number> s: ..." -> number (NaN when the message does not start so).
double messageTime(const std::string& m) {
  std::smatch r;
  if (!std::regex_search(m, r, std::regex("^t = ([-+0-9.e]+) s: "))) return std::nan("");
  return std::stod(r[1].str());
}

Model puma() {
  const RobotLoadResult r = loadRobotFile(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
  if (!r.ok()) qFatal("%s", r.report().c_str());
  return r.model;
}

OrthoglideModel orthoglide() {
  const OrthoglideLoadResult r = loadOrthoglideFile(MANIPLAB_SOURCE_DIR "/robots/orthoglide.json");
  if (!r.ok()) qFatal("%s", r.report().c_str());
  return r.model;
}

FloatingBaseModel satellite() {
  const SatelliteLoadResult r = loadSatelliteScene(MANIPLAB_SOURCE_DIR "/scenes/satellite_arm.json");
  if (!r.ok()) qFatal("%s", r.report().c_str());
  return r.scene.model;
}

/// Advances up to `periods` control periods of 1 ms; the first failure's message ("" if none).
std::string runUntilFailure(Backend& plant, int periods) {
  for (int k = 0; k < periods; ++k) {
    const BackendStatus st = plant.advance(1e-3);
    if (!st.ok) return st.message;
  }
  return {};
}

// One wording per error path, whatever the plant (the coordinate and the plant's fault vary).
const std::regex kStall(
    R"(^t = [-+0-9.e]+ s: the adaptive stepper stalled \(\d+ steps in one tick of 0\.001 s, the last of [-+0-9.e]+ s; )"
    R"(the largest error is on (joint \d \([a-z0-9 ]+\)|platform [XYZ]) velocity\): the dynamics are discontinuous )"
    R"(there, usually through Coulomb friction's sign at zero velocity; set a coulomb_smoothing velocity$)");
const std::regex kNotFinite(R"(^t = [0-9.e-]+ s: the simulation diverged: [A-Za-z0-9 ()]+ is not finite$)");
const std::regex kFault(R"(^t = [0-9.e-]+ s: .+; the simulation stopped$)");

}  // namespace

class IntegratorTest : public QObject {
  Q_OBJECT
 private slots:
  // Zanaboni 2009 eq 9.2: qd += qdd h, q += qd h + 1/2 qdd h^2 (exact under a constant acceleration);
  // a coordinate without a velocity partner takes the plain Euler step x += x' h.
  void eulerIsZanaboniEq92() {
    Oscillator sys;
    sys.u = 3.0;  // constant acceleration
    std::vector<StateCoordinate> layout = slider();
    Integrator in(layout, options(Stepper::Euler, 0.1));
    in.state() = {0.5, -2.0};
    in.reset(0.0);
    QVERIFY(in.tick(sys).ok);
    QCOMPARE(in.state()[0], 0.5 + (-2.0 * 0.1 + 0.5 * 3.0 * 0.1 * 0.1));
    QCOMPARE(in.state()[1], -2.0 + 3.0 * 0.1);
    QCOMPARE(in.evaluations(), 1LL);
    QCOMPARE(in.time(), 0.1);
    layout[0].velocity = -1;  // the same coordinates, unpaired: plain Euler
    Integrator plain(layout, options(Stepper::Euler, 0.1));
    plain.state() = {0.5, -2.0};
    plain.reset(0.0);
    QVERIFY(plain.tick(sys).ok);
    QCOMPARE(plain.state()[0], 0.5 + -2.0 * 0.1);
  }

  // Global error at t = 1 s on q'' = -q: Euler halves with h (order 1), RK4 divides by 16 (order 4).
  void ordersOfAccuracy() {
    const double e1 = oscillatorError(Stepper::Euler, 0.01), e2 = oscillatorError(Stepper::Euler, 0.005),
                 e3 = oscillatorError(Stepper::Euler, 0.0025);
    qInfo("Euler: errors %.3g %.3g %.3g, ratios %.3f %.3f", e1, e2, e3, e1 / e2, e2 / e3);
    QVERIFY(e1 / e2 > 1.8 && e1 / e2 < 2.2);
    QVERIFY(e2 / e3 > 1.8 && e2 / e3 < 2.2);
    const double r1 = oscillatorError(Stepper::RungeKutta4, 0.1), r2 = oscillatorError(Stepper::RungeKutta4, 0.05),
                 r3 = oscillatorError(Stepper::RungeKutta4, 0.025);
    qInfo("RK4: errors %.3g %.3g %.3g, ratios %.2f %.2f", r1, r2, r3, r1 / r2, r2 / r3);
    QVERIFY(r1 / r2 > 14 && r1 / r2 < 18);
    QVERIFY(r2 / r3 > 14 && r2 / r3 < 18);
    // Dormand–Prince on one 1 s tick: its own step control meets the tolerance.
    double prev = 1;
    long long prevEvals = 0;
    for (double tol : {1e-6, 1e-9, 1e-12}) {
      long long evals = 0;
      const double e = oscillatorError(Stepper::DormandPrince5, 1.0, tol, &evals);
      qInfo("Dormand-Prince tol %.0e: error %.3g, %lld evaluations", tol, e, evals);
      QVERIFY(e < 10 * tol);
      QVERIFY(e < prev);
      QVERIFY(evals > prevEvals);
      prev = e;
      prevEvals = evals;
    }
  }

  // A torque held over each control period, different from one period to the next: Dormand–Prince must
  // start each period from f with the new input (inputChanged()), not from the derivative it stored at
  // the end of the previous step (first-same-as-last), or the first step mixes two inputs. Exact
  // solution of q'' = u_k: per period, q += v T + u_k T^2 / 2, v += u_k T.
  void dormandPrinceFollowsTheHeldInput() {
    const double T = 0.01, tol = 1e-10;
    for (bool tell : {true, false}) {
      Oscillator sys;
      Integrator in(slider(), options(Stepper::DormandPrince5, T, tol));
      in.state() = {0.0, 0.0};
      in.reset(0.0);
      double q = 0, v = 0, worst = 0;
      for (int k = 0; k < 100; ++k) {
        sys.u = (k % 2 == 0 ? 1.0 : -2.0) * (1 + 0.01 * k);
        if (tell) in.inputChanged();
        QVERIFY(in.tick(sys).ok);
        q += v * T + 0.5 * sys.u * T * T;
        v += sys.u * T;
        worst = std::max({worst, std::abs(in.state()[0] - q), std::abs(in.state()[1] - v)});
      }
      qInfo("%s inputChanged(): worst error %.3g (tolerance %.0e)", tell ? "with" : "without", worst, tol);
      if (tell)
        QVERIFY(worst < 10 * tol);
      else
        QVERIFY(worst > 100 * tol);  // the stale derivative is what the call prevents
    }
  }

  // v' = -sign(v) from v = 1: the velocity reaches 0 at t = 1 s, where f jumps; the step collapses.
  void stallNamesTimeAndCoordinate() {
    Oscillator sys;
    sys.coulomb = 1;
    Integrator in(slider(), options(Stepper::DormandPrince5, 1e-3, 1e-8));
    in.state() = {0.0, 1.0};
    in.reset(0.0);
    BackendStatus st;
    int ticks = 0;
    while ((st = in.tick(sys)).ok && ++ticks < 2000) {
    }
    QVERIFY(!st.ok);
    qInfo("%s", st.message.c_str());
    QVERIFY(std::regex_search(st.message, kStall));
    QVERIFY(st.message.find("joint 1 (slider) velocity") != std::string::npos);
    QVERIFY(std::abs(messageTime(st.message) - 1.0) < 1e-3);
    // The other two criteria: a rejected step below minStep, and too many rejections in a row.
    IntegratorOptions o = options(Stepper::DormandPrince5, 1e-3, 1e-8);
    o.minStep = 1e-5;
    Integrator small(slider(), o);
    small.state() = {0.0, 1.0};
    small.reset(0.0);
    while ((st = small.tick(sys)).ok) {
    }
    qInfo("%s", st.message.c_str());
    QVERIFY(st.message.find("the adaptive stepper stalled (the step fell to ") != std::string::npos);
    QVERIFY(std::abs(messageTime(st.message) - 1.0) < 1e-3);
    o = options(Stepper::DormandPrince5, 1e-3, 1e-8);
    o.maxRejections = 3;
    Alternating noisy;
    Integrator few(slider(), o);
    few.state() = {0.0, 1.0};
    few.reset(0.0);
    st = few.tick(noisy);
    qInfo("%s", st.message.c_str());
    QVERIFY(st.message.find("t = 0 s: the adaptive stepper stalled (4 steps rejected in a row, the last of ") == 0);
    QCOMPARE(few.rejectedSteps(), 4LL);
  }

  // v' = v^2 from v = 1 blows up at t = 1 s: reported as not finite, or at the speed bound.
  void divergenceNamesTimeAndCoordinate() {
    Oscillator sys;
    sys.squared = 1;
    for (double bound : {kInf, 100.0}) {
      Integrator in(slider(bound), options(Stepper::RungeKutta4, 1e-3));
      in.state() = {0.0, 1.0};
      in.reset(0.0);
      BackendStatus st;
      while ((st = in.tick(sys)).ok) {
      }
      qInfo("%s", st.message.c_str());
      const double t = messageTime(st.message);
      QVERIFY(t > 0.99 && t < 1.01);
      if (std::isinf(bound)) {
        QVERIFY(std::regex_search(st.message, std::regex(R"(the simulation diverged: joint 1 \(slider\) (position|velocity) is not finite$)")));
      } else {
        QVERIFY(std::regex_search(st.message, std::regex(R"(the simulation diverged: joint 1 \(slider\) velocity reached [0-9.e+]+, beyond 100 \(energy blow-up; reduce the step or check the gains\)$)")));
        QVERIFY(t < 0.995);  // v = 1 / (1 - t) passes 100 at t = 0.99, before the singularity
      }
    }
    // A non-finite initial state is found by checkState() before any step.
    Integrator in(slider(), options(Stepper::RungeKutta4, 1e-3));
    in.state() = {std::nan(""), 0.0};
    in.reset(0.0);
    QCOMPARE(in.checkState().message, std::string("t = 0 s: the simulation diverged: joint 1 (slider) position is not finite"));
  }

  void faultStopsTheTick() {
    for (Stepper s : {Stepper::Euler, Stepper::RungeKutta4, Stepper::DormandPrince5}) {
      Oscillator sys;
      sys.u = -1;
      sys.faultBelow = -0.5;  // reached at t = 1 s
      Integrator in(slider(), options(s, 0.01));
      in.state() = {0.0, 0.0};
      in.reset(0.0);
      BackendStatus st;
      while ((st = in.tick(sys)).ok) {
      }
      qInfo("%s", st.message.c_str());
      QVERIFY(std::regex_search(st.message, std::regex(R"(^t = [0-9.]+ s: the test dynamics are undefined at q = -0\.5[0-9]+; the simulation stopped$)")));
      QVERIFY(std::abs(messageTime(st.message) - 1.0) < 0.03);
    }
  }

  void controlPeriodMustBeWholeTicks() {
    Integrator in(slider(), options(Stepper::RungeKutta4, 1e-3));
    long ticks = -1;
    QVERIFY(in.ticksIn(5e-3, ticks).ok);
    QCOMPARE(ticks, 5L);
    const BackendStatus st = in.ticksIn(2.5e-3, ticks);
    QVERIFY(!st.ok);
    QCOMPARE(ticks, 0L);
    QCOMPARE(st.message, std::string("the control period 0.0025 s is not a whole number of plant periods (0.001 s)"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Integrator(slider(), options(Stepper::Euler, 0)));
  }

  // ---- The three plants: same error paths, same wording -----------------------------------------------
  // Stall: exact Coulomb friction (the Puma's and the Orthoglide's drives; the satellite arm with friction
  // on) makes Dormand–Prince chatter around zero velocity.
  void plantsStallAlike() {
    std::vector<std::pair<const char*, std::string>> messages;
    {
      Model m = puma();
      m.gravity.setZero();
      PlantOptions o;
      o.stepper = Stepper::DormandPrince5;
      o.period = 1e-3;
      SimulatedPlant p(m, o);
      VectorX qd = VectorX::Zero(6);
      qd[0] = 0.5;
      QVERIFY(p.reset(m.home, qd).ok);
      messages.emplace_back("serial", runUntilFailure(p, 200));
    }
    {
      const OrthoglideModel m = orthoglide();
      PlantOptions o;
      o.stepper = Stepper::DormandPrince5;
      o.period = 1e-3;
      o.gravity = false;
      OrthoglidePlant p(m, o);
      QVERIFY(p.resetPlatform(m.K(), Vector3(0.05, 0.02, -0.03)).ok);
      messages.emplace_back("orthoglide", runUntilFailure(p, 200));
    }
    {
      FloatingPlantOptions o;
      o.friction = true;
      o.absTolerance = o.relTolerance = 1e-8;
      FloatingBasePlant p(satellite(), o);
      VectorX qd = VectorX::Zero(6);
      qd[0] = 0.5;
      QVERIFY(p.reset(VectorX::Zero(6), qd).ok);
      messages.emplace_back("floating base", runUntilFailure(p, 200));
    }
    for (const auto& [plant, m] : messages) {
      qInfo("%s: %s", plant, m.c_str());
      QVERIFY2(std::regex_search(m, kStall), plant);
    }
  }

  // Divergence: a torque that is not a number.
  void plantsDivergeAlike() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<std::pair<const char*, std::string>> messages;
    {
      const Model m = puma();
      SimulatedPlant p(m, PlantOptions{});
      QVERIFY(p.reset(m.home, VectorX::Zero(6)).ok);
      p.writeTorque(VectorX::Constant(6, nan));
      messages.emplace_back("serial", runUntilFailure(p, 1));
    }
    {
      const OrthoglideModel m = orthoglide();
      OrthoglidePlant p(m, PlantOptions{});
      QVERIFY(p.resetPlatform(m.K(), Vector3::Zero()).ok);
      p.writeTorque(VectorX::Constant(3, nan));
      messages.emplace_back("orthoglide", runUntilFailure(p, 1));
    }
    {
      FloatingPlantOptions o;
      o.stepper = Stepper::RungeKutta4;
      FloatingBasePlant p(satellite(), o);
      QVERIFY(p.reset(VectorX::Zero(6), VectorX::Zero(6)).ok);
      p.writeTorque(VectorX::Constant(6, nan));
      messages.emplace_back("floating base", runUntilFailure(p, 1));
    }
    for (const auto& [plant, m] : messages) {
      qInfo("%s: %s", plant, m.c_str());
      QVERIFY2(std::regex_search(m, kNotFinite), plant);
    }
  }

  // Fault of the dynamics: a massless last body (serial, floating base), a massless Orthoglide.
  void plantsReportFaultsAlike() {
    std::vector<std::pair<const char*, std::string>> messages;
    {
      Model m = puma();
      m.body[5].mass = 0;
      m.body[5].inertia.setZero();
      m.actuator[5].rotorInertia = 0;
      SimulatedPlant p(m, PlantOptions{});
      QVERIFY(p.reset(m.home, VectorX::Zero(6)).ok);
      messages.emplace_back("serial", runUntilFailure(p, 1));
      QVERIFY(messages.back().second.find("singular at joint 6") != std::string::npos);
    }
    {
      OrthoglideModel m = orthoglide();
      for (auto& c : m.chain) {
        for (auto& b : c.body) {
          b.mass = 0;
          b.inertia.setZero();
        }
        c.actuator.rotorInertia = 0;
      }
      m.platformMass = 0;
      OrthoglidePlant p(m, PlantOptions{});
      QVERIFY(p.resetPlatform(m.K(), Vector3::Zero()).ok);
      messages.emplace_back("orthoglide", runUntilFailure(p, 1));
    }
    {
      FloatingBaseModel fm = satellite();
      fm.arm.body[5].mass = 0;
      fm.arm.body[5].inertia.setZero();
      fm.arm.actuator[5].rotorInertia = 0;
      FloatingPlantOptions o;
      o.stepper = Stepper::RungeKutta4;
      FloatingBasePlant p(fm, o);
      QVERIFY(p.reset(VectorX::Zero(6), VectorX::Zero(6)).ok);
      messages.emplace_back("floating base", runUntilFailure(p, 1));
      QVERIFY(messages.back().second.find("joint 6") != std::string::npos);
    }
    for (const auto& [plant, m] : messages) {
      qInfo("%s: %s", plant, m.c_str());
      QVERIFY2(std::regex_search(m, kFault), plant);
    }
  }

  // The floating base now has the explicit Euler too: first order on the satellite's free motion.
  void floatingBaseEulerIsFirstOrder() {
    const FloatingBaseModel fm = satellite();
    VectorX q0(6), qd0(6);
    q0 << 0.1, -0.4, 0.6, 0.2, 0.7, -0.2;
    qd0 << 0.3, -0.2, 0.4, 0.5, -0.3, 0.6;
    auto finalState = [&](Stepper s, double h) {
      FloatingPlantOptions o;
      o.stepper = s;
      o.period = h;
      FloatingBasePlant p(fm, o);
      if (!p.reset(q0, qd0).ok) qFatal("reset");
      p.writeTorque(VectorX::Zero(6));
      for (int k = 0; k < 100; ++k)
        if (!p.advance(0.01).ok) qFatal("advance");
      VectorX x(21);
      x << p.baseState().basePose.p, p.baseState().baseVelocity, p.baseState().q, p.baseState().qd;
      return x;
    };
    const VectorX ref = finalState(Stepper::DormandPrince5, 0.01);
    const double e1 = (finalState(Stepper::Euler, 1e-3) - ref).norm(), e2 = (finalState(Stepper::Euler, 5e-4) - ref).norm();
    qInfo("floating base, Euler: errors %.3g %.3g, ratio %.3f", e1, e2, e1 / e2);
    QVERIFY(e1 / e2 > 1.8 && e1 / e2 < 2.2);
  }
};

MANIPLAB_TEST_GUILESS_MAIN(IntegratorTest)
#include "test_integrator.moc"  // (in the namespace, as the class)

}  // namespace test_integrator
