// Oscilloscope widget: gain/offset mapping onto the 10 x 8 graticule, min/max/RMS of the visible window,
// roll mode, triggered single sweep (placement + freeze), normal sweep, cursors, the bounded ring,
// autoscale, CSV export (locale independent), PNG/SVG export, and min/max decimation of 8 x 1 000 000
// samples (point count bounded by ~2 x pixel width; the redraw time is printed, not asserted), frames
// painted vs replotted, replotIfDue for a feeder, and the pages of channel assignments.
#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QLabel>
#include <QPushButton>
#include <QTest>
#include <QToolButton>
#include <QTranslator>
#include <algorithm>
#include <clocale>
#include <cmath>
#include <functional>
#include <vector>

#include "maniplab/ui/scope_ring.hpp"
#include "maniplab/ui/scope_widget.hpp"
#include "support/prefix_translator.hpp"
#include "support/test_main.hpp"

namespace test_scope {

using maniplab::ui::ScopeWidget;
using maniplab::ui::ScopeRing;

namespace {

constexpr double kPi = 3.14159265358979323846;

// Appends rows k = k0 .. k0 + n - 1 at times k * dt, values f(k, t, source).
void feed(ScopeWidget& w, int sources, qint64 k0, qint64 n, double dt,
          const std::function<double(qint64, double, int)>& f) {
  std::vector<double> t(static_cast<std::size_t>(n)), v(static_cast<std::size_t>(n * sources));
  for (qint64 r = 0; r < n; ++r) {
    const qint64 k = k0 + r;
    t[std::size_t(r)] = double(k) * dt;
    for (int s = 0; s < sources; ++s) v[std::size_t(r * sources + s)] = f(k, t[std::size_t(r)], s);
  }
  w.appendSamples(t.data(), v.data(), int(n));
}

std::pair<double, double> yRange(const QVector<QPointF>& pts) {
  double lo = HUGE_VAL, hi = -HUGE_VAL;
  for (const QPointF& p : pts) {
    lo = std::min(lo, p.y());
    hi = std::max(hi, p.y());
  }
  return {lo, hi};
}

// Linear interpolation of the displayed trace at screen x (divisions).
double traceAt(const QVector<QPointF>& pts, double x) {
  for (int i = 1; i < pts.size(); ++i)
    if (pts[i - 1].x() <= x && pts[i].x() >= x) {
      const double a = (x - pts[i - 1].x()) / (pts[i].x() - pts[i - 1].x());
      return pts[i - 1].y() + a * (pts[i].y() - pts[i - 1].y());
    }
  return NAN;
}

}  // namespace

class TestScope : public QObject {
  Q_OBJECT
 private slots:
  void gainOffsetMapping();
  void measurements();
  void rollShowsLastTenDivisions();
  void stopFreezes();
  void singleSweepRisingEdge();
  void normalSweep();
  void autoSweepFreeRuns();
  void displayTimer();
  void cursors();
  void ringIsBounded();
  void autoscaleFitsScreen();
  void csvExportLocaleIndependent();
  void imageExport();
  void decimationEightMillion();
  void ringMinMaxMatchesScan();
  void streamingRedrawShowsNewSamples();
  void retranslatesOnLanguageChange();
  void runButtonSaysItActsOnTheDisplay();
  void framesPaintedCountsReplotsThatReachTheScreen();
  void replotIfDueDrawsNewSamplesAtOnce();
  void channelPages();
  void pickerDescribesTheSources();
};

void TestScope::gainOffsetMapping() {
  ScopeWidget w;
  w.setSources({"x"}, {"m"});
  QCOMPARE(w.channelSource(0), 0);
  w.setTimeBase(0.1);
  w.setChannelGain(0, 1.0);
  // a sine of amplitude 2 (5 Hz, 1 kHz): one second on screen = 5 periods, peaks sampled exactly
  feed(w, 1, 0, 2000, 1e-3, [](qint64, double t, int) { return 2.0 * std::sin(2 * kPi * 5 * t); });
  w.replotNow();
  auto [lo, hi] = yRange(w.displayedPoints(0));
  QVERIFY2(std::abs(hi - 2.0) < 1e-9 && std::abs(lo + 2.0) < 1e-9, qPrintable(QString("%1 %2").arg(lo).arg(hi)));
  w.setChannelGain(0, 0.5);  // 0.5 m/div: the same sine spans +-4 div (the full screen)
  w.replotNow();
  std::tie(lo, hi) = yRange(w.displayedPoints(0));
  QVERIFY(std::abs(hi - 4.0) < 1e-9 && std::abs(lo + 4.0) < 1e-9);
  w.setChannelGain(0, 1.0);
  w.setChannelOffset(0, 1.0);  // offset in units, added before scaling: -1 .. 3 div
  w.replotNow();
  std::tie(lo, hi) = yRange(w.displayedPoints(0));
  QVERIFY(std::abs(hi - 3.0) < 1e-9 && std::abs(lo + 1.0) < 1e-9);
  // x: the window maps onto 0..10 divisions (one continuity point may lie outside on the left)
  const auto pts = w.displayedPoints(0);
  QVERIFY(pts.size() > 200);
  QVERIFY(std::abs(pts.back().x() - 10.0) < 0.05);
  QVERIFY(pts[0].x() < 0 && pts[1].x() >= 0 && pts[1].x() < 0.05);
  // a channel switched off hands nothing to the plot
  w.setChannelSource(0, -1);
  w.replotNow();
  QVERIFY(w.displayedPoints(0).isEmpty());
  QVERIFY(!w.measurement(0).valid);
}

void TestScope::measurements() {
  ScopeWidget w;
  w.setSources({"x"}, {"V"});
  w.setTimeBase(0.1);
  auto f = [](qint64, double t, int) { return 3.0 + 2.0 * std::sin(2 * kPi * 5 * t); };
  feed(w, 1, 0, 2000, 1e-3, f);
  const auto win = w.visibleWindow();
  QVERIFY(win.valid);
  // brute force over the samples inside the window
  double mn = HUGE_VAL, mx = -HUGE_VAL, ss = 0;
  int n = 0;
  for (qint64 k = 0; k < 2000; ++k) {
    const double t = double(k) * 1e-3;
    if (t < win.start || t > win.end) continue;
    const double v = f(k, t, 0);
    mn = std::min(mn, v);
    mx = std::max(mx, v);
    ss += v * v;
    ++n;
  }
  QVERIFY(n >= 1000 && n <= 1001);
  const auto m = w.measurement(0);
  QVERIFY(m.valid);
  QVERIFY(std::abs(m.min - mn) < 1e-12 && std::abs(m.max - mx) < 1e-12);
  QVERIFY(std::abs(m.min - 1.0) < 1e-9 && std::abs(m.max - 5.0) < 1e-9);
  QVERIFY(std::abs(m.rms - std::sqrt(ss / n)) < 1e-12 * m.rms);
  QVERIFY(std::abs(m.rms - std::sqrt(11.0)) < 2e-3);  // sqrt(3^2 + 2^2 / 2) over whole periods
  // a shorter window (the last 0.05 s: the last quarter period, rising from the minimum at t = 1.95 s)
  w.setTimeBase(0.005);
  const auto q = w.measurement(0);
  QVERIFY(q.valid);
  QVERIFY(std::abs(q.max - f(1999, 1.999, 0)) < 1e-12);
  QVERIFY(std::abs(q.min - 1.0) < 1e-9);
}

void TestScope::rollShowsLastTenDivisions() {
  ScopeWidget w;
  w.setSources({"ramp"}, {"s"});
  w.setMode(ScopeWidget::Mode::Roll);
  w.setTimeBase(0.05);
  feed(w, 1, 0, 3000, 1e-3, [](qint64, double t, int) { return t; });
  auto win = w.visibleWindow();
  QVERIFY(win.valid);
  QCOMPARE(win.end, 2.999);
  QVERIFY(std::abs(win.start - (2.999 - 0.5)) < 1e-12);
  auto m = w.measurement(0);
  QVERIFY(m.min >= 2.499 - 1e-12 && m.min <= 2.5 + 1e-9);
  QCOMPARE(m.max, 2.999);
  w.replotNow();
  const auto pts = w.displayedPoints(0);
  QVERIFY(std::abs(pts.back().x() - 10.0) < 1e-9);  // the newest sample at the right edge
  QVERIFY(std::abs(pts.back().y() - 2.999) < 1e-12);
  // more data: the screen rolls
  feed(w, 1, 3000, 250, 1e-3, [](qint64, double t, int) { return t; });
  win = w.visibleWindow();
  QCOMPARE(win.end, 3.249);
  QVERIFY(std::abs(w.measurement(0).min - 2.749) < 1.001e-3);
}

void TestScope::stopFreezes() {
  ScopeWidget w;
  w.setSources({"ramp"}, {"s"});
  w.setTimeBase(0.01);
  feed(w, 1, 0, 1000, 1e-3, [](qint64, double t, int) { return t; });
  w.setRunning(false);
  QVERIFY(!w.isRunning());
  const auto before = w.visibleWindow();
  feed(w, 1, 1000, 500, 1e-3, [](qint64, double t, int) { return t; });
  QCOMPARE(w.sampleCount(), qint64(1500));  // data keep arriving
  const auto after = w.visibleWindow();
  QCOMPARE(after.start, before.start);
  QCOMPARE(after.end, before.end);
  QCOMPARE(w.measurement(0).max, 0.999);
  w.setRunning(true);
  QCOMPARE(w.visibleWindow().end, 1.499);
}

void TestScope::singleSweepRisingEdge() {
  ScopeWidget w;
  w.setSources({"sig"}, {"V"});
  w.setTimeBase(0.01);  // 0.1 s on screen, trigger at the centre (5 div = 0.05 s)
  w.setMode(ScopeWidget::Mode::Triggered);
  w.setTrigger(0, 0.0, ScopeWidget::Edge::Rising, ScopeWidget::TriggerSweep::Single);
  QSignalSpy spy(&w, &ScopeWidget::triggered);
  QVERIFY(!w.visibleWindow().valid);  // nothing shown before the trigger
  auto f = [](qint64, double t, int) { return std::sin(2 * kPi * 10 * t + 1.0); };
  // first rising zero crossing: 2 pi 10 t + 1 = 2 pi
  const double tTrig = (2 * kPi - 1.0) / (20 * kPi);
  const double dt = 1e-4;
  qint64 k = 0;
  bool stoppedAtEnd = false;
  for (; k < 10000; k += 50) {
    feed(w, 1, k, 50, dt, f);
    if (!w.isRunning()) {
      // frozen as soon as the sweep is complete (trigger + 5 div of data), not before
      const double last = double(k + 49) * dt;
      stoppedAtEnd = last >= tTrig + 0.05 && last < tTrig + 0.05 + 50 * dt;
      k += 50;
      break;
    }
  }
  QVERIFY(stoppedAtEnd);
  QCOMPARE(spy.count(), 1);
  const double t = spy.at(0).at(0).toDouble();
  QVERIFY2(std::abs(t - tTrig) < 1e-7, qPrintable(QString::number(t, 'g', 17)));
  auto win = w.visibleWindow();
  QVERIFY(win.valid);
  QVERIFY(std::abs(win.start + w.triggerScreenTime() - tTrig) < 1e-7);
  QVERIFY(std::abs(w.triggerScreenTime() - 0.05) < 1e-15);
  w.replotNow();
  const auto pts = w.displayedPoints(0);
  QVERIFY(std::abs(traceAt(pts, 5.0)) < 1e-4);  // the trace crosses the level at the trigger position
  QVERIFY(traceAt(pts, 4.9) < 0 && traceAt(pts, 5.1) > 0);  // rising
  // later crossings change nothing: frozen
  feed(w, 1, k, 5000, dt, f);
  QCOMPARE(spy.count(), 1);
  QVERIFY(!w.isRunning());
  QCOMPARE(w.visibleWindow().start, win.start);
  // run again re-arms a single sweep: next trigger strictly after the re-arm
  w.setRunning(true);
  feed(w, 1, k + 5000, 2000, dt, f);
  QCOMPARE(spy.count(), 2);
  QVERIFY(spy.at(1).at(0).toDouble() > double(k + 4999) * dt);
}

void TestScope::normalSweep() {
  ScopeWidget w;
  w.setSources({"sig"}, {"V"});
  w.setTimeBase(0.01);
  w.setMode(ScopeWidget::Mode::Triggered);
  w.setTriggerPosition(1.0);  // trigger 1 div from the left
  w.setTrigger(0, 0.5, ScopeWidget::Edge::Falling, ScopeWidget::TriggerSweep::Normal);
  auto f = [](qint64, double t, int) { return std::cos(2 * kPi * 7 * t); };
  feed(w, 1, 0, 20000, 1e-4, f);
  QVERIFY(w.isRunning());
  const auto win = w.visibleWindow();
  QVERIFY(win.valid);
  const double trig = win.start + 0.01;
  QVERIFY2(std::abs(f(0, trig, 0) - 0.5) < 1e-5, qPrintable(QString::number(f(0, trig, 0), 'g', 17)));  // at the level
  QVERIFY(f(0, trig + 1e-3, 0) < f(0, trig - 1e-3, 0));  // falling
  QVERIFY(win.end <= 1.9999 + 1e-12);                     // a complete sweep
  QVERIFY(win.end > 1.9999 - 0.25);                        // ... and a recent one
}

void TestScope::autoSweepFreeRuns() {
  ScopeWidget w;
  w.setSources({"dc"}, {"V"});
  w.setTimeBase(0.01);
  w.setMode(ScopeWidget::Mode::Triggered);
  w.setTrigger(0, 0.0, ScopeWidget::Edge::Rising, ScopeWidget::TriggerSweep::Normal);
  feed(w, 1, 0, 5000, 1e-4, [](qint64, double, int) { return 1.0; });  // never crosses 0
  QVERIFY(!w.visibleWindow().valid);                                    // normal: nothing shown
  w.setTrigger(0, 0.0, ScopeWidget::Edge::Rising, ScopeWidget::TriggerSweep::Auto);
  feed(w, 1, 5000, 2000, 1e-4, [](qint64, double, int) { return 1.0; });
  const auto win = w.visibleWindow();  // auto without trigger: the latest 10 divisions
  QVERIFY(win.valid);
  QCOMPARE(win.end, 6999 * 1e-4);
  QVERIFY(std::abs(win.start - (win.end - 0.1)) < 1e-12);
}

void TestScope::displayTimer() {
  ScopeWidget w;
  w.resize(900, 500);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.setSources({"x"}, {"V"});
  w.setTimeBase(0.01);
  qint64 k = 0;
  auto f = [](qint64, double t, int) { return std::sin(2 * kPi * 20 * t); };
  feed(w, 1, k, 1000, 1e-4, f);
  k += 1000;
  // running: the display timer redraws new data by itself
  const qint64 f0 = w.framesDrawn();
  QTRY_VERIFY_WITH_TIMEOUT(w.framesDrawn() > f0, 5000);
  QTRY_VERIFY_WITH_TIMEOUT(!w.displayedPoints(0).isEmpty(), 5000);
  // stopped: after the one redraw for the state change, new data cause none
  w.setRunning(false);
  const qint64 f1 = w.framesDrawn();
  QTRY_VERIFY_WITH_TIMEOUT(w.framesDrawn() > f1, 5000);
  QTest::qWait(100);
  const qint64 f2 = w.framesDrawn();
  feed(w, 1, k, 1000, 1e-4, f);
  QTest::qWait(100);
  QCOMPARE(w.framesDrawn(), f2);
}

void TestScope::cursors() {
  ScopeWidget w;
  w.setSources({"a", "b"}, {"V", "A"});
  w.setTimeBase(0.1);
  feed(w, 2, 0, 2000, 1e-3, [](qint64, double t, int s) { return s == 0 ? 2.0 * t : -3.0 * t + 1; });
  w.setCursors(0.1, 0.35);
  QVERIFY(std::abs(w.cursorDeltaT() - 0.25) < 1e-15);
  QVERIFY(std::abs(w.cursorDeltaValue(0) - 0.5) < 1e-9);
  QVERIFY(std::abs(w.cursorDeltaValue(1) + 0.75) < 1e-9);
  w.setCursors(0.9, 0.2);
  QVERIFY(std::abs(w.cursorDeltaT() + 0.7) < 1e-12);
  QVERIFY(std::abs(w.cursorDeltaValue(0) + 1.4) < 1e-9);
  QVERIFY(std::isnan(w.cursorDeltaValue(5)));  // channel off
}

void TestScope::ringIsBounded() {
  ScopeWidget w;
  w.setCapacity(1000);
  w.setSources({"k"}, {""});
  QCOMPARE(w.capacity(), qint64(1024));  // rounded up to whole blocks
  w.setTimeBase(1e3);                     // everything stored is on screen
  feed(w, 1, 0, 2500, 1.0, [](qint64 k, double, int) { return double(k); });
  QCOMPARE(w.sampleCount(), qint64(1024));
  const auto m = w.measurement(0);
  QCOMPARE(m.min, double(2500 - 1024));
  QCOMPARE(m.max, 2499.0);
  double ss = 0;
  for (int k = 2500 - 1024; k < 2500; ++k) ss += double(k) * k;
  QVERIFY(std::abs(m.rms - std::sqrt(ss / 1024)) < 1e-12 * m.rms);
  // windows ending inside the wrapped region, across the write position
  w.setTimeBase(30.0);  // last 300 samples
  const auto m2 = w.measurement(0);
  QCOMPARE(m2.min, 2199.0);
  QCOMPARE(m2.max, 2499.0);
  // time going backwards (a new run) starts afresh
  feed(w, 1, 0, 10, 1.0, [](qint64 k, double, int) { return double(k); });
  QCOMPARE(w.sampleCount(), qint64(10));
  // many sources share a total budget
  ScopeWidget many;
  QStringList names;
  for (int i = 0; i < 64; ++i) names << QString("c%1").arg(i);
  many.setSources(names, {});
  QCOMPARE(many.capacity(), qint64(250048));  // 16 M / 64 = 250 000, rounded up to whole blocks
}

void TestScope::autoscaleFitsScreen() {
  ScopeWidget w;
  w.setSources({"x"}, {"V"});
  w.setTimeBase(0.1);
  w.setChannelGain(0, 0.01);
  feed(w, 1, 0, 2000, 1e-3, [](qint64, double t, int) { return 30.0 + 20.0 * std::sin(2 * kPi * 5 * t); });
  w.autoscale();
  QCOMPARE(w.channelGain(0), 10.0);  // 40 peak-to-peak over <= 6 div, 1-2-5
  QCOMPARE(w.channelOffset(0), -30.0);
  w.replotNow();
  const auto [lo, hi] = yRange(w.displayedPoints(0));
  QVERIFY(std::abs(hi - 2.0) < 1e-9 && std::abs(lo + 2.0) < 1e-9);
}

void TestScope::csvExportLocaleIndependent() {
  const char* loc = std::setlocale(LC_ALL, "fr_FR.UTF-8");
  if (!loc) loc = std::setlocale(LC_ALL, "fr_FR.utf8");
  qInfo("setlocale(fr_FR): %s", loc ? loc : "not available (QLocale only)");
  QLocale::setDefault(QLocale(QLocale::French, QLocale::France));
  ScopeWidget w;
  w.setSources({"q1", "tau, total"}, {"rad", "N m"});
  w.setTimeBase(0.01);
  auto f = [](qint64 k, double, int s) { return s == 0 ? 0.5 + double(k) * 0.25 : -1.25 * double(k); };
  feed(w, 2, 0, 1000, 1e-3, f);
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath("scope.csv");
  QString err;
  QVERIFY2(w.exportCsv(path, &err), qPrintable(err));
  std::setlocale(LC_ALL, "C");
  QLocale::setDefault(QLocale::c());
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.first(), QString("time [s],CH1 q1 [rad],\"CH2 tau, total [N m]\""));
  const auto win = w.visibleWindow();
  std::vector<qint64> expected;
  for (qint64 k = 0; k < 1000; ++k)
    if (double(k) * 1e-3 >= win.start && double(k) * 1e-3 <= win.end) expected.push_back(k);
  QCOMPARE(qsizetype(lines.size() - 1), qsizetype(expected.size()));
  for (std::size_t r = 0; r < expected.size(); ++r) {
    const QStringList fields = lines[qsizetype(r) + 1].split(',');
    QCOMPARE(fields.size(), 3);
    const qint64 k = expected[r];
    bool ok1 = false, ok2 = false, ok3 = false;
    QCOMPARE(fields[0].toDouble(&ok1), double(k) * 1e-3);  // QString::toDouble is C-locale
    QCOMPARE(fields[1].toDouble(&ok2), f(k, 0, 0));
    QCOMPARE(fields[2].toDouble(&ok3), f(k, 0, 1));
    QVERIFY(ok1 && ok2 && ok3);
  }
  QVERIFY(lines[1].contains('.'));
  QCOMPARE(lines.last(), QString("0.999,250.25,-1248.75"));
}

