"""A controller written in Python driving EtherCAT CiA 402 drives: the virtual drives of the UMIS robot in
this process (ethercat::BusProvider, the path the GUI's panel and maniplab-cli --in-process use: real
frames through the master, the drives' PDOs, encoder counts and torque set-points in per mille of the rated
torque). The same Python computed-torque law on the simulated plant and on the bus: the bus run completes,
its cycles are counted, and its joint positions stay within the quantisation's reach of the simulated ones
when every period was regular (sim/ethercat/README.md, "Tolerance"), within 0.05 rad otherwise (a period the
controller answered late holds the previous torque; a sign or a joint mixed up would be radians).
Labels ethercat and timing: the bus cycles in real time on this machine's scheduler."""

import unittest
import warnings

import numpy as np

import maniplab as ml
from support import main, source


class PythonControllerOnTheBus(unittest.TestCase):
    def test_in_process_drives(self):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ml.FileWarning)
            scene = ml.Scene(source("scenes", "umis_ctc_vs_pid.json"))
        scene.duration = 2.0
        robot = scene.robot
        ctc = [c for c in scene.controllers if c["type"] == "computed_torque"][0]
        kp, kv = ctc["kp"], ctc["kv"]

        def computed_torque(t, q, qd, q_ref, qd_ref, qdd_ref):
            return robot.rnea(q, qd, qdd_ref + kv * (qd_ref - qd) + kp * (q_ref - q))

        sim = scene.run(computed_torque, name="ctc")
        bus = ml.EthercatBus()  # in-process virtual drives of the scene's robot
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
