// Display geometry of a serial arm generated from its kinematics (robot_shapes.hpp).
#include "maniplab/ui/robot_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

namespace maniplab::ui {

namespace {

constexpr double kPi = std::numbers::pi;

/// Two unit vectors completing `w` (unit) into a right-handed basis (u, v, w).
void basis(const Vector3& w, Vector3& u, Vector3& v) {
  const Vector3 a = std::abs(w.x()) < 0.9 ? Vector3::UnitX() : Vector3::UnitY();
  u = w.cross(a).normalized();
  v = w.cross(u);
}

}  // namespace

void commonPerpendicular(const Vector3& c, const Vector3& d, Vector3& P, Vector3& Q) {
  const Vector3 z = Vector3::UnitZ();
  const double b = z.dot(d), e = d.dot(d);
  const double denom = e - b * b;
  if (denom < 1e-10) {  // parallel axes: the perpendicular through the line's point c
    P = Vector3(0, 0, c.z());
    Q = c;
    return;
  }
  const Vector3 r = -c;
  const double cc = z.dot(r), f = d.dot(r);
  P = ((b * f - cc * e) / denom) * z;
  Q = c + ((f - b * cc) / denom) * d;
}

void TriangleMesh::addVertex(const Vector3& p, const Vector3& n) {
  positions.insert(positions.end(), {float(p.x()), float(p.y()), float(p.z())});
  normals.insert(normals.end(), {float(n.x()), float(n.y()), float(n.z())});
}

void TriangleMesh::addTriangle(std::uint32_t a, std::uint32_t b, std::uint32_t c) { indices.insert(indices.end(), {a, b, c}); }

void TriangleMesh::append(const TriangleMesh& o, const Transform& T) {
  const auto base = std::uint32_t(vertexCount());
  for (int k = 0; k < o.vertexCount(); ++k) {
    const auto i = std::size_t(3 * k);
    const Vector3 p(o.positions[i], o.positions[i + 1], o.positions[i + 2]);
    const Vector3 n(o.normals[i], o.normals[i + 1], o.normals[i + 2]);
    addVertex(T.apply(p), T.R * n);
  }
  for (const auto idx : o.indices) indices.push_back(base + idx);
}

TriangleMesh frustumMesh(const Vector3& a, const Vector3& b, double ra, double rb, int slices, bool capA, bool capB) {
  TriangleMesh m;
  const Vector3 axis = b - a;
  const double len = axis.norm();
  if (len < 1e-12 || slices < 3) return m;
  const Vector3 w = axis / len;
  Vector3 u, v;
  basis(w, u, v);
  // Side normals lean by the cone's slope: n = (radial * len + w * (ra - rb)) normalised.
  for (int k = 0; k <= slices; ++k) {
    const double phi = 2 * kPi * double(k % slices) / double(slices);
    const Vector3 radial = std::cos(phi) * u + std::sin(phi) * v;
    const Vector3 n = (radial * len + w * (ra - rb)).normalized();
    m.addVertex(a + ra * radial, n);
    m.addVertex(b + rb * radial, n);
  }
  for (int k = 0; k < slices; ++k) {
    const auto i = std::uint32_t(2 * k);
    m.addTriangle(i, i + 2, i + 1);
    m.addTriangle(i + 1, i + 2, i + 3);
  }
  auto cap = [&](const Vector3& centre, double r, const Vector3& n, bool flip) {
    if (r <= 0) return;
    const auto c = std::uint32_t(m.vertexCount());
    m.addVertex(centre, n);
    for (int k = 0; k < slices; ++k) {
      const double phi = 2 * kPi * double(k) / double(slices);
      m.addVertex(centre + r * (std::cos(phi) * u + std::sin(phi) * v), n);
    }
    for (int k = 0; k < slices; ++k) {
      const std::uint32_t p = c + 1 + std::uint32_t(k), q = c + 1 + std::uint32_t((k + 1) % slices);
      if (flip) m.addTriangle(c, q, p);
      else m.addTriangle(c, p, q);
    }
  };
  if (capA) cap(a, ra, -w, true);
  if (capB) cap(b, rb, w, false);
  return m;
}

TriangleMesh sphereMesh(const Vector3& centre, double r, int rings, int slices, unsigned octants) {
  TriangleMesh m;
  if (r <= 0) return m;
  const int rq = std::max(2, rings / 2), sq = std::max(2, slices / 4);
  for (unsigned o = 0; o < 8; ++o) {
    if (!(octants & (1u << o))) continue;
    // Octant o: polar angle theta in [0, pi/2] (z >= 0) or [pi/2, pi]; azimuth phi in the quadrant.
    const double th0 = (o & 4) ? 0.0 : kPi / 2;
    const bool xp = o & 1, yp = o & 2;
    const double ph0 = xp ? (yp ? 0.0 : -kPi / 2) : (yp ? kPi / 2 : kPi);
    const auto base = std::uint32_t(m.vertexCount());
    for (int i = 0; i <= rq; ++i) {
      const double th = th0 + (kPi / 2) * double(i) / double(rq);
      for (int j = 0; j <= sq; ++j) {
        const double ph = ph0 + (kPi / 2) * double(j) / double(sq);
        const Vector3 n(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th));
        m.addVertex(centre + r * n, n);
      }
    }
    for (int i = 0; i < rq; ++i)
      for (int j = 0; j < sq; ++j) {
        const std::uint32_t a = base + std::uint32_t(i * (sq + 1) + j), b = a + 1, c = a + std::uint32_t(sq + 1), d = c + 1;
        // At a pole a row is one point: its triangle would be degenerate.
        const double th = th0 + (kPi / 2) * double(i) / double(rq), th1 = th0 + (kPi / 2) * double(i + 1) / double(rq);
        if (std::sin(th) > 1e-12) m.addTriangle(a, c, b);
        if (std::sin(th1) > 1e-12) m.addTriangle(b, c, d);
      }
  }
  return m;
}