void TestScope::imageExport() {
  ScopeWidget w;
  w.resize(1000, 560);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.setSources({"x"}, {"V"});
  w.setTimeBase(0.1);
  feed(w, 1, 0, 2000, 1e-3, [](qint64, double t, int) { return 2.0 * std::sin(2 * kPi * 5 * t); });
  w.replotNow();
  QVERIFY(w.framesDrawn() > 0);
  QTemporaryDir dir;
  QString err;
  const QString png = dir.filePath("screen.png");
  QVERIFY2(w.exportImage(png, &err), qPrintable(err));
  QImage img(png);
  QVERIFY(!img.isNull());
  if (qEnvironmentVariableIsSet("MANIPLAB_SCOPE_SNAPSHOT"))  // keep a copy to look at
    w.grab().save(qEnvironmentVariable("MANIPLAB_SCOPE_SNAPSHOT"));
  QCOMPARE(img.size(), w.screenSize());
  QVERIFY(img.width() > 300 && img.height() > 200);
  // the trace (channel 1 colour) is drawn, and the screen is dark
  const QColor c = w.channelColor(0);
  int trace = 0, dark = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const QColor p = img.pixelColor(x, y);
      if (std::abs(p.red() - c.red()) < 40 && std::abs(p.green() - c.green()) < 40 && std::abs(p.blue() - c.blue()) < 60)
        ++trace;
      if (p.lightness() < 40) ++dark;
    }
  qInfo("PNG %dx%d: %d trace pixels, %d dark pixels", img.width(), img.height(), trace, dark);
  QVERIFY(trace > img.width());
  QVERIFY(dark > img.width() * img.height() / 2);
  const QString svg = dir.filePath("screen.svg");
  QVERIFY2(w.exportImage(svg, &err), qPrintable(err));
  QFile f(svg);
  QVERIFY(f.open(QIODevice::ReadOnly));
  const QByteArray s = f.readAll();
  QVERIFY(s.contains("<svg") && s.size() > 2000);
  QVERIFY(!w.exportImage(dir.filePath("screen.bmpx"), &err));
  QVERIFY(!err.isEmpty());
  // A refused or failed export names the file and leaves what was there.
  const QString missing = dir.filePath("no_such_dir/screen.png");
  err.clear();
  QVERIFY(!w.exportImage(missing, &err));
  QVERIFY2(err.contains(missing), qPrintable(err));
  {
    QFile keep(dir.filePath("keep.svgz"));
    QVERIFY(keep.open(QIODevice::WriteOnly));
    keep.write("previous");
  }
  QVERIFY(!w.exportImage(dir.filePath("keep.svgz"), &err));
  QFile kept(dir.filePath("keep.svgz"));
  QVERIFY(kept.open(QIODevice::ReadOnly));
  QCOMPARE(kept.readAll(), QByteArray("previous"));
}

