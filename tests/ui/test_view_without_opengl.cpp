// The main window on a display without OpenGL (the offscreen platform with no X server: no GL context can
// be created). Qt 3D's RHI renderer (Qt 6.4) dereferences a null QRhi when the 3D window is shown there:
// the window crashed as soon as it was shown (SIGSEGV in QRhi::isYUpInFramebuffer). Now the 3D view says
// that it needs OpenGL, and the rest of the window works: a scene opens, runs and fills the metrics.
#include <QLabel>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QTemporaryDir>
#include <QtTest>

#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "support/main_window_driver.hpp"
#include "support/test_main.hpp"

namespace test_view_without_opengl {

using namespace maniplab;

class TestViewWithoutOpenGl : public QObject {
  Q_OBJECT
  QTemporaryDir settings_;

 private slots:
  void initTestCase() {
    test::isolateSettings(settings_.path(), "test_view_without_opengl");
    // The premise: this process cannot create an OpenGL context (ctest runs it offscreen, DISPLAY empty).
    QOffscreenSurface surface;
    surface.create();
    QOpenGLContext context;
    if (surface.isValid() && context.create() && context.makeCurrent(&surface))
      QSKIP("this platform offers OpenGL: run with QT_QPA_PLATFORM=offscreen and an empty DISPLAY");
  }

  void windowShowsAndRunsWithoutThe3dView() {
    ui::MainWindow w;
    QVERIFY(w.openFile(QStringLiteral(MANIPLAB_SOURCE_DIR "/scenes/default.json")));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::qWait(200);  // Qt 3D's engine would start here
    auto* view = w.findChild<ui::RobotView*>();
    QVERIFY(view);
    auto* note = view->findChild<QLabel*>(QStringLiteral("robotViewUnavailable"));
    QVERIFY(note && note->isVisible());
    QVERIFY(note->text().contains(QStringLiteral("OpenGL")));
    QVERIFY(test::runFor(w, 0.2));  // runs, scope and metrics do not need the view
  }
};

MANIPLAB_TEST_MAIN(TestViewWithoutOpenGl)
#include "test_view_without_opengl.moc"  // (in the namespace, as the class)

}  // namespace test_view_without_opengl
