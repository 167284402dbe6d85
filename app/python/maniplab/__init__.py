"""ManipLab from Python: robot dynamics, base parameters, identification and simulated control.

ManipLab simulates, controls and teaches the dynamics of robot manipulators. This module gives Python (and
notebooks) its C++ core without the GUI: robots and their exact recursive algorithms, base inertial
parameters and identification, and the scenes of the desktop application and of ``maniplab-cli``, run on the
same engine with the same metrics, with a controller written in Python beside the built-in ones::

    import numpy as np
    import maniplab as ml

    puma = ml.Robot(ml.data_path("robots/puma560.json"))
    q = np.array([0, 0.5, -1, 0, 0.3, 0])
    M = puma.mass_matrix(q)                         # (6, 6), Featherstone RBDA §6.2
    tau = puma.rnea(q, np.zeros(6), np.ones(6))     # Llibre, Mampey & Chrétien 1983 §II

    scene = ml.Scene(ml.data_path("scenes/default.json"))
    kp, kv = 100.0, 20.0
    def pd_gravity(t, q, qd, q_ref, qd_ref, qdd_ref):
        return kp * (q_ref - q) + kv * (qd_ref - qd) + puma.gravity_torques(q)
    comparison = scene.compare(extra={"my PD + gravity": pd_gravity})
    print(comparison)                               # the table of `maniplab-cli compare`

Contents: Robot (files, URDF, DH/MDH tables; kinematics and dynamics), BaseParameters, identify and
Identification (Belkoura 1993), Scene, Run, Comparison, EthercatBus (CiA 402 drives, real or virtual),
data_path. Errors are Python exceptions carrying the messages of maniplab-cli: FileError (a ValueError
naming the file and the JSON pointer of the field), FileNotFoundError, ValueError/TypeError naming the
argument, SingularMassMatrixError, ControllerError. Units are SI, angles in radians.

Sources (cited in the code they came from): Llibre, Mampey & Chrétien 1983; Belkoura 1993; Zanaboni 2009;
Guégan, Khalil, Chablat & Wenger 2002; Khalil & Dombre; Featherstone RBDA; ETG.1000.
"""

import json as _json
import os as _os

import numpy as _np

from . import _build_info
from ._errors import ControllerError, FileError, FileWarning, SingularMassMatrixError
from ._maniplab import BaseParameters, Diagnostic, EthercatBus, Identification, Robot, Run, __version__
from . import _maniplab

__all__ = [
    "Robot", "BaseParameters", "Identification", "identify", "Scene", "Run", "Comparison", "Metrics",
    "EthercatBus", "Diagnostic", "FileError", "FileWarning", "SingularMassMatrixError", "ControllerError",
    "data_path", "data_dir", "__version__",
]


# --- where the shipped robots and scenes are ----------------------------------------------------------

def data_dir():
    """The directory holding ManipLab's shipped ``robots/`` and ``scenes/``: $MANIPLAB_DATA_DIR when set;
    else the copy inside the package (pip install); else ``share/maniplab`` of the installation the package
    belongs to (``/usr/share/maniplab`` for Debian's ``/usr/lib/python3/dist-packages``); else the source
    tree of a build-tree package."""
    here = _os.path.dirname(_os.path.abspath(__file__))
    candidates = []
    if _os.environ.get("MANIPLAB_DATA_DIR"):
        candidates.append(_os.environ["MANIPLAB_DATA_DIR"])
    candidates.append(_os.path.join(here, "data"))
    # <prefix>/lib/python3/dist-packages/maniplab or <prefix>/lib/python3.X/dist-packages/maniplab
    candidates.append(_os.path.normpath(_os.path.join(here, "..", "..", "..", "..", "share", "maniplab")))
    if _build_info.SOURCE_DATA_DIR:
        candidates.append(_build_info.SOURCE_DATA_DIR)
    for c in candidates:
        if _os.path.isdir(_os.path.join(c, "robots")) and _os.path.isdir(_os.path.join(c, "scenes")):
            return c
    raise FileNotFoundError("ManipLab's robots/ and scenes/ were not found (looked in: " + ", ".join(candidates) +
                            "); set MANIPLAB_DATA_DIR to the directory that holds them")


