// The scene document (scene_document.hpp).
#include "maniplab/ui/scene_document.hpp"

#include <QFileInfo>
#include <QSettings>

#include "maniplab/ui/diagnostic_text.hpp"
#include "maniplab/ui/text_conversion.hpp"
#include "maniplab/sim/scene.hpp"

namespace maniplab::ui {

SceneDocument::SceneDocument(QObject* parent) : QObject(parent) {}

QString SceneDocument::kindName() const { return scene_ ? q(scene_->kind().name()) : QString(); }

QString SceneDocument::displayName() const {
  QString name = scene_ ? q(scene_->name()) : QString();
  if (name.isEmpty()) name = QFileInfo(path_).fileName();
  if (name.isEmpty()) name = tr("untitled");
  return name;
}

bool SceneDocument::open(const QString& path, std::vector<Diagnostic>* diagnostics) {
  return open(sim::openDocument(path.toStdString()), diagnostics);
}

bool SceneDocument::open(const sim::Document& doc, std::vector<Diagnostic>* diagnostics) {
  const QString path = QString::fromStdString(doc.path);
  sim::SceneLoad load = doc.scene();
  if (diagnostics) *diagnostics = load.diagnostics;
  if (!load.ok()) return false;
  setScene(std::move(load.scene), QFileInfo(path).absoluteFilePath());
  addRecent(path);
  return true;
}

void SceneDocument::setScene(std::shared_ptr<sim::AnyScene> scene, const QString& path) {
  scene_ = std::move(scene);
  path_ = path;
  const bool was = modified_;
  modified_ = false;
  emit sceneChanged();
  if (was) emit modifiedChanged(false);
}

bool SceneDocument::newScene(const QString& dataDirectory, std::vector<Diagnostic>* diagnostics) {
  const std::string text = R"({"format": "maniplab-scene", "version": 1, "name": "untitled",
      "robot": "robots/planar2r.json", "trajectory": {"type": "hold", "q": "home", "duration": 1.0},
      "duration": 2.0, "rates": {"control_hz": 1000, "plant_hz": 1000}, "integrator": {"stepper": "rk4"},
      "controllers": [{"name": "pd_gravity", "type": "pd_gravity", "kp": 100, "kd": 20}]})";
  sim::SceneLoad load = sim::parseAnyScene(text, "untitled.json", dataDirectory.toStdString());
  if (diagnostics) *diagnostics = load.diagnostics;
  if (!load.ok()) return false;
  setScene(std::move(load.scene), QString());
  return true;
}

bool SceneDocument::replaceRobot(const RobotLoadResult& robot, const QString& robotPath, QString* why) {
  auto* serial = dynamic_cast<sim::SerialScene*>(scene_.get());
  if (!serial) {
    if (why)
      *why = scene_ ? tr("the open scene's robot is fixed by its file; open a serial scene first")
                    : tr("open a scene first (a robot replaces the robot of the current scene)");
    return false;
  }
  auto copy = std::make_shared<sim::SerialScene>(*serial);
  sim::Scene& s = copy->data;
  const int oldJoints = s.robot.model.nq;
  s.robot = robot;
  s.robotFile = QFileInfo(robotPath).absoluteFilePath().toStdString();
  sim::fitSceneToRobot(s, oldJoints);  // another joint count: the trajectory, gains and initial state follow
  const QString path = path_;
  setScene(std::move(copy), path);
  setModified(true);  // the scene file names another robot
  return true;
}

bool SceneDocument::save(std::shared_ptr<sim::AnyScene> edited, const QString& path, QString* error) {
  if (!edited) return false;
  try {
    edited->write(path.toStdString());
  } catch (const std::exception& e) {
    if (error) *error = translatedError(e);
    return false;
  }
  edited->setFile(path.toStdString());
  scene_ = std::move(edited);
  path_ = QFileInfo(path).absoluteFilePath();
  setModified(false);
  addRecent(path);
  return true;
}

void SceneDocument::setModified(bool modified) {
  if (modified == modified_) return;
  modified_ = modified;
  emit modifiedChanged(modified);
}

QStringList SceneDocument::recentFiles() { return QSettings().value(QStringLiteral("recentFiles")).toStringList(); }

void SceneDocument::addRecent(const QString& path) {
  QSettings s;
  QStringList list = s.value(QStringLiteral("recentFiles")).toStringList();
  const QString abs = QFileInfo(path).absoluteFilePath();
  list.removeAll(abs);
  list.prepend(abs);
  while (list.size() > kMaxRecent) list.removeLast();
  s.setValue(QStringLiteral("recentFiles"), list);
  emit recentFilesChanged();
}

}  // namespace maniplab::ui
