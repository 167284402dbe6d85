// The Orthoglide (Guégan, Khalil, Chablat & Wenger 2002): tables and loop closure, IGM/FGM, Jacobians against finite differences,
// velocity amplification factors over the prescribed workspace, chain and robot dynamic models (IDM and
// DDM inverse to each other), and the closed-loop dynamics checked against an independent energy
// computation (kinetic energy = 1/2 V^T A_robot V; actuator power = d/dt (kinetic + potential); Lagrange's
// equations in the platform coordinates with the energies differentiated numerically).
#include <QTest>

#include <cmath>
#include <functional>
#include <numbers>
#include <random>

#include <nlohmann/json.hpp>

#include "maniplab/model/orthoglide_dynamics.hpp"
#include "maniplab/model/orthoglide_file.hpp"
#include "maniplab/model/orthoglide_kinematics.hpp"
#include "maniplab/model/orthoglide_tables.hpp"

using namespace maniplab;

namespace {

OrthoglideModel shipped() {
  const OrthoglideLoadResult r = loadOrthoglideFile(MANIPLAB_SOURCE_DIR "/robots/orthoglide.json");
  if (!r.ok()) qFatal("%s", r.report().c_str());
  return r.model;
}

/// A random point of the prescribed workspace cube.
Vector3 randomPoint(const OrthoglideModel& m, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-0.5, 0.5);
  return m.workspaceCenter + m.workspaceSize * Vector3(u(rng), u(rng), u(rng));
}
Vector3 randomVec(std::mt19937& rng, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  return Vector3(u(rng), u(rng), u(rng));
}
double rel(const Vector3& a, const Vector3& b) { return (a - b).norm() / std::max(1.0, b.norm()); }

/// A model with different chains and an off-axis mass distribution (no symmetry hides a bug).
OrthoglideModel asymmetric() {
  OrthoglideModel m = shipped();
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.5, 1.5), c(-0.02, 0.02);
  for (auto& ch : m.chain) {
    ch.D4 *= u(rng) * 0.1 + 0.95;
    ch.D6 *= u(rng);
    ch.r2 *= u(rng);
    for (auto& b : ch.body) {
      b.mass *= u(rng);
      b.com += Vector3(c(rng), c(rng), c(rng));
      const Matrix3 R = Eigen::AngleAxisd(u(rng), Vector3(u(rng), c(rng), 1).normalized()).toRotationMatrix();
      b.inertia = R * b.inertia * R.transpose() + 1e-5 * Matrix3::Identity();
    }
  }
  m.gravity = Vector3(0.5, -1.0, -9.7);
  return m;
}

}  // namespace

class Orthoglide : public QObject {
  Q_OBJECT
 private slots:
  void shippedFileLoads() {
    const OrthoglideLoadResult r = loadOrthoglideFile(MANIPLAB_SOURCE_DIR "/robots/orthoglide.json");
    QVERIFY2(r.ok(), r.report().c_str());
    QVERIFY2(r.diagnostics.empty(), r.report().c_str());  // no warning either
    QCOMPARE(r.model.chain[1].D4, 0.3106);
    QCOMPARE(r.model.chain[2].body[5].mass, 0.35);
    QCOMPARE(r.model.a, 0.5);
  }