def data_path(relative):
    """The path of a shipped file, e.g. ``data_path("robots/puma560.json")``, ``data_path("scenes/default.json")``."""
    p = _os.path.join(data_dir(), relative)
    if not _os.path.exists(p):
        raise FileNotFoundError(2, "no shipped file " + relative + " in " + data_dir(), p)
    return p


# --- Robot: constructors from data, RTB names ---------------------------------------------------------

def _robot_from_dict(cls, document, label="<dict>"):
    """Robot.from_dict(document, label='<dict>') -> Robot

    A robot from a dict in the robot-file format (robots/README.md), read by the same reader as the files:
    every error names the JSON pointer of the field (e.g. ``<dict>:/joints/1/link/mass: error: must be
    non-negative (got -1)``) and raises FileError. ``format``/``version`` may be left out."""
    doc = dict(document)
    doc.setdefault("format", "maniplab-robot")
    doc.setdefault("version", 1)
    return cls._parse(_json.dumps(doc, allow_nan=True), label)


def _robot_from_dh(cls, joints, convention="dh", *, name="robot", gravity=(0.0, 0.0, -9.81), base=None,
                   tool=None, home=None, rotor_model="armature", label=None):
    """Robot.from_dh(joints, convention='dh', *, name='robot', gravity=(0, 0, -9.81), base=None, tool=None,
    home=None, rotor_model='armature') -> Robot

    A robot from a table written in code, one dict per joint, base to tip:
      convention 'dh'  (standard Denavit–Hartenberg, Rz(theta) Tz(d) Tx(a) Rx(alpha)): keys a, alpha, d, theta;
      convention 'mdh' (modified DH of Khalil–Kleinfinger, Rx(alpha) Tx(d) Rz(theta) Tz(r)): keys alpha, d, theta, r;
    the joint variable's parameter (theta of a revolute joint, d or r of a prismatic one) is its offset.
    Per joint also: type ('revolute' or 'prismatic', or 'R'/'P'), name, mass (default 0), com (in the link
    frame, default its origin), inertia (3x3 about the centre of mass, or {xx, yy, zz, xy, xz, yz}; default
    zero: a point mass), limits ({lower, upper, velocity,
    acceleration, effort}), actuator ({gear_ratio, rotor_inertia, viscous, coulomb}). The table is checked
    by the robot-file reader: an error names the joint's field, e.g. ``/joints/1/link/mass``."""
    if convention not in ("dh", "mdh"):
        raise ValueError("Robot.from_dh: convention must be 'dh' or 'mdh' (got %r)" % (convention,))
    geometry = ("a", "alpha", "d", "theta") if convention == "dh" else ("alpha", "d", "theta", "r")
    link_keys = ("mass", "com", "inertia", "geometry")
    out = []
    for i, j in enumerate(joints):
        j = dict(j)
        entry = {}
        t = j.pop("type", "revolute")
        entry["type"] = {"R": "revolute", "P": "prismatic"}.get(t, t)
        if "name" in j:
            entry["name"] = j.pop("name")
        for k in geometry:
            entry[k] = float(j.pop(k, 0.0))
        link = {k: j.pop(k) for k in link_keys if k in j}
        link.setdefault("mass", 0.0)
        link.setdefault("inertia", [[0.0] * 3 for _ in range(3)])  # a point mass unless given
        for k in ("com",):
            if k in link:
                link[k] = [float(x) for x in _np.asarray(link[k], dtype=float).ravel()]
        if "inertia" in link and not isinstance(link["inertia"], dict):
            link["inertia"] = _np.asarray(link["inertia"], dtype=float).tolist()
        entry["link"] = link
        for k in ("limits", "actuator"):
            if k in j:
                entry[k] = j.pop(k)
        if j:
            # unknown keys go to the reader, which names them (e.g. /joints/2/alpah: unknown key)
            entry.update(j)
        out.append(entry)
    doc = {"format": "maniplab-robot", "version": 1, "name": name, "convention": convention,
           "gravity": [float(g) for g in gravity], "rotor_model": rotor_model, "joints": out}
    if base is not None:
        doc["base"] = base
    if tool is not None:
        doc["tool"] = tool
    if home is not None:
        doc["home"] = [float(x) for x in home]
    return cls._parse(_json.dumps(doc, allow_nan=True), label or "<Robot.from_dh>")


