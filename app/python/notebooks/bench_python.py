#!/usr/bin/env python3
"""The Python module's benchmark (a table, not a test): what a call from Python costs.

1. Per call, median over batches (64 random states cycled), on the Puma 560 (n = 6): RNEA, the mass matrix
   (CRBA) and the forward dynamics (ABA) called from Python with NumPy arrays, the same functions timed in a
   C++ loop inside the module (no Python in the loop), and Orocos KDL called from Python (python3-pykdl:
   ChainIdSolver_RNE.CartToJnt, ChainDynParam.JntToMass on prebuilt JntArrays; PyKDL binds no
   forward-dynamics solver). Goal (issue 25): the binding adds at most 1 us per call at n = 6.
2. A controller written in Python: the default scene (Puma 560, 400 Hz control, RK4 plant at 2 kHz) run with
   the built-in PD + gravity and with the same law in Python (NumPy + robot.gravity_torques); the overhead per
   control period and the real-time factor with the Python controller. Goal: at least 20x real time.

Run from a build tree:  PYTHONPATH=build/app/python python3 app/python/notebooks/bench_python.py
"""

import statistics
import sys
import time
import warnings

import numpy as np

import maniplab as ml

try:
    import PyKDL as kdl
except ImportError:
    kdl = None


def per_call_ns(f, states, batches=31):
    """Median ns per call of f(state) over `batches` passes through the states."""
    per = []
    for _ in range(batches):
        t0 = time.perf_counter_ns()
        for s in states:
            f(s)
        per.append((time.perf_counter_ns() - t0) / len(states))
    return statistics.median(per)


def kdl_chain(robot):
    """The robot as a KDL chain, from its DH description (standard DH only: the Puma 560's file)."""
    doc = robot.to_dict()
    if doc["convention"] != "dh":
        return None
    chain = kdl.Chain()
    deg = np.pi / 180 if doc.get("angle_unit") == "deg" else 1.0
    for j in doc["joints"]:
        act = j.get("actuator", {})
        armature = act.get("gear_ratio", 1.0) ** 2 * act.get("rotor_inertia", 0.0)
        axis = kdl.Joint.RotZ if j.get("type", "revolute") == "revolute" else kdl.Joint.TransZ
        joint = kdl.Joint("j", axis, 1.0, 0.0, armature)
        tip = kdl.Frame.DH(j.get("a", 0.0), j.get("alpha", 0.0) * deg, j.get("d", 0.0), j.get("theta", 0.0) * deg)
        link = j["link"]
        I = np.array(link.get("inertia", np.zeros((3, 3))), dtype=float)
        c = link.get("com", [0, 0, 0])
        Ic = kdl.RotationalInertia(I[0, 0], I[1, 1], I[2, 2], I[0, 1], I[0, 2], I[1, 2])
        chain.addSegment(kdl.Segment(joint, tip, kdl.RigidBodyInertia(link["mass"], kdl.Vector(*c), Ic)))
    return chain


def jnt(v):
    a = kdl.JntArray(len(v))
    for i, x in enumerate(v):
        a[i] = float(x)
    return a