  void tablesAndLoopClosure() {
    for (const OrthoglideModel& m : {shipped(), asymmetric()}) {
      std::mt19937 rng(1);
      for (int s = 0; s < 50; ++s) {
        const Vector3 P = randomPoint(m, rng);
        OrthoglideChainVariables q;
        QVERIFY(orthoglideInverseGeometric(m, P, q));
        for (int i = 0; i < 3; ++i) {
          const auto F = orthoglideChainFrames(m, i, q[std::size_t(i)]);
          // Frame 6_i is P; the origins of 8_i and 9_i coincide (position closure of the cut joint).
          QVERIFY((F[5].p - P).norm() < 1e-12);
          QVERIFY((F[7].p - F[8].p).norm() < 1e-12);
          // Actuator i moves along its axis from A_i; body 5 (and P's frame) keeps its orientation.
          QVERIFY((F[0].p - m.basePoint(i) - q[std::size_t(i)][0] * m.actuatorAxis(i)).norm() < 1e-12);
          const auto F0 = orthoglideChainFrames(m, i, Vector3(0.1, -std::numbers::pi / 2, 0));
          QVERIFY((F[4].R - F0[4].R).norm() < 1e-12);
          // The parallelogram: bars 3 and 7 stay parallel, z_8 and z_9 obey reference [E1].
          QVERIFY((F[2].R.col(0) - F[6].R.col(0)).norm() < 1e-12);
          QVERIFY(std::abs(F[7].R.col(2).dot(F[8].R.col(2)) + std::sin(q[std::size_t(i)][1])) < 1e-12);
        }
      }
      // Isotropic configuration (reference §2): P = K, q_2 = -pi/2, q_3 = 0, q_1 = a - D4 - D6.
      OrthoglideChainVariables q;
      QVERIFY(orthoglideInverseGeometric(m, m.K(), q));
      for (int i = 0; i < 3; ++i) {
        const auto& c = m.chain[std::size_t(i)];
        QVERIFY(std::abs(q[std::size_t(i)][0] - (m.a - c.D4 - c.D6)) < 1e-14);
        QVERIFY(std::abs(q[std::size_t(i)][1] + std::numbers::pi / 2) < 1e-14);
        QVERIFY(std::abs(q[std::size_t(i)][2]) < 1e-14);
      }
    }
  }

  void igmFgmRoundTrip() {
    const OrthoglideModel m = asymmetric();
    std::mt19937 rng(2);
    double worst = 0;
    for (int s = 0; s < 200; ++s) {
      const Vector3 P = randomPoint(m, rng);
      Vector3 L, back;
      QVERIFY(orthoglideInverseGeometric(m, P, L));
      std::string why;
      QVERIFY2(orthoglideForwardGeometric(m, L, m.K(), back, {}, &why), why.c_str());
      worst = std::max(worst, (back - P).norm());
      // The chain's own direct geometric model gives the same P from each chain's variables.
      OrthoglideChainVariables q;
      QVERIFY(orthoglideInverseGeometric(m, P, q));
      for (int i = 0; i < 3; ++i) QVERIFY((orthoglideChainPlatformPoint(m, i, q[std::size_t(i)]) - P).norm() < 1e-13);
    }
    QVERIFY2(worst < 1e-11, qPrintable(QString::number(worst)));
    // Out of reach: a clear failure, no exception, no NaN.
    Vector3 L, P;
    std::string why;
    QVERIFY(!orthoglideInverseGeometric(m, m.K() + Vector3(0.5, 0, 0), L, &why));
    QVERIFY(why.find("out of reach") != std::string::npos);
    QVERIFY(!orthoglideForwardGeometric(m, Vector3(5, 5, 5), m.K(), P, {}, &why));
    QVERIFY(!orthoglideForwardGeometric(m, Vector3(NAN, 0, 0), m.K(), P, {}, &why));
  }

