// URDF trees (model/urdf, urdf_file.hpp): a chain chosen by its tip, the other moving joints locked and
// their links lumped into the chain; mimic joints followed to their locked position. And the whole tree
// (UrdfImportOptions::wholeTree): every moving joint but mimic and stated ones, each on its parent.
//
// Oracle: MuJoCo (Debian's libmujoco, its own URDF compiler) loading the SAME file with every link a
// body of its own (the files say <mujoco><compiler fusestatic="false" .../></mujoco>; for the Franka
// file, whose copy is kept as published, the element is added in memory and the <collision> meshes that
// are not shipped are removed; inertias are never computed from geometry). MuJoCo simulates the whole
// tree, every joint free (it ignores <mimic>). The fingers, the other arm, the head... are "held at the
// locked position" through the state: their qpos is the locked position (computed here from the rules of
// urdf_file.hpp: stated > multiplier * q_master + offset > zero) and their qvel = qacc = 0. Then for the
// chain's joints, exactly (rigid-body mechanics, no approximation):
//   - the rows of MuJoCo's inverse dynamics (mj_rne with accelerations) are ManipLab's RNEA torques of the
//     lumped chain (the locked bodies move rigidly with the body that carries them);
//   - the chain rows and columns of MuJoCo's joint-space inertia matrix are ManipLab's CRBA matrix;
//   - the pose of the tip body is ManipLab's tool frame.
// No equality constraint is needed for these quantities (constraints would only act through forces the
// inverse dynamics of the free tree already accounts for with qacc = 0 on the held joints).
// Tolerance: 1e-12 relative. MuJoCo diagonalises each full inertia tensor with an iterative 3x3 solver
// that stops at a tolerance (6.5e-7 relative on the Panda's link 1, whose two large moments are close),
// so each chain is compared twice: with MuJoCo's principal moments and axes replaced by Eigen's exact
// decomposition of the file's tensor (1e-12), and with MuJoCo's own (within 10x its rounding, measured
// per file by rebuilding every body's tensor from MuJoCo's moments and axes; 0 for the hand-written
// files, whose inertias are diagonal in their <inertial> frame).
//
// Files: tests/data/urdf/trees/gripper_arm.urdf (6-DOF arm, two-jaw gripper: right jaw mimics the left
// one, each pad mimics its jaw with an offset, a camera on a fixed branch), two_arm_torso.urdf (a torso
// turning on a pedestal with a head, two 6-DOF arms with two-finger grippers, a mast on the fixed base),
// tests/data/urdf/franka_panda/panda.urdf (Franka Emika's description, Apache-2.0),
// tests/data/urdf/baxter/baxter.urdf (Rethink Robotics' Baxter as published, BSD). Every candidate chain
// of each file is checked, with default and with stated locked positions; the tests are shown to fail on
// a wrong lumping (locked positions that differ from MuJoCo's, a lumped link's inertia changed by 1 %).
// Whole trees also against Orocos KDL's tree solver on a KDL tree built here from the file (kdlTreeOfFile),
// and their forward dynamics (ABA) against MuJoCo's mj_forward and KDL's M and bias.
#include <QtTest/QtTest>

#include <QFile>
#include <QXmlStreamReader>

#include <Eigen/Eigenvalues>

#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <set>

#include "maniplab/model/aba.hpp"
#include "maniplab/model/coupled_dynamics.hpp"
#include "maniplab/model/crba.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/urdf/urdf_file.hpp"
#include "support/random_chain.hpp"

#ifdef MANIPLAB_TEST_HAVE_MUJOCO
#include <mujoco/mujoco.h>
#endif
#ifdef MANIPLAB_TEST_HAVE_KDL
#include <kdl/tree.hpp>
#include <kdl/treeidsolver_recursive_newton_euler.hpp>
#endif
#include "support/test_main.hpp"

namespace test_urdf_tree {

using namespace maniplab;
using namespace maniplab::testing;

namespace {

const std::string kSrc = MANIPLAB_SOURCE_DIR;
const std::string kGripperArm = kSrc + "/tests/data/urdf/trees/gripper_arm.urdf";
const std::string kTwoArm = kSrc + "/tests/data/urdf/trees/two_arm_torso.urdf";
const std::string kPanda = kSrc + "/tests/data/urdf/franka_panda/panda.urdf";
const std::string kBaxter = kSrc + "/tests/data/urdf/baxter/baxter.urdf";

std::string readAll(const std::string& path) {
  QFile f(QString::fromStdString(path));
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll().toStdString();
}

bool hasDiag(const std::vector<Diagnostic>& ds, Diagnostic::Severity s, const std::string& pathPart, const std::string& msgPart) {
  for (const auto& d : ds)
    if (d.severity == s && d.path.find(pathPart) != std::string::npos && d.message.find(msgPart) != std::string::npos)
      return true;
  return false;
}

/// "JOINT=VALUE;..." (a data row's locked positions stated by the user) as UrdfImportOptions takes them.
std::map<std::string, double> statedLocks(const QString& stated) {
  std::map<std::string, double> locks;
  for (const QString& kv : stated.split(';', Qt::SkipEmptyParts))
    locks[kv.section('=', 0, 0).toStdString()] = kv.section('=', 1).toDouble();
  return locks;
}

/// The whole tree of a URDF text (`--tree`) with the stated locked positions.
RobotLoadResult wholeTree(const std::string& text, const std::string& file, const std::map<std::string, double>& locks) {
  UrdfImportOptions o;
  o.wholeTree = true;
  o.lockedPositions = locks;
  return parseUrdf(text, file, o);
}

// --- What the file says, read with Qt's XML reader (independent of urdfdom) ---------------------------
struct FileJoint {
  std::string type, mimic;
  double multiplier = 1, offset = 0;
  std::string parent, child;                              // links
  Vector3 xyz = Vector3::Zero(), rpy = Vector3::Zero();   // <origin>
  Vector3 axis = Vector3::UnitX();                        // URDF's default axis
};
struct FileInertial {
  Vector3 xyz = Vector3::Zero(), rpy = Vector3::Zero();
  double mass = 0;
  Matrix3 I = Matrix3::Zero();
};
struct FileTree {
  std::map<std::string, FileJoint> joints;
  std::map<std::string, FileInertial> inertials;
};

Vector3 vec3(const QStringView s) {
  const auto parts = s.toString().split(' ', Qt::SkipEmptyParts);
  Vector3 v = Vector3::Zero();
  for (int k = 0; k < 3 && k < parts.size(); ++k) v[k] = parts[k].toDouble();
  return v;
}

FileTree readFile(const std::string& text) {
  FileTree t;
  QXmlStreamReader x(QByteArray::fromStdString(text));
  std::string joint, link;
  bool inInertial = false;
  while (!x.atEnd()) {
    x.readNext();
    if (x.isEndElement() && x.name() == u"inertial") inInertial = false;
    if (x.isEndElement() && x.name() == u"joint") joint.clear();
    if (!x.isStartElement()) continue;
    const auto a = x.attributes();
    if (x.name() == u"joint" && a.hasAttribute("type")) {
      joint = a.value("name").toString().toStdString();
      link.clear();
      t.joints[joint].type = a.value("type").toString().toStdString();
    } else if (x.name() == u"link") {
      link = a.value("name").toString().toStdString();
      joint.clear();
    } else if (!joint.empty() && (x.name() == u"parent" || x.name() == u"child")) {
      (x.name() == u"parent" ? t.joints[joint].parent : t.joints[joint].child) = a.value("link").toString().toStdString();
    } else if (!joint.empty() && x.name() == u"origin") {
      t.joints[joint].xyz = vec3(a.value("xyz"));
      t.joints[joint].rpy = vec3(a.value("rpy"));
    } else if (!joint.empty() && x.name() == u"axis") {
      t.joints[joint].axis = vec3(a.value("xyz"));
    } else if (x.name() == u"mimic" && !joint.empty()) {
      FileJoint& j = t.joints[joint];
      j.mimic = a.value("joint").toString().toStdString();
      if (a.hasAttribute("multiplier")) j.multiplier = a.value("multiplier").toDouble();
      if (a.hasAttribute("offset")) j.offset = a.value("offset").toDouble();
    } else if (x.name() == u"inertial" && !link.empty()) {
      inInertial = true;
      t.inertials[link];
    } else if (inInertial && x.name() == u"origin") {
      t.inertials[link].xyz = vec3(a.value("xyz"));
      t.inertials[link].rpy = vec3(a.value("rpy"));
    } else if (inInertial && x.name() == u"mass") {
      t.inertials[link].mass = a.value("value").toDouble();
    } else if (inInertial && x.name() == u"inertia") {
      const double xx = a.value("ixx").toDouble(), yy = a.value("iyy").toDouble(), zz = a.value("izz").toDouble(),
                   xy = a.value("ixy").toDouble(), xz = a.value("ixz").toDouble(), yz = a.value("iyz").toDouble();
      t.inertials[link].I << xx, xy, xz, xy, yy, yz, xz, yz, zz;
    }
  }
  return t;
}

Matrix3 rpyMatrix(const Vector3& rpy) {
  return (Eigen::AngleAxisd(rpy.z(), Vector3::UnitZ()) * Eigen::AngleAxisd(rpy.y(), Vector3::UnitY()) *
          Eigen::AngleAxisd(rpy.x(), Vector3::UnitX()))
      .toRotationMatrix();
}

/// Locked positions by the rules of urdf_file.hpp, written again here: stated, else a mimic's
/// multiplier * q_master + offset (a master on the chain at its home, zero here), else zero.
double expectedLock(const FileTree& t, const std::string& joint, const std::set<std::string>& chain,
                    const std::map<std::string, double>& stated) {
  if (auto s = stated.find(joint); s != stated.end()) return s->second;
  if (chain.count(joint)) return 0.0;
  const FileJoint& j = t.joints.at(joint);
  if (!j.mimic.empty()) return j.multiplier * expectedLock(t, j.mimic, chain, stated) + j.offset;
  return 0.0;
}

#ifdef MANIPLAB_TEST_HAVE_MUJOCO
/// The file as MuJoCo gets it: unchanged when it already carries its <mujoco> compiler element;
/// otherwise (the Franka copy) with the element added and the <collision> elements removed.
std::string forMujoco(std::string text) {
  if (text.find("<mujoco>") != std::string::npos) return text;
  for (std::size_t a; (a = text.find("<collision>")) != std::string::npos;) {
    const std::size_t b = text.find("</collision>", a);
    text.erase(a, b + std::strlen("</collision>") - a);
  }
  const std::size_t r = text.find('>', text.find("<robot")) + 1;
  text.insert(r, R"(<mujoco><compiler inertiafromgeom="false" fusestatic="false" discardvisual="true" boundmass="0" boundinertia="0"/></mujoco>)");
  return text;
}

struct Mujoco {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  std::string error;
  explicit Mujoco(const std::string& text) {
    mjVFS vfs;
    mj_defaultVFS(&vfs);
    const char* name = "tree.urdf";
    if (mj_makeEmptyFileVFS(&vfs, name, int(text.size())) != 0) {
      error = "mj_makeEmptyFileVFS failed";
      return;
    }
    std::memcpy(vfs.filedata[mj_findFileVFS(&vfs, name)], text.data(), text.size());
    char err[1000] = "";
    m = mj_loadXML(name, &vfs, err, sizeof err);
    mj_deleteVFS(&vfs);
    if (!m) {
      error = err;
      return;
    }
    d = mj_makeData(m);
  }
  ~Mujoco() {
    if (d) mj_deleteData(d);
    if (m) mj_deleteModel(m);
  }
  int joint(const std::string& n) const { return mj_name2id(m, mjOBJ_JOINT, n.c_str()); }
  int body(const std::string& n) const { return mj_name2id(m, mjOBJ_BODY, n.c_str()); }

