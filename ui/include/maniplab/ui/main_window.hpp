#pragma once
// The ManipLab main window: dockable panels (chain editor, control panel, scope, metrics, messages...)
// around the 3D view, toolbar and menus with shortcuts. The open scene is a SceneDocument (any scene kind;
// load, save, modified state, recent files), the runs belong to a RunController (the worker thread, row
// batches, last runs, comparison), and each scene kind binds to the views and editors through its binding
// (ui/src/kinds/): the window builds docks, actions and connections and hands events to them.
#include <QMainWindow>
#include <memory>

namespace maniplab::ui {

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Opens a scene of any kind, or a robot into the open serial scene (.json or .urdf); errors go to the
  /// message area, never a crash. Returns success.
  bool openFile(const QString& path);
  /// Edits survive a crash (recovery_store.hpp): when a session that did not end normally left unsaved
  /// edits, asks whether to restore them (what and when: scene, robot, their files, the local date-time).
  /// Restored edits are unsaved edits of their original files. True when edits were restored. The
  /// application calls it once it is shown.
  bool offerRecovery();

 protected:
  void closeEvent(QCloseEvent* event) override;      ///< asks about unsaved changes; saves the layout
  void changeEvent(QEvent* event) override;          ///< LanguageChange: retranslates
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;        ///< opens a dropped scene or robot file

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