TriangleMesh boxMesh(const Vector3& centre, const Matrix3& axes, const Vector3& e) {
  TriangleMesh m;
  const Vector3 h = 0.5 * e;
  for (int f = 0; f < 6; ++f) {
    const int k = f / 2;
    const double s = (f % 2) ? 1.0 : -1.0;
    const Vector3 n = s * axes.col(k);
    const Vector3 a = axes.col((k + 1) % 3) * h[(k + 1) % 3], b = axes.col((k + 2) % 3) * h[(k + 2) % 3];
    const Vector3 c = centre + n * h[k];
    const auto i = std::uint32_t(m.vertexCount());
    m.addVertex(c - a - b, n);
    m.addVertex(c + a - b, n);
    m.addVertex(c + a + b, n);
    m.addVertex(c - a + b, n);
    // (a, b, n) is right-handed for s = +1: counter-clockwise seen from outside.
    if (s > 0) {
      m.addTriangle(i, i + 1, i + 2);
      m.addTriangle(i, i + 2, i + 3);
    } else {
      m.addTriangle(i, i + 2, i + 1);
      m.addTriangle(i, i + 3, i + 2);
    }
  }
  return m;
}

std::string toObj(const TriangleMesh& mesh, const std::string& comment) {
  std::ostringstream s;
  s.imbue(std::locale::classic());
  s.precision(7);
  std::istringstream lines(comment);
  for (std::string line; std::getline(lines, line);) s << "# " << line << "\n";
  for (int k = 0; k < mesh.vertexCount(); ++k)
    s << "v " << mesh.positions[std::size_t(3 * k)] << ' ' << mesh.positions[std::size_t(3 * k + 1)] << ' '
      << mesh.positions[std::size_t(3 * k + 2)] << "\n";
  for (int k = 0; k < mesh.vertexCount(); ++k)
    s << "vn " << mesh.normals[std::size_t(3 * k)] << ' ' << mesh.normals[std::size_t(3 * k + 1)] << ' '
      << mesh.normals[std::size_t(3 * k + 2)] << "\n";
  for (int t = 0; t < mesh.triangleCount(); ++t) {
    s << 'f';
    for (int c = 0; c < 3; ++c) {
      const auto i = mesh.indices[std::size_t(3 * t + c)] + 1;
      s << ' ' << i << "//" << i;
    }
    s << "\n";
  }
  return s.str();
}