  void jacobiansAgainstFiniteDifferences() {
    const OrthoglideModel m = asymmetric();
    std::mt19937 rng(3);
    const double h = 1e-6;
    for (int s = 0; s < 50; ++s) {
      const Vector3 P = randomPoint(m, rng);
      OrthoglideChainVariables q;
      QVERIFY(orthoglideInverseGeometric(m, P, q));
      for (int i = 0; i < 3; ++i) {
        const Vector3& qi = q[std::size_t(i)];
        Matrix3 Jfd;
        for (int k = 0; k < 3; ++k) {
          const Vector3 e = h * Vector3::Unit(k);
          Jfd.col(k) = (orthoglideChainPlatformPoint(m, i, qi + e) - orthoglideChainPlatformPoint(m, i, qi - e)) / (2 * h);
        }
        const Matrix3 J = orthoglideChainJacobian(m, i, qi);
        QVERIFY2((J - Jfd).norm() < 1e-8, "eq (7) vs finite differences");
        QVERIFY2((orthoglideChainInverseJacobian(m, i, qi) * J - Matrix3::Identity()).norm() < 1e-10, "eq (8)");
        // d/dt(J) qdot along q(t) = q + t qd.
        const Vector3 qd = randomVec(rng, 1.0);
        const Vector3 Jdqd = (orthoglideChainJacobian(m, i, qi + h * qd) - orthoglideChainJacobian(m, i, qi - h * qd)) /
                             (2 * h) * qd;
        QVERIFY2((orthoglideChainJacobianDotTimesVelocity(m, i, qi, qd) - Jdqd).norm() < 1e-7, "Jdot qdot");
      }
      // ^0J_p^{-1} = dL/dP of the IGM (eq 5).
      Matrix3 Jpfd;
      for (int k = 0; k < 3; ++k) {
        Vector3 Lp, Lm;
        QVERIFY(orthoglideInverseGeometric(m, P + h * Vector3::Unit(k), Lp));
        QVERIFY(orthoglideInverseGeometric(m, P - h * Vector3::Unit(k), Lm));
        Jpfd.col(k) = (Lp - Lm) / (2 * h);
      }
      QVERIFY2((orthoglideInverseJacobian(m, q) - Jpfd).norm() < 1e-8, "eq (5) vs finite differences");
      // Second order (eq 9): Lddot along P(t) = P + V t + A t^2 / 2 by central differences of L(t).
      const Vector3 V = randomVec(rng, 1.0), A = randomVec(rng, 5.0);
      const double ht = 1e-4;
      Vector3 L0, L1, L2;
      QVERIFY(orthoglideInverseGeometric(m, P, L0));
      QVERIFY(orthoglideInverseGeometric(m, P + V * ht + A * ht * ht / 2, L1));
      QVERIFY(orthoglideInverseGeometric(m, P - V * ht + A * ht * ht / 2, L2));
      const Vector3 Lddfd = (L1 - 2 * L0 + L2) / (ht * ht);
      const Vector3 Ldd = orthoglideActuatorAcceleration(m, q, V, A);
      QVERIFY2((Ldd - Lddfd).norm() < 1e-4 * std::max(1.0, Ldd.norm()), "eq (9) vs finite differences");
      QVERIFY((orthoglidePlatformAcceleration(m, q, V, Ldd) - A).norm() < 1e-10);
    }
  }

  void velocityAmplificationFactors() {
    const OrthoglideModel m = shipped();
    Vector3 f;
    QVERIFY(orthoglideVelocityFactors(m, m.K(), f));
    QVERIFY2((f - Vector3::Ones()).norm() < 1e-12, "isotropic configuration: all factors equal 1");
    OrthoglideChainVariables q;
    QVERIFY(orthoglideInverseGeometric(m, m.K(), q));
    Matrix3 perm;
    perm << 0, 0, 1, 1, 0, 0, 0, 1, 0;
    QVERIFY((orthoglideInverseJacobian(m, q) - perm).norm() < 1e-12);
    // Over the prescribed cube (an 11^3 grid incl. corners), Guégan, Khalil, Chablat & Wenger 2002 §I: within [1/2, 2].
    double lo = 1e9, hi = 0;
    const int N = 11;
    const double h = m.workspaceSize / 2;
    for (int a = 0; a < N; ++a)
      for (int b = 0; b < N; ++b)
        for (int c = 0; c < N; ++c) {
          const Vector3 P = m.workspaceCenter + Vector3(-h + 2 * h * a / (N - 1), -h + 2 * h * b / (N - 1), -h + 2 * h * c / (N - 1));
          QVERIFY(orthoglideVelocityFactors(m, P, f));
          lo = std::min(lo, f.minCoeff());
          hi = std::max(hi, f.maxCoeff());
        }
    qInfo("velocity amplification factors over the 200 mm cube: [%.6f, %.6f]", lo, hi);
    QVERIFY(lo >= 0.5 && hi <= 2.0);
    // The prototype's sizing (D4 = 310.6 mm for a 200 mm cube): the bounds are reached at the corners
    // Q1, Q2 of the cube on the diagonal through K (Chablat & Wenger), not merely respected.
    QVERIFY(lo < 0.5005 && hi > 1.998);
  }

