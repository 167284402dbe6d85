// The Qt 3D robot view (robot_view.hpp).
//
// Scene layout. Qt 3D's orbit camera controller orbits about a fixed +y up axis, while the model's world
// is z up; the scene therefore has a root entity in Qt's y-up space (camera, lights) and under it a
// "world" entity rotated by -90 deg about x (world z -> Qt y). Everything robot-related lives under the
// world entity with transforms in the model's own coordinates:
//   world
//    |- robot root (rebuilt by setRobot): floor grid, base plate, world triad,
//    |    body i entities (QTransform = data.oMi): joint axis + arrow, frame triad (in the convention's
//    |    link frame bodyToLink_i), centre-of-mass sphere, description geometry (box/cylinder/sphere/mesh;
//    |    a body drawn by a mesh file that was found has no default link segments after it);
//    |    tool entity (QTransform = data.oMtool): small triad;
//    |    link segments (unit cylinders, QTransform recomputed from the two end frames each pose)
//    |- trails (line strips with preallocated buffers)
// setConfiguration only runs forward kinematics into preallocated Data and writes QTransform
// translation/rotation/scale; no entity is created per frame.
#include "maniplab/ui/robot_view.hpp"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QNode>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QConeMesh>
#include <Qt3DExtras/QCuboidMesh>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QForwardRenderer>
#include <Qt3DExtras/QOrbitCameraController>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DExtras/QSphereMesh>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QDirectionalLight>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QMesh>
#include <Qt3DRender/QRenderSettings>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QQuaternion>
#include <QUrl>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>
#include <vector>

#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"

namespace maniplab::ui {

namespace {

using Qt3DCore::QEntity;
using TransformNode = Qt3DCore::QTransform;

QVector3D toQ(const Vector3& v) { return QVector3D(float(v.x()), float(v.y()), float(v.z())); }

QQuaternion toQuat(const Matrix3& R) {
  QMatrix3x3 m;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m(r, c) = float(R(r, c));
  return QQuaternion::fromRotationMatrix(m);
}

void setPose(TransformNode* t, const Transform& T) {
  t->setRotation(toQuat(T.R));
  t->setTranslation(toQ(T.p));
}

// Qt 3D's cylinder and cone meshes are along +y; this maps +y onto +z.
const QQuaternion kYtoZ = QQuaternion::fromAxisAndAngle(1, 0, 0, 90);
const QQuaternion kYtoX = QQuaternion::fromAxisAndAngle(0, 0, 1, -90);

constexpr double kEps = 1e-9;

// Closest points between the z axis of frame A (through its origin) and the line c + t u (both in A):
// P on the z axis, Q on the line. Parallel lines: P is the projection of c on the z axis, Q = c.
void commonPerpendicular(const Vector3& c, const Vector3& u, Vector3& P, Vector3& Q) {
  const Vector3 z = Vector3::UnitZ();
  const double b = z.dot(u), e = u.dot(u);
  const double denom = e - b * b;  // |z|^2 = 1
  if (denom < 1e-10) {
    P = Vector3(0, 0, c.z());
    Q = c;
    return;
  }
  const Vector3 r = -c;  // p1 - p2 with p1 = 0
  const double cc = z.dot(r), f = u.dot(r);
  const double s = (b * f - cc * e) / denom;
  const double t = (f - b * cc) / denom;
  P = s * z;
  Q = c + t * u;
}

struct Trail {
  QEntity* entity = nullptr;
  Qt3DCore::QBuffer* positions = nullptr;
  Qt3DRender::QGeometryRenderer* renderer = nullptr;
  QByteArray bytes;  // kTrailCapacity * 3 floats
  int count = 0;
  Vector3 last = Vector3::Constant(1e300);
  bool dirty = false;
};

}  // namespace

struct RobotView::Impl {
  RobotView* self = nullptr;
  Qt3DExtras::Qt3DWindow* window = nullptr;
  QWidget* container = nullptr;
  QEntity* root = nullptr;   // Qt y-up space
  QEntity* world = nullptr;  // model z-up space
  QEntity* robotRoot = nullptr;
  Qt3DRender::QCamera* camera = nullptr;
  Qt3DExtras::QOrbitCameraController* controller = nullptr;

  bool hasRobot = false;
  Model model;
  Data data, dataDesired;

