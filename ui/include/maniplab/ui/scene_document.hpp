#pragma once
// The open scene as a document (Qt Core only): the scene of any kind (sim::AnyScene) and its file, whether
// it has edits that its file does not have, the recent files. Loading goes through the scene kinds
// (sim::loadAnyScene: a file of any registered kind); a robot file (ManipLab JSON or URDF) opened or
// dropped replaces the robot of an open serial scene. Saving writes the scene as the editors made it
// (sim::AnyScene::write: read back by its kind's reader first, then atomically), so a failed save keeps
// the previous file. The window binds the document to its views and editors (ui/src/kinds/); the
// document knows nothing about widgets.
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/document.hpp"
#include "maniplab/sim/scene_kind.hpp"

namespace maniplab::ui {

class SceneDocument : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMaxRecent = 8;

  explicit SceneDocument(QObject* parent = nullptr);

  /// The open scene (null before the first open).
  const std::shared_ptr<sim::AnyScene>& scene() const { return scene_; }
  bool hasScene() const { return scene_ != nullptr; }
  /// The open scene's kind name ("serial", "orthoglide"...), empty without a scene.
  QString kindName() const;
  /// The scene file (absolute), empty for a new scene that was never saved.
  QString path() const { return path_; }
  /// The scene's display name: its "name", else its file name, else "untitled".
  QString displayName() const;

  /// Opens a scene file of any kind. The diagnostics of the reader (warnings, or the errors that refused
  /// it) go to *diagnostics. True when the scene replaced the open one (sceneChanged emitted).
  bool open(const QString& path, std::vector<Diagnostic>* diagnostics = nullptr);
  /// The same for a file already read (sim::openDocument): the scene is parsed from `doc`'s text.
  bool open(const sim::Document& doc, std::vector<Diagnostic>* diagnostics = nullptr);
  /// Makes `scene` the open document (unmodified), read from `path` (empty: never saved).
  void setScene(std::shared_ptr<sim::AnyScene> scene, const QString& path);
  /// A new scene: the planar 2R arm of the shipped robots holding its home pose under PD + gravity
  /// (robots are resolved from `dataDirectory`).
  bool newScene(const QString& dataDirectory, std::vector<Diagnostic>* diagnostics = nullptr);
  /// Puts a loaded robot into the open serial scene (the scene then names `robotPath` and is modified). A
  /// robot with another number of joints gets the scene's trajectory and gains fitted to its joints
  /// (sim::fitSceneToRobot). False with *why when there is no serial scene open.
  bool replaceRobot(const RobotLoadResult& robot, const QString& robotPath, QString* why = nullptr);

  /// Writes `edited` (the open scene as the editors made it) to `path` and makes it the open document
  /// (unmodified, at `path`, first in the recent files). False with *error (the reason; an existing file is
  /// left unchanged) otherwise.
  bool save(std::shared_ptr<sim::AnyScene> edited, const QString& path, QString* error = nullptr);
  /// Whether the open scene can be saved as a scene file of its kind.
  bool writable() const { return scene_ && scene_->writable(); }

  /// Edits of the scene that its file does not have (the editors' settings).
  bool isModified() const { return modified_; }
  void setModified(bool modified);

  /// The recent files (absolute paths, newest first; QSettings "recentFiles").
  static QStringList recentFiles();
  void addRecent(const QString& path);

 signals:
  void sceneChanged();
  void modifiedChanged(bool modified);
  void recentFilesChanged();

 private:
  std::shared_ptr<sim::AnyScene> scene_;
  QString path_;
  bool modified_ = false;
};

}  // namespace maniplab::ui
