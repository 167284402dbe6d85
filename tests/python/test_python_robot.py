"""maniplab.Robot from Python: every binding against the C++ results bit for bit (maniplab-cli dynamics --json
and base-params --json are the reference), batches against single calls, closed forms of a textbook arm
built in code, the readers' messages (the same text as the CLI's, naming the JSON pointer), and bad input
(wrong shapes, NaN, wrong types, missing or malformed files, a singular mass matrix)."""

import json
import math
import os
import tempfile
import unittest
import warnings

import numpy as np

import maniplab as ml
from support import cli, cli_json, main, source

ROBOTS = ["puma560.json", "puma560_mdh.json", "umis.json", "stanford.json", "scara.json", "th8.json",
          "llibre1983_arm.json", "planar2r.json", "puma560.urdf"]


def load(name, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ml.FileWarning)
        return ml.Robot(source("robots", name), **kw)


def csv(v):
    return ",".join(repr(float(x)) for x in v)  # repr: the shortest text that reads back to the same double


class CliReference(unittest.TestCase):
    """The bindings give exactly what the C++ core gives maniplab-cli (same functions, same inputs)."""

    def check_against_cli(self, robot, args, q, qd, qdd, friction=True, gravity=True):
        extra = ([] if friction else ["--no-friction"]) + ([] if gravity else ["--no-gravity"])
        ref = cli_json("dynamics", *args, "--q", csv(q), "--qd", csv(qd), "--qdd", csv(qdd), "--json", *extra)
        tau = robot.rnea(q, qd, qdd, friction=friction, gravity=gravity)
        self.assertEqual(tau.tolist(), ref["tau"])
        self.assertEqual(robot.mass_matrix(q).tolist(), ref["M"])
        self.assertEqual(robot.crba(q).tolist(), ref["M"])
        self.assertEqual(robot.coriolis_matrix(q, qd).tolist(), ref["C"])
        if gravity:
            self.assertEqual(robot.gravity_torques(q).tolist(), ref["g"])
        self.assertEqual(robot.forward_dynamics(q, qd, tau, friction=friction, gravity=gravity).tolist(), ref["qdd_fd"])
        self.assertEqual(robot.tool_pose(q).tolist(), ref["T_ee"])
        self.assertEqual(robot.forward_kinematics(q)[-1].tolist(), ref["T_ee"])
        self.assertEqual(robot.jacobian(q).tolist(), ref["J"])
        e = robot.energy(q, qd)
        self.assertEqual(e["kinetic"], ref["energy"]["kinetic"])
        self.assertEqual(e["potential"] if gravity else 0.0, ref["energy"]["potential"])

    def test_shipped_robots(self):
        rng = np.random.default_rng(7)
        for name in ROBOTS:
            with self.subTest(robot=name):
                robot = load(name)
                n = robot.nq
                for _ in range(2):
                    q = robot.home + rng.uniform(-0.5, 0.5, n)
                    qd, qdd = rng.uniform(-1, 1, n), rng.uniform(-2, 2, n)
                    self.check_against_cli(robot, [source("robots", name)], q, qd, qdd)
                self.check_against_cli(robot, [source("robots", name)], q, qd, qdd, friction=False, gravity=False)

    def test_urdf_tip_and_lock(self):
        panda = source("tests", "data", "urdf", "franka_panda", "panda.urdf")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ml.FileWarning)
            robot = ml.Robot(panda, tip="panda_hand_tcp", lock={"panda_finger_joint1": 0.04})
        self.assertEqual(robot.nq, 7)
        q = np.linspace(-0.5, 0.6, 7)
        self.check_against_cli(robot, [panda, "--tip", "panda_hand_tcp", "--lock", "panda_finger_joint1=0.04"],
                               q, np.full(7, 0.3), np.full(7, -0.2))
        # without a tip the tree is refused with the CLI's message (the candidate chains)
        with self.assertRaises(ml.FileError) as cm:
            ml.Robot(panda)
        status, _, err = cli("check", panda, check=False)
        self.assertEqual(status, 1)
        self.assertIn(str(cm.exception).splitlines()[0], err)

    def test_urdf_whole_tree(self):
        two = source("tests", "data", "urdf", "trees", "two_arm_torso.urdf")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ml.FileWarning)
            robot = ml.Robot(two, tree=True)
        self.assertEqual(robot.nq, 17)
        ref = cli_json("dynamics", two, "--tree", "--json")
        self.assertEqual(robot.joint_names, ref["joints"])  # the coordinates named in the order of q
        self.assertEqual(robot.parents, ref["parents"])
        self.assertNotEqual(robot.parents, list(range(17)))  # a tree, not a chain
        q = np.linspace(-0.8, 0.9, 17)
        self.check_against_cli(robot, [two, "--tree"], q, np.full(17, 0.3), np.full(17, -0.2))
        chain = load("puma560.json")
        self.assertEqual(chain.parents, list(range(6)))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ml.FileWarning)
            coupled = ml.Robot(two, tree=True, couple_mimics=True)  # each gripper's second finger follows the first
        self.assertEqual(coupled.nq, 19)
        self.assertEqual(coupled.joint_names, cli_json("dynamics", two, "--tree", "--couple-mimics", "--json")["joints"])
        with self.assertRaises(ValueError):
            ml.Robot(source("robots", "puma560.json"), couple_mimics=True)

    def test_base_parameters(self):
        for name in ("puma560.json", "th8.json", "stanford.json"):
            for actuators in (False, True):
                with self.subTest(robot=name, actuators=actuators):
                    args = ["base-params", source("robots", name), "--json"] + (["--actuators"] if actuators else [])
                    ref = cli_json(*args)
                    base = load(name).base_parameters(actuators=actuators)
                    self.assertEqual(base.count, ref["count"])
                    self.assertEqual(base.names, [p["name"] for p in ref["params"]])
                    self.assertEqual(base.expressions, [p["expression"] for p in ref["params"]])
                    self.assertEqual(base.values.tolist(), [p["value"] for p in ref["params"]])


