// MuJoCo as an oracle. An MJCF string is generated from ManipLab's internal Model (model.hpp) and
// compiled from memory (mj_loadXML with a VFS):
//   body i: pos = l_{i-1}, quat = P_i (placement_i), nested in body i-1 (the world for i = 1; on a tree, in
//           body lambda(i), the world for a joint on the base: the tree must be numbered depth first);
//           one hinge (revolute) or slide (prismatic) joint, axis 0 0 1 at the body frame origin, so
//           that the body frame is placement_i * Rz(q_i) (or Tz(q_i)) = R_i;
//           <inertial pos = CoM d_i, mass m_i, fullinertia = I_i about the CoM in R_i>;
//           joint armature = gear^2 * rotor_inertia (ManipLab's armature model), no damping, no limits;
//   a site "tool" on the last body at the tool frame (for the FK cross-check);
//   <option gravity = model.gravity> with contacts disabled (no geoms anyway).
// MuJoCo rejects bodies that are massless or whose principal inertias violate the triangle
// inequality. When that happens on body 1 behind a revolute joint 1 (the Puma 560's body 1: mass 0,
// inertia only about the joint axis), the body is regularised in a way that is exactly invisible to
// joint-space dynamics: body 1 only ever rotates about its own z axis with the base fixed, so the
// joint torques, M and qdd depend on its inertia only through I_zz and on its mass only through the
// mass times the CoM's distance from the axis. MuJoCo gets I' = I_zz * Identity (I_zz unchanged) and,
// if massless, a mass of 1 kg located ON the joint axis (CoM (0, 0, 0)). This only changes the base
// reaction wrench, which none of the compared quantities contains. Other invalid bodies make the
// oracle unavailable for that robot (reported).
#include "oracle.hpp"

#include <cstdio>
#include <cstring>
#include <sstream>
#include <vector>

#include <Eigen/Eigenvalues>

#ifdef MANIPLAB_BENCH_HAVE_MUJOCO
#include <mujoco/mujoco.h>
#endif