  /// Replaces MuJoCo's principal moments and axes of every body by Eigen's eigen-decomposition of the
  /// file's tensor (in MuJoCo's body frame = the link frame): MuJoCo's own 3x3 eigen-solver stops at a
  /// tolerance (6.5e-7 relative on the Panda's link 1, whose moments 0.70337 and 0.70661 are close).
  /// Only the representation of the file's numbers changes; the tree, its kinematics and dynamics stay
  /// MuJoCo's.
  /// Bodies MuJoCo already represents exactly are left alone (a "simple" body, e.g. a finger whose
  /// diagonal inertia is aligned with its slide joint, has a diagonal mass-matrix block that MuJoCo's
  /// factorisation relies on; Eigen's axes in a degenerate eigenspace would break that).
  void exactInertias(const FileTree& t) {
    for (const auto& [link, in] : t.inertials) {
      const int b = body(link);
      if (b <= 0 || in.mass <= 0 || bodyRounding(t, link) < 1e-15) continue;
      m->body_sameframe[b] = 0;
      const Matrix3 Rfile = rpyMatrix(in.rpy);
      Eigen::SelfAdjointEigenSolver<Matrix3> es(Matrix3(Rfile * in.I * Rfile.transpose()));
      Matrix3 V = es.eigenvectors();
      if (V.determinant() < 0) V.col(2) = -V.col(2);
      const Eigen::Quaterniond q(V);
      m->body_iquat[4 * b] = q.w(), m->body_iquat[4 * b + 1] = q.x(), m->body_iquat[4 * b + 2] = q.y(),
      m->body_iquat[4 * b + 3] = q.z();
      for (int k = 0; k < 3; ++k) m->body_inertia[3 * b + k] = es.eigenvalues()[k];
    }
  }

