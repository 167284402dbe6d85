// In-process master against virtual drives: start-up to OP (station addresses, SII identity and strings,
// AL states), SDO upload/download and abort codes, CST and CSP runs of the UMIS scene against the
// simulation backend.
#include <QtTest>

#include <cmath>
#include <cstring>

#include "maniplab/sim/scene.hpp"
#include "support/ethercat_fixture.hpp"
#include "support/timing_tolerance.hpp"

using namespace maniplab;
using namespace maniplab::ethercat;

class TestEthercatBus : public QObject {
  Q_OBJECT

 private slots:
  void startupToOp() {
    const auto robot = loadRobotFile(test::umisPath());
    QVERIFY(robot.model.nq == 6);
    sim::PlantOptions po;
    test::EthercatBench b(robot.model, po, 2e-3);
    const std::string e = b.master->bringUp(driveSetupFor(robot.model, cia402::ModeCST));
    QVERIFY2(e.empty(), e.c_str());
    QCOMPARE(b.master->slaveCount(), 6);
    const MasterStatus st = b.master->status();
    QCOMPARE(st.phase, std::string("OP"));
    for (int i = 0; i < 6; ++i) {
      const SlaveInfo& s = b.master->slave(i);
      QCOMPARE(s.station, std::uint16_t(0x1001 + i));
      QCOMPARE(s.identity.vendor, kManipLabVendor);
      QCOMPARE(s.identity.product, kVirtualDriveProduct);
      QCOMPARE(s.identity.serial, std::uint32_t(i + 1));
      QVERIFY(s.identity.name.find("joint " + std::to_string(i + 1)) != std::string::npos);
      QCOMPARE(s.identity.group, std::string("Drives"));
      QCOMPARE(s.rxBytes, std::uint16_t(8));
      QCOMPARE(s.txBytes, std::uint16_t(14));
      QCOMPARE(s.mbxOut, std::uint16_t(0x1000));
      // scaling from the SDO objects: counts per rad = 2^17 * gear / 2 pi
      const double g = std::abs(robot.model.actuator[std::size_t(i)].gear);
      QVERIFY(std::abs(s.countsPerUnit - 131072.0 * g / (2 * M_PI)) < 1e-6 * s.countsPerUnit);
      // rated torque: effort / 3 rounded to mN m at the motor, times the gear
      const double effort = robot.model.limits[std::size_t(i)].effort;
      QVERIFY(std::abs(s.ratedTorque - effort / 3) <= 0.0005 * g + 1e-9);
    }
    // the cyclic exchange runs: cycles advance and every slave reports OP
    Feedback f;
    QVERIFY(b.master->waitFeedback([](const Feedback& x) { return x.cycle > 20 && x.fresh; }, 2.0, f));
    const auto st2 = b.master->status();
    for (const auto& s : st2.slaves) QCOMPARE(int(s.alStatus), 8);
    QCOMPARE(st2.stats.wkcErrors, 0LL);
    b.master->shutdown();
  }

