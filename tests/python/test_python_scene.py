"""maniplab.Scene from Python: runs and comparisons equal to maniplab-cli's (tables, JSON metrics, CSV traces),
a controller written in Python equal to the built-in PD + gravity to the last bit, its failures reported
with the partial run, edits checked by the scene reader, every scene kind through the same API, the
identify-then-control loop, the GIL released during a run and Ctrl+C stopping it."""

import json
import os
import signal
import tempfile
import threading
import time
import unittest
import warnings

import numpy as np

import maniplab as ml
from support import cli, main, source


def scene(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ml.FileWarning)
        return ml.Scene(source("scenes", name))


def data_lines(path):
    """The lines of a CSV file that are not comments (provenance)."""
    with open(path) as f:
        return [line for line in f if not line.startswith("#")]


class SameAsTheCli(unittest.TestCase):
    def test_compare_table_and_json(self):
        for name in ("default.json", "planar2r_teaching.json", "orthoglide_ctc_vs_pid.json", "pendulum.json"):
            with self.subTest(scene=name):
                comparison = scene(name).compare()
                _, out, _ = cli("compare", source("scenes", name), "--quiet")
                self.assertTrue(out.endswith(comparison.table()), out)
                _, js, _ = cli("compare", source("scenes", name), "--quiet", "--json")
                self.assertEqual(json.loads(js)["controllers"], json.loads(comparison.to_json())["controllers"])

    def test_run_csv_bit_for_bit(self):
        s = scene("default.json")
        run = s.run("pid")
        self.assertTrue(run.ok)
        with tempfile.TemporaryDirectory() as d:
            mine, theirs = os.path.join(d, "py.csv"), os.path.join(d, "cli.csv")
            run.to_csv(mine)
            cli("run", source("scenes", "default.json"), "--controller", "pid", "--csv", theirs, "--quiet")
            self.assertEqual(data_lines(mine), data_lines(theirs))
            # the joints in the order of q, on the line after the provenance, as the CLI names them
            self.assertEqual(run.joints[:2], ["waist", "shoulder"])  # robots/puma560.json
            names = ", ".join(f"{i + 1} {n}" for i, n in enumerate(run.joints))
            joints = "# joints in the order of q (the i of q[i], qd[i], e[i], tau[i], ...): " + names + "\n"
            for f in (mine, theirs):
                with open(f, encoding="utf-8") as lines:
                    self.assertEqual(lines.readlines()[1], joints, f)
            # the comparison's files, as compare --csv-dir writes them
            s.compare(csv_dir=os.path.join(d, "py"))
            cli("compare", source("scenes", "default.json"), "--csv-dir", os.path.join(d, "cli"), "--quiet")
            for f in ("computed_torque.csv", "pid.csv", "comparison.csv"):
                self.assertEqual(data_lines(os.path.join(d, "py", f)), data_lines(os.path.join(d, "cli", f)), f)

    def test_trace_arrays(self):
        run = scene("planar2r_teaching.json").run("pid")
        a = run.array
        self.assertEqual(a.shape, (run.rows, 1 + len(run.channels)))
        self.assertFalse(a.flags.writeable)
        self.assertTrue(np.shares_memory(run["q[1]"], a))  # views, no copies
        self.assertTrue(run["q[1]"].flags.c_contiguous)
        np.testing.assert_array_equal(run.time, a[:, 0])
        np.testing.assert_array_equal(run["e[2]"], run["q_d[2]"] - run["q[2]"])
        self.assertEqual(run.units["tau[1]"], "N m")
        self.assertEqual(run.joints, ["q1", "q2"])  # robots/planar2r.json's joint names, in the order of q
        with self.assertRaisesRegex(KeyError, "no channel 'q\\[9\\]'"):
            run["q[9]"]
        m = run.metrics
        self.assertAlmostEqual(m.max_abs_error[0], np.abs(run["e[1]"]).max(), delta=0)  # every period recorded
        try:
            import pandas  # noqa: F401
        except ImportError:
            return
        df = run.to_pandas()
        self.assertEqual(list(df.columns), run.channels)
        np.testing.assert_array_equal(df["q[1]"].to_numpy(), run["q[1]"])