  std::vector<TransformNode*> bodyTf;
  TransformNode* toolTf = nullptr;
  struct Segment {
    int frameA = -1, frameB = -1;  // -1 world, 0..n-1 bodies, n tool
    Vector3 pA = Vector3::Zero(), pB = Vector3::Zero();
    float radius = 0.01f;
    TransformNode* tf = nullptr;
    QEntity* entity = nullptr;
    bool visible = true;
  };
  std::vector<Segment> segments;
  std::vector<Qt3DRender::QMesh*> meshes;  ///< the loaded visual meshes (inspection)
  std::vector<bool> bodyHasMesh;
  std::vector<QEntity*> triads, coms, axes;
  bool showFrames = false, showComs = true, showAxes = true;

  Trail actual, desired;
  qint64 updates = 0;
  Vector3 centre = Vector3::Zero();
  double radius = 1.0;

  // ---------------------------------------------------------------------------------------------------
  const Transform& frame(int k, const Data& d) const {
    static const Transform identity;
    if (k < 0) return identity;
    if (k >= model.nq) return d.oMtool;
    return d.oMi[std::size_t(k)];
  }

  static Qt3DExtras::QPhongMaterial* solid(const QColor& c, Qt3DCore::QNode* parent) {
    auto* m = new Qt3DExtras::QPhongMaterial(parent);
    m->setDiffuse(c);
    m->setAmbient(c.darker(300));
    m->setSpecular(QColor(60, 60, 60));
    m->setShininess(40);
    return m;
  }
  // Material for lines. The geometry carries constant world-up normals, lit by the key light from above
  // (Qt 3D 6.4's RHI Phong shader showed lines as black with an ambient-only colour, so the colour is
  // given as diffuse; about 75 % of it is shown).
  static Qt3DExtras::QPhongMaterial* lineMaterial(const QColor& c, Qt3DCore::QNode* parent) {
    auto* m = new Qt3DExtras::QPhongMaterial(parent);
    m->setAmbient(c);
    m->setDiffuse(c);
    m->setSpecular(Qt::black);
    return m;
  }

  static QEntity* makeEntity(QEntity* parent, Qt3DCore::QComponent* mesh, Qt3DCore::QComponent* material,
                             TransformNode** tfOut = nullptr) {
    auto* e = new QEntity(parent);
    auto* tf = new TransformNode;
    e->addComponent(mesh);
    e->addComponent(material);
    e->addComponent(tf);
    if (tfOut) *tfOut = tf;
    return e;
  }

  // A line geometry (Lines or LineStrip) with position and constant-normal attributes.
  static Qt3DRender::QGeometryRenderer* lineGeometry(QEntity* owner, const QByteArray& positions,
                                                     int vertices, Qt3DRender::QGeometryRenderer::PrimitiveType t,
                                                     Qt3DCore::QBuffer** posBufferOut = nullptr) {
    auto* geometry = new Qt3DCore::QGeometry(owner);
    auto* posBuf = new Qt3DCore::QBuffer(geometry);
    posBuf->setData(positions);
    auto* pos = new Qt3DCore::QAttribute(geometry);
    pos->setName(Qt3DCore::QAttribute::defaultPositionAttributeName());
    pos->setVertexBaseType(Qt3DCore::QAttribute::Float);
    pos->setVertexSize(3);
    pos->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
    pos->setBuffer(posBuf);
    pos->setByteStride(3 * sizeof(float));
    pos->setCount(uint(vertices));
    geometry->addAttribute(pos);
    QByteArray normals(qsizetype(vertices) * 3 * qsizetype(sizeof(float)), Qt::Uninitialized);
    auto* nf = reinterpret_cast<float*>(normals.data());
    for (int i = 0; i < vertices; ++i) { nf[3 * i] = 0; nf[3 * i + 1] = 0; nf[3 * i + 2] = 1; }
    auto* nBuf = new Qt3DCore::QBuffer(geometry);
    nBuf->setData(normals);
    auto* nrm = new Qt3DCore::QAttribute(geometry);
    nrm->setName(Qt3DCore::QAttribute::defaultNormalAttributeName());
    nrm->setVertexBaseType(Qt3DCore::QAttribute::Float);
    nrm->setVertexSize(3);
    nrm->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
    nrm->setBuffer(nBuf);
    nrm->setByteStride(3 * sizeof(float));
    nrm->setCount(uint(vertices));
    geometry->addAttribute(nrm);
    auto* r = new Qt3DRender::QGeometryRenderer(owner);
    r->setGeometry(geometry);
    r->setPrimitiveType(t);
    r->setVertexCount(vertices);
    if (posBufferOut) *posBufferOut = posBuf;
    return r;
  }

