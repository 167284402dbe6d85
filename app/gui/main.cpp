// maniplab: the desktop application (main window, 3D view, oscilloscope, chain editor, control panel).
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>

#include "maniplab/ui/main_window.hpp"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("ManipLab"));
  QApplication::setApplicationName(QStringLiteral("ManipLab"));
  QApplication::setApplicationVersion(QStringLiteral(MANIPLAB_VERSION));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/maniplab/icon.svg")));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("ManipLab: robot manipulator dynamics and control"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("a scene or robot file to open"));
  parser.process(app);

  maniplab::ui::MainWindow window;
  const QStringList files = parser.positionalArguments();
  if (!files.isEmpty()) window.openFile(files.front());
  window.show();
  // The unsaved edits of a session that did not end normally (ui/recovery_store.hpp), once the window shows.
  QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
  return app.exec();
}
