// The Qt 3D robot view (robot_view.hpp).
//
// Scene layout. Qt 3D's orbit camera controller orbits about a fixed +y up axis, while the model's world
// is z up; the scene therefore has a root entity in Qt's y-up space (camera, lights) and under it a
// "world" entity rotated by -90 deg about x (world z -> Qt y). Everything robot-related lives under the
// world entity with transforms in the model's own coordinates:
//   world
//    |- robot root (rebuilt by setRobot): floor grid, world triad,
//    |    base parts (flange, pedestal, joint 1's housing: robot_shapes.hpp),
//    |    body i entities (QTransform = data.oMi): the body's generated shape (tapered link, the housing
//    |    of the next joint, the hub of its own joint, a prismatic ram, the tool's flange and gripper;
//    |    robot_shapes.hpp, rigid in R_i), joint axis + arrow, frame triad (in the convention's link
//    |    frame bodyToLink_i), description geometry (box/cylinder/sphere/mesh; a body drawn by a mesh
//    |    file that was found has no generated link after it);
//    |    tool entity (QTransform = data.oMtool): small triad;
//    |    centre-of-mass markers (the black and white quartered ball, volume proportional to the body's
//    |    mass; QTransform = data.oMi * com) in the overlay layer: the frame graph draws that layer in a
//    |    second pass after clearing the depth buffer, so that they show through the links that contain them
//    |- trails (line strips with preallocated buffers)
// The link skeleton (linkSegmentEnds: base to joint origins to the tool along the common
// perpendiculars) is kept as points for inspection; it is what the generated links follow.
// setConfiguration only runs forward kinematics into preallocated Data and writes QTransform
// translation/rotation; no entity is created per frame.
//
// Floating base: the robot root holds the floor grid and the world triad; a "mount" entity under it
// (QTransform = the base pose world <- C_0) holds the base box and triad, the bodies, the tool and the
// link segments, which keep their base-coordinate transforms. For a fixed-base serial robot the mount
// stays at the identity, so the serial path is unchanged.
// Orthoglide: robot root = grid, workspace cube, rails, carriages (QTransform = frame 1_i), leg parts
// (unit cylinders between two world points of orthoglideChainFrames, recomputed each pose), revolute
// joint spheres and the platform (QTransform = P, the tool transform).
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
#include <Qt3DExtras/QPhongAlphaMaterial>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DExtras/QSphereMesh>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QCullFace>
#include <Qt3DRender/QDepthTest>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QTechnique>
#include <Qt3DRender/QDirectionalLight>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QFrustumCulling>
#include <Qt3DRender/QLayer>
#include <Qt3DRender/QLayerFilter>
#include <Qt3DRender/QRenderSurfaceSelector>
#include <Qt3DRender/QTechniqueFilter>
#include <Qt3DRender/QViewport>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QMesh>
#include <Qt3DRender/QRenderSettings>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QSurfaceFormat>
#include <QQuaternion>
#include <QUrl>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>
#include <vector>

#include <Eigen/Eigenvalues>

#include "maniplab/model/data.hpp"
#include "maniplab/model/forward_kinematics.hpp"
#include "maniplab/model/orthoglide_kinematics.hpp"
#include "maniplab/model/orthoglide_tables.hpp"
#include "maniplab/ui/robot_shapes.hpp"

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

// True when OpenGL is a software rasterizer (Mesa's llvmpipe or softpipe, as under Xvfb without a GPU).
bool softwareOpenGL() {
  QOffscreenSurface surface;
  surface.create();
  QOpenGLContext context;
  if (!surface.isValid() || !context.create() || !context.makeCurrent(&surface)) return false;
  const auto* r = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
  const QByteArray renderer = r ? QByteArray(r).toLower() : QByteArray();
  context.doneCurrent();
  return renderer.contains("llvmpipe") || renderer.contains("softpipe") || renderer.contains("software rasterizer") ||
         renderer.contains("swrast");
}

// Multisampling of the 3D view: 4x with a GPU; none with a software rasterizer, where 4x made each frame
// 2.5 times as expensive (Puma 560 at 800 x 600 under Xvfb: 24 ms instead of 9.6 ms of CPU per frame,
// maniplab-gui-bench). MANIPLAB_3D_SAMPLES=<n> chooses.
int surfaceSamples() {
  static const int samples = [] {
    bool ok = false;
    const int env = qEnvironmentVariableIntValue("MANIPLAB_3D_SAMPLES", &ok);
    if (ok) return std::max(0, env);
    return softwareOpenGL() ? 0 : 4;
  }();
  return samples;
}

struct Trail {
  QEntity* entity = nullptr;
  Qt3DCore::QBuffer* positions = nullptr;
  Qt3DRender::QGeometryRenderer* renderer = nullptr;
  QByteArray bytes;  // kTrailCapacity * 3 floats
  int count = 0;
  Vector3 last = Vector3::Constant(1e300);
  bool dirty = false;
  bool shown = true;  ///< View menu toggle (points keep being recorded while hidden)
};

}  // namespace

const QColor kGhostColour(215, 235, 255);  // the ghost robot (RobotView::setGhostConfiguration)

struct RobotView::Impl {
  RobotView* self = nullptr;
  Qt3DExtras::Qt3DWindow* window = nullptr;
  QWidget* container = nullptr;
  QEntity* root = nullptr;   // Qt y-up space
  QEntity* world = nullptr;  // model z-up space
  QEntity* robotRoot = nullptr;
  Qt3DRender::QLayer* overlayLayer = nullptr;  ///< drawn after the scene, over it
  Qt3DRender::QCamera* camera = nullptr;
  Qt3DExtras::QOrbitCameraController* controller = nullptr;

  bool hasRobot = false;
  Kind kind = Kind::None;
  Model model;
  Data data, dataDesired;

  // Floating base: the mount entity carries everything attached to C_0.
  QEntity* mount = nullptr;
  TransformNode* mountTf = nullptr;
  Transform base;                       ///< world <- C_0
  double baseMass = 0;
  Vector3 baseCom = Vector3::Zero();
  Matrix3 baseInertia = Matrix3::Zero();
  Vector3 baseBox = Vector3::Zero();    ///< box extents (principal axes)
  Matrix3 baseBoxAxes = Matrix3::Identity();