def _robot_to_dict(self):
    """Robot.to_dict() -> dict: the robot file of this robot (robots/README.md), as read back by from_dict."""
    return _json.loads(self.to_json())


def _robot_save(self, path):
    """Robot.save(path): writes the robot file (JSON; or URDF when path ends in .urdf)."""
    text = self.to_urdf() if str(path).lower().endswith(".urdf") else self.to_json()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _reorder_linear_first(J):
    return _np.vstack((J[3:], J[:3]))


def _jacob0(self, q):
    """jacob0(q) -> (6, n): the Robotics Toolbox's world-frame Jacobian of the tool, LINEAR ROWS FIRST [v; omega]."""
    return _reorder_linear_first(self.jacobian(q, "world"))


def _jacobe(self, q):
    """jacobe(q) -> (6, n): the Robotics Toolbox's tool-frame Jacobian, LINEAR ROWS FIRST [v; omega]."""
    return _reorder_linear_first(self.jacobian(q, "tool"))


def _kinetic_energy(self, q, qd):
    """kinetic_energy(q, qd) -> float [J] (rotors included)."""
    return self.energy(q, qd)["kinetic"]


def _potential_energy(self, q):
    """potential_energy(q) -> float [J] (zero at the world origin's height)."""
    return self.energy(q, _np.zeros(self.nq))["potential"]


Robot.from_dict = classmethod(_robot_from_dict)
Robot.from_dh = classmethod(_robot_from_dh)
Robot.to_dict = _robot_to_dict
Robot.save = _robot_save
Robot.jacob0 = _jacob0
Robot.jacobe = _jacobe
Robot.kinetic_energy = _kinetic_energy
Robot.potential_energy = _potential_energy
# The Robotics Toolbox's (Corke) and Pinocchio's names for the same functions (same objects: no overhead).
Robot.inverse_dynamics = Robot.rnea
Robot.rne = Robot.rnea
Robot.inertia = Robot.mass_matrix
Robot.coriolis = Robot.coriolis_matrix
Robot.gravload = Robot.gravity_torques
Robot.generalized_gravity = Robot.gravity_torques
Robot.accel = Robot.forward_dynamics
Robot.fkine = Robot.tool_pose
Robot.fkine_all = Robot.forward_kinematics
Robot.n = property(lambda self: self.nq, doc="the number of joints (the Robotics Toolbox's name)")


# --- Identification -------------------------------------------------------------------------------------

def identify(robot, trace, model="dynamic", *, base=None, cutoff_hz=None, weighted=True, velocity_threshold=0.02):
    """identify(robot, trace, model='dynamic', *, base=None, cutoff_hz=None, weighted=True,
    velocity_threshold=0.02) -> Identification

    Identifies the base parameters of `robot` (Belkoura 1993 ch. III) from `trace`: a Run (its q, qd, tau
    channels: the dynamic model is then written per control period with no differentiation), the path of a
    CSV trace (time, q[i], tau[i], optionally qd[i], qdd[i]; `maniplab-cli run --csv` writes them), or a dict
    of arrays {t, q, tau, qd?, qdd?}. model 'dynamic' (weighted least squares on tau = Y_B pi_B) or 'energy'
    (the energy model, no accelerations). `base` (a BaseParameters) defaults to robot.base_parameters().
    cutoff_hz: the zero-phase low-pass of measured traces (None: automatic, none for ManipLab's own traces).
    Raises ValueError naming the column/row for bad data, or the parameters a trace does not excite."""
    if isinstance(trace, (str, _os.PathLike)):
        trace = _os.fspath(trace)
        if not _os.path.exists(trace):
            raise FileNotFoundError(2, trace + ": error: cannot open file for reading", trace)
    return _maniplab._identify(robot, trace, model, base, -1.0 if cutoff_hz is None else float(cutoff_hz),
                               weighted, velocity_threshold)