class Consistency(unittest.TestCase):
    def setUp(self):
        self.puma = load("puma560.json")
        self.rng = np.random.default_rng(3)

    def test_batches_equal_single_calls(self):
        n, N = 6, 9
        Q, QD, QDD = (self.rng.uniform(-1, 1, (N, n)) for _ in range(3))
        TAU = self.puma.rnea(Q, QD, QDD)
        self.assertEqual(TAU.shape, (N, n))
        M = self.puma.mass_matrix(Q)
        self.assertEqual(M.shape, (N, n, n))
        QDD2 = self.puma.aba(Q, QD, TAU)
        G = self.puma.gravity_torques(Q)
        for k in range(N):
            self.assertEqual(TAU[k].tolist(), self.puma.rnea(Q[k], QD[k], QDD[k]).tolist())
            self.assertEqual(M[k].tolist(), self.puma.crba(Q[k]).tolist())
            self.assertEqual(QDD2[k].tolist(), self.puma.aba(Q[k], QD[k], TAU[k]).tolist())
            self.assertEqual(G[k].tolist(), self.puma.gravity_torques(Q[k]).tolist())
        # a single vector is broadcast against a batch
        zero = np.zeros(n)
        self.assertEqual(self.puma.rnea(Q, zero, zero, friction=False).tolist(), G.tolist())
        # lists are accepted and give the same result
        self.assertEqual(self.puma.rnea(Q[0].tolist(), QD[0].tolist(), QDD[0].tolist()).tolist(), TAU[0].tolist())

    def test_algorithms_agree(self):
        q, qd, qdd = (self.rng.uniform(-1, 1, 6) for _ in range(3))
        M = self.puma.mass_matrix(q)
        for method in ("recurrence", "newton_euler"):
            np.testing.assert_allclose(self.puma.mass_matrix(q, method=method), M, rtol=0, atol=1e-12)
        tau = self.puma.rnea(q, qd, qdd)
        np.testing.assert_allclose(self.puma.forward_dynamics(q, qd, tau, method="cholesky"), qdd, atol=1e-10)
        # M qdd + C qd + g + friction = tau
        friction = self.puma.rnea(q, qd, np.zeros(6)) - self.puma.rnea(q, qd, np.zeros(6), friction=False)
        np.testing.assert_allclose(M @ qdd + self.puma.coriolis_matrix(q, qd) @ qd + self.puma.gravity_torques(q) + friction,
                                   tau, atol=1e-11)
        np.testing.assert_allclose(self.puma.nonlinear_effects(q, qd), self.puma.coriolis_matrix(q, qd) @ qd +
                                   self.puma.gravity_torques(q), atol=1e-11)
        self.assertAlmostEqual(self.puma.kinetic_energy(q, qd), 0.5 * qd @ M @ qd, delta=1e-12)
        # the regressor: tau = Y pi = Y_B pi_B
        Y = self.puma.regressor(q, qd, qdd)
        pi = self.puma.standard_parameters()["values"]
        np.testing.assert_allclose(Y @ pi, tau, atol=1e-10)
        base = self.puma.base_parameters(actuators=True)
        np.testing.assert_allclose(self.puma.regressor(q, qd, qdd, base) @ base.values, tau, atol=1e-10)

    def test_coupled_joints(self):
        # robots/panda_hand.json: the second finger (joint 9) mimics the first (joint 8), q9 = 1 q8 + 0.
        panda = load("panda_hand.json")
        self.assertEqual(panda.coupling[:8], [None] * 8)
        self.assertEqual(panda.coupling[8], {"joint": 8, "multiplier": 1.0, "offset": 0.0})
        self.assertEqual(panda.independent, list(range(1, 9)))
        G, o = panda.coupling_matrix()
        self.assertEqual(G.tolist(), np.vstack([np.eye(8), np.eye(8)[7]]).tolist())
        self.assertEqual(o.tolist(), [0.0] * 9)
        q = np.concatenate([self.rng.uniform(-1, 1, 7), [0.02, 0.02]])
        qd = np.concatenate([self.rng.uniform(-1, 1, 7), [0.05, 0.05]])
        tau = np.concatenate([self.rng.uniform(-5, 5, 7), [3.0, -1.0]])
        qdd = panda.forward_dynamics(q, qd, tau)
        self.assertEqual(qdd[8], qdd[7])  # the second finger moves with the first
        # Against the constrained system solved in NumPy with a Lagrange multiplier (not the projection G^T M G):
        # [M A^T; A 0] [qdd; lambda] = [tau - h; 0], A = [0 ... 0 -1 1] (qdd9 - qdd8 = 0).
        M = panda.mass_matrix(q)
        h = panda.rnea(q, qd, np.zeros(9))
        A = np.zeros((1, 9))
        A[0, 7], A[0, 8] = -1.0, 1.0
        K = np.block([[M, A.T], [A, np.zeros((1, 1))]])
        x = np.linalg.solve(K, np.concatenate([tau - h, [0.0]]))
        np.testing.assert_allclose(qdd, x[:9], rtol=0, atol=1e-9 * np.abs(x[:9]).max())
        # The free tree on request, as aba gives it: the fingers then part.
        free = panda.forward_dynamics(q, qd, tau, coupled=False)
        self.assertEqual(free.tolist(), panda.aba(q, qd, tau).tolist())
        self.assertGreater(abs(free[8] - free[7]), 1.0)
        # A robot without coupled joints: the identity map, and coupled=True changes nothing.
        G6, o6 = self.puma.coupling_matrix()
        self.assertEqual(G6.tolist(), np.eye(6).tolist())
        q6, qd6, t6 = (self.rng.uniform(-1, 1, 6) for _ in range(3))
        self.assertEqual(self.puma.forward_dynamics(q6, qd6, t6).tolist(),
                         self.puma.forward_dynamics(q6, qd6, t6, coupled=False).tolist())

    def test_operational_space(self):
        q = np.array([0.2, -0.6, 0.9, 0.3, 0.8, -0.4])
        qd = np.array([0.1, 0.2, -0.3, 0.4, -0.5, 0.6])
        os_ = self.puma.operational_space(q, qd)
        J, M = os_["J"], os_["M"]
        np.testing.assert_array_equal(J, self.puma.jacobian(q))
        Mx = np.linalg.inv(J @ np.linalg.solve(M, J.T))
        np.testing.assert_allclose(os_["Mx"], Mx, rtol=1e-8, atol=1e-8 * np.abs(Mx).max())
        np.testing.assert_allclose(os_["gx"], np.linalg.solve(J.T, self.puma.gravity_torques(q)), rtol=1e-9, atol=1e-9)

    def test_robotics_toolbox_names(self):
        q = np.array([0.2, -0.6, 0.9, 0.3, 0.8, -0.4])
        self.assertIs(ml.Robot.rne, ml.Robot.rnea)
        self.assertEqual(self.puma.inertia(q).tolist(), self.puma.mass_matrix(q).tolist())
        self.assertEqual(self.puma.gravload(q).tolist(), self.puma.gravity_torques(q).tolist())
        self.assertEqual(self.puma.fkine(q).tolist(), self.puma.tool_pose(q).tolist())
        J = self.puma.jacobian(q)
        self.assertEqual(self.puma.jacob0(q).tolist(), np.vstack((J[3:], J[:3])).tolist())
        self.assertEqual(self.puma.n, 6)


