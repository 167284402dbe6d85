// maniplab.Robot: robot files, URDF, the kinematics and dynamics of the core (model/) with NumPy arrays.
// Names follow Pinocchio (rnea, crba, aba, ...) with descriptive ones beside them; the Robotics Toolbox's
// names (rne, inertia, coriolis, gravload, accel, fkine, jacob0, jacobe) are added in maniplab/__init__.py.
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

#include "arrays.hpp"
#include "bindings.hpp"
#include "maniplab/model/coriolis_christoffel.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/energy_momentum.hpp"
#include "maniplab/model/forward_dynamics.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/jacobian.hpp"
#include "maniplab/model/mass_matrix_recurrence.hpp"
#include "maniplab/model/newton_euler_extraction.hpp"
#include "maniplab/model/operational_space.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "robot.hpp"

namespace maniplab::python {

PyRobot::PyRobot(RobotLoadResult load)
    : description(std::move(load.description)), model(std::move(load.model)),
      diagnostics(std::move(load.diagnostics)) {
  origin = description->sourceFile;
  resize();
}

PyRobot::PyRobot(const Model& m, std::string o) : model(m), origin(std::move(o)) { resize(); }

void PyRobot::resize() {
  data = Data(model);
  const int n = model.nq;
  q = VectorX::Zero(n);
  qd = VectorX::Zero(n);
  qdd = VectorX::Zero(n);
  tau = VectorX::Zero(n);
  coupling = couplingMap(model);
  coupled.emplace(coupling);
}

namespace {

/// One joint-space argument: a vector (n,) or a batch (N, n) of them, read where it lies.
struct Arg {
  py::object keep;  ///< the array the data belong to (null for an argument not given: no array is made)
  const double* data = nullptr;
  bool batch = false;
  py::ssize_t rows = 1;
  const double* row(py::ssize_t k, int n) const { return batch ? data + k * n : data; }
};

Arg readArg(const char* fn, const char* name, const py::handle& h, int n) {
  Arg r;
  Array a = asArray(fn, name, h);
  const py::ssize_t nd = a.ndim();
  if (nd == 1 && a.shape(0) == n) {
    // one vector
  } else if (nd == 0 && n == 1) {
    // a number for a one-joint robot
  } else if (nd == 2 && a.shape(1) == n) {
    r.batch = true;
    r.rows = a.shape(0);
  } else {
    throwShape(fn, name, a, "(" + std::to_string(n) + ",) or (N, " + std::to_string(n) + ")",
               "one value per joint, or one row per state");
  }
  checkFinite(fn, name, a.data(), a.size(), a.shape(), int(nd));
  r.data = a.data();
  r.keep = std::move(a);
  return r;
}

/// The common batch size of the arguments (1 when none is a batch); a batch of another size is an error.
py::ssize_t batchRows(const char* fn, std::initializer_list<std::pair<const char*, const Arg*>> args) {
  py::ssize_t rows = -1;
  const char* first = nullptr;
  for (const auto& [name, a] : args) {
    if (!a->batch) continue;
    if (rows < 0) {
      rows = a->rows;
      first = name;
    } else if (a->rows != rows) {
      throw py::value_error(std::string(fn) + ": argument '" + name + "' has " + std::to_string(a->rows) +
                            " rows, argument '" + first + "' has " + std::to_string(rows) +
                            " (batches must have one row per state)");
    }
  }
  return rows;  // -1: no batch
}

void load(VectorX& dst, const double* src) {
  for (Eigen::Index i = 0; i < dst.size(); ++i) dst[i] = src[i];
}

/// A (n,) or (N, n) result, filled row by row by f(k, out).
template <class F> py::array_t<double> vectorResult(int n, py::ssize_t rows, F&& f) {
  if (rows < 0) {
    py::array_t<double> out = newVector(n);
    f(0, out.mutable_data());
    return out;
  }
  py::array_t<double> out = newMatrix(rows, n);
  double* p = out.mutable_data();
  for (py::ssize_t k = 0; k < rows; ++k) f(k, p + k * n);
  return out;
}

/// A (n, n) or (N, n, n) result, filled matrix by matrix by f(k, out) (C order).
template <class F> py::array_t<double> matrixResult(int n, py::ssize_t rows, F&& f) {
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  if (rows < 0) {
    py::array_t<double> out = newMatrix(n, n);
    Eigen::Map<RowMajor> m(out.mutable_data(), n, n);
    f(0, m);
    return out;
  }
  const py::ssize_t dims[3] = {rows, py::ssize_t(n), py::ssize_t(n)};
  py::array_t<double> out = newArray(3, dims);
  double* p = out.mutable_data();
  for (py::ssize_t k = 0; k < rows; ++k) {
    Eigen::Map<RowMajor> m(p + k * n * n, n, n);
    f(k, m);
  }
  return out;
}

void copyOut(const VectorX& v, double* out) {
  for (Eigen::Index i = 0; i < v.size(); ++i) out[i] = v[i];
}

std::string describe(const PyRobot& r) {
  std::string types;
  for (int i = 0; i < r.model.nq; ++i) types += r.model.isRevolute(i) ? 'R' : 'P';
  return "<maniplab.Robot '" + r.model.name + "': " + std::to_string(r.model.nq) + " joints (" + types + ")" +
         (r.origin.empty() ? std::string() : ", from " + r.origin) + ">";
}

[[noreturn]] void throwSingular(const char* fn, int joint, bool fullRotor) {
  if (fullRotor)
    throw py::value_error(std::string(fn) + ": the articulated-body algorithm does not take the full rotor model; "
                          "use method='cholesky'");
  raiseSingular(std::string(fn) + ": the mass matrix is singular at this state (pivot of joint " +
                std::to_string(joint + 1) + ")");
}

py::array_t<double> transforms(const Transform& T) { return toArray2(T.matrix()); }

const char* kDocRobot = R"doc(A robot: a serial chain with its inertial and actuator data (Llibre, Mampey & Chrétien 1983).

Load one from a ManipLab robot file or a URDF, or build one from a DH/MDH table::