# --- Runs: metrics and pandas ---------------------------------------------------------------------------

_JOINT_METRICS = (("max_abs_error", "maxAbsError"), ("rms_error", "rmsError"),
                  ("steady_state_error", "steadyStateError"), ("displacement", "displacement"),
                  ("relative_error_percent", "relativeErrorPercent"), ("rms_torque", "rmsTorque"),
                  ("peak_torque", "peakTorque"))
_CARTESIAN_METRICS = (("max_abs_error", "maxAbsError"), ("rms_error", "rmsError"),
                      ("steady_state_error", "steadyStateError"), ("final_measured", "finalMeasured"),
                      ("relative_error_percent", "relativeErrorPercent"),
                      ("relative_to_final_percent", "relativeToFinalPercent"))


def _nan(v):
    return _np.nan if v is None else v


class Metrics:
    """The tracking metrics of one run, accumulated online at the full control rate (Zanaboni 2009,
    ch. 10; definitions in sim/traces/metrics.hpp and maniplab.metric_definitions()).

    Per joint (arrays of n, NaN where n/a): max_abs_error, rms_error, steady_state_error, displacement,
    relative_error_percent, rms_torque, peak_torque; ``relative_error_status`` says why a relative error is
    n/a. ``cartesian`` (when the run recorded the tool pose): a dict per axis phi theta psi X Y Z of
    max_abs_error, rms_error, steady_state_error, final_measured, relative_error_percent,
    relative_to_final_percent. ``raw`` is the JSON of ``maniplab-cli run --json`` for this run."""

    def __init__(self, controller_json):
        self.raw = controller_json
        self.name = controller_json["name"]
        self.duration = controller_json["duration"]
        joints = controller_json["joints"]
        for attr, key in _JOINT_METRICS:
            setattr(self, attr, _np.array([_nan(j[key]) for j in joints], dtype=float))
        self.relative_error_status = [j["relativeErrorStatus"] for j in joints]
        self.cartesian = {a["axis"]: {attr: _nan(a[key]) for attr, key in _CARTESIAN_METRICS}
                          for a in controller_json["cartesian"]}
        self.fallback_periods = controller_json.get("fallbackPeriods", 0)
        self.control_periods = controller_json.get("controlPeriods", 0)

    def to_dict(self):
        """Per-joint metrics as {metric: list}, plus the Cartesian ones as {axis: {metric: value}}."""
        d = {attr: getattr(self, attr).tolist() for attr, _ in _JOINT_METRICS}
        d["cartesian"] = self.cartesian
        return d

    def to_pandas(self):
        """A DataFrame: one row per joint, one column per metric (pandas must be installed)."""
        import pandas
        return pandas.DataFrame({attr: getattr(self, attr) for attr, _ in _JOINT_METRICS},
                                index=pandas.Index(range(1, len(self.max_abs_error) + 1), name="joint"))

    def __repr__(self):
        return "<maniplab.Metrics of %r: max |e| %s>" % (self.name, _np.array2string(self.max_abs_error, precision=3))


def _run_metrics(self):
    return Metrics(_json.loads(self._metrics_json())["controllers"][0])


def _run_to_pandas(self):
    """Run.to_pandas() -> DataFrame indexed by time [s], one column per channel (pandas must be installed).
    The columns are views of the run's array where pandas allows it (no copy of the trace)."""
    import pandas
    a = self.array
    return pandas.DataFrame(a[:, 1:], index=pandas.Index(a[:, 0], name="time [s]"), columns=self.channels, copy=False)


def _run_plot(self, channels, ax=None):
    """Run.plot(channels, ax=None): the channels against time with matplotlib (names and units in the legend)."""
    import matplotlib.pyplot as plt
    if isinstance(channels, str):
        channels = [channels]
    if ax is None:
        ax = plt.gca()
    for c in channels:
        ax.plot(self.time, self[c], label="%s [%s] (%s)" % (c, self.units[c], self.name))
    ax.set_xlabel("t [s]")
    ax.legend()
    return ax


Run.metrics = property(_run_metrics, doc="the run's Metrics (per joint and Cartesian axis)")
Run.to_pandas = _run_to_pandas
Run.plot = _run_plot