  // Orthoglide.
  OrthoglideModel og;
  Vector3 ogL = Vector3::Zero(), ogP = Vector3::Zero(), ogDesiredP = Vector3::Zero();
  std::array<std::array<Transform, 9>, 3> ogFrames{};
  std::vector<Vector3> ogBoundsPts;

  std::vector<TransformNode*> bodyTf;
  TransformNode* toolTf = nullptr;
  struct Segment {
    int frameA = -1, frameB = -1;  // -1 world, 0..n-1 bodies, n tool
    Vector3 pA = Vector3::Zero(), pB = Vector3::Zero();
    float radius = 0.01f;
    TransformNode* tf = nullptr;
    QEntity* entity = nullptr;
    bool visible = true;
    QVector3D endA, endB;  ///< as last placed (mount coordinates)
  };
  std::vector<Segment> segments;
  std::array<std::array<Segment, kOrthoglidePartCount>, 3> ogParts{};
  std::array<TransformNode*, 3> ogCarriageTf{};
  std::array<std::array<TransformNode*, 5>, 3> ogJointTf{};
  std::vector<Qt3DRender::QMesh*> meshes;  ///< the loaded visual meshes (inspection)
  std::vector<bool> bodyHasMesh;
  std::vector<QEntity*> triads, coms, axes;
  std::vector<TransformNode*> comTf;   ///< world <- centre of mass of body comBody[k]
  std::vector<int> comBody;
  std::vector<Vector3> comPoint;       ///< in R_i
  RobotShapes shapes;                  ///< the generated geometry of the serial arm
  bool showFrames = false, showComs = true, showAxes = true, showGrid = true;
  QEntity* grid = nullptr;  ///< the floor grid of the current robot

  // The ghost: a translucent copy of the arm (its generated links, not the base) posed by a second run.
  QEntity* ghostRoot = nullptr;  ///< under the mount (built hidden with the robot)
  std::vector<TransformNode*> ghostTf;
  Data ghostData;
  bool ghostShown = false;

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
    tr.entity->setEnabled(tr.shown && tr.count >= 2);
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
    {
      // Qt3DWindow asks for 4x multisampling, and makes it the default format of the application.
      QSurfaceFormat f = window->format();
      f.setSamples(surfaceSamples());
      window->setFormat(f);
      QSurfaceFormat::setDefaultFormat(f);
    }
    // The frame graph: Qt3DExtras' forward renderer (technique "renderingStyle" = "forward", surface,
    // viewport, camera, clear, frustum culling) drawing everything but the overlay layer, then a second
    // branch (no clear) that draws the overlay layer after it: the centre-of-mass markers, which lie
    // inside the links, with materials that ignore the depth buffer (and cull their back faces), so
    // that they show on top. (A depth-only clear between the two does not work with Qt 3D's RHI
    // renderer, which clears once per pass.)
    root = new QEntity;
    overlayLayer = new Qt3DRender::QLayer(root);
    overlayLayer->setRecursive(true);
    {
      auto* graph = new Qt3DRender::QTechniqueFilter;
      auto* key = new Qt3DRender::QFilterKey(graph);
      key->setName(QStringLiteral("renderingStyle"));
      key->setValue(QStringLiteral("forward"));
      graph->addMatch(key);
      auto* surface = new Qt3DRender::QRenderSurfaceSelector(graph);
      surface->setSurface(window);
      auto* viewport = new Qt3DRender::QViewport(surface);
      viewport->setNormalizedRect(QRectF(0, 0, 1, 1));
      auto* cameraSelector = new Qt3DRender::QCameraSelector(viewport);
      cameraSelector->setCamera(window->camera());
      auto* clear = new Qt3DRender::QClearBuffers(cameraSelector);
      clear->setBuffers(Qt3DRender::QClearBuffers::ColorDepthBuffer);
      clear->setClearColor(backgroundColor());
      auto* culling = new Qt3DRender::QFrustumCulling(clear);
      auto* sceneFilter = new Qt3DRender::QLayerFilter(culling);
      sceneFilter->addLayer(overlayLayer);
      sceneFilter->setFilterMode(Qt3DRender::QLayerFilter::DiscardAnyMatchingLayers);
      auto* overlayFilter = new Qt3DRender::QLayerFilter(cameraSelector);
      overlayFilter->addLayer(overlayLayer);
      overlayFilter->setFilterMode(Qt3DRender::QLayerFilter::AcceptAnyMatchingLayers);
      window->setActiveFrameGraph(graph);
    }
    window->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
    container = QWidget::createWindowContainer(window, self);
    container->setMinimumSize(200, 150);
    container->setFocusPolicy(Qt::StrongFocus);
    auto* layout = new QHBoxLayout(self);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(container);

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

  // Corners of the base box (base coordinates); none without a floating base.
  void appendBaseBox(const Transform& pose, std::vector<Vector3>& pts) const {
    if (kind != Kind::FloatingBase) return;
    for (int k = 0; k < 8; ++k) {
      const Vector3 c(k & 1 ? 0.5 : -0.5, k & 2 ? 0.5 : -0.5, k & 4 ? 0.5 : -0.5);
      pts.push_back(pose.apply(baseCom + baseBoxAxes * c.cwiseProduct(baseBox)));
    }
  }

