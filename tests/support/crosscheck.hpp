#pragma once
// The independent-computation checks of the dynamics core, applied to any model at random states.
#include <QTest>
#include <random>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/coriolis_christoffel.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/forward_dynamics_cholesky.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/newton_euler_extraction.hpp"
#include "maniplab/model/rnea.hpp"
#include "support/random_chain.hpp"

namespace maniplab::testing {

#define ML_VERIFY_LE(err, tol, what)                                                                   \
  do {                                                                                                 \
    const double e_ = (err);                                                                           \
    if (!(e_ <= (tol)))                                                                                \
      QFAIL(qPrintable(QString("%1: error %2 > %3 (%4)").arg(what).arg(e_).arg(tol).arg(label)));      \
  } while (0)

struct CrossCheckReport {
  double massMatrix = 0, forwardDynamics = 0, inverseOfForward = 0, coriolis = 0, skew = 0, jacobian = 0,
         jdotqd = 0, power = 0, kinetic = 0, wrench = 0;
};

/// Runs every cross-check at `states` random states; QFAILs with the label on the first violation.
inline void crossCheck(const Model& model, std::mt19937& rng, int states, const QString& label) {
  const int n = model.nq;
  Data data(model);
  const double qScale = 1.5;
  for (int s = 0; s < states; ++s) {
    const VectorX q = randomVectorX(rng, n, qScale);
    const VectorX qd = randomVectorX(rng, n, 1.0);
    const VectorX qdd = randomVectorX(rng, n, 1.0);

    // 1. Mass matrix three ways (Llibre, Mampey & Chrétien 1983 §III recurrence, CRBA, Newton–Euler columns).
    const MatrixX Mrec = massMatrixRecurrence(model, data, q);
    const MatrixX Mcrba = crba(model, data, q);
    const MatrixX Mne = massMatrixNewtonEuler(model, data, q);
    ML_VERIFY_LE(relErr(Mrec, Mcrba), 1e-11, "recurrence vs CRBA");
    ML_VERIFY_LE(relErr(Mne, Mcrba), 1e-11, "NE columns vs CRBA");
    ML_VERIFY_LE(relErr(MatrixX(Mcrba.transpose()), Mcrba), 0.0, "CRBA symmetric");

    // 2. RNEA = M qdd + s(q, qd) (the Lagrange form; friction off).
    RneaOptions noFric;
    noFric.friction = false;
    const VectorX tauNF = rnea(model, data, q, qd, qdd, noFric);
    const VectorX s0 = nonLinearEffects(model, data, q, qd, true);
    ML_VERIFY_LE(relErr(VectorX(Mcrba * qdd + s0), tauNF), 1e-11, "RNEA = M qdd + s");

    // 3. Forward dynamics two ways, and RNEA(q, qd, FD(tau)) = tau (friction on).
    RneaOptions fr;
    const VectorX tau = rnea(model, data, q, qd, qdd, fr);
    QCOMPARE(forwardDynamicsCholesky(model, data, q, qd, tau, fr), -1);
    const VectorX qddChol = data.qdd;
    ML_VERIFY_LE(relErr(qddChol, qdd), 1e-8, "RNEA(q, qd, FD_cholesky(tau)) = tau: qdd recovered");
    ML_VERIFY_LE(relErr(VectorX(rnea(model, data, q, qd, qddChol, fr)), tau), 1e-9, "RNEA(FD(tau)) = tau");
    if (!usesFullRotor(model)) {
      QCOMPARE(aba(model, data, q, qd, tau, fr), -1);
      ML_VERIFY_LE(relErr(data.qdd, qddChol), 1e-8, "ABA vs Cholesky");
    } else {
      QCOMPARE(aba(model, data, q, qd, tau, fr), -2);  // documented: ABA refuses the full rotor model
      Model arm = model;
      arm.rotorModel = RotorModel::Armature;
      Data d2(arm);
      const VectorX tauA = rnea(arm, d2, q, qd, qdd, fr);
      QCOMPARE(aba(arm, d2, q, qd, tauA, fr), -1);
      const VectorX qa = d2.qdd;
      QCOMPARE(forwardDynamicsCholesky(arm, d2, q, qd, tauA, fr), -1);
      ML_VERIFY_LE(relErr(qa, d2.qdd), 1e-8, "ABA vs Cholesky (armature)");
    }

    // 4. C qd equals the NE velocity terms; Mdot - 2C skew-symmetric (Mdot by central differences).
    const MatrixX C = coriolisMatrix(model, data, q, qd);
    const VectorX V = nonLinearEffects(model, data, q, qd, false);
    ML_VERIFY_LE(relErr(VectorX(C * qd), V), 1e-10, "C qd = NE velocity terms");
    const double h = 1e-6;
    const MatrixX Mp = crba(model, data, VectorX(q + h * qd));
    const MatrixX Mm = crba(model, data, VectorX(q - h * qd));
    const MatrixX Mdot = (Mp - Mm) / (2 * h);
    const MatrixX N = Mdot - 2 * C;
    ML_VERIFY_LE((N + N.transpose()).cwiseAbs().maxCoeff() / std::max(1.0, Mdot.cwiseAbs().maxCoeff()), 1e-7,
                 "Mdot - 2C skew-symmetric");
    // dM/dq_i by dual numbers vs finite differences of the recurrence (an independent code path).
    for (int i = 0; i < n; i += std::max(1, n / 4)) {
      VectorX dq = VectorX::Zero(n);
      dq[i] = h;
      const MatrixX Mplus = massMatrixRecurrence(model, data, VectorX(q + dq));
      const MatrixX fd = (massMatrixRecurrence(model, data, VectorX(q - dq)) - Mplus) / (-2 * h);
      ML_VERIFY_LE(relErr(fd, data.dM[std::size_t(i)]), 1e-7, "dM/dq (dual) vs finite differences");
    }

    // 5. Jacobian vs finite differences of FK; J̇ qd vs finite differences of J qd.
    forwardKinematics(model, data, q);
    computeJacobian(model, data, JacobianFrame::Base);
    const Matrix6X J = data.J;
    const Transform T0 = data.oMtool;
    const Vector6 bias = jacobianDotTimesQdot(model, data, qd);
    Matrix6X Jfd(6, n);
    for (int i = 0; i < n; ++i) {
      VectorX qp = q, qm = q;
      qp[i] += h;
      qm[i] -= h;
      forwardKinematics(model, data, qp);
      const Transform Tp = data.oMtool;
      forwardKinematics(model, data, qm);
      const Transform Tm = data.oMtool;
      const Matrix3 dR = (Tp.R - Tm.R) / (2 * h) * T0.R.transpose();  // skew(omega)
      Jfd.col(i) << dR(2, 1), dR(0, 2), dR(1, 0), (Tp.p - Tm.p) / (2 * h);
    }
    ML_VERIFY_LE(relErr(Jfd, J), 1e-7, "Jacobian vs finite differences");
    forwardKinematics(model, data, VectorX(q + h * qd));
    computeJacobian(model, data, JacobianFrame::Base);
    const Vector6 vp = data.J * qd;
    forwardKinematics(model, data, VectorX(q - h * qd));
    computeJacobian(model, data, JacobianFrame::Base);
    const Vector6 vm = data.J * qd;
    ML_VERIFY_LE(relErr(Vector6((vp - vm) / (2 * h)), bias), 1e-6, "J̇ qd vs finite differences");
    // Tool-frame Jacobian is the base one rotated.
    forwardKinematics(model, data, q);
    computeJacobian(model, data, JacobianFrame::Tool);
    Matrix6X Jt(6, n);
    for (int i = 0; i < n; ++i) Jt.col(i) << T0.R * data.J.col(i).head<3>(), T0.R * data.J.col(i).tail<3>();
    ML_VERIFY_LE(relErr(Jt, J), 1e-12, "tool-frame Jacobian");

    // 6. External wrench: tau(w) - tau(0) = -J_tool^T w.
    const Vector6 w = Vector6::Random() * 10;
    const VectorX tw = rnea(model, data, q, qd, qdd, fr, &w);
    ML_VERIFY_LE(relErr(VectorX(tw - tau), VectorX(-data.J.transpose() * w)), 1e-10, "external wrench = -J^T w");

    // 7. Kinetic energy from body velocities equals 1/2 qd^T M qd.
    const EnergyMomentum e = energyMomentum(model, data, q, qd);
    ML_VERIFY_LE(std::abs(e.kinetic - 0.5 * qd.dot(Mcrba * qd)) / std::max(1.0, e.kinetic), 1e-11, "T = qd'Mqd/2");

    // 8. Energy derivative equals power: d(T+U)/dt = qd . (tau - tau_f) along the motion qdd = FD(tau).
    const double dt = 1e-5;
    auto energyAt = [&](double t) {
      const VectorX qt = q + t * qd + 0.5 * t * t * qddChol;
      const VectorX qdt = qd + t * qddChol;
      return energyMomentum(model, data, qt, qdt).total();
    };
    const double dE = (energyAt(dt) - energyAt(-dt)) / (2 * dt);
    VectorX tf(n);
    frictionTorques(model, qd, tf);
    const double power = qd.dot(tau - tf);
    ML_VERIFY_LE(std::abs(dE - power) / std::max(1.0, std::abs(power)), 1e-6, "dE/dt = power");
  }
}

}  // namespace maniplab::testing
