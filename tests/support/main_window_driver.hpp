#pragma once
// Drives the main window as a user does, for the GUI tests (test_gui, test_control_panel_scene,
// test_main_window_behaviour): its actions by object name, and a run from the Run action.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QFileDialog>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QDoubleSpinBox>
#include <QtTest>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>
#include <memory>

#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/metrics_view.hpp"

namespace maniplab::test {

/// Points QSettings (INI format) at `dir` and names the application `appName`, so that a GUI test
/// neither reads nor leaves the user's settings (window layout, language, recent files).
inline void isolateSettings(const QString& dir, const char* appName) {
  QStandardPaths::setTestModeEnabled(true);
  QSettings::setDefaultFormat(QSettings::IniFormat);
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir);
  QCoreApplication::setOrganizationName(QStringLiteral("ManipLabTest"));
  QCoreApplication::setApplicationName(QString::fromLatin1(appName));
}

/// Copies the shipped scene scenes/`shipped` to `dest` (directories created) with its robot path made
/// absolute, so that the copy opens from anywhere; false when the scene does not read as JSON.
inline bool copyShippedScene(const QString& shipped, const QString& dest) {
  std::ifstream in(std::string(MANIPLAB_SOURCE_DIR "/scenes/") + shipped.toStdString());
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.contains("robot")) return false;
  doc["robot"] = (std::filesystem::path(MANIPLAB_SOURCE_DIR "/scenes") / doc["robot"].get<std::string>()).lexically_normal().string();
  QDir().mkpath(QFileInfo(dest).absolutePath());
  std::ofstream out(dest.toStdString());
  out << doc.dump(2);
  return bool(out);
}

/// The window's action `name` (its object name, e.g. "actionRun"); warns when there is none.
inline QAction* action(QWidget& w, const char* name) {
  auto* a = w.findChild<QAction*>(QString::fromLatin1(name));
  if (!a) qWarning("no action %s", name);
  return a;
}

/// Runs the loaded scene for `seconds` of simulated time from the Run action, at the speed of the action
/// `speed` (as fast as possible by default); true once the run finished (metrics shown, Run enabled again).
inline bool runFor(ui::MainWindow& w, double seconds, const char* speed = "actionSpeedMax") {
  auto* dur = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
  auto* run = action(w, "actionRun");
  auto* pace = action(w, speed);
  auto* metrics = w.findChild<ui::MetricsView*>();
  if (!dur || !run || !pace || !metrics) return false;
  dur->setValue(seconds);
  pace->trigger();
  if (!run->isEnabled()) return false;
  run->trigger();
  return QTest::qWaitFor([&] { return run->isEnabled() && metrics->rowCount() > 0; }, 60000);
}

/// Answers the next modal file dialog with `path` from a timer, as the user would (Save or Open);
/// *answered says that it came.
inline void answerFileDialog(const QString& path, bool* answered) {
  auto* t = new QTimer(qApp);
  auto tries = std::make_shared<int>(0);
  QObject::connect(t, &QTimer::timeout, t, [t, path, answered, tries] {
    if (++*tries > 500) {  // 10 s without a dialog: give up (the caller's check fails)
      t->deleteLater();
      return;
    }
    auto* dlg = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    if (!dlg) return;
    t->stop();
    t->deleteLater();
    if (auto* edit = dlg->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
      edit->setText(path);  // an absolute path, even in a directory that does not exist
    else
      dlg->selectFile(path);
    *answered = true;
    static_cast<QDialog*>(dlg)->accept();  // QFileDialog::accept, as the Save button
  });
  t->start(20);
}

}  // namespace maniplab::test