  /// max over bodies of |I_mujoco - I_file| / |I_file| (MuJoCo's rounding when it diagonalises).
  double inertiaRounding(const FileTree& t) const {
    double worst = 0;
    for (const auto& [link, in] : t.inertials) worst = std::max(worst, bodyRounding(t, link));
    return worst;
  }
  /// |I_mujoco - I_file| / |I_file| (and the centre of mass) for one link's body.
  double bodyRounding(const FileTree& t, const std::string& link) const {
    const FileInertial& in = t.inertials.at(link);
    const int b = body(link);
    if (b <= 0 || in.mass <= 0) return 0;
    const Matrix3 Rfile = rpyMatrix(in.rpy);
    const Matrix3 Ifile = Rfile * in.I * Rfile.transpose();
    const double* q = m->body_iquat + 4 * b;
    const Matrix3 R = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
    const Matrix3 Imj =
        R * Vector3(m->body_inertia[3 * b], m->body_inertia[3 * b + 1], m->body_inertia[3 * b + 2]).asDiagonal() * R.transpose();
    const Vector3 c(m->body_ipos[3 * b], m->body_ipos[3 * b + 1], m->body_ipos[3 * b + 2]);
    return std::max((Imj - Ifile).cwiseAbs().maxCoeff() / Ifile.cwiseAbs().maxCoeff(),
                    (c - in.xyz).cwiseAbs().maxCoeff() / std::max(1e-3, in.xyz.norm()));
  }
};

struct CrossCheck {
  double tau = 0, mass = 0, tool = 0;  ///< worst relative differences over the states
  double qdd = -1;  ///< forward dynamics (ABA against mj_forward), when every MuJoCo joint is a model joint; else -1
  int states = 0;
  std::string error;
};

/// MuJoCo's inverse dynamics (mj_rne with accelerations) and mass matrix (mj_fullM), in the order of the
/// model's joints, at the model's q, qd, qdd; MuJoCo's other joints keep the positions the caller left in qpos
/// (at rest). `dof` maps each model joint to its MuJoCo degree of freedom.
void mujocoDynamics(const Mujoco& mj, const Model& model, const std::vector<int>& dof, const VectorX& q, const VectorX& qd,
                    const VectorX& qdd, VectorX& tau, MatrixX& M) {
  const int n = model.nq;
  mju_zero(mj.d->qvel, mj.m->nv);
  mju_zero(mj.d->qacc, mj.m->nv);
  for (int i = 0; i < n; ++i) {
    const int j = mj.joint(model.jointName[std::size_t(i)]);
    mj.d->qpos[mj.m->jnt_qposadr[j]] = q[i];
    mj.d->qvel[dof[std::size_t(i)]] = qd[i];
    mj.d->qacc[dof[std::size_t(i)]] = qdd[i];
  }
  mj_kinematics(mj.m, mj.d);
  mj_comPos(mj.m, mj.d);
  mj_comVel(mj.m, mj.d);
  mj_rne(mj.m, mj.d, 1, mj.d->qfrc_inverse);
  mj_crb(mj.m, mj.d);
  std::vector<mjtNum> full(std::size_t(mj.m->nv) * std::size_t(mj.m->nv));
  mj_fullM(mj.m, full.data(), mj.d->qM);
  tau.resize(n);
  M.resize(n, n);
  for (int a = 0; a < n; ++a) {
    tau[a] = mj.d->qfrc_inverse[dof[std::size_t(a)]];
    for (int b = 0; b < n; ++b) M(a, b) = full[std::size_t(dof[std::size_t(a)] * mj.m->nv + dof[std::size_t(b)])];
  }
}

/// ManipLab's model of `chainModel` (imported from `text` with `stated` locks) against MuJoCo holding
/// every other joint at `mjLocks` (by the rules, unless given).
CrossCheck crossCheck(const std::string& text, const Model& model, const std::string& tip,
                      const std::map<std::string, double>& stated, int states = 12,
                      const std::map<std::string, double>* overrideLocks = nullptr, bool exactInertia = true) {
  CrossCheck r;
  Mujoco mj(forMujoco(text));
  if (!mj.m) {
    r.error = "MuJoCo: " + mj.error;
    return r;
  }
  const FileTree t = readFile(text);
  if (exactInertia) mj.exactInertias(t);
  const int n = model.nq;
  std::set<std::string> chain(model.jointName.begin(), model.jointName.end());
  std::vector<int> dof(std::size_t(n), -1);
  for (int i = 0; i < n; ++i) {
    const int j = mj.joint(model.jointName[std::size_t(i)]);
    if (j < 0) {
      r.error = "MuJoCo has no joint " + model.jointName[std::size_t(i)];
      return r;
    }
    dof[std::size_t(i)] = mj.m->jnt_dofadr[j];
  }
  const int tipBody = mj.body(tip);
  std::mt19937 rng(20240517);
  Data data(model);
  RneaOptions noFriction;
  noFriction.friction = false;  // URDF <dynamics damping> became viscous friction; MuJoCo's mj_rne has none
  for (int s = 0; s < states; ++s) {
    const VectorX q = randomVectorX(rng, n, 1.5), qd = randomVectorX(rng, n, 1.0), qdd = randomVectorX(rng, n, 1.0);
    mju_zero(mj.d->qpos, mj.m->nq);
    for (int j = 0; j < mj.m->njnt; ++j) {
      const std::string name = mj_id2name(mj.m, mjOBJ_JOINT, j);
      if (chain.count(name)) continue;
      double v = expectedLock(t, name, chain, stated);
      if (overrideLocks)
        if (auto it = overrideLocks->find(name); it != overrideLocks->end()) v = it->second;
      mj.d->qpos[mj.m->jnt_qposadr[j]] = v;
    }
    VectorX tauMj;
    MatrixX Mmj;
    mujocoDynamics(mj, model, dof, q, qd, qdd, tauMj, Mmj);
    r.tau = std::max(r.tau, relErr(rnea(model, data, q, qd, qdd, noFriction), tauMj));
    r.mass = std::max(r.mass, relErr(crba(model, data, q), Mmj));
    if (mj.m->nv == n) {  // forward dynamics: MuJoCo's whole model is the model's tree
      // random torques; MuJoCo without its constraint solver (the file's joint limits) and without passive
      // forces (the file's <dynamics damping>, which ManipLab reads as viscous friction, off here too)
      const VectorX tau = 20.0 * randomVectorX(rng, n, 1.0);
      const int flags = mj.m->opt.disableflags;
      mj.m->opt.disableflags |= mjDSBL_CONSTRAINT | mjDSBL_PASSIVE;
      mju_zero(mj.d->qfrc_applied, mj.m->nv);
      mju_zero(mj.d->xfrc_applied, 6 * mj.m->nbody);
      mju_zero(mj.d->ctrl, mj.m->nu);
      for (int i = 0; i < n; ++i) {
        mj.d->qpos[mj.m->jnt_qposadr[mj.joint(model.jointName[std::size_t(i)])]] = q[i];
        mj.d->qvel[dof[std::size_t(i)]] = qd[i];
        mj.d->qfrc_applied[dof[std::size_t(i)]] = tau[i];
      }
      mj_forward(mj.m, mj.d);
      mj.m->opt.disableflags = flags;
      VectorX qddMj(n);
      for (int i = 0; i < n; ++i) qddMj[i] = mj.d->qacc[dof[std::size_t(i)]];
      if (const int bad = aba(model, data, q, qd, tau, noFriction); bad != -1) {  // -1: no singular joint
        r.error = "ABA: status " + std::to_string(bad);
        return r;
      }
      r.qdd = std::max(r.qdd, relErr(data.qdd, qddMj));
    }
    forwardKinematics(model, data, q);
    if (tipBody > 0) {
      Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
      for (int a = 0; a < 3; ++a) {
        T(a, 3) = mj.d->xpos[3 * tipBody + a];
        for (int b = 0; b < 3; ++b) T(a, b) = mj.d->xmat[9 * tipBody + 3 * a + b];
      }
      r.tool = std::max(r.tool, relErr(data.oMtool.matrix(), T));
    }
    ++r.states;
  }
  return r;
}
#endif

#ifdef MANIPLAB_TEST_HAVE_KDL
/// The file's tree in Orocos KDL, built here from what Qt's XML reader read (neither urdfdom nor ManipLab's
/// importer): every link is a segment on its parent link. A moving joint is a fixed segment carrying the
/// joint's <origin> (roll-pitch-yaw about fixed axes, URDF's convention) and then the child link's segment
/// turning about (sliding along) the <axis> at its root; a fixed joint, a mimic or a stated one is a fixed
/// segment at its locked position (the rules of urdf_file.hpp, expectedLock). Each link carries its mass,
/// centre of mass and inertia about the centre of mass in the link frame (<inertial> origin applied).
struct KdlFile {
  KDL::Tree tree{"?"};
  std::map<std::string, int> qnr;  ///< moving joint -> its index in KDL's joint arrays
  std::string error;
};
KdlFile kdlTreeOfFile(const FileTree& t, const std::set<std::string>& moving, const std::map<std::string, double>& stated) {
  KdlFile k;
  std::set<std::string> children;
  for (const auto& [n, j] : t.joints) children.insert(j.child);
  std::string root;
  for (const auto& [n, j] : t.joints)
    if (!children.count(j.parent)) root = j.parent;
  if (root.empty()) {
    k.error = "no root link";
    return k;
  }
  auto frame = [](const Vector3& xyz, const Vector3& rpy) {
    return KDL::Frame(KDL::Rotation::RPY(rpy.x(), rpy.y(), rpy.z()), KDL::Vector(xyz.x(), xyz.y(), xyz.z()));
  };
  auto inertia = [&](const std::string& link) {
    const auto it = t.inertials.find(link);
    if (it == t.inertials.end()) return KDL::RigidBodyInertia();
    const FileInertial& in = it->second;
    const Matrix3 R = rpyMatrix(in.rpy), I = R * in.I * R.transpose();
    return KDL::RigidBodyInertia(in.mass, KDL::Vector(in.xyz.x(), in.xyz.y(), in.xyz.z()),
                                 KDL::RotationalInertia(I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2)));
  };
  k.tree = KDL::Tree(root);
  std::vector<std::string> pending{root};  // links whose child joints are still to add (parents first)
  while (!pending.empty()) {
    const std::string link = pending.back();
    pending.pop_back();
    for (const auto& [name, j] : t.joints) {
      if (j.parent != link) continue;
      const KDL::Frame origin = frame(j.xyz, j.rpy);
      KDL::Vector axis(j.axis.x(), j.axis.y(), j.axis.z());
      axis.Normalize();
      const bool prismatic = j.type == "prismatic";
      if (moving.count(name)) {
        k.tree.addSegment(KDL::Segment(j.child + "__origin", KDL::Joint(KDL::Joint::None), origin), link);
        const KDL::Joint joint(name, KDL::Vector::Zero(), axis, prismatic ? KDL::Joint::TransAxis : KDL::Joint::RotAxis);
        k.tree.addSegment(KDL::Segment(j.child, joint, KDL::Frame::Identity(), inertia(j.child)), j.child + "__origin");
      } else {
        KDL::Frame at = origin;
        if (j.type != "fixed") {
          const double v = expectedLock(t, name, moving, stated);
          at = origin * (prismatic ? KDL::Frame(axis * v) : KDL::Frame(KDL::Rotation::Rot(axis, v)));
        }
        k.tree.addSegment(KDL::Segment(j.child, KDL::Joint(KDL::Joint::None), at, inertia(j.child)), link);
      }
      pending.push_back(j.child);
    }
  }
  for (const auto& [name, element] : k.tree.getSegments()) {
    const KDL::Joint& joint = GetTreeElementSegment(element).getJoint();
    if (joint.getType() != KDL::Joint::None) k.qnr[joint.getName()] = int(GetTreeElementQNr(element));
  }
  if (k.qnr.size() != moving.size()) k.error = "KDL's tree has " + std::to_string(k.qnr.size()) + " moving joints";
  return k;
}
#endif

}  // namespace