namespace maniplab::bench {

#ifdef MANIPLAB_BENCH_HAVE_MUJOCO
namespace {

std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
std::string vec3(const Vector3& v) { return num(v.x()) + " " + num(v.y()) + " " + num(v.z()); }
std::string quat(const Matrix3& R) {
  Eigen::Quaterniond q(R);
  q.normalize();
  return num(q.w()) + " " + num(q.x()) + " " + num(q.y()) + " " + num(q.z());
}

bool mujocoAcceptsInertia(double mass, const Matrix3& I) {
  if (!(mass > 1e-12)) return false;
  Eigen::SelfAdjointEigenSolver<Matrix3> es(I);
  const Vector3 ev = es.eigenvalues();  // ascending
  if (ev[0] < 0) return false;
  if (ev[0] + ev[1] < ev[2] * (1 - 1e-12)) return false;
  return ev[2] > 1e-12;  // MuJoCo: "mass and inertia of moving bodies must be larger than mjMINVAL"
}

std::string makeMjcf(const Model& m, bool fullInertia, std::string* note, std::string* why) {
  std::ostringstream x;
  x << "<mujoco model=\"maniplab-bench\">\n"
    << "  <compiler angle=\"radian\" inertiafromgeom=\"false\" boundmass=\"0\" boundinertia=\"0\"/>\n"
    << "  <option gravity=\"" << vec3(m.gravity) << "\" timestep=\"0.001\" integrator=\"Euler\">\n"
    << "    <flag contact=\"disable\"/>\n"
    << "  </option>\n"
    << "  <worldbody>\n";
  // Bodies nested as the parent array says (a chain: each in the previous one). MuJoCo numbers the degrees
  // of freedom in the order of the bodies in the file, depth first, so a tree must be numbered so too.
  std::vector<std::vector<int>> children(std::size_t(m.nq) + 1);  // [p + 1]: the children of joint p
  for (int i = 0; i < m.nq; ++i) children[std::size_t(m.parent[std::size_t(i)] + 1)].push_back(i);
  {
    std::vector<int> order, stack(children[0].rbegin(), children[0].rend());
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      order.push_back(i);
      const auto& c = children[std::size_t(i) + 1];
      stack.insert(stack.end(), c.rbegin(), c.rend());
    }
    for (int i = 0; i < m.nq; ++i)
      if (order[std::size_t(i)] != i) {
        if (why) *why = "a tree not numbered depth first (MuJoCo would order its degrees of freedom otherwise)";
        return {};
      }
  }
  std::vector<int> depth(std::size_t(m.nq), 0);
  for (int i = 0; i < m.nq; ++i)
    if (const int p = m.parent[std::size_t(i)]; p >= 0) depth[std::size_t(i)] = depth[std::size_t(p)] + 1;
  for (int i = 0; i < m.nq; ++i) {
    const auto k = std::size_t(i);
    const auto& pl = m.placement[k];
    const auto& act = m.actuator[k];
    double mass = m.body[k].mass;
    Vector3 com = m.body[k].com;
    Matrix3 I = m.body[k].inertia;
    if (!mujocoAcceptsInertia(mass, I)) {
      if (i == 0 && m.isRevolute(0) && I(2, 2) > 1e-12) {
        const bool massless = !(mass > 1e-12);
        I = I(2, 2) * Matrix3::Identity();
        if (massless) {
          mass = 1.0;
          com.setZero();
        }
        if (note)
          *note += "body 1 regularised for MuJoCo (invisible to joint-space dynamics): inertia -> I_zz*Id" +
                   std::string(massless ? ", 1 kg on the joint axis" : "") + ". ";
      } else {
        if (why)
          *why = "body " + std::to_string(i + 1) +
                 ": MuJoCo needs a positive mass, a non-zero inertia and principal moments satisfying the "
                 "triangle inequality (a point mass or a massless body is not representable)";
        return {};
      }
    }
    const std::string ind(std::size_t(4 + 2 * depth[k]), ' ');
    x << ind << "<body name=\"b" << i + 1 << "\" pos=\"" << vec3(pl.p) << "\" quat=\"" << quat(pl.R) << "\">\n"
      << ind << "  <joint name=\"j" << i + 1 << "\" type=\"" << (m.isRevolute(i) ? "hinge" : "slide")
      << "\" axis=\"0 0 1\" pos=\"0 0 0\" limited=\"false\" damping=\"0\" armature=\""
      << num(act.gear * act.gear * act.rotorInertia) << "\"/>\n"
      << ind << "  <inertial pos=\"" << vec3(com) << "\" mass=\"" << num(mass) << "\" ";
    if (fullInertia) {
      x << "fullinertia=\"" << num(I(0, 0)) << " " << num(I(1, 1)) << " " << num(I(2, 2)) << " " << num(I(0, 1))
        << " " << num(I(0, 2)) << " " << num(I(1, 2)) << "\"/>\n";
    } else {
      // Principal axes computed here (to double precision) rather than by MuJoCo's compiler, whose
      // mju_eig3 of a fullinertia is only accurate to ~1e-10 relative (see the header comment).
      Eigen::SelfAdjointEigenSolver<Matrix3> es(I);
      Matrix3 V = es.eigenvectors();
      if (V.determinant() < 0) V.col(2) = -V.col(2);
      x << "quat=\"" << quat(V) << "\" diaginertia=\"" << vec3(es.eigenvalues()) << "\"/>\n";
    }
    if (i == m.nq - 1)
      x << ind << "  <site name=\"tool\" pos=\"" << vec3(m.tool.p) << "\" quat=\"" << quat(m.tool.R) << "\"/>\n";
    // Close body i and its ancestors up to the parent of the next body (depth first: i + 1 is a child of
    // i or of one of its ancestors; after the last body, everything).
    const int next = i + 1 < m.nq ? m.parent[k + 1] : -1;
    for (int j = i; j != next; j = m.parent[std::size_t(j)])
      x << std::string(std::size_t(4 + 2 * depth[std::size_t(j)]), ' ') << "</body>\n";
  }
  x << "  </worldbody>\n</mujoco>\n";
  return x.str();
}

class MujocoOracle final : public Oracle {
 public:
  MujocoOracle(mjModel* m, std::string note) : m_(m), d_(mj_makeData(m)), n_(m->nv), note_(std::move(note)) {
    Mfull_.resize(std::size_t(n_) * std::size_t(n_));
    site_ = mj_name2id(m_, mjOBJ_SITE, "tool");
  }
  ~MujocoOracle() override {
    mj_deleteData(d_);
    mj_deleteModel(m_);
  }

