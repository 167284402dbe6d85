// maniplab-gui-bench: display rates of the desktop application (run it under a display or xvfb-run).
//  1. The oscilloscope alone (--scope-only): 8 channels x 1 000 000 samples, mean time of a full redraw
//     (decimation + QCustomPlot drawing) and the frame rate it allows.
//  2. The 3D view alone (--view-only): the Puma 560 posed every 4 ms, frames rendered per second and
//     the CPU time of the process per frame, at two window sizes.
//  3. The whole main window (--window-only) while the simulation worker runs the default scene (Puma
//     560, 6 joints, computed torque then PID) at x1 and as fast as possible: the frames actually put
//     on the screen per wall second by the 3D view and by the scope, the longest gap between two frames
//     (a stall shows there), and what the process and the machine were doing meanwhile. --profile adds
//     the GUI thread's wall time per receiver and event type (where a frame's time goes).
//
// What counts as a frame:
//  * 3D view: a frame Qt 3D rendered and presented. Qt 3D 6.4 has no public per-frame signal (Qt3DWindow
//    is a QWindow, not a QOpenGLWindow: no frameSwapped; Qt3DLogic::QFrameAction fires on every tick of
//    the aspect engine, also when the on-demand renderer skips the frame). Its renderers log
//    "Submission Completed" on the category Qt3D.Renderer.<RHI|OpenGL>.Rendering once per frame they
//    submit, right before the swap: the bench enables that category and counts those lines (and checks
//    that an idle view renders none).
//  * Scope: ScopeWidget::framePainted(), a paint of the plot that showed at least one new replot.
#include <QAction>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLoggingCategory>
#include <QMutex>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/robot_view.hpp"
#include "maniplab/ui/scope_widget.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the serial arm's drawing

using namespace maniplab::ui;

namespace {
// CPU time of the calling (GUI) thread: the scope's own cost, independent of the machine's load. The X
// server's share of presenting the frame (another process) is not included; the wall time is.
double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}
double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Machine-wide CPU counters (/proc/stat, first line): busy and total jiffies.
struct CpuSample {
  double busy = 0, total = 0;
};
CpuSample machineCpu() {
  CpuSample s;
  QFile f(QStringLiteral("/proc/stat"));
  if (!f.open(QIODevice::ReadOnly)) return s;
  const QList<QByteArray> parts = f.readLine().simplified().split(' ');
  for (int i = 1; i < parts.size(); ++i) {
    const double v = parts[i].toDouble();
    s.total += v;
    if (i != 4 && i != 5) s.busy += v;  // idle and iowait excluded
  }
  return s;
}
QString loadAverage() {
  QFile f(QStringLiteral("/proc/loadavg"));
  if (!f.open(QIODevice::ReadOnly)) return QStringLiteral("?");
  return QString::fromLatin1(f.readLine().split(' ').value(0));
}

// Timestamps of the frames of one source, in ms of a common clock.
struct FrameLog {
  QMutex mutex;
  std::vector<double> t;
  void add(double ms) {
    QMutexLocker lock(&mutex);
    t.push_back(ms);
  }
  // Frames in [from, to], their mean interval and the longest gap (including the gaps to the ends).
  struct Stats {
    int frames = 0;
    double fps = 0, meanMs = 0, longestGapMs = 0;
  };
  Stats stats(double from, double to) {
    QMutexLocker lock(&mutex);
    Stats s;
    double prev = from;
    for (double x : t) {
      if (x < from || x > to) continue;
      ++s.frames;
      s.longestGapMs = std::max(s.longestGapMs, x - prev);
      prev = x;
    }
    s.longestGapMs = std::max(s.longestGapMs, to - prev);
    const double span = to - from;
    s.fps = span > 0 ? 1000.0 * s.frames / span : 0;
    s.meanMs = s.frames > 0 ? span / s.frames : span;
    return s;
  }
  int countIn(double from, double to) {
    QMutexLocker lock(&mutex);
    return int(std::count_if(t.begin(), t.end(), [&](double x) { return x >= from && x <= to; }));
  }
};