class BuiltInCode(unittest.TestCase):
    def test_planar_2r_closed_forms(self):
        # Point masses at the link ends (the DH frame i is at the distal end of link i), arm in the x-y plane,
        # gravity along -y: M and g of the textbook (e.g. Craig, Introduction to Robotics, Ex. 6.6).
        l1, l2, m1, m2, g0 = 1.3, 0.7, 2.0, 1.5, 9.81
        arm = ml.Robot.from_dh([{"a": l1, "mass": m1}, {"a": l2, "mass": m2}], name="2R", gravity=(0, -g0, 0))
        for q1, q2 in ((0.3, -0.8), (1.1, 2.0), (-2.5, 0.4)):
            c2, c1, c12 = math.cos(q2), math.cos(q1), math.cos(q1 + q2)
            M = np.array([[m1 * l1**2 + m2 * (l1**2 + l2**2 + 2 * l1 * l2 * c2), m2 * (l2**2 + l1 * l2 * c2)],
                          [m2 * (l2**2 + l1 * l2 * c2), m2 * l2**2]])
            g = np.array([(m1 + m2) * g0 * l1 * c1 + m2 * g0 * l2 * c12, m2 * g0 * l2 * c12])
            np.testing.assert_allclose(arm.mass_matrix([q1, q2]), M, rtol=1e-13, atol=1e-13)
            np.testing.assert_allclose(arm.gravity_torques([q1, q2]), g, rtol=1e-13, atol=1e-13)

    def test_dict_round_trip(self):
        puma = load("puma560.json")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ml.FileWarning)
            again = ml.Robot.from_dict(puma.to_dict())
        q = np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
        self.assertEqual(again.rnea(q, q, q).tolist(), puma.rnea(q, q, q).tolist())
        self.assertEqual(again.mass_matrix(q).tolist(), puma.mass_matrix(q).tolist())

    def test_gravity_is_a_parameter(self):
        puma = load("puma560.json")
        q = np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
        puma.gravity = [0, 0, 0]
        self.assertEqual(puma.gravity_torques(q).tolist(), [0.0] * 6)
        puma.gravity = (0, 0, -9.81)
        self.assertNotEqual(puma.gravity_torques(q)[1], 0.0)