class TestUrdfTree : public QObject {
  Q_OBJECT

 private slots:
  // --- Reproduction of the issue and what the user sees -------------------------------------------------
  void pandaWithoutTipListsTheCandidates() {
    const RobotLoadResult r = loadUrdfFile(kPanda);
    QVERIFY(!r.ok());
    // no longer the mimic error: the error is the branch, with the chains to choose from
    QVERIFY(!hasDiag(r.diagnostics, Diagnostic::Severity::Error, "", "not supported"));
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Error, "/robot/link[panda_hand]",
                    "branches below link \"panda_hand\" (joints \"panda_finger_joint1\", \"panda_finger_joint2\""));
    for (const char* c : {"panda_hand (7 joints)", "panda_hand_tcp (7 joints)", "panda_leftfinger (8 joints)",
                          "panda_rightfinger (7 joints; mimic panda_finger_joint2 locked)"})
      QVERIFY2(hasDiag(r.diagnostics, Diagnostic::Severity::Error, "/robot/link[panda_hand]", c), c);
    // the same candidates through urdfTreeInfo (what the GUI's dialog lists)
    const UrdfTreeInfo info = urdfTreeInfoFromFile(kPanda);
    QVERIFY(info.ok());
    QVERIFY(!info.serial);
    QCOMPARE(info.root, std::string("world"));
    std::map<std::string, const UrdfChainCandidate*> byTip;
    for (const auto& c : info.candidates) byTip[c.tip] = &c;
    QCOMPARE(byTip.size(), std::size_t(6));  // hand, hand_tcp, hand_sc, link7_sc, two fingers
    QCOMPARE(byTip.at("panda_hand_tcp")->joints.size(), std::size_t(7));
    QCOMPARE(byTip.at("panda_leftfinger")->joints.back(), std::string("panda_finger_joint1"));
    const auto& right = *byTip.at("panda_rightfinger");
    QCOMPARE(right.joints.size(), std::size_t(7));
    QCOMPARE(right.locked.size(), std::size_t(2));
    for (const auto& l : right.locked) {
      QCOMPARE(l.position, 0.0);
      QCOMPARE(l.intoBody, std::string("panda_link7"));
      QVERIFY(l.prismatic);
      if (l.name == "panda_finger_joint2") {
        QVERIFY(l.onChain);
        QCOMPARE(l.mimicOf, std::string("panda_finger_joint1"));
        QVERIFY(!l.couplingLost);  // its master is locked too: exact
      }
    }
    // the left finger's chain moves finger 1: finger 2 follows it in the robot but not in the model
    for (const auto& l : byTip.at("panda_leftfinger")->locked)
      if (l.name == "panda_finger_joint2") QVERIFY(l.couplingLost);
  }

  void pandaArmWithTheHandLocked() {
    UrdfImportOptions o;
    o.tip = "panda_hand_tcp";
    const RobotLoadResult r = loadUrdfFile(kPanda, o);
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.model.nq, 7);
    QCOMPARE(r.model.jointName.back(), std::string("panda_joint7"));
    // total moving mass: links 1..7, hand and both fingers (Gaz et al. 2019 values in the file)
    double mass = 0;
    for (const auto& b : r.model.body) mass += b.mass;
    QVERIFY(std::abs(mass - (4.970684 + 0.646926 + 3.228604 + 3.587895 + 1.225946 + 1.666555 + 0.735522 + 0.73 + 0.03)) < 1e-12);
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[panda_finger_joint1]",
                    "off the chain to \"panda_hand_tcp\") is locked at 0 m (default: zero"));
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[panda_finger_joint1]",
                    "link \"panda_leftfinger\" is lumped into the body of joint \"panda_joint7\" (link \"panda_link7\")"));
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[panda_finger_joint2]",
                    "locked at 0 m (mimic of \"panda_finger_joint1\": q = 1 * q_panda_finger_joint1 + 0)"));
    // tool frame = panda_hand_tcp: 0.107 + 0.1034 below link 7 along its z axis, turned by -pi/4
    const Transform tool = r.model.tool;
    QVERIFY((tool.p - Vector3(0, 0, 0.2104)).norm() < 1e-15);
    QVERIFY((tool.R - Eigen::AngleAxisd(-M_PI / 4, Vector3::UnitZ()).toRotationMatrix()).norm() < 1e-15);
  }

  void lockedPositionsAreStatedOrFollowTheMimicRule() {
    UrdfImportOptions o;
    o.tip = "tcp";
    o.lockedPositions = {{"left_knuckle_joint", 0.5}};
    const RobotLoadResult r = loadUrdfFile(kGripperArm, o);
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.model.nq, 6);
    // right_knuckle = -1 * 0.5 + 0, right_pad = -1 * (-0.5) - 0.1, left_pad = -1 * 0.5 + 0.1
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[left_knuckle_joint]", "locked at 0.5 rad (stated position)"));
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[right_knuckle_joint]", "locked at -0.5 rad (mimic of \"left_knuckle_joint\""));
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[right_pad_joint]", "locked at 0.4 rad (mimic of \"right_knuckle_joint\""));
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[left_pad_joint]", "locked at -0.4 rad (mimic of \"left_knuckle_joint\""));
    // a chain through a mimic whose master moves on it: locked, and said to no longer follow
    UrdfImportOptions p;
    p.tip = "left_pad";
    const RobotLoadResult l = loadUrdfFile(kGripperArm, p);
    QVERIFY2(l.ok(), l.report().c_str());
    QCOMPARE(l.model.nq, 7);
    QCOMPARE(l.model.jointName.back(), std::string("left_knuckle_joint"));
    QVERIFY(hasDiag(l.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[left_pad_joint]",
                    "(revolute, on the chain to \"left_pad\") is locked at 0.1 rad (mimic of \"left_knuckle_joint\""));
    QVERIFY(hasDiag(l.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[left_pad_joint]", "do not follow it"));
    // the two-arm robot: the mast hangs from the fixed base
    UrdfImportOptions t;
    t.tip = "left_tcp";
    const RobotLoadResult two = loadUrdfFile(kTwoArm, t);
    QVERIFY2(two.ok(), two.report().c_str());
    QCOMPARE(two.model.nq, 7);
    QCOMPARE(two.model.jointName.front(), std::string("torso_yaw"));
    QVERIFY(hasDiag(two.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[mast_tilt]",
                    "lumped into the fixed base (link \"world\"): they do not enter the dynamics"));
    QVERIFY(hasDiag(two.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[right_j1]",
                    "links \"right_link1\", \"right_link2\""));
    QVERIFY(hasDiag(two.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[right_j1]", "into the body of joint \"torso_yaw\""));
  }

  void badChoicesAreClearErrors() {
    UrdfImportOptions o;
    o.tip = "no_such_link";
    const RobotLoadResult a = loadUrdfFile(kTwoArm, o);
    QVERIFY(hasDiag(a.diagnostics, Diagnostic::Severity::Error, "/robot", "the tip \"no_such_link\" is not a link of this URDF; candidate tips"));
    QVERIFY(hasDiag(a.diagnostics, Diagnostic::Severity::Error, "/robot", "left_tcp (7 joints)"));
    o.tip = "pedestal";
    QVERIFY(hasDiag(loadUrdfFile(kTwoArm, o).diagnostics, Diagnostic::Severity::Error, "/robot", "no joint moves between the root link"));
    o.tip = "left_tcp";
    o.lockedPositions = {{"left_hand_joint", 0.1}};
    QVERIFY(hasDiag(loadUrdfFile(kTwoArm, o).diagnostics, Diagnostic::Severity::Error, "/robot/joint[left_hand_joint]", "is fixed"));
    o.lockedPositions = {{"elbow_typo", 0.1}};
    QVERIFY(hasDiag(loadUrdfFile(kTwoArm, o).diagnostics, Diagnostic::Severity::Error, "/robot", "\"elbow_typo\", which is not a joint"));
    // a stated position outside the limits is warned
    o.lockedPositions = {{"right_finger_joint1", 0.09}};
    QVERIFY(hasDiag(loadUrdfFile(kTwoArm, o).diagnostics, Diagnostic::Severity::Warning, "/robot/joint[right_finger_joint1]",
                    "outside its limits [0, 0.04]"));
    // a stated lock on the chain removes the joint from the model
    o.lockedPositions = {{"left_j3", 0.7}};
    const RobotLoadResult c = loadUrdfFile(kTwoArm, o);
    QVERIFY2(c.ok(), c.report().c_str());
    QCOMPARE(c.model.nq, 6);
    QVERIFY(hasDiag(c.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[left_j3]", "(revolute, on the chain to \"left_tcp\") is locked at 0.7 rad (stated position)"));
    // mimic joints in a cycle, and a mimic of an unknown joint
    const std::string text = readAll(kGripperArm);
    std::string cyc = text;
    cyc.replace(cyc.find("<axis xyz=\"1 0 0\"/>\n    <limit lower=\"0\" upper=\"0.8\""), 0,
                "<mimic joint=\"right_knuckle_joint\" multiplier=\"1\" offset=\"0\"/>\n    ");
    UrdfImportOptions g;
    g.tip = "tcp";
    QVERIFY(hasDiag(parseUrdf(cyc, "cyc.urdf", g).diagnostics, Diagnostic::Severity::Error, "/mimic", "cycle"));
    std::string unknown = text;
    const std::string padMimic = "<mimic joint=\"left_knuckle_joint\" multiplier=\"-1\" offset=\"0.1\"";
    unknown.replace(unknown.find(padMimic), padMimic.size(), "<mimic joint=\"ghost_joint\" multiplier=\"-1\" offset=\"0.1\"");
    QVERIFY(hasDiag(parseUrdf(unknown, "u.urdf", g).diagnostics, Diagnostic::Severity::Error, "/robot/joint[left_pad_joint]/mimic",
                    "\"ghost_joint\", which is not a joint"));
    // a tip on a JSON robot file
    UrdfImportOptions j;
    j.tip = "x";
    QVERIFY(hasDiag(loadRobotAnyFormat(kSrc + "/robots/puma560.json", j).diagnostics, Diagnostic::Severity::Error, "",
                    "apply to URDF files only"));
  }

  void serialFilesLoadAsBefore() {
    // a tip on a serial chain: the joints after it are locked and lumped; without a tip nothing changes
    const RobotLoadResult plain = loadUrdfFile(kSrc + "/robots/puma560.urdf");
    QVERIFY2(plain.ok(), plain.report().c_str());
    const UrdfTreeInfo info = urdfTreeInfoFromFile(kSrc + "/robots/puma560.urdf");
    QVERIFY(info.serial);
    QCOMPARE(info.candidates.size(), std::size_t(1));
    QCOMPARE(info.candidates.front().joints.size(), std::size_t(6));
    UrdfImportOptions o;
    o.tip = info.candidates.front().tip;
    const RobotLoadResult same = loadUrdfFile(kSrc + "/robots/puma560.urdf", o);
    QVERIFY2(same.ok(), same.report().c_str());
    std::mt19937 rng(5);
    Data a(plain.model), b(same.model);
    for (int s = 0; s < 5; ++s) {
      const VectorX q = randomVectorX(rng, 6, 1.5), qd = randomVectorX(rng, 6, 1), qdd = randomVectorX(rng, 6, 1);
      QVERIFY(relErr(rnea(plain.model, a, q, qd, qdd), rnea(same.model, b, q, qd, qdd)) == 0);
      QVERIFY(relErr(crba(plain.model, a, q), crba(same.model, b, q)) == 0);
    }
  }

  // --- Against MuJoCo ----------------------------------------------------------------------------------
  void everyCandidateChainAgreesWithMujoco_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("stated");  // JOINT=VALUE;... locked positions stated by the user
    QTest::newRow("gripper arm") << QString::fromStdString(kGripperArm) << QString();
    QTest::newRow("gripper arm, jaws stated") << QString::fromStdString(kGripperArm) << QString("left_knuckle_joint=0.55");
    QTest::newRow("two-arm torso") << QString::fromStdString(kTwoArm) << QString();
    QTest::newRow("two-arm torso, arms and mast stated")
        << QString::fromStdString(kTwoArm)
        << QString("right_j1=0.4;right_j2=-0.9;right_j3=1.2;right_j4=0.3;right_j5=-0.6;right_j6=2.0;right_finger_joint1=0.03;"
                   "left_finger_joint1=0.015;head_pan=0.7;mast_tilt=-0.5");
    QTest::newRow("Franka Panda") << QString::fromStdString(kPanda) << QString();
    QTest::newRow("Franka Panda, fingers open") << QString::fromStdString(kPanda) << QString("panda_finger_joint1=0.035");
    QTest::newRow("Baxter") << QString::fromStdString(kBaxter) << QString();
    QTest::newRow("Baxter, left arm and head stated")
        << QString::fromStdString(kBaxter) << QString("left_s0=0.3;left_s1=-0.6;left_e1=1.2;left_w1=0.8;head_pan=-0.4");
  }
  void everyCandidateChainAgreesWithMujoco() {
#ifndef MANIPLAB_TEST_HAVE_MUJOCO
    QFAIL("MuJoCo (libmujoco-dev, install-deps.sh) was not found at configure time");
#else
    QFETCH(QString, file);
    QFETCH(QString, stated);
    const std::string text = readAll(file.toStdString());
    QVERIFY(!text.empty());
    const std::map<std::string, double> locks = statedLocks(stated);
    Mujoco mj(forMujoco(text));
    QVERIFY2(mj.m, mj.error.c_str());
    const double rounding = mj.inertiaRounding(readFile(text));
    const double tolAsLoaded = std::max(1e-12, 10 * rounding);
    // the chains of the tree as the user sees them first (no locked positions stated), each imported
    // with the stated positions (a stated joint on the chain leaves it)
    const UrdfTreeInfo info = urdfTreeInfo(text, file.toStdString());
    QVERIFY(info.ok());
    QVERIFY(!info.serial);
    QVERIFY(info.candidates.size() >= 5);
    for (const auto& c : info.candidates) {
      UrdfImportOptions o;
      o.tip = c.tip;
      o.lockedPositions = locks;
      const RobotLoadResult r = parseUrdf(text, file.toStdString(), o);
      int statedOnChain = 0;
      for (const auto& j : c.joints) statedOnChain += int(locks.count(j));
      if (statedOnChain == int(c.joints.size())) {  // nothing left to move: a clear error
        QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Error, "/robot", "no joint moves between the root link"));
        continue;
      }
      QVERIFY2(r.ok(), r.report().c_str());
      QCOMPARE(r.model.nq, int(c.joints.size()) - statedOnChain);
      // MuJoCo with the file's inertias represented exactly: 1e-12
      const CrossCheck x = crossCheck(text, r.model, c.tip, locks);
      QVERIFY2(x.error.empty(), x.error.c_str());
      // MuJoCo as it loads the file: its inertia rounding
      const CrossCheck y = crossCheck(text, r.model, c.tip, locks, 4, nullptr, false);
      qInfo("%s tip %s (%d joints): tau %.1e, M %.1e, tool %.1e; MuJoCo's own inertias: tau %.1e, M %.1e "
            "(its inertia rounding %.1e)",
            qPrintable(QFileInfo(file).fileName()), c.tip.c_str(), r.model.nq, x.tau, x.mass, x.tool, y.tau, y.mass, rounding);
      QVERIFY2(x.tau < 1e-12 && x.mass < 1e-12 && x.tool < 1e-12,
               qPrintable(QString("tip %1: tau %2, M %3, tool %4").arg(c.tip.c_str()).arg(x.tau).arg(x.mass).arg(x.tool)));
      QVERIFY2(y.tau < tolAsLoaded && y.mass < tolAsLoaded,
               qPrintable(QString("tip %1 (MuJoCo's inertias): tau %2, M %3").arg(c.tip.c_str()).arg(y.tau).arg(y.mass)));
    }