// Emits rows every ~10 ms of wall time (its own thread's timer): 4 rows of 8 channels, like the
// simulation worker's batches at 400 Hz.
class BatchProducer : public QObject {
  Q_OBJECT
 public:
  void start() {
    timer_ = new QTimer(this);
    timer_->setTimerType(Qt::PreciseTimer);
    connect(timer_, &QTimer::timeout, this, [this] {
      QVector<double> t, v;
      for (int r = 0; r < 4; ++r, ++k_) {
        t.append(k_ * 2.5e-3);
        for (int s = 0; s < 8; ++s) v.append(std::sin(k_ * 2.5e-3 * (1 + s)));
      }
      emit rows(t, v);
    });
    timer_->start(10);
  }
 signals:
  void rows(const QVector<double>& t, const QVector<double>& v);

 private:
  QTimer* timer_ = nullptr;
  qint64 k_ = 0;
};

QElapsedTimer clockMs;
double nowMs() { return double(clockMs.nsecsElapsed()) / 1e6; }

FrameLog renderedFrames;  // Qt 3D
QtMessageHandler previousHandler = nullptr;

void messageHandler(QtMsgType type, const QMessageLogContext& ctx, const QString& msg) {
  const char* cat = ctx.category ? ctx.category : "";
  if (std::strncmp(cat, "Qt3D.Renderer.", 14) == 0 && std::strstr(cat, ".Rendering")) {
    if (msg.contains(QLatin1String("Submission Completed"))) renderedFrames.add(nowMs());
    if (type == QtDebugMsg) return;  // the category's debug output was enabled only to count frames
  }
  if (previousHandler) previousHandler(type, ctx, msg);
}
// --profile: wall time of the GUI thread per (receiver class, event type), to see where a frame's time
// goes (Qt 3D's frame processing and rendering run in the GUI thread, from a timer event).
bool profiling = false;
struct ProfileEntry {
  double ms = 0, maxMs = 0;
  qint64 n = 0;
};
std::map<std::string, ProfileEntry> profile;
int notifyDepth = 0;  // GUI thread only

class BenchApplication : public QApplication {
 public:
  using QApplication::QApplication;
  bool notify(QObject* receiver, QEvent* e) override {
    if (!profiling || notifyDepth > 0 || QThread::currentThread() != thread()) return QApplication::notify(receiver, e);
    std::string key = receiver->metaObject()->className();  // before: the event may delete the receiver
    key += " / ";
    key += std::to_string(int(e->type()));
    ++notifyDepth;
    const double t0 = nowMs();
    const bool r = QApplication::notify(receiver, e);
    const double ms = nowMs() - t0;
    --notifyDepth;
    auto& p = profile[key];
    p.ms += ms;
    p.maxMs = std::max(p.maxMs, ms);
    ++p.n;
    return r;
  }
};
}  // namespace

