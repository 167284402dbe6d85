// The Qt 3D robot view (robot_view.hpp).
//
// Scene layout. Qt 3D's orbit camera controller orbits about a fixed +y up axis, while the model's world
// is z up; the scene therefore has a root entity in Qt's y-up space (camera, lights) and under it a
// "world" entity rotated by -90 deg about x (world z -> Qt y). Everything robot-related lives under the
// world entity with transforms in the model's own coordinates:
//   world
//    |- robot root (rebuilt by setScene): one entity per body of the scene (QTransform = its pose in its
//    |    parent, set by the drawing), under its parent's entity or the robot root; under it one entity
//    |    per shape (its mesh or primitive, its material, its placement). Primitives of equal sizes and
//    |    equal materials are shared. Shapes of the overlay material are in the overlay layer: the frame
//    |    graph draws that layer in a second pass, so that they show through the links that contain them
//    |    (the centre-of-mass markers); ghost bodies have the ghost's translucent material.
//    |- trails (line strips with preallocated buffers)
// A pose update only writes QTransform translation/rotation (and scale): no entity is created per frame.
#include "maniplab/ui/robot_view.hpp"

#include <QLabel>
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
#include <map>
#include <vector>

#include "qt3d_node_tree.hpp"

namespace maniplab::ui {

namespace {

using Qt3DCore::QEntity;
using TransformNode = Qt3DCore::QTransform;


// True when OpenGL is a software rasterizer (Mesa's llvmpipe or softpipe, as under Xvfb without a GPU).
/// What the display offers Qt 3D: an OpenGL context at all (Qt 3D's RHI renderer dereferences a null QRhi
/// when it cannot create one: Qt 6.4, e.g. the offscreen platform or a remote X server without GLX), and
/// whether it is a software rasterizer. Probed once.
struct OpenGlProbe {
  bool available = false;
  bool software = false;
};
const OpenGlProbe& openGl() {
  static const OpenGlProbe probe = [] {
    OpenGlProbe p;
    QOffscreenSurface surface;
    surface.create();
    QOpenGLContext context;
    if (!surface.isValid() || !context.create() || !context.makeCurrent(&surface)) return p;
    p.available = true;
    const auto* r = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    const QByteArray renderer = r ? QByteArray(r).toLower() : QByteArray();
    context.doneCurrent();
    p.software = renderer.contains("llvmpipe") || renderer.contains("softpipe") || renderer.contains("software rasterizer") ||
                 renderer.contains("swrast");
    return p;
  }();
  return probe;
}

// Multisampling of the 3D view: 4x with a GPU; none with a software rasterizer, where 4x made each frame
// 2.5 times as expensive (Puma 560 at 800 x 600 under Xvfb: 24 ms instead of 9.6 ms of CPU per frame,
// maniplab-gui-bench). MANIPLAB_3D_SAMPLES=<n> chooses.
int surfaceSamples() {
  static const int samples = [] {
    bool ok = false;
    const int env = qEnvironmentVariableIntValue("MANIPLAB_3D_SAMPLES", &ok);
    if (ok) return std::max(0, env);
    return openGl().software ? 0 : 4;
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

const QColor kGhostColour(215, 235, 255);  // the ghost (RobotView::showGhost)

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
  std::unique_ptr<ViewDrawing> drawing;

  struct Body {
    QEntity* entity = nullptr;
    TransformNode* tf = nullptr;
    int parent = -1;
    ViewToggle toggle = ViewToggle::Always;
    bool ghost = false;
    bool shown = true;  ///< the drawing's setBodyShown
  };
  std::vector<Body> bodies;
  std::vector<Qt3DRender::QMesh*> meshes;  ///< the loaded mesh files (inspection)
  /// Primitives and materials of the current scene, shared by the shapes that are alike.
  std::map<QString, Qt3DCore::QComponent*> primitives, materials;
  Qt3DExtras::QPhongAlphaMaterial* ghostMaterial = nullptr;
  bool hasGhost = false;  ///< the scene has ghost bodies
  bool ghostShown = false;
  bool showFrames = false, showComs = true, showAxes = true, showGrid = true;

  Trail actual, desired;
  qint64 updates = 0;
  Vector3 centre = Vector3::Zero();
  double radius = 1.0;

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
    tr.entity->addComponent(phong(lineMaterial(c), tr.entity));
    tr.count = 0;
  }

  // Appends to the CPU copy; the GPU buffer is uploaded at most once per event-loop pass (flushTrails).
  // (Qt 3D 6.4's QBuffer::updateData queues every partial update in a QVariantList property until the
  // next frame, which makes many small updates per frame quadratic.)
  // Decimated by distance: a point closer than kTrailStep x the scene's radius to the last one is not
  // added (about a pixel when the scene fills the view; no duplicates at rest), so that a trail fed with
  // every recorded row (1 kHz and more) keeps kTrailCapacity points of path, not of time.
  void appendTrail(Trail& tr, const Vector3& p) {
    if (!tr.entity) return;
    if (tr.count > 0 && (p - tr.last).norm() < RobotView::kTrailStep * std::max(radius, 0.1)) return;
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
    if (openGl().available) {
      container = QWidget::createWindowContainer(window, self);
      container->setFocusPolicy(Qt::StrongFocus);
    } else {
      // No OpenGL: the scene is kept (every call works on it) but never shown, and the view says why;
      // the rest of the application (runs, scope, metrics, editors) does not need it.
      auto* note = new QLabel(RobotView::tr("The 3D view needs OpenGL, which this display does not offer. "
                                            "Runs, the oscilloscope, the metrics and the editors work without it."),
                              self);
      note->setObjectName(QStringLiteral("robotViewUnavailable"));
      note->setWordWrap(true);
      note->setAlignment(Qt::AlignCenter);
      container = note;
    }
    container->setMinimumSize(200, 150);
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

  // The overlay layer's material: no depth test (drawn over the scene), back faces culled (a convex marker
  // then covers itself correctly without depth test).
  static void drawOver(Qt3DExtras::QPhongMaterial* m) {
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
  }

  // ---------------------------------------------------------------------------------------------------
  // The scene's entities.
  void resetRoot() {
    // Not `delete robotRoot`: nodes constructed under the live robot since the last event-loop pass are
    // still queued for Qt 3D's post-constructor init, and deleting their ancestor leaves them queued, freed
    // (qt3d_node_tree.hpp).
    destroyNodeTree(robotRoot);
    robotRoot = new QEntity(world);
    bodies.clear();
    meshes.clear();
    primitives.clear();
    materials.clear();
    ghostMaterial = nullptr;
    hasGhost = false;
    ghostShown = false;
  }

  void build(const ViewScene& scene) {
    resetRoot();
    centre = scene.centre;
    radius = scene.radius;
    for (const ViewBody& b : scene.bodies) {
      const bool nested = b.parent >= 0 && std::size_t(b.parent) < bodies.size();
      Body body;
      body.entity = new QEntity(nested ? bodies[std::size_t(b.parent)].entity : robotRoot);
      body.parent = nested ? b.parent : -1;
      body.tf = new TransformNode;
      body.tf->setRotation(b.rotation);
      body.tf->setTranslation(b.translation);
      body.tf->setScale3D(b.scale);
      body.entity->addComponent(body.tf);
      body.toggle = b.toggle;
      body.ghost = b.ghost;
      hasGhost = hasGhost || b.ghost;
      for (const ViewShape& s : b.shapes) addShape(body.entity, s, b.ghost);
      bodies.push_back(body);
    }
    applyVisibility();
  }

  void addShape(QEntity* body, const ViewShape& s, bool ghost) {
    auto* e = new QEntity(body);
    e->addComponent(geometry(e, s));
    e->addComponent(ghost ? ghostLook() : material(s.material));
    if (s.material.style == ViewMaterial::Style::Overlay && !ghost) e->addComponent(overlayLayer);
    if (s.rotation != QQuaternion() || s.translation != QVector3D() || s.scale != QVector3D(1, 1, 1)) {
      auto* tf = new TransformNode;
      tf->setRotation(s.rotation);
      tf->setTranslation(s.translation);
      tf->setScale3D(s.scale);
      e->addComponent(tf);
    }
  }

  Qt3DCore::QComponent* geometry(QEntity* owner, const ViewShape& s) {
    using P = ViewShape::Primitive;
    switch (s.primitive) {
      case P::Triangles: return meshRenderer(owner, s.triangles);
      case P::Lines: {
        const QByteArray bytes(reinterpret_cast<const char*>(s.lines.data()), qsizetype(s.lines.size() * sizeof(float)));
        return lineGeometry(owner, bytes, int(s.lines.size() / 3), Qt3DRender::QGeometryRenderer::Lines);
      }
      case P::MeshFile: {
        auto* m = new Qt3DRender::QMesh(owner);
        m->setSource(QUrl::fromLocalFile(s.file));
        meshes.push_back(m);
        return m;
      }
      default: return primitive(s);
    }
  }

  // A Qt 3D primitive mesh, shared by the shapes of the same primitive and sizes.
  Qt3DCore::QComponent* primitive(const ViewShape& s) {
    const QString key = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8")
                            .arg(int(s.primitive)).arg(s.radius).arg(s.length).arg(s.extents.x()).arg(s.extents.y())
                            .arg(s.extents.z()).arg(s.slices).arg(s.rings);
    if (auto it = primitives.find(key); it != primitives.end()) return it->second;
    Qt3DCore::QComponent* mesh = nullptr;
    if (s.primitive == ViewShape::Primitive::Cylinder) {
      auto* m = new Qt3DExtras::QCylinderMesh(robotRoot);
      m->setRadius(s.radius); m->setLength(s.length);
      if (s.rings > 0) m->setRings(s.rings);
      if (s.slices > 0) m->setSlices(s.slices);
      mesh = m;
    } else if (s.primitive == ViewShape::Primitive::Cone) {
      auto* m = new Qt3DExtras::QConeMesh(robotRoot);
      m->setBottomRadius(s.radius); m->setTopRadius(0); m->setLength(s.length);
      if (s.slices > 0) m->setSlices(s.slices);
      m->setHasBottomEndcap(true);
      mesh = m;
    } else if (s.primitive == ViewShape::Primitive::Sphere) {
      auto* m = new Qt3DExtras::QSphereMesh(robotRoot);
      m->setRadius(s.radius);
      if (s.rings > 0) m->setRings(s.rings);
      if (s.slices > 0) m->setSlices(s.slices);
      mesh = m;
    } else {
      auto* m = new Qt3DExtras::QCuboidMesh(robotRoot);
      m->setXExtent(s.extents.x()); m->setYExtent(s.extents.y()); m->setZExtent(s.extents.z());
      mesh = m;
    }
    primitives[key] = mesh;
    return mesh;
  }

  // A material of the scene, shared by the shapes of the same material.
  Qt3DCore::QComponent* material(const ViewMaterial& v) {
    const QString key = QStringLiteral("%1 %2 %3 %4 %5")
                            .arg(int(v.style)).arg(v.colour.rgba()).arg(v.ambient.rgba()).arg(v.specular.rgba()).arg(v.shininess);
    if (auto it = materials.find(key); it != materials.end()) return it->second;
    return materials[key] = phong(v, robotRoot);
  }

  static Qt3DExtras::QPhongMaterial* phong(const ViewMaterial& v, Qt3DCore::QNode* parent) {
    auto* m = new Qt3DExtras::QPhongMaterial(parent);
    m->setDiffuse(v.colour);
    m->setAmbient(v.ambient.isValid() ? v.ambient : v.colour.darker(300));
    m->setSpecular(v.specular);
    if (v.style != ViewMaterial::Style::Line) m->setShininess(v.shininess);
    if (v.style == ViewMaterial::Style::Overlay) drawOver(m);
    return m;
  }

  Qt3DCore::QComponent* ghostLook() {
    if (!ghostMaterial) {
      ghostMaterial = new Qt3DExtras::QPhongAlphaMaterial(robotRoot);
      ghostMaterial->setDiffuse(kGhostColour);
      ghostMaterial->setAmbient(kGhostColour.darker(250));
      ghostMaterial->setSpecular(QColor(40, 40, 40));
      ghostMaterial->setAlpha(0.38f);
    }
    return ghostMaterial;
  }

  bool toggledOn(ViewToggle t) const {
    switch (t) {
      case ViewToggle::Frames: return showFrames;
      case ViewToggle::CentresOfMass: return showComs;
      case ViewToggle::JointAxes: return showAxes;
      case ViewToggle::FloorGrid: return showGrid;
      case ViewToggle::Always: break;
    }
    return true;
  }

  void applyVisibility(Body& b) const {
    const bool on = b.shown && toggledOn(b.toggle) && (!b.ghost || ghostShown);
    if (b.entity->isEnabled() != on) b.entity->setEnabled(on);
  }
  void applyVisibility() {
    for (auto& b : bodies) applyVisibility(b);
  }

  Body* body(int i) { return i >= 0 && std::size_t(i) < bodies.size() ? &bodies[std::size_t(i)] : nullptr; }
  const Body* body(int i) const { return i >= 0 && std::size_t(i) < bodies.size() ? &bodies[std::size_t(i)] : nullptr; }
  /// The first body of a toggle drawn.
  bool toggleDrawn(ViewToggle t) const {
    for (const auto& b : bodies)
      if (b.toggle == t) return toggledOn(t) && b.entity->isEnabled();
    return false;
  }
};

// -----------------------------------------------------------------------------------------------------
RobotView::RobotView(QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>()) {
  d->self = this;
  d->buildScene();
}

RobotView::~RobotView() = default;

void RobotView::setScene(const ViewScene& scene, std::unique_ptr<ViewDrawing> drawing) {
  d->drawing.reset();
  d->hasRobot = true;
  d->clearTrail(d->actual);
  d->clearTrail(d->desired);
  d->build(scene);
  d->drawing = std::move(drawing);
}

ViewDrawing* RobotView::drawing() const { return d->drawing.get(); }

void RobotView::setBodyPose(int body, const Transform& pose) {
  if (auto* b = d->body(body)) {
    b->tf->setRotation(toQuaternion(pose.R));
    b->tf->setTranslation(toQVector3D(pose.p));
  }
}

void RobotView::setBodyTranslation(int body, const Vector3& p) {
  if (auto* b = d->body(body)) b->tf->setTranslation(toQVector3D(p));
}

void RobotView::setBodyPose(int body, const QQuaternion& rotation, const QVector3D& translation, const QVector3D& scale) {
  if (auto* b = d->body(body)) {
    b->tf->setTranslation(translation);
    b->tf->setRotation(rotation);
    b->tf->setScale3D(scale);
  }
}

void RobotView::setBodyShown(int body, bool shown) {
  auto* b = d->body(body);
  if (!b || b->shown == shown) return;
  b->shown = shown;
  d->applyVisibility(*b);
}

bool RobotView::bodyShown(int body) const {
  const auto* b = d->body(body);
  return b && b->shown;
}

QMatrix4x4 RobotView::bodyTransform(int body) const {
  const auto* b = d->body(body);
  if (!b) return {};
  QMatrix4x4 m = b->tf->matrix();
  for (const auto* p = d->body(b->parent); p; p = d->body(p->parent)) m = p->tf->matrix() * m;
  return m;
}

void RobotView::poseApplied(const Vector3& worldPoint) {
  d->appendTrail(d->actual, worldPoint);
  ++d->updates;
}

void RobotView::addActualPoint(const Vector3& worldPoint) { d->appendTrail(d->actual, worldPoint); }

void RobotView::addDesiredPoint(const Vector3& worldPoint) { d->appendTrail(d->desired, worldPoint); }

void RobotView::clearTrails() {
  d->clearTrail(d->actual);
  d->clearTrail(d->desired);
}

void RobotView::fitToRobot() {
  // The drawing's home pose and current pose, so that the robot is seen as it stands.
  Vector3 centre = Vector3::Zero();
  double radius = 1.0;
  if (d->drawing) d->drawing->fitBounds(centre, radius);
  const QVector3D c = toQVector3D(centre);
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
bool RobotView::floorGridDrawn() const { return d->toggleDrawn(ViewToggle::FloorGrid); }
bool RobotView::desiredTrailDrawn() const { return d->desired.entity && d->desired.entity->isEnabled(); }
bool RobotView::actualTrailDrawn() const { return d->actual.entity && d->actual.entity->isEnabled(); }
qint64 RobotView::updatesApplied() const { return d->updates; }

void RobotView::showGhost() {
  if (d->ghostShown || !d->hasGhost) return;
  d->ghostShown = true;
  d->applyVisibility();
}

void RobotView::hideGhost() {
  if (!d->ghostShown) return;
  d->ghostShown = false;
  d->applyVisibility();
}

bool RobotView::ghostShown() const { return d->ghostShown; }
QColor RobotView::ghostColor() { return kGhostColour; }

bool RobotView::hasRobot() const { return d->hasRobot; }
int RobotView::bodyCount() const { return int(d->bodies.size()); }
bool RobotView::centresOfMassDrawn() const { return d->toggleDrawn(ViewToggle::CentresOfMass); }
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
int RobotView::actualTrailSize() const { return d->actual.count; }
int RobotView::desiredTrailSize() const { return d->desired.count; }
QVector3D RobotView::trailPoint(bool desired, int k) const {
  const Trail& tr = desired ? d->desired : d->actual;
  if (k < 0 || k >= tr.count) return {};
  const float* f = reinterpret_cast<const float*>(tr.bytes.constData()) + 3 * std::ptrdiff_t(k);
  return {f[0], f[1], f[2]};
}
QVector3D RobotView::robotCentre() const { return toQVector3D(d->centre); }
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