class BadInput(unittest.TestCase):
    def setUp(self):
        self.puma = load("puma560.json")

    def test_wrong_shapes_name_the_argument(self):
        with self.assertRaisesRegex(ValueError, r"^rnea: argument 'q' has shape \(5,\), expected \(6,\) or \(N, 6\)"):
            self.puma.rnea(np.zeros(5), np.zeros(6), np.zeros(6))
        with self.assertRaisesRegex(ValueError, r"^aba: argument 'tau' has shape \(6, 2\)"):
            self.puma.aba(np.zeros(6), np.zeros(6), np.zeros((6, 2)))
        with self.assertRaisesRegex(ValueError, r"^rnea: argument 'qd' has 4 rows, argument 'q' has 3"):
            self.puma.rnea(np.zeros((3, 6)), np.zeros((4, 6)), np.zeros(6))
        with self.assertRaisesRegex(ValueError, r"^Robot.gravity: argument 'gravity' has shape \(2,\), expected \(3,\)"):
            self.puma.gravity = [0, 0]

    def test_nan_names_the_index(self):
        q = np.zeros(6)
        q[2] = np.nan
        with self.assertRaisesRegex(ValueError, r"^mass_matrix: argument 'q' has a non-finite value \(nan\) at index 2$"):
            self.puma.mass_matrix(q)
        Q = np.zeros((4, 6))
        Q[3, 1] = np.inf
        with self.assertRaisesRegex(ValueError, r"at index \[3, 1\]$"):
            self.puma.rnea(Q, Q * 0, Q * 0)

    def test_wrong_types(self):
        with self.assertRaisesRegex(TypeError, r"^crba: argument 'q' must be an array of numbers \(got str\)"):
            self.puma.crba("abc")
        with self.assertRaisesRegex(TypeError, r"argument 'qd' is None"):
            self.puma.aba(np.zeros(6), None, np.zeros(6))

    def test_missing_file(self):
        with self.assertRaises(FileNotFoundError) as cm:
            ml.Robot("no/such/robot.json")
        self.assertEqual(cm.exception.filename, "no/such/robot.json")
        status, _, err = cli("check", "no/such/robot.json", check=False)
        self.assertEqual(status, 1)
        self.assertEqual(cm.exception.strerror, err.splitlines()[0])  # the CLI's message

    def test_malformed_file_same_message_as_the_cli(self):
        doc = load("planar2r.json").to_dict()
        doc["joints"][1]["link"]["mass"] = -1
        doc["joints"][0]["alpah"] = 0
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "bad.json")
            with open(path, "w") as f:
                json.dump(doc, f)
            with self.assertRaises(ml.FileError) as cm:
                ml.Robot(path)
            status, _, err = cli("check", path, check=False)
        self.assertEqual(status, 1)
        message = str(cm.exception)
        self.assertIn(path + ":/joints/1/link/mass: error:", message)
        self.assertIn(path + ":/joints/0/alpah: error:", message)
        for line in message.splitlines():
            self.assertIn(line, err)  # the CLI prints the same findings
        pointers = sorted(d.pointer for d in cm.exception.diagnostics if d.severity == "error")
        self.assertEqual(pointers, ["/joints/0/alpah", "/joints/1/link/mass"])

    def test_table_in_code_is_checked_like_a_file(self):
        with self.assertRaises(ml.FileError) as cm:
            ml.Robot.from_dh([{"a": 1.0, "mass": 1.0}, {"a": 1.0, "mass": -2.0}])
        self.assertRegex(str(cm.exception), r"^<Robot.from_dh>:/joints/1/link/mass: error: .*-2")
        with self.assertRaisesRegex(ml.FileError, r"^<Robot.from_dh>:/joints/0/link/inertia: error: inertia tensor must be positive semi-definite"):
            ml.Robot.from_dh([{"a": 1.0, "mass": 1.0, "inertia": [[1, 0, 0], [0, -1, 0], [0, 0, 1]]}])

    def test_singular_mass_matrix(self):
        # Link 1 massless, link 2 a point mass at distance L from joint 2: at q2 = pi/2 the mass lies on the
        # axis of joint 1, so nothing resists joint 1 (M11 = 0); at home M = diag(m L^2, m L^2).
        arm = ml.Robot.from_dh([{"alpha": math.pi / 2}, {"a": 0.5, "mass": 2.0}], gravity=(0, 0, 0))
        np.testing.assert_allclose(arm.mass_matrix([0, 0]), np.diag([0.5, 0.5]), atol=1e-15)
        for method in ("aba", "cholesky"):
            with self.assertRaises(ml.SingularMassMatrixError) as cm:
                arm.forward_dynamics([0, math.pi / 2], [0, 0], [1, 0], method=method)
            self.assertRegex(str(cm.exception), r"^forward_dynamics: the mass matrix is singular at this state \(pivot of joint 1\)")
            self.assertIsInstance(cm.exception, ValueError)
            self.assertIsInstance(cm.exception, np.linalg.LinAlgError)


if __name__ == "__main__":
    main()