std::array<int, 3> RobotShapes::colour(int k) {
  static const std::array<std::array<int, 3>, 6> links = {{{232, 132, 36},    // orange
                                                           {70, 128, 200},    // steel blue
                                                           {236, 196, 52},    // yellow
                                                           {84, 170, 104},    // green
                                                           {160, 104, 200},   // violet
                                                           {208, 210, 216}}};  // light grey
  if (k <= 0) return {92, 96, 108};
  return links[std::size_t((k - 1) % int(links.size()))];
}

namespace {

/// generateRobotShapes step by step: the sizes, where each link leaves its joint's axis and where the
/// base is, then the parts (the base, the housings and hubs, the links, the tool), each added to out_.
class ArmShapeBuilder {
 public:
  ArmShapeBuilder(const Model& model, const RobotShapeOptions& opt)
      : model_(model), opt_(opt), n_(model.nq), sl_(std::max(8, opt.slices)) {}
  RobotShapes build();

 private:
  bool hasMesh(int i) const { return std::size_t(i) < opt_.bodyHasMesh.size() && opt_.bodyHasMesh[std::size_t(i)]; }
  void sizeJoints();
  void placeLinks();
  void placeBase();
  void add(int body, ShapeRole role, int colour, TriangleMesh mesh);
  void tube(int body, ShapeRole role, int colour, const std::vector<Vector3>& path, double ra, double rb);
  void housing(int j, const Transform& place, double along);
  Vector3 jointEnd(int j, const Transform& place) const;
  double drawBase();
  void drawLinks(double along0);
  void drawTool(int i);
  double rootColumn(int j, double along);
  void perpendicularTo(int j, int c, double& foot, Vector3& arrive) const;
  void drawLeafEnd(int i);
  int firstChild(int j) const {
    const auto& c = children_[std::size_t(j + 1)];
    return c.empty() ? -1 : c.front();
  }