class PythonControllers(unittest.TestCase):
    def test_pd_gravity_to_the_last_bit(self):
        s = scene("planar2r_teaching.json")
        spec = [c for c in s.controllers if c["name"] == "pd_gravity"][0]
        kp, kd = spec["kp"], spec["kd"]
        robot = s.robot

        def pd_gravity(t, q, qd, q_ref, qd_ref, qdd_ref):
            return kp * (q_ref - q) + kd * (qd_ref - qd) + robot.rnea(q, friction=False)

        comparison = s.compare(["pd_gravity"], extra={"pd_gravity in Python": pd_gravity})
        builtin, mine = comparison.runs
        self.assertEqual(mine.name, "pd_gravity in Python")
        np.testing.assert_array_equal(mine.array, builtin.array)
        self.assertEqual(mine.metrics.raw["joints"], builtin.metrics.raw["joints"])
        self.assertIn("pd_gravity in Python", comparison.table())

        # the check sees a difference of one gain bit
        kp = kp * (1 + 2**-40)
        other = s.run(pd_gravity)
        self.assertFalse(np.array_equal(other.array, builtin.array))

    def test_object_with_reset(self):
        class Integrating:
            def __init__(self):
                self.resets = 0
                self.calls = 0

            def reset(self):
                self.resets += 1
                self.calls = 0

            def __call__(self, t, q, qd, q_ref, qd_ref, qdd_ref):
                self.calls += 1
                return 300 * (q_ref - q) - 30 * qd

        c = Integrating()
        s = scene("planar2r_teaching.json")
        run = s.run(c)
        self.assertEqual((c.resets, c.calls), (1, run.rows))  # one call per recorded control instant
        self.assertEqual(run.name, "Integrating")
        s.run(c, name="again")
        self.assertEqual(c.resets, 2)

    def test_failures_stop_the_run_and_keep_it(self):
        s = scene("planar2r_teaching.json")

        def bad(t, q, qd, q_ref, qd_ref, qdd_ref):
            if t >= 0.5:
                raise ZeroDivisionError("my bug")
            return np.zeros(2)

        with self.assertRaises(ml.ControllerError) as cm:
            s.run(bad)
        e = cm.exception
        self.assertIsInstance(e.__cause__, ZeroDivisionError)
        self.assertRegex(str(e), r"^bad: the Python controller failed at t = 0\.5\d* s: my bug")
        self.assertFalse(e.run.ok)
        self.assertGreater(e.run.rows, 100)
        self.assertLessEqual(e.run.end_time, 0.5 + 1e-9)

        cases = [(lambda *a: np.zeros(3), r"returned an array of shape \(3,\), expected \(2,\)"),
                 (lambda *a: "x", r"returned str, expected an array of 2 joint torques"),
                 (lambda *a: np.array([0.0, np.nan]), r"non-finite torque \(nan\) for joint 2")]
        for f, pattern in cases:
            with self.subTest(pattern=pattern), self.assertRaisesRegex(ml.ControllerError, pattern):
                s.run(f, name="f")

    def test_every_kind(self):
        # the pendulum (one joint: a number is a torque), the Orthoglide (3 actuators)
        p = scene("pendulum.json")
        run = p.run(lambda t, q, qd, qr, qdr, qddr: 20.0 * (qr[0] - q[0]) - 2.0 * qd[0], name="pd")
        self.assertTrue(run.ok)
        o = scene("orthoglide_ctc_vs_pid.json")
        self.assertEqual((o.kind, o.joint_count), ("orthoglide", 3))
        run = o.run(lambda t, q, qd, qr, qdr, qddr: 2e4 * (qr - q) + 300 * (qdr - qd), name="pd")
        self.assertTrue(run.ok, run.message)
        self.assertLess(run.metrics.max_abs_error.max(), 5e-3)
        sat = scene("satellite_arm.json")
        self.assertEqual(sat.kind, "floating_base")
        run = sat.run()
        self.assertTrue(run.ok)
        self.assertTrue(any("angular momentum drift" in line for line in run.summary))
        with self.assertRaisesRegex(ValueError, "control law is fixed"):
            sat.run(lambda *a: np.zeros(sat.joint_count))


class Edits(unittest.TestCase):
    def test_edits_go_through_the_reader(self):
        s = scene("default.json")
        s.duration = 1.0
        s.set_gains("pid", kp=500)
        self.assertEqual(s.controllers[s.controller_names.index("pid")]["kp"].tolist(), [500.0] * 6)
        with self.assertRaises(ml.FileError) as cm:
            s.set_gains("pid", kp=[1, 2, 3])
        self.assertRegex(str(cm.exception), r"default\.json:/controllers/1/kp: error:")
        self.assertEqual(s.controllers[1]["kp"].tolist(), [500.0] * 6)  # unchanged
        with self.assertRaisesRegex(ml.FileError, r":/rates/control_hz: error:"):
            s.set("/rates/control_hz", -5)
        traj = s.trajectory
        traj["times"] = traj["times"][::-1]
        with self.assertRaisesRegex(ml.FileError, r":/trajectory"):
            s.trajectory = traj
        with self.assertRaisesRegex(ValueError, r"/duration: must be a positive time"):
            s.duration = 0
        self.assertEqual(s.duration, 1.0)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "edited.json")
            s.save(path)
            again = ml.Scene(path)
            self.assertEqual(again.duration, 1.0)
            self.assertEqual(again.run("pid").metrics.raw, s.run("pid").metrics.raw)

    def test_missing_and_malformed(self):
        with self.assertRaises(FileNotFoundError):
            ml.Scene("no/such/scene.json")
        with self.assertRaisesRegex(ml.FileError, r"this is a serial robot robot file|robot file"):
            ml.Scene(source("robots", "puma560.json"))