void TestScope::decimationEightMillion() {
  ScopeWidget w;
  w.resize(1600, 700);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QStringList names, units;
  for (int s = 0; s < 8; ++s) {
    names << QString("s%1").arg(s);
    units << "V";
  }
  w.setSources(names, units);
  for (int k = 0; k < 8; ++k) w.setChannelSource(k, k);
  w.setTimeBase(0.1);  // 1 s on screen = all 1 000 000 samples at 1 MHz
  std::uint32_t lcg = 12345;
  auto f = [&lcg](qint64, double t, int s) {
    lcg = lcg * 1664525u + 1013904223u;
    const double noise = (double(lcg >> 8) / double(1u << 24) - 0.5) * 0.02;
    return double(s + 1) * std::sin(2 * kPi * 3.0 * (s + 1) * t) + noise;
  };
  QElapsedTimer timer;
  timer.start();
  for (qint64 k = 0; k < 1000000; k += 100000) feed(w, 8, k, 100000, 1e-6, f);
  qInfo("append 8 x 1e6 samples (incl. generation): %.1f ms", timer.nsecsElapsed() / 1e6);
  QCOMPARE(w.sampleCount(), qint64(1000000));
  w.replotNow();  // warm-up
  const int W = w.screenPixelWidth();
  QVERIFY(W > 500);
  const int reps = 20;
  timer.restart();
  for (int i = 0; i < reps; ++i) w.replotNow();
  const double ms = timer.nsecsElapsed() / 1e6 / reps;
  qInfo("replotNow with 8 x 1 000 000 samples, %d px wide screen: %.2f ms per frame (mean of %d)", W, ms, reps);
  for (int k = 0; k < 8; ++k) {
    const auto pts = w.displayedPoints(k);
    QVERIFY2(pts.size() <= 2 * W + 4, qPrintable(QString("%1 points for %2 px").arg(pts.size()).arg(W)));
    QVERIFY(pts.size() >= W);
    // min/max decimation keeps the extremes of the window exactly
    const auto m = w.measurement(k);
    QVERIFY(m.valid);
    const auto [lo, hi] = yRange(pts);
    QVERIFY(std::abs(hi - m.max / w.channelGain(k)) < 1e-12);
    QVERIFY(std::abs(lo - m.min / w.channelGain(k)) < 1e-12);
  }
  qInfo("frames drawn: %lld", w.framesDrawn());
}