  std::string name() const override { return "MuJoCo"; }
  std::string describe() const override {
    return "MuJoCo " + mujocoVersion() +
           ": every call first copies the state into mjData (qpos/qvel/qacc or qfrc_applied, mju_copy). "
           "FK = mj_kinematics (all body, inertial-frame and site poses). "
           "RNEA = mj_kinematics + mj_comPos + mj_comVel + mj_rne(flg_acc = 1) + dof_armature * qacc (the "
           "kinematics ManipLab's rnea also does; mj_rne gives M_rigid qacc + bias incl. gravity, the armature "
           "term is added as mj_inverse does). "
           "M = mj_kinematics + mj_comPos + mj_crb + mj_fullM (sparse qM to dense). "
           "FD = mj_fwdPosition + mj_fwdVelocity + mj_fwdActuation + mj_fwdAcceleration + mj_fwdConstraint "
           "with qfrc_applied = tau (the stages of mj_forward without sensors/energy/checks; fwdPosition "
           "includes mj_factorM and the (empty, contacts disabled) collision and constraint stages). "
           "Bodies are given as <inertial pos quat diaginertia> with principal axes computed by Eigen.";
  }
  std::string modelNote() const override { return note_; }

  void setStates(const std::vector<State>& st) override { st_ = st; }

  double fk(int s) override {
    mju_copy(d_->qpos, st_[std::size_t(s)].q.data(), n_);
    mj_kinematics(m_, d_);
    return d_->site_xpos[3 * site_];
  }
  double rnea(int s) override {
    const auto& x = st_[std::size_t(s)];
    mju_copy(d_->qpos, x.q.data(), n_);
    mju_copy(d_->qvel, x.qd.data(), n_);
    mju_copy(d_->qacc, x.qdd.data(), n_);
    mj_kinematics(m_, d_);
    mj_comPos(m_, d_);
    mj_comVel(m_, d_);
    mj_rne(m_, d_, 1, d_->qfrc_inverse);
    for (int i = 0; i < n_; ++i) d_->qfrc_inverse[i] += m_->dof_armature[i] * d_->qacc[i];
    return d_->qfrc_inverse[0];
  }
  double massMatrix(int s) override {
    mju_copy(d_->qpos, st_[std::size_t(s)].q.data(), n_);
    mj_kinematics(m_, d_);
    mj_comPos(m_, d_);
    mj_crb(m_, d_);
    mj_fullM(m_, Mfull_.data(), d_->qM);
    return Mfull_[0];
  }
  double forwardDynamics(int s) override {
    setFdInput(s);
    mj_fwdPosition(m_, d_);
    mj_fwdVelocity(m_, d_);
    mj_fwdActuation(m_, d_);
    mj_fwdAcceleration(m_, d_);
    mj_fwdConstraint(m_, d_);
    return d_->qacc[0];
  }

  Transform fkResult() const override {
    Transform t;
    for (int r = 0; r < 3; ++r) {
      t.p[r] = d_->site_xpos[3 * site_ + r];
      for (int c = 0; c < 3; ++c) t.R(r, c) = d_->site_xmat[9 * site_ + 3 * r + c];
    }
    return t;
  }
  VectorX tauResult() const override { return Eigen::Map<const VectorX>(d_->qfrc_inverse, n_); }
  MatrixX massResult() const override {
    return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(Mfull_.data(),
                                                                                                    n_, n_);
  }
  VectorX qddResult() const override { return Eigen::Map<const VectorX>(d_->qacc, n_); }