  void makeTrail(Trail& tr, const QColor& c) {
    tr.entity = new QEntity(world);
    tr.bytes = QByteArray(qsizetype(kTrailCapacity) * 3 * qsizetype(sizeof(float)), '\0');
    tr.renderer = lineGeometry(tr.entity, tr.bytes, kTrailCapacity,
                               Qt3DRender::QGeometryRenderer::LineStrip, &tr.positions);
    tr.entity->addComponent(tr.renderer);
    tr.entity->setEnabled(false);
    tr.entity->addComponent(lineMaterial(c, tr.entity));
    tr.count = 0;
  }

  // Appends to the CPU copy; the GPU buffer is uploaded at most once per event-loop pass (flushTrails).
  // (Qt 3D 6.4's QBuffer::updateData queues every partial update in a QVariantList property until the
  // next frame, which makes many small updates per frame quadratic.)
  void appendTrail(Trail& tr, const Vector3& p) {
    if (!tr.entity) return;
    if ((p - tr.last).norm() < 1e-5 * std::max(radius, 0.1)) return;  // no duplicates when at rest
    tr.last = p;
    auto* f = reinterpret_cast<float*>(tr.bytes.data());
    if (tr.count == kTrailCapacity) {  // drop the oldest tenth at once
      const int drop = kTrailCapacity / 10;
      std::memmove(f, f + 3 * drop, std::size_t(kTrailCapacity - drop) * 3 * sizeof(float));
      tr.count -= drop;
    }
    float* v = f + 3 * tr.count;
    v[0] = float(p.x()); v[1] = float(p.y()); v[2] = float(p.z());
    ++tr.count;
    tr.dirty = true;
    scheduleFlush();
  }

  bool flushPending = false;
  void scheduleFlush() {
    if (flushPending) return;
    flushPending = true;
    QMetaObject::invokeMethod(self, [this] { flushTrails(); }, Qt::QueuedConnection);
  }
  void flushTrails() {
    flushPending = false;
    for (Trail* tr : {&actual, &desired}) {
      if (!tr->dirty || !tr->positions) continue;
      tr->dirty = false;
      tr->positions->setData(tr->bytes);  // implicitly shared: the next append detaches (one copy)
      setTrailCount(*tr);
    }
  }

  // A vertex count of 0 means "all of the attribute" to Qt 3D: short trails are disabled instead.
  static void setTrailCount(Trail& tr) {
    if (!tr.renderer) return;
    tr.entity->setEnabled(tr.count >= 2);
    if (tr.count >= 2) tr.renderer->setVertexCount(tr.count);
  }

  void clearTrail(Trail& tr) {
    tr.count = 0;
    tr.last = Vector3::Constant(1e300);
    tr.dirty = false;
    setTrailCount(tr);
  }

  // ---------------------------------------------------------------------------------------------------
  void buildScene() {
    window = new Qt3DExtras::Qt3DWindow;
    window->defaultFrameGraph()->setClearColor(backgroundColor());
    window->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
    container = QWidget::createWindowContainer(window, self);
    container->setMinimumSize(200, 150);
    container->setFocusPolicy(Qt::StrongFocus);
    auto* layout = new QHBoxLayout(self);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(container);

    root = new QEntity;
    camera = window->camera();
    camera->lens()->setPerspectiveProjection(45.0f, 4.0f / 3.0f, 0.01f, 1000.0f);
    camera->setUpVector(QVector3D(0, 1, 0));
    camera->setPosition(QVector3D(2, 1.5f, 2.5f));
    camera->setViewCenter(QVector3D(0, 0, 0));

    controller = new Qt3DExtras::QOrbitCameraController(root);
    controller->setCamera(camera);
    controller->setLinearSpeed(2.0f);
    controller->setLookSpeed(180.0f);

    // Key light from above-front, fill light from below-behind (Qt y-up space).
    auto addLight = [&](const QVector3D& dir, float intensity) {
      auto* e = new QEntity(root);
      auto* l = new Qt3DRender::QDirectionalLight(e);
      l->setWorldDirection(dir);
      l->setColor(Qt::white);
      l->setIntensity(intensity);
      e->addComponent(l);
    };
    addLight(QVector3D(-0.4f, -1.0f, -0.6f), 0.9f);
    addLight(QVector3D(0.6f, 0.3f, 0.8f), 0.35f);

    world = new QEntity(root);
    auto* worldTf = new TransformNode;
    worldTf->setRotation(QQuaternion::fromAxisAndAngle(1, 0, 0, -90));  // z up -> Qt y up
    world->addComponent(worldTf);

    makeTrail(actual, QColor(255, 140, 40));
    makeTrail(desired, QColor(80, 200, 255));
    window->setRootEntity(root);
  }