def metric_definitions():
    """Every metric of the comparison reports: [(key, label, unit, definition)] (sim/traces/metrics.hpp)."""
    return _maniplab._metric_definitions()


class Comparison:
    """Several runs of one scene on the same trajectory, compared like ``maniplab-cli compare``:
    ``str(comparison)`` is its table; ``runs`` the runs in order; ``comparison[name]`` one of them;
    ``to_csv(directory)`` writes NAME.csv per run and comparison.csv; ``to_json()`` the CLI's --json;
    ``to_pandas()`` the metrics as a DataFrame (one row per controller and joint)."""

    def __init__(self, runs):
        self.runs = list(runs)

    def table(self):
        """The comparison table (text), as maniplab-cli compare prints it."""
        return _maniplab._comparison_table(self.runs)

    def __str__(self):
        return self.table()

    def __repr__(self):
        return "<maniplab.Comparison of %s>" % ", ".join(repr(r.name) for r in self.runs)

    def __getitem__(self, name):
        for r in self.runs:
            if r.name == name:
                return r
        raise KeyError("no run named %r (have: %s)" % (name, ", ".join(r.name for r in self.runs)))

    def __iter__(self):
        return iter(self.runs)

    def __len__(self):
        return len(self.runs)

    def to_json(self):
        """The metrics as the JSON text of maniplab-cli compare --json."""
        return _maniplab._comparison_json(self.runs)

    def metrics(self):
        """{run name: Metrics}."""
        return {r.name: r.metrics for r in self.runs}

    def to_csv(self, directory, channels=()):
        """Writes NAME.csv per run and comparison.csv into `directory` (created), as compare --csv-dir does."""
        _os.makedirs(directory, exist_ok=True)
        for r in self.runs:
            r.to_csv(_os.path.join(directory, r.name + ".csv"), list(channels))
        _maniplab._write_comparison_csv(self.runs, _os.path.join(directory, "comparison.csv"))

    def to_pandas(self):
        """The per-joint metrics of every run: a DataFrame indexed by (controller, joint)."""
        import pandas
        frames = {r.name: r.metrics.to_pandas() for r in self.runs}
        return pandas.concat(frames, names=["controller"])


# --- Scenes ---------------------------------------------------------------------------------------------

def _set_pointer(doc, pointer, value):
    if pointer in ("", "/"):
        raise ValueError("Scene.set: the pointer must name a field, e.g. '/duration'")
    if not pointer.startswith("/"):
        raise ValueError("Scene.set: %r is not a JSON pointer (it starts with '/', e.g. '/rates/control_hz')" % pointer)
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/")]
    node = doc
    for i, p in enumerate(parts[:-1]):
        if isinstance(node, list):
            node = node[int(p)]
        else:
            if p not in node:
                node[p] = {}
            node = node[p]
    last = parts[-1]
    if isinstance(node, list):
        if last == "-":  # RFC 6901: past the end of an array (appends)
            node.append(value)
        elif value is None:
            del node[int(last)]
        else:
            node[int(last)] = value
    elif value is None:
        node.pop(last, None)
    else:
        node[last] = value


def _jsonable(v):
    if isinstance(v, _np.ndarray):
        return v.tolist()
    if isinstance(v, (_np.floating, _np.integer)):
        return v.item()
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    return v