  const Model& model_;
  const RobotShapeOptions& opt_;
  const int n_, sl_;
  RobotShapes out_;
  const std::vector<double>& R_ = out_.jointRadius;
  double L_ = 0, r0_ = 0;  ///< the characteristic length; the base's radius (joint 1's before its scaling)
  std::vector<double> h_, foot_;
  std::vector<Vector3> arrive_;  ///< Q_j: where link j arrives on axis j+1 (in R_j)
  Vector3 axis0_ = Vector3::UnitZ();
  bool vertical0_ = false;
  /// children_[i + 1]: the joints whose parent is body i (children_[0]: those on the base), in order. In a
  /// chain joint j's only child is j+1: every loop below then does the chain's operations in its order.
  std::vector<std::vector<int>> children_;
};

RobotShapes ArmShapeBuilder::build() {
  if (n_ == 0) return out_;
  children_.assign(std::size_t(n_ + 1), {});
  for (int j = 0; j < n_; ++j) {
    const int p = std::size_t(j) < model_.parent.size() ? model_.parent[std::size_t(j)] : j - 1;
    children_[std::size_t(p + 1)].push_back(j);
  }
  sizeJoints();
  placeLinks();
  placeBase();
  const double along0 = drawBase();
  housing(0, model_.placement[0], along0);
  drawLinks(along0);
  return std::move(out_);
}

// Characteristic length and joint radii.
void ArmShapeBuilder::sizeJoints() {
  const Model& model = model_;
  const int n = n_;
  double L = model.tool.p.norm();
  for (int i = 1; i < n; ++i) L = std::max(L, model.placement[std::size_t(i)].p.norm());
  if (L < 1e-6) L = 0.5;
  L_ = out_.characteristicLength = L;
  const double r0 = r0_ = 0.16 * L;
  double total = 0;
  for (const auto& b : model.body) total += std::max(0.0, b.mass);
  out_.jointRadius.resize(std::size_t(n));
  if (!model.isChain()) {
    // A tree: joint i carries its subtree (the bodies i and below it); without masses, linear in the depth.
    std::vector<double> sub(std::size_t(n), 0.0);
    std::vector<int> depth(std::size_t(n), 0);
    int deepest = 1;
    for (int i = 0; i < n; ++i) {
      const int p = model.parent[std::size_t(i)];
      depth[std::size_t(i)] = p < 0 ? 0 : depth[std::size_t(p)] + 1;
      deepest = std::max(deepest, depth[std::size_t(i)]);
    }
    for (int i = n - 1; i >= 0; --i) {
      sub[std::size_t(i)] += std::max(0.0, model.body[std::size_t(i)].mass);
      const int p = model.parent[std::size_t(i)];
      if (p >= 0) sub[std::size_t(p)] += sub[std::size_t(i)];
    }
    for (int i = 0; i < n; ++i)
      out_.jointRadius[std::size_t(i)] =
          r0 * (total > 0 ? std::clamp(std::cbrt(sub[std::size_t(i)] / total), 0.4, 1.0)
                          : 1.0 - 0.5 * double(depth[std::size_t(i)]) / double(deepest));
    return;
  }
  double carried = total;
  for (int i = 0; i < n; ++i) {
    const double f = total > 0 ? std::clamp(std::cbrt(carried / total), 0.4, 1.0)
                               : 1.0 - 0.5 * double(i) / double(std::max(1, n - 1));
    out_.jointRadius[std::size_t(i)] = r0 * f;
    carried -= std::max(0.0, model.body[std::size_t(i)].mass);
  }
}

// Where each link leaves its joint's axis: H_j = (0, 0, h_j) in R_j, the foot on axis j of the common
// perpendicular to axis j+1 (to the tool for the last link). Between parallel axes the perpendicular
// may slide along them: it is put where the next link leaves the next axis (resolved from the tool
// back), so that an offset along parallel axes (the Puma's shoulder offset) is drawn at the joint
// that carries it. The housing and the hub of joint j sit at H_j; the piece of axis j between where
// the previous link arrives and H_j is drawn by the previous body (it is a cylinder on the axis of a
// revolute joint: the same whatever q_j), so that a base column or a shoulder stub stays put. A
// prismatic joint's link starts at its origin (it slides with it: ram and sleeve below).
void ArmShapeBuilder::placeLinks() {
  const Model& model = model_;
  const int n = n_;
  std::vector<double>& h = h_;
  std::vector<double>& foot = foot_;
  h.assign(std::size_t(n), 0.0);
  foot.assign(std::size_t(n), 0.0);
  arrive_.resize(static_cast<std::size_t>(n));
  for (int j = n - 1; j >= 0; --j) {
    // In a tree the link goes to the first child (the others branch off it, drawLinks); a leaf that
    // does not carry the tool ends at its origin.
    const int c = firstChild(j);
    if (j == n - 1) {
      h[std::size_t(j)] = foot[std::size_t(j)] = model.tool.p.z();
    } else if (c < 0) {
      h[std::size_t(j)] = foot[std::size_t(j)] = 0.0;
      arrive_[std::size_t(j)] = Vector3::Zero();
    } else {
      // h_c is already final here (0 for a prismatic joint or a body drawn by a mesh file).
      perpendicularTo(j, c, foot[std::size_t(j)], arrive_[std::size_t(j)]);
      h[std::size_t(j)] = foot[std::size_t(j)];
    }
    // A prismatic joint's link starts at its origin; a body drawn by a mesh file draws its own link from
    // its origin (nothing generated may cover it).
    if (!model.isRevolute(j) || hasMesh(j)) h[std::size_t(j)] = 0.0;
  }
}

// Where body j's link leaves axis j (the height `foot` in R_j) and arrives on the axis of its child c
// (`arrive`, in R_j): the common perpendicular of the two axes, slid to H_c between parallel axes.
void ArmShapeBuilder::perpendicularTo(int j, int c, double& foot, Vector3& arrive) const {
  (void)j;
  const Transform& next = model_.placement[std::size_t(c)];
  const Vector3 u = next.R.col(2);
  const Vector3 target = next.p + h_[std::size_t(c)] * u;
  Vector3 P, Q;
  if (std::abs(std::abs(u.z()) - 1.0) < 1e-9) {  // parallel (or the same line)
    P = Vector3(0, 0, target.z());
    Q = target;
  } else {
    commonPerpendicular(next.p, u, P, Q);
  }
  foot = P.z();
  arrive = Q;
}

// Where the base is: the floor, and a pedestal when the first link leaves at shoulder height.
void ArmShapeBuilder::placeBase() {
  const Model& model = model_;
  const Transform& p0 = model.placement[0];
  axis0_ = p0.R.col(2);
  const bool gravityDown = model.gravity.norm() > 0 && model.gravity.normalized().dot(-Vector3::UnitZ()) > 0.99;
  vertical0_ = std::abs(axis0_.z()) > 0.99;
  const Vector3 H0 = p0.apply(Vector3(0, 0, h_[0]));
  out_.pedestal = !opt_.floatingBase && gravityDown && vertical0_ && H0.z() < 0.6 * L_;
  out_.floorZ = out_.pedestal ? std::min(0.0, H0.z()) - 1.5 * L_ : 0.0;
}

void ArmShapeBuilder::add(int body, ShapeRole role, int colour, TriangleMesh mesh) {
  if (mesh.empty()) return;
  for (auto& part : out_.parts)
    if (part.body == body && part.role == role && part.colour == colour) {
      part.mesh.append(mesh);
      return;
    }
  out_.parts.push_back({body, role, colour, std::move(mesh)});
}

// A path of straight pieces with a radius linear in the length along it and spheres at the bends.
void ArmShapeBuilder::tube(int body, ShapeRole role, int colour, const std::vector<Vector3>& path, double ra, double rb) {
  std::vector<Vector3> pts;
  for (const auto& x : path)
    if (pts.empty() || (x - pts.back()).norm() > 1e-9) pts.push_back(x);
  double length = 0;
  for (std::size_t k = 1; k < pts.size(); ++k) length += (pts[k] - pts[k - 1]).norm();
  double s = 0;
  for (std::size_t k = 1; k < pts.size(); ++k) {
    const double len = (pts[k] - pts[k - 1]).norm();
    const double rs = length > 0 ? ra + (rb - ra) * s / length : ra;
    const double re = length > 0 ? ra + (rb - ra) * (s + len) / length : rb;
    add(body, role, colour, frustumMesh(pts[k - 1], pts[k], rs, re, sl_, k == 1, k + 1 == pts.size()));
    if (k + 1 < pts.size()) add(body, role, colour, sphereMesh(pts[k], re, 16, sl_));
    s += len;
  }
}

// Joint j's housing on its carrier (body j-1, or the base), at `place` * H_j along the axis; the hub
// on body j; for a prismatic joint the sleeve and the ram.
void ArmShapeBuilder::housing(int j, const Transform& place, double along) {
  const Model& model = model_;
  const int sl = sl_;
  const int carrier = model.parent[std::size_t(j)];  // body lambda(j): j-1 in a chain
  const int colour = carrier + 1;                    // the carrier's colour (body c -> index c+1; the base -> 0)
  const double r = R_[std::size_t(j)];
  const Vector3 u = place.R.col(2);
  // A body drawn by a mesh file has its own housings and hub.
  const bool carrierMesh = carrier >= 0 && hasMesh(carrier), ownMesh = hasMesh(j);
  if (model.isRevolute(j)) {
    const Vector3 c = place.p + along * u;
    if (!carrierMesh)
      add(carrier, ShapeRole::Housing, colour, frustumMesh(c - r * u, c + r * u, 1.18 * r, 1.18 * r, sl));
    if (!ownMesh)
      add(j, ShapeRole::Hub, j + 1,
          frustumMesh(Vector3(0, 0, along - 1.22 * r), Vector3(0, 0, along + 1.22 * r), 0.96 * r, 0.96 * r, sl));
    return;
  }
  // Sleeve around [lower - h, lower] of the axis; the ram (on body j) from the origin back over the
  // stroke and the sleeve, so that it stays in the sleeve over the stroke.
  const auto& lim = model.limits[std::size_t(j)];
  const bool bounded = std::isfinite(lim.lower) && lim.lower > -1e299 && std::isfinite(lim.upper) && lim.upper < 1e299;
  const double lower = bounded ? lim.lower : 0.0;
  const double stroke = bounded ? std::max(lim.upper - lim.lower, 0.0) : 0.5 * L_;
  const double hs = 2.4 * r;
  if (!carrierMesh)
    add(carrier, ShapeRole::Housing, colour, boxMesh(place.p + (lower - 0.5 * hs) * u, place.R, Vector3(2.3 * r, 2.3 * r, hs)));
  const double ramLen = stroke + hs + 0.2 * r;
  if (!ownMesh)
    add(j, ShapeRole::Ram, j + 1, boxMesh(Vector3(0, 0, -0.5 * ramLen), Matrix3::Identity(), Vector3(1.3 * r, 1.3 * r, ramLen)));
}

// Where the carrier's link ends for joint j: H_j (revolute) or the sleeve's centre (prismatic).
Vector3 ArmShapeBuilder::jointEnd(int j, const Transform& place) const {
  const Vector3 u = place.R.col(2);
  if (model_.isRevolute(j)) return place.p + h_[std::size_t(j)] * u;
  const auto& lim = model_.limits[std::size_t(j)];
  const double lower = std::isfinite(lim.lower) && lim.lower > -1e299 ? lim.lower : 0.0;
  return place.p + (lower - 1.2 * R_[std::size_t(j)]) * u;
}

// Base: a flange on the floor, the column up to joint 1's housing (lifted onto the floor when it
// would sink into it). Returns where joint 1's housing sits along its axis.
double ArmShapeBuilder::drawBase() {
  const Transform& p0 = model_.placement[0];
  const double r0 = r0_;
  const int sl = sl_;
  double along0 = h_[0];
  (void)p0;
  if (!opt_.floatingBase) {
    const double fr = 2.1 * r0, ft = 0.14 * r0;
    add(-1, ShapeRole::Base, 0, frustumMesh(Vector3(0, 0, out_.floorZ), Vector3(0, 0, out_.floorZ + ft), fr, fr * 0.94, sl));
    along0 = rootColumn(0, along0);
  }
  return along0;
}

// The base's column up to the housing of joint j, a joint on the base (joint 1, or in a tree another
// joint whose parent is the base: a column of its own from the floor below it). Returns where j's housing
// sits along its axis.
double ArmShapeBuilder::rootColumn(int j, double along) {
  const Transform& p0 = model_.placement[std::size_t(j)];
  const Vector3 axis = p0.R.col(2);
  const bool vertical = std::abs(axis.z()) > 0.99;
  const double r0 = r0_, ft = 0.14 * r0;
  const int sl = sl_;
  const double rj = R_[std::size_t(j)];
  if (vertical && model_.isRevolute(j)) {
    const double sign = axis.z() > 0 ? 1.0 : -1.0;
    const double bottom = p0.p.z() + sign * along - rj;
    if (bottom < out_.floorZ + ft) along += sign * (out_.floorZ + ft - bottom);  // sits on the flange
    const Vector3 top = p0.apply(Vector3(0, 0, along)) - rj * Vector3::UnitZ();
    if (j > 0 && top.z() > out_.floorZ + 1e-9) {  // another joint on the base: a flange of its own
      const double fr = 2.1 * r0;
      add(-1, ShapeRole::Base, 0,
          frustumMesh(Vector3(top.x(), top.y(), out_.floorZ), Vector3(top.x(), top.y(), out_.floorZ + ft), fr, fr * 0.94, sl));
    }
    if (top.z() > out_.floorZ + ft + 1e-9)
      add(-1, ShapeRole::Base, 0,
          frustumMesh(Vector3(top.x(), top.y(), out_.floorZ), top, (out_.pedestal ? 1.35 : 1.25) * r0, 1.1 * r0, sl));
  } else {
    // Joint 1's column starts at the base origin's foot; another joint's below its own origin.
    const Vector3 foot = j == 0 ? Vector3(0, 0, out_.floorZ) : Vector3(p0.p.x(), p0.p.y(), out_.floorZ);
    tube(-1, ShapeRole::Base, 0, {foot, p0.p, jointEnd(j, p0)}, 1.1 * r0, 1.1 * r0);
  }
  return along;
}

// Links, the housings they carry, the tool.
void ArmShapeBuilder::drawLinks(double along0) {
  const int n = n_;
  // The other joints on the base (a tree), each on a column of its own.
  std::vector<double> along(std::size_t(n), 0.0);
  along[0] = along0;
  for (const int j : children_[0])
    if (j > 0) {
      along[std::size_t(j)] = opt_.floatingBase ? h_[std::size_t(j)] : rootColumn(j, h_[std::size_t(j)]);
      housing(j, model_.placement[std::size_t(j)], along[std::size_t(j)]);
    }
  for (int i = 0; i < n; ++i) {
    const auto& kids = children_[std::size_t(i + 1)];
    for (const int c : kids) housing(c, model_.placement[std::size_t(c)], h_[std::size_t(c)]);
    if (hasMesh(i)) continue;
    const double ra = 0.78 * R_[std::size_t(i)];
    const bool onBase = model_.parent[std::size_t(i)] < 0;
    const Vector3 start(0, 0, onBase ? along[std::size_t(i)] : h_[std::size_t(i)]);
    if (!kids.empty()) {
      // The first child's link (the chain's), then a branch to every other child from the same start.
      for (std::size_t k = 0; k < kids.size(); ++k) {
        const int c = kids[k];
        double foot = foot_[std::size_t(i)];
        Vector3 arrive = arrive_[std::size_t(i)];
        if (k > 0) perpendicularTo(i, c, foot, arrive);
        const Transform& next = model_.placement[std::size_t(c)];
        tube(i, ShapeRole::Link, i + 1, {start, Vector3(0, 0, foot), arrive, jointEnd(c, next)}, ra,
             0.78 * R_[std::size_t(c)]);
      }
      continue;
    }
    if (i + 1 < n) {  // a leaf that does not carry the tool: a flange and a gripper on its axis
      drawLeafEnd(i);
      continue;
    }
    tube(i, ShapeRole::Link, i + 1, {start, Vector3(0, 0, foot_[std::size_t(i)]), model_.tool.p}, ra, 0.8 * ra);
    drawTool(i);
  }
}

// The end of a branch that does not carry the tool frame (a tree's other arms): a short link along its z
// axis, a flange and, when asked, the gripper drawn as at the tool.
void ArmShapeBuilder::drawLeafEnd(int i) {
  const int sl = sl_;
  const double rl = R_[std::size_t(i)];
  const Vector3 z = Vector3::UnitZ();
  const Vector3 f0 = 1.25 * rl * z;
  tube(i, ShapeRole::Link, i + 1, {Vector3::Zero(), f0}, 0.78 * rl, 0.7 * rl);
  add(i, ShapeRole::Tool, 0, frustumMesh(f0 - 0.12 * rl * z, f0 + 0.12 * rl * z, 1.05 * rl, 1.05 * rl, sl));
  if (opt_.gripper) {
    const double palmH = 0.5 * rl;
    add(i, ShapeRole::Tool, 0, boxMesh(f0 + (0.12 * rl + 0.5 * palmH) * z, Matrix3::Identity(), Vector3(2.2 * rl, 0.9 * rl, palmH)));
    for (double side : {-1.0, 1.0}) {
      const Vector3 c = f0 + (0.12 * rl + palmH + 0.8 * rl) * z + side * 0.85 * rl * Vector3::UnitX();
      add(i, ShapeRole::Tool, 0, boxMesh(c, Matrix3::Identity(), Vector3(0.28 * rl, 0.7 * rl, 1.6 * rl)));
    }
  }
}

// Tool flange and gripper along the tool's z, beyond the last housing when the tool point is in it
// (on body i, the last).
void ArmShapeBuilder::drawTool(int i) {
  const Transform& T = model_.tool;
  const int sl = sl_;
  const double rl = R_[std::size_t(n_ - 1)];
  const Vector3 z = T.R.col(2);
  const double offset = (T.p - Vector3(0, 0, h_[std::size_t(i)])).norm() < 1.5 * rl ? 1.25 * rl : 0.0;
  const Vector3 f0 = T.p + offset * z;
  add(i, ShapeRole::Tool, 0, frustumMesh(f0 - 0.12 * rl * z, f0 + 0.12 * rl * z, 1.05 * rl, 1.05 * rl, sl));
  if (opt_.gripper) {
    const double palmH = 0.5 * rl;
    add(i, ShapeRole::Tool, 0, boxMesh(f0 + (0.12 * rl + 0.5 * palmH) * z, T.R, Vector3(2.2 * rl, 0.9 * rl, palmH)));
    for (double side : {-1.0, 1.0}) {
      const Vector3 c = f0 + (0.12 * rl + palmH + 0.8 * rl) * z + side * 0.85 * rl * T.R.col(0);
      add(i, ShapeRole::Tool, 0, boxMesh(c, T.R, Vector3(0.28 * rl, 0.7 * rl, 1.6 * rl)));
    }
  }
}

}  // namespace

RobotShapes generateRobotShapes(const Model& model, const RobotShapeOptions& opt) { return ArmShapeBuilder(model, opt).build(); }

}  // namespace maniplab::ui