// Issue 19: "Running — click to stop" after the simulation had finished read as if the simulation were
// running. The button freezes the display: its label and tooltip say so, in both states.
void TestScope::runButtonSaysItActsOnTheDisplay() {
  ScopeWidget w;
  w.setSources({"x"}, {"V"});
  auto* runButton = w.findChild<QPushButton*>("scopeRunButton");
  QVERIFY(runButton);
  w.setRunning(true);
  QVERIFY(runButton->isChecked());
  QVERIFY2(runButton->text().startsWith("Scope: live"), qPrintable(runButton->text()));
  QVERIFY(!runButton->text().contains("Running"));
  runButton->click();  // freezes
  QVERIFY(!w.isRunning());
  QVERIFY2(runButton->text().startsWith("Scope: frozen"), qPrintable(runButton->text()));
  QVERIFY(runButton->toolTip().contains("display only"));
  QVERIFY(runButton->toolTip().contains("Simulation menu"));
}

void TestScope::retranslatesOnLanguageChange() {
  ScopeWidget w;
  w.setSources({"x"}, {"V"});
  w.setTrigger(0, 0.0, ScopeWidget::Edge::Falling, ScopeWidget::TriggerSweep::Normal);
  auto* autoButton = w.findChild<QPushButton*>("scopeAutoscaleButton");
  auto* exportButton = w.findChild<QToolButton*>("scopeExportButton");
  auto* runButton = w.findChild<QPushButton*>("scopeRunButton");
  auto* sweepCombo = w.findChild<QComboBox*>("scopeSweepCombo");
  auto* edgeCombo = w.findChild<QComboBox*>("scopeEdgeCombo");
  auto* channelSelect = w.findChild<QComboBox*>("scopeChannelSelect");
  QVERIFY(autoButton && exportButton && runButton && sweepCombo && edgeCombo && channelSelect);
  QCOMPARE(autoButton->text(), QString("Autoscale"));
  QCOMPARE(exportButton->text(), QString("Export"));
  QCOMPARE(sweepCombo->currentIndex(), 1);
  QCOMPARE(sweepCombo->currentText(), QString("Normal"));
  QCOMPARE(edgeCombo->currentIndex(), 1);
  QCOMPARE(channelSelect->itemText(2), QString("CH3"));
  const QString runText = runButton->text();
  const QString runTip = runButton->toolTip();
  QVERIFY(!runText.startsWith("XX"));

  // the scope's texts and its control panel's (scope_controls.hpp: its own tr() context)
  maniplab::testing::PrefixTranslator translator("maniplab::ui::ScopeWidget");
  maniplab::testing::PrefixTranslator panelTranslator("maniplab::ui::ScopeControls");
  QVERIFY(QCoreApplication::installTranslator(&translator));
  QVERIFY(QCoreApplication::installTranslator(&panelTranslator));
  QCoreApplication::processEvents();
  QCOMPARE(autoButton->text(), QString("XXAutoscale"));
  QCOMPARE(exportButton->text(), QString("XXExport"));
  QCOMPARE(runButton->text(), "XX" + runText);
  QCOMPARE(runButton->toolTip(), "XX" + runTip);
  QCOMPARE(sweepCombo->currentIndex(), 1);  // the selection is kept
  QCOMPARE(sweepCombo->count(), 3);
  QCOMPARE(sweepCombo->currentText(), QString("XXNormal"));
  QCOMPARE(sweepCombo->itemText(0), QString("XXAuto"));
  QCOMPARE(edgeCombo->currentIndex(), 1);
  QCOMPARE(edgeCombo->currentText(), QString("XXFalling"));
  QCOMPARE(channelSelect->count(), ScopeWidget::kChannels);
  QCOMPARE(channelSelect->itemText(2), QString("XXCH3"));
  // the settings are unchanged by the retranslation
  QCOMPARE(w.mode(), ScopeWidget::Mode::Roll);
  QVERIFY(w.isRunning());

  QVERIFY(QCoreApplication::removeTranslator(&panelTranslator));
  QVERIFY(QCoreApplication::removeTranslator(&translator));
  QCoreApplication::processEvents();
  QCOMPARE(autoButton->text(), QString("Autoscale"));
  QCOMPARE(exportButton->text(), QString("Export"));
  QCOMPARE(runButton->text(), runText);
  QCOMPARE(runButton->toolTip(), runTip);
  QCOMPARE(sweepCombo->currentIndex(), 1);
  QCOMPARE(sweepCombo->currentText(), QString("Normal"));
  QCOMPARE(channelSelect->itemText(2), QString("CH3"));
}

