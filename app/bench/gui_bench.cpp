// maniplab-gui-bench: display rates of the desktop application (run it under a display or xvfb-run).
//  1. The oscilloscope alone: 8 channels x 1 000 000 samples, mean time of a full redraw (decimation +
//     QCustomPlot drawing) and the frame rate it allows.
//  2. The whole main window while the simulation worker runs the default scene as fast as possible (the
//     "bench load"): frames drawn by the scope and pose updates applied to the 3D view per wall second.
#include <QAction>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QTest>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/scope_widget.hpp"

using namespace maniplab::ui;

namespace {
// CPU time of the calling (GUI) thread: the scope's own cost, independent of the machine's load. The X
// server's share of presenting the frame (another process) is not included; the wall time is.
double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}
}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  bool scopeOnly = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--scope-only") == 0) {
      scopeOnly = true;
    } else {
      std::printf("usage: maniplab-gui-bench [--scope-only]\n");
      return 2;
    }
  }
  std::printf("## Display rates (%s platform)\n\n", qPrintable(QGuiApplication::platformName()));

  {  // 1. Scope with 8 x 1e6 samples.
    ScopeWidget scope;
    scope.resize(1280, 480);
    scope.show();
    QStringList names, units;
    for (int s = 0; s < 8; ++s) {
      names << QStringLiteral("s%1").arg(s);
      units << QStringLiteral("rad");
    }
    scope.setSources(names, units);
    for (int k = 0; k < 8; ++k) scope.setChannelSource(k, k);
    const int N = 1000000, chunk = 10000;
    std::vector<double> t(chunk), v(std::size_t(chunk) * 8);
    for (int start = 0; start < N; start += chunk) {
      for (int r = 0; r < chunk; ++r) {
        const double tt = (start + r) * 1e-3;
        t[std::size_t(r)] = tt;
        for (int s = 0; s < 8; ++s) v[std::size_t(r) * 8 + std::size_t(s)] = std::sin(tt * (1 + s)) + 0.01 * s;
      }
      scope.appendSamples(t.data(), v.data(), chunk);
    }
    scope.setTimeBase(N * 1e-3 / 10);  // the whole million samples on screen
    QTest::qWait(200);
    const int frames = 120;
    std::printf("| scope case | wall ms per frame | GUI-thread CPU ms per frame | fps possible (wall) |\n"
                "|---|---:|---:|---:|\n");
    // (a) a full redraw (settings changed: graticule, texts, readouts and traces);
    // (b) the streaming case: new samples appended between frames, only the traces layer repainted.
    for (const bool streaming : {false, true}) {
      QElapsedTimer timer;
      timer.start();
      const double c0 = threadCpuSeconds();
      std::vector<double> t1(10), v1(80);
      for (int i = 0; i < frames; ++i) {
        if (streaming) {
          for (int r = 0; r < 10; ++r) {
            const double tt = (N + i * 10 + r) * 1e-3;
            t1[std::size_t(r)] = tt;
            for (int s = 0; s < 8; ++s) v1[std::size_t(r) * 8 + std::size_t(s)] = std::sin(tt * (1 + s));
          }
          scope.appendSamples(t1.data(), v1.data(), 10);
          scope.replotData();
        } else {
          scope.replotNow();
        }
      }
      const double ms = double(timer.nsecsElapsed()) / 1e6 / frames;
      const double cpu = (threadCpuSeconds() - c0) * 1e3 / frames;
      std::printf("| 8 x %lld samples on screen, %s | %.2f | %.2f | %.0f |\n",
                  static_cast<long long>(scope.sampleCount()),
                  streaming ? "streaming (traces layer only)" : "full redraw", ms, cpu, 1000.0 / ms);
    }
    std::printf("\n");
  }
  if (scopeOnly) return 0;

  // 2. Main window under the simulation load, in real time (x1) and as fast as possible.
  struct Case {
    const char* speedAction;
    double duration;
    const char* label;
  };
  for (const Case c : {Case{"actionSpeed1", 3.0, "real time (x1)"}, Case{"actionSpeedMax", 30.0, "as fast as possible"}}) {
    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    if (!w.openFile(QStringLiteral(MANIPLAB_SOURCE_DATA_DIR "/scenes/default.json"))) {
      std::printf("cannot open the default scene\n");
      return 1;
    }
    auto* dur = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
    auto* run = w.findChild<QAction*>(QStringLiteral("actionRun"));
    auto* speed = w.findChild<QAction*>(QString::fromLatin1(c.speedAction));
    auto* scope = w.findChild<ScopeWidget*>();
    auto* view = w.findChild<RobotView*>();
    if (!dur || !run || !speed || !scope || !view) {
      std::printf("main window widgets not found\n");
      return 1;
    }
    dur->setValue(c.duration);
    speed->trigger();
    QTest::qWait(300);
    const qint64 f0 = scope->framesDrawn(), u0 = view->updatesApplied();
    QElapsedTimer timer;
    timer.start();
    run->trigger();
    if (!QTest::qWaitFor([&] { return run->isEnabled() && timer.elapsed() > 500; }, 120000))
      std::printf("(the run did not finish in 120 s)\n");
    const double s = double(timer.nsecsElapsed()) / 1e9;
    std::printf("| main window, default scene (2 controllers x %.0f s simulated), %s | %.2f s wall | scope %.1f fps | "
                "3D view %.1f pose updates/s |\n",
                c.duration, c.label, s, double(scope->framesDrawn() - f0) / s, double(view->updatesApplied() - u0) / s);
  }
  return 0;
}
