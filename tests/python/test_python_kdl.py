"""maniplab against Orocos KDL (Debian's python3-pykdl, an independent implementation): the inverse dynamics and
the mass matrix of random chains written as standard-DH tables, built once in ManipLab (Robot.from_dh: the
robot-file reader and the core) and once in KDL (segments with Frame.DH and RigidBodyInertia), and of the
Puma 560 read from its file.

The mapping (KDL's conventions): a KDL segment is a joint about (or along) the z axis of its root frame,
then the constant tip frame Frame.DH(a, alpha, d, theta) = Rz(theta) Tz(d) Tx(a) Rx(alpha): the segment's tip
frame is the DH frame i, in which ManipLab's DH files give the link's centre of mass and inertia (about the
centre of mass), exactly what RigidBodyInertia(m, c, Ic) takes. The rotor's armature alpha^2 j_m is KDL's
joint inertia, added on the diagonal of M as ManipLab's armature model does. KDL has no friction: the
comparison is without it."""

import unittest

import numpy as np

import maniplab as ml
from support import main

try:
    import PyKDL as kdl
except ImportError:  # python3-pykdl (install-deps.sh installs it)
    kdl = None


def random_inertia(rng):
    """A physical inertia about the centre of mass: R diag(Ixx, Iyy, Izz) R^T with the triangle inequality."""
    a, b = rng.uniform(0.01, 0.3, 2)
    c = rng.uniform(abs(a - b) + 1e-3, a + b)
    Q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    return Q @ np.diag([a, b, c]) @ Q.T


def random_chain(rng, n, prismatic=False):
    joints = []
    for i in range(n):
        t = "prismatic" if prismatic and rng.uniform() < 0.3 else "revolute"
        joints.append({
            "type": t, "a": rng.uniform(-0.5, 0.5), "alpha": rng.uniform(-np.pi, np.pi), "d": rng.uniform(-0.4, 0.4),
            "theta": rng.uniform(-np.pi, np.pi), "mass": rng.uniform(0.5, 5.0), "com": rng.uniform(-0.2, 0.2, 3),
            "inertia": random_inertia(rng),
            "actuator": {"gear_ratio": float(rng.uniform(1, 100)), "rotor_inertia": float(rng.uniform(0, 1e-4))},
        })
    return joints


def kdl_chain(joints):
    chain = kdl.Chain()
    for j in joints:
        armature = j["actuator"]["gear_ratio"] ** 2 * j["actuator"]["rotor_inertia"]
        axis = kdl.Joint.RotZ if j["type"] == "revolute" else kdl.Joint.TransZ
        joint = kdl.Joint("j", axis, 1.0, 0.0, armature)
        tip = kdl.Frame.DH(j["a"], j["alpha"], j["d"], j["theta"])
        I = j["inertia"]
        Ic = kdl.RotationalInertia(I[0, 0], I[1, 1], I[2, 2], I[0, 1], I[0, 2], I[1, 2])
        c = j["com"]
        chain.addSegment(kdl.Segment(joint, tip, kdl.RigidBodyInertia(j["mass"], kdl.Vector(c[0], c[1], c[2]), Ic)))
    return chain


def kdl_array(v):
    a = kdl.JntArray(len(v))
    for i, x in enumerate(v):
        a[i] = float(x)
    return a


def kdl_dynamics(chain, gravity, q, qd, qdd):
    n = chain.getNrOfJoints()
    g = kdl.Vector(*gravity)
    tau = kdl.JntArray(n)
    wrenches = [kdl.Wrench() for _ in range(chain.getNrOfSegments())]
    kdl.ChainIdSolver_RNE(chain, g).CartToJnt(kdl_array(q), kdl_array(qd), kdl_array(qdd), wrenches, tau)
    M = kdl.JntSpaceInertiaMatrix(n)
    kdl.ChainDynParam(chain, g).JntToMass(kdl_array(q), M)
    return np.array([tau[i] for i in range(n)]), np.array([[M[i, j] for j in range(n)] for i in range(n)])


@unittest.skipIf(kdl is None, "python3-pykdl is not installed")
class AgainstKdl(unittest.TestCase):
    def check(self, joints, rng, states=3):
        gravity = (0.0, 0.0, -9.81)
        robot = ml.Robot.from_dh(joints, gravity=gravity)
        chain = kdl_chain(joints)
        n = len(joints)
        for _ in range(states):
            q, qd, qdd = rng.uniform(-1, 1, n), rng.uniform(-2, 2, n), rng.uniform(-3, 3, n)
            tau_k, M_k = kdl_dynamics(chain, gravity, q, qd, qdd)
            tau = robot.rnea(q, qd, qdd, friction=False)
            M = robot.mass_matrix(q)
            scale_tau = max(1.0, np.abs(tau_k).max())
            np.testing.assert_allclose(tau, tau_k, rtol=0, atol=1e-11 * scale_tau)
            np.testing.assert_allclose(M, M_k, rtol=0, atol=1e-12 * max(1.0, np.abs(M_k).max()))
            # the other two mass matrices of the core agree as well
            np.testing.assert_allclose(robot.mass_matrix(q, method="recurrence"), M_k, rtol=0,
                                       atol=1e-12 * max(1.0, np.abs(M_k).max()))

    def test_random_revolute_chains(self):
        rng = np.random.default_rng(2026)
        for n in (1, 2, 6, 12):
            with self.subTest(n=n):
                self.check(random_chain(rng, n), rng)

    def test_random_chains_with_prismatic_joints(self):
        rng = np.random.default_rng(11)
        for n in (3, 7, 20):
            with self.subTest(n=n):
                self.check(random_chain(rng, n, prismatic=True), rng)

    def test_the_check_can_fail(self):
        # A chain whose KDL twin differs by one link mass must disagree: the comparison sees the model.
        rng = np.random.default_rng(5)
        joints = random_chain(rng, 4)
        robot = ml.Robot.from_dh(joints)
        joints[2]["mass"] *= 1.001
        tau_k, _ = kdl_dynamics(kdl_chain(joints), (0, 0, -9.81), np.full(4, 0.3), np.zeros(4), np.zeros(4))
        self.assertGreater(np.abs(robot.rnea(np.full(4, 0.3), friction=False) - tau_k).max(), 1e-6)


if __name__ == "__main__":
    main()