// framesPainted: a paint that shows at least one new replot; several replots before a paint count once,
// a paint without a replot (an expose) not at all.
void TestScope::framesPaintedCountsReplotsThatReachTheScreen() {
  ScopeWidget w;
  w.resize(900, 500);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.setSources({"x"}, {"m"});
  feed(w, 1, 0, 100, 1e-3, [](qint64, double t, int) { return std::sin(t); });
  QTest::qWait(100);  // the widget draws what changed by itself
  QSignalSpy painted(&w, &ScopeWidget::framePainted);
  const qint64 p0 = w.framesPainted();
  w.replotNow();  // immediate: replotted and painted
  QCOMPARE(w.framesPainted(), p0 + 1);
  QCOMPARE(painted.count(), 1);
  QWidget* plot = nullptr;  // the QCustomPlot screen
  for (QWidget* c : w.findChildren<QWidget*>())
    if (c->inherits("QCustomPlot")) plot = c;
  QVERIFY(plot);
  plot->repaint();  // painted again, nothing new
  QCOMPARE(w.framesPainted(), p0 + 1);
  const qint64 f0 = w.framesDrawn();
  w.setChannelGain(0, 2.0);  // a setting: redrawn by the widget (replot, then a queued paint)
  QTRY_VERIFY(w.framesDrawn() > f0);
  QTRY_COMPARE(w.framesPainted(), p0 + 2);
  QCOMPARE(painted.count(), 2);
}