class IdentifyThenControl(unittest.TestCase):
    def test_loop(self):
        s = scene("th8_identification.json")
        run = s.run()
        robot = s.robot
        ident = ml.identify(robot, run)
        np.testing.assert_allclose(ident.values, ident.true_values, rtol=1e-6,
                                   atol=1e-6 * np.abs(ident.true_values).max())
        # A perturbed model (30 %) against the identified one on the same trajectory: the identified model
        # tracks as the exact one does (RMS error), the perturbed one six times worse.
        s.duration = 5.0
        exact = s.run().metrics.rms_error
        s.set("/controllers/0/model/perturbation_percent", 30)
        comparison = s.compare(controller_model=ident.robot)
        names = [r.name for r in comparison]
        self.assertEqual(names, ["computed_torque", "computed_torque (identified model)"])
        before, after = (r.metrics.rms_error for r in comparison.runs)
        self.assertLess(after.max(), 1.05 * exact.max())
        self.assertGreater(before.max(), 3 * after.max())
        # from a CSV trace too
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "th8.csv")
            run.to_csv(path)
            ident2 = ml.identify(robot, path)
            np.testing.assert_allclose(ident2.values, ident.values, rtol=1e-9, atol=1e-12)
            # the CLI identifies the same trace to the same numbers, bit for bit
            ref = json.loads(cli("identify", source("robots", "th8.json"), path, "--json")[1])
            self.assertEqual(ident2.names, [p["name"] for p in ref["params"]])
            self.assertEqual(ident2.values.tolist(), [p["value"] for p in ref["params"]])
            self.assertEqual(ident2.std.tolist(), [p["std_dev"] for p in ref["params"]])
            self.assertEqual(ident2.condition_number, ref["condition_number"])
        with self.assertRaises(FileNotFoundError):
            ml.identify(robot, "no/such.csv")
        with self.assertRaisesRegex(TypeError, r"^identify: trace must be a Run, the path of a CSV trace or a dict"):
            ml.identify(robot, 42)
        with self.assertRaisesRegex(ValueError, r"^identify: argument 'q' has shape \(10, 5\), expected \(N, 6\)"):
            ml.identify(robot, {"t": np.arange(10.0), "q": np.zeros((10, 5)), "tau": np.zeros((10, 6))})
        with self.assertRaisesRegex(ValueError, r"^identify: model must be 'dynamic' or 'energy'"):
            ml.identify(robot, run, model="kinetic")


class Threads(unittest.TestCase):
    def test_the_gil_is_released_during_a_run(self):
        s = scene("default.json")
        s.duration = 120.0
        count = [0]
        stop = threading.Event()

        def spin():
            while not stop.is_set():
                count[0] += 1
                time.sleep(0.0005)

        t = threading.Thread(target=spin)
        t.start()
        try:
            time.sleep(0.05)
            before = count[0]
            t0 = time.monotonic()
            run = s.run("pid")
            elapsed = time.monotonic() - t0
            during = count[0] - before
        finally:
            stop.set()
            t.join()
        self.assertTrue(run.ok)
        # Held by the run, the GIL would let the thread count at most once or twice in all that time.
        self.assertGreater(elapsed, 0.1)
        self.assertGreater(during, 20, "the other thread made no progress during a %.2f s run" % elapsed)

    def test_ctrl_c_stops_the_run(self):
        s = scene("default.json")
        s.duration = 3600.0
        timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        t0 = time.monotonic()
        with self.assertRaises(KeyboardInterrupt):
            s.run("pid")
        self.assertLess(time.monotonic() - t0, 60)
        last = s.last_run
        self.assertTrue(last.cancelled)
        self.assertGreater(last.rows, 10)
        self.assertLess(last.end_time, 3600.0)


if __name__ == "__main__":
    main()