  QVector3D toQtSpace(const QVector3D& w) const { return QVector3D(w.x(), w.z(), -w.y()); }
  QVector3D fromQtSpace(const QVector3D& q) const { return QVector3D(q.x(), -q.z(), q.y()); }

  // Bounding sphere (centre of the bounding box) of the base origin, joint origins and tool origin.
  static void boundsOf(const std::vector<Vector3>& pts, Vector3& c, double& r) {
    Vector3 lo = pts[0], hi = pts[0];
    for (const auto& p : pts) { lo = lo.cwiseMin(p); hi = hi.cwiseMax(p); }
    c = 0.5 * (lo + hi);
    r = 0;
    for (const auto& p : pts) r = std::max(r, (p - c).norm());
  }
  static void appendOrigins(const Data& d, std::vector<Vector3>& pts) {
    pts.push_back(d.oMtool.p);
    for (const auto& T : d.oMi) pts.push_back(T.p);
  }

  void computeBounds() {
    Data d(model);
    forwardKinematics(model, d, model.home);
    std::vector<Vector3> pts{Vector3::Zero()};
    appendOrigins(d, pts);
    double r = 0;
    boundsOf(pts, centre, r);
    radius = std::max(r, 0.1);
  }

  void addSegment(int fa, const Vector3& pa, int fb, const Vector3& pb, float r, QEntity* parent,
                  Qt3DCore::QComponent* mesh, Qt3DCore::QComponent* mat) {
    // constant zero-length segments (intersecting / coincident axes) are not drawn at all
    if (fa == fb && (pa - pb).norm() < 1e-7) return;
    Segment s;
    s.frameA = fa; s.frameB = fb; s.pA = pa; s.pB = pb;
    s.radius = r * (1.0f + 0.06f * float(segments.size() % 3));  // collinear overlaps do not z-fight
    s.entity = makeEntity(parent, mesh, mat, &s.tf);
    segments.push_back(s);
  }

  // Path from the origin of frame A (on its z axis) to the origin of frame B, whose axis is the line
  // (c, u) in A: along A's axis to the common perpendicular, along it, then along B's axis.
  void addLinkPath(int fa, const Transform& placementB, int fb, float r, QEntity* parent,
                   Qt3DCore::QComponent* mesh, Qt3DCore::QComponent* mat) {
    Vector3 P, Q;
    commonPerpendicular(placementB.p, placementB.R.col(2), P, Q);
    addSegment(fa, Vector3::Zero(), fa, P, r, parent, mesh, mat);
    addSegment(fa, P, fa, Q, r, parent, mesh, mat);
    addSegment(fa, Q, fb, Vector3::Zero(), r, parent, mesh, mat);
  }

  QEntity* makeTriad(QEntity* parent, float length, float r, Qt3DCore::QComponent* cyl,
                     Qt3DCore::QComponent* red, Qt3DCore::QComponent* green, Qt3DCore::QComponent* blue) {
    auto* triad = new QEntity(parent);
    auto* tt = new TransformNode;
    triad->addComponent(tt);
    const struct { QQuaternion q; QVector3D at; Qt3DCore::QComponent* m; } arms[3] = {
        {kYtoX, QVector3D(length / 2, 0, 0), red},
        {QQuaternion(), QVector3D(0, length / 2, 0), green},
        {kYtoZ, QVector3D(0, 0, length / 2), blue}};
    for (const auto& a : arms) {
      TransformNode* tf = nullptr;
      makeEntity(triad, cyl, a.m, &tf);
      tf->setRotation(a.q);
      tf->setTranslation(a.at);
      tf->setScale3D(QVector3D(r, length, r));
    }
    return triad;
  }