// replotIfDue (the main window calls it after each batch of rows): draws the new samples at once when
// the last frame is old enough, without an event loop pass; nothing new or hidden: no frame.
void TestScope::replotIfDueDrawsNewSamplesAtOnce() {
  ScopeWidget w;
  w.resize(900, 500);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.setSources({"x"}, {"m"});
  w.setTimeBase(0.1);
  w.setChannelGain(0, 1.0);
  feed(w, 1, 0, 500, 1e-3, [](qint64, double, int) { return 1.0; });
  w.replotNow();
  QTest::qWait(30);  // the last frame is more than a display period old
  const qint64 f0 = w.framesDrawn(), p0 = w.framesPainted();
  QVERIFY(!w.replotIfDue());  // nothing new
  QCOMPARE(w.framesDrawn(), f0);
  feed(w, 1, 500, 100, 1e-3, [](qint64, double, int) { return 3.0; });
  QVERIFY(w.replotIfDue());
  QCOMPARE(w.framesDrawn(), f0 + 1);
  QCOMPARE(w.framesPainted(), p0 + 1);  // painted in the same call
  QCOMPARE(yRange(w.displayedPoints(0)).second, 3.0);
  QVERIFY(!w.replotIfDue());  // drawn: nothing left
  w.hide();
  QTest::qWait(30);
  feed(w, 1, 600, 100, 1e-3, [](qint64, double, int) { return 5.0; });
  QVERIFY(!w.replotIfDue());
  QCOMPARE(w.framesDrawn(), f0 + 1);
  w.show();  // shown again, it draws what arrived meanwhile
  QTRY_COMPARE(yRange(w.displayedPoints(0)).second, 5.0);
}