  void chainModelFromTreeMatchesKineticEnergy() {
    // 1/2 V^T A_robot V from the Newton-Euler chain terms = the kinetic energy from the bodies' velocities.
    for (const OrthoglideModel& m : {shipped(), asymmetric()}) {
      OrthoglideDynamics dyn(m);
      std::mt19937 rng(4);
      for (int s = 0; s < 30; ++s) {
        const Vector3 P = randomPoint(m, rng), V = randomVec(rng, 1.0);
        OrthoglideDynamicsState st;
        Vector3 Vdot;
        OrthoglideDynamicsOptions opt;
        opt.friction = false;
        QVERIFY(dyn.directDynamics(P, V, Vector3::Zero(), Vdot, opt, &st));
        OrthoglideEnergy e;
        QVERIFY(orthoglideEnergy(m, P, V, e));
        const double T = 0.5 * V.dot(st.Arobot * V);
        QVERIFY2(std::abs(T - e.kinetic) < 1e-12 * std::max(1.0, e.kinetic), qPrintable(QString("%1 vs %2").arg(T).arg(e.kinetic)));
        QVERIFY((st.Arobot - st.Arobot.transpose()).norm() < 1e-12);
        // Gravity: at rest h_robot = dU/dP (finite differences of the independent potential energy).
        QVERIFY(dyn.directDynamics(P, Vector3::Zero(), Vector3::Zero(), Vdot, opt, &st));
        Vector3 gradU;
        const double hh = 1e-6;
        for (int k = 0; k < 3; ++k) {
          OrthoglideEnergy ep, em;
          QVERIFY(orthoglideEnergy(m, P + hh * Vector3::Unit(k), Vector3::Zero(), ep));
          QVERIFY(orthoglideEnergy(m, P - hh * Vector3::Unit(k), Vector3::Zero(), em));
          gradU[k] = (ep.potential - em.potential) / (2 * hh);
        }
        QVERIFY2((st.hrobot - gradU).norm() < 1e-6 * std::max(1.0, gradU.norm()), "gravity vs dU/dP");
      }
    }
  }

  void inverseAndDirectDynamicsAreInverse() {
    for (const OrthoglideModel& m : {shipped(), asymmetric()}) {
      OrthoglideDynamics dyn(m);
      std::mt19937 rng(5);
      double worstV = 0, worstG = 0;
      for (int s = 0; s < 100; ++s) {
        const Vector3 P = randomPoint(m, rng), V = randomVec(rng, 1.0), A = randomVec(rng, 20.0);
        OrthoglideDynamicsOptions opt;
        opt.friction = (s % 2 == 0);
        opt.frictionSmoothing = 1e-3;
        Vector3 G, A2, G2;
        OrthoglideDynamicsState si, sd;
        QVERIFY(dyn.inverseDynamics(P, V, A, G, opt, &si));
        QVERIFY(dyn.directDynamics(P, V, G, A2, opt, &sd));
        worstV = std::max(worstV, rel(A2, A));
        const Vector3 Gr = randomVec(rng, 100.0);
        QVERIFY(dyn.directDynamics(P, V, Gr, A2, opt));
        QVERIFY(dyn.inverseDynamics(P, V, A2, G2, opt));
        worstG = std::max(worstG, rel(G2, Gr));
        // The same forces f_i on the platform from both models, and Newton on the platform (eq 19).
        for (int i = 0; i < 3; ++i) QVERIFY(rel(si.f[std::size_t(i)], sd.f[std::size_t(i)]) < 1e-8);
        Vector3 sum = Vector3::Zero();
        for (const auto& f : si.f) sum += f;
        QVERIFY(rel(sum, si.Fp) < 1e-10);
        // Actuator-space form (controllers): Lddot of this motion gives the same Gamma.
        const Vector3 Ldd = orthoglideActuatorAcceleration(m, si.q, V, A);
        Vector3 G3;
        QVERIFY(dyn.inverseDynamicsActuatorSpace(P, V, Ldd, G3, opt));
        QVERIFY(rel(G3, G) < 1e-9);
      }
      QVERIFY2(worstV < 1e-10, qPrintable(QString::number(worstV)));
      QVERIFY2(worstG < 1e-10, qPrintable(QString::number(worstG)));
    }
  }