  void buildRobot(const RobotDescription& desc) {
    delete robotRoot;
    robotRoot = new QEntity(world);
    segments.clear(); bodyTf.clear(); triads.clear(); coms.clear(); axes.clear(); meshes.clear();
    bodyHasMesh.assign(std::size_t(model.nq), false);
    toolTf = nullptr;
    const int n = model.nq;
    computeBounds();
    const double s = radius;
    const float linkR = float(0.05 * s), axisR = float(0.065 * s), axisL = float(0.24 * s);
    const float triadL = float(0.3 * s), triadR = float(0.012 * s);

    // Shared meshes (unit size, scaled by transforms) and materials.
    auto* cyl = new Qt3DExtras::QCylinderMesh(robotRoot);
    cyl->setRadius(1); cyl->setLength(1); cyl->setRings(2); cyl->setSlices(24);
    auto* cone = new Qt3DExtras::QConeMesh(robotRoot);
    cone->setBottomRadius(1); cone->setTopRadius(0); cone->setLength(1); cone->setSlices(24);
    cone->setHasBottomEndcap(true);
    auto* sphere = new Qt3DExtras::QSphereMesh(robotRoot);
    sphere->setRadius(1); sphere->setRings(16); sphere->setSlices(24);
    auto* linkMat = solid(QColor(200, 205, 215), robotRoot);
    auto* revMat = solid(QColor(235, 160, 40), robotRoot);
    auto* prisMat = solid(QColor(60, 200, 170), robotRoot);
    auto* comMat = solid(QColor(230, 60, 200), robotRoot);
    auto* red = solid(QColor(230, 50, 50), robotRoot);
    auto* green = solid(QColor(60, 200, 60), robotRoot);
    auto* blue = solid(QColor(70, 110, 255), robotRoot);

    // Floor grid at z = 0 and base plate.
    {
      const double step = s < 0.6 ? 0.05 : s < 3 ? 0.1 : s < 15 ? 0.5 : 1.0;
      const int half = int(std::ceil(2.0 * std::max(s + std::abs(centre.x()), s + std::abs(centre.y())) / step));
      std::vector<float> v;
      const float ext = float(half * step);
      for (int k = -half; k <= half; ++k) {
        const float c = float(k * step);
        v.insert(v.end(), {c, -ext, 0, c, ext, 0, -ext, c, 0, ext, c, 0});
      }
      const int nv = int(v.size() / 3);
      QByteArray bytes(reinterpret_cast<const char*>(v.data()), qsizetype(v.size() * sizeof(float)));
      auto* grid = new QEntity(robotRoot);
      grid->addComponent(lineGeometry(grid, bytes, nv, Qt3DRender::QGeometryRenderer::Lines));
      grid->addComponent(lineMaterial(QColor(52, 57, 66), grid));

      TransformNode* tf = nullptr;
      makeEntity(robotRoot, cyl, solid(QColor(70, 75, 85), robotRoot), &tf);
      const float plateR = float(0.18 * s), plateH = float(0.02 * s);
      tf->setRotation(kYtoZ);
      tf->setTranslation(QVector3D(0, 0, -plateH / 2 - 0.001f * float(s)));
      tf->setScale3D(QVector3D(plateR, plateH, plateR));
    }
    // World triad.
    triads.push_back(makeTriad(robotRoot, triadL * 1.3f, triadR * 1.3f, cyl, red, green, blue));

    double mmax = 0;
    for (const auto& b : model.body) mmax = std::max(mmax, b.mass);
    for (int i = 0; i < n; ++i) {
      auto* body = new QEntity(robotRoot);
      auto* tf = new TransformNode;
      body->addComponent(tf);
      bodyTf.push_back(tf);
      // joint axis: a cylinder along z centred on the origin, with an arrow head at +z
      auto* axis = new QEntity(body);
      axis->addComponent(new TransformNode);
      const bool rev = model.isRevolute(i);
      TransformNode* at = nullptr;
      makeEntity(axis, cyl, rev ? revMat : prisMat, &at);
      at->setRotation(kYtoZ);
      at->setScale3D(QVector3D(axisR, axisL, axisR));
      makeEntity(axis, cone, rev ? revMat : prisMat, &at);
      at->setRotation(kYtoZ);
      at->setTranslation(QVector3D(0, 0, axisL / 2 + 0.5f * axisR * 1.6f));
      at->setScale3D(QVector3D(axisR * 0.9f, axisR * 1.6f, axisR * 0.9f));
      axes.push_back(axis);
      // frame triad in the convention's link frame
      auto* triad = makeTriad(body, triadL, triadR, cyl, red, green, blue);
      const Transform toLink = std::size_t(i) < model.bodyToLink.size() ? model.bodyToLink[std::size_t(i)] : Transform();
      for (auto* c : triad->components())
        if (auto* t = qobject_cast<TransformNode*>(c)) setPose(t, toLink);
      triads.push_back(triad);
      // centre of mass
      const auto& b = model.body[std::size_t(i)];
      if (b.mass > 0 && mmax > 0) {
        TransformNode* ct = nullptr;
        auto* ce = makeEntity(body, sphere, comMat, &ct);
        const float r = float(std::max(0.11 * s * std::cbrt(b.mass / mmax), 0.02 * s));
        ct->setTranslation(toQ(b.com));
        ct->setScale3D(QVector3D(r, r, r));
        coms.push_back(ce);
      }
      // description geometry, in the link frame
      if (std::size_t(i) < desc.joints.size())
        bodyHasMesh[std::size_t(i)] = addGeometry(body, toLink, desc.joints[std::size_t(i)].geometry, desc.sourceFile);
    }
    auto* tool = new QEntity(robotRoot);
    toolTf = new TransformNode;
    tool->addComponent(toolTf);
    makeTriad(tool, triadL * 0.8f, triadR * 1.2f, cyl, red, green, blue);  // always shown

    // Links: base pedestal, joint-to-joint paths, last joint to tool; the mesh of a body replaces the
    // path that leaves it.
    if (n > 0) {
      addLinkPath(-1, model.placement[0], 0, linkR, robotRoot, cyl, linkMat);
      for (int i = 0; i + 1 < n; ++i)
        if (!bodyHasMesh[std::size_t(i)])
          addLinkPath(i, model.placement[std::size_t(i + 1)], i + 1, linkR, robotRoot, cyl, linkMat);
      if (!bodyHasMesh[std::size_t(n - 1)]) {
        const Vector3 tp = model.tool.p;
        addSegment(n - 1, Vector3::Zero(), n - 1, Vector3(0, 0, tp.z()), linkR * 0.8f, robotRoot, cyl, linkMat);
        addSegment(n - 1, Vector3(0, 0, tp.z()), n, Vector3::Zero(), linkR * 0.8f, robotRoot, cyl, linkMat);
      }
    }
    applyVisibility();
  }