class Scene:
    """Scene(path): a ManipLab scene of any kind (serial robot, Orthoglide, floating base, pendulum).

    A scene names a robot, a trajectory, the controllers to compare, the rates, the integrator, the sensor
    chain and what to record (scenes/README.md). Load a shipped one with ``Scene(data_path("scenes/..."))``.

    Change it: ``duration``, ``trajectory``, ``set_gains(name, kp=..., kv=...)``, or any field by its JSON
    pointer with ``set("/rates/control_hz", 1000)``; every change goes through the scene reader, so a bad
    value raises FileError naming the field, as in a file. ``save(path)`` writes it.

    Run it: ``run()`` runs one controller (the scene's first, one named, or your own Python function
    f(t, q, qd, q_ref, qd_ref, qdd_ref) -> tau, called once per control period with the zero-order hold);
    ``compare()`` runs all the scene's controllers and yours on the same trajectory and returns a Comparison.
    ``backend=EthercatBus(...)`` drives CiA 402 drives (real, or virtual in this process) instead of the
    simulated plant. While a run goes on the GIL is released (other Python threads run) and Ctrl+C stops it
    (KeyboardInterrupt; the partial run stays in ``last_run``)."""

    def __init__(self, path):
        self._s = _maniplab._Scene._load(_os.fspath(path))

    @classmethod
    def from_dict(cls, document, file="<dict>", base_dir="."):
        """A scene from a dict in the scene format (the robot path relative to base_dir), read by the scene
        reader: errors name ``file`` and the JSON pointer of the field."""
        obj = cls.__new__(cls)
        obj._s = _maniplab._Scene._parse(_json.dumps(_jsonable(document)), file, _os.fspath(base_dir))
        return obj

    # -- what it is
    kind = property(lambda self: self._s.kind, doc="'serial', 'orthoglide', 'floating_base' or 'pendulum'")
    name = property(lambda self: self._s.name)
    description = property(lambda self: self._s.description)
    file = property(lambda self: self._s.file)
    robot_file = property(lambda self: self._s.robot_file, doc="the robot (or model) file the scene names")
    joint_count = property(lambda self: self._s.joint_count, doc="joints (the Orthoglide: actuators) of q[1..n]")
    robot = property(lambda self: self._s.robot, doc="the scene's Robot (serial and pendulum scenes; None otherwise)")
    last_run = property(lambda self: self._s.last_run, doc="the last run (also one stopped by Ctrl+C)")
    control_period = property(lambda self: self._s.control_period, doc="[s] (joint-space scenes)")
    channels = property(lambda self: [c[0] for c in self._s.channels], doc="the channels a run records")

    @property
    def controllers(self):
        """The scene's controllers: [{name, type, kp, kv (kd), ki, perturbation_percent}] in file order."""
        return self._s.controllers

    @property
    def controller_names(self):
        return [c["name"] for c in self._s.controllers]

    @property
    def duration(self):
        """Simulated time of a run [s]."""
        return self._s.duration

    @duration.setter
    def duration(self, seconds):
        self._s.duration = float(seconds)

    def to_dict(self):
        """The scene as its file (a dict), as save() writes it."""
        return _json.loads(self._s.to_json())

    def save(self, path):
        """Writes the scene file atomically, after checking that the reader reads it back."""
        self._s.save(_os.fspath(path))

    def set(self, pointer, value):
        """Sets one field by its JSON pointer (scenes/README.md), e.g. set('/rates/control_hz', 1000),
        set('/controllers/0/kp', [400] * 6), set('/controllers/-', {...}) (appends); None removes it. The changed scene is read again by the scene
        reader: a bad value raises FileError naming the field and leaves the scene unchanged."""
        if not self._s.writable:
            raise ValueError("Scene.set: a %s scene is edited in its file (only `duration` changes here)" % self._s.kind_title)
        doc = self.to_dict()
        _set_pointer(doc, pointer, _jsonable(value))
        self._s = _maniplab._Scene._parse(_json.dumps(doc), self._s.file, self._s.base_dir)

    @property
    def trajectory(self):
        """The trajectory object of the scene file (a dict: type and parameters, scenes/README.md)."""
        return self.to_dict().get("trajectory")

    @trajectory.setter
    def trajectory(self, value):
        self.set("/trajectory", value)

    def _controller_index(self, name):
        names = self.controller_names
        if isinstance(name, int):
            if not 0 <= name < len(names):
                raise IndexError("the scene has %d controllers (got index %d)" % (len(names), name))
            return name
        if name not in names:
            raise KeyError("no controller named %r in %s (have: %s)" % (name, self.file, ", ".join(names)))
        return names.index(name)

    def set_gains(self, controller, **gains):
        """set_gains(controller, kp=..., kv=..., kd=..., ki=...): the gains of one of the scene's controllers
        (by name or index), one number for every joint or one per joint, in the file's keys (pid: kp, ki,
        kd; pd_gravity: kp, kd; computed_torque and operational_space: kp, kv; a `design` the controller had
        is dropped when kp/kv are given). Checked by the scene reader (FileError naming the field)."""
        i = self._controller_index(controller)
        doc = self.to_dict()
        c = doc["controllers"][i]
        if {"kp", "kv"} & set(gains):
            c.pop("design", None)
        for k, v in gains.items():
            c[k] = _jsonable(v)
        self._s = _maniplab._Scene._parse(_json.dumps(doc), self._s.file, self._s.base_dir)

    # -- running
    def _plan(self, controllers, with_model=False, compare_model=False, label="identified model"):
        idx = [self._controller_index(c) for c in controllers] if controllers is not None else []
        return self._s._plan(idx, with_model, compare_model, label)

    def run(self, controller=None, *, name=None, backend=None, controller_model=None,
            model_label="identified model", record_energy=False):
        """run(controller=None, *, name=None, backend=None, controller_model=None, record_energy=False) -> Run

        Runs one controller on a fresh plant: the scene's first (controller=None), one of the scene's by
        name or index, or a Python controller f(t, q, qd, q_ref, qd_ref, qdd_ref) -> tau (n output-side
        torques; an object with __call__ may also have reset(), called at the start of the run). `name`
        names the run (default: the controller's). backend: an EthercatBus (or 'ethercat' for virtual
        drives in this process). controller_model: a Robot (e.g. Identification.robot) whose dynamics the
        scene's model-based controllers use instead of their own. A Python controller that raises stops the
        run and raises ControllerError (the partial run in .run)."""
        bus = self._bus(backend)
        if callable(controller) and not isinstance(controller, (str, int)):
            run_name = name or getattr(controller, "__name__", None) or type(controller).__name__
            run = self._s._run(-1, 0, run_name, controller, bus, None, model_label, record_energy)
            return self._check(run)
        plan = self._plan([0 if controller is None else controller], controller_model is not None, False, model_label)
        c, variant, planned_name = plan[-1]
        return self._check(self._s._run(c, variant, name or planned_name, None, bus, controller_model, model_label,
                                        record_energy))

    def compare(self, controllers=None, *, extra=None, backend=None, controller_model=None, compare_model=True,
                model_label="identified model", record_energy=False, csv_dir=None):
        """compare(controllers=None, *, extra=None, backend=None, controller_model=None, compare_model=True,
        csv_dir=None) -> Comparison

        Runs the scene's controllers (all, or those named) and then the Python controllers of `extra`
        ({name: f} or a list of functions) on the same trajectory, plant and metrics, like
        ``maniplab-cli compare``. With controller_model, each model-based controller runs with its own model
        and then with controller_model (compare_model=False: only with it). csv_dir: also write the CSV files."""
        bus = self._bus(backend)
        runs = []
        for c, variant, planned_name in self._plan(controllers, controller_model is not None, compare_model, model_label):
            runs.append(self._check(self._s._run(c, variant, planned_name, None, bus,
                                                 controller_model if variant == 1 else None, model_label, record_energy)))
        if extra:
            items = extra.items() if isinstance(extra, dict) else (
                (getattr(f, "__name__", None) or type(f).__name__, f) for f in extra)
            for run_name, f in items:
                runs.append(self._check(self._s._run(-1, 0, run_name, f, bus, None, model_label, record_energy)))
        comparison = Comparison(runs)
        if csv_dir is not None:
            comparison.to_csv(csv_dir)
        return comparison

    @staticmethod
    def _bus(backend):
        if backend is None or backend == "sim":
            return None
        if backend == "ethercat":
            return EthercatBus()
        if isinstance(backend, EthercatBus):
            return backend
        raise ValueError("backend must be None or 'sim', 'ethercat' (virtual drives in this process) or an EthercatBus "
                         "(got %r)" % (backend,))

    @staticmethod
    def _check(run):
        err = run.controller_error
        if err is not None:
            raise ControllerError(run.name + ": " + run.message, run) from err
        return run

    def __repr__(self):
        return "<maniplab.Scene %r (%s): %s, controllers %s>" % (self.name, self.kind, self.file,
                                                                ", ".join(self.controller_names))