  void staticsAtRestHoldsTheWeight() {
    // Oracle by hand at the isotropic configuration with massless legs: only the platform's weight,
    // carried by actuator 1 (vertical, z_0): Gamma = (M_p g, 0, 0), the other legs at right angles.
    OrthoglideModel m = shipped();
    for (auto& c : m.chain) {
      for (auto& b : c.body) b = BodyT<double>();
      c.actuator = ActuatorT<double>();
    }
    OrthoglideDynamics dyn(m);
    Vector3 G;
    QVERIFY(dyn.inverseDynamics(m.K(), Vector3::Zero(), Vector3::Zero(), G));
    QVERIFY((G - Vector3(9.81 * m.platformMass, 0, 0)).norm() < 1e-12);
    // With the carriages' masses the vertical actuator carries them too, and an acceleration along x
    // is produced by actuator 2 alone: Gamma_12 = (M_p + m_carriage + rotor) a_x at the isotropic point.
    m.chain[1].body[0].mass = 2.0;
    m.chain[1].actuator.gear = 100;
    m.chain[1].actuator.rotorInertia = 1e-4;
    OrthoglideDynamics dyn2(m);
    QVERIFY(dyn2.inverseDynamics(m.K(), Vector3::Zero(), Vector3(3, 0, 0), G));
    QVERIFY((G - Vector3(9.81 * m.platformMass, (m.platformMass + 2.0 + 1.0) * 3, 0)).norm() < 1e-10);
  }

  void actuatorPowerEqualsEnergyRate() {
    // Virtual-work balance of the closed loop: Gamma . Ldot = d/dt (T + U) along the motion the direct
    // dynamic model predicts, with T and U from the bodies' velocities (independent of Newton-Euler).
    for (const OrthoglideModel& m : {shipped(), asymmetric()}) {
      OrthoglideDynamics dyn(m);
      std::mt19937 rng(6);
      OrthoglideDynamicsOptions opt;
      opt.friction = false;
      for (int s = 0; s < 40; ++s) {
        const Vector3 P = randomPoint(m, rng), V = randomVec(rng, 1.0), G = randomVec(rng, 200.0);
        Vector3 A;
        OrthoglideDynamicsState st;
        QVERIFY(dyn.directDynamics(P, V, G, A, opt, &st));
        const double power = G.dot(st.Jpinv * V);
        const double h = 1e-5;
        OrthoglideEnergy ep, em;
        QVERIFY(orthoglideEnergy(m, P + V * h + A * h * h / 2, V + A * h, ep));
        QVERIFY(orthoglideEnergy(m, P - V * h + A * h * h / 2, V - A * h, em));
        const double dEdt = (ep.total() - em.total()) / (2 * h);
        QVERIFY2(std::abs(power - dEdt) < 1e-5 * std::max(1.0, std::abs(power)),
                 qPrintable(QString("power %1 vs dE/dt %2").arg(power).arg(dEdt)));
      }
    }
  }