    import maniplab as ml
    puma = ml.Robot(ml.data_path("robots/puma560.json"))
    panda = ml.Robot("panda.urdf", tip="panda_hand_tcp", lock={"panda_finger_joint1": 0.04})
    arm = ml.Robot.from_dh([{"a": 1.0, "alpha": 0.0, "mass": 1.0}, {"a": 1.0, "alpha": 0.0, "mass": 1.0}])

Conventions (those of ManipLab's files and core, robots/README.md): SI units; angles in radians; q is the
file's joint variable (offsets folded in); every link's centre of mass and inertia (about the centre of
mass) are given in its link frame; friction and torques are output-side (joint side of the gear); the
rotor of joint i is carried by link i-1; gravity is a parameter (`gravity`, default [0, 0, -9.81]).

Arrays: positions q, velocities qd, accelerations qdd and torques tau are NumPy arrays of shape (n,);
the dynamics methods also take batches of shape (N, n) (one state per row) and then return (N, n) or
(N, n, n). Inputs are checked: a wrong shape or a NaN raises ValueError naming the argument.

Algorithms (the names a Pinocchio or Robotics Toolbox user expects; each cites its source in model/):
  forward_kinematics / fkine_all, tool_pose / fkine, jacobian, jacob0, jacobe, jacobian_dot_qdot,
  rnea / rne / inverse_dynamics (Llibre, Mampey & Chrétien 1983 §II; Zanaboni 2009 (5.3–5.13)),
  mass_matrix / crba / inertia (Featherstone RBDA §6.2; method='recurrence': Llibre et al. §III.2),
  coriolis_matrix / coriolis (Christoffel symbols), gravity_torques / gravload, nonlinear_effects,
  forward_dynamics / aba / accel (Featherstone RBDA Table 7.1; method='cholesky': Llibre et al. §IV),
  energy (energies and momenta, Llibre et al. §IV.2), operational_space (the course notes §5),
  regressor, standard_parameters, base_parameters (Belkoura 1993).)doc";

/// maniplab.Diagnostic: one finding of a file reader.
void bindDiagnostic(py::module_& m) {
  py::class_<Diagnostic> diag(m, "Diagnostic", "One finding of a file reader: the file, the JSON pointer (or XML path) of "
                                               "the field, the severity and the message.");
  diag.def_property_readonly("file", [](const Diagnostic& d) { return d.file; })
      .def_property_readonly("pointer", [](const Diagnostic& d) { return d.path; },
                             "JSON pointer (or URDF element path) of the field, e.g. '/joints/2/link/mass'")
      .def_property_readonly("severity",
                             [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::Error ? "error" : "warning"; })
      .def_property_readonly("message", [](const Diagnostic& d) { return d.message; })
      .def_property_readonly("code", [](const Diagnostic& d) { return d.code; },
                             "the message's code (model_messages.hpp), empty when it has none")
      .def("__str__", &Diagnostic::toString)
      .def("__repr__", [](const Diagnostic& d) { return "<maniplab.Diagnostic " + d.toString() + ">"; });

}

/// Robot: reading (files, URDF, JSON text), its properties and writing it back.
void bindRobotFile(py::class_<PyRobot>& r) {
  r.def(py::init([](const std::string& path, const std::string& tip, const std::map<std::string, double>& lock,
                     bool tree, bool coupleMimics) {
          UrdfImportOptions o;
          o.tip = tip;
          o.lockedPositions = lock;
          o.wholeTree = tree;
          o.coupleMimics = coupleMimics;
          if (coupleMimics && !isUrdfPath(path))
            throw py::value_error(path + ": couple_mimics= couples the mimic joints of a URDF file; this is a ManipLab robot file");
          if (!tip.empty() && !isUrdfPath(path))
            throw py::value_error(path + ": tip= chooses the chain of a URDF file; this is a ManipLab robot file");
          if (tree && !isUrdfPath(path))
            throw py::value_error(path + ": tree= imports the whole tree of a URDF file; this is a ManipLab robot file");
          if (!lock.empty() && !isUrdfPath(path))
            throw py::value_error(path + ": lock= locks joints of a URDF file; this is a ManipLab robot file");
          RobotLoadResult res = loadRobotAnyFormat(path, o);
          reportDiagnostics(res.diagnostics, path);
          return std::make_unique<PyRobot>(std::move(res));
        }),
        py::arg("path"), py::arg("tip") = "", py::arg("lock") = std::map<std::string, double>{}, py::arg("tree") = false,
        py::arg("couple_mimics") = false,
        R"doc(Robot(path, tip="", lock={}, tree=False, couple_mimics=False)

Reads a ManipLab robot file (.json, robots/README.md) or a URDF (.urdf, through liburdfdom). For a URDF
whose moving joints branch (a gripper, two arms), `tree=True` imports the whole tree (every moving joint
but mimic and locked ones, each on its parent: see `parents`), or `tip` names the last link of the chain
to simulate; `lock` gives positions of joints to lock ({name: rad or m}); `couple_mimics=True` makes
mimic joints coupled joints (q = multiplier * q_master + offset, the dynamics projected onto the
independent joints) where their master moves, as `maniplab-cli --tree/--tip/--lock/--couple-mimics` do.
Errors
raise maniplab.FileError (a ValueError) carrying every finding, each naming the file and the JSON
pointer of the field; a missing file raises FileNotFoundError; warnings are issued as
maniplab.FileWarning.)doc");
  r.def_static(
      "_parse",
      [](const std::string& text, const std::string& label) {
        RobotLoadResult res = parseRobot(text, label);
        reportDiagnostics(res.diagnostics, label);
        auto p = std::make_unique<PyRobot>(std::move(res));
        p->origin = label;
        return p;
      },
      py::arg("text"), py::arg("label"),
      "_parse(text, label) -> Robot: parses robot-file JSON text (the reader of the files); `label` names it in messages.");
  r.def("__repr__", &describe);
  r.def_property_readonly("name", [](const PyRobot& s) { return s.model.name; });
  r.def_property_readonly("nq", [](const PyRobot& s) { return s.model.nq; }, "the number of joints n");
  r.def_property_readonly("origin", [](const PyRobot& s) { return s.origin; },
                          "the file it was read from, or what it was made from");
  r.def_property_readonly("joint_names", [](const PyRobot& s) { return s.model.jointName; });
  // Khalil–Kleinfinger's antecedent a(j) of each joint in the order of q: 0 the base, k the k-th joint
  // (Pinocchio's model.parents numbering); a chain is [0, 1, ..., n-1].
  r.def_property_readonly("parents", [](const PyRobot& s) {
    std::vector<int> p;
    for (int x : s.model.parent) p.push_back(x + 1);
    return p;
  });
  r.def_property_readonly("coupling", [](const PyRobot& s) {
    py::list out;
    for (int i = 0; i < s.model.nq; ++i) {
      const std::size_t k = std::size_t(i);
      if (k >= s.model.coupling.size() || s.model.coupling[k].source < 0) {
        out.append(py::none());
        continue;
      }
      py::dict d;
      d["joint"] = s.model.coupling[k].source + 1;
      d["multiplier"] = s.model.coupling[k].multiplier;
      d["offset"] = s.model.coupling[k].offset;
      out.append(d);
    }
    return out;
  }, "per joint in the order of q: None, or the joint it mimics {'joint': k (1-based, as parents), 'multiplier', "
     "'offset'}: q_i = multiplier * q_k + offset (robots/README.md, \"mimic\")");
  r.def_property_readonly("independent", [](const PyRobot& s) {
    std::vector<int> j;
    for (int i : s.coupling.independent) j.push_back(i + 1);
    return j;
  }, "the joints (1-based) of the independent coordinates q_ind, in order: every joint but the coupled ones");
  r.def("coupling_matrix", [](const PyRobot& s) {
    const CouplingMap& c = s.coupling;
    MatrixX G = MatrixX::Zero(c.n, c.m);
    VectorX o(c.n);
    for (int i = 0; i < c.n; ++i) {
      G(i, c.column[std::size_t(i)]) = c.multiplier[std::size_t(i)];
      o[i] = c.offset[std::size_t(i)];
    }
    return py::make_tuple(toArray2(G), toArray(o));
  }, R"doc(coupling_matrix() -> (G (n, m), o (n,))

The linear map of the coupled (mimic) joints, q = G q_ind + o (q_ind the values of `independent`): the
independent coordinates' mass matrix is G^T M G and their forces G^T tau (Pinocchio 3's mimic joints).
G is the identity and o zero for a robot without coupled joints.)doc");
  r.def_property_readonly("joint_types", [](const PyRobot& s) {
    std::vector<std::string> t;
    for (int i = 0; i < s.model.nq; ++i) t.push_back(s.model.isRevolute(i) ? "revolute" : "prismatic");
    return t;
  });
  r.def_property_readonly("home", [](const PyRobot& s) { return toArray(s.model.home); }, "the home pose [rad or m]");
  r.def_property(
      "gravity", [](const PyRobot& s) { return toArray(s.model.gravity); },
      [](PyRobot& s, const py::handle& g) {
        Vector3 v;
        readFixed<3>("Robot.gravity", "gravity", g, v);
        s.model.gravity = v;
        if (s.description) s.description->gravity = v;
      },
      "gravity in the world frame [m/s^2] (default [0, 0, -9.81])");
  r.def_property_readonly("limits", [](const PyRobot& s) {
    const int n = s.model.nq;
    VectorX lo(n), up(n), vel(n), acc(n), eff(n);
    for (int i = 0; i < n; ++i) {
      const JointLimits& l = s.model.limits[std::size_t(i)];
      const auto none = [](double v) { return std::abs(v) >= 1e300 ? std::numeric_limits<double>::infinity() * (v < 0 ? -1 : 1) : v; };
      lo[i] = none(l.lower);
      up[i] = none(l.upper);
      vel[i] = none(l.velocity);
      acc[i] = none(l.acceleration);
      eff[i] = none(l.effort);
    }
    py::dict d;
    d["lower"] = toArray(lo);
    d["upper"] = toArray(up);
    d["velocity"] = toArray(vel);
    d["acceleration"] = toArray(acc);
    d["effort"] = toArray(eff);
    return d;
  }, "the joint limits (lower, upper, velocity, acceleration, effort; infinite where the file gives none)");
  r.def_property_readonly("diagnostics", [](const PyRobot& s) { return s.diagnostics; },
                          "the warnings of the file reader (maniplab.Diagnostic)");
  r.def_property_readonly("convention", [](const PyRobot& s) -> py::object {
    if (!s.description) return py::none();
    const char* c[] = {"dh", "mdh", "general"};
    return py::str(c[int(s.description->convention)]);
  }, "the file's convention: 'dh', 'mdh' (Khalil–Kleinfinger) or 'general'; None for a derived model");
  r.def_property_readonly("rotor_model", [](const PyRobot& s) {
    return s.model.rotorModel == RotorModel::Full ? "full" : "armature";
  });
  r.def("to_json", [](const PyRobot& s) {
    if (!s.description)
      throw py::value_error("Robot.to_json: this robot (" + s.origin + ") was not read from a file: it has no file description");
    return robotToJson(*s.description);
  }, "to_json() -> str: the robot file (JSON text, robots/README.md) of this robot; to_dict() gives it as a dict.");
  r.def("to_urdf", [](const PyRobot& s) {
    if (!s.description)
      throw py::value_error("Robot.to_urdf: this robot (" + s.origin + ") was not read from a file: it has no file description");
    return robotToUrdf(*s.description);
  }, "to_urdf() -> str: the robot as a URDF document, as `maniplab-cli urdf-export` writes it.");

}

/// Robot: forward kinematics, tool pose, Jacobians.
void bindKinematics(py::class_<PyRobot>& r) {
  // --- kinematics -----------------------------------------------------------------------------------
  r.def("forward_kinematics", [](PyRobot& s, const py::handle& q) {
    readVector("forward_kinematics", "q", q, s.q);
    forwardKinematics(s.model, s.data, s.q);
    const int n = s.model.nq;
    py::array_t<double> out({py::ssize_t(n + 1), py::ssize_t(4), py::ssize_t(4)});
    double* p = out.mutable_data();
    using M4 = Eigen::Matrix<double, 4, 4, Eigen::RowMajor>;
    for (int i = 0; i < n; ++i) Eigen::Map<M4>(p + 16 * i) = s.data.oMi[std::size_t(i)].matrix();
    Eigen::Map<M4>(p + 16 * n) = s.data.oMtool.matrix();
    return out;
  }, py::arg("q"), R"doc(forward_kinematics(q) -> (n+1, 4, 4)

World poses (homogeneous 4x4) of the link frames R_1 ... R_n (z on each joint axis, Llibre, Mampey & Chrétien
1983 §I.1; for a DH file R_i is the DH frame i-1 moved with joint i), then of the tool frame.)doc");
  r.def("tool_pose", [](PyRobot& s, const py::handle& q) {
    readVector("tool_pose", "q", q, s.q);
    forwardKinematics(s.model, s.data, s.q);
    return transforms(s.data.oMtool);
  }, py::arg("q"), "tool_pose(q) -> (4, 4): the world pose of the tool frame.");
  r.def("jacobian", [](PyRobot& s, const py::handle& q, const std::string& frame) {
    readVector("jacobian", "q", q, s.q);
    JacobianFrame f = JacobianFrame::Base;
    if (frame == "tool") f = JacobianFrame::Tool;
    else if (frame != "world" && frame != "base")
      throw py::value_error("jacobian: frame must be 'world' or 'tool' (got '" + frame + "')");
    forwardKinematics(s.model, s.data, s.q);
    computeJacobian(s.model, s.data, f);
    return toArray2(s.data.J);
  }, py::arg("q"), py::arg("frame") = "world", R"doc(jacobian(q, frame='world') -> (6, n)

The geometric Jacobian of the tool origin, ANGULAR ROWS FIRST ([omega; v], ManipLab's convention, as in
`maniplab-cli dynamics --json`), expressed in the world frame or (frame='tool') in the tool frame. The
Robotics Toolbox's order [v; omega] is jacob0 / jacobe.)doc");
  r.def("jacobian_dot_qdot", [](PyRobot& s, const py::handle& q, const py::handle& qd) {
    readVector("jacobian_dot_qdot", "q", q, s.q);
    readVector("jacobian_dot_qdot", "qd", qd, s.qd);
    forwardKinematics(s.model, s.data, s.q);
    return toArray(VectorX(jacobianDotTimesQdot(s.model, s.data, s.qd)));
  }, py::arg("q"), py::arg("qd"), "jacobian_dot_qdot(q, qd) -> (6,): J̇(q, q̇) q̇ of the tool origin, world frame, [omega; v].");

}

/// Robot: inverse dynamics (RNEA), the mass matrix, C, g and the nonlinear effects.
void bindInverseDynamics(py::class_<PyRobot>& r) {
  // --- dynamics ----------------------------------------------------------------------------------
  r.def("rnea", [](PyRobot& s, const py::handle& q, const py::handle& qd, const py::handle& qdd, bool friction,
                   bool gravity, const py::handle& wrench) {
    const int n = s.model.nq;
    const Arg aq = readArg("rnea", "q", q, n);
    Arg aqd, aqdd;
    const bool haveQd = !qd.is_none(), haveQdd = !qdd.is_none();
    if (haveQd) aqd = readArg("rnea", "qd", qd, n);
    if (haveQdd) aqdd = readArg("rnea", "qdd", qdd, n);
    const py::ssize_t rows = batchRows("rnea", {{"q", &aq}, {"qd", &aqd}, {"qdd", &aqdd}});
    Vector6 w;
    const bool haveWrench = !wrench.is_none();
    if (haveWrench) readFixed<6>("rnea", "wrench", wrench, w);
    RneaOptions opt;
    opt.friction = friction;
    opt.gravity = gravity;
    if (!haveQd) s.qd.setZero();
    if (!haveQdd) s.qdd.setZero();
    return vectorResult(n, rows, [&](py::ssize_t k, double* out) {
      load(s.q, aq.row(k, n));
      if (haveQd) load(s.qd, aqd.row(k, n));
      if (haveQdd) load(s.qdd, aqdd.row(k, n));
      copyOut(rnea(s.model, s.data, s.q, s.qd, s.qdd, opt, haveWrench ? &w : nullptr), out);
    });
  }, py::arg("q"), py::arg("qd") = py::none(), py::arg("qdd") = py::none(), py::kw_only(), py::arg("friction") = true,
     py::arg("gravity") = true, py::arg("wrench") = py::none(),
     R"doc(rnea(q, qd=None, qdd=None, *, friction=True, gravity=True, wrench=None) -> tau

Inverse dynamics by the recursive Newton–Euler algorithm with actuators (Llibre, Mampey & Chrétien 1983 §II
(1); Zanaboni 2009 (5.3–5.13)): the output-side joint torques tau = M(q) qdd + C(q, qd) qd + g(q) + friction.
qd, qdd default to zero; `friction` and `gravity` switch those terms; `wrench` = [moment; force] applied BY
the environment ON the tool, in the tool frame, at the tool origin. Shapes (n,) or batches (N, n).)doc");
  r.def("mass_matrix", [](PyRobot& s, const py::handle& q, const std::string& method) {
    const int n = s.model.nq;
    const Arg aq = readArg("mass_matrix", "q", q, n);
    const py::ssize_t rows = aq.batch ? aq.rows : -1;
    int which = 0;
    if (method == "recurrence") which = 1;
    else if (method == "newton_euler") which = 2;
    else if (method != "crba")
      throw py::value_error("mass_matrix: method must be 'crba', 'recurrence' or 'newton_euler' (got '" + method + "')");
    return matrixResult(n, rows, [&](py::ssize_t k, auto& out) {
      load(s.q, aq.row(k, n));
      out = which == 0 ? crba(s.model, s.data, s.q)
            : which == 1 ? massMatrixRecurrence(s.model, s.data, s.q)
                         : massMatrixNewtonEuler(s.model, s.data, s.q);
    });
  }, py::arg("q"), py::arg("method") = "crba", R"doc(mass_matrix(q, method='crba') -> M (n, n)

The mass (kinetic-energy) matrix: 'crba' (composite rigid bodies, Featherstone RBDA §6.2–6.3),
'recurrence' (the backward recurrence of Llibre, Mampey & Chrétien 1983 §III.2) or 'newton_euler' (n calls
of the inverse dynamics, Zanaboni 2009 §9.3.1). Rotor inertias included (armature model: alpha^2 j_m on the
diagonal). Batches (N, n) give (N, n, n).)doc");
  r.def("crba", [](PyRobot& s, const py::handle& q) {
    const int n = s.model.nq;
    const Arg aq = readArg("crba", "q", q, n);
    return matrixResult(n, aq.batch ? aq.rows : -1, [&](py::ssize_t k, auto& out) {
      load(s.q, aq.row(k, n));
      out = crba(s.model, s.data, s.q);
    });
  }, py::arg("q"), "crba(q) -> M: the mass matrix by the composite-rigid-body algorithm (Featherstone RBDA §6.2).");
  r.def("coriolis_matrix", [](PyRobot& s, const py::handle& q, const py::handle& qd) {
    const int n = s.model.nq;
    const Arg aq = readArg("coriolis_matrix", "q", q, n), aqd = readArg("coriolis_matrix", "qd", qd, n);
    const py::ssize_t rows = batchRows("coriolis_matrix", {{"q", &aq}, {"qd", &aqd}});
    return matrixResult(n, rows, [&](py::ssize_t k, auto& out) {
      load(s.q, aq.row(k, n));
      load(s.qd, aqd.row(k, n));
      out = coriolisMatrix(s.model, s.data, s.q, s.qd);
    });
  }, py::arg("q"), py::arg("qd"), R"doc(coriolis_matrix(q, qd) -> C (n, n)

C(q, qd) from the Christoffel symbols of M (the course notes Dynamique des robots séries §4), with the exact
dM/dq of Featherstone RBDA §2.17: M qdd + C qd + g is the rigid-body part of the inverse dynamics, and
dM/dt - 2C is skew-symmetric.)doc");
  r.def("gravity_torques", [](PyRobot& s, const py::handle& q) {
    const int n = s.model.nq;
    const Arg aq = readArg("gravity_torques", "q", q, n);
    return vectorResult(n, aq.batch ? aq.rows : -1, [&](py::ssize_t k, double* out) {
      load(s.q, aq.row(k, n));
      copyOut(gravityVector(s.model, s.data, s.q), out);
    });
  }, py::arg("q"), "gravity_torques(q) -> g: the joint torques that hold the robot against gravity (no friction).");
  r.def("nonlinear_effects", [](PyRobot& s, const py::handle& q, const py::handle& qd) {
    const int n = s.model.nq;
    const Arg aq = readArg("nonlinear_effects", "q", q, n), aqd = readArg("nonlinear_effects", "qd", qd, n);
    const py::ssize_t rows = batchRows("nonlinear_effects", {{"q", &aq}, {"qd", &aqd}});
    return vectorResult(n, rows, [&](py::ssize_t k, double* out) {
      load(s.q, aq.row(k, n));
      load(s.qd, aqd.row(k, n));
      copyOut(nonLinearEffects(s.model, s.data, s.q, s.qd), out);
    });
  }, py::arg("q"), py::arg("qd"), "nonlinear_effects(q, qd) -> C(q, qd) qd + g(q) (no friction).");
}

/// Robot: forward dynamics (ABA, Cholesky), energies and momenta, the operational-space model.
void bindForwardDynamics(py::class_<PyRobot>& r) {
  auto forward = [](PyRobot& s, const char* fn, const py::handle& q, const py::handle& qd, const py::handle& tau,
                    ForwardDynamicsMethod method, bool friction, bool gravity, bool coupled) {
    const int n = s.model.nq;
    const Arg aq = readArg(fn, "q", q, n), aqd = readArg(fn, "qd", qd, n), at = readArg(fn, "tau", tau, n);
    const py::ssize_t rows = batchRows(fn, {{"q", &aq}, {"qd", &aqd}, {"tau", &at}});
    RneaOptions opt;
    opt.friction = friction;
    opt.gravity = gravity;
    const bool full = s.model.rotorModel == RotorModel::Full;
    return vectorResult(n, rows, [&](py::ssize_t k, double* out) {
      load(s.q, aq.row(k, n));
      load(s.qd, aqd.row(k, n));
      load(s.tau, at.row(k, n));
      if (coupled && !s.coupling.identity()) {
        // The coupled tree (coupled_dynamics.hpp): M_ind qdd_ind = G^T (tau - h), qdd = G qdd_ind.
        const int bad = coupledForwardDynamics(s.model, s.coupling, s.data, *s.coupled, s.q, s.qd, s.tau, opt);
        if (bad != -1) throwSingular(fn, bad, false);
        copyOut(s.coupled->qdd, out);
        return;
      }
      const int bad = method == ForwardDynamicsMethod::Cholesky
                          ? forwardDynamicsCholesky(s.model, s.data, s.q, s.qd, s.tau, opt)
                          : aba(s.model, s.data, s.q, s.qd, s.tau, opt);
      if (bad != -1) throwSingular(fn, bad, full && bad == -2);
      copyOut(s.data.qdd, out);
    });
  };
  r.def("forward_dynamics", [forward](PyRobot& s, const py::handle& q, const py::handle& qd, const py::handle& tau,
                                      const std::string& method, bool friction, bool gravity, bool coupled) {
    ForwardDynamicsMethod m = ForwardDynamicsMethod::Auto;
    if (method == "cholesky") m = ForwardDynamicsMethod::Cholesky;
    else if (method != "aba")
      throw py::value_error("forward_dynamics: method must be 'aba' or 'cholesky' (got '" + method + "')");
    if (m == ForwardDynamicsMethod::Auto && s.model.rotorModel == RotorModel::Full) m = ForwardDynamicsMethod::Cholesky;
    return forward(s, "forward_dynamics", q, qd, tau, m, friction, gravity, coupled);
  }, py::arg("q"), py::arg("qd"), py::arg("tau"), py::arg("method") = "aba", py::kw_only(), py::arg("friction") = true,
     py::arg("gravity") = true, py::arg("coupled") = true,
     R"doc(forward_dynamics(q, qd, tau, method='aba', *, friction=True, gravity=True, coupled=True) -> qdd

The joint accelerations under the torques tau: 'aba' (articulated bodies, Featherstone RBDA Table 7.1;
robots with the full rotor model use 'cholesky') or 'cholesky' (qdd = M^-1 (tau - Q(q, qd, 0)), Llibre,
Mampey & Chrétien 1983 §IV). A robot with coupled (mimic) joints moves them with their source: qdd =
G qdd_ind from G^T M G qdd_ind = G^T (tau - h(q, qd)) (`coupling_matrix`; q and qd must satisfy the
coupling; `method` does not apply), as its simulation does; coupled=False gives the tree with every joint
free, as the other dynamics functions (rnea, mass_matrix, ...) compute it. Raises
maniplab.SingularMassMatrixError (a ValueError and a numpy.linalg.LinAlgError) naming the joint where the
mass matrix is singular.)doc");
  r.def("aba", [forward](PyRobot& s, const py::handle& q, const py::handle& qd, const py::handle& tau) {
    return forward(s, "aba", q, qd, tau, ForwardDynamicsMethod::Auto, true, true, false);
  }, py::arg("q"), py::arg("qd"), py::arg("tau"),
     "aba(q, qd, tau) -> qdd: forward dynamics by the articulated-body algorithm (Featherstone RBDA Table 7.1), every joint free (no coupling).");
  r.def("energy", [](PyRobot& s, const py::handle& q, const py::handle& qd) {
    readVector("energy", "q", q, s.q);
    readVector("energy", "qd", qd, s.qd);
    const EnergyMomentum e = energyMomentum(s.model, s.data, s.q, s.qd);
    py::dict d;
    d["kinetic"] = e.kinetic;
    d["potential"] = e.potential;
    d["total"] = e.total();
    d["linear_momentum"] = toArray(VectorX(e.linearMomentum));
    d["angular_momentum"] = toArray(VectorX(e.angularMomentum));
    return d;
  }, py::arg("q"), py::arg("qd"), R"doc(energy(q, qd) -> dict

Kinetic and potential energy [J] (rotors included; potential zero at the world origin's height), total, and
the linear and angular momenta of the links about the world origin, in the world frame (Llibre, Mampey &
Chrétien 1983 §IV.2).)doc");
  r.def("operational_space", [](PyRobot& s, const py::handle& q, const py::handle& qd, double singularThreshold,
                                double maxDamping, bool coriolis) {
    readVector("operational_space", "q", q, s.q);
    readVector("operational_space", "qd", qd, s.qd);
    OperationalSpaceOptions o;
    o.singularThreshold = singularThreshold;
    o.maxDamping = maxDamping;
    o.coriolisMatrix = coriolis;
    OperationalSpaceModel om;
    operationalSpaceModel(s.model, s.data, s.q, s.qd, om, o);
    py::dict d;
    d["Mx"] = toArray2(om.Mx);
    d["mux"] = toArray(VectorX(om.mux));
    d["gx"] = toArray(VectorX(om.gx));
    d["J"] = toArray2(om.J);
    d["Jdot"] = toArray2(om.Jdot);
    d["Jinv"] = toArray2(om.Jinv);
    d["M"] = toArray2(om.M);
    d["xd"] = toArray(VectorX(om.xd));
    if (coriolis) d["Cx"] = toArray2(om.Cx);
    d["sigma_min"] = om.sigmaMin;
    d["damping"] = om.damping;
    return d;
  }, py::arg("q"), py::arg("qd"), py::kw_only(), py::arg("singular_threshold") = 1e-2, py::arg("max_damping") = 0.05,
     py::arg("coriolis") = false, R"doc(operational_space(q, qd, *, singular_threshold=0.01, max_damping=0.05, coriolis=False) -> dict

The operational-space model of a 6-joint arm at the tool origin (the course notes Dynamique des robots
séries §5): Mx = J^-T M J^-1, mux = J^-T V - Mx J̇ q̇, gx = J^-T g, with J (world frame, [omega; v]), its
derivative, the inverse used (damped least squares below sigma_min(J) < singular_threshold), M, ẋ = J q̇,
and Cx when coriolis=True.)doc");

}

/// _time_cpp: the C++ side of app/python/notebooks/bench_python.py.
void bindTiming(py::module_& m) {
  // For app/python/notebooks/bench_python.py: the same calls timed inside C++ (no Python in the loop), median ns per
  // call over `batches` passes through the states (rows [q, qd, qdd or tau], 3n columns).
  m.def("_time_cpp", [](PyRobot& s, const std::string& fn, const py::handle& states, int batches) {
    const int n = s.model.nq;
    const Array a = asArray("_time_cpp", "states", states);
    if (a.ndim() != 2 || a.shape(1) != 3 * n) throwShape("_time_cpp", "states", a, "(S, 3n)", "");
    const py::ssize_t S = a.shape(0);
    const auto count = std::size_t(S);
    std::vector<VectorX> q(count, VectorX::Zero(n)), v(count, VectorX::Zero(n)), w(count, VectorX::Zero(n));
    for (py::ssize_t k = 0; k < S; ++k)
      for (int i = 0; i < n; ++i) {
        q[std::size_t(k)][i] = a.data()[k * 3 * n + i];
        v[std::size_t(k)][i] = a.data()[k * 3 * n + n + i];
        w[std::size_t(k)][i] = a.data()[k * 3 * n + 2 * n + i];
      }
    const int which = fn == "rnea" ? 0 : fn == "crba" ? 1 : fn == "aba" ? 2 : -1;
    if (which < 0) throw py::value_error("_time_cpp: fn must be rnea, crba or aba");
    std::vector<double> per;
    double sink = 0;
    py::gil_scoped_release nogil;
    for (int b = 0; b < batches; ++b) {
      const auto t0 = std::chrono::steady_clock::now();
      for (std::size_t k = 0; k < std::size_t(S); ++k) {
        if (which == 0) sink += rnea(s.model, s.data, q[k], v[k], w[k])[0];
        else if (which == 1) sink += crba(s.model, s.data, q[k])(0, 0);
        else {
          aba(s.model, s.data, q[k], v[k], w[k]);
          sink += s.data.qdd[0];
        }
      }
      per.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(S));
    }
    std::sort(per.begin(), per.end());
    if (sink == 12345.678) per[0] = 0;  // keeps the results alive
    return per[per.size() / 2];
  }, py::arg("robot"), py::arg("fn"), py::arg("states"), py::arg("batches") = 31);
}

}  // namespace

void bindRobot(py::module_& m) {
  bindDiagnostic(m);
  py::class_<PyRobot> r(m, "Robot", kDocRobot);
  bindRobotFile(r);
  bindKinematics(r);
  bindInverseDynamics(r);
  bindForwardDynamics(r);
  bindTiming(m);
}

void raiseSingular(const std::string& message) {
  py::object cls = py::module_::import("maniplab._errors").attr("SingularMassMatrixError");
  PyErr_SetString(cls.ptr(), message.c_str());
  throw py::error_already_set();
}

}  // namespace maniplab::python