  /// Resolves a mesh path: absolute, else relative to the robot file's directory, else to the working
  /// directory. Empty when not found.
  static QString meshFile(const std::string& mesh, const std::string& robotFile) {
    const QString m = QString::fromStdString(mesh);
    if (m.isEmpty()) return {};
    if (QFileInfo(m).isAbsolute()) return QFileInfo(m).isFile() ? m : QString();
    if (!robotFile.empty()) {
      const QFileInfo rel(QFileInfo(QString::fromStdString(robotFile)).absoluteDir(), m);
      if (rel.isFile()) return rel.absoluteFilePath();
    }
    return QFileInfo(m).isFile() ? QFileInfo(m).absoluteFilePath() : QString();
  }

  /// Adds the description geometry of a body; true when it is a mesh file that was found.
  bool addGeometry(QEntity* body, const Transform& toLink, const LinkGeometry& g, const std::string& robotFile) {
    if (g.shape.empty()) return false;
    const QColor color = g.color.empty() ? QColor(150, 160, 175) : QColor(QString::fromStdString(g.color));
    auto* mat = solid(color.isValid() ? color : QColor(150, 160, 175), body);
    Qt3DCore::QComponent* mesh = nullptr;
    QVector3D scale(1, 1, 1);
    QQuaternion extra;
    if (g.shape == "box") {
      auto* m = new Qt3DExtras::QCuboidMesh(body);
      m->setXExtent(float(g.size.x())); m->setYExtent(float(g.size.y())); m->setZExtent(float(g.size.z()));
      mesh = m;
    } else if (g.shape == "cylinder") {  // along z of its frame, centred
      auto* m = new Qt3DExtras::QCylinderMesh(body);
      m->setRadius(float(g.radius)); m->setLength(float(g.length)); m->setSlices(32);
      mesh = m;
      extra = kYtoZ;
    } else if (g.shape == "sphere") {
      auto* m = new Qt3DExtras::QSphereMesh(body);
      m->setRadius(float(g.radius)); m->setSlices(32); m->setRings(16);
      mesh = m;
    } else if (g.shape == "mesh") {
      // STL, OBJ, PLY (Qt 3D's own loaders) and DAE/FBX… when Qt's Assimp scene-parser plugin is
      // installed. A file that is not found keeps the default link drawing.
      const QString file = meshFile(g.mesh, robotFile);
      if (file.isEmpty()) return false;
      auto* m = new Qt3DRender::QMesh(body);
      m->setSource(QUrl::fromLocalFile(file));
      meshes.push_back(m);
      mesh = m;
      if (!g.size.isZero()) scale = QVector3D(float(g.size.x()), float(g.size.y()), float(g.size.z()));
    } else {
      return false;
    }
    TransformNode* tf = nullptr;
    makeEntity(body, mesh, mat, &tf);
    const Transform T = toLink * g.origin;
    tf->setRotation(toQuat(T.R) * extra);
    tf->setTranslation(toQ(T.p));
    tf->setScale3D(scale);
    return g.shape == "mesh";
  }