  void lagrangeEquationsInPlatformCoordinates() {
    // P is a set of independent generalised coordinates of the closed loop, so Lagrange's equations
    //   d/dt (dT/dV) - dT/dP + dU/dP = ^0J_p^{-T} Gamma
    // hold with T(P, V), U(P) from the bodies' velocities (orthoglideEnergy, independent of Newton-Euler),
    // differentiated numerically, along the motion the direct dynamic model predicts. This checks every
    // component of the model's Coriolis/centrifugal terms, not only their projection on V.
    for (const OrthoglideModel& m : {shipped(), asymmetric()}) {
      OrthoglideDynamics dyn(m);
      std::mt19937 rng(9);
      OrthoglideDynamicsOptions opt;
      opt.friction = false;
      auto T = [&](const Vector3& P, const Vector3& V) {
        OrthoglideEnergy e;
        if (!orthoglideEnergy(m, P, V, e)) qFatal("energy out of reach");
        return e.kinetic;
      };
      auto U = [&](const Vector3& P) {
        OrthoglideEnergy e;
        if (!orthoglideEnergy(m, P, Vector3::Zero(), e)) qFatal("energy out of reach");
        return e.potential;
      };
      const double hv = 1e-3, hp = 1e-6, ht = 1e-4;
      auto dTdV = [&](const Vector3& P, const Vector3& V) {  // exact for a quadratic form in V
        Vector3 g;
        for (int k = 0; k < 3; ++k)
          g[k] = (T(P, V + hv * Vector3::Unit(k)) - T(P, V - hv * Vector3::Unit(k))) / (2 * hv);
        return g;
      };
      for (int s = 0; s < 20; ++s) {
        const Vector3 P = randomPoint(m, rng), V = randomVec(rng, 1.0), G = randomVec(rng, 200.0);
        Vector3 A;
        OrthoglideDynamicsState st;
        QVERIFY(dyn.directDynamics(P, V, G, A, opt, &st));
        const Vector3 ddt = (dTdV(P + V * ht + A * ht * ht / 2, V + A * ht) -
                             dTdV(P - V * ht + A * ht * ht / 2, V - A * ht)) / (2 * ht);
        Vector3 dTdP, dUdP;
        for (int k = 0; k < 3; ++k) {
          const Vector3 e = hp * Vector3::Unit(k);
          dTdP[k] = (T(P + e, V) - T(P - e, V)) / (2 * hp);
          dUdP[k] = (U(P + e) - U(P - e)) / (2 * hp);
        }
        const Vector3 lhs = ddt - dTdP + dUdP;
        const Vector3 rhs = st.Jpinv.transpose() * G;
        QVERIFY2((lhs - rhs).norm() < 1e-5 * std::max(1.0, rhs.norm()),
                 qPrintable(QString("Lagrange residual %1 (|rhs| %2)").arg((lhs - rhs).norm()).arg(rhs.norm())));
      }
    }
  }