def dynamics_table():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        puma = ml.Robot(ml.data_path("robots/puma560.json"))
    n = puma.nq
    rng = np.random.default_rng(1)
    S = 64
    Q, QD, QDD = rng.uniform(-1, 1, (3, S, n))
    TAU = puma.rnea(Q, QD, QDD)
    states = [(Q[k].copy(), QD[k].copy(), QDD[k].copy(), TAU[k].copy()) for k in range(S)]
    rows = []
    py = {
        "RNEA": per_call_ns(lambda s: puma.rnea(s[0], s[1], s[2]), states),
        "CRBA (mass matrix)": per_call_ns(lambda s: puma.crba(s[0]), states),
        "ABA (forward dynamics)": per_call_ns(lambda s: puma.aba(s[0], s[1], s[3]), states),
    }
    cpp = {
        "RNEA": ml._maniplab._time_cpp(puma, "rnea", np.hstack((Q, QD, QDD))),
        "CRBA (mass matrix)": ml._maniplab._time_cpp(puma, "crba", np.hstack((Q, QD, QDD))),
        "ABA (forward dynamics)": ml._maniplab._time_cpp(puma, "aba", np.hstack((Q, QD, TAU))),
    }
    k = {}
    if kdl is not None:
        chain = kdl_chain(puma)
        g = kdl.Vector(*puma.gravity)
        id_solver, dyn = kdl.ChainIdSolver_RNE(chain, g), kdl.ChainDynParam(chain, g)
        kstates = [(jnt(s[0]), jnt(s[1]), jnt(s[2])) for s in states]
        tau, M = kdl.JntArray(n), kdl.JntSpaceInertiaMatrix(n)
        wrenches = [kdl.Wrench() for _ in range(n)]
        k["RNEA"] = per_call_ns(lambda s: id_solver.CartToJnt(s[0], s[1], s[2], wrenches, tau), kstates)
        k["CRBA (mass matrix)"] = per_call_ns(lambda s: dyn.JntToMass(s[0], M), kstates)
        # the check that KDL computes the same thing (no friction in KDL)
        id_solver.CartToJnt(kstates[0][0], kstates[0][1], kstates[0][2], wrenches, tau)
        err = max(abs(tau[i] - x) for i, x in enumerate(puma.rnea(*states[0][:3], friction=False)))
        print("KDL cross-check: max |tau_KDL - tau_ManipLab| = %.2g N m (no friction)" % err)
    print()
    print("| call, Puma 560 (n = 6) | from Python, ns | same call in C++, ns | binding overhead, ns | PyKDL from Python, ns |")
    print("|---|---:|---:|---:|---:|")
    for name in py:
        kd = "%.0f" % k[name] if name in k else "n/a"
        print("| %s | %.0f | %.0f | %.0f | %s |" % (name, py[name], cpp[name], py[name] - cpp[name], kd))
    worst = max(py[n_] - cpp[n_] for n_ in py)
    print("\nlargest binding overhead: %.0f ns per call (goal <= 1000 ns): %s" % (worst, "met" if worst <= 1000 else "MISSED"))
    return worst


def controller_table():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        scene = ml.Scene(ml.data_path("scenes/default.json"))
    scene.duration = 30.0
    kp = np.array([2000, 4000, 2000, 300, 300, 100.0])
    kd = np.array([100, 200, 100, 10, 10, 4.0])
    scene.set("/controllers/-", {"name": "pd_gravity", "type": "pd_gravity", "kp": kp.tolist(), "kd": kd.tolist()})
    robot = scene.robot

    def pd_gravity(t, q, qd, q_ref, qd_ref, qdd_ref):
        return kp * (q_ref - q) + kd * (qd_ref - qd) + robot.gravity_torques(q)

    def nothing(t, q, qd, q_ref, qd_ref, qdd_ref):
        return kp * 0.0

    best = {}
    for _ in range(3):  # best of 3: the least disturbed run
        for label, controller in (("built-in pd_gravity (C++)", "pd_gravity"), ("PD + gravity in Python", pd_gravity),
                                  ("Python: a call that returns zeros", nothing)):
            r = scene.run(controller, name="x")
            best[label] = min(best.get(label, 1e9), r.wall_seconds)
            periods, simulated = r.periods, r.end_time
    base = best["built-in pd_gravity (C++)"]
    print()
    print("| default scene, 30 s simulated (%d control periods at 400 Hz) | wall s | real-time factor | per control period vs built-in, us |" % periods)
    print("|---|---:|---:|---:|")
    for label, w in best.items():
        print("| %s | %.3f | %.0fx | %s |" % (label, w, simulated / w, "—" if w == base else "%+.1f" % (1e6 * (w - base) / periods)))
    factor = simulated / best["PD + gravity in Python"]
    print("\nreal-time factor with the Python PD + gravity: %.0fx (goal >= 20x): %s" % (factor, "met" if factor >= 20 else "MISSED"))
    return factor


if __name__ == "__main__":
    print("maniplab %s, Python %s, NumPy %s" % (ml.__version__, sys.version.split()[0], np.__version__))
    dynamics_table()
    controller_table()