// Named pages of channel assignments: the selector shows with two pages or more, a page change is
// signalled once, new sources remove the pages.
void TestScope::channelPages() {
  ScopeWidget w;
  w.resize(900, 500);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.setSources({"a", "b"}, {"V", "V"});
  auto* combo = w.findChild<QComboBox*>("scopePageCombo");
  QVERIFY(combo);
  QCOMPARE(w.channelPage(), -1);
  QVERIFY(!combo->isVisible());
  QSignalSpy changed(&w, &ScopeWidget::channelPageChanged);
  w.setChannelPages({"first"});
  QVERIFY(!combo->isVisible());  // a single page needs no selector
  w.setChannelPages({"first", "second", "third"}, 1);
  QVERIFY(combo->isVisible());
  QCOMPARE(combo->count(), 3);
  QCOMPARE(combo->currentText(), QStringLiteral("second"));
  QCOMPARE(w.channelPage(), 1);
  QCOMPARE(changed.count(), 0);  // setting the pages is not a change of page
  combo->setFocus();
  QTest::keyClick(combo, Qt::Key_Down);  // the user picks the third
  QCOMPARE(changed.count(), 1);
  QCOMPARE(changed.at(0).at(0).toInt(), 2);
  QCOMPARE(w.channelPage(), 2);
  w.setChannelPage(2);  // the same page: no signal
  w.setChannelPage(7);  // no such page
  QCOMPARE(changed.count(), 1);
  w.setChannelPage(0);
  QCOMPARE(changed.count(), 2);
  QCOMPARE(combo->currentIndex(), 0);
  w.setSources({"c"}, {"A"});
  QVERIFY(w.channelPages().isEmpty());
  QCOMPARE(w.channelPage(), -1);
  QVERIFY(!combo->isVisible());
}