  void computeBounds() {
    Data d(model);
    forwardKinematics(model, d, model.home);
    std::vector<Vector3> pts{Vector3::Zero()};
    appendOrigins(d, pts);
    appendBaseBox(Transform(), pts);
    if (shapes.pedestal) pts.push_back(Vector3(0, 0, shapes.floorZ));  // the foot of the pedestal
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
    if (parent) s.entity = makeEntity(parent, mesh, mat, &s.tf);
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

  void resetRoot() {
    delete robotRoot;
    robotRoot = new QEntity(world);
    mount = new QEntity(robotRoot);
    mountTf = new TransformNode;
    mount->addComponent(mountTf);
    base = Transform();
    setPose(mountTf, base);
    segments.clear(); bodyTf.clear(); triads.clear(); coms.clear(); axes.clear(); meshes.clear();
    comTf.clear(); comBody.clear(); comPoint.clear();
    shapes = RobotShapes{};
    ogParts = {};
    ogCarriageTf = {};
    ogJointTf = {};
    toolTf = nullptr;
    grid = nullptr;
    ghostRoot = nullptr;  // deleted with robotRoot
    ghostTf.clear();
    ghostShown = false;
  }

  /// The ghost's entities: every generated part of a body, in one translucent colour; built hidden with
  /// the robot (setRobot), posed and shown by setGhostConfiguration.
  void buildGhost() {
    ghostRoot = new QEntity(mount);
    ghostRoot->setEnabled(false);
    ghostShown = false;
    std::vector<QEntity*> bodies;
    for (int i = 0; i < model.nq; ++i) {
      auto* body = new QEntity(ghostRoot);
      auto* tf = new TransformNode;
      body->addComponent(tf);
      ghostTf.push_back(tf);
      bodies.push_back(body);
    }
    for (const auto& part : shapes.parts) {
      if (part.body < 0) continue;  // the base does not move: drawn once
      auto* e = new QEntity(bodies[std::size_t(part.body)]);
      e->addComponent(meshRenderer(e, part.mesh));
      auto* mat = new Qt3DExtras::QPhongAlphaMaterial(e);
      mat->setDiffuse(kGhostColour);
      mat->setAmbient(kGhostColour.darker(250));
      mat->setSpecular(QColor(40, 40, 40));
      mat->setAlpha(0.38f);
      e->addComponent(mat);
    }
    ghostData = Data(model);
  }

  // The floor grid (lines every `step`, about +-2 s around the centre) at height z.
  void addGrid(double s, double z) {
    const double step = s < 0.6 ? 0.05 : s < 3 ? 0.1 : s < 15 ? 0.5 : 1.0;
    const int half = int(std::ceil(2.0 * std::max(s + std::abs(centre.x()), s + std::abs(centre.y())) / step));
    std::vector<float> v;
    const float ext = float(half * step), fz = float(z);
    for (int k = -half; k <= half; ++k) {
      const float c = float(k * step);
      v.insert(v.end(), {c, -ext, fz, c, ext, fz, -ext, c, fz, ext, c, fz});
    }
    const int nv = int(v.size() / 3);
    QByteArray bytes(reinterpret_cast<const char*>(v.data()), qsizetype(v.size() * sizeof(float)));
    grid = new QEntity(robotRoot);
    grid->setEnabled(showGrid);
    grid->addComponent(lineGeometry(grid, bytes, nv, Qt3DRender::QGeometryRenderer::Lines));
    grid->addComponent(lineMaterial(QColor(52, 57, 66), grid));
  }

  // The uniform box with the base's mass and principal inertias (I_xx = m (b^2 + c^2) / 12, ...), along
  // the principal axes; zero extents (the caller draws a cube) when the inertia does not describe a box.
  void computeBaseBox() {
    Eigen::SelfAdjointEigenSolver<Matrix3> es(0.5 * (baseInertia + baseInertia.transpose()));
    const Vector3 I = es.eigenvalues();
    Vector3 ext(6 * (I[1] + I[2] - I[0]), 6 * (I[0] + I[2] - I[1]), 6 * (I[0] + I[1] - I[2]));
    const bool ok = baseMass > 0 && es.info() == Eigen::Success && ext.allFinite() && ext.minCoeff() > 0;
    if (ok) {
      baseBox = (ext / baseMass).cwiseSqrt();
      baseBoxAxes = es.eigenvectors();
      if (baseBoxAxes.determinant() < 0) baseBoxAxes.col(2) *= -1;
    } else {
      baseBox = Vector3::Zero();
      baseBoxAxes = Matrix3::Identity();
    }
  }

  // A triangle mesh (robot_shapes.hpp) as a Qt 3D geometry renderer.
  static Qt3DRender::QGeometryRenderer* meshRenderer(QEntity* owner, const TriangleMesh& m) {
    auto* geometry = new Qt3DCore::QGeometry(owner);
    auto attribute = [&](const std::vector<float>& v, const QString& name) {
      auto* buf = new Qt3DCore::QBuffer(geometry);
      buf->setData(QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.size() * sizeof(float))));
      auto* a = new Qt3DCore::QAttribute(geometry);
      a->setName(name);
      a->setVertexBaseType(Qt3DCore::QAttribute::Float);
      a->setVertexSize(3);
      a->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
      a->setBuffer(buf);
      a->setByteStride(3 * sizeof(float));
      a->setCount(uint(m.vertexCount()));
      geometry->addAttribute(a);
    };
    attribute(m.positions, Qt3DCore::QAttribute::defaultPositionAttributeName());
    attribute(m.normals, Qt3DCore::QAttribute::defaultNormalAttributeName());
    auto* ibuf = new Qt3DCore::QBuffer(geometry);
    ibuf->setData(QByteArray(reinterpret_cast<const char*>(m.indices.data()),
                             qsizetype(m.indices.size() * sizeof(std::uint32_t))));
    auto* idx = new Qt3DCore::QAttribute(geometry);
    idx->setAttributeType(Qt3DCore::QAttribute::IndexAttribute);
    idx->setVertexBaseType(Qt3DCore::QAttribute::UnsignedInt);
    idx->setBuffer(ibuf);
    idx->setCount(uint(m.indices.size()));
    geometry->addAttribute(idx);
    auto* r = new Qt3DRender::QGeometryRenderer(owner);
    r->setGeometry(geometry);
    r->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    r->setVertexCount(int(m.indices.size()));
    return r;
  }

  static QColor paletteColour(int k) {
    const auto c = RobotShapes::colour(k);
    return QColor(c[0], c[1], c[2]);
  }

  // A material for the overlay layer: no depth test (drawn over the scene), back faces culled (a convex
  // marker then covers itself correctly without depth test).
  static Qt3DExtras::QPhongMaterial* overlayMaterial(const QColor& c, Qt3DCore::QNode* parent) {
    auto* m = solid(c, parent);
    if (auto* effect = m->effect())
      for (auto* technique : effect->techniques())
        for (auto* pass : technique->renderPasses()) {
          auto* depth = new Qt3DRender::QDepthTest(pass);
          depth->setDepthFunction(Qt3DRender::QDepthTest::Always);
          pass->addRenderState(depth);
          auto* cull = new Qt3DRender::QCullFace(pass);
          cull->setMode(Qt3DRender::QCullFace::Back);
          pass->addRenderState(cull);
        }
    return m;
  }

  void buildRobot(const RobotDescription& desc) {
    resetRoot();
    const int n = model.nq;
    // Bodies drawn by a mesh file that is found have no generated link after them.
    bodyHasMesh.assign(std::size_t(n), false);
    for (int i = 0; i < n && std::size_t(i) < desc.joints.size(); ++i) {
      const auto& g = desc.joints[std::size_t(i)].geometry;
      bodyHasMesh[std::size_t(i)] = g.shape == "mesh" && !meshFile(g.mesh, desc.sourceFile).isEmpty();
    }
    RobotShapeOptions shapeOptions;
    shapeOptions.floatingBase = kind == Kind::FloatingBase;
    shapeOptions.bodyHasMesh = bodyHasMesh;
    shapes = generateRobotShapes(model, shapeOptions);
    if (kind == Kind::FloatingBase) computeBaseBox();
    computeBounds();
    if (kind == Kind::FloatingBase && baseBox.isZero()) {  // no box inertia: a cube sized from the arm
      baseBox = Vector3::Constant(0.3 * radius);
      computeBounds();
    }
    const double s = radius;
    const double L = shapes.characteristicLength;
    const float triadL = float(0.3 * s), triadR = float(0.012 * s);

    // Shared meshes (unit size, scaled by transforms) and materials.
    auto* cyl = new Qt3DExtras::QCylinderMesh(robotRoot);
    cyl->setRadius(1); cyl->setLength(1); cyl->setRings(2); cyl->setSlices(24);
    auto* cone = new Qt3DExtras::QConeMesh(robotRoot);
    cone->setBottomRadius(1); cone->setTopRadius(0); cone->setLength(1); cone->setSlices(24);
    cone->setHasBottomEndcap(true);
    auto* revMat = solid(QColor(255, 190, 60), robotRoot);
    auto* prisMat = solid(QColor(60, 220, 190), robotRoot);
    auto* red = solid(QColor(230, 50, 50), robotRoot);
    auto* green = solid(QColor(60, 200, 60), robotRoot);
    auto* blue = solid(QColor(70, 110, 255), robotRoot);

    // Floor grid (below the base box for a floating base, at the foot of the pedestal otherwise).
    if (kind == Kind::FloatingBase) {
      std::vector<Vector3> pts;
      appendBaseBox(Transform(), pts);
      double zmin = 0;
      for (const auto& p : pts) zmin = std::min(zmin, p.z());
      addGrid(s, zmin - 0.15 * s);
      TransformNode* tf = nullptr;
      auto* box = new Qt3DExtras::QCuboidMesh(mount);
      makeEntity(mount, box, solid(QColor(120, 130, 150), mount), &tf);
      tf->setRotation(toQuat(baseBoxAxes));
      tf->setTranslation(toQ(baseCom));
      tf->setScale3D(toQ(baseBox));
      // The base's own triad (always shown: it is what shows the base turning).
      auto* bt = makeTriad(mount, triadL * 1.6f, triadR * 1.5f, cyl, red, green, blue);
      (void)bt;
    } else {
      addGrid(s, shapes.floorZ);
    }
    // World triad.
    triads.push_back(makeTriad(robotRoot, triadL * 1.3f, triadR * 1.3f, cyl, red, green, blue));

    // Generated shapes: one entity per (body, colour) part, in the body's frame.
    std::vector<QEntity*> bodies;
    for (int i = 0; i < n; ++i) {
      auto* body = new QEntity(mount);
      auto* tf = new TransformNode;
      body->addComponent(tf);
      bodyTf.push_back(tf);
      bodies.push_back(body);
    }
    for (const auto& part : shapes.parts) {
      QEntity* parent = part.body < 0 ? mount : bodies[std::size_t(part.body)];
      auto* e = new QEntity(parent);
      e->addComponent(meshRenderer(e, part.mesh));
      auto* mat = solid(paletteColour(part.colour), e);
      if (part.role == ShapeRole::Housing || part.role == ShapeRole::Base) mat->setShininess(20);
      if (part.role == ShapeRole::Hub || part.role == ShapeRole::Tool) mat->setSpecular(QColor(110, 110, 110));
      e->addComponent(mat);
    }

    for (int i = 0; i < n; ++i) {
      QEntity* body = bodies[std::size_t(i)];
      // Joint axis: a thin rod along z through the housing, with an arrow head at +z.
      const double rj = shapes.jointRadius[std::size_t(i)];
      const float axisR = float(0.12 * rj), axisL = float(3.4 * rj);
      auto* axis = new QEntity(body);
      axis->addComponent(new TransformNode);
      const bool rev = model.isRevolute(i);
      TransformNode* at = nullptr;
      makeEntity(axis, cyl, rev ? revMat : prisMat, &at);
      at->setRotation(kYtoZ);
      at->setScale3D(QVector3D(axisR, axisL, axisR));
      makeEntity(axis, cone, rev ? revMat : prisMat, &at);
      at->setRotation(kYtoZ);
      at->setTranslation(QVector3D(0, 0, axisL / 2 + 0.5f * axisR * 4.0f));
      at->setScale3D(QVector3D(axisR * 2.2f, axisR * 4.0f, axisR * 2.2f));
      axes.push_back(axis);
      // frame triad in the convention's link frame
      auto* triad = makeTriad(body, triadL, triadR, cyl, red, green, blue);
      const Transform toLink = std::size_t(i) < model.bodyToLink.size() ? model.bodyToLink[std::size_t(i)] : Transform();
      for (auto* c : triad->components())
        if (auto* t = qobject_cast<TransformNode*>(c)) setPose(t, toLink);
      triads.push_back(triad);
      // description geometry, in the link frame
      if (std::size_t(i) < desc.joints.size())
        addGeometry(body, toLink, desc.joints[std::size_t(i)].geometry, desc.sourceFile);
    }
    auto* tool = new QEntity(mount);
    toolTf = new TransformNode;
    tool->addComponent(toolTf);
    makeTriad(tool, triadL * 0.8f, triadR * 1.2f, cyl, red, green, blue);  // always shown

    // The link skeleton (inspection): base pedestal, joint-to-joint paths, last joint to the tool; the
    // mesh of a body replaces the path that leaves it.
    if (n > 0) {
      addLinkPath(-1, model.placement[0], 0, 0, nullptr, nullptr, nullptr);
      for (int i = 0; i + 1 < n; ++i)
        if (!bodyHasMesh[std::size_t(i)])
          addLinkPath(i, model.placement[std::size_t(i + 1)], i + 1, 0, nullptr, nullptr, nullptr);
      if (!bodyHasMesh[std::size_t(n - 1)]) {
        const Vector3 tp = model.tool.p;
        addSegment(n - 1, Vector3::Zero(), n - 1, Vector3(0, 0, tp.z()), 0, nullptr, nullptr, nullptr);
        addSegment(n - 1, Vector3(0, 0, tp.z()), n, Vector3::Zero(), 0, nullptr, nullptr, nullptr);
      }
    }

    // Centres of mass, last (drawn over the links): the quartered ball, volume proportional to the mass.
    double mmax = 0;
    for (const auto& b : model.body) mmax = std::max(mmax, b.mass);
    if (mmax > 0) {
      auto* layer = new QEntity(mount);
      layer->addComponent(overlayLayer);  // drawn over the links that contain them
      const TriangleMesh light = sphereMesh(Vector3::Zero(), 1.0, 16, 24, 0x69);
      const TriangleMesh dark = sphereMesh(Vector3::Zero(), 1.0, 16, 24, 0x96);
      auto* lightMat = overlayMaterial(QColor(245, 245, 245), layer);
      auto* darkMat = overlayMaterial(QColor(25, 25, 28), layer);
      lightMat->setAmbient(QColor(150, 150, 150));
      darkMat->setAmbient(QColor(15, 15, 18));
      for (int i = 0; i < n; ++i) {
        const auto& b = model.body[std::size_t(i)];
        if (!(b.mass > 0)) continue;
        auto* e = new QEntity(layer);
        auto* tf = new TransformNode;
        e->addComponent(tf);
        const double r0 = 0.16 * L;  // robot_shapes.hpp's base joint radius
        const float r = float(std::max(0.55 * r0 * std::cbrt(b.mass / mmax), 0.16 * r0));
        tf->setScale3D(QVector3D(r, r, r));
        for (auto [mesh, mat] : {std::pair{&light, lightMat}, std::pair{&dark, darkMat}}) {
          auto* half = new QEntity(e);
          half->addComponent(meshRenderer(half, *mesh));
          half->addComponent(mat);
        }
        coms.push_back(e);
        comTf.push_back(tf);
        comBody.push_back(i);
        comPoint.push_back(b.com);
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
    if (grid) grid->setEnabled(showGrid);
    for (auto* e : triads) e->setEnabled(showFrames);
    for (auto* e : coms) e->setEnabled(showComs);
    for (auto* e : axes) e->setEnabled(showAxes);
  }

  void applyPose() {
    for (int i = 0; i < model.nq; ++i) setPose(bodyTf[std::size_t(i)], data.oMi[std::size_t(i)]);
    for (std::size_t k = 0; k < comTf.size(); ++k) {
      const Transform& T = data.oMi[std::size_t(comBody[k])];
      comTf[k]->setRotation(toQuat(T.R));
      comTf[k]->setTranslation(toQ(T.apply(comPoint[k])));
    }
    if (toolTf) setPose(toolTf, data.oMtool);
    for (auto& s : segments) placeSegment(s, frame(s.frameA, data).apply(s.pA), frame(s.frameB, data).apply(s.pB));
  }

  // A unit cylinder (along +y, centred) stretched from a to b (hidden when they coincide).
  static void placeSegment(Segment& s, const Vector3& a, const Vector3& b) {
    static const QVector3D yAxis(0, 1, 0);
    s.endA = toQ(a);
    s.endB = toQ(b);
    if (!s.tf) return;  // skeleton only (serial links are generated meshes)
    const Vector3 d = b - a;
    const double len = d.norm();
    const bool vis = len > 1e-7;
    if (vis != s.visible) { s.entity->setEnabled(vis); s.visible = vis; }
    if (!vis) { s.tf->setTranslation(toQ(a)); return; }
    s.tf->setTranslation(toQ(Vector3(0.5 * (a + b))));
    s.tf->setRotation(QQuaternion::rotationTo(yAxis, toQ(Vector3(d / len))));
    s.tf->setScale3D(QVector3D(s.radius, float(len), s.radius));
  }

  // ---------------------------------------------------------------------------------------------------
  // Orthoglide (Guégan, Khalil, Chablat & Wenger 2002; frames of orthoglide_tables.hpp).
  std::pair<Vector3, Vector3> ogPartPoints(int i, OrthoglidePart part) const {
    const auto& F = ogFrames[std::size_t(i)];
    auto o = [&](int frameNumber) { return F[std::size_t(frameNumber - 1)].p; };  // origin of frame j_i
    switch (part) {
      case OrthoglidePart::Rail: {
        const auto& lim = og.chain[std::size_t(i)].limits;
        const double lo = std::isfinite(lim.lower) ? lim.lower : ogL[i] - 0.5 * og.a;
        const double hi = std::isfinite(lim.upper) ? lim.upper : ogL[i] + 0.5 * og.a;
        return {og.basePoint(i) + lo * og.actuatorAxis(i), og.basePoint(i) + hi * og.actuatorAxis(i)};
      }
      case OrthoglidePart::CarriageArm: return {o(1), o(2)};
      case OrthoglidePart::NearLink: return {o(3), o(7)};
      case OrthoglidePart::BarA: return {o(3), o(4)};
      case OrthoglidePart::BarB: return {o(7), o(8)};
      case OrthoglidePart::FarLink: return {o(4), o(8)};
      case OrthoglidePart::PlatformLink: return {o(5), o(6)};
    }
    return {};
  }

  // Sets the chain frames from the platform position (IGM); false when P is out of reach.
  bool ogSolve(const Vector3& P) {
    OrthoglideChainVariables q;
    if (!P.allFinite() || !orthoglideInverseGeometric(og, P, q)) return false;
    for (int i = 0; i < 3; ++i) {
      ogFrames[std::size_t(i)] = orthoglideChainFrames(og, i, q[std::size_t(i)]);
      ogL[i] = q[std::size_t(i)][0];
    }
    ogP = P;
    return true;
  }

  // Platform position of the actuator positions L (FGM from `guess`, then from K).
  bool ogForward(const Vector3& L, const Vector3& guess, Vector3& P) const {
    if (!L.allFinite()) return false;
    if (orthoglideForwardGeometric(og, L, guess, P)) return true;
    return orthoglideForwardGeometric(og, L, og.K(), P);
  }

  void applyOrthoglidePose() {
    for (int i = 0; i < 3; ++i) {
      for (int k = 0; k < kOrthoglidePartCount; ++k) {
        auto& seg = ogParts[std::size_t(i)][std::size_t(k)];
        if (!seg.tf) continue;
        const auto [a, b] = ogPartPoints(i, OrthoglidePart(k));
        placeSegment(seg, a, b);
      }
      const auto& F = ogFrames[std::size_t(i)];
      if (ogCarriageTf[std::size_t(i)]) setPose(ogCarriageTf[std::size_t(i)], F[0]);
      static constexpr std::array<int, 5> jointFrames{2, 4, 5, 7, 8};  // q_2 (= q_3), q_4, q_5, q_7, q_8
      for (std::size_t k = 0; k < 5; ++k)
        if (auto* t = ogJointTf[std::size_t(i)][k]) t->setTranslation(toQ(F[std::size_t(jointFrames[k] - 1)].p));
    }
    if (toolTf) toolTf->setTranslation(toQ(ogP));
  }

  void buildOrthoglide() {
    resetRoot();
    // Bounds: rails, K, the workspace cube, the legs at home.
    ogBoundsPts.clear();
    if (!ogSolve(og.home)) ogSolve(og.K());
    for (int i = 0; i < 3; ++i) {
      const auto [a, b] = ogPartPoints(i, OrthoglidePart::Rail);
      ogBoundsPts.push_back(a);
      ogBoundsPts.push_back(b);
      for (const auto& F : ogFrames[std::size_t(i)]) ogBoundsPts.push_back(F.p);
    }
    ogBoundsPts.push_back(og.K());
    const double h = 0.5 * og.workspaceSize;
    for (int k = 0; k < 8; ++k)
      ogBoundsPts.push_back(og.workspaceCenter + h * Vector3(k & 1 ? 1 : -1, k & 2 ? 1 : -1, k & 4 ? 1 : -1));
    double r = 0;
    boundsOf(ogBoundsPts, centre, r);
    radius = std::max(r, 0.1);
    const double s = radius;
    double d4 = 0, d6 = 0;
    for (const auto& c : og.chain) { d4 = std::max(d4, c.D4); d6 = std::max(d6, c.D6); }
    const float barR = float(std::clamp(0.03 * d4, 0.004 * s, 0.03 * s));
    const float railR = barR * 1.6f, jointR = barR * 1.7f;
    const float triadL = float(0.3 * s), triadR = float(0.012 * s);

    auto* cyl = new Qt3DExtras::QCylinderMesh(robotRoot);
    cyl->setRadius(1); cyl->setLength(1); cyl->setRings(2); cyl->setSlices(24);
    auto* sphere = new Qt3DExtras::QSphereMesh(robotRoot);
    sphere->setRadius(1); sphere->setRings(12); sphere->setSlices(18);
    auto* cube = new Qt3DExtras::QCuboidMesh(robotRoot);
    auto* railMat = solid(QColor(95, 100, 112), robotRoot);
    auto* carriageMat = solid(QColor(60, 200, 170), robotRoot);  // actuated prismatic: the serial colour
    auto* linkMat = solid(QColor(200, 205, 215), robotRoot);
    auto* jointMat = solid(QColor(235, 160, 40), robotRoot);      // passive revolute: the serial colour
    auto* platformMat = solid(QColor(230, 60, 200), robotRoot);
    auto* red = solid(QColor(230, 50, 50), robotRoot);
    auto* green = solid(QColor(60, 200, 60), robotRoot);
    auto* blue = solid(QColor(70, 110, 255), robotRoot);
    // Chain colours after their actuator axis (z_0, x_0, y_0): blue, red, green, lightened.
    const QColor chainColour[3] = {QColor(120, 150, 255), QColor(245, 120, 110), QColor(120, 220, 120)};

    addGrid(s, 0.0);
    triads.push_back(makeTriad(robotRoot, triadL * 1.3f, triadR * 1.3f, cyl, red, green, blue));
    // Workspace cube (lines).
    {
      std::vector<float> v;
      for (int k = 0; k < 8; ++k)
        for (int axis = 0; axis < 3; ++axis) {
          if (k & (1 << axis)) continue;
          const int k2 = k | (1 << axis);
          for (int e : {k, k2}) {
            const Vector3 p = og.workspaceCenter + h * Vector3(e & 1 ? 1 : -1, e & 2 ? 1 : -1, e & 4 ? 1 : -1);
            v.insert(v.end(), {float(p.x()), float(p.y()), float(p.z())});
          }
        }
      QByteArray bytes(reinterpret_cast<const char*>(v.data()), qsizetype(v.size() * sizeof(float)));
      auto* ws = new QEntity(robotRoot);
      ws->addComponent(lineGeometry(ws, bytes, int(v.size() / 3), Qt3DRender::QGeometryRenderer::Lines));
      ws->addComponent(lineMaterial(QColor(110, 115, 130), ws));
    }
    for (int i = 0; i < 3; ++i) {
      auto* barMat = solid(chainColour[i], robotRoot);
      for (int k = 0; k < kOrthoglidePartCount; ++k) {
        const auto part = OrthoglidePart(k);
        Segment seg;
        seg.radius = part == OrthoglidePart::Rail ? railR : part == OrthoglidePart::BarA || part == OrthoglidePart::BarB
                                                                ? barR : barR * 1.25f;
        Qt3DCore::QComponent* mat = part == OrthoglidePart::Rail ? railMat
                                    : part == OrthoglidePart::BarA || part == OrthoglidePart::BarB ? barMat
                                                                                                  : linkMat;
        seg.entity = makeEntity(robotRoot, cyl, mat, &seg.tf);
        ogParts[std::size_t(i)][std::size_t(k)] = seg;
      }
      TransformNode* ct = nullptr;
      auto* carriage = new QEntity(robotRoot);
      ogCarriageTf[std::size_t(i)] = ct = new TransformNode;
      carriage->addComponent(ct);
      TransformNode* box = nullptr;
      makeEntity(carriage, cube, carriageMat, &box);
      const float c = railR * 4.0f;
      box->setScale3D(QVector3D(c, c, c * 1.6f));  // longer along the actuator axis z_1i
      for (std::size_t k = 0; k < 5; ++k) {
        TransformNode* jt = nullptr;
        makeEntity(robotRoot, sphere, jointMat, &jt);
        jt->setScale3D(QVector3D(jointR, jointR, jointR));
        ogJointTf[std::size_t(i)][k] = jt;
      }
    }
    auto* platform = new QEntity(robotRoot);
    toolTf = new TransformNode;
    platform->addComponent(toolTf);
    TransformNode* pt = nullptr;
    makeEntity(platform, cube, platformMat, &pt);
    const float side = float(1.4 * d6 > 0 ? 1.4 * d6 : 0.05 * s);
    pt->setScale3D(QVector3D(side, side, side));
    makeTriad(platform, triadL * 0.5f, triadR, cyl, red, green, blue);  // always shown
    applyVisibility();
    applyOrthoglidePose();
  }
};

// -----------------------------------------------------------------------------------------------------
RobotView::RobotView(QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>()) {
  d->self = this;
  d->buildScene();
}

RobotView::~RobotView() = default;

RobotView::Kind RobotView::kind() const { return d->kind; }

void RobotView::setRobot(const Model& model, const RobotDescription& description) {
  d->kind = Kind::Serial;
  d->model = model;
  d->data = Data(model);
  d->dataDesired = Data(model);
  d->hasRobot = true;
  d->clearTrail(d->actual);
  d->clearTrail(d->desired);
  d->buildRobot(description);
  d->buildGhost();  // hidden; built at the first ghost pose instead, it crashed Qt 3D (QNode post-init) every other run
  forwardKinematics(d->model, d->data, d->model.home);
  d->applyPose();
}

void RobotView::setConfiguration(const VectorX& q) {
  if (!d->hasRobot || d->kind == Kind::Orthoglide || q.size() != d->model.nq) return;
  forwardKinematics(d->model, d->data, q);
  d->applyPose();
  d->appendTrail(d->actual, d->base.apply(d->data.oMtool.p));
  ++d->updates;
}

void RobotView::setDesiredConfiguration(const VectorX& qDesired) {
  if (!d->hasRobot || d->kind == Kind::Orthoglide || qDesired.size() != d->model.nq) return;
  forwardKinematics(d->model, d->dataDesired, qDesired);
  d->appendTrail(d->desired, d->base.apply(d->dataDesired.oMtool.p));
}

void RobotView::setFloatingRobot(const FloatingBaseModel& model, const RobotDescription& description) {
  d->kind = Kind::FloatingBase;
  d->baseMass = model.baseMass;
  d->baseCom = model.baseCom.allFinite() ? model.baseCom : Vector3::Zero();
  d->baseInertia = model.baseInertia.allFinite() ? model.baseInertia : Matrix3::Zero();
  d->model = model.arm;
  d->data = Data(d->model);
  d->dataDesired = Data(d->model);
  d->hasRobot = true;
  d->clearTrail(d->actual);
  d->clearTrail(d->desired);
  d->buildRobot(description);
  d->buildGhost();  // hidden; built at the first ghost pose instead, it crashed Qt 3D (QNode post-init) every other run
  forwardKinematics(d->model, d->data, d->model.home);
  d->applyPose();
}

void RobotView::setBasePose(const Transform& pose) {
  if (d->kind != Kind::FloatingBase || !pose.p.allFinite() || !pose.R.allFinite()) return;
  d->base = pose;
  setPose(d->mountTf, pose);
}

Transform RobotView::basePose() const { return d->base; }

QMatrix4x4 RobotView::baseTransform() const { return d->mountTf ? d->mountTf->matrix() : QMatrix4x4(); }

void RobotView::setOrthoglide(const OrthoglideModel& model) {
  d->kind = Kind::Orthoglide;
  d->og = model;
  d->model = Model();
  d->data = Data(d->model);
  d->dataDesired = Data(d->model);
  d->hasRobot = true;
  d->clearTrail(d->actual);
  d->clearTrail(d->desired);
  d->buildOrthoglide();
  d->ogDesiredP = d->ogP;
}

bool RobotView::setOrthoglideActuators(const Vector3& L) {
  if (d->kind != Kind::Orthoglide) return false;
  Vector3 P;
  if (!d->ogForward(L, d->ogP, P)) return false;
  return setOrthoglidePlatform(P);
}

bool RobotView::setOrthoglidePlatform(const Vector3& P) {
  if (d->kind != Kind::Orthoglide) return false;
  const auto frames = d->ogFrames;
  const Vector3 L = d->ogL, P0 = d->ogP;
  if (!d->ogSolve(P)) {  // keep the previous pose
    d->ogFrames = frames;
    d->ogL = L;
    d->ogP = P0;
    return false;
  }
  d->applyOrthoglidePose();
  d->appendTrail(d->actual, d->ogP);
  ++d->updates;
  return true;
}

bool RobotView::setOrthoglideDesiredActuators(const Vector3& Ld) {
  if (d->kind != Kind::Orthoglide) return false;
  Vector3 P;
  if (!d->ogForward(Ld, d->ogDesiredP, P)) return false;
  d->ogDesiredP = P;
  d->appendTrail(d->desired, P);
  return true;
}

bool RobotView::setOrthoglideDesiredPlatform(const Vector3& Pd) {
  if (d->kind != Kind::Orthoglide || !Pd.allFinite()) return false;
  d->ogDesiredP = Pd;
  d->appendTrail(d->desired, Pd);
  return true;
}

Vector3 RobotView::orthoglideActuatorPositions() const { return d->ogL; }
Vector3 RobotView::orthoglidePlatformPosition() const { return d->ogP; }
std::pair<Vector3, Vector3> RobotView::orthoglidePartPoints(int chain, OrthoglidePart part) const {
  if (d->kind != Kind::Orthoglide || chain < 0 || chain > 2) return {};
  return d->ogPartPoints(chain, part);
}
std::pair<QVector3D, QVector3D> RobotView::orthoglidePartEnds(int chain, OrthoglidePart part) const {
  if (d->kind != Kind::Orthoglide || chain < 0 || chain > 2 || int(part) < 0 || int(part) >= kOrthoglidePartCount)
    return {};
  const auto& s = d->ogParts[std::size_t(chain)][std::size_t(part)];
  if (!s.tf) return {};
  if (!s.visible) return {s.tf->translation(), s.tf->translation()};
  const QMatrix4x4 m = s.tf->matrix();
  return {m.map(QVector3D(0, -0.5f, 0)), m.map(QVector3D(0, 0.5f, 0))};
}
QMatrix4x4 RobotView::platformTransform() const {
  return d->kind == Kind::Orthoglide && d->toolTf ? d->toolTf->matrix() : QMatrix4x4();
}

void RobotView::clearTrails() {
  d->clearTrail(d->actual);
  d->clearTrail(d->desired);
}

void RobotView::fitToRobot() {
  // Home pose (robotCentre/robotRadius) and the current pose, so that the robot is seen as it stands.
  Vector3 centre = Vector3::Zero();
  double radius = 1.0;
  if (d->kind == Kind::Orthoglide) {
    std::vector<Vector3> pts = d->ogBoundsPts;
    for (const auto& F : d->ogFrames)
      for (const auto& T : F) pts.push_back(T.p);
    Impl::boundsOf(pts, centre, radius);
    radius = std::max(radius, 0.1);
  } else if (d->hasRobot) {
    Data home(d->model);
    forwardKinematics(d->model, home, d->model.home);
    std::vector<Vector3> pts{Vector3::Zero()};
    Impl::appendOrigins(home, pts);
    Impl::appendOrigins(d->data, pts);
    d->appendBaseBox(Transform(), pts);
    if (d->shapes.pedestal) pts.push_back(Vector3(0, 0, d->shapes.floorZ));
    for (auto& p : pts) p = d->base.apply(p);  // world (identity for a fixed base)
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
void RobotView::setShowFloorGrid(bool on) { d->showGrid = on; d->applyVisibility(); }
void RobotView::setShowDesiredTrail(bool on) {
  d->desired.shown = on;
  Impl::setTrailCount(d->desired);
}
void RobotView::setShowActualTrail(bool on) {
  d->actual.shown = on;
  Impl::setTrailCount(d->actual);
}
bool RobotView::floorGridDrawn() const { return d->grid && d->grid->isEnabled(); }
bool RobotView::desiredTrailDrawn() const { return d->desired.entity && d->desired.entity->isEnabled(); }
bool RobotView::actualTrailDrawn() const { return d->actual.entity && d->actual.entity->isEnabled(); }
qint64 RobotView::updatesApplied() const { return d->updates; }

bool RobotView::hasRobot() const { return d->hasRobot; }
int RobotView::jointCount() const { return d->kind == Kind::Orthoglide ? 0 : d->model.nq; }
void RobotView::setGhostConfiguration(const VectorX& q) {
  if (!d->hasRobot || (d->kind != Kind::Serial && d->kind != Kind::FloatingBase) || q.size() != d->model.nq ||
      !q.allFinite())
    return;
  if (!d->ghostRoot) return;
  forwardKinematics(d->model, d->ghostData, q);
  for (int i = 0; i < d->model.nq; ++i) setPose(d->ghostTf[std::size_t(i)], d->ghostData.oMi[std::size_t(i)]);
  if (!d->ghostShown) d->ghostRoot->setEnabled(true);
  d->ghostShown = true;
}

void RobotView::hideGhost() {
  if (d->ghostRoot && d->ghostShown) d->ghostRoot->setEnabled(false);
  d->ghostShown = false;
}

bool RobotView::ghostShown() const { return d->ghostShown; }

QColor RobotView::ghostColor() { return kGhostColour; }

QMatrix4x4 RobotView::ghostBodyTransform(int i) const {
  if (!d->ghostShown || i < 0 || std::size_t(i) >= d->ghostTf.size()) return {};
  return d->mountTf->matrix() * d->ghostTf[std::size_t(i)]->matrix();
}

QMatrix4x4 RobotView::bodyTransform(int i) const {
  if (i < 0 || std::size_t(i) >= d->bodyTf.size()) return {};
  return d->mountTf->matrix() * d->bodyTf[std::size_t(i)]->matrix();
}
QMatrix4x4 RobotView::toolTransform() const {
  if (!d->toolTf) return {};
  return d->kind == Kind::Orthoglide ? d->toolTf->matrix() : d->mountTf->matrix() * d->toolTf->matrix();
}
int RobotView::linkSegmentCount() const { return int(d->segments.size()); }
const RobotShapes& RobotView::shapes() const { return d->shapes; }
int RobotView::centreOfMassMarkerCount() const { return int(d->comTf.size()); }
bool RobotView::centresOfMassDrawn() const { return !d->coms.empty() && d->showComs && d->coms.front()->isEnabled(); }
std::pair<QVector3D, float> RobotView::centreOfMassMarker(int k) const {
  if (k < 0 || std::size_t(k) >= d->comTf.size()) return {};
  const auto* tf = d->comTf[std::size_t(k)];
  return {d->mountTf->matrix().map(tf->translation()), tf->scale3D().x()};
}
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
  const QMatrix4x4 mount = d->mountTf->matrix();
  return {mount.map(s.endA), mount.map(s.endB)};
}
int RobotView::actualTrailSize() const { return d->actual.count; }
int RobotView::desiredTrailSize() const { return d->desired.count; }
QVector3D RobotView::robotCentre() const { return toQ(d->centre); }
float RobotView::robotRadius() const { return float(d->radius); }
QVector3D RobotView::cameraPosition() const { return d->fromQtSpace(d->camera->position()); }
QVector3D RobotView::cameraViewCenter() const { return d->fromQtSpace(d->camera->viewCenter()); }
void RobotView::setCameraView(const QVector3D& eye, const QVector3D& centre) {
  d->camera->setUpVector(QVector3D(0, 1, 0));
  d->camera->setPosition(d->toQtSpace(eye));
  d->camera->setViewCenter(d->toQtSpace(centre));
}
QPointF RobotView::projectToViewport(const QVector3D& w) const {
  const QVector4D clip = d->camera->projectionMatrix() * d->camera->viewMatrix() *
                         QVector4D(d->toQtSpace(w), 1.0f);
  if (std::abs(clip.w()) < 1e-12f) return {1e9, 1e9};
  return {clip.x() / clip.w(), clip.y() / clip.w()};
}
QColor RobotView::backgroundColor() { return QColor(38, 42, 50); }

}  // namespace maniplab::ui