int main(int argc, char** argv) {
  clockMs.start();
  previousHandler = qInstallMessageHandler(messageHandler);
  QLoggingCategory::setFilterRules(QStringLiteral("Qt3D.Renderer.RHI.Rendering.debug=true\n"
                                                  "Qt3D.Renderer.OpenGL.Rendering.debug=true"));
  BenchApplication app(argc, argv);
  bool runScope = true, runView = true, runWindow = true;
  double fastSeconds = 200.0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--scope-only") == 0) {
      runView = runWindow = false;
    } else if (std::strcmp(argv[i], "--view-only") == 0) {
      runScope = runWindow = false;
    } else if (std::strcmp(argv[i], "--window-only") == 0) {
      runScope = runView = false;
    } else if (std::strcmp(argv[i], "--profile") == 0) {
      profiling = true;
    } else if (std::strcmp(argv[i], "--fast-seconds") == 0 && i + 1 < argc) {
      fastSeconds = std::atof(argv[++i]);
    } else {
      std::printf("usage: maniplab-gui-bench [--scope-only | --view-only | --window-only] [--profile] [--fast-seconds S]\n"
                  "  --fast-seconds S  simulated seconds per controller of the as-fast-as-possible case (200)\n"
                  "  --profile         GUI-thread wall time per receiver / event type during the main-window runs\n");
      return 2;
    }
  }
  std::printf("## Display rates (%s platform)\n\n", qPrintable(QGuiApplication::platformName()));

  if (runScope) {  // 1. Scope with 8 x 1e6 samples.
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
  if (runScope) {  // 1b. The scope alone, fed as the main window feeds it: rows in batches from a thread.
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
    scope.setTimeBase(1.0);
    QTest::qWait(300);
    FrameLog frames;
    QObject::connect(&scope, &ScopeWidget::framePainted, &scope, [&] { frames.add(nowMs()); });
    // The producer: every ~10 ms of wall time, the rows of 10 ms at 400 Hz (8 channels), queued to the
    // GUI thread like SimulationWorker::rows; the GUI side appends them and calls replotIfDue().
    QThread producerThread;
    auto* producer = new BatchProducer;
    producer->moveToThread(&producerThread);
    QObject::connect(&producerThread, &QThread::finished, producer, &QObject::deleteLater);
    QObject::connect(producer, &BatchProducer::rows, &scope, [&](const QVector<double>& t, const QVector<double>& v) {
      scope.appendSamples(t.constData(), v.constData(), int(t.size()));
      scope.replotIfDue();
    });
    producerThread.start();
    QMetaObject::invokeMethod(producer, [producer] { producer->start(); }, Qt::QueuedConnection);
    QTest::qWait(500);
    const double t0 = nowMs(), c0 = threadCpuSeconds();
    QTest::qWait(5000);
    const double t1 = nowMs(), c1 = threadCpuSeconds();
    producerThread.quit();
    producerThread.wait();
    const FrameLog::Stats st = frames.stats(t0, t1);
    std::printf("| scope alone fed in batches every 10 ms from a thread (as in the main window) | fps | ms/frame | "
                "longest gap ms | GUI-thread CPU ms per frame |\n|---|---:|---:|---:|---:|\n"
                "| 8 channels, 400 rows/s | %.1f | %.1f | %.0f | %.2f |\n\n",
                st.fps, st.meanMs, st.longestGapMs, st.frames > 0 ? 1000.0 * (c1 - c0) / st.frames : 0.0);
  }

  if (runView) {  // 2. The 3D view alone: Puma 560 (6 joints), posed every 4 ms, so that every tick of Qt 3D has a change.
    const maniplab::RobotLoadResult puma = maniplab::loadRobotFile(MANIPLAB_SOURCE_DATA_DIR "/robots/puma560.json");
    if (!puma.ok()) {
      std::printf("cannot load robots/puma560.json\n");
      return 1;
    }
    std::printf("| 3D view alone, Puma 560 posed every 4 ms | window px | frames rendered per s | process CPU ms per frame |\n"
                "|---|---:|---:|---:|\n");
    for (const QSize size : {QSize(800, 600), QSize(1280, 900)}) {
      RobotView view;
      view.resize(size);
      view.show();
      maniplab::ui::ArmDrawing& arm = maniplab::ui::ArmDrawing::draw(view, puma.model, puma.description);
      view.fitToRobot();
      QTest::qWait(1000);
      maniplab::VectorX q = puma.model.home;
      QTimer pose;
      int k = 0;
      QObject::connect(&pose, &QTimer::timeout, &view, [&] {
        q[0] = 0.5 * std::sin(0.01 * ++k);
        q[1] = 0.3 * std::cos(0.013 * k);
        arm.setConfiguration(q);
        arm.setDesiredConfiguration(q);
      });
      pose.start(4);
      const double t0 = nowMs(), p0 = processCpuSeconds();
      QTest::qWait(3000);
      const double t1 = nowMs(), p1 = processCpuSeconds();
      const int frames = renderedFrames.countIn(t0, t1);
      std::printf("| | %d x %d | %.1f | %.1f |\n", size.width(), size.height(), 1000.0 * frames / (t1 - t0),
                  frames > 0 ? 1000.0 * (p1 - p0) / frames : 0.0);
    }
    std::printf("\n");
  }

  if (!runWindow) return 0;
  // 3. Main window under the simulation load, in real time (x1) and as fast as possible.
  struct Case {
    const char* speedAction;
    double duration;
    const char* label;
  };
  std::printf("Main window 1600 x 1000, default scene (Puma 560, 6 joints; computed torque then PID, each for the "
              "simulated time given). Frames per wall second while the run streams in; 'ms/frame' is the mean "
              "interval, 'longest gap' the longest interval without a frame; process and GUI-thread CPU in %% of one core, machine CPU in %% of all cores.\n\n");
  std::printf("| what | speed | fps | ms/frame | longest gap ms | rows batches/s | GUI thread CPU %% | process CPU %% | "
              "machine CPU busy %% | load avg (1 min) |\n"
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  int idleRendered = -1;
  for (const Case c : {Case{"actionSpeed1", 5.0, "x1 (real time)"}, Case{"actionSpeedMax", fastSeconds, "as fast as possible"}}) {
    MainWindow w;
    w.resize(1600, 1000);
    w.move(0, 0);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) std::printf("(the window was not exposed)\n");
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
    FrameLog scopeFrames;
    QObject::connect(scope, &ScopeWidget::framePainted, &w, [&] { scopeFrames.add(nowMs()); });
    dur->setValue(c.duration);
    speed->trigger();
    QTest::qWait(1500);  // start-up frames settle
    if (idleRendered < 0) {  // sanity check of the count: an unchanged view renders nothing (on demand)
      const double i0 = nowMs();
      QTest::qWait(1000);
      idleRendered = renderedFrames.countIn(i0, nowMs());
    }
    const qint64 u0 = view->updatesApplied();
    const double c0 = threadCpuSeconds(), p0 = processCpuSeconds();
    const CpuSample m0 = machineCpu();
    const double t0 = nowMs();
    profile.clear();
    run->trigger();
    if (!QTest::qWaitFor([&] { return run->isEnabled(); }, 600000)) std::printf("(the run did not finish in 600 s)\n");
    const double t1 = nowMs();
    const double wall = (t1 - t0) / 1000.0;
    const CpuSample m1 = machineCpu();
    const double gui = 100.0 * (threadCpuSeconds() - c0) / wall, proc = 100.0 * (processCpuSeconds() - p0) / wall;
    const double busy = m1.total > m0.total ? 100.0 * (m1.busy - m0.busy) / (m1.total - m0.total) : 0;
    const double batches = double(view->updatesApplied() - u0) / wall;
    const QString load = loadAverage();
    if (profiling) {
      std::vector<std::pair<std::string, ProfileEntry>> v(profile.begin(), profile.end());
      std::sort(v.begin(), v.end(), [](auto& a, auto& b) { return a.second.ms > b.second.ms; });
      std::fprintf(stderr, "GUI thread, %.1f s wall: receiver / event type: total ms, count, max ms\n", wall);
      for (std::size_t i = 0; i < v.size() && i < 15; ++i)
        std::fprintf(stderr, "  %-50s %8.1f %6lld %7.1f\n", v[i].first.c_str(), v[i].second.ms,
                     static_cast<long long>(v[i].second.n), v[i].second.maxMs);
    }
    for (const bool is3d : {true, false}) {
      const FrameLog::Stats s = (is3d ? renderedFrames : scopeFrames).stats(t0, t1);
      std::printf("| %s | %s, %.1f s wall | %.1f | %.1f | %.0f | %.1f | %.0f | %.0f | %.0f | %s |\n",
                  is3d ? "3D view: frames rendered" : "scope: frames painted", c.label, wall, s.fps, s.meanMs,
                  s.longestGapMs, batches, gui, proc, busy, qPrintable(load));
    }
  }
  std::printf("\n3D frames rendered by the idle view in 1 s before the first run (count check, expect ~0): %d\n",
              idleRendered);
  return 0;
}

#include "gui_bench.moc"