// The channel picker names what a source is (a joint's name beside q[9]), with a tool tip; the legend keeps
// the source's name; new sources clear the descriptions.
void TestScope::pickerDescribesTheSources() {
  ScopeWidget w;
  w.resize(900, 500);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.setSources({"q[1]", "q[2]", "E_total"}, {"rad", "m", "J"});
  w.setSourceDescriptions({"shoulder", "finger"});  // none for the third
  QCOMPARE(w.sourceDescriptions(), (QStringList{"shoulder", "finger"}));
  auto* picker = w.findChild<QComboBox*>("scopeSourceCombo");
  QVERIFY(picker);
  QCOMPARE(picker->count(), 3);
  QCOMPARE(picker->itemText(0), QStringLiteral("q[1] — shoulder"));
  QCOMPARE(picker->itemText(1), QStringLiteral("q[2] — finger"));
  QCOMPARE(picker->itemText(2), QStringLiteral("E_total"));
  QCOMPARE(picker->itemData(1, Qt::ToolTipRole).toString(), QStringLiteral("finger"));
  QVERIFY(!picker->itemData(2, Qt::ToolTipRole).isValid());
  w.setChannelSource(0, 1);
  for (int k = 1; k < ScopeWidget::kChannels; ++k) w.setChannelSource(k, -1);
  QCOMPARE(w.legendTexts(), (QStringList{"q[2] [m]"}));
  w.setSources({"q[1]"}, {"rad"});
  QVERIFY(w.sourceDescriptions().isEmpty());
  QCOMPARE(picker->itemText(0), QStringLiteral("q[1]"));
}

MANIPLAB_TEST_MAIN(TestScope)

// The block-summarised, unrolled min/max and the aggregate of the ring equal a plain scan over random
// ranges, with NaNs, across the wrap-around of the ring and for ranges shorter than a block.
void TestScope::ringMinMaxMatchesScan() {
  ScopeRing ring;
  ring.reset(2, 1000);  // rounded up to 1024 slots
  std::uint32_t lcg = 7;
  auto rnd = [&lcg] {
    lcg = lcg * 1664525u + 1013904223u;
    return double(lcg >> 8) / double(1u << 24);
  };
  std::vector<double> v0, v1;  // logical copies of what the ring keeps
  for (int k = 0; k < 2500; ++k) {  // wraps more than twice
    double row[2] = {rnd() * 2 - 1, rnd() < 0.05 ? std::nan("") : 100 * rnd() - 50};
    ring.append(k * 1e-3, row);
    v0.push_back(row[0]);
    v1.push_back(row[1]);
  }
  QCOMPARE(ring.count(), qint64(1024));
  const std::size_t first = v0.size() - 1024;
  for (int trial = 0; trial < 3000; ++trial) {
    qint64 lo = qint64(rnd() * 1024), hi = qint64(rnd() * 1025);
    if (trial % 3 == 0) hi = std::min<qint64>(lo + qint64(rnd() * 20), 1024);  // short ranges
    if (hi < lo) std::swap(lo, hi);
    for (int s = 0; s < 2; ++s) {
      const std::vector<double>& v = s == 0 ? v0 : v1;
      double mn = INFINITY, mx = -INFINITY, ss = 0;
      qint64 n = 0;
      for (qint64 i = lo; i < hi; ++i) {
        const double x = v[first + std::size_t(i)];
        if (std::isnan(x)) continue;
        mn = std::min(mn, x);
        mx = std::max(mx, x);
        ss += x * x;
        ++n;
      }
      double gmn = 0, gmx = 0;
      const bool any = ring.minMax(s, lo, hi, gmn, gmx);
      QCOMPARE(any, n > 0);
      if (n > 0) {
        QCOMPARE(gmn, mn);  // exact: min/max do not round
        QCOMPARE(gmx, mx);
      }
      const ScopeRing::Aggregate a = ring.aggregate(s, lo, hi);
      QCOMPARE(a.count, n);
      if (n > 0) {
        QCOMPARE(a.min, mn);
        QCOMPARE(a.max, mx);
        QVERIFY(std::abs(a.sumSquares - ss) <= 1e-12 * std::max(1.0, ss));
      }
    }
  }
}

// While samples stream in and no setting changes, only the traces layer is repainted: the new samples
// must still reach the displayed points and each redraw counts as a frame.
void TestScope::streamingRedrawShowsNewSamples() {
  ScopeWidget w;
  w.resize(900, 500);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.setSources({"x"}, {"m"});
  w.setTimeBase(0.1);
  w.setChannelGain(0, 1.0);
  feed(w, 1, 0, 500, 1e-3, [](qint64, double, int) { return 1.0; });
  w.replotNow();
  auto [lo0, hi0] = yRange(w.displayedPoints(0));
  QCOMPARE(hi0, 1.0);
  const qint64 f0 = w.framesDrawn();
  const QImage before = w.grab().toImage();
  feed(w, 1, 500, 100, 1e-3, [](qint64, double, int) { return 3.0; });  // a step to 3 m
  w.replotData();
  QCOMPARE(w.framesDrawn(), f0 + 1);
  auto [lo1, hi1] = yRange(w.displayedPoints(0));
  QCOMPARE(hi1, 3.0);
  QCOMPARE(lo1, 1.0);
  // The traces layer's buffer was repainted: the composed image changed (the step is drawn).
  const QImage after = w.grab().toImage();
  QVERIFY(!after.isNull());
  QVERIFY(after != before);
  Q_UNUSED(lo0);
}

#include "test_scope.moc"  // (in the namespace, as the class)

}  // namespace test_scope
