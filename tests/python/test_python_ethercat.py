"""A controller written in Python driving EtherCAT CiA 402 drives: the virtual drives of the UMIS robot in
this process (ethercat::BusProvider, the path the GUI's panel and maniplab-cli --in-process use: real
frames through the master, the drives' PDOs, encoder counts and torque set-points in per mille of the rated
torque), and (as root) the same drives behind a veth pair, in a network namespace, over a raw socket. The same Python computed-torque law on the simulated plant and on the bus: the bus run completes,
its cycles are counted, and its joint positions stay within the quantisation's reach of the simulated ones
when every period was regular (sim/ethercat/README.md, "Tolerance"), within 0.05 rad otherwise (a period the
controller answered late holds the previous torque; a sign or a joint mixed up would be radians).
Labels ethercat and timing: the bus cycles in real time on this machine's scheduler."""

import os
import shutil
import subprocess
import time
import unittest
import warnings

import numpy as np

import maniplab as ml
from support import CLI, main, source


class PythonControllerOnTheBus(unittest.TestCase):
    def setUp(self):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ml.FileWarning)
            self.scene = ml.Scene(source("scenes", "umis_ctc_vs_pid.json"))
        self.scene.duration = 2.0
        robot = self.scene.robot
        ctc = [c for c in self.scene.controllers if c["type"] == "computed_torque"][0]
        kp, kv = ctc["kp"], ctc["kv"]

        def computed_torque(t, q, qd, q_ref, qd_ref, qdd_ref):
            return robot.rnea(q, qd, qdd_ref + kv * (qd_ref - qd) + kp * (q_ref - q))

        self.controller = computed_torque

    def test_in_process_drives(self):
        self.check(ml.EthercatBus())  # in-process virtual drives of the scene's robot

    def test_real_link(self):
        # A veth pair, the virtual drives (maniplab-cli ecat-sim) in a network namespace on one end, the
        # master on the other: real frames on a real link (scripts/ethercat-veth.sh).
        if os.geteuid() != 0:
            self.skipTest("needs root (veth pair, network namespace, raw socket)")
        ip = shutil.which("ip") or "/usr/sbin/ip"
        if not os.path.exists(ip) or subprocess.run([ip, "netns", "list"], capture_output=True).returncode != 0:
            self.skipTest("iproute2 or network namespaces are not available")
        tag = str(os.getpid() % 100000)
        env = dict(os.environ, ECAT_NS="mlpy" + tag, ECAT_MASTER_IF="mlpym" + tag, ECAT_SLAVE_IF="mlpys" + tag,
                   MANIPLAB_CLI=CLI)
        script = source("scripts", "ethercat-veth.sh")
        if subprocess.run([script, "up"], env=env, capture_output=True).returncode != 0:
            self.skipTest("could not create the veth pair / namespace")
        drives = None
        try:
            drives = subprocess.Popen([ip, "netns", "exec", env["ECAT_NS"], CLI, "ecat-sim", "--ifname", env["ECAT_SLAVE_IF"],
                                       "--scene", source("scenes", "umis_ctc_vs_pid.json"), "--duration", "120", "--realtime"],
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            time.sleep(0.3)
            self.check(ml.EthercatBus(ifname=env["ECAT_MASTER_IF"]))
        finally:
            if drives:
                drives.terminate()
                try:
                    drives.wait(10)
                except subprocess.TimeoutExpired:
                    drives.kill()
            subprocess.run([script, "down"], env=env, capture_output=True)

    def check(self, bus):
        scene, computed_torque = self.scene, self.controller
        sim = scene.run(computed_torque, name="ctc")
        try:
            over = scene.run(computed_torque, name="ctc", backend=bus)
        finally:
            status = bus.status()
            bus.close()
        self.assertTrue(over.ok, over.message)
        self.assertEqual(over.name, "ctc [ethercat]")
        self.assertEqual(over.periods, sim.periods)
        stats = over.ethercat
        self.assertEqual(stats["slaves"], 6)
        self.assertGreaterEqual(stats["cycles"], over.periods)
        self.assertFalse(stats["fault"], stats["fault_message"])
        self.assertEqual(status["cycles"], stats["cycles"])
        # A control period in which the controller answered late (an overrun: the drives held the previous
        # set-point one cycle more) or a bad cycle makes the bus run depart from the simulation by
        # milliradians (the periods are no longer the same); a regular run departs by the quantisation only.
        regular = stats["overruns"] == 0 and stats["bad_cycles"] == 0 and stats["missed_cycles"] == 0
        bound = 1e-4 if regular else 0.05
        for j in range(1, 7):
            dq = np.abs(over["q[%d]" % j] - sim["q[%d]" % j]).max()
            self.assertLess(dq, bound, "joint %d: the bus run left the simulated one by %g rad (overruns %d, bad "
                            "cycles %d)" % (j, dq, stats["overruns"], stats["bad_cycles"]))
            self.assertGreater(np.abs(sim["tau[%d]" % j]).max(), 0.0)
        print("bus run: overruns %d, bad cycles %d, max |q_bus - q_sim| %.3g rad (bound %g)" % (
            stats["overruns"], stats["bad_cycles"],
            max(np.abs(over["q[%d]" % j] - sim["q[%d]" % j]).max() for j in range(1, 7)), bound))


if __name__ == "__main__":
    main()