  void applyVisibility() {
    for (auto* e : triads) e->setEnabled(showFrames);
    for (auto* e : coms) e->setEnabled(showComs);
    for (auto* e : axes) e->setEnabled(showAxes);
  }

  void applyPose() {
    for (int i = 0; i < model.nq; ++i) setPose(bodyTf[std::size_t(i)], data.oMi[std::size_t(i)]);
    if (toolTf) setPose(toolTf, data.oMtool);
    static const QVector3D yAxis(0, 1, 0);
    for (auto& s : segments) {
      const Vector3 a = frame(s.frameA, data).apply(s.pA), b = frame(s.frameB, data).apply(s.pB);
      const Vector3 d = b - a;
      const double len = d.norm();
      const bool vis = len > 1e-7;
      if (vis != s.visible) { s.entity->setEnabled(vis); s.visible = vis; }
      if (!vis) { s.tf->setTranslation(toQ(a)); continue; }
      s.tf->setTranslation(toQ(Vector3(0.5 * (a + b))));
      s.tf->setRotation(QQuaternion::rotationTo(yAxis, toQ(Vector3(d / len))));
      s.tf->setScale3D(QVector3D(s.radius, float(len), s.radius));
    }
  }
};

// -----------------------------------------------------------------------------------------------------
RobotView::RobotView(QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>()) {
  d->self = this;
  d->buildScene();
}

RobotView::~RobotView() = default;

void RobotView::setRobot(const Model& model, const RobotDescription& description) {
  d->model = model;
  d->data = Data(model);
  d->dataDesired = Data(model);
  d->hasRobot = true;
  d->clearTrail(d->actual);
  d->clearTrail(d->desired);
  d->buildRobot(description);
  forwardKinematics(d->model, d->data, d->model.home);
  d->applyPose();
}

void RobotView::setConfiguration(const VectorX& q) {
  if (!d->hasRobot || q.size() != d->model.nq) return;
  forwardKinematics(d->model, d->data, q);
  d->applyPose();
  d->appendTrail(d->actual, d->data.oMtool.p);
  ++d->updates;
}

void RobotView::setDesiredConfiguration(const VectorX& qDesired) {
  if (!d->hasRobot || qDesired.size() != d->model.nq) return;
  forwardKinematics(d->model, d->dataDesired, qDesired);
  d->appendTrail(d->desired, d->dataDesired.oMtool.p);
}

void RobotView::clearTrails() {
  d->clearTrail(d->actual);
  d->clearTrail(d->desired);
}

void RobotView::fitToRobot() {
  // Home pose (robotCentre/robotRadius) and the current pose, so that the robot is seen as it stands.
  Vector3 centre = Vector3::Zero();
  double radius = 1.0;
  if (d->hasRobot) {
    Data home(d->model);
    forwardKinematics(d->model, home, d->model.home);
    std::vector<Vector3> pts{Vector3::Zero()};
    Impl::appendOrigins(home, pts);
    Impl::appendOrigins(d->data, pts);
    Impl::boundsOf(pts, centre, radius);
    radius = std::max(radius, d->radius);
  }
  const QVector3D c = toQ(centre);
  const float r = float(radius * 1.18);  // margin for the link and joint cylinders
  const float fovV = d->camera->fieldOfView() * std::numbers::pi_v<float> / 180.0f;
  const float aspect = std::max(0.1f, d->camera->aspectRatio());
  const float fovH = 2.0f * std::atan(std::tan(fovV / 2) * aspect);
  const float dist = r / std::sin(std::min(fovV, fovH) / 2);
  const QVector3D dirWorld = QVector3D(1.0f, -1.3f, 0.75f).normalized();  // front-right, above
  const QVector3D eye = c + dist * dirWorld;
  d->camera->setUpVector(QVector3D(0, 1, 0));
  d->camera->setPosition(d->toQtSpace(eye));
  d->camera->setViewCenter(d->toQtSpace(c));
  d->camera->setNearPlane(std::max(1e-3f, dist / 200));
  d->camera->setFarPlane(dist * 20 + 10 * r);
  d->controller->setLinearSpeed(2.0f * r);
  d->controller->setZoomInLimit(0.2f * r);
}

void RobotView::setShowFrames(bool on) { d->showFrames = on; d->applyVisibility(); }
void RobotView::setShowCentresOfMass(bool on) { d->showComs = on; d->applyVisibility(); }
void RobotView::setShowJointAxes(bool on) { d->showAxes = on; d->applyVisibility(); }
qint64 RobotView::updatesApplied() const { return d->updates; }

bool RobotView::hasRobot() const { return d->hasRobot; }
QMatrix4x4 RobotView::bodyTransform(int i) const {
  if (i < 0 || std::size_t(i) >= d->bodyTf.size()) return {};
  return d->bodyTf[std::size_t(i)]->matrix();
}
QMatrix4x4 RobotView::toolTransform() const { return d->toolTf ? d->toolTf->matrix() : QMatrix4x4(); }
int RobotView::linkSegmentCount() const { return int(d->segments.size()); }
QStringList RobotView::meshSources() const {
  QStringList out;
  for (const auto* m : d->meshes) out << m->source().toLocalFile();
  return out;
}
int RobotView::meshesReady() const {
  int k = 0;
  for (const auto* m : d->meshes) k += m->status() == Qt3DRender::QMesh::Ready ? 1 : 0;
  return k;
}
std::pair<QVector3D, QVector3D> RobotView::linkSegmentEnds(int k) const {
  if (k < 0 || k >= linkSegmentCount()) return {};
  const auto& s = d->segments[std::size_t(k)];
  if (!s.visible) return {s.tf->translation(), s.tf->translation()};
  const QMatrix4x4 m = s.tf->matrix();
  return {m.map(QVector3D(0, -0.5f, 0)), m.map(QVector3D(0, 0.5f, 0))};
}
int RobotView::actualTrailSize() const { return d->actual.count; }
int RobotView::desiredTrailSize() const { return d->desired.count; }
QVector3D RobotView::robotCentre() const { return toQ(d->centre); }
float RobotView::robotRadius() const { return float(d->radius); }
QVector3D RobotView::cameraPosition() const { return d->fromQtSpace(d->camera->position()); }
QVector3D RobotView::cameraViewCenter() const { return d->fromQtSpace(d->camera->viewCenter()); }
QPointF RobotView::projectToViewport(const QVector3D& w) const {
  const QVector4D clip = d->camera->projectionMatrix() * d->camera->viewMatrix() *
                         QVector4D(d->toQtSpace(w), 1.0f);
  if (std::abs(clip.w()) < 1e-12f) return {1e9, 1e9};
  return {clip.x() / clip.w(), clip.y() / clip.w()};
}
QColor RobotView::backgroundColor() { return QColor(38, 42, 50); }

}  // namespace maniplab::ui
