#pragma once
// The ManipLab main window: dockable panels (chain editor, control panel, scope, metrics, messages)
// around the 3D view, toolbar and menus with shortcuts; the simulation runs in a worker thread
// (simulation_worker.hpp) and never blocks the UI.
#include <QMainWindow>
#include <memory>

namespace maniplab::ui {

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Opens a scene (or a robot) file; errors go to the message area, never a crash. Returns success.
  bool openFile(const QString& path);

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