  void sdoReadWriteAbort() {
    const auto robot = loadRobotFile(test::umisPath());
    test::EthercatBench b(robot.model, sim::PlantOptions{}, 1e-3);
    QVERIFY(b.master->scan().empty());
    QCOMPARE(b.master->requestState(2), std::string());
    // device type CiA 402 servo drive, identity object
    auto r = b.master->sdoRead(0, cia402::DeviceType, 0);
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.value, 0x00020192u);
    r = b.master->sdoRead(2, cia402::Identity, 4);
    QVERIFY(r.ok);
    QCOMPARE(r.value, 3u);
    // gear ratio of joint 2 (160) as 160000/1000
    r = b.master->sdoRead(1, cia402::GearRatio, 1);
    QVERIFY(r.ok);
    QCOMPARE(r.value, 160000u);
    // write then read back the mode of operation (1 byte) and the interpolation period
    QVERIFY(b.master->sdoWrite(3, cia402::ModesOfOperation, 0, 8, 1).ok);
    r = b.master->sdoRead(3, cia402::ModesDisplay, 0);
    QVERIFY(r.ok);
    QCOMPARE(r.value, 8u);
    QVERIFY(b.master->sdoWrite(3, cia402::InterpolationPeriod, 1, 25, 1).ok);
    r = b.master->sdoRead(3, cia402::InterpolationPeriod, 1);
    QCOMPARE(r.value, 25u);
    // a REAL32 parameter round trip
    float kp = 1234.5f;
    std::uint32_t bits;
    std::memcpy(&bits, &kp, 4);
    QVERIFY(b.master->sdoWrite(4, cia402::CspStiffness, 0, bits, 4).ok);
    r = b.master->sdoRead(4, cia402::CspStiffness, 0);
    QCOMPARE(r.value, bits);
    // aborts: missing object, missing subindex, read-only, out of range, wrong length
    r = b.master->sdoRead(0, 0x5FFF, 0);
    QVERIFY(!r.ok);
    QCOMPARE(r.abortCode, 0x06020000u);
    QVERIFY(r.error.find("slave 1") != std::string::npos);
    QVERIFY(r.error.find("object does not exist") != std::string::npos);
    r = b.master->sdoRead(0, cia402::GearRatio, 7);
    QCOMPARE(r.abortCode, 0x06090011u);
    r = b.master->sdoWrite(0, cia402::Statusword, 0, 0, 2);
    QCOMPARE(r.abortCode, 0x06010002u);
    r = b.master->sdoWrite(0, cia402::ModesOfOperation, 0, 3, 1);
    QCOMPARE(r.abortCode, 0x06090030u);
    QVERIFY(r.error.find("value range") != std::string::npos);
    r = b.master->sdoWrite(0, cia402::ModesOfOperation, 0, 10, 2);
    QCOMPARE(r.abortCode, 0x06070010u);
  }

  void refusedTransitionIsReportedInWords() {
    const auto robot = loadRobotFile(test::umisPath());
    FaultPlan f;
    f.slave = 2;
    f.refuseState = 4;
    f.refuseCode = 0x001D;
    test::EthercatBench b(robot.model, sim::PlantOptions{}, 1e-3, f);
    const std::string e = b.master->bringUp(driveSetupFor(robot.model, cia402::ModeCST));
    QVERIFY(!e.empty());
    QVERIFY2(e.find("slave 3") != std::string::npos, e.c_str());
    QVERIFY2(e.find("refused SAFEOP") != std::string::npos, e.c_str());
    QVERIFY2(e.find("PREOP+ERROR") != std::string::npos, e.c_str());
    QVERIFY2(e.find("0x001D invalid output configuration") != std::string::npos, e.c_str());
  }

  void gearMismatchIsReported() {
    auto robot = loadRobotFile(test::umisPath());
    test::EthercatBench b(robot.model, sim::PlantOptions{}, 1e-3);
    DriveSetup s = driveSetupFor(robot.model, cia402::ModeCST);
    s.gear[1] = 100;
    const std::string e = b.master->bringUp(s);
    QVERIFY2(e.find("slave 2") != std::string::npos && e.find("gear ratio") != std::string::npos && e.find("q2") != std::string::npos, e.c_str());
  }

  // CST: computed torque over the bus against the same controller on the simulation backend.
  void cstRunTracksLikeSimulation() { compareRun("computed_torque", cia402::ModeCST); }
  // CSP: the drives' own position loop (PD at the bus rate) against the simulation's PD controller.
  void cspRunTracksLikeSimulation() { compareRun("pd", cia402::ModeCSP); }

 private:
  void compareRun(const std::string& which, std::int8_t mode) {
    auto sl = sim::loadSceneFile(std::string(MANIPLAB_SOURCE_DIR) + "/scenes/umis_ctc_vs_pid.json");
    QVERIFY2(sl.ok(), sl.report().c_str());
    sim::Scene scene = sl.scene;
    const Model& model = scene.robot.model;
    const auto traj = sim::makeTrajectory(scene);
    sim::RunOptions ro = sim::runOptions(scene);
    ro.duration = 1.5;  // real time over the bus: keep the test short
    const int n = model.nq;
    // PD gains for CSP (drive loop) and for the simulated oracle: Kd on the measurement, no filter.
    sim::ControllerSpec spec;
    if (which == "pd") {
      spec.name = "pd";
      spec.type = "pid";
      spec.kp = VectorX::Constant(n, 0);
      for (int j = 0; j < n; ++j) spec.kp[j] = 6000.0 / (j < 3 ? 1 : 4);
      spec.kv = spec.kp * 0.05;
      spec.ki = VectorX::Zero(n);
      spec.derivativeFilter = VectorX::Zero(n);
      spec.saturation = VectorX::Constant(n, 1e300);
      for (int j = 0; j < n; ++j) spec.saturation[j] = model.limits[std::size_t(j)].effort;
      spec.trackingTime = VectorX::Constant(n, 1);
    } else {
      for (const auto& c : scene.controllers)
        if (c.name == which) spec = c;
    }
    // simulation
    sim::SimulatedPlant plant(model, scene.plant);
    auto c1 = sim::makeController(spec, model);
    sim::Recorder r1(sim::makeChannels(model, scene.record));
    const sim::RunResult simRun = sim::runSimulation(model, plant, *c1, *traj, ro, r1);
    QVERIFY2(simRun.ok, simRun.message.c_str());
    // EtherCAT: bus cycle = control period (400 Hz as on the UMIS)
    test::EthercatBench b(model, scene.plant, scene.controlPeriod);
    DriveSetup setup = driveSetupFor(model, mode);
    if (mode == cia402::ModeCSP)
      for (int j = 0; j < n; ++j) {
        setup.cspKp.push_back(float(spec.kp[j]));
        setup.cspKd.push_back(float(spec.kv[j]));
      }
    const std::string e = b.master->bringUp(setup);
    QVERIFY2(e.empty(), e.c_str());
    EthercatBackendOptions bo;
    bo.mode = mode;
    EthercatBackend backend(model, *b.master, bo);
    backend.setReference(traj.get());
    auto c2 = sim::makeController(spec, model);
    sim::Recorder r2(sim::makeChannels(model, scene.record));
    const sim::RunResult busRun = sim::runSimulation(model, backend, *c2, *traj, ro, r2);
    QVERIFY2(busRun.ok, busRun.message.c_str());
    QCOMPARE(busRun.periods, simRun.periods);
    if (backend.overruns() > 0 && !backend.realtimeControl())
      QSKIP("the control thread (no real-time priority here) overran bus cycles under load: the comparison with "
            "the simulation does not hold; run as root for SCHED_FIFO");
    // Tolerance (documented in sim/ethercat/README.md): 5 % + 2e-4 rad on each joint's max and RMS error,
    // from the torque quantisation of 1 per mille of the rated torque (0.09-0.3 N m on the UMIS), the
    // encoder quantisation (2^17 counts per motor turn) and the CSP gains sent as REAL32.
    // A control period that overran its bus cycles (the scheduler's doing, not the protocol's: the drives
    // then hold the previous set-point one more cycle) widens it by 2e-4 rad each, as a lost frame does in
    // the veth test; the count is a timing figure, reported here and measured in maniplab-ecat-bench.
    const double slack = 2e-4 * double(1 + backend.overruns());
    for (int j = 0; j < n; ++j) {
      const auto& a = simRun.metrics.joints[std::size_t(j)];
      const auto& c = busRun.metrics.joints[std::size_t(j)];
      qInfo("%s joint %d: max |e| sim %.3e bus %.3e, rms sim %.3e bus %.3e, overruns %lld", which.c_str(), j + 1,
            a.maxAbsError, c.maxAbsError, a.rmsError, c.rmsError, backend.overruns());
      QVERIFY(std::isfinite(c.maxAbsError));
      MANIPLAB_TIMING_VERIFY2(std::abs(c.maxAbsError - a.maxAbsError) <= 0.05 * a.maxAbsError + slack, "max error differs");
      MANIPLAB_TIMING_VERIFY2(std::abs(c.rmsError - a.rmsError) <= 0.05 * a.rmsError + slack, "rms error differs");
    }
    b.master->shutdown();
  }
};

QTEST_GUILESS_MAIN(TestEthercatBus)
#include "test_ethercat_bus.moc"