#endif
  }

  /// The comparison sees a wrong lumping: fingers locked elsewhere than where MuJoCo holds them, the other
  /// arm at zero instead of its stated pose, a lumped link 1 % heavier, or its inertia rotated wrongly.
  void aWrongLumpingFailsTheComparison() {
#ifndef MANIPLAB_TEST_HAVE_MUJOCO
    QFAIL("MuJoCo (libmujoco-dev, install-deps.sh) was not found at configure time");
#else
    const std::string text = readAll(kTwoArm);
    UrdfImportOptions o;
    o.tip = "left_tcp";
    const RobotLoadResult right = parseUrdf(text, "two_arm_torso.urdf", o);
    QVERIFY(right.ok());
    const CrossCheck good = crossCheck(text, right.model, o.tip, {});
    QVERIFY(good.tau < 1e-12 && good.mass < 1e-12);
    // MuJoCo holds the right arm in a pose while ManipLab locked it at zero
    const std::map<std::string, double> pose{{"right_j2", -0.9}, {"right_j4", 0.3}};
    const CrossCheck pos = crossCheck(text, right.model, o.tip, {}, 4, &pose);
    QVERIFY2(pos.tau > 1e-4 && pos.mass > 1e-4, qPrintable(QString("%1 %2").arg(pos.tau).arg(pos.mass)));
    // only a finger of the OTHER arm 1 mm away: still seen
    const std::map<std::string, double> finger{{"right_finger_joint1", 0.001}};
    const CrossCheck f = crossCheck(text, right.model, o.tip, {}, 4, &finger);
    QVERIFY2(f.tau > 1e-9 && f.mass > 1e-9, qPrintable(QString("%1 %2").arg(f.tau).arg(f.mass)));
    // a lumped link (the right hand, carried by the torso) 1 % heavier in ManipLab's copy of the file
    std::string heavy = text;
    const std::size_t at = heavy.find("<mass value=\"0.803\"/>");  // right_hand: 0.73 * 1.1
    QVERIFY(at != std::string::npos);
    heavy.replace(at, 21, "<mass value=\"0.81103\"/>");
    const RobotLoadResult h = parseUrdf(heavy, "heavy.urdf", o);
    QVERIFY(h.ok());
    const CrossCheck hx = crossCheck(text, h.model, o.tip, {}, 4);
    QVERIFY2(hx.tau > 1e-6 && hx.mass > 1e-6, qPrintable(QString("%1 %2").arg(hx.tau).arg(hx.mass)));
    // the right hand's inertia turned about its own z axis (same principal moments, wrong axes)
    std::string turned = text;
    const std::string handInertial = "<origin xyz=\"-0.01 0 0.03\" rpy=\"0 0 0\"/>\n      <mass value=\"0.803\"/>";
    const std::size_t hi = turned.find(handInertial);
    QVERIFY(hi != std::string::npos);
    turned.replace(hi, handInertial.size(), "<origin xyz=\"-0.01 0 0.03\" rpy=\"0 0 0.3\"/>\n      <mass value=\"0.803\"/>");
    const RobotLoadResult tr = parseUrdf(turned, "turned.urdf", o);
    QVERIFY(tr.ok());
    const CrossCheck tx = crossCheck(text, tr.model, o.tip, {}, 4);
    QVERIFY2(tx.mass > 1e-7, qPrintable(QString("%1 %2").arg(tx.tau).arg(tx.mass)));
#endif
  }

  // --- Whole trees (UrdfImportOptions::wholeTree, `--tree`) ---------------------------------------------
  // Every moving joint that is neither a mimic joint nor stated locked moves; each joint's parent is the
  // moving joint that carries its parent link. Checked against MuJoCo's own tree of the same file (its
  // joints' bodies and their parents), and tau and M of the whole tree against MuJoCo's (mimic joints and
  // stated ones held at their locked positions there), 1e-12 relative.
  void wholeTreeAgreesWithMujoco_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("stated");
    QTest::addColumn<int>("joints");
    QTest::addColumn<bool>("chain");  // with its mimic joints locked, a gripper arm is a chain again
    QTest::newRow("gripper arm") << QString::fromStdString(kGripperArm) << QString() << 7 << true;
    QTest::newRow("gripper arm, jaws stated") << QString::fromStdString(kGripperArm) << QString("left_knuckle_joint=0.55") << 6
                                              << true;
    QTest::newRow("two-arm torso") << QString::fromStdString(kTwoArm) << QString() << 17 << false;
    QTest::newRow("two-arm torso, right arm stated")
        << QString::fromStdString(kTwoArm) << QString("right_j1=0.4;right_j2=-0.9;right_j4=0.3;head_pan=0.7") << 13 << false;
    QTest::newRow("Franka Panda") << QString::fromStdString(kPanda) << QString() << 8 << true;
    QTest::newRow("Franka Panda, fingers open") << QString::fromStdString(kPanda) << QString("panda_finger_joint1=0.035") << 7
                                                << true;
    // Rethink's Baxter as published: the head and both arms, 15 joints on the torso
    QTest::newRow("Baxter") << QString::fromStdString(kBaxter) << QString() << 15 << false;
    QTest::newRow("Baxter, head stated") << QString::fromStdString(kBaxter) << QString("head_pan=0.5") << 14 << false;
  }
  void wholeTreeAgreesWithMujoco() {
#ifndef MANIPLAB_TEST_HAVE_MUJOCO
    QFAIL("MuJoCo (libmujoco-dev, install-deps.sh) was not found at configure time");
#else
    QFETCH(QString, file);
    QFETCH(QString, stated);
    QFETCH(int, joints);
    QFETCH(bool, chain);
    const std::string text = readAll(file.toStdString());
    QVERIFY(!text.empty());
    const std::map<std::string, double> locks = statedLocks(stated);
    const RobotLoadResult r = wholeTree(text, file.toStdString(), locks);
    QVERIFY2(r.ok(), r.report().c_str());
    const Model& m = r.model;
    QCOMPARE(m.nq, joints);
    // the moving joints are those the file says move (read with Qt's XML reader): neither fixed, nor
    // mimic, nor stated
    const FileTree t = readFile(text);
    std::set<std::string> expected;
    for (const auto& [name, j] : t.joints)
      if ((j.type == "revolute" || j.type == "continuous" || j.type == "prismatic") && j.mimic.empty() && !locks.count(name))
        expected.insert(name);
    QCOMPARE(std::set<std::string>(m.jointName.begin(), m.jointName.end()), expected);
    QCOMPARE(m.isChain(), chain);
    // each joint's parent: the nearest ancestor body in MuJoCo's tree that one of the model's joints moves
    Mujoco mj(forMujoco(text));
    QVERIFY2(mj.m, mj.error.c_str());
    std::map<int, int> indexOfBody;  // MuJoCo body -> model joint
    for (int i = 0; i < m.nq; ++i) indexOfBody[mj.m->jnt_bodyid[mj.joint(m.jointName[std::size_t(i)])]] = i;
    for (int i = 0; i < m.nq; ++i) {
      int b = mj.m->body_parentid[mj.m->jnt_bodyid[mj.joint(m.jointName[std::size_t(i)])]];
      while (b > 0 && !indexOfBody.count(b)) b = mj.m->body_parentid[b];
      const int want = b > 0 ? indexOfBody.at(b) : -1;
      QVERIFY2(m.parent[std::size_t(i)] == want,
               qPrintable(QString("%1: parent %2, MuJoCo's tree says %3").arg(m.jointName[std::size_t(i)].c_str())
                              .arg(m.parent[std::size_t(i)]).arg(want)));
    }
    const CrossCheck x = crossCheck(text, m, "", locks);
    QVERIFY2(x.error.empty(), x.error.c_str());
    const CrossCheck y = crossCheck(text, m, "", locks, 4, nullptr, false);
    const double tolAsLoaded = std::max(1e-12, 10 * mj.inertiaRounding(t));
    qInfo("%s whole tree (%d joints): tau %.1e, M %.1e, qdd %.1e; MuJoCo's own inertias: tau %.1e, M %.1e, qdd %.1e",
          qPrintable(QFileInfo(file).fileName()), m.nq, x.tau, x.mass, x.qdd, y.tau, y.mass, y.qdd);
    QVERIFY2(x.tau < 1e-12 && x.mass < 1e-12, qPrintable(QString("tau %1, M %2").arg(x.tau).arg(x.mass)));
    // forward dynamics wherever MuJoCo's model is the whole tree (no mimic or stated joint held there)
    int movable = 0;
    for (const auto& [name, j] : t.joints) movable += int(j.type == "revolute" || j.type == "continuous" || j.type == "prismatic");
    QCOMPARE(x.qdd >= 0, m.nq == movable);
    // (q̈ = M⁻¹(τ − b) carries M's conditioning: Baxter measured 4.4e-13)
    QVERIFY2(x.qdd < 1e-10, qPrintable(QString("qdd %1").arg(x.qdd)));
    QVERIFY2(y.qdd < tolAsLoaded, qPrintable(QString("qdd (MuJoCo's inertias) %1").arg(y.qdd)));
    QVERIFY2(y.tau < tolAsLoaded && y.mass < tolAsLoaded, qPrintable(QString("tau %1, M %2").arg(y.tau).arg(y.mass)));
#endif
  }

  /// The whole tree against Orocos KDL's tree solver (Debian's liborocos-kdl; Smits, Bruyninckx et al.), on
  /// the tree built from the file by this test (kdlTreeOfFile: Qt's XML reader, neither urdfdom nor
  /// ManipLab's importer): tau (TreeIdSolver_RNE, gravity on) against RNEA without friction, M column by
  /// column from KDL's RNE (no gravity, no velocity, qdd = e_k) against CRBA, and qdd = M^-1 (tau - b) from
  /// KDL's M and bias against ABA.
  void wholeTreeAgreesWithKdl_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("stated");
    QTest::newRow("Baxter") << QString::fromStdString(kBaxter) << QString();
    QTest::newRow("Baxter, head and left elbow stated") << QString::fromStdString(kBaxter) << QString("head_pan=0.5;left_e1=1.1");
    QTest::newRow("Franka Panda") << QString::fromStdString(kPanda) << QString();
    QTest::newRow("two-arm torso") << QString::fromStdString(kTwoArm) << QString();
    QTest::newRow("gripper arm") << QString::fromStdString(kGripperArm) << QString();
  }
  void wholeTreeAgreesWithKdl() {
#ifndef MANIPLAB_TEST_HAVE_KDL
    QFAIL("Orocos KDL (liborocos-kdl-dev, install-deps.sh) was not found at configure time");
#else
    QFETCH(QString, file);
    QFETCH(QString, stated);
    const std::string text = readAll(file.toStdString());
    QVERIFY(!text.empty());
    const std::map<std::string, double> locks = statedLocks(stated);
    const RobotLoadResult r = wholeTree(text, file.toStdString(), locks);
    QVERIFY2(r.ok(), r.report().c_str());
    const Model& m = r.model;
    const int n = m.nq;
    const FileTree t = readFile(text);
    const KdlFile k = kdlTreeOfFile(t, std::set<std::string>(m.jointName.begin(), m.jointName.end()), locks);
    QVERIFY2(k.error.empty(), k.error.c_str());
    std::vector<unsigned> at(static_cast<std::size_t>(n));  // model joint -> KDL index
    for (int i = 0; i < n; ++i) at[std::size_t(i)] = unsigned(k.qnr.at(m.jointName[std::size_t(i)]));
    auto toKdl = [&](const VectorX& v) {
      KDL::JntArray a{unsigned(n)};
      for (int i = 0; i < n; ++i) a(at[std::size_t(i)]) = v[i];
      return a;
    };
    auto fromKdl = [&](const KDL::JntArray& a) {
      VectorX v(n);
      for (int i = 0; i < n; ++i) v[i] = a(at[std::size_t(i)]);
      return v;
    };
    KDL::TreeIdSolver_RNE withG(k.tree, KDL::Vector(m.gravity.x(), m.gravity.y(), m.gravity.z())),
        noG(k.tree, KDL::Vector::Zero());
    RneaOptions noFriction;
    noFriction.friction = false;  // the file's <dynamics damping> became viscous friction; KDL has none
    Data data(m);
    std::mt19937 rng(20261129);
    double worstTau = 0, worstM = 0, worstQdd = 0;
    for (int s = 0; s < 12; ++s) {
      const VectorX q = randomVectorX(rng, n, 1.5), qd = randomVectorX(rng, n, 1.0), qdd = randomVectorX(rng, n, 1.0);
      const VectorX zero = VectorX::Zero(n);
      KDL::JntArray out{unsigned(n)};
      QVERIFY(withG.CartToJnt(toKdl(q), toKdl(qd), toKdl(qdd), KDL::WrenchMap(), out) >= 0);
      worstTau = std::max(worstTau, relErr(rnea(m, data, q, qd, qdd, noFriction), fromKdl(out)));
      QVERIFY(withG.CartToJnt(toKdl(q), toKdl(qd), toKdl(zero), KDL::WrenchMap(), out) >= 0);
      const VectorX bias = fromKdl(out);
      MatrixX M(n, n);
      for (int c = 0; c < n; ++c) {
        VectorX e = zero;
        e[c] = 1;
        QVERIFY(noG.CartToJnt(toKdl(q), toKdl(zero), toKdl(e), KDL::WrenchMap(), out) >= 0);
        M.col(c) = fromKdl(out);
      }
      worstM = std::max(worstM, relErr(crba(m, data, q), M));
      const VectorX tau = 20.0 * randomVectorX(rng, n, 1.0);
      QCOMPARE(aba(m, data, q, qd, tau, noFriction), -1);
      worstQdd = std::max(worstQdd, relErr(data.qdd, VectorX(M.ldlt().solve(tau - bias))));
    }
    qInfo("%s whole tree (%d joints) against KDL: tau %.1e, M %.1e, qdd %.1e", qPrintable(QFileInfo(file).fileName()), n,
          worstTau, worstM, worstQdd);
    QVERIFY2(worstTau < 1e-12 && worstM < 1e-12, qPrintable(QString("tau %1, M %2").arg(worstTau).arg(worstM)));
    QVERIFY2(worstQdd < 1e-10, qPrintable(QString("qdd %1").arg(worstQdd)));  // M's conditioning (see above)
#endif
  }

  /// --couple-mimics (UrdfImportOptions::coupleMimics) on the whole tree: every mimic joint moves, coupled to
  /// the joint it follows through its chain of mimics (coefficients composed here from the file, read with
  /// Qt's XML reader); the full tree agrees with MuJoCo (which ignores <mimic>: every joint free) as without
  /// coupling, and the projection onto the independent joints, G^T M G and G^T tau with G written here
  /// from the file, against MuJoCo's M and tau at states that satisfy the coupling.
  void coupledMimicsAgreeWithMujoco_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("joints");
    QTest::addColumn<int>("coupled");
    QTest::newRow("gripper arm (a mimic of a mimic)") << QString::fromStdString(kGripperArm) << 10 << 3;
    QTest::newRow("two-arm torso") << QString::fromStdString(kTwoArm) << 19 << 2;
    QTest::newRow("Franka Panda") << QString::fromStdString(kPanda) << 9 << 1;
  }
  void coupledMimicsAgreeWithMujoco() {
#ifndef MANIPLAB_TEST_HAVE_MUJOCO
    QFAIL("MuJoCo (libmujoco-dev, install-deps.sh) was not found at configure time");
#else
    QFETCH(QString, file);
    QFETCH(int, joints);
    QFETCH(int, coupled);
    const std::string text = readAll(file.toStdString());
    UrdfImportOptions o;
    o.wholeTree = true;
    o.coupleMimics = true;
    const RobotLoadResult r = parseUrdf(text, file.toStdString(), o);
    QVERIFY2(r.ok(), r.report().c_str());
    const Model& m = r.model;
    QCOMPARE(m.nq, joints);
    const FileTree t = readFile(text);
    // the expected coupling of each joint, composed along its mimics: q = a q_root + b
    int nCoupled = 0;
    for (int i = 0; i < m.nq; ++i) {
      std::string root = m.jointName[std::size_t(i)];
      double a = 1, b = 0;
      while (!t.joints.at(root).mimic.empty()) {
        const FileJoint& j = t.joints.at(root);
        b += a * j.offset;
        a *= j.multiplier;
        root = j.mimic;
      }
      const JointCoupling c = m.coupling.empty() ? JointCoupling{} : m.coupling[std::size_t(i)];
      if (root == m.jointName[std::size_t(i)]) {
        QCOMPARE(c.source, -1);
        continue;
      }
      ++nCoupled;
      QVERIFY(c.source >= 0);
      QCOMPARE(m.jointName[std::size_t(c.source)], root);
      QVERIFY2(std::abs(c.multiplier - a) < 1e-15 && std::abs(c.offset - b) < 1e-15,
               qPrintable(QString("%1: %2 q + %3, the file composes %4 q + %5").arg(m.jointName[std::size_t(i)].c_str())
                              .arg(c.multiplier).arg(c.offset).arg(a).arg(b)));
    }
    QCOMPARE(nCoupled, coupled);
    // the full tree, every joint free, against MuJoCo
    const CrossCheck x = crossCheck(text, m, "", {});
    QVERIFY2(x.error.empty(), x.error.c_str());
    QVERIFY2(x.tau < 1e-12 && x.mass < 1e-12, qPrintable(QString("tau %1, M %2").arg(x.tau).arg(x.mass)));
    // the projection against MuJoCo's M and tau at coupled states
    Mujoco mj(forMujoco(text));
    QVERIFY2(mj.m, mj.error.c_str());
    mj.exactInertias(t);
    const CouplingMap map = couplingMap(m);
    MatrixX G = MatrixX::Zero(m.nq, map.m);
    for (int i = 0; i < m.nq; ++i)
      for (int c = 0; c < map.m; ++c) {
        const JointCoupling jc = m.coupling[std::size_t(i)];
        const int follows = jc.source < 0 ? i : jc.source;
        if (map.independent[std::size_t(c)] == follows) G(i, c) = jc.source < 0 ? 1.0 : jc.multiplier;
      }
    std::mt19937 rng(2911);
    Data data(m);
    CoupledData cd(map);
    RneaOptions noFriction;
    noFriction.friction = false;
    std::vector<int> dof(std::size_t(m.nq));
    for (int i = 0; i < m.nq; ++i) {
      const int j = mj.joint(m.jointName[std::size_t(i)]);
      QVERIFY(j >= 0);
      dof[std::size_t(i)] = mj.m->jnt_dofadr[j];
    }
    double worstM = 0, worstTau = 0;
    for (int s = 0; s < 8; ++s) {
      const VectorX qInd = randomVectorX(rng, map.m, 1.0), qdInd = randomVectorX(rng, map.m, 1.0),
                    qddInd = randomVectorX(rng, map.m, 1.0);
      VectorX q(m.nq), qd(m.nq);
      expandPositions(map, qInd, q);
      expandRates(map, qdInd, qd);
      mju_zero(mj.d->qpos, mj.m->nq);
      VectorX tauMj;
      MatrixX Mmj;
      mujocoDynamics(mj, m, dof, q, qd, G * qddInd, tauMj, Mmj);
      coupledMassMatrix(m, map, data, cd, q);
      worstM = std::max(worstM, relErr(cd.Mind, MatrixX(G.transpose() * Mmj * G)));
      VectorX tauInd(map.m);
      coupledInverseDynamics(m, map, data, cd, q, qd, qddInd, tauInd, noFriction);
      worstTau = std::max(worstTau, relErr(tauInd, VectorX(G.transpose() * tauMj)));
    }
    qInfo("%s, mimic joints coupled (%d joints, %d independent): full tree tau %.1e, M %.1e; projected M_ind %.1e, tau_ind %.1e",
          qPrintable(QFileInfo(file).fileName()), m.nq, map.m, x.tau, x.mass, worstM, worstTau);
    QVERIFY2(worstM < 1e-12 && worstTau < 1e-12, qPrintable(QString("M_ind %1, tau_ind %2").arg(worstM).arg(worstTau)));
#endif
  }

  /// Coupled mimics whose master is locked stay locked (a chain to the left jaw with --lock on it), and
  /// the coupled tree written back to URDF carries <mimic>, so that it imports coupled again.
  void coupledMimicsLockedMasterAndExport() {
    UrdfImportOptions o;
    o.wholeTree = true;
    o.coupleMimics = true;
    o.lockedPositions["left_knuckle_joint"] = 0.3;
    const RobotLoadResult r = loadUrdfFile(kGripperArm, o);
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.model.nq, 6);
    QVERIFY(r.model.coupling.empty());
    o.lockedPositions.clear();
    const RobotLoadResult c = loadUrdfFile(kGripperArm, o);
    QVERIFY2(c.ok(), c.report().c_str());
    const std::string written = robotToUrdf(c.description);
    QVERIFY(written.find("<mimic") != std::string::npos);
    const RobotLoadResult back = parseUrdf(written, "gripper_coupled.urdf", o);
    QVERIFY2(back.ok(), back.report().c_str());
    QCOMPARE(back.model.nq, c.model.nq);
    for (int i = 0; i < c.model.nq; ++i) {
      QCOMPARE(back.model.coupling[std::size_t(i)].source, c.model.coupling[std::size_t(i)].source);
      QVERIFY(std::abs(back.model.coupling[std::size_t(i)].multiplier - c.model.coupling[std::size_t(i)].multiplier) < 1e-15);
      QVERIFY(std::abs(back.model.coupling[std::size_t(i)].offset - c.model.coupling[std::size_t(i)].offset) < 1e-15);
    }
    // without the option the same file locks them again
    o.coupleMimics = false;
    const RobotLoadResult locked = parseUrdf(written, "gripper_coupled.urdf", o);
    QVERIFY2(locked.ok(), locked.report().c_str());
    QCOMPARE(locked.model.nq, 7);
  }

  /// The Panda whole: arm and first finger move; the second finger, a mimic of the first, is locked and
  /// the warning says its links do not follow the first finger. A tip with the tree is an error; the
  /// tree written back to URDF imports to the same dynamics.
  void pandaWholeTree() {
    UrdfImportOptions o;
    o.wholeTree = true;
    const RobotLoadResult r = loadUrdfFile(kPanda, o);
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.model.nq, 8);
    QCOMPARE(r.model.jointName[7], std::string("panda_finger_joint1"));
    QCOMPARE(r.model.parent[7], 6);  // the finger hangs on link 7 (through the fixed hand)
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[panda_finger_joint2]",
                    "(prismatic, on the tree) is locked at 0 m (mimic of \"panda_finger_joint1\""));
    QVERIFY(hasDiag(r.diagnostics, Diagnostic::Severity::Warning, "/robot/joint[panda_finger_joint2]",
                    "moves in the tree but mimic joints are locked when a whole tree is imported"));
    o.tip = "panda_hand";
    const RobotLoadResult both = loadUrdfFile(kPanda, o);
    QVERIFY(!both.ok());
    QVERIFY(hasDiag(both.diagnostics, Diagnostic::Severity::Error, "/robot",
                    "a chain tip (\"panda_hand\") and the whole tree were both asked for: choose one"));
    // export, import again: the same tree and mass matrix
    const std::string written = robotToUrdf(r.description);
    UrdfImportOptions tree;
    tree.wholeTree = true;
    const RobotLoadResult back = parseUrdf(written, "panda_tree.urdf", tree);
    QVERIFY2(back.ok(), back.report().c_str());
    QCOMPARE(back.model.parent, r.model.parent);
    QCOMPARE(back.model.jointName, r.model.jointName);
    std::mt19937 rng(7);
    Data a(r.model), b(back.model);
    for (int s = 0; s < 5; ++s) {
      const VectorX q = randomVectorX(rng, 8, 1.0);
      QVERIFY(relErr(crba(r.model, a, q), crba(back.model, b, q)) < 1e-13);
    }
  }

};

MANIPLAB_TEST_GUILESS_MAIN(TestUrdfTree)
#include "test_urdf_tree.moc"  // (in the namespace, as the class)

}  // namespace test_urdf_tree