  std::vector<ExtraTiming> extras() override {
    return {
        {"FD", "MuJoCo mj_forward (full pipeline incl. sensors/energy/checks; contacts disabled)",
         [this](int s) {
           setFdInput(s);
           mj_forward(m_, d_);
           return d_->qacc[0];
         }},
        {"FD", "MuJoCo bare: kinematics+comPos+crb+factorM+comVel+rne(0)+solveM",
         [this](int s) {
           setFdInput(s);
           mj_kinematics(m_, d_);
           mj_comPos(m_, d_);
           mj_crb(m_, d_);
           mj_factorM(m_, d_);
           mj_comVel(m_, d_);
           mj_rne(m_, d_, 0, d_->qfrc_bias);
           for (int i = 0; i < n_; ++i) d_->qfrc_smooth[i] = d_->qfrc_applied[i] - d_->qfrc_bias[i];
           mj_solveM(m_, d_, d_->qacc, d_->qfrc_smooth, 1);
           return d_->qacc[0];
         }},
        {"M", "MuJoCo kinematics+comPos+crb (sparse qM, no mj_fullM)",
         [this](int s) {
           mju_copy(d_->qpos, st_[std::size_t(s)].q.data(), n_);
           mj_kinematics(m_, d_);
           mj_comPos(m_, d_);
           mj_crb(m_, d_);
           return d_->qM[0];
         }},
    };
  }

 private:
  void setFdInput(int s) {
    const auto& x = st_[std::size_t(s)];
    mju_copy(d_->qpos, x.q.data(), n_);
    mju_copy(d_->qvel, x.qd.data(), n_);
    mju_copy(d_->qfrc_applied, x.tau.data(), n_);
  }

  mjModel* m_;
  mjData* d_;
  int n_;
  int site_ = -1;
  std::string note_;
  std::vector<State> st_;
  std::vector<mjtNum> Mfull_;
};

}  // namespace

std::unique_ptr<Oracle> makeMujocoOracle(const Model& model, std::string* why, bool fullInertia) {
  if (model.rotorModel == RotorModel::Full) {
    for (const auto& a : model.actuator)
      if (a.rotorInertia != 0 || a.rotorTransverse != 0) {
        if (why) *why = "full rotor model not representable in MuJoCo";
        return nullptr;
      }
  }
  bool friction = false;
  for (const auto& a : model.actuator)
    friction = friction || a.viscousPos != 0 || a.viscousNeg != 0 || a.coulombPos != 0 || a.coulombNeg != 0;
  if (friction) {
    if (why) *why = "friction is not modelled in the MuJoCo comparison (use the rigid-body model)";
    return nullptr;
  }
  std::string note;
  const std::string xml = makeMjcf(model, fullInertia, &note, why);
  if (xml.empty()) return nullptr;

  auto vfs = std::make_unique<mjVFS>();
  mj_defaultVFS(vfs.get());
  const char* fname = "maniplab_bench.xml";
  if (mj_makeEmptyFileVFS(vfs.get(), fname, int(xml.size())) != 0) {
    if (why) *why = "mj_makeEmptyFileVFS failed";
    return nullptr;
  }
  const int idx = mj_findFileVFS(vfs.get(), fname);
  std::memcpy(vfs->filedata[idx], xml.data(), xml.size());
  char err[1000] = "";
  mjModel* m = mj_loadXML(fname, vfs.get(), err, sizeof err);
  mj_deleteVFS(vfs.get());
  if (!m) {
    if (why) *why = std::string("mj_loadXML: ") + err;
    return nullptr;
  }
  if (m->nv != model.nq) {
    if (why) *why = "unexpected number of dofs in the compiled MuJoCo model";
    mj_deleteModel(m);
    return nullptr;
  }
  return std::make_unique<MujocoOracle>(m, note);
}

std::string mujocoVersion() {
  const int v = mj_version();
  return std::to_string(v / 100) + "." + std::to_string((v / 10) % 10) + "." + std::to_string(v % 10);
}

#else

std::unique_ptr<Oracle> makeMujocoOracle(const Model&, std::string* why, bool) {
  if (why) *why = "MuJoCo not found at configure time";
  return nullptr;
}
std::string mujocoVersion() { return {}; }

#endif

}  // namespace maniplab::bench