  void bodyPosesForTheView() {
    const OrthoglideModel m = shipped();
    std::mt19937 rng(8);
    const Vector3 P = randomPoint(m, rng);
    Vector3 L;
    QVERIFY(orthoglideInverseGeometric(m, P, L));
    std::array<OrthoglideBodyPose, 19> poses;
    QVERIFY(orthoglideBodyPoses(m, L, poses));
    QVERIFY((poses[18].pose.p - P).norm() < 1e-11);
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(poses[std::size_t(6 * i)].body, 1);
      QCOMPARE(poses[std::size_t(6 * i + 5)].body, 7);
      QVERIFY((poses[std::size_t(6 * i)].pose.p - (m.basePoint(i) + L[i] * m.actuatorAxis(i))).norm() < 1e-12);
    }
    std::string why;
    QVERIFY(!orthoglideBodyPoses(m, Vector3(3, 3, 3), poses, &why));
    QVERIFY(!why.empty());
  }

  void fileErrors() {
    std::string text;
    QVERIFY(readTextFile(MANIPLAB_SOURCE_DIR "/robots/orthoglide.json", text));
    auto withEdit = [&](const std::function<void(nlohmann::json&)>& edit) {
      nlohmann::json j = nlohmann::json::parse(text);
      edit(j);
      return parseOrthoglide(j.dump(), "o.json");
    };
    auto has = [](const OrthoglideLoadResult& r, const std::string& path, const std::string& msg) {
      for (const auto& d : r.diagnostics)
        if (d.severity == Diagnostic::Severity::Error && d.path == path && d.message.find(msg) != std::string::npos &&
            d.toString().rfind("o.json:" + path + ": error: ", 0) == 0)
          return true;
      qWarning("%s", r.report().c_str());
      return false;
    };
    QVERIFY(isOrthoglideDocument(text));
    QVERIFY(!isOrthoglideDocument("{\"format\": \"maniplab-robot\"}"));
    QVERIFY(has(withEdit([](auto& j) { j["chains"][1]["bodies"].erase("7"); }), "/chains/1/bodies/7", "missing required body"));
    QVERIFY(has(withEdit([](auto& j) { j["chains"][0]["bodies"]["3"]["mass"] = -1; }), "/chains/0/bodies/3/mass", "non-negative"));
    QVERIFY(has(withEdit([](auto& j) { j["chains"][2]["bodies"]["4"]["inertia"][0][1] = 1; }), "/chains/2/bodies/4/inertia", "symmetric"));
    QVERIFY(has(withEdit([](auto& j) { j["chains"][0]["D4"] = 0; }), "/chains/0/D4", "must be positive"));
    QVERIFY(has(withEdit([](auto& j) { j["chains"].erase(2); }), "/chains", "exactly 3"));
    QVERIFY(has(withEdit([](auto& j) { j["home"] = {0.4, 0, 0.5}; }), "/home", "out of reach"));
    QVERIFY(has(withEdit([](auto& j) { j["workspace"]["size"] = 0.7; }), "/workspace", "out of reach"));
    QVERIFY(has(withEdit([](auto& j) { j["kind"] = "delta"; }), "/kind", "must be \"orthoglide\""));
    QVERIFY(has(withEdit([](auto& j) { j["chains"][0]["D6x"] = 1; }), "/chains/0/D6x", "unknown key"));
    QVERIFY(has(withEdit([](auto& j) { j["chains"][1]["actuator"]["gear_ratio"] = 0; }), "/chains/1/actuator/gear_ratio", "non-zero"));
    QVERIFY(has(withEdit([](auto& j) { j["a"] = "x"; }), "/a", "must be a number"));
    // Values finite but beyond any real robot, refused at their field with the range (model/field_bounds.hpp),
    // alone; every diagnostic a coded message (each row loaded without an error before the bounds).
    struct Row {
      std::function<void(nlohmann::json&)> edit;
      const char* path;
      const char* message;
    };
    const Row rows[] = {
        {[](auto& j) { j["chains"][0]["bodies"]["3"]["mass"] = 1e9; }, "/chains/0/bodies/3/mass",
         "must be between 0 and 100000 kg (got 1000000000)"},
        {[](auto& j) { j["platform"]["mass"] = 1e9; }, "/platform/mass", "must be between 0 and 100000 kg (got 1000000000)"},
        {[](auto& j) { j["chains"][1]["D4"] = 1e3; }, "/chains/1/D4", "must be between 0 and 100 m (got 1000)"},
        {[](auto& j) { j["chains"][1]["actuator"]["gear_ratio"] = 1e9; }, "/chains/1/actuator/gear_ratio",
         "must be between 0.01 and 10000 in magnitude, as a real gear train (got 1000000000)"},
        {[](auto& j) { j["chains"][2]["actuator"]["rotor_inertia"] = 1e3; }, "/chains/2/actuator/rotor_inertia",
         "must be between 0 and 10 kg m^2 (got 1000)"},
        {[](auto& j) { j["chains"][2]["actuator"]["viscous"] = 1e9; }, "/chains/2/actuator/viscous",
         "must be between 0 and 1000000 N m s/rad or N s/m (got 1000000000)"},
        {[](auto& j) { j["chains"][0]["limits"]["effort"] = 1e9; }, "/chains/0/limits/effort",
         "must be between 0 and 10000000 N m or N (got 1000000000)"},
        {[](auto& j) { j["chains"][0]["bodies"]["5"]["inertia"][0][0] = 1e12; },
         "/chains/0/bodies/5/inertia/0/0", "must be between -1000000000 and 1000000000 kg m^2 (got 1e+12)"},
        {[](auto& j) { j["sources"] = 1; }, "/sources", "must be an object (free text per value)"},
    };
    for (const Row& row : rows) {
      const OrthoglideLoadResult r = withEdit(row.edit);
      QVERIFY(has(r, row.path, row.message));
      int errors = 0;
      for (const auto& d : r.diagnostics) {
        QVERIFY2(!d.code.empty(), d.message.c_str());
        errors += d.severity == Diagnostic::Severity::Error;
      }
      QVERIFY2(errors == 1, r.report().c_str());
    }
    QVERIFY(!parseOrthoglide("{\"format\": 1,", "o.json").ok());  // syntax error, no crash
    const OrthoglideLoadResult missing = loadOrthoglideFile("/nonexistent/o.json");
    QVERIFY(!missing.ok());
    // A stroke that does not cover the workspace is a warning (the file still loads).
    const auto w = withEdit([](auto& j) { j["chains"][0]["limits"]["upper"] = 0.2; });
    QVERIFY(w.ok());
    QVERIFY(!w.diagnostics.empty() && w.diagnostics[0].path == "/chains/0/limits");
  }
};

QTEST_GUILESS_MAIN(Orthoglide)
#include "test_orthoglide.moc"
